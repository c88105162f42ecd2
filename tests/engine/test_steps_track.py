"""Track laying in 1830 operating rounds: the Track and SpecialTrack steps (and the Tracker mix-in).

Each test builds a 1830 game, floats a few corporations by hand and starts an operating round made of
the track and token steps only, so that nothing but these steps decides what happens.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import GameError, IllegalAction
from engine.rounds.operating import OperatingRound
from engine.steps.home_token import HomeToken
from engine.steps.special_token import SpecialToken
from engine.steps.special_track import SpecialTrack
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.steps.tracker import Tracker, paths_connect, snake_case
from engine.titles.g1830.rules import Game1830

STEPS: list[Any] = [SpecialTrack, SpecialToken, HomeToken, Track, TokenStep]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------


def make_game(strict: bool = True) -> Game1830:
    return Game1830([(1, "Alice"), (2, "Bob"), (3, "Cleo"), (4, "Dan")], strict=strict)


def float_corporation(game: Game1830, sym: str, par_index: int, player: Any) -> Any:
    """Par ``sym`` at the ``par_index``-th par price, give it a president and its 10 x par."""
    corporation = game.corporation_by_id(sym)
    game.stock_market.set_par(corporation, game.stock_market.par_prices[par_index])
    corporation.owner = player
    corporation.ipoed = True
    corporation.floated = True
    game.bank.spend(corporation.par_price.price * 10, corporation)
    return corporation


def give_company(game: Game1830, sym: str, owner: Any) -> Any:
    company = game.company_by_id(sym)
    company.owner = owner
    owner.companies.append(company)
    return company


def start_or(game: Game1830) -> OperatingRound:
    game.round = OperatingRound(game, list(STEPS), 1)
    game.round.setup()
    return game.round


def lay(game: Game1830, entity: str, hex_id: str, tile: str, rotation: int,
        entity_type: str = "corporation") -> None:
    game.process_action({"type": "lay_tile", "entity": entity, "entity_type": entity_type,
                         "hex": hex_id, "tile": tile, "rotation": rotation})


def pass_(game: Game1830, entity: str, entity_type: str = "corporation") -> None:
    game.process_action({"type": "pass", "entity": entity, "entity_type": entity_type})


def step_of(game: Game1830, cls: type) -> Any:
    step = game.round.step_of(cls)
    assert step is not None
    return step


@pytest.fixture
def game() -> Game1830:
    """PRR (par 100, home Altoona H12), NYC (90, Albany E19), B&O (82, Baltimore I15)."""
    g = make_game()
    float_corporation(g, "PRR", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    float_corporation(g, "B&O", 2, g.players[2])
    return g


# --------------------------------------------------------------------------------------------------
# Track
# --------------------------------------------------------------------------------------------------


def test_operating_order_and_home_token(game: Game1830) -> None:
    rnd = start_or(game)
    prr = game.corporation_by_id("PRR")
    assert rnd.current_entity() is prr
    assert prr.tokens[0].city is not None and prr.tokens[0].city.hex.id == "H12"
    assert isinstance(rnd.active_step(), Track)
    assert "lay_tile" in rnd.actions_for(prr) and "pass" in rnd.actions_for(prr)
    # The token step has nothing to offer yet: the only reachable city is PRR's own.
    assert step_of(game, TokenStep).actions(prr) == []


def test_type_names() -> None:
    assert snake_case("SpecialTrack") == "special_track"
    g = make_game()
    rnd = OperatingRound(g, list(STEPS), 1)
    names = [s.type_name() for s in rnd.steps if isinstance(s, Tracker | TokenStep | SpecialToken | HomeToken)]
    assert names == ["special_track", "special_token", "home_token", "track", "token"]


def test_lay_yellow_city(game: Game1830) -> None:
    rnd = start_or(game)
    prr = game.corporation_by_id("PRR")
    tile = game.tile_by_id("57-0")
    assert tile in game.tiles
    cash = prr.cash
    lay(game, "PRR", "H10", "57-0", 1)
    h10 = game.hex_by_id("H10")
    assert h10.tile is tile and tile.rotation == 1 and tile.hex is h10
    assert tile not in game.tiles
    assert prr.cash == cash  # no terrain
    assert game.log_lines[-1] == "PRR lays tile #57 with rotation 1 on H10 (Pittsburgh)"
    track = step_of(game, Track)
    assert track.passed  # 1830: one tile per turn
    assert rnd.num_laid_track == 1  # type: ignore[attr-defined]
    assert rnd.laid_hexes == [h10]  # type: ignore[attr-defined]
    assert rnd.upgraded_track is False  # type: ignore[attr-defined]
    # Pittsburgh is now reachable and free: the token step is offered.
    assert isinstance(rnd.active_step(), TokenStep)
    assert rnd.actions_for(prr)[-2:] == ["place_token", "pass"]


def test_pass_track(game: Game1830) -> None:
    rnd = start_or(game)
    pass_(game, "PRR")
    assert "PRR passes lay/upgrade track" in game.log_lines
    # Nothing else to do for PRR (no reachable city for a token): NYC operates next.
    assert "PRR skips place a token" in game.log_lines
    assert rnd.current_entity() is game.corporation_by_id("NYC")
    assert not step_of(game, Track).passed  # unpassed for NYC's turn


def test_second_lay_refused(game: Game1830) -> None:
    rnd = start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    assert "lay_tile" not in rnd.actions_for(game.corporation_by_id("PRR"))
    with pytest.raises(GameError):
        lay(game, "PRR", "H14", "9-0", 1)


def test_terrain_cost(game: Game1830) -> None:
    """B&O's home Baltimore (I15) points at I17, a water hex: the first tile there costs $80."""
    rnd = start_or(game)
    pass_(game, "PRR")
    pass_(game, "NYC")
    bo = game.corporation_by_id("B&O")
    assert rnd.current_entity() is bo
    cash = bo.cash
    lay(game, "B&O", "I17", "7-0", 1)
    assert bo.cash == cash - 80
    assert game.bank.cash + sum(p.cash for p in game.players) + sum(c.cash for c in game.corporations) == \
        game.cash_total()
    assert any(line == "B&O spends $80 and lays tile #7 with rotation 1 on I17" for line in game.log_lines)


