"""The merger games' facts on the corporation cards: loans (a header chip; the tooltip says the interest and the
price effect) and nationalisation (a nationalised major not started again is marked so)."""

from __future__ import annotations

from typing import Any

from desktop.panels.corporations import CorporationsCanvas, corporation_card
from engine import load_game
from engine.record import GameRecord
from tests.desktop.play_helpers import fixture_path


def _game(upto: int) -> Any:
    return load_game(GameRecord.load(fixture_path("1867", "nationalization_cash.json")), upto=upto)


def test_loans_show_on_the_card_with_interest_and_price_effect(qtbot: Any) -> None:
    game = _game(530)
    corporation = next(c for c in game.corporations if c.floated and c.type == "major")
    assert corporation_card(game, corporation).loans == 0
    game.loan_rules.take(corporation)
    game.loan_rules.take(corporation)
    card = corporation_card(game, corporation)
    assert card.loans == 2 and "interest $10" in card.loan_text and "one step left" in card.loan_text
    chips = CorporationsCanvas._header_chips(card)
    assert "2 LOANS" in [text for _kind, text, _w in chips]
    canvas = CorporationsCanvas()
    qtbot.addWidget(canvas)
    from PySide6.QtCore import QPointF, QRectF

    tip = canvas.card_tooltip(card, QRectF(0, 0, 300, 200), QPointF(10, 10)) or ""
    assert "Loans: 2 loans" in tip


def test_a_nationalised_major_is_marked_until_started_again() -> None:
    game = _game(530)
    assert "CNR" in game.nationalized
    cnr = game.corporation_by_id("CNR")
    card = corporation_card(game, cnr)
    assert card.nationalized and not cnr.ipoed
    assert not corporation_card(game, next(c for c in game.corporations if c.floated)).nationalized


def test_the_train_dialog_says_which_loans_a_depot_train_takes() -> None:
    from desktop.dialogs.trains import consequences, loans_needed
    from engine.moves.registry import legal_moves
    from engine.moves.trains import BuyTrainMove

    record = GameRecord.load(fixture_path("1867", "hs_ahjzadkh_19792.json"))
    at = next(i for i, a in enumerate(record.actions) if a["type"] == "buy_train" and a["train"] == "3-0")
    game = load_game(record, upto=at)
    step = game.round.active_step()
    buyer = step.current_entity()
    depot = [m for m in legal_moves(game).moves if isinstance(m, BuyTrainMove) and m.source == "depot"]
    assert depot
    move = depot[0]
    if not step.must_buy_train(buyer):
        assert loans_needed(game, move) == ""  # loans come only with a train the corporation must buy
        buyer.trains.clear()
    buyer.cash = max(0, move.min_price - 60)  # 60 short: two loans of $45
    said = loans_needed(game, move)
    assert said.startswith("takes 2 loans ($45 each), $10 more interest") and said in consequences(game, move)
