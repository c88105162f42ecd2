"""18USA: a corporation may scrap its Pullman for $50 (from the bank; the car goes back to the depot) wherever
its president may act for it: in the stock round as a corporate action, in the operating round's loan step,
after a conversion and after an acquisition."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction

PULLMAN_SCRAP_VALUE = 50


def pullmans(game: Any, corporation: Any) -> list[Any]:
    return [t for t in getattr(corporation, "trains", ()) if game.pullman_train(t)]


def can_scrap(game: Any, corporation: Any, acting_player: Any) -> bool:
    return bool(getattr(corporation, "is_corporation", False) and corporation.owner is acting_player
                and pullmans(game, corporation))


def scrap(game: Any, corporation: Any, train_id: Any) -> None:
    """Scrap the named Pullman of ``corporation``."""
    train = game.train_by_id(train_id)
    if train.owner is not corporation or not game.pullman_train(train):
        raise IllegalAction(f"{corporation.name} cannot scrap a {train.name} train")
    game.bank.spend(PULLMAN_SCRAP_VALUE, corporation)
    game.log(f"{corporation.name} scraps a pullman for {game.format_currency(PULLMAN_SCRAP_VALUE)}")
    game.depot.reclaim_train(train)


__all__ = ["PULLMAN_SCRAP_VALUE", "can_scrap", "pullmans", "scrap"]
