"""The route worker: computes off the GUI thread on a copy, reports by signal, can be cancelled."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from desktop.controllers.route_worker import RouteWorker
from engine.routing import Cancelled, best_routes
from engine.routing.cli import positions
from tests.conftest import FIXTURES


def _position(name: str = "18Chesapeake/1905.json", index: int = 30) -> Any:
    path = FIXTURES / name
    if not path.exists():
        pytest.skip(f"{path} is not available (../shared is absent)")
    for count, (_position, _data, game) in enumerate(positions(path)):
        if count == index:
            return game
    pytest.fail("position not reached")


def test_result_arrives_by_signal_from_another_thread(qtbot: Any) -> None:
    game = _position()
    expected = best_routes(game)
    threads: list[threading.Thread] = []

    def compute(copy: Any, entity: Any, cancel: Any) -> Any:
        threads.append(threading.current_thread())
        assert copy is not game  # a copy, never the live game
        return best_routes(copy, entity, cancel=cancel)

    worker = RouteWorker(compute=compute)
    with qtbot.waitSignal(worker.result_ready, timeout=20_000) as blocker:
        worker.compute(game)
    result = blocker.args[0]
    assert result.total == expected.total
    assert result.routes == expected.routes
    assert threads and threads[0] is not threading.main_thread()
    qtbot.waitUntil(lambda: not worker.is_busy())
    worker.shutdown()


def test_real_optimiser_runs_in_the_worker(qtbot: Any) -> None:
    game = _position(index=45)
    expected = best_routes(game).total
    worker = RouteWorker()
    with qtbot.waitSignal(worker.result_ready, timeout=20_000) as blocker:
        worker.compute(game, game.round.active_step().current_entity())
    assert blocker.args[0].total == expected
    worker.shutdown()


def _waiting_compute(started: threading.Event) -> Any:
    def compute(_game: Any, _entity: Any, cancel: Any) -> Any:
        started.set()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if cancel():
                raise Cancelled
            time.sleep(0.005)
        raise AssertionError("never cancelled")

    return compute


def test_cancel_stops_a_running_computation(qtbot: Any) -> None:
    game = _position()
    started = threading.Event()
    worker = RouteWorker(compute=_waiting_compute(started))
    results: list[Any] = []
    worker.result_ready.connect(results.append)
    worker.compute(game)
    assert started.wait(10)
    assert worker.is_busy()
    with qtbot.waitSignal(worker.cancelled, timeout=10_000):
        worker.cancel()
    qtbot.waitUntil(lambda: not worker.is_busy())
    assert results == []
    worker.shutdown()


def test_a_new_request_replaces_the_running_one(qtbot: Any) -> None:
    game = _position()
    started = threading.Event()
    calls: list[int] = []

    def compute(copy: Any, entity: Any, cancel: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            return _waiting_compute(started)(copy, entity, cancel)
        return best_routes(copy, entity, cancel=cancel)

    worker = RouteWorker(compute=compute)
    cancelled: list[bool] = []
    worker.cancelled.connect(lambda: cancelled.append(True))
    worker.compute(game)
    assert started.wait(10)
    with qtbot.waitSignal(worker.result_ready, timeout=20_000) as blocker:
        worker.compute(game)
    assert blocker.args[0].total == best_routes(game).total
    qtbot.waitUntil(lambda: not worker.is_busy())
    assert cancelled == []  # the replaced request is dropped silently
    worker.shutdown()
