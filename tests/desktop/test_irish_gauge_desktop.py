"""Irish Gauge in the desktop: the board of Ireland, the tray (track markers, cubes, build-point meter), the
auction dialog, track by real drops and clicks with refusals that say why, special interests, dividends, the
end with the winner, save/reopen, undo and history."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MainWindow
from desktop.session import Session
from desktop.titles.irish_gauge.controller import VIEWS_BY_WINDOW, IrishGaugeController
from desktop.titles.irish_gauge.panels import CUBE_MIME, TRACK_MIME
from engine.moves import legal_moves

TITLE = "Irish Gauge"


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:  # type: ignore[no-untyped-def]
    # closing the window with unsaved moves asks; the tests discard
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )
    w = MainWindow(
        QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path / "autosave"
    )
    qtbot.addWidget(w)
    w.resize(1500, 950)
    return w


def start(window: MainWindow, seed: int = 4) -> Any:
    window.new_game(TITLE, ["Ann", "Bob", "Cy", "Dee"], seed=seed, optional_rules=["seats_as_listed"])
    return VIEWS_BY_WINDOW[window]


def controller(window: MainWindow) -> IrishGaugeController:
    assert window.play is not None
    found = window.play.controller(IrishGaugeController)
    assert found is not None
    return found


def auction_to(window: MainWindow, winners: dict[str, str]) -> None:
    """The initial auctions through the dialog and the pass button: ``winners[railway]`` bids the minimum the
    first time asked, everybody else passes."""
    session = window.session
    assert session is not None
    while session.live.turn == 0:
        step = session.live.round.active_step()
        player = session.live.round.current_entity()
        if player.name == winners[step.auction.railway.id] and step.auction.leader is None:
            dialog = controller(window).auction_dialog()
            assert dialog is not None and dialog.spin.value() == step.auction.share.face  # minimum filled in
            dialog.bid_button.click()
            assert controller(window).submit(dialog.action())
        else:
            assert window.play.pass_()


def drop(window: MainWindow, kind: str, payload: str, hex_id: str, really: bool = True) -> tuple[bool, str | None]:
    """A real drag of a tray piece over ``hex_id`` of the board (enter, move, drop): (accepted, the view's
    reason when refused)."""
    views = VIEWS_BY_WINDOW[window]
    item = views.scene.item_for_hex(hex_id)
    views.view.centerOn(item.pos())
    pos: QPoint = views.view.mapFromScene(item.pos())
    mime = QMimeData()
    mime.setData(TRACK_MIME if kind == "track" else CUBE_MIME, payload.encode())
    viewport = views.view.viewport()
    app = QApplication.instance()
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    app.sendEvent(viewport, QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods))
    move = QDragMoveEvent(pos, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, move)
    reason = views.view.drag_reason
    if not really:
        return bool(move.isAccepted()), reason
    event = QDropEvent(QPointF(pos), Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(viewport, event)
    return bool(event.isAccepted()), reason


def test_the_window_shows_ireland_the_tray_and_the_panels(window: MainWindow) -> None:
    views = start(window)
    assert window.kernel_mode and views.central.isVisibleTo(window)
    assert len([i for i in views.scene.items() if type(i).__name__ == "HexItem"]) == 139
    assert set(views.tray.track_chips) == {"CBSC", "WLW", "BCD", "GSW", "MGW"}
    titles = [d.windowTitle() for d in window.title_docks]
    assert {"Players", "Railways", "Dividends", "Rules"} <= set(titles)
    assert views.tray.banner.text().startswith("Ann: Initial auction: CBSC £7 share")  # not "Initial auctions · "
    assert views.scene.item_for_hex("H11").cube in ("white", "pink", "black")
    assert "Dublin" in views.scene.hex_tooltip("H11")
    assert "drag a railway's marker" in views.tray.help.toolTip()
    # nobody holds a share yet: every track marker is refused, with the reason
    assert not any(chip.usable for chip in views.tray.track_chips.values())
    ok, reason = drop(window, "track", "CBSC", "O3")
    assert not ok and reason
    assert window.session.live.railway("CBSC").tracks == ["O4"]


def test_initial_auction_dialog_bids_and_passes(window: MainWindow) -> None:
    views = start(window)
    session = window.session
    dialog = controller(window).auction_dialog()
    assert dialog.spin.low == 7 and dialog.spin.high == 20 and dialog.spin.value() == 7
    dialog.set_bid(9)
    dialog.bid_button.click()
    assert controller(window).submit(dialog.action())
    assert session.live.round.current_entity().name == "Bob"
    dialog = controller(window).auction_dialog()
    assert dialog.spin.value() == 10 and dialog.pass_button is not None  # one more than Ann's 9
    # the players panel shows the standing bid beside Ann, before Bob answers
    assert "Ann" in views.players.text() and "bid £9 on CBSC £7 (high)" in views.players.text()
    dialog.pass_button.click()
    assert controller(window).submit(dialog.action())
    assert "Ann bids £9" in views.tray.banner.text()
    assert "out of the CBSC £7 auction" in views.players.text()  # Bob passed: out of this auction
    window.play.pass_()  # Cy
    window.play.pass_()  # Dee
    assert session.live.railway("CBSC").shares[0].owner.name == "Ann"
    assert "Ann" in views.players.text() and "£11" in views.players.text()
    assert "(high)" not in views.players.text()  # settled: the next auction has no bid yet


def test_track_by_drag_and_drop_with_costs_meter_and_refusals(window: MainWindow) -> None:
    views = start(window)
    auction_to(window, {"CBSC": "Ann", "WLW": "Bob", "BCD": "Cy", "GSW": "Dee", "MGW": "Ann"})
    session = window.session
    assert session.live.round.current_entity().name == "Ann"  # the CBSC holder starts
    assert views.tray.track_chips["CBSC"].usable and views.tray.track_chips["MGW"].usable
    assert not views.tray.track_chips["WLW"].usable
    assert "holds no share of WLW" in views.tray.track_chips["WLW"].toolTip()
    # hovering a hex that does not touch the network: crossed out, the reason said, the drop refused
    ok, reason = drop(window, "track", "CBSC", "H3")
    assert not ok and "does not touch CBSC" in reason
    assert session.live.railway("CBSC").tracks == ["O4"]
    # hovering a legal hex shows the cost and what would be left
    accepted, _ = drop(window, "track", "CBSC", "N4", really=False)
    assert accepted and views.tray.meter.pending == 4 and "N4" in window.action_bar.hint.text()
    ok, _ = drop(window, "track", "CBSC", "N4")  # difficult: 2 BP
    assert ok and session.live.railway("CBSC").tracks == ["O4", "N4"]
    assert views.tray.meter.left == 2 and views.scene.item_for_hex("O3").cost == 2
    assert "build here now: 1 BP" in views.scene.hex_tooltip("O3")
    assert views.scene.item_for_hex("N3").cost is None  # difficult, 2 BP > 1 left: not lit
    # during the action, another railway's marker is refused
    ok, reason = drop(window, "track", "MGW", "H10")
    assert not ok and "builds for CBSC" in reason
    # click a lit hex to build there: 1 BP, nothing left, the turn passes
    controller(window).handle_click("O3", None)
    assert session.live.railway("CBSC").tracks == ["O4", "N4", "O3"]
    assert session.live.round.current_entity().name == "Bob"


def test_special_interest_by_dropping_a_cube_on_a_town_and_dividends(window: MainWindow) -> None:
    views = start(window, seed=9)
    auction_to(window, {"CBSC": "Ann", "WLW": "Ann", "BCD": "Cy", "GSW": "Dee", "MGW": "Bob"})
    session = window.session
    assert controller(window).place("track", "WLW", "K3")  # Shannon, a town next to Limerick
    window.play.pass_()  # done building (2 BP unused)
    # Bob: no railway of his reaches a town
    ok, reason = drop(window, "cube", "pink", "K3")
    assert not ok and "special interest" in reason.lower()
    for _ in range(3):  # Bob, Cy, Dee call for dividends
        assert controller(window).call_dividends()
    assert "called for dividends" in views.tray.event_line.text()
    assert "Call 3" in views.dividends.text()
    assert session.live.round.current_entity().name == "Ann"
    color = next(c for c in ("white", "pink", "black") if session.live.supply[c])
    ok, _ = drop(window, "cube", color, "K3")
    assert ok and session.live.board["K3"].cube == color and session.live.board["K3"].is_city
    assert views.scene.item_for_hex("K3").cube == color


def play_by_gestures(window: MainWindow, seed: int) -> None:
    """Play the whole game with the window's gestures only (auction dialog, drops, clicks, bar buttons)."""
    rng = random.Random(seed)
    session = window.session
    ctl = controller(window)
    for _ in range(3000):
        game = session.live
        if game.finished:
            return
        moves = legal_moves(game)
        kinds = moves.types()
        kind = rng.choice([k for k in kinds if k != "call_dividends"] or kinds)
        if rng.random() < 0.2 and "call_dividends" in kinds:
            kind = "call_dividends"
        if kind == "bid":
            dialog = ctl.auction_dialog()
            options = [rid for rid, b in dialog.choices.items() if b.isEnabled()]
            if options:
                dialog.choices[rng.choice(options)].setChecked(True)
            dialog.set_bid(min(dialog.spin.low + rng.randint(0, 2), dialog.spin.high))
            dialog.bid_button.click()
            assert ctl.submit(dialog.action())
        elif kind == "build_track":
            move = rng.choice(moves.of_type("build_track"))
            hex_id = rng.choice(move.hexes)[0]
            if rng.random() < 0.5:
                ok, reason = drop(window, "track", move.corporation, hex_id)
                assert ok, reason
            else:
                assert ctl.place("track", move.corporation, hex_id)
        elif kind == "special_interest":
            move = moves.of_type("special_interest")[0]
            ok, reason = drop(window, "cube", rng.choice(move.colors), rng.choice(move.hexes))
            assert ok, reason
        elif kind == "call_dividends":
            window.action_bar.buttons["irish_dividends"].click()
        else:
            assert window.play.pass_()
    raise AssertionError("the game did not end")


