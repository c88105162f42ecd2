"""18USA: 1817's family base across the United States: the set-up draws (red areas, privates, metropolises,
subsidies), loans by player count, two-step loan price moves, resources, subsidies, the dividend's four steps,
train upgrades and the Pullman."""

from __future__ import annotations

import pytest

from engine import load_game, new_game
from engine.titles.g18usa import data
from engine.titles.g18usa.operating import Dividend18USA, Route18USA
from engine.titles.g18usa.resources import abilities_to_lay, can_lay_resource_tile, tile_resources
from tests.conftest import FIXTURES, shared_or_skip


def game_at_start() -> object:
    return load_game(str(shared_or_skip(FIXTURES / "18USA" / "109372.json")), upto=0)


def test_facts() -> None:
    game = new_game("18USA", ["A", "B", "C", "D"], seed=7)
    assert len(game.corporations) == 20 and len(data.COMPANIES) == 30 and len(data.SUBSIDIES) == 16
    assert game.SEED_MONEY is None and [p.cash for p in game.players] == [315] * 4
    row = game.stock_market.market[0]
    assert row[0].type == "liquidation" and row[-1].price == 800
    # with fewer than five players the last 2+, 4, 5 and 6 leave the roster
    counts: dict[str, int] = {}
    for train in game.depot.upcoming:
        counts[train.name] = counts.get(train.name, 0) + 1
    assert (counts["2+"], counts["4"], counts["5"], counts["6"]) == (4, 7, 5, 4)


def test_setup_draws_as_the_reference() -> None:
    """The fixture's seed: the privates removed, the metropolises and the subsidies as the site drew them."""
    game = game_at_start()
    closed = {c.id for c in game.companies if c.closed}  # type: ignore[attr-defined]
    assert closed == {"P6", "P7", "P9", "P10", "P12", "P13", "P14", "P17", "P19", "P20", "P23", "P25", "P26",
                      "P28", "P29"}
    tiles = {h: game.hex_by_id(h).tile.name for h in ("D20", "H22", "I19", "D28")}  # type: ignore[attr-defined]
    assert tiles == {"D20": "X02", "H22": "X01", "I19": "X06", "D28": "D28"}
    assert len(game.subsidies_by_hex) == len(data.SUBSIDIZED_HEXES)  # type: ignore[attr-defined]
    # P12 is out: the resource subsidy offers oil (and coal: P28 is out)
    resource = next(s for s in game.subsidies_by_hex.values() if s["id"] == "S16")  # type: ignore[attr-defined]
    assert resource["abilities"][0]["tiles"] == [data.OIL, data.COAL]


@pytest.mark.parametrize(("players", "loans", "top_rate"), [(4, 70, 70), (5, 70, 60)])
def test_loans_by_player_count(players: int, loans: int, top_rate: int) -> None:
    game = new_game("18USA", [f"P{i}" for i in range(players)], seed=3)
    rules = game.loan_rules
    assert len(rules.pool) == loans and rules.max_rate() == top_rate
    if players >= 5:
        assert rules.per_increment(5) == 4 and rules.per_increment(10) == 6


def test_dividend_moves_one_step_per_half_price() -> None:
    game = new_game("18USA", ["A", "B", "C"], seed=3)
    corporation = game.corporations[0]
    game.stock_market.set_par(corporation, game.find_share_price(100))
    step = object.__new__(Dividend18USA)
    step.game = game
    assert step.share_price_change(corporation, 0) == ("left", 1)
    assert step.share_price_change(corporation, 49) == (None, 0)
    assert [step.share_price_change(corporation, r)[1] for r in (50, 100, 150, 200)] == [1, 2, 3, 4]


def test_resources_need_a_marker() -> None:
    game = game_at_start()
    hex_ = game.hex_by_id("C19")  # type: ignore[attr-defined]
    assert tile_resources(hex_.tile) == ["ore"]
    tile = next(t for t in game.tiles if t.name == "7ore10")  # type: ignore[attr-defined]
    assert tile_resources(tile) == ["ore"]
    assert not can_lay_resource_tile(hex_.tile, tile, [])
    p4 = game.company_by_id("P4")  # type: ignore[attr-defined]
    assert can_lay_resource_tile(hex_.tile, tile, [p4])
    assert abilities_to_lay(hex_, tile, [p4])["ore"].owner is p4
    coal = next(t for t in game.tiles if t.name == "7coal")  # type: ignore[attr-defined]
    assert not can_lay_resource_tile(hex_.tile, coal, [p4])  # C19 has no coal


