"""1882: Assiniboia.  The behaviours that are not data.

* Neutral stations: every railway but the CPR (and CN itself) has one extra, free station owned by CN; once
  laid it is CN's and blocks nobody.  A home token chosen on the map (the SC's) may replace one.
* The Saskatchewan Central is parred only by exchanging its private (``exchange`` from ``par``): the president
  pays one share's price, chooses any open (or neutral) city as home and, if the next train is a 3-6, one more
  train of that type joins the depot (four such trains are held back at set-up).  Once the private closes or
  is sold to a corporation without having been used, the SC leaves the game.
* The North West Rebellion (train event ``nwr``, tied to the first 3, 4, 5 or 6 train drawn at set-up) removes
  the yellow tiles laid in the NWR hexes.
* The Hudson Bay bonus: +$100 for a route joining an eastern off-board (I1, B2) and Hudson Bay (B12).
* Steps: ``steps.py`` (the falling cheapest private, the SC par, the NWR private's token move, the NWR track
  bonus, the fishing exit).

Hooks used: ``SETUP``, ``TRAIN_RULES``, ``ABILITY_RULES``, the three step lists, ``setup``, ``action_processed``
and the optional ``revenue_for`` and ``home_token_locations``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.game import Game
from engine.model.token import Token
from engine.services.abilities import AbilityRules
from engine.services.setup import ModelSetup
from engine.services.trains import TrainRules
from engine.titles.g1882.data import TITLE
from engine.titles.g1882.steps import NEUTRAL_OWNER, NWR_ICON
from engine.titles.spec import TitleSpec

#: Corporations without a neutral station.
CORPORATIONS_WITHOUT_NEUTRAL = ("CPR", "CN")
#: The trains the SC's par may add to the depot (one of each is held back), and the NWR's candidates.
SC_RESERVE_TRAINS = ("3", "4", "5", "6")
#: The Hudson Bay bonus: an eastern off-board and Hudson Bay on one route.
EAST_HEXES = ("I1", "B2")
WEST_HEX = "B12"
HUDSON_BAY_BONUS = 100
#: The fishing exit.
FISHING_EXIT = "B6"


class Setup1882(ModelSetup):
    def make_corporations(self) -> list[Any]:
        corporations = super().make_corporations()
        neutral_owner = next(c for c in corporations if c.id == NEUTRAL_OWNER)
        neutral_owner.needs_token_to_par = True
        for corporation in corporations:
            if corporation.id not in CORPORATIONS_WITHOUT_NEUTRAL:
                corporation.tokens.append(Token(neutral_owner, price=0, type="neutral"))
        return corporations

    def make_depot(self) -> Any:
        depot = super().make_depot()
        game: Any = self.game
        reserve = []
        for name in SC_RESERVE_TRAINS:
            train = next(t for t in reversed(depot.upcoming) if t.name == name)
            reserve.append(train)
            depot.remove_train(train)
            train.reserved = True
        game.sc_reserve_trains = reserve
        nwr_train = SC_RESERVE_TRAINS[game.rng.rand() % len(SC_RESERVE_TRAINS)]
        game.log(f"NWR Rebellion occurs on purchase of the first {nwr_train} train")
        first = next(t for t in depot.upcoming if t.name == nwr_train)
        first.events.append({"type": "nwr"})
        return depot


class TrainRules1882(TrainRules):
    def event_nwr(self) -> None:
        """The North West Rebellion: yellow tiles laid in NWR hexes go back to the supply (stations stay)."""
        game = self.game
        game.log("-- Event: North West Rebellion! --")
        for hex_ in game.hexes:
            tile = hex_.tile
            if not any(icon.name == NWR_ICON for icon in tile.icons):
                continue
            if tile.color != "yellow" or tile is hex_.original_tile:
                continue
            game.log(f"Rebellion destroys tile {hex_.id}")
            hex_.lay_downgrade(hex_.original_tile)
            game.tiles.append(tile)
        game.graph.clear_graph_for_all()


class AbilityRules1882(AbilityRules):
    def token_ability_from_owner_usable(self, ability: Any, corporation: Any) -> bool:
        """The NWR moves a token already on the map: usable even when none is left in the charter."""
        return True


class Game1882(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup1882
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1882
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules1882

    sc_reserve_trains: list[Any]

    # --- construction -------------------------------------------------------------------------------
    def setup(self) -> None:
        # The Canadian Pacific closes when the CPR buys a train.
        cp = self.company_by_id("CP")
        shares = next(iter(cp.abilities_of_type("shares")))
        cp.add_ability({"type": "close", "when": "bought_train", "corporation": shares.shares[0].corporation.name})
        self.sc_company = next((c for c in self.companies if c.sym == "SC"), None)

    # --- rounds -------------------------------------------------------------------------------------
    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.titles.g1882.steps import WaterfallAuction1882

        return [CompanyPendingPar, WaterfallAuction1882]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1882.steps import BuySellParShares1882, HomeToken1882

        return [DiscardTrain, HomeToken1882, BuySellParShares1882]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.token import TokenStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1882.steps import BuyTrain1882, SpecialNWR, Track1882

        return [Bankrupt, BuyCompany, HomeToken, SpecialNWR, Track1882, TokenStep, RouteStep, Dividend,
                DiscardTrain, BuyTrain1882, (BuyCompany, {"blocks": True})]

    # --- the Saskatchewan Central ----------------------------------------------------------------------
    def home_token_locations(self, corporation: Any) -> list[Any]:
        """Any hex with a city open to the corporation or holding a neutral station."""
        neutral_owner = self.corporation_by_id(NEUTRAL_OWNER)
        return [hex_ for hex_ in self.hexes
                if any(city.tokenable(corporation, free=True) or city.tokened_by(neutral_owner)
                       for city in hex_.tile.cities)]

    def add_extra_train_when_sc_pars(self, corporation: Any) -> None:
        """If the next train is a 3-6, its held-back twin joins the depot (taking over its events but the NWR)."""
        first = self.depot.upcoming[0]
        train = next((t for t in self.sc_reserve_trains if t.name == first.name), None)
        self.sc_company = None
        if train is None:
            return
        moved = [e for e in first.events if e.get("type") != "nwr"]
        kept = [e for e in first.events if e.get("type") == "nwr"]
        train.events, first.events = moved, kept
        self.log(f"{corporation.name} adds an extra {train.name} train to the depot")
        train.reserved = False
        self.depot.insert_train(train)
        self.update_trains_cache()

    def update_trains_cache(self) -> None:
        self._trains_by_id = {t.id: t for t in self.depot.trains}

    def action_processed(self, action: Any) -> None:
        super().action_processed(action)
        if action.type == "lay_tile" and getattr(action, "tile", "").split("-")[0] == "R2":
            self.tile_by_id(action.tile).location_name = "Regina"
            return
        company = self.sc_company
        if company is None:
            return
        owner = company.owner
        if not company.closed and not getattr(owner, "is_corporation", False):
            return
        self.log("Saskatchewan Central can no longer be converted to a public corporation")
        self.corporations[:] = [c for c in self.corporations if c.id != "SC"]
        self.sc_company = None

    # --- routes ---------------------------------------------------------------------------------------
    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        from engine.map.route import base_revenue_for

        revenue = base_revenue_for(route, stops)
        east = any(s.hex is not None and s.hex.id in EAST_HEXES for s in stops)
        west = any(s.hex is not None and s.hex.id == WEST_HEX for s in stops)
        if east and west:
            revenue += HUDSON_BAY_BONUS
        return revenue

    @property
    def fishing_exit(self) -> Any:
        return self.hex_by_id(FISHING_EXIT)


__all__ = ["Game1882"]
from engine.titles.g1882 import moves as _moves  # noqa: E402,F401
