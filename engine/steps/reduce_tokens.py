"""The ReduceTokens step (the reference's ``Step::ReduceTokens``): after a merger or an acquisition leaves the
surviving corporation above its token limit, or with two stations in one hex that only the player can resolve (a
two-city tile), it removes stations one at a time; once within the limit the absorbed corporations' stations
become its own.

A step that queues the reduction sets ``round.corporations_removing_tokens = [surviving, *absorbed]``; the limit
is the game's ``LIMIT_TOKENS_AFTER_MERGER``.  Titles refine ``limit``, ``available_hex`` and ``finish``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.services.mergers import TokenMerger
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action


class ReduceTokens(Step):
    ACTIONS: ClassVar[tuple[str, ...]] = ("remove_token",)
    NAME: ClassVar[str] = "ReduceTokens"

    def round_state(self) -> dict[str, Any]:
        return {"corporations_removing_tokens": None}

    def limit(self) -> int:
        return int(self.game.LIMIT_TOKENS_AFTER_MERGER)  # type: ignore[attr-defined]

    @property
    def merger(self) -> TokenMerger:
        return TokenMerger(self.game, self.limit())

    def removing(self) -> list[Any]:
        return list(getattr(self.round, "corporations_removing_tokens", None) or [])

    def description(self) -> str:
        return f"Choose tokens to remove to drop below limit of {self.limit()} tokens"

    def actions(self, entity: Any) -> list[str]:
        return list(self.ACTIONS) if entity is not None and entity is self.current_entity() else []

    def active(self) -> bool:
        return bool(self.removing())

    def active_entities(self) -> list[Any]:
        return self.removing()[:1]

    def surviving(self) -> Any:
        removing = self.removing()
        return removing[0] if removing else None

    def acquired(self) -> list[Any]:
        return self.removing()[1:]

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        """A hex with a station of the survivor or of an absorbed corporation; while both have one in the same
        hex (a two-city tile), only such a hex."""
        if entity is not self.surviving():
            return False
        mine = any(t.used and t.city is not None and t.hex is hex_ for t in entity.tokens)
        theirs = any(t.used and t.city is not None and t.hex is hex_
                     for t in self.merger.others_tokens(self.acquired()))
        if self.merger.tokens_in_same_hex(entity, self.acquired()):
            return mine and theirs
        return mine or theirs

    def process_remove_token(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        city = game.city_by_id(getattr(action, "city", None))
        slot = int(getattr(action, "slot", 0))
        tokens = list(city.tokens)
        token = tokens[slot] if slot < len(tokens) else city.extra_tokens[slot - len(tokens)]
        if token is None or not self.available_hex(entity, token.city.hex):
            raise IllegalAction(f"Cannot remove {token.corporation.name if token else 'an empty'} token")
        token.remove()
        game.log(f"{entity.name} removes token from {city.hex.name}")
        if not self.merger.tokens_above_limits(entity, self.acquired()):
            self.finish(entity, self.acquired())
            self.round.corporations_removing_tokens = None  # type: ignore[attr-defined]

    def finish(self, surviving: Any, others: list[Any]) -> None:
        """Within the limit: the absorbed corporations' stations become the survivor's."""
        self.merger.move_tokens_to_surviving(surviving, others)


__all__ = ["ReduceTokens"]
