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
    found = [
        c
        for c in game.corporations
        if game.corporation_rules.can_par(c, entity)
        and c.type == "minor"
        and step.can_buy(entity, step.first_share_bundle(c))
    ]
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


def plain_minor_homes(game: Any, corporation: Any) -> list[Any]:
    """The hexes with a city ``corporation`` could take a free token in and that holds no token yet (in 1861
    only those whose cities no track joins to another stop yet)."""
    found = [
        h for h in game.hexes if any(c.tokenable(corporation, free=True) and not any(c.tokens) for c in h.tile.cities)
    ]
    if game.title == "1861":
        found = [h for h in found if not any(game._city_connected(c) for c in h.tile.cities)]
    return found


@pytest.mark.parametrize(
    "path", GAMES[:1] + [p for p in GAMES if p.parent.name == "1861"][:1], ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_minor_home_choices_equal_the_plain_check(path: Any) -> None:
    """A minor's home choices (asked when its auction opens): the token-free test first, the same hexes."""
    record = GameRecord.load(path)
    game = build_game(record)
    minors = [c for c in game.corporations if c.type == "minor"]
    sizes = set()
    for position in game.replay(record.actions):
        if position % 5:
            continue
        for minor in minors:
            expected = plain_minor_homes(game, minor)
            assert game.home_token_locations(minor) == expected, (position, minor.id)
            sizes.add(len(expected))
    assert len(sizes) > 3  # the choices narrowed as the map filled
