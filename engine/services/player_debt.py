"""Player debt: loans a player takes from the bank when even selling everything cannot buy their corporation's
forced train (the reference's ``take_player_loan`` / ``payoff_player_loan``; 1822 family, 18ZOO).

The cash comes from the bank; the debt is the loan plus interest (``RuleSet.player_loan_interest_rate`` percent,
rounded up) and counts against the player's score; the bank records what it is owed (``bank.debt``, negative).
A title may add interest on every outstanding debt (1822: at each stock round's end) and lets players pay back
all or part of it (``payoff_player_debt`` / ``payoff_player_debt_partial``).  A game end penalty
(``RuleSet.player_loan_endgame_penalty`` percent of the loan) is counted on the player too.

A title enabling loans (``RuleSet.ebuy_can_take_player_loan``) gets this debt in the train step without a hook
(the ``take_player_loan`` hook may replace it).  18ZOO's loan is the same rule with other facts: interest -100%
(nothing is owed) and a 200% game end penalty.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


def interest_amount(amount: int, rate: int) -> int:
    """``rate`` percent of ``amount``, rounded up."""
    return math.ceil(amount * rate / 100)


def take_player_loan(game: Game, player: Any, amount: int, interest: int | None = None) -> None:
    """``player`` borrows ``amount`` from the bank, owing it plus interest."""
    rate = int(game.rules.player_loan_interest_rate) if interest is None else interest
    game.bank.spend(amount, player)
    debt = amount + interest_amount(amount, rate)
    player.debt += debt
    game.bank.debt -= debt
    penalty = math.ceil(amount * int(game.rules.player_loan_endgame_penalty) / 100)
    player.penalty += penalty
    message = f"{player.name} takes a loan of {game.format_currency(amount)} from {game.bank.name}."
    if rate > 0:
        message += f" With {rate}% interest, the total amount owed is {game.format_currency(debt)}."
    if penalty > 0:
        message += f" {player.name} takes a game end penalty of {game.format_currency(penalty)}"
    game.log(message)


def add_player_loan_interest(game: Game, player: Any, interest: int | None = None) -> None:
    """An outstanding debt grows by the interest rate."""
    if player.debt <= 0:
        return
    rate = int(game.rules.player_loan_interest_rate) if interest is None else interest
    added = interest_amount(player.debt, rate)
    player.debt += added
    game.bank.debt -= added
    game.log(f"{player.name} increases their loan by {rate}% ({game.format_currency(added)}) to "
             f"{game.format_currency(player.debt)}")


def add_interest_player_loans(game: Game) -> None:
    for player in game.players:
        add_player_loan_interest(game, player)


def payoff_player_loan(game: Game, player: Any, amount: int | None = None) -> int:
    """``player`` pays back ``amount`` (all they can when None: up to their cash and their debt); returns it."""
    if amount is not None and amount > player.cash:
        amount = int(player.cash)
    paid = min(int(player.cash) if amount is None else amount, int(player.debt))
    if paid > 0:
        player.spend(paid, game.bank)
    player.debt -= paid
    game.bank.debt += paid
    if player.debt == 0:
        game.log(f"{player.name} pays off their loan of {game.format_currency(paid)}.")
    else:
        game.log(f"{player.name} pays {game.format_currency(paid)} toward their loan. "
                 f"{game.format_currency(player.debt)} is still owed.")
    return paid


__all__ = ["add_interest_player_loans", "add_player_loan_interest", "interest_amount", "payoff_player_loan",
           "take_player_loan"]
