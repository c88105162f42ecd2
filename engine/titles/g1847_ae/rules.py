"""1847 AE: the rules that are not data (the steps are in ``steps.py``).

* set-up: every corporation has its fixed par price from the start; L, Saar and the locomotive firm (LFK) are
  on the market at once, L's home station is down and its presidency counts as drafted; three shares (two of
  Saar, one of HLB) are reserved for the investor companies, and Saar and HLB receive their value;
* the draft (turn 0): draft rounds, each followed by a short operating round while companies are left
  (``next_round``); the draft's companies bring their shares with them, the corporation receiving the par
  value of each share (``after_buy_company``);
* the locomotive firm is a one-certificate corporation that never operates, pays its owner 10% of the first
  depot train of each operating round (and rises), falls when no depot train was bought, never rises when sold
  out and adds its price to its owner's liquidity;
* track: a corporation floating now lays two yellow tiles or a yellow and an upgrade, the others two yellow
  tiles until the first 4 train and then one lay (``tile_lays``); yellow tiles only in the corporation's colour
  of hexes until the first 4 train; E9 from phase 5; yellow double towns upgrade to one green town tile, the
  double-slot green cities do not upgrade (``upgrades_to``);
* shares: HLB may be started once Saar floats, the last four once HLB floats (``can_par``); double
  certificates make the sellable bundles every combination of certificates (``bundles_for_corporation``); a
  new president gives back two single shares or one double certificate (``SharePool1847``);
* routes: 70 for a coal hex (G7, H6) with a Z off-board (not the 6E), 40 for an A with a B off-board.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.game import Game
from engine.map.route import base_revenue_for
from engine.model.share_pool import SharePool
from engine.model.shares import ShareBundle
from engine.rounds.operating import OperatingRound
from engine.rounds.stock import StockRound
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.g1847_ae.data import (
    A_HEXES,
    B_HEXES,
    COAL_BONUS,
    COAL_HEXES,
    COMPANIES_PURCHASABLE_BY_PLAYERS,
    COMPANY_PRICES,
    CORPORATION_FACTS,
    DOUBLE_SLOT_GREEN_CITIES,
    DOUBLE_TOWN_TILES,
    DOUBLE_TOWN_UPGRADES,
    E9_PHASES,
    INVESTOR_COMPANIES,
    INVESTOR_EXCHANGE_PHASES,
    LAST_TRANCHE,
    LOCAL_BONUS,
    TITLE,
    Z_HEXES,
)
from engine.titles.g1847_ae.steps import DraftRound1847, OperatingRound1847
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.map.parts import Node
    from engine.map.route import Route
    from engine.model.shares import Share
    from engine.rounds.base import Round

YELLOW_OR_UPGRADE: tuple[Mapping[str, Any], ...] = ({"lay": True, "upgrade": True},)
TWO_YELLOW: tuple[Mapping[str, Any], ...] = ({"lay": True, "upgrade": False}, {"lay": True, "upgrade": False})
TWO_YELLOW_OR_YELLOW_AND_UPGRADE: tuple[Mapping[str, Any], ...] = (
    {"lay": True, "upgrade": True},
    {"lay": True, "upgrade": "not_if_upgraded", "cannot_reuse_same_hex": True},
)


class Setup1847(ModelSetup):
    """Fixed par prices, double IPO certificates, the companies' sale prices, the share pool."""

    def make_companies(self) -> list[Any]:
        companies = super().make_companies()
        for company in companies:
            if company.sym in COMPANY_PRICES:
                company.min_price, company.max_price = COMPANY_PRICES[company.sym]
        return companies

    def make_corporations(self) -> list[Any]:
        corporations = super().make_corporations()
        market = self.game.stock_market
        for corporation in corporations:
            facts = CORPORATION_FACTS[corporation.sym]
            par = next(p for p in market.par_prices if p.price == facts.par)
            corporation.min_price = par.price
            corporation.par_price = par
            corporation.float_includes_reserved = facts.float_includes_reserved
            corporation.extra.update(hex_color=facts.hex_color, second_double=facts.second_double,
                                     last_double=facts.last_double, ipo_note=facts.ipo_note)
            shares = corporation.all_shares
            if facts.second_double:
                shares[2].double_cert = True
            shares[-1].double_cert = facts.last_double
        return corporations

    def make_share_pool(self) -> Any:
        return SharePool1847(self.game, **self.share_pool_options())


