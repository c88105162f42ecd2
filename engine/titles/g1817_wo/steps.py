"""1817WO's home token step: after a home station in Nieuw Zeeland the second station is chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.steps.home_token import HomeToken

if TYPE_CHECKING:
    from engine.actions import PlaceToken


class HomeTokenWO(HomeToken):
    def process_place_token(self, action: PlaceToken) -> None:
        corporation = self.token.corporation
        super().process_place_token(action)
        self.game.place_second_token(corporation)  # type: ignore[attr-defined]


__all__ = ["HomeTokenWO"]
