"""1846: The Race for the Midwest.  Set-up, the draft and the first rounds; the operating rules come
from the :class:`~engine.titles.g1846.operating.OperatingRules1846` mix-in.

Hooks used here:

* ``SETUP`` (``Setup1846.make_companies``): the first edition leaves Boomtown and Little Miami out; one
  "Pass (n)" card per player joins the draft deck.
* ``init_round``: the draft (``draft.py``); ``init_round_finished`` builds one more draft round and
  throws it away, as the reference does when it asks "was this the initial round?" - that shuffles
  the deck again and so moves the random generator on.
* ``setup``: the random removals (in this order: the orange private group, the blue private group,
  the corporation group; a shuffle is drawn even when nothing is removed), the removed
  corporations' home stations, reservations and icons; the certificate limit for the corporations
  left; private prices from $1 to face value; each minor's free 2-train and home station.
* ``operating_order``: in the first operating round of the game the corporations go from the lowest
  share price up (ties: first to arrive in the market cell first); minors always go first.
* ``action_processed``: the IC receives its par price as a subsidy when it is parred.
* ``priority_deal_player``: the first seat during the draft.

The game's random draws happen in this order: the draft deck is shuffled while the first round is
built (before ``setup``), then the three removal shuffles, then one shuffle of each view during
the draft, then the throw-away draft round at its end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from engine.game import Game
from engine.services.abilities import AbilityRules
from engine.services.bankruptcy import BankruptcyRules
from engine.services.companies import CompanyRules
from engine.services.corporations import CorporationRules
from engine.services.game_end import GameEndRules
from engine.services.setup import ModelSetup
from engine.services.shares import ShareRules
from engine.services.track import TrackRules
from engine.services.trains import TrainRules
from engine.steps.draft import DraftDistribution, new_draft_round
from engine.titles.g1846.data import (
    BLUE_GROUP,
    BOOMTOWN_HEXES,
    FIRST_EDITION,
    GREEN_GROUP,
    GUARANTEED_BY_SECOND_ED_CO,
    LITTLE_MIAMI_HEXES,
    ORANGE_GROUP,
    SECOND_EDITION_COMPANIES,
    SECOND_EDITION_GUARANTEED,
    TITLE,
    pass_card,
)
from engine.titles.g1846.operating import (
    AbilityRules1846,
    BankruptcyRules1846,
    CompanyRules1846,
    CorporationRules1846,
    GameEndRules1846,
    OperatingRules1846,
    ShareRules1846,
    TrackRules1846,
    TrainRules1846,
)
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.rounds.base import Round

_E = TypeVar("_E")

#: With two players, a player may hold this much of a corporation.
TWO_PLAYER_MAX_OWNERSHIP = 70

#: The corporation that receives its par price as a subsidy.
SUBSIDISED_CORPORATION = "IC"


class Setup1846(ModelSetup):
    def make_companies(self) -> list[Any]:
        """The private companies (without the second edition's in a first-edition game), then one
        "Pass" card per player."""
        from engine.model.entities import Company

        game = self.game
        assert isinstance(game, Game1846)
        companies = super().make_companies()
        if game.first_edition:
            companies = [c for c in companies if c.sym not in SECOND_EDITION_COMPANIES]
        for number in range(1, game.num_pass_companies() + 1):
            card = pass_card(number)
            companies.append(Company(sym=card.sym, name=card.name, value=card.value, revenue=card.revenue,
                                     desc=card.desc, abilities=card.ability_dicts(), color=card.color))
        return companies


class Game1846(OperatingRules1846, Game):
    TITLE: ClassVar[TitleSpec] = TITLE
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1846
    ABILITY_RULES: ClassVar[type[AbilityRules]] = AbilityRules1846
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRules1846
    COMPANY_RULES: ClassVar[type[CompanyRules]] = CompanyRules1846
    CORPORATION_RULES: ClassVar[type[CorporationRules]] = CorporationRules1846
    BANKRUPTCY: ClassVar[type[BankruptcyRules]] = BankruptcyRules1846
    END_RULES: ClassVar[type[GameEndRules]] = GameEndRules1846
    TRACK_RULES: ClassVar[type[TrackRules]] = TrackRules1846
    SETUP: ClassVar[type[ModelSetup]] = Setup1846
    #: the corporations of the game's first operating round go from the cheapest share up
    FIRST_OR_BY_PRICE: ClassVar[bool] = True

    # --- options -------------------------------------------------------------------------------------
    @property
    def first_edition(self) -> bool:
        return FIRST_EDITION in self.optional_rules

    def orange_group(self) -> tuple[str, ...]:
        """The orange private companies (by name) one of which may be removed at set-up."""
        return ORANGE_GROUP[:3] if self.first_edition else ORANGE_GROUP

    def blue_group(self) -> tuple[str, ...]:
        return BLUE_GROUP[:3] if self.first_edition else BLUE_GROUP

    def num_pass_companies(self) -> int:
        return len(self.players)

    # --- construction -----------------------------------------------------------------------------
    def init_round(self) -> Round:
        return new_draft_round(self)

    def setup(self) -> None:
        super().setup()
        self.turn = self.setup_turn()
        #: (two-player variant) hex -> removed corporation whose token lands there when the hex turns green
        self.second_tokens_in_green: dict[str, Any] = {}
        if self.two_player():
            for corporation in self.corporations:
                corporation.max_ownership_percent = TWO_PLAYER_MAX_OWNERSHIP
        #: companies and corporations removed from the game at set-up
        self.removals: list[Any] = []
        if self.first_edition:
            self.remove_icons(BOOMTOWN_HEXES, self.ABILITY_ICONS.get("BT"))
            self.remove_icons(LITTLE_MIAMI_HEXES, self.ABILITY_ICONS.get("LM"))

        self.remove_from_group(self.orange_group(), self.companies,
                               lambda company: self.remove_company(company, "tile_lay"))
        self.remove_from_group(self.blue_group(), self.companies,
                               lambda company: self.remove_company(company, "assign_hexes"))
        for group in self.corporation_removal_groups():
            self.remove_from_group(group, self.corporations, self.remove_corporation)

        privates = sorted(c.name for c in self.companies if "Pass" not in c.name)
        self.log(f"Privates in the game: {', '.join(privates)}")
        self.log(f"Corporations in the game: {', '.join(sorted(c.name for c in self.corporations))}")
        self.cert_limit = self.corporation_rules.compute_cert_limit()

        # Companies change hands for $1 up to their face value.
        for company in self.companies:
            company.min_price = 1
            company.max_price = company.value

        # Each minor starts with a free 2-train and its home station.
        for minor in self.minors:
            train = self.depot.upcoming[0]
            train.buyable = False
            self.train_rules.buy_train(minor, train, "free")
            city = self.hex_by_id(minor.coordinates).tile.cities[0]
            city.place_token(minor, minor.next_token(), free=True)

    def setup_turn(self) -> int:
        """The turn number during the first round."""
        return 1

    def corporation_removal_groups(self) -> tuple[tuple[str, ...], ...]:
        """The groups of corporations (by name) from which some leave the game at set-up."""
        return (GREEN_GROUP,)

    def num_removals(self, group: Sequence[str]) -> int:
        """How many of a group leave the game: ``base_removals``, one more from a full (second
        edition) private group."""
        additional = 1 if tuple(group) in (ORANGE_GROUP, BLUE_GROUP) and not self.first_edition else 0
        return self.base_removals() + additional

    def base_removals(self) -> int:
        """How many of each group leave the game: 5 - players."""
        return 5 - len(self.players)

    def place_second_token(self, corporation: Any) -> None:
        """A removed corporation's second station (none in 1846; the two-player variant has one)."""
        return None

    def remove_from_group(self, group: Sequence[str], entities: list[_E],
                          remove: Callable[[_E], None]) -> None:
        """Remove ``num_removals`` entities of ``group`` at random (one draw per candidate, even when
        none is removed); ``remove`` is called for each, in the order of ``entities``."""
        candidates = list(group)
        if SECOND_EDITION_GUARANTEED in self.optional_rules:
            candidates = [name for name in candidates if name not in GUARANTEED_BY_SECOND_ED_CO]
        removals = self.rng.shuffle(candidates)[: self.num_removals(group)]
        if not removals:
            return
        self.log(f"Removing {', '.join(removals)}")
        kept: list[_E] = []
        for entity in entities:
            if getattr(entity, "name", None) in removals:
                remove(entity)
                self.removals.append(entity)
            else:
                kept.append(entity)
        entities[:] = kept

    def remove_company(self, company: Any, icon_ability: str) -> None:
        """A removed private: its icons leave the map, it closes and leaves the draft deck."""
        ability = next((a for a in company.abilities if a.type == icon_ability), None)
        icon = self.ABILITY_ICONS.get(company.id)
        if ability is not None and icon is not None:
            self.remove_icons(ability.hexes, icon)
        company.close()
        step = self.round.active_step()
        if isinstance(step, DraftDistribution):
            step.companies = [c for c in step.companies if c is not company]

    def remove_corporation(self, corporation: Any) -> None:
        """A removed corporation still puts its home station on the map; its icons and reserved
        slots go."""
        self.track_rules.place_home_token(corporation)
        ability = next((a for a in corporation.abilities if a.type == "tile_lay"), None)
        icon = self.ABILITY_ICONS.get(corporation.id)
        if ability is not None and icon is not None:
            self.remove_icons(ability.hexes, icon)
        for reservation in self.ability_rules.abilities(corporation, "reservation"):
            corporation.remove_ability(reservation)
        self.place_second_token(corporation)

    def init_round_finished(self) -> None:
        # The reference finds out that the draft was the initial round by building a new one, whose
        # deck shuffle draws from the generator; the round itself is thrown away.
        self.init_round()
        super().init_round_finished()

    # --- rounds ----------------------------------------------------------------------------------------
    def operating_order(self) -> list[Any]:
        """Minors first; in the game's first operating round the corporations go from the cheapest
        share up (ties: first to arrive in the cell first), later by the usual order."""
        if self.FIRST_OR_BY_PRICE and self.turn == 1 and (getattr(self, "round_num", None) or 1) == 1:
            corporations = [c for c in self.corporations if c.floated]
            corporations.sort(key=lambda c: (c.share_price.price, _arrival(c)))
            return [m for m in self.minors if m.floated] + corporations
        return super().operating_order()

    def priority_deal_player(self) -> Any:
        from engine.steps.draft import DraftRound

        if isinstance(self.round, DraftRound):
            return self.players[0] if self.players else None
        return super().priority_deal_player()

    # --- actions -----------------------------------------------------------------------------------------
    def action_processed(self, action: Action) -> None:
        if action.type == "par" and getattr(action, "corporation", None) == SUBSIDISED_CORPORATION:
            par_price = self.share_price_by_id(getattr(action, "share_price", None))
            self.pay_subsidy(self.corporation_by_id(SUBSIDISED_CORPORATION), int(par_price.price))
        super().action_processed(action)

    def pay_subsidy(self, corporation: Any, bonus: int) -> None:
        """The IC's one-time subsidy: its par price, from the bank."""
        corporation.remove_ability_when("par")
        self.bank.spend(bonus, corporation)
        self.log(f"{corporation.name} receives a {self.format_currency(bonus)} subsidy")


def _arrival(corporation: Any) -> int:
    """The corporation's place in its market cell (first to arrive first)."""
    cell = corporation.share_price
    return next(i for i, c in enumerate(cell.corporations) if c is corporation)


__all__ = ["Game1846"]
