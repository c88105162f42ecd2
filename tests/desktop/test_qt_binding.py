"""Guard against a Qt binding that corrupts the interpreter.

PySide6 6.12.0 on CPython 3.11 takes one reference from ``None`` on every void Qt call; a session of
painting and browsing then aborts the program (``none_dealloc``).  pyproject.toml excludes it; this test
fails if an installed binding has the fault.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QWidget


def test_void_qt_calls_keep_none_alive(qtbot) -> None:  # type: ignore[no-untyped-def]
    widget = QWidget()
    qtbot.addWidget(widget)
    before = sys.getrefcount(None)
    for _ in range(2000):
        widget.update()
        widget.setToolTip("x")
    assert sys.getrefcount(None) >= before - 50
