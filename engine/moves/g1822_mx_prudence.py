"""1822MX's own rule of thumb for random players (engine/moves/prudence.py): bid on the minor the NdeM cannot
take."""

from __future__ import annotations

from typing import Any

from engine.moves.prudence import title_prudence
from engine.titles.g1822_mx.rules import Game1822MX

__all__ = ["NDEM_TOKENS_SPARED", "bid_for_the_minor_the_ndem_cannot_take"]


#: From how few free NdeM tokens on a random player bids on the minor the NdeM would take (see below).
NDEM_TOKENS_SPARED = 3


@title_prudence(Game1822MX)
def bid_for_the_minor_the_ndem_cannot_take(game: Any, moves: list[Any]) -> list[Any]:
    """A random player's prudence (engine/moves/prudence.py): the first bid box's minor, unbid at the end of a
    stock round, is replaced by an NdeM token in its home city; with the NdeM's ten tokens all on the map the
    reference engine fails there (``place_token`` with no token: "NDEM cannot lay token - has no tokens left";
    our engine refuses the pass that ends the round so, naming STALLS).  Random players left the first minor
    unbid in most stock rounds (real games hardly ever do), so nearly every 1822MX playout ended there: once the
    NdeM is down to its last ``NDEM_TOKENS_SPARED`` tokens, whoever can bid on that minor does (from then on a
    table with no $100 left for the minimum bid ends there, in both engines: 1822MX seed 10001)."""
    if game.ndem_state != "open":
        return moves
    ndem = game.ndem
    if sum(1 for t in ndem.tokens if not t.used) > NDEM_TOKENS_SPARED:
        return moves
    minors = game.bid_box_minors()
    if not minors:
        return moves
    first = minors[0]
    if (getattr(game.round, "box_bids", None) or {}).get(first):
        return moves
    minor = game.corporation_by_id(first.sym[1:])
    cities = game.hex_by_id(minor.coordinates).tile.cities
    if any(c.reserved_by(minor) and c.tokened_by(ndem) for c in cities):
        return moves  # the NdeM is in that city already: it needs no token there
    bids = [m for m in moves if m.type == "bid" and m.target == first.id]
    return bids or moves
