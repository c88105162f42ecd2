"""18Rhl's steps: the general steps with the title's rules.

* ``CompanyPendingPar18Rhl``: RhE (private No. 6) pars at 70, 75 or 80 only.
* ``BuySellParShares18Rhl``: KEG's first two shares sold from its IPO are its double certificates.
* ``Track18Rhl`` / ``SpecialTrack18Rhl``: no lay after a token (a private's teleport token) or in receivership;
  the Rhine metropolises take their tiles in one orientation; 4-spoke town tiles ignore the track restriction;
  after each lay the Eastern Ruhr links, the Trajekt icon, the privates No. 1 and the metropolis token blocking
  are brought up to date.  Private No. 2 and No. 4 (and No. 1 in the Ratingen variant) wait for phase 3, no
  special lay after a train purchase.
* ``SpecialToken18Rhl``: the token after private No. 2's or No. 4's lay is the operator's own (No. 4: at its
  price).
* ``RheBonusCheck``: after the track step, is Koeln linked to Aachen via Dueren (``destination_connection``).
* ``Dividend18Rhl``: market shares of a full-capital corporation earn nothing; the price moves right when the
  run pays at least the share price, left when it pays nothing.
* ``BuyTrain18Rhl``, ``Token18Rhl``, ``Bankrupt18Rhl``: receivership (a bankrupt president's corporation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.auction import CompanyPendingPar
from engine.steps.bankrupt import Bankrupt
from engine.steps.base import Step
from engine.steps.dividend import Dividend
from engine.steps.route import RouteStep
from engine.steps.shares import BuySellParShares
from engine.steps.special_token import SpecialToken
from engine.steps.special_track import SpecialTrack
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.steps.tracker import tokens_by_type
from engine.steps.trains import BuyTrain
from engine.titles.g18rhl.data import EASTERN_RUHR_LINKS, OSTERATH, RATINGEN_HEX, RHINE_METROPOLIS_HEXES

if TYPE_CHECKING:
    from engine.actions import Action, LayTile, PlaceToken

RHE_PAR_RANGE = (70, 80)
#: tiles a track restriction never refuses (the 4-spoke town tiles)
FOUR_SPOKERS = ("87", "88", "204")
#: privates whose special lays wait for phase 3
GREEN_PHASE_PRIVATES = ("KEO", "Tjt", "ATB")


def _receivership(entity: Any) -> bool:
    return bool(getattr(entity, "receivership", False))


class CompanyPendingPar18Rhl(CompanyPendingPar):
    def get_par_prices(self, entity: Any = None, corporation: Any = None) -> list[Any]:
        prices = super().get_par_prices(entity, corporation)
        if corporation is None or corporation.id != "RhE":
            return prices
        low, high = RHE_PAR_RANGE
        return [p for p in prices if low <= p.price <= high]


class BuySellParShares18Rhl(BuySellParShares):
    #: a bankrupt president's certificate in the market is bought whole (the legal-move enumeration asks)
    RECEIVERSHIP_PRESIDENT_AS_ONE_SHARE: ClassVar[bool] = False

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        if not super().can_buy(entity, bundle):
            return False
        if bundle.partial and bundle.presidents_share is not None:
            return False  # (a bankrupt president's certificate in the market is bought whole)
        corporation = bundle.corporation
        if corporation.id != "KEG" or corporation.floated or not corporation.ipoed:
            return True
        return bool(bundle.percent == 20)


class LayTileChecks:
    """What follows every lay in 18Rhl (mixed into the track steps)."""

    game: Any
    round: Any

    def after_lay(self, action: LayTile, entity: Any) -> None:
        game = self.game
        hex_ = game.hex_by_id(action.hex)
        tile = hex_.tile
        game.eastern_ruhr_connection_check(hex_)
        if hex_.id in RHINE_METROPOLIS_HEXES and tile.color == "brown":
            tile.icons[:] = [i for i in tile.icons if i.name != "trajekt"]
        player = game.entity_player(entity)
        if hex_.id == RATINGEN_HEX:
            company = next((c for c in game.companies if c.id == "ATB"), None)
            if company is not None and not company.closed and company.owner is player:
                game.log(f"{company.name} closes")
                company.close()
        elif hex_.id == "E14":
            company = next((c for c in game.companies if c.id == "PWB"), None)
            if company is not None and not company.closed and company.owner is player:
                company.desc = "Special ability used up. No extra effect until closed in phase 5."
                for ability in list(company.all_abilities()):
                    company.remove_ability(ability)
        elif hex_.id in RHINE_METROPOLIS_HEXES:
            game.update_metropolis_token_blocking(self.round.current_operator)


class Track18Rhl(LayTileChecks, Track):
    round: Any
    def actions(self, entity: Any) -> list[str]:
        if self.round.tokened or _receivership(entity):
            return []
        return super().actions(entity)

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        self.after_lay(action, entity if entity is not None else self.game.resolve_entity(action))

    def track_restrictions_apply(self, entity: Any, old_tile: Any, new_tile: Any) -> bool:
        """The 4-spoke town tiles (and 929 -> 949) are exempt from the track rule."""
        exempt = new_tile.name in FOUR_SPOKERS or (old_tile.name == "929" and new_tile.name == "949")
        return not exempt

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        if hex_.id in RHINE_METROPOLIS_HEXES:
            return True
        return super().legal_tile_rotation(entities, hex_, tile)

    def legal_tile_rotations(self, entities: Any, hex_: Any, tile: Any) -> list[int]:
        if hex_.id in RHINE_METROPOLIS_HEXES:
            return [0]
        return super().legal_tile_rotations(entities, hex_, tile)

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """A metropolis tile is offered in its printed orientation only (and is never refused a rotation)."""
        if hex_.id in RHINE_METROPOLIS_HEXES:
            return bool(tile.rotation == 0)
        return super().tile_fits_hex(entity, hex_, tile)


class SpecialTrack18Rhl(LayTileChecks, SpecialTrack):
    round: Any
    game: Any
    def _special_abilities(self, entity: Any, time: Any, kwargs: dict[str, Any]) -> tuple[list[Any], Any]:
        game = self.game
        if (entity is None or not getattr(entity, "is_company", False) or self.round.tokened
                or any(c is game.round.current_entity() for c in getattr(self.round, "bought_trains", []))
                or (game.phase.name == "2" and entity.id in GREEN_PHASE_PRIVATES)):
            return [], None
        operator = game.round.current_entity()
        if _receivership(operator):
            return [], None
        return super()._special_abilities(entity, time, kwargs)

    def get_tile_lay(self, entity: Any) -> dict[str, Any] | None:
        return {"lay": True, "upgrade": True, "cost": 0, "upgrade_cost": 0, "cannot_reuse_same_hex": False}

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        self.after_lay(action, entity if entity is not None else self.game.resolve_entity(action))

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        if hex_.id == OSTERATH and tile.name == "935":
            return True
        return super().legal_tile_rotation(entities, hex_, tile)

    def legal_tile_rotations(self, entities: Any, hex_: Any, tile: Any) -> list[int]:
        if hex_.id == OSTERATH and tile.name == "935":
            return [1]
        return super().legal_tile_rotations(entities, hex_, tile)

    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        tile = game.tile_by_id(action.tile)
        if entity.id == "Tjt" and tile.color == "brown":
            raise IllegalAction(f"{entity.name} cannot upgrade to brown tiles")
        ability = self.ability(entity)
        super().process_lay_tile(action)
        if ability is None or ability.type != "teleport":
            return
        # The token may follow on the operator's own account, only on the hex just laid (never where it has
        # a token already).
        operator = game.round.current_entity()
        hex_ = game.hex_by_id(action.hex)
        if tile.name == "935":
            hex_.location_name = "Osterath"
            possible = True
        elif any(t.hex is hex_ for t in operator.tokens if t.used):
            possible = False
        else:
            ability.hexes = [hex_.id]
            possible = True
        if possible:
            self.round.teleported = operator
            self.round.teleport_ability = ability
        else:
            self.round.teleported = None
            if ability in entity.all_abilities():
                entity.remove_ability(ability)

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        ability = self.ability(entity)
        if ability is None:
            return []
        candidates = super().potential_tiles(entities, hex_)
        if ability.owner.id != "Szl":
            return candidates
        return [t for t in candidates if self.game.track_rules.upgrades_to(hex_.tile, t, False)]


class SpecialToken18Rhl(SpecialToken):
    round: Any
    game: Any

    def ability(self, entity: Any) -> Any:
        if entity is None or entity is not self.round.teleported or not getattr(entity, "is_corporation", False):
            return None
        if _receivership(entity):
            return None
        return getattr(self.round, "teleport_ability", None)

    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state["teleport_ability"] = None
        return state

    def available_tokens(self, entity: Any) -> list[Any]:
        if self.ability(entity) is None:
            return []
        return tokens_by_type(entity)

    def adjust_token_price_ability(self, entity: Any, token: Any, hex_: Any, city: Any,
                                   special_ability: Any = None) -> tuple[Any, Any]:
        if special_ability is not None and special_ability.owner.id == "Tjt":
            return token, special_ability
        return super().adjust_token_price_ability(entity, token, hex_, city, special_ability=special_ability)

    def teleport_token_price(self, entity: Any, token: Any, special_ability: Any) -> int:
        """Tjt's teleport places the corporation's next token at its price (``adjust_token_price_ability`` keeps
        it); the other teleports are free."""
        if special_ability is not None and special_ability.owner.id == "Tjt":
            return int(token.price)
        return super().teleport_token_price(entity, token, special_ability)

    def min_token_price(self, tokens: list[Any]) -> int | None:
        ability = self.ability(self.round.teleported)
        if ability is not None and ability.owner.id == "Tjt":
            return min((t.price for t in tokens), default=None)
        return super().min_token_price(tokens)

    def process_place_token(self, action: PlaceToken) -> None:
        super().process_place_token(action)

    def teleport_complete(self) -> None:
        ability = self.round.teleport_ability
        if ability is not None and ability.owner is not None and ability in ability.owner.all_abilities():
            ability.owner.remove_ability(ability)
        self.round.teleported = None
        self.round.teleport_ability = None


class RheBonusCheck(Step):
    """After the track step: is Koeln linked to Aachen via Dueren?  Answered by a ``destination_connection``
    (naming RhE when it is), as the site records it; the step is over once RhE has its money."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("destination_connection",)
    NAME: ClassVar[str] = "RheBonusCheck"
    game: Any

    def description(self) -> str:
        return "Check for Aachen-Düren-Köln connection"

    def actions(self, entity: Any) -> list[str]:
        if not self.game.rhe_link_checkable() or entity is not self.current_entity():
            return []
        return list(self.ACTIONS)

    def auto_actions(self, entity: Any) -> list[Action] | None:
        from engine.actions import DestinationConnection

        game = self.game
        if not game.rhe_link_checkable():
            return None
        named = ["RhE"] if game.rhe_link_established() else []
        return [DestinationConnection(entity=entity.id, entity_type="corporation", corporations=named)]

    def log_skip(self, entity: Any) -> None:
        return None

    def pass_(self) -> None:
        # never passed by the round moving on: only the connection check ends it
        return None

    def process_destination_connection(self, action: Action) -> None:
        if getattr(action, "corporations", None):
            self.game.pay_rhe_link_bonus()
        self.passed = True


