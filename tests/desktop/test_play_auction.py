"""Auction and draft dialogs built from the legal moves: they return the action a player chose, never submit."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop.dialogs.auction import AuctionDialog
from desktop.dialogs.draft import DraftDialog
from desktop.session import Session
from engine import load_game, new_game
from engine.moves.base import BidMove
from engine.moves.registry import legal_moves
from tests.conftest import FIXTURES, shared_or_skip


def _game_at(path: Any, upto: int) -> Any:
    return load_game(shared_or_skip(path), upto=upto)


def test_waterfall_dialog_fills_minimum_bids_and_returns_the_chosen_bid(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=3)
    moves = legal_moves(game)
    dialog = AuctionDialog(game, moves)
    qtbot.addWidget(dialog)
    bids = {m.target: m for m in moves.of_type("bid")}
    assert set(dialog.rows) >= set(bids)
    # the player is named once, in the heading ("Ann, it is your turn ..."), not again as "Ann: Bid on ..."
    from PySide6.QtWidgets import QLabel

    who = dialog.player_name
    assert moves.description.startswith(f"{who}: ")
    texts = [label.text() for label in dialog.findChildren(QLabel)]
    assert sum(who in t for t in texts) == 1 and not any(f"{who}:" in t for t in texts)
    for cid, move in bids.items():
        row = dialog.rows[cid]
        assert isinstance(move, BidMove)
        assert row.spin.value() == move.min_bid
        assert row.spin.high == max(move.min_bid, move.max_bid)
        assert row.button.isEnabled()
    # the cheapest private is bought at its price; another one takes a bid typed in the box
    buy = next(m for m in bids.values() if m.purchase)
    assert not dialog.rows[buy.target].spin.isEnabled()
    other = next(m for m in bids.values() if not m.purchase)
    dialog.rows[other.target].spin.setValue(other.min_bid + 10)
    qtbot.mouseClick(dialog.rows[other.target].button, Qt.MouseButton.LeftButton)
    assert dialog.action == {
        "type": "bid",
        "entity": other.entity,
        "entity_type": "player",
        "company": other.target,
        "price": other.min_bid + 10,
    }
    assert other.refusal(dialog.action) is None
    assert dialog.result() == dialog.DialogCode.Accepted


def test_waterfall_dialog_disables_what_a_player_cannot_afford_with_the_reason(qtbot) -> None:  # type: ignore[no-untyped-def]
    session = Session.new("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=3)
    ann = session.live.players[0]
    first = legal_moves(session.live)
    big = max((m for m in first.of_type("bid") if not m.purchase), key=lambda m: m.max_bid)
    assert session.submit({**big.base(), "company": big.target, "price": big.max_bid})  # Ann ties up all her cash
    while legal_moves(session.live).acting[0] != ("player", ann.id):
        assert session.submit(legal_moves(session.live).of_type("pass")[0].base())
    moves = legal_moves(session.live)
    assert moves.unusable, "a player with every dollar tied up can afford nothing"
    dialog = AuctionDialog(session.live, moves)
    qtbot.addWidget(dialog)
    for u in moves.unusable:
        row = dialog.rows[u.id]
        assert not row.button.isEnabled() and not row.spin.isEnabled()
        assert row.button.toolTip() == u.reason
        assert "available" in u.reason


def test_waterfall_dialog_pass_button_and_shortcut(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = _game_at(FIXTURES / "1830" / "26855.json", 12)  # someone bids, so passing is allowed
    moves = legal_moves(game)
    dialog = AuctionDialog(game, moves)
    qtbot.addWidget(dialog)
    passes = moves.of_type("pass")
    assert dialog.pass_button.isEnabled() == bool(passes)
    if not passes:
        pytest.skip("no pass here")
    dialog.show()
    dialog.pass_button.setFocus()  # P is typed into a bid box when one has the focus
    qtbot.keyClick(dialog.pass_button, Qt.Key.Key_P)
    assert dialog.action == passes[0].base()


def test_every_fixture_auction_action_is_one_the_dialog_can_produce() -> None:
    """The bids of a real 1830 auction fall inside the spin-box ranges the dialog offers."""
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    session = Session.open(path, upto=0)
    import json

    actions = json.loads(path.read_text())["actions"]
    checked = 0
    for action in actions:
        game = session.live
        moves = legal_moves(game)
        if moves.step != "WaterfallAuction":
            break
        if action["type"] == "bid":
            move = next(m for m in moves.of_type("bid") if m.target == action["company"])
            assert move.min_bid <= action["price"] <= move.max_bid
            checked += 1
        assert session.submit(action)
    assert checked > 5


def test_draft_hand_is_hidden_until_the_cover_is_lifted(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = new_game("1846", ["Ann", "Bob", "Cyd", "Dee"], seed=5)
    moves = legal_moves(game)
    assert moves.step == "DraftDistribution"
    dialog = DraftDialog(game, moves)
    qtbot.addWidget(dialog)
    acting = moves.moves[0]
    player = next(p for p in game.players if p.id == acting.entity)
    from PySide6.QtWidgets import QLabel, QPushButton

    assert any(f"Pass the mouse to {player.name}" in label.text() for label in dialog.findChildren(QLabel))
    # nothing of the hand exists while covered
    assert dialog.hand is None and not dialog.card_buttons
    labels = " ".join(w.text() for w in dialog.findChildren(type(dialog.reveal_button)))
    picks = [m for m in moves.of_type("bid")]
    assert all(m.target not in labels for m in picks)
    assert player.name in dialog.reveal_button.text()
    # choosing before the reveal does nothing
    dialog.choose(picks[0])
    assert dialog.action is None
    qtbot.mouseClick(dialog.reveal_button, Qt.MouseButton.LeftButton)
    assert dialog.revealed
    assert set(dialog.card_buttons) >= {m.target for m in picks}
    # passing is a pass card of the hand here: no second, disabled "Pass" button beside it
    assert not moves.of_type("pass") and any(m.target.startswith("Pass") for m in picks)
    assert dialog.pass_button is None
    assert not [b for b in dialog.findChildren(QPushButton) if b.text() == "Pass"]
    target = picks[-1]
    qtbot.mouseClick(dialog.card_buttons[target.target], Qt.MouseButton.LeftButton)
    assert dialog.action is not None and dialog.action["company"] == target.target
    assert target.refusal(dialog.action) is None


def test_draft_dialog_reproduces_the_fixture_draft(qtbot) -> None:  # type: ignore[no-untyped-def]
    import json

    path = shared_or_skip(FIXTURES / "1846" / "10264.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    done = 0
    for action in actions:
        moves = legal_moves(session.live)
        if moves.step != "DraftDistribution":
            break
        dialog = DraftDialog(session.live, moves)
        qtbot.addWidget(dialog)
        dialog.reveal()
        if action["type"] == "bid":
            qtbot.mouseClick(dialog.card_buttons[action["company"]], Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
        chosen = dialog.action
        assert chosen is not None
        expected = {k: action[k] for k in chosen}
        assert chosen == expected
        assert session.submit(chosen)
        done += 1
    assert done >= 8


def test_auction_every_committed_bid_is_listed_on_the_dialog_and_the_player_cards(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Only the highest bid was listed and the player cards showed no bids: what a player had committed was hidden."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from desktop.controllers.auction import AuctionController
    from desktop.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), autosave_dir=tmp_path)
    qtbot.addWidget(window, before_close_func=lambda w: setattr(w.session, "dirty", False) if w.session else None)
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    controller = window.play.controller(AuctionController)
    dialog = controller.open_dialog()
    dialog.choose_bid("CS", 45)  # Ann
    QApplication.processEvents()
    # the bid box opened again for the next bidder
    qtbot.waitUntil(lambda: controller.dialog is not None, timeout=2000)
    dialog = controller.dialog
    assert window.session.live.round.current_entity().name == "Bob"
    dialog.choose_bid("CS", 50)  # Bob
    QApplication.processEvents()
    qtbot.waitUntil(lambda: controller.dialog is not None, timeout=2000)
    from PySide6.QtWidgets import QLabel

    # the card shows the highest bid and the others as fit its one line (counted, "+1 more", when they do not: a
    # line growing with the bids moved every bid box under the next click); its tooltip names every bid
    line = controller.dialog.findChild(QLabel, "bids_CS")
    assert line is not None
    assert line.text() in ("$50 Bob, $45 Ann", "$50 Bob +1 more", "$50 Bob +1"), line.text()
    assert "$50 Bob, $45 Ann" in line.toolTip()
    cards = {c.name: c for c in window.players_panel.cards}
    assert cards["Ann"].bids == [("CS", "$45", False)] and cards["Bob"].bids == [("CS", "$50", True)]
    assert cards["Cyd"].bids == []
    # the auction stands in the window's panel while it runs: Esc (a reject) does not take it away
    shown = controller.dialog
    shown.reject()
    QApplication.processEvents()
    qtbot.wait(20)
    assert controller.dialog is not None and controller.dialog is not shown
    assert window.auction_panel.content is controller.dialog and not window.auction_panel.isHidden()


def test_draft_hand_shows_each_cards_ability_text_after_the_reveal(qtbot) -> None:  # type: ignore[no-untyped-def]
    game = new_game("1846", ["Ann", "Bob", "Cyd", "Dee"], seed=5)
    moves = legal_moves(game)
    dialog = DraftDialog(game, moves)
    qtbot.addWidget(dialog)
    assert not dialog.card_texts  # covered: nothing of the hand
    qtbot.mouseClick(dialog.reveal_button, Qt.MouseButton.LeftButton)
    described = 0
    for cid in dialog.card_buttons:
        company = next((c for c in game.companies if c.id == cid), None)
        desc = str(getattr(company, "desc", "") or "") if company is not None else ""
        if desc:
            assert dialog.card_texts[cid].text() == desc
            described += 1
    assert described >= 2


def test_draft_cards_keep_their_whole_text_in_a_short_window(qtbot) -> None:  # type: ignore[no-untyped-def]
    """18 Los Angeles's open draft in the window's short auction panel: eight cards with their ability text. Laid
    out as one squeezed column every text was cut to a line and a half; the hand scrolls instead."""
    game = new_game("18 Los Angeles", ["Ann", "Bob", "Cyd", "Dee"], seed=5)
    dialog = DraftDialog(game, legal_moves(game))
    qtbot.addWidget(dialog)
    dialog.resize(540, 420)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert len(dialog.card_texts) >= 6
    for cid, text in dialog.card_texts.items():
        assert text.height() >= text.heightForWidth(text.width()), cid


def test_simultaneous_auction_dialog_bids_on_any_private(qtbot) -> None:  # type: ignore[no-untyped-def]
    """18Texas: every private is open to a bid of at least its value; the dialog makes that bid."""
    from desktop.controllers.auction import AUCTION_STEPS

    game = new_game("18Texas", ["Ann", "Bob", "Cyd", "Dee"], seed=3)
    moves = legal_moves(game)
    assert moves.step in AUCTION_STEPS
    dialog = AuctionDialog(game, moves)
    qtbot.addWidget(dialog)
    bids = {m.target: m for m in moves.of_type("bid")}
    assert set(bids) == {c.id for c in game.companies}
    jg = bids["JG"]
    assert isinstance(jg, BidMove) and jg.min_bid == 200 and not jg.purchase
    dialog.rows["JG"].spin.setValue(210)
    qtbot.mouseClick(dialog.rows["JG"].button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None and dialog.action["company"] == "JG" and dialog.action["price"] == 210
    assert jg.refusal(dialog.action) is None


def test_18ms_draft_buys_a_private_at_its_price_through_the_auction_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    """18MS's draft (each player buys one private at face value) is the auction dialog's purchases."""
    from desktop.controllers.auction import AuctionController

    game = new_game("18MS", ["Ann", "Bob", "Cyd"], seed=3)
    moves = legal_moves(game)
    assert moves.step == "SimpleDraft"
    assert AuctionController.wanted(AuctionController.__new__(AuctionController), moves)
    dialog = AuctionDialog(game, moves)
    qtbot.addWidget(dialog)
    assert set(dialog.rows) == {"AGS", "BS", "M&M", "MC", "M&O"}
    row = dialog.rows["M&O"]
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert dialog.action is not None
    assert (dialog.action["type"], dialog.action["company"], dialog.action["price"]) == ("bid", "M&O", 70)


def test_open_draft_shows_the_market_at_once_and_its_owners(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The open drafts of the 1846 family (18 Los Angeles, 18Tokaido, two-player 1846) are no secret: the dialog
    opens on the market, with a Pass button, and the Privates panel names who bought what."""
    from desktop.controllers.draft import DRAFT_STEPS
    from desktop.panels.companies import company_cards

    game = new_game("18 Los Angeles 2", ["Ann", "Bob", "Cyd"], seed=5)
    moves = legal_moves(game)
    assert moves.step in DRAFT_STEPS
    dialog = DraftDialog(game, moves)
    qtbot.addWidget(dialog)
    assert dialog.revealed and dialog.pass_button is not None
    pick = next(
        m for m in moves.of_type("bid") if m.target in dialog.card_buttons and dialog.card_buttons[m.target].isEnabled()
    )
    qtbot.mouseClick(dialog.card_buttons[pick.target], Qt.MouseButton.LeftButton)
    assert dialog.action is not None and pick.refusal(dialog.action) is None
    game.process_action(dialog.action)
    cards = {c.sym: c for c in company_cards(game)}
    assert cards[pick.target].owner == "Ann"


