"""1877: Venezuela: 1817's family base opening with a stock round; a corporation is started with half its market
value from the bank and 60% of its shares in the market, its winner plays on; corporations may buy depot trains
in the stock round; two mine hexes are drawn."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.titles.g1877_venezuela import data
from engine.titles.g1877_venezuela.rules import BuySellParShares1877


def game_of(rules: tuple[str, ...] = ()) -> Any:
    return new_game("1877: Venezuela", ["A", "B", "C"], seed=11, optional_rules=list(rules))


def test_facts_and_mines() -> None:
    game = game_of()
    assert type(game.round).__name__ == "StockRound1817" and game.format_currency(5) == "Bs.5"
    assert [p.cash for p in game.players] == [315] * 3
    mines = [h.id for h in game.hexes if h.tile.label == data.MINE_LABEL]
    assert len(mines) == 2 and set(mines) <= set(data.MINE_HEXES)
    plain = game_of(("no_mines",))
    assert not [h for h in plain.hexes if h.tile.label == data.MINE_LABEL]
    assert not [t for t in plain.tiles if t.name in data.MINE_TILES]


def test_started_corporation_gets_half_its_value_and_puts_60_percent_in_the_market() -> None:
    game = game_of()
    step = game.round.active_step()
    assert isinstance(step, BuySellParShares1877)
    player = game.players[0]
    corporation = game.corporation_by_id("BPC")
    game.process_action({"type": "bid", "entity": player.id, "entity_type": "player", "corporation": "BPC",
                         "price": 140})
    city = game.hex_by_id("F3").tile.cities[0]
    game.process_action({"type": "place_token", "entity": "BPC", "entity_type": "corporation", "city": city.id,
                         "slot": 0})
    for other in game.players[1:]:
        game.process_action({"type": "pass", "entity": other.id, "entity_type": "player"})
    assert corporation.share_price.price == 70 and player.percent_of(corporation) == 40
    assert game.share_pool.percent_of(corporation) == 60
    # the bank pays half of 5 x 70; two stations (2 needed for five shares, one bought for $50)
    assert corporation.cash == 175 - 50 and len(corporation.tokens) == 2
    assert player.cash == 315 - 140
    assert game.round.active_step().current_entity() is player  # the winner plays on


def test_bid_is_offered_while_the_player_could_bid_even_with_every_corporation_started(monkeypatch: Any) -> None:
    """As the reference: the turn then waits for an explicit pass (1877 and 18 Hiawatha start every corporation)."""
    game = game_of()
    step = game.round.active_step()
    player = step.current_entity()
    monkeypatch.setattr(step, "biddable_corporations", lambda entity: [])
    assert {"bid", "pass"} <= set(step.actions(player))


def test_a_triggered_end_waits_for_the_acquisition_round() -> None:
    from engine.titles.g1817.acquisition import AcquisitionRound

    game = game_of()
    assert game.GAME_END_ROUND is AcquisitionRound
    assert not game.end_now("one_more_full_or_set")  # a stock round is not where the end takes effect
