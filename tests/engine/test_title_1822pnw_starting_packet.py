"""1822PNW's Starting Packet Variant (``engine/titles/g1822_pnw/starting_packet.py``): the seats' packets, the
opening operating round, operating rounds one after another while the phase is 1.  The numbers are the reference
engine's (its trace of our playout seed 13076, equal after every one of its 1185 actions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import load_game, new_game
from engine.errors import GameError

DATA = Path(__file__).parent / "data"
PREFIX = DATA / "1822pnw_playout_13076_starting_packet.json"


def test_each_seat_starts_with_its_packet_in_an_operating_round() -> None:
    game: Any = new_game("1822PNW", ["A", "B", "C", "D", "E"], seed=13076, optional_rules=["starting_packet"])
    assert type(game.round).__name__ == "OperatingRound" and game.turn == 1 and game.round_counter == 2
    packets = {
        "A": ({"18", "21"}, {"P8", "P16"}),
        "B": ({"7", "9"}, {"P18", "P19"}),
        "C": ({"1", "2"}, {"P12", "P17"}),
        "D": ({"6", "8"}, {"P14", "P15"}),
        "E": ({"10", "20"}, {"P10", "P11"}),
    }
    for player in game.players:
        minors, privates = packets[player.name]
        assert {c.sym for c in player.companies} == privates
        for minor_id in minors:
            minor = game.corporation_by_id(minor_id)
            assert minor.owner is player and minor.floated and minor.cash == 100
            assert minor.share_price.price == 50
            assert not any(c.sym == f"M{minor_id}" for c in game.companies)
        # the players' starting cash went back to the bank; each private has paid its revenue once
        assert player.cash == sum(c.revenue for c in player.companies)
    assert {e.id for e in game.round.entities} == {m for ms, _ in packets.values() for m in ms}
    assert game.box_minor_ids == []  # (filled as the first stock round starts)
    # with fewer seats only the first packets are handed out
    three: Any = new_game("1822PNW", ["A", "B", "C"], seed=13076, optional_rules=["starting_packet"])
    assert game.corporation_by_id("6").floated and not three.corporation_by_id("6").floated
    assert any(c.sym == "M6" for c in three.companies)


def test_the_opening_matches_the_reference() -> None:
    raw = json.loads(PREFIX.read_text())
    game: Any = load_game({**raw, "actions": []})
    assert {p.id: p.cash for p in game.players} == {1: 20, 2: 20, 3: 20}
    assert game.bank.cash == 11340
    assert type(game.round).__name__ == "OperatingRound"


def test_operating_rounds_follow_each_other_in_phase_1_then_the_stock_round_comes() -> None:
    raw = json.loads(PREFIX.read_text())
    # the reference: OR turn 2 from action 25, the phase 2 at action 141, the stock round of turn 9 from 160
    game: Any = load_game({**raw, "actions": raw["actions"][:24]})
    assert type(game.round).__name__ == "OperatingRound" and game.turn == 1
    game = load_game({**raw, "actions": raw["actions"][:25]})
    assert type(game.round).__name__ == "OperatingRound" and game.turn == 2 and game.round.round_num == 1
    game = load_game({**raw, "actions": raw["actions"][:137]})
    assert game.turn == 8 and game.phase.name == "1"
    game = load_game(PREFIX)
    assert game.phase.name == "2"
    assert type(game.round).__name__ == "StockRound" and game.turn == 9
    assert {p.id: p.cash for p in game.players} == {1: 165, 2: 175, 3: 205}
    assert game.box_minor_ids  # (the bid box filled as the stock round started)


def test_the_variant_does_not_combine_with_removing_l_trains() -> None:
    with pytest.raises(GameError, match="cannot be combined"):
        new_game("1822PNW", ["A", "B", "C"], seed=1, optional_rules=["starting_packet", "remove_two_ls"])
