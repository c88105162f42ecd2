"""The 1822 family's private companies that make a choice (the site's ``choose_ability``; ``choose`` in the
SpecialChoose step): which choices a private offers at a time of the turn, and what each does.

Times: ``track``, ``token``, ``issue`` (the operating turn's steps), ``special_choose`` (just acquired),
``choose`` (the Choices round), ``stock_round``.  The ``choose_ability`` action goes through the general step
(``engine.steps.choose_ability``): a step of this family mixing in ``AbilityChoosing`` names its time
(``CHOICE_TIME``), and the game answers the general hooks ``ability_choices`` / ``ability_chosen`` from
``company_choices`` / ``company_made_choice`` for that time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.token import Token
from engine.steps.base import Step
from engine.steps.choices import Choice

if TYPE_CHECKING:
    from engine.actions import Action


class CompanyChoices:
    """Mix-in for the family's game: the choosing privates, named by the title's class constants."""

    #: the station-swap private (exchange token <-> available token), the English-channel private (an exchange
    #: token made available), the card-mover private (a bank company to the top or bottom of its stack), the hill
    #: private (a discount token or a continuous hill discount)
    STATION_SWAP_COMPANY: ClassVar[str | None] = None
    CHANNEL_COMPANY: ClassVar[str | None] = None
    MOVE_CARD_COMPANY: ClassVar[str | None] = None
    HILL_COMPANY: ClassVar[str | None] = None
    #: company id -> the short name a choice shows
    COMPANY_SHORT_NAMES: ClassVar[dict[str, str]] = {}

    def company_choices(self, company: Any, time: str) -> dict[str, str]:
        game: Any = self
        sym = company.sym
        owner = company.owner
        corporate = getattr(owner, "is_corporation", False)
        if sym == game.STATION_SWAP_COMPANY:
            if time not in ("token", "track") or not corporate:
                return {}
            choices = {}
            count = game.exchange_tokens.get(owner.id, 0)
            if count > 0:
                choices["exchange"] = "Move an exchange token to the available section"
            if owner.tokens_by_type() and count < game.EXCHANGE_TOKENS.get(owner.id, 0):
                choices["available"] = "Move an available token to the exchange section"
            return choices
        if sym == game.CHANNEL_COMPANY:
            if time != "token" or not corporate or game.exchange_tokens.get(owner.id, 0) <= 0:
                return {}
            return {"exchange": "Move an exchange station token to the available station token section"}
        if sym == game.MOVE_CARD_COMPANY:
            if time not in ("token", "track", "issue") or not corporate:
                return {}
            choices = {}
            for prefix, in_box in ((game.MINOR_PREFIX, game.bid_box_minors()),
                                   (game.CONCESSION_PREFIX, game.bid_box_concessions()),
                                   (game.PRIVATE_PREFIX, game.bid_box_privates())):
                for other in game.bank_companies(prefix):
                    if any(other is c for c in in_box):
                        continue
                    short = game.COMPANY_SHORT_NAMES.get(other.sym, other.sym)
                    choices[f"{other.sym}_top"] = f"{short}-Top"
                    choices[f"{other.sym}_bottom"] = f"{short}-Bottom"
            return choices
        if sym == game.HILL_COMPANY:
            if len(company.all_abilities()) != 3 or time != "special_choose":
                return {}
            return {"token": "Receive a discount token that can be used to pay the full cost of a single track tile "
                             "lay on a rough terrain, hill or mountain hex.",
                    "discount": "Receive a £20 continuous discount off the cost of all hill and mountain terrain "
                                "(i.e. NOT off the cost of rough terrain)."}
        return {}

    def company_made_choice(self, company: Any, choice: str, time: str) -> None:
        game: Any = self
        sym = company.sym
        owner = company.owner
        if sym == game.STATION_SWAP_COMPANY:
            if choice == "exchange":
                game.move_exchange_token(owner)
                game.log(f"{owner.name} moves an exchange token into to the available station token section")
            else:
                token = owner.find_token_by_type()
                if token is not None:
                    owner.tokens.remove(token)
                game.exchange_tokens[owner.id] = game.exchange_tokens.get(owner.id, 0) + 1
                game.log(f"{owner.name} moves an available token into to the exchange station token section")
            game.log(f"{company.name} closes")
            company.close()
        elif sym == game.CHANNEL_COMPANY:
            game.move_exchange_token(owner)
            game.log(f"{owner.name} moves an exchange token into to the available station token section")
            game.log(f"{company.name} closes")
            company.close()
        elif sym == game.MOVE_CARD_COMPANY:
            other_sym, _, where = choice.rpartition("_")
            other = game.company_by_id(other_sym)
            boxes = {game.MINOR_PREFIX: game.bid_box_minors, game.CONCESSION_PREFIX: game.bid_box_concessions}
            in_box = boxes.get(other_sym[0], game.bid_box_privates)()
            game.companies.remove(other)
            if where == "top":
                last = in_box[-1] if in_box else None
                index = next((i for i, c in enumerate(game.companies) if c is last), -1)
                game.companies.insert(index + 1, other)
            else:
                game.companies.append(other)
            game.log(f"{owner.name} moves {other.name} to the {'top' if where == 'top' else 'bottom'}")
            game.log(f"{company.name} closes")
            company.close()
        elif sym == game.HILL_COMPANY:
            company.desc = self.company_choices(company, time)[choice]
            remove = "tile_discount" if choice == "token" else "tile_lay"
            for ability in list(company.all_abilities()):
                if ability.type == remove:
                    company.remove_ability(ability)
        else:
            raise IllegalAction(f"{company.name} has no choice to make")

    # --- the general ``choose_ability`` hooks (engine/steps/choose_ability.py) ----------------------------------
    def ability_choices(self, step: Any, company: Any) -> list[Choice] | None:
        """A private's options in a step of this family naming its time (``CHOICE_TIME``): only the current
        entity's privates choose; ``None`` (the ability's data) in any other step."""
        time = getattr(step, "CHOICE_TIME", None)
        if time is None:
            return None
        if company.owner is not step.round.current_entity():
            return []
        if time == "stock_round":
            game: Any = self
            if company.sym != game.TAX_HAVEN_COMPANY:
                return []
            options = game.tax_haven_choices(company, step.round)
        else:
            options = self.company_choices(company, time)
        return [Choice(value, label) for value, label in options.items()]

    def ability_choice_refusal(self, step: Any, company: Any, choice: Any) -> str | None:
        """The station swap lists moving an available token while any unused token is left, a destination token
        too, but the reference fails unless a normal one is left (1822 playout seed 5)."""
        game: Any = self
        owner = company.owner
        if (company.sym == game.STATION_SWAP_COMPANY and choice == "available"
                and owner.find_token_by_type() is None):
            return f"{owner.name} has no available station token to move to the exchange section"
        return None

    def ability_chosen(self, step: Any, company: Any, choice: Any) -> None:
        self.company_made_choice(company, str(choice), step.CHOICE_TIME)

    def move_exchange_token(self, entity: Any) -> None:
        """An exchange token becomes an ordinary token on the charter (at the token price)."""
        game: Any = self
        game.exchange_tokens[entity.id] = game.exchange_tokens.get(entity.id, 0) - 1
        entity.tokens.append(Token(entity, price=game.TOKEN_PRICE))


class SpecialChoose(Step):
    """A private just acquired that makes a choice (1822's P8) makes it before the operator goes on."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("choose",)
    NAME: ClassVar[str] = "SpecialChoose"

    game: Any

    def description(self) -> str:
        return "Choose"

    def company(self, entity: Any) -> Any:
        acquired = getattr(self.round, "acquired_companies", None) or []
        return next((c for c in acquired if c.owner is entity and self.game.company_choices(c, "special_choose")),
                    None)

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or self.company(entity) is None:
            return []
        return list(self.ACTIONS)

    def process_choose(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        company = self.company(entity)
        choice = str(getattr(action, "choice", ""))
        if company is None or choice not in self.game.company_choices(company, "special_choose"):
            raise IllegalAction(f"{entity.name} cannot choose {choice!r} now")
        self.game.company_made_choice(company, choice, "special_choose")

    def skip(self) -> None:
        self.pass_()
