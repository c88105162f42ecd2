"""1888: the behaviours that are not data.

* ``SETUP`` (``Setup1888``): the facts of the chosen rules (``data.TITLE`` for 1888-N, the prototype's bank,
  floats, privates and tiles without an option, the smaller bank's, the East map's ``data.EAST_TITLE``).
* ``setup``: privates change hands at 50% to 150% of face value.
* ``TRACK_RULES`` (``upgrades_to``): a private's lay of the ferries (Dalian L40a, Yantai L40b) and of Xi'an's
  Terracotta Army (L39) replaces exactly those hexes' tiles; the mine (L41) is never an ordinary lay.
* ``revenue_for``: a route joining a corporation's home and one of its destinations earns its bonus.
* ``routes_subsidy``: a route stopping at the mine (C5) earns the corporation ¥40.
* ``exchange_corporations``: the Forbidden City exchanges into a corporation with a token in Beijing.
* ``or_set_finished`` (``ExportsTrains``): the next 2, 3 or 4 train is exported after each set of operating rounds.
* the step lists: the Forbidden City exchange and special lays in stock rounds, 1888's special track.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.game import Game
from engine.map.route import base_revenue_for
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.titles.export_trains import ExportsTrains
from engine.titles.g1888.data import (
    DESTINATIONS,
    EAST,
    EAST_TITLE,
    NORTH,
    NORTH_VARIANT_TILES,
    PROTOTYPE_TITLE,
    SMALL_BANK_TITLE,
    TITLE,
)
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.map.route import Route

#: Hex -> the only tile a private's special lay may put there.
SPECIAL_TILES = {"E17": "L40a", "F16": "L40b", "H2": "L39"}
MINE_HEX = "C5"
MINE_TILE = "L41"
MINE_SUBSIDY = 40
BEIJING = "C9"


def title_for(optional_rules: list[str]) -> TitleSpec:
    """The facts in play: the East map (1888-E), 1888-N, the prototype (no option) or the smaller bank."""
    if EAST in optional_rules:
        if NORTH in optional_rules:  # 1888-N's tile counts (the map, companies and corporations are the East's)
            return replace(EAST_TITLE, tiles={**EAST_TITLE.tiles, **NORTH_VARIANT_TILES})
        return EAST_TITLE
    if NORTH in optional_rules:
        return TITLE
    if not optional_rules:
        return PROTOTYPE_TITLE
    return SMALL_BANK_TITLE


class Setup1888(ModelSetup):
    def build(self) -> None:
        game = self.game
        game.spec = title_for(list(game.optional_rules))
        super().build()


class TrackRules1888(TrackRules):
    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        hex_id = old.hex.id if old.hex is not None else None
        if special and hex_id in SPECIAL_TILES:
            return bool(SPECIAL_TILES[hex_id] == new.name)
        if new.name == MINE_TILE and not special:
            return False
        return super().upgrades_to(old, new, special)


class Game1888(ExportsTrains, Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup1888
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules1888

    def setup(self) -> None:
        for company in self.companies:
            company.min_price = math.ceil(company.value * 0.5)
            company.max_price = math.floor(company.value * 1.5)

    # --- rounds -----------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.shares import BuySellParShares
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1888.steps import Exchange1888

        return [DiscardTrain, Exchange1888, SpecialTrack, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g1888.steps import SpecialTrack1888

        return [Bankrupt, SpecialTrack1888, SpecialToken, BuyCompany, Track, TokenStep, RouteStep, Dividend,
                DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    # --- revenue ----------------------------------------------------------------------------------
    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        corporation = route.train.owner
        hexes, bonus = DESTINATIONS.get(getattr(corporation, "id", ""), ((), 0))
        stop_hexes = [s.hex.id if s.hex is not None else None for s in stops]
        home = getattr(corporation, "coordinates", None)
        reached = sum(1 for h in hexes if home in stop_hexes and h in stop_hexes)
        return base_revenue_for(route, stops) + bonus * reached

    def subsidy_for(self, route: Route, stops: list[Node]) -> int:
        return MINE_SUBSIDY if any(s.hex is not None and s.hex.id == MINE_HEX for s in stops) else 0

    def routes_subsidy(self, routes: list[Any]) -> int:
        return sum(r.subsidy if r.subsidy is not None else self.subsidy_for(r, r.stops) for r in routes)

    # --- the Forbidden City ----------------------------------------------------------------------------
    def exchange_corporations(self, ability: Any) -> list[Any]:
        """Corporations with a station in Beijing (one entry per station), open ones only."""
        found = [token.corporation for city in self.hex_by_id(BEIJING).tile.cities for token in city.tokens
                 if token is not None]
        return [c for c in found if not c.closed]


__all__ = ["Game1888"]
