"""The 1817 family's economy hints (engine/bots/hints_1817.py): corporations pay out, borrow and withhold only to
replace trains, never borrow or withhold into the acquisition cells, never buy a Pullman as a train; a president
borrows for the tokens of a corporation started without their price; the Beginner lays towards a second stop when
its corporation finds no run."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.bots import hints, hints_1817
from engine.steps.shares_via_bid import BuySellParSharesViaBid
from engine.steps.trains import BuyTrain


class _Train(SimpleNamespace):
    def rusts_by(self, purchased: Any) -> bool:
        return purchased.name in self.rusts_on


def _train(name: str, distance: int, price: int, rusts_on: tuple[str, ...] = (), obsolete_on: str | None = None) -> Any:
    return _Train(name=name, distance=distance, price=price, rusts_on=rusts_on, obsolete_on=obsolete_on, id=name)


TWO = _train("2", 2, 100, rusts_on=("4",))
THREE = _train("3", 3, 250, rusts_on=("6",))
FOUR = _train("4", 4, 400, rusts_on=("8",))
PULLMAN = _train("P", 0, 200)


class _Corporation(SimpleNamespace):
    __hash__ = object.__hash__


def _corp(cash: int, trains: list[Any], loans: int = 0, shares: int = 2, revenue: int | None = None) -> Any:
    history = {1: SimpleNamespace(revenue=revenue)} if revenue is not None else {}
    return _Corporation(name="X", cash=cash, trains=trains, loans=[SimpleNamespace(amount=100)] * loans,
                        total_shares=shares, operating_history=history, is_corporation=True, share_price=None)


class _TrainStep(BuyTrain):
    def __init__(self, trains: list[Any], depot: Any) -> None:
        self._trains, self._depot = trains, depot

    def buyable_trains(self, entity: Any) -> list[Any]:
        return self._trains


def _game(upcoming: list[Any], *, step: Any = None, price_after_left: int = 50) -> Any:
    depot = SimpleNamespace(upcoming=upcoming, min_depot_price=min(t.price for t in upcoming))
    for t in upcoming:
        t.owner = depot
    rules = SimpleNamespace(LOAN_VALUE=100, max_loans=lambda corp: corp.total_shares,
                            interest_for=lambda n: 5 * n)
    market = SimpleNamespace(find_share_price=lambda corp, moves: SimpleNamespace(price=price_after_left))
    game = SimpleNamespace(depot=depot, loan_rules=rules, stock_market=market,
                           phase=SimpleNamespace(train_limit=lambda corp: 4),
                           train_by_id=lambda tid: {t.id: t for t in (TWO, THREE, FOUR, PULLMAN)}[tid])
    game.round = SimpleNamespace(active_step=lambda: step)
    return game


def _dividend(kind: str, revenue: int = 100, price_after: int | None = 60) -> Any:
    return SimpleNamespace(move=SimpleNamespace(type="dividend", kind=kind, revenue=revenue, price_after=price_after),
                           action={"kind": kind})


def _best_dividend(game: Any, corp: Any, kinds: tuple[str, ...] = ("payout", "withhold", "half"),
                   price_after: int = 60) -> str:
    scores = {k: hints_1817.dividend_score(game, corp, _dividend(k, price_after=price_after))[0] for k in kinds}
    return max(scores, key=lambda k: scores[k])


def test_the_rust_ahead_is_seen_a_whole_kind_of_train_at_a_time() -> None:
    """18USA exports every 3-train at once: twelve 3s ahead of the 4 must not hide the 4 that rusts the 2s."""
    game = _game([THREE] * 12 + [FOUR])
    assert hints_1817.lasting_trains(game, _corp(0, [TWO])) == 0
    assert hints_1817.lasting_trains(game, _corp(0, [TWO, THREE])) == 1
    assert hints_1817.must_replace(game, _corp(0, [TWO]))
    assert not hints_1817.must_replace(game, _corp(0, [TWO, THREE]))
    assert hints_1817.needs_train(game, _corp(0, [THREE]))  # a second train is wanted, from the treasury


def test_a_corporation_pays_out_unless_its_trains_must_be_replaced_beyond_its_loans() -> None:
    game = _game([THREE, THREE, THREE])
    assert _best_dividend(game, _corp(50, [TWO, TWO], shares=5)) == "payout"  # the 3s do not rust its 2s
    assert _best_dividend(game, _corp(50, [], shares=2, loans=2)) == "withhold"  # no train, no loan left
    rusting = _game([THREE] * 12 + [FOUR])
    assert _best_dividend(rusting, _corp(50, [TWO], shares=2, loans=2)) == "withhold"  # the 3 is out of reach
    assert _best_dividend(rusting, _corp(50, [TWO], shares=5)) == "payout"  # five loans reach it
    # never a withheld run into the acquisition cells
    assert _best_dividend(game, _corp(50, [], loans=2), price_after=0) != "withhold"


def test_loans_at_the_train_step_only_to_replace_trains_and_never_into_acquisition() -> None:
    upcoming = [THREE] * 12 + [FOUR]
    step = _TrainStep([THREE], None)
    game = _game(upcoming, step=step)
    score = hints_1817.loan_score
    assert score(game, _corp(50, [TWO], shares=5, revenue=100), "take_loan")[0] > 0  # its 2 rusts: a 3 by loans
    assert score(game, _corp(300, [TWO], shares=5, revenue=100), "take_loan")[0] < 0  # the treasury pays it
    assert score(game, _corp(50, [TWO], shares=2, loans=0, revenue=100), "take_loan")[0] < 0  # 2 loans do not reach
    assert score(game, _corp(50, [TWO], shares=5, revenue=0), "take_loan")[0] < 0  # it does not run: no interest
    assert score(_game(upcoming), _corp(50, [TWO], shares=5, revenue=100), "take_loan")[0] < 0  # not a train step
    assert score(_game(upcoming, step=step, price_after_left=0), _corp(50, [TWO], shares=5, revenue=100),
                 "take_loan")[0] < 0
    assert score(_game([THREE] * 3, step=step), _corp(50, [TWO], shares=5, revenue=100), "take_loan")[0] < 0
    # repaid when the treasury keeps a replacement's price and the interest
    assert score(_game([THREE] * 3), _corp(150, [TWO], loans=1, revenue=100), "payoff_loan")[0] > 0
    assert score(_game(upcoming), _corp(150, [TWO], loans=1, revenue=100), "payoff_loan")[0] < 0


def test_a_pullman_is_never_bought_as_a_train() -> None:
    game = _game([PULLMAN, FOUR], step=_TrainStep([PULLMAN, FOUR], None))
    candidate = SimpleNamespace(move=SimpleNamespace(type="buy_train", source="depot"),
                                action={"train": "P", "price": 200, "variant": "P"})
    assert hints_1817.train_score(game, _corp(500, []), candidate)[0] < 0
    four = SimpleNamespace(move=SimpleNamespace(type="buy_train", source="depot"),
                           action={"train": "4", "price": 400, "variant": "4"})
    assert hints_1817.train_score(game, _corp(500, [PULLMAN]), four)[0] > 50  # a Pullman alone is no train
    assert hints_1817.train_price(game, _corp(500, [])) == 400


def test_a_new_corporation_borrows_for_the_tokens_it_must_buy_in_the_stock_round() -> None:
    class Stock(BuySellParSharesViaBid):
        def __init__(self) -> None:
            pass

    game = _game([THREE], step=Stock())
    game.tokens_needed = lambda corp: 1
    corp = _corp(20, [], shares=5)
    corp.operated = lambda: False
    assert hints_1817.loan_score(game, corp, "take_loan")[0] > 10
    corp.cash = 60
    assert hints_1817.loan_score(game, corp, "take_loan")[0] < 0


def test_conversion_only_with_the_cash_for_its_new_tokens() -> None:
    game = _game([THREE])
    assert hints_1817.convert_score(game, _corp(11, [TWO], shares=2))[0] < 0  # ATSF converted with $11: liquidated
    assert hints_1817.convert_score(game, _corp(100, [TWO], shares=2))[0] > 0
    assert hints_1817.convert_score(game, _corp(100, [TWO], shares=5))[0] < 0  # two tokens at $50
    assert hints_1817.convert_score(game, _corp(500, [], shares=2))[0] < 0  # no train


def test_presidents_borrow_for_their_corporations_in_their_own_turn() -> None:
    """1817's stock round lists a corporation's loan under the corporation: the president's turn includes it."""
    from engine.bots.policy import _presided_moves

    player, other = SimpleNamespace(is_player=True), SimpleNamespace(is_player=True)
    corps = {"A": SimpleNamespace(owner=player), "B": SimpleNamespace(owner=other)}
    game = SimpleNamespace(entity_by=lambda etype, eid: corps[eid])

    def move(kind: str, eid: str) -> Any:
        return SimpleNamespace(type=kind, entity_type="corporation", entity=eid)

    moves = [move("take_loan", "A"), move("take_loan", "B"), move("buy_shares", "A")]
    assert _presided_moves(game, player, moves) == [moves[0]]
    assert hints._family1817_score  # the family's score reaches the corporation of a president's loan


