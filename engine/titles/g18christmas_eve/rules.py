"""Uncle Lachlan's 18 Christmas Eve: 18Chesapeake's rules (``Game18Chesapeake``: Santa is its Cornelius
Vanderbilt, trains are exported at the end of every set of operating rounds, the two-player rules) with:

* the stock turn with gifts (``steps.BuySellParGiftShares``, the ``choose`` action) and sales after purchases;
* track keeping the rooms' frames (``steps.RoomTrack``);
* ``revenue_for``: the Conductor's Hat (+$10 per room the owner's train stopping in the most rooms stops in)
  and the Egg Nog Express (+$40 for a train stopping at both the Bar and the DC hex);
* the first D train ends the game after the next complete set of operating rounds (``d_trigger``);
* none of 18Chesapeake's paired lays, and "sold out" is the ordinary rule (the round is the engine's own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.map.route import base_revenue_for
from engine.services.game_end import GameEndRules
from engine.services.shares import ShareRules
from engine.services.trains import TrainRules
from engine.titles.g18chesapeake.rules import Game18Chesapeake
from engine.titles.g18christmas_eve.data import TITLE
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.map.route import Route

CONDUCTORS_HAT = "CH"
EGG_NOG_EXPRESS = "ENX"
HAT_BONUS_PER_ROOM = 10
EGG_NOG_BONUS = 40
BAR = "Bar"
DC_LABEL = "DC"


def rooms_of(stops: Any) -> int:
    """The rooms (frame colours) among ``stops``; off-board stops have no room."""
    rooms: list[str] = []
    for stop in stops:
        frame = stop.tile.frame if stop.tile is not None else None
        color = frame.color if frame is not None else None
        if color is not None and color not in rooms:
            rooms.append(color)
    return len(rooms)


class TrainRulesChristmasEve(TrainRules):
    def event_d_trigger(self) -> None:
        game = self.game
        assert isinstance(game, GameChristmasEve)
        if not game.d_triggered:
            game.log("First D purchased. Game will end at end of next set of ORs")
        game.d_triggered = True


class GameEndRulesChristmasEve(GameEndRules):
    def condition(self, reason: str) -> bool:
        if reason == "final_phase":
            game = self.game
            assert isinstance(game, GameChristmasEve)
            return game.d_triggered
        return super().condition(reason)


class GameChristmasEve(Game18Chesapeake):
    TITLE: ClassVar[TitleSpec] = TITLE
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesChristmasEve
    END_RULES: ClassVar[type[GameEndRules]] = GameEndRulesChristmasEve
    CORNELIUS: ClassVar[str] = "SC"
    PAIRED_LAY_COMPANIES: ClassVar[tuple[str, ...]] = ()

    def setup(self) -> None:
        self.d_triggered = False
        super().setup()

    # --- rounds -----------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18christmas_eve.steps import BuySellParGiftShares

        return [DiscardTrain, BuySellParGiftShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.track import Track
        from engine.titles.g18christmas_eve.steps import RoomTrack

        return [RoomTrack if step is Track else step for step in super().operating_round_steps()]

    # --- route bonuses ----------------------------------------------------------------------------
    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        revenue = base_revenue_for(route, stops)
        owned = {c.id for c in getattr(route.train.owner, "companies", ())}
        if CONDUCTORS_HAT in owned and self.has_most_rooms(route):
            revenue += HAT_BONUS_PER_ROOM * self.rooms_in_route(route)
        if EGG_NOG_EXPRESS in owned and self.is_egg_nog_route(route):
            revenue += EGG_NOG_BONUS
        return revenue

    @staticmethod
    def rooms_in_route(route: Route) -> int:
        """The rooms (frame colours) the route stops in; off-board stops have no room."""
        return rooms_of(route.visited_stops)

    def has_most_rooms(self, route: Route) -> bool:
        """Is ``route`` the run's route stopping in the most rooms (the first of equals)?  (The route optimiser
        scores a route beside a stand-in that outranks it, and adds the bonus itself: ``most_bonus``.)"""
        if any(getattr(r, "OUTRANKS_ALL", False) for r in route.routes):
            return False
        return max(route.routes, key=self.rooms_in_route) is route

    def most_bonus(self, corporation: Any) -> tuple[int, Any] | None:
        """Route optimiser: the Conductor's Hat pays $10 per room of the run's route stopping in most rooms."""
        if not any(c.id == CONDUCTORS_HAT for c in getattr(corporation, "companies", ())):
            return None
        return HAT_BONUS_PER_ROOM, rooms_of

    @staticmethod
    def is_egg_nog_route(route: Route) -> bool:
        stops = route.visited_stops
        bar = any(s.tile is not None and s.tile.location_name == BAR for s in stops)
        dc = any(s.tile is not None and s.tile.label == DC_LABEL for s in stops)
        return bar and dc
