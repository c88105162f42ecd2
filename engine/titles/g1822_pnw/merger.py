"""1822PNW's merger round (after every operating round from phase 2): each floated minor in turn may merge with a
minor of the other kind (an associated minor with an unassociated one) that the same player owns and that is
connected to it; the pair becomes the associated minor's major.

The merge is four answers: the ``merge`` action (naming the partner), the par price, the number of shares the
owner takes for the minors' value (paying or receiving the difference), and what becomes of the unassociated
minor's token (replaced by an exchange token, or that exchange token moved to the charter).  When the associated
minor stands on the major's destination, the token question is not asked: the major's token replaces the other
minor's, its destination token the associated minor's.

The round's turn structure is the general merger round's (``engine/rounds/interlude.py``); the minors' assets move
with the general ``engine/services/mergers.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import IllegalAction
from engine.model.shares import ShareBundle
from engine.rounds.interlude import MergerRound
from engine.steps.base import Step
from engine.steps.choices import Choice, Choosing

if TYPE_CHECKING:
    from engine.actions import Action


def possible_exchanged_shares(par: int, minors_cash: int, minors_value: int, player_cash: int) -> list[int]:
    """The share counts (2 to 6) a player may take for minors worth ``minors_value`` at ``par``: at least enough
    that the treasury covers what the player would receive, at most what the player can pay for."""
    if 6 * par < minors_value:
        return [6] if par == 100 else []
    low = max(2, (minors_value - minors_cash - 1) // par + 1)
    high = min(6, (minors_value + min(player_cash, par - 1)) // par)
    return list(range(low, high + 1))


def can_par_at(par: int, minors_cash: int, minors_value: int, player_cash: int) -> bool:
    return bool(possible_exchanged_shares(par, minors_cash, minors_value, player_cash))


class MergerRoundPNW(MergerRound):
    """The floated minors, in operating order, each get a turn."""

    NAME: ClassVar[str] = "Merger"

    def select_entities(self) -> list[Any]:
        return [c for c in self.game.operating_order() if c.type == "minor"]

    def next_entity(self) -> None:
        """After the last minor the round ends where it stands (a minor merged before its turn has none)."""
        if not self._entities or self.entity_index == len(self._entities) - 1:
            return
        super().next_entity()


class AssociationMerge(Choosing, Step):
    """The merge of an associated and an unassociated minor into the associated major (see the module)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("merge", "pass")
    NAME: ClassVar[str] = "Merge"
    #: the minors' par price that a major may not take
    MINOR_PAR: ClassVar[int] = 50

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.merge_state = "none"
        self.associated: Any = None
        self.unassociated: Any = None
        self.major: Any = None
        self.player: Any = None
        self.par = 0

    def setup(self) -> None:
        super().setup()
        self.merge_state = "none"

    def description(self) -> str:
        return "Merge Corporation"

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        if self.merge_state != "none":
            return ["choose"]
        return list(self.ACTIONS) if self.mergeable(entity) else []

    # --- who may merge -----------------------------------------------------------------------------------
    def minors_value(self, one: Any, two: Any) -> int:
        return int((one.share_price.price + two.share_price.price) * 2)

    def valid_par_prices(self, one: Any, two: Any) -> list[int]:
        value = self.minors_value(one, two)
        cash = one.cash + two.cash if self.merge_state == "none" else self.major.cash
        prices = sorted(p.price for p in self.game.stock_market.par_prices)
        return [p for p in prices if p != self.MINOR_PAR and can_par_at(p, cash, value, one.owner.cash)]

    def mergeable(self, corporation: Any) -> list[Any]:
        if self.merge_state != "none":
            return []
        game: Any = self.game
        partners = game.unassociated_minors() if game.is_associated(corporation) else game.associated_minors()
        return [m for m in partners
                if (game.entity_connects(corporation, m) or game.entity_connects(m, corporation))
                and self.valid_par_prices(corporation, m) and corporation.owner is m.owner]

    # --- the merge ---------------------------------------------------------------------------------------
    def process_merge(self, action: Action) -> None:
        game: Any = self.game
        entity = game.resolve_entity(action)
        other = game.corporation_by_id(getattr(action, "corporation", None))
        if other is None or (game.strict and other not in self.mergeable(entity)):
            raise IllegalAction(f"Choose a corporation to merge with {entity.name}")
        self.associated, self.unassociated = (entity, other) if game.is_associated(entity) else (other, entity)
        self.major = game.associated_major(self.associated)
        self.player = self.associated.owner
        game.log(f"{self.associated.name} and {self.unassociated.name} merge into {self.major.name}")
        game.transfer_possessions(self.associated, self.major)
        game.transfer_possessions(self.unassociated, self.major)
        self.major.ipoed = True
        self.major.floated = True
        self.major.capitalization = "incremental"
        self.merge_state = "selecting_par"

    def choice_name(self) -> str:
        return {"selecting_par": "Choose par value for new company",
                "selecting_shares": "Choose number of shares to make up minors value",
                "selecting_token": "What to do with the token"}.get(self.merge_state, "Choose")

    def choices(self, entity: Any) -> list[Choice]:
        game: Any = self.game
        if self.merge_state == "selecting_par":
            return [Choice(str(p), game.format_currency(p))
                    for p in self.valid_par_prices(self.associated, self.unassociated)]
        if self.merge_state == "selecting_shares":
            value = self.minors_value(self.associated, self.unassociated)
            cash = self.major.cash
            options = []
            for shares in possible_exchanged_shares(self.par, cash, value, self.player.cash):
                difference = value - self.par * shares
                if difference > 0:
                    label = f"receives {shares} shares and {game.format_currency(min(difference, cash))}"
                elif difference < 0:
                    label = f"receives {shares} shares and pays {game.format_currency(-difference)}"
                else:
                    label = f"receives {shares} shares"
                options.append(Choice(str(shares), f"{self.player.name} {label}"))
            return options
        if self.merge_state == "selecting_token":
            return [Choice("replace", "Replace token on the map with an exchange token"),
                    Choice("exchange", "Move an exchange token to available token area on the corporation chart")]
        return []

    def tolerates_recorded(self, action: Action) -> bool:
        """A recorded token answer that is neither offered one is read as "exchange", as the reference does in
        live play too (p20_replaces_closed_minor@458 answers "3"); the table offers the two answers only."""
        return action.type == "choose" and self.merge_state == "selecting_token"

    def process_choose(self, action: Action) -> None:
        """The token answer is "replace" or anything else (the reference takes any other answer as "exchange")."""
        if self.merge_state == "selecting_token":
            self.select_token(str(getattr(action, "choice", "")))
            return
        super().process_choose(action)

    def choose(self, entity: Any, choice: Any) -> None:
        if self.merge_state == "selecting_par":
            self.select_par(int(choice))
        elif self.merge_state == "selecting_shares":
            self.select_shares(int(choice))
        elif self.merge_state == "selecting_token":
            self.select_token(str(choice))

    def select_par(self, par: int) -> None:
        game: Any = self.game
        self.par = par
        game.log(f"{self.major.name} is parred at {game.format_currency(par)}")
        game.stock_market.set_par(self.major, next(p for p in game.stock_market.par_prices if p.price == par))
        self.merge_state = "selecting_shares"

    def select_shares(self, count: int) -> None:
        game: Any = self.game
        major, player = self.major, self.player
        shares = list(major.shares_of(major))[:count - 1]
        game.share_pool.transfer_shares(ShareBundle(shares), player, price=0)
        value = self.minors_value(self.associated, self.unassociated)
        shares_value = count * self.par
        if shares_value > value:
            game.log(f"{player.name} pays {game.format_currency(shares_value - value)} to get {count} shares of "
                     f"{major.name}")
            player.spend(shares_value - value, major)
        elif shares_value < value:
            cash = min(value - shares_value, major.cash)
            game.log(f"{player.name} gets {count} shares of {major.name} and {game.format_currency(cash)}")
            if cash > 0:
                major.spend(cash, player)
        else:
            game.log(f"{player.name} gets {count} shares of {major.name}")
        self.merge_state = "selecting_token"
        if game.destination_of(major) == self.associated.coordinates:
            self.minor_on_destination()

    def select_token(self, choice: str) -> None:
        game: Any = self.game
        major = self.major
        city = self.take_home_token(self.associated)
        city.place_token(major, major.find_token_by_type(), check_tokenable=False)
        game.log(f"{major.name} replaces the {self.associated.name} token in {city.hex.id}")
        city = self.take_home_token(self.unassociated)
        game.move_exchange_token(major)
        if choice == "replace":
            city.place_token(major, major.find_token_by_type(), check_tokenable=False)
            game.log(f"{major.name} replaces the {self.unassociated.name} token in {city.hex.id}")
        else:
            game.log(f"{major.name} moves one token from exchange to available")
        self.finish_merge()

    def minor_on_destination(self) -> None:
        game: Any = self.game
        major = self.major
        city = self.take_home_token(self.unassociated)
        city.place_token(major, major.find_token_by_type(), check_tokenable=False)
        city = self.take_home_token(self.associated)
        token = next(t for t in major.tokens if t.type == "destination")
        city.place_token(major, token, free=True, check_tokenable=False, cheater=True)
        game.log(f"{major.name} destination token replaces the {self.associated.name} token in {city.hex.id}")
        self.finish_merge()

    @staticmethod
    def take_home_token(minor: Any) -> Any:
        token = minor.tokens[0]
        city = token.city
        city.delete_token(token)
        return city

    def finish_merge(self) -> None:
        game: Any = self.game
        game.graph.clear()
        for minor in (self.associated, self.unassociated):
            game.corporation_rules.close_corporation(minor, quiet=True)
        self.merge_state = "none"
        self.pass_()

    def process_pass(self, action: Action) -> None:
        self.pass_()

    def skip(self) -> None:
        self.pass_()


__all__ = ["AssociationMerge", "MergerRoundPNW", "can_par_at", "possible_exchanged_shares"]
