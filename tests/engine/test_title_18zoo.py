"""18ZOO (six maps, one family package ``engine/titles/g18zoo``).

Every map is registered: ``test_fixtures.py`` replays every real game (result, trace, strict mode).  These tests
cover the maps' data and the rules the real games pass through once: Rabbits' and Moles' lays in live play, a pass
by a player not acting while the powers step waits, a recorded subsidy, a route decoded leg by leg."""

from __future__ import annotations

from typing import Any

import pytest

from engine import load_game
from engine.errors import GameError, IllegalAction
from engine.moves.registry import check_action
from engine.record import GameRecord
from engine.titles.g18zoo import data
from engine.titles.g18zoo.maps import MAPS
from tests.conftest import fixture_files

GAMES = {f"{p.parent.name}/{p.stem}": p for m in "ABCDEF" for p in fixture_files(f"18ZOOMap{m}")}
needs_fixtures = pytest.mark.skipif(not GAMES, reason="../shared/fixtures is absent")


def _upto(key: str, index: int) -> tuple[Any, Any]:
    record = GameRecord.load(GAMES[key])
    return load_game(record, upto=index, strict=True), record


def _lays(game: Any, company: str, hex_id: str) -> set[str]:
    from engine.moves.registry import legal_moves

    return {m.tile for m in legal_moves(game) if m.type == "lay_tile" and m.entity == company
            and getattr(m, "hex", None) == hex_id}


@needs_fixtures
def test_rabbits_upgrade_an_o_tile_to_its_listed_green_before_the_phase() -> None:
    game, record = _upto("18ZOOMapA/or_power.rabbits.O_to_green", 18)
    assert game.hex_by_id("N12").tile.name == "X9" and "green" not in game.phase.tiles
    lays = _lays(game, "RABBITS", "N12")
    assert "X26" in lays and lays <= {"X19", "X20", "X23", "X24", "X26", "X27"}
    assert check_action(game, record.actions[18])


@needs_fixtures
def test_moles_lay_their_special_tiles_over_plain_track() -> None:
    game, record = _upto("18ZOOMapA/or_power.moles", 16)
    assert "X83" in _lays(game, "MOLES", "F18")
    assert check_action(game, record.actions[16])


@needs_fixtures
def test_a_powers_lay_keeps_its_familys_rule_on_reusing_track() -> None:
    """The site checks "must use new track or change city value" for Rabbits' lays as its family's lays
    (playouts found Rabbits' upgrades that reuse only old track: the reference refuses them)."""
    from engine.moves.track import restriction_allows

    game, _ = _upto("18ZOOMapA/or_power.rabbits.O_to_green", 18)
    step = next(s for s in game.round.steps if type(s).__name__ == "ZooSpecialTrack")
    rabbits = game.company_by_id("RABBITS")
    assert step.track_restriction_entity(rabbits) is rabbits.owner
    hex_ = game.hex_by_id("N12")
    tile = next(t for t in game.tiles if t.name == "X26")
    answers = [restriction_allows(step, rabbits, hex_, tile, r) for r in range(6)]
    assert answers == [restriction_allows(step, rabbits.owner, hex_, tile, r) for r in range(6)]
    assert True in answers and False in answers  # (a company's lay was not checked at all before)


@needs_fixtures
def test_the_waiting_powers_step_takes_a_pass_from_a_player_not_acting() -> None:
    game, record = _upto("18ZOOMapA/17", 23)
    action = record.actions[23]
    assert action["type"] == "pass" and action["entity_type"] == "player"
    assert not any(e.id == action["entity"] for e in game.round.active_entities())
    assert check_action(game, action)
    with pytest.raises(IllegalAction):  # only the pass: anything else is still the acting family's
        check_action(game, {**action, "type": "buy_train", "train": game.depot.upcoming[0].id, "price": 1})


