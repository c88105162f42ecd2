"""1836Jr-30: the 1830 rules in the Low Countries.

Hooks used:

* ``operating_round_steps``: the 1830 list, with trains bought through ``BuySingleTrainOfType`` (at
  most one depot train of each type per turn).
* ``revenue_for``: a port (Harwich, Dover, Paris: stop group ``port``) pays its value once for every
  station of the running corporation on the route, instead of once.
* ``check_route_visits``: a route through a port must visit two other stops.

Everything else (the Charbonnages du Hainaut's teleport, the exchange, the shares that come with
privates) is data and the engine's general abilities.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.map.route import base_revenue_for, stop_revenue
from engine.titles.family1830 import operating_round_steps_1830
from engine.titles.g1836jr30.data import PORT_GROUP, TITLE
from engine.titles.spec import TitleSpec


def _port(stops: Sequence[Any]) -> Any:
    return next((stop for stop in stops if PORT_GROUP in stop.groups), None)


class Game1836Jr30(Game):
    TITLE: ClassVar[TitleSpec] = TITLE

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.single_train import BuySingleTrainOfType

        return operating_round_steps_1830(BuyTrain=BuySingleTrainOfType)

    # --- routes ----------------------------------------------------------------------------------------
    def check_route_visits(self, visits: Sequence[Any]) -> None:
        """A port needs two other stops on its route."""
        port = _port(visits)
        if port is not None and len(visits) < 3:
            raise IllegalAction(f"{port.tile.location_name or port.hex.id} must contain 2 other stops")

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        """A port pays its value once per station of the running corporation on the route."""
        revenue = base_revenue_for(route, stops)
        port = _port(stops)
        if port is None:
            return revenue
        per_token = stop_revenue(port, route.phase.tiles, route.train)
        owner = route.train.owner
        tokens = sum(1 for stop in stops if getattr(stop, "is_city", False) and stop.tokened_by(owner))
        return revenue - per_token + per_token * tokens


__all__ = ["Game1836Jr30"]
