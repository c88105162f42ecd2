"""Train buying limited to one depot train per operating round while the phase says so.

:class:`SingleDepotTrainBuy` is the operating round's :class:`~engine.steps.trains.BuyTrain` with one more
rule (the reference's ``Step::SingleDepotTrainBuy``, used by Mark Derrick's games and others): while the
phase's status includes ``limited_train_buy``, a corporation that has bought a train from the depot (or the
discard pile) this operating round may buy no more from there; trains of other corporations stay on offer.
After a depot purchase the step ends the corporation's buying when nothing is left on offer.

The round remembers the buyers in ``round.bought_trains`` (a list, in purchase order); other steps (a
company's special train purchase) add to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.steps.trains import BuyTrain

if TYPE_CHECKING:
    from engine.actions import Action

#: The phase status that limits depot purchases, with its text for the UI.
LIMITED_TRAIN_BUY = "limited_train_buy"
STATUS_TEXT: dict[str, tuple[str, str]] = {
    LIMITED_TRAIN_BUY: ("Limited Train Buy", "Corporations can only buy one train from the bank per OR"),
}


def depot_buys_limited(game: Any) -> bool:
    """Does the current phase allow only one depot train per corporation and operating round?"""
    return LIMITED_TRAIN_BUY in game.phase.status


def note_depot_purchase(round_: Any, corporation: Any) -> None:
    """Remember that ``corporation`` bought a depot train this round (when the round keeps count)."""
    bought = getattr(round_, "bought_trains", None)
    if isinstance(bought, list):
        bought.append(corporation)


class SingleDepotTrainBuy(BuyTrain):
    """``BuyTrain`` with at most one depot train per operating round under ``limited_train_buy``."""

    NAME: ClassVar[str] = "SingleDepotTrainBuy"

    def type_name(self) -> str:
        """The reference names a step's timing by its class ("single_depot_train_buy"): abilities usable
        "when" this step blocks (18AL's New Decatur Yards discount) name it so."""
        return "single_depot_train_buy"

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["bought_trains"] = []
        return state

    def bought_from_depot(self, entity: Any) -> bool:
        bought: list[Any] = getattr(self.round, "bought_trains", [])
        return any(e is entity for e in bought)

    def buyable_trains(self, entity: Any) -> list[Any]:
        trains = super().buyable_trains(entity)
        if not (depot_buys_limited(self.game) and self.bought_from_depot(entity)):
            return trains
        return [t for t in trains if not t.from_depot]

    def process_buy_train(self, action: Action) -> None:
        train = self.game.train_by_id(getattr(action, "train", None))
        from_depot = bool(train.from_depot)
        super().process_buy_train(action)
        if not from_depot:
            return
        entity = self.game.resolve_entity(action)
        note_depot_purchase(self.round, entity)
        if not self.buyable_trains(entity) and not self.passed:
            self.pass_()


__all__ = ["LIMITED_TRAIN_BUY", "STATUS_TEXT", "SingleDepotTrainBuy", "depot_buys_limited", "note_depot_purchase"]
