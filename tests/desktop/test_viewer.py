"""Viewing a game (issue 16): what the viewer shows while a finished game is browsed.

Start-up check, layout, the log on opening, charts in the corporations' colours and revenue per OR, the tile
manifest, the spreadsheet, bank cash, the viewed action on the map (highlight, route overlay, tooltips), the
history bar's labels, end reasons in words, ordered market tokens, 1846's real par, menus and Save As.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from desktop.main_window import MainWindow, bank_text, end_reason_text, status_text
from desktop.panels import ink_color, percent_held, qcolor
from desktop.startup_check import XCB_LIBRARIES, check_display, missing_system_packages, uses_xcb
from tests.conftest import FIXTURES, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"
GAME_1846 = FIXTURES / "1846" / "10264.json"


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> MainWindow:  # type: ignore[no-untyped-def]
    w = MainWindow(settings)
    qtbot.addWidget(w)
    return w


def _open(window: MainWindow, path: Path) -> Any:
    assert window.open_file(shared_or_skip(path), ask=False)
    assert window.session is not None
    return window.session


def _first_index(session: Any, kind: str, start: int = 1) -> int:
    for index in range(start, session.size + 1):
        if session.record.actions[session.timeline.raw_position(index)].get("type") == kind:
            return index
    raise AssertionError(f"no {kind} action")


# --- start-up ---------------------------------------------------------------------------------------------------


def test_startup_check_names_the_debian_packages_of_the_missing_libraries() -> None:
    missing = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    packages = missing_system_packages(lambda soname: soname not in missing)
    assert packages == ["libxcb-icccm4", "libxcb-keysyms1"]
    message = check_display({"DISPLAY": ":0"}, lambda soname: soname not in missing)
    assert message is not None
    assert "Tracklayer needs these system packages" in message
    assert "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1" in message


def test_startup_check_passes_when_everything_loads_and_explains_a_missing_display() -> None:
    assert check_display({"DISPLAY": ":0"}, lambda _soname: True) is None
    no_display = check_display({}, lambda _soname: True)
    assert no_display is not None and "DISPLAY" in no_display
    # other platforms (offscreen, wayland) are not checked
    assert check_display({"QT_QPA_PLATFORM": "offscreen"}, lambda _soname: False) is None
    assert not uses_xcb({"WAYLAND_DISPLAY": "wayland-0"})
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"})
    assert set(missing_system_packages(lambda _soname: False)) == set(XCB_LIBRARIES.values())


def test_help_mentions_the_render_command() -> None:
    from desktop.app import build_parser

    text = build_parser().format_help()
    assert "render" in text and "PNG" in text


# --- menus, title -----------------------------------------------------------------------------------------------


def test_go_menu_shows_its_shortcut_keys(window: MainWindow) -> None:
    go = next(a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "Go")
    actions = [a for a in go.actions() if not a.isSeparator()]
    assert len(actions) == 6
    for action in actions:
        assert not action.shortcut().isEmpty(), action.text()
        assert action.isShortcutVisibleInContextMenu()
    assert {a.shortcut().toString() for a in actions} == {"Home", "End", "Left", "Right", "PgUp", "PgDown"}


def test_save_as_puts_the_new_name_in_the_title(window: MainWindow, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    window.new_game("1830", ["A", "B", "C", "D"])
    target = tmp_path / "my game.json"
    monkeypatch.setattr("desktop.main_window.QFileDialog.getSaveFileName",
                        lambda *args, **kwargs: (str(target), "Game files (*.json)"))
    window.save_as()
    assert target.exists()
    assert "my game.json" in window.windowTitle()
    assert "New 1830 game" not in window.windowTitle()


# --- layout and the log ------------------------------------------------------------------------------------------


def test_first_run_layout_gives_the_map_the_middle_and_the_market_no_empty_band(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _open(window, GAME_1830)
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1920, 1050)
    window.show()
    qtbot.waitExposed(window)
    window.default_dock_sizes()
    QApplication.processEvents()
    map_w = window.map_view.width()
    assert map_w > window.docks["players"].width()
    assert map_w > window.docks["market"].width()
    market = window.market
    needed = market.height_for_width(market.width())
    # the dock is not much taller than the grid needs (no third of it empty)
    assert market.height() <= needed * 1.25 + 40
    # the status line spans the window, above the docks
    assert window.status_label.width() > window.width() * 0.6


@pytest.mark.parametrize("size", [(1920, 1050), (1366, 740)])
def test_first_run_layout_waits_for_the_game_when_shown_empty(window: MainWindow, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """The program shows its window before it starts a new game (or opens a file): the first-run sizes are made
    for the game, so the market is drawn as large as its dock's width allows and is not cut."""
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.new_game("1830", ["A", "B", "C", "D", "E"])
    QApplication.processEvents()
    market = window.market
    # the right column is the corporations' and the market's; the map keeps half of the window (issue 29)
    assert market.width() >= 340
    if market.band_count > 1:
        # folded into bands as wide as the dock (issue 29): drawn at a readable scale, scrolling down only
        from desktop.market.widget import READABLE_SCALE

        view = window.market_view
        assert view.horizontalScrollBar().maximum() == 0
        assert market._transform[0] >= READABLE_SCALE - 0.02
    else:
        needed = market.height_for_width(market.width())
        assert needed * 0.9 <= market.height() <= needed * 1.25 + 40
    assert window.map_view.width() > window.docks["players"].width()
    # the players' cards get more room than the tile tray below them
    assert window.players_panel.height() > window.tile_tray.height()


