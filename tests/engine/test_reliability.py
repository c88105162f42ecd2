"""Issue 23 (reliability) on the engine side: refusals change nothing through every entry point, a game's
recorded actions always replay to its state, the state digest."""

from __future__ import annotations

import json
from typing import Any

from engine import load_game
from engine.core.digest import state_digest, state_lines
from engine.core.undo import rebuild_in_place
from engine.record import GameRecord
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _source() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shared_or_skip(GAME_1830).read_text())
    return data


def test_the_digest_sees_values_shape_and_order_but_not_caches() -> None:
    game = load_game(_source() | {"actions": _source()["actions"][:40]})
    same = load_game(_source() | {"actions": _source()["actions"][:40]})
    assert state_digest(game) == state_digest(same)
    same._players_by_id = {}  # a cache: not state
    assert state_digest(game) == state_digest(same)
    same.players[0].cash += 1
    assert state_digest(game) != state_digest(same)
    same.players[0].cash -= 1
    same.players.reverse()
    assert state_digest(game) != state_digest(same)
    assert len(state_lines(game)) > 1000


def test_load_upto_before_a_later_undo_keeps_a_raw_list_that_replays_to_its_state() -> None:
    source = _source()
    actions = source["actions"][:30]
    undo = {"type": "undo", "entity": actions[-1]["entity"], "entity_type": actions[-1]["entity_type"],
            "id": 31}
    record = GameRecord.from_dict(source | {"actions": [*actions, undo, *source["actions"][29:35]]})
    for upto in (30, 31, 33):
        game = load_game(record, upto=upto)
        before = state_digest(game)
        rebuild_in_place(game, game.raw_actions)  # what a refusal half-way or an undo does
        assert state_digest(game) == before, upto
    game = load_game(record, upto=30)
    assert len(game.actions) == 29  # the undone action stays undone
    game.apply({"type": "undo", "entity": actions[-2]["entity"], "entity_type": actions[-2]["entity_type"]})
    assert len(game.actions) == 28


def _quadratic_filter(actions: list[dict[str, Any]]) -> list[Any]:
    """The undo filter as first written (a scan back per undo): the meaning the linear one must keep."""
    kept: list[Any] = [None] * len(actions)
    stack: list[list[tuple[Any, int]]] = []
    ids = {}
    for i, a in enumerate(actions):
        ids.setdefault(a.get("id"), i)
    for i, a in enumerate(actions):
        kind = a.get("type")
        if kind == "undo":
            target = a.get("action_id")
            if target:
                undo_to = ids[target] + 1
            elif target is not None:
                undo_to = 0
            else:
                undo_to = next((b for b in range(i - 1, -1, -1)
                                if kept[b] is not None and kept[b].get("type") != "message"), 0)
            group = []
            for p in range(undo_to, i):
                if kept[p] is not None and kept[p].get("type") != "message":
                    group.append((kept[p], p))
                    kept[p] = None
            stack.append(group)
        elif kind == "redo":
            for c, p in stack.pop():
                kept[p] = c
        elif kind == "message":
            kept[i] = a
        else:
            stack.clear()
            kept[i] = a
    return kept


def test_the_linear_undo_filter_means_what_the_scan_back_meant() -> None:
    import random

    from engine.core.history import filter_actions

    rng = random.Random(23)
    for _ in range(300):
        actions: list[dict[str, Any]] = []
        depth = 0
        for n in range(1, rng.randint(1, 40)):
            roll = rng.random()
            if roll < 0.25:
                target = rng.choice([None, None, 0, rng.randint(1, n)]) if n > 1 else None
                actions.append({"type": "undo", "id": n} | ({} if target is None else {"action_id": target}))
                depth += 1
            elif roll < 0.4 and depth:
                actions.append({"type": "redo", "id": n})
                depth -= 1
            elif roll < 0.5:
                actions.append({"type": "message", "id": n})
            else:
                actions.append({"type": "pass", "id": n})
                depth = 0
        try:
            expected = _quadratic_filter(actions)
        except (IndexError, KeyError):
            continue  # a redo with nothing to redo: refused by both
        assert filter_actions(actions)[0] == expected, actions


