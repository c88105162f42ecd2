"""18ZOO's "Patch": saving a squirrel (train) from rusting.

When a purchase would rust trains of a family whose president (or the family itself) holds the Patch, those
trains wait (``trains_for_bandage`` on the round) and the holder chooses (``TrainProtection``, the ``choose``
action) which one keeps running as a 1S; the others rust then.  The Patch may also be put on a train, or taken
off again, at any time in the family's turn (``choose_ability``: ``patch``/``remove_bandage``).  While a 1S
runs for a family, it buys no other train.  The round holds ``entity_with_bandage`` (who must choose now).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.steps.base import Step
from engine.steps.choices import Choice, Choosing

PATCH = "PATCH"
ONE_S = "1S-0"


def _round(game: Any) -> Any:
    return game.round


def patch(game: Any) -> Any:
    return game.company_by_id(PATCH)


def holder_for(game: Any, corporation: Any) -> Any:
    """Who may save ``corporation``'s trains now: its president (holding the Patch) or the family itself."""
    company = patch(game)
    if company.owner is None or company.closed:
        return None
    if company.owner is corporation.owner:
        return corporation.owner
    if company.owner is corporation and not _assigned(corporation):
        return corporation
    return None


def _assigned(corporation: Any) -> bool:
    return PATCH in (getattr(corporation, "assignments", None) or {})


def may_rust(game: Any, train: Any) -> bool:
    """The rust check for a train whose type rusts: False while it waits for the Patch holder's choice."""
    if any(t is train for t in game.depot.discarded):
        return True
    owner = train.owner
    if owner is None or not getattr(owner, "is_corporation", False):
        return True
    round_ = _round(game)
    waiting = getattr(round_, "trains_for_bandage", None)
    if waiting is not None and any(t is train for t in waiting):
        return True
    company = patch(game)
    if company.owner is owner.owner and len(owner.companies) >= 3:
        return True
    mark_holder(game, owner)
    holder = getattr(round_, "entity_with_bandage", None)
    if holder is None or (holder is not owner and holder is not owner.owner):
        return True
    if waiting is None:
        return True
    waiting.append(train)
    return False


def mark_holder(game: Any, corporation: Any) -> None:
    round_ = _round(game)
    if not hasattr(round_, "entity_with_bandage"):
        return
    company = patch(game)
    if company.owner is corporation.owner:
        round_.entity_with_bandage = corporation.owner
    if company.owner is corporation and not _assigned(corporation):
        round_.entity_with_bandage = corporation


def may_remove(game: Any, train: Any) -> bool:
    """Whether a rusting train leaves its owner (depot trains stay; a family with three powers gets no help)."""
    if any(t is train for t in game.depot.discarded):
        return True
    owner = train.owner
    if owner is None or not getattr(owner, "is_corporation", False):
        return False
    company = patch(game)
    if company.owner is not None and getattr(company.owner, "is_player", False) and len(owner.companies) >= 3:
        return True
    mark_holder(game, owner)
    return True


def put_on(game: Any, train: Any) -> None:
    """The Patch goes on ``train``: it runs as the 1S, no longer rusts, and the Patch belongs to the family."""
    from engine.steps.assign import assign

    corporation = train.owner
    assign(corporation, PATCH)
    game.train_with_bandage = train
    company = patch(game)
    company.desc = f"Train {train.name} now is a 1S"
    one_s = game.train_by_id(ONE_S)
    one_s.owner = corporation  # it stays on the depot's list (the site's depot keeps counting it)
    one_s.buyable = False
    corporation.trains.remove(train)
    corporation.trains.append(one_s)
    if train.rusts_on:
        train.rusts_on = f"block-{train.rusts_on}"
    train.buyable = False
    game.train_rules.crowded_cache = None
    if getattr(company.owner, "is_player", False):
        company.owner.companies.remove(company)
        company.owner = corporation
        corporation.companies.append(company)


def take_off(game: Any, corporation: Any) -> None:
    """The Patch comes off: the train is itself again (and rusts if its time has come); the Patch closes."""
    from engine.steps.assign import unassign

    train = game.train_with_bandage
    train.buyable = True
    company = patch(game)
    unassign(corporation, PATCH)
    company.close()
    game.log(f"{company.name} closes")
    game.log(f"{corporation.name} removes the patch from 1S; train is {train.name} again")
    one_s = game.train_by_id(ONE_S)
    # the 1S may be gone already (discarded over the train limit): the train comes back all the same
    corporation.trains[:] = [t for t in corporation.trains if t is not one_s]
    corporation.trains.append(train)
    game.train_with_bandage = None
    if train.rusts_on:
        train.rusts_on = str(train.rusts_on).replace("block-", "")
        if game.phase.available(train.rusts_on):
            game.train_rules.rust_trains(game.train_by_id(f"{train.rusts_on}-0"), train.owner)
    one_s.owner = None
    game.train_rules.crowded_cache = None
    if not corporation.trains:
        from engine.titles.g18zoo.steps import ZooBuyTrain

        for step in game.round.steps:
            if isinstance(step, ZooBuyTrain):
                step.unpass()


