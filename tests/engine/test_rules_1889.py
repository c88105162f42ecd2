"""The rules that make Shikoku 1889 differ from the engine defaults, each on a real 1889 game.

Corporations are floated by hand (free certificates, the corporation receives ten times its par)
and rounds are started directly, so that each test exercises one rule through the real steps.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.errors import GameError, IllegalAction
from engine.record import GameRecord
from engine.rounds.stock import StockRound
from engine.steps.trains import BuyTrain
from engine.titles.g1889.data import BEGINNER_GAME_PRIVATE_VALUES
from engine.titles.g1889.rules import Game1889
from engine.titles.g1889.steps import SpecialTrack1889
from tests.conftest import FIXTURES

THREE = [(1, "Ann"), (2, "Bob"), (3, "Cy")]
FOUR = [*THREE, (4, "Dee")]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------
def new_game(players: list[tuple[int, str]] = THREE, **kwargs: Any) -> Game1889:
    return Game1889(players, strict=True, **kwargs)


def par(game: Game1889, sym: str, price: int, holdings: list[tuple[int, int]]) -> Any:
    """Par ``sym`` at ``price``; ``holdings``: (player index, certificates), the first one president."""
    corporation = game.corporation_by_id(sym)
    game.stock_market.set_par(corporation, next(p for p in game.stock_market.par_prices if p.price == price))
    for index, count in holdings:
        for _ in range(count):
            bundle = corporation.ipo_shares()[0].to_bundle()
            game.share_pool.buy_shares(game.players[index], bundle, exchange="free")
    return corporation


def give_company(game: Game1889, sym: str, owner: Any) -> Any:
    company = game.company_by_id(sym)
    company.owner = owner
    owner.companies.append(company)
    return company


def act(game: Game1889, action_type: str, entity: Any, **fields: Any) -> None:
    if getattr(entity, "is_player", False):
        entity_type = "player"
    elif getattr(entity, "is_company", False):
        entity_type = "company"
    else:
        entity_type = "corporation"
    game.process_action({"type": action_type, "entity": entity.id, "entity_type": entity_type, **fields})


def start_or(game: Game1889) -> None:
    game.round = game.new_operating_round(1)
    game.round.setup()


def start_sr(game: Game1889, turn: int = 2) -> None:
    game.turn = turn
    game.round = game.new_stock_round()
    game.round.setup()


def pass_until_operator(game: Game1889, corporation: Any) -> None:
    for _ in range(40):
        if game.round.current_entity() is corporation:
            return
        act(game, "pass", game.round.current_entity())
    raise AssertionError(f"{corporation.name} never operated")


def goto_step(game: Game1889, name: str) -> Any:
    for _ in range(10):
        step = game.round.active_step()
        if step is not None and name == step.NAME:
            return step
        act(game, "pass", game.round.current_entity())
    raise AssertionError(f"never reached {name}; at {game.round.active_step()}")


def used_token_hexes(corporation: Any) -> list[str]:
    return [t.hex.id for t in corporation.tokens if t.used and t.hex is not None]


# --------------------------------------------------------------------------------------------------
# set-up
# --------------------------------------------------------------------------------------------------
def test_three_player_game_set_up() -> None:
    game = new_game()
    assert game.format_currency(420) == "¥420"
    assert [p.cash for p in game.players] == [420, 420, 420]
    assert game.bank.cash == 7000 - 3 * 420
    assert game.cert_limit == 19
    # The Uno-Takamatsu Ferry needs four players; the beginner tiles stay in the box.
    assert [c.sym for c in game.companies] == ["TR", "MF", "ER", "SMR", "DR", "SIR"]
    assert not any(t.name.startswith("Beg") for t in game.tiles)
    assert len(game.hexes) == 52
    assert game.hex_by_id("D3").tile.id == "D3-0"
    assert game.hex_by_id("I10").tile.id == "I10-8"
    assert game.round.NAME == "Auction"
    # Flat layout: Takamatsu's printed track leads to K6, Ritsurin Kouen and J3.
    assert {edge: h.id for edge, h in game.hex_by_id("K4").neighbors.items()} == {0: "K6", 1: "J5", 2: "J3"}
    # Blockers: the Takamatsu E-Railroad on K4, the Ehime Railway on C4.
    assert [b.sym for b in game.hex_by_id("K4").tile.blockers] == ["TR"]
    assert [b.sym for b in game.hex_by_id("C4").tile.blockers] == ["ER"]


def test_four_players_include_the_uno_takamatsu_ferry() -> None:
    game = new_game(FOUR)
    assert [c.sym for c in game.companies][-1] == "UTF"
    assert game.cert_limit == 14


def test_two_players_leave_out_the_south_iyo_railway() -> None:
    game = new_game([(1, "Ann"), (2, "Bob")])
    assert [c.sym for c in game.companies] == ["TR", "MF", "ER", "SMR", "DR"]
    auction = game.round.active_step()
    assert [c.sym for c in auction.companies] == ["TR", "MF", "ER", "SMR", "DR"]
    assert game.cert_limit == 25


def test_beginner_game_deals_simplified_privates_at_face_value() -> None:
    game = new_game(optional_rules=["beginner_game"], seed=1889)
    assert isinstance(game.round, StockRound)
    assert game.round_counter == 0
    assert sorted(c.sym for c in game.companies) == ["DR", "ER", "SIR"]
    assert any(t.name == "Beg6" for t in game.tiles)
    for player in game.players:
        assert len(player.companies) == 1
        company = player.companies[0]
        assert company.owner is player
        assert player.cash == 420 - BEGINNER_GAME_PRIVATE_VALUES[company.sym]
        assert [a.type for a in company.abilities] == ["no_buy"]
    assert game.company_by_id("ER").revenue == 15
    assert game.hex_by_id("C4").tile.blockers == []
    assert game.hex_by_id("G10").tile.icons == []
    # The deal is random but reproducible.
    again = new_game(optional_rules=["beginner_game"], seed=1889)
    assert [(p.name, p.companies[0].sym) for p in again.players] == [(p.name, p.companies[0].sym) for p in game.players]


# --------------------------------------------------------------------------------------------------
# the Ehime Railway's tile lay when it is sold
# --------------------------------------------------------------------------------------------------
@pytest.fixture
def er_sold() -> Game1889:
    """Phase 3.  IR (Ann) buys the Ehime Railway from Bob during IR's track step."""
    game = new_game()
    par(game, "IR", 100, [(0, 4)])
    give_company(game, "ER", game.players[1])
    game.phase.next()
    assert "can_buy_companies" in game.phase.status
    start_or(game)
    ir = game.corporation_by_id("IR")
    assert game.round.current_entity() is ir
    act(game, "buy_company", ir, company="ER", price=80)
    return game


