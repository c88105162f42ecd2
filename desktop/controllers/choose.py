"""Choices a step offers (``choose``): an action-bar button named after them ("Gift...") opens
:class:`~desktop.dialogs.choose.ChooseDialog`, whose choice is submitted.

Choices a company offers (``choose_ability``: 18ZOO's powers and ZOOTickets, 1822's P16/P11): a "Powers..." button
opens one dialog listing every company's options (each labelled with its company); the clicked one is submitted
as that company's ``choose_ability``."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from desktop.controllers.dialog_base import DialogController
from desktop.dialogs.choose import ChooseDialog
from engine.moves import LegalMoves
from engine.moves.choose import ChooseMove
from engine.moves.choose_ability import ChooseAbilityMove
from engine.steps.choices import Choice


def choose_move(moves: LegalMoves) -> ChooseMove | None:
    """The acting entity's ``choose`` move, if any."""
    acting = set(moves.acting)
    return next((m for m in moves.of_type("choose")
                 if isinstance(m, ChooseMove) and (m.entity_type, m.entity) in acting and m.choices), None)


class ChooseController(DialogController):
    KEY = "choose"
    SHORTCUT = "O"  # options

    def wanted(self, moves: LegalMoves) -> bool:
        return choose_move(moves) is not None

    def label(self, moves: LegalMoves) -> str:
        move = choose_move(moves)
        return f"{move.name if move is not None else 'Choose'}..."

    def make(self, moves: LegalMoves) -> QDialog:
        move = choose_move(moves)
        assert move is not None
        return ChooseDialog(move, f"{move.name}: pick one", self.window)


def ability_moves(moves: LegalMoves) -> list[ChooseAbilityMove]:
    """The ``choose_ability`` moves open now (one per company with options)."""
    return [m for m in moves.of_type("choose_ability") if isinstance(m, ChooseAbilityMove) and m.choices]


class _AbilityDialog(ChooseDialog):
    """Every company's options in one list: choice ``i`` is option ``i`` of the flattened list."""

    def __init__(self, options: list[tuple[ChooseAbilityMove, Choice]], parent: QDialog | None = None) -> None:
        self.options = options
        menu = ChooseMove(options[0][0].entity_type, options[0][0].entity, name="Powers",
                          choices=tuple(Choice(i, f"{move.name}: {choice.label}")
                                        for i, (move, choice) in enumerate(options)))
        super().__init__(menu, "Use a power: pick one", parent)

    def choose(self, value: object) -> None:
        move, choice = self.options[int(value)]  # type: ignore[call-overload]
        self.action = {**move.base(), "choice": choice.value}
        self.accept()


class ChooseAbilityController(DialogController):
    KEY = "choose_ability"
    SHORTCUT = "W"  # poWers

    def wanted(self, moves: LegalMoves) -> bool:
        return bool(ability_moves(moves))

    def label(self, moves: LegalMoves) -> str:
        return "Powers..."

    def make(self, moves: LegalMoves) -> QDialog:
        options = [(move, choice) for move in ability_moves(moves) for choice in move.choices]
        dialog = _AbilityDialog(options, self.window)
        # each option's company card text (what it does and when: 1822's "MAJOR, Phase 5. ...") as its tooltip
        game = self.session.live
        for i, (move, _choice) in enumerate(options):
            company = next((c for c in getattr(game, "companies", ()) if str(c.id) == str(move.entity)), None)
            desc = str(getattr(company, "desc", "") or "")
            button = dialog.buttons.get(f"choose_{i}")
            if desc and button is not None:
                button.setToolTip(f"{company.name}: {desc}")
        return dialog


CONTROLLERS = [ChooseController, ChooseAbilityController]
