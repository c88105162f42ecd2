"""1822CA and its regional scenarios (ERS, WRS): the title data, the set-up, and the general pieces they brought
(the sale movement ``left_per_10_if_pres_else_left_one``, ``Route.stop_kind``'s title hook, cheater tokens
remembered by the token, assignments naming hexes of a map part not in play).  Every real game is replayed by
``tests/engine/test_fixtures.py``."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine import new_game
from engine.map.route import _fits_rows, stop_type
from engine.model.shares import ShareBundle
from engine.model.token import Token
from engine.titles.g1822_ca import data
from engine.titles.g1822_ca.data import TITLE, TITLE_ERS, TITLE_WRS, merge_hexes


def hexes_of(title: Any) -> set[str]:
    return {h for groups in title.hexes.values() for hexes in groups.values() for h in hexes}


def test_title_facts() -> None:
    assert TITLE.market == (tuple(data.MARKET[0]),) and len(TITLE.market) == 1
    assert len([c for c in TITLE.corporations if c.type == "minor"]) == 30
    assert len([c for c in TITLE.corporations if c.type == "major"]) == 10
    assert len(TITLE.companies) == 70
    assert TITLE.rules.must_sell_in_blocks and TITLE.rules.track_restriction == "permissive"
    assert TITLE_ERS.player_range == TITLE_WRS.player_range == (2, 5)
    assert TITLE_ERS.market[0][-1] == "600e"


def test_the_map_is_its_parts() -> None:
    """The full map is both halves plus the hexes only in the full game; a scenario is one half and its edges."""
    west, east, full = (hexes_of(SimpleNamespace(hexes=merge_hexes(part)))
                        for part in (data.WESTERN_HEXES, data.EASTERN_HEXES, data.FULL_GAME_ONLY_HEXES))
    assert hexes_of(TITLE) == west | east | full
    assert len(hexes_of(TITLE)) == 279
    assert hexes_of(TITLE_ERS) == east | {"T12", "T14", "Y29"}
    assert hexes_of(TITLE_WRS) == west | {"T12", "T14"}
    # a later part's group replaces the earlier one's (P18 is a city of the full game and of WRS)
    assert any("P18" in hexes for hexes in TITLE_WRS.hexes["gray"].values())


def test_set_up() -> None:
    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    syms = [c.sym for c in game.companies]
    assert syms[0] == "M6" and syms[30] == "C2" and syms[40] == "P1"
    assert not {t.name for t in game.depot.upcoming} & {"2P", "LP", "5P", "P", "G"}
    assert game.bidding_tokens_per_player == 6
    # the Detroit-Duluth line is blocked until phase 3
    for hex_id in ("Q19", "Y27"):
        city = game.hex_by_id(hex_id).tile.cities[0]
        assert city.tokened_by(game.detroit_duluth_blocker)


def test_scenarios_start_with_their_companies() -> None:
    ers = new_game("1822CA ERS", ["A", "B", "C"], seed=1)
    assert {c.sym for c in ers.companies} == set(data.ERS_COMPANIES)
    assert {c.id for c in ers.corporations} == set(data.ERS_CORPORATIONS)
    assert ers.DESTINATIONS["CPR"] == "T12" and ers.DESTINATIONS["NTR"] == "T14"
    two = new_game("1822CA WRS", ["A", "B"], seed=1)
    assert {c.sym for c in two.companies} == set(data.WRS_COMPANIES_TWO_PLAYERS)
    assert two.corporation_by_id("CPR").coordinates == "T14"
    assert two.share_rules.sell_movement() == "left_share_pres"


def _sale(director: bool, percent: int) -> int:
    """Where a 60 share price goes after a sale of ``percent`` in 1822CA (three players)."""
    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    market = game.stock_market
    corporation = game.corporation_by_id("GT")
    price = next(p for p in market.par_prices if p.price == 60)
    market.set_par(corporation, price)
    seller = game.players[0]
    president = [s for s in corporation.shares if s.president]
    game.share_pool.transfer_shares(ShareBundle(president), seller if director else game.players[1])
    corporation.owner = seller if director else game.players[1]
    shares = [s for s in corporation.shares if not s.president and s.owner is corporation][: percent // 10]
    game.share_pool.transfer_shares(ShareBundle(shares), seller)
    game.share_rules.sell_shares_and_change_price(ShareBundle(shares), allow_president_change=False)
    return int(corporation.share_price.price)


def test_sales_move_left_per_10_percent_by_the_director_else_one_step() -> None:
    assert _sale(director=True, percent=30) == 40
    assert _sale(director=False, percent=20) == 50


def test_stop_kind_asks_the_title() -> None:
    town = SimpleNamespace(is_halt=False, is_pass=False, is_city=False, is_town=True, is_offboard=False)
    rows = [{"nodes": ["grain_elevator"], "pay": 1, "visit": 1}]
    assert stop_type(town) == "town"  # type: ignore[arg-type]
    assert not _fits_rows([town], rows)  # type: ignore[list-item]
    assert _fits_rows([town], rows, lambda stop: "grain_elevator")  # type: ignore[list-item]


def test_a_token_remembers_its_cheater_slot() -> None:
    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    corporation = game.corporation_by_id("GT")
    city = game.hex_by_id("AB24").tile.cities[0]
    token = Token(corporation, type="destination")
    city.place_token(corporation, token, free=True, check_tokenable=False, cheater=True)
    assert token.cheater
    token.remove()
    assert not token.cheater


def test_assigning_names_only_hexes_in_play() -> None:
    """P13's sawmill hexes include western ones: in the eastern scenario they are skipped when it is assigned."""
    game = new_game("1822CA ERS", ["A", "B", "C"], seed=1)
    from engine.steps.assign import assigned

    hexes = next(a for c in data.COMPANIES if c.sym == "P13" for a in c.abilities)["hexes"]
    assert "A9" in hexes and not any(h.id == "A9" for h in game.hexes)
    assert not assigned(game.hex_by_id("AA15"), "P13")