class SharePool1847(SharePool):
    def change_president(self, presidents_share: Share, swap_to: Any, president: Any,
                         previous_president: Any = None) -> None:
        """The new president hands two single shares (or, lacking them, a double certificate) to whoever held
        the president's certificate (the market, when it was sold there)."""
        corporation = presidents_share.corporation
        incoming = president.shares_of(corporation)
        singles = [s for s in incoming if not s.double_cert]
        if len(singles) >= 2:
            giving = singles[:2]
        else:
            double = next((s for s in incoming if s.double_cert), None)
            giving = [double] if double is not None else []
        holder = presidents_share.owner
        for share in giving:
            self.move_share(share, holder)
        self.move_share(presidents_share, president)


class CorporationRules1847(CorporationRules):
    game: Game1847AE

    def float_corporation(self, corporation: Any) -> None:
        self.game.recently_floated.append(corporation)
        super().float_corporation(corporation)

    def after_par(self, corporation: Any) -> None:
        remove_note(corporation, "May not be started until")
        super().after_par(corporation)

    def can_par(self, corporation: Any, parrer: Any) -> bool:
        game = self.game
        if corporation.id == "HLB" and not game.saar.floated:
            return False
        if corporation.id in LAST_TRANCHE and not game.hlb.floated:
            return False
        return not corporation.ipoed


class ShareRules1847(ShareRules):
    game: Game1847AE

    def liquidity(self, player: Any, emergency: bool = False) -> int:
        value = super().liquidity(player, emergency)
        lfk = self.game.lfk
        if lfk.owner is player and lfk.share_price is not None:
            value += lfk.share_price.price
        return value

    def sold_out_stock_movement(self, corporation: Any) -> None:
        """The locomotive firm never rises for being sold out."""
        if corporation is self.game.lfk:
            return
        super().sold_out_stock_movement(corporation)

    def bundles_for_corporation(self, holder: Any, corporation: Any, shares: list[Any] | None = None) -> list[Any]:
        """With a double certificate among them, every combination of the holder's certificates (one of each
        kind: number of singles, president's or not, one double or not); the president keeps the certificate
        unless someone else can take the presidency."""
        if not corporation.ipoed:
            return []
        held = sorted(shares if shares is not None else holder.shares_of(corporation),
                      key=lambda s: (1 if s.president else 0, s.percent))
        if not any(s.double_cert for s in held):
            return super().bundles_for_corporation(holder, corporation, held)
        bundles: list[ShareBundle] = []
        seen: set[tuple[int, int, int]] = set()
        for n in range(1, len(held) + 1):
            for combo in itertools.combinations(held, n):
                bundle = ShareBundle(list(combo))
                key = (sum(1 for s in combo if s.percent == 10), 1 if bundle.presidents_share is not None else 0,
                       1 if sum(1 for s in combo if s.double_cert) == 1 else 0)
                if key in seen:
                    continue
                seen.add(key)
                bundles.append(bundle)
        if corporation.owner is holder:
            values = [v for v in corporation.share_holders.values()]
            if len(values) == 1:
                bundles = [b for b in bundles if b.presidents_share is None]
            else:
                values.sort(reverse=True)
                needed = values[0] - values[1] + 10
                bundles = [b for b in bundles if not (b.percent < needed and b.presidents_share is not None)]
        return sorted(bundles, key=lambda b: b.percent)


class CompanyRules1847(CompanyRules):
    def purchasable(self, entity: Any = None) -> list[Any]:
        if entity is None or not getattr(entity, "is_player", False):
            return super().purchasable(entity)
        return [c for c in self.game.companies
                if not c.closed and c.owner is not None and getattr(c.owner, "is_player", False)
                and c.owner is not entity and c.sym in COMPANIES_PURCHASABLE_BY_PLAYERS]


class TrackRules1847(TrackRules):
    game: Game1847AE

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        game = self.game
        if any(c is entity for c in game.recently_floated):
            return TWO_YELLOW_OR_YELLOW_AND_UPGRADE
        return TWO_YELLOW if game.extra_tile_lay else YELLOW_OR_UPGRADE

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        target = DOUBLE_TOWN_UPGRADES.get(old.name)
        if target is not None:
            return bool(new.name == target)
        if old.name in DOUBLE_SLOT_GREEN_CITIES:
            return False
        return super().upgrades_to(old, new, special)

    def place_home_token(self, corporation: Any) -> None:
        """HLB puts down both its home stations at once."""
        if corporation.tokens and corporation.tokens[0].used:
            return
        game = self.game
        if corporation is not game.hlb:
            super().place_home_token(corporation)
            return
        coordinates = list(corporation.coordinates)
        for coordinate in coordinates:
            game.hex_by_id(coordinate).tile.cities[0].place_token(corporation, corporation.next_token())
        corporation.coordinates = [coordinates[0]]
        remove_note(corporation, "Two home stations")
        game.graph.clear()


