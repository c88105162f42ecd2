"""18JP-T's track step (town-tile subsidies and Tokyu's extra lays, TMGBT's "T" subsidy) and token step
(a corporation reaching its destination gains its ability)."""

from __future__ import annotations

from typing import Any

from engine.actions import LayTile
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.titles.g18jpt.data import DELAYED_ABILITIES, T_TILE_SUBSIDY, TOWN_TILE_SUBSIDY


class TrackJPT(Track):
    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state["num_additional_lays"] = 0
        return state

    def setup(self) -> None:
        super().setup()
        self.state.num_additional_lays = 0

    def lay_tile_action(self, action: LayTile, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        acting = game.resolve_entity(action)
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        old_tile = hex_.tile
        super().lay_tile_action(action, entity=entity, spender=spender)
        tile = hex_.tile
        if game.company_by_id("TMGBT").owner is acting and tile.label == "T" and tile.color == "green":
            self._subsidy(acting, T_TILE_SUBSIDY)
        if not old_tile.towns:
            return
        if acting.id == "TC":
            self.state.num_additional_lays += 1
        if acting.id == "SER":
            self._subsidy(acting, TOWN_TILE_SUBSIDY)

    def _subsidy(self, corporation: Any, amount: int) -> None:
        game = self.game
        game.bank.spend(amount, corporation)
        game.log(f"{corporation.name} receives a {game.format_currency(amount)} subsidy from the bank")


class TokenJPT(TokenStep):
    def place_token(self, entity: Any, city: Any, token: Any, **kwargs: Any) -> None:
        super().place_token(entity, city, token, **kwargs)
        game = self.game
        destination = game.ability_rules.ability(entity, "assign_hexes")
        hex_ = city.hex
        if destination is None or hex_ is None or hex_.id not in destination.hexes:
            return
        gained = DELAYED_ABILITIES[entity.id]
        entity.remove_ability(destination)
        ability = entity.add_ability(dict(gained))
        hex_.remove_assignment(entity.id)
        game.log(f"-- {entity.name} activates its ability: {ability.description} --")


__all__ = ["TokenJPT", "TrackJPT"]
