"""Title name -> the title's ``Game`` class."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from engine.errors import InvalidAction

if TYPE_CHECKING:
    from engine.game import Game

# Title names exactly as 18xx.games writes them in an export's "title" field.
TITLES: dict[str, str] = {
    "1830": "engine.titles.g1830.rules:Game1830",
    "1889": "engine.titles.g1889.rules:Game1889",
    "18Chesapeake": "engine.titles.g18chesapeake.rules:Game18Chesapeake",
    "1846": "engine.titles.g1846.rules:Game1846",
}


def supported_titles() -> list[str]:
    return list(TITLES)


def load_title(title: str) -> type[Game]:
    """The ``Game`` subclass of ``title``; ``InvalidAction`` for a title we do not support."""
    target = TITLES.get(title)
    if target is None:
        known = ", ".join(TITLES)
        raise InvalidAction(f"the title {title!r} is not supported (supported: {known})")
    module_name, _, cls_name = target.partition(":")
    module = importlib.import_module(module_name)
    cls: type[Game] = getattr(module, cls_name)
    return cls
