"""1847 AE: the title's data and its own rules (the fixtures replay exactly, trace-identical, in
tests/engine/test_fixtures.py; these pin the pieces that are the title's own, and the two general hooks it added:
buying from players where a step offers it, and a step lifting the track restriction for an upgrade)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_game, new_game
from engine.errors import GameError
from engine.moves import legal_moves
from engine.moves.track import restriction_allows
from engine.steps.tracker import Tracker
from engine.titles.g1847_ae.data import TITLE
from engine.titles.g1847_ae.rules import Game1847AE
from engine.titles.g1847_ae.steps import BuySellParShares1847, Track1847
from engine.titles.registry import fixture_folder, load_title
from engine.trace import state_of

FIXTURES = Path(__file__).resolve().parents[3] / "shared" / "fixtures" / "1847AE"
BANK = FIXTURES / "1847AE_game_end_bank.json"
BANKRUPT = FIXTURES / "1847AE_game_end_bankrupt.json"


def _game(players: int = 4) -> Any:
    return new_game("1847 AE", [f"P{i}" for i in range(1, players + 1)], seed=1)


def _bid(game: Any, company: str, price: int | None = None) -> None:
    player = game.round.current_entity()
    value = game.company_by_id(company).value if price is None else price
    game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "company": company,
                         "price": value})


def test_registered_under_the_export_title() -> None:
    assert load_title("1847 AE") is Game1847AE
    assert Game1847AE.TITLE is TITLE
    assert fixture_folder("1847 AE") == "1847AE"
    assert TITLE.player_range == (3, 5)
    assert [c.sym for c in TITLE.corporations] == ["LFK", "L", "Saar", "HLB", "NDB", "M", "N", "RNB"]
    assert [(t.name, t.num) for t in TITLE.trains] == [("3", 3), ("3+3", 2), ("4", 2), ("4+4", 1), ("5", 2),
                                                      ("5+5", 1), ("6E", 1), ("6+6", 9)]
    assert all(sum(c.shares) == 100 for c in TITLE.corporations)


def test_set_up_puts_l_saar_and_the_locomotive_firm_on_the_market() -> None:
    game = _game()
    assert (game.l.share_price.price, game.saar.share_price.price, game.lfk.share_price.price) == (86, 84, 100)
    assert game.hlb.share_price is None and game.hlb.par_price.price == 80  # a fixed par, not yet on the market
    assert [t.hex.id for t in game.l.tokens if t.used] == ["F18"] and game.l.ipoed
    assert [s.id for s in game.saar.reserved_shares()] == ["Saar_1", "Saar_2"]
    assert [s.id for s in game.hlb.reserved_shares()] == ["HLB_1"]
    assert (game.saar.cash, game.hlb.cash) == (168, 80)
    assert game.turn == 0 and game.round.NAME == "Draft"
    # the first draft pass goes in reverse seat order
    assert game.round.current_entity() is game.players[-1]
    # double certificates: NDB's second-sold (third printed) and last, Saar's last only
    ndb = game.corporation_by_id("NDB")
    assert [s.double_cert for s in ndb.all_shares] == [False, False, True, False, False, False, True]
    assert [s.double_cert for s in game.saar.all_shares] == [False] * 7 + [True]
    # the locomotive firm is a one-certificate corporation, seen as two shares until its owner is known
    assert state_of(game)["corporations"]["LFK"]["share_count"] == 2
    assert "share_count" not in state_of(game)["corporations"]["L"]


def test_draft_companies_bring_their_shares_and_the_corporation_the_par_value() -> None:
    game = _game()
    _bid(game, "PLP")
    buyer = game.players[-1]
    # two shares of L; as the first holder of 20% the buyer swaps them for the president's certificate
    assert [s.id for s in buyer.shares_of(game.l)] == ["L_0"] and game.l.owner is buyer
    assert game.company_by_id("PLP").closed
    assert game.l.cash == 2 * 86
    with pytest.raises(GameError):
        _bid(game, "LFKC", 100)  # the draft is at face value
    _bid(game, "LFKC")
    assert game.lfk.floated and game.lfk.owner is game.players[-2]
    assert game.lfk.total_shares == 1 and game.lfk.cash == 0
    assert game.company_by_id("LFKC").closed


def test_later_corporations_wait_for_saar_and_hlb() -> None:
    game = _game()
    rules = game.corporation_rules
    player = game.players[0]
    hlb, ndb = game.hlb, game.corporation_by_id("NDB")
    assert not rules.can_par(hlb, player) and not rules.can_par(ndb, player)
    game.saar.floated = True
    assert rules.can_par(hlb, player) and not rules.can_par(ndb, player)
    hlb.floated = True
    assert rules.can_par(ndb, player)


def test_double_certificates_sell_in_any_combination_and_a_new_president_gives_back_two_shares() -> None:
    game = _game()
    ndb = game.corporation_by_id("NDB")
    game.stock_market.set_par(ndb, ndb.par_price)
    ndb.ipoed = True
    a, b = game.players[0], game.players[1]
    pool = game.share_pool
    for sid in ("NDB_0", "NDB_1", "NDB_2"):
        pool.transfer_shares(game.share_by_id(sid).to_bundle(), a, allow_president_change=False)
    for sid in ("NDB_3", "NDB_4"):
        pool.transfer_shares(game.share_by_id(sid).to_bundle(), b, allow_president_change=False)
    ndb.owner = a
    bundles = game.share_rules.bundles_for_corporation(a, ndb)
    # one bundle per kind: the single, the double, single + double; with the president's certificate only when
    # another holder could take the presidency: A's 50% less the next holding (the IPO's 30%) plus 10% = 30%
    kinds = [(b_.percent, b_.presidents_share is not None) for b_ in bundles]
    assert kinds == [(10, False), (20, False), (30, False), (30, True), (40, True), (50, True)]
    # B becomes president: two single shares go to the holder of the president's certificate
    president = game.share_by_id("NDB_0")
    pool.change_president(president, a, b, a)
    assert president.owner is b
    assert sorted(s.id for s in a.shares_of(ndb)) == ["NDB_1", "NDB_2", "NDB_3", "NDB_4"]


def test_a_new_president_without_two_single_shares_gives_a_double_certificate() -> None:
    game = _game()
    ndb = game.corporation_by_id("NDB")
    a, b = game.players[0], game.players[1]
    pool = game.share_pool
    pool.transfer_shares(game.share_by_id("NDB_0").to_bundle(), a, allow_president_change=False)
    for sid in ("NDB_2", "NDB_6"):
        pool.transfer_shares(game.share_by_id(sid).to_bundle(), b, allow_president_change=False)
    pool.change_president(game.share_by_id("NDB_0"), a, b, a)
    assert sorted(s.id for s in a.shares_of(ndb)) == ["NDB_2"]


def test_nationalisation_costs_half_as_much_again_rounded_up() -> None:
    assert BuySellParShares1847.nationalization_price(82) == 123
    assert BuySellParShares1847.nationalization_price(115) == 173


class _Stop:
    def __init__(self, hex_id: str) -> None:
        self.hex = type("H", (), {"id": hex_id})()


def test_coal_and_local_bonuses() -> None:
    three = type("T", (), {"name": "3"})()
    six_e = type("T", (), {"name": "6E"})()
    coal_z = [_Stop("H6"), _Stop("G15"), _Stop("G21")]
    assert Game1847AE.coal_bonus(three, coal_z) == 70
    assert Game1847AE.coal_bonus(six_e, coal_z) == 0
    assert Game1847AE.coal_bonus(three, coal_z[:2]) == 0
    assert Game1847AE.local_bonus([_Stop("B14"), _Stop("F12"), _Stop("I13")]) == 40
    assert Game1847AE.local_bonus([_Stop("B14"), _Stop("G21")]) == 0


def test_yellow_double_towns_upgrade_to_one_green_town_tile_only() -> None:
    game = _game()
    track = game.track_rules

    def tile(name: str) -> Any:
        return next(t for t in game.tiles if t.name == name)

    assert track.upgrades_to(tile("56"), tile("87")) and not track.upgrades_to(tile("56"), tile("88"))
    assert track.upgrades_to(tile("1"), tile("88")) and track.upgrades_to(tile("69"), tile("204"))
    assert not track.upgrades_to(tile("14"), tile("63"))  # the double-slot green cities stay


def test_the_track_restriction_applies_unless_a_step_lifts_it() -> None:
    assert Tracker.track_restrictions_apply(object.__new__(Tracker), None, None, None) is True


@pytest.fixture(scope="module")
def double_town_upgrade() -> tuple[Any, dict[str, Any]]:
    if not BANKRUPT.exists():
        pytest.skip("../shared fixtures not present")
    position = 263  # RNB upgrades the double town E17 (tile 56) to 87
    action = json.loads(BANKRUPT.read_text())["actions"][position]
    assert (action["hex"], action["tile"]) == ("E17", "87-1")
    return load_game(BANKRUPT, upto=position), action


def test_a_double_town_upgrade_is_a_legal_move(double_town_upgrade: tuple[Any, dict[str, Any]],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game, _action = double_town_upgrade
    step = game.round.active_step()
    assert isinstance(step, Track1847)
    entity, hex_ = game.round.current_entity(), game.hex_by_id("E17")
    tile = game.tile_by_id("87-1")
    assert restriction_allows(step, entity, hex_, tile, 0)
    moves = legal_moves(game)
    assert any(getattr(m, "hex", None) == "E17" and getattr(m, "tile", None) == "87" for m in moves.moves)
    # the general rule alone would refuse it (the lay reuses no new track)
    monkeypatch.setattr(Track1847, "track_restrictions_apply", Tracker.track_restrictions_apply)
    assert not restriction_allows(step, entity, hex_, tile, 0, exact=True)


def test_nationalisation_is_a_legal_move() -> None:
    if not BANK.exists():
        pytest.skip("../shared fixtures not present")
    position = 337  # Player 2 (90% of HLB) buys HLB_6 from Player 3
    action = json.loads(BANK.read_text())["actions"][position]
    game = load_game(BANK, upto=position)
    player = game.round.current_entity()
    assert player.id == action["entity"] and player.percent_of(game.hlb) == 90
    moves = [m for m in legal_moves(game).moves if m.TYPE == "buy_shares" and "HLB_6" in getattr(m, "shares", ())]
    assert len(moves) == 1
    price = game.hlb.share_price.price
    assert moves[0].price == BuySellParShares1847.nationalization_price(price)
    before = player.cash
    game.process_action(action)
    assert game.share_by_id("HLB_6").owner is player
    assert before - player.cash == BuySellParShares1847.nationalization_price(price)


def test_a_program_set_by_another_program_ignores_what_happened_before_it() -> None:
    """(engine.programs, general) The site orders actions by id, or by creation time when one has no id (an auto
    action): a share-pass program set by a buy program's end does not stop for a sale made before it."""
    from engine.core.actions import Action
    from engine.programs import auto_actions, earlier

    sale = Action.from_dict({"type": "pass", "entity": 1, "entity_type": "player", "id": 7, "created_at": 100})
    auto = Action.from_dict({"type": "pass", "entity": 1, "entity_type": "player", "created_at": 200})
    live = Action.from_dict({"type": "pass", "entity": 1, "entity_type": "player"})
    assert earlier(sale, auto) and not earlier(auto, sale) and earlier(sale, live) and not earlier(live, sale)
    if not BANKRUPT.exists():
        pytest.skip("../shared fixtures not present")
    position = 236  # Player 4 passes; Player 1's N program ends and sets a share pass, which passes at once
    action = json.loads(BANKRUPT.read_text())["actions"][position]
    recorded = action.pop("auto_actions")
    game = load_game(BANKRUPT, upto=position)
    game.process_action(action)
    made = []
    for _ in range(6):
        autos = auto_actions(game)
        if not autos:
            break
        for auto in autos:
            data = {**auto.to_dict(), "created_at": recorded[0]["created_at"]}
            made.append({k: v for k, v in data.items() if k != "created_at"})
            game.process_single_action(Action.from_dict(data))
    assert made == [{k: v for k, v in r.items() if k != "created_at"} for r in recorded]


def test_a_nationalisation_stops_the_other_players_programs() -> None:
    """(engine.programs) A title's step may add reasons to stop a program: 1847 AE's nationalisation."""
    from engine.programs import auto_actions

    if not BANK.exists():
        pytest.skip("../shared fixtures not present")
    position = 341  # Player 1 nationalises M; Player 2's share-pass program stops
    action = json.loads(BANK.read_text())["actions"][position]
    recorded = action.pop("auto_actions")
    game = load_game(BANK, upto=position)
    game.process_action(action)
    made = [a.to_dict() for a in auto_actions(game)]
    assert made == [{k: v for k, v in r.items() if k != "created_at"} for r in recorded]
    assert made[0]["reason"] == "Nationalization"
