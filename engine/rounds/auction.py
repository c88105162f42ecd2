"""The initial auction round: players in seat order (1830's waterfall auction)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.rounds.base import Round


class AuctionRound(Round):
    NAME: ClassVar[str] = "Auction"
    SHORT_NAME: ClassVar[str] = "ISR"
    auction: ClassVar[bool] = True

    def select_entities(self) -> list[Any]:
        return list(self.game.players)
