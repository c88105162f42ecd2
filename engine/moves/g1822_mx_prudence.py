"""1822MX's own rule of thumb for random players (engine/moves/prudence.py): bid on the minor the NdeM cannot
take."""

from __future__ import annotations

from typing import Any

from engine.moves.prudence import title_prudence
from engine.titles.g1822_mx.rules import Game1822MX

__all__ = ["bid_for_the_minor_the_ndem_cannot_take"]


@title_prudence(Game1822MX)
def bid_for_the_minor_the_ndem_cannot_take(game: Any, moves: list[Any]) -> list[Any]:
    """A random player's prudence (engine/moves/prudence.py): the first bid box's minor, unbid at the end of a
    stock round, is replaced by an NdeM token in its home city; with the NdeM's ten tokens all on the map the
    reference engine fails there (``place_token`` with no token: "NDEM cannot lay token - has no tokens left";
    our engine refuses the pass that ends the round so, naming STALLS).  The six real games lost 3 to 11 minors
    so; random players left the first minor unbid in most stock rounds, so nearly every 1822MX playout ended
    there.  Whoever can bid on that minor does (a table with no $100 left for the minimum bid still ends there
    once the NdeM's tokens are gone, in both engines: 1822MX seed 10005).  Sparing the NdeM only from its last
    three tokens on still left 3 of 9 playouts there: the tables were broke by then.

    What is left is not the player's to avoid (session 34, seeds 12002 and 12004, both at round 33 of the game): every
    player holds less than the $100 minimum bid and the one to act is offered nothing but a pass (seed 12002: two
    players $2,137 and $4,897 in debt with no cash, the other two $13 and $53; seed 12004: $1,558 and $324 in
    debt, $54 and $9), so no move keeps a bid possible.  The reference engine fails there the same way
    (``find_token_by_type`` raises) and our engine stops where it does (STALLS): the saved playout checks equal.
    The rules we could read (the reference's implementation; the BGG rules file it links is not stored here) say
    nothing of an NdeM without tokens.  Such tables come from random play's debt spiral, not from this rule."""
    if game.ndem_state != "open":
        return moves
    ndem = game.ndem
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
