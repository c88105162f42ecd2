"""Private companies: their revenue, which may change hands and to whom, and closing after an ability's use.

A game composes one ``CompanyRules`` (``game.company_rules``); a title with its own company rules names a
subclass in its game class's ``COMPANY_RULES`` (1846: minors never buy privates; 1830: players trade privates
from the second stock round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class CompanyRules:
    """The private-company rules of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def payout_companies(self) -> None:
        """Every open company with revenue pays its owner (players in seat order, then corporations by name)."""
        game = self.game
        companies = [c for c in game.companies if c.owner is not None and c.revenue > 0 and not c.closed]

        def key(c: Any) -> tuple[Any, ...]:
            owner = c.owner
            if getattr(owner, "is_player", False):
                return ((0, game.players.index(owner), ""), c.revenue, c.name)
            return ((1, 0, owner.name), c.revenue, c.name)

        companies.sort(key=key)
        for company in companies:
            owner = company.owner
            if owner is game.bank:
                continue
            game.bank.spend(company.revenue, owner)
            game.log(f"{owner.name} collects {game.format_currency(company.revenue)} from {company.name}")

    def closing_after_using_ability(self, company: Any, silent: bool = False) -> None:
        """A company that closes once its ability is used up (logged unless ``silent``)."""
        if not silent:
            self.game.log(f"{company.name} closes")

    def sellable(self, company: Any) -> bool:
        """May ``company`` be sold to a corporation (not once a corporation owns it)?"""
        return not getattr(company.owner, "is_corporation", False)

    def purchasable(self, entity: Any = None) -> list[Any]:
        """Player-owned open companies ``entity`` (a corporation; None: anyone) could buy."""
        return [c for c in self.game.companies
                if c.owner is not None and getattr(c.owner, "is_player", False) and not c.closed
                and (entity is None or c.owner is not entity)
                and not c.abilities_of_type("no_buy")]

    def can_buy_from_player(self) -> bool:
        """May players buy private companies from each other now?  The phase must allow it (status
        ``can_buy_companies_from_other_players``)."""
        phase = getattr(self.game, "phase", None)
        return phase is not None and "can_buy_companies_from_other_players" in phase.status


__all__ = ["CompanyRules"]
