"""Drafts of private companies: the draft round (reference ``Round::Draft``, in any of its seat orders) and the
draft steps of the 1846 family - 1846's hidden deck draft (``DraftDistribution``), the open draft of the
two-player variant (``Draft2pDistribution``) and the open draft with a company limit of 18 Los Angeles and
18Tokaido (``LimitedDraftDistribution``).

1846 (reference ``G1846::Step::DraftDistribution``):

The deck holds the private companies still in the game, the two minors' cards and one "Pass" card
per player, shuffled when the round is built.  Players choose in reverse seat order, each seeing
the top ``players + 2`` cards; the chosen card is kept face down, the others of that view are
reshuffled and go to the bottom of the deck.  When only one real company is left, a player may
pass instead of taking it, and each pass makes it $10 cheaper; at its floor price the next player
must take it.  The draft ends when the deck is empty, or when it is smaller than a view and holds
only Pass cards.  Then every player pays for the companies chosen, Pass cards go back to the box,
and each minor gets its owner and its treasury.

Randomness (the order matters for replays): one draw per card when the deck is built, and one draw
per card of the view after each choice (the chosen card included).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction, InvalidAction
from engine.rounds.base import Round
from engine.steps.base import Step

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.game import Game
    from engine.model.entities import Company, Player

#: Each pass lowers the last real company's price by this much.
PASS_PRICE_STEP = 10


def is_pass_card(company: Company) -> bool:
    """A "Pass (n)" card: choosing it buys nothing."""
    return "Pass" in company.name


class DraftRound(Round):
    """A draft round (reference ``Round::Draft``); its step moves the turn with ``next_entity_index``.

    ``order``: "forward" (1, 2, 3, 4; 1, 2, 3, 4 ...), "reverse" (4, 3, 2, 1; 4, 3, 2, 1 ...), "snake" (1, 2, 3,
    4; 4, 3, 2, 1; 1, 2 ...: the last player of a pass goes again first in the next) or "rotating" (1, 2, 3, 4;
    2, 3, 4, 1; 3, 4, 1, 2 ...)."""

    NAME: ClassVar[str] = "Draft"
    SHORT_NAME: ClassVar[str] = "DR"
    ORDERS: ClassVar[tuple[str, ...]] = ("forward", "reverse", "snake", "rotating")
    draft: ClassVar[bool] = True

    def __init__(self, game: Any, steps: list[Any], round_num: int = 1, *, order: str = "forward") -> None:
        if order not in self.ORDERS:
            raise ValueError(f"unknown draft order {order!r}")
        self.order = order
        self.snaking_up = True
        super().__init__(game, steps, round_num)

    def select_entities(self) -> list[Any]:
        players = list(self.game.players)
        return players[::-1] if self.order == "reverse" else players

    def name(self) -> str:
        return "Draft Round"

    def next_entity(self) -> None:
        self.next_entity_index()

    def next_entity_index(self) -> None:
        last = len(self.entities) - 1
        if self.order == "rotating" and self.entity_index == last:
            self.entities = self.entities[1:] + self.entities[:1]
        if self.order != "snake":
            super().next_entity_index()
            return
        if (self.snaking_up and self.entity_index == last) or (not self.snaking_up and self.entity_index == 0):
            self.snaking_up = not self.snaking_up
        else:
            step = 1 if self.snaking_up else -1
            self.entity_index = (self.entity_index + step) % len(self.entities)


class DraftDistribution(Step):
    """Choose one card of the top ``players + 2``; pay for the real companies when the draft ends."""

    NAME: ClassVar[str] = "DraftDistribution"
    #: who took which card stays hidden until the draft ends
    SECRET: ClassVar[bool] = True
    ACTIONS: ClassVar[tuple[str, ...]] = ("bid",)
    ACTIONS_WITH_PASS: ClassVar[tuple[str, ...]] = ("bid", "pass")

    #: the deck, top card first
    companies: list[Company]
    #: what each player has chosen so far, players in the order of their first choice
    choices: dict[Player, list[Company]]
    draw_size: int

    def setup(self) -> None:
        self.companies = self.game.rng.shuffle(self.game.companies)
        self.choices = {}
        self.draw_size = len(self.entities) + 2

    # --- what the table sees --------------------------------------------------------------------------
    def description(self) -> str:
        return "Draft Companies"

    def pass_description(self) -> str:
        return "Pass (Buy)"

    def available(self) -> list[Company]:
        """The cards the player to act may choose from."""
        return self.companies[: self.draw_size]

    def only_one_company(self) -> bool:
        """One real company left, alone in the deck: players may pass to make it cheaper."""
        return len(self.companies) == 1 and not is_pass_card(self.companies[0])

    def all_blank(self) -> bool:
        return len(self.companies) < self.draw_size and all(is_pass_card(c) for c in self.available())

    def finished(self) -> bool:
        return self.all_blank() or not self.companies

    def committed_cash(self, player: Player) -> int:
        """What ``player`` will pay at the end of the draft for the companies chosen so far."""
        return sum(c.min_bid for c in self.choices.get(player, []) if not is_pass_card(c))

    # --- protocol -------------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if self.finished():
            return []
        if entity is not self.current_entity():
            return []
        return list(self.ACTIONS_WITH_PASS if self.only_one_company() else self.ACTIONS)

    def process_bid(self, action: Action) -> None:
        company_id = getattr(action, "company", None)
        if not company_id:
            raise InvalidAction("a draft choice must name a company")
        player = self.game.resolve_entity(action)
        self.choose_company(player, self.game.company_by_id(company_id))
        self.round.next_entity_index()
        self.action_finalized()

    def process_pass(self, action: Action) -> None:
        if not self.only_one_company():
            raise IllegalAction("Cannot pass: choose one of the offered companies")
        company = self.companies[0]
        old_price = company.min_bid
        company.discount += PASS_PRICE_STEP
        new_price = company.min_bid
        fmt = self.game.format_currency
        self.game.log(f"{company.name} price decreases from {fmt(old_price)} to {fmt(new_price)}")
        self.round.next_entity_index()
        if new_price != company.min_auction_price:
            return
        # At its floor price the next player must take it.
        self.choose_company(self.current_entity(), company)
        self.action_finalized()

    # --- the draft ------------------------------------------------------------------------------------
    def choose_company(self, player: Player, company: Company) -> None:
        offered = self.available()
        if not any(c is company for c in offered):
            raise IllegalAction(f"Cannot choose {company.name}")
        self.choices.setdefault(player, []).append(company)
        if self.only_one_company():
            self.game.log(f"{player.name} chooses {company.name}")
            self.companies.clear()
        else:
            self.game.log(f"{player.name} chooses a company")
            self.companies = [c for c in self.companies if not any(c is o for o in offered)]
            # The rest of the view is reshuffled (a draw for every card shown) under the deck.
            discarded = [c for c in self.game.rng.shuffle(offered) if c is not company]
            self.companies.extend(discarded)
        company.owner = player

    def action_finalized(self) -> None:
        """At the end of the draft: everyone pays for their companies; minors get going."""
        if not self.finished():
            return
        self.round.reset_entity_index()
        game = self.game
        for player, chosen in self.choices.items():
            for company in chosen:
                if is_pass_card(company):
                    company.owner = None
                    game.log(f"{player.name} chose {company.name}")
                    continue
                company.owner = player
                player.companies.append(company)
                price = company.min_bid
                if price > 0:
                    player.spend(price, game.bank)
                self.float_minor(company)
                game.log(f"{player.name} buys {company.name} for {game.format_currency(price)}")

    def float_minor(self, company: Company) -> None:
        """A minor's card brings the minor: its owner, and its treasury from the bank."""
        minor = next((m for m in self.game.minors if m.id == company.id), None)
        if minor is None:
            return
        minor.owner = company.player
        self.game.bank.spend(company.treasury, minor)
        minor.float_()


