"""1822CA: The Railways of Canada, and its regional scenarios (ERS, WRS): the family's rules
(``engine/titles/family1822``) with 1822CA's facts and hooks.

What 1822CA adds to the family: a one-row market; sales move the price left one step per 10% sold by the
director, one step for another seller (two players: only the director's sales, per share); thirty privates
(big-city upgrades, mountain passes, the sawmill, grain trains, small mail contracts); the scenarios play on one
half of the map with fewer companies and corporations.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from engine.actions import Action, LayTile, PlaceToken
from engine.errors import IllegalAction
from engine.map import upgrades
from engine.map.graph import walk_reaches
from engine.map.route import stop_type
from engine.model.entities import Corporation
from engine.services.game_end import GameEndRules
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.acquire_company import AcquireCompany
from engine.steps.assign import Assign
from engine.steps.choices import Choice, Choosing
from engine.steps.tracker import graph_for_entity
from engine.titles.family1822.acquisition import MinorAcquisition
from engine.titles.family1822.operating import (
    DestinationToken,
    IssueShares1822,
    PendingToken1822,
    Route1822,
    SpecialTrack1822,
    Token1822,
    Track1822,
)
from engine.titles.family1822.rules import (
    Game1822Family,
    GameEnd1822,
    Setup1822,
    ShareRules1822,
    TrackRules1822,
    TrainRules1822,
)
from engine.titles.g1822_ca import data
from engine.titles.spec import TitleSpec

_MINORS = tuple(f"M{i}" for i in range(1, 31))
_PRIVATES = tuple(f"P{i}" for i in range(1, 31))
_CONCESSIONS = tuple(f"C{i}" for i in range(1, 11))
_MAJORS = ("CNoR", "CPR", "GNWR", "GT", "GTP", "GWR", "ICR", "NTR", "PGE", "QMOO")


class SetupCA(Setup1822):
    """The family's set-up on a one-row market (its usual left/right moves)."""

    def build(self) -> None:
        ModelSetup.build(self)


class ShareRulesCA(ShareRules1822):
    """Sales: with two players only the director's, per share; else per 10% by the director, one step by another
    seller."""

    def sell_movement(self, corporation: Any = None) -> str:
        return "left_share_pres" if len(self.game.players) == 2 else "left_per_10_if_pres_else_left_one"


class TrackRulesCA(TrackRules1822):
    """1822CA's upgrade exceptions: the white two-town hex that takes a city tile, the mountain passes' plain
    track (their label does not carry over), and the big-city upgrades the tile geometry would allow but the rules
    do not."""

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        game: Any = self.game
        hex_id = getattr(getattr(old, "hex", None), "id", None)
        if old.color == "white" and hex_id in game.WHITE_HEX_CITY_TILES:
            return bool(new.name in game.WHITE_HEX_CITY_TILES[hex_id])
        if game.BIG_CITY_ILLEGAL_UPGRADES.get(old.name) == new.name:
            return False
        if hex_id in game.MOUNTAIN_PASS_HEXES and new.name in game.MOUNTAIN_PASS_TILES:
            return (
                upgrades.upgrades_to_correct_color(old, new)
                and old.paths_are_subset_of(new.paths)
                and upgrades.upgrades_to_correct_city_town(old, new)
            )
        return super().upgrades_to(old, new, special)


class TrainRulesCA(TrainRules1822):
    """The grain train never runs by itself; phase 3's event: the line between Detroit and Duluth opens (its two
    blocked hexes get their track)."""

    def route_trains(self, entity: Any) -> list[Any]:
        game: Any = self.game
        return [t for t in super().route_trains(entity) if not game.grain_train(t)]

    def event_open_detroit_duluth(self) -> None:
        game: Any = self.game
        game.log("-- Event: the southern route connecting Detroit (Y29) and Duluth (P18) is now open --")
        blocker = game.detroit_duluth_blocker
        for token in blocker.tokens:
            if token.used:
                token.remove()
        for hex_id in game.DETROIT_DULUTH_HEXES:
            game.hex_by_id(hex_id).lay(game.tile_by_id(f"DD-{hex_id}-0"))
        game.graph.clear()


class TokenCA(Token1822):
    """A corporation may have tokens in several cities of one hex (the big cities); a corporation holding a
    token private (P10, Winnipeg station) stops at the step while it has a token left."""

    def can_place_token(self, entity: Any) -> bool:
        if (
            entity is self.current_entity()
            and not self.state.tokened
            and self.available_tokens(entity)
            and self.game.ability_rules.abilities(entity, "token")
        ):
            return True
        return bool(super().can_place_token(entity))

    SAME_HEX_ALLOWED: ClassVar[bool] = True

    def place_token(self, entity: Any, city: Any, token: Any, **kwargs: Any) -> None:
        kwargs["same_hex_allowed"] = True
        super().place_token(entity, city, token, **kwargs)

    def process_place_token(self, action: Any) -> None:
        super().process_place_token(action)
        game: Any = self.game
        game.after_place_token(game.city_by_id(action.city))