def test_extender_renames_the_train_for_its_run() -> None:
    game = new_game("18USA", ["A", "B", "C"], seed=3)
    train = game.depot.upcoming[0]
    step = object.__new__(Route18USA)
    step.game = game
    step.round = type("R", (), {"train_upgrade_assignments": {}})()
    step.attached = []
    corporation = game.corporations[0]
    train.owner = corporation
    corporation.trains.append(train)
    p30 = game.company_by_id("P30")
    p30.closed = False
    p30.owner = corporation
    choices = step.choices(corporation)
    assert [c.value for c in choices] == ["0-0"]
    step.choose(corporation, "0-0")
    assert (train.name, train.distance) == ("2+1", 3)


def test_a_bid_counting_on_a_cash_subsidy_needs_a_home_with_one() -> None:
    """After a bid above the bidder's own means the home token goes only where the subsidy covers the rest (the
    legal moves ask the step)."""
    from engine.moves import legal_moves

    game = load_game(str(shared_or_skip(FIXTURES / "18USA" / "109372.json")), upto=75)
    nyc = game.corporation_by_id("NYC")  # type: ignore[attr-defined]
    everywhere = {m.hex for m in legal_moves(game, nyc).moves if m.type == "place_token"}
    game.round.minimum_cash_subsidy = 40  # type: ignore[attr-defined]
    rich = {h for h, s in game.subsidies_by_hex.items() if s["value"] >= 40}  # type: ignore[attr-defined]
    narrowed = {m.hex for m in legal_moves(game, nyc).moves if m.type == "place_token"}
    assert narrowed == everywhere & rich and narrowed < everywhere


# --- the Pennsy Boneyard (P13) ---------------------------------------------------------------------------------
BANKRUPT = "18USA_game_end_bankrupt.json"


def boneyard_game() -> object:
    """OR 2.1 at DRG's train step; MP owns P13 and holds a 2 train, which the first 4 train rusts."""
    from engine.record import GameRecord

    record = GameRecord.load(str(shared_or_skip(FIXTURES / "18USA" / BANKRUPT)))
    game = load_game(record, upto=902)
    assert game.company_by_id("P13").owner is game.corporation_by_id("MP")  # type: ignore[attr-defined]
    return game


def buy_first_four(game: object) -> object:
    """DRG's purchase of the first 4 train rusts (the rusting itself, as the phase does it)."""
    g: object = game
    four = next(t for t in g.depot.trains if t.name == "4")  # type: ignore[attr-defined]
    g.train_rules.rust_trains(four, g.corporation_by_id("DRG"))  # type: ignore[attr-defined]
    g.round.clear_cache()  # type: ignore[attr-defined]  (done after every action)
    return four


def test_boneyard_holds_the_rusting_for_its_corporation() -> None:
    from engine.moves import legal_moves
    from engine.titles.g18usa.boneyard import ObsoleteTrain

    game: object = boneyard_game()
    mp = game.corporation_by_id("MP")  # type: ignore[attr-defined]
    twos = [t for t in game.depot.trains if t.name == "2" and t.owner is not None  # type: ignore[attr-defined]
            and t.owner is not game.depot]  # type: ignore[attr-defined]
    four = buy_first_four(game)
    assert game.pending_rusting_event == {"train": four,  # type: ignore[attr-defined]
                                          "entity": game.corporation_by_id("DRG")}  # type: ignore[attr-defined]
    assert all(not t.rusted for t in twos)  # nothing rusts yet
    step = game.round.active_step()  # type: ignore[attr-defined]
    assert isinstance(step, ObsoleteTrain) and step.current_entity() is mp
    moves = legal_moves(game)  # type: ignore[arg-type]
    assert sorted(m.TYPE for m in moves.moves) == ["choose", "pass"]
    assert [c.value for c in moves.of_type("choose")[0].choices] == ["2 Train"]  # type: ignore[attr-defined]
    saved = next(t for t in mp.trains if t.name == "2")
    game.apply({"type": "choose", "entity": "MP", "entity_type": "corporation",  # type: ignore[attr-defined]
                "choice": "2 Train"})
    assert game.pending_rusting_event is None  # type: ignore[attr-defined]
    assert game.company_by_id("P13").closed  # type: ignore[attr-defined]
    assert saved.obsolete and not saved.rusted and saved.obsolete_on == "4" and saved.rusts_on is None
    assert saved in mp.trains
    assert all(t.rusted for t in twos if t is not saved)
    assert not isinstance(game.round.active_step(), ObsoleteTrain)  # type: ignore[attr-defined]


