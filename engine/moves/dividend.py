"""Legal dividends: pay out, withhold (and 1846's half pay), each with what a share earns, what the corporation
keeps and where the share price goes.

The amounts come from the step's own ``dividend_options`` (the numbers the engine will pay), so a GUI shows
exactly what will happen.  A dividend with nothing to pay is never offered (the engine withholds by itself).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.moves.base import Move, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.dividend import Dividend

if TYPE_CHECKING:
    from engine.steps.base import Step

__all__ = ["DividendMove"]


@dataclass(frozen=True)
class DividendMove(Move):
    """Pay a dividend of ``kind``: each share earns ``per_share``, the corporation keeps ``to_corporation`` (plus
    ``from_own_shares`` for the shares it or the pool holds), and the share price moves from ``price_before`` to
    ``price_after`` (``movement``: e.g. "right 2", "left 1", "none")."""

    TYPE: ClassVar[str] = "dividend"
    kind: str = "payout"
    revenue: int = 0
    per_share: float = 0
    to_corporation: int = 0
    from_own_shares: int = 0
    movement: str = "none"
    price_before: int | None = None
    price_after: int | None = None

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return None if action.get("kind") == self.kind else f"not {self.kind}"

    def affinity(self, action: Mapping[str, Any]) -> int:
        return 0

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "kind": self.kind}

    def describe(self) -> str:
        move = "" if self.movement == "none" else f", price {self.price_before} -> {self.price_after}"
        return f"{self.kind}: {self.per_share:g} per share, corporation keeps {self.to_corporation}{move}"


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


@enumerates(Dividend)
def dividend_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, Dividend)
    if "dividend" not in step.actions(entity):
        return
    game = step.game
    revenue = step.total_revenue()
    entity_type, entity_id = entity_ref(entity)
    market = game.stock_market
    before = entity.share_price
    for kind, option in step.dividend_options(entity).items():
        directions = _as_list(option.share_direction)
        times = _as_list(option.share_times)
        path: list[str] = []
        for direction, count in zip(directions, times):
            path.extend([str(direction)] * int(count))
        after = market.find_share_price(entity, path) if path and before is not None else before
        movement = ", ".join(f"{d} {c}" for d, c in zip(directions, times) if c) or "none"
        yield DividendMove(entity_type, entity_id, kind=kind, revenue=int(revenue), per_share=option.per_share,
                           to_corporation=int(option.corporation), from_own_shares=int(option.divs_to_corporation),
                           movement=movement,
                           price_before=int(before.price) if before is not None else None,
                           price_after=int(after.price) if after is not None else None)