class AfterLayCA:
    """Track and private lays tell the game what was laid (privates used up, a home that moves); the white hex
    whose town and city become one city keeps none of its old track."""

    game: Any

    def old_paths_maintained(self, hex_: Any, tile: Any) -> bool:
        if hex_.tile.color == "white" and hex_.id in self.game.WHITE_HEX_CITY_TILES:
            return bool(tile.name in self.game.WHITE_HEX_CITY_TILES[hex_.id])
        return bool(super().old_paths_maintained(hex_, tile))  # type: ignore[misc]

    def process_lay_tile(self, action: Any) -> None:
        hex_ = self.game.hex_by_id(action.hex)
        old_tile = hex_.tile
        super().process_lay_tile(action)  # type: ignore[misc]
        self.game.after_lay_tile(hex_, old_tile, hex_.tile)

    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        """On a destination hex, the reach the lay will see once it has picked up the destination tokens
        (``Game1822CA.reach_a_lay_sees``)."""
        game = self.game
        if not game.destination_tokens_a_lay_lifts(hex_):
            return super().hex_neighbors(entity, hex_)  # type: ignore[misc, no-any-return]
        if getattr(entity, "is_company", False):  # a private lays for its corporation
            owner = entity.owner
            entity = owner if getattr(owner, "is_corporation", False) else self.round.current_entity()  # type: ignore[attr-defined]
        return game.reach_a_lay_sees(entity, hex_)  # type: ignore[no-any-return]


class ConsumedLayCA:
    """Once the corporation has laid track this turn, a private whose lay is the corporation's lay
    (``consume_tile_lay``: the town-removing and mountain-pass privates) can no longer lay (1822CA ERS playout
    6007: CPR laid a yellow tile, then P29's lay was offered and the reference refused it)."""

    state: Any

    def _unconsumed(self, abilities: Any) -> list[Any]:
        if not int(getattr(self.state, "num_laid_track", 0) or 0):
            return list(abilities)
        return [a for a in abilities if not (a.type == "tile_lay" and getattr(a, "consume_tile_lay", False))]

    def abilities(self, entity: Any, time: Any = None, **kwargs: Any) -> list[Any]:
        return self._unconsumed(super().abilities(entity, time, **kwargs))  # type: ignore[misc]

    def ability(self, entity: Any, **kwargs: Any) -> Any:
        found = super().ability(entity, **kwargs)  # type: ignore[misc]
        if found is None or self._unconsumed([found]):
            return found
        left = self.abilities(entity, kwargs.pop("time", None), **kwargs)
        return left[0] if left else None


class TrackCA(AfterLayCA, Track1822):
    """Passing the track step closes the three-tile grant private once it has been used."""

    def process_pass(self, action: Any) -> None:
        super().process_pass(action)
        game: Any = self.game
        entity = game.resolve_entity(action)
        grant = next((c for c in getattr(entity, "companies", ()) if c.sym == game.TILE_GRANT_COMPANY), None)
        if grant is None or grant.closed:
            return
        abilities = grant.all_abilities()
        if not abilities or not abilities[0].used:
            return
        game.log(f"{grant.name} closes")
        grant.close()


class SpecialTrackCA(ConsumedLayCA, AfterLayCA, SpecialTrack1822):
    """A mountain pass or town-removing private's lay ends the corporation's track turn; no private lays during
    the acquisition's bonus lay."""

    def actions(self, entity: Any) -> list[str]:
        if type(self.round.active_step()).__name__ == "AcquisitionTrack":
            return []
        return list(super().actions(entity))

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        """A minor's private lays no brown or gray tile (the step refuses it)."""
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        tiles = list(super().potential_tiles(entities, hex_))
        if getattr(getattr(entity, "owner", None), "type", None) == "minor":
            tiles = [t for t in tiles if t.color not in ("brown", "gray")]
        return tiles

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        """On a destination hex, a ``reachable`` private's lay must leave the hex reached without the
        destination tokens the lay picks up (``Game1822CA.reach_after_a_lay``): unless it is reached so already,
        only the sides the operator's track comes to, or none."""
        edges = super().available_hex(entity, hex_)
        game: Any = self.game
        ability = self.ability(entity) if edges is not None else None
        if ability is None or ability.type != "tile_lay" or not ability.reachable:
            return edges
        if not game.destination_tokens_a_lay_lifts(hex_):
            return edges
        owner = entity.owner
        operator = owner if getattr(owner, "is_corporation", False) else self.round.current_entity()
        if hex_.id == getattr(operator, "coordinates", None):
            return edges
        reached, joins = game.reach_after_a_lay(operator, hex_)
        if reached:
            return edges
        kept = [e for e in edges if e in joins]
        return kept or None

    def process_lay_tile(self, action: Any) -> None:
        super().process_lay_tile(action)
        if action.entity in self.game.CONSUME_TRACK_COMPANIES:
            self.state.num_laid_track += 1


class PendingTokenCA(PendingToken1822):
    """A home token chosen among a big city's cities goes only into one with a free slot."""

    def city_refusal(self, entity: Any, city: Any) -> str | None:
        game: Any = self.game
        if (
            entity.id in game.MOVING_HOMES
            and city.hex is not None
            and city.hex.id == entity.coordinates
            and city.available_slots == 0
        ):
            return f"Cannot place {entity.id}'s home token in occupied or reserved city"
        return super().city_refusal(entity, city)


