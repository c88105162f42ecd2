"""The 1822 family's steps act by themselves in live play as the site's do (``STEP_AUTO_ACTIONS``): the
destination token is placed (or passed) at once, and a major with no connected minor to acquire passes.  What
our programs evaluate equals the ``auto_actions`` the site recorded in a real game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import load_game
from engine.actions import Action
from engine.programs import programmed_after
from tests.conftest import FIXTURES

GAME = FIXTURES / "1822Africa" / "1822Africa_game_end_stock_market.json"
IGNORED = {"id", "created_at", "user"}


def _key(actions: list[Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in (a.to_dict() if isinstance(a, Action) else a).items() if k not in IGNORED}
            for a in actions]


@pytest.mark.parametrize("index, kind", [(88, "pass"), (166, "hex_token"), (223, "pass"), (86, None)])
def test_live_evaluation_equals_the_recorded_auto_actions(index: int, kind: str | None) -> None:
    if not GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    raw = json.loads(GAME.read_text())["actions"][index]
    game = load_game(GAME, upto=index)
    action = Action.from_dict({k: v for k, v in raw.items() if k != "auto_actions"},
                              action_types=getattr(game, "ACTION_TYPES", None))
    autos = programmed_after(game, action)
    assert _key(autos) == _key(raw.get("auto_actions") or [])
    assert [a.type for a in autos] == ([kind] if kind else [])


CA_GAME = FIXTURES / "1822CA" / "1.json"


@pytest.mark.parametrize("index, city, slot", [(290, "Q1-0-0", None), (293, "Q1-0-1", 0)])
def test_icr_joined_to_one_of_quebecs_cities_places_its_destination_token_there(
        index: int, city: str, slot: int | None) -> None:
    """1822CA: ICR's destination (Quebec) has several cities; joined to one of them, the step places the token in
    that city (``place_token``: a ``hex_token`` cannot say which city and was refused, and the refusal of a step's
    own move ended live play with "unknown player 'ICR'")."""
    if not CA_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    raw = json.loads(CA_GAME.read_text())["actions"][index]
    game = load_game(CA_GAME, upto=index)
    action = Action.from_dict({k: v for k, v in raw.items() if k != "auto_actions"},
                              action_types=getattr(game, "ACTION_TYPES", None))
    autos = programmed_after(game, action)
    assert _key(autos) == _key(raw["auto_actions"])
    assert [(a.type, a.city, a.slot) for a in autos] == [("place_token", city, slot)]


def test_a_refused_step_move_is_left_to_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """A step's own move that the engine refuses (here: the plain destination step's ``hex_token`` for ICR, which
    cannot say which Quebec city) is left to the player: no auto action, the step still waiting; it is not
    mistaken for a player's program (that lookup failed with "unknown player 'ICR'")."""
    from engine.titles.family1822.operating import DestinationToken
    from engine.titles.g1822_ca.rules import DestinationTokenCA

    if not CA_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    monkeypatch.setattr(DestinationTokenCA, "auto_actions", DestinationToken.auto_actions)
    raw = json.loads(CA_GAME.read_text())["actions"][290]
    game = load_game(CA_GAME, upto=290)
    action = Action.from_dict({k: v for k, v in raw.items() if k != "auto_actions"},
                              action_types=getattr(game, "ACTION_TYPES", None))
    assert programmed_after(game, action) == []


PNW_GAME = FIXTURES / "1822PNW" / "165580.json"


@pytest.mark.parametrize("index, wanted", [
    (36, {"type": "program_disable", "entity": 17678, "entity_type": "player",
          "reason": "No longer winning bid on P1"}),
    (86, {"type": "pass", "entity": 17678, "entity_type": "player"}),
    (169, {"type": "pass", "entity": 17678, "entity_type": "player"})])
def test_a_share_pass_stops_only_when_outbid_on_an_item_it_was_winning(index: int, wanted: dict[str, Any]) -> None:
    """The 1822 stock round's share pass: another player's bid stops it only on a box item its player was winning
    when their turn ended (or when the program was set); other bids leave it passing (it stopped on every bid:
    "Unknown action bid disabling for safety")."""
    if not PNW_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    raw = json.loads(PNW_GAME.read_text())["actions"][index]
    game = load_game(PNW_GAME, upto=index)
    action = Action.from_dict({k: v for k, v in raw.items() if k != "auto_actions"},
                              action_types=getattr(game, "ACTION_TYPES", None))
    autos = programmed_after(game, action)
    assert _key(autos) == _key(raw["auto_actions"]) == [wanted]


MX_GAME = FIXTURES / "1822MX" / "fcm_cannot_lay_thru_mexico_city.json"


@pytest.mark.parametrize("cash, skipped", [
    ({1090: 0, 9793: 0, 12299: 10, 18251: 50, 10157: 100}, False),  # 20 is not below the second least (0)
    ({1090: 30, 9793: 30, 12299: 10, 18251: 50, 10157: 100}, True),  # 20 is below the second least (30)
    ({1090: 0, 9793: 0, 12299: 45, 18251: 23, 10157: 0}, True)])  # the most cash already
def test_the_double_cash_choice_is_skipped_as_the_site_decides(cash: dict[int, int], skipped: bool) -> None:
    """The Choices round skips the double-cash choice when the site deems it inconsequential: its owner has the
    most cash, or twice their cash is below the *second least* (``players.map(&:cash).sort[1]``; with five players
    the second most said otherwise)."""
    if not MX_GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    game = load_game(MX_GAME, upto=266)
    step, owner = game.round.active_step(), game.round.current_entity()
    assert (type(step).__name__, owner.id, len(game.players)) == ("Choose1822", 12299, 5)
    for player in game.players:
        player.cash = cash[player.id]
    autos = step.auto_actions(owner)
    assert (autos is not None) == skipped
    if skipped:
        assert [(a.type, a.entity) for a in autos] == [("pass", 12299)]
