"""Play-through bench findings on the 1822 family (issue 26).

- 1822/33845 action 496: an undo to action 594 right after a plain undo (action 495) went back to 594; it takes
  back nothing.  Our history has no position after 594 but the live end, where "Undo back to here" has nothing to
  take back (it is disabled, with its reason), so no gesture makes it: the bench records it as the file has it
  and counts it apart (it was an unexamined fallback).
- 1822MX/86 action 61 (and 1822PNW/586, 1822MRS/2227): a private's lay combined with another private's ability
  (``combo_entities``, the site's combo boxes): the track controller had no way to choose the combination and
  laid without it (the play-through stopped: "combo_entities: wanted ['P12'], got None").
- 1822MX/fcm_cannot_lay_thru_mexico_city action 217: the NdeM runs L-5 in Mexico City (N23) and L-6 alone in Los
  Mochis (H11, a token city with no track yet, $0).  The optimiser ran all four L trains on the one N23 token (the
  engine lacked the rule "a local train uses each token once"), and a click on H11 found no stop (the city is on
  no track).  Actions 190, 269, 317: the 3/2 train earned its stops in full (the engine lacked its halving).
- 1822CA/1822CA_game_end_bank actions 1128 and 1224: the LP train's run stored as a loop out of AF12 and back
  (no route is rebuilt from it, in the reference neither): the local run at AF12, clicked.  Undos 1221 and 1287
  take back only refused lays left out before them: left out with them ("Undo back to here" is disabled there).
- Lays naming another copy than the supply's first (1822MRS/35936 @771; 1822PNW merger_final_minor_merged_before_
  its_turn @619, 631, 635 and no_tokens_left @509-683, 8 lays naming the newest copy of unlimited 8 and 9): in
  the other 2,639 lays in effect of the family's fixtures where the first and the newest copy differ the site named
  the first, as the reference's selector does; no gesture chooses a copy, so these are applied as loaded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.gui_drivers import load
from bench.play_through_gui import idle_undos, same_action, undoes_only, undone_segment
from desktop.controllers.track import TrackController
from engine.record import GameRecord
from tests.conftest import FIXTURES
from tests.desktop.play_or_helpers import window_at


def test_an_undo_that_takes_back_nothing_is_found() -> None:
    path = FIXTURES / "1822" / "33845.json"
    if not path.exists():
        pytest.skip("../shared/fixtures is absent")
    actions = json.loads(path.read_text())["actions"]
    assert (actions[495]["type"], actions[495].get("action_id")) == ("undo", None)
    assert (actions[496]["type"], actions[496]["action_id"], actions[493]["id"]) == ("undo", 594, 594)
    assert idle_undos(actions) == {496}


def test_an_undo_to_an_earlier_action_is_not_idle() -> None:
    actions = [
        {"type": "pass", "entity": 1, "id": 1},
        {"type": "pass", "entity": 2, "id": 2},
        {"type": "pass", "entity": 3, "id": 3},
        {"type": "undo", "entity": 3, "id": 4, "action_id": 1},
        {"type": "undo", "entity": 3, "id": 5, "action_id": 1},
    ]
    assert idle_undos(actions) == {4}  # the first takes back 2 and 3; the second nothing


def test_a_refused_action_is_left_out_with_what_one_undo_takes_back_after_it() -> None:
    """1822CA 3 at 860: P21 lays green 83 (refused live by both engines), two more lays and three choose/undo
    pairs follow, then one undo to an earlier action takes them all back: the bench leaves out 861-868 and plays
    the undo at 869.  A plain undo, or an action left standing in between, is no such segment."""
    actions = [
        {"type": "pass", "entity": 1, "id": 1},
        {"type": "lay_tile", "entity": "P21", "id": 2},
        {"type": "lay_tile", "entity": "P21", "id": 3},
        {"type": "choose", "entity": "GTP", "id": 4},
        {"type": "undo", "entity": "GTP", "id": 5},
        {"type": "choose", "entity": "GTP", "id": 6},
        {"type": "undo", "entity": "GTP", "id": 7, "action_id": 1},
    ]
    assert undone_segment(actions, 1) == range(2, 6)
    assert undone_segment(actions, 3) is None  # a plain undo takes the choose back
    assert undone_segment(actions[:6], 1) is None  # never taken back
    path = FIXTURES / "1822CA" / "3.json"
    if path.exists():
        real = json.loads(path.read_text())["actions"]
        assert undone_segment(real, 860) == range(861, 869)


def test_a_lay_combined_with_another_private_is_ticked_on_the_bar(qtbot: Any, tmp_path: Path) -> None:
    window, action = window_at(qtbot, tmp_path, "1822MX", "86.json", 61)
    assert (action["entity"], action["combo_entities"]) == ("P9", ["P12"])
    track = window.play.controller(TrackController)
    assert track is not None
    track.set_layer(("company", "P9"))
    assert ("P12",) in track.combos()
    assert all(not m.combo for m in track.my_lays())  # unticked: the private's own lays only
    button = window.action_bar.buttons.get("combo_P12")
    assert button is not None and button.isEnabled()
    button.click()
    assert track.combo == ("P12",) and track.my_lays() and all(m.combo == ("P12",) for m in track.my_lays())
    assert "Stop combining" in window.action_bar.buttons["combo_P12"].text()
    track.toggle_combo("P12")
    assert track.combo == ()
    before = len(window.session.record.actions)
    load()["lay_tile"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    assert made["combo_entities"] == ["P12"]
    assert same_action(action, made, window.session.live) is None


def test_a_local_train_runs_alone_at_a_token_city_without_track(qtbot: Any, tmp_path: Path) -> None:
    from desktop.controllers.routes import RoutesController

    window, action = window_at(qtbot, tmp_path, "1822MX", "fcm_cannot_lay_thru_mexico_city.json", 217)
    assert [(r["train"], r["connections"], r["revenue"]) for r in action["routes"]] == [
        ("L-5", [["local", "N23"]], 40),
        ("L-6", [["local", "H11"]], 0),
    ]
    routes = window.play.controller(RoutesController)
    assert routes is not None
    from bench.gui_drivers.routes import _wait_for_optimiser

    _wait_for_optimiser(routes)
    # the best run: one L train on the NdeM's Mexico City token (a token serves one local train)
    assert [(e["train"], e["connections"]) for e in routes.editor.entries()] == [("L-5", [["local", "N23"]])]
    before = len(window.session.record.actions)
    load()["run_routes"](window, dict(action))  # the L-6 row chosen, Los Mochis clicked, Run
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    assert [(r["train"], r["connections"], r["revenue"]) for r in made["routes"]] == [
        ("L-5", [["local", "N23"]], 40),
        ("L-6", [["local", "H11"]], 0),
    ]
    assert same_action(action, made, window.session.live) is None


def test_an_issue_priced_by_an_older_rule_is_not_playable(qtbot: Any, tmp_path: Path) -> None:
    """1822PNW/p19_merge_coal_company_3 action 84: SWW issues 5 shares at $100 (its price then), as the site did
    until its fix of 2022-09-27; today's rule prices an issue after the drop ($65).  The GUI offers the issue at
    today's price only: the bench applies the file's action as loaded, saying why."""
    from bench.gui_drivers import NotPlayable

    window, action = window_at(qtbot, tmp_path, "1822PNW", "p19_merge_coal_company_3.json", 84)
    assert (action["type"], action["entity"], action["share_price"]) == ("sell_shares", "SWW", 100)
    offered = [m for m in window.play.moves.of_type("sell_shares") if list(m.shares) == action["shares"]]
    assert [m.share_price for m in offered] == [65]
    before = len(window.session.record.actions)
    with pytest.raises(NotPlayable, match="priced 100 a share; today's rules price it 65"):
        load()["sell_shares"](window, dict(action))
    assert len(window.session.record.actions) == before


def test_the_ndem_token_auction_is_played_in_its_dialog(qtbot: Any, tmp_path: Path) -> None:
    """1822MX/1822MX_game_end_stock_market actions 666-676: the NdeM is privatised; a token is named
    (``remove_token``), bid on up to $120, passed, and the winner's major takes it (``merge``), all in the NdeM
    auction dialog (the drivers looked for the map's token removal, the private auction and the merger bar button:
    19 fallbacks)."""
    window, _ = window_at(qtbot, tmp_path, "1822MX", "1822MX_game_end_stock_market.json", 666)
    actions = GameRecord.load(FIXTURES / "1822MX" / "1822MX_game_end_stock_market.json").actions
    assert [a["type"] for a in actions[666:677]] == ["remove_token", *["bid"] * 7, "pass", "merge", "remove_token"]
    assert "ndem_auction" in window.action_bar.buttons
    drivers = load()
    for action in actions[666:677]:
        before = len(window.session.record.actions)
        drivers[action["type"]](window, dict(action))
        assert len(window.session.record.actions) == before + 1, action
        made = dict(window.session.record.actions[-1])
        assert same_action({k: v for k, v in action.items() if k != "auto_actions"}, made) is None, (action, made)


def test_a_run_paying_a_once_per_run_bonus_twice_is_not_playable(qtbot: Any, tmp_path: Path) -> None:
    """1822NRS/1822NRS_game_end_bank action 800: the file pays MR's destination bonus on the 7 train (100) and
    again on the 6 train (50, as if that route ran alone, as the site's client did at times); the run pays it once.
    The bench says so and applies the file's run as loaded."""
    from bench.gui_drivers import NotPlayable

    window, action = window_at(qtbot, tmp_path, "1822NRS", "1822NRS_game_end_bank.json", 800)
    assert [(r["train"], r["revenue"]) for r in action["routes"]] == [("7-0", 860), ("6-2", 500), ("2P-1", 130)]
    before = len(window.session.record.actions)
    with pytest.raises(NotPlayable, match="records 500 for the 6-2 train's route: a bonus paid once per run"):
        load()["run_routes"](window, dict(action))
    assert len(window.session.record.actions) == before


def test_a_loop_out_of_a_local_trains_city_and_back_is_its_local_run(qtbot: Any, tmp_path: Path) -> None:
    """1822CA/1822CA_game_end_bank action 1128: the file runs CPR's LP train AF12-AE11-AE13-AF14-AF12, a loop out
    of Montreal's city and back paying AF12 alone ($80).  No route is rebuilt from a walk that ends where it starts
    (the reference's neither: the engine pays it as recorded); the run is the local run at AF12, which the table
    makes by clicking the city (the bench had no gesture for it: "cannot be rebuilt from its track")."""
    from bench.gui_drivers.routes import loop_home, route_difference

    window, action = window_at(qtbot, tmp_path, "1822CA", "1822CA_game_end_bank.json", 1128)
    loop = action["routes"][0]
    assert (loop["train"], loop["connections"], loop["nodes"], loop["revenue"]) == (
        "LP-0",
        [["AF12", "AE11", "AE13", "AF14", "AF12"]],
        ["AF12-0"],
        80,
    )
    assert loop_home(loop) == "AF12"
    assert loop_home(action["routes"][1]) is None  # the 6 train's route is no loop
    local = {**loop, "connections": [["local", "AF12"]]}
    assert route_difference(loop, local) is None
    assert route_difference(loop, {**local, "connections": [["local", "AE15"]]}) is not None
    assert route_difference(loop, {**local, "nodes": ["AE15-1"]}) is not None
    before = len(window.session.record.actions)
    load()["run_routes"](window, dict(action))
    assert len(window.session.record.actions) == before + 1
    made = dict(window.session.record.actions[-1])
    first = made["routes"][0]
    assert (first["train"], first["connections"], first["revenue"]) == ("LP-0", [["local", "AF12"]], 80)
    assert same_action(action, made, window.session.live) is None


def test_an_undo_taking_back_only_a_left_out_action_is_left_out_with_it() -> None:
    """1822CA/1822CA_game_end_bank 1220: CPR lays O7 on AE15 (refused live by both engines); the undo at 1221 goes
    back to the action before it.  With 1220 left out, the undo has nothing to take back ("Undo back to here" is
    disabled on the live end): it is left out too.  1822CA/3's undo at 869 goes back further: it is played."""
    path = FIXTURES / "1822CA" / "1822CA_game_end_bank.json"
    if not path.exists():
        pytest.skip("../shared/fixtures is absent")
    actions = json.loads(path.read_text())["actions"]
    assert (actions[1221]["type"], actions[1221]["action_id"], actions[1219]["id"]) == ("undo", 1244, 1244)
    assert undone_segment(actions, 1220) == range(1221, 1221)
    assert undoes_only(actions, 1220, 1221)
    real = json.loads((FIXTURES / "1822CA" / "3.json").read_text())["actions"]
    assert undone_segment(real, 860) == range(861, 869)
    assert not undoes_only(real, 860, 869)


def test_a_lay_naming_another_copy_than_the_rules_is_not_playable(qtbot: Any, tmp_path: Path) -> None:
    """1822MRS/35936 action 771: GWR lays 207 on G36 naming copy 207-0 (back in the supply from G22, after 207-1);
    the rules lay the supply's first copy, 207-1 (the reference's tile selector too: ``tiles.uniq(&:name)``), and
    a player chooses a tile, not its copy.  The bench says so and applies the file's lay as loaded."""
    from bench.gui_drivers import NotPlayable

    window, action = window_at(qtbot, tmp_path, "1822MRS", "35936.json", 771)
    assert (action["entity"], action["hex"], action["tile"]) == ("GWR", "G36", "207-0")
    before = len(window.session.record.actions)
    with pytest.raises(NotPlayable, match="the file lays copy 207-0 of tile 207; the table lays 207-1"):
        load()["lay_tile"](window, dict(action))
    assert len(window.session.record.actions) == before
    track = window.play.controller(TrackController)
    assert track is not None and track.pending is None  # the drop was cancelled
