"""Command line: ``python -m engine replay FILE [--json]`` and ``python -m engine trace-diff FIXTURE TRACE``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import build_game
from engine.core.history import filter_actions
from engine.errors import GameError, save_bug_report
from engine.record import GameRecord


def _replay(record: GameRecord, progress: list[int]) -> tuple[Any, int, float]:
    """Replay ``record``; ``progress`` holds the raw position being processed (for error messages)."""
    start = time.perf_counter()
    game = build_game(record)
    applied = 0
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        progress[:] = [position]
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
        applied += 1
    progress.clear()
    return game, applied, time.perf_counter() - start


def _failure(record_source: str, exc: BaseException, position: int | None = None,
             record: GameRecord | None = None) -> str:
    """One line for stderr: the file once, where, and why.  A non-``GameError`` is an engine bug: the line
    says so and names a report file with the details to copy into a bug report."""
    if isinstance(exc, GameError):
        text = str(exc)
        return text if exc.source else f"{record_source}: {text}"
    where = "setup"
    if position is not None:
        where = f"action {position}"
        if record is not None and 0 <= position < len(record.actions):
            data = record.actions[position]
            where += f" ({data.get('type')}, id {data.get('id')})"
    report = save_bug_report(exc, f"{record_source} at {where}")
    tail = f"; details for a bug report are in {report}" if report else ""
    return f"{record_source}: engine bug at {where}: {type(exc).__name__}: {exc}{tail}"


def cmd_replay(args: argparse.Namespace) -> int:
    progress: list[int] = []
    record: GameRecord | None = None
    try:
        record = GameRecord.load(args.file)
        game, applied, seconds = _replay(record, progress)
    except GameError as exc:
        print(_failure(str(args.file), exc), file=sys.stderr)
        return 1
    except Exception as exc:  # an engine bug: still one line, never a traceback
        print(_failure(str(args.file), exc, progress[0] if progress else None, record), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({
            "title": game.title,
            "result": game.result(),
            "game_end_reason": game.game_end_reason,
            "finished": game.finished,
            "actions_applied": applied,
            "seconds": round(seconds, 4),
        }))
    else:
        print(f"{game.title}: {applied} actions in {seconds:.3f} s; finished={game.finished} "
              f"({game.game_end_reason})")
        for pid, value in game.result().items():
            print(f"  {game.player_by_id(pid).name:>20}  {value}")
    return 0


def cmd_trace_diff(args: argparse.Namespace) -> int:
    from engine.trace import diff_states, read_trace, state_of

    try:
        record = GameRecord.load(args.fixture)
        game = build_game(record)
        kept, _ = filter_actions(record.actions)
        trace = read_trace(args.trace)
        start = next(trace)
    except GameError as exc:
        print(_failure(str(args.fixture), exc), file=sys.stderr)
        return 1
    except (OSError, ValueError, StopIteration) as exc:
        print(f"{args.trace}: cannot read the trace ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 1
    differences = diff_states(state_of(game), start["state"])
    if differences:
        print("state differs after setup:")
        for line in differences[: args.max_fields]:
            print("  " + line)
        return 1
    compared = 0
    for entry in trace:
        if entry.get("type") == "end":
            ours = game.result()
            theirs = {str(k): v for k, v in (entry.get("result") or {}).items()}
            if ours != theirs or game.game_end_reason != entry.get("game_end_reason"):
                print(f"final result differs: ours={ours} ({game.game_end_reason}) "
                      f"reference={theirs} ({entry.get('game_end_reason')})")
                return 1
            break
        index = entry["index"]
        # Apply everything up to and including this raw position.
        while len(game.raw_actions) <= index:
            position = len(game.raw_actions)
            data = kept[position]
            if data is None:
                game.raw_actions.append(dict(record.actions[position]))
                continue
            try:
                game.process_action(data, position)
            except Exception as exc:
                print(f"action {position} ({data.get('type')} by {data.get('entity')}, id {data.get('id')}) "
                      f"refused: {exc}")
                return 1
        differences = diff_states(state_of(game), entry["state"])
        compared += 1
        if differences:
            data = record.actions[index]
            print(f"first difference after action {index} (id {data.get('id')}, {data.get('type')} by "
                  f"{data.get('entity')}):")
            print("  " + json.dumps(data)[:300])
            for line in differences[: args.max_fields]:
                print("  " + line)
            return 1
    print(f"identical: {compared} actions compared, result {game.result()} ({game.game_end_reason})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Tracklayer rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay an 18xx.games export")
    p.add_argument("file", type=Path)
    p.add_argument("--json", action="store_true", help="print one JSON line")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("trace-diff", help="compare a replay with a reference trace, action by action")
    p.add_argument("fixture", type=Path)
    p.add_argument("trace", type=Path)
    p.add_argument("--max-fields", type=int, default=25)
    p.set_defaults(func=cmd_trace_diff)
    from engine.routing.cli import add_parser as add_routes_parser

    add_routes_parser(sub)
    from engine.moves import cli as moves_cli
    from engine.moves import playout

    moves_cli.add_parser(sub)
    playout.add_parser(sub)
    from engine.titles import coverage

    coverage.add_parser(sub)
    from engine.bots import arena

    arena.add_parser(sub)
    args = parser.parse_args(argv)
    return run_piped(lambda: int(args.func(args)))


def run_piped(command: Callable[[], int]) -> int:
    """Run a command whose output may go to a reader that stops early (``| head``): then it ends quietly, as
    command-line tools do, instead of printing ``BrokenPipeError``."""
    try:
        result = command()
        sys.stdout.flush()
        return result
    except BrokenPipeError:
        # Python flushes stdout once more on exit: point it at nothing so that does not fail too.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for a tool cut off by its reader


if __name__ == "__main__":
    sys.exit(main())
