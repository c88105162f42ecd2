"""Legal token placements: the city slots a station token may go to now, with what it costs.

Enumerators for ``TokenStep`` (the operator's turn token), ``HomeToken`` (a pending home token whose city must be
chosen: ERIE's E11 in 1830, multi-city homes), ``SpecialToken`` (companies' ``token`` abilities and the token
after 1830 DH's teleport) and 1846's ``TrackAndToken`` (two lays and one token in any order, and B&O/PRR
placing their reserved token without a connection; its lay part comes from :mod:`engine.moves.track`).

Where the token goes inside the city is the engine's choice (the reserved slot, else the first open one, as on
18xx.games): the move names that slot, and an action's ``slot`` field is not checked against it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.moves.base import Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.moves.track import track_lay_moves
from engine.steps.home_token import HomeToken
from engine.steps.special_token import SpecialToken
from engine.steps.token import TokenStep
from engine.steps.tokener import Tokener
from engine.steps.tracker import token_graph_for_entity, token_owner
from engine.titles.g1846.steps import TrackAndToken

if TYPE_CHECKING:
    from engine.steps.base import Step

__all__ = ["PlaceTokenMove", "RemoveTokenMove", "token_price"]


@dataclass(frozen=True)
class PlaceTokenMove(Move):
    """Place a ``token_type`` token of ``tokener`` in ``city`` (its id, "57-1-0") on ``hex`` for ``cost``; the
    token takes ``slot``."""

    TYPE: ClassVar[str] = "place_token"
    city: str = ""
    hex: str = ""
    slot: int = 0
    cost: int = 0
    token_type: str = "normal"
    tokener: str = ""
    teleport: bool = False

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("city") != self.city:
            return f"not city {self.city}"
        kind = action.get("token_type") or "normal"
        if kind != self.token_type:
            return f"a {kind} token cannot go to {self.hex} now"
        tokener = action.get("tokener")
        if tokener is not None and tokener != self.tokener:
            return f"the token placed on {self.hex} is {self.tokener}'s, not {tokener}'s"
        return None

    def affinity(self, action: Mapping[str, Any]) -> int:
        return 1 if action.get("city") == self.city else 0

    def sample(self, rng: random.Random) -> dict[str, Any]:
        action = {**self.base(), "city": self.city, "slot": self.slot}
        if self.entity_type == "company" and self.tokener:
            action["tokener"] = self.tokener  # whose token a private places (its owner may be a player)
        if self.token_type != "normal":
            action["token_type"] = self.token_type
        return action

    def describe(self) -> str:
        price = f" for {self.cost}" if self.cost else ""
        return f"place a token on {self.hex} (city {self.city}){price}"


@dataclass(frozen=True)
class RemoveTokenMove(Move):
    """Take the token in ``slot`` of ``city`` (its id) on ``hex`` off the map."""

    TYPE: ClassVar[str] = "remove_token"
    city: str = ""
    hex: str = ""
    slot: int = 0

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        if action.get("city") != self.city:
            return f"not city {self.city}"
        if action.get("slot") != self.slot:
            return f"the token to remove on {self.hex} is in slot {self.slot}, not {action.get('slot')}"
        return None

    def affinity(self, action: Mapping[str, Any]) -> int:
        return 1 if action.get("city") == self.city else 0

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "city": self.city, "slot": self.slot}

    def describe(self) -> str:
        return f"remove the token on {self.hex} (city {self.city}, slot {self.slot})"


def remove_token_moves(entity: Any, tokens: Iterable[Any]) -> Iterator[Move]:
    """A ``remove_token`` move of ``entity`` for each of ``tokens`` on the map."""
    entity_type, entity_id = entity_ref(entity)
    for token in tokens:
        city = token.city
        if city is None or city.hex is None:
            continue
        slot = next((i for i, t in enumerate(city.tokens) if t is token), None)
        if slot is None:
            continue
        yield RemoveTokenMove(entity_type, entity_id, city=city.id, hex=city.hex.id, slot=slot)


def token_price(step: Tokener, entity: Any, token: Any, hex_: Any, city: Any, special_ability: Any = None) -> int | None:
    """What placing ``token`` in ``city`` costs ``entity`` (``Tokener.adjust_token_price_ability`` without its
    side effects); None when the engine would refuse."""
    game = step.game
    priced = getattr(step, "token_price_at", None)  # a step pricing tokens by where they go (1867: by distance)
    if callable(priced):
        return int(priced(entity, token, hex_))
    if not step.token_abilities_apply():
        return int(token.price)
    if getattr(special_ability, "type", None) == "teleport":
        return int(step.teleport_token_price(entity, token, special_ability))
    for ability in game.ability_rules.abilities(entity, "token"):
        if ability.special_only and ability is not special_ability:
            continue
        if ability.hexes and hex_.id not in ability.hexes:
            continue
        if ability.city is not None and ability.city != city.index:
            continue
        # A neutral (open-city) token or a company's own token starts free; one from the charter costs its price.
        own_token = ability.neutral or (getattr(ability.owner, "is_company", False) and not ability.from_owner)
        price = 0 if own_token else int(token.price)
        if ability.teleport_price is not None:
            price = int(ability.teleport_price)
        if token_graph_for_entity(game, entity).reachable_hexes(entity).get(hex_):
            found = ability.price(token)
            if found is not None:
                price = int(found)
        return price
    return int(token.price)


def _token_moves(step: Tokener, entity: Any, owner: Any, cities: Iterable[Any], token: Any, *,
                 special_ability: Any = None, check_tokenable: bool = True, cheater: bool = False,
                 extra_slot: bool = False, connected: dict[Any, bool] | None = None,
                 spender: Any = None, teleport: bool = False) -> Iterator[Move | Unusable]:
    entity_type, entity_id = entity_ref(entity)
    payer = spender if spender is not None else owner
    cash = int(getattr(payer, "cash", 0))
    for city in cities:
        hex_ = city.hex
        if hex_ is None:
            continue
        if connected is not None and not connected.get(city):
            continue
        price = token_price(step, owner, token, hex_, city, special_ability)
        if price is None:
            continue
        if not check_tokenable and not extra_slot and city.get_slot(owner, cheater=cheater) is None:
            continue  # unchecked placements still need a free slot (the site fails on a full city)
        if check_tokenable:
            error = city.tokenable_error(owner, free=True, tokens=[token], cheater=cheater, extra_slot=extra_slot,
                                         spender=spender, same_hex_allowed=step.same_hex_allowed(special_ability))
            if error is not None:
                if error != "no_slots":
                    yield Unusable("token", city.id, city._token_error_message(owner, error), hex=hex_.id)
                continue
        if price > cash:
            money = step.game.format_currency
            yield Unusable("token", city.id,
                           f"a token on {hex_.id} costs {money(price)}; {payer.name} has {money(cash)}", hex=hex_.id)
            continue
        slot = city.get_slot(owner, cheater=cheater)
        yield PlaceTokenMove(entity_type, entity_id, city=city.id, hex=hex_.id,
                             slot=int(slot) if slot is not None else 0, cost=price, token_type=token.type,
                             tokener=str(owner.id), teleport=teleport)


def _reachable_cities(step: Tokener, entity: Any) -> list[Any]:
    """Cities of hexes the entity's track reaches whose city node is connected (the strict checks)."""
    graph = token_graph_for_entity(step.game, entity)
    nodes = graph.connected_nodes(entity)
    return [node for node in nodes if getattr(node, "is_city", False)]


