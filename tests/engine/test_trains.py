"""Trains and the depot: ids, variants, availability, unlimited cloning, discards, rusting."""

from __future__ import annotations

from typing import Any

import pytest

from engine.model.abilities import TrainDiscount
from engine.model.bank import Bank
from engine.model.entities import Company, Corporation, Player
from engine.model.phase import Phase
from engine.model.trains import Depot, Train, default_num_trains, make_trains, rust_trains

# An 1830-like manifest and phase list of our own.
TRAINS: list[dict[str, Any]] = [
    {"name": "2", "distance": 2, "price": 80, "rusts_on": "4", "num": 3},
    {"name": "3", "distance": 3, "price": 180, "rusts_on": "6", "num": 2},
    {"name": "4", "distance": 4, "price": 300, "rusts_on": "D", "num": 2},
    {"name": "5", "distance": 5, "price": 450, "num": 2, "events": [{"type": "close_companies"}]},
    {"name": "6", "distance": 6, "price": 630, "num": 1},
    {"name": "D", "distance": 999, "price": 1100, "num": "unlimited", "available_on": "6",
     "discount": {"4": 300, "5": 300, "6": 300}},
]

PHASES: list[dict[str, Any]] = [
    {"name": "2", "train_limit": 4, "tiles": ["yellow"], "operating_rounds": 1},
    {"name": "3", "on": "3", "train_limit": 4, "tiles": ["yellow", "green"], "operating_rounds": 2,
     "status": ["can_buy_companies"]},
    {"name": "4", "on": "4", "train_limit": 3, "tiles": ["yellow", "green"], "operating_rounds": 2},
    {"name": "5", "on": "5", "train_limit": 2, "tiles": ["yellow", "green", "brown"], "operating_rounds": 3},
    {"name": "6", "on": "6", "train_limit": 2, "tiles": ["yellow", "green", "brown"], "operating_rounds": 3},
    {"name": "D", "on": "D", "train_limit": 2, "tiles": ["yellow", "green", "brown"], "operating_rounds": 3},
]


class Host:
    """Implements the depot and phase host protocols with the reference's default behaviour."""

    def __init__(self, specs: list[dict[str, Any]] = TRAINS, phases: list[dict[str, Any]] = PHASES) -> None:
        # the game's services (ability and train rules) are the host itself here
        self.ability_rules = self.train_rules = self
        self.bank = Bank(12000)
        self.lines: list[str] = []
        self.calls: list[str] = []
        self.companies: list[Company] = []
        self.corporations: list[Corporation] = []
        self.cache_updates = 0
        self.depot = Depot(make_trains(specs), self)
        self.phase = Phase(phases, self)

    def log(self, message: str) -> None:
        self.lines.append(message)

    def update_trains_cache(self) -> None:
        self.cache_updates += 1

    def remove_train(self, train: Train) -> None:
        owner = train.owner
        if owner is None:
            return
        if owner is self.depot:
            self.depot.remove_train(train)
            return
        owner.trains.remove(train)  # type: ignore[attr-defined]

    def abilities(self, entity: Any, type: str | None = None, *, on_phase: str | None = None) -> list[Any]:
        return [a for a in entity.all_abilities() if a.type == type and a.on_phase == on_phase]

    def rust_trains(self, train: Train, entity: Any) -> None:
        self.calls.append(f"rust:{train.name}")
        result = rust_trains(self.depot.trains, train, self.depot, self.remove_train)
        if result.rusted:
            self.log(f"rusted {result.rusted}")

    def trigger_train_event(self, event: str, train: Train) -> None:
        self.calls.append(f"event:{event}")

    def after_phase_change(self, name: str) -> None:
        self.calls.append(f"phase:{name}")

    def buy(self, corporation: Corporation, train: Train, price: int | None = None) -> None:
        """What the game's buy_train does, then the phase check."""
        source = train.owner
        corporation.spend(train.price if price is None else price, source)  # type: ignore[arg-type]
        self.remove_train(train)
        train.owner = corporation
        corporation.trains.append(train)
        self.phase.buying_train(corporation, train, source)


def rich_corp(host: Host, sym: str = "PRR", cash: int = 10000) -> Corporation:
    c = Corporation(sym, sym, [0])
    host.bank.spend(cash, c)
    host.corporations.append(c)
    return c


