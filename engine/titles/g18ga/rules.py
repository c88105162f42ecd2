"""18GA: the behaviours of the title that are not data.

Hooks used (besides the Derrick family's, ``engine/titles/derrick/family.py``):

* ``SETUP`` (``Setup18GA``): the Cotton Port option's map and two-home Georgia Railroad (a variant of the title
  data); the options that move the Georgia & Florida's home to Columbus and take one station token from the
  Central of Georgia.
* ``setup``: neutral stations in Montgomery (E1) and Tallahassee (J4); the free 2 train set aside (held by
  the neutral owner, not for sale); the Atlantic Coast Line's home token placed (face down) in Jacksonville,
  where it blocks routes until the ACL floats; with the soft-rust option the 4 trains become obsolete on the
  8 instead of rusting.
* ``TRACK_RULES`` (``place_home_token``: the Cotton Port Georgia Railroad's two homes at once; ``upgrades_to``):
  Augusta and Savannah become their own green tiles, Brunswick and Macon
  their own brown tiles.
* ``TRAIN_RULES`` (``event_close_companies``): Waycross loses the W&SR icon.
* ``after_sell_company``: a corporation buying the Ocilla Southern gets the free 2 train (before the first 4
  train, with room for it).
* ``operating_round_steps``: the W&SR token and one station token per round (``steps.py``), one depot
  train per round in the early phases.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from engine.model.entities import Corporation
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.derrick.family import DerrickGame, DerrickTrackRules
from engine.titles.g18ga.data import (
    BLOCKED_HOME_CORPORATION,
    CITY_UPGRADES,
    COTTON_PORT,
    COTTON_PORT_GEORGIA_RAILROAD,
    COTTON_PORT_HEXES,
    DOUBLE_YELLOW_FIRST_OR,
    FREE_TRAIN,
    FREE_TRAIN_COMPANY,
    NEUTRAL_CITIES,
    NEW_GEORGIA_FLORIDA_HOME,
    NEW_GEORGIA_FLORIDA_HOME_HEX,
    REMOVE_COG_TOKEN,
    SOFT_RUST_4T,
    TITLE,
    WAYCROSS,
    WAYCROSS_COMPANY,
)
from engine.titles.spec import TitleSpec


class Setup18GA(ModelSetup):
    def build(self) -> None:
        game = self.game
        if COTTON_PORT in game.optional_rules:
            # Cotton Port: another map around Savannah and a Georgia Railroad with two homes.
            corporations = tuple(COTTON_PORT_GEORGIA_RAILROAD if c.sym == COTTON_PORT_GEORGIA_RAILROAD.sym else c
                                 for c in game.spec.corporations)
            game.spec = dataclasses.replace(game.spec, hexes=COTTON_PORT_HEXES, corporations=corporations)
        super().build()

    def make_corporations(self) -> list[Any]:
        corporations = super().make_corporations()
        options = self.game.optional_rules
        for corporation in corporations:
            if corporation.id == "G&F" and NEW_GEORGIA_FLORIDA_HOME in options:
                corporation.coordinates = NEW_GEORGIA_FLORIDA_HOME_HEX
            if corporation.id == "CoG" and REMOVE_COG_TOKEN in options:
                corporation.tokens.pop()
        return corporations


class TrackRules18GA(DerrickTrackRules):
    def place_home_token(self, corporation: Any) -> None:
        """Cotton Port: the Georgia Railroad's first two tokens go to both its homes at once."""
        homes = corporation.coordinates
        if not isinstance(homes, list | tuple) or (corporation.tokens and corporation.tokens[0].used):
            super().place_home_token(corporation)
            return
        game = self.game
        for home in homes:
            game.hex_by_id(home).tile.cities[0].place_token(corporation, corporation.next_token())
            game.log(f"{corporation.name} places a token on {home}")
        corporation.coordinates = homes[0]
        game.graph.clear()

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        hex_ = old.hex
        only = CITY_UPGRADES.get((hex_.id, old.color)) if hex_ is not None else None
        if only is not None:
            return bool(new.name == only)
        return super().upgrades_to(old, new, special)


class TrainRules18GA(TrainRules):
    def event_close_companies(self) -> None:
        super().event_close_companies()
        game = self.game
        assert isinstance(game, Game18GA)
        game.remove_waycross_icon()


class Game18GA(DerrickGame):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup18GA
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18GA
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18GA
    FIRST_OR_EXTRA_YELLOW: ClassVar[dict[str, int]] = {DOUBLE_YELLOW_FIRST_OR: 1}

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        self.neutral = Corporation("N", "Neutral", [0, 0], color="white", text_color="black")
        self.neutral.owner = self.bank
        for token in self.neutral.tokens:
            token.type = "neutral"
        for city_id in NEUTRAL_CITIES:
            self.city_by_id(city_id).place_token(self.neutral, self.neutral.next_token())
        if SOFT_RUST_4T in self.optional_rules:
            for train in self.depot.trains:
                if train.name == "4":
                    obsolete_on = train.rusts_on
                    train.rusts_on, train.obsolete_on = None, obsolete_on
                    for variant in train.variants.values():
                        variant.update(rusts_on=None, obsolete_on=obsolete_on)
        # The free 2 train waits with the neutral owner until the Ocilla Southern is bought.
        self.free_train = self.train_by_id(FREE_TRAIN)
        self.free_train.buyable = False
        self.train_rules.buy_train(self.neutral, self.free_train, "free")
        # Jacksonville is blocked by the ACL's face-down home token until the ACL floats.
        acl = self.corporation_by_id(BLOCKED_HOME_CORPORATION)
        self.track_rules.place_home_token(acl)
        self.log(f"{acl.name}'s home token is placed to block routing through Jacksonville (J12)")

    # --- the privates -------------------------------------------------------------------------------------
    def waycross_company(self) -> Any:
        return self.company_by_id(WAYCROSS_COMPANY)

    def waycross_hex(self) -> Any:
        return self.hex_by_id(WAYCROSS)

    def waycross_token_left(self) -> bool:
        abilities = self.ability_rules.abilities(self.waycross_company(), "token")
        return bool(abilities) and bool(abilities[0].count)

    def remove_waycross_icon(self) -> None:
        self.waycross_hex().tile.icons.clear()

    def after_sell_company(self, buyer: Any, company: Any, price: int, seller: Any) -> None:
        if company.id != FREE_TRAIN_COMPANY or not getattr(buyer, "is_corporation", False):
            return
        if len(buyer.trains) == self.train_rules.train_limit(buyer) or self.phase.available("4"):
            return
        if self.free_train.owner is not self.neutral:
            return
        self.free_train.buyable = True
        self.train_rules.buy_train(buyer, self.free_train, "free")
        self.free_train.buyable = False
        self.log(f"{buyer.name} receives a bonus non sellable 2 train")

    # --- rounds -------------------------------------------------------------------------------------------
    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
        from engine.steps.special_track import SpecialTrack
        from engine.steps.track import Track
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18ga.steps import SpecialToken18GA, Token18GA

        return [Bankrupt, SpecialToken18GA, BuyCompany, HomeToken, SpecialTrack, Track, Token18GA, RouteStep,
                Dividend, DiscardTrain, SingleDepotTrainBuy, (BuyCompany, {"blocks": True})]


__all__ = ["Game18GA"]
