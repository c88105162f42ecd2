"""Auctions stand in the window's auction panel while they run (issue 29): no dialog reopened for each bid, every
committed bid in sight, the bid box open between bids and between bidders, gone when the auction is over."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QMessageBox

from desktop.controllers.auction import AuctionController
from desktop.main_window import MainWindow
from desktop.session import Session

PLAYERS = ["Ann", "Bob", "Cyd", "Dee"]


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    return win


def _labels(widget: Any) -> str:
    return " | ".join(label.text() for label in widget.findChildren(QLabel))


def test_the_private_auction_stands_in_the_panel_from_the_first_turn_to_the_last(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.set_session(Session.new("1830", PLAYERS, seed=2))
    panel = window.auction_panel
    controller = window.play.controller(AuctionController)
    # standing without a click on the bar: the first bidder's rows, no Close button (the panel stays)
    assert not panel.isHidden() and panel.content is controller.dialog is not None
    assert "Ann" in panel.title.text()
    assert controller.dialog.close_button is not None and controller.dialog.close_button.isHidden()
    # a bid: the panel is still there, for the next bidder, with the committed bid listed and a bid box open
    row = controller.dialog.rows["CS"]
    row.spin.setValue(45)
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert window.session.record.actions[-1]["price"] == 45
    assert not panel.isHidden() and panel.content is controller.dialog
    assert "Bob" in panel.title.text() and "$45 Ann" in _labels(controller.dialog)
    assert controller.dialog.rows["DH"].spin.isEnabled()
    # a refused typed bid changes nothing and keeps the same turn's form in the panel
    shown = controller.dialog
    box = shown.rows["DH"].spin
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "71")
    before = len(window.session.record.actions)
    qtbot.mouseClick(shown.rows["DH"].button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before and controller.dialog is shown
    assert shown.refusal_label.text() and not shown.refusal_label.isHidden()
    # the bar's button brings the panel back when folded, with the focus in the first usable bid box
    panel.fold_button.setChecked(True)
    assert panel.scroll.isHidden()
    qtbot.mouseClick(window.action_bar.buttons["auction"], Qt.MouseButton.LeftButton)
    assert not panel.folded and not panel.scroll.isHidden()
    # everybody buys the cheapest private left: the auction ends and the panel goes away
    for _ in range(12):
        if not controller.available:
            break
        dialog = controller.dialog
        buy = next((r for r in dialog.rows.values() if r.move is not None and r.move.purchase), None)
        if buy is not None:
            qtbot.mouseClick(buy.button, Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    assert not controller.available
    assert panel.isHidden() and panel.content is None and controller.dialog is None


def test_viewing_the_past_takes_the_auction_panel_away_and_the_end_brings_it_back(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.set_session(Session.new("1830", PLAYERS, seed=2))
    controller = window.play.controller(AuctionController)
    row = controller.dialog.rows["CS"]
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    window.session.jump(0)
    QApplication.processEvents()
    assert window.auction_panel.isHidden() and controller.dialog is None
    window.session.jump(len(window.session.record.actions))
    QApplication.processEvents()
    assert not window.auction_panel.isHidden() and controller.dialog is not None


def test_irish_gauge_auctions_stand_in_the_panel_and_the_opening_form_comes_from_the_bar(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    from desktop.titles.irish_gauge.controller import IrishGaugeController

    window.new_game("Irish Gauge", PLAYERS, seed=7)
    panel = window.auction_panel
    controller = window.play.controller(IrishGaugeController)
    dialog = controller.panel_dialog
    assert dialog is not None and panel.content is dialog and not panel.isHidden()
    assert dialog.cancel_button.isHidden()  # a running auction: bid or pass, nothing to cancel
    first = window.session.live.round.current_entity().name
    low = dialog.spin.low
    # typed out of range: refused with the range, nothing changes, the same form stays
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), "99")
    before = len(window.session.record.actions)
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before and controller.panel_dialog is dialog
    assert "£" in dialog.refusal_label.text()
    dialog.spin.setValue(low + 1)
    qtbot.mouseClick(dialog.bid_button, Qt.MouseButton.LeftButton)
    assert window.session.record.actions[-1]["price"] == low + 1
    # the next bidder's form stands at once, saying who leads
    nxt = controller.panel_dialog
    assert nxt is not None and nxt is not dialog and panel.content is nxt
    assert f"{first} bids £{low + 1}" in nxt.heading.text()
    assert nxt.spin.value() == low + 2
    # the initial auctions end; in a choose phase the panel is gone until "Auction a share…" is clicked
    for _ in range(200):
        if not controller.in_auction():
            break
        form = controller.panel_dialog
        if form.pass_button is not None:
            qtbot.mouseClick(form.pass_button, Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(form.bid_button, Qt.MouseButton.LeftButton)
    assert not controller.in_auction()
    assert panel.isHidden() and controller.panel_dialog is None
    button = window.action_bar.buttons.get("irish_auction")
    if button is None or not button.isEnabled():
        pytest.skip("nobody can afford an auction here")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    opening = controller.panel_dialog
    assert opening is not None and not panel.isHidden() and opening.choices
    assert not opening.cancel_button.isHidden()
    qtbot.mouseClick(opening.cancel_button, Qt.MouseButton.LeftButton)  # back to the board, nothing changed
    assert panel.isHidden() and controller.panel_dialog is None


def _shown(window: MainWindow, qtbot: Any) -> None:
    window.show()
    qtbot.waitExposed(window)
    for _ in range(3):
        QApplication.processEvents()
        window.resize(1366, 768)
    qtbot.wait(30)


def test_the_companies_cards_share_the_panels_width_and_a_refused_bid_is_said_in_sight(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window.set_session(Session.new("1830", PLAYERS, seed=2))
    _shown(window, qtbot)
    panel = window.auction_panel
    dialog = window.play.controller(AuctionController).dialog
    assert dialog.cards and len(dialog._cards) == 6
    # every card in sight without a scroll bar (they were 136 px each and the last one was cut at 1366 px)
    assert panel.scroll.horizontalScrollBar().maximum() == 0
    for card, _name, _short, _bids in dialog._cards:
        assert card.mapTo(panel.scroll.viewport(), card.rect().bottomRight()).x() <= panel.scroll.viewport().width()
    # a purchase is one button; a bid card has its box
    assert dialog.rows["SV"].spin.isHidden() and not dialog.rows["CS"].spin.isHidden()
    # a typed bid out of range: refused, and the reason is in sight in the panel (it was under the fold), on its
    # title line in the title's place: the panel, the bid boxes and the map under it stay where they were (a line
    # under the cards grew the panel and the map lost its fit)
    panel_height, map_height = panel.height(), window.map_view.height()
    box = dialog.rows["BO"].spin
    button_at = dialog.rows["BO"].button.mapTo(window, dialog.rows["BO"].button.rect().topLeft())
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "700")
    qtbot.mouseClick(dialog.rows["BO"].button, Qt.MouseButton.LeftButton)
    qtbot.wait(30)
    assert not window.session.record.actions
    label = dialog.refusal_label
    assert "700" in label.text() and label.isVisible() and not panel.title.isVisible()
    corner = label.mapTo(panel, label.rect().bottomRight())
    assert 0 <= corner.y() <= panel.height() and label.mapTo(panel, label.rect().topLeft()).x() >= 0
    assert panel.height() == panel_height and window.map_view.height() == map_height
    assert dialog.rows["BO"].button.mapTo(window, dialog.rows["BO"].button.rect().topLeft()) == button_at
    # and the map keeps half the window meanwhile
    assert window.map_view.height() >= window.height() * 0.5
    # a bid the box allows takes the refusal away and the title comes back
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "225")
    qtbot.mouseClick(dialog.rows["BO"].button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session.record.actions) == 1, timeout=3000)
    qtbot.wait(30)
    assert panel.title.isVisible()


def test_irish_gauge_bid_and_pass_buttons_stay_in_place_from_turn_to_turn(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A wrapped bar line or an event line of another length moved the auction under a click meant for Pass."""
    from desktop.titles.irish_gauge.controller import IrishGaugeController

    window.new_game("Irish Gauge", PLAYERS, seed=11)
    _shown(window, qtbot)
    controller = window.play.controller(IrishGaugeController)

    def places() -> tuple[Any, Any]:
        form = controller.panel_dialog
        QApplication.processEvents()
        bid = form.bid_button.mapTo(window, form.bid_button.rect().topLeft())
        spin = form.spin.mapTo(window, form.spin.rect().topLeft())
        return bid, spin

    first = places()
    form = controller.panel_dialog
    form.spin.setValue(form.spin.low + 2)
    qtbot.mouseClick(form.bid_button, Qt.MouseButton.LeftButton)  # the event line changes, the bar line too
    assert places() == first
    pass_at = controller.panel_dialog.pass_button.mapTo(window, controller.panel_dialog.pass_button.rect().topLeft())
    for _ in range(2):  # the others pass: the last one is told what passing does (a line under the buttons)
        qtbot.mouseClick(controller.panel_dialog.pass_button, Qt.MouseButton.LeftButton)
        if not controller.in_auction():
            break
        assert places() == first
        button = controller.panel_dialog.pass_button
        assert button.mapTo(window, button.rect().topLeft()) == pass_at


