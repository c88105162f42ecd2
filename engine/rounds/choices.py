"""A round of choices between the stock round and the operating rounds (the reference's ``Round::Choices``; 1822's
P9 owner may double their cash for the new seat order).

The title names the entities who choose (``choices_entities``) and the steps; each entity in turn acts until no
step blocks for it.  With nobody to choose, the round is over at once (it never shows in a replay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.rounds.base import Round

if TYPE_CHECKING:
    from engine.actions import Action


class ChoicesRound(Round):
    NAME: ClassVar[str] = "Choices"
    SHORT_NAME: ClassVar[str] = "Choices"

    def select_entities(self) -> list[Any]:
        chooser = getattr(self.game, "choices_entities", None)
        return list(chooser()) if chooser is not None else []

    def setup(self) -> None:
        self.start_entity()

    def start_entity(self) -> None:
        while 0 <= self.entity_index < len(self.entities):
            for step in self.steps:
                step.unpass()
                step.setup()
            self.skip_steps()
            if self.active_step() is not None:
                return
            self.entity_index += 1

    def after_process(self, action: Action) -> None:
        if self.active_step() is None:
            self.next_entity()

    def next_entity(self) -> None:
        self.entity_index += 1
        self.start_entity()


__all__ = ["ChoicesRound"]
