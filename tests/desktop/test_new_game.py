"""New games: random recorded seeds, the New Game dialog, and optional rules a file names but we do not play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QMessageBox

from desktop.dialogs.amount import REFUSED_BASE
from desktop.dialogs.new_game import REPLAY_ONLY, NewGameDialog, seat_order, startup_table, title_order
from desktop.main_window import MainWindow
from desktop.session import Session
from engine import build_game, new_game
from engine.record import GameRecord
from engine.titles.options import ignored_optional_rules
from engine.titles.registry import load_title, supported_titles
from engine.trace import state_of
from tests.conftest import FIXTURES, shared_or_skip


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def dialog(qtbot, settings: QSettings) -> NewGameDialog:  # type: ignore[no-untyped-def]
    d = NewGameDialog(settings)
    qtbot.addWidget(d)
    return d


def _companies_left(record: GameRecord) -> list[str]:
    game = build_game(record)
    return [c.id for c in game.companies]


# --- seeds -------------------------------------------------------------------------------------------------
def test_new_records_get_different_random_seeds_that_are_recorded() -> None:
    seeds = {GameRecord.new("1846", ["A", "B", "C"]).seed for _ in range(5)}
    assert len(seeds) == 5 and all(isinstance(s, int) and 0 < s < 2**31 for s in seeds)
    record = GameRecord.new("1846", ["A", "B", "C"])
    data = record.to_dict()
    assert data["settings"]["seed"] == record.seed and data["id"] == record.seed


def test_the_seed_decides_the_1846_setup_and_reproduces_it() -> None:
    # 1846 removes companies at random at set-up: the same seed gives the same game, and seeds differ.
    setups = {tuple(_companies_left(GameRecord.new("1846", ["A", "B", "C"], seed=s))) for s in range(1, 12)}
    assert len(setups) > 1
    record = GameRecord.new("1846", ["A", "B", "C"])
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert state_of(build_game(record)) == state_of(build_game(again))
    assert state_of(new_game("1846", ["A", "B", "C"], seed=record.seed)) == state_of(build_game(record))


def test_engine_new_game_is_no_longer_always_seed_zero() -> None:
    setups = {tuple(c.id for c in new_game("1846", ["A", "B", "C"]).companies) for _ in range(8)}
    assert len(setups) > 1


# --- optional rules ----------------------------------------------------------------------------------------
def test_ignored_optional_rules_names_unknown_and_unoffered_rules() -> None:
    assert ignored_optional_rules("1846", ["first_ed"], 4) == []
    ignored = dict(ignored_optional_rules("1830", ["multiple_brown_from_ipo", "no_such_rule"], 4))
    assert list(ignored) == ["no_such_rule"] and "no optional rule" in ignored["no_such_rule"]
    spec = load_title("1846").TITLE
    limited = next((o for o in spec.optional_rules if o.players is not None), None)
    if limited is not None:
        count = next(n for n in range(1, 8) if n not in limited.players)
        reasons = dict(ignored_optional_rules("1846", [limited.sym], count))
        assert limited.sym in reasons and "only offered" in reasons[limited.sym]


def test_window_reports_optional_rules_it_does_not_play(
    qtbot,
    settings: QSettings,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    data = json.loads(shared_or_skip(FIXTURES / "1830" / "29133.json").read_text())
    data["settings"]["optional_rules"] = ["mystery_rule"]
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(data))
    window = MainWindow(settings, tmp_path / "auto")
    qtbot.addWidget(window)
    assert window.open_file(path, ask=False)
    assert "mystery_rule" in window.statusBar().currentMessage()
    box = window.ignored_rules_box
    assert isinstance(box, QMessageBox) and "mystery_rule" in box.text()
    # The file keeps the rule: saving does not drop it either.
    assert window.session is not None
    assert window.session.to_file_dict()["settings"]["optional_rules"] == ["mystery_rule"]
    box.close()


# --- the dialog --------------------------------------------------------------------------------------------
def test_dialog_offers_every_title_with_its_player_range(dialog: NewGameDialog) -> None:
    titles = [dialog.title_box.itemData(i) for i in range(dialog.title_box.count())]
    assert titles == sorted(supported_titles(), key=title_order)
    for title in titles:
        dialog.title_box.setCurrentIndex(titles.index(title))
        low, high = load_title(title).TITLE.player_range
        assert (dialog.count_box.low, dialog.count_box.high) == (low, high)  # every seat (it stopped at six)
        visible = [e for e in dialog.name_edits if not e.isHidden()]
        assert len(visible) == dialog.count_box.value()


def test_titles_are_listed_by_name_and_found_by_any_part_of_it(dialog: NewGameDialog, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Over fifty titles: listed by name (spaces and case ignored), a first game offers 1830, and typing part of
    a name in the box finds the title; text naming no title goes back to the chosen one."""
    titles = [dialog.title_box.itemData(i) for i in range(dialog.title_box.count())]
    assert titles.index("1817") < titles.index("18AL") < titles.index("18 Hiawatha") < titles.index("Irish Gauge")
    assert dialog.title == "1830"
    completer = dialog.title_box.completer()
    completer.setCompletionPrefix("hiaw")
    assert completer.completionCount() == 1 and completer.currentCompletion().startswith("18 Hiawatha")
    completer.setCompletionPrefix("zoo")
    assert completer.completionCount() == 6
    line = dialog.title_box.lineEdit()
    line.clear()
    qtbot.keyClicks(line, "hiaw")
    popup = completer.popup()
    assert popup.model().rowCount() == 1
    popup.setCurrentIndex(popup.model().index(0, 0))
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert dialog.title == "18 Hiawatha" and dialog.count_box.low == 3
    line.setText("no such title")
    line.editingFinished.emit()
    assert line.text().startswith("18 Hiawatha") and dialog.title == "18 Hiawatha"