class TestTrain:
    def test_ids_and_events(self) -> None:
        trains = make_trains(TRAINS)
        assert [t.id for t in trains[:5]] == ["2-0", "2-1", "2-2", "3-0", "3-1"]
        fives = [t for t in trains if t.name == "5"]
        assert [t.events for t in fives] == [[{"type": "close_companies"}], []]
        assert trains[-1].id == "D-0"
        assert trains[-1].unlimited

    def test_events_on_later_copies(self) -> None:
        trains = make_trains([{"name": "4", "distance": 4, "price": 300, "num": 3,
                               "events": [{"type": "a"}, {"type": "b", "when": 3}]}])
        assert [[e["type"] for e in t.events] for t in trains] == [["a"], [], ["b"]]
        assert default_num_trains({"name": "D", "num": "unlimited", "events": [{"type": "x", "when": 2}]}) == 2

    def test_variants_change_name_not_id(self) -> None:
        train = Train("4", 4, 180, 2, obsolete_on="6", variants=[
            {"name": "3/5", "distance": [{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}], "price": 160}])
        assert list(train.variants) == ["4", "3/5"]
        assert train.names_to_prices == {"4": 180, "3/5": 160}
        train.set_variant("3/5")
        assert train.name == "3/5"
        assert train.sym == "4"
        assert train.id == "4-2"
        assert train.price == 160
        assert isinstance(train.distance, list)
        assert train.obsolete_on == "6"  # keys the variant does not give stay
        train.set_variant("4")
        assert train.distance == 4 and train.price == 180

    def test_price_for_trade_in(self) -> None:
        trains = make_trains(TRAINS)
        d = trains[-1]
        four = next(t for t in trains if t.name == "4")
        two = trains[0]
        assert d.price_for(four) == 800
        assert d.price_for(two) == 1100
        assert d.price_for() == 1100

    def test_operated_flags(self) -> None:
        t = Train("2", 2, 80)
        t.operated = True
        t.operated = False
        assert not t.operated and t.ever_operated

    def test_is_local(self) -> None:
        assert Train("1", 1, 50).is_local
        assert not Train("2", 2, 80).is_local
        assert Train("1+1", [{"nodes": ["city"], "pay": 1, "visit": 1}], 50).is_local

    def test_clone_unlimited(self) -> None:
        d = make_trains(TRAINS)[-1]
        clone = d.clone_unlimited()
        assert clone.id == "D-1"
        assert clone.price == 1100 and clone.available_on == "6" and clone.unlimited
        assert clone.discount == {"4": 300, "5": 300, "6": 300}
        with pytest.raises(ValueError):
            Train("2", 2, 80).clone_unlimited()

    def test_rusts_by(self) -> None:
        two = Train("2", 2, 80, rusts_on="4", obsolete_on="3")
        assert two.rusts_by(Train("4", 4, 300))
        assert not two.rusts_by(Train("3", 3, 180))
        assert two.obsolete_by(Train("3", 3, 180))
        assert two.rusts_by(Train("3", 3, 180), discarded=[two])
        multi = Train("x", 2, 80, rusts_on=["5", "6"])
        assert multi.rusts_by(Train("6", 6, 600))


