"""1846's steps and its operating round.

The operating round (reference ``G1846::Round::Operating`` and its steps), in order:

``Bankrupt`` (issue first, then sell, then hand every share to the pool: corporations whose president
left enter receivership) - ``Assign`` (the Steamboat's owner re-assigns it at the start of each
operating round; Boomtown and Meat Packing are assigned by their owning corporation) -
``SpecialToken`` (C&WI) - ``SpecialTrack`` (LSL, MC, O&I, LM) - ``BuyCompany`` (buying a minor absorbs
it) - ``IssueShares`` (issue or redeem once, never blocking) - ``TrackAndToken`` (two tile lays, at
most one upgrade, each at least $20, and one token, in any order) - ``Route`` - ``Dividend`` (pay,
half pay or withhold; the 1846 price scale; minors split with their owner) - ``DiscardTrain`` -
``BuyTrain`` (emergency issue before the president pays, variants, receivership buys) - ``BuyCompany``
(blocking).

A corporation in *receivership* (its owner is the market pool) is run by the rules: it lays no track,
buys no companies, issues nothing, withholds whatever it earns and buys the cheapest train when it
has none and can afford it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, BuyShares, RunRoutes
from engine.actions import Bankrupt as BankruptAction
from engine.actions import BuyTrain as BuyTrainAction
from engine.actions import Dividend as DividendAction
from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.model.token import Token
from engine.rounds.operating import OperatingRound
from engine.steps import assign as base_assign
from engine.steps import bankrupt as base_bankrupt
from engine.steps import companies as base_companies
from engine.steps import dividend as base_dividend
from engine.steps import issue_shares as base_issue_shares
from engine.steps import shares as base_shares
from engine.steps import special_track as base_special_track
from engine.steps import trains as base_trains
from engine.steps.assign import assign, assigned, assignments, unassign
from engine.steps.bankrupt import sort_holdings
from engine.steps.dividend import DividendOption, format_money, routes_revenue
from engine.steps.tokener import Tokener
from engine.steps.track import Track
from engine.steps.trains import bundle_from_action

if TYPE_CHECKING:
    from engine.actions import LayTile, PlaceToken
    from engine.game import Game
    from engine.rounds.base import Round

__all__ = [
    "Assign",
    "Bankrupt",
    "BuyCompany",
    "BuySellParShares",
    "BuyTrain",
    "Dividend",
    "IssueShares",
    "OperatingRound1846",
    "SpecialTrack",
    "TrackAndToken",
]


def _receivership(entity: Any) -> bool:
    return bool(getattr(entity, "receivership", False))


def _entity_type(entity: Any) -> str:
    if getattr(entity, "is_minor", False):
        return "minor"
    if getattr(entity, "is_company", False):
        return "company"
    if getattr(entity, "is_player", False):
        return "player"
    return "corporation"


_assignments = assignments
_assigned = assigned
_assign = assign
_unassign = unassign


# ---------------------------------------------------------------------------------------------
# Assign
# ---------------------------------------------------------------------------------------------
class Assign(base_assign.Assign):
    """1846's assignments (reference ``G1846::Step::Assign``): minors may carry markers too, and at the start
    of an operating round, while the Steamboat belongs to a player who may still move it, the round waits for
    ``assign`` or ``pass`` by the Steamboat."""

    ACTIONS_WITH_PASS: ClassVar[tuple[str, ...]] = ("assign", "pass")

    @property
    def steamboat(self) -> Any:
        return getattr(self.game, "steamboat", None)

    # --- the Steamboat at the start of an operating round --------------------------------------
    def blocking_for_steamboat(self) -> bool:
        steamboat = self.steamboat
        if not self.round.operating or steamboat is None or not steamboat.owned_by_player:
            return False
        return self.steamboat_assignable_to_corp() or self.steamboat_assignable_to_hex()

    def _or_start_ability(self, kind: str) -> Any:
        return self.game.ability_rules.ability(self.steamboat, kind, time="or_start", strict_time=False)

    def steamboat_assignable_to_corp(self) -> bool:
        if self._or_start_ability("assign_corporation") is None:
            return False
        return bool(self.assignable_corporations(self.steamboat))

    def steamboat_assignable_to_hex(self) -> bool:
        if self._or_start_ability("assign_hexes") is None:
            return False
        if self.steamboat_assigned_corp() is not None:
            return True
        return self.steamboat_assignable_to_corp()

    def steamboat_assigned_hex(self) -> Any:
        key = self.steamboat.id
        return next((h for h in self.game.hexes if h.assigned(key)), None)

    def steamboat_assigned_corp(self) -> Any:
        key = self.steamboat.id
        return next((c for c in self.assignable_corporations() if _assigned(c, key)), None)

    # --- protocol --------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if self.blocking_for_steamboat():
            return list(self.ACTIONS_WITH_PASS)
        return super().actions(entity)

    def description(self) -> str:
        return "Assign Steamboat Company" if self.blocking_for_steamboat() else "Assign"

    def pass_description(self) -> str:
        return "Skip Assign"

    def active_entities(self) -> list[Any]:
        if self.blocking_for_steamboat():
            return [self.steamboat]
        return super().active_entities()

    def active(self) -> bool:
        return self.blocking_for_steamboat() or super().active()

    def blocks(self) -> bool:
        return self.blocking_for_steamboat()

    def skip(self) -> None:
        self.pass_()

    def pass_(self) -> None:
        """Done assigning: the operating round starts (the step itself is never marked passed)."""
        start = getattr(self.round, "start_operating", None)
        if start is not None:
            start()

    def assignable_corporations(self, company: Any = None) -> list[Any]:
        """Floated minors, then floated corporations, that do not carry ``company``'s marker yet."""
        key = company.id if company is not None else None
        return [m for m in self.game.minors if m.floated and not _assigned(m, key)] + super().assignable_corporations(company)

    # --- processing ------------------------------------------------------------------------------
    def process_assign(self, action: Action) -> None:
        super().process_assign(action)
        company = self.game.resolve_entity(action)
        steamboat = self.steamboat
        if company is steamboat and steamboat.owned_by_player and not self.blocking_for_steamboat():
            self.pass_()

    def process_pass(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        steamboat = self.steamboat
        if entity is not steamboat:
            raise IllegalAction(f"Not {game.entity_name(entity)}'s turn to assign the Steamboat Company")
        ability = self._or_start_ability("assign_hexes")
        if ability is not None:
            ability.use()
            hex_ = self.steamboat_assigned_hex()
            game.log(f"Steamboat Company is assigned to {hex_.id}" if hex_ is not None
                     else "Steamboat Company is not assigned to any hex")
        ability = self._or_start_ability("assign_corporation")
        if ability is not None:
            ability.use()
            corporation = self.steamboat_assigned_corp()
            game.log(f"Steamboat Company is assigned to {corporation.name}" if corporation is not None
                     else "Steamboat Company is not assigned to any corporation or minor")
        self.pass_()


# ---------------------------------------------------------------------------------------------
# Bankruptcy
# ---------------------------------------------------------------------------------------------
class Bankrupt(base_bankrupt.Bankrupt):
    """1846 bankruptcy: the corporation issues what it can, the president sells what the rules allow,
    then every remaining share goes to the pool at no price change; a corporation left without its
    president enters receivership.  The player's minors and privates close and the player's cash goes
    to the corporation."""

    def process_bankrupt(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        player = corporation.owner
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")

        bundles = game.emergency_issuable_bundles(corporation)  # type: ignore[attr-defined]
        if bundles:
            bundle = bundles[0]
            for candidate in bundles[1:]:
                if candidate.num_shares > bundle.num_shares:
                    bundle = candidate
            game.share_pool.sell_shares(bundle)
            old_price = corporation.share_price
            for _ in range(bundle.num_shares):
                game.stock_market.move_left(corporation)
            game.share_rules.log_share_price(corporation, old_price)
            self.round.emergency_issued = True  # type: ignore[attr-defined]

        if not game.bankruptcy.can_go_bankrupt(player, corporation):
            power = game.format_currency(game.bankruptcy.total_emr_buying_power(player, corporation))
            price = game.format_currency(game.depot.min_depot_price)
            raise IllegalAction(
                f"Cannot go bankrupt. {corporation.name}'s cash plus {player.name}'s cash and sellable shares "
                f"total {power}, and the cheapest train in the Depot costs {price}.")

        # The president sells what the rules allow: the most valuable bundle of each corporation.
        for held in sort_holdings(player):
            if held.share_price is None:
                continue
            sellable = game.share_rules.sellable_bundles(player, held)
            if not sellable:
                continue
            best = sellable[0]
            for bundle in sellable[1:]:
                if bundle.price > best.price:
                    best = bundle
            game.share_rules.sell_shares_and_change_price(best)

        # Then everything else goes to the pool, whatever the limits, without moving prices.
        for held in sort_holdings(player):
            shares = player.shares_by_corporation[held]
            if held.share_price is None or not shares:
                continue
            game.share_pool.sell_shares(ShareBundle(list(shares)), allow_president_change=True)
            if held.owner is player and held.share_price.price > 0:
                game.log(f"-- {held.name} enters receivership (it has no president) --")
                held.owner = game.share_pool

        # The new president must not be limited by what the bankrupt president raised.
        train_step = self.round.active_step()
        if train_step is not None and hasattr(train_step, "last_share_sold_price"):
            setattr(train_step, "last_share_issued_price", None)  # noqa: B010 - any train-buying step
            setattr(train_step, "last_share_sold_price", None)  # noqa: B010

        for minor in [m for m in game.minors if m.owner is player]:
            game.corporation_rules.close_corporation(minor, quiet=True)
        if player.companies:
            game.log(f"{player.name}'s companies close: {', '.join(c.sym for c in player.companies)}")
            for company in list(player.companies):
                company.close()

        game.log(f"{game.format_currency(player.cash)} is transferred from {player.name} to {corporation.name}")
        if player.cash > 0:
            player.spend(player.cash, corporation)

        for held in list(game.corporations):
            price = held.share_price
            if price is not None and price.type == "close":
                game.corporation_rules.close_corporation(held)

        game.bankruptcy.declare_bankrupt(player)


# ---------------------------------------------------------------------------------------------
# Companies
# ---------------------------------------------------------------------------------------------
class BuyCompany(base_companies.BuyCompany):
    """Buy (or use) private companies; buying a minor's company absorbs the minor."""

    def actions(self, entity: Any) -> list[str]:
        if _receivership(entity):
            return []
        return super().actions(entity)

    def description(self) -> str:
        return "Buy/Use Companies"

    def can_buy_company(self, entity: Any) -> bool:
        if not super().can_buy_company(entity):
            return False
        if getattr(self.round, "emergency_issued", False):
            return any(not t.obsolete for t in entity.trains)
        return True

    def assignable_corporations(self, company: Any = None) -> list[Any]:
        key = company.id if company is not None else None
        return [c for c in (*self.game.corporations, *self.game.minors) if not _assigned(c, key)]

    def room(self, entity: Any) -> bool:
        return sum(1 for t in entity.trains if not t.obsolete) < self.game.train_rules.train_limit(entity)

    def process_buy_company(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        company = game.company_by_id(getattr(action, "company", None))
        minor = next((m for m in game.minors if m.id == company.id), None)
        if minor is not None and not self.room(entity):
            raise IllegalAction("Cannot buy minor because train tight")
        super().process_buy_company(action)
        if minor is not None:
            self.absorb_minor(entity, minor)

    def absorb_minor(self, entity: Any, minor: Any) -> None:
        """The buyer takes the minor's cash, its 2-train and its token (or frees the slot when the
        buyer already has a token in that city); the minor leaves the game."""
        game = self.game
        cash = minor.cash
        if cash > 0:
            minor.spend(cash, entity)
        train = minor.trains[0]
        train.buyable = True
        game.train_rules.buy_train(entity, train, "free")
        old_token = minor.tokens[0]
        city = old_token.city
        gained_token = city is not None and not city.tokened_by(entity)
        if gained_token:
            token = Token(entity)
            entity.tokens.append(token)
            swap_token(old_token, token)
        else:
            old_token.remove()
        where = f", and a token on {minor.coordinates}" if gained_token else ""
        game.log(f"{entity.name} receives {game.format_currency(cash)}, a 2 train{where}")
        game.minors[:] = [m for m in game.minors if m is not minor]
        game.graph.clear()


def swap_token(old: Token, new: Token) -> None:
    """Put ``new`` where ``old`` is (the reference's ``Token#swap!``): ``old`` comes off the map and
    ``new`` is placed in the same city, in the first slot its owner may take."""
    city = old.city
    extra = old.extra
    old.remove()
    if city is None:
        return
    corporation = new.corporation
    if not extra and not city.tokenable(corporation, free=True, tokens=[new]):
        return
    city.place_token(corporation, new, free=True, check_tokenable=True, extra_slot=extra)


# ---------------------------------------------------------------------------------------------
# The stock round
# ---------------------------------------------------------------------------------------------
class BuySellParShares(base_shares.BuySellParShares):
    """Buying a receivership corporation's president's certificate from the pool costs (and counts
    as) one share, and only a player already holding a share may buy it."""

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        if bundle is None:
            return False
        bundle = bundle.to_bundle()
        corporation = bundle.corporation
        if corporation.receivership and bundle.presidents_share is not None:
            if entity.num_shares_of(corporation) == 0:
                return False
            bundle = ShareBundle(bundle.shares, corporation.share_percent)
        return super().can_buy(entity, bundle)

    def process_buy_shares(self, action: Action) -> None:
        assert isinstance(action, BuyShares)
        ids = action.shares
        if ids:
            bundle = bundle_from_action(self.game, action)
            corporation = bundle.corporation
            if corporation.receivership and bundle.presidents_share is not None:
                action = dataclasses.replace(action, percent=corporation.share_percent, auto_actions=[])
        super().process_buy_shares(action)


# ---------------------------------------------------------------------------------------------
# Issuing and redeeming shares
# ---------------------------------------------------------------------------------------------
class IssueShares(base_issue_shares.IssueShares):
    """Issue treasury shares or redeem market shares, once per turn; not in receivership."""

    def may_issue(self, entity: Any) -> bool:
        return not _receivership(entity)


# ---------------------------------------------------------------------------------------------
# Track and token
# ---------------------------------------------------------------------------------------------
class TrackAndToken(Tokener, Track):
    """Lay up to two tiles (one may be an upgrade; each at least $20) and place one token, in any
    order (reference ``Step::TrackAndToken`` with 1846's changes)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("lay_tile", "place_token", "pass")
    NAME: ClassVar[str] = "TrackAndToken"

    def __init__(self, game: Game, round: Round, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.tokened = False

    def description(self) -> str:
        return "Place a Token or Lay Track"

    def pass_description(self) -> str:
        return "Done (Token/Track)" if self.acted else "Skip (Token/Track)"

    def setup(self) -> None:
        super().setup()
        self.tokened = False

    def unpass(self) -> None:
        super().unpass()
        self.setup()

    def buying_power(self, entity: Any) -> int:
        return int(self.game.track_buying_power(entity))  # type: ignore[attr-defined]

    def affords(self, entity: Any, amount: int) -> bool:
        # the track buying power is the cash plus issuable shares and minors' cash, never below the cash
        return int(entity.cash) >= amount or super().affords(entity, amount)

    def actions(self, entity: Any) -> list[str]:
        if _receivership(entity) or entity is not self.current_entity():
            return []
        found: list[str] = []
        if self.can_lay_tile(entity):
            found.append("lay_tile")
        if self.can_place_token(entity):
            found.append("place_token")
        if found:
            found.append("pass")
        return found

    def tile_cost(self) -> int:
        minimum = getattr(self.game, "minimum_tile_cost", None)
        return int(minimum()) if minimum is not None else int(self.game.rules.tile_cost)

    def can_place_token(self, entity: Any) -> bool:
        return super().can_place_token(entity) and not self.tokened

    def can_lay_tile(self, entity: Any) -> bool:
        """Enough money for a $20 lay (or a free lay on a preprinted hex), then the usual checks."""
        free = False
        cost = self.tile_cost()
        for ability in self.game.ability_rules.abilities(entity, "tile_lay"):
            for hex_id in getattr(ability, "hexes", None) or ():
                if (ability.free or (ability.discount or 0) >= cost) and self.game.hex_by_id(hex_id).tile.preprinted:
                    free = True
        return (free or self.affords(entity, cost)) and super().can_lay_tile(entity)

    def process_place_token(self, action: PlaceToken) -> None:
        entity, city, token = self.resolve_place_token(action)
        self.place_token(entity, city, token)
        self.tokened = True
        if not self.can_lay_tile(entity):
            self.pass_()

    def process_lay_tile(self, action: LayTile) -> None:
        self.lay_tile_action(action)
        entity = self.game.resolve_entity(action)
        if not self.can_lay_tile(entity) and self.tokened:
            self.pass_()
        place = getattr(self.game, "place_token_on_upgrade", None)
        if place is not None:
            place(action)

    def lay_tile_action(self, action: LayTile, entity: Any = None, spender: Any = None) -> None:
        """An upgrade of Toledo or Cleveland ends the Lake Shore Line's claim on it."""
        super().lay_tile_action(action, entity=entity, spender=spender)
        game = self.game
        lsl_hexes = getattr(game, "LSL_HEXES", ())
        if getattr(game, "lake_shore_line", None) is None or not self.state.upgraded_track:
            return
        if action.hex not in lsl_hexes:
            return
        icon_name = getattr(game, "LSL_ICON", "lsl")
        tile = game.tile_by_id(action.tile)
        tile.icons[:] = [icon for icon in tile.icons if icon.name != icon_name]

    def tokener_available_hex(self, entity: Any, hex_: Any) -> bool:
        """B&O (Cincinnati) and PRR (Fort Wayne) may token their reserved hex without a connection
        while the token ability lasts."""
        pairs = getattr(self.game, "TELEPORT_TOKEN_HEXES", ())
        if (entity.id, hex_.id) in pairs and any(a.type == "token" for a in entity.all_abilities()):
            return True
        return super().tokener_available_hex(entity, hex_)

    def available_hex(self, entities: Any, hex_: Any) -> Any:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        if self.can_lay_tile(entity) and self.tracker_available_hex(entity, hex_) is not None:
            return True
        return bool(self.can_place_token(entity) and self.tokener_available_hex(entity, hex_))


class SpecialTrack(base_special_track.SpecialTrack):
    """Company tile lays; the Lake Shore Line's upgrade removes its icons."""

    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        if entity.id == getattr(game, "LSL_ID", "LSL"):
            remove_icons = getattr(game, "remove_icons", None)
            if remove_icons is not None:
                remove_icons(getattr(game, "LSL_HEXES", ()), getattr(game, "ABILITY_ICONS", {}).get(entity.id))
        super().process_lay_tile(action)
        place = getattr(game, "place_token_on_upgrade", None)
        if place is not None:
            place(action)


# ---------------------------------------------------------------------------------------------
# Dividend
# ---------------------------------------------------------------------------------------------
class Dividend(base_dividend.Dividend):
    """Pay out, pay half (withhold the rounded-down half, in whole dollars per share) or withhold.

    The share price moves left when shareholders get less than half the price, right once for at
    least the price, twice for twice the price and three times for three times a price of $165 or
    more.  Minors have no choice: half to the minor, half to its owner."""

    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "half", "withhold")

    @staticmethod
    def is_minor(entity: Any) -> bool:
        return bool(getattr(entity, "is_minor", False) or getattr(entity, "type", None) == "minor")

    def actions(self, entity: Any) -> list[str]:
        if self.is_minor(entity):
            return []
        return super().actions(entity)

    def skip(self) -> None:
        entity = self.current_entity()
        if entity is not None and self.is_minor(entity):
            revenue = routes_revenue(self.game, self.routes())
            kind = "payout" if revenue > 0 else "withhold"
            self._process_dividend(DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind=kind),
                                   entity)
        else:
            super().skip()
        entity = self.current_entity()
        if entity is None or not _receivership(entity) or entity.trains:
            return
        if entity.share_price is None or entity.share_price.price == 0:
            return
        self.game.log(f"{entity.name} is in receivership and does not own a train.")
        self.change_share_price(entity, self.dividend_options(entity)["withhold"])

    def pass_(self) -> None:
        super().pass_()
        issue = next((s for s in self.round.steps if isinstance(s, IssueShares)), None)
        if issue is not None:
            issue.dividend_step_passes()

    def half(self, entity: Any, revenue: int) -> DividendOption:
        total = int(entity.total_shares)
        withheld = (revenue // 2 // total) * total
        return DividendOption(corporation=withheld, per_share=self.payout_per_share(entity, revenue - withheld))

    def payout(self, entity: Any, revenue: int) -> DividendOption:
        if self.is_minor(entity):
            amount = revenue // 2
            return DividendOption(corporation=amount, per_share=amount)
        return super().payout(entity, revenue)

    def payout_shares(self, entity: Any, revenue: int) -> None:
        if not self.is_minor(entity):
            super().payout_shares(entity, revenue)
            return
        game = self.game
        game.log(f"{entity.owner.name} receives {format_money(game, revenue)}")
        game.bank.spend(revenue, entity.owner)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if self.is_minor(entity) or entity.share_price is None:
            return None, 0
        price = int(entity.share_price.price)
        if revenue < price // 2:
            return "left", 1
        times = 0
        if revenue >= price:
            times = 1
        if revenue >= price * 2:
            times = 2
        if revenue >= price * 3 and price >= 165:
            times = 3
        return ("right", times) if times > 0 else (None, 0)


# ---------------------------------------------------------------------------------------------
# Train buying
# ---------------------------------------------------------------------------------------------
class BuyTrain(base_trains.BuyTrain):
    """Buy trains with 1846's emergency rules.

    A trainless corporation that cannot afford the dearer variant of the cheapest depot train must
    first issue shares (``sell_shares`` by the corporation, once), priced one step left per share
    issued plus one; only then may its president contribute, and the president may not sell shares
    while the corporation can still issue.  When the corporation can afford only the cheaper variant,
    only that variant is offered; after raising money, no variant cheaper than what the money raised
    was needed for.  Receivership corporations' trains are not for sale; a receivership corporation
    without a train buys the cheapest one when it can (when this step is skipped)."""

    def actions(self, entity: Any) -> list[str]:
        if _receivership(entity):
            return []
        current = self.current_entity()
        if current is not None and entity is current.owner:
            return [] if self.can_issue(current) else ["sell_shares"]
        if not getattr(entity, "is_corporation", False):
            return []
        if self.must_buy_train(entity):
            found = ["buy_train"]
            if self.can_issue(entity):
                found.append("sell_shares")
            return found
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def skip(self) -> None:
        """Not passed: a receivership corporation buys its train here instead."""
        receivership_train_buy = getattr(self.round, "receivership_train_buy", None)
        if receivership_train_buy is not None:
            receivership_train_buy(self.process_buy_train)

    def buying_power(self, entity: Any) -> int:
        return int(self.game.train_buying_power(entity))  # type: ignore[attr-defined]

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        return self.must_buy_train(entity) and self.ebuy_president_can_contribute(entity)

    def issuable_shares(self, entity: Any) -> list[Any]:
        if not getattr(entity, "is_corporation", False):
            return []
        return list(self.game.emergency_issuable_bundles(entity))  # type: ignore[attr-defined]

    def can_issue(self, entity: Any) -> bool:
        if getattr(self.round, "emergency_issued", False):
            return False
        if not getattr(entity, "is_corporation", False):
            return False
        return bool(self.issuable_shares(entity))

    def process_sell_shares(self, action: Action) -> None:
        seller = self.game.resolve_entity(action)
        if getattr(seller, "is_corporation", False):
            self.process_issue_shares(action)
            return
        if self.can_issue(self.current_entity()):
            raise IllegalAction("President may not sell shares while corporation can issues shares.")
        super().process_sell_shares(action)

    def process_issue_shares(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        bundle = bundle_from_action(game, action)
        issuable = self.issuable_shares(corporation)
        index = next((i for i, b in enumerate(issuable) if b == bundle), None)
        if not self.can_issue(corporation) or index is None:
            ids = ", ".join(s.id for s in bundle.shares)
            raise IllegalAction(f"{corporation.name} cannot issue share bundle: {ids}")
        self.last_share_issued_price = (bundle.price if index == 0
                                        else bundle.price - issuable[index - 1].price)
        game.share_pool.sell_shares(bundle)
        old_price = corporation.share_price
        for _ in range(bundle.num_shares):
            game.stock_market.move_left(corporation)
        game.share_rules.log_share_price(corporation, old_price)
        self.round.emergency_issued = True  # type: ignore[attr-defined]

    def sellable_bundle(self, bundle: ShareBundle) -> bool:
        """The president may not sell the needy corporation down into the close cell."""
        price = bundle.corporation.share_price
        if bundle.corporation is self.current_entity() and price is not None and price.price == 10:
            return False
        return super().sellable_bundle(bundle)

    def buyable_trains(self, entity: Any) -> list[Any]:
        result = []
        for train in super().buyable_trains(entity):
            if self.last_share_issued_price is not None and not train.from_depot:
                continue
            if _receivership(train.owner):
                continue
            if (len(self.game.players) == 2 and self.game.depot.empty()
                    and len(getattr(train.owner, "trains", ())) == 1):
                continue
            result.append(train)
        return result

    def buyable_train_variants(self, train: Any, entity: Any) -> list[dict[str, Any]]:
        variants = super().buyable_train_variants(train, entity)
        if len(variants) < 2 or (train.owner is not None and getattr(train.owner, "is_corporation", False)):
            return variants
        ordered = sorted(variants, key=lambda v: int(v["price"]))
        cheapest, dearest = ordered[0], ordered[1]
        owner = getattr(entity, "owner", None)  # None: an unstarted corporation named out of turn
        pres_cash = int(owner.cash) if owner is not None and self.president_may_contribute(entity) else 0
        available = int(entity.cash) + pres_cash
        if (int(cheapest["price"]) <= available < int(dearest["price"])) or _receivership(entity):
            return [cheapest]
        raised = self.last_share_sold_price if self.last_share_sold_price is not None else self.last_share_issued_price
        if raised is not None:
            must_spend = int(entity.cash) - int(raised) + 1
            if self.last_share_sold_price is not None and owner is not None:
                must_spend += int(owner.cash)
            variants = [v for v in variants if not int(v["price"]) < must_spend]
        return variants


# ---------------------------------------------------------------------------------------------
# The operating round
# ---------------------------------------------------------------------------------------------
class OperatingRound1846(OperatingRound):
    """The 1846 operating round: waits for the Steamboat's assignment before the first operator,
    resets the emergency issue each turn and runs corporations in receivership."""

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.emergency_issued = False
        super().__init__(game, steps, round_num)

    def after_setup(self) -> None:
        block = getattr(self.game, "block_for_steamboat", None)
        if block is not None and block():
            return
        super().after_setup()

    def start_operating(self) -> None:
        super().start_operating()
        self.emergency_issued = False

    def after_process(self, action: Action) -> None:
        if 0 <= self.entity_index < len(self.entities):
            entity = self.entities[self.entity_index]
            if _receivership(entity):
                if isinstance(action, BankruptAction):
                    if not self.game.bankruptcy.limit_reached():
                        self.receivership_train_buy(lambda buy: self.process_action(buy, entity))
                elif isinstance(action, RunRoutes):
                    withhold = DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind="withhold")
                    self.process_action(withhold, entity)
        super().after_process(action)

    # (changes come only through ``process_action``, which forgets the auto-skip's answer)
    AFTER_PROCESS_LOOKS_FIRST = after_process

    def receivership_train_buy(self, process: Any) -> None:
        """A trainless corporation in receivership buys the cheapest variant of the cheapest depot
        train, if it has the cash (``process`` handles the ``buy_train`` action)."""
        if not 0 <= self.entity_index < len(self.entities):
            return
        entity = self.entities[self.entity_index]
        if not _receivership(entity) or entity.trains:
            return
        train = self.game.depot.min_depot_train
        if train is None:
            return
        name, variant = min(train.variants.items(), key=lambda item: int(item[1]["price"]))
        price = int(variant["price"])
        if entity.cash < price:
            return
        process(BuyTrainAction(entity=entity.id, entity_type=_entity_type(entity), train=train.id, price=price,
                               variant=str(name)))
