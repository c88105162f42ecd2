"""Compare the general selection auction (engine/steps/selection_auction.py) with the reference engine's.

    python bench/ref_selection_auction.py [--games 40] [--seed 1]

No supported title uses the general (non-passable) SelectionAuction, so both engines run 1830 with it as the
auction step (1830's privates, 2 to 6 players, B&O's forced par included).  Random legal bids and passes (passes
favoured, to reach the all-pass price cuts and the forced free purchase) are played in our engine; the reference
engine (env REFERENCE_ENGINE, default /work/reference-engine; bench/ref_selection_auction.rb) replays them, and
the state after every action (round, current entity, cash, owners, minimum bids) is compared.  Prints the first
difference per game and ``selection auction vs reference: N games, N actions, N differ (N with price cuts, N with
a free company)``.  Exit status 0 when no game differs.
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

from engine.moves.registry import legal_moves  # noqa: E402
from engine.steps.auction import CompanyPendingPar  # noqa: E402
from engine.steps.selection_auction import SelectionAuction  # noqa: E402
from engine.titles.g1830.rules import Game1830  # noqa: E402

REFERENCE_ENGINE = Path(os.environ.get("REFERENCE_ENGINE", "/work/reference-engine"))


class SelectionAuction1830(Game1830):
    def auction_round_steps(self) -> list[Any]:
        return [CompanyPendingPar, SelectionAuction]


def state(game: Any) -> dict[str, Any]:
    entity = game.round.current_entity()
    return {
        "round": {"Auction": "Auction", "Stock": "Stock"}.get(game.round.NAME, game.round.NAME),
        "entity": entity.id if entity is not None else None,
        "cash": [p.cash for p in game.players],
        "owners": {c.sym: (c.owner.id if getattr(c.owner, "is_player", False) else None) for c in game.companies},
        "min_bids": {c.sym: c.min_bid for c in game.companies},
    }


def play(seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], bool, bool]:
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    game = SelectionAuction1830([(i, f"P{i}") for i in range(1, n + 1)], seed=1)
    actions: list[dict[str, Any]] = []
    states: list[dict[str, Any]] = []
    while game.round.NAME == "Auction" and len(actions) < 400:
        moves = [m for m in legal_moves(game).moves if m.type in ("bid", "pass", "par")]
        if not moves:
            break
        passes = [m for m in moves if m.type == "pass"]
        move = rng.choice(passes) if passes and rng.random() < 0.5 else rng.choice(moves)
        action = move.sample(rng)
        action["id"] = len(actions) + 1
        game.process_action(action)
        actions.append(action)
        states.append(state(game))
    players = [{"id": p.id, "name": p.name} for p in sorted(game.players, key=lambda p: p.id)]
    cut = any("minimum bid decreases" in line for line in game.log_lines)
    free = any(c.min_bid <= 0 for c in game.companies)
    return {"players": players, "actions": actions}, states, cut, free


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = [play(seed) for seed in range(args.seed, args.seed + args.games)]
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        for record, *_ in games:
            fh.write(json.dumps(record) + "\n")
        path = fh.name
    script = ROOT / "bench" / "ref_selection_auction.rb"
    done = subprocess.run(["ruby", "-Ishim", str(script), path], cwd=REFERENCE_ENGINE, capture_output=True,
                          text=True, check=False)
    os.unlink(path)
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
        return 2
    differ = actions = cuts = free = 0
    for (record, ours, cut, was_free), line in zip(games, done.stdout.splitlines(), strict=True):
        theirs = json.loads(line)
        actions += len(ours)
        cuts += cut
        free += was_free
        for index, (mine, reference) in enumerate(zip(ours, theirs, strict=False)):
            if mine != reference:
                differ += 1
                print(f"game with {len(record['players'])} players, after action {index + 1} "
                      f"{record['actions'][index]}:\n  ours      {mine}\n  reference {reference}")
                break
        else:
            if len(ours) != len(theirs):
                differ += 1
                print(f"game with {len(record['players'])} players: {len(ours)} states, reference {len(theirs)}")
    print(f"selection auction vs reference: {len(games)} games, {actions} actions, {differ} differ "
          f"({cuts} with price cuts, {free} with a free company)")
    return 0 if differ == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
