"""The parts a tile is made of: track, revenue centres, labels, terrain, borders, icons.

Every part knows the tile it belongs to (``tile``) and its ``index`` among the tile's parts
in declaration order (multi-lane paths expanded, every part counted, paths included).  The
index builds the part's ``id`` (``"57-0-0"``: tile id and index) and its ``signature``
(``"G15-0"``: hex id and index), which actions and routes use to name cities and towns.

Edges are stored *unrotated*: ``Edge.num`` is the edge as written in the tile code.  The
tile's current rotation is applied on reading: ``Edge.rotated``, ``Path.exits``,
``Node.exits``, ``Tile.exits`` are all rotated edge numbers.  A path keeps the same object
identity through rotations (the reference engine makes rotated copies instead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.map import slotstate

if TYPE_CHECKING:
    from engine.map.hexes import Hex
    from engine.map.tile import Tile
    from engine.model.token import Token

__all__ = [
    "PHASE_COLORS",
    "Border",
    "City",
    "Edge",
    "Frame",
    "FutureLabel",
    "Halt",
    "Icon",
    "Junction",
    "Label",
    "LaneSpec",
    "Node",
    "Offboard",
    "Part",
    "Partition",
    "Pass",
    "Path",
    "RevenueCenter",
    "Stripes",
    "Stub",
    "Town",
    "Upgrade",
    "decode_lane_spec",
]

#: Colours a flat revenue is stored under (the reference's ``RevenueCenter::PHASES``).
PHASE_COLORS: tuple[str, ...] = ("yellow", "green", "brown", "gray", "diesel")

#: ``(width, index)`` of a lane: a single track is ``(1, 0)``.
LaneSpec = tuple[int, int]

_SINGLE_LANE: LaneSpec = (1, 0)


def decode_lane_spec(spec: str | None) -> LaneSpec:
    """``"2.1"`` -> ``(2, 1)`` (width 2, lane 1); absent -> a single lane ``(1, 0)``."""
    if not spec:
        return _SINGLE_LANE
    value = float(spec)
    width = int(value)
    return (width, round((value - width) * 10))


class RotationTable(tuple):  # type: ignore[type-arg]
    """Six per-rotation values derived only from a tile's or path's unchanging edges (read-only, shared).

    Equal tables are one object: a table pickles as its key and unpickles as the shared table, so the history's
    snapshots neither store nor rebuild the thousands of small lists and dicts these caches hold.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return (rotation_table, _TABLE_KEYS[id(self)])


_TABLES: dict[Any, RotationTable] = {}
_TABLE_KEYS: dict[int, Any] = {}


def rotation_table(kind: str, key: tuple[Any, ...]) -> RotationTable:
    """The shared table of ``kind`` for ``key`` (the edges' numbers, with their lanes for ``"lanes"``)."""
    full = (kind, key)
    table = _TABLES.get(full)
    if table is None:
        if kind == "exits":
            values: Any = ([(n + r) % 6 for n in key] for r in range(6))
        elif kind == "lanes":
            values = ({(num + r) % 6: lanes for num, lanes in key} for r in range(6))
        elif kind == "tile_exits":
            values = (list(dict.fromkeys((n + r) % 6 for n in key)) for r in range(6))
        elif kind == "tile_counts":
            values = (_counts([(n + r) % 6 for n in key]) for r in range(6))
        else:
            raise ValueError(f"unknown rotation table kind {kind!r}")
        table = _TABLES[full] = RotationTable(values)
        _TABLE_KEYS[id(table)] = (kind, key)
    return table


