"""18MEX: the behaviours of the title that are not data.

Hooks used (besides the Derrick family's, ``engine/titles/derrick/family.py``):

* ``SETUP`` (``Setup18MEX``): the Baja variant's map and company (the Compagnie du Boleo is out otherwise).
* ``setup``: each minor takes a 2 train (free, unsellable) and its home station; the NdM's two 5% trade-in
  shares (not for sale, outside the certificate limit), its last 10% (for the merger) and the UdY's last 10%
  (for minor C) are held back; options (hard rust, KCMO early buy, Baja prices).
* ``init_round_finished`` / ``or_set_finished``: a stock round is coming: the auction's flat minor revenue is
  over; a delayed minor close (option) happens at the start of the next stock round.
* ``COMPANY_RULES``: the minors' $15 + $15 when the initial auction ended before every private was sold;
  what may be bought in phase 2 with the KCMO/Baja options; minors buy nothing.
* ``CORPORATION_RULES``: NdM 5% shares are outside the certificate limit, which rises by one when nobody merges.
* ``SHARE_RULES``: NdM 5% shares are sold one at a time, apart from the 10% ones.
* ``TRACK_RULES``: a corporation starting its turn earns its home city's value as mail (with a train); the
  Copper Canyon tile is never upgraded; minors lay one yellow tile, corporations two (three in their first
  round with the option).
* ``TRAIN_RULES``: the events ``companies_buyable`` (company prices 50%-150%), ``minors_closed`` (A and B
  become NdM 5% shares, C a UdY 10% share) and ``ndm_merger`` (the merger offered, ``steps.py``).
* ``action_processed``: a tile laid in F5 by anyone else costs the KCMO its ability.
* The merger: ``merge_candidates``/``merge_decider``/``merge_target``/``merge_major``/``decline_merge``, asked
  by the general ``engine.steps.merge.MergeOffer``.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.model.share_pool import SharePool
from engine.model.token import Token
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.titles.derrick.family import DerrickCorporationRules, DerrickGame, DerrickTrackRules
from engine.titles.g18mex.data import (
    BAJA_ADDED_HEXES,
    BAJA_COMPANY,
    BAJA_REMOVED_HEX,
    BAJA_VARIANT,
    COPPER_CANYON_COMPANY,
    COPPER_CANYON_HEX,
    COPPER_CANYON_TILE,
    DELAY_MINOR_CLOSE,
    EARLY_BUY_OF_KCMO,
    HARD_RUST_T4,
    MERGER_TRAIN,
    MINOR_TILE_LAYS,
    NDM,
    NEVER_MERGED,
    TITLE,
    TRIPLE_YELLOW_FIRST_OR,
    UDY,
)
from engine.titles.spec import TitleSpec

#: what a floated minor and its owner each receive when the initial auction ends before a stock round
MINOR_DEFAULT_REVENUE = 15


def _baja_hexes(hexes: Mapping[str, Mapping[str, tuple[str, ...]]]) -> dict[str, dict[str, tuple[str, ...]]]:
    result: dict[str, dict[str, tuple[str, ...]]] = {}
    for color, groups in hexes.items():
        result[color] = {code: tuple(h for h in ids if h != BAJA_REMOVED_HEX) for code, ids in groups.items()}
        result[color] = {code: ids for code, ids in result[color].items() if ids}
        result[color].update(BAJA_ADDED_HEXES.get(color, {}))
    return result


class Setup18MEX(ModelSetup):
    def build(self) -> None:
        game = self.game
        if BAJA_VARIANT in game.optional_rules:
            game.spec = dataclasses.replace(game.spec, hexes=_baja_hexes(game.spec.hexes))
        super().build()

    def make_companies(self) -> list[Any]:
        companies = super().make_companies()
        if BAJA_VARIANT not in self.game.optional_rules:
            companies = [c for c in companies if c.id != BAJA_COMPANY]
        return companies


class SharePool18MEX(SharePool):
    def possible_reorder(self, shares: list[Any]) -> list[Any]:
        """5% shares last: they are exchanged only if needed to make up a president's swap."""
        # the reference sorts by percent and reverses the result (equal shares end up in reverse order)
        return list(reversed(sorted(shares, key=lambda s: s.percent)))


