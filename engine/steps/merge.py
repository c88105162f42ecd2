"""A merger offered to a queue of corporations, one at a time (the reference's 18MEX ``Merge`` step).

The game keeps the offer; the step only asks and answers.  A title using it gives its game:

* ``merge_candidates()``: the corporations still to be asked, first one first (empty: no merger under way);
* ``merge_decider()``: who answers for the first candidate (its president's corporation, or the target's);
* ``merge_target()``: the corporation the candidate would merge into;
* ``merge_major(corporation)``: carry the merger out (the offer ends);
* ``decline_merge(corporation)``: the candidate declines (the game asks the next one, or ends the offer).

While an offer is under way the step blocks the round: a ``merge`` action naming the candidate accepts, a
``pass`` declines.  18MEX writes ``{"type": "merge", "entity": "MEX", "corporation": "MEX"}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


class MergeOffer(Step):
    """Offer the game's merger to its candidates in turn (see the module docstring)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("merge", "pass")
    NAME: ClassVar[str] = "Merge"

    def type_name(self) -> str:
        return "merge"

    @property
    def offer(self) -> Any:
        """The game, as the holder of the offer (a title's game with the merger hooks)."""
        return self.game

    def description(self) -> str:
        target = self.offer.merge_target()
        return f"{target.name} Merge" if target is not None else "Merge"

    def pass_description(self) -> str:
        return "Decline"

    # --- the offer ---------------------------------------------------------------------------------------
    def ongoing(self) -> bool:
        return bool(self.offer.merge_candidates())

    def mergee(self) -> Any:
        candidates = self.offer.merge_candidates()
        return candidates[0] if candidates else None

    def mergeable(self, _corporation: Any = None) -> list[Any]:
        """What may be merged now (the candidate being asked)."""
        mergee = self.mergee()
        return [mergee] if mergee is not None else []

    # --- protocol ----------------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        return list(self.ACTIONS) if self.ongoing() else []

    def active(self) -> bool:
        return self.ongoing()

    def blocks(self) -> bool:
        return self.ongoing()

    def blocking(self) -> bool:
        return self.ongoing()

    def active_entities(self) -> list[Any]:
        if not self.ongoing():
            return []
        decider = self.offer.merge_decider()
        return [decider] if decider is not None else []

    def current_entity(self) -> Any:
        entities = self.active_entities()
        return entities[0] if entities else super().current_entity()

    # --- processing --------------------------------------------------------------------------------------
    def process_merge(self, action: Action) -> None:
        game = self.offer
        name = getattr(action, "corporation", None)
        corporation = game.corporation_by_id(name) if name is not None else self.mergee()
        if corporation is not self.mergee():
            raise IllegalAction(f"{corporation.name} is not offered the merger")
        game.merge_major(corporation)

    def process_pass(self, action: Action) -> None:
        self.offer.decline_merge(self.mergee())


__all__ = ["MergeOffer"]
