"""Moves of the acquisition of private companies without payment (``engine.steps.acquire_company``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable, one_of
from engine.moves.registry import entity_ref, enumerates
from engine.steps.acquire_company import AcquireCompany, acquirable_companies


@dataclass(frozen=True)
class AcquireCompanyMove(Move):
    """Acquire one of ``companies``."""

    TYPE: ClassVar[str] = "acquire_company"
    companies: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return one_of(action.get("company"), self.companies, "company to acquire")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "company": rng.choice(self.companies)}

    def describe(self) -> str:
        return f"acquire one of {', '.join(self.companies)}"


@enumerates(AcquireCompany)
def acquire_company_moves(step: AcquireCompany, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    companies = tuple(c.sym for c in acquirable_companies(step.game, entity))
    if companies:
        yield AcquireCompanyMove(etype, eid, companies=companies)
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


__all__ = ["AcquireCompanyMove"]
