"""Seeded random playouts: ``python -m engine playout TITLE --games N --seed S [--out DIR]``.

Each game picks uniformly among the legal moves of every state (then a concrete action uniformly inside the
chosen move: a bid or price in its range, a certificate among the interchangeable ones) until the game ends
(purchases of a private from another player are left out: they need the seller's agreement; a few rules of
thumb narrow the choice so that players are not ruined at random, :mod:`engine.moves.prudence`), checking after every action that

* the money of the players, corporations, minors and bank together never changes,
* every corporation's certificates add up to 100% and each certificate sits in its owner's holdings,
* (a title on the kernel alone: its own ``invariant_problem`` instead of the two checks above)
* nothing raises (a legal move the engine refuses, or a state with no legal move before the end, counts as a
  crash too).

A game that can never go on in either engine is reported, not played to the action cap: stopped where the
reference would stall (no legal move, as the site's engine), or where it would loop (a run of forced passes
that brings the game back to a state it was in, :class:`LoopWatch`).

Game ``i`` uses seed ``S + i`` for the choice of moves, the number of players and the engine's own seed, so a
failure is reproduced by running that one game again.  ``--out`` saves each finished game as an 18xx.games
export, which our replay must reproduce exactly (checked) and which the reference engine can load.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.game import STALLS
from engine.errors import GameError
from engine.moves.prudence import prudent_action, prudent_moves


@dataclass
class GameOutcome:
    seed: int
    players: int
    actions: int = 0
    finished: bool = False
    reason: str | None = None
    crash: str | None = None
    stalled: str | None = None
    looped: str | None = None
    invariant: str | None = None
    replay_mismatch: str | None = None
    seconds: float = 0.0
    record: dict[str, Any] | None = None


@dataclass
class Summary:
    title: str
    outcomes: list[GameOutcome] = field(default_factory=list)

    @property
    def actions(self) -> int:
        return sum(o.actions for o in self.outcomes)

    @property
    def seconds(self) -> float:
        return sum(o.seconds for o in self.outcomes)

    def count(self, attr: str) -> int:
        return sum(1 for o in self.outcomes if getattr(o, attr))


def certificate_totals(game: Any) -> dict[str, int]:
    """Each corporation's certificates added up (100%; more where a title takes certificates out of play into
    the bank at setup, as 18Chesapeake's two-player game does)."""
    totals: dict[str, int] = {}
    for share in game._shares_by_id.values():
        totals[share.corporation.id] = totals.get(share.corporation.id, 0) + int(share.percent)
    return totals


def invariant_problem(game: Any, cash_total: int, certificates: dict[str, int] | None = None) -> str | None:
    """A description of the first broken invariant, or None.

    Money: players, corporations, minors and bank together hold ``cash_total``; nobody's cash is negative.
    Certificates: each corporation's add up to 100% (``certificates`` gives the starting totals where a title
    keeps some out of play in the bank), the ones in play (outside the bank) to at most 100%, and each sits in
    its owner's holdings exactly once."""
    total = game.cash_total()
    if total != cash_total:
        return f"total cash {total} != {cash_total}"
    may_owe = getattr(game, "negative_cash_allowed", None)
    for entity in (*game.players, *game.corporations, *game.minors):
        if entity.cash < 0 and not (may_owe is not None and may_owe(entity)):
            return f"{game.entity_name(entity)} has negative cash {entity.cash}"
    by_corporation: dict[Any, list[Any]] = {}
    for share in game._shares_by_id.values():
        by_corporation.setdefault(share.corporation, []).append(share)
    bank = game.bank
    total_hook = getattr(game, "certificate_total", None)
    for corporation, shares in by_corporation.items():
        if corporation.closed:
            continue
        expected = (certificates or {}).get(corporation.id, 100)
        if total_hook is not None:
            # a title whose corporation gains certificates during the game says how many it has now (1822MX's NdeM)
            expected = total_hook(corporation) or expected
        percent = 0
        in_play = 0
        owners: dict[int, Any] = {}
        for share in shares:
            percent += share.percent
            owner = share.owner
            if owner is not bank:
                in_play += share.percent
            if owner is not None:
                owners[id(owner)] = owner
        if percent != expected:
            return f"{corporation.name}'s certificates add up to {percent}%, not {expected}%"
        if in_play > max(100, expected):  # 18ZOO's families have 120% (the cousin share)
            return f"{corporation.name}'s certificates in play add up to {in_play}%"
        # each certificate listed exactly once in its owner's holdings (counted per owner: linear, not quadratic)
        listed: dict[int, int] = {}
        for owner in owners.values():
            for s in owner.shares_by_corporation.get(corporation) or ():
                if s.owner is owner:
                    listed[id(s)] = listed.get(id(s), 0) + 1
        for share in shares:
            times = listed.get(id(share), 0) if share.owner is not None else 0
            if times != 1:
                return f"{share.id} is listed {times} times in its owner's holdings"
    return None


