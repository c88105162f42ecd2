"""Enumerators per step class, and the two public questions: ``legal_moves`` and ``check_action``.

An enumerator is a function ``(step, entity) -> Iterable[Move | Unusable]`` registered for a step class with
``@enumerates(StepClass)``; the most specific registered class in the step's MRO is used.  Family modules
are imported by :func:`_load_families` (add a new module to ``FAMILIES``, or to ``BOUND_FAMILIES`` when it
enumerates steps only some titles use).

Who may act: the entities of the active step (the player or operator whose turn it is), the player behind
an operator (a president's emergency sale), and every owned private company (abilities usable now, such as
an exchange at any time).  Which step takes an action of a given type from an entity follows the round's
dispatch exactly (``Round.process_action``): the first active step that accepts the type, unless an earlier
blocking step stops the search.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from engine.errors import IllegalAction
from engine.moves.base import EntityRef, LegalMoves, Move, Unusable

if TYPE_CHECKING:
    from engine.core.game import GameSnapshot
    from engine.core.game import KernelGame as Game
    from engine.core.step import Step

Enumerator = Callable[["Step", Any], Iterable[Move | Unusable]]
S = TypeVar("S")

_ENUMERATORS: dict[type, Enumerator] = {}

#: Modules that register enumerators of the steps most games use (imported once, on first use).
FAMILIES: tuple[str, ...] = (
    "engine.moves.auction",
    "engine.moves.stock",
    "engine.moves.companies",
    "engine.moves.misc",
    "engine.moves.track",
    "engine.moves.token",
    "engine.moves.route",
    "engine.moves.dividend",
    "engine.moves.trains",
    "engine.moves.choose",
)

#: Modules that register enumerators of general steps few titles use, or of one title family's own steps, each
#: with the modules or packages defining those steps: imported on first use once one of those is (a game using
#: them was built), so that the first legal moves of a game do not import every other family's rules.
BOUND_FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine.moves.g1846", ("engine.steps.draft",)),
    ("engine.moves.assign", ("engine.steps.assign",)),
    ("engine.moves.merge", ("engine.steps.merge",)),
    ("engine.moves.control_auction", ("engine.steps_kernel.control_auction",)),
    ("engine.moves.selection_auction", ("engine.steps.selection_auction",)),
    ("engine.moves.choose_ability", ("engine.steps.choose_ability",)),
    ("engine.moves.bid_boxes", ("engine.steps.bid_boxes",)),
    ("engine.moves.acquire_company", ("engine.steps.acquire_company",)),
    ("engine.moves.issue_shares", ("engine.steps.issue_shares",)),
    ("engine.moves.mergers", ("engine.steps.reduce_tokens", "engine.steps.shares_via_bid", "engine.titles.g1867")),
    ("engine.moves.soh", ("engine.titles.steam_over_holland",)),
    ("engine.moves.g18zoo", ("engine.titles.g18zoo",)),
    ("engine.moves.derrick", ("engine.titles.g18ms",)),
    ("engine.moves.g1847_ae", ("engine.titles.g1847_ae",)),
    ("engine.moves.g1817", ("engine.titles.g1817",)),
    ("engine.moves.g18usa", ("engine.titles.g18usa",)),
    ("engine.moves.g1822_pnw", ("engine.titles.g1822_pnw",)),
    ("engine.moves.family1822", ("engine.titles.family1822",)),
    ("engine.moves.g1822_ca", ("engine.titles.g1822_ca",)),
    ("engine.moves.g1822_mx", ("engine.titles.g1822_mx",)),
    ("engine.moves.g1822_mx_prudence", ("engine.titles.g1822_mx",)),
)

#: Action types that never change the game state or that only a table host uses: listed by ``legal_moves``
#: only on request, always checked by ``check_action``.
META_TYPES: frozenset[str] = frozenset({
    "message", "log", "end_game", "program_buy_shares", "program_share_pass", "program_disable",
    "program_auction_bid", "program_close_pass", "program_harzbahn_draft_pass", "program_independent_mines",
    "program_merger_pass",
})

_loaded = False


def is_meta(kind: str) -> bool:
    return kind in META_TYPES or kind.startswith("program_")


def enumerates(step_class: type[S]) -> Callable[[Callable[[S, Any], Iterable[Move | Unusable]]],
                                                   Callable[[S, Any], Iterable[Move | Unusable]]]:
    """Register an enumerator for ``step_class`` (and its subclasses without one of their own)."""

    def register(fn: Callable[[S, Any], Iterable[Move | Unusable]]) -> Callable[[S, Any], Iterable[Move | Unusable]]:
        _ENUMERATORS[step_class] = fn  # type: ignore[assignment]
        return fn

    return register


def _import_family(name: str) -> None:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:  # a family not written yet
        if exc.name != name:
            raise


#: The title families not imported yet, and how many modules were loaded when they were last looked at.
_pending: list[tuple[str, tuple[str, ...]]] = list(BOUND_FAMILIES)
_modules_seen = -1


def _load_families(everything: bool = False) -> None:
    """Import the general enumerators once, and each title family's once its steps' package is loaded
    (``everything``: every family now)."""
    global _loaded, _modules_seen
    if not _loaded:
        for name in FAMILIES:
            _import_family(name)
        _loaded = True
    if not _pending or (len(sys.modules) == _modules_seen and not everything):
        return
    while _modules_seen != len(sys.modules) or everything:
        _modules_seen = len(sys.modules)
        for entry in list(_pending):
            name, packages = entry
            if everything or any(p in sys.modules for p in packages):
                _pending.remove(entry)
                _import_family(name)
        everything = False


def load_enumerators() -> None:
    """Import now the enumerator modules that the first ``legal_moves`` call would import (the general ones and
    those of the titles loaded so far): a benchmark of the calls keeps this one-time import apart."""
    _load_families()


def enumerator_for(step: Step) -> Enumerator | None:
    _load_families()
    for cls in type(step).__mro__:
        fn = _ENUMERATORS.get(cls)
        if fn is not None:
            return fn
    return None


def enumerator_after(step: Any, mixin: type) -> Enumerator | None:
    """The enumerator of the first class after ``mixin`` in the step's MRO that has one (a mix-in's enumerator
    adds its own moves to those of the step's base class)."""
    _load_families()
    mro = type(step).__mro__
    for cls in mro[mro.index(mixin) + 1:]:
        fn = _ENUMERATORS.get(cls)
        if fn is not None:
            return fn
    return None


