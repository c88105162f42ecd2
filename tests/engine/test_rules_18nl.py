"""18NL: the title's data and its own steps (the fixtures replay exactly in tests/engine/test_fixtures.py;
these pin each rule that is 18NL's own, on real positions where one exists)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.steps.token import TokenStep
from engine.titles.g18nl.data import TITLE
from engine.titles.g18nl.rules import Game18NL
from engine.titles.g18nl.steps import SpecialToken18NL, Token18NL, Track18NL, WaterfallAuction18NL
from engine.titles.registry import load_title

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "18NL"


def fixture(name: str, upto: int) -> Any:
    path = FIXTURES / name
    if not path.exists():
        pytest.skip("../shared fixtures not present")
    return load_game(path, upto=upto)


def step_of(game: Any, cls: type) -> Any:
    return next(s for s in game.round.steps if type(s) is cls)


def test_registered_under_the_export_title() -> None:
    assert load_title("18NL") is Game18NL
    assert TITLE.player_range == (3, 6)
    assert set(TITLE.custom_tiles) == {f"NL{i}" for i in range(1, 8)}
    nfl = next(c for c in TITLE.corporations if c.sym == "NFL")
    assert nfl.shares == (30, 10, 10, 10, 10, 10, 10, 10)
    p1 = next(c for c in TITLE.companies if c.sym == "P1")
    assert p1.abilities[1]["hexes"] == ["F5"]  # a list (the site writes the one hex as a string)


# --- the auction ---------------------------------------------------------------------------------------
def _bid(game: Any, player: Any, company: str, price: int) -> None:
    game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "company": company,
                         "price": price})


def _pass(game: Any, player: Any) -> None:
    game.process_action({"type": "pass", "entity": player.id, "entity_type": "player"})


def test_all_pass_after_p1_sold_cuts_p2s_price_then_pays_out() -> None:
    game = Game18NL([(1, "a"), (2, "b"), (3, "c")], strict=True)
    step = game.round.active_step()
    assert isinstance(step, WaterfallAuction18NL)
    a, b, c = game.players
    _bid(game, a, "P1", 20)  # the cheapest at face: bought
    assert game.company_by_id("P1").owner is a
    cash = [p.cash for p in game.players]
    for player in (b, c, a):
        _pass(game, player)
    p2 = game.company_by_id("P2")
    assert p2.min_bid == 35
    assert "P2 - Geldersch-Overijsselsche Lokaalspoorweg-Maatschappij minimum bid decreases from ƒ40 to ƒ35" \
        in game.log_lines
    assert [p.cash for p in game.players] == cash  # no revenue paid


# --- track -------------------------------------------------------------------------------------------------
def test_arnhem_nijmegen_closed_to_lays_until_the_nzo_home_is_down() -> None:
    game = fixture("135870.json", 37)  # NRS's first track step; the NZO has not floated
    step = game.round.active_step()
    assert isinstance(step, Track18NL)
    nrs, h13 = game.corporation_by_id("NRS"), game.hex_by_id("H13")
    assert step.lay_forbidden(nrs, h13)
    assert step.tracker_available_hex(nrs, h13) is None
    assert not step.lay_forbidden(nrs, game.hex_by_id("I4"))


def test_arnhem_nijmegen_open_once_the_nzo_home_is_down() -> None:
    game = fixture("18NL_game_end_bankrupt.json", 442)  # NRS upgrades H13 next (the NZO's home is down)
    step = game.round.active_step()
    assert isinstance(step, Track18NL)
    assert not step.lay_forbidden(game.corporation_by_id("NRS"), game.hex_by_id("H13"))


# --- P2's token --------------------------------------------------------------------------------------------
def test_p2s_token_goes_only_where_there_is_no_track_and_no_players_blocker() -> None:
    game = fixture("167050.json", 141)  # HIS may use P2 in its token step
    step = step_of(game, SpecialToken18NL)
    p2 = game.company_by_id("P2")
    assert step.actions(p2) == ["place_token"]
    hexes = {h: step.available_hex(p2, game.hex_by_id(h)) for h in ("E4", "F9", "F19", "I4", "K10")}
    # E4 has track; F9 and F19 are blocked by P3 and P4, both owned by players
    assert hexes == {"E4": False, "F9": False, "F19": False, "I4": True, "K10": True}


def test_p2s_owner_stops_at_its_token_step_to_use_it() -> None:
    game = fixture("18NL_game_end_bankrupt.json", 380)
    step = game.round.active_step()
    assert isinstance(step, Token18NL)
    his = game.corporation_by_id("HIS")
    assert game.company_by_id("P2").owner is his
    assert step.actions(his) == ["pass"]
    assert TokenStep.actions(step, his) == []  # the plain token step would skip it
