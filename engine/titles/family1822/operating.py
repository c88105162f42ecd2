"""The 1822 family's operating round: a minor's first-turn L train, and dividends (minors pay half, majors choose
among paying, paying half and withholding)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Dividend as DividendAction
from engine.actions import HexToken
from engine.core.actions import Pass
from engine.core.live import STALLS
from engine.errors import IllegalAction
from engine.map.upgrades import upgrades_to_correct_city_town
from engine.steps.base import Step
from engine.steps.choices import Choice, Choosing
from engine.steps.choose_ability import AbilityChoosing
from engine.steps.dividend import Dividend, DividendOption, _entity_type, routes_revenue
from engine.steps.home_token import HomeToken
from engine.steps.issue_shares import IssueShares
from engine.steps.route import RouteStep
from engine.steps.special_token import SpecialToken
from engine.steps.special_track import SpecialTrack
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.steps.tracker import graph_for_entity
from engine.steps.trains import BuyTrain, DiscardTrain

if TYPE_CHECKING:
    from engine.actions import Action, LayTile, PlaceToken


def is_minor(entity: Any) -> bool:
    return getattr(entity, "type", None) == "minor"


class FirstTurnHousekeeping(BuyTrain):
    """Before its first turn a minor may buy the next L train of the depot (and only that)."""

    game: Any

    NAME: ClassVar[str] = "FirstTurnHousekeeping"

    def actions(self, entity: Any) -> list[str]:
        upcoming = self.game.depot.upcoming
        if (
            is_minor(entity)
            and not entity.operated()
            and upcoming
            and upcoming[0].name == self.game.LOCAL_TRAIN
            and self.can_buy_train(entity)
        ):
            return ["buy_train", "pass"]
        return []

    def buyable_trains(self, entity: Any) -> list[Any]:
        upcoming = self.game.depot.upcoming
        return list(upcoming[:1])

    def must_buy_train(self, entity: Any) -> bool:
        return False

    def process_buy_train(self, action: Action) -> None:
        first = self.game.depot.upcoming[0]
        super().process_buy_train(replace(action, train=first.id))  # type: ignore[call-arg]
        if not self.passed:
            self.pass_()

    def skip(self) -> None:
        self.pass_()


class Dividend1822(Choosing, Dividend):
    """Minors pay half of their revenue to their owner and keep half (their price moves right when they earn,
    left when they do not); majors pay out, pay half (the kept half a multiple of their share count) or withhold,
    and may first choose a different treatment for an extra permanent train's run (``choose``)."""

    DIVIDEND_TYPES: ClassVar[tuple[str, ...]] = ("payout", "half", "withhold")
    LABELS: ClassVar[dict[str, str]] = {"payout": "Pay out", "half": "Half Pay", "withhold": "Withhold"}

    def dividend_types(self) -> tuple[str, ...]:
        return self.DIVIDEND_TYPES

    def actions(self, entity: Any) -> list[str]:
        if is_minor(entity):
            return []
        found = list(super().actions(entity))
        if (
            found
            and not getattr(self, "extra_choice", "")
            and self.extra_train(entity) is not None
            and len(entity.trains) > 1
        ):
            found.append("choose")
        return found

    def extra_train(self, entity: Any) -> Any:
        """The extra permanent train whose run may be treated apart (when it earned something, but not all)."""
        permanents = self.game.EXTRA_TRAIN_PERMANENTS
        train = next((t for t in entity.trains if t.name in permanents), None)
        if train is None:
            return None
        revenue = self.train_revenue(train)
        return train if revenue > 0 and revenue != routes_revenue(self.game, self.routes()) else None

    def train_revenue(self, train: Any) -> int:
        route = next((r for r in self.routes() if r.train is train), None)
        return int(route.revenue()) if route is not None else 0

    def choice_name(self) -> str:
        return "Choose the extra train's dividend"

    def choices(self, entity: Any) -> list[Choice]:
        if "choose" not in self.actions(entity):
            return []
        return [Choice(k, v) for k, v in self.LABELS.items()]

    def choose(self, entity: Any, choice: Any) -> None:
        self.extra_choice = str(choice)
        text = {"payout": "pay out", "withhold": "withhold", "half": "half pay"}[self.extra_choice]
        self.game.log(f"{entity.id} chooses to {text} with the {self.extra_train(entity).name} train")

    def skip(self) -> None:
        entity = self.current_entity()
        if entity is None or not is_minor(entity):
            super().skip()
            return
        revenue = routes_revenue(self.game, self.routes())
        kind = "half" if revenue > 0 else "withhold"
        self._process_dividend(DividendAction(entity=entity.id, entity_type=_entity_type(entity), kind=kind), entity)

    def dividend_option(self, kind: str, entity: Any, revenue: int) -> DividendOption:
        choice = getattr(self, "extra_choice", "")
        train = self.extra_train(entity) if choice else None
        if train is None:
            return self.kind_option(kind, entity, revenue)
        extra = self.train_revenue(train)
        main = self.kind_option(kind, entity, revenue - extra)
        side = self.kind_option(choice, entity, extra)
        return DividendOption(
            corporation=main.corporation + side.corporation, per_share=main.per_share + side.per_share
        )

    def kind_option(self, kind: str, entity: Any, revenue: int) -> DividendOption:
        if kind == "half":
            return self.half(entity, revenue)
        return super().dividend_option(kind, entity, revenue)

    def _process_dividend(self, action: Action, entity: Any) -> None:
        super()._process_dividend(action, entity)
        self.extra_choice = ""

    def payout_shares(self, entity: Any, revenue: int) -> None:
        super().payout_shares(entity, revenue)
        self.game.tax_haven_payout(entity, self.payout_per_share(entity, revenue))

    def half(self, entity: Any, revenue: int) -> DividendOption:
        half = revenue // 2
        total = int(entity.total_shares)
        kept = half if is_minor(entity) else (half // total) * total
        return DividendOption(corporation=kept, per_share=self.payout_per_share(entity, revenue - kept))

    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        if revenue <= 0:
            return "left", 1
        price = entity.share_price.price
        times = 1 if revenue >= price or is_minor(entity) else 0
        if revenue >= price * 2 and not is_minor(entity):
            times = 2
        return ("right", times) if times else (None, 0)


class Choose1822(Choosing, Step):
    """The Choices round: the owner of the double-cash private (1822's P9) may count their cash twice for the
    seat order of the operating rounds."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("choose", "pass")
    NAME: ClassVar[str] = "Choose"

    def company(self, entity: Any) -> Any:
        company = next((c for c in self.game.companies if c.sym == self.game.DOUBLE_CASH_COMPANY), None)
        return company if company is not None and company.owner is entity and not company.closed else None

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or self.company(entity) is None:
            return []
        return list(self.ACTIONS)

    def choice_name(self) -> str:
        return "Choose"

    def choices(self, entity: Any) -> list[Choice]:
        if self.company(entity) is None or self.game.double_cash_choice is not None:
            return []
        return [Choice("double", "Double your actual cash holding when determining player turn order.")]

    def choose(self, entity: Any, choice: Any) -> None:
        self.game.double_cash_choice = entity
        self.game.log(f"{entity.name} chooses to double actual cash holding when determining player turn order.")
        self.pass_()

    def process_pass(self, action: Action) -> None:
        self.pass_()

    def auto_actions(self, entity: Any) -> list[Action] | None:
        """Live play passes when the site deems the choice inconsequential: the owner already has the most cash,
        or twice their cash is below the second *least* (the site's test, ``players.map(&:cash).sort[1]``: with
        four or more players not the second most)."""
        if self.company(entity) is None:
            return None
        cash = sorted(p.cash for p in self.game.players)
        richest = max(self.game.players, key=lambda p: p.cash)
        if richest is not entity and entity.cash * 2 >= cash[1]:
            return None
        return [Pass(entity=entity.id, entity_type="player")]

    def skip(self) -> None:
        self.pass_()


class BuyTrain1822(BuyTrain):
    """Trains come only from the depot until other corporations' trains may be bought (phase status
    ``can_buy_trains``); an L train is upgraded to a 2 train in place (the action names the train as its own
    exchange, with the variant ``2``); the first 2 train of phase 1, bought or upgraded, starts phase 2."""

    counting_every_holder: bool = False

    def sellable_shares(self, player: Any) -> list[Any]:
        """What the president must sell before the bank lends: the reference's liquidity lets a president's
        certificate go whenever another holder has as much, the tax haven too, though the tax haven never takes
        a presidency and no such sale is offered (ShareRules1822.can_dump): the loan then waits for a sale that
        cannot come, and the game stops there in both engines (1822 playout seed 2)."""
        self.counting_every_holder = True
        try:
            return super().sellable_shares(player)
        finally:
            self.counting_every_holder = False

    def may_dump(self, seller: Any, bundle: Any) -> bool:
        if self.counting_every_holder:
            return bool(bundle.can_dump(seller))
        return super().may_dump(seller, bundle)

    def buyable_trains(self, entity: Any) -> list[Any]:
        trains = super().buyable_trains(entity)
        if self.game.phase.has_status("can_buy_trains"):
            return trains
        return [t for t in trains if t.owner is self.game.depot]

    def process_buy_train(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        train = game.train_by_id(getattr(action, "train", None))
        if getattr(action, "exchange", None):
            self.upgrade_train(entity, train, str(getattr(action, "variant", "")), int(getattr(action, "price", 0)))
        else:
            if self.second_e_train(entity, getattr(action, "variant", None)):
                raise IllegalAction(f"{entity.id} can only own one E-train")
            super().process_buy_train(action)
        if not self.passed and not self.can_buy_train(entity):
            self.pass_()
        if game.phase.name == "1" and train.name == "2":
            # the phase looks at the bought train's base name: a plain 2 train stands in for the L's variant
            from engine.model.trains import Train

            stand_in = Train(name=train.name, distance=train.distance, price=train.price, index=0)
            game.phase.buying_train(entity, stand_in, train.owner)

    def second_e_train(self, entity: Any, variant: Any) -> bool:
        """Would buying this variant give the corporation a second E train (which it may not own)?"""
        e_train = getattr(self.game, "E_TRAIN", None)
        return bool(variant and variant == e_train and any(t.name == e_train for t in entity.trains))

    def upgrade_train(self, entity: Any, train: Any, variant: str, price: int) -> None:
        game = self.game
        if train is None or train.owner is not entity or variant not in train.variants:
            raise IllegalAction(f"{entity.name} cannot upgrade that train")
        train.set_variant(variant)
        entity.spend(price, game.bank)
        game.log(f"{entity.name} upgrades an L train to a 2 train for {game.format_currency(price)}")


class DestinationToken(Step):
    """A major places its destination token (free, in the destination hex's first city, in an extra slot if
    need be) once its home reaches it; the site records the placement as a ``hex_token``."""

    game: Any

    ACTIONS: ClassVar[tuple[str, ...]] = ("hex_token", "pass")
    NAME: ClassVar[str] = "DestinationToken"

    def description(self) -> str:
        return "Place the Destination Token"

    def pass_description(self) -> str:
        return "Skip (Destination Token)"

    def destination_token(self, entity: Any) -> Any:
        if getattr(entity, "type", None) != "major":
            return None
        return next((t for t in entity.tokens if t.type == "destination" and not t.used), None)

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or self.destination_token(entity) is None:
            return []
        return list(self.ACTIONS)

    def process_hex_token(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        token = self.destination_token(entity)
        if token is None:
            raise IllegalAction(f"{entity.name} has no destination token left")
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        if hex_.id != game.destination_of(entity):
            raise IllegalAction(f"{entity.name}'s destination is not {hex_.id}")
        if not game.loading and not self.connected(entity):
            raise IllegalAction(f"Can't place the destination token on {hex_.id} because it is not connected")
        stuck = self.no_city_left(entity)
        if stuck is not None:
            raise IllegalAction(stuck)
        game.place_destination_token(entity, hex_, token)
        game.remove_extra_tokens(hex_.tile)
        self.pass_()

    def no_city_left(self, entity: Any) -> str | None:
        """Why the destination token cannot go anywhere, or None: a private's lay, which skips the city and town
        counts, put a town tile on the destination's city (1822 playout seed 15002: P12 with P10 laid tile 2 on
        Carlisle).  The site's engine takes that lay; once the major's home reaches the hex it must place the
        token, finds no city there and fails, and refuses the pass: nobody can act, in either engine."""
        hex_ = self.game.hex_by_id(self.game.destination_of(entity))
        if hex_.tile.cities:
            return None
        return (
            f"{entity.name}'s destination {hex_.id} has no city left for its token (tile {hex_.tile.name}): "
            f"{STALLS} (the 18xx.games engine fails there)"
        )

    def connected(self, entity: Any) -> bool:
        """Does track join the destination's city to the corporation's home token, the walk passing no city
        its tokens do not let it through (live play only asks)?"""
        from engine.map.graph import walk_reaches

        destination = self.game.destination_of(entity)
        home = entity.tokens[0].city if entity.tokens and entity.tokens[0].used else None
        if destination is None or home is None:
            return False
        nodes = self.game.hex_by_id(destination).tile.nodes
        return bool(nodes) and walk_reaches(nodes[0], home, entity)

    def auto_actions(self, entity: Any) -> list[Action] | None:
        """Live play places the destination token as soon as it can, and passes when it cannot (as the site)."""
        token = self.destination_token(entity)
        if token is None or not self.connected(entity):
            return [Pass(entity=entity.id, entity_type="corporation")]
        return [
            HexToken(
                entity=entity.id, entity_type="corporation", hex=self.game.destination_of(entity), token_type=token.type
            )
        ]

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if not self.game.loading and self.connected(entity):
            raise IllegalAction(
                f"{entity.name} cannot skip placing its destination token when it has a connection "
                f"to {self.game.destination_of(entity)}"
            )
        self.pass_()

    def skip(self) -> None:
        self.pass_()


class Token1822(AbilityChoosing, TokenStep):
    """Station tokens: the destination token is not one of them; a major never has two tokens in one city; the
    privates' token-time choices (a corporation holding an exchange token and a private moving one stops here
    even without a token to place)."""

    CHOICE_TIME: ClassVar[str] = "token"

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        found = list(super().actions(entity))
        if not found and entity is self.current_entity() and self.swap_private(entity):
            found = ["choose_ability"]
        if found and "pass" not in found:
            found.append("pass")
        return found

    def swap_private(self, entity: Any) -> bool:
        game = self.game
        if not getattr(entity, "is_corporation", False):
            return False
        syms = (game.STATION_SWAP_COMPANY, game.CHANNEL_COMPANY)
        return any(c.sym in syms for c in entity.companies) and game.exchange_tokens.get(entity.id, 0) > 0

    def available_tokens(self, entity: Any) -> list[Any]:
        return [t for t in super().available_tokens(entity) if t.type != "destination"]

    def can_place_token(self, entity: Any) -> bool:
        """A corporation with a token ability of its own (1822's SECR: the English Channel) may always stop here
        while it has a token, wherever its track reaches."""
        if (
            self.game.ability_rules.abilities(entity, "token")
            and not self.state.tokened
            and self.available_tokens(entity)
        ):
            return True
        return bool(super().can_place_token(entity))

    def process_place_token(self, action: PlaceToken) -> None:
        entity, city, token = self.resolve_place_token(action)
        if getattr(entity, "type", None) == "major" and city.tokened_by(entity):
            hex_ = city.hex
            raise IllegalAction(
                f"Can't place token on {hex_.id if hex_ is not None else city.id} because "
                f"{entity.id} cant have 2 tokens in the same city"
            )
        hex_ = city.hex
        if self.game.strict and (hex_ is None or not self.available_hex(entity, hex_)):
            where = hex_.id if hex_ is not None else "?"
            raise IllegalAction(f"{entity.name} cannot place token in City {city.id} on hex {where}")
        self.place_token(entity, city, token, check_tokenable=self.checks_tokenable(entity, city))
        self.pass_()

    def checks_tokenable(self, entity: Any, city: Any) -> bool:
        """London's cities are not checked (a slot reserved there does not refuse the token), but for one the
        corporation already has a token in."""
        hex_ = city.hex
        if city.tokened_by(entity):
            return True
        return hex_ is None or hex_.id != self.game.LONDON_HEX


class SpecialToken1822(SpecialToken):
    """The English-channel private (1822's P5) places one of its owner's exchange tokens, then closes; only while
    the operator is at a token-placing step (but in 1822CA)."""

    def only_while_tokening(self) -> bool:
        return bool(getattr(self.game, "SPECIAL_TOKEN_ONLY_WHILE_TOKENING", True))

    def places_exchange_token(self, entity: Any) -> bool:
        """Does this private place one of its owner's exchange tokens (the channel private, a title's
        ``EXCHANGE_TOKEN_PRIVATES``)?"""
        game: Any = self.game
        sym = getattr(entity, "sym", None)
        return bool(
            getattr(entity, "is_company", False)
            and (sym == game.CHANNEL_COMPANY or sym in game.EXCHANGE_TOKEN_PRIVATES)
        )

    def city_refusal(self, entity: Any, city: Any) -> str | None:
        """A title's exchange-token private places no second token of its owner in a city (1822CA's Winnipeg)."""
        game: Any = self.game
        if not self.places_exchange_token(entity) or getattr(entity, "sym", None) == game.CHANNEL_COMPANY:
            return None
        owner = entity.owner
        if city.tokened_by(owner):
            return f"{owner.name} already has a token in {city.hex.id} city {city.index}"
        return None

    def available_tokens(self, entity: Any) -> list[Any]:
        game: Any = self.game
        if self.places_exchange_token(entity):
            return super().available_tokens(entity) if game.exchange_tokens.get(entity.owner.id, 0) > 0 else []
        return super().available_tokens(entity)

    def process_place_token(self, action: Any) -> None:
        game: Any = self.game
        company = game.resolve_entity(action)
        if not self.places_exchange_token(company):
            super().process_place_token(action)
            return
        owner = company.owner
        refusal = self.city_refusal(company, self.resolve_place_token(action)[1])
        if refusal is not None:
            raise IllegalAction(refusal)
        super().process_place_token(action)
        game.exchange_tokens[owner.id] = game.exchange_tokens.get(owner.id, 0) - 1
        if company.sym == game.CHANNEL_COMPANY:
            game.log(f"{company.name} closes")
            company.close()


class IssueShares1822(AbilityChoosing, IssueShares):
    """At the end of its turn a major may issue treasury shares (at the price one step down per share) or redeem
    market shares; the step waits for its decision (also for a private's issue-time choice)."""

    CHOICE_TIME: ClassVar[str] = "issue"

    def blocks(self) -> bool:
        return True

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        found = list(super().actions(entity))
        if (
            not found
            and entity is self.current_entity()
            and getattr(entity, "is_corporation", False)
            and any(c.sym == self.game.MOVE_CARD_COMPANY for c in entity.companies)
        ):
            found = ["choose_ability"]
        return [*found, "pass"] if found else []

    def is_offered(self, bundle: Any, offered: list[Any]) -> bool:
        """The same certificates at the offered price per share (a price the action leaves out is the offer's)."""
        ids = sorted(s.id for s in bundle.shares)
        return any(
            sorted(s.id for s in o.shares) == ids and o.price_per_share == bundle.price_per_share for o in offered
        )

    def process_sell_shares(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.issuable_shares(entity), "issue")
        self.game.share_rules.sell_shares_and_change_price(bundle)
        self.pass_()

    def skip(self) -> None:
        self.pass_()


class BorderCosts1822:
    """A border with a cost is paid when the new track points across it (whatever lies beyond).  The estuary
    private (1822's P10) must cross one and saves its cost; the bridge private (P21) must cross one."""

    game: Any

    def remove_border_calculate_cost(
        self, tile: Any, entities: Sequence[Any] | Any, spender: Any
    ) -> tuple[int, list[str]]:
        game = self.game
        entity_list = list(entities) if isinstance(entities, list | tuple) else [entities]
        entity = entity_list[0]
        hex_ = tile.hex
        types: list[str] = []
        total = 0
        for border in list(tile.borders):
            cost = border.cost
            if cost is None:
                continue
            edge = border.edge
            neighbor = hex_.neighbors.get(edge)
            if neighbor is None or not hex_.targeting(neighbor):
                continue
            tile.borders.remove(border)
            facing = (edge + 3) % 6
            if facing in neighbor.tile.exits:
                neighbor.tile.borders[:] = [b for b in neighbor.tile.borders if b.edge != facing]
            types.append(border.type)
            total += cost - self.border_cost_discount(entity, spender, border, cost, hex_)  # type: ignore[attr-defined]
        estuary = game.ESTUARY_COMPANY
        if estuary is not None and any(getattr(e, "id", None) == estuary[0] for e in entity_list):
            if total == 0:
                raise IllegalAction("Must lay tile with one path over an estuary crossing")
            total -= estuary[1]
        if getattr(entity, "id", None) == game.BRIDGE_COMPANY and total == 0:
            raise IllegalAction("Must lay tile with one path over the Hull / Grimsby estuary")
        return total, types

    def track_restrictions_apply(self, entity: Any, old_tile: Any, new_tile: Any) -> bool:
        hex_ = new_tile.hex or old_tile.hex
        return not (hex_ is not None and hex_.id in self.game.TRACK_RESTRICTION_FREE_HEXES)

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        game = self.game
        if game.WHITE_HEX_TILE.get(hex_.id) == tile.name and hex_.tile.color == "white":
            return tile.rotation in game.WHITE_HEX_ROTATIONS
        return bool(super().tile_fits_hex(entity, hex_, tile))  # type: ignore[misc]

    def exits_border_cost(self, entities: Any, spender: Any, hex_: Any, exits: tuple[int, ...]) -> int:
        """What ``remove_border_calculate_cost`` would charge a tile with ``exits`` (for the legal moves; a
        combined lay names several companies)."""
        listed = list(entities) if isinstance(entities, list | tuple) else [entities]
        entity = listed[0]
        total = 0
        for border in hex_.tile.borders:
            cost = border.cost
            if cost is None or border.edge not in exits or hex_.neighbors.get(border.edge) is None:
                continue
            total += cost - self.border_cost_discount(entity, spender, border, cost, hex_)  # type: ignore[attr-defined]
        estuary = self.game.ESTUARY_COMPANY
        if estuary is not None and any(getattr(e, "id", None) == estuary[0] for e in listed) and total > 0:
            total -= estuary[1]
        return total

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        """The white hex whose town the named tile drops takes it at its own rotations; a private lays for its
        corporation."""
        game = self.game
        if game.WHITE_HEX_TILE.get(hex_.id) == tile.name and tile.rotation in game.WHITE_HEX_ROTATIONS:
            return True
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        operator = entity.owner if getattr(entity, "is_company", False) else entity
        listed = entities if isinstance(entities, list | tuple) else [entities]
        crossing = (game.ESTUARY_COMPANY[0] if game.ESTUARY_COMPANY else None, game.BRIDGE_COMPANY)
        if any(getattr(e, "sym", None) in crossing for e in listed) and not game.crosses_costed_border(hex_, tile):
            return False
        if any(game.removes_town(e) for e in listed):
            # the town goes: the old exits stay, every new exit has a neighbour and one is reached
            if not game.legal_tile_rotation(operator, hex_, tile):
                return False
            reached = self.hex_neighbors(operator, hex_) or []  # type: ignore[attr-defined]
            return (
                set(hex_.tile.exits) <= set(tile.exits)
                and any(e in reached for e in tile.exits)
                and all(e in hex_.neighbors for e in tile.exits)
            )
        return bool(super().legal_tile_rotation(operator, hex_, tile))  # type: ignore[misc]


class UpdateToken1822:
    """After any lay (the corporation's or a private's): a corporation's extra tokens in one city go back to its
    charter; London upgraded keeps minor 14's extra slot."""

    game: Any

    def update_token(self, action: Any, entity: Any, tile: Any, old_tile: Any) -> None:
        self.game.remove_extra_tokens(tile)
        super().update_token(action, entity, tile, old_tile)  # type: ignore[misc]
        self.game.upgrade_minor_14_home_hex(tile)


class Track1822(AbilityChoosing, UpdateToken1822, BorderCosts1822, Track):
    """The corporation's own lays; its extra tokens in one city go back to its charter after an upgrade; its
    privates may make their track-time choices."""

    CHOICE_TIME: ClassVar[str] = "track"

    def can_lay_tile(self, entity: Any) -> bool:
        """Minor 14's home token is its first turn's tile lay."""
        if getattr(entity, "id", None) == self.game.MINOR_14 and not entity.operated():
            return False
        return bool(super().can_lay_tile(entity))

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        return list(super().actions(entity))


class Route1822(Choosing, RouteStep):
    """A corporation with a Pullman (P+) attaches it to one of its trains before running: that train counts every
    town and pays every stop for its turn."""

    game: Any

    def pullman(self, entity: Any) -> Any:
        return next((t for t in entity.trains if t.name == self.game.PULLMAN_TRAIN), None)

    def pullman_choices(self, entity: Any) -> list[Any]:
        game = self.game
        return [
            t
            for t in game.train_rules.route_trains(entity)
            if t.name not in game.LOCAL_TRAINS and t.name != game.E_TRAIN
        ]

    def choosing(self, entity: Any) -> bool:
        return (
            getattr(self, "attached", None) is None
            and self.pullman(entity) is not None
            and bool(self.pullman_choices(entity))
        )

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if (
            found
            and getattr(entity, "type", None) == "minor"
            and all(self.game.is_e_train(t) for t in self.game.train_rules.route_trains(entity))
        ):
            return []
        if found and self.choosing(entity):
            found = [*found, "choose"]
        return found

    def choice_name(self) -> str:
        return "Attach pullman (P+) to a train"

    def choices(self, entity: Any) -> list[Choice]:
        if not self.choosing(entity):
            return []
        return [Choice(str(i), f"{t.name} train") for i, t in enumerate(self.pullman_choices(entity))]

    def choose(self, entity: Any, choice: Any) -> None:
        train = self.pullman_choices(entity)[int(choice)]
        self.game.log(f"{entity.id} attaches the pullman to a {train.name} train")
        self.attached: tuple[Any, Any, Any] | None = (train, train.name, train.distance)
        distance = train.distance
        if isinstance(distance, int):
            visit = distance
        else:
            row = next((d for d in distance if "city" in d.get("nodes", [])), None)
            visit = int(row["visit"]) if row is not None else 0
        train.name = f"{train.name}+"
        train.distance = [
            {"nodes": ["city", "offboard"], "pay": 99, "visit": visit},
            {"nodes": ["town"], "pay": 99, "visit": 99},
        ]
        train._local = None

    def process_run_routes(self, action: Action) -> None:
        super().process_run_routes(action)
        attached = getattr(self, "attached", None)
        if attached is not None:
            train, name, distance = attached
            train.name = name
            train.distance = distance
            train._local = None
            self.attached = None


class SpecialTrack1822(UpdateToken1822, BorderCosts1822, SpecialTrack):
    """A private's tile lay is one of its corporation's lays, except the extra-track private's (1822's P12, two
    lays together, one for a minor); a minor's private never lays brown or gray; a private whose lays are used up
    closes, and one passing its remaining lays closes too."""

    def actions(self, entity: Any) -> list[str]:
        """A private lays only while the operator is at a tile-laying step (not, say, while a minor's acquisition
        is due), unless its own lay is under way."""
        found = list(super().actions(entity))
        if found and entity is not self.company and not hasattr(self.round.active_step(), "process_lay_tile"):
            return []
        return found

    def _special_abilities(self, entity: Any, time: Any, kwargs: dict[str, Any]) -> tuple[list[Any], Any]:
        """The bridge private (1822's P21) of a corporation lays only before the corporation's own lays this
        turn (or while its own lays go on) and only for a corporation with a token in one of its hexes."""
        if getattr(entity, "sym", None) == self.game.BRIDGE_COMPANY and getattr(entity.owner, "is_corporation", False):
            if (
                self.state.num_laid_track > 0
                and entity is not self.company
                and entity is not self.round.current_entity()
            ):
                return [], None
            found, first = super()._special_abilities(entity, time, kwargs)
            hexes = set(getattr(first, "hexes", None) or ())
            if not any(t.used and t.hex is not None and t.hex.id in hexes for t in entity.owner.tokens):
                return [], None
            return found, first
        return super()._special_abilities(entity, time, kwargs)

    def consumes_tile_lay(self, entity: Any, ability: Any) -> bool:
        """Every private's lay but the extra-track private's is one of the corporation's lays."""
        return entity.sym not in self.game.EXTRA_TRACK_COMPANIES or bool(super().consumes_tile_lay(entity, ability))

    def _spender(self, entity: Any) -> Any:
        owner = entity.owner
        return owner if getattr(owner, "is_corporation", False) else self.round.current_entity()

    def tile_refusal(self, entity: Any, tile: Any) -> str | None:
        if getattr(self._spender(entity), "type", None) == "minor" and tile.color in ("brown", "gray"):
            return "Minor cannot upgrade past green"
        return None

    def lay_together_goes_on(self, company: Any, ability: Any) -> None:
        """After a lay with ``company``'s ``ability``: a private whose lays must go together keeps the step (while
        it is open with lays left; its first lay that is not one of the corporation's counts as the corporation's
        one); any other private's lay ends the private's turn in the step."""
        if ability.must_lay_together:
            if self.state.num_laid_track == 1 and not ability.consume_tile_lay:
                self.state.num_laid_track += 1
            self.company = company if (ability.count or 0) > 0 and not company.closed else None
        else:
            self.company = None

    def process_lay_tile(self, action: LayTile) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        ability = self.ability(entity)
        if ability is None:
            raise IllegalAction(f"{game.entity_name(entity)} has no tile lay to use now")
        spender = self._spender(entity)
        hex_ = game.hex_by_id(action.hex)
        tile = game.tile_by_id(action.tile)
        refusal = self.tile_refusal(entity, tile)
        if refusal is not None:
            raise IllegalAction(refusal)
        minor_single_use = False
        combos = [game.company_by_id(cid) for cid in (action.combo_entities or [])]
        combo_abilities = [
            a
            for a in (next((a for a in c.all_abilities() if a.type == "tile_lay"), None) for c in combos)
            if a is not None
        ]
        # a combination with the extra-track private is an extra lay too (the reference's rule)
        if not self.consumes_tile_lay(entity, ability) or any(c.sym in game.EXTRA_TRACK_COMPANIES for c in combos):
            upgraded = hex_.tile.color != "white"
            consumes = any(getattr(a, "consume_tile_lay", False) for a in (ability, *combo_abilities))
            if upgraded and getattr(self, "extra_laid", False) and consumes:
                raise IllegalAction("Cannot lay an extra upgrade")
            self.lay_tile(action, spender=spender)
            self.state.laid_hexes.append(hex_)
            if getattr(spender, "type", None) == "minor":
                minor_single_use = True
            else:
                self.extra_laid = True
        else:
            self.lay_tile_action(action, spender=spender)
        upgrade = tile.color in ("green", "brown", "gray")
        for used in (ability, *combo_abilities):
            owner_company = used.owner
            if used.type != "tile_lay":
                used.use()
                continue
            for _ in range(2 if minor_single_use else 1):
                used.use(upgrade=upgrade)
            if used.closed_when_used_up and used.count is not None and used.count <= 0:
                game.log(f"{owner_company.name} closes")
                owner_company.close()
            # the last ability used decides whether a private's lays go on (a combination ends them)
            self.lay_together_goes_on(owner_company, used)
        if ability.type == "teleport":
            self.round.teleported = entity  # type: ignore[attr-defined]

    def fit_key(self, entity: Any) -> Any:
        """The town remover's fit is its own (the legal moves' rotation cache keeps it apart)."""
        return bool(self.game.removes_town(entity))

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        """The town remover (1822's P2) keeps the old exits (not the town): every new exit has a neighbour."""
        if self.game.removes_town(entity):
            old_exits = set(hex_.tile.exits)
            return old_exits <= set(tile.exits) and all(
                self.hex_neighbor_exists(entity, hex_, edge) for edge in tile.exits
            )
        return bool(super().tile_fits_hex(entity, hex_, tile))

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        """The privates' own hexes: the town remover a hex with one town, the hill private a hill or mountain,
        the estuary private a hex with an estuary border."""
        edges = super().available_hex(entity, hex_)
        if edges is None or self.hex_refusal(entity, hex_) is not None:
            return None
        return edges

    def tolerates_recorded(self, action: Any) -> bool:
        """The reference's lay checks a private's own hexes only in its interface (``available_hex``): a recorded
        lay off them (a town remover on a city, saved before live play refused it) is taken when loading; the
        table offers the private's hexes only.  So is a lay only :meth:`lay_refusal` forbids."""
        if action.type != "lay_tile":
            return False
        game: Any = self.game
        entity = game.resolve_entity(action)
        if self.ability(entity) is None:
            return False
        return self.hex_refusal(entity, game.hex_by_id(action.hex)) is not None or super().tolerates_recorded(action)

    def lay_refusal(self, entity: Any, hex_: Any, tile: Any) -> str | None:
        """A private's lay keeps the hex's cities as a normal lay must ("all other normal track laying restrictions
        apply"): the reference's company lay checks colour and track only, so an extra-lay private (P12) could put
        a town or plain tile on a city hex (a home still to be tokened, the English Channel), which breaks the game
        later.  A tile without track (1822MX's builder cube) lays nothing over the cities."""
        old = hex_.tile
        if not getattr(entity, "is_company", False) or not tile.paths or len(tile.cities) >= len(old.cities):
            return None
        if upgrades_to_correct_city_town(old, tile):
            return None  # a labelled big city whose tile merges its cities (1822CA's Toronto)
        return f"{entity.sym} lays by the normal rules: tile {tile.name} would take the city off {hex_.id}"

    def hex_refusal(self, entity: Any, hex_: Any) -> str | None:
        if not getattr(entity, "is_company", False):
            return None
        game = self.game
        sym = entity.sym
        if game.removes_town(entity) and len(hex_.tile.towns) != 1:
            return f"{sym} removes a town: it lays only on a hex with one town"
        if sym == game.HILL_COMPANY and not any(
            t in ("mountain", "hill") for u in hex_.tile.upgrades for t in u.terrains
        ):
            return f"{sym} lays only on a hill or a mountain"
        if (
            game.ESTUARY_COMPANY
            and sym == game.ESTUARY_COMPANY[0]
            and not any(b.type == "water" for b in hex_.tile.borders)
        ):
            return f"{sym} lays only on a hex with an estuary"
        if sym == game.ADVANCED_TILE_COMPANY and (
            hex_.tile.name not in (*game.TRACK_PLAIN, *game.TRACK_TOWN) or hex_.tile.color != game.phase.tiles[-1]
        ):
            # the advanced lay upgrades plain track or a town of the phase's newest colour
            return f"{sym} upgrades only plain track or a town of the phase's newest colour"
        return None

    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        """The advanced-lay private (1822's P11) lays the colour after the phase's newest (for a minor: green
        on yellow only); a minor's private never lays brown or gray."""
        game = self.game
        owner = getattr(entity, "owner", None)
        minor = getattr(owner, "type", None) == "minor"
        if getattr(entity, "sym", None) != game.ADVANCED_TILE_COMPANY:
            colors = list(super().potential_tile_colors(entity, hex_))
        else:
            order = ("yellow", "green", "brown", "gray")
            newest = game.phase.tiles[-1]
            colors = list((order[order.index(newest) + 1 :] if newest in order else ())[:1])
            if minor and hex_.tile.color != "yellow":
                return []
        return [c for c in colors if not (minor and c in ("brown", "gray"))]

    def hex_neighbors(self, entity: Any, hex_: Any) -> list[int] | None:
        """The operating corporation's reach (a private lays for it)."""
        if getattr(entity, "is_company", False):
            owner = entity.owner
            entity = owner if getattr(owner, "is_corporation", False) else self.round.current_entity()
        edges = graph_for_entity(self.game, entity).connected_hexes(entity).get(hex_)
        return None if edges is None else list(edges)

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        self.company = None
        self.pass_()
        self.game.log(f"{entity.name} closes")
        entity.close()


class PendingToken1822(HomeToken):
    """A pending token: minor 14's home in a London city of the player's choice (an extra slot is made for it),
    or the token a major gets for acquiring minor 14 from the bid box (£20, in a London city it reaches)."""

    NAME: ClassVar[str] = "PendingToken"

    def city_refusal(self, entity: Any, city: Any) -> str | None:
        """Why ``entity``'s pending token may not go into ``city`` of a pending hex (None: it may), beyond the
        checks below; a title's own rule (1822CA's QMOO)."""
        return None

    def process_place_token(self, action: PlaceToken) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        city = game.city_by_id(action.city)
        refusal = self.city_refusal(entity, city)
        if refusal is not None:
            raise IllegalAction(refusal)
        hex_ = city.hex
        if hex_ is None or not self.available_hex(entity, hex_):
            where = hex_.id if hex_ is not None else city.id
            raise IllegalAction(f"Cannot place token on {where} as the hex is not available")
        if city.tokened_by(entity):
            raise IllegalAction(
                f"Can't place token on {hex_.id} because {entity.id} cant have 2 tokens in the same city"
            )
        connected = entity.id not in game.pending_home_tokeners()
        if entity.id == game.MINOR_14:
            city.tokens.append(None)
        if city.get_slot(entity) is None:
            city.tokens.append(None)
        token = self.token
        self.place_token(token.corporation, city, token, connected=connected, extra_action=True, check_tokenable=False)
        self.state.pending_tokens.pop(0)
        game.after_place_pending_token(city)
        if entity.id == game.MINOR_14:
            game.minor_14_track_rights(entity)


class DiscardTrain1822(DiscardTrain):
    """Over the limit a corporation discards a train that counts (it keeps only its current variant); with two
    of a single extra train (``SINGLE_EXTRA_TRAINS``, first), two extra permanents or two Pullmans it discards one
    of those, which leaves the game."""

    game: Any

    def trains(self, corporation: Any) -> list[Any]:
        game = self.game
        for name in game.SINGLE_EXTRA_TRAINS:
            singles = [t for t in corporation.trains if t.name == name]
            if len(singles) > 1:
                return singles
        permanents = [t for t in corporation.trains if t.name in game.EXTRA_TRAIN_PERMANENTS]
        if len(permanents) > 1:
            return permanents
        pullmans = [t for t in corporation.trains if t.name == game.PULLMAN_TRAIN]
        if len(pullmans) > 1:
            return pullmans
        return [t for t in corporation.trains if t.name not in game.EXTRA_TRAINS]

    def process_discard_train(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        train = game.train_by_id(getattr(action, "train", None))
        if train.owner is not entity or not any(t is train for t in self.trains(entity)):
            raise IllegalAction(f"{entity.name} cannot discard the {train.name} train ({train.id})")
        if (
            train.name in game.EXTRA_TRAIN_PERMANENTS
            or train.name == game.PULLMAN_TRAIN
            or train.name in game.SINGLE_EXTRA_TRAINS
        ):
            game.train_rules.remove_train(train)
            train.owner = None
            game.train_rules.crowded_cache = None
            game.log(f"{entity.name} discards {train.name}, {train.name} is removed from the game")
        else:
            train.remove_variants()
            game.depot.reclaim_train(train)
            game.log(f"{entity.name} discards {train.name}")
