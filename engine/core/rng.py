"""The seeded random generator, bit-identical to the one 18xx.games uses.

A 31-bit linear congruential generator: ``state = (A * state + C) mod M``; each call returns the new state.
Games that shuffle draw one value per element and sort by it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

RAND_A = 1_103_515_245
RAND_C = 12_345
RAND_M = 2**31

T = TypeVar("T")

_DIGITS = re.compile(r"\d+")


def seed_from(seed: object, game_id: object) -> int:
    """The seed a game starts from: ``settings.seed`` or, when that is missing or ``''``, the first run of
    digits in the game id (no digits: 0)."""
    if seed is None or seed == "":
        match = _DIGITS.search(str(game_id if game_id is not None else ""))
        return int(match.group()) if match else 0
    if isinstance(seed, bool) or not isinstance(seed, int):
        try:
            return int(str(seed))
        except ValueError:
            match = _DIGITS.search(str(seed))
            return int(match.group()) if match else 0
    return seed


class Rng:
    """The game's only source of randomness."""

    __slots__ = ("calls", "state")

    def __init__(self, seed: int) -> None:
        self.state = seed % RAND_M
        self.calls = 0

    def rand(self) -> int:
        self.state = (RAND_A * self.state + RAND_C) % RAND_M
        self.calls += 1
        return self.state

    def index(self, n: int) -> int:
        """A pick among ``n`` items: ``rand() % n``."""
        return self.rand() % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Sort by a fresh draw per element, drawn in element order."""
        keyed = [(self.rand(), i) for i in range(len(items))]
        keyed.sort()
        return [items[i] for _, i in keyed]

    def sort_by(self, items: Sequence[T], key: Callable[[T], object] | None = None) -> list[T]:
        """Alias of :meth:`shuffle` for readers used to ``sort_by { rand }``."""
        del key
        return self.shuffle(items)