def test_a_whole_game_by_gestures_ends_with_the_winner_and_reopens_identically(
    window: MainWindow, tmp_path: Path
) -> None:
    views = start(window, seed=21)
    play_by_gestures(window, 21)
    session = window.session
    game = session.live
    assert game.finished and game.game_end_reason == "supply_empty"
    best = max(p.value() for p in game.players)
    assert f"£{best}" in views.tray.banner.text() and "Game over" in views.tray.banner.text()
    assert "★ winner" in views.players.text()
    assert window.action_bar.buttons == {}
    path = tmp_path / "irish.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert data["title"] == TITLE and [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cy", "Dee"]
    assert "seed" in json.dumps(data) and data["actions"]
    reopened = Session.open(path)
    assert reopened.live.result() == game.result()
    assert [d.drawn for d in reopened.live.dividends] == [d.drawn for d in game.dividends]


def test_undo_redo_and_history_browsing(window: MainWindow) -> None:
    views = start(window)
    auction_to(window, {"CBSC": "Ann", "WLW": "Bob", "BCD": "Cy", "GSW": "Dee", "MGW": "Ann"})
    session = window.session
    assert controller(window).place("track", "CBSC", "O3")
    assert session.live.railway("CBSC").tracks == ["O4", "O3"]
    assert session.undo()
    assert session.live.railway("CBSC").tracks == ["O4"]
    assert session.redo()
    assert session.live.railway("CBSC").tracks == ["O4", "O3"]
    # browsing the past: the board shows that state and nothing can be played
    session.jump(2)
    assert session.viewing_past
    assert views.scene.item_for_hex("O3").railways == []
    assert not any(chip.usable for chip in views.tray.track_chips.values())
    ok, reason = drop(window, "track", "CBSC", "N5")
    assert not ok and "past" in reason.lower()
    session.end()
    assert [r for r, *_ in views.scene.item_for_hex("O3").railways] == ["CBSC"]


