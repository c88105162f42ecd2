"""18USA's Pennsy Boneyard (P13): when a 4, 6 or 8 train is bought or exported and would rust one of the trains
of the corporation owning P13, the rusting waits (``pending_rusting_event`` on the game) while that corporation
decides (``ObsoleteTrain``): save one train of the rusting type, which becomes obsolete instead (it runs until the
end of the corporation's next run, does not count against the train limit) and P13 closes; or pass.  Either way
the purchase then rusts what it rusts.

The train export at the end of an operating round can trigger it too, so the operating round exports as it
finishes (``OperatingRound18USA``) and goes on while the decision is pending."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.steps.base import Step
from engine.steps.choices import Choice, Choosing
from engine.titles.g1817.operating import OperatingRound1817

P13 = "P13"


def boneyard(game: Any) -> Any:
    return next((c for c in game.companies if c.id == P13), None)


def pending(game: Any) -> dict[str, Any] | None:
    found: dict[str, Any] | None = getattr(game, "pending_rusting_event", None)
    return found


def rusting_trains(game: Any, corporation: Any, purchased: Any) -> list[Any]:
    """``corporation``'s trains that ``purchased`` rusts."""
    rules = game.train_rules
    return [t for t in corporation.trains if rules.rusts(t, purchased)]


def can_save(game: Any, purchased: Any) -> bool:
    """Would the purchase of ``purchased`` rust a train of P13's owning corporation (no decision pending)?"""
    if pending(game) is not None:
        return False
    company = boneyard(game)
    owner = company.owner if company is not None and not company.closed else None
    return bool(owner is not None and getattr(owner, "is_corporation", False)
                and rusting_trains(game, owner, purchased))


class ObsoleteTrain(Choosing, Step):
    """The corporation owning P13 decides whether to save a rusting train (it becomes obsolete instead)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("choose", "pass")
    NAME: ClassVar[str] = "ObsoleteTrain"

    def company(self) -> Any:
        return boneyard(self.game)

    def description(self) -> str:
        return f"Decide whether to use {self.company().name} ability"

    def choice_name(self) -> str:
        return f"Select train for {self.company().name} to prevent from rusting"

    def active(self) -> bool:
        return pending(self.game) is not None

    def active_entities(self) -> list[Any]:
        company = self.company()
        return [company.owner] if company is not None and company.owner is not None else []

    def actions(self, entity: Any) -> list[str]:
        company = self.company()
        if company is None or entity is None or entity is not company.owner:
            return []
        return list(self.ACTIONS)

    def purchased(self) -> Any:
        event = pending(self.game)
        return event["train"] if event is not None else None

    def choices(self, entity: Any) -> list[Choice]:
        purchased = self.purchased()
        if purchased is None:
            return []
        trains = rusting_trains(self.game, self.company().owner, purchased)
        if not trains:
            return []
        label = f"{trains[0].name} Train"
        return [Choice(label, label)]

    def choose(self, entity: Any, choice: Any) -> None:
        game = self.game
        company = self.company()
        purchased = self.purchased()
        train = rusting_trains(game, company.owner, purchased)[0]
        game.log(f"{game.entity_name(entity)} chooses to use {company.name} to prevent {train.name} from rusting. "
                 "It will become obsolete instead.")
        train.obsolete_on = purchased.sym
        train.rusts_on = None
        game.log(f"{company.name} closes")
        company.close()
        self.trigger_rusting()

    def process_pass(self, action: Any) -> None:
        self.game.log(f"{self.game.entity_name(self._passer(action))} declines to use {self.company().name}")
        self.pass_()
        self.trigger_rusting()

    def trigger_rusting(self) -> None:
        game: Any = self.game
        event = pending(game)
        assert event is not None
        game.train_rules.rust_trains(event["train"], event["entity"])  # (still pending: it rusts now)
        game.pending_rusting_event = None


class OperatingRound18USA(OperatingRound1817):
    """The train export happens as the round finishes (once); a Pennsy Boneyard decision it causes keeps the
    round going."""

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.train_export_triggered = False
        super().__init__(game, steps, round_num)

    def finished(self) -> bool:
        if not super().finished():
            return False
        if not self.train_export_triggered:
            self.train_export_triggered = True
            self.game.export_train()  # type: ignore[attr-defined]
        return super().finished()


__all__ = ["ObsoleteTrain", "OperatingRound18USA", "can_save", "pending", "rusting_trains"]
