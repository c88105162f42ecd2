"""KernelGame: the machinery every game stands on, 18xx or not.

A game IS its action list.  ``KernelGame`` holds the players, the seeded generator, the action log (the
actions applied and the raw list as recorded, undo/redo included), the current round of steps, and the end of
the game with its result.  It applies actions (``process_action``), refuses them without changing anything
(a refusal raised half-way through an action rebuilds the game from its recorded actions; ``validate`` checks
on a copy), replays a recorded list through the undo/redo filter
(``replay``) and looks entities up by id.  It knows nothing of shares, trains, tiles or money.

A game built on it provides (the hooks, all documented below):

- ``init_round`` (the first round) and ``next_round`` (what follows a finished round);
- ``ACTION_TYPES`` (its action registry, see ``engine.core.actions.action_registry``; ``None`` = every
  registered type) and, if its actions name more than players, ``entity_by`` and ``check_references``;
- ``check_live``: the live-legality check run before an action is applied in strict mode;
- ``game_end_check``/``end_now`` (when the game ends), ``player_value`` (the result) and ``format_score``;
- ``setup``, ``preprocess_action``, ``action_processed``: optional steps around setup and every action.

Round entities answer ``unpass()``; players have ``id``, ``name``, ``is_player = True`` and ``value()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, ClassVar, Self

from engine.core.actions import Action
from engine.core.history import filter_actions
from engine.core.live import STALLS, ReadGuard, check_live_action, refuse_stall
from engine.core.rng import Rng, seed_from
from engine.core.round import Round
from engine.errors import GameError, InvalidAction


class KernelGame:
    """One game, rebuilt by replaying its actions; a title's game class builds on it."""

    #: The game's action types by name (``None``: every registered type).
    ACTION_TYPES: ClassVar[Mapping[str, type[Action]] | None] = None
    #: A game still going at this turn ends as "dnf" (did not finish).
    TURN_LIMIT: ClassVar[int] = 100
    #: What reading the state leaves behind and how it is taken back before each action (``engine.core.live``).
    READ_GUARD: ClassVar[type[ReadGuard]] = ReadGuard

    round: Round
    players: list[Any]

    def __init__(
        self,
        players: Sequence[tuple[Any, str]],
        *,
        game_id: Any = None,
        seed: Any = None,
        optional_rules: Iterable[str] = (),
        strict: bool = False,
    ) -> None:
        self.setup_args = ([tuple(p) for p in players], game_id, seed, list(optional_rules))
        self.read_guard = self.READ_GUARD(self)
        self.game_id = game_id
        # While a saved game is being loaded (and not in strict mode) some legality checks may be skipped;
        # every check runs for actions made live.
        self.loading = not strict
        #: The raw position from which this game's actions are applied with every legality check (live play);
        #: the ones before it were loaded as the site loads a saved game.  None: not known yet (a load in
        #: progress; ``finish_loading`` sets it).  See ``process_action`` for why it is kept.
        self.live_from: int | None = 0 if strict else None
        #: Positions from ``live_from`` on that were nevertheless applied unchecked (a tool's deliberate step, e.g.
        #: the playout's stalling pass): replayed unchecked too.
        self.unchecked: list[int] = []
        #: Is the action being applied read from a record (a position given) rather than made at the table?
        #: Strict replay of a record takes what the reference takes (``Step.tolerates_recorded``); a move made
        #: at the table must be a legal one.
        self.recorded = False
        self.finished = False
        self.game_end_reason: str | None = None
        self.turn = 1
        self.round_counter = 0
        self.log_lines: list[str] = []
        self.messages: list[tuple[Any, Any]] = []
        self.actions: list[Action] = []
        self.raw_actions: list[dict[str, Any]] = []
        self.rng = Rng(seed_from(seed, game_id))  # the only source of randomness

    # ------------------------------------------------------------------------------------------------------
    # Hooks for the game built on the kernel
    # ------------------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        """The first round."""
        raise NotImplementedError

    def next_round(self) -> None:
        """Replace the finished ``self.round`` with the next one (or end the game)."""
        raise NotImplementedError

    def setup(self) -> None:
        """Title hook: runs after everything is built, before the first round's setup."""
        return None

    def check_live(self, action: Action) -> None:
        """Live-legality hook (strict mode only): raise ``GameError`` if ``action`` is not a legal move now."""
        return None

    def check_references(self, action: Action) -> None:
        """Every id an action names must exist: raise ``InvalidAction`` naming the unknown one otherwise."""
        return None

    def preprocess_action(self, action: Action, entity: Any) -> None:
        return None

    def action_processed(self, action: Action) -> None:
        """After every action, before the game-end check."""
        return None

    def game_end_check(self) -> tuple[str, str] | None:
        """``(reason, timing)`` once the game's end is triggered; timing "immediate" ends it at once."""
        return None

    def end_now(self, timing: str | None) -> bool:
        """Does a triggered end with this timing end the game now that a round has finished?"""
        return timing is not None and timing in ("immediate", "current_round")

    def player_value(self, player: Any) -> int:
        return int(player.value())

    def format_score(self, value: int) -> str:
        return str(value)

    # ------------------------------------------------------------------------------------------------------
    # Lookups
    # ------------------------------------------------------------------------------------------------------
    def build_caches(self) -> None:
        self._players_by_id: dict[Any, Any] = {p.id: p for p in self.players}
        self._players_by_str: dict[str, Any] = {str(p.id): p for p in self.players}

    def player_by_id(self, pid: Any) -> Any:
        player = self._players_by_id.get(pid)
        if player is None:
            player = self._players_by_str.get(str(pid))
        if player is None:
            raise InvalidAction(f"unknown player {pid!r}")
        return player

    def entity_by(self, entity_type: str, eid: Any) -> Any:
        if entity_type == "player":
            return self.player_by_id(eid)
        raise InvalidAction(f"unknown entity type {entity_type!r}")

    def resolve_entity(self, action: Action) -> Any:
        return self.entity_by(action.entity_type, action.entity)

    @staticmethod
    def entity_name(entity: Any) -> str:
        return str(getattr(entity, "name", entity))

    def log(self, message: str) -> None:
        self.log_lines.append(message)

    # ------------------------------------------------------------------------------------------------------
    # Processing
    # ------------------------------------------------------------------------------------------------------
    @property
    def strict(self) -> bool:
        """Are all legality checks on?  True in strict replays and for live play after loading."""
        return not self.loading

    def finish_loading(self) -> None:
        """Loading is over: from now on every action is checked in full (and is recorded so: ``live_from``)."""
        self.loading = False
        self.read_guard.mark()
        end = len(self.raw_actions)
        self.live_from = end if self.live_from is None else min(self.live_from, end)

    def current_action_id(self) -> int:
        return int(self.raw_actions[-1].get("id") or 0) if self.raw_actions else 0

    def process_action(self, data: Mapping[str, Any] | Action, position: int | None = None) -> Action:
        """Apply one action (already past the undo filter).  Raise ``GameError`` when it is refused."""
        self.recorded = position is not None
        try:
            return self._process_action(data, position)
        finally:
            self.recorded = False  # nothing of it stays (a refused action changes nothing)

    def _process_action(self, data: Mapping[str, Any] | Action, position: int | None) -> Action:
        action = data if isinstance(data, Action) else Action.from_dict(data, position, action_types=self.ACTION_TYPES)
        # A game is replayed in the mode each of its actions was played in: loading (as the site loads a saved
        # game) before ``live_from``, live (every check) from there on.  The reference engine's two modes can
        # disagree on the state (its graph caches are filled at different moments, so e.g. 1830's Route step is
        # active after a home token in live play and skipped when loading), so a game played at the table is
        # reopened, and rebuilt after an undo or a refusal, the way it was played, never in the other mode
        # (issue 23 item 1: the file keeps ``live_from`` in our metadata, see ``engine.record``).
        if position is not None and self.live_from is not None and position >= self.live_from:
            self.loading = position in self.unchecked
        if action.type in ("undo", "redo"):
            if self.strict:  # live play: really undo/redo (refused when there is nothing to undo/redo)
                from engine.core.undo import apply_undo_redo

                return apply_undo_redo(self, action)
            self.raw_actions.append(action.to_dict())
            return action
        try:
            if self.strict:  # live play: only a legal move is accepted (these checks change nothing)
                check_live_action(self, action, recorded=self.recorded)
        except GameError as exc:
            if exc.position is None and position is not None:
                exc.at(position, action.type, action.id)
            raise
        self.read_guard.forget()  # what the table read since the last action, the checks above included
        # A recorded action replayed while loading takes no marker (a tenth of a cheap action's cost): refused, it
        # rebuilds the game whatever it changed, as live play does (a damaged file, once); a trial without a
        # position (bots, playouts) keeps the marker and pays for the rebuild only when the refusal changed state.
        marker = self._change_marker() if position is None and not self.strict else None
        try:
            self.process_single_action(action)
            for auto in action.auto_actions:
                if self.strict:  # an auto action is a move like any other: legal where it is played, or refused
                    self.read_guard.mark()
                    check_live_action(self, auto, recorded=self.recorded)
                    self.read_guard.forget()
                self.process_single_action(auto)
        except Exception as exc:
            if isinstance(exc, GameError) and exc.position is None and position is not None:
                exc.at(position, action.type, action.id)
            if marker is None or self._change_marker() != marker:
                # Refused (or failed) half-way: the game goes back to its recorded actions, so a refused action
                # changes nothing whatever it had changed before the refusal.  In live play the legal-move check
                # above has passed, so such a refusal is rare and always pays for the rebuild (no reliance on the
                # marker seeing every change), as does a recorded action refused while loading; a trial refused
                # while loading pays for it only when it moved the marker.
                from engine.core.undo import rebuild_in_place

                rebuild_in_place(self, self.raw_actions)
            raise
        if self.strict and position is None:
            refuse_stall(self, action)
        if position is None and self.loading and self.live_from is not None:
            self.unchecked.append(len(self.raw_actions))
        self.actions.append(action)
        self.raw_actions.append(_as_recorded(data, action) if isinstance(data, Mapping) else action.to_dict())
        self.read_guard.mark()
        return action

    def _change_marker(self) -> tuple[Any, ...]:
        """A cheap summary of the state that any change an action makes moves (log, generator, round, turn);
        a game adds its own (money, trains ...).  Compared before and after a refused action: when it moved,
        the game is rebuilt from its recorded actions."""
        return (len(self.log_lines), len(self.messages), self.rng.state, self.rng.calls, self.turn,
                self.round_counter, id(self.round), self.finished)

    def validate(self, data: Mapping[str, Any] | Action) -> None:
        """Raise ``GameError`` if the action would be refused now; the game itself never changes."""
        trial = self.copy()
        trial.process_action(Action.checked(data, action_types=self.ACTION_TYPES))

    #: The history lists a copy gets as new lists of the same items instead of pickled ones: their items (action
    #: objects, the actions as recorded, log lines) never change once appended, and they are a third of a game.
    HISTORY: ClassVar[tuple[str, ...]] = ("actions", "raw_actions", "log_lines", "messages")

    def copy(self) -> Self:
        """An independent copy of the whole game (see :meth:`snapshot`)."""
        copied: Self = GameSnapshot.of(self).restore()
        return copied

    def apply(self, data: Mapping[str, Any] | Action) -> Action:
        """Apply a player's action (fields checked first); a refused action changes nothing (``process_action``
        takes the game back to its recorded actions when a refusal comes half-way)."""
        action = Action.checked(data, action_types=self.ACTION_TYPES)
        if action.type in ("undo", "redo"):
            from engine.core.undo import apply_undo_redo

            return apply_undo_redo(self, action)
        return self.process_action(action)

    def process_single_action(self, action: Action) -> None:
        entity = self.resolve_entity(action)
        self.check_references(action)
        self.preprocess_action(action, entity)
        self.round.process_action(action, entity)
        self.action_processed(action)
        reason_timing = self.game_end_check()
        if reason_timing is not None and reason_timing[1] == "immediate":
            self.end_game(reason_timing[0])
        while self.round.finished() and not self.finished:
            for e in self.round.entities:
                e.unpass()
            timing = reason_timing[1] if reason_timing else None
            if self.end_now(timing):
                assert reason_timing is not None
                self.end_game(reason_timing[0])
            elif self.turn >= self.TURN_LIMIT:
                self.end_game("dnf")
            else:
                self.transition_to_next_round()

    def transition_to_next_round(self) -> None:
        self.next_round()
        if self.finished:
            return
        self.round.at_start = True
        self.round.setup()

    def refusal(self, step: Any, kind: str, entity: Any) -> str:
        """The message refusing ``kind`` by ``entity`` at ``step`` (which blocks it)."""
        if self.finished:  # the game-over step ("Message") is nobody's turn: say the game is over
            return f"the game is over: {self.entity_name(entity)} cannot {kind.replace('_', ' ')}"
        current = step.current_entity()
        who = self.entity_name(current) if current is not None else "someone"
        if current is not None and entity is not current and kind not in step.actions(entity):
            return (f"it is {who}'s turn ({step.description()}); {self.entity_name(entity)} cannot "
                    f"{kind.replace('_', ' ')}")
        return f"{step.description()} for {who} cannot take {kind.replace('_', ' ')}"

    # ------------------------------------------------------------------------------------------------------
    # Game end, result and replay
    # ------------------------------------------------------------------------------------------------------
    def end_game(self, reason: str) -> None:
        if self.finished:
            return
        self.finished = True
        self.game_end_reason = reason
        self.round.clear_cache()
        scores = ", ".join(f"{self.entity_name(self.player_by_id(pid))} ({self.format_score(v)})"
                           for pid, v in self.result().items())
        self.log(f"-- Game over: {scores} --")

    def result(self) -> dict[str, int]:
        """Each player's final value by id (as text), best first."""
        values = [(p.id, self.player_value(p)) for p in self.players]
        values.sort(key=lambda kv: kv[1], reverse=True)
        return {str(pid): v for pid, v in values}

    def replay(self, raw_actions: Sequence[Mapping[str, Any]], upto: int | None = None) -> Iterator[int]:
        """Apply the actions that survive the undo filter; yield each applied raw position.

        ``upto`` stops before that raw position; the filter runs over the whole list, as the reference's
        ``at_action``.  When an undo after ``upto`` takes back an action before it, the recorded raw list would
        no longer replay to this state (the undo is not in it), so it becomes the applied actions
        as they were applied (their ids kept, so the state they rebuild is this one, the ids in it included):
        whatever rebuilds the game from it later (a refusal, an undo) gets this state back."""
        kept, _ = filter_actions(raw_actions)
        with young_collections_for_replay():
            for position, data in enumerate(kept):
                if upto is not None and position >= upto:
                    break
                if data is None:
                    self.raw_actions.append(dict(raw_actions[position]))
                    continue
                self.process_action(data, position)
                yield position
        if upto is not None and upto < len(raw_actions):
            prefix, _ = filter_actions(raw_actions[:upto])
            if prefix != kept[:upto]:
                self.raw_actions[:] = [dict(a) for a in kept[:upto] if a is not None]


