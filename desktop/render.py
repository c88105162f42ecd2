"""Offscreen pictures of a game: the map above the stock market, with a title line."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from desktop.map.render import render_map
from desktop.market.widget import MarketWidget
from engine.game import Game

HEADER = 44


def render_market(game: Game, width: int) -> QImage:
    widget = MarketWidget()
    widget.set_game(game)
    height = max(200, widget.heightForWidth(width) if widget.hasHeightForWidth() else round(width * 0.42))
    widget.resize(width, height)
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    widget.render(painter, QPoint(0, 0))
    painter.end()
    widget.deleteLater()
    return image


def render_game_picture(game: Game, width: int) -> QImage:
    """The map and the market of ``game`` stacked into one picture ``width`` pixels wide (a title on the kernel
    alone: its own picture, see ``desktop.titles``)."""
    from desktop.main_window import status_text
    from engine.titles.registry import is_kernel_title

    if is_kernel_title(game.title):
        from desktop.titles import render_title_picture

        return render_title_picture(game, width)

    map_image = render_map(game, width)
    market_image = render_market(game, width)
    height = HEADER + map_image.height() + market_image.height()
    picture = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    picture.fill(QColor("#f7f4ec"))
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    font = QFont()
    font.setPixelSize(18)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#2b2b2b"))
    painter.drawText(QRect(14, 0, width - 28, HEADER), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                     status_text(game, viewing_past=False))
    painter.drawImage(0, HEADER, map_image)
    painter.drawImage(0, HEADER + map_image.height(), market_image)
    painter.end()
    return picture
