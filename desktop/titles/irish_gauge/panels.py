"""Irish Gauge's panels: the tray of draggable track markers and cubes with the build-point meter, the
railway share table, the players and the last dividend call.  They only show and report intent."""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from desktop.titles import seat_name
from desktop.titles.irish_gauge.board import CUBE_COLORS
from engine.titles.irish_gauge.data import BUILD_POINTS_HALVES, COLORS, NAMES, cubes
from engine.titles.irish_gauge.rules import bp_text

TRACK_MIME = "application/x-tracklayer-irish-gauge-track"
HELP = ("<b>Your turn: one action</b><ul>"
        "<li><b>Track</b>: drag a railway's marker (you need one of its shares) onto a hex: lit hexes show their cost "
        "in build points; the meter shows what is left. Or click the marker, then click hexes. Pass (Done building) "
        "to stop early.</li>"
        "<li><b>Special interest</b>: drag a cube onto a lit town on a railway you hold.</li>"
        "<li><b>Auction a share…</b> (A) / <b>Bid…</b> (B) and <b>Pass</b> (P) are in the bar above the board.</li>"
        "<li><b>Call for dividends</b> (D): draws 3 cubes; the result shows in the column beside the board and in Dividends.</li>"
        "</ul>Undo: Ctrl+Z. History: the bar below the board. The Rules tab lists our rulings.")
CUBE_MIME = "application/x-tracklayer-irish-gauge-cube"


class Chip(QWidget):
    """A draggable piece: a railway's track marker (``kind`` "track", ``payload`` the railway id) or a cube
    (``kind`` "cube", ``payload`` the colour).  Dragging it starts a real Qt drag with our MIME type; a click
    arms it (the controller then takes clicks on the map)."""

    clicked = Signal(str, str)

    def __init__(self, kind: str, payload: str, color: str, text: str, text_color: str = "#FFFFFF",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.payload = payload
        self.color = QColor(color)
        self.text = text
        self.text_color = QColor(text_color)
        self.usable = True
        self.armed = False
        self.count: int | None = None
        self._press: QPoint | None = None
        self.setObjectName(f"chip_{kind}_{payload}")
        self.setFixedSize(QSize(58 if kind == "track" else 40, 30))
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def set_state(self, usable: bool, tip: str, armed: bool = False, count: int | None = None) -> None:
        self.usable, self.armed, self.count = usable, armed, count
        self.setToolTip(tip)
        self.setCursor(Qt.CursorShape.OpenHandCursor if usable else Qt.CursorShape.ForbiddenCursor)
        self.update()

    def mime(self) -> QMimeData:
        data = QMimeData()
        data.setData(TRACK_MIME if self.kind == "track" else CUBE_MIME, self.payload.encode())
        data.setText(self.payload)
        return data

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_piece(painter, QRectF(self.rect()).adjusted(2, 2, -2, -2))
        painter.end()

    def paint_piece(self, painter: QPainter, rect: QRectF) -> None:
        fill = QColor(self.color)
        if not self.usable:
            fill.setAlpha(70)
        painter.setPen(QPen(QColor("#C8102E") if self.armed else QColor("#333333"), 3.0 if self.armed else 1.2))
        painter.setBrush(fill)
        if self.kind == "track":
            painter.drawRoundedRect(rect, 5, 5)
        else:
            side = min(rect.width(), rect.height())
            painter.drawRect(QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side))
        font = QFont()
        font.setPointSizeF(8)
        font.setBold(True)
        painter.setFont(font)
        ink = QColor(self.text_color)
        if not self.usable:
            ink.setAlpha(110)
        painter.setPen(ink)
        label = self.text if self.count is None else f"{self.count}"
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not self.usable:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < 6:
            return
        self._press = None
        drag = QDrag(self)
        drag.setMimeData(self.mime())
        pixmap = QPixmap(self.size())
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.paint_piece(painter, QRectF(pixmap.rect()).adjusted(2, 2, -2, -2))
        painter.end()
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(pixmap.width() // 2, pixmap.height() // 2))
        drag.exec(Qt.DropAction.CopyAction)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.kind, self.payload)
        self._press = None


