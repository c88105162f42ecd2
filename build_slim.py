"""Slimming of the packaged program (used by ``build.spec`` after PyInstaller has collected everything).

Two kinds of libraries are bundled only because a library the program does use is linked against them, and the
program never calls into them:

- ICU's data library (``libicudata``, 31 MB): Qt links ICU, and uses its data only for collation, legacy text
  codecs and time zones in locales, none of which the program uses (Qt's own tables draw and lay out text).  It
  is replaced by an empty ICU data package (ICU's own "stubdata": every lookup finds nothing, which the ICU
  calls report as a missing resource).
- OR-Tools' other solvers (SCIP, HiGHS, COIN-OR Cbc/Clp/Cgl/Osi, 23 MB): ``libortools`` links them all; the
  program uses CP-SAT only.  Each is replaced by a stub library defining exactly the symbols the kept libraries
  import from it and no other library defines (a function aborts with a message if it is ever called; a data
  object is zeroed memory of the same size), so that loading resolves as before.

Both need a C compiler (``cc``/``gcc``) at build time; without one, the libraries stay as they are.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

#: OR-Tools' solver libraries CP-SAT never calls (file name patterns in ``ortools/.libs``).
UNUSED_SOLVER_LIBRARIES = (
    "libscip.so*",
    "libhighs.so*",
    "libCbc*.so*",
    "libCgl.so*",
    "libClp*.so*",
    "libCoinUtils.so*",
    "libOsi*.so*",
)


def compiler() -> str | None:
    return shutil.which("cc") or shutil.which("gcc")


def _dynamic_symbols(path: Path) -> tuple[dict[str, tuple[str, int]], set[str]]:
    """(defined symbols -> (type, size), undefined symbols) of a shared library's dynamic symbol table."""
    out = subprocess.run(["readelf", "--dyn-syms", "-W", str(path)], capture_output=True, text=True, check=True).stdout
    defined: dict[str, tuple[str, int]] = {}
    undefined: set[str] = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 8 or not parts[0].rstrip(":").isdigit():
            continue
        size, kind, ndx, name = parts[2], parts[3], parts[6], parts[7].split("@")[0]
        if not name:
            continue
        if ndx == "UND":
            undefined.add(name)
        else:
            defined[name] = (kind, int(size, 16) if size.startswith("0x") else int(size))
    return defined, undefined


def _soname(path: Path) -> str:
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"\(SONAME\).*\[(.*)\]", out)
    return found.group(1) if found else path.name


def _compile(cc: str, source: str, soname: str, target: Path) -> None:
    with tempfile.TemporaryDirectory() as work:
        c_file = Path(work) / "stub.c"
        c_file.write_text(source)
        built = Path(work) / "stub.so"
        subprocess.run(
            [cc, "-shared", "-fPIC", "-O1", f"-Wl,-soname,{soname}", "-o", str(built), str(c_file)],
            check=True,
            capture_output=True,
        )
        target.unlink()
        shutil.copyfile(built, target)
        target.chmod(0o755)


def stub_source(library: str, symbols: dict[str, tuple[str, int]]) -> str:
    """C source of a library defining ``symbols`` (name -> (ELF type, size)): functions abort, data is zeroed."""
    lines = [
        "#include <stdio.h>",
        "#include <stdlib.h>",
        f'static void missing(void) {{ fputs("{library} is not bundled (a stub)\\n", stderr); abort(); }}',
    ]
    for index, (name, (kind, size)) in enumerate(sorted(symbols.items())):
        if kind in ("FUNC", "IFUNC", "NOTYPE"):
            lines.append(f'void f{index}(void) __asm__("{name}");\nvoid f{index}(void) {{ missing(); }}')
        else:
            storage = "__thread " if kind == "TLS" else ""
            lines.append(f'{storage}char o{index}[{max(size, 1)}] __asm__("{name}") __attribute__((aligned(16)));')
    return "\n".join(lines) + "\n"


def replace_with_stubs(libraries: Iterable[Path], kept: Iterable[Path], cc: str) -> list[str]:
    """Replace each of ``libraries`` by a stub defining the symbols the ``kept`` libraries import from it (and
    that no kept library defines itself).  Returns a line per library replaced."""
    libraries = [p for p in libraries if p.is_file() and not p.is_symlink()]
    imported: set[str] = set()
    provided: set[str] = set()
    for path in kept:
        defined, undefined = _dynamic_symbols(path)
        imported |= undefined
        provided |= set(defined)
    report = []
    for path in libraries:
        defined, _ = _dynamic_symbols(path)
        wanted = {name: defined[name] for name in defined if name in imported and name not in provided}
        before = path.stat().st_size
        _compile(cc, stub_source(path.name, wanted), _soname(path), path)
        report.append(f"{path.name}: {before // 1024} KB -> stub of {len(wanted)} symbols")
    return report


def empty_icu_data(path: Path, cc: str) -> str | None:
    """Replace ICU's data library by an empty data package (ICU's "stubdata" entry point)."""
    defined, _ = _dynamic_symbols(path)
    entry = next((name for name in defined if re.fullmatch(r"icudt\d+[lb]?_dat", name)), None)
    if entry is None:
        return None
    source = f"""#include <stdint.h>
typedef struct {{
    uint16_t header_size; uint8_t magic1, magic2;
    struct {{ uint16_t size, reserved_word; uint8_t big_endian, charset_family, sizeof_uchar, reserved_byte;
             uint8_t data_format[4], format_version[4], data_version[4]; }} info;
    char padding[8];
    uint32_t count, reserved;
    uint32_t toc[2];
}} Header;
/* the common data package "ToCP" with no items (ICU's stubdata) */
const Header entry __asm__("{entry}") = {{
    32, 0xda, 0x27, {{20, 0, 0, 0, 2, 0, {{0x54, 0x6f, 0x43, 0x50}}, {{1, 0, 0, 0}}, {{0, 0, 0, 0}}}},
    {{0}}, 0, 0, {{0, 0}}
}};
"""
    before = path.stat().st_size
    _compile(cc, source, _soname(path), path)
    return f"{path.name}: {before // 1024} KB -> empty ICU data"


def slim(internal: Path) -> list[str]:
    """Apply both to a PyInstaller one-folder build's ``_internal`` directory; a line per library replaced."""
    cc = compiler()
    if cc is None or shutil.which("readelf") is None:
        return ["no C compiler or readelf: ICU data and OR-Tools' other solvers stay bundled"]
    report: list[str] = []
    # Wherever PyInstaller put them: beside their package (PySide6/Qt/lib, ortools/.libs) before version 6.10 or
    # so, all in ``_internal`` itself since (6.22 bundled them there and nothing was slimmed: 212 MB).
    for icu in sorted(internal.rglob("libicudata.so*")):
        if icu.is_file() and not icu.is_symlink():
            line = empty_icu_data(icu, cc)
            if line is not None:
                report.append(line)
    unused = sorted(
        {
            p
            for pattern in UNUSED_SOLVER_LIBRARIES
            for p in internal.rglob(pattern)
            if p.is_file() and not p.is_symlink()
        }
    )
    if unused:
        kept = [p for p in internal.rglob("*.so*") if p.is_file() and not p.is_symlink() and p not in unused]
        report.extend(replace_with_stubs(unused, kept, cc))
    return report
