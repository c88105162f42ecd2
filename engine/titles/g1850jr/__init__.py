"""1850 Jr (Gabriele Callari, Fabio Pellegrino): Sicily, a short 1830-like game with port bonuses."""