def test_the_bank_ends_the_game_by_the_round_it_breaks_in_and_the_first_trigger_stands() -> None:
    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    assert game.round.NAME == "Stock"
    game.bank.broken = True
    assert game.game_end_check() == ("bank", "current_or")
    # a later trigger with an earlier timing does not replace a locked one (1822CA WRS: the bank broke in an
    # operating round, then a share price reached the market's end)
    game.game_end_trigger = ("bank", "full_or")
    game.stock_market.max_reached = True
    assert game.game_end_check() == ("bank", "full_or")


def test_an_e_train_earns_no_sawmill_in_a_town() -> None:
    """An E train earns the sawmill only where its owner has a token; a town holds none (playout seed 4 crashed
    asking a town for its tokens)."""
    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    town_hex = next(h for h in game.hexes if h.tile.towns and not h.tile.cities)
    town = town_hex.tile.towns[0]
    assert not town.tokened_by(game.corporation_by_id("GT"))
    game.sawmill_hex, game.sawmill_bonus = town_hex, 20
    owner = game.corporation_by_id("GT")
    route = SimpleNamespace(visited_stops=[town], routes=None, train=SimpleNamespace(owner=owner, name="E"))
    assert game.sawmill_bonus_for(route) is None
    route.train.name = "5"
    assert game.sawmill_bonus_for(route) == (route, 20)


def test_a_second_grain_train_crowds_its_corporation_and_is_the_one_discarded() -> None:
    """The reference counts grain trains apart: a corporation with two must discard one (playout seed 10)."""
    from engine.titles.family1822.operating import DiscardTrain1822

    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    corporation = game.corporation_by_id("ICR")
    grain = [SimpleNamespace(name="G"), SimpleNamespace(name="G")]
    corporation.trains = grain[:1]
    game.train_rules.crowded_cache = None
    assert corporation not in game.train_rules.crowded_corps()
    corporation.trains = list(grain)
    game.train_rules.crowded_cache = None
    assert corporation in game.train_rules.crowded_corps()
    assert DiscardTrain1822(game, game.round).trains(corporation) == grain


def test_the_winnipeg_station_places_an_exchange_token() -> None:
    """P10's token is one of its owner's exchange tokens: none left, no token (playout seeds 2, 7, 8)."""
    from engine.titles.family1822.operating import SpecialToken1822

    game = new_game("1822CA", ["A", "B", "C"], seed=1)
    corporation = game.corporation_by_id("NTR")
    company = next(c for c in game.companies if c.sym == "P10")
    company.owner = corporation
    step = SpecialToken1822(game, game.round)
    assert step.places_exchange_token(company)
    assert not step.places_exchange_token(next(c for c in game.companies if c.sym == "P13"))
    game.exchange_tokens[corporation.id] = 0
    assert step.available_tokens(company) == []
    # nor in a city where its owner already has a token (the legal moves leave that city out)
    game.exchange_tokens[corporation.id] = 1
    held: list[Any] = []
    city = SimpleNamespace(hex=game.hex_by_id("N16"), index=0, tokened_by=lambda owner: owner in held)
    assert step.city_refusal(company, city) is None
    held.append(corporation)
    assert step.city_refusal(company, city) == "NTR already has a token in N16 city 0"


def test_a_president_sells_out_only_where_the_reference_can_pass_the_presidency() -> None:
    """The reference fails when the tax haven (a holder without a seat) is among the holders the presidency
    passes between; live play refuses that sale (playout 1822CA seed 1)."""
    from engine.titles.family1822.rules import ShareRules1822

    class Holder:
        pass

    president, other, haven = Holder(), Holder(), Holder()
    holders = {president: 20, haven: 10, other: 10}
    corporation = SimpleNamespace(owner=president, presidents_percent=10, player_share_holders=lambda: holders)
    seats = [president, other]
    sell_out = SimpleNamespace(corporation=corporation, percent=20)
    assert ShareRules1822.tax_haven_would_take_part(president, sell_out, seats)
    assert not ShareRules1822.tax_haven_would_take_part(president, SimpleNamespace(corporation=corporation,
                                                                                    percent=10), seats)
    holders[other] = 20  # the other player alone has the most
    assert not ShareRules1822.tax_haven_would_take_part(president, sell_out, seats)
    assert not ShareRules1822.tax_haven_would_take_part(other, sell_out, seats)  # not the president's sale
