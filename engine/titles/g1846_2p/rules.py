"""1846 2p Variant: 1846 (``Game1846``) with the designer's two-player rules.

Hooks used here (on top of 1846's):

* set-up (``Game1846`` helpers): no Pass cards; one private of each private group leaves the game (two
  of a full second-edition group); one corporation of the northern and one of the southern group
  leaves, and each removed corporation keeps its home station and gets a second station - the ERIE's
  at once, the others' when that city first turns green (an icon marks the hex until then);
* ``init_round``: the open draft (:class:`~engine.steps.draft.Draft2pDistribution`), the turn
  counter standing at 0 while it lasts;
* ``next_round``: as long as some private has no owner, a draft round alternates with each set of
  operating rounds; when every private is owned, the first stock round begins (turn 1);
* 1846's own two-player rules (``Game1846.two_player``): the last train (``final_train``) ends the game,
  a corporation's only train is not for sale once the depot is empty, a player may hold 70%.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.map.parts import Icon
from engine.rounds.operating import OperatingRound
from engine.steps.draft import Draft2pDistribution, DraftRound
from engine.titles.g1846.data import REMOVED_CORP_SECOND_TOKEN
from engine.titles.g1846.rules import Game1846
from engine.titles.g1846_2p.data import IMMEDIATE_SECOND_TOKEN, NORTH_GROUP, SOUTH_GROUP, TITLE
from engine.titles.spec import TitleSpec

if TYPE_CHECKING:
    from engine.rounds.base import Round


class Game18462p(Game1846):
    TITLE: ClassVar[TitleSpec] = TITLE

    # --- set-up (Game1846 helpers) ---------------------------------------------------------------------
    def num_pass_companies(self) -> int:
        return 0

    def setup_turn(self) -> int:
        return 0

    def base_removals(self) -> int:
        return 1

    def corporation_removal_groups(self) -> tuple[tuple[str, ...], ...]:
        return (NORTH_GROUP, SOUTH_GROUP)

    def setup(self) -> None:
        self.draft_finished = False
        super().setup()

    def place_second_token(self, corporation: Any) -> None:
        hex_id = REMOVED_CORP_SECOND_TOKEN[corporation.id]
        hex_ = self.hex_by_id(hex_id)
        if corporation.id in IMMEDIATE_SECOND_TOKEN:
            token = corporation.find_token_by_type()
            hex_.tile.cities[0].place_token(corporation, token, check_tokenable=False)
            self.log(f"{corporation.id} places a second token on {hex_id} ({hex_.location_name})")
            return
        # Deferred until the city is upgraded to green; its logo marks the hex until then.
        self.second_tokens_in_green[hex_id] = corporation
        logo = corporation.logo[:-4]
        hex_.tile.icons.append(Icon(corporation.id, f"/icons/../{logo}.svg", sticky=True))
        self.log(f"{corporation.id} will place a token on {hex_id} when it is upgraded to green")

    # --- rounds ------------------------------------------------------------------------------------------
    def init_round(self) -> Round:
        return DraftRound(self, [Draft2pDistribution], order="reverse")

    def next_round(self) -> None:
        if self.draft_finished:
            super().next_round()
            return
        self.store_player_info()
        current = self.round
        if isinstance(current, DraftRound):
            self.draft_finished = all(c.player is not None for c in self.companies)
            if self.draft_finished:
                self.turn = 1
                self.round = self.new_stock_round()
            else:
                self.operating_rounds = self.phase.operating_rounds or 1
                self.round = self.new_operating_round(1)
        elif isinstance(current, OperatingRound):
            self.or_round_finished()
            if current.round_num < self.operating_rounds:
                self.round = self.new_operating_round(current.round_num + 1)
            else:
                self.or_set_finished()
                self.log("-- Draft Round --")
                self.round = self.init_round()


__all__ = ["Game18462p"]