def test_log_shows_the_current_action_when_a_game_opens(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 740)
    session = _open(window, GAME_1830)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    panel = window.log_panel
    rows = panel.current_rows()
    assert rows, "the last action has log lines"
    viewport = panel.view.viewport().rect()
    assert panel.row_rect(rows[-1]).intersects(viewport)
    assert panel.row_rect(panel.model.rowCount() - 1).intersects(viewport)  # "Game over" is in view
    # and after a jump into the past, that action's lines are in view
    session.jump(150)
    QApplication.processEvents()
    assert any(panel.row_rect(r).intersects(viewport) for r in panel.current_rows())


# --- status line, bank -------------------------------------------------------------------------------------------


def test_end_reason_and_bank_in_words(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    game = session.game
    assert game.finished
    text = status_text(game, False)
    assert end_reason_text(game.game_end_reason) in text
    assert "(bankrupt)" not in text and "(bank)" not in text
    assert end_reason_text("bank") == "the bank broke"
    assert end_reason_text("bankrupt") == "a player went bankrupt"
    assert window.bank_label.text() == bank_text(game)
    assert game.format_currency(int(game.bank.cash)) in window.bank_label.text()
    session.jump(100)
    assert game.format_currency(int(session.game.bank.cash)) in window.bank_label.text()


def test_a_broken_bank_says_so(window: MainWindow) -> None:
    session = _open(window, GAME_1846)
    game = session.game
    assert game.game_end_reason == "bank"
    assert "the bank broke" in window.status_label.text()
    assert window.bank_label.text().startswith("Bank broken")


# --- charts -------------------------------------------------------------------------------------------------------


def test_chart_series_use_the_corporations_colours(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    charts = window.charts
    for corp in session.live.corporations:
        lines = charts.price_lines.get(corp.name)
        if not lines:
            continue
        expected = ink_color(qcolor(corp.color), 0.6)
        assert lines[0].pen().color() == expected, corp.name
    # NYC is drawn in its own black/grey, not in a palette colour
    nyc = next(c for c in session.live.corporations if c.name == "NYC")
    assert charts.price_lines["NYC"][0].pen().color() == ink_color(QColor(nyc.color), 0.6)


def test_revenue_per_operating_round_matches_the_operating_history(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    charts = window.charts
    game = session.live
    keys = sorted({k for c in game.corporations for k in (c.operating_history or {})})
    assert charts.or_keys == [(int(t), int(r)) for t, r in keys]
    for corp in game.corporations:
        history = corp.operating_history or {}
        expected = sorted((float(keys.index(k) + 1), float(info.revenue)) for k, info in history.items())
        assert charts.revenue_points(corp.name) == expected, corp.name
    charts.show_chart("revenue")
    assert charts.stack.currentIndex() == 2


def test_chart_axis_labels_do_not_overlap(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _open(window, GAME_1830)
    charts = window.charts
    chart = charts.players_chart
    charts.ensure_built()
    from PySide6.QtCore import QRectF

    chart.fit_axes(QRectF(0, 0, 300, 200))
    narrow = list(chart.shown_categories)
    chart.fit_axes(QRectF(0, 0, 1200, 600))
    wide = list(chart.shown_categories)
    assert len(narrow) < len(wide) <= len(chart.categories)
    from PySide6.QtGui import QFontMetricsF

    metrics = QFontMetricsF(chart.x_axis.labelsFont())
    positions = {label: 300 * value / chart.x_max for label, value in chart.categories}
    spans = sorted((positions[label] - metrics.horizontalAdvance(label) / 2,
                    positions[label] + metrics.horizontalAdvance(label) / 2) for label in narrow)
    for (_a0, a1), (b0, _b1) in itertools.pairwise(spans):
        assert b0 >= a1  # no two kept labels overlap


# --- new panels ---------------------------------------------------------------------------------------------------


def test_tile_manifest_counts_match_the_engines_remaining_tiles(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    for index in (0, 250, session.size):
        session.jump(index)
        game = session.game
        entries = window.tiles_panel.entries
        assert {e.name for e in entries} == {str(n) for n in game.spec.tiles}
        for entry in entries:
            left = sum(1 for t in game.tiles if t.name == entry.name)
            if entry.total is not None:
                assert entry.left == left, entry.name
                assert entry.total == int(game.spec.tiles[entry.name])
                on_map = sum(1 for h in game.hexes if h.tile.name == entry.name)
                assert entry.left + on_map == entry.total
    assert any(e.left == 0 for e in window.tiles_panel.entries)  # some tiles ran out in this game
    image = window.tiles_panel.canvas.grab()
    assert not image.isNull()


def test_spreadsheet_shows_each_players_holdings_and_the_bank(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    session.jump(300)
    game = session.game
    sheet = window.spreadsheet
    for corp in game.corporations:
        for player in game.players:
            pct = percent_held(player, corp)
            text = sheet.cell_text(corp.name, player.name)
            assert (text.split("%")[0] if text else "0") == str(pct), (corp.name, player.name)
    for player in game.players:
        assert sheet.cell_text("Cash", player.name) == game.format_currency(player.cash)
    assert sheet.cell_text("Bank", game.players[0].name) == game.format_currency(int(game.bank.cash))


def test_spreadsheet_of_five_players_scrolls_sideways_at_1366_px(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """At 1366x768 a 5-player game's sheet is wider than its place: it scrolls, no column is squeezed or cut."""
    session = _open(window, FIXTURES / "1846" / "3099.json")
    assert len(session.live.players) == 5
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    session.jump(session.size // 2)
    window.center_tabs.setCurrentWidget(window.spreadsheet)
    QApplication.processEvents()
    table = window.spreadsheet.table
    assert table.horizontalScrollBar().maximum() > 0  # wider than the view: it scrolls
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for column in range(table.columnCount()):
        item = table.horizontalHeaderItem(column)
        text = item.text() if item is not None else ""
        assert header.sectionSize(column) >= metrics.horizontalAdvance(text), text  # the heading is whole
        assert header.sectionSize(column) >= table.sizeHintForColumn(column), text  # so is every cell


def test_1846_par_is_the_price_it_was_parred_at(window: MainWindow) -> None:
    session = _open(window, GAME_1846)
    record = json.loads(Path(GAME_1846).read_text())
    parred: dict[str, int] = {}
    for action in record["actions"]:
        if action.get("type") == "par" and action.get("corporation") not in parred:
            parred[action["corporation"]] = int(str(action["share_price"]).split(",")[0])
    assert parred
    differs = 0
    for name, price in parred.items():
        card = window.corporations_panel.card(name)
        assert card is not None and card.par == price, name
        differs += card.price is not None and card.price != card.par
        assert window.spreadsheet.cell_text(name, "Par") == session.game.format_currency(price)
    assert differs  # the current price moved away from par: PAR no longer shows it


# --- the viewed action on the map --------------------------------------------------------------------------------


def test_the_hex_of_a_tile_lay_is_outlined(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    index = _first_index(session, "lay_tile", 100)
    session.jump(index)
    hex_id = session.record.actions[session.timeline.raw_position(index)]["hex"]
    assert window.map_scene.changed_hexes == [hex_id]
    item = window.map_scene.item_for_hex(hex_id)
    assert item is not None and item._outline is not None
    session.jump(index - 1 if index > 1 else index + 1)
    assert item._outline is None or hex_id in window.map_scene.changed_hexes


def test_run_routes_position_shows_the_routes_one_colour_per_train(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    index = _first_index(session, "run_routes", 300)
    action = session.record.actions[session.timeline.raw_position(index)]
    session.jump(index)
    scene = window.map_scene
    assert [train for train, _c in scene.route_overlay] == [r["train"] for r in action["routes"]]
    paths = [item for item in scene.route_items() if type(item).__name__ == "QGraphicsPathItem"]
    assert len(paths) == 2 * len(action["routes"])  # a white halo and the line per train
    lines = paths[1::2]
    colors = {line.pen().color().rgb() for line in lines}
    assert len(colors) == len(lines)
    # every hex of every route lies under its line
    for line, route in zip(lines, action["routes"]):
        shape = line.shape()
        for chain in route["connections"]:
            for hex_id in chain:
                assert shape.intersects(scene.item_for_hex(hex_id).sceneBoundingRect()), hex_id
    # moving on clears the overlay
    session.jump(index + 1)
    assert scene.route_overlay == [] or scene.route_overlay != [
        (r["train"], r["connections"]) for r in action["routes"]]
    if not scene.route_overlay:
        assert scene.route_items() == []


def test_hex_tooltip_names_the_hex_tile_revenue_and_tokens(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    session = _open(window, GAME_1830)
    game = session.game
    hex_ = next(h for h in game.hexes if h.location_name and any(
        t is not None for c in h.tile.cities for t in c.tokens) and not h.tile.preprinted)
    text = window.map_scene.hex_tooltip(hex_.id)
    assert text is not None
    assert hex_.id in text and hex_.location_name in text
    assert f"#{hex_.tile.name}" in text
    assert "revenue" in text
    token = next(t for c in hex_.tile.cities for t in c.tokens if t is not None)
    assert token.corporation.name.replace("&", "&amp;") in text
    window.show()
    qtbot.waitExposed(window)
    view = window.map_view
    point = view.mapFromScene(window.map_scene.item_for_hex(hex_.id).pos())
    assert view.hex_tooltip_at(point) == text


# --- history bar and market ---------------------------------------------------------------------------------------


def test_history_bar_labels_operating_rounds_and_1846s_first_round(window: MainWindow) -> None:
    _open(window, GAME_1846)
    strip = window.history_bar.strip
    strip.resize(1400, 40)
    shown = strip.labels_shown(1400)
    assert "DR" in shown  # drawn as "Draft"
    assert any(label.startswith("OR ") for label in shown)
    from desktop.history_bar import marker_text

    assert marker_text(strip.markers[0]) == "Draft"
    # no label runs past the right edge: the last one ("Game over", at the very end) is still shown, left of
    # its tick
    assert strip.markers[-1].label in shown
    assert strip.markers[-1].index == strip.size_


def test_several_tokens_in_a_market_cell_are_drawn_in_operating_order(window: MainWindow) -> None:
    session = _open(window, GAME_1830)
    market = window.market
    found = False
    for index in range(session.size, 0, -25):
        session.jump(index)
        for cell in market.cells:
            if len(cell.tokens) > 1:
                rects = market.token_rects(cell)
                xs = [r.center().x() for r in rects]
                assert xs == sorted(xs) and len(set(xs)) == len(xs)
                assert len({round(r.center().y(), 3) for r in rects}) == 1  # one row
                order = [c.name for c in market.game.stock_market.market[cell.row][cell.col].corporations]
                assert [t.name for t in cell.tokens] == order
                found = True
        if found:
            break
    assert found


def test_screen_geometry_is_used_on_first_run(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(settings)
    qtbot.addWidget(window)
    screen = QApplication.primaryScreen()
    assert screen is not None
    area: QRect = screen.availableGeometry()
    assert window.width() >= min(area.width(), 1500) - 1 or window.isMaximized()
    assert window.geometry().topLeft() == area.topLeft() or window.isMaximized()


def test_route_tags_carry_the_revenue_even_when_the_export_omits_it(window: MainWindow) -> None:
    session = _open(window, FIXTURES / "1889" / "962.json")
    index = _first_index(session, "run_routes", 200)
    action = session.record.actions[session.timeline.raw_position(index)]
    assert all("revenue" not in route for route in action["routes"])  # this export has no revenues
    session.jump(index)
    tags = [item for item in window.map_scene.route_items() if type(item).__name__ == "QGraphicsRectItem"]
    assert len(tags) == len(action["routes"])
    texts = [tag.childItems()[0].text() for tag in tags]
    logged = [line for k, line in session.timeline.log if k == index and " runs a" in line]
    assert len(logged) == len(texts)
    for text, line in zip(texts, logged):
        revenue = line.split(" for ", 1)[1].split(":", 1)[0]
        train = line.split(" train for ")[0].split()[-1]
        assert text == f"{train} train {revenue}", (text, line)


def test_route_tags_use_the_trains_printed_names(window: MainWindow) -> None:
    """1846's "4/6" train has the id "5-0": the tag says what the log and the train card say."""
    session = _open(window, GAME_1846)
    index = _first_index(session, "run_routes", int(session.size * 0.8))
    session.jump(index)
    logged = [line.split(" train for ")[0].split()[-1] for k, line in session.timeline.log
              if k == index and " train for " in line]
    tags = [item.childItems()[0].text() for item in window.map_scene.route_items()
            if type(item).__name__ == "QGraphicsRectItem"]
    assert [t.split(" train")[0] for t in tags] == logged
    assert any("/" in name for name in logged)  # a 4/6 or 7/8 ran here


def test_closing_in_a_kernel_title_keeps_the_18xx_docks_for_the_next_start(qtbot, settings: QSettings,  # type: ignore[no-untyped-def]
                                                                           tmp_path: Path) -> None:
    """Irish Gauge and Auction HOW hide the market and the cards; the layout saved when the window closed there
    used to open the next 18xx game without its market, players and corporations."""
    first = MainWindow(settings, autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(first)
    first.show()
    first.new_game("Irish Gauge", ["Ann", "Bob", "Cy"], seed=3)
    assert first.kernel_mode and first.docks["market"].isHidden()
    assert first.session is not None
    first.session.dirty = False
    first.close()
    second = MainWindow(settings, autosave_dir=tmp_path / "autosave")
    qtbot.addWidget(second)
    second.show()
    second.new_game("1830", ["Ann", "Bob", "Cy", "Dee"], seed=3)
    for key in ("market", "players", "info"):
        assert not second.docks[key].isHidden(), key
    assert second.session is not None
    second.session.dirty = False
