"""Computer players at the table: which seats bots hold, bots thinking off the GUI thread, their pace, and
"Suggest a move".

    seats = BotSeats(parent)                       # one per window
    seats.attach(session)                          # follows the session's live end
    seats.set_seat("Ann", "strong")                # hand Ann's seat to a Strong bot ("person": take it back)
    seats.set_pace("brisk")                        # "instant", "brisk" or "step" (a move per Next bot move)
    seats.suggest()                                # suggestion_ready(Decision) for the person to act

A bot decides on a copy of the live game in a worker thread (:class:`BotWorker`, like the route worker) and the
decision comes back through a signal; it is submitted through the session like any player's action (the map and
the log show it), after the pace's delay.  A decision for a position that has changed meanwhile (an undo, a
history jump, another move) is dropped.  Bots are players with a name: the saved game is a normal 18xx.games
file, and which seats bots hold (with their level) is kept under our metadata key (``GameRecord.bot_seats``),
so a saved table game reopens with the same bots in the same seats.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from desktop.controllers.jobs import hand_back

if TYPE_CHECKING:  # (the bots and the legal moves they stand on are imported when a bot is asked: not at start-up)
    from engine.bots import Decision


def make_bot(kind: str, seed: int) -> Any:
    """``engine.bots.make_bot``, imported at the first bot's first decision (not before the window's first paint)."""
    from engine.bots import make_bot as make

    return make(kind, seed)


def acting_player(game: Any, entity: Any) -> Any:
    """``engine.bots.evaluate.acting_player`` (imported when first asked, as :func:`make_bot`)."""
    from engine.bots.evaluate import acting_player as acting

    return acting(game, entity)


#: milliseconds between two bot moves at each pace ("step": only when asked)
PACES: dict[str, int] = {"instant": 0, "brisk": 700, "step": -1}
PACE_LABELS: dict[str, str] = {"instant": "Instant", "brisk": "Brisk", "step": "Step by step"}
#: the seat kinds offered (New Game dialog, seat menu)
SEAT_KINDS: dict[str, str] = {"person": "Person", "beginner": "Computer (Beginner)", "strong": "Computer (Strong)"}


class _BotJob(QObject):
    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, generation: int, game: Any, kind: str, seed: int) -> None:
        super().__init__()
        self.generation = generation
        self.game = game
        self.kind = kind
        self.seed = seed

    @Slot()
    def run(self) -> None:
        try:
            decision = make_bot(self.kind, self.seed).decide(self.game)
        except Exception as exc:  # reported to the GUI, never raised in the worker thread
            self.failed.emit(self.generation, f"{type(exc).__name__}: {exc}")
        else:
            self.done.emit(self.generation, decision)
        finally:
            hand_back(self, "game")


class BotWorker(QObject):
    """Runs one bot decision at a time on a copy of the game, in its own thread."""

    decided = Signal(int, object)  # (request number, Decision or None)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self._running: dict[int, tuple[QThread, _BotJob]] = {}
        self._lock = threading.Lock()

    def think(self, game: Any, kind: str, seed: int) -> int:
        """Start deciding for whoever acts in ``game`` (copied now); returns the request number."""
        copy = game.copy()
        self._generation += 1
        generation = self._generation
        thread = QThread(self)
        job = _BotJob(generation, copy, kind, seed)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.done.connect(self._on_job_done)
        job.failed.connect(self._on_job_failed)
        self._running[generation] = (thread, job)
        thread.start()
        return generation

    def forget(self) -> None:
        """Drop the answers of every request made so far (the position changed)."""
        self._generation += 1

    def is_busy(self) -> bool:
        return bool(self._running)

    def shutdown(self, timeout_ms: int = 10_000) -> None:
        self.forget()
        for thread, _job in list(self._running.values()):
            thread.quit()
            thread.wait(timeout_ms)

    @Slot(int, object)
    def _on_job_done(self, generation: int, decision: Any) -> None:
        self._finish(generation)
        if generation == self._generation:
            self.decided.emit(generation, decision)

    @Slot(int, str)
    def _on_job_failed(self, generation: int, message: str) -> None:
        self._finish(generation)
        if generation == self._generation:
            self.failed.emit(message)

    def _finish(self, generation: int) -> None:
        entry = self._running.pop(generation, None)
        if entry is not None:
            thread, job = entry
            thread.quit()
            thread.wait()
            job.deleteLater()
            thread.deleteLater()


class BotSeats(QObject):
    """The bots of one table: which player names they hold, and their moves at the chosen pace."""

    #: a bot's move was submitted (its reason)
    moved = Signal(str)
    #: the Strong bot's suggestion for the person to act (Decision)
    suggestion_ready = Signal(object)
    #: a message for the status line
    message = Signal(str)
    #: the seats changed (name -> kind)
    seats_changed = Signal()
    #: True while a bot is thinking or waiting for its pace
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Any = None
        self.seats: dict[str, str] = {}  # player name -> bot kind (persons are absent)
        self.pace = "brisk"
        self.worker = BotWorker(self)
        self.worker.decided.connect(self._on_worker_decided)
        self.worker.failed.connect(self._on_worker_failed)
        self._purpose = ""  # "move" or "suggest"
        self._pending: Decision | None = None
        self._pending_size = -1
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._busy = False
        self._request: int | None = None  # the worker request whose answer is awaited

    # --- configuration ----------------------------------------------------------------------------------
    def attach(self, session: Any) -> None:
        if self.session is not None:
            with contextlib.suppress(RuntimeError, TypeError):
                self.session.state_changed.disconnect(self._on_session_state_changed)
        self.session = session
        self.seats = self._recorded_seats(session)
        self.seats_changed.emit()
        self._reset()
        if session is not None:
            session.state_changed.connect(self._on_session_state_changed)
            self._schedule()

    @staticmethod
    def _recorded_seats(session: Any) -> dict[str, str]:
        """Name -> kind of the seats the session's file says bots hold (levels this program plays)."""
        record = getattr(session, "record", None)
        if record is None:
            return {}
        names = {p.id: p.name for p in record.players}
        return {
            names[pid]: kind
            for pid, kind in record.bot_seats.items()
            if pid in names and kind in SEAT_KINDS and kind != "person"
        }

    def _record_seats(self) -> None:
        """Write the seats into the session's record: the saved game reopens with the same bots."""
        record = getattr(self.session, "record", None)
        if record is None:
            return
        ids = {p.name: p.id for p in record.players}
        record.set_bot_seats({ids[name]: kind for name, kind in self.seats.items() if name in ids})

    def set_seats(self, seats: dict[str, str]) -> None:
        """Name -> kind for every bot seat ("person" entries are persons)."""
        self.seats = {name: kind for name, kind in seats.items() if kind != "person"}
        self._record_seats()
        self.seats_changed.emit()
        self._reset()
        self._schedule()

    def set_seat(self, name: str, kind: str) -> None:
        """Hand ``name``'s seat to a bot of ``kind``, or take it back (``"person"``)."""
        seats = dict(self.seats)
        if kind == "person":
            seats.pop(name, None)
        else:
            seats[name] = kind
        self.set_seats(seats)

    def set_pace(self, pace: str) -> None:
        if pace not in PACES:
            raise ValueError(f"unknown pace {pace!r}")
        self.pace = pace
        self._schedule()

    def kind_of(self, name: str) -> str:
        return self.seats.get(name, "person")

    # --- state -----------------------------------------------------------------------------------------
    def acting_name(self) -> str | None:
        """The name of the player who must act at the live end (None: nobody, or the game is over)."""
        session = self.session
        if session is None or session.failure is not None:
            return None
        game = session.live
        if game.finished:
            return None
        entity = game.round.current_entity() if game.round is not None else None
        player = acting_player(game, entity)
        return str(player.name) if player is not None else None

    def bot_to_move(self) -> str | None:
        if not self.seats:  # (no bot at the table: no need to work out who acts)
            return None
        name = self.acting_name()
        if name is None or name not in self.seats or self.session.viewing_past:
            return None
        return name

    def step(self) -> None:
        """Step-by-step pace: the waiting bot moves now (or starts thinking)."""
        if self._pending is not None:
            self._submit_pending()
        else:
            self._schedule(force=True)

    def suggest(self) -> None:
        """What the Strong bot would do in the place of whoever acts now (suggestion_ready)."""
        if self.session is None or self.session.live.finished:
            self.message.emit("No move to suggest: the game is over.")
            return
        self._timer.stop()
        self._pending = None
        self._purpose = "suggest"
        self.message.emit("Thinking about a suggestion…")
        self._set_busy(True)
        self._request = self.worker.think(self.session.live, "strong", self._seed())

    # --- internals -------------------------------------------------------------------------------------
    def _seed(self) -> int:
        record = getattr(self.session, "record", None)
        seed = getattr(record, "seed", None)
        return int(seed) if isinstance(seed, int) else 0

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def _reset(self) -> None:
        self._timer.stop()
        self._pending = None
        self._request = None
        self.worker.forget()
        self._set_busy(False)

    def _schedule(self, force: bool = False) -> None:
        """Start the bot to move thinking, when a bot is to move and nothing is under way."""
        if self._pending is not None or self._request is not None:
            return
        name = self.bot_to_move()
        if name is None:
            self._set_busy(False)
            return
        if self.pace == "step" and not force:
            self.message.emit(f"{name} (computer) is to move: Game > Next bot move (N)")
            return
        self._purpose = "move"
        self._set_busy(True)
        self._request = self.worker.think(self.session.live, self.seats[name], self._seed())

    @Slot()
    def _on_session_state_changed(self) -> None:
        if self.session is not None and self.session.size != self._pending_size:
            self._timer.stop()
            self._pending = None
            if self._purpose == "move" and self._request is not None:
                self._request = None
                self.worker.forget()
        self._schedule()

    @Slot(int, object)
    def _on_worker_decided(self, generation: int, decision: Any) -> None:
        if generation != self._request:
            return
        self._request = None
        if self._purpose == "suggest":
            self._set_busy(False)
            self._purpose = ""
            if decision is not None:
                self.message.emit(f"Suggestion: {decision.reason}")
                self.suggestion_ready.emit(decision)
            self._schedule()
            return
        if decision is None or self.session is None:
            self._set_busy(False)
            return
        self._pending = decision
        self._pending_size = self.session.size
        delay = PACES[self.pace]
        if delay < 0:
            self.message.emit(
                f"{self.bot_to_move() or 'The computer'} will: {decision.reason} (Game > Next bot move, N)"
            )
            return
        self._timer.start(delay)

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        self._request = None
        self._set_busy(False)
        self.message.emit(f"A computer player failed: {message}")

    @Slot()
    def _on_timer_timeout(self) -> None:
        self._submit_pending()

    def _submit_pending(self) -> None:
        decision, self._pending = self._pending, None
        if decision is None or self.session is None or self.session.size != self._pending_size:
            self._schedule()
            return
        name = self.bot_to_move()
        self._purpose = ""
        ok = self.session.submit(dict(decision.action))
        if ok:
            self.moved.emit(f"{name}: {decision.reason}")
        else:
            self._set_busy(False)
            self.message.emit(f"{name}'s move was refused; the seat waits (hand it back to a person?)")
            return
        self._schedule()

    def shutdown(self) -> None:
        self._reset()
        self.worker.shutdown()


