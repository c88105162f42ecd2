"""Bots (engine/bots): legal moves only, deterministic for a seed, arena games replay exactly, arena summary."""

from __future__ import annotations

import json

import pytest

from engine.bots import make_bot
from engine.bots.arena import ArenaGame, _new_game, _wilson, format_summary, play_game, summarise
from engine.bots.policy import acting_moves
from engine.moves import check_action
from engine.moves.playout import replay_matches
from engine.titles.registry import supported_titles, title_spec


def _advance(game, bots, steps: int, check: bool = True) -> int:
    """Play ``steps`` actions with ``bots`` by seat; every action is checked against the legal moves first."""
    from engine.bots.evaluate import seat_of

    done = 0
    for _ in range(steps):
        if game.finished:
            break
        entity, moves = acting_moves(game)
        if not moves:
            break
        seat = seat_of(game, entity) if entity is not None else None
        bot = bots[seat if seat is not None else 0]
        decision = bot.choose(game, entity, moves)
        action = {**decision.action, "id": len(game.raw_actions) + 1}
        if check:
            check_action(game, action)  # raises IllegalAction with the reason
        game.process_action(action)  # strict game: refuses anything not legal
        done += 1
    return done


@pytest.mark.parametrize("title", supported_titles())
def test_bots_submit_only_legal_moves(title: str) -> None:
    low, high = title_spec(title).player_range  # four seats where the title allows (1846 2p Variant: two)
    kinds = ["strong", "beginner", "random", "beginner", "random", "beginner"][: min(max(4, low), high)]
    game = _new_game(title, kinds, 11, ())
    bots = [make_bot(k, 11 + i) for i, k in enumerate(kinds)]
    assert _advance(game, bots, 12) > 0
    # a stretch further on with Beginners only (cheap), then the Strong bot again
    _advance(game, [make_bot("beginner", 3)] * len(kinds), 60)
    _advance(game, bots, 6)


@pytest.mark.parametrize("title", ["1830", "Irish Gauge", "Auction HOW"])
@pytest.mark.parametrize("kind", ["strong", "beginner", "random"])
def test_same_state_and_seed_same_move(title: str, kind: str) -> None:
    game = _new_game(title, ["beginner"] * 4, 5, ())
    _advance(game, [make_bot("beginner", 5)] * 4, 25, check=False)
    first = make_bot(kind, 42).decide(game)
    again = make_bot(kind, 42).decide(game)
    on_copy = make_bot(kind, 42).decide(game.copy())
    assert first is not None and again is not None and on_copy is not None
    assert first.action == again.action == on_copy.action
    assert first.reason


@pytest.mark.parametrize("title", ["Irish Gauge", "Auction HOW"])
def test_arena_game_replays_exactly(title: str) -> None:
    g = play_game(title, ["strong", "beginner", "random", "random"], 3, keep_record=True)
    assert g.problem is None
    assert g.record is not None and g.record["status"] == "finished"
    assert replay_matches(json.loads(json.dumps(g.record))) is None
    assert [p["name"] for p in g.record["players"]] == ["Strong 1", "Beginner 2", "Random 3", "Random 4"]
    # the file remembers which seats the bots held (the desktop reopens it with them)
    from engine.record import GameRecord

    seats = GameRecord.from_dict(json.loads(json.dumps(g.record))).bot_seats
    assert seats == {1: "strong", 2: "beginner", 3: "random", 4: "random"}


def test_arena_18xx_game_replays_exactly() -> None:
    """A whole 1830 game among Beginners (the quick level) and random players, saved and replayed."""
    g = play_game("1830", ["beginner", "beginner", "random", "random"], 2, keep_record=True)
    assert g.problem is None and g.reason != "action cap"
    assert g.record is not None and g.record["status"] == "finished"
    assert replay_matches(json.loads(json.dumps(g.record))) is None


def test_how_bot_records_its_modelled_score() -> None:
    game = _new_game("Auction HOW", ["beginner"] * 3, 4, ("keep_score",))
    bots = [make_bot("beginner", 1)] * 3
    for _ in range(200):
        entity, moves = acting_moves(game)
        if any(m.type == "score" for m in moves):
            decision = bots[0].choose(game, entity, moves)
            assert decision.action["type"] == "score" and decision.action["vp"] >= 0
            assert "VP" in decision.reason
            return
        _advance(game, bots, 1)
    pytest.fail("no score step reached")


