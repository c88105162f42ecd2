"""Compare our state with the reference engine's after EVERY raw prefix of real games.

    python bench/prefix_compare.py [--strict] [--no-actions] [--all-entities] [--branch-every N] [--show N]
                                   [FIXTURE.json | TITLE ...]

The traces in shared/reference only hold the state after each action that survives the undo filter.  A game
loaded up to raw position k (as the site does when a player undoes, or when the game is opened mid-way)
also passes through states that a later undo removed: actions that were tried and taken back.  This tool
loads every prefix k = 0 .. len(actions) in both engines and compares them field by field: the trace fields
(round, step, entity, cash, shares, trains, tiles ...) and, unless --no-actions, the action types the
current entity may take (with --all-entities: what every player, corporation, minor and company may take).
With --branch-every N it also leaves the game's path: at every N-th prefix the reference lists a few actions
the current entity may take (a pass, a withhold, per corporation the sale of its largest sellable bundle, the
purchase of the first buyable certificate); both engines apply each and the results are compared.

The reference side is bench/ref_prefix_states.rb run in the reference engine checkout (env
REFERENCE_ENGINE, default /work/reference-engine).  Each divergence episode (a run of differing prefixes) is
printed with its first differences and both engines' last log lines; the summary gives the numbers.
Exit status 0 when every prefix matches, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.setrecursionlimit(20_000)

from engine import build_game  # noqa: E402
from engine.errors import GameError  # noqa: E402
from engine.record import GameRecord  # noqa: E402
from engine.titles.registry import fixture_folder, supported_titles  # noqa: E402
from engine.trace import diff_states, state_of  # noqa: E402

FIXTURES = (ROOT / ".." / "shared" / "fixtures").resolve()
REFERENCE_ENGINE = Path(os.environ.get("REFERENCE_ENGINE", "/work/reference-engine"))
DUMPER = ROOT / "bench" / "ref_prefix_states.rb"
IGNORED_ACTIONS = {"end_game", "log", "message"}


def reference_prefix_states(path: Path, strict: bool = False, all_entities: bool = False,
                            branch_every: int = 0) -> Iterator[dict[str, Any]]:
    """The reference engine's ``{"k", "state", "error", "log"[, "branch"]}`` for every raw prefix of ``path``."""
    cmd = ["ruby", "-Ishim", str(DUMPER), str(path.resolve())]
    cmd += (["strict"] if strict else []) + (["all"] if all_entities else [])
    cmd += [f"branch={branch_every}"] if branch_every else []
    with subprocess.Popen(cmd, cwd=REFERENCE_ENGINE, stdout=subprocess.PIPE, text=True) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            yield json.loads(line)
        if proc.wait() != 0:
            raise RuntimeError(f"reference dumper failed on {path} (exit {proc.returncode})")


def _action_types(game: Any, entity: Any) -> list[str]:
    found = game.round.actions_for(entity) if entity is not None else []
    return sorted({a for a in found if a not in IGNORED_ACTIONS and not a.startswith("program_")})


def _actions_now(game: Any) -> list[str]:
    """The action types the current entity may take (as the state's ``entity``)."""
    entity = game.round.current_entity()
    if entity is None and game.actions:
        entity = game.resolve_entity(game.actions[-1])
    return _action_types(game, entity)


def _all_actions(game: Any) -> dict[str, list[str]]:
    """What every player, corporation, minor and open company may do now (those with anything)."""
    out: dict[str, list[str]] = {}
    kinds = (("player", game.players), ("corporation", game.corporations), ("minor", game.minors),
             ("company", [c for c in game.companies if not c.closed]))
    for kind, entities in kinds:
        for entity in entities:
            found = _action_types(game, entity)
            if found:
                out[f"{kind}:{entity.id}"] = found
    return out


