"""A corpus of damaged game files, generated here (nothing binary is committed), through every reader.

``build_corpus`` writes truncated, bit-flipped and field-mutated copies of real games (../shared/fixtures)
and synthetic hostile files (deep nesting, huge numbers, oversized files ...).  Every file must give either a
game or a ``GameError`` whose message names the file once; the command lines must print one line, never a
traceback.  The desktop's open path runs the same corpus in tests/desktop/test_open_errors.py.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import GameError, load_game
from engine.core.history import filter_actions
from engine.errors import BadFile, InvalidAction
from tests.conftest import REPO, fixture_files

TITLES = ("1830", "1889", "18Chesapeake", "1846")
SOURCES = [p for title in TITLES for p in fixture_files(title)[:1]]


def _first(actions: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """The first action of ``kind`` that takes effect (undone actions are never read field by field)."""
    kept, _ = filter_actions(actions)
    return next(a for a in kept if a is not None and a.get("type") == kind)  # type: ignore[return-value]


# Field-level damage to a real game: (name, change).  Each change edits the parsed document in place.
MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None]]] = [
    ("id_list", lambda d: d["actions"][3].update(id=[1, 2])),
    ("id_dict", lambda d: d["actions"][3].update(id={"a": 1})),
    ("id_huge", lambda d: d["actions"][3].update(id=10**40)),
    ("undo_id_list", lambda d: d["actions"].insert(6, {"type": "undo", "entity": d["actions"][5]["entity"],
                                                       "entity_type": "player", "action_id": [3]})),
    ("undo_id_text", lambda d: d["actions"].insert(6, {"type": "undo", "entity": d["actions"][5]["entity"],
                                                       "entity_type": "player", "action_id": "3"})),
    ("undo_unknown", lambda d: d["actions"].insert(6, {"type": "undo", "entity": d["actions"][5]["entity"],
                                                       "entity_type": "player", "action_id": 987654})),
    ("redo_alone", lambda d: d["actions"].insert(2, {"type": "redo", "entity": d["actions"][1]["entity"],
                                                     "entity_type": "player"})),
    ("route_connections_none", lambda d: _first(d["actions"], "run_routes")["routes"][0].update(connections=[None])),
    ("route_train_list", lambda d: _first(d["actions"], "run_routes")["routes"][0].update(train=[])),
    ("route_revenue_text", lambda d: _first(d["actions"], "run_routes")["routes"][0].update(revenue="x")),
    ("route_not_object", lambda d: _first(d["actions"], "run_routes").update(routes=[None])),
    ("shares_nested", lambda d: _first(d["actions"], "buy_shares").update(shares=[[]])),
    ("shares_empty", lambda d: _first(d["actions"], "buy_shares").update(shares=[])),
    ("percent_mismatch", lambda d: _first(d["actions"], "buy_shares").update(percent=60)),
    ("percent_zero", lambda d: _first(d["actions"], "buy_shares").update(percent=0)),
    ("unknown_type", lambda d: d["actions"][4].update(type="teleport")),
    ("type_missing", lambda d: d["actions"][4].pop("type")),
    ("type_list", lambda d: d["actions"][4].update(type=["pass"])),
    ("entity_missing", lambda d: d["actions"][4].pop("entity")),
    ("entity_dict", lambda d: d["actions"][4].update(entity={"id": 1})),
    ("entity_type_bad", lambda d: d["actions"][4].update(entity_type="bank")),
    ("price_missing", lambda d: _first(d["actions"], "buy_train").pop("price")),
    ("price_negative", lambda d: _first(d["actions"], "buy_train").update(price=-100)),
    ("price_text", lambda d: _first(d["actions"], "buy_train").update(price="100")),
    ("price_float", lambda d: _first(d["actions"], "buy_train").update(price=1.5)),
    ("rotation_big", lambda d: _first(d["actions"], "lay_tile").update(rotation=17)),
    ("hex_missing", lambda d: _first(d["actions"], "lay_tile").pop("hex")),
    ("auto_actions_bad", lambda d: d["actions"][4].update(auto_actions=[{"type": "pass"}])),
    ("auto_actions_text", lambda d: d["actions"][4].update(auto_actions="x")),
    ("extra_deep", lambda d: d["actions"][4].update(extra=json.loads("[" * 20 + "]" * 20))),
    ("action_not_object", lambda d: d["actions"].insert(3, "pass")),
    ("actions_object", lambda d: d.update(actions={"0": {}})),
    ("no_title", lambda d: d.pop("title")),
    ("title_soh", lambda d: d.update(title="Steam Over Holland")),
    ("title_path", lambda d: d.update(title="../../x")),
    ("title_number", lambda d: d.update(title=1830)),
    ("one_player", lambda d: d.update(players=d["players"][:1])),
    ("many_players", lambda d: d.update(players=[{"id": i, "name": f"P{i}"} for i in range(1, 40)])),
    ("players_duplicate", lambda d: d.update(players=[d["players"][0]] * len(d["players"]))),
    ("player_id_list", lambda d: d["players"][0].update(id=[1])),
    ("settings_list", lambda d: d.update(settings=[])),
    ("seed_list", lambda d: d.setdefault("settings", {}).update(seed=[1])),
    ("seed_long_digits", lambda d: d.setdefault("settings", {}).update(seed="9" * 5000)),
    ("optional_rules_bad", lambda d: d.setdefault("settings", {}).update(optional_rules=[{"a": 1}])),
    ("entity_swap", lambda d: d["actions"][10].update(entity=d["players"][-1]["id"], entity_type="player")),
]

SYNTHETIC: dict[str, str | bytes] = {
    "empty": "",
    "whitespace": "   \n",
    "top_list": "[]",
    "top_number": "1830",
    "null": "null",
    "not_utf8": b"\xff\xfe{\x00\"\x00",
    "binary": bytes(range(256)) * 4,
    "bom": "\ufeff" + json.dumps({"title": "1830", "players": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}],
                                   "actions": []}),
    "deep_arrays": '{"title": "1830", "players": [{"id": 1}], "actions": [' + "[" * 100_000 + "]" * 100_000 + "]}",
    "deep_objects": '{"title": "1830", "players": [{"id": 1}], "x": ' + '{"a":' * 100_000 + "1" + "}" * 100_000 + "}",
    "deep_unclosed": "[" * 200_000,
    "huge_number": '{"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": [{"type": "pass", '
                   '"entity": 1, "id": ' + "9" * 5000 + "}]}",
    "huge_float": '{"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": [{"type": "bid", '
                  '"entity": 1, "company": "SV", "price": 1e999}]}',
    "nan": '{"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": [{"type": "bid", '
           '"entity": 1, "company": "SV", "price": NaN}]}',
    "no_players": '{"title": "1830", "actions": []}',
    "players_text": '{"title": "1830", "players": "ab", "actions": []}',
}


def build_corpus(folder: Path, variants: int = 1) -> list[Path]:
    """Write the damaged files into ``folder`` and return their paths (deterministic)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []

    def write(name: str, content: str | bytes) -> None:
        path = folder / f"{name}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths.append(path)

    for name, content in SYNTHETIC.items():
        write(name, content)
    big = folder / "too_big.json"
    with big.open("wb") as handle:  # sparse: takes no room on disk
        handle.truncate(65_000_000)
    paths.append(big)
    folder_path = folder / "a_folder.json"
    folder_path.mkdir(exist_ok=True)
    paths.append(folder_path)
    paths.append(folder / "missing.json")

    rng = random.Random(15)
    for source in SOURCES:
        text = source.read_text(encoding="utf-8")
        base = json.loads(text)
        stem = f"{base['title']}_{source.stem}"
        for name, change in MUTATIONS:
            data = copy.deepcopy(base)
            try:
                change(data)
            except (StopIteration, IndexError, KeyError):
                continue  # this game has no such action
            write(f"{stem}_{name}", json.dumps(data))
        for n in range(variants):
            cut = rng.randrange(1, len(text))
            write(f"{stem}_truncated_{n}", text[:cut])
            raw = bytearray(text.encode("utf-8"))
            for _ in range(3):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            write(f"{stem}_flipped_{n}", bytes(raw))
            # a real action cut short: some fields dropped
            data = copy.deepcopy(base)
            action = data["actions"][rng.randrange(len(data["actions"]))]
            for key in rng.sample(sorted(action), k=min(2, len(action))):
                action.pop(key)
            write(f"{stem}_dropped_{n}", json.dumps(data))
    return paths