def test_boneyard_declined_lets_the_train_rust() -> None:
    game: object = boneyard_game()
    mp = game.corporation_by_id("MP")  # type: ignore[attr-defined]
    buy_first_four(game)
    game.apply({"type": "pass", "entity": "MP", "entity_type": "corporation"})  # type: ignore[attr-defined]
    assert game.pending_rusting_event is None  # type: ignore[attr-defined]
    assert not game.company_by_id("P13").closed  # type: ignore[attr-defined]
    assert not [t for t in mp.trains if t.name == "2"]
    last = [str(line) for line in game.log_lines[-2:]]  # type: ignore[attr-defined]
    assert "MP declines to use P13 - Pennsy Boneyard" in last[0] and "2 trains rust" in last[1]


def test_boneyard_ignores_a_purchase_rusting_nothing_of_its_corporation() -> None:
    game: object = boneyard_game()
    three = next(t for t in game.depot.trains if t.name == "3")  # type: ignore[attr-defined]
    game.train_rules.rust_trains(three, game.corporation_by_id("DRG"))  # type: ignore[attr-defined]
    assert game.pending_rusting_event is None  # type: ignore[attr-defined]


# --- scrapping the Pullman outside the stock round and the loan step -------------------------------------------
def pullman_game(upto: int) -> object:
    from engine.record import GameRecord

    return load_game(GameRecord.load(str(shared_or_skip(FIXTURES / "18USA" / "110327.json"))), upto=upto)


def test_pullman_scrapped_in_the_conversion_step() -> None:
    from engine.moves import legal_moves
    from engine.titles.g18usa.scrap import Conversion18USA

    game: object = pullman_game(1615)  # DRG (holding P-0) may convert
    drg = game.corporation_by_id("DRG")  # type: ignore[attr-defined]
    step = game.round.active_step()  # type: ignore[attr-defined]
    assert isinstance(step, Conversion18USA) and "scrap_train" in step.actions(drg)
    scrap = legal_moves(game).of_type("scrap_train")  # type: ignore[arg-type]
    assert [m.trains for m in scrap] == [("P-0",)]  # type: ignore[attr-defined]
    cash = drg.cash
    game.apply({"type": "scrap_train", "entity": "DRG", "entity_type": "corporation",  # type: ignore[attr-defined]
                "train": "P-0"})
    assert drg.cash == cash + 50 and not [t for t in drg.trains if t.name == "P"]
    assert game.train_by_id("P-0").owner is game.depot  # type: ignore[attr-defined]
    assert game.round.active_step() is step and "convert" in step.actions(drg)  # type: ignore[attr-defined]
    assert "scrap_train" not in step.actions(drg)


def test_pullman_scrapped_while_taking_loans_after_a_conversion() -> None:
    from engine.titles.g18usa.scrap import PostConversionLoans18USA

    game: object = pullman_game(1620)  # DRG converted; the shares are sold; it may take loans
    drg = game.corporation_by_id("DRG")  # type: ignore[attr-defined]
    step = game.round.active_step()  # type: ignore[attr-defined]
    assert isinstance(step, PostConversionLoans18USA)
    assert step.actions(drg) == ["take_loan", "pass", "scrap_train"]
    game.apply({"type": "scrap_train", "entity": "DRG", "entity_type": "corporation",  # type: ignore[attr-defined]
                "train": "P-0"})
    assert step.actions(drg) == ["take_loan", "pass"]


