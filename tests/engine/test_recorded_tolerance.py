"""A strict replay takes what the reference takes in live play too, a move made at the table only legal ones.

Some reference steps take an action without checking it against what they offer (1822PNW's merge reads any
token answer but "replace" as "exchange"; its issue sells the bundle at the price the action names).  A step says
so with ``tolerates_recorded``: a recorded action (applied with its position) is then accepted in strict mode,
while the same action submitted at the table (no position) is refused, and the legal moves stay the offered ones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.core.actions import Action
from engine.core.step import Step
from engine.errors import GameError
from engine.record import GameRecord

FIXTURES = Path("/work/shared/fixtures/1822PNW")


def _at(name: str, position: int) -> tuple[Any, dict[str, Any]]:
    path = FIXTURES / f"{name}.json"
    if not path.exists():
        pytest.skip(f"{path} not available")
    record = GameRecord.load(path)
    game = load_game(record, upto=position, strict=True)
    return game, record.actions[position]


def test_the_default_step_tolerates_nothing() -> None:
    assert Step.tolerates_recorded(object.__new__(Step), Action.from_dict({"type": "pass", "entity": 1})) is False


def test_an_issue_at_a_named_price_is_taken_from_a_record_only() -> None:
    game, data = _at("p19_merge_coal_company_3", 84)
    corporation = game.corporation_by_id(data["entity"])
    with pytest.raises(GameError, match="price per share is 65, not 100"):
        game.copy().process_action(data)  # at the table
    cash = corporation.cash
    game.process_action(data, 84)  # read from the file: the reference pays the named price
    assert corporation.cash == cash + 5 * 100


def test_a_merge_token_answer_not_offered_is_read_as_exchange_from_a_record_only() -> None:
    game, data = _at("p20_replaces_closed_minor", 458)
    assert data["choice"] == "3"
    with pytest.raises(GameError, match="not one of the choices"):
        game.copy().process_action(data)
    seen = len(game.log_lines)
    game.process_action(data, 458)
    assert any(line.endswith("moves one token from exchange to available") for line in game.log_lines[seen:])
