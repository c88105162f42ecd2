"""Undo, redo and message filtering of a raw 18xx.games action list.

18xx.games stores every action a player made, including ``undo`` and ``redo``.  Before anything is processed
the list is resolved into the actions that really happened: a pure function over the raw list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.actions import describe_value
from engine.errors import InvalidAction

RawAction = Mapping[str, Any]


def filter_actions(actions: Sequence[RawAction]) -> tuple[list[RawAction | None], list[list[tuple[RawAction, int]]]]:
    """Return ``(kept, undo_stack)``.

    ``kept`` has one slot per raw action: the action when it takes effect, ``None`` when it was undone or is an
    ``undo``/``redo`` itself.  ``undo_stack`` holds the groups that a further ``redo`` would restore.

    Rules: ``undo`` removes every kept non-message action from its target position up to itself (target: just
    after ``action_id``; 0 means everything; no id means the last kept non-message action); ``redo`` restores
    the latest undone group; messages are never undone; any other action clears the redo stack.
    """
    kept: list[RawAction | None] = [None] * len(actions)
    undo_stack: list[list[tuple[RawAction, int]]] = []
    # Positions of the kept non-message actions, in order: an undo takes its group off the end, a redo puts
    # it back (nothing else is kept in between: any other action clears the redo stack).  So each undo and redo
    # costs the size of its group, and the whole filter is linear in the list (undo/redo pairs included).
    live: list[int] = []
    # Where each id first occurs, made when the first undo naming an id needs it (most games have none: the
    # filter is then one pass, and it runs before a replay's first action).
    position_by_id: dict[Any, int] | None = None
    for index, action in enumerate(actions):
        kind = action.get("type")
        if kind == "undo":
            target_id = action.get("action_id")
            if target_id is not None and (not isinstance(target_id, int) or isinstance(target_id, bool)):
                raise InvalidAction(
                    f"undo's action_id should be a whole number, not {type(target_id).__name__}",
                    position=index,
                    action_type="undo",
                    field="action_id",
                )
            if target_id:
                if position_by_id is None:
                    position_by_id = _first_positions(actions)
                if target_id not in position_by_id:
                    raise InvalidAction(
                        f"undo refers to unknown action id {describe_value(target_id)}",
                        position=index,
                        action_type="undo",
                    )
                undo_to = position_by_id[target_id] + 1
            elif target_id is not None:
                undo_to = 0
            else:
                undo_to = live[-1] if live else 0
            group: list[tuple[RawAction, int]] = []
            while live and live[-1] >= undo_to:
                position = live.pop()
                candidate = kept[position]
                assert candidate is not None
                kept[position] = None
                group.append((candidate, position))
            group.reverse()
            undo_stack.append(group)
        elif kind == "redo":
            if not undo_stack:
                raise InvalidAction("redo without anything to redo", position=index, action_type="redo")
            for candidate, position in undo_stack.pop():
                kept[position] = candidate
                live.append(position)
        elif kind == "message":
            kept[index] = action
        else:
            undo_stack.clear()
            kept[index] = action
            live.append(index)
    return kept, undo_stack


def _first_positions(actions: Sequence[RawAction]) -> dict[Any, int]:
    """The raw position where each action id first occurs."""
    position_by_id: dict[Any, int] = {}
    for index, action in enumerate(actions):
        action_id = action.get("id")
        if isinstance(action_id, int | str) and action_id not in position_by_id:
            position_by_id[action_id] = index
    return position_by_id


def effective_actions(actions: Sequence[RawAction]) -> list[tuple[int, RawAction]]:
    """The actions that take effect, with their positions in the raw list (messages included)."""
    kept, _ = filter_actions(actions)
    return [(i, a) for i, a in enumerate(kept) if a is not None]
