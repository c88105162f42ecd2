"""The data format of a title: what a published 18xx game *is*, as plain frozen records.

A title package (``engine/titles/g1830/`` ...) holds two modules:

* ``data.py`` defines one module-level constant ``TITLE = TitleSpec(...)`` built from the records
  below.  It contains facts only (the map, the tile supply, the certificates, the trains ...),
  written as readable Python, grouped and commented like a rulebook.
* ``rules.py`` (owned by the game core) holds the few behaviours that cannot be said as data:
  step lists, setup tweaks, revenue bonuses and other hooks.

``Game`` setup reads a ``TitleSpec`` and builds its live objects from it.  The records are frozen,
and the mappings and dictionaries inside them are shared by every game in the process, so they
are read-only by convention.  Anything a game changes (an
ability used up, a tile laid) lives in the game's own objects.  A record that holds plain
dictionaries (abilities, tile lays, train events) hands out private copies through a method
(``CompanySpec.ability_dicts()``, ...) for the live model.  ``copy.copy``/``copy.deepcopy`` of a
record return the record itself, so snapshots of a game share its title data.

Adding a title (1889, 18Chesapeake, 1846 ...)
-------------------------------------------
1. Create ``engine/titles/g<title>/data.py`` with ``TITLE = TitleSpec(...)``.  Start from the
   published rules; check the facts against the reference dump
   ``shared/reference/titles/<title>.json`` (read it, never copy or load it).
2. Rule switches: build a ``RuleSet(...)`` passing only the switches that differ from the
   engine-wide defaults, which are the defaults of the ``RuleSet`` fields (the reference's
   ``inherited`` block).  Field names are the reference constants in snake_case
   (``MUST_SELL_IN_BLOCKS`` -> ``must_sell_in_blocks``); symbol values are plain strings.
3. The map: ``hexes`` maps a colour (``"white"``, ``"yellow"``, ``"gray"``, ``"red"``, ``"blue"``)
   to ``{tile: (hex ids ...)}`` where ``tile`` is either a code in the tile notation
   (``"city=revenue:20;path=a:5,b:_0"``) or the name of an engine-catalogue tile (``"blank"``,
   ``"town"``, ``"city"``).  Keep the colours, the groups and the hex ids inside a group in the
   published order: hexes are created in that order, and a preprinted tile's id is
   ``<name>-<position in its group>`` where ``name`` is the catalogue name (``"blank-3"``) or,
   for a code, the hex id itself (``"E11-0"``, ``"H18-1"``).  ``TitleSpec.preprinted_hexes()``
   yields every hex with its colour, tile and position.  (A title whose two groups of one colour
   share exactly the same code cannot be written as a mapping; none of the supported titles has
   one.)
4. The tile supply: ``tiles`` maps every tile name to its count (or ``"unlimited"``) in the
   published manifest order (tile ids ``57-0``, ``57-1`` ... are numbered per name in that order).
   Tiles that are not in the engine catalogue also get an entry in ``custom_tiles`` with their
   colour and code.
5. Companies, minors, corporations, trains and phases: one record each, in the published order
   (it is the order of the auction, the operating order tie-breaks and the train depot).
   Abilities are plain dictionaries keyed like the reference's abilities (``type``,
   ``owner_type``, ``when``, ``hexes``, ``tiles``, ``count``, ``shares``, ``corporations`` ...):
   that is the interchange format with ``engine.abilities``.
6. Player counts: ``bank_cash``, ``starting_cash`` and ``cert_limit`` are one number or a table by
   player count (``cert_limit`` may nest a table by corporations in play, as 1846 does); read
   them through ``bank_cash_for``/``starting_cash_for``/``cert_limit_for``.  A train count that
   depends on the players goes in ``TrainSpec.num_by_players``.
7. Optional rules: an ``OptionalRuleSpec`` per option.  Switches an option changes go in its
   ``rule_changes`` (``TitleSpec.rules_for(options)`` applies them); a train count an option
   changes goes in ``TrainSpec.num_by_option`` (``TrainSpec.copies(options)``); anything else an
   option does belongs in ``rules.py``.
8. Register the package in ``engine/titles/registry.py`` and add a test comparing the data with
   the reference dump component by component (see ``tests/engine/test_title_data.py``).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Container, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, Self, TypeVar

# ---------------------------------------------------------------------------------------------
# Small vocabulary
# ---------------------------------------------------------------------------------------------

#: A count in a manifest: a number, or the string "unlimited" (one copy is made at a time).
Count = int | Literal["unlimited"]

#: A value that depends on the number of players: one number for every count, or a table.
PerPlayers = int | Mapping[int, int]

#: A certificate limit: one number, a table by players, or (1846) a table by players whose
#: entries are tables by the number of corporations still in the game.
CertLimit = int | Mapping[int, int | Mapping[int, int]]

#: A plain dictionary in the reference's key vocabulary (abilities, tile lays, train events).
Record = Mapping[str, Any]

UNLIMITED: Literal["unlimited"] = "unlimited"


class _SharedRecord:
    """Base of the spec records: immutable, so copying one returns it unchanged."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


