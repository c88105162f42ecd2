"""18USA's private companies whose power works as they are put into a corporation: the Carnegie Steel Company
(P10) makes the new home a metropolis, the Pyramid Scheme (P14) simply closes, the Bankrupt Railroad (P29) brings
a free 2 train to a corporation started on a city without a subsidy."""

from __future__ import annotations

from typing import Any


def use_on_assign(game: Any, company: Any) -> bool:
    """Use ``company``'s power as it is put into its corporation; False when it has none of these."""
    if company.id == "P10":
        carnegie(game, company)
    elif company.id == "P14":
        company.close()
    elif company.id == "P29":
        bankrupt_railroad(game, company)
    else:
        return False
    return True


def carnegie(game: Any, company: Any) -> None:
    corporation = company.owner
    home = corporation.tokens[0].hex
    name = f"{home.id} ({home.location_name})"
    potential = [game.hex_by_id(h) for h in game.POTENTIAL_METROPOLIS]
    if home in game.active_metropolis_hexes:
        game.log(f"{name} is already a Metropolis")
    elif home not in potential:
        game.log(f"{name} is not an unselected Metropolis and cannot become a Metroplis")
    elif home.tile.color != "white":
        game.log(f"{name} has already been improved and can no longer become a Metropolis")
    else:
        game.log(f"{name} becomes a Metropolis")
        game.convert_potential_metro(home)
    game.remove_unused_metropolis_tiles()
    company.close()


def bankrupt_railroad(game: Any, company: Any) -> None:
    corporation = company.owner
    if any(c.name == "No Subsidy" for c in corporation.companies):
        game.log(f"{corporation.name} started in a city with no subsidy and receives a 2 train from {company.name}")
        train = game.depot.depot_trains()[0]
        game.train_rules.buy_train(corporation, train, "free")
    else:
        game.log(f"{corporation.name} not started in city with no subsidy and does not receive a 2 train from "
                 f"{company.name}")
    company.close()


__all__ = ["use_on_assign"]
