"""The 18ZOO family's bot hints (issue 28): a player presides over one family, buys the shares that pay by the
market over the seven operating rounds, and no powers.  Positions of an arena game of the bot without them (18ZOO
Map A seed 700, Beginner vs 3 Random, saved in ``data/``): it parred a second family with its last cash, bought
no share in the whole game, paid its families' trains by loans and ended third with 36 (52 of penalty; 83 won)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.bots import hints, hints_18zoo
from engine.bots.policy import acting_moves, make_bot
from tests.engine.bot_helpers import player_with_id, saved_game_at

DATA = Path(__file__).parent / "data" / "18zoo_arena_700_beginner_two_families.json"
FAMILY = "engine.titles.g18zoo.rules.Game18ZOO"


def _at(count: int) -> Any:
    return saved_game_at(DATA, count)


def _beginner(game: Any) -> Any:
    return player_with_id(game, 1)


def _choices(game: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """(with the hints, without them) of the Beginner at ``game``'s acting entity."""
    entity, moves = acting_moves(game)
    new = make_bot("beginner", 7000).choose(game, entity, moves)
    with monkeypatch.context() as m:
        m.delitem(hints._FAMILY_HINTS, FAMILY)
        old = make_bot("beginner", 7000).choose(game, entity, moves)
    return new, old


def test_every_map_plays_with_the_hints() -> None:
    for letter in "ABCDEF":
        assert hints.hints_for_title(f"18ZOO - Map {letter}").move_score is hints_18zoo.move_score


def test_the_old_game_was_lost_to_the_penalty_of_its_two_families_trains() -> None:
    game = _at(10_000)
    beginner = _beginner(game)
    assert game.finished and beginner.name == "Beginner 1"
    assert sum(1 for c in game.corporations if c.owner is beginner) == 2
    value = game.player_value(beginner)
    assert value < max(game.result().values()) < value + beginner.penalty  # the loans' penalty lost it the game


def test_no_second_family_a_share_that_pays_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _at(13)  # Monday's stock round: TI parred, 12 in cash
    player = _beginner(game)
    assert acting_moves(game)[0] is player
    assert [c.id for c in game.corporations if c.owner is player] == ["TI"]
    new, old = _choices(game, monkeypatch)
    assert old.action["type"] == "par" and old.action["corporation"] == "PE"  # the old game's action 14
    assert new.action["type"] == "buy_shares"
    corporation = game.corporation_by_id(new.action["shares"][0].split("_")[0])
    assert hints_18zoo.share_return(game, corporation) > 0


def test_no_power_bought_with_a_players_cash(monkeypatch: pytest.MonkeyPatch) -> None:
    new, old = _choices(_at(22), monkeypatch)  # the old game bought "That's mine!" for 2 here
    assert old.action["type"] == "buy_company"
    assert new.action["type"] != "buy_company"
    # the old game bought "Shining gold" for 1 at 236; without the hints the bot now buys a share there (its money
    # rules scale to the title's first train), with them it still buys no power
    new, _ = _choices(_at(236), monkeypatch)
    assert new.action["type"] != "buy_company"


def test_operating_rounds_left_count_the_three_days() -> None:
    assert hints_18zoo.operating_rounds_left(_at(13)) == 7  # Monday's stock round: 2 + 2 + 3 to come
    game = _at(236)  # Wednesday's stock round
    assert game.turn == 3 and hints_18zoo.operating_rounds_left(game) == 3


def test_a_share_returns_its_cells_dividend_and_climb_by_its_last_run() -> None:
    game = _at(236)
    for corporation in game.corporations:
        if corporation.share_price is None or not corporation.operating_history:
            continue
        last = corporation.operating_history[list(corporation.operating_history)[-1]].revenue
        back = hints_18zoo.share_return(game, corporation)
        full = (game.gain_per_share(corporation.share_price) + 1) * 3
        if last >= game.threshold(corporation):
            assert back == full
        elif last > 0 or not corporation.trains:  # ran short of its threshold, or lost its trains
            assert back == full / 4
        else:  # trains bought since a round it could not run
            assert back == full / 2


def test_the_strong_bots_wish_for_presidencies_does_not_lift_a_second_family(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Strong bot adds 22 to a par scored above -10 while it presides over fewer than three corporations: at
    ``ADVISED_AGAINST`` (-8) a second family ranked 14, above a pass; at ``VETO`` it stays below."""
    from engine.bots.policy import StrongBot

    game = _at(13)  # Monday's stock round: TI parred
    entity, moves = acting_moves(game)

    def pars(bot: Any) -> list[float]:
        return [value for value, _reason, c in bot.ranked(game, entity, moves) if c.move.type == "par"]

    assert pars(StrongBot(7000)) and all(value < 0 for value in pars(StrongBot(7000)))
    with monkeypatch.context() as m:
        m.setattr(hints_18zoo, "VETO", hints_18zoo.ADVISED_AGAINST)
        assert all(value > 0 for value in pars(StrongBot(7000)))  # the old score
