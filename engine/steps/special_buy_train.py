"""A private company's discounted train purchase for the corporation owning it.

:class:`SpecialBuyTrain` is the reference's ``Step::SpecialBuyTrain``: a company with a ``train_discount``
ability (18MS's Mobile & Ohio: $100 off a 3+ or 4+) buys a train for the operating corporation that owns it,
whenever the ability's timing allows (``%current_step%``, ``buying_train``, ``owning_corp_or_turn``,
``owning_player_or_turn``).  The step never blocks; it sits before the round's train-buying step and takes the
company's ``buy_train`` actions.

* The purchase is the corporation's (its money, its train limit, the president's help as usual).
* A depot purchase counts for the one-depot-train-per-round rule (``round.bought_trains``) where the round keeps
  it.
* The ability is used only when the price paid is exactly its discounted price.  A company whose ability has a
  single use left and ``closed_when_used_up`` closes after the purchase (as the reference does, even when the
  price paid was not the discounted one).
* The corporation's buying ends when it can buy no more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.steps.single_depot_train_buy import note_depot_purchase
from engine.steps.trains import TrainBuying

if TYPE_CHECKING:
    from engine.actions import Action


class SpecialBuyTrain(TrainBuying):
    """A company buys a train for its corporation with its ``train_discount`` ability."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_train",)
    NAME: ClassVar[str] = "SpecialBuyTrain"

    def type_name(self) -> str:
        return "special_buy_train"

    def description(self) -> str:
        return "Buy a train with a company's discount"

    def actions(self, entity: Any) -> list[str]:
        if self.ability(entity) is None:
            return []
        return list(self.ACTIONS)

    def blocks(self) -> bool:
        return False

    def blocking(self) -> bool:
        return False

    def ability_timing(self) -> list[str]:
        return ["%current_step%", "buying_train", "owning_corp_or_turn", "owning_player_or_turn"]

    def ability(self, entity: Any, train: Any = None) -> Any:
        """The company's usable ``train_discount`` ability (for ``train``, when given), or None."""
        if entity is None or not getattr(entity, "is_company", False):
            return None
        for ability in self.game.ability_rules.abilities(entity, "train_discount", time=self.ability_timing()):
            if train is None or not ability.trains or train.name in ability.trains:
                return ability
        return None

    def corporation(self) -> Any:
        """The corporation buying: the round's operator."""
        return getattr(self.round, "current_operator", None) or self.round.current_entity()

    def process_buy_train(self, action: Action) -> None:
        game = self.game
        company = game.resolve_entity(action)
        corporation = self.corporation()
        train = game.train_by_id(getattr(action, "train", None))
        ability = self.ability(company, train=train)
        if ability is None:
            raise IllegalAction(f"{company.name} cannot buy the {train.name} train")
        if company.owner is not corporation:
            raise IllegalAction(f"{company.name} is not owned by {game.entity_name(corporation)}")
        price = int(getattr(action, "price", 0))
        list_price = int(train.price)
        from_depot = bool(train.from_depot)
        # (read before the purchase: buying may end the phase whose abilities these are)
        closes_company = (ability.count is not None and ability.count - 1 == 0 and bool(ability.closed_when_used_up))
        self.buy_train_action(action, corporation)
        if from_depot:
            note_depot_purchase(self.round, corporation)
        if price < list_price and ability.discounted_price(train, list_price) == price:
            ability.use()
        if closes_company and not company.closed:
            game.company_rules.closing_after_using_ability(company)
            company.close()
        if not self.can_buy_train(corporation):
            self.pass_()

    def pass_if_cannot_buy_train(self, entity: Any) -> bool:
        # (``buy_train_action`` would pass the step for the corporation; this step passes itself above)
        return False


__all__ = ["SpecialBuyTrain"]