class BuildMeter(QWidget):
    """The build points of the track action: six half points, spent ones hollow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("buildMeter")
        self.left = BUILD_POINTS_HALVES
        self.pending = 0  # half points the hovered hex would cost
        self.color = QColor("#555555")
        self.setFixedSize(QSize(150, 30))

    def set_points(self, left: int, color: str, pending: int = 0) -> None:
        self.left, self.color, self.pending = left, QColor(color), pending
        self.setToolTip(f"{bp_text(left)} build points left")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = 12.0
        for i in range(BUILD_POINTS_HALVES):
            x = 4 + i * (w + 3) + (i // 2) * 4
            rect = QRectF(x, 6, w, 18)
            spent = i >= self.left
            pending = not spent and i >= self.left - self.pending
            fill = QColor(self.color)
            if pending:
                fill.setAlpha(90)
            painter.setPen(QPen(QColor("#333333"), 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush if spent else fill)
            painter.drawRoundedRect(rect, 3, 3)
        font = QFont()
        font.setPointSizeF(9)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("#222222"))
        painter.drawText(QRectF(112, 0, 40, 30), Qt.AlignmentFlag.AlignVCenter, f"{bp_text(self.left)} BP")
        painter.end()


class Tray(QWidget):
    """The column beside the board: what is going on, the railways' track markers, the build-point meter and the
    cubes of the supply.  Ireland is taller than wide: in a strip above the board the tray took the height the
    board needed (hexes of about 25 px at 1366x768); in a column beside it the board has the window's height."""

    #: the column's width (the chips three a row, the meter, the event line wrapped)
    WIDTH = 250

    def __init__(self, game: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irishTray")
        self.setStyleSheet("QWidget#irishTray { background: #F4EFE2; }")
        self.setFixedWidth(self.WIDTH)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 6, 8, 6)
        column.setSpacing(4)
        self.banner = QLabel("", self)
        self.banner.setObjectName("irishBanner")
        self.banner.setStyleSheet("font-size: 14px; font-weight: 600;")
        self.banner.setWordWrap(True)
        self.event_line = QLabel("", self)
        self.event_line.setObjectName("irishEvent")
        self.event_line.setTextFormat(Qt.TextFormat.RichText)
        self.event_line.setWordWrap(True)
        self.event_line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        column.addWidget(self.banner)
        column.addWidget(QLabel("<b>Track</b> (drag onto a hex):", self))
        chips = QGridLayout()
        chips.setSpacing(4)
        self.track_chips: dict[str, Chip] = {}
        for i, railway in enumerate(game.railways):
            chip = Chip("track", railway.id, railway.color, railway.id, railway.text_color, self)
            self.track_chips[railway.id] = chip
            chips.addWidget(chip, i // 3, i % 3)
        column.addLayout(chips)
        self.meter = BuildMeter(self)
        column.addWidget(self.meter)
        column.addWidget(QLabel("<b>Special interest</b> (onto a town):", self))
        cubes_row = QHBoxLayout()
        cubes_row.setSpacing(4)
        self.cube_chips: dict[str, Chip] = {}
        for color in COLORS:
            chip = Chip("cube", color, CUBE_COLORS[color].name(), color[0].upper(),
                        "#FFFFFF" if color == "black" else "#000000", self)
            self.cube_chips[color] = chip
            cubes_row.addWidget(chip)
        cubes_row.addStretch(1)
        column.addLayout(cubes_row)
        self.help = QLabel("<u>How to play</u>", self)
        self.help.setObjectName("irishHelp")
        self.help.setToolTip(HELP)
        column.addWidget(self.help)
        column.addWidget(self.event_line)


def _swatch(color: str, text: str, ink: str = "#FFFFFF") -> str:
    return (f"<span style='background:{color}; color:{ink}; font-weight:600'>&nbsp;{html.escape(text)}&nbsp;"
            f"</span>")


class RailwaysPanel(QLabel):
    """Each railway: its shares (face value and holder), tracks left, the cities and towns it reaches and
    whether it earned the link bonus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irishRailways")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWordWrap(True)
        self.setMargin(6)

    def set_game(self, game: Any) -> None:
        rows = ["<table cellspacing=0 cellpadding=3 width='100%'>",
                "<tr><th align=left>Railway</th><th align=left>Shares</th><th>Track</th></tr>"]
        for r in game.railways:
            shares = []
            for s in r.shares:
                who = html.escape(s.owner.name) if s.owner is not None else "<i>unsold</i>"
                shares.append(f"£{s.face} {who}")
            places = [game.board[h] for h in r.tracks if game.board[h].terrain in ("T", "C", "M")]
            reach = ", ".join(html.escape(c.name or c.id) + (f" ({c.cube})" if c.cube else " (town)") for c in places)
            bonus = " · <b>link bonus paid</b>" if r.bonus_paid else ""
            rows.append(f"<tr><td valign=top>{_swatch(r.color, r.id, r.text_color)}</td>"
                        f"<td valign=top>{'<br>'.join(shares)}</td>"
                        f"<td valign=top align=center>{len(r.tracks)}/19</td></tr>"
                        f"<tr><td></td><td colspan=2 style='color:#555'>{reach}{bonus}</td></tr>")
        rows.append("</table>")
        self.setText("".join(rows))


class PlayersPanel(QLabel):
    """Each player in seat order: cash, shares, value (cash + face values); the acting player marked; the
    winner(s) at the end."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irishPlayers")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWordWrap(True)
        self.setMargin(6)
        #: player name -> the computer player holding that seat
        self.bot_kinds: dict[str, str] = {}

    def set_game(self, game: Any) -> None:
        acting = None if game.finished else game.round.current_entity()
        winners = {p.id for p in game.winners()} if game.finished else set()
        auction = running_auction(game)
        rows = ["<table cellspacing=0 cellpadding=3 width='100%'>",
                "<tr><th align=left>Player</th><th>Cash</th><th align=left>Shares</th><th>Value</th></tr>"]
        for p in game.players:
            mark = "▶ " if p is acting else ""
            crown = " ★ winner" if p.id in winners else ""
            shares = " ".join(_swatch(s.railway.color, f"{s.railway.id} {s.face}", s.railway.text_color)
                              for s in p.shares) or "–"
            style = " style='background:#FFF3C4'" if p is acting or p.id in winners else ""
            rows.append(f"<tr{style}><td><b>{mark}{html.escape(seat_name(p.name, self.bot_kinds))}{crown}</b>{auction_note(auction, p)}</td>"
                        f"<td align=right>£{p.cash}</td><td>{shares}</td><td align=right>£{p.value()}</td></tr>")
        rows.append("</table>")
        supply = ", ".join(f"{game.supply[c]} {c}" for c in COLORS)
        rows.append(f"<p>Supply: {cubes(game.supply_count())} ({supply})</p>")
        self.setText("".join(rows))


