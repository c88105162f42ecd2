"""Crowded stock-market cells stay readable in every 18xx title: tokens never shrink below a legible size; three or
more in a two-dimensional market overlap like a physical stack (first to operate in front, every other one still
showing its colour) with a badge counting them; a one-row market's tall cells stack them top to bottom."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from desktop.market import MarketWidget
from desktop.market.widget import READABLE_TOKEN
from desktop.panels import qcolor
from engine import new_game

TITLES = ["1830", "1889", "18Chesapeake", "1846", "Steam Over Holland"]
PLAYERS = ["Ann", "Bob", "Cyd", "Dee"]


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 60


def _crowded(title: str, count: int) -> tuple[MarketWidget, Any, list[Any]]:
    """A new game of ``title`` with ``count`` corporations put on one market cell (a par cell, or the middle)."""
    game = new_game(title, PLAYERS[:3] if title == "Steam Over Holland" else PLAYERS, seed=5)
    cells = [sp for row in game.stock_market.market for sp in row if sp is not None]
    cell = next((sp for sp in cells if "par" in (sp.types or [])), cells[len(cells) // 2])
    corporations = list(game.corporations)[:count]
    cell.corporations.extend(corporations)
    widget = MarketWidget()
    widget.set_game(game)
    return widget, widget.cell(*cell.coordinates), corporations


def _image(widget: MarketWidget) -> QImage:
    nat = widget.natural_size()
    return widget.render_image(round(nat.width()), round(nat.height()))  # scale 1: logical units are pixels


def _shows(image: QImage, color: QColor, xs: range, y: float) -> bool:
    return any(_close(image.pixelColor(x, round(y)), color) for x in xs)


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("count", [3, 4, 5])
def test_a_crowded_cell_keeps_every_token_readable_and_visible(qtbot: Any, title: str, count: int) -> None:
    widget, cell, corporations = _crowded(title, count)
    qtbot.addWidget(widget)
    assert [t.name for t in cell.tokens] == [c.name for c in corporations]
    rects = widget.token_rects(cell)
    assert len(rects) == count
    assert all(r.width() >= READABLE_TOKEN for r in rects), [r.width() for r in rects]
    bounds = widget.cell_rect(cell.row, cell.col)
    assert all(bounds.contains(r) for r in rects)
    image = _image(widget)
    # the first to operate is drawn whole, in front
    front = rects[0]
    assert _close(image.pixelColor(round(front.center().x()), round(front.top() + front.height() * 0.2)),
                  qcolor(cell.tokens[0].color))
    # every later one shows its colour beyond the one in front of it (right in a stack, below in a column)
    for before, rect, token in zip(rects, rects[1:], cell.tokens[1:]):
        if widget.one_d:
            assert rect.top() > before.top()
            visible_y = (max(before.bottom(), rect.top()) + rect.bottom()) / 2
            assert _shows(image, qcolor(token.color), range(round(rect.left()) + 2, round(rect.right()) - 2),
                          visible_y), token.name
        else:
            assert abs(rect.top() - before.top()) < 0.5 and rect.left() > before.left()
            assert _shows(image, qcolor(token.color), range(round(before.right()) + 1, round(rect.right()) - 1),
                          rect.center().y()), token.name
    badge = widget.badge_rect(cell)
    if widget.one_d:
        assert badge is None
    else:  # the count badge, dark, inside the cell
        assert badge is not None and bounds.contains(badge.center())
        assert _shows(image, QColor("#2b2620"), range(round(badge.left()), round(badge.right())), badge.center().y())


@pytest.mark.parametrize("title", ["1830", "1846"])
def test_one_or_two_tokens_need_no_stack(qtbot: Any, title: str) -> None:
    for count in (1, 2):
        widget, cell, _ = _crowded(title, count)
        qtbot.addWidget(widget)
        rects = widget.token_rects(cell)
        assert widget.badge_rect(cell) is None
        assert all(r.width() >= READABLE_TOKEN for r in rects)
        if count == 2 and not widget.one_d:  # side by side, both names whole
            assert rects[1].left() >= rects[0].right() - 2.5
