"""Legal moves of 18Rhl's own step: the Koeln-Aachen link check (``steps.RheBonusCheck``) has exactly one
move, the ``destination_connection`` the step itself computes (the site plays it automatically after a lay)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.titles.g18rhl.steps import RheBonusCheck


@dataclass(frozen=True)
class DestinationConnectionMove(Move):
    """The link check's answer: ``corporations`` names those that reached their destination."""

    TYPE: ClassVar[str] = "destination_connection"
    corporations: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        named = tuple(action.get("corporations") or ())
        return None if named == self.corporations else f"the link check finds {list(self.corporations)}"

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "corporations": list(self.corporations)}

    def describe(self) -> str:
        return "check the Köln-Aachen link via Düren"


@enumerates(RheBonusCheck)
def rhe_bonus_check_moves(step: Any, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, RheBonusCheck)
    if "destination_connection" not in step.actions(entity):
        return
    autos = step.auto_actions(entity) or []
    etype, eid = entity_ref(entity)
    for auto in autos:
        yield DestinationConnectionMove(etype, eid, corporations=tuple(getattr(auto, "corporations", ())))
