"""Enumerators per step class, and the two public questions: ``legal_moves`` and ``check_action``.

An enumerator is a function ``(step, entity) -> Iterable[Move | Unusable]`` registered for a step class with
``@enumerates(StepClass)``; the most specific registered class in the step's MRO is used.  Family modules
are imported by :func:`_load_families` (add a new module to ``FAMILIES``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.moves.base import LegalMoves, Move, Unusable

if TYPE_CHECKING:
    from engine.game import Game
    from engine.steps.base import Step

Enumerator = Callable[["Step", Any], Iterable[Move | Unusable]]

_ENUMERATORS: dict[type, Enumerator] = {}

#: Modules that register enumerators (imported once, on first use).
FAMILIES: tuple[str, ...] = ()

_loaded = False


def enumerates(step_class: type) -> Callable[[Enumerator], Enumerator]:
    def register(fn: Enumerator) -> Enumerator:
        _ENUMERATORS[step_class] = fn
        return fn

    return register


def _load_families() -> None:
    global _loaded
    if not _loaded:
        for name in FAMILIES:
            importlib.import_module(name)
        _loaded = True


def enumerator_for(step: Step) -> Enumerator | None:
    _load_families()
    for cls in type(step).__mro__:
        fn = _ENUMERATORS.get(cls)
        if fn is not None:
            return fn
    return None


def legal_moves(game: Game) -> LegalMoves:
    """Every legal move of the game's current state (computed fresh; cheap enough to run on every click)."""
    raise NotImplementedError("filled in by the legal-move work")


def check_action(game: Game, action: Mapping[str, Any]) -> None:
    """Raise ``IllegalAction`` (a readable reason) unless ``action`` is one of the legal moves now."""
    raise IllegalAction("legal-move checking is not implemented yet")
