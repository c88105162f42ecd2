"""1822PNW's stock round: the family's bid boxes, where a regional railway won from the minors' box becomes its
owner's private certificate (its token placed at home, worth 200 to a major that acquires it) instead of a floated
minor."""

from __future__ import annotations

from typing import Any

from engine.steps.auction import AuctionBid
from engine.titles.family1822.rules import BidBoxStock1822


class BidBoxStockPNW(BidBoxStock1822):
    #: a regional railway's value once owned; its share price (a par price)
    REGIONAL_VALUE = 200
    REGIONAL_PRICE = 100

    def box_items(self) -> list[Any]:
        game: Any = self.game
        return [c for c in super().box_items() if not game.is_empty_bid_box(c)]

    def close_unbid_minor(self, company: Any) -> None:
        if not self.game.is_empty_bid_box(company):  # type: ignore[attr-defined]
            super().close_unbid_minor(company)

    def float_minor(self, bid: AuctionBid) -> None:
        game: Any = self.game
        minor = game.corporation_by_id(bid.target.sym[1:])
        if not game.is_regional(minor):
            super().float_minor(bid)
            return
        self.award_company(bid)
        bid.target.value = self.REGIONAL_VALUE
        minor.owner = bid.entity
        hex_ = game.hex_by_id(minor.coordinates)
        city = next((c for c in hex_.tile.cities if c.reserved_by(minor)), hex_.tile.cities[0])
        city.place_token(minor, minor.tokens[0], free=True, check_tokenable=False)
        minor.share_price = next(p for p in game.stock_market.par_prices if p.price == self.REGIONAL_PRICE)
        game.graph.clear()
        game.log(f"{minor.id} places a token on {hex_.id} ({hex_.location_name})")
