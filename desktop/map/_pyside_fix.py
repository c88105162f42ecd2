"""Work around a reference-count bug of PySide6 6.12 on Python 3.11.

With that combination every Qt method returning ``void`` (``QPainterPath.lineTo``,
``QPainter.setPen``...) takes one reference from ``None`` instead of returning a new one.
``None`` is immortal from Python 3.12 on, so the bug is harmless there; on 3.11 its count
runs down while the program draws, and the interpreter aborts ("none_dealloc: deallocating
None") once it reaches zero, at the latest when the program exits.

``apply()`` gives ``None`` an enormous reference count once, which makes it immortal in
practice.  It only acts on Python < 3.12 (CPython), and only once.
"""

from __future__ import annotations

import ctypes
import platform
import sys

_APPLIED = False
_BOOST = 1 << 60


def apply() -> bool:
    """Make ``None`` effectively immortal on CPython < 3.12; True when it did something."""
    global _APPLIED
    if _APPLIED or sys.version_info >= (3, 12) or platform.python_implementation() != "CPython":
        return False
    # ob_refcnt is the first field of every CPython object; id() is the object's address.
    refcount = ctypes.c_ssize_t.from_address(id(None))
    refcount.value += _BOOST
    _APPLIED = True
    return True