@needs_fixtures
def test_a_recorded_subsidy_below_what_the_route_earns_is_paid_as_written() -> None:
    """C/5774 action 367: the legs E9-F6 and F6-H6 end and start at different towns of F6's X27 (matched pair by
    pair, as the site does): 4 towns, where the site recorded a subsidy of 3 and pays it; never more."""
    from engine.moves.route import _subsidy_refusal, build_routes

    game, record = _upto("18ZOOMapC/5774", 367)
    entries = record.actions[367]["routes"]
    routes = build_routes(game, entries)
    assert [game.subsidy_for(r, r.stops) for r in routes] == [6, 4]
    assert _subsidy_refusal(game.subsidy_for, routes, entries, None) is None
    assert check_action(game, record.actions[367])
    more = [entries[0], {**entries[1], "subsidy": 5}]
    assert "earns a subsidy of 4, not 5" in str(_subsidy_refusal(game.subsidy_for, routes, more, None))


@needs_fixtures
def test_legs_matched_pair_by_pair_are_joined_into_one_route() -> None:
    """K3-M15 and M15-L16 were matched to different towns of M15 (the 991 tile): the route that joins up is
    K3 to the town L16 leaves from, M17 back to the other town."""
    from engine.moves.route import build_routes

    game, record = _upto("18ZOOMapF/6535", 226)
    route = build_routes(game, record.actions[226]["routes"])[0]
    assert route.computed_revenue() >= 150
    legs = route.connection_data()
    assert all(legs[i].left is legs[i - 1].right for i in range(1, len(legs)))
    m15 = [s for s in route.visited_stops if s.hex is not None and s.hex.id == "M15"]
    assert len(m15) == 2 and m15[0] is not m15[1]


def test_every_map_has_its_title_data() -> None:
    for letter, zoo_map in MAPS.items():
        spec = data.title_for(zoo_map)
        assert spec.title == f"18ZOO - Map {letter}"
        assert [c.sym for c in spec.corporations] == [c for c in ("CR", "GI", "PB", "PE", "LI", "TI", "BB", "EL")
                                                      if c in zoo_map.corporations]
        assert all(c.coordinates == zoo_map.homes[c.sym] for c in spec.corporations)
        assert spec.cert_limit_for(2) == (10 if len(spec.corporations) == 5 else 12)
        assert set(zoo_map.hole.pairs) and all(len(k.split("-")) == 2 for k in zoo_map.hole.pairs)


def test_a_new_game_deals_powers_and_tickets() -> None:
    from engine.titles.g18zoo.rules import Game18ZOOMapA

    game: Any = Game18ZOOMapA([(1, "Ann"), (2, "Bob")], seed=7)
    powers = [c for c in game.companies if not game.is_ticket(c)]
    assert len(powers) == 20 and len(game.available_companies) == 4 and len(game.future_companies) == 4
    assert all(sum(1 for c in p.companies if game.is_ticket(c)) == 3 for p in game.players)
    assert game.players[0].cash == 40 and game.bank.cash == -80
    assert all(not c.shares[-1].buyable for c in game.corporations)


def test_five_players_draft_six_powers_and_hold_two_tickets() -> None:
    from engine.titles.g18zoo.rules import Game18ZOOMapD

    game: Any = Game18ZOOMapD([(i, f"P{i}") for i in range(1, 6)], seed=3)
    assert len(game.available_companies) == 6
    assert all(sum(1 for c in p.companies if game.is_ticket(c)) == 2 for p in game.players)
    assert not game.near_families.enforced  # the near-family rule is for fewer than five players


def test_base_options_replace_the_centre_of_the_map() -> None:
    from engine.titles.g18zoo.rules import Game18ZOOMapA

    game: Any = Game18ZOOMapA([(1, "Ann"), (2, "Bob")], seed=1, optional_rules=["base_3"])
    assert game.hex_by_id("H10").tile.cities  # base 3 puts a Y city in the centre
    plain: Any = Game18ZOOMapA([(1, "Ann"), (2, "Bob")], seed=1)
    assert not plain.hex_by_id("H10").tile.cities


