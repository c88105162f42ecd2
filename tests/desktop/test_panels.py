"""The market and the information panels show what the game says, never change it, and follow set_game."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from engine import build_game, load_game
from engine.record import GameRecord
from tests.conftest import FIXTURES, fixture_files, shared_or_skip

GAME_1830 = FIXTURES / "1830" / "26855.json"


def _game(upto: int | None) -> Any:
    return load_game(shared_or_skip(GAME_1830), upto=upto)


@pytest.fixture(scope="module")
def game_100() -> Any:
    return _game(100)


@pytest.fixture(scope="module")
def game_300() -> Any:
    return _game(300)


@pytest.fixture(scope="module")
def game_end() -> Any:
    return _game(None)


def _history(path: Path) -> tuple[Any, list[tuple[int, str]], list[dict[str, Any]]]:
    """Replay a game, collecting the log with history indexes and one chart point per applied action."""
    record = GameRecord.load(path)
    game = build_game(record)

    def point(k: int) -> dict[str, Any]:
        return {"index": k, "label": f"{game.round.NAME} {game.turn}",
                "players": {p.name: game.player_value(p) for p in game.players},
                "cash": {p.name: p.cash for p in game.players},
                "prices": {c.name: (c.share_price.price if c.share_price is not None else None)
                           for c in game.corporations}}

    entries = [(0, line) for line in game.log_lines]
    points = [point(0)]
    seen = len(game.log_lines)
    for k, _position in enumerate(game.replay(record.actions), start=1):
        entries.extend((k, line) for line in game.log_lines[seen:])
        seen = len(game.log_lines)
        points.append(point(k))
    return game, entries, points


@pytest.fixture(scope="module")
def history_1830() -> tuple[Any, list[tuple[int, str]], list[dict[str, Any]]]:
    return _history(shared_or_skip(GAME_1830))


def _percent(holder: Any, corporation: Any) -> int:
    return sum(s.percent for s in holder.shares_by_corporation.get(corporation, ()))


def _holdings_signature(game: Any) -> list[Any]:
    holders = [*game.players, game.share_pool, *game.corporations]
    return [[(c.name, [s.id for s in shares]) for c, shares in h.shares_by_corporation.items()] for h in holders]


# --------------------------------------------------------------------------------------------------------------
# Market
# --------------------------------------------------------------------------------------------------------------


def test_market_tokens_sit_in_their_cells_in_arrival_order(qtbot: Any, game_end: Any) -> None:
    from desktop.market import MarketWidget

    widget = MarketWidget()
    qtbot.addWidget(widget)
    widget.set_game(game_end)
    market = game_end.stock_market
    for corp in game_end.corporations:
        sp = corp.share_price
        if sp is None:
            continue
        assert widget.tokens_in_cell(*sp.coordinates) == [c.name for c in sp.corporations]
    # this game ends with three corporations sharing a cell: their order is the engine's arrival order
    crowded = [sp for row in market.market for sp in row if sp is not None and len(sp.corporations) > 1]
    assert crowded, "the fixture should end with a shared cell"
    cell = widget.cell(*crowded[0].coordinates)
    assert cell is not None
    rects = widget.token_rects(cell)
    assert [t.name for t in cell.tokens] == [c.name for c in crowded[0].corporations]
    # reading order: each next token is right of the previous one on the same line, or on a lower line
    for a, b in itertools.pairwise(rects):
        assert b.top() > a.top() + 1 or (abs(b.top() - a.top()) < 0.5 and b.left() > a.left())
    cell_rect = widget.cell_rect(*crowded[0].coordinates)
    assert all(cell_rect.contains(r.center()) for r in rects)
    tip = widget.cell_tooltip(cell)
    assert ", ".join(f"{i + 1}. {c.name}" for i, c in enumerate(crowded[0].corporations)).replace("&", "&amp;") in tip
    # every corporation on the market appears exactly once
    on_market = [c.name for c in game_end.corporations if c.share_price is not None]
    assert sorted(widget.token_positions()) == sorted(on_market)


def test_market_cells_are_coloured_by_type_and_blanks_left_out(qtbot: Any, game_100: Any) -> None:
    from desktop.market import MarketWidget
    from desktop.market.widget import CELL_FILLS, PLAIN_FILL

    widget = MarketWidget()
    qtbot.addWidget(widget)
    widget.set_game(game_100)
    grid = game_100.stock_market.market
    fills = {"par": CELL_FILLS["red"], "no_cert_limit": CELL_FILLS["yellow"], "unlimited": CELL_FILLS["orange"],
             "multiple_buy": CELL_FILLS["brown"]}
    checked = set()
    for r, row in enumerate(grid):
        for c in range(max(len(x) for x in grid)):
            sp = row[c] if c < len(row) else None
            if sp is None:
                assert widget.cell_fill(r, c) is None
                continue
            expected = fills.get(sp.type or "", PLAIN_FILL)
            assert widget.cell_fill(r, c) == QColor(expected)
            checked.add(sp.type)
    assert {"par", "no_cert_limit", "unlimited", "multiple_buy", None} <= checked
    assert {t for t, _fill, _text in widget.legend} == {"par", "no_cert_limit", "unlimited", "multiple_buy"}


def test_market_paints_tokens_in_corporation_colours(qtbot: Any, game_300: Any) -> None:
    from desktop.market import MarketWidget

    widget = MarketWidget()
    qtbot.addWidget(widget)
    widget.set_game(game_300)
    nat = widget.natural_size()
    image = widget.render_image(round(nat.width()), round(nat.height()))  # scale 1: logical = pixels
    assert not image.isNull()
    painted = 0
    for cell in widget.cells:
        for token, rect in zip(cell.tokens, widget.token_rects(cell)):
            probe = QPointF(rect.center().x(), rect.top() + rect.height() * 0.2)
            pixel = image.pixelColor(round(probe.x()), round(probe.y()))
            want = QColor(token.color)
            assert abs(pixel.red() - want.red()) + abs(pixel.green() - want.green()) + \
                abs(pixel.blue() - want.blue()) < 60, token.name
            painted += 1
    assert painted == sum(1 for c in game_300.corporations if c.share_price is not None)


def test_one_row_market_folds_onto_lines(qtbot: Any) -> None:
    from types import SimpleNamespace

    from desktop.market import MarketWidget
    from engine.model.market import StockMarket

    row = ["0c", "10", "20", "30", "40p", "50p", "60p", "70p", "80p", "90p", "100p", "112p", "124p", "137p",
           "150p", "165", "180", "195", "212", "230", "250", "270", "295", "320"]
    market = StockMarket([row])
    corps = [SimpleNamespace(name=n, color=c, text_color="white") for n, c in (("A", "#aa0000"), ("B", "#0000aa"))]
    market.market[0][8].corporations.extend(corps)
    fake = SimpleNamespace(stock_market=market, spec=None, round=None, finished=False,
                           format_currency=lambda v: f"${v}")
    widget = MarketWidget()
    qtbot.addWidget(widget)
    widget.set_game(fake)
    assert widget.one_d and widget.tokens_in_cell(0, 8) == ["A", "B"]
    widget.render_image(700, 600)
    assert widget._lines > 1
    first, later = widget.cell_rect(0, 0), widget.cell_rect(0, len(row) - 1)
    assert later.top() > first.bottom()  # the end of the row went onto a lower line
    widget.render_image(1600, 200)
    assert widget._lines == 1


# --------------------------------------------------------------------------------------------------------------
# Corporation, player, company and train panels
# --------------------------------------------------------------------------------------------------------------


def _check_corporation_cards(panel: Any, game: Any) -> None:
    assert [c.name for c in panel.cards] == [c.name for c in game.corporations]
    for corp in game.corporations:
        card = panel.card(corp.name)
        assert card.cash == corp.cash
        assert card.floated == corp.floated
        assert card.price == (corp.share_price.price if corp.share_price is not None else None)
        assert card.ipo_percent == _percent(corp.ipo_owner, corp)
        assert card.pool_percent == _percent(game.share_pool, corp)
        assert card.president == (corp.owner.name if corp.owner is not None and corp.owner.is_player else None)
        assert [name for name, _ in card.trains] == [t.name for t in corp.trains]
        assert card.tokens_placed == sum(1 for t in corp.tokens if t.used)
        assert card.tokens_left == sum(1 for t in corp.tokens if not t.used)
        if corp.operating_history:
            last = list(corp.operating_history.values())[-1]
            assert card.last_revenue == last.revenue
        else:
            assert card.last_revenue is None


def test_corporation_cards_show_what_the_game_says(qtbot: Any, game_100: Any, game_300: Any) -> None:
    from desktop.panels import CorporationsPanel

    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.set_game(game_100)
    _check_corporation_cards(panel, game_100)
    current = game_100.round.current_entity()
    assert [c.name for c in panel.cards if c.is_current] == ([current.name] if current.is_corporation else [])
    # a later position: the panel follows
    panel.set_game(game_300)
    _check_corporation_cards(panel, game_300)
    image = panel.render_image(640)
    assert image.width() == 640 and image.height() > 300


def test_player_cards_show_cash_shares_and_priority(qtbot: Any, game_100: Any, game_end: Any) -> None:
    from desktop.panels import PlayersPanel

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    for game in (game_100, game_end):
        panel.set_game(game)
        # in seat order, not the game's turning priority order (issue 29: drop targets must not move)
        assert sorted(c.name for c in panel.cards) == sorted(p.name for p in game.players)
        assert [c.name for c in panel.cards] == [p.name for p in game._players_by_id.values()]
        for player in game.players:
            card = panel.card(player.name)
            assert card.cash == player.cash
            assert card.value == player.value()
            assert card.certs == game.corporation_rules.num_certs(player)
            assert card.cert_limit == game.cert_limit
            for corp in game.corporations:
                assert card.percent_of(corp.name) == _percent(player, corp)
            presidencies = {h.corporation for h in card.shares if h.president}
            assert presidencies == {c.name for c in game.corporations if c.owner is player}
            assert [c.sym for c in card.companies] == [c.sym for c in player.companies]
    panel.set_game(game_100)
    priority = game_100.priority_deal_player()
    assert [c.name for c in panel.cards if c.priority] == [priority.name]
    panel.set_game(game_end)
    assert not any(c.priority for c in panel.cards)
    winner = max(game_end.players, key=lambda p: p.value())
    assert [c.name for c in panel.cards if c.winner] == [winner.name]


def test_companies_panel_shows_owner_value_revenue_and_closing(qtbot: Any, game_100: Any, game_end: Any) -> None:
    from desktop.panels import CompaniesPanel

    panel = CompaniesPanel()
    qtbot.addWidget(panel)
    panel.set_game(game_100)
    assert [c.sym for c in panel.cards] == [c.sym for c in game_100.companies]
    for company in game_100.companies:
        card = panel.card(company.sym)
        assert (card.value, card.revenue, card.closed) == (company.value, company.revenue, company.closed)
        assert card.owner == (company.owner.name if company.owner is not None else None)
    panel.set_game(game_end)
    assert all(c.closed and c.owner is None for c in panel.cards) == all(c.closed for c in game_end.companies)


def test_companies_panel_names_a_corporation_owner(qtbot: Any) -> None:
    from desktop.panels import CompaniesPanel

    game = _game(160)
    owned = [c for c in game.companies if c.owner is not None and c.owner.is_corporation]
    if not owned:
        pytest.skip("no corporation owns a private company at this position")
    panel = CompaniesPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    card = panel.card(owned[0].sym)
    assert (card.owner, card.owner_kind) == (owned[0].owner.name, "corporation")


def test_trains_panel_depot_phase_and_rust_schedule(qtbot: Any, game_300: Any, game_end: Any) -> None:
    from desktop.panels import TrainsPanel

    panel = TrainsPanel()
    qtbot.addWidget(panel)
    for game in (game_300, game_end):
        panel.set_game(game)
        state = panel.state
        assert state.phase == game.phase.name
        assert state.train_limit == str(game.phase.train_limit())
        assert [r.state for r in state.phases].count("current") == 1
        current = next(r for r in state.phases if r.state == "current")
        assert current.name == game.phase.name and current.tiles == list(game.phase.tiles)
        syms = list(dict.fromkeys(t.sym for t in game.depot.trains))
        assert [r.sym for r in state.trains] == syms
        for row in state.trains:
            assert row.in_depot == sum(1 for t in game.depot.upcoming if t.sym == row.sym)
            assert row.rusted == sum(1 for t in game.depot.trains if t.sym == row.sym and t.rusted)
        assert [name for name, _price in state.discarded] == [t.name for t in game.depot.discarded]
        assert [r.next_for_sale for r in state.trains].count(True) == (1 if game.depot.upcoming else 0)
    rusts = {r.sym: r.rusts_on for r in panel.state.trains}
    assert rusts["2"] == ["4"] and rusts["3"] == ["6"] and rusts["4"] == ["D"]
    assert panel.render_image(480).height() > 300


# 1846: the minors (MS, BIG4) are owned from the draft on and operate first in each operating round; at
# action 49 MS operates, at 51 BIG4, at 60 a corporation; by 300 both have been bought or closed.
GAME_1846 = FIXTURES / "1846" / "3099.json"


def _game_1846(upto: int | None) -> Any:
    return load_game(shared_or_skip(GAME_1846), upto=upto)


def test_minor_cards_follow_the_corporations(qtbot: Any) -> None:
    from desktop.panels import CorporationsPanel
    from desktop.panels.corporations import MinorCard

    game = _game_1846(60)
    assert {m.name for m in game.minors} == {"MS", "BIG4"}
    assert all(m.owner is not None and m.owner.is_player and not m.closed for m in game.minors)
    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    assert [c.name for c in panel.cards] == [c.name for c in game.corporations] + [m.name for m in game.minors]
    assert [c.name for c in panel.minor_cards()] == [m.name for m in game.minors]
    for minor in game.minors:
        card = panel.card(minor.name)
        assert isinstance(card, MinorCard) and card.is_minor
        assert not hasattr(card, "price") and not hasattr(card, "president")  # no share figures
        assert (card.full_name, card.owner, card.cash) == (minor.full_name, minor.owner.name, minor.cash)
        assert card.money["cash"] == game.format_currency(minor.cash)
        assert [name for name, _ in card.trains] == [t.name for t in minor.trains]
        assert card.tokens_placed == sum(1 for t in minor.tokens if t.used)
        assert card.tokens_left == sum(1 for t in minor.tokens if not t.used)
        assert card.last_revenue == list(minor.operating_history.values())[-1].revenue
        tip = panel.canvas.card_tooltip(card, None, None)
        assert f"Owner: {minor.owner.name}" in tip
    # the minors start a row of their own, below every corporation, in the title's order
    rects = panel.canvas.layout_cards(1000.0)[0]
    first = len(game.corporations)
    assert min(r.top() for r in rects[first:]) >= max(r.bottom() for r in rects[:first])
    assert rects[first].left() < rects[first + 1].left()
    assert panel.render_image(1000).height() > 300


@pytest.mark.parametrize(("upto", "operating"), [(49, "MS"), (51, "BIG4")])
def test_operating_minor_is_highlighted(qtbot: Any, upto: int, operating: str) -> None:
    from desktop.panels import CorporationsPanel

    game = _game_1846(upto)
    assert game.round.current_entity().name == operating
    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    assert [c.name for c in panel.cards if c.is_current] == [operating]
    # the minors operate first: their places in the order are 1 and 2
    assert [panel.card(m.name).operating_order for m in game.minors] == [1, 2]


def test_minors_gone_from_the_game_leave_the_panel(qtbot: Any) -> None:
    from desktop.panels import CorporationsPanel

    game = _game_1846(300)
    assert not game.minors  # bought by corporations or closed
    panel = CorporationsPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    assert [c.name for c in panel.cards] == [c.name for c in game.corporations]
    assert not panel.minor_cards()


def test_a_closed_minor_is_left_out() -> None:
    from types import SimpleNamespace

    from desktop.panels.corporations import corporation_cards

    def minor(name: str, closed: bool) -> Any:
        return SimpleNamespace(name=name, full_name=name.title(), color="pink", text_color="black", cash=10,
                               owner=SimpleNamespace(name="Ann", is_player=True), floated=True, closed=closed,
                               trains=[], tokens=[], companies=[], operating_history={})

    game = SimpleNamespace(corporations=[], minors=[minor("OPEN", False), minor("SHUT", True)], round=None,
                           finished=False, players=[], format_currency=lambda v: f"${v}",
                           train_rules=SimpleNamespace(train_limit=lambda _e: 2))
    cards = corporation_cards(game)
    assert [(c.name, c.owner, c.train_limit) for c in cards] == [("OPEN", "Ann", 2)]


def test_players_panel_lists_owned_minors(qtbot: Any) -> None:
    from desktop.panels import PlayersPanel

    game = _game_1846(60)
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    for player in game.players:
        card = panel.card(player.name)
        owned = [m for m in game.minors if m.owner is player]
        assert [(m.sym, m.name, m.cash) for m in card.minors] == [(m.name, m.full_name, m.cash) for m in owned]
        # the company card standing for a minor is not listed a second time; the other privates are
        ids = {m.id for m in owned}
        assert [c.sym for c in card.companies] == [c.sym for c in player.companies if c.id not in ids]
    ms_owner = next(m.owner for m in game.minors if m.name == "MS")
    tip = panel.canvas.card_tooltip(panel.card(ms_owner.name), None, None)
    assert "Michigan Southern (MS): minor" in tip
    assert panel.render_image(900).height() > 200


def test_panels_never_change_the_game(qtbot: Any) -> None:
    from desktop.market import MarketWidget
    from desktop.panels import CompaniesPanel, CorporationsPanel, PlayersPanel, TrainsPanel

    game = _game(250)
    before = _holdings_signature(game)
    log_before = list(game.log_lines)
    cash_before = game.cash_total()
    for cls in (MarketWidget, CorporationsPanel, PlayersPanel, CompaniesPanel, TrainsPanel):
        widget = cls()
        qtbot.addWidget(widget)
        widget.set_game(game)
        if hasattr(widget, "render_image"):
            widget.render_image(600)
    assert _holdings_signature(game) == before
    assert game.log_lines == log_before and game.cash_total() == cash_before


@pytest.mark.parametrize("path", [p for t in ("1889", "18Chesapeake", "1846") for p in fixture_files(t)[:1]],
                         ids=lambda p: p.parent.name)
def test_panels_read_other_titles(qtbot: Any, path: Path) -> None:
    from desktop.market import MarketWidget
    from desktop.panels import CompaniesPanel, CorporationsPanel, PlayersPanel, TrainsPanel
    from engine import GameError

    try:
        game = load_game(path, upto=150)
    except GameError as exc:
        pytest.skip(f"{path.parent.name} is not playable yet: {exc}")
    market = MarketWidget()
    qtbot.addWidget(market)
    market.set_game(game)
    for corp in game.corporations:
        if corp.share_price is not None:
            assert corp.name in market.tokens_in_cell(*corp.share_price.coordinates)
    assert market.render_image(800).height() > 100
    for cls in (CorporationsPanel, PlayersPanel, CompaniesPanel, TrainsPanel):
        panel = cls()
        qtbot.addWidget(panel)
        panel.set_game(game)
        assert panel.render_image(500).height() > 50


# --------------------------------------------------------------------------------------------------------------
# Log and charts
# --------------------------------------------------------------------------------------------------------------


def test_log_click_emits_the_history_index(qtbot: Any, history_1830: Any) -> None:
    from desktop.panels import LogPanel

    _replayed, entries, _points = history_1830
    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.resize(420, 500)
    panel.set_entries(entries)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.model.rowCount() == len(entries)
    panel.set_current(120)
    rows = panel.current_rows()
    assert rows and all(entries[r][0] == 120 for r in rows)
    assert rows == [r for r, (i, _t) in enumerate(entries) if i == 120]
    assert panel.model.state(rows[-1] + 1) == "future" and panel.model.state(rows[0] - 1) == "past"
    # the current lines were scrolled into view; click the one above them
    target = rows[0] - 1
    rect = panel.row_rect(target)
    assert panel.view.viewport().rect().intersects(rect)
    with qtbot.waitSignal(panel.index_requested, timeout=1000) as blocker:
        qtbot.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [entries[target][0]]


def test_log_without_history_shows_the_games_own_log(qtbot: Any, game_100: Any) -> None:
    from desktop.panels import LogPanel

    panel = LogPanel()
    qtbot.addWidget(panel)
    panel.set_game(game_100)
    assert [t for _i, t in panel.entries] == game_100.log_lines
    panel.set_entries([(0, "-- Stock Round 1 --"), (1, "A buys")])
    panel.set_game(game_100)  # the history log stays
    assert panel.model.rowCount() == 2


def test_charts_build_series_of_the_right_length(qtbot: Any, history_1830: Any) -> None:
    from desktop.panels import ChartsPanel

    game, _entries, points = history_1830
    panel = ChartsPanel()
    qtbot.addWidget(panel)
    panel.set_game(game)
    panel.set_series(points)
    assert set(panel.player_lines) == {p.name for p in game.players}
    for name, series in panel.player_lines.items():
        assert series.count() == len(points)
        assert series.at(series.count() - 1).y() == points[-1]["players"][name]
    for corp in game.corporations:
        priced = [(float(p["index"]), float(p["prices"][corp.name])) for p in points
                  if p["prices"].get(corp.name) is not None]
        assert panel.price_points(corp.name) == priced
    # a corporation line is drawn in the corporation's colour (darkened only when too pale for paper)
    prr = panel.price_lines["PRR"][0]
    assert prr.pen().color() == QColor(next(c.color for c in game.corporations if c.name == "PRR"))
    panel.set_current(200)
    assert panel.marker_x() == 200
    panel.set_player_mode("cash")
    assert panel.player_lines[game.players[0].name].at(len(points) - 1).y() == points[-1]["cash"][
        game.players[0].name]
    assert panel.marker_x() == 200


def test_the_acting_players_card_scrolls_into_view(qtbot: Any) -> None:
    """The 1846 draft starts with the last seat: in a short Players dock (1366x768) that card was below the fold."""
    from engine import new_game

    game = new_game("1846", ["Ann", "Bob", "Cyd", "Dee"], seed=7)
    panel = _short_players_panel(qtbot, game)
    acting = [i for i, c in enumerate(panel.cards) if c.current]
    assert acting == [len(panel.cards) - 1]
    _assert_scrolled_into_view_once(qtbot, panel, game, acting[0])


def _short_players_panel(qtbot: Any, game: Any) -> Any:
    """A Players panel too short for even the dense cards (six players holding many certificates at 1366x768),
    shown, with ``game`` set."""
    from desktop.panels import PlayersPanel

    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 100)
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_game(game)
    return panel


def _assert_scrolled_into_view_once(qtbot: Any, panel: Any, game: Any, index: int) -> None:
    """Card ``index`` was scrolled wholly into view; after the user scrolls back to the top, showing the same
    game again does not undo it."""
    rect = panel.canvas.card_rects()[index]
    qtbot.waitUntil(lambda: panel.verticalScrollBar().value() > 0)
    top = rect.top() - panel.verticalScrollBar().value()
    assert top >= 0 and top + rect.height() <= panel.viewport().height() + 1
    panel.verticalScrollBar().setValue(0)
    panel.set_game(game)
    QApplication.processEvents()
    assert panel.verticalScrollBar().value() == 0


def test_the_operating_presidents_card_scrolls_into_view(qtbot: Any) -> None:
    """In an operating round the acting president's card follows the operating corporation (at 1366x768 the last
    seat's card was below the fold while its corporation operated); the user's own scrolling stays."""
    game = _game(200)  # B&O operates; its president sits last
    operating = game.round.current_entity()
    panel = _short_players_panel(qtbot, game)
    presiding = [i for i, c in enumerate(panel.cards) if c.acts_for]
    assert presiding == [len(panel.cards) - 1]
    assert panel.cards[-1].name == operating.owner.name and panel.cards[-1].acts_for == operating.name
    assert not any(c.current for c in panel.cards)
    tip = panel.canvas.card_tooltip(panel.cards[-1], panel.canvas.card_rects()[-1], QPointF(5, 5))
    assert tip is not None and "President of B&amp;O, which operates now" in tip
    _assert_scrolled_into_view_once(qtbot, panel, game, presiding[0])


def test_counts_of_one_are_singular(qtbot: Any) -> None:
    """A player with one certificate, a program buying until one share is held: no "1 certificates"."""
    from types import SimpleNamespace

    from desktop.dialogs.program import program_text
    from desktop.panels.players import PlayerCard, PlayersCanvas

    canvas = PlayersCanvas()
    qtbot.addWidget(canvas)
    tip = canvas.card_tooltip(PlayerCard(name="Ann", certs=1, cert_limit=16), QRectF(0, 0, 300, 200), QPointF(5, 5))
    assert tip is not None and "1 certificate of 16 allowed" in tip
    tip = canvas.card_tooltip(PlayerCard(name="Bob", certs=2, cert_limit=16), QRectF(0, 0, 300, 200), QPointF(5, 5))
    assert tip is not None and "2 certificates of 16 allowed" in tip
    game = SimpleNamespace(corporations=[SimpleNamespace(id="PRR", name="PRR")])
    one = SimpleNamespace(type="program_buy_shares", corporation="PRR", from_market=False, until_condition=1)
    assert program_text(game, one) == "Buy PRR from the IPO until holding 1 share"
    assert "holding 3 shares" in program_text(game, SimpleNamespace(**{**vars(one), "until_condition": 3}))