def _counts(nums: list[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for n in nums:
        counts[n] = counts.get(n, 0) + 1
    return counts


class Part:
    """Base of every tile part."""

    __slots__ = ("index", "loc", "tile")

    is_city: ClassVar[bool] = False
    is_town: ClassVar[bool] = False
    is_offboard: ClassVar[bool] = False
    is_junction: ClassVar[bool] = False
    is_stop: ClassVar[bool] = False
    is_node: ClassVar[bool] = False
    is_edge: ClassVar[bool] = False
    is_path: ClassVar[bool] = False
    is_halt: ClassVar[bool] = False
    is_pass: ClassVar[bool] = False

    #: slot -> its value after a pickle is loaded, for the slots that only cache what the part works out again
    #: (left out of pickles: see engine.map.slotstate)
    TRANSIENT: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slotstate.install(cls, cls.TRANSIENT)

    def __init__(self) -> None:
        self.tile: Tile = None  # type: ignore[assignment]  # set when the part is added to a tile
        self.index: int = 0
        self.loc: str | None = None

    @property
    def id(self) -> str:
        return f"{self.tile.id}-{self.index}"

    @property
    def hex(self) -> Hex | None:
        tile = self.tile
        return tile.hex if tile is not None else None

    @property
    def signature(self) -> str:
        hex_ = self.hex
        return f"{hex_.id if hex_ is not None else ''}-{self.index}"

    @property
    def visit_cost(self) -> int:
        return 0

    @property
    def blocks_lay(self) -> bool:
        return False

    def blocks(self, corporation: Any) -> bool:
        """Whether this part stops ``corporation`` from running through it."""
        return False

    def tokened_by(self, corporation: Any, types: list[str] | None = None) -> bool:
        """Whether ``corporation`` has a token here: never, but in a city (a town or an offboard holds none)."""
        return False

    def __repr__(self) -> str:
        hex_ = self.hex
        return f"<{type(self).__name__} {self.tile.id if self.tile is not None else '?'}-{self.index}" + (
            f" @{hex_.id}>" if hex_ is not None else ">"
        )


slotstate.install(Part, Part.TRANSIENT)


class Edge(Part):
    """A hex side touched by a path.  ``num`` is the unrotated edge (0-5)."""

    __slots__ = ("lanes", "num")

    is_edge = True

    def __init__(self, num: int, lane: LaneSpec | None = None) -> None:
        super().__init__()
        self.num = num
        self.lanes: LaneSpec = lane if lane is not None else _SINGLE_LANE

    @property
    def rotated(self) -> int:
        """The edge number after the tile's rotation."""
        tile = self.tile
        return (self.num + tile.rotation) % 6 if tile is not None else self.num

    @property
    def id(self) -> str:
        """``<hex>_<rotated edge>_<lane index>`` (the reference's edge id, used by walks)."""
        hex_ = self.hex
        return f"{hex_.id if hex_ is not None else ''}_{self.rotated}_{self.lanes[1]}"

    def __repr__(self) -> str:
        return f"<Edge {self.num}>"


class Node(Part):
    """A place paths meet: city, town, offboard or junction."""

    __slots__ = ("_exits_cache", "_exits_rotation", "_paths")

    is_node = True
    TRANSIENT: ClassVar[dict[str, str]] = {"_exits_cache": "[]", "_exits_rotation": "-1"}

    def __init__(self) -> None:
        super().__init__()
        self._paths: list[Path] = []
        self._exits_cache: list[int] = []
        self._exits_rotation = -1

    # Defaults for nodes that are not revenue centres (junctions).
    @property
    def revenue(self) -> dict[str, int]:
        return {}

    @property
    def groups(self) -> list[str]:
        return []

    @property
    def route(self) -> str:
        return "optional"

    @property
    def paths(self) -> list[Path]:
        """The tile's paths touching this node, in the tile's path order."""
        return self._paths

    @property
    def exits(self) -> list[int]:
        """Rotated edges reached by this node's paths (one entry per path edge, path order)."""
        tile = self.tile
        rotation = tile.rotation if tile is not None else 0
        if self._exits_rotation != rotation:
            self._exits_cache = [e for path in self._paths for e in path.exits]
            self._exits_rotation = rotation
        return self._exits_cache

    @property
    def solo(self) -> bool:
        return len(self.tile.nodes) == 1

    def route_revenue(self, phase_tile_colors: list[str] | tuple[str, ...], train_name: str) -> int:
        return 0

    @property
    def max_revenue(self) -> int:
        return 0

    def matches(self, other: Part) -> bool:
        """The "<=" of an upgrade check: may this node be replaced by ``other``?"""
        return type(self) is type(other)


class RevenueCenter(Node):
    """A node with revenue: city, town or offboard."""

    __slots__ = ("_groups", "_revenue", "_route", "_visit_cost", "format", "hide", "revenue_to_render")

    is_stop = True
    default_route: ClassVar[str] = "mandatory"

    def __init__(
        self,
        revenue: str = "0",
        *,
        groups: str | None = None,
        hide: bool = False,
        visit_cost: int = 1,
        route: str | None = None,
        format: str | None = None,
        loc: str | None = None,
    ) -> None:
        super().__init__()
        self._revenue: dict[str, int] = {}
        self.revenue_to_render: int | dict[str, int] = 0
        self.parse_revenue(revenue)
        self._groups = groups.split("|") if groups else []
        self.hide = hide
        self._visit_cost = visit_cost
        self._route = route or self.default_route
        self.format = format
        self.loc = loc

    def parse_revenue(self, revenue: str) -> dict[str, int]:
        """Set the revenue from ``"20"`` (every colour) or ``"yellow_30|brown_60"``."""
        if "|" in revenue:
            values: dict[str, int] = {}
            for item in revenue.split("|"):
                color, _, text = item.partition("_")
                values[color] = _to_int(text)
            self._revenue = values
            self.revenue_to_render = dict(values)
        else:
            amount = _to_int(revenue)
            self._revenue = {color: amount for color in PHASE_COLORS}
            self.revenue_to_render = amount
        return self._revenue

    @property
    def revenue(self) -> dict[str, int]:
        return self._revenue

    @revenue.setter
    def revenue(self, value: dict[str, int]) -> None:
        self._revenue = value

    @property
    def groups(self) -> list[str]:
        return self._groups

    @groups.setter
    def groups(self, value: list[str]) -> None:
        self._groups = value

    @property
    def visit_cost(self) -> int:
        return self._visit_cost

    @property
    def route(self) -> str:
        return self._route

    @property
    def max_revenue(self) -> int:
        return max(self._revenue.values()) if self._revenue else 0

    def route_revenue(self, phase_tile_colors: list[str] | tuple[str, ...], train_name: str) -> int:
        """Revenue for a train of ``train_name`` in a phase allowing ``phase_tile_colors``.

        A "D" train takes the ``diesel`` value when there is one; otherwise the newest
        phase colour with a value wins; 0 when none has one.
        """
        revenue = self._revenue
        if "diesel" in revenue and train_name.upper() == "D":
            return revenue["diesel"]
        for color in reversed(phase_tile_colors):
            value = revenue.get(color)
            if value is not None:
                return value
        return 0

    #: The reference's name for :meth:`route_revenue` without a multiplier.
    route_base_revenue = route_revenue

    @property
    def uniq_revenues(self) -> list[int]:
        return list(dict.fromkeys(self._revenue.values()))


def _to_int(text: str) -> int:
    """Ruby's lenient ``to_i``: leading digits (with sign), else 0."""
    text = text.strip()
    end = 0
    if end < len(text) and text[end] in "+-":
        end += 1
    while end < len(text) and text[end].isdigit():
        end += 1
    try:
        return int(text[:end])
    except ValueError:
        return 0


class City(RevenueCenter):
    """A station city with token slots."""

    __slots__ = ("boom", "extra_tokens", "normal_slots", "outline", "reservations", "slot_icons", "tokens")

    is_city = True

    def __init__(
        self,
        revenue: str = "0",
        *,
        slots: int = 1,
        groups: str | None = None,
        hide: bool = False,
        visit_cost: int = 1,
        route: str | None = None,
        format: str | None = None,
        loc: str | None = None,
        boom: bool = False,
        outline: str | None = None,
    ) -> None:
        super().__init__(revenue, groups=groups, hide=hide, visit_cost=visit_cost, route=route, format=format, loc=loc)
        self.normal_slots = slots
        self.tokens: list[Token | None] = [None] * slots
        #: tokens that sit outside the slots (not used by the supported titles)
        self.extra_tokens: list[Token] = []
        self.reservations: list[Any | None] = []
        self.boom = boom
        self.outline = outline
        self.slot_icons: dict[int, Any] = {}

    @property
    def slots(self) -> int:
        """Number of slots including "cheater" slots added beyond the printed ones."""
        return len(self.tokens)

    def all_slots(self) -> int:
        return len(self.tokens) + len(self.extra_tokens)

    # --- tokens -----------------------------------------------------------------

    def tokened(self) -> bool:
        return any(t is not None for t in self.tokens)

    def tokened_by(self, corporation: Any, types: list[str] | None = None) -> bool:
        """Whether ``corporation`` has a token here (optionally of one of ``types``)."""
        for token in self.tokens:
            if token is not None and token.corporation is corporation and (not types or token.type in types):
                return True
        for token in self.extra_tokens:
            if token.corporation is corporation and (not types or token.type in types):
                return True
        return False

    def blocks(self, corporation: Any) -> bool:
        """True when every slot holds a token, none of them ``corporation``'s nor neutral."""
        if corporation is None:
            return False
        if self.tokened_by(corporation):
            return False
        tokens = self.tokens
        if None in tokens:
            return False
        return not any(t is not None and t.type == "neutral" for t in tokens)

    # --- reservations -------------------------------------------------------------

    def find_reservation(self, corporation: Any) -> int | None:
        """Slot index reserved for ``corporation`` (or for a company it owns), else None."""
        for index, entity in enumerate(self.reservations):
            if entity is None:
                continue
            if entity is corporation or getattr(entity, "owner", None) is corporation:
                return index
        return None

    def reserved_by(self, corporation: Any) -> bool:
        return self.find_reservation(corporation) is not None

    def add_reservation(self, entity: Any, slot: int | None = None) -> None:
        """Reserve ``slot`` (inserted, shifting later ones, as the reference does) or the next one."""
        if slot is None:
            self.reservations.append(entity)
            return
        while len(self.reservations) < slot:
            self.reservations.append(None)
        self.reservations.insert(slot, entity)

    def remove_reservation(self, entity: Any) -> None:
        """Free the first slot reserved for exactly ``entity``."""
        for index, reserved in enumerate(self.reservations):
            if reserved is entity:
                self.reservations[index] = None
                return

    def remove_all_reservations(self) -> None:
        self.reservations.clear()

    @property
    def available_slots(self) -> int:
        """Slots that are neither tokened nor reserved."""
        reservations = self.reservations
        count = 0
        for index, token in enumerate(self.tokens):
            if token is None and (index >= len(reservations) or reservations[index] is None):
                count += 1
        return count

    def _open_slot(self) -> int | None:
        reservations = self.reservations
        for index, token in enumerate(self.tokens):
            if token is None and (index >= len(reservations) or reservations[index] is None):
                return index
        return None

    def get_slot(self, corporation: Any, cheater: bool = False) -> int | None:
        """Slot a token of ``corporation`` would take: its reserved slot, else the first open one.

        With ``cheater`` the first open slot, else a new slot past the end.
        """
        open_slot = self._open_slot()
        if cheater:
            return open_slot if open_slot is not None else len(self.tokens)
        reservation = self.find_reservation(corporation)
        return reservation if reservation is not None else open_slot

    def tokenable_error(
        self,
        corporation: Any,
        free: bool = False,
        tokens: Token | list[Token] | None = None,
        cheater: bool = False,
        same_hex_allowed: bool = False,
        extra_slot: bool = False,
        spender: Any = None,
    ) -> str | None:
        """Why ``corporation`` cannot place one of ``tokens`` here, or None when it can.

        The reasons are ``no_tokens``, ``no_slots``, ``no_money``, ``existing_token`` and
        ``blocked_reservation`` (reported for the last token tried, as the reference does).
        """
        token_list = _token_list(corporation, tokens)
        if not extra_slot and not token_list:
            return "no_tokens"
        error = "generic"
        for token in token_list:
            if not extra_slot and self.get_slot(token.corporation, cheater=cheater) is None:
                error = "no_slots"
                continue
            if not free and token.price > getattr(spender if spender is not None else corporation, "cash", 0):
                error = "no_money"
                continue
            if not same_hex_allowed and any(c.tokened_by(token.corporation) for c in self.tile.cities):
                error = "existing_token"
                continue
            if self.reserved_by(corporation):
                return None
            if not cheater and self.tile.token_blocked_by_reservation(corporation):
                error = "blocked_reservation"
                continue
            return None
        return error

    def tokenable(
        self,
        corporation: Any,
        free: bool = False,
        tokens: Token | list[Token] | None = None,
        cheater: bool = False,
        same_hex_allowed: bool = False,
        extra_slot: bool = False,
        spender: Any = None,
    ) -> bool:
        """Whether ``corporation`` may place a token here now.

        ``tokens`` defaults to the corporation's next unused token of each type.  Money is
        checked unless ``free``; a corporation may not have two tokens on one tile unless
        ``same_hex_allowed``; the tile-level reservation rule is applied unless ``cheater``.
        """
        return self.tokenable_error(corporation, free, tokens, cheater, same_hex_allowed, extra_slot, spender) is None

    def place_token(
        self,
        corporation: Any,
        token: Token,
        free: bool = False,
        check_tokenable: bool = True,
        cheater: bool = False,
        extra_slot: bool = False,
        spender: Any = None,
        same_hex_allowed: bool = False,
    ) -> None:
        """Place ``token`` for ``corporation``, removing its reservations on this tile.

        Raises :class:`IllegalAction` when the city is not tokenable.
        """
        if check_tokenable:
            error = self.tokenable_error(corporation, free, token, cheater, same_hex_allowed, extra_slot, spender)
            if error is not None:
                raise IllegalAction(self._token_error_message(corporation, error))
        self.exchange_token(token, cheater=cheater, extra_slot=extra_slot)
        reservations = self.tile.reservations
        reservations[:] = [r for r in reservations if r is not corporation]
        self.remove_reservation(corporation)

    def _token_error_message(self, corporation: Any, error: str) -> str:
        name = getattr(corporation, "name", corporation)
        hex_ = self.hex
        where = hex_.id if hex_ is not None else self.id
        if error == "no_tokens":
            return f"{name} cannot lay token - has no tokens left"
        if error == "existing_token":
            return f"{name} cannot lay token - already has a token on {where}"
        if error == "blocked_reservation":
            return f"{name} cannot lay token - remaining token slots are reserved on {where}"
        if error == "no_money":
            return f"{name} cannot lay token - cannot afford token on {where}"
        if error == "no_slots":
            return f"{name} cannot lay token - no token slots available on {where}"
        return f"{name} cannot lay token on {self.id} {where}"

    def exchange_token(self, token: Token, cheater: bool = False, extra_slot: bool = False) -> None:
        """Put ``token`` into its slot without any legality check (used by upgrades); the token remembers
        whether it went into an extra or a cheater slot (as the reference's ``Token#cheater``)."""
        token.place(self, extra=extra_slot, cheater=cheater)
        if extra_slot:
            self.extra_tokens.append(token)
            return
        slot = self.get_slot(token.corporation, cheater=cheater)
        if slot is None:
            name = getattr(token.corporation, "name", token.corporation)
            where = self.hex.id if self.hex is not None else self.id
            raise IllegalAction(f"{name} cannot lay token - no token slots available on {where}")
        # Two reservations on a one-slot city: the token takes slot 0 and the reservations
        # swap, so the other holder gets the slot added by the next upgrade.
        if slot == 1 and self.normal_slots == 1 and sum(1 for r in self.reservations if r is not None) == 2:
            slot = 0
            self.reservations.reverse()
        if slot >= len(self.tokens):
            self.tokens.extend([None] * (slot + 1 - len(self.tokens)))
        self.tokens[slot] = token

    def remove_token(self, token: Token) -> None:
        """Empty the slot ``token`` occupies (the token object itself is not changed)."""
        self.tokens = [None if t is token else t for t in self.tokens]
        self.extra_tokens = [t for t in self.extra_tokens if t is not token]

    def delete_token(self, token: Token, remove_slot: bool = False) -> None:
        """Remove ``token``; with ``remove_slot`` its slot (and that slot's reservation) go too."""
        if not remove_slot:
            self.remove_token(token)
            return
        for position, held in enumerate(self.tokens):
            if held is token:
                del self.tokens[position]
                if position < len(self.reservations):
                    del self.reservations[position]
                self.reservations.append(None)
                return

    def remove_tokens(self) -> None:
        self.tokens = [None] * len(self.tokens)
        self.extra_tokens = []

    def reset(self) -> None:
        """No tokens, and back to the printed number of slots."""
        self.tokens = [None] * self.normal_slots
        self.extra_tokens = []


def _token_list(corporation: Any, tokens: Token | list[Token] | None) -> list[Token]:
    if tokens is None:
        by_type = getattr(corporation, "tokens_by_type", None)
        if by_type is not None:
            value = by_type() if callable(by_type) else by_type
            return list(value)
        seen: list[str] = []
        result: list[Token] = []
        for token in getattr(corporation, "tokens", ()):
            if token.used or token.type in seen:
                continue
            seen.append(token.type)
            result.append(token)
        return result
    if isinstance(tokens, list):
        return tokens
    return [tokens]


class Pass(City):
    """A mountain pass (parsed for completeness; not used by the supported titles)."""

    __slots__ = ()

    is_pass = True
    default_route = "never"


class Town(RevenueCenter):
    """A town ("dit")."""

    __slots__ = ("boom", "style", "to_city")

    is_town = True

    def __init__(
        self,
        revenue: str = "0",
        *,
        groups: str | None = None,
        hide: bool = False,
        visit_cost: int = 1,
        route: str | None = None,
        format: str | None = None,
        loc: str | None = None,
        boom: bool = False,
        style: str | None = None,
        to_city: bool = False,
    ) -> None:
        super().__init__(revenue, groups=groups, hide=hide, visit_cost=visit_cost, route=route, format=format, loc=loc)
        self.to_city = to_city
        self.boom = boom
        self.style = style

    def matches(self, other: Part) -> bool:
        if self.to_city and other.is_city:
            return True
        return super().matches(other)

    @property
    def rect(self) -> bool:
        """Drawn as a bar (True) or a dot (False)."""
        if self.style is not None:
            return self.style == "rect"
        return 0 < len(self._paths) < 3


class Halt(Town):
    """A halt (parsed for completeness; not used by the supported titles)."""

    __slots__ = ()

    is_halt = True
    default_route = "optional"

    def matches(self, other: Part) -> bool:
        if other.is_town:
            return True
        return super().matches(other)


class Offboard(RevenueCenter):
    """A red off-board area; it always blocks running through."""

    __slots__ = ()

    is_offboard = True

    def blocks(self, corporation: Any) -> bool:
        return True


class Junction(Node):
    """A track junction (no revenue)."""

    __slots__ = ()

    is_junction = True


Endpoint = Edge | Node


class Path(Part):
    """A track segment between two endpoints (edges or nodes)."""

    __slots__ = (
        "_ends",
        "_exit_lanes_by_rotation",
        "_exits_by_rotation",
        "_track_keys",
        "_walk_keys",
        "a",
        "b",
        "city",
        "edges",
        "ignore",
        "ignore_gauge_compare",
        "ignore_gauge_walk",
        "junction",
        "lanes",
        "nodes",
        "offboard",
        "stops",
        "terminal",
        "town",
        "track",
    )

    is_path = True
    TRANSIENT: ClassVar[dict[str, str]] = {"_ends": "None", "_walk_keys": "None", "_track_keys": "None"}

    MATCHES_BROAD: ClassVar[tuple[str, ...]] = ("broad", "dual")
    MATCHES_NARROW: ClassVar[tuple[str, ...]] = ("narrow", "dual")

    def __init__(
        self,
        a: Endpoint,
        b: Endpoint,
        *,
        terminal: str | None = None,
        lanes: tuple[LaneSpec, LaneSpec] = (_SINGLE_LANE, _SINGLE_LANE),
        track: str = "broad",
        ignore: bool = False,
    ) -> None:
        super().__init__()
        self.a = a
        self.b = b
        #: the reference keeps the raw value ("1" or "2"); any value makes the path terminal
        self.terminal = terminal
        self.lanes = lanes
        self.track = track
        self.ignore = ignore
        self.ignore_gauge_walk = False
        self.ignore_gauge_compare = False
        self.edges: list[Edge] = []
        self.nodes: list[Node] = []
        self.stops: list[RevenueCenter] = []
        self.city: City | None = None
        self.town: Town | None = None
        self.offboard: Offboard | None = None
        self.junction: Junction | None = None
        for position, part in enumerate((a, b)):
            if isinstance(part, Edge):
                part.lanes = lanes[position]
                self.edges.append(part)
            elif isinstance(part, Junction):
                self.junction = part
            elif isinstance(part, RevenueCenter):
                self.nodes.append(part)
                self.stops.append(part)
                if isinstance(part, City):
                    self.city = part
                elif isinstance(part, Town):
                    self.town = part
                elif isinstance(part, Offboard):
                    self.offboard = part
        #: (the junction's path list, :attr:`ends`): kept while the junction's paths are the same list
        self._ends: tuple[list[Path] | None, tuple[Endpoint, ...]] | None = None
        #: (hex, rotation, the walk's edge-counter keys of this path's edges there): a cache of ``graph.walk_path``
        self._walk_keys: tuple[Any, int, list[tuple[str, int, int]]] | None = None
        #: (hex, rotation, the track keys a route claims there): a cache of ``route.track_keys``
        self._track_keys: tuple[Any, int, tuple[tuple[Any, ...], ...]] | None = None
        nums = tuple(edge.num for edge in self.edges)
        self._exits_by_rotation: tuple[list[int], ...] = rotation_table("exits", nums)
        self._exit_lanes_by_rotation: tuple[dict[int, LaneSpec], ...] = rotation_table(
            "lanes", tuple((edge.num, edge.lanes) for edge in self.edges)
        )

    @property
    def rotation(self) -> int:
        tile = self.tile
        return tile._rotation if tile is not None else 0

    @property
    def exits(self) -> list[int]:
        """Rotated edge numbers of this path's edges (do not modify the list)."""
        # (the tile's rotation read directly: asked hundreds of thousands of times by a legal-moves enumeration)
        tile = self.tile
        return self._exits_by_rotation[tile._rotation if tile is not None else 0]

    def exits_at(self, rotation: int) -> list[int]:
        """Edge numbers of this path if its tile had ``rotation``."""
        return self._exits_by_rotation[rotation % 6]

    @property
    def exit_lanes(self) -> dict[int, LaneSpec]:
        """Rotated edge -> lane spec at that edge."""
        return self._exit_lanes_by_rotation[self.rotation]

    def lane_for(self, edge: int) -> LaneSpec | None:
        """Lane spec at rotated ``edge``, or None if the path does not reach it."""
        return self.exit_lanes.get(edge)

    @property
    def is_terminal(self) -> bool:
        return bool(self.terminal)

    @property
    def single(self) -> bool:
        return self.lanes[0][0] == 1 and self.lanes[1][0] == 1

    @property
    def node(self) -> bool:
        """Whether the path touches a node (the reference's ``node?``)."""
        return bool(self.nodes)

    @property
    def ends(self) -> tuple[Endpoint, ...]:
        """Both endpoints, a junction replaced by the far ends of its other paths (kept: the tile's parts do not
        change once it is built; a junction given a new path list is asked again)."""
        junction_paths = self.junction._paths if self.junction is not None else None
        cached = self._ends
        if cached is not None and cached[0] is junction_paths:
            return cached[1]
        result: list[Endpoint] = []
        for part in (self.a, self.b):
            if isinstance(part, Junction):
                for path in part.paths:
                    if path is self:
                        continue
                    result.extend(p for p in (path.a, path.b) if not isinstance(p, Junction))
            else:
                result.append(part)
        ends = tuple(result)
        if not (isinstance(self.a, Junction) and isinstance(self.b, Junction)):  # (two junctions: not kept)
            self._ends = (junction_paths, ends)
        return ends

    def tracks_match(self, other: Path, dual_ok: bool = False) -> bool:
        track = self.track
        if track == "broad":
            return other.track in self.MATCHES_BROAD
        if track == "narrow":
            return other.track in self.MATCHES_NARROW
        if track == "dual":
            return dual_ok or other.track == "dual"
        return False

    def subset_at(self, rotation: int, other: Path, other_rotation: int) -> bool:
        """The upgrade "<=": with this path turned to ``rotation`` and ``other`` to
        ``other_rotation``, every end of this path matches an end of ``other`` (same edge,
        or nodes of the same kind, a ``to_city`` town matching a city) and the gauges fit."""
        other_ends = other.ends
        for end in self.ends:
            if isinstance(end, Edge):
                num = (end.num + rotation) % 6
                if not any(isinstance(o, Edge) and (o.num + other_rotation) % 6 == num for o in other_ends):
                    return False
            else:
                if not any(end.matches(o) for o in other_ends):
                    return False
        return self.ignore_gauge_compare or self.tracks_match(other)

    def is_subset_of(self, other: Path) -> bool:
        """The "<=" at both tiles' current rotations."""
        return self.subset_at(self.rotation, other, other.rotation)

    def __le__(self, other: Path) -> bool:
        return self.is_subset_of(other)

    # --- drawing helpers -----------------------------------------------------------

    @property
    def a_num(self) -> int | None:
        return (self.a.num + self.rotation) % 6 if isinstance(self.a, Edge) else None

    @property
    def b_num(self) -> int | None:
        return (self.b.num + self.rotation) % 6 if isinstance(self.b, Edge) else None

    @property
    def straight(self) -> bool:
        a, b = self.a_num, self.b_num
        return a is not None and b is not None and abs(a - b) == 3

    def __repr__(self) -> str:
        return f"<Path {self.tile.id if self.tile is not None else '?'}-{self.index} exits={self.exits} {self.track}>"


class Label(Part):
    """A tile label (OO, NY, B, Z, Chi, DC...)."""

    __slots__ = ("value",)

    def __init__(self, value: str) -> None:
        super().__init__()
        self.value = value

    def __str__(self) -> str:
        return self.value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Label):
            return self.value == other.value
        if isinstance(other, str):
            return self.value == other
        return False

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"<Label {self.value}>"


class Upgrade(Part):
    """A terrain cost of building on the hex."""

    __slots__ = ("cost", "size", "terrains")

    def __init__(
        self, cost: int, terrains: list[str] | None = None, size: int | None = None, loc: str | None = None
    ) -> None:
        super().__init__()
        self.cost = cost
        self.terrains: list[str] = list(terrains or [])
        self.size = size
        self.loc = loc

    @property
    def mountain(self) -> bool:
        return "mountain" in self.terrains

    @property
    def water(self) -> bool:
        return "water" in self.terrains

    def __repr__(self) -> str:
        return f"<Upgrade {self.cost} {'|'.join(self.terrains)}>"


class Border(Part):
    """A hex-side feature: impassable, or a crossing cost (type None = map edge)."""

    __slots__ = ("color", "cost", "edge", "type")

    def __init__(self, edge: int, type: str | None = None, cost: int | None = None, color: str | None = None) -> None:
        super().__init__()
        self.edge = edge
        self.type = type
        self.cost = cost
        self.color = color

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Border)
            and other.edge == self.edge
            and other.type == self.type
            and other.cost == self.cost
            and other.color == self.color
        )

    def __hash__(self) -> int:
        return hash((self.edge, self.type, self.cost, self.color))

    def __repr__(self) -> str:
        return f"<Border edge={self.edge} type={self.type} cost={self.cost}>"


