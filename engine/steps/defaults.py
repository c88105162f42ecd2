"""The three steps every 18xx round starts with: the kernel's EndGame and Message, and Program."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.steps import KERNEL_DEFAULT_STEPS, EndGame, MessageStep
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


class ProgramStep(Step):
    """Stores ``program_*`` settings.  During replay their effects are already in ``auto_actions``."""

    NAME: ClassVar[str] = "Program"

    #: the program action types, sorted (filled on first use: the action module registers them)
    _offered: ClassVar[tuple[str, ...] | None] = None

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_player", False):
            return []
        offered = ProgramStep._offered
        if offered is None:
            from engine.actions import PROGRAM_TYPES

            offered = ProgramStep._offered = tuple(sorted(PROGRAM_TYPES))
        return list(offered)

    def blocks(self) -> bool:
        return False

    def skip(self) -> None:
        return None

    def process(self, action: Action) -> None:
        player = self.game.player_by_id(action.entity)
        programs = self.game.programmed_actions.setdefault(player.id, [])
        # One program at a time: enabling replaces the last one, disabling removes it.
        if programs:
            programs.pop()
        if action.type != "program_disable":
            programs.append(action)
            from engine.programs import mark_program

            mark_program(self.game, player.id)  # when it was set: programs lapse at certain round changes
            for step in self.round.steps:  # a step keeping what the program should react to from now on (1822)
                enabled = getattr(step, "program_enabled", None)
                if callable(enabled):
                    enabled(player)


DEFAULT_STEPS: tuple[type[Any], ...] = (*KERNEL_DEFAULT_STEPS, ProgramStep)

__all__ = ["DEFAULT_STEPS", "EndGame", "MessageStep", "ProgramStep"]
