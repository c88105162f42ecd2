"""The spreadsheet: players x corporations in one table, as the 18xx.games site shows it.

One row per corporation (in operating order when it has a price, then the rest in the title's order): the
percentage each player holds (the president's marked with a star), what is left in the IPO (or treasury) and
the pool, par and share price, treasury cash, trains, tokens left and the last run.  Below, one row per player
figure: cash, certificates against the limit, and value; and the bank's cash.  Then, as 18xx.games shows it, the
OR history: one column per operating round ("1.1", "1.2", "2.1" ...) with each corporation's revenue in it,
paid out as is, withheld in brackets "[60]" and half paid between bars "¦60¦" (read from the corporations'
operating history, the engine's own record: nothing is stored twice).  ``sheet(game)`` reads it as plain data
(tests read that); the widget only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.panels import Theme, money, percent_held, qcolor, shares_held, text_on
from desktop.panels.corporations import real_par_price

FIXED_COLUMNS = ("IPO", "Pool", "Par", "Price", "Cash", "Trains", "Tokens", "Last")

#: how a revenue is written for each dividend kind (as on 18xx.games), and the words of its tooltip
REVENUE_STYLE = {"withhold": ("[{}]", "withheld"), "half": ("¦{}¦", "half paid")}


def or_keys(game: Any) -> list[tuple[int, int]]:
    """Every operating round some corporation operated in, as (turn, round) in order."""
    keys: set[tuple[int, int]] = set()
    for c in getattr(game, "corporations", None) or []:
        for key in getattr(c, "operating_history", None) or {}:
            if isinstance(key, tuple) and len(key) == 2:
                keys.add((int(key[0]), int(key[1])))
    return sorted(keys)


def or_label(key: tuple[int, int]) -> str:
    return f"{key[0]}.{key[1]}"


def or_revenues(corporation: Any) -> dict[tuple[int, int], tuple[int, str]]:
    """``corporation``'s (revenue, dividend kind) in each operating round it ran, by (turn, round)."""
    out: dict[tuple[int, int], tuple[int, str]] = {}
    for key, info in (getattr(corporation, "operating_history", None) or {}).items():
        if isinstance(key, tuple) and len(key) == 2:
            out[(int(key[0]), int(key[1]))] = (int(getattr(info, "revenue", 0) or 0),
                                               str(getattr(info, "dividend_kind", "") or "payout"))
    return out


def revenue_text(revenue: int, kind: str) -> str:
    form = REVENUE_STYLE.get(kind, ("{}", ""))[0]
    return form.format(revenue)


@dataclass(slots=True)
class SheetRow:
    """One corporation's row: ``cells`` by column name."""

    name: str
    color: str
    text_color: str
    full_name: str
    cells: dict[str, str] = field(default_factory=dict)
    #: the dividend kind of each OR-history cell (by column), for its shade and tooltip
    kinds: dict[str, str] = field(default_factory=dict)
    president: str | None = None
    active: bool = False  # parred / started


@dataclass(slots=True)
class Sheet:
    players: list[str]
    columns: list[str]
    rows: list[SheetRow]
    player_rows: list[tuple[str, dict[str, str]]]  # (caption, player name -> text)
    bank: str = ""
    #: the OR-history columns (at the end of ``columns``), oldest first
    or_columns: list[str] = field(default_factory=list)