def reference_stall(game: Any) -> bool:
    """Has the round stopped the way the reference engine stops (and so must our replays)?  Its cached active
    step is one that has been passed, while the round is not over: after an action closes a corporation in a
    ``close`` cell and its actor has nothing left to do (Game.action_processed).  Live play refuses the actions
    that lead there when another one does not (engine/moves/stock.py); when none does, the game cannot go on in
    either engine (then every move is Unusable with a reason saying so).  In general (``Round.stalled``): the
    remembered active step is not the one a fresh look finds, e.g. 1846 seed 61735, where a corporation's pass
    leaves its president's emergency sale as the only "move", which the reference cannot process; live play
    refuses the move that leads there (``engine.core.live.refuse_stall``)."""
    return not game.finished and game.round.stalled()


#: After this many actions in one round, a random player mostly passes (see :func:`choose`).
LONG_ROUND = 400


def choose(rng: random.Random, choices: list[Any], round_actions: int) -> Any:
    """The move to play: uniform among ``choices``, except in a round that has gone on for ``LONG_ROUND``
    actions, where a pass (when there is one) is taken nine times in ten.  Uniform play can feed itself for
    ever: in 1830's private auction a player whose cash is all committed to bids raises one of them by the $5
    each all-pass round pays him, and never saves the $40 to buy the cheapest private (1830 seeds 100041,
    100066 ran into the 20,000-action cap).  Passing always moves a round on."""
    if round_actions > LONG_ROUND and rng.random() < 0.9:
        passes = [m for m in choices if m.type == "pass"]
        if passes:
            return rng.choice(passes)
    return rng.choice(choices)


#: A run of this many forced passes in a row (the only legal move was a pass) starts the loop watch below.
LOOP_WATCH = 100

#: The game's history, left out of the state a loop repeats: the actions and what they wrote to the log.
HISTORY = frozenset({"actions", "raw_actions", "log_lines", "messages", "programmed_actions", "unchecked"})


def loop_state(game: Any) -> str:
    """The game's whole state (``engine.core.digest``) without its history: equal after a cycle of passes that
    changed nothing."""
    from engine.core.digest import state_digest

    return state_digest(game, HISTORY)


class LoopWatch:
    """Recognises a game that can never go on: a run of forced passes (each state's only legal move a pass)
    that comes back to a state it was in before, history aside.  From there the same passes are forced again,
    in both engines, for ever: 1804 seed 5023, where after the private auction's cheapest private is bought
    nobody has the cash left (the rest committed to bids) to buy the next one, the all-pass rounds pay the
    only private's $0 and the reference's auction goes round for ever.  The watch starts after ``LOOP_WATCH``
    forced passes in a row (a real game never has that many), so a playout pays for the state digests only
    there."""

    def __init__(self, watch_after: int = LOOP_WATCH) -> None:
        self.watch_after = watch_after
        self.forced = 0
        self.seen: dict[str, int] = {}

    def loops(self, game: Any, choices: Sequence[Any], actions: int) -> str | None:
        """Before the move among ``choices`` is played (``actions`` so far): a description of the loop the game
        is in, or None."""
        if len(choices) != 1 or choices[0].type != "pass":
            self.forced = 0
            self.seen.clear()
            return None
        self.forced += 1
        if self.forced <= self.watch_after:
            return None
        key = loop_state(game)
        first = self.seen.get(key)
        if first is None:
            self.seen[key] = actions
            return None
        return (
            f"the state after action {first} comes back after {actions - first} forced passes, "
            f"{self.forced - 1} in a row"
        )


