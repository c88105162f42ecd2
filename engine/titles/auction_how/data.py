"""The History of the World empire roster, as Auction HOW needs it (facts: design/IRISH-GAUGE.md).

Epochs I-V agree in two sources; epochs VI-VII come from one.  ``order`` is the empire's order of play within
its epoch (H1's listing; for VI-VII the card order, probably the order of play).  Flags: ``capital`` (has a
capital), ``fleets`` (has navigation).  Epoch VI's Incas and Aztecs share one card (two capitals, 2 strength
each): it is one item on the bid board.
"""

from __future__ import annotations

from dataclasses import dataclass

ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII")


@dataclass(frozen=True, slots=True)
class Empire:
    name: str
    epoch: int
    strength: int
    order: int
    capital: bool = True
    fleets: bool = False
    #: the strength as printed, when the card holds two empires ("2 + 2")
    strength_text: str = ""
    minor: bool = False

    @property
    def shown_strength(self) -> str:
        return self.strength_text or str(self.strength)


def _epoch(epoch: int, rows: tuple[tuple[str, int, str], ...]) -> tuple[Empire, ...]:
    out = []
    for order, (name, strength, flags) in enumerate(rows, 1):
        out.append(Empire(name, epoch, strength, order, capital="c" in flags, fleets="s" in flags))
    return tuple(out)


EPOCHS: tuple[tuple[Empire, ...], ...] = (
    _epoch(1, (("Egypt", 5, "cs"), ("Minoans", 4, "cs"), ("Indus Valley", 4, "c"), ("Babylonia", 4, "c"),
               ("Shang Dynasty", 4, "c"), ("Aryans", 5, ""))),
    _epoch(2, (("Assyria", 8, "c"), ("Chou Dynasty", 6, "c"), ("Vedic City States", 6, "c"),
               ("Greek City States", 9, "cs"), ("Scythians", 7, ""), ("Carthaginia", 8, "cs"),
               ("Persia", 15, "cs"))),
    _epoch(3, (("Celts", 8, ""), ("Macedonia", 15, "cs"), ("Maurya", 10, "c"), ("Han Dynasty", 12, "cs"),
               ("Hsiung-Nu", 7, ""), ("Romans", 25, "cs"), ("Sassanids", 9, "c"))),
    _epoch(4, (("Guptas", 8, "cs"), ("Goths", 10, ""), ("Huns", 14, ""), ("Byzantines", 12, "cs"),
               ("T'ang Dynasty", 11, "cs"), ("Arabs", 18, "cs"), ("Khmers", 5, "cs"))),
    _epoch(5, (("Franks", 10, "cs"), ("Vikings", 9, "s"), ("Holy Roman Empire", 10, "c"), ("Chola", 8, "cs"),
               ("Sung Dynasty", 9, "cs"), ("Seljuk Turks", 12, ""), ("Mongols", 20, "s"))),
    (
        Empire("Ming Dynasty", 6, 10, 1),
        Empire("Timurid Emirate", 6, 8, 2),
        Empire("Incas & Aztecs", 6, 4, 3, strength_text="2 + 2"),
        Empire("Ottoman Turks", 6, 15, 4),
        Empire("Portugal", 6, 10, 5),
        Empire("Spain", 6, 15, 6),
        Empire("Mughals", 6, 12, 7),
    ),
    _epoch(7, (("Russia", 12, "c"), ("Manchu Dynasty", 12, "c"), ("Netherlands", 8, "c"), ("France", 15, "c"),
               ("Britain", 20, "c"), ("United States", 10, "c"), ("Germany", 10, "c"))),
)

#: Not auctioned: the lowest roller of epoch I plays it besides their own empire (Auction HOW 3.1).
SUMERIA = Empire("Sumeria", 1, 4, 0, capital=True)

#: The minor empire of each epoch (event cards), for "Back to the Minors".
MINORS: tuple[Empire, ...] = (
    Empire("Hittites", 1, 3, 0, minor=True),
    Empire("Phoenicia", 2, 3, 0, minor=True),
    Empire("Mayans", 3, 2, 0, minor=True),
    Empire("Anglo-Saxons", 4, 3, 0, minor=True),
    Empire("Fujiwara", 5, 3, 0, minor=True),
    Empire("Safavids", 6, 3, 0, minor=True),
    Empire("Japan", 7, 5, 0, minor=True),
)

EMPIRES_BY_NAME: dict[str, Empire] = {e.name: e for epoch in EPOCHS for e in epoch}
EMPIRES_BY_NAME[SUMERIA.name] = SUMERIA
for _minor in MINORS:
    EMPIRES_BY_NAME[_minor.name] = _minor


def roman(epoch: int) -> str:
    return ROMAN[epoch - 1]
