"""1822Africa (``engine/titles/g1822_africa``): its real games are replayed by ``test_fixtures.py``; these tests pin
what the title adds to the 1822 family and the general step it brought (``engine/steps/acquired_company_lay.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.errors import GameError
from engine.rounds.stock import StockRound
from engine.steps.acquired_company_lay import AcquiredCompanyLay
from tests.conftest import FIXTURES, replay_prefix

GAME = FIXTURES / "1822Africa" / "1822Africa_game_end_both.json"


def africa(players: int = 3, seed: int = 7) -> Any:
    return new_game("1822Africa", [f"P{i}" for i in range(players)], seed=seed)


def replayed(count: int) -> Any:
    """The fixture game after its first ``count`` actions."""
    return replay_prefix(GAME, count)


def test_twelve_of_eighteen_privates_in_one_stack_with_concessions_first_and_fourth() -> None:
    game = africa()
    syms = [c.sym for c in game.companies]
    assert len([s for s in syms if s.startswith("P")]) == 12
    assert len([s for s in syms if s.startswith("M")]) == 12 and len([s for s in syms if s.startswith("C")]) == 5
    assert syms[0].startswith("C") and syms[3].startswith("C")
    assert [c.sym for c in game.bid_box_items()] == syms[:3]
    assert {c.id for c in game.corporations if c.type == "major"} == {"NAR", "WAR", "EAR", "CAR", "SAR"}


def test_the_bank_is_unlimited_and_cash_by_player_count() -> None:
    game = africa(players=4)
    assert all(p.cash == 300 for p in game.players)
    assert game.bank.cash == -1200 and not game.bank.broken
    assert game.bidding_tokens_per_player == 2


def test_two_stock_rounds_then_the_operating_rounds() -> None:
    game = africa(players=2)
    assert isinstance(game.round, StockRound) and game.round.round_num == 1
    second = game.round_sequence.next_round()
    assert isinstance(second, StockRound) and second.round_num == 2


def test_a_minor_at_the_maximum_price_for_minors_goes_no_further_right() -> None:
    game = africa()
    market = game.stock_market
    top = next(sp for row in market.market for sp in row if sp is not None and "max_price" in sp.types)
    minor = next(c for c in game.corporations if c.type == "minor")
    major = next(c for c in game.corporations if c.type == "major")
    assert market.movement.right(minor, top.coordinates) == top.coordinates
    assert market.movement.right(major, top.coordinates) != top.coordinates


def test_the_game_reserve_is_laid_at_once_by_its_acquirer_and_pays_for_the_distance() -> None:
    game = replayed(105)  # minor 2 acquired P10 and passed its acquisitions
    step = game.round.active_step()
    reserve = game.company_by_id("P10")
    assert isinstance(step, AcquiredCompanyLay) and step.NAME == "LayGameReserve"
    assert step.current_entity() is reserve and step.actions(reserve) == ["lay_tile"]
    minor = reserve.owner
    assert [t.name for t in step.potential_tiles(reserve, game.hex_by_id("F4"))] == ["GR"]
    # a hex the ability does not name, and a hex with track, take no reserve
    assert step.available_hex(reserve, game.hex_by_id("G3")) is None
    with pytest.raises(GameError):
        game.process_action({"type": "lay_tile", "entity": "P10", "entity_type": "company", "hex": "G3",
                             "tile": "GR-0", "rotation": 0})
    cash = minor.cash
    game.process_action({"type": "lay_tile", "entity": "P10", "entity_type": "company", "hex": "F4",
                         "tile": "GR-0", "rotation": 2})
    # F4 and the printed reserve G13: four hexes between them, 5 each
    assert minor.cash == cash + 20 and reserve.closed
    assert not step.blocks() and game.round.active_step() is not step


def test_the_acquired_company_lay_waits_only_for_an_unused_sold_lay() -> None:
    game = replayed(105)
    step = game.round.active_step()
    reserve = game.company_by_id("P10")
    assert step.pending_company() is reserve
    assert step.sold_ability(reserve) is not None
    step.sold_ability(reserve).count = 0
    assert step.pending_company() is None and not step.blocks() and step.actions(reserve) == []


def test_revenue_bonuses_gold_mine_plantation_and_safari() -> None:
    game = africa()
    assert game.is_e_train(type("T", (), {"name": "E/5"})()) and not game.is_e_train(type("T", (), {"name": "5/E"})())
    assert game.is_safari_train(type("T", (), {"name": "S"})())
    reserves = game.game_reserves(game.hexes)
    assert [h.id for h in reserves] == ["G13"]


def test_reserved_tiles_are_the_owners_supply_first_and_only_theirs() -> None:
    from engine.moves.track import _supply

    game = africa()
    assert game.supply_tiles() == game.tiles
    tile = next(t for t in game.tiles if t.name == "57")
    game.tiles.remove(tile)
    game.reserved_tiles.append(tile)
    game.tile_reservations_done = True
    assert tile not in game.supply_tiles()
    game.reserved_tiles_owner_active = lambda: True  # type: ignore[method-assign]
    assert game.supply_tiles()[0] is tile
    assert _supply(game)["57"][0] is tile
    white = game.hex_by_id("B4").tile
    eight = next(t for t in game.tiles if t.name == "8")
    assert not game.track_rules.upgrades_to(white, eight)


def test_the_token_step_stops_for_the_gold_mine_and_for_p18_with_an_exchange_token_not_for_p13() -> None:
    from engine.titles.g1822_africa.operating import TokenAfrica

    game = africa()
    step = TokenAfrica.__new__(TokenAfrica)
    step.game = game
    war = game.corporation_by_id("WAR")
    assert not step.swap_private(war)
    for sym, stops in (("P13", False), ("P18", True), ("P14", True)):
        company = game.company_by_id(sym)
        if company is None:
            continue
        war.companies[:] = [company]
        assert step.swap_private(war) is stops, sym
    if game.company_by_id("P18") is not None:
        war.companies[:] = [game.company_by_id("P18")]
        game.exchange_tokens["WAR"] = 0
        assert not step.swap_private(war)


def test_extra_tile_private_offers_no_upgrade_after_a_yellow_lay() -> None:
    """P7 (two yellow tiles or one upgrade) has laid one yellow tile at B4: its second use is a yellow lay, never the
    upgrade of B4 the enumerator once offered and the ability refuses, as the reference does (playout 5010, 130)."""
    from pathlib import Path

    from engine import load_game
    from engine.moves import legal_moves
    from engine.moves.track import LayTileMove

    path = Path(__file__).parent / "data" / "1822africa_playout_5010_extra_tile_upgrade.json"
    game = load_game(str(path), upto=129)
    lays = [m for m in legal_moves(game) if isinstance(m, LayTileMove) and m.entity == "P7"]
    assert lays, "P7 keeps a yellow lay"
    assert all(game.tile_by_id(m.tile_ids[0]).color == "yellow" for m in lays)
    with pytest.raises(GameError, match="upgrade a tile"):
        load_game(str(path))


def test_recycled_train_is_not_bought_from_its_owner() -> None:
    """CAR bought the recycled LR train through P6 (action 145): like every recycled train it is not for sale, so EAR,
    at $5 after buying CAR's 3 train, cannot buy it and its turn ends, as the reference (playout 5041, 155)."""
    from pathlib import Path

    from engine import load_game

    path = Path(__file__).parent / "data" / "1822africa_playout_5041_recycled_train.json"
    game = load_game(str(path), upto=153)
    assert game.train_by_id("LR-0").owner is game.corporation_by_id("CAR")
    step = game.round.active_step()
    ear = game.corporation_by_id("EAR")
    assert step.current_entity() is ear
    assert "LR-0" not in [t.id for t in step.buyable_trains(ear)]
    after = load_game(str(path), upto=154)
    assert after.round.active_step().current_entity() is not ear
    with pytest.raises(GameError):
        load_game(str(path))


