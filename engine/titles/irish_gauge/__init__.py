"""Irish Gauge (Tom Russell; Winsome 2014, Capstone 2019) on the engine kernel.

Five Irish railways, share auctions, track building by build points, special interests and dividends decided
by drawing coloured cubes.  Not an 18xx rule set: no stock market, trains or operating rounds.  An import
contract (pyproject.toml) keeps the 18xx rule modules out of this package.

- ``data``: the board, the railways, the cubes (facts);
- ``model``: players, railways, shares, board cells (live state);
- ``rules``: build costs, contiguity, income and the share split (pure functions of the state);
- ``actions``/``steps``/``game``: the action types, the steps and ``IrishGaugeGame``;
- ``moves``: the legal-move enumerators; ``rulings``: the rules page (our rulings where the rules are open).
"""