class SetupPool18MEX(Setup18MEX):
    def make_share_pool(self) -> Any:
        return SharePool18MEX(self.game)


class CompanyRules18MEX(CompanyRules):
    def payout_companies(self) -> None:
        super().payout_companies()
        game = self.game
        assert isinstance(game, Game18MEX)
        if game.stock_round_initiated:
            return
        # the initial auction ended with every player passing before all privates were sold: the minors bought
        # so far get a flat revenue instead of an operating round
        revenue = game.format_currency(MINOR_DEFAULT_REVENUE)
        for minor in game.minors:
            if not minor.floated:
                continue
            game.bank.spend(MINOR_DEFAULT_REVENUE, minor.owner)
            game.bank.spend(MINOR_DEFAULT_REVENUE, minor)
            game.log(f"Minor {minor.name} receives {revenue}, as does its owner {minor.owner.name}")

    def purchasable(self, entity: Any = None) -> list[Any]:
        game = self.game
        assert isinstance(game, Game18MEX)
        if entity is not None and getattr(entity, "is_minor", False):
            return []
        if not game.phase_two_special_buys():
            return super().purchasable(entity)
        companies = []
        if EARLY_BUY_OF_KCMO in game.optional_rules:
            companies.append(game.company_by_id(COPPER_CANYON_COMPANY))
        if BAJA_VARIANT in game.optional_rules:
            companies.append(game.company_by_id(BAJA_COMPANY))
        return [c for c in companies if not c.closed and getattr(c.owner, "is_player", False)]


class CorporationRules18MEX(DerrickCorporationRules):
    def cert_limit_for(self, player: Any = None) -> int:
        game = self.game
        assert isinstance(game, Game18MEX)
        return super().cert_limit_for(player) + game.cert_limit_adjust

    def num_certs(self, entity: Any) -> int:
        game = self.game
        assert isinstance(game, Game18MEX)
        ndm = game.ndm()
        certs = len(entity.companies)
        for share in entity.shares:
            if not (share.corporation.counts_for_limit() and share.counts_for_limit):
                continue
            if share.corporation is ndm and share.percent <= 5:
                continue
            certs += 1
        return certs


class ShareRules18MEX(ShareRules):
    def bundles_for_corporation(self, holder: Any, corporation: Any, shares: list[Any] | None = None) -> list[Any]:
        """NdM: the 10% shares as usual, and one bundle of a single 5% share (a second is sold separately)."""
        game = self.game
        assert isinstance(game, Game18MEX)
        if corporation is not game.ndm() or shares is not None:
            return super().bundles_for_corporation(holder, corporation, shares)
        held = list(holder.shares_of(corporation))
        regular = [s for s in held if s.percent > 5]
        half = [s for s in held if s.percent <= 5][:1]
        return [*super().bundles_for_corporation(holder, corporation, regular),
                *super().bundles_for_corporation(holder, corporation, half)]


class TrackRules18MEX(DerrickTrackRules):
    def place_home_token(self, corporation: Any) -> None:
        super().place_home_token(corporation)
        if getattr(corporation, "is_minor", False):
            return
        game = self.game
        if not corporation.trains:
            game.log(f"{corporation.name} receives no mail income as it has no trains")
            return
        hex_ = game.hex_by_id(corporation.coordinates)
        stops = hex_.tile.city_towns
        train = corporation.trains[0]
        income = stops[0].route_revenue(tuple(game.phase.tiles), train.name) if stops else 0
        if income <= 0:
            game.log(f"{corporation.name} receives no mail income as home location has no value")
            return
        game.bank.spend(income, corporation)
        game.log(f"{corporation.name} receives {game.format_currency(income)} in mail")

    def upgrades_to(self, old: Any, new: Any, special: bool = False) -> bool:
        if old.name == COPPER_CANYON_TILE:
            return False
        return super().upgrades_to(old, new, special)

    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        if getattr(entity, "is_minor", False):
            return MINOR_TILE_LAYS
        return super().tile_lays(entity)


