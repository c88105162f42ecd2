"""Irish Gauge: the facts of the published game, in our own words and format.

Sources: the rules summary (shared seed 004) and the design note ``IRISH-GAUGE.md`` (board transcription,
component counts, rulings).  Everything here is plain, frozen data; the rules live in ``game.py`` and
``steps.py``.

The board is a grid of flat-topped hexes in columns 1-12 (west to east) and rows A-P (north to south); even
columns sit half a hex higher than odd ones.  A hex is named by its row letter and column: ``"H11"`` is
Dublin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

TITLE_NAME: Final = "Irish Gauge"
DESIGNER: Final = "Tom Russell"
PLAYER_RANGE: Final = (3, 5)
STARTING_CASH: Final = 20

#: Build points per track action, in half points (3 BP).
BUILD_POINTS_HALVES: Final = 6
#: Costs in half build points: an empty easy/town/city hex, an empty difficult hex, a hex another railway holds.
COST_EMPTY_HALVES: Final = 2
COST_DIFFICULT_HALVES: Final = 4
COST_SHARED_HALVES: Final = 3
#: Tracks per railway, the one in its starting city included.
TRACKS_PER_RAILWAY: Final = 19
#: The one-time bonus for a railway linking the three major cities.
LINK_BONUS: Final = 12
CITY_INCOME: Final = 4
TOWN_INCOME: Final = 2
#: Cubes drawn by a dividend call.
DIVIDEND_DRAW: Final = 3

COLORS: Final = ("white", "pink", "black")
CUBES_PER_COLOR: Final = 10
#: The bag the starting cities draw from (per colour); the rest of the cubes are the supply.
BAG_PER_COLOR: Final = 4

EASY: Final = "e"
DIFFICULT: Final = "D"
TOWN: Final = "T"
CITY: Final = "C"
MAJOR: Final = "M"

#: Terrain by row (A..P) and column (1..12); "." is sea or off the map.
TERRAIN_ROWS: Final = (
    #  1  2  3  4  5  6  7  8  9 10 11 12
    ". . . . e D e e D e e D",  # A
    ". . . . e D D C D e e D",  # B
    ". . . . . e e e D e e M",  # C
    ". . . T e e e D T D e D",  # D
    "D e D D e e e e e e e D",  # E
    "D T e e e e e e e e T .",  # F
    "D e e e e e e e e e e .",  # G
    "e e M e e e T e e e M .",  # H
    ". e . e e e D e e e D .",  # I
    ". . e e e e e e D e D T",  # J
    ". e T e D D e e e e e T",  # K
    "e e e C e e e C T D e .",  # L
    "e D D e e e D e C e . .",  # M
    "T D D D e e . . . . . .",  # N
    "D D e C . . . . . . . .",  # O
    ". D . . . . . . . . . .",  # P
)
ROWS: Final = "ABCDEFGHIJKLMNOP"
COLUMNS: Final = 12

#: Named hexes: cities (the major ones too) and towns.
NAMES: Final = {
    "B8": "Derry", "C12": "Belfast", "H3": "Galway", "H11": "Dublin", "L4": "Limerick", "L8": "Kilkenny",
    "M9": "Waterford", "O4": "Cork",
    "D4": "Sligo", "D9": "Monaghan", "F2": "Castlebar", "F11": "Drogheda", "H7": "Tullamore", "J12": "Wicklow",
    "K3": "Shannon", "K12": "Arklow", "L9": "New Ross", "N1": "Killarney",
}

#: The order in which the starting cities receive their cubes at setup (the forum game's order).
STARTING_CITY_ORDER: Final = ("H3", "L4", "O4", "B8", "L8", "M9", "C12", "H11")
MAJOR_CITIES: Final = ("C12", "H11", "H3")  # Belfast, Dublin, Galway


@dataclass(frozen=True)
class RailwaySpec:
    id: str
    name: str
    home: str  # starting hex
    color: str  # a colour name for the map (rgb hex)
    text_color: str
    shares: tuple[int, ...]  # face values, lowest first


#: The five railways, in the order of the initial auctions.
RAILWAYS: Final = (
    RailwaySpec("CBSC", "Cork, Bandon & South Coast Railway", "O4", "#2e7d32", "#ffffff", (7, 12, 17)),
    RailwaySpec("WLW", "Waterford, Limerick & Western Railway", "L4", "#c62828", "#ffffff", (5, 10, 15, 19)),
    RailwaySpec("BCD", "Belfast & County Down Railway", "C12", "#1565c0", "#ffffff", (8, 13)),
    RailwaySpec("GSW", "Great Southern & Western Railway", "H11", "#f9a825", "#000000", (4, 9, 14, 18)),
    RailwaySpec("MGW", "Midland Great Western Railway", "H11", "#6a1b9a", "#ffffff", (6, 11, 16)),
)


def money(value: int) -> str:
    """An amount in the game's pounds ("£7"), as every message and panel shows it."""
    return f"£{value}"


def cubes(count: int) -> str:
    """A number of cubes in words ("1 cube", "0 cubes")."""
    return f"{count} cube" if count == 1 else f"{count} cubes"


def terrain() -> dict[str, str]:
    """Every playable hex id -> its terrain letter, row by row, west to east."""
    out: dict[str, str] = {}
    for r, line in enumerate(TERRAIN_ROWS):
        for c, kind in enumerate(line.split(), start=1):
            if kind != ".":
                out[f"{ROWS[r]}{c}"] = kind
    return out


def split_hex(hex_id: str) -> tuple[int, int]:
    """``"H11"`` -> (row index 7, column 11)."""
    return ROWS.index(hex_id[0]), int(hex_id[1:])


def hex_name(row: int, col: int) -> str:
    return f"{ROWS[row]}{col}"


def neighbour_ids(hex_id: str) -> list[str]:
    """The grid neighbours of a hex (on or off the board): same column above/below; an even column's
    neighbours in the next columns are on its own row and the row above, an odd column's on its own row and
    the row below."""
    r, c = split_hex(hex_id)
    cells = [(r - 1, c), (r + 1, c)]
    side_rows = (r - 1, r) if c % 2 == 0 else (r, r + 1)
    for dc in (-1, 1):
        for rr in side_rows:
            cells.append((rr, c + dc))
    return [hex_name(rr, cc) for rr, cc in cells if 0 <= rr < len(ROWS) and 1 <= cc <= COLUMNS]
