"""Legal tile lays: every real lay is enumerated at the price the engine charges; illegal lays are refused in
live play with a readable reason and change nothing."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from engine import build_game, load_game
from engine.actions import Action
from engine.core.history import filter_actions
from engine.errors import IllegalAction
from engine.moves import legal_moves
from engine.moves.track import LayTileMove
from engine.record import GameRecord
from tests.engine.moves_b_helpers import action_at, fixture, live_game, positions, refused_without_change, step_moves

LAY_GAMES = [("1830", "26855.json"), ("1846", "19962.json"), ("18Chesapeake", "1905.json"), ("1889", "962.json")]


def _earns_tile_income(game: Any, payer: Any) -> bool:
    return any(c.owner is payer and game.ability_rules.abilities(c, "tile_income") for c in game.companies)


@pytest.mark.parametrize(("title", "name"), LAY_GAMES)
def test_every_real_lay_is_a_move_with_the_steps_rotations_and_the_engines_price(title: str, name: str) -> None:
    record = GameRecord.load(fixture(title, name))
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    checked = priced = 0
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        if data["type"] != "lay_tile" or game.finished:
            game.process_action(data, position)
            continue
        step, moves, _ = step_moves(game, dict(data))
        matching = [m for m in moves if isinstance(m, LayTileMove) and m.refusal(data) is None]
        assert matching, f"{position}: {data} not among {[m.describe() for m in moves if m.hex == data['hex']]}"
        move = matching[0]
        entity = game.resolve_entity(Action.from_dict(data))
        legal = step.legal_tile_rotations(entity, game.hex_by_id(move.hex), game.tile_by_id(data["tile"]))
        assert set(move.rotations) <= set(legal)  # the cached rotation checks agree with the step's own
        payer = next((c for c in (*game.corporations, *game.players) if str(c.id) == move.spender), None)
        cost = move.costs[move.rotations.index(data["rotation"])]
        before = payer.cash if payer is not None else 0
        game.process_action(data, position)
        checked += 1
        if payer is not None and not _earns_tile_income(game, payer):
            assert before - payer.cash == cost, f"{position}: move says {cost}, engine charged {before - payer.cash}"
            priced += 1
    assert checked > 10 and priced > 10


def _first_lay(title: str, name: str, predicate: Any = None) -> tuple[Any, dict[str, Any], int]:
    path = fixture(title, name)
    for position in positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "corporation"):
        data = action_at(path, position)
        if predicate is None or predicate(data):
            return live_game(path, position), data, position
    raise AssertionError("no lay found")


def test_wrong_rotation_is_refused_and_changes_nothing() -> None:
    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "corporation"):
        game, data = live_game(path, position), action_at(path, position)
        move = next(m for m in legal_moves(game).of_type("lay_tile") if m.refusal(data) is None)
        assert isinstance(move, LayTileMove)
        if len(move.rotations) < 6:
            break
    else:
        raise AssertionError("every lay allowed every rotation")
    wrong = next(r for r in range(6) if r not in move.rotations)
    message = refused_without_change(game, {**data, "rotation": wrong})
    assert "rotat" in message
    game.apply(data)  # the real lay is still accepted


def test_tile_of_a_later_phase_is_refused_with_the_reason_listed() -> None:
    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "corporation"):
        game, data = live_game(path, position), action_at(path, position)
        unusable = [u for u in legal_moves(game).unusable if u.kind == "tile" and "later phase" in u.reason]
        if unusable:
            break
    else:
        raise AssertionError("a green tile on a reached yellow tile should be listed as unusable in phase 2")
    entry = unusable[0]
    tile = next(t for t in game.tiles if t.name == entry.id and t.hex is None)
    assert game.phase.tiles == ["yellow"] and tile.color != "yellow"
    refused_without_change(game, {**data, "hex": entry.hex, "tile": tile.id, "rotation": 0})


def test_unconnected_hex_is_refused() -> None:
    game, data, _ = _first_lay("1830", "26855.json")
    entity = game.corporation_by_id(data["entity"])
    reached = game.graph.connected_hexes(entity)
    far = next(h for h in game.hexes if h.tile.color == "white" and h not in reached and h.tile.preprinted
               and not h.tile.cities and not h.tile.towns)
    assert not [m for m in legal_moves(game).of_type("lay_tile") if getattr(m, "hex", None) == far.id]
    refused_without_change(game, {**data, "hex": far.id, "rotation": 0})


def test_unaffordable_lay_is_listed_with_its_price_and_refused() -> None:
    # the first lay on a hex with terrain (cost > 0) in 1830
    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "corporation"):
        game = live_game(path, position)
        data = action_at(path, position)
        move = next(m for m in legal_moves(game).of_type("lay_tile") if m.refusal(data) is None)
        assert isinstance(move, LayTileMove)
        if move.cost > 0:
            break
    else:
        pytest.skip("no terrain lay in this game")
    corporation = game.corporation_by_id(data["entity"])
    corporation.spend(corporation.cash - (move.cost - 1), game.bank)  # now one short
    moves = legal_moves(game)
    assert not [m for m in moves.of_type("lay_tile") if m.refusal(data) is None]
    reasons = [u.reason for u in moves.unusable if u.kind == "tile" and u.hex == data["hex"]]
    assert any(f"costs {move.cost}" in r for r in reasons), reasons
    refused_without_change(game, data)


COMPANY_LAYS = [("1830", "29133.json"), ("1846", "10264.json"), ("1846", "12666.json"), ("1889", "962.json"),
                ("18Chesapeake", "14377.json"), ("18Chesapeake", "1905.json")]


@pytest.mark.parametrize(("title", "name"), COMPANY_LAYS)
def test_company_lays_are_moves_on_the_abilitys_hexes_only(title: str, name: str) -> None:
    """CS (1830), LSL/O&I/MC (1846), ER/MF (1889), C&OC/B&S/C-P (18Chesapeake, paired lays)."""
    path = fixture(title, name)
    found = list(positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "company"))
    assert found
    for position in found:
        game = live_game(path, position)
        data = action_at(path, position)
        company = game.company_by_id(data["entity"])
        abilities = [a for a in company.all_abilities() if a.type in ("tile_lay", "teleport")]
        moves = [m for m in legal_moves(game).of_type("lay_tile") if m.entity == company.id]
        assert any(m.refusal(data) is None for m in moves), (position, data)
        listed = {h for a in abilities for h in (a.hexes or [])}
        if listed:
            assert {m.hex for m in moves} <= listed
        tiles = {t for a in abilities for t in (getattr(a, "tiles", None) or [])}
        if tiles:
            assert {m.tile for m in moves} <= tiles
        game.apply(data)


@pytest.mark.parametrize(("title", "name"), [("1889", "962.json"), ("18Chesapeake", "1905.json")])
def test_track_restriction_answer_agrees_with_a_fresh_graph_walk(title: str, name: str) -> None:
    """The quick reach of an upgrade's new track (sides the walk arrives by, loops back into the hex) gives the
    same verdict as walking the whole graph with the tile in place."""
    from engine.moves.track import _static_rotations, restriction_allows

    record = GameRecord.load(fixture(title, name))
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    compared = 0
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        if data["type"] == "lay_tile" and data.get("entity_type") == "corporation" and position % 2 == 0:
            step, _, _ = step_moves(game, dict(data))
            entity = game.resolve_entity(Action.from_dict(data))
            memo: dict[Any, Any] = {}
            for hex_ in game.graph.connected_hexes(entity):
                if not hex_.tile.paths:
                    continue
                for tile in {t.name: t for t in game.tiles if t.hex is None}.values():
                    if not game.track_rules.upgrades_to(hex_.tile, tile):
                        continue
                    for rotation, _exits in _static_rotations(step, entity, hex_, tile):
                        fast = restriction_allows(step, entity, hex_, tile, rotation, memo)
                        exact = restriction_allows(step, entity, hex_, tile, rotation, exact=True)
                        assert fast == exact, (position, hex_.id, tile.name, rotation)
                        compared += 1
        game.process_action(data, position)
    assert compared > 50


def test_paired_company_lays_must_connect_and_cannot_be_cut_short() -> None:
    """18Chesapeake's B&S/C-P lay two tiles that must join; after the first, no pass and only joining lays."""
    path = fixture("18Chesapeake", "1905.json")
    company_lays = list(positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "company"))
    second = next(p for p, q in pairwise(company_lays)
                  if action_at(path, p)["entity"] == action_at(path, q)["entity"])
    following = company_lays[company_lays.index(second) + 1]
    game = live_game(path, following)
    data = action_at(path, following)
    company = game.company_by_id(data["entity"])
    ability = next(a for a in company.all_abilities() if a.type == "tile_lay")
    moves = legal_moves(game).for_entity("company", company.id)
    assert not [m for m in moves if m.type == "pass"] or not ability.must_lay_all
    first = game.hex_by_id(ability.laid_hexes[0])
    for move in moves:
        if isinstance(move, LayTileMove):
            tile = game.tile_by_id(move.tile_ids[0])
            for rotation in move.rotations:
                exits = tile.exits_at(rotation)
                hex_ = game.hex_by_id(move.hex)
                assert any(hex_.neighbors.get(e) is first and (e + 3) % 6 in first.tile.exits for e in exits)
    assert any(m.refusal(data) is None for m in moves)
    game.apply(data)


