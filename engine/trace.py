"""Our state in the reference trace schema, and the comparison that finds the first differing action.

The reference traces (``shared/reference/traces/<title>/<id>.trace.jsonl.gz``) hold the reference engine's
state after every applied action.  ``state_of(game)`` produces the same fields from our game so that a
replay can be compared action by action.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from engine.game import Game


def _pid(entity: Any) -> Any:
    return entity.id if entity is not None else None


def _owner_id(owner: Any) -> Any:
    if owner is None:
        return None
    if getattr(owner, "is_player", False):
        return str(owner.id)
    return owner.name


def state_of(game: Game) -> dict[str, Any]:
    """The trace fields of ``game`` now."""
    round_ = game.round
    step = round_.active_step()
    entity = round_.current_entity()
    if entity is None and game.actions:
        # As the reference's ``current_entity``: with no step to act, the last action's entity.
        entity = game.resolve_entity(game.actions[-1])
    if getattr(entity, "is_player", False):
        entity_id: Any = entity.id
    elif getattr(entity, "is_company", False):
        entity_id = entity.sym
    elif entity is not None:
        entity_id = entity.name
    else:
        entity_id = None
    priority = game.priority_deal_player()
    players = {}
    for p in game.players:
        shares: dict[str, int] = {}
        for corp, certs in p.shares_by_corporation.items():
            if certs:
                shares[corp.name] = sum(s.percent for s in certs)
        players[str(p.id)] = {"cash": p.cash, "shares": shares, "companies": sorted(c.sym for c in p.companies)}
    corporations = {}
    for c in game.corporations:
        sp = c.share_price
        president = c.owner if getattr(c.owner, "is_player", False) else None
        # A corporation in receivership (1846) is "presided" by the market pool.
        president_id = "SharePool" if getattr(c.owner, "is_share_pool", False) else _pid(president)
        corporations[c.name] = {
            "cash": c.cash,
            "price": sp.price if sp is not None else None,
            "coordinates": list(sp.coordinates) if sp is not None else None,
            "floated": bool(c.floated),
            "president": president_id,
            "ipo_percent": sum(s.percent for s in c.ipo_owner.shares_of(c)) if c.ipo_owner is not None else 0,
            "pool_percent": sum(s.percent for s in game.share_pool.shares_of(c)),
            "trains": [t.name for t in c.trains],
            "companies": sorted(co.sym for co in c.companies),
            "tokens": [t.hex.id for t in c.tokens if t.used and t.hex is not None],
        }
        corporations[c.name].update(_corporation_extras(c))
    companies = {}
    for co in game.companies:
        companies[co.sym] = "closed" if co.closed else _owner_id(co.owner)
    depot: dict[str, int] = {}
    for t in game.depot.upcoming:
        depot[t.name] = depot.get(t.name, 0) + 1
    tiles = {}
    for h in game.hexes:
        if h.tile is not h.original_tile:
            # as the site's trace: a hex is listed when its tile's name or rotation differs from the start (a tile
            # laid with the printed name and rotation, 18ZOO's Hole track, is not)
            now = f"{h.tile.name}@{h.tile.rotation}"
            if now != f"{h.original_tile.name}@{h.original_tile.rotation}":
                tiles[h.id] = now
    state: dict[str, Any] = {
        "round": round_.NAME,
        "turn": game.turn,
        "round_num": round_.round_num,
        "step": step.NAME if step is not None else None,
        "entity": entity_id,
        "phase": game.phase.name,
        "priority": _pid(priority),
        "bank": game.bank.cash,
        "finished": game.finished,
        "players": players,
        "corporations": corporations,
        "companies": companies,
        "depot": depot,
        "tiles": tiles,
    }
    if game.minors:
        state["minors"] = {m.id: _minor_state(m) for m in game.minors}
    return state


def _corporation_extras(corporation: Any) -> dict[str, Any]:
    """The corporation fields the reference's trace writes only when they carry something: its loans (when
    above 0), its number of shares (when not 10: a 100% minor counts 2, as the reference's ``total_shares``),
    closed (when true)."""
    extras: dict[str, Any] = {}
    if corporation.loans:
        extras["loans"] = len(corporation.loans)
    share_count = corporation.total_shares
    if share_count != 10:
        extras["share_count"] = share_count
    if corporation.closed:
        extras["closed"] = True
    return extras


#: Corporation fields written only "when present" (see ``_corporation_extras``); older traces do not have them,
#: so they are compared only when the reference has them, or when ours differ from the default.
PRESENT_ONLY_FIELDS = {"loans": 0, "share_count": 10, "closed": False}


def _minor_state(minor: Any) -> dict[str, Any]:
    """A minor's trace fields (written by the reference only for titles with minors)."""
    owner = minor.owner
    return {
        "cash": minor.cash,
        "owner": owner.id if getattr(owner, "is_player", False) else (None if owner is None else owner.name),
        "floated": bool(minor.floated),
        "closed": bool(getattr(minor, "closed", False)),
        "trains": [t.name for t in minor.trains],
        "tokens": [t.hex.id for t in minor.tokens if t.used and t.hex is not None],
    }


def read_trace(path: str | Path) -> Iterator[dict[str, Any]]:
    """The trace's entries in order.  The reference's dumper replays up to an action's id, so where two actions
    of a file share an id (1822PNW/p19_on_hex_with_cost, 413 and 414) the first one's entry already shows the
    state after the second: such an entry is left out (the next one stands for both)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        entries = (json.loads(line) for line in (raw.strip() for raw in fh) if line)
        yield from drop_repeated_ids(entries)


def drop_repeated_ids(entries: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """``entries`` without each action entry whose id the next entry repeats."""
    held: dict[str, Any] | None = None
    for entry in entries:
        if held is not None and not (held.get("id") is not None and held.get("type") not in ("start", "end")
                                     and entry.get("id") == held.get("id")):
            yield held
        held = entry
    if held is not None:
        yield held


#: Fields the reference wrote as null throughout (not recorded), or that older traces do not have: compared only
#: when the reference has them.
OPTIONAL_FIELDS = ("priority", "minors")


def diff_states(ours: dict[str, Any], theirs: dict[str, Any], prefix: str = "") -> list[str]:
    """Human-readable list of differences (``path: ours != theirs``)."""
    out: list[str] = []
    for key in sorted(set(ours) | set(theirs), key=str):
        path = f"{prefix}{key}"
        if not prefix and key in OPTIONAL_FIELDS and theirs.get(key) is None:
            continue
        if prefix.startswith("corporations.") and key in PRESENT_ONLY_FIELDS:
            default = PRESENT_ONLY_FIELDS[key]
            if ours.get(key, default) == theirs.get(key, default) or (key not in theirs and key == "share_count"):
                continue
        a = ours.get(key, "<missing>")
        b = theirs.get(key, "<missing>")
        if isinstance(a, dict) and isinstance(b, dict):
            out.extend(diff_states(a, b, path + "."))
        elif _norm(a) != _norm(b):
            out.append(f"{path}: ours={a!r} reference={b!r}")
    return out


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return [_norm(v) for v in value]
    if isinstance(value, int | str) and not isinstance(value, bool):
        return str(value)
    return value
