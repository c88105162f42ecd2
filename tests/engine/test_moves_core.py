"""Legal moves (engine/moves): the enumeration of auctions, stock rounds, companies, 1846's own steps and
bankruptcy, the strict (live) check built on it, and undo/redo in live play."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.core.history import filter_actions
from engine.errors import GameError, IllegalAction
from engine.moves import check_action, legal_moves
from engine.moves.base import BidMove, BuySharesMove, ParMove, PassMove, SellSharesMove
from engine.moves.cli import check_record
from engine.record import GameRecord
from engine.rounds.stock import StockRound
from engine.titles.registry import load_title
from engine.trace import state_of
from tests.conftest import fixture_files

TITLES = ("1830", "1889", "18Chesapeake", "1846")
ALL_FIXTURES = [p for t in TITLES for p in fixture_files(t)]
FIRST_FIXTURES = [p for t in TITLES for p in fixture_files(t)[:1]]
needs_fixtures = pytest.mark.skipif(not ALL_FIXTURES, reason="../shared/fixtures is absent")


def new_game(title: str, players: int = 4) -> Any:
    return load_title(title)([(i, f"P{i}") for i in range(1, players + 1)], game_id=1, seed=1, strict=True)


def replay_until(path: Path, stop: Callable[[Any], bool]) -> Any:
    """The fixture's game (loading mode) at the first state where ``stop`` holds, then switched to live play."""
    record = GameRecord.load(path)
    game = load_title(record.title)(
        [(p.id, p.name) for p in record.players],
        game_id=record.game_id,
        seed=record.seed,
        optional_rules=record.optional_rules,
    )
    kept, _ = filter_actions(record.actions)
    for position, data in enumerate(kept):
        if stop(game):
            break
        if data is None:
            game.raw_actions.append(dict(record.actions[position]))
            continue
        game.process_action(data, position)
    game.finish_loading()
    return game


def refused_unchanged(game: Any, action: dict[str, Any], match: str | None = None) -> str:
    """``action`` is refused with a ``GameError`` by ``apply`` and by ``process_action``, and nothing changes."""
    before = state_of(game)
    cash = game.cash_total()
    raw = len(game.raw_actions)
    with pytest.raises(GameError, match=match) as caught:
        game.apply(dict(action))
    assert state_of(game) == before
    with pytest.raises(GameError, match=match):
        game.process_action(dict(action))
    assert state_of(game) == before
    assert game.cash_total() == cash and len(game.raw_actions) == raw
    return str(caught.value)


# ---------------------------------------------------------------------------------------------------------
# Auctions
# ---------------------------------------------------------------------------------------------------------
def test_waterfall_start_offers_the_cheapest_at_its_price_bids_on_the_rest_and_pass() -> None:
    game = new_game("1830")
    moves = legal_moves(game)
    assert moves.acting == [("player", 1)]
    bids = [m for m in moves if isinstance(m, BidMove)]
    cheapest = min(game.companies, key=lambda c: c.value)
    buy = [m for m in bids if m.purchase]
    assert [(m.target, m.min_bid, m.max_bid) for m in buy] == [(cheapest.id, cheapest.value, cheapest.value)]
    others = {m.target: m for m in bids if not m.purchase}
    assert set(others) == {c.id for c in game.companies if c is not cheapest}
    for company in game.companies:
        if company is not cheapest:
            move = others[company.id]
            assert move.min_bid == company.value + 5 and move.max_bid == game.players[0].cash
    assert moves.of_type("pass") and isinstance(moves.of_type("pass")[0], PassMove)


@pytest.mark.parametrize("title", ["1830", "1889", "18Chesapeake"])
@pytest.mark.parametrize("offset", [-1, 1, 15])
def test_the_cheapest_private_costs_exactly_its_price(title: str, offset: int) -> None:
    """The reference sells the cheapest private for any price the buyer has, even a negative one."""
    game = new_game(title)
    cheapest = min(game.companies, key=lambda c: c.value)
    player = game.round.current_entity()
    for price, reason in (
        (cheapest.min_bid + offset, "bought at its price"),
        (-5, "bought at its price|price should be between 0"),
    ):  # the codec refuses < 0
        refused_unchanged(
            game,
            {"type": "bid", "entity": player.id, "entity_type": "player", "company": cheapest.id, "price": price},
            match=reason,
        )
    game.apply(
        {"type": "bid", "entity": player.id, "entity_type": "player", "company": cheapest.id, "price": cheapest.min_bid}
    )
    assert cheapest.owner is player