def test_a_corporation_that_finds_no_run_lays_towards_a_stop() -> None:
    from engine.bots.arena import _new_game
    from engine.bots.policy import REACH_BONUS, _reach_bonus

    game = _new_game("1830", ["beginner"] * 4, 1, ())
    corp = game.corporation_by_id("PRR")
    tile = next(t for t in game.tiles if t.name == "9")  # a straight
    hex_ = game.hex_by_id("H14")  # next to Altoona (H12) and Harrisburg's neighbourhood
    bonuses = {r: _reach_bonus(game, corp, hex_.id, tile, r) for r in range(6)}
    assert max(bonuses.values()) == REACH_BONUS  # a rotation whose track ends next to a stop
    assert min(bonuses.values()) < REACH_BONUS  # ... and one that points elsewhere
    corp.operating_history = {1: SimpleNamespace(revenue=50)}
    assert _reach_bonus(game, corp, hex_.id, tile, 0) == 0.0  # a corporation that runs: the usual rules


def test_18usa_routes_are_scored_with_the_mexico_count() -> None:
    """18USA's revenue counts the run's routes to Mexico; the optimiser's stand-in route had no stops (an
    AttributeError, caught by the bots, which then ran a random legal run: real game 109372, action 227)."""
    from engine import load_game
    from engine.record import GameRecord
    from engine.routing import best_routes
    from tests.conftest import FIXTURES

    path = Path(FIXTURES) / "18USA" / "109372.json"
    if not path.exists():
        pytest.skip("18USA fixture not available")
    record = GameRecord.load(path)
    game = load_game(record, upto=227)
    assert best_routes(game, game.corporation_by_id("SP")).total > 0


