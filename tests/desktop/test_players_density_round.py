"""Issue 29 (session 32): the players' cards switched from compact to dense in the middle of a stock round (four
players at 1366x768, the fifth buy), so every drop target moved under the pointer.  The density is now chosen once
per round, with room for the round's buys, and within a round only a lower panel makes the cards denser."""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from desktop.panels.players import COMPACT, DENSE, PlayersPanel, round_of
from engine import new_game
from engine.moves.registry import legal_moves

#: the Players dock's panel at 1366x768 in a stock round (the empty tray shrunk)
DOCK_1366 = (245, 395)


def _panel_in_window(qtbot: Any, size: tuple[int, int]) -> tuple[QWidget, PlayersPanel]:
    """The panel inside a window of a fixed size, as in the main window (its height changes, the window's not)."""
    window = QWidget()
    window.resize(400, 900)
    panel = PlayersPanel(window)
    panel.setGeometry(0, 0, *size)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window, panel


def _buy_through_private_auction(game: Any, rng: random.Random) -> None:
    while legal_moves(game).of_type("bid"):
        buy = next(m for m in legal_moves(game).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        game.process_action(buy.sample(rng))
    par = legal_moves(game).of_type("par")  # B&O's president's certificate came with a private
    if par:
        game.process_action(par[0].sample(rng))


def test_four_players_cards_keep_their_density_through_a_stock_round(qtbot: Any) -> None:
    game = new_game("1830", [f"Player {i + 1}" for i in range(4)], seed=3)
    rng = random.Random(0)
    _buy_through_private_auction(game, rng)
    _window, panel = _panel_in_window(qtbot, DOCK_1366)
    panel.set_game(game)
    QApplication.processEvents()
    start, _growing = round_of(game)
    assert game.round.stock and _growing
    seen: list[tuple[int, int, int]] = []  # (density, certificates on the cards, scroll range) after each action
    while round_of(game)[0] == start:
        moves = legal_moves(game)
        buys = list(moves.of_type("par")) + list(moves.of_type("buy_shares"))
        move = rng.choice(buys) if buys else next(iter(moves))
        game.process_action(move.sample(rng))
        if round_of(game)[0] != start:
            break
        panel.set_game(game)
        QApplication.processEvents()
        seen.append(
            (panel.canvas.density, sum(len(c.shares) for c in panel.cards), panel.verticalScrollBar().maximum())
        )
    assert len(seen) >= 10
    assert seen[-1][1] >= seen[0][1] + 8  # the cards did grow: at least eight certificates bought
    assert {d for d, _n, _s in seen} == {DENSE}, seen  # (compact ones went dense at the fifth buy)
    assert all(scroll == 0 for _d, _n, scroll in seen)  # and the room kept for the round was enough


def test_a_lower_panel_makes_cards_denser_within_a_round_a_taller_one_not_fuller(qtbot: Any) -> None:
    """The tray opening for a track lay and closing again (an operating round at 1366x768, three players) swung the
    cards between compact and dense at every step."""
    game = new_game("1830", [f"Player {i + 1}" for i in range(3)], seed=3)
    _buy_through_private_auction(game, random.Random(0))
    _window, panel = _panel_in_window(qtbot, (245, 436))
    panel.set_game(game)
    QApplication.processEvents()
    assert panel.canvas.density == COMPACT
    panel.resize(245, 250)  # lower than the compact cards: dense ones
    QApplication.processEvents()
    assert panel.canvas.density == DENSE
    panel.resize(245, 436)  # back: the round keeps the dense cards
    QApplication.processEvents()
    assert panel.canvas.density == DENSE
    # a new round chooses again
    rng = random.Random(0)
    start = round_of(game)[0]
    while round_of(game)[0] == start:
        game.process_action(next(iter(legal_moves(game))).sample(rng))
    panel.set_game(game)
    QApplication.processEvents()
    assert panel.canvas.density == COMPACT
