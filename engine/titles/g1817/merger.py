"""1817's merger and conversion round: each floated corporation (not in acquisition or liquidation), in operating
order, may convert (2 -> 5 -> 10 shares) or merge with one of the same size; after a conversion the players, from
the president on, may buy the new treasury shares (or sell theirs), the corporation may take loans, and it buys
the station tokens its new size needs (or liquidates)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.rounds.interlude import MergerRound
from engine.services.share_positions import unshort
from engine.steps.base import Step
from engine.steps.shares import ShareBuying

if TYPE_CHECKING:
    from engine.actions import Action


class MergerRound1817(MergerRound):
    """One turn per corporation (the general merger round's structure); the players act while a converted
    corporation's shares are on offer; at the turn's end a converted corporation buys its new tokens."""

    FREE_ACTIONS: ClassVar[tuple[str, ...]] = ("message", "program_merger_pass", "program_buy_shares",
                                               "program_share_pass")
    FREE_PREFIX: ClassVar[str | None] = None

    TOKEN_COST: ClassVar[int] = 50

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.converted_price: Any = None
        self.tokens_needed: int | None = None
        self.converts: list[Any] = []
        super().__init__(game, steps, round_num)

    def select_entities(self) -> list[Any]:
        return sorted(self.game.merge_corporations(), key=lambda c: c.sort_order_key())  # type: ignore[attr-defined]

    def after_turn(self) -> None:
        """A converted corporation buys the tokens its new size needs, or liquidates."""
        if self.tokens_needed is not None and self.converted is not None:
            self.purchase_tokens(self.converted)
            if self.tokens_needed is not None:
                self.game.liquidate(self.converted)  # type: ignore[attr-defined]
                self.game.log(f"{self.converted.name} cannot purchase required tokens and liquidates")
                self.tokens_needed = None

    def token_cost(self, corporation: Any) -> int:
        from engine.titles.g1817.volatility import STATION_SUBSIDY, STATION_SUBSIDY_VALUE, owns

        cost = (self.tokens_needed or 0) * self.TOKEN_COST
        if "volatility" in self.game.optional_rules and owns(corporation, STATION_SUBSIDY):
            cost -= STATION_SUBSIDY_VALUE
        return cost

    def needs_money(self, corporation: Any) -> bool:
        return bool(self.tokens_needed and self.token_cost(corporation) > corporation.cash)

    def purchase_tokens(self, corporation: Any) -> None:
        needed = self.tokens_needed or 0
        if needed == 0:
            self.tokens_needed = None
            return
        if self.needs_money(corporation):
            return
        cost = self.token_cost(corporation)
        for _ in range(needed):
            corporation.tokens.append(Token(corporation, price=0))
        plural = "s" if needed > 1 else ""
        game = self.game
        if cost > 0:
            corporation.spend(cost, game.bank)
            game.log(f"{corporation.name} pays {game.format_currency(cost)} for {needed} token{plural}")
        else:
            game.log(f"{corporation.name} acquires {needed} token{plural}")
        self.tokens_needed = None


class Conversion(Step):
    """Convert (2 -> 5, 5 -> 10 shares) or pass."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("convert", "merge", "pass")
    NAME: ClassVar[str] = "Conversion"

    def description(self) -> str:
        return "Convert or Merge Corporation"

    # --- merger-pass programs (engine/programs.py) ---------------------------------------------------------------
    def merger_auto_pass_entity(self) -> Any:
        """The corporation a merger-pass program may pass for: the one whose turn it is."""
        return self.current_entity()

    def others_acted(self) -> bool:
        return bool(getattr(self.round, "converts", None))

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        found = []
        if entity.total_shares in (2, 5):
            found.append("convert")
        if self.mergeable(entity):
            found.append("merge")
        if found:
            found.append("pass")
        return found

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if entity.share_price is None or entity.share_price.type != "liquidation":
            self.game.log(f"{entity.name} passes {self.description().lower()}")
        self.pass_()

    def process_convert(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        if "convert" not in self.actions(corporation):
            raise IllegalAction(f"{corporation.name} cannot convert")
        before = corporation.total_shares
        game.convert(corporation)  # type: ignore[attr-defined]
        after = corporation.total_shares
        game.log(f"{corporation.name} converts from {before} to {after} shares")
        tokens = len(corporation.tokens)
        round_ = self.round
        if after == 5:
            round_.tokens_needed = 1 if tokens < 8 else 0  # type: ignore[attr-defined]
        elif after == 10:
            round_.tokens_needed = min(max(8 - tokens, 0), 2)  # type: ignore[attr-defined]
        else:
            round_.tokens_needed = 0  # type: ignore[attr-defined]
        round_.converts.append(corporation)  # type: ignore[attr-defined]
        round_.converted_price = corporation.share_price  # type: ignore[attr-defined]
        round_.converted = corporation  # type: ignore[attr-defined]


    # --- merging two corporations of one size ------------------------------------------------------------------
    def mergeable(self, corporation: Any) -> list[Any]:
        price = corporation.share_price
        if not corporation.floated or price is None or price.type == "liquidation":
            return []
        converts = getattr(self.round, "converts", [])
        return [t for t in self.game.corporations
                if t.floated and t not in converts and t.share_price is not None
                and t.share_price.type not in ("liquidation", "acquisition") and t is not corporation
                and t.total_shares != 10 and t.total_shares == corporation.total_shares
                and (t.total_shares != 5 or self.merged_max_share_holder(corporation, t) >= 40)
                and self.owner_can_afford_extra_share(corporation, t)]

    @staticmethod
    def merged_max_share_holder(corporation: Any, target: Any) -> int:
        holdings: dict[Any, int] = dict(corporation.player_share_holders())
        for holder, percent in target.player_share_holders().items():
            holdings[holder] = holdings.get(holder, 0) + percent
        return max(holdings.values(), default=0)

    def owner_can_afford_extra_share(self, corporation: Any, target: Any) -> bool:
        return bool(target.total_shares != 2 or corporation.owner is target.owner
                    or corporation.owner.cash >= self.new_share_price(corporation, target).price)

    def new_share_price(self, corporation: Any, target: Any) -> Any:
        a, b = corporation.share_price.price, target.share_price.price
        price = a + b if corporation.total_shares == 2 else (a + b) // 2
        return self.game.find_share_price(price)  # type: ignore[attr-defined]

    def process_merge(self, action: Action) -> None:
        from engine.titles.g1817.assets import absorb_assets

        game = self.game
        corporation = game.resolve_entity(action)
        target = game.corporation_by_id(getattr(action, "corporation", None))
        if target is None or target not in self.mergeable(corporation):
            raise IllegalAction(f"Choose a corporation to merge with {corporation.name}")
        receiving: list[str] = []
        if target.cash > 0:
            receiving.append(game.format_currency(target.cash))
            target.spend(target.cash, corporation)
        _, hexes = absorb_assets(game, corporation, target, receiving)
        if hexes is not None:
            receiving.append(f"and tokens ({len(hexes)}: hexes {[h for h in hexes if h is not None]})")
        initial_size = corporation.total_shares
        share_price = self.new_share_price(corporation, target)
        game.stock_market.move(corporation, share_price.coordinates)
        game.log(f"{corporation.name} merges with {target.name} at share price "
                 f"{game.format_currency(share_price.price)} receiving {', '.join(receiving)}")
        owner, target_owner = corporation.owner, target.owner
        if initial_size == 2:
            game.convert(corporation)  # type: ignore[attr-defined]
            if owner is not target_owner:
                owner.spend(share_price.price, corporation)
                share = next(s for s in corporation.shares_of(corporation) if s.percent > 0)
                game.log(f"{owner.name} buys a {share.percent}% share for {game.format_currency(share_price.price)} "
                         "and receives the president's share")
                game.share_pool.buy_shares(target_owner, share.to_bundle(), exchange="free")
        else:
            migrate_shares(game, corporation, target)
        game.reset_1817_corporation(target)  # type: ignore[attr-defined]
        round_ = self.round
        entities = round_._entities  # type: ignore[attr-defined]
        if target in entities:
            index = entities.index(target)
            entities.remove(target)
            if index < round_.entity_index:
                round_.entity_index -= 1
        if entities:
            round_.entity_index = entities.index(corporation)
        round_.converted = corporation  # type: ignore[attr-defined]
        round_.converted_price = corporation.share_price  # type: ignore[attr-defined]
        round_.converts.append(corporation)  # type: ignore[attr-defined]


def migrate_shares(game: Any, corporation: Any, other: Any) -> None:
    """A 5-share merger: the survivor becomes a 10-share corporation; each 20% of the other becomes 10% of it (the
    new treasury certificates first), each short of the other a short of it; the largest holder becomes president
    (the survivor's president on a tie); shorts are closed against the shares their holders now have."""
    from engine.model.shares import Share
    from engine.services.share_positions import add_certificate, move_certificate, next_free_index

    new_shares = list(game.convert(corporation))
    percent = 10
    index = next_free_index(corporation) - 1
    for share in list(other.all_shares):
        holder = corporation if share.owner is other else share.owner
        for _ in range(abs(share.percent) // 20):
            if share.percent > 0:
                if new_shares:
                    move_certificate(new_shares.pop(0), holder)
                else:
                    index += 1
                    add_certificate(game, Share(corporation, owner=holder, percent=percent, index=index))
            else:
                index += 1
                negative = Share(corporation, owner=holder, percent=-percent, index=index)
                negative.buyable = False
                negative.counts_for_limit = False
                add_certificate(game, negative)
    holders = corporation.player_share_holders()
    most = max(holders.values(), default=0)
    if most < 20:
        raise IllegalAction("At least one player must have more than 20% to allow a merge")
    leaders = [p for p, v in holders.items() if v == most]
    previous = corporation.owner
    if not any(p is previous for p in leaders):
        pool = game.share_pool
        eligible = [p for p in leaders if p.percent_of(corporation) >= corporation.presidents_percent]
        president = min(eligible, key=lambda p: pool.distance(previous, p))
        share = next(s for s in previous.shares_of(corporation) if s.president)
        corporation.owner = president
        game.log(f"{president.name} becomes the president of {corporation.name}")
        # as the reference, the swap moves certificates without the holder totals: a short among the new
        # president's first certificates leaves ``share_holders`` off from the certificates (playout 5184)
        pool.change_president(share, previous, president)
    from engine.services.share_positions import unshort

    owners: list[Any] = []
    for share in corporation.all_shares:
        if not any(o is share.owner for o in owners):
            owners.append(share.owner)
    for owner in owners:
        while (any(s.percent < 0 for s in owner.shares_of(corporation))
               and any(s.percent == percent for s in owner.shares_of(corporation))):
            unshort(game, owner, next(s for s in owner.shares_of(corporation) if s.percent == percent))


class PostConversion(ShareBuying):
    """After a conversion, from the president on, each player may buy a treasury share (the president more) or
    sell theirs; a player who has acted, or cannot, is done."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "sell_shares", "pass")
    NAME: ClassVar[str] = "PostConversion"

    def description(self) -> str:
        return "Buy/Sell Shares Post Conversion"

    @property
    def corporation(self) -> Any:
        return getattr(self.round, "converted", None)

    def active(self) -> bool:
        return self.corporation is not None

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_player", False) or self.corporation is None:
            return []
        found = []
        if self.can_buy_any(entity):
            found.append("buy_shares")
        if self.can_sell(entity, None):
            found.append("sell_shares")
        if found:
            found.append("pass")
        return found

    def active_entities(self) -> list[Any]:
        corporation = self.corporation
        if corporation is None or corporation.share_price is not getattr(self.round, "converted_price", None):
            return []
        players = list(self.game.players)
        i = players.index(corporation.owner)
        for player in players[i:] + players[:i]:
            if not player.passed and (self.can_buy_any(player) or self.can_sell(player, None)):
                return [player]
        return []

    def treasury_bundle(self) -> Any:
        shares = [s for s in self.corporation.shares_of(self.corporation) if s.percent > 0]
        return shares[0].to_bundle() if shares else None

    def can_buy_any(self, entity: Any) -> bool:
        return self.can_buy(entity, self.treasury_bundle())

    def can_buy(self, entity: Any, bundle: Any) -> bool:
        if bundle is None:
            return False
        return bool(bundle.corporation is self.corporation and not bundle.owner.is_share_pool
                    and entity.cash >= bundle.price and self.can_gain(entity, bundle))

    def can_gain(self, entity: Any, bundle: Any, exchange: bool = False) -> bool:
        return can_gain_with_shorts(self.game, entity, bundle, exchange)

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        corporation = self.corporation
        return bool(corporation.owner is not entity and any(s.percent > 0 for s in entity.shares_of(corporation)))

    def process_buy_shares(self, action: Action) -> None:
        from engine.steps.shares import bundle_from_action

        game = self.game
        player = game.resolve_entity(action)
        bundle = bundle_from_action(game, action)
        if not self.can_buy(player, bundle):
            raise IllegalAction(f"{player.name} cannot buy {bundle.corporation.name} shares now")
        was_short = player.percent_of(self.corporation) < 0
        self.buy_shares(player, bundle)
        if was_short:
            unshort(game, player, bundle.shares[0])
        if self.corporation.owner is not player or not self.can_buy_any(player):
            player.pass_()

    def process_sell_shares(self, action: Action) -> None:
        from engine.steps.shares import bundle_from_action

        game = self.game
        player = game.resolve_entity(action)
        game.share_rules.sell_shares_and_change_price(bundle_from_action(game, action))
        player.pass_()

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        self.game.log(f"{player.name} passes")
        player.pass_()


class PostConversionLoans(Step):
    """After a conversion the corporation may take loans (for its tokens)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("take_loan", "pass")
    NAME: ClassVar[str] = "PostConversionLoans"

    def description(self) -> str:
        return "Taking Loans"

    @property
    def corporation(self) -> Any:
        return getattr(self.round, "converted", None)

    def active(self) -> bool:
        return self.corporation is not None and not self.passed

    def active_entities(self) -> list[Any]:
        corporation = self.corporation
        if corporation is None or not self.game.loan_rules.can_take(corporation):
            return []
        return [corporation]

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.corporation:
            return []
        return ["take_loan", "pass"] if self.game.loan_rules.can_take(entity) else []

    def process_take_loan(self, action: Action) -> None:
        self.game.loan_rules.take(self.game.resolve_entity(action))


def can_gain_with_shorts(game: Any, entity: Any, bundle: Any, exchange: bool = False) -> bool:
    """May ``entity`` gain ``bundle``: not from a player, not in acquisition or liquidation; a player holding a
    short of it always may (the share closes the short), others within the holding and certificate limits."""
    if bundle is None or entity is None:
        return False
    if bundle.owner is not None and getattr(bundle.owner, "is_player", False):
        return False
    corporation = bundle.corporation
    price = corporation.share_price
    if price is not None and price.type in ("acquisition", "liquidation"):
        return False
    if any(s.percent < 0 for s in entity.shares_of(corporation)):
        return True
    rules = game.corporation_rules
    return bool(corporation.holding_ok(entity, bundle.percent)
                and (not corporation.counts_for_limit() or exchange
                     or rules.num_certs(entity) < rules.cert_limit_for(entity)))


__all__ = ["Conversion", "MergerRound1817", "PostConversion", "PostConversionLoans", "can_gain_with_shorts"]
