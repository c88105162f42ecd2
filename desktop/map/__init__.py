"""The map: vector hex tiles in a zoomable, pannable view.

- :mod:`desktop.map.geometry`: hex corners, centres and edges for pointy and flat layouts.
- :mod:`desktop.map.items`: ``HexItem`` and ``TileDrawing`` (the art of one tile).
- :mod:`desktop.map.scene`: ``MapScene`` (``set_game``, ``refresh``, ``hex_clicked``).
- :mod:`desktop.map.view`: ``MapView`` (wheel zoom round the cursor, drag to pan, fit).
- :mod:`desktop.map.render`: ``render_map(game, width)`` to an image, offscreen.
"""

from desktop.map.geometry import DEFAULT_RADIUS, HexGeometry
from desktop.map.items import HexItem, TileDrawing
from desktop.map.render import render_map
from desktop.map.scene import MapScene
from desktop.map.view import MapView

__all__ = ["DEFAULT_RADIUS", "HexGeometry", "HexItem", "MapScene", "MapView", "TileDrawing", "render_map"]
