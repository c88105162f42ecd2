"""A game's whole history, browsable instantly (no Qt here, so it is testable on its own).

A game is its action list.  ``GameTimeline`` replays it, keeping a pickled snapshot of the game every
``SNAPSHOT_EVERY`` applied actions, so that the state at any point is rebuilt from the nearest earlier snapshot
plus a handful of actions.  History index ``k`` means "after the first ``k`` applied actions" (0 = setup).

While replaying it also collects what the views need about the whole game: round and phase markers for the
timeline, the log with the index of the action that produced each line, and per-action player values and
share prices for the charts.  A replay that fails stops at the last good action and remembers why.

``lazy=True`` (the desktop's way of opening a game) replays to the live end first, collecting only the log and
the markers, so that the window shows the game as soon as possible; the snapshots and the chart series (the
"history") are then built by a second replay, a few actions at a time (``build_history``, called by the
session in idle time), or at once when something needs them before that (a jump into the past, an undo).
"""

from __future__ import annotations

import gc
import pickle
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from desktop.safe_text import shown_record
from engine import GameError, build_game
from engine.actions import Action
from engine.core.history import filter_actions
from engine.game import Game
from engine.programs import auto_actions, programmed_after
from engine.record import GameRecord

#: A jump replays half of this on average from the snapshot before it (3 actions).  Every 5 would save about 0.3 ms
#: of a jump's 3-4 ms for 40% more memory (1822 game 33845, 1181 actions: 88 MB against 63 MB; 1846 all_closed 16 MB
#: against 12 MB) and a third more CPU in the idle-time history build: kept at 7.
SNAPSHOT_EVERY = 7

#: Loading a snapshot costs about as much CPU as replaying this many actions (2.7 ms against about 0.3 ms per action
#: on 1846 and 1830 games): a jump forward goes on from the last jump's game rather than load a snapshot when that
#: replays at most this many actions more.
RESTORE_IN_ACTIONS = 8

#: ``(the live game, action, the programs' auto actions) -> the auto actions to record`` (the live game is the
#: state before the action, or just after it when the programs do nothing there)
AutoActionsHook = Callable[[Game, Action, list[Action]], list[Action]]


@dataclass(slots=True)
class Marker:
    index: int
    kind: str  # "round" | "phase" | "rust" | "bankrupt" | "end"
    label: str


@dataclass(slots=True)
class Failure:
    position: int  # raw action position in the file
    index: int  # history index reached (the last good state)
    message: str
    is_bug: bool = False


@dataclass(slots=True)
class _Tracker:
    round_key: tuple[Any, ...] = ()
    phase: str = ""
    bankrupt: int = 0
    log_size: int = 0
    rusted: int = 0
    markers: list[Marker] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)


def is_18xx(game: Any) -> bool:
    """An 18xx game (phases, trains, corporations) rather than a title on the kernel alone."""
    return hasattr(game, "depot")


def round_label(game: Game) -> str:
    own = getattr(game, "round_label", None)
    if callable(own):  # a kernel title labels its own rounds ("Epoch III")
        return str(own())
    round_ = game.round
    short = getattr(round_, "SHORT_NAME", round_.NAME)
    if round_.operating:
        return f"OR {game.turn}.{round_.round_num}"
    if round_.stock:
        return f"SR {game.turn}"
    return str(short)


# The game's append-only history lists.  A snapshot does not copy them (that made memory grow with the square
# of a chat-heavy game's length); it records their lengths, and a rebuilt game gets the live game's prefixes.
HISTORY_LISTS: tuple[str, ...] = ("raw_actions", "actions", "log_lines", "messages")
# A snapshot after this many applied actions even when they are all chat (keeps a rebuild short).
SNAPSHOT_MAX_GAP = 1000


@dataclass(slots=True)
class _Snapshot:
    data: bytes
    lengths: tuple[int, ...]


