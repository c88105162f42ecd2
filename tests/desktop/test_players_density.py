"""Issue 29: the Players dock at 1366x768 showed three full cards; with four to six players the others were below
the fold in a stock round.  The cards now take the first density at which they all fit (full, compact, dense),
and a certificate chip on a compact card is still where a drag to sell starts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.panels.players import COMPACT, DENSE, FULL, PlayersPanel
from engine import new_game
from engine.moves.registry import legal_moves

#: the Players dock's panel at 1366x768 (the tray shrunk in a stock round): about 245 x 395
DOCK_1366 = (245, 395)


def _stock_round(players: int) -> Any:
    """A 1830 game with ``players`` at its first stock round: everybody bought a private, B&O is parred, one share
    is bought (two cards with two chips)."""
    game = new_game("1830", [f"Player {i + 1}" for i in range(players)], seed=3)
    rng = random.Random(0)
    while legal_moves(game).of_type("bid"):
        buy = next(m for m in legal_moves(game).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        game.process_action(buy.sample(rng))
    par = legal_moves(game).of_type("par")
    if par:
        game.process_action(par[0].sample(rng))
    buy = next(m for m in legal_moves(game).of_type("buy_shares"))
    game.process_action(buy.sample(rng))
    assert game.round.stock
    return game


def _panel(qtbot: Any, game: Any, size: tuple[int, int]) -> PlayersPanel:
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_game(game)
    QApplication.processEvents()
    return panel


def _all_in_sight(panel: PlayersPanel) -> bool:
    rects = panel.canvas.card_rects()
    return panel.verticalScrollBar().maximum() == 0 and all(r.bottom() <= panel.viewport().height() for r in rects)


# (four players' compact cards fill the dock after a few buys: the stock round starts with dense ones, which keep
# room for the round's buys -- compact ones switched to dense in the middle of the round)
@pytest.mark.parametrize(("players", "density"), [(3, COMPACT), (4, DENSE), (5, DENSE), (6, DENSE)])
def test_three_to_six_players_cards_are_all_in_sight_at_1366x768(qtbot: Any, players: int, density: int) -> None:
    panel = _panel(qtbot, _stock_round(players), DOCK_1366)
    assert len(panel.cards) == players
    assert panel.canvas.density == density
    assert _all_in_sight(panel)
    # what a stock round needs stays on every card: cash, certificates against the limit, the priority deal
    image = panel.canvas.render_image(DOCK_1366[0])
    assert image.height() <= DOCK_1366[1]
    assert sum(c.priority for c in panel.cards) == 1


def test_full_cards_where_they_fit_and_compact_again_when_the_dock_shrinks(qtbot: Any) -> None:
    panel = _panel(qtbot, _stock_round(4), (300, 900))
    assert panel.canvas.density == FULL and _all_in_sight(panel)
    panel.resize(300, 560)  # compact cards fit with a line of chips more each (the stock round's buys): not full
    QApplication.processEvents()
    assert panel.canvas.density == COMPACT and _all_in_sight(panel)
    panel.resize(*DOCK_1366)
    QApplication.processEvents()
    assert panel.canvas.density == DENSE and _all_in_sight(panel)
    panel.resize(DOCK_1366[0], 200)  # not even dense cards fit: they scroll (the acting one is brought in view)
    QApplication.processEvents()
    assert panel.canvas.density == DENSE and panel.verticalScrollBar().maximum() > 0


@pytest.mark.parametrize("players", [4, 6])
def test_a_certificate_on_a_compact_card_still_starts_a_sale_drag(qtbot: Any, players: int) -> None:
    panel = _panel(qtbot, _stock_round(players), DOCK_1366)
    canvas = panel.canvas
    assert canvas.density != FULL
    found = 0
    for card, rect in zip(canvas.cards, canvas.card_rects()):
        for chip, holding in canvas.share_chips(card, rect):
            assert rect.contains(chip)
            hit = canvas.share_payload_at(chip.center().toPoint())
            assert hit is not None and hit[0]["corporation"] == holding.corporation
            found += 1
        # a private company's chip is not a certificate: no drag starts there
    assert found >= 2  # the president's and the bought share
    # the empty space of a card is not a chip
    rect = canvas.card_rects()[0]
    assert canvas.share_payload_at(QPointF(rect.right() - 3, rect.bottom() - 3).toPoint()) is None


def test_six_players_in_the_main_window_at_1366x768(qtbot: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.main_window import MainWindow

    monkeypatch.setattr("desktop.main_window.QMessageBox.question",
                        lambda *_a, **_k: QMessageBox.StandardButton.Discard)
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat),
                        autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1830", [f"Player {i + 1}" for i in range(6)], seed=3)
    session = window.session
    assert session is not None
    rng = random.Random(0)
    while legal_moves(session.live).of_type("bid"):
        buy = next(m for m in legal_moves(session.live).of_type("bid") if m.purchase)  # type: ignore[attr-defined]
        assert session.submit(buy.sample(rng))
    assert session.submit(legal_moves(session.live).of_type("par")[0].sample(rng))
    panel = window.players_panel
    qtbot.waitUntil(lambda: _all_in_sight(panel), timeout=3000)
    assert len(panel.cards) == 6
    session.dirty = False


def test_a_chip_whose_data_gives_it_black_text_on_black_is_still_readable(qtbot: Any) -> None:
    """1822's concessions (C1...) are black cards with black text in the title's data: the chip was a black
    blot on the player's card.  A preferred text colour with no contrast gives way to white or black."""
    from PySide6.QtGui import QColor

    from desktop.panels import luminance, text_on

    assert text_on(QColor("#000"), "black").name() == "#ffffff"
    assert luminance(text_on(QColor("#ffffff"), "white")) < 0.1
    assert text_on(QColor("#5555ff"), "white").name() == "#ffffff"  # a readable choice is kept
    assert text_on(QColor("#add8e6"), "white").name() == "#ffffff"  # (1830's C&O, as printed)
    assert text_on(QColor("yellow"), "black").name() == "#000000"


def test_a_dense_header_too_narrow_for_its_badges_keeps_the_name_whole(qtbot: Any) -> None:
    """1280x720, six players: "▶ Playe... $290 1/11 PRIORITY" -- the name was cut.  Where even the badges' short
    forms would cut it, the badges go first among the card's chips."""
    from desktop.panels.players import PlayerCard, PlayersCanvas

    canvas = PlayersCanvas()
    qtbot.addWidget(canvas)
    canvas.set_density(DENSE)
    card = PlayerCard(name="Player 4", cash=290, certs=1, cert_limit=11, priority=True, current=True,
                      money={"cash": "$290"})
    assert canvas._badges_in_body(card, 224)
    assert [text for text, _chip in canvas._compact_chips(card, 224)][:1] == ["PRIORITY DEAL"]
    assert not canvas._badges_in_body(card, 320)  # a wider card keeps them in its header
    assert "PRIORITY DEAL" not in [text for text, _chip in canvas._compact_chips(card, 320)]
    canvas.set_density(COMPACT)  # a compact header has room of its own
    assert "PRIORITY DEAL" not in [text for text, _chip in canvas._compact_chips(card, 224)]
