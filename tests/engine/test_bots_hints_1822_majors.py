"""The 1822 family's bot hints for starting majors (issue 28: four Strong bots in 1822 ended with half the real
games' total value).  Positions of an arena game of the bots before these hints (1822 seed 700, four Strong bots,
its first 200 actions saved in ``data/``): the train reserve a player keeps for their minors also stopped them
bidding for a concession and parring its major, and a par was costed at the whole president's certificate though
the concession pays £100 of it; the players sat on five concessions while one major ran until operating round 7
(the real games: four majors by operating round 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.bots import hints_1822
from engine.bots.policy import acting_moves, make_bot
from tests.engine.bot_helpers import saved_game_at

DATA = Path(__file__).parent / "data" / "1822_arena_700_strong4_concessions_unparred.json"
#: Strong 1 (£430, two minors on L-trains) in stock round 4: passed on the concession C3
CONCESSION_BID = 126
#: Strong 4 (£340, one minor, holding the concessions C7 and C8) in stock round 5: passed
PAR = 180


def _at(count: int) -> Any:
    return saved_game_at(DATA, count)


def _ranked(game: Any) -> list[tuple[float, str, Any]]:
    entity, moves = acting_moves(game)
    return make_bot("beginner", 0).ranked(game, entity, moves)


def test_a_concession_is_bid_for_with_the_cash_the_minors_reserve_held_back() -> None:
    game = _at(CONCESSION_BID)
    player, _moves = acting_moves(game)
    assert player.name == "Strong 1"
    assert any(c.owner is player and c.type == "minor" for c in game.corporations)
    # the minors' reserve left less than the concession's £100 ...
    assert player.cash - hints_1822.player_reserve(game, player) < 100
    # ... but a major acquires its president's minors and buys their trains
    assert hints_1822.player_reserve(game, player, minors=False) == 0
    _score, reason, chosen = _ranked(game)[0]
    assert chosen.move.type == "bid" and chosen.action["company"] == "C3", reason


def test_a_par_costs_the_certificate_less_the_concession_and_is_made() -> None:
    game = _at(PAR)
    player, moves = acting_moves(game)
    assert player.name == "Strong 4" and {"C7", "C8"} <= {c.id for c in player.companies}
    bot = make_bot("beginner", 0)
    pars = [c for c in bot.candidates(game, player, moves) if c.move.type == "par"]
    assert pars
    for candidate in pars:
        corporation = game.corporation_by_id(candidate.action["corporation"])
        par = int(candidate.action["share_price"].split(",")[0])
        assert hints_1822.par_cost(game, candidate) == max(0, 2 * par - corporation.par_via_exchange.value)
    # the old rules costed the par at 2 x par and kept the minor's reserve: every par was beyond the cash
    assert all(
        2 * int(c.action["share_price"].split(",")[0]) > player.cash - hints_1822.player_reserve(game, player)
        for c in pars
    )
    _score, reason, chosen = _ranked(game)[0]
    assert chosen.move.type == "par", reason


def test_a_share_of_another_major_still_keeps_the_minors_reserve() -> None:
    game = _at(PAR)
    player, moves = acting_moves(game)
    buys = [m for m in moves if m.type == "buy_shares"]
    assert buys
    bot = make_bot("beginner", 0)
    kept = 0
    for candidate in bot.candidates(game, player, buys):
        price = int(getattr(candidate.move, "price", 0) or 0)
        scored = hints_1822.move_score(game, player, player, candidate)
        if price > player.cash - hints_1822.player_reserve(game, player):
            assert scored is not None and scored[0] == hints_1822.VETO
            kept += 1
    assert kept


def test_the_strong_bots_wish_for_presidencies_does_not_lift_a_par_beyond_the_reserve(monkeypatch: Any) -> None:
    """A par beyond the train reserve scores ``VETO``, below the -10 above which the Strong bot adds 22 or more for
    a presidency (at ``SPENDS_RESERVE``, -8, the par came out above a pass and spent the minors' train money)."""
    from engine.bots.policy import StrongBot

    game = _at(PAR)
    player, moves = acting_moves(game)
    monkeypatch.setattr(hints_1822, "player_reserve", lambda *_a, **_k: player.cash)  # every par beyond it

    def pars() -> list[float]:
        return [value for value, _reason, c in StrongBot(0).ranked(game, player, moves) if c.move.type == "par"]

    assert pars() and all(value < 0 for value in pars())
    monkeypatch.setattr(hints_1822, "VETO", hints_1822.SPENDS_RESERVE)
    assert all(value > 0 for value in pars())  # the old score


def test_the_strong_bots_defence_of_a_presidency_does_not_lift_a_share_beyond_the_reserve(monkeypatch: Any) -> None:
    """A share beyond the train reserve scores ``VETO``, below the -15 above which the Strong bot's defence of a
    presidency (+15 while a rival holds within 10% of it) lifts it over a pass: arena 1822 seed 501, Strong against
    three Beginners, the Strong bot spent £80 of its minors' train money on its major's shares."""
    from engine.bots.policy import StrongBot

    game = _at(PAR)
    player, moves = acting_moves(game)
    monkeypatch.setattr(hints_1822, "player_reserve", lambda *_a, **_k: player.cash)  # every share beyond it
    monkeypatch.setattr(StrongBot, "_presidency_threat", staticmethod(lambda *_a: 20))  # a rival holds 20%

    def buys() -> list[float]:
        ranked = StrongBot(0).ranked(game, player, moves)
        return [value for value, _reason, c in ranked if c.move.type == "buy_shares"]

    assert buys() and all(value < 0 for value in buys())
    monkeypatch.setattr(hints_1822, "VETO", hints_1822.SPENDS_RESERVE)
    assert all(value > 0 for value in buys())  # the old score, lifted