class DestinationTokenCA(DestinationToken):
    """A destination in a big city with several cities its exits lead to (ICR in Quebec) is placed in a chosen
    city (``place_token``); a major places it once."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("hex_token", "place_token", "pass")

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "id", None) in self.game.destinated:
            return []
        return list(super().actions(entity))

    def destination_cities(self, entity: Any) -> list[Any]:
        game = self.game
        destination = game.destination_of(entity)
        if destination is None:
            return []
        found = game.destination_city(game.hex_by_id(destination), entity)
        return list(found) if isinstance(found, list) else [found]

    def connected_cities(self, entity: Any) -> list[Any]:
        """The destination cities the track joins to the major's home token (not to any token)."""
        first = entity.tokens[0] if entity.tokens else None
        home = first.city if first is not None and first.used else None
        if home is None:
            return []
        return [city for city in self.destination_cities(entity) if self.nodes_connected(city, home, entity)]

    def connected(self, entity: Any) -> bool:
        return bool(self.connected_cities(entity))

    @staticmethod
    def nodes_connected(start: Any, goal: Any, corporation: Any) -> bool:
        return walk_reaches(start, goal, corporation)

    def auto_actions(self, entity: Any) -> list[Action] | None:
        """Live play places the destination token as soon as it can, and passes when it cannot; a major joined
        to several of its destination's cities (ICR in Quebec) chooses the city itself (no auto action); joined to
        one of several, its token goes there (``place_token``: the hex alone does not say which city)."""
        token = self.destination_token(entity)
        connected = self.connected_cities(entity) if token is not None else []
        if not connected or len(connected) > 1:
            return super().auto_actions(entity) if not connected else None
        game = self.game
        hex_ = game.hex_by_id(game.destination_of(entity))
        if len(hex_.tile.cities) == 1 or not isinstance(game.destination_city(hex_, entity), list):
            return super().auto_actions(entity)
        city = connected[0]
        return [
            PlaceToken(
                entity=entity.id,
                entity_type="corporation",
                city=city.id,
                slot=city.get_slot(entity),
                token_type=token.type,
            )
        ]

    def process_place_token(self, action: Any) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        token = self.destination_token(entity)
        if token is None:
            raise IllegalAction("Corporation does not have a destination token unused")
        city = game.city_by_id(action.city)
        if city not in self.destination_cities(entity):
            raise IllegalAction(f"{entity.name}'s destination is not {city.id}")
        if not game.loading and not self.connected(entity):
            raise IllegalAction(f"Can't place the destination token on {city.hex.id} because it is not connected")
        game.place_destination_token(entity, city.hex, token, city)
        game.remove_extra_tokens(city.hex.tile)
        for corporation in game.moving_homes():
            game.update_home(corporation)
        self.pass_()


class IssueSharesCA(IssueShares1822):
    """Issued shares move the price left one step each."""

    def process_sell_shares(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.issuable_shares(entity), "issue")
        self.game.share_rules.sell_shares_and_change_price(bundle, movement="left_share")
        self.pass_()


class MinorAcquisitionCA(MinorAcquisition):
    """The major acquiring a minor gets a bonus track action (``AcquisitionTrack``)."""

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["acquiring_major"] = None
        return state

    def entity_connects(self, entity: Any, minor: Any) -> bool:
        """In live play a major reaches the minor it acquires: a bid-box minor's reserved home city (minor 13: any
        city of its home hex), an owned minor's token."""
        game = self.game
        reached = game.graph.connected_nodes(entity)
        if self.from_bank(minor):
            cities = game.hex_by_id(minor.coordinates).tile.cities
            if minor.id == game.MINOR_14:
                return any(reached.get(c) for c in cities)
            city = next((c for c in cities if c.reserved_by(minor)), None)
        else:
            city = minor.tokens[0].city if minor.tokens else None
        return city is not None and bool(reached.get(city))

    def process_merge(self, action: Action) -> None:
        game = self.game
        if not game.loading:
            entity = game.resolve_entity(action)
            minor = game.corporation_by_id(getattr(action, "corporation", None))
            if not self.entity_connects(entity, minor):
                raise IllegalAction(f"Can't acquire minor {minor.id} because it is not connected to {entity.id}")
        super().process_merge(action)

    def choose(self, entity: Any, choice: Any) -> None:
        acquiring = self.state == "choose_token"
        from_player = acquiring and not self.from_bank(self.selected)
        super().choose(entity, choice)
        if acquiring:
            setattr(self.round, "acquiring_major", entity)  # noqa: B010 - round_state attributes are dynamic
            if from_player and str(choice) == "exchange":
                self.game.graph.clear()


class AcquisitionTrack(TrackCA):
    """The bonus lay (or upgrade) after acquiring a minor, whatever was laid before this turn."""

    NAME: ClassVar[str] = "AcquisitionTrack"

    def description(self) -> str:
        return "Lay/Upgrade Track (Acquisition Bonus)"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or entity is not getattr(self.round, "acquiring_major", None):
            return []
        return list(self.ACTIONS)

    def tile_lay_index(self) -> int:
        return 0

    def process_lay_tile(self, action: Any) -> None:
        super().process_lay_tile(action)
        if not self.passed:
            self.pass_()

    def type_name(self) -> str:
        return "track"


