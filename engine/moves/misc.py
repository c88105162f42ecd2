"""Moves of the steps every round has (end_game, message, programs) and of bankruptcy.

Messages and programs are accepted from any player at any time (``check_action`` lets them through without
an enumerator); ``end_game`` ends the game at once, as the reference allows any player to.  Bankruptcy is
offered only when the rules allow it: the operating corporation (never a minor) must buy a train, is in the
train-buying step, and neither it nor its president can raise the price of the cheapest depot train.  (The
reference lets any operator declare bankruptcy and only then checks; in 1846 a minor could go bankrupt and
then still receive money.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.moves.base import Move, SimpleMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.steps.bankrupt import Bankrupt
from engine.steps.defaults import EndGame


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
    if corporation.trains or not game.must_buy_train(corporation):
        return False
    return bool(game.can_go_bankrupt(game.acting_for_entity(owner), corporation))


@enumerates(Bankrupt)
def bankrupt(step: Bankrupt, entity: Any) -> Iterator[Move | Unusable]:
    if "bankrupt" not in step.actions(entity):
        return
    if may_go_bankrupt(step.game, entity):
        etype, eid = entity_ref(entity)
        yield SimpleMove(etype, eid, kind="bankrupt", label="declare bankruptcy")
