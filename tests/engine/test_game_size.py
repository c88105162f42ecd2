"""The size of the game classes: the kernel stays small and the 18xx ``Game`` does not grow (issue 12: at most
60 public methods in the end; today's count is the ceiling until rule families move out into services)."""

from __future__ import annotations

import inspect

from engine.core.game import KernelGame
from engine.game import Game

KERNEL_LIMIT = 30
#: The 18xx Game's public methods when the kernel was split out (133 before it); lower it as families move.
GAME_CEILING = 135


def public_methods(cls: type) -> list[str]:
    """Public methods and properties, inherited ones included (what a caller or a title can reach)."""
    names = []
    for name in dir(cls):
        if name.startswith("_"):
            continue
        attr = inspect.getattr_static(cls, name)
        if inspect.isfunction(attr) or isinstance(attr, staticmethod | classmethod | property):
            names.append(name)
    return names


def test_public_methods_counts_what_a_caller_can_reach() -> None:
    class Small:
        X = 1

        def a(self) -> None: ...

        @property
        def b(self) -> int:
            return 1

        @staticmethod
        def c() -> None: ...

        def _d(self) -> None: ...

    class Sub(Small):
        def e(self) -> None: ...

    assert public_methods(Small) == ["a", "b", "c"]
    assert public_methods(Sub) == ["a", "b", "c", "e"]


def test_the_kernel_is_small() -> None:
    methods = public_methods(KernelGame)
    print(f"KernelGame: {len(methods)} public methods")
    assert len(methods) <= KERNEL_LIMIT, methods
    assert not any(word in name for name in methods for word in ("share", "train", "tile", "corporation", "cash"))


def test_the_18xx_game_does_not_grow() -> None:
    methods = public_methods(Game)
    print(f"Game: {len(methods)} public methods")
    assert set(public_methods(KernelGame)) <= set(methods)
    assert len(methods) <= GAME_CEILING, sorted(set(methods) - set(public_methods(KernelGame)))
