"""1822MX's operating steps: the NdeM's turn (each shareholder lays its track in seat order, its revenue is paid
out or withheld without a choice, it places no tokens, its price moves one step right per share price earned)."""

from __future__ import annotations

from typing import Any

from engine.actions import Dividend as DividendAction
from engine.steps.dividend import _entity_type, routes_revenue
from engine.titles.family1822.operating import Dividend1822, Token1822, Track1822


def is_ndem(game: Any, entity: Any) -> bool:
    return getattr(entity, "id", None) == game.NDEM


def ndem_shareholders(game: Any) -> list[Any]:
    """The players holding NdeM shares, in seat order."""
    ndem = game.ndem
    return [p for p in game.players if ndem.share_holders.get(p, 0) > 0]


class TrackMX(Track1822):
    """The NdeM's track is laid by each of its shareholders in turn (seat order), each with a full set of lays."""

    def setup(self) -> None:
        super().setup()
        game: Any = self.game
        self.ndem_tile_layers: list[Any] = []
        self.ndem_tiles_laid: list[Any] = []
        if is_ndem(game, self.current_entity()):
            self.ndem_tile_layers = ndem_shareholders(game)

    def actions(self, entity: Any) -> list[str]:
        if is_ndem(self.game, self.current_entity()) and not self.ndem_tile_layers:
            return []
        return super().actions(entity)

    def ndem_acting_player(self) -> Any:
        return self.ndem_tile_layers[0] if self.ndem_tile_layers else None

    def process_lay_tile(self, action: Any) -> None:
        if is_ndem(self.game, self.current_entity()) and self.ndem_tile_layers:
            self.game.log(f"Tile placement for NDEM by {self.ndem_tile_layers[0].name}")
        super().process_lay_tile(action)

    def pass_(self) -> None:
        if not is_ndem(self.game, self.current_entity()) or not self.ndem_tile_layers:
            super().pass_()
            return
        state = self.state
        self.ndem_tiles_laid.extend(state.laid_hexes)
        self.ndem_tile_layers.pop(0)
        if not self.ndem_tile_layers:
            state.laid_hexes = self.ndem_tiles_laid
            super().pass_()
            return
        state.num_laid_track = 0
        state.upgraded_track = False
        state.num_upgraded_track = 0
        state.laid_hexes = []


class TokenMX(Token1822):
    """The NdeM places no tokens."""

    def can_place_token(self, entity: Any) -> bool:
        return not is_ndem(self.game, entity) and bool(super().can_place_token(entity))


class DividendMX(Dividend1822):
    """The NdeM pays out what it earns (withholds nothing earned); its price moves one step right for each time its
    share price it earned, one left when it earned nothing."""

    def actions(self, entity: Any) -> list[str]:
        if is_ndem(self.game, self.current_entity()):
            return []
        return super().actions(entity)

    def skip(self) -> None:
        entity = self.current_entity()
        if not is_ndem(self.game, entity):
            super().skip()
            return
        revenue = routes_revenue(self.game, self.routes())
        kind = "payout" if revenue > 0 else "withhold"
        self._process_dividend(DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind=kind), entity)

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if not is_ndem(self.game, entity):
            return super().share_price_change(entity, revenue)
        if revenue <= 0:
            return "left", 1
        times = revenue // entity.share_price.price
        return ("right", times) if times > 0 else (None, 0)
