"""The steps every round of every game starts with: EndGame (the manual end) and Message (chat and log)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.step import Step

if TYPE_CHECKING:
    from engine.core.actions import Action


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


KERNEL_DEFAULT_STEPS: tuple[type[Step], ...] = (EndGame, MessageStep)
