"""Buying at most one depot train of each type per operating turn (reference ``BuySingleTrainOfType``).

The ordinary train step, with one more rule: once the operating corporation has bought a train of a
type (its base name: "2", "3", "D") from the depot this turn, no further train of that type is on offer
from the depot in the same turn.  Trains of other corporations are not limited.  When nothing is
left on offer after a depot purchase the step ends.  1836Jr-30, 1847 AE and others use it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.steps.trains import BuyTrain


class BuySingleTrainOfType(BuyTrain):
    NAME: ClassVar[str] = "BuySingleTrainOfType"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        #: the train types bought from the depot in this operating turn, in buying order
        self.depot_types_bought: list[str] = []

    def type_name(self) -> str:
        """The reference names the step after its class (ability timing ``%current_step%``)."""
        return "buy_single_train_of_type"

    def setup(self) -> None:
        super().setup()
        self.depot_types_bought = []

    def buyable_trains(self, entity: Any) -> list[Any]:
        return [train for train in super().buyable_trains(entity)
                if not (train.from_depot and train.sym in self.depot_types_bought)]

    def process_buy_train(self, action: Action) -> None:
        train = self.game.train_by_id(getattr(action, "train", None))
        # the train leaves the depot on purchase: note where it came from first
        from_depot = bool(train.from_depot)
        super().process_buy_train(action)
        if not from_depot:
            return
        self.depot_types_bought.append(train.sym)
        if not self.buyable_trains(self.game.resolve_entity(action)):
            self.pass_()


__all__ = ["BuySingleTrainOfType"]