class Icon(Part):
    """A marker on a tile; ``sticky`` icons move to the new tile on an upgrade."""

    __slots__ = ("_blocks_lay", "image", "large", "name", "owner", "preprinted", "sticky")

    def __init__(
        self,
        name: str,
        image: str,
        sticky: bool = False,
        blocks_lay: bool = False,
        preprinted: bool = True,
        large: bool = False,
        loc: str | None = None,
        owner: Any = None,
    ) -> None:
        super().__init__()
        self.name = name
        self.image = (
            image
            if image.startswith("/icons") and image.endswith(".svg")
            else (f"{image}.svg" if image.startswith("/icons") else f"/icons/{image}.svg")
        )
        self.sticky = sticky
        self._blocks_lay = blocks_lay
        self.preprinted = preprinted
        self.large = large
        self.loc = loc
        self.owner = owner

    @property
    def blocks_lay(self) -> bool:
        return self._blocks_lay

    def copy(self) -> Icon:
        icon = Icon.__new__(Icon)
        Part.__init__(icon)
        icon.name = self.name
        icon.image = self.image
        icon.sticky = self.sticky
        icon._blocks_lay = self._blocks_lay
        icon.preprinted = self.preprinted
        icon.large = self.large
        icon.loc = self.loc
        icon.owner = self.owner
        icon.tile = self.tile
        icon.index = self.index
        return icon

    def __repr__(self) -> str:
        return f"<Icon {self.name}>"


