"""The 18xx rule families as services an 18xx game composes (``game.<family>``), each with its own tests.

- ``shares``: ``ShareRules`` (``game.share_rules``): sale timing, sellable bundles, liquidity, the price moves
  of a sale and the end of a stock round.
"""
