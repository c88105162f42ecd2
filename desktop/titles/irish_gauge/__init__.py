"""Irish Gauge on the desktop: the map of Ireland (``board``), the tray of track markers and cubes with the
build-point meter, the railway, player and dividend panels (``panels``), the auction dialog (``dialogs``) and
the controller that turns gestures into actions (``controller``).  ``build_views`` is the entry point the
main window calls (see ``desktop.titles``)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from desktop.map.view import MapView
from desktop.titles import TitleViews
from desktop.titles.irish_gauge.board import IrishBoardScene, render_board
from desktop.titles.irish_gauge.controller import VIEWS_BY_WINDOW, IrishGaugeController
from desktop.titles.irish_gauge.panels import DividendsPanel, PlayersPanel, RailwaysPanel, Tray, dividend_html
from engine.titles.irish_gauge.data import cubes

if TYPE_CHECKING:
    from desktop.session import Session

__all__ = ["IrishViews", "build_views", "render"]

#: the width of the column beside the board (the action bar's line and buttons, the tray, the auction)
SIDE_WIDTH = 430
#: the height of the action bar's box in the column (its line on two lines, three rows of buttons, the hint)
BAR_HEIGHT = 108


def _scrolled(widget: QWidget, min_height: int = 0) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(widget)
    area.setMinimumHeight(min_height)
    return area


def banner_text(game: Any) -> str:
    """What is going on, in a line: whose turn and what to do, or the winner(s)."""
    if game.finished:
        winners = game.winners()
        names = " and ".join(p.name for p in winners)
        verb = "win" if len(winners) > 1 else "wins"
        return f"Game over: {names} {verb} with £{winners[0].value()}"
    step = game.round.active_step()
    who = game.round.current_entity()
    label = game.round_label()
    what = step.description() if step is not None else ""
    # "Initial auctions · Ann: Initial auction: ..." said it twice
    prefix = "" if what.lower().startswith(label.lower().rstrip("s")) else f"{label} · "
    return f"{prefix}{getattr(who, 'name', '')}: {what}"


def event_text(game: Any) -> str:
    """The last thing worth a line: a dividend call just made, the link bonus, else the last log line."""
    last = game.actions[-1] if game.actions else None
    if last is not None and last.type == "call_dividends" and game.dividends:
        return dividend_html(game, game.dividends[-1], compact=True)
    lines = [line for line in game.log_lines if not line.startswith("--")]
    return html.escape(lines[-1]) if lines else ""


class IrishViews:
    """The central widget (tray + board) and the side panels of one session."""

    def __init__(self, window: Any, session: Session) -> None:
        game = session.game
        self.central = QWidget()
        self.central.setObjectName("irishGaugeView")
        # the tray and the auction in a column beside the board: Ireland is taller than wide, so the board's size
        # is set by the height it gets (a strip above it left hexes of about 25 px at 1366x768)
        layout = QHBoxLayout(self.central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        side = QWidget(self.central)
        side.setObjectName("irishSide")
        side.setStyleSheet("QWidget#irishSide { background: #F4EFE2; border-right: 1px solid #C9C1A8; }")
        self.side = QVBoxLayout(side)
        self.side.setContentsMargins(0, 0, 0, 0)
        self.side.setSpacing(4)
        # the action bar at the column's top in a box of a fixed height, the auction right under it: the bid box
        # and the Bid and Pass buttons stay where they are from turn to turn whatever the texts above them say (a
        # wrapped line or an event line of another length moved them under a click meant for them)
        bar_box = QWidget(side)
        bar_box.setObjectName("irishBarBox")
        bar_box.setFixedHeight(BAR_HEIGHT)
        #: where the window's action bar stands (at the column's top)
        self.bar_slot = QVBoxLayout(bar_box)
        self.bar_slot.setContentsMargins(0, 0, 0, 0)
        self.side.addWidget(bar_box)
        #: where the window's auction panel stands (under the bar)
        self.auction_slot = QVBoxLayout()
        self.side.addLayout(self.auction_slot)
        self.tray = Tray(game, side)
        self.side.addWidget(self.tray)
        self.side.addStretch(1)
        side.setFixedWidth(SIDE_WIDTH)
        self.scene = IrishBoardScene(self.central)
        self.scene.set_game(game)
        self.view = MapView(self.scene, self.central)
        self.view.setObjectName("irishBoard")
        layout.addWidget(side)
        layout.addWidget(self.view, 1)
        self.players = PlayersPanel()
        self.railways = RailwaysPanel()
        self.dividends = DividendsPanel()
        self.view.fit_to_window()
        self.refresh(game)

    def refresh(self, game: Any) -> None:
        self.shown = game
        self.scene.refresh(game)
        self.players.set_game(game)
        self.railways.set_game(game)
        self.dividends.set_game(game)
        self.tray.banner.setText(banner_text(game))
        # in play the action bar and the status line already say whose turn it is and what to do: the banner
        # showed it a third time and took the board's room; it stays for the winner once the game is over
        self.tray.banner.setVisible(bool(getattr(game, "finished", False)))
        self.tray.event_line.setText(event_text(game))

    def set_bot_kinds(self, kinds: dict[str, str]) -> None:
        self.players.bot_kinds = dict(kinds)
        self.players.set_game(self.shown)

    def title_views(self) -> TitleViews:
        return TitleViews(
            central=self.central,
            panels=[("irish_players", "Players", _scrolled(self.players, 170)),
                    ("irish_railways", "Railways", _scrolled(self.railways, 150)),
                    ("irish_dividends", "Dividends", _scrolled(self.dividends, 90))],
            refresh=self.refresh,
            controllers=[IrishGaugeController],
            auction_slot=self.auction_slot,
            bar_slot=self.bar_slot,
            set_bot_kinds=self.set_bot_kinds,
        )


def build_views(window: Any, session: Session) -> TitleViews:
    views = IrishViews(window, session)
    VIEWS_BY_WINDOW[window] = views
    return views.title_views()


def render(game: Any, width: int) -> Any:
    """A picture of the game (``tracklayer render``): a band saying where the game is and each player's cash
    and value, over the board."""
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QPainter

    board = render_board(game, width)
    band = 58
    image = QImage(width, board.height() + band, QImage.Format.Format_ARGB32)
    image.fill(QColor("#F4EFE2"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    font = QFont()
    font.setPixelSize(15)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#1E1E1E"))
    painter.drawText(QRect(8, 4, width - 16, 24), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     f"Irish Gauge · {banner_text(game)}")
    font.setBold(False)
    font.setPixelSize(13)
    painter.setFont(font)
    players = " · ".join(f"{p.name} £{p.cash} (value £{p.value()})" for p in game.players)
    painter.drawText(QRect(8, 30, width - 16, 22), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     f"{players} · supply {cubes(game.supply_count())}")
    painter.drawImage(0, band, board)
    painter.end()
    return image