def test_18chesapeake_bid_above_the_cash_left_is_refused() -> None:
    """Only the highest bid ties up cash in 18Chesapeake; the reference adds back a player's own outbid bid,
    so a player holding $600 could bid $1000.  Refused here."""
    game = new_game("18Chesapeake", 3)
    p1, p2 = game.players[0], game.players[1]
    dear = sorted(game.companies, key=lambda c: c.value)
    first, second = dear[-1], dear[-2]
    game.apply(
        {"type": "bid", "entity": p1.id, "entity_type": "player", "company": second.id, "price": second.value + 5}
    )
    game.apply(
        {"type": "bid", "entity": p2.id, "entity_type": "player", "company": second.id, "price": second.value + 10}
    )
    p3 = game.round.current_entity()
    game.apply({"type": "pass", "entity": p3.id, "entity_type": "player"})
    # p1 is outbid on ``second``; a bid on ``first`` with everything must leave nothing for a raise on second
    assert game.round.current_entity() is p1
    outbid = second.value + 5
    game.apply(
        {"type": "bid", "entity": p1.id, "entity_type": "player", "company": first.id, "price": p1.cash - outbid}
    )
    game.apply({"type": "pass", "entity": p2.id, "entity_type": "player"})
    game.apply({"type": "pass", "entity": game.round.current_entity().id, "entity_type": "player"})
    assert game.round.current_entity() is p1
    raise_ = {"type": "bid", "entity": p1.id, "entity_type": "player", "company": second.id, "price": second.value + 15}
    # the reference's limit: cash - tied up + own (outbid) bid = 2 * outbid, so it takes this raise
    trial = game.copy()
    trial.loading = True
    trial.process_action(dict(raise_))
    reason = refused_unchanged(game, raise_)
    assert second.id in reason and "available" in reason
    refused_unchanged(game, {**raise_, "price": 1000})


def test_bids_must_respect_the_increment_where_the_title_requires_it() -> None:
    game = new_game("18Chesapeake", 3)
    move = next(m for m in legal_moves(game) if isinstance(m, BidMove) and not m.purchase)
    assert move.step == 5
    assert move.refusal({"company": move.target, "price": move.min_bid + 3}) is not None
    assert move.refusal({"company": move.target, "price": move.min_bid + 5}) is None


# ---------------------------------------------------------------------------------------------------------
# Stock round
# ---------------------------------------------------------------------------------------------------------
def first_stock_round(title: str) -> Any:
    return replay_until(fixture_files(title)[0], lambda g: isinstance(g.round, StockRound))


@needs_fixtures
def test_ipo_share_of_an_unparred_corporation_is_refused() -> None:
    game = first_stock_round("1830")
    player = game.round.current_entity()
    corporation = next(c for c in game.corporations if not c.ipoed)
    share = corporation.shares[1]
    assert not any(isinstance(m, BuySharesMove) and m.corporation == corporation.id for m in legal_moves(game))
    refused_unchanged(
        game,
        {
            "type": "buy_shares",
            "entity": player.id,
            "entity_type": "player",
            "shares": [share.id],
            "percent": share.percent,
        },
    )


@needs_fixtures
@pytest.mark.parametrize("title", TITLES)
def test_par_moves_are_the_affordable_par_prices(title: str) -> None:
    game = first_stock_round(title)
    player = game.round.current_entity()
    pars = [m for m in legal_moves(game) if isinstance(m, ParMove)]
    assert pars
    for move in pars:
        corporation = game.corporation_by_id(move.corporation)
        assert not corporation.ipoed
        for _, price in move.share_prices:
            assert price * 2 <= player.cash
    refused = {
        "type": "par",
        "entity": player.id,
        "entity_type": "player",
        "corporation": pars[0].corporation,
        "share_price": "no-such-price",
    }
    with pytest.raises(GameError):
        game.apply(refused)


