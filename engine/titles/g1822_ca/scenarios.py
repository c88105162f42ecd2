"""1822CA's regional scenarios: the Eastern (ERS) and Western (WRS) halves of the map with fewer companies and
corporations, a shorter train roster and market, and their own starting cash and certificate limits.

A scenario is 1822CA (``rules.Game1822CA``) with the facts of ``data.TITLE_ERS``/``TITLE_WRS`` and these few
rule changes: no Detroit-Duluth line, no extra operating round when the bank breaks, the L-train upgrade at $70
from phase 2, fewer privates with two players; WRS's GNWR home moves with the lays in its hex (as QMOO's) and
its home token may take an extra slot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.services.track import TrackRules
from engine.titles.g1822_ca import data
from engine.titles.g1822_ca.rules import Game1822CA, TrackRulesCA
from engine.titles.spec import TitleSpec


def _destinations(changes: dict[str, dict[str, Any]]) -> dict[str, str]:
    found = {k: v["destination_coordinates"] for k, v in data.DESTINATIONS.items()}
    for sym, change in changes.items():
        if "destination_coordinates" in change:
            found[sym] = change["destination_coordinates"]
    return found


class ScenarioCA(Game1822CA):
    """What both regional scenarios change."""

    TWO_PLAYER_COMPANIES: ClassVar[tuple[str, ...]] = ()
    DETROIT_DULUTH_HEXES: ClassVar[tuple[str, ...]] = ()
    EXTRA_OR_ON_BANK_BREAK: ClassVar[bool] = False
    #: the L-train upgrade's price: before phase 2, from phase 2
    L_UPGRADE_PRICES: ClassVar[tuple[int, int]] = (80, 70)

    def starting_ids(self, lists: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[str, ...]:
        if lists is self.STARTING_COMPANIES and len(self.players) == 2:
            return self.TWO_PLAYER_COMPANIES
        return super().starting_ids(lists)

    def discountable_trains_for(self, corporation: Any) -> list[tuple[Any, Any, str, int]]:
        from engine.steps.trains import depot_trade_ins

        old, new, _price = self.L_UPGRADE
        price = self.L_UPGRADE_PRICES[0 if int(self.phase.name) < 2 else 1]
        return depot_trade_ins(self, corporation) + [(t, t, new, price) for t in corporation.trains if t.name == old]


class Game1822CAERS(ScenarioCA):
    TITLE: ClassVar[TitleSpec] = data.TITLE_ERS
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.ERS_COMPANIES, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.ERS_CORPORATIONS, ())
    TWO_PLAYER_COMPANIES: ClassVar[tuple[str, ...]] = data.ERS_COMPANIES_TWO_PLAYERS
    DESTINATIONS: ClassVar[dict[str, str]] = _destinations(data.ERS_CORPORATION_CHANGES)
    #: no grain trains in the east
    COMPANY_TRAINS: ClassVar[dict[str, str]] = {
        k: v for k, v in Game1822CA.COMPANY_TRAINS.items() if not v.startswith("G-")}


class TrackRulesWRS(TrackRulesCA):
    """A home token goes in an extra (cheater) slot when its city is full (minor 18 and GNWR share Thunder Bay);
    GNWR's reservation is lifted first (its home is any city of its hex with room)."""

    def place_home_token(self, corporation: Any) -> None:
        game: Any = self.game
        hex_ = game.hex_by_id(corporation.coordinates) if isinstance(corporation.coordinates, str) else None
        if hex_ is not None and corporation.id in game.MOVING_HOMES:
            hex_.tile.remove_reservation(corporation)
        super().place_home_token(corporation)
        token = corporation.next_token()
        if hex_ is None or token is None or corporation.tokens[0].used:
            return
        pending = getattr(game.round, "pending_tokens", None) or []
        tile = hex_.tile
        if any(p["entity"] is corporation for p in pending) or (tile.reserved_by(corporation) and tile.paths):
            return
        city = next((c for c in tile.cities if c.reserved_by(corporation)), tile.cities[0] if tile.cities else None)
        if city is None:
            return
        game.log(f"{corporation.name} places a token on {hex_.id}")
        city.place_token(corporation, token, cheater=True)
        game.graph.clear()


class Game1822CAWRS(ScenarioCA):
    TITLE: ClassVar[TitleSpec] = data.TITLE_WRS
    STARTING_COMPANIES: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.WRS_COMPANIES, ())
    STARTING_CORPORATIONS: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (data.WRS_CORPORATIONS, ())
    TWO_PLAYER_COMPANIES: ClassVar[tuple[str, ...]] = data.WRS_COMPANIES_TWO_PLAYERS
    DESTINATIONS: ClassVar[dict[str, str]] = _destinations(data.WRS_CORPORATION_CHANGES)
    START_MINOR: ClassVar[str | None] = None
    MINOR_14: ClassVar[str | None] = None
    PENDING_HOME_TOKENERS: ClassVar[tuple[str, ...]] = ()
    MOVING_HOMES: ClassVar[tuple[str, ...]] = ("GNWR",)
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesWRS

    def pending_home_tokeners(self) -> tuple[str, ...]:
        return ()
