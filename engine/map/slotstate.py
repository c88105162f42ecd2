"""Compact pickles for the map's many small slotted objects (tiles and their parts).

A game holds hundreds of tiles and thousands of parts, and the desktop's history restores a pickled game on every
jump.  Python's default pickle of a slotted object is a dict of every slot, rebuilt on loading and applied slot by
slot; for a tile of 47 slots that is most of a snapshot's loading time.  :func:`install` gives a class a state
that is a plain tuple of its slots' values, in a fixed order, read with one ``attrgetter`` call and written back by
one generated tuple assignment, and leaves out the slots that only cache what the object can work out again
(``transient``: each is set to a fresh empty value on loading instead).

Every slot of the class and its bases is in the state but the transient ones, so a slot added later is pickled
without anyone having to remember it.  An object with an unset slot (none of ours today) falls back to a dict of
its set slots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import attrgetter
from typing import Any

__all__ = ["install", "slot_names"]


def slot_names(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases, bases first, each once."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in names and name not in ("__dict__", "__weakref__"):
                names.append(name)
    return names


def install(cls: type, transient: Mapping[str, str]) -> None:
    """Give ``cls`` a compact ``__getstate__``/``__setstate__``.

    ``transient``: slot -> the Python expression of its value after loading (``"None"``, ``"{}"``, ``"[None] * 6"``),
    for the slots that are caches.  ``cls`` must have no ``__dict__`` (its whole state is in its slots)."""
    if "__dict__" in _all_slots_or_dict(cls):
        raise TypeError(f"{cls.__name__} keeps a __dict__: its state is not only in slots")
    names = [name for name in slot_names(cls) if name not in transient]
    kept = [name for name in transient if name in slot_names(cls)]
    getter = attrgetter(*names) if len(names) > 1 else (lambda obj, _g=attrgetter(names[0]): (_g(obj),))
    setattr(cls, "__getstate__", _make_getstate(getter, names))  # noqa: B010  # (a method set on the class)
    setattr(cls, "__setstate__", _make_setstate(cls.__name__, names, {name: transient[name] for name in kept}))  # noqa: B010


def _all_slots_or_dict(cls: type) -> set[str]:
    found: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        if "__slots__" not in klass.__dict__:
            found.add("__dict__")  # a class without __slots__ gives its instances a __dict__
        found.update(klass.__dict__.get("__slots__", ()))
    return found


def _make_getstate(getter: Callable[[Any], tuple[Any, ...]], names: list[str]) -> Callable[[Any], Any]:
    def __getstate__(self: Any) -> Any:
        try:
            return getter(self)
        except AttributeError:  # an unset slot: the set ones by name
            return {name: getattr(self, name) for name in names if hasattr(self, name)}

    return __getstate__


def _make_setstate(class_name: str, names: list[str], transient: dict[str, str]) -> Callable[[Any, Any], None]:
    # One tuple assignment to every slot: the fastest way Python has to fill them from a tuple.
    targets = "".join(f"self.{name}, " for name in names)
    fresh = "".join(f"    self.{name} = {value}\n" for name, value in transient.items())
    source = (
        "def __setstate__(self, state):\n"
        "    if type(state) is tuple:\n"
        f"        ({targets}) = state\n"
        "    else:\n"
        "        for name, value in state.items():\n"
        "            setattr(self, name, value)\n"
        f"{fresh}"
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{class_name}.__setstate__>", "exec"), namespace)  # (our own source, above)
    setter: Callable[[Any, Any], None] = namespace["__setstate__"]
    return setter
