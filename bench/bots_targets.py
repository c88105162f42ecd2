"""The bot targets of issue 28, measured with small seeded arena runs (prints numbers; never a test).

    python bench/bots_targets.py --titles 1830,"Irish Gauge" --games 10 --seed 100 [--strong-games 3] [--out DIR]

Per title: Strong vs 3 Random (target: wins >= 95%), Strong vs 3 Beginners (>= 50%), Beginner vs 3 Random
(>= 80%), four Strong bots (end reasons like real games; total final value within 30% of the median of the real
games that ENDED THE SAME WAY, :func:`engine.bots.arena.real_games_totals`: the bots' bank-ended games against the
real bank-ended games, their bankruptcies against real bankruptcies; games the players stopped by hand are left out;
1830's three real games are one bank-ended at 37182 and two bankruptcies at 6480 and 3731, so the median of all
three is a bankruptcy's and says nothing of a game that breaks the bank), decision times
(Beginner median < 50 ms; Strong median < 300 ms, p95 < 1.5 s, max < 5 s; wall clock: run it on an idle machine)
and, for 1830, the four-Strong game's seconds (< 180).  A title for fewer players seats the first ones (1846 2p
Variant: Strong against one).  Each line says PASS or MISS with the measured number; the confidence intervals
are printed with the win rates (10 games give wide intervals: read them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots.arena import format_summary, run
from engine.titles.registry import supported_titles, title_spec

CONFIGS = (
    ("strong_vs_random", "strong,random,random,random", "strong", 0.95),
    ("strong_vs_beginner", "strong,beginner,beginner,beginner", "strong", 0.50),
    ("beginner_vs_random", "beginner,random,random,random", "beginner", 0.80),
)


def seats_for(title: str, seats: list[str]) -> list[str]:
    """``seats`` cut to the most players ``title`` seats (1846 2p Variant: two; the first seat is the one measured)."""
    low, high = title_spec(title).player_range
    return seats[: max(int(low), min(len(seats), int(high)))]


def _line(ok: bool, text: str) -> str:
    return f"  {'PASS' if ok else 'MISS'} {text}"


def shape_lines(summary: dict) -> list[str]:
    """The total-value target of the four-Strong games, one line per way they ended: their median total against
    the median of the real games that ended the same way (a MISS when no real game ended so)."""
    real = summary.get("real_games_total_value_by_reason") or {}
    lines = []
    for reason, total in sorted((summary.get("total_value_by_reason") or {}).items()):
        games = summary["end_reasons"].get(reason, 0)
        if reason not in real:
            ended = ", ".join(f"{r} {v:g}" for r, v in sorted(real.items())) or "none in the fixtures"
            lines.append(
                _line(
                    False,
                    f"{games} game(s) ended by {reason!r} (total {total:g}); no real game ended "
                    f"that way (real games by end reason: {ended})",
                )
            )
            continue
        lines.append(
            _line(
                abs(total - real[reason]) <= 0.3 * real[reason],
                f"{games} game(s) ended by {reason!r}: total final value median {total:g} vs real games "
                f"that ended the same way {real[reason]:g} (within 30%)",
            )
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--titles", default=",".join(supported_titles()))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--strong-games", type=int, default=3, help="games of four Strong bots")
    p.add_argument("--seed", type=int, default=100)
    p.add_argument("--configs", default="all", help="comma separated config names, or all")
    p.add_argument("--out", type=Path, default=None, help="save the four-Strong games here")
    p.add_argument("--json", type=Path, default=None, help="append every summary as a JSON line here")
    args = p.parse_args(argv)
    titles = [t for t in args.titles.split(",") if t]
    wanted = None if args.configs == "all" else set(args.configs.split(","))
    for title in titles:
        print(f"=== {title}", flush=True)
        for name, seats, kind, target in CONFIGS:
            if wanted is not None and name not in wanted:
                continue
            seats = ",".join(seats_for(title, seats.split(",")))
            summary = run(title, seats.split(","), args.games, args.seed)
            print(
                f"--- {name}: python -m engine arena {title!r} --seats {seats} --games {args.games} --seed {args.seed}"
            )
            print(format_summary(summary))
            row = summary["seats"][kind]
            print(
                _line(
                    row["win_rate"] >= target,
                    f"{kind} win rate {row['win_rate']:.2f} (target {target:.2f}, "
                    f"95% CI {row['ci']}; lead over the best other seat "
                    f"{row['lead']:+.0f}, 95% CI {row['lead_ci']})",
                )
            )
            ms = row["decision_ms"]
            if kind == "beginner":
                print(_line(ms["median"] < 50, f"beginner decision median {ms['median']} ms (< 50)"))
            else:
                print(
                    _line(
                        ms["median"] < 300 and ms["p95"] < 1500 and ms["max"] < 5000,
                        f"strong decision median {ms['median']} / p95 {ms['p95']} / max {ms['max']} ms "
                        "(< 300 / 1500 / 5000)",
                    )
                )
            if args.json is not None:
                with args.json.open("a") as fh:
                    fh.write(json.dumps({"config": name, **summary}) + "\n")
            sys.stdout.flush()
        if wanted is None or "strong4" in wanted:
            strong = seats_for(title, ["strong"] * 4)
            summary = run(title, strong, args.strong_games, args.seed, out=args.out)
            print(
                f"--- strong4: python -m engine arena {title!r} --seats {','.join(strong)} "
                f"--games {args.strong_games} --seed {args.seed}"
            )
            print(format_summary(summary))
            for line in shape_lines(summary):
                print(line)
            print(f"  end reasons {summary['end_reasons']}")
            if title == "1830":
                print(
                    _line(
                        summary["game_seconds"]["max"] < 180,
                        f"four-Strong 1830 game max {summary['game_seconds']['max']} s (< 180)",
                    )
                )
            if args.json is not None:
                with args.json.open("a") as fh:
                    fh.write(json.dumps({"config": "strong4", **summary}) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
