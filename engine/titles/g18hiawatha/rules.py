"""18 Hiawatha: 1817 (the family base, engine/titles/g1817/) around Chicago and Milwaukee.  What changes:

* corporations start with five shares (ten may be chosen in phase 4), two stations for five shares, four for ten;
* Milwaukee (A7) is blocked by a token until the first 3 train; the first 4 train ends the game after its set;
* shorts need no operated corporation nor phase; a loan may only be repaid if it was held as the turn began;
* its private companies: the Kenosha tile (MB), farms (FU: a $10 marker, never upgraded), a port (GLS: +$10 to
  every route there) and a freight token (FC: +$10 to its owner's routes there), a reserved free 2 train (RR),
  a green home tile in any phase (JLBC), $20 per operating round (PC, once put in a corporation);
* route bonuses Milwaukee-Great Lakes (+$20) and Milwaukee-Rockford (+$40); no stop may pay nothing (but a port
  or the freight token's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.assign import Assign, assign, assigned
from engine.steps.special_track import SpecialTrack
from engine.steps.track import Track
from engine.titles.g18hiawatha import data
from engine.titles.g1817.operating import LoanStep, OperatingRound1817
from engine.titles.g1817.rules import Game1817, TrainRules1817
from engine.titles.g1817.stock import BuySellParShares1817
from engine.titles.g1817.volatility import TrackRulesVolatility
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.actions import Action, LayTile
    from engine.rounds.base import Round

COLOR_ORDER = ("white", "yellow", "green", "brown", "gray")


class TrainRulesHiawatha(TrainRules1817):
    def event_remove_blocking_token(self) -> None:
        self.game.remove_blocking_token()  # type: ignore[attr-defined]

    def event_signal_end_game(self) -> None:
        """The first 4 train: the game ends as this set of operating rounds does."""
        game = self.game
        game.game_end_check()
        game.log(f"First 4 train bought/exported, ending game at the end of {game.turn + 1}.2")


class TrackRulesHiawatha(TrackRulesVolatility):
    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        """The brewing company (JLBC) lays a green tile of the same label on its owner's home, from any colour
        below."""
        game = self.game
        if getattr(game, "selected_company", None) is not game.company_by_id("JLBC"):
            return super().upgrades_to(old, new, special)
        return bool(new.color == "green" and old.hex is not None and old.hex.id == game.jlbc_home  # type: ignore[attr-defined]
                    and (old.label or None) == (new.label or None)
                    and COLOR_ORDER.index(new.color) > COLOR_ORDER.index(old.color))


class OperatingRoundHiawatha(OperatingRound1817):
    """The loans a corporation holds as its turn begins are the ones it may repay."""

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1) -> None:
        self.payable_loans = 0
        super().__init__(game, steps, round_num)

    def start_operating(self) -> None:
        entity = self.entities[self.entity_index]
        self.payable_loans = len(entity.loans)
        super().start_operating()


class LoanStepHiawatha(LoanStep):
    def can_payoff(self, entity: Any) -> bool:
        return super().can_payoff(entity) and getattr(self.round, "payable_loans", 0) > 0

    def process_payoff_loan(self, action: Action) -> None:
        if getattr(self.round, "payable_loans", 0) <= 0:
            raise IllegalAction("Cannot pay off loans taken this OR.")
        super().process_payoff_loan(action)
        self.round.payable_loans -= 1  # type: ignore[attr-defined]
        if self.round.payable_loans <= 0:  # type: ignore[attr-defined]
            self.game.log(f"{self.game.resolve_entity(action).id} has paid off all loans taken before this round")


class AssignHiawatha(Assign):
    """The port (GLS) marks an offboard for every corporation; the freight token (FC) marks one and its owner.
    Only a company with its hex ability left may assign (the freight token's corporation ability is refused)."""

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_company", False) or self.game.ability_rules.ability(entity, "assign_hexes") is None:
            return []
        return list(self.ACTIONS)

    def process_assign(self, action: Action) -> None:
        game = self.game
        company = game.resolve_entity(action)
        target = self.resolve_target(action)
        owner = company.owner
        ability = game.ability_rules.ability(company, "assign_hexes")
        if ability is None:
            raise IllegalAction(f"Could not assign {company.name} to {target.id}; :assign_hexes ability not found")
        if company.id == "GLS":
            assign(target, company.id)
            ability.use()
            game.log(f"{company.name} increases value of {target.id} by {game.format_currency(10)} for all "
                     "corporations.")
        elif company.id == "FC":
            assign(target, company.id)
            assign(owner, company.id)
            ability.use()
            game.log(f"{company.name} increases value of {target.id} by {game.format_currency(10)} for "
                     f"{owner.name}.")


class SpecialTrackHiawatha(SpecialTrack):
    """The farm company's lay marks a farm; the brewing company (JLBC) may lay green on its owner's home."""

    def process_lay_tile(self, action: LayTile) -> None:
        game = self.game
        company = game.resolve_entity(action)
        corporation = company.owner
        game.selected_company = company  # type: ignore[attr-defined]
        try:
            super().process_lay_tile(action)
        finally:
            game.selected_company = None  # type: ignore[attr-defined]
        if company.id != data.FARM_PRIVATE:
            return
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        assign(hex_, "farm")
        game.log(f"{corporation.name} adds farm to {hex_.id}")

    def potential_tiles(self, entities: Any, hex_: Any) -> list[Any]:
        entity = entities[0] if isinstance(entities, list | tuple) else entities
        self.game.selected_company = entity  # type: ignore[attr-defined]
        try:
            return super().potential_tiles(entities, hex_)
        finally:
            self.game.selected_company = None  # type: ignore[attr-defined]

    def available_hex(self, entity: Any, hex_: Any) -> list[int] | None:
        """A lay that takes one of the turn's lays is not offered on a hex laid this turn when that lay may not
        reuse it (the tracker refuses it)."""
        found = super().available_hex(entity, hex_)
        ability = self.ability(entity)
        if found is None or ability is None or not getattr(ability, "consume_tile_lay", False):
            return found
        tile_lay = self.get_tile_lay(entity.owner)
        if tile_lay is not None and tile_lay["cannot_reuse_same_hex"] and any(h is hex_ for h in self.state.laid_hexes):
            return None
        return found

    def potential_tile_colors(self, entity: Any, hex_: Any) -> list[str]:
        colors = list(super().potential_tile_colors(entity, hex_))
        if "green" not in colors and getattr(entity, "id", None) == "JLBC" and hex_.id == self.game.jlbc_home:  # type: ignore[attr-defined]
            colors.append("green")
        return colors


class TrackHiawatha(Track):
    """Farms are never upgraded; the Kenosha company closes once another tile is laid on Kenosha."""

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        """A farm hex is not offered (its lay would be refused)."""
        return assigned(hex_, "farm") or super().lay_forbidden(entity, hex_)

    def lay_tile(self, action: LayTile, extra_cost: int = 0, entity: Any = None, spender: Any = None) -> None:
        game = self.game
        hex_ = game.hex_by_id(getattr(action, "hex", None))
        if assigned(hex_, "farm"):
            raise IllegalAction("Cannot upgrade farms")
        super().lay_tile(action, extra_cost=extra_cost, entity=entity, spender=spender)
        brewery = game.company_by_id(data.KENOSHA_PRIVATE)
        if brewery is None or brewery.closed:
            return
        ability = game.ability_rules.ability(brewery, "tile_lay")
        hexes = getattr(ability, "hexes", None) if ability is not None else None
        if not hexes or hex_.id != hexes[0] or getattr(brewery.owner, "is_player", False):
            return
        game.log(f"{brewery.name} closes as it can no longer be used")
        brewery.close()


class BuySellParSharesHiawatha(BuySellParShares1817):
    """Shorts on any floated corporation outside the acquisition and liquidation cells; the Receivership
    Railroad, the brewing company and the Postal Contract act as they are put into a corporation."""

    SHORTS_NEED_OPERATED: ClassVar[bool] = False

    def use_on_assign_abilities(self, company: Any) -> None:
        corporation = company.owner
        game = self.game
        for ability in list(company.abilities):
            if ability.type == "additional_token":
                corporation.tokens.append(Token(corporation, price=0))
                ability.use()
                game.log(f"{corporation.name} acquires additonal token from {company.name}")
        if company.id == "RR":
            game.assign_rr_train(company, corporation)  # type: ignore[attr-defined]
        elif company.id == "JLBC":
            game.assign_jlbc_home_hex(company, corporation)  # type: ignore[attr-defined]
        elif company.id == "PC":
            company.revenue = 20
            game.log(f"{company.name} assigned to {corporation.name}. {company.name} revenue increased to $20 per OR.")


class Game18Hiawatha(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY
    PITTSBURGH_PRIVATE: ClassVar[str] = data.KENOSHA_PRIVATE
    TRAIN_STATION: ClassVar[str] = data.TRAIN_STATION_PRIVATE
    MINE_COMPANIES: ClassVar[tuple[str, ...]] = ()
    RANCH_COMPANIES: ClassVar[tuple[str, ...]] = ()
    TOKENS_FOR_SIZE: ClassVar[dict[int, int]] = data.TOKENS_FOR_SIZE
    CORPORATION_SIZES: ClassVar[dict[str, tuple[int, ...]]] = data.CORPORATION_SIZES
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesHiawatha
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRulesHiawatha

    def setup(self) -> None:
        super().setup()
        self.jlbc_home: str | None = None
        self.selected_company: Any = None
        self.rr_train = next(t for t in self.depot.upcoming if t.name == "2")
        self.depot.remove_train(self.rr_train)
        self.rr_train.reserved = True
        self.blocking_token: Token | None = Token(None, price=0, type="blocking")
        self.hex_by_id(data.MILWAUKEE).tile.cities[0].exchange_token(self.blocking_token)

    def setup_preround(self) -> None:
        super().setup_preround()
        self.pittsburgh_private = next((c for c in self.companies if c.id == data.KENOSHA_PRIVATE), None)

    def remove_blocking_token(self) -> None:
        token = self.blocking_token
        if token is None:
            return
        self.log(f"-- Event: Blocking token token removed from Milwaukee ({data.MILWAUKEE}) --")
        token.remove()
        self.blocking_token = None
        self.graph.clear()

    def init_round(self) -> Round:
        if "no_privates" in self.optional_rules:
            self.setup_preround()
            return self.new_stock_round()
        return super().init_round()

    def stock_round_steps(self) -> list[Any]:
        return [BuySellParSharesHiawatha if s is BuySellParShares1817 else s for s in super().stock_round_steps()]

    def operating_round_class(self) -> type[Round]:
        return OperatingRoundHiawatha

    def operating_round_steps(self) -> list[Any]:
        from engine.titles.g1817.operating import Assign1817, SpecialTrack1817, Track1817
        swap = {LoanStep: LoanStepHiawatha, SpecialTrack1817: SpecialTrackHiawatha, Assign1817: AssignHiawatha,
                Track1817: TrackHiawatha}
        return [swap.get(s, s) for s in super().operating_round_steps()]

    def size_corporation(self, corporation: Any, size: int) -> None:
        """Five shares as chartered, ten by choice; from then on the share size is read from the president's
        certificate (the second certificate may leave the game with a closed short)."""
        corporation.second_share = None
        if size == 10:
            super().size_corporation(corporation, size)

    def revenue_for(self, route: Any, stops: Any) -> int:
        from engine.map.route import stop_revenue

        revenue = super().revenue_for(route, stops)
        corporation = route.train.owner
        for stop in stops:
            if (stop_revenue(stop, route.phase.tiles, route.train) == 0 and not assigned(stop.hex, "GLS")
                    and not assigned(stop.hex, "FC") and not assigned(corporation, "FC")):
                raise IllegalAction("Cannot run to either of the Great Lakes hexes (D10, G13) for zero revenue.")
        revenue += 10 * sum(1 for h in route.all_hexes() if assigned(h, "farm"))
        if any(assigned(stop.hex, "GLS") for stop in stops):
            revenue += 10
        if any(assigned(stop.hex, "FC") for stop in stops) and assigned(corporation, "FC"):
            revenue += 10
        stop_hexes = {stop.hex.id for stop in stops}
        for hexes, bonus, _ in data.BONUSES:
            if all(h in stop_hexes for h in hexes):
                revenue += bonus
        return int(revenue)

    def assign_rr_train(self, company: Any, corporation: Any) -> None:
        """The Receivership Railroad's reserved 2 train goes to its corporation (none once the 2s rusted)."""
        if str(self.phase.name) == "4":
            self.log(f"{company.owner.name} does not receive a train from the {company.name}, as the 2-trains have "
                     "already rusted!")
        else:
            self.train_rules.buy_train(corporation, self.rr_train, "free")
            self.log(f"{company.owner.name} receives a free 2-train from the {company.name}.")
        company.close()

    def assign_jlbc_home_hex(self, company: Any, corporation: Any) -> None:
        first = corporation.tokens[0] if corporation.tokens else None
        city = first.city if first is not None else None
        self.jlbc_home = city.hex.id if city is not None else None
        for ability in company.abilities:
            hexes = getattr(ability, "hexes", None)
            if hexes is not None:
                hexes.append(self.jlbc_home)


__all__ = ["Game18Hiawatha"]
