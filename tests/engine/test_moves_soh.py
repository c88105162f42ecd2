"""Steam Over Holland's legal moves (engine/moves/soh.py, engine/moves/selection_auction.py on the title).

The shared game's every action is one of the legal moves of its state; random games by legal moves end, and in
them the train step never offers what its rules refuse (a pass it would refuse, an issue it would not take, a
president's sale outside an emergency)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.history import filter_actions
from engine.moves import legal_moves
from engine.moves.base import PassMove, SellSharesMove
from engine.moves.playout import new_game
from engine.moves.registry import check_action
from engine.record import GameRecord
from engine.titles.steam_over_holland.steps import BuyTrain, IssueShares, SelectionAuction
from tests.conftest import fixture_files

TITLE = "Steam Over Holland"


@pytest.mark.parametrize("path", fixture_files("SteamOverHolland"), ids=lambda p: p.name)
def test_every_action_of_the_shared_game_is_a_legal_move(path) -> None:  # type: ignore[no-untyped-def]
    from engine import build_game

    record = GameRecord.load(path)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    let_through: Counter[str] = Counter()
    steps: Counter[str] = Counter()
    for position, data in enumerate(kept):
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        step = game.round.active_step()
        steps[type(step).__name__] += 1
        if not check_action(game, data):
            let_through[data["type"]] += 1
        game.process_action(data, position)
    assert game.finished
    # only programs go through without enumerated moves; the auction and the issues are enumerated
    assert set(let_through) <= {"program_share_pass", "program_buy_shares"}, let_through
    assert steps["SelectionAuction"] > 0


def test_the_train_step_offers_only_what_it_takes() -> None:
    seen: Counter[str] = Counter()
    for seed in (1, 5):
        rng = random.Random(seed)
        game = new_game(TITLE, seed, rng, players=3)
        for _ in range(1500):
            if game.finished:
                break
            moves = legal_moves(game)
            assert moves.moves, moves.description
            step = game.round.active_step()
            if isinstance(step, BuyTrain):
                corporation = step.current_entity()
                for move in moves.moves:
                    if isinstance(move, PassMove) and move.entity == corporation.id:
                        assert step.pass_refusal(corporation) is None
                        seen["pass"] += 1
                    if isinstance(move, SellSharesMove) and move.entity_type == "player":
                        assert step.president_may_contribute(corporation)
                        seen["president sale"] += 1
                    if isinstance(move, SellSharesMove) and move.entity_type == "corporation":
                        seen["issue"] += 1
                for unusable in moves.unusable:
                    if unusable.kind == "pass":
                        assert step.pass_refusal(corporation) == unusable.reason
            if isinstance(step, SelectionAuction):
                seen["auction"] += 1
            if any(isinstance(s, IssueShares) and s.active() for s in game.round.steps):
                seen["issue step"] += len(moves.of_type("sell_shares"))
            action = rng.choice(moves.moves).sample(rng)
            assert check_action(game, action)
            game.process_action(action)
        assert game.finished
    assert seen["auction"] and seen["pass"], seen


def test_the_sentence_on_everybody_passing_says_what_the_engine_then_does() -> None:
    from engine import new_game as fresh
    from engine.moves.selection_auction import all_pass_outcome

    game = fresh(TITLE, ["Ann", "Bob", "Cyd", "Dee"], seed=7)
    step = game.round.active_step()
    first, second, *rest = [c.id for c in step.companies]
    said = all_pass_outcome(step)
    assert f"next company, {second}, are removed" in said and all(c in said for c in rest)
    while game.round.active_step() is step:
        game.process_action(legal_moves(game).of_type("pass")[0].base())
    owners = {c.id: c.owner for c in game.companies}
    assert owners[first] is None and owners[second] is None and all(owners[c] is None for c in rest)
    assert not getattr(game.round, "auction", False) or game.round.active_step() is not step
    removed = [line for line in game.log_lines if "removed from the game" in line]
    assert len(removed) == 2
