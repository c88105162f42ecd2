"""1822PNW's Starting Packet Variant (optional rule ``starting_packet``): a quick start straight into operating
rounds.  Each seat gets a packet of two minors (floated at the lowest par price, the president's certificate free,
$100 each from the bank) and two privates; the players keep no cash.  The game opens with an operating round, and
while the phase is 1 every operating round is followed by another (the first stock round comes after phase 2's
merger round).  The minors' stacks are not built: the minors stay in their shuffled order, the bid box is filled
when the first stock round starts."""

from __future__ import annotations

from typing import Any

RULE = "starting_packet"

#: the packets by seat: (minors, privates)
PACKETS: tuple[tuple[tuple[str, str], tuple[str, str]], ...] = (
    (("M18", "M21"), ("P8", "P16")),
    (("M7", "M9"), ("P18", "P19")),
    (("M1", "M2"), ("P12", "P17")),
    (("M6", "M8"), ("P14", "P15")),
    (("M10", "M20"), ("P10", "P11")),
)

#: what the bank gives each packet minor
MINOR_TREASURY = 100


def in_play(game: Any) -> bool:
    return RULE in game.optional_rules


def float_free_minor(game: Any, player: Any, company: Any, cash: int) -> None:
    """``player`` gets the minor of ``company`` for nothing: parred at the lowest par price, the president's
    certificate free, ``cash`` from the bank into its treasury; the minor's certificate leaves the companies."""
    minor = game.corporation_by_id(company.sym[1:])
    game.stock_market.set_par(minor, game.stock_market.par_prices[-1])
    game.share_pool.buy_shares(player, minor.ipo_shares()[0].to_bundle(), exchange="free")
    game.corporation_rules.after_par(minor)
    game.bank.spend(cash, minor)
    game.companies.remove(company)


def hand_out(game: Any) -> None:
    """Every seat's packet (in seat order), the players' cash back to the bank first."""
    for player, (minors, privates) in zip(game.players, PACKETS, strict=False):
        if player.cash:
            player.spend(player.cash, game.bank)
        for sym in minors:
            float_free_minor(game, player, game.company_by_id(sym), MINOR_TREASURY)
        for sym in privates:
            company = game.company_by_id(sym)
            company.owner = player
            player.companies.append(company)
    game.box_minor_ids = []  # (filled as the first stock round starts)


def operating_round_follows(game: Any) -> bool:
    """Does another operating round (the next turn's) follow this one instead of the set's next round?"""
    return in_play(game) and int(game.phase.name) == 1