def _snapshot(game: Game) -> _Snapshot:
    if sys.getrecursionlimit() < 20_000:
        sys.setrecursionlimit(20_000)
    saved = [getattr(game, name) for name in HISTORY_LISTS]
    try:
        for name in HISTORY_LISTS:
            setattr(game, name, [])
        data = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        for name, value in zip(HISTORY_LISTS, saved):
            setattr(game, name, value)
    return _Snapshot(data, tuple(len(value) for value in saved))


def _is_chat(data: Any) -> bool:
    return isinstance(data, dict) and data.get("type") in ("message", "log")


class GameTimeline:
    """The history of one game: snapshots, the live end state, markers, log and chart series."""

    def __init__(self, record: GameRecord, upto: int | None = None, lazy: bool = False) -> None:
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._build(record, upto, lazy)
        finally:
            if enabled:
                gc.enable()
        if self.history_complete:
            self._settle()
        else:
            # The live game just built lives as long as the window: out of the collector's way at once (a full
            # collection now, tens of milliseconds, would come before the window's first paint); ``_settle``
            # collects whatever became garbage meanwhile once the history is built.
            gc.freeze()

    @staticmethod
    def _settle() -> None:
        """The history built so far lives as long as the window: keep it out of the collector's way.  What was
        kept out before (a game opened earlier, since closed) is collected first."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _build(self, record: GameRecord, upto: int | None, lazy: bool) -> None:
        self.record = record
        self.failure: Failure | None = None
        self.positions: list[int] = []  # raw position of the k-th applied action (k = 1..)
        self.snapshots: dict[int, _Snapshot] = {}
        self._since_snapshot = (0, 0)  # (game actions, all actions) applied since the last snapshot
        self._tracker = _Tracker()
        # The history (snapshots and chart series) covers history indexes 0.._history_index.  While it lags
        # behind the live end, ``_builder`` is the second replay's game and the index it is at.
        self._history_index = 0
        self._builder: tuple[int, Game] | None = None
        self._deferring = lazy
        self._cache: tuple[int, Game] | None = None
        #: who decides the auto actions recorded with a new action: ``(the live game, action, what the players'
        #: programs make now) -> what to record``.  None (live play): the programs' evaluation.  A replay of a
        #: recorded game through live play sets it to give the recorded auto actions, as the site applies
        #: stored ``auto_actions`` when it loads a game instead of evaluating the programs again.
        self.auto_actions_for: AutoActionsHook | None = None
        self.live: Game = build_game(shown_record(record))  # names are never markup on screen
        self._observe(self.live, 0)
        self._record_history(self.live, 0)
        stop: GameError | None = None
        try:
            kept, _ = filter_actions(record.actions)
        except GameError as exc:  # a broken undo or redo at some position: keep everything before it
            if exc.position is None:
                raise
            stop = exc
            kept, _ = filter_actions(record.actions[: exc.position])
            kept.extend([None] * (len(record.actions) - len(kept)))
        self._kept = kept
        for position, data in enumerate(kept):
            if upto is not None and position >= upto:
                break
            if stop is not None and position >= (stop.position or 0):
                self._fail(position, str(stop), is_bug=False)
                break
            if data is None:
                self.live.raw_actions.append(dict(record.actions[position]))
                continue
            try:
                self.live.process_action(data, position)
            except GameError as exc:
                self._fail(position, str(exc), is_bug=False)
                break
            except Exception as exc:  # an engine bug: keep what we have, report it
                self._fail(position, f"{type(exc).__name__}: {exc}", is_bug=True)
                break
            self._applied(position, chat=_is_chat(data))
        self._deferring = False
        self.live.finish_loading()

    # --- building --------------------------------------------------------------------------------------
    def _fail(self, position: int, message: str, is_bug: bool) -> None:
        self.failure = Failure(position, len(self.positions), message, is_bug)
        # The live game may be half-changed by the refused action: rebuild it from the last good state.
        self.live = self._rebuild(len(self.positions))

    def _applied(self, position: int, chat: bool = False) -> None:
        self.positions.append(position)
        k = len(self.positions)
        self._observe(self.live, k, chat)
        if not self._deferring and self._history_index == k - 1:  # the history follows the live end
            self._record_history(self.live, k, chat)

    def _record_history(self, game: Game, k: int, chat: bool = False) -> None:
        """Chart values and (every ``SNAPSHOT_EVERY`` moves) a snapshot of ``game``, at history index ``k``."""
        self._history_index = k
        self._tracker.stats.append(self._stats_entry(game, k, chat))
        if k == 0:
            self.snapshots[0] = _snapshot(game)
            return
        moves, total = self._since_snapshot
        moves, total = moves + (0 if chat else 1), total + 1
        # Snapshots follow the game's own actions, not chat: memory grows with the game, not the talk.
        if moves >= SNAPSHOT_EVERY or total >= SNAPSHOT_MAX_GAP:
            self.snapshots[k] = _snapshot(game)
            moves, total = 0, 0
        self._since_snapshot = (moves, total)

    def _stats_entry(self, game: Game, k: int, chat: bool) -> dict[str, Any]:
        stats = self._tracker.stats
        if chat and stats:
            # A chat line changes nothing on the board: share the previous entry's values.
            return {**stats[-1], "index": k}
        if not is_18xx(game):  # a kernel title charts each player's value only
            return {
                "index": k,
                "label": round_label(game),
                "players": {p.name: game.player_value(p) for p in game.players},
                "cash": {},
                "prices": {},
            }
        return {
            "index": k,
            "label": round_label(game),
            "players": {p.name: game.player_value(p) for p in game.players},
            "cash": {p.name: p.cash for p in game.players},
            "prices": {c.name: (c.share_price.price if c.share_price is not None else None) for c in game.corporations},
        }

    # --- the history, built behind the live end --------------------------------------------------------
    @property
    def history_complete(self) -> bool:
        """True when snapshots and chart series cover the whole game."""
        return self._history_index >= self.size

    def build_history(self, budget: int = SNAPSHOT_EVERY) -> bool:
        """Extend the history by up to ``budget`` applied actions; True once it covers the whole game."""
        if not self.history_complete:
            self._advance_history(min(self.size, self._history_index + budget))
        return self.history_complete

    def complete_history(self) -> None:
        self._advance_history(self.size)

    def _advance_history(self, target: int) -> None:
        """Replay the history up to index ``target`` (snapshots and chart values on the way)."""
        if self._history_index >= target:
            return
        enabled = gc.isenabled()
        gc.disable()
        try:
            if self._builder is None:
                self._builder = (self._history_index, self._restore(self.snapshots[self._history_index]))
            k, game = self._builder
            while k < target:
                self._replay_one(game, k)
                k += 1
                self._record_history(game, k, chat=_is_chat(self._kept[self.positions[k - 1]]))
            self._builder = (k, game) if k < self.size else None
        finally:
            if enabled:
                gc.enable()
        if self.history_complete:
            self._settle()

    def _replay_one(self, game: Game, k: int) -> None:
        """Advance ``game`` from history index ``k`` to ``k + 1`` (skipped raw entries recorded on the way)."""
        position = self.positions[k]
        previous = self.positions[k - 1] if k > 0 else -1
        for skipped in range(previous + 1, position):
            if self._kept[skipped] is None:
                game.raw_actions.append(dict(self.record.actions[skipped]))
        data = self._kept[position]
        assert data is not None
        game.process_action(data, position)

    def _observe(self, game: Game, k: int, chat: bool = False) -> None:
        """The log lines and the timeline markers up to history index ``k`` (cheap: done on every replay)."""
        t = self._tracker
        lines = game.log_lines
        for line in lines[t.log_size :]:
            t.log.append((k, line))
        t.log_size = len(lines)
        if chat and k > 0:
            return
        key = (game.round.NAME, game.turn, game.round.round_num)
        if key != t.round_key:
            t.round_key = key
            t.markers.append(Marker(k, "round", round_label(game)))
        if not is_18xx(game):
            self._observe_kernel(game, k)
            return
        phase = game.phase.name
        if phase != t.phase:
            if t.phase:
                t.markers.append(Marker(k, "phase", f"Phase {phase}"))
            t.phase = phase
        rusted = sum(1 for tr in game.depot.trains if tr.rusted)
        if rusted > t.rusted:
            if t.rusted or k:
                t.markers.append(Marker(k, "rust", "Trains rust"))
            t.rusted = rusted
        bankrupt = sum(1 for p in game.players if p.bankrupt)
        if bankrupt > t.bankrupt:
            t.markers.append(Marker(k, "bankrupt", "Bankruptcy"))
            t.bankrupt = bankrupt
        if game.finished and not any(m.kind == "end" for m in t.markers):
            t.markers.append(Marker(k, "end", "Game over"))

    def _observe_kernel(self, game: Any, k: int) -> None:
        """Markers of a kernel title beyond its rounds: the end (its chart values: ``_stats_entry``)."""
        t = self._tracker
        if game.finished and not any(m.kind == "end" for m in t.markers):
            t.markers.append(Marker(k, "end", "Game over"))

    # --- queries ---------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of applied actions: the last history index."""
        return len(self.positions)

    @property
    def markers(self) -> list[Marker]:
        return self._tracker.markers

    @property
    def log(self) -> list[tuple[int, str]]:
        return self._tracker.log

    @property
    def stats(self) -> list[dict[str, Any]]:
        """Chart values per history index; shorter than ``size + 1`` while the history is being built."""
        return self._tracker.stats

    def raw_position(self, index: int) -> int:
        """The raw action position (in the file) of history index ``index`` (its last applied action)."""
        return self.positions[index - 1] if index > 0 else -1

    def game_at(self, index: int) -> Game:
        """The game after ``index`` applied actions.  The returned game is shared: treat it as read-only."""
        index = max(0, min(index, self.size))
        if index == self.size:
            return self.live
        cache = self._cache
        if cache is not None and cache[0] == index:
            return cache[1]
        # Unpickling creates many objects at once, which would trigger full garbage collections in the middle
        # of a jump; collection waits until the jump is done.
        enabled = gc.isenabled()
        gc.disable()
        try:
            game = self._rebuild(index, cache)
        finally:
            if enabled:
                gc.enable()
        self._cache = (index, game)
        return game

    def _rebuild(self, index: int, cache: tuple[int, Game] | None = None) -> Game:
        self._advance_history(index)
        base = max(k for k in self.snapshots if k <= index)
        # The last jump's game goes on forward when that replays fewer actions than a restore costs (a step
        # forward across a snapshot replays one action instead of loading the snapshot).
        if cache is not None and cache[0] < index and index - cache[0] <= index - base + RESTORE_IN_ACTIONS:
            start, game = cache[0], cache[1]
            self._cache = None  # it is advanced in place below
        else:
            start, game = base, self._restore(self.snapshots[base])
        for k in range(start, index):
            self._replay_one(game, k)
        return game

    def _restore(self, snapshot: _Snapshot) -> Game:
        game: Game = pickle.loads(snapshot.data)
        game.live_from, game.unchecked = self.live.live_from, list(self.live.unchecked)  # the modes played in
        for name, length in zip(HISTORY_LISTS, snapshot.lengths):
            setattr(game, name, getattr(self.live, name)[:length])
        return game

    # --- local play ------------------------------------------------------------------------------------
    def append(self, data: dict[str, Any] | Action) -> Action:
        """Apply a new action at the end (checked first: a refused action changes nothing) and record it.

        When players' programs may act after it, the action is applied first and the programs are asked about
        the state it leaves: most of the time they do nothing, and the action is recorded as applied (no copy
        of the game).  Only when a program acts (or the hook wants auto actions) is the action taken back and
        applied again with its ``auto_actions``, evaluated on a copy as ``engine.programs.programmed_after``
        does -- so every click pays for a copy of the game only when a program really plays."""
        action = (
            data
            if isinstance(data, Action)
            else Action.from_dict(data, action_types=getattr(self.live, "ACTION_TYPES", None))
        )
        if action.id is None:
            action = action.copy_with(id=self.live.current_action_id() + 1)
        applied: Action | None = None
        if not action.auto_actions:
            autos: list[Action] = []
            # a program set now may act at once (a share pass set on the player's own turn passes)
            if (
                action.type.startswith("program_")
                or any(getattr(self.live, "programmed_actions", {}).values())
                or getattr(self.live, "STEP_AUTO_ACTIONS", False)
            ):
                applied = self.live.apply(action)
                if auto_actions(self.live):  # a program acts now: evaluated in full on a copy of the state before
                    self._take_back()
                    applied = None
                    autos = programmed_after(self.live, action)
            if self.auto_actions_for is not None:
                autos = self.auto_actions_for(self.live, action, autos)
            if autos:
                if applied is not None:
                    self._take_back()
                    applied = None
                action = action.copy_with(auto_actions=autos)
        if applied is None:
            applied = self.live.apply(action)
        raw = applied.to_dict()
        self.record.actions.append(raw)
        self._kept.append(raw)
        self._applied(len(self.record.actions) - 1, chat=applied.type in ("message", "log"))
        return applied

    def _take_back(self) -> None:
        """The live game back to the last recorded action (an action applied but not recorded is taken back):
        the nearest snapshot and the actions since, as an undo rebuilds it."""
        game = self._rebuild(self.size)
        game.finish_loading()
        self.live = game

    def sync(self, rebuild: bool = False) -> None:
        """Follow ``record.actions`` after ``undo``/``redo`` entries were appended to it.

        The undo filter is re-run over the raw list (cheap); the applied actions both lists share are kept, the
        rest of the history is dropped and the live game restarts from the nearest snapshot, then the actions
        that now take effect (a redone group) are applied.  So undo and redo cost a snapshot load and a few
        actions, at any game length, and the state is exactly that of a fresh replay of the record.
        ``rebuild``: rebuild the live game even if nothing was undone (after an engine error left it unsure).
        """
        self.complete_history()  # what follows rewinds the history: it must be whole first
        kept, _ = filter_actions(self.record.actions)
        wanted = [i for i, a in enumerate(kept) if a is not None]
        common = 0
        limit = min(len(wanted), len(self.positions))
        while common < limit and wanted[common] == self.positions[common]:
            common += 1
        if common < len(self.positions) or rebuild:
            self._cache = None
            self.live = self._rebuild(common)
            self.live.finish_loading()
            del self.positions[common:]
            for k in [k for k in self.snapshots if k > common]:
                del self.snapshots[k]
            self._rewind_tracker(common)
            self._history_index = common
        self._kept = kept
        previous = self.positions[-1] if self.positions else -1
        # The live game's raw list mirrors the record up to its last applied action; what follows (undone
        # actions, the undo/redo entries themselves, redone actions) is recorded again in order, as a fresh
        # replay would, so that the next action's id follows the record's last id.
        del self.live.raw_actions[previous + 1 :]
        for position in range(previous + 1, len(self.record.actions)):
            data = kept[position]
            if data is None:
                self.live.raw_actions.append(dict(self.record.actions[position]))
                continue
            self.live.process_action(data, position)
            self._applied(position)

    def _rewind_tracker(self, index: int) -> None:
        """Forget what was observed after history index ``index`` (the live game is at ``index``)."""
        t = self._tracker
        t.markers[:] = [m for m in t.markers if m.index <= index]
        t.log[:] = [(k, line) for k, line in t.log if k <= index]
        del t.stats[index + 1 :]
        game = self.live
        t.log_size = len(game.log_lines)
        t.round_key = (game.round.NAME, game.turn, game.round.round_num)
        if not is_18xx(game):
            return
        t.phase = game.phase.name
        t.rusted = sum(1 for tr in game.depot.trains if tr.rusted)
        t.bankrupt = sum(1 for p in game.players if p.bankrupt)
