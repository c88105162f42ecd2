"""The NdeM's privatisation (1822MX, the first 7 train): it runs once more at the head of the operating order,
its shareholders are paid out at the market price, then its tokens are auctioned one by one to the majors
(each player in turn names a token; the players bid for it in seat order from the chooser; the winner names
which of their majors, with an exchange token and the cash, takes it); the NdeM then closes."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import Action
from engine.actions import Pass as PassAction
from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.model.token import Token
from engine.steps.base import Step

#: bids rise by this much
MIN_INCREMENT = 10
#: a token sitting on a city earns at least this much as an opening bid
MIN_TOKEN_PRICE = 10


def ndem_closing(step: Step) -> bool:
    game: Any = step.game
    return bool(game.ndem_state == "closing" and getattr(step.current_entity(), "id", None) == game.NDEM)


class CashOutNdem(Step):
    """The players' NdeM shares go to the market at its price."""

    NAME: ClassVar[str] = "CashOutNdem"

    def players_hold_shares(self) -> bool:
        game: Any = self.game
        ndem = game.ndem
        return any(ndem.share_holders.get(p, 0) > 0 for p in game.players)

    def actions(self, entity: Any) -> list[str]:
        return ["pass"] if self.players_hold_shares() else []

    def active(self) -> bool:
        return ndem_closing(self) and self.players_hold_shares()

    def blocking(self) -> bool:
        return self.active()

    def description(self) -> str:
        return "Cashing out NdeM"

    def auto_actions(self, entity: Any) -> list[Action] | None:
        if self.players_hold_shares():
            return [PassAction(entity=entity.id, entity_type="corporation")]
        return None

    def process_pass(self, action: Action) -> None:
        game: Any = self.game
        ndem = game.ndem
        for player in game.players:
            shares = list(player.shares_of(ndem))
            if shares:
                game.share_pool.sell_shares(ShareBundle(shares), allow_president_change=False)