def test_the_merger_games_are_choosable(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    """1867 and 1861 are played at the table (minors' auction and merger round have gestures): New Game offers
    them like any title, and a remembered 1867 comes back.  A title listed in ``REPLAY_ONLY`` would be shown
    greyed with the reason."""
    assert set(REPLAY_ONLY) <= set(supported_titles())
    settings.setValue("new_game/title", "1867")
    d = NewGameDialog(settings)
    qtbot.addWidget(d)
    model = d.title_box.model()
    for title in ("1867", "1861"):
        index = d.title_box.findData(title)
        assert index >= 0 and "not yet at the table" not in d.title_box.itemText(index)
        assert model.item(index).isEnabled()  # type: ignore[attr-defined]
    assert d.title == "1867"


def test_dialog_shows_the_titles_optional_rules_with_descriptions(dialog: NewGameDialog) -> None:
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("1846"))
    spec = load_title("1846").TITLE
    assert list(dialog.rule_checks) == [o.sym for o in spec.optional_rules]
    texts = [label.text() for label in dialog.rules_box.findChildren(type(dialog.problem_label))]
    for option in spec.optional_rules:
        assert dialog.rule_checks[option.sym].text().replace("&&", "&") == option.short_name
        assert any(t.startswith(option.desc) for t in texts)
    # Each rule of an exclusive group says which rule it excludes.
    short = {o.sym: o.short_name for o in spec.optional_rules}
    for group in spec.mutex_rules:
        for sym in group:
            others = [short[o] for o in group if o != sym]
            assert any(all(n in t for n in others) for t in texts)
    # Rules that exclude each other cannot both be ticked.
    for group in spec.mutex_rules:
        first, second = group[0], group[1]
        dialog.rule_checks[first].setChecked(True)
        dialog.rule_checks[second].setChecked(True)
        assert not dialog.rule_checks[first].isChecked()


