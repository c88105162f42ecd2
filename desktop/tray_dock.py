"""The "Tiles to lay" dock gives its room back while it has nothing to lay.

In stock rounds, auctions and after the game the tray is empty for a long time; at 1366x768 its usual third
of the left column would then make the players' cards scroll.  While the tray is empty its dock is shrunk to
the height of its one-line message, and when tiles come back it gets back the height it had.

The user's own sizes win: the dock is only shrunk when the tray *becomes* empty, and only given its height
back if it still has the shrunk height (a user who enlarged the empty tray keeps that size).  A floating,
hidden or tabbed dock is left alone.  The height to give back is kept in the settings, so a window closed
with the tray shrunk (its layout saved so) still regrows the tray at the next track step.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStyle

from desktop.panels.tile_tray import TileTray

#: where the tray's height before shrinking is kept
EXPANDED_KEY = "window/tray_expanded_height"
#: a dock this close to the shrunk height counts as shrunk (the layout rounds sizes)
SLACK = 6
#: how long (seconds) a shrink not yet carried out by the window's layout is asked for again at each resize
PENDING_SECONDS = 3.0
MAX_ASKS = 5


class TrayDockSizer(QObject):
    """Shrinks ``dock`` (holding ``tray``) while the tray is empty, giving the room to ``neighbour`` (the dock
    it shares the column with)."""

    def __init__(self, window: QMainWindow, dock: QDockWidget, neighbour: QDockWidget, tray: TileTray,
                 settings: QSettings) -> None:
        super().__init__(window)
        self.window = window
        self.dock = dock
        self.neighbour = neighbour
        self.tray = tray
        self.settings = settings
        #: the tray's emptiness when last looked at (None: not yet)
        self._empty: bool | None = None
        #: until when a shrink the layout has not carried out yet is asked for again (None: none pending).  On a
        #: loaded machine the window's first layout came after the 100-ms confirmation and undid the shrink (a
        #: recovered game at 1366x768 showed the empty tray a third of the column tall).
        self._pending_until: float | None = None
        self._asks = 0
        tray.contents_changed.connect(self.settle)
        dock.installEventFilter(self)

    @property
    def pending(self) -> bool:
        """Is a shrink asked for and not yet carried out by the window's layout?"""
        return self._pending_until is not None and time.monotonic() < self._pending_until

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if watched is self.dock and event.type() == QEvent.Type.Resize and self._pending_until is not None:
            if not self.pending or not self._empty or self.tray.count() > 0:
                self._pending_until = None
            elif self.dock.height() <= self.shrunk_height() + SLACK:
                self._pending_until = None  # carried out: from now on a size the user gives it stays
            elif self._asks < MAX_ASKS:  # a layout came after the ask: ask again (a few times: the dock may be
                self._asks += 1          # unable to get that small)
                QTimer.singleShot(0, self, self._confirm_shrunk)
        return False

    def shrunk_height(self) -> int:
        """The dock's height while empty: its title bar and the tray's message (three lines at most; one when the
        game is over)."""
        title = self.dock.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight, None, self.dock)
        wanted = int(title + self.tray.fontMetrics().lineSpacing() * self.tray.message_lines() + 30)
        return max(wanted, self.dock.minimumSizeHint().height())  # (a shrink the dock cannot take stays pending)

    def message_changed(self) -> None:
        """The empty tray's message changed: a shrunk dock too low for the new one (back from a game's end, where
        it said one line) gets the message's height."""
        if self._empty and self.tray.count() == 0 and self._adjustable() \
                and self.dock.height() < self.shrunk_height() - SLACK:
            self._resize(self.shrunk_height())

    def _adjustable(self) -> bool:
        dock = self.dock
        return (self.window.isVisible() and dock.isVisible() and not dock.isFloating()
                and not self.window.tabifiedDockWidgets(dock) and not self.neighbour.isFloating()
                and self.neighbour.isVisible())

    def settle(self) -> None:
        """Shrink or regrow the dock if the tray's emptiness changed since the last look."""
        empty = self.tray.count() == 0
        if empty == self._empty or not self._adjustable():
            return
        self._empty = empty
        if empty:
            self._shrink()
        else:
            self._regrow()

    def relayout(self) -> None:
        """Look again from scratch (after the layout was reset to its defaults)."""
        self._empty = None
        self.settings.remove(EXPANDED_KEY)
        QTimer.singleShot(0, self, self.settle)  # once the new sizes are laid out

    def _resize(self, height: int) -> None:
        # the column from the neighbour's top to the dock's bottom, less the splitter between them: the
        # neighbour's share includes its tab bar (the players' dock is tabbed with the corporations')
        top, bottom = self.neighbour.geometry().top(), self.dock.geometry().bottom()
        splitter = self.window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None,
                                                   self.window)
        column = bottom - top + 1 - splitter
        self.window.resizeDocks([self.neighbour, self.dock], [max(0, column - height), height],
                                Qt.Orientation.Vertical)

    def _shrink(self) -> None:
        height, shrunk = self.dock.height(), self.shrunk_height()
        if height <= shrunk + SLACK:
            # shrunk already -- or so it seems: sizes the window has been asked for and not yet laid out (the
            # first-run sizes of a game started and played on at once) may still make it taller: watch briefly
            self._pending_until, self._asks = time.monotonic() + PENDING_SECONDS / 3, 0
            return
        self.settings.setValue(EXPANDED_KEY, height)
        self._pending_until, self._asks = time.monotonic() + PENDING_SECONDS, 0
        self._resize(shrunk)
        # once more when the window has laid out its docks: a shrink asked for while the first layout was
        # still pending (a game opened and played on before the event loop ran) was undone by it
        QTimer.singleShot(100, self, self._confirm_shrunk)

    def _confirm_shrunk(self) -> None:
        if self._empty and self.tray.count() == 0 and self._adjustable() \
                and self.dock.height() > self.shrunk_height() + SLACK:
            if self.settings.value(EXPANDED_KEY) is None:  # the height a late layout gave it: tiles get it back
                self.settings.setValue(EXPANDED_KEY, self.dock.height())
            self._resize(self.shrunk_height())

    def _regrow(self) -> None:
        self._pending_until = None
        saved = self.settings.value(EXPANDED_KEY)
        self.settings.remove(EXPANDED_KEY)
        if saved is None or self.dock.height() > self.shrunk_height() + SLACK:
            return  # never shrunk, or the user gave the empty tray a size of their own
        self._resize(int(saved))
