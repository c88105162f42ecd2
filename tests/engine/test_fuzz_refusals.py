"""Issue 23: a fuzz of live play.  Mutated actions, auto actions included, are submitted at random points of real
games (every registered title: its first real game, or a seeded playout for a title with none) through every
entry point (``apply``, ``process_action``, ``validate``, an undo), on games loaded with ``upto`` from records
that may undo earlier actions later.  Asserted:

* only ``GameError`` is raised;
* a refusal changes nothing (the whole-state digest of ``engine.core.digest``);
* nothing is accepted that is not a legal move (the legal-move layer's ``check_action`` on the state before
  it, and on the state before each of its auto actions), and nothing the legal-move layer calls legal is refused.

Small by default (a few cases per title); ``-m slow`` runs many more (``TRACKLAYER_FUZZ`` sets how many).
"""

from __future__ import annotations

import copy
import os
import random
from functools import cache
from typing import Any

import pytest

from engine import GameError, load_game
from engine.core.digest import state_digest
from engine.core.game import STALLS
from engine.moves.playout import choose, play_one
from engine.moves.registry import check_action, legal_moves
from engine.record import GameRecord
from engine.titles.registry import fixture_folder, supported_titles
from tests.conftest import fixture_files


@cache
def source(title: str) -> dict[str, Any]:
    """A real game of ``title`` (its first fixture), or a seeded playout of it."""
    import json

    files = fixture_files(fixture_folder(title))
    if files:
        data: dict[str, Any] = json.loads(files[0].read_text())
        return data
    outcome = play_one(title, 23, max_actions=250, keep_record=True)
    assert outcome.record is not None
    return outcome.record


def bend(action: dict[str, Any], game: Any, rng: random.Random) -> dict[str, Any]:
    """``action`` with one field bent (another id of the right kind, an odd number, a null, a wrong type)."""
    bent = copy.deepcopy(action)
    bent.pop("id", None)
    bent.pop("auto_actions", None)
    keys = [k for k in bent if k not in ("type", "created_at")]
    if not keys or rng.random() < 0.15:
        players = [p.id for p in game.players]
        bent["entity"], bent["entity_type"] = rng.choice(players), "player"
        return bent
    key = rng.choice(keys)
    value = bent[key]
    pools: list[Any] = [p.id for p in game.players]
    for name in ("corporations", "companies", "hexes", "minors"):
        pools += [getattr(e, "id", None) for e in getattr(game, name, [])[:30]]
    choices: list[Any] = [None, [None], -1, 0, 3, 11, 10**6, "x", True, [], {}, rng.choice(pools)]
    if isinstance(value, int) and not isinstance(value, bool):
        choices += [value + 1, value - 1, value * 2, -value]
    if isinstance(value, list) and value:
        choices += [value[:-1], value + value[:1], list(reversed(value)), [rng.choice(pools)]]
    bent[key] = rng.choice(choices)
    return bent


def candidates(game: Any, record: dict[str, Any], position: int, rng: random.Random) -> list[dict[str, Any]]:
    """The file's next actions and a few legal moves now: what the bent actions start from."""
    found = [dict(a) for a in record["actions"][position:position + 3]
             if a.get("type") not in ("undo", "redo", "message")]
    moves = legal_moves(game)
    if moves.moves:
        found += [choose(rng, moves.moves, 0).sample(rng) for _ in range(2)]
    return found


def legal_at(before: Any, action: dict[str, Any]) -> str | None:
    """None when ``action`` (and each of its auto actions where it is played) is a legal move; else why not."""
    game = before.copy()
    autos = action.get("auto_actions") or []
    main = {k: v for k, v in action.items() if k != "auto_actions"}
    for step in (main, *autos):
        try:
            check_action(game, step)
        except GameError as exc:
            return f"{step}: {exc}"
        game.loading = True  # apply it unchecked: the check above is the question asked
        try:
            game.process_action(step)
        except GameError:
            return None  # the checks so far said legal (the caller compares with the engine's answer)
        game.loading = False
    return None


def one_case(title: str, rng: random.Random) -> None:
    record = copy.deepcopy(source(title))
    actions = record["actions"]
    if len(actions) < 4:
        return
    position = rng.randrange(1, len(actions) - 1)
    if rng.random() < 0.3:  # a later undo back before the position: load_game(upto) must still be consistent
        target = actions[rng.randrange(0, position)].get("id")
        if isinstance(target, int):
            undo = {"type": "undo", "entity": actions[position].get("entity"),
                    "entity_type": actions[position].get("entity_type", "player"), "action_id": target}
            actions.insert(min(len(actions), position + rng.randint(1, 3)), undo)
            for number, action in enumerate(actions, 1):
                action["id"] = number
    try:
        game = load_game(GameRecord.from_dict(record), upto=position)
    except GameError:
        return
    if game.finished:
        return
    # Reading a holder's certificates of a corporation creates its (empty) entry, as the reference's default-proc
    # hashes do (the key order matters): the legal-move queries below leave such entries, and a refusal that
    # rebuilds the game from its recorded actions goes back to the state as loaded, without them.
    loaded_digest = state_digest(game)
    pool = candidates(game, record, position, rng)
    if not pool:
        return
    action = bend(rng.choice(pool), game, rng) if rng.random() < 0.8 else dict(rng.choice(pool))
    action.pop("id", None)
    if rng.random() < 0.35:  # auto actions: bent or not, of the next actions or legal moves
        action["auto_actions"] = [bend(a, game, rng) if rng.random() < 0.6 else dict(a)
                                  for a in rng.sample(pool, min(len(pool), rng.randint(1, 2)))]
        for auto in action["auto_actions"]:
            auto.pop("id", None)
    entry = rng.choice(["apply", "process_action", "validate", "undo"])
    if entry == "undo":
        action = {"type": "undo", "entity": action.get("entity"), "entity_type": action.get("entity_type"),
                  "action_id": rng.choice([None, 0, rng.randint(-2, len(actions) + 2)])}
        action = {k: v for k, v in action.items() if v is not None}
        entry = "apply"
    before_digest = state_digest(game)
    before = game.copy()
    try:
        getattr(game, entry)(action)
    except GameError as exc:
        assert state_digest(game) in (before_digest, loaded_digest), \
            f"{title} at {position}: refused {entry} {action} changed state"
        if action.get("type") not in ("undo", "redo") and not action.get("auto_actions"):
            said_legal = legal_at(before, action) is None
            assert not said_legal or STALLS in str(exc), \
                f"{title} at {position}: the legal-move check takes {action}, {entry} refuses it: {exc}"
        return
    if entry == "validate":
        assert state_digest(game) == before_digest, f"{title} at {position}: validate changed the state"
        return
    if action.get("type") not in ("undo", "redo"):
        why = legal_at(before, action)
        assert why is None, f"{title} at {position}: {entry} accepted {action}, not a legal move: {why}"


@pytest.mark.parametrize("title", supported_titles())
def test_fuzzed_live_actions_are_refused_cleanly_or_legal(title: str) -> None:
    rng = random.Random(f"fuzz-{title}")
    for _ in range(6):
        one_case(title, rng)


@pytest.mark.slow
@pytest.mark.parametrize("title", supported_titles())
def test_fuzzed_live_actions_long(title: str) -> None:
    rng = random.Random(f"fuzz-long-{title}-{os.environ.get('TRACKLAYER_FUZZ_SEED', '0')}")
    for _ in range(int(os.environ.get("TRACKLAYER_FUZZ", "300"))):
        one_case(title, rng)
