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


def test_a_low_empty_tray_shows_the_lines_of_its_message_that_fit_never_cut_ones(qtbot) -> None:  # type: ignore[no-untyped-def]
    """18USA at 1366x768 with the auction and the players filling the column: the tray was held at its least
    height and its three-line message was drawn centred in one line's room, cut at the top and the bottom."""
    from PySide6.QtCore import Qt

    tray = TileTray()
    qtbot.addWidget(tray)
    tray.set_tiles([])
    tray.show()
    flags = int(Qt.TextFlag.TextWordWrap)
    metrics = tray.fontMetrics()
    for height in (tray.minimumSizeHint().height(), 60, 80, 200):
        tray.resize(245, height)
        rect, text = tray.shown_message()
        assert rect.height() >= metrics.height() - 1, height  # a whole line at least
        assert metrics.boundingRect(0, 0, rect.width(), 10_000, flags, text).height() <= rect.height(), height
        assert rect.top() >= 0 and rect.bottom() <= tray.viewport().rect().bottom()
        assert text.startswith("No tile to lay now")
    tray.resize(245, tray.minimumSizeHint().height())
    assert tray.shown_message()[1] == "No tile to lay now."
    tray.resize(245, 200)
    assert tray.shown_message()[1] == TileTray.EMPTY_TEXT
    # a tray just tall enough for the whole message without its margins shows it whole (margins go first)
    width = tray.viewport().width() - 2 * TileTray.MESSAGE_MARGIN
    needed = metrics.boundingRect(0, 0, width, 10_000, flags, TileTray.EMPTY_TEXT).height()
    tray.resize(245, needed + 4 + (tray.height() - tray.viewport().height()))
    assert tray.shown_message()[1] == TileTray.EMPTY_TEXT