# ---------------------------------------------------------------------------------------------------------
# Entities and dispatch
# ---------------------------------------------------------------------------------------------------------
def entity_ref(entity: Any) -> EntityRef:
    """``(entity_type, id)`` as actions name the entity."""
    if getattr(entity, "is_player", False):
        return ("player", entity.id)
    if getattr(entity, "is_company", False):
        return ("company", entity.id)
    if getattr(entity, "is_minor", False):
        return ("minor", entity.id)
    return ("corporation", entity.id)


def candidate_entities(game: Game) -> list[Any]:
    """The entities that may have something to do now (see the module docstring)."""
    found: list[Any] = []

    def add(entity: Any) -> None:
        if entity is not None and not any(e is entity for e in found):
            found.append(entity)

    acting = list(game.round.active_entities())
    step = game.round.active_step()
    crowded = getattr(step, "crowded_corps", None)
    if callable(crowded):  # any corporation over its train limit may discard, not only the first
        acting.extend(crowded())
    delegated = getattr(step, "delegated_entities", None)
    if callable(delegated):  # entities the acting player acts for (1817: their corporations' loans in a stock turn)
        acting.extend(delegated())
    for entity in acting:
        add(entity)
        owner = getattr(entity, "owner", None)
        if getattr(owner, "is_player", False):
            add(owner)
    for company in getattr(game, "companies", ()):  # 18xx private companies (a kernel title has none)
        if not company.closed and company.owner is not None:
            add(company)
    return found