def test_selling_the_ehime_railway_blocks_for_its_sold_lay(er_sold: Game1889) -> None:
    game = er_sold
    ir, er, bob = game.corporation_by_id("IR"), game.company_by_id("ER"), game.players[1]
    assert er.owner is ir and bob.cash == 420 + 10 + 80  # ER's revenue, then its price
    step = game.round.active_step()
    assert isinstance(step, SpecialTrack1889)
    assert game.round.current_entity() is er
    assert step.actions(er) == ["lay_tile", "pass"]
    assert game.acting_for_entity(er) is bob  # the seller decides
    assert step.description() == "Lay Track for Ehime Railway (Bob)"
    # IR cannot lay its own track before the sold lay is settled.
    with pytest.raises(GameError):
        act(game, "lay_tile", ir, hex="E4", tile="8-0", rotation=0)
    # Only the listed green tiles, only on C4.
    with pytest.raises(GameError):
        act(game, "lay_tile", er, hex="C4", tile="448-0", rotation=1)
    assert game.hex_by_id("C4").tile.name == "C4"


def test_the_sold_lay_is_paid_by_the_seller(er_sold: Game1889, monkeypatch: pytest.MonkeyPatch) -> None:
    game = er_sold
    ir, er, bob = game.corporation_by_id("IR"), game.company_by_id("ER"), game.players[1]
    # C4 costs nothing to build on; pretend it does, to see who pays.
    monkeypatch.setattr(game, "upgrade_cost", lambda *_args: 30)
    ir_cash, bob_cash = ir.cash, bob.cash
    act(game, "lay_tile", er, hex="C4", tile="14-0", rotation=1)
    assert game.hex_by_id("C4").tile.name == "14"
    assert bob.cash == bob_cash - 30
    assert ir.cash == ir_cash
    # The ability is used up, the company stays open with IR, and IR's own turn goes on.
    assert not er.closed and er.owner is ir
    assert game.ability_rules.ability(er, "tile_lay", time="sold") is None
    assert game.round.current_entity() is ir
    assert game.round.active_step().NAME == "Track"
    assert "lay_tile" in game.round.actions_for(ir)


