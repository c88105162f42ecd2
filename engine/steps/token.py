"""The Token step: the operating corporation may place one station token in a city its track reaches."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.tokener import Tokener

if TYPE_CHECKING:
    from engine.actions import PlaceToken


class TokenStep(Tokener):
    """Place a token (the reference's ``Step::Token``).  Offered only while ``can_place_token``
    holds, so a corporation with no reachable city with room is skipped automatically."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("place_token", "pass")
    NAME: ClassVar[str] = "Token"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if not self.can_place_token(entity):
            return []
        return list(self.ACTIONS)

    def description(self) -> str:
        return "Place a Token"

    def pass_description(self) -> str:
        return "Skip (Token)"

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        return self.tokener_available_hex(entity, hex_)

    def process_place_token(self, action: PlaceToken) -> None:
        entity, city, token = self.resolve_place_token(action)
        hex_ = city.hex
        if self.game.strict and (hex_ is None or not self.available_hex(entity, hex_)):
            where = hex_.id if hex_ is not None else "?"
            raise IllegalAction(f"{entity.name} cannot place token in City {city.id} on hex {where}")
        self.place_token(entity, city, token)
        self.pass_()
