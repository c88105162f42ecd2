"""Accepting or declining a merger offered to one corporation at a time (engine.steps.merge.MergeOffer)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable, one_of
from engine.moves.registry import entity_ref, enumerates
from engine.steps.merge import MergeOffer


@dataclass(frozen=True)
class MergeMove(Move):
    """Merge ``corporation`` (the one being asked) into ``target``."""

    TYPE: ClassVar[str] = "merge"
    corporation: str = ""
    target: str = ""

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        named = action.get("corporation")
        if named is None:
            return None  # the step merges the corporation being asked
        return one_of(named, [self.corporation], "corporation to merge")

    def sample(self, rng: Any) -> dict[str, Any]:
        return {**self.base(), "corporation": self.corporation}

    def describe(self) -> str:
        return f"merge {self.corporation} into {self.target}"


@enumerates(MergeOffer)
def merge(step: MergeOffer, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds or entity not in step.active_entities():
        return
    mergee = step.mergee()
    if mergee is None:
        return
    etype, eid = entity_ref(entity)
    target = step.offer.merge_target()
    if "merge" in kinds:
        yield MergeMove(etype, eid, corporation=mergee.id, target=target.id if target is not None else "")
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


__all__ = ["MergeMove"]