def test_render_draws_the_board(window: MainWindow) -> None:
    from desktop.titles.irish_gauge import render

    start(window)
    image = render(window.session.live, 600)
    assert image.width() == 600 and image.height() > 660
    colors = {image.pixelColor(x, y).name() for x in range(0, 600, 23) for y in range(0, image.height(), 23)}
    assert "#bfd9ea" in colors and len(colors) > 4  # sea and land


def test_new_game_dialog_offers_irish_gauge_with_its_players_and_option(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(dialog)
    index = dialog.title_box.findData(TITLE)
    assert index >= 0 and "3–5 players" in dialog.title_box.itemText(index)
    dialog.title_box.setCurrentIndex(index)
    assert (dialog.count_box.low, dialog.count_box.high) == (3, 5)
    # the seating rule is the dialog's Seat order choice, not a second check box saying the same
    assert dialog.rule_checks == {}
    dialog.count_box.setValue(4)
    for i, name in enumerate(["Ann", "Bob", "Cy", "Dee"]):
        dialog.name_edits[i].setText(name)
    dialog.as_entered.setChecked(True)
    record = dialog.game_record()
    assert record.title == TITLE and record.optional_rules == ["seats_as_listed"]
    assert [p.name for p in record.players] == ["Ann", "Bob", "Cy", "Dee"]
    dialog.random_order.setChecked(True)
    record = dialog.game_record()
    assert record.optional_rules == []  # the game draws the seats from its seed itself
    assert [p.name for p in record.players] == ["Ann", "Bob", "Cy", "Dee"]


def test_play_on_from_here_forks_a_new_game(window: MainWindow) -> None:
    start(window)
    auction_to(window, {"CBSC": "Ann", "WLW": "Bob", "BCD": "Cy", "GSW": "Dee", "MGW": "Ann"})
    session = window.session
    assert controller(window).place("track", "CBSC", "O3")
    size = session.size
    session.jump(size - 1)  # before the track
    window.play_on_from_here()
    fork = window.session
    assert fork is not session and not fork.viewing_past
    assert fork.live.railway("CBSC").tracks == ["O4"] and session.live.railway("CBSC").tracks == ["O4", "O3"]
    assert controller(window).place("track", "CBSC", "N4")
    assert fork.live.railway("CBSC").tracks == ["O4", "N4"]


def test_one_cube_is_a_cube(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The supply said "1 cubes"."""
    from desktop.titles.irish_gauge.panels import PlayersPanel
    from engine import new_game
    from engine.titles.irish_gauge.data import cubes

    assert (cubes(0), cubes(1), cubes(2)) == ("0 cubes", "1 cube", "2 cubes")
    game = new_game(TITLE, ["Ann", "Bob", "Cy"], seed=3)
    game.supply = {color: 0 for color in game.supply} | {"white": 1}
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    assert "Supply: 1 cube (1 white, 0 pink, 0 black)" in panel.text()


def test_initial_auction_typed_bid_out_of_range_is_refused_with_the_range_and_nothing_changes(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Typed 25 with £20 in cash: was replaced by the minimum, £7, and bid.  Now refused, the dialog stays open."""
    start(window)
    session = window.session
    dialog = controller(window).auction_dialog()
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), "25")
    assert dialog.spin.typed_value() == 25
    before = len(session.record.actions)
    dialog.bid_button.click()
    assert dialog.action() is None and dialog.result() != dialog.DialogCode.Accepted
    text = dialog.refusal_label.text()
    assert "£25" in text and "£7" in text and "£20" in text and dialog.refusal_label.isVisibleTo(dialog)
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), "3")
    dialog.bid_button.click()
    assert dialog.action() is None and "below" in dialog.refusal_label.text()
    assert len(session.record.actions) == before
    dialog.spin.lineEdit().selectAll()
    qtbot.keyClicks(dialog.spin.lineEdit(), "12")
    dialog.bid_button.click()
    assert dialog.action()["price"] == 12  # accepted as typed