def sheet(game: Any) -> Sheet:
    """The spreadsheet of ``game`` (read only)."""
    players = [str(p.name) for p in game.players]
    history_keys = or_keys(game)
    or_columns = [or_label(k) for k in history_keys]
    columns = [*players, *FIXED_COLUMNS, *or_columns]
    rows: list[SheetRow] = []
    pool = getattr(game, "share_pool", None)
    for c in game.corporations:
        row = SheetRow(str(c.name), str(c.color or "#888888"), str(getattr(c, "text_color", "") or ""),
                       str(getattr(c, "full_name", c.name)))
        closed = bool(getattr(c, "closed", False))
        row.active = bool(getattr(c, "ipoed", False)) and not closed
        owner = getattr(c, "owner", None)
        for p in game.players:
            pct = percent_held(p, c)
            president = any(getattr(s, "president", False) for s in shares_held(p, c))
            if president:
                row.president = str(p.name)
            short = " short" if pct < 0 else ""  # a short position: a holding below zero
            row.cells[str(p.name)] = (f"{pct}%{short}" + (" ★" if president else "")) if pct else ""
        ipo_owner = getattr(c, "ipo_owner", c)
        ipo = percent_held(ipo_owner, c)
        pool_pct = percent_held(pool, c)
        row.cells["IPO"] = f"{ipo}%" if ipo else ""
        row.cells["Pool"] = f"{pool_pct}%" if pool_pct else ""
        par = None if closed else real_par_price(c)
        price = None if closed else getattr(c, "share_price", None)
        row.cells["Par"] = money(game, par.price) if par is not None else ""
        row.cells["Price"] = money(game, price.price) if price is not None else ""
        row.cells["Cash"] = money(game, getattr(c, "cash", 0)) if row.active else ""
        row.cells["Trains"] = " ".join(str(t.name) for t in getattr(c, "trains", []))
        tokens = list(getattr(c, "tokens", []))
        left = sum(1 for t in tokens if not getattr(t, "used", False))
        row.cells["Tokens"] = f"{left}/{len(tokens)}" if tokens and row.active else ""
        history = getattr(c, "operating_history", None) or {}
        if history:
            info = history[next(reversed(history))]
            row.cells["Last"] = money(game, int(getattr(info, "revenue", 0) or 0))
        else:
            row.cells["Last"] = ""
        for key, (revenue, kind) in or_revenues(c).items():
            row.cells[or_label(key)] = revenue_text(revenue, kind)
            row.kinds[or_label(key)] = kind
        if closed:
            row.cells["Price"] = "closed"
        if owner is not None and getattr(owner, "is_share_pool", False):
            row.cells["Pool"] += " (receivership)"
        rows.append(row)
    # operating order: corporations with a price, by the market's order; then the others
    order = {c: i for i, c in enumerate(_operating_order(game))}
    by_name = {str(c.name): c for c in game.corporations}
    rows.sort(key=lambda r: (0, order[by_name[r.name]]) if by_name[r.name] in order else (1, 0))
    player_rows: list[tuple[str, dict[str, str]]] = []
    cash = {str(p.name): money(game, p.cash) for p in game.players}
    certs: dict[str, str] = {}
    values: dict[str, str] = {}
    for p in game.players:
        try:
            n = int(game.corporation_rules.num_certs(p))
        except Exception:
            n = 0
        try:
            limit = game.corporation_rules.cert_limit_for(p)
        except Exception:
            limit = getattr(game, "cert_limit", None)
        certs[str(p.name)] = f"{n}/{limit}" if limit is not None else str(n)
        try:
            values[str(p.name)] = money(game, game.player_value(p))
        except Exception:
            values[str(p.name)] = ""
    player_rows = [("Cash", cash), ("Certs", certs), ("Value", values)]
    return Sheet(players, columns, rows, player_rows, bank_cash_text(game), or_columns)


def _operating_order(game: Any) -> list[Any]:
    started = [c for c in game.corporations if getattr(c, "share_price", None) is not None
               and not getattr(c, "closed", False)]
    try:
        return sorted(started, key=lambda c: c.sort_order_key() or ())
    except Exception:
        return started