def test_switching_title_leaves_no_rules_of_the_previous_title_drawn(dialog: NewGameDialog) -> None:
    """The rules of the title shown before are gone at once (they used to stay drawn over the new ones until
    Qt deleted them later)."""
    from PySide6.QtWidgets import QCheckBox

    for title in supported_titles():
        dialog.title_box.setCurrentIndex(dialog.title_box.findData(title))
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("1846"))
    shown = [
        box
        for box in dialog.rules_box.findChildren(QCheckBox)
        if not box.isHidden() and not box.parentWidget().isHidden()
    ]
    assert sorted(box.text() for box in shown) == sorted(b.text() for b in dialog.rule_checks.values())


def test_dialog_seed_is_random_shown_and_editable(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    seeds = set()
    for _ in range(3):
        d = NewGameDialog(settings)
        qtbot.addWidget(d)
        seeds.add(d.seed_edit.text())
    assert len(seeds) == 3 and all(s.isdigit() for s in seeds)
    d.seed_edit.setText("")
    assert not d.ok_button.isEnabled() and "seed" in d.ok_button.toolTip()
    d.new_seed_button.click()
    assert d.seed() is not None and d.ok_button.isEnabled()


def test_dialog_builds_the_record_it_shows(dialog: NewGameDialog) -> None:
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("1846"))
    dialog.count_box.setValue(3)
    for edit, name in zip(dialog.name_edits, ["Ann", "Bob", "Cy"]):
        edit.setText(name)
    dialog.seed_edit.setText("4242")
    dialog.rule_checks["second_ed_co"].setChecked(True)
    dialog.as_entered.setChecked(True)
    record = dialog.game_record()
    assert record.title == "1846" and [p.name for p in record.players] == ["Ann", "Bob", "Cy"]
    assert record.seed == 4242 and record.optional_rules == ["second_ed_co"]
    session = Session(record)
    assert sorted(p.name for p in session.live.players) == ["Ann", "Bob", "Cy"]
    assert session.live.optional_rules == ["second_ed_co"]

    dialog.random_order.setChecked(True)
    shuffled = [p.name for p in dialog.game_record().players]
    assert shuffled == seat_order(["Ann", "Bob", "Cy"], 4242, True)
    assert shuffled == [p.name for p in dialog.game_record().players]  # reproducible from the seed


def test_random_seat_order_differs_between_seeds() -> None:
    names = ["A", "B", "C", "D", "E"]
    assert seat_order(names, 1, False) == names
    assert len({tuple(seat_order(names, s, True)) for s in range(1, 30)}) > 5


def test_duplicate_names_are_refused_with_the_reason(dialog: NewGameDialog) -> None:
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("1830"))
    dialog.count_box.setValue(3)
    for edit, name in zip(dialog.name_edits, ["Ann", "Ann", "Cy"]):
        edit.setText(name)
    assert not dialog.ok_button.isEnabled()
    assert "same name" in dialog.problem_label.text() and "same name" in dialog.ok_button.toolTip()
    dialog.name_edits[1].setText("Bob")
    assert dialog.ok_button.isEnabled() and dialog.problem_label.isHidden()