def test_button_ampersand_irish_gauge_auction_names_keep_their_ampersand(window: MainWindow) -> None:
    start(window)
    dialog = controller(window).auction_dialog()
    for button in dialog.choices.values():
        assert "&" not in button.text().replace("&&", "")  # no mnemonic: "&" shows as "&", not "_"


def test_last_bidder_is_told_that_passing_gives_the_share_to_the_opener_for_free(window: MainWindow) -> None:
    start(window)
    dialog = controller(window).auction_dialog()
    # the first to act: what passing all round leads to, as a plain remark; Pass is just "Pass"
    assert dialog.pass_note.isVisibleTo(dialog) and not dialog.pass_decides
    assert "If every player passes" in dialog.pass_note.text() and "Ann" in dialog.pass_note.text()
    assert dialog.pass_button is not None and "free" not in dialog.pass_button.text()
    assert dialog.pass_note.styleSheet() == ""
    for _ in range(3):  # Ann, Bob and Cy pass without a bid
        window.play.pass_()
    assert window.session.live.round.current_entity().name == "Dee"
    dialog = controller(window).auction_dialog()
    # the last one: the pass decides -- a marked line, and the Pass button itself says who gets the share
    assert dialog.pass_note.isVisibleTo(dialog) and dialog.pass_decides
    text = dialog.pass_note.text()
    assert text.startswith("Passing ends this auction") and "Ann" in text and "for free" in text and "£7" in text
    assert "background" in dialog.pass_note.styleSheet()
    assert dialog.pass_button is not None and dialog.pass_button.text() == "Pass: Ann gets it free"
    assert dialog.pass_button.toolTip() == text


