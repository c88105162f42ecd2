"""Assign: a private company puts its marker on a hex or on a corporation (reference ``Step::Assign``).

A company with an ``assign_hexes`` ability usable now may be assigned to one of the ability's hexes; one with
an ``assign_corporation`` ability to a floated corporation (``assignable_corporations``) that does not carry
its marker yet.  Assigning moves the marker: it leaves the other hexes of the ability (or the other
corporations) first.  Each assignment uses the ability once; an ability that closes its company when used up
closes it.  The step never blocks: a title that must wait for an assignment (1846's Steamboat at the start of
an operating round) narrows this step.

Markers live in an ``assignments`` map on the hex or operator (see :func:`assigned`, :func:`assign`,
:func:`unassign`), keyed by the company's id; revenue rules read them (1846's port, meat and boomtown bonuses).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


def assignments(entity: Any) -> dict[str, Any]:
    """The entity's assignment map (created empty on first use)."""
    found: dict[str, Any] | None = getattr(entity, "assignments", None)
    if found is None:
        found = {}
        entity.assignments = found
    return found


def assigned(entity: Any, key: str | None) -> bool:
    """Does ``entity`` (hex, corporation or minor) carry the marker ``key``?"""
    if key is None or entity is None:
        return False
    method = getattr(entity, "assigned", None)
    if callable(method):
        return bool(method(key))
    return key in assignments(entity)


def assign(entity: Any, key: str) -> None:
    method = getattr(entity, "assign", None)
    if callable(method):
        method(key)
    else:
        assignments(entity)[key] = True


def unassign(entity: Any, key: str) -> None:
    method = getattr(entity, "remove_assignment", None)
    if callable(method):
        method(key)
    else:
        assignments(entity).pop(key, None)


class Assign(Step):
    """Assign a company to a hex (``assign_hexes``) or to a corporation (``assign_corporation``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("assign",)
    NAME: ClassVar[str] = "Assign"

    def type_name(self) -> str:
        return "assign"

    def description(self) -> str:
        return "Assign"

    # --- protocol ----------------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_company", False):
            return []
        rules = self.game.ability_rules
        if rules.ability(entity, "assign_hexes") is not None or rules.ability(entity, "assign_corporation") is not None:
            return list(self.ACTIONS)
        return []

    def blocks(self) -> bool:
        return False

    # --- what may be assigned where ---------------------------------------------------------------------
    def assignable_corporations(self, company: Any = None) -> list[Any]:
        """Floated corporations that do not carry ``company``'s marker yet."""
        key = company.id if company is not None else None
        return [c for c in self.game.corporations if c.floated and not assigned(c, key)]

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if not getattr(entity, "is_company", False):
            return None
        ability = self.game.ability_rules.ability(entity, "assign_hexes")
        if ability is None or hex_.id not in ability.hexes or assigned(hex_, entity.id):
            return None
        return list(self.game.hex_by_id(hex_.id).neighbors.keys())

    # --- processing --------------------------------------------------------------------------------------
    def resolve_target(self, action: Action) -> Any:
        game = self.game
        target = getattr(action, "target", None)
        kind = getattr(action, "target_type", None)
        if kind == "hex":
            return game.hex_by_id(target)
        if kind in ("corporation", "minor"):
            return game.entity_by(kind, target)
        raise InvalidAction(f"cannot assign to a {kind!r}")

    def process_assign(self, action: Action) -> None:
        game = self.game
        company = game.resolve_entity(action)
        target = self.resolve_target(action)
        key = company.id
        to_hex = getattr(action, "target_type", None) == "hex"
        target_name = target.id if to_hex else target.name
        if assigned(target, key):
            raise IllegalAction(f"{company.name} is already assigned to {target_name}")
        if to_hex:
            ability = game.ability_rules.ability(company, "assign_hexes")
            if ability is None:
                raise IllegalAction(f"Could not assign {company.name} to {target_name}; "
                                    ":assign_hexes ability not found")
            if target.id not in ability.hexes:
                raise IllegalAction(f"{company.name} cannot be assigned to {target_name}")
            on_map = {h.id: h for h in game.hexes}
            for hex_id in ability.hexes:
                # an ability may name hexes of a map part not in play (a regional scenario's)
                hex_ = on_map.get(hex_id)
                if hex_ is not None and assigned(hex_, key):
                    unassign(hex_, key)
                    game.log(f"{company.name} is unassigned from {hex_.id}")
        else:
            ability = game.ability_rules.ability(company, "assign_corporation")
            if ability is None or not any(c is target for c in self.assignable_corporations(company)):
                raise IllegalAction(f"Could not assign {company.name} to {target_name}; "
                                    "no assignable corporations found")
            for corporation in self.assignable_corporations():
                if assigned(corporation, key):
                    unassign(corporation, key)
                    game.log(f"{company.name} is unassigned from {corporation.name}")
        assign(target, key)
        ability.use()
        game.log(f"{company.name} is assigned to {target_name}")
        if ability.count == 0 and getattr(ability, "closed_when_used_up", False):
            game.company_rules.closing_after_using_ability(company)
            company.close()


__all__ = ["Assign", "assign", "assigned", "assignments", "unassign"]
