"""The rules as pure functions of the state: build costs and refusals, contiguity, the link bonus, income and
the split of a payout between the shares players hold.  Build points are counted in halves (3 BP = 6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.titles.irish_gauge.data import (
    CITY_INCOME,
    COST_DIFFICULT_HALVES,
    COST_EMPTY_HALVES,
    COST_SHARED_HALVES,
    DIFFICULT,
    MAJOR_CITIES,
    TOWN_INCOME,
)
from engine.titles.irish_gauge.model import Cell, Player, Railway


def bp_text(halves: int) -> str:
    """Half build points as a player reads them: 3, 1.5, 0.5."""
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:.1f}"


def build_cost(cell: Cell, railway: Railway) -> int | None:
    """The cost in half BP of ``railway`` building in ``cell`` (None: never possible there, whatever the
    budget: its own track is there already, or it is a difficult hex another railway holds)."""
    if railway.id in cell.railways:
        return None
    if cell.railways:
        return None if cell.terrain == DIFFICULT else COST_SHARED_HALVES
    return COST_DIFFICULT_HALVES if cell.terrain == DIFFICULT else COST_EMPTY_HALVES


def build_refusal(board: Mapping[str, Cell], railway: Railway, hex_id: str, budget: int) -> str | None:
    """Why ``railway`` may not build in ``hex_id`` now with ``budget`` half BP left (None: it may)."""
    cell = board.get(hex_id)
    if cell is None:
        return f"{hex_id} is not a hex of the board"
    if railway.id in cell.railways:
        return f"{railway.id} already has track in {cell.label}"
    if railway.tracks_left <= 0:
        return f"{railway.id} has built all its tracks"
    if cell.terrain == DIFFICULT and cell.railways:
        return f"{cell.label} is difficult terrain that {', '.join(cell.railways)} already holds"
    if not any(railway.id in board[n].railways for n in cell.neighbours):
        return f"{cell.label} does not touch {railway.id}'s track"
    cost = build_cost(cell, railway)
    assert cost is not None
    if cost > budget:
        return f"{cell.label} costs {bp_text(cost)} BP and only {bp_text(budget)} BP are left"
    return None


def buildable(board: Mapping[str, Cell], railway: Railway, budget: int) -> dict[str, int]:
    """Every hex ``railway`` may build in now with ``budget`` half BP, with its cost (board order)."""
    if railway.tracks_left <= 0:
        return {}
    out: dict[str, int] = {}
    network = set(railway.tracks)
    for hex_id, cell in board.items():
        if railway.id in cell.railways or not any(n in network for n in cell.neighbours):
            continue
        cost = build_cost(cell, railway)
        if cost is not None and cost <= budget:
            out[hex_id] = cost
    return out


def links_majors(railway: Railway) -> bool:
    """Does the railway's network reach Belfast, Dublin and Galway?  (A network is contiguous, so reaching
    them is linking them.)"""
    return all(h in railway.tracks for h in MAJOR_CITIES)


def holders(railway: Railway) -> list[tuple[Player, int]]:
    """The players holding shares of ``railway`` with how many, in share order."""
    counts: dict[int, tuple[Player, int]] = {}
    for share in railway.shares:
        if share.owner is not None:
            player, n = counts.get(id(share.owner), (share.owner, 0))
            counts[id(share.owner)] = (player, n + 1)
    return list(counts.values())


def split(amount: int, railway: Railway) -> list[tuple[Player, int]]:
    """``amount`` divided between the shares players hold, each share's part rounded up: (player, paid)."""
    held = holders(railway)
    shares = sum(n for _, n in held)
    if amount <= 0 or shares == 0:
        return []
    per_share = -(-amount // shares)
    return [(player, per_share * n) for player, n in held]


@dataclass(frozen=True)
class Income:
    railway: str
    paying_cities: tuple[str, ...]  # hexes of the cities whose cube colour was drawn
    towns: tuple[str, ...]  # hexes of the towns (without a special interest) on the network
    pays: bool
    amount: int  # 0 when it does not pay


def income(board: Mapping[str, Cell], railway: Railway, drawn: Iterable[str]) -> Income:
    """What ``railway`` earns for a dividend call that drew the colours ``drawn``: it pays when its network
    has two paying cities, or one paying city and a town; then 4 per paying city and 2 per town."""
    colors = set(drawn)
    paying = tuple(h for h in railway.tracks if board[h].is_city and board[h].cube in colors)
    towns = tuple(h for h in railway.tracks if board[h].is_town)
    pays = len(paying) >= 2 or (len(paying) >= 1 and len(towns) >= 1)
    amount = CITY_INCOME * len(paying) + TOWN_INCOME * len(towns) if pays else 0
    return Income(railway.id, paying, towns, pays, amount)
