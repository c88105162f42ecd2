"""1817's operating round: loans taken (and, once the interest is paid, repaid) at the start of the turn; mines,
ranches and bridges; dividends that may be half paid and move the price right one or two steps by how the payout
compares with the price; the interest is paid once the train buying is over (a corporation that cannot pay goes
into liquidation and its president pays); a corporation ending its turn without a train liquidates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.rounds.operating import OperatingRound
from engine.steps.assign import Assign, assign, assigned
from engine.steps.base import Step
from engine.steps.dividend import Dividend, DividendOption
from engine.steps.special_track import SpecialTrack
from engine.steps.track import Track
from engine.steps.trains import BuyTrain

if TYPE_CHECKING:
    from engine.actions import Action, LayTile


class OperatingRound1817(OperatingRound):
    """Interest once the buy-train step is over; liquidation of a corporation without trains after its turn."""

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.paid_loans: dict[Any, bool] = {}
        self.cash_crisis_player: Any = None
        self.cash_crisis_due_to_interest: Any = None
        super().__init__(game, steps, round_num)

    def setup(self) -> None:
        self.paid_loans = {}
        super().setup()

    def start_operating(self) -> None:
        """A corporation that went into liquidation (a bankruptcy) is skipped as its turn comes."""
        entity = self.entities[self.entity_index]
        price = entity.share_price
        if price is not None and price.type == "liquidation":
            self.next_entity()
            return
        super().start_operating()

    def after_process(self, action: Action) -> None:
        # The step the auto-skip settled on is taken as it is unless something below changes first (the round
        # is told by ``clear_cache``): the cash-crisis player (the cash crisis step's turn reads it), the
        # interest paid (the loan step reads ``paid_loans``, the payment moves cash).
        entity = self.entities[self.entity_index]
        crisis = entity.player
        if crisis is not self.cash_crisis_player:
            self.cash_crisis_player = crisis
            self.clear_cache()
        self.pay_interest(entity)
        if (self.active_step() is None and entity is self.current_operator
                and not self.game.train_rules.has_running_trains(entity)  # type: ignore[attr-defined]
                and action.type != "message"):
            self.game.log(f"{entity.name} has no trains and liquidates")
            self.game.liquidate(entity)  # type: ignore[attr-defined]
        super().after_process(action)

    AFTER_PROCESS_LOOKS_FIRST = after_process

    def pay_interest(self, entity: Any) -> None:
        if self.cash_crisis_due_to_interest is not None:
            self.cash_crisis_due_to_interest = None
            self.clear_cache()
        if self.paid_loans.get(entity):
            return
        buy = next((s for s in self.steps if isinstance(s, BuyTrain1817)), None)  # (not 18USA's Pullman step)
        if buy is None or not buy.passed:
            return
        self.paid_loans[entity] = True
        self.clear_cache()  # the loan step reads ``paid_loans``; the interest paid below moves cash
        game = self.game
        loans = game.loan_rules
        if loans.interest_owed(entity) == 0:
            return
        owed = loans.pay_interest(entity)
        if owed is None:
            return
        owner = entity.owner
        game.liquidate(entity)  # type: ignore[attr-defined]
        transferred = ""
        if entity.cash > 0:
            transferred = f", transferring {game.format_currency(entity.cash)} to {owner.name}"
            entity.spend(entity.cash, owner)
        game.log(f"{entity.name} cannot afford {game.format_currency(owed)} interest and goes into liquidation"
                 f"{transferred}")
        owner.spend(owed, game.bank, check_cash=False)
        self.cash_crisis_due_to_interest = entity
        game.log(f"{owner.name} pays {game.format_currency(owed)} interest for {len(entity.loans)} loans")


class LoanStep(Step):
    """Take loans at any time of the turn; repay them once the interest is paid (not after taking one then)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("payoff_loan", "take_loan", "pass")
    NAME: ClassVar[str] = "Loan"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.after_payoff_loan = False

    def setup(self) -> None:
        self.after_payoff_loan = False

    def description(self) -> str:
        return "Payoff Loans" if self.can_payoff(self.current_entity()) else "Take Loans"

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        found = []
        if self.can_payoff(entity):
            found.append("payoff_loan")
        if self.game.loan_rules.can_take(entity):
            found.append("take_loan")
        if self.blocks():
            found.append("pass")
        return found

    def paid(self, entity: Any) -> bool:
        return bool(getattr(self.round, "paid_loans", {}).get(entity))

    def can_payoff(self, entity: Any) -> bool:
        if entity is None or not self.paid(entity) or not entity.loans or self.after_payoff_loan:
            return False
        return bool(entity.cash >= entity.loans[0].amount)

    def blocks(self) -> bool:
        entity = self.current_entity()
        if entity is None:
            return False
        return self.can_payoff(entity) or (self.paid(entity) and self.game.loan_rules.can_take(entity))

    def process_take_loan(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if not self.game.loan_rules.can_take(entity):
            raise IllegalAction(f"Cannot take more than {self.game.loan_rules.max_loans(entity)} loans")
        if self.paid(entity):
            self.after_payoff_loan = True
        self.game.loan_rules.take(entity)

    def process_payoff_loan(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if not entity.loans:
            raise IllegalAction(f"{entity.name} does not have any loans")
        self.game.loan_rules.repay(entity)


class Assign1817(Assign):
    """The bridge companies put a bridge on one of their hexes (one bridge per hex)."""

    MARKER: ClassVar[str] = "bridge"

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if not getattr(entity, "is_company", False):
            return None
        ability = self.game.ability_rules.ability(entity, "assign_hexes")
        if ability is None or hex_.id not in ability.hexes or assigned(hex_, self.MARKER):
            return None
        return list(self.game.hex_by_id(hex_.id).neighbors.keys())

    def process_assign(self, action: Action) -> None:
        game = self.game
        company = game.resolve_entity(action)
        target = self.resolve_target(action)
        ability = game.ability_rules.ability(company, "assign_hexes")
        if ability is None:
            raise IllegalAction(f"Could not assign {company.name} to {target.id}; :assign_hexes ability not found")
        if target.id not in ability.hexes:
            raise IllegalAction(f"{company.name} cannot be assigned to {target.id}")
        if assigned(target, self.MARKER):
            raise IllegalAction(f"Bridge already on {target.id}")
        assign(target, self.MARKER)
        ability.use()
        game.log(f"{company.name} builds bridge on {target.id}")


class Track1817(Track):
    """Mines and ranches may not be upgraded."""

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        return bool(assigned(hex_, "mine") or assigned(hex_, "ranch") or super().lay_forbidden(entity, hex_))

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        hex_ = self.game.hex_by_id(getattr(action, "hex", None))
        if assigned(hex_, "mine"):
            raise IllegalAction("Cannot upgrade mines")
        if assigned(hex_, "ranch"):
            raise IllegalAction("Cannot upgrade ranches")
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        self.game.close_city_tile_private(hex_)  # type: ignore[attr-defined]


class SpecialTrack1817(SpecialTrack):
    """A mine or ranch company's lay puts its marker on the hex."""

    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        owner = entity.owner
        super().process_lay_tile(action)
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        if entity.id in game.MINE_COMPANIES:  # type: ignore[attr-defined]
            assign(hex_, "mine")
            game.log(f"{owner.name} adds mine to {hex_.id}")
        elif entity.id in game.RANCH_COMPANIES:  # type: ignore[attr-defined]
            assign(hex_, "ranch")
            game.log(f"{owner.name} adds ranch to {hex_.id}")


    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        """A mine or ranch is laid on one of its hexes where the owner's network reaches (a ranch not next to a
        B city); the city-tile company's lay needs no connection."""
        game = self.game
        if entity is game.pittsburgh_private:  # type: ignore[attr-defined]
            return super().hex_neighbors(entity, hex_)
        ability = self.ability(entity)
        hexes = getattr(ability, "hexes", None) if ability is not None else None
        if hexes and hex_.id not in hexes:
            return None
        if entity.id in game.RANCH_COMPANIES and any(  # type: ignore[attr-defined]
                n.tile.label == "B" for n in hex_.neighbors.values()):
            return None
        owner = entity if getattr(entity, "is_corporation", False) else entity.owner
        edges = game.graph.connected_hexes(owner).get(hex_)
        return list(edges) if edges is not None else None


class Dividend1817(Dividend):
    """Pay out, pay half or withhold; the price moves right once when the payout reaches the price, twice when it
    reaches twice the price ($40 counts in the acquisition cells), left when nothing is paid."""

    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "half", "withhold")

    def half(self, entity: Any, revenue: int) -> DividendOption:
        shares = int(entity.total_shares)
        withheld: float = revenue / 2.0 if shares == 2 else (revenue // 2 // shares) * shares
        return DividendOption(corporation=withheld, per_share=self.payout_per_share(entity, int(revenue - withheld)))  # type: ignore[arg-type]

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        price = int(entity.share_price.price)
        if entity.share_price.type == "acquisition":
            price = 40
        if revenue <= 0:
            return "left", 1
        times = 2 if revenue >= price * 2 else 1 if revenue >= price else 0
        return ("right", times) if times else (None, 0)


class BuyTrain1817(BuyTrain):
    """No train is ever forced; trains of corporations in liquidation cannot be bought."""

    def buyable_trains(self, entity: Any) -> list[Any]:
        return [t for t in super().buyable_trains(entity)
                if t.owner is self.game.depot or getattr(t.owner.share_price, "type", None) != "liquidation"]


__all__ = ["Assign1817", "BuyTrain1817", "Dividend1817", "LoanStep", "OperatingRound1817", "SpecialTrack1817",
           "Track1817"]