def taken_from_anyone(game: Game, entity: Any, kind: str) -> bool:
    """Does the round's active step take ``kind`` from ``entity`` though it is not acting?  The reference's round
    asks only the steps, not whose turn it is: a step that offers an action to anyone lists its type in
    ``TAKES_FROM_ANYONE`` (18ZOO's waiting powers step: any player's or family's pass ends the turn).  Such
    actions are accepted, not offered (the acting entity's moves stay the moves shown)."""
    step = game.round.active_step()
    if step is None or kind not in getattr(step, "TAKES_FROM_ANYONE", ()):
        return False
    return kind in step.actions(entity)


def dispatch(game: Game, entity: Any) -> list[tuple[Step, list[str]]]:
    """For ``entity``, each step that would take some action types, with those types (the round's dispatch)."""
    claimed: set[str] = set()
    out: list[tuple[Step, list[str]]] = []
    if entity is None:
        return out
    closed = bool(getattr(entity, "closed", False))
    for step in game.round.steps:
        if not step.active():
            continue
        offered = step.actions(entity)
        if not step.blocks():
            blocking = False
        elif entity is step.current_entity() and not closed:
            blocking = bool(offered)
        else:
            blocking = step.blocking()
        new = [k for k in offered if k not in claimed]
        claimed.update(offered)
        if new:
            out.append((step, new))
        if blocking:
            break
    return out


@contextmanager
def _memoized_actions(game: Game) -> Iterator[None]:
    """While the state cannot change, ask each step's ``actions(entity)`` once per entity (the answer is asked
    again and again by dispatch, ``blocking`` and the enumerators)."""
    steps = list(game.round.steps)
    installed: list[Step] = []
    queries: list[str] = []
    key = id(game)
    _trial_scopes[key] = _trial_scopes.get(key, 0) + 1
    try:
        for step in steps:
            if "actions" in vars(step):
                continue
            original = step.actions
            memo: dict[int, tuple[Any, list[str]]] = {}

            def cached(entity: Any, _original: Any = original, _memo: dict[int, tuple[Any, list[str]]] = memo
                       ) -> list[str]:
                hit = _memo.get(id(entity))
                if hit is None or hit[0] is not entity:
                    hit = (entity, list(_original(entity)))
                    _memo[id(entity)] = hit
                return list(hit[1])

            step.actions = cached  # type: ignore[method-assign]
            installed.append(step)
        queries = _install_per_state_queries(game)
        # (and the lookups depending on the state only, such as the blocked hexes, are kept meanwhile)
        rules = getattr(game, "ability_rules", None)
        with rules.frozen() if rules is not None else nullcontext():
            yield
    finally:
        for step in installed:
            vars(step).pop("actions", None)
        for name in queries:
            vars(game).pop(name, None)
        depth = _trial_scopes.pop(key) - 1
        if depth:
            _trial_scopes[key] = depth
        else:
            _trial_snapshots.pop(key, None)
            _scope_memos.pop(key, None)


#: Game methods whose answer depends on the state and the arguments only, asked once per arguments while the moves
#: of one state are worked out (declared with :func:`per_state` by the enumerator module of a title asking them).
_PER_STATE: list[str] = []


def per_state(name: str) -> None:
    """Declare the game method ``name`` a question about the state only: inside ``legal_moves`` or
    ``check_action`` each call with the same arguments (the same objects) is answered once (1822CA's
    ``reach_a_lay_sees``: a fresh walk of the map, asked for each destination hex by the lays of the corporation
    and of each of its privates).  Not in :func:`plain_enumeration`."""
    if name not in _PER_STATE:
        _PER_STATE.append(name)


