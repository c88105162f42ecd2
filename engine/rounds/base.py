"""The 18xx round base: the kernel's round (``engine.core.round``) with the default steps every 18xx round
has and the round-kind flags the 18xx rules ask about."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.round import Round as KernelRound
from engine.steps.defaults import DEFAULT_STEPS

if TYPE_CHECKING:
    from engine.game import Game
    from engine.steps.base import Step


class Round(KernelRound):
    """Base of the 18xx rounds."""

    DEFAULT_STEPS: ClassVar[tuple[Any, ...]] = tuple(DEFAULT_STEPS)
    operating: ClassVar[bool] = False
    stock: ClassVar[bool] = False
    auction: ClassVar[bool] = False
    draft: ClassVar[bool] = False

    game: Game
    steps: list[Step]  # type: ignore[assignment]
