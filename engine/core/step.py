"""The kernel's step protocol: the unit of rules inside a round.

A round holds an ordered list of steps.  Each step says which action types it accepts for an entity now
(``actions``), whether it blocks (``blocks``), and whether it is still ``active`` (not passed).  The round
dispatches an action to the first active step that is blocking or accepts its type, then auto-skips steps
that have nothing to do.  Replay parity with 18xx.games depends on these answers being exactly the
reference engine's, so this protocol is kept as it is there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import GameError

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import KernelGame
    from engine.core.round import Round


class Step:
    """Base step.  Subclasses set ``ACTIONS`` and implement ``actions``/``process_<type>``.

    The round's entities are the game's (players, or whatever a game's steps act for); an entity with a true
    ``closed`` attribute has nothing to do."""

    ACTIONS: ClassVar[tuple[str, ...]] = ()
    #: The reference engine's name for the step (used in traces).
    NAME: ClassVar[str] = "Step"

    def __init__(self, game: KernelGame, round: Round, **opts: Any) -> None:
        self.game = game
        self.round = round
        self.opts = opts
        self.acted = False
        self.passed = False

    # --- passer ------------------------------------------------------------------------------------------
    def pass_(self) -> None:
        self.passed = True

    def unpass(self) -> None:
        self.passed = False
        self.acted = False

    def active(self) -> bool:
        return not self.passed

    # --- protocol --------------------------------------------------------------------------------------
    def description(self) -> str:
        return self.NAME

    def pass_description(self) -> str:
        return "Pass"

    def actions(self, entity: Any) -> list[str]:
        return []

    def round_state(self) -> dict[str, Any]:
        return {}

    def setup(self) -> None:
        return None

    def blocks(self) -> bool:
        return True

    def blocking(self) -> bool:
        return self.blocks() and bool(self.current_actions())

    def deadlocked(self) -> bool:
        """Does this (active, blocking) step wait for an action that no entity can ever make, so that the
        reference engine refuses every action from here on?  (``Round.stalled`` asks it.)"""
        return False

    def current_actions(self) -> list[str]:
        entity = self.current_entity()
        if entity is None or getattr(entity, "closed", False):
            return []
        return self.actions(entity)

    def current_entity(self) -> Any:
        if type(self).active_entities is Step.active_entities:  # the round's current entity, without the list
            round_ = self.round
            entities = round_.entities
            index = round_.entity_index
            return entities[index] if 0 <= index < len(entities) else None
        entities = self.active_entities()
        return entities[0] if entities else None

    def active_entities(self) -> list[Any]:
        entities = self.round.entities
        index = self.round.entity_index
        return [entities[index]] if 0 <= index < len(entities) else []

    def skip(self) -> None:
        entity = self.current_entity()
        if not self.acted and entity is not None:
            self.game.log(f"{self.game.entity_name(entity)} skips {self.description().lower()}")
        self.pass_()

    def process(self, action: Action) -> None:
        handler = getattr(self, f"process_{action.type}", None)
        if handler is None:
            raise GameError(f"{self.description()} cannot process {action.type}")
        handler(action)

    def process_pass(self, action: Action) -> None:
        self.game.log(f"{self.game.entity_name(self._passer(action))} passes {self.description().lower()}")
        self.pass_()

    def _passer(self, action: Action) -> Any:
        """Who passes, for the log: the entity itself (a player's name, not its id), else what the action says."""
        if isinstance(action.entity, str | int) and action.entity_type:
            try:
                return self.game.resolve_entity(action)
            except Exception:
                return action.entity
        return action.entity

    def auto_actions(self, entity: Any) -> list[Action] | None:
        return None

    def tolerates_recorded(self, action: Action) -> bool:
        """Does the reference take this recorded action, no legal move now, in live play too?  (Hook, default no:
        for a reference step whose ``process_`` method takes the action without checking it.)  Only a strict
        replay of a record asks (``engine.core.live.check_live_action``); a move made at the table is refused."""
        return False

    # helpers
    @property
    def entities(self) -> list[Any]:
        return self.round.entities

    @property
    def entity_index(self) -> int:
        return self.round.entity_index

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"
