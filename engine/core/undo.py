"""``undo`` and ``redo`` in live play: the game is rebuilt from its raw action list with the undo or redo
appended, exactly as a saved game containing it would load.  Refused (nothing changes) when there is nothing
to undo or redo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.history import filter_actions
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.core.game import KernelGame


def apply_undo_redo(game: KernelGame, action: Action) -> Action:
    """Undo or redo in ``game`` (in place); raise ``IllegalAction`` and change nothing when impossible."""
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
    fresh = rebuild(game, [*game.raw_actions, data])
    game.__dict__.clear()
    game.__dict__.update(fresh.__dict__)
    return action


def rebuild(game: KernelGame, raw_actions: list[dict[str, object]]) -> KernelGame:
    """A new game of the same table, with ``raw_actions`` replayed as a saved game loads."""
    players, game_id, seed, optional_rules = game.setup_args
    fresh = type(game)(players, game_id=game_id, seed=seed, optional_rules=optional_rules)
    for _ in fresh.replay(raw_actions):
        pass
    fresh.loading = game.loading
    return fresh
