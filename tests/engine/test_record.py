"""Reading 18xx.games exports: clear errors for damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import InvalidAction
from engine.record import GameRecord


def test_truncated_json_names_file_and_position(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"title": "1830", "players": [')
    with pytest.raises(InvalidAction) as info:
        GameRecord.load(path)
    assert "broken.json" in str(info.value)
    assert "line 1" in str(info.value)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidAction, match="cannot read"):
        GameRecord.load(tmp_path / "nope.json")


def test_players_without_id_use_their_name() -> None:
    record = GameRecord.from_dict({"title": "1830", "players": [{"name": "Ann"}, {"id": 0, "name": "Bob"}],
                                   "actions": []})
    assert [p.id for p in record.players] == ["Ann", 0]


@pytest.mark.parametrize("data", [
    {"players": [{"id": 1, "name": "a"}]},
    {"title": "1830", "players": []},
    {"title": "1830", "players": [{"id": 1}], "actions": {}},
    {"title": "1830", "players": [{"id": 1}], "actions": [3]},
])
def test_structurally_broken_records_are_refused(data: dict) -> None:
    with pytest.raises(InvalidAction):
        GameRecord.from_dict(json.loads(json.dumps(data)))
