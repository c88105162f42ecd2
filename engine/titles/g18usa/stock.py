"""18USA's stock round: 1817's (engine/titles/g1817/stock.py) with bids of any dollar amount from $100 (no upper
bound, the par price at most $200), the corporation's home chosen as its auction opens, and the subsidy lying
there claimed as the home token is placed.  The winner pays twice the par price into the treasury and the rest
of the bid to the bank; a cash subsidy pays part of the bid; companies put in pay off what is left of the bid
(what they are worth beyond it the player pays to the bank)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Pass as PassAction
from engine.errors import IllegalAction
from engine.steps.home_token import HomeToken
from engine.titles.g18usa import data
from engine.titles.g1817.stock import BuySellParShares1817, internal_par

if TYPE_CHECKING:
    from engine.actions import Action, PlaceToken
    from engine.steps.auction import AuctionBid


class HomeToken18USA(HomeToken):
    """Placing a home token claims the subsidy of its city; a bid counting on a cash subsidy needs a city with
    at least that much."""

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["minimum_cash_subsidy"] = 0
        return state

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        if not super().available_hex(entity, hex_):
            return False
        minimum = int(getattr(self.round, "minimum_cash_subsidy", 0) or 0)
        if not minimum:
            return True
        subsidy = self.game.subsidies_by_hex.get(hex_.id)  # type: ignore[attr-defined]
        return bool(subsidy is not None and int(subsidy["value"]) >= minimum)

    def process_place_token(self, action: PlaceToken) -> None:
        from engine.titles.g18usa.subsidies import add_subsidy

        corporation = self.token.corporation
        super().process_place_token(action)
        city = self.game.city_by_id(action.city)
        add_subsidy(self.game, corporation, city.hex)
        self.round.minimum_cash_subsidy = 0  # type: ignore[attr-defined]
        for step in self.round.steps:
            if isinstance(step, BuySellParShares18USA):
                step.resume_winning_bid()


class BuySellParShares18USA(BuySellParShares1817):
    ACTIONS: ClassVar[tuple[str, ...]] = (*BuySellParShares1817.ACTIONS, "scrap_train")
    MAX_BID: ClassVar[int] = 100_000
    MAX_PAR_PRICE: ClassVar[int] = 200
    BIDS_BY_COMPANY_COMBINATION: ClassVar[bool] = False

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.pending_winning_bid: AuctionBid | None = None
        self.remaining_bid_amount = 0

    def corporate_actions(self, corporation: Any) -> list[str]:
        """A corporation may also scrap its Pullman."""
        from engine.titles.g18usa.scrap import can_scrap

        found = super().corporate_actions(corporation)
        if self.winning_bid is None and not self.turn_actions \
                and can_scrap(self.game, corporation, self.current_entity()):
            found.append("scrap_train")
        return found

    def process_scrap_train(self, action: Action) -> None:
        from engine.titles.g18usa.scrap import scrap

        corporation = self.game.resolve_entity(action)
        if "scrap_train" not in self.corporate_actions(corporation):
            raise IllegalAction(f"{corporation.name} cannot scrap a train now")
        self.corporate_action = action
        scrap(self.game, corporation, getattr(action, "train", None))

    def min_increment(self) -> int:
        return 1

    def must_bid_increment_multiple(self) -> bool:
        return False

    # --- bidding power: the subsidy of the city counts ----------------------------------------------------------
    def city_cash_subsidy(self, corporation: Any) -> int:
        game = self.game
        if corporation is None or not corporation.tokens or not corporation.tokens[0].used:
            return max((int(s["value"]) for s in game.subsidies_by_hex.values()), default=0)  # type: ignore[attr-defined]
        return next((int(c.value) for c in corporation.companies if int(c.value) > 0), 0)

    def max_bid(self, player: Any, target: Any = None) -> int:
        """1817's bidding power (none at the certificate limit) and the subsidy of the corporation's city."""
        return super().max_bid(player, target) + self.city_cash_subsidy(target)

    def auto_actions(self, entity: Any) -> list[Action] | None:
        """A bidder whose bidding power cannot reach the next bid passes by itself (as the site passes them)."""
        target = self.auction_target
        if target is not None and self.max_bid(entity, target) < (self.min_bid(target) or 0):
            return [PassAction(entity=entity.id, entity_type="player")]
        return None

    def check_bid(self, bid: AuctionBid) -> None:
        if self.game.loading:
            return
        if bid.price > self.max_bid(bid.entity, bid.target):
            raise IllegalAction(f"Invalid bid, maximum bidding power is {self.max_bid(bid.entity, bid.target)}")
        low = self.min_bid(bid.target) or 0
        if bid.price < low:
            raise IllegalAction(f"Minimum bid is {self.game.format_currency(low)}")

    def add_bid(self, bid: AuctionBid) -> None:
        if self.auction_target is None:
            power = int(bid.entity.cash) + sum(int(c.value) for c in bid.entity.companies)
            if bid.price > power:
                self.round.minimum_cash_subsidy = bid.price - power  # type: ignore[attr-defined]
        super().add_bid(bid)

    def available_subsidiaries(self, entity: Any) -> list[Any]:
        winning = self.winning_bid
        if winning is None or winning.entity is not entity:
            return []
        return list(entity.companies)

    # --- winning -----------------------------------------------------------------------------------------------
    def resume_winning_bid(self) -> None:
        pending = self.pending_winning_bid
        if pending is not None:
            self.win_bid(pending, pending.target)

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        game = self.game
        player, corporation, price = winner.entity, winner.target, winner.price
        if not corporation.tokens or corporation.tokens[0].hex is None:
            self.pending_winning_bid = winner  # the home token first
            return
        self.pending_winning_bid = None
        self.winning_bid = winner
        game.log(f"{player.name} wins bid on {corporation.name} for {game.format_currency(price)}")
        share_price = game.find_share_price(min(price // 2, self.MAX_PAR_PRICE))  # type: ignore[attr-defined]
        game.bank.spend(share_price.price * 2, player)
        game.stock_market.set_par(corporation, share_price)
        share = corporation.ipo_shares()[0]
        self.buy_shares(player, share.to_bundle())
        self.players_bought[player][corporation] += share.percent
        game.corporation_rules.after_par(corporation)
        par = internal_par(game, player, corporation, share_price)
        self.track_action(par, player, corporation)
        corporation.spend(corporation.cash, game.bank)
        starting_cash = share_price.price * 2
        player.spend(starting_cash, corporation, check_cash=False)
        if price > starting_cash:
            player.spend(price - starting_cash, game.bank, check_cash=False)
        self.corporation_size = None
        sizes = list(game.corporation_sizes())  # type: ignore[attr-defined]
        if len(sizes) == 1:
            self.size_corporation(sizes[0])
        self.remaining_bid_amount = price
        from engine.titles.g18usa.subsidies import apply_subsidy

        apply_subsidy(game, corporation)
        cash = next((c for c in corporation.companies if c.id in data.CASH_SUBSIDIES), None)
        if cash is not None:
            self.remaining_bid_amount -= int(cash.value)
            cash.close()
        if not self.available_subsidiaries(player):
            self.par_corporation()

    def process_assign(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        company = self.game.company_by_id(getattr(action, "target", None))
        if self.winning_bid is None or company not in self.available_subsidiaries(entity):
            raise IllegalAction("Cannot use company in formation")
        self.remaining_bid_amount -= int(company.value)
        if self.remaining_bid_amount < 0:
            entity.spend(-self.remaining_bid_amount, self.game.bank, check_cash=False)
            self.remaining_bid_amount = 0
        corporation = self.winning_bid.target
        company.owner = corporation
        entity.companies.remove(company)
        corporation.companies.append(company)
        corporation.spend(int(company.value), entity, check_cash=False)
        self.game.log(f"{company.name} used for forming {corporation.name} contributing "
                      f"{self.game.format_currency(int(company.value))} value")
        self.use_on_assign_abilities(company)
        if not self.available_subsidiaries(entity):
            self.par_corporation()

    def use_on_assign_abilities(self, company: Any) -> None:
        from engine.titles.g18usa.privates import use_on_assign

        if not use_on_assign(self.game, company):
            super().use_on_assign_abilities(company)

    def par_corporation(self) -> None:
        if self.corporation_size is None or self.winning_bid is None:
            return
        game = self.game
        corporation = self.winning_bid.target
        for company in [c for c in corporation.companies if c.name == "No Subsidy"]:
            company.close()
        if corporation.cash < 0:
            game.bank.spend(-int(corporation.cash), corporation)
        from engine.titles.g18usa.denver import DENVER, denver_unsettled, queue_denver

        if corporation.tokens[0].hex is not None and corporation.tokens[0].hex.id == DENVER \
                and denver_unsettled(game):
            queue_denver(game, corporation)
        super().par_corporation()


__all__ = ["BuySellParShares18USA", "HomeToken18USA"]
