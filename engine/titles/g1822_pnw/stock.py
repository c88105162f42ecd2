"""1822PNW's stock round: the family's bid boxes, where a regional railway won from the minors' box becomes its
owner's private certificate (its token placed at home, worth 200 to a major that acquires it) instead of a floated
minor."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.steps.auction import AuctionBid
from engine.steps.choices import Choice, Choosing
from engine.titles.family1822.rules import BidBoxStock1822
from engine.titles.g1822_pnw.merger import can_par_at, possible_exchanged_shares


class BidBoxStockPNW(Choosing, BidBoxStock1822):
    """A major is started by parring it: its associated minor's owner converts the minor (choosing how many shares
    the minor's value buys), anyone else once that minor is gone."""

    #: the minors' par price that a major may not take
    MINOR_PAR = 50

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.converting: Any = None
        self.converted: Any = None
        self.par_price: Any = None

    def actions(self, entity: Any) -> list[str]:
        if self.converting is not None and entity is self.current_entity():
            return ["choose"]
        return list(super().actions(entity))

    def startable(self, entity: Any, corporation: Any) -> bool:
        game: Any = self.game
        return bool(super().startable(entity, corporation)
                    and game.major_formation_status(corporation, entity, self) != "none")

    def get_par_prices(self, entity: Any, corporation: Any = None) -> list[Any]:
        """A converting owner pays the difference from cash not committed to its standing bids (the reference
        reads its whole cash: a bid it could then not pay stops the game at the stock round's end)."""
        game: Any = self.game
        minor = game.associated_minor(corporation) if corporation is not None else None
        if minor is None or not minor.floated:
            return list(super().get_par_prices(entity, corporation))
        value = minor.share_price.price * 2
        return [p for p in game.stock_market.par_prices if "par_1" in p.types and p.price != self.MINOR_PAR
                and can_par_at(p.price, minor.cash, value, self.available_cash(minor.owner))]

    def process_par(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        corporation = game.corporation_by_id(getattr(action, "corporation", None))
        if game.major_formation_status(corporation, entity, self) != "convertable":
            super().process_par(action)
            return
        self.par_price = game.share_price_by_id(getattr(action, "share_price", None))
        self.converting = corporation
        minor = game.associated_minor(corporation)
        game.log(f"{entity.name} converts associate minor {minor.name} to {corporation.name} at a par price of "
                 f"{game.format_currency(self.par_price.price)}")

    def choice_name(self) -> str:
        return "Exchange options"

    def choices(self, entity: Any) -> list[Choice]:
        if self.converting is None:
            return []
        game: Any = self.game
        minor = game.associated_minor(self.converting)
        value = minor.share_price.price * 2
        options = []
        for shares in possible_exchanged_shares(self.par_price.price, minor.cash, value,
                                                 self.available_cash(minor.owner)):
            difference = value - self.par_price.price * shares
            text = f"{minor.owner.name} receives {shares} shares"
            if difference > 0:
                text += f" and {game.format_currency(difference)}"
            elif difference < 0:
                text += f" and pays {game.format_currency(-difference)}"
            options.append(Choice(str(shares), text))
        return options

    def choose(self, entity: Any, choice: Any) -> None:
        game: Any = self.game
        major = self.converting
        if major is None:
            raise IllegalAction("Nothing to choose")
        count = int(choice)
        minor = game.associated_minor(major)
        game.transfer_possessions(minor, major)
        major.ipoed = True
        major.floated = True
        major.capitalization = "incremental"
        game.stock_market.set_par(major, self.par_price)
        shares_value = count * self.par_price.price
        value = minor.share_price.price * 2
        if shares_value > value:
            game.log(f"{entity.name} pays {game.format_currency(shares_value - value)} to get {count} shares of "
                     f"{major.name}")
            entity.spend(shares_value - value, major)
        elif shares_value < value:
            game.log(f"{entity.name} gets {count} shares of {major.name} and {game.format_currency(value - shares_value)}")
            major.spend(value - shares_value, entity)
        shares = list(major.shares_of(major))[:count - 1]
        game.share_pool.transfer_shares(ShareBundle(shares), entity, price=0)
        token = minor.tokens[0]
        city = token.city
        city.delete_token(token)
        city.place_token(major, major.find_token_by_type(), check_tokenable=False)
        game.log(f"{major.name} replaces the {minor.name} token in {city.hex.id}")
        game.corporation_rules.close_corporation(minor, quiet=True)
        game.graph.clear()
        self.converted = major
        self.converting = None

    def process_choose(self, action: Any) -> None:
        super().process_choose(action)
        entity = self.game.resolve_entity(action)
        self.track_action(action, entity, self.converted)
        self.log_pass(entity)
        self.pass_()

    #: a regional railway's value once owned; its share price (a par price)
    REGIONAL_VALUE = 200
    REGIONAL_PRICE = 100

    def float_paired_minor(self, player: Any) -> None:
        """The Short Scenario's pair: the unassociated minor floats for free with $100 from the bank."""
        game: Any = self.game
        company = game.company_by_id(game.paired_unassoc)
        minor = game.corporation_by_id(company.sym[1:])
        price = next(p for p in game.stock_market.par_prices if p.price == game.MINOR_START_PAR_PRICE)
        game.stock_market.set_par(minor, price)
        game.share_pool.buy_shares(player, minor.ipo_shares()[0].to_bundle(), exchange="free")
        game.corporation_rules.after_par(minor)
        game.bank.spend(100, minor)
        game.companies.remove(company)

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
            if bid.target.sym == getattr(game, "paired_assoc", None):
                self.float_paired_minor(bid.entity)
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
