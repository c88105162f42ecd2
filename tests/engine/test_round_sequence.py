"""The round sequence service (engine/services/rounds.py): which round follows which, when the seats turn, and
rounds between operating rounds (1867's merger round)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.rounds.interlude import InterludeRound, MergerRound
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.rounds import RoundSequence


def fake(kind: type, round_num: int = 1) -> Any:
    """A round object of class ``kind`` built without running its constructor."""
    obj = kind.__new__(kind)
    obj.round_num = round_num
    return obj


class FakePhase:
    operating_rounds = 2


class FakeLoans:
    def clear_interest_paid(self) -> None:
        pass


class FakeGame:
    def __init__(self) -> None:
        self.loan_rules = FakeLoans()
        self.calls: list[str] = []
        self.turn = 1
        self.operating_rounds = 0
        self.phase = FakePhase()
        self.round: Any = None

    def init_round_finished(self) -> None:
        self.calls.append("init_round_finished")

    def or_round_finished(self) -> None:
        self.calls.append(f"or_round_finished@{self.turn}")

    def or_set_finished(self) -> None:
        self.calls.append("or_set_finished")

    def reorder_players(self) -> None:
        self.calls.append("reorder")

    def new_stock_round(self) -> Any:
        self.calls.append("SR")
        return fake(StockRound)

    def new_operating_round(self, n: int = 1) -> Any:
        self.calls.append(f"OR{n}")
        return fake(OperatingRound, n)


def run(sequence_class: type[RoundSequence], rounds: int) -> FakeGame:
    game = FakeGame()
    game.round = object()  # the first round (an auction)
    sequence = sequence_class(game)  # type: ignore[arg-type]
    for _ in range(rounds):
        game.round = sequence.next_round()
    return game


def test_default_sequence_turns_the_seats_as_the_stock_round_ends() -> None:
    game = run(RoundSequence, 5)
    assert game.calls == ["init_round_finished", "reorder", "SR", "reorder", "OR1", "or_round_finished@1", "OR2",
                          "or_round_finished@2", "or_set_finished", "SR", "reorder", "OR1"]
    assert game.turn == 2
    assert game.operating_rounds == 2


def test_seats_can_turn_as_the_operating_rounds_end() -> None:
    class Late(RoundSequence):
        SEATS_TURN_BEFORE: ClassVar[str] = "stock_round"

    game = run(Late, 5)
    assert game.calls == ["init_round_finished", "reorder", "SR", "OR1", "or_round_finished@1", "OR2",
                          "or_round_finished@2", "or_set_finished", "reorder", "SR", "OR1"]


class WithMerger(RoundSequence):
    """A merger round after every operating round; or_round_finished before the turn moves on (as 1867)."""

    def after_operating_round(self, current: Any) -> Any:
        self.game.or_round_finished()
        self.game.calls.append(f"MR{current.round_num}")  # type: ignore[attr-defined]
        return fake(MergerRound, current.round_num)


def test_a_round_between_operating_rounds_continues_the_set() -> None:
    game = run(WithMerger, 7)
    assert game.calls == ["init_round_finished", "reorder", "SR", "reorder", "OR1", "or_round_finished@1", "MR1",
                          "OR2", "or_round_finished@1", "MR2", "or_set_finished", "SR", "reorder", "OR1"]
    assert game.turn == 2
    assert issubclass(MergerRound, InterludeRound)
    assert MergerRound.NAME == "Merger"
