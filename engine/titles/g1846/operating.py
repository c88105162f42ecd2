"""1846's operating rules: the ``Game`` hooks that make an 1846 operating round (and its money) work.

``OperatingRules1846`` is a mix-in; the title's game class is ``class Game1846(OperatingRules1846,
Game)``, so every method here overrides the ``Game`` hook of the same name and reaches the base rule
through ``super()``.  What it covers:

* **rounds**: the stock and operating step lists, and the 1846 operating round class
  (:class:`engine.titles.g1846.steps.OperatingRound1846`);
* **revenue** (``revenue_for``): a route's stops plus the private companies' markers (Boomtown +$20,
  Meat Packing +$30, Steamboat +$20 per port icon on the assigned stop's tile), the East/West bonus
  (the icon values of an eastern offboard and of a ``W`` tile both among the paying stops) and the
  Mail Contract (+$10 per visited stop on the owner's route visiting the most stops);
* **track**: every lay costs at least $20 (``TrackRules1846.upgrade_cost``);
* **money**: a corporation's buying power counts the largest bundle it could issue now; track and
  train buying power also count what absorbing a player's minor would bring;
* **shares**: issue at the price one step left (at most player shares minus market shares), redeem
  at the price one step right, and the emergency issue before an emergency train purchase;
* **events**: ``close_companies`` (the minors close too), ``remove_bonuses``,
  ``remove_reservations``;
* **receivership**: no sales of a corporation without a president;
* **game end**: ``final_train`` only counts in the two-player variant.

The constants use the reference's names (``TILE_COST``, ``LSL_HEXES`` ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.map.route import base_revenue_for
from engine.services.abilities import AbilityRules
from engine.services.bankruptcy import BankruptcyRules
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.game_end import GameEndRules
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.g1846.data import ABILITY_ICONS as ABILITY_ICONS_1846

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game
    from engine.map.parts import Node
    from engine.map.route import Route
    from engine.model.shares import ShareBundle
    from engine.rounds.base import Round
    from engine.titles.g1846.rules import Game1846

    _MixinBase = Game
else:
    _MixinBase = object

__all__ = [
    "AbilityRules1846",
    "BankruptcyRules1846",
    "CompanyRules1846",
    "CorporationRules1846",
    "GameEndRules1846",
    "OperatingRules1846",
    "ShareRules1846",
    "TrackRules1846",
    "TrainRules1846",
    "icon_value",
]


_ISSUE_SHARES: list[Any] = []


def _issue_shares_class() -> Any:
    """1846's IssueShares step class (imported on first use: the steps import this module)."""
    if not _ISSUE_SHARES:
        from engine.titles.g1846.steps import IssueShares

        _ISSUE_SHARES.append(IssueShares)
    return _ISSUE_SHARES[0]


def icon_value(name: str) -> int:
    """The number an icon's name starts with (Ruby's ``to_i``): ``"30"`` -> 30, ``"port"`` -> 0."""
    digits = ""
    for char in name:
        if not char.isdigit():
            break
        digits += char
    return int(digits) if digits else 0


def _assigned(entity: Any, key: str) -> bool:
    """Is the marker ``key`` assigned to ``entity`` (a corporation, minor or hex)?"""
    if entity is None:
        return False
    assigned = getattr(entity, "assigned", None)
    if callable(assigned):
        return bool(assigned(key))
    assignments: dict[str, Any] | None = getattr(entity, "assignments", None)
    return assignments is not None and key in assignments


def _assignments(entity: Any) -> dict[str, Any]:
    """The entity's assignment map (created empty on first use, as the reference's ``Assignable``)."""
    found: dict[str, Any] | None = getattr(entity, "assignments", None)
    if found is None:
        found = {}
        entity.assignments = found
    return found


class _LittleMiamiRouter:
    """A stand-in corporation at Little Miami's first city, for its connectivity question."""

    def __init__(self, coordinates: str) -> None:
        self.coordinates = coordinates
        self.city = None
        self.tokens: list[Any] = []
        self.id = self.name = "LM Corp"
        self.companies: list[Any] = []

    def all_abilities(self) -> list[Any]:
        return []


