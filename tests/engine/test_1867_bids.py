"""1867/1861 stock round: whether a player may open an auction, and for which minors, asked the cheap way
(``can_bid_any`` stops at the first startable minor; ``biddable_corporations`` does not ask ``can_bid_any``
again) must answer what the plain way (every minor's full check, written out here) answers, for every player
at every stock-round state of the shared games of both titles."""

from __future__ import annotations

from typing import Any

import pytest

from engine import build_game
from engine.record import GameRecord
from engine.titles.g1861.rules import BuySellParShares1861
from engine.titles.g1867.steps import BuySellParShares1867
from tests.conftest import fixture_files

GAMES = [p for title in ("1867", "1861") for p in fixture_files(title)]


def plain_startable(step: Any, entity: Any) -> list[Any]:
    """Every minor ``entity`` could start: the can_par, type and purchase tests on each corporation, and (in
    1861) the minor's own ipo type."""
    game = step.game
    found = [c for c in game.corporations if game.corporation_rules.can_par(c, entity) and c.type == "minor"
             and step.can_buy(entity, step.first_share_bundle(c))]
    if isinstance(step, BuySellParShares1861):
        found = [c for c in found if step.ipo_type(c) == "bid"]
    return found


def plain_can_bid_any(step: Any, entity: Any) -> bool:
    return bool(step.max_bid(entity) >= step.MIN_BID and not step.bought() and plain_startable(step, entity))


def plain_biddable(step: Any, entity: Any) -> list[Any]:
    if not plain_can_bid_any(step, entity):
        return []
    return [c for c in plain_startable(step, entity) if step.max_bid(entity, c) >= step.MIN_BID]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_auction_openings_equal_the_plain_checks(path: Any) -> None:
    record = GameRecord.load(path)
    game = build_game(record)
    checked = opened = 0
    for position in game.replay(record.actions):
        step = next((s for s in game.round.steps if isinstance(s, BuySellParShares1867)), None)
        if step is None or step.auction_target is not None:
            continue
        for player in game.players:
            expected = plain_biddable(step, player)
            assert step.can_bid_any(player) == plain_can_bid_any(step, player), (position, player.name)
            assert step.startable_minors(player) == plain_startable(step, player), (position, player.name)
            assert step.biddable_corporations(player) == expected, (position, player.name)
            checked += 1
            opened += bool(expected)
    assert checked and opened  # stock rounds were seen, and auctions could be opened in them
