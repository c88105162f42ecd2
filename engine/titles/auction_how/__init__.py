"""Auction HOW: Charles Bahl's open auction for the empires of Avalon Hill's History of the World, on the kernel.

- ``data``: the empire roster (epochs I-VII with strengths, Sumeria, the minor empires);
- ``game``: the title (order rolls, the auction of each epoch on ``engine.steps_kernel.control_auction``,
  victory points, the epoch summary, the options);
- ``rules_page``: the rules page the desktop shows, rulings included.

No 18xx rule module is imported here (an import contract in pyproject.toml says so).
"""
