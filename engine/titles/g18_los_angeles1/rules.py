"""18 Los Angeles, first edition: the second edition's game (``Game18LosAngeles``) with the first edition's
set-up and rules.

* set-up: as in 1846, privates leave at random from the orange and blue groups and corporations from the green
  group (none with five players, one of each with four, else one private of each group and two corporations);
  each removed corporation puts a second station down at once; no home station is placed before its par, and
  the PER has a printed home (Santa Ana);
* no company limit in the draft and no corporation start limit;
* the South Bay Line is 1846's Lake Shore Line; the Chino Hills Excavation is an ordinary terrain discount;
* the stock round has no home-token step; the operating round uses 1846's track steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from engine.titles.g18_los_angeles.rules import Game18LosAngeles
from engine.titles.g18_los_angeles1.data import (
    BLUE_GROUP,
    GREEN_GROUP,
    ORANGE_GROUP,
    REMOVED_CORP_SECOND_TOKEN,
    SBL_HEXES,
    TITLE,
)
from engine.titles.spec import TitleSpec


class Game18LosAngeles1(Game18LosAngeles):
    TITLE: ClassVar[TitleSpec] = TITLE
    LSL_ID: ClassVar[str] = "SBL"
    LSL_ICON: ClassVar[str] = "sbl"
    LSL_HEXES: ClassVar[tuple[str, ...]] = SBL_HEXES
    REMOVED_CORP_SECOND_TOKEN: ClassVar[dict[str, str]] = REMOVED_CORP_SECOND_TOKEN

    def orange_group(self) -> tuple[str, ...]:
        return ORANGE_GROUP

    def blue_group(self) -> tuple[str, ...]:
        return BLUE_GROUP

    def num_removals(self, group: Sequence[str]) -> int:
        players = len(self.players)
        if players == 5:
            return 0
        if players == 4:
            return 1
        return 2 if tuple(group) == GREEN_GROUP else 1

    def corporation_removal_groups(self) -> tuple[tuple[str, ...], ...]:
        return (GREEN_GROUP,)

    def place_second_token(self, corporation: Any) -> None:
        self.place_immediate_second_token(corporation)

    def post_setup(self) -> None:
        return None

    def after_par_check_limit(self) -> None:
        return None

    def after_draft_bid(self) -> None:
        return None

    def draft_finished(self) -> bool:
        return False

    def home_token_locations(self, corporation: Any) -> list[Any]:
        raise NotImplementedError("every corporation of the first edition has a printed home")

    def stock_round_steps(self) -> list[Any]:
        from engine.steps.trains import DiscardTrain
        from engine.titles.g1846.steps import Assign, BuySellParShares

        return [DiscardTrain, Assign, BuySellParShares]

    def special_track_step(self) -> type:
        from engine.titles.g1846.steps import SpecialTrack

        return SpecialTrack

    def track_and_token_step(self) -> type:
        from engine.titles.g1846.steps import TrackAndToken

        return TrackAndToken


__all__ = ["Game18LosAngeles1"]
