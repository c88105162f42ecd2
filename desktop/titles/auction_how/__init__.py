"""Auction HOW in the main window: the bid board in the middle, the victory points and the epoch summary at the
side (see ``desktop.titles``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from desktop.titles import TitleViews
from desktop.titles.auction_how.board import AuctionView, SummaryTable, VpTable, auction_of, player_color
from desktop.titles.auction_how.controller import AuctionController

if TYPE_CHECKING:
    from desktop.session import Session


class HowView(AuctionView):
    """The auction view reading a game: header, order, whose turn, and the cards."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.game: Any = None
        self.legal: dict[str, int] = {}

    def set_game(self, game: Any) -> None:
        self.game = game
        if game is None:
            return
        round_ = game.round
        step = auction_of(game)
        self.header.setText(f"Auction HOW · {game.round_label()}" + (" · game over" if game.finished else ""))
        roll = round_.roll
        low = game.player_by_id(roll.low).name
        dice = " then ".join(", ".join(f"{game.player_by_id(pid).name} {v}" for pid, v in r.items())
                             for r in roll.rounds)
        order = " → ".join(p.name for p in round_.order)
        extra = f" · {low} also plays Sumeria" if game.turn == 1 and not game.option("blood_sweat") else ""
        self.order.setText(f"Order roll: {dice}. {low} rolled low. Bidding order: {order}{extra}")
        if game.finished:
            ranked = sorted(game.players, key=lambda p: -p.vp)
            self.turn.setText("Result: " + ", ".join(f"{p.name} {p.vp} VP" for p in ranked))
        elif step is not None and not step.passed:
            who = round_.current_entity()
            held = step.controlled_by(who)
            must = f"controls {held.label} and must pass" if held is not None else "controls nothing and must bid"
            self.turn.setText(f"{who.name} {must} · passes in a row: {step.passes_in_row}/{len(step.bidders)}")
            self.turn.setStyleSheet(f"font-size: 16px; font-weight: 600; padding: 4px 0; "
                                    f"color: {player_color(game, who.id).name()};")
        else:
            who = round_.current_entity()
            self.turn.setText(f"{who.name}: record the victory points scored in {game.round_label()}"
                              if who is not None else "")
        if step is not None:
            self.set_cards(list(step.items))
        self.show_cards()

    def show_cards(self) -> None:
        game = self.game
        step = auction_of(game) if game is not None else None
        if step is None:
            return
        for item_id, card in self.cards.items():
            item = step.items.get(item_id)
            if item is None:
                continue
            card.show_item(game, item, self.legal.get(item_id), item_id in self.legal, item_id == self.selected)


def build_views(window: Any, session: Session) -> TitleViews:
    view = HowView(window)
    vp = VpTable(window)
    summary = SummaryTable(window)

    def refresh(game: Any) -> None:
        if session.viewing_past:
            view.legal = {}
        view.set_game(game)
        vp.set_game(game)
        summary.set_game(game)

    def set_bot_kinds(kinds: dict[str, str]) -> None:
        vp.bot_kinds = dict(kinds)
        if view.game is not None:
            vp.set_game(view.game)

    return TitleViews(central=view, panels=[("vp", "Victory points", vp), ("summary", "Empires by epoch", summary)],
                      refresh=refresh, controllers=[AuctionController], set_bot_kinds=set_bot_kinds)


def render(game: Any, width: int) -> QImage:
    """The bid board, the victory points and the epoch summary of ``game``, without a window."""
    from desktop.main_window import status_text

    view = HowView()
    view.set_game(game)
    vp = VpTable()
    vp.set_game(game)
    summary = SummaryTable()
    summary.set_game(game)
    view.resize(width, 520)
    vp.resize(width // 2 - 8, 260)
    summary.resize(width - width // 2 - 8, 260)
    header = 44
    image = QImage(width, header + 520 + 270, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#f7f4ec"))
    painter = QPainter(image)
    font = QFont()
    font.setPixelSize(18)
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(QRect(14, 0, width - 28, header), Qt.AlignmentFlag.AlignVCenter, status_text(game, False))
    view.render(painter, QPoint(0, header))
    vp.render(painter, QPoint(4, header + 525))
    summary.render(painter, QPoint(width // 2 + 4, header + 525))
    painter.end()
    for w in (view, vp, summary):
        w.deleteLater()
    return image