def test_two_pullmans_crowd_a_corporation_which_discards_one() -> None:
    from engine.moves import legal_moves
    from engine.titles.g18usa.scrap import DiscardTrain18USA

    game: object = pullman_game(1615)
    drg = game.corporation_by_id("DRG")  # type: ignore[attr-defined]
    spare = next(t for t in game.depot.depot_trains() if t.name == "P")  # type: ignore[attr-defined]
    game.train_rules.buy_train(drg, spare, "free")  # type: ignore[attr-defined]
    game.round.clear_cache()  # type: ignore[attr-defined]
    assert drg in game.train_rules.crowded_corps()  # type: ignore[attr-defined]
    step = game.round.active_step()  # type: ignore[attr-defined]
    assert isinstance(step, DiscardTrain18USA) and step.current_entity() is drg
    assert {t.name for t in step.trains(drg)} == {"P"}
    kinds = {m.TYPE: m for m in legal_moves(game).moves}  # type: ignore[arg-type]
    assert set(kinds) == {"discard_train", "scrap_train"}
    game.apply({"type": "scrap_train", "entity": "DRG", "entity_type": "corporation",  # type: ignore[attr-defined]
                "train": spare.id})
    assert drg not in game.train_rules.crowded_corps()  # type: ignore[attr-defined]


def test_the_buyer_may_scrap_its_pullman_after_an_acquisition() -> None:
    from engine.titles.g18usa.operating import Acquire18USA

    game: object = pullman_game(1676)  # DRG just acquired ATSF and may take loans
    drg = game.corporation_by_id("DRG")  # type: ignore[attr-defined]
    step = game.round.active_step()  # type: ignore[attr-defined]
    assert isinstance(step, Acquire18USA) and step.buyer is drg and step.actions(drg) == ["take_loan", "pass"]
    spare = next(t for t in game.depot.depot_trains() if t.name == "P")  # type: ignore[attr-defined]
    game.train_rules.buy_train(drg, spare, "free")  # type: ignore[attr-defined]
    assert step.actions(drg) == ["take_loan", "pass", "scrap_train"]
    cash = drg.cash
    game.apply({"type": "scrap_train", "entity": "DRG", "entity_type": "corporation",  # type: ignore[attr-defined]
                "train": spare.id})
    assert drg.cash == cash + 50 and step.buyer is drg and step.actions(drg) == ["take_loan", "pass"]


def test_law_firm_waits_in_the_track_step_only_for_a_reached_full_city() -> None:
    """P20 keeps the track step for a full city the corporation reaches, not for a full city on a hex it reaches
    through another city of the hex (the reference asks the graph's connected nodes)."""
    from types import SimpleNamespace

    from engine.titles.g18usa.track import Track18USA

    class City(SimpleNamespace):
        __hash__ = object.__hash__

    def city(full: bool) -> City:
        return City(is_city=True, available_slots=0 if full else 1, tokened_by=lambda e: False,
                    tile=SimpleNamespace(name="X"))

    open_city, full_city = city(False), city(True)
    hex_ = City(tile=SimpleNamespace(name="X", cities=[open_city, full_city]))
    nodes: dict[object, bool] = {open_city: True}
    graph = SimpleNamespace(connected_nodes=lambda e: nodes, connected_hexes=lambda e: {hex_: [0]})
    step = object.__new__(Track18USA)
    step.game = SimpleNamespace(graph=graph)  # type: ignore[assignment]
    corporation = SimpleNamespace(companies=[SimpleNamespace(id="P20")], tokens=[SimpleNamespace(used=False)])
    assert not step.can_use_p20(corporation)
    nodes[full_city] = True
    assert step.can_use_p20(corporation)
    corporation.tokens[0].used = True
    assert not step.can_use_p20(corporation)


def test_no_rural_junction_is_offered_next_to_another() -> None:
    """Playout seed 7004: P26's lay next to a rural junction was listed, then refused by the lay."""
    game: object = new_game("18USA", ["A", "B", "C"], seed=3)
    g: object = game
    plain = [h for h in g.hexes if h.tile.color == "white" and not h.tile.cities  # type: ignore[attr-defined]
             and not h.tile.towns and not h.tile.stubs]
    hex_ = next(h for h in plain if sum(1 for n in h.neighbors.values() if n in plain) >= 2)
    near = next(n for n in hex_.neighbors.values() if n in plain)
    first, second = (next(t for t in g.tiles if t.name == name) for name in ("X08", "X09"))  # type: ignore[attr-defined]
    assert any(g.legal_tile_rotation(None, near, second.rotate(r) or second)  # type: ignore[attr-defined]
               for r in range(6))
    hex_.lay(first)
    assert not any(g.legal_tile_rotation(None, near, second.rotate(r) or second)  # type: ignore[attr-defined]
                   for r in range(6))


