"""Shikoku 1889: the behaviours that are not data.

Hooks used:

* ``operating_round_steps``: the base list with 1889's ``SpecialTrack`` (the Ehime Railway's lay
  right after its sale, paid by the seller) and without the special-token and home-token steps.
* ``init_tiles``: the beginner tiles (``Beg*``) leave the supply unless the beginner game is chosen.
* ``setup``: the South Iyo Railway is not used by two players (outside the beginner game); the
  beginner game simplifies the privates and deals one to each player at face value.
* ``init_round``: the beginner game starts with a stock round instead of the auction.

Everything else 1889 changes is a rule switch (``data.RULES``): selling in blocks, emergency buys
that may neither swap another corporation's presidency nor buy from other corporations, home
stations placed at the start of every operating round.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.rounds.base import Round
from engine.rounds.stock import StockRound
from engine.titles.g1889.data import (
    BEGINNER_GAME_CLEARED_HEXES,
    BEGINNER_GAME_PRIVATE_REVENUES,
    BEGINNER_GAME_PRIVATE_VALUES,
    BEGINNER_GAME_PRIVATES,
    BEGINNER_TILE_PREFIX,
    TITLE,
)
from engine.titles.spec import TitleSpec

BEGINNER_GAME = "beginner_game"

#: The text a beginner-game private carries instead of its ability.
BEGINNER_PRIVATE_DESC = "Closes when the first 5 train is bought. Cannot be purchased by a corporation"


class Game1889(Game):
    TITLE: ClassVar[TitleSpec] = TITLE

    # --- options ---------------------------------------------------------------------------------------
    @property
    def beginner_game(self) -> bool:
        return BEGINNER_GAME in self.optional_rules

    def two_player(self) -> bool:
        return len(self.players) == 2

    # --- construction -------------------------------------------------------------------------------
    def init_tiles(self) -> list[Any]:
        tiles = super().init_tiles()
        if self.beginner_game:
            return tiles
        return [tile for tile in tiles if not tile.name.startswith(BEGINNER_TILE_PREFIX)]

    def init_round(self) -> Round:
        if not self.beginner_game:
            return super().init_round()
        # The beginner game deals the privates instead of auctioning them.
        return StockRound(self, self.stock_round_steps())

    def setup(self) -> None:
        if self.two_player() and not self.beginner_game:
            self.remove_company(self.company_by_id("SIR"))
        if not self.beginner_game:
            return
        for company in self.companies:
            self.neuter_company(company)
        for company in list(self.companies):
            if company.sym not in BEGINNER_GAME_PRIVATES[len(self.players)]:
                self.remove_company(company)
        for hex_id in BEGINNER_GAME_CLEARED_HEXES:
            tile = self.hex_by_id(hex_id).tile
            tile.blockers.clear()
            tile.hidden_blockers.clear()
            tile.icons.clear()
        # The privates are dealt at random, one to each player, who pays face value.
        self.companies[:] = self.rng.shuffle(self.companies)
        for player, company in zip(self.players, self.companies, strict=False):
            self.sell_company_to_player(player, company)

    def neuter_company(self, company: Any) -> None:
        """Beginner game: no ability, beginner value and revenue, never sold to a corporation."""
        for ability in list(company.abilities):
            company.remove_ability(ability)
        company.desc = BEGINNER_PRIVATE_DESC
        # (the Uno-Takamatsu Ferry has no beginner values: it is removed right after)
        company.value = BEGINNER_GAME_PRIVATE_VALUES.get(company.sym, company.value)
        company.revenue = BEGINNER_GAME_PRIVATE_REVENUES.get(company.sym, company.revenue)
        company.add_ability({"type": "no_buy"})

    def remove_company(self, company: Any) -> None:
        """Take a private out of the game (closed, out of the auction and the company list)."""
        company.close()
        if not self.beginner_game:
            step = self.round.active_step()
            offered = getattr(step, "companies", None)
            if isinstance(offered, list):
                offered[:] = [c for c in offered if c is not company]
        self.companies[:] = [c for c in self.companies if c is not company]

    def sell_company_to_player(self, player: Any, company: Any) -> None:
        """The bank sells ``company`` to ``player`` at its face value."""
        price = int(company.value)
        company.owner = player
        player.companies.append(company)
        player.spend(price, self.bank)
        self.log(f"{player.name} buys {company.name} for {self.format_currency(price)}")

    # --- rounds ------------------------------------------------------------------------------------
    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g1889.steps import SpecialTrack1889

        return [Bankrupt, Exchange, SpecialTrack1889, BuyCompany, Track, TokenStep, RouteStep, Dividend,
                DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    # --- who acts ------------------------------------------------------------------------------------
    def acting_for_entity(self, entity: Any) -> Any:
        """The Ehime Railway's sold lay is decided by the player who sold it, not its new owner."""
        if entity is not None and getattr(entity, "is_company", False):
            seller = getattr(self.round, "company_sellers", {}).get(entity)
            ability = self.ability_rules.ability(entity, "tile_lay", time="sold")
            if seller is not None and ability is not None:
                return seller
        return super().acting_for_entity(entity)


__all__ = ["Game1889"]
