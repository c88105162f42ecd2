"""Moves of steps taking ``choose_ability`` (``engine.steps.choose_ability.AbilityChoosing``): for a company
offering options now, one ``choose_ability`` move listing every option; for any other entity (and after the
company's move), whatever the step's base class offers (the enumerator registered for the next class in the
step's MRO), so a track step that also takes a power's choice lists both.  A step that offers ``pass`` to the
entity gets a pass move even when the base class's enumerator lists none (a step that waits only for a
company's choice: 1822's token step while its corporation holds a station-swap private)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.steps.choices import Choice
from engine.steps.choose_ability import AbilityChoosing, listed_choice


@dataclass(frozen=True)
class ChooseAbilityMove(Move):
    """Pick one of the ``choices`` the company offers (``choose_ability``); ``name`` is the group's title."""

    TYPE: ClassVar[str] = "choose_ability"
    choices: tuple[Choice, ...] = ()
    name: str = "Choose"

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        choice = action.get("choice")
        if listed_choice(list(self.choices), choice) is not None:
            return None
        listed = ", ".join(c.label for c in self.choices[:6]) + (", ..." if len(self.choices) > 6 else "")
        return f"{choice!r} is not one of the choices ({listed})"

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "choice": rng.choice(self.choices).value}

    def describe(self) -> str:
        return f"{self.name}: " + "; ".join(c.label for c in self.choices)


@enumerates(AbilityChoosing)
def ability_choosing(step: AbilityChoosing, entity: Any) -> Iterator[Move | Unusable]:
    if "choose_ability" in step.actions(entity):  # type: ignore[attr-defined]
        options = tuple(step.ability_choices(entity))
        if options:
            etype, eid = entity_ref(entity)
            yield ChooseAbilityMove(etype, eid, choices=options, name=step.ability_choice_name(entity))
    rest = enumerator_after(step, AbilityChoosing)
    found = list(rest(step, entity)) if rest is not None else []  # type: ignore[arg-type]
    yield from found
    if (not getattr(entity, "is_company", False) and not any(isinstance(m, PassMove) for m in found)
            and "pass" in step.actions(entity)):  # type: ignore[attr-defined]
        pass_description = getattr(step, "pass_description", None)
        label = pass_description() if pass_description is not None else "Pass"
        yield PassMove(*entity_ref(entity), label=label)


__all__ = ["ChooseAbilityMove"]
