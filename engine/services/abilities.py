"""Abilities and their timing: which of an entity's abilities may be used now (owner, ``when`` words, per-OR
counts, phases), the graph's teleports, hexes blocked by an ability and companies closing on an event.

A game composes one ``AbilityRules`` (``game.ability_rules``); a title with its own timing names a subclass in
its game class's ``ABILITY_RULES`` (1846: the Steamboat's assignment step counts as "OR start").  The timing
words are those of the ability types reference (``owning_corp_or_turn``, ``or_between_turns``, ``sold`` ...);
``%current_step%`` stands for the type name of the step now blocking the operating round.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class _StepClasses:
    """The step classes the timing words name, imported once on first use (the steps import the services)."""

    def __init__(self) -> None:
        from engine.steps.dividend import Dividend
        from engine.steps.route import RouteStep
        from engine.steps.special_track import SpecialTrack
        from engine.steps.token import TokenStep
        from engine.steps.track import Track
        from engine.steps.tracker import Tracker
        from engine.steps.trains import BuyTrain

        #: the operating steps :meth:`AbilityRules.blocking_step` looks for
        self.operating: tuple[type, ...] = (Tracker, TokenStep, RouteStep, Dividend, BuyTrain)
        self.special_track: Any = SpecialTrack
        self.token: Any = TokenStep
        self.track: Any = Track


_STEP_CLASSES: list[_StepClasses] = []


def _step_classes() -> _StepClasses:
    if not _STEP_CLASSES:
        _STEP_CLASSES.append(_StepClasses())
    return _STEP_CLASSES[0]


class _FrozenLookups:
    """Lookups kept while the game's state cannot change (:meth:`AbilityRules.frozen`).  A copy of the game
    (pickled or deep-copied, e.g. a trial copy taken inside the scope) gets a fresh, closed one."""

    def __init__(self) -> None:
        self.depth = 0
        #: hex -> (holder, ability) of the usable ``blocks_hexes`` abilities listing it, in holder order
        self.blockers: dict[Any, list[tuple[Any, Any]]] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (_FrozenLookups, ())


def ability_corporation(ability: Any) -> Any:
    """The corporation an ability works for: its holder, or the holding company's corporate owner."""
    owner = ability.owner
    if owner is None:
        return None
    if getattr(owner, "is_corporation", False):
        return owner
    if getattr(owner, "is_company", False):
        o = owner.owner
        return o if o is not None and getattr(o, "is_corporation", False) else None
    return None


def ability_player(ability: Any) -> Any:
    """The player up the ownership chain of an ability's holder."""
    owner = ability.owner
    while owner is not None and not getattr(owner, "is_player", False):
        owner = getattr(owner, "owner", None)
    return owner


def ability_player_owned(ability: Any) -> bool:
    owner = ability.owner
    return owner is not None and getattr(owner, "is_company", False) and getattr(owner.owner, "is_player", False)