def take_stalling_pass(game: Any) -> None:
    """Every move left stalls the round (each is refused with the reason): take the acting entity's ``pass``
    anyway, unchecked as a replay takes it, so that a saved game ends in the state the reference engine stops
    in (bench/ref_playouts.py checks it refuses any further pass there).  Nothing happens if that is refused."""
    from engine.moves.registry import entity_ref

    entity = game.round.current_entity()
    if entity is None:
        return
    etype, eid = entity_ref(entity)
    action = {"type": "pass", "entity": eid, "entity_type": etype, "id": len(game.raw_actions) + 1}
    trial = game.copy()
    trial.loading = True
    try:
        trial.process_action(action)
    except GameError:
        return
    if not reference_stall(trial):
        return
    game.loading = True
    try:
        game.process_action(action)
    finally:
        game.loading = False


def invariant_checker(title: str, game: Any) -> Callable[[], str | None]:
    """The invariants checked after every action of a playout: the 18xx ones above (money and certificates
    from the starting state), or a kernel title's own (``KernelTitleGame.invariant_problem``)."""
    from engine.titles.registry import is_kernel_title

    if is_kernel_title(title):
        own: Callable[[], str | None] = game.invariant_problem
        return own
    cash_total = game.cash_total()
    certificates = certificate_totals(game)
    return lambda: invariant_problem(game, cash_total, certificates)


def new_game(
    title: str, seed: int, rng: random.Random, players: int | None = None, optional_rules: Sequence[str] = ()
) -> Any:
    from engine.titles.registry import load_title, title_spec

    cls = load_title(title)
    spec = title_spec(title)
    low, high = spec.player_range
    counts = option_player_counts(spec, optional_rules)
    if players is not None:
        n = players
    elif counts == list(range(low, high + 1)):
        n = rng.randint(low, high)
    else:  # an optional rule offered to some player counts only: one of those, so that it is played
        n = rng.choice(counts or list(range(low, high + 1)))
    return cls(
        [(i, f"Player {i}") for i in range(1, n + 1)],
        game_id=seed,
        seed=seed,
        strict=True,
        optional_rules=list(optional_rules),
    )


def option_player_counts(spec: Any, optional_rules: Sequence[str]) -> list[int]:
    """The player counts of ``spec`` for which every one of ``optional_rules`` is kept (a rule offered to some
    counts only, as 1822MRS's ``sw_peninsula`` to two players, is dropped from a game of other counts)."""
    low, high = spec.player_range
    known = {o.sym: o for o in spec.optional_rules}
    return [
        n
        for n in range(low, high + 1)
        if all(known[r].players is None or n in known[r].players for r in optional_rules if r in known)
    ]


def option_problem(title: str, optional_rules: Sequence[str], players: int | None) -> str | None:
    """Why ``optional_rules`` cannot be played in ``title`` (with ``players`` players), or None."""
    from engine.titles.registry import title_spec

    spec = title_spec(title)
    known = {o.sym: o for o in spec.optional_rules}
    unknown = [r for r in optional_rules if r not in known]
    if unknown:
        offered = ", ".join(sorted(known)) or "none"
        return f"{title} has no optional rule {', '.join(unknown)} (its optional rules: {offered})"
    if players is not None:
        for r in optional_rules:
            counts = known[r].players
            if counts is not None and players not in counts:
                return f"{title}: the optional rule {r} is for {' or '.join(map(str, counts))} players, not {players}"
    if not option_player_counts(spec, optional_rules):
        return f"{title}: no player count keeps all of the optional rules {', '.join(optional_rules)}"
    return None


def export(game: Any, seed: int, loops: bool = False) -> dict[str, Any]:
    """The finished game as an 18xx.games export (``loops``: it stops where both engines would go round for
    ever, see :class:`LoopWatch`)."""
    return {
        "id": seed,
        "title": game.title,
        "status": "finished" if game.finished else "active",
        # the players as the game was created (a title may reseat them at random during setup)
        "players": [{"id": pid, "name": name} for pid, name in game.setup_args[0]],
        "settings": {"seed": seed, "optional_rules": list(game.optional_rules)},
        "actions": list(game.raw_actions),
        "result": {str(k): v for k, v in game.result().items()} if game.finished else {},
        "game_end_reason": game.game_end_reason,
        # played live from the start: reopened so (KernelGame.live_from)
        "tracklayer": {
            "program": "Tracklayer playout",
            "live_from": game.live_from,
            **({"unchecked": list(game.unchecked)} if game.unchecked else {}),
            **({"loops": True} if loops else {}),
        },
    }


