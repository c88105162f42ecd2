"""1817WO: 1817 (the family base, engine/titles/g1817/) on a small world map.  Its own rules: Nieuw Zeeland (L9),
blocked by a neutral token until the first 3 train, not a home in phases 2 and 2+; a corporation starting there is
at least a 5-share one and places a second station where it chooses; a station there pays one loan's interest
(or $20 without loans)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.model.token import Token
from engine.services.loans import LoanRules
from engine.services.trains import TrainRules
from engine.titles.g1817.loans import Loans1817, loan_count
from engine.titles.g1817.rules import Game1817, TrainRules1817
from engine.titles.g1817_wo import data
from engine.titles.spec import TitleSpec


def has_new_zealand(game: Any, corporation: Any) -> bool:
    city = getattr(game, "new_zealand_city", None)
    return any(t.city is city for t in corporation.tokens if city is not None)


class LoansWO(Loans1817):
    """Loans up to 65%, three per step; a station in Nieuw Zeeland pays one loan's interest, or $20 to a
    corporation without loans."""

    MAX_RATE: ClassVar[int] = data.MAX_LOAN
    LOANS_PER_INCREMENT: ClassVar[int] = data.LOANS_PER_INCREMENT
    NUM_LOANS: ClassVar[int] = loan_count(data.MAX_LOAN, data.LOANS_PER_INCREMENT)

    def interest_owed(self, corporation: Any) -> int:
        if not has_new_zealand(self.game, corporation):
            return int(super().interest_owed(corporation))
        if not corporation.loans:
            return -data.NEW_ZEALAND_INTEREST_BONUS
        return int(self.interest_for(len(corporation.loans) - 1))

    def pay_interest(self, corporation: Any) -> int | None:
        game = self.game
        owed = self.interest_owed(corporation)
        if has_new_zealand(game, corporation) and corporation.loans:
            game.log(f"{corporation.name}'s token in Nieuw Zeeland covers one loan's worth of interest")
        if owed >= 0:
            still_owed: int | None = super().pay_interest(corporation)
            return still_owed
        self.interest_paid[corporation] = owed
        game.log(f"{corporation.name} gets {game.format_currency(-owed)} for having a token in Nieuw Zeeland and no "
                 "loans")
        game.bank.spend(-owed, corporation)
        return None


class TrainRulesWO(TrainRules1817):
    def event_nieuw_zeeland_available(self) -> None:
        game = self.game
        game.log("Corporations can now be IPOed in Nieuw Zeeland")
        game.green_token.remove()  # type: ignore[attr-defined]


class Game1817WO(Game1817):
    TITLE: ClassVar[TitleSpec] = data.TITLE
    SEED_MONEY: ClassVar[int] = data.SEED_MONEY
    LOAN_RULES: ClassVar[type[LoanRules]] = LoansWO
    TRAIN_RULES: ClassVar[type[TrainRules]] = TrainRulesWO

    def setup(self) -> None:
        super().setup()
        self.new_zealand_city = self.hex_by_id(data.NEW_ZEALAND).tile.cities[0]
        self.green_token = Token(None, price=0, type="neutral")
        self.new_zealand_city.exchange_token(self.green_token)

    def stock_round_steps(self) -> list[Any]:
        from engine.titles.g1817_wo.steps import HomeTokenWO

        steps = super().stock_round_steps()
        return [HomeTokenWO if getattr(s, "__name__", "") == "HomeToken" else s for s in steps]

    def home_token_locations(self, corporation: Any) -> list[Any]:
        if str(self.phase.name) not in ("2", "2+"):
            return super().home_token_locations(corporation)
        return [h for h in self.hexes
                if any(c.tokenable(corporation, free=True) and c is not self.new_zealand_city for c in h.tile.cities)]

    def sizes_for(self, corporation: Any, sizes: list[int]) -> list[int]:
        if has_new_zealand(self, corporation):
            return [s for s in sizes if s != 2]
        return sizes

    def after_tokens_bought(self, corporation: Any) -> None:
        self.place_second_token(corporation)

    def place_second_token(self, corporation: Any) -> None:
        """A corporation starting in Nieuw Zeeland chooses where its second station goes (while a city has room)."""
        if not has_new_zealand(self, corporation):
            return
        if not any(any(t is None for t in c.tokens) for h in self.hexes for c in h.tile.cities):
            return
        if len(corporation.tokens) < 2 or corporation.tokens[1].city is not None:
            return
        token = corporation.next_token()
        self.log(f"{corporation.name} must choose city for home token")
        pending: list[dict[str, Any]] = self.round.pending_tokens  # type: ignore[attr-defined]
        pending.append({"entity": corporation, "hexes": self.home_token_locations(corporation), "token": token})
        self.round.clear_cache()


__all__ = ["Game1817WO", "has_new_zealand"]
