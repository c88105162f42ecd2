"""1822Africa's operating-round steps over the 1822 family's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.acquired_company_lay import AcquiredCompanyLay
from engine.steps.assign import Assign
from engine.steps.choices import Choice
from engine.steps.choose_ability import AbilityChoosing
from engine.titles.family1822.acquisition import MinorAcquisition
from engine.titles.family1822.operating import (
    BuyTrain1822,
    IssueShares1822,
    Route1822,
    SpecialToken1822,
    SpecialTrack1822,
    Token1822,
)

if TYPE_CHECKING:
    from engine.actions import Action


class MinorAcquisitionAfrica(MinorAcquisition):
    """A major may acquire any floated minor, whatever either has operated (bid-box minors from the phase status
    ``can_acquire_minor_bidbox``)."""

    def can_acquire(self, entity: Any) -> bool:
        return getattr(entity, "type", None) == "major" and bool(self.potentially_mergeable(entity))

    def potentially_mergeable(self, entity: Any) -> list[Any]:
        game: Any = self.game
        if getattr(entity, "type", None) != "major":
            return []
        found = [m for m in game.corporations if m.type == "minor" and m.floated and self.pay_choices(entity, m)]
        if game.phase.has_status("can_acquire_minor_bidbox"):
            for company in game.bid_box_minors():
                minor = game.corporation_by_id(company.sym[1:])
                if self.pay_choices(entity, minor):
                    found.append(minor)
        return found


class LayGameReserve(AcquiredCompanyLay):
    """The game reserve private (P10): its acquirer places the game reserve tile on an empty hex at once, and is
    paid for each hex between it and the printed reserve."""

    NAME: ClassVar[str] = "LayGameReserve"

    def after_acquired_lay(self, company: Any, hex_: Any) -> None:
        game: Any = self.game
        game.pay_game_reserve_bonus(company.owner)
        game.log(f"{company.name} closes")
        company.close()


class RouteAfrica(Route1822):
    """Before running, up to three choices in turn, each of which may be skipped: which 5/E or 6/E train runs as
    an Express (unlimited distance, only the corporation's tokened cities, double revenue), which train takes the
    Pullman (P+), which train becomes the safari train (+20 for each game reserve on its route)."""

    def express_candidates(self, entity: Any) -> list[Any]:
        return [t for t in entity.trains if t.name.endswith("E")]

    def pullman_choices(self, entity: Any) -> list[Any]:
        game: Any = self.game
        return [t for t in game.train_rules.route_trains(entity)
                if t.name not in game.LOCAL_TRAINS and not game.is_e_train(t)]

    def safari_candidates(self, entity: Any) -> list[Any]:
        return [t for t in self.pullman_choices(entity) if "+" not in t.name]

    def stage(self, entity: Any) -> str | None:
        """The choice due now: "express", "pullman", "safari" or None."""
        game: Any = self.game
        if getattr(self, "express", None) is None and self.express_candidates(entity):
            return "express"
        if getattr(self, "attached", None) is None and not getattr(self, "pullman_skipped", False) and \
                self.pullman(entity) is not None and self.pullman_choices(entity):
            return "pullman"
        if getattr(self, "safari", None) is None and any(game.is_safari_train(t) for t in entity.trains) and \
                self.safari_candidates(entity):
            return "safari"
        return None

    def choosing(self, entity: Any) -> bool:
        return self.stage(entity) is not None

    def choice_name(self) -> str:
        stage = self.stage(self.current_entity())
        if stage == "express":
            return "Select the train you want to run as Express"
        if stage == "safari":
            return "Which train will be a safari train (S)"
        return super().choice_name()

    def choices(self, entity: Any) -> list[Choice]:
        stage = self.stage(entity)
        trains = {"express": self.express_candidates, "pullman": self.pullman_choices,
                  "safari": self.safari_candidates}.get(stage or "")
        if trains is None:
            return []
        return [*(Choice(str(i), f"{t.name} train") for i, t in enumerate(trains(entity))), Choice("Skip", "Skip")]

    def choose(self, entity: Any, choice: Any) -> None:
        stage = self.stage(entity)
        game: Any = self.game
        skip = str(choice) == "Skip"
        if stage == "express":
            if skip:
                self.express: Any = "skip"
                game.log(f"{entity.id} chooses to not use an Express train")
                return
            train = self.express_candidates(entity)[int(choice)]
            game.log(f"{entity.id} makes {train.name} train Express")
            self.express = (train, train.name, train.distance, train.multiplier)
            train.name = f"E/{train.name[0]}"
            train.distance = 99
            train.multiplier = 2
            train._local = None
        elif stage == "pullman":
            if skip:
                self.pullman_skipped = True
                game.log(f"{entity.id} chooses not to attach the pullman to a train")
                return
            super().choose(entity, choice)
        elif stage == "safari":
            if skip:
                self.safari: Any = "skip"
                game.log(f"{entity.id} chooses to not use a safari train")
                return
            train = self.safari_candidates(entity)[int(choice)]
            game.log(f"{entity.id} makes {train.name} a safari train")
            self.safari = (train, train.name)
            train.name = f"{train.name}S"

    def process_run_routes(self, action: Action) -> None:
        super().process_run_routes(action)
        self.pullman_skipped = False
        safari = getattr(self, "safari", None)
        if isinstance(safari, tuple):
            safari[0].name = safari[1]
        self.safari = None
        express = getattr(self, "express", None)
        if isinstance(express, tuple):
            train, name, distance, multiplier = express
            train.name, train.distance, train.multiplier = name, distance, multiplier
            train._local = None
        self.express = None


class SpecialTrackAfrica(SpecialTrack1822):
    """The extra-lay privates (P7, P8, P12) never take the corporation's own lay; the add-town private (P5) lays on
    a hex without a town or city, keeping the old track."""

    def consumes_tile_lay(self, entity: Any, ability: Any) -> bool:
        if entity.sym in self.game.EXTRA_TRACK_COMPANIES:
            return False
        return bool(super().consumes_tile_lay(entity, ability))

    def adds_town(self, entity: Any) -> bool:
        return bool(getattr(entity, "sym", None) == self.game.ADD_TOWN_COMPANY)

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        """The add-town private lays only where the hex has no town or city yet (playout 5096: a town tile on a
        major's future home city left it no city for its home token; the reference then fails)."""
        if self.adds_town(entity) and (hex_.tile.towns or hex_.tile.cities):
            return True
        return bool(super().lay_forbidden(entity, hex_))

    def available_hex(self, entity: Any, hex_: Any) -> Any:
        if self.lay_forbidden(entity, hex_):
            return None
        return super().available_hex(entity, hex_)

    def fit_key(self, entity: Any) -> Any:
        return (super().fit_key(entity), self.adds_town(entity))

    def legal_tile_rotation(self, entities: Any, hex_: Any, tile: Any) -> bool:
        """The add-town private keeps the old exits: every new exit has a neighbour and one is reached."""
        listed = entities if isinstance(entities, list | tuple) else [entities]
        if not any(self.adds_town(e) for e in listed):
            return bool(super().legal_tile_rotation(entities, hex_, tile))
        game: Any = self.game
        operator = listed[0].owner
        if not game.legal_tile_rotation(operator, hex_, tile):
            return False
        reached = self.hex_neighbors(operator, hex_) or []
        return (set(hex_.tile.exits) <= set(tile.exits) and any(e in reached for e in tile.exits)
                and all(e in hex_.neighbors for e in tile.exits))

    def tile_fits_hex(self, entity: Any, hex_: Any, tile: Any) -> bool:
        if self.adds_town(entity):
            return set(hex_.tile.exits) <= set(tile.exits) and all(
                self.hex_neighbor_exists(entity, hex_, edge) for edge in tile.exits)
        return bool(super().tile_fits_hex(entity, hex_, tile))


class BuyTrainAfrica(AbilityChoosing, BuyTrain1822):
    """Privates may also choose while trains are bought (the recycled train, the treasury-share sale)."""

    CHOICE_TIME: ClassVar[str] = "buy_train"

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if self.offers_ability_choice(entity) else []
        return list(super().actions(entity))


class MinorAcquisitionChoosing(AbilityChoosing, MinorAcquisitionAfrica):
    """The treasury-share sale may also be chosen while a minor may be acquired."""

    CHOICE_TIME: ClassVar[str] = "acquire_minor"

    def actions(self, entity: Any) -> list[str]:
        if getattr(entity, "is_company", False):
            return ["choose_ability"] if entity is not None and self.offers_ability_choice(entity) else []
        return list(super().actions(entity))


class TokenAfrica(Token1822):
    """A corporation holding the gold mine stops at its token step (to place the mine) even without a token; so does
    one holding an exchange token and the private the reference still names by 1822's station-swap id (P18, here the
    safari bonus), while Africa's own station swap (P13) does not stop it."""

    def swap_private(self, entity: Any) -> bool:
        game: Any = self.game
        if not getattr(entity, "is_corporation", False):
            return False
        held = {c.sym for c in entity.companies}
        if game.GOLD_MINE in held:
            return True
        return game.TOKEN_STOP_COMPANY in held and game.exchange_tokens.get(entity.id, 0) > 0


class AssignAfrica(Assign):
    """The coffee plantation (P15) goes on an empty mountain hex; its corporation gets the placement bonus."""

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if hex_.tile.color != "white":
            return None
        return super().available_hex(entity, hex_)

    def process_assign(self, action: Action) -> None:
        game: Any = self.game
        company = game.resolve_entity(action)
        corporation = company.owner
        target = self.resolve_target(action)
        if getattr(action, "target_type", None) == "hex" and self.available_hex(company, target) is None:
            raise IllegalAction(f"{company.name} cannot be assigned to {target.id}")
        super().process_assign(action)
        bonus = game.COFFEE_PLANTATION_PLACEMENT_BONUS
        game.bank.spend(bonus, corporation)
        game.log(f"{corporation.id} receives Coffee Plantation bonus of {game.format_currency(bonus)}")


class SpecialTokenAfrica(SpecialToken1822):
    """The gold mine's token (P14) belongs to no corporation once placed: it fills its city slot and adds its bonus
    to every route stopping there."""

    def process_place_token(self, action: Any) -> None:
        game: Any = self.game
        company = game.resolve_entity(action)
        super().process_place_token(action)
        if company.sym != game.GOLD_MINE:
            return
        city = game.city_by_id(action.city)
        token = next(t for t in reversed(city.tokens) if t is not None)
        token.corporation = game.gold_mine_corporation
        game.gold_mine_corporation.tokens[:] = [token]
        game.gold_mine_token = token
        game.graph.clear()


class IssueSharesAfrica(IssueShares1822):
    """Issuing moves the price one step left per share issued."""

    def process_sell_shares(self, action: Action) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        bundle = self._checked_bundle(action, self.issuable_shares(entity), "issue")
        game.share_pool.sell_shares(bundle)
        old_price = entity.share_price
        for _ in bundle.shares:
            game.stock_market.move_left(entity)
        game.share_rules.log_share_price(entity, old_price)
        self.pass_()
