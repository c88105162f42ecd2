"""The stock round: players in priority order buy, sell and par until everyone has passed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.live import STALLS
from engine.errors import IllegalAction
from engine.rounds.base import Round

if TYPE_CHECKING:
    from engine.actions import Action


class StockRound(Round):
    NAME: ClassVar[str] = "Stock"
    SHORT_NAME: ClassVar[str] = "SR"
    stock: ClassVar[bool] = True

    def select_entities(self) -> list[Any]:
        return [p for p in self.game.players if not p.bankrupt]

    def setup(self) -> None:
        if not self.entities:
            # Every player is bankrupt in a title where that does not end the game (18Rhl): the round has
            # nobody to seat, and the reference engine fails on it too.  The action that led here is refused.
            raise IllegalAction(f"every player is bankrupt: the stock round would start with {STALLS} (the "
                                f"18xx.games engine stops there too)")
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def after_process(self, action: Action) -> None:
        if self.active_step() is not None:
            return
        self.next_entity()

    AFTER_PROCESS_LOOKS_FIRST = after_process

    def next_entity(self) -> None:
        if self.finished():
            # One more step round the table, back to the priority deal player.
            self.next_entity_index()
            self.finish_round()
            return
        self.next_entity_index()
        self.start_entity()

    def start_entity(self) -> None:
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.skip_steps()
        if self.active_step() is None:
            self.next_entity()

    def finished(self) -> bool:
        return self.game.finished or all(e.passed for e in self.entities)

    def finish_round(self) -> None:
        self.game.share_rules.finish_stock_round(self)
