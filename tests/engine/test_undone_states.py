"""States the reference traces never show: games loaded up to an action that a later undo took back.

Found with ``bench/prefix_compare.py`` (every raw prefix of every fixture against the reference engine);
each case here states what the reference engine does at that prefix.
"""

from __future__ import annotations

import json

import pytest

from engine import GameError, load_game
from tests.conftest import FIXTURES, shared_or_skip


def _load_prefix(path, n: int, strict: bool = False):
    data = json.loads(shared_or_skip(path).read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:n]
    return load_game(data, strict=strict)


def test_1846_a_sale_that_stalls_the_stock_round_is_refused_in_live_play() -> None:
    """The same sale made live (strict): the reference takes it and stops on a player with no legal move, so
    no game can go on from there; Tracklayer's live play refuses it (engine/moves/stock.py, stalling_sale)."""
    with pytest.raises(GameError, match="nobody able to act"):
        _load_prefix(FIXTURES / "1846" / "1846_game_end_reason_dnf.json", 78, strict=True)


@pytest.mark.parametrize("strict", [False])
def test_1846_a_sale_into_the_close_cell_does_not_end_the_stock_round(strict: bool) -> None:
    """1846_game_end_reason_dnf, first 78 raw actions: Player 1 sells IC_0 and IC's price reaches $0.

    Until IC closes (after the action), its pool shares cost $0, so Player 2 (with $10) still has a purchase
    and the round moves to Player 2.  Then IC closes; Player 2 and Player 3 are left with nothing to do and
    pass; Player 1, who acted this turn, is not passed.  The reference engine stays in the stock round with
    Player 3 (id 2) current; a $0 share priced at IC's minimum price instead made everyone pass before IC
    closed and started OR 1.1."""
    game = _load_prefix(FIXTURES / "1846" / "1846_game_end_reason_dnf.json", 78, strict=strict)
    assert game.round.NAME == "Stock"
    assert game.round.active_step().NAME == "BuySellParShares"
    assert game.round.current_entity().id == 2
    assert [p.passed for p in game.round.entities] == [False, True, True]
    assert [(p.id, p.cash) for p in game.players] == [(0, 20), (1, 10), (2, 10)]
    assert "IC" not in [c.name for c in game.corporations]
    tail = game.log_lines[-4:]
    assert tail[0].startswith("IC's share price moves") and tail[0].endswith("from $10 to $0")
    assert tail[1:] == ["IC closes", "Player 2 has no valid actions and passes",
                        "Player 3 has no valid actions and passes"]


@pytest.mark.parametrize("strict", [False, True])
def test_1889_while_ehime_railways_sold_lay_is_pending_the_buyer_may_not_buy_another_private(strict: bool) -> None:
    """1889/962, first 46 raw actions: TR has just bought ER, whose seller now lays a green tile on C4.

    The reference engine refuses TR's next ``buy_company`` (MF, raw position 46, later undone by the
    players) in loading and in strict mode alike ("Blocking step Lay Track for Ehime Railway cannot
    process action buy_company"), and a ``pass`` by TR too ("Not TR's turn"): only ER's lay or pass goes
    on.  TR's own list of actions, as the reference lists them, still names the blocking step's lay and
    pass but no purchase."""
    path = FIXTURES / "1889" / "962.json"
    game = _load_prefix(path, 46, strict=strict)
    assert game.round.active_step().NAME == "SpecialTrack"
    assert game.round.current_entity().sym == "ER"
    tr = game.corporation_by_id("TR")
    assert "buy_company" not in game.round.actions_for(tr)
    assert game.round.actions_for(game.company_by_id("ER")) == ["lay_tile", "pass"]
    buy_mf = json.loads(path.read_text(encoding="utf-8"))["actions"][46]
    assert (buy_mf["type"], buy_mf["company"]) == ("buy_company", "MF")
    for refused in (buy_mf, {"type": "pass", "entity": "TR", "entity_type": "corporation"}):
        with pytest.raises(GameError):
            game.copy().process_action(refused)


def test_1822pnw_an_extra_track_private_places_a_builder_cube_in_live_play() -> None:
    """1822PNW Short Scenario, game_end_bank, first 336 raw actions (the last later undone): P11 (Surveyors, an
    extra-track private) puts a builder cube on J17.  The reference takes it live (its special track step offers
    the cube tile with any lay of P11-P13) and closes P11; our live moves did not offer it ("J17 is not
    upgradeable to BC"), so the table refused a legal move."""
    from engine.moves.registry import legal_moves

    path = FIXTURES / "1822PNWShortScenario" / "1822PNWShortScenario_game_end_bank.json"
    before = _load_prefix(path, 335, strict=True)
    cubes = [m for m in legal_moves(before).moves if getattr(m, "tile", None) == "BC" and m.entity == "P11"]
    assert [m.hex for m in cubes] == ["J17"]
    game = _load_prefix(path, 336, strict=True)
    assert game.company_by_id("P11").closed
    assert game.current_builder_cubes(game.hex_by_id("J17").tile) == 1
    assert game.log_lines[-3:-1] == ["P11-Surveyors (Extra Tile Lay) places builder cube on J17",
                                     "P11-Surveyors (Extra Tile Lay) closes"]


def test_1822ca_the_tile_grant_lays_only_its_yellow_tiles_in_live_play() -> None:
    """1822CA 3.json, first 861 raw actions (the last later undone): P21 (3-Tile Grant) lays green 83 on B8.  The
    reference refuses it live with the same words; the site took it when the game was played (older rules)."""
    with pytest.raises(GameError, match="does not have an ability that allows them to lay this tile"):
        _load_prefix(FIXTURES / "1822CA" / "3.json", 861, strict=True)
