"""What merging one corporation into another moves: cash, companies, loans and trains (``move_assets``), station
tokens (``move_tokens``), and the token limit of the survivor (``TokenMerger``: tokens in one hex, the limit, the
tokens the survivor keeps).  Used by merger rounds (1867, 1861) and any title that folds one operator into
another; the order of the certificates exchanged and the presidency is the title's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import GameError
from engine.model.token import Token

if TYPE_CHECKING:
    from engine.game import Game


def transfer(items: list[Any], to_items: list[Any], to: Any) -> list[Any]:
    """Move every item of ``items`` (companies, loans, trains) to ``to`` (appended to ``to_items``, in order);
    returns what moved."""
    moved = list(items)
    for item in moved:
        item.owner = to
        to_items.append(item)
    items.clear()
    return moved


def move_assets(game: Game, source: Any, target: Any) -> list[str]:
    """``source``'s cash, companies, loans and trains go to ``target``; returns the log's "receiving" parts."""
    receiving: list[str] = []
    if source.cash > 0:
        receiving.append(game.format_currency(source.cash))
        source.spend(source.cash, target)
    companies = transfer(source.companies, target.companies, target)
    if companies:
        receiving.append(f"companies ({', '.join(c.name for c in companies)})")
    loans = transfer(source.loans, target.loans, target)
    if loans:
        receiving.append(f"loans ({len(loans)})")
    trains = transfer(source.trains, target.trains, target)
    if trains:
        game.train_rules.crowded_cache = None
        receiving.append(f"trains ({[t.name for t in trains]})".replace("'", '"'))
    return receiving


def placed_off_city(token: Any, target: Any) -> Any:
    """A token placed on a hex outside any city (18USA's red-area marker: a ``Token`` subclass with
    ``transfer_to``) passes to ``target`` still placed; None for any other token without a city."""
    transfer_to = getattr(token, "transfer_to", None)
    if not token.used or transfer_to is None:
        return None
    return transfer_to(target)


def move_tokens(source: Any, target: Any) -> None:
    """Each placed token of ``source`` is replaced by one of ``target`` (its next unused one, or a new one)."""
    for token in list(source.tokens):
        city = token.city
        if city is None:
            moved = placed_off_city(token, target)
            if moved is not None:
                target.tokens.append(moved)
            continue
        new_token = target.next_token()
        if new_token is None:
            new_token = Token(target)
            target.tokens.append(new_token)
        token.remove()
        city.place_token(target, new_token, check_tokenable=False)


class TokenMerger:
    """The token limit of a corporation that absorbs others (the reference's ``TokenMerger``)."""

    def __init__(self, game: Game, limit: int) -> None:
        self.game = game
        self.limit = limit

    @staticmethod
    def others_tokens(others: list[Any]) -> list[Any]:
        return [t for corporation in others for t in corporation.tokens]

    def tokens_in_same_hex(self, surviving: Any, others: list[Any]) -> bool:
        mine = {id(t.hex) for t in surviving.tokens if t.hex is not None}
        return any(t.hex is not None and id(t.hex) in mine for t in self.others_tokens(others))

    def tokens_above_limits(self, surviving: Any, others: list[Any]) -> bool:
        hexes = [t.hex for t in surviving.tokens if t.hex is not None]
        if len({id(h) for h in hexes}) != len(hexes) or self.tokens_in_same_hex(surviving, others):
            return True
        return sum(1 for t in (*surviving.tokens, *self.others_tokens(others)) if t.used) > self.limit

    def remove_duplicate_tokens(self, surviving: Any, others: list[Any]) -> None:
        """The survivor's tokens in a city where an absorbed corporation has one are removed."""
        cities = [t.city for t in self.others_tokens(others) if t.city is not None]
        for token in list(surviving.tokens):
            if token.city is not None and any(token.city is c for c in cities):
                token.remove()

    def move_tokens_to_surviving(self, surviving: Any, others: list[Any], price_for_new_token: int = 0,
                                 check_tokenable: bool = True) -> list[Any]:
        """The absorbed corporations' tokens become the survivor's; it keeps at most ``limit`` (placed ones first,
        then the cheapest unplaced)."""
        used = [t for t in surviving.tokens if t.used]
        unused = [t for t in surviving.tokens if not t.used]
        hexes: list[Any] = []
        for token in self.others_tokens(others):
            new_token = Token(surviving, price=price_for_new_token)
            city = token.city
            if city is not None:
                used.append(new_token)
                token.remove()
                if not check_tokenable or city.tokenable(surviving, free=True, tokens=[new_token]):
                    city.place_token(surviving, new_token, free=True, check_tokenable=check_tokenable)
            else:
                moved = placed_off_city(token, surviving)
                if moved is not None:
                    new_token = moved
                    used.append(new_token)
                else:
                    unused.append(new_token)
            hexes.append(new_token.hex.id if new_token.hex is not None else None)
        if len(used) > self.limit:
            raise GameError("Used token above limit")
        survivors = used + sorted(unused, key=lambda t: t.price)
        surviving.tokens[:] = survivors[:self.limit]
        self.game.graph.clear_graph_for(surviving)  # (its route availability may have gone with the tokens)
        return hexes


__all__ = ["TokenMerger", "move_assets", "move_tokens", "placed_off_city", "transfer"]
