"""``python -m engine moves FILE.json [--check] [--at N]``: the legal moves of a saved game.

``--check`` replays the game and, before every action, checks that the action taken is one of the legal
moves of that state; prints ``covered N/N`` and the first uncovered action with its position.  Without
``--check`` it prints the legal moves after ``--at`` actions (default: at the end).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.history import filter_actions
from engine.errors import GameError
from engine.record import GameRecord


@dataclass
class Coverage:
    total: int = 0
    covered: int = 0
    unenumerated: int = 0  # let through without enumerated moves (messages, programs, steps not enumerated yet)
    tolerated: int = 0  # no legal move, but taken from a record as the reference takes it (Step.tolerates_recorded)
    uncovered: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


def check_record(record: GameRecord, keep_going: bool = True) -> Coverage:
    """Replay ``record`` (as a saved game loads), checking each action against the legal moves first."""
    from engine import build_game
    from engine.moves.registry import check_action

    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    result = Coverage()
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        result.total += 1
        try:
            if not check_action(game, data):
                result.unenumerated += 1
            result.covered += 1
        except GameError as exc:
            if _tolerated(game, data, position):
                result.tolerated += 1
                result.covered += 1
            else:
                result.uncovered.append((position, dict(data), str(exc)))
                if not keep_going:
                    break
        game.process_action(data, position)
    return result


def _tolerated(game: Any, data: Mapping[str, Any], position: int) -> bool:
    from engine.core.actions import Action
    from engine.core.live import tolerated

    try:
        return tolerated(game, Action.from_dict(data, position, action_types=getattr(game, "ACTION_TYPES", None)))
    except GameError:
        return False


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.load(args.file)
        if args.check:
            cov = check_record(record, keep_going=not args.first)
            extra = f" ({cov.unenumerated} let through without enumerated moves)" if cov.unenumerated else ""
            extra += f" ({cov.tolerated} taken from the record as the reference takes them)" if cov.tolerated else ""
            print(f"covered {cov.covered}/{cov.total}{extra}")
            for position, data, reason in cov.uncovered[: args.show]:
                print(f"  uncovered action at position {position} (id {data.get('id')}): "
                      f"{json.dumps(data)[:300]}\n    {reason}")
            return 0 if not cov.uncovered else 1
        from engine import load_game
        from engine.moves.registry import legal_moves

        game = load_game(record, upto=args.at)
        moves = legal_moves(game)
        print(f"{moves.description}; acting: {moves.acting}")
        for move in moves:
            print(f"  {move.entity_type} {move.entity}: {move.describe()}")
        for item in moves.unusable:
            print(f"  (unusable {item.kind} {item.id}{' on ' + item.hex if item.hex else ''}: {item.reason})")
        return 0
    except GameError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1


def add_parser(sub: Any) -> None:
    p = sub.add_parser("moves", help="legal moves of a saved game; --check: every action taken was legal")
    p.add_argument("file", type=Path)
    p.add_argument("--check", action="store_true", help="check every action against the legal moves")
    p.add_argument("--first", action="store_true", help="stop at the first uncovered action")
    p.add_argument("--show", type=int, default=1, help="how many uncovered actions to print")
    p.add_argument("--at", type=int, default=None, help="raw action position to show the moves of")
    p.set_defaults(func=cmd_moves)
