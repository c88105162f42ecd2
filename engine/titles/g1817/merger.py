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

FREE_ACTIONS = ("message", "program_merger_pass", "program_buy_shares", "program_share_pass")


class MergerRound1817(MergerRound):
    """One turn per corporation; the players act while a converted corporation's shares are on offer."""

    TOKEN_COST: ClassVar[int] = 50

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self._entities: list[Any] = []
        self.converted: Any = None
        self.converted_price: Any = None
        self.tokens_needed: int | None = None
        self.converts: list[Any] = []
        super().__init__(game, steps, round_num)

    @property  # type: ignore[override]
    def entities(self) -> list[Any]:
        if self.converted is not None:
            return list(self.game.players)
        return self._entities

    @entities.setter
    def entities(self, value: list[Any]) -> None:
        self._entities = value

    def select_entities(self) -> list[Any]:
        return sorted(self.game.merge_corporations(), key=lambda c: c.sort_order_key())  # type: ignore[attr-defined]

    def setup(self) -> None:
        self.skip_steps()
        if self.finished():
            self.next_entity()

    def next_entity_index(self) -> None:
        self.entity_index = (self.entity_index + 1) % len(self._entities)

    def after_process(self, action: Action) -> None:
        if action.type in FREE_ACTIONS or self.active_step() is not None:
            return
        if self.tokens_needed is not None and self.converted is not None:
            self.purchase_tokens(self.converted)
            if self.tokens_needed is not None:
                self.game.liquidate(self.converted)  # type: ignore[attr-defined]
                self.game.log(f"{self.converted.name} cannot purchase required tokens and liquidates")
                self.tokens_needed = None
        self.converted = None
        for player in self.game.players:
            player.unpass()
        self.next_entity()

    def token_cost(self, corporation: Any) -> int:
        return (self.tokens_needed or 0) * self.TOKEN_COST

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

    def next_entity(self) -> None:
        if self._entities:
            self.next_entity_index()
        if self.entity_index == 0:
            return
        for step in self.steps:
            step.unpass()
        for step in self.steps:
            step.setup()
        self.skip_steps()
        if self.finished():
            self.next_entity()

    def force_next_entity(self) -> None:
        return None


class Conversion(Step):
    """Convert (2 -> 5, 5 -> 10 shares) or pass."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("convert", "merge", "pass")
    NAME: ClassVar[str] = "Conversion"

    def description(self) -> str:
        return "Convert or Merge Corporation"

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        found = []
        if entity.total_shares in (2, 5):
            found.append("convert")
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
                and (not corporation.counts_for_limit or exchange
                     or rules.num_certs(entity) < rules.cert_limit_for(entity)))


__all__ = ["Conversion", "MergerRound1817", "PostConversion", "PostConversionLoans", "can_gain_with_shorts"]
