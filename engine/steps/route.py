"""The Route step: the operating corporation runs its trains (the reference engine's ``Step::Route``).

A ``run_routes`` action lists one route per train.  Each is rebuilt as an :class:`engine.map.route.Route`
(from its ``connections`` hex chains) and validated; the routes are stored on the round
(``round.routes``, ``round.extra_revenue``) for the Dividend step that follows.

Revenue: a revenue stored in the action is what the route earns, as on 18xx.games.  When the action
also carries ``connections`` the route is rebuilt and the stored revenue may not exceed its computed one
(more means a damaged file or an engine bug, and is refused; less is paid as written, as the site does;
a title whose recorded runs differ either way turns the check off with ``CHECK_STORED_REVENUE``).  A route stored without
``connections`` cannot be rebuilt and its stored revenue is trusted as it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from engine.errors import IllegalAction, InvalidAction
from engine.map.route import Route, RouteHost, base_revenue_for, routes_from_action
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game
    from engine.map.parts import Node


#: Check a recorded run (its stored revenue against the rebuilt route, the route's legality) when loading a saved
#: game too, not only in live play.  Off: the reference engine trusts a recorded revenue when loading, and the
#: rebuild was a fifth of a replay's time (bench/replay_ab.py); the fixture tests turn it on, so that every real
#: game's runs are still followed on our track and checked.
VERIFY_RECORDED_RUNS = False


class GameRouteHost:
    """Adapts a game to :class:`engine.map.route.RouteHost` when the game has no ``revenue_for`` hook
    (the base rule then applies: the sum of the stops' revenues)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    def phase(self) -> Any:
        return self.game.phase

    def hex_by_id(self, hex_id: str) -> Any:
        return self.game.hex_by_id(hex_id)

    def train_by_id(self, train_id: str) -> Any:
        return self.game.train_by_id(train_id)

    def train_owner(self, train: Any) -> Any:
        return self.game.train_rules.train_owner(train)

    @property
    def ability_rules(self) -> Any:
        """The game's abilities (route revenue asks for hex bonuses)."""
        return self.game.ability_rules

    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        return base_revenue_for(route, stops)

    @property
    def city_tokened_by(self) -> Any:
        """The game's rule of which tokens count for a route, if it has one (:func:`engine.map.graph.token_starts`)."""
        return getattr(self.game, "city_tokened_by", None)


def route_host(game: Game) -> RouteHost:
    """The game itself when it implements ``revenue_for``, else an adapter using the base rule."""
    if callable(getattr(game, "revenue_for", None)):
        return cast(RouteHost, game)
    return GameRouteHost(game)


def most_recorded_revenue(game: Any, route: Any, computed: int) -> int:
    """The most a recorded run of ``route`` may claim: what it earns, or more where the title's optional hook
    ``most_recorded_revenue`` says so (1822: a route's destination bonus as if it ran alone)."""
    hook = getattr(game, "most_recorded_revenue", None)
    return max(computed, int(hook(route))) if callable(hook) else computed


def build_routes(game: Game, entries: Sequence[Mapping[str, Any]]) -> list[Route]:
    """The routes of a ``run_routes`` action (nothing is computed yet: routes rebuild lazily)."""
    for entry in entries:
        if not isinstance(entry, Mapping) or "train" not in entry:
            raise InvalidAction("each route of run_routes must name its train")
    return routes_from_action(route_host(game), entries)


class RouteStep(Step):
    """Run the operating corporation's trains."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("run_routes",)
    NAME: ClassVar[str] = "Route"
    #: check a stored revenue against the rebuilt route's revenue when the action has ``connections`` (live play)
    CHECK_STORED_REVENUE: ClassVar[bool] = True
    #: a corporation in receivership must run a train (1846: the round withholds for it right after the run);
    #: False where its empty run goes on to the dividend step like any other (18Rhl)
    RECEIVERSHIP_MUST_RUN: ClassVar[bool] = True

    def type_name(self) -> str:
        return "route"

    def description(self) -> str:
        return "Run Routes"

    def round_state(self) -> dict[str, Any]:
        return {"routes": []}

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if not getattr(entity, "is_operator", False):
            return []
        if not self.runnable_trains(entity) or not self.game.train_rules.can_run_route(entity):
            return []
        return list(self.ACTIONS)

    def runnable_trains(self, entity: Any) -> list[Any]:
        """The trains that may still run this turn (the reference's ``route_trains``: unrun trains)."""
        return [t for t in self.game.train_rules.route_trains(entity) if not t.operated]

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        return self.game.graph.reachable_hexes(entity).get(hex_)

    def conversion(self) -> bool:
        return False

    # --- processing ----------------------------------------------------------------------------------
    def process_run_routes(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        entries: list[Mapping[str, Any]] = list(getattr(action, "routes", None) or [])
        routes = build_routes(game, entries)
        extra_revenue = getattr(action, "extra_revenue", None)

        trains: list[Any] = []
        abilities: list[str] = []
        lines: list[str] = []
        for route, entry in zip(routes, entries):
            train = route.train
            if train.owner is not None and game.train_rules.train_owner(train) is not entity:
                raise IllegalAction(f"{entity.name} cannot run another corporation's train ({train.id})")
            if any(t is train for t in trains):
                raise IllegalAction(f"{entity.name} cannot run the {train.name} train ({train.id}) twice")
            if train.operated:
                raise IllegalAction(f"the {train.name} train ({train.id}) has already run this turn")
            trains.append(train)
            revenue = self.route_revenue(route, entry)
            lines.append(
                f"{entity.name} runs a {train.name} train for {game.format_currency(revenue)}: {route.revenue_str()}"
            )
            abilities.extend(route.abilities or [])

        setattr(self.round, "routes", routes)  # noqa: B010 - round_state attributes are dynamic
        setattr(self.round, "extra_revenue", extra_revenue)  # noqa: B010
        for line in lines:
            game.log(line)
        self.log_extra_revenue(entity, extra_revenue)
        self.pass_()
        for ability_type in dict.fromkeys(abilities):
            ability = game.ability_rules.ability(entity, ability_type, time="route")
            if ability is not None:
                ability.use()

    def pays_as_recorded(self, route: Route, entry: Mapping[str, Any]) -> bool:
        """Whether this recorded route is paid as written without being followed or checked (never here; a title
        whose real games record runs the site trusts but our track cannot follow says which).  The legal-move
        check (``engine.moves.route``) asks the same."""
        return False

    def route_revenue(self, route: Route, entry: Mapping[str, Any]) -> int:
        """The route's revenue: stored (checked against the rebuilt route when possible) or computed.

        Loading a saved game, a stored revenue is taken as recorded without rebuilding the route, as the reference
        engine loads it (its ``Route#revenue`` returns the stored revenue and never builds the legs); a part of the
        game that needs the route's stops builds it then.  Live play checks it (and the legal moves did before);
        ``VERIFY_RECORDED_RUNS`` checks it when loading too (the fixture tests turn it on)."""
        stored = route.stored_revenue
        if stored is None:
            return route.revenue()
        if not (VERIFY_RECORDED_RUNS or self.game.strict):
            return route.revenue()  # the stored revenue, asked before ``pays_as_recorded`` (which may build legs)
        if self.pays_as_recorded(route, entry):
            return int(stored)
        # A recorded revenue stands, as on 18xx.games, unless it is more than the route earns (18Texas/65394
        # records a 5 train's run at $230 where its stops make $240).
        if self.CHECK_STORED_REVENUE and entry.get("connections"):
            computed = route.computed_revenue()
            if stored > most_recorded_revenue(self.game, route, computed):
                money = self.game.format_currency
                raise IllegalAction(
                    f"the {route.train.name} train's route {route.revenue_str()} earns {money(computed)}, "
                    f"not the {money(stored)} recorded"
                )
        return route.revenue()

    def log_extra_revenue(self, entity: Any, extra_revenue: int | None) -> None:
        if not extra_revenue:
            return
        self.game.log(f"{entity.name} receives {self.game.format_currency(extra_revenue)} additional revenue")


__all__ = ["GameRouteHost", "RouteStep", "build_routes", "most_recorded_revenue", "route_host"]
