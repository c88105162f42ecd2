"""18Tokaido's steps: the snake draft (the 1846 family's open draft, each purchase handled like an auction
buy), buying private companies (the Stationmaster Tama becomes an extra station, the Fish Market and the Sleeper
Train stop paying) and the stock turn (bank-owned privates for sale when there is no draft)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.model.token import Token
from engine.steps import companies as base_companies
from engine.steps import shares as base_shares
from engine.steps.draft import LimitedDraftDistribution

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.model.entities import Company, Player


class DraftDistribution(LimitedDraftDistribution):
    """The snake draft: every purchase is an ordinary company purchase (``after_buy_company``)."""

    def choose_company(self, player: Player, company: Company) -> None:
        super().choose_company(player, company)
        after = getattr(self.game, "after_buy_company", None)
        if after is not None:
            after(player, company, company.value)


class BuyCompany(base_companies.BuyCompany):
    """A corporation buys a private: abilities that act on purchase (``additional_token``: an extra station
    token, at the ability's price, before the unplaced ones; the company leaves play) and companies that pay
    nothing to a corporation (``NO_CORPORATE_REVENUE``)."""

    def process_buy_company(self, action: Action) -> None:
        super().process_buy_company(action)
        game: Any = self.game
        entity = game.resolve_entity(action)
        company = game.company_by_id(getattr(action, "company", None))
        if company.abilities_of_type("additional_token"):
            self.add_token(entity, company)
        if company.id in game.NO_CORPORATE_REVENUE:
            company.revenue = 0

    def add_token(self, entity: Any, company: Any) -> None:
        company.owner = None
        entity.companies[:] = [c for c in entity.companies if c is not company]
        token = Token(entity, price=self.game.ADDITIONAL_TOKEN_PRICE)  # type: ignore[attr-defined]
        index = next((i for i, t in enumerate(entity.tokens) if t.hex is None), None)
        if index is None:
            entity.tokens.append(token)
        else:
            entity.tokens.insert(index, token)


class BuySellParShares(base_shares.BuySellParShares):
    """A stock turn; a private bought from the bank counts as the player's turn (priority)."""

    def process_buy_company(self, action: Action) -> None:
        super().process_buy_company(action)
        entity = self.game.resolve_entity(action)
        self.round.last_to_act = entity.player


__all__ = ["BuyCompany", "BuySellParShares", "DraftDistribution"]
