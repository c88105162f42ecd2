"""Small vector pictures of the named markers a printed map shows: terrain (mountain, hill, river), and the markers
titles put on hexes (a hole, a wheat field, wings, a patch, a barrel, a blocked slot).

A marker is found by its name as the title data writes it (a tile icon's name or image, ``18_zoo/hole``, a terrain
name, a hex assignment key such as ``HOLE``): only the last path part counts, without extension, case-insensitive,
and a few synonyms map to one picture.  Unknown names have no glyph (the map writes them as a text badge).

A glyph paints itself centred on a point, ``size`` scene units wide (about the height too).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

__all__ = ["GLYPHS", "Glyph", "glyph_for", "glyph_name"]

#: paints a glyph: (painter, centre, size)
Glyph = Callable[[QPainter, QPointF, float], None]

_WATER = QColor("#2C74B3")
_MOUNTAIN = QColor("#7A5230")
_HILL = QColor("#9C7A45")
_SNOW = QColor("#F4F1EA")
_OUTLINE = QColor("#3B2A1A")


def _pen(color: QColor, width: float) -> QPen:
    pen = QPen(color, width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _mountain(painter: QPainter, c: QPointF, size: float) -> None:
    k = size / 22.0
    x, y = c.x(), c.y()
    painter.setPen(_pen(_OUTLINE, 1.2 * k))
    painter.setBrush(_MOUNTAIN)
    painter.drawPolygon(QPolygonF([QPointF(x - 11 * k, y + 7 * k), QPointF(x, y - 9 * k),
                                   QPointF(x + 11 * k, y + 7 * k)]))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_SNOW)
    painter.drawPolygon(QPolygonF([QPointF(x - 4.1 * k, y - 3 * k), QPointF(x, y - 9 * k),
                                   QPointF(x + 4.1 * k, y - 3 * k)]))


def _hill(painter: QPainter, c: QPointF, size: float) -> None:
    """A low rounded hump (lower and softer than a mountain, no snow)."""
    k = size / 22.0
    x, y = c.x(), c.y()
    path = QPainterPath(QPointF(x - 11 * k, y + 6 * k))
    path.cubicTo(QPointF(x - 7 * k, y - 7 * k), QPointF(x + 7 * k, y - 7 * k), QPointF(x + 11 * k, y + 6 * k))
    path.closeSubpath()
    painter.setPen(_pen(_OUTLINE, 1.2 * k))
    painter.setBrush(_HILL)
    painter.drawPath(path)


def _river(painter: QPainter, c: QPointF, size: float) -> None:
    k = size / 22.0
    x, y = c.x(), c.y()
    painter.setPen(_pen(_WATER, 2.4 * k))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in (-3.5, 3.0):
        path = QPainterPath(QPointF(x - 11 * k, y + row * k))
        for i in range(4):
            x0 = x - 11 * k + i * 5.5 * k
            path.quadTo(QPointF(x0 + 2.75 * k, y + (row - 3.2 * (1 if i % 2 == 0 else -1)) * k),
                        QPointF(x0 + 5.5 * k, y + row * k))
        painter.drawPath(path)


def _hole(painter: QPainter, c: QPointF, size: float) -> None:
    """A burrow: a dark opening in a ring of earth."""
    k = size / 22.0
    painter.setPen(_pen(_OUTLINE, 1.0 * k))
    painter.setBrush(QColor("#B08850"))
    painter.drawEllipse(c, 11 * k, 7 * k)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1A120A"))
    painter.drawEllipse(c, 7 * k, 4 * k)


def _wheat(painter: QPainter, c: QPointF, size: float) -> None:
    """An ear of wheat: a stalk with grains either side."""
    k = size / 22.0
    x, y = c.x(), c.y()
    painter.setPen(_pen(QColor("#8A6A12"), 1.4 * k))
    painter.drawLine(QPointF(x, y + 11 * k), QPointF(x, y - 10 * k))
    painter.setBrush(QColor("#E2B63A"))
    painter.setPen(_pen(QColor("#8A6A12"), 0.8 * k))
    for i in range(4):
        gy = y - 7 * k + i * 4 * k
        for side in (-1, 1):
            painter.save()
            painter.translate(x + side * 2.6 * k, gy)
            painter.rotate(side * 35)
            painter.drawEllipse(QPointF(0, 0), 1.8 * k, 3.2 * k)
            painter.restore()


def _wings(painter: QPainter, c: QPointF, size: float) -> None:
    """Two feathered wings."""
    k = size / 22.0
    x, y = c.x(), c.y()
    painter.setPen(_pen(QColor("#5A5A5A"), 1.0 * k))
    painter.setBrush(QColor("#FFFFFF"))
    for side in (-1, 1):
        path = QPainterPath(QPointF(x + side * 1 * k, y + 2 * k))
        path.cubicTo(QPointF(x + side * 4 * k, y - 8 * k), QPointF(x + side * 10 * k, y - 9 * k),
                     QPointF(x + side * 11 * k, y - 6 * k))
        path.cubicTo(QPointF(x + side * 9 * k, y - 2 * k), QPointF(x + side * 8 * k, y + 2 * k),
                     QPointF(x + side * 1 * k, y + 2 * k))
        painter.drawPath(path)


def _patch(painter: QPainter, c: QPointF, size: float) -> None:
    """A sticking plaster, crossed."""
    k = size / 22.0
    painter.setPen(_pen(QColor("#8A5A3A"), 1.0 * k))
    painter.setBrush(QColor("#F0C8A0"))
    for angle in (45, -45):
        painter.save()
        painter.translate(c)
        painter.rotate(angle)
        painter.drawRoundedRect(QRectF(-10 * k, -3 * k, 20 * k, 6 * k), 3 * k, 3 * k)
        painter.restore()


def _barrel(painter: QPainter, c: QPointF, size: float) -> None:
    k = size / 22.0
    x, y = c.x(), c.y()
    painter.setPen(_pen(QColor("#4A2A10"), 1.2 * k))
    painter.setBrush(QColor("#A8642A"))
    painter.drawRoundedRect(QRectF(x - 7 * k, y - 9 * k, 14 * k, 18 * k), 5 * k, 3 * k)
    painter.setPen(_pen(QColor("#4A4A4A"), 1.4 * k))
    for dy in (-5.0, 5.0):
        painter.drawLine(QPointF(x - 7 * k, y + dy * k), QPointF(x + 7 * k, y + dy * k))


def _block(painter: QPainter, c: QPointF, size: float) -> None:
    """A blocked place: a red no-entry disc."""
    k = size / 22.0
    painter.setPen(_pen(QColor("#7A1010"), 1.0 * k))
    painter.setBrush(QColor("#C62828"))
    painter.drawEllipse(c, 10 * k, 10 * k)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#FFFFFF"))
    painter.drawRect(QRectF(c.x() - 6.5 * k, c.y() - 2 * k, 13 * k, 4 * k))


#: the glyphs by canonical name
GLYPHS: dict[str, Glyph] = {
    "mountain": _mountain,
    "hill": _hill,
    "river": _river,
    "hole": _hole,
    "wheat": _wheat,
    "wings": _wings,
    "patch": _patch,
    "barrel": _barrel,
    "block": _block,
}

_SYNONYMS = {
    "water": "river", "lake": "river", "mountains": "mountain", "hills": "hill", "corn": "wheat",
    "two_barrels": "barrel", "blocked": "block", "blocking": "block",
}


def glyph_name(name: object) -> str | None:
    """The canonical glyph name of a marker named ``name`` (``18_zoo/hole.svg``, ``HOLE``, ``water``), or None."""
    text = str(name or "").strip().lower()
    if not text:
        return None
    text = text.rsplit("/", 1)[-1]
    if "." in text:
        text = text.rsplit(".", 1)[0]
    text = _SYNONYMS.get(text, text)
    return text if text in GLYPHS else None


def glyph_for(name: object) -> Glyph | None:
    """The glyph of a marker named ``name``, or None when there is no picture for it."""
    canonical = glyph_name(name)
    return GLYPHS[canonical] if canonical is not None else None
