"""The 1846 family's bot hints (issue 28): a player pars a corporation of their own before buying into another's.
Positions of an arena game of the bot without them (18 Los Angeles seed 700, Beginner vs 3 Random, saved in
``data/``): it bought nine shares of the Random players' corporations and parred none; they all closed and it
ended with 7 against 394."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.bots import hints, hints_1846
from engine.bots.policy import acting_moves, make_bot
from tests.engine.bot_helpers import player_with_id, saved_game_at

DATA = Path(__file__).parent / "data" / "18la_arena_700_beginner_no_par.json"
FAMILY = "engine.titles.g1846.rules.Game1846"


def _at(count: int) -> Any:
    return saved_game_at(DATA, count)


def _beginner(game: Any) -> Any:
    return player_with_id(game, 1)


def test_every_title_of_the_family_plays_with_the_hints() -> None:
    for title in ("1846", "1846 2p Variant", "18 Los Angeles", "18 Los Angeles 2"):
        assert hints.hints_for_title(title).move_score is hints_1846.move_score, title
    assert hints.hints_for_title("1830").move_score is None


def test_the_old_game_ended_with_every_corporation_closed_and_the_beginner_holding_nothing() -> None:
    game = _at(10_000)
    beginner = _beginner(game)
    assert game.finished and game.game_end_reason == "all_closed"
    assert not any(c.owner is beginner for c in game.corporations)  # it never presided over one
    assert game.player_value(beginner) < 0.05 * max(game.result().values())  # its shares closed with them


def test_a_par_of_its_own_before_a_share_of_a_rivals(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _at(12)  # the first stock round: the old game's action 13 bought 10% of LAIR
    entity, moves = acting_moves(game)
    assert entity is _beginner(game)
    new = make_bot("beginner", 7000).choose(game, entity, moves)
    with monkeypatch.context() as m:
        m.delitem(hints._FAMILY_HINTS, FAMILY)
        old = make_bot("beginner", 7000).choose(game, entity, moves)
    assert old.action["type"] == "buy_shares"
    rival = game.corporation_by_id(old.action["shares"][0].split("_")[0])
    assert rival.owner is not None and rival.owner is not entity
    assert new.action["type"] == "par"


def test_shares_of_a_rivals_corporation_stay_open_once_it_presides_over_one() -> None:
    game = _at(12)
    player = _beginner(game)
    _entity, moves = acting_moves(game)
    buy = next(m for m in moves if m.type == "buy_shares" and game.corporation_by_id(m.corporation).owner is not None)
    candidate = type("C", (), {"move": buy, "action": buy.base()})()
    scored = hints_1846.move_score(game, player, player, candidate)
    assert scored is not None and scored[0] == hints_1846.OTHERS_SHARE_SCORE
    mine = next(c for c in game.corporations if c.owner is None)
    monkey = pytest.MonkeyPatch()
    monkey.setattr(mine, "owner", player, raising=False)
    try:
        assert hints_1846.move_score(game, player, player, candidate) is None  # the general rules again
    finally:
        monkey.undo()