__all__ = ["PACES", "PACE_LABELS", "SEAT_KINDS", "BotSeats", "BotWorker"]


def seat_order(session: Any) -> list[str]:
    """The players' names in seat order (as the file lists them), not in the game's current order: titles that
    reorder players by priority (1822) would otherwise move the entries between two looks at the menu."""
    live = [str(p.name) for p in session.live.players]
    record = getattr(session, "record", None)
    seated = [str(p.name) for p in getattr(record, "players", ())]
    return [name for name in seated if name in live] + [name for name in live if name not in seated]


def install_menu(seats: BotSeats, menu: Any, window: Any) -> dict[str, Any]:
    """The Game menu's computer-player entries: Seats (hand a seat to a bot or take it back), Bot pace, Next
    bot move (N) and Suggest a move (H).  Returns the actions by key (for tests)."""
    from PySide6.QtGui import QAction, QActionGroup, QKeySequence

    actions: dict[str, Any] = {}
    menu.addSeparator()
    seat_menu = menu.addMenu("Computer &players")
    seat_menu.setToolTipsVisible(True)

    def rebuild() -> None:
        seat_menu.clear()
        session = seats.session
        if session is None:
            seat_menu.addAction("No game").setEnabled(False)
            return
        for name in seat_order(session):
            sub = seat_menu.addMenu(f"{name}: {SEAT_KINDS[seats.kind_of(name)]}")
            group = QActionGroup(sub)
            for kind, text in SEAT_KINDS.items():
                act = QAction(text, sub)
                act.setCheckable(True)
                act.setChecked(seats.kind_of(name) == kind)
                act.triggered.connect(lambda _=False, n=name, k=kind: seats.set_seat(n, k))
                group.addAction(act)
                sub.addAction(act)

    seat_menu.aboutToShow.connect(rebuild)
    rebuild()
    actions["seats"] = seat_menu
    pace_menu = menu.addMenu("Computer p&ace")
    group = QActionGroup(pace_menu)
    for pace, text in PACE_LABELS.items():
        act = QAction(text, pace_menu)
        act.setCheckable(True)
        act.setChecked(seats.pace == pace)
        act.triggered.connect(lambda _=False, p=pace: seats.set_pace(p))
        group.addAction(act)
        pace_menu.addAction(act)
        actions[f"pace_{pace}"] = act
    step = QAction("&Next computer move", window)
    step.setShortcut(QKeySequence("N"))
    step.setStatusTip("At the step-by-step pace: the computer player to move makes its move")
    step.triggered.connect(seats.step)
    window.addAction(step)
    menu.addAction(step)
    actions["step"] = step
    suggest = QAction("Su&ggest a move", window)
    suggest.setShortcut(QKeySequence("H"))
    suggest.setStatusTip("What the Strong computer player would do in your place, and why")
    suggest.triggered.connect(seats.suggest)
    window.addAction(suggest)
    menu.addAction(suggest)
    actions["suggest"] = suggest
    return actions


__all__ += ["install_menu", "seat_order"]


def show_suggestion(window: Any, decision: Any) -> Any:
    """A small window (not modal: the game stays playable) with the Strong bot's move and its reason, and
    the other moves it weighed.  Returns the box (kept on ``window.suggestion_box``)."""
    from PySide6.QtWidgets import QMessageBox

    old = getattr(window, "suggestion_box", None)
    if old is not None:
        old.close()
    box = QMessageBox(window)
    box.setWindowTitle("Suggested move")
    box.setIcon(QMessageBox.Icon.Information)
    box.setText(f"The Strong computer player would: {decision.reason}")
    others = [f"{text} ({value:+g})" for text, value in decision.considered if text != decision.reason][:4]
    if others:
        box.setInformativeText("Also weighed: " + "; ".join(others))
    box.setModal(False)
    box.show()
    window.suggestion_box = box
    return box


__all__ += ["show_suggestion"]