def _as_recorded(data: Mapping[str, Any], action: Action) -> dict[str, Any]:
    """An action as ``Action.to_dict`` writes the action read from ``data``: a copy of ``data`` itself (the keys
    read, in their order, values as they are) when it names its ``entity_type`` (``to_dict`` adds the default
    one), its auto actions copied the same way; else ``action.to_dict()``."""
    if "entity_type" not in data:
        return action.to_dict()
    copied = dict(data)
    auto = copied.get("auto_actions")
    if isinstance(auto, list):
        if not all(isinstance(a, Mapping) and "entity_type" in a and not a.get("auto_actions") for a in auto):
            return action.to_dict()
        copied["auto_actions"] = [dict(a) for a in auto]
    return copied


class GameSnapshot:
    """A game's pickled state and its history lists (:meth:`of` takes one; ``KernelGame.copy`` restores one)."""

    __slots__ = ("data", "history")

    def __init__(self, data: bytes, history: dict[str, list[Any]]) -> None:
        self.data = data
        self.history = history

    @classmethod
    def of(cls, game: Any) -> GameSnapshot:
        """``game``'s state now, from which :meth:`restore` makes any number of independent copies
        (pickling is several times faster than deepcopy; each copy only unpickles).

        The history lists (:attr:`HISTORY`) are not pickled: each copy gets its own lists holding the same
        items.  The garbage collector is held off while pickling and unpickling (it would only walk objects
        that are all alive)."""
        import gc
        import pickle
        import sys

        if sys.getrecursionlimit() < 20_000:
            sys.setrecursionlimit(20_000)
        state = vars(game)
        history = {name: state[name] for name in game.HISTORY if isinstance(state.get(name), list)}
        collecting = gc.isenabled()
        gc.disable()
        try:
            for name in history:
                state[name] = []
            data = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
        finally:
            state.update(history)
            if collecting:
                gc.enable()
        return cls(data, {name: list(items) for name, items in history.items()})

    def restore(self) -> Any:
        """A new, independent game in the saved state."""
        import gc
        import pickle

        collecting = gc.isenabled()
        gc.disable()
        try:
            copied = pickle.loads(self.data)
        finally:
            if collecting:
                gc.enable()
        for name, items in self.history.items():
            setattr(copied, name, list(items))
        return copied