def _copies(records: tuple[Record, ...]) -> list[dict[str, Any]]:
    """Deep, mutable copies of read-only records, for a live game to own."""
    return [copy.deepcopy(dict(record)) for record in records]


# ---------------------------------------------------------------------------------------------
# Rule switches
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleSet(_SharedRecord):
    """Every rule switch a title may set, with the engine-wide defaults.

    The field names are the reference engine's constants in snake_case and the defaults are its
    base values, so a title passes only what it changes.  Symbol-like values are strings; the
    comment on each field lists the values the engine understands.
    """

    # --- Stock round: selling and buying -------------------------------------------------------
    #: order of a stock turn: "sell_buy_or_buy_sell", "sell_buy", "sell_buy_sell"
    sell_buy_order: str = "sell_buy_or_buy_sell"
    #: when shares may be sold: "first" (not in the first stock round), "operate" (the
    #: corporation has operated), "p_any_operate" (president may sell once any has operated),
    #: "any_time", "round", ...
    sell_after: str = "first"
    #: price movement on a sale: "down_share", "down_per_10", "down_block", "left_block",
    #: "left_block_pres", "left_share", "left_share_pres", "left_per_10_if_pres_else_left_one", "none", ...
    sell_movement: str = "down_share"
    #: all shares of one corporation sold in one action per turn
    must_sell_in_blocks: bool = False
    #: most percent of one corporation a player may sell per turn (None: no limit)
    turn_sell_limit: int | None = None
    #: does the price drop for shares in the pool at the end of a stock round: "none",
    #: "down_block", "left_block", "down_share"
    pool_share_drop: str = "none"
    #: do sold-out corporations rise at the end of a stock round
    sold_out_increase: bool = True
    #: sold-out movement in the market's top row: "none", "down_right"
    sold_out_top_row_movement: str = "none"
    #: most percent of one corporation the market pool may hold
    market_share_limit: int = 50
    #: where sold shares go: "bank" (the market pool) or "corporation" (back to its treasury)
    sold_shares_destination: str = "bank"
    #: may a president's certificate be sold to the market
    president_sales_to_market: bool = False
    #: who starts the next stock round: "after_last_to_act", "first_to_pass", "most_cash",
    #: "least_cash", "next_clockwise", "most_cash_keep_order", "reverse" (the seats reversed)
    next_sr_player_order: str = "after_last_to_act"
    #: market colours whose shares do not count towards the certificate limit
    cert_limit_types: tuple[str, ...] = ("multiple_buy", "unlimited", "no_cert_limit")
    #: do private companies count towards the certificate limit
    cert_limit_includes_privates: bool = True
    #: does the certificate limit follow the number of players left after a bankruptcy
    cert_limit_change_on_bankruptcy: bool = False
    #: market colours where more than one share per turn may be bought
    multiple_buy_types: tuple[str, ...] = ("multiple_buy",)
    #: may those multiple shares come from the market pool only (1830 hooks this on an option)
    multiple_buy_only_from_market: bool = False
    #: may a player buy a share directly from another player
    buy_share_from_other_player: bool = False
    #: corporations buying shares: only one other corporation, and not from their president
    corporate_buy_share_single_corp_only: bool = False
    corporate_buy_share_allow_buy_from_president: bool = False
    #: may minors own shares
    minors_can_own_shares: bool = False
    #: float percentage chosen per corporation at par
    variable_float_percentages: bool = False
    #: how IPO money reaches a corporation: "full" (par x 10 when it floats) or "incremental"
    #: (each IPO sale pays the corporation)
    capitalization: str = "full"

    # --- Auctions -----------------------------------------------------------------------------
    #: smallest raise over the current bid
    min_bid_increment: int = 5
    #: bids must be a multiple of the increment
    must_bid_increment_multiple: bool = False
    #: only a player's highest bid commits cash (others do not count against it)
    only_highest_bid_committed: bool = False

    # --- Track and tokens -----------------------------------------------------------------------
    #: re-using track within a turn: "permissive", "semi_restrictive", "restrictive",
    #: "station_restrictive"
    track_restriction: str = "semi_restrictive"
    #: do tile reservations keep other corporations out of a city: "never", "always",
    #: "single_slot_cities"
    tile_reservation_blocks_others: str = "never"
    #: the tile lays of an operating turn, in order; each a dict with "lay" and "upgrade"
    #: (True, False or "not_if_upgraded") and optional "cost", "upgrade_cost", "cannot_reuse_same_hex"
    tile_lays: tuple[Record, ...] = ({"lay": True, "upgrade": True, "cost": 0},)
    #: flat cost added to every tile lay
    tile_cost: int = 0
    #: "normal" (1830-like) or "lawson" (1817-like)
    tile_type: str = "normal"
    #: "track" and/or "cities": an upgrade must use the most exits the new tile allows
    tile_upgrades_must_use_max_exits: tuple[str, ...] = ()
    #: may an upgrade remove a town
    allow_removing_towns: bool = False
    #: tile colours that block routes unless their track points back
    impassable_hex_colors: tuple[str, ...] = ("blue", "gray", "red")
    #: when the home token goes down: "par", "float", "operating_round", "operate"
    home_token_timing: str = "operate"
    #: who places a token offered by a tile lay: "current_operator" or "owner"
    token_placement_on_tile_lay_entity: str = "current_operator"

    # --- Trains ----------------------------------------------------------------------------------
    #: when a corporation without a train must buy one: "route", "always", "never"
    must_buy_train: str = "route"
    #: what happens to trains discarded over the limit: "discard" (to the depot, buyable at face
    #: value) or "remove"
    discarded_trains: str = "discard"
    #: percent off a discarded train's price
    discarded_train_discount: int = 0
    #: trains may be bought from other corporations / from other players' corporations
    allow_train_buy_from_others: bool = True
    allow_train_buy_from_other_players: bool = True
    #: obsolete trains may be bought from other corporations
    allow_obsolete_train_buy: bool = False
    #: trains between corporations always change hands at face value
    always_buy_trains_at_face_value: bool = False
    #: obsolete trains count towards the train limit
    obsolete_trains_count_for_limit: bool = False

    # --- Emergency train buying ---------------------------------------------------------------
    #: the president may sell shares even if that swaps another corporation's presidency
    ebuy_pres_swap: bool = True
    #: emergency buys from other corporations: "never", "value" (up to face value), "always"
    ebuy_from_others: str = "value"
    #: an emergency buy from the depot must take the cheapest train
    ebuy_depot_train_must_be_cheapest: bool = True
    #: the corporation must issue shares first, if it can
    must_emergency_issue_before_ebuy: bool = False
    #: the president may keep selling after raising enough
    ebuy_sell_more_than_needed: bool = False
    #: ... and then cannot buy a cheaper depot train
    ebuy_sell_more_than_needed_sets_purchase_min: bool = False
    #: the president may sell shares to raise the money
    ebuy_can_sell_shares: bool = True
    #: the corporation's owner must contribute
    ebuy_owner_must_help: bool = False
    #: loans taken during an emergency buy may lead to receivership
    ebuy_corp_loans_receivership: bool = False
    #: player loans: False, True, "after_sell", "no_sell"
    ebuy_can_take_player_loan: bool | str = False
    #: percent interest on player loans / percent penalty at game end
    player_loan_interest_rate: int = 50
    player_loan_endgame_penalty: int = 0

    # --- Closing corporations --------------------------------------------------------------------
    closed_corp_trains_removed: bool = True
    closed_corp_tokens_removed: bool = True
    closed_corp_reservations_removed: bool = True

    # --- Bankruptcy and game end ---------------------------------------------------------------
    #: the game-end triggers in the order they are checked: (reason, timing).  Reasons: "bankrupt",
    #: "bank", "stock_market", "final_train", "final_phase", "all_closed", "fixed_round", ...
    #: Timings: "immediate", "current_round", "current_or", "full_or", "one_more_full_or_set"
    game_end_check: tuple[tuple[str, str], ...] = (("bankrupt", "immediate"), ("bank", "full_or"))
    #: which timing wins when several triggers fire, earliest first
    game_end_timing_priority: tuple[str, ...] = (
        "immediate",
        "current_round",
        "current_or",
        "full_or",
        "one_more_full_or_set",
    )
    #: once one trigger fired, ignore the others
    game_end_lock_first_trigger: bool = False
    #: may a player go bankrupt at all
    bankruptcy_allowed: bool = True
    #: how many bankruptcies end the game: "one" or "all_but_one"
    bankruptcy_ends_game_after: str = "one"

    # --- Miscellaneous ----------------------------------------------------------------------------
    #: may a player hold several programmed actions at once
    allow_multiple_programs: bool = False
    #: may every company be assigned (to hexes/corporations)
    all_companies_assignable: bool = False
    #: money format, ``%`` style with one ``%s``: "$%s", "¥%s", "%s₽" ...
    currency_format: str = "$%s"

    def format_currency(self, amount: int) -> str:
        """The amount written the way the title writes money ("$120")."""
        return self.currency_format % amount

    def tile_lay_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of ``tile_lays``."""
        return _copies(self.tile_lays)

    def game_end_timing(self, reason: str) -> str | None:
        """The timing of a game-end reason, or None when the title does not check it."""
        for check_reason, timing in self.game_end_check:
            if check_reason == reason:
                return timing
        return None


# ---------------------------------------------------------------------------------------------
# Entities
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CompanySpec(_SharedRecord):
    """A private company (or any other company card) as printed.

    ``abilities`` are read-only dictionaries in the abilities interchange format; a live game
    takes its own copies with ``ability_dicts()``.  ``color`` None means the default card colour
    (yellow).  ``min_players``: the company is left out with fewer players.  ``discount``: the
    amount knocked off the price in the initial auction/draft (1846 minors).  ``treasury``: what a
    minor's card puts in the minor's treasury when bought, where it differs from the value (18 Los Angeles).
    """

    sym: str
    name: str
    value: int
    revenue: int
    desc: str = ""
    abilities: tuple[Record, ...] = ()
    color: str | None = None
    text_color: str | None = None
    min_players: int | None = None
    discount: int = 0
    #: the money a minor's card brings to its minor when it is bought (default: the card's value)
    treasury: int | None = None

    def ability_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of the abilities."""
        return _copies(self.abilities)

    def ability_types(self) -> tuple[str, ...]:
        """The abilities' types, in order ("blocks_hexes", "tile_lay", ...)."""
        return tuple(str(ability["type"]) for ability in self.abilities)