@needs_fixtures
def test_ticket_sold_in_the_operating_round_splits_its_value() -> None:
    """A ZOOTicket sold for a family: the family gets the chosen part, the player the rest."""
    path = GAMES["18ZOOMapA/sell_ticket_zoo_in_any_step"]
    record = GameRecord.load(path)
    game: Any = load_game(record, upto=11)  # action 11: ZOOTicket 2 of Player 1 sold for GI, 5$ to GI
    gi = game.corporation_by_id("GI")
    ticket = game.company_by_id("ZOOTicket 2 - Player 1")
    before = (gi.cash, ticket.owner.cash, ticket.value)
    step = next(s for s in game.round.steps if hasattr(s, "offers_ability_choice") and s.offers_ability_choice(ticket))
    values = [c.value["price"] for c in step.ability_choices(ticket)]
    assert values == list(range(1, before[2] + 1))
    game.process_action(record.actions[11], 11)
    assert gi.cash == before[0] + 5 and ticket.closed


def test_a_squeeze_adds_to_the_subsidy_of_its_familys_trains_only_while_they_are_its() -> None:
    """"A squeeze" (+3$ to a subsidy) and "Two barrels" are asked of the first train's owner at the dividend: a
    1S whose Patch came off after the run belongs to nobody (playout E seed 10: the site paid 1$, not 4$)."""
    from types import SimpleNamespace

    from engine.titles.g18zoo.rules import Game18ZOOMapE

    game: Any = Game18ZOOMapE([(1, "Ann"), (2, "Bob")], seed=1)
    family = game.corporation_by_id("PB")
    game.power("A_SQUEEZE").owner = family
    train = SimpleNamespace(owner=family)
    routes: Any = [SimpleNamespace(train=train, subsidy=1, corporation=family)]
    assert game.routes_subsidy(routes) == 4
    train.owner = None
    assert game.routes_subsidy(routes) == 1


def test_home_track_lays_on_the_home_hex_only() -> None:
    """Playout Map B seed 9159: BB is started while its home I6 already holds a yellow tile; its home track may only
    upgrade the home (the step's own reach, ``hex_neighbors``), which the par's yellow tiles cannot: pass is the only
    move.  The legal moves once offered tiles on G2, I2, G6 and J3 (the family's whole reach), which the lay -- and
    the reference -- refuse ("G2 is not legally rotated for 5")."""
    from pathlib import Path

    from engine.moves import legal_moves
    from engine.moves.track import narrows_reach
    from engine.titles.g18zoo.steps import HomeTrack

    game = load_game(Path(__file__).parent / "data" / "18zoo_map_b_playout_9159_home_track_on_laid_home.json")
    step = game.round.active_step()
    assert isinstance(step, HomeTrack) and narrows_reach(step)
    moves = legal_moves(game)
    assert not moves.of_type("lay_tile")
    assert any(m.entity == "BB" for m in moves.of_type("pass"))
    with pytest.raises(IllegalAction):
        game.process_action({"type": "lay_tile", "entity": "BB", "entity_type": "corporation", "hex": "G2",
                             "tile": "5-0", "rotation": 3})


def test_a_squeeze_nobody_owns_counts_for_a_1s_whose_patch_came_off() -> None:
    """Playout Map F seed 9018: BB runs its 1S (subsidy 1), takes the Patch off (the 1S has no owner any more),
    then pays.  The site asks "A squeeze"'s owner against the first train's owner: both nobody, so the subsidy
    gets its 3 more (BB's cash 22 in the reference, not 19)."""
    from pathlib import Path

    game = load_game(Path(__file__).parent / "data" / "18zoo_map_f_playout_9018_squeeze_after_patch_off.json")
    assert game.power("A_SQUEEZE").owner is None
    assert game.corporation_by_id("BB").cash == 22


def _map_e_9081(actions: int) -> Any:
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "18zoo_map_e_playout_9081_discarded_1s.json").read_text())
    data["actions"] = data["actions"][:actions]
    return load_game(data)