def test_forty_thousand_undo_redo_pairs_filter_and_replay_fast() -> None:
    import time

    from bench.undo_redo import undo_redo_record
    from engine.core.history import filter_actions

    record = undo_redo_record(_source(), 40_000)
    start = time.perf_counter()
    kept, _ = filter_actions(record["actions"])
    assert time.perf_counter() - start < 1.0  # was 102 s: a scan back over every earlier undo/redo
    assert sum(1 for a in kept if a is not None) == 20
    start = time.perf_counter()
    game = load_game(record)
    assert time.perf_counter() - start < 3.0  # the whole file, read and replayed (~0.5 s when idle)
    assert len(game.raw_actions) == 80_020


def test_only_regular_files_are_read_and_never_beyond_the_limit(tmp_path: Any, monkeypatch: Any) -> None:
    import os
    import threading

    import pytest

    from engine import record as record_module
    from engine.errors import BadFile

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    result: list[Any] = []
    reader = threading.Thread(target=lambda: result.append(_refusal(fifo)), daemon=True)
    reader.start()
    reader.join(5)
    if reader.is_alive():  # unblock the hung reader before failing
        with open(fifo, "w"):
            pass
        pytest.fail("reading a FIFO hangs")
    assert "not a regular file" in result[0]
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        link = tmp_path / f"{device.rsplit('/', 1)[1]}.json"
        link.symlink_to(device)
        assert "not a regular file" in _refusal(link)
    assert "folder" in _refusal(tmp_path)
    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 600 + "0]")
    monkeypatch.setattr(record_module, "MAX_FILE_BYTES", 1000)
    assert "too large" in _refusal(big)
    with pytest.raises(BadFile):
        record_module.GameRecord.load(big)


def _refusal(path: Any) -> str:
    from engine.errors import GameError

    try:
        GameRecord.load(path)
    except GameError as exc:
        return str(exc)
    return "opened"


def _auto_case() -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The live game before 1830 26855's action 111 (a pass), that action and the sale that follows it."""
    actions = _source()["actions"]
    game = load_game(_source() | {"actions": actions[:111]})
    return game, dict(actions[111]), dict(actions[112])


def test_auto_actions_of_a_live_action_are_checked_like_live_actions() -> None:
    from engine.errors import GameError

    game, main, sale = _auto_case()
    before, applied = state_digest(game), len(game.actions)
    bent = [sale | {"percent": 3}, sale | {"shares": ["NYC_1"], "percent": 3},
            {"type": "assign", "entity": sale["entity"], "entity_type": "player", "target": "E11",
             "target_type": "hex"},
            {"type": "buy_shares", "entity": sale["entity"], "entity_type": "player", "shares": ["NYC_3"],
             "percent": 11}]
    for auto in bent:
        try:
            game.apply(main | {"auto_actions": [auto]})
        except GameError:
            pass
        else:
            raise AssertionError(f"accepted the illegal auto action {auto}")
        assert state_digest(game) == before, auto
    game.apply(main | {"auto_actions": [sale]})  # the legal sale, carried as an auto action, is accepted
    assert len(game.actions) == applied + 1 and any("Player 3 sells" in line for line in game.log_lines[-4:])


def test_an_undo_or_redo_carrying_auto_actions_is_refused() -> None:
    from engine.errors import GameError

    game, main, sale = _auto_case()
    before = state_digest(game)
    for kind in ("undo", "redo"):
        try:
            game.apply({"type": kind, "entity": main["entity"], "entity_type": "player", "auto_actions": [sale]})
        except GameError:
            pass
        else:
            raise AssertionError(f"{kind} with auto actions accepted")
        assert state_digest(game) == before