#: The standard ten-share corporation: a 20% president's certificate and eight 10% shares.
STANDARD_SHARES: tuple[int, ...] = (20, 10, 10, 10, 10, 10, 10, 10, 10)


@dataclass(frozen=True, slots=True)
class CorporationSpec(_SharedRecord):
    """A public corporation's charter.

    ``tokens``: the price of each station token in order (the home token first, usually 0).
    ``coordinates``: the home hex (or several homes); ``city``: which city of a multi-city home
    tile (None: the only one, or the player's choice for an OO home decided by the rules).
    ``shares``: certificate percentages, the president's first.  ``color``/``text_color`` are
    the charter colours (CSS names or ``#rrggbb``).
    """

    sym: str
    name: str
    tokens: tuple[int, ...]
    coordinates: str | tuple[str, ...] | None
    color: str
    city: int | tuple[int, ...] | None = None
    text_color: str = "white"
    float_percent: int = 60
    max_ownership_percent: int = 60
    shares: tuple[int, ...] = STANDARD_SHARES
    always_market_price: bool = False
    abilities: tuple[Record, ...] = ()
    #: the corporation's kind in titles that have several ("minor", "major", "national"; None: the only kind);
    #: the title's rules look it up (capitalisation, loans, mergers, operating order)
    type: str | None = None
    #: how the corporation is paid for its shares ("full", "incremental", "none"; None: ``RuleSet.capitalization``)
    capitalization: str | None = None
    #: the lowest price the corporation may be started at (None: the market's lowest par price)
    min_price: int | None = None
    #: its certificates are not shown (a national that only holds tokens)
    hide_shares: bool = False

    def ability_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of the abilities."""
        return _copies(self.abilities)

    @property
    def home_hexes(self) -> tuple[str, ...]:
        """The home hex ids as a tuple (empty for a corporation without a fixed home)."""
        if self.coordinates is None:
            return ()
        if isinstance(self.coordinates, str):
            return (self.coordinates,)
        return self.coordinates


@dataclass(frozen=True, slots=True)
class MinorSpec(_SharedRecord):
    """A minor company that runs trains (1846's Michigan Southern and Big 4)."""

    sym: str
    name: str
    tokens: tuple[int, ...]
    coordinates: str | tuple[str, ...] | None
    color: str
    city: int | None = None
    text_color: str = "white"
    abilities: tuple[Record, ...] = ()

    def ability_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of the abilities."""
        return _copies(self.abilities)


# ---------------------------------------------------------------------------------------------
# Trains and phases
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrainSpec(_SharedRecord):
    """One rank of train in the depot.

    ``distance``: how many stops it runs (999 for a diesel), or a list of distance records
    (``{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}``) for trains such as 1846's 3/5.
    ``num``: copies in the depot, or "unlimited"; ``num_by_option`` overrides it when an optional
    rule is chosen (1830's extra 6-train).  ``rusts_on``/``obsolete_on``/``available_on`` name a
    train (or phase trigger); ``discount`` is the trade-in allowance by train name;
    ``variants`` are alternative versions sold from the same rank (their own name, distance,
    price); ``events`` fire when the first copy is bought (``{"type": "close_companies"}``).
    """

    name: str
    distance: int | tuple[Record, ...]
    price: int
    num: Count
    rusts_on: str | None = None
    obsolete_on: str | None = None
    available_on: str | None = None
    discount: Mapping[str, int] | None = None
    variants: tuple[Record, ...] = ()
    events: tuple[Record, ...] = ()
    num_by_option: Mapping[str, int] = field(default_factory=dict)
    #: copies by player count, when the count depends on it (1846); ``num`` otherwise
    num_by_players: Mapping[int, int] = field(default_factory=dict)
    #: what each stop's revenue is multiplied by for this train (18MS's diesels: 2); None: 1
    multiplier: int | None = None
    #: what the bank pays the owner when the train rusts on a title's timetable (18MS); None: nothing
    salvage: int | None = None

    @property
    def unlimited(self) -> bool:
        return self.num == UNLIMITED

    def count(self, optional_rules: tuple[str, ...] | list[str] = (), n_players: int | None = None) -> Count:
        """How many copies the depot holds with these optional rules ("unlimited" allowed)."""
        for option, count in self.num_by_option.items():
            if option in optional_rules:
                return count
        if n_players is not None and n_players in self.num_by_players:
            return self.num_by_players[n_players]
        return self.num

    def copies(self, optional_rules: tuple[str, ...] | list[str] = (), n_players: int | None = None) -> int:
        """How many train objects the depot starts with.

        An unlimited rank starts with as many copies as its latest event needs (an event's
        ``when`` is the copy it fires on), at least one; more are cloned as they are bought.
        """
        count = self.count(optional_rules, n_players)
        if count == UNLIMITED:
            whens = [int(event["when"]) for event in self.events if "when" in event]
            return max(whens) if whens else 1
        return count

    def event_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of the events."""
        return _copies(self.events)

    def variant_dicts(self) -> list[dict[str, Any]]:
        """Private, mutable copies of the variants."""
        return _copies(self.variants)


@dataclass(frozen=True, slots=True)
class PhaseSpec(_SharedRecord):
    """One phase of the game.

    ``on``: the train (name) whose first purchase starts the phase (None for the first phase;
    a tuple when several trains do).  ``train_limit``: per corporation, or a table by
    corporation type.  ``tiles``: the tile colours that may be laid.  ``status``: named rule
    changes in force ("can_buy_companies", ...).  ``events``: phase events.
    """

    name: str
    on: str | tuple[str, ...] | None
    train_limit: int | Mapping[str, int]
    tiles: tuple[str, ...]
    operating_rounds: int
    status: tuple[str, ...] = ()
    events: tuple[Record, ...] = ()


# ---------------------------------------------------------------------------------------------
# Map pieces and options
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CustomTileSpec(_SharedRecord):
    """A tile of the supply that is not in the engine catalogue: its colour and code."""

    color: str
    code: str
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class PreprintedHex(_SharedRecord):
    """One hex of the preprinted map, as ``TitleSpec.preprinted_hexes()`` yields it.

    ``tile`` is a catalogue tile name or a code in the tile notation; ``index`` is the hex's
    position in its group, which numbers the preprinted tile's id.
    """

    color: str
    hex_id: str
    tile: str
    index: int

    def tile_id(self, catalogue: Container[str]) -> str:
        """The preprinted tile's id, given the names of the engine's tile catalogue.

        A catalogue tile is named after itself (``"blank-3"``); a tile written as a code is
        named after its hex (``"E11-0"``).
        """
        name = self.tile if self.tile in catalogue else self.hex_id
        return f"{name}-{self.index}"


@dataclass(frozen=True, slots=True)
class OptionalRuleSpec(_SharedRecord):
    """A game option a table may choose when creating the game.

    ``players``: the player counts it is offered for (None: all).  ``rule_changes``: rule
    switches the option sets, by ``RuleSet`` field name (applied by ``TitleSpec.rules_for``).
    Options that change more than switches (a train count, setup) are handled where that
    data lives (``TrainSpec.num_by_option``) or in the title's ``rules.py``.  ``default``: ticked
    when a new game is set up (the site's ``default: true``: 1888-N); a game without it is still
    played without it.  ``on_menu``: offered when a new game is set up (the site's meta lists it); False for a
    rule the title inherits and plays when a file names it, but the site's menu does not offer (1817NA's
    ``volatility``).
    """

    sym: str
    short_name: str
    desc: str
    players: tuple[int, ...] | None = None
    rule_changes: Mapping[str, Any] = field(default_factory=dict)
    default: bool = False
    on_menu: bool = True


# ---------------------------------------------------------------------------------------------
# The title
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TitleSpec(_SharedRecord):
    """Everything that defines a published 18xx title, as data.

    See the module docstring for how each part is written.  Lookups by player count go
    through ``starting_cash_for``, ``cert_limit_for`` and ``bank_cash_for``.
    """

    title: str
    layout: Literal["pointy", "flat"]
    player_range: tuple[int, int]
    bank_cash: PerPlayers
    starting_cash: PerPlayers
    cert_limit: CertLimit
    market: tuple[tuple[str, ...], ...]
    hexes: Mapping[str, Mapping[str, tuple[str, ...]]]
    location_names: Mapping[str, str]
    tiles: Mapping[str, Count]
    companies: tuple[CompanySpec, ...]
    corporations: tuple[CorporationSpec, ...]
    trains: tuple[TrainSpec, ...]
    phases: tuple[PhaseSpec, ...]
    rules: RuleSet = field(default_factory=RuleSet)
    custom_tiles: Mapping[str, CustomTileSpec] = field(default_factory=dict)
    minors: tuple[MinorSpec, ...] = ()
    optional_rules: tuple[OptionalRuleSpec, ...] = ()
    #: groups of optional rules that exclude each other
    mutex_rules: tuple[tuple[str, ...], ...] = ()
    #: None: the layout's usual axes (pointy: x numbers, y letters; flat: x letters, y numbers)
    axes: Mapping[str, str] | None = None
    #: phase statuses and train events explained for the UI: name -> (short text, long text)
    status_text: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    events_text: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # Facts about the published game, for "about" boxes.
    subtitle: str = ""
    designer: str = ""
    publisher: str = ""
    location: str = ""
    rules_url: str = ""
    info_url: str = ""
    #: a short rules summary for the table (HTML, written by us from the rules; the desktop's Game > Rules summary)
    rules_summary: str = ""

    # --- Lookups by player count ---------------------------------------------------------------

    @property
    def min_players(self) -> int:
        return self.player_range[0]

    @property
    def max_players(self) -> int:
        return self.player_range[1]

    @property
    def currency_format(self) -> str:
        return self.rules.currency_format

    def supports_players(self, n_players: int) -> bool:
        return self.player_range[0] <= n_players <= self.player_range[1]

    def starting_cash_for(self, n_players: int) -> int:
        """Each player's starting money."""
        return _per_players(self.starting_cash, n_players, "starting cash")

    def bank_cash_for(self, n_players: int) -> int:
        """The bank's starting money."""
        return _per_players(self.bank_cash, n_players, "bank cash")

    def cert_limit_for(self, n_players: int, n_corporations: int | None = None) -> int:
        """The certificate limit.

        When the table also depends on the corporations in play (1846), the limit is the entry
        with the smallest corporation count that is not below ``n_corporations`` (defaulting
        to all the title's corporations), or the table's first entry when none is.
        """
        limit = self.cert_limit
        if isinstance(limit, int):
            return limit
        if n_players not in limit:
            raise KeyError(f"{self.title} has no certificate limit for {n_players} players")
        by_players = limit[n_players]
        if isinstance(by_players, int):
            return by_players
        corporations = len(self.corporations) if n_corporations is None else n_corporations
        candidates = [(count, value) for count, value in by_players.items() if count >= corporations]
        if candidates:
            return min(candidates, key=lambda item: item[0])[1]
        return next(iter(by_players.values()))

    # --- Lookups by name ----------------------------------------------------------------------

    def company(self, sym: str) -> CompanySpec:
        return _find(self.companies, sym, "company")

    def corporation(self, sym: str) -> CorporationSpec:
        return _find(self.corporations, sym, "corporation")

    def minor(self, sym: str) -> MinorSpec:
        return _find(self.minors, sym, "minor")

    def train(self, name: str) -> TrainSpec:
        for train in self.trains:
            if train.name == name:
                return train
        raise KeyError(f"{self.title} has no train {name!r}")

    def phase(self, name: str) -> PhaseSpec:
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise KeyError(f"{self.title} has no phase {name!r}")

    def optional_rule(self, sym: str) -> OptionalRuleSpec:
        for rule in self.optional_rules:
            if rule.sym == sym:
                return rule
        raise KeyError(f"{self.title} has no optional rule {sym!r}")

    def rules_for(self, optional_rules: tuple[str, ...] | list[str] = ()) -> RuleSet:
        """The rule switches in force with these optional rules chosen."""
        changes: dict[str, Any] = {}
        for option in self.optional_rules:
            if option.sym in optional_rules:
                changes.update(option.rule_changes)
        return dataclasses.replace(self.rules, **changes) if changes else self.rules

    # --- The map ------------------------------------------------------------------------------

    @property
    def resolved_axes(self) -> Mapping[str, str]:
        """The axes actually used: ``{"x": "number"|"letter", "y": ...}``."""
        if self.axes is not None:
            return self.axes
        if self.layout == "flat":
            return {"x": "letter", "y": "number"}
        return {"x": "number", "y": "letter"}

    def preprinted_hexes(self) -> Iterator[PreprintedHex]:
        """Every hex of the map in definition order (colour, group, position in the group)."""
        for color, groups in self.hexes.items():
            for tile, hex_ids in groups.items():
                for index, hex_id in enumerate(hex_ids):
                    yield PreprintedHex(color, hex_id, group_code(tile), index)

    def hex_ids(self) -> tuple[str, ...]:
        """All hex ids of the map, in definition order."""
        return tuple(item.hex_id for item in self.preprinted_hexes())

    def tile_count(self, name: str) -> Count:
        """How many copies of a tile the supply holds (0 when the title does not use it)."""
        return self.tiles.get(name, 0)

    def location_name(self, hex_id: str) -> str | None:
        return self.location_names.get(hex_id)

    def par_cells(self) -> tuple[tuple[int, int, int], ...]:
        """The par cells of the market as (price, row, column), in row-major order."""
        cells: list[tuple[int, int, int]] = []
        for row_index, row in enumerate(self.market):
            for column_index, cell in enumerate(row):
                price, kinds = split_market_cell(cell)
                if price is not None and "p" in kinds:
                    cells.append((price, row_index, column_index))
        return tuple(cells)


#: the facts of a scenario or map variant its ``data`` module holds under these names (upper case), in TitleSpec's
BOARD_FACTS = (
    "bank_cash",
    "starting_cash",
    "cert_limit",
    "market",
    "hexes",
    "location_names",
    "tiles",
    "custom_tiles",
    "trains",
)


def board_facts(data: Any) -> dict[str, Any]:
    """A variant's board, money and trains from its ``data`` module, for ``dataclasses.replace`` of the base
    title's spec (the 1822 scenarios and maps: ``dataclasses.replace(TITLE_1822, title=..., **board_facts(data))``)."""
    return {name: getattr(data, name.upper()) for name in BOARD_FACTS}


#: A colour's hex groups map a tile code to its hexes, but the reference keys them by their hexes: one code may head
#: two groups of a colour (1822MX's gray A2 and G24, apart in its list, each hex the first of its group: tiles
#: ``A2-0`` and ``G24-0``, whose ids actions name).  A later group of the same code is keyed ``code~tag`` (any tag):
#: what follows ``SAME_CODE`` is dropped when the map is built (:func:`group_code`).
SAME_CODE = "~"


def group_code(key: str) -> str:
    """The tile code of a hex group's key (its ``~tag`` dropped, see ``SAME_CODE``)."""
    return key.split(SAME_CODE, 1)[0]


def tile_code(*parts: str) -> str:
    """A tile code written one part per argument in a title's data (joined with ``;`` as the notation wants):
    ``tile_code("city=revenue:20", "path=a:0,b:_0")``."""
    return ";".join(parts)


def split_market_cell(cell: str) -> tuple[int | None, str]:
    """Split a market cell such as ``"67p"`` into (67, "p"); a blank cell gives (None, "").

    The letters are the cell's kinds: p par, y no certificate limit (yellow), o may hold over
    the limit (orange), b multiple buy (brown), c close, e end game, ...
    """
    digits = ""
    index = 0
    while index < len(cell) and cell[index].isdigit():
        digits += cell[index]
        index += 1
    return (int(digits) if digits else None), cell[index:]


def _per_players(value: PerPlayers, n_players: int, what: str) -> int:
    if isinstance(value, int):
        return value
    if n_players not in value:
        raise KeyError(f"no {what} for {n_players} players")
    return value[n_players]


class _HasSym(Protocol):
    @property
    def sym(self) -> str: ...


_S = TypeVar("_S", bound=_HasSym)


def _find(items: tuple[_S, ...], sym: str, what: str) -> _S:
    for item in items:
        if item.sym == sym:
            return item
    raise KeyError(f"no {what} {sym!r}")