class OperatingRules1846(_MixinBase):
    """1846's operating-round hooks, mixed in before :class:`engine.game.Game`."""

    #: the least any tile lay costs
    TILE_COST: ClassVar[int] = 20
    LSL_ID: ClassVar[str] = "LSL"
    LSL_ICON: ClassVar[str] = "lsl"
    LSL_HEXES: ClassVar[tuple[str, ...]] = ("D14", "E17")
    LITTLE_MIAMI_HEXES: ClassVar[tuple[str, ...]] = ("H12", "G13")
    MEAT_HEXES: ClassVar[tuple[str, ...]] = ("D6", "I1")
    STEAMBOAT_HEXES: ClassVar[tuple[str, ...]] = ("B8", "C5", "D14", "I1", "G19")
    BOOMTOWN_HEXES: ClassVar[tuple[str, ...]] = ("H12",)
    #: the companies whose markers earn the port, meat and boomtown bonuses
    STEAMBOAT_ID: ClassVar[str] = "SC"
    MEAT_PACKING_ID: ClassVar[str] = "MPC"
    BOOMTOWN_ID: ClassVar[str] = "BT"
    #: the map icon that marks each company's (or IC's) hexes
    ABILITY_ICONS: ClassVar[dict[str, str]] = dict(ABILITY_ICONS_1846)
    #: the marker bonuses: company, dollars, and the icon the bonus is counted per (None: once)
    MARKER_BONUSES: ClassVar[tuple[tuple[str, int, str | None], ...]] = (
        ("BT", 20, None),
        ("MPC", 30, None),
        ("SC", 20, "port"),
    )
    MAIL_CONTRACT_BONUS: ClassVar[int] = 10
    #: corporations whose reserved-token ability lets them token a hex their track does not reach
    TELEPORT_TOKEN_HEXES: ClassVar[tuple[tuple[str, str], ...]] = (("B&O", "H12"), ("PRR", "E11"))

    # ------------------------------------------------------------------------------------------
    # Company look-ups (a company removed during setup is still found; one never in play is None)
    # ------------------------------------------------------------------------------------------
    def company_or_none(self, sym: str) -> Any:
        return self._companies_by_id.get(sym)

    @property
    def steamboat(self) -> Any:
        return self.company_or_none(self.STEAMBOAT_ID)

    @property
    def meat_packing(self) -> Any:
        return self.company_or_none(self.MEAT_PACKING_ID)

    @property
    def boomtown(self) -> Any:
        return self.company_or_none(self.BOOMTOWN_ID)

    def two_player(self) -> bool:
        """The designer's two-player rules apply (the final train ends the game; a corporation's only train
        is not for sale once the depot is empty; 70% holdings)."""
        return len(self.players) == 2

    @property
    def mail_contract(self) -> Any:
        return self.company_or_none("MAIL")

    @property
    def lake_shore_line(self) -> Any:
        return self.company_or_none(self.LSL_ID)

    @property
    def little_miami(self) -> Any:
        return self.company_or_none("LM")

    @property
    def michigan_central(self) -> Any:
        return self.company_or_none("MC")

    @property
    def ohio_indiana(self) -> Any:
        return self.company_or_none("O&I")

    def block_for_steamboat(self) -> bool:
        """Does the operating round wait for the Steamboat's owner (a player) to assign it?"""
        steamboat = self.steamboat
        return steamboat is not None and bool(steamboat.owned_by_player)

    # ------------------------------------------------------------------------------------------
    # Rounds
    # ------------------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import Assign, BuySellParShares

        return [DiscardTrain, Assign, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import (
            Assign,
            Bankrupt,
            BuyCompany,
            BuyTrain,
            Dividend,
            IssueShares,
            SpecialTrack,
            TrackAndToken,
        )

        return [
            Bankrupt,
            Assign,
            SpecialToken,
            SpecialTrack,
            BuyCompany,
            IssueShares,
            TrackAndToken,
            RouteStep,
            Dividend,
            DiscardTrain,
            BuyTrain,
            (BuyCompany, {"blocks": True}),
        ]

    def new_operating_round(self, round_num: int = 1) -> Round:
        from engine.titles.g1846.steps import OperatingRound1846

        # The operating order of the first operating round reads the number of the round being built.
        self.round_num = round_num
        self.log(f"-- Operating Round {self.turn}.{round_num} (of {self.operating_rounds}) --")
        self.round_counter += 1
        return OperatingRound1846(self, self.operating_round_steps(), round_num)

    # ------------------------------------------------------------------------------------------
    # Revenue
    # ------------------------------------------------------------------------------------------
    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        """The stops' revenue plus the marker, East/West and Mail Contract bonuses."""
        revenue = base_revenue_for(route, stops)
        corporation = route.corporation
        for sym, bonus, icon in self.MARKER_BONUSES:
            company = self.company_or_none(sym)
            if company is None or not _assigned(corporation, company.id):
                continue
            stop = next((s for s in stops if s.hex is not None and s.hex.assigned(company.id)), None)
            if stop is None or stop.hex is None:
                continue
            if icon is None:
                revenue += bonus
            else:
                revenue += bonus * sum(1 for i in stop.hex.tile.icons if i.name == icon)
        revenue += self.east_west_bonus(stops)
        if self.is_mail_contract_route(route):
            revenue += self.mail_stops(route) * self.MAIL_CONTRACT_BONUS
        return revenue

    def mail_stops(self, route: Route) -> int:
        """The stops the Mail Contract pays for on ``route`` (``mail_stop_count`` of its visited stops)."""
        return self.mail_stop_count(route.train, len(route.visited_stops))

    def mail_stop_count(self, train: Any, visited: int) -> int:
        """The stops the Mail Contract pays for on a route of ``train`` visiting ``visited`` stops: all of them
        (the route optimiser asks this too)."""
        return visited

    def east_west_bonus(self, stops: Sequence[Node]) -> int:
        """The icon values of an eastern (group ``E``) stop and a ``W`` tile stop, when both pay."""
        east = next((s for s in stops if "E" in s.groups), None)
        west = next((s for s in stops if s.tile is not None and s.tile.label == "W"), None)
        if east is None or west is None:
            return 0
        return sum(icon_value(i.name) for i in east.tile.icons) + sum(icon_value(i.name) for i in west.tile.icons)

    def is_mail_contract_route(self, route: Route) -> bool:
        """Does ``route`` earn the Mail Contract: its owner holds MAIL and, of the run's routes, it
        has the most ``mail_stops`` (ties to the larger train id)?"""
        mail = self.mail_contract
        owner = route.train.owner
        if mail is None or owner is None or not any(c is mail for c in getattr(owner, "companies", ())):
            return False
        longest = max(route.routes, key=lambda r: (self.mail_stops(r), str(r.train.id)))
        return longest is route

    # ------------------------------------------------------------------------------------------
    # Track and tokens
    # ------------------------------------------------------------------------------------------
    def minimum_tile_cost(self) -> int:
        """The least a tile lay costs (the rule switch ``tile_cost``, $20)."""
        return int(self.rules.tile_cost or self.TILE_COST)

    def remove_icons(self, hex_ids: Sequence[str], icon_name: str | None) -> None:
        """Take every icon called ``icon_name`` off the tiles of ``hex_ids`` (None: no icon, nothing goes)."""
        if icon_name is None:
            return
        for hex_id in hex_ids:
            tile = self.hex_by_id(hex_id).tile
            tile.icons[:] = [icon for icon in tile.icons if icon.name != icon_name]

    def place_token_on_upgrade(self, action: Action) -> None:
        """(Two-player variant) a removed corporation's deferred token lands when its hex turns green."""
        pending: dict[str, Any] = getattr(self, "second_tokens_in_green", None) or {}
        hex_id = getattr(action, "hex", None)
        if not pending or hex_id not in pending:
            return
        hex_ = self.hex_by_id(hex_id)
        if hex_.tile.color != "green":
            return
        corporation = pending.pop(hex_id)
        token = corporation.find_token_by_type()
        if token is not None and hex_.tile.cities:
            hex_.tile.cities[0].place_token(corporation, token, check_tokenable=False)
        hex_.tile.icons[:] = [i for i in hex_.tile.icons if i.name != corporation.id]
        self.log(f"{corporation.id} places a token on {hex_id} ({hex_.location_name}) as the city is green")
        self.graph.clear()

    # ------------------------------------------------------------------------------------------
    # Money: buying power, issuing and redeeming
    # ------------------------------------------------------------------------------------------
    def issue_shares_step_active(self) -> bool:
        """Issuing and redeeming happen only while the round's IssueShares step is not passed."""
        round_ = getattr(self, "round", None)
        if round_ is None:
            return False
        issue_shares = _issue_shares_class()
        step = next((s for s in round_.steps if type(s) is issue_shares), None)
        return step is not None and step.active()

    def potential_minor_cash(self, entity: Any, allowed_trains: range = range(0, 4)) -> int:
        """What absorbing every player-owned minor would bring (each minor's cash less $1), for a
        corporation with cash whose train count is in ``allowed_trains``."""
        if not entity.is_corporation or entity.cash <= 0 or len(entity.trains) not in allowed_trains:
            return 0
        return sum(m.cash - 1 for m in self.minors if m.owned_by_player and m.cash > 0)

    def track_buying_power(self, entity: Any) -> int:
        return self.corporation_rules.buying_power(entity) + self.potential_minor_cash(entity)

    def train_buying_power(self, entity: Any) -> int:
        return self.corporation_rules.buying_power(entity) + self.potential_minor_cash(
            entity, allowed_trains=range(1, 3)
        )

    def issuable_shares(self, entity: Any) -> list[ShareBundle]:
        """Treasury bundles the corporation may issue now, priced one step left of its price; no more
        shares than players hold minus those in the market."""
        if not entity.is_corporation or not self.issue_shares_step_active():
            return []
        limit = entity.num_player_shares() - entity.num_market_shares()
        bundles = self.share_rules.bundles_for_corporation(entity, entity)
        target = self.stock_market.find_share_price(entity, "left")
        if target is None:
            return []
        for bundle in bundles:
            bundle.share_price = target.price
        return [b for b in bundles if b.num_shares <= limit]

    def redeemable_shares(self, entity: Any) -> list[ShareBundle]:
        """Market bundles the corporation may buy back now, priced one step right, if affordable."""
        if not entity.is_corporation or not self.issue_shares_step_active():
            return []
        target = self.stock_market.find_share_price(entity, "right")
        if target is None:
            return []
        bundles = self.share_rules.bundles_for_corporation(self.share_pool, entity)
        for bundle in bundles:
            bundle.share_price = target.price
        return [b for b in bundles if not entity.cash < b.price]

    def emergency_issuable_bundles(self, corporation: Any) -> list[ShareBundle]:
        """Bundles a trainless corporation may issue to buy its forced train.

        Each bundle is priced ``1 + shares`` steps left of the current price; worthless bundles are
        out.  Only as many as needed for the dearer variant of the cheapest train (at least enough
        for its cheaper variant), or - when even everything cannot buy it - the largest bundle.
        """
        if corporation.trains or getattr(self.round, "emergency_issued", False):
            return []
        train = self.depot.min_depot_train
        if train is None:
            return []
        prices = [int(v["price"]) for v in train.variants.values()]
        min_train_price, max_train_price = min(prices), max(prices)
        if corporation.cash >= max_train_price:
            return []
        limit = corporation.num_player_shares() - corporation.num_market_shares()
        bundles = [
            b for b in self.share_rules.bundles_for_corporation(corporation, corporation) if not b.num_shares > limit
        ]
        for bundle in bundles:
            target = self.stock_market.find_share_price(corporation, ["left"] * (1 + bundle.num_shares))
            bundle.share_price = target.price if target is not None else 0
        bundles = [b for b in bundles if b.price != 0]
        bundles.sort(key=lambda b: b.price)
        enough = [b for b in bundles if corporation.cash + b.price >= min_train_price]
        if enough:
            for index, bundle in enumerate(enough):
                if corporation.cash + bundle.price >= max_train_price:
                    return enough[: index + 1]
            return enough
        if not bundles:
            return []
        return [max(bundles, key=lambda b: b.num_shares)]

    def emergency_issuable_cash(self, corporation: Any) -> int:
        bundles = self.emergency_issuable_bundles(corporation)
        if not bundles:
            return 0
        return int(max(bundles, key=lambda b: b.num_shares).price)

    # ------------------------------------------------------------------------------------------
    # Events (the train events are TrainRules1846's)
    # ------------------------------------------------------------------------------------------
    def remove_steamboat_bonuses(self) -> None:
        steamboat = self.steamboat
        for hex_id in self.STEAMBOAT_HEXES:
            hex_ = self.hex_by_id(hex_id)
            if hex_.assigned(steamboat.id):
                hex_.remove_assignment(steamboat.id)
                self.log(f"-- Event: Player-owned {steamboat.name} token removed from {hex_.id} --")
        for corporation in self.corporations:
            _assignments(corporation).pop(steamboat.id, None)
        self.remove_icons(self.STEAMBOAT_HEXES, "port")

    # ------------------------------------------------------------------------------------------
    # Before and after every action: paired company lays, Little Miami
    # ------------------------------------------------------------------------------------------
    def preprocess_action(self, action: Action, entity: Any) -> None:
        super().preprocess_action(action, entity)
        self.preprocess_little_miami(action, entity)
        if not self.pseudo_special_tile_lay(action, entity):
            self.check_special_tile_lay(action, entity)

    def action_processed(self, action: Action) -> None:
        entity = self.resolve_entity(action)
        self.check_special_tile_lay(action, entity)
        self.postprocess_little_miami(action, entity)
        super().action_processed(action)
        self.last_action_entity = entity
        self.last_action_type = action.type

    def special_tile_lay_companies(self) -> list[Any]:
        """The companies whose two lays must follow each other (MC, O&I, LM)."""
        return [c for c in (self.michigan_central, self.ohio_indiana, self.little_miami) if c is not None]

    def pseudo_special_tile_lay(self, action: Action, entity: Any) -> bool:
        """A tile laid by the corporation owning one of those companies does not forfeit its lay."""
        if action.type != "lay_tile":
            return False
        return any(c.owner is entity for c in self.special_tile_lay_companies())

    def check_special_tile_lay(self, action: Action, entity: Any) -> None:
        """After a company's first paired lay, any action by someone else forfeits the second."""
        if action.type == "message":
            return
        company: Any = getattr(self, "last_action_entity", None)
        if company is None or getattr(self, "last_action_type", None) != "lay_tile":
            return
        if not any(c is company for c in self.special_tile_lay_companies()):
            return
        ability = self.ability_rules.ability(company, "tile_lay")
        if ability is None or entity is company:
            return
        company.remove_ability(ability)
        self.log(f"{company.name} forfeits second tile lay.")

    def little_miami_reached_hexes(self) -> list[str]:
        """Hexes whose stops track reaches from Little Miami's first city (H12), passing any city (the
        reference's Little Miami graph: no blocking, the home counts as a token)."""
        from engine.map.graph import Graph

        router = _LittleMiamiRouter(self.LITTLE_MIAMI_HEXES[0])
        graph = Graph(self, no_blocking=True, home_as_token=True)
        return list(dict.fromkeys(n.hex.id for n in graph.connected_nodes(router) if n.hex is not None))

    def preprocess_little_miami(self, action: Action, entity: Any) -> None:
        little_miami = self.little_miami
        if little_miami is None or entity is not little_miami or action.type not in ("lay_tile", "pass"):
            return
        if not hasattr(self, "little_miami_hexes_laid"):
            self.little_miami_hexes_laid: list[Any] = []

    def postprocess_little_miami(self, action: Action, entity: Any) -> None:
        """Little Miami may not lay and upgrade the same hex; its icons go once its lays are done."""
        little_miami = self.little_miami
        if little_miami is None or entity is not little_miami or action.type not in ("lay_tile", "pass"):
            return
        laid: list[Any] = getattr(self, "little_miami_hexes_laid", [])
        self.little_miami_hexes_laid = laid
        if action.type == "lay_tile":
            hex_ = self.hex_by_id(getattr(action, "hex", None))
            if len(laid) == 1 and laid[0] is hex_:
                from engine.errors import IllegalAction

                raise IllegalAction("Cannot lay and upgrade a tile in the same hex with Little Miami")
            laid.append(hex_)
        if self.ability_rules.ability(little_miami, "tile_lay") is not None:
            return
        self.remove_icons(self.LITTLE_MIAMI_HEXES, self.ABILITY_ICONS.get("LM"))

    # ------------------------------------------------------------------------------------------
    # Game end
    # ------------------------------------------------------------------------------------------


class ShareRules1846(ShareRules):
    """1846's share rules: a corporation in receivership cannot be sold."""

    def sellable_bundles(self, player: Any, corporation: Any) -> list[Any]:
        if corporation.receivership:
            return []
        return super().sellable_bundles(player, corporation)


class AbilityRules1846(AbilityRules):
    """1846's ability timing: the Steamboat's assignment at the start of an operating round counts as "OR start"."""

    def time_is_or_start(self) -> bool:
        from engine.titles.g1846.steps import Assign

        round_ = getattr(self.game, "round", None)
        if round_ is not None and isinstance(round_.active_step(), Assign):
            return True
        return super().time_is_or_start()


class TrainRules1846(TrainRules):
    """1846's train events: ``close_companies`` (the minors close too), ``remove_reservations``,
    ``remove_bonuses``."""

    game: Game1846

    def event_close_companies(self) -> None:
        """The 5 train: the minors close, the LSL/LM icons and a player-owned Steamboat's markers go,
        then the private companies close."""
        game = self.game
        for minor in list(game.minors):
            game.corporation_rules.close_corporation(minor)
        if game.lake_shore_line is not None:
            game.remove_icons(game.LSL_HEXES, game.ABILITY_ICONS.get(game.lake_shore_line.id))
        if game.little_miami is not None:
            game.remove_icons(game.LITTLE_MIAMI_HEXES, game.ABILITY_ICONS.get("LM"))
        steamboat = game.steamboat
        if steamboat is not None and not steamboat.owned_by_corporation:
            game.remove_steamboat_bonuses()
        super().event_close_companies()

    def event_remove_reservations(self) -> None:
        """The 6 train: the reserved token slots are no longer reserved (the abilities stay)."""
        game = self.game
        game.log("-- Event: Reserved token slots removed --")
        for corporation in game.corporations:
            for ability in game.ability_rules.abilities(corporation, "token"):
                if ability.description:
                    ability.description = ability.description.replace("Reserved ", "", 1)

    def event_remove_bonuses(self) -> None:
        """The 6 train: every company marker leaves the corporations and the map, with its icons."""
        game = self.game
        removals: dict[str, dict[str, str]] = {}
        for corporation in game.corporations:
            assignments = _assignments(corporation)
            for key in list(assignments):
                removals.setdefault(key, {})["corporation"] = corporation.name
                del assignments[key]
        for hex_ in game.hexes:
            for key in list(hex_.assignments):
                removals.setdefault(key, {})["hex"] = hex_.id
                hex_.remove_assignment(key)
        game.remove_icons(game.BOOMTOWN_HEXES, game.ABILITY_ICONS.get("BT"))
        game.remove_icons(game.STEAMBOAT_HEXES, game.ABILITY_ICONS.get("SC"))
        game.remove_icons(game.MEAT_HEXES, game.ABILITY_ICONS.get("MPC"))
        for key, removal in removals.items():
            company = game.company_or_none(key)
            name = company.name if company is not None else key
            game.log(
                f"-- Event: {removal.get('corporation', '')}'s {name} bonus removed from {removal.get('hex', '')} --"
            )


class CompanyRules1846(CompanyRules):
    """1846's company rules: minors never buy private companies."""

    def purchasable(self, entity: Any = None) -> list[Any]:
        if entity is not None and entity.is_minor:
            return []
        return super().purchasable(entity)


class TrackRules1846(TrackRules):
    """1846's track rules: every lay costs at least $20."""

    game: Game1846

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """Terrain costs as usual, but never less than $20."""
        return max(self.game.minimum_tile_cost(), super().upgrade_cost(tile, hex_, entity, spender))


class CorporationRules1846(CorporationRules):
    """1846's buying power: cash plus the largest bundle the corporation could issue now."""

    game: Game1846

    def buying_power(self, entity: Any, **_: Any) -> int:
        issuable = self.game.issuable_shares(entity)
        return int(entity.cash) + max((b.price for b in issuable), default=0)


class BankruptcyRules1846(BankruptcyRules):
    """1846's emergency money: the corporation's emergency share issue counts."""

    game: Game1846

    def total_emr_buying_power(self, player: Any, corporation: Any) -> int:
        """Corporation cash, its emergency issue, and the president's liquidity (counting every
        sellable share only when the corporation cannot issue)."""
        game = self.game
        issuable = game.emergency_issuable_cash(corporation)
        return int(corporation.cash) + issuable + int(game.share_rules.liquidity(player, emergency=issuable == 0))


class GameEndRules1846(GameEndRules):
    """1846's game end: ``final_train`` ends only a two-player game."""

    game: Game1846

    def checks(self) -> Sequence[tuple[str, str]]:
        if self.game.two_player():
            return super().checks()
        return tuple((reason, timing) for reason, timing in super().checks() if reason != "final_train")
