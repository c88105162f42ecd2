"""``python -m engine titles``: every supported title, its player range, the folder of its real games and how
many of them replay exactly (the file's own ``result`` and ``game_end_reason``).

With ``--fixtures DIR`` (default ``../shared/fixtures`` when it exists) each supported title's games in
``DIR/<folder>/`` are replayed; the last line counts every game of every folder, the unsupported ones included,
so coverage of the whole corpus is seen at a glance.  ``--no-replay`` only lists the titles.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import GameError
from engine.titles.registry import fixture_folder, is_kernel_title, supported_titles, title_spec

DEFAULT_FIXTURES = Path("../shared/fixtures")


@dataclass
class TitleCoverage:
    title: str
    players: tuple[int, int]
    folder: str | None  # None: no 18xx.games counterpart (a kernel title)
    games: int = 0
    exact: int = 0
    failures: list[str] | None = None


def replays_exactly(path: Path) -> tuple[bool, str]:
    """Does the game file at ``path`` replay to its own result and end reason?  (ok, why not)"""
    from engine import load_game
    from engine.record import GameRecord

    try:
        record = GameRecord.load(path)
        game = load_game(record)
    except GameError as exc:
        return False, str(exc)
    except Exception as exc:  # an engine bug is reported as a failing game, not a crash
        return False, f"engine bug: {type(exc).__name__}: {exc}"
    if not game.finished:
        return False, "did not finish"
    expected = {str(k): v for k, v in (record.result or {}).items()}
    if game.result() != expected:
        return False, f"result {game.result()} != {expected}"
    if game.game_end_reason != record.game_end_reason:
        return False, f"end reason {game.game_end_reason} != {record.game_end_reason}"
    return True, ""


def coverage(fixtures: Path | None) -> list[TitleCoverage]:
    rows = []
    for title in supported_titles():
        spec: Any = title_spec(title)
        lo, hi = spec.player_range
        folder = None if is_kernel_title(title) else fixture_folder(title)
        row = TitleCoverage(title, (lo, hi), folder)
        if fixtures is not None and folder is not None:
            row.failures = []
            for path in sorted((fixtures / folder).glob("*.json")):
                row.games += 1
                ok, why = replays_exactly(path)
                row.exact += ok
                if not ok:
                    row.failures.append(f"{path.name}: {why}")
        rows.append(row)
    return rows


def cmd_titles(args: argparse.Namespace) -> int:
    fixtures: Path | None = args.fixtures
    if args.no_replay:
        fixtures = None
    elif fixtures is None and DEFAULT_FIXTURES.is_dir():
        fixtures = DEFAULT_FIXTURES
    rows = coverage(fixtures)
    if args.json:
        print(json.dumps([row.__dict__ for row in rows]))
        return 0
    width = max(len(row.title) for row in rows)
    for row in rows:
        players = f"{row.players[0]}-{row.players[1]} players"
        if row.folder is None:
            games = "(our own title: no 18xx.games games)"
        elif fixtures is None:
            games = f"fixtures/{row.folder}"
        else:
            games = f"fixtures/{row.folder}: {row.exact} of {row.games} exact"
        print(f"{row.title:<{width}}  {players:<12}  {games}")
        for failure in row.failures or []:
            print(f"{'':<{width}}    {failure}")
    if fixtures is not None:
        folders = [p for p in sorted(fixtures.iterdir()) if p.is_dir()]
        total = sum(len(list(p.glob("*.json"))) for p in folders)
        exact = sum(row.exact for row in rows)
        print(f"{len(rows)} titles supported; {exact} of {total} games in {len(folders)} folders of {fixtures} "
              "replay exactly")
    return 0


def add_parser(sub: Any) -> None:
    p = sub.add_parser("titles", help="the supported titles and how many of their real games replay exactly")
    p.add_argument("--fixtures", type=Path, default=None,
                   help=f"folder of fixture folders (default {DEFAULT_FIXTURES} when present)")
    p.add_argument("--no-replay", action="store_true", help="only list the titles")
    p.add_argument("--json", action="store_true", help="one JSON array")
    p.set_defaults(func=cmd_titles)
