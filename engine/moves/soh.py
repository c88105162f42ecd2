"""Steam Over Holland's own operating-round steps: its train step's rules on passing, emergency issues and
purchases after a president's sale (issuing and redeeming are the general step's moves, engine.moves.issue_shares).

Issuing (``sell_shares`` by the corporation) and redeeming (``buy_shares`` by it) happen at the current share
price, once per operating round, and only while the step is open (before the dividend is decided).  The step
never blocks: the corporation's other moves (track, token, routes) are offered alongside.  The engine compares a
named bundle with the offered ones exactly (certificates in order), so each move names one bundle.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from engine.moves.base import Move, PassMove, SellSharesMove, Unusable
from engine.moves.registry import enumerates
from engine.moves.stock import stalls_round
from engine.moves.trains import BuyTrainMove, buy_train_step_moves
from engine.titles.steam_over_holland.steps import BuyTrain


@enumerates(BuyTrain)
def soh_buy_train(step: BuyTrain, entity: Any) -> Iterator[Move | Unusable]:
    """The general train moves, narrowed to what Steam Over Holland's step takes.

    * Pass (or "Close X") only when the step allows it: not while the corporation and its president can afford the
      train it needs, nor after the president has sold shares for it.
    * The corporation's emergency issue: only the bundles the step accepts (the fewest shares that pay for the
      cheapest train).
    * A president sells shares only to raise the money for a train the corporation must buy and cannot afford
      (the printed rule; the reference takes a sale at any time in the step, after which the step can never be
      passed: the corporation, holding a train and some money, could be left with nothing it may do).  A sale
      after which nothing could be done is refused too, tried on a copy.
    * After a president's sale the step can never be passed (the reference keeps that sale for the rest of the
      turn): a purchase that leaves the corporation with money but nothing it may do would stop the game (the
      reference stops there too).  Such purchases are tried on a copy and refused; a purchase from another
      corporation is then offered only at its highest price (the one that spends what the corporation has).
    """
    items = list(buy_train_step_moves(step, entity))
    for item in items:
        if isinstance(item, PassMove):
            refusal = step.pass_refusal(entity)
            if refusal is not None:
                yield Unusable("pass", str(entity.id), refusal)
                continue
        elif isinstance(item, SellSharesMove) and item.entity_type == "corporation":
            bundles = [b for b in step.issuable_shares(entity) if tuple(s.id for s in b.shares) == item.shares]
            if not bundles or not step.can_sell(entity, bundles[0]):
                continue
        elif isinstance(item, SellSharesMove) and not step.president_may_contribute(step.current_entity()):
            yield Unusable("share", item.corporation, f"{entity.name} may sell shares here only to raise the money "
                                                      "for a train the corporation must buy and cannot afford")
            continue
        elif isinstance(item, SellSharesMove) and stalls_round(step.game, item):
            yield Unusable("share", item.corporation, f"selling {item.percent}% of {item.corporation} now would "
                                                      "leave the train step with nothing its corporation may do "
                                                      "(the 18xx.games engine stops there too)")
            continue
        elif isinstance(item, BuyTrainMove) and step.corporations_sold:
            if item.max_price != item.min_price:
                item = replace(item, min_price=item.max_price)
            if stalls_round(step.game, item):
                yield Unusable("train", item.train, f"after the president's sale, buying the {item.variant} train "
                                                    f"for {item.min_price} would leave {entity.name} with money and "
                                                    "nothing it may do (the 18xx.games engine stops there too)")
                continue
        yield item