def can_use(game: Any, entity: Any) -> bool:
    """May ``entity`` (a family, or a player for their families) put the Patch on or take it off now?"""
    if getattr(_round(game), "entity_with_bandage", None) is not None:
        return False
    company = patch(game)
    if company.closed or company.owner is None:
        return False
    families = [c for c in game.corporations if c.owner is entity] if getattr(entity, "is_player", False) \
        else [entity]
    for corporation in families:
        if _assigned(corporation):
            return True
        if getattr(company.owner, "is_player", False) and len(corporation.companies) >= 3:
            return False
        if corporation.trains and (company.owner is corporation or company.owner is corporation.owner):
            return True
    return False


def choices(game: Any, entity: Any) -> list[Choice]:
    if getattr(_round(game), "entity_with_bandage", None) is not None:
        return []
    families = [c for c in game.corporations if c.owner is entity] if getattr(entity, "is_player", False) \
        else [entity]
    wearing = next((c for c in families if _assigned(c)), None)
    if wearing is not None:
        return [Choice({"type": "remove_bandage", "corporation": wearing.id},
                       f'Remove "Patch" from 1S ({wearing.name})')]
    out: list[Choice] = []
    for corporation in families:
        seen: set[str] = set()
        for train in corporation.trains:
            if train.name in seen:
                continue
            seen.add(train.name)
            out.append(Choice({"type": "patch", "train_id": train.id}, f"{train.name} ({corporation.name})"))
    return out


class TrainProtection(Choosing, Step):
    """The Patch holder chooses the train to save as a purchase rusts trains (or passes: they all rust)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("choose", "pass")
    NAME: ClassVar[str] = "TrainProtection"

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state.update(entity_with_bandage=None, trains_for_bandage=[])
        return state

    def setup(self) -> None:
        super().setup()
        if not hasattr(self.round, "entity_with_bandage"):
            self.round.entity_with_bandage = None  # type: ignore[attr-defined]
            self.round.trains_for_bandage = []  # type: ignore[attr-defined]

    def description(self) -> str:
        return "Train protect"

    def choice_name(self) -> str:
        return "Assign the patch to a train before rusting"

    def holder(self) -> Any:
        return getattr(self.round, "entity_with_bandage", None)

    def actions(self, entity: Any) -> list[str]:
        return ["choose", "pass"] if self.holder() is not None else []

    def active_entities(self) -> list[Any]:
        holder = self.holder()
        return [holder] if holder is not None else []

    def blocks(self) -> bool:
        return self.holder() is not None

    def choices(self, entity: Any) -> list[Choice]:
        out: list[Choice] = []
        seen: set[str] = set()
        for train in self.round.trains_for_bandage:  # type: ignore[attr-defined]
            if not getattr(train.owner, "is_corporation", False):
                continue  # left its family meanwhile (discarded)
            label = f"{train.name} ({train.owner.name})"
            if label in seen:
                continue
            seen.add(label)
            out.append(Choice(train.id, label))
        return out

    def choose(self, entity: Any, choice: Any) -> None:
        game: Any = self.game
        train = game.train_by_id(choice)
        owner = train.owner.name
        rusts_on = f"{train.rusts_on}-0" if train.rusts_on else None
        put_on(game, train)
        game.log(f"{train.name} owned by {owner} gets a patch and is not rusted")
        waiting = self.round.trains_for_bandage  # type: ignore[attr-defined]
        waiting[:] = [t for t in waiting if t is not train]
        if rusts_on is not None:
            game.train_rules.rust_trains(game.train_by_id(rusts_on), None)
        self.round.entity_with_bandage = None  # type: ignore[attr-defined]
        self.round.trains_for_bandage = []  # type: ignore[attr-defined]

    def process_pass(self, action: Any) -> None:
        game: Any = self.game
        waiting = self.round.trains_for_bandage  # type: ignore[attr-defined]
        first = waiting[0] if waiting else None
        if first is not None and first.rusts_on:
            game.train_rules.rust_trains(game.train_by_id(f"{first.rusts_on}-0"), None)
        self.round.entity_with_bandage = None  # type: ignore[attr-defined]
        self.round.trains_for_bandage = []  # type: ignore[attr-defined]
        super().process_pass(action)
