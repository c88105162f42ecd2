"""18DE: 1817 (the family base, engine/titles/g1817/) on a map of Germany.  Its own rules: no short selling, and
a token lifted off a two-city hex when its first track is laid is placed again during the operating round (the
home-token step joins the operating round's steps)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.titles.g18de import data
from engine.titles.g1817.rules import Game1817
from engine.titles.g1817.stock import BuySellParShares1817
from engine.titles.spec import TitleSpec


class BuySellParShares18DE(BuySellParShares1817):
    def can_short(self, entity: Any, corporation: Any) -> bool:
        return False


class Game18DE(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY

    def stock_round_steps(self) -> list[Any]:
        return [BuySellParShares18DE if s is BuySellParShares1817 else s for s in super().stock_round_steps()]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.titles.g1817.operating import Track1817
        steps = super().operating_round_steps()
        at = steps.index(Track1817)
        return [*steps[:at], HomeToken, *steps[at:]]


__all__ = ["Game18DE"]
