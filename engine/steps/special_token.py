"""The SpecialToken step: station tokens granted by private companies' abilities.

In 1830, after Delaware & Hudson (DH) teleports tile 57 onto F16 (SpecialTrack sets
``round.teleported``), this step blocks until the company places its corporation's token there
(free, without a connection) or declines with ``pass``.  Companies with a ``token`` ability
(18Chesapeake, 1846) use it outside that sequence, without blocking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.steps.tokener import Tokener
from engine.steps.tracker import token_graph_for_entity, token_owner

if TYPE_CHECKING:
    from engine.actions import Action, PlaceToken


class SpecialToken(Tokener):
    """Place a token for a company (the reference's ``Step::SpecialToken``)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("place_token", "pass")
    NAME: ClassVar[str] = "SpecialToken"
    # offered only while the round's active step is one that places tokens (1822, 18GA, 18MS: not while, say,
    # a destination token or a route is due)
    ONLY_WHILE_TOKENING: ClassVar[bool] = False

    def actions(self, entity: Any) -> list[str]:
        if self.ability(entity) is None or not self.available_tokens(entity):
            return []
        if self.only_while_tokening() and not self.active_step_places_tokens():
            return []
        actions = ["place_token"]
        if entity is not None and entity is self.state.teleported:
            actions.append("pass")
        return actions

    def only_while_tokening(self) -> bool:
        return self.ONLY_WHILE_TOKENING

    def city_refusal(self, entity: Any, city: Any) -> str | None:
        """Why a title refuses ``entity``'s token in ``city`` beyond its ability's terms (hook; None: it does not).
        The legal moves leave such cities out, saying why."""
        return None

    def active_step_places_tokens(self) -> bool:
        """Is the round's active step (its first blocking one) a step that takes a ``place_token``?"""
        return hasattr(self.round.active_step(), "process_place_token")

    def description(self) -> str:
        return "Place teleport token"

    def pass_description(self) -> str:
        return "Pass (Token)"

    def blocks(self) -> bool:
        return self.can_token_after_teleport()

    def blocking(self) -> bool:
        return self.can_token_after_teleport()

    def round_state(self) -> dict[str, Any]:
        state: dict[str, Any] = {}
        if not hasattr(self.round, "teleported"):
            state.update(teleported=None, teleport_tokener=None)
        state.update(super().round_state())
        return state

    def can_token_after_teleport(self) -> bool:
        teleported = self.state.teleported
        return teleported is not None and bool(self.available_tokens(teleported))

    def active_entities(self) -> list[Any]:
        teleported = self.state.teleported
        if teleported is not None:
            return [teleported]
        return super().active_entities()

    def process_place_token(self, action: PlaceToken) -> None:
        game = self.game
        entity, city, token = self.resolve_place_token(action)
        hex_ = city.hex
        if hex_ is None or not self.available_hex(entity, hex_):
            where = hex_.id if hex_ is not None else city.id
            city_string = f" city {city.index}" if hex_ is not None and len(hex_.tile.cities) > 1 else ""
            raise IllegalAction(f"Cannot place token on {where}{city_string}")

        special_ability = self.ability(entity)
        check_tokenable = bool(getattr(special_ability, "check_tokenable", True))
        connected = self.connection_required(special_ability)
        self.place_token(token_owner(game, entity), city, token, connected=connected,
                         special_ability=special_ability, check_tokenable=check_tokenable)

        if special_ability.type == "token":
            special_ability.use()
            if (special_ability.count is not None and special_ability.count == 0
                    and special_ability.closed_when_used_up):
                company = special_ability.owner
                game.company_rules.closing_after_using_ability(company)
                company.close()

        if self.state.teleported is not None:
            self.teleport_complete()

    def connection_required(self, ability: Any) -> bool:
        """Must the token ``ability`` places be connected to its owner's track?"""
        return ability.type == "token" and bool(ability.connected)

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        owner = entity.owner
        self.game.log(f"{owner.name if owner is not None else '?'} ({entity.id}) declines to place token")
        self.teleport_complete()

    def teleport_complete(self) -> None:
        teleported = self.state.teleported
        ability = self.ability(teleported)
        if ability is not None:
            teleported.remove_ability(ability)
        self.state.teleported = None

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        ability = self.ability(entity)
        if ability is None:
            return False
        hexes = getattr(ability, "hexes", None) or []
        if hexes and hex_.id not in hexes:
            return False
        if ability.type == "token" and ability.connected:
            owner = entity.owner
            return bool(token_graph_for_entity(self.game, owner).reachable_hexes(owner).get(hex_))
        # Any hex the ability names (the reference answers with its neighbours: always truthy).
        return True

    def available_tokens(self, entity: Any) -> list[Any]:
        ability = self.ability(entity)
        if ability is not None and ability.type in ("teleport", "token") and not ability.from_owner:
            return [Token(entity.owner)]
        return super().available_tokens(token_owner(self.game, entity))

    def min_token_price(self, tokens: list[Any]) -> int | None:
        if self.state.teleported is not None:
            return 0
        return super().min_token_price(tokens)

    def ability(self, entity: Any) -> Any:
        """The company's ``token`` ability, else its teleport once used (the token after a teleport)."""
        if entity is None or not getattr(entity, "is_company", False):
            return None
        game = self.game
        for ability in game.ability_rules.abilities(entity, "token"):
            return ability
        for ability in game.ability_rules.abilities(entity, "teleport"):
            if ability.used:
                return ability
        return None