class RouteCA(Route1822):
    """Before running, the Pullman (P) and then the grain train (G) may each be attached to a train, or not
    ("None"): a Pullman train also visits twice its length in towns; the grain train's carrier also counts the
    grain elevators it passes (its own stops) and earns the port bonus."""

    SKIP: ClassVar[str] = "None"

    def setup(self) -> None:
        super().setup()
        self.skipped = {"pullman": False, "grain": False}
        self.attached = None
        self.grain: tuple[Any, Any, Any] | None = None
        self.game.train_with_pullman = None
        self.game.train_with_grain = None

    def grain_choices(self, entity: Any) -> list[Any]:
        game = self.game
        pullman = game.train_with_pullman
        return [t for t in game.train_rules.route_trains(entity) if t.name != game.E_TRAIN and t is not pullman]

    def choosing_kind(self, entity: Any) -> str | None:
        if not getattr(self, "skipped", {}).get("pullman", False) and super().choosing(entity):
            return "pullman"
        if (
            not self.skipped["grain"]
            and getattr(self, "grain", None) is None
            and any(self.game.grain_train(t) for t in entity.trains)
            and self.grain_choices(entity)
        ):
            return "grain"
        return None

    def choosing(self, entity: Any) -> bool:
        return self.choosing_kind(entity) is not None

    def choice_name(self) -> str:
        if self.choosing_kind(self.current_entity()) == "grain":
            return "Attach grain train (G) to a train"
        return super().choice_name()

    def choices(self, entity: Any) -> list[Choice]:
        kind = self.choosing_kind(entity)
        if kind is None:
            return []
        trains = self.pullman_choices(entity) if kind == "pullman" else self.grain_choices(entity)
        return [Choice(self.SKIP, self.SKIP)] + [Choice(str(i), f"{t.name} train") for i, t in enumerate(trains)]

    def choose(self, entity: Any, choice: Any) -> None:
        kind = self.choosing_kind(entity)
        game = self.game
        if str(choice) == self.SKIP:
            self.skipped[str(kind)] = True
            game.log(f"{entity.id} skips attaching {'pullman' if kind == 'pullman' else 'grain train'}")
            return
        if kind == "pullman":
            train = self.pullman_choices(entity)[int(choice)]
            game.log(f"{entity.id} attaches the pullman to a {train.name} train")
            self.attached = (train, train.name, train.distance)
            distance = train.distance
            if isinstance(distance, int):
                visit = distance
            else:
                row = next((d for d in distance if "city" in d.get("nodes", [])), None)
                visit = int(row["visit"]) if row is not None else 0
            train.name = f"{train.name}+{2 * visit}"
            train.distance = [
                {"nodes": ["town"], "pay": 2 * visit, "visit": 2 * visit},
                {"nodes": ["city", "offboard", "town"], "pay": visit, "visit": visit},
            ]
            train._local = None
            game.train_with_pullman = train
            return
        train = self.grain_choices(entity)[int(choice)]
        game.log(f"{entity.id} attaches the grain train to a {train.name} train")
        self.grain = (train, train.name, train.distance)
        distance = train.distance
        rows = (
            [{"nodes": ["city", "offboard", "town"], "pay": distance, "visit": distance}]
            if isinstance(distance, int)
            else list(distance)
        )
        count = game.GRAIN_ELEVATOR_COUNT
        train.distance = [{"nodes": [game.GRAIN_ELEVATOR_TYPE], "pay": count, "visit": count}, *rows]
        train.no_local = True
        train.name += "-G" if train.name.endswith("P") else "G"
        train._local = None
        game.train_with_grain = train

    def pays_as_recorded(self, route: Any, entry: Any) -> bool:
        """A recorded run whose track cannot be followed (1822CA/3 action 907: a 5P train's run through C11,
        whose tile does not lead to B10) is paid as recorded, as the site replays it (also with its live-play
        checks: the site trusts a stored revenue)."""
        return route.stored_revenue is not None and bool(entry.get("connections")) and not route.visited_stops

    def process_run_routes(self, action: Action) -> None:
        super().process_run_routes(action)
        self.game.train_with_pullman = None
        if self.grain is not None:
            train, name, distance = self.grain
            train.name = name
            train.distance = distance
            train.no_local = False
            train._local = None
            self.grain = None
            self.game.train_with_grain = None


class GameEndCA(GameEnd1822):
    """The family's bank timing; in 1822CA (not its scenarios) a bank broken in an operating round adds one more
    operating round to the set (once)."""

    def set_final_turn(self, reason: str, timing: str) -> None:
        super().set_final_turn(reason, timing)
        game: Any = self.game
        if game.EXTRA_OR_ON_BANK_BREAK and (reason, timing) == ("bank", "full_or") and not game.extra_or_added:
            game.extra_or_added = True
            game.operating_rounds += 1


class AssignSawmill(Choosing, Assign):
    """The sawmill private (P13) puts its token on a hex with a city or town; its owner then chooses an open
    sawmill ($20 for every corporation's run there) or a closed one ($10 for its own corporation only)."""

    NAME: ClassVar[str] = "AssignSawmill"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.sawmill_state = "none"
        self.sawmill_owner: Any = None

    def description(self) -> str:
        return "sawmill"

    def actions(self, entity: Any) -> list[str]:
        if self.sawmill_state == "assigned":
            return ["choose"]
        return list(super().actions(entity))

    def blocks(self) -> bool:
        return self.sawmill_state == "assigned"

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        found = super().available_hex(entity, hex_)
        return found if found is not None and (hex_.tile.cities or hex_.tile.towns) else None

    def process_assign(self, action: Action) -> None:
        company = self.game.resolve_entity(action)
        owner = company.owner
        super().process_assign(action)
        self.sawmill_owner = owner
        self.sawmill_state = "assigned"
        self.game.sawmill_hex = self.game.hex_by_id(getattr(action, "target", None))

    def choice_name(self) -> str:
        return "Choose the Sawmill token"

    def choices(self, entity: Any) -> list[Choice]:
        if self.sawmill_state != "assigned":
            return []
        return [
            Choice("open", "Open: +$20 for everyone"),
            Choice("closed", f"Closed: +$10 only for {self.sawmill_owner.name}"),
        ]

    def choose(self, entity: Any, choice: Any) -> None:
        game = self.game
        hex_ = game.sawmill_hex
        where = f"{hex_.id} ({hex_.location_name})"
        if choice == "open":
            game.sawmill_bonus = 20
            game.log(
                f"Open Sawmill token placed on {where} for a $20 bonus to the total revenue of any "
                "corporation's routes that include that location"
            )
        else:
            game.sawmill_bonus = 10
            game.sawmill_owner = self.sawmill_owner
            game.log(
                f"Closed Sawmill token placed on {where} for a $10 bonus to the total revenue of "
                f"{self.sawmill_owner.name}'s routes which include that location"
            )
        self.sawmill_state = "chosen"
        self.pass_()


