"""18JP-T: the 1830 rules in greater Tokyo.

Hooks used:

* ``setup``: Tobu's last three ordinary shares start in the market pool; each corporation's destination
  hexes (its ``assign_hexes`` and ``hex_bonus`` abilities) are marked on the map.
* ``operating_round_steps``: no exchange, special token or home-token steps; 18JP-T's track step (town
  subsidies and lays) and token step (destinations).
* ``TRACK_RULES``: Tobu's second home token (Koshigaya, H76); the tile lays (Tobu lays twice once it has
  tokened Asakusa, Tokyu once more per town tile laid this round); Kamata's green tile upgrades only to 611.

The destination bonuses (double revenue) are ``hex_bonus`` abilities in the data: the general route
revenue pays them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.game import Game
from engine.model.shares import ShareBundle
from engine.services.track import TrackRules
from engine.titles.g18jpt.data import (
    DOUBLE_TILE_LAY_DESC,
    DOUBLE_TILE_LAYS,
    KAMATA_HEX,
    KAMATA_UPGRADE,
    TITLE,
    TR_SECOND_HOME_HEX,
)
from engine.titles.spec import TitleSpec

#: ability types whose hexes are a corporation's destination (marked on the map at set-up)
DESTINATION_ABILITY_TYPES = ("assign_hexes", "hex_bonus")


def has_double_tile_lay(entity: Any) -> bool:
    """Tobu after tokening Asakusa: the ability it gained."""
    return any(a.type == "description" and a.description == DOUBLE_TILE_LAY_DESC
               for a in getattr(entity, "abilities", ()))


class TrackRulesJPT(TrackRules):
    def place_home_token(self, corporation: Any) -> None:
        super().place_home_token(corporation)
        game = self.game
        if corporation.id != "TR" or len(corporation.tokens) < 2 or corporation.tokens[1].used:
            return
        city = game.hex_by_id(TR_SECOND_HOME_HEX).tile.cities[0]
        city.place_token(corporation, corporation.next_token())
        game.graph.clear()

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        if has_double_tile_lay(entity):
            return DOUBLE_TILE_LAYS
        extra = int(getattr(self.game.round, "num_additional_lays", 0) or 0)
        if getattr(entity, "id", None) != "TC" or extra <= 0:
            return super().tile_lays(entity)
        return tuple({"lay": True, "upgrade": True} for _ in range(1 + extra))

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        if old.hex is not None and old.hex.id == KAMATA_HEX and old.color == "green":
            return bool(new.name == KAMATA_UPGRADE)
        return super().upgrades_to(old, new, special)


class Game18JPT(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesJPT

    def setup(self) -> None:
        tobu = self.corporation_by_id("TR")
        last_three = list(reversed(tobu.shares_of(tobu)))[:3]
        self.share_pool.transfer_shares(ShareBundle(last_three), self.share_pool)
        for corporation in self.corporations:
            for ability in corporation.abilities:
                if ability.type in DESTINATION_ABILITY_TYPES:
                    for hex_id in ability.hexes:
                        self.hex_by_id(hex_id).assign(corporation.id)

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import BuyTrain, DiscardTrain
        from engine.titles.g18jpt.steps import TokenJPT, TrackJPT

        return [Bankrupt, SpecialTrack, BuyCompany, TrackJPT, TokenJPT, RouteStep, Dividend, DiscardTrain, BuyTrain,
                (BuyCompany, {"blocks": True})]


__all__ = ["Game18JPT"]