class TrainRules1847(TrainRules):
    game: Game1847AE

    def event_must_exchange_investor_companies(self) -> None:
        self.game.log("-- At the beginning of the next Stock Round players must exchange their remaining Investor "
                      "companies for the associated Investor shares --")
        self.game.must_exchange_investor_companies = True

    def event_only_one_yellow(self) -> None:
        self.game.log("-- From now on, corporations may only lay one yellow track except for their very first "
                      "operation")
        self.game.extra_tile_lay = False

    def event_yellow_tracks_not_restricted(self) -> None:
        game = self.game
        for hex_ in game.hexes:
            hex_.tile.icons[:] = [i for i in hex_.tile.icons if i.name not in ("pink", "blue", "green")]
        game.log("-- From now on, corporations may lay yellow tracks in any hexes they can reach, not only in "
                 "hexes of a given color --")
        game.yellow_tracks_restricted = False


def remove_note(entity: Any, text: str) -> None:
    """Take off the information "ability" whose description has ``text`` (it no longer applies)."""
    ability = next((a for a in entity.all_abilities() if a.description and text in a.description), None)
    if ability is not None:
        entity.remove_ability(ability)


class Game1847AE(Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = Setup1847
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules1847
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1847
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules1847
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules1847
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1847
    DOUBLE_TOWN_TILES: ClassVar[tuple[str, ...]] = DOUBLE_TOWN_TILES

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        market = self.stock_market
        for corporation, cell in ((self.l, (2, 1)), (self.saar, (3, 1)), (self.lfk, (2, 3))):
            price = market.share_price(cell)
            assert price is not None
            market.set_par(corporation, price)
        # L's home station is down from the start (a short operating round may come during the draft)
        l_corp = self.l
        self.hex_by_id(l_corp.coordinates).tile.cities[0].place_token(l_corp, l_corp.next_token())
        # L's presidency counts as drafted
        l_corp.ipoed = True
        # the investor shares are reserved; their corporations receive their value
        for share in (self.saar.all_shares[1], self.saar.all_shares[2], self.hlb.all_shares[1]):
            share.buyable = False
        self.bank.spend(self.saar.par_price.price * 2, self.saar)
        self.bank.spend(self.hlb.par_price.price, self.hlb)
        # the draft rounds and their short operating rounds are turn 0
        self.turn = 0
        self.draft_round_num = 1
        self.draft_finished = False
        self.recently_floated: list[Any] = []
        self.extra_tile_lay = True
        self.yellow_tracks_restricted = True
        self.must_exchange_investor_companies = False
        self.train_bought_this_round = False
        self.nationalization_actions_this_round: list[Any] = []

    # --- look-ups ----------------------------------------------------------------------------------------
    @property
    def l(self) -> Any:  # noqa: E743
        return self.corporation_by_id("L")

    @property
    def saar(self) -> Any:
        return self.corporation_by_id("Saar")

    @property
    def hlb(self) -> Any:
        return self.corporation_by_id("HLB")

    @property
    def lfk(self) -> Any:
        return self.corporation_by_id("LFK")

    # --- rounds -------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        from engine.titles.g1847_ae.steps import Draft1847

        return DraftRound1847(self, [Draft1847], reverse=True)

    def new_draft_round(self) -> Round:
        from engine.titles.g1847_ae.steps import Draft1847

        self.log(f"-- Draft Round {self.turn} -- ")
        return DraftRound1847(self, [Draft1847])

    def next_round(self) -> None:
        """During the draft (turn 0) draft rounds and short operating rounds alternate."""
        if isinstance(self.round, OperatingRound) and self.lfk.floated and not self.train_bought_this_round:
            self.log("No train purchased from supply this round")
            old = self.lfk.share_price
            self.stock_market.move_left(self.lfk)
            self.share_rules.log_share_price(self.lfk, old)
        if self.draft_finished:
            if self.turn == 0:
                self.turn = 1
            super().next_round()
            if isinstance(self.round, StockRound):
                self.start_stock_round()
            return
        self.store_player_info()
        if isinstance(self.round, DraftRound1847):
            self.reorder_players()
            self.round = self.new_operating_round(self.draft_round_num)
        elif isinstance(self.round, OperatingRound):
            self.draft_round_num += 1
            self.round = self.new_draft_round()

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.g1847_ae.steps import BuySellParShares1847, Exchange1847

        return [Exchange1847, BuySellParShares1847]

    def start_stock_round(self) -> None:
        """Before a stock round's first turn: the investor companies left are exchanged once the 5+5 was bought;
        no nationalisation yet this round."""
        if self.must_exchange_investor_companies:
            self.exchange_all_investor_companies()
        self.nationalization_actions_this_round = []

    def new_operating_round(self, round_num: int = 1) -> Round:
        self.log(f"-- Operating Round {self.turn}.{round_num} --")
        self.round_counter += 1
        return OperatingRound1847(self, self.operating_round_steps(), round_num)

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany, Exchange
        from engine.steps.home_token import HomeToken
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1847_ae.steps import BuyTrain1847, Dividend1847, Track1847

        return [Bankrupt, Exchange, SpecialTrack, SpecialToken, BuyCompany, HomeToken, Track1847, TokenStep,
                RouteStep, Dividend1847, DiscardTrain, BuyTrain1847, (BuyCompany, {"blocks": True})]

    def or_round_finished(self) -> None:
        self.recently_floated = []

    def operating_order(self) -> list[Any]:
        """The locomotive firm never operates."""
        lfk = self.lfk
        return [c for c in super().operating_order() if c is not lfk]

    # --- companies and investor shares -------------------------------------------------------------------
    def after_buy_company(self, player: Any, company: Any, price: int) -> None:
        """The company's shares go to its buyer; the corporation receives their par value (not the locomotive
        firm, whose single certificate becomes a 100% share); the two presidency carriers close at once."""
        lfk = self.lfk
        for ability in self.ability_rules.abilities(company, "shares"):
            for share in ability.shares:
                corporation = share.corporation
                if corporation is lfk:
                    corporation.forced_share_percent = 100
                self.share_pool.buy_shares(player, share.to_bundle(), exchange="free")
                if corporation is not lfk:
                    self.bank.spend(corporation.par_price.price * share.percent // 10, corporation)
        if company.sym in ("PLP", "LFKC"):
            company.close()

    def can_corporation_have_investor_shares_exchanged(self, corporation: Any) -> bool:
        return self.phase.name in INVESTOR_EXCHANGE_PHASES and bool(corporation.floated)

    def exchange_all_investor_companies(self) -> None:
        from engine.steps.companies import exchange_corporations

        for sym in INVESTOR_COMPANIES:
            company = self.company_by_id(sym)
            if company.closed:
                continue
            ability = company.abilities_of_type("exchange")[0]
            corporation = exchange_corporations(self, ability)[0]
            share = corporation.reserved_shares()[0]
            self.share_pool.buy_shares(company.owner, share.to_bundle(), exchange=company)
            share.buyable = True
            company.close()
        self.must_exchange_investor_companies = False

    def can_build_in_e9(self) -> bool:
        return self.phase.name in E9_PHASES

    # --- after each action --------------------------------------------------------------------------------
    def action_processed(self, action: Action) -> None:
        super().action_processed(action)
        if action.type == "buy_shares":
            ids = getattr(action, "shares", None) or []
            if not ids:
                return
            corporation = self.share_by_id(ids[0]).corporation
            if not corporation.extra.get("ipo_note"):
                return
            if corporation.num_ipo_shares() - corporation.num_ipo_reserved_shares() != 0:
                return
            remove_note(corporation, "IPO:")
            corporation.extra["ipo_note"] = False
        elif action.type == "sell_shares":
            ids = getattr(action, "shares", None) or []
            if ids and self.share_by_id(ids[0]).corporation is self.lfk:
                self.lfk.owner = self.share_pool
        elif action.type == "lay_tile":
            rammelsbach = self.company_by_id("R")
            if getattr(action, "hex", None) != "E9" or rammelsbach.revenue == 50:
                return
            rammelsbach.revenue = 50
            self.log(f"Tile laid in E9 - {rammelsbach.name}'s revenue increased to 50M")

    # --- routes -------------------------------------------------------------------------------------------
    def revenue_for(self, route: Route, stops: list[Node]) -> int:
        return base_revenue_for(route, stops) + self.coal_bonus(route.train, stops) + self.local_bonus(stops)

    @staticmethod
    def coal_bonus(train: Any, stops: Sequence[Node]) -> int:
        """A coal hex with a Z off-board (not for the 6E)."""
        if train.name == "6E":
            return 0
        hexes = {s.hex.id for s in stops if s.hex is not None}
        if hexes & set(COAL_HEXES) and hexes & set(Z_HEXES):
            return COAL_BONUS
        return 0

    @staticmethod
    def local_bonus(stops: Sequence[Node]) -> int:
        """An A off-board with a B off-board."""
        hexes = {s.hex.id for s in stops if s.hex is not None}
        if hexes & set(A_HEXES) and hexes & set(B_HEXES):
            return LOCAL_BONUS
        return 0


__all__ = ["Game1847AE"]
