"""Tracklayer's desktop program (Qt).  It reads engine state and changes it only through ``Session``."""

from __future__ import annotations

import sys
from typing import Any


def skip_pyside_source_scan() -> None:
    """Spare start-up PySide6's reading of every module's source (no Qt import here: a no-op before Qt loads).

    Once PySide6 is imported, its import hook asks of every module imported after it whether the module "uses
    PySide6" (for its ``__feature__`` switching, which we never use), by ``inspect.getsource`` on the module:
    each file read, decoded and split into lines through ``linecache``.  Start-up imports about 150 of our
    modules after Qt, and that reading was 30 ms of processor time before the first paint (1830, 2026).  The same
    question is answered here from the file's bytes; what has no source file goes to PySide6's own answer."""
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if original is None or getattr(original, "from_bytes", False):
        return

    def uses_pyside(module: Any) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(original(module))

    uses_pyside.from_bytes = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[union-attr]


skip_pyside_source_scan()  # (Qt imported first, as a test or a benchmark does: every desktop module after it)
