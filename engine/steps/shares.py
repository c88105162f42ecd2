"""The stock-round turn: buy, sell and par shares, buy privates (the reference's ``BuySellParShares``
with its ``ShareBuying`` rules).

A player's turn offers ``buy_shares``, ``par``, ``buy_company`` and ``sell_shares`` as the rules allow
and ends with an explicit ``pass`` (or automatically when nothing is possible).  The rules, in the
reference engine's terms:

* **order** of a turn (``rules.sell_buy_order``): ``sell_buy_sell`` (1830: sales before and after one
  purchase), ``sell_buy`` (no sale after a purchase), ``sell_buy_or_buy_sell`` (not both ways round);
* **one purchase** per turn, except several certificates of a corporation in a ``multiple_buy``
  (brown) cell - from the pool only where ``multiple_buy_only_from_market`` - and never after a par
  or a purchase of another corporation;
* **no rebuying** what one sold this round (``players_sold``);
* **limits**: the certificate limit and the 60% holding limit (``can_gain``); over either, the player
  may only sell (``must_sell``);
* **sales**: timing (``game.share_rules.check_sale_timing``), pool limit (``fit_in_bank``), the president's
  certificate only if someone else can take the presidency (``can_dump``).

Round state (attributes of the round, per the reference): ``players_sold`` (player -> corporation ->
"now"/"prev"), ``players_bought`` (player -> corporation -> percent), ``current_actions`` (this turn's
actions), ``bought_from_ipo`` and ``players_history`` (player -> corporation -> actions).
``round.last_to_act`` and ``round.pass_order`` are kept up to date here.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, BuyCompany, BuyShares, Par, SellShares
from engine.errors import IllegalAction, InvalidAction
from engine.model.shares import ShareBundle
from engine.steps.auction import after_buy_company, snake_case
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.game import Game
    from engine.model.entities import Corporation, ShareHolder
    from engine.model.market import SharePrice
    from engine.model.shares import Share


# ---------------------------------------------------------------------------------------------------------
# Game-level helpers (the lead may move these onto ``Game``; a game method of the same name wins)
# ---------------------------------------------------------------------------------------------------------
def _game_hook(game: Game, name: str) -> Any:
    hook = getattr(game, name, None)
    return hook if callable(hook) else None


def cert_limit(game: Game, entity: Any = None) -> int:
    """The certificate limit that applies to ``entity``."""
    return int(game.corporation_rules.cert_limit_for(entity))


def can_gain_from_player(game: Game, entity: Any, bundle: ShareBundle) -> bool:
    """May ``entity`` take ``bundle`` from the player holding it?"""
    hook = _game_hook(game, "can_gain_from_player")
    if hook is not None:
        return bool(hook(entity, bundle))
    rules = game.rules
    if rules.buy_share_from_other_player and entity.is_player:
        return True
    return bool(rules.corporate_buy_share_allow_buy_from_president and entity.is_corporation
                and bundle.owner is entity.owner)


def can_hold_above_corp_limit(game: Game, entity: Any) -> bool:
    """May ``entity`` keep more of a corporation than the holding limit without having to sell?"""
    hook = _game_hook(game, "can_hold_above_corp_limit")
    return bool(hook(entity)) if hook is not None else False


def multiple_buy_only_from_market(game: Game) -> bool:
    """Must the extra certificates of a multiple-buy turn come from the market pool?"""
    hook = _game_hook(game, "multiple_buy_only_from_market")
    if hook is not None:
        return bool(hook())
    return bool(game.rules.multiple_buy_only_from_market)


def can_buy_company_from_player(game: Game) -> bool:
    """May players buy private companies from each other now (``game.company_rules.can_buy_from_player``)?"""
    return bool(game.company_rules.can_buy_from_player())


def buyable_bank_owned_companies(game: Game) -> list[Any]:
    """Open companies the bank holds and sells at face value (none in 1830)."""
    hook = _game_hook(game, "buyable_bank_owned_companies")
    if hook is not None:
        return list(hook())
    return [c for c in game.companies if not c.closed and c.owner is not None and c.owner is game.bank]


def bundle_from_action(game: Game, action: Action) -> ShareBundle:
    """The bundle a ``buy_shares``/``sell_shares`` action names, resolved against the game now."""
    ids = getattr(action, "shares", None)
    if not isinstance(ids, list) or not ids:
        raise InvalidAction(f"{action.type} names no certificates")
    shares = [game.share_by_id(sid) for sid in ids]
    percent = getattr(action, "percent", None)
    if isinstance(percent, float):
        if not percent.is_integer():
            raise InvalidAction(f"{action.type} percent {percent!r} is not a whole number")
        percent = int(percent)
    bundle = ShareBundle(shares, percent)
    share_price = getattr(action, "share_price", None)
    if share_price is not None and share_price != "" and share_price is not False:
        try:
            bundle.share_price = int(share_price)
        except (TypeError, ValueError):
            raise InvalidAction(f"{action.type} share price {share_price!r} is not a number") from None
    return bundle


def _action_corporation(game: Game, action: Action) -> Any:
    """The corporation a share action of this turn was about."""
    if isinstance(action, Par):
        return game.corporation_by_id(action.corporation)
    if isinstance(action, BuyShares | SellShares) and action.shares:
        return game.share_by_id(action.shares[0]).corporation
    return None


def _action_percent(game: Game, action: BuyShares | SellShares) -> int:
    if action.percent is not None:
        return int(action.percent)
    return sum(game.share_by_id(sid).percent for sid in action.shares)


# ---------------------------------------------------------------------------------------------------------
# Share buying rules shared by the stock turn and the private-for-share exchange
# ---------------------------------------------------------------------------------------------------------
class ShareBuying(Step):
    """The legality of gaining certificates and the purchase itself (the reference's ``ShareBuying``)."""

    def type_name(self) -> str:
        return snake_case(self.NAME)

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        raise NotImplementedError

    def can_gain(self, entity: Any, bundle: ShareBundle | None, exchange: bool = False) -> bool:
        """Holding limit and certificate limit (the latter waived for an exchange or for corporations
        whose price cell does not count towards it); buying from a player only where allowed."""
        if bundle is None or entity is None:
            return False
        if bundle.owner.is_player and not can_gain_from_player(self.game, entity, bundle):
            return False
        corporation = bundle.corporation
        if not corporation.holding_ok(entity, bundle.common_percent):
            return False
        if not corporation.counts_for_limit() or exchange:
            return True
        return int(self.game.corporation_rules.num_certs(entity)) < cert_limit(self.game, entity)

    def check_legal_buy(self, entity: Any, bundle: ShareBundle, exchange: Any = None, swap: Any = None,
                        allow_president_change: bool = True) -> None:
        if swap is None and not self.can_buy(entity, bundle):
            raise IllegalAction(f"Cannot buy a share of {bundle.corporation.name}")

    def buy_shares(self, entity: Any, bundle: ShareBundle, *, exchange: Any = None, exchange_price: int | None = None,
                   swap: Any = None, allow_president_change: bool = True, borrow_from: Any = None,
                   silent: bool = False, discounter: Any = None) -> None:
        """Check the purchase, make it through the share pool, then place a home token if the title
        places them at par or float."""
        self.check_legal_buy(entity, bundle, exchange=exchange, swap=swap,
                             allow_president_change=allow_president_change)
        self.game.share_pool.buy_shares(
            entity, bundle, exchange=exchange, exchange_price=exchange_price, swap=swap,
            allow_president_change=allow_president_change, silent=silent, borrow_from=borrow_from,
            discounter=discounter)
        self.maybe_place_home_token(bundle.corporation)

    # share swaps (``engine.steps.share_swap``): none unless the title's step declares them
    def swap_buy(self, player: Any, corporation: Any, share: Share) -> Share | None:
        return None

    def swap_sell(self, player: Any, corporation: Any, bundle: ShareBundle, pool_share: Share) -> Share | None:
        return None

    def swap_buys(self, player: Any) -> list[tuple[list[Share], Share]]:
        return []

    def swap_sells(self, player: Any) -> list[tuple[ShareBundle, Share]]:
        return []

    def maybe_place_home_token(self, corporation: Corporation) -> None:
        timing = self.game.rules.home_token_timing
        if (timing == "float" and corporation.is_floated()) or (timing == "par" and corporation.ipoed):
            self.game.track_rules.place_home_token(corporation)


# ---------------------------------------------------------------------------------------------------------
# The stock-round turn
# ---------------------------------------------------------------------------------------------------------
PURCHASE_ACTIONS: tuple[type[Action], ...] = (BuyCompany, BuyShares, Par)


def _int_table() -> defaultdict[Any, int]:
    """A picklable factory (game snapshots are pickled): corporation -> int."""
    return defaultdict(int)


def _list_table() -> defaultdict[Any, list[Any]]:
    """A picklable factory: corporation -> list."""
    return defaultdict(list)


class BuySellParShares(ShareBuying):
    """A player's stock-round turn.  Blocks while the player can do anything; ``pass`` ends the turn."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "par", "buy_company", "sell_shares", "pass")
    NAME: ClassVar[str] = "BuySellParShares"

    # --- round state ----------------------------------------------------------------------------------
    def round_state(self) -> dict[str, Any]:
        return {
            # player -> corporation -> "now" (sold this turn) or "prev" (sold earlier this round)
            "players_sold": defaultdict(dict),
            # player -> corporation -> percent bought this round
            "players_bought": defaultdict(_int_table),
            # the actions of the current turn
            "current_actions": [],
            # has the player bought from the IPO this turn
            "bought_from_ipo": False,
            # player -> corporation -> actions of the player's last turn
            "players_history": defaultdict(_list_table),
        }

    @property
    def players_sold(self) -> defaultdict[Any, dict[Any, str]]:
        return self.round.players_sold  # type: ignore[attr-defined, no-any-return]

    @property
    def players_bought(self) -> defaultdict[Any, defaultdict[Any, int]]:
        return self.round.players_bought  # type: ignore[attr-defined, no-any-return]

    @property
    def players_history(self) -> defaultdict[Any, defaultdict[Any, list[Action]]]:
        return self.round.players_history  # type: ignore[attr-defined, no-any-return]

    @property
    def turn_actions(self) -> list[Action]:
        """The actions taken in the current turn (the round's ``current_actions``)."""
        return self.round.current_actions  # type: ignore[attr-defined, no-any-return]

    def setup(self) -> None:
        # Sales of earlier turns still forbid rebuying, but no longer count as "this turn".
        for corporations in self.players_sold.values():
            for corporation in corporations:
                corporations[corporation] = "prev"
        self.players_history[self.current_entity()].clear()
        self.round.current_actions = []  # type: ignore[attr-defined]
        self.round.bought_from_ipo = False  # type: ignore[attr-defined]

    # --- texts ------------------------------------------------------------------------------------------
    def description(self) -> str:
        return {
            "sell_buy_or_buy_sell": "Buy or Sell Shares",
            "sell_buy": "Sell then Buy Shares",
            "sell_buy_sell": "Sell/Buy/Sell Shares",
        }.get(str(self.game.rules.sell_buy_order), "Buy or Sell Shares")

    def pass_description(self) -> str:
        return "Done (Share)" if self.turn_actions else "Pass (Share)"

    def log_pass(self, entity: Any) -> None:
        if not self.turn_actions:
            self.game.log(f"{entity.name} passes")
            return
        bought, sold = self.bought(), self.sold()
        if bought and sold:
            return
        self.game.log(f"{entity.name} declines {'to sell' if bought else 'to buy'} shares")

    def log_skip(self, entity: Any) -> None:
        self.game.log(f"{entity.name} has no valid actions and passes")

    # --- what may the player do -------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        can_sell = self.can_sell_any(entity)
        if can_sell and self.must_sell(entity, can_sell_any=True):
            return ["sell_shares"]
        found: list[str] = []
        if self.can_buy_any(entity):
            found.append("buy_shares")
        if self.can_ipo_any(entity):
            found.append("par")
        if self.purchasable_companies(entity) or self.buyable_bank_owned_companies(entity):
            found.append("buy_company")
        if can_sell:
            found.append("sell_shares")
        if found:
            found.append("pass")
        return found

    def auto_actions(self, entity: Any) -> list[Action] | None:
        # Buy/pass programs are not evaluated: replays carry their results as ``auto_actions``.
        return None

    def bought(self) -> bool:
        """Has the player bought (shares, a par or a private) this turn?"""
        return any(isinstance(a, PURCHASE_ACTIONS) for a in self.turn_actions)

    def sold(self) -> bool:
        return any(isinstance(a, SellShares) for a in self.turn_actions)

    def available_cash(self, entity: Any) -> int:
        return int(entity.cash)

    def modify_purchase_price(self, bundle: ShareBundle) -> int:
        return int(bundle.price)

    def allow_president_change(self, corporation: Any) -> bool:
        return True

    # buying
    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        """May ``entity`` buy ``bundle`` in an ordinary purchase now?"""
        if bundle is None or not bundle.buyable:
            return False
        if entity is bundle.owner:
            return False
        corporation = bundle.corporation
        return (self.available_cash(entity) >= self.modify_purchase_price(bundle)
                and not self.players_sold[entity].get(corporation)
                and (self.can_buy_multiple(entity, corporation, bundle.owner) or not self.bought())
                and self.can_gain(entity, bundle))

    def can_buy_multiple(self, entity: Any, corporation: Corporation, owner: ShareHolder) -> bool:
        """May a further certificate of ``corporation`` be bought from ``owner`` this turn?"""
        if multiple_buy_only_from_market(self.game):
            if not owner.is_share_pool:
                return False
            if self.round.bought_from_ipo:  # type: ignore[attr-defined]
                return False
        if not corporation.buy_multiple():
            return False
        for action in self.turn_actions:
            if isinstance(action, Par):
                return False
            if isinstance(action, BuyShares) and _action_corporation(self.game, action) is not corporation:
                return False
        return True

    def can_buy_shares(self, entity: Any, shares: Sequence[Share]) -> bool:
        """Could ``entity`` buy one of ``shares`` (all of one corporation and holder): the smallest
        buyable one is tried."""
        if not shares:
            return False
        sample = shares[0]
        corporation = sample.corporation
        if self.players_sold[entity].get(corporation):
            return False
        if self.bought() and not self.can_buy_multiple(entity, corporation, sample.owner):
            return False
        smallest: Share | None = None
        for share in shares:
            if share.buyable and (smallest is None or share.percent < smallest.percent):
                smallest = share
        if smallest is None:
            return False
        bundle = smallest.to_bundle()
        return self.available_cash(entity) >= self.modify_purchase_price(bundle) and self.can_gain(entity, bundle)

    def can_buy_any_from_market(self, entity: Any) -> bool:
        for shares in list(self.game.share_pool.shares_by_corporation.values()):
            if shares and self.can_buy_shares(entity, shares):
                return True
        return False

    def corporations(self) -> list[Corporation]:
        return list(self.game.corporations)

    def can_buy_any_from_ipo(self, entity: Any) -> bool:
        return any(corporation.ipoed and self.can_buy_shares(entity, corporation.shares)
                   for corporation in self.corporations())

    def can_buy_any_from_player(self, entity: Any) -> bool:
        if not self.game.rules.buy_share_from_other_player:
            return False
        return any(p is not entity and self.can_buy_shares(entity, p.shares) for p in self.game.players)

    def can_buy_any(self, entity: Any) -> bool:
        return (self.can_buy_any_from_market(entity) or self.can_buy_any_from_ipo(entity)
                or self.can_buy_any_from_player(entity))

    # parring
    def can_ipo_any(self, entity: Any) -> bool:
        if self.bought():
            return False
        for corporation in self.corporations():
            if not self.game.corporation_rules.can_par(corporation, entity):
                continue
            shares = corporation.shares
            if self.can_buy(entity, shares[0].to_bundle() if shares else None):
                return True
        return False

    def ipo_type(self, entity: Any) -> str:
        return "par"

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        """The par prices ``entity`` can afford (the president's certificate costs two shares)."""
        cash = self.available_cash(entity)
        return [p for p in self.game.stock_market.par_prices if p.price * 2 <= cash]

    def can_par_at(self, entity: Any, corporation: Corporation, share_price: SharePrice) -> bool:
        """Could ``entity`` par ``corporation`` at ``share_price`` now (everything ``can_buy`` checks,
        at that price)?"""
        shares = corporation.shares
        if not shares or not shares[0].buyable or entity is shares[0].owner:
            return False
        bundle = shares[0].to_bundle()
        price = math.ceil(share_price.price * corporation.price_multiplier * bundle.percent / corporation.share_percent)
        return (self.available_cash(entity) >= price
                and not self.players_sold[entity].get(corporation)
                and not self.bought()
                and self.can_gain(entity, bundle))

    # privates
    def purchasable_companies(self, entity: Any) -> list[Any]:
        """Privates ``entity`` may buy from other players now."""
        if self.bought() or self.available_cash(entity) <= 0 or getattr(self.game, "phase", None) is None:
            return []
        if not can_buy_company_from_player(self.game):
            return []
        return list(self.game.company_rules.purchasable(entity))

    def buyable_bank_owned_companies(self, entity: Any) -> list[Any]:
        if not entity.is_player or self.bought():
            return []
        return [c for c in buyable_bank_owned_companies(self.game) if self.can_buy_company(entity, c)]

    def can_buy_company(self, player: Any, company: Any) -> bool:
        return (any(c is company for c in buyable_bank_owned_companies(self.game))
                and self.available_cash(player) >= company.value)

    # selling
    def can_sell(self, entity: Any, bundle: ShareBundle | None) -> bool:
        """May ``entity`` sell ``bundle`` to the market now?"""
        if bundle is None or entity is not bundle.owner:
            return False
        corporation = bundle.corporation
        rules = self.game.rules
        if not self.game.share_rules.check_sale_timing(entity, bundle):
            return False
        limit = rules.turn_sell_limit
        if limit and bundle.percent + self.sold_this_turn(corporation) > limit:
            return False
        if rules.must_sell_in_blocks and self.players_sold[entity].get(corporation) == "now":
            return False
        return self.can_sell_order() and bool(self.game.share_pool.fit_in_bank(bundle)) and self.can_dump(
            entity, bundle)

    def can_dump(self, entity: Any, bundle: ShareBundle) -> bool:
        return bool(self.game.share_rules.can_dump(entity, bundle))

    def can_sell_order(self) -> bool:
        order = self.game.rules.sell_buy_order
        if order == "sell_buy_or_buy_sell":
            actions = self.turn_actions
            kinds: list[type[Action]] = []
            for action in actions:
                if type(action) not in kinds:
                    kinds.append(type(action))
            return not (len(kinds) == 2 and isinstance(actions[-1], PURCHASE_ACTIONS))
        if order == "sell_buy":
            return not self.bought()
        return order == "sell_buy_sell"

    def sold_this_turn(self, corporation: Corporation) -> int:
        """Percent of ``corporation`` sold in this turn."""
        return sum(_action_percent(self.game, a) for a in self.turn_actions
                   if isinstance(a, SellShares) and _action_corporation(self.game, a) is corporation)

    def can_sell_any_bundles(self, entity: Any, corporation: Corporation) -> bool:
        # Same reads as the full bundle listing (a read registers the corporation in the holder's
        # insertion-ordered holdings, as the reference does), but stops early when nothing is held.
        if not corporation.ipoed or not entity.shares_of(corporation):
            return False
        return any(self.can_sell(entity, b) for b in self.game.share_rules.bundles_for_corporation(entity, corporation))

    def can_sell_any(self, entity: Any) -> bool:
        return any(self.can_sell_any_bundles(entity, c) for c in self.corporations())

    def must_sell_corporations(self, entity: Any) -> list[Any]:
        return [c for c in self.corporations()
                if not c.holding_ok(entity) and self.can_sell_any_bundles(entity, c)]

    def must_sell(self, entity: Any, can_sell_any: bool | None = None) -> bool:
        """Is ``entity`` over the certificate limit or a holding limit (and able to sell)?"""
        if not (self.can_sell_any(entity) if can_sell_any is None else can_sell_any):
            return False
        if int(self.game.corporation_rules.num_certs(entity)) > cert_limit(self.game, entity):
            return True
        return not can_hold_above_corp_limit(self.game, entity) and bool(self.must_sell_corporations(entity))

    # history
    def did_sell(self, corporation: Any, entity: Any) -> str | None:
        return self.players_sold[entity].get(corporation)

    def last_acted_upon(self, corporation: Any, entity: Any) -> bool:
        return bool(self.players_history[entity].get(corporation))

    def track_action(self, action: Action, player: Any, corporation: Any, player_action: bool = True) -> None:
        self.round.last_to_act = player
        if player_action:
            self.turn_actions.append(action)
        self.players_history[player][corporation].append(action)

    # --- passing ------------------------------------------------------------------------------------------
    def pass_(self) -> None:
        super().pass_()
        current = self.current_entity()
        if current is None:
            return
        pass_order: list[Any] = self.round.pass_order
        if self.turn_actions:
            self.round.pass_order = [p for p in pass_order if p is not current]
            current.unpass()
        else:
            if not any(p is current for p in pass_order):
                pass_order.append(current)
            current.pass_()

    def process_pass(self, action: Action) -> None:
        self.log_pass(self.game.resolve_entity(action))
        self.pass_()

    def skip(self) -> None:
        current = self.current_entity()
        if not self.acted and current is not None:
            self.log_skip(current)
        self.pass_()

    # --- processing -------------------------------------------------------------------------------------
    def _resolve_optional(self, kind: str | None, eid: Any, default_kind: str = "player") -> Any:
        if eid is None:
            return None
        return self.game.entity_by(kind or default_kind, eid)

    def process_buy_shares(self, action: Action) -> None:
        assert isinstance(action, BuyShares)
        entity = self.game.resolve_entity(action)
        bundle = bundle_from_action(self.game, action)
        buyer = self._resolve_optional(action.purchase_for_type, action.purchase_for) or entity
        borrow_from = self._resolve_optional(action.borrow_from_type, action.borrow_from)
        swap = self.game.share_by_id(action.swap) if action.swap is not None else None
        discounter = self.game.company_by_id(action.discounter) if action.discounter is not None else None
        corporation = bundle.corporation
        from_ipo = bool(bundle.owner.is_corporation)
        self.buy_shares(buyer, bundle, swap=swap, borrow_from=borrow_from,
                        allow_president_change=self.allow_president_change(corporation), discounter=discounter)
        self.players_bought[entity][corporation] += bundle.percent
        if from_ipo:
            self.round.bought_from_ipo = True  # type: ignore[attr-defined]
        self.track_action(action, entity.player, corporation)

    def process_sell_shares(self, action: Action) -> None:
        assert isinstance(action, SellShares)
        entity = self.game.resolve_entity(action)
        bundle = bundle_from_action(self.game, action)
        swap = self.game.share_by_id(action.swap) if action.swap is not None else None
        self.sell_shares(entity, bundle, swap=swap)
        self.track_action(action, entity.player, bundle.corporation)

    def sell_shares(self, entity: Any, bundle: ShareBundle, swap: Any = None) -> None:
        if swap is None and not self.can_sell(entity, bundle):
            raise IllegalAction(f"Cannot sell shares of {bundle.corporation.name}")
        self.players_sold[bundle.owner][bundle.corporation] = "now"
        self.game.share_rules.sell_shares_and_change_price(bundle, swap=swap)

    def process_par(self, action: Action) -> None:
        assert isinstance(action, Par)
        if action.purchase_for is not None:
            raise IllegalAction("Cannot par on behalf of other entities")
        entity = self.game.resolve_entity(action)
        corporation: Corporation = self.game.corporation_by_id(action.corporation)
        share_price: SharePrice = self.game.share_price_by_id(action.share_price)
        if not self.game.corporation_rules.can_par(corporation, entity):
            raise IllegalAction(f"{corporation.name} cannot be parred")
        if not share_price.can_par:
            raise IllegalAction(f"{self.game.format_currency(share_price.price)} is not a par price")
        if not self.can_par_at(entity, corporation, share_price):
            raise IllegalAction(f"{entity.name} cannot par {corporation.name} at "
                                f"{self.game.format_currency(share_price.price)}")
        self.game.stock_market.set_par(corporation, share_price)
        share = corporation.ipo_shares()[0]
        self.buy_shares(entity, share.to_bundle())
        self.players_bought[entity][corporation] += share.percent
        self.game.corporation_rules.after_par(corporation)
        self.track_action(action, entity.player, corporation)

    def process_buy_company(self, action: Action) -> None:
        assert isinstance(action, BuyCompany)
        entity = self.game.resolve_entity(action)
        company = self.game.company_by_id(action.company)
        price = action.price
        owner = company.owner
        if owner is not None and owner.is_corporation:
            raise IllegalAction(f"Cannot buy {company.name} from {owner.name}")
        if not any(c is company for c in (*self.purchasable_companies(entity),
                                          *self.buyable_bank_owned_companies(entity))):
            raise IllegalAction(f"{entity.name} cannot buy {company.name} now")
        entity.check_cash(price)
        entity.check_positive(price)
        company.owner = entity
        owner_companies = getattr(owner, "companies", None)
        if isinstance(owner_companies, list):
            owner_companies[:] = [c for c in owner_companies if c is not company]
        entity.companies.append(company)
        entity.spend(price, self.game.bank if owner is None else owner)
        self.turn_actions.append(action)
        fmt = self.game.format_currency
        if owner is self.game.bank:
            self.game.log(f"{entity.name} buys {company.name} from {owner.name} for {fmt(price)}")
        else:
            seller = owner.name if owner is not None else "the market"
            prefix = "-- " if owner is not None else ""
            self.game.log(f"{prefix}{entity.name} buys {company.name} from {seller} for {fmt(price)}")
        if entity.is_player:
            after_buy_company(self.game, entity, company, price)
