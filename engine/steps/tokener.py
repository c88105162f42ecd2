"""The Tokener mix-in: placing station tokens.

Shared by the Token, SpecialToken and HomeToken steps (and 1846's TrackAndToken).  It answers
``can_place_token`` (which decides whether the Token step is skipped, so it must be exactly the
reference's: the turn's token not yet placed, a token left, the cheapest one affordable, and the
connectivity graph finding a reachable city with room) and performs ``place_token``: connection check
(strict only), ability prices and teleports, the city's slot rules, payment, log and graph reset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.model.token import Token
from engine.steps.base import Step
from engine.steps.tracker import clear_graph_for_entity, snake_case, token_graph_for_entity, tokens_by_type

if TYPE_CHECKING:
    from engine.actions import PlaceToken

__all__ = ["Tokener"]



def neutral_corporation() -> Any:
    """The owner of one neutral (open-city) token: a corporation of nobody, made for that token."""
    from engine.model.entities import Corporation

    return Corporation("N", "Neutral", [0], logo="open_city")

class Tokener(Step):
    """Token placement rules shared by the token steps (the reference's ``Step::Tokener``)."""

    # --- step protocol ---------------------------------------------------------------------------------
    def type_name(self) -> str:
        """The reference step type used for ability timing ("token", "special_token", ...)."""
        return snake_case(self.NAME)

    def round_state(self) -> dict[str, Any]:
        state = dict(super().round_state())
        state["tokened"] = False
        return state

    def setup(self) -> None:
        super().setup()
        self.state.tokened = False

    @property
    def state(self) -> Any:
        """The round, seen as the holder of the per-round variables (``tokened``, ...)."""
        return self.round

    # --- questions -------------------------------------------------------------------------------------
    #: may a corporation place a token in a hex where it has one in another city (1822CA's big cities)
    SAME_HEX_ALLOWED: ClassVar[bool] = False

    def same_hex_allowed(self, ability: Any = None) -> bool:
        """May this placement go into a hex where the corporation already has a token (the step's rule)?"""
        return self.SAME_HEX_ALLOWED

    def can_place_token(self, entity: Any) -> bool:
        """Whether the operator may place its turn's token now (decides whether Token is skipped)."""
        if entity is not self.current_entity() or self.state.tokened:
            return False
        tokens = self.available_tokens(entity)
        if not tokens:
            return False
        price = self.min_token_price(tokens)
        if price is None or not self.affords(entity, price):
            return False
        return bool(token_graph_for_entity(self.game, entity).can_token(entity))

    def checks_tokenable(self, entity: Any, city: Any) -> bool:
        """Title hook: is the turn token's placement in ``city`` checked as usual (reservations, slots)?  False:
        only a free slot is needed (1822's London)."""
        return True

    def token_cost_override(self, entity: Any, city: Any, slot: Any, token: Any) -> int | None:
        """Title hook: a price that replaces the token's own (None: no override)."""
        return None

    def available_tokens(self, entity: Any) -> list[Any]:
        holder = entity.owner if getattr(entity, "is_company", False) else entity
        return tokens_by_type(holder)

    def can_replace_token(self, entity: Any, token: Any) -> bool:
        return False

    def min_token_price(self, tokens: list[Any]) -> int | None:
        """The cheapest price among ``tokens`` and the owner's token abilities."""
        token = tokens[0]
        prices: list[int | None] = [t.price for t in tokens]
        for ability in self.game.ability_rules.abilities(token.corporation, "token"):
            prices.append(ability.price(token))
            prices.append(ability.teleport_price)
        known = [p for p in prices if p is not None]
        return min(known) if known else None

    def tokener_available_hex(self, entity: Any, hex_: Any) -> bool:
        """Whether the entity's track reaches ``hex_`` (a token may only go where the track reaches)."""
        return bool(token_graph_for_entity(self.game, entity).reachable_hexes(entity).get(hex_))

    # --- resolving an action ---------------------------------------------------------------------------
    def resolve_place_token(self, action: PlaceToken) -> tuple[Any, Any, Any]:
        """The acting entity, the city and the token a ``place_token`` action names.

        The token is the first unused one of the action's ``token_type`` held by the action's
        ``tokener``, else by the acting entity (a company's owner for a company); it may be None.
        """
        game = self.game
        entity = game.resolve_entity(action)
        city = game.city_by_id(action.city)
        holder: Any
        if action.tokener is not None:
            holder = self._operator_by_id(action.tokener)
        elif getattr(entity, "is_company", False):
            holder = entity.owner
        else:
            holder = entity
        token = None
        if holder is not None and hasattr(holder, "tokens"):  # (a player holds none)
            wanted = action.token_type or "normal"
            token = next((t for t in holder.tokens if not t.used and t.type == wanted), None)
        return entity, city, token

    def _operator_by_id(self, operator_id: str) -> Any:
        game = self.game
        try:
            return game.corporation_by_id(operator_id)
        except InvalidAction:
            return game.minor_by_id(operator_id)

    # --- placing ---------------------------------------------------------------------------------------
    def place_token(self, entity: Any, city: Any, token: Any, *, connected: bool = True,
                    extra_action: bool = False, special_ability: Any = None, check_tokenable: bool = True,
                    spender: Any = None, same_hex_allowed: bool = False) -> None:
        """Place ``token`` for ``entity`` in ``city`` and pay for it."""
        game = self.game
        hex_ = city.hex
        if hex_ is None:
            raise IllegalAction(f"City {city.id} is not on the map")
        ability_type = getattr(special_ability, "type", None)
        if ability_type in ("teleport", "token"):
            extra_action = extra_action or bool(getattr(special_ability, "extra_action", False))

        if connected:
            self.check_connected(entity, city, hex_)

        if ability_type == "token" and special_ability.city is not None and special_ability.city != city.index:
            raise IllegalAction(f"{special_ability.owner.name} can only place token on {hex_.id} city "
                                f"{special_ability.city}, not on city {city.index}")
        if ability_type == "teleport" and special_ability.hexes and hex_.id not in special_ability.hexes:
            raise IllegalAction(f"{special_ability.owner.name} cannot place token in {hex_.id} "
                                f"({hex_.location_name}) with teleport")
        if not extra_action and self.state.tokened:
            raise IllegalAction("Token already placed this turn")

        token, ability = self.adjust_token_price_ability(entity, token, hex_, city, special_ability=special_ability)
        if token is None:
            raise IllegalAction(f"{game.entity_name(entity)} has no token left to place")
        tokener = str(entity.name)
        if ability is not None:
            if ability.owner is not entity:
                tokener += f" ({ability.owner.sym})"
            entity.remove_ability(ability)

        if token.used:
            raise IllegalAction("Token is already used")

        free = not token.price > 0
        cheater = False
        extra_slot = False
        if ability is not None and ability.type == "token":
            cheater = bool(ability.cheater)
            extra_slot = bool(ability.extra_slot)
        city.place_token(entity, token, free=free, check_tokenable=check_tokenable, cheater=cheater,
                         extra_slot=extra_slot, spender=spender, same_hex_allowed=same_hex_allowed)
        price_log = ""
        if not free:
            self.pay_token_cost(spender if spender is not None else entity, token.price, city)
            price_log = f" for {game.format_currency(token.price)}"

        if token.type == "neutral":
            # A neutral station joins its owner's tokens once laid, wherever it was carried (1882's CN, 18 Los
            # Angeles's open-city tokens), at the end of the list as on 18xx.games.
            carried = getattr(entity, "tokens", None)
            if isinstance(carried, list):
                carried[:] = [t for t in carried if t is not token]
            token.corporation.tokens.append(token)
            game.log(f"{tokener} places a neutral token on {hex_.id}{price_log}")
        else:
            # The reference writes "H6 (Baltimore)  for $60" (a space after the place and another before
            # "for"); the log reads better with one space and none at the end.
            where = f"{hex_.id} ({hex_.location_name})" if hex_.location_name else hex_.id
            game.log(f"{tokener} places a token on {where}{price_log}")

        if not extra_action:
            self.state.tokened = True
        clear_graph_for_entity(game, entity)

    def pay_token_cost(self, entity: Any, cost: int, city: Any) -> None:
        entity.spend(cost, self.game.bank)

    def token_abilities_apply(self) -> bool:
        """Do token abilities (a company's free or cheaper token) price the tokens this step places?  Titles
        whose companies' tokens go only through the company (18GA, 18MS: the corporation's own token step
        ignores them) answer False in that step."""
        return True

    def teleport_token_price(self, entity: Any, token: Any, special_ability: Any) -> int:
        """What the token a teleport places costs (the legal moves ask it; ``adjust_token_price_ability`` charges
        it): free, unless a title's teleport charges the token's price (18Rhl's Tjt)."""
        return 0

    def adjust_token_price_ability(self, entity: Any, token: Any, hex_: Any, city: Any,
                                   special_ability: Any = None) -> tuple[Any, Any]:
        """The token actually placed and the ability that prices it (teleports are free; a
        company's token ability brings its own token unless it draws on the owner's)."""
        if not self.token_abilities_apply():
            return token, None
        if getattr(special_ability, "type", None) == "teleport":
            if not special_ability.from_owner:
                token = Token(entity)
                entity.tokens.append(token)
            if token is not None:
                token.price = 0
            return token, special_ability

        ability = self.token_ability_at(entity, hex_, city, special_ability)
        if ability is None:
            return token, None
        if ability.neutral:
            # An open-city token: it belongs to a corporation of nobody (it blocks like any other's).
            token = Token(neutral_corporation(), type="neutral")
        elif getattr(ability.owner, "is_company", False) and not ability.from_owner:
            token = Token(entity)
            entity.tokens.append(token)
        if token is not None:
            price = self.ability_token_price(entity, token, hex_, ability)
            if price is not None:
                token.price = price
        return token, ability

    def token_ability_at(self, entity: Any, hex_: Any, city: Any, special_ability: Any = None) -> Any:
        """The token ability of ``entity`` that prices a token placed in ``city`` of ``hex_`` (the first that
        applies there), or None."""
        for ability in self.game.ability_rules.abilities(entity, "token"):
            if ability.special_only and ability is not special_ability:
                continue
            if ability.hexes and hex_.id not in ability.hexes:
                continue
            if ability.city is not None and ability.city != city.index:
                continue
            return ability
        return None

    def ability_token_price(self, entity: Any, token: Any, hex_: Any, ability: Any) -> int | None:
        """What ``token`` costs placed on ``hex_`` through ``ability`` (None: its own price): the ability's price
        where the entity's track reaches the hex, else its teleport price (1822: the £20 token a major gets for
        minor 14 is free only where its track does not reach London)."""
        price: int | None = ability.teleport_price
        if token_graph_for_entity(self.game, entity).reachable_hexes(entity).get(hex_):
            reached = ability.price(token)
            if reached is not None:
                price = reached
        return price

    def check_connected(self, entity: Any, city: Any, hex_: Any) -> None:
        """(Strict) the city must be reached by the entity's track."""
        game = self.game
        if game.loading or token_graph_for_entity(game, entity).connected_nodes(entity).get(city):
            return
        city_string = f" city {city.index}" if len(hex_.tile.cities) > 1 else ""
        raise IllegalAction(f"Cannot place token on {hex_.id}{city_string} because it is not connected")
