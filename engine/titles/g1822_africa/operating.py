"""1822Africa's operating-round steps over the 1822 family's."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.steps.acquired_company_lay import AcquiredCompanyLay
from engine.titles.family1822.acquisition import MinorAcquisition


class MinorAcquisitionAfrica(MinorAcquisition):
    """A major may acquire any floated minor, whatever either has operated (bid-box minors from the phase status
    ``can_acquire_minor_bidbox``)."""

    def can_acquire(self, entity: Any) -> bool:
        return getattr(entity, "type", None) == "major" and bool(self.potentially_mergeable(entity))

    def potentially_mergeable(self, entity: Any) -> list[Any]:
        game: Any = self.game
        found = [m for m in game.corporations if m.type == "minor" and m.floated and self.pay_choices(entity, m)]
        if game.phase.has_status("can_acquire_minor_bidbox"):
            for company in game.bid_box_minors():
                minor = game.corporation_by_id(company.sym[1:])
                if self.pay_choices(entity, minor):
                    found.append(minor)
        return found


class LayGameReserve(AcquiredCompanyLay):
    """The game reserve private (P10): its acquirer places the game reserve tile on an empty hex at once, and is
    paid for each hex between it and the printed reserve."""

    NAME: ClassVar[str] = "LayGameReserve"

    def after_acquired_lay(self, company: Any, hex_: Any) -> None:
        game: Any = self.game
        game.pay_game_reserve_bonus(company.owner)
        game.log(f"{company.name} closes")
        company.close()