def test_the_sold_lay_may_be_declined(er_sold: Game1889) -> None:
    game = er_sold
    ir, er = game.corporation_by_id("IR"), game.company_by_id("ER")
    act(game, "pass", er)
    assert game.hex_by_id("C4").tile.name == "C4"
    assert er.abilities_of_type("tile_lay") == []
    assert game.log_lines[-1] == "Ehime Railway passes lay track"
    assert game.round.current_entity() is ir
    assert game.round.active_step().NAME == "Track"


def test_a_sale_without_a_sold_ability_does_not_block() -> None:
    game = new_game()
    par(game, "IR", 100, [(0, 4)])
    give_company(game, "SIR", game.players[1])
    game.phase.next()
    start_or(game)
    ir = game.corporation_by_id("IR")
    act(game, "buy_company", ir, company="SIR", price=160)
    assert game.round.current_entity() is ir
    assert game.round.active_step().NAME == "Track"


# --------------------------------------------------------------------------------------------------
# home stations at the start of every operating round
# --------------------------------------------------------------------------------------------------
def test_home_tokens_are_placed_for_every_floated_corporation_when_the_round_starts() -> None:
    game = new_game()
    ar = par(game, "AR", 100, [(0, 4)])
    sr = par(game, "SR", 90, [(1, 4)])
    ko = par(game, "KO", 80, [(2, 3)])  # 40%: not floated
    assert not ko.floated
    start_or(game)
    # Before anyone has operated, both floated corporations are on the map.
    assert game.round.current_entity() is ar
    assert used_token_hexes(ar) == ["K8"] and used_token_hexes(sr) == ["I2"]
    assert used_token_hexes(ko) == []
    # Every round places them again, which changes nothing once they are down ...
    start_or(game)
    assert used_token_hexes(ar) == ["K8"] and used_token_hexes(sr) == ["I2"]
    # ... and a corporation floated since then gets its station at the next round's start.
    bundle = ko.ipo_shares()[0].to_bundle()
    game.share_pool.buy_shares(game.players[2], bundle, exchange="free")
    assert ko.floated
    start_or(game)
    assert used_token_hexes(ko) == ["K4"]


