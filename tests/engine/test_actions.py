"""The action codec reads and writes the 18xx.games JSON format field for field."""

from __future__ import annotations

import json

import pytest

from engine.actions import Action, BuyShares, LayTile, Pass
from engine.core.actions import ACTION_TYPES
from engine.errors import InvalidAction
from engine.titles.registry import fixture_folder, supported_titles
from tests.conftest import FIXTURES


def fixture_actions(supported: bool) -> list[dict]:
    """Every action of the fixture folders of supported titles (``supported``) or of the other folders."""
    folders = {fixture_folder(title) for title in supported_titles()}
    out = []
    for path in sorted(FIXTURES.glob("*/*.json")):
        if (path.parent.name in folders) == supported:
            out.extend(json.loads(path.read_text())["actions"])
    return out


def test_every_fixture_action_round_trips_with_key_order() -> None:
    actions = fixture_actions(supported=True)
    if not actions:
        pytest.skip("../shared/fixtures is absent")
    for data in actions:
        back = Action.from_dict(data).to_dict()
        assert back == data
        assert list(back) == list(data)


def test_actions_of_titles_we_lack_round_trip_or_are_refused_by_type() -> None:
    """Games of titles we do not support yet: an action we can read reads and writes field for field; one we
    cannot is refused cleanly, naming its position and the field (never another exception)."""
    actions = fixture_actions(supported=False)
    if not actions:
        pytest.skip("no fixture folder of an unsupported title")
    refused: set[str] = set()
    for position, data in enumerate(actions):
        try:
            action = Action.from_dict(data, position=position)
        except InvalidAction as exc:
            # what we lack: an action type (take_loan, merge ...), one nested in auto_actions (hex_token), or a
            # field value of a model we lack (entity_type "minor")
            assert exc.position == position and exc.field, str(exc)
            assert str(exc).startswith(f"Action {position} ("), str(exc)
            if exc.field == "type" and "in auto_actions" not in str(exc):
                assert data["type"] not in ACTION_TYPES
                refused.add(data["type"])
            continue
        back = action.to_dict()
        assert back == data and list(back) == list(data)
    assert refused  # the corpus has action types we lack (take_loan, merge, ...): the refusal path is exercised


def test_nested_auto_actions_round_trip() -> None:
    data = {"type": "pass", "entity": 1, "entity_type": "player", "id": 7,
            "auto_actions": [{"type": "buy_shares", "entity": 2, "entity_type": "player",
                              "shares": ["PRR_3"], "percent": 10}]}
    action = Action.from_dict(data)
    assert isinstance(action, Pass)
    assert isinstance(action.auto_actions[0], BuyShares)
    assert action.auto_actions[0].shares == ["PRR_3"]
    assert action.to_dict() == data


def test_new_action_serialises_without_empty_fields() -> None:
    action = LayTile(entity="PRR", entity_type="corporation", hex="H10", tile="57-0", rotation=1)
    assert action.to_dict() == {"type": "lay_tile", "entity": "PRR", "entity_type": "corporation",
                                "hex": "H10", "tile": "57-0", "rotation": 1}


def test_unknown_keys_are_kept() -> None:
    data = {"type": "pass", "entity": 3, "entity_type": "player", "skip": True, "original_id": 12}
    assert Action.from_dict(data).to_dict() == data


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "fly", "entity": 1}, "unknown action type 'fly'"),
    ({"type": "bid", "entity": 1, "company": "SV", "price": "lots"}, "price"),
    ({"type": "lay_tile", "entity": "PRR", "hex": "H10", "rotation": 1}, "'tile'"),
    ({"type": "pass"}, "acting entity"),
    (["pass"], "JSON object"),
    # id lists (checked in C first, then item by item for the message)
    ({"type": "run_routes", "entity": "PRR", "routes": [{"train": "2-0", "connections": [["A1", 3]]}]},
     "should hold names (text), not"),
    ({"type": "run_routes", "entity": "PRR", "routes": [{"train": "2-0", "connections": [["A1", "B" * 201]]}]},
     "holds a name that is too long"),
    ({"type": "run_routes", "entity": "PRR", "routes": [{"train": "2-0", "connections": [[]]}]},
     "should not be empty"),
    ({"type": "run_routes", "entity": "PRR", "routes": [{"train": "2-0", "hexes": "A1"}]}, "should be a list"),
    ({"type": "run_routes", "entity": "PRR", "routes": [{"train": "2-0", "nodes": ["A1-0"] * 1001}]},
     "too many items"),
    # the header fields (checked inline by exact type first: whatever is not plainly fine takes the full checks)
    ({"type": "pass", "entity": 1, "id": -1}, "id should be between 0 and"),
    ({"type": "pass", "entity": 1, "id": 10**9 + 1}, "id should be between 0 and"),
    ({"type": "pass", "entity": 1, "id": 2.0}, "id should be a whole number"),
    ({"type": "pass", "entity": 1, "id": True}, "id should be a whole number"),
    ({"type": "pass", "entity": 10**9 + 1}, "entity should be between"),
    ({"type": "pass", "entity": True}, "acting entity should be a player id or a name"),
    ({"type": "pass", "entity": 1.5}, "acting entity should be a player id or a name"),
    ({"type": "pass", "entity": "x" * 100_001}, "entity is too long"),
    ({"type": "pass", "entity": 1, "created_at": 10**13 + 1}, "created_at holds a number too large"),
    ({"type": "pass", "entity": 1, "created_at": -(10**13) - 1}, "created_at holds a number too large"),
    ({"type": "pass", "entity": 1, "created_at": float("inf")}, "created_at holds a number that is not finite"),
    ({"type": "pass", "entity": 1, "original_id": 10**13 + 1}, "original_id holds a number too large"),
    ({"type": "pass", "entity": 1, "original_id": {"a": [1] * 10_001}}, "too many items"),
])
def test_malformed_actions_are_refused_with_position(data: object, words: str) -> None:
    with pytest.raises(InvalidAction) as info:
        Action.from_dict(data, position=41)  # type: ignore[arg-type]
    assert words in str(info.value)
    assert "Action 41" in str(info.value)