class AuctionNdemTokens(Step):
    """The NdeM's tokens auctioned to the players' majors."""

    NAME: ClassVar[str] = "AuctionNdemTokens"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.available_tokens: dict[Any, int] = {}
        self.step_order: list[Any] = []
        self.remaining_choosers: list[Any] = []
        self.remaining_bidders: list[Any] = []
        self.token_up: Any = None
        self.high_bid = 0
        self.high_bidder: Any = None
        self.winner: Any = None

    def setup(self) -> None:
        game: Any = self.game
        if getattr(self.current_entity(), "id", None) != game.NDEM:
            return
        self.available_tokens = {t: self.token_cost(t) for t in game.ndem.tokens if t.used}
        self.step_order = list(game.players)
        self.token_up = None
        self.remaining_choosers = list(self.step_order)

    def active(self) -> bool:
        return ndem_closing(self)

    def blocking(self) -> bool:
        return ndem_closing(self)

    def description(self) -> str:
        return "NDEM Privatization"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return ["pass"]
        if self.token_up is None:
            return ["remove_token", "pass"]
        if self.winner is not None:
            return ["merge"]
        if self.high_bidder is not None:
            return ["bid", "pass"]
        return ["bid"]

    # --- prices and who can pay ----------------------------------------------------------------------------
    def token_cost(self, token: Any) -> int:
        city = token.city
        if city is None:
            return 0
        revenue = 0
        for color in reversed(list(self.game.phase.tiles)):
            value = city.revenue.get(color) if isinstance(city.revenue, dict) else None
            if value is not None:
                revenue = int(value)
                break
        return max(revenue, MIN_TOKEN_PRICE)

    def min_bid(self) -> int:
        """The opening bid is the token's city revenue now (as the reference prices it at the bid: the listed
        price, fixed when the round began, only says who can afford a token); then a raise."""
        return self.token_cost(self.token_up) if self.high_bid == 0 else self.high_bid + MIN_INCREMENT

    def token_corporations(self, player: Any) -> list[Any]:
        """The player's majors that still have an exchange token."""
        game: Any = self.game
        return [c for c in game.corporations
                if c.owner is player and not c.closed and game.exchange_tokens.get(c.id, 0) != 0]

    def max_bid(self, player: Any) -> int:
        corporations = self.token_corporations(player)
        return max((int(c.cash) for c in corporations), default=0)

    def corporation_can_buy(self, corporation: Any, token: Any) -> bool:
        game: Any = self.game
        return bool(corporation.cash >= self.available_tokens[token] and game.exchange_tokens.get(corporation.id, 0) != 0
                    and not any(c.tokened_by(corporation) for c in token.city.hex.tile.cities))

    def player_can_buy(self, player: Any, token: Any) -> bool:
        return any(self.corporation_can_buy(c, token) for c in self.token_corporations(player))

    def player_can_buy_any(self, player: Any) -> bool:
        return any(self.player_can_buy(player, t) for t in self.available_tokens)

    def players_from(self, start: Any) -> list[Any]:
        players = list(self.game.players)
        index = next(i for i, p in enumerate(players) if p is start)
        return players[index:] + players[:index]

    def acting_player(self) -> Any:
        if self.winner is not None:
            return self.winner
        if self.token_up is not None:
            return self.remaining_bidders[0] if self.remaining_bidders else None
        return self.remaining_choosers[0] if self.remaining_choosers else None

    def mergeable(self) -> list[Any]:
        return [c for c in self.token_corporations(self.winner) if c.cash >= self.high_bid]

    # --- actions ---------------------------------------------------------------------------------------------
    def auto_actions(self, entity: Any) -> list[Action] | None:
        if (not self.remaining_choosers
                or (self.token_up is None and not self.player_can_buy_any(self.remaining_choosers[0]))
                or (self.token_up is not None and self.remaining_bidders
                    and not self.player_can_buy(self.remaining_bidders[0], self.token_up)
                    and not self.auction_over())):
            return [PassAction(entity=entity.id, entity_type="corporation")]
        return None

    def process_pass(self, action: Action) -> None:
        game: Any = self.game
        if not self.remaining_choosers:
            game.ndem_state = "closed"
            game.log(f"{game.ndem.name} closes")
            game.ndem.close()
            # the reference's float test is recomputed on demand: its IPO is empty, so it reads floated again
            game.ndem.is_floated()
        elif self.token_up is None:
            game.log(f"{self.remaining_choosers[0].name} passes picking an NDEM token to auction")
            self.remaining_choosers.pop(0)
        else:
            game.log(f"{self.remaining_bidders[0].name} passes")
            self.remaining_bidders.pop(0)
            self.check_auction_over()

    def process_remove_token(self, action: Action) -> None:
        game: Any = self.game
        player = self.remaining_choosers[0] if self.remaining_choosers else None
        city = game.city_by_id(getattr(action, "city", None))
        slot = int(getattr(action, "slot", 0))
        token = city.tokens[slot] if 0 <= slot < len(city.tokens) else None
        if player is None or token is None or token not in self.available_tokens or not self.player_can_buy(player, token):
            raise IllegalAction(f"{getattr(player, 'name', '?')} does not have a company that can purchase a token at "
                                f"{city.hex.id}")
        self.token_up = token
        game.log(f"{player.name} has chosen NDEM token at {city.hex.id} for auction")
        self.remaining_bidders = self.players_from(player)
        self.high_bid = 0
        self.high_bidder = None
        self.winner = None

    def process_bid(self, action: Action) -> None:
        game: Any = self.game
        price = int(getattr(action, "price", 0))
        if self.token_up is None or self.winner is not None or not self.remaining_bidders:
            raise IllegalAction("No NDEM token is up for auction")
        bidder = self.remaining_bidders[0]
        if price < self.min_bid():
            raise IllegalAction(f"Minimum bid is {game.format_currency(self.min_bid())}")
        if price > self.max_bid(bidder):
            raise IllegalAction(f"{bidder.name} can bid a maximum of {game.format_currency(self.max_bid(bidder))}")
        if price % MIN_INCREMENT:
            raise IllegalAction(f"Bids must be in increments of {game.format_currency(MIN_INCREMENT)}")
        game.log(f"{bidder.name} bids {game.format_currency(price)}")
        self.high_bid = price
        self.available_tokens[self.token_up] = price + MIN_INCREMENT
        self.high_bidder = bidder
        self.remaining_bidders.append(self.remaining_bidders.pop(0))
        self.check_auction_over()

    def auction_over(self) -> bool:
        bidders = self.remaining_bidders
        return not bidders or (len(bidders) == 1 and bidders[0] is self.high_bidder)

    def check_auction_over(self) -> None:
        if not self.auction_over():
            return
        if self.high_bidder is not None:
            self.game.log(f"{self.high_bidder.name} wins the auction")
        self.winner = self.high_bidder

    def process_merge(self, action: Action) -> None:
        game: Any = self.game
        corporation = game.corporation_by_id(getattr(action, "corporation", None))
        if self.winner is None or not any(c is corporation for c in self.mergeable()):
            raise IllegalAction(f"{getattr(corporation, 'id', '?')} cannot buy the NDEM token")
        game.log(f"{corporation.id} buys NDEM token for {game.format_currency(self.high_bid)}")
        token = self.token_up
        city = token.city
        token.remove()
        game.exchange_tokens[corporation.id] = game.exchange_tokens.get(corporation.id, 0) - 1
        new_token = Token(corporation)
        corporation.tokens.append(new_token)
        city.place_token(corporation, new_token, check_tokenable=False)
        corporation.spend(self.high_bid, game.bank)
        game.graph.clear()
        del self.available_tokens[token]
        self.token_up = None
        self.winner = None
        self.step_order.append(self.step_order.pop(0))
        self.remaining_choosers = list(self.step_order)
