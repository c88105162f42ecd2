"""18TN: the behaviours of the title that are not data.

Hooks used (besides the Derrick family's, ``engine/titles/derrick/family.py``):

* ``setup``: the Illinois Central's president's certificate is 30% and its last 10% share leaves the game.
* ``new_operating_round``: in the first operating round of the game privates change hands at face value
  only; from the second game turn on at 50% to 150% again.
* ``COMPANY_RULES`` (``purchasable``): in that first operating round, a player who already sold a private
  this round sells no other.
* ``TRAIN_RULES`` (``event_civil_war``): the first 3' train gives every floated corporation with trains (and
  the buyer) a one-time Civil War marker.
* ``routes_revenue``: a corporation with the marker that runs all its trains loses its weakest run.
* ``operating_round_steps``: 18TN's ``BuyCompany`` (a corporation without privates may buy one in the first
  operating round) and ``Dividend`` (the marker is used up; with one train the run is ignored and the share
  price stays), one depot train per round in the early phases (``steps.py``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.rounds.operating import OperatingRound
from engine.services.companies import CompanyRules
from engine.services.trains import TrainRules
from engine.steps.dividend import route_revenue
from engine.titles.derrick.family import DerrickGame
from engine.titles.g18tn.data import CIVIL_WAR, OR_ONE_STATUS, THIRTY_PERCENT_PRESIDENT, TITLE, TRIPLE_YELLOW_FIRST_OR
from engine.titles.spec import TitleSpec


class CompanyRules18TN(CompanyRules):
    def purchasable(self, entity: Any = None) -> list[Any]:
        candidates = super().purchasable(entity)
        game = self.game
        assert isinstance(game, Game18TN)
        if not game.buying_in_first_operating_round():
            return candidates
        sellers = list(getattr(game.round, "company_sellers", {}).values())
        return [c for c in candidates if not any(c.owner is s for s in sellers)]


class TrainRules18TN(TrainRules):
    def event_civil_war(self) -> None:
        game = self.game
        game.log("-- Event: Civil War! --")
        current = game.round.current_entity()
        corporations = [c for c in game.corporations
                        if c is current or (c.is_floated() and c.trains)]
        for corporation in corporations:
            corporation.add_ability({"type": CIVIL_WAR, "description": "Civil War! (One time effect)", "count": 1})
        names = ", ".join(sorted(c.name for c in corporations))
        game.log(f"{names} each receive a Civil War token which affects their next OR")


class Game18TN(DerrickGame):
    TITLE: ClassVar[TitleSpec] = TITLE
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules18TN
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18TN
    FIRST_OR_EXTRA_YELLOW: ClassVar[dict[str, int]] = {TRIPLE_YELLOW_FIRST_OR: 1}

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        ic = self.corporation_by_id(THIRTY_PERCENT_PRESIDENT)
        ipo = ic.shares_of(ic)
        ipo[0].percent = 30
        self.share_pool.transfer_shares(ipo[-1].to_bundle(), self.bank)

    # --- company prices -----------------------------------------------------------------------------------
    def new_operating_round(self, round_num: int = 1) -> Any:
        if self.turn == 1:
            for company in self.companies:
                company.min_price = company.max_price = company.value
        if self.turn == 2 and round_num == 1:
            for company in self.companies:
                company.min_price = -(-company.value // 2)
                company.max_price = company.value * 3 // 2
        return super().new_operating_round(round_num)

    def buying_in_first_operating_round(self) -> bool:
        """The first operating round of the game, while the phase still allows face-value purchases."""
        return (self.turn == 1 and isinstance(self.round, OperatingRound)
                and OR_ONE_STATUS in self.phase.status)

    # --- the Civil War ------------------------------------------------------------------------------------
    def civil_war(self, corporation: Any) -> Any:
        """The corporation's unused Civil War marker, or None."""
        found = self.ability_rules.abilities(corporation, CIVIL_WAR) if corporation is not None else []
        return found[0] if found else None

    def routes_revenue(self, routes: list[Any]) -> int:
        total = sum(route_revenue(r) for r in routes)
        if not routes:
            return total
        corporation = routes[0].corporation
        if self.civil_war(corporation) is None or len(routes) < len(corporation.trains):
            return total
        return total - min(route_revenue(r) for r in routes)

    # --- rounds -------------------------------------------------------------------------------------------
    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18tn.steps import BuyCompany18TN, Dividend18TN

        return [Bankrupt, SpecialTrack, BuyCompany18TN, HomeToken, Track, TokenStep, RouteStep, Dividend18TN,
                DiscardTrain, SingleDepotTrainBuy, (BuyCompany, {"blocks": True})]


__all__ = ["Game18TN"]
