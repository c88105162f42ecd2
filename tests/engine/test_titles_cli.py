"""``python -m engine titles``: the supported titles, their fixture folders and the exact-replay counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.titles import coverage
from engine.titles.registry import FIXTURE_FOLDERS, fixture_folder, supported_titles, titles_18xx
from tests.conftest import FIXTURES


def test_fixture_folder_defaults_to_the_title_without_spaces() -> None:
    assert fixture_folder("Steam Over Holland") == "SteamOverHolland"
    for title, folder in FIXTURE_FOLDERS.items():
        assert fixture_folder(title) == folder


def test_every_18xx_title_has_its_fixture_folder() -> None:
    if not FIXTURES.is_dir():
        pytest.skip("../shared/fixtures is absent")
    for title in titles_18xx():
        folder = FIXTURES / fixture_folder(title)
        assert folder.is_dir(), title
        titles = {json.loads(p.read_text())["title"] for p in folder.glob("*.json")}
        assert titles == {title}, (title, titles)


def test_titles_lists_every_title_without_replaying(capsys) -> None:
    assert main(["titles", "--no-replay"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(supported_titles())
    assert lines[0].split()[0] == "1830" and "2-6 players" in lines[0] and "fixtures/1830" in lines[0]


def _fake_fixtures(tmp_path: Path) -> Path:
    """A fixtures folder with one real 1889 game, one damaged copy, and an unsupported title's folder."""
    source = sorted((FIXTURES / "1889").glob("*.json"))
    if not source:
        pytest.skip("../shared/fixtures is absent")
    folder = tmp_path / "1889"
    folder.mkdir()
    good = json.loads(source[0].read_text())
    (folder / "good.json").write_text(json.dumps(good))
    bad = dict(good, result={str(k): v + 1 for k, v in good["result"].items()})
    (folder / "bad.json").write_text(json.dumps(bad))
    (tmp_path / "18XX").mkdir()
    (tmp_path / "18XX" / "x.json").write_text(json.dumps(dict(good, title="18XX")))
    return tmp_path


def test_titles_counts_exact_replays_and_names_the_failures(tmp_path, capsys) -> None:
    fixtures = _fake_fixtures(tmp_path)
    assert main(["titles", "--fixtures", str(fixtures)]) == 0
    out = capsys.readouterr().out
    assert "fixtures/1889: 1 of 2 exact" in out
    assert "bad.json: result" in out
    assert out.splitlines()[-1].endswith(f"1 of 3 games in 2 folders of {fixtures} replay exactly")
    rows = {row.title: row for row in coverage.coverage(fixtures)}
    assert (rows["1889"].games, rows["1889"].exact) == (2, 1)
    assert rows["Irish Gauge"].folder is None
