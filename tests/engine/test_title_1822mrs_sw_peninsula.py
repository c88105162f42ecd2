"""1822MRS's optional rule ``sw_peninsula`` (Southwest Peninsula): the site offers it to two players, and no code of
the reference engine reads it, so a game with it is played exactly as one without it (M22, M23 and Southwest
England are not set up there either); a game of other player counts drops it, as the reference's
``init_optional_rules`` does.  The data file is the first 260 actions of ``python -m engine playout 1822MRS
--optional-rules sw_peninsula --seed 36000`` (two players), whose whole game the reference replays with
``STRICT=1`` to the same result."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine import load_game, new_game
from engine.core.digest import state_digest
from engine.moves.playout import option_problem, play_one

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]
#: the game's whole state but the option list itself (and the setup arguments that carry it)
OPTION_LISTS = frozenset({"optional_rules", "setup_args"})


def digest(game: Any) -> str:
    return state_digest(game, OPTION_LISTS)


def test_two_players_keep_the_option_and_play_exactly_as_without_it() -> None:
    raw = json.loads((DATA / "1822mrs_playout_36000_sw_peninsula.json").read_text())
    assert raw["settings"]["optional_rules"] == ["sw_peninsula"] and len(raw["players"]) == 2
    players = [(p["id"], p["name"]) for p in raw["players"]]
    with_option = new_game("1822MRS", players, seed=36000, optional_rules=["sw_peninsula"])
    without = new_game("1822MRS", players, seed=36000)
    assert with_option.optional_rules == ["sw_peninsula"] and without.optional_rules == []
    assert {c.sym for c in with_option.companies} == {c.sym for c in without.companies}
    assert "M22" not in {c.sym for c in with_option.companies}
    assert digest(with_option) == digest(without)
    for i, action in enumerate(raw["actions"], 1):
        with_option.process_action(dict(action))
        without.process_action(dict(action))
        if i % 26 == 0:  # the whole state is a long walk: every 26 actions, and at the end (260)
            assert digest(with_option) == digest(without), f"state differs after action {action['id']}"
    assert with_option.round.operating  # the prefix ends in an operating round, past stock rounds and ORs
    assert load_game(raw).optional_rules == ["sw_peninsula"]


def test_other_player_counts_drop_it() -> None:
    names = ["A", "B", "C"]
    game: Any = new_game("1822MRS", names, seed=1, optional_rules=["sw_peninsula"])
    assert game.optional_rules == []
    assert digest(game) == digest(new_game("1822MRS", names, seed=1))


def test_playouts_with_the_option_are_two_player_games_that_keep_it() -> None:
    assert option_problem("1822MRS", ["sw_peninsula"], None) is None
    assert option_problem("1822MRS", ["sw_peninsula"], 3) == (
        "1822MRS: the optional rule sw_peninsula is for 2 players, not 3"
    )
    assert "has no optional rule sw_peninsular" in (option_problem("1822MRS", ["sw_peninsular"], None) or "")
    # without --players, a rule offered to some player counts only picks one of them
    outcome = play_one("1822MRS", 4, max_actions=40, keep_record=True, optional_rules=["sw_peninsula"])
    assert outcome.players == 2 and not outcome.crash and not outcome.invariant
    assert outcome.record is not None and outcome.record["settings"]["optional_rules"] == ["sw_peninsula"]


def test_the_playout_command_takes_the_option_and_refuses_it_for_three_players() -> None:
    cmd = [sys.executable, "-m", "engine", "playout", "1822MRS", "--optional-rules", "sw_peninsula"]
    done = subprocess.run([*cmd, "--max-actions", "30", "--verbose"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(2p): 30 actions" in done.stdout and "0 crashes, 0 invariant breaks" in done.stdout
    refused = subprocess.run([*cmd, "--players", "3"], cwd=ROOT, capture_output=True, text=True)
    assert refused.returncode == 2 and "sw_peninsula is for 2 players, not 3" in refused.stdout
    assert "Traceback" not in refused.stderr
