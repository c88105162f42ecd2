"""1852: Missouri: 1846 (``Game1846``, the family base) on a Missouri map.

What changes from 1846 (hooks and 1846 helpers used here):

* set-up: no Pass cards; its own private groups (``ORANGE_GROUP``, ``BLUE_GROUP``: "Tunnel Blasting Company" is
  in the orange group but not in the game, so drawing it removes nothing) and corporation group, with removals
  by players (``num_removals``); with two players a removed corporation puts a second station down at once;
* ``init_round``: the open draft market (:class:`~engine.steps.draft.DraftPurchase`), players in seat order;
  the game starts in turn 1;
* ``operating_order``: minors first, then the corporations by share price from the first operating round on;
* rounds: the Pool Share's exchange in the stock round; in the operating round no Assign step, the company
  token step and track-and-token step of ``steps.py``, the Train Discount's own purchase (``SpecialBuyTrain``);
* track: no minimum tile cost; the second lay of a turn costs $20 (``RULES.tile_lays``);
* routes (``compute_stops``, ``check_route_visits``): a route visits one city per hex; an N train passes through
  towns, and counts East St. Louis only while it has fewer cities than it may count; the Mail Contract pays per
  counted stop (``mail_stop_count``);
* shares: the share taken with the Pool Share is never sold (``ShareRules1852.bundles_for_corporation``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.services.shares import ShareRules
from engine.steps.draft import DraftPurchase, DraftRound
from engine.titles.g1846.operating import ShareRules1846
from engine.titles.g1846.rules import Game1846
from engine.titles.g1852_missouri.data import (
    BLUE_GROUP,
    CORPORATION_REMOVALS,
    GREEN_GROUP,
    MAIL_CONTRACT_BONUS,
    ORANGE_GROUP,
    PRIVATE_REMOVALS,
    REMOVED_CORP_SECOND_TOKEN,
    TILE_COST,
    TITLE,
)
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.map.parts import Node
    from engine.map.route import Route
    from engine.rounds.base import Round


class ShareRules1852(ShareRules1846):
    """The share taken for the Pool Share is in no bundle of its holder."""

    def bundles_for_corporation(self, holder: Any, corporation: Any, shares: list[Any] | None = None) -> list[Any]:
        exchanged = getattr(self.game, "exchanged_share", None)
        if shares is None:
            shares = list(holder.shares_of(corporation))
        return super().bundles_for_corporation(holder, corporation, [s for s in shares if s is not exchanged])


class Game1852Missouri(Game1846):
    TITLE: ClassVar[TitleSpec] = TITLE
    SHARE_RULES: ClassVar[type[ShareRules]] = ShareRules1852
    TILE_COST: ClassVar[int] = TILE_COST
    MAIL_CONTRACT_BONUS: ClassVar[int] = MAIL_CONTRACT_BONUS
    FIRST_OR_BY_PRICE: ClassVar[bool] = False
    TELEPORT_TOKEN_HEXES: ClassVar[tuple[tuple[str, str], ...]] = ()
    ABILITY_ICONS: ClassVar[dict[str, str]] = {}

    # --- set-up (Game1846 helpers) -------------------------------------------------------------------
    @property
    def first_edition(self) -> bool:
        return False

    def setup(self) -> None:
        #: the share taken with the Pool Share (never sold)
        self.exchanged_share: Any = None
        super().setup()

    def orange_group(self) -> tuple[str, ...]:
        return ORANGE_GROUP

    def blue_group(self) -> tuple[str, ...]:
        return BLUE_GROUP

    def corporation_removal_groups(self) -> tuple[tuple[str, ...], ...]:
        return (GREEN_GROUP,)

    def num_pass_companies(self) -> int:
        return 0

    def num_removals(self, group: Sequence[str]) -> int:
        players = len(self.players)
        if tuple(group) == GREEN_GROUP:
            return CORPORATION_REMOVALS[players]
        return PRIVATE_REMOVALS[players]

    def place_second_token(self, corporation: Any) -> None:
        """With two players a removed corporation puts a second station down at once."""
        if not self.two_player():
            return
        hex_id = REMOVED_CORP_SECOND_TOKEN[corporation.id]
        hex_ = self.hex_by_id(hex_id)
        token = corporation.find_token_by_type()
        hex_.tile.cities[0].place_token(corporation, token, check_tokenable=False)
        self.log(f"{corporation.id} places a second token on {hex_id} ({hex_.location_name})")

    # --- rounds ----------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        return DraftRound(self, [DraftPurchase], order="forward")

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import BuySellParShares
        from engine.titles.g1852_missouri.steps import Exchange

        return [DiscardTrain, Exchange, BuySellParShares]

    def operating_round_steps(self) -> list[Any]:
        from engine.steps.special_buy_train import SpecialBuyTrain
        from engine.steps.special_track import SpecialTrack
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import Bankrupt, BuyCompany, Dividend, IssueShares
        from engine.titles.g1852_missouri.steps import BuyTrain, Route, SpecialToken, TrackAndToken

        return [Bankrupt, SpecialToken, SpecialTrack, BuyCompany, IssueShares, TrackAndToken, Route, Dividend,
                DiscardTrain, SpecialBuyTrain, BuyTrain, (BuyCompany, {"blocks": True})]

    def block_for_steamboat(self) -> bool:
        return False

    # --- routes ----------------------------------------------------------------------------------------
    def check_route_visits(self, visits: Sequence[Any]) -> None:
        """A route may visit only one city of a hex (St. Louis has three)."""
        seen: list[Any] = []
        for stop in visits:
            hex_ = stop.hex
            if any(h is hex_ for h in seen):
                raise IllegalAction("Route cannot run to multiple cities in a hex")
            seen.append(hex_)

    def compute_stops(self, route: Route) -> list[Node]:
        """An N train's paying stops: a town counts only while the train has fewer cities and off-boards
        than it may count (then every visited stop pays), else the cities and off-boards alone; E trains
        and routes without a town follow the usual rule."""
        from engine.map.route import stop_type

        visits = list(route.visited_stops)
        distance = route.train.distance
        if isinstance(distance, int) or not visits:
            return route.default_stops()
        paying = next(row for row in distance if int(row.get("pay") or 0) > 0)
        normal = [s for s in visits if stop_type(s) in paying["nodes"]]
        if len(normal) == len(visits):
            return route.default_stops()
        if len(normal) < int(paying["pay"]):
            return visits
        return normal

    def mail_stop_count(self, train: Any, visited: int) -> int:
        """The Mail Contract pays per visited stop, at most the train's paying count."""
        distance = getattr(train, "distance", None)
        if not isinstance(distance, list | tuple):
            return visited
        return min(int(distance[0]["pay"]), visited)


__all__ = ["Game1852Missouri", "ShareRules1852"]