# Heavier variants run with TRACKLAYER_SLOW=1 (they start a fresh interpreter per file).
slow = pytest.mark.skipif(not os.environ.get("TRACKLAYER_SLOW"), reason="slow: set TRACKLAYER_SLOW=1")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return build_corpus(tmp_path_factory.mktemp("corpus"))


def quick_part(corpus: list[Path]) -> list[Path]:
    """The synthetic files and the damage done to the first real game (the commands' default share)."""
    first = f"_{SOURCES[0].stem}_" if SOURCES else None
    return [p for p in corpus if first is None or not p.stem[:1].isdigit() or first in p.stem]


def _loads_or_refuses(path: Path) -> GameError | None:
    try:
        load_game(path)
    except GameError as exc:
        return exc
    return None


def test_the_corpus_covers_real_games_and_hostile_files(corpus: list[Path]) -> None:
    names = {p.stem for p in corpus}
    assert {"deep_arrays", "huge_number", "too_big", "not_utf8"} <= names
    if SOURCES:
        assert any(n.endswith("_route_connections_none") for n in names)
        assert len(corpus) > 100


def test_load_game_gives_a_game_or_a_game_error_naming_the_file(corpus: list[Path]) -> None:
    accepted = []
    for path in corpus:
        error = _loads_or_refuses(path)  # anything but GameError fails the test right here
        if error is None:
            accepted.append(path.stem)
            continue
        text = str(error)
        assert text.count(path.name) == 1, text
        assert "Traceback" not in text and len(text) < 600, text
    # Only harmless damage may load: a byte-order mark, an empty settings list, a flip inside a name, a
    # dropped field the game does not need, another player taking a turn that is open to anyone.
    harmless = ("bom", "_settings_list", "_flipped_", "_dropped_", "_entity_swap")
    assert [n for n in accepted if not any(h in n or n == h for h in harmless)] == []


