"""Private companies outside the auction: exchanging a private for a certificate (any time its owner likes),
and an operating corporation buying a private from a player for a price within the private's range."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.errors import GameError
from engine.model.entities import Player
from engine.moves.base import BuyCompanyMove, BuySharesMove, Move, PassMove, Unusable
from engine.moves.registry import entity_ref, enumerates
from engine.moves.stock import held
from engine.steps.companies import BuyCompany, Exchange, exchange_corporations


@enumerates(Exchange)
def exchange(step: Exchange, entity: Any) -> Iterator[Move | Unusable]:
    if "buy_shares" not in step.actions(entity):
        return
    ability = step.exchange_ability(entity)
    if ability is None:
        return
    game = step.game
    etype, eid = entity_ref(entity)
    sources = list(ability.from_)
    for corporation in exchange_corporations(game, ability):
        candidates: list[tuple[str, list[Any]]] = []
        ipo = held(corporation.ipo_owner, corporation)
        if "reserved" in sources:
            candidates.append(("reserved", [s for s in ipo if not s.buyable and not s.president]))
        if "ipo" in sources:
            candidates.append(("ipo", [s for s in ipo if s.buyable and not s.president]))
        if "market" in sources:
            candidates.append(("market", [s for s in held(game.share_pool, corporation) if not s.president]))
        for source, shares in candidates:
            ok = []
            for share in shares:
                bundle = share.to_bundle()
                if not step.can_exchange(entity, bundle):
                    continue
                try:
                    step.check_source(entity, bundle)
                except GameError:
                    continue
                ok.append(share)
            by_percent: dict[int, list[Any]] = {}
            for share in ok:
                by_percent.setdefault(int(share.percent), []).append(share)
            for percent, group in by_percent.items():
                yield BuySharesMove(
                    etype,
                    eid,
                    corporation=corporation.id,
                    source=source,
                    shares=tuple(s.id for s in group),
                    percent=percent,
                    price=0,
                )


@enumerates(BuyCompany)
def buy_company(step: BuyCompany, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    game = step.game
    etype, eid = entity_ref(entity)
    if "buy_company" in kinds:
        room = getattr(step, "room", None)
        minors = {m.id for m in game.minors}
        for company in game.company_rules.purchasable(entity):
            if not game.company_rules.sellable(company):
                continue
            low = int(company.min_price)
            high = min(step.max_price(company, entity), int(entity.cash))
            if company.id in minors and room is not None and not room(entity):
                yield Unusable("company", company.id, "no room for the minor's train")
            elif high < low:
                money = game.format_currency
                yield Unusable(
                    "company", company.id, f"costs at least {money(low)}; {entity.name} has {money(entity.cash)}"
                )
            else:
                yield BuyCompanyMove(
                    etype,
                    eid,
                    company=company.id,
                    seller=company.owner.id,
                    min_price=low,
                    max_price=high,
                    needs_consent=_needs_consent(entity, company),
                )
    if "pass" in kinds:
        yield PassMove(etype, eid, label=step.pass_description())


def _needs_consent(buyer: Any, company: Any) -> bool:
    """A private bought from a player other than the buyer's president (or than the buying player) changes hands
    only if that player agrees; a president selling his own private to his corporation needs nobody's consent."""
    seller = company.owner
    if not isinstance(seller, Player):
        return False
    president = buyer if isinstance(buyer, Player) else getattr(buyer, "owner", None)
    return seller is not president
