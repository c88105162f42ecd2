"""Station tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.map.hexes import Hex
    from engine.map.parts import City


class Token:
    """One station token of a corporation (or minor).

    ``corporation`` is the owning operator.  A token is ``used`` once it has been placed on the
    map; ``city`` is then the city part it sits in.
    """

    __slots__ = ("cheater", "city", "corporation", "extra", "logo", "price", "type", "used")

    def __init__(self, corporation: Any, price: int = 0, type: str = "normal") -> None:
        self.corporation = corporation
        self.price = price
        self.type = type
        self.used = False
        self.city: City | None = None
        self.cheater = False
        self.extra = False

    @property
    def hex(self) -> Hex | None:
        return self.city.hex if self.city is not None else None

    def place(self, city: City, *, extra: bool = False, cheater: bool = False) -> None:
        """Mark the token as placed in ``city``; ``cheater`` tokens sit beyond the normal slots."""
        self.city = city
        self.used = True
        self.extra = extra
        self.cheater = cheater

    def remove(self) -> None:
        """Take the token off the map; it is no longer used (it can be placed again)."""
        if self.city is not None:
            self.city.remove_token(self)
        self.city = None
        self.used = False
        self.extra = False
        self.cheater = False

    def __repr__(self) -> str:
        name = getattr(self.corporation, "name", self.corporation)
        return f"<Token {name} {self.price} {'@' + str(self.hex.id) if self.hex else 'unused'}>"
