"""18Chesapeake: Off the Rails: 18Chesapeake's rules (``Game18Chesapeake``) with the variant's data and
no train export at the end of a set of operating rounds."""

from __future__ import annotations

from typing import ClassVar

from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g18chesapeake_off_the_rails.data import TITLE
from engine.titles.spec import TitleSpec


class Game18ChesapeakeOffTheRails(Game18Chesapeake):
    TITLE: ClassVar[TitleSpec] = TITLE
    EXPORTED_TRAINS: ClassVar[tuple[str, ...]] = ()
