"""Every desktop test leaves no widget behind.

``deleteLater`` waits for an event loop that a test driving the GUI with ``processEvents`` never returns to, and
windows a test closes without handing them to ``qtbot.addWidget`` stay alive: their timers, signal connections and
layouts kept running under every later test in the same process (the suite's gesture games took three times as
long late in a run as alone).  After each test the top-level widgets left over are deleted and the deferred
deletions carried out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def leftover_widgets() -> list[object]:
    """The top-level widgets alive now that no other object owns (none without a QApplication).  A window with
    a parent (a menu, a combo box's popup, a floating dock) is its parent's to delete: deleting it behind the
    parent's back left the parent a dangling pointer, and a later test crashed in Qt on the freed object."""
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError:  # pragma: no cover - PySide6 is a declared dependency
        return []
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return []
    return [widget for widget in app.topLevelWidgets() if widget.parent() is None]


def delete_leftovers() -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    for widget in leftover_widgets():
        session = getattr(widget, "session", None)
        if session is not None and hasattr(session, "dirty"):
            session.dirty = False  # no "save before closing?" prompt from a window going away
        if session is not None and hasattr(session, "stop_history_build"):
            session.stop_history_build()  # its idle-time history build ended with its window
        widget.deleteLater()  # type: ignore[attr-defined]
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(autouse=True)
def _no_widget_outlives_its_test() -> Iterator[None]:
    yield
    if leftover_widgets():
        delete_leftovers()
