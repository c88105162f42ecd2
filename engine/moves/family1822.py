"""Moves of the 1822 family's own steps (``engine/titles/family1822``): the first-turn L train (any copy of the
next L train: the site rewrites the action's train), destination tokens (``hex_token``), minor acquisitions
(``merge`` then two ``choose``) and the Choices round.  A private's ``choose_ability`` (the tax haven's purchase
included) is listed by the general ``engine.moves.choose_ability``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.actions import Action
from engine.core.live import STALLS
from engine.errors import GameError
from engine.moves.base import Move, PassMove, Unusable, one_of
from engine.moves.choose import ChooseMove
from engine.moves.registry import entity_ref, enumerates, enumerator_after, trial_copy
from engine.moves.token import PlaceTokenMove
from engine.moves.track import LayTileMove
from engine.moves.trains import BuyTrainMove
from engine.steps.choices import Choice
from engine.steps.tracker import token_graph_for_entity
from engine.titles.family1822.acquisition import MinorAcquisition
from engine.titles.family1822.choices import SpecialChoose
from engine.titles.family1822.operating import (
    BuyTrain1822,
    Choose1822,
    DestinationToken,
    FirstTurnHousekeeping,
    PendingToken1822,
    SpecialTrack1822,
    Track1822,
)
from engine.titles.family1822.rules import EXTRA_SLOT_KEPT


@dataclass(frozen=True)
class NextTrainMove(BuyTrainMove):
    """Buy the depot's next train of its kind: the action may name any copy of it."""

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        named = str(action.get("train") or "")
        if named.rsplit("-", 1)[0] != self.train.rsplit("-", 1)[0]:
            return f"not a {self.variant} train"
        return super().refusal({**action, "train": self.train})


@dataclass(frozen=True)
class HexTokenMove(Move):
    """Place a token of ``token_type`` on ``hex``."""

    TYPE: ClassVar[str] = "hex_token"
    hex: str = ""
    token_type: str = "destination"

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return one_of(action.get("hex"), [self.hex], "hex")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "hex": self.hex, "token_type": self.token_type}

    def describe(self) -> str:
        return f"place the {self.token_type} token on {self.hex}"


@dataclass(frozen=True)
class NameCorporationMove(Move):
    """A ``merge`` naming one of ``corporations``."""

    TYPE: ClassVar[str] = "merge"
    corporations: tuple[str, ...] = ()

    def refusal(self, action: Mapping[str, Any]) -> str | None:
        return one_of(action.get("corporation"), self.corporations, "minor to acquire")

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {**self.base(), "corporation": rng.choice(self.corporations)}

    def describe(self) -> str:
        return f"acquire one of {', '.join(self.corporations)}"


@enumerates(BuyTrain1822)
def buy_train_1822(step: BuyTrain1822, entity: Any) -> Iterator[Move | Unusable]:
    """The general train purchases, but a second E train (a corporation may own one)."""
    from engine.moves.trains import buy_train_step_moves

    for move in buy_train_step_moves(step, entity):
        if isinstance(move, BuyTrainMove) and not move.exchange and step.second_e_train(entity, move.variant):
            yield Unusable("train", move.train, f"{entity.id} can only own one E-train")
        else:
            yield move


