"""18 Los Angeles's own steps: track lays that know the Chino Hills Excavation's discount, and special tokens
(Dewey, Cheatham & Howe only in full cities; the Redondo Junction token; the Dump's token, which belongs to
no corporation)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.steps import special_token as base_special_token
from engine.titles.g1846 import steps as steps1846

if TYPE_CHECKING:
    from engine.actions import LayTile, PlaceToken


class CheTracker:
    """Mixed into a track step: a lay by the Chino Hills Excavation's owner that pays for a border gets the
    discount (``TrackRulesLA.upgrade_cost`` takes it off); the flag lives only during that lay."""

    game: Any

    def process_lay_tile(self, action: LayTile) -> None:
        self.game.use_che_discount = False
        try:
            super().process_lay_tile(action)  # type: ignore[misc]
        finally:
            self.game.use_che_discount = False

    def remove_border_calculate_cost(self, tile: Any, entities: Sequence[Any] | Any,
                                     spender: Any) -> tuple[int, list[str]]:
        total, types = super().remove_border_calculate_cost(tile, entities, spender)  # type: ignore[misc]
        che = self.game.che
        # one entity (a combination of companies' lays is never the company's owner)
        entity = entities[0] if isinstance(entities, list | tuple) and len(entities) == 1 else entities
        if che is not None and che.owner is entity:
            self.game.use_che_discount = total > 0
        return total, types


class TrackAndToken(CheTracker, steps1846.TrackAndToken):
    pass


class SpecialTrack(CheTracker, steps1846.SpecialTrack):
    pass


class SpecialToken(base_special_token.SpecialToken):
    """Company tokens with 18 Los Angeles's special cases."""

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        """Dewey, Cheatham & Howe only where a city has no open slot for its owner."""
        if not super().available_hex(entity, hex_):
            return False
        game: Any = self.game
        if entity is game.dch and entity.owner is not None:
            return any(not city.tokenable(entity.owner) for city in hex_.tile.cities)
        return True

    def process_place_token(self, action: PlaceToken) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        city = game.city_by_id(action.city)
        if entity is game.dch and city.tokenable(entity.owner):
            raise IllegalAction("Dewey, Cheatham, and Howe can only place a token in a city (other than Long "
                                "Beach) with no open slots.")
        super().process_place_token(action)
        if entity is not game.rj and entity is not game.dump_company:
            return
        placed = [t for t in city.tokens if t is not None]
        token = placed[-1] if placed else None
        if token is None:
            return
        if entity is game.rj:
            token.logo = str(getattr(token, "logo", "") or "").replace(".svg", "_RJ.svg")
            game.rj_token = token
        else:
            token.corporation = game.dump_corp()
            game.dump_token = token
            game.graph.clear()


__all__ = ["CheTracker", "SpecialToken", "SpecialTrack", "TrackAndToken"]
