"""Powers that act on a train, by gesture (desktop/controllers/power_drop.py, desktop/panels/train_drop.py): 18ZOO's
Patch is dragged onto the family's train on its card, Whatsup onto the depot's train in the trains panel, the
Patch's save as a phase change rusts trains onto the train to keep; a drop on a train the power does not act on is
refused with the reason, before anything is played; Days off onto the family's card.  Powers with no target keep the
"Powers..." button."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from desktop.controllers.power_drop import PowerCard, PowerDropController
from tests.desktop.play_or_helpers import window_at


def _card(window: Any, key: str) -> PowerCard:
    cards = [w for w in window.action_bar.tools.get("power", []) if isinstance(w, PowerCard)]
    found = next((c for c in cards if c.payload["entity"] == key), None)
    assert found is not None, [c.payload for c in cards]
    return found


def _drag(widget: QWidget, mime: Any, pos: QPointF, drop: bool = True) -> bool:
    """Enter, move and (optionally) drop ``mime`` at ``pos`` of ``widget``; True when accepted."""
    app = QApplication.instance()
    point = QPoint(int(pos.x()), int(pos.y()))
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    app.sendEvent(widget, QDragEnterEvent(point, Qt.DropAction.CopyAction, mime, buttons, mods))
    move = QDragMoveEvent(point, Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(widget, move)
    if not drop:
        return bool(move.isAccepted())
    event = QDropEvent(QPointF(point), Qt.DropAction.CopyAction, mime, buttons, mods)
    app.sendEvent(widget, event)
    return bool(event.isAccepted())


def _chip(window: Any, owner: str, train_id: str) -> QPointF:
    """The centre of corporation ``owner``'s train chip ``train_id`` on its card."""
    canvas = window.corporations_panel.canvas
    canvas.resize(max(canvas.width(), 420), max(canvas.height(), 2000))
    canvas._ensure_layout()
    for card, rect in zip(canvas.cards, canvas.card_rects()):
        if card.name == owner:
            canvas._layout(None, rect, card)
            chip = next(c for c, tid in canvas.train_chips[owner] if tid == train_id)
            return chip.center()
    raise AssertionError(owner)


def test_patch_dropped_on_a_family_train(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18ZOOMapD", "or_power.patch.3s_long_run_anyway.json", 116)
    assert action["choice"] == {"type": "patch", "train_id": "3S Long-0"}
    controller = window.play.controller(PowerDropController)
    card = _card(window, "PATCH")
    canvas = window.corporations_panel.canvas
    game = window.session.live
    offered = {controller.trains["PATCH"].move.choices[i].value["train_id"]
               for i in range(len(controller.trains["PATCH"].move.choices))}
    other = next((t for c in game.corporations for t in c.trains
                  if game.train_by_id(t.id).owner.name not in {game.train_by_id(o).owner.name for o in offered}), None)
    before = len(window.session.record.actions)
    messages: list[str] = []
    controller.message.connect(messages.append)
    if other is not None:  # another family's train: refused before the drop
        assert not _drag(canvas, card.mime(), _chip(window, other.owner.name, other.id), drop=False)
        assert messages and "does not act on" in messages[-1]
        assert canvas.train_hover is not None and canvas.train_hover[1] is not None
    depot = window.trains_panel.canvas  # nor a depot train
    depot.resize(max(depot.width(), 400), max(depot.height(), 1200))
    assert not _drag(depot, card.mime(), depot.depot_row_rect(0).center(), drop=False)
    # dropped on the map: refused, it acts on a train
    assert controller.target("PATCH", "K9")[0] is None
    # pressing the card frames the trains it can go to
    QTest.mousePress(card, Qt.MouseButton.LeftButton)
    QTest.mouseRelease(card, Qt.MouseButton.LeftButton)
    assert canvas.train_marks is not None and "3S Long-0" in canvas.train_marks["train"]
    assert canvas.marked_rects(canvas.train_marks)
    assert _drag(canvas, card.mime(), _chip(window, "PB", "3S Long-0"), drop=False)
    assert canvas.train_hover is not None and canvas.train_hover[1] is None
    assert _drag(canvas, card.mime(), _chip(window, "PB", "3S Long-0"))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"], made["choice"]) == ("choose_ability", "PATCH", action["choice"])
    assert not canvas.train_marks


def test_whatsup_dropped_on_the_depot_train(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "sr_power.whatsup.json", 4)
    assert action["choice"]["train_id"] == "2S-0"
    card = _card(window, "WHATSUP")
    canvas = window.trains_panel.canvas
    canvas.resize(max(canvas.width(), 400), max(canvas.height(), 1200))
    rows = canvas.state.trains
    index = next(i for i, r in enumerate(rows) if r.sym == "2S")
    later = next(i for i, r in enumerate(rows) if r.sym != "2S" and r.in_depot > 0)
    before = len(window.session.record.actions)
    QTest.mousePress(card, Qt.MouseButton.LeftButton)
    QTest.mouseRelease(card, Qt.MouseButton.LeftButton)
    assert canvas.train_marks is not None and canvas.train_marks["depot"] == {"2S"}
    assert canvas.marked_rects(canvas.train_marks) == [canvas.depot_row_rect(index)]
    # a train not yet for sale: refused before the drop
    assert not _drag(canvas, card.mime(), canvas.depot_row_rect(later).center(), drop=False)
    assert _drag(canvas, card.mime(), canvas.depot_row_rect(index).center())
    controller = window.play.controller(PowerDropController)
    if controller.dialog is not None:  # the president has several families: the short list names them
        controller.dialog.choose(action["choice"])
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"]) == ("choose_ability", "WHATSUP")
    assert {k: made["choice"][k] for k in ("type", "corporation_id", "train_id")} == {
        k: action["choice"][k] for k in ("type", "corporation_id", "train_id")}


def test_patch_saves_a_train_as_the_phase_changes(qtbot: Any, tmp_path: Path) -> None:
    """The phase change's Patch save (a step's ``choose`` of trains) is a card dropped on the train to keep."""
    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "or_power.patch.json", 66)
    assert (action["type"], action["entity"], action["choice"]) == ("choose", "GI", "2S-1")
    card = _card(window, "choose:GI")
    canvas = window.corporations_panel.canvas
    before = len(window.session.record.actions)
    assert _drag(canvas, card.mime(), _chip(window, "GI", "2S-1"))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"]) == ("choose", "GI")
    assert window.session.live.train_by_id(str(made["choice"])).name == "2S"


