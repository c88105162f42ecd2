"""The spreadsheet's OR history (issue 29): each corporation's revenue in every operating round, as 18xx.games
shows it (paid out as is, withheld "[60]", half paid "¦60¦"), read from the engine's operating history."""

from __future__ import annotations

from typing import Any

from desktop.panels.spreadsheet import SpreadsheetPanel, or_keys, or_label, sheet
from engine import load_game
from tests.conftest import FIXTURES, shared_or_skip


def _game(upto: int | None = None) -> Any:
    return load_game(shared_or_skip(FIXTURES / "1830" / "26855.json"), upto=upto)


def test_every_operating_round_is_a_column_with_each_corporations_revenue_in_it() -> None:
    game = _game()
    data = sheet(game)
    keys = or_keys(game)
    assert len(keys) >= 8 and keys == sorted(keys)
    assert data.or_columns == [or_label(k) for k in keys]
    assert data.columns[-len(keys):] == data.or_columns  # after the fixed columns, oldest first
    kinds: set[str] = set()
    by_name = {r.name: r for r in data.rows}
    for corp in game.corporations:
        row = by_name[str(corp.name)]
        for key, info in corp.operating_history.items():
            text = row.cells[or_label(key)]
            kinds.add(info.dividend_kind)
            if info.dividend_kind == "withhold":
                assert text == f"[{info.revenue}]"
            else:
                assert text == str(info.revenue)
        # a round the corporation did not run in is blank
        ran = {or_label(k) for k in corp.operating_history}
        assert all(row.cells.get(c, "") == "" for c in data.or_columns if c not in ran)
    assert {"payout", "withhold"} <= kinds


def test_the_history_follows_the_viewed_position_and_the_table_shows_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    early = _game(upto=150)
    late = _game()
    assert len(or_keys(early)) < len(or_keys(late))
    panel = SpreadsheetPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_game(late)
    corp = next(c for c in late.corporations if any(i.dividend_kind == "withhold"
                                                    for i in c.operating_history.values()))
    key, info = next((k, i) for k, i in corp.operating_history.items() if i.dividend_kind == "withhold")
    assert panel.cell_text(str(corp.name), or_label(key)) == f"[{info.revenue}]"
    table = panel.table
    column = panel.data.columns.index(or_label(key))
    row = [table.verticalHeaderItem(i).text() for i in range(table.rowCount())].index(str(corp.name))
    assert "withheld" in table.item(row, column).toolTip()
    panel.set_game(early)
    assert table.columnCount() == len(panel.data.columns) < len(sheet(late).columns)