def test_unreached_and_blocked_hexes_say_why() -> None:
    game, data, _ = _first_lay("1830", "26855.json")
    entity = game.corporation_by_id(data["entity"])
    unusable = {u.hex: u.reason for u in legal_moves(game).unusable if u.kind == "hex"}
    reached = game.graph.connected_hexes(entity)
    far = next(h for h in game.hexes if h.tile.color == "white" and h not in reached)
    assert "not reached" in unusable[far.id]
    offboard = next(h for h in game.hexes if h.tile.color == "red" and h not in reached)
    assert unusable[offboard.id] == f"{offboard.id} takes no tile"
    lay_hexes = {getattr(m, "hex", None) for m in legal_moves(game).of_type("lay_tile")}
    assert not lay_hexes & set(unusable)  # a hex with a reason offers no lay


def test_a_reached_hex_whose_tile_has_no_upgrade_says_so() -> None:
    # 1830/26855 before action 300: the operating corporation reaches F20, a yellow tile 1 (1830 has no upgrade)
    game = load_game(fixture("1830", "26855.json"), upto=300)
    entity = game.round.current_entity()
    f20 = game.hex_by_id("F20")
    assert f20 in game.graph.connected_hexes(entity) and f20.tile.name == "1"
    unusable = {u.hex: u.reason for u in legal_moves(game).unusable if u.kind == "hex"}
    assert unusable["F20"] == "no tile of the game upgrades the yellow tile 1 on F20"
    assert not any(getattr(m, "hex", None) == "F20" for m in legal_moves(game).of_type("lay_tile"))


