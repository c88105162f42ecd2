"""18GA's token steps: one station token per corporation and operating round, the Waycross & Southern's free
token in Waycross counting as that token.

* ``SpecialToken18GA``: the W&SR (owned by the operating corporation) places its token in Waycross, only while
  a token-placing step is the active one and only if Waycross has room.
* ``Token18GA``: the corporation's own token; its token abilities do not price it (the W&SR token goes through
  the company); a corporation that cannot place a token but still has the W&SR token may only pass here, so
  that it can use the company in this step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.special_token import SpecialToken
from engine.steps.token import TokenStep

if TYPE_CHECKING:
    from engine.actions import PlaceToken


class OneTokenPerRound:
    """Mix-in: the corporations that placed a token this round (``round.tokens_placed``)."""

    game: Any
    round: Any

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())  # type: ignore[misc]
        state["tokens_placed"] = []
        return state

    @staticmethod
    def token_corporation(entity: Any) -> Any:
        return entity.owner if getattr(entity, "is_company", False) else entity

    def already_tokened_this_round(self, entity: Any) -> bool:
        corporation = self.token_corporation(entity)
        return any(c is corporation for c in self.round.tokens_placed)

    def note_token(self, entity: Any) -> None:
        self.round.tokens_placed.append(self.token_corporation(entity))

    def remaining_waycross_token(self, entity: Any) -> bool:
        """Does ``entity``'s corporation own the W&SR with its token unused, and has Waycross room?"""
        game = self.game
        corporation = self.token_corporation(entity)
        company = game.waycross_company()
        if company.owner is not corporation or not game.waycross_token_left():
            return False
        return any(city.tokenable(corporation, free=True) for city in game.waycross_hex().tile.cities)


class SpecialToken18GA(OneTokenPerRound, SpecialToken):
    NAME: ClassVar[str] = "SpecialToken"

    def actions(self, entity: Any) -> list[str]:
        if self.already_tokened_this_round(entity):
            return []
        if self.ability(entity) is None or not self.remaining_waycross_token(entity):
            return []
        return ["place_token"] if self.active_step_places_tokens() else []

    def ability(self, entity: Any) -> Any:
        ability = super().ability(entity)
        if ability is None or self.token_corporation(entity) is not self.round.current_entity():
            return None
        return ability

    def process_place_token(self, action: PlaceToken) -> None:
        entity = self.game.resolve_entity(action)
        city = self.game.city_by_id(action.city)
        ability = self.ability(entity)
        allowed = list(getattr(ability, "hexes", None) or [])
        if ability is None or city.hex is None or city.hex.id not in allowed:
            where = city.hex.id if city.hex is not None else city.id
            raise IllegalAction(f"{where} not allowed for token. Only allowed: {allowed}.")
        super().process_place_token(action)
        if not self.game.waycross_token_left():
            self.game.remove_waycross_icon()
        self.note_token(entity)


class Token18GA(OneTokenPerRound, TokenStep):
    NAME: ClassVar[str] = "Token"
    PASS_ONLY: ClassVar[tuple[str, ...]] = ("pass",)

    def actions(self, entity: Any) -> list[str]:
        if self.already_tokened_this_round(entity) or getattr(entity, "is_company", False):
            return []
        if self.can_place_token(entity):
            return list(self.ACTIONS)
        if self.remaining_waycross_token(entity):
            return list(self.PASS_ONLY)
        return []

    def token_abilities_apply(self) -> bool:
        return not getattr(self.round.current_entity(), "is_corporation", False)

    def process_place_token(self, action: PlaceToken) -> None:
        entity = self.game.resolve_entity(action)
        super().process_place_token(action)
        self.note_token(entity)


__all__ = ["OneTokenPerRound", "SpecialToken18GA", "Token18GA"]
