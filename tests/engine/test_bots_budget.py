"""The bots' work budget, money scale and trains (issue 28): the Strong bot's look-ahead is bounded by a count of
route-search work (the same position and seed give the same move on any machine), the rules of thumb count money
in 1830 dollars scaled to the title, and a corporation whose trains find no run buys no more of them."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from engine.bots import evaluate, policy
from engine.bots.policy import WorkBudget, acting_moves, make_bot, run_budget
from engine.routing import best_routes
from tests.engine.bot_helpers import saved_game_at

DATA = Path(__file__).parent / "data"


def _at(name: str, count: int) -> Any:
    return saved_game_at(DATA / name, count)


def _new(title: str, players: int = 4) -> Any:
    from engine.titles.registry import load_title

    return load_title(title)([(i, f"P{i}") for i in range(1, players + 1)], game_id=1, seed=1, strict=True)


# --- the work budget -------------------------------------------------------------------------------------------
def test_work_budget_stops_each_call_and_all_calls_by_count() -> None:
    work = WorkBudget(total=5, per_call=3)
    first = work.cancel()
    assert [first() for _ in range(4)] == [False, False, False, True]  # the fourth check is past the call's 3
    assert work.used == 4 and not work.spent
    second = work.cancel()
    assert [second() for _ in range(2)] == [False, True]  # the sixth check is past the decision's 5
    assert work.spent


def test_a_run_counts_the_cp_sat_watchers_polls_apart_from_the_search() -> None:
    cancel = run_budget(ticks=2, polls=3)
    polled: list[bool] = []

    def watcher() -> None:  # CP-SAT's watcher thread polls on a clock: its calls are not search work
        polled.extend(cancel() for _ in range(4))

    thread = threading.Thread(target=watcher)
    thread.start()
    thread.join()
    assert polled == [False, False, False, True]
    assert [cancel() for _ in range(3)] == [False, False, True]  # the caller's own checks: a count of their own


def test_strong_look_ahead_stays_within_its_budget_and_is_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a track choice (B&O lays with a 2-train, arena 1830 seed 101, action 87) the look-ahead measures every short-listed lay with the
    route optimiser; with a budget of a few checks it measures fewer, spends no more than the budget (and one
    check over, the one that stops the search) and the same position gives the same move."""
    game = _at("1830_arena_101_idle_trains.json", 87)
    entity, moves = acting_moves(game)
    assert any(m.type == "lay_tile" for m in moves)
    bot = make_bot("strong", 1013)
    full = bot.choose(game, entity, moves)
    assert bot.last_work is not None and bot.last_work.used > 0
    monkeypatch.setattr(policy, "LOOK_TICKS", 2)
    small = make_bot("strong", 1013)
    first = small.choose(game, entity, moves)
    assert small.last_work is not None and small.last_work.used <= 3
    assert len(first.considered) <= len(full.considered)
    again = make_bot("strong", 1013).choose(game, entity, moves)
    assert again.action == first.action
    assert any(m.refusal(first.action) is None for m in moves if m.type == first.action["type"])


# --- money scaled to the title -------------------------------------------------------------------------------
def test_money_scale_is_the_first_trains_price_against_1830s() -> None:
    assert evaluate.money_scale(_new("1830")) == 1.0
    assert evaluate.money_scale(_new("1822")) == pytest.approx(60 / 80)
    assert evaluate.money_scale(_new("18ZOO - Map A")) == pytest.approx(7 / 80)
    assert evaluate.money_scale(_new("1817")) == pytest.approx(100 / 80)


def test_estimated_revenues_follow_the_title_money() -> None:
    """A corporation that has not run is expected to earn in the title's money: 18ZOO's first trains cost 7, not
    80, and its runs are some tens, not hundreds (at 1830's 40 a train the general evaluation valued an 18ZOO
    share's dividends at ten times their worth)."""
    for title in ("1830", "18ZOO - Map A", "1817"):
        game = _new(title)
        scale = evaluate.money_scale(game)
        assert evaluate.untrained_revenue(game) == pytest.approx(
            (evaluate.UNTRAINED_BASE + evaluate.UNTRAINED_PER_PHASE * evaluate._phase_index(game)) * scale
        )