def test_a_discarded_1s_is_not_offered_for_nothing() -> None:
    """Playout Map E seed 9081: GI discards its patched 1S over the train limit (action 394); the 1S lands in the
    depot's discard at price 0, as the site's does.  The site's buy refuses it ("Cannot spend zero"), so the legal
    moves must not offer it (they once did: the playout crashed on TI's buy)."""
    from engine.moves import legal_moves

    game = _map_e_9081(394)
    one_s = game.train_by_id("1S-0")
    assert any(t is one_s for t in game.depot.discarded)
    assert one_s not in game.corporation_by_id("GI").trains
    moves = legal_moves(game)
    assert any(m.entity == "TI" for m in moves.of_type("buy_train"))
    assert not [m for m in moves.of_type("buy_train") if m.train == "1S-0"]
    with pytest.raises(GameError):
        game.process_action({"type": "buy_train", "entity": "TI", "entity_type": "corporation", "train": "1S-0",
                             "price": 0, "variant": "1S"})


def test_the_patch_comes_off_a_discarded_1s() -> None:
    """Same playout, action 535: GI takes the Patch off although its 1S is gone to the discard; the patched train
    comes back to GI all the same, the Patch closes, and the 1S (owner nobody) stays in the discard, as the site's."""
    game = _map_e_9081(535)
    gi = game.corporation_by_id("GI")
    one_s = game.train_by_id("1S-0")
    assert game.power("PATCH").closed
    assert one_s.owner is None and any(t is one_s for t in game.depot.discarded)
    assert one_s not in gi.trains and game.train_with_bandage is None
    assert [t.name for t in gi.trains].count("1S") == 0 and gi.trains


def _supply_ids(game: Any, *names: str) -> list[str]:
    return [t.id for t in game.tiles if t.name in names]


@needs_fixtures
def test_a_river_tile_leaves_the_supply_with_its_plain_face_and_the_lay_names_the_next_copy() -> None:
    """18ZOO's river tiles are the backs of the plain ones, copy for copy: CR's X8-0 and X8-1 take 8-0 and 8-1
    with them, so the next 8 is 8-2, as the site's files name it (Map B, kept action 38: BB lays 8-2)."""
    from engine.moves.registry import legal_moves

    key = "18ZOOMapB/18ZOOMapB_game_end_fixed_round"
    record = GameRecord.load(GAMES[key])
    index = next(i for i, a in enumerate(record.actions) if a.get("type") == "lay_tile" and a.get("tile") == "8-2")
    game = load_game(record, upto=index, strict=True)
    assert game.hex_by_id("G2").tile.id == "X8-0" and game.hex_by_id("H1").tile.id == "X8-1"
    assert not {"8-0", "8-1", "X8-0", "X8-1"} & set(_supply_ids(game, "8", "X8"))
    lays = [m for m in legal_moves(game) if m.type == "lay_tile" and m.tile == "8"]
    assert lays and all(m.tile_ids[0] == "8-2" for m in lays)


@needs_fixtures
def test_a_tile_taken_up_comes_back_with_its_back_at_the_end_of_the_supply() -> None:
    """An upgrade in the operating round gives back the old tile and its back, after every other copy; a stock
    round's bonus track takes its tile only (the site's stock-round steps leave the back on offer)."""
    key = "18ZOOMapA/153535"
    record = GameRecord.load(GAMES[key])
    game = load_game(record, upto=136, strict=True)  # GI's 14-0 on K9 took up 6-0 at 135
    assert game.hex_by_id("H12").tile.id == "8-4"  # a bonus track of TI's stock turn: X8-4 stayed on offer
    assert "X8-4" in _supply_ids(game, "X8")
    game = load_game(record, upto=89, strict=True)
    assert "8-4" in _supply_ids(game, "8")


@needs_fixtures
def test_an_early_file_naming_a_back_already_laid_is_taken_from_the_record_only() -> None:
    """or_power.ancient_maps (April 2021, before the backs): PE lays X8-0 after 8-0 is on the map; the site
    never checks the supply, so the record is taken (strict replay) while the table offers the supply's copy."""
    from engine.moves.cli import check_record

    record = GameRecord.load(GAMES["18ZOOMapA/or_power.ancient_maps"])
    coverage = check_record(record)
    assert not coverage.uncovered and coverage.tolerated == 1
    game = load_game(record, upto=29, strict=True)
    action = dict(record.actions[29])
    assert action["tile"] == "X8-0" and game.hex_by_id("L16").tile.id == "8-0"
    with pytest.raises(GameError):
        check_action(game, action)


