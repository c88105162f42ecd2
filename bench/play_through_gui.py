"""Replay a real game through the GUI's gesture layer and compare the result with the file's.

    python bench/play_through_gui.py FILE.json [--limit N] [--verbose]

Opens a fresh game of the file's title, players, seed and optional rules in an offscreen ``MainWindow`` and
plays every action of the file in order: undo and redo through the Edit menu's actions, chat messages through
the session, every other action through the driver registered for its type in ``bench/gui_drivers`` (simulated
drags and drops on the map view, clicks, dialog choices).  An action type without a driver, or whose driver
could not produce the file's action, falls back to ``session.submit`` -- the output says which and how often.
Prints the final result and whether it equals the file's ``result``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.gui_drivers import DriverError, NotPlayable, load  # noqa: E402
from bench.gui_drivers.routes import route_difference  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from desktop.session import STALE_KEYS, Session  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.core.history import filter_actions  # noqa: E402
from engine.record import GameRecord  # noqa: E402

#: action types that are talk, not moves (made through the session: no game gesture makes them)
CHAT = frozenset({"message", "log"})

#: a program's prices (the text of the site's number fields, or numbers)
PRICE_TEXT = frozenset({"maximum_bid", "buy_price"})

#: keys of a file's action that say nothing about the move itself
IGNORED_KEYS = frozenset(
    {"id", "created_at", "user", "auto_actions", "entity_type", "meta", "original_id", "skip"}
)  # "skip": a site flag the engine does not model


#: keys of old exports that neither engine reads, by action type (2020 files name a placed token's index and its
#: corporation: the city and the acting entity say it all)
LEGACY_KEYS = {
    "place_token": frozenset({"token", "corporation"}),
    # a loan's number is a label neither engine reads (the one taken or repaid is the rules' choice);
    # the site's buttons numbered it differently over time (early 1817 files count loans in the order
    # taken, today's name the bank's first loan): the gesture names the loan the rules move
    "take_loan": frozenset({"loan"}),
    "payoff_loan": frozenset({"loan"}),
}


def merger_pass_rounds(action: dict[str, Any]) -> dict[str, set[str]]:
    """The corporations a ``program_merger_pass`` passes on, by round (rounds naming none left out), from either
    form the site wrote: ``corporations_by_round`` (today's), or early 2021's ``corporations`` passed in each of
    ``rounds`` (our engine reads both alike: engine.programs)."""
    by_round = action.get("corporations_by_round")
    if by_round is None:
        by_round = {r: action.get("corporations") or [] for r in action.get("rounds") or []}
    return {str(r): set(cs) for r, cs in by_round.items() if cs}


def same_action(wanted: dict[str, Any], made: dict[str, Any], game: Any = None, moves: Any = None) -> str | None:
    """None when ``made`` (what the GUI submitted) is the file's action ``wanted``, else the first difference
    (``game``: the game it was applied to, to compare routes an old file names by the hexes they cross; ``moves``:
    the legal moves before it, one of which may accept both namings of a train)."""
    legacy = LEGACY_KEYS.get(str(wanted.get("type")), frozenset())
    if wanted.get("type") == "program_merger_pass":
        if merger_pass_rounds(wanted) != merger_pass_rounds(made):
            return f"passes on {merger_pass_rounds(wanted)} wanted, got {merger_pass_rounds(made)}"
        legacy = legacy | {"corporations", "rounds", "corporations_by_round"}  # the same program, either form
    for key, value in wanted.items():
        if key in IGNORED_KEYS or key in legacy or value in (None, "", [], {}):
            continue
        if key == "share_price" and value is False:
            continue  # the site wrote "no price" as false: the engine reads it as absent
        if wanted.get("type") in ("undo", "redo") and key in ("entity", "entity_type"):
            continue  # whoever pressed it (the site writes the acting entity of its own view): not the move
        if key == "routes" and isinstance(value, list):
            got = made.get("routes")
            if not isinstance(got, list) or len(got) != len(value):
                return "routes differ"
            for a, b in zip(value, got):
                diff = route_difference(a, b, game)  # a leg's hexes may be written from either end
                if diff is not None:
                    return f"route of {a.get('train')}: {diff}"
            continue
        if key in PRICE_TEXT and str(made.get(key)) == str(value):
            continue  # the site writes these as the text of a number field; either form is the same price
        if key == "subsidy" and title_computes_subsidy(game):
            continue  # the site's client writes the run's subsidy (1822's mail contract); the engine computes it
        if key == "train" and one_move(moves, wanted, made):
            continue  # another name of the same purchase (1822's first-turn L: the site buys the depot's next one)
        if key == "choice" and one_move(moves, wanted, made):
            continue  # one option written with fewer fields (early 18ZOO files name Whatsup's train, not its price)
        if made.get(key) != value:
            return f"{key}: wanted {value!r}, got {made.get(key)!r}"
    return None


def title_computes_subsidy(game: Any) -> bool:
    """Does the title compute a run's subsidy itself (``routes_subsidy`` without ``subsidy_for``), ignoring the
    figure an action carries?"""
    return (
        game is not None
        and callable(getattr(game, "routes_subsidy", None))
        and not callable(getattr(game, "subsidy_for", None))
    )


def one_move(moves: Any, wanted: dict[str, Any], made: dict[str, Any]) -> bool:
    """Does one legal move of the state before (``moves``) accept both the file's action and the GUI's -- the
    same move written two ways?"""
    if moves is None:
        return False
    for move in moves.of_type(str(wanted.get("type"))):
        try:
            if move.refusal(wanted) is None and move.refusal(made) is None:
                return True
        except Exception:
            continue
    return False


def simple_undo_targets(actions: list[dict[str, Any]]) -> dict[int, int]:
    """For each plain ``undo`` (no ``action_id``) that takes back exactly one action: that action's position
    -> the undo's position."""
    targets: dict[int, int] = {}
    for index, action in enumerate(actions):
        if action.get("type") != "undo" or action.get("action_id") is not None:
            continue
        before, _ = filter_actions(actions[:index])
        after, _ = filter_actions(actions[: index + 1])
        gone = [i for i in range(index) if before[i] is not None and after[i] is None]
        if len(gone) == 1:
            targets[gone[0]] = index
    return targets


def undone_segment(actions: list[dict[str, Any]], position: int) -> range | None:
    """The actions after ``position`` that the undo to an action id taking ``position`` back also takes back, up
    to that undo (``range(position + 1, undo)``); None when a plain undo takes it back, or one that leaves an
    action between them standing."""
    for index in range(position + 1, len(actions)):
        if actions[index].get("type") != "undo":
            continue
        after, _ = filter_actions(actions[: index + 1])
        if after[position] is not None:
            continue
        if actions[index].get("action_id") is None:
            return None
        if any(
            after[i] is not None for i in range(position + 1, index) if actions[i].get("type") not in ("undo", "redo")
        ):
            return None
        return range(position + 1, index)
    return None


def undoes_only(actions: list[dict[str, Any]], position: int, undo: int) -> bool:
    """Whether the undo at ``undo`` (to an action id) goes back to the last action in effect before ``position``:
    it takes back ``position`` and what follows it only.  When those are left out (``undone_segment``: live play
    refuses the action at ``position``), the undo has nothing to take back in our record: "Undo back to here" is
    disabled on the live end, so it is left out with them (1822CA_game_end_bank: O7 at 1220, undone at 1221)."""
    before, _ = filter_actions(actions[:position])
    last = next((a for a in reversed(before) if a is not None), None)
    return last is not None and actions[undo].get("action_id") == last.get("id")


def idle_undos(actions: list[dict[str, Any]]) -> set[int]:
    """Positions of the ``undo``s to an action (``action_id``) that take back nothing: that action is already the
    last one in effect (1822/33845 action 496, an "Undo to here" on the action a plain undo just went back to).
    The site's log offers the button there (its game still counted the undone action as its last); our history
    has no position after that action but the live end, where "Undo back to here" has nothing to take back."""
    idle: set[int] = set()
    for index, action in enumerate(actions):
        if action.get("type") != "undo" or action.get("action_id") is None:
            continue
        before, _ = filter_actions(actions[:index])
        after, _ = filter_actions(actions[: index + 1])
        if [a is None for a in before] == [a is None for a in after[:index]]:
            idle.add(index)
    return idle


AUTO_IGNORED = frozenset({"id", "created_at", "user"})


def _auto_key(actions: list[Any]) -> list[dict[str, Any]]:
    return [
        {k: v for k, v in (a.to_dict() if isinstance(a, Action) else a).items() if k not in AUTO_IGNORED}
        for a in actions
    ]


class RecordedAutoActions:
    """The session's ``auto_actions_for`` hook while the bench plays a file: the action made by gestures is
    recorded with the file's own ``auto_actions`` (what the site's programs did when the game was played), as
    the site applies stored auto actions when it loads a game instead of evaluating the programs again.  Counts
    the actions where our live evaluation of the programs would have done something else."""

    def __init__(self) -> None:
        self.wanted: list[dict[str, Any]] | None = None  # the file's auto actions for the action being played
        self.differ: list[int] = []  # positions where our live evaluation differs from the file's
        self.position = 0

    def __call__(self, game: Any, action: Action, autos: list[Action]) -> list[Action]:
        if self.wanted is None:
            return autos
        if _auto_key(autos) != _auto_key(self.wanted):
            self.differ.append(self.position)
        types = getattr(game, "ACTION_TYPES", None)
        return [Action.from_dict(dict(a), action_types=types) for a in self.wanted]


def fresh_record(record: GameRecord) -> GameRecord:
    raw = {k: v for k, v in record.raw.items() if k not in STALE_KEYS and k != "tracklayer"}
    raw["actions"] = []
    return GameRecord.from_dict(raw, source="<play through gui>")


@dataclass
class Report:
    """What a play-through did: the counts by action type, where it stopped, the results."""

    actions: int = 0
    seconds: float = 0.0
    cpu: float = 0.0  # processor seconds of this process (steadier than wall time on a loaded machine)
    gestures: Counter[str] = field(default_factory=Counter)
    fallbacks: Counter[str] = field(default_factory=Counter)  # made through session.submit
    chat: Counter[str] = field(default_factory=Counter)  # chat and log lines (no game gesture makes them)
    reasons: Counter[str] = field(default_factory=Counter)
    loaded: Counter[str] = field(default_factory=Counter)  # refused by live play, applied as the site loads games
    skipped: Counter[str] = field(default_factory=Counter)  # refused by live play and undone by the file itself
    idle: Counter[str] = field(default_factory=Counter)  # undos to an action that take back nothing (idle_undos)
    autos_differ: list[int] = field(default_factory=list)
    has_autos: bool = False
    failed: str | None = None
    result: dict[str, Any] = field(default_factory=dict)
    wanted: dict[str, Any] = field(default_factory=dict)
    limited: bool = False
    times: Counter[str] = field(default_factory=Counter)  # seconds spent per action type (gestures and all)
    counts: Counter[str] = field(default_factory=Counter)  # actions played per action type

    @property
    def equal(self) -> bool:
        return self.result == self.wanted and not self.failed

    @property
    def by_submit(self) -> int:
        """Game actions applied through the session instead of gestures (fallbacks and loaded actions)."""
        return sum((+self.fallbacks).values()) + sum(self.loaded.values()) + sum(self.idle.values())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=None, help="play only the first N actions")
    parser.add_argument("--verbose", action="store_true", help="print every fallback")
    args = parser.parse_args()
    report = play_through(args.file, args.limit, args.verbose)
    print_report(args.file, report)
    if report.limited:
        return 1 if report.failed else 0
    return 0 if report.equal else 1


