"""1822 family rules found by playouts and bot games: the tax haven's IPO share that floats a major floats it then
and there (full capitalisation: its remaining IPO shares go to the market), as the reference's float check after
the purchase does; minor 14 acquired from the bid box is not "replaced" where its token could go nowhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import load_game

DATA = Path(__file__).parent / "data"


def test_the_tax_havens_ipo_share_that_reaches_the_float_floats_the_major() -> None:
    # 1822CA playout seed 4000: P11 bought CNoR's sixth share from the IPO (50% sold); the float was checked on a
    # stale flag, so CNoR stayed unfloated with £240 and half its shares in the IPO (the reference: floated, £600,
    # the IPO's 50% in the market); 17 actions on, the reference refused a tile lay at AD12 we had offered
    raw = json.loads((DATA / "1822ca_playout_4000_tax_haven_floats.json").read_text())
    game = load_game(raw)
    cnor = game.corporation_by_id("CNoR")
    assert not cnor.floated and cnor.ipo_owner.percent_of(cnor) == 60
    game.process_action(
        {
            "type": "choose_ability",
            "entity": "P11",
            "entity_type": "company",
            "choice": "CNoR_ipo",
            "id": raw["actions"][-1]["id"] + 1,
        }
    )
    assert cnor.floated and cnor.cash == 600
    assert cnor.ipo_owner.percent_of(cnor) == 0 and game.share_pool.percent_of(cnor) == 50


def test_minor_14_is_not_replaced_by_a_token_no_london_city_can_take() -> None:
    # 1822 arena seed 2 (four Beginners): LNWR, whose track reaches only its own London city, acquired minor 14
    # from the bid box and chose "replace": the token must go to a London city LNWR reaches and has no token in,
    # there is none, and both engines then refuse every place_token (the reference: "not connected"): a stall
    from engine.moves import legal_moves

    game = load_game(DATA / "1822_arena_2_minor_14_token_nowhere.json")
    moves = legal_moves(game)
    chooses = moves.of_type("choose")
    assert [c.value for m in chooses for c in m.choices] == ["exchange"]  # type: ignore[attr-defined]
    assert any(u.id == "replace" for u in moves.unusable)


def test_a_private_whose_lay_is_the_corporations_lay_is_not_offered_after_a_lay() -> None:
    # 1822CA ERS playout seed 6007: CPR laid tile 8 at U13, then P29's town-removing lay (consume_tile_lay) was
    # offered and taken; the reference refused it ("Blocking step Lay Track cannot process action lay_tile"):
    # once the corporation has laid track, 1822CA's consume_tile_lay privates have no usable ability
    import pytest

    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822ca_ers_playout_6007_town_private_after_a_lay.json")
    assert not [m for m in legal_moves(game).moves if m.entity == "P29"]
    with pytest.raises(GameError, match="cannot lay tile"):
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "P29",
                "entity_type": "company",
                "hex": "U11",
                "tile": "7-0",
                "rotation": 0,
                "id": 123,
            }
        )


def test_the_bridge_private_lays_only_for_a_corporation_with_a_token_at_its_bridge() -> None:
    # 1822NRS playout seed 6003: LYR (tokens at G22, E26, I22, H23) owns P21, the Grimsby/Hull bridge; its lay at
    # Grimsby (N23) was offered and taken; the reference refused it ("Blocking step Lay/Upgrade Track cannot process
    # action lay_tile"): the bridge private lays only for a corporation with a token in Hull or Grimsby, and only
    # before the corporation's own lays this turn
    import pytest

    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822nrs_playout_6003_bridge_private_without_token.json")
    lyr = game.corporation_by_id("LYR")
    assert game.company_by_id("P21").owner is lyr
    assert not any(t.used and t.hex is not None and t.hex.id in ("N21", "N23") for t in lyr.tokens)
    assert [m for m in legal_moves(game).moves if m.entity == "LYR"]
    assert not [m for m in legal_moves(game).moves if m.entity == "P21"]
    with pytest.raises(GameError, match="cannot lay tile"):
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "P21",
                "entity_type": "company",
                "hex": "N23",
                "tile": "57-1",
                "rotation": 3,
                "id": 864,
            }
        )


def test_the_coal_mine_token_is_not_where_a_corporations_track_starts() -> None:
    # 1822PNW playout seed 6000: CMPS laid the coal mine (P19, tile PNW4) at M14, whose mine token it holds; we
    # walked CMPS's graph from the mine as from a station and offered tile 8 at N13 next to it; the reference
    # refused it ("N13 is not legally rotated for 8"): its graph starts only at normal and destination tokens
    import pytest

    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822pnw_playout_6000_coal_mine_is_no_graph_start.json")
    cmps = game.corporation_by_id("CMPS")
    mine = game.hex_by_id("M14").tile.cities[0]
    assert any(t.corporation is cmps and t.type == "coal" for t in mine.tokens)
    moves = legal_moves(game).moves
    assert [m for m in moves if m.entity == "CMPS"]
    assert not [m for m in moves if m.type == "lay_tile" and getattr(m, "hex", None) == "N13"]
    with pytest.raises(GameError):
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "CMPS",
                "entity_type": "corporation",
                "hex": "N13",
                "tile": "8-13",
                "rotation": 1,
                "id": 595,
            }
        )


def test_a_combination_with_the_estuary_private_is_offered_only_where_its_track_crosses_the_estuary() -> None:
    # 1822 playout seed 7003: minor 24 holds P2 (town remover) and P10 (estuary private, which may be combined
    # with P2); P2 + P10 upgrading the town tile 58 at G34 to 82 at rotation 1 was offered, but the track crosses
    # neither of G34's estuary borders and the lay was refused ("58 is not legally rotated for 82"; the reference:
    # "Must lay tile with one path over an estuary crossing"): a combination's rotations are those the whole
    # combination may lay, as the lay itself checks them
    import pytest

    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822_playout_7003_estuary_private_in_a_combination.json")
    minor = game.corporation_by_id("24")
    assert game.company_by_id("P2").owner is minor and game.company_by_id("P10").owner is minor
    lays = [m for m in legal_moves(game).moves if m.type == "lay_tile" and getattr(m, "hex", None) == "G34"]
    assert [(m.entity, m.tile, m.rotations) for m in lays if not m.combo] == [("24", "141", (1,)), ("P2", "82", (1,))]
    assert not [m for m in lays if m.combo]
    for entity, combo in (("P2", ["P10"]), ("P10", ["P2"])):
        with pytest.raises(GameError):
            game.process_action(
                {
                    "type": "lay_tile",
                    "entity": entity,
                    "entity_type": "company",
                    "hex": "G34",
                    "tile": "82-0",
                    "rotation": 1,
                    "combo_entities": combo,
                    "id": 233,
                }
            )
    game.process_action(
        {
            "type": "lay_tile",
            "entity": "P2",
            "entity_type": "company",
            "hex": "G34",
            "tile": "82-0",
            "rotation": 1,
            "id": 233,
        }
    )
    assert game.hex_by_id("G34").tile.name == "82"


def test_a_player_who_must_sell_and_has_no_sale_stops_the_game_as_the_reference_does() -> None:
    # 1822NRS playout seed 7003 (7 players, certificate limit 8): Player 3 holds 10 certificates after selling
    # the MR shares the pool could take; the rest have not operated or are presidencies, and the LNWR one may go
    # only where the tax haven holds as much (the reference counts that sale, then fails carrying it out): only
    # sell_shares is open and no sale can be made. The playout took that for a crash ("no legal move"); it is the
    # reference's stop too, and the moves say so
    import pytest

    from engine.core.game import STALLS
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822nrs_playout_7003_must_sell_without_a_sale.json")
    player = game.round.current_entity()
    assert player.name == "Player 3"
    assert game.corporation_rules.num_certs(player) > game.cert_limit
    assert game.round.active_step().actions(player) == ["sell_shares"]
    moves = legal_moves(game)
    assert not moves.moves
    assert any(STALLS in u.reason and "must sell" in u.reason for u in moves.unusable)
    last = game.raw_actions[-1]["id"]
    with pytest.raises(GameError):
        game.process_action({"type": "pass", "entity": 3, "entity_type": "player", "id": last + 1})
    with pytest.raises(GameError):
        game.process_action(
            {
                "type": "sell_shares",
                "entity": 3,
                "entity_type": "player",
                "shares": ["LNWR_0"],
                "percent": 10,
                "id": last + 1,
            }
        )


def test_the_town_remover_whose_lay_is_the_corporations_lay_keeps_to_a_hex_with_one_town() -> None:
    # 1822PNW SRS playout seed 9008: 21 used P7 (remove a town; its lay counts as the corporation's lay) to put
    # plain track 8 on Wallula (O20), a city: the lay was offered from the corporation's own hexes, skipping P7's
    # rule; the reference takes it, then fails 116 actions on placing minor 20's home token in the city that was
    # gone.  Live play offers P7 only hexes with one town and says why elsewhere; a loaded file keeps its lay
    from engine.errors import GameError
    from engine.moves import legal_moves

    path = DATA / "1822pnw_srs_playout_9008_town_private_on_a_city.json"
    lay = {
        "type": "lay_tile",
        "entity": "P7",
        "entity_type": "company",
        "hex": "O20",
        "tile": "8-1",
        "rotation": 4,
        "id": 120,
    }
    game = load_game(path)
    moves = legal_moves(game)
    assert [m for m in moves.of_type("lay_tile") if m.entity == "21" and m.hex == "O20"]  # type: ignore[attr-defined]
    assert not [m for m in moves.of_type("lay_tile") if m.entity == "P7" and m.hex == "O20"]  # type: ignore[attr-defined]
    p7_hexes = {m.hex for m in moves.of_type("lay_tile") if m.entity == "P7"}  # type: ignore[attr-defined]
    assert all(len(game.hex_by_id(h).tile.towns) == 1 for h in p7_hexes)
    assert any(u.kind == "hex" and u.id == "O20" and "one town" in u.reason for u in moves.unusable)
    with pytest.raises(GameError, match="P7 removes a town: it lays only on a hex with one town"):
        game.process_action(lay)
    assert game.hex_by_id("O20").tile.cities  # a refused lay changes nothing
    record = json.loads(path.read_text())
    record["actions"].append(lay)
    loaded = load_game(record)  # a saved game holding it (strict from its start) loads: the reference takes it
    assert not loaded.hex_by_id("O20").tile.cities


def test_the_bridge_privates_second_lay_keeps_the_step_after_its_first() -> None:
    # 1822NRS playout seed 7005: 26's P21 (Grimsby/Hull bridge: two lays that go together, the corporation's
    # lay) laid at Grimsby; our step then found P21 no ability ("lays only before the corporation's own lays"),
    # skipped the rest of 26's track and let it buy a train; the reference keeps the step for P21's second lay
    # or its pass ("Blocking step Lay Track for P21-HSBC cannot process action buy_train")
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822nrs_playout_7005_bridge_lays_go_on.json")
    moves = legal_moves(game)
    assert moves.step == "SpecialTrack" and {(m.type, m.entity) for m in moves.moves} >= {("pass", "P21")}
    assert not moves.of_type("buy_train")
    with pytest.raises(GameError):
        game.process_action(
            {
                "type": "buy_train",
                "entity": "26",
                "entity_type": "corporation",
                "train": "3-2",
                "price": 2,
                "variant": "3",
                "id": 98,
            }
        )
    game.process_action({"type": "pass", "entity": "P21", "entity_type": "company", "id": 98})
    assert game.company_by_id("P21").closed  # a private passing its remaining lays closes


def test_an_extra_lay_private_never_takes_a_city_off_the_map() -> None:
    # 1822NRS playout seed 9502: minor 10 used P12 (an extra lay: "all other normal track laying restrictions
    # apply") to put tile 1, two towns, on J29, MR's home city not yet tokened; the reference's company lay checks
    # colour and track only and takes it, then fails 52 actions on placing MR's home token in the city that is
    # gone.  Live play offers only tiles that keep the city and says why for the others; a file holding such a
    # lay still loads (the reference takes it)
    from engine.errors import GameError
    from engine.moves import legal_moves

    path = DATA / "1822nrs_playout_9502_extra_lay_takes_a_city.json"
    lay = {
        "type": "lay_tile",
        "entity": "P12",
        "entity_type": "company",
        "hex": "J29",
        "tile": "1-0",
        "rotation": 1,
        "id": 54,
    }
    game = load_game(path)
    moves = legal_moves(game)
    offered = {m.tile for m in moves.of_type("lay_tile") if m.entity == "P12" and m.hex == "J29"}  # type: ignore[attr-defined]
    assert offered and all(game.tile_by_id(f"{t}-0").cities for t in offered)
    assert any(u.kind == "tile" and u.id == "1" and u.hex == "J29" and "city" in u.reason for u in moves.unusable)
    with pytest.raises(GameError, match="P12 lays by the normal rules: tile 1 would take the city off J29"):
        game.process_action(lay)
    assert game.hex_by_id("J29").tile.cities and game.company_by_id("P12").owner is not None  # nothing changed
    record = json.loads(path.read_text())
    record["actions"].append(lay)
    loaded = load_game(record)  # strict from its start, as the reference takes it
    assert not loaded.hex_by_id("J29").tile.cities


def test_qmoos_home_token_is_not_offered_in_a_reserved_quebec_city() -> None:
    # 1822CA playout seed 10004: QMOO upgraded Québec (AH8) to Q2 and had to choose the city of its home token;
    # the city reserved for minor 5 was offered, and the step (as the reference's) refuses it: "Cannot place
    # QMOO's home token in occupied or reserved city"
    from engine.core.digest import state_digest
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822ca_playout_10004_qmoo_home_in_a_reserved_city.json")
    moves = legal_moves(game)
    cities = {m.city for m in moves.of_type("place_token")}  # type: ignore[attr-defined]
    assert cities == {"Q2-0-0", "Q2-0-2"}
    assert any(u.id == "Q2-0-1" and "reserved city" in u.reason for u in moves.unusable)
    before = state_digest(game)
    with pytest.raises(GameError, match="occupied or reserved city"):
        game.process_action(
            {
                "type": "place_token",
                "entity": "QMOO",
                "entity_type": "corporation",
                "city": "Q2-0-1",
                "slot": 1,
                "id": 251,
            }
        )
    assert state_digest(game) == before
    game.process_action(
        {"type": "place_token", "entity": "QMOO", "entity_type": "corporation", "city": "Q2-0-2", "slot": 0, "id": 251}
    )
    assert game.hex_by_id("AH8").tile.cities[2].tokened_by(game.corporation_by_id("QMOO"))


def test_a_token_a_lay_took_off_the_map_that_can_go_nowhere_stops_the_game_as_the_reference() -> None:
    # 1822MX playout seed 10006: minor 12's P9 lay put X20 (six cities) on San Luis Potosi (K20); minor 10's
    # token there came off for minor 12 to place again, in a city minor 10's track reaches: it has none, and the
    # reference refuses every city ("not connected").  No move; the reason names the stop (a playout reports a
    # stall where the reference stops too, not a crash)
    from engine.core.live import STALLS
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822mx_playout_10006_token_off_the_map_nowhere_to_go.json")
    moves = legal_moves(game)
    assert not moves.moves
    assert [u.id for u in moves.unusable if STALLS in u.reason] == ["10"]
    with pytest.raises(GameError, match="not connected"):
        game.process_action(
            {
                "type": "place_token",
                "entity": "12",
                "entity_type": "corporation",
                "city": "X20-0-0",
                "slot": 0,
                "id": 173,
            }
        )


def test_a_lay_on_a_destination_hex_is_offered_as_the_lay_will_see_the_graph() -> None:
    # 1822CA playout seed 10009 (622 actions): GT's turn; GT reaches Montreal (AF12) only through its
    # destination token there.  A lay on a destination hex first picks the destination tokens up, then asks the
    # graph: with no graph cached for GT (the reference's state here) it walks afresh without the token and AF12
    # is not reached: the reference (STRICT) refused the M2 -> M5 the moves had offered ("M2 is not legally
    # rotated for M5").  The moves now offer no lay at AF12, and the lay is refused
    import random

    from engine.errors import GameError
    from engine.moves import legal_moves

    path = DATA / "1822ca_playout_10009_stale_graph_lay_offered.json"
    game = load_game(path)
    gt = game.corporation_by_id("GT")
    montreal = game.hex_by_id("AF12")
    assert any(
        t.corporation is gt and t.type == "destination" and t.cheater
        for c in montreal.tile.cities
        for t in c.tokens
        if t is not None
    )
    assert gt not in game.graph._connected_hexes
    lays = legal_moves(game).of_type("lay_tile")
    assert lays and not [m for m in lays if m.hex == "AF12"]  # type: ignore[attr-defined]
    assert montreal in game.graph.connected_hexes(gt)  # (the walk with the token down still reaches it)
    with pytest.raises(GameError, match="AF12"):  # (refused by the check of the legal moves first)
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "GT",
                "entity_type": "corporation",
                "hex": "AF12",
                "tile": "M5-0",
                "rotation": 0,
                "id": 623,
            }
        )
    # the other lays offered are taken
    for move in random.Random(1).sample(lays, min(3, len(lays))):
        game = load_game(path)
        game.process_action({**move.sample(random.Random(1)), "id": 623})


def test_a_graph_cached_before_a_destination_lay_is_the_one_the_lay_and_the_moves_use() -> None:
    # the same position with GT's graph cached (with the destination token down) before the lay, as the
    # reference's cache would be had something asked for it since the last clear: the lay finds AF12 reached
    # through that cached graph, and the moves offer the lay there
    import random

    from engine.moves import legal_moves

    path = DATA / "1822ca_playout_10009_stale_graph_lay_offered.json"
    game = load_game(path)
    gt = game.corporation_by_id("GT")
    game.graph.connected_hexes(gt)
    game.read_guard.mark()  # the entry is now part of the state, not a read's
    lays = [m for m in legal_moves(game).of_type("lay_tile") if m.hex == "AF12"]  # type: ignore[attr-defined]
    assert {m.tile for m in lays} == {"M4", "M5"}  # type: ignore[attr-defined]
    game.process_action({**lays[0].sample(random.Random(1)), "id": 623})
    assert game.hex_by_id("AF12").tile.name == lays[0].tile  # type: ignore[attr-defined]


def test_a_reachable_private_lay_on_a_destination_hex_must_reach_it_without_the_tokens() -> None:
    # 1822CA ERS playout seed 12100 (443 actions): GT owns P16 (free Montreal upgrades, ``reachable``) and reaches
    # Montreal (AF12) only through its destination token there.  The lay picks that token up, and the reachable
    # check runs after the lay on a fresh walk: AF12 is not reached, and both engines (the reference STRICT)
    # refused P16's M8 the moves had offered ("Track laid must be connected to one of GT's stations")
    from engine.errors import GameError
    from engine.moves import legal_moves

    path = DATA / "1822ca_ers_playout_12100_private_lay_on_a_lifted_destination.json"
    game = load_game(path)
    gt = game.corporation_by_id("GT")
    montreal = game.hex_by_id("AF12")
    assert game.company_by_id("P16").owner is gt
    assert game.graph.reachable_hexes(gt).get(montreal)  # (with the token down GT reaches it)
    assert game.reach_after_a_lay(gt, montreal) == (False, [])
    moves = legal_moves(game)
    assert not [m for m in moves.moves if m.entity == "P16"]
    assert moves.of_type("pass")  # (GT may still end its track turn)
    with pytest.raises(GameError, match="connected to one of GT's stations"):
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "P16",
                "entity_type": "company",
                "hex": "AF12",
                "tile": "M8-0",
                "rotation": 0,
                "id": 444,
            }
        )
    assert montreal.tile.name == "M5"


def test_a_reachable_private_lay_keeps_the_sides_its_track_comes_to_once_the_tokens_are_up() -> None:
    # the same position with GT's destination token moved off Montreal's city onto no hex: nothing is lifted,
    # and the private's hexes are the step's own (the reach with the tokens down)
    game = load_game(DATA / "1822ca_ers_playout_12100_private_lay_on_a_lifted_destination.json")
    montreal = game.hex_by_id("AF12")
    step = next(s for s in game.round.steps if type(s).__name__ == "SpecialTrackCA")
    p16 = game.company_by_id("P16")
    assert step.available_hex(p16, montreal) is None
    for city in montreal.tile.cities:
        for token in [t for t in city.tokens if t is not None and t.type == "destination"]:
            token.cheater = False  # (no longer one the lay picks up)
    assert not game.destination_tokens_a_lay_lifts(montreal)
    assert step.available_hex(p16, montreal) == list(range(6))


def test_queretaro_toluca_track_must_join_mexico_city_while_mc_has_no_owner() -> None:
    # 1822MX playout seed 10008 (562 actions): nobody holds the MC concession (C2) or MC, so track in M22 must
    # run from Mexico City (edge 5) through a town to a neighbour whose track meets it (rules 6.9.2); minor 6's
    # tile 2 at rotation 3 does not, and the reference refused it ("M22 is not legally rotated for 2")
    from engine.errors import GameError
    from engine.moves import legal_moves

    path = DATA / "1822mx_playout_10008_m22_must_connect_mexico_city.json"
    game = load_game(path)
    hex_ = game.hex_by_id("M22")
    assert game.must_connect_mc(hex_)
    offered = {
        (m.tile, r)
        for m in legal_moves(game).of_type("lay_tile")
        if m.hex == "M22"  # type: ignore[attr-defined]
        for r in m.rotations
    }  # type: ignore[attr-defined]
    assert offered == {("1", 2), ("1", 5), ("69", 1)}  # each accepted by the reference, all others refused
    with pytest.raises(GameError, match="not legally rotated"):
        game.process_action(
            {
                "type": "lay_tile",
                "entity": "6",
                "entity_type": "corporation",
                "hex": "M22",
                "tile": "2-0",
                "rotation": 3,
                "id": 563,
            }
        )
    game.process_action(
        {
            "type": "lay_tile",
            "entity": "6",
            "entity_type": "corporation",
            "hex": "M22",
            "tile": "1-0",
            "rotation": 2,
            "id": 563,
        }
    )
    assert hex_.tile.name == "1"


def test_a_run_whose_only_token_is_the_coal_mine_is_refused() -> None:
    # 1822PNW playout seed 12003 (576 actions): ORNC holds the coal mine token at I18 (P19's PNW4) and ran its 2P
    # train I18-J21 (a town) for 70, touching none of its station tokens.  The reference finds no chain with a
    # city its city_tokened_by? counts (the coal mine is not one): no stops, so no mail subsidy (we paid ORNC $30
    # for P9's mail contract), and its own router refuses the run ("Route must contain token")
    from engine.errors import GameError

    game = load_game(DATA / "1822pnw_playout_12003_run_from_the_coal_mine_only.json")
    ornc = game.corporation_by_id("ORNC")
    mine = game.hex_by_id("I18").tile.cities[0]
    assert any(t.corporation is ornc and t.type == "coal" for t in mine.tokens if t is not None)
    assert not game.city_tokened_by(mine, ornc)
    with pytest.raises(GameError, match="token"):
        game.process_action(
            {
                "type": "run_routes",
                "entity": "ORNC",
                "entity_type": "corporation",
                "routes": [
                    {
                        "train": "2P-0",
                        "connections": [["I18", "I20", "J21"]],
                        "hexes": ["I18", "J21"],
                        "revenue": 70,
                        "revenue_str": "I18-J21",
                        "nodes": ["I18-0", "J21-0"],
                    }
                ],
                "id": 577,
            }
        )


def test_the_route_optimiser_starts_no_run_at_the_coal_mine() -> None:
    # the same state: the optimiser's network starts at the tokens city_tokened_by counts (not the coal mine), the
    # lumber baron and paper mill bonuses skip its stand-in route (they raised AttributeError on it), and what it
    # offers is a run the engine takes
    from engine.routing.optimiser import best_routes

    game = load_game(DATA / "1822pnw_playout_12003_run_from_the_coal_mine_only.json")
    ornc = game.corporation_by_id("ORNC")
    found = best_routes(game, ornc)
    assert found.total > 0
    assert all("I18" not in route["hexes"] or "J23" in route["hexes"] for route in found.routes)
    game.process_action(
        {"type": "run_routes", "entity": "ORNC", "entity_type": "corporation", "routes": found.routes, "id": 577}
    )
    assert game.raw_actions[-1]["id"] == 577


def test_a_tile_code_heading_two_groups_keeps_each_groups_tile_ids() -> None:
    # 1822MX playout seed 12007: CHP placed a token in Houston (G24) as city "G24-1-0"; the reference could not
    # read the action ("h_to_args() returned nil :city"): its gray A2 and G24 are two groups of the same code, so
    # each tile is the first of its group (G24-0), where our data had merged them (G24 second: G24-1) and moved
    # G24 ahead of C8, C14 and F23 in the map's order.  A later group of a code is keyed ``code~tag``
    from engine.titles.spec import group_code

    game = load_game(
        {
            "id": 12007,
            "title": "1822MX",
            "players": [{"id": i, "name": f"Player {i}"} for i in range(1, 5)],
            "settings": {"seed": 12007},
            "actions": [],
        }
    )
    assert game.hex_by_id("A2").tile.id == "A2-0" and game.hex_by_id("G24").tile.id == "G24-0"
    assert game.city_by_id("G24-0-0").hex is game.hex_by_id("G24")
    gray = [h.id for h in game.hexes if h.tile.color == "gray"]
    assert gray == ["A2", "C8", "C14", "F23", "G24", "Q34"]  # the reference's order
    assert group_code("junction;path=a:0,b:_0,terminal:1~2") == "junction;path=a:0,b:_0,terminal:1"
    pnw = load_game(
        {
            "id": 1,
            "title": "1822PNW",
            "players": [{"id": i, "name": f"Player {i}"} for i in range(1, 4)],
            "settings": {"seed": 1},
            "actions": [],
        }
    )
    assert [pnw.hex_by_id(h).tile.id for h in ("C24", "I24", "M24", "Q8", "Q18")] == [
        "C24-0",
        "I24-0",
        "M24-0",
        "Q8-0",
        "Q18-1",
    ]
    # 1822CA's map merges its parts group by group (the eastern part's blank hexes are a group of their own)
    ca = load_game(
        {
            "id": 1,
            "title": "1822CA",
            "players": [{"id": i, "name": f"Player {i}"} for i in range(1, 4)],
            "settings": {"seed": 1},
            "actions": [],
        }
    )
    assert ca.hex_by_id("U9").tile.id == "U9-0"


def test_the_minor_14_token_a_major_cannot_pay_for_is_not_offered_and_stops_the_game_as_the_reference() -> None:
    # 1822MRS playout seed 14023 (6 players, 558 actions): SWR acquired minor 14 with £17 left and chose to replace
    # its token; that token costs £20 where SWR's track reaches London (the token ability the acquisition gives).
    # The moves offered both London cities at no cost; the engine, as the reference (STRICT), refused "SWR has
    # £17, cannot spend £20".  Now each city is unusable with the price, and the stop is named (a stall in both)
    from engine.core.live import STALLS
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822mrs_playout_14023_minor14_token_unaffordable.json")
    moves = legal_moves(game)
    assert not moves.moves
    cities = [u for u in moves.unusable if u.kind == "city"]
    assert {u.id for u in cities} == {"M38-0-0", "M38-0-1"}
    assert all("cannot pay £20" in u.reason for u in cities)
    assert [u.id for u in moves.unusable if STALLS in u.reason] == ["SWR"]
    with pytest.raises(GameError, match="cannot spend"):
        game.process_action(
            {
                "type": "place_token",
                "entity": "SWR",
                "entity_type": "corporation",
                "city": "M38-0-1",
                "slot": 1,
                "id": 559,
            }
        )
    # with the money the same token is offered at its price
    game = load_game(DATA / "1822mrs_playout_14023_minor14_token_unaffordable.json")
    game.corporation_by_id("SWR").cash += 3
    offered = legal_moves(game).moves
    assert {m.city for m in offered} == {"M38-0-0", "M38-0-1"} and {m.cost for m in offered} == {20}


def test_a_destination_whose_city_a_private_turned_into_towns_stops_the_game_as_the_reference() -> None:
    # 1822 playout seed 15002 (6 players): at action 207 P12 with P10 laid tile 2 (two towns) on Carlisle (G12),
    # CR's destination: a company's lay skips the city and town counts, and the reference (STRICT) takes it.  At
    # action 1841 CR's home came to reach G12: the destination token was offered, and placing it raised IndexError
    # (no city on the hex); the reference fails there too (NoMethodError in place_destination_token) and refuses
    # the pass ("cannot skip placing its destination token"): a stall both engines share, now named so
    from engine.core.digest import state_digest
    from engine.core.live import STALLS
    from engine.errors import GameError
    from engine.moves import legal_moves

    game = load_game(DATA / "1822_playout_15002_destination_city_turned_town.json")
    carlisle = game.hex_by_id("G12")
    assert carlisle.tile.name == "2" and not carlisle.tile.cities
    moves = legal_moves(game)
    assert not moves.moves
    assert [(u.id, u.hex) for u in moves.unusable] == [("destination", "G12")]
    assert STALLS in moves.unusable[0].reason and "no city left" in moves.unusable[0].reason
    before = state_digest(game)
    for action in (
        {"type": "hex_token", "entity": "CR", "entity_type": "corporation", "hex": "G12", "token_type": "destination"},
        {"type": "pass", "entity": "CR", "entity_type": "corporation"},
    ):
        with pytest.raises(GameError, match=r"no city left|cannot skip placing its destination token"):
            game.process_action({**action, "id": 1842})
        assert state_digest(game) == before  # refused actions change nothing


def test_a_lay_that_leaves_a_joined_citys_extra_slot_empty_is_refused_as_by_the_reference() -> None:
    # 1822CA playout seed 14009 @666: GTP's T4 on AC21 joins the hex's two cities into one of two slots: GT's
    # token, GTP's (third in the new city: an extra slot) and GT's second one, which goes back.  The slots are then
    # [GT, GTP, empty]: the reference (remove_cheater_slot!) finds the empty slot, requires the city's LAST token to
    # be an extra one and fails on the empty last slot (NoMethodError), refusing the lay; ours cut the search at the
    # end of the reservations' list (Python's zip; Ruby's pads) and took the lay with a slot too many
    from engine.core.digest import state_digest
    from engine.core.live import STALLS
    from engine.errors import GameError

    game = load_game(DATA / "1822ca_playout_14009_extra_slot_left_empty.json")
    city = game.hex_by_id("AC21").tile.cities
    before = state_digest(game)
    tokens_before = [[(t.corporation.id, t.type) if t else None for t in c.tokens] for c in city]
    lay = {
        "type": "lay_tile",
        "entity": "GTP",
        "entity_type": "corporation",
        "hex": "AC21",
        "tile": "T4-0",
        "rotation": 0,
        "id": 666,
    }
    with pytest.raises(GameError, match="extra slot cannot be given back") as refused:
        game.process_action(lay)
    assert STALLS in str(refused.value)  # a playout then chooses another move
    assert state_digest(game) == before  # refused actions change nothing
    cities = game.hex_by_id("AC21").tile.cities
    assert [[(t.corporation.id, t.type) if t else None for t in c.tokens] for c in cities] == tokens_before


def test_a_destination_token_in_an_extra_slot_moves_into_the_slot_a_returned_token_freed() -> None:
    # 1822MRS playout seed 14153 @1085: SECR's destination token goes to P41 (two slots: SECR's and GWR's tokens)
    # in an extra slot; SECR's normal token there goes back, and the destination token moves into the freed first
    # slot: [SECR destination, GWR], as the reference's slots (probed).  Ours had left [empty, GWR, SECR
    # destination] (its zip stopped at the empty reservations' list), a free slot LNWR then ran through; the
    # saved playout (made by that engine) records that run at 1271, which the reference takes unchecked (its
    # run_routes trusts a recorded revenue) and which is not connected through the full city: refused now
    from engine.errors import GameError

    raw = json.loads((DATA / "1822mrs_playout_14153_destination_token_takes_the_freed_slot.json").read_text())
    game = load_game(raw, upto=1084)
    city = game.hex_by_id("P41").tile.cities[0]
    assert [(t.corporation.id, t.type) if t else None for t in city.tokens] == [("SECR", "normal"), ("GWR", "normal")]
    game.process_action(raw["actions"][1084], position=1084)  # SECR's destination token
    assert [(t.corporation.id, t.type) if t else None for t in city.tokens] == [
        ("SECR", "destination"),
        ("GWR", "normal"),
    ]
    assert city.slots == city.normal_slots == 2
    assert city.blocks(game.corporation_by_id("LNWR"))
    for position in range(1085, 1270):
        game.process_action(raw["actions"][position], position=position)
    assert [(t.corporation.id, t.type) if t else None for t in city.tokens] == [
        ("SECR", "destination"),
        ("GWR", "normal"),
    ]
    run = raw["actions"][1270]
    assert run["type"] == "run_routes" and "P41" in run["routes"][1]["hexes"]
    with pytest.raises(GameError, match="Route is not connected"):
        game.process_action(run, position=1270)


def test_the_moves_do_not_offer_a_lay_that_leaves_a_joined_citys_extra_slot_empty() -> None:
    # 1822CA playout seed 14009 @666: GTP's acquisition lay on AC21 offered T4 and T5; T4 is refused (above), so the
    # moves show it unusable with the reason (tried on a copy: GT has tokens in both cities of the hex) and offer
    # T5 (three slots: GT's second token goes back and no extra slot is left; the reference takes it too)
    from engine.errors import GameError
    from engine.moves import check_action, legal_moves
    from engine.titles.family1822.rules import EXTRA_SLOT_KEPT

    game = load_game(DATA / "1822ca_playout_14009_extra_slot_left_empty.json")
    moves = legal_moves(game)
    lays = {m.tile: m.rotations for m in moves.of_type("lay_tile") if m.hex == "AC21"}  # type: ignore[attr-defined]
    assert lays == {"T5": (0,)}
    t4 = [u for u in moves.unusable if u.hex == "AC21" and u.id == "T4"]
    assert len(t4) == 1 and EXTRA_SLOT_KEPT in t4[0].reason
    lay = {"type": "lay_tile", "entity": "GTP", "entity_type": "corporation", "hex": "AC21", "rotation": 0, "id": 666}
    with pytest.raises(GameError, match=EXTRA_SLOT_KEPT):
        check_action(game, {**lay, "tile": "T4-0"})
    game.process_action({**lay, "tile": "T5-0"})
    (city,) = game.hex_by_id("AC21").tile.cities
    assert [(t.corporation.id if t else None) for t in city.tokens][:3] == ["GT", "GTP", None]
    assert sum(t is not None and t.corporation.id == "GT" for t in city.tokens) == 1


def test_a_closed_minors_reservation_leaves_its_citys_list_as_in_the_reference() -> None:
    # 1822CA playout seed 14009 @140: minor 12, with no bids, closes; the reference deletes its reservation on AC21
    # (the city's list becomes []; ours once left [None]).  The length counts later: a lay joining cities counts the
    # reservations to say which tokens sit in extra slots (T5 on AC21 @666: GTP's token is no extra one in the
    # reference, one in ours), and a deleted reservation moves the later ones a slot down
    game = load_game(DATA / "1822ca_playout_14009_extra_slot_left_empty.json", upto=140)
    assert game.corporation_by_id("12").closed
    assert game.hex_by_id("AC21").tile.cities[0].reservations == []


def test_an_1822africa_stock_round_end_leaves_a_sold_out_majors_price() -> None:
    # 1822Africa arena seed 900 (Strong vs Beginners): the players bought SAR's last shares; the stock round's end
    # settles the bid box only (the reference's 1822Africa round ends without the sold-out rise), so SAR stays at
    # A40; ours moved it to A50, changed the operating order and took SAR's lay when NAR was due (STRICT: refused)
    path = DATA / "1822africa_arena_900_sold_out_major_keeps_its_price.json"
    before = load_game(path, upto=228)  # the last pass of the stock round is action 228
    sar = before.corporation_by_id("SAR")
    assert sum(sar.player_share_holders().values()) == 100 and sar.share_price.price == 40
    after = load_game(path, upto=229)
    assert (before.round.stock, before.round.round_num) == (True, 1) and after.round.round_num == 2  # SR 5.1 ended
    assert after.corporation_by_id("SAR").share_price.price == 40


def test_the_ndem_tokens_opening_bid_is_its_citys_revenue_at_the_bid() -> None:
    # 1822MX arena seed 3700 (four Beginners): the NdeM privatization lists its tokens' prices when it begins; the
    # token put up at L37 is worth 60 by the time it is auctioned (the reference prices the opening bid then) and
    # ours took an opening bid of 50 from the listed price (STRICT: "Minimum bid is 60")
    from engine.errors import GameError
    from engine.moves import legal_moves

    raw = json.loads((DATA / "1822mx_arena_3700_ndem_token_priced_at_the_bid.json").read_text())
    game = load_game(raw)
    step = game.round.active_step()
    assert step.token_up is not None and step.available_tokens[step.token_up] == 50
    assert step.min_bid() == 60
    assert [m.min_bid for m in legal_moves(game) if m.type == "bid"] == [60]
    bid = {"type": "bid", "entity": "NDEM", "entity_type": "corporation", "item": None, "id": 645}
    with pytest.raises(GameError, match="Minimum bid is"):
        game.process_action({**bid, "price": 50})
    game.process_action({**bid, "price": 60})
    assert step.high_bid == 60
