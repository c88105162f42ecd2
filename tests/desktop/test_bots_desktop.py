"""Computer players at the table: New Game seat kinds, bots moving at a pace off the GUI thread, handing a seat
over and taking it back, Suggest a move (H)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from desktop.controllers.bots import BotSeats
from desktop.dialogs.new_game import NewGameDialog
from desktop.main_window import MainWindow
from engine.record import GameRecord


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(settings, tmp_path / "auto")
    qtbot.addWidget(w)
    yield w
    w.bot_seats.shutdown()


def test_new_game_dialog_offers_person_or_computer_per_seat(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    d = NewGameDialog(settings)
    qtbot.addWidget(d)
    d.title_box.setCurrentIndex(d.title_box.findData("1830"))
    d.count_box.setValue(4)
    assert d.seat_kinds() == ["person"] * 4
    d.name_edits[0].setText("Ann")
    d.kind_boxes[1].setCurrentIndex(d.kind_boxes[1].findData("strong"))
    d.kind_boxes[2].setCurrentIndex(d.kind_boxes[2].findData("beginner"))
    assert d.seat_kinds() == ["person", "strong", "beginner", "person"]
    assert d.bot_seats() == {"Player 2": "strong", "Player 3": "beginner"}
    d.count_box.setValue(3)
    assert not d.kind_boxes[3].isVisibleTo(d)
    d.remember()
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    assert again.seat_kinds()[:3] == ["person", "strong", "beginner"]


def _wait_for_actions(qtbot, window: MainWindow, count: int, timeout: int = 120_000) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.session is not None and (window.session.size >= count
                                                             or window.session.live.finished), timeout=timeout)


def test_three_bot_seats_play_a_short_game_in_the_window(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new("Auction HOW", ["Bot A", "Bot B", "Bot C"], seed=5)
    window.bot_seats.set_pace("instant")
    window.start_game(record, {"Bot A": "beginner", "Bot B": "strong", "Bot C": "beginner"})
    moved: list[str] = []
    window.bot_seats.moved.connect(moved.append)
    qtbot.waitUntil(lambda: window.session.live.finished, timeout=240_000)
    assert window.session.size > 20 and moved
    assert any(name in moved[0] for name in ("Bot A", "Bot B", "Bot C"))
    # the game saves as a normal file: bots are players with a name, the replay ends the same
    data = window.session.to_file_dict()
    assert [p["name"] for p in data["players"]] == ["Bot A", "Bot B", "Bot C"]
    from engine import load_game

    assert load_game(data).result() == window.session.live.result()


def test_hand_a_seat_to_a_bot_and_take_it_back(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=3)
    window.bot_seats.set_pace("instant")
    window.start_game(record, {"Bob": "beginner", "Cy": "beginner"})
    seats: BotSeats = window.bot_seats
    # persons only wait: whoever is to move now, making every seat a bot plays on
    start = window.session.size
    for name in ("Ann", "Bob", "Cy"):
        seats.set_seat(name, "beginner")
    _wait_for_actions(qtbot, window, start + 6)
    assert window.session.size >= start + 6 or window.session.live.finished
    # take every seat back: nothing moves any more
    for name in ("Ann", "Bob", "Cy"):
        seats.set_seat(name, "person")
    qtbot.waitUntil(lambda: not seats.worker.is_busy(), timeout=60_000)
    qtbot.wait(100)
    size = window.session.size
    qtbot.wait(300)
    assert window.session.size == size
    assert seats.kind_of("Ann") == "person"
    # the Game menu lists the seats with their kinds
    seat_menu = window.bot_actions["seats"]
    seat_menu.aboutToShow.emit()
    texts = [a.text() for a in seat_menu.actions()]
    assert sorted(texts) == ["Ann: Person", "Bob: Person", "Cy: Person"]


def test_step_by_step_pace_waits_for_next_move(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=4)
    window.bot_seats.set_pace("step")
    window.start_game(record, {"Ann": "beginner", "Bob": "beginner", "Cy": "beginner"})
    qtbot.wait(300)
    assert window.session.size == 0  # nobody moves until asked
    window.bot_actions["step"].trigger()  # thinks, then waits with its move shown
    qtbot.waitUntil(lambda: window.bot_seats._pending is not None, timeout=60_000)
    assert window.session.size == 0
    window.bot_actions["step"].trigger()
    qtbot.waitUntil(lambda: window.session.size == 1, timeout=60_000)


def test_suggest_a_move_gives_the_strong_bots_move_and_reason(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new("1830", ["Ann", "Bob", "Cy", "Di"], seed=8)
    window.start_game(record, {})
    got: list[Any] = []
    window.bot_seats.suggestion_ready.connect(got.append)
    window.bot_actions["suggest"].trigger()
    qtbot.waitUntil(lambda: bool(got), timeout=60_000)
    decision = got[0]
    assert decision.reason and decision.action["type"] in ("bid", "pass")
    assert "Suggestion:" in window.statusBar().currentMessage()
    box = window.suggestion_box  # not modal: the game stays playable
    assert box.isVisible() and not box.isModal() and decision.reason in box.text()
    box.close()
    assert window.session.size == 0  # a suggestion is not played
    assert window.bot_actions["suggest"].shortcut().toString() == "H"


def test_a_saved_table_game_reopens_with_the_same_bots(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=6)
    window.bot_seats.set_pace("step")  # nobody moves: only the seats matter here
    window.start_game(record, {"Bob": "strong", "Cy": "beginner"})
    window.bot_seats.set_seat("Ann", "beginner")
    window.bot_seats.set_seat("Ann", "person")  # handed over and taken back: a person again
    path = tmp_path / "table.json"
    window.session.save(path)
    reopened = GameRecord.load(path)
    assert reopened.bot_seats == {2: "strong", 3: "beginner"}
    window.start_game(GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=7), {})
    assert window.bot_seats.seats == {}
    assert window.open_file(path, ask=False)
    assert window.bot_seats.seats == {"Bob": "strong", "Cy": "beginner"}
    seat_menu = window.bot_actions["seats"]
    seat_menu.aboutToShow.emit()
    assert sorted(a.text() for a in seat_menu.actions()) == [
        "Ann: Person", "Bob: Computer (Strong)", "Cy: Computer (Beginner)"]


def test_a_site_export_opens_with_persons_only(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window.bot_seats.set_pace("step")
    window.start_game(GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=6), {"Bob": "strong"})
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=8).to_dict()))
    assert window.open_file(path, ask=False)
    assert window.bot_seats.seats == {}


def test_seat_menu_lists_players_in_seat_order_whatever_the_games_order(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """1822 reorders its players by priority: the Computer players menu once followed that order, so the entry
    under the mouse changed player between two looks (seen in a real window: 'Player 4' was handed back to a
    person instead of 'Player 1').  The menu keeps the file's seat order."""
    from types import SimpleNamespace

    from desktop.controllers.bots import seat_order

    record = GameRecord.new("Irish Gauge", ["Ann", "Bob", "Cy"], seed=3)
    window.start_game(record, {})
    session = window.session
    assert seat_order(session) == ["Ann", "Bob", "Cy"]
    rotated = SimpleNamespace(live=SimpleNamespace(players=[SimpleNamespace(name=n) for n in ("Cy", "Ann", "Bob")]),
                              record=session.record)
    assert seat_order(rotated) == ["Ann", "Bob", "Cy"]
    session.live.players[:] = list(reversed(session.live.players))  # as a title reordering by priority
    seat_menu = window.bot_actions["seats"]
    seat_menu.aboutToShow.emit()
    assert [a.text().split(":")[0] for a in seat_menu.actions()] == ["Ann", "Bob", "Cy"]


