"""The 18xx step base: the kernel's step protocol (``engine.core.step``) typed for the 18xx ``Game``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.step import Step as KernelStep

if TYPE_CHECKING:
    from engine.game import Game
    from engine.rounds.base import Round


class Step(KernelStep):
    """Base of the 18xx steps."""

    game: Game
    round: Round

    def buying_power(self, entity: Any) -> int:
        return self.game.corporation_rules.buying_power(entity)

    def affords(self, entity: Any, amount: int) -> bool:
        """Is ``amount`` within ``entity``'s buying power here?  A step whose buying power is never below the
        entity's cash answers from the cash first (:meth:`buying_power` may be dear: 1846 prices its issuable
        shares)."""
        return self.buying_power(entity) >= amount