def test_powers_with_no_target_keep_the_button(qtbot: Any, tmp_path: Path) -> None:
    """Midas names no hex and no train: no card, the "Powers..." button plays it."""
    from desktop.controllers.choose import ChooseAbilityController

    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "sr_power.midas.json", 2)
    assert action["entity"] == "MIDAS"
    assert not [w for w in window.action_bar.tools.get("power", []) if isinstance(w, PowerCard)]
    controller = window.play.controller(ChooseAbilityController)
    dialog = controller.open_dialog()
    options = [i for i, (move, _c) in enumerate(dialog.options) if move.entity == "MIDAS"]
    before = len(window.session.record.actions)
    dialog.choose(options[0])
    assert len(window.session.record.actions) == before + 1
    assert window.session.record.actions[-1]["entity"] == "MIDAS"


def test_days_off_dropped_on_a_family_card(qtbot: Any, tmp_path: Path) -> None:
    """Days off names a family in each option: its card is dropped on that family's card."""
    window, action = window_at(qtbot, tmp_path, "18ZOOMapA", "sr_power.days_off.json", 4)
    assert action["choice"] == {"type": "days_off", "corporation_id": "GI"}
    card = _card(window, "DAYS_OFF")
    canvas = window.corporations_panel.canvas
    canvas.resize(max(canvas.width(), 420), max(canvas.height(), 2000))
    canvas._ensure_layout()
    rects = {c.name: r for c, r in zip(canvas.cards, canvas.card_rects())}
    unstarted = next((name for name in rects if name != "GI" and not window.session.live.corporation_by_id(name).ipoed),
                     None)
    before = len(window.session.record.actions)
    QTest.mousePress(card, Qt.MouseButton.LeftButton)
    QTest.mouseRelease(card, Qt.MouseButton.LeftButton)
    assert canvas.train_marks is not None and "GI" in canvas.train_marks["owner"]
    if unstarted is not None:  # a family not started: refused
        assert not _drag(canvas, card.mime(), rects[unstarted].center(), drop=False)
    assert _drag(canvas, card.mime(), rects["GI"].center())
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"], made["choice"]) == ("choose_ability", "DAYS_OFF", action["choice"])


def test_the_game_tabs_come_up_under_a_drag(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A power dragged toward a depot train: hovering the Trains tab brings it up, with no game open yet too."""
    from PySide6.QtCore import QSettings

    from desktop.main_window import MainWindow

    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(win)
    for bar in (win.info_tabs.tabBar(), win.center_tabs.tabBar()):
        assert bar.changeCurrentOnDrag() and bar.acceptDrops()
