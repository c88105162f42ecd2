"""Errors raised by the engine.

``GameError`` is the only family a player ever sees: its message is meant to be read
("G15 is blocked by Schuylkill Valley").  Anything else escaping the engine is a bug.

A ``GameError`` may carry where it happened: the file (``source``), the raw action position, the action's
type and id, and the field at fault.  ``str(error)`` puts them in front of the message, each once:
``game.json: Action 79 (lay_tile, id 81), field 'rotation': rotation should be between 0 and 5``.
"""

from __future__ import annotations

import re

#: A run of this many characters without a space is a value from a file (an id of 4,000 digits, a name of 4,000
#: letters), never words: a message shows its first ``SHOWN`` characters and an ellipsis.
LONG_RUN = 80
SHOWN = 40
_LONG = re.compile(rf"\S{{{LONG_RUN + 1},}}")


def shortened(text: str) -> str:
    """``text`` with every run longer than ``LONG_RUN`` characters without a space cut to ``SHOWN`` and "…"."""
    return _LONG.sub(lambda m: m.group()[:SHOWN] + "…", text) if len(text) > LONG_RUN else text


class GameError(Exception):
    """A refused or impossible move, with a message a player can read."""

    def __init__(self, message: str, *, position: int | None = None, action_type: str | None = None,
                 action_id: int | None = None, field: str | None = None, source: str | None = None) -> None:
        message = shortened(message)  # a hostile value is never repeated in full (issue 23)
        super().__init__(message)
        self.message = message
        self.position = position
        self.action_type = action_type
        self.action_id = action_id
        self.field = field
        self.source = source

    def where(self) -> str:
        """Where the error happened (without the file): ``Action 79 (lay_tile, id 81), field 'rotation'``."""
        parts: list[str] = []
        if self.position is not None:
            details = [shortened(d) for d in (self.action_type,
                                              None if self.action_id is None else f"id {self.action_id}") if d]
            parts.append(f"Action {self.position}" + (f" ({', '.join(details)})" if details else ""))
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        text = f"{where}: {self.message}" if where else self.message
        return f"{self.source}: {text}" if self.source else text

    def at(self, position: int, action_type: str | None, action_id: int | None = None) -> GameError:
        """Return this error tagged with the action position it happened at."""
        self.position = position
        self.action_type = action_type
        if action_id is not None and self.action_id is None:
            self.action_id = action_id
        return self

    def in_file(self, source: str | None) -> GameError:
        """Return this error tagged with the file it came from (once: a tagged error keeps its file)."""
        if self.source is None and source:
            self.source = source
        return self


class InvalidAction(GameError):
    """Malformed input: unknown action type, unknown id, broken JSON, unsupported title."""


class BadFile(InvalidAction):
    """A game file that cannot be read at all: missing, too large, not JSON, nested too deeply, not a game."""


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


def bug_report(exc: BaseException, context: str = "") -> str:
    """A copyable report of an exception that is not a ``GameError`` (an engine or program bug)."""
    import platform
    import traceback

    lines = [
        "Tracklayer bug report",
        f"error: {type(exc).__name__}: {exc}",
        f"python: {platform.python_version()} on {platform.platform()}",
    ]
    if context:
        lines.append(f"context: {context}")
    lines.append("")
    lines.extend(traceback.format_exception(exc))
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def save_bug_report(exc: BaseException, context: str = "") -> str | None:
    """Write ``bug_report`` to a new file in the temporary folder; return its path (None if that fails)."""
    import tempfile

    try:
        with tempfile.NamedTemporaryFile("w", prefix="tracklayer-bug-", suffix=".txt", delete=False,
                                         encoding="utf-8") as handle:
            handle.write(bug_report(exc, context))
            return handle.name
    except OSError:
        return None