def test_draft_market_dialog_shows_costs_now_and_reproduces_the_fixture_draft(qtbot) -> None:  # type: ignore[no-untyped-def]
    """1852: Missouri's open market: the hand is shown at once, each company at its price plus the skipping cost,
    and the dialog gives the file's draft actions (bids and the paid pass)."""
    import json

    path = shared_or_skip(FIXTURES / "1852Missouri" / "1852Missouri_game_end_bank.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    done = 0
    for action in actions:
        moves = legal_moves(session.live)
        if moves.step != "DraftPurchase":
            break
        dialog = DraftDialog(session.live, moves)
        qtbot.addWidget(dialog)
        assert dialog.revealed  # an open market: no cover
        step = session.live.round.active_step()
        for index, company in enumerate(step.available()):
            button = dialog.card_buttons[company.id]
            cost = int(company.min_bid) + index * step.SKIPPING_COST
            assert (f"${cost}" in button.text()) == bool(cost)
        if action["type"] == "bid":
            qtbot.mouseClick(dialog.card_buttons[action["company"]], Qt.MouseButton.LeftButton)
        else:
            qtbot.mouseClick(dialog.pass_button, Qt.MouseButton.LeftButton)
        chosen = dialog.action
        assert chosen is not None
        assert chosen == {k: action[k] for k in chosen}
        assert session.submit(chosen)
        done += 1
    assert done == 9
