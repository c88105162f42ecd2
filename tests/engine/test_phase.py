"""Phases: advancing on train purchases, then rusting, then train events; phase-driven abilities."""

from __future__ import annotations

from typing import Any

from engine.model.bank import Bank
from engine.model.entities import Company, Corporation, Minor, Player
from engine.model.phase import Phase
from engine.model.trains import Depot, Train, make_trains, rust_trains

PHASES: list[dict[str, Any]] = [
    {"name": "2", "train_limit": 4, "tiles": ["yellow"], "operating_rounds": 1,
     "status": ["can_buy_companies_from_other_players"]},
    {"name": "3", "on": "3", "train_limit": 4, "tiles": ["yellow", "green"], "operating_rounds": 2,
     "status": ["can_buy_companies"]},
    {"name": "4", "on": "4", "train_limit": 3, "tiles": ["yellow", "green"], "operating_rounds": 2},
    {"name": "5", "on": "5", "train_limit": 2, "tiles": ["yellow", "green", "brown"], "operating_rounds": 3},
]

TRAINS: list[dict[str, Any]] = [
    {"name": "2", "distance": 2, "price": 80, "rusts_on": "4", "num": 2},
    {"name": "3", "distance": 3, "price": 180, "num": 1},
    {"name": "4", "distance": 4, "price": 300, "num": 1, "events": [{"type": "hello"}]},
    {"name": "5", "distance": 5, "price": 450, "num": 1, "events": [{"type": "close_companies"}]},
]


class Host:
    def __init__(self, phases: list[dict[str, Any]] = PHASES, trains: list[dict[str, Any]] = TRAINS) -> None:
        # the game's services (ability and train rules) are the host itself here
        self.ability_rules = self.train_rules = self
        self.bank = Bank(10000)
        self.lines: list[str] = []
        self.calls: list[str] = []
        self.companies: list[Company] = []
        self.corporations: list[Corporation] = []
        self.depot = Depot(make_trains(trains), self)
        self.phase = Phase(phases, self)

    def log(self, message: str) -> None:
        self.lines.append(message)

    def remove_train(self, train: Train) -> None:
        if train.owner is self.depot:
            self.depot.remove_train(train)
        elif train.owner is not None:
            train.owner.trains.remove(train)  # type: ignore[attr-defined]

    def abilities(self, entity: Any, type: str | None = None, *, on_phase: str | None = None) -> list[Any]:
        # the game's query, reduced to what phase-driven abilities need
        return [a for a in entity.all_abilities() if a.type == type and a.on_phase == on_phase]

    def rust_trains(self, train: Train, entity: Any) -> None:
        result = rust_trains(self.depot.trains, train, self.depot, self.remove_train)
        self.calls.append(f"rust:{train.name}:{','.join(result.rusted)}@{self.phase.name}")

    def trigger_train_event(self, event: str, train: Train) -> None:
        self.calls.append(f"event:{event}@{self.phase.name}")

    def after_phase_change(self, name: str) -> None:
        self.calls.append(f"phase:{name}")

    def after_buying_train(self, train: Train, source: Any) -> None:
        self.calls.append(f"bought:{train.id}")

    def buy(self, corporation: Corporation, train: Train) -> None:
        source = train.owner
        corporation.spend(train.price, source)  # type: ignore[arg-type]
        self.remove_train(train)
        train.owner = corporation
        corporation.trains.append(train)
        self.phase.buying_train(corporation, train, source)


def corp_with_cash(host: Host) -> Corporation:
    c = Corporation("PRR", "PRR", [0], type="major")
    host.bank.spend(5000, c)
    host.corporations.append(c)
    return c