def play_avoiding_stalls(
    game: Any, choices: Sequence[Any], pick: Callable[[list[Any]], tuple[Any, dict[str, Any]]]
) -> tuple[dict[str, Any], GameError | None]:
    """Play the action ``pick(moves) -> (move, action)`` chooses among ``choices``.  Live play refuses an action
    after which the reference engine would stall the round (the refusal names ``STALLS``): then its move is
    dropped and ``pick`` chooses again among the rest.  Returns the last action tried and, when none was played,
    the last refusal (any other refusal ends the tries at once; a ``None`` move cannot be dropped and ends them
    too).  Random playouts and the bots' arena both play through it."""
    left = list(choices)
    action: dict[str, Any] = {}
    refused: GameError | None = None
    while left:
        move, action = pick(left)
        action["id"] = len(game.raw_actions) + 1
        try:
            game.process_action(action)
            return action, None
        except GameError as exc:
            refused = exc
            if STALLS not in str(exc) or move is None:
                break
            left = [m for m in left if m is not move]  # it would stall the round: another one
    return action, refused


def play_one(
    title: str,
    seed: int,
    players: int | None = None,
    max_actions: int = 20_000,
    keep_record: bool = False,
    optional_rules: Sequence[str] = (),
) -> GameOutcome:
    from engine.moves.registry import legal_moves

    rng = random.Random(seed)
    start = time.perf_counter()
    outcome = GameOutcome(seed=seed, players=0)
    game: Any = None
    try:
        game = new_game(title, seed, rng, players, optional_rules)
        outcome.players = len(game.players)
        check = invariant_checker(title, game)
        round_id, round_actions = id(game.round), 0
        watch = LoopWatch()
        while not game.finished and outcome.actions < max_actions:
            moves = legal_moves(game, keep=True)  # the strict check of the chosen action reuses it
            # A sale between players needs the seller's agreement, which a random player never gives.
            # (unless nothing else is left: a train that must be bought from another president's corporation)
            choices = [m for m in moves.moves if not getattr(m, "needs_consent", False)] or list(moves.moves)
            if not choices:
                where = f"({moves.description}) after {outcome.actions} actions"
                if reference_stall(game) or any(STALLS in u.reason for u in moves.unusable):
                    if not reference_stall(game):
                        take_stalling_pass(game)
                    outcome.stalled = f"the 18xx.games engine stops here too {where}"
                else:
                    outcome.crash = f"no legal move before the end {where}"
                break
            loop = watch.loops(game, choices, outcome.actions)
            if loop is not None:
                outcome.looped = f"the 18xx.games engine loops here too ({loop}: only passes are legal)"
                break
            if id(game.round) != round_id:
                round_id, round_actions = id(game.round), 0
            round_actions += 1

            def pick(left: list[Any], ahead: int = round_actions) -> tuple[Any, dict[str, Any]]:
                move = choose(rng, prudent_moves(game, left), ahead)
                return move, prudent_action(game, move, rng)

            action, refused = play_avoiding_stalls(game, choices, pick)
            if refused is not None:
                if STALLS in str(refused):
                    take_stalling_pass(game)
                    outcome.stalled = (
                        f"the 18xx.games engine stops here too (every move stalls the round: "
                        f"{refused}) after {outcome.actions} actions"
                    )
                else:
                    outcome.crash = f"legal move refused at action {action['id']}: {json.dumps(action)}: {refused}"
                break
            outcome.actions += 1
            problem = check()
            if problem is not None:
                outcome.invariant = f"after action {action['id']} {json.dumps(action)}: {problem}"
                break
        outcome.finished = bool(game.finished)
        outcome.reason = game.game_end_reason
    except Exception as exc:  # a crash: reported, never raised
        where = f" after {outcome.actions} actions" if game is not None else " at setup"
        outcome.crash = f"{type(exc).__name__}: {exc}{where}\n{traceback.format_exc(limit=6)}"
    outcome.seconds = time.perf_counter() - start
    if game is not None and (keep_record or not outcome.finished or outcome.crash or outcome.invariant):
        outcome.record = export(game, seed, loops=outcome.looped is not None)
    return outcome


def replay_matches(record: dict[str, Any]) -> str | None:
    """None when our replay of a saved playout ends exactly as the playout did, else the difference."""
    from engine import load_game

    game = load_game(json.loads(json.dumps(record)))
    ours = {str(k): v for k, v in game.result().items()}
    if ours != record["result"] or game.game_end_reason != record["game_end_reason"] or not game.finished:
        return (
            f"replay gives {ours} ({game.game_end_reason}), playout gave {record['result']} "
            f"({record['game_end_reason']})"
        )
    return None


