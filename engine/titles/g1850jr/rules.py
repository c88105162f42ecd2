"""1850 Jr: the behaviours of the title that are not data.

Hooks used:

* ``operating_round_steps``: the base list with one depot train per operating round
  (``SingleDepotTrainBuy``: the phases all say ``limited_train_buy``) and the home token step.
* ``check_route_visits``: a route through a port needs two other stops.
* ``revenue_for``: a route through a port earns half its value again, rounded down to ten.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.game import Game
from engine.map.route import base_revenue_for
from engine.titles.g1850jr.data import PORT_GROUP, PORT_MIN_STOPS, TITLE
from engine.titles.spec import TitleSpec


def port_of(stops: Sequence[Any]) -> Any:
    """The first port among ``stops`` (None: the route reaches no port)."""
    return next((stop for stop in stops if PORT_GROUP in (getattr(stop, "groups", None) or ())), None)


def port_bonus(revenue: int) -> int:
    """What a port adds to a route worth ``revenue``: half of it, rounded down to ten."""
    return (revenue // 2) // 10 * 10


class Game1850Jr(Game):
    TITLE: ClassVar[TitleSpec] = TITLE

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.trains import DiscardTrain

        return [Bankrupt, Exchange, SpecialTrack, BuyCompany, HomeToken, Track, TokenStep, RouteStep, Dividend,
                DiscardTrain, SingleDepotTrainBuy, (BuyCompany, {"blocks": True})]

    # --- ports ----------------------------------------------------------------------------------------------
    def check_route_visits(self, visits: Sequence[Any]) -> None:
        port = port_of(visits)
        if port is not None and len(visits) < PORT_MIN_STOPS:
            name = port.hex.location_name if port.hex is not None else "A port"
            raise IllegalAction(f"{name} must contain 2 other stops")

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        revenue = base_revenue_for(route, stops)
        if port_of(stops) is not None:
            revenue += port_bonus(revenue)
        return revenue


__all__ = ["Game1850Jr", "port_bonus", "port_of"]
