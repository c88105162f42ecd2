"""The 1822 family's bot hints: a player keeps their minors' next trains in cash (measured: four Beginners ran up
£500-5000 of player debt each when the first 3-train rusted every minor's L-trains), and holds two minors at most."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.bots import hints, hints_1822


class _Train:
    def __init__(self, name: str, price: int, rusts_on: str | None = None) -> None:
        self.name, self.price, self.rusts_on = name, price, rusts_on

    def rusts_by(self, other: Any) -> bool:
        return self.rusts_on == other.name


def _minor(owner: Any, cash: int, trains: list[Any]) -> Any:
    return SimpleNamespace(id="m", type="minor", owner=owner, cash=cash, trains=trains, floated=True, closed=False)


def _game(player: Any, corporations: list[Any], winning: list[Any] = ()) -> Any:  # type: ignore[assignment]
    upcoming = [_Train("2", 120)] * 6 + [_Train("3", 200)] * 3
    step = SimpleNamespace(winning_bids=lambda p: list(winning) if p is player else [],
                           available_cash=lambda p: p.cash - sum(b.price for b in winning))
    return SimpleNamespace(corporations=corporations,
                           depot=SimpleNamespace(upcoming=upcoming, min_depot_price=120),
                           round=SimpleNamespace(active_step=lambda: step))


def _bid(company: str, price: int) -> Any:
    return SimpleNamespace(move=SimpleNamespace(type="bid"), action={"type": "bid", "company": company, "price": price})


def test_the_family_plays_with_the_hints() -> None:
    for title in ("1822", "1822CA", "1822CA ERS", "1822MX", "1822Africa", "1822PNW", "1822MRS"):
        assert hints.hints_for_title(title).move_score is hints_1822.move_score, title


def test_a_minors_need_is_the_train_that_rusts_its_trains_however_far_in_the_depot() -> None:
    player = SimpleNamespace(cash=500)
    minor = _minor(player, 50, [_Train("L", 60, rusts_on="3")])
    game = _game(player, [minor])
    assert hints_1822.train_need(game, minor) == 150  # the 3-train, beyond six 2-trains, less its £50
    assert hints_1822.train_need(game, _minor(player, 50, [_Train("3", 200, rusts_on="6")])) == 0
    assert hints_1822.train_need(game, _minor(player, 30, [])) == 90  # none: the cheapest train
    assert hints_1822.player_reserve(game, player) == 150


def test_a_minor_is_bid_for_only_with_cash_beyond_the_reserve_and_two_at_most() -> None:
    player = SimpleNamespace(cash=400)
    held = _minor(player, 50, [_Train("L", 60, rusts_on="3")])
    game = _game(player, [held])
    assert hints_1822.move_score(game, player, player, _bid("M5", 100)) is None  # 400 - 150 kept: room for one
    player.cash = 300
    score = hints_1822.move_score(game, player, player, _bid("M5", 100))
    assert score is not None and score[0] < 0  # 100 + its own next train would eat the first minor's
    player.cash = 2000
    game = _game(player, [held], winning=[SimpleNamespace(target=SimpleNamespace(id="M7"), price=100)])
    score = hints_1822.move_score(game, player, player, _bid("M5", 100))
    assert score is not None and score[0] < 0 and "minors enough" in score[1]
    assert hints_1822.move_score(game, player, player, _bid("P3", 5)) is None  # a private: the general rules


def test_player_debt_is_paid_back_first_and_in_full() -> None:
    """The debt grows by half at every stock round's end: paying all the cash pays of it comes CLEAR_MARGIN above
    anything else (the Strong bot takes it without looking ahead: it passed where the Beginner paid, arena 1822
    seed 500), a sampled part of it after."""
    from engine.bots.policy import CLEAR_MARGIN

    player = SimpleNamespace(cash=179, debt=300)

    def score(kind: str, **action: Any) -> float:
        candidate = SimpleNamespace(move=SimpleNamespace(type=kind), action={"type": kind, **action})
        scored = hints_1822.move_score(None, player, player, candidate)
        assert scored is not None
        return scored[0]

    full, part = score("payoff_player_debt"), score("payoff_player_debt_partial", amount=50)
    assert full - part >= CLEAR_MARGIN and part > 0
    assert full >= 30 + CLEAR_MARGIN  # a par's best rules-of-thumb score is 30
