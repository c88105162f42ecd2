"""Check our auction-bid programs (engine.programs) against the reference engine's live evaluation.

    python bench/program_check.py [--games N] [--seed S] [--titles 1830,1889,18Chesapeake] [--reference DIR]

Plays the private-company auction of new games with random legal moves; before some moves a random player sets
a random ``program_auction_bid`` (a random target, maximum, buy price, pass-after).  After every action our
engine's programs give the auto actions the site would record (``engine.programs.programmed_after``).  The same
actions (without auto actions) are then processed live by the reference engine (``bench/ref_programs.rb``:
``process_action(add_auto_actions: true)``), and the two lists of auto actions are compared action by action.
Prints per title the games, actions, actions with auto actions, and the first differences.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import build_game  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.errors import GameError  # noqa: E402
from engine.moves.misc import auction_program_moves  # noqa: E402
from engine.moves.registry import legal_moves  # noqa: E402
from engine.programs import programmed_after  # noqa: E402
from engine.record import GameRecord  # noqa: E402

DEFAULT_REFERENCE = Path(os.environ.get("TRACKLAYER_REFERENCE", "/work/reference-engine"))
PLAYERS = {"1830": 4, "1889": 4, "18Chesapeake": 4}
#: seconds the reference engine gets for one game's auction (it answers in ~2 s; more means it hangs)
REF_TIMEOUT = 20


def plain(actions: list[Any]) -> list[dict[str, Any]]:
    out = []
    for a in actions:
        d = a.to_dict() if isinstance(a, Action) else dict(a)
        out.append({k: v for k, v in d.items() if k not in ("id", "created_at", "user")})
    return out


def play(title: str, seed: int, rng: random.Random) -> tuple[dict[str, Any], list[list[dict[str, Any]]]]:
    """One auction round played at random with programs: the game file (actions without auto actions) and our
    auto actions per action."""
    record = GameRecord.new(title, [f"P{i + 1}" for i in range(PLAYERS[title])], seed=seed)
    game = build_game(record)
    game.finish_loading()
    actions: list[dict[str, Any]] = []
    ours: list[list[dict[str, Any]]] = []
    while getattr(game.round, "auction", False) and not game.finished and len(actions) < 200:
        if rng.random() < 0.35:
            player = rng.choice(game.players)
            options = list(auction_program_moves(game, player))
            if not options:
                break
            data = rng.choice(options).sample(rng)
        else:
            moves = [m for m in legal_moves(game).moves if m.type in ("bid", "pass")]
            if not moves:
                break
            data = rng.choice(moves).sample(rng)
        data = {**data, "id": game.current_action_id() + 1}
        action = Action.from_dict(data, action_types=game.ACTION_TYPES)
        try:
            autos = programmed_after(game, action)
        except GameError as exc:  # refused: compared with the reference's error
            actions.append(data)
            ours.append([{"error": exc.message}])
            break
        game.apply(action.copy_with(auto_actions=autos))
        actions.append(data)
        ours.append(plain(autos))
    raw = dict(record.raw)
    raw["actions"] = actions
    return raw, ours


def reference(raw: dict[str, Any], ref_dir: Path) -> tuple[list[dict[str, Any]], bool]:
    """The reference's line per action, and whether it stopped answering (it loops for ever when a program's
    own move is refused: it asks the program again and again)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(raw, handle)
    out = handle.name + ".out"
    try:
        with open(out, "w") as sink:
            try:
                subprocess.run(["ruby", "-Ishim", str(ROOT / "bench" / "ref_programs.rb"), handle.name],
                               cwd=ref_dir, stdout=sink, stderr=subprocess.DEVNULL, timeout=REF_TIMEOUT,
                               check=False)
                hung = False
            except subprocess.TimeoutExpired:
                hung = True
        text = Path(out).read_text()
    finally:
        os.unlink(handle.name)
        if os.path.exists(out):
            os.unlink(out)
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")], hung


def known_difference(ours: list[dict[str, Any]], theirs: list[dict[str, Any]] | None) -> bool:
    """Ours stopped a program because another company is being auctioned where the reference bid on the
    program's target (a bid its waterfall auction takes from a program only)."""
    stop = next((a for a in ours if a.get("type") == "program_disable"), None)
    if stop is None or "chosen instead of" not in str(stop.get("reason")) or not theirs:
        return False
    before = ours[:ours.index(stop)]
    return theirs[:len(before)] == before and theirs[len(before)].get("type") == "bid" \
        and theirs[len(before)].get("entity") == stop.get("entity")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--titles", default="1830,1889,18Chesapeake")
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    args = parser.parse_args()
    failures = 0
    for title in args.titles.split(","):
        games = actions = with_autos = differ = hangs = known = 0
        shown = 0
        for k in range(args.games):
            rng = random.Random(args.seed * 1000 + k)
            raw, ours = play(title, args.seed * 1000 + k, rng)
            theirs, hung = reference(raw, args.reference)
            games += 1
            for i, mine in enumerate(ours):
                if hung and i == len(theirs):
                    # the reference never finished this action; ours stopped the program with its refusal
                    hangs += 1
                    print(f"  {title} game {k} action {i}: the reference loops for ever; ours: {mine}")
                    break
                line = theirs[i] if i < len(theirs) else {"error": "no line (the reference stopped earlier)"}
                got = line.get("auto_actions", []) if not line.get("error") else None
                actions += 1
                with_autos += bool(mine)
                if got != mine and known_difference(mine, got):
                    known += 1
                    break  # the games part here
                if got != mine:
                    differ += 1
                    if shown < 5:
                        shown += 1
                        print(f"  {title} game {k} action {i} {raw['actions'][i]}:\n    ours {mine}\n"
                              f"    reference {got if got is not None else line.get('error')}")
                    break  # the games part here: the rest of this game says nothing more
        failures += differ
        print(f"{title}: {games} games, {actions} actions compared, {with_autos} with auto actions, "
              f"{differ} differ, {hangs} where the reference never finishes, {known} known differences (a program of a "
              "player bidding in another company's auction: the reference records a bid on the program's target, "
              "which no player could make and our engine refuses; ours stops the program)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
