"""Auction-bid programs (``program_auction_bid``) in live play, and two live-play fixes found by the GUI bench:
programs set on one's own turn act at once, and a closing corporation's removed tokens refresh the others' reach.

The expected auto actions of the first test are what the reference engine records for the same actions in live
play (``bench/program_check.py`` compares many random auctions the same way)."""

from __future__ import annotations

from typing import Any

from engine import build_game
from engine.actions import Action
from engine.core.history import filter_actions
from engine.game import Game
from engine.moves.misc import auction_program_moves
from engine.moves.registry import legal_moves
from engine.programs import program_of, programmed_after
from engine.record import GameRecord
from tests.conftest import FIXTURES, shared_or_skip


def _new_1830(seed: int = 1000) -> Game:
    game = build_game(GameRecord.new("1830", ["P1", "P2", "P3", "P4"], seed=seed))
    game.finish_loading()
    return game


def _play(game: Game, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply ``data`` as live play records it (with the programs' auto actions); the auto actions, plain."""
    action = Action.from_dict({**data, "id": game.current_action_id() + 1}, action_types=game.ACTION_TYPES)
    autos = programmed_after(game, action)
    game.apply(action.copy_with(auto_actions=autos))
    return [{k: v for k, v in a.to_dict().items() if k not in ("id", "created_at")} for a in autos]


def _bid(pid: int, company: str, price: int) -> dict[str, Any]:
    return {"type": "bid", "entity": pid, "entity_type": "player", "company": company, "price": price}


def _program(pid: int, target: str, maximum: int | None = None, buy: int | None = None,
             then_pass: bool = False) -> dict[str, Any]:
    return {"type": "program_auction_bid", "entity": pid, "entity_type": "player", "bid_target": target,
            "enable_maximum_bid": maximum is not None, "maximum_bid": str(maximum or 0),
            "enable_buy_price": buy is not None, "buy_price": str(buy or 0), "auto_pass_after": then_pass}


def test_programs_bid_and_stop_as_the_reference_records_them() -> None:
    game = _new_1830()
    for data in (_bid(1, "BO", 275), _bid(2, "SV", 20), _bid(3, "BO", 503)):
        assert _play(game, data) == []
    assert _play(game, _program(2, "MH", maximum=120)) == []  # not P2's turn yet
    assert _play(game, _bid(4, "CA", 258)) == []
    assert _play(game, _program(4, "DH", buy=75)) == []
    # P1 bids on DH; P2's program bids the minimum on MH (within its maximum)
    assert _play(game, _bid(1, "DH", 80)) == [_bid(2, "MH", 115)]
    # P3 passes; P4 only wanted DH at a buy price, and DH has a bid now: the program stops
    assert _play(game, {"type": "pass", "entity": 3, "entity_type": "player"}) == [
        {"type": "program_disable", "entity": 4, "entity_type": "player",
         "reason": "Bids submitted for Delaware & Hudson"}]
    assert program_of(game, game.player_by_id(4)) is None


def test_a_buy_price_program_buys_the_cheapest_company_at_its_price_on_its_own_turn() -> None:
    game = _new_1830()
    sv = next(c for c in game.companies if c.id == "SV")
    autos = _play(game, _program(1, "SV", buy=sv.min_bid))  # P1 acts first: the program acts at once
    assert autos == [_bid(1, "SV", sv.min_bid)]
    assert sv.owner is game.player_by_id(1)


def test_a_program_past_its_maximum_passes_when_told_to_and_stops_otherwise() -> None:
    game = _new_1830()
    _play(game, _bid(1, "CA", 165))
    passing = _play(game, _program(2, "CA", maximum=165, then_pass=True))  # P2 acts: 170 > 165
    assert passing == [{"type": "pass", "entity": 2, "entity_type": "player"}]
    _play(game, _bid(3, "CA", 175))
    stopping = _play(game, _program(4, "CA", maximum=175))
    assert stopping == [{"type": "program_disable", "entity": 4, "entity_type": "player",
                         "reason": "Price for Camden & Amboy exceeded maximum bid"}]


def test_a_program_whose_bid_is_refused_stops_with_the_reason() -> None:
    game = _new_1830()
    _play(game, _bid(1, "BO", 580))  # P1 keeps $20 free
    for pid in (2, 3, 4):
        _play(game, {"type": "pass", "entity": pid, "entity_type": "player"})
    autos = _play(game, _program(1, "CA", maximum=5000))  # P1's turn: CA's minimum is more than $20
    assert len(autos) == 1 and autos[0]["type"] == "program_disable"
    assert "afford" in autos[0]["reason"] or "cannot spend" in autos[0]["reason"]
    assert game.round.current_entity() is game.player_by_id(1)  # nothing else happened


def test_a_program_does_not_bid_elsewhere_while_another_company_is_auctioned() -> None:
    game = _new_1830()
    _play(game, _bid(1, "CS", 45))
    _play(game, _bid(2, "CS", 50))
    _play(game, _bid(3, "SV", 20))  # SV bought: CS is the cheapest, with two bids: its auction starts
    step = game.round.active_step()
    assert step.auctioning is not None and step.auctioning.id == "CS"
    assert game.round.current_entity() is game.player_by_id(1)  # the lowest bidder
    autos = _play(game, _program(1, "MH", maximum=200))
    assert autos == [{"type": "program_disable", "entity": 1, "entity_type": "player",
                      "reason": "Champlain & St.Lawrence chosen instead of Mohawk & Hudson"}]


def test_auction_program_moves_offer_every_company_for_sale_with_its_minimum() -> None:
    game = _new_1830()
    moves = list(auction_program_moves(game, game.player_by_id(2)))
    assert [m.target for m in moves] == [c.id for c in game.round.active_step().available()]
    assert all(m.min_bid == game.round.active_step().min_bid(game.company_by_id(m.target)) for m in moves)


def test_an_auction_program_lapses_when_the_auction_round_ends() -> None:
    game = _new_1830()
    _play(game, _program(4, "BO", maximum=5000))  # set, waiting for P4's turn
    assert program_of(game, game.player_by_id(4)) is not None
    for _ in range(60):  # everyone buys the cheapest private in turn until the auction round is over
        if not getattr(game.round, "auction", False):
            break
        step = game.round.active_step()
        entity = game.round.current_entity()
        if step.__class__.__name__ != "WaterfallAuction":
            move = next(m for m in legal_moves(game).moves if m.type == "par")
            _play(game, move.sample(__import__("random").Random(1)))
            continue
        cheapest = step.available()[0]
        _play(game, _bid(entity.id, cheapest.id, step.min_bid(cheapest)))
    assert not getattr(game.round, "auction", False)
    assert program_of(game, game.player_by_id(4)) is None


# --- a share pass set on one's own turn; a closing corporation ------------------------------------------------
def test_a_share_pass_program_set_on_the_players_own_turn_passes_at_once() -> None:
    path = shared_or_skip(FIXTURES / "1846" / "1846_game_end_reason_dnf.json")
    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if data is None:
            continue
        if legal_moves(game).step == "BuySellParShares":
            break
        game.process_action(data, position)
    game.finish_loading()
    acting = game.round.current_entity()
    action = Action.from_dict({"type": "program_share_pass", "entity": acting.id, "entity_type": "player",
                               "unconditional": False, "indefinite": False})
    autos = programmed_after(game, action)
    assert [(a.type, a.entity) for a in autos][:1] == [("pass", acting.id)]


def test_a_corporation_closing_frees_its_cities_for_the_others_reach_in_live_play() -> None:
    """1846 (a real game): GT's token at C15 blocks MS; in the next stock round GT closes (its tokens go).  In
    live play MS must then reach past C15 at once (its reach was computed while GT's token stood)."""
    path = shared_or_skip(FIXTURES / "1846" / "1846_game_end_reason_dnf.json")
    record = GameRecord.load(path)
    game = build_game(record)
    raw = record.actions
    kept, _ = filter_actions(raw[:113])
    for position, data in enumerate(kept[:97]):
        if data is not None:
            game.process_action(data, position)
    game.finish_loading()
    legal_moves(game)  # live play asks every state's moves: MS's reach is computed now, GT's token there
    for position in range(97, 113):
        data = kept[position]
        if data is not None:
            game.process_action({k: v for k, v in data.items() if k != "id"} | {"id": data["id"]}, position)
    assert any(c.name == "GT" and c.closed for c in [*game.corporations, *getattr(game, "closed_corporations", [])]) \
        or all(c.name != "GT" for c in game.corporations)
    moves = legal_moves(game)
    assert moves.acting and moves.acting[0][1] == "MS"
    assert any(m.type == "lay_tile" and getattr(m, "hex", None) == "B14" for m in moves.moves)
