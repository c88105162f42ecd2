"""The base of every play controller: it turns gestures into actions checked against the legal moves.

Controllers stay separate from painting: scene items and panels only report intent (signals, drop handlers),
a controller reads the engine's legal moves (handed to :meth:`Controller.update` by the
:class:`~desktop.controllers.play.PlayController` once per state change), builds the action dict and calls
:meth:`Controller.submit`.  A refused gesture changes nothing and says why through :attr:`Controller.message`.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from desktop.session import Session
    from engine.moves import LegalMoves


class Controller(QObject):
    """One family of gestures (tile lays, tokens, routes ...).  Subclasses override :meth:`update`."""

    #: a line for the player: why a gesture was refused, what a hover would do
    message = Signal(str)

    def __init__(self, session: Session, window: Any) -> None:
        super().__init__(window)
        self.session = session
        self.window = window
        self.moves: LegalMoves | None = None
        self._connections: list[tuple[Any, Any]] = []

    # --- for subclasses ---------------------------------------------------------------------------------
    def connect_signal(self, signal: Any, slot: Any) -> None:
        """Connect and remember, so that :meth:`dispose` disconnects (the window outlives controllers)."""
        signal.connect(slot)
        self._connections.append((signal, slot))

    def update(self, moves: LegalMoves | None) -> None:
        """The legal moves of the live state (None: viewing the past or game over; disable everything)."""
        self.moves = moves

    @property
    def active(self) -> bool:
        return self.moves is not None

    def handle_click(self, hex_id: str, scene_pos: Any) -> bool:
        """A click on the map (hex, scene position); True when this controller took it."""
        return False

    def submit(self, action: dict[str, Any]) -> bool:
        """Apply ``action``; a refusal (the engine's reason) is said on :attr:`message` and changes nothing."""
        rejected: list[str] = []

        def note(text: str) -> None:
            rejected.append(text)

        self.session.action_rejected.connect(note)
        try:
            ok = self.session.submit(action)
        finally:
            self.session.action_rejected.disconnect(note)
        if not ok:
            self.message.emit(rejected[-1] if rejected else "That move was refused.")
        return ok

    def refuse(self, reason: str) -> bool:
        """Say why a gesture was refused; returns False for ``return self.refuse(...)``."""
        self.message.emit(reason)
        return False

    def dispose(self) -> None:
        """Disconnect from the window's widgets (a new session gets new controllers)."""
        for signal, slot in self._connections:
            with contextlib.suppress(RuntimeError, TypeError):
                signal.disconnect(slot)
        self._connections.clear()
        self.moves = None
