"""The kernel's rounds: an ordered list of entities and an ordered list of steps.

``process_action`` hands an action to the first active step that is blocking or accepts its type, then
auto-skips the steps that have nothing to do.  This dispatch is the reference engine's, kept exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.steps import KERNEL_DEFAULT_STEPS
from engine.errors import GameError, GameOver

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import KernelGame
    from engine.core.step import Step


class Round:
    """Base round.  ``steps`` are step classes or ``(class, options)`` pairs, after the round's
    ``DEFAULT_STEPS`` (the steps every round of a game has, such as messages)."""

    NAME: ClassVar[str] = "Round"
    SHORT_NAME: ClassVar[str] = "R"
    DEFAULT_STEPS: ClassVar[tuple[Any, ...]] = KERNEL_DEFAULT_STEPS
    #: The round's ``after_process`` when it looks for the active step before it changes anything: then the step
    #: the auto-skip stopped at is not asked again (see :meth:`skip_steps`).  A subclass overriding
    #: ``after_process`` has a different function, so it opts in again only by naming its own.
    AFTER_PROCESS_LOOKS_FIRST: ClassVar[Any] = None

    def __init__(self, game: KernelGame, steps: list[Any], round_num: int = 1) -> None:
        self.game = game
        self.round_num = round_num
        self.entity_index = 0
        self.entities: list[Any] = self.select_entities()
        self.last_to_act: Any = None
        self.pass_order: list[Any] = []
        self.at_start = False
        self._active_step: Step | None = None
        #: the step the last ``skip_steps`` stopped at (found blocking, nothing changed since): the next fresh
        #: look for the active step need not ask it again (see :meth:`skip_steps`)
        self._settled: Step | None = None
        self.steps: list[Step] = []
        for spec in (*self.DEFAULT_STEPS, *steps):
            cls, opts = spec if isinstance(spec, tuple) else (spec, {})
            step = cls(game, self, **opts)
            for key, value in step.round_state().items():
                setattr(self, key, value)
            step.setup()
            self.steps.append(step)

    # --- to override -------------------------------------------------------------------------------------
    def select_entities(self) -> list[Any]:
        raise NotImplementedError

    def setup(self) -> None:
        return None

    def name(self) -> str:
        return self.NAME

    def before_process(self, action: Action) -> None:
        return None

    def after_process_before_skip(self, action: Action) -> None:
        return None

    def after_process(self, action: Action) -> None:
        return None

    def next_entity(self) -> None:
        raise NotImplementedError

    # --- protocol ------------------------------------------------------------------------------------------
    def current_entity(self) -> Any:
        entities = self.active_entities()
        return entities[0] if entities else None

    def active_entities(self) -> list[Any]:
        step = self.active_step()
        return step.active_entities() if step is not None else []

    def process_action(self, action: Action, entity: Any) -> None:
        kind = action.type
        self.clear_cache()
        if self.game.finished and kind != "message":
            raise GameOver(f"the game is over: {kind} cannot be processed")
        self.before_process(action)
        chosen: Step | None = None
        for step in self.steps:
            if not step.active():
                continue
            offered = step.actions(entity)
            accepts = kind in offered
            if not step.blocks():
                blocking = False
            elif entity is step.current_entity() and not getattr(entity, "closed", False):
                blocking = bool(offered)  # the same question blocking() would ask again
            else:
                blocking = step.blocking()
            if blocking and not accepts:
                raise GameError(self.game.refusal(step, kind, entity))
            if blocking or accepts:
                chosen = step
                break
        if chosen is None:
            raise GameError(f"{self.game.entity_name(entity)} cannot {kind.replace('_', ' ')} now")
        chosen.acted = True
        chosen.process(action)
        self.at_start = False
        self.after_process_before_skip(action)
        self.skip_steps()
        settled = self._settled
        self.clear_cache()
        cls = type(self)
        if cls.after_process is cls.AFTER_PROCESS_LOOKS_FIRST:
            self._settled = settled
        self.after_process(action)
        self._settled = None

    def actions_for(self, entity: Any) -> list[str]:
        result: list[str] = []
        if entity is None:
            return result
        for step in self.steps:
            if not step.active():
                continue
            for a in step.actions(entity):
                if a not in result:
                    result.append(a)
            if step.blocking():
                break
        return result

    def step_for(self, entity: Any, action_type: str) -> Step | None:
        if entity is None:
            return None
        for step in self.steps:
            if not step.active():
                continue
            if action_type in step.actions(entity):
                return step
            if step.blocking():
                break
        return None

    def active_step(self, entity: Any = None) -> Step | None:
        if entity is not None:
            is_company = getattr(entity, "is_company", False)
            for step in self.steps:
                if step.active() and (is_company or step.blocking()) and step.actions(entity):
                    return step
            return None
        if self._active_step is None:
            settled, self._settled = self._settled, None
            self._active_step = next((s for s in self.steps if s.active() and (s is settled or s.blocking())), None)
        return self._active_step

    def finished(self) -> bool:
        return self.active_step() is None

    def stalled(self) -> bool:
        """Is the round stopped where the reference engine cannot go on?  Its remembered active step is not the
        one a fresh look finds (none blocks any more, or another does): the reference looks afresh when the
        next action comes and finds no step to take it.  Never so in a real game's positions; reached when a
        step's last action leaves its own actor nothing to do while the round is not over.  Or the round waits
        on a corporation the game no longer holds (reset in its own turn, e.g. an 1867 major nationalised while
        operating): every action names the corporation by id, which finds its fresh copy, never the one the
        round waits on.  Or the active step waits for an action nobody can make (``Step.deadlocked``)."""
        cached = self._active_step
        if cached is None:
            return False
        if cached is not next((s for s in self.steps if s.active() and s.blocking()), None):
            return True
        return cached.deadlocked() or self.waits_on_replaced_corporation()

    def waits_on_replaced_corporation(self) -> bool:
        """Is the current entity a corporation whose id now names another object (it was reset)?"""
        entity = self.current_entity()
        if entity is None or not getattr(entity, "is_corporation", False):
            return False
        try:
            return self.game.entity_by("corporation", entity.id) is not entity
        except GameError:
            return False

    def clear_cache(self) -> None:
        self._active_step = None
        self._settled = None

    def skip_steps(self, found: Step | None = None) -> None:
        """Skip the steps before the first blocking one.  The step found blocking is remembered (``_settled``):
        nothing has changed since it was asked, so the fresh look for the active step that follows (``setup``,
        ``start_entity`` ... ask for it next) takes its answer instead of asking again.  Any change in between
        must come with :meth:`clear_cache` (which forgets it).

        ``found``: the step a fresh look for the active step has just found, nothing changed since (the caller
        vouches for it).  When no step before it would be asked (each inactive or not blocking by rule) and the
        current entity is open, this skip would only ask ``found`` again and stop there: it is taken as it is."""
        if found is not None and self._first_to_ask(found):
            self._settled = found
            return
        self._settled = None
        for step in self.steps:
            if not step.active() or not step.blocks():
                continue
            if 0 <= self.entity_index < len(self.entities) and getattr(
                self.entities[self.entity_index], "closed", False
            ):
                continue
            if step.blocking():
                self._settled = step
                break
            step.skip()

    def _first_to_ask(self, found: Step) -> bool:
        """Is ``found`` the first step :meth:`skip_steps` would ask (the current entity open, every step before
        it inactive or not blocking by rule), so that nothing before it would be skipped?"""
        index = self.entity_index
        if 0 <= index < len(self.entities) and getattr(self.entities[index], "closed", False):
            return False
        for step in self.steps:
            if step is found:
                return step.active() and step.blocks()
            if step.active() and step.blocks():
                return False
        return False

    def goto_entity(self, entity: Any) -> None:
        self.entity_index = self.entities.index(entity)

    def next_entity_index(self) -> None:
        self.entity_index = (self.entity_index + 1) % len(self.entities)

    def reset_entity_index(self) -> None:
        self.entity_index = 0

    def step_of(self, cls: type[Step]) -> Step | None:
        return next((s for s in self.steps if isinstance(s, cls)), None)

    def step_passed(self, cls: type[Step]) -> bool:
        return any(s.passed and isinstance(s, cls) for s in self.steps)

    def force_next_entity(self) -> None:
        for step in self.steps:
            step.pass_()
        self.next_entity()
        self.clear_cache()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.turn}.{self.round_num}>"
