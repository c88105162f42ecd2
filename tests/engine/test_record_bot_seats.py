"""The bot-seat field of a game file (issue 28): which seats computer players hold, kept under our metadata key
(18xx.games ignores it), written and read back unchanged, damaged entries dropped."""

from __future__ import annotations

import json

import pytest

from engine.record import BOTS_KEY, META_KEY, GameRecord


def _record() -> GameRecord:
    return GameRecord.new("1830", ["Ann", "Bob", "Cy", "Di"], seed=5)


def test_bot_seats_round_trip_through_json() -> None:
    record = _record()
    record.set_bot_seats({3: "beginner", 2: "strong"})
    text = json.dumps(record.to_dict())
    again = GameRecord.from_json(text)
    assert again.bot_seats == {2: "strong", 3: "beginner"}
    # written in seat order, under our key only: the 18xx.games fields are untouched
    data = json.loads(text)
    assert data[META_KEY][BOTS_KEY] == [{"player": 2, "level": "strong"}, {"player": 3, "level": "beginner"}]
    assert {k for k in data if k != META_KEY} == set(GameRecord.new("1830", ["Ann", "Bob", "Cy", "Di"],
                                                                   seed=5).to_dict())


def test_no_bots_writes_no_field_and_keeps_other_metadata() -> None:
    record = _record()
    assert record.bot_seats == {}
    record.set_bot_seats({1: "strong"})
    record.raw[META_KEY]["live_from"] = 0
    record.set_bot_seats({})
    assert record.raw[META_KEY] == {"live_from": 0}
    plain = _record()
    plain.set_bot_seats({})
    assert META_KEY not in plain.to_dict()


def test_unknown_player_is_refused_when_writing() -> None:
    with pytest.raises(ValueError, match="no player"):
        _record().set_bot_seats({9: "strong"})


@pytest.mark.parametrize("bots", [
    "strong", 7, [1, 2], [{"player": 9, "level": "strong"}], [{"player": 1}], [{"player": True, "level": "x"}],
    [{"player": 1, "level": "x" * 50}], [{"player": 1, "level": "<script>"}], [{"player": 1, "level": 3}],
])
def test_damaged_bot_entries_are_dropped(bots: object) -> None:
    data = _record().to_dict()
    data[META_KEY] = {BOTS_KEY: bots}
    assert GameRecord.from_dict(data).bot_seats == {}


def test_good_entries_survive_next_to_damaged_ones() -> None:
    data = _record().to_dict()
    data[META_KEY] = {BOTS_KEY: [{"player": 9, "level": "strong"}, {"player": 4, "level": "strong"}, "junk"]}
    assert GameRecord.from_dict(data).bot_seats == {4: "strong"}
