"""The packaged program's stub libraries (build_slim.py): a stub defines exactly what the kept libraries import
from the library it replaces, and loads in its place; ICU's data becomes an empty package."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

import build_slim

pytestmark = pytest.mark.skipif(
    build_slim.compiler() is None or shutil.which("readelf") is None, reason="no C compiler or readelf"
)


def _library(tmp: Path, name: str, source: str, *links: Path) -> Path:
    c_file = tmp / f"{name}.c"
    c_file.write_text(source)
    target = tmp / f"{name}.so"
    subprocess.run(
        [
            str(build_slim.compiler()),
            "-shared",
            "-fPIC",
            "-o",
            str(target),
            str(c_file),
            f"-L{tmp}",
            *(f"-l:{p.name}" for p in links),
            f"-Wl,-rpath,{tmp}",
        ],
        check=True,
    )
    return target


def test_a_stub_defines_what_the_kept_libraries_import_and_nothing_else(tmp_path: Path) -> None:
    solver = _library(
        tmp_path,
        "libsolver",
        "int solve(void) { return 42; }\nint unused(void) { return 1; }\n"
        "int shared(void) { return 2; }\nint table[16];\n",
    )
    kept = _library(
        tmp_path,
        "libkept",
        "int solve(void); extern int table[16];\nint shared(void) { return 3; }\n"
        "int uses(void) { return table[3]; }\n"
        "int calls(void) { return solve(); }\n",
        solver,
    )
    report = build_slim.replace_with_stubs([solver], [kept], str(build_slim.compiler()))
    assert len(report) == 1 and "stub of 2 symbols" in report[0]
    defined, _ = build_slim._dynamic_symbols(solver)
    assert {"solve", "table"} <= set(defined) and "unused" not in defined and "shared" not in defined
    assert defined["table"][1] == 64  # the data keeps its size
    loaded = ctypes.CDLL(str(kept))  # resolves against the stub as against the library it replaced
    assert loaded.uses() == 0


def test_icu_data_becomes_an_empty_package(tmp_path: Path) -> None:
    data = _library(tmp_path, "libicudata", "const char icudt73_dat[4096] = {1};\n")
    line = build_slim.empty_icu_data(data, str(build_slim.compiler()))
    assert line is not None and "empty ICU data" in line
    defined, _ = build_slim._dynamic_symbols(data)
    assert set(defined) >= {"icudt73_dat"} and defined["icudt73_dat"][1] == 48
    header = (ctypes.c_uint8 * 48).in_dll(ctypes.CDLL(str(data)), "icudt73_dat")
    assert bytes(header[2:4]) == b"\xda\x27" and bytes(header[12:16]) == b"ToCP"


@pytest.mark.parametrize("layout", ["beside their packages", "flat"])
def test_slim_finds_the_libraries_wherever_pyinstaller_put_them(tmp_path: Path, layout: str) -> None:
    """PyInstaller before about 6.10 left ICU in PySide6/Qt/lib and OR-Tools' solvers in ortools/.libs; 6.22 puts
    every shared library in ``_internal`` itself, where slim() looked for nothing (the program stayed at 212 MB)."""
    internal = tmp_path / "_internal"
    icu_dir, solver_dir = (
        (internal / "PySide6" / "Qt" / "lib", internal / "ortools" / ".libs") if layout != "flat" else (internal,) * 2
    )
    icu_dir.mkdir(parents=True, exist_ok=True)
    solver_dir.mkdir(parents=True, exist_ok=True)
    built = tmp_path / "built"
    built.mkdir()
    icu = _library(built, "libicudata", "const char icudt73_dat[4096] = {1};\n")
    scip = _library(built, "libscip", "int scip_solve(void) { return 1; }\nint scip_unused(void) { return 2; }\n")
    kept = _library(built, "libortools", "int scip_solve(void);\nint run(void) { return scip_solve(); }\n", scip)
    shutil.copyfile(icu, icu_dir / "libicudata.so.73")
    shutil.copyfile(scip, solver_dir / "libscip.so.10.0")
    shutil.copyfile(kept, internal / "libortools.so.9")
    report = build_slim.slim(internal)
    assert any("libicudata.so.73" in line and "empty ICU data" in line for line in report), report
    assert any("libscip.so.10.0" in line and "stub of 1 symbols" in line for line in report), report
    defined, _ = build_slim._dynamic_symbols(solver_dir / "libscip.so.10.0")
    assert "scip_solve" in defined and "scip_unused" not in defined
