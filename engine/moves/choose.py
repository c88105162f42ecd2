"""Moves of steps offering choices (``engine.steps.choices.Choosing``): one ``choose`` move per entity listing
every option, then whatever the step's base class offers (the enumerator registered for the next class in the
step's MRO), so a stock turn that also offers gifts lists both."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, Unusable
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.steps.choices import Choice, Choosing


@dataclass(frozen=True)
class ChooseMove(Move):
    """Pick one of ``choices`` (``choose``); ``name`` is the group's title ("Gift")."""

    TYPE: ClassVar[str] = "choose"
    choices: tuple[Choice, ...] = ()
    name: str = "Choose"

    def matches(self, choice: Any) -> bool:
        """Is ``choice`` (the action's) one of the listed choices?"""
        return any(c.value == choice for c in self.choices)

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        choice = action.get("choice")
        if self.matches(choice):
            return None
        listed = ", ".join(c.label for c in self.choices[:6]) + (", ..." if len(self.choices) > 6 else "")
        return f"{choice!r} is not one of the choices ({listed})"

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "choice": rng.choice(self.choices).value}

    def describe(self) -> str:
        return f"{self.name.lower()}: " + "; ".join(c.label for c in self.choices)


@enumerates(Choosing)
def choosing(step: Choosing, entity: Any) -> Iterator[Move | Unusable]:
    if "choose" in step.actions(entity):  # type: ignore[attr-defined]
        options = tuple(step.choices(entity))
        if options:
            etype, eid = entity_ref(entity)
            yield ChooseMove(etype, eid, choices=options, name=step.choice_name())
    rest = enumerator_after(step, Choosing)
    if rest is not None:
        yield from rest(step, entity)  # type: ignore[arg-type]


__all__ = ["ChooseMove"]