def test_dialog_remembers_names_title_count_and_rules(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    first = NewGameDialog(settings)
    qtbot.addWidget(first)
    first.title_box.setCurrentIndex(first.title_box.findData("1846"))
    first.count_box.setValue(5)
    for edit, name in zip(first.name_edits, ["Ann", "Bob", "Cy", "Dee", "Eve"]):
        edit.setText(name)
    first.rule_checks["first_ed"].setChecked(True)
    first.random_order.setChecked(True)
    first.ok_button.click()
    assert first.result() == NewGameDialog.DialogCode.Accepted

    second = NewGameDialog(settings)
    qtbot.addWidget(second)
    assert second.title == "1846" and second.count_box.value() == 5
    assert second.names() == ["Ann", "Bob", "Cy", "Dee", "Eve"]
    assert second.rule_checks["first_ed"].isChecked() and second.random_order.isChecked()
    assert second.seed_edit.text() != first.seed_edit.text()  # a new seed every time


def test_file_new_game_uses_the_dialog(
    qtbot,
    settings: QSettings,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = MainWindow(settings, tmp_path / "auto")
    qtbot.addWidget(window)
    chosen: dict[str, Any] = {}

    def fake_exec(self: NewGameDialog) -> int:
        self.title_box.setCurrentIndex(self.title_box.findData("1889"))
        self.count_box.setValue(2)
        self.name_edits[0].setText("Ann")
        self.name_edits[1].setText("Bob")
        self.seed_edit.setText("77")
        chosen["record"] = self.game_record()
        return int(NewGameDialog.DialogCode.Accepted.value)

    monkeypatch.setattr(NewGameDialog, "exec", fake_exec)
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "&New game…" in texts and not any("1830" in t for t in texts)
    window._on_new_game_triggered()
    session = window.session
    assert session is not None and session.title == "1889"
    assert session.record.seed == 77 and [p.name for p in session.record.players] == ["Ann", "Bob"]
    assert not session.dirty and session.save_path is None
    assert "1889" in window.status_label.text()


def test_file_new_game_opens_on_the_title_of_the_game_open_now(
    qtbot,
    settings: QSettings,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29: File > New game offered 1830 whatever the table was playing; it offers the open game's title,
    and a window opened without a file starts the title chosen last."""
    settings.setValue("new_game/title", "1889")  # chosen last time
    window = MainWindow(settings, tmp_path / "auto")
    qtbot.addWidget(window)
    window.open_file(_any_fixture("1846"), ask=False)
    assert window.session is not None and window.session.title == "1846"
    offered: list[str] = []

    def fake_exec(self: NewGameDialog) -> int:
        offered.append(self.title)
        return int(NewGameDialog.DialogCode.Rejected.value)

    monkeypatch.setattr(NewGameDialog, "exec", fake_exec)
    window._on_new_game_triggered()
    assert offered == ["1846"]
    # no game open: the title chosen last, and the same for a window started without a file
    assert NewGameDialog(settings).title == "1889"
    title, players = startup_table(settings)
    assert title == "1889" and len(players) == 4
    settings.setValue("new_game/title", "no such title")
    assert startup_table(settings)[0] == "1830" and NewGameDialog(settings).title == "1830"


def _any_fixture(folder: str) -> Path:
    files = sorted(shared_or_skip(FIXTURES / folder).glob("*.json"))
    if not files:
        pytest.skip(f"no {folder} fixtures")
    return files[0]


def test_dialog_fits_the_screen_for_every_title_and_its_rules_scroll(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    """Auction HOW's eleven optional rules made the dialog taller than a 1080-pixel screen: Start game was
    below the screen's edge.  The rules now scroll inside their box and the dialog stays on the screen."""
    from PySide6.QtWidgets import QApplication

    d = NewGameDialog(settings)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    room = d.screen().availableGeometry()
    scrolled = []
    for title in [*supported_titles(), "Auction HOW", "1830"]:
        d.title_box.setCurrentIndex(d.title_box.findData(title))
        for _ in range(3):
            QApplication.processEvents()
        frame = d.frameGeometry()
        assert room.contains(frame), (title, frame, room)
        start = d.ok_button.mapToGlobal(d.ok_button.rect().bottomRight())
        assert room.contains(start), (title, start)
        content = d.rules_content.sizeHint().height()
        if d.rules_scroll.height() < content:
            scrolled.append(title)
        # Every rule can be reached: scrolled into view, its check box shows inside the box.
        for box in d.rule_checks.values():
            d.rules_scroll.ensureWidgetVisible(box)
            top = box.mapTo(d.rules_scroll.viewport(), box.rect().topLeft()).y()
            assert 0 <= top < d.rules_scroll.viewport().height(), (title, box.text())
    assert "Auction HOW" in scrolled  # its rules do not fit half of this screen: they scroll
    assert "Irish Gauge" not in scrolled  # a short list is shown whole


def test_a_default_option_is_ticked_until_the_table_chooses(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    """1888-N is the site's default: ticked the first time, then what the table last chose (1888-E offered too)."""
    first = NewGameDialog(settings)
    qtbot.addWidget(first)
    first.title_box.setCurrentIndex(first.title_box.findData("1888"))
    assert {s: b.isChecked() for s, b in first.rule_checks.items()} == {
        "north": True,
        "east": False,
        "small_bank": False,
    }
    first.rule_checks["north"].setChecked(False)
    first.remember()
    again = NewGameDialog(settings)
    qtbot.addWidget(again)
    again.title_box.setCurrentIndex(again.title_box.findData("1888"))
    assert not any(b.isChecked() for b in again.rule_checks.values())


@pytest.mark.parametrize(("title", "most"), [("18USA", 7), ("1822", 7), ("1817", 12)])
def test_every_seat_a_title_has_can_be_filled(qtbot, settings: QSettings, title: str, most: int) -> None:  # type: ignore[no-untyped-def]
    """Played at 1366x768: the dialog offered six seats, so 18USA's seventh player (2-7 players, as the list said)
    could not sit: a typed 7 was turned back to 6 without a word.  Every seat of the title is offered, a seventh
    and later seat in a second column (the dialog stays as tall as with six)."""
    from PySide6.QtWidgets import QApplication

    d = NewGameDialog(settings)
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    d.title_box.setCurrentIndex(d.title_box.findData(title))
    d.count_box.setValue(6)
    QApplication.processEvents()
    six_high = d.sizeHint().height()
    d.count_box.lineEdit().selectAll()
    qtbot.keyClicks(d.count_box.lineEdit(), str(most))
    QApplication.processEvents()
    assert d.count_box.value() == most and d.count_box.high == most
    names = [f"P{n}" for n in range(1, most + 1)]
    for edit, name in zip(d.name_edits, names):
        assert edit.isVisible()
        edit.setText(name)
    assert not any(edit.isVisible() for edit in d.name_edits[most:])
    assert d.ok_button.isEnabled()
    assert sorted(p.name for p in d.game_record().players) == sorted(names)
    assert d.sizeHint().height() <= six_high + 4
    room = d.screen().availableGeometry()
    assert room.contains(d.frameGeometry())
    # a second column's name boxes are as wide as the first's (seat 7's was squeezed to "P…" beside a wide box)
    assert d.name_edits[6].width() >= d.name_edits[0].width() - 2


def test_a_typed_player_count_outside_the_range_is_refused_with_the_range(dialog: NewGameDialog, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Irish Gauge seats 3 to 5: a typed 9 stays as typed and is refused with the range (the spin box dropped the
    keystroke, the 4 stayed and Start game started a 4-player game without a word); nothing starts; a typed 5
    is taken as typed."""
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.title_box.setCurrentIndex(dialog.title_box.findData("Irish Gauge"))
    dialog.count_box.setValue(4)
    line = dialog.count_box.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, "9")
    assert dialog.count_box.text() == "9"
    problem = dialog.problem()
    assert problem is not None and "9" in problem and "3 to 5" in problem
    assert not dialog.ok_button.isEnabled() and dialog.problem_label.text() == problem
    assert len([e for e in dialog.name_edits if not e.isHidden()]) == 5  # the nearest allowed count of seats
    dialog.buttons.accepted.emit()
    assert dialog.result() == 0 and dialog.isVisible()  # nothing started
    line.selectAll()
    qtbot.keyClicks(line, "5")
    assert dialog.problem() is None and dialog.ok_button.isEnabled()
    assert len(dialog.game_record().players) == 5


def test_the_player_count_box_is_not_marked_refused_when_the_dialog_opens(dialog: NewGameDialog) -> None:
    """Seen in a real window: the count box stood red (the refused colour) at an allowed 4 when the dialog opened."""
    assert dialog.count_box.refusal() is None
    assert dialog.count_box.palette().color(QPalette.ColorRole.Base) != QColor(REFUSED_BASE)
