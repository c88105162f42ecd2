"""Bots in the merger games (issue 28): the 1817 family starts corporations by auction and takes loans only for
a train; presidents keep the train money their corporations may need soon (1822's player debt)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.bots import evaluate, hints, make_bot
from engine.bots.arena import _new_game
from engine.bots.policy import LOANS_FOR_TRAIN, BeginnerBot, acting_moves


def _act(game: Any, bot: Any) -> Any:
    entity, moves = acting_moves(game)
    decision = bot.choose(game, entity, moves)
    game.process_action({**decision.action, "id": len(game.raw_actions) + 1})
    return decision


def _1817_stock_round() -> Any:
    """1817 with four players, every player passing the private auction (the companies leave the game)."""
    game = _new_game("1817", ["beginner"] * 4, 1, ())
    for _ in range(4):
        _entity, moves = acting_moves(game)
        move = next(m for m in moves if m.type == "pass")
        game.process_action({**move.base(), "id": len(game.raw_actions) + 1})
    assert type(game.round).__name__.startswith("StockRound")
    return game


def test_1817_a_beginner_starts_a_corporation_with_a_working_treasury() -> None:
    game = _1817_stock_round()
    player = game.players[0]
    decision = make_bot("beginner", 1).choose(game, *acting_moves(game))
    assert decision.action["type"] == "bid" and "corporation" in decision.action
    # the part of its bidding power a player puts into their first corporation, never the least bid of $100
    expected = int(hints.AUCTION_POWER_SHARE[0] * player.cash)
    assert decision.action["price"] == expected - expected % 5 >= hints.AUCTION_LEAST_START


def test_1817_no_bid_on_a_corporation_someone_else_put_up() -> None:
    game = _1817_stock_round()
    _act(game, make_bot("beginner", 1))  # player 1 opens an auction
    while getattr(game.round.active_step(), "auction_target", None) is None:
        _act(game, make_bot("beginner", 1))  # its home token
    decision = make_bot("beginner", 2).choose(game, *acting_moves(game))
    assert decision.action["type"] == "pass"


class _Corporation(SimpleNamespace):
    __hash__ = object.__hash__  # (a round's paid_loans is keyed by corporation)


def _corp(cash: int, trains: list[Any], loans: int = 0) -> Any:
    return _Corporation(name="X", cash=cash, trains=trains, loans=[SimpleNamespace(amount=100)] * loans,
                           floated=True, closed=False, owner=None)


def _game(price: int = 100, upcoming: list[Any] | None = None) -> Any:
    depot = SimpleNamespace(min_depot_price=price, upcoming=upcoming or [])
    rules = SimpleNamespace(interest_owed=lambda corp: 10 * len(corp.loans))
    return SimpleNamespace(depot=depot, loan_rules=rules, corporations=[], bank=SimpleNamespace(cash=1000))


def test_loans_only_for_a_train_and_never_a_short() -> None:
    game = _game(price=200)
    score = BeginnerBot._loan_score
    assert score(game, _corp(50, []), "take_loan")[0] > 0  # no train and too little for one
    assert score(game, _corp(50, [], loans=LOANS_FOR_TRAIN), "take_loan")[0] < 0  # not beyond LOANS_FOR_TRAIN
    assert score(game, _corp(50, [object()]), "take_loan")[0] < 0  # it runs: no loan
    assert score(game, _corp(50, []), "short")[0] < 0
    # repaid when the treasury keeps the interest (and its next train when it has none)
    assert score(game, _corp(150, [object()], loans=1), "payoff_loan")[0] > 0
    assert score(game, _corp(250, [], loans=1), "payoff_loan")[0] < 0


class _Train(SimpleNamespace):
    def rusts_by(self, purchased: Any) -> bool:
        return purchased.name in self.rusts_on


def test_trains_that_rust_soon_are_money_the_president_keeps() -> None:
    two, three = _Train(name="2", rusts_on=("4",), price=80), _Train(name="3", rusts_on=("6",), price=180)
    four = _Train(name="4", rusts_on=(), price=300)
    game = _game(price=180, upcoming=[three, three, four])
    corp = _corp(100, [two])
    assert evaluate.rust_soon(game, corp) is four
    assert evaluate.train_shortfall(game, corp) == 200  # the 4 train's price less the treasury
    assert evaluate.rust_soon(game, _corp(100, [two, three])) is None  # the 3 outlives the 4
    assert evaluate.rust_soon(game, corp, horizon=2) is None  # the 4 is not among the next two
    player = SimpleNamespace(id=1)
    corp.owner = player
    game.corporations = [corp, _corp(0, [])]
    game.stock_market = object()
    assert evaluate.obligations(game, player) == 200  # only their own corporations


def test_interest_a_corporation_cannot_pay_is_charged_to_its_president() -> None:
    game = _game()
    game.round = SimpleNamespace(paid_loans={})
    poor, rich = _corp(10, [object()], loans=2), _corp(50, [object()], loans=2)
    assert evaluate.interest_shortfall(game, poor) == 20 + 200  # the interest, and the loans the president settles
    assert evaluate.interest_shortfall(game, rich) == 0
    game.round.paid_loans[poor] = True  # paid this round already
    assert evaluate.interest_shortfall(game, poor) == 0


# ----------------------------------------------------------------------------------------------------------
# hints by family; the 1867 family's minor auction
# ----------------------------------------------------------------------------------------------------------
def test_hints_reach_every_title_of_a_family() -> None:
    from engine.bots import hints_1867

    for title in ("1817", "1817NA", "1817WO", "18USA", "18DE", "18 Hiawatha", "1877: Venezuela"):
        assert hints.hints_for_title(title).bid_worth is hints.corporation_auction_worth, title
    for title in ("1867", "1861"):
        assert hints.hints_for_title(title).move_score is hints_1867.move_score, title
    assert hints.hints_for_title("1830").move_score is None
    game = _new_game("18DE", ["beginner"] * 4, 1, ())
    assert hints.hints_for(game).move_score is hints.hints_for_title("1817").move_score


def _beginners_until(title: str, done: Any, limit: int) -> Any:
    from engine.bots.evaluate import seat_of

    game = _new_game(title, ["beginner"] * 4, 3, ())
    bots = [make_bot("beginner", 30 + i) for i in range(4)]
    for _ in range(limit):
        if done(game):
            return game
        entity, moves = acting_moves(game)
        seat = seat_of(game, entity) if entity is not None else None
        decision = bots[seat or 0].choose(game, entity, moves)
        game.process_action({**decision.action, "id": len(game.raw_actions) + 1})
    raise AssertionError(f"{title}: nothing started within {limit} actions")


def _a_minor_runs(game: Any) -> bool:
    return any(c.type == "minor" and c.floated and c.trains for c in game.corporations)


def test_1867_beginners_start_minors_and_run_them() -> None:
    game = _beginners_until("1867", _a_minor_runs, 200)
    started = [c for c in game.corporations if c.type == "minor" and c.ipoed]
    assert len(started) >= 3
    # a minor's treasury is the winning bid: at least the least bid, within twice the highest minor par
    assert all(100 <= c.cash + sum(t.price for t in c.trains) <= 270 for c in started if c.trains)


def test_1861_beginners_start_nikolaev_first_then_minors() -> None:
    game = _beginners_until("1861", _a_minor_runs, 200)
    assert game.corporation_by_id("N").ipoed


def test_minor_bid_worth_is_a_part_of_the_cash_capped_by_the_highest_par() -> None:
    from engine.bots import hints_1867
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    class Step(BuySellParSharesViaBid):
        MIN_BID = 100
        MAX_MINOR_PAR = 135

        def __init__(self) -> None:
            pass

    player = SimpleNamespace(cash=1000)
    game = SimpleNamespace(round=SimpleNamespace(active_step=Step), corporations=[])
    move = SimpleNamespace(target_key="corporation")
    assert hints_1867.minor_auction_worth(game, player, move) == 270  # 0.6 * 1000, capped at 2 * 135
    player.cash = 120
    assert hints_1867.minor_auction_worth(game, player, move) == 100  # a first minor at the least bid
    game.corporations = [SimpleNamespace(owner=player, closed=False)]
    assert hints_1867.minor_auction_worth(game, player, move) is None  # a second one: too little left
    assert hints_1867.minor_auction_worth(game, player, SimpleNamespace(target_key="company")) is None


def test_route_budget_is_a_count_of_cancel_checks() -> None:
    from engine.bots.policy import route_budget

    cancel = route_budget(3)
    assert [cancel() for _ in range(5)] == [False, False, False, True, True]


def test_no_train_bought_that_leaves_its_seller_without_one() -> None:
    from engine.bots.policy import _strips_seller

    one, two = SimpleNamespace(trains=[object()]), SimpleNamespace(trains=[object(), object()])
    corps = {"A": one, "B": two}

    def by_id(name: str) -> Any:
        return corps[name]

    game = SimpleNamespace(corporation_by_id=by_id)
    assert _strips_seller(game, SimpleNamespace(source="A"))
    assert not _strips_seller(game, SimpleNamespace(source="B"))
    assert not _strips_seller(game, SimpleNamespace(source="depot"))


def test_a_company_goes_into_a_new_corporation_only_while_its_treasury_keeps_a_start() -> None:
    from engine.steps.shares_via_bid import BuySellParSharesViaBid

    class Step(BuySellParSharesViaBid):
        def __init__(self) -> None:
            self.winning_bid = SimpleNamespace(target=SimpleNamespace(name="UP", cash=220))

    step = Step()
    company = SimpleNamespace(id="P1", name="P1", value=40)
    player = SimpleNamespace(cash=10, companies=[company])
    game = SimpleNamespace(round=SimpleNamespace(active_step=lambda: step))
    candidate = SimpleNamespace(move=SimpleNamespace(type="assign"), action={"target": "P1"})
    assert hints._family1817_score(game, None, player, candidate)[0] > 0  # 180 left: enough
    step.winning_bid.target.cash = hints.AUCTION_LEAST_START + 30
    assert hints._family1817_score(game, None, player, candidate)[0] < 0  # the treasury needs the cash
    player.cash = -20
    assert hints._family1817_score(game, None, player, candidate)[0] > 0  # a bid beyond cash is covered


def test_a_corporation_without_a_president_is_decided_by_the_player_whose_turn_it_is() -> None:
    """1817 in a real window: Player 4 (a bot) won Bess's auction and the game waited for ever at 'Bess: Place Home
    Token' (Bess has no president before its home token), since no seat was found to decide."""
    from types import SimpleNamespace

    from engine.bots.evaluate import acting_player

    player = SimpleNamespace(is_player=True, name="Player 4")
    other = SimpleNamespace(is_player=True, name="Player 1")
    corporation = SimpleNamespace(is_player=False, owner=None)
    game = SimpleNamespace(round=SimpleNamespace(entities=[other, player], entity_index=1))
    assert acting_player(game, corporation) is player
    operating = SimpleNamespace(round=SimpleNamespace(entities=[corporation], entity_index=0))
    assert acting_player(operating, corporation) is None  # an operating corporation without a president