def test_a_company_card_whose_id_no_selector_can_hold_is_styled_like_the_others(window: MainWindow) -> None:
    """18AL's M&C: a style sheet keyed on the card's name ("QFrame#card_M&C") does not parse, and that card alone
    was drawn grey among the cream ones."""
    window.set_session(Session.new("18AL", PLAYERS, seed=2))
    dialog = window.play.controller(AuctionController).dialog
    assert dialog is not None

    def background(cid: str) -> str:
        card = dialog.findChild(QFrame, f"card_{cid}")
        assert card is not None
        card.resize(card.sizeHint())
        return str(card.grab().toImage().pixelColor(4, card.height() // 2).name())

    assert background("M&C") == background("TR") == "#fffdf7"


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768)])
def test_the_companies_names_are_whole_on_their_cards(window: MainWindow, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """The cards cut the names ("SV Schuylkill…", "CS Champlai…"): a name is now condensed or broken over two
    lines, never elided, and every name takes the same lines (the cards' rows stay aligned)."""
    from PySide6.QtGui import QFontMetrics

    window.set_session(Session.new("1830", PLAYERS, seed=2))
    window.show()
    qtbot.waitExposed(window)
    for _ in range(3):
        QApplication.processEvents()
        window.resize(*size)
    qtbot.wait(30)
    dialog = window.play.controller(AuctionController).dialog
    heights = set()
    for card, name, short, _bids in dialog._cards:
        assert "…" not in name.text()
        assert name.text().replace("\n", " ") == short
        metrics = QFontMetrics(name.font())
        for line in name.text().split("\n"):
            assert metrics.horizontalAdvance(line) <= name.contentsRect().width()
        assert metrics.lineSpacing() * (name.text().count("\n") + 1) <= name.height()
        heights.add(name.height())
        assert name.mapTo(card, name.rect().bottomRight()).x() <= card.width()
    assert len(heights) == 1
    assert window.map_view.height() >= window.height() * 0.5
    # all six side by side, nothing under the fold (at 1280x720 the cards scrolled both ways, the buttons cut)
    panel = window.auction_panel
    assert panel.scroll.horizontalScrollBar().maximum() == 0 and panel.scroll.verticalScrollBar().maximum() == 0


def test_a_bought_company_keeps_its_card_so_the_others_stay_in_place(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """After a purchase the cards closed up: a click meant for one company's bid box landed on its neighbour's."""
    window.set_session(Session.new("1830", PLAYERS, seed=2))
    _shown(window, qtbot)
    controller = window.play.controller(AuctionController)

    def places() -> dict[str, int]:
        return {
            card.objectName()[len("card_") :]: card.mapTo(window, card.rect().topLeft()).x()
            for card, _name, _short, _bids in controller.dialog._cards
        }

    before = places()
    assert list(before) == ["SV", "CS", "DH", "MH", "CA", "BO"]
    qtbot.mouseClick(controller.dialog.rows["SV"].button, Qt.MouseButton.LeftButton)  # Ann buys SV at its price
    qtbot.waitUntil(lambda: len(window.session.record.actions) == 1, timeout=3000)
    qtbot.waitUntil(lambda: controller.dialog is not None and "SV" not in controller.dialog.rows, timeout=3000)
    qtbot.wait(30)
    after = places()
    assert after == before
    sold = controller.dialog.findChild(QLabel, "bids_SV")
    assert sold is not None and sold.text() == "sold to Ann"


def test_a_first_bid_moves_no_bid_box_and_leaves_the_map_as_it_was(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768: the first bid ("bids: $80 Player 2") wrapped its card's line, the panel grew a line, every
    bid box and button moved down under the next bidder's click, and the map under it jumped from whole to a zoomed
    part (its fit crossed the readable size).  (Long names: the cards' widths depend on the docks'.)"""
    window.set_session(Session.new("1830", [f"Player {n} Longname" for n in range(1, 5)], seed=2))
    _shown(window, qtbot)
    controller = window.play.controller(AuctionController)

    def places() -> dict[str, tuple[int, int]]:
        found = {}
        for cid, row in controller.dialog.rows.items():
            corner = row.button.mapTo(window, row.button.rect().topLeft())
            found[cid] = (corner.x(), corner.y())
        return found

    before = places()
    map_height, zoom = window.map_view.height(), window.map_view.zoom()
    row = controller.dialog.rows["DH"]
    row.spin.setValue(80)
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(window.session.record.actions) == 1, timeout=3000)
    qtbot.wait(30)
    QApplication.processEvents()
    assert "$80 Player 1 Longname" in _labels(controller.dialog)
    after = places()
    assert {cid: after[cid] for cid in ("CS", "MH", "CA", "BO")} == {
        cid: before[cid] for cid in ("CS", "MH", "CA", "BO")
    }
    assert window.map_view.height() == map_height and window.map_view.zoom() == pytest.approx(zoom)


def test_a_sold_card_takes_no_more_room_than_the_bids_lines_had(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768 (cards 118 px wide): "sold to Player 1", measured as if bold, took two lines, and after
    the first purchase every card grew a line: every bid box and button moved under the next player's click."""
    window.set_session(Session.new("1830", [f"Player {n}" for n in range(1, 5)], seed=2))
    _shown(window, qtbot)
    controller = window.play.controller(AuctionController)
    width = 114  # about the cards' width in the real window at 1366x768 (118), where bold "sold to Player 1" wraps

    def heights() -> list[int]:
        controller.dialog._size_cards(width)
        return [bids.height() for _card, _name, _short, bids in controller.dialog._cards]

    before = heights()
    qtbot.mouseClick(controller.dialog.rows["SV"].button, Qt.MouseButton.LeftButton)  # Player 1 buys SV
    qtbot.waitUntil(lambda: controller.dialog is not None and "SV" not in controller.dialog.rows, timeout=3000)
    sold = controller.dialog.findChild(QLabel, "bids_SV")
    assert sold is not None and sold.text() == "sold to Player 1"
    assert heights() == before


def test_a_second_and_third_bid_move_no_bid_box_and_leave_the_map_as_it_was(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768: three bids on DH ("$85 Player 4, $80 Player 3, $75 Player 2") took three lines, the panel
    grew at each bid, every bid box and button moved down under the next bidder's click (Player 4's click at the
    old place hit nothing) and the map under it shrank.  The line keeps its height: the bids that do not fit are
    counted ("+1 more") and all are in its tooltip."""
    window.set_session(Session.new("1830", [f"Player {n}" for n in range(1, 5)], seed=2))
    _shown(window, qtbot)
    controller = window.play.controller(AuctionController)
    qtbot.mouseClick(controller.dialog.rows["SV"].button, Qt.MouseButton.LeftButton)  # Player 1 buys SV
    qtbot.waitUntil(lambda: controller.dialog is not None and "SV" not in controller.dialog.rows, timeout=3000)
    qtbot.wait(30)

    def places() -> dict[str, tuple[int, int]]:
        QApplication.processEvents()
        return {
            cid: (
                row.button.mapTo(window, row.button.rect().topLeft()).x(),
                row.button.mapTo(window, row.button.rect().topLeft()).y(),
            )
            for cid, row in controller.dialog.rows.items()
        }

    before = places()
    map_height = window.map_view.height()
    for n, price in ((2, 75), (3, 80), (4, 85)):
        row = controller.dialog.rows["DH"]
        row.spin.setValue(price)
        qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda p=price: window.session.record.actions[-1].get("price") == p, timeout=3000)
        qtbot.wait(30)
        assert places() == before, f"after Player {n}'s bid"
        assert window.map_view.height() == map_height
    line = controller.dialog.findChild(QLabel, "bids_DH")
    assert line is not None and line.text().startswith("$85 Player 4")
    assert "+2" in line.text() or "$75 Player 2" in line.text()
    for bid in ("$85 Player 4", "$80 Player 3", "$75 Player 2"):
        assert bid in line.toolTip()


def test_irish_gauge_bid_button_keeps_its_place_through_a_refusal_and_the_next_turn(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768: the bid box was 106 px wide, 109 with a refused bid in it, 92 on the next player's turn
    (beside a wider "Pass (out of this auction)"): the Bid button moved 16 px left and a click at its right edge
    landed on Pass, out of the auction."""
    from desktop.titles.irish_gauge.controller import IrishGaugeController

    window.new_game("Irish Gauge", PLAYERS, seed=11)
    _shown(window, qtbot)
    controller = window.play.controller(IrishGaugeController)

    def bid_place() -> tuple[int, int, int]:
        QApplication.processEvents()
        button = controller.panel_dialog.bid_button
        corner = button.mapTo(window, button.rect().topLeft())
        return corner.x(), button.width(), controller.panel_dialog.spin.width()

    first = bid_place()
    form = controller.panel_dialog
    form.spin.lineEdit().selectAll()
    qtbot.keyClicks(form.spin.lineEdit(), "25")  # more than the player's £20
    qtbot.mouseClick(form.bid_button, Qt.MouseButton.LeftButton)
    assert not form.refusal_label.isHidden() and not window.session.record.actions
    assert bid_place() == first
    form.spin.lineEdit().selectAll()
    qtbot.keyClicks(form.spin.lineEdit(), str(form.spin.low + 3))
    qtbot.mouseClick(form.bid_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: controller.panel_dialog is not form, timeout=3000)
    assert window.session.record.actions
    assert bid_place() == first
    # and the form fits the panel's width: no scroll bar under it
    assert window.auction_panel.scroll.horizontalScrollBar().maximum() == 0


def test_the_bids_count_stays_in_sight_on_a_narrow_card(qtbot) -> None:  # type: ignore[no-untyped-def]
    """In a 106-px card at 1366x768 "$85 Player 4 +2" wrapped its "+2" under the bids line's fixed height: the
    card read as if Player 4's were the only bid."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QFont, QFontMetrics

    from desktop.dialogs.auction import fit_bids

    font = QFont(QApplication.font())
    font.setBold(True)
    metrics = QFontMetrics(font)
    entries = ["$85 Player 4", "$80 Player 3", "$75 Player 2"]
    line = metrics.lineSpacing()
    for width in (80, 94, 106, 140, 200, 400):
        text = fit_bids(entries, metrics, width, line)
        bounds = metrics.boundingRect(QRect(0, 0, width, 10_000), Qt.TextFlag.TextWordWrap, text)
        assert bounds.height() <= line and metrics.horizontalAdvance(text) <= width + 1, (width, text)
        assert text.startswith("$85") and ("+2" in text or "+1" in text or "$75 Player 2" in text), (width, text)
    assert fit_bids(entries, metrics, 400, line) == "$85 Player 4, $80 Player 3, $75 Player 2"


def test_irish_gauge_track_markers_keep_their_place_through_a_refusal_and_the_last_bidders_note(
    window: MainWindow, qtbot: Any
) -> None:
    """Played at 1366x768: a refused bid's line, then the last bidder's note (passing gives the share to the
    opener), grew the auction form and the next turn shrank it: the track markers under it in the left column --
    what a player drags next -- moved 34 px down and back.  The panel keeps its tallest height while the auctions
    hold it."""
    from desktop.titles.irish_gauge.controller import VIEWS_BY_WINDOW, IrishGaugeController

    window.new_game("Irish Gauge", PLAYERS, seed=11)
    _shown(window, qtbot)
    controller = window.play.controller(IrishGaugeController)
    chip = next(iter(VIEWS_BY_WINDOW[window].tray.track_chips.values()))

    def chip_top() -> int:
        for _ in range(3):
            QApplication.processEvents()
        qtbot.wait(20)
        return chip.mapTo(window, chip.rect().topLeft()).y()

    form = controller.panel_dialog
    form.spin.lineEdit().selectAll()
    qtbot.keyClicks(form.spin.lineEdit(), "25")  # more than the player's £20
    qtbot.mouseClick(form.bid_button, Qt.MouseButton.LeftButton)
    assert not form.refusal_label.isHidden() and not window.session.record.actions
    refused = chip_top()
    seen = {refused}
    for _ in range(3):  # everybody else passes: the last one is told what a pass decides
        assert window.play.pass_()
        seen.add(chip_top())
    assert controller.panel_dialog.pass_decides
    assert seen == {refused}