class Stub(Part):
    """A short track stub at an edge (drawing only)."""

    __slots__ = ("edge", "track")

    def __init__(self, edge: int, track: str = "broad") -> None:
        super().__init__()
        self.edge = edge
        self.track = track


class Partition(Part):
    """A line dividing a hex (parsed, unused by the supported titles)."""

    __slots__ = ("a", "b", "length", "restrict", "type")

    def __init__(
        self, a: str | None, b: str | None, type: str | None, restrict: str | None, length: str | None
    ) -> None:
        super().__init__()
        self.a = a
        self.b = b
        self.type = type
        self.restrict = restrict
        self.length = length


class Frame(Part):
    """A coloured frame around a tile (drawing only)."""

    __slots__ = ("color", "color2")

    def __init__(self, color: str | None, color2: str | None = None) -> None:
        super().__init__()
        self.color = color
        self.color2 = color2


class Stripes(Part):
    """Stripes of a second colour (green/brown tiles and the like; drawing only)."""

    __slots__ = ("color",)

    def __init__(self, color: str | None) -> None:
        super().__init__()
        self.color = color


class FutureLabel(Part):
    """A label that applies once the tile reaches ``color``."""

    __slots__ = ("color", "label", "sticker")

    def __init__(self, label: str | None, color: str | None) -> None:
        super().__init__()
        self.label = label
        self.color = color
        self.sticker: FutureLabel | None = None


__all__ += ["Endpoint"]
