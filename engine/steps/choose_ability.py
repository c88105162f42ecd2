"""Choosing one of the abilities an entity holds (the site's ``choose_ability`` action), in general.

An entity -- nearly always a company: an 18ZOO power or ZOOTicket, an 1822 private such as P16 -- may hold a
*choice* of abilities: several things it can do, of which the player picks one.  The action names the company
(``entity``) and the pick (``choice``: text such as ``"LBSCR_ipo"``, a whole number, or a small object such as
``{"type": "sell", "price": 3, "corporation": "GI"}``).

Where the options come from (asked in this order, the first answer wins):

1. the game's optional hook ``ability_choices(step, company)`` -> a list of :class:`~engine.steps.choices.Choice`
   or ``None`` ("not mine, ask the data").  A title whose options depend on the state (18ZOO: a ticket's sale
   prices and the operating corporation; 1822: the step the company is used in) answers here; the ``step``
   argument tells it which step asks, so one company can offer different options in different steps;
2. the company's usable ``choose_ability`` ability (title data): its ``choices`` -- a list of values, a list of
   ``[value, label]`` pairs or a ``{value: label}`` dict.

Carrying a pick out: the game's optional hook ``ability_chosen(step, company, choice)``; a step mixing in
:class:`AbilityChoosing` may instead override :meth:`AbilityChoosing.ability_chosen`.

Two ways for a step to take the action:

- :class:`AbilityChoosing`, a mix-in: a step that offers ``choose_ability`` besides its own actions (18ZOO's
  track step lets a power be used in the middle of laying track) adds ``"choose_ability"`` to ``actions(company)``
  whenever :meth:`AbilityChoosing.ability_choices` is not empty (``offers_ability_choice`` answers that);
- :class:`SpecialChoose`, a ready non-blocking step (the reference's ``SpecialChoose``) taking ``choose_ability``
  from any company with options now; put it into a round's step list.

The legal moves (``engine.moves.choose_ability``) list one ``choose_ability`` move per company with every
option; the desktop's choice buttons read the same options.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalAction
from engine.steps.base import Step
from engine.steps.choices import Choice


def choices_from_data(raw: Any) -> list[Choice]:
    """A ``choose_ability`` ability's ``choices`` (list of values, list of pairs, or a value->label dict) as
    :class:`Choice` pairs."""
    if raw is None:
        return []
    if isinstance(raw, Mapping):
        return [Choice(value, str(label)) for value, label in raw.items()]
    out: list[Choice] = []
    for item in raw:
        if isinstance(item, Choice):
            out.append(item)
        elif isinstance(item, list | tuple) and len(item) == 2:
            out.append(Choice(item[0], str(item[1])))
        else:
            out.append(Choice(item, str(item)))
    return out


def listed_choice(options: list[Choice], choice: Any) -> Choice | None:
    """The option ``choice`` picks: the one equal to it or, for an object, the only one it names by a part of
    its fields (older exports wrote fewer fields: a train without its variant and price)."""
    for option in options:
        if option.value == choice:
            return option
    if isinstance(choice, Mapping) and choice:
        named = [o for o in options if isinstance(o.value, Mapping)
                 and all(k in o.value and o.value[k] == v for k, v in choice.items())]
        if len(named) == 1:
            return named[0]
    return None


class AbilityChoosing:
    """Mix-in for a step taking ``choose_ability``; put it before the step's base class."""

    game: Any

    def ability_choices(self, company: Any) -> list[Choice]:
        """The options ``company`` offers now, in the order to show them (empty: none)."""
        if not getattr(company, "is_company", False) or getattr(company, "closed", False):
            return []
        hook = getattr(self.game, "ability_choices", None)
        if hook is not None:
            answer = hook(self, company)
            if answer is not None:
                return list(answer)
        rules = getattr(self.game, "ability_rules", None)
        ability = rules.ability(company, "choose_ability") if rules is not None else None
        if ability is None:
            return []
        return choices_from_data(ability.extra.get("choices"))

    def offers_ability_choice(self, entity: Any) -> bool:
        return bool(self.ability_choices(entity))

    def ability_choice_name(self, company: Any) -> str:
        """What the options are called as a group (a button group's title)."""
        return str(getattr(company, "name", "Choose"))

    def ability_chosen(self, company: Any, choice: Any) -> None:
        """Carry out ``choice`` for ``company`` (default: the game's ``ability_chosen`` hook)."""
        hook = getattr(self.game, "ability_chosen", None)
        if hook is None:
            raise IllegalAction(f"{company.name} has no way to carry out {choice!r}")
        hook(self, company, choice)

    def choice_refusal(self, company: Any, choice: Any) -> str | None:
        """Why a listed option cannot be carried out now (the game's ``ability_choice_refusal`` hook: an option
        the reference lists but fails on), or None."""
        hook = getattr(self.game, "ability_choice_refusal", None)
        return None if hook is None else hook(self, company, choice)

    def process_choose_ability(self, action: Any) -> None:
        company = self.game.resolve_entity(action)
        chosen = listed_choice(self.ability_choices(company), action.choice)
        if chosen is None:
            name = self.game.entity_name(company)
            raise IllegalAction(f"{name} cannot choose {action.choice!r}: not one of its choices now")
        refusal = self.choice_refusal(company, chosen.value)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.ability_chosen(company, chosen.value)


class SpecialChoose(AbilityChoosing, Step):
    """A non-blocking step taking ``choose_ability`` from any company offering options now."""

    ACTIONS = ("choose_ability",)
    NAME = "Choose"

    def actions(self, entity: Any) -> list[str]:
        return ["choose_ability"] if self.offers_ability_choice(entity) else []

    def blocks(self) -> bool:
        return False

    def description(self) -> str:
        return "Choose"

    def skip(self) -> None:
        self.pass_()


__all__ = ["AbilityChoosing", "SpecialChoose", "choices_from_data", "listed_choice"]
