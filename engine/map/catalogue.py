"""The engine-wide catalogue of numbered 18xx tiles (every tile the reference engine defines).

``TILE_CATALOGUE`` maps a tile name to ``(colour, code)``, the code written in the tile
notation of :mod:`engine.map.tilecode`.  It holds the white pseudo-tiles ``blank``, ``city``
and ``town`` (the names preprinted hexes use) and every numbered tile of the engine-wide catalogue (479,
yellow to gray; dual-colour tiles carry a ``stripes`` part for their second colour; ``none`` are the
narrow-gauge overlays).  ``tests/engine/test_tilecode.py`` compares every entry with the reference's dump.  Part order inside a code is
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
    "71": (
        "yellow",
        "town=revenue:10;town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "72": ("yellow", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:1,track:narrow"),
    "73": ("yellow", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:2,track:narrow"),
    "74": ("yellow", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow"),
    "75": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow"),
    "76": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow"),
    "77": ("yellow", "path=a:0,b:1,track:narrow"),
    "78": ("yellow", "path=a:0,b:2,track:narrow"),
    "79": ("yellow", "path=a:0,b:3,track:narrow"),
    "113": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow"),
    "115": ("yellow", "city=revenue:20;path=a:0,b:_0"),
    "128": ("yellow", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=C"),
    "201": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;label=Y"),
    "202": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;label=Y"),
    "235": ("yellow", "city=revenue:30;city=revenue:30;path=a:0,b:_0;label=OO"),
    "401": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;label=T"),
    "437": ("yellow", "town=revenue:30;path=a:0,b:_0;path=a:_0,b:2;icon=image:port,blocks_lay:1"),
    "438": ("yellow", "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;label=H;upgrade=cost:80"),
    "441a": ("yellow", "city=revenue:10;path=a:0,b:_0;label=B"),
    "445": ("yellow", "town=revenue:20;path=a:0,b:_0;path=a:_0,b:2;icon=image:18_al/tree,blocks_lay:1"),
    "447": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:4,b:_0;label=T"),
    "451a": (
        "yellow",
        "city=revenue:30;city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:2,b:_1;path=a:4,b:_2;label=ATL",
    ),
    "471": (
        "yellow",
        "city=revenue:20,loc:center;town=revenue:10,loc:4.5;path=a:0,b:_0;path=a:_0,b:3;path=a:_1,b:_0;label=M",
    ),
    "472": (
        "yellow",
        "city=revenue:20,loc:center;town=revenue:10,loc:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:_1,b:_0;label=T",
    ),
    "473": (
        "yellow",
        "city=revenue:20,loc:center;town=revenue:10,loc:4;path=a:0,b:_0;path=a:_0,b:2;path=a:_1,b:_0;label=V",
    ),
    "621": ("yellow", "city=revenue:30;path=a:0,b:_0;path=a:_0,b:3;label=Y"),
    "630": ("yellow", "town=revenue:10;town=revenue:10;path=a:2,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"),
    "631": ("yellow", "town=revenue:10;town=revenue:10;path=a:3,b:_0;path=a:_0,b:4;path=a:0,b:_1;path=a:_1,b:2"),
    "632": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3"),
    "633": ("yellow", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:1;path=a:3,b:_1;path=a:_1,b:4"),
    "644": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:1,b:_0"),
    "645": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:2,b:_0"),
    "657": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:3,b:_0"),
    "658": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:2,b:_0,track:narrow"),
    "659": ("yellow", "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0,track:narrow"),
    "679": ("yellow", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:1,track:narrow"),
    "790": ("yellow", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0;path=a:_0,b:4;label=N"),
    "956": ("yellow", "city=revenue:20;path=a:0,b:_0,track:narrow;path=a:3,b:_0,track:narrow"),
    "8850": ("yellow", "town=revenue:20;path=a:0,b:_0;path=a:5,b:_0"),
    "8851": ("yellow", "town=revenue:20;path=a:0,b:_0;path=a:4,b:_0"),
    "8852": ("yellow", "town=revenue:20;path=a:0,b:_0;path=a:3,b:_0"),
    "8854": ("yellow", "town=revenue:20;town=revenue:20;path=a:0,b:_0;path=a:3,b:_0;path=a:4,b:_1;path=a:5,b:_1"),
    "8855": ("yellow", "town=revenue:20;town=revenue:20;path=a:0,b:_0;path=a:3,b:_0;path=a:2,b:_1;path=a:5,b:_1"),
    "8856": ("yellow", "town=revenue:20;town=revenue:20;path=a:0,b:_0;path=a:4,b:_0;path=a:3,b:_1;path=a:5,b:_1"),
    "8857": ("yellow", "town=revenue:20;town=revenue:20;path=a:1,b:_0;path=a:4,b:_0;path=a:3,b:_1;path=a:5,b:_1"),
    # green
    "10": ("green", "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1"),
    "11": ("green", "town=revenue:10;path=a:0,b:2;path=a:2,b:_0;path=a:_0,b:4;path=a:0,b:4;label=HALT"),
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
    "52": ("green", "city=revenue:40,loc:5;city=revenue:40,loc:3;path=a:0,b:_0;path=a:2,b:_1;label=OO"),
    "53": ("green", "city=revenue:50;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=B"),
    "53Y": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=Y"),
    "54": (
        "green",
        "city=revenue:60,loc:0.5;city=revenue:60,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=NY",
    ),
    "59": ("green", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO"),
    "80": ("green", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "81": ("green", "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "82": ("green", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "83": ("green", "junction;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "84": ("green", "path=a:0,b:1,track:narrow;path=a:1,b:2,track:narrow;path=a:0,b:2,track:narrow"),
    "85": ("green", "path=a:3,b:5,track:narrow;path=a:0,b:5,track:narrow;path=a:0,b:3,track:narrow"),
    "86": ("green", "path=a:0,b:1,track:narrow;path=a:1,b:3,track:narrow;path=a:0,b:3,track:narrow"),
    "87": ("green", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "88": ("green", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "89": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "90": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "91": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:5,b:_0",
    ),
    "92": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "93": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "94": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0,track:narrow",
    ),
    "95": (
        "green",
        "city=revenue:20,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:2,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "96": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "97": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "98": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0"),
    "99": ("green", "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "100": (
        "green",
        "city=revenue:30;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow",
    ),
    "101": (
        "green",
        "city=revenue:30;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "116": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "117": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow",
    ),
    "119": (
        "green",
        "stripes=color:brown;city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "120": ("green", "city=revenue:60;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=T"),
    "121": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=B-L"),
    "129": (
        "green",
        "city=revenue:60,slots:2;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=C",
    ),
    "141": ("green", "town=revenue:10;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_0"),
    "142": ("green", "town=revenue:10;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "143": ("green", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "144": ("green", "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "190": (
        "green",
        "city=revenue:40;city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0;path=a:_0,b:4;path=a:2,b:_0;path=a:_0,b:5;label=ATL",
    ),
    "203": ("green", "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "204": ("green", "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "205": ("green", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "206": ("green", "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "207": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=Y"),
    "208": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y"),
    "209": (
        "green",
        "city=revenue:40,slots:3;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "210": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:0,b:_0;path=a:3,b:_0;path=a:5,b:_1;path=a:4,b:_1;label=XX",
    ),
    "211": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:2,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:1,b:_1;label=XX",
    ),
    "212": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:2,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:5,b:_1;label=XX",
    ),
    "213": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:2,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:4,b:_1;label=XX",
    ),
    "214": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:4,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:2,b:_1;label=XX",
    ),
    "215": (
        "green",
        "city=revenue:30;city=revenue:30;path=a:1,b:_0;path=a:3,b:_0;path=a:0,b:_1;path=a:4,b:_1;label=XX",
    ),
    "233": ("green", "path=a:0,b:3,track:dual"),
    "234": ("green", "path=a:0,b:1,track:dual"),
    "236": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=K"),
    "237": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=K"),
    "238": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=K"),
    "298LA": (
        "green",
        "city=revenue:40;city=revenue:40;city=revenue:40;city=revenue:40;label=LB;path=a:1,b:_0;path=a:2,b:_1;path=a:3,b:_2;path=a:4,b:_3;path=a:0,b:_0;path=a:0,b:_1;path=a:0,b:_2;path=a:0,b:_3",
    ),
    "405": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=T"),
    "439": ("green", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=H;upgrade=cost:80"),
    "440": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "441": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "442": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "442a": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"),
    "443": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"),
    "443a": (
        "green",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=M",
    ),
    "444": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "452a": (
        "green",
        "city=revenue:20;city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:5;path=a:4,b:_2;path=a:_2,b:1;label=ATL",
    ),
    "453a": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;label=Aug"),
    "454a": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=S"),
    "457": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:1;path=a:1,b:_1;path=a:_1,b:3;path=a:_0,b:2;path=a:2,b:_1",
    ),
    "458": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:1,b:_0;path=a:_0,b:4;path=a:0,b:_1;path=a:_1,b:3;path=a:0,b:_0;path=a:_1,b:4",
    ),
    "459": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4;path=a:_0,b:1;path=a:3,b:_1",
    ),
    "460": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4;path=a:0,b:_0;path=a:_0,b:4;path=a:1,b:_1;path=a:_1,b:3",
    ),
    "461": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:2;path=a:1,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2",
    ),
    "462": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:3;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:2",
    ),
    "463": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4;path=a:_0,b:4;path=a:_1,b:3",
    ),
    "464": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:2,b:_1;path=a:3,b:_1;path=a:4,b:_1",
    ),
    "474": ("green", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0"),
    "475": ("green", "city=revenue:30,loc:center;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=L"),
    "476": (
        "green",
        "city=revenue:30,loc:center;town=revenue:10,loc:0;path=a:_0,b:2;path=a:4,b:_0;path=a:5,b:_0;path=a:_1,b:_0;label=M",
    ),
    "477": (
        "green",
        "city=revenue:30,loc:center;town=revenue:10,loc:3.5;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:_1,b:_0;label=T",
    ),
    "478": (
        "green",
        "city=revenue:30,slots:2,loc:center;town=revenue:20,loc:0;path=a:2,b:_0;path=a:_0,b:4;path=a:_1,b:_0;label=V",
    ),
    "514": (
        "green",
        "city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=P",
    ),
    "576": ("green", "city=revenue:40;path=a:0,b:_0;path=a:3,b:_0;path=a:1,b:_0;label=Y"),
    "577": ("green", "city=revenue:40;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=Y"),
    "578": ("green", "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=Y"),
    "579": ("green", "city=revenue:40;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=Y"),
    "580": (
        "green",
        "city=revenue:60,loc:0.5;city=revenue:60,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=P",
    ),
    "581": (
        "green",
        "city=revenue:50;city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;path=a:4,b:_2;path=a:_2,b:5;label=B-V",
    ),
    "590": (
        "green",
        "city=revenue:60;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;path=a:3,b:_0;path=a:_0,b:4;label=Chi",
    ),
    "592": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=B"),
    "602": ("green", "city=revenue:30;town=revenue:30;path=a:0,b:_0;path=a:2,b:_1;path=a:3,b:_0;path=a:4,b:_1;label=V"),
    "604": ("green", "city=revenue:100,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=M"),
    "606": ("green", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=T"),
    "612": ("green", "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=G"),
    "613": ("green", "city=revenue:0;path=a:0,b:_0;path=a:3,b:_0"),
    "614": ("green", "city=revenue:0;path=a:0,b:_0;path=a:2,b:_0"),
    "615": ("green", "city=revenue:0;path=a:0,b:_0;path=a:1,b:_0"),
    "619": ("green", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "622": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y"),
    "624": ("green", "path=a:0,b:1;path=a:1,b:2"),
    "625": ("green", "path=a:0,b:1;path=a:2,b:3"),
    "626": ("green", "path=a:0,b:1;path=a:3,b:4"),
    "637": (
        "green",
        "city=revenue:50,loc:0.5;city=revenue:50,loc:2.5;city=revenue:50,loc:4.5;path=a:0,b:_0;path=a:_0,b:1;path=a:4,b:_2;path=a:_2,b:5;path=a:2,b:_1;path=a:_1,b:3;label=M",
    ),
    "650": ("green", "path=a:0,b:1,track:narrow;path=a:1,b:2,track:narrow"),
    "651": (
        "green",
        "city=revenue:90,slots:2;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_0;label=P",
    ),
    "653": ("green", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:3,b:_0;label=C"),
    "655": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0;label=M"),
    "660": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:3,b:_0;path=a:4,b:_0,track:narrow",
    ),
    "661": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0",
    ),
    "662": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "663": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0,track:narrow",
    ),
    "664": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "665": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow",
    ),
    "666": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0,track:narrow",
    ),
    "667": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "668": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:2,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "669": (
        "green",
        "city=revenue:30,slots:2;path=a:2,b:_0;path=a:4,b:_0;path=a:0,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "670": (
        "green",
        "city=revenue:30,slots:2;path=a:2,b:_0;path=a:3,b:_0;path=a:0,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "671": (
        "green",
        "city=revenue:30,slots:2;path=a:3,b:_0;path=a:4,b:_0;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow",
    ),
    "675": ("green", "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0;label=S"),
    "677": ("green", "path=a:0,b:3,track:narrow;path=a:0,b:4,track:narrow"),
    "678": ("green", "path=a:0,b:3,track:narrow;path=a:0,b:2,track:narrow"),
    "680": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0;path=a:3,b:_0",
    ),
    "681": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:2,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "682": (
        "green",
        "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow",
    ),
    "683": (
        "green",
        "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "684": (
        "green",
        "town=revenue:10;path=a:3,b:_0;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:4,b:_0",
    ),
    "685": (
        "green",
        "town=revenue:10;path=a:2,b:_0;path=a:0,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "686": (
        "green",
        "town=revenue:10;path=a:2,b:_0;path=a:0,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0",
    ),
    "687": (
        "green",
        "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "688": (
        "green",
        "town=revenue:10;path=a:1,b:_0;path=a:0,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "689": (
        "green",
        "town=revenue:10;path=a:4,b:_0;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "690": (
        "green",
        "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:3,b:_0",
    ),
    "691": (
        "green",
        "town=revenue:10;path=a:1,b:_0;path=a:0,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0",
    ),
    "692": ("green", "path=a:0,b:3,track:narrow;path=a:0,b:5,track:narrow"),
    "693": ("green", "path=a:0,b:3,track:narrow;path=a:0,b:1,track:narrow"),
    "694": ("green", "path=a:0,b:4,track:narrow;path=a:0,b:5,track:narrow"),
    "695": ("green", "path=a:0,b:2,track:narrow;path=a:0,b:1,track:narrow"),
    "699": ("green", "path=a:0,b:2,track:narrow;path=a:0,b:4,track:narrow"),
    "700": (
        "green",
        "town=revenue:10;path=a:1,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:0,b:_0;path=a:2,b:_0",
    ),
    "701": (
        "green",
        "town=revenue:10;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:0,b:_0;path=a:1,b:_0",
    ),
    "702": (
        "green",
        "town=revenue:10;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:0,b:_0;path=a:4,b:_0",
    ),
    "703": (
        "green",
        "town=revenue:10;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:0,b:_0;path=a:2,b:_0",
    ),
    "704": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "705": (
        "green",
        "city=revenue:30,slots:2;path=a:0,b:_0;path=a:4,b:_0;path=a:3,b:_0,track:narrow;path=a:2,b:_0,track:narrow",
    ),
    "706": (
        "green",
        "city=revenue:30,slots:2;path=a:2,b:_0;path=a:3,b:_0;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow",
    ),
    "707": (
        "green",
        "city=revenue:30,slots:2;path=a:1,b:_0;path=a:3,b:_0;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow",
    ),
    "708": ("green", "path=a:0,b:4,track:narrow;path=a:0,b:1,track:narrow"),
    "709": ("green", "path=a:0,b:2,track:narrow;path=a:0,b:5,track:narrow"),
    "710": ("green", "path=a:0,b:2,track:narrow;path=a:1,b:3"),
    "711": ("green", "path=a:0,b:3,track:narrow;path=a:2,b:4"),
    "712": ("green", "path=a:0,b:2;path=a:1,b:3,track:narrow"),
    "713": ("green", "path=a:0,b:3;path=a:2,b:4,track:narrow"),
    "714": ("green", "path=a:0,b:3;path=a:1,b:4,track:narrow"),
    "715": ("green", "path=a:0,b:3,track:narrow;path=a:1,b:4"),
    "791": (
        "green",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=N",
    ),
    "792": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=Y"),
    "793": ("green", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=Y"),
    "800": ("green", "town=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=D&SL"),
    "802": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=D"),
    "887": ("green", "town=revenue:20;path=a:1,b:_0;path=a:3,b:_0;path=a:0,b:_0;path=a:2,b:_0"),
    "888": ("green", "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "901": ("green", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_0;path=a:_0,b:3"),
    "904": (
        "green",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B",
    ),
    "907": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=Z"),
    "908": ("green", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=Z"),
    "957": ("green", "path=a:0,b:2,track:narrow;path=a:1,b:3,track:narrow"),
    "958": ("green", "path=a:1,b:3,track:narrow;path=a:0,b:4,track:narrow"),
    "959": ("green", "path=a:0,b:3,track:narrow;path=a:1,b:2,track:narrow"),
    "960": ("green", "path=a:0,b:3,track:narrow;path=a:2,b:4,track:narrow"),
    "961": ("green", "path=a:0,b:3,track:narrow;path=a:1,b:4,track:narrow"),
    "962": (
        "green",
        "city=revenue:30;path=a:0,b:_0,track:narrow;path=a:5,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "963": (
        "green",
        "city=revenue:30;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "964": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:1,track:narrow;path=a:3,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "965": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:1,b:_0,track:narrow;path=a:_0,b:3,track:narrow;path=a:0,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "966": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:2,track:narrow;path=a:1,b:_1,track:narrow;path=a:_1,b:3,track:narrow",
    ),
    "967": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:2,track:narrow;path=a:3,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "968": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow;path=a:1,b:_1,track:narrow;path=a:_1,b:2,track:narrow",
    ),
    "969": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow;path=a:2,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "970": (
        "green",
        "city=revenue:20;city=revenue:20;path=a:0,b:_0,track:narrow;path=a:_0,b:3,track:narrow;path=a:1,b:_1,track:narrow;path=a:_1,b:4,track:narrow",
    ),
    "971": ("green", "city=revenue:40;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;frame=color:#800080"),
    "972": ("green", "city=revenue:40;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;frame=color:#800080"),
    "973": ("green", "city=revenue:40;path=a:0,b:_0,track:narrow;path=a:3,b:_0,track:narrow;frame=color:#800080"),
    "974": (
        "green",
        "city=revenue:60,slots:2;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;label=B;frame=color:#800080",
    ),
    "981": ("green", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:2"),
    "991": ("green", "town=revenue:10;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"),
    "8858": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3;label=OO",
    ),
    "8859": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:5;label=OO",
    ),
    "8860": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_0,b:5;path=a:2,b:_1;path=a:_1,b:4;label=OO",
    ),
    "8862": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_1;path=a:4,b:_1;label=OO",
    ),
    "8863": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:5;label=OO",
    ),
    "8864": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_0,b:5;path=a:2,b:_1;path=a:_1,b:3;label=OO",
    ),
    "8865": (
        "green",
        "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_0,b:5;path=a:3,b:_1;path=a:_1,b:4;label=OO",
    ),
    "8866": ("green", "town=revenue:20;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0"),
    # brown
    "32": (
        "brown",
        "city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0;path=a:1,b:_1;path=a:2,b:_2;path=a:3,b:_3;path=a:4,b:_4;path=a:5,b:_5;label=L",
    ),
    "33": (
        "brown",
        "city=revenue:50,loc:0;city=revenue:50,loc:2;city=revenue:50,loc:4;path=a:5,b:_0;path=a:3,b:_1;path=a:4,b:_2;label=L",
    ),
    "34": (
        "brown",
        "city=revenue:50,loc:1.5;city=revenue:50,loc:4.5;city=revenue:50,loc:3;path=a:0,b:_2;path=a:_2,b:3;path=a:2,b:_0;path=a:4,b:_1;label=BGM",
    ),
    "35": ("brown", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3"),
    "36": ("brown", "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_0,b:3;path=a:0,b:_1;path=a:_1,b:4"),
    "37": ("brown", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:3;path=a:3,b:_1;path=a:0,b:_0"),
    "38": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
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
    "61Y": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y"),
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
    "102": (
        "brown",
        "city=revenue:30,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual",
    ),
    "103": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "104": (
        "brown",
        "city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual;label=CP",
    ),
    "105": (
        "brown",
        "city=revenue:40,slots:3;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;label=BM",
    ),
    "106": (
        "brown",
        "junction;path=a:0,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:4,b:_0,track:dual;path=a:3,b:_0,track:dual",
    ),
    "107": (
        "brown",
        "junction;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "108": (
        "brown",
        "junction;path=a:0,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual",
    ),
    "118": ("brown", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3"),
    "122": (
        "brown",
        "city=revenue:80,slots:2;city=revenue:80,slots:2;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=T",
    ),
    "125": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "126": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=Lon",
    ),
    "127": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Bar",
    ),
    "130": ("brown", "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=C"),
    "132": (
        "brown",
        "city=revenue:70;city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=C",
    ),
    "133": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=M"),
    "135": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=KC;label=SL;label=MSP",
    ),
    "145": ("brown", "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "146": ("brown", "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "147": ("brown", "town=revenue:20;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "148": ("brown", "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "166": (
        "brown",
        "stripes=color:gray;city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "168": ("brown", "city=revenue:30;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=Y"),
    "169": ("brown", "city=revenue:30;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;label=Y"),
    "170": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=P",
    ),
    "191": (
        "brown",
        "city=revenue:60,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=A",
    ),
    "193": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=S"),
    "200": (
        "brown",
        "stripes=color:sepia;city=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0",
    ),
    "216": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y",
    ),
    "217": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0;path=a:3,b:_0;label=X"),
    "218": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=X"),
    "219": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=X"),
    "220": (
        "brown",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "221": (
        "brown",
        "city=revenue:#cb7743_50|brown_60,slots:3;path=a:_0,b:0;path=a:_0,b:1;path=a:_0,b:2;path=a:_0,b:3;path=a:_0,b:4;path=a:_0,b:5;label=HH",
    ),
    "239": ("brown", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=K"),
    "444b": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B",
    ),
    "444m": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=M",
    ),
    "448": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "449": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "450": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "455a": (
        "brown",
        "city=revenue:70;city=revenue:70;city=revenue:70;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:5;path=a:4,b:_2;path=a:_2,b:1;label=ATL",
    ),
    "456a": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;label=Aug"),
    "457a": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "458a": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=M",
    ),
    "459a": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=S"),
    "465": ("brown", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=K"),
    "466": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "480": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=G",
    ),
    "481": ("brown", "city=revenue:40,slots:2,loc:center;path=a:0,b:_0;path=a:1,b:_0;path=a:5,b:_0;label=L"),
    "482": (
        "brown",
        "city=revenue:40,slots:2,loc:center;town=revenue:20,loc:0;path=a:2,b:_0;path=a:_0,b:3;path=a:4,b:_0;path=a:5,b:_0;path=a:_1,b:_0;label=M",
    ),
    "483": (
        "brown",
        "city=revenue:40,loc:center;town=revenue:20,loc:3.5;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:5,b:_0;path=a:_1,b:_0;label=T",
    ),
    "484": (
        "brown",
        "city=revenue:40,slots:2,loc:center;town=revenue:30,loc:0;path=a:2,b:_0;path=a:3,b:_0;path=a:_0,b:4;path=a:_1,b:_0;label=V",
    ),
    "492": (
        "brown",
        "city=revenue:80,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=H",
    ),
    "497": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "515": (
        "brown",
        "city=revenue:90;city=revenue:90;city=revenue:90;city=revenue:90;city=revenue:90;city=revenue:90;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=P",
    ),
    "544": ("brown", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "545": ("brown", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "546": ("brown", "junction;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "582": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Y"),
    "583": (
        "brown",
        "city=revenue:80,slots:2;city=revenue:80,slots:2;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;label=P",
    ),
    "584": (
        "brown",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B-V",
    ),
    "591": (
        "brown",
        "city=revenue:80,slots:2;city=revenue:80,slots:2;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_0;path=a:_0,b:3;path=a:3,b:_0;path=a:_0,b:4;label=Chi",
    ),
    "593": ("brown", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B"),
    "603": (
        "brown",
        "city=revenue:30;town=revenue:30;path=a:0,b:_0;path=a:1,b:_1;path=a:2,b:_0;path=a:3,b:_1;path=a:4,b:_0;path=a:5,b:_1;label=V",
    ),
    "605": (
        "brown",
        "city=revenue:150,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=M",
    ),
    "607": (
        "brown",
        "city=revenue:90,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=T",
    ),
    "609": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=G",
    ),
    "610": ("brown", "city=revenue:0;path=a:0,b:_0;path=a:3,b:_0"),
    "611": ("brown", "city=revenue:40,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "616": ("brown", "city=revenue:0,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "617": ("brown", "city=revenue:0,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    "618": ("brown", "city=revenue:0,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "623": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=Y",
    ),
    "627": ("brown", "path=a:0,b:3;path=a:0,b:1;path=a:1,b:2;path=a:2,b:3"),
    "628": ("brown", "path=a:1,b:3;path=a:3,b:4;path=a:0,b:4;path=a:0,b:1"),
    "629": ("brown", "path=a:0,b:2;path=a:2,b:3;path=a:3,b:4;path=a:0,b:4"),
    "646": ("brown", "path=a:0,b:2,track:narrow;path=a:2,b:4,track:narrow;path=a:0,b:4,track:narrow"),
    "647": ("brown", "path=a:0,b:2,track:narrow;path=a:0,b:1,track:narrow;path=a:1,b:2,track:narrow"),
    "648": ("brown", "path=a:0,b:3,track:narrow;path=a:0,b:1,track:narrow;path=a:1,b:3,track:narrow"),
    "649": ("brown", "path=a:0,b:3,track:narrow;path=a:3,b:5,track:narrow;path=a:0,b:5,track:narrow"),
    "652": (
        "brown",
        "city=revenue:130,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0;label=P",
    ),
    "654": (
        "brown",
        "city=revenue:90,slots:2;path=a:2,b:_0,track:dual;path=a:0,b:_0;path=a:4,b:_0,track:dual;path=a:3,b:_0;label=C",
    ),
    "656": (
        "brown",
        "city=revenue:80,slots:2;path=a:2,b:_0;path=a:3,b:_0,track:narrow;path=a:4,b:_0;path=a:0,b:_0,track:dual;label=M",
    ),
    "672": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "673": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual",
    ),
    "674": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "676": ("brown", "city=revenue:30,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0;label=S"),
    "696": (
        "brown",
        "town=revenue:20;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "697": (
        "brown",
        "town=revenue:20;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual",
    ),
    "698": (
        "brown",
        "town=revenue:20;path=a:0,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "767": ("brown", "town=revenue:10;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"),
    "768": ("brown", "town=revenue:10;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0"),
    "769": ("brown", "town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "794": (
        "brown",
        "city=revenue:80,slots:4;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0;path=a:_0,b:4;path=a:2,b:_0;path=a:_0,b:5;label=N",
    ),
    "796": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0;path=a:_0,b:4;label=Y"),
    "798": ("brown", "path=a:0,b:3;path=a:1,b:4;path=a:2,b:5"),
    "801": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=Y"),
    "803": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=D"),
    "804": ("brown", "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "891Y": ("brown", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=Y"),
    "902": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=L"),
    "905": (
        "brown",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "909": (
        "brown",
        "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Z",
    ),
    "911": ("brown", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "975": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "976": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow",
    ),
    "977": (
        "brown",
        "city=revenue:40,slots:2;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "978": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;frame=color:#800080",
    ),
    "979": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:4,b:_0,track:narrow;frame=color:#800080",
    ),
    "980": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0,track:narrow;path=a:5,b:_0,track:narrow;path=a:3,b:_0,track:narrow;frame=color:#800080",
    ),
    "985": (
        "brown",
        "city=revenue:60,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:3,b:_0,track:narrow;frame=color:#800080",
    ),
    "986": (
        "brown",
        "city=revenue:80,slots:2;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;label=B;frame=color:#800080",
    ),
    "987": (
        "brown",
        "city=revenue:90,slots:2;path=a:0,b:_0;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0;label=HQG;frame=color:#800080",
    ),
    "997": ("brown", "city=revenue:60,slots:2;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=Boston"),
    "1064": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:2;path=a:3,b:_1;path=a:_1,b:4"),
    "1065": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:4;path=a:2,b:_1;path=a:_1,b:3"),
    "1066": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:2"),
    "1067": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:2,b:_1;path=a:_1,b:4"),
    "1068": ("brown", "city=revenue:50;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4"),
    "1200": (
        "brown",
        "stripes=color:gray;city=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "8871": (
        "brown",
        "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "8872": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=OO"),
    "8873": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=OO"),
    "8874": ("brown", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:5,b:_0;label=OO"),
    # gray
    "48": (
        "gray",
        "city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;label=L",
    ),
    "49": ("gray", "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=L"),
    "50": (
        "gray",
        "city=revenue:70,loc:1.5;city=revenue:70,loc:3;city=revenue:70,loc:4.5;path=a:0,b:_1;path=a:_1,b:3;path=a:1,b:_0;path=a:_0,b:2;path=a:4,b:_2;path=a:_2,b:5;label=BGM",
    ),
    "51": ("gray", "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "60": ("gray", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0"),
    "109": (
        "gray",
        "city=revenue:50,slots:2;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "110": (
        "gray",
        "city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual;label=CP",
    ),
    "111": (
        "gray",
        "city=revenue:70,slots:3;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;label=BM",
    ),
    "112": (
        "gray",
        "junction;path=a:0,b:_0,track:dual;path=a:1,b:_0,track:dual;path=a:2,b:_0,track:dual;path=a:3,b:_0,track:dual;path=a:4,b:_0,track:dual",
    ),
    "114": ("gray", "path=a:0,b:2;path=a:2,b:4;path=a:0,b:4;path=a:1,b:3;path=a:3,b:5;path=a:1,b:5"),
    "123": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=H",
    ),
    "123a": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=OO",
    ),
    "124": ("gray", "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=T"),
    "131": (
        "gray",
        "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=C",
    ),
    "134": ("gray", "city=revenue:100,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=M"),
    "136": (
        "gray",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=KC;label=SL;label=MSP",
    ),
    "167": (
        "gray",
        "city=revenue:70,loc:0.5;city=revenue:70,loc:2.5;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;path=a:4,b:_0;path=a:5,b:_1;label=OO",
    ),
    "171": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "172": (
        "gray",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "232": (
        "gray",
        "city=revenue:100;city=revenue:100;city=revenue:100;city=revenue:100;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=C",
    ),
    "240": ("gray", "city=revenue:80,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=K"),
    "446": (
        "gray",
        "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "452": ("gray", "path=a:0,b:3;path=a:2,b:4;path=a:0,b:4;path=a:0,b:2;path=a:2,b:3;path=a:3,b:4"),
    "453": ("gray", "path=a:0,b:3;path=a:1,b:4;path=a:1,b:3;path=a:0,b:4;path=a:0,b:1;path=a:3,b:4"),
    "454": ("gray", "path=a:0,b:3;path=a:1,b:3;path=a:0,b:2;path=a:0,b:1;path=a:1,b:2;path=a:2,b:3"),
    "455": (
        "gray",
        "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "494": ("gray", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;label=T"),
    "512": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=Y",
    ),
    "513": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "516": (
        "gray",
        "city=revenue:120;city=revenue:120;city=revenue:120;city=revenue:120;city=revenue:120;city=revenue:120;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=P",
    ),
    "596": (
        "gray",
        "city=revenue:60,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=L",
    ),
    "597": (
        "gray",
        "city=revenue:80,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=B",
    ),
    "639": (
        "gray",
        "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=M",
    ),
    "805": ("gray", "city=revenue:60,slots:2;path=a:0,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=D"),
    "806": ("gray", "town=revenue:10;path=a:0,b:_0;path=a:5,b:_0;path=a:3,b:_0"),
    "807": ("gray", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0"),
    "808": ("gray", "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0"),
    "895": (
        "gray",
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "903": ("gray", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=L"),
    "906": (
        "gray",
        "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0;label=B",
    ),
    "910": (
        "gray",
        "city=revenue:60,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;label=Z",
    ),
    "912": (
        "gray",
        "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0",
    ),
    "915": ("gray", "city=revenue:50,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0"),
    "988": (
        "gray",
        "city=revenue:50,slots:3;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow",
    ),
    "989": (
        "gray",
        "city=revenue:70,slots:3;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;frame=color:#800080",
    ),
    "990": (
        "gray",
        "city=revenue:100,slots:3;path=a:0,b:_0,track:narrow;path=a:1,b:_0,track:narrow;path=a:2,b:_0,track:narrow;path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:5,b:_0,track:narrow;label=B;frame=color:#800080",
    ),
    "1167": (
        "gray",
        "city=revenue:70,loc:0;city=revenue:70,loc:3;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;path=a:_1,b:3;path=a:4,b:_0;path=a:5,b:_1",
    ),
    "1168": ("gray", "city=revenue:60,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"),
    # none
    "467": ("none", "path=a:0,b:3,track:narrow"),
    "468": ("none", "path=a:0,b:2,track:narrow"),
    "469": ("none", "path=a:0,b:1,track:narrow"),
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