def test_summary_shape_and_split_wins() -> None:
    games = [
        ArenaGame(
            1,
            ["strong", "random"],
            values=[10, 5],
            winners=[0],
            reason="bank",
            decision_ms={"strong": [1.0, 3.0], "random": [0.1]},
            decision_cpu_ms={"strong": [0.5, 2.5], "random": [0.1]},
        ),
        ArenaGame(
            2,
            ["random", "strong"],
            values=[7, 7],
            winners=[0, 1],
            reason="bank",
            decision_ms={"strong": [2.0], "random": [0.2]},
            decision_cpu_ms={"strong": [1.5], "random": [0.2]},
        ),
    ]
    s = summarise("1830", games)
    assert set(s) >= {"seats", "end_reasons", "total_value_median"}
    strong = s["seats"]["strong"]
    assert strong["games"] == 2 and strong["wins"] == 1.5 and strong["win_rate"] == 0.75
    assert set(strong["decision_ms"]) >= {"median", "p95", "max"}
    assert strong["decision_ms"]["median"] == 2.0 and strong["decision_ms"]["max"] == 3.0
    assert strong["decision_cpu_ms"]["median"] == 1.5 and strong["decision_cpu_ms"]["max"] == 2.5
    assert s["seats"]["random"]["wins"] == 0.5
    assert s["end_reasons"] == {"bank": 2}
    assert s["total_value_median"] == 14.5
    lo, hi = strong["ci"]
    assert 0 <= lo < 0.75 < hi <= 1
    # the lead: each seat's final value less the best other seat's (game 1: 10 - 5, game 2: 7 - 7)
    assert strong["lead"] == 2.5 and s["seats"]["random"]["lead"] == -2.5
    assert strong["lead_ci"][0] < 2.5 < strong["lead_ci"][1]
    assert "lead over the best other seat (95% CI): strong +2 [" in format_summary(s)
    assert "2.0 / 3.0 / 3.0 (1.5 / 2.5 / 2.5)" in format_summary(s)  # wall ms, then processor ms


def test_wilson_interval() -> None:
    assert _wilson(0, 0) == (0.0, 0.0)
    lo, hi = _wilson(10, 10)
    assert hi == 1.0 and 0.6 < lo < 0.8
    lo, hi = _wilson(5, 10)
    assert lo < 0.5 < hi


def test_unknown_level_refused() -> None:
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_switch_margin_hint_lets_the_look_ahead_choose(monkeypatch: pytest.MonkeyPatch) -> None:
    """Irish Gauge counts in pounds (players start with 20): with 1830's dollar margin the Strong bot never
    overrode the Beginner's first choice there; with the title's own margin its look-ahead does."""
    import dataclasses

    from engine.bots import hints

    assert hints.switch_margin(_new_game("1830", ["beginner"] * 4, 1, ()), 25.0) == 25.0
    game = _new_game("Irish Gauge", ["beginner"] * 4, 7, ())
    assert hints.switch_margin(game, 25.0) == hints.IG_SWITCH_MARGIN
    own = hints.hints_for_title("Irish Gauge")
    wide = dataclasses.replace(own, switch_margin=1000.0)
    differs = 0
    for _ in range(30):
        with_hint = make_bot("strong", 1).decide(game)
        monkeypatch.setitem(hints._HINTS, "Irish Gauge", wide)
        without = make_bot("strong", 1).decide(game)
        monkeypatch.setitem(hints._HINTS, "Irish Gauge", own)
        assert with_hint is not None and without is not None
        differs += with_hint.action != without.action
        _advance(game, [make_bot("beginner", 7)] * 4, 1, check=False)
    assert differs > 0


def test_arena_stops_a_game_the_reference_would_loop_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena asks the playouts' LoopWatch before every decision: a loop ends the game as a reference loop,
    saved with the export's ``loops`` mark and listed in the summary."""
    from engine.bots.arena import format_summary
    from engine.moves.playout import LoopWatch

    def loops(self: LoopWatch, game: object, choices: object, actions: int) -> str | None:
        return "a test loop" if actions >= 3 else None

    monkeypatch.setattr(LoopWatch, "loops", loops)
    g = play_game("1830", ["beginner", "beginner", "random", "random"], 2, keep_record=True)
    assert g.reason == "reference loop" and g.actions == 3 and g.problem is None
    assert g.reference_stop is not None and "a test loop" in g.reference_stop
    assert g.record is not None and g.record["tracklayer"].get("loops") is True
    s = summarise("1830", [g])
    assert s["reference_stops"] == [{"seed": 2, "reason": "reference loop", "detail": g.reference_stop}]
    assert s["end_reasons"] == {"reference loop": 1}
    assert "REFERENCE LOOP seed 2" in format_summary(s)


