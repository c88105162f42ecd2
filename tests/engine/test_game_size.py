"""The size of the game classes: the kernel stays small and the 18xx ``Game`` does not grow (issue 12: at most
60 public methods in the end; today's count is the ceiling until rule families move out into services)."""

from __future__ import annotations

import inspect

import pytest

from engine.core.game import KernelGame
from engine.game import Game

KERNEL_LIMIT = 30
#: The 18xx Game's public methods: 133 before the kernel was split out, 120 with the share rules moved into
#: engine/services/shares.py, 92 with abilities, trains and companies moved into engine/services/; lower it as
#: rule families move into services (the goal is 60).
GAME_CEILING = 92


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


def test_moved_share_rules_are_not_on_the_game() -> None:
    from engine.services.shares import ShareRules

    moved = set(public_methods(ShareRules))
    assert {"sell_shares_and_change_price", "liquidity", "sellable_bundles", "finish_stock_round"} <= moved
    assert not moved & set(public_methods(Game))


@pytest.mark.parametrize(("module", "cls", "names"), [
    ("engine.services.abilities", "AbilityRules", {"abilities", "ability", "graph_teleports", "close_companies_on_event"}),
    ("engine.services.trains", "TrainRules", {"buy_train", "rust_trains", "crowded_corps", "must_buy_train"}),
    ("engine.services.companies", "CompanyRules", {"payout_companies", "purchasable", "sellable"}),
])
def test_moved_rule_families_are_not_on_the_game(module: str, cls: str, names: set[str]) -> None:
    import importlib

    service = getattr(importlib.import_module(module), cls)
    moved = set(public_methods(service))
    assert names <= moved
    assert not moved & set(public_methods(Game)), moved & set(public_methods(Game))