class TestDepot:
    def test_only_the_next_type_is_on_sale(self) -> None:
        host = Host()
        depot = host.depot
        assert [t.id for t in depot.depot_trains()] == ["2-0"]
        assert depot.min_depot_train is depot.upcoming[0]
        assert depot.min_depot_price == 80
        assert not depot.empty()
        assert all(t.owner is depot for t in depot.trains)
        assert depot.trains[0].from_depot

    def test_available_on_phase_adds_later_types(self) -> None:
        host = Host()
        corp = rich_corp(host)
        for t in list(host.depot.upcoming):
            if t.name == "D":
                break
            if t.name == "6":
                assert [x.name for x in host.depot.depot_trains()] == ["6"]
            host.buy(corp, t)
        assert host.phase.name == "6"
        assert [t.id for t in host.depot.depot_trains()] == ["D-0"]

    def test_available_includes_other_corporations_trains(self) -> None:
        host = Host()
        a, b = rich_corp(host, "A"), rich_corp(host, "B")
        t = host.depot.upcoming[0]
        host.buy(a, t)
        assert host.depot.available(b) == [host.depot.upcoming[0], t]
        assert host.depot.available(a) == [host.depot.upcoming[0]]
        assert host.depot.min_price(b) == 1
        host.depot.allow_train_buy_from_others = False
        assert host.depot.available(b) == [host.depot.upcoming[0]]

    def test_other_players_restriction(self) -> None:
        host = Host()
        a, b = rich_corp(host, "A"), rich_corp(host, "B")
        alice, bob = Player(1, "Alice"), Player(2, "Bob")
        a.owner, b.owner = alice, bob
        t = host.depot.upcoming[0]
        host.buy(a, t)
        host.depot.allow_train_buy_from_other_players = False
        assert t not in host.depot.available(b)
        b.owner = alice
        assert t in host.depot.available(b)

    def test_unlimited_d_cloning(self) -> None:
        host = Host([{"name": "6", "distance": 6, "price": 630, "num": 1},
                     {"name": "D", "distance": 999, "price": 1100, "num": "unlimited", "available_on": "6"}],
                    [{"name": "6", "train_limit": 2, "tiles": ["yellow"]},
                     {"name": "D", "on": "D", "train_limit": 2, "tiles": ["yellow"]}])
        corp = rich_corp(host)
        host.buy(corp, host.depot.upcoming[0])
        d0 = host.depot.depot_trains()[0]
        assert d0.id == "D-0"
        host.buy(corp, d0)
        assert host.cache_updates == 1
        assert [t.id for t in host.depot.upcoming] == ["D-1"]
        assert host.depot.depot_trains()[0].id == "D-1"
        host.buy(corp, host.depot.upcoming[0])
        assert [t.id for t in host.depot.upcoming] == ["D-2"]
        assert [t.id for t in host.depot.trains] == ["6-0", "D-0", "D-1", "D-2"]
        assert [t.id for t in corp.trains] == ["6-0", "D-0", "D-1"]
        assert not host.depot.empty()

    def test_last_train_empties_the_depot(self) -> None:
        host = Host([{"name": "2", "distance": 2, "price": 80, "num": 1}],
                    [{"name": "2", "train_limit": 4, "tiles": ["yellow"]}])
        corp = rich_corp(host)
        host.buy(corp, host.depot.upcoming[0])
        assert host.depot.empty()
        assert host.depot.min_depot_price == 0
        assert host.depot.min_depot_train is None

    def test_reclaim_goes_to_discard_pile(self) -> None:
        host = Host()
        corp = rich_corp(host)
        t = host.depot.upcoming[0]
        host.buy(corp, t)
        host.depot.reclaim_train(t)
        assert corp.trains == []
        assert t.owner is host.depot
        assert host.depot.discarded == [t]
        assert [x.id for x in host.depot.depot_trains()] == ["2-1", "2-0"]
        host.buy(corp, t)
        assert host.depot.discarded == []

    def test_obsolete_trains_are_not_discarded(self) -> None:
        host = Host()
        corp = rich_corp(host)
        t = host.depot.upcoming[0]
        host.buy(corp, t)
        t.obsolete = True
        host.depot.reclaim_train(t)
        assert host.depot.discarded == []
        assert t.owner is host.depot

    def test_min_price_with_variants_and_discount(self) -> None:
        host = Host([{"name": "4", "distance": 4, "price": 180, "num": 1,
                      "variants": [{"name": "3/5", "distance": [{"nodes": ["city"], "pay": 3, "visit": 5}],
                                    "price": 160}]}],
                    [{"name": "I", "train_limit": 4, "tiles": ["yellow"]}])
        corp = rich_corp(host)
        assert host.depot.min_price(corp) == 160
        assert host.depot.min_depot_price == 160
        assert host.depot.max_depot_price == 180
        discount = TrainDiscount({"type": "train_discount", "discount": 0.5, "trains": ["4"]})
        assert host.depot.min_price(corp, discount) == 90  # only "4" is discounted: 180 -> 90

    def test_export(self) -> None:
        host = Host()
        host.depot.export()
        assert [t.id for t in host.depot.depot_trains()] == ["2-1"]
        assert host.lines[-1] == "-- Event: A 2 train exports --"
        for _ in range(2):
            host.depot.export()
        # the first 3 is exported: phase 3 starts
        host.depot.export()
        assert host.phase.name == "3"


class TestRusting:
    def test_rust_on_first_four(self) -> None:
        host = Host()
        a, b = rich_corp(host, "A"), rich_corp(host, "B")
        twos = [t for t in host.depot.upcoming if t.name == "2"]
        host.buy(a, twos[0])
        host.buy(b, twos[1])
        host.buy(b, twos[2])
        threes = [t for t in host.depot.upcoming if t.name == "3"]
        for t in threes:
            host.buy(a, t)
        four = host.depot.upcoming[0]
        host.buy(b, four)
        assert host.phase.name == "4"
        assert all(t.rusted and t.owner is None for t in twos)
        assert [t.name for t in b.trains] == ["4"]
        assert [t.name for t in a.trains] == ["3", "3"]

    def test_rust_result_counts_owners_and_obsolete_depot_trains(self) -> None:
        host = Host([{"name": "2", "distance": 2, "price": 80, "obsolete_on": "5", "rusts_on": "6", "num": 2},
                     {"name": "5", "distance": 5, "price": 500, "num": 1},
                     {"name": "6", "distance": 6, "price": 800, "num": 1}],
                    [{"name": "I", "train_limit": 4, "tiles": ["yellow"]},
                     {"name": "III", "on": "5", "train_limit": 3, "tiles": ["yellow"]},
                     {"name": "IV", "on": "6", "train_limit": 2, "tiles": ["yellow"]}])
        corp = rich_corp(host)
        two = host.depot.upcoming[0]
        host.buy(corp, two)
        five = host.depot.upcoming[1]
        six = host.depot.upcoming[2]
        result = rust_trains(host.depot.trains, five, host.depot, host.remove_train)
        assert result.obsolete == ["2", "2"]
        assert result.rusted == [] and result.removed_obsolete == []
        result = rust_trains(host.depot.trains, six, host.depot, host.remove_train)
        assert result.rusted == ["2"]
        assert result.removed_obsolete == ["2"]
        assert result.owners == {"PRR": 1}
        assert corp.trains == []
