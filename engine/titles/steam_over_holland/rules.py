"""Steam Over Holland: the behaviours that are not data.

Hooks used:

* ``init_round``: before the auction, as many private companies as there are players are drawn at
  random (the game's generator, one draw per company) and sorted by number; the auction is a
  selection auction where a company nobody bids on leaves the game.
* ``next_sr_player_order``: after the auction the player with the most cash starts (seat order
  kept); after each stock round the seats move one on (the next stock round starts one seat later).
* ``stock_round_steps`` / ``operating_round_steps``: the title's own par, issue, track, token,
  dividend and train steps (``steps.py``); ``new_operating_round`` counts the operating rounds (the
  game ends after the tenth: ``EndRulesSOH``).
* ``setup``: corporations may buy private companies for fl. 1 up to face value.
* The ferry bonuses are ``hex_bonus`` abilities in the data (route revenue adds them for every title).
* Optional hooks: ``issuable_shares`` / ``redeemable_shares`` /
  ``emergency_issuable_bundles`` (the treasury), ``check_route_visits`` (no route begins or ends in a
  town).  (18xx.games checks that rule only while it computes a route's revenue - its route tool never
  offers such a route - and its server takes the revenue an action carries: the reference engine, even
  STRICT=1, accepts a recorded 2 train H9-H7 ending in Gouda.  Our engine rebuilds recorded routes, so it
  refuses them; no game played on the site can hold one.)

Services: ``ShareRulesSOH`` (the market's ledges and the issue price drop), ``TrainRulesSOH`` (the
float-percentage events), ``TrackRulesSOH`` (one town may become two; the engineer corps' discount),
``EndRulesSOH`` (the fixed number of operating rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.map import upgrades as upgrade_rules
from engine.rounds.base import Round
from engine.rounds.operating import OperatingRound
from engine.services.game_end import GameEndRules
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.spec import TitleSpec
from engine.titles.steam_over_holland.data import FLOAT_PERCENT_BY_PHASE, LAST_OR, TITLE

#: The hex whose tile keeps its tokens where they are when upgraded (Amsterdam).
AMSTERDAM = "F9"


class OperatingRoundSOH(OperatingRound):
    """An operating round that remembers which corporations issued or redeemed shares."""

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.issued_shares: dict[Any, bool] = {}
        super().__init__(game, steps, round_num)

    def setup(self) -> None:
        self.issued_shares = {}
        super().setup()


# ---------------------------------------------------------------------------------------------
# Services
# ---------------------------------------------------------------------------------------------
class ShareRulesSOH(ShareRules):
    """Each share sold moves the price one step left, one step fewer when the corporation issues.
    The market's ledges limit the drop of a sale by anybody but the president: none on an
    "ignore" cell, at most one on a "max one" cell, at most two on a "max two" cell."""

    def price_drop(self, bundle: Any) -> int:
        """How many steps left selling (or issuing) ``bundle`` moves the price, before anything changes."""
        corporation = bundle.corporation
        drop = int(bundle.num_shares)
        if bundle.owner is corporation:
            drop -= 1
        if corporation.owner is not bundle.owner:
            kind = corporation.share_price.type if corporation.share_price is not None else None
            if kind == "ignore_sale_unless_president":
                drop = 0
            elif kind == "max_one_drop_unless_president":
                drop = 1
            elif kind == "max_two_drops_unless_president" and drop != 1:
                drop = 2
        return drop

    def sell_shares_and_change_price(self, bundle: Any, allow_president_change: bool = True,
                                     swap: Any = None, movement: str | None = None) -> None:
        game = self.game
        corporation = bundle.corporation
        old_price = corporation.share_price
        drop = self.price_drop(bundle)
        if bundle.owner is corporation:
            issued = getattr(game.round, "issued_shares", None)
            if isinstance(issued, dict):
                issued[corporation] = True
        game.share_pool.sell_shares(bundle, allow_president_change=allow_president_change, swap=swap)
        for _ in range(drop):
            game.stock_market.move_left(corporation)
        self.log_share_price(corporation, old_price)


class TrainRulesSOH(TrainRules):
    """The float percentage rises with the phases (events on the 3, 4, 5 and 6 trains)."""

    def _raise_float(self, percent: int) -> None:
        game = self.game
        game.log(f"-- Event: Players must buy {percent}% of a corporation to float --")
        for corporation in game.corporations:
            if not corporation.floated:
                corporation.float_percent = percent

    def event_float_30(self) -> None:
        self._raise_float(30)

    def event_float_40(self) -> None:
        self._raise_float(40)

    def event_float_50(self) -> None:
        self._raise_float(50)

    def event_float_60(self) -> None:
        self._raise_float(60)


class TrackRulesSOH(TrackRules):
    """A single town may be upgraded to a tile with two towns; the engineer corps (a company's own
    lay) takes its discount off terrain costs."""

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        if not upgrade_rules.upgrades_to_correct_color(old, new):
            return False
        if not old.paths_are_subset_of(new.paths):
            return False
        if special:
            return True
        if not upgrade_rules.upgrades_to_correct_label(old, new):
            return False
        if len(old.towns) == 1 and len(new.towns) == 2:
            return True
        return upgrade_rules.upgrades_to_correct_city_town(old, new)

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        game = self.game
        total = sum(upgrade.cost for upgrade in tile.upgrades)
        discount = 0
        if getattr(entity, "is_company", False):
            ability = next((a for a in entity.all_abilities() if a.type == "tile_discount"), None)
            if ability is not None:
                for upgrade in tile.upgrades:
                    if ability.terrain in upgrade.terrains:
                        amount = min(upgrade.cost, ability.discount)
                        if amount > 0:
                            game.log(f"{spender.name} receives a discount of {game.format_currency(amount)} "
                                     f"from {entity.name}")
                        discount += amount
        return int(total - discount)


class EndRulesSOH(GameEndRules):
    """The game ends after the tenth operating round (or on the top of the market)."""

    def condition(self, reason: str) -> bool:
        if reason == "fixed_round":
            return int(getattr(self.game, "or_count", 0)) == LAST_OR
        return super().condition(reason)


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------
class GameSteamOverHolland(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRulesSOH
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesSOH
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesSOH
    END_RULES: ClassVar[type[GameEndRules]] = EndRulesSOH

    or_count: int = 0

    def ipo_name(self, corporation: Any = None) -> str:
        """Unsold shares are in the corporation's treasury (incremental capitalization)."""
        return "Treasury"

    # --- construction -------------------------------------------------------------------------------
    def init_round(self) -> Round:
        # As many companies as players, drawn at random, then in number order.
        drawn = self.rng.shuffle(self.companies)[: len(self.players)]
        self.companies[:] = sorted(drawn, key=lambda c: str(c.name))
        return super().init_round()

    def setup(self) -> None:
        for company in self.companies:
            company.min_price = 1
            company.max_price = company.value
        self.or_count = 0

    # --- rounds --------------------------------------------------------------------------------------
    def next_sr_player_order(self) -> str:
        return "most_cash_keep_order" if self.round.auction else "next_clockwise"

    def auction_round_steps(self) -> list[Any]:
        from engine.titles.steam_over_holland.steps import SelectionAuction

        return [SelectionAuction]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.companies import Exchange
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain
        from engine.titles.steam_over_holland.steps import BuySellParShares

        return [DiscardTrain, Exchange, SpecialTrack, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain
        from engine.titles.steam_over_holland.steps import BuyTrain, Dividend, IssueShares, Token, Track

        return [Bankrupt, SpecialToken, SpecialTrack, HomeToken, BuyCompany, IssueShares, Track, Token,
                RouteStep, Dividend, DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    def new_operating_round(self, round_num: int = 1) -> Round:
        self.or_count += 1
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRoundSOH(self, self.operating_round_steps(), round_num)

    # --- floating ------------------------------------------------------------------------------------
    def percent_to_float(self) -> int:
        """What a corporation must sell to float in the current phase (20% to 60%)."""
        return FLOAT_PERCENT_BY_PHASE[self.phase.name]

    # --- the treasury ----------------------------------------------------------------------------------
    def _issued(self, corporation: Any) -> bool:
        issued = getattr(self.round, "issued_shares", None)
        return bool(isinstance(issued, dict) and issued.get(corporation))

    def _issue_limit(self, corporation: Any) -> int:
        return int(min(corporation.num_player_shares(), 5 - corporation.num_market_shares()))

    def issuable_shares(self, corporation: Any) -> list[Any]:
        """Treasury bundles the corporation may issue now, at its current price (no more than the
        players hold, nor than would put over five shares in the market)."""
        if not getattr(corporation, "is_corporation", False) or self._issued(corporation):
            return []
        if corporation.share_price is None:
            return []
        limit = self._issue_limit(corporation)
        bundles = self.share_rules.bundles_for_corporation(corporation, corporation)
        for bundle in bundles:
            bundle.share_price = corporation.share_price.price
        return [b for b in bundles if b.num_shares <= limit]

    def redeemable_shares(self, corporation: Any) -> list[Any]:
        """Market bundles the corporation may buy back now, at its current price, if affordable."""
        if not getattr(corporation, "is_corporation", False) or self._issued(corporation):
            return []
        if corporation.share_price is None:
            return []
        bundles = self.share_rules.bundles_for_corporation(self.share_pool, corporation)
        for bundle in bundles:
            bundle.share_price = corporation.share_price.price
        return [b for b in bundles if not corporation.cash < b.price]

    def emergency_issuable_bundles(self, corporation: Any) -> list[Any]:
        """What a corporation short of money for a forced train may issue first."""
        if self._issued(corporation) or corporation.cash >= self.min_train_price(corporation):
            return []
        limit = self._issue_limit(corporation)
        bundles = self.share_rules.bundles_for_corporation(corporation, corporation)
        return [b for b in bundles if b.num_shares <= limit]

    def min_train_price(self, corporation: Any) -> float:
        """The cheapest depot train, 10% off when Werkspoor is "owned by" the corporation in the
        reference's wide sense: by it, by its owner (its president), or by what it owns."""
        price: float = self.depot.min_depot_price
        werkspoor = next((c for c in self.companies if c.sym == "W"), None)
        if werkspoor is not None and not werkspoor.closed and werkspoor.owned_by(corporation):
            price = price * 0.9
        return price

    # --- routes ----------------------------------------------------------------------------------------
    def check_route_visits(self, visits: Sequence[Any]) -> None:
        """A route neither begins nor ends in a town (checked, as on 18xx.games, when a route's revenue is
        computed: by the route optimiser and for a route whose action carries no revenue or is rebuilt)."""
        if visits and (getattr(visits[0], "is_town", False) or getattr(visits[-1], "is_town", False)):
            raise IllegalAction("Route cannot begin/end in a town")


__all__ = ["GameSteamOverHolland"]
