"""18AL: the behaviours of the title that are not data.

Hooks used (besides the Derrick family's, ``engine/titles/derrick/family.py``):

* ``SETUP`` (``Setup18AL``): the "Move L&N home" option (Nashville becomes a plain off-board, the L&N's home
  moves to Decatur).
* ``setup``: with the hard-rust option the 4 trains rust on the 7 instead of becoming obsolete.
* ``TRACK_RULES`` (``upgrades_to``): the Lumber Terminal (445) is never upgraded; Montgomery's yellow tile
  upgrades only to its green M tile.
* ``TRAIN_RULES`` (``event_remove_tokens``): the first 6 train takes the Warrior Coal Field token (and its
  bonus) off the map.
* ``revenue_for``: the Warrior Coal Field token's $10 for a stop in its city; the Robert E. Lee (Atlanta and
  Birmingham, +$20) and Pan American (Nashville and Mobile, +$40) markers, each paid once per run, to the
  run's last route that includes both cities.
* ``operating_round_steps``: 18AL's Assign (the coal token), BuyCompany (the M&C's markers) and Token (the
  corporations' historical objectives pay $100), ``steps.py``; one depot train per round in the early phases.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from engine.map.route import base_revenue_for
from engine.services.setup import ModelSetup
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.derrick.family import DerrickGame, DerrickTrackRules
from engine.titles.g18al.data import (
    COAL_COMPANY,
    DOUBLE_YELLOW_FIRST_OR,
    HARD_RUST_T4,
    LN_HOME_CITY_MOVED,
    LUMBER_TERMINAL,
    MONTGOMERY,
    MONTGOMERY_GREEN,
    MOVED_LN,
    MOVED_LN_NEW_HOME,
    MOVED_LN_OLD_HOME,
    NASHVILLE_OFFBOARD,
    ROUTE_MARKERS,
    TITLE,
)
from engine.titles.spec import TitleSpec

#: the ability the Warrior Coal Field token gives its corporation (a stop in its city pays more)
COAL_BONUS_TYPE = "hexes_bonus"


def _hexes(ability: Any) -> list[str]:
    return list(ability.extra.get("hexes") or [])


def _amount(ability: Any) -> int:
    return int(ability.extra.get("amount") or 0)


class Setup18AL(ModelSetup):
    def build(self) -> None:
        game = self.game
        if LN_HOME_CITY_MOVED in game.optional_rules:
            game.spec = dataclasses.replace(game.spec, hexes=_moved_ln_hexes(game.spec.hexes))
        super().build()

    def make_corporations(self) -> list[Any]:
        corporations = super().make_corporations()
        if LN_HOME_CITY_MOVED in self.game.optional_rules:
            for corporation in corporations:
                if corporation.id == MOVED_LN:
                    corporation.coordinates = MOVED_LN_NEW_HOME
        return corporations


def _moved_ln_hexes(hexes: Any) -> dict[str, dict[str, tuple[str, ...]]]:
    """The map with Nashville as a plain off-board (its place in the hex order kept)."""
    result: dict[str, dict[str, tuple[str, ...]]] = {}
    for color, groups in hexes.items():
        result[color] = {}
        for code, hex_ids in groups.items():
            if MOVED_LN_OLD_HOME in hex_ids:
                result[color][NASHVILLE_OFFBOARD] = (MOVED_LN_OLD_HOME,)
                rest = tuple(h for h in hex_ids if h != MOVED_LN_OLD_HOME)
                if rest:
                    result[color][code] = rest
            else:
                result[color][code] = hex_ids
    return result


class TrackRules18AL(DerrickTrackRules):
    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        if old.name == LUMBER_TERMINAL:
            return False
        if old.color == "yellow" and old.hex is not None and old.hex.id == MONTGOMERY:
            return bool(new.name == MONTGOMERY_GREEN)
        return super().upgrades_to(old, new, special)


class TrainRules18AL(TrainRules):
    def event_remove_tokens(self) -> None:
        game = self.game
        for corporation in game.corporations:
            for ability in list(game.ability_rules.abilities(corporation, COAL_BONUS_TYPE)):
                hexes = _hexes(ability)
                hex_ = next((h for h in game.hexes if h.id in hexes), None)
                corporation.remove_ability(ability)
                if hex_ is None:
                    continue
                from engine.steps.assign import unassign

                unassign(hex_, COAL_COMPANY)
                game.log(f"Warrior Coal Field token is removed from {hex_.location_name} ({hex_.id})")


class Game18AL(DerrickGame):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup18AL
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18AL
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18AL
    FIRST_OR_EXTRA_YELLOW: ClassVar[dict[str, int]] = {DOUBLE_YELLOW_FIRST_OR: 1}

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        for corporation in self.corporations:
            for ability in self.ability_rules.abilities(corporation, "assign_hexes"):
                hex_id = ability.hexes[0]
                location = self.hex_by_id(hex_id).location_name
                ability.description = f"Historical objective: {location}"
        if HARD_RUST_T4 in self.optional_rules:
            for train in self.depot.trains:
                if train.name == "4":
                    train.rusts_on, train.obsolete_on = train.obsolete_on, None
                    for variant in train.variants.values():
                        variant.update(rusts_on=train.rusts_on, obsolete_on=None)

    # --- the Warrior Coal Field token -------------------------------------------------------------------
    def coal_company(self) -> Any:
        return self.company_by_id(COAL_COMPANY)

    def remove_mining_icons(self, hex_ids: Sequence[str]) -> None:
        for hex_ in self.hexes:
            if hex_.id in hex_ids:
                hex_.tile.icons.clear()

    # --- revenue ------------------------------------------------------------------------------------------
    def coal_bonus(self, route: Any, stops: Sequence[Any]) -> int:
        bonus = 0
        for ability in self.ability_rules.abilities(route.corporation, COAL_BONUS_TYPE):
            hexes = _hexes(ability)
            bonus += sum(_amount(ability) for stop in stops if stop.hex is not None and stop.hex.id in hexes)
        return bonus

    def marker_bonus(self, route: Any, kind: str) -> int:
        """What ``kind``'s markers of the route's corporation pay ``route`` alone (0: it misses a city)."""
        names = {h.id for h in route.hexes}
        return sum(_amount(a) for a in self.ability_rules.abilities(route.corporation, kind)
                   if all(h in names for h in _hexes(a)))

    def marker_bonuses(self, route: Any) -> int:
        """The route markers paid to ``route``: each marker once per run, to the run's last route earning it
        (the reference picks it with a comparison that always prefers the later route)."""
        routes = route.routes or [route]
        total = 0
        for kind in ROUTE_MARKERS:
            if not self.ability_rules.abilities(routes[0].corporation, kind):
                continue
            earning = [r for r in routes if self.marker_bonus(r, kind) > 0]
            if earning and earning[-1] is route:
                total += self.marker_bonus(route, kind)
        return total

    def revenue_for(self, route: Any, stops: Sequence[Any]) -> int:
        return base_revenue_for(route, stops) + self.coal_bonus(route, stops) + self.marker_bonuses(route)

    # --- rounds -------------------------------------------------------------------------------------------
    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.dividend import Dividend
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.single_depot_train_buy import SingleDepotTrainBuy
        from engine.steps.special_buy_train import SpecialBuyTrain
        from engine.steps.special_track import SpecialTrack
        from engine.steps.track import Track
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18al.steps import Assign18AL, BuyCompany18AL, Token18AL

        return [Bankrupt, Assign18AL, BuyCompany18AL, HomeToken, SpecialTrack, Track, Token18AL, RouteStep,
                Dividend, DiscardTrain, SpecialBuyTrain, SingleDepotTrainBuy, (BuyCompany, {"blocks": True})]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18al.steps import BuySellParShares18AL

        return [DiscardTrain, BuySellParShares18AL]


__all__ = ["Game18AL"]
