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

    python bench/bots_targets.py --all --games 1 --strong-games 1 --seed 700 --json sweep.jsonl [--out DIR]
    python bench/bots_targets.py --table sweep.jsonl

``--all``: every supported title (``--titles`` narrows it), one compact line per title instead of the summaries
(and the table again at the end): each config's wins/games, crashes (an exception in a game: the sweep goes on with
the next config), games that did not end by the rules (action cap, a problem, a reference stall or loop), the
four-Strong games' end reasons and total final value against the real games that ended the same way, and the
decision times.  ``--table FILE`` prints that table from the JSON lines of earlier runs (two runs with different
``--configs`` merge: the last line of a title and config counts).
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
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


#: arena end reasons of a game that did not end by the rules
NOT_ENDED = ("action cap", "problem", "reference stall", "reference loop")
SHORT = {"strong_vs_random": "S>3R", "strong_vs_beginner": "S>3B", "beginner_vs_random": "B>3R"}


def _crash_summary(title: str, config: str, seats: str, games: int, seed: int, exc: BaseException) -> dict:
    """A config whose games raised: the sweep's record of it (the exception's last frame and message)."""
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    where = f"{Path(frame.filename).name}:{frame.lineno}"
    return {
        "config": config,
        "title": title,
        "games": games,
        "seed": seed,
        "seats_arg": seats,
        "crash": f"{type(exc).__name__} at {where}: {exc}"[:300],
    }


def compact_row(title: str, rows: dict[str, dict]) -> str:
    """One line for ``title`` from its configs' summaries (``rows``: config name -> summary or crash record)."""
    cells = [f"{title[:26]:<26}"]
    crashes: list[str] = []
    not_ended = 0
    problems: list[str] = []
    strong_ms: list[dict] = []
    beginner_ms: list[dict] = []
    for name, _seats, kind, target in CONFIGS:
        row = rows.get(name)
        if row is None:
            cells.append(f"{SHORT[name]} {'-':<9}")
            continue
        if "crash" in row:
            crashes.append(f"{SHORT[name]} seed {row['seed']}: {row['crash']}")
            cells.append(f"{SHORT[name]} {'CRASH':<9}")
            continue
        seat = row["seats"][kind]
        mark = "ok" if seat["win_rate"] >= target else "MISS"
        cells.append(f"{SHORT[name]} {seat['wins']:g}/{seat['games']} {mark:<4}")
        not_ended += sum(v for r, v in row["end_reasons"].items() if r in NOT_ENDED)
        problems.extend(row.get("problems", []) + row.get("replay_mismatches", []))
        for k, ms in ((k, r["decision_ms"]) for k, r in row["seats"].items()):
            (strong_ms if k == "strong" else beginner_ms if k == "beginner" else []).append(ms)
    four = rows.get("strong4")
    if four is None:
        cells.append("4S -")
    elif "crash" in four:
        crashes.append(f"4S seed {four['seed']}: {four['crash']}")
        cells.append("4S CRASH")
    else:
        not_ended += sum(v for r, v in four["end_reasons"].items() if r in NOT_ENDED)
        problems.extend(four.get("problems", []) + four.get("replay_mismatches", []))
        strong_ms.append(four["seats"]["strong"]["decision_ms"])
        real = four.get("real_games_total_value_by_reason") or {}
        shapes = []
        for reason, total in sorted((four.get("total_value_by_reason") or {}).items()):
            ref = real.get(reason)
            ok = ref is not None and abs(total - ref) <= 0.3 * ref
            shapes.append(
                f"{reason} {four['end_reasons'].get(reason, 0)}x {total:g}/"
                + (f"{ref:g}" if ref is not None else "none")
                + ("" if ok or not real else " MISS")  # a title without real games has no shape to miss
            )
        cells.append("4S " + "; ".join(shapes))
    if strong_ms:
        med = max(m["median"] for m in strong_ms)
        p95 = max(m["p95"] for m in strong_ms)
        top = max(m["max"] for m in strong_ms)
        ok = med < 300 and p95 < 1500 and top < 5000
        cells.append(f"S ms {med:.0f}/{p95:.0f}/{top:.0f}{'' if ok else ' MISS'}")
    if beginner_ms:
        med = max(m["median"] for m in beginner_ms)
        cells.append(f"B ms {med:.0f}{'' if med < 50 else ' MISS'}")
    cells.append(f"unended {not_ended}")
    line = " | ".join(cells)
    for c in crashes:
        line += f"\n    CRASH {c}"
    for p in problems:
        line += f"\n    PROBLEM {p}"
    return line


def table_from_json(paths: list[Path]) -> str:
    """The compact table from JSON lines written by ``--json`` (later lines of a title and config win)."""
    by_title: dict[str, dict[str, dict]] = {}
    for path in paths:
        for text in path.read_text().splitlines():
            if text.strip():
                row = json.loads(text)
                by_title.setdefault(row["title"], {})[row["config"]] = row
    order = [t for t in supported_titles() if t in by_title] + [t for t in by_title if t not in supported_titles()]
    return "\n".join(compact_row(t, by_title[t]) for t in order)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--titles", default=",".join(supported_titles()))
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--strong-games", type=int, default=3, help="games of four Strong bots")
    p.add_argument("--seed", type=int, default=100)
    p.add_argument("--configs", default="all", help="comma separated config names, or all")
    p.add_argument("--out", type=Path, default=None, help="save the four-Strong games here")
    p.add_argument("--json", type=Path, default=None, help="append every summary as a JSON line here")
    p.add_argument("--all", action="store_true", help="every supported title, one compact line per title")
    p.add_argument("--table", type=Path, nargs="+", default=None, help="print the compact table from JSON lines")
    args = p.parse_args(argv)
    if args.table is not None:
        print(table_from_json(args.table))
        return 0
    titles = [t for t in args.titles.split(",") if t]
    wanted = None if args.configs == "all" else set(args.configs.split(","))
    if args.all:
        return sweep(args, titles, wanted)
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


def sweep(args: argparse.Namespace, titles: list[str], wanted: set[str] | None) -> int:
    """``--all``: each title's configs played in turn, a crash recorded and the sweep going on; one line a title."""
    lines = []
    for title in titles:
        rows: dict[str, dict] = {}
        configs = [(name, seats_for(title, seats.split(","))) for name, seats, _k, _t in CONFIGS]
        configs.append(("strong4", seats_for(title, ["strong"] * 4)))
        for name, seats in configs:
            if wanted is not None and name not in wanted:
                continue
            games = args.strong_games if name == "strong4" else args.games
            try:
                summary = {"config": name, **run(title, seats, games, args.seed, out=args.out)}
            except Exception as exc:  # a bot or engine bug: recorded, the sweep goes on
                summary = _crash_summary(title, name, ",".join(seats), games, args.seed, exc)
            rows[name] = summary
            if args.json is not None:
                with args.json.open("a") as fh:
                    fh.write(json.dumps(summary) + "\n")
        lines.append(compact_row(title, rows))
        print(lines[-1], flush=True)
    print("\n".join(["", "=== all titles", *lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
