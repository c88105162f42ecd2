"""Corporate loans at the table (the 1817 family; any title whose steps offer ``take_loan`` / ``payoff_loan``):
one action-bar button per loan move of the acting corporation (and the same in the right-click menu of its card), its label saying what the loan does to the
corporation's cash and share price ("Take a loan: +$100, price $80 → $72"), worked out by applying the move to
a copy of the game (so whatever the title's rules move, the button says it); the tooltip adds the loans held of
the most allowed and the interest each operating round.  Pressing the button takes (or repays) the loan."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton, literal
from engine.actions import Action
from engine.moves import LegalMoves

#: the loan action types and their keys on the bar
LOAN_TYPES = ("take_loan", "payoff_loan")


def _money(game: Any, value: int) -> str:
    fmt = getattr(game, "format_currency", None)
    return str(fmt(value)) if callable(fmt) else f"${value}"


@dataclass(frozen=True)
class LoanEffect:
    """What a loan move does to its corporation (read from a copy of the game after the move)."""

    corporation: str
    cash_before: int
    cash_after: int
    price_before: int | None
    price_after: int | None
    loans_after: int
    max_loans: int | None
    interest_after: int | None  # the interest of the loans held after the move, each operating round

    def short(self, game: Any, kind: str) -> str:
        """The bar button's label: "Take a loan: +$100, price $80 → $72"."""
        delta = self.cash_after - self.cash_before
        what = "Take a loan" if kind == "take_loan" else "Pay off a loan"
        parts = [f"{'+' if delta >= 0 else '-'}{_money(game, abs(delta))}"]
        if self.price_before is not None and self.price_after is not None:
            if self.price_after != self.price_before:
                parts.append(f"price {_money(game, self.price_before)} \u2192 {_money(game, self.price_after)}")
            else:
                parts.append(f"price stays {_money(game, self.price_before)}")
        return f"{what}: {', '.join(parts)}"

    def long(self, game: Any, kind: str) -> str:
        """The tooltip: the label, the loans held after it and the interest they cost."""
        held = f"{self.loans_after} loan{'s' if self.loans_after != 1 else ''}"
        if self.max_loans is not None:
            held += f" of at most {self.max_loans}"
        text = (f"{self.corporation}: {self.short(game, kind).lower()}; cash {_money(game, self.cash_before)} "
                f"\u2192 {_money(game, self.cash_after)}; then {held}")
        if self.interest_after:
            text += f", interest {_money(game, self.interest_after)} each operating round"
        return text


def loan_effect(game: Any, action: dict[str, Any]) -> LoanEffect | None:
    """Apply the loan ``action`` to a copy of ``game`` and compare its corporation before and after (None when
    the engine refuses it there: the button then says nothing more than its kind)."""
    try:
        before = game.corporation_by_id(action["entity"])
        trial = game.copy()
        trial.process_single_action(Action.from_dict(dict(action), action_types=getattr(game, "ACTION_TYPES", None)))
        after = trial.corporation_by_id(action["entity"])
    except Exception:  # refused on the copy, or not a corporation: no preview
        return None
    rules = getattr(trial, "loan_rules", None)
    loans = len(getattr(after, "loans", []) or [])
    maximum: int | None = None
    interest: int | None = None
    if rules is not None:
        try:
            maximum = int(rules.max_loans(after))
            interest = int(rules.interest_for(loans))
        except Exception:  # a title's rules that need more than the corporation: left unsaid
            maximum = interest = None
    price = lambda c: int(c.share_price.price) if getattr(c, "share_price", None) is not None else None  # noqa: E731
    return LoanEffect(corporation=str(before.name), cash_before=int(before.cash), cash_after=int(after.cash),
                      price_before=price(before), price_after=price(after), loans_after=loans, max_loans=maximum,
                      interest_after=interest)


def loan_moves(moves: LegalMoves | None) -> list[Any]:
    """The acting entities' loan moves, payoff first."""
    if moves is None:
        return []
    acting = set(moves.acting)
    found = [m for kind in ("payoff_loan", "take_loan") for m in moves.of_type(kind)
             if (m.entity_type, m.entity) in acting]
    return found


