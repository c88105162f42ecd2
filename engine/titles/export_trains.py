"""Titles that export a train after every set of operating rounds (18Chesapeake, 1888, ...): the next train
still in the depot leaves the game as if bought (phases change, trains rust) when it is one of
``EXPORTED_TRAINS``.  Mix :class:`ExportsTrains` in before ``Game``; a variant without exports sets
``EXPORTED_TRAINS = ()``."""

from __future__ import annotations

from typing import Any, ClassVar


class ExportsTrains:
    """The ``or_set_finished`` hook exporting the next train of ``EXPORTED_TRAINS``."""

    #: Names of the trains exported at the end of a set of operating rounds.
    EXPORTED_TRAINS: ClassVar[tuple[str, ...]] = ("2", "3", "4")

    depot: Any

    def or_set_finished(self) -> None:
        upcoming = self.depot.upcoming
        if upcoming and upcoming[0].name in self.EXPORTED_TRAINS:
            self.depot.export()


__all__ = ["ExportsTrains"]
