"""The "Tiles to lay" dock keeps one height for the whole game.

The tray used to shrink to its one-line message while it had nothing to lay (stock rounds, auctions) and grow
back at each track step: the Players dock above it grew and shrank with every round, and the tray's tiles --
the drag sources of an operating round -- jumped up the column just as the player reached for them.  Now the
left column stays put between rounds: the empty tray keeps its height and says what it is for.  The players'
cards still get the room they need from :class:`desktop.players_column.PlayersColumnFitter`, which takes it
from the Game dock first and from the tray only down to a row of tiles.

Two cases still move the dock, both away from a round in play:

- At a game's end the tray says so in one line and shrinks to it (the final cards, with their WINNER badge,
  need the room at 1280x720); back in the game (an undo) it gets its height back.
- A tray lower than a row of tiles when tiles come (a layout saved so, or squeezed at a game's end) is given a
  row -- or the height it had before it was squeezed.

A floating, hidden or tabbed dock is left alone; a size the user gives the dock stays.  The height to give back
is kept in the settings, so a window closed at a game's end still regrows the tray.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStyle

from desktop.panels.tile_tray import TileTray

#: where the tray's height before the game's end shrank it is kept
EXPANDED_KEY = "window/tray_expanded_height"
#: a dock this close to a height counts as having it (the layout rounds sizes)
SLACK = 6
#: once more after this many ms: a layout the window had been asked for earlier may undo a shrink
CONFIRM_MS = 100


class TrayDockSizer(QObject):
    """Keeps ``dock`` (holding ``tray``) steady beside ``neighbour`` (the dock it shares the column with): it
    only shrinks at a game's end and only grows a dock too low for a row of tiles."""

    def __init__(
        self, window: QMainWindow, dock: QDockWidget, neighbour: QDockWidget, tray: TileTray, settings: QSettings
    ) -> None:
        super().__init__(window)
        self.window = window
        self.dock = dock
        self.neighbour = neighbour
        self.tray = tray
        self.settings = settings
        tray.contents_changed.connect(self.settle)

    def _title_height(self) -> int:
        return int(self.dock.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight, None, self.dock))

    def shrunk_height(self) -> int:
        """The dock's height showing only its title and the tray's message (three lines at most; one when the
        game is over)."""
        wanted = int(self._title_height() + self.tray.fontMetrics().lineSpacing() * self.tray.message_lines() + 30)
        return max(wanted, self.dock.minimumSizeHint().height())

    def row_height(self) -> int:
        """The dock's height showing its title and one whole row of tiles: the least it keeps during play."""
        return max(self._title_height() + self.tray.one_row_height() + 4, self.dock.minimumSizeHint().height())

    def game_over(self) -> bool:
        return self.tray.count() == 0 and self.tray.empty_text == TileTray.GAME_OVER_TEXT

    def message_changed(self) -> None:
        """The empty tray's message changed (the game ended, or an undo went back into it)."""
        self.settle()

    def _adjustable(self) -> bool:
        dock = self.dock
        return (
            self.window.isVisible()
            and dock.isVisible()
            and not dock.isFloating()
            and not self.window.tabifiedDockWidgets(dock)
            and not self.neighbour.isFloating()
            and self.neighbour.isVisible()
        )

    def settle(self) -> None:
        """Shrink the tray of a finished game to its line; give a tray too low for a row of tiles its row (or
        the height it had) back during play."""
        if not self._adjustable():
            return
        height = self.dock.height()
        if self.game_over():
            shrunk = self.shrunk_height()
            if height > shrunk + SLACK:
                self.settings.setValue(EXPANDED_KEY, height)
                self._resize(shrunk)
                QTimer.singleShot(CONFIRM_MS, self, self._confirm_shrunk)
            return
        row = self.row_height()
        if height < row - SLACK:
            saved = self.settings.value(EXPANDED_KEY)
            self._resize(max(row, int(saved) if saved is not None else 0))
        self.settings.remove(EXPANDED_KEY)

    def _confirm_shrunk(self) -> None:
        if self.game_over() and self._adjustable() and self.dock.height() > self.shrunk_height() + SLACK:
            self._resize(self.shrunk_height())

    def relayout(self) -> None:
        """Look again once the layout was reset to its defaults."""
        self.settings.remove(EXPANDED_KEY)
        QTimer.singleShot(0, self, self.settle)

    def _resize(self, height: int) -> None:
        # the column from the neighbour's top to the dock's bottom, less the splitter between them: the
        # neighbour's share includes its tab bar (the players' dock is tabbed with the corporations')
        top, bottom = self.neighbour.geometry().top(), self.dock.geometry().bottom()
        splitter = self.window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, self.window)
        column = bottom - top + 1 - splitter
        self.window.resizeDocks([self.neighbour, self.dock], [max(0, column - height), height], Qt.Orientation.Vertical)
