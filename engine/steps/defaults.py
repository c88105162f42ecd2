"""The three steps every round starts with: EndGame, Message and Program."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


class EndGame(Step):
    """The manual ``end_game`` action, available to any non-company entity, never blocking."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("end_game",)
    NAME: ClassVar[str] = "EndGame"

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return []
        return list(self.ACTIONS)

    def blocks(self) -> bool:
        return False

    def process_end_game(self, action: Action) -> None:
        self.game.end_game("manually_ended")


class MessageStep(Step):
    """Chat messages and log lines: kept in the log, never change the game."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("message", "log")
    NAME: ClassVar[str] = "Message"

    def actions(self, entity: Any) -> list[str]:
        return list(self.ACTIONS) if getattr(entity, "is_player", False) else []

    def blocks(self) -> bool:
        return self.game.finished

    def skip(self) -> None:
        return None

    def pass_(self) -> None:
        return None

    def unpass(self) -> None:
        return None

    def process_message(self, action: Action) -> None:
        self.game.messages.append((action.entity, getattr(action, "message", None)))

    def process_log(self, action: Action) -> None:
        self.game.log(str(getattr(action, "message", "")))


class ProgramStep(Step):
    """Stores ``program_*`` settings.  During replay their effects are already in ``auto_actions``."""

    NAME: ClassVar[str] = "Program"

    def actions(self, entity: Any) -> list[str]:
        from engine.actions import PROGRAM_TYPES

        return sorted(PROGRAM_TYPES) if getattr(entity, "is_player", False) else []

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


DEFAULT_STEPS: tuple[type[Step], ...] = (EndGame, MessageStep, ProgramStep)