class SpreadsheetPanel(QWidget):
    """The spreadsheet as a read-only table; ``set_game`` re-reads it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(23)
        self.table.horizontalHeader().setMinimumSectionSize(34)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setHighlightSections(False)
        self.table.setAlternatingRowColors(False)
        self.table.setStyleSheet(
            f"QTableWidget {{ background: {Theme.card.name()}; gridline-color: #e6dcc8; border: none; "
            f"color: {Theme.ink.name()}; font-size: 11.5px; }}"
            "QTableWidget::item { padding: 0px 2px; }"
            "QHeaderView::section { background: #efe7d6; color: #3b352d; font-weight: bold; padding: 2px 3px; "
            "border: none; border-right: 1px solid #e0d5bf; border-bottom: 1px solid #d8cdb6; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        self.data: Sheet | None = None
        self.game: Any = None
        self._stale = False

    def set_game(self, game: Any) -> None:
        """Show ``game`` (read when the table is visible: browsing history with the map shown costs nothing)."""
        self.game = game
        self._stale = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Re-read the game into the table if it changed since it was last shown."""
        if not getattr(self, "_stale", False):
            return
        self._stale = False
        game = self.game
        if game is None:
            self.table.clear()
            self.data = None
            return
        data = sheet(game)
        if self.data is not None and data == self.data:
            return
        self.data = data
        self._fill(data)

    def showEvent(self, event: Any) -> None:
        self.refresh()
        super().showEvent(event)

    def cell_text(self, row_caption: str, column: str) -> str:
        """The text at a row (corporation symbol or player-figure caption) and column (as shown)."""
        self.refresh()
        table = self.table
        cols = list(self.data.columns) if self.data is not None else []
        rows = [table.verticalHeaderItem(i).text() for i in range(table.rowCount())]
        if row_caption not in rows or column not in cols:
            return ""
        item = table.item(rows.index(row_caption), cols.index(column))
        return item.text() if item is not None else ""

    def _fill(self, data: Sheet) -> None:
        table = self.table
        table.setUpdatesEnabled(False)
        table.clear()
        n_rows = len(data.rows) + len(data.player_rows) + 1
        table.setColumnCount(len(data.columns))
        table.setRowCount(n_rows)
        for c, column in enumerate(data.columns):
            # long player names are shortened in the header; the whole name is in its tooltip
            shown = column if len(column) <= 10 else column[:9] + "…"
            head = QTableWidgetItem(shown)
            head.setToolTip({"Last": "Last operating result", "Tokens": "Station tokens left / total",
                             "IPO": "Shares in the IPO (or treasury)", "Pool": "Shares in the market pool"}
                            .get(column, f"Revenue in operating round {column}: paid out, [withheld], "
                                         "¦half paid¦" if column in data.or_columns else column))
            table.setHorizontalHeaderItem(c, head)
        bold = QFont(table.font())
        bold.setBold(True)
        center = Qt.AlignmentFlag.AlignCenter
        for r, row in enumerate(data.rows):
            head = QTableWidgetItem(row.name)
            fill = qcolor(row.color)
            head.setBackground(QBrush(fill))
            head.setForeground(QBrush(text_on(fill, row.text_color)))
            head.setFont(bold)
            head.setToolTip(row.full_name + (f" · president {row.president}" if row.president else ""))
            table.setVerticalHeaderItem(r, head)
            for c, column in enumerate(data.columns):
                item = QTableWidgetItem(row.cells.get(column, ""))
                item.setTextAlignment(center)
                kind = row.kinds.get(column)
                if kind is not None:  # an OR-history cell: withheld and half paid fainter, as on 18xx.games
                    words = REVENUE_STYLE.get(kind, ("", "paid out"))[1]
                    item.setToolTip(f"{row.name} in OR {column}: ran {item.text().strip('[]¦')}, {words}")
                    if kind in REVENUE_STYLE:
                        item.setForeground(QBrush(QColor(Theme.ink.red(), Theme.ink.green(), Theme.ink.blue(),
                                                         128 if kind == "withhold" else 190)))
                elif not row.active:
                    item.setForeground(QBrush(Theme.faint))
                elif column == row.president:
                    item.setFont(bold)
                    item.setBackground(QBrush(QColor("#fff3c4")))
                table.setItem(r, c, item)
        base = len(data.rows)
        for i, (caption, values) in enumerate(data.player_rows):
            head = QTableWidgetItem(caption)
            head.setFont(bold)
            table.setVerticalHeaderItem(base + i, head)
            for c, column in enumerate(data.columns):
                item = QTableWidgetItem(values.get(column, ""))
                item.setTextAlignment(center)
                item.setFont(bold)
                item.setBackground(QBrush(QColor("#f3eee3")))
                table.setItem(base + i, c, item)
        bank_row = base + len(data.player_rows)
        head = QTableWidgetItem("Bank")
        head.setFont(bold)
        table.setVerticalHeaderItem(bank_row, head)
        item = QTableWidgetItem(data.bank)
        item.setFont(bold)
        item.setTextAlignment(center)
        table.setItem(bank_row, 0, item)
        table.setUpdatesEnabled(True)


def bank_cash_text(game: Any) -> str:
    """The bank's cash as the spreadsheet shows it: a broken bank says how much it ran short (1846's bank
    showed "$-6382", read as a typo); a bank that cannot run out says so."""
    bank = getattr(game, "bank", None)
    if bank is None:
        return ""
    if not getattr(bank, "check", True):
        return "unlimited"
    cash = int(getattr(bank, "cash", 0))
    if cash < 0:
        return f"broken: {money(game, -cash)} short"
    if getattr(bank, "broken", False):
        return f"{money(game, cash)} (broken)"
    return money(game, cash)
