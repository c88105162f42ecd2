"""Graph caches live as long as the reference's: what a read (a legal-move check, the table) computes between two
actions is taken back before the next one (ShareHoldingsReadGuard), and no clear is made where the reference makes
none (a nationalisation, a corporation's reset).  Each case is a playout the reference refused in STRICT mode."""

from __future__ import annotations

from pathlib import Path

from engine import load_game
from engine.moves import legal_moves

DATA = Path(__file__).parent / "data"


def test_what_a_read_computes_in_a_graph_is_taken_back_before_the_next_action() -> None:
    game = load_game(DATA / "1822pnw_srs_playout_5104_route_info_of_a_check.json")
    before = game.graph.cached_keys()
    unasked = [c for c in game.corporations if c.floated and c not in before[0]]
    assert unasked
    for corporation in unasked:  # reads, as the table's questions are
        game.graph.connected_hexes(corporation)
        game.graph.route_info(corporation)
    assert game.graph.cached_keys() != before
    game.read_guard.forget()
    assert game.graph.cached_keys() == before


def test_route_availability_is_first_computed_when_the_reference_computes_it() -> None:
    # 1822PNW SRS playout 5104: a check at action 28 once stored minor 9's route availability while its home hex
    # had two cities; that entry outlives clears (route_train_purchase), so at action 88 we offered a run the
    # reference (which first asked at action 66, on a one-city tile) skips: "Blocking step Buy Trains cannot
    # process action run_routes".
    game = load_game(DATA / "1822pnw_srs_playout_5104_route_info_of_a_check.json")
    moves = legal_moves(game)
    assert moves.step == "BuyTrain" and not moves.of_type("run_routes")


def test_a_nationalisation_keeps_the_stale_token_answer_as_the_reference() -> None:
    # 1861 playout 5013: the reference's cached can_token?(NW) is false (fresh it is true) after a nationalisation
    # that cleared nothing, so it skips NW's Token step; we offered the token and a pass the reference refused.
    game = load_game(DATA / "1861_playout_5013_stale_can_token.json")
    moves = legal_moves(game)
    assert moves.step == "BuyTrain" and not moves.of_type("place_token")


def test_the_guard_finds_every_graph_the_game_holds_also_one_made_later() -> None:
    from engine.map.graph import Graph

    game = load_game(DATA / "1822pnw_srs_playout_5104_route_info_of_a_check.json")
    guard = game.read_guard
    assert guard._graphs() == [game.graph]  # type: ignore[attr-defined]
    extra = Graph(game, no_blocking=True)
    game.extra_graph = extra  # type: ignore[attr-defined]  # a new attribute: looked up again
    assert guard._graphs() == [game.graph, extra]  # type: ignore[attr-defined]
    game.graph = Graph(game)  # rebound: the new one
    assert guard._graphs() == [game.graph, extra]  # type: ignore[attr-defined]
    game.extra_graph = None  # type: ignore[attr-defined]  # no longer a graph
    assert guard._graphs() == [game.graph]  # type: ignore[attr-defined]


def test_the_holdings_marked_follow_a_holder_replaced_in_its_list() -> None:
    """The guard remembers which holdings it marks (``_holdings``) with the holders they belong to: a corporation
    replaced in the game's list (a reset) is marked afresh, so an empty entry a read adds to the new corporation's
    holdings is taken back too, and a holder added (a corporation made later) is marked."""
    from engine.model.entities import Corporation

    game = load_game(DATA / "1822pnw_srs_playout_5104_route_info_of_a_check.json")
    guard = game.read_guard
    guard.mark()
    first = guard._holdings()  # type: ignore[attr-defined]
    assert guard._holdings() is first  # nothing replaced: the same list
    index = next(i for i, c in enumerate(game.corporations) if isinstance(c, Corporation))
    old = game.corporations[index]
    fresh = next(c for c in game.SETUP(game).make_corporations() if c.id == old.id)
    game.corporations[index] = fresh
    guard.mark()  # (as after the action that reset it)
    held = guard._holdings()  # type: ignore[attr-defined]
    assert held is not first and any(h is fresh.shares_by_corporation for h in held)
    assert all(h is not old.shares_by_corporation for h in held)
    other = next(c for c in game.corporations if c is not fresh)
    size = len(fresh.shares_by_corporation)
    fresh.shares_of(other)  # a read: adds an empty entry, as the reference's hash does
    assert len(fresh.shares_by_corporation) == size + 1
    guard.forget()
    assert len(fresh.shares_by_corporation) == size
