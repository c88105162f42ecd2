"""The volatility expansion's private companies that change rules (1817 and its family):

* P12 Loan Shark: $60 to the corporation it is put into; $10 more interest every operating round;
* P13 Ponzi Scheme: closes as its corporation starts;
* P14 Inventor: the bank pays its corporation when the first train of each type leaves the depot;
* P15 Scrapper (``train_scrapper``): money for each of its corporation's trains that rusts;
* P18 Express Track / P19 Efficient Track: what the two tile lays cost;
* P20 Golden Parachute: $100 to the president of a corporation acquired by another president or the bank;
* P21 Station Subsidy: $50 off the tokens bought after a conversion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.services.track import TrackRules

LOAN_SHARK = "P12"
PONZI_SCHEME = "P13"
INVENTOR = "P14"
EXPRESS_TRACK = "P18"
EFFICIENT_TRACK = "P19"
GOLDEN_PARACHUTE = "P20"
STATION_SUBSIDY = "P21"

LOAN_SHARK_CASH = 60
LOAN_SHARK_INTEREST = 10
INVENTOR_PAYOUTS = {"2": 20, "3": 30, "4": 40, "5": 50, "6": 60, "7": 70, "8": 80}
GOLDEN_PARACHUTE_VALUE = 100
STATION_SUBSIDY_VALUE = 50


def owns(corporation: Any, company_id: str) -> bool:
    return any(c.id == company_id for c in getattr(corporation, "companies", ()))


def company(game: Any, company_id: str) -> Any:
    if "volatility" not in game.optional_rules:
        return None
    return next((c for c in game.companies if c.id == company_id), None)


class TrackRulesVolatility(TrackRules):
    """Express Track: the first lay costs $10 and the second nothing; Efficient Track: the second costs $10;
    both: both free."""

    EXPRESS_FIRST: ClassVar[int] = 10
    EFFICIENT_SECOND: ClassVar[int] = 10

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        lays = [dict(lay) for lay in super().tile_lays(entity)]
        if "volatility" not in self.game.optional_rules:
            return lays  # (18USA's P18 and P19 are other companies)
        express, efficient = owns(entity, EXPRESS_TRACK), owns(entity, EFFICIENT_TRACK)
        if express and efficient:
            lays[1]["cost"] = 0
        elif express:
            lays[0]["cost"] = self.EXPRESS_FIRST
            lays[1]["cost"] = 0
        elif efficient:
            lays[1]["cost"] = self.EFFICIENT_SECOND
        return lays


def inventor_payout(game: Any, train: Any) -> None:
    inventor = company(game, INVENTOR)
    owner = inventor.owner if inventor is not None else None
    if owner is None or not getattr(owner, "is_corporation", False):
        return
    payouts = game.inventor_payouts
    payout = payouts.pop(train.name, None)
    if payout is None:
        return
    game.log(f"{owner.name} collects {game.format_currency(payout)} from {inventor.name}")
    game.bank.spend(payout, owner)


def scrap(game: Any, owner: Any, train: Any) -> None:
    if owner is None or not getattr(owner, "is_corporation", False):
        return
    for ability in game.ability_rules.abilities(owner, "train_scrapper"):
        value = int(ability.extra.get("scrap_values", {}).get(train.name, 0))
        if value > 0:
            game.log(f"{owner.name} collects {game.format_currency(value)} from {ability.owner.name} for "
                     f"{train.name}")
            game.bank.spend(value, owner)


def golden_parachute(game: Any, target: Any, buyer: Any) -> None:
    if company(game, GOLDEN_PARACHUTE) is None or not owns(target, GOLDEN_PARACHUTE):
        return  # (only with the volatility expansion: 18USA's P20 is another company)
    owner = target.owner
    if (buyer is not None and buyer.owner is owner) or not getattr(owner, "is_player", False):
        return
    parachute = company(game, GOLDEN_PARACHUTE)
    game.log(f"{owner.name} collects {game.format_currency(GOLDEN_PARACHUTE_VALUE)} from {parachute.name}")
    game.bank.spend(GOLDEN_PARACHUTE_VALUE, owner)


__all__ = ["TrackRulesVolatility", "golden_parachute", "inventor_payout", "owns", "scrap"]
