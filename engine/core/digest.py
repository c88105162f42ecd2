"""A digest of a game's whole state, for any title: two games with equal digests are in the same state.

Used by the reliability checks (issue 23): a refused action must leave the digest unchanged, and a game saved
at the table must reopen to the digest it was played to.  The walk is generic (no title knows of it): every
attribute reachable from the game that does not start with ``_`` (those are caches and indexes, rebuilt on
demand and free to differ), every list, tuple, dict and set, numbers and texts; shared objects are written
once and then referred to by the order they were first met, so the digest sees the shape of the object graph,
not only its values.  Tuples and recorded actions are values (an equal copy is the same).  Iterative: a deep graph never hits the recursion limit.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from typing import Any

from engine.core.actions import Action

_SIMPLE = (str, int, float, bool, bytes, type(None), Enum)


def _fields(obj: Any) -> list[tuple[str, Any]]:
    names: list[str] = []
    for klass in type(obj).__mro__:
        names.extend(n for n in getattr(klass, "__slots__", ()) if isinstance(n, str))
    found = [(n, getattr(obj, n)) for n in names if not n.startswith("_") and hasattr(obj, n)]
    found.extend((k, v) for k, v in getattr(obj, "__dict__", {}).items() if not k.startswith("_"))
    return found


def _order_key(value: Any) -> str:
    if isinstance(value, _SIMPLE):
        return f"{type(value).__name__}:{value!r}"
    ident = getattr(value, "id", None)
    if isinstance(value, tuple):
        ident = tuple(_order_key(v) for v in value)
    return f"{type(value).__qualname__}:{ident!r}"


def state_lines(game: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """The walk as lines (``skip``: top-level attributes of ``game`` left out); ``state_digest`` hashes them."""
    seen: dict[int, int] = {}
    keep_alive: list[Any] = []
    out: list[str] = []
    stack: list[tuple[str, Any]] = [("", game)]
    while stack:
        label, value = stack.pop()
        if isinstance(value, _SIMPLE):
            out.append(f"{label}={value!r}")
            continue
        if isinstance(value, type) or (callable(value) and not hasattr(value, "__dict__") and not isinstance(
                value, list | dict | tuple | set | frozenset)):
            out.append(f"{label}={getattr(value, '__qualname__', type(value).__qualname__)}")
            continue
        if isinstance(value, tuple | frozenset):  # values: equal ones are the same, whichever object holds them
            items = sorted(value, key=_order_key) if isinstance(value, frozenset) else list(value)
            out.append(f"{label}={type(value).__name__}[{len(items)}]")
            stack.extend(reversed([(f"{label}[{i}]", v) for i, v in enumerate(items)]))
            continue
        if isinstance(value, Action):  # a recorded action is a value too (a replay may hold an equal copy)
            out.append(f"{label}={type(value).__qualname__}:{json.dumps(value.to_dict(), default=str)}")
            continue
        ref = seen.get(id(value))
        if ref is not None:
            out.append(f"{label}=@{ref}")
            continue
        me = seen[id(value)] = len(seen)
        keep_alive.append(value)
        label = f"#{me}"
        if isinstance(value, list):
            out.append(f"{label}={type(value).__name__}[{len(value)}]")
            children = [(f"{label}[{i}]", v) for i, v in enumerate(value)]
        elif isinstance(value, dict):
            out.append(f"{label}=dict[{len(value)}]")
            children = []
            for i, (k, v) in enumerate(value.items()):
                children.append((f"{label}<k{i}>", k))
                children.append((f"{label}<v{i}>", v))
        elif isinstance(value, set):
            out.append(f"{label}=set[{len(value)}]")
            children = [(f"{label}{{}}", v) for v in sorted(value, key=_order_key)]
        else:
            out.append(f"{label}={type(value).__qualname__}")
            fields = _fields(value)
            if value is game and skip:
                fields = [(k, v) for k, v in fields if k not in skip]
            children = [(f"{label}.{k}", v) for k, v in fields]
        stack.extend(reversed(children))
    return out


def state_digest(game: Any, skip: frozenset[str] = frozenset()) -> str:
    """A hash of ``state_lines(game)``."""
    digest = hashlib.blake2b(digest_size=20)
    for line in state_lines(game, skip):
        digest.update(line.encode("utf-8", "backslashreplace"))
        digest.update(b"\n")
    return digest.hexdigest()
