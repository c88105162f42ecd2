"""18DE: 1817's family base with German facts: no shorts, the OO hexes' gray tile, the home-token step in the
operating round."""

from __future__ import annotations

from engine import new_game
from engine.steps.home_token import HomeToken
from engine.titles.g18de.rules import BuySellParShares18DE


def test_facts() -> None:
    game = new_game("18DE", ["A", "B", "C"], seed=3, optional_rules=["modern_trains"])
    assert len(game.corporations) == 15 and {c.id for c in game.companies} == {
        "ME", "UBC", "TS", "MINC", "MAJC", "MINM", "MAJM"}
    assert game.SEED_MONEY == 150 and game.pittsburgh_private is None
    assert game.format_currency(100) == "100 ℳ"
    assert [p.cash for p in game.players] == [420] * 3
    assert game.hex_by_id("B14").tile.cities and len(game.hex_by_id("B14").tile.cities) == 2
    assert HomeToken in game.operating_round_steps()


def test_no_shorts() -> None:
    game = new_game("18DE", ["A", "B", "C"], seed=3)
    assert BuySellParShares18DE in game.stock_round_steps()
    step = object.__new__(BuySellParShares18DE)
    assert step.can_short(game.players[0], game.corporations[0]) is False


# A playout (18DE seed 117): Player 1 auctions LD for 110 with 65 cash (MAJC's 90 makes the bid valid), OL takes a
# loan, then OL's president passes on LD: Player 1 wins, but the step has no action for the winner (a corporation
# acted this turn), so the reference pars LD at once without companies and Player 1 is left at -45.
_UNPAID_BID = [
    ("bid", 1, "TS", 105), ("bid", 2, "TS", 235), ("bid", 3, "TS", 415), ("pass", 1), ("bid", 2, "TS", 420),
    ("bid", 2, "MAJM", 0), ("pass", 3), ("pass", 1), ("bid", 3, "MAJC", 80), ("bid", 1, "MAJC", 320), ("pass", 3),
    ("bid", 1, "ME", 35), ("pass", 3), ("pass", 2), ("pass", 3), ("pass", 1), ("cbid", 2, "BD", 120),
    ("token", "BD", "G19-0-0"), ("pass", 3), ("cbid", 1, "BD", 170), ("cbid", 2, "BD", 200),
    ("assign", 2, "MAJM"), ("assign", 2, "TS"), ("cbid", 3, "OL", 205), ("token", "OL", "G15-3-0"),
    ("cbid", 1, "LD", 110), ("token", "LD", "B14-0-1"), ("loan", "OL", 69), ("pass", 3)]


def _unpaid_bid_actions() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i, row in enumerate(_UNPAID_BID, 1):
        kind, entity = row[0], row[1]
        a: dict[str, object] = {"entity": entity, "entity_type": "player", "id": i}
        if kind == "bid":
            a.update(type="bid", company=row[2], price=row[3])
        elif kind == "cbid":
            a.update(type="bid", corporation=row[2], price=row[3])
        elif kind == "pass":
            a.update(type="pass")
        elif kind == "assign":
            a.update(type="assign", target=row[2], target_type="company")
        elif kind == "token":
            a.update(type="place_token", entity_type="corporation", city=row[2], slot=0)
        else:
            a.update(type="take_loan", entity_type="corporation", loan=row[2])
        out.append(a)
    return out


def test_a_won_bid_settled_without_companies_leaves_the_debt_the_reference_leaves() -> None:
    from engine import load_game
    from engine.moves.playout import invariant_problem

    players = [{"id": i, "name": f"Player {i}"} for i in (1, 2, 3)]
    game = load_game({"id": 117, "title": "18DE", "players": players, "settings": {"seed": 117},
                      "actions": _unpaid_bid_actions()})
    winner = next(p for p in game.players if p.name == "Player 1")
    assert winner.name == "Player 1" and winner.cash == -45
    assert {c.id for c in winner.companies} == {"MAJC", "ME"}
    assert invariant_problem(game, game.cash_total()) is None  # the reference's state: not a broken invariant
    winner.cash -= 1  # owing more than the bid left is still a bug
    assert invariant_problem(game, game.cash_total()) == "Player 1 has negative cash -46"
