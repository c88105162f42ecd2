"""The HomeToken step: a token whose city must be chosen.

Two cases queue a *pending token* (``round.pending_tokens``, a list of ``{"entity", "hexes",
"token"}``): a corporation whose home hex holds several cities and a tile-level reservation must pick
its home city once the hex has track (``Game.place_home_token``), and tokens lifted off a pathless
multi-city tile when track is first laid there (1830: ERIE's home E11; the Tracker queues them, to be
placed by the corporation that laid the tile).  While a token is pending this step is active and
blocks until the named entity places it with a ``place_token`` action on one of the listed hexes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.tokener import Tokener

if TYPE_CHECKING:
    from engine.actions import PlaceToken


class HomeToken(Tokener):
    """Place a pending (home) token (the reference's ``Step::HomeToken``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("place_token",)
    NAME: ClassVar[str] = "HomeToken"

    def actions(self, entity: Any) -> list[str]:
        pending = self.pending_entity()
        if pending is None or entity is not pending:
            return []
        return list(self.ACTIONS)

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["pending_tokens"] = []
        return state

    def active(self) -> bool:
        return self.pending_entity() is not None

    def current_entity(self) -> Any:
        return self.pending_entity()

    def active_entities(self) -> list[Any]:
        return [self.pending_entity()]

    def override_entities(self) -> list[Any]:
        return self.active_entities()

    def pending_token(self) -> dict[str, Any]:
        pending = getattr(self.round, "pending_tokens", None)
        return pending[0] if pending else {}

    def pending_entity(self) -> Any:
        # (asked by ``active`` in every look at the round's steps: no empty dictionary made for it)
        pending = getattr(self.round, "pending_tokens", None)
        return pending[0].get("entity") if pending else None

    @property
    def token(self) -> Any:
        return self.pending_token().get("token")

    def description(self) -> str:
        token = self.token
        if token is None:
            return "Place Home Token"
        corporation = token.corporation
        if self.current_entity() is not corporation:
            return f"Place {corporation.name} Home Token"
        if corporation.tokens and corporation.tokens[0] is token:
            return "Place Home Token"
        return "Place Token"

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        return any(h is hex_ for h in self.pending_token().get("hexes", []))

    def deadlocked(self) -> bool:
        """The pending token was placed meanwhile by other means (18NL: NZO's home token, the first of its
        charter, taken by P2's free token before the home was chosen): placing it again is refused ("Token is
        already used") by both engines, and nothing else may happen until it is placed.  Or no hex is left to
        place it on (1817 family: a corporation without a printed home started when every city is full): every
        ``place_token`` is refused ("the hex is not available")."""
        token = self.token
        if token is None:
            return False
        return bool(token.used) or not self.pending_token().get("hexes")

    def available_tokens(self, entity: Any) -> list[Any]:
        token = self.token
        return [token] if token is not None else []

    def process_place_token(self, action: PlaceToken) -> None:
        # The action's own token is ignored: the pending token is the one placed.
        entity = self.game.resolve_entity(action)
        city = self.game.city_by_id(action.city)
        hex_ = city.hex
        if hex_ is None or not self.available_hex(entity, hex_):
            where = hex_.id if hex_ is not None else city.id
            raise IllegalAction(f"Cannot place token on {where} as the hex is not available")
        token = self.token
        self.place_token(token.corporation, city, token, connected=False, extra_action=True)
        self.state.pending_tokens.pop(0)
