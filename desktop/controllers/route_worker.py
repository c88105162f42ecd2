"""Best routes off the GUI thread: :class:`RouteWorker` runs the engine's route optimiser on a
copy of the game in a worker thread and reports through signals; it can be cancelled.

    worker = RouteWorker(parent)
    worker.result_ready.connect(on_routes)        # RoutingResult (engine.routing)
    worker.compute(session.live)                   # copies the game here, computes there
    worker.cancel()                                # the search stops at its next check

Only the newest request reports: starting another computation cancels the one running, and a
stale job's signals are dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from desktop.controllers.jobs import hand_back

#: ``compute(game, entity, cancel) -> RoutingResult`` (the optimiser; replaceable in tests)
Compute = Callable[[Any, Any, Callable[[], bool]], Any]


def _optimise(game: Any, entity: Any, cancel: Callable[[], bool]) -> Any:
    # (the optimiser is imported when first asked: opening a game does not need it)
    from engine.routing import best_routes

    return best_routes(game, entity, cancel=cancel)


class _RouteJob(QObject):
    """One computation, living in its own thread."""

    done = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)

    def __init__(self, generation: int, game: Any, entity: Any, stop: threading.Event, compute: Compute) -> None:
        super().__init__()
        self.generation = generation
        self.game = game
        self.entity = entity
        self.stop = stop
        self.compute = compute

    @Slot()
    def run(self) -> None:
        from engine.routing import Cancelled

        try:
            result = self.compute(self.game, self.entity, self.stop.is_set)
        except Cancelled:
            self.cancelled.emit(self.generation)
        except Exception as exc:  # reported to the GUI, never raised in the worker thread
            self.failed.emit(self.generation, f"{type(exc).__name__}: {exc}")
        else:
            self.done.emit(self.generation, result)
        finally:
            hand_back(self, "game", "entity", "compute")


class RouteWorker(QObject):
    """Computes the best routes for the corporation that must run now (or a given one)."""

    #: the RoutingResult of the newest request
    result_ready = Signal(object)
    #: the newest request failed (an engine bug: the message names the exception)
    failed = Signal(str)
    #: the newest request was cancelled
    cancelled = Signal()
    #: True while a computation runs
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None, compute: Compute | None = None) -> None:
        super().__init__(parent)
        self._compute: Compute = compute or _optimise
        self._generation = 0
        self._stop: threading.Event | None = None
        self._running: dict[int, tuple[QThread, _RouteJob]] = {}

    # --- requests --------------------------------------------------------------------------------------
    def compute(self, game: Any, entity: Any = None) -> int:
        """Start computing on a copy of ``game`` (made now, on the calling thread); returns the
        request's number.  A computation still running is cancelled."""
        self.cancel()
        copy = game.copy()
        entity_copy = None
        if entity is not None:
            kind = "minor" if getattr(entity, "is_minor", False) else "corporation"
            entity_copy = copy.entity_by(kind, entity.id)
        self._generation += 1
        generation = self._generation
        stop = threading.Event()
        self._stop = stop
        thread = QThread(self)
        job = _RouteJob(generation, copy, entity_copy, stop, self._compute)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.done.connect(self._on_job_done)
        job.failed.connect(self._on_job_failed)
        job.cancelled.connect(self._on_job_cancelled)
        self._running[generation] = (thread, job)
        thread.start()
        self.busy_changed.emit(True)
        return generation

    def cancel(self) -> None:
        """Ask the running computation to stop (its ``cancelled`` arrives when it has)."""
        if self._stop is not None:
            self._stop.set()

    def is_busy(self) -> bool:
        return bool(self._running)

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Cancel and wait for every thread (call before the application quits)."""
        self.cancel()
        for thread, _job in list(self._running.values()):
            thread.quit()
            thread.wait(timeout_ms)

    # --- job reports (queued onto this object's thread) ------------------------------------------------
    def _current(self, generation: int) -> bool:
        return generation == self._generation

    @Slot(int, object)
    def _on_job_done(self, generation: int, result: Any) -> None:
        self._finish(generation)
        if self._current(generation):
            self.result_ready.emit(result)

    @Slot(int, str)
    def _on_job_failed(self, generation: int, message: str) -> None:
        self._finish(generation)
        if self._current(generation):
            self.failed.emit(message)

    @Slot(int)
    def _on_job_cancelled(self, generation: int) -> None:
        self._finish(generation)
        if self._current(generation):
            self.cancelled.emit()

    def _finish(self, generation: int) -> None:
        """The job has returned: stop its thread and free both (on this object's thread)."""
        entry = self._running.pop(generation, None)
        if entry is not None:
            thread, job = entry
            thread.quit()
            thread.wait()
            job.deleteLater()
            thread.deleteLater()
        if not self._running:
            self.busy_changed.emit(False)


__all__ = ["RouteWorker"]
