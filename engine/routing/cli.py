"""``python -m engine routes FILE.json [FILE ...] --check``: the optimiser against the players.

Replays each game; before every ``run_routes`` it computes the best run for that position and
compares it with the revenue the players submitted (``--method``: force one of the optimiser's
methods, e.g. ``cpsat``; ``--positions N``: only the first N ``run_routes`` of each game).  Per game it prints how many are equal,
how many ours pays more (the first few, with positions and amounts), how many ours pays
*less* (a bug: must be zero) and the time per computation (median, p95, max).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["CheckReport", "Position", "add_parser", "check_game", "percentile", "positions", "run"]

METHODS = ("auto", "cpsat", "sequences", "lagrange", "joint", "routes")


@dataclass(slots=True)
class Position:
    """One ``run_routes`` of a game: where, who, what the players got, what we found, how long."""

    index: int
    action_id: Any
    entity: str
    submitted: int
    optimum: int
    seconds: float
    error: str | None = None
    #: why the players' revenue cannot be trusted (a stored route the rules do not allow)
    unverifiable: str | None = None


@dataclass(slots=True)
class CheckReport:
    path: str
    title: str = ""
    positions: list[Position] = field(default_factory=list)
    failure: str | None = None

    @property
    def equal(self) -> list[Position]:
        return [p for p in self.positions if p.error is None and p.optimum == p.submitted]

    @property
    def higher(self) -> list[Position]:
        return [p for p in self.positions if p.error is None and p.optimum > p.submitted]

    @property
    def lower(self) -> list[Position]:
        return [p for p in self.positions if p.error is None and p.optimum < p.submitted and not p.unverifiable]

    @property
    def illegal_submitted(self) -> list[Position]:
        """Positions where the players' stored revenue beats ours with a route the rules refuse."""
        return [p for p in self.positions if p.error is None and p.optimum < p.submitted and p.unverifiable]

    @property
    def errors(self) -> list[Position]:
        return [p for p in self.positions if p.error is not None]


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` in 0..1)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(fraction * len(ordered) + 0.5)))
    return ordered[rank - 1]


def submitted_revenue(game: Any, data: Mapping[str, Any]) -> int:
    """What the players' ``run_routes`` earns (stored revenues, else computed by the engine)."""
    from engine.steps.route import build_routes

    routes = build_routes(game, list(data.get("routes") or []))
    return sum(route.revenue() for route in routes)


def illegal_stored_route(game: Any, data: Mapping[str, Any]) -> str | None:
    """For a ``run_routes`` whose routes carry only ``hexes`` (old exports: the revenue is
    stored and trusted, the track cannot be rebuilt): the first route that no valid route of its
    train matches (its ``hexes`` being the stops, or every hex crossed, in order), as text; None
    when every route has a valid match."""
    from engine.routing.optimiser import route_entity, train_routes

    entity = route_entity(game)
    for entry in data.get("routes") or []:
        if entry.get("connections") or not entry.get("hexes"):
            continue
        wanted = list(entry["hexes"])
        train = game.train_by_id(entry["train"])
        found = False
        for candidate in train_routes(game, entity, train):
            stops = [stop.hex.id for stop in candidate.stops if stop.hex is not None]
            crossed: list[str] = []
            for leg in candidate.legs:
                for path in leg.paths:
                    if path.hex is not None and (not crossed or crossed[-1] != path.hex.id):
                        crossed.append(path.hex.id)
            if wanted in (stops, stops[::-1], crossed, crossed[::-1]):
                found = True
                break
        if not found:
            return f"no valid route of {train.id} runs {'-'.join(wanted)}"
    return None


def positions(path: str | Path) -> Iterator[tuple[int, Mapping[str, Any], Any]]:
    """Replay the game at ``path``; yield ``(position, action, game)`` before each ``run_routes``
    (the game is live: read it, do not change it)."""
    from engine import build_game
    from engine.core.history import filter_actions
    from engine.record import GameRecord

    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        if data.get("type") == "run_routes":
            from engine.actions import Action

            # checked first, as a replay checks it: a malformed route (a null connection...) stops the replay
            # with the file's error instead of failing while its revenue is worked out
            Action.from_dict(data, position, action_types=getattr(game, "ACTION_TYPES", None))
            yield position, data, game
        game.process_action(data, position)


def check_game(path: str | Path, compute: Callable[[Any], int] | None = None, method: str = "auto",
               limit: int | None = None) -> CheckReport:
    """Compare the optimum (by ``method``) with the players' revenue at every ``run_routes`` of
    one game (the first ``limit`` of them)."""
    from engine.errors import GameError
    from engine.routing.optimiser import best_routes

    report = CheckReport(str(path))

    def optimum(game: Any) -> int:
        return best_routes(game, method=method).total

    compute = compute or optimum
    try:
        for position, data, game in positions(path):
            if limit is not None and len(report.positions) >= limit:
                break
            report.title = game.title
            submitted = submitted_revenue(game, data)
            start = time.perf_counter()
            error = None
            try:
                found = compute(game)
            except Exception as exc:  # report and go on: every position is checked
                found, error = -1, f"{type(exc).__name__}: {exc}"
            seconds = time.perf_counter() - start
            unverifiable = illegal_stored_route(game, data) if error is None and found < submitted else None
            report.positions.append(Position(position, data.get("id"), str(data.get("entity")), submitted, found,
                                             seconds, error, unverifiable))
    except GameError as exc:
        report.failure = str(exc)
    return report


def format_report(report: CheckReport, show: int = 5) -> list[str]:
    lines = [f"{report.path} ({report.title}): {len(report.positions)} run_routes"]
    times = [p.seconds * 1000 for p in report.positions]
    lines.append(f"  equal {len(report.equal)}, ours higher {len(report.higher)}, ours LOWER {len(report.lower)}, "
                 f"errors {len(report.errors)}, players' stored route illegal {len(report.illegal_submitted)}")
    for p in report.higher[:show]:
        lines.append(f"    higher at action {p.index} (id {p.action_id}, {p.entity}): "
                     f"{p.optimum} vs {p.submitted} submitted (+{p.optimum - p.submitted})")
    for p in report.lower:
        lines.append(f"    LOWER at action {p.index} (id {p.action_id}, {p.entity}): {p.optimum} vs {p.submitted}")
    for p in report.illegal_submitted:
        lines.append(f"    players' stored route illegal at action {p.index} (id {p.action_id}, {p.entity}): "
                     f"{p.submitted} submitted vs {p.optimum}: {p.unverifiable}")
    for p in report.errors[:show]:
        lines.append(f"    error at action {p.index} (id {p.action_id}, {p.entity}): {p.error}")
    if times:
        lines.append(f"  time per computation: median {statistics.median(times):.1f} ms, "
                     f"p95 {percentile(times, 0.95):.1f} ms, max {max(times):.1f} ms")
    if report.failure:
        lines.append(f"  replay stopped: {report.failure}")
    return lines


def cmd_routes(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        report = check_game(path, method=args.method, limit=args.positions)
        for line in format_report(report):
            print(line)
        if report.lower or report.errors or report.failure:
            status = 1
    return status


def _arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", type=Path, nargs="+")
    p.add_argument("--check", action="store_true", help="compare with the submitted revenue (the default)")
    p.add_argument("--method", choices=METHODS, default="auto", help="the optimiser's method (default: auto)")
    p.add_argument("--positions", type=int, default=None, metavar="N", help="only the first N run_routes per game")


def add_parser(sub: Any) -> None:
    """Register ``routes`` on the ``python -m engine`` sub-command parser."""
    p = sub.add_parser("routes", help="best routes at every run_routes of a game, compared with the players'")
    _arguments(p)
    p.set_defaults(func=cmd_routes)


def run(argv: Sequence[str], prog: str) -> int:
    """The ``routes`` command on its own (the packaged program's ``tracklayer routes``); exit code 1
    when ours pays less than the players somewhere, or a computation fails."""
    parser = argparse.ArgumentParser(prog=prog, description="Best routes at every run_routes of a game, "
                                                             "compared with the players'")
    _arguments(parser)
    args = parser.parse_args(list(argv))
    from engine.__main__ import run_piped

    return run_piped(lambda: cmd_routes(args))
