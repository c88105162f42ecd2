"""Fixes found playing at the table in a real window (TABLE helper): each test fails on the old behaviour."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from desktop.history_bar import HistoryBar


def test_clicking_the_timeline_groove_jumps_to_that_action(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A click on the slider's groove went ten actions towards the mouse (QSlider's page step), so a click near
    an early round of a long game landed near the end; it now jumps to the action under the mouse."""
    bar = HistoryBar()
    qtbot.addWidget(bar)
    bar.resize(1000, 90)
    bar.set_timeline([], 500)
    bar.show()
    qtbot.waitExposed(bar)
    requested: list[int] = []
    bar.index_requested.connect(requested.append)
    slider = bar.slider
    slider.setValue(500)
    requested.clear()
    quarter = QPoint(round(slider.width() * 0.25), slider.height() // 2)
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=quarter)
    assert abs(slider.value() - 125) <= 6, slider.value()
    assert requested and abs(requested[-1] - 125) <= 6
    # the start and the end of the groove are the first and the last action
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(1, slider.height() // 2))
    assert slider.value() == 0
    qtbot.mouseClick(slider, Qt.MouseButton.LeftButton, pos=QPoint(slider.width() - 1, slider.height() // 2))
    assert slider.value() == 500


def test_the_recovery_question_counts_one_move_in_the_singular(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.recovery import describe
    from desktop.files import Autosave
    from engine.record import GameRecord

    record = GameRecord.new("1830", ["Ann", "Bob"], seed=3)
    one = GameRecord.from_dict({**record.to_dict(), "actions": [{"type": "pass", "entity": "Ann",
                                                                 "entity_type": "player", "id": 1}]})
    text = describe(Autosave("k", tmp_path / "k.json", one, False, 0.0))
    assert "after 1 move." in text
    two = GameRecord.from_dict({**record.to_dict(), "actions": [{"type": "pass", "entity": "Ann",
                                                                 "entity_type": "player", "id": i}
                                                                for i in (1, 2)]})
    assert "after 2 moves." in describe(Autosave("k", tmp_path / "k.json", two, False, 0.0))


def test_corner_away_picks_the_corner_hiding_least_and_keeps_its_place_otherwise() -> None:
    from PySide6.QtCore import QRect, QSize

    from desktop.panels.route_panel import corner_away

    area, size = QRect(0, 0, 1000, 600), QSize(300, 200)
    top_left, top_right = QPoint(10, 10), QPoint(690, 10)
    bottom_left, bottom_right = QPoint(10, 390), QPoint(690, 390)
    route = (QRect(50, 50, 100, 100), 25)  # under the top-left corner
    assert corner_away(area, size, [], None) == top_left
    assert corner_away(area, size, [route], top_left) == top_right
    # a corner that hides nothing is kept while another hides nothing either (no hopping about)
    assert corner_away(area, size, [route], bottom_right) == bottom_right
    # the map counts too, far less than the routes: the corner with least map is chosen when no route is hidden
    map_part = (QRect(600, 0, 400, 250), 1)
    assert corner_away(area, size, [route, map_part], top_left) in (bottom_left, bottom_right)
    # routes everywhere but one corner
    routes = [(QRect(0, 0, 1000, 300), 25), (QRect(0, 300, 500, 300), 25)]
    assert corner_away(area, size, routes, top_left) == bottom_right


def test_the_route_panel_moves_off_the_routes_being_edited(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The route panel sat fixed at the map's top-left and covered routes there; it now moves to the corner that
    hides none of them (checked with the routes scrolled under the top-left corner of a shown window)."""
    from PySide6.QtCore import QPointF, QRect

    from desktop.controllers.routes import RoutesController
    from tests.desktop.play_helpers import window_before

    window, _action = window_before(qtbot, tmp_path, "1830", "26855.json", "run_routes", 3)
    window.resize(1800, 1000)
    window.show()
    qtbot.waitExposed(window)
    # a map view wide and tall enough for the panel in any corner: the docks out of the way (the offscreen
    # screen is small)
    for dock in window.docks.values():
        dock.hide()
    qtbot.waitUntil(lambda: window.map_view.viewport().width() >= 500, timeout=3000)
    routes = window.play.controller(RoutesController)
    qtbot.waitUntil(lambda: not routes.computing, timeout=120_000)
    assert routes.overlay.items
    view = window.map_view
    view.set_zoom(max(view.zoom(), 0.6))
    union = routes.overlay.items[0].sceneBoundingRect()
    for item in routes.overlay.items[1:]:
        union = union.united(item.sceneBoundingRect())
    scale = view.transform().m11()
    viewport = view.viewport()
    view.centerOn(union.topLeft() + QPointF((viewport.width() / 2 - 40) / scale,
                                            (viewport.height() / 2 - 40) / scale))
    qtbot.wait(50)
    routes_at = [r for r, weight in routes.avoid_rects() if weight == routes.ROUTE_WEIGHT]
    assert any(r.intersects(QRect(QPoint(10, 10), routes.panel.size())) for r in routes_at)  # the old place
    panel = routes.panel.geometry()
    assert not any(r.intersects(panel) for r in routes_at), (panel, routes_at)
    assert QRect(viewport.pos(), viewport.size()).contains(panel)


def test_the_route_panel_is_tall_enough_for_its_wrapped_help_text(qtbot) -> None:  # type: ignore[no-untyped-def]
    """adjustSize alone left the wrapped help line cut off at the panel's bottom edge."""
    from PySide6.QtWidgets import QWidget

    from desktop.panels.route_panel import RoutePanel, TrainRow

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(900, 700)
    panel = RoutePanel(host)
    host.show()
    panel.show()
    # as the routes controller fills it: rows without revenue while the optimiser computes, then the result
    rows = [TrainRow("3-0", "3", 0, None, None, ""), TrainRow("4-0", "4", 1, None, None, "")]
    panel.set_rows("B&O runs its trains", rows, "3-0")
    panel.set_state("Computing the best routes\u2026 (you may click stops meanwhile)", "Total: $0",
                    computing=True, best_enabled=False, best_tip="", run_enabled=True, run_tip="")
    panel.set_rows("B&O runs its trains", [TrainRow("3-0", "3", 0, "$80", None, "H16-I15"),
                                           TrainRow("4-0", "4", 1, "$60", None, "I15-I19")], "3-0")
    panel.set_state("The best routes earn $140.", "Total: $140 (best $140)", computing=False, best_enabled=False,
                    best_tip="", run_enabled=True, run_tip="")
    help_bottom = panel.help.geometry().bottom()
    needed = panel.help.heightForWidth(panel.help.width())
    assert panel.help.height() >= needed, (panel.help.height(), needed)
    assert panel.run_button.geometry().top() > help_bottom
    assert panel.run_button.geometry().bottom() <= panel.height()


def test_the_route_panel_is_never_squeezed_over_its_train_rows(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Rows built while the panel was shown stayed hidden until the event loop ran, so the panel was sized
    without them and, placed at the bottom of the map, showed its train rows drawn over each other."""
    from PySide6.QtWidgets import QApplication, QWidget

    from desktop.panels.route_panel import RoutePanel, TrainRow

    host = QWidget()
    qtbot.addWidget(host)
    host.resize(900, 700)
    panel = RoutePanel(host)
    host.show()
    panel.show()
    qtbot.waitExposed(host)
    panel.set_state("Computing the best routes\u2026", "Total: $0", computing=True, best_enabled=False,
                    best_tip="", run_enabled=False, run_tip="")
    panel.set_rows("B&O runs its trains", [TrainRow("3-0", "3", 0, "$80", None, "H16-I15"),
                                           TrainRow("4-0", "4", 1, "$60", None, "I15-I19")], "3-0")
    panel.set_state("The best routes earn $140.", "Total: $140", computing=False, best_enabled=False,
                    best_tip="", run_enabled=True, run_tip="")
    height = panel.height()  # what the panel took at once, before Qt's deferred work ran
    QApplication.processEvents()
    panel.layout().activate()
    assert height >= panel.layout().minimumSize().height(), (height, panel.layout().minimumSize())
    assert panel.height() >= panel.layout().minimumSize().height()
    first, second = panel.radios["3-0"].geometry(), panel.radios["4-0"].geometry()
    assert not first.intersects(second)


def test_the_privates_panel_keeps_the_1846_draft_secret() -> None:
    """The Privates tab showed "Mail Contract: Player 4" while the draft was on, to everyone at the table (the
    hand is behind a pass-the-mouse cover and the log says only "chooses a company"); nor may it show which
    companies are taken."""
    from desktop.panels.companies import DRAFT_SECRET, company_cards
    from engine import new_game
    from engine.moves import legal_moves

    game = new_game("1846", ["Ann", "Bob", "Cy"], seed=5)
    assert game.round.draft
    moves = legal_moves(game)
    pick = next(m for m in moves.of_type("bid") if "Pass" not in m.target)  # a real company
    game.process_action(pick.sample(__import__("random").Random(1)))
    chosen = [c for c in game.companies if getattr(c.owner, "is_player", False)]
    cards = {c.sym: c for c in company_cards(game)}
    assert [c.sym for c in chosen] == [pick.target]
    assert cards[pick.target].owner == DRAFT_SECRET
    assert not any(card.owner in ("Ann", "Bob", "Cy") for card in cards.values())
    # nor which company was taken: a drafted card reads like one still in the deck
    untaken = next(c for c in game.companies if c.owner is None and not c.closed)
    assert (cards[untaken.sym].owner, cards[untaken.sym].owner_kind) == (cards[pick.target].owner,
                                                                         cards[pick.target].owner_kind)
    # after the draft the owners are shown
    while game.round.draft and not game.finished:
        move = next(iter(legal_moves(game).of_type("bid")), None) or next(iter(legal_moves(game).of_type("pass")))
        game.process_action(move.sample(__import__("random").Random(2)))
    owned = [c for c in company_cards(game) if c.owner_kind == "player"]
    assert owned and all(c.owner in ("Ann", "Bob", "Cy") for c in owned)


def test_a_dragged_tile_leaves_the_hex_under_the_pointer_visible(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The tray's drag picture was the whole tray entry centred on the pointer: it covered the hex being hovered,
    so the ghost snapped to its legal rotation could not be seen (the picture showed the tile unrotated).  The
    picture is now small and beside the pointer; the drag carries the tile's name."""
    from PySide6.QtGui import QDrag

    from desktop.panels.tile_tray import _ICON, TILE_MIME, TileTray, TrayTile
    from engine import new_game

    game = new_game("1830", ["Ann", "Bob"], seed=2)
    tile = next(t for t in game.tiles if t.name == "57")
    tray = TileTray()
    qtbot.addWidget(tray)
    tray.set_tiles([TrayTile("57", tile)])
    started: list[QDrag] = []
    monkeypatch.setattr(QDrag, "exec", lambda self, *_a, **_k: started.append(self) or Qt.DropAction.IgnoreAction)
    tray.setCurrentItem(tray.item(0))
    tray.startDrag(Qt.DropAction.CopyAction)
    assert len(started) == 1
    drag = started[0]
    assert bytes(drag.mimeData().data(TILE_MIME).data()) == b"57"
    picture = drag.pixmap().toImage()
    hot = drag.hotSpot()
    assert picture.width() < _ICON  # smaller than a tray entry
    # nothing is drawn within 20 px of the pointer: the hex under it stays visible
    for x in range(max(0, hot.x()), min(picture.width(), hot.x() + 20)):
        for y in range(max(0, hot.y()), min(picture.height(), hot.y() + 20)):
            assert picture.pixelColor(x, y).alpha() == 0, (x, y)
    assert any(picture.pixelColor(x, y).alpha() > 0 for x in range(picture.width()) for y in range(picture.height()))


def test_many_bar_buttons_wrap_instead_of_widening_the_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A pending tile lay shows six buttons; in one row with the line they made the central area wider than the
    window gave it, so the docks were squeezed and the map moved under the pointer just after the drop.  The
    buttons now wrap: the bar's minimum width stays small, every button is shown whole and none overlap."""
    from PySide6.QtWidgets import QApplication

    from tests.desktop.test_play_action_bar import pending_lay_bar

    bar = pending_lay_bar(qtbot, "NYC: Lay/Upgrade Track")
    natural = sum(b.sizeHint().width() for b in bar.buttons.values())
    assert bar.minimumSizeHint().width() < 320 + natural  # the buttons' widths no longer add up
    assert bar.minimumSizeHint().width() <= 700
    bar.resize(700, bar.heightForWidth(700) if bar.hasHeightForWidth() else 120)
    bar.show()
    qtbot.waitExposed(bar)
    QApplication.processEvents()
    rects = [b.geometry().translated(b.parentWidget().mapTo(bar, b.parentWidget().rect().topLeft()))
             for b in bar.buttons.values()]
    for button, rect in zip(bar.buttons.values(), rects):
        assert button.isVisible() and bar.rect().contains(rect), (button.text(), rect, bar.rect())
        assert rect.width() >= button.sizeHint().width()
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert not a.intersects(b)
    assert len({r.top() for r in rects}) > 1  # wrapped onto a second row
    # the short line is shown whole on one row
    assert bar.line.width() >= bar.line.fontMetrics().horizontalAdvance(bar.line.text())
    assert bar.line.heightForWidth(bar.line.width()) <= bar.line.fontMetrics().lineSpacing() * 1.5 + 8


def test_a_pending_lay_counts_orientations_not_the_logs_rotation_number(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The hint said "rotation 2 of 6" for the lay the log then wrote "with rotation 1": two numberings under one
    word.  The hint now counts legal orientations."""
    from desktop.controllers.track import TrackController
    from desktop.panels.tile_tray import tile_mime
    from tests.desktop.play_helpers import drag, hex_pos, window_before

    window, action = window_before(qtbot, tmp_path, "1889", "314.json", "lay_tile")
    track = window.play.controller(TrackController)
    name, hex_id = str(action["tile"]).split("-")[0], action["hex"]
    assert drag(window, tile_mime(name), hex_pos(window, hex_id))
    pending = track.pending
    assert pending is not None
    text = window.action_bar.hint.text() + " " + window.statusBar().currentMessage()
    if len(pending.move.rotations) > 1:
        assert f"orientation {pending.index + 1} of {len(pending.move.rotations)}" in text, text
    else:  # one distinct picture: no "orientation 1 of 1"
        assert "fits one way" in text, text
    assert "rotation " not in text.split(":")[1], text


def test_bid_boxes_show_the_titles_currency(qtbot) -> None:  # type: ignore[no-untyped-def]
    """1889's private auction showed its bids as "$35" next to values in yen."""
    from desktop.dialogs.auction import AuctionDialog
    from engine import new_game
    from engine.moves.registry import legal_moves

    for title, sign in (("1889", "\u00a5"), ("1830", "$")):
        game = new_game(title, ["Ann", "Bob", "Cy"], seed=3)
        dialog = AuctionDialog(game, legal_moves(game))
        qtbot.addWidget(dialog)
        shown = [row.spin.text() for row in dialog.rows.values() if row.spin.maximum() > 0]
        assert shown and all(text.startswith(sign) for text in shown), (title, shown)
        assert all(game.format_currency(row.spin.value()) == row.spin.text() for row in dialog.rows.values()
                   if row.spin.maximum() > 0)


def test_a_kernel_titles_side_column_gets_a_readable_width(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """At 1366x768, Irish Gauge started after an Auction HOW game opened its side column about 250 px wide and the
    window wider than the screen: the players' table was cut off.  Entering a kernel title now keeps the window's
    width and sizes its column (and its panels by their content)."""
    from PySide6.QtCore import QSettings

    from desktop.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=4)
    qtbot.wait(50)
    window.new_game("Irish Gauge", ["Ann", "Bob", "Cy", "Dee"], seed=4)
    # the window keeps its width (it grew past a 1366-px screen: the title's wide tray was added while the 18xx
    # card docks were still shown)
    assert window.width() <= 1366
    window.resize(1366, 740)  # (the offscreen platform shrinks the window to its minimum meanwhile)
    railways = next(d for d in window.title_docks if d.windowTitle() == "Railways")
    qtbot.waitUntil(lambda: window.docks["info"].width() >= 380 and railways.width() >= 380, timeout=3000)
    assert window.width() <= 1366
    # the railways' panel (five railways, their shares and cubes) is given more room than the log
    qtbot.waitUntil(lambda: railways.height() > window.docks["info"].height() >= 100, timeout=3000)


def test_an_unlimited_bank_is_never_called_broken() -> None:
    """A title whose bank is unlimited (its cash may go below zero, e.g. Steam Over Holland) said "Bank broken"."""
    from desktop.main_window import bank_text
    from engine import new_game

    game = new_game("1830", ["Ann", "Bob"], seed=1)
    assert bank_text(game) == f"Bank {game.format_currency(game.bank.cash)}"
    game.bank.cash = -2260
    assert bank_text(game) == "Bank broken: $2260 short"  # a checked bank below zero is broken, by this much
    game.bank.check = False
    assert bank_text(game) == "Bank unlimited"


def test_a_par_that_comes_with_a_private_says_it_is_free(qtbot) -> None:  # type: ignore[no-untyped-def]
    """1830: the B&O private's owner pars B&O in the auction and gets the president's 20% for nothing; the dialog
    said "(president's 20%: $200)" as if it cost that.  A stock-round par still shows its price."""
    from desktop.dialogs.par import ParDialog
    from engine import load_game
    from engine.moves.base import ParMove
    from engine.moves.registry import legal_moves
    from engine.record import GameRecord
    from tests.conftest import FIXTURES, shared_or_skip

    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    game = load_game(GameRecord.load(path), upto=26)  # Player 2 bought the B&O private: B&O to par
    move = next(m for m in legal_moves(game).of_type("par"))
    assert isinstance(move, ParMove) and move.corporation == "B&O" and move.free
    cash = {p.name: p.cash for p in game.players}
    dialog = ParDialog(game, move)
    qtbot.addWidget(dialog)
    texts = [b.text() for b in dialog.buttons.values() if b.isEnabled()]
    assert texts and all("free" in t and "$200" not in t for t in texts), texts
    # and it is free: the player's cash does not change
    price = max(dialog.buttons)
    dialog.choose(price)
    game.process_action(dialog.action)
    assert {p.name: p.cash for p in game.players} == cash

    game = load_game(GameRecord.load(path), upto=27)  # Stock Round 1: a par is paid for
    pars = [m for m in legal_moves(game).of_type("par")]
    assert pars and not any(m.free for m in pars)
    dialog = ParDialog(game, pars[0])
    qtbot.addWidget(dialog)
    assert all("free" not in b.text() for b in dialog.buttons.values())


def test_unaffordable_reasons_give_money_in_the_titles_currency() -> None:
    """Reasons like "costs 45; Ann has 30 available" or "a token on H12 costs 40; PRR has 20" named bare numbers."""
    from engine import new_game
    from engine.moves.registry import legal_moves

    game = new_game("1889", ["Ann", "Bob", "Cy"], seed=3)
    for player in game.players:
        player.cash = 30  # too poor for most privates
    reasons = [u.reason for u in legal_moves(game).unusable if u.kind == "company"]
    assert reasons and all("\u00a5" in r for r in reasons), reasons


def test_a_shrinking_log_keeps_its_last_lines_in_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    """After "play on from here" the log dock shrank and the newest line ("Player 2 operates PRR") stayed below its
    bottom edge: the re-scroll ran while the list still had its old scroll range."""
    from PySide6.QtWidgets import QApplication

    from desktop.panels.log import LogPanel

    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.resize(400, 600)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_entries([(i // 2, f"line {i}") for i in range(200)])
    panel.set_current(99)  # the last action: its lines are the last two
    QApplication.processEvents()
    last = panel.model.rowCount() - 1
    assert panel.row_rect(last).bottom() < panel.view.viewport().height()
    panel.resize(400, 300)
    for _ in range(3):
        QApplication.processEvents()
    assert panel.row_rect(last).top() >= 0 and panel.row_rect(last).bottom() < panel.view.viewport().height()


def test_the_action_counter_is_whole_while_viewing_the_past_at_1366(qtbot) -> None:  # type: ignore[no-untyped-def]
    """At 1366x768 the map column is about 610 px wide: the badge and "Undo back to here" cut the counter to
    "Action 558 of 5"."""
    from PySide6.QtWidgets import QApplication

    bar = HistoryBar()
    qtbot.addWidget(bar)
    bar.undo_here_button.setText("Undo back to here")
    bar.resize(610, 90)
    bar.set_timeline([], 560)
    bar.set_current(558, "OR 6.2")
    bar.show()
    qtbot.waitExposed(bar)
    QApplication.processEvents()
    label = bar.position_label
    assert bar.badge.isVisible() and bar.undo_here_button.isVisible()
    assert label.width() >= label.fontMetrics().horizontalAdvance("Action 558 of 560")
    assert bar.badge.geometry().left() >= label.geometry().right()
    assert bar.undo_here_button.geometry().right() <= bar.width()
    assert label.toolTip() == "Action 558 of 560 — OR 6.2"
