"""18USA's resources (coal, ore, oil) as a general mechanism of resource hexes and resource tiles: a white hex
shows the resources it holds by its icons; a tile carries its resources in its label.  A yellow resource tile may
be laid on a white hex holding its resources when the laying corporation owns a ``tile_lay`` ability for that
hex naming each resource's label; laying it uses the abilities up (one per resource).  Routes earn a bonus for
each resource tile they pass through (``rules.py``)."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.titles.g18usa import data

_ICON_TO_RESOURCE = {icon: resource for resource, icon in data.RESOURCE_ICONS.items()}


def tile_resources(tile: Any) -> list[str]:
    """The resources of a tile: a white hex's by its icons, a laid tile's by its label."""
    if tile.color == "white":
        names = {str(icon.name) for icon in tile.icons}
        return [r for icon, r in _ICON_TO_RESOURCE.items() if icon in names]
    label = str(tile.label) if getattr(tile, "label", None) else ""
    if not label:
        return []
    return [r for r, text in data.RESOURCE_LABELS.items() if text in label]


def is_resource_tile(tile: Any) -> bool:
    return bool(tile_resources(tile))


def resource_abilities_for_hex(hex_: Any, resource: str, companies: list[Any]) -> list[Any]:
    label = data.RESOURCE_LABELS[resource]
    found = [a for c in companies for a in c.all_abilities()
             if a.type == "tile_lay" and hex_.id in (a.hexes or ()) and label in (a.tiles or ())]
    return sorted(found, key=lambda a: (len(a.tiles or ()), str(a.owner.id)))


def abilities_to_lay(hex_: Any, tile: Any, companies: list[Any]) -> dict[str, Any]:
    """resource -> the ability that lays it (None: missing); an ability naming one resource is preferred, and an
    ability serves one resource only."""
    options = {r: resource_abilities_for_hex(hex_, r, companies) for r in tile_resources(tile)}
    if len(options) == 1:
        return {r: (found[0] if found else None) for r, found in options.items()}
    values = list(options.values())
    shared = [a for a in values[0] if a in values[1]] if len(values) > 1 else []
    chosen: dict[str, Any] = {}
    for r, found in options.items():
        own = [a for a in found if a not in shared]
        chosen[r] = own[0] if own else None
    for r in chosen:
        if chosen[r] is None and shared:
            chosen[r] = shared.pop(0)
    return chosen


def can_lay_resource_tile(old: Any, new: Any, companies: list[Any]) -> bool:
    if not companies:
        return False
    have = tile_resources(old)
    if not all(r in have for r in tile_resources(new)):
        return False
    return all(abilities_to_lay(old.hex, new, companies).values())


def consume(game: Any, hex_: Any, tile: Any, companies: list[Any]) -> None:
    """The abilities laying ``tile`` are used (a company whose markers are used up closes)."""
    if tile.name in data.ORE20_TILES:
        return
    for resource, ability in abilities_to_lay(hex_, tile, companies).items():
        if ability is None:
            raise IllegalAction(f"Must have {resource} resource to lay tile")
        company = ability.owner
        game.log(f"{company.name} contributes the {resource} resource")
        ability.use()
        if ability.count is not None and ability.count <= 0 and ability.closed_when_used_up:
            game.log(f"{company.name} closes")
            company.close()


__all__ = ["abilities_to_lay", "can_lay_resource_tile", "consume", "is_resource_tile", "tile_resources"]
