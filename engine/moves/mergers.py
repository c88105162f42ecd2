"""Legal moves of the merger games' steps: a stock turn that may auction a corporation
(``BuySellParSharesViaBid``), 1867's private auction, and the merger round (merge, convert, buy the new major's
shares, remove tokens above the limit, nationalise a trainless major)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.live import STALLS
from engine.moves.base import BidMove, BuySharesMove, CorporationMove, Move, PassMove, SimpleMove, Unusable
from engine.moves.registry import entity_ref, enumerates, enumerator_after
from engine.moves.token import remove_token_moves
from engine.steps.reduce_tokens import ReduceTokens
from engine.steps.shares_via_bid import BuySellParSharesViaBid
from engine.titles.g1867.merger import MajorTrainless, Merge, PostMergerShares, treasury_shares
from engine.titles.g1867.steps import SingleItemAuction


@dataclass(frozen=True)
class MergeMove(CorporationMove):
    """Name one of ``corporations`` in a ``merge`` action: a minor to add to the merger, or the major to form."""

    TYPE: ClassVar[str] = "merge"
    label: str = "merge with"


def _bid(step: Any, entity: Any, target: Any, target_key: str) -> Move | Unusable:
    etype, eid = entity_ref(entity)
    low = int(step.min_bid(target) or 0)
    high = int(step.max_bid(entity, target))
    if high < low:
        money = step.game.format_currency
        return Unusable(target_key, target.id, f"the minimum bid is {money(low)}; {entity.name} has {money(high)}")
    increment = step.min_increment() if step.must_bid_increment_multiple() else 0
    return BidMove(etype, eid, target=target.id, min_bid=low, max_bid=high, target_key=target_key, step=increment)


@enumerates(BuySellParSharesViaBid)
def stock_turn_via_bid(step: BuySellParSharesViaBid, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    target = step.auction_target
    if target is not None:
        yield _bid(step, entity, target, "corporation")
        yield PassMove(etype, eid, label=step.pass_description())
        return
    if "bid" in kinds:
        for corporation in step.biddable_corporations(entity):
            yield _bid(step, entity, corporation, "corporation")
    rest = enumerator_after(step, BuySellParSharesViaBid)
    if rest is not None:
        yield from rest(step, entity)  # type: ignore[arg-type]


@enumerates(SingleItemAuction)
def single_item_auction(step: SingleItemAuction, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    etype, eid = entity_ref(entity)
    target = step.auction_target
    if target is not None:
        yield _bid(step, entity, target, "company")
    yield PassMove(etype, eid, label="Pass")


@enumerates(Merge)
def merge_turn(step: Merge, entity: Any) -> Iterator[Move | Unusable]:
    kinds = step.actions(entity)
    if not kinds:
        return
    etype, eid = entity_ref(entity)
    if step.converting is not None or step.merge_major:
        majors = tuple(c.id for c in step.mergeable_majors())
        if step.merge_major and not step.can_finish(list(step.merging or [])):
            yield Unusable("merge", entity.id, "Merge impossible, no player can become president")
            return
        if majors:
            yield MergeMove(etype, eid, corporations=majors, label="form the major")
        return
    # A merger nobody can preside over is refused only as it is finished (the reference's players then undo):
    # the moves offer only additions and a finish that can form a major.
    merging = list(step.merging or [entity])
    if not step.mergeable_majors():
        # every major has been started: a conversion or merger would wait for a major to form for ever (the
        # reference offers them and stops there); only the pass is left
        why = f"no major corporation is left to form ({STALLS} after a conversion or merger)"
        if "convert" in kinds and step.can_convert(entity):
            yield Unusable("convert", entity.id, why)
        for corporation in step.mergeable_candidates(entity):
            yield Unusable("corporation", corporation.id, why)
        if "pass" in kinds and not step.merging:
            yield PassMove(etype, eid, label="Pass")
        return
    candidates = []
    for corporation in step.mergeable_candidates(entity):
        if step.can_finish([*merging, corporation]):
            candidates.append(corporation.id)
        else:
            yield Unusable("corporation", corporation.id, "no player could become president of the merged major")
    if candidates:
        yield MergeMove(etype, eid, corporations=tuple(candidates), label="merge with")
    if "convert" in kinds:
        yield SimpleMove(etype, eid, kind="convert", label=f"convert {entity.name} into a major")
    if "pass" in kinds:
        if step.merging and not step.can_finish(merging):
            yield Unusable("pass", entity.id, "no player could become president of the merged major")
        else:
            yield PassMove(etype, eid, label="Done adding corporations" if step.merging else "Pass")


@enumerates(PostMergerShares)
def post_merger_shares(step: PostMergerShares, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity) or entity is not step.current_entity():
        return
    etype, eid = entity_ref(entity)
    corporation = step.corporation()
    ok = [s for s in treasury_shares(corporation)[:2] if step.can_buy(entity, s.to_bundle())]
    ids = tuple(s.id for s in ok)
    found: list[Move] = []
    if ids:
        found.append(
            BuySharesMove(
                etype,
                eid,
                corporation=corporation.id,
                source="ipo",
                shares=ids,
                percent=10,
                price=int(ok[0].to_bundle().price),
            )
        )
    found.append(PassMove(etype, eid, label="Pass"))
    breaking = [m for m in found if _breaks_merger(step, m)] if _presidency_unsold(corporation) else []
    if len(breaking) == len(found):
        breaking = []  # nothing saves the merger now (the reference's players undo): offer what the step takes
    for move in found:
        if move in breaking:
            yield Unusable(
                move.TYPE,
                corporation.id,
                f"{entity.name} would leave {corporation.name} without a "
                "president (nobody left to buy the president's certificate): the merger would fail",
            )
        else:
            yield move


def _presidency_unsold(corporation: Any) -> bool:
    shares = treasury_shares(corporation)
    return bool(shares and shares[0].president)


def _breaks_merger(step: PostMergerShares, move: Move) -> bool:
    """Would ``move`` (tried on a copy) leave the new major with its president's certificate unsold and nobody
    left to buy (the reference then says "Merge failed ... please undo" and can only be undone)?"""
    from engine.actions import Action
    from engine.errors import GameError
    from engine.moves.registry import trial_copy

    try:
        trial: Any = trial_copy(step.game)
    except Exception:  # a state that cannot be copied (a program of a class made at run time): offer the move
        return False
    try:
        trial.process_single_action(Action.from_dict(move.sample(random.Random(0))))
    except GameError:
        return False
    if any(getattr(s, "broken_merge", False) for s in trial.round.steps):
        return True
    corporation = step.corporation()
    after = trial.corporation_by_id(corporation.id)
    return _presidency_unsold(after) and getattr(trial.round, "converted", None) is not after


@enumerates(ReduceTokens)
def reduce_tokens(step: ReduceTokens, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    surviving = step.surviving()
    tokens = [
        t
        for c in (surviving, *step.acquired())
        for t in c.tokens
        if t.used and t.city is not None and step.available_hex(entity, t.city.hex)
    ]
    plain = _plain_reduction(step)
    for token in tokens:
        # a title's step may refuse (after the fact, as the reference) a removal leaving the major's own stations
        # in one hex: tried on a copy, such a removal is shown with the step's reason instead
        tried = not plain or _plain_finish_may_refuse(step, surviving, token)
        for item in remove_token_moves(entity, (token,)):
            reason = _refused_on_copy(step, item) if tried else None
            if reason is None:
                yield item
            else:
                yield Unusable("remove_token", str(getattr(item, "hex", "")), reason)


def _plain_reduction(step: Any) -> bool:
    """Whether ``step`` removes stations as the plain ``ReduceTokens`` does, with the plain ``TokenMerger``."""
    from engine.services.mergers import TokenMerger

    if type(step).process_remove_token is not ReduceTokens.process_remove_token:
        return False  # (a title's own removal: tried)
    return type(step.merger) is TokenMerger


def _plain_finish_may_refuse(step: Any, surviving: Any, removed: Any) -> bool:
    """Whether the plain step could refuse the removal of ``removed``: it only removes the station while the
    survivor stays above its limits (two of its stations in one hex, one in a hex of an absorbed corporation's, or
    more stations than the limit); once within them it finishes, moving the absorbed stations over, which refuses
    only when more would then be placed than the limit (counted here as the finish counts them: the survivor's
    placed stations, the absorbed ones in a city, and those placed off any city that pass over).  Only such a
    removal needs trying on a copy of the game (18USA: each copy costs 12-30 ms)."""
    merger = step.merger
    others = step.acquired()
    mine = [t for t in surviving.tokens if t is not removed]
    theirs = [t for t in merger.others_tokens(others) if t is not removed]
    hexes = [id(t.hex) for t in mine if t.hex is not None]
    if len(set(hexes)) != len(hexes) or any(t.hex is not None and id(t.hex) in hexes for t in theirs):
        return False  # (still above: the station is only removed)
    if sum(1 for t in (*mine, *theirs) if t.used) > merger.limit:
        return False
    moved = sum(1 for t in theirs if t.city is not None or (t.used and hasattr(t, "transfer_to")))
    return sum(1 for t in mine if t.used) + moved > int(merger.limit)


def _refused_on_copy(step: Any, move: Move) -> str | None:
    """The engine's reason for refusing ``move`` (tried on a copy of the game), or None when it takes it."""
    from engine.actions import Action
    from engine.errors import GameError
    from engine.moves.registry import trial_copy

    try:
        trial: Any = trial_copy(step.game)
    except Exception:  # a state that cannot be copied (a program of a class made at run time): offer the move
        return None
    try:
        trial.process_single_action(Action.from_dict(move.sample(random.Random(0))))
    except GameError as exc:
        return str(exc.message if hasattr(exc, "message") else exc)
    return None


@enumerates(MajorTrainless)
def major_trainless(step: MajorTrainless, entity: Any) -> Iterator[Move | Unusable]:
    if not step.actions(entity):
        return
    from engine.moves.choose import ChooseMove
    from engine.steps.choices import Choice

    etype, eid = entity_ref(entity)
    if step.nationalizing_stalls(entity):
        yield Unusable(
            "choice",
            "nationalize",
            f"{entity.name} is operating now: nationalised, it would leave the "
            f"round with {STALLS} (the 18xx.games engine stops there too); decline instead",
        )
    else:
        yield ChooseMove(
            etype, eid, choices=tuple(Choice(k, v) for k, v in step.choices().items()), name="Nationalize Major?"
        )
    yield PassMove(etype, eid, label="Decline")


__all__ = ["MergeMove"]
