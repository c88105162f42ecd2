"""The live objects of an Irish Gauge game: players, railways with their shares and tracks, and the board."""

from __future__ import annotations

from typing import Any

from engine.titles.irish_gauge.data import CITY, MAJOR, TOWN, TRACKS_PER_RAILWAY, RailwaySpec


class Player:
    """A player: cash and shares.  Value at the end = cash + the face value of the shares held."""

    is_player = True
    closed = False

    def __init__(self, pid: Any, name: str, cash: int) -> None:
        self.id = pid
        self.name = name
        self.cash = cash
        self.shares: list[Share] = []

    def unpass(self) -> None:
        return None

    def shares_of(self, railway: Railway) -> list[Share]:
        return [s for s in self.shares if s.railway is railway]

    def holds(self, railway: Railway) -> bool:
        return any(s.railway is railway for s in self.shares)

    def share_value(self) -> int:
        return sum(s.face for s in self.shares)

    def value(self) -> int:
        return self.cash + self.share_value()

    def __repr__(self) -> str:
        return f"<Player {self.name}>"


class Share:
    """One share certificate: ``CBSC_1`` is CBSC's lowest (face 7)."""

    def __init__(self, railway: Railway, index: int, face: int) -> None:
        self.railway = railway
        self.index = index
        self.id = f"{railway.id}_{index}"
        self.face = face
        self.owner: Player | None = None

    def __repr__(self) -> str:
        return f"<Share {self.id} {self.face}>"


class Railway:
    """A railway: its shares (lowest first) and the hexes its tracks stand on, in the order they were built."""

    is_player = False

    def __init__(self, spec: RailwaySpec) -> None:
        self.spec = spec
        self.id = spec.id
        self.name = spec.name
        self.color = spec.color
        self.text_color = spec.text_color
        self.home = spec.home
        self.shares = [Share(self, i, face) for i, face in enumerate(spec.shares, start=1)]
        self.tracks: list[str] = []
        self.bonus_paid = False

    @property
    def tracks_left(self) -> int:
        return TRACKS_PER_RAILWAY - len(self.tracks)

    def unsold(self) -> list[Share]:
        return [s for s in self.shares if s.owner is None]

    def lowest_unsold(self) -> Share | None:
        return next((s for s in self.shares if s.owner is None), None)

    def sold(self) -> list[Share]:
        return [s for s in self.shares if s.owner is not None]

    def unpass(self) -> None:
        return None

    def __repr__(self) -> str:
        return f"<Railway {self.id}>"


class Cell:
    """One playable hex: terrain, name, the cube on it (cities; a town with a special interest) and the
    railways with track in it (in building order)."""

    def __init__(self, hex_id: str, terrain: str, name: str | None) -> None:
        self.id = hex_id
        self.terrain = terrain
        self.name = name
        self.cube: str | None = None
        self.railways: list[str] = []
        self.neighbours: tuple[str, ...] = ()

    @property
    def is_city(self) -> bool:
        """A city, a major city, or a town turned into a city by a special interest."""
        return self.terrain in (CITY, MAJOR) or (self.terrain == TOWN and self.cube is not None)

    @property
    def is_town(self) -> bool:
        """A town still without a special interest."""
        return self.terrain == TOWN and self.cube is None

    @property
    def label(self) -> str:
        return f"{self.name} ({self.id})" if self.name else self.id

    def __repr__(self) -> str:
        return f"<Cell {self.id} {self.terrain}>"
