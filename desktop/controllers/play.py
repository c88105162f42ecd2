"""The play controller: owns the gesture controllers of one session, asks the engine's legal moves once per
state change (only at the live end) and hands them to every controller, and fills the action bar.

Controller modules are listed in :data:`CONTROLLER_MODULES`; each defines ``CONTROLLERS`` (controller classes
taking ``(session, window)``).  A module not written yet is skipped.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton, literal
from engine.errors import GameError
from engine.moves import LegalMoves, legal_moves
from engine.moves.base import PassMove

if TYPE_CHECKING:
    from desktop.session import Session

__all__ = ["CONTROLLER_MODULES", "PlayController"]

#: modules defining ``CONTROLLERS`` (operating round: helper P1; auction and stock round: helper P2)
CONTROLLER_MODULES: tuple[str, ...] = (
    "desktop.controllers.remove_token",
    "desktop.controllers.token",
    "desktop.controllers.power_drop",
    "desktop.controllers.track",
    "desktop.controllers.routes",
    "desktop.controllers.dividend",
    "desktop.controllers.trains",
    "desktop.controllers.companies_or",
    "desktop.controllers.auction",
    "desktop.controllers.stock",
    "desktop.controllers.draft",
    "desktop.controllers.selection_auction",
    "desktop.controllers.program",
    "desktop.controllers.choose",
    "desktop.controllers.merge",
    "desktop.controllers.minor_auction",
    "desktop.controllers.merger",
    "desktop.controllers.loans",
    "desktop.controllers.scrap",
    "desktop.controllers.short",
    "desktop.controllers.subsidiaries",
    "desktop.controllers.acquisition",
    "desktop.controllers.bid_boxes",
    "desktop.controllers.acquire",
    "desktop.controllers.ndem_auction",
)


def controller_classes() -> list[type[Controller]]:
    found: list[type[Controller]] = []
    for name in CONTROLLER_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        found.extend(getattr(module, "CONTROLLERS", ()))
    return found


def acting_name(game: Any, moves: LegalMoves) -> str:
    if not moves.acting:
        return ""
    etype, eid = moves.acting[0]
    try:
        entity = game.entity_by(etype, eid)
    except (GameError, AttributeError, KeyError):
        return str(eid)
    return str(getattr(entity, "name", eid))


class PlayController(QObject):
    """Everything the player can do now, for one session."""

    def __init__(self, session: Session, window: Any, classes: list[type[Controller]] | None = None) -> None:
        """``classes``: the controllers to use (a kernel title's own); None: every 18xx controller module's."""
        super().__init__(window)
        self.session = session
        self.window = window
        self.moves: LegalMoves | None = None
        #: (acting entities, step) of the turn shown: a new turn clears the hint line
        self._turn: tuple[Any, ...] | None = None
        if classes is None:
            classes = controller_classes()
        self.controllers: list[Controller] = [cls(session, window) for cls in classes]
        self.by_name: dict[str, Controller] = {type(c).__name__: c for c in self.controllers}
        for controller in self.controllers:
            controller.message.connect(self.show_message)
            if hasattr(controller, "changed"):
                controller.changed.connect(self.refresh_bar)
        session.state_changed.connect(self.recompute)
        window.map_scene.hex_clicked_at.connect(self.dispatch_click)
        self.recompute()

    def controller(self, cls: type[Controller]) -> Any:
        return next((c for c in self.controllers if isinstance(c, cls)), None)

    def dispose(self) -> None:
        with contextlib.suppress(RuntimeError, TypeError):
            self.session.state_changed.disconnect(self.recompute)
        with contextlib.suppress(RuntimeError, TypeError):
            self.window.map_scene.hex_clicked_at.disconnect(self.dispatch_click)
        for controller in self.controllers:
            controller.dispose()
            controller.deleteLater()
        self.controllers = []
        self.window.action_bar.clear()

    # --- state --------------------------------------------------------------------------------------------
    def recompute(self) -> None:
        session = self.session
        moves: LegalMoves | None = None
        if not session.viewing_past and session.failure is None:
            try:
                found = legal_moves(session.live)
            except GameError as exc:
                self.show_message(exc.message)
                found = None
            if found is not None and not found.finished:
                moves = found
        self.moves = moves
        # a new turn starts with a clean hint line: one player's refusal is not the next player's business; so does
        # each action in a turn (Irish Gauge: the dragged marker's "CBSC in N5: 1 BP (2 BP left after)" stayed once
        # the track was built)
        turn = (tuple(moves.acting), str(moves.step), len(session.record.actions)) if moves is not None else None
        if turn != self._turn:
            self._turn = turn
            self.window.action_bar.set_hint("")
        for controller in self.controllers:
            controller.update(moves)
        self.refresh_bar()

    def refresh_bar(self) -> None:
        bar = self.window.action_bar
        moves = self.moves
        session = self.session
        if moves is None:
            if session.viewing_past:
                bar.clear("Viewing the past: press End to return to the game and play on.")
            elif session.live.finished:
                bar.clear("The game is over.")
            else:
                bar.clear("")
            return
        bar.set_line(moves.description or moves.step)
        buttons: list[BarButton] = []
        for controller in self.controllers:
            buttons.extend(getattr(controller, "buttons", lambda: [])())
        acting = set(moves.acting)
        passes = [m for m in moves.of_type("pass") if (m.entity_type, m.entity) in acting]
        labels = [move.label if isinstance(move, PassMove) else "Pass" for move in passes]
        for i, move in enumerate(passes):
            label = labels[i]
            if labels.count(label) > 1:  # two entities may pass the same step (18ZOO: the family, its president)
                label = f"{label}: {self._name(move.entity_type, move.entity)}"
            buttons.append(
                BarButton(
                    f"pass{'' if i == 0 else i}",
                    literal(label),
                    lambda m=move: self.pass_(m),
                    f"{label} ({move.entity})",
                    "P" if i == 0 else None,
                )
            )
        bar.set_buttons(buttons, context=str(moves.step))

    def dispatch_click(self, hex_id: str, scene_pos: Any) -> None:
        """A map click goes to the first controller that takes it (tokens before tiles: a click on a legal
        token slot places a token, elsewhere on the hex it lays a tile)."""
        if self.moves is None:
            return
        for controller in self.controllers:
            if controller.handle_click(hex_id, scene_pos):
                self.refresh_bar()
                return

    def _name(self, entity_type: str, entity: Any) -> str:
        game = self.session.live
        try:
            return str(game.entity_name(game.entity_by(entity_type, entity)))
        except Exception:
            return str(entity)

    def pass_(self, move: Any = None) -> bool:
        moves = self.moves
        if moves is None:
            self.show_message("Nothing to pass now.")
            return False
        if move is None:
            found = [m for m in moves.of_type("pass") if (m.entity_type, m.entity) in set(moves.acting)]
            if not found:
                self.show_message("Passing is not possible now.")
                return False
            move = found[0]
        ok = self.session.submit(move.base())
        return bool(ok)

    def show_message(self, text: str) -> None:
        """Say ``text`` once: on the action bar's hint line, or in the status bar when that line is not shown."""
        bar = self.window.action_bar
        bar.set_hint(text)
        if not bar.hint.isVisibleTo(self.window):
            self.window.statusBar().showMessage(" · ".join(text.splitlines()), 8000)
