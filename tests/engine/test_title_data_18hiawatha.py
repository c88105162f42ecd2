"""18 Hiawatha: 1817's family base with five-share corporations, Milwaukee's blocking token, the reserved 2 train
of the Receivership Railroad, shorts and loan repayment rules, its route bonuses."""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.titles.g18hiawatha.rules import BuySellParSharesHiawatha, LoanStepHiawatha, OperatingRoundHiawatha


def game_of(rules: tuple[str, ...] = ()) -> Any:
    return new_game("18 Hiawatha", ["A", "B", "C", "D"], seed=5, optional_rules=list(rules))


def test_facts() -> None:
    g = game_of()
    assert len(g.corporations) == 12
    assert all(c.total_shares == 5 and c.max_ownership_percent == 60 for c in g.corporations)
    assert g.SEED_MONEY == 160 and [p.cash for p in g.players] == [325] * 4
    assert g.pittsburgh_private.id == "MB"
    assert g.corporation_sizes() == (5,)
    corporation = g.corporations[0]
    assert g.tokens_needed(corporation) == 2 - len(corporation.tokens)


def test_blocking_token_and_reserved_train() -> None:
    g = game_of()
    city = g.hex_by_id("A7").tile.cities[0]
    assert g.blocking_token in city.tokens
    assert g.rr_train.reserved and g.rr_train not in g.depot.upcoming
    assert sum(1 for t in g.depot.upcoming if t.name == "2") == 30
    g.remove_blocking_token()
    assert g.blocking_token is None and all(t is None for t in city.tokens)


def test_steps_and_no_privates_variant() -> None:
    g = game_of()
    assert BuySellParSharesHiawatha in g.stock_round_steps()
    assert LoanStepHiawatha in g.operating_round_steps()
    assert g.operating_round_class() is OperatingRoundHiawatha
    plain = game_of(("no_privates",))
    assert type(plain.round).__name__ == "StockRound1817"


def test_a_corporation_may_redeem_a_bundle_of_120_percent_as_the_reference_offers() -> None:
    # 18 Hiawatha playout seed 9: with short twins in the market J may buy back 6 shares of 20% for $270 (the
    # reference offers and takes it in live play; the state after it is the reference's, checked by trace-diff)
    import json
    from pathlib import Path

    from engine import load_game
    from engine.moves import check_action

    raw = json.loads((Path(__file__).parent / "data" / "18hiawatha_playout_9_redeem_120.json").read_text())
    game = load_game(dict(raw, actions=raw["actions"][:-1]), strict=True)
    cash = game.corporation_by_id("J").cash
    check_action(game, raw["actions"][-1])  # a legal move (it was left out before)
    game = load_game(raw, strict=True)
    j = game.corporation_by_id("J")
    assert j.cash == cash - 270 and sum(s.percent for s in j.shares if s.corporation is j) >= 120


def test_a_farm_is_never_offered_for_a_tile_seed_5155() -> None:
    # 18 Hiawatha playout seed 5155 (a 200-game run): C1 holds a farm (the Farmers' Union lay); the legal moves
    # offered DL&W an upgrade there, which the lay refused ("Cannot upgrade farms", as the reference refuses it).
    from pathlib import Path

    import pytest

    from engine import load_game
    from engine.errors import IllegalAction
    from engine.moves import legal_moves

    game = load_game(Path(__file__).parent / "data" / "18hiawatha_playout_5155_farm_not_offered.json")
    moves = legal_moves(game)
    assert moves.step == "Track" and moves.of_type("lay_tile")
    assert not [m for m in moves.of_type("lay_tile") if m.hex == "C1"]
    with pytest.raises(IllegalAction, match="farms"):
        game.process_action({"type": "lay_tile", "entity": "DL&W", "entity_type": "corporation", "hex": "C1",
                             "tile": "80-0", "rotation": 3, "id": len(game.raw_actions) + 1})
def test_a_farm_hex_is_not_offered_for_track() -> None:
    """The reference refuses any lay on a farm hex ("Cannot upgrade farms"): the legal moves do not offer it
    (a playout, seed 8047, laid on one)."""
    from engine.steps.assign import assign
    from engine.titles.g18hiawatha.rules import TrackHiawatha

    g = game_of()
    step = TrackHiawatha(g, g.round)
    hex_ = g.hex_by_id("B2")
    assert not step.lay_forbidden(g.corporations[0], hex_)
    assign(hex_, "farm")
    assert step.lay_forbidden(g.corporations[0], hex_)


def test_converting_after_its_second_certificate_left_reads_the_share_size_from_the_president() -> None:
    """Playout 5080: PW's second certificate (PW_1) left the game with a closed short; its 5 -> 10 conversion
    makes 10% shares at $45 (the reference's par clears the second certificate), Player 3 buys one for $45 and
    PW may then take loans: Player 2's bid for PLE is refused there, as the reference refuses it."""
    from pathlib import Path

    import pytest

    from engine import load_game
    from engine.errors import GameError

    path = Path(__file__).parent / "data" / "18hiawatha_playout_5080_convert_after_short.json"
    game = load_game(path, upto=182)
    pw = game.corporation_by_id("PW")
    assert pw.total_shares == 10 and pw.share_percent == 10
    assert game.player_by_id(3).cash == 10 and pw.cash == 115
    assert game.round.active_step().NAME == "PostConversionLoans"
    with pytest.raises(GameError, match="cannot bid"):
        load_game(path)


def test_a_merger_presidency_swap_moving_a_short_keeps_the_reference_holder_totals() -> None:
    """Playout 5184: DL&W merges GT and Player 3 becomes president, giving Player 1 their first two certificates
    (a short and a share) for the president's; the reference moves them without its holder totals, so Player 3
    counts 20% there (40% held) against Player 1's 10%: in the cash crisis selling DL&W_17 would hand Player 1
    the presidency by those totals and is neither offered nor accepted."""
    from pathlib import Path

    import pytest

    from engine import load_game
    from engine.errors import GameError
    from engine.moves import legal_moves

    path = Path(__file__).parent / "data" / "18hiawatha_playout_5184_merger_swap_holders.json"
    game = load_game(path, upto=138)
    dlw = game.corporation_by_id("DL&W")
    p1, p3 = game.player_by_id(1), game.player_by_id(3)
    assert (p1.percent_of(dlw), p3.percent_of(dlw)) == (-10, 30)
    assert (dlw.share_holders[p1], dlw.share_holders[p3]) == (10, 10)
    assert not [m for m in legal_moves(game).moves if m.type == "sell_shares"]
    with pytest.raises(GameError, match="DL&W"):
        load_game(path)
