"""Irish Gauge's action types (JSON like the 18xx.games actions: ``type``, ``entity`` = the player id,
``entity_type`` = "player", plus these fields):

- ``bid``: ``corporation`` (the railway) and ``price``: open an auction on the railway's lowest unsold share
  (as the turn's action), or bid in the auction running;
- ``build_track``: ``corporation`` and ``hex``: one track of the railway (the first one starts the turn's
  track action; the action goes on until the build points run out, no hex is left, or the player passes);
- ``special_interest``: ``hex`` (a town) and ``color`` (a cube colour still in the supply);
- ``call_dividends``: no fields; the cubes are drawn by the game's seeded generator;
- ``pass``: leave an auction (final), decline the opening bid of an initial auction, or end a track action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core.actions import Action, action_registry


@dataclass(slots=True, kw_only=True)
class Bid(Action):
    TYPE: ClassVar[str] = "bid"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"corporation": (str,), "price": (int,)}
    corporation: str = ""
    price: int = 0


@dataclass(slots=True, kw_only=True)
class BuildTrack(Action):
    TYPE: ClassVar[str] = "build_track"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"corporation": (str,), "hex": (str,)}
    corporation: str = ""
    hex: str = ""


@dataclass(slots=True, kw_only=True)
class SpecialInterest(Action):
    TYPE: ClassVar[str] = "special_interest"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"hex": (str,), "color": (str,)}
    hex: str = ""
    color: str = ""


@dataclass(slots=True, kw_only=True)
class CallDividends(Action):
    TYPE: ClassVar[str] = "call_dividends"


ACTION_TYPES = action_registry(Bid, BuildTrack, SpecialInterest, CallDividends)