def test_an_ore_mine_upgrades_to_its_own_ore20_tile_only() -> None:
    """9ore10 on D16 turns 9ore20 in green, never 9coalore20 (a coal mine's label): a bot's lay the reference refused
    ("8ore10 is not upgradeable to 8coalore20")."""
    game = load_game(shared_or_skip(FIXTURES / "18USA" / "109372.json"), upto=426)
    old = game.hex_by_id("D16").tile  # type: ignore[attr-defined]
    assert old.name == "9ore10" and "green" in game.phase.tiles  # type: ignore[attr-defined]
    by_name = {t.name: t for t in game.tiles}  # type: ignore[attr-defined]
    rules = game.track_rules  # type: ignore[attr-defined]
    assert rules.upgrades_to(old, by_name["9ore20"])
    assert not rules.upgrades_to(old, by_name["9coalore20"])


def _counts(trains: object) -> dict[str, int]:
    counts: dict[str, int] = {}
    for train in trains:  # type: ignore[attr-defined]
        counts[train.name] = counts.get(train.name, 0) + 1
    return counts


def test_seventeen_trains_option() -> None:
    """"1817 trains": 1817's roster and 20 Pullmans, whatever the players; no 3+ or 4+ phase; 1817's exports."""
    game = new_game("18USA", ["A", "B", "C"], seed=7, optional_rules=["seventeen_trains"])
    assert game.spec.optional_rule("seventeen_trains").short_name == "1817 trains"
    counts = _counts(game.depot.upcoming)
    assert {k: counts[k] for k in ("2", "2+", "3", "4", "5", "6", "7", "P")} == {
        "2": 40, "2+": 4, "3": 12, "4": 8, "5": 5, "6": 4, "7": 3, "P": 20}
    assert "3+" not in counts and "4+" not in counts
    assert [p.name for p in game.spec.phases] == ["2", "2+", "3", "4", "5", "6", "7", "8"]
    game.export_train()  # the 2s go while they are next ...
    game.export_train()  # ... then one train per round (18USA's own rule would export every 2 again)
    counts = _counts(game.depot.upcoming)
    assert "2" not in counts and counts["2+"] == 3
    plain = new_game("18USA", ["A", "B", "C"], seed=7)
    assert "3+" in _counts(plain.depot.upcoming) and "3+" in [p.name for p in plain.spec.phases]


def test_a_bidder_who_cannot_reach_the_next_bid_passes_by_itself() -> None:
    """The site's 18USA stock step passes for a player whose bidding power (cash, companies and the city's
    subsidy) is below the next bid: a real game's recorded ``auto_actions`` are what live play does."""
    from engine import build_game
    from engine.core.actions import Action
    from engine.core.history import filter_actions
    from engine.programs import programmed_after
    from engine.record import GameRecord

    record = GameRecord.load(shared_or_skip(FIXTURES / "18USA" / "18USA_game_end_bankrupt.json"))
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    compared = 0
    for position, raw in enumerate(kept):
        if raw is None:
            continue
        if position in (200, 207, 229):  # after a pass or a home token the next bidders cannot reach $101
            plain = {k: v for k, v in raw.items() if k != "auto_actions"}
            game.loading = False
            autos = programmed_after(game, Action.from_dict(plain))
            game.loading = True
            wanted = [(a["type"], a["entity"]) for a in raw["auto_actions"]]
            assert [(a.type, a.entity) for a in autos] == wanted
            compared += 1
        game.process_action(raw, position)
        if position == 229:
            break
    assert compared == 3


def test_a_lay_that_skips_colours_is_priced_where_the_legal_moves_see_it() -> None:
    """White to brown on a hex without a city costs $20 more (one colour skipped costs $10): the step's
    ``extra_cost`` says so, so the legal moves never offer it to a corporation that cannot pay (a bot laid 546 on
    D4 with $9 and the engine refused it)."""
    from engine.steps.tracker import Tracker

    game = load_game(str(shared_or_skip(FIXTURES / "18USA" / "109372.json")), upto=142)
    step = game.round.active_step()
    assert type(step).__name__ == "Track18USA"
    white = next(h for h in game.hexes if h.tile.color == "white" and not h.tile.cities)
    lay = {"lay": True, "upgrade": True, "cost": 0, "upgrade_cost": 0, "cannot_reuse_same_hex": False}
    costs = {}
    for colour in ("yellow", "green", "brown"):
        tile = next(t for t in game.tiles if t.color == colour and not t.cities)
        costs[colour] = step.extra_cost(tile, lay, white) - Tracker.extra_cost(step, tile, lay, white)
    assert costs == {"yellow": 0, "green": 10, "brown": 20}


