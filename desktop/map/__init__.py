"""The map: vector hex tiles in a zoomable, pannable view.

- :mod:`desktop.map.geometry`: hex corners, centres and edges for pointy and flat layouts.
- :mod:`desktop.map.items`: ``HexItem`` and ``TileDrawing`` (the art of one tile).
- :mod:`desktop.map.scene`: ``MapScene`` (``set_game``, ``refresh``, ``hex_clicked``).
- :mod:`desktop.map.view`: ``MapView`` (wheel zoom round the cursor, drag to pan, fit).
- :mod:`desktop.map.render`: ``render_map(game, width)`` to an image, offscreen.
"""

from desktop.map import _pyside_fix

_pyside_fix.apply()

from desktop.map.geometry import DEFAULT_RADIUS, HexGeometry  # noqa: E402
from desktop.map.items import HexItem, TileDrawing  # noqa: E402
from desktop.map.render import render_map  # noqa: E402
from desktop.map.scene import MapScene  # noqa: E402
from desktop.map.view import MapView  # noqa: E402

__all__ = ["DEFAULT_RADIUS", "HexGeometry", "HexItem", "MapScene", "MapView", "TileDrawing", "render_map"]
