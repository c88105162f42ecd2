"""1822 at the table: the bid boxes in the auction panel, acquisitions with their effect shown before confirming,
the destination token's button, a local run of an L train, the player's debt dialog.  Each gesture is checked
against the action the real game's file made at that point."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from desktop.controllers.acquire import AcquireCompanyController, AcquireMinorController
from desktop.controllers.bid_boxes import BidBoxController
from tests.desktop.play_or_helpers import window_at

FOLDER = "1822"
SHORT = "hs_lxemeslq_30797.json"
LONG = "33845.json"


def _made(window: Any, before: int) -> dict[str, Any]:
    assert len(window.session.record.actions) == before + 1
    return dict(window.session.record.actions[-1])


def test_bid_boxes_stand_in_the_panel_and_take_a_bid(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, SHORT, 9)  # Player 3 outbid Player 1 on P1, bids on C7
    assert action["type"] == "bid"
    controller = window.play.controller(BidBoxController)
    dialog = controller.dialog
    assert dialog is not None and window.auction_panel.content is dialog  # standing in the panel, unasked
    assert "Bid boxes" in window.auction_panel.title.text()
    # the player's standing: the bid placed on P1 leads and ties up its price; Player 1 leads C1
    summary = dialog.summary.text()
    assert "winning bids P1" in summary and "bidding tokens left 2 of 3" in summary and "bids this turn 1 of 3" in summary
    label = type(dialog.summary)
    assert dialog.findChild(label, "bids_P1").text() == "you lead: £85"
    assert "you pay £85 when the stock round ends" in dialog.findChild(label, "bids_P1").toolTip()
    assert "£80 Player 1" in dialog.findChild(label, "bids_P1").toolTip()  # every bid stays in sight
    for cid in ("C1", "M14"):  # (a long name is cut at the card's width; the tooltip has every bid)
        line = dialog.findChild(label, f"bids_{cid}")
        assert line.text().startswith("£100 Pl") and "£100 Player 1" in line.toolTip()
    assert dialog.findChild(label, "bids_M18").text() == "no bids yet"
    assert "P1" not in {cid for cid, row in dialog.rows.items() if row.move is not None}  # no bid over oneself
    assert dialog.findChild(label, "facts_M24").text().startswith("Minor £")
    assert dialog.findChild(label, "facts_C7").text().startswith("Concession £")
    heading = window.auction_panel.title.text()
    assert "free £215 of £300" in heading and "bidding tokens 2/3" in heading and "bids 1/3 this turn" in heading
    row = dialog.rows[action["company"]]
    before = len(window.session.record.actions)
    row.spin.setFocus()
    row.spin.selectAll()
    QTest.keyClicks(row.spin, str(action["price"]))
    QTest.mouseClick(row.button, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["company"], made["price"]) == ("bid", action["company"], action["price"])


def test_a_bid_over_the_free_cash_is_refused_in_the_panel(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, FOLDER, SHORT, 3)
    dialog = window.play.controller(BidBoxController).dialog
    row = dialog.rows["M24"]
    before = len(window.session.record.actions)
    row.spin.setFocus()
    row.spin.selectAll()
    QTest.keyClicks(row.spin, "5000")
    QTest.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert len(window.session.record.actions) == before
    assert dialog.refusal_label.text()


def test_private_acquisition_shows_its_effect_first(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, LONG, 317)
    assert action["type"] == "acquire_company"
    button = window.action_bar.buttons.get("acquire_company")
    assert button is not None
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.play.controller(AcquireCompanyController).dialog
    assert not dialog.confirm_button.isEnabled() or dialog.list.count() == 1
    assert dialog.select(action["company"])
    assert "takes over" in dialog.effect.text() and "without payment" in dialog.effect.text()
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["entity"], made["company"]) == ("acquire_company", action["entity"], action["company"])


def test_minor_acquisition_shows_what_comes_along(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, LONG, 477)
    assert action["type"] == "merge"
    controller = window.play.controller(AcquireMinorController)
    dialog = controller.open_dialog()
    assert dialog.select(str(action["corporation"]))
    effect = dialog.effect.text()
    assert "It brings cash" in effect and "Payment (chosen next)" in effect
    before = len(window.session.record.actions)
    QTest.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["corporation"]) == ("merge", action["corporation"])
    assert "choose" in window.action_bar.buttons  # then how to pay, through the choice dialog


def test_destination_token_button(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, FOLDER, LONG, 457)
    assert action["type"] == "hex_token"
    from desktop.map.items import assignment_badges
    from desktop.map.scene import hex_tooltip_html

    game = window.session.live
    mark = f"\u2192{action['entity']}"
    assert mark in [b.text for b in assignment_badges(game, game.hex_by_id(action["hex"]))]  # on the map
    assert f"Destination of {action['entity']}" in hex_tooltip_html(game.hex_by_id(action["hex"]), (), str, game)
    button = window.action_bar.buttons.get("hex_token")
    assert button is not None and action["hex"] in button.text()
    before = len(window.session.record.actions)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["hex"], made["token_type"]) == (action["hex"], "destination")
    game = window.session.live
    assert mark not in [b.text for b in assignment_badges(game, game.hex_by_id(action["hex"]))]  # the token is


def test_player_debt_on_the_card_and_paid_back_by_the_dialog(qtbot: Any, tmp_path: Path) -> None:
    from desktop.controllers.bid_boxes import PayoffDebtController
    from desktop.panels.players import player_card

    window, _action = window_at(qtbot, tmp_path, FOLDER, SHORT, 9)
    game = window.session.live
    player = game.round.active_step().current_entity()
    player.debt = 150  # as a forced train purchase's loan leaves it
    card = player_card(game, player)
    assert card.debt == 150 and card.money["debt"] == "£150"
    window.play.recompute()
    assert "bid_boxes" not in window.action_bar.buttons  # a player in debt does not bid
    button = window.action_bar.buttons.get("payoff_player_debt")
    assert button is not None
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    controller = window.play.controller(PayoffDebtController)
    dialog = controller.dialog
    # (the debt was set by hand, not by the file's actions: what the dialog submits is caught, not applied)
    submitted: list[dict[str, Any]] = []
    controller.submit = submitted.append
    dialog.amount.setFocus()
    dialog.amount.selectAll()
    QTest.keyClicks(dialog.amount, "400")  # more than the debt: refused in the dialog
    QTest.mouseClick(dialog.part_button, Qt.MouseButton.LeftButton)
    assert not submitted
    dialog.amount.selectAll()
    QTest.keyClicks(dialog.amount, "40")
    QTest.mouseClick(dialog.part_button, Qt.MouseButton.LeftButton)
    assert [(a["type"], a["amount"]) for a in submitted] == [("payoff_player_debt_partial", 40)]
    player.debt = 0


def test_local_run_is_one_city_clicked_alone(qtbot: Any, tmp_path: Path) -> None:
    from desktop.controllers.route_edit import RouteEditor

    window, action = window_at(qtbot, tmp_path, FOLDER, SHORT, 103)
    assert action["routes"][0]["connections"] == [["local", "M38"]]
    game = window.session.live
    entity = game.corporation_by_id(action["entity"])
    editor = RouteEditor(game, entity, list(entity.trains))
    train = str(entity.trains[0].id)
    cities = game.hex_by_id("M38").tile.cities  # London: six cities, one with the minor's token
    city = next(c for c in cities if any(t is not None and t.corporation is entity for t in c.tokens))
    other = next(c for c in cities if c is not city)
    editor.touch(train, other)  # a city without its token is no local run
    assert editor.check().refusal is not None
    editor.touch(train, other)  # (forgotten)
    assert editor.touch(train, city) is None
    check = editor.check()
    assert check.refusal is None and check.revenues[train] == action["routes"][0]["revenue"]
    entry = editor.entries(check)[0]
    assert entry["connections"] == [["local", "M38"]] and entry["hexes"] == ["M38"]
    editor.set_entries([entry])  # shown again as the city alone
    assert editor.route_of(train).pending is city and editor.entries()[0]["connections"] == [["local", "M38"]]


def test_private_power_says_what_it_does_and_is_used_by_the_powers_dialog(qtbot: Any, tmp_path: Path) -> None:
    from desktop.controllers.choose import ChooseAbilityController

    window, action = window_at(qtbot, tmp_path, FOLDER, LONG, 973)
    assert (action["type"], action["entity"]) == ("choose_ability", "P18")
    button = window.action_bar.buttons.get("choose_ability")
    assert button is not None
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    dialog = window.play.controller(ChooseAbilityController).dialog
    index = next(i for i, (move, choice) in enumerate(dialog.options)
                 if move.entity == "P18" and choice.value == action["choice"])
    option = dialog.buttons[f"choose_{index}"]
    assert "Station Marker Swap" in option.toolTip()  # the card's text: what it does, and when
    before = len(window.session.record.actions)
    QTest.mouseClick(option, Qt.MouseButton.LeftButton)
    made = _made(window, before)
    assert (made["type"], made["entity"], made["choice"]) == ("choose_ability", "P18", action["choice"])


def test_first_turn_l_train_bought_by_the_dialog_is_the_files_purchase(qtbot: Any, tmp_path: Path) -> None:
    """The file names L-0 (the site buys the depot's next L whichever copy is named); the dialog lists the next one:
    one legal move accepts both, so the play-through counts it as the file's action."""
    from bench.play_through_gui import one_move, same_action

    window, action = window_at(qtbot, tmp_path, FOLDER, SHORT, 104)
    assert action["type"] == "buy_train" and action["train"] == "L-0"
    moves = window.play.moves
    listed = next(m for m in moves.of_type("buy_train"))
    assert listed.train != "L-0"
    made = {**action, "train": listed.train}
    assert one_move(moves, action, made) and same_action(action, made, window.session.live, moves) is None
    assert same_action(action, {**action, "train": "3-0"}, window.session.live, moves) is not None


def test_a_runs_subsidy_written_by_the_site_is_not_part_of_the_move() -> None:
    """1822 computes a run's mail-contract subsidy itself (the site's client also writes it into the action): the
    play-through does not ask the GUI for the figure; a title whose subsidy the action chooses still compares it."""
    from types import SimpleNamespace

    from bench.play_through_gui import same_action

    wanted = {"type": "run_routes", "entity": "NBR", "routes": [], "subsidy": 35}
    made = {"type": "run_routes", "entity": "NBR", "routes": []}
    computes = SimpleNamespace(routes_subsidy=lambda routes: 35)
    chooses = SimpleNamespace(routes_subsidy=lambda routes: 35, subsidy_for=lambda *a: 35)
    assert same_action(wanted, made, computes) is None
    assert same_action(wanted, made, chooses) is not None
