"""Auction HOW as a title like any other: registry, export and reopen, replay, moves --check, playouts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine import load_game
from engine.__main__ import main as engine_main
from engine.errors import GameError, InvalidAction
from engine.moves.playout import export, run
from engine.record import GameRecord
from engine.steps_kernel.control_auction import ControlAuction
from engine.titles.options import ignored_optional_rules
from engine.titles.registry import is_kernel_title, kernel_titles, load_title, supported_titles, title_spec
from tests.engine.auction_how_helpers import TITLE, bid, game, pass_, play_randomly, state_of


def test_the_registry_lists_the_kernel_title_with_its_players_and_options() -> None:
    assert TITLE in supported_titles() and TITLE in kernel_titles() and is_kernel_title(TITLE)
    assert not is_kernel_title("1830")
    spec = title_spec(TITLE)
    assert spec.player_range == (3, 6)
    assert {"the_fates", "back_to_the_minors", "blood_sweat", "bid_time_60"} <= {o.sym for o in spec.optional_rules}
    assert load_title(TITLE).__name__ == "AuctionHOW"


@pytest.mark.parametrize("n", [2, 7])
def test_player_count_outside_three_to_six_is_refused(n: int) -> None:
    with pytest.raises(InvalidAction, match="3 to 6 players"):
        game(n) if n <= 6 else load_title(TITLE)([(i, f"P{i}") for i in range(1, n + 1)])


def test_options_that_exclude_each_other_are_refused_and_unknown_ones_reported() -> None:
    with pytest.raises(InvalidAction, match="cannot be combined"):
        game(4, rules=["blood_sweat", "the_fates"])
    assert ignored_optional_rules(TITLE, ["the_fates", "no_such_rule"], 4) == [
        ("no_such_rule", "Auction HOW has no optional rule 'no_such_rule'")]


def _export(g) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(json.dumps(export(g, g.setup_args[2])))


@pytest.mark.parametrize("rules", [[], ["the_fates"], ["back_to_the_minors", "keep_score"], ["blood_sweat"]])
def test_an_exported_game_reopens_and_replays_identically(rules: list[str], tmp_path: Path) -> None:
    g = game(5, seed=77, rules=rules)
    play_randomly(g, random.Random(3))
    assert g.finished and g.game_end_reason == "final_round"
    data = _export(g)
    assert data["title"] == TITLE and data["settings"] == {"seed": 77, "optional_rules": rules}
    path = tmp_path / "how.json"
    path.write_text(json.dumps(data))
    again = load_game(GameRecord.load(path))
    assert state_of(again) == state_of(g)
    assert {str(k): v for k, v in again.result().items()} == data["result"]


def test_a_half_played_game_reopens_at_the_same_state_and_plays_on() -> None:
    g = game(3, seed=5)
    first = g.round.current_entity()
    bid(g, "Egypt", 2)
    bid(g, "Egypt", 3)
    data = _export(g)
    again = load_game(data)
    assert state_of(again) == state_of(g)
    bid(again, "Minoans", 0)
    # the first bidder, outbid on Egypt, controls nothing: a pass is refused and changes nothing
    assert again.round.current_entity().id == first.id
    before = state_of(again)
    with pytest.raises(GameError):
        pass_(again)
    assert state_of(again) == before
    bid(again, "Egypt", 4)
    assert again.round.step_of(ControlAuction).items["Egypt"].controller.id == first.id


def test_engine_command_line_replays_and_checks_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = game(4, seed=9, rules=["the_fates"])
    play_randomly(g, random.Random(9))
    path = tmp_path / "how.json"
    path.write_text(json.dumps(_export(g)))
    assert engine_main(["moves", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    total = len(g.actions)
    assert f"covered {total}/{total}" in out and "let through" not in out
    assert engine_main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "finished=True (final_round)" in out
    assert engine_main(["moves", str(path), "--at", "3"]) == 0
    assert "bid on" in capsys.readouterr().out


def test_playouts_finish_without_crashes_invariant_breaks_or_replay_mismatches(tmp_path: Path) -> None:
    summary = run(TITLE, games=12, seed=100, out=tmp_path)
    assert len(summary.outcomes) == 12
    assert summary.count("finished") == 12
    assert summary.count("crash") == summary.count("invariant") == summary.count("replay_mismatch") == 0
    assert len(list(tmp_path.glob("*.json"))) == 12