def test_a_move_that_leaves_the_round_where_the_reference_stops_is_refused_live() -> None:
    """1846 playout seed 61735 (issue 23 item 9): IC's pass at the end of its buy-train step leaves GT's
    BuyTrain remembered as the active step while nothing blocks any more; the reference then cannot take the
    next action (GT's president's sale crashes it).  Replaying the file reaches that state (``stalled``); live
    play refuses the pass with the reason and the playout reports such a stop."""
    from pathlib import Path

    import pytest

    from engine.core.game import STALLS
    from engine.errors import IllegalAction
    from engine.moves.playout import play_one, reference_stall

    data = json.loads((Path(__file__).parent / "data" / "1846_playout_61735_stall.json").read_text())
    stalled = load_game(data)
    assert stalled.round.stalled() and reference_stall(stalled)
    live = load_game(data | {"actions": data["actions"][:-1]})
    before = state_digest(live)
    assert not live.round.stalled()
    with pytest.raises(IllegalAction, match=STALLS):
        live.apply({k: v for k, v in data["actions"][-1].items() if k != "id"})
    assert state_digest(live) == before
    outcome = play_one("1846", 61735, keep_record=True)
    assert outcome.crash is None and outcome.invariant is None
    assert outcome.finished or outcome.stalled
    assert outcome.record is not None
    replayed = load_game(outcome.record)
    assert (replayed.game_end_reason == outcome.reason and not replayed.round.stalled()) or outcome.stalled


def test_check_action_refuses_an_odd_percent_cleanly() -> None:
    import pytest

    from engine.errors import GameError
    from engine.moves.registry import check_action

    actions = _source()["actions"]
    at = next(i for i, a in enumerate(actions) if a["type"] == "buy_shares")
    game = load_game(_source() | {"actions": actions[:at]})
    for odd in ([None], {"a": 1}, "10", 10.5, True):
        with pytest.raises(GameError):
            check_action(game, actions[at] | {"percent": odd})


def test_the_routes_check_reports_a_null_connection_as_the_files_error(tmp_path: Any) -> None:
    from engine.routing.cli import check_game, format_report

    data = _source()
    at = next(i for i, a in enumerate(data["actions"]) if a["type"] == "run_routes" and a["routes"])
    data["actions"][at]["routes"][0]["connections"] = [None]
    path = tmp_path / "null.json"
    path.write_text(json.dumps(data | {"actions": data["actions"][: at + 1]}))
    report = check_game(path)
    assert report.failure is not None and "connections" in report.failure
    assert any("replay stopped" in line for line in format_report(report))


def test_a_reader_that_stops_early_gets_no_broken_pipe_error() -> None:
    import subprocess
    import sys
    from pathlib import Path

    shared_or_skip(GAME_1830)
    proc = subprocess.Popen([sys.executable, "-m", "engine", "replay", str(GAME_1830)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[2])
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before anything is written
    err = proc.stderr.read().decode()
    proc.wait(120)
    assert "BrokenPipe" not in err and "Traceback" not in err, err
    assert proc.returncode in (0, 141)


def test_error_lines_never_repeat_a_hostile_value_in_full() -> None:
    from engine.errors import GameError

    for bend in ({"id": int("9" * 4000)}, {"entity": "x" * 4000}, {"company": "c" * 300}):
        data = _source()
        data["actions"][5] |= bend
        try:
            load_game(data)
        except GameError as exc:
            assert len(str(exc)) < 300, str(exc)[:400]
        else:
            raise AssertionError(f"{bend.keys()} accepted")


def test_running_out_of_memory_while_decoding_is_the_files_size_not_an_engine_bug(tmp_path: Any,
                                                                               monkeypatch: Any) -> None:
    import pytest

    from engine import record as record_module
    from engine.errors import BadFile

    class Huge(bytes):
        def decode(self, *_args: Any, **_kwargs: Any) -> str:
            raise MemoryError

    monkeypatch.setattr(record_module, "read_bounded", lambda _p, _limit: Huge(b"{}"))
    with pytest.raises(BadFile, match="too large to read"):
        GameRecord.load(tmp_path / "any.json")