@contextmanager
def scratch_copies() -> Iterator[None]:
    """Hold the garbage collector off while throwaway copies of a game are made, tried and dropped (a bot's
    look-ahead, a legal-move trial).  A game is a web of cycles, so a dropped copy waits for the collector; with
    it running, each copy's hundred thousand objects age into the old generation and set off full collections
    of the whole heap (measured: 18USA, 100 to 400 ms of a 500 ms Strong decision).  Held off, they stay young:
    on leaving, one collection of the young generation frees them, at a cost proportional to the copies alone.
    Nested scopes collect once, at the outermost."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
            gc.collect(0)


#: the young generation's size while a game replays (Python's default is 700 container objects)
REPLAY_YOUNG_GENERATION = 50_000


@contextmanager
def young_collections_for_replay() -> Iterator[None]:
    """Let the collector's young generation grow to :data:`REPLAY_YOUNG_GENERATION` objects while a game is
    replayed.  An action leaves cycles behind (bundles, routes, walks), so at the default size the collector runs
    every few actions and every tenth of its runs walks the older generation too, the whole game included: a
    sixth of a replay's time in 1822 (measured: 1.09 -> 0.88 s CPU over the four shared games), a few percent
    in 1830.  Garbage is still freed, in fewer and larger young collections.  Only raised when lower (a caller's
    setting is kept) and put back on leaving only when still the value set here, so replays that overlap (a
    generator kept open while another game replays) can only leave the default in place."""
    import gc

    young, *older = gc.get_threshold()
    raised = young < REPLAY_YOUNG_GENERATION
    if raised:
        gc.set_threshold(REPLAY_YOUNG_GENERATION, *older)
    try:
        yield
    finally:
        if raised and gc.get_threshold()[0] == REPLAY_YOUNG_GENERATION:
            gc.set_threshold(young, *older)


__all__ = ["STALLS", "GameSnapshot", "KernelGame", "scratch_copies", "young_collections_for_replay"]
