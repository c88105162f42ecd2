"""Every player's card in sight: the left column gives the Players dock the room its densest cards need.

The Players dock shares the left column with the "Tiles to lay" tray and the Game dock (log, charts ...).  At
1366x768 the cards of four players still scrolled in an operating round with the tray open, and at the end of a
game (more certificates, a WINNER badge) the fourth card was cut.  After each new state, and when the tray fills
or empties, the column is looked at: where the players' cards, at their densest, do not fit, the missing height
is taken from the Game dock down to a floor (a few lines of the log stay), then from the tray down to one row of
tiles (its empty message when it has none).  Where even that is not enough the cards scroll, the acting player's
brought into view.

Only a new state or a change of the window's size starts a look: a size the user gives a dock by hand stays
until the game moves on.  Floating, hidden or tabbed docks are left alone, and so is a title that lays out its
own column (kernel mode).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

from desktop.panels.players import PlayersPanel

#: the least height (px) the Game dock keeps, and the least share of the column
LOG_FLOOR = 110
LOG_SHARE = 0.2
#: at a game's end (nothing left to play; the status line says the result) the Game dock keeps only its tabs and
#: a couple of lines: five or six players' final cards at 1280x720 need the room
END_LOG_FLOOR = 64
#: how long (ms) a look waits for a sizer still settling the column
WAIT_MS = 120


def log_floor(column: int, finished: bool = False) -> int:
    """The least height the Game dock keeps in a column ``column`` px tall (less once the game is over)."""
    if finished:
        return END_LOG_FLOOR
    return max(LOG_FLOOR, int(column * LOG_SHARE))


class PlayersColumnFitter(QObject):
    """Gives ``players`` (the dock of ``panel``) the height its cards need, from ``givers`` in order: (dock, its
    floor) -- the floor a callable of the column's height, as it depends on what the dock shows."""

    def __init__(self, window: QMainWindow, players: QDockWidget, panel: PlayersPanel,
                 givers: list[tuple[QDockWidget, Callable[[int], int]]],
                 busy: Callable[[], bool] = lambda: False) -> None:
        super().__init__(window)
        #: is another sizer still settling the column (the tray's shrink not yet carried out)?  Then the look
        #: waits: a look at the passing sizes took from the log what the shrunk tray gave back a moment later
        self.busy = busy
        self.window = window
        self.players = players
        self.panel = panel
        self.givers = givers
        #: the height moved at the last fit (for tests and the status of a look)
        self.moved = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)

    def request(self) -> None:
        """Look once the window has laid out what changed (the panel's new cards, the tray's new size)."""
        self._timer.start(0)

    def _docked(self, dock: QDockWidget) -> bool:
        return (dock.isVisible() and not dock.isFloating() and not self.window.tabifiedDockWidgets(dock)
                and self.window.dockWidgetArea(dock) == self.window.dockWidgetArea(self.players))

    def fit(self) -> None:
        """Move the height the players' cards lack from the givers to the Players dock, down to their floors."""
        self.moved = 0
        if not self.window.isVisible() or not self._docked(self.players) or getattr(self.window, "kernel_mode",
                                                                                     False):
            return
        lack = self.panel.overflow()
        if lack <= 0:
            return
        if self.busy():
            self._timer.start(WAIT_MS)
            return
        givers = [(dock, floor) for dock, floor in self.givers if self._docked(dock)]
        if not givers:
            return
        column = sorted([self.players] + [dock for dock, _floor in givers], key=lambda d: d.geometry().top())
        sizes = {id(dock): dock.height() for dock in column}
        total = sum(sizes.values())
        for dock, floor in givers:
            keep = max(floor(total), dock.minimumSizeHint().height())
            give = max(0, min(lack, sizes[id(dock)] - keep))
            sizes[id(dock)] -= give
            sizes[id(self.players)] += give
            lack -= give
            self.moved += give
            if lack <= 0:
                break
        if self.moved:
            self.window.resizeDocks(column, [sizes[id(d)] for d in column], Qt.Orientation.Vertical)