def running_auction(game: Any) -> Any:
    """The share auction going on (initial or opened in the game), or None."""
    if game.finished:
        return None
    step = game.round.active_step()
    auction = getattr(step, "auction", None)
    if auction is None or getattr(step, "phase", "auction") != "auction" or auction.winner is not None:
        return None
    return auction


def auction_note(auction: Any, player: Any) -> str:
    """What ``player`` stands at in the running auction: the standing bid, or out of it."""
    if auction is None:
        return ""
    what = f"{html.escape(auction.railway.id)} £{auction.share.face}"
    if player is auction.leader:
        return f"<br><span style='color:#1a5e20'>bid £{auction.high} on {what} (high)</span>"
    if player in auction.out:
        return f"<br><span style='color:#777'>out of the {what} auction</span>"
    return ""


def _towns(n: int) -> str:
    return "no town" if n == 0 else "1 town" if n == 1 else f"{n} towns"


def cube_html(color: str) -> str:
    """A cube as a coloured chip of text (white gets a grey ground so that it shows on white)."""
    ground = {"white": "#E4E4E4", "pink": CUBE_COLORS["pink"].name(), "black": "#202020"}.get(color, "#999999")
    ink = "#FFFFFF" if color == "black" else "#000000"
    return f"<span style='background:{ground}; color:{ink}; font-weight:600'>&nbsp;{color}&nbsp;</span>"


def dividend_html(game: Any, report: Any, compact: bool = False) -> str:
    """A dividend call in words: the cubes drawn, what each railway earns and who gets what (``compact``: two
    lines, for the strip above the board)."""
    names = {p.id: p.name for p in game.players}
    cubes = " ".join(cube_html(c) for c in report.drawn)
    head = f"<b>{html.escape(names.get(report.caller, str(report.caller)))}</b> called for dividends: {cubes}"
    parts = []
    for inc in report.incomes:
        railway = game.railway(inc.railway)
        chip = _swatch(railway.color, railway.id, railway.text_color)
        paying = ", ".join(NAMES.get(h, h) for h in inc.paying_cities) or "no paying city"
        if inc.pays:
            who = ", ".join(f"{html.escape(names[p])} £{a}" for r, p, a in report.paid if r == inc.railway)
            if compact:
                parts.append(f"{chip} £{inc.amount} ({who or 'no holder'})")
            else:
                parts.append(f"{chip} earns £{inc.amount} ({paying}; {_towns(len(inc.towns))}): {who or 'no holder'}")
        elif compact:
            parts.append(f"{chip} –")
        else:
            parts.append(f"{chip} does not pay ({paying}; {_towns(len(inc.towns))})")
    if compact:
        return head + "<br>" + " · ".join(parts)
    return "<br>".join([head, *parts])


class DividendsPanel(QLabel):
    """The dividend calls so far, the latest first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irishDividends")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.setWordWrap(True)
        self.setMargin(6)

    def set_game(self, game: Any) -> None:
        if not game.dividends:
            self.setText("<i>No dividend call yet.</i>")
            return
        parts = [f"<p><b>Call {n}</b><br>{dividend_html(game, report)}</p>"
                 for n, report in reversed(list(enumerate(game.dividends, start=1)))]
        self.setText("".join(parts))