def _playout(name: str) -> str:
    from pathlib import Path

    return str(Path(__file__).parent / "data" / name)


def test_a_minor_whose_only_train_runs_express_does_not_run() -> None:
    """Minor 11 makes its 5/E train Express (action 151): a minor with only E trains has no route to run, so its
    turn ends there and WAR's begins, as the reference (playout 5064; the run at 152 is refused)."""
    from engine import load_game

    path = _playout("1822africa_playout_5064_express_minor.json")
    before = load_game(path, upto=150)
    assert before.round.active_step().NAME == "Route"
    game = load_game(path, upto=151)
    assert game.round.current_entity() is game.corporation_by_id("WAR")
    with pytest.raises(GameError):
        load_game(path)


def test_a_removed_minor_token_keeps_the_routes_computed_before() -> None:
    """SAR acquires minor 8 taking an exchange token (207): the minor's token leaves a city that blocked SAR, but as
    in the reference nothing clears SAR's graph, so C7 stays out of reach until a tile is laid (playout 5112)."""
    from engine import load_game
    from engine.moves import legal_moves
    from engine.moves.track import LayTileMove

    path = _playout("1822africa_playout_5112_removed_token_graph.json")
    game = load_game(path, upto=211)
    assert not [m for m in legal_moves(game) if isinstance(m, LayTileMove) and m.hex == "C7"]
    with pytest.raises(GameError, match="C7"):
        load_game(path)


def test_the_add_town_private_never_lays_on_a_city_hex() -> None:
    """P5 adds a town only where the hex has no town or city: E9 is CAR's home city, so it is not offered and a lay
    there is refused live (playout 5096; the reference accepted it and then could not place CAR's home token).  A
    saved game holding the lay loads, as the reference takes it (its company lay checks colour and track only)."""
    import json
    from pathlib import Path

    from engine import load_game
    from engine.moves import legal_moves
    from engine.moves.track import LayTileMove

    path = _playout("1822africa_playout_5096_add_town_on_city.json")
    game = load_game(path, upto=107)
    assert not [m for m in legal_moves(game) if isinstance(m, LayTileMove) and m.entity == "P5"]
    lay = json.loads(Path(path).read_text())["actions"][107]
    with pytest.raises(GameError, match="E9"):
        game.process_action(lay)
    assert game.hex_by_id("E9").tile.cities  # a refused lay changes nothing
    loaded = load_game(path)
    assert not loaded.hex_by_id("E9").tile.cities
