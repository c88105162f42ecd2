"""Trains and their rules: train limits and crowded corporations, buying a train (the money, the owner, the
companies that close on a first train), removing and rusting trains, train events, whether an operator must
buy a train or can run a route.

A game composes one ``TrainRules`` (``game.train_rules``); a title with its own train rules or events names a
subclass in its game class's ``TRAIN_RULES``.  A train event ``X`` (from the title's train data) runs the
service's ``event_X()`` (1846: ``remove_reservations``, ``remove_bonuses`` and its own ``close_companies``).
The phase and the depot reach it as ``host.train_rules`` (``rust_trains``, ``trigger_train_event``,
``remove_train``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


class TrainRules:
    """The train rules of one game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: corporations over their train limit (None: not known; cleared whenever trains move)
        self.crowded_cache: list[Any] | None = None

    # --- limits --------------------------------------------------------------------------------------------
    def train_limit(self, entity: Any) -> int:
        """The phase's limit, raised by the entity's ``train_limit`` abilities (18MEX's NdM: one more)."""
        limit = int(self.game.phase.train_limit(entity))
        for ability in self.game.ability_rules.abilities(entity, "train_limit"):
            limit += int(getattr(ability, "increase", None) or 0)
        return limit

    def num_corp_trains(self, entity: Any) -> int:
        """The trains that count for the limit (obsolete ones too where the title says so)."""
        if self.game.rules.obsolete_trains_count_for_limit:
            return len(entity.trains)
        return sum(1 for t in entity.trains if not t.obsolete)

    def crowded_corps(self) -> list[Any]:
        """Minors and corporations holding more trains than their limit (they must discard)."""
        if self.crowded_cache is None:
            game = self.game
            self.crowded_cache = [c for c in (*game.minors, *game.corporations)
                                  if self.num_corp_trains(c) > self.train_limit(c)]
        return self.crowded_cache

    # --- moving trains -------------------------------------------------------------------------------------
    def buy_train(self, operator: Any, train: Any, price: int | str | None = None) -> None:
        """``operator`` takes ``train``, paying ``price`` (its list price by default; "free": nothing)."""
        if price != "free":
            operator.spend(train.price if price is None else price, train.owner)
        self.remove_train(train)
        train.owner = operator
        operator.trains.append(train)
        self.crowded_cache = None
        self.game.ability_rules.close_companies_on_event(operator, "bought_train")

    def remove_train(self, train: Any) -> None:
        owner = train.owner
        if owner is None:
            return
        if owner is self.game.depot:
            self.game.depot.remove_train(train)
            return
        if train in owner.trains:
            owner.trains.remove(train)
        self.crowded_cache = None

    def rust(self, train: Any) -> None:
        train.rusted = True
        self.remove_train(train)
        train.owner = None

    def rusts(self, train: Any, purchased: Any) -> bool:
        """Does ``train`` rust now that ``purchased`` (the first of its type) was bought?  The reference's
        ``rust?``: its ``rusts_on`` names the purchase's type, or it is an obsolete-on-that-type train lying in the
        depot's discard; a title may keep a train from rusting (18ZOO's "Patch" defers it for a choice)."""
        return bool(train.rusts_by(purchased, self.game.depot.discarded))

    def rust_trains(self, train: Any, entity: Any) -> None:
        """The purchase of ``train`` (the first of its type) makes older types obsolete or rust."""
        depot = self.game.depot
        rusted: list[str] = []
        removed: list[str] = []
        for t in depot.trains:
            if t.obsolete or not t.obsolete_by(train):
                continue
            t.obsolete = True
        for t in depot.trains:
            if t.rusted or not self.rusts(t, train):
                continue
            (removed if t.obsolete and t.owner is depot else rusted).append(t.name)
            self.rust(t)
        self.crowded_cache = None
        if removed:
            names = ", ".join(dict.fromkeys(removed))
            self.game.log(f"-- Event: obsolete {names} trains are removed from The Depot --")
        if rusted:
            self.game.log(f"-- Event: {', '.join(dict.fromkeys(rusted))} trains rust --")

    def trigger_train_event(self, event: str, train: Any) -> None:
        """Run the train event ``event`` (the service's ``event_<event>``)."""
        handler = getattr(self, f"event_{event}", None)
        if handler is None:
            raise NotImplementedError(f"train event {event}")
        handler()

    def event_close_companies(self) -> None:
        """The private companies close (those whose ``close`` ability names a later phase stay)."""
        game = self.game
        game.log("-- Event: Private companies close --")
        for company in game.companies:
            abilities = game.ability_rules.abilities(company, "close", on_phase="any")
            if abilities:
                ability = abilities[0]
                future = game.phase.future_names()
                if ability.on_phase == "never" or ability.on_phase in future:
                    continue
            company.close()

    # --- operating -----------------------------------------------------------------------------------------
    def must_buy_train(self, entity: Any) -> bool:
        game = self.game
        if entity.trains or not game.depot.depot_trains():
            return False
        if game.rules.must_buy_train == "always":
            return True
        if game.rules.must_buy_train == "route":
            info = game.graph.route_info(entity)
            return bool(info and info.get("route_train_purchase"))
        return False

    def can_run_route(self, entity: Any) -> bool:
        info = self.game.graph.route_info(entity)
        return bool(info and info.get("route_available"))

    def route_trains(self, entity: Any) -> list[Any]:
        """The trains that may still run this operating turn."""
        return [t for t in entity.trains if not t.operated]

    def train_owner(self, train: Any) -> Any:
        """Who runs ``train`` (its owner)."""
        return train.owner


__all__ = ["TrainRules"]