def test_every_power_card_says_when_and_how_it_is_used() -> None:
    """Each power's card (draft, Privates tab, tooltips) adds to the printed text when it can be used and the
    gesture that uses it here; the rules summary lists them too."""
    assert {c.sym for c in data.COMPANIES} == set(data.USE)
    for company in data.COMPANIES:
        assert "When:" in company.desc and company.desc.startswith(company.desc.split(". When:")[0])
    assert "When:" in data.TICKET_TEXT and "Powers..." in data.TICKET_TEXT
    summary = data.title_for(MAPS["A"]).rules_summary
    assert "Powers: when they are used" in summary and "Whatsup" in summary and "depot" in summary


def test_two_barrels_end_with_a_skipped_dividend() -> None:
    """Playout Map B seed 7102: PE chooses "Two barrels" (action 201), then takes the Patch off its only train and
    runs nothing; the forced withhold ends the barrels as a paid dividend does (the site's skip processes the same
    withhold), so PE's next run (action 323) gets its O subsidy and "A squeeze" (the reference paid 4$ more)."""
    from pathlib import Path

    from engine.moves import legal_moves

    path = Path(__file__).parent / "data" / "18zoo_map_b_playout_7102_barrels_then_no_run.json"
    game = load_game(path)
    pe = game.corporation_by_id("PE")
    assert game.power("TWO_BARRELS").owner is pe and "BARREL" not in (pe.assignments or {})
    assert game.power("A_SQUEEZE").owner is pe
    runs = [m for m in legal_moves(game) if m.type == "run_routes"]
    assert runs


def _fresh(title: str, optional_rules: list[str] | None = None) -> Any:
    players = [{"id": i, "name": f"Player {i}"} for i in range(1, 5)]
    settings = {"seed": 1, "optional_rules": optional_rules or []}
    return load_game({"id": 1, "title": title, "players": players, "settings": settings, "actions": []})


@pytest.mark.parametrize(
    ("letter", "hex_ids"),
    [("A", {"C9": "C9-0", "M13": "M13-4", "N6": "N6-0", "O7": "O7-1", "E19": "E19-32"}),
     ("C", {"G23": "G23-20", "H24": "H24-0", "N8": "N8-12"}),
     ("D", {"F23": "F23-17", "G24": "G24-0"}),
     ("E", {"E20": "E20-18", "F21": "F21-0"}),
     ("F", {"G7": "G7-0", "K13": "K13-0"})],
)
def test_preprinted_tiles_are_numbered_within_the_maps_own_groups(letter: str, hex_ids: dict[str, str]) -> None:
    # the reference numbers a preprinted tile within its group of hexes: 18ZOO's maps print two gray groups of the
    # same (empty) code, the outer ring and the ring the holes may open, and Map F two single-hex groups of one
    # path; our data had merged them (N6-5 where the reference has N6-0), so a saved game's city ids on those hexes
    # read differently in the reference
    game = _fresh(f"18ZOO - Map {letter}")
    assert {h: game.hex_by_id(h).tile.id for h in hex_ids} == hex_ids


@pytest.mark.parametrize("option", ["base_2", "base_3"])
def test_an_optional_centres_hexes_are_each_a_group_of_their_own(option: str) -> None:
    # the reference's optional_hexes gives each hex of the chosen centre a group of its own, after its colour's
    # others: its tile is <hex>-0 (ours appended it to the group of its code: G11 was "G11-30")
    from engine.titles.g18zoo.maps import MAP_A

    game = _fresh("18ZOO - Map A", [option])
    base = MAP_A.base_2 if option == "base_2" else MAP_A.base_3
    assert base
    for hex_id in base:
        assert game.hex_by_id(hex_id).tile.id == f"{hex_id}-0"
