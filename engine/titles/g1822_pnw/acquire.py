"""1822PNW's acquisitions of privates: the backroom-negotiations private (P20) closes when acquired; acquired by an
unassociated minor, it lets that minor replace an associated minor still in the bank (whose major has not
started): the minor becomes the new associated minor of that major, whose home moves to the minor's home."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.steps.acquire_company import AcquireCompany
from engine.steps.choices import Choice, Choosing
from engine.titles.family1822.acquisition import MinorAcquisition


class AcquireCompanyPNW(Choosing, AcquireCompany):
    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.new_associated: Any = None
        self.targets: list[Any] = []

    def actions(self, entity: Any) -> list[str]:
        if self.new_associated is not None:
            return ["choose"] if entity is self.new_associated else []
        return list(super().actions(entity))

    def process_acquire_company(self, action: Any) -> None:
        game: Any = self.game
        company = game.company_by_id(getattr(action, "company", None))
        super().process_acquire_company(action)
        if company is None or company.sym != game.BACKROOM_COMPANY:
            return
        game.log(f"{company.name} closes")
        company.close()
        entity = game.resolve_entity(action)
        if entity not in game.unassociated_minors():
            return
        targets = self.p20_targets()
        if targets:
            self.new_associated = entity
            self.targets = targets
            self.passed = False

    def p20_targets(self) -> list[Any]:
        """The associated minors in the bank but not in the bid box (or already discarded) whose major has not
        started."""
        game: Any = self.game
        box = game.bid_box_minors()
        found = []
        for minor_id, major_id in game.minor_associations.items():
            company = next((c for c in game.companies if c.sym == f"M{minor_id}"), None)
            minor = game.corporation_by_id(minor_id)
            major = game.corporation_by_id(major_id)
            if minor is None or minor.owner is not None or major.owner is not None or major.floated:
                continue
            discarded = company is None or (company.owner is None and company.closed and minor.closed)
            if discarded or not any(c is company for c in box):
                found.append(minor)
        return found

    def choice_name(self) -> str:
        return "Pick which associated minor to replace"

    def choices(self, entity: Any) -> list[Choice]:
        game: Any = self.game
        if entity is not self.new_associated:
            return []
        return [Choice(t.name, f"Replace {t.name} as associated minor for {game.minor_associations[t.id]}")
                for t in self.targets]

    def choose(self, entity: Any, choice: Any) -> None:
        game: Any = self.game
        game.replace_associated_minor(str(choice), entity)
        self.new_associated = None
        self.targets = []


class MinorAcquisitionPNW(MinorAcquisition):
    """Majors acquire unassociated minors (associated ones only merge), and regional railways that have paid their
    owner at least twice."""

    def potentially_mergeable(self, entity: Any) -> list[Any]:
        game: Any = self.game
        found = [m for m in super().potentially_mergeable(entity) if not game.is_associated(m)]
        return found + [r for r in game.regionals() if game.regional_payouts.get(r.id, 0) > 1]

    def connects(self, entity: Any, minor: Any) -> bool:
        """The major reaches the minor's home (its token, or its reserved city while in the bank)."""
        return bool(self.game.entity_connects(entity, minor))  # type: ignore[attr-defined]

    def process_merge(self, action: Any) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        minor = game.corporation_by_id(getattr(action, "corporation", None))
        if game.strict and minor is not None and not self.connects(entity, minor):
            raise IllegalAction(f"Can't acquire minor {minor.id} because it is not connected to {entity.id}")
        super().process_merge(action)

    def extra_transfers(self, minor: Any, entity: Any) -> str | None:
        """The minor's mine token goes to the major (before the minor's other tokens move)."""
        game: Any = self.game
        token = game.coal_token
        if not any(t is token for t in minor.tokens):
            return None
        token.corporation = entity
        entity.tokens.append(token)
        minor.tokens.remove(token)
        return "Mine token"
