"""Errors raised by the engine.

``GameError`` is the only family a player ever sees: its message is meant to be read
("G15 is blocked by Schuylkill Valley").  Anything else escaping the engine is a bug.
"""

from __future__ import annotations


class GameError(Exception):
    """A refused or impossible move, with a message a player can read."""

    def __init__(self, message: str, *, position: int | None = None, action_type: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.action_type = action_type

    def __str__(self) -> str:
        if self.position is None:
            return self.message
        kind = f" ({self.action_type})" if self.action_type else ""
        return f"Action {self.position}{kind}: {self.message}"

    def at(self, position: int, action_type: str | None) -> GameError:
        """Return this error tagged with the action position it happened at."""
        self.position = position
        self.action_type = action_type
        return self


class InvalidAction(GameError):
    """Malformed input: unknown action type, unknown id, broken JSON, unsupported title."""


class IllegalAction(GameError):
    """A well-formed action that the rules do not allow now."""


class NoToken(IllegalAction):
    """A route that does not include one of the corporation's tokens."""


class RouteTooShort(IllegalAction):
    """A route with fewer stops than a train needs."""


class RouteTooLong(IllegalAction):
    """A route with more stops than the train may visit."""


class ReusesCity(IllegalAction):
    """A route that visits the same stop twice."""


class GameOver(IllegalAction):
    """An action after the game has finished."""