class Route18Rhl(RouteStep):
    #: a corporation in receivership runs (or not) like any other; it withholds at the dividend step
    RECEIVERSHIP_MUST_RUN: ClassVar[bool] = False


class Token18Rhl(TokenStep):
    def actions(self, entity: Any) -> list[str]:
        if _receivership(entity):
            return []
        return super().actions(entity)


class Dividend18Rhl(Dividend):
    def actions(self, entity: Any) -> list[str]:
        if _receivership(entity):
            return []
        return super().actions(entity)

    def dividends_for_entity(self, entity: Any, holder: Any, per_share: float) -> int:
        if getattr(entity, "is_corporation", False) and entity.capitalization == "full" \
                and holder is self.game.share_pool:
            return 0
        return super().dividends_for_entity(entity, holder, per_share)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if revenue <= 0:
            return "left", 1
        if revenue >= entity.share_price.price:
            return "right", 1
        return None, 0


class BuyTrain18Rhl(BuyTrain):
    round: Any
    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state["bought_trains"] = []
        return state

    def buyable_trains(self, entity: Any) -> list[Any]:
        depot = self.game.depot
        return [t for t in super().buyable_trains(entity)
                if t.owner is depot or not (_receivership(t.owner) or _receivership(entity))]

    def process_buy_train(self, action: Action) -> None:
        self.round.bought_trains.append(self.game.resolve_entity(action))
        super().process_buy_train(action)

    def ebuy_president_can_contribute(self, corporation: Any) -> bool:
        return False if _receivership(corporation) else super().ebuy_president_can_contribute(corporation)

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        return False if _receivership(entity) else super().president_may_contribute(entity, shell)


