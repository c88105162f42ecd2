"""Issue 23 item 1: every game played at the table and saved reopens exactly as it was played, in every title.

How: a game is replayed in the mode each action was played in (``KernelGame.live_from``, kept in the file's
``tracklayer`` metadata): the actions loaded from a site export are replayed as the site loads them, the ones
played at the table with every live check.  The reference engine's two modes can reach different states from
the same actions (1830: its Route step is active after a home token in live play and skipped when loading), so
replaying a table game in the loading mode could stop it half-way; replaying it as it was played cannot.

Random games of EVERY registered title (``supported_titles()``: a title added later is covered without a change
here) are played through the session (legal moves only, with undos and redos now and then), saved, reopened
(by the session and by ``load_game``) and compared.  Short by default; whole games under ``-m slow``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from desktop.session import Session
from engine import load_game
from engine.core.digest import state_lines
from engine.moves.playout import choose
from engine.moves.registry import legal_moves
from engine.titles.registry import supported_titles, title_spec

UNDO = float(__import__("os").environ.get("TL_UNDO", "0.04"))


def play_at_the_table(session: Session, rng: random.Random, actions: int) -> int:
    """Play up to ``actions`` random legal moves through ``session`` (an undo or redo now and then)."""
    played = 0
    while played < actions and not session.live.finished:
        roll = rng.random()
        if roll < UNDO and session.undo_reason() is None:
            assert session.undo()
        elif roll < UNDO * 1.5 and session.redo_reason() is None:
            assert session.redo()
        else:
            moves = legal_moves(session.live, keep=True)
            choices = [m for m in moves.moves if not getattr(m, "needs_consent", False)]
            if not choices:
                break  # the game cannot go on (a stall the reference would hit too)
            action = choose(rng, choices, 0).sample(rng)
            assert session.submit(action), (action, moves.description)
        played += 1
    return played


def check_reopens(title: str, seed: int, actions: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    low, high = title_spec(title).player_range
    names = [f"Player {i}" for i in range(1, rng.randint(low, high) + 1)]
    session = Session.new(title, names, seed=seed)
    rejected: list[str] = []
    session.action_rejected.connect(rejected.append)
    session.engine_failed.connect(lambda message, _details: rejected.append(message))
    play_at_the_table(session, rng, actions)
    assert not rejected, rejected
    path = tmp_path / f"{title}-{seed}.json"
    session.save(path)
    played = state_lines(session.live)
    reopened = Session.open(path)
    assert reopened.failure is None, reopened.failure
    assert state_lines(reopened.live) == played
    assert state_lines(load_game(path)) == played


@pytest.mark.parametrize("title", supported_titles())
def test_a_table_game_reopens_as_played(qtbot, title: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    check_reopens(title, 23, 120, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("title", supported_titles())
@pytest.mark.parametrize("seed", [61719, 61735, 7])
def test_whole_table_games_reopen_as_played(qtbot, title: str, seed: int, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    check_reopens(title, seed, 20_000, tmp_path)


def test_the_1830_game_whose_route_step_differs_between_modes_reopens(tmp_path: Path) -> None:
    from engine.moves.playout import run

    summary = run("1830", 1, 61719, out=tmp_path)  # the Route step after ERIE's home token (issue 23)
    assert summary.outcomes[0].finished and summary.outcomes[0].replay_mismatch is None
    game: Any = load_game(tmp_path / "1830-61719.json")
    assert game.finished and len(game.raw_actions) == summary.outcomes[0].actions
