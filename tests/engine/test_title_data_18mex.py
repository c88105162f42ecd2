"""18MEX: the title's data and the rules it adds, and the general pieces it brought (the merger step, minors paying
half, train limit abilities, city/town edges), on states built by hand (test_fixtures.py replays the real games)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.errors import GameError
from engine.map.tile import Tile
from engine.moves import legal_moves
from engine.steps.merge import MergeOffer
from engine.steps.minor_half_pay import pays_half
from engine.titles.g18mex.rules import Game18MEX
from engine.titles.registry import load_title
from tests.conftest import FIXTURES, shared_or_skip

PLAYERS = [(1, "a"), (2, "b"), (3, "c")]


def test_registered_and_set_up() -> None:
    assert load_title("18MEX") is Game18MEX
    game = Game18MEX(PLAYERS)
    assert "CdB" not in [c.id for c in game.companies]  # only with the Baja variant
    assert "CdB" in [c.id for c in Game18MEX(PLAYERS, optional_rules=["baja_variant"]).companies]
    for minor in game.minors:
        assert [t.name for t in minor.trains] == ["2"] and not minor.trains[0].buyable
        assert minor.tokens[0].used and minor.tokens[0].city.hex.id == minor.coordinates
    a, b, c = (game.minor_share(m) for m in "ABC")
    assert (a.percent, b.percent, c.percent) == (5, 5, 10)
    assert not a.buyable and not a.counts_for_limit and not c.buyable
    assert not game.ndm_merge_share().buyable and game.ndm_merge_share().percent == 10


def test_ndm_five_percent_shares_are_outside_the_certificate_limit() -> None:
    game = Game18MEX(PLAYERS)
    player = game.players[0]
    share = game.minor_share("A")
    game.share_pool.buy_shares(player, share, exchange="free", exchange_price=0)
    assert game.corporation_rules.num_certs(player) == 0
    game.cert_limit_adjust = 1
    assert game.corporation_rules.cert_limit_for(player) == game.cert_limit + 1


def test_pool_swaps_give_larger_shares_first_and_equal_ones_in_reverse_order() -> None:
    game = Game18MEX(PLAYERS)
    shares = [SimpleNamespace(id=i, percent=p) for i, p in enumerate((10, 10, 5, 10, 5))]
    assert [s.id for s in game.share_pool.possible_reorder(shares)] == [3, 1, 0, 4, 2]


def test_train_limit_abilities_raise_the_limit() -> None:
    game = Game18MEX(PLAYERS)
    ndm, chi = game.corporation_by_id("NdM"), game.corporation_by_id("CHI")
    assert game.train_rules.train_limit(ndm) == game.train_rules.train_limit(chi) + 1


def test_minors_pay_half_and_lay_one_yellow() -> None:
    game = Game18MEX(PLAYERS)
    minor = game.minor_by_id("A")
    assert pays_half(minor) and not pays_half(game.corporation_by_id("CHI"))
    assert game.track_rules.tile_lays(minor) == ({"lay": True, "upgrade": False},)
    assert len(game.track_rules.tile_lays(game.corporation_by_id("CHI"))) == 2


def test_a_city_without_track_to_an_edge_has_no_city_town_edges() -> None:
    game = Game18MEX(PLAYERS)
    mazatlan = game.hex_by_id("K6").tile  # city and town joined inside the hex, no track to a side
    assert mazatlan.city_town_edges() == []
    yellow = Tile.for_catalogue("471", 0)
    yellow.rotate(2)
    assert yellow.city_town_edges() == [[2, 5]]


def test_copper_canyon_is_never_upgraded() -> None:
    game = Game18MEX(PLAYERS)
    canyon = game.tile_by_id("470-0")
    assert not game.track_rules.upgrades_to(canyon, Tile.for_catalogue("8", 0))


class _Offer:
    """A game exposing the merger protocol MergeOffer asks."""

    def __init__(self, candidates: list[Any]) -> None:
        self.candidates = candidates
        self.all = list(candidates)
        self.merged: list[Any] = []
        self.declined: list[Any] = []

    def merge_candidates(self) -> list[Any]:
        return self.candidates

    def merge_decider(self) -> Any:
        return self.candidates[0]

    def merge_target(self) -> Any:
        return SimpleNamespace(name="T", id="T")

    def corporation_by_id(self, cid: str) -> Any:
        return next(c for c in self.all if c.id == cid)

    def merge_major(self, corporation: Any) -> None:
        self.merged.append(corporation)
        self.candidates = []

    def decline_merge(self, corporation: Any) -> None:
        self.declined.append(corporation)
        self.candidates = [c for c in self.candidates if c is not corporation]


def _step(game: Any) -> MergeOffer:
    step = MergeOffer.__new__(MergeOffer)
    step.game = game  # type: ignore[misc]
    return step


def test_merge_offer_asks_each_candidate_in_turn() -> None:
    first, second = SimpleNamespace(id="X", name="X"), SimpleNamespace(id="Y", name="Y")
    game = _Offer([first, second])
    step = _step(game)
    assert step.active() and step.blocking() and step.actions(first) == ["merge", "pass"]
    assert step.active_entities() == [first]
    step.process_pass(SimpleNamespace(type="pass"))
    assert game.declined == [first] and step.active_entities() == [second]
    with pytest.raises(GameError):
        step.process_merge(SimpleNamespace(type="merge", corporation="X"))
    step.process_merge(SimpleNamespace(type="merge", corporation="Y"))
    assert game.merged == [second] and not step.active() and step.actions(second) == []


def test_real_merger_is_offered_as_legal_moves() -> None:
    from engine import load_game

    game = load_game(shared_or_skip(FIXTURES / "18MEX" / "13315.json"), upto=265)
    moves = legal_moves(game)
    kinds = {(m.type, m.entity) for m in moves.moves}
    assert ("merge", "MEX") in kinds and ("pass", "MEX") in kinds


def test_a_merged_majors_shares_return_first_players_then_markets_then_the_others() -> None:
    """The reference moves the market's certificates back during its first player's turn of the loop, so the
    treasury of a major merged into the NdM lists them before the other players' ones (18MEX playout seed 9104: the
    closed MEX then lists a 10% first, which a player with $60 "could" buy to par it, so his turn is not skipped)."""
    game = Game18MEX(PLAYERS)
    major = next(c for c in game.corporations if c.id == "MEX")
    first, second, third = game.players
    president, *tens = major.shares
    president.transfer(second)
    tens[0].transfer(game.share_pool)
    tens[1].transfer(third)
    tens[2].transfer(game.share_pool)
    major.owner, major.ipoed = second, True
    major.share_price = game.stock_market.par_prices[0]
    assert not first.shares_of(major)
    game.merge_shares(major)
    assert [s.id for s in major.shares] == [s.id for s in (*tens[3:], tens[0], tens[2], president, tens[1])]


def test_minors_closing_leaves_the_token_reachability_cache_stale_as_the_reference() -> None:
    """The reference clears its graph (and so its per-corporation ``can_token?`` answer) only on tile lays and
    token placements, not when the minors close and minor B's home token leaves K6 (playout seed 5000). FCP's
    "no token possible", computed before the closing, stands until the next tile lay: its token step is skipped
    although K6 now has room (the reference refuses a token step there: STRICT playout 18MEX seed 5000 @1142)."""
    from pathlib import Path

    from engine import load_game
    from engine.steps.tracker import clear_graph_for_entity

    game = load_game(Path(__file__).parent / "data" / "18mex_playout_5000_stale_token_cache.json")
    fcp = game.corporation_by_id("FCP")
    assert game.round.current_entity() is fcp
    assert legal_moves(game).step == "Route", "the stale cached answer skips FCP's token step"
    assert game.graph.can_token(fcp) is False  # cached before the minors closed
    clear_graph_for_entity(game, fcp)  # what a tile lay or token placement does
    assert game.graph.can_token(fcp) is True
    assert {c.hex.id for c in game.graph.tokenable_cities(fcp)} == {"K6"}
