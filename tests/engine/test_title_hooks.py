"""A title changes behaviour through its data, its service classes and the short list of hooks in
engine/titles/hooks.py, not by overriding the 18xx Game's methods at will."""

from __future__ import annotations

import importlib
import inspect

import pytest

from engine.core.game import KernelGame
from engine.game import Game
from engine.titles.hooks import GAME_HOOKS, SERVICES
from engine.titles.registry import TITLES


def title_game_classes() -> list[type]:
    classes = []
    for target in TITLES.values():
        module, _, name = str(target).partition(":")
        cls = getattr(importlib.import_module(module), name)
        if isinstance(cls, type) and issubclass(cls, Game):
            classes.append(cls)
    return classes


def test_every_hook_and_service_exists_on_the_game() -> None:
    for name in GAME_HOOKS:
        assert callable(getattr(Game, name, None)), name
    for attribute in SERVICES:
        assert isinstance(getattr(Game, attribute), type), attribute
    game_methods = {n for n, v in vars(Game).items() if inspect.isfunction(v)}
    assert set(GAME_HOOKS) - game_methods <= {n for n, v in vars(KernelGame).items() if inspect.isfunction(v)}


@pytest.mark.parametrize("cls", title_game_classes(), ids=lambda c: c.__name__)
def test_titles_override_only_documented_hooks(cls: type) -> None:
    base = {name for klass in Game.__mro__ for name, value in vars(klass).items()
            if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))}
    overridden = set()
    for klass in cls.__mro__:
        if klass in Game.__mro__:
            break
        for name, value in vars(klass).items():
            if name in base and (inspect.isfunction(value) or isinstance(value, property)):
                overridden.add(name)
    assert overridden <= set(GAME_HOOKS), sorted(overridden - set(GAME_HOOKS))


@pytest.mark.parametrize("cls", title_game_classes(), ids=lambda c: c.__name__)
def test_titles_services_are_subclasses_of_the_base_service(cls: type) -> None:
    for attribute in SERVICES:
        assert issubclass(getattr(cls, attribute), getattr(Game, attribute)), (cls.__name__, attribute)