class Draft2pDistribution(DraftDistribution):
    """The two-player variant's draft: an open market of every private company no player owns yet,
    cheapest first (then by name).  Players take turns in reverse seat order buying one at its price
    (paid at once) or passing; nobody may pass before any company is owned.  The round ends when
    the market is empty or both players have passed in a row; operating rounds come between the
    draft rounds until every company is owned.  No random draw is made."""

    NAME: ClassVar[str] = "Draft2pDistribution"
    SECRET: ClassVar[bool] = False

    def setup(self) -> None:
        self.companies = sorted((c for c in self.game.companies if c.player is None),
                                key=lambda c: (c.min_bid, c.name))
        self.choices = {}
        self.draw_size = len(self.companies)
        for entity in self.entities:
            entity.unpass()

    def available(self) -> list[Company]:
        return list(self.companies)

    def none_owned(self) -> bool:
        return not any(c.player is not None for c in self.game.companies)

    def finished(self) -> bool:
        return not self.companies or all(e.passed for e in self.entities)

    def committed_cash(self, player: Player) -> int:
        return 0

    def actions(self, entity: Any) -> list[str]:
        if self.finished() or entity is not self.current_entity():
            return []
        return list(self.ACTIONS if self.none_owned() else self.ACTIONS_WITH_PASS)

    def process_pass(self, action: Action) -> None:
        if self.only_one_company():
            super().process_pass(action)
            return
        if self.none_owned():
            raise IllegalAction("Cannot pass on first turn")
        player = self.game.resolve_entity(action)
        self.game.log(f"{player.name} passes")
        self.round.next_entity_index()
        player.pass_()

    def process_bid(self, action: Action) -> None:
        self.game.resolve_entity(action).unpass()
        super().process_bid(action)

    def choose_company(self, player: Player, company: Company) -> None:
        if not any(c is company for c in self.companies):
            raise IllegalAction(f"Cannot buy {company.name}")
        self.companies = [c for c in self.companies if c is not company]
        company.owner = player
        player.companies.append(company)
        price = company.min_bid
        if price > 0:
            player.spend(price, self.game.bank)
        self.float_minor(company)
        self.game.log(f"{player.name} buys {company.name} for {self.game.format_currency(price)}")

    def action_finalized(self) -> None:
        if self.finished():
            self.round.reset_entity_index()


