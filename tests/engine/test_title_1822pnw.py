"""1822PNW and its scenarios (``engine/titles/g1822_pnw``): their real games are replayed by ``test_fixtures.py``
(result, trace, strict mode); these tests check the title's own rules and the general pieces its games needed."""

from __future__ import annotations

from typing import Any

import pytest

from engine import new_game
from engine.model.token import Token
from engine.titles.g1822_pnw.merger import possible_exchanged_shares


# --- rules ----------------------------------------------------------------------------------------------------
def test_exchanged_shares_cover_the_minors_value() -> None:
    # two minors worth $200 at par $100: 2 shares (the owner may not overpay by a whole share)
    assert possible_exchanged_shares(100, 0, 200, 100) == [2]
    # worth $250: 2 shares if the treasury ($50) pays the $50 change, 3 if the owner pays $50
    assert possible_exchanged_shares(100, 50, 250, 100) == [2, 3]
    assert possible_exchanged_shares(100, 40, 250, 100) == [3]
    assert possible_exchanged_shares(100, 40, 250, 0) == []
    # more than 6 shares' worth: only at par $100, for 6 shares
    assert possible_exchanged_shares(100, 0, 700, 0) == [6]
    assert possible_exchanged_shares(90, 0, 700, 0) == []


def test_setup_associates_minors_and_keeps_majors_from_reserving_homes() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    assert game.companies[0].sym == "M6"
    assert next(c for c in game.companies if c.sym.startswith("P")).sym == "P1"
    assert game.associated_major(game.corporation_by_id("8")).id == "SWW"
    seattle = game.hex_by_id("H11").tile.cities[0]
    assert [r.id for r in seattle.reservations if r is not None] == ["8"]
    assert game.cube_tile() is not None and game.max_builder_cubes(game.hex_by_id("G18").tile) == 4


def test_sell_movement_left_per_10_if_president_else_left_one() -> None:
    from engine.model.shares import ShareBundle

    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    major = game.corporation_by_id("SWW")
    a, b = game.players[0], game.players[1]
    game.stock_market.set_par(major, next(p for p in game.stock_market.par_prices if p.price == 100))
    pool = game.share_pool
    shares = list(major.shares_of(major))
    for share in shares[:3]:
        pool.transfer_shares(share.to_bundle(), a, price=0)
    for share in shares[3:5]:
        pool.transfer_shares(share.to_bundle(), b, price=0)
    game.share_rules.sell_shares_and_change_price(ShareBundle(shares[1:3]))  # the president's 20%: two steps
    assert major.share_price.price == 80
    game.share_rules.sell_shares_and_change_price(ShareBundle(shares[3:5]))  # another holder's 20%: one step
    assert major.share_price.price == 75


def test_scenarios_have_their_own_data() -> None:
    srs: Any = new_game("1822PNW SRS", ["A", "B"], seed=3)
    assert "M1" not in {c.sym for c in srs.companies} and srs.bidding_tokens_per_player == 6
    short: Any = new_game("1822PNW Short Scenario", ["A", "B", "C"], seed=3)
    assert short.companies[0].sym == short.paired_assoc and short.companies[0].min_price == 200
    privates = [c.sym for c in short.companies if c.sym.startswith("P")]
    assert privates[:2] == ["P1", "P20"]


def test_a_trace_entry_whose_id_the_next_repeats_is_left_out() -> None:
    from engine.trace import drop_repeated_ids

    entries = [{"index": -1, "id": 0, "type": "start"}, {"index": 0, "id": 1, "type": "pass"},
               {"index": 1, "id": 2, "type": "pass"}, {"index": 2, "id": 2, "type": "bid"},
               {"index": 3, "type": "end"}]
    assert [e["index"] for e in drop_repeated_ids(entries)] == [-1, 0, 2, 3]


def test_the_bank_ends_the_game_after_the_set_when_it_breaks_in_an_or_else_after_the_next_or() -> None:
    from engine.rounds.operating import OperatingRound

    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    assert not isinstance(game.round, OperatingRound)
    assert dict(game.end_rules.checks())["bank"] == "current_or"
    game.round.__class__ = type("FakeOR", (OperatingRound,), {})
    assert dict(game.end_rules.checks())["bank"] == "full_or"