@pytest.mark.parametrize(("name", "words"), [
    ("deep_arrays", "nested too deeply"),
    ("deep_objects", "nested too deeply"),
    ("huge_number", "too many digits"),
    ("nan", "NaN"),
    ("too_big", "too large"),
    ("not_utf8", "UTF-8"),
    ("a_folder", "folder"),
    ("missing", "cannot read"),
    ("top_list", "JSON object"),
])
def test_hostile_files_are_named_bad_files(corpus: list[Path], name: str, words: str) -> None:
    path = next(p for p in corpus if p.stem == name)
    with pytest.raises(BadFile, match=words):
        load_game(path)


@pytest.mark.skipif(not SOURCES, reason="../shared/fixtures is absent")
@pytest.mark.parametrize(("name", "field"), [
    ("id_list", "id"),
    ("id_dict", "id"),
    ("undo_id_list", "action_id"),
    ("route_connections_none", "routes[0].connections"),
    ("route_train_list", "routes[0].train"),
    ("route_revenue_text", "routes[0].revenue"),
    ("shares_nested", "shares"),
    ("price_negative", "price"),
    ("price_missing", "price"),
    ("rotation_big", "rotation"),
    ("unknown_type", "type"),
])
def test_action_errors_name_position_id_and_field(corpus: list[Path], name: str, field: str) -> None:
    stem = SOURCES[0].stem
    path = next(p for p in corpus if p.stem.endswith(f"_{stem}_{name}"))
    data = json.loads(path.read_text())
    with pytest.raises(InvalidAction) as caught:
        load_game(path)
    error = caught.value
    assert error.field == field
    assert error.position is not None
    action = data["actions"][error.position]
    text = str(error)
    assert text.startswith(f"{path}: Action {error.position} ")
    if isinstance(action.get("id"), int):
        assert f"id {action['id']}" in text
    assert f"field '{field}'" in text


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, env=env)


