"""An empty tile tray says why it is empty instead of showing a blank box."""

from __future__ import annotations

import pytest

from desktop.panels.tile_tray import TileTray


def _grab(tray: TileTray) -> bytes:
    tray.resize(260, 160)
    return bytes(tray.grab().toImage().constBits())


def test_the_empty_tray_paints_its_message(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    tray = TileTray()
    qtbot.addWidget(tray)
    tray.set_tiles([])
    assert tray.count() == 0
    with_message = _grab(tray)
    monkeypatch.setattr(TileTray, "EMPTY_TEXT", "")
    assert _grab(tray) != with_message  # the message is what was drawn
