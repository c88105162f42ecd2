"""18AL's own steps.

* ``Assign18AL``: the South & North Alabama's Warrior Coal Field token goes to a mining city its corporation
  (which must own a train) reaches; the corporation then earns $10 more for every stop there (a
  ``hexes_bonus`` ability, removed by the first 6 train) and the other mining icons leave the map.
* ``BuyCompany18AL``: a corporation buying the Memphis & Charleston before its turn receives the Robert E. Lee
  and Pan American route markers (the round's last step, after the turn, is the plain ``BuyCompany``: the
  reference gives no markers there).
* ``Token18AL``: a station in a corporation's historical objective city pays it $100 once.
* ``BuySellParShares18AL``: when a stock turn changes the president of the markers' corporation the log says
  the markers are removed; the reference's removal names the marker types wrongly and removes nothing, so
  neither do we.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.assign import Assign
from engine.steps.companies import BuyCompany
from engine.steps.shares import BuySellParShares
from engine.steps.token import TokenStep
from engine.titles.g18al.data import (
    COAL_BONUS,
    COAL_COMPANY,
    COAL_HEXES,
    OBJECTIVE_BONUS,
    ROUTE_MARKER_COMPANY,
    ROUTE_MARKERS,
)

if TYPE_CHECKING:
    from engine.actions import Action


class Assign18AL(Assign):
    NAME: ClassVar[str] = "Assign"

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if self.refusal(entity, hex_) is not None:
            return None
        return super().available_hex(entity, hex_)

    def refusal(self, company: Any, target: Any) -> str | None:
        """Why the coal token may not go to ``target`` now (None: it may)."""
        game: Any = self.game
        owner = company.owner
        if company.id != COAL_COMPANY:
            return f"{owner.name} is not SNAR"
        if not owner.trains:
            return f"{owner.name} owns no trains"
        if not game.loading and not game.graph.reachable_hexes(owner).get(target):
            return f"{target.location_name} is not reachable"
        return None

    def process_assign(self, action: Action) -> None:
        game: Any = self.game
        company = game.resolve_entity(action)
        owner = company.owner
        target = self.resolve_target(action)
        location = target.location_name
        refusal = self.refusal(company, target)
        if refusal is not None:
            raise IllegalAction(refusal)
        super().process_assign(action)
        owner.add_ability({"type": "hexes_bonus", "description": f"Warrior Coal Field token: {location}",
                           "hexes": [target.id], "amount": COAL_BONUS})
        game.remove_mining_icons(COAL_HEXES)
        game.log(f"Warrior Coal Field token is placed in {location} ({target.id})")
        if any(t.city is not None and t.city.hex is target for t in owner.tokens):
            return
        game.log(f"-- Note! It is not verified that {owner.name} owns a train that can run to {location}")


class BuyCompany18AL(BuyCompany):
    NAME: ClassVar[str] = "BuyCompany"

    def process_buy_company(self, action: Action) -> None:
        super().process_buy_company(action)
        game: Any = self.game
        if getattr(action, "company", None) != ROUTE_MARKER_COMPANY:
            return
        corporation = game.resolve_entity(action)
        for kind, (name, hexes, amount) in ROUTE_MARKERS.items():
            first, second = (game.hex_by_id(h).location_name for h in hexes)
            corporation.add_ability({"type": kind, "hexes": list(hexes), "amount": amount,
                                     "description": f"{name}: {first}-{second} ({game.format_currency(amount)})"})


class Token18AL(TokenStep):
    NAME: ClassVar[str] = "Token"

    def place_token(self, entity: Any, city: Any, token: Any, **kwargs: Any) -> None:
        super().place_token(entity, city, token, **kwargs)
        game = self.game
        for ability in list(game.ability_rules.abilities(entity, "assign_hexes")):
            if len(ability.hexes) != 1 or city.hex is None or city.hex.id != ability.hexes[0]:
                continue
            game.log(f"{entity.name} receives {game.format_currency(OBJECTIVE_BONUS)} - {ability.description}")
            game.bank.spend(OBJECTIVE_BONUS, entity)
            entity.remove_ability(ability)


class BuySellParShares18AL(BuySellParShares):
    NAME: ClassVar[str] = "BuySellParShares"

    def setup(self) -> None:
        super().setup()
        self.controller_at_start = self.markers_controller()

    def markers_owner(self) -> Any:
        game = self.game
        first = next(iter(ROUTE_MARKERS))
        for corporation in game.corporations:
            if game.ability_rules.abilities(corporation, first):
                return corporation
        return None

    def markers_controller(self) -> Any:
        owner = self.markers_owner()
        return None if owner is None else owner.owner

    def process_pass(self, action: Action) -> None:
        super().process_pass(action)
        start = getattr(self, "controller_at_start", None)
        if start is None or start is self.markers_controller():
            return
        self.game.log(f"{self.markers_owner().name} removes route bonuses as presidency changed")
        self.controller_at_start = None


__all__ = ["Assign18AL", "BuyCompany18AL", "BuySellParShares18AL", "Token18AL"]
