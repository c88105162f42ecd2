"""The numbered tiles of the 18xx catalogue used by the supported titles.

``TILE_CATALOGUE`` maps a tile name to ``(colour, code)``, the code written in the tile
notation of :mod:`engine.map.tilecode`.  It holds the white pseudo-tiles ``blank``, ``city``
and ``town`` (the names preprinted hexes use) and every numbered tile that 1830, 1889,
18Chesapeake, 1846 and Steam Over Holland put in their supply or on their maps.  Part order inside a code is
significant: it fixes the part indices that ids and node signatures are built from.

``TITLE_TILES`` holds the tiles a title defines itself (not catalogue numbers); a title's
data module may use them or define its own.

Tiles are built with :meth:`engine.map.tile.Tile.for_catalogue`; each code is parsed once
(:func:`engine.map.tilecode.parse_tile_code` is memoised) and every copy gets fresh parts.
"""

from __future__ import annotations

__all__ = ["TILE_CATALOGUE", "TITLE_TILES", "catalogue_entry"]

TILE_CATALOGUE: dict[str, tuple[str, str]] = {
    # white
    "blank": ("white", ""),
    "city": ("white", "city=revenue:0"),
    "town": ("white", "town=revenue:0"),
    # yellow
    "1": ("yellow", "town=revenue:10;town=revenue:10;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"),
    "2": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2"),
    "3": ("yellow", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"),
    "4": ("yellow", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3"),
    "5": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0"),
    "6": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"),
    "7": ("yellow", "path=a:0,b:1"),
    "8": ("yellow", "path=a:0,b:2"),
    "9": ("yellow", "path=a:0,b:3"),
    "55": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4"),
    "56": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3"),
    "57": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"),
    "58": ("yellow", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:2"),
    "69": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4"),
    "437": ("yellow", "town=revenue:30;path=a:0,b:_0;path=a:_0,b:2;icon=image:port,blocks_lay:1"),
    "438": ("yellow", "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;label=H;upgrade=cost:80"),
    # green
    "12": ("green", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "13": ("green", "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "14": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "15": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "16": ("green", "path=a:0,b:2;path=a:1,b:3"),
    "17": ("green", "path=a:1,b:3;path=a:0,b:4"),
    "18": ("green", "path=a:0,b:3;path=a:1,b:2"),
    "19": ("green", "path=a:0,b:3;path=a:2,b:4"),
    "20": ("green", "path=a:0,b:3;path=a:1,b:4"),
    "21": ("green", "path=a:0,b:2;path=a:3,b:4"),
    "22": ("green", "path=a:0,b:4;path=a:2,b:3"),
    "23": ("green", "path=a:0,b:3;path=a:0,b:4"),
    "24": ("green", "path=a:0,b:3;path=a:0,b:2"),
    "25": ("green", "path=a:0,b:2;path=a:0,b:4"),
    "26": ("green", "path=a:0,b:3;path=a:0,b:5"),
    "27": ("green", "path=a:0,b:3;path=a:0,b:1"),
    "28": ("green", "path=a:0,b:4;path=a:0,b:5"),
    "29": ("green", "path=a:0,b:2;path=a:0,b:1"),
    "30": ("green", "path=a:0,b:4;path=a:0,b:1"),
    "31": ("green", "path=a:0,b:2;path=a:0,b:5"),
    "53": ("green", "city=revenue:50;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=B"),
    "54": (
        "green",
        "city=revenue:60,loc:0.5;city=revenue:60,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=NY",
    ),
    "59": ("green", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO"),
    "205": ("green", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "206": ("green", "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "439": ("green", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80"),
    "440": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "619": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    # brown
    "39": ("brown", "path=a:0,b:2;path=a:0,b:1;path=a:1,b:2"),
    "40": ("brown", "path=a:0,b:2;path=a:2,b:4;path=a:0,b:4"),
    "41": ("brown", "path=a:0,b:3;path=a:0,b:1;path=a:1,b:3"),
    "42": ("brown", "path=a:0,b:3;path=a:3,b:5;path=a:0,b:5"),
    "43": ("brown", "path=a:0,b:3;path=a:0,b:2;path=a:1,b:3;path=a:1,b:2"),
    "44": ("brown", "path=a:0,b:3;path=a:1,b:4;path=a:0,b:1;path=a:3,b:4"),
    "45": ("brown", "path=a:0,b:3;path=a:2,b:4;path=a:0,b:4;path=a:2,b:3"),
    "46": ("brown", "path=a:0,b:3;path=a:2,b:4;path=a:3,b:4;path=a:0,b:2"),
    "47": ("brown", "path=a:0,b:3;path=a:1,b:4;path=a:1,b:3;path=a:0,b:4"),
    "61": ("brown", "city=revenue:60;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"),
    "62": (
        "brown",
        "city=revenue:80,slots:2;city=revenue:80,slots:2;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=NY",
    ),
    "63": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "64": (
        "brown",
        "city=revenue:50;city=revenue:50,loc:3.5;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:4;label=OO",
    ),
    "65": (
        "brown",
        "city=revenue:50;city=revenue:50,loc:2.5;path=a:0,b:_0;path=a:_0,b:4;path=a:2,b:_1;path=a:_1,b:3;label=OO",
    ),
    "66": (
        "brown",
        "city=revenue:50;city=revenue:50,loc:1.5;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2;label=OO",
    ),
    "67": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4;label=OO"),
    "68": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4;label=OO"),
    "70": ("brown", "path=a:0,b:1;path=a:0,b:2;path=a:1,b:3;path=a:2,b:3"),
    "448": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "465": ("brown", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=K"),
    "466": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "492": (
        "brown",
        "city=revenue:80,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=H",
    ),
    "125": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "611": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    # gray
    "51": ("gray", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "915": ("gray", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
}

TITLE_TILES: dict[str, dict[str, tuple[str, str]]] = {
    "1889": {
        "Beg6": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0"),
        "Beg7": ("yellow", "path=a:0,b:1"),
        "Beg8": ("yellow", "path=a:0,b:2"),
        "Beg9": ("yellow", "path=a:0,b:3"),
        "Beg23": ("green", "path=a:0,b:3;path=a:0,b:4"),
        "Beg24": ("green", "path=a:0,b:3;path=a:0,b:2"),
    },
    "18Chesapeake": {
        "X1": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0;label=DC"),
        "X2": (
            "green",
            "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:1,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=DC",
        ),
        "X3": (
            "green",
            "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:5;label=OO",
        ),
        "X4": (
            "green",
            "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=OO",
        ),
        "X5": (
            "green",
            "city=revenue:40;city=revenue:40;path=a:3,b:_0;path=a:_0,b:5;path=a:0,b:_1;path=a:_1,b:4;label=OO",
        ),
        "X6": (
            "brown",
            "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=DC",
        ),
        "X7": (
            "brown",
            "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:4,b:_0;label=OO",
        ),
        "X8": (
            "gray",
            "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=DC",
        ),
        "X9": (
            "gray",
            "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=OO",
        ),
    },
    "1846": {
        "290": (
            "gray",
            "city=revenue:70,slots:3;label=Z;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
        ),
        "291": ("yellow", "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;label=Z"),
        "292": ("yellow", "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;label=Z"),
        "293": ("yellow", "city=revenue:40;path=a:0,b:_0;path=a:3,b:_0;label=Z"),
        "294": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Z"),
        "295": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=Z"),
        "296": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Z"),
        "297": (
            "brown",
            "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Z",
        ),
        "298": (
            "green",
            "city=revenue:40;city=revenue:40;city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:2;path=a:4,b:_2;path=a:_2,b:2;path=a:5,b:_3;path=a:_3,b:2;label=Chi",
        ),
        "299": (
            "brown",
            "city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:2;path=a:4,b:_2;path=a:_2,b:2;path=a:5,b:_3;path=a:_3,b:2;label=Chi",
        ),
        "300": (
            "gray",
            "city=revenue:90;city=revenue:90;city=revenue:90;city=revenue:90;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:2;path=a:4,b:_2;path=a:_2,b:2;path=a:5,b:_3;path=a:_3,b:2;label=Chi",
        ),
    },
}


def catalogue_entry(name: str) -> tuple[str, str] | None:
    """``(colour, code)`` of catalogue tile ``name``, or None."""
    return TILE_CATALOGUE.get(name)
