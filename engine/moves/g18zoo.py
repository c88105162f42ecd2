"""18ZOO's own steps: the power draft, the powers step of the operating round (its pass; the powers' options are
``choose_ability`` moves, engine.moves.choose_ability) and the Patch's choice at a rust."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import BidMove, Move, PassMove, Unusable
from engine.moves.choose import ChooseMove
from engine.moves.choose_ability import ChooseAbilityMove
from engine.moves.registry import entity_ref, enumerates
from engine.titles.g18zoo.patch import TrainProtection
from engine.titles.g18zoo.steps import BuyOrUsePowerOnOr, PowerDraft


@enumerates(PowerDraft)
def power_draft(step: PowerDraft, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    for company in step.available():
        if not step.may_purchase(company):
            yield Unusable("company", company.id, "a future power: not on offer yet")
            continue
        price = int(company.value)
        if price > int(entity.cash):
            yield Unusable("company", company.id, f"costs {price}; {entity.name} has {entity.cash}")
            continue
        # the site pays the price the action states (older exports state older values): any stated price is taken
        yield BidMove(etype, eid, target=company.id, min_bid=price, max_bid=price, purchase=True, price_ignored=True)
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


@enumerates(BuyOrUsePowerOnOr)
def powers_step(step: BuyOrUsePowerOnOr, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    etype, eid = entity_ref(entity)
    if "choose_ability" in kinds and getattr(entity, "is_company", False):
        options = tuple(step.ability_choices(entity))
        if options:
            yield ChooseAbilityMove(etype, eid, choices=options, name=step.ability_choice_name(entity))
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


@enumerates(TrainProtection)
def train_protection(step: TrainProtection, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    options = tuple(step.choices(entity))
    if "choose" in kinds and options:
        yield ChooseMove(etype, eid, choices=options, name=step.choice_name())
    if "pass" in kinds:
        yield PassMove(etype, eid, label="Let them rust")


__all__ = ["power_draft", "powers_step", "train_protection"]
