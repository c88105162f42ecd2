"""18Tokaido: central Japan, on the general 18xx steps with the 1846 family's open draft."""
