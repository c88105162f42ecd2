"""Acquisitions and destination tokens (the 1822 family, in general terms):

- ``acquire_company``: a corporation takes over a player's private company (the ``AcquireCompany`` step): the bar's
  "Acquire a private..." lists them, each with what it does, and confirms;
- a ``merge`` naming one of several minors (a major acquiring a minor): "Acquire a minor..." lists them with what
  comes along (cash, trains, companies, its token) and how it may be paid; the payment and the token are the
  step's ``choose`` actions that follow (the choice dialog);
- ``hex_token`` (a destination token): one bar button places it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog

from desktop.controllers.base import Controller
from desktop.controllers.dialog_base import OWN_DIALOG_STEPS, DialogController
from desktop.dialogs.acquire import AcquireDialog, Option
from desktop.panels.action_bar import BarButton, literal
from engine.moves import LegalMoves


def _money(game: Any, value: Any) -> str:
    return str(game.format_currency(value))


def _entity(game: Any, move: Any) -> Any:
    return game.entity_by(move.entity_type, move.entity)


def company_effect(game: Any, entity: Any, company: Any) -> str:
    """What taking over ``company`` does, in a few lines."""
    owner = getattr(company, "owner", None)
    lines = [f"{entity.name} takes over {company.name} from {getattr(owner, 'name', 'the bank')} without payment."]
    revenue = getattr(company, "revenue", 0)
    if revenue:
        lines.append(f"Revenue {_money(game, revenue)}.")
    desc = str(getattr(company, "desc", "") or "")
    if desc:
        lines.append(desc)
    return "\n".join(lines)


def minor_effect(game: Any, step: Any, entity: Any, minor: Any) -> str:
    """What acquiring ``minor`` brings to ``entity`` and how it may be paid."""
    owner = getattr(minor, "owner", None)
    lines = [f"{entity.name} acquires {minor.name} (owned by {getattr(owner, 'name', 'the bank')}); the minor closes."]
    brings = [f"cash {_money(game, getattr(minor, 'cash', 0))}"]
    trains = [t.name for t in getattr(minor, "trains", [])]
    brings.append(f"trains {', '.join(trains)}" if trains else "no train")
    companies = [c.name for c in getattr(minor, "companies", [])]
    if companies:
        brings.append(f"companies {', '.join(companies)}")
    placed = [t.city.hex.id for t in getattr(minor, "tokens", []) if getattr(t, "city", None) is not None
              and getattr(t.city, "hex", None) is not None]
    if placed:
        brings.append(f"its token on {', '.join(placed)}")
    lines.append("It brings " + "; ".join(brings) + ".")
    pay = getattr(step, "pay_choices", None)
    if callable(pay):
        options = list(pay(entity, minor).values())
        if options:
            lines.append("Payment (chosen next): " + " / ".join(options) + ".")
    return "\n".join(lines)


class AcquireCompanyController(DialogController):
    KEY = "acquire_company"
    SHORTCUT = "Q"

    def wanted(self, moves: LegalMoves) -> bool:
        return any(getattr(m, "companies", None) for m in moves.of_type("acquire_company"))

    def label(self, moves: LegalMoves) -> str:
        return "Acquire a private..."

    def make(self, moves: LegalMoves) -> QDialog:
        game = self.session.live
        move: Any = next(m for m in moves.of_type("acquire_company") if getattr(m, "companies", None))
        entity = _entity(game, move)
        options = []
        for sym in move.companies:
            company = game.company_by_id(sym)
            owner = getattr(getattr(company, "owner", None), "name", "the bank")
            options.append(Option(sym, f"{company.name} ({owner})", company_effect(game, entity, company),
                                  {**move.base(), "company": sym}))
        return AcquireDialog(f"{entity.name}: acquire a private company", options, "Acquire", self.window)


def minor_merge_move(moves: LegalMoves | None) -> Any:
    """A ``merge`` naming one of several minors (``corporations``), if any (not in a step with a dialog of its own:
    1817's acquisition winner choosing the buying corporation is the acquisition dialog's, the merger and conversion
    rounds' merges the merger dialog's)."""
    from desktop.controllers.merger import STEPS as MERGER_STEPS

    if moves is None or moves.step in OWN_DIALOG_STEPS or moves.step in MERGER_STEPS:
        return None
    return next((m for m in moves.of_type("merge") if getattr(m, "corporations", None)), None)


class AcquireMinorController(DialogController):
    KEY = "acquire_minor"
    SHORTCUT = "A"

    def wanted(self, moves: LegalMoves) -> bool:
        return minor_merge_move(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        return "Acquire a minor..."

    def make(self, moves: LegalMoves) -> QDialog:
        game = self.session.live
        move = minor_merge_move(moves)
        entity = _entity(game, move)
        step = game.round.active_step()
        options = []
        for cid in move.corporations:
            minor = game.corporation_by_id(cid)
            options.append(Option(str(cid), f"{minor.name}: {getattr(minor, 'full_name', '') or minor.name}",
                                  minor_effect(game, step, entity, minor),
                                  {**move.base(), "corporation": cid}))
        return AcquireDialog(f"{entity.name}: acquire a minor", options, "Acquire", self.window)


class HexTokenController(Controller):
    """A token the step places on a named hex (a destination token): one bar button."""

    KEY = "hex_token"

    def buttons(self) -> list[BarButton]:
        moves = self.moves
        if moves is None:
            return []
        found = []
        for move in moves.of_type("hex_token"):
            hex_id = getattr(move, "hex", "")
            kind = getattr(move, "token_type", "") or "a"
            text = f"Place the {kind} token on {hex_id}"
            found.append(BarButton(self.KEY, literal(text), lambda m=move: self.place(m), text, "K"))
        return found[:1]

    def place(self, move: Any) -> bool:
        return self.submit({**move.base(), "hex": move.hex, "token_type": move.token_type})


CONTROLLERS = [AcquireCompanyController, AcquireMinorController, HexTokenController]