def test_last_bidder_against_the_leader_is_told_that_passing_gives_the_leader_the_share(window: MainWindow) -> None:
    start(window)
    dialog = controller(window).auction_dialog()
    dialog.bid_button.click()  # Ann opens the bidding at the face value, £7
    assert controller(window).submit(dialog.action())
    for _ in range(2):  # Bob and Cy pass
        window.play.pass_()
    assert window.session.live.round.current_entity().name == "Dee"
    dialog = controller(window).auction_dialog()
    assert dialog.pass_decides and dialog.pass_note.text() == "Passing ends this auction: Ann wins the share for £7."
    assert dialog.pass_button is not None and dialog.pass_button.text() == "Pass: Ann wins at £7"


def test_new_game_irish_gauge_seat_order_defaults_to_random_as_its_rules_say(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.dialogs.new_game import NewGameDialog

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    dialog = NewGameDialog(settings)
    qtbot.addWidget(dialog)
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("1830"))
    assert dialog.as_entered.isChecked()  # an 18xx title keeps the seats as entered by default
    dialog.title_box.setCurrentIndex(dialog.title_box.findData(TITLE))
    assert dialog.random_order.isChecked()
    assert dialog.game_record().optional_rules == []  # the engine draws the seats
    # a choice made for the title is remembered for it
    dialog.as_entered.setChecked(True)
    dialog.remember()
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    again.title_box.setCurrentIndex(again.title_box.findData(TITLE))
    assert again.as_entered.isChecked()


def test_board_banner_is_not_a_third_copy_of_the_turn_line_in_play(window: MainWindow) -> None:
    views = start(window)
    assert not views.tray.banner.isVisibleTo(views.tray)  # the action bar and the status line say it
    assert views.tray.banner.text()  # (still written, shown once the game is over)


def test_the_history_counter_shows_the_round_name_whole_at_1366(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Seen in a real window at 1366x768: "Action 0 of 0 — Initial au" (the counter kept room for the spelled-out
    names of the 18xx bar only); every round name of the game's bar is kept whole."""
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    start(window)
    label = window.history_bar.position_label
    qtbot.wait(50)
    assert label.text().endswith("— Initial auctions")
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())


def test_a_built_track_takes_its_drag_hint_away(window: MainWindow) -> None:
    """Played at 1366x768: after a marker was dropped and the track built, the hint line still said the drag's
    "CBSC in N4: 2 BP (2 BP left after)", though the track was built and 2 BP were left already."""
    start(window)
    auction_to(window, {"CBSC": "Ann", "WLW": "Bob", "BCD": "Cy", "GSW": "Dee", "MGW": "Ann"})
    accepted, _ = drop(window, "track", "CBSC", "N4", really=False)
    assert accepted and "left after" in window.action_bar.hint.text()
    ok, _ = drop(window, "track", "CBSC", "N4")
    assert ok and window.session.live.railway("CBSC").tracks == ["O4", "N4"]
    assert "left after" not in window.action_bar.hint.text()
    # a refusal said after that stays said
    ok, reason = drop(window, "track", "CBSC", "H3")
    assert not ok and reason and reason in window.action_bar.hint.text()
