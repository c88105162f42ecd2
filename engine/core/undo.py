"""``undo`` and ``redo`` in live play: the game is rebuilt from its raw action list with the undo or redo
appended, exactly as a saved game containing it would load.  Refused (nothing changes) when there is nothing
to undo or redo.

``rebuild_in_place`` also takes a game back to its recorded actions after an action was refused half-way
(``KernelGame.process_action``): the same game object is set up again and replays the list, so every part of
it (rounds, steps, services) refers to that object, as after a plain load.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.history import filter_actions
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import KernelGame


def apply_undo_redo(game: KernelGame, action: Action) -> Action:
    """Undo or redo in ``game`` (in place); raise ``IllegalAction`` and change nothing when impossible."""
    if action.auto_actions:  # nothing acts "automatically" on an undo: stored, they would be replayed nowhere
        raise IllegalAction(f"an {action.type} carries no auto actions")
    data = action.to_dict()
    if data.get("id") is None:
        data["id"] = game.current_action_id() + 1
    kept, stack = filter_actions(game.raw_actions)
    if action.type == "redo" and not stack:
        raise IllegalAction("there is nothing to redo")
    if action.type == "undo":
        if not any(a is not None and a.get("type") != "message" for a in kept):
            raise IllegalAction("there is nothing to undo")
        target = data.get("action_id")
        if target and not any(a.get("id") == target for a in game.raw_actions):
            raise IllegalAction(f"there is no action {target} to undo to")
    before = dict(game.__dict__)
    try:
        rebuild_in_place(game, [*game.raw_actions, data])
    except BaseException:
        game.__dict__.clear()
        game.__dict__.update(before)
        raise
    return action


def rebuild(game: KernelGame, raw_actions: list[dict[str, object]]) -> KernelGame:
    """A new game of the same table, with ``raw_actions`` replayed as a saved game loads."""
    players, game_id, seed, optional_rules = game.setup_args
    fresh = type(game)(players, game_id=game_id, seed=seed, optional_rules=optional_rules)
    fresh.live_from, fresh.unchecked = game.live_from, list(game.unchecked)
    for _ in fresh.replay(raw_actions):
        pass
    fresh.loading = game.loading
    return fresh


def rebuild_in_place(game: KernelGame, raw_actions: Sequence[Mapping[str, Any]]) -> None:
    """Set ``game`` up again (same object) and replay ``raw_actions`` as a saved game loads; the loading flag
    is kept."""
    raw = [dict(a) for a in raw_actions]
    loading, live_from, unchecked = game.loading, game.live_from, list(game.unchecked)
    players, game_id, seed, optional_rules = game.setup_args
    game.__dict__.clear()
    type(game).__init__(game, players, game_id=game_id, seed=seed, optional_rules=optional_rules)
    game.live_from, game.unchecked = live_from, unchecked  # each action again in the mode it was played in
    for _ in game.replay(raw):
        pass
    game.loading = loading
