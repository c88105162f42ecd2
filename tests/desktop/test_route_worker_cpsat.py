"""The route worker while CP-SAT solves a hard position: the GUI thread keeps running, Stop stops it."""

from __future__ import annotations

import threading
import time
from typing import Any

from PySide6.QtCore import QTimer

from desktop.controllers.route_worker import RouteWorker
from engine.routing import optimise
from tests.engine.test_routing_cpsat import _stress


def test_the_event_loop_runs_and_cancel_stops_cpsat(qtbot: Any, monkeypatch: Any) -> None:
    from engine.routing import cpsat
    from engine.steps.route import route_host

    # two trains straight to the eight subsolvers: seconds of CP-SAT (the one-subsolver first attempt proves this
    # position in about a second, and the worker was idle again before it was asked)
    monkeypatch.setattr(cpsat, "FIRST_TRAINS", 1)
    game, corporation, trains = _stress(0, [("D", 999), ("8", 8)])
    started = threading.Event()

    def compute(_copy: Any, _entity: Any, cancel: Any) -> Any:
        # the stress map was drawn onto the game directly (a copy replays actions): solve the original, read only
        started.set()
        return optimise(route_host(game), game.hexes, corporation, trains, rules=game, method="cpsat", cancel=cancel)

    worker = RouteWorker(compute=compute)
    results: list[Any] = []
    worker.result_ready.connect(results.append)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    worker.compute(game, corporation)
    assert started.wait(10)
    qtbot.wait(1500)  # the model is built and CP-SAT searching (it releases the GIL)
    assert worker.is_busy()
    assert len(ticks) >= 25  # about 75 at 20 ms: the GUI thread is not starved
    began = time.perf_counter()
    with qtbot.waitSignal(worker.cancelled, timeout=5_000):
        worker.cancel()
    assert time.perf_counter() - began < 2.0
    timer.stop()
    qtbot.waitUntil(lambda: not worker.is_busy())
    assert results == []
    worker.shutdown()
