"""18USA's subsidies: fourteen face-down tiles drawn at set-up onto the subsidized cities.  The corporation
starting in such a city claims its subsidy: a no-effect tile, cash towards its winning bid, a bonus on its home
city, a free station, a free green upgrade of its home, or a resource marker (the resources whose private
companies are out of the game).  A claimed subsidy is held as a company of the corporation until used."""

from __future__ import annotations

import copy
from typing import Any

from engine.titles.g18usa import data


def tile_label(tile: Any) -> str | None:
    label = getattr(tile, "label", None)
    return str(label) if label else None


def setup_subsidies(game: Any) -> None:
    """The resource subsidy offers the resources left without a company; the subsidies are drawn onto the
    subsidized cities (two stay out)."""
    subsidies = [copy.deepcopy(s) for s in data.SUBSIDIES]
    resource = next(s for s in subsidies if s["id"] == "S16")
    ability = resource["abilities"][0]
    resources: list[str] = []
    if game.company_by_id("P24").closed:
        ability["hexes"] += list(data.ORE_HEXES)
        ability["tiles"].append(data.ORE)
        ability["discount"] = 15
        resources.append("ore")
    if game.company_by_id("P12").closed:
        ability["hexes"] += list(data.OIL_HEXES)
        ability["tiles"].append(data.OIL)
        resources.append("oil")
    if game.company_by_id("P18").closed or game.company_by_id("P28").closed:
        ability["hexes"] += list(data.COAL_HEXES)
        ability["tiles"].append(data.COAL)
        ability["discount"] = 15
        resources.append("coal")
    if not resources:
        resources.append("NO RESOURCES")
    resource["desc"] = (f"The corporation may place one of these resources: {', '.join(resources)}, with a free "
                        "extra track lay.")
    shuffled = game.rng.shuffle(subsidies)
    used, excluded = shuffled[:len(data.SUBSIDIZED_HEXES)], shuffled[len(data.SUBSIDIZED_HEXES):]
    if not any(s["id"] == "S16" for s in excluded):
        game.log(f"Resource subsidy includes {', '.join(resources)}")
    if excluded:
        game.log(f"Removing: {', '.join(s['name'] for s in excluded)}")
    game.subsidies_by_hex = dict(zip(data.SUBSIDIZED_HEXES, used, strict=True))


def remove_subsidies(game: Any) -> None:
    """After the first stock round the subsidies not claimed leave the map."""
    game.log("All unused subsidies are removed from the game")
    game.subsidies_by_hex = {}





def add_subsidy(game: Any, corporation: Any, hex_: Any) -> None:
    """The corporation placing its home token on a subsidized city claims the subsidy there: it becomes a
    company of the corporation."""
    from engine.model.entities import Company

    subsidy = game.subsidies_by_hex.pop(hex_.id, None)
    if subsidy is None:
        return
    if subsidy["name"] != "No Subsidy":
        game.log(f"{corporation.name} receives the {subsidy['name']}")
    company = Company(sym=subsidy["id"], name=subsidy["name"], value=int(subsidy["value"]), revenue=0,
                      desc=subsidy["desc"], abilities=copy.deepcopy(subsidy["abilities"]))
    game.companies.append(company)
    game._companies_by_id[company.id] = company  # (the game's company index; the rest of it stays as it is)
    if company.id == "S8":  # the boomtown subsidy upgrades this home
        ability: Any
        for ability in company.all_abilities():
            if ability.type == "tile_lay":
                ability.hexes.append(hex_.id)
            if ability.type == "close":
                ability.corporation = corporation.id
    company.owner = corporation
    corporation.companies.append(company)


def apply_subsidy(game: Any, corporation: Any) -> None:
    """As the corporation is won: a home bonus marks the home city; a cash subsidy pays the bidder; a resource
    subsidy without resources closes."""
    from engine.map.parts import Icon

    subsidy = corporation.companies[0] if corporation.companies else None
    if subsidy is None:
        return
    home = corporation.tokens[0].hex
    if subsidy.id in ("S10", "S11"):
        name = "plus_ten" if subsidy.id == "S10" else "plus_ten_twenty"
        home.tile.icons.append(Icon(name, f"18_usa/{name}", sticky=True, preprinted=False))
        subsidy.close()
    elif subsidy.id in data.CASH_SUBSIDIES:
        game.log(f"Subsidy contributes {game.format_currency(int(subsidy.value))}")
        game.bank.spend(int(subsidy.value), corporation.owner)
    elif subsidy.id == "S16":
        ability = next(iter(subsidy.abilities), None)
        if ability is None or not ability.hexes:
            game.log(f"{subsidy.name} has NO RESOURCES and closes")
            subsidy.close()
__all__ = ["add_subsidy", "apply_subsidy", "remove_subsidies", "setup_subsidies", "tile_label"]
