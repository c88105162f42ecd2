"""Seeded random playouts (engine/moves/playout.py): legal moves only, invariants after every action, saved
games that our replay reproduces."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.moves.playout import invariant_problem, new_game, play_one, replay_matches, run

TITLES = ("1830", "1889", "18Chesapeake", "1846", "Steam Over Holland")


@pytest.mark.parametrize("title", TITLES)
def test_short_playouts_break_nothing(title: str) -> None:
    for seed in (1, 2):
        outcome = play_one(title, seed, max_actions=300)
        assert outcome.crash is None, outcome.crash
        assert outcome.invariant is None, outcome.invariant
        assert outcome.actions == 300 or outcome.finished


def test_a_playout_is_reproducible_from_its_seed() -> None:
    a = play_one("1830", 5, max_actions=200, keep_record=True)
    b = play_one("1830", 5, max_actions=200, keep_record=True)
    assert a.record is not None and b.record is not None
    assert a.record["actions"] == b.record["actions"] and len(a.record["actions"]) == 200


def test_a_finished_playout_saves_a_game_our_replay_reproduces(tmp_path: Path) -> None:
    summary = run("1830", 1, 100, out=tmp_path)
    outcome = summary.outcomes[0]
    assert outcome.finished and outcome.crash is None and outcome.invariant is None
    assert outcome.replay_mismatch is None
    saved = json.loads((tmp_path / "1830-100.json").read_text())
    assert saved["title"] == "1830" and saved["result"] and saved["game_end_reason"] == outcome.reason
    assert replay_matches(saved) is None
    saved["result"] = {k: v + 1 for k, v in saved["result"].items()}
    assert replay_matches(saved) is not None


def test_invariants_notice_money_appearing_and_lost_certificates() -> None:
    import random

    game = new_game("1830", 3, random.Random(3), players=4)
    total = game.cash_total()
    assert invariant_problem(game, total) is None
    game.players[0].cash += 1
    assert "total cash" in (invariant_problem(game, total) or "")
    game.players[0].cash -= 1
    corporation = game.corporations[0]
    share = corporation.shares[1]
    corporation.shares_by_corporation[corporation].remove(share)
    assert "holdings" in (invariant_problem(game, total) or "")
    corporation.shares_by_corporation[corporation].append(share)
    assert invariant_problem(game, total) is None
    share.percent += 10
    assert "add up to 110%" in (invariant_problem(game, total) or "")


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TRACKLAYER_PLAYOUTS"), reason="set TRACKLAYER_PLAYOUTS=N for N full games")
@pytest.mark.parametrize("title", TITLES)
def test_full_playouts(title: str) -> None:
    games = int(os.environ.get("TRACKLAYER_PLAYOUTS", "0"))
    summary = run(title, games, 1)
    problems = [o for o in summary.outcomes if o.crash or o.invariant]
    assert not problems, [(o.seed, o.crash or o.invariant) for o in problems[:3]]


def test_a_sale_that_would_stall_the_stock_round_is_refused_in_live_play_and_replayed_as_the_site_does() -> None:
    """A saved playout (1846, seed 513) whose last action, a stock-round sale, sends a corporation to the close
    cell.  The reference engine then stops the round on a player who has passed, with no legal move (nobody can
    go on: the site's players undo).  Loading the file reaches that same state; in live play the sale is not a
    legal move: it is refused with the reason, and nothing changes."""
    import json

    from engine import load_game
    from engine.errors import IllegalAction
    from engine.moves import legal_moves
    from engine.trace import state_of

    path = Path(__file__).parent / "data" / "1846_stuck_stock_round.json"
    loaded = load_game(path)
    assert not loaded.finished and not legal_moves(loaded).moves  # the reference's stop, replayed as it is
    raw = json.loads(path.read_text())
    last = raw["actions"][-1]
    before = dict(raw, actions=raw["actions"][:-1])
    live = load_game(before)
    live.finish_loading()
    assert any(u.kind == "share" and "nobody able to act" in u.reason for u in legal_moves(live).unusable)
    state = state_of(live)
    with pytest.raises(IllegalAction, match="nobody able to act"):
        live.apply(last)
    assert state_of(live) == state
    with pytest.raises(IllegalAction, match="nobody able to act"):
        live.process_action(last)


def _live_before_last(name: str) -> tuple[Any, dict[str, Any]]:
    """The saved playout ``name`` loaded without its last action, in live play, and that last action."""
    import json

    from engine import load_game

    raw = json.loads((Path(__file__).parent / "data" / name).read_text())
    live = load_game(dict(raw, actions=raw["actions"][:-1]))
    live.finish_loading()
    return live, raw["actions"][-1]


def test_an_emergency_sale_that_closes_the_next_operator_is_refused_in_live_play() -> None:
    """1846 playout seed 100020: in GT's train step its president sells NYC into the close cell; NYC closes but is
    the next to operate, and the round waits for it for ever (the reference engine too: even NYC's bankruptcy
    fails there).  Live play refuses the sale with the reason; replaying the file reaches the same stop."""
    from engine import load_game
    from engine.errors import IllegalAction
    from engine.moves import legal_moves
    from engine.trace import state_of

    loaded = load_game(Path(__file__).parent / "data" / "1846_or_sale_closes_next_operator.json")
    assert not loaded.finished and not legal_moves(loaded).moves
    live, sale = _live_before_last("1846_or_sale_closes_next_operator.json")
    assert sale["type"] == "sell_shares" and sale["shares"] == ["NYC_4"]
    moves = legal_moves(live)
    assert not any(m.type == "sell_shares" and getattr(m, "corporation", None) == "NYC" for m in moves)
    assert any(u.id == "NYC" and "nobody able to act" in u.reason for u in moves.unusable)
    state = state_of(live)
    with pytest.raises(IllegalAction, match="selling 10% of NYC now would close it"):
        live.process_action(sale)
    assert state_of(live) == state


def test_after_a_bankruptcy_leaves_a_corporation_in_the_close_cell_moves_that_stall_are_refused() -> None:
    """1846 playout seed 37: C&O's bankruptcy leaves it at $0 (a close cell) into the stock round; whatever the
    first player does next closes it, and the round stops on a player with nothing to do (the reference engine
    too).  Every such move is refused with the reason; when none is left the playout reports the game as one
    where the reference would stall, and its saved file ends in that stop."""
    from engine.errors import IllegalAction
    from engine.moves import legal_moves
    from engine.moves.playout import reference_stall, take_stalling_pass

    live, buy = _live_before_last("1846_bankrupt_corporation_in_close_cell.json")
    assert buy["type"] == "buy_shares" and buy["shares"] == ["C&O_5"]
    moves = legal_moves(live)
    assert not moves.moves
    assert {u.kind for u in moves.unusable} == {"pass", "share"}
    assert all("would close C&O" in u.reason for u in moves.unusable)
    with pytest.raises(IllegalAction, match="would close C&O"):
        live.process_action(buy)
    with pytest.raises(IllegalAction, match="would close C&O"):
        live.process_action({"type": "pass", "entity": buy["entity"], "entity_type": "player"})
    assert not reference_stall(live)
    take_stalling_pass(live)
    assert reference_stall(live) and live.raw_actions[-1]["type"] == "pass" and live.strict


def test_a_long_round_makes_random_players_pass_mostly() -> None:
    import random

    from engine.moves.base import BidMove, PassMove
    from engine.moves.playout import LONG_ROUND, choose

    choices = [BidMove("player", 1, target="DH", min_bid=75, max_bid=80), PassMove("player", 1)] + [
        BidMove("player", 1, target=c, min_bid=5, max_bid=10) for c in ("BO", "CA", "MH")]
    rng = random.Random(1)
    early = sum(choose(rng, choices, LONG_ROUND).type == "pass" for _ in range(1000))
    late = sum(choose(rng, choices, LONG_ROUND + 1).type == "pass" for _ in range(1000))
    assert 120 < early < 290 and late > 850
    only_bids = choices[:1]
    assert choose(rng, only_bids, LONG_ROUND + 1) is only_bids[0]


@pytest.mark.slow
def test_an_auction_that_fed_itself_for_ever_now_ends() -> None:
    """1830 seed 100041: uniform play kept a player raising his bids by the $5 each all-pass round paid him, up
    to the 20,000-action cap."""
    outcome = play_one("1830", 100041)
    assert outcome.finished and outcome.crash is None and outcome.invariant is None


def test_playouts_can_use_a_titles_optional_rules() -> None:
    """`playout --optional-rules`: the games are created with them and saved with them."""
    from engine.moves.playout import play_one

    outcome = play_one("Auction HOW", 3, keep_record=True, optional_rules=["the_fates"])
    assert outcome.finished and not outcome.crash and not outcome.invariant
    assert outcome.record is not None and outcome.record["settings"]["optional_rules"] == ["the_fates"]
    plain = play_one("Auction HOW", 3, keep_record=True)
    assert plain.record is not None and plain.record["settings"]["optional_rules"] == []


def test_a_closing_corporation_keeps_the_reach_others_had_until_the_next_lay_as_the_reference_does() -> None:
    """18 Los Angeles 2 playout seed 5130: LA withholds into the close cell at action 193 and its token leaves B5.
    ELA's reach was found at its lay at 187 with LA's B5 station blocking it, and the reference's close clears no
    graph, so until the next tile or token ELA still does not reach A4 beyond B5: live play refuses ELA's token
    there ("not connected", where STRICT ref_check stops).  Loading skips the connection check (the reference's
    too), so the file replays as an export of the site (ours, recorded as played live, is checked live)."""
    import json

    from engine import load_game
    from engine.errors import IllegalAction

    raw = json.loads((Path(__file__).parent / "data" / "18la2_playout_5130_token_after_close.json").read_text())
    token = raw["actions"][-1]
    assert token["type"] == "place_token" and token["city"] == "6-3-0"
    live = load_game(dict(raw, actions=raw["actions"][:-1]), strict=True)
    assert any(line == "LA closes" for line in live.log_lines)
    with pytest.raises(IllegalAction, match="A4 because it is not connected"):
        live.process_action(token)
    site = load_game({k: v for k, v in raw.items() if k != "tracklayer"})  # as exported by the site: not live
    assert site.hex_by_id("A4").tile.cities[0].tokened_by(site.corporation_by_id("ELA"))


class _State:
    """A stand-in game for the loop watch: its whole state is ``value``."""

    def __init__(self) -> None:
        self.value = 0
        self.log_lines: list[str] = []


def test_the_loop_watch_needs_a_run_of_forced_passes_that_comes_back_to_a_state() -> None:
    from engine.moves.base import BidMove, PassMove
    from engine.moves.playout import LoopWatch

    watch, game = LoopWatch(watch_after=2), _State()
    only_pass = [PassMove("player", 1)]
    assert watch.loops(game, only_pass, 0) is None and watch.loops(game, only_pass, 1) is None  # not watched yet
    for n in range(2, 6):  # watched, but every pass changes the state (a discount, income): no loop
        game.value = n
        game.log_lines.append("pass")
        assert watch.loops(game, only_pass, n) is None
    game.value = 3  # back to the state after 3 forced passes (the log is history: left out)
    assert "after action 3 comes back after 3 forced passes" in (watch.loops(game, only_pass, 6) or "")
    # a choice that is not a lone pass ends the run: the states seen are forgotten
    watch.loops(game, [PassMove("player", 1), BidMove("player", 1, target="X", min_bid=5, max_bid=10)], 7)
    assert all(watch.loops(game, only_pass, n) is None for n in range(8, 11))
    assert watch.loops(game, only_pass, 11) is not None


def test_an_auction_no_one_can_afford_to_go_on_is_reported_as_a_loop_at_once() -> None:
    """1804 seed 5023: the cheapest private (AP, $0 income) is bought and every player's cash is committed to bids,
    none left for BD's $60; the reference's all-pass rounds change nothing (its auction goes round for ever, as
    ``ref_check.rb`` on the 20,000-action file shows).  Reported as a loop, not run to the 20,000-action cap."""
    outcome = play_one("1804", 5023, keep_record=True)
    assert outcome.looped is not None and not outcome.finished and outcome.crash is None
    assert outcome.actions < 200
    assert outcome.record is not None and outcome.record["tracklayer"]["loops"] is True


def test_play_avoiding_stalls_drops_a_stalling_move_and_picks_again() -> None:
    from engine.core.game import STALLS
    from engine.errors import GameError
    from engine.moves.playout import play_avoiding_stalls

    class Table:
        def __init__(self, refuse: dict[str, str]) -> None:
            self.raw_actions: list[dict[str, object]] = []
            self.refuse = refuse

        def process_action(self, action: dict[str, object]) -> None:
            reason = self.refuse.get(str(action["type"]))
            if reason is not None:
                raise GameError(reason)
            self.raw_actions.append(action)

    offered: list[list[str]] = []

    def pick(left: list[str]) -> tuple[str, dict[str, object]]:
        offered.append(list(left))
        return left[0], {"type": left[0]}

    table = Table({"sell": f"no: {STALLS}"})
    action, refused = play_avoiding_stalls(table, ["sell", "pass"], pick)
    assert refused is None and action == {"type": "pass", "id": 1} and table.raw_actions == [action]
    assert offered == [["sell", "pass"], ["pass"]]
    # every move stalls: the last refusal comes back, nothing is played
    table = Table({"sell": f"no: {STALLS}", "pass": f"no: {STALLS}"})
    action, refused = play_avoiding_stalls(table, ["sell", "pass"], pick)
    assert refused is not None and STALLS in str(refused) and not table.raw_actions
    # any other refusal ends the tries at once
    offered.clear()
    table = Table({"sell": "not legal"})
    action, refused = play_avoiding_stalls(table, ["sell", "pass"], pick)
    assert str(refused) == "not legal" and offered == [["sell", "pass"]]