class LimitedDraftDistribution(Draft2pDistribution):
    """The open draft of 18 Los Angeles and 18Tokaido (reference ``G18LosAngeles::Step::DraftDistribution``):
    the open market of :class:`Draft2pDistribution`, but a player may always pass (a pass does not make the
    player act twice in a row at the turn of a snake); it ends when every player has passed since the last
    purchase, when the market is empty, or when the game's ``draft_finished`` says the company limit is
    reached.  Each purchase is told to the game's ``after_draft_bid`` (when it has one)."""

    NAME: ClassVar[str] = "DraftDistribution"

    def actions(self, entity: Any) -> list[str]:
        if self.finished() or entity is not self.current_entity():
            return []
        return list(self.ACTIONS_WITH_PASS)

    def finished(self) -> bool:
        limit_reached = getattr(self.game, "draft_finished", None)
        return bool(limit_reached is not None and limit_reached()) or super().finished()

    def process_bid(self, action: Action) -> None:
        for entity in self.entities:
            entity.unpass()
        super().process_bid(action)
        after = getattr(self.game, "after_draft_bid", None)
        if after is not None:
            after()

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        self.game.log(f"{player.name} passes")
        self.round.next_entity_index()
        if self.current_entity() is player:
            self.round.next_entity_index()
        player.pass_()


