"""Static checks run with the tests: ruff, mypy (strict on the engine) and the import contract."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean() -> None:
    result = _run(sys.executable, "-m", "ruff", "check", "engine", "desktop", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_engine() -> None:
    result = _run(sys.executable, "-m", "mypy", "engine")
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr


def test_engine_imports_neither_qt_nor_desktop() -> None:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    assert exe, "import-linter is not installed"
    result = _run(exe)
    assert result.returncode == 0, result.stdout + result.stderr
