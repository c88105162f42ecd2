"""Scrapping a train (``scrap_train``; 18USA's Pullman, scrapped for cash wherever its corporation's president may
act for it): one action-bar button per train the engine lets a corporation scrap now, its label naming the
corporation, the train and the cash it brings, worked out by applying the move to a copy of the game (so the
title's rules say it).  Pressing the button scraps that train."""

from __future__ import annotations

from typing import Any

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton, literal
from engine.actions import Action
from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "ScrapController", "scrap_choices"]


def scrap_choices(moves: LegalMoves | None) -> list[tuple[Any, str]]:
    """(move, train id) for every train a ``scrap_train`` move of ``moves`` may scrap, in the engine's order."""
    if moves is None:
        return []
    return [(move, str(train)) for move in moves.of_type("scrap_train") for train in getattr(move, "trains", ())]


class ScrapController(Controller):
    """ "Scrap ATSF's Pullman (P-3): +$50" buttons."""

    KEY = "scrap_train"

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self._gains: dict[tuple[str, str], int | None] = {}

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self._gains = {}

    @staticmethod
    def action_for(move: Any, train: str) -> dict[str, Any]:
        return {**move.base(), "train": train}

    def gain(self, move: Any, train: str) -> int | None:
        """The cash the corporation gains by scrapping ``train`` (None: the copy refused it)."""
        key = (str(move.entity), train)
        if key not in self._gains:
            game = self.session.live
            try:
                before = int(game.corporation_by_id(move.entity).cash)
                trial = game.copy()
                action = Action.from_dict(
                    self.action_for(move, train), action_types=getattr(game, "ACTION_TYPES", None)
                )
                trial.process_single_action(action)
                self._gains[key] = int(trial.corporation_by_id(move.entity).cash) - before
            except Exception:  # refused on the copy, or not a corporation: no preview
                self._gains[key] = None
        return self._gains[key]

    def label(self, move: Any, train: str) -> str:
        game = self.session.live
        try:
            corporation = str(game.corporation_by_id(move.entity).name)
            name = str(game.train_by_id(train).name)
        except Exception:  # an id the game does not know: the ids say it
            corporation, name = str(move.entity), train
        text = f"Scrap {corporation}'s {name} train ({train})"
        gain = self.gain(move, train)
        if gain:
            fmt = getattr(game, "format_currency", None)
            text += f": +{fmt(gain) if callable(fmt) else gain}"
        return text

    def buttons(self) -> list[BarButton]:
        out: list[BarButton] = []
        for move, train in scrap_choices(self.moves):
            label = self.label(move, train)
            out.append(
                BarButton(
                    f"scrap_train_{train}",
                    literal(label),
                    lambda m=move, t=train: self.scrap(m, t),
                    f"{label}; the train goes back to the depot",
                )
            )
        return out

    def scrap(self, move: Any, train: str) -> bool:
        return self.submit(self.action_for(move, train))


CONTROLLERS = [ScrapController]