@enumerates(FirstTurnHousekeeping)
def first_turn_housekeeping(step: FirstTurnHousekeeping, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    train = step.game.depot.upcoming[0]
    if train.price <= entity.cash:
        yield NextTrainMove(
            etype, eid, train=str(train.id), variant=train.name, min_price=int(train.price), max_price=int(train.price)
        )
    yield PassMove(etype, eid, label=step.pass_description())


@enumerates(DestinationToken)
def destination_token(step: DestinationToken, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    destination = step.game.destination_of(entity)
    if step.connected(entity):
        stuck = step.no_city_left(entity)
        if stuck is not None:  # the pass is refused too: the game stops, in both engines
            yield Unusable("token", "destination", stuck, hex=str(destination))
            return
        yield HexTokenMove(etype, eid, hex=str(destination))
    else:
        yield PassMove(etype, eid, label=step.pass_description())


def answer_moves(step: Any, entity: Any, kinds: list[str]) -> Iterator[Move] | None:
    """The answer a merging step waits for (its ``choose`` options), or None when it waits for none."""
    if "choose" not in kinds:
        return None
    options = tuple(step.choices(entity))
    etype, eid = entity_ref(entity)
    return iter([ChooseMove(etype, eid, choices=options, name=step.choice_name())] if options else [])


def _london_city_for(step: MinorAcquisition, entity: Any) -> bool:
    """Is there a London city ``entity``'s track reaches and it has no token in (where the token for minor 14
    from the bid box can go: the pending token is placed connected)?"""
    game: Any = step.game
    reached = game.graph.connected_nodes(entity)
    return any(
        reached.get(c) and not any(t is not None and t.corporation is entity for t in c.tokens)
        for c in game.hex_by_id(game.MINOR_14_HOME).tile.cities
    )


def _acquisition_answers(step: MinorAcquisition, entity: Any) -> Iterator[Move | Unusable]:
    """The acquisition's ``choose`` options.  Minor 14 from the bid box "replaced" by a major whose track
    reaches no London city but its own asks for a token no city can take: both engines accept the choice and
    then refuse every ``place_token`` (nothing else is legal: the game stalls), so it is not offered."""
    options = tuple(step.choices(entity))
    minor = step.selected
    if (
        step.state == "choose_token"
        and minor is not None
        and minor.id == step.game.MINOR_14
        and step.from_bank(minor)
        and not _london_city_for(step, entity)
    ):
        options = tuple(o for o in options if o.value != "replace")
        yield Unusable("choice", "replace", f"{entity.id} reaches no London city without its own token")
    etype, eid = entity_ref(entity)
    if options:
        yield ChooseMove(etype, eid, choices=options, name=step.choice_name())


@enumerates(MinorAcquisition)
def minor_acquisition(step: MinorAcquisition, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    if "choose" in kinds:
        yield from _acquisition_answers(step, entity)
        return
    etype, eid = entity_ref(entity)
    minors = []
    for minor in step.potentially_mergeable(entity):
        if not step.connects(entity, minor):
            yield Unusable("corporation", minor.id, f"{minor.id} is not connected to {entity.id}")
        elif not step.pay_choices(entity, minor):
            # listed whatever it costs (1822PNW's regionals, as the reference lists them): only the pass is left
            yield Unusable("corporation", minor.id, f"{entity.id} cannot pay for {minor.id}")
        else:
            minors.append(minor.id)
    if minors:
        yield NameCorporationMove(etype, eid, corporations=tuple(minors))
    yield PassMove(etype, eid, label=step.pass_description())


@enumerates(SpecialChoose)
def special_choose(step: SpecialChoose, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    company = step.company(entity)
    options = tuple(Choice(k, v) for k, v in step.game.company_choices(company, "special_choose").items())
    if options:
        etype, eid = entity_ref(entity)
        yield ChooseMove(etype, eid, choices=options, name=f"Choose for {company.name}")


@enumerates(Choose1822)
def choices_round(step: Choose1822, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    options = tuple(step.choices(entity))
    if options:
        yield ChooseMove(etype, eid, choices=options, name=step.choice_name())
    yield PassMove(etype, eid, label="Pass")


def pending_token_cost(step: PendingToken1822, token: Any, hex_: Any, city: Any) -> int:
    """What placing the pending ``token`` in ``city`` costs, as the step will charge it: its own price, or the
    price of the token ability that applies there (1822: the token a major gets for minor 14, £20 where its track
    reaches London; the reference charges it and refuses a major without the money: MRS playout 14023)."""
    corporation = token.corporation
    if step.token_abilities_apply():
        ability = step.token_ability_at(corporation, hex_, city)
        if ability is not None and not ability.neutral and not getattr(ability.owner, "is_company", False):
            price = step.ability_token_price(corporation, token, hex_, ability)
            if price is not None:
                return int(price)
    return int(token.price or 0)


@enumerates(PendingToken1822)
def pending_token(step: PendingToken1822, entity: Any) -> Iterator[Move | Unusable]:
    """Any city of the pending hexes without a token of the entity (a slot is made if none is free)."""
    if "place_token" not in step.actions(entity):
        return
    token = step.token
    if token is None:
        return
    etype, eid = entity_ref(entity)
    game: Any = step.game
    corporation = token.corporation
    # a major's token for minor 14 goes to a London city its track reaches (a pending home token: any city)
    reached = (
        None
        if entity.id in game.pending_home_tokeners()
        else token_graph_for_entity(game, corporation).connected_nodes(corporation)
    )
    hexes = step.pending_token().get("hexes", [])
    offered = False
    short = ""
    for hex_ in hexes:
        for city in hex_.tile.cities:
            if any(t is not None and t.corporation is entity for t in city.tokens):
                continue
            if reached is not None and not reached.get(city):
                continue
            refusal = step.city_refusal(entity, city)
            if refusal is not None:
                yield Unusable("city", city.id, refusal, hex=hex_.id)
                continue
            slot = city.get_slot(token.corporation)
            cost = pending_token_cost(step, token, hex_, city)
            if cost > corporation.cash:
                money = game.format_currency
                short = f"{corporation.name} has {money(corporation.cash)} and cannot pay {money(cost)} for its token"
                yield Unusable("city", city.id, f"{short} in {hex_.id}", hex=hex_.id)
                continue
            yield PlaceTokenMove(
                etype,
                eid,
                city=city.id,
                hex=hex_.id,
                slot=int(slot) if slot is not None else len(city.tokens),
                cost=cost,
                token_type=token.type,
                tokener=str(token.corporation.id),
            )
            offered = True
    if not offered and short:
        # 1822MRS playout 14023: SWR took minor 14's token (£20 where its track reaches London) with £17; the
        # reference refuses the token and has no other move: the game stops in both
        yield Unusable("token", str(corporation.id), f"{short}: {STALLS} (the 18xx.games engine stops there too)")
    elif not offered:
        # 1822MX playout seed 10006: P9's extra lay put X20 (six cities) on San Luis Potosi (K20), which took
        # minor 10's token off the map for the operating minor 12 to place again; minor 10's track (now none)
        # reaches no city, and the reference refuses every city ("not connected"): the game stops in both
        where = ", ".join(h.id for h in hexes)
        yield Unusable(
            "token",
            str(token.corporation.id),
            f"{token.corporation.name}'s token can go into no city of {where} its track reaches: {STALLS} "
            "(the 18xx.games engine stops there too)",
        )


# --- lays that return a token ----------------------------------------------------------------------------------
def _a_corporation_twice(hex_: Any) -> bool:
    """Has a corporation two tokens in the cities of ``hex_`` (a lay joining their cities returns one, then the
    city's extra slot, if it has one, is given back: :meth:`Game1822Family.remove_cheater_slot`)?"""
    seen: set[int] = set()
    for city in hex_.tile.cities:
        for token in city.tokens:
            if token is None:
                continue
            if id(token.corporation) in seen:
                return True
            seen.add(id(token.corporation))
    return False


def _slot_may_be_kept(hex_: Any, tile: Any, rotation: int) -> bool:
    """Could laying ``tile`` at ``rotation`` on ``hex_`` leave a city an extra slot to give back?  Only where the
    lay joins cities holding one corporation's two tokens (one then goes back, :meth:`Game1822Family.
    remove_extra_tokens`) into a city whose tokens and reservations outnumber its printed slots (the tokens moved
    in then take a slot past them; else the joined city has no extra slot and ``remove_cheater_slot`` gives back
    nothing)."""
    saved = tile.rotation
    try:
        tile.rotate(rotation)
        city_map = hex_.city_map_for(tile)
    finally:
        tile.rotate(saved)
    joined: dict[int, tuple[Any, list[Any], list[Any]]] = {}  # new city -> (it, tokens moved in, reservations)
    for old_city, new_city in city_map.items():
        if new_city is None:
            continue
        entry = joined.setdefault(id(new_city), (new_city, [], []))
        entry[1].extend(t for t in old_city.tokens if t is not None)
        entry[2].extend(r for r in old_city.reservations if r is not None)
    for new_city, tokens, reservations in joined.values():
        owners = [id(t.corporation) for t in tokens]
        if len(set(owners)) == len(owners):
            continue  # (no corporation twice in it: no token goes back)
        held = sum(1 for r in new_city.reservations if r is not None)
        if len(tokens) + len(reservations) + held > new_city.normal_slots:
            return True
    return False


def _extra_slot_kept(step: Any, move: LayTileMove, rotation: int) -> str | None:
    """The refusal of ``move`` at ``rotation`` when, tried on a copy, it leaves a city an extra slot the
    reference cannot give back (it fails there), else None."""
    game = step.game
    action = {**move.base(), "hex": move.hex, "tile": move.tile_ids[0], "rotation": rotation}
    if move.combo:
        action["combo_entities"] = list(move.combo)
    trial: Any = trial_copy(game)
    try:
        trial.process_single_action(Action.from_dict(action, action_types=getattr(game, "ACTION_TYPES", None)))
    except GameError as exc:
        if EXTRA_SLOT_KEPT in str(exc):
            return str(exc)
    return None


def foresee_returned_tokens(step: Any, moves: Iterable[Move | Unusable]) -> Iterator[Move | Unusable]:
    """The lays of ``moves`` without the rotations after which the joined city keeps a slot too many (1822CA
    playout seed 14009 @666: GTP's T4 on AC21 joined GT's two cities, GT's second token went back and left the
    city's last slot empty: the reference fails there, and our engine refuses the lay so); a lay with no rotation
    left is shown unusable with the reason.  Only a lay on a hex where a corporation has two tokens is tried (on a
    copy of the game): elsewhere no token goes back."""
    game: Any = step.game
    for move in moves:
        if not isinstance(move, LayTileMove) or not _a_corporation_twice(game.hex_by_id(move.hex)):
            yield move
            continue
        kept: list[tuple[int, int]] = []
        refusal = None
        hex_, tile = game.hex_by_id(move.hex), game.tile_by_id(move.tile_ids[0])
        for rotation, cost in zip(move.rotations, move.costs, strict=True):
            why = _extra_slot_kept(step, move, rotation) if _slot_may_be_kept(hex_, tile, rotation) else None
            if why is None:
                kept.append((rotation, cost))
            else:
                refusal = why
        if refusal is None:
            yield move
        elif not kept:
            yield Unusable("tile", move.tile, refusal, hex=move.hex)
        else:
            yield replace(move, rotations=tuple(r for r, _ in kept), costs=tuple(c for _, c in kept))


@enumerates(Track1822)
def track_1822(step: Track1822, entity: Any) -> Iterator[Move | Unusable]:
    """The general lays (and the privates' track-time choices), foreseeing the tokens a lay returns."""
    base = enumerator_after(step, Track1822)
    if base is not None:
        yield from foresee_returned_tokens(step, base(step, entity))


@enumerates(SpecialTrack1822)
def special_track_1822(step: SpecialTrack1822, entity: Any) -> Iterator[Move | Unusable]:
    """The general private lays, foreseeing the tokens a lay returns."""
    base = enumerator_after(step, SpecialTrack1822)
    if base is not None:
        yield from foresee_returned_tokens(step, base(step, entity))
