"""A private bought from a player other than the buying corporation's president: the seller is asked first (a
person through the consent question, a computer seat by its rule: at face value or more), and nothing is bought
without a yes.  A president's own private needs nobody's consent (test_play_companies_or.py buys one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.controllers.companies_or import CompaniesController
from tests.desktop.play_or_helpers import window_at

#: 1830 fixture 26855, action 110: Player 4's corporation buys his own Mohawk & Hudson; the other players' privates
#: are on offer too, each only with its owner's consent
FIXTURE = ("1830", "26855.json", 110)


def _offer(window: Any, controller: CompaniesController, price: int | None = None) -> tuple[Any, Any]:
    """Open "Buy a private...", choose another player's private, type ``price`` (its face value when None) and
    click Buy: the move and the company."""
    window.action_bar.buttons["buy_company"].click()
    dialog = controller.dialog
    assert dialog is not None
    move = next(m for m in dialog.buys if m.needs_consent)
    game = window.session.live
    company = game.company_by_id(move.company)
    assert company.owner is not game.corporation_by_id(move.entity).owner
    assert dialog.select(move.company)
    dialog.price.setValue(company.value if price is None else price)
    dialog.buy_button.click()
    return move, company


def test_a_person_is_asked_before_his_private_is_sold(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, *FIXTURE)
    window.bot_seats.set_pace("step")
    controller = window.play.controller(CompaniesController)
    before = len(window.session.record.actions)
    messages: list[str] = []
    controller.message.connect(messages.append)
    move, company = _offer(window, controller)
    seller = window.session.live.player_by_id(move.seller)
    consent = controller.consent
    assert consent is not None and consent.isVisible()
    assert seller.name in consent.text() and company.name in consent.text() and "Accept?" in consent.text()
    assert len(window.session.record.actions) == before  # nothing bought while the seller thinks
    consent.decline_button.click()
    assert controller.consent is None and len(window.session.record.actions) == before
    assert company.owner is seller and any("declines" in m for m in messages)

    _offer(window, controller)
    consent = controller.consent
    assert consent is not None
    consent.accept_button.click()
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["company"], made["price"]) == ("buy_company", company.id, company.value)
    assert window.session.live.company_by_id(company.id).owner.id == move.entity


def test_a_computer_seller_accepts_face_value_and_declines_less(qtbot: Any, tmp_path: Path) -> None:
    window, _action = window_at(qtbot, tmp_path, *FIXTURE)
    window.bot_seats.set_pace("step")
    controller = window.play.controller(CompaniesController)
    game = window.session.live
    for company in game.companies:
        owner = getattr(company, "owner", None)
        if owner in game.players:
            window.bot_seats.set_seat(owner.name, "beginner")
    window.bot_seats.set_seat(game.corporation_by_id(_action["entity"]).owner.name, "person")
    before = len(window.session.record.actions)
    messages: list[str] = []
    controller.message.connect(messages.append)
    _offer(window, controller, price=company_value_less_one(window))
    assert controller.consent is None  # no question to a computer seat
    assert len(window.session.record.actions) == before and any("declines" in m for m in messages)
    _move, company = _offer(window, controller)
    assert controller.consent is None and len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["company"], made["price"]) == (company.id, company.value)


def company_value_less_one(window: Any) -> int:
    """Face value less one of the private :func:`_offer` chooses."""
    moves = window.play.moves
    move = next(m for m in moves.of_type("buy_company") if m.needs_consent)
    return int(window.session.live.company_by_id(move.company).value) - 1
