"""Live play's extra checks, kept out of the kernel game class: what reading the state leaves behind, the
legality of an action (auto actions included) where it is played, and the refusal of a move that leaves the
round where the reference engine cannot go on.

* :class:`ReadGuard` remembers the shape of the state after each action and takes back, before the next one,
  what merely reading it added (an 18xx game's share holdings grow an empty entry when read, as the
  reference's default-proc hashes do, and their order matters later).  So what the table looked at between two
  moves (legal moves, the views, the charts) never changes the game: live play, a reopened file and the
  reference's load all see the same state.  A game names its guard in ``READ_GUARD``; the kernel's reads
  leave nothing.
* :func:`check_live_action` and :func:`refuse_stall` are what ``KernelGame.process_action`` asks in live play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.actions import Action

#: Part of the reason given for a move refused because the reference engine would stop the round after it.
STALLS = "nobody able to act"


class ReadGuard:
    """The kernel's guard: reading a kernel game leaves nothing behind."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def mark(self) -> None:
        """Remember the shape of the state now (after setup, after every action, when loading ends)."""

    def forget(self) -> None:
        """Take back what reading the state since :meth:`mark` left in it (run before every action)."""

    def cached_before_reads(self, graph: Any, cache_name: str, key: Any) -> bool:
        """Did ``graph``'s cache ``cache_name`` hold ``key`` before the reads since :meth:`mark` (what the next
        action finds there)?  The kernel's reads leave nothing: whatever the cache holds."""
        return key in getattr(graph, cache_name)


def check_live_action(game: Any, action: Action, recorded: bool = False) -> None:
    """Raise ``GameError`` unless ``action`` is a legal move now (its entity and references exist, and the
    game's live-legality hook accepts it); changes nothing.

    A ``recorded`` action (read from a file, not made at the table) that is no legal move is still taken when
    the step that would process it says the reference takes it in live play too (``tolerates_recorded``: a
    reference step whose ``process_`` method checks nothing), so a strict replay accepts what the reference's
    strict replay accepts while the table keeps offering and accepting legal moves only."""
    from engine.errors import GameError

    game.resolve_entity(action)
    game.check_references(action)
    try:
        game.check_live(action)
    except GameError:
        if not recorded or not tolerated(game, action):
            raise


def tolerated(game: Any, action: Action) -> bool:
    """Does the step that would process ``action`` (no legal move now) say the reference takes it from a record
    (``Step.tolerates_recorded``)?"""
    step = game.round.step_for(game.resolve_entity(action), action.type)
    return step is not None and bool(step.tolerates_recorded(action))


def refuse_stall(game: Any, action: Action) -> None:
    """Live play, after ``action`` was applied: refuse it, taking the game back, when it leaves the round where
    the reference engine cannot go on (``Round.stalled``).  Only for actions submitted live: a recorded game
    replays what it holds."""
    game.read_guard.mark()
    stalled = not game.finished and game.round.stalled()
    game.read_guard.forget()
    if stalled:
        from engine.core.undo import rebuild_in_place
        from engine.errors import IllegalAction

        rebuild_in_place(game, game.raw_actions)
        raise IllegalAction(
            f"{action.type.replace('_', ' ')} would leave the round with {STALLS} (the "
            f"18xx.games engine stops there too); choose another move"
        )
