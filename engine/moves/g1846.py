"""1846's own steps: the draft of privates and assigning a private's marker (Steamboat, Meat Packing, ...);
issuing and redeeming shares are the general step's moves (engine.moves.issue_shares)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import BidMove, Move, PassMove, Unusable, one_of
from engine.moves.registry import entity_ref, enumerates
from engine.titles.g1846.draft import DraftDistribution, is_pass_card
from engine.titles.g1846.steps import Assign, _assigned


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


@enumerates(DraftDistribution)
def draft(step: DraftDistribution, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    left = int(entity.cash) - step.committed_cash(entity)
    offered = step.available()
    affordable = [c for c in offered if is_pass_card(c) or int(c.min_bid) <= left]
    for company in offered:
        if company not in affordable and affordable:
            yield Unusable("company", company.id, f"costs {company.min_bid}; {entity.name} has {left} uncommitted")
    for company in affordable or offered:
        # The site's draft action states the card's face value, but the price is not used: the player pays the
        # card's current price (min_bid) when the draft ends.  Any stated price is accepted.
        price = int(company.value)
        yield BidMove(etype, eid, target=company.id, min_bid=price, max_bid=price, purchase=True, price_ignored=True)
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


@enumerates(Assign)
def assign(step: Assign, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds or not getattr(entity, "is_company", False):
        return
    game = step.game
    etype, eid = entity_ref(entity)
    blocking = step.blocking_for_steamboat()
    if blocking and entity is not step.steamboat:
        return
    if "assign" in kinds:
        hexes = game.ability_rules.ability(entity, "assign_hexes")
        if hexes is not None:
            targets = tuple(h for h in hexes.hexes if not game.hex_by_id(h).assigned(entity.id))
            if targets:
                yield AssignMove(etype, eid, target_type="hex", targets=targets)
        if game.ability_rules.ability(entity, "assign_corporation") is not None:
            # minors are named with target_type "minor" (the site finds the target by its type)
            operators = [c for c in step.assignable_corporations(entity) if not _assigned(c, entity.id)]
            for kind, is_minor in (("corporation", False), ("minor", True)):
                ids = tuple(c.id for c in operators if bool(getattr(c, "is_minor", False)) == is_minor)
                if ids:
                    yield AssignMove(etype, eid, target_type=kind, targets=ids)
    if "pass" in kinds and entity is step.steamboat:
        yield PassMove(etype, eid, label=step.pass_description())
