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
    return bool(game.can_go_bankrupt(game.acting_for_entity(owner), corporation))


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
    if game.programmed_actions.get(entity.id):
        yield SimpleMove(etype, eid, kind="program_disable", label="stop the current program")


@enumerates(MessageStep)
def message(step: MessageStep, entity: Any) -> Iterator[Move | Unusable]:
    if "message" in step.actions(entity):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="message", label="send a chat message")
