"""1817: the base of its family (1817NA, 1817WO, 18USA, 18DE, 18Hiawatha, 1877: Venezuela).  What changes from
the engine's defaults:

* ``init_round``: the private auction with seed money (``SeedMoneyAuction``, engine/titles/g1817/auction.py);
* an unlimited bank (it starts empty and may go below zero);
* the stock round (engine/titles/g1817/stock.py): corporations started by auction, sized 2, 5 or 10 shares as the
  phase allows, subsidiaries put in at face value, station tokens bought for the size;
* corporations choose their home: any city with a free slot;
* shorts, loans and the merger/acquisition rounds (being built).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.game import Game
from engine.rounds.auction import AuctionRound
from engine.titles.g1817 import data
from engine.titles.g1817.data import TITLE
from engine.titles.g1817.loans import Loans1817
from engine.services.loans import LoanRules
from engine.services.shares import ShareRules
from engine.titles.g1817.shares import ShareRules1817
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


class Game1817(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY
    TRAIN_STATION: ClassVar[str] = data.TRAIN_STATION_PRIVATE
    TOKENS_FOR_SIZE: ClassVar[dict[int, int]] = data.TOKENS_FOR_SIZE
    CORPORATION_SIZES: ClassVar[dict[str, tuple[int, ...]]] = data.CORPORATION_SIZES
    LOAN_RULES: ClassVar[type[LoanRules]] = Loans1817
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1817

    def setup(self) -> None:
        self.owner_when_liquidated: dict[Any, Any] = {}

    # --- rounds ---------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        from engine.titles.g1817.auction import SeedMoneyAuction

        self.log(f"Seed Money for initial auction is {self.format_currency(self.SEED_MONEY)}")
        return AuctionRound(self, [SeedMoneyAuction])

    def new_stock_round(self) -> Round:
        from engine.titles.g1817.stock import StockRound1817

        self.log(f"-- Stock Round {self.turn} --")
        self.round_counter += 1
        return StockRound1817(self, self.stock_round_steps())

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.home_token import HomeToken
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1817.stock import BuySellParShares1817

        return [DiscardTrain, HomeToken, BuySellParShares1817]

    # --- the bank, corporations' sizes and homes ----------------------------------------------------------
    def negative_cash_allowed(self, entity: Any) -> bool:
        """The bank is unlimited."""
        return entity is self.bank

    def ipo_name(self, entity: Any = None) -> str:
        return "Treasury"

    def corporation_sizes(self) -> tuple[int, ...]:
        """The sizes (share counts) a corporation may be started with in the current phase."""
        return self.CORPORATION_SIZES[str(self.phase.name)]

    def find_share_price(self, price: int) -> Any:
        """The highest market price not above ``price``."""
        row = [sp for sp in self.stock_market.market[0] if sp is not None]
        return next(sp for sp in reversed(row) if sp.price <= price)

    def tokens_needed(self, corporation: Any) -> int:
        """The station tokens ``corporation`` still lacks for its size (one more with the Train Station)."""
        needed = self.TOKENS_FOR_SIZE[corporation.total_shares] - len(corporation.tokens)
        if any(c.id == self.TRAIN_STATION for c in corporation.companies):
            needed += 1
        return needed

    def size_corporation(self, corporation: Any, size: int) -> None:
        from engine.services.mergers import resize_corporation

        resize_corporation(self, corporation, size)

    def home_token_locations(self, corporation: Any) -> list[Any]:
        return [h for h in self.hexes if any(c.tokenable(corporation, free=True) for c in h.tile.cities)]

    def liquidate(self, corporation: Any) -> None:
        """The corporation's price drops to the liquidation cell (the bank's corporations are not liquidated)."""
        if corporation.owner is self.share_pool:
            return
        self.owner_when_liquidated[corporation] = corporation.owner
        self.stock_market.move(corporation, (0, 0), force=True)


__all__ = ["Game1817"]
