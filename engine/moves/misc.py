"""Moves of the steps every round has (end_game, message, programs) and of bankruptcy.

Messages and programs are accepted from any player at any time (``check_action`` lets them through without
an enumerator); ``end_game`` ends the game at once, as the reference allows any player to.  Bankruptcy is
offered only when the rules allow it: the operating corporation (never a minor) must buy a train, is in the
train-buying step, and neither it nor its president can raise the price of the cheapest depot train.  (The
reference lets any operator declare bankruptcy and only then checks; in 1846 a minor could go bankrupt and
then still receive money.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, SimpleMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.bankrupt import Bankrupt
from engine.steps.defaults import EndGame, MessageStep, ProgramStep


@enumerates(EndGame)
def end_game(step: EndGame, entity: Any) -> Iterator[Move | Unusable]:
    if "end_game" in step.actions(entity) and getattr(entity, "is_player", False):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="end_game", label="end the game now")


def may_go_bankrupt(game: Any, corporation: Any) -> bool:
    """The rules allow ``corporation``'s president to declare bankruptcy now."""
    if not getattr(corporation, "is_corporation", False) or getattr(corporation, "is_minor", False):
        return False
    owner = corporation.owner
    if owner is None or not getattr(owner, "is_player", False):
        return False
    step = game.round.active_step()
    if step is None or not hasattr(step, "buyable_trains"):
        return False
    if corporation.trains or not game.train_rules.must_buy_train(corporation):
        return False
    return bool(game.bankruptcy.can_go_bankrupt(game.acting_for_entity(owner), corporation))


@enumerates(Bankrupt)
def bankrupt(step: Bankrupt, entity: Any) -> Iterator[Move | Unusable]:
    if "bankrupt" not in step.actions(entity):
        return
    if may_go_bankrupt(step.game, entity):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="bankrupt", label="declare bankruptcy")


@dataclass(frozen=True)
class ProgramBuySharesMove(Move):
    """Program the purchase of ``corporation``'s shares in later turns, until it floats or the player holds a
    given percentage (``program_buy_shares``; the site runs programs, a replay carries their results)."""

    TYPE: ClassVar[str] = "program_buy_shares"
    corporation: str = ""
    conditions: tuple[str | int, ...] = ("float",)

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("corporation") != self.corporation:
            return f"not a program for {self.corporation}"
        return None

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "corporation": self.corporation, "until_condition": rng.choice(self.conditions),
                "from_market": False, "auto_pass_after": False}

    def describe(self) -> str:
        return f"program buying {self.corporation} shares"


@dataclass(frozen=True)
class ProgramAuctionBidMove(Move):
    """Program bids in the auction round on ``target`` (``program_auction_bid``): the minimum bid while it stays
    within a maximum, a purchase when its price is at a buy price or less, passes otherwise.  ``min_bid`` is the
    target's minimum bid now and ``increment`` the bid step (the dialog's defaults)."""

    TYPE: ClassVar[str] = "program_auction_bid"
    target: str = ""
    name: str = ""
    min_bid: int = 0
    increment: int = 5

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("bid_target") != self.target:
            return f"not a program for {self.target}"
        return None

    def sample(self, rng: random.Random) -> dict[str, Any]:
        buy = rng.random() < 0.5
        return {**self.base(), "bid_target": self.target, "enable_maximum_bid": not buy,
                "maximum_bid": str(self.min_bid + self.increment * rng.randrange(0, 6)), "enable_buy_price": buy,
                "buy_price": str(self.min_bid), "auto_pass_after": rng.random() < 0.5}

    def describe(self) -> str:
        return f"program bids on {self.name or self.target}"


def auction_program_moves(game: Any, entity: Any) -> Iterator[Move]:
    """The auction-bid programs ``entity`` may set now: one per target still for sale in an auction round whose
    step sells by minimum bids (the waterfall auction)."""
    if not getattr(game.round, "auction", False):
        return
    step = game.round.active_step()
    if step is None or not all(hasattr(step, n) for n in ("available", "min_bid", "highest_bid", "may_purchase")):
        return
    etype, eid = entity_ref(entity)
    increment = int(getattr(step, "min_increment", lambda: 5)())
    for target in step.available():
        yield ProgramAuctionBidMove(etype, eid, target=target.id, name=getattr(target, "name", target.id),
                                    min_bid=int(step.min_bid(target) or 0), increment=increment)


@enumerates(ProgramStep)
def programs(step: ProgramStep, entity: Any) -> Iterator[Move | Unusable]:
    """Programs a player may set now (listed by ``legal_moves(game, include_meta=True)``)."""
    if not getattr(entity, "is_player", False):
        return
    game = step.game
    etype, eid = entity_ref(entity)
    yield SimpleMove(etype, eid, kind="program_share_pass", label="pass in stock rounds until something changes")
    for corporation in game.corporations:
        if corporation.ipoed and not corporation.closed:
            conditions: tuple[str | int, ...] = tuple(range(10, 70, 10))
            if not corporation.floated:
                conditions = ("float", *conditions)
            yield ProgramBuySharesMove(etype, eid, corporation=corporation.id, conditions=conditions)
    yield from auction_program_moves(game, entity)
    if game.programmed_actions.get(entity.id):
        yield SimpleMove(etype, eid, kind="program_disable", label="stop the current program")


@enumerates(MessageStep)
def message(step: MessageStep, entity: Any) -> Iterator[Move | Unusable]:
    if "message" in step.actions(entity):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="message", label="send a chat message")
