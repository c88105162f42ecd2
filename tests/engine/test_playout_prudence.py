"""The random player's prudence in titles with player debt (engine/moves/prudence.py): pay debts off, save for
the next train, never strip a sister corporation of its only train, borrow least; plus the best of a few
random runs."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.errors import GameError
from engine.moves.base import PassMove, SellSharesMove, SimpleMove
from engine.moves.bid_boxes import PayoffDebtPartMove
from engine.moves.dividend import DividendMove
from engine.moves.playout import new_game, play_one
from engine.moves.prudence import RUN_DRAWS, lends_to_players, prudent_action, prudent_moves
from engine.moves.trains import BuyTrainMove


@dataclass
class Rules:
    ebuy_can_take_player_loan: Any = "after_sell"


@dataclass
class Train:
    name: str
    price: int = 0
    rusts_on: Any = None


@dataclass
class Depot:
    min_depot_price: int = 100
    upcoming: list[Train] = field(default_factory=list)


@dataclass
class Entity:
    cash: int = 0
    debt: int = 0
    trains: list[Train] = field(default_factory=list)
    owner: Any = None


class Table:
    """The few facts the prudence reads: the rules, the entities by reference, the depot."""

    def __init__(
        self, entities: dict[tuple[str, Any], Entity], depot: Depot | None = None, loans: Any = "after_sell"
    ) -> None:
        self.rules = Rules(loans)
        self.entities = entities
        self.depot = depot or Depot()

    def entity_by(self, entity_type: str, eid: Any) -> Entity:
        if (entity_type, eid) not in self.entities:
            raise GameError(f"no {entity_type} {eid}")
        return self.entities[(entity_type, eid)]


def _sale(player: int) -> SellSharesMove:
    return SellSharesMove("player", player, corporation="LNWR", shares=("LNWR_1",), percent=10)


def test_only_titles_that_lend_to_presidents_are_narrowed() -> None:
    rng = random.Random(1)
    assert lends_to_players(new_game("1822", 1, rng))
    assert not lends_to_players(new_game("1830", 1, rng))
    table = Table({("player", 1): Entity(cash=50, debt=100)}, loans=False)
    moves = [PassMove("player", 1), SimpleMove("player", 1, kind="payoff_player_debt")]
    assert prudent_moves(table, moves) == moves


def test_a_player_in_debt_pays_it_off_and_sells_shares_for_it() -> None:
    payoff = SimpleMove("player", 1, kind="payoff_player_debt")
    part = PayoffDebtPartMove("player", 1, most=50)
    table = Table({("player", 1): Entity(cash=50, debt=100)})
    assert prudent_moves(table, [PassMove("player", 1), part, payoff, _sale(1)]) == [payoff]
    broke = Table({("player", 1): Entity(cash=0, debt=100)})
    assert prudent_moves(broke, [PassMove("player", 1), _sale(1)]) == [_sale(1)]
    clear = Table({("player", 1): Entity(cash=0, debt=0)})
    assert prudent_moves(clear, [PassMove("player", 1), _sale(1)]) == [PassMove("player", 1), _sale(1)]


def _dividends() -> list[DividendMove]:
    return [
        DividendMove("corporation", "7", kind="payout", to_corporation=0),
        DividendMove("corporation", "7", kind="withhold", to_corporation=80),
    ]


def test_a_corporation_saves_for_the_train_it_will_need_unless_its_president_owes() -> None:
    payout, withhold = _dividends()
    president = Entity(cash=0)
    # its L train rusts on the 3 train ($200); $120 is not enough: it keeps its revenue
    minor = Entity(cash=120, trains=[Train("L", 60, rusts_on="3")], owner=president)
    table = Table({("corporation", "7"): minor}, Depot(60, [Train("2", 120), Train("3", 200)]))
    assert prudent_moves(table, [payout, withhold]) == [withhold]
    minor.cash = 200
    assert prudent_moves(table, [payout, withhold]) == [payout, withhold]
    minor.cash = 120
    president.debt = 30  # the debt grows by half every stock round: pay the president
    assert prudent_moves(table, [payout, withhold]) == [payout]


def test_no_corporation_buys_the_only_train_of_another() -> None:
    buyer = BuyTrainMove("corporation", "3", train="3-1", variant="3", source="14", min_price=1, max_price=40)
    depot = BuyTrainMove("corporation", "3", train="3-2", variant="3", source="depot", min_price=200, max_price=200)
    seller = Entity(trains=[Train("3")])
    table = Table({("corporation", "14"): seller})
    assert prudent_moves(table, [PassMove("corporation", "3"), buyer, depot]) == [PassMove("corporation", "3"), depot]
    seller.trains.append(Train("2"))
    assert buyer in prudent_moves(table, [PassMove("corporation", "3"), buyer, depot])
    seller.trains.clear()
    seller.trains.append(Train("3"))
    assert prudent_moves(table, [buyer]) == [buyer]  # the only move is never taken away


def test_the_president_adds_least_and_only_when_the_corporation_cannot_pay_alone() -> None:
    own = BuyTrainMove("corporation", "3", train="2-1", variant="2", min_price=100, max_price=100)
    helped = BuyTrainMove("corporation", "3", train="3-1", variant="3", min_price=200, max_price=200, contribution=150)
    more = BuyTrainMove("corporation", "3", train="4-1", variant="4", min_price=300, max_price=300, contribution=250)
    table = Table({})
    assert prudent_moves(table, [own, helped, more]) == [own]
    assert prudent_moves(table, [helped, more]) == [helped]


@dataclass(frozen=True)
class Runs:
    """A run_routes move whose samples earn the revenues given, in turn."""

    revenues: list[int]
    type: str = "run_routes"
    drawn: list[int] = field(default_factory=list)

    def sample(self, rng: random.Random) -> dict[str, Any]:
        revenue = self.revenues[len(self.drawn) % len(self.revenues)]
        self.drawn.append(revenue)
        return {"type": "run_routes", "routes": [{"train": "2-1", "revenue": revenue}]}


def test_a_corporation_runs_the_best_of_a_few_random_runs() -> None:
    runs = Runs([30, 90, 50, 0])
    action = prudent_action(Table({}), runs, random.Random(1))
    assert len(runs.drawn) == RUN_DRAWS and action["routes"][0]["revenue"] == 90
    plain = Runs([30, 90])
    assert prudent_action(Table({}, loans=False), plain, random.Random(1))["routes"][0]["revenue"] == 30
    assert len(plain.drawn) == 1


def test_1822_playouts_stay_out_of_ruinous_debt() -> None:
    """1822 seed 10002: uniform play ended with a player $2,024,067 in debt (a minor sold its only train to a
    sister minor, then bought the next one with its president's borrowed money, and the debt grew by half
    every one of twenty stock rounds); the prudent player's game ends (at the bank, or where the reference stalls
    too: since bots and playouts leave trains of other presidents' corporations alone, at 929 actions a minor that
    must buy a train has no move) with no one worse than -$100,000 (-$3,005 today)."""
    from engine import load_game

    outcome = play_one("1822", 10002, keep_record=True)
    assert outcome.crash is None and outcome.invariant is None and outcome.looped is None
    assert outcome.finished or (outcome.stalled or "").startswith("the 18xx.games engine stops here too")
    assert outcome.record is not None
    game = load_game(outcome.record)
    assert min(game.player_value(p) for p in game.players) > -100_000


def test_1822mx_players_bid_on_the_minor_the_ndem_would_take() -> None:
    """1822MX playout seed 10001 (prefix of 248 actions): the first bid box's minor (M7) has no bid; unbid at the
    end of the round it would cost the NdeM a token, and once the NdeM has none the reference engine fails there
    (most playouts used to end so).  The prudent player bids on M7; not once the NdeM is privatised (then an
    unbid minor just closes)."""
    from pathlib import Path

    from engine import load_game
    from engine.moves.registry import legal_moves

    game = load_game(Path(__file__).parent / "data" / "1822mx_playout_10001_first_minor_unbid.json")
    assert game.ndem_state == "open" and game.bid_box_minors()[0].sym == "M7"
    moves = legal_moves(game).moves
    assert len(moves) > 1
    chosen = prudent_moves(game, list(moves))
    assert chosen and all(m.type == "bid" and m.target == "M7" for m in chosen)
    game.ndem_state = "closed"
    assert prudent_moves(game, list(moves)) == list(moves)


def test_a_president_raising_money_for_a_forced_train_sells_the_biggest_bundle() -> None:
    from engine.rounds.operating import OperatingRound

    one = SellSharesMove("player", 1, corporation="NBR", shares=("NBR_7",), percent=10, price=80)
    two = SellSharesMove("player", 1, corporation="NBR", shares=("NBR_7", "NBR_5"), percent=20, price=160)
    table = Table({("player", 1): Entity(cash=97)})
    assert prudent_moves(table, [one, two]) == [one, two]  # (no round: a stock round's sale is free)
    table.round = OperatingRound.__new__(OperatingRound)  # type: ignore[attr-defined]
    assert prudent_moves(table, [one, two]) == [two]
