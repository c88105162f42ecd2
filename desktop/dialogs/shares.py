"""The stock turn: buy, sell, par, buy a private, or pass, as buttons built from the legal moves.

The same dialog serves a corporation issuing or redeeming its shares during its operating turn (1846, Steam Over
Holland) and a president selling for emergency money.  There the pass of the legal moves belongs to another step
(the track step's "Done (Track)"), so the dialog offers no pass: it says what it is for and closes.

Each corporation gets a row: buy buttons (IPO, pool, other players) with the price, sell buttons with what the
sale fetches and where the share price goes, and Par (opens the par dialog) when it can be started.  A
corporation whose certificates are on sale but cannot be bought says why (certificate limit, the 60% holding
limit, sold this round, not enough cash, one purchase per turn).  ``action`` is the choice or None.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.auction import PassKeyDialog, _entity_name, _money
from desktop.dialogs.par import ParDialog
from desktop.panels.action_bar import literal
from desktop.panels.flow_layout import FlowLayout
from engine.moves.base import BuyCompanyMove, BuySharesMove, LegalMoves, ParMove, PassMove, SellSharesMove


def source_name(game: Any, source: Any) -> str:
    if source == "ipo":
        return "IPO"
    if source == "market":
        return "pool"
    player = next((p for p in game.players if p.id == source), None)
    return str(player.name) if player is not None else str(source)


def explain_buy_refusal(game: Any, player: Any, corporation: Any) -> str | None:
    """Why ``player`` cannot buy a certificate of ``corporation`` now (None when nothing explains it)."""
    step = game.round.active_step()
    not_started = getattr(step, "start_refusal", None)
    if callable(not_started) and (reason := not_started(player, corporation)):
        return str(reason)
    sold = getattr(step, "players_sold", None)
    if sold is not None and sold[player].get(corporation):
        return f"{player.name} sold {corporation.name} this round and may not buy it back"
    if corporation.counts_for_limit():
        from engine.steps.shares import cert_limit

        limit = cert_limit(game, player)
        if int(game.corporation_rules.num_certs(player)) >= limit:
            return f"{player.name} holds {game.corporation_rules.num_certs(player)} certificates: the limit is {limit}"
    # read holdings with .get: indexing the holder's defaultdict would change its order (replay parity)
    held = sum(int(s.percent) for s in player.shares_by_corporation.get(corporation) or [] if not s.preferred)
    limit_pct = int(getattr(corporation, "max_ownership_percent", 60))
    cell = corporation.share_price
    unlimited = cell is not None and cell.type in ("multiple_buy", "unlimited")
    if not unlimited and held + 10 > limit_pct:
        return f"{player.name} holds {held}% of {corporation.name}: nobody may hold more than {limit_pct}%"
    bought = getattr(step, "bought", None)
    if callable(bought) and bought():
        return f"{player.name} has already bought this turn"
    price = corporation.share_price.price if corporation.share_price is not None else None
    if price is not None and player.cash < price:
        return f"a share costs {_money(game, price)}; {player.name} has {_money(game, player.cash)}"
    return None


#: the steps whose pass ends the share turn itself; any other step's pass does not belong in this dialog
#: the merger rounds' share turns: 1867/1861's new major's shares, the 1817 family's converted corporation's shares
MERGER_SHARE_STEPS = frozenset({"PostMergerShares", "PostConversion"})
SHARE_TURN_STEPS = frozenset({"BuySellParShares"}) | MERGER_SHARE_STEPS


def _issuing_corporation(game: Any, moves: LegalMoves) -> Any:
    """The corporation issuing or redeeming its own shares in ``moves`` (None in a player's share turn)."""
    for m in moves.moves:
        if isinstance(m, BuySharesMove | SellSharesMove) and m.entity_type == "corporation" \
                and m.entity == m.corporation:
            return next((c for c in game.corporations if c.id == m.entity), None)
    return None


def certificate_sizes(move: SellSharesMove) -> tuple[int, ...]:
    """The sizes of the certificates a sale hands over, largest first (``(20, 10)``)."""
    held = dict(move.certs)
    return tuple(sorted((int(held.get(s, 0)) for s in move.shares), reverse=True))


def _private_owner(game: Any, company_id: str) -> str | None:
    """The name of whoever owns private ``company_id`` (None when nobody does)."""
    company = next((c for c in game.companies if c.id == company_id), None)
    owner = getattr(company, "owner", None) if company is not None else None
    return str(owner.name) if owner is not None and hasattr(owner, "name") else None

class StockTurnDialog(PassKeyDialog):
    """One player's stock-round turn, or a corporation's issue / redeem (then without the other step's pass)."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.moves = moves
        self.action: dict[str, Any] | None = None
        self.buttons: dict[str, QPushButton] = {}
        #: (button key, certificate id) -> the menu entry that buys that certificate (see _certificate_picker)
        self.certificates: dict[tuple[str, str], QAction] = {}
        self.refusals: dict[str, str] = {}
        self.share_turn = moves.step in SHARE_TURN_STEPS
        passes = [m for m in moves.moves if isinstance(m, PassMove)] if self.share_turn else []
        self._pass = passes[0] if passes else None
        actor = moves.moves[0] if moves.moves else None
        who = _entity_name(game, actor.entity_type, actor.entity) if actor is not None else "?"
        self.who = who
        player = next((p for p in game.players if p.name == who), None)
        issuer = _issuing_corporation(game, moves)
        layout = QVBoxLayout(self)
        if issuer is not None:
            self.setWindowTitle(f"Issue / redeem shares: {issuer.name}")
            cash = f" (treasury {_money(game, issuer.cash)})"
            said = "issue treasury shares to the pool or redeem shares from it, at the share price"
        elif self.share_turn:
            self.setWindowTitle(f"{'Merger' if moves.step in MERGER_SHARE_STEPS else 'Stock'} round: {who}")
            cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
            said = moves.description or "buy, sell or pass"
            if said.startswith(f"{who}: "):
                said = said[len(who) + 2:]
        else:  # outside the share turn: emergency sales, a private's exchange for a share
            selling = any(isinstance(m, SellSharesMove) for m in moves.moves)
            self.setWindowTitle(f"{'Sell shares' if selling else 'Exchange for a share'}: {who}")
            cash = f" (cash {_money(game, player.cash)})" if player is not None else ""
            said = "sell shares to the pool" if selling else "exchange the private for a share"
        layout.addWidget(QLabel(f"<b>{who}</b>{cash}: {said}"))
        grid = QGridLayout()
        inner = QWidget()
        inner.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        layout.addWidget(scroll, 1)

        by_corp: dict[str, list[Any]] = {}
        for m in moves.moves:
            corp = getattr(m, "corporation", None)
            if corp:
                by_corp.setdefault(corp, []).append(m)
        row = 0
        for corporation in game.corporations:
            ms = by_corp.get(corporation.id, [])
            on_sale = corporation.ipoed and (
                any(not s.president for s in corporation.ipo_owner.shares_by_corporation.get(corporation) or [])
                or bool(game.share_pool.shares_by_corporation.get(corporation)))
            if not ms and (not on_sale or issuer is not None):  # an issue concerns the issuer's row alone
                continue
            price = corporation.share_price.price if corporation.share_price is not None else None
            grid.addWidget(QLabel(f"<b>{corporation.name}</b>"
                                  + (f" {_money(game, price)}" if price is not None else "")), row, 0)
            cell = FlowLayout(spacing=6, align_right=False)  # wraps: a fourth issue button ran off the dialog
            for m in ms:
                button = self._button_for(m)
                if button is not None:
                    cell.addWidget(button)
                    picker = self._certificate_picker(m)
                    if picker is not None:
                        cell.addWidget(picker)
            if not any(isinstance(m, BuySharesMove) for m in ms) and on_sale and player is not None:
                reason = explain_buy_refusal(game, player, corporation)
                if reason:
                    self.refusals[corporation.id] = reason
                    button = QPushButton("Buy")
                    button.setEnabled(False)
                    button.setToolTip(reason)
                    cell.addWidget(button)
                    cell.addWidget(QLabel(f"<i>{reason}</i>"))
            holder = QWidget()
            holder.setLayout(cell)
            grid.addWidget(holder, row, 1)
            row += 1
        for m in moves.moves:
            if isinstance(m, BuyCompanyMove):
                button = self._button_for(m)
                if button is not None:
                    grid.addWidget(button, row, 1)
                    row += 1

        grid.setRowStretch(row, 1)  # rows keep their height; the space left goes below them
        grid.setColumnStretch(1, 1)
        bottom = QHBoxLayout()
        self.pass_button = QPushButton((self._pass.describe() if self._pass else "Pass") + " (P)")
        self.pass_button.setObjectName("pass")
        self.pass_button.setEnabled(self._pass is not None)
        self.pass_button.clicked.connect(self.choose_pass)
        self.pass_button.setVisible(self.share_turn)  # another step's pass ("Done (Track)") is not this dialog's
        close = QPushButton("Close")
        close.setToolTip("Close without a move; the turn goes on where it was")
        close.clicked.connect(self.reject)
        bottom.addStretch(1)
        bottom.addWidget(self.pass_button)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        self.scroll = scroll
        self._fit_to_content(inner, scroll)

    def _fit_to_content(self, inner: QWidget, scroll: QScrollArea) -> None:
        """Open as large as the rows need (early in a game a few rows, not a mostly empty 980x560), within 90% of
        the screen; rows that do not fit then scroll."""
        screen = self.screen() or QApplication.primaryScreen()
        avail = screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 768)
        layout = self.layout()
        margins = layout.contentsMargins()
        frame = 2 * scroll.frameWidth()
        chrome_w = margins.left() + margins.right() + frame + scroll.verticalScrollBar().sizeHint().width()
        width = min(max(inner.sizeHint().width() + chrome_w, 520), int(avail.width() * 0.9))
        inner_w = width - chrome_w
        inner_h = inner.heightForWidth(inner_w) if inner.hasHeightForWidth() else -1
        if inner_h < 0:
            inner_h = inner.sizeHint().height()
        rest = layout.sizeHint().height() - scroll.sizeHint().height()  # the heading, the buttons, the spacing
        height = min(max(rest + inner_h + frame, 180), int(avail.height() * 0.9))
        self.resize(width, height)

    @staticmethod
    def key(move: Any) -> str:
        """The object name of a move's button ("buy_PRR_ipo_10", "sell_PRR_20", "par_PRR", "company_SV")."""
        if isinstance(move, BuySharesMove) and move.entity_type == "company":
            return f"exchange_{move.entity}_{move.corporation}_{move.source}"
        if isinstance(move, BuySharesMove):
            swap = "_swap" if move.swaps else ""
            return f"buy_{move.corporation}_{move.source}_{move.percent}{'_pres' if move.president else ''}{swap}"
        if isinstance(move, SellSharesMove):
            # a corporation's own sale (its treasury) and its president's sale of the same size are two buttons
            seller = f"_by_{move.entity}" if move.entity_type != "player" else ""
            sizes = certificate_sizes(move)
            mixed = f"_as_{'+'.join(map(str, sizes))}" if len(set(sizes)) > 1 else ""
            swap = "_swap" if move.swaps else ""
            return (f"sell_{move.corporation}_{move.percent}_{move.total}{'_pres' if move.president else ''}"
                    f"{seller}{mixed}{swap}")
        if isinstance(move, ParMove):
            return f"par_{move.corporation}"
        if isinstance(move, BuyCompanyMove):
            return f"company_{move.company}_{move.seller}"
        return move.type

    def _button_for(self, m: Any) -> QPushButton | None:
        game = self.game
        if isinstance(m, BuySharesMove) and m.entity_type == "company":
            text = f"Exchange {m.entity} for {m.percent}% from {source_name(game, m.source)}"
            owner = _private_owner(game, m.entity)
            if owner is not None and owner != self.who:  # a private usable at any time, in another's turn
                text = f"{owner}: exchange {m.entity} for {m.percent}% from {source_name(game, m.source)}"
        elif isinstance(m, BuySharesMove) and m.entity_type == "corporation" and m.entity == m.corporation:
            text = f"Redeem {m.percent}% from {source_name(game, m.source)} for {_money(game, m.price)}"
        elif isinstance(m, BuySharesMove) and m.swaps:
            small = game.share_by_id(m.swaps[0]).percent
            text = (f"Swap your {small}% for {m.percent}% from {source_name(game, m.source)}: "
                    f"pay {_money(game, m.price)} + your {small}%")
        elif isinstance(m, BuySharesMove):
            text = f"Buy {m.percent}% from {source_name(game, m.source)} for {_money(game, m.price)}"
        elif isinstance(m, SellSharesMove):
            after = f", price to {_money(game, m.price_after)}" if m.price_after is not None else ""
            verb = "Issue" if m.entity_type == "corporation" and m.entity == m.corporation else "Sell"
            sizes = certificate_sizes(m)
            # the same percent as other certificates (1847 AE: three singles, or a double and a single)
            made_of = f" ({' + '.join(f'{n}%' for n in sizes)})" if len(set(sizes)) > 1 else ""
            text = f"{verb} {m.percent}%{made_of} for {_money(game, m.price)}{after}"
            if m.swaps:
                small = game.share_by_id(m.swaps[0]).percent
                text = f"{verb} {m.percent}%{made_of} for {_money(game, m.price)} + a {small}% from the pool{after}"
        elif isinstance(m, ParMove):
            text = "Par..."
        elif isinstance(m, BuyCompanyMove):
            if m.min_price != m.max_price:
                return None  # a sale between players needs the seller's consent: not offered as one button
            card = next((c for c in getattr(game, "companies", ()) if str(c.id) == str(m.company)), None)
            text = f"Buy {getattr(card, 'name', m.company)} for {_money(game, m.min_price)}"
        else:
            return None
        button = QPushButton(literal(text))
        key = self.key(m)
        if key in self.buttons:  # exact bundles (1846 issues) may share a key: number them
            key = f"{key}#{sum(1 for k in self.buttons if k.split('#')[0] == key) + 1}"
        button.setObjectName(key)
        button.setToolTip(m.describe())
        if isinstance(m, BuyCompanyMove):  # what the card does (and when, where the title says it), before buying
            company = next((c for c in getattr(game, "companies", ()) if str(c.id) == str(m.company)), None)
            desc = str(getattr(company, "desc", "") or "")
            if company is not None and desc:
                button.setToolTip(f"{company.name}: {desc}")
        button.clicked.connect(lambda _=False, mv=m: self.choose(mv))
        self.buttons[key] = button
        return button

    def _certificate_picker(self, m: Any) -> QToolButton | None:
        """A small menu beside a purchase of one certificate among several interchangeable ones (the pool's
        four 10% shares): which certificate to take.  The button takes the first, as 18xx.games does today; an
        export of an older game may name another, and the menu lets the table make exactly that purchase."""
        if not isinstance(m, BuySharesMove) or m.count > 1 or m.entity_type != "player" or len(set(m.shares)) < 2:
            return None
        key = self.key(m)
        picker = QToolButton()
        picker.setText("\u25be")
        picker.setObjectName(f"{key}_certificates")
        picker.setToolTip("Take a particular certificate (they are worth the same; files name the one taken)")
        picker.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(picker)
        for share in m.shares:
            action = menu.addAction(f"Take certificate {share}")
            action.setObjectName(f"{key}_take_{share}")
            action.triggered.connect(lambda _=False, mv=m, sid=share: self.choose(mv, sid))
            self.certificates[(key, str(share))] = action
        picker.setMenu(menu)
        return picker

    def choose(self, move: Any, certificate: str | None = None) -> None:
        if isinstance(move, ParMove):
            self.par_dialog = ParDialog(self.game, move, self)
            self.par_dialog.accepted.connect(lambda: self._take(self.par_dialog.action))
            self.par_dialog.open()
            return
        if isinstance(move, BuySharesMove):
            first = certificate if certificate in move.shares else move.shares[0]
            action = {**move.base(), "shares": list(move.shares[: move.count]) if move.count > 1 else [first],
                      "percent": dict(move.fixed).get("percent", move.percent)}
            if move.share_price is not None:
                action["share_price"] = move.share_price
            if move.swaps:
                action["swap"] = move.swaps[0]
        elif isinstance(move, SellSharesMove):
            action = {**move.base(), "shares": list(move.shares), "percent": move.percent}
            if move.share_price is not None:
                action["share_price"] = move.share_price
            if move.swaps:
                action["swap"] = move.swaps[0]
        elif isinstance(move, BuyCompanyMove):
            action = {**move.base(), "company": move.company, "price": move.min_price}
        else:
            return
        self._take(action)

    def _take(self, action: dict[str, Any] | None) -> None:
        if action is None:
            return
        self.action = action
        self.accept()

