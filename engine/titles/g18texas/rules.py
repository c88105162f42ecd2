"""18Texas: the behaviours that are not data.

* Set-up: one corporation is drawn; Jay Gould carries its president's certificate and the
  International-Great Northern and New Orleans Pacific one of its ordinary shares each (``match_share``).
* The privates are sold in a simultaneous auction (``steps.SimultaneousAuction``).
* Incremental capital; a corporation floats at 50%, then its price moves up one space and it pays its token
  fee (``data.TOKEN_FEE``).
* Operating: the privates' lays and teleports only in phases 3 and 4 (and count as upgrades unless yellow),
  the half-pay dividend, and after buying trains a corporation that has operated twice may issue a share (the
  price falls as for a sale) or redeem one (at most 50% in its treasury).

Hooks used: ``SETUP``, ``CORPORATION_RULES``, ``ABILITY_RULES``, the three step lists and the optional
``ipo_name``, ``issuable_shares``/``redeemable_shares`` (read by the issue step) and ``token_owner``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.game import Game
from engine.model.shares import ShareBundle
from engine.services.abilities import AbilityRules
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.titles.g18texas.data import TITLE, TOKEN_FEE, TREASURY_SHARE_LIMIT
from engine.titles.spec import TitleSpec

#: The New Orleans Pacific's teleport: its tile and hex.
NOPR_TILE = "511"
NOPR_HEX = "J5"
#: The phases in which the privates' lays and teleports may be used.
PRIVATE_LAY_PHASES = ("3", "4")


class Setup18Texas(ModelSetup):
    def resolve_company_shares(self) -> None:
        """One corporation drawn for every private's shares: Jay Gould's president's certificate and a further
        (``match_share``) certificate for each of the others."""
        game = self.game
        drawn = game.corporations[game.rng.rand() % len(game.corporations)]
        taken: list[Any] = []
        for company in game.companies:
            for ability in company.abilities_of_type("shares"):
                real = []
                for share in ability.shares:
                    if share == "random_president":
                        found = drawn.shares[0]
                        game.log(f"{company.name} comes with the president's share of {drawn.name}")
                    elif share == "match_share":
                        found = next(s for s in drawn.shares if not any(s is t for t in taken))
                        game.log(f"{company.name} comes with a {found.percent}% share of {drawn.name}")
                    else:
                        found = game.share_by_id(share)
                    if share in ("random_president", "match_share"):
                        taken.append(found)
                    real.append(found)
                ability.shares = real


class CorporationRules18Texas(CorporationRules):
    def float_corporation(self, corporation: Any) -> None:
        """Floating moves the price up one space and costs the token fee."""
        game = self.game
        game.log(f"{corporation.name} floats")
        game.stock_market.move_up(corporation)
        game.log(f"{corporation.name} share value moves up one space to {corporation.share_price.price}")
        fee = TOKEN_FEE[corporation.id]
        corporation.spend(fee, game.bank)
        game.log(f"{corporation.name} spends {game.format_currency(fee)} for tokens")


class TrackRules18Texas(TrackRules):
    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        """The New Orleans Pacific's teleport may put #511 straight onto San Antonio's blank hex."""
        if special and old.color == "white" and new.name == NOPR_TILE and old.hex is not None \
                and old.hex.id == NOPR_HEX:
            return True
        return super().upgrades_to(old, new, special)


class AbilityRules18Texas(AbilityRules):
    def right_time(self, ability: Any, time: Any, on_phase: str | None, passive_ok: bool,
                   strict_time: bool) -> bool:
        if ability.type in ("teleport", "tile_lay") and self.game.phase.name not in PRIVATE_LAY_PHASES:
            return False
        return super().right_time(ability, time, on_phase, passive_ok, strict_time)


class Game18Texas(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup18Texas
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules18Texas
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules18Texas
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18Texas

    # --- rounds -------------------------------------------------------------------------------------
    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.titles.g18texas.steps import SimultaneousAuction

        return [CompanyPendingPar, SimultaneousAuction]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.steps.shares import BuySellParShares

        return [CompanyPendingPar, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g18texas.steps import BlockingIssueShares18Texas, Dividend18Texas, SpecialTrack18Texas

        return [Bankrupt, SpecialTrack18Texas, SpecialToken, Track, TokenStep, RouteStep, Dividend18Texas,
                DiscardTrain, BuyTrain, BlockingIssueShares18Texas]

    # --- names --------------------------------------------------------------------------------------
    def ipo_name(self, entity: Any = None) -> str:
        return "Treasury"

    # --- issuing and redeeming ------------------------------------------------------------------------
    def issuable_shares(self, entity: Any) -> list[ShareBundle]:
        """A corporation that has operated twice may issue treasury shares the market can take."""
        if not getattr(entity, "is_corporation", False) or len(entity.operating_history) <= 1:
            return []
        bundles = self.share_rules.bundles_for_corporation(entity, entity)
        return [b for b in bundles if self.share_pool.fit_in_bank(b)]

    def redeemable_shares(self, entity: Any) -> list[ShareBundle]:
        """Market shares the corporation can afford, keeping at most 50% in its treasury."""
        if not getattr(entity, "is_corporation", False):
            return []
        bundles = self.share_rules.bundles_for_corporation(self.share_pool, entity)
        return [b for b in bundles
                if b.percent + entity.percent_of(entity) <= TREASURY_SHARE_LIMIT and not entity.cash < b.price]

    # --- tokens ---------------------------------------------------------------------------------------
    def token_owner(self, entity: Any) -> Any:
        """A player's private places the token of the corporation it teleported for."""
        if getattr(entity, "is_company", False):
            if getattr(entity.owner, "is_player", False):
                return getattr(self.round, "teleport_tokener", None)
            return entity.owner
        return entity


__all__ = ["Game18Texas"]
from engine.titles.g18texas import moves as _moves  # noqa: E402,F401