class Game1822CA(Game1822Family):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SETUP: ClassVar[type[ModelSetup]] = SetupCA
    SHARE_RULES: ClassVar[type[ShareRules1822]] = ShareRulesCA
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (_PRIVATES + _CONCESSIONS + _MINORS, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (
        tuple(str(i) for i in range(1, 31)) + _MAJORS,
        (),
    )
    BIDDING_TOKENS: ClassVar[dict[int, int]] = {2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 3}
    START_MINOR: ClassVar[str | None] = "M6"
    START_CONCESSION: ClassVar[str | None] = "C2"
    START_PRIVATE: ClassVar[str | None] = "P1"
    DOUBLE_CASH_COMPANY: ClassVar[str | None] = "P7"
    DOUBLE_CASH_REVENUE: ClassVar[tuple[int, ...]] = (0, 0, 0, 20, 20, 40, 40, 60)
    TAX_HAVEN_COMPANY: ClassVar[str | None] = "P11"
    STATION_SWAP_COMPANY: ClassVar[str | None] = "P28"
    MINOR_14: ClassVar[str | None] = "13"
    MINOR_14_HOME: ClassVar[str] = "AC21"
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ("13",)
    COMPANY_SHORT_NAMES: ClassVar[dict[str, str]] = data.COMPANY_SHORT_NAMES
    DOUBLE_HEX: ClassVar[tuple[str, ...]] = ("G13", "I15", "AB22", "AG13", "AH10")
    MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P22", "P23")
    EXCHANGE_TOKENS: ClassVar[dict[str, int]] = {
        "CNoR": 3,
        "CPR": 4,
        "GNWR": 3,
        "GT": 3,
        "GTP": 3,
        "GWR": 3,
        "ICR": 3,
        "NTR": 3,
        "PGE": 3,
        "QMOO": 3,
    }
    DESTINATIONS: ClassVar[dict[str, str]] = {k: v["destination_coordinates"] for k, v in data.DESTINATIONS.items()}
    MAJOR_TILE_LAYS: ClassVar[tuple[dict[str, Any], ...]] = (
        {"lay": True, "upgrade": True, "cannot_reuse_same_hex": True},
        {"lay": "not_if_upgraded", "upgrade": False, "cannot_reuse_same_hex": True},
    )
    TWO_HOME_CORPORATION: ClassVar[str | None] = "CPR"
    ACQUISITION: ClassVar[dict[str, tuple[tuple[str, ...], int]]] = data.ACQUISITION
    REMOVE_REVENUE: ClassVar[tuple[str, ...]] = data.REMOVE_REVENUE
    PHASE_REVENUE: ClassVar[dict[str, int]] = {"P8": 10, "P9": 5}
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        "P3": "2P-0",
        "P4": "2P-1",
        "P1": "5P-0",
        "P5": "P-0",
        "P6": "P-1",
        "P2": "LP-0",
        "P26": "G-0",
        "P27": "G-1",
    }
    EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ("2P", "P", "LP", "G")
    PULLMAN_TRAIN: ClassVar[str] = "P"
    #: a corporation holds one grain train (a second one acquired is discarded)
    SINGLE_EXTRA_TRAINS: ClassVar[tuple[str, ...]] = ("G",)
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesCA
    END_RULES: ClassVar[type[GameEndRules]] = GameEndCA
    #: when the bank breaks, the current set of operating rounds gets one more (not in the scenarios)
    EXTRA_OR_ON_BANK_BREAK: ClassVar[bool] = True
    extra_or_added: bool = False
    #: privates whose lays are extra (the big cities' free upgrades, the three-tile grant)
    EXTRA_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P14", "P15", "P16", "P17", "P18", "P21")
    SPECIAL_TOKEN_ONLY_WHILE_TOKENING: ClassVar[bool] = False
    #: the Winnipeg station private places an exchange token
    EXCHANGE_TOKEN_PRIVATES: ClassVar[tuple[str, ...]] = ("P10",)
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesCA
    #: the two hexes of the Detroit-Duluth line, blocked until phase 3 (none in the scenarios)
    DETROIT_DULUTH_HEXES: ClassVar[tuple[str, ...]] = ("Q19", "Y27")
    #: white hexes taking only some city tiles (their towns become one city)
    WHITE_HEX_CITY_TILES: ClassVar[dict[str, tuple[str, ...]]] = {"AG13": ("5", "6", "57")}
    #: the mountain passes: plain yellow track on a labelled hex; the private that lays each
    MOUNTAIN_PASS_HEXES: ClassVar[dict[str, str]] = {"E11": "P20", "F16": "P19"}
    MOUNTAIN_PASS_TILES: ClassVar[tuple[str, ...]] = ("7", "8", "9")
    #: big-city upgrades that are not allowed: tile -> the tile it may not become
    BIG_CITY_ILLEGAL_UPGRADES: ClassVar[dict[str, str]] = {
        "M2": "M6",
        "M3": "M4",
        "O2": "O3",
        "O4": "O5",
        "Q4": "Q5",
        "T5": "T6",
        "W5": "W6",
    }

    def setup(self) -> None:
        self.destinated: set[str] = set()
        super().setup()
        self.block_detroit_duluth()

    def block_detroit_duluth(self) -> None:
        """A bank-owned blocker's tokens fill the two cities of the Detroit-Duluth line (no route passes)."""
        blocker = Corporation("DD", "Detroit-Duluth blocker", [0, 0])
        blocker.owner = self.bank
        self.detroit_duluth_blocker = blocker
        for hex_id in self.DETROIT_DULUTH_HEXES:
            token = blocker.next_token()
            if token is None:
                continue
            self.hex_by_id(hex_id).tile.cities[0].place_token(blocker, token, free=True, check_tokenable=False)

    def operating_round_steps(self) -> list[Any]:
        replaced = {
            Token1822: TokenCA,
            Track1822: TrackCA,
            SpecialTrack1822: SpecialTrackCA,
            PendingToken1822: PendingTokenCA,
            DestinationToken: DestinationTokenCA,
            IssueShares1822: IssueSharesCA,
            MinorAcquisition: MinorAcquisitionCA,
            Route1822: RouteCA,
        }
        steps = [replaced.get(step, step) for step in super().operating_round_steps()]
        # the acquisition's bonus lay comes right after the acquisition
        steps.insert(steps.index(MinorAcquisitionCA) + 1, AcquisitionTrack)
        steps.insert(steps.index(AcquireCompany) + 1, AssignSawmill)
        return steps

    # --- lays and tokens ------------------------------------------------------------------------------------
    #: the big cities and the private giving free upgrades there
    BIG_CITY_COMPANIES: ClassVar[dict[str, str]] = {
        "AH8": "P17",
        "N16": "P18",
        "AC21": "P14",
        "AE15": "P15",
        "AF12": "P16",
    }
    #: majors whose home is any city of a big city with room (QMOO in Quebec): its reservation follows the lays
    MOVING_HOMES: ClassVar[tuple[str, ...]] = ("QMOO",)

    #: the privates removing a single town with plain track; tiles with a town and the plain tiles they become
    REMOVE_TOWN_COMPANIES: ClassVar[tuple[str, ...]] = ("P29", "P30")
    TRACK_TOWN: ClassVar[tuple[str, ...]] = ("3", "4", "58", "141", "142", "143", "144", "767", "768", "769", "X17")
    TRACK_PLAIN: ClassVar[tuple[str, ...]] = ("7", "8", "9", "80", "81", "82", "83", "544", "545", "546", "60", "169")
    #: the private laying three free tiles in one or several turns (closing once its owner passes after using it)
    TILE_GRANT_COMPANY: ClassVar[str] = "P21"
    #: privates whose lay is the corporation's whole track turn
    CONSUME_TRACK_COMPANIES: ClassVar[tuple[str, ...]] = ("P19", "P20", "P29", "P30")

    #: the big cities' tiles and the rotations each may take (their track only fits the printed layout so)
    BIG_CITY_ROTATIONS: ClassVar[dict[str, tuple[int, ...]]] = {
        **dict.fromkeys(
            (
                "M5",
                "M6",
                "M8",
                "O2",
                "O6",
                "O8",
                "Q6",
                "Q8",
                "T1",
                "T2",
                "T3",
                "T4",
                "T5",
                "W2",
                "W4",
                "W5",
                "W6",
                "W7",
            ),
            (0,),
        ),
        **dict.fromkeys(("M1", "M2", "M3", "M4", "O7"), (0, 5)),
        **dict.fromkeys(("M7", "O1", "O3", "O4", "O5"), (0, 1)),
        **dict.fromkeys(("Q1", "Q2", "Q3", "Q4", "Q5", "Q7"), (0, 3, 5)),
        "W3": (0, 2, 3),
    }

    def legal_tile_rotation(self, entity: Any, hex_: Any, tile: Any) -> bool:
        rotations = self.BIG_CITY_ROTATIONS.get(tile.name)
        if rotations is not None and tile.rotation not in rotations:
            return False
        return bool(super().legal_tile_rotation(entity, hex_, tile))

    def tax_haven_multiple(self) -> bool:
        """The tax haven always buys with its own cash, one share per stock round (1822's option is the rule)."""
        return True

    def after_lay_tile(self, hex_: Any, old_tile: Any, tile: Any) -> None:
        """A mountain pass's private is spent once the pass has track; a big city's once it is gray; a moving
        home follows the new tile."""
        company_id = None
        if tile.color == "yellow":
            company_id = self.MOUNTAIN_PASS_HEXES.get(hex_.id)
        elif tile.color == "gray":
            company_id = self.BIG_CITY_COMPANIES.get(hex_.id)
        if company_id is not None:
            company = next((c for c in self.companies if c.sym == company_id), None)
            if company is not None:
                for ability in list(company.all_abilities()):
                    company.remove_ability(ability)
        for corporation in self.moving_homes():
            if corporation.coordinates == hex_.id:
                self.update_home(corporation, tile_trigger=True)

    def after_place_token(self, city: Any) -> None:
        for corporation in self.moving_homes():
            if city.hex is not None and city.hex.id == corporation.coordinates:
                self.update_home(corporation)

    def moving_homes(self) -> list[Any]:
        return [c for c in self.corporations if c.id in self.MOVING_HOMES]

    def update_home(self, corporation: Any, tile_trigger: bool = False) -> None:
        """A moving home: once its home token is down, a yellow lay there takes it back up (its owner chooses
        again among the cities with room); before, its reservation moves to the one city with room, or to the
        hex."""
        hex_ = self.hex_by_id(corporation.coordinates)
        first = corporation.tokens[0]
        operated = first.used and first.city is not None and first.city.hex is hex_
        if operated and tile_trigger and hex_.tile.color == "yellow":
            first.remove()
            self.add_home_reservation(corporation)
            self.track_rules.place_home_token(corporation)
        elif not operated:
            hex_.tile.remove_reservation(corporation)
            self.add_home_reservation(corporation)

    def add_home_reservation(self, corporation: Any) -> None:
        tile = self.hex_by_id(corporation.coordinates).tile
        cities = [c for c in tile.cities if c.available_slots > 0]
        tile.add_reservation(corporation, cities[0].index if len(cities) == 1 else None)

    def pending_home_tokeners(self) -> tuple[str, ...]:
        """Minor 13 and, once Quebec has track, QMOO choose their home city without a route to it."""
        quebec = self.hex_by_id("AH8")
        return self.PENDING_HOME_TOKENERS + (() if quebec.tile.color == "white" else self.MOVING_HOMES)

    # --- revenue --------------------------------------------------------------------------------------------
    #: grain elevators (a major's train earns $10 each, $10 more for reaching each coast's port)
    GRAIN_ELEVATORS: ClassVar[tuple[str, ...]] = ("G13", "H16", "I11", "I15", "I17", "J16", "K13", "K17", "L16", "M17")
    WEST_PORTS: ClassVar[tuple[str, ...]] = ("A7", "C15")
    EAST_PORTS: ClassVar[tuple[str, ...]] = ("N6", "R16")

    GRAIN_TRAIN: ClassVar[str] = "G"
    GRAIN_ELEVATOR_TYPE: ClassVar[str] = "grain_elevator"
    GRAIN_ELEVATOR_COUNT: ClassVar[int] = 12

    def stop_type_for(self, stop: Any, train: Any) -> str:
        """The grain elevators are their own stops for the train carrying the grain train."""
        if train is self.train_with_grain and stop.hex is not None and stop.hex.id in self.GRAIN_ELEVATORS:
            return self.GRAIN_ELEVATOR_TYPE
        return stop_type(stop)

    def grain_train(self, train: Any) -> bool:
        return bool(train.name == self.GRAIN_TRAIN)

    train_with_pullman: Any = None
    train_with_grain: Any = None

    #: the sawmill's hex, its bonus ($20 open, $10 closed) and, closed, the corporation it pays
    sawmill_hex: Any = None
    sawmill_bonus: int = 0
    sawmill_owner: Any = None

    def revenue_for(self, route: Any, stops: Any) -> int:
        revenue = int(super().revenue_for(route, stops))
        sawmill = self.best_sawmill_bonus(route.routes or [route])
        if sawmill is not None and sawmill[0] is route:
            revenue += sawmill[1]
        return revenue + self.grain_and_port_bonus(route.train, stops)

    @staticmethod
    def tokened_by(city: Any, corporation: Any) -> bool:
        """Tokens in a city's extra slots count too (the Winnipeg station private's)."""
        return bool(city.tokened_by(corporation, ["normal", "destination"]))

    def best_sawmill_bonus(self, routes: list[Any]) -> tuple[Any, int] | None:
        """The sawmill pays once per run, on the route earning it most."""
        if not routes or self.sawmill_hex is None:
            return None
        owner = routes[0].train.owner
        if self.sawmill_owner is not None and owner is not self.sawmill_owner:
            return None
        bonuses = [b for b in (self.sawmill_bonus_for(r) for r in routes) if b is not None]
        if not bonuses:
            return None
        best = max(b[1] for b in bonuses)
        return [b for b in bonuses if b[1] == best][-1]  # the last of equal ones, as the site's sort_by.reverse

    def sawmill_bonus_for(self, route: Any) -> tuple[Any, int] | None:
        if getattr(route, "OUTRANKS_ALL", False):
            return None  # the route optimiser's stand-in for "a longer route" visits no sawmill
        stop = next((s for s in route.visited_stops if s.hex is self.sawmill_hex), None)
        if stop is None:
            return None
        entity = route.train.owner
        e_train = route.train.name == self.E_TRAIN
        if e_train and not self.tokened_by(stop, entity):
            return None
        multiplier = 1
        if getattr(stop, "is_city", False) and any(
            t is not None and t.type == "destination" and t.corporation is entity for t in stop.tokens
        ):
            bonus = self.destination_bonus(route.routes or [route])
            if bonus is not None and bonus[0] is route:
                multiplier = 2
        if e_train:
            multiplier *= 2
        return route, self.sawmill_bonus * multiplier

    #: the small mail contracts: a flat subsidy by phase for one route each
    SMALL_MAIL_CONTRACTS: ClassVar[tuple[str, ...]] = ("P24", "P25")

    def small_mail_subsidy(self) -> int:
        phase = int(self.phase.name)
        return 20 if 3 <= phase <= 4 else 30 if 5 <= phase <= 6 else 40 if phase == 7 else 0

    def mail_contract_bonus(self, entity: Any, routes: list[Any]) -> list[tuple[Any, int]]:
        """Large contracts as the family's; each small contract a flat subsidy for a route; with fewer routes
        than contracts the larger subsidies are taken first."""
        large = list(super().mail_contract_bonus(entity, routes))
        smalls = sum(1 for c in entity.companies if c.sym in self.SMALL_MAIL_CONTRACTS)
        if not large and not smalls:
            return []
        small = [(route, self.small_mail_subsidy()) for route in routes][:smalls]
        if len(routes) >= len(large) + smalls or not large or not small:
            return large + small
        chosen: list[tuple[Any, int]] = []
        li = si = 0
        for _ in routes:
            big = large[li] if li < len(large) else (None, 0)
            little = small[si] if si < len(small) else (None, 0)
            if little[1] > big[1]:
                si += 1
                chosen.append(little)
            else:
                li += 1
                chosen.append(big)
        return chosen

    def grain_and_port_bonus(self, train: Any, stops: Any) -> int:
        """A major's train through grain elevators: $10 each and $10 per coast's port reached; the train
        carrying the grain train earns $20 per port instead (its elevators are its stops)."""
        if getattr(train.owner, "type", None) == "minor":
            return 0
        if train is self.train_with_pullman or train.name == self.E_TRAIN:
            return 0
        hexes = [stop.hex.id for stop in stops if stop.hex is not None]
        elevators = sum(1 for h in hexes if h in self.GRAIN_ELEVATORS)
        if not elevators:
            return 0
        ports = int(any(h in self.EAST_PORTS for h in hexes)) + int(any(h in self.WEST_PORTS for h in hexes))
        if train is self.train_with_grain:
            return 20 * ports
        return 10 * elevators + 10 * ports

    # --- destinations ---------------------------------------------------------------------------------------
    def destination_city(self, hex_: Any, corporation: Any) -> Any:
        """The destination's city: the hex's first, or, for a major whose destination is some exits of a big
        city, the city those exits lead to (a list when several)."""
        exits = data.DESTINATIONS.get(corporation.id, {}).get("destination_exits")
        tile = hex_.tile
        if not exits:
            return tile.cities[0] if tile.cities else []
        found: list[Any] = []
        for path in tile.paths:
            if not set(path.exits) & set(exits):
                continue
            for node in path.nodes:
                if getattr(node, "is_city", False) and node not in found:
                    found.append(node)
        return found[0] if len(found) == 1 else found

    def place_destination_token(self, entity: Any, hex_: Any, token: Any, city: Any = None, log: bool = True) -> None:
        if city is None:
            city = self.destination_city(hex_, entity)
        if isinstance(city, list):
            raise IllegalAction(f"{entity.name} is connected to multiple cities on the hex: choose the city")
        city.place_token(entity, token, free=True, check_tokenable=False, cheater=True)
        self.graph.clear()
        if log:
            self.log(f"{entity.name} places its destination token on {hex_.id}")
        self.destinated.add(entity.id)

    def destination_tokens_a_lay_lifts(self, hex_: Any) -> list[Any]:
        """The destination tokens a lay on ``hex_`` picks up before it is checked (those in an extra slot on a
        destination hex; :meth:`preprocess_action`)."""
        if hex_.id not in set(self.DESTINATIONS.values()):
            return []
        return [
            token
            for city in hex_.tile.cities
            for token in city.tokens
            if token is not None and token.type == "destination" and token.cheater
        ]

    def reach_a_lay_sees(self, corporation: Any, hex_: Any) -> list[int] | None:
        """The edges of ``hex_`` the corporation's track reaches as a lay on ``hex_`` finds them (None: not
        reached).  That lay first picks up the hex's destination tokens (:meth:`preprocess_action`), then asks the
        graph: the graph cached before it (the reference's, filled with the tokens down) when there is one, else a
        fresh walk without them.  Asked before the lay (the legal moves), the walk is made without the tokens on a
        graph of its own, the tokens put back as they were (1822CA playout seed 10009: GT reached Montreal only
        through its destination token there; both engines refused the upgrade the moves had offered)."""
        graph = graph_for_entity(self, corporation)
        if not self.destination_tokens_a_lay_lifts(hex_) or self.read_guard.cached_before_reads(
            graph, "_connected_hexes", corporation
        ):
            edges = graph.connected_hexes(corporation).get(hex_)
            return None if edges is None else list(edges)
        with self._destination_tokens_lifted(hex_):
            edges = self._fresh_graph(graph).connected_hexes(corporation).get(hex_)
        return None if edges is None else list(edges)

    def reach_after_a_lay(self, corporation: Any, hex_: Any) -> tuple[bool, list[int]]:
        """Whether the corporation's routes reach ``hex_`` once a lay there has picked up the hex's destination
        tokens, and the edges of ``hex_`` its track comes to: a ``reachable`` private's lay is checked after the
        lay on a fresh walk (the lay clears the graph) without those tokens, so the new tile must join that
        track unless the hex is reached already (1822CA ERS playout seed 12100: GT reached Montreal only through
        its destination token there; P16's M8 there was offered, and both engines refused it)."""
        graph = graph_for_entity(self, corporation)
        with self._destination_tokens_lifted(hex_):
            fresh = self._fresh_graph(graph)
            reached = bool(fresh.reachable_hexes(corporation).get(hex_))
            edges = fresh.connected_hexes(corporation).get(hex_)
        return reached, list(edges or [])

    @staticmethod
    def _fresh_graph(graph: Any) -> Any:
        return type(graph)(graph.host, home_as_token=graph.home_as_token, no_blocking=graph.no_blocking)

    @contextmanager
    def _destination_tokens_lifted(self, hex_: Any) -> Iterator[None]:
        """The destination tokens a lay on ``hex_`` picks up, off the map for the block, then put back as
        they were (for walks made before the lay: the graphs' own caches are not touched)."""
        lifted = self.destination_tokens_a_lay_lifts(hex_)
        cities = {id(t.city): t.city for t in lifted}
        slots = [(city, list(city.tokens), list(city.extra_tokens)) for city in cities.values()]
        placed = [(t, t.city, t.used, t.extra, t.cheater) for t in lifted]
        try:
            for token in lifted:
                token.remove()
            yield
        finally:
            for city, tokens, extra in slots:
                city.tokens, city.extra_tokens = tokens, extra
            for token, city, used, extra, cheater in placed:
                token.city, token.used, token.extra, token.cheater = city, used, extra, cheater

    def preprocess_action(self, action: Action, entity: Any) -> None:
        """A lay on a destination hex first picks up the destination tokens (they go back down after it, in
        an extra slot only if they still need one; the moving homes see the cities without them)."""
        super().preprocess_action(action, entity)
        self.pending_destination_tokens: list[tuple[Any, Any]] = []
        if not isinstance(action, LayTile):
            return
        hex_ = self.hex_by_id(action.hex)
        if hex_.id not in set(self.DESTINATIONS.values()):
            return
        tile = self.tile_by_id(action.tile)
        tile.rotate(action.rotation)
        lifted = self.destination_tokens_a_lay_lifts(hex_)
        city_map = hex_.city_map_for(tile)
        self.pending_destination_tokens = [(token, city_map.get(token.city)) for token in lifted]
        for token, _city in self.pending_destination_tokens:
            token.remove()

    def action_processed(self, action: Action) -> None:
        pending = getattr(self, "pending_destination_tokens", [])
        self.pending_destination_tokens = []
        for token, city in pending:
            if city is not None and city.hex is not None:
                self.place_destination_token(token.corporation, city.hex, token, city, log=False)
        super().action_processed(action)
