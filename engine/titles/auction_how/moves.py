"""Legal moves of Auction HOW's own step (the bids and passes are the control auction's, in
``engine/moves/control_auction.py``): recording an epoch's score ("Keep score")."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.moves.base import Move, Unusable, in_range
from engine.moves.registry import entity_ref, enumerates
from engine.titles.auction_how.game import MAX_EPOCH_SCORE, EpochScore


@dataclass(frozen=True)
class ScoreMove(Move):
    """Record the victory points scored on the board in the epoch: 0 to ``max_vp``."""

    TYPE: ClassVar[str] = "score"
    max_vp: int = MAX_EPOCH_SCORE

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return in_range(action.get("vp"), 0, self.max_vp, "score")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "vp": rng.randint(0, 30)}

    def describe(self) -> str:
        return f"record the epoch's score (0 to {self.max_vp} VP)"


@enumerates(EpochScore)
def epoch_score_moves(step: EpochScore, entity: Any) -> Iterator[Move | Unusable]:
    if "score" in step.actions(entity):
        etype, eid = entity_ref(entity)
        yield ScoreMove(etype, eid)
