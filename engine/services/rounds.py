"""The round sequence: which round follows the one that just finished.

The 18xx default is the first round (an auction or a draft), then stock round, a set of operating rounds, stock
round, ...  A game composes one ``RoundSequence`` (``game.round_sequence``); ``Game.next_round`` asks it for the
next round.  A title with another sequence names a subclass in its game class's ``ROUND_SEQUENCE``:

* ``SEATS_TURN_BEFORE``: when the seats turn for the next stock round (``Game.reorder_players``): as the stock
  round ends (``"operating_rounds"``, the default: the order is decided by how the stock round went) or as the
  set of operating rounds ends (``"stock_round"``: 18 Los Angeles orders the seats by cash then);
* ``after_operating_round``: a title with a round between operating rounds (1867's merger round in phases 3
  to 7, an ``InterludeRound`` of ``engine/rounds/interlude.py``) returns it here; when that round ends,
  ``continue_set`` goes on as after the operating round it follows (the next operating round, or the next stock
  round);
* ``choices_round``: a round of choices between the stock round and the operating rounds (1822's
  ``engine/rounds/choices.py`` ``ChoicesRound``); the set of operating rounds starts when it ends;
* the other ``after_*`` methods for other sequences.

The per-round hooks a title already has (``init_round_finished``, ``or_round_finished``, ``or_set_finished``,
``new_stock_round``, ``new_operating_round``) are called here, in the reference engine's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.rounds.base import Round
from engine.rounds.choices import ChoicesRound
from engine.rounds.interlude import InterludeRound
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound

if TYPE_CHECKING:
    from engine.game import Game


class RoundSequence:
    """The order of the rounds of one game."""

    #: when the seats turn for the next stock round: "operating_rounds" (as the stock round ends) or
    #: "stock_round" (as the last operating round of a set ends)
    SEATS_TURN_BEFORE: ClassVar[str] = "operating_rounds"

    def __init__(self, game: Game) -> None:
        self.game = game

    def next_round(self) -> Round:
        """The round that follows ``game.round`` (which has finished)."""
        current = self.game.round
        self.game.loan_rules.clear_interest_paid()
        if isinstance(current, StockRound):
            return self.after_stock_round(current)
        if isinstance(current, OperatingRound):
            return self.after_operating_round(current)
        if isinstance(current, InterludeRound):
            return self.after_interlude_round(current)
        if isinstance(current, ChoicesRound):
            return self.after_choices_round(current)
        return self.after_first_round(current)

    # --- the default sequence -----------------------------------------------------------------------------
    def after_first_round(self, current: Any) -> Round:
        game = self.game
        game.init_round_finished()
        game.reorder_players()
        return game.new_stock_round()

    def after_stock_round(self, current: Any) -> Round:
        choices = self.choices_round(current)
        if choices is not None:
            return choices
        return self.start_operating_rounds()

    def choices_round(self, current: Any) -> Round | None:
        """The round of choices that follows the stock round, or None (the default: the operating rounds
        follow at once)."""
        return None

    def after_choices_round(self, current: Any) -> Round:
        return self.start_operating_rounds()

    def start_operating_rounds(self) -> Round:
        """The first operating round of a set (the seats turn first unless they turn before stock rounds)."""
        game = self.game
        game.operating_rounds = self.operating_rounds_in_set()
        if self.SEATS_TURN_BEFORE == "operating_rounds":
            game.reorder_players()
        return game.new_operating_round(1)

    def operating_rounds_in_set(self) -> int:
        """How many operating rounds the next set has (the phase's number)."""
        return self.game.phase.operating_rounds or 1

    def after_operating_round(self, current: Any) -> Round:
        """The next operating round of the set, or the next stock round after the last one.  A title with a
        round between operating rounds (an ``InterludeRound``) returns it here instead."""
        game = self.game
        if current.round_num < game.operating_rounds:
            game.or_round_finished()
            return game.new_operating_round(current.round_num + 1)
        game.turn += 1
        game.or_round_finished()
        game.or_set_finished()
        return self.new_stock_round_after_set()

    def after_interlude_round(self, current: Any) -> Round:
        return self.continue_set(current.round_num)

    def continue_set(self, round_num: int) -> Round:
        """After operating round ``round_num`` (and what followed it): the next operating round of the set, or
        the next stock round after the last one.  ``or_round_finished`` was called already."""
        game = self.game
        if round_num < game.operating_rounds:
            return game.new_operating_round(round_num + 1)
        game.turn += 1
        game.or_set_finished()
        return self.new_stock_round_after_set()

    def new_stock_round_after_set(self) -> Round:
        game = self.game
        if self.SEATS_TURN_BEFORE == "stock_round":
            game.reorder_players()
        return game.new_stock_round()


__all__ = ["RoundSequence"]
