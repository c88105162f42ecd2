"""Map model: tile notation, tiles, hexes, geometry, upgrades, connectivity graph, routes."""
