"""The Dividend step: a corporation pays out or withholds the revenue its trains just earned.

Rules (the reference engine's ``Step::Dividend``):

* The step offers ``dividend`` only to the operating corporation and only when the total revenue
  (routes plus extra revenue) is positive.  With nothing to pay, the step is skipped and its
  :meth:`Dividend.skip` processes a forced *withhold*, so the price still moves left.
* Payout: every holder receives ``ceil(shares * revenue / total_shares)`` computed with floating
  division (fractional shares allowed).  The corporation's own holder is the market pool under full
  capitalisation (pool shares pay the corporation, IPO shares pay nobody) or the treasury under
  incremental capitalisation (treasury shares pay the corporation, pool shares pay nobody).
* The price moves one step right on a payout and one step left on a withhold.
* Afterwards every train of the corporation is marked as operated (not only those that ran),
  obsolete trains rust, the round's routes are cleared and an operating-history entry is written.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Dividend as DividendAction
from engine.errors import IllegalAction
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game


# ----------------------------------------------------------------------------------------------
# Game-level helpers (the reference has them on the game; titles may override the game methods)
# ----------------------------------------------------------------------------------------------
def route_revenue(route: Any) -> int:
    """The revenue of one route object, whether ``revenue`` is a method or a plain attribute."""
    value = route.revenue
    if callable(value):
        value = value()
    return int(value)


def routes_revenue(game: Game, routes: list[Any]) -> int:
    """Total revenue of the routes of one run (the reference ``Game#routes_revenue``)."""
    hook = getattr(game, "routes_revenue", None)
    if hook is not None:
        return int(hook(routes))
    return sum(route_revenue(r) for r in routes)


def routes_subsidy(game: Game, routes: list[Any]) -> int:
    """Subsidy earned by the routes of one run, paid to the corporation (none in the base game)."""
    hook = getattr(game, "routes_subsidy", None)
    if hook is not None:
        return int(hook(routes))
    return 0


def format_money(game: Game, amount: int | float) -> str:
    """Money for the log; whole floats (per-share amounts) are written without a fraction."""
    if isinstance(amount, float) and amount.is_integer():
        amount = int(amount)
    return game.format_currency(amount)


@dataclass(slots=True)
class OperatingInfo:
    """What a corporation did in one operating turn (the reference ``OperatingInfo``).

    ``routes`` maps a train to the hex chains it ran, ``nodes`` to the node signatures of its stops.
    """

    routes: dict[Any, Any]
    nodes: dict[Any, Any]
    halts: dict[Any, Any]
    dividend: Any
    revenue: int
    laid_hexes: list[Any]
    dividend_kind: str = "withhold"

    @classmethod
    def build(cls, routes: list[Any], action: Any, revenue: int, laid_hexes: list[Any]) -> OperatingInfo:
        kind = action.kind if isinstance(action, DividendAction) else "withhold"
        return cls(
            routes={r.train: getattr(r, "connection_hexes", None) for r in routes},
            nodes={r.train: getattr(r, "node_signatures", None) for r in routes},
            halts={r.train: getattr(r, "halts", None) for r in routes},
            dividend=action,
            revenue=revenue,
            laid_hexes=list(laid_hexes),
            dividend_kind=kind,
        )


@dataclass(slots=True)
class DividendOption:
    """The outcome of one dividend kind: what the corporation keeps, what each share earns, the price
    movement (one direction and a number of steps, or parallel lists of them) and, for information,
    what the corporation's own holder (pool or treasury) earns."""

    corporation: int
    per_share: float
    share_direction: str | list[str] | None = None
    share_times: int | list[int] = 0
    divs_to_corporation: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


class Dividend(Step):
    """Pay or withhold the revenue of the routes run this turn."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("dividend",)
    NAME: ClassVar[str] = "Dividend"
    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "withhold")

    # --- protocol ------------------------------------------------------------------------------------
    def type_name(self) -> str:
        return "dividend"

    def description(self) -> str:
        return "Pay or Withhold Dividends"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if getattr(entity, "is_company", False) or self.total_revenue() == 0:
            return []
        return list(self.ACTIONS)

    def round_state(self) -> dict[str, Any]:
        return {"extra_revenue": 0}

    def dividend_types(self) -> tuple[str, ...]:
        return self.DIVIDEND_TYPES

    def skip(self) -> None:
        """Nothing to pay: a forced withhold (which still moves the price left)."""
        entity = self.current_entity()
        if entity is None:
            self.pass_()
            return
        action = DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind="withhold")
        last = self.game.actions[-1] if self.game.actions else None
        if last is not None:
            action.id = last.id
        self._process_dividend(action, entity)

    def pass_(self) -> None:
        entity = self.current_entity()
        if entity is None:
            return
        if len(getattr(entity, "operating_history", {})) == 1:
            self.game.ability_rules.close_companies_on_event(entity, "operated")
        super().pass_()

    # --- options ---------------------------------------------------------------------------------------
    def dividend_options(self, entity: Any) -> dict[str, DividendOption]:
        """Each dividend kind with its payout and the price movement it causes."""
        revenue = self.total_revenue()
        options: dict[str, DividendOption] = {}
        for kind in self.dividend_types():
            option = self.dividend_option(kind, entity, revenue)
            option.divs_to_corporation = self.corporation_dividends(entity, option.per_share)
            direction, times = self.share_price_change(entity, revenue - option.corporation)
            option.share_direction = direction
            option.share_times = times
            options[kind] = option
        return options

    def dividend_option(self, kind: str, entity: Any, revenue: int) -> DividendOption:
        """The option of one kind: the method named after it (``payout``, ``withhold``, a title's ``half``)."""
        method = getattr(self, kind, None) if kind in self.dividend_types() else None
        if method is None:
            raise IllegalAction(f"{self.game.entity_name(entity)} cannot pay a dividend of kind {kind!r}")
        option: DividendOption = method(entity, revenue)
        return option

    def withhold(self, entity: Any, revenue: int) -> DividendOption:
        return DividendOption(corporation=revenue, per_share=0)

    def payout(self, entity: Any, revenue: int) -> DividendOption:
        return DividendOption(corporation=0, per_share=self.payout_per_share(entity, revenue))

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        """Right one step when the shareholders got something, else left one step."""
        if revenue > 0:
            return "right", 1
        return "left", 1

    # --- arithmetic ------------------------------------------------------------------------------------
    def payout_per_share(self, entity: Any, revenue: int) -> float:
        return revenue / float(entity.total_shares)

    def dividends_for_entity(self, entity: Any, holder: Any, per_share: float) -> int:
        """``ceil(shares held * per-share amount)``, fractional shares included."""
        shares: float = holder.num_shares_of(entity, ceil=False)
        return math.ceil(shares * per_share)

    def holder_for_corporation(self, entity: Any) -> Any:
        """Whose shares pay the corporation itself: its treasury (incremental) or the pool (full)."""
        return entity if entity.capitalization == "incremental" else self.game.share_pool

    def corporation_dividends(self, entity: Any, per_share: float) -> int:
        if getattr(entity, "is_minor", False):
            return 0
        return self.dividends_for_entity(entity, self.holder_for_corporation(entity), per_share)

    # --- revenue -----------------------------------------------------------------------------------------
    def routes(self) -> list[Any]:
        return list(getattr(self.round, "routes", None) or [])

    def extra_revenue(self) -> int:
        return int(getattr(self.round, "extra_revenue", None) or 0)

    def total_revenue(self) -> int:
        return routes_revenue(self.game, self.routes()) + self.extra_revenue()

    def total_subsidy(self) -> int:
        return routes_subsidy(self.game, self.routes())

    # --- processing --------------------------------------------------------------------------------------
    def process_dividend(self, action: Action) -> None:
        self._process_dividend(action, self.game.resolve_entity(action))

    def _process_dividend(self, action: Action, entity: Any) -> None:
        game = self.game
        kind = str(getattr(action, "kind", "withhold"))
        if kind not in self.dividend_types():
            raise IllegalAction(f"{game.entity_name(entity)} cannot pay a dividend of kind {kind!r}")
        routes = self.routes()
        revenue = self.total_revenue()
        subsidy = self.total_subsidy()
        payout = self.dividend_options(entity)[kind]

        entity.operating_history[(game.turn, self.round.round_num)] = OperatingInfo.build(
            routes, action, revenue, list(getattr(self.round, "laid_hexes", None) or []))

        if routes:
            game.ability_rules.close_companies_on_event(entity, "ran_train")
        for train in entity.trains:
            train.operated = True
        self.rust_obsolete_trains(entity)

        setattr(self.round, "routes", [])  # noqa: B010 - round_state attributes are dynamic
        setattr(self.round, "extra_revenue", 0)  # noqa: B010

        self.log_run_payout(entity, kind, revenue, subsidy, action, payout)
        self.payout_corporation(payout.corporation + subsidy, entity)
        if payout.per_share > 0:
            self.payout_shares(entity, revenue - payout.corporation)
        self.change_share_price(entity, payout)
        self.pass_()

    def payout_corporation(self, amount: int, entity: Any) -> None:
        if amount > 0:
            self.game.bank.spend(amount, entity)

    def payout_shares(self, entity: Any, revenue: int) -> None:
        """Pay every player and corporation its dividends (players first, in seat order)."""
        game = self.game
        per_share = self.payout_per_share(entity, revenue)
        payouts: dict[Any, int] = {}
        for payee in (*game.players, *game.corporations):
            self.payout_entity(entity, payee, per_share, payouts)
        ordered = sorted(payouts.items(), key=lambda item: -item[1])
        receivers = ", ".join(f"{format_money(game, cash)} to {receiver.name}" for receiver, cash in ordered)
        message = (f"{entity.name} pays out {format_money(game, revenue)} = "
                   f"{format_money(game, per_share)} per share")
        if receivers:
            message += f" ({receivers})"
        game.log(message)

    def payout_entity(self, entity: Any, holder: Any, per_share: float, payouts: dict[Any, int]) -> None:
        if holder is entity:
            amount = self.corporation_dividends(entity, per_share)
        else:
            amount = self.dividends_for_entity(entity, holder, per_share)
        if amount == 0:
            return
        payouts[holder] = amount
        self.game.bank.spend(amount, holder, check_positive=False)

    def change_share_price(self, entity: Any, payout: DividendOption) -> None:
        if not payout.share_direction or entity.share_price is None:
            return
        old_price = entity.share_price
        directions = payout.share_direction if isinstance(payout.share_direction, list) else [payout.share_direction]
        times = payout.share_times if isinstance(payout.share_times, list) else [payout.share_times]
        market = self.game.stock_market
        for count, direction in zip(times, directions):
            mover = getattr(market, f"move_{direction}", None)
            if mover is None:
                raise NotImplementedError(f"share price movement {direction!r}")
            for _ in range(count):
                mover(entity)
        self.game.share_rules.log_share_price(entity, old_price)

    def rust_obsolete_trains(self, entity: Any, log: bool = True) -> None:
        obsolete = [t for t in entity.trains if t.obsolete]
        for train in obsolete:
            self.game.train_rules.rust(train)
        if log and obsolete:
            self.game.log("-- Event: Obsolete trains rust --")

    def log_run_payout(self, entity: Any, kind: str, revenue: int, subsidy: int, action: Action,
                       payout: DividendOption) -> None:
        game = self.game
        if kind not in Dividend.DIVIDEND_TYPES:
            game.log(f"{entity.name} runs for {format_money(game, revenue)} and pays {kind}")
        if payout.corporation > 0:
            game.log(f"{entity.name} withholds {format_money(game, payout.corporation)}")
        elif payout.per_share == 0:
            game.log(f"{entity.name} does not run")
        if subsidy > 0:
            game.log(f"{entity.name} earns a subsidy of {format_money(game, subsidy)}")


def _entity_type(entity: Any) -> str:
    if getattr(entity, "is_player", False):
        return "player"
    if getattr(entity, "is_company", False):
        return "company"
    if getattr(entity, "is_minor", False):
        return "minor"
    return "corporation"


__all__ = ["Dividend", "DividendOption", "OperatingInfo", "route_revenue", "routes_revenue", "routes_subsidy"]
