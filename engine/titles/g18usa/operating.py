"""18USA's operating-round steps that differ from 1817's: the dividend moves the price one step for each half
of the share price paid out (up to four)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.steps.choices import Choice, Choosing
from engine.steps.route import RouteStep
from engine.steps.special_token import SpecialToken
from engine.steps.trains import BuyTrain
from engine.titles.g18usa import data
from engine.titles.g1817.acquisition import Acquire
from engine.titles.g1817.operating import Assign1817, BuyTrain1817, Dividend1817, LoanStep


class Dividend18USA(Dividend1817):
    def share_price_change(self, entity: Any, revenue: int) -> tuple[str | list[str] | None, int | list[int]]:
        price = int(entity.share_price.price)
        if entity.share_price.type == "acquisition":
            price = 40
        if revenue <= 0:
            return "left", 1
        thresholds = (price // 2, price, price * 3 // 2, price * 2)
        times = sum(1 for t in thresholds if revenue >= t)
        return ("right", times) if times else (None, 0)




class Route18USA(Choosing, RouteStep):
    """Before running, an upgrade may be attached to a train for the run: the Switcher (P19, one more stop, may
    skip a city), the Extender (P30, one more stop, not on permanent trains), the Pullman (a P train owned: $20 a
    stop).  An upgraded train shows it in its name ("2+1") until the run is done."""

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["train_upgrade_assignments"] = {}
        return state

    def setup(self) -> None:
        super().setup()
        self.attached: list[tuple[dict[str, Any], Any]] = []

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if found and self.choices(entity):
            found.append("choose")
        return found

    def choice_name(self) -> str:
        return "Attach an upgrade to a train?"

    def upgrade_choices(self, entity: Any) -> list[dict[str, Any]]:
        game = self.game
        found: list[dict[str, Any]] = []
        for company_id, upgrade in (("P19", UPGRADES["/"]), ("P30", UPGRADES["+"])):
            company = next((c for c in game.companies if c.id == company_id), None)
            if company is not None and not company.closed and company.owner is entity:
                found.append(upgrade)
        if any(game.pullman_train(t) for t in entity.trains):  # type: ignore[attr-defined]
            found.append(UPGRADES["P"])
        used = {u["id"] for u, _ in getattr(self, "attached", [])}
        return [u for u in found if u["id"] not in used]

    def train_choices(self, entity: Any, permanents: bool) -> list[Any]:
        game = self.game
        return [t for t in game.train_rules.route_trains(entity)
                if not game.pullman_train(t)  # type: ignore[attr-defined]
                and (permanents or t.obsolete_on or t.rusts_on)]

    def choices(self, entity: Any) -> list[Choice]:
        found: list[Choice] = []
        for p_index, upgrade in enumerate(self.upgrade_choices(entity)):
            for t_index, train in enumerate(self.train_choices(entity, upgrade["permanents"])):
                found.append(Choice(f"{t_index}-{p_index}",
                                    f"Attach {upgrade['name']} upgrade to {train.name} train"))
        return found

    def choose(self, entity: Any, choice: Any) -> None:
        t_index, p_index = (int(x) for x in str(choice).split("-"))
        upgrade = self.upgrade_choices(entity)[p_index]
        train = self.train_choices(entity, upgrade["permanents"])[t_index]
        self.game.log(f"{entity.id} chooses to attach the {upgrade['name']} upgrade to the {train.name} train")
        self.attached.append((upgrade, train))
        assignments = self.round.train_upgrade_assignments  # type: ignore[attr-defined]
        assignments.setdefault(train, []).append(upgrade)
        size = upgrade["size"]
        train.name = f"{train.name}{upgrade['id']}{size}" if size else f"{train.name}{upgrade['id']}"
        if size:
            train.distance = int(train.distance) + size

    def process_run_routes(self, action: Any) -> None:
        super().process_run_routes(action)
        for upgrade, train in self.attached:
            size = upgrade["size"]
            train.name = train.name.replace(f"{upgrade['id']}{size}" if size else upgrade["id"], "", 1)
            if size:
                train.distance = int(train.distance) - size
        self.attached = []
        self.round.train_upgrade_assignments = {}  # type: ignore[attr-defined]


UPGRADES: dict[str, dict[str, Any]] = {
    "/": {"name": "Switcher", "id": "/", "size": 1, "permanents": True},
    "+": {"name": "Extender", "id": "+", "size": 1, "permanents": False},
    "P": {"name": "Pullman", "id": "P", "size": None, "permanents": True},
}


def upgrades_of(game: Any, train: Any) -> list[str]:
    """The ids of the upgrades attached to ``train`` for this run."""
    assignments = getattr(game.round, "train_upgrade_assignments", None) or {}
    return [u["id"] for u in assignments.get(train, [])]




class AreaToken(Token):
    """A station marker standing on a red area (the Express Freight Service's): in no city (its ``hex`` is None,
    as the reference's city-less token), on ``area_hex``."""

    __slots__ = ("area_hex",)

    def __init__(self, corporation: Any, hex_: Any) -> None:
        super().__init__(corporation, price=0)
        self.area_hex = hex_
        self.used = True

    def remove(self) -> None:
        super().remove()
        self.area_hex = None

    def transfer_to(self, corporation: Any) -> AreaToken:
        """In a merger or acquisition the marker becomes the surviving corporation's, still on its area."""
        moved = AreaToken(corporation, self.area_hex)
        self.remove()
        return moved


class Assign18USA(Assign1817):
    """Bridges (P2, P21, P22) on a river city or rural junction the corporation reaches; the Import/Export Hub
    (P6) gives a reached red area the 30/40/50/80 values; the Express Freight Service (P8) puts a marker on a
    reached red area (Mexico counts as one area)."""

    #: P6 and P8 name no hexes: any red area the corporation reaches
    ANY_HEX_WHEN_UNLISTED: ClassVar[bool] = True

    def reached(self, corporation: Any, hex_: Any) -> bool:
        return bool(self.game.graph.reachable_hexes(corporation).get(hex_))

    def bridge_hex(self, hex_: Any) -> bool:
        game = self.game
        return bool(hex_.id in data.RIVER_HEXES and not (hex_.id == "I19" and game.metro_new_orleans)  # type: ignore[attr-defined]
                    and (hex_.tile.cities or hex_.tile.towns))

    def area(self, hex_: Any) -> list[Any]:
        game = self.game
        return [game.hex_by_id(h) for h in data.MEXICO_HEXES] if hex_.id in data.MEXICO_HEXES else [hex_]

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        if not getattr(entity, "is_company", False):
            return None
        if entity.id in ("P6", "P8"):
            ok = hex_.tile.color == "red" and self.reached(entity.owner, hex_)
            return list(hex_.neighbors.keys()) if ok else None
        found = super().available_hex(entity, hex_)
        if found is None or not (self.bridge_hex(hex_) and self.reached(entity.owner, hex_)):
            return None
        return found

    def process_assign(self, action: Any) -> None:
        game = self.game
        company = game.resolve_entity(action)
        if company.id not in ("P6", "P8"):
            target = self.resolve_target(action)
            if target.id == "I19" and game.metro_new_orleans:  # type: ignore[attr-defined]
                raise IllegalAction("Cannot lay bridge on New Orleans Metropolis")
            if not game.loading and not self.bridge_hex(target):
                raise IllegalAction("Bridge must be placed on a city or rural junction in a river hex")
            super().process_assign(action)
            return
        ability = game.ability_rules.ability(company, "assign_hexes")
        if ability is None:
            raise IllegalAction(f"{company.name} has no red area to assign")
        target = self.resolve_target(action)
        owner = company.owner
        if not game.loading and (target.tile.color != "red" or not self.reached(owner, target)):
            raise IllegalAction(f"{owner.name} not connected to {target.id}")
        hexes = self.area(target)
        if company.id == "P6":
            name = next((h.location_name for h in hexes if h.location_name), target.id)
            for hex_ in hexes:
                hex_.tile.nodes[0].parse_revenue(data.P6_OFFBOARD_REVENUE)
            game.log(f"{owner.name} ({company.id}) assigns 30/40/50/80 value token to {name}")
            game.log(f"{company.name} closes")
            company.close()
            return
        marked = next((h for h in hexes if h.location_name), target)
        owner.tokens.append(AreaToken(owner, marked))
        game.p8_hexes = hexes  # type: ignore[attr-defined]
        game.log(f"{owner.name} assigns {company.name} token to {marked.location_name}")
        company.remove_ability(ability)




class SpecialToken18USA(SpecialToken):
    """The Free Station subsidy (S9): a token in any reached city not holding one of the corporation's, even
    without a free slot; the Suem & Wynn Law Firm (P20): a token in a connected full city.  Either closes once
    used."""

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        game = self.game
        corporation = entity.owner
        if entity.id == "S9":
            cities = hex_.tile.cities
            return bool(cities and not cities[0].tokened_by(corporation)
                        and game.graph.reachable_hexes(corporation).get(hex_))
        if entity.id != "P20" or hex_.tile.name in data.COMPANY_TOWN_TILES:
            return False
        return bool(any(c.available_slots == 0 and not c.tokened_by(corporation) for c in hex_.tile.cities)
                    and game.graph.connected_hexes(corporation).get(hex_))

    def process_place_token(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        super().process_place_token(action)
        if not entity.closed:
            self.game.log(f"{entity.name} closes")
            entity.close()




class BuyPullman(BuyTrain):
    """Before running, from phase 5, a corporation without one may buy a Pullman car ("P") from the depot; it
    does not run but adds $20 a stop to the train it is attached to (``Route18USA``)."""

    NAME: ClassVar[str] = "BuyPullman"

    def description(self) -> str:
        return "Buy Pullman"

    def pass_description(self) -> str:
        return "Skip (Pullman)"

    def must_buy_train(self, entity: Any) -> bool:
        return False

    def president_may_contribute(self, entity: Any, shell: Any = None) -> bool:
        return False

    def can_buy_train(self, entity: Any = None, shell: Any = None) -> bool:
        game = self.game
        if entity is None:
            entity = self.current_entity()
        return bool("brown" in game.phase.tiles
                    and not any(game.pullman_train(t) for t in entity.trains)  # type: ignore[attr-defined]
                    and game.train_rules.num_corp_trains(entity) < game.train_rules.train_limit(entity)
                    and super().can_buy_train(entity, shell))

    def buyable_trains(self, entity: Any) -> list[Any]:
        if not self.can_buy_train(entity):
            return []
        depot = list(self.depot.depot_trains())
        return [t for t in super().buyable_trains(entity)
                if any(t is d for d in depot) and self.game.pullman_train(t)]  # type: ignore[attr-defined]


class BuyTrain18USA(BuyTrain1817):
    """A corporation holds one Pullman at most; the step stays while a Pennsy Boneyard decision is pending."""

    def pass_if_cannot_buy_train(self, entity: Any) -> bool:
        return super().pass_if_cannot_buy_train(entity) and getattr(self.game, "pending_rusting_event", None) is None

    def buyable_trains(self, entity: Any) -> list[Any]:
        found = super().buyable_trains(entity)
        game = self.game
        if any(game.pullman_train(t) for t in entity.trains):  # type: ignore[attr-defined]
            found = [t for t in found if not game.pullman_train(t)]  # type: ignore[attr-defined]
        return found


class Acquire18USA(Acquire):
    """An acquired corporation holding the Western Land Grant (P15) brings its extra loan: the buyer may bid
    $100 more."""

    def max_bid_for_corporation(self, buyer: Any, acquired: Any) -> int:
        extra = 100 if any(c.id == "P15" for c in acquired.companies) else 0
        return super().max_bid_for_corporation(buyer, acquired) + extra

    # --- the buyer may scrap a Pullman before its loans are settled ---------------------------------------------
    def can_scrap_pullman(self, entity: Any) -> bool:
        from engine.titles.g18usa.scrap import pullmans

        return bool(getattr(entity, "is_corporation", False) and not getattr(self, "passed_scrap_trains", False)
                    and pullmans(self.game, entity))

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if self.buyer is not None and entity is self.buyer and self.can_scrap_pullman(entity):
            if not found:
                found.append("pass")
            found.append("scrap_train")
        return found

    def process_acquire(self, buyer: Any) -> None:
        self.passed_scrap_trains = False
        super().process_acquire(buyer)

    def process_scrap_train(self, action: Any) -> None:
        from engine.titles.g18usa.scrap import scrap

        entity = self.game.resolve_entity(action)
        if "scrap_train" not in self.actions(entity):
            raise IllegalAction(f"{entity.name} cannot scrap a train now")
        scrap(self.game, entity, getattr(action, "train", None))
        if self.buyer is not None and not self.can_take_loan(self.buyer):
            self.acquire_post_loan()

    def process_pass(self, action: Any) -> None:
        buyer = self.buyer
        if buyer is not None:
            self.passed_scrap_trains = True
            if not self.can_take_loan(buyer) and not self.can_payoff(buyer):
                self.game.log(f"{buyer.name} passes scrapping pullman")
                self.acquire_post_loan()
                return
        super().process_pass(action)

    def acquire_post_loan(self) -> None:
        """The buyer holding a Pullman (within its train limit: else it discards) decides first."""
        buyer = self.buyer
        rules = self.game.train_rules
        if self.can_scrap_pullman(buyer) and rules.num_corp_trains(buyer) <= rules.train_limit(buyer):
            return
        super().acquire_post_loan()


class Loan18USA(LoanStep):
    """No repaying after taking a loan in the turn; the Pullman may be scrapped."""

    ACTIONS: ClassVar[tuple[str, ...]] = (*LoanStep.ACTIONS, "scrap_train")

    def setup(self) -> None:
        super().setup()
        self.loan_taken = False

    def can_payoff(self, entity: Any) -> bool:
        return super().can_payoff(entity) and not getattr(self, "loan_taken", False)

    def actions(self, entity: Any) -> list[str]:
        from engine.titles.g18usa.scrap import pullmans

        found = super().actions(entity)
        if getattr(entity, "is_corporation", False) and entity is self.current_entity() \
                and pullmans(self.game, entity):
            found.append("scrap_train")
        return found

    def process_take_loan(self, action: Any) -> None:
        super().process_take_loan(action)
        self.loan_taken = True

    def process_scrap_train(self, action: Any) -> None:
        from engine.titles.g18usa.scrap import scrap

        entity = self.game.resolve_entity(action)
        if "scrap_train" not in self.actions(entity):
            raise IllegalAction(f"{entity.name} cannot scrap a train now")
        scrap(self.game, entity, getattr(action, "train", None))


__all__ = [
    "Acquire18USA",
    "AreaToken",
    "Assign18USA",
    "BuyPullman",
    "BuyTrain18USA",
    "Dividend18USA",
    "Loan18USA",
    "Route18USA",
    "SpecialToken18USA",
    "upgrades_of",
]
