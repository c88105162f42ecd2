"""The stock market: price cells and the movement of corporations' markers between them.

A market is built from rows of cell codes: ``"67p"`` is price 67 with type letters ``p`` (a par
cell); ``""`` is a blank (no cell).  Letters map to the reference's type names (``p`` par,
``y`` no_cert_limit, ``o`` unlimited, ``b`` multiple_buy, ``c`` close, ``e`` endgame...); a cell
may also be a dict ``{"price": 60, "types": ["par"]}``.  ``SharePrice.types`` holds the *names*.

Movement follows the reference's strategies: two-dimensional markets (1830, 1889, 18Chesapeake)
and one-dimensional ones (1846, a single row).  Each cell keeps the corporations on it in arrival
order; that order breaks operating-order ties.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model.entities import Corporation

TYPE_MAP: dict[str, str] = {
    "p": "par",
    "e": "endgame",
    "c": "close",
    "b": "multiple_buy",
    "o": "unlimited",
    "y": "no_cert_limit",
    "l": "liquidation",
    "a": "acquisition",
    "r": "repar",
    "i": "ignore_one_sale",
    "j": "ignore_two_sales",
    "s": "safe_par",
    "P": "par_overlap",
    "x": "par_1",
    "z": "par_2",
    "w": "par_3",
    "C": "convert_range",
    "m": "max_price",
    "n": "max_price_1",
    "u": "phase_limited",
    "t": "type_limited",
    "B": "pays_bonus",
    "W": "pays_bonus_1",
    "X": "pays_bonus_2",
    "Y": "pays_bonus_3",
    "Z": "pays_bonus_4",
    "S": "share_split",
    "f": "only_president",
    "I": "ignore_sale_unless_president",
    "O": "max_one_drop_unless_president",
    "T": "max_two_drops_unless_president",
}

#: types that count as a par cell
PAR_TYPES: tuple[str, ...] = ("par", "par_overlap", "par_1", "par_2", "par_3")
#: the engine default "no certificate limit" types (CERT_LIMIT_TYPES)
DEFAULT_UNLIMITED_TYPES: tuple[str, ...] = ("multiple_buy", "unlimited", "no_cert_limit")
#: the engine default multiple-buy types (MULTIPLE_BUY_TYPES)
DEFAULT_MULTIPLE_BUY_TYPES: tuple[str, ...] = ("multiple_buy",)

_CODE = re.compile(r"(\d*)([a-zA-Z]*)")

Coordinates = tuple[int, int]


class SharePrice:
    """One market cell.  ``id`` is ``"price,row,col"``; ``corporations`` are in arrival order."""

    __slots__ = ("buy_multiple", "coordinates", "corporations", "counts_for_limit", "info", "price", "type", "types")

    def __init__(
        self,
        price: int,
        row: int,
        col: int,
        types: Sequence[str] = (),
        unlimited_types: Iterable[str] = (),
        multiple_buy_types: Iterable[str] = (),
        info: Any = None,
    ) -> None:
        self.price = price
        self.coordinates: Coordinates = (row, col)
        self.types: list[str] = list(types)
        self.type: str | None = self.types[0] if self.types else None
        self.corporations: list[Corporation] = []
        #: several certificates may be bought in one turn here (brown cells).
        self.buy_multiple = self.type in tuple(multiple_buy_types)
        #: certificates of corporations here count for the certificate limit.
        self.counts_for_limit = self.type not in tuple(unlimited_types)
        self.info = info

    @classmethod
    def from_code(
        cls,
        code: str | Mapping[str, Any] | None,
        row: int,
        col: int,
        unlimited_types: Iterable[str] = (),
        multiple_buy_types: Iterable[str] = (),
    ) -> SharePrice | None:
        """Parse a cell code (``"100p"``) or dict; blank cells give ``None``."""
        if code is None or code == "":
            return None
        if isinstance(code, Mapping):
            return cls(
                int(code["price"]),
                row,
                col,
                [str(t) for t in code.get("types", []) or []],
                unlimited_types,
                multiple_buy_types,
                code.get("info"),
            )
        match = _CODE.match(code)
        assert match is not None  # the pattern matches any string
        price = int(match.group(1) or 0)
        types = [TYPE_MAP.get(ch, ch) for ch in match.group(2)]
        return cls(price, row, col, types, unlimited_types, multiple_buy_types)

    @property
    def id(self) -> str:
        return f"{self.price},{self.coordinates[0]},{self.coordinates[1]}"

    @property
    def row(self) -> int:
        return self.coordinates[0]

    @property
    def column(self) -> int:
        return self.coordinates[1]

    @property
    def can_par(self) -> bool:
        return self.type in PAR_TYPES

    @property
    def end_game_trigger(self) -> bool:
        return self.type == "endgame"

    @property
    def liquidation(self) -> bool:
        return self.type == "liquidation"

    @property
    def normal_movement(self) -> bool:
        """Markers may move here by ordinary price changes (not liquidation cells)."""
        return self.type != "liquidation"

    def remove_par(self) -> None:
        self.types = [t for t in self.types if t not in PAR_TYPES]
        self.type = self.types[0] if self.types else None

    def __repr__(self) -> str:
        return f"<SharePrice {self.id}>"


class _Movement:
    """Where a marker goes for one step in a direction (coordinates only; no move is made)."""

    def __init__(self, market: StockMarket) -> None:
        self.market = market

    def left(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        raise NotImplementedError

    def right(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        raise NotImplementedError

    def up(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        raise NotImplementedError

    def down(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        raise NotImplementedError


class TwoDimensionalMovement(_Movement):
    """1830-style grid: right at the row end goes up; left at column 0 (or onto a blank) goes down;
    up at the top row and down at the bottom row stay put (a blank below also stays put, because
    :meth:`StockMarket.move` ignores moves onto blanks)."""

    def left(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if c > 0 and self.market.share_price((r, c - 1)) is not None:
            return (r, c - 1)
        return self.market.down(corporation, coordinates)

    def right(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if c + 1 >= len(self.market.market[r]):
            return self.market.up(corporation, coordinates)
        return (r, c + 1)

    def down(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if r + 1 < len(self.market.market):
            r += 1
        return (r, c)

    def up(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if r - 1 >= 0:
            r -= 1
        return (r, c)


class OneDimensionalMovement(_Movement):
    """1846-style single row: left/right one cell, stopping at the ends; down = left, up = right."""

    def left(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if c - 1 >= 0:
            c -= 1
        return (r, c)

    def right(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        r, c = coordinates
        if c + 1 < len(self.market.market[r]):
            c += 1
        return (r, c)

    def down(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        return self.market.left(corporation, coordinates)

    def up(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        return self.market.right(corporation, coordinates)


class StockMarket:
    """The market grid and the moves of corporations on it.

    ``market[row][col]`` is a :class:`SharePrice` or ``None`` (blank).  ``par_prices`` lists the
    par cells by descending (price, column, row), as the reference orders them.
    ``movement`` is ``"two_d"`` or ``"one_d"``; by default one row means one-dimensional.
    """

    def __init__(
        self,
        rows: Sequence[Sequence[str | Mapping[str, Any] | None]],
        unlimited_types: Iterable[str] = DEFAULT_UNLIMITED_TYPES,
        multiple_buy_types: Iterable[str] = DEFAULT_MULTIPLE_BUY_TYPES,
        movement: str | None = None,
        sold_out_top_row_movement: str | None = None,
    ) -> None:
        unlimited = tuple(unlimited_types)
        multiple = tuple(multiple_buy_types)
        self.par_prices: list[SharePrice] = []
        self.has_close_cell = False
        self.max_reached = False
        self.sold_out_top_row_movement = sold_out_top_row_movement
        self.market: list[list[SharePrice | None]] = []
        for r, row in enumerate(rows):
            cells: list[SharePrice | None] = []
            for c, code in enumerate(row):
                price = SharePrice.from_code(code, r, c, unlimited, multiple)
                if price is not None:
                    if price.can_par:
                        self.par_prices.append(price)
                    if price.type == "close":
                        self.has_close_cell = True
                cells.append(price)
            self.market.append(cells)
        self.par_prices.sort(key=lambda p: (p.price, p.coordinates[1], p.coordinates[0]), reverse=True)
        self._by_id: dict[str, SharePrice] = {
            sp.id: sp for row_cells in self.market for sp in row_cells if sp is not None
        }

        kind = movement or ("one_d" if len(self.market) == 1 else "two_d")
        if kind == "one_d":
            self.movement: _Movement = OneDimensionalMovement(self)
        elif kind == "two_d":
            self.movement = TwoDimensionalMovement(self)
        else:
            raise ValueError(f"unknown market movement {movement!r}")
        self.kind = kind

    # -- lookup ----------------------------------------------------------------------------
    def share_price(self, row: int | Sequence[int], col: int | None = None) -> SharePrice | None:
        """The cell at ``(row, col)`` (or a coordinates pair), ``None`` for blanks or outside the grid."""
        if col is None:
            assert not isinstance(row, int), "share_price needs a row and a column"
            r, c = int(row[0]), int(row[1])
        else:
            assert isinstance(row, int)
            r, c = row, col
        if r < 0 or c < 0 or r >= len(self.market):
            return None
        cells = self.market[r]
        return cells[c] if c < len(cells) else None

    def share_price_by_id(self, price_id: str) -> SharePrice | None:
        """A cell by its ``"price,row,col"`` id."""
        return self._by_id.get(price_id)

    def share_prices_with_types(self, types: Iterable[str]) -> list[SharePrice]:
        wanted = tuple(types)
        found = [sp for row in self.market for sp in row if sp is not None and any(t in wanted for t in sp.types)]
        found.sort(key=lambda sp: sp.price)
        found.reverse()
        return found

    @property
    def one_d(self) -> bool:
        return len(self.market) == 1

    @property
    def two_d(self) -> bool:
        return len(self.market) > 1

    def right_ledge(self, coordinates: Coordinates) -> bool:
        row, col = coordinates
        return col + 1 == len(self.market[row])

    def top_row(self, coordinates: Coordinates) -> bool:
        return coordinates[0] == 0 and self.two_d

    def max_share_price(self, coordinates: Coordinates) -> bool:
        return tuple(coordinates) == (0, len(self.market[0]) - 1)

    @property
    def has_reached_end_game_cell(self) -> bool:
        return self.max_reached

    # -- par and moves -----------------------------------------------------------------------
    def set_par(self, corporation: Corporation, share_price: SharePrice) -> None:
        """Put ``corporation`` on ``share_price`` (joining the end of that cell) and make it its par."""
        share_price.corporations.append(corporation)
        corporation.share_price = share_price
        corporation.par_price = share_price
        corporation.original_par_price = share_price

    def remove_par(self, share_price: SharePrice) -> None:
        self.par_prices = [p for p in self.par_prices if p is not share_price]
        share_price.remove_par()

    def left(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        return self.movement.left(corporation, coordinates)

    def right(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        return self.movement.right(corporation, coordinates)

    def down(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        return self.movement.down(corporation, coordinates)

    def up(self, corporation: Corporation | None, coordinates: Coordinates) -> Coordinates:
        if (
            self.sold_out_top_row_movement == "down_right"
            and self.top_row(coordinates)
            and not self.max_share_price(coordinates)
        ):
            return self.movement.right(corporation, self.movement.down(corporation, coordinates))
        return self.movement.up(corporation, coordinates)

    def _current(self, corporation: Corporation) -> Coordinates:
        sp = corporation.share_price
        if sp is None:
            raise ValueError(f"{corporation.name} has no share price")
        return sp.coordinates

    def move_left(self, corporation: Corporation) -> None:
        self.move(corporation, self.left(corporation, self._current(corporation)))

    def move_right(self, corporation: Corporation) -> None:
        self.move(corporation, self.right(corporation, self._current(corporation)))

    def move_up(self, corporation: Corporation) -> None:
        self.move(corporation, self.up(corporation, self._current(corporation)))

    def move_down(self, corporation: Corporation) -> None:
        self.move(corporation, self.down(corporation, self._current(corporation)))

    def find_share_price(self, corporation: Corporation, directions: str | Sequence[str]) -> SharePrice | None:
        """The cell the marker would reach after ``directions`` (no move is made)."""
        current = corporation.share_price
        if current is None:
            return None
        return self.find_relative_share_price(current, corporation, directions)

    def find_relative_share_price(
        self, share_price: SharePrice, corporation: Corporation | None, directions: str | Sequence[str]
    ) -> SharePrice | None:
        steps = [directions] if isinstance(directions, str) else list(directions)
        coordinates = share_price.coordinates
        price = self.share_price(coordinates)
        for direction in steps:
            if direction == "left":
                coordinates = self.left(corporation, coordinates)
            elif direction == "right":
                coordinates = self.right(corporation, coordinates)
            elif direction == "down":
                coordinates = self.down(corporation, coordinates)
            elif direction == "up":
                coordinates = self.up(corporation, coordinates)
            price = self.share_price(coordinates) or price
        return price

    def move(self, corporation: Corporation, coordinates: Sequence[int], force: bool = False) -> None:
        """Move the marker to ``coordinates``: leave the old cell's list, join the end of the new one.

        Nothing happens for a blank or missing cell, the same cell, or (unless ``force``) a cell
        that cannot be entered by normal movement.  Reaching an end-game cell sets ``max_reached``.
        """
        target = self.share_price(coordinates)
        if target is None:
            return
        current = corporation.share_price
        if target is current:
            return
        if not force and not target.normal_movement:
            return
        if current is not None:
            current.corporations[:] = [c for c in current.corporations if c is not corporation]
        corporation.share_price = target
        if target.end_game_trigger:
            self.max_reached = True
        target.corporations.append(corporation)