def test_cannot_afford_terrain(game: Game1830) -> None:
    start_or(game)
    pass_(game, "PRR")
    pass_(game, "NYC")
    bo = game.corporation_by_id("B&O")
    bo.spend(bo.cash - 50, game.bank)
    action = {"type": "lay_tile", "entity": "B&O", "entity_type": "corporation", "hex": "I17", "tile": "7-0",
              "rotation": 1}
    with pytest.raises(IllegalAction):
        game.validate(action)
    assert game.hex_by_id("I17").tile.name == "I17"
    assert bo.cash == 50


def test_rotation_must_connect_in_strict_mode(game: Game1830) -> None:
    start_or(game)
    with pytest.raises(IllegalAction, match="not legally rotated"):
        game.validate({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "H10",
                       "tile": "57-0", "rotation": 0})
    with pytest.raises(IllegalAction, match="not legally rotated"):
        game.validate({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "E19",
                       "tile": "57-0", "rotation": 0})


def test_rotation_not_checked_when_loading() -> None:
    g = make_game(strict=False)
    float_corporation(g, "PRR", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    start_or(g)
    lay(g, "PRR", "H10", "57-0", 0)
    assert g.hex_by_id("H10").tile.name == "57"


def test_not_upgradeable(game: Game1830) -> None:
    start_or(game)
    with pytest.raises(IllegalAction, match="is not upgradeable to 57"):
        game.validate({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "H14",
                       "tile": "57-0", "rotation": 1})


def test_unknown_tile_is_invalid(game: Game1830) -> None:
    start_or(game)
    with pytest.raises(GameError):
        lay(game, "PRR", "H10", "57-99", 1)


def test_blocked_by_player_owned_private(game: Game1830) -> None:
    give_company(game, "SV", game.players[3])
    start_or(game)
    track = step_of(game, Track)
    prr = game.corporation_by_id("PRR")
    g15 = game.hex_by_id("G15")
    blocking = track.ability_blocking_hex(prr, g15)
    assert blocking is not None and blocking.owner.sym == "SV"
    with pytest.raises(IllegalAction, match="G15 is blocked by Schuylkill Valley"):
        game.validate({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "G15",
                       "tile": "9-0", "rotation": 0})


def test_private_owned_by_corporation_does_not_block(game: Game1830) -> None:
    give_company(game, "SV", game.corporation_by_id("NYC"))
    start_or(game)
    track = step_of(game, Track)
    assert track.ability_blocking_hex(game.corporation_by_id("PRR"), game.hex_by_id("G15")) is None


def test_upgrade_moves_token_and_returns_tile(game: Game1830) -> None:
    rnd = start_or(game)
    prr = game.corporation_by_id("PRR")
    lay(game, "PRR", "H10", "57-0", 1)
    game.process_action({"type": "place_token", "entity": "PRR", "entity_type": "corporation", "city": "57-0-0"})
    # Next turn for PRR: a fresh round with PRR first again.
    game.phase.next()  # phase 3: green
    rnd = start_or(game)
    assert rnd.current_entity() is prr
    old = game.tile_by_id("57-0")
    new = game.tile_by_id("15-0")
    lay(game, "PRR", "H10", "15-0", 1)
    h10 = game.hex_by_id("H10")
    assert h10.tile is new
    assert old in game.tiles and new not in game.tiles
    assert old.hex is None
    assert new.cities[0].tokened_by(prr)
    assert prr.tokens[1].city is new.cities[0]
    assert "PRR lays tile #15 with rotation 1 on H10 (Pittsburgh)" in game.log_lines


def test_tile_already_on_map(game: Game1830) -> None:
    start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    pass_(game, "PRR")  # token step
    with pytest.raises(IllegalAction, match="already on hex H10"):
        game.validate({"type": "lay_tile", "entity": "NYC", "entity_type": "corporation", "hex": "E19",
                       "tile": "57-0", "rotation": 0})


def test_legal_rotations_and_available_hex(game: Game1830) -> None:
    start_or(game)
    track = step_of(game, Track)
    prr = game.corporation_by_id("PRR")
    h10 = game.hex_by_id("H10")
    tile = game.tile_by_id("57-0")
    assert track.legal_tile_rotations(prr, h10, tile) == [1, 4]
    assert tile.rotation == 0  # restored
    assert track.available_hex(prr, h10) is not None
    assert track.available_hex(prr, game.hex_by_id("E19")) is None
    names = [t.name for t, _ in track.upgradeable_tiles(prr, h10)]
    assert names == ["57"]


def test_description(game: Game1830) -> None:
    start_or(game)
    track = step_of(game, Track)
    assert track.description() == "Lay/Upgrade Track"
    assert track.pass_description() == "Skip (Track)"


def test_can_lay_tile_needs_tokens_and_money(game: Game1830) -> None:
    start_or(game)
    track = step_of(game, Track)
    prr = game.corporation_by_id("PRR")
    assert track.can_lay_tile(prr)
    saved = prr.tokens
    prr.tokens = []
    assert not track.can_lay_tile(prr)
    prr.tokens = saved


# --------------------------------------------------------------------------------------------------
# SpecialTrack: Champlain & St.Lawrence and Delaware & Hudson
# --------------------------------------------------------------------------------------------------


def test_cs_extra_tile(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    cs = give_company(game, "CS", prr)
    rnd = start_or(game)
    special = step_of(game, SpecialTrack)
    assert special.actions(cs) == ["lay_tile", "pass"]
    assert not special.blocks()
    lay(game, "CS", "B20", "4-0", 2, entity_type="company")
    assert game.hex_by_id("B20").tile.name == "4"
    assert "PRR (CS) lays tile #4 with rotation 2 on B20 (Burlington)" in game.log_lines
    # The ability is used up and gone; the corporation still has its own tile lay.
    assert not [a for a in cs.all_abilities() if a.type == "tile_lay"]
    assert special.actions(cs) == []
    assert rnd.num_laid_track == 0  # type: ignore[attr-defined]
    assert rnd.laid_hexes == [game.hex_by_id("B20")]  # type: ignore[attr-defined]
    assert "lay_tile" in rnd.actions_for(prr)


def test_cs_only_on_its_hex(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    give_company(game, "CS", prr)
    start_or(game)
    action = {"type": "lay_tile", "entity": "CS", "entity_type": "company", "hex": "H10", "tile": "57-0",
              "rotation": 1}
    # Strict: the hex is not one of the ability's, so no rotation connects.
    with pytest.raises(IllegalAction, match="not legally rotated"):
        game.validate(action)
    # Loading: the rotation check is skipped, the missing ability is still caught.
    game.loading = True
    with pytest.raises(IllegalAction, match="does not have an ability that allows them to lay this tile"):
        game.validate(action)


def test_cs_not_usable_in_another_corporations_turn(game: Game1830) -> None:
    nyc = game.corporation_by_id("NYC")
    cs = give_company(game, "CS", nyc)
    start_or(game)
    assert step_of(game, SpecialTrack).actions(cs) == []


def test_dh_teleport_costs_the_mountain_and_uses_the_lay(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    dh = give_company(game, "DH", prr)
    rnd = start_or(game)
    special = step_of(game, SpecialTrack)
    assert special.actions(dh) == ["lay_tile", "pass"]
    cash = prr.cash
    lay(game, "DH", "F16", "57-0", 0, entity_type="company")
    assert prr.cash == cash - 120
    assert "PRR (DH) spends $120 and lays tile #57 with rotation 0 on F16 (Scranton)" in game.log_lines
    assert rnd.num_laid_track == 1  # type: ignore[attr-defined]
    assert rnd.teleported is dh  # type: ignore[attr-defined]
    assert rnd.teleport_tokener is prr  # type: ignore[attr-defined]
    # The token after the teleport blocks the turn.
    assert isinstance(rnd.active_step(), SpecialToken)
    assert rnd.current_entity() is dh


def test_dh_teleport_after_the_turns_lay_is_refused(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    give_company(game, "DH", prr)
    start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    # The token step now blocks and DH's teleport is timed for the track step: refused.
    assert step_of(game, SpecialTrack).actions(game.company_by_id("DH")) == []
    with pytest.raises(GameError):
        game.validate({"type": "lay_tile", "entity": "DH", "entity_type": "company", "hex": "F16",
                       "tile": "57-1", "rotation": 0})
    # Calling the lay directly hits the turn's allowance.
    special = step_of(game, SpecialTrack)
    from engine.actions import Action
    action = Action.from_dict({"type": "lay_tile", "entity": "DH", "entity_type": "company", "hex": "F16",
                               "tile": "57-1", "rotation": 0})
    with pytest.raises(IllegalAction, match="Cannot lay a yellow now"):
        special.lay_tile_action(action)  # type: ignore[arg-type]


def test_paths_connect(game: Game1830) -> None:
    start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    h10 = game.hex_by_id("H10")
    h12 = game.hex_by_id("H12")
    assert any(paths_connect(a, b) for a in h10.tile.paths for b in h12.tile.paths)
    e19 = game.hex_by_id("E19")
    assert not any(paths_connect(a, b) for a in h10.tile.paths for b in e19.tile.paths)


# --------------------------------------------------------------------------------------------------
# A real game (18xx.games 1830 #29133), replayed strictly
# --------------------------------------------------------------------------------------------------

FIXTURE = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "1830" / "29133.json"


def test_fixture_cs_lay() -> None:
    if not FIXTURE.exists():
        pytest.skip("shared fixtures not available")
    from engine import build_game
    from engine.record import GameRecord

    record = GameRecord.load(FIXTURE)
    g = build_game(record, strict=True)
    for _ in g.replay(record.actions, upto=219):  # NYNH's turn; NYNH owns the CS
        pass
    cs = g.company_by_id("CS")
    nynh = g.corporation_by_id("NYNH")
    assert cs.owner is nynh and g.round.current_entity() is nynh
    assert step_of(g, SpecialTrack).actions(cs) == ["lay_tile", "pass"]
    g.process_action(record.actions[219], 219)
    b20 = g.hex_by_id("B20")
    assert b20.tile.id == "4-0" and b20.tile.rotation == 2
    assert not [a for a in cs.all_abilities() if a.type == "tile_lay"]
    # The CS lay was extra: NYNH still lays its own tile next.
    g.process_action(record.actions[220], 220)
    assert g.hex_by_id("F18").tile.id == "8-0"