def test_merger_and_loan_actions_read_and_write_the_sites_fields() -> None:
    merge = Action.from_dict({"type": "merge", "entity": "BBG", "entity_type": "corporation", "corporation": "NYC"})
    assert merge.TYPE == "merge" and merge.corporation == "NYC" and merge.minor is None
    ndem = {"type": "merge", "entity": "MEX", "entity_type": "corporation", "corporation": "MEX", "skip": True}
    assert Action.from_dict(ndem).to_dict() == ndem
    assert Action.from_dict({"type": "convert", "entity": "TGB", "entity_type": "corporation"}).TYPE == "convert"
    loan = Action.from_dict({"type": "take_loan", "entity": "NYC", "entity_type": "corporation", "loan": 3})
    assert loan.loan == 3
    with pytest.raises(InvalidAction) as refused:
        Action.from_dict({"type": "payoff_loan", "entity": "NYC", "entity_type": "corporation"}, position=5)
    assert refused.value.field == "loan" and refused.value.position == 5


def test_every_action_type_pickles() -> None:
    """Live checks try moves on a pickled copy of the game: every action it may hold must pickle (the stored-only
    ``program_merger_pass`` did not, and 1867's nationalization_cash crashed through the GUI)."""
    import pickle

    for name, cls in ACTION_TYPES.items():
        action = cls(entity="1", entity_type="player")
        back = pickle.loads(pickle.dumps(action))
        assert type(back) is cls and name == back.TYPE


def test_place_token_slot_may_be_true() -> None:
    """The site writes ``slot: true`` for a token beyond a city's slots (18USA's Free Station)."""
    data = {"type": "place_token", "entity": "S9", "entity_type": "company", "city": "X05-0-0", "slot": True,
            "tokener": "WP"}
    assert Action.from_dict(data).to_dict() == data
    with pytest.raises(InvalidAction):
        Action.from_dict({**data, "slot": "first"})


def test_a_bundle_may_pass_100_percent_with_short_twins_but_not_200() -> None:
    # 1817 family: shorts add twins to the market, so a corporation may redeem up to 200% of itself in a bundle
    data = {"type": "buy_shares", "entity": "J", "entity_type": "corporation",
            "shares": ["J_3", "J_14", "J_2", "J_12", "J_16", "J_18"], "percent": 120}
    assert Action.from_dict(data).to_dict() == data
    with pytest.raises(InvalidAction) as refused:
        Action.from_dict(dict(data, percent=201), position=3)
    assert refused.value.field == "percent"


@pytest.mark.parametrize("entity", [0, -(10**9), 10**9, "", "PRR", "x" * 100_000])
@pytest.mark.parametrize("created_at", [None, 0, 10**13, -(10**13), 1.5, "2024-01-01"])
def test_header_fields_at_their_limits_are_read(entity: object, created_at: object) -> None:
    data = {"type": "pass", "entity": entity, "id": 10**9, "created_at": created_at, "original_id": 10**13}
    action = Action.from_dict(data)
    assert (action.entity, action.id, action.created_at, action.extra) == (entity, 10**9, created_at,
                                                                           {"original_id": 10**13})
