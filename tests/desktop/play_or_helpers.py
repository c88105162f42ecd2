"""Helpers for the operating-round play tests: a window just before a given action of a shared fixture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings

from desktop.main_window import MainWindow
from desktop.session import STALE_KEYS, Session
from engine.record import GameRecord
from tests.desktop.play_helpers import fixture_path


def window_at(qtbot: Any, tmp_path: Path, title: str, name: str, index: int) -> tuple[MainWindow, dict[str, Any]]:
    """A window showing the live game of fixture ``title/name`` just before its action number ``index``."""
    record = GameRecord.load(fixture_path(title, name))
    raw = {k: v for k, v in record.raw.items() if k not in STALE_KEYS}
    raw["actions"] = record.actions[:index]
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.resize(1400, 900)
    window.set_session(Session(GameRecord.from_dict(raw), window))
    return window, record.actions[index]


def slot_scene_point(window: MainWindow, hex_id: str, city: str, slot: int) -> Any:
    from PySide6.QtCore import QPointF

    item = window.map_scene.item_for_hex(hex_id)
    assert item is not None and item.drawing is not None
    positions = item.drawing.slot_positions[item.drawing.slot_city_ids.index(city)]
    x, y = positions[min(slot, len(positions) - 1)]
    return item.mapToScene(QPointF(x, y))


def view_point(window: MainWindow, scene_point: Any) -> Any:
    """Zoom in (a player aims at a slot zoomed in) and bring ``scene_point`` into the viewport."""
    view = window.map_view
    if view.zoom() < 0.3:
        view.set_zoom(0.3)
    view.centerOn(scene_point)
    return view.mapFromScene(scene_point)