@pytest.mark.parametrize("cheater", [True, False])
def test_a_home_token_goes_into_a_full_home_city_as_a_cheater_only_where_allowed(
        cheater: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    monkeypatch.setattr(type(game.track_rules), "HOME_TOKEN_CAN_BE_CHEATER", cheater)
    sps = game.corporation_by_id("SPS")
    portland = game.hex_by_id("O8").tile.cities[0]
    portland.reservations = [None for _ in portland.reservations]  # the minors' homes are taken over
    for corp_id in ("SWW", "ORNC", "NP", "CMPS"):
        corporation = game.corporation_by_id(corp_id)
        portland.place_token(corporation, Token(corporation), check_tokenable=False)
    assert not portland.tokenable(sps, tokens=[sps.next_token()])
    game.track_rules.place_home_token(sps)
    assert sps.tokens[0].used is cheater
    assert any(t is not None and t.corporation is sps for t in portland.tokens) is cheater


def test_the_map_has_every_gray_junction() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    newport = game.hex_by_id("D23")
    assert game.hex_by_id("C24").tile.color == "gray" and game.hex_by_id("M24").tile.color == "gray"
    assert sorted(newport.neighbors) == [0, 1, 2, 3, 4]


def test_a_private_lay_that_is_not_an_upgrade_takes_the_turns_lay() -> None:
    from engine.moves.track import _uses_upgrade
    from engine.titles.g1822_pnw.track import SpecialTrackPNW

    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    step = SpecialTrackPNW.__new__(SpecialTrackPNW)
    step.game = game
    mountain = game.hex_by_id("K16")  # a brown mountain junction
    coal, boomtown = game.company_by_id("P19"), game.company_by_id("P18")
    assert not _uses_upgrade(step, coal, mountain)
    assert _uses_upgrade(step, boomtown, mountain)
    assert not step.consumes_tile_lay(boomtown, None)


def test_an_acquired_minors_mine_token_goes_to_the_major_before_its_tokens() -> None:
    from engine.titles.g1822_pnw.acquire import MinorAcquisitionPNW

    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    step = MinorAcquisitionPNW.__new__(MinorAcquisitionPNW)
    step.game = game
    minor, major = game.corporation_by_id("9"), game.corporation_by_id("CMPS")
    assert step.extra_transfers(minor, major) is None
    game.coal_token.corporation = minor
    minor.tokens.append(game.coal_token)
    assert step.extra_transfers(minor, major) == "Mine token"
    assert major.tokens[-1] is game.coal_token and game.coal_token.corporation is major
    assert game.coal_token not in minor.tokens


def test_a_recorded_e_train_run_may_count_the_mine_token_as_the_site_did_before_october_2025() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    cpr = game.corporation_by_id("CPR")
    vancouver = game.hex_by_id("A8").tile.cities[0]
    token = game.coal_token
    token.corporation = cpr
    vancouver.place_token(cpr, token, check_tokenable=False, cheater=True)
    assert not game.e_train_counts(vancouver, cpr)
    game._old_e_train_rules = True
    assert game.e_train_counts(vancouver, cpr)


def test_a_token_citys_upgrade_costs_20_a_step_up_its_ladder_in_the_legal_moves_too() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    rules = game.track_rules
    portland = game.hex_by_id("O8")
    corporation = game.corporation_by_id("SPS")
    assert rules.upgrade_cost_before_lay(portland.tile, game.tile_by_id("X24-0"), portland, corporation,
                                         corporation) == 20
    assert rules.upgrade_cost_before_lay(portland.tile, game.tile_by_id("X25-0"), portland, corporation,
                                         corporation) == 40
    plain = game.hex_by_id("K10")
    assert rules.upgrade_cost_before_lay(plain.tile, game.tile_by_id("7-0"), plain, corporation, corporation) == \
        rules.upgrade_cost(plain.tile, plain, corporation, corporation)


def test_no_par_is_offered_for_a_major_that_cannot_start_yet() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C"], seed=5)
    step = game.round.active_step()
    player = game.round.current_entity()
    major = game.corporation_by_id("SWW")
    prices = step.get_par_prices(player, major)
    assert prices and not step.startable(player, major)
    assert not any(step.can_par_at(player, major, price) for price in prices)