# --------------------------------------------------------------------------------------------------
# selling in blocks
# --------------------------------------------------------------------------------------------------
def test_shares_of_one_corporation_are_sold_in_one_block_per_turn() -> None:
    game = new_game()
    ann = game.players[0]
    ir = par(game, "IR", 100, [(0, 3), (1, 3)])  # Ann 40% (president), Bob 30%
    start_sr(game)
    step = game.round.active_step()
    assert game.round.current_entity() is ann
    ids = [s.id for s in ann.shares_of(ir) if not s.president]
    assert [b.percent for b in game.share_rules.sellable_bundles(ann, ir)] == [10, 20, 30, 40]
    act(game, "sell_shares", ann, shares=ids[:1], percent=10)
    # The rest of Ann's IR shares must wait for her next turn.
    assert game.round.current_entity() is ann
    assert game.share_rules.sellable_bundles(ann, ir) == []
    assert "sell_shares" not in step.actions(ann)
    with pytest.raises(GameError):
        act(game, "sell_shares", ann, shares=ids[1:], percent=10)
    assert len(ann.shares_of(ir)) == 2
    # Without the rule the second sale would be allowed.
    game.rules = dataclasses.replace(game.rules, must_sell_in_blocks=False)
    assert step.can_sell(ann, game.share_rules.bundles_for_corporation(ann, ir)[0])


# --------------------------------------------------------------------------------------------------
# emergency train purchase
# --------------------------------------------------------------------------------------------------
@pytest.fixture
def broke() -> Game1889:
    """KO (Ann 50%) has a route but no train nor money; Ann has no money, 30% of IR (Bob 20%)."""
    game = new_game()
    ko = par(game, "KO", 65, [(0, 4)])
    par(game, "IR", 65, [(0, 2), (1, 2)])
    start_or(game)
    pass_until_operator(game, ko)
    step = game.round.active_step()
    j5 = game.hex_by_id("J5")
    tile, rotations = step.upgradeable_tiles(ko, j5)[0]
    act(game, "lay_tile", ko, hex="J5", tile=tile.id, rotation=rotations[0])
    step = goto_step(game, "BuyTrain")
    assert isinstance(step, BuyTrain) and step.must_buy_train(ko)
    ko.set_cash(0, game.bank)
    game.players[0].set_cash(0, game.bank)
    return game


def test_emergency_sales_may_not_change_another_corporations_president(broke: Game1889) -> None:
    game = broke
    ann, bob = game.players[0], game.players[1]
    ir = game.corporation_by_id("IR")
    assert ir.owner is ann
    # Selling 20% would leave Ann 10% against Bob's 20%.
    assert [b.percent for b in game.share_rules.sellable_bundles(ann, ir)] == [10]
    ids = [s.id for s in ann.shares_of(ir)]
    with pytest.raises(IllegalAction):
        act(game, "sell_shares", ann, shares=ids, percent=30)
    # The engine default (EBUY_PRES_SWAP) would allow it.
    game.rules = dataclasses.replace(game.rules, ebuy_pres_swap=True)
    assert [b.percent for b in game.share_rules.sellable_bundles(ann, ir)] == [10, 20]
    game.rules = dataclasses.replace(game.rules, ebuy_pres_swap=False)
    share = next(s for s in ann.shares_of(ir) if not s.president)
    act(game, "sell_shares", ann, shares=[share.id], percent=10)
    assert ir.owner is ann and ann.cash == 65
    assert bob.percent_of(ir) == 20


def test_emergency_purchases_come_from_the_depot_only(broke: Game1889) -> None:
    game = broke
    ko, ir = game.corporation_by_id("KO"), game.corporation_by_id("IR")
    train = next(t for t in game.depot.depot_trains() if t.name == "2")
    game.train_rules.buy_train(ir, train, 80)
    step = game.round.active_step()
    assert all(t.owner is game.depot for t in step.buyable_trains(ko))


# --------------------------------------------------------------------------------------------------
# revenue: diesels at the off-board areas
# --------------------------------------------------------------------------------------------------
def test_offboard_areas_pay_their_diesel_value_to_d_trains() -> None:
    game = new_game()
    imabari = game.hex_by_id("F1").tile.offboards[0]
    okayama = game.hex_by_id("J1").tile.offboards[0]
    assert imabari.route_revenue(["yellow"], "2") == 30
    assert imabari.route_revenue(["yellow", "green"], "4") == 30
    assert imabari.route_revenue(["yellow", "green", "brown"], "6") == 60
    assert imabari.route_revenue(["yellow", "green", "brown"], "D") == 100
    assert okayama.route_revenue(["yellow", "green", "brown"], "5") == 40
    assert okayama.route_revenue(["yellow", "green", "brown"], "D") == 80