def describe(game: Any, actions: bool = True, all_entities: bool = False) -> dict[str, Any]:
    """The compared state: the trace fields, the current entity's actions, optionally everyone's."""
    try:
        state = state_of(game)
        if actions:
            state["actions"] = _actions_now(game)
        if all_entities:
            state["all_actions"] = _all_actions(game)
    except Exception as exc:  # a state we cannot even describe is a finding too
        state = {"dump_error": f"{type(exc).__name__}: {exc}"}
    return state


def our_branch(game: Any, action: dict[str, Any], actions: bool = True,
               all_entities: bool = False) -> dict[str, Any]:
    """Our state after ``action`` applied to a copy of ``game`` (the game itself is left as it is)."""
    trial = game.copy()
    error = None
    try:
        trial.process_action(dict(action))
    except GameError as exc:
        error = f"{type(exc).__name__}: {exc}"
    return {"state": describe(trial, actions, all_entities), "error": error, "log": trial.log_lines[-8:]}


def our_prefix_states(record: GameRecord, strict: bool = False, actions: bool = True,
                      all_entities: bool = False) -> Iterator[dict[str, Any]]:
    """Our ``{"k", "state", "error", "log"}`` for every raw prefix, built the way the reference dumper builds
    its own: undo/redo rebuild the game from the raw prefix, any other action is applied to the game so far;
    after a refused action nothing more is applied until the next rebuild (as a load stops)."""
    raw = record.actions

    def rebuild(k: int) -> tuple[Any, str | None]:
        game = build_game(record, strict=strict)
        try:
            for _ in game.replay(raw[:k]):
                pass
        except GameError as exc:
            return game, f"{type(exc).__name__}: {exc}"
        return game, None

    def emit(k: int, game: Any, error: str | None) -> dict[str, Any]:
        return {"k": k, "state": describe(game, actions, all_entities), "error": error,
                "log": game.log_lines[-8:], "game": game}

    game, error = rebuild(0)
    yield emit(0, game, error)
    for index, data in enumerate(raw):
        k = index + 1
        if data.get("type") in ("undo", "redo"):
            game, error = rebuild(k)
        elif error is None:
            try:
                game.process_action(data, index)
            except GameError as exc:
                error = f"{type(exc).__name__}: {exc}"
        yield emit(k, game, error)


def _differences(mine: dict[str, Any], theirs: dict[str, Any], actions: bool) -> list[str]:
    if not actions:
        theirs["state"].pop("actions", None)
    diffs = diff_states(mine["state"], theirs["state"])
    if (mine["error"] is None) != (theirs["error"] is None):
        diffs.insert(0, f"refused: ours={mine['error']!r} reference={theirs['error']!r}")
    return diffs


