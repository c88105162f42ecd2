"""Merger-pass programs (``program_merger_pass``) in live play, as the site's ``ProgrammerMergerPass``: in the
merger and acquisition rounds the programmed player passes for the corporations named for the round (the one
converting, the one offered for sale), stops when another player has acted and the program asks so, and the
program lapses when a round that is not a merger round begins.  Checked against what the site recorded."""

from __future__ import annotations

from typing import Any

from engine import build_game
from engine.core.actions import Action
from engine.core.history import filter_actions
from engine.game import Game
from engine.programs import program_of, programmed_after
from engine.record import GameRecord
from tests.conftest import FIXTURES, shared_or_skip

GAME = FIXTURES / "18USA" / "110327.json"


def _before(position: int) -> tuple[Game, dict[str, Any]]:
    record = GameRecord.load(shared_or_skip(GAME))
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for at, data in enumerate(kept[:position]):
        if data is not None:
            game.process_action(data, at)
    return game, kept[position]


def _plain(actions: list[Action]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.to_dict().items() if k not in ("id", "created_at")} for a in actions]


def _recorded(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in a.items() if k not in ("id", "created_at")} for a in data.get("auto_actions", [])]


def _after(game: Game, data: dict[str, Any]) -> list[Action]:
    return programmed_after(game, Action.from_dict({k: v for k, v in data.items() if k != "auto_actions"}))


def test_offered_corporations_named_for_the_round_are_passed() -> None:
    # AR 2.2: MILW (named by its president's program) and then B&O (named by another's) are offered for sale
    game, data = _before(663)
    assert _recorded(data) == [{"type": "pass", "entity": 4281, "entity_type": "player"},
                               {"type": "pass", "entity": 4440, "entity_type": "player"}]
    assert _plain(_after(game, data)) == _recorded(data)


def test_a_converting_corporation_named_for_the_round_passes() -> None:
    game, data = _before(1278)
    assert _recorded(data) == [{"type": "pass", "entity": "DRG", "entity_type": "corporation"}]
    assert _plain(_after(game, data)) == _recorded(data)


def test_the_program_stops_once_others_acted_when_asked() -> None:
    game, data = _before(1691)
    assert _plain(_after(game, data)) == _recorded(data)
    assert _recorded(data)[0]["type"] == "program_disable"
    assert _recorded(data)[0]["reason"] == "Other players have acted and requested to stop"


def test_the_program_lapses_when_an_operating_round_begins() -> None:
    game, _ = _before(663)
    player = game.player_by_id(4440)
    assert program_of(game, player) is not None  # set in the merger round, alive in the acquisition round
    record = GameRecord.load(shared_or_skip(GAME))
    kept, _ = filter_actions(record.actions)
    at = 663
    while not getattr(game.round, "operating", False):
        if kept[at] is not None:
            game.process_action(kept[at], at)
        at += 1
    assert program_of(game, player) is None
    while getattr(game.round, "operating", False):  # and stays dropped in the next merger round
        if kept[at] is not None:
            game.process_action(kept[at], at)
        at += 1
    assert type(game.round).__name__ == "MergerRound1817"
    programs = game.programmed_actions.get(player.id)
    assert programs and programs[-1].type == "program_merger_pass" and program_of(game, player) is None
