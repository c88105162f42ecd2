"""1867 and 1861 in live play: the two-player set-up, and the choices live play refuses because the reference
engine stops (or the merger fails) after them."""

from __future__ import annotations

from typing import Any

import pytest

from engine import load_game, new_game
from engine.moves.registry import legal_moves
from engine.record import GameRecord
from tests.conftest import FIXTURES


def _fixture(folder: str, name: str) -> GameRecord:
    path = FIXTURES / folder / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return GameRecord.load(path)


def _count(game: Any, name: str) -> int:
    return sum(1 for t in game.depot.upcoming if t.name == name)


def test_two_players_own_70_percent_and_play_with_fewer_trains_and_privates() -> None:
    for title in ("1861", "1867"):
        two = new_game(title, ["A", "B"], seed=3)
        three = new_game(title, ["A", "B", "C"], seed=3)
        majors = [c for c in [*two.corporations, *two.future_corporations] if c.type == "major"]
        assert majors and all(c.max_ownership_percent == 70 for c in majors)
        assert all(c.max_ownership_percent == 60 for c in three.future_corporations if c.type == "major")
        for name, removed in {"2": 3, "3": 2, "4": 1, "5": 1, "6": 1, "7": 1}.items():
            assert _count(three, name) - _count(two, name) == removed
        assert len(three.companies) - len(two.companies) == 2
        assert two.hidden_company in two.companies
        assert any("Following companies are removed" in line for line in two.log_lines)
    assert any("1867 has not been tested for 2 players" in line
               for line in new_game("1867", ["A", "B"], seed=3).log_lines)


def test_a_major_nationalised_in_its_own_turn_is_refused_live() -> None:
    # nationalization_cash.json, after 527 actions: CNR is trainless and chooses while GWR operates.
    game = load_game(_fixture("1867", "nationalization_cash.json"), upto=527)
    step = game.round.active_step()
    cnr = game.corporation_by_id("CNR")
    assert step.trainless_major() == [cnr] and not step.nationalizing_stalls(cnr)
    assert any(m.type == "choose" for m in legal_moves(game).moves)
    # Were CNR the operator, nationalising it would leave the round on its replaced copy: refused with why.
    index = game.round.entity_index
    game.round.entity_index = game.round.entities.index(cnr)
    assert step.nationalizing_stalls(cnr)
    moves = legal_moves(game)
    assert [m.type for m in moves.moves] == ["pass"]
    assert any("nobody able to act" in u.reason for u in moves.unusable)
    # The round knows it is stalled when the corporation it waits on is replaced (a replay takes what a file
    # holds): here the next operator, reset as a nationalised major is.
    game.round.entity_index = index
    game.process_action({"type": "pass", "entity": "CNR", "entity_type": "corporation"})
    operator = game.round.current_entity()
    assert operator.is_corporation and not game.round.stalled()
    game.corporation_rules.reset_corporation(operator)
    assert game.round.waits_on_replaced_corporation() and game.round.stalled()


def test_no_conversion_or_merger_is_offered_once_every_major_has_started(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_game(_fixture("1867", "hs_ahjzadkh_19792.json"), upto=207)
    step = game.round.active_step()
    assert type(step).__name__ == "Merge"
    assert any(m.type == "merge" for m in legal_moves(game).moves)
    monkeypatch.setattr(type(step), "mergeable_majors", lambda self: [])
    moves = legal_moves(game)
    assert [m.type for m in moves.moves] == ["pass"]
    assert moves.unusable and all("no major corporation is left" in u.reason for u in moves.unusable)


def test_a_trade_in_worth_more_than_the_new_train_is_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1867's phase 8: a 2+2 ($600) with a 5+5E traded in ($750 off) would cost -$150; no action carries that
    import engine.moves.trains as trains_moves

    record = _fixture("1867", "hs_ahjzadkh_19792.json")
    at = next(i for i, a in enumerate(record.actions) if a["type"] == "buy_train" and a["train"] == "3-0")
    game = load_game(record, upto=at)
    step = game.round.active_step()
    buyer = step.current_entity()
    owned = buyer.trains[0] if buyer.trains else game.depot.upcoming[0]
    new = game.depot.upcoming[-1]
    monkeypatch.setattr(type(step), "discountable_trains_allowed", lambda self, entity: True)
    monkeypatch.setattr(trains_moves, "discountable_trains_for", lambda g, e: [(owned, new, new.name, -150)])
    moves = legal_moves(game)
    assert not any(getattr(m, "exchange", None) for m in moves.moves)
    assert any("cannot pay the buyer" in u.reason for u in moves.unusable)


def test_a_token_removal_leaving_the_stations_in_one_hex_is_not_offered() -> None:
    # 1861 playout seed 20: SW (merged) must remove tokens; removing its E9 station would leave all its stations
    # in H8, which the step refuses after the fact (as the reference): live play shows it with the reason
    from pathlib import Path

    path = Path(__file__).parent / "data" / "1861_playout_20_token_removal.json"
    game = load_game(GameRecord.load(path))
    moves = legal_moves(game)
    assert moves.step == "ReduceTokens" and moves.moves
    assert all(getattr(m, "hex", None) == "H8" for m in moves.moves)
    assert any(u.kind == "remove_token" and "different hexes" in u.reason for u in moves.unusable)


def test_1861_national_buys_again_whenever_its_buy_step_is_skipped_with_enough_cash() -> None:
    """The national's train purchase is automatic and never passes its step: while the national is the round's
    entity, every skip of the step buys what its cash now pays for (as the reference: a trainless major
    nationalised during the national's turn brings it cash, and it buys at once; playout 1861 seed 12)."""
    from engine.titles.g1861.rules import BuyTrain1861

    game = load_game(_fixture("1861", "29683.json"), upto=457)
    national = game.national
    assert game.round.current_entity() is national
    step = next(s for s in game.round.steps if isinstance(s, BuyTrain1861))
    game.bank.spend(game.depot.upcoming[0].price + 10 - national.cash, national)
    first = game.depot.upcoming[0]
    step.skip()
    assert first.owner is national and national.cash == 10
    assert not step.passed, "the national may still buy (another corporation's train for 10): the step stays open"
    game.bank.spend(game.depot.upcoming[0].price, national)
    second = game.depot.upcoming[0]
    step.skip()
    assert second.owner is national
