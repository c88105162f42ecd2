"""Minors that pay half: a minor has no dividend choice; half its revenue goes to its treasury and half to
its owner, and it has no share price to move (the reference's ``Step::MinorHalfPay``, 18MEX; 1846 writes the same
rule in its own dividend step).

Mix it in before a ``Dividend`` step: ``class Dividend18MEX(MinorHalfPay, Dividend)``.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Dividend as DividendAction
from engine.steps.dividend import DividendOption, _entity_type, format_money, routes_revenue


def pays_half(entity: Any) -> bool:
    """A minor (or a corporation of the "minor" type) pays half to itself and half to its owner."""
    return bool(getattr(entity, "is_minor", False) or getattr(entity, "type", None) == "minor")


class MinorHalfPay:
    """Mix-in for a ``Dividend`` step (see the module docstring)."""

    game: Any

    def actions(self, entity: Any) -> list[str]:
        if pays_half(entity):
            return []
        return list(super().actions(entity))  # type: ignore[misc]

    def skip(self) -> None:
        entity = self.current_entity()  # type: ignore[attr-defined]
        if entity is None or not pays_half(entity):
            super().skip()  # type: ignore[misc]
            return
        revenue = routes_revenue(self.game, self.routes())  # type: ignore[attr-defined]
        kind = "payout" if revenue > 0 else "withhold"
        action = DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind=kind)
        self._process_dividend(action, entity)  # type: ignore[attr-defined]

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if pays_half(entity):
            return None, 0
        result: tuple[str | list[str] | None, int | list[int]] = super().share_price_change(  # type: ignore[misc]
            entity, revenue)
        return result

    def payout(self, entity: Any, revenue: int) -> DividendOption:
        if pays_half(entity):
            amount = revenue // 2
            return DividendOption(corporation=amount, per_share=amount)
        option: DividendOption = super().payout(entity, revenue)  # type: ignore[misc]
        return option

    def payout_shares(self, entity: Any, revenue: int) -> None:
        if not pays_half(entity):
            super().payout_shares(entity, revenue)  # type: ignore[misc]
            return
        game = self.game
        game.log(f"{entity.owner.name} receives {format_money(game, revenue)}")
        game.bank.spend(revenue, entity.owner)


__all__ = ["MinorHalfPay", "pays_half"]