def test_1846_little_miami_lays_join_its_cities_with_new_track() -> None:
    path = fixture("1846", "1846_game_end_reason_all_closed.json")
    found = list(positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity") == "LM"))
    assert found
    for position in found:
        game = live_game(path, position)
        data = action_at(path, position)
        moves = legal_moves(game).for_entity("company", "LM")
        assert any(m.refusal(data) is None for m in moves)
        assert not [m for m in moves if m.type == "pass"]  # not before H12 and G13 are joined
        for move in moves:
            if isinstance(move, LayTileMove):
                hex_ = game.hex_by_id(move.hex)
                side = next(e for e, n in hex_.neighbors.items() if n.id in ("H12", "G13") and n is not hex_)
                assert side not in hex_.tile.exits
                tile = game.tile_by_id(move.tile_ids[0])
                assert all(side in tile.exits_at(r) for r in move.rotations)
        game.apply(data)


def test_a_lay_is_checked_against_its_own_hexs_lays_only_with_the_same_answer() -> None:
    """``check_action`` of a lay enumerates the lays of the action's hex only (LAY_FOCUS): on a real state every
    legal lay of every reached hex is still accepted, a lay at a rotation no move offers is still refused, and
    under the focus the other hexes are not enumerated at all."""
    from engine.moves.registry import LAY_FOCUS, check_action

    path = fixture("1830", "26855.json")
    for position in positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "corporation"):
        game, data = live_game(path, position), action_at(path, position)
        lays = [m for m in legal_moves(game).of_type("lay_tile") if isinstance(m, LayTileMove)]
        hexes = {m.hex for m in lays}
        if len(hexes) > 3:
            break
    else:
        raise AssertionError("no lay with a choice of hexes")
    for move in lays:
        for rotation in move.rotations:
            assert check_action(game, {**data, "hex": move.hex, "tile": move.tile_ids[0], "rotation": rotation}) is True
        wrong = [r for r in range(6) if r not in move.rotations]
        if wrong:
            with pytest.raises(IllegalAction):
                check_action(game, {**data, "hex": move.hex, "tile": move.tile_ids[0], "rotation": wrong[0]})
    one = sorted(hexes)[0]
    token = LAY_FOCUS.set(frozenset((one,)))
    try:
        focused = {m.hex for m in legal_moves(game).of_type("lay_tile")}
    finally:
        LAY_FOCUS.reset(token)
    assert focused == {one}


def test_a_step_naming_its_company_tiles_decides_them() -> None:
    """``SpecialTrack.TILES_BY_POTENTIAL_TILES``: the company's lay moves take the tiles the step's
    ``potential_tiles`` names (18ZOO's Rabbits lay before the phase), not the track rules' and phase's answer."""
    path = fixture("1830", "29133.json")
    position = next(positions(path, lambda a: a["type"] == "lay_tile" and a.get("entity_type") == "company"))
    game = live_game(path, position)
    data = action_at(path, position)
    step = next(s for s in game.round.steps if type(s).__name__ == "SpecialTrack")
    before = {m.tile for m in legal_moves(game).of_type("lay_tile") if m.entity == data["entity"]}
    assert before
    named = next(t for t in game.tiles if t.name not in before and t.color == "yellow" and t.paths)
    step.TILES_BY_POTENTIAL_TILES = True
    step.potential_tiles = lambda entity, hex_: [named]
    after = {m.tile for m in legal_moves(game).of_type("lay_tile") if m.entity == data["entity"]}
    assert after <= {named.name}