def _install_per_state_queries(game: Game) -> list[str]:
    """Put a memo of each :func:`per_state` method on ``game`` (an instance attribute, taken off at the end of the
    scope and before a snapshot); the names installed."""
    if PLAIN.get():
        return []
    _load_families()  # (the title's enumerator modules declare its questions)
    installed: list[str] = []
    attrs = vars(game)
    for name in _PER_STATE:
        original = getattr(game, name, None)
        if name in attrs or not callable(original):
            continue
        memo: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

        def cached(*args: Any, _original: Any = original, _memo: dict[Any, Any] = memo) -> Any:
            if PLAIN.get():
                return _original(*args)
            key = tuple(id(a) for a in args)
            hit = _memo.get(key)
            if hit is None:
                hit = (args, _original(*args))  # (the arguments kept: their ids are not reused meanwhile)
                _memo[key] = hit
            answer = hit[1]
            return list(answer) if isinstance(answer, list) else answer

        attrs[name] = cached
        installed.append(name)
    return installed


#: While set (``engine.moves.track.plain_enumeration``), the enumeration keeps nothing between questions and takes
#: none of its sufficient-answer shortcuts: the plain computation the caches and shortcuts must agree with.
PLAIN: ContextVar[bool] = ContextVar("PLAIN", default=False)


#: id(game) -> how many ``_memoized_actions`` scopes are open on it (its state cannot change meanwhile)
_trial_scopes: dict[int, int] = {}
#: id(game) -> (game, its snapshot), kept while a scope is open on the game (see :func:`trial_copy`)
_trial_snapshots: dict[int, tuple[Game, GameSnapshot]] = {}
#: id(game) -> (game, answers kept while a scope is open on the game: see :func:`scope_memo`)
_scope_memos: dict[int, tuple[Game, dict[Any, Any]]] = {}


def scope_memo(game: Game) -> dict[Any, Any] | None:
    """A dict for answers that depend on the game's state only, kept while the moves of this one state are being
    worked out (inside ``legal_moves`` or ``check_action``: the state cannot change meanwhile) and dropped with
    the scope; None outside one (then nothing is kept)."""
    key = id(game)
    if key not in _trial_scopes or PLAIN.get():
        return None
    entry = _scope_memos.get(key)
    if entry is None or entry[0] is not game:
        entry = (game, {})
        _scope_memos[key] = entry
    return entry[1]


def copy_game(game: Game) -> Game:
    """A copy of ``game`` an enumerator may try an action on (the memoized ``actions`` are left out)."""
    copied: Game = game_snapshot(game).restore()
    return copied


def game_snapshot(game: Game) -> GameSnapshot:
    """``GameSnapshot.of(game)`` with the memoized ``actions`` and :func:`per_state` questions left out."""
    from engine.core.game import GameSnapshot
    saved: list[tuple[Step, Any]] = []
    for step in game.round.steps:
        memo = vars(step).pop("actions", None)
        if memo is not None:
            saved.append((step, memo))
    attrs = vars(game)
    queries = {name: attrs.pop(name) for name in _PER_STATE if name in attrs}
    try:
        return GameSnapshot.of(game)
    finally:
        for step, memo in saved:
            step.actions = memo  # type: ignore[method-assign]
        attrs.update(queries)


def trial_copy(game: Game) -> Game:
    """A copy of ``game`` to try one move on.  While the moves of one state are being worked out (inside
    ``legal_moves`` or ``check_action``), the state is pickled once and each trial only unpickles it."""
    key = id(game)
    if key not in _trial_scopes:
        return copy_game(game)
    entry = _trial_snapshots.get(key)
    if entry is None or entry[0] is not game:
        entry = (game, game_snapshot(game))
        _trial_snapshots[key] = entry
    copied: Game = entry[1].restore()
    return copied


def _describe(game: Game) -> str:
    step = game.round.active_step()
    if step is None:
        return "nothing to do"
    current = step.current_entity()
    who = game.entity_name(current) if current is not None else "nobody"
    return f"{who}: {step.description()}"


#: While set, tile lays are enumerated on these hexes only (``check_action`` of a ``lay_tile`` sets its hex): the
#: answer for that hex is the same, the other hexes' restriction walks are saved.
LAY_FOCUS: ContextVar[frozenset[str] | None] = ContextVar("LAY_FOCUS", default=None)


