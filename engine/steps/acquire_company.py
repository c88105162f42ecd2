"""Acquisition of private companies without payment at the start of a corporation's turn (the reference's
``Step::AcquireCompany``; 1822's majors and minors take over privates this way).

Which companies a corporation may acquire now is the title's (optional game hook ``acquirable_companies``: none
without it); what an acquired company brings (a train, cash, its closing) is the ``company_bought`` hook's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.base import Step
from engine.steps.companies import company_bought

if TYPE_CHECKING:
    from engine.actions import Action


def acquirable_companies(game: Any, entity: Any) -> list[Any]:
    """The companies ``entity`` may acquire now (the title's ``acquirable_companies``; none by default)."""
    hook = getattr(game, "acquirable_companies", None)
    return list(hook(entity)) if hook is not None else []


class AcquireCompany(Step):
    ACTIONS: ClassVar[tuple[str, ...]] = ("acquire_company", "pass")
    NAME: ClassVar[str] = "AcquireCompany"

    def round_state(self) -> dict[str, Any]:
        return {"acquired_companies": []}

    def description(self) -> str:
        return "Acquire private companies"

    def pass_description(self) -> str:
        return "Done (Acquire companies)" if self.acted else "Skip (Acquire companies)"

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity() or not acquirable_companies(self.game, entity):
            return []
        return list(self.ACTIONS)

    def process_acquire_company(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        company = game.company_by_id(getattr(action, "company", None))
        if not any(c is company for c in acquirable_companies(game, entity)):
            raise IllegalAction(f"{entity.name} cannot acquire {company.name}")
        owner = company.owner
        if owner is not None:
            owner.companies[:] = [c for c in owner.companies if c is not company]
        company.owner = entity
        entity.companies.append(company)
        self.round.acquired_companies.append(company)  # type: ignore[attr-defined]
        game.log(f"{entity.name} acquires {company.name} from {owner.name if owner is not None else 'the bank'}")
        company_bought(game, company, entity)
        if not acquirable_companies(game, entity):
            self.pass_()

    def skip(self) -> None:
        self.pass_()


__all__ = ["AcquireCompany", "acquirable_companies"]
