"""The kernel every game stands on, 18xx or not.

- ``actions``: the ``Action`` base and codec, the generic action types, the registry a game adds its types to;
- ``history``: the undo/redo filter of a raw action list; ``undo``: live undo and redo;
- ``rng``: the seeded generator;
- ``round``/``step``/``steps``: the Round -> Step protocol and dispatch, and the steps every round has;
- ``game``: ``KernelGame``: the action loop, refusal that changes nothing, replay, game end and result,
  entity lookup, and the hooks a game provides.

Nothing here knows shares, trains, tiles or money: an import contract (pyproject.toml) keeps every 18xx rule
module out.
"""
