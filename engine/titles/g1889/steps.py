"""1889's own step: the Ehime Railway's tile lay right after it is sold to a corporation.

``SpecialTrack1889`` is the engine's ``SpecialTrack`` plus the "lay track when a company is sold"
rule (the reference's ``TrackLayWhenCompanySold`` mix-in): as soon as a corporation buys a company
whose ``tile_lay`` ability is timed ``sold`` (ER: one green tile on Ohzu, C4), the step blocks the
round until that company lays its tile or passes.  The player who *sold* the company decides and
pays for the tile (``round.company_sellers``), not the buying corporation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.special_track import SpecialTrack

if TYPE_CHECKING:
    from engine.actions import Action, LayTile


class SpecialTrack1889(SpecialTrack):
    """``SpecialTrack`` that also handles a just-sold company's ``sold`` tile lay."""

    NAME: ClassVar[str] = "SpecialTrack"

    # --- the sold company ------------------------------------------------------------------------------
    def sold_lay_ability(self, company: Any) -> Any:
        """The ``sold`` tile-lay ability ``company`` may still use, or None."""
        if company is None:
            return None
        return self.game.ability_rules.ability(company, "tile_lay", time="sold")

    def blocking_for_sold_company(self) -> bool:
        """Whether the company sold last still has its ``sold`` lay to make (sets ``company``).

        As in the reference, asking this also forgets any other company the step was waiting for.
        """
        just_sold = getattr(self.round, "just_sold_company", None)
        self.company = just_sold if self.sold_lay_ability(just_sold) is not None else None
        return self.company is not None

    def seller(self, company: Any) -> Any:
        """The player who sold ``company`` this round (who pays for its ``sold`` lay)."""
        sellers: dict[Any, Any] = getattr(self.round, "company_sellers", {})
        return sellers.get(company)

    # --- step protocol -----------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if not self.blocking_for_sold_company():
            return super().actions(entity)
        ability = self.sold_lay_ability(self.company)
        return list(self.ACTIONS if ability.blocks else self.ACTIONS_WITH_PASS)

    def blocking(self) -> bool:
        return self.blocking_for_sold_company() or super().blocking()

    def description(self) -> str:
        if self.company is not None and self.sold_lay_ability(self.company) is not None:
            seller = self.seller(self.company)
            who = f" ({seller.name})" if seller is not None else ""
            return f"Lay Track for {self.company.name}{who}"
        return super().description()

    # --- actions -------------------------------------------------------------------------------------
    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        if self.company is None or entity is not self.company:
            super().process_lay_tile(action)
            return
        ability = self.sold_lay_ability(entity)
        if ability is None:
            raise IllegalAction(f"{entity.name} has no tile lay to use now")
        hex_ = game.hex_by_id(action.hex)
        self.lay_tile(action, spender=self.seller(entity))
        self.state.laid_hexes.append(hex_)
        self.check_connect(action, ability)
        ability.use()
        self.company = None

    def process_pass(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        if self.company is None or entity is not self.company:
            raise IllegalAction(f"Not {game.entity_name(entity)}'s turn to pass laying track")
        ability = self.sold_lay_ability(entity)
        if ability is not None:
            entity.remove_ability(ability)
        game.log(f"{entity.name} passes lay track")
        self.pass_()
        self.company = None


__all__ = ["SpecialTrack1889"]