def turn_token_moves(step: Tokener, entity: Any) -> Iterator[Move | Unusable]:
    """The operator's turn token: every reached city with room, one move per token type."""
    tokens = step.available_tokens(entity)
    cities = _reachable_cities(step, entity)
    extra: list[Any] = []
    pairs = getattr(step.game, "TELEPORT_TOKEN_HEXES", ()) if isinstance(step, TrackAndToken) else ()
    for corporation_id, hex_id in pairs:
        if corporation_id == entity.id and any(a.type == "token" for a in entity.all_abilities()):
            for city in step.game.hex_by_id(hex_id).tile.cities:
                if city not in cities:
                    extra.append(city)
    everywhere = [*cities, *extra]
    checked = [c for c in everywhere if step.checks_tokenable(entity, c)]
    unchecked = [c for c in everywhere if c not in checked]
    for token in tokens:
        yield from _token_moves(step, entity, entity, checked, token)
        if unchecked:
            yield from _token_moves(step, entity, entity, unchecked, token, check_tokenable=False)


@enumerates(TokenStep)
def token_step_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, TokenStep)
    kinds = step.actions(entity)
    if "place_token" in kinds:
        yield from turn_token_moves(step, entity)
    if "pass" in kinds:
        yield PassMove(*entity_ref(entity), label=step.pass_description())


