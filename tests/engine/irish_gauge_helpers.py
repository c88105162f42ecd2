"""Helpers for the Irish Gauge tests: actions as dicts, games with seats as listed, hand-built positions."""

from __future__ import annotations

from typing import Any

from engine.titles.irish_gauge.game import IrishGaugeGame
from engine.titles.irish_gauge.steps import InitialAuction, Turn

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def new(n: int = 4, seed: int = 1, listed: bool = True, strict: bool = True) -> IrishGaugeGame:
    return IrishGaugeGame([(i, NAMES[i - 1] if i <= 4 else f"P{i}") for i in range(1, n + 1)], seed=seed,
                          optional_rules=["seats_as_listed"] if listed else [], strict=strict)


def act(pid: Any, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "entity": pid, "entity_type": "player", **fields}


def bid(pid: Any, corporation: str, price: int) -> dict[str, Any]:
    return act(pid, "bid", corporation=corporation, price=price)


def pass_(pid: Any) -> dict[str, Any]:
    return act(pid, "pass")


def build(pid: Any, corporation: str, hex_id: str) -> dict[str, Any]:
    return act(pid, "build_track", corporation=corporation, hex=hex_id)


def current(game: IrishGaugeGame) -> Any:
    return game.round.active_step().current_entity()


def initial_auctions(game: IrishGaugeGame, winners: dict[str, int], prices: dict[str, int] | None = None) -> None:
    """Play the five initial auctions: ``winners[railway]`` (a player id) bids the face value (or
    ``prices[railway]``) when first asked and able to pay; everybody else passes."""
    prices = prices or {}
    while isinstance(game.round.active_step(), InitialAuction):
        step = game.round.active_step()
        auction = step.auction
        player = current(game)
        wanted = winners[auction.railway.id]
        price = prices.get(auction.railway.id, auction.share.face)
        if player.id == wanted and auction.leader is None and player.cash >= price:
            game.apply(bid(player.id, auction.railway.id, price))
        else:
            game.apply(pass_(player.id))


def turn_step(game: IrishGaugeGame) -> Turn:
    step = game.round.active_step()
    assert isinstance(step, Turn)
    return step


def give_turn(game: IrishGaugeGame, pid: Any) -> None:
    """Hand-built position: make it ``pid``'s turn (choose phase)."""
    step = turn_step(game)
    game.round.entity_index = game.players.index(game.player_by_id(pid))
    step.setup()


def lay(game: IrishGaugeGame, corporation: str, *hexes: str) -> None:
    """Hand-built position: put tracks on the board without any rule check."""
    railway = game.railway(corporation)
    for h in hexes:
        game.place_track(railway, h)


def set_supply(game: IrishGaugeGame, **counts: int) -> None:
    """Hand-built position: the supply holds exactly ``counts``; the cubes taken out go to the discard."""
    for color in ("white", "pink", "black"):
        want = counts.get(color, 0)
        have = game.supply[color]
        if want < have:
            game.discard.extend([color] * (have - want))
        else:
            for _ in range(want - have):
                game.discard.remove(color)
        game.supply[color] = want


def state(game: IrishGaugeGame) -> tuple[Any, ...]:
    """Everything an Irish Gauge game is, for equality checks."""
    step = game.round.active_step()
    auction = getattr(step, "auction", None)
    return (
        tuple((p.id, p.cash, tuple(s.id for s in p.shares)) for p in game.players),
        tuple((r.id, tuple(r.tracks), r.bonus_paid) for r in game.railways),
        tuple((c.id, c.cube, tuple(c.railways)) for c in game.board.values()),
        tuple(sorted(game.supply.items())), tuple(game.discard), game.paid_out, game.received,
        type(step).__name__, getattr(step, "phase", None), getattr(step, "budget", None),
        None if auction is None else (auction.share.id, auction.high, getattr(auction.leader, "id", None),
                                      tuple(p.id for p in auction.out), auction.turn),
        game.round.entity_index, game.turn, game.finished, game.game_end_reason, tuple(game.log_lines),
        len(game.actions), len(game.raw_actions), game.rng.state,
    )


def random_game(seed: int, players: int | None = None, stop: int | None = None) -> IrishGaugeGame:
    """A strict game played by uniform random legal moves (``stop``: after that many actions)."""
    import random

    from engine.moves.registry import legal_moves

    rng = random.Random(seed)
    n = players or rng.randint(3, 5)
    game = IrishGaugeGame([(i, f"P{i}") for i in range(1, n + 1)], seed=seed, strict=True)
    while not game.finished and (stop is None or len(game.actions) < stop):
        move = rng.choice(legal_moves(game).moves)
        action = move.sample(rng)
        action["id"] = len(game.raw_actions) + 1
        game.process_action(action)
    return game
