"""Legal moves of the 1817 family's steps: the seed-money (or tiered) private auction, the stock round with
corporation auctions, sizes, subsidiaries, shorts and corporate loans/redemptions, the operating round's loans,
the merger and conversion round, the acquisition round, the cash crisis and bankruptcy.

New action types here: ``take_loan`` / ``payoff_loan`` (``LoanMove``) and ``short`` (``ShortMove``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.assign import AssignMove
from engine.moves.base import BidMove, BuySharesMove, CorporationMove, Move, PassMove, SimpleMove, Unusable
from engine.moves.choose import ChooseMove
from engine.moves.mergers import MergeMove
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.moves.stock import sell_moves
from engine.moves.trains import BuyTrainMove
from engine.steps.choices import Choice
from engine.steps.shares_via_bid import BuySellParSharesViaBid
from engine.titles.g1817.acquisition import Acquire
from engine.titles.g1817.auction import SeedMoneyAuction
from engine.titles.g1817.cash_crisis import Bankrupt1817, CashCrisis
from engine.titles.g1817.merger import Conversion, PostConversion, PostConversionLoans
from engine.titles.g1817.operating import LoanStep
from engine.titles.g1817.stock import BuySellParShares1817, company_value_options


@dataclass(frozen=True)
class LoanMove(Move):
    """Take (``take_loan``) or repay (``payoff_loan``) one loan; the action's loan number is not checked (the
    next loan of the pool, or the corporation's last, is the one that moves)."""

    kind: str = "take_loan"
    loan: int = 0
    label: str = ""

    @property
    def type(self) -> str:
        return self.kind

    def base(self) -> dict[str, Any]:
        return {"type": self.kind, "entity": self.entity, "entity_type": self.entity_type}

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "loan": self.loan}

    def describe(self) -> str:
        return self.label or self.kind.replace("_", " ")


@dataclass(frozen=True)
class ShortMove(CorporationMove):
    """Sell a share of one of ``corporations`` short."""

    TYPE: ClassVar[str] = "short"
    label: str = "short"


def take_loan_move(step: Any, entity: Any) -> LoanMove:
    pool = step.game.loan_rules.pool
    etype, eid = entity_ref(entity)
    return LoanMove(etype, eid, kind="take_loan", loan=int(pool[-1].id) if pool else 0, label="take a loan")


def payoff_loan_move(entity: Any) -> LoanMove:
    etype, eid = entity_ref(entity)
    return LoanMove(etype, eid, kind="payoff_loan", loan=int(entity.loans[-1].id) if entity.loans else 0,
                    label="pay off a loan")


def _bid(step: Any, entity: Any, target: Any, key: str, increment: int) -> Move | Unusable:
    etype, eid = entity_ref(entity)
    low = int(step.min_bid(target) or 0)
    high = int(step.max_bid(entity, target))
    if high < low:
        money = step.game.format_currency
        return Unusable(key, target.id, f"the minimum bid is {money(low)}; {entity.name} may bid {money(high)}")
    return BidMove(etype, eid, target=target.id, min_bid=low, max_bid=high, target_key=key, step=increment)