class AbilityRules:
    """When abilities may be used, in one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._lookups = _FrozenLookups()

    def _frozen_lookups(self) -> _FrozenLookups:
        found: _FrozenLookups | None = vars(self).get("_lookups")
        if found is None:
            found = self._lookups = _FrozenLookups()
        return found

    @contextmanager
    def frozen(self) -> Iterator[None]:
        """While the game's state cannot change (the legal moves of one state are worked out), answers that
        depend only on it are kept instead of scanning every entity per question (:meth:`blockers_of`).
        Nothing may be processed on this game inside the scope (a trial copy may: it does not inherit it)."""
        lookups = self._frozen_lookups()
        lookups.depth += 1
        try:
            yield
        finally:
            lookups.depth -= 1
            if not lookups.depth:
                lookups.blockers = None

    def blockers_of(self, hex_: Any) -> list[tuple[Any, Any]] | None:
        """Inside :meth:`frozen`: (holder, ability) of every usable ``blocks_hexes`` ability of an open entity
        whose hexes include ``hex_``, in the order companies, minors, corporations (the index is built once per
        scope).  Outside it: None (the caller scans)."""
        lookups = self._frozen_lookups()
        if not lookups.depth:
            return None
        index = lookups.blockers
        if index is None:
            index = {}
            game = self.game
            for holder in (*game.companies, *game.minors, *game.corporations):
                if holder.closed:
                    continue
                for ability in self.abilities(holder, "blocks_hexes"):
                    for blocked in dict.fromkeys(ability.hex_objects):
                        index.setdefault(blocked, []).append((holder, ability))
            lookups.blockers = index
        return index.get(hex_, [])

    def abilities(
        self,
        entity: Any,
        type: str | None = None,
        *,
        time: Any = None,
        on_phase: str | None = None,
        passive_ok: bool = True,
        strict_time: bool = True,
    ) -> list[Any]:
        """The entity's abilities of ``type`` usable now (timing words as in the ability types reference)."""
        if entity is None:
            return []
        result = []
        for ability in entity.all_abilities():
            if type is not None and ability.type != type:
                continue
            if not self.right_owner(entity, ability):
                continue
            if ability.count_per_or is not None and ability.count_this_or >= ability.count_per_or:
                continue
            if not self.right_time(ability, time, on_phase, passive_ok, strict_time):
                continue
            if not self.usable(ability):
                continue
            result.append(ability)
        return result

    def hex_bonuses(self, corporation: Any) -> list[Any]:
        """The ``hex_bonus`` abilities counting in ``corporation``'s routes (its own and its privates')."""
        if corporation is None or not hasattr(corporation, "all_abilities"):
            return []
        return self.abilities(corporation, "hex_bonus")

    def ability(self, entity: Any, type: str | None = None, **kwargs: Any) -> Any:
        """The first of ``abilities(entity, type, ...)``, or None."""
        found = self.abilities(entity, type, **kwargs)
        return found[0] if found else None

    def right_owner(self, entity: Any, ability: Any) -> bool:
        """``owner_type`` restricts who must own the ability's holder: a player (or nobody) or a corporation."""
        holder = ability.owner
        owner = getattr(holder, "owner", None)
        if ability.owner_type == "player":
            return owner is None or bool(getattr(owner, "is_player", False))
        if ability.owner_type == "corporation":
            return owner is not None and bool(getattr(owner, "is_corporation", False))
        return True

    def blocking_step(self) -> Any:
        """The operating step (track, token, route, dividend, train buying) now blocking the round, if any."""
        supported = _step_classes().operating
        for step in self.game.round.steps:
            if isinstance(step, supported) and not step.passed and step.active() and step.blocks():
                return step
        return None

    def right_time(self, ability: Any, time: Any, on_phase: str | None, passive_ok: bool, strict_time: bool) -> bool:
        game = self.game
        round_ = getattr(game, "round", None)
        if round_ is None:
            return True
        if ability.on_phase and on_phase not in ("any", ability.on_phase):
            return False
        if ability.after_phase and ability.after_phase not in game.phase.previous_names():
            return False
        whens = list(ability.when)
        if time == "any" or "any" in whens:
            return True
        if ability.passive and not passive_ok:
            return False
        if ability.passive and not whens:
            return True
        classes = _step_classes()
        SpecialTrack, TokenStep, Track = classes.special_track, classes.token, classes.track
        current_step = self.blocking_step()
        current_step_name = current_step.type_name() if current_step is not None else None
        if (
            ability.type == "tile_lay"
            and getattr(ability, "must_lay_all", False)
            and isinstance(current_step, SpecialTrack)
        ):
            return bool(current_step.company == ability.owner)
        times_in = [] if time is None else (list(time) if isinstance(time, list | tuple) else [time])
        times = [current_step_name if t == "%current_step%" else str(t) for t in times_in]
        if not times:
            to_check = whens
            default = False
        else:
            to_check = [w for w in whens if w in times]
            default = True
            if to_check and not strict_time:
                return True
        operating = round_.operating
        entity_player = game.entity_player
        for when in to_check:
            if when == current_step_name and when is not None:
                ok = (operating and round_.current_operator is ability_corporation(ability)) or (
                    round_.stock and round_.current_entity() is ability_player(ability)
                )
            elif when == "owning_corp_or_turn":
                ok = (
                    operating
                    and ability_corporation(ability) is not None
                    and (round_.current_operator is ability_corporation(ability))
                )
            elif when == "owning_player_or_turn":
                ok = (
                    operating
                    and ability_player_owned(ability)
                    and entity_player(round_.current_operator) is ability_player(ability)
                )
            elif when == "owning_player_track":
                ok = (
                    operating
                    and ability_player_owned(ability)
                    and entity_player(round_.current_operator) is ability_player(ability)
                    and isinstance(current_step, Track)
                )
            elif when == "owning_player_token":
                ok = (
                    operating
                    and ability_player_owned(ability)
                    and entity_player(round_.current_operator) is ability_player(ability)
                    and isinstance(current_step, TokenStep)
                )
            elif when == "owning_player_sr_turn":
                ok = (
                    round_.stock
                    and ability_player_owned(ability)
                    and (round_.current_entity() is ability_player(ability))
                )
            elif when == "or_between_turns":
                ok = operating and not round_.current_operator_acted
            elif when == "or_start":
                ok = self.time_is_or_start()
            elif when == "stock_round":
                ok = round_.stock
            else:
                ok = default
            if ok:
                return True
        return False

    def time_is_or_start(self) -> bool:
        """Is it the start of an operating round (timing word ``or_start``)?  Title hook."""
        return bool(self.game.round.operating and self.game.round.at_start)

    def usable(self, ability: Any) -> bool:
        """A ``token`` ability is spent once its corporation has a token in each of its hexes (or,
        taking the token from the owner, once the owner has none left)."""
        if ability.type != "token" or not getattr(ability, "hexes", None):
            return True
        owner = ability.owner
        if getattr(owner, "is_corporation", False):
            corporation = owner
        elif getattr(getattr(owner, "owner", None), "is_corporation", False):
            corporation = owner.owner
        else:
            return True
        if not self.token_ability_from_owner_usable(ability, corporation):
            return False
        if getattr(ability, "same_hex_allowed", False):
            return True
        tokened = [t.city.hex.id for t in corporation.tokens if t.used and t.city is not None and t.city.hex]
        return any(hex_id not in tokened for hex_id in ability.hexes)

    def token_ability_from_owner_usable(self, ability: Any, corporation: Any) -> bool:
        """May a ``token`` ability that places one of the owner's tokens be used: only while the owner has a
        token left (a title whose ability moves a token already on the map says always)."""
        return not getattr(ability, "from_owner", False) or corporation.find_token_by_type() is not None

    def graph_teleports(self, corporation: Any) -> list[Any]:
        """The corporation's own abilities that reach cities away from its track (for the graph):
        ``token`` abilities with a teleport price (1846's reserved slots) and ``teleport`` abilities."""
        from engine.map.graph import GraphTeleport

        found: list[Any] = []
        for ability in self.abilities(corporation, "token"):
            if ability.owner is corporation and getattr(ability, "teleport_price", None) is not None:
                found.append(GraphTeleport("token", tuple(ability.hexes)))
        for ability in self.abilities(corporation, "teleport"):
            if ability.owner is corporation:
                found.append(GraphTeleport("teleport", tuple(ability.hexes), bool(ability.used)))
        return found

    def hex_blocked(self, entity: Any, ability: Any, hex_: Any) -> bool:
        """Does the blocking ability keep ``entity`` out of ``hex_``?  A title's override may only narrow this
        (answer False for some of the ability's ``hex_objects``): inside :meth:`frozen` it is asked only for
        those hexes (:meth:`blockers_of`)."""
        return hex_ in ability.hex_objects

    def close_companies_on_event(self, entity: Any, event: str) -> None:
        """Companies whose ``close`` ability names ``entity`` and the ``event`` ("par", "bought_train") close."""
        game = self.game
        for company in game.companies:
            if company.closed:
                continue
            for ability in self.abilities(company, "close", time=event):
                if entity is None or entity.name != ability.corporation:
                    continue
                company.close()
                if not getattr(ability, "silent", False):
                    game.log(f"{company.name} closes")


__all__ = ["AbilityRules", "ability_corporation", "ability_player", "ability_player_owned"]