def test_arena_watch_sees_only_forced_passes() -> None:
    """The watch the arena uses resets on any choice and only fires on a repeated state after its threshold."""
    from engine.moves.playout import LoopWatch

    game = _new_game("1830", ["beginner"] * 4, 1, ())
    _entity, moves = acting_moves(game)
    watch = LoopWatch(watch_after=0)
    assert watch.loops(game, moves, 0) is None  # several choices: no watch
    passes = [m for m in moves if m.type == "pass"][:1]
    assert passes
    assert watch.loops(game, passes, 1) is None
    assert watch.loops(game, passes, 2) is not None  # the same state again after a forced pass


def test_scratch_copies_holds_the_collector_off_and_frees_the_copies() -> None:
    import gc
    import weakref

    from engine.core.game import scratch_copies

    game = _new_game("1830", ["beginner"] * 4, 5, ())
    assert gc.isenabled()
    with scratch_copies():
        assert not gc.isenabled()
        with scratch_copies():  # nested: the outer scope restores the collector
            trial = game.copy()
        assert not gc.isenabled()
        gone = weakref.ref(trial.round)
        del trial
    assert gc.isenabled()
    assert gone() is None  # the dropped copy (a web of cycles) is freed on leaving
    gc.disable()
    try:  # a collector held off by the caller stays off
        with scratch_copies():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_strong_look_ahead_leaves_the_collector_on_and_the_game_unchanged() -> None:
    import gc

    game = _new_game("1830", ["beginner"] * 4, 5, ())
    _advance(game, [make_bot("beginner", 5)] * 4, 25, check=False)
    before = (len(game.raw_actions), game.result())
    decision = make_bot("strong", 42).decide(game)
    assert decision is not None and gc.isenabled()
    assert (len(game.raw_actions), game.result()) == before


def test_the_real_games_median_leaves_out_games_the_players_stopped() -> None:
    """1846's fixtures hold six games the players ended by hand a few rounds in: the shape target compares a whole
    bot game with the games that ended by the rules."""
    import statistics

    from engine.bots.arena import STOPPED_BY_PLAYERS, real_games_median
    from tests.conftest import FIXTURES

    folder = FIXTURES / "1846"
    if not folder.is_dir():
        pytest.skip("no ../shared/fixtures")
    games = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]
    by_rules = [
        sum(int(v) for v in g["result"].values())
        for g in games
        if g.get("result") and g.get("game_end_reason") not in STOPPED_BY_PLAYERS
    ]
    stopped = [g for g in games if g.get("result") and g.get("game_end_reason") in STOPPED_BY_PLAYERS]
    assert stopped and by_rules
    assert real_games_median("1846") == statistics.median(by_rules)


def test_the_shape_target_compares_games_that_ended_the_same_way() -> None:
    """1830's real games: one broke the bank (37182), two ended in bankruptcy: a bank-ended bot game is compared
    with the bank-ended real game, not with the median of all three (a bankruptcy's)."""
    import importlib.util
    from pathlib import Path

    from engine.bots.arena import real_games_median, real_games_totals
    from tests.conftest import FIXTURES

    folder = FIXTURES / "1830"
    if not folder.is_dir():
        pytest.skip("no ../shared/fixtures")
    games = [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]
    bank = [sum(int(v) for v in g["result"].values()) for g in games if g.get("game_end_reason") == "bank"]
    totals = real_games_totals("1830")
    assert bank and sorted(totals["bank"]) == sorted(bank)
    assert real_games_median("1830", "bank") != real_games_median("1830")
    bot_games = [
        ArenaGame(1, ["strong"] * 4, values=[9000, 8000, 8000, 7000], winners=[0], reason="bank"),
        ArenaGame(2, ["strong"] * 4, values=[2000, 1000, 500, 0], winners=[0], reason="bankrupt"),
    ]
    s = summarise("1830", bot_games)
    assert s["total_value_by_reason"] == {"bank": 32000, "bankrupt": 3500}
    assert s["real_games_total_value_by_reason"]["bank"] == statistics_median(bank)
    path = Path(__file__).resolve().parents[2] / "bench" / "bots_targets.py"
    spec = importlib.util.spec_from_file_location("bots_targets", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    lines = bench.shape_lines(s)
    bank_line = next(line for line in lines if "'bank'" in line)
    assert bank_line.startswith("  PASS") == (abs(32000 - statistics_median(bank)) <= 0.3 * statistics_median(bank))
    assert f"{statistics_median(bank):g}" in bank_line


def statistics_median(values: list[int]) -> float:
    import statistics

    return float(statistics.median(values))
