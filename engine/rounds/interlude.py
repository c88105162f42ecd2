"""Rounds played between two operating rounds of a set (the merger round of 1867, 1861 and 1817).

When such a round ends, the round sequence (``engine/services/rounds.py``) goes on as after the operating round it
follows: the next operating round of the set, or the next stock round after the last one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.rounds.base import Round

if TYPE_CHECKING:
    from engine.actions import Action


class InterludeRound(Round):
    """A round between two operating rounds; its ``round_num`` is that of the operating round it follows."""

    NAME: ClassVar[str] = "Interlude"
    SHORT_NAME: ClassVar[str] = "IR"


class MergerRound(InterludeRound):
    """The merger round of the merger games: one turn per corporation (the title's ``select_entities``, e.g.
    1867's floated minors or 1817's corporations, in price order), in which it may convert or merge; while a
    corporation just converted or merged (``converted``) the players act instead (buying its new shares).

    A turn ends when no step is active after an action that is not free (``free_action``): the players are
    unpassed, ``after_turn`` runs (the title's end-of-turn duty, e.g. 1817's token purchase) and the next
    corporation whose steps have something to do takes its turn; the round ends after the last.  A corporation
    closing during the round does not move the turn.
    """

    NAME: ClassVar[str] = "Merger"
    SHORT_NAME: ClassVar[str] = "MR"
    #: actions that never end a turn, and a prefix of such action types (``None``: no prefix)
    FREE_ACTIONS: ClassVar[tuple[str, ...]] = ("message",)
    FREE_PREFIX: ClassVar[str | None] = "program_"

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self._entities: list[Any] = []
        self.converted: Any = None
        super().__init__(game, steps, round_num)

    @property  # type: ignore[override]
    def entities(self) -> list[Any]:
        if self.converted is not None:
            return list(self.game.players)
        return self._entities

    @entities.setter
    def entities(self, value: list[Any]) -> None:
        self._entities = value

    def setup(self) -> None:
        self.skip_steps()
        if self.finished():
            self.next_entity()

    def free_action(self, action: Action) -> bool:
        prefix = self.FREE_PREFIX
        return action.type in self.FREE_ACTIONS or (prefix is not None and action.type.startswith(prefix))

    def after_turn(self) -> None:
        """The title's duty when a corporation's turn (and its players' purchases) ends, before ``converted`` is
        cleared (default: none)."""
        return None

    def after_process(self, action: Action) -> None:
        if self.free_action(action) or self.active_step() is not None:
            return
        self.after_turn()
        self.converted = None
        for player in self.game.players:
            player.unpass()
        self.next_entity()

    def next_entity_index(self) -> None:
        self.entity_index = (self.entity_index + 1) % len(self._entities)

    def next_entity(self) -> None:
        if self._entities:
            self.next_entity_index()
        if self.entity_index == 0:
            return
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.skip_steps()
        if self.finished():
            self.next_entity()

    def force_next_entity(self) -> None:
        """A corporation closing during the round does not move the turn."""
        return None


__all__ = ["InterludeRound", "MergerRound"]
