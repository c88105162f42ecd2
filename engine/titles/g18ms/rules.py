"""18MS: the behaviours of the title that are not data.

Hooks used (besides the Derrick family's, ``engine/titles/derrick/family.py``):

* ``init_round`` / ``priority_deal_player``: the private companies are drafted (``steps.SimpleDraft``), the
  first seat holding the priority meanwhile.
* ``setup``: the free 2+ train set aside for the Mississippi Central; ten operating rounds (eleven with the
  option).
* ``new_operating_round``: the game counts its operating rounds: privates at face value in OR 1, from 50% to
  150% and phase 3 from OR 2; players in debt borrow half their debt again at the start of each set; with
  eleven rounds the last set has three.
* ``or_set_finished``: after the sets of game turns 2, 3 and 4 the 2+, 3+ and 4+ trains rust, corporations
  receiving their salvage value.
* ``routes_revenue``: a plus train that will rust after this set cannot be sold once it ran in the set's
  second round (unless the "allow buy rusting" option).
* ``revenue_for``: the New Orleans route bonus (a ``hexes_bonus`` ability, removed by the 6 train).
* ``president_assisted_buy``: a president may help buy a permanent train for a $50 fee.
* ``TRACK_RULES`` (``tile_lays``): a recently floated corporation has two lays.
* ``COMPANY_RULES`` (``purchasable``): only from the president; the Mississippi Central until OR 4 and with
  room for its train; in OR 1 only the AGS and the BS.
* ``TRAIN_RULES`` (``event_remove_tokens``); ``END_RULES`` (``fixed_round``: after the last operating round).
* ``operating_round_steps``: 18MS's steps (``steps.py``: a saved game's route revenues are taken as recorded)
  and the company train purchase (``SpecialBuyTrain``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.map.route import base_revenue_for
from engine.model.entities import Corporation
from engine.rounds.base import Round
from engine.services.companies import CompanyRules
from engine.services.game_end import GameEndRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.dividend import route_revenue
from engine.titles.derrick.family import DerrickGame, DerrickTrackRules
from engine.titles.g18ms.data import (
    ALLOW_BUY_RUSTING,
    FIRST_OR_TILE_LAYS,
    FREE_TRAIN,
    FREE_TRAIN_COMPANY,
    FREE_TRAIN_COMPANY_LAST_TURN,
    OR_11,
    OR_ONE_COMPANIES,
    PRESIDENT_ASSIST_FEE,
    RUSTING_SCHEDULE,
    TITLE,
)
from engine.titles.spec import TitleSpec

OR_ONE_STATUS = "can_buy_companies_operation_round_one"


def hexes_bonus_hexes(ability: Any) -> list[str]:
    return list(ability.extra.get("hexes") or [])


class TrackRules18MS(DerrickTrackRules):
    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        game = self.game
        assert isinstance(game, Game18MS)
        if any(c is entity for c in game.recently_floated):
            return FIRST_OR_TILE_LAYS
        return TrackRules.tile_lays(self, entity)


class CompanyRules18MS(CompanyRules):
    def purchasable(self, entity: Any = None) -> list[Any]:
        game = self.game
        if entity is None:
            entity = game.round.current_entity()
        if entity is None or getattr(entity, "is_company", False):
            return []
        president = game.entity_player(entity)
        companies = [c for c in super().purchasable(entity) if c.owner is president]
        companies = [c for c in companies if not (
            c.id == FREE_TRAIN_COMPANY and (game.turn > FREE_TRAIN_COMPANY_LAST_TURN
                                            or len(entity.trains) == game.train_rules.train_limit(entity)))]
        if OR_ONE_STATUS not in game.phase.status:
            return companies
        if game.turn > 1:
            return []
        return [c for c in companies if c.id in OR_ONE_COMPANIES]


class TrainRules18MS(TrainRules):
    def event_remove_tokens(self) -> None:
        game = self.game
        for corporation in game.corporations:
            for ability in list(game.ability_rules.abilities(corporation, "hexes_bonus")):
                hexes = hexes_bonus_hexes(ability)
                bonus_hex = next((h for h in game.hexes if h.id in hexes), None)
                corporation.remove_ability(ability)
                if bonus_hex is not None:
                    game.log(f"Route bonus is removed from {bonus_hex.location_name} ({bonus_hex.id})")


class GameEndRules18MS(GameEndRules):
    def condition(self, reason: str) -> bool:
        if reason == "fixed_round":
            game = self.game
            assert isinstance(game, Game18MS)
            return game.or_count == game.last_or
        return super().condition(reason)


class Game18MS(DerrickGame):
    TITLE: ClassVar[TitleSpec] = TITLE
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18MS
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules18MS
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18MS
    END_RULES: ClassVar[type[GameEndRules]] = GameEndRules18MS

    # --- set-up -------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        from engine.titles.g18ms.steps import DraftRound18MS, SimpleDraft

        return DraftRound18MS(self, [SimpleDraft])

    def setup(self) -> None:
        super().setup()
        self.chattanooga_reached = False
        self.neutral = Corporation("N", "Neutral", [], color="white", text_color="black")
        self.neutral.owner = self.bank
        self.free_train = self.train_by_id(FREE_TRAIN)
        self.free_train.buyable = False
        self.train_rules.buy_train(self.neutral, self.free_train, "free")
        self.or_count = 0
        self.last_or = 11 if OR_11 in self.optional_rules else 10
        self.three_or_round = False

    def priority_deal_player(self) -> Any:
        if getattr(self.round, "draft", False):
            return self.players[0]
        return super().priority_deal_player()

    # --- the timetable ------------------------------------------------------------------------------------
    def new_operating_round(self, round_num: int = 1) -> Round:
        self.or_count += 1
        if self.or_count == 1:
            for company in self.companies:
                company.min_price = company.max_price = company.value
        if self.or_count == 2:
            for company in self.companies:
                company.min_price = -(-company.value // 2)
                company.max_price = company.value * 3 // 2
            self.phase.next()
        if round_num == 1:
            for player in self.players:
                if player.cash >= 0:
                    continue
                interest = -(player.cash // 2)  # half the debt, rounded up
                player.spend(interest, self.bank, check_cash=False)
                self.log(f"{player.name} has to borrow another {self.format_currency(interest)} "
                         "as being in debt at end of SR")
        if self.or_count == 9 and OR_11 in self.optional_rules:
            self.operating_rounds = 3
            self.three_or_round = True
        return super().new_operating_round(round_num)

    def or_round_finished(self) -> None:
        super().or_round_finished()
        if self.three_or_round:
            self.operating_rounds = 3

    def or_set_finished(self) -> None:
        name = RUSTING_SCHEDULE.get(self.turn)
        if name is not None:
            self.rust_all(name)
        super().or_set_finished()

    def rust_all(self, name: str) -> None:
        """Every train called ``name`` rusts; each corporation owning one receives its salvage value."""
        trains = [t for t in self.depot.trains if not t.rusted and t.name == name]
        if not trains:
            return
        owners: dict[str, int] = {}
        salvage = int(trains[0].salvage or 0)
        for train in trains:
            owner = train.owner
            if getattr(owner, "is_corporation", False) and owner is not self.neutral:
                if salvage:
                    self.bank.spend(salvage, owner)
                owners[owner.name] = owners.get(owner.name, 0) + 1
            self.train_rules.rust(train)
        listed = ", ".join(f"{corporation} x{count}" for corporation, count in owners.items())
        self.log(f"-- Event: [\"{name}\"] trains rust ( {listed}) --")
        self.log(f"Corporations salvage {self.format_currency(salvage)} from each rusted train")

    # --- revenue --------------------------------------------------------------------------------------------
    def hexes_bonus(self, route: Any, stops: Sequence[Any]) -> int:
        bonus = 0
        for ability in self.ability_rules.abilities(route.corporation, "hexes_bonus"):
            hexes = hexes_bonus_hexes(ability)
            if any(stop.hex is not None and stop.hex.id in hexes for stop in stops):
                bonus += int(ability.extra.get("amount") or 0)
        return bonus

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        return base_revenue_for(route, stops) + self.hexes_bonus(route, stops)

    def routes_revenue(self, routes: list[Any]) -> int:
        if not routes:
            return 0
        if self.round.round_num == 2 and ALLOW_BUY_RUSTING not in self.optional_rules:
            rusting = f"{self.turn}+"
            for train in routes[0].corporation.trains:
                if train.name == rusting:
                    train.buyable = False
        return sum(route_revenue(r) for r in routes)

    # --- companies and trains -----------------------------------------------------------------------------
    def exchange_for_free_train(self, corporation: Any, company: Any) -> None:
        """The Mississippi Central, just bought, becomes the free (unsellable) 2+ train."""
        self.free_train.buyable = True
        self.train_rules.buy_train(corporation, self.free_train, "free")
        self.free_train.buyable = False
        company.close()
        self.log(f"{corporation.name} exchanges {company.name} for a free non sellable {self.free_train.name} train")

    def president_assisted_buy(self, corporation: Any, train: Any, price: int) -> tuple[int, int]:
        """What the president adds (and the fee) so that ``corporation`` can buy a permanent ``train``: only when
        it owns a train, cannot pay but has at least half the price, and the president can pay both."""
        if corporation.trains and "+" not in train.name and corporation.cash >= price // 2 and price > corporation.cash:
            assist = price - corporation.cash
            player = corporation.owner
            if not player.cash < assist + PRESIDENT_ASSIST_FEE:
                return assist, PRESIDENT_ASSIST_FEE
        return 0, 0

    # --- rounds -------------------------------------------------------------------------------------------
    def operating_round_steps(self) -> list[Any]:
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.dividend import Dividend
        from engine.steps.special_buy_train import SpecialBuyTrain
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18ms.steps import (
            BuyCompany18MS,
            BuyTrain18MS,
            Route18MS,
            SpecialToken18MS,
            SpecialTrack18MS,
            Token18MS,
            Track18MS,
        )

        return [Exchange, SpecialTrack18MS, SpecialToken18MS, BuyCompany18MS, Track18MS, Token18MS, Route18MS,
                Dividend, DiscardTrain, SpecialBuyTrain, BuyTrain18MS, (BuyCompany, {"blocks": True})]


__all__ = ["Game18MS"]