def _moves_of(step: Step, entity: Any, kinds: list[str]) -> tuple[list[Move], list[Unusable]] | None:
    """The moves of ``step`` for ``entity`` restricted to ``kinds``; None when the step has no enumerator."""
    fn = enumerator_for(step)
    if fn is None:
        return None
    moves: list[Move] = []
    unusable: list[Unusable] = []
    ref = entity_ref(entity)
    for item in fn(step, entity):
        if isinstance(item, Unusable):
            unusable.append(item)
        elif item.type in kinds and (item.entity_type, item.entity) == ref:
            moves.append(item)
    return moves, unusable


class _Enumeration:
    """What one ``legal_moves`` call worked out for a state, kept for the ``check_action`` of the action then
    chosen in that same state (see ``legal_moves(keep=True)``): candidates, dispatch per entity, and the moves
    and unusable entries per (step, entity)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.token = _state_token(game)
        self.candidates: list[Any] = []
        self.dispatched: dict[int, list[tuple[Step, list[str]]]] = {}
        self.found: dict[tuple[int, int], tuple[list[Move], list[Unusable]]] = {}


#: The enumeration kept by the last ``legal_moves(game, keep=True)``; taken (once) by the next check_action.
_kept: _Enumeration | None = None


def _state_token(game: Game) -> tuple[Any, ...]:
    """Changes whenever an action is processed (or taken back) or the round moves on."""
    round_ = game.round
    return (len(game.raw_actions), len(game.actions), len(game.log_lines), id(round_), game.finished,
            id(round_.active_step()), id(round_.current_entity()))


def _take_kept(game: Game) -> _Enumeration | None:
    global _kept
    kept, _kept = _kept, None
    if kept is not None and kept.game is game and kept.token == _state_token(game):
        return kept
    return None


def legal_moves(game: Game, include_meta: bool = False, keep: bool = False) -> LegalMoves:
    """Every legal move of the game's current state (computed fresh; cheap enough to run on every click).

    Chat messages, programs and the table host's ``end_game`` are left out unless ``include_meta``.
    ``keep`` keeps what was worked out for the very next ``check_action`` on this game in this same state
    (a playout checks the action it has just drawn without enumerating everything again); the same answers,
    only not computed twice.  Any action processed in between makes it void."""
    global _kept
    if game.finished:
        return LegalMoves(step="", description="the game is over", acting=[], finished=True)
    with _memoized_actions(game):
        if not keep:
            return _legal_moves(game, include_meta, None)
        kept = _Enumeration(game)
        result = _legal_moves(game, include_meta, kept)
        _kept = kept if not include_meta else None
        return result


def has_legal_move(game: Game) -> bool:
    """Whether ``legal_moves(game).moves`` holds anything (not counting chat, programs and ``end_game``), found
    without enumerating everything: the walk over candidates, steps and enumerators stops at the first move."""
    if game.finished:
        return False
    with _memoized_actions(game):
        for entity in candidate_entities(game):
            ref = entity_ref(entity)
            for step, kinds in dispatch(game, entity):
                wanted = [k for k in kinds if not is_meta(k)]
                fn = enumerator_for(step) if wanted else None
                if fn is None:
                    continue
                for item in fn(step, entity):
                    if not isinstance(item, Unusable) and item.type in wanted and (
                            item.entity_type, item.entity) == ref:
                        return True
    return False


def _legal_moves(game: Game, include_meta: bool, kept: _Enumeration | None) -> LegalMoves:
    step = game.round.active_step()
    result = LegalMoves(step=step.NAME if step is not None else "", description=_describe(game), acting=[])
    candidates = candidate_entities(game)
    if kept is not None:
        kept.candidates = candidates
    for entity in candidates:
        got_any = False
        dispatched = dispatch(game, entity)
        if kept is not None:
            kept.dispatched[id(entity)] = dispatched
        for s, kinds in dispatched:
            wanted = kinds if include_meta else [k for k in kinds if not is_meta(k)]
            if not wanted:
                continue
            found = _moves_of(s, entity, wanted)
            if found is None:
                continue
            moves, unusable = found
            if kept is not None:
                kept.found[(id(s), id(entity))] = found
            result.moves.extend(moves)
            result.unusable.extend(unusable)
            got_any = got_any or bool(moves)
        if got_any:
            result.acting.append(entity_ref(entity))
    return result


def check_action(game: Game, action: Mapping[str, Any]) -> bool:
    """Raise ``IllegalAction`` (a readable reason) unless ``action`` is one of the legal moves now.

    Returns True when enumerated moves decided, False when the action was let through without them (chat
    messages and programs, or a step without an enumerator, which then decides itself).  A malformed action
    (a field of the wrong type) is refused with ``InvalidAction`` first, as ``apply`` refuses it."""
    from engine.core.actions import Action

    Action.checked(action, action_types=getattr(game, "ACTION_TYPES", None))
    with _memoized_actions(game):
        return _check_action(game, action)


def _check_action(game: Game, action: Mapping[str, Any]) -> bool:
    kept = _take_kept(game)
    kind = str(action.get("type"))
    entity = game.entity_by(str(action.get("entity_type") or "player"), action.get("entity"))
    name = game.entity_name(entity)
    what = kind.replace("_", " ")
    if game.finished:
        if kind == "message" and getattr(entity, "is_player", False):
            return False
        raise IllegalAction(f"the game is over: {name} cannot {what}")
    candidates = kept.candidates if kept is not None else candidate_entities(game)
    if not is_meta(kind) and not any(e is entity for e in candidates) and not taken_from_anyone(game, entity, kind):
        # e.g. another corporation buying a train in the current one's turn (the 1846 step does not ask)
        raise IllegalAction(f"it is not {name}'s turn ({_describe(game)}): {name} cannot {what}")
    dispatched = kept.dispatched.get(id(entity)) if kept is not None else None
    if dispatched is None:
        dispatched = dispatch(game, entity)
    step = next((s for s, kinds in dispatched if kind in kinds), None)
    if step is None:
        raise IllegalAction(f"{name} cannot {what} now ({_describe(game)})")
    if is_meta(kind):
        return False
    cached = kept.found.get((id(step), id(entity))) if kept is not None else None
    if cached is not None:
        found: tuple[list[Move], list[Unusable]] | None = ([m for m in cached[0] if m.type == kind], cached[1])
    else:
        hex_id = action.get("hex") if kind == "lay_tile" else None
        focus = LAY_FOCUS.set(frozenset((str(hex_id),)) if hex_id is not None else None)
        try:  # a lay is checked against the lays of its own hex only (a big map's others cost a walk each)
            found = _moves_of(step, entity, [kind])
        finally:
            LAY_FOCUS.reset(focus)
    if found is None:
        return False
    moves, unusable = found
    named = {str(action.get(k)) for k in ("company", "corporation", "minor", "train", "hex", "tile", "city", "target")
             if action.get(k) is not None}
    shares = action.get("shares")
    if isinstance(shares, list):  # a sale names certificates: what is blocked is their corporation
        named |= {str(share).rsplit("_", 1)[0] for share in shares}
    blocked = next((u for u in unusable if u.id in named), None)
    if blocked is not None and not any(m.refusal(action) is None for m in moves):
        raise IllegalAction(f"{name} cannot {what}: {blocked.id}: {blocked.reason}")
    refused_tile = _tile_refused_on_hex(game, action, unusable) if kind == "lay_tile" else None
    if refused_tile is not None and not any(m.refusal(action) is None for m in moves):
        raise IllegalAction(f"{name} cannot {what}: {refused_tile}")
    if not moves:
        refused = next((u for u in unusable if u.kind == kind), None)  # e.g. a pass that would stall the round
        if refused is not None:
            raise IllegalAction(f"{name} cannot {what}: {refused.reason}")
        if kind == "lay_tile" and action.get("hex") is not None:
            raise IllegalAction(f"{name} cannot {what} ({_named_in(action)}): no tile can be laid on {action['hex']} "
                                f"now ({_describe(game)})")
        raise IllegalAction(f"{name} cannot {what} now ({_describe(game)})")
    reasons: list[str] = []
    for move in moves:
        reason = move.refusal(action)
        if reason is None:
            return True
        reasons.append(reason)
    specific = [r for r in reasons if not r.startswith("not ")]
    if specific:
        raise IllegalAction(f"{name} cannot {what}: {specific[0]}")
    named_now = _named_in(action)
    that = f"({named_now})" if named_now else "that"
    if len(moves) == 1:
        raise IllegalAction(f"{name} cannot {what} {that}: {name} must {moves[0].describe()}")
    choices = "; ".join(m.describe() for m in moves[:8]) + ("; ..." if len(moves) > 8 else "")
    raise IllegalAction(f"{name} cannot {what} {that}: the choices are {choices}")


def _tile_refused_on_hex(game: Game, action: Mapping[str, Any], unusable: list[Unusable]) -> str | None:
    """The reason the legal moves give for the named tile (by its name: any copy) on the named hex, if any."""
    hex_id, tile_id = action.get("hex"), action.get("tile")
    if hex_id is None or tile_id is None:
        return None
    try:
        board: Any = game
        tile_name = board.tile_by_id(str(tile_id)).name
    except Exception:  # an unknown tile: the engine's own check names it
        return None
    return next((u.reason for u in unusable if u.kind == "tile" and u.id == tile_name and u.hex == hex_id), None)


def _named_in(action: Mapping[str, Any]) -> str:
    """What the action names ("tile 9-3 on D8", "train 3-2 from the depot", "company B&S"), for messages."""
    parts: list[str] = []
    for key in ("tile", "train", "company", "minor", "corporation", "city", "hex"):
        value = action.get(key)
        if value is not None and not isinstance(value, (dict, list)):
            parts.append(f"{'on ' if key == 'hex' and parts else ''}{key} {value}")
    shares = action.get("shares")
    if isinstance(shares, list) and shares:
        parts.append("certificate" + ("s " if len(shares) > 1 else " ") + ", ".join(str(x) for x in shares))
    return " ".join(parts)


def check_live(game: Game, action: Any) -> None:
    """The strict (live-play) check of an ``Action`` about to be processed by ``game``.

    When the action is not a legal move, our reason is raised (it names the entity and what was wrong: the
    price range, the legal rotations, whose turn it is ...).  When the engine's own rules would refuse it too,
    the error keeps the engine's type, and the engine's message follows ours in brackets when it adds
    something; malformed input (``InvalidAction``: an unknown id, a bad field) keeps the engine's error as it
    is.  The engine is only consulted on a copy, so nothing changes."""
    try:
        check_action(game, action.to_dict())
    except IllegalAction as ours:
        from engine.errors import GameError, InvalidAction

        trial = game.copy()
        try:
            trial.process_single_action(action)
        except InvalidAction as theirs:
            raise theirs from None
        except GameError as theirs:
            raise combined_refusal(ours, theirs) from None
        except Exception:  # an engine bug on an illegal action: our refusal stands
            pass
        raise ours from None


def combined_refusal(ours: IllegalAction, theirs: Exception) -> Exception:
    """Our reason first, then the engine's message where it says something else, as the engine's error type."""
    from engine.errors import GameError

    if not isinstance(theirs, GameError):
        return ours
    text = ours.message
    if theirs.message and _adds_something(theirs.message, text):
        text = f"{text} ({theirs.message})"
    return type(theirs)(text, position=theirs.position, action_type=theirs.action_type, action_id=theirs.action_id,
                        field=theirs.field, source=theirs.source)


def _adds_something(extra: str, text: str) -> bool:
    """Does the engine's message ``extra`` say something our ``text`` does not?  Not when ``text`` already
    contains it, nor when both only say whose turn it is."""
    if extra.lower().rstrip(".") in text.lower():
        return False
    return not (text.startswith("it is not ") and extra.startswith("it is ") and "turn" in extra)