class DraftPurchase(DraftDistribution):
    """An open market of every company no player owns, in a random order (reference ``G18MO::Step::DraftPurchase``,
    1852: Missouri).  The player to act buys any company at once, paying its price plus ``SKIPPING_COST`` for each
    company before it in the market (each of those becomes ``SKIPPING_COST`` cheaper), or passes: paying
    ``PASS_COST`` (when the player has it) makes the first company ``PASS_COST`` cheaper.  Passing never ends the
    round; it ends when every company is owned.  A price may fall below zero: the bank then pays the buyer."""

    NAME: ClassVar[str] = "DraftPurchase"
    SECRET: ClassVar[bool] = False
    PASS_COST: ClassVar[int] = 10
    SKIPPING_COST: ClassVar[int] = 5

    def setup(self) -> None:
        self.companies = self.game.rng.shuffle([c for c in self.game.companies if c.player is None])
        self.choices = {}
        self.draw_size = len(self.companies)
        for entity in self.entities:
            entity.unpass()

    def available(self) -> list[Company]:
        return list(self.companies)

    def finished(self) -> bool:
        return not self.companies or all(e.passed for e in self.entities)

    def committed_cash(self, player: Player) -> int:
        return 0

    def actions(self, entity: Any) -> list[str]:
        if self.finished() or entity is not self.current_entity():
            return []
        return list(self.ACTIONS_WITH_PASS)

    def pass_description(self) -> str:
        player = self.current_entity()
        if player is None or not self.companies or player.cash < self.PASS_COST:
            return "Pass (for free)"
        fmt = self.game.format_currency
        return f"Pass (Pay {fmt(self.PASS_COST)} to discount {self.companies[0].name})"

    def extra_cost(self, company: Company) -> int:
        """What buying ``company`` costs on top of its price: ``SKIPPING_COST`` per company before it."""
        index = next(i for i, c in enumerate(self.companies) if c is company)
        return index * self.SKIPPING_COST

    def total_cost(self, company: Company) -> int:
        return int(company.min_bid) + self.extra_cost(company)

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        if not self.companies:
            raise IllegalAction("Nothing left to discount")
        company = self.companies[0]
        fmt = self.game.format_currency
        company.discount += self.PASS_COST
        if player.cash >= self.PASS_COST:
            player.spend(self.PASS_COST, self.game.bank)
            self.game.log(f"{player.name} passes and pays {fmt(self.PASS_COST)} to discount {company.name} to "
                          f"{fmt(company.min_bid)}")
        else:
            self.game.log(f"{player.name} passes and {company.name} is discounted to {fmt(company.min_bid)}")
        self.round.next_entity_index()
        player.unpass()  # passing does not end the round

    def process_bid(self, action: Action) -> None:
        self.game.resolve_entity(action).unpass()
        super().process_bid(action)

    def choose_company(self, player: Player, company: Company) -> None:
        if not any(c is company for c in self.companies):
            raise IllegalAction(f"Cannot buy {company.name}")
        total = self.total_cost(company)
        fmt = self.game.format_currency
        if player.cash < total:
            raise IllegalAction(f"Cannot afford {fmt(total)} for {company.name}")
        if total > 0:
            self.game.log(f"{player.name} buys {company.name} for {fmt(total)}")
        elif total == 0:
            self.game.log(f"{player.name} receives {company.name} for free")
        else:
            self.game.log(f"{player.name} receives {company.name} and {fmt(-total)}")
        for skipped in self.companies:
            if skipped is company:
                break
            skipped.discount += self.SKIPPING_COST
            self.game.log(f"{skipped.name} is discounted to {fmt(skipped.min_bid)}")
        self.companies = [c for c in self.companies if c is not company]
        company.owner = player
        player.companies.append(company)
        if total > 0:
            player.spend(total, self.game.bank)
        elif total < 0:
            self.game.bank.spend(-total, player)
        self.float_minor(company)

    def action_finalized(self) -> None:
        return None


def new_draft_round(game: Game) -> DraftRound:
    """The initial round of 1846: the draft, players in reverse seat order."""
    return DraftRound(game, [DraftDistribution], order="reverse")


__all__ = ["Draft2pDistribution", "DraftDistribution", "DraftPurchase", "DraftRound", "LimitedDraftDistribution", "is_pass_card", "new_draft_round"]