def _episodes(differing: list[int]) -> list[list[int]]:
    runs: list[list[int]] = []
    for k in differing:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def compare_fixture(path: Path, strict: bool = False, actions: bool = True, all_entities: bool = False,
                    branch_every: int = 0, show: int = 6, out: Any = sys.stdout) -> dict[str, Any]:
    """Compare every prefix of one fixture; print the divergence episodes; return the counts."""
    record = GameRecord.load(path)
    raw = record.actions
    ours = our_prefix_states(record, strict=strict, actions=actions, all_entities=all_entities)
    differing: list[int] = []
    details: dict[int, tuple[list[str], dict[str, Any], dict[str, Any]]] = {}
    compared = 0
    refused = 0
    branches: list[tuple[int, list[str], dict[str, Any], dict[str, Any]]] = []
    tried = 0
    for theirs in reference_prefix_states(path, strict=strict, all_entities=all_entities,
                                          branch_every=branch_every):
        mine = next(ours)
        k = theirs["k"]
        assert mine["k"] == k
        compared += 1
        refused += theirs["error"] is not None
        diffs = _differences(mine, theirs, actions)
        if diffs:
            differing.append(k)
            details[k] = (diffs, mine, theirs)
        for their_branch in theirs.get("branches", ()):
            tried += 1
            branch = our_branch(mine["game"], their_branch["action"], actions, all_entities)
            bdiffs = _differences(branch, their_branch, actions)
            if bdiffs:
                branches.append((k, bdiffs, branch, their_branch))
    episodes = _episodes(differing)
    name = f"{path.parent.name}/{path.name}"
    for run in episodes:
        k = run[0]
        diffs, mine, theirs = details[k]
        action = raw[k - 1] if k else {"type": "start"}
        print(f"{name}: prefixes {run[0]}..{run[-1]} differ ({len(run)}); first after raw[{k - 1}] "
              f"{action.get('type')} by {action.get('entity')} (id {action.get('id')})", file=out)
        for d in diffs[:show]:
            print(f"    {d}", file=out)
        if len(diffs) > show:
            print(f"    ... {len(diffs) - show} more", file=out)
        print(f"    ours log: {mine['log'][-4:]}", file=out)
        print(f"    ref  log: {theirs['log'][-4:]}", file=out)
    for k, bdiffs, branch, theirs_branch in branches:
        action = theirs_branch["action"]
        detail = {key: v for key, v in action.items() if key not in ("type", "entity", "entity_type", "id")}
        print(f"{name}: after prefix {k}, {action['type']} {detail or ''} by {action['entity']} differs", file=out)
        for d in bdiffs[:show]:
            print(f"    {d}", file=out)
        print(f"    ours log: {branch['log'][-4:]}", file=out)
        print(f"    ref  log: {theirs_branch['log'][-4:]}", file=out)
    undone = sum(a.get("type") in ("undo", "redo") for a in raw)
    summary = {"fixture": name, "prefixes": compared, "differing": len(differing), "episodes": len(episodes),
               "undo_redo": undone, "refused": refused, "branches": tried, "branches_differing": len(branches)}
    print(f"{name}: {compared} prefixes ({undone} undo/redo, {refused} after a refused action), "
          f"{len(differing)} differ in {len(episodes)} episodes"
          + (f"; {tried} branch actions tried, {len(branches)} differ" if branch_every else ""), file=out)
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help="fixture files or titles (default: every supported title)")
    parser.add_argument("--strict", action="store_true", help="both engines check every rule, as in live play")
    parser.add_argument("--no-actions", action="store_true", help="do not compare the current entity's actions")
    parser.add_argument("--all-entities", action="store_true",
                        help="also compare what every player, corporation, minor and company may do")
    parser.add_argument("--branch-every", type=int, default=0, metavar="N",
                        help="at every N-th prefix, also compare the states after a few actions the current entity "
                             "may take (pass, withhold, sell a bundle per corporation, buy a certificate)")
    parser.add_argument("--show", type=int, default=6, help="differences printed per episode")
    args = parser.parse_args()
    paths: list[Path] = []
    for target in args.targets or supported_titles():
        p = Path(target)
        if p.suffix == ".json":
            paths.append(p)
        else:
            paths.extend(sorted((FIXTURES / fixture_folder(target)).glob("*.json")))
    if not paths:
        print(f"no fixtures found (looked in {FIXTURES})")
        return 0
    if not (REFERENCE_ENGINE / DUMPER.name).exists() and not (REFERENCE_ENGINE / "18xx").is_dir():
        print(f"no reference engine at {REFERENCE_ENGINE}")
        return 0
    totals = {"prefixes": 0, "differing": 0, "episodes": 0, "refused": 0, "branches": 0, "branches_differing": 0}
    for path in paths:
        summary = compare_fixture(path, strict=args.strict, actions=not args.no_actions,
                                  all_entities=args.all_entities, branch_every=args.branch_every, show=args.show)
        for key in totals:
            totals[key] += summary[key]
    print(f"TOTAL: {len(paths)} fixtures, {totals['prefixes']} prefixes ({totals['refused']} after a refused "
          f"action), {totals['differing']} differ in {totals['episodes']} episodes; {totals['branches']} branch "
          f"actions tried, {totals['branches_differing']} differ")
    return 1 if totals["differing"] else 0


if __name__ == "__main__":
    sys.exit(main())
