"""Killing the program while it autosaves never costs more than the last action.

A child process plays on from what the previous one left (as a recovered game would), autosaving after
every action and printing the number of actions of each autosave that completed.  The test kills it with
SIGKILL at a random moment, many times, and checks that the autosave (or, failing it, its backup) opens and
holds every action that was confirmed, at most one more, in order, and nothing else.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from desktop.files import AutosaveStore, backup_path, read_with_backup
from engine.record import GameRecord
from tests.conftest import FIXTURES, REPO

KILLS = 40
KEY = "game"

CHILD = r"""
import json, sys
from desktop.files import AutosaveStore
from engine.record import GameRecord

folder, source, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = json.loads(open(source, encoding="utf-8").read())
all_actions = data["actions"]
store = AutosaveStore(folder)
print("ready", flush=True)
n = start
while True:
    n = n + 1 if n < len(all_actions) else 1
    data["actions"] = all_actions[:n]
    store.write("game", data)
    print(n, flush=True)
"""


def _source(tmp_path: Path) -> Path:
    """A game to autosave: a real one when ../shared is present, else made-up actions (the file logic is the
    same; only the replay check needs real actions)."""
    real = FIXTURES / "1830" / "26855.json"
    if real.exists():
        return real
    data = GameRecord.new("1830", ["A", "B", "C", "D"], seed=7).to_dict()
    data["actions"] = [{"type": "pass", "entity": 1 + i % 4, "entity_type": "player", "id": i + 1}
                       for i in range(400)]
    path = tmp_path / "source.json"
    path.write_text(json.dumps(data))
    return path


def _run_and_kill(folder: Path, source: Path, start: int, rng: random.Random) -> int:
    """Start a child from ``start`` actions, kill it at a random moment; the last confirmed count."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(source), str(start)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    time.sleep(rng.uniform(0.0, 0.25))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    confirmed = [int(line) for line in child.stdout.read().split() if line.isdigit()]
    child.stdout.close()
    return confirmed[-1] if confirmed else start


@pytest.mark.slow
def test_killed_while_autosaving_loses_at_most_the_last_action(tmp_path: Path) -> None:
    source = _source(tmp_path)
    actions = json.loads(source.read_text())["actions"]
    folder = tmp_path / "autosave"
    store = AutosaveStore(folder)
    rng = random.Random(20_260_125)
    start = 0
    wrapped = False
    for _ in range(KILLS):
        confirmed = _run_and_kill(folder, source, start, rng)
        if confirmed < start:  # the child went round the end of the game and began again
            wrapped = True
        record, from_backup = read_with_backup(store.path_for(KEY))
        n = len(record.actions)
        assert record.actions == actions[:n], "the autosave holds exactly a prefix of the game"
        if not wrapped:
            assert confirmed <= n <= confirmed + 1, (confirmed, n, from_backup)
        # The backup alone (if the autosave itself were lost) is at most one action older.
        backup = backup_path(store.path_for(KEY))
        if backup.exists():
            older = GameRecord.load(backup)
            assert older.actions == actions[:len(older.actions)]
            if not wrapped:
                assert len(older.actions) >= n - 2
        # No temporary file is ever mistaken for an autosave.
        assert store.keys() == [KEY]
        start = n
        wrapped = False
    # Start-up clears what the killed writers left, and only that.
    entries = store.entries()
    assert [e.key for e in entries] == [KEY]
    assert sorted(p.name for p in folder.iterdir()) == ["game.json", "game.json.bak"]


@pytest.mark.slow
def test_a_killed_autosave_of_a_real_game_opens_as_a_session(tmp_path: Path, qtbot) -> None:  # type: ignore[no-untyped-def]
    real = FIXTURES / "1830" / "26855.json"
    if not real.exists():
        pytest.skip("../shared is absent")
    from desktop.session import Session
    from engine import load_game
    from engine.trace import state_of

    folder = tmp_path / "autosave"
    rng = random.Random(5)
    _run_and_kill(folder, real, 120, rng)
    record, _ = read_with_backup(AutosaveStore(folder).path_for(KEY))
    session = Session(record)
    assert session.failure is None
    expected = load_game(GameRecord.from_dict({**json.loads(real.read_text()), "actions": record.actions}))
    assert state_of(session.live) == state_of(expected)


SESSION_CHILD = r"""
import json, sys
from desktop.files import AutosaveStore, read_with_backup
from desktop.session import Session
from engine.core.history import filter_actions
from engine.record import GameRecord

folder, source = sys.argv[1], sys.argv[2]
data = json.loads(open(source, encoding="utf-8").read())
moves = [a for a in filter_actions(data["actions"])[0] if a is not None]
store = AutosaveStore(folder)
try:  # play on from what the killed run left (as a recovered game would)
    record, _ = read_with_backup(store.path_for("game"))
except Exception:
    record = GameRecord.from_dict({**data, "actions": []})
session = Session(record)
session.autosave_store = store
session.autosave_key = "game"
print("ready", len(session.record.actions), flush=True)
for action in moves[len(session.record.actions):]:
    sent = {k: v for k, v in action.items() if k not in ("id", "user", "created_at")}
    if not session.submit(sent):  # the autosave is written inside submit, before it returns
        print("refused", flush=True)
        break
    print(len(session.record.actions), flush=True)
"""


@pytest.mark.slow
def test_killing_the_program_while_it_plays_and_autosaves_loses_at_most_the_last_action(tmp_path: Path) -> None:
    """The real path: Session.submit plays an action and autosaves (record -> file dict -> atomic write); the
    process is killed at random moments, restarted from the autosave each time (as recovery does)."""
    real = FIXTURES / "1830" / "26855.json"
    if not real.exists():
        pytest.skip("../shared is absent")
    from engine.core.history import filter_actions

    moves = [a for a in filter_actions(json.loads(real.read_text())["actions"])[0] if a is not None]
    folder = tmp_path / "autosave"
    store = AutosaveStore(folder)
    rng = random.Random(77)
    env = dict(os.environ, PYTHONPATH=str(REPO), QT_QPA_PLATFORM="offscreen")
    for _ in range(20):
        child = subprocess.Popen([sys.executable, "-c", SESSION_CHILD, str(folder), str(real)],
                                 stdout=subprocess.PIPE, text=True, env=env, cwd=REPO)
        assert child.stdout is not None
        ready = child.stdout.readline().split()
        assert ready[0] == "ready", ready
        time.sleep(rng.uniform(0.05, 0.6))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        lines = child.stdout.read().split()
        child.stdout.close()
        assert "refused" not in lines
        confirmed = max([int(ready[1])] + [int(x) for x in lines if x.isdigit()])
        record, _from_backup = read_with_backup(store.path_for(KEY))
        n = len(record.actions)
        assert confirmed <= n <= confirmed + 1, (confirmed, n)
        # exactly the game's moves, in order (ids and times are the session's own)
        played = [{k: v for k, v in a.items() if k not in ("id", "created_at", "user")} for a in record.actions]
        wanted = [{k: v for k, v in a.items() if k not in ("id", "created_at", "user")} for a in moves[:n]]
        assert played == wanted
    assert n >= 20, "the runs played on from one another"
