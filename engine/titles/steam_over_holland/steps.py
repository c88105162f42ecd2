"""Steam Over Holland's own steps.

* ``SelectionAuction``: the general passable selection auction (everybody passing removes the
  company); the log names the company without its number.
* ``BuySellParShares``: a par buys as many certificates as the current float percentage needs
  (the president's certificate plus 10% shares), and only par prices affordable for that amount.
* ``IssueShares``: a corporation issues shares from its treasury or redeems shares from the market,
  once per operating round (never blocking; passed with the dividend step).
* ``Track``: water borders cost their full price (no discount); the Amsterdam tiles never move tokens.
* ``Token``: no station in a corporation's first operating turn (beyond its home).
* ``Dividend``: pay out or withhold; the price moves left on no dividend, right once for a dividend of
  at least the share price and twice for at least twice the share price.
* ``BuyTrain``: a trainless corporation that cannot buy a train even with its president's money (and
  cannot issue shares) may close instead of buying (the pass closes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps import dividend as base_dividend
from engine.steps import issue_shares as base_issue_shares
from engine.steps import shares as base_shares
from engine.steps import token as base_token
from engine.steps import track as base_track
from engine.steps import trains as base_trains
from engine.steps.base import Step
from engine.steps.selection_auction import PassableSelectionAuction

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.model.shares import ShareBundle


def _game(step: Step) -> Any:
    """The Steam Over Holland game (its own helpers: ``percent_to_float``, ``issuable_shares`` ...)."""
    return step.game


def issued_shares(round_: Any) -> dict[Any, bool]:
    """The corporations that issued (or redeemed) shares this operating round."""
    found = getattr(round_, "issued_shares", None)
    return found if isinstance(found, dict) else {}


# ---------------------------------------------------------------------------------------------
# Auction
# ---------------------------------------------------------------------------------------------
class SelectionAuction(PassableSelectionAuction):
    def company_label(self, company: Any) -> str:
        # "3. Veerdienst Enkhuizen - Stavoren" -> "Veerdienst Enkhuizen - Stavoren"
        return str(company.name)[3:]


# ---------------------------------------------------------------------------------------------
# Stock round
# ---------------------------------------------------------------------------------------------
class BuySellParShares(base_shares.BuySellParShares):
    def par_certificates(self) -> int:
        """How many certificates a par buys: the president's (20%) and 10% shares up to the float."""
        return int(_game(self).percent_to_float() // 10) - 1

    def can_ipo_any(self, entity: Any) -> bool:
        if self.bought():
            return False
        number = self.par_certificates()
        for corporation in self.corporations():
            if not self.game.corporation_rules.can_par(corporation, entity):
                continue
            shares = corporation.shares
            bundle = shares[number].to_bundle() if number < len(shares) else None
            if self.can_buy(entity, bundle):
                return True
        return False

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        percent = _game(self).percent_to_float()
        cash = self.available_cash(entity)
        return [p for p in self.game.stock_market.par_prices if p.price * percent // 10 <= cash]

    def can_par_at(self, entity: Any, corporation: Any, share_price: Any) -> bool:
        return any(p is share_price for p in self.get_par_prices(entity, corporation))

    def process_par(self, action: Action) -> None:
        if getattr(action, "purchase_for", None) is not None:
            raise IllegalAction("Cannot par on behalf of other entities")
        game = self.game
        entity = game.resolve_entity(action)
        corporation = game.corporation_by_id(getattr(action, "corporation", None))
        share_price = game.share_price_by_id(getattr(action, "share_price", None))
        if not game.corporation_rules.can_par(corporation, entity):
            raise IllegalAction(f"{corporation.name} cannot be parred")
        if not share_price.can_par:
            raise IllegalAction(f"{game.format_currency(share_price.price)} is not a par price")
        number = self.par_certificates()
        cost = share_price.price * _game(self).percent_to_float() // 10
        if game.strict and not self.can_par_at(entity, corporation, share_price):
            raise IllegalAction(f"{entity.name} cannot par {corporation.name} at "
                                f"{game.format_currency(share_price.price)}")
        if entity.cash < cost:
            raise IllegalAction(f"{entity.name} cannot afford {game.format_currency(cost)} to par "
                                f"{corporation.name}")
        game.stock_market.set_par(corporation, share_price)
        for share in list(corporation.ipo_shares()[:number]):
            self.players_bought[entity][corporation] += share.percent
            self.buy_shares(entity, share.to_bundle())
        game.corporation_rules.after_par(corporation)
        self.track_action(action, entity.player, corporation)


# ---------------------------------------------------------------------------------------------
# Operating round
# ---------------------------------------------------------------------------------------------
class IssueShares(base_issue_shares.IssueShares):
    """Issue treasury shares or redeem market shares at the current price, once per operating round; an
    issue moves the price and leaves the step open."""

    def is_offered(self, bundle: ShareBundle, offered: list[ShareBundle]) -> bool:
        return any([s.id for s in bundle.shares] == [s.id for s in b.shares] for b in offered)

    def issue(self, entity: Any, bundle: ShareBundle) -> None:
        if bundle.owner is not entity:
            raise IllegalAction(f"{entity.name} does not hold {', '.join(s.id for s in bundle.shares)}")
        self.game.share_rules.sell_shares_and_change_price(bundle)


class Track(base_track.Track):
    def update_token(self, action: Any, entity: Any, tile: Any, old_tile: Any) -> None:
        if tile.hex is not None and tile.hex.id == "F9":
            return
        super().update_token(action, entity, tile, old_tile)

    def border_cost_discount(self, entity: Any, spender: Any, border: Any, cost: int, hex_: Any) -> int:
        return 0


class Token(base_token.TokenStep):
    def can_place_token(self, entity: Any) -> bool:
        if not getattr(entity, "operating_history", None):
            return False
        return super().can_place_token(entity)


class Dividend(base_dividend.Dividend):
    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "withhold")

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        price = int(entity.share_price.price)
        if revenue == 0:
            return "left", 1
        if revenue >= price * 2:
            return "right", 2
        if revenue >= price:
            return "right", 1
        return None, 0

    def pass_(self) -> None:
        super().pass_()
        issue = next((s for s in self.round.steps if isinstance(s, IssueShares)), None)
        if issue is not None:
            issue.dividend_step_passes()


class BuyTrain(base_trains.BuyTrain):
    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if current is not None and entity is current.owner and self.can_ebuy_sell_shares(current):
            return ["sell_shares"]
        if entity is not current:
            return []
        if self.president_may_contribute(entity):
            return ["sell_shares", "buy_train", "pass"]
        if self.can_buy_train(entity):
            return ["buy_train", "pass"]
        return []

    def pass_description(self) -> str:
        current = self.current_entity()
        if current is not None and self.can_close_corp(current):
            return f"Close {current.name}"
        return "Done (Trains)" if self.acted else "Skip (Trains)"

    def pass_refusal(self, entity: Any) -> str | None:
        """Why ``entity`` may not pass now (None: it may).  A loaded game skips the first check, as
        the reference does."""
        if not self.game.loading and self.can_afford_needed_train(entity):
            return "Corporation can afford train, a train must be purchased."
        if self.corporations_sold:
            return "Player sold shares, a train must be purchased."
        return None

    def can_pass(self, entity: Any) -> bool:
        """May ``entity`` pass (or, when it cannot buy a train at all, close) now?"""
        return self.pass_refusal(entity) is None

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        refusal = self.pass_refusal(entity)
        if refusal is not None:
            raise IllegalAction(refusal)
        if not self.can_close_corp(entity):
            super().process_pass(action)
            return
        self.game.corporation_rules.close_corporation(entity)

    def can_sell(self, entity: Any, bundle: ShareBundle) -> bool:
        if any(c is bundle.corporation for c in self.corporations_sold):
            return False
        current = self.current_entity()
        if current is not entity and self.must_issue_before_ebuy(current):
            return False
        return super().can_sell(entity, bundle)

    def can_issue(self, corporation: Any) -> bool:
        if not getattr(corporation, "is_corporation", False):
            return False
        if issued_shares(self.round).get(corporation):
            return False
        return bool(_game(self).issuable_shares(corporation))

    def _route_train_purchase(self, entity: Any) -> bool:
        info = self.game.graph.route_info(entity)
        return bool(info and info.get("route_train_purchase"))

    def can_close_corp(self, entity: Any) -> bool:
        return (not entity.trains and not self.can_issue(entity)
                and entity.cash + entity.owner.cash < _game(self).min_train_price(entity)
                and self._route_train_purchase(entity))

    def can_afford_needed_train(self, entity: Any) -> bool:
        return (not entity.trains
                and entity.cash + entity.owner.cash >= _game(self).min_train_price(entity)
                and self._route_train_purchase(entity))


__all__ = [
    "BuySellParShares",
    "BuyTrain",
    "Dividend",
    "IssueShares",
    "SelectionAuction",
    "Token",
    "Track",
]
