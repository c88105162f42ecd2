"""Setting up an 18xx game: the live model built from the title's data, in the reference engine's order (it
matters for ids and for the random draws): companies, market, minors, corporations, bank, tiles, certificate
limit, depot, starting cash, share pool, hexes (with blockers and reserved home cities), graph and phase; then
the hexes are connected and the companies' share abilities resolved.

``Game.__init__`` runs ``game.SETUP(game).build()``; a title with its own set-up names a subclass in its game
class's ``SETUP`` (1889: the beginner tiles; 1846: the draft's "Pass" cards and the first edition's privates;
18Chesapeake: the two-player share pool).  What happens after the model is built (removals, deals) is the
title's ``setup`` hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class ModelSetup:
    """Builds one game's model from its title data."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def build(self) -> None:
        """Build the live model from the title data, in the reference engine's order (it matters for ids)."""
        from engine.map.graph import Graph
        from engine.model.bank import Bank
        from engine.model.market import StockMarket
        from engine.model.phase import Phase

        game = self.game

        spec = game.spec
        n = len(game.players)
        game.companies = self.make_companies()
        game.stock_market = StockMarket(
            [list(row) for row in spec.market],
            multiple_buy_types=list(game.rules.multiple_buy_types),
        )
        game.minors = self.make_minors()
        game.corporations = self.make_corporations()
        game.bank = Bank(spec.bank_cash_for(n), log=game.log,
                         check=any(reason == "bank" for reason, _ in game.rules.game_end_check))
        game.tiles = self.make_tiles()
        game.cert_limit = game.corporation_rules.compute_cert_limit()
        game.depot = self.make_depot()
        starting = spec.starting_cash_for(n)
        for player in game.players:
            game.bank.spend(starting, player)
        game.share_pool = self.make_share_pool()
        game.hexes = self.make_hexes()
        game.graph = Graph(game)
        game.phase = Phase([self.phase_dict(p) for p in spec.phases], game)
        game.operating_rounds = (game.phase.operating_rounds or 1)

    def make_share_pool(self) -> Any:
        """The market pool (titles with their own pool rules return a subclass, built with
        ``share_pool_options``)."""
        from engine.model.share_pool import SharePool

        return SharePool(self.game, **self.share_pool_options())

    def share_pool_options(self) -> dict[str, Any]:
        """The market pool's options, from the title's rule switches."""
        rules = self.game.rules
        return {"market_share_limit": rules.market_share_limit,
                "sold_shares_destination": rules.sold_shares_destination,
                "allow_president_sale": rules.president_sales_to_market,
                "buy_share_from_other_player": rules.buy_share_from_other_player,
                "corporate_buy_share_allow_buy_from_president": rules.corporate_buy_share_allow_buy_from_president}

    def make_companies(self) -> list[Any]:
        from engine.model.entities import Company

        game = self.game

        n = len(game.players)
        companies = []
        for c in game.spec.companies:
            if c.min_players is not None and c.min_players > n:
                continue
            companies.append(Company(
                sym=c.sym, name=c.name, value=c.value, revenue=c.revenue, desc=c.desc,
                abilities=c.ability_dicts(), discount=c.discount, color=c.color, treasury=c.treasury,
            ))
        return companies

    def make_minors(self) -> list[Any]:
        from engine.model.entities import Minor

        game = self.game

        return [Minor(sym=m.sym, name=m.name, tokens=list(m.tokens), coordinates=m.coordinates, city=m.city,
                      abilities=m.ability_dicts(), color=m.color, text_color=m.text_color)
                for m in game.spec.minors]

    def make_corporations(self) -> list[Any]:
        from engine.model.entities import Corporation

        game = self.game

        corps = []
        min_price = min(sp.price for sp in game.stock_market.par_prices)
        for c in game.spec.corporations:
            corps.append(Corporation(
                sym=c.sym, name=c.name, tokens=list(c.tokens), coordinates=c.coordinates, city=c.city,
                float_percent=c.float_percent, max_ownership_percent=c.max_ownership_percent,
                capitalization=c.capitalization or game.rules.capitalization,
                always_market_price=c.always_market_price, shares=list(c.shares), abilities=c.ability_dicts(),
                color=c.color, text_color=c.text_color, min_price=min_price if c.min_price is None else c.min_price,
                type=c.type, hide_shares=c.hide_shares,
            ))
        return corps

    def make_tiles(self) -> list[Any]:
        from engine.map.tile import Tile

        game = self.game

        tiles: list[Any] = []
        game.unlimited_tiles = set()
        for name, count in game.spec.tiles.items():
            number = 1 if count == "unlimited" else int(count)
            if count == "unlimited":
                game.unlimited_tiles.add(name)
            custom = game.spec.custom_tiles.get(name) if game.spec.custom_tiles else None
            blocks = game.rules.tile_reservation_blocks_others
            for i in range(number):
                if custom is not None:
                    tiles.append(Tile.from_code(name, custom.code, custom.color, index=i,
                                                reservation_blocks=blocks, unlimited=count == "unlimited"))
                else:
                    tiles.append(Tile.for_catalogue(name, i, reservation_blocks=blocks,
                                                    unlimited=count == "unlimited"))
        return tiles

    def make_depot(self) -> Any:
        from engine.model.trains import Depot, Train

        game = self.game

        trains: list[Any] = []
        for t in game.spec.trains:
            for i in range(int(t.copies(game.optional_rules, len(game.players)))):
                trains.append(Train(
                    name=t.name, distance=t.distance if isinstance(t.distance, int) else [
                        dict(d) for d in t.distance],
                    price=t.price, index=i, rusts_on=t.rusts_on, obsolete_on=t.obsolete_on,
                    available_on=t.available_on, discount=dict(t.discount) if t.discount else None,
                    variants=t.variant_dicts(), events=t.event_dicts(),
                    num=t.count(game.optional_rules, len(game.players)),
                    multiplier=t.multiplier, salvage=t.salvage))
        rules = game.rules
        return Depot(trains, game, discarded_train_placement=rules.discarded_trains,
                     allow_train_buy_from_others=rules.allow_train_buy_from_others,
                     allow_train_buy_from_other_players=rules.allow_train_buy_from_other_players,
                     allow_obsolete_train_buy=rules.allow_obsolete_train_buy)

    def phase_dict(self, p: Any) -> dict[str, Any]:
        """A phase of the title data as the ``Phase`` model reads it."""
        return {"name": p.name, "on": p.on, "train_limit": p.train_limit, "tiles": list(p.tiles),
                "operating_rounds": p.operating_rounds, "status": list(p.status),
                "events": [dict(e) for e in p.events]}

    def make_hexes(self) -> list[Any]:
        """Preprinted hexes, with blockers from ``blocks_hexes`` abilities and home reservations."""
        from engine.map.hexes import Hex
        from engine.map.tile import Tile

        game = self.game
        blockers: dict[str, list[Any]] = {}
        for entity in (*game.companies, *game.minors, *game.corporations):
            for ability in entity.abilities_of_type("blocks_hexes"):
                for hex_id in ability.hexes:
                    blockers.setdefault(hex_id, []).append(ability)
                ability.hex_objects = []
        # (entity, city, slot, reservation ability): home cities, then ``reservation`` abilities
        reservations: dict[str, list[tuple[Any, int | None, int | None, Any]]] = {}
        for corp in self.reservation_corporations():
            coords = corp.coordinates
            coord_list = list(coords) if isinstance(coords, list | tuple) else ([coords] if coords else [])
            for idx, coord in enumerate(coord_list):
                city = corp.city[idx] if isinstance(corp.city, list | tuple) else corp.city
                reservations.setdefault(coord, []).append((corp, city, None, None))
        for entity in (*game.corporations, *game.companies):
            for ability in entity.abilities_of_type("reservation"):
                reservations.setdefault(ability.hex, []).append((entity, int(ability.city or 0),
                                                                 int(ability.slot or 0), ability))
        hexes = []
        layout = game.spec.layout
        for pre in game.spec.preprinted_hexes():
            color, hex_id, code, index = pre.color, pre.hex_id, pre.tile, pre.index
            if color == "empty":  # no hex at all, as the reference's (its tile the catalogue's blank: "blank-0")
                hexes.append(Hex(hex_id, layout, None, location_name=game.spec.location_names.get(hex_id),
                                 axes=dict(game.spec.resolved_axes), empty=True))
                continue
            if Tile.in_catalogue(code):
                tile = Tile.for_catalogue(code, index, preprinted=True)
            else:
                tile = Tile.from_code(hex_id, code, color, index=index, preprinted=True)
            hex_ = Hex(hex_id, layout, tile, location_name=game.spec.location_names.get(hex_id),
                       axes=dict(game.spec.resolved_axes))
            for ability in blockers.get(hex_id, []):
                tile.add_blocker(ability.owner)
                ability.hex_objects.append(hex_)
            for entity, city, slot, reservation in reservations.get(hex_id, []):
                if reservation is not None:
                    reservation.tile = tile
                tile.add_reservation(entity, city, slot)
            hexes.append(hex_)
        return hexes

    def reservation_corporations(self) -> list[Any]:
        """The corporations whose home cities are reserved on the map."""
        return list(self.game.corporations)

    def connect_hexes(self) -> None:
        from engine.map.hexes import connect_hexes

        game = self.game
        connect_hexes(game.hexes, impassable_colors=tuple(game.rules.impassable_hex_colors))

    def resolve_company_shares(self) -> None:
        """``shares`` abilities name certificates by id, or a random or the first corporation's president's
        certificate (drawn from the game's generator): they become the certificates themselves."""
        from engine.steps.companies import exchange_corporations

        game = self.game
        for company in game.companies:
            # An exchange "from par" is the only way to par its corporation (1882's Saskatchewan Central).
            for ability in company.abilities_of_type("exchange"):
                if "par" in ability.from_:
                    for corporation in exchange_corporations(game, ability)[:1]:
                        corporation.par_via_exchange = company
        for company in game.companies:
            for ability in company.abilities_of_type("shares"):
                real = []
                for share in ability.shares:
                    if share in ("random_president", "first_president"):
                        idx = 0 if share == "first_president" else game.rng.rand() % len(game.corporations)
                        corporation = game.corporations[idx]
                        real.append(corporation.shares[0])
                        game.log(f"{company.name} comes with the president's share of {corporation.name}")
                    elif share == "random_share":
                        # A 10% share of one corporation drawn among the ability's (default: every corporation).
                        named = getattr(ability, "corporations", None) or ability.extra.get("corporations")
                        pool = [game.corporation_by_id(c) for c in named] if named else list(game.corporations)
                        corporation = pool[game.rng.rand() % len(pool)]
                        drawn = next(s for s in corporation.shares if not s.president)
                        real.append(drawn)
                        company.desc = f"{company.desc} The random corporation in this game is {corporation.name}."
                        game.log(f"{company.name} comes with a {drawn.percent}% share of {corporation.name}")
                    elif isinstance(share, str):
                        real.append(game.share_by_id(share))
                    else:
                        real.append(share)
                ability.shares = real


__all__ = ["ModelSetup"]
