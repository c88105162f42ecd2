"""Bad input gets a clear message naming what and where; a refused action changes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import GameError, InvalidAction, load_game, new_game
from engine.record import GameRecord
from engine.trace import state_of
from tests.conftest import REPO, fixture_files

FIXTURE = next(iter(fixture_files("1830")), None)
needs_fixture = pytest.mark.skipif(FIXTURE is None, reason="../shared/fixtures/1830 is absent")


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300)


def record_with(tmp_path: Path, mutate) -> Path:  # type: ignore[no-untyped-def]
    assert FIXTURE is not None
    data = json.loads(FIXTURE.read_text())
    mutate(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return path


def test_unsupported_title_is_named() -> None:
    record = GameRecord.from_dict({"title": "1849", "players": [{"id": 1, "name": "a"}], "actions": []})
    with pytest.raises(InvalidAction, match="'1849' is not supported"):
        load_game(record)


def test_a_misspelt_title_is_answered_with_the_nearest_names_and_a_short_message() -> None:
    from engine.titles.registry import load_title

    with pytest.raises(InvalidAction) as caught:
        load_title("18ZOO Map A")
    message = str(caught.value)
    assert "did you mean '18ZOO - Map A'" in message
    assert len(message) < 200  # never the whole list of titles



def test_cli_truncated_json(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"title": "1830", "actions": [{"type": ')
    result = run_cli("replay", str(path))
    assert result.returncode == 1
    assert "cut.json" in result.stderr and "not a valid JSON file" in result.stderr
    assert "Traceback" not in result.stderr


@needs_fixture
@pytest.mark.parametrize(("mutate", "words"), [
    (lambda d: d["actions"][0].update(type="teleport"), "unknown action type 'teleport'"),
    (lambda d: d["actions"][0].update(company="XX"), "unknown private company 'XX'"),
    (lambda d: d["actions"][0].update(entity=999999), "unknown player 999999"),
])
def test_cli_names_the_action_position_type_and_reason(tmp_path: Path, mutate, words: str) -> None:  # type: ignore[no-untyped-def]
    result = run_cli("replay", str(record_with(tmp_path, mutate)))
    assert result.returncode == 1, result.stdout + result.stderr
    line = result.stderr.strip()
    assert "Action 0" in line and words in line, line
    assert "Traceback" not in result.stderr


def test_action_by_player_out_of_turn_is_refused_and_changes_nothing() -> None:
    game = new_game("1830", ["A", "B", "C", "D"])
    before = state_of(game)
    log_size = len(game.log_lines)
    # Player 2 bids while it is player 1's turn.
    action = {"type": "bid", "entity": 2, "entity_type": "player", "company": "CS", "price": 45}
    with pytest.raises(GameError):
        game.apply(action)
    assert state_of(game) == before
    assert len(game.log_lines) == log_size


def test_unknown_tile_and_hex_are_refused() -> None:
    game = new_game("1830", ["A", "B", "C", "D"])
    with pytest.raises(InvalidAction, match="unknown"):
        game.apply({"type": "lay_tile", "entity": "PRR", "entity_type": "corporation", "hex": "Z99",
                    "tile": "57-0", "rotation": 0})


def test_engine_replays_without_pyside6(tmp_path: Path) -> None:
    """The engine must work where Qt cannot even be imported."""
    if FIXTURE is None:
        pytest.skip("../shared/fixtures/1830 is absent")
    blocker = tmp_path / "sitecustomize.py"
    blocker.write_text(
        "import sys\n"
        "class _Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6', 'desktop'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Block())\n")
    env = {"PYTHONPATH": f"{tmp_path}:{REPO}", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", "import PySide6"], env=env, capture_output=True, text=True)
    assert result.returncode != 0, "the PySide6 blocker does not work"
    result = subprocess.run([sys.executable, "-m", "engine", "replay", str(FIXTURE), "--json"], cwd=REPO,
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["finished"] is True
