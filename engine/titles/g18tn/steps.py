"""18TN's own steps.

* ``BuyCompany18TN``: in the first operating round of the game (phase status
  ``can_buy_companies_operation_round_one``) a corporation that owns no private may buy one at face value.
* ``Dividend18TN``: the Civil War.  A corporation with a Civil War marker uses it up with this run; with a
  single train its run is ignored: it withholds nothing and its share price does not move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.steps.companies import BuyCompany
from engine.steps.dividend import Dividend, DividendOption

if TYPE_CHECKING:
    from engine.actions import Action


class BuyCompany18TN(BuyCompany):
    NAME: ClassVar[str] = "BuyCompany"

    def can_buy_company(self, entity: Any) -> bool:
        if super().can_buy_company(entity):
            return True
        game: Any = self.game
        if entity is not self.current_entity() or entity.companies or not game.buying_in_first_operating_round():
            return False
        companies = game.company_rules.purchasable()
        return bool(companies) and min(int(c.value) for c in companies) <= entity.cash


class Dividend18TN(Dividend):
    NAME: ClassVar[str] = "Dividend"

    def single_train_civil_war(self, corporation: Any) -> bool:
        game: Any = self.game
        return corporation is not None and len(corporation.trains) == 1 and game.civil_war(corporation) is not None

    def dividend_types(self) -> tuple[str, ...]:
        if self.single_train_civil_war(self.round.current_entity()):
            return ("withhold",)
        return super().dividend_types()

    def dividend_options(self, entity: Any) -> dict[str, DividendOption]:
        if not self.single_train_civil_war(entity):
            return super().dividend_options(entity)
        option = DividendOption(corporation=0, per_share=0)
        option.divs_to_corporation = 0
        return {"withhold": option}

    def change_share_price(self, entity: Any, payout: DividendOption) -> None:
        if not self.single_train_civil_war(entity):
            super().change_share_price(entity, payout)
            return
        self.game.log(f"{entity.name}'s share price unchanged - Civil War event, owning just one train (see rule §5.1)")

    def log_run_payout(self, entity: Any, kind: str, revenue: int, subsidy: int, action: Action,
                       payout: DividendOption) -> None:
        if not self.single_train_civil_war(entity):
            super().log_run_payout(entity, kind, revenue, subsidy, action, payout)
            return
        self.game.log(f"{entity.name}'s run is ignored due to Civil War")

    def _process_dividend(self, action: Action, entity: Any) -> None:
        super()._process_dividend(action, entity)
        game: Any = self.game
        civil_war = game.civil_war(entity)
        if civil_war is None:
            return
        game.log(f"{entity.name} resolves Civil War")
        civil_war.use()


__all__ = ["BuyCompany18TN", "Dividend18TN"]