def progress_line(summary: Summary) -> str:
    n = len(summary.outcomes)
    rate = summary.actions / summary.seconds if summary.seconds else 0.0
    return (
        f"{summary.title}: {summary.count('finished')}/{n} games finished, {summary.actions} actions, "
        f"{summary.count('crash')} crashes, {summary.count('invariant')} invariant breaks, "
        f"{summary.count('stalled')} stopped where the reference would stall, "
        f"{summary.count('looped')} stopped where the reference would loop, "
        f"{summary.count('replay_mismatch')} replay mismatches, {rate:.0f} actions/s "
        f"({summary.seconds:.1f} s)"
    )


def run(
    title: str,
    games: int,
    seed: int,
    out: Path | None = None,
    players: int | None = None,
    max_actions: int = 20_000,
    verbose: bool = False,
    progress: int = 0,
    problems: Path | None = None,
    optional_rules: Sequence[str] = (),
) -> Summary:
    """``out`` saves every game (and replays it); ``problems`` saves only the games that crashed, broke an
    invariant, stopped where the reference would stall or loop (or every game not finished)."""
    summary = Summary(title)
    for folder in (out, problems):
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        outcome = play_one(
            title, seed + i, players, max_actions, keep_record=out is not None, optional_rules=optional_rules
        )
        if out is None and problems is not None and outcome.record is not None and not outcome.finished:
            (problems / f"{title}-{seed + i}.json").write_text(json.dumps(outcome.record))
        if out is not None and outcome.record is not None:
            name = out / f"{title}-{seed + i}.json"
            name.write_text(json.dumps(outcome.record))
            if outcome.finished and not outcome.crash and not outcome.invariant:
                try:
                    outcome.replay_mismatch = replay_matches(outcome.record)
                except Exception as exc:
                    outcome.replay_mismatch = f"replay failed: {type(exc).__name__}: {exc}"
        summary.outcomes.append(outcome)
        if verbose or outcome.crash or outcome.invariant or outcome.replay_mismatch or not outcome.finished:
            status = (
                "CRASH " + outcome.crash
                if outcome.crash
                else "STALL " + outcome.stalled
                if outcome.stalled
                else "LOOP " + outcome.looped
                if outcome.looped
                else "INVARIANT " + outcome.invariant
                if outcome.invariant
                else "REPLAY " + outcome.replay_mismatch
                if outcome.replay_mismatch
                else f"finished ({outcome.reason})"
                if outcome.finished
                else f"unfinished after {outcome.actions} actions (the --max-actions cap)"
            )
            print(
                f"  game seed {outcome.seed} ({outcome.players}p): {outcome.actions} actions, "
                f"{outcome.seconds:.1f} s: {status}",
                flush=True,
            )
        outcome.record = None
        if progress and len(summary.outcomes) % progress == 0:
            print("  ... " + progress_line(summary), flush=True)
    return summary


def cmd_playout(args: argparse.Namespace) -> int:
    rules = [r for r in (args.optional_rules or "").split(",") if r]
    problem = option_problem(args.title, rules, args.players)
    if problem:
        print(f"playout: {problem}")
        return 2
    summary = run(
        args.title,
        args.games,
        args.seed,
        args.out,
        args.players,
        args.max_actions,
        args.verbose,
        args.progress,
        args.problems,
        optional_rules=rules,
    )
    print(progress_line(summary))
    bad = summary.count("crash") + summary.count("invariant") + summary.count("replay_mismatch")
    return 1 if bad else 0


def add_parser(sub: Any) -> None:
    p = sub.add_parser("playout", help="seeded random playouts among legal moves, with invariants")
    p.add_argument("title")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=None, help="save each game as an 18xx.games export here")
    p.add_argument(
        "--problems",
        type=Path,
        default=None,
        help="save only the games that did not finish (crash, invariant, reference stall, cap) here",
    )
    p.add_argument("--players", type=int, default=None, help="number of players (default: random per game)")
    p.add_argument("--optional-rules", default="", help="the title's optional rules, comma separated")
    p.add_argument("--max-actions", type=int, default=20_000)
    p.add_argument("--verbose", action="store_true", help="one line per game")
    p.add_argument("--progress", type=int, default=0, help="print the running totals every N games")
    p.set_defaults(func=cmd_playout)