@enumerates(HomeToken)
def home_token_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, HomeToken)
    if "place_token" not in step.actions(entity):
        return
    token = step.token
    if token is None or step.deadlocked():
        return
    corporation = token.corporation
    entity_type, entity_id = entity_ref(entity)
    for hex_ in step.pending_token().get("hexes", []):
        if not step.available_hex(entity, hex_):  # (18USA: a bid counting on a cash subsidy needs one as large)
            continue
        for city in hex_.tile.cities:
            # A title may let the home token replace a token already there (1882: a neutral station).
            for slot, there in enumerate(city.tokens):
                if there is not None and step.can_replace_token(entity, there):
                    yield PlaceTokenMove(entity_type, entity_id, city=city.id, hex=hex_.id, slot=slot, cost=0,
                                         token_type=token.type, tokener=str(corporation.id))
            error = city.tokenable_error(corporation, free=True, tokens=[token])
            if error is not None:
                continue
            slot = city.get_slot(corporation)
            # The site names the acting corporation as the tokener (the placed token is the home token all
            # the same): it differs from ``corporation`` when another one's upgrade of a reserved home asks
            # it to place the home token (18NL's NZO).
            yield PlaceTokenMove(entity_type, entity_id, city=city.id, hex=hex_.id,
                                 slot=int(slot) if slot is not None else 0, cost=0, token_type=token.type,
                                 tokener=str(token_owner(step.game, entity).id))


@enumerates(SpecialToken)
def special_token_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    assert isinstance(step, SpecialToken)
    kinds = step.actions(entity)
    if "place_token" in kinds:
        ability = step.ability(entity)
        owner = token_owner(step.game, entity)
        tokens = step.available_tokens(entity)
        # A token that is not an extra action cannot follow the turn's token (the step refuses it).
        spent = bool(step.state.tokened) and not (ability is not None and ability.type in ("teleport", "token")
                                                   and ability.extra_action)
        if ability is not None and tokens and owner is not None and not spent:
            game = step.game
            named = list(getattr(ability, "hexes", None) or [])
            if named:
                hexes = [game.hex_by_id(h) for h in named]
                hexes = [h for h in hexes if step.available_hex(entity, h)]
                cities = [c for h in hexes for c in h.tile.cities
                          if ability.type != "token" or ability.city is None or ability.city == c.index]
            else:  # an ability naming no hex (18MS's half-price token): the cities the owner's track reaches
                cities = [c for c in _reachable_cities(step, owner)
                          if (ability.type != "token" or ability.city is None or ability.city == c.index)
                          and c.hex is not None and step.available_hex(entity, c.hex)]  # (18USA: full cities)
            for city in [c for c in cities if step.city_refusal(entity, c) is not None]:
                yield Unusable("token", city.id, str(step.city_refusal(entity, city)), hex=city.hex.id)
            cities = [c for c in cities if step.city_refusal(entity, c) is None]
            connected = None
            if step.connection_required(ability):
                connected = token_graph_for_entity(game, owner).connected_nodes(owner)
            cheater = bool(ability.cheater) if ability.type == "token" else False
            extra_slot = bool(ability.extra_slot) if ability.type == "token" else False
            yield from _token_moves(step, entity, owner, cities, tokens[0], special_ability=ability,
                                    check_tokenable=bool(getattr(ability, "check_tokenable", True)),
                                    cheater=cheater, extra_slot=extra_slot, connected=connected,
                                    teleport=ability.type == "teleport")
    if "pass" in kinds:
        yield PassMove(*entity_ref(entity), label=step.pass_description())


@enumerates(TrackAndToken)
def track_and_token_moves(step: Step, entity: Any) -> Iterator[Move | Unusable]:
    """1846: two lays (at most one upgrade) and one token, in any order, then pass."""
    assert isinstance(step, TrackAndToken)
    kinds = step.actions(entity)
    if "lay_tile" in kinds:
        yield from track_lay_moves(step, entity)
    if "place_token" in kinds:
        yield from turn_token_moves(step, entity)
    if "pass" in kinds:
        yield PassMove(*entity_ref(entity), label=step.pass_description())