def test_a_corporation_loan_in_a_presidents_turn_waits_for_a_titles_hints() -> None:
    from engine.bots.arena import _new_game
    from engine.bots.candidates import Candidate
    from engine.bots.policy import BeginnerBot

    game = _new_game("1830", ["beginner"] * 4, 1, ())
    player = game.players[0]
    move = SimpleNamespace(type="take_loan", entity="PRR", entity_type="corporation")
    candidate = Candidate(move, {"type": "take_loan", "entity": "PRR"})  # type: ignore[arg-type]
    assert BeginnerBot(1).score(game, player, player, candidate)[0] < 0


# --- the Strong bot in the 1817 family: the title's rules of thumb decide its own moves ----------------------------
#: the first 870 actions of our arena game 18USA seed 100 (four Strong bots) played before the family's hints were
#: decisive for the Strong bot: it merged corporations into ten loans at 30%, bid for a liquidated corporation with
#: its loans, bought a Pullman, let a new corporation liquidate for want of its tokens; every president went bankrupt
OLD_STRONG_18USA = Path(__file__).parent / "data" / "18usa_arena_100_old_strong_bot.json"


def _strong_choice(count: int) -> dict[str, Any]:
    from engine.bots.policy import StrongBot
    from tests.conftest import replay_prefix

    decision = StrongBot(1).decide(replay_prefix(OLD_STRONG_18USA, count))
    assert decision is not None
    return decision.action


@pytest.mark.parametrize(("count", "old"), [(783, "merge"), (788, "merge"), (816, "buy_train"), (818, "bid")])
def test_strong_plays_the_familys_rules_where_the_old_look_ahead_ruined_its_corporations(count: int, old: str) -> None:
    """Where the old Strong bot merged (783: KCS into WP's four loans, 788: NYC into DRG's), bought a Pullman as
    its train (816) and bid $10 for a liquidated corporation holding ten loans (818), it now passes as the rules
    of thumb do."""
    action = _strong_choice(count)
    assert action["type"] != old
    assert action["type"] == "pass"


def test_strong_borrows_for_the_tokens_of_a_corporation_it_started() -> None:
    """The old Strong bot passed here and MP liquidated at the end of the stock round: it had no cash for its tokens."""
    action = _strong_choice(863)
    assert action["type"] == "take_loan" and action["entity"] == "MP"


def test_a_loan_is_valued_as_debt_not_as_cash() -> None:
    """A loan adds its cash to the treasury and as much to the debt: the president's position gains at most what
    the cash saves of the coming train bill (the old evaluation credited half the loan to the shareholders: +43)."""
    from engine.bots import evaluate
    from tests.conftest import replay_prefix

    game = replay_prefix(OLD_STRONG_18USA, 727)
    drg = game.corporation_by_id("DRG")
    president = drg.owner
    before = evaluate.position_value(game, president)
    debt = evaluate.debt(drg)
    game.process_action({"type": "take_loan", "entity": "DRG", "entity_type": "corporation", "loan": 55,
                         "id": len(game.raw_actions) + 1})
    assert evaluate.debt(drg) == debt + 100
    assert evaluate.interest_per_round(game, drg) > 0
    assert evaluate.position_value(game, president) - before <= evaluate.RUST_SHARE * 100 + 1


@pytest.mark.parametrize("count", [760, 863])
def test_strong_decides_the_same_at_the_same_18usa_position_and_seed(count: int) -> None:
    """A look-ahead decision (760: a tile) and one the family's rules decide (863: the tokens' loan), each twice."""
    from engine.bots.policy import StrongBot
    from engine.moves import check_action
    from tests.conftest import replay_prefix

    game = replay_prefix(OLD_STRONG_18USA, count)
    first, second = StrongBot(5).decide(game), StrongBot(5).decide(game)
    assert first is not None and second is not None
    assert first.action == second.action
    assert check_action(game, first.action)  # enumerated moves decided: it is one of them
