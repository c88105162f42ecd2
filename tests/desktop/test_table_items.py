"""Small frictions of a first game (issue 29), each with a test that would catch it coming back: laid tiles show
their number, the spreadsheet's broken bank, player cards in seat order, corporation names never cut."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from desktop.map.geometry import HexGeometry
from desktop.map.items import TileDrawing
from desktop.panels.corporations import CorporationsCanvas, corporation_cards
from desktop.panels.players import player_cards
from desktop.panels.spreadsheet import bank_cash_text
from engine import new_game
from engine.map.tile import Tile


def test_a_laid_tile_shows_its_number_a_preprinted_hex_does_not(qtbot: Any) -> None:
    geometry = HexGeometry("pointy", 50.0)
    laid = Tile.for_catalogue("57", index=0)
    printed = Tile.for_catalogue("57", index=0)
    printed.preprinted = True
    assert len(TileDrawing.build(laid, geometry).ops) == len(TileDrawing.build(printed, geometry).ops) + 1


def test_spreadsheet_bank_of_a_broken_bank_says_how_much_it_ran_short() -> None:
    game = new_game("1846", ["A", "B", "C"], seed=1)
    game.bank.cash = -6382
    text = bank_cash_text(game)
    assert "-" not in text and "6382" in text.replace(",", "") and "short" in text


def test_player_cards_keep_the_seat_order_when_the_priority_deal_turns_the_players() -> None:
    game = new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    seats = [c.name for c in player_cards(game)]
    game.players = game.players[2:] + game.players[:2]  # as reorder_players does each stock round
    assert [c.name for c in player_cards(game)] == seats


@pytest.mark.parametrize("title", ["1830", "1846", "1889", "18Chesapeake"])
def test_corporation_names_are_never_cut_in_the_narrowest_dock(qtbot: Any, title: str) -> None:
    from desktop.main_window import MIN_SIDE_WIDTH

    game = new_game(title, ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    canvas = CorporationsCanvas()
    qtbot.addWidget(canvas)
    for card in corporation_cards(game):
        for flags in ((False, False), (True, False)):  # plain, and with a "NOT FLOATED" badge
            if hasattr(card, "ipoed"):
                card.ipoed, card.floated = flags
            card.operating_order = 3
            rect = QRectF(0, 0, MIN_SIDE_WIDTH - 20, canvas.HEADER)
            width = canvas.header_name_rect_width(card, rect)
            if canvas.name_wraps(card, width):  # on two lines, whole
                wide = canvas.wrapped_name_width(card, rect)
                metrics = QFontMetricsF(canvas.wrap_font(card.full_name, wide, canvas.HEADER - 8))
                box = metrics.boundingRect(QRectF(0, 0, wide, 1000), int(Qt.TextFlag.TextWordWrap), card.full_name)
                assert box.height() <= canvas.HEADER - 8 and box.width() <= wide + 0.5, card.full_name
                continue
            font = canvas.name_font(card, width)
            assert QFontMetricsF(font).horizontalAdvance(card.full_name) <= width + 0.5, (card.full_name, width)
            assert font.pixelSize() >= 8


def test_location_names_grow_to_a_legible_size_when_the_map_is_zoomed_out() -> None:
    from desktop.map.items import MAX_LABEL_GROWTH, MIN_LABEL_PX, legible_scale

    assert legible_scale(12.0, 1.0) == 1.0  # 12 px on screen: as drawn
    grow = legible_scale(22.0, 0.3)  # 6.6 px on screen
    assert grow > 1.0 and abs(22.0 * 0.3 * grow - MIN_LABEL_PX) < 1e-6
    assert legible_scale(22.0, 0.05) == MAX_LABEL_GROWTH  # never more than that
