"""Which of a record's optional rules a game will not play, and why.

``Game`` quietly keeps only the optional rules its title knows and offers for the player count (as the
reference engine does).  A program opening a file must be able to tell the players what was left out: this
query answers without building the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.titles.registry import title_spec


def ignored_optional_rules(title: str, rules: Iterable[str], n_players: int) -> list[tuple[str, str]]:
    """``(rule, reason)`` for each rule of ``rules`` a ``title`` game of ``n_players`` will not play."""
    spec = title_spec(title)
    known = {o.sym: o for o in spec.optional_rules}
    ignored: list[tuple[str, str]] = []
    for rule in rules:
        option = known.get(rule)
        if option is None:
            ignored.append((rule, f"{spec.title} has no optional rule {rule!r}"))
        elif option.players is not None and n_players not in option.players:
            counts = ", ".join(str(n) for n in option.players)
            ignored.append((rule, f"{option.short_name!r} is only offered for {counts} players, "
                                  f"not {n_players}"))
    return ignored
