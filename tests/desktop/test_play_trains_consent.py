"""A train bought from a corporation another player presides over: the seller's president is asked first (a person
through the consent question, a computer seat by its rule: at face value or more, keeping a train), and nothing is
bought without a yes.  One president's corporations trade freely (PRR's trains, below)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.controllers.trains import TrainsController
from tests.desktop.play_or_helpers import window_at

#: 1830 bank game, action 274: ERIE buys PRR's 3 train (one president); B&O's trains are another player's
FIXTURE = ("1830", "1830_game_end_bank.json", 274)


def _offer(window: Any, controller: TrainsController, train: str, price: int) -> None:
    window.action_bar.buttons["trains"].click()
    dialog = controller.dialog
    assert dialog is not None
    assert dialog.select(train)
    dialog.price.setValue(price)
    dialog.buy_button.click()


def _boe_train(window: Any) -> tuple[Any, Any]:
    game = window.session.live
    boe, erie = game.corporation_by_id("B&O"), game.corporation_by_id("ERIE")
    assert boe.owner is not erie.owner and len(boe.trains) >= 2
    return boe, boe.trains[0]


def test_a_person_is_asked_before_his_corporations_train_is_sold(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, *FIXTURE)
    window.bot_seats.set_pace("step")
    controller = window.play.controller(TrainsController)
    boe, train = _boe_train(window)
    before = len(window.session.record.actions)
    messages: list[str] = []
    controller.message.connect(messages.append)
    _offer(window, controller, str(train.id), 1)
    consent = controller.consent
    assert consent is not None and consent.isVisible()
    assert boe.owner.name in consent.text() and "ERIE" in consent.text() and "Accept?" in consent.text()
    assert len(window.session.record.actions) == before  # nothing bought while the seller thinks
    consent.decline_button.click()
    assert controller.consent is None and len(window.session.record.actions) == before
    assert train.owner is boe and any("declines" in m for m in messages)

    _offer(window, controller, str(train.id), 1)
    consent = controller.consent
    assert consent is not None
    consent.accept_button.click()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["train"], made["price"]) == ("buy_train", str(train.id), 1)
    live = window.session.live
    assert any(str(t.id) == str(train.id) for t in live.corporation_by_id("ERIE").trains)


def test_a_computer_president_sells_at_face_value_and_not_below(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, *FIXTURE)
    window.bot_seats.set_pace("step")
    controller = window.play.controller(TrainsController)
    boe, train = _boe_train(window)
    window.bot_seats.set_seat(boe.owner.name, "beginner")
    before = len(window.session.record.actions)
    messages: list[str] = []
    controller.message.connect(messages.append)
    _offer(window, controller, str(train.id), int(train.price) - 1)
    assert controller.consent is None  # no question to a computer seat
    assert len(window.session.record.actions) == before and any("declines" in m for m in messages)
    _offer(window, controller, str(train.id), int(train.price))
    assert controller.consent is None and len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["train"], made["price"]) == (str(train.id), int(train.price))


def test_a_train_of_the_buyers_own_president_is_bought_without_asking(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, *FIXTURE)
    controller = window.play.controller(TrainsController)
    before = len(window.session.record.actions)
    _offer(window, controller, str(action["train"]), int(action["price"]))
    assert controller.consent is None and len(window.session.record.actions) == before + 1
