"""18USA's operating-round steps that differ from 1817's: the dividend moves the price one step for each half
of the share price paid out (up to four)."""

from __future__ import annotations

from typing import Any

from engine.titles.g1817.operating import Dividend1817


class Dividend18USA(Dividend1817):
    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        price = int(entity.share_price.price)
        if entity.share_price.type == "acquisition":
            price = 40
        if revenue <= 0:
            return "left", 1
        thresholds = (price // 2, price, price * 3 // 2, price * 2)
        times = sum(1 for t in thresholds if revenue >= t)
        return ("right", times) if times else (None, 0)


__all__ = ["Dividend18USA"]
