"""The 18xx tile notation: parsing tile code strings into parts.

A tile is described by a compact string such as
``city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;label=OO``:

- parts are separated by ``;`` and each part is ``type=params``;
- ``params`` is a ``,``-separated list of ``key:value`` pairs when it contains a colon,
  otherwise it is a bare value (``label=OO``) or empty (``junction``);
- inside a value ``|`` separates alternatives (``revenue:yellow_30|brown_60``);
- in a path, an endpoint ``_N`` names the N-th node declared so far (cities, towns,
  offboards, junctions, halts and passes are counted together from 0), and a bare number
  is a hex edge 0-5.

Parsing is pure and memoised (:func:`parse_tile_code`); :func:`build_parts` turns the
parsed description into fresh, mutable part objects for one tile.  Parts are returned in
declaration order, with multi-lane paths expanded in place, which is the order their
``index`` (and therefore their ids and signatures) is taken from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.errors import InvalidAction

if TYPE_CHECKING:
    from engine.map.parts import Edge, Node, Part

__all__ = ["NODE_TYPES", "ParsedPart", "build_parts", "parse_tile_code"]

#: Part types counted by ``_N`` references, in declaration order.
NODE_TYPES: tuple[str, ...] = ("city", "town", "offboard", "junction", "halt", "pass")


@dataclass(frozen=True, slots=True)
class ParsedPart:
    """One ``type=params`` element of a tile code.

    ``params`` holds the ``key:value`` pairs in the order written; ``bare`` holds the
    value when the part was written without keys (``label=OO``), else ``""``.
    """

    type: str
    params: tuple[tuple[str, str], ...] = ()
    bare: str = ""

    def get(self, key: str, default: str | None = None) -> str | None:
        """Value of ``key`` (the last one written wins, as in a dict), or ``default``."""
        found = default
        for k, v in self.params:
            if k == key:
                found = v
        return found

    def as_dict(self) -> dict[str, str]:
        return dict(self.params)


@lru_cache(maxsize=4096)
def parse_tile_code(code: str) -> tuple[ParsedPart, ...]:
    """Split a tile code string into its parts (memoised; the result is immutable).

    Multi-lane paths are *not* expanded here (:func:`build_parts` does it).  Raises
    :class:`InvalidAction` for a malformed ``key:value`` list.
    """
    parsed: list[ParsedPart] = []
    for part_code in code.split(";"):
        if not part_code:
            continue
        type_, _, raw = part_code.partition("=")
        type_ = type_.strip()
        if ":" in raw:
            pairs: list[tuple[str, str]] = []
            for param in raw.split(","):
                key, sep, value = param.partition(":")
                if not sep:
                    raise InvalidAction(f"malformed tile code {code!r}: parameter {param!r} has no value")
                pairs.append((key, value))
            parsed.append(ParsedPart(type_, tuple(pairs), ""))
        else:
            parsed.append(ParsedPart(type_, (), raw))
    return tuple(parsed)


def _flag(value: str | None) -> bool:
    """A flag is set when the key is present with any value (as the reference reads it)."""
    return value is not None


def _int(value: str | None, default: int) -> int:
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        return int(float(value))


def build_parts(code: str) -> list[Part]:
    """Build fresh part objects for ``code``, in declaration order (lanes expanded).

    Unknown part types are ignored, as the reference engine does.
    """
    from engine.map import parts as p

    nodes: list[Node] = []
    result: list[Part] = []

    def endpoint(value: str) -> Edge | Node:
        if value.startswith("_"):
            try:
                return nodes[int(value[1:])]
            except (ValueError, IndexError):
                raise InvalidAction(f"malformed tile code {code!r}: no node {value!r}") from None
        return p.Edge(_int(value, 0))

    for part in parse_tile_code(code):
        kind = part.type
        get = part.get
        if kind == "path":
            a_code = get("a")
            b_code = get("b")
            if a_code is None or b_code is None:
                raise InvalidAction(f"malformed tile code {code!r}: a path needs both a and b")
            lanes_value = get("lanes")
            track = get("track") or "broad"
            terminal = get("terminal")
            ignore = _flag(get("ignore"))
            if lanes_value is not None:
                lanes = _int(lanes_value, 1)
                for lane in range(lanes):
                    a = endpoint(a_code)
                    b = endpoint(b_code)
                    a_lanes = (lanes, lane)
                    b_lanes = (lanes, lanes - lane - 1) if isinstance(a, p.Edge) and isinstance(b, p.Edge) else a_lanes
                    result.append(p.Path(a, b, terminal=terminal, lanes=(a_lanes, b_lanes), track=track, ignore=ignore))
            else:
                a = endpoint(a_code)
                b = endpoint(b_code)
                lanes_pair = (p.decode_lane_spec(get("a_lane")), p.decode_lane_spec(get("b_lane")))
                result.append(p.Path(a, b, terminal=terminal, lanes=lanes_pair, track=track, ignore=ignore))
        elif kind in ("city", "pass"):
            cls = p.City if kind == "city" else p.Pass
            city = cls(
                get("revenue") or "0",
                slots=_int(get("slots"), 1),
                groups=get("groups"),
                hide=_flag(get("hide")),
                visit_cost=_int(get("visit_cost"), 1),
                route=get("route"),
                format=get("format"),
                loc=get("loc"),
                boom=_flag(get("boom")),
                outline=get("outline"),
            )
            nodes.append(city)
            result.append(city)
        elif kind in ("town", "halt"):
            town_cls = p.Town if kind == "town" else p.Halt
            town = town_cls(
                get("revenue") or "0",
                groups=get("groups"),
                hide=_flag(get("hide")),
                visit_cost=_int(get("visit_cost"), 1),
                route=get("route"),
                format=get("format"),
                loc=get("loc"),
                boom=_flag(get("boom")),
                style=get("style"),
                to_city=_flag(get("to_city")),
            )
            nodes.append(town)
            result.append(town)
        elif kind == "offboard":
            offboard = p.Offboard(
                get("revenue") or "0",
                groups=get("groups"),
                hide=_flag(get("hide")),
                visit_cost=_int(get("visit_cost"), 1),
                route=get("route"),
                format=get("format"),
                loc=get("loc"),
            )
            nodes.append(offboard)
            result.append(offboard)
        elif kind == "junction":
            junction = p.Junction()
            nodes.append(junction)
            result.append(junction)
        elif kind == "label":
            result.append(p.Label(part.bare if not part.params else (get("label") or "")))
        elif kind == "upgrade":
            terrain = get("terrain")
            size = get("size")
            result.append(
                p.Upgrade(
                    _int(get("cost"), 0),
                    terrain.split("|") if terrain else [],
                    size=_int(size, 0) if size is not None else None,
                    loc=get("loc"),
                )
            )
        elif kind == "border":
            cost = get("cost")
            result.append(
                p.Border(
                    _int(get("edge"), 0),
                    get("type") or None,
                    _int(cost, 0) if cost is not None else None,
                    get("color"),
                )
            )
        elif kind == "icon":
            image = get("image") or ""
            result.append(
                p.Icon(
                    get("name") or image.split("/")[-1],
                    image,
                    sticky=_flag(get("sticky")),
                    blocks_lay=_flag(get("blocks_lay")),
                    large=_flag(get("large")),
                    loc=get("loc"),
                )
            )
        elif kind == "stub":
            result.append(p.Stub(_int(get("edge"), 0)))
        elif kind == "partition":
            result.append(p.Partition(get("a"), get("b"), get("type"), get("restrict"), get("length")))
        elif kind == "frame":
            result.append(p.Frame(get("color"), get("color2")))
        elif kind == "stripes":
            result.append(p.Stripes(get("color")))
        elif kind == "future_label":
            result.append(p.FutureLabel(get("label"), get("color")))
        # anything else: ignored, like the reference engine
    return result
