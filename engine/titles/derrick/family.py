"""The rules Mark Derrick's games share.

* Rule switches (``derrick_rules``): full capitalisation, no selling in blocks, the game ends at once on a
  bankruptcy and after the current operating round when the bank breaks or a share price reaches the top.
* Private companies change hands between a player and a corporation for 50% to 150% of face value.
* A corporation that floated since the last operating round ended is "recently floated": titles with an
  optional rule for extra first-turn yellow tiles (18GA's two, 18TN's three) give it one more yellow lay
  after its usual ones (``FIRST_OR_EXTRA_YELLOW``: option name -> extra lays).
* The operating round: privates may be bought before and after the turn, home token, track, token, run,
  dividend, then train purchases with at most one depot train per round while the phase is
  ``limited_train_buy`` (``engine.steps.single_depot_train_buy``).
* The stock round: only buying, selling and parring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.game import Game
from engine.services.corporations import CorporationRules
from engine.services.track import TrackRules
from engine.steps.single_depot_train_buy import STATUS_TEXT as SINGLE_DEPOT_STATUS_TEXT
from engine.titles.spec import RuleSet

#: Phase statuses every Derrick game explains.
STATUS_TEXT: dict[str, tuple[str, str]] = {
    "can_buy_companies": ("Can Buy Companies", "All corporations can buy companies from players"),
    "can_buy_companies_from_other_players": (
        "Interplayer Company Buy", "Companies can be bought between players"),
    **SINGLE_DEPOT_STATUS_TEXT,
}

EVENTS_TEXT: dict[str, tuple[str, str]] = {
    "close_companies": ("Companies Close", "All companies unless otherwise noted are discarded from the game"),
}


def derrick_rules(**changes: Any) -> RuleSet:
    """The family's rule switches, with a title's own ``changes``."""
    base: dict[str, Any] = {
        "capitalization": "full",
        "must_sell_in_blocks": False,
        "game_end_check": (("bankrupt", "immediate"), ("stock_market", "current_or"), ("bank", "current_or")),
    }
    base.update(changes)
    return RuleSet(**base)


class DerrickCorporationRules(CorporationRules):
    def float_corporation(self, corporation: Any) -> None:
        game = self.game
        assert isinstance(game, DerrickGame)
        game.recently_floated.append(corporation)
        super().float_corporation(corporation)


class DerrickTrackRules(TrackRules):
    def tile_lays(self, entity: Any) -> Sequence[Mapping[str, Any]]:
        game = self.game
        assert isinstance(game, DerrickGame)
        extra = game.first_or_extra_yellow()
        lays = super().tile_lays(entity)
        if extra and any(c is entity for c in game.recently_floated):
            return (*lays, *({"lay": "not_if_upgraded", "upgrade": False} for _ in range(extra)))
        return lays


class DerrickGame(Game):
    """The game class the Derrick titles build on."""

    CORPORATION_RULES: ClassVar[type[CorporationRules]] = DerrickCorporationRules
    TRACK_RULES: ClassVar[type[TrackRules]] = DerrickTrackRules
    #: optional rule -> extra yellow lays of a recently floated corporation (18GA, 18TN: one more)
    FIRST_OR_EXTRA_YELLOW: ClassVar[Mapping[str, int]] = {}

    # --- set-up -------------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.recently_floated: list[Any] = []
        for company in self.companies:
            company.min_price = -(-company.value // 2)  # half face value, rounded up (prices are whole)
            company.max_price = company.value * 3 // 2

    def first_or_extra_yellow(self) -> int:
        """Extra yellow lays a recently floated corporation has (0 without the option)."""
        return sum(n for option, n in self.FIRST_OR_EXTRA_YELLOW.items() if option in self.optional_rules)

    # --- rounds -------------------------------------------------------------------------------------------
    def stock_round_steps(self) -> list[Any]:
        from engine.steps.shares import BuySellParShares

        return [BuySellParShares]

    def or_round_finished(self) -> None:
        self.recently_floated = []
        super().or_round_finished()


__all__ = [
    "EVENTS_TEXT",
    "STATUS_TEXT",
    "DerrickCorporationRules",
    "DerrickGame",
    "DerrickTrackRules",
    "derrick_rules",
]
