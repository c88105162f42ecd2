"""The Strong bot in the 1817 family (issue 28): where the family's rules of thumb choose one of their own moves, the
look-ahead chooses among the moves they leave open (``hints_1817.look_rows``) instead of playing the Beginner's
move.  Positions of an arena game of the bots before (1817 seed 500, Strong against three Beginners, its first 640
actions saved in ``data/``), where Strong 1 presides over WT."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from engine.bots import hints_1817
from engine.bots.candidates import Candidate
from engine.bots.policy import BeginnerBot, StrongBot, acting_moves
from tests.engine.bot_helpers import saved_game_at

DATA = Path(__file__).parent / "data" / "1817_arena_500_strong_played_the_beginners_moves.json"
#: Strong 1 in stock round 4 ($550, two corporations): the rules start a third with $310; shares of PW and A&S are
#: open too (the old Strong bot started the corporation without looking)
THIRD_START = 617
#: Strong 1 in stock round 3: the old Strong bot sold a share short (the rules score it -20, the look-ahead counted its
#: cash and not what it owes)
SHORT = 503
#: Strong 1 in stock round 4: the old Strong bot bought 10% of PW, whose interest eats its runs (rules: -24.6)
DEAD_SHARE = 626
#: WT's first train (no train, a 2-train in the depot): buy it or pass
FIRST_TRAIN = 224
#: WT's loan for that train, and its dividend in operating round 2.1
LOAN = 223
DIVIDEND = 283


def _row(score: float, kind: str, move: Any = None, **action: Any) -> tuple[float, str, Candidate]:
    move = move or SimpleNamespace(type=kind)
    return score, kind, Candidate(move, {"type": kind, **action})  # type: ignore[arg-type]


def test_the_look_ahead_chooses_among_moves_the_rules_score_above_a_pass_at_their_amounts() -> None:
    bid = SimpleNamespace(type="bid")
    first = _row(15.0, "bid", bid, price=300)
    rows = [
        first,
        _row(14.0, "bid", bid, price=100),  # the same move at another amount: the rules price it
        _row(13.0, "bid", corporation="J", price=300),
        _row(12.0, "take_loan"),  # the rules decide loans alone
        _row(5.0, "buy_shares"),
        _row(0.004, "pass"),  # a pass with the ranking's noise
        _row(-3.0, "buy_shares"),  # advised against
    ]
    kept = hints_1817.look_rows(rows)
    assert [r[2].action for r in kept] == [
        {"type": "bid", "price": 300},
        {"type": "bid", "corporation": "J", "price": 300},
        {"type": "buy_shares"},
    ]
    assert kept[0] is first


def test_after_any_first_choice_the_rules_veto_what_they_score_at_or_below_a_pass() -> None:
    lay = SimpleNamespace(type="lay_tile")
    rows = [
        _row(8.0, "lay_tile", lay, rotation=0),
        _row(7.0, "lay_tile", lay, rotation=1),  # not one of the family's own moves: each rotation stays open
        _row(0.3, "lay_tile", SimpleNamespace(type="lay_tile"), rotation=0),
        _row(-5.0, "take_loan"),
    ]
    assert hints_1817.look_rows(rows, own=False) == rows[:2]
    assert hints_1817.look_rows(rows[3:] + rows[:1], own=False) == rows[3:4] + rows[:1]  # the first stays first


def test_a_dividend_or_a_loan_first_is_the_rules_alone() -> None:
    for kind in hints_1817.DECIDED_TYPES:
        rows = [_row(10.0, kind), _row(9.0, "buy_shares"), _row(8.0, "bid")]
        assert hints_1817.look_rows(rows) == rows[:1]


def _decisions(count: int) -> tuple[Any, Any, Any]:
    game = saved_game_at(DATA, count)
    entity, moves = acting_moves(game)
    strong = StrongBot(500).decide(game)
    assert strong is not None
    return game, BeginnerBot(500).choose(game, entity, moves), strong


def test_strong_weighs_a_third_start_against_the_shares_the_rules_leave_open() -> None:
    game, beginner, strong = _decisions(THIRD_START)
    assert beginner.action["type"] == "bid" and beginner.action["price"] == 310
    considered = [reason for reason, _value in strong.considered]
    # the old Strong bot returned the Beginner's start without a look (nothing considered)
    assert len(considered) >= 2
    assert any(reason.startswith("buys 10%") for reason in considered)
    assert all("with 310" in reason for reason in considered if reason.startswith("starts"))
    # the same position and seed, the same move
    again = StrongBot(500).decide(game)
    assert again is not None and again.action == strong.action


def test_a_pass_is_never_open_to_the_look_ahead() -> None:
    _game, beginner, strong = _decisions(FIRST_TRAIN)
    assert beginner.action["type"] == "buy_train"
    assert strong.action == beginner.action and not strong.considered


def test_the_rules_decide_a_loan_and_a_dividend_alone() -> None:
    for count in (LOAN, DIVIDEND):
        game, beginner, strong = _decisions(count)
        entity, _moves = acting_moves(game)
        assert entity.id == "WT" and entity.owner.name == "Strong 1"
        assert beginner.action["type"] in ("take_loan", "dividend")
        assert strong.action == beginner.action and not strong.considered


def test_no_short_sale_and_no_share_whose_interest_eats_its_runs(monkeypatch: Any) -> None:
    """Where the rules pass (a short sale scores -20) or buy A&S (PW scores -24.6), the old Strong bot's look-ahead
    sold short and bought PW; it now chooses among what the rules score above a pass."""
    _game, beginner, strong = _decisions(SHORT)
    assert beginner.action["type"] == "pass" and strong.action["type"] == "pass"
    _game, beginner, strong = _decisions(DEAD_SHARE)
    assert strong.action == beginner.action and strong.action["shares"][0].startswith("A&S")
    # with every move open, as before: the short and PW
    monkeypatch.setattr(hints_1817, "OPEN_ABOVE", float("-inf"))
    assert _decisions(SHORT)[2].action["type"] == "short"
    assert _decisions(DEAD_SHARE)[2].action["shares"][0].startswith("PW")
