"""A short rules summary of each 18ZOO map, for the table (the desktop's Game > Rules summary): the rules every map
shares, in a few lines, then what this map changes: its families and their homes, the special hexes it prints, the
players it suits and the money they start with.  Written by us from the rules; the map facts are counted from
``maps.py`` so that the summary cannot drift from the map played."""

from __future__ import annotations

from collections import Counter
from html import escape

from engine.titles.g18zoo.maps import TILE_M, TILE_MM, TILE_O, TILE_Y, MapSpec

#: the rules all six maps share, one line each
SHARED_RULES = (
    "Three days; each day is a stock round then operating rounds (two on Monday and Tuesday, three on Wednesday). "
    "The game ends after Wednesday's last operating round, or at the end of the operating round in which a "
    "family reaches the market's last space.",
    "Before the first stock round the players draft powers, last player first; new powers are offered at "
    "each later stock round.",
    "Each player holds ZOOTickets (two with five players, else three), worth 4$ at first and more each "
    "round, up to 20 at the end.",
    "A family has five certificates: the president's (40%) and four 20% shares; the last share (the cousin) is "
    "sold from the third stock round on. The family gets the money of each share sold (incremental).",
    "When a family runs, its market mark moves right if the run reaches the threshold of its space; the "
    "space also says the dividend each share pays.",
    "Track: two lays a turn on two hexes, at most one of them an upgrade. M and MM hexes cost 1$ and 2$ to "
    "build on; once built, O, M and MM hexes are upgraded only with the Rabbits or Moles power.",
    "A president short of money for a forced squirrel (train) may borrow from the bank; the debt counts "
    "double against the player at the end.",
)

#: the families' names as printed (without their order number)
FAMILY_NAMES = {
    "CR": "Crocodiles", "GI": "Giraffes", "PB": "Polar Bears", "PE": "Penguins", "LI": "Lions", "TI": "Tigers",
    "BB": "Brown Bears", "EL": "Elephants",
}

#: the special hexes a map prints, by their code in ``maps.py``: (name, what it does)
SPECIAL_HEXES = (
    (TILE_O, "O", "a river town worth 10"),
    (TILE_Y, "Y", "a city worth 30 / 40 / 50 by phase"),
    (TILE_M, "M", "a hill: a lay here costs 1$"),
    (TILE_MM, "MM", "a mountain: a lay here costs 2$"),
)


def _counts(zoo_map: MapSpec) -> Counter[str]:
    counts: Counter[str] = Counter()
    for by_code in zoo_map.hexes.values():
        for code, hexes in by_code.items():
            if "label=R" in code:
                counts["R"] += len(hexes)
            for special, name, _what in SPECIAL_HEXES:
                if code == special:
                    counts[name] += len(hexes)
    return counts


def suggested_players(zoo_map: MapSpec) -> str:
    """The player counts a map is made for: 2-3 with five families, 4-5 with seven."""
    return "2-3" if len(zoo_map.corporations) <= 5 else "4-5"


def summary_html(zoo_map: MapSpec, powers: tuple[tuple[str, str], ...] = ()) -> str:
    """The rules summary of ``zoo_map`` as a small HTML page; ``powers``: (name, when and how it is used) of each
    power, listed at the end (the cards say what each does)."""
    counts = _counts(zoo_map)
    families = "".join(
        f"<li><b>{escape(FAMILY_NAMES.get(sym, sym))}</b> ({sym}), home {escape(zoo_map.homes[sym])}</li>"
        for sym in zoo_map.corporations)
    absent = [FAMILY_NAMES[sym] for sym in FAMILY_NAMES if sym not in zoo_map.corporations]
    hexes = "".join(f"<li><b>{name}</b> &times; {counts[name]}: {escape(what)}</li>"
                    for _code, name, what in SPECIAL_HEXES if counts[name])
    hexes += (f"<li><b>R</b> &times; {counts['R']}: red areas worth 30, 60 from brown; the Hole power joins two of "
              f"them</li>")
    cash = ", ".join(f"{n} players {money}$" for n, money in sorted(zoo_map.starting_cash.items()))
    options = ""
    if zoo_map.base_2 or zoo_map.base_3:
        options = ("<p><b>Options:</b> \u201cBase 2\u201d (less money) and \u201cBase 3\u201d (more money) "
                   "change the centre of the map; \u201cPowers visible\u201d shows every coming power from the "
                   "start.</p>")
    shared = "".join(f"<li>{escape(line)}</li>" for line in SHARED_RULES)
    listed = "".join(f"<li><b>{escape(name)}</b>: {escape(use)}</li>" for name, use in powers)
    return (
        f"<h2>18ZOO \u2013 Map {zoo_map.letter}</h2>"
        f"<p>{len(zoo_map.corporations)} families, made for {suggested_players(zoo_map)} players "
        f"(2 to 5 can play). Starting money: {cash}.</p>"
        f"<h3>Families on this map</h3><ul>{families}</ul>"
        + (f"<p>Not on this map: {escape(', '.join(absent))}.</p>" if absent else "")
        + f"<h3>Special hexes</h3><ul>{hexes}</ul>{options}"
        f"<h3>Rules of every map</h3><ul>{shared}</ul>"
        + (f"<h3>Powers: when they are used</h3><ul>{listed}</ul>" if listed else "")
    )
