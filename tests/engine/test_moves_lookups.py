"""Lookups the legal-move enumeration keeps while a state cannot change: the hexes blocked by abilities (indexed
once per state instead of scanning every entity per hex) and the title families' enumerators (imported once a
game of the family is built, not all on the first call)."""

from __future__ import annotations

import importlib
import pickle
from typing import Any

from engine.moves import legal_moves, registry
from engine.steps.tracker import Tracker
from tests.conftest import fixture_files, replay_prefix


def _replayed(title: str, stop: int) -> Any:
    return replay_prefix(fixture_files(title)[0], stop)


def _blocking_everywhere(game: Any) -> list[tuple[str, str, str | None]]:
    """ability_blocking_hex for every entity and hex, answered by the general Tracker code."""
    step = next(s for s in game.round.steps if isinstance(s, Tracker)) if any(
        isinstance(s, Tracker) for s in game.round.steps) else None
    if step is None:
        step = Tracker.__new__(Tracker)
        step.game = game
    found = []
    for entity in (*game.corporations, *game.minors, *game.companies):
        for hex_ in game.hexes:
            ability = Tracker.ability_blocking_hex(step, entity, hex_)
            found.append((entity.id, hex_.id, None if ability is None else f"{ability.owner.id}"))
    return found


def test_blocked_hexes_indexed_while_frozen_answer_as_the_scan() -> None:
    # (18Rhl's own hex_blocked narrows the ability: private No. 1 never blocks its owner's corporations)
    for title, stop, blocks in (("1830", 40, True), ("1822", 200, False), ("18Rhl", 20, True)):
        game = _replayed(title, stop)
        scanned = _blocking_everywhere(game)
        assert any(blocker is not None for _, _, blocker in scanned) == blocks, title
        with game.ability_rules.frozen():
            assert game.ability_rules.blockers_of(game.hexes[0]) is not None
            assert _blocking_everywhere(game) == scanned, title
        assert game.ability_rules.blockers_of(game.hexes[0]) is None  # outside the scope: scanned again


def test_a_copy_taken_while_frozen_is_not_frozen() -> None:
    game = _replayed("1830", 40)
    with game.ability_rules.frozen():
        game.ability_rules.blockers_of(game.hexes[0])
        copied = pickle.loads(pickle.dumps(game))
    assert copied.ability_rules.blockers_of(copied.hexes[0]) is None
    with copied.ability_rules.frozen():
        assert copied.ability_rules.blockers_of(copied.hexes[0]) is not None


def test_the_index_is_rebuilt_for_each_state() -> None:
    # a private closes between two states: the second state's lays are not blocked by it any more
    game = _replayed("1830", 40)
    blocked = [(c, h) for c in game.companies if not c.closed
               for a in game.ability_rules.abilities(c, "blocks_hexes") for h in a.hex_objects]
    assert blocked
    company, hex_ = blocked[0]
    with game.ability_rules.frozen():
        assert any(holder is company for holder, _ in game.ability_rules.blockers_of(hex_) or [])
    company.close()
    with game.ability_rules.frozen():
        assert not any(holder is company for holder, _ in game.ability_rules.blockers_of(hex_) or [])
    legal_moves(game)  # and the enumeration's own scope opens and closes cleanly
    assert game.ability_rules.blockers_of(hex_) is None


def test_title_families_are_bound_to_the_packages_of_the_steps_they_enumerate() -> None:
    registry._load_families()
    for name, packages in registry.BOUND_FAMILIES:
        before = set(registry._ENUMERATORS)
        module = importlib.import_module(name)
        # (registered by the module itself when it was first imported: its functions name the classes)
        own = {cls for cls, fn in registry._ENUMERATORS.items() if getattr(fn, "__module__", None) == module.__name__}
        assert own or not (set(registry._ENUMERATORS) - before), name
        for cls in own:
            assert any(cls.__module__ == p or cls.__module__.startswith(p + ".") for p in packages), (name, cls)


def test_a_title_family_loads_once_its_package_is_imported() -> None:
    registry._load_families()
    for _name, packages in registry.BOUND_FAMILIES:
        for package in packages:
            importlib.import_module(package)
    registry._load_families()
    assert not registry._pending