@needs_fixtures
def test_sale_moves_show_what_the_bundle_fetches_and_where_the_price_goes() -> None:
    path = fixture_files("1830")[0]

    def selling(g: Any) -> bool:
        return isinstance(g.round, StockRound) and any(isinstance(m, SellSharesMove) for m in legal_moves(g))

    game = replay_until(path, selling)
    sales = [m for m in legal_moves(game) if isinstance(m, SellSharesMove)]
    assert sales
    for move in sales:
        corporation = game.corporation_by_id(move.corporation)
        price = corporation.share_price.price
        assert move.price == price * move.percent // 10
        assert move.price_after is not None and move.price_after <= price  # 1830: down a row per share
        trial = game.copy()
        trial.apply(move.sample(random.Random(1)))
        assert trial.corporation_by_id(move.corporation).share_price.price == move.price_after


# ---------------------------------------------------------------------------------------------------------
# Every enumerated move is accepted; every real action is covered
# ---------------------------------------------------------------------------------------------------------
@cache
def positions_of(path: Path, count: int) -> list[int]:
    record = GameRecord.load(path)
    n = len(record.actions)
    return sorted({int(n * i / count) for i in range(count)})


@needs_fixtures
@pytest.mark.parametrize("path", FIRST_FIXTURES, ids=lambda p: p.parent.name)
def test_every_sampled_legal_move_passes_the_check_and_the_engine(path: Path) -> None:
    rng = random.Random(7)
    for upto in positions_of(path, 12):
        game = load_game(path, upto=upto)
        if game.finished:
            continue
        moves = legal_moves(game)
        assert moves.moves, f"no legal move at {upto}"
        for move in moves:
            action = move.sample(rng)
            check_action(game, action)
        for move in rng.sample(moves.moves, min(3, len(moves.moves))):
            trial = game.copy()
            trial.apply(move.sample(rng))


@needs_fixtures
@pytest.mark.slow
@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_moves_check_covers_every_action_of_every_fixture(path: Path) -> None:
    coverage = check_record(GameRecord.load(path))
    assert coverage.uncovered == [] and coverage.covered == coverage.total > 0