@enumerates(SeedMoneyAuction)
def seed_money_auction(step: SeedMoneyAuction, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    increment = step.min_increment()
    if step.auction_target is not None:
        yield _bid(step, entity, step.auction_target, "company", increment)
    else:
        for company in step.companies:
            if step.tiered and not step.may_bid(company):
                continue
            yield _bid(step, entity, company, "company", increment)
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")


def redeem_moves(step: BuySellParShares1817, corporation: Any) -> Iterator[Move]:
    etype, eid = entity_ref(corporation)
    for bundle in step.redeemable_shares(corporation):
        # with the shorts' twins in the market a bundle may pass 100% (up to 200%: engine/actions.py)
        yield BuySharesMove(etype, eid, corporation=corporation.id, source="market",
                            shares=tuple(s.id for s in bundle.shares), percent=int(bundle.percent),
                            price=int(bundle.price), count=len(bundle.shares), exact=True)


@enumerates(BuySellParShares1817)
def stock_turn_1817(step: BuySellParShares1817, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if getattr(entity, "is_corporation", False):
        if "take_loan" in kinds:
            yield take_loan_move(step, entity)
        if "buy_shares" in kinds:
            yield from redeem_moves(step, entity)
        if "buy_train" in kinds:  # 1877: Venezuela: a train from the depot, at face value
            for train in step.buyable_trains(entity):  # type: ignore[attr-defined]
                yield BuyTrainMove(etype, eid, train=str(train.id), variant=str(train.name), min_price=int(train.price),
                                   max_price=int(train.price))
        return
    if step.winning_bid is not None:
        if "choose" in kinds:
            sizes = tuple(Choice(size, f"{size} shares") for size in step.choices())
            yield ChooseMove(etype, eid, choices=sizes, name="Number of Shares")
        if "assign" in kinds:
            targets = tuple(c.id for c in step.available_subsidiaries(entity))
            yield AssignMove(etype, eid, target_type="company", targets=targets)
        if "pass" in kinds:
            yield PassMove(etype, eid, label="Pass (put no more privates in)")
        return
    if step.auction_target is not None:
        yield from corporation_bids(step, entity, step.auction_target)
        yield PassMove(etype, eid, label=step.pass_description())
        return
    if "short" in kinds:
        shortable = tuple(c.id for c in step.game.corporations if step.can_short(entity, c))
        if shortable:
            yield ShortMove(etype, eid, corporations=shortable)
    if "bid" in kinds:
        for corporation in step.biddable_corporations(entity):
            yield from corporation_bids(step, entity, corporation)
    rest = enumerator_after(step, BuySellParSharesViaBid)
    if rest is not None:
        yield from rest(step, entity)  # type: ignore[arg-type]


def corporation_bids(step: BuySellParShares1817, entity: Any, corporation: Any) -> Iterator[Move | Unusable]:
    """A bid is paid with some of the bidder's companies (at face value) and cash: one move per range of bids
    a combination of companies allows, each a multiple of the increment above the minimum."""
    etype, eid = entity_ref(entity)
    low = int(step.min_bid(corporation) or 0)
    high = int(step.max_bid(entity, corporation))
    increment = step.min_increment()
    if not step.BIDS_BY_COMPANY_COMBINATION:  # (18USA: any amount up to the bidding power)
        if low > high:
            money = step.game.format_currency
            yield Unusable("corporation", corporation.id, f"the minimum bid is {money(low)}; {entity.name} may bid "
                                                          f"{money(high)}")
            return
        yield BidMove(etype, eid, target=corporation.id, min_bid=low, max_bid=high, target_key="corporation",
                      step=increment)
        return
    ranges: list[tuple[int, int]] = []
    for option in sorted({sum(combo) for combo in company_value_options(entity)}):
        start, end = max(low, option), min(high, option + int(entity.cash))
        start = low + -(-(start - low) // increment) * increment
        if start <= end:
            ranges.append((start, end))
    merged: list[tuple[int, int]] = []
    for start, end in ranges:
        if merged and start <= merged[-1][1] + increment:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    if not merged:
        money = step.game.format_currency
        yield Unusable("corporation", corporation.id, f"the minimum bid is {money(low)}; {entity.name} cannot pay it")
        return
    for start, end in merged:
        yield BidMove(etype, eid, target=corporation.id, min_bid=start, max_bid=end, target_key="corporation",
                      step=increment)


@enumerates(LoanStep)
def loan_step(step: LoanStep, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if "payoff_loan" in kinds:
        yield payoff_loan_move(entity)
    if "take_loan" in kinds:
        yield take_loan_move(step, entity)
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Pass")


@enumerates(Conversion)
def conversion(step: Conversion, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if "convert" in kinds:
        yield SimpleMove(etype, eid, kind="convert", label=f"convert {entity.name}")
    if "merge" in kinds:
        yield MergeMove(etype, eid, corporations=tuple(c.id for c in step.mergeable(entity)), label="merge with")
    yield PassMove(etype, eid, label="Pass")


@enumerates(PostConversion)
def post_conversion(step: PostConversion, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds or entity is not step.current_entity():
        return
    etype, eid = entity_ref(entity)
    corporation = step.corporation
    if "buy_shares" in kinds:
        bundle = step.treasury_bundle()
        ids = tuple(s.id for s in corporation.shares_of(corporation) if s.percent > 0)
        yield BuySharesMove(etype, eid, corporation=corporation.id, source="ipo", shares=ids,
                            percent=int(bundle.percent), price=int(bundle.price))
    if "sell_shares" in kinds:
        game = step.game
        bundles = game.share_rules.bundles_for_corporation(entity, corporation)
        yield from sell_moves(game, entity, bundles)
    yield PassMove(etype, eid, label="Pass")


@enumerates(PostConversionLoans)
def post_conversion_loans(step: PostConversionLoans, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    yield take_loan_move(step, entity)
    yield PassMove(etype, eid, label="Pass (Loans)")


@enumerates(Acquire)
def acquire(step: Acquire, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if entity is not step.current_entity():
        if "pass" in kinds and "pass" in step.TAKES_FROM_ANYONE:  # (accepted out of turn, as the reference)
            yield PassMove(etype, eid, label="Pass")
        return
    if step.offer is not None:
        yield AssignMove(etype, eid, target_type="corporation", targets=(step.offer.id,))
        yield PassMove(etype, eid, label=f"Keep {step.offer.name} (do not offer it)")
        return
    if step.auction_target is not None:
        yield _bid(step, entity, step.auction_target, "corporation", 10)
        yield PassMove(etype, eid, label=f"Pass (no bid for {step.auction_target.name})")
        return
    if "take_loan" in kinds:
        yield take_loan_move(step, entity)
        yield PassMove(etype, eid, label="Pass (take no more loans)")
        return
    if "payoff_loan" in kinds:
        yield payoff_loan_move(entity)
        unpaid = int(getattr(step, "unpaid_loans", 0) or 0)
        loans = f"{unpaid} unpaid loan{'s move' if unpaid != 1 else ' moves'}"
        yield PassMove(etype, eid, label=f"Pass (pay off no more: {loans} {entity.name}'s price left)")
        return
    if "merge" in kinds and step.winner is not None:
        buyers = tuple(c.id for c in step.mergeable(step.winner.target))
        if buyers:
            yield MergeMove(etype, eid, corporations=buyers, label="acquire with")


@enumerates(CashCrisis)
def cash_crisis(step: CashCrisis, entity: Any) -> Iterator[Move | Unusable]:
    if "sell_shares" not in step.actions(entity):
        return
    game = step.game
    for corporation in list(entity.shares_by_corporation):
        if not entity.shares_by_corporation[corporation]:
            continue
        bundles = [b for b in game.share_rules.bundles_for_corporation(entity, corporation)
                   if step.can_sell(entity, b)]
        yield from sell_moves(game, entity, bundles)


@enumerates(Bankrupt1817)
def bankrupt_1817(step: Bankrupt1817, entity: Any) -> Iterator[Move | Unusable]:
    if "bankrupt" in step.actions(entity):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="bankrupt", label="declare bankruptcy")


__all__ = ["LoanMove", "ShortMove"]
