"""The player card's certificate count is the rules' count (the engine's ``num_certs``, as the reference's): shares
whose price sits in a market zone free of the limit are left out and named in the tooltip, and an over-the-limit
count is a warning only while the game runs (1882/10526: the CN shares leave the yellow zone when the last stock
round ends, so every player ends over the limit of 14; the reference counts 17, 18 and 16 too)."""

from __future__ import annotations

from desktop.panels.players import PlayerCard, cert_count_warning, cert_limit_lines, player_card
from engine import load_game
from tests.conftest import FIXTURES, shared_or_skip

GAME = FIXTURES / "1882" / "10526.json"


def test_yellow_zone_shares_are_not_counted_and_are_named() -> None:
    game = load_game(shared_or_skip(GAME), upto=566)
    cards = [player_card(game, p) for p in game.players]
    assert [(c.certs, c.cert_limit) for c in cards] == [(14, 14)] * 3
    assert [c.exempt for c in cards] == [{"CN": 3}, {"CN": 4}, {"CN": 2}]
    assert cert_limit_lines(cards[0]) == ["14 certificates of 14 allowed", "not counted against the limit: 3 CN"]


def test_count_at_the_end_is_the_reference_count_and_not_an_alarm() -> None:
    game = load_game(shared_or_skip(GAME))
    cards = [player_card(game, p) for p in game.players]
    assert [c.certs for c in cards] == [17, 18, 16]  # the reference's num_certs at the end
    assert all(c.game_over and not c.exempt for c in cards)
    assert cert_limit_lines(cards[1])[-1] == "over the limit when the game ended"
    assert not any(cert_count_warning(c) for c in cards)  # no red "18 / 14" on a finished game


def test_over_the_limit_in_play_says_what_it_means() -> None:
    card = PlayerCard(name="Ann", certs=12, cert_limit=11)
    assert cert_count_warning(card)
    assert cert_limit_lines(card) == ["12 certificates of 11 allowed",
                                      "over the limit: must sell down to it in the stock round"]
    assert cert_limit_lines(PlayerCard(name="Bob", certs=1, cert_limit=16)) == ["1 certificate of 16 allowed"]