def play_through(
    file: str | Path, limit: int | None = None, verbose: bool = False, window: MainWindow | None = None
) -> Report:
    """Play ``file`` through the gestures of an offscreen window (a new one unless ``window`` is given)."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    drivers = load()
    original = GameRecord.load(str(file))
    if window is None:
        tmp = tempfile.mkdtemp(prefix="tracklayer-gui-")
        window = MainWindow(QSettings(os.path.join(tmp, "settings.ini"), QSettings.Format.IniFormat), autosave_dir=tmp)
        window.resize(1400, 900)
    window.set_session(Session(fresh_record(original), window))
    report = Report(limited=limit is not None)
    gestures, fallbacks, chat = report.gestures, report.fallbacks, report.chat
    reasons, loaded, skipped = report.reasons, report.loaded, report.skipped
    kept, _ = filter_actions(original.actions)
    undone_by = simple_undo_targets(original.actions)
    idle = idle_undos(original.actions)
    skip_undo: set[int] = set()
    skip_segment: set[int] = set()
    actions = original.actions if limit is None else original.actions[:limit]
    autos = RecordedAutoActions()
    # The file's action ids -> ours (they part when live play leaves out an action): an undo to an action id
    # names the file's action, the gesture picks ours.
    our_id: dict[Any, Any] = {}

    def last_id() -> Any:
        record = window.session.record if window.session is not None else None
        return record.actions[-1].get("id", 0) if record is not None and record.actions else 0

    start, cpu_start = time.perf_counter(), time.process_time()
    clock = start
    failed = None
    for position, action in enumerate(actions):
        kind = str(action.get("type"))
        if position:
            report.times[str(actions[position - 1].get("type"))] += time.perf_counter() - clock
        clock = time.perf_counter()
        report.counts[kind] += 1
        session = window.session
        assert session is not None
        before = len(session.record.actions)
        if position in skip_undo:
            our_id[action.get("id")] = last_id()
            continue
        if position in skip_segment:  # taken back with a refused action before it by the file's undo
            skipped[kind] += 1
            our_id[action.get("id")] = last_id()
            continue
        if kind in ("undo", "redo") and action.get("action_id") is None:
            (window.undo_action if kind == "undo" else window.redo_action).trigger()
            app.processEvents()
            gestures[f"{kind} (Edit menu)"] += 1
            if len(session.record.actions) != before + 1:
                failed = f"action {position} ({kind}): the Edit menu did not {kind}"
                break
            our_id[action.get("id")] = last_id()
            continue
        if kind == "undo":  # undo to an action: the file's action id -> ours
            target = action["action_id"]
            action = {**action, "action_id": our_id.get(target, target) if target else target}
            if position in idle:  # takes back nothing: no gesture makes it; recorded as the file has it
                if not session.submit({k: v for k, v in action.items() if k not in ("id", "user")}):
                    failed = f"action {position} (undo): the session refused an undo that takes back nothing"
                    break
                report.idle[kind] += 1
                print(
                    f"  recorded at {position} (undo to {target}): it takes back nothing (already the last action "
                    "in effect): no gesture makes it"
                )
                our_id[action.get("id")] = last_id()
                continue
        session.timeline.auto_actions_for = autos
        autos.wanted, autos.position = list(action.get("auto_actions") or []), position
        made: dict[str, Any] | None = None
        reason = None
        unplayable = False
        fn = drivers.get(kind)
        moves_before = window.play.moves if window.play is not None else None
        if fn is not None and kind not in CHAT:
            try:
                fn(window, dict(action))
                app.processEvents()
            except NotPlayable as exc:
                reason = str(exc)
                unplayable = True
            except DriverError as exc:
                reason = str(exc)
            except Exception as exc:  # a driver bug: say it, fall back
                reason = f"driver raised {type(exc).__name__}: {exc}"
            if len(session.record.actions) == before + 1:
                made = session.record.actions[-1]
                diff = same_action(action, made, session.live, moves_before)
                if diff is None:
                    gestures[kind] += 1
                    our_id[action.get("id")] = last_id()
                    continue
                failed = f"action {position} ({kind}): the GUI made a different action ({diff})"
                break
            if len(session.record.actions) != before:
                failed = f"action {position} ({kind}): the gestures changed the record by more than one action"
                break
            if reason is None:
                reason = "the gestures produced no action"
                note = window.action_bar.hint.text()
                if note:
                    reason += f" ({note})"
        elif kind not in CHAT:
            reason = "no driver for this action type"
        if kind in CHAT:
            chat[kind] += 1
        elif unplayable:
            # live play refuses every form of the action (the engine accepts the file's stored form unchecked,
            # as the site's loading does): applied as stored, counted with the actions applied as loaded
            loaded[kind] += 1
            print(f"  loaded at {position} ({kind}): {reason}")
        else:
            fallbacks[kind] += 1
        if reason is not None and not unplayable:
            reasons[f"{kind}: {reason}"[:160]] += 1
            if verbose:
                print(f"  fallback at {position} ({kind}): {reason}")
        data = {k: v for k, v in action.items() if k not in ("id", "user")}
        refusals: list[str] = []
        session.action_rejected.connect(refusals.append)
        accepted = session.submit(data)
        session.action_rejected.disconnect(refusals.append)
        if accepted:
            our_id[action.get("id")] = last_id()
        if not accepted and kept[position] is None and position in undone_by:
            # The file itself undoes this action later (the site accepted it when played; live play refuses
            # it): leave out the action and the undo that takes it back; the game's state is the same.
            skipped[kind] += 1
            fallbacks[kind] -= 1  # not applied at all: counted as left out only
            skip_undo.add(undone_by[position])
            our_id[action.get("id")] = last_id()
            print(
                f"  left out at {position} ({kind}) with the undo at {undone_by[position]}: live play refuses "
                f"it: {refusals[-1] if refusals else 'refused'}"
            )
            continue
        segment = undone_segment(original.actions, position) if not accepted and kept[position] is None else None
        if segment is not None:
            # The file undoes this action and all it did after it with one undo to an earlier action (1822CA 3:
            # P21 lays green 83, which the reference refuses live too): leave them out; the undo is played.
            skipped[kind] += 1
            (loaded if unplayable else fallbacks)[kind] -= 1  # not applied at all: counted as left out only
            skip_segment.update(segment)
            our_id[action.get("id")] = last_id()
            print(
                f"  left out at {position} ({kind}) with the {len(segment)} actions after it, all taken back by "
                f"the undo at {segment.stop}: live play refuses it: {refusals[-1] if refusals else 'refused'}"
            )
            if undoes_only(original.actions, position, segment.stop):
                skip_undo.add(segment.stop)  # it takes back nothing else
                print(f"  left out at {segment.stop} (undo): it takes back only the actions left out before it")
            continue
        if not accepted:
            # Live play refuses an action the site accepted when the game was played (a private's lay by the
            # wrong corporation later undone, a sale that leaves the site's own round stuck ...).  The site
            # loads stored games without those checks, and so do we: the game so far plus this action is
            # reopened as a loaded file, and play goes on by gestures.  Counted and printed, never hidden.
            if not unplayable:
                loaded[kind] += 1
                fallbacks[kind] -= 1  # applied as loaded: counted there only
            why = refusals[-1] if refusals else "refused"
            print(f"  loaded at {position} ({kind}): live play refuses it: {why}")
            record = fresh_record(original)
            record.actions = [*session.record.actions, {**action, "id": session.live.current_action_id() + 1}]
            reopened = Session(record, window)
            if reopened.timeline.failure is not None:
                failed = f"action {position} ({kind}): the engine refuses the file's action even when loading"
                break
            window.set_session(reopened)
            our_id[action.get("id")] = last_id()
    if actions:
        report.times[str(actions[-1].get("type"))] += time.perf_counter() - clock
    report.seconds = time.perf_counter() - start
    report.cpu = time.process_time() - cpu_start
    report.actions = len(actions)
    report.failed = failed
    report.autos_differ = list(autos.differ)
    report.has_autos = any(a.get("auto_actions") for a in actions)
    final = window.session
    assert final is not None
    report.result = final.live.result()
    report.wanted = {str(k): v for k, v in (original.result or {}).items()}
    report.fallbacks = +fallbacks  # drop the types whose every fallback was left out or loaded
    return report


def print_report(file: str | Path, report: Report) -> None:
    print(
        f"{file}: {report.actions} actions played in {report.seconds:.1f} s "
        f"({1000 * report.seconds / max(1, report.actions):.0f} ms per action; processor "
        f"{1000 * report.cpu / max(1, report.actions):.0f} ms per action)"
    )
    print(
        "  ms per action by type: "
        + ", ".join(
            f"{k} {1000 * t / max(1, report.counts[k]):.0f}"
            for k, t in sorted(report.times.items(), key=lambda kv: -kv[1])
        )
    )
    gestures, fallbacks, chat = report.gestures, report.fallbacks, report.chat
    print(f"  through gestures: {sum(gestures.values())} " + ", ".join(f"{k} {n}" for k, n in sorted(gestures.items())))
    print(
        f"  through session.submit (fallback): {sum(fallbacks.values())} "
        + ", ".join(f"{k} {n}" for k, n in sorted(fallbacks.items()))
    )
    if chat:
        print(
            f"  chat and log lines (through the session, no gesture makes them): {sum(chat.values())} "
            + ", ".join(f"{k} {n}" for k, n in sorted(chat.items()))
        )
    if report.has_autos or report.autos_differ:
        differ = report.autos_differ
        print(
            f"  auto actions: recorded as the file has them; our live evaluation of the programs differs at "
            f"{len(differ)} action(s)" + (f" (positions {', '.join(map(str, differ))})" if differ else "")
        )
    if report.skipped:
        print(
            f"  refused by live play and undone by the file itself, left out with their undos: "
            f"{sum(report.skipped.values())} " + ", ".join(f"{k} {n}" for k, n in sorted(report.skipped.items()))
        )
    if report.idle:
        print(
            f"  undos to an action that take back nothing, recorded as the file has them (no gesture): "
            f"{sum(report.idle.values())}"
        )
    if report.loaded:
        print(
            f"  refused by live play, applied as loaded: {sum(report.loaded.values())} "
            + ", ".join(f"{k} {n}" for k, n in sorted(report.loaded.items()))
        )
    for text, count in report.reasons.most_common(8):
        print(f"    {count} x {text}")
    if report.failed:
        print(f"  STOPPED: {report.failed}")
    print(f"  result: {report.result}")
    if report.limited:
        print("  (limited run: the file's result is not compared)")
        return
    print(f"  file's result: {report.wanted}")
    print(f"  equal: {'yes' if report.equal else 'NO'}")


if __name__ == "__main__":
    sys.exit(main())
