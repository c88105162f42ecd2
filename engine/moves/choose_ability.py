"""Moves of steps taking ``choose_ability`` (``engine.steps.choose_ability.AbilityChoosing``): for a company
offering options now, one ``choose_ability`` move listing every option; for any other entity (and after the
company's move), whatever the step's base class offers (the enumerator registered for the next class in the
step's MRO), so a track step that also takes a power's choice lists both.  A step that offers ``pass`` to the
entity gets a pass move even when the base class's enumerator lists none (a step that waits only for a
company's choice: 1822's token step while its corporation holds a station-swap private)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.choose import ChooseMove
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.steps.choose_ability import AbilityChoosing, listed_choice


@dataclass(frozen=True)
class ChooseAbilityMove(ChooseMove):
    """Pick one of the ``choices`` the company offers (``choose_ability``); ``name`` is the group's title.  A choice
    written as a small object matches a listed one by its fields (``listed_choice``)."""

    TYPE: ClassVar[str] = "choose_ability"

    def matches(self, choice: Any) -> bool:
        return listed_choice(list(self.choices), choice) is not None

    def describe(self) -> str:
        return f"{self.name}: " + "; ".join(c.label for c in self.choices)


@enumerates(AbilityChoosing)
def ability_choosing(step: AbilityChoosing, entity: Any) -> Iterator[Move | Unusable]:
    if "choose_ability" in step.actions(entity):  # type: ignore[attr-defined]
        options = tuple(o for o in step.ability_choices(entity) if step.choice_refusal(entity, o.value) is None)
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
