"""Rounds played between two operating rounds of a set (the merger round of 1867 and 1861).

When such a round ends, the round sequence (``engine/services/rounds.py``) goes on as after the operating round it
follows: the next operating round of the set, or the next stock round after the last one.
"""

from __future__ import annotations

from typing import ClassVar

from engine.rounds.base import Round


class InterludeRound(Round):
    """A round between two operating rounds; its ``round_num`` is that of the operating round it follows."""

    NAME: ClassVar[str] = "Interlude"
    SHORT_NAME: ClassVar[str] = "IR"


class MergerRound(InterludeRound):
    """The merger round of the merger games: minors merge into majors or convert to majors."""

    NAME: ClassVar[str] = "Merger"
    SHORT_NAME: ClassVar[str] = "MR"


__all__ = ["InterludeRound", "MergerRound"]