class LoanController(Controller):
    """Take a loan / pay off a loan: buttons with the price effect."""

    KEY = "take_loan"

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        #: (state key, action type) -> the effect shown (one copy of the game per state and move)
        self._effects: dict[str, LoanEffect | None] = {}
        #: effects by what they depend on, kept across states (see _known_effect)
        self._known: dict[tuple[Any, ...], LoanEffect | None] = {}
        # the corporation's card offers its loans on a right click too
        panel = getattr(window, "corporations_panel", None)
        self._canvas = getattr(panel, "canvas", None)
        if self._canvas is not None and hasattr(self._canvas, "card_actions"):
            self._canvas.card_actions = self.card_actions
        else:
            self._canvas = None

    def card_actions(self, name: str) -> list[tuple[str, str, Any]]:
        """The loan gestures of corporation ``name``'s card: its loan moves with their effect."""
        game = self.session.live
        out = []
        for move in loan_moves(self.moves):
            try:
                corporation = game.corporation_by_id(move.entity)
            except Exception:  # not a corporation
                continue
            if name not in (str(corporation.name), str(corporation.id)):
                continue
            effect = self.effect(move)
            label = effect.short(game, move.type) if effect is not None else move.type.replace("_", " ")
            out.append((label, effect.long(game, move.type) if effect is not None else label,
                        lambda m=move: self.act(m)))
        return out

    def dispose(self) -> None:
        if self._canvas is not None and getattr(self._canvas, "card_actions", None) == self.card_actions:
            self._canvas.card_actions = None
        self._canvas = None
        super().dispose()

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self._effects = {}

    def effect(self, move: Any) -> LoanEffect | None:
        key = f"{move.type}:{move.entity}"
        if key not in self._effects:
            self._effects[key] = self._known_effect(move)
        return self._effects[key]

    def _known_effect(self, move: Any) -> LoanEffect | None:
        """The effect worked out on a copy, reused while what it depends on stays (a corporation's operating
        turn asks at each of its steps): the corporation's price cell, its loans, the bank's loans left and its
        cash (the cash figures move with it)."""
        game = self.session.live
        try:
            corporation = game.corporation_by_id(move.entity)
            pool = len(getattr(getattr(game, "loan_rules", None), "pool", None) or [])
            cell = corporation.share_price
            key = (move.type, move.entity, getattr(cell, "coordinates", None), getattr(cell, "price", None),
                   len(corporation.loans), pool, int(corporation.cash), getattr(game, "round_counter", None))
        except Exception:  # not a corporation: worked out each time
            return loan_effect(game, self.action_for(move))
        if key not in self._known:
            if len(self._known) > 64:
                self._known.clear()
            self._known[key] = loan_effect(game, self.action_for(move))
        return self._known[key]

    @staticmethod
    def action_for(move: Any) -> dict[str, Any]:
        """The move's action, naming the loan the rules take or repay (a label: the engines read none)."""
        return {**move.base(), "loan": getattr(move, "loan", 0)}

    def buttons(self) -> list[BarButton]:
        game = self.session.live
        out: list[BarButton] = []
        found = loan_moves(self.moves)
        several = len({m.entity for m in found}) > 1  # (a stock turn: each of the player's corporations)
        if several:  # one button per kind opening a menu of the corporations (and each card's right click)
            for kind in LOAN_TYPES:
                moves = [m for m in found if m.type == kind]
                if not moves:
                    continue
                entries = self.menu_entries(moves)
                text = "Take a loan..." if kind == "take_loan" else "Pay off a loan..."
                tip = "\n".join(label for label, _tip, _cb in entries)
                out.append(BarButton(kind, literal(text), lambda k=kind: self.open_menu(k), tip, None))
            return out
        for move in found:
            effect = self.effect(move)
            kind = move.type
            label = effect.short(game, kind) if effect is not None else (
                "Take a loan" if kind == "take_loan" else "Pay off a loan")
            tip = effect.long(game, kind) if effect is not None else label
            out.append(BarButton(kind, literal(label), lambda m=move: self.act(m), tip,
                                 "L" if kind == "take_loan" else None))
        return out

    def menu_entries(self, moves: list[Any]) -> list[tuple[str, str, Any]]:
        """(label, tooltip, callback) per move: "PSNR: take a loan: +$100, price $80 → $72"."""
        game = self.session.live
        out = []
        for move in moves:
            effect = self.effect(move)
            label = effect.short(game, move.type) if effect is not None else move.type.replace("_", " ")
            tip = effect.long(game, move.type) if effect is not None else label
            out.append((f"{move.entity}: {label[0].lower()}{label[1:]}", tip, lambda m=move: self.act(m)))
        return out

    def loan_menu(self, kind: str) -> QMenu | None:
        """The menu the bar's "Take a loan..." button opens when several corporations may borrow."""
        entries = self.menu_entries([m for m in loan_moves(self.moves) if m.type == kind])
        if not entries:
            return None
        menu = QMenu(self.window)
        menu.setToolTipsVisible(True)
        for label, tip, callback in entries:
            action = menu.addAction(literal(label))
            action.setToolTip(tip)
            action.triggered.connect(lambda _=False, c=callback: c())
        return menu

    def open_menu(self, kind: str) -> None:
        menu = self.loan_menu(kind)
        if menu is not None:
            menu.exec(QCursor.pos())

    def act(self, move: Any) -> bool:
        return self.submit(self.action_for(move))

    def press(self, kind: str) -> bool:
        """Take (``take_loan``) or repay (``payoff_loan``) a loan as the bar's button does."""
        move = next((m for m in loan_moves(self.moves) if m.type == kind), None)
        if move is None:
            return self.refuse("No loan can be taken now." if kind == "take_loan" else "No loan can be paid off now.")
        return self.act(move)


CONTROLLERS = [LoanController]
