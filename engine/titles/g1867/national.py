"""1867's train events and the nationalisation of corporations by the Canadian National (CN).

Nationalising a corporation: it repays what loans its cash allows, its price moves one step left and two more per
loan still held, its cash goes to the bank, its shareholders are paid the new price per share by the bank; its
station tokens are removed, the best (highest revenue, then hex) replaced by CN tokens while the CN has tokens
(keeping those it still needs for its reservations); then a minor closes and a major is reset (it may be started
again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.services.trains import TrainRules

if TYPE_CHECKING:
    from engine.titles.g1867.rules import Game1867


def nationalize(game: Game1867, corporation: Any) -> None:
    if not corporation.floated or corporation not in game.corporations:
        return
    national = game.national
    loans = game.loan_rules
    market = game.stock_market
    game.log(f"{corporation.name} is nationalized")
    game.nationalized.append(corporation.id)  # (the table's cards say so)
    while corporation.loans and corporation.cash >= loans.LOAN_VALUE:
        loans.repay(corporation)
    old_price = corporation.share_price
    market.move_left(corporation)
    for _ in corporation.loans:
        for _ in range(game.NATIONALIZATION_LOAN_STEPS):
            market.move_left(corporation)
    game.nationalization_transfer_assets(corporation)
    game.share_rules.log_share_price(corporation, old_price)

    per_share = corporation.share_price.price
    total = int(corporation.total_shares) * per_share
    payouts: list[tuple[Any, int]] = []
    for player in game.players:
        amount = int(player.num_shares_of(corporation)) * per_share
        if amount:
            payouts.append((player, amount))
            game.bank.spend(amount, player)
    if payouts:
        fmt = game.format_currency
        receivers = ", ".join(f"{fmt(cash)} to {p.name}" for p, cash in sorted(payouts, key=lambda pc: -pc[1]))
        game.log(f"{corporation.name} settles with shareholders {fmt(total)} = {fmt(per_share)} ({receivers})")

    used = [t for t in corporation.tokens if t.used and t.city is not None]
    used.sort(key=lambda t: (t.city.max_revenue, t.city.hex.id), reverse=True)
    for token in used:
        city = token.city
        token.remove()
        tile = city.tile
        if any(t is not None and t.corporation is national and t.type != "neutral"
               for c in tile.cities for t in c.tokens):
            continue
        new_token = national.next_token()
        if new_token is None:
            continue
        for c in tile.cities:
            c.reservations = [r for r in c.reservations if r is not national]
        hex_id = city.hex.id
        if hex_id in game.national_reservations:
            game.national_reservations.remove(hex_id)
        elif sum(1 for t in national.tokens if not t.used) == len(game.national_reservations):
            continue
        city.place_token(national, new_token, check_tokenable=False)
    # (no graph clear: the reference's caches outlive a nationalisation, stale answers included)

    if corporation.type == "minor":
        game.corporation_rules.close_corporation(corporation)
        return
    fresh = game.corporation_rules.reset_corporation(corporation)
    if len(game.players) == 2:
        fresh.max_ownership_percent = 70
    if game.round.current_entity() is corporation:
        game.round.force_next_entity()


class TrainRules1867(TrainRules):
    """1867's train events."""

    game: Game1867

    def event_green_minors_available(self) -> None:
        game = self.game
        game.log("Green minors are now available")
        game.hidden_company.close()
        for token in game.green_tokens:
            token.remove()
        game.corporations.extend(game.future_corporations)
        game.future_corporations = []

    def event_majors_can_ipo(self) -> None:
        self.game.log("Majors can now be started")
        self.game.show_majors = True

    def event_train_trade_allowed(self) -> None:
        return None

    def event_minors_cannot_start(self) -> None:
        game = self.game
        removed = [c for c in game.corporations if c.type == "minor" and not (c.owner is not None and c.owner.is_player)]
        game.corporations = [c for c in game.corporations if c not in removed]
        for hex_ in game.hexes:
            for city in hex_.tile.cities:
                city.reservations = [r for r in city.reservations if r not in removed]
        if removed:
            game.log("Minors can no longer be started")

    def event_minors_nationalized(self) -> None:
        game = self.game
        removed = [c for c in game.corporations if c.type == "minor"]
        if removed:
            game.log("Minors nationalized")
        for corporation in sorted(removed, key=lambda c: c.sort_order_key()):
            nationalize(game, corporation)
        game.corporations = [c for c in game.corporations if c.type != "minor"]

    def event_trainless_nationalization(self) -> None:
        self.game.trainless_nationalization = True

    def event_nationalize_companies(self) -> None:
        game = self.game
        national = game.national
        game.log("-- Event: Private companies are nationalized --")
        for company in list(game.companies):
            if company.owner is national or company is game.hidden_company or company.closed:
                continue
            owner = company.owner
            game.bank.spend(company.value, owner)
            game.log(f"{company.name} nationalized from {owner.name} for {game.format_currency(company.value)}")
            owner.companies.remove(company)
            company.owner = national
            national.companies.append(company)


def post_train_buy(game: Game1867) -> None:
    """After a train purchase (and an export): trainless operated minors are nationalised, trainless majors
    choose (``MajorTrainless``)."""
    if not game.trainless_nationalization:
        return
    trainless = sorted((c for c in game.corporations if c.operated() and not c.trains),
                       key=lambda c: c.sort_order_key())
    game.trainless_major = []
    for corporation in trainless:
        if corporation.type == "major":
            game.trainless_major.append(corporation)
        elif corporation.type == "minor":
            nationalize(game, corporation)
    game.trainless_nationalization = False


__all__ = ["TrainRules1867", "nationalize", "post_train_buy"]
