"""The operating round: corporations in operating order lay track, place tokens, run trains, buy trains."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.rounds.base import Round
from engine.services.track import TrackRules

if TYPE_CHECKING:
    from engine.actions import Action


def home_token_placed(game: Any, entity: Any) -> bool:
    """Would placing ``entity``'s home token now change nothing (the usual rules, its first token already used or
    none left)?  A title with its own placement: not known, so no."""
    if type(game.track_rules).place_home_token is not TrackRules.place_home_token:
        return False
    tokens = getattr(entity, "tokens", None)
    return not tokens or bool(tokens[0].used) or entity.next_token() is None


class OperatingRound(Round):
    NAME: ClassVar[str] = "Operating"
    SHORT_NAME: ClassVar[str] = "OR"
    operating: ClassVar[bool] = True

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.current_operator: Any = None
        self.current_operator_acted = False
        super().__init__(game, steps, round_num)

    def select_entities(self) -> list[Any]:
        return self.game.operating_order()

    def setup(self) -> None:
        game = self.game
        self.current_operator = None
        game.company_rules.payout_companies()
        if game.rules.home_token_timing == "operating_round":
            for entity in self.entities:
                game.track_rules.place_home_token(entity)
        for entity in self.entities:
            for train in entity.trains:
                train.operated = False
        for entity in (*game.corporations, *game.minors, *game.companies):
            entity.reset_ability_count_this_or()
        self.after_setup()

    def after_setup(self) -> None:
        if self.any_to_act():
            self.start_operating()

    def any_to_act(self) -> bool:
        return any(not self.skip_entity(e) for e in self.entities)

    def skip_entity(self, entity: Any) -> bool:
        return bool(entity.closed)

    def after_process(self, action: Action) -> None:
        if action.type == "message":
            return
        acting = self.game.resolve_entity(action)
        if self.game.entity_corporation(acting) is self.current_operator:
            if not self.current_operator_acted:
                self._settled = None  # abilities' timing reads the flag: the auto-skip's answer may be stale
            self.current_operator_acted = True
        if self.active_step() is not None:
            entity = self.entities[self.entity_index]
            owner = entity.owner
            if (owner is not None and getattr(owner, "is_player", False)) or getattr(entity, "receivership", False):
                return
        self.game.after_end_of_operating_turn(self.current_operator)
        if not self.game.finished:
            self.next_entity()

    AFTER_PROCESS_LOOKS_FIRST = after_process

    def next_entity(self) -> None:
        if self.entity_index == len(self.entities) - 1:
            return
        self.next_entity_index()
        if self.skip_entity(self.entities[self.entity_index]):
            self.next_entity()
            return
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.start_operating()

    def start_operating(self) -> None:
        entity = self.entities[self.entity_index]
        if self.skip_entity(entity):
            self.next_entity()
            return
        self.current_operator = entity
        self.current_operator_acted = False
        fresh = self._active_step is None
        if not self.finished():
            self.game.log(f"{self.game.entity_name(self.game.acting_for_entity(entity))} operates {entity.name}")
        # The look for the active step just made (``finished``) is the auto-skip's first question too when nothing
        # changed in between: the log line changes nothing, a home token placed now does.
        found = self._active_step if fresh else None
        if self.game.rules.home_token_timing == "operate":
            if found is not None and not home_token_placed(self.game, entity):
                found = None
            self.game.track_rules.place_home_token(entity)
        self.skip_steps(found)
        if not self.finished():
            return
        self.game.after_end_of_operating_turn(entity)
        self.next_entity()

    def recalculate_order(self) -> None:
        done = self.entities[: self.entity_index + 1]
        rest = self.entities[self.entity_index + 1 :]
        self.entities = done + [e for e in self.game.operating_order() if e in rest]

    def finished(self) -> bool:
        finished = super().finished() or not self.any_to_act()
        if finished:
            self.current_operator = None
        return finished