def test_replay_command_prints_one_line_per_corpus_file(corpus: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    for path in quick_part(corpus):
        code = main(["replay", str(path)])
        _, err = capsys.readouterr()
        assert code in (0, 1), (path.name, err)
        if code == 1:
            assert err.count("\n") == 1 and err.count(str(path)) == 1, err
            assert "engine bug" not in err and "Traceback" not in err


def test_replay_command_reports_the_real_position(tmp_path: Path) -> None:
    if not SOURCES:
        pytest.skip("../shared/fixtures is absent")
    data = json.loads(SOURCES[0].read_text())
    data["actions"][79]["type"] = "teleport"
    path = tmp_path / "late.json"
    path.write_text(json.dumps(data))
    result = _run("engine", "replay", str(path))
    assert result.returncode == 1
    assert "Action 79" in result.stderr and "setup" not in result.stderr
    assert result.stderr.count(str(path)) == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize("name", ["deep_arrays", "huge_number", "title_soh", "one_player", "undo_id_list"])
def test_commands_in_a_fresh_process_print_no_traceback(corpus: list[Path], name: str, tmp_path: Path) -> None:
    path = next((p for p in corpus if p.stem == name or p.stem.endswith(f"_{name}")), None)
    if path is None:
        pytest.skip(f"{name} needs ../shared/fixtures")
    for module, args in (("engine", ["replay", str(path)]),
                         ("desktop", ["render", str(path), "--out", str(tmp_path / "x.png"), "--width", "300"])):
        result = _run(module, *args)
        assert result.returncode in (0, 1), result.stderr
        assert "Traceback" not in result.stderr and result.stderr.strip(), result.stderr
        assert len(result.stderr.strip().splitlines()) <= 2, result.stderr


def test_render_command_on_the_corpus(corpus: list[Path], tmp_path: Path, qapp,  # type: ignore[no-untyped-def]
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from desktop.app import render_command

    out = tmp_path / "picture.png"
    for path in quick_part(corpus):
        code = render_command([str(path), "--out", str(out), "--width", "200"])
        _, err = capsys.readouterr()
        assert code in (0, 1), (path.name, err)
        assert "Traceback" not in err and "bug" not in err
        if code == 1:
            assert err.count(str(path)) == 1, err


@pytest.mark.slow
@slow
def test_commands_in_fresh_processes_on_the_whole_corpus(tmp_path: Path) -> None:
    for path in build_corpus(tmp_path / "corpus", variants=3):
        for module, args in (("engine", ["replay", str(path)]),
                             ("desktop", ["render", str(path), "--out", str(tmp_path / "x.png"), "--width", "200"])):
            result = _run(module, *args)
            assert result.returncode in (0, 1), (path.name, result.stderr)
            assert "Traceback" not in result.stderr, result.stderr


def test_an_engine_bug_during_replay_names_the_real_position_and_a_report(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    if not SOURCES:
        pytest.skip("../shared/fixtures is absent")
    from engine.__main__ import main
    from engine.game import Game

    original = Game.process_action
    data = json.loads(SOURCES[0].read_text())
    kept, _ = filter_actions(data["actions"])
    position = next(i for i, a in enumerate(kept) if a is not None and i >= 79)

    def process_action(self: Game, action: Any, at: int | None = None) -> Any:
        if at == position:
            raise TypeError("a step bug")
        return original(self, action, at)

    monkeypatch.setattr(Game, "process_action", process_action)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    assert main(["replay", str(SOURCES[0])]) == 2
    err = capsys.readouterr().err
    action = data["actions"][position]
    assert f"engine bug at action {position} ({action['type']}, id {action['id']})" in err
    assert "setup" not in err and "Traceback" not in err and err.count(str(SOURCES[0])) == 1
    reports = list(tmp_path.glob("tracklayer-bug-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in err
    report = reports[0].read_text()
    assert "TypeError: a step bug" in report and "Traceback" in report