class Bankrupt18Rhl(Bankrupt):
    """A bankrupt president sells what may be sold (one sale per corporation), then hands every other share to
    the market: a corporation left without a president goes into receivership (no track, no token, it
    withholds).  The bankrupt corporation then gets the cheapest depot train, paid by its treasury, the
    president's last cash and a bank loan (with a fee of 100) that leaves its treasury negative."""

    LOAN_FEE: ClassVar[int] = 100

    def process_bankrupt(self, action: Action) -> None:
        from engine.model.shares import ShareBundle
        from engine.steps.bankrupt import sort_holdings

        game = self.game
        corporation = game.resolve_entity(action)
        player = corporation.owner
        game.log(f"-- {player.name} goes bankrupt and sells remaining shares --")
        if not game.bankruptcy.can_go_bankrupt(player, corporation):
            power = game.format_currency(game.bankruptcy.total_emr_buying_power(player, corporation))
            price = game.format_currency(game.depot.min_depot_price)
            raise IllegalAction(
                f"Cannot go bankrupt. {corporation.name}'s cash plus {player.name}'s cash and sellable shares "
                f"total {power}, and the cheapest train in the Depot costs {price}.")
        for held in sort_holdings(player):
            if held.share_price is None:
                continue
            bundles = game.share_rules.sellable_bundles(player, held)
            if bundles:
                best = bundles[0]
                for bundle in bundles[1:]:
                    if bundle.price > best.price:
                        best = bundle
                game.share_rules.sell_shares_and_change_price(best)
        contribution = player.cash
        for held in sort_holdings(player):
            shares = list(player.shares_by_corporation.get(held, []))
            if held.share_price is None or not shares:
                continue
            game.share_pool.transfer_shares(ShareBundle(shares), game.share_pool, allow_president_change=True)
            if held.owner is not player or held.share_price.price <= 0:
                continue
            game.log(f"-- {held.name} enters receivership (it has no president) --")
            game.log("As long as it is in receivership it cannot lay track or put token - and will withhold")
            held.owner = game.share_pool
        active = game.round.active_step()
        if active is not None and hasattr(active, "last_share_sold_price"):
            active.last_share_sold_price = None
        if player.companies:
            game.log(f"{player.name}'s companies close: {', '.join(c.sym for c in player.companies)}")
            for company in list(player.companies):
                company.close()
        if player.cash > 0:
            game.log(f"{game.format_currency(player.cash)} is transferred from {player.name} to bank")
            player.spend(player.cash, game.bank)
        game.bankruptcy.declare_bankrupt(player)
        if corporation.owner is not game.share_pool:
            return
        remaining = corporation.cash
        cheapest = game.depot.min_depot_train
        source = cheapest.owner
        price = cheapest.price - remaining - contribution
        money = game.format_currency
        game.log(f"{corporation.name} buys a {cheapest.name} train for {cheapest.price} from {source.name}, using "
                 f"previous president's cash of {money(contribution)}, the treasury of {money(remaining)} and the "
                 f"Bank paying the remaining {money(price)}")
        if remaining > 0:
            corporation.spend(remaining, game.bank)
        game.train_rules.buy_train(corporation, cheapest, "free")
        game.phase.buying_train(corporation, cheapest, source)
        loan = price + self.LOAN_FEE
        corporation.spend(loan, game.bank, check_cash=False)
        game.log(f"{corporation.name} need to borrow {money(loan)} from the Bank, including the "
                 f"{money(self.LOAN_FEE)} fee")


__all__ = [
    "EASTERN_RUHR_LINKS", "Bankrupt18Rhl", "BuySellParShares18Rhl", "BuyTrain18Rhl", "CompanyPendingPar18Rhl",
    "Dividend18Rhl", "RheBonusCheck", "Route18Rhl", "SpecialToken18Rhl", "SpecialTrack18Rhl", "Token18Rhl", "Track18Rhl",
]
