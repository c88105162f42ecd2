"""1877: Venezuela: 1817 (the family base, engine/titles/g1817/) without private companies.  What changes:

* the game opens with a stock round; corporations are five-share ones, started by auction: the winner pays the
  par price twice for the president's certificate and the rest of the bid to the bank, the corporation is given
  half its market value by the bank and 60% of its shares go to the market, and the winner's turn starts again;
* in the stock round a player's corporation may also buy a train from the depot (trains never change hands
  between corporations unless the Cross Train option is chosen); shorts need no operated corporation;
* two of the mine hexes (drawn at random) take the mine label (not with the No Mines option);
* the first 4 train ends the game after two more operating rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.services.trains import TrainRules
from engine.titles.g1817.rules import Game1817, TrainRules1817
from engine.titles.g1817.stock import BuySellParShares1817, internal_par
from engine.titles.g1877_venezuela import data
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.rounds.base import Round
    from engine.steps.auction import AuctionBid


class TrainRules1877(TrainRules1817):
    def buy_train(self, operator: Any, train: Any, price: int | str | None = None) -> None:
        """A bought train can be sold on only with the Cross Train option."""
        super().buy_train(operator, train, price)
        if "cross_train" not in self.game.optional_rules:
            train.buyable = False

    def event_signal_end_game(self) -> None:
        """The first 4 train: two more operating rounds (this turn's when bought in a stock round)."""
        from engine.rounds.stock import StockRound

        game = self.game
        game.final_operating_rounds = 2  # type: ignore[attr-defined]
        game.game_end_check()
        if isinstance(game.round, StockRound) and game.final_turn is not None:
            game.final_turn -= 1
        game.log(f"First 4 train bought/exported, ending game at the end of {game.final_turn}."
                 f"{game.final_operating_rounds}")  # type: ignore[attr-defined]


class BuySellParShares1877(BuySellParShares1817):
    """The auction's winner starts the corporation (see the module) and plays on; a corporation may buy a train
    from the depot as a corporate action."""

    SHORTS_NEED_OPERATED: ClassVar[bool] = False

    def corporate_actions(self, corporation: Any) -> list[str]:
        found = super().corporate_actions(corporation)
        if self.winning_bid is None and not self.turn_actions and self.can_buy_train(corporation):
            acting = self.corporate_action
            if acting is None or self.game.resolve_entity(acting) is corporation:
                found.append("buy_train")
        return found

    def can_buy_train(self, corporation: Any) -> bool:
        if not getattr(corporation, "is_corporation", False) or corporation.operated():
            return False
        if corporation.owner is not self.current_entity():
            return False
        depot = self.game.depot
        room = len(corporation.trains) < self.game.train_rules.train_limit(corporation)
        cheapest = depot.min_price(corporation)
        return bool(room and cheapest is not None and corporation.cash >= cheapest)

    def buyable_trains(self, corporation: Any) -> list[Any]:
        return [t for t in self.game.depot.depot_trains() if t.price <= corporation.cash]

    def process_buy_train(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        acting = self.corporate_action
        if acting is not None and game.resolve_entity(acting) is not corporation:
            raise IllegalAction("Cannot act as multiple corporations")
        if "buy_train" not in self.corporate_actions(corporation):
            raise IllegalAction(f"{corporation.name} cannot buy a train now")
        train = game.train_by_id(getattr(action, "train", None))
        price = getattr(action, "price", None)
        if train not in self.buyable_trains(corporation):
            raise IllegalAction("Not a buyable train")
        if price != train.price:
            raise IllegalAction("Must pay face value")
        self.corporate_action = action
        self.track_action(action, corporation.owner, corporation, player_action=False)
        source = "The Discard" if any(t is train for t in game.depot.discarded) else game.entity_name(train.owner)
        game.phase.buying_train(corporation, train, train.owner)
        game.log(f"{corporation.name} buys a {train.name} train for {game.format_currency(int(price))} from "
                 f"{source}")
        game.train_rules.buy_train(corporation, train, int(price))

    def win_bid(self, winner: AuctionBid | None, target: Any) -> None:
        if winner is None:
            return
        game = self.game
        player, corporation, price = winner.entity, winner.target, winner.price
        self.winning_bid = winner
        game.log(f"{player.name} wins bid on {corporation.name} for {game.format_currency(price)}")
        share_price = game.find_share_price(price // 2)  # type: ignore[attr-defined]
        game.stock_market.set_par(corporation, share_price)
        share = corporation.ipo_shares()[0]
        self.buy_shares(player, share.to_bundle())
        self.players_bought[player][corporation] += share.percent
        game.corporation_rules.after_par(corporation)
        par = internal_par(game, player, corporation, share_price)
        self.track_action(par, player, corporation)
        remainder = price - share_price.price * 2
        if remainder > 0:
            player.spend(remainder, game.bank)
        self.corporation_size = None
        self.size_corporation(game.corporation_sizes()[0])  # type: ignore[attr-defined]
        if not self.available_subsidiaries(player):
            self.par_corporation()

    def size_corporation(self, size: int) -> None:
        self.corporation_size = size
        assert self.winning_bid is not None
        self.game.size_corporation(self.winning_bid.target, size)  # type: ignore[attr-defined]

    def par_corporation(self) -> None:
        """The winner's turn starts again."""
        if self.corporation_size is None or self.winning_bid is None:
            return
        winner = self.winning_bid.entity
        super().par_corporation()
        self.passed = False
        winner.unpass()
        self.setup()
        self.round.pass_order = [p for p in self.round.pass_order if p is not winner]
        self.round.goto_entity(winner)


class Game1877Venezuela(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    TOKENS_FOR_SIZE: ClassVar[dict[int, int]] = data.TOKENS_FOR_SIZE
    CORPORATION_SIZES: ClassVar[dict[str, tuple[int, ...]]] = data.CORPORATION_SIZES
    MINE_COMPANIES: ClassVar[tuple[str, ...]] = ()
    RANCH_COMPANIES: ClassVar[tuple[str, ...]] = ()
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1877

    def setup(self) -> None:
        if "no_mines" in self.optional_rules:
            self.tiles[:] = [t for t in self.tiles if t.name not in data.MINE_TILES]
        else:
            for hex_id in self.rng.sort_by(list(data.MINE_HEXES))[:2]:
                self.hex_by_id(hex_id).tile.label = data.MINE_LABEL
        super().setup()

    def init_round(self) -> Round:
        self.pittsburgh_private = None
        return self.new_stock_round()

    def stock_round_steps(self) -> list[Any]:
        return [BuySellParShares1877 if s is BuySellParShares1817 else s for s in super().stock_round_steps()]

    def size_corporation(self, corporation: Any, size: int) -> None:
        """Ten shares (by conversion only) as in 1817; the new corporation's cash is half its market value, paid
        by the bank, and 60% of its shares go to the market.  From then on the share size is read from the
        president's certificate (the second certificate may leave the game with a closed short)."""
        from engine.services.share_positions import move_certificate

        corporation.second_share = None
        if size == 10:
            super().size_corporation(corporation, size)
        self.log(f"{corporation.name} floats and transfers 60% to the market")
        corporation.spend(corporation.cash, self.bank)
        self.bank.spend(int(corporation.par_price.price * corporation.total_shares) // 2, corporation)
        total = 0
        for share in [s for s in corporation.shares_of(corporation) if s.percent > 0]:
            total += share.percent
            if total > 60:
                break
            move_certificate(share, self.share_pool)


__all__ = ["Game1877Venezuela"]
