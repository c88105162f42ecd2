"""Offscreen rendering of a whole map (the ``tracklayer render`` command, tests, reports)."""

from __future__ import annotations

import os
import sys
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

__all__ = ["ensure_application", "render_map", "render_scene"]


def ensure_application() -> Any:
    """The running QApplication, or a new one (offscreen when there is no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        if (
            "QT_QPA_PLATFORM" not in os.environ
            and sys.platform.startswith("linux")
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        ):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        app = QApplication(sys.argv[:1])
    return app


def render_scene(scene: Any, width: int, source: QRectF | None = None) -> QImage:
    """Paint ``source`` of ``scene`` (default: its map) into a new image ``width`` pixels wide."""
    if source is None:
        source = scene.map_rect() if hasattr(scene, "map_rect") else scene.itemsBoundingRect()
    width = max(1, int(width))
    height = max(1, round(width * source.height() / source.width())) if source.width() > 0 else 1
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(scene.backgroundBrush().color())
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    scene.render(painter, QRectF(0, 0, width, height), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    return image


def render_map(game: Any, width: int) -> QImage:
    """The whole map of ``game`` (hexes and coordinate labels), ``width`` pixels wide."""
    ensure_application()
    from desktop.map.scene import MapScene

    scene = MapScene()
    scene.set_game(game)
    margin = scene.radius * 0.25
    image = render_scene(scene, width, scene.map_rect().adjusted(-margin, -margin, margin, margin))
    scene.clear()
    return image
