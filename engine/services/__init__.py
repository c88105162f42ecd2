"""The 18xx rule families as services an 18xx game composes (``game.<family>``), each with its own tests.

- ``shares``: ``ShareRules`` (``game.share_rules``): sale timing, sellable bundles, liquidity, the price moves
  of a sale and the end of a stock round.
- ``abilities``: ``AbilityRules`` (``game.ability_rules``): abilities usable now and their timing, the graph's
  teleports, companies closing on an event.
- ``trains``: ``TrainRules`` (``game.train_rules``): train limits, buying, rusting, train events, must-buy.
- ``companies``: ``CompanyRules`` (``game.company_rules``): private revenue, which privates may be bought.
- ``corporations``: ``CorporationRules`` (``game.corporation_rules``): float, par, certificate limits, buying
  power, closing corporations.
- ``bankruptcy``: ``BankruptcyRules`` (``game.bankruptcy``): emergency money, going bankrupt.
- ``game_end``: ``GameEndRules`` (``game.end_rules``): the game-end conditions.
- ``track``: ``TrackRules`` (``game.track_rules``): home tokens, tile costs, lays, upgrades, the tile supply.
- ``loans``: ``LoanRules`` (``game.loan_rules``): corporate loans, interest, repayment.
- ``rounds``: ``RoundSequence`` (``game.round_sequence``): which round follows which.
- ``setup``: ``ModelSetup`` (run once at construction): the model built from the title data.

A title picks a subclass of a service through a class attribute of its game class (``SHARE_RULES``,
``ABILITY_RULES``, ``TRAIN_RULES``, ``COMPANY_RULES``, ``CORPORATION_RULES``, ``BANKRUPTCY``, ``END_RULES``,
``TRACK_RULES``, ``LOAN_RULES``, ``ROUND_SEQUENCE``, ``SETUP``); the list of what a title may change is ``engine/titles/hooks.py``.
"""
