"""1817's stock round: corporations are started by auction (bids of $100 to $400, in cash and private companies),
the winner chooses the corporation's size when the phase allows several, then puts in private companies
("subsidiaries") at face value; a corporation buys the station tokens its size needs for $50 each; players may
short shares (``engine/titles/g1817/shorts.py``) and a corporation's president may take loans for it or redeem its
shares (the corporate actions)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import BuyShares, Par
from engine.errors import IllegalAction
from engine.model.token import Token
from engine.rounds.stock import StockRound
from engine.services.share_positions import short, shorts, unshort
from engine.steps.auction import AuctionBid
from engine.steps.shares import BuySellParShares
from engine.steps.shares_via_bid import BuySellParSharesViaBid
from engine.titles.g1817.merger import can_gain_with_shorts

if TYPE_CHECKING:
    from engine.actions import Action


class StockRound1817(StockRound):
    """At the end of the round a started corporation that has not operated and lacks the tokens its size needs
    is liquidated; the Train Station private closes once a corporation owns it."""

    def finish_round(self) -> None:
        super().finish_round()
        game = self.game
        for corporation in [c for c in game.corporations if c.floated]:
            if self.tokens_needed(corporation):
                game.log(f"{corporation.name} did not purchase tokens and liquidates")
                game.liquidate(corporation)  # type: ignore[attr-defined]
        station = next((c for c in game.companies if c.id == game.TRAIN_STATION), None)  # type: ignore[attr-defined]
        if station is not None and station.owner is not None and station.owner.is_corporation:
            station.close()

    def tokens_needed(self, corporation: Any) -> bool:
        return bool(not corporation.operated() and self.game.tokens_needed(corporation) > 0)  # type: ignore[attr-defined]


def company_value_options(entity: Any) -> list[tuple[int, ...]]:
    """Every combination of the values of ``entity``'s companies (the empty one first), in the reference's
    order: by size, then by position."""
    values = [int(c.value) for c in entity.companies]
    return [combo for size in range(len(values) + 1) for combo in combinations(values, size)]


def internal_par(game: Any, player: Any, corporation: Any, share_price: Any) -> Par:
    """The par a won bid makes, for the players' history: made as the action being processed (its time), as the
    site stamps the actions it makes itself (programs compare it with the time they were set)."""
    made = game.actions[-1].created_at if game.actions else None
    return Par(entity=player.id, corporation=corporation.id, share_price=share_price.id, created_at=made)


class BuySellParShares1817(BuySellParSharesViaBid):
    """Buy, sell, short, or auction a corporation; the winner sizes the corporation and adds subsidiaries."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "sell_shares", "bid", "pass", "choose", "assign", "short",
                                          "take_loan")
    MIN_BID: ClassVar[int] = 100
    #: a president needs 60% to be safe from being ousted (shorts), for the players' programs (engine/programs.py)
    CORPORATION_SECURE_PERCENT: ClassVar[int] = 60
    #: 1817: shorts only on 5- and 10-share corporations that have operated, not in phase 8 (see can_short)
    SHORTS_NEED_OPERATED: ClassVar[bool] = True
    MAX_BID: ClassVar[int] = 400
    #: a bid must be a combination of the bidder's companies plus cash (18USA: any amount up to the bidding power)
    BIDS_BY_COMPANY_COMBINATION: ClassVar[bool] = True
    TOKEN_COST: ClassVar[int] = 50

    winning_bid: AuctionBid | None
    corporation_size: int | None

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.winning_bid = None
        self.corporation_size = None
        self.corporate_action: Action | None = None

    def setup(self) -> None:
        super().setup()
        self.corporate_action = None

    # --- who acts and what may they do ----------------------------------------------------------------------
    def active_entities(self) -> list[Any]:
        if self.winning_bid is not None:
            return [self.winning_bid.entity]
        return super().active_entities()

    def actions(self, entity: Any) -> list[str]:
        current = self.current_entity()
        if not getattr(entity, "is_player", False):
            if (getattr(entity, "is_corporation", False) and current is not None and entity.owner is current
                    and not self.must_sell(current)):
                return self.corporate_actions(entity)
            return []
        if self.corporate_action is not None:
            if entity is not current:
                return []
            return ["pass"] if self.any_corporate_actions(entity) else []
        if self.winning_bid is not None:
            if entity is not self.winning_bid.entity:
                return []
            if self.corporation_size is None:
                return ["choose"]
            if self.available_subsidiaries(entity):
                return ["assign"] if entity.cash < 0 else ["assign", "pass"]
            return []
        if entity is not self.current_entity():
            return []
        if self.auction_target is not None:
            return ["bid", "pass"]
        ordinary = BuySellParShares.actions(self, entity)  # the ordinary turn
        # it offers only a sale exactly when the player must sell (and no more): must_sell, asked once
        must_sell = ordinary == ["sell_shares"]
        found = [a for a in ordinary if a != "par"]
        if not self.bought() and self.can_short_any(entity):
            found.append("short")
        if not self.bought() and self.max_bid(entity) >= self.MIN_BID:
            # (as the reference: offered even when every corporation has started, so the turn waits for a pass)
            found.append("bid")
        if (found or self.any_corporate_actions(entity)) and "pass" not in found and not must_sell:
            found.append("pass")
        return found

    def normal_pass(self, entity: Any) -> bool:
        """Not while a corporation is auctioned, nor while its winner sizes it (share programs wait)."""
        return super().normal_pass(entity) and self.winning_bid is None

    def program_stop_reason(self, entity: Any, other: Any, action: Any, corporation: Any, share: Any) -> str | None:
        """A short by another player stops a player's share program (engine/programs.py)."""
        return "Short bought" if action.type == "short" else None

    def corporate_actions(self, corporation: Any) -> list[str]:
        """What the current player may do for a corporation they preside: take a loan (not after redeeming a
        share) or redeem shares, once per turn and for one corporation only."""
        if self.winning_bid is not None:
            return []
        acting = self.corporate_action
        if acting is not None and self.game.resolve_entity(acting) is not corporation:
            return []
        found: list[str] = []
        if not self.turn_actions:
            if self.game.loan_rules.can_take(corporation) and not isinstance(acting, BuyShares):
                found.append("take_loan")
            if self.redeemable_shares(corporation):
                found.append("buy_shares")
        return found

    def delegated_entities(self) -> list[Any]:
        """The corporations the current player presides (they may take loans or redeem shares in the turn)."""
        current = self.current_entity()
        return [c for c in self.game.corporations if current is not None and c.owner is current]

    def any_corporate_actions(self, player: Any) -> bool:
        return any(c.owner is player and self.corporate_actions(c) for c in self.game.corporations)

    def redeemable_shares(self, corporation: Any) -> list[Any]:
        """The bundles of its own shares in the market a corporation may buy back now."""
        price = corporation.share_price
        if price is None or price.type in ("acquisition", "liquidation"):
            return []
        if self.corporate_action is not None and self.game.resolve_entity(self.corporate_action) is not corporation:
            return []
        pool = self.game.share_pool
        shares = [s for s in pool.shares_of(corporation) if s.percent > 0]
        if not shares:
            return []
        bundles = self.game.share_rules.bundles_for_corporation(pool, corporation, shares)
        return [b for b in bundles if corporation.cash >= b.price]

    def process_take_loan(self, action: Action) -> None:
        corporation = self.game.resolve_entity(action)
        acting = self.corporate_action
        if acting is not None and self.game.resolve_entity(acting) is not corporation:
            raise IllegalAction("Cannot act as multiple corporations")
        if "take_loan" not in self.corporate_actions(corporation):
            raise IllegalAction(f"{corporation.name} cannot take a loan now")
        self.corporate_action = action
        self.track_action(action, corporation.owner, corporation, player_action=False)
        self.game.loan_rules.take(corporation)
        self.try_buy_tokens(corporation)

    # --- shorts --------------------------------------------------------------------------------------------
    def can_short_any(self, entity: Any) -> bool:
        return any(self.can_short(entity, c) for c in self.game.corporations)

    def can_short(self, entity: Any, corporation: Any) -> bool:
        """A started corporation not in acquisition or liquidation, with fewer shorts than shares, of which the
        player holds none; one short per turn.  1817 (``SHORTS_NEED_OPERATED``) also wants a 5- or 10-share
        corporation that has operated, not in phase 8, and five shorts at most with the 5 Shorts option."""
        price = corporation.share_price
        count = len(shorts(corporation))
        if not (corporation.floated and count < corporation.total_shares and entity.num_shares_of(corporation) <= 0
                and price is not None and price.type not in ("acquisition", "liquidation")
                and "short" not in self.players_sold[entity].values()):
            return False
        if not self.SHORTS_NEED_OPERATED:
            return True
        return bool(str(self.game.phase.name) != "8" and corporation.total_shares > 2 and corporation.operated()
                    and ("five_shorts" not in self.game.optional_rules or count < 5))

    def process_short(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        corporation = self.game.corporation_by_id(getattr(action, "corporation", None))
        if corporation is None or not self.can_short(entity, corporation):
            raise IllegalAction(f"Cannot short {corporation.name if corporation is not None else '?'}")
        self.players_sold[entity][corporation] = "short"
        short(self.game, entity, corporation)
        self.track_action(action, entity, corporation)

    def process_buy_shares(self, action: Action) -> None:
        from engine.steps.shares import bundle_from_action

        game = self.game
        entity = game.resolve_entity(action)
        bundle = bundle_from_action(game, action)
        corporation = bundle.corporation
        if getattr(entity, "is_player", False):
            was_short = entity.percent_of(corporation) < 0
            super().process_buy_shares(action)
            if was_short:
                unshort(game, entity, bundle.shares[0])
            self.try_buy_tokens(corporation)
            return
        wanted = [s.id for s in bundle.shares]
        if "buy_shares" not in self.corporate_actions(entity) or not any(
                [s.id for s in b.shares] == wanted for b in self.redeemable_shares(entity)):
            raise IllegalAction(f"{entity.name} cannot buy back {bundle.corporation.name} shares now")
        self.buy_shares(entity, bundle)
        self.track_action(action, entity.owner, corporation, player_action=False)
        self.corporate_action = action

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        if bundle is None or not bundle.buyable:
            return False
        if getattr(entity, "is_corporation", False):
            wanted = [s.id for s in bundle.shares]
            return bool(entity.cash >= bundle.price
                        and any([s.id for s in b.shares] == wanted for b in self.redeemable_shares(entity)))
        return super().can_buy(entity, bundle)

    def can_gain(self, entity: Any, bundle: Any, exchange: bool = False) -> bool:
        return can_gain_with_shorts(self.game, entity, bundle, exchange)

    def can_sell_order(self) -> bool:
        return not self.bought()

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        if not super().can_sell(entity, bundle) or self.corporate_action is not None:
            return False
        return bundle.corporation.share_price.type not in ("acquisition", "liquidation")

    def can_ipo_any(self, entity: Any) -> bool:
        return False

    def can_bid_any(self, entity: Any) -> bool:
        return bool(not self.bought() and self.max_bid(entity) >= self.MIN_BID)

    def biddable_corporations(self, entity: Any) -> list[Any]:
        game = self.game
        return [c for c in game.corporations if not c.ipoed and game.corporation_rules.can_par(c, entity)]

    def min_bid(self, target: Any) -> int | None:
        if self.auction_target is None:
            return self.MIN_BID
        high = self.highest_bid(target)
        return (high.price if high is not None else self.MIN_BID) + self.min_increment()

    def max_bid(self, player: Any, target: Any = None) -> int:
        rules = self.game.corporation_rules
        if rules.num_certs(player) >= rules.cert_limit_for(player):
            return 0
        return min(self.MAX_BID, int(player.cash) + sum(int(c.value) for c in player.companies))

    def available_subsidiaries(self, entity: Any) -> list[Any]:
        """The winner's companies that some allowed combination (its total between what the player owes and the
        corporation's cash) contains."""
        winning = self.winning_bid
        if winning is None or winning.entity is not entity:
            return []
        most = int(winning.target.cash)
        least = -int(entity.cash) if entity.cash < 0 else 0
        values = {v for combo in company_value_options(entity) if least <= sum(combo) <= most for v in combo}
        return [c for c in entity.companies if int(c.value) in values]

    def choices(self) -> list[int]:
        sizes = list(self.game.corporation_sizes())  # type: ignore[attr-defined]
        if self.winning_bid is not None:
            return list(self.game.sizes_for(self.winning_bid.target, sizes))  # type: ignore[attr-defined]
        return sizes

    # --- processing -------------------------------------------------------------------------------------------
    def check_bid(self, bid: AuctionBid) -> None:
        super().check_bid(bid)
        entity, price = bid.entity, bid.price
        options = [sum(combo) for combo in company_value_options(entity)]
        if not any(option <= price <= option + entity.cash for option in options):
            fmt = self.game.format_currency
            low = self.min_bid(bid.target) or 0
            valid = ", ".join(fmt(o) for o in sorted(set(options)) if o + entity.cash >= low)
            raise IllegalAction(f"Invalid bid, bids using privates include {valid} and can be supplemented with cash "
                                f"between $0 and {fmt(int(entity.cash))}")

    def add_bid(self, bid: AuctionBid) -> None:
        if self.auction_target is None:
            self.round.last_to_act = bid.entity  # type: ignore[attr-defined]
            self.turn_actions.clear()
        super().add_bid(bid)

    def pass_(self) -> None:
        if self.winning_bid is not None:
            self.par_corporation()
            return
        if self.auction_target is None:
            if self.corporate_action is not None:
                self.turn_actions.append(self.corporate_action)
            super().pass_()
            return
        self.pass_auction(self.current_entity())
        self.resolve_bids()

    def log_pass(self, entity: Any) -> None:
        if self.auction_target is not None or self.available_subsidiaries(entity):
            return
        if self.corporate_action is not None:
            self.game.log(f"{entity.name} finishes acting for {self.game.entity_name(self.corporate_action.entity)}")
            return
        super().log_pass(entity)

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        game = self.game
        player, corporation, price = winner.entity, winner.target, winner.price
        self.winning_bid = winner
        game.log(f"{player.name} wins bid on {corporation.name} for {game.format_currency(price)}")
        share_price = game.find_share_price(price // 2)  # type: ignore[attr-defined]
        # The player is lent the par money, buys the president's certificate, the treasury goes back to the bank
        # and the bid goes in (the player's cash may go below zero until subsidiaries are put in).
        game.bank.spend(share_price.price * 2, player)
        game.stock_market.set_par(corporation, share_price)
        share = corporation.ipo_shares()[0]
        self.buy_shares(player, share.to_bundle())
        self.players_bought[player][corporation] += share.percent
        game.corporation_rules.after_par(corporation)
        par = internal_par(game, player, corporation, share_price)
        self.track_action(par, player, corporation)
        corporation.spend(corporation.cash, game.bank)
        player.spend(price, corporation, check_cash=False)
        self.corporation_size = None
        # the phase's sizes, not the title's choices (1817WO asks even when Nieuw Zeeland leaves one)
        sizes = list(game.corporation_sizes())  # type: ignore[attr-defined]
        if len(sizes) == 1:
            self.size_corporation(sizes[0])
        if not self.available_subsidiaries(player):
            self.par_corporation()

    def resolve_bids(self) -> None:
        if self.winning_bid is not None:
            return
        super().resolve_bids()

    def size_corporation(self, size: int) -> None:
        self.corporation_size = size
        if size != 2:
            assert self.winning_bid is not None
            self.game.size_corporation(self.winning_bid.target, size)  # type: ignore[attr-defined]

    def process_choose(self, action: Action) -> None:
        size = getattr(action, "choice", None)
        if self.winning_bid is None or size not in self.choices():
            raise IllegalAction("Corporation size is invalid")
        entity = self.game.resolve_entity(action)
        self.size_corporation(int(size))  # type: ignore[arg-type]
        if not self.available_subsidiaries(entity):
            self.par_corporation()

    def process_assign(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        company = self.game.company_by_id(getattr(action, "target", None))
        if self.winning_bid is None or company not in self.available_subsidiaries(entity):
            raise IllegalAction("Cannot use company in formation")
        corporation = self.winning_bid.target
        company.owner = corporation
        entity.companies.remove(company)
        corporation.companies.append(company)
        corporation.spend(int(company.value), entity)
        self.game.log(f"{company.name} used for forming {corporation.name} contributing "
                      f"{self.game.format_currency(int(company.value))} value")
        self.use_on_assign_abilities(company)
        if not self.available_subsidiaries(entity):
            self.par_corporation()

    def use_on_assign_abilities(self, company: Any) -> None:
        from engine.titles.g1817.volatility import LOAN_SHARK, LOAN_SHARK_CASH

        corporation = company.owner
        game = self.game
        if company.id == LOAN_SHARK and "volatility" in game.optional_rules:
            game.log(f"{corporation.name} collects {game.format_currency(LOAN_SHARK_CASH)} from {company.name}")
            game.bank.spend(LOAN_SHARK_CASH, corporation)
        for ability in list(company.abilities):
            if ability.type == "additional_token":
                corporation.tokens.append(Token(corporation, price=0))
                ability.use()
                self.game.log(f"{corporation.name} acquires additonal token from {company.name}")

    def par_corporation(self) -> None:
        if self.corporation_size is None or self.winning_bid is None:
            return
        corporation = self.winning_bid.target
        player = self.winning_bid.entity
        if player.cash < 0:
            # The reference pars without the companies when the winner has nothing to do (a corporation of the
            # player whose pass ended the auction acted this turn, so the step is skipped): the debt stays.
            unpaid: dict[str, int] = self.game.unpaid_bids  # type: ignore[attr-defined]
            unpaid[player.id] = min(int(player.cash), unpaid.get(player.id, 0))
        self.game.log(f"{corporation.name} starts with {self.game.format_currency(int(corporation.cash))} and "
                      f"{self.corporation_size} shares")
        self.try_buy_tokens(corporation)
        ponzi = next((c for c in corporation.companies if c.id == "P13"), None)
        if ponzi is not None and "volatility" in self.game.optional_rules:
            self.game.log(f"{ponzi.name} closes")
            ponzi.close()
        self.auction_target = None
        self.winning_bid = None
        self.pass_()

    def try_buy_tokens(self, corporation: Any) -> None:
        if corporation.operated():
            return
        game = self.game
        tokens = int(game.tokens_needed(corporation))  # type: ignore[attr-defined]
        if tokens <= 0:
            return
        cost = tokens * self.TOKEN_COST
        plural = "s" if tokens > 1 else ""
        if cost > corporation.cash:
            game.log(f"{corporation.name} cannot afford tokens {tokens} token{plural} for {game.format_currency(cost)}"
                     ", must take loans before end of stock round")
            return
        corporation.spend(cost, game.bank)
        game.log(f"{corporation.name} buys {tokens} token{plural} for {game.format_currency(cost)}")
        for _ in range(tokens):
            corporation.tokens.append(Token(corporation, price=0))
        self.game.after_tokens_bought(corporation)  # type: ignore[attr-defined]


__all__ = ["BuySellParShares1817", "StockRound1817", "company_value_options"]
