"""The legal-move vocabulary: what an entity may do now, as plain data a GUI, a bot or the strict checker reads.

A :class:`Move` is one *family* of legal actions for one acting entity: "bid on SV, from $45 to $160",
"lay tile 57 on G15 at rotations 0, 2 or 3 for $80", "buy the 40% bundle of PRR from the pool for $268".
Discrete choices are listed; prices and bids are ranges.  Every move can

* say whether a concrete action falls inside it (:meth:`Move.refusal` returns ``None`` or a reason a player
  can read), which is how strict (live) play refuses anything that is not a legal move, and
* draw a concrete action from itself (:meth:`Move.sample`) for random playouts and fuzzing.

:class:`LegalMoves` is the whole answer for a game state: the step, a sentence saying what to do now, the
acting entities, the moves, and :class:`Unusable` entries for things that exist but cannot be used now
(a tile of a later phase, a train nobody can afford) with the reason, for the GUI to show stamped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

EntityRef = tuple[str, int | str]  # (entity_type, id) as actions name them: ("player", 3), ("corporation", "PRR")


@dataclass(frozen=True)
class Move:
    """One family of legal actions of one entity.  Subclasses name their action ``TYPE``."""

    TYPE: ClassVar[str] = ""

    entity_type: str
    entity: int | str

    @property
    def type(self) -> str:
        return self.TYPE

    def base(self) -> dict[str, Any]:
        """The common keys of an action of this move."""
        return {"type": self.TYPE, "entity": self.entity, "entity_type": self.entity_type}

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        """``None`` when the action (its 18xx.games dict) is one of this move's actions, else why not.

        Only called for actions of the same type and entity.  The default accepts them (a move with no
        parameters, like ``pass``)."""
        return None

    def sample(self, rng: random.Random) -> dict[str, Any]:
        """One concrete action of this move, drawn with ``rng`` (prices and bids uniformly in range)."""
        return self.base()

    def describe(self) -> str:
        return self.TYPE.replace("_", " ")


@dataclass(frozen=True)
class Unusable:
    """Something a player can see but not use now, and why ("tile 15: not before phase 4")."""

    kind: str  # "tile", "train", "share", "company", "token", ...
    id: str
    reason: str
    hex: str | None = None


@dataclass
class LegalMoves:
    """Every legal move of the current state."""

    step: str  # the active step's name ("Track", "WaterfallAuction", ...); "" when the game is over
    description: str  # what to do now, in words ("PRR: lay or upgrade a tile, or pass")
    acting: list[EntityRef]  # the entities that may act now (usually one)
    moves: list[Move] = field(default_factory=list)
    unusable: list[Unusable] = field(default_factory=list)
    finished: bool = False

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def of_type(self, kind: str) -> list[Move]:
        return [m for m in self.moves if m.TYPE == kind]

    def for_entity(self, entity_type: str, entity: int | str) -> list[Move]:
        return [m for m in self.moves if m.entity_type == entity_type and m.entity == entity]

    def types(self) -> list[str]:
        seen: dict[str, None] = {}
        for m in self.moves:
            seen.setdefault(m.TYPE, None)
        return list(seen)


def in_range(value: Any, low: int, high: int, what: str) -> str | None:
    """A reason when ``value`` is not an integer within ``low..high`` (money: ``what`` names it)."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            return f"{what} must be a whole amount, not {value!r}"
    if value < low:
        return f"{what} {value} is below the minimum of {low}"
    if value > high:
        return f"{what} {value} is above the maximum of {high}"
    return None


def one_of(value: Any, allowed: Sequence[Any], what: str) -> str | None:
    if value in allowed:
        return None
    shown = ", ".join(str(a) for a in list(allowed)[:12]) + (" ..." if len(allowed) > 12 else "")
    return f"{what} {value!r} is not one of the choices ({shown})" if allowed else f"no {what} is possible now"