class TrainRules18MEX(TrainRules):
    def event_companies_buyable(self) -> None:
        game = self.game
        assert isinstance(game, Game18MEX)
        game.company_prices()

    def event_minors_closed(self) -> None:
        game = self.game
        assert isinstance(game, Game18MEX)
        game.close_minors()

    def event_ndm_merger(self) -> None:
        game = self.game
        assert isinstance(game, Game18MEX)
        game.start_ndm_merger()

    def rust_trains(self, train: Any, entity: Any) -> None:
        game = self.game
        if DELAY_MINOR_CLOSE not in game.optional_rules:
            super().rust_trains(train, entity)
            return
        # with the delayed minor close the minors' 2 trains outlive the first 4 until the minors close
        kept = [t for t in game.depot.trains if t.name == "2" and getattr(t.owner, "is_minor", False)]
        saved = [(t, t.rusts_on) for t in kept]
        for t in kept:
            t.rusts_on = None
        try:
            super().rust_trains(train, entity)
        finally:
            for t, rusts_on in saved:
                t.rusts_on = rusts_on


class Game18MEX(DerrickGame):
    TITLE: ClassVar[TitleSpec] = TITLE
    SETUP: ClassVar[type[ModelSetup]] = SetupPool18MEX
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules18MEX
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules18MEX
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules18MEX
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules18MEX
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules18MEX
    FIRST_OR_EXTRA_YELLOW: ClassVar[dict[str, int]] = {TRIPLE_YELLOW_FIRST_OR: 1}

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        super().setup()
        for minor in self.minors:
            train = self.depot.upcoming[0]
            train.buyable = False
            self.train_rules.buy_train(minor, train, "free")
            city = self.hex_by_id(minor.coordinates).tile.cities[0]
            city.place_token(minor, minor.next_token(), free=True)
        self.stock_round_initiated = False
        self.minor_close = False
        self.cert_limit_adjust = 0
        self.candidates: list[Any] = []
        self.merged_major: Any = None
        self.merged_cities_to_select: list[Any] = []
        self.ndm_merge_trigger: Any = None
        ndm, udy = self.ndm(), self.corporation_by_id(UDY)
        ndm_shares, udy_shares = list(ndm.shares_of(ndm)), list(udy.shares_of(udy))
        #: the held-back certificates: minors A and B (NdM 5%), C (UdY 10%), and the NdM merger's 10%
        self.reserved_shares = {"A": ndm_shares[7], "B": ndm_shares[8], "C": udy_shares[-1],
                                "merge": ndm_shares[-1]}
        for share in (self.minor_share("A"), self.minor_share("B")):
            share.buyable = False
            share.counts_for_limit = False
        self.minor_share("C").buyable = False
        self.ndm_merge_share().buyable = False
        self.ndm_exchange_token_price = ndm.tokens[-1].price
        if HARD_RUST_T4 in self.optional_rules:
            for train in self.depot.trains:
                if train.name == "4":
                    train.rusts_on, train.obsolete_on = train.obsolete_on, None
                    for variant in train.variants.values():
                        variant.update(rusts_on=train.rusts_on, obsolete_on=None)
        self.company_prices()

    def company_prices(self) -> None:
        """Companies change hands for 50% to 150% of face value (options: the KCMO early, the CdB at most face)."""
        for company in self.companies:
            company.min_price = -(-company.value // 2)
            company.max_price = company.value * 3 // 2
        if EARLY_BUY_OF_KCMO in self.optional_rules and not self.phase_two_special_buys_over():
            kcmo = self.company_by_id(COPPER_CANYON_COMPANY)
            kcmo.min_price, kcmo.max_price = 1, kcmo.value
        if BAJA_VARIANT in self.optional_rules:
            baja = self.company_by_id(BAJA_COMPANY)
            baja.max_price = baja.value

    def phase_two_special_buys(self) -> bool:
        return self.phase.name == "2" and bool({EARLY_BUY_OF_KCMO, BAJA_VARIANT} & set(self.optional_rules))

    def phase_two_special_buys_over(self) -> bool:
        return getattr(self, "phase", None) is not None and self.phase.name != "2"

    # --- the NdM and its shares ------------------------------------------------------------------------
    def ndm(self) -> Any:
        return self.corporation_by_id(NDM)

    def minor_share(self, minor: str) -> Any:
        """The share a minor's owner receives when it closes (A, B: the NdM 5% ones; C: the UdY's last)."""
        return self.reserved_shares[minor]

    def ndm_merge_share(self) -> Any:
        return self.reserved_shares["merge"]

    def ipo_reserved_name(self, _entity: Any = None) -> str:
        return "Trade-in"

    # --- rounds -------------------------------------------------------------------------------------------
    def init_round_finished(self) -> None:
        super().init_round_finished()
        self.stock_round_initiated = True  # (the first stock round comes next)

    def or_set_finished(self) -> None:
        super().or_set_finished()
        if self.minor_close:  # a delayed minor close happens as the next stock round starts
            self.close_minors()

    def auction_round_steps(self) -> list[Any]:
        from engine.steps.auction import CompanyPendingPar
        from engine.titles.g18mex.steps import WaterfallAuction18MEX

        return [CompanyPendingPar, WaterfallAuction18MEX]

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18mex.steps import BuySellParShares18MEX

        return [DiscardTrain, BuySellParShares18MEX]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.bankrupt import Bankrupt
        from engine.steps.companies import BuyCompany
        from engine.steps.home_token import HomeToken
        from engine.steps.merge import MergeOffer
        from engine.steps.route import RouteStep
        from engine.steps.special_token import SpecialToken
        from engine.steps.token import TokenStep
        from engine.steps.trains import DiscardTrain
        from engine.titles.g18mex.steps import (
            Assign18MEX,
            BuyCompany18MEX,
            Dividend18MEX,
            SingleDepotTrainBuy18MEX,
            SpecialTrack18MEX,
            Track18MEX,
        )

        return [Bankrupt, Assign18MEX, SpecialToken, BuyCompany18MEX, HomeToken, MergeOffer, SpecialTrack18MEX,
                Track18MEX, TokenStep, RouteStep, Dividend18MEX, DiscardTrain, SingleDepotTrainBuy18MEX,
                (BuyCompany, {"blocks": True})]

    def action_processed(self, action: Any) -> None:
        super().action_processed(action)
        if action.type != "lay_tile" or getattr(action, "hex", None) != COPPER_CANYON_HEX:
            return
        kcmo = self.company_by_id(COPPER_CANYON_COMPANY)
        if kcmo.closed or getattr(action, "entity", None) == kcmo.id:
            return
        if not kcmo.abilities:
            return
        kcmo.remove_ability(kcmo.abilities[0])
        self.log(f"{kcmo.name} loses the ability to lay tile {COPPER_CANYON_TILE} in {COPPER_CANYON_HEX}")

    # --- the minors close (phase 3½) ------------------------------------------------------------------------
    def close_minors(self) -> None:
        if not self.minor_close and DELAY_MINOR_CLOSE in self.optional_rules:
            self.log("Close of minors delayed to next stock round")
            self.minor_close = True
            return
        self.minor_close = False
        ndm, udy = self.ndm(), self.corporation_by_id(UDY)
        for sym, major in (("A", ndm), ("B", ndm), ("C", udy)):
            self.merge_and_close_minor(self.company_by_id(sym), self.minor_by_id(sym), major, self.minor_share(sym))
        for ability in list(self.ability_rules.abilities(ndm, "no_buy")):
            ndm.remove_ability(ability)

    def merge_and_close_minor(self, company: Any, minor: Any, major: Any, share: Any) -> None:
        cash = int(minor.cash)
        transfer = f" who receives the treasury of {self.format_currency(cash)}" if cash > 0 else ""
        self.log(f"-- Minor {minor.name} merges into {major.name}{transfer} --")
        share.buyable = True
        player = minor.owner
        if player is not None and getattr(player, "is_player", False):
            self.share_pool.buy_shares(player, share, exchange="free", exchange_price=0)
        for hex_ in self.hexes:
            for city in hex_.tile.cities:
                for token in list(city.tokens):
                    if token is not None and token.corporation is minor:
                        city.remove_token(token)  # (the token keeps its city, as the reference's does)
                city.reservations[:] = [None if r is minor else r for r in city.reservations]
        if cash > 0:
            minor.spend(cash, major)
        for train in list(minor.trains):
            self.train_rules.remove_train(train)
            train.owner = None
            if train in self.depot.trains:
                self.depot.trains.remove(train)
        minor.close()
        company.close()

    # --- the NdM merger (the first 5 train) -----------------------------------------------------------------
    def buy_first_5_train(self, player: Any) -> None:
        if self.ndm_merge_trigger is None:
            self.ndm_merge_trigger = player

    def merge_candidates(self) -> list[Any]:
        return self.candidates

    def merge_target(self) -> Any:
        return self.ndm()

    def merge_decider(self) -> Any:
        candidate = self.candidates[0]
        return candidate if candidate.floated else self.ndm()

    def start_ndm_merger(self) -> None:
        ndm = self.ndm()
        self.log(f"-- Event: {ndm.name} merger --")
        for sym in NEVER_MERGED:
            corporation = self.corporation_by_id(sym)
            for ability in list(self.ability_rules.abilities(corporation, "base")):
                corporation.remove_ability(ability)
        if not ndm.floated:
            self.log(f"No merge occur as {ndm.name} has not floated!")
            self.merge_major(None)
            return
        self.candidates = self.mergeable_corporations()
        if self.candidates:
            self.log(f"Merge candidates: {self.present_candidates()}")
        self.possible_auto_merge()

    def mergeable_corporations(self) -> list[Any]:
        ndm = self.ndm()
        corporations = [c for c in self.corporations
                        if c.player is not ndm.player and c.name not in NEVER_MERGED]
        floated = [c for c in corporations if getattr(c.owner, "is_player", False) and c.floated]
        others = [c for c in corporations if not (getattr(c.owner, "is_player", False) and c.floated)]
        trigger = self.ndm_merge_trigger
        index = self.players.index(trigger) if trigger in self.players else -1
        order = {id(p): (i + 10 if i <= index else i) for i, p in enumerate(self.players)}
        entities = list(self.round.entities)
        floated.sort(key=lambda c: (order[id(c.player)], entities.index(c) if c in entities else len(entities)))
        if any(not c.ipoed for c in others):
            others = [c for c in others if not c.ipoed]
        return floated + others

    def present_candidates(self) -> str:
        last = self.candidates[-1]
        names = []
        for c in self.candidates:
            if c.floated:
                who = c.player.name
            elif c is last:
                who = "automatic"
            else:
                who = self.ndm().player.name
            names.append(f"{c.name} ({who})")
        return ", ".join(names)

    def possible_auto_merge(self) -> None:
        if not self.candidates:
            self.merge_major(None)
            return
        candidate = self.candidates[0]
        if len(self.candidates) == 1 and not candidate.floated:
            self.merge_major(candidate)

    def decline_merge(self, major: Any) -> None:
        self.log(f"{major.name} declines")
        self.candidates = [c for c in self.candidates if c is not major]
        self.possible_auto_merge()

    def merge_major(self, major: Any) -> None:
        self.candidates = []
        ndm = self.ndm()
        self.ndm_merge_share().buyable = True
        if major is None:
            self.log(f"-- {ndm.name} does not merge - certificate limit increases by one --")
            self.cert_limit_adjust += 1
            return
        self.merged_major = major
        self.log(f"-- {major.name} merges into {ndm.name} --")
        self.merge_shares(major)
        self.merge_tokens(major)
        if major.cash > 0:
            self.log(f"{ndm.name} receives the {major.name} treasury of {self.format_currency(int(major.cash))}")
            major.spend(major.cash, ndm)
        if major.trains:
            names = [t.name for t in major.trains]
            for train in list(major.trains):
                major.trains.remove(train)
                train.owner = ndm
                ndm.trains.append(train)
            self.train_rules.crowded_cache = None
            self.log(f"{ndm.name} receives the trains: {names}")
        major.close()

    def merge_shares(self, major: Any) -> None:
        """The president's certificate becomes the NdM's reserved 10%; other player shares are refunded at half
        the market price; every share returns to the major's treasury: the first player's, then the market's,
        then the other players' (the order of the treasury's certificates, which decides the first one a later
        par would buy: 18MEX playout seed 9104, where the merged MEX's treasury lists a 10% first)."""
        refund = major.share_price.price / 2.0 if major.ipoed and major.share_price is not None else 0.0
        for player in self.players:
            amount = 0.0
            for share in list(player.shares_of(major)):
                if share.president:
                    self.share_pool.buy_shares(major.owner, self.ndm_merge_share(), exchange="free",
                                               exchange_price=0)
                else:
                    amount += refund
                share.transfer(major)
            for share in list(self.share_pool.shares_of(major)):
                share.transfer(major)
            if amount > 0:
                paid = math.ceil(amount)
                self.bank.spend(paid, player)
                self.log(f"{player.name} receives {self.format_currency(paid)} in share compensation")

    def merge_tokens(self, major: Any) -> None:
        """The NdM gets two exchange tokens: one replaces the major's home station, the other one more of its
        stations (its president chooses when there are several: ``Assign18MEX``); the rest leave the map."""
        ndm = self.ndm()
        exchange: list[Token] = []
        for _ in range(2):
            token = Token(ndm, price=self.ndm_exchange_token_price)
            ndm.tokens.append(token)
            exchange.append(token)
        home = major.tokens[0]
        if home.city is not None:
            home.city.remove_reservation(major)
            if any(t.city is home.city for t in ndm.tokens):
                self.log(f"{major.name}'s home token is removed as {ndm.name} already has a token there")
                home.remove()
            else:
                self.replace_token(major, home, exchange)
        else:
            tile = self.hex_by_id(major.coordinates).tile
            city = next((c for c in tile.cities if c.reserved_by(major)), tile.cities[0])
            city.remove_reservation(major)
            if major in tile.reservations:
                tile.reservations.remove(major)
            if any(t.city is city for t in ndm.tokens):
                self.log(f"{ndm.name} does not place token in {city.hex.id} as it already has a token there")
            else:
                self.log(f"{ndm.name} places an exchange token in {major.name}'s home location in {city.hex.id}")
                token = exchange.pop(0)
                city.place_token(ndm, token, free=True)
        for token in [t for t in major.tokens if t.city is not None]:
            if any(n.city is token.city for n in ndm.tokens):
                self.log(f"{major.name}'s token in {token.city.hex.id} is removed as {ndm.name} already has a "
                         "token there")
                token.remove()
        remaining = [t for t in major.tokens if t.city is not None and t is not home]
        if len(remaining) <= len(exchange):
            for token in remaining:
                self.replace_token(major, token, exchange)
            self.merged_cities_to_select = []
        else:
            self.merged_cities_to_select = remaining

    def replace_token(self, major: Any, token: Any, exchange: list[Any]) -> None:
        city = token.city
        self.log(f"{major.name}'s token in {city.hex.id} is replaced with an {self.ndm().name} token")
        replacement = exchange.pop(0)
        token.remove()
        city.place_token(self.ndm(), replacement, free=True, check_tokenable=False)

    def select_ndm_city(self, target: Any) -> None:
        """The NdM's president keeps the major's station on ``target`` (an NdM token); the others leave."""
        ndm = self.ndm()
        for token in self.merged_cities_to_select:
            city = token.city
            if city.hex is target:
                self.log(f"{token.corporation.name}'s token in {city.hex.id} is replaced with an {ndm.name} token")
                token.remove()
                city.place_token(ndm, ndm.tokens[-1], free=True, check_tokenable=False)
            else:
                self.log(f"{token.corporation.name}'s token is removed in {city.hex.id}")
                token.remove()
        self.merged_cities_to_select = []


__all__ = ["MERGER_TRAIN", "Game18MEX"]