@needs_fixtures
def test_moves_check_command_prints_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    path = fixture_files("1830")[0]
    assert main(["moves", str(path), "--check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("covered ")
    done, total = out.split()[1].split("/")
    assert done == total and int(total) > 100


def test_moves_check_reports_the_first_uncovered_action() -> None:
    record = GameRecord.from_dict(
        {
            "id": 5,
            "title": "1830",
            "players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}],
            "settings": {"seed": 5},
            "actions": [
                {"type": "bid", "entity": 1, "entity_type": "player", "id": 1, "company": "SV", "price": 20},
                {"type": "bid", "entity": 2, "entity_type": "player", "id": 2, "company": "CS", "price": 1},
            ],
        }
    )
    coverage = check_record(record)
    assert coverage.total == 2 and coverage.covered == 1
    position, action, reason = coverage.uncovered[0]
    assert position == 1 and action["company"] == "CS" and "price of 40" in reason


# ---------------------------------------------------------------------------------------------------------
# 1846
# ---------------------------------------------------------------------------------------------------------
@needs_fixtures
def test_1846_a_minor_cannot_declare_bankruptcy() -> None:
    """The reference lets any operator declare bankruptcy; a closed minor then received the player's cash."""
    game = replay_until(
        fixture_files("1846")[0], lambda g: g.round.operating and getattr(g.round.current_entity(), "is_minor", False)
    )
    minor = game.round.current_entity()
    assert not any(m.type == "bankrupt" for m in legal_moves(game))
    refused_unchanged(game, {"type": "bankrupt", "entity": minor.id, "entity_type": "minor"})


@needs_fixtures
def test_1846_draft_offers_the_visible_cards() -> None:
    game = new_game("1846", 4)
    step = game.round.active_step()
    moves = legal_moves(game)
    assert {m.target for m in moves if isinstance(m, BidMove)} <= {c.id for c in step.available()}
    assert len([m for m in moves if isinstance(m, BidMove)]) == len(step.available())
    with pytest.raises(IllegalAction):
        hidden = next(c for c in game.companies if c not in step.available())
        check_action(
            game,
            {
                "type": "bid",
                "entity": game.round.current_entity().id,
                "entity_type": "player",
                "company": hidden.id,
                "price": 0,
            },
        )


# ---------------------------------------------------------------------------------------------------------
# Undo and redo in live play
# ---------------------------------------------------------------------------------------------------------
def test_undo_and_redo_really_undo_and_redo() -> None:
    game = new_game("1830")
    start = state_of(game)
    cheapest = min(game.companies, key=lambda c: c.value)
    game.apply(
        {"type": "bid", "entity": 1, "entity_type": "player", "company": cheapest.id, "price": cheapest.value, "id": 1}
    )
    after = state_of(game)
    assert after != start
    game.apply({"type": "undo", "entity": 2, "entity_type": "player"})
    assert state_of(game) == start
    assert [a["type"] for a in game.raw_actions] == ["bid", "undo"]
    game.apply({"type": "redo", "entity": 2, "entity_type": "player"})
    assert state_of(game) == after
    refused_unchanged(game, {"type": "redo", "entity": 1, "entity_type": "player"}, match="nothing to redo")


def test_undo_with_nothing_to_undo_is_refused() -> None:
    game = new_game("1830")
    refused_unchanged(game, {"type": "undo", "entity": 1, "entity_type": "player"}, match="nothing to undo")


@needs_fixtures
def test_1846_another_corporation_cannot_buy_a_train_in_the_current_ones_turn() -> None:
    def two_floated(g: Any) -> bool:
        current = g.round.current_entity()
        return (
            g.round.operating
            and getattr(current, "is_corporation", False)
            and sum(1 for c in g.corporations if c.floated and c.cash > 200) >= 2
        )

    game = replay_until(fixture_files("1846")[0], two_floated)
    current = game.round.current_entity()
    other = next(c for c in game.corporations if c.floated and c.cash > 200 and c is not current)
    train = game.depot.depot_trains()[0]
    reason = refused_unchanged(
        game,
        {
            "type": "buy_train",
            "entity": other.id,
            "entity_type": "corporation",
            "train": train.id,
            "price": train.price,
        },
    )
    assert other.name in reason


def test_messages_programs_and_end_game_are_listed_only_on_request() -> None:
    game = new_game("1830")
    plain = {m.type for m in legal_moves(game)}
    everything = {m.type for m in legal_moves(game, include_meta=True)}
    assert plain == {"bid", "pass"}
    assert {"message", "program_share_pass", "end_game"} <= everything
    # any player may chat at any time, even out of turn
    assert check_action(game, {"type": "message", "entity": 3, "entity_type": "player", "message": "hi"}) is False


# ---------------------------------------------------------------------------------------------------------
# Companies and 1846 steps, at real states of the fixtures
# ---------------------------------------------------------------------------------------------------------
def first_state_with(path: Path, wanted: Callable[[Any], bool]) -> tuple[Any, Any]:
    """The first state of the fixture with a legal move for which ``wanted`` holds, and that move."""
    found: dict[str, Any] = {}

    def stop(g: Any) -> bool:
        if g.finished:
            return False
        move = next((m for m in legal_moves(g) if wanted(m)), None)
        if move is not None:
            found["move"] = move
        return move is not None

    game = replay_until(path, stop)
    if "move" not in found:
        pytest.skip(f"{path.name} never offers such a move")
    return game, found["move"]


@needs_fixtures
def test_an_operating_corporation_buys_a_private_within_its_price_range() -> None:
    from engine.moves.base import BuyCompanyMove

    game, move = first_state_with(
        fixture_files("1830")[0], lambda m: isinstance(m, BuyCompanyMove) and m.entity_type == "corporation"
    )
    company = game.company_by_id(move.company)
    corporation = game.corporation_by_id(move.entity)
    assert move.min_price == company.min_price
    assert move.max_price == min(company.max_price, corporation.cash)
    base = {"type": "buy_company", "entity": move.entity, "entity_type": "corporation", "company": move.company}
    for price in (move.min_price - 1, move.max_price + 1, -10):
        refused_unchanged(game, {**base, "price": price})
    seller = company.owner
    cash = seller.cash
    game.apply({**base, "price": move.max_price})
    assert company.owner is corporation and seller.cash == cash + move.max_price


@needs_fixtures
def test_an_operating_corporation_buys_another_players_private_only_with_his_consent() -> None:
    """A president sells his own private to his corporation freely; another player's private needs that player's
    consent (bots and random playouts leave such purchases out)."""
    from engine.moves.base import BuyCompanyMove

    def from_player(m: Any) -> bool:
        return isinstance(m, BuyCompanyMove) and m.entity_type == "corporation" and m.seller not in ("bank", "market")

    seen = {True: 0, False: 0}
    for path in fixture_files("1830")[:3]:
        game, _ = first_state_with(path, from_player)
        for move in legal_moves(game):
            if not from_player(move):
                continue
            president = game.corporation_by_id(move.entity).owner
            owner = game.company_by_id(move.company).owner
            assert move.needs_consent == (owner is not president)
            seen[move.needs_consent] += 1
    assert seen[True] and seen[False]


@needs_fixtures
def test_a_train_from_another_presidents_corporation_needs_his_consent_and_bots_leave_it() -> None:
    """A corporation buys a train from a corporation of its own president freely (any price); from another
    president's only with that president's consent, which bots and random playouts never assume (bots bought other
    players' trains for $1 and left their corporations trainless to liquidate: 1817WO arena seed 901)."""
    from engine.bots.candidates import candidates
    from engine.bots.policy import acting_moves
    from engine.moves.trains import BuyTrainMove

    path = next(p for p in fixture_files("1830") if p.name == "1830_game_end_bank.json")
    game = load_game(path, upto=274)  # ERIE buys PRR's 3 train: both presided over by one player
    buyer = game.corporation_by_id("ERIE")
    seen = {True: 0, False: 0}
    for move in legal_moves(game):
        if isinstance(move, BuyTrainMove) and move.source != "depot":
            seller = game.corporation_by_id(move.source)
            assert move.needs_consent == (seller.owner is not buyer.owner)
            seen[move.needs_consent] += 1
    assert seen[True] and seen[False]
    entity, moves = acting_moves(game)
    assert entity is buyer and not any(getattr(m, "needs_consent", False) for m in moves)
    assert {m.source for m in moves if isinstance(m, BuyTrainMove)} == {"depot", "PRR"}
    consent_only = [m for m in legal_moves(game) if getattr(m, "needs_consent", False)]
    # where nothing else is left the table decides: the bot may still offer for them
    assert candidates(game, consent_only, random.Random(1))


@needs_fixtures
@pytest.mark.parametrize("title", ["1830", "1889"])
def test_a_private_is_exchanged_for_a_certificate_it_names(title: str) -> None:
    game, move = first_state_with(
        fixture_files(title)[0], lambda m: isinstance(m, BuySharesMove) and m.entity_type == "company"
    )
    company = game.company_by_id(move.entity)
    ability = game.ability_rules.abilities(company, "exchange")[0]
    named = ability.corporations if isinstance(ability.corporations, list | tuple) else [ability.corporations]
    assert move.corporation in named or ability.corporations in ("any", "ipoed")
    assert move.price == 0
    owner = company.owner
    game.apply(move.sample(random.Random(1)))
    assert company.closed
    assert any(s.id in move.shares for s in owner.shares)


@needs_fixtures
def test_1846_assignments_offer_the_abilitys_hexes_and_refuse_others() -> None:
    from engine.moves.g1846 import AssignMove

    game, move = first_state_with(fixture_files("1846")[0], lambda m: isinstance(m, AssignMove))
    assert move.targets
    company = game.company_by_id(move.entity)
    if move.target_type == "hex":
        ability = game.ability_rules.ability(company, "assign_hexes")
        assert set(move.targets) <= set(ability.hexes)
        wrong = next(h.id for h in game.hexes if h.id not in ability.hexes)
    else:
        wrong = next(c.id for c in game.corporations if c.id not in move.targets and not c.floated)
    refused_unchanged(
        game,
        {
            "type": "assign",
            "entity": move.entity,
            "entity_type": "company",
            "target": wrong,
            "target_type": move.target_type,
        },
    )
    game.apply(move.sample(random.Random(2)))


@needs_fixtures
def test_1846_issue_and_redeem_name_exact_bundles_at_the_stated_price() -> None:
    game, move = first_state_with(
        fixture_files("1846")[0], lambda m: isinstance(m, SellSharesMove) and m.entity_type == "corporation" and m.exact
    )
    assert move.share_price is not None and move.price == move.share_price * len(move.shares)
    base = move.sample(random.Random(3))
    refused_unchanged(game, {**base, "share_price": move.share_price + 10})
    if len(move.shares) > 1:
        refused_unchanged(game, {**base, "shares": list(reversed(move.shares))})
    cash = game.corporation_by_id(move.entity).cash
    game.apply(base)
    assert game.corporation_by_id(move.entity).cash == cash + move.price


@needs_fixtures
def test_a_private_bought_from_another_player_needs_the_sellers_consent() -> None:
    from engine.moves.base import BuyCompanyMove

    game, move = first_state_with(
        fixture_files("1830")[0], lambda m: isinstance(m, BuyCompanyMove) and m.entity_type == "player"
    )
    buyer = game.player_by_id(move.entity)
    assert move.needs_consent and move.seller != buyer.id
    assert move.min_price == 1 and move.max_price == buyer.cash
    refused_unchanged(
        game, {"type": "buy_company", "entity": buyer.id, "entity_type": "player", "company": move.company, "price": 0}
    )


def test_1846_a_minor_is_assigned_as_a_minor() -> None:
    """The site finds an assignment's target by its type: a minor named as a corporation breaks the game."""
    from engine.moves.g1846 import AssignMove

    move = AssignMove("company", "SC", target_type="minor", targets=("BIG4",))
    assert move.refusal({"target": "BIG4", "target_type": "minor"}) is None
    assert move.refusal({"target": "BIG4", "target_type": "corporation"}) is not None


@needs_fixtures
def test_a_private_that_brought_certificates_does_not_change_hands_between_players() -> None:
    """Buying 1830's C&A (or B&O) from its owner would hand its certificate over again: the reference fails
    ("Cannot buy share from player") and so would we; such a purchase is not offered."""
    from engine.moves.base import BuyCompanyMove

    def ca_elsewhere(m: Any) -> bool:
        return isinstance(m, BuyCompanyMove) and m.entity_type == "player"

    game, move = first_state_with(fixture_files("1830")[0], ca_elsewhere)
    buyer = game.player_by_id(move.entity)
    with_shares = [
        c
        for c in game.companies
        if game.ability_rules.abilities(c, "shares")
        and c.owner is not None
        and getattr(c.owner, "is_player", False)
        and c.owner is not buyer
        and not c.closed
    ]
    if not with_shares:
        pytest.skip("no private with certificates held by another player here")
    moves = legal_moves(game)
    for company in with_shares:
        assert not any(isinstance(m, BuyCompanyMove) and m.company == company.id for m in moves)
        if company in game.company_rules.purchasable(buyer):  # (1830's B&O private is never for sale)
            assert any(u.id == company.id and "between players" in u.reason for u in moves.unusable)
        refused_unchanged(
            game,
            {"type": "buy_company", "entity": buyer.id, "entity_type": "player", "company": company.id, "price": 10},
        )


def test_a_step_taking_a_pass_from_anyone_takes_it_from_a_player_not_acting() -> None:
    """``TAKES_FROM_ANYONE`` (the reference's round asks only the steps): the action is accepted from an entity
    that is not acting when the active step offers it to that entity; other action types are not."""
    from types import SimpleNamespace

    from engine.moves.registry import taken_from_anyone

    class Waiting:
        TAKES_FROM_ANYONE = ("pass",)

        def actions(self, entity: Any) -> list[str]:
            return ["pass"] if entity.is_player else []

    player = SimpleNamespace(is_player=True)
    company = SimpleNamespace(is_player=False)
    game: Any = SimpleNamespace(round=SimpleNamespace(active_step=Waiting))
    assert taken_from_anyone(game, player, "pass")
    assert not taken_from_anyone(game, player, "buy_train")
    assert not taken_from_anyone(game, company, "pass")
    Waiting.TAKES_FROM_ANYONE = ()
    assert not taken_from_anyone(game, player, "pass")
