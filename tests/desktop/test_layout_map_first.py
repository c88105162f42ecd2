"""The table at any screen size (issue 29): the map keeps at least half of the window, players and corporations
are in sight together (one drag or one double-click buys a share), the market dock folds to its title, and a
layout saved on a bigger screen is narrowed to leave the map its half."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.main_window import MAP_SHARE, MainWindow
from desktop.session import Session
from engine.moves.registry import legal_moves
from tests.conftest import FIXTURES, shared_or_skip


def _settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def _window(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> MainWindow:
    w = MainWindow(_settings(tmp_path), autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(w)
    w.setWindowState(Qt.WindowState.WindowNoState)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    return w


def _settle(qtbot: Any) -> None:
    for _ in range(5):
        QApplication.processEvents()
    qtbot.wait(20)


@pytest.fixture(autouse=True)
def _discard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "desktop.main_window.QMessageBox.question", lambda *_a, **_k: QMessageBox.StandardButton.Discard
    )


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_layout_gives_the_map_half_the_window_and_shows_players_and_corporations_together(
    qtbot: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    window = _window(qtbot, tmp_path, size)
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    assert window.map_view.width() >= window.width() * MAP_SHARE
    assert window.map_view.height() >= window.height() * MAP_SHARE
    players, corporations = window.docks["players"], window.docks["corporations"]
    # never tabs of one dock: both visible at once, side by side of the map
    assert not window.tabifiedDockWidgets(players) and not window.tabifiedDockWidgets(corporations)
    assert not players.visibleRegion().isEmpty() and not corporations.visibleRegion().isEmpty()
    assert window.dockWidgetArea(players) != window.dockWidgetArea(corporations)


def test_layout_saved_on_a_big_screen_leaves_the_map_half_of_a_small_one(qtbot: Any, tmp_path: Path) -> None:
    big = _window(qtbot, tmp_path, (1920, 1080))
    big.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    # the user widens both side columns by hand, then closes
    big.resizeDocks([big.docks["players"], big.docks["corporations"]], [520, 620], Qt.Orientation.Horizontal)
    _settle(qtbot)
    assert big.session is not None
    big.session.dirty = False
    big.close()
    small = MainWindow(_settings(tmp_path), autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(small)
    small.setWindowState(Qt.WindowState.WindowNoState)
    small.resize(1366, 768)
    small.show()
    qtbot.waitExposed(small)
    small.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    qtbot.waitUntil(lambda: small.map_view.width() >= small.width() * MAP_SHARE, timeout=3000)
    # the market, narrower now, is sized to its grid again (no empty band under it)
    market = small.market
    qtbot.waitUntil(lambda: market.height() <= market.height_for_width(market.width()) * 1.25 + 40, timeout=3000)


def test_market_dock_folds_to_its_title_and_back(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, (1366, 768))
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    dock = window.market_dock
    corporations_before = window.docks["corporations"].height()
    unfolded = dock.height()
    assert window.market.height() >= window.market.height_for_width(window.market.width()) * 0.9 - 40
    qtbot.mouseClick(dock.title_bar.arrow, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert dock.collapsed and window.market_view.isHidden()
    assert dock.height() <= dock.folded_height() + 4
    assert window.docks["corporations"].height() > corporations_before  # the room went to the corporations
    qtbot.mouseClick(dock.title_bar.arrow, Qt.MouseButton.LeftButton)
    _settle(qtbot)
    assert not dock.collapsed and window.market.isVisible()
    # the height comes back once the window has laid out the shown market (a queued resize)
    qtbot.waitUntil(lambda: abs(dock.height() - unfolded) <= 30, timeout=2000)


def _stock_round(window: MainWindow) -> Session:
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    actions = json.loads(path.read_text())["actions"]
    session = Session.open(path, upto=0)
    window.set_session(session)
    for action in actions:
        if legal_moves(session.live).step == "BuySellParShares":
            break
        assert session.submit(action)
    return session


def test_stock_double_click_on_an_ipo_certificate_buys_it_for_the_acting_player(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, (1366, 768))
    session = _stock_round(window)
    _settle(qtbot)
    game = session.live
    buy = next(m for m in legal_moves(game).of_type("buy_shares") if m.source == "ipo")
    corporation = game.corporation_by_id(buy.corporation)
    canvas = window.corporations_panel.canvas
    i = next(i for i, c in enumerate(canvas.cards) if c.name == corporation.name)
    rect = canvas.card_rects()[i]
    before = len(session.record.actions)
    qtbot.mouseDClick(canvas, Qt.MouseButton.LeftButton, pos=QPointF(rect.center().x(), rect.top() + 10).toPoint())
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert made["type"] == "buy_shares" and made["entity"] == buy.entity


def test_stock_double_click_outside_a_turn_changes_nothing_and_says_why(qtbot: Any, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path, (1366, 768))
    session = _stock_round(window)
    session.jump(session.index - 1)  # viewing the past: nothing can be bought there
    _settle(qtbot)
    canvas = window.corporations_panel.canvas
    before = len(session.record.actions)
    if canvas.cards:
        rect = canvas.card_rects()[0]
        qtbot.mouseDClick(canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert len(session.record.actions) == before


@pytest.mark.parametrize("title", ["Irish Gauge", "Auction HOW"])
def test_layout_of_a_kernel_title_fits_a_768_pixel_screen(qtbot: Any, tmp_path: Path, title: str) -> None:
    """Irish Gauge's side column asked for 787 pixels: the window grew past a 1366x768 screen."""
    window = _window(qtbot, tmp_path, (1366, 768))
    window.new_game(title, ["Ann", "Bob", "Cy", "Dee"], seed=4)
    _settle(qtbot)
    assert window.minimumSizeHint().height() <= 740
    assert window.minimumSizeHint().width() <= 1366


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_layout_fit_shows_every_column_of_the_map(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """F (fit) after Home cut off a column: the whole map, coordinates included, must be in the viewport."""
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    window = _window(qtbot, tmp_path, size)
    assert window.open_file(path, ask=False)
    _settle(qtbot)
    view = window.map_view
    for step in ("open", "home", "fit", "end", "fold market"):
        if step == "home":
            window._navigate("home")
        elif step == "fit":
            view.fit_to_window()
        elif step == "end":
            window._navigate("end")
        elif step == "fold market":
            window.market_dock.set_collapsed(True)
        _settle(qtbot)
        shown = view.mapFromScene(view.scene().map_rect()).boundingRect()
        assert view.viewport().rect().adjusted(-1, -1, 1, 1).contains(shown), (step, shown, view.viewport().rect())
    # and the hexes are as large as the viewport allows: the map fills it in one direction
    shown = view.mapFromScene(view.scene().map_rect()).boundingRect()
    room = view.viewport().rect()
    assert shown.width() >= room.width() * 0.9 or shown.height() >= room.height() * 0.9


def test_market_dock_folded_at_close_opens_folded_and_unfolds_to_its_grid(qtbot: Any, tmp_path: Path) -> None:
    first = _window(qtbot, tmp_path, (1366, 768))
    first.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    first.market_dock.set_collapsed(True)
    assert first.session is not None
    first.session.dirty = False
    first.close()
    second = MainWindow(_settings(tmp_path), autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(second)
    second.resize(1366, 768)
    second.show()
    second.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    assert second.market_dock.collapsed and second.market_view.isHidden()
    second.market_dock.set_collapsed(False)
    market = second.market
    qtbot.waitUntil(lambda: market.height() >= min(market.height_for_width(market.width()) * 0.8, 200), timeout=3000)
    assert second.session is not None
    second.session.dirty = False


def test_market_dock_draws_prices_readably_and_follows_the_tokens_at_1366(qtbot: Any, tmp_path: Path) -> None:
    """1830's 19-column market in a side dock at 1366x768: drawn at a readable scale (not shrunk to 12-px cells),
    too wide and too tall for the dock, so folded into bands of columns that scroll down only (it scrolled both
    ways), with the middle of the corporations' tokens scrolled into view."""
    from PySide6.QtCore import QPoint

    from desktop.market.widget import READABLE_SCALE

    window = _window(qtbot, tmp_path, (1366, 768))
    path = shared_or_skip(FIXTURES / "1830" / "26855.json")
    window.set_session(Session.open(path))
    _settle(qtbot)
    view, market = window.market_view, window.market
    market.repaint()
    scale = market._transform[0]
    assert scale >= READABLE_SCALE - 1e-6
    bar = view.horizontalScrollBar()
    assert bar.maximum() == 0 and market.band_count >= 2, "a market that would scroll both ways is folded"
    assert view.verticalScrollBar().maximum() > 0
    # the tokens' middle is in view: some token cell is inside the viewport
    visible = view.viewport().rect()
    offset = QPoint(bar.value(), view.verticalScrollBar().value())
    seen = [
        c
        for c in market.cells
        if c.tokens
        and visible.contains(
            QPoint(
                int(market._transform[1] + market.cell_rect(c.row, c.col).center().x() * scale),
                int(market._transform[2] + market.cell_rect(c.row, c.col).center().y() * scale),
            )
            - offset
        )
    ]
    assert seen, "no corporation's token is in view"


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_one_row_market_is_folded_until_its_prices_are_readable(
    qtbot: Any, tmp_path: Path, size: tuple[int, int]
) -> None:
    """1817's 32-cell one-row market was folded on two lines in the 382-px column at 1366x768: drawn at 0.47,
    its prices 6 px.  It folds onto as many lines as a readable scale takes, and the dock is that tall (within
    its share of the column), nothing scrolled or cut."""
    from desktop.main_window import MARKET_SHARE
    from desktop.market.widget import READABLE_SCALE

    window = _window(qtbot, tmp_path, size)
    path = shared_or_skip(FIXTURES / "1817" / "15528.json")
    window.set_session(Session.open(path))
    _settle(qtbot)
    qtbot.wait(100)
    view, market = window.market_view, window.market
    market.repaint()
    assert market.one_d
    assert market._transform[0] >= READABLE_SCALE - 0.02, market._transform
    assert view.horizontalScrollBar().maximum() == 0 and view.verticalScrollBar().maximum() == 0
    column = window.docks["corporations"].height() + window.market_dock.height()
    assert window.market_dock.height() <= column * MARKET_SHARE + 12
    if size == (1366, 768):
        assert market.lines_for_width(view.viewport().width()) >= 3  # two lines were unreadable there


def test_a_grid_market_a_little_wider_than_its_dock_is_drawn_to_fit_not_scrolled(qtbot: Any) -> None:
    """18ZOO's market at a readable scale was 394 px in a 382-px column: a scroll bar for 12 px.  A market within
    NEAR_FIT of the width is drawn to fit it; one much wider is folded, or (1830) scrolls at the readable scale."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent

    from desktop.market.scroll import NEAR_FIT, MarketScroll
    from desktop.market.widget import READABLE_SCALE, MarketWidget
    from engine import load_game, new_game

    zoo = load_game(shared_or_skip(FIXTURES / "18ZOOMapA" / "17.json"), upto=3)
    view = MarketScroll(MarketWidget())
    qtbot.addWidget(view)
    view.resize(400, 320)
    view.show()
    view.set_game(zoo)
    natural = view.market.natural_size(1).width()
    width = int(natural * READABLE_SCALE * (1 + NEAR_FIT) / 2)  # a little short of the readable width
    view.resize(width + view.frameWidth() * 2, 320)
    qtbot.wait(10)
    assert view.horizontalScrollBar().maximum() == 0
    assert READABLE_SCALE * NEAR_FIT <= view.market.min_scale < READABLE_SCALE
    view.resize(int(natural * READABLE_SCALE * NEAR_FIT * 0.9), 320)  # much narrower: folded, readable
    qtbot.wait(10)
    # its last band in the empty corner of the first, it is in sight whole: not scrolled at all (it scrolled
    # across, as printed, before a band could go in that corner)
    assert view.market.min_scale >= READABLE_SCALE and view.market.band_count == 2
    assert view.horizontalScrollBar().maximum() == 0 and view.verticalScrollBar().maximum() == 0
    # 1830 in a view tall enough for it as printed, not folded (its second band too big for the corner): it
    # scrolls across only, as printed, and a wheel turn scrolls across
    view.set_game(new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2))
    view.resize(400, 520)
    qtbot.wait(10)
    assert view.market.min_scale == READABLE_SCALE and view.horizontalScrollBar().maximum() > 0
    assert view.market.band_count == 1 and view.verticalScrollBar().maximum() == 0
    bar = view.horizontalScrollBar()
    before = bar.value()
    event = QWheelEvent(
        QPointF(10, 10),
        QPointF(10, 10),
        QPoint(0, 0),
        QPoint(0, -120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    view.wheelEvent(event)
    assert bar.value() != before


def test_the_history_bar_is_two_rows_and_the_map_keeps_the_height(qtbot: Any, tmp_path: Path) -> None:
    """At 1366x768 the history bar took 84 px in three rows (strip, slider, buttons and counter); in two rows
    (the buttons left of the slider, the counter above them) the map gets ~17 px more height: 1830's hexes at the
    fitted zoom went from 44 to 46 px across.  The strip's ticks stay over the slider's groove."""
    from desktop.map.geometry import DEFAULT_RADIUS

    window = _window(qtbot, tmp_path, (1366, 768))
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    bar = window.history_bar
    assert bar.height() <= 72
    assert window.map_view.viewport().height() >= 420
    assert window.map_view.zoom() * 2 * DEFAULT_RADIUS >= 45.0  # a hex across, in pixels, at the fitted zoom
    # strip and slider share a column: the live end's tick is over the slider's right end
    strip, slider = bar.strip, bar.slider
    assert strip.mapTo(bar, strip.rect().topLeft()).x() == slider.mapTo(bar, slider.rect().topLeft()).x()
    assert strip.width() == slider.width()
    # the counter is whole
    label = bar.position_label
    counter = label.text().split(" — ")[0]
    assert label.width() >= label.fontMetrics().horizontalAdvance(counter)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_1822_market_reads_without_scrolling_both_ways(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Issue 29: 1822's 21 x 15 market scrolled both ways in its dock at 1366x768.  Folded into bands of columns as
    wide as the dock, every price at the readable scale, it scrolls down only; each cell is drawn once, inside
    the view's width, no two cells overlapping; the acting corporation's token is scrolled into view."""
    from desktop.main_window import MARKET_SHARE, MARKET_WHOLE_SHARE, MARKET_WHOLE_SHARE_WIDE
    from desktop.market.widget import READABLE_SCALE

    window = _window(qtbot, tmp_path, size)
    window.set_session(Session.open(shared_or_skip(FIXTURES / "1822" / "1822_game_end_stock_market.json")))
    _settle(qtbot)
    view, market = window.market_view, window.market
    market.repaint()
    scale = market._transform[0]
    assert scale >= READABLE_SCALE * 0.94 - 1e-6
    assert view.horizontalScrollBar().maximum() == 0
    if window.map_spare_taken() <= 0:  # (at 1920x1080 the column takes the tall map's spare width: as printed)
        assert market.band_count >= 2
    rects = [market.cell_rect(c.row, c.col) for c in market.cells]
    right = max(r.right() for r in rects) * scale + market._transform[1]
    assert right <= view.viewport().width() + 1
    for i, a in enumerate(rects):
        assert not any(a.intersected(b).width() > 0.5 and a.intersected(b).height() > 0.5 for b in rects[i + 1 :])
    # every band at least as readable as before; a market shown whole may take up to MARKET_WHOLE_SHARE of the
    # column (1822 at 1920x1080 scrolled 98 px at half of it), one that still scrolls keeps to its half
    column = window.docks["corporations"].height() + window.market_dock.height()
    whole_share = MARKET_WHOLE_SHARE_WIDE if window.map_spare_taken() > 0 else MARKET_WHOLE_SHARE
    if view.verticalScrollBar().maximum() > 0:
        assert window.market_dock.height() <= column * MARKET_SHARE + 12
    else:
        assert window.market_dock.height() <= column * whole_share + 12
    if size == (1920, 1080):
        assert view.verticalScrollBar().maximum() == 0, "the whole market fits at 1920x1080"
        assert window.docks["corporations"].height() >= column * (1 - whole_share) - 12
    assert window.session is not None
    window.session.dirty = False


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_a_folded_market_uses_the_docks_width(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """1830 at 1920x1080: folded into two bands of ten columns, the market took 310 px of a 520-px view, the rest
    empty beside it.  Each band now takes as many columns as the view's width holds at the readable scale (the
    last band the rest) and is drawn to fill that width; every cell drawn once, inside the view."""
    from desktop.market.widget import READABLE_SCALE

    window = _window(qtbot, tmp_path, size)
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    qtbot.wait(50)
    view, market = window.market_view, window.market
    market.repaint()
    scale, left = market._transform[0], market._transform[1]
    assert market.band_count >= 2 and scale >= READABLE_SCALE - 1e-6
    assert view.horizontalScrollBar().maximum() == 0
    rects = [market.cell_rect(c.row, c.col) for c in market.cells]
    drawn_left = left + min(r.left() for r in rects) * scale
    drawn_right = left + max(r.right() for r in rects) * scale
    width = view.viewport().width()
    assert drawn_right <= width + 1
    assert drawn_right - drawn_left >= 0.85 * width, (drawn_right - drawn_left, width)
    for i, a in enumerate(rects):
        assert not any(a.intersected(b).width() > 0.5 and a.intersected(b).height() > 0.5 for b in rects[i + 1 :])


def test_the_history_counter_never_runs_under_the_marker_strip(qtbot: Any, tmp_path: Path) -> None:
    """Irish Gauge at 1366x768 (a narrow centre beside its wide side columns): the counter "Action 1 of 1 — Initial
    auctions" was 191 px wide in a 144-px column and ran under the strip's first tick."""
    window = _window(qtbot, tmp_path, (1366, 768))
    window.new_game("Irish Gauge", ["Ann", "Bob", "Cyd", "Dee"], seed=11)
    _settle(qtbot)
    bar = window.history_bar
    label = bar.position_label
    assert "Initial auctions" in label.text()
    right = label.mapTo(bar, label.rect().topRight()).x()
    assert right < bar.strip.mapTo(bar, bar.strip.rect().topLeft()).x()
    assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
    assert window.session is not None
    window.session.dirty = False


def test_a_new_game_shows_its_market_from_the_start_not_where_the_last_game_was(qtbot: Any, tmp_path: Path) -> None:
    """Played at 1366x768: after a finished 1830 game (its tokens in the high band, scrolled to) File > New game
    showed the new game's market scrolled to the same empty high-price band."""
    window = _window(qtbot, tmp_path, (1366, 768))
    window.set_session(Session.open(shared_or_skip(FIXTURES / "1830" / "26855.json")))
    _settle(qtbot)
    qtbot.wait(50)
    view = window.market_view
    assert view.verticalScrollBar().maximum() > 0
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    qtbot.wait(50)
    assert view.verticalScrollBar().value() == 0 and view.horizontalScrollBar().value() == 0
    assert window.session is not None
    window.session.dirty = False


def test_the_history_strip_keeps_its_place_as_the_actions_grow(qtbot: Any, tmp_path: Path) -> None:
    """Played at 1366x768: the strip and the slider moved 15 px right at the 10th action (the counter's column is as
    wide as "Action 10 of 10 — …"); the counter keeps room for three digits from the start."""
    window = _window(qtbot, tmp_path, (1366, 768))
    window.new_game("1830", ["Ann", "Bob", "Cyd", "Dee"], seed=2)
    _settle(qtbot)
    bar = window.history_bar
    before = bar.slider.mapTo(bar, bar.slider.rect().topLeft()).x()
    bar.set_timeline(list(bar.strip.markers), 120)
    bar.set_current(120, "SR 1")
    _settle(qtbot)
    assert bar.slider.mapTo(bar, bar.slider.rect().topLeft()).x() == before
    assert window.session is not None
    window.session.dirty = False
