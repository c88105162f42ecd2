"""Titles that stand on the kernel alone (no shares, trains, tiles or stock market): their data and base class.

An 18xx title describes itself with a ``TitleSpec`` (engine/titles/spec.py).  A kernel title describes itself
with the much smaller :class:`KernelTitleSpec` below, which answers the same questions the rest of the
program asks of any title -- its name, its player range, its optional rules (with descriptions, the player
counts they are offered for and the groups that exclude each other) -- plus a rules page.  The New Game
dialog, ``ignored_optional_rules`` and the playout command read those attributes by name, so they work for
both kinds of title.

:class:`KernelTitleGame` is the base of a kernel title's game class.  It checks the player count, keeps the
optional rules the title knows (refusing a combination that excludes itself), and offers the hooks the
command line and the desktop use for any title:

- ``round_label()``: a short label of where the game is ("Epoch III"), for the history bar and status line;
- ``invariant_problem()``: the first broken invariant of the current state (None: all hold), checked by
  ``python -m engine playout`` after every action;
- ``format_score(value)``: a player's result in words ("-12 VP").

Nothing here imports an 18xx rule module (an import contract in pyproject.toml says so).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.game import KernelGame
from engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class TitleOption:
    """An optional rule a table may choose when creating the game (the same fields as an 18xx title's).

    ``players``: the player counts it is offered for (None: all)."""

    sym: str
    short_name: str
    desc: str
    players: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class KernelTitleSpec:
    """What the program needs to know about a kernel title before building a game of it."""

    title: str
    player_range: tuple[int, int]
    optional_rules: tuple[TitleOption, ...] = ()
    #: groups of optional rules that exclude each other
    mutex_rules: tuple[tuple[str, ...], ...] = ()
    #: the rules page (simple HTML: headings, paragraphs, lists), shown by the desktop beside the game
    rules_html: str = ""
    #: one line about the title for the New Game dialog
    blurb: str = ""


class KernelTitleGame(KernelGame):
    """Base of a kernel title's game: player count, optional rules, and the hooks for tools and views."""

    TITLE: ClassVar[KernelTitleSpec]

    def __init__(
        self,
        players: Sequence[tuple[Any, str]],
        *,
        game_id: Any = None,
        seed: Any = None,
        optional_rules: Iterable[str] = (),
        strict: bool = False,
    ) -> None:
        rules = list(optional_rules)
        super().__init__(players, game_id=game_id, seed=seed, optional_rules=rules, strict=strict)
        spec = self.TITLE
        self.spec = spec
        self.title = spec.title
        n_players = len(players)
        low, high = spec.player_range
        if not low <= n_players <= high:
            raise InvalidAction(f"{spec.title} is for {low} to {high} players, not {n_players}")
        known = {o.sym: o for o in spec.optional_rules}
        self.optional_rules: list[str] = []
        for rule in rules:
            option = known.get(rule)
            if option is not None and (option.players is None or n_players in option.players) \
                    and rule not in self.optional_rules:
                self.optional_rules.append(rule)
        for group in spec.mutex_rules:
            chosen = [r for r in group if r in self.optional_rules]
            if len(chosen) > 1:
                names = ", ".join(known[r].short_name for r in chosen)
                raise InvalidAction(f"{spec.title}: the optional rules {names} cannot be combined")

    def option(self, sym: str) -> bool:
        """Is the optional rule ``sym`` in play?"""
        return sym in self.optional_rules

    def refusal(self, step: Any, kind: str, entity: Any) -> str:
        """A step may word its own refusals (``refusal_for(kind, entity)``: "Ann controls Egypt and must pass")."""
        own = getattr(step, "refusal_for", None)
        text = own(kind, entity) if callable(own) else None
        return str(text) if text else super().refusal(step, kind, entity)

    # --- hooks for the tools and the desktop ---------------------------------------------------------
    def round_label(self) -> str:
        return str(getattr(self.round, "NAME", "Round"))

    def invariant_problem(self) -> str | None:
        """The first broken invariant of the current state, in words; None when every invariant holds."""
        return None


__all__ = ["KernelTitleGame", "KernelTitleSpec", "TitleOption"]