class TestPhase:
    def test_initial_phase(self) -> None:
        host = Host()
        phase = host.phase
        assert phase.name == "2"
        assert phase.current["name"] == "2"
        assert phase.operating_rounds == 1
        assert phase.tiles == ["yellow"]
        assert phase.train_limit() == 4
        assert phase.status == ["can_buy_companies_from_other_players"]
        assert phase.next_on == ["3"]
        assert phase.previous_names() == []
        assert phase.future_names() == ["3", "4", "5"]
        assert not phase.is_last()
        assert host.lines == ["-- Phase 2 (Operating Rounds: 1 | Train Limit: 4 | Available Tiles: Yellow) --"]
        assert host.calls == ["phase:2"]

    def test_available(self) -> None:
        host = Host()
        assert host.phase.available("2")
        assert not host.phase.available("3")
        assert not host.phase.available(None)
        assert not host.phase.available("nope")

    def test_advance_then_rust_then_events(self) -> None:
        host = Host()
        c = corp_with_cash(host)
        trains = list(host.depot.upcoming)
        host.buy(c, trains[0])
        assert host.calls[-2:] == ["rust:2:@2", "bought:2-0"]
        host.buy(c, trains[1])
        host.buy(c, trains[2])  # first 3
        assert host.phase.name == "3"
        assert host.phase.has_status("can_buy_companies")
        host.calls.clear()
        host.buy(c, trains[3])  # first 4: phase 4, then the 2s rust, then the 4's event
        assert host.calls == ["phase:4", "rust:4:2,2@4", "event:hello@4", "bought:4-0"]
        assert host.phase.train_limit(c) == 3
        assert [t.name for t in c.trains] == ["3", "4"]
        assert trains[3].events == []  # events fire once
        assert host.phase.previous_names() == ["2", "3"]

    def test_several_phases_at_once(self) -> None:
        phases = [
            {"name": "A", "train_limit": 4, "tiles": ["yellow"]},
            {"name": "B", "on": "X", "train_limit": 4, "tiles": ["yellow"]},
            {"name": "C", "on": ["X", "Y"], "train_limit": 3, "tiles": ["yellow"]},
        ]
        host = Host(phases, [{"name": "X", "distance": 2, "price": 10, "num": 1}])
        c = corp_with_cash(host)
        host.buy(c, host.depot.upcoming[0])
        assert host.phase.name == "C"
        assert host.phase.is_last()
        assert host.phase.next_on == []

    def test_phase_on_train_id(self) -> None:
        phases = [
            {"name": "A", "train_limit": 4, "tiles": ["yellow"]},
            {"name": "B", "on": "X-1", "train_limit": 4, "tiles": ["yellow"]},
        ]
        host = Host(phases, [{"name": "X", "distance": 2, "price": 10, "num": 2}])
        c = corp_with_cash(host)
        host.buy(c, host.depot.upcoming[0])
        assert host.phase.name == "A"
        host.buy(c, host.depot.upcoming[0])
        assert host.phase.name == "B"

    def test_variant_uses_base_name(self) -> None:
        phases = [
            {"name": "I", "train_limit": 4, "tiles": ["yellow"]},
            {"name": "II", "on": "4", "train_limit": 4, "tiles": ["yellow", "green"]},
        ]
        host = Host(phases, [{"name": "4", "distance": 4, "price": 180, "num": 1,
                              "variants": [{"name": "3/5", "distance": 3, "price": 160}]}])
        c = corp_with_cash(host)
        train = host.depot.upcoming[0]
        train.set_variant("3/5")
        host.buy(c, train)
        assert host.phase.name == "II"

    def test_train_limit_by_type(self) -> None:
        phases = [{"name": "1", "train_limit": {"major": 4, "minor": 2}, "tiles": ["yellow"]}]
        host = Host(phases)
        major = Corporation("M", "M", [0], type="major")
        minor = Minor("m", "m", [0], type="minor")
        assert host.phase.train_limit(major) == 4
        assert host.phase.train_limit(minor) == 2
        assert host.phase.train_limit(Corporation("Z", "Z", [0])) == 0
        assert "Train Limit: major: 4, minor: 2" in host.lines[0]


class TestPhaseAbilities:
    def test_revenue_change_close_and_remove(self) -> None:
        phases = [
            {"name": "2", "train_limit": 4, "tiles": ["yellow"]},
            {"name": "3", "on": "3", "train_limit": 4, "tiles": ["yellow", "green"]},
        ]
        host = Host(phases, [{"name": "3", "distance": 3, "price": 180, "num": 1}])
        alice = Player(1, "Alice")
        utf = Company("UTF", "Uno-Takamatsu Ferry", 150, 30, abilities=[
            {"type": "revenue_change", "revenue": 50, "on_phase": "3", "owner_type": "player"}])
        closer = Company("CL", "Closer", 10, 5, abilities=[{"type": "close", "on_phase": "3"}])
        unowned = Company("UN", "Unowned", 10, 5, abilities=[{"type": "revenue_change", "revenue": 99,
                                                                "on_phase": "3"}])
        for company in (utf, closer):
            company.owner = alice
            alice.companies.append(company)
        host.companies.extend([utf, closer, unowned])
        c = corp_with_cash(host)
        c.add_ability({"type": "reservation", "hex": "E11", "remove": "3"})
        host.buy(c, host.depot.upcoming[0])
        assert utf.revenue == 50
        assert unowned.revenue == 5  # only owned companies change
        assert closer.closed and alice.companies == [utf]
        assert "Company Closer closes" in host.lines
        assert c.abilities == []
