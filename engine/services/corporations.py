"""Corporations and the market rules around them: floating (capitalisation), parring (and what it triggers),
certificate counts and limits, the market pool limit, buying power, closing a corporation (its tokens,
reservations, cash, trains, companies and shares) and the corporations closing in a ``close`` cell.

A game composes one ``CorporationRules`` (``game.corporation_rules``); a title with its own rules names a
subclass in its game class's ``CORPORATION_RULES`` (18Chesapeake: two-player floats send the IPO shares to the
market; 1846: buying power counts the shares a corporation could issue).  The share pool reaches it as
``host.corporation_rules.float_corporation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class CorporationRules:
    """The corporation rules of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: corporations found in a ``close`` cell, closed one after another
        self.closing_queue: dict[Any, bool] = {}
        self.corporations_are_closing = False

    def compute_cert_limit(self) -> int:
        """The certificate limit by players (and, where the table says so, by corporations still in play)."""
        game = self.game
        players = game.players
        if game.rules.cert_limit_change_on_bankruptcy:
            players = [p for p in players if not p.bankrupt]
            limit = game.spec.cert_limit
            if isinstance(limit, dict) and len(players) not in limit and getattr(game, "cert_limit", None):
                return int(game.cert_limit)  # no entry for so few players left: the limit stays
        return int(game.spec.cert_limit_for(len(players), len(game.corporations)))

    def float_corporation(self, corporation: Any) -> None:
        game = self.game
        game.log(f"{corporation.name} floats")
        if corporation.capitalization in ("incremental", "none"):
            return
        game.bank.spend(corporation.par_price.price * corporation.total_shares, corporation)
        game.log(f"{corporation.name} receives {game.format_currency(corporation.cash)}")

    def after_par(self, corporation: Any) -> None:
        game = self.game
        if corporation.capitalization == "incremental":
            for company in game.companies:
                for ability in game.ability_rules.abilities(company, "shares"):
                    if ability.shares and ability.shares[0].corporation is corporation:
                        amount = sum(corporation.par_price.price * s.num_shares for s in ability.shares)
                        game.bank.spend(amount, corporation)
        game.ability_rules.close_companies_on_event(corporation, "par")
        if game.rules.home_token_timing == "par":
            game.track_rules.place_home_token(corporation)

    def can_par(self, corporation: Any, parrer: Any) -> bool:
        if corporation.par_via_exchange is not None and corporation.par_via_exchange.owner is not parrer:
            return False
        if corporation.needs_token_to_par and not corporation.tokens:
            return False
        return not corporation.ipoed

    def cert_limit_for(self, player: Any = None) -> int:
        game = self.game
        return game.cert_limit

    def num_certs(self, entity: Any) -> int:
        game = self.game
        certs = 0
        for share in entity.shares:
            if share.corporation.counts_for_limit() and share.counts_for_limit:
                certs += share.cert_size
        if game.rules.cert_limit_includes_privates:
            certs += len(entity.companies)
        return certs

    def market_share_limit(self, corporation: Any = None) -> int:
        game = self.game
        return int(game.rules.market_share_limit)

    def buying_power(self, entity: Any, **_: Any) -> int:
        return int(entity.cash)

    def close_corporation(self, corporation: Any, quiet: bool = False) -> None:
        game = self.game
        if not quiet:
            game.log(f"{corporation.name} closes")
        for hex_ in game.hexes:
            for city in hex_.tile.cities:
                if game.rules.closed_corp_tokens_removed:
                    for token in [t for t in city.tokens if t is not None and t.corporation is corporation]:
                        token.remove()
                if game.rules.closed_corp_reservations_removed:
                    # deleted, not blanked, as the reference does: the later reservations move a slot down and the
                    # list's length (counted where a lay joins cities) shrinks
                    city.reservations = [r for r in city.reservations if r is not corporation]
            if game.rules.closed_corp_reservations_removed:
                hex_.tile.reservations = [r for r in hex_.tile.reservations if r is not corporation]
        # The graph is NOT cleared, as the reference does not: a removed token may open a city, but the others'
        # reach found before the close holds until the next lay or token (live play on the site refuses a
        # token beyond the opened city until then: 18 Los Angeles 2 playout seed 5130, tests/engine/test_playout.py).
        corporation.spend(corporation.cash, game.bank, check_cash=False, check_positive=False)
        for train in list(corporation.trains):
            if game.rules.closed_corp_trains_removed:
                train.buyable = False
            else:
                game.depot.reclaim_train(train)
        if corporation.companies:
            game.log(f"{corporation.name}'s companies close: {', '.join(c.sym for c in corporation.companies)}")
        for company in list(corporation.companies):
            company.close()
        if game.round.current_entity() is corporation:
            game.round.force_next_entity()
        if getattr(corporation, "is_corporation", False):
            for holder in list(corporation.share_holders.keys()):
                holder.shares_by_corporation.pop(corporation, None)
            game.share_pool.shares_by_corporation.pop(corporation, None)
            if corporation.share_price is not None and corporation in corporation.share_price.corporations:
                corporation.share_price.corporations.remove(corporation)
            if corporation in game.corporations:
                game.corporations.remove(corporation)
        elif corporation in game.minors:
            game.minors.remove(corporation)
        corporation.close()
        game.cert_limit = self.compute_cert_limit()
        # The next operator may skip all its steps and land in a close cell too.
        self.close_corporations_in_close_cell()

    def reset_corporation(self, corporation: Any) -> Any:
        """Put ``corporation`` back to its unstarted state (a nationalised major that may be started again): its
        certificates leave their holders, its companies close, it leaves the market, and a fresh corporation built
        from the title data takes its place (same id, same certificate ids).  Returns the fresh one."""
        game = self.game
        for share in corporation.all_shares:
            share.owner.shares_by_corporation.pop(corporation, None)
        game.share_pool.shares_by_corporation.pop(corporation, None)
        # every certificate of the old corporation leaves the game (those added after set-up too: 1817's)
        game._shares_by_id = {k: s for k, s in game._shares_by_id.items() if s.corporation is not corporation}
        for company in list(corporation.companies):
            company.close()
        price = corporation.share_price
        if price is not None and corporation in price.corporations:
            price.corporations.remove(corporation)
        fresh = next(c for c in game.SETUP(game).make_corporations() if c.id == corporation.id)
        game.corporations[:] = [fresh if c is corporation else c for c in game.corporations]
        game._corporations_by_id[fresh.id] = fresh
        for share in fresh.all_shares:
            game._shares_by_id[share.id] = share
        # (no graph clear: the reference's caches outlive a reset, stale answers included)
        return fresh

    def close_corporations_in_close_cell(self) -> bool:
        """Close every corporation whose price reached a ``close`` cell; True when any closed."""
        game = self.game
        if not game.stock_market.has_close_cell:
            return False
        for corporation in game.corporations:
            price = corporation.share_price
            if not corporation.closed and price is not None and price.type == "close":
                self.closing_queue[corporation] = True
        if self.corporations_are_closing:
            return False
        closed_any = False
        self.corporations_are_closing = True
        while self.closing_queue:
            corporation = next(iter(self.closing_queue))
            del self.closing_queue[corporation]
            self.close_corporation(corporation)
            closed_any = True
        self.corporations_are_closing = False
        return closed_any


__all__ = ["CorporationRules"]
