"""18USA: a corporation may scrap its Pullman for $50 (from the bank; the car goes back to the depot) wherever
its president may act for it: in the stock round as a corporate action, in the operating round's loan step,
while trains are discarded, after a conversion (its loans step), in the conversion step and after an acquisition
(the buyer, before its loans are settled).  A corporation holding two Pullmans is crowded: it discards one of
them."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.trains import DiscardTrain
from engine.titles.g1817.merger import Conversion, PostConversionLoans

PULLMAN_SCRAP_VALUE = 50


def pullmans(game: Any, corporation: Any) -> list[Any]:
    return [t for t in getattr(corporation, "trains", ()) if game.pullman_train(t)]


def owned_by(entity: Any, other: Any) -> bool:
    """The reference's ownership test: ``entity``'s owner is ``other``, or ``other``'s owner, or the owner of
    ``entity``'s owner is ``other`` (so a corporation counts as "owned by" any corporation of its president)."""
    if other is None:
        return False
    owner = getattr(entity, "owner", None)
    return bool(owner is other or (owner is not None and getattr(owner, "owner", None) is other)
                or (owner is not None and owner is getattr(other, "owner", None)))


def can_scrap(game: Any, corporation: Any, acting: Any) -> bool:
    """May ``corporation`` scrap a Pullman while ``acting`` (a player or a corporation) is the one to act?"""
    return bool(getattr(corporation, "is_corporation", False) and owned_by(corporation, acting)
                and pullmans(game, corporation))


def scrap(game: Any, corporation: Any, train_id: Any) -> None:
    """Scrap the named Pullman of ``corporation``."""
    train = game.train_by_id(train_id)
    if train.owner is not corporation or not game.pullman_train(train):
        raise IllegalAction(f"{corporation.name} cannot scrap a {train.name} train")
    game.bank.spend(PULLMAN_SCRAP_VALUE, corporation)
    game.log(f"{corporation.name} scraps a pullman for {game.format_currency(PULLMAN_SCRAP_VALUE)}")
    game.depot.reclaim_train(train)


class Scrapping:
    """Mix-in for a step offering ``scrap_train`` besides its own actions (``scrap_allowed``)."""

    game: Any

    def scrap_allowed(self, entity: Any) -> bool:
        return can_scrap(self.game, entity, self.current_entity())  # type: ignore[attr-defined]

    def process_scrap_train(self, action: Any) -> None:
        entity = self.game.resolve_entity(action)
        if "scrap_train" not in self.actions(entity):  # type: ignore[attr-defined]
            raise IllegalAction(f"{entity.name} cannot scrap a train now")
        scrap(self.game, entity, getattr(action, "train", None))


class DiscardTrain18USA(Scrapping, DiscardTrain):
    """Discarding, a Pullman may be scrapped instead; a corporation with two Pullmans discards one of them."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("discard_train", "scrap_train")

    def actions(self, entity: Any) -> list[str]:
        found = [a for a in super().actions(entity) if a != "scrap_train"]
        if self.scrap_allowed(entity):
            found.append("scrap_train")
        return found

    def trains(self, corporation: Any) -> list[Any]:
        cars = pullmans(self.game, corporation)
        return cars if len(cars) > 1 else super().trains(corporation)


class Conversion18USA(Scrapping, Conversion):
    ACTIONS: ClassVar[tuple[str, ...]] = (*Conversion.ACTIONS, "scrap_train")

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if found and self.scrap_allowed(entity):
            found.append("scrap_train")
        return found


class PostConversionLoans18USA(Scrapping, PostConversionLoans):
    ACTIONS: ClassVar[tuple[str, ...]] = (*PostConversionLoans.ACTIONS, "scrap_train")

    def actions(self, entity: Any) -> list[str]:
        found = super().actions(entity)
        if self.scrap_allowed(entity):
            found.append("scrap_train")
        return found


__all__ = ["PULLMAN_SCRAP_VALUE", "Conversion18USA", "DiscardTrain18USA", "PostConversionLoans18USA", "Scrapping",
           "can_scrap", "owned_by", "pullmans", "scrap"]
