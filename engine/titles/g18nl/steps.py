"""18NL's own steps: the auction's discount on the second private, the Geldersch-Overijsselsche's free
token, Arnhem & Nijmegen kept empty for the NZO."""

from __future__ import annotations

from typing import Any

from engine.actions import PlaceToken
from engine.steps.auction import WaterfallAuction
from engine.steps.special_token import SpecialToken
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.titles.g18nl.data import NZO, NZO_HOME_HEX, TOKEN_PRIVATE


class WaterfallAuction18NL(WaterfallAuction):
    """When everybody passes with the cheapest private sold, the second cheapest (P2) gets cheaper, while
    it is still unsold, before the privates pay a round of revenue."""

    def setup(self) -> None:
        super().setup()
        self.second_cheapest = self.companies[1] if len(self.companies) > 1 else None

    def all_passed(self) -> None:
        if any(c is self.cheapest for c in self.companies):
            self.increase_discount(self.cheapest, 5)
        elif self.second_cheapest is not None and any(c is self.second_cheapest for c in self.companies):
            self.increase_discount(self.second_cheapest, 5)
        else:
            self.game.company_rules.payout_companies()
            self.game.or_set_finished()
        for entity in self.entities:
            entity.unpass()


class SpecialToken18NL(SpecialToken):
    """P2's token goes on a hex without track that no player's private blocks, and it is the turn's token."""

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        tile = hex_.tile
        if tile.paths:
            return False
        if any(blocker.owned_by_player for blocker in tile.blockers):
            return False
        return super().available_hex(entity, hex_)

    def process_place_token(self, action: PlaceToken) -> None:
        super().process_place_token(action)
        self.state.tokened = True


class Token18NL(TokenStep):
    """The corporation owning P2 (its token unused) stops at its token step even with no city reached, so that
    it may use P2 there (or pass)."""

    def actions(self, entity: Any) -> list[str]:
        actions = super().actions(entity)
        if actions:
            return actions
        p2 = self.game.company_by_id(TOKEN_PRIVATE)
        if p2 is None or p2.owner is not entity or not any(a.type == "token" for a in p2.abilities):
            return actions
        if not self.available_tokens(entity):
            return actions
        return ["pass"]


class Track18NL(Track):
    """No tile on Arnhem & Nijmegen (H13) before the NZO's home token is down."""

    def lay_forbidden(self, entity: Any, hex_: Any) -> bool:
        if hex_.id != NZO_HOME_HEX:
            return False
        tokens = self.game.corporation_by_id(NZO).tokens
        return not (tokens and tokens[0].used)


__all__ = ["SpecialToken18NL", "Token18NL", "Track18NL", "WaterfallAuction18NL"]
