"""Map and track rules: home tokens, what a tile lay costs (terrain less ``tile_discount`` abilities), the lays an
operator has per turn, which tile upgrades which, and the tile supply after a lay (unlimited tiles, tiles back
from the map).

A game composes one ``TrackRules`` (``game.track_rules``); a title with its own track rules names a subclass in
its game class's ``TRACK_RULES`` (1846: every lay costs at least $20).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from engine.game import Game


class TrackRules:
    """The track rules of one game."""

    #: a home token goes into its full home city as an extra ("cheater") token (1822PNW: Portland full of others'
    #: tokens when a major starts there)
    HOME_TOKEN_CAN_BE_CHEATER: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game

    def place_home_token(self, corporation: Any) -> None:
        game = self.game
        token = corporation.next_token()
        if token is None:
            return
        if corporation.tokens and corporation.tokens[0].used:
            return
        coords = corporation.coordinates
        hex_ = game.hex_by_id(coords) if isinstance(coords, str) else None
        tile = hex_.tile if hex_ is not None else None
        if tile is None or (tile.reserved_by(corporation) and tile.paths):
            pending = getattr(game.round, "pending_tokens", None)
            if pending is None:
                return
            if any(p["entity"] is corporation for p in pending):
                game.round.clear_cache()
                return
            if hex_ is not None:
                hexes = [hex_]
            else:
                # A corporation without a printed home chooses it (title hook ``home_token_locations``).
                locations = getattr(game, "home_token_locations", None)
                if locations is None:
                    return
                hexes = list(locations(corporation))
            game.log(f"{corporation.name} must choose city for home token")
            pending.append({"entity": corporation, "hexes": hexes, "token": token})
            game.round.clear_cache()
            return
        cities = tile.cities
        city = next((c for c in cities if c.reserved_by(corporation)), cities[0] if cities else None)
        if city is None:
            return
        same_hex = self.multiple_tokens_allowed_on_home_hex()
        tokenable = city.tokenable(corporation, tokens=[token], same_hex_allowed=same_hex)
        if not tokenable and not self.HOME_TOKEN_CAN_BE_CHEATER:
            return
        game.log(f"{corporation.name} places a token on {hex_.id if hex_ else '?'}")
        city.place_token(corporation, token, cheater=not tokenable, same_hex_allowed=same_hex)
        # A new token can block other corporations' routes: what the graph knew is stale now (live play
        # asks the graph about every corporation, so a cached answer from before the token would be
        # reused: Steam Over Holland playout 130, a token offered beyond a home token that blocks it).
        game.graph.clear()

    def upgrade_cost_before_lay(self, old_tile: Any, new_tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """What ``upgrade_cost`` will charge for laying ``new_tile`` on ``hex_`` (still showing ``old_tile``), for
        the legal moves listed before the lay.  The default's cost does not depend on the new tile; a title whose
        ``upgrade_cost`` reads the laid tile off the hex (1822PNW's token cities) answers here from ``new_tile``."""
        return self.upgrade_cost(old_tile, hex_, entity, spender)

    def multiple_tokens_allowed_on_home_hex(self) -> bool:
        """May a home token go into a home hex where the corporation already has a token in another city
        (1822MX's Mexico City, where a major may have bought an NdeM token before it first operates)?"""
        return False

    def upgrade_cost(self, tile: Any, hex_: Any, entity: Any, spender: Any) -> int:
        """Terrain cost of building on ``tile`` (the hex's current tile), less ``tile_discount`` abilities of
        the acting corporation (or of the company's corporate owner) that apply to this hex and terrain."""
        game = self.game
        owner = getattr(entity, "owner", None)
        if not getattr(entity, "is_corporation", False) and getattr(owner, "is_corporation", False):
            entity = owner
        abilities = [a for a in (entity.all_abilities() if entity is not None else [])
                     if a.type == "tile_discount" and (not a.hexes or hex_.id in a.hexes)]
        terrain = tile.terrain
        discount = sum(a.discount for a in abilities if a.discounts_tile(terrain))
        total = sum(upgrade.cost for upgrade in tile.upgrades)
        discount = min(total, discount)
        if discount > 0:
            names = ", ".join(a.owner.name for a in abilities)
            game.log(f"{spender.name} receives a discount of {game.format_currency(discount)} from {names}")
        return int(total - discount)

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        game = self.game
        return game.rules.tile_lays

    def upgrade_context(self) -> Any:
        """What ``upgrades_to`` depends on besides the two tiles (hashable; the legal-move enumeration keeps its
        answers per context): nothing by default; a title whose upgrades depend on the round names it (18ZOO:
        the stock round's home tiles)."""
        return None

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        from engine.map.upgrades import upgrades_to

        return upgrades_to(old, new, from_company=special)

    def update_tile_lists(self, tile: Any, old_tile: Any) -> None:
        game = self.game
        if tile.name in game.unlimited_tiles:
            # The next copy follows the highest index of that tile anywhere (the laid copy may be an older one
            # back from the map: copying it would make a second tile with an id already in use).
            highest = max((t for t in game._tiles_by_id.values() if t.name == tile.name and not t.preprinted),
                          key=lambda t: t.index, default=tile)
            fresh = highest.dup()
            game.tiles.append(fresh)
            game.register_tile(fresh)
        if tile in game.tiles:
            game.tiles.remove(tile)
        if not old_tile.preprinted:
            game.tiles.append(old_tile)


__all__ = ["TrackRules"]
