"""Choices a step offers (the site's ``choose`` action), in general.

A step that lets an entity pick one of a few named options mixes in :class:`Choosing`, lists the options in
``choices(entity)`` as ``Choice`` pairs (the value written into the ``choose`` action, and the words a player
reads), names them with ``choice_name()`` (the site's button group title: "Gift", "Choose") and carries one out
in ``choose(entity, choice)``.  ``Choosing`` validates the action against the options and dispatches; the legal
moves (``engine.moves.choose``) and the desktop's choice buttons read the same ``choices``.

A choice value is what the site writes: text ("cert_1_N&W"), a whole number or a small object, so options are
listed as pairs rather than keyed in a dict.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.errors import IllegalAction


class Choice(NamedTuple):
    """One option: ``value`` goes into the ``choose`` action, ``label`` is what a player reads."""

    value: Any
    label: str


class Choosing:
    """Mix-in for a step offering ``choose``.  Put it before the step's base class; add ``"choose"`` to what
    ``actions(entity)`` returns whenever ``choices(entity)`` is not empty."""

    game: Any

    def choices(self, entity: Any) -> list[Choice]:
        """The options ``entity`` may pick now, in the order to show them."""
        return []

    def choice_name(self) -> str:
        """What the options are called as a group (a button group's title)."""
        return "Choose"

    def choose(self, entity: Any, choice: Any) -> None:
        """Carry out ``choice`` (one of ``choices(entity)``'s values) for ``entity``."""
        raise NotImplementedError

    def choice_label(self, entity: Any, choice: Any) -> str | None:
        """The label of ``choice`` among ``entity``'s options, None when it is not one of them."""
        return next((c.label for c in self.choices(entity) if c.value == choice), None)

    def process_choose(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        if self.choice_label(entity, action.choice) is None:
            name = self.game.entity_name(entity)
            raise IllegalAction(f"{name} cannot choose {action.choice!r}: not one of the choices now")
        self.choose(entity, action.choice)


__all__ = ["Choice", "Choosing"]