def test_free_brown_home_upgrade_uses_no_tile_lay() -> None:
    """A corporation that has not operated turns its white home city brown without using one of its lays
    (playout 5001: N&W upgrades E23 to 63, lays 7 on D22 and may still lay, as the reference)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "18usa_playout_5001_free_brown_home.json"
    game = load_game(str(path), upto=326)
    step = game.round.active_step()
    nw = game.corporation_by_id("N&W")
    assert game.hex_by_id("E23").tile.name == "63"
    assert step.NAME == "Track" and step.current_entity() is nw
    assert step.state.num_laid_track == 1 and "lay_tile" in step.actions(nw)
    # after the buy-train step the loan step waits for N&W (interest paid, loans still possible)
    game = load_game(str(path))
    step = game.round.active_step()
    nw = game.corporation_by_id("N&W")
    assert step.NAME == "Loan" and step.current_entity() is nw
    assert {"take_loan", "pass"} <= set(step.actions(nw))


def test_bank_liquidation_keeps_the_graph_as_the_reference() -> None:
    """The bank liquidating a corporation in the acquisition round removes its tokens without clearing the graph
    (the reference does not): N&W's reach computed while IC's token blocked E11 still stands, so its lay on E15
    is refused as the reference refuses it (playout 5112, action 127)."""
    from pathlib import Path

    from engine.errors import GameError

    path = Path(__file__).parent / "data" / "18usa_playout_5112_bank_liquidation_keeps_graph.json"
    game = load_game(str(path), upto=126)
    nw = game.corporation_by_id("N&W")
    assert "E15" not in {h.id for h in game.graph.connected_hexes(nw)}
    with pytest.raises(GameError, match="E15"):
        load_game(str(path))


def test_a_company_laying_a_resource_tile_uses_the_resource() -> None:
    """The Great Northern (P17) laying an ore tile uses up the ore of the Keystone Bridge (P21), as a lay by the
    corporation does; ATSF has no ore left for C7 afterwards (playout 5180, actions 123 and 157)."""
    from pathlib import Path

    from engine.errors import GameError

    path = Path(__file__).parent / "data" / "18usa_playout_5180_company_lays_resource.json"
    before = load_game(str(path), upto=122)
    assert "tile_lay" in [a.type for a in before.company_by_id("P21").all_abilities()]
    after = load_game(str(path), upto=123)
    assert after.hex_by_id("B10").tile.name == "9ore10"
    assert "tile_lay" not in [a.type for a in after.company_by_id("P21").all_abilities()]
    with pytest.raises(GameError, match="8ore10"):
        load_game(str(path))


def test_law_firm_token_only_in_its_owners_track_step() -> None:
    """The Law Firm (P20) places its token during its corporation's track step only: in another corporation's
    buy-train step it offers nothing (playout 5317: KCS's P20 was offered in NP's turn, then refused)."""
    from pathlib import Path

    from engine.moves import legal_moves

    path = Path(__file__).parent / "data" / "18usa_playout_5317_law_firm_off_turn.json"
    game = load_game(str(path))
    assert game.round.active_step().NAME == "BuyTrain" and game.round.current_operator.id == "NP"
    p20 = game.company_by_id("P20")
    assert p20.owner.id == "KCS"
    assert all(m.entity != "P20" for m in legal_moves(game).moves)


def test_a_subsidy_resource_lay_uses_no_tile_lay() -> None:
    """A resource tile laid by an ability that does not consume a lay (the S16 subsidy's ore) leaves the turn's
    lays as they were: SR may still lay after it, as the reference (playout 5497, action 82)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "18usa_playout_5497_subsidy_resource_lay.json"
    game = load_game(str(path), upto=82)
    step = game.round.active_step()
    assert game.hex_by_id("C7").tile.name == "7ore10"
    assert step.NAME == "Track" and step.state.num_laid_track == 1
