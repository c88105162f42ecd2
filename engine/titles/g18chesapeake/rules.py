"""18Chesapeake: the behaviours of the title that are not data.

Hooks used:

* ``SETUP`` (``Setup18Chesapeake.make_share_pool``): the two-player pool (``share_pool.ChesapeakeSharePool``).
* ``setup``: Cornelius Vanderbilt closes when the corporation whose president's certificate came
  with it (drawn at random by the base ``init_company_abilities``) buys its first train; with two
  players every other corporation gets a 30% president's certificate and loses its last share.
* ``preprocess_action`` / ``action_processed``: a tile laid on C-P's or B&S's hexes other than by
  the private itself forfeits that private's tile lays (logged once the lay is done).
* ``stock_round_steps`` / ``operating_round_steps``: the title's step lists.
* ``SHARE_RULES`` (``sold_out``): with two players, "sold out" means no shares in the market.
* ``or_set_finished``: after every set of operating rounds (and when everyone passes in the private
  auction after a private was sold) the next train in the depot is exported if it is a 2, 3 or 4.
* ``CORPORATION_RULES`` (``float_corporation``): with two players, the shares left in the IPO go to the market.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.game import Game
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.titles.export_trains import ExportsTrains
from engine.titles.g18chesapeake.data import TITLE
from engine.titles.spec import TitleSpec

#: The private companies whose paired #8/#9 lays are forfeit when someone else builds there (in the
#: order the reference checks them, which is the order of the log lines).
PAIRED_LAY_COMPANIES = ("B&S", "C-P")

#: The private company that comes with a random president's certificate.
CORNELIUS = "CV"

#: Train names exported at the end of a set of operating rounds.
EXPORTED_TRAINS = ("2", "3", "4")


class ShareRules18Chesapeake(ShareRules):
    def sold_out(self, corporation: Any) -> bool:
        game = self.game
        assert isinstance(game, Game18Chesapeake)
        if not game.two_player():
            return super().sold_out(corporation)
        return bool(corporation.is_floated() and corporation.num_market_shares() == 0)


class Setup18Chesapeake(ModelSetup):
    def make_share_pool(self) -> Any:
        from engine.titles.g18chesapeake.share_pool import ChesapeakeSharePool

        game = self.game
        return ChesapeakeSharePool(game, two_player=len(game.players) == 2, **self.share_pool_options())


class CorporationRules18Chesapeake(CorporationRules):
    def float_corporation(self, corporation: Any) -> None:
        """With two players, the shares left in the IPO go to the market."""
        super().float_corporation(corporation)
        game = self.game
        if len(game.players) != 2:
            return
        game.log(f"{corporation.name}'s remaining shares are transferred to the Market")
        from engine.model.shares import ShareBundle

        remaining = list(corporation.shares_of(corporation))
        if remaining:
            game.share_pool.transfer_shares(ShareBundle(remaining), game.share_pool)


class Game18Chesapeake(ExportsTrains, Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules18Chesapeake
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules18Chesapeake
    SETUP: ClassVar[type[ModelSetup]] = Setup18Chesapeake
    #: Trains of these names are exported at the end of a set of operating rounds (variants: none).
    EXPORTED_TRAINS: ClassVar[tuple[str, ...]] = EXPORTED_TRAINS
    #: The private with the random president's certificate (variants rename it).
    CORNELIUS: ClassVar[str] = CORNELIUS
    #: The privates whose paired lays are forfeit when someone else builds on their hexes (variants: none).
    PAIRED_LAY_COMPANIES: ClassVar[tuple[str, ...]] = PAIRED_LAY_COMPANIES

    # --- players ----------------------------------------------------------------------------------
    def two_player(self) -> bool:
        return len(self.players) == 2

    # --- construction -----------------------------------------------------------------------------
    def setup(self) -> None:
        self.pending_log: list[str] | None = None
        cornelius = self.company_by_id(self.CORNELIUS)
        cv_corporation = self.cornelius_corporation()
        cornelius.add_ability({"type": "close", "when": "bought_train", "corporation": cv_corporation.name})
        if not self.two_player():
            return
        for corporation in self.corporations:
            if corporation is cv_corporation:
                continue
            ipo = corporation.shares_of(corporation)
            ipo[0].percent = 30
            self.share_pool.transfer_shares(ipo[-1].to_bundle(), self.bank)

    def cornelius_corporation(self) -> Any:
        """The corporation whose president's certificate comes with Cornelius Vanderbilt (None once
        the private has closed and lost its abilities)."""
        for ability in self.company_by_id(self.CORNELIUS).abilities_of_type("shares"):
            if ability.shares:
                return ability.shares[0].corporation
        return None

    # --- rounds -----------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.shares import BuySellParShares
        from engine.steps.trains import DiscardTrain

        return [DiscardTrain, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain

        return [Bankrupt, SpecialTrack, SpecialToken, BuyCompany, Track, TokenStep, RouteStep, Dividend,
                DiscardTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    # --- forfeiting the paired tile lays ----------------------------------------------------------
    def preprocess_action(self, action: Action, entity: Any) -> None:
        if action.type != "lay_tile":
            return
        self.pending_log = []
        for sym in self.PAIRED_LAY_COMPANIES:
            self.forfeit_paired_lays(action, entity, self.company_by_id(sym))

    def action_processed(self, action: Action) -> None:
        if action.type != "lay_tile" or self.pending_log is None:
            return
        pending, self.pending_log = self.pending_log, None
        for line in pending:
            self.log(line)

    def forfeit_paired_lays(self, action: Action, entity: Any, company: Any) -> None:
        """A tile laid on the company's hexes by anyone but the company forfeits its tile lays."""
        hex_id = getattr(action, "hex", None)
        for ability in self.ability_rules.abilities(company, "tile_lay", time="any"):
            hexes = list(ability.hexes)
            if hex_id not in hexes or company.closed or entity is company:
                continue
            company.remove_ability(ability)
            listed = ", ".join(f'"{h}"' for h in hexes)
            message = f"{company.name} loses the ability to lay [{listed}]"
            if self.pending_log is not None:
                self.pending_log.append(message)
            else:
                self.log(message)

