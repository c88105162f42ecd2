"""Assigning a private company's marker to a hex or an operator (engine.steps.assign and its narrowings, such as
1846's Steamboat that the round waits for)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable, one_of
from engine.moves.registry import entity_ref, enumerates
from engine.steps.assign import Assign, assigned


@dataclass(frozen=True)
class AssignMove(Move):
    """Put the company's marker on one of ``targets`` (``target_type`` "hex" or "corporation"/"minor" ids)."""

    TYPE: ClassVar[str] = "assign"
    target_type: str = "hex"
    targets: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("target_type") != self.target_type:
            return f"not an assignment to a {self.target_type}"
        return one_of(action.get("target"), list(self.targets), f"{self.target_type} for {self.entity}")

    def sample(self, rng: Any) -> dict[str, Any]:
        return {**self.base(), "target": rng.choice(self.targets), "target_type": self.target_type}

    def describe(self) -> str:
        return f"assign {self.entity} to {', '.join(self.targets)}"


@enumerates(Assign)
def assign(step: Assign, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    game = step.game
    etype, eid = entity_ref(entity)
    if not getattr(entity, "is_company", False):
        # an operator assigning for itself, where the step names the hexes (18MEX: the NdM keeps one of a merged
        # corporation's stations)
        own = getattr(step, "assignable_hexes", None)
        targets = tuple(own(entity)) if "assign" in kinds and callable(own) else ()
        if targets:
            yield AssignMove(etype, eid, target_type="hex", targets=targets)
        return
    steamboat = getattr(step, "steamboat", None)
    blocking_for = getattr(step, "blocking_for_steamboat", None)
    if blocking_for is not None and blocking_for() and entity is not steamboat:
        return
    if "assign" in kinds:
        hexes = game.ability_rules.ability(entity, "assign_hexes")
        if hexes is not None:
            # the step decides which hexes take the marker now (a title may narrow them: 18AL's coal token)
            # an ability without hexes may go on any hex the step allows (18ZOO's powers), when the step says so
            anywhere = getattr(step, "ANY_HEX_WHEN_UNLISTED", False) and not hexes.hexes
            on_map = {h.id: h for h in game.hexes}
            # (an ability may name hexes of a map part not in play: a regional scenario's)
            candidates = list(on_map) if anywhere else [h for h in hexes.hexes if h in on_map]
            targets = tuple(h for h in candidates if step.available_hex(entity, on_map[h]) is not None)
            if targets:
                yield AssignMove(etype, eid, target_type="hex", targets=targets)
        if game.ability_rules.ability(entity, "assign_corporation") is not None:
            # minors are named with target_type "minor" (the site finds the target by its type)
            operators = [c for c in step.assignable_corporations(entity) if not assigned(c, entity.id)]
            for kind, is_minor in (("corporation", False), ("minor", True)):
                ids = tuple(c.id for c in operators if bool(getattr(c, "is_minor", False)) == is_minor)
                if ids:
                    yield AssignMove(etype, eid, target_type=kind, targets=ids)
    if "pass" in kinds and steamboat is not None and entity is steamboat:
        yield PassMove(etype, eid, label=step.pass_description())