def test_a_d_train_run_to_imabari() -> None:
    game = new_game()
    ir = par(game, "IR", 100, [(0, 4)])
    while game.depot.upcoming[0].name != "D":
        game.depot.export()
    assert game.phase.name == "6"
    diesel = next(t for t in game.depot.depot_trains() if t.name == "D")
    game.train_rules.buy_train(ir, diesel, "free")
    start_or(game)
    act(game, "lay_tile", ir, hex="E2", tile="57-0", rotation=1)  # Matsuyama towards Imabari
    goto_step(game, "Route")
    act(game, "run_routes", ir, routes=[{"train": diesel.id, "connections": [["E2", "F1"]]}])
    assert [route.revenue() for route in game.round.routes] == [20 + 100]


# --------------------------------------------------------------------------------------------------
# Sumitomo Mines Railway
# --------------------------------------------------------------------------------------------------
def test_sumitomo_mines_waives_mountains_without_rivers() -> None:
    game = new_game()
    ur = par(game, "UR", 100, [(0, 4)])
    mountain, both, kotohira = (game.hex_by_id(h) for h in ("A8", "H5", "I4"))
    assert game.upgrade_cost(mountain.tile, mountain, ur, ur) == 80
    give_company(game, "SMR", ur)
    assert game.upgrade_cost(mountain.tile, mountain, ur, ur) == 0
    assert game.upgrade_cost(both.tile, both, ur, ur) == 80  # river and mountain
    assert game.upgrade_cost(kotohira.tile, kotohira, ur, ur) == 80  # no terrain
    start_or(game)
    cash = ur.cash
    act(game, "lay_tile", ur, hex="A8", tile="8-0", rotation=4)  # from Uwajima onto the mountain
    assert ur.cash == cash


def test_without_sumitomo_mines_the_mountain_costs_80() -> None:
    game = new_game()
    ur = par(game, "UR", 100, [(0, 4)])
    start_or(game)
    cash = ur.cash
    act(game, "lay_tile", ur, hex="A8", tile="8-0", rotation=4)
    assert ur.cash == cash - 80


# --------------------------------------------------------------------------------------------------
# Uno-Takamatsu Ferry
# --------------------------------------------------------------------------------------------------
def test_uno_takamatsu_ferry_pays_50_from_phase_5_and_stays_open_with_a_player() -> None:
    game = new_game(FOUR)
    utf = give_company(game, "UTF", game.players[0])
    tr = give_company(game, "TR", game.players[1])
    assert utf.revenue == 30
    while game.phase.name != "5":
        game.depot.export()
    assert utf.revenue == 50 and not utf.closed and utf.owner is game.players[0]
    assert tr.closed


def test_uno_takamatsu_ferry_closes_with_the_others_when_a_corporation_owns_it() -> None:
    game = new_game(FOUR)
    ir = par(game, "IR", 100, [(0, 4)])
    utf = give_company(game, "UTF", ir)
    while game.phase.name != "5":
        game.depot.export()
    assert utf.closed and utf.revenue == 30


# --------------------------------------------------------------------------------------------------
# stored revenue (fixture 314 stores revenue and hexes, not connections)
# --------------------------------------------------------------------------------------------------
def test_stored_route_revenue_is_trusted() -> None:
    path = FIXTURES / "1889" / "314.json"
    if not path.exists():
        pytest.skip(f"{path} is not available")
    record = GameRecord.load(path)
    index, entry = next((i, a) for i, a in enumerate(record.actions) if a["type"] == "run_routes")
    assert all("connections" not in route for route in entry["routes"])
    from engine import load_game

    game = load_game(record, upto=index + 1)
    assert [route.revenue() for route in game.round.routes] == [r["revenue"] for r in entry["routes"]]
