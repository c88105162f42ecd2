"""The Strong bot's classic tactics (engine/bots/tactics.py): the dump and a private at the right price."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.bots import hints, policy, tactics
from engine.bots.candidates import Candidate
from engine.bots.policy import DUMP_PRIOR, BeginnerBot, StrongBot
from engine.moves.base import BuyCompanyMove, SellSharesMove


def _game(cheapest: int, *corps: Any) -> Any:
    by_id = {c.id: c for c in corps}
    return SimpleNamespace(depot=SimpleNamespace(min_depot_price=cheapest), corporations=list(corps),
                           corporation_by_id=by_id.__getitem__, stock_market=object(),
                           bank=SimpleNamespace(cash=5000))


def _corp(owner: Any, cash: int, trains: tuple[Any, ...] = (), floated: bool = True) -> Any:
    return SimpleNamespace(id="PRR", name="PRR", owner=owner, cash=cash, trains=list(trains), floated=floated, closed=False)


ANN = SimpleNamespace(id=1, name="Ann", is_player=True)
BOB = SimpleNamespace(id=2, name="Bob", is_player=True)
SALE = SellSharesMove("player", 1, corporation="PRR", percent=20, shares=("PRR_1", "PRR_2"))


def test_a_trainless_poor_corporation_is_a_dump_for_its_president_only() -> None:
    corp = _corp(ANN, cash=120)
    game = _game(450, corp)
    assert tactics.faces_forced_purchase(game, corp)
    assert tactics.dump_sale(game, ANN, SALE)
    assert not tactics.dump_sale(game, BOB, SALE)  # not Bob's corporation: an ordinary sale


def test_no_dump_when_the_treasury_pays_or_a_train_is_there() -> None:
    assert not tactics.dump_sale(_game(450, _corp(ANN, cash=500)), ANN, SALE)
    assert not tactics.dump_sale(_game(450, _corp(ANN, cash=10, trains=("4-1",))), ANN, SALE)
    assert not tactics.dump_sale(_game(450, _corp(ANN, cash=10, floated=False)), ANN, SALE)


def test_private_price_leaves_the_next_train_in_the_treasury() -> None:
    corp = _corp(ANN, cash=400)
    game = _game(180, corp)
    move = BuyCompanyMove("corporation", "PRR", company="CA", seller=1, min_price=80, max_price=320)
    assert tactics.private_price(game, corp, ANN, move) == 220  # 400 - 180 for the train
    corp.trains = ["3-1"]
    assert tactics.private_price(game, corp, ANN, move) == 320  # a train already: the most the range allows
    corp.trains, corp.cash = [], 200
    assert tactics.private_price(game, corp, ANN, move) is None  # 20 left is below the least price
    bank = BuyCompanyMove("corporation", "PRR", company="CA", seller="bank", min_price=80, max_price=320)
    assert tactics.private_price(game, corp, ANN, bank) is None  # not the president's own private
    assert tactics.private_price(game, _corp(BOB, cash=900), ANN, move) is None  # not Ann's corporation


def test_strong_bot_weighs_the_dump_and_the_beginner_does_not() -> None:
    game = _game(450, _corp(ANN, cash=120))
    c = Candidate(SALE, {"type": "sell_shares", "entity": 1, "entity_type": "player",
                         "shares": ["PRR_1", "PRR_2"], "percent": 20})
    value, reason = StrongBot(1).score(game, ANN, ANN, c)
    assert value == DUMP_PRIOR and "out of pocket" in reason
    ranked = [(5.0, "buys", Candidate(SellSharesMove("player", 1, corporation="B&O"), {})), (value, reason, c)]
    game.corporation_by_id = {"PRR": game.corporations[0], "B&O": _corp(BOB, cash=0)}.__getitem__
    kept = StrongBot._trusted(game, ANN, ranked)
    assert [row[2] for row in kept] == [ranked[0][2], c]  # the dump stays open to the look-ahead
    # the rules of thumb alone call selling one's own shares bad
    assert BeginnerBot(1).score(game, ANN, ANN, c)[0] < 0


def _route_total_after(game: Any, action: dict[str, Any], entity_type: str, entity_id: Any) -> int:
    from engine.routing import best_routes

    trial = game.copy()
    trial.process_action({**action, "id": len(trial.raw_actions) + 1})
    corp = trial.entity_by(entity_type, entity_id)
    return int(best_routes(trial, corp).total) if corp.trains else 0


def test_strong_bot_lays_the_tile_its_routes_gain_most_from() -> None:
    """In a seeded 1830 game among Beginners, the first track step where the Strong bot's choice differs from
    the Beginner's by a measured revenue gain: the Strong bot's tile makes the next run pay at least TRACK_GAIN
    more than the Beginner's choice (the Beginner's rules of thumb never look at routes)."""
    from engine.bots import make_bot
    from engine.bots.arena import _new_game
    from engine.bots.policy import TRACK_GAIN, acting_moves

    game = _new_game("1830", ["beginner"] * 4, 3, ())
    beginner, strong = make_bot("beginner", 3), make_bot("strong", 3)
    found = None
    while not game.finished and len(game.raw_actions) < 450 and found is None:
        entity, moves = acting_moves(game)
        if len(game.raw_actions) > 150 and any(m.type == "lay_tile" for m in moves) and entity.trains:
            mine, theirs = strong.choose(game, entity, moves), beginner.choose(game, entity, moves)
            if mine.action != theirs.action and "revenue" in mine.reason and "+0 revenue" not in mine.reason:
                found = (mine, theirs, entity)
        if found is None:
            d = beginner.choose(game, entity, moves)
            game.process_action({**d.action, "id": len(game.raw_actions) + 1})
    assert found is not None, "no track step where the look-ahead measured a better lay"
    mine, theirs, entity = found
    etype, eid = mine.action["entity_type"], mine.action["entity"]
    assert (_route_total_after(game, mine.action, etype, eid)
            >= _route_total_after(game, theirs.action, etype, eid) + TRACK_GAIN)


class _Train:
    def __init__(self, sym: str, rusts_on: str | None = None, price: int = 0) -> None:
        self.sym, self.name, self.id, self.rusts_on, self.price = sym, sym, f"{sym}-0", rusts_on, price

    def rusts_by(self, purchased: Any) -> bool:
        return self.rusts_on == purchased.sym


def _rush_game(*corps: Any) -> Any:
    diesel = _Train("D", price=1100)
    game = _game(1100, *corps)
    game.depot.min_depot_train = diesel
    game.depot.upcoming = [diesel, _Train("D", price=1100)]
    return game, diesel


def test_the_two_step_rush_buys_out_the_last_train_before_the_one_that_strands() -> None:
    mine = _corp(ANN, cash=700, trains=(_Train("5"),))
    rival = _corp(BOB, cash=40, trains=(_Train("4", "D"),))
    game, diesel = _rush_game(mine, rival)
    six, six2 = _Train("6", price=630), _Train("6", price=630)
    game.depot.min_depot_train = six
    game.depot.upcoming = [six, diesel]
    assert tactics.rush_train(game, ANN, mine) is six  # the last 6: the D goes on sale
    game.depot.upcoming = [six, six2, diesel]
    assert tactics.rush_train(game, ANN, mine) is None  # another 6 left: buying this one brings no D


def test_the_rush_counts_rival_corporations_left_without_a_train() -> None:
    mine = _corp(ANN, cash=300, trains=(_Train("5"),))
    rival = _corp(BOB, cash=40, trains=(_Train("4", "D"),))
    rival2 = _corp(BOB, cash=40, trains=(_Train("4", "D"), _Train("5")))  # keeps its 5: not stranded
    own_victim = _corp(ANN, cash=40, trains=(_Train("4", "D"),))
    game, diesel = _rush_game(mine, rival, rival2)
    assert tactics.stranded(game, diesel) == [rival]
    assert tactics.rush_gain(game, ANN, mine, diesel) == 1
    assert tactics.rush_train(game, ANN, mine) is diesel
    game2, _ = _rush_game(mine, rival, own_victim)
    assert tactics.rush_gain(game2, ANN, mine, diesel) == 0  # one rival and one of Ann's own: no rush
    assert tactics.rush_train(game2, ANN, mine) is None


def test_withhold_for_the_rush_only_when_it_makes_the_train_affordable() -> None:
    mine = _corp(ANN, cash=900, trains=(_Train("5"),))
    rival = _corp(BOB, cash=40, trains=(_Train("4", "D"),))
    game, _ = _rush_game(mine, rival)
    assert tactics.withhold_for_rush(game, ANN, mine, 250)      # 900 + 250 >= 1100
    assert not tactics.withhold_for_rush(game, ANN, mine, 150)  # still short: pay out
    mine.cash = 1200
    assert not tactics.withhold_for_rush(game, ANN, mine, 250)  # affordable already
    assert not tactics.withhold_for_rush(game, BOB, mine, 250)  # not Bob's corporation


def _new_1830() -> Any:
    from engine.titles.registry import load_title

    return load_title("1830")([(1, "a"), (2, "b"), (3, "c"), (4, "d")], game_id=1, seed=1, strict=True)


def test_a_private_is_worth_the_certificates_it_comes_with() -> None:
    """1830: B&O comes with the B&O president's certificate (20%), C&A with a PRR share (10%); unparred, each at the
    lowest par price; the other privates come with none."""
    game = _new_1830()
    lowest = min(int(p.price) for p in game.stock_market.par_prices)
    values = {c.sym: tactics.bundled_shares_value(game, c) for c in game.companies}
    assert values["BO"] == 2 * lowest and values["CA"] == lowest
    assert all(v == 0 for sym, v in values.items() if sym not in ("BO", "CA"))


def test_only_the_strong_bot_prices_the_certificate_into_its_bid() -> None:
    game = _new_1830()
    move = SimpleNamespace(target_key="company", target="BO")
    player = game.players[0]
    beginner = BeginnerBot().worth(game, player, move)
    strong = StrongBot().worth(game, player, move)
    assert beginner is not None and strong is not None
    assert strong - beginner == int(0.5 * tactics.bundled_shares_value(game, game.company_by_id("BO")))


def test_the_bundled_certificates_weight_is_the_titles_hint() -> None:
    """Measured per title: 1830's hints price half of B&O's certificate in; 18Chesapeake (where the same weight lost
    games) keeps the default of none, so Strong's worth of CV (a president's certificate) is the Beginner's."""
    from engine import new_game

    assert hints.bundled_share(_new_1830(), policy.BUNDLED_SHARE) == hints.BUNDLED_SHARE_1830 > 0
    game = new_game("18Chesapeake", ["a", "b", "c", "d"], seed=1)
    company = game.company_by_id("CV")
    assert tactics.bundled_shares_value(game, company) > 0
    move = SimpleNamespace(target_key="company", target="CV")
    player = game.players[0]
    assert StrongBot().worth(game, player, move) == BeginnerBot().worth(game, player, move)


def test_a_sale_that_hands_over_the_presidency_costs_more_than_one_that_does_not() -> None:
    """sale_cost: the drop on the shares kept, the dividends given up, the presidency when a rival then holds more."""
    game = _new_1830()
    ann, bob = game.players[0], game.players[1]
    corp = game.corporation_by_id("PRR")
    price = game.stock_market.par_prices[0]
    game.stock_market.set_par(corp, price)
    shares = corp.shares_of(corp)
    for share, owner in zip(shares[:4], (ann, ann, bob, bob)):  # Ann 30% with the president's certificate, Bob 20%
        game.share_pool.transfer_shares(share.to_bundle(), owner)
    corp.owner = ann
    assert ann.percent_of(corp) == 30 and bob.percent_of(corp) == 20
    keep = tactics.sale_cost(game, ann, corp, 10, 100, 3)  # keeps 20%: ties Bob, stays president
    lose = tactics.sale_cost(game, ann, corp, 20, 100, 3)  # keeps 10%: Bob presides
    assert keep > 0
    assert lose >= 2 * 2 * int(price.price)
    assert tactics.sale_cost(game, bob, corp, 10, 100, 3) < lose  # not his presidency to lose