def test_a_computer_seat_is_marked_on_its_player_card(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    """Seen in a real window: an 1830 table with three Strong bots showed four cards alike; which seats were the
    computer's was in the Game menu only."""
    record = GameRecord.new("1830", ["Ann", "Bob", "Cy", "Di"], seed=3)
    window.bot_seats.set_pace("step")
    window.start_game(record, {"Bob": "strong", "Cy": "beginner"})
    panel = window.players_panel
    cards = {c.name: c for c in panel.cards}
    assert (cards["Ann"].bot, cards["Bob"].bot, cards["Cy"].bot, cards["Di"].bot) == ("", "strong", "beginner", "")
    assert ("STRONG BOT", "#3f5f8a", "#ffffff") in panel.canvas._badges(cards["Bob"])
    assert not any("BOT" in text for text, _fill, _ink in panel.canvas._badges(cards["Ann"]))
    # taking the seat back takes the mark away
    window.bot_seats.set_seat("Bob", "person")
    assert {c.name: c.bot for c in panel.cards}["Bob"] == ""


@pytest.mark.parametrize("title", ["Irish Gauge", "Auction HOW"])
def test_the_kernel_titles_name_the_computer_seats(qtbot, window: MainWindow, title: str) -> None:  # type: ignore[no-untyped-def]
    record = GameRecord.new(title, ["Ann", "Bob", "Cy"], seed=3)
    window.bot_seats.set_pace("step")
    window.start_game(record, {"Bob": "strong"})
    if title == "Irish Gauge":
        from desktop.titles.irish_gauge import VIEWS_BY_WINDOW

        text = VIEWS_BY_WINDOW[window].players.text()
        assert "Bob (Strong bot)" in text and "Ann (" not in text
    else:
        vp = next(w for key, _t, w in window.title_views.panels if key == "vp")
        names = [vp.item(row, 0).text() for row in range(vp.rowCount())]
        assert sorted(names) == ["Ann", "Bob (Strong bot)", "Cy"]
    window.bot_seats.set_seat("Bob", "person")
    if title == "Irish Gauge":
        assert "bot)" not in VIEWS_BY_WINDOW[window].players.text()
    else:
        assert not any("bot)" in vp.item(row, 0).text() for row in range(vp.rowCount()))
