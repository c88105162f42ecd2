"""Game phases: which tiles may be laid, train limits, operating rounds per set, status flags.

A phase list is title data: dicts like ``{"name": "3", "on": "3", "train_limit": 4,
"tiles": ["yellow", "green"], "operating_rounds": 2, "status": [...]}``.  ``on`` (a train name or
id, or a list) says which purchase starts the phase.  The first phase is entered at construction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine.model.abilities import RevenueChange

if TYPE_CHECKING:
    from engine.model.entities import Company, Corporation, Entity
    from engine.model.trains import Depot, Train


class PhaseHost(Protocol):
    """What :class:`Phase` needs from the game.

    * ``depot``: its ``depot_trains`` cache is cleared after every purchase.
    * ``companies`` / ``corporations``: phase-triggered ability changes (revenue changes, closings,
      ``remove`` at a phase).
    * ``ability_rules.abilities(entity, type, on_phase=name)``: the game's ability query (owner type,
      timing...), as a list.
    * ``train_rules.rust_trains(train, entity)``: obsolete and rust trains after ``train`` was bought;
      ``train_rules.trigger_train_event(event_type, train)``: run a train event (``"close_companies"``...).

    Optional hooks, called when the host defines them: ``after_phase_change(name)`` (after a
    phase is entered) and ``after_buying_train(train, source)`` (end of :meth:`Phase.buying_train`).
    """

    @property
    def depot(self) -> Depot: ...

    @property
    def companies(self) -> Sequence[Company]: ...

    @property
    def corporations(self) -> Sequence[Corporation]: ...

    def log(self, message: str) -> None: ...

    @property
    def ability_rules(self) -> Any: ...

    @property
    def train_rules(self) -> Any: ...


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    return [value]


class Phase:
    """The current phase and the transitions triggered by train purchases."""

    def __init__(self, phases: Sequence[Mapping[str, Any]], host: PhaseHost) -> None:
        self.phases: list[dict[str, Any]] = [dict(p) for p in phases]
        self.host = host
        self.index = 0
        self.name: str = ""
        self.operating_rounds: int | None = None
        self._train_limit: int | dict[str, int] = 0
        self.tiles: list[str] = []
        self.events: list[Any] = []
        self.status: list[str] = []
        self.corporation_sizes: Any = None
        self.next_on: list[str] = []
        self._setup_phase()

    # -- queries -------------------------------------------------------------------------------
    @property
    def current(self) -> dict[str, Any]:
        return self.phases[self.index]

    @property
    def previous(self) -> list[dict[str, Any]]:
        return self.phases[: self.index]

    @property
    def upcoming(self) -> dict[str, Any] | None:
        return self.phases[self.index + 1] if self.index + 1 < len(self.phases) else None

    @property
    def future(self) -> list[dict[str, Any]]:
        return self.phases[self.index + 1 :]

    def train_limit(self, entity: Any = None) -> int:
        """The train limit; per entity ``type`` when the phase gives a dict (0 if not listed)."""
        limit = self._train_limit
        if isinstance(limit, dict):
            kind = getattr(entity, "type", None)
            return int(limit.get(str(kind), 0)) if kind is not None else 0
        return int(limit)

    def available(self, phase_name: str | None) -> bool:
        """Has phase ``phase_name`` been reached (``None`` or an unknown name: no)?"""
        if not phase_name:
            return False
        for i, phase in enumerate(self.phases):
            if phase["name"] == phase_name:
                return i <= self.index
        return False

    def has_status(self, status: str) -> bool:
        return status in self.status

    def previous_names(self) -> list[str]:
        """Names of the phases before the current one."""
        return [str(p["name"]) for p in self.previous]

    def future_names(self) -> list[str]:
        """Names of the phases after the current one."""
        return [str(p["name"]) for p in self.future]

    def is_last(self) -> bool:
        """True in the final phase (the ``final_phase`` game-end check)."""
        return self.index == len(self.phases) - 1

    # -- transitions ---------------------------------------------------------------------------
    def buying_train(self, entity: Entity | None, train: Train, source: Any) -> None:
        """A train was bought (or exported): advance through every phase it starts, then rust
        (the game's ``rust_trains``), refresh the depot, then run the train's events once."""
        while train.id in self.next_on or train.sym in self.next_on:
            self.next()
        self.host.train_rules.rust_trains(train, entity)
        self.host.depot.depot_trains(clear=True)
        for event in train.events:
            self.host.train_rules.trigger_train_event(str(event["type"]), train)
        train.events.clear()
        after_buying = getattr(self.host, "after_buying_train", None)
        if after_buying is not None:
            after_buying(train, source)

    def next(self) -> None:
        self.index += 1
        self._setup_phase()

    def _setup_phase(self) -> None:
        phase = self.phases[self.index]
        self.name = str(phase["name"])
        self.operating_rounds = phase.get("operating_rounds")
        self._train_limit = phase.get("train_limit", 0)
        self.tiles = [str(t) for t in _as_list(phase.get("tiles"))]
        self.events = list(phase.get("events") or [])
        self.status = [str(s) for s in phase.get("status") or []]
        self.corporation_sizes = phase.get("corporation_sizes")
        upcoming = self.phases[self.index + 1] if self.index + 1 < len(self.phases) else None
        self.next_on = [str(o) for o in _as_list(upcoming.get("on") if upcoming else None)]

        parts = []
        if self.operating_rounds:
            parts.append(f"Operating Rounds: {self.operating_rounds}")
        parts.append(f"Train Limit: {self._train_limit_text()}")
        parts.append(f"Available Tiles: {', '.join(t.capitalize() for t in self.tiles)}")
        self.host.log(f"-- Phase {self.name} ({' | '.join(parts)}) --")
        self._trigger_events()
        after_change = getattr(self.host, "after_phase_change", None)
        if after_change is not None:
            after_change(self.name)

    def _trigger_events(self) -> None:
        """Phase-driven ability effects: owned companies change revenue or close; then every
        company's and corporation's abilities whose ``remove`` names this phase go away."""
        for company in list(self.host.companies):
            if company.owner is None:
                continue
            for ability in self.host.ability_rules.abilities(company, "revenue_change", on_phase=self.name):
                if isinstance(ability, RevenueChange):
                    company.revenue = ability.revenue
            for _ability in self.host.ability_rules.abilities(company, "close", on_phase=self.name):
                self.host.log(f"Company {company.name} closes")
                company.close()
        for holder in [*self.host.companies, *self.host.corporations]:
            holder.remove_ability_when(self.name)

    def _train_limit_text(self) -> str:
        limit = self._train_limit
        if isinstance(limit, dict):
            return ", ".join(f"{kind}: {value}" for kind, value in limit.items())
        return str(limit)
