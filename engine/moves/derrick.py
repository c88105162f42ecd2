"""Legal moves of the Derrick titles' own steps (18MS's draft and its president-assisted train purchases)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.game import STALLS
from engine.moves.base import BidMove, Move, SellSharesMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.moves.trains import BuyTrainMove, buy_train_step_moves
from engine.titles.g18ms.steps import BuyTrain18MS, SimpleDraft


@enumerates(SimpleDraft)
def simple_draft(step: SimpleDraft, entity: Any) -> Iterator[Move | Unusable]:
    """Buy one of the offered companies at its face value."""
    if "bid" not in step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    for company in step.available():
        price = step.min_bid(company)
        if price > int(entity.cash):
            yield Unusable("company", str(company.id), f"costs {price}; {entity.name} has {entity.cash}")
            continue
        yield BidMove(etype, eid, target=str(company.id), min_bid=price, max_bid=price, purchase=True)


@enumerates(BuyTrain18MS)
def buy_train_18ms(step: BuyTrain18MS, entity: Any) -> Iterator[Move | Unusable]:
    """The general train moves, with the depot trains the president helps to buy (for a fee) instead of the
    ones the corporation alone could not pay."""
    game: Any = step.game
    assisted: dict[tuple[str, str], BuyTrainMove] = {}
    if "buy_train" in step.actions(entity) and entity is step.current_entity():
        etype, eid = entity_ref(entity)
        for train in step.buyable_trains(entity):
            if not train.from_depot:
                continue
            saved = train.name
            try:
                for variant in step.buyable_exchangeable_train_variants(train, entity, None):
                    name, price = str(variant["name"]), int(variant["price"])
                    train.set_variant(name)
                    if price <= int(entity.cash):
                        continue
                    assist, _fee = game.president_assisted_buy(entity, train, price)
                    if assist > 0:
                        assisted[(str(train.id), name)] = BuyTrainMove(
                            etype, eid, train=str(train.id), variant=name, source="depot", min_price=price,
                            max_price=price, contribution=int(assist))
            finally:
                train.set_variant(saved)
    usable = bool(assisted)
    for item in buy_train_step_moves(step, entity):
        if isinstance(item, Unusable) and item.kind == "train" and any(k[0] == item.id for k in assisted):
            continue
        usable = usable or isinstance(item, BuyTrainMove | SellSharesMove)
        yield item
    yield from assisted.values()
    if not usable and entity is step.current_entity() and step.must_buy_train(entity):
        # The rules lend the president the money; the reference engine's loan check fails (a call with the
        # wrong number of arguments), so the game stops there on 18xx.games.
        yield Unusable("train", "loan", f"{entity.name} must buy a train that neither it nor its president can pay "
                                        f"for, and the president's loan cannot be taken: {STALLS}")