def test_the_rules_of_thumb_score_a_train_in_1830_dollars(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same train at a price k times dearer in a title whose money is k times larger scores the same."""
    game = _at("1830_arena_5_trains_without_a_run.json", 49)  # ERIE, no train, may buy a 2-train for 80
    entity, moves = acting_moves(game)
    bot = make_bot("beginner", 51)
    player = evaluate.acting_player(game, entity)
    train = next(c for c in bot.candidates(game, entity, moves) if c.move.type == "buy_train")
    plain, _ = bot.score(game, entity, player, train)
    monkeypatch.setattr(evaluate, "money_scale", lambda g: 2.0)
    dear = {**train.action, "price": 2 * int(train.action["price"])}
    scaled, _ = bot.score(game, entity, player, type(train)(train.move, dear))
    assert scaled == pytest.approx(plain, abs=0.02)  # the rank noise is under 0.01


# --- trains ----------------------------------------------------------------------------------------------------
def test_no_second_train_for_a_corporation_whose_trains_find_no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arena 1830 seed 5 (Beginner 2 presides over ERIE): ERIE's home joins no second stop; it bought four
    2-trains in its first operating round, ran nothing for four rounds and saw them rust.  Now it buys its first
    train, then keeps its treasury until its track reaches a second stop."""
    game = _at("1830_arena_5_trains_without_a_run.json", 49)
    entity, moves = acting_moves(game)
    assert entity.id == "ERIE" and not entity.trains
    assert make_bot("beginner", 51).choose(game, entity, moves).action["type"] == "buy_train"  # it has none

    game = _at("1830_arena_5_trains_without_a_run.json", 50)
    entity, moves = acting_moves(game)
    assert entity.id == "ERIE" and len(entity.trains) == 1 and int(best_routes(game, entity).total) == 0
    assert any(m.type == "buy_train" for m in moves)
    for kind in ("beginner", "strong"):
        assert make_bot(kind, 51).choose(game, entity, moves).action["type"] == "pass"
    # without the rule the rules of thumb buy the second 2-train (the old bot's choice)
    monkeypatch.setattr(policy.BeginnerBot, "_finds_no_run", lambda self, g, c: False)
    assert make_bot("beginner", 51).choose(game, entity, moves).action["type"] == "buy_train"


def test_a_corporation_with_trains_and_no_run_lays_towards_a_second_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arena 1830 seed 4, action 541: ERIE (Strong 2) has a 4-train and no run from Buffalo; the rules of thumb
    scored the upgrade of its home city (revenue it cannot run to, and +6 for an upgrade) above the plain track
    towards Dunkirk/Erie, and ERIE ran nothing for two rounds.  Now the lay that gives it a run comes first."""

    def run_after(game: Any, action: dict[str, Any]) -> int:
        trial = game.copy()
        trial.process_action({**action, "id": len(trial.raw_actions) + 1})
        return int(best_routes(trial, trial.corporation_by_id("ERIE")).total)

    game = _at("1830_arena_4_stranded_upgrades_home.json", 541)
    entity, moves = acting_moves(game)
    assert entity.id == "ERIE" and entity.trains and int(best_routes(game, entity).total) == 0
    new = make_bot("beginner", 41).choose(game, entity, moves).action
    assert new["type"] == "lay_tile" and run_after(game, new) > 0
    monkeypatch.setattr(policy.BeginnerBot, "_stranded", lambda self, g, c: False)
    old = make_bot("beginner", 41).choose(game, entity, moves).action
    assert old["hex"] == "E11" and run_after(game, old) == 0  # the old choice: the home city's upgrade


def test_a_corporation_with_trains_and_no_run_pays_for_terrain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arena 1830 seed 7, action 53: CPR (Strong 3) has a 2-train, 920 in its treasury and no run from Montreal;
    its only lays cost 80 (B18) and the rules of thumb scored them below a pass: it passed on them four rounds
    running.  Now a lay beats a pass for a corporation whose trains find no run."""
    game = _at("1830_arena_7_stranded_passes_on_terrain.json", 53)
    entity, moves = acting_moves(game)
    assert entity.id == "CPR" and entity.trains and int(best_routes(game, entity).total) == 0
    lays = [m for m in moves if m.type == "lay_tile"]
    assert lays and all(min(m.costs) == 80 for m in lays) and entity.cash >= 80
    for kind in ("beginner", "strong"):
        assert make_bot(kind, 72).choose(game, entity, moves).action["type"] == "lay_tile"
    monkeypatch.setattr(policy.BeginnerBot, "_stranded", lambda self, g, c: False)
    assert make_bot("beginner", 72).choose(game, entity, moves).action["type"] == "pass"  # the old choice
