"""Auction HOW's play controller: the bid board's gestures (drop the bid marker on an empire, click an empire
and bid with the spin box, record a score) become actions checked against the legal moves; the optional time
limit per bid (rule 3.10) runs here, with our ruling when it expires (a controller passes, anyone else makes
the least possible bid: zero on the first empire nobody has bid on)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.controllers.base import Controller
from desktop.titles.auction_how.board import AuctionView, player_color

if TYPE_CHECKING:
    from desktop.session import Session
    from engine.moves import LegalMoves


class AuctionController(Controller):
    def __init__(self, session: Session, window: Any) -> None:
        super().__init__(session, window)
        views = window.title_views
        self.view: AuctionView = views.central
        self.connect_signal(self.view.card_clicked, self._on_view_card_clicked)
        self.connect_signal(self.view.marker_dropped, self._on_view_marker_dropped)
        self.connect_signal(self.view.bid_clicked, self._on_view_bid_clicked)
        self.connect_signal(self.view.score_clicked, self._on_view_score_clicked)
        self.connect_signal(self.view.pause_button.toggled, lambda _on: self._show_clock())
        # a modal dialog opening or closing moves the focus: the clock line says at once whether it stands still
        # (it read "paused while a dialog is open" for up to a second after the dialog had gone)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            self.connect_signal(app.focusChanged, self._on_app_focus_changed)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self._on_timer_timeout)
        self.seconds_left: int | None = None
        self._turn_key: tuple[Any, ...] | None = None

    # --- state ---------------------------------------------------------------------------------------------
    def bid_moves(self) -> dict[str, Any]:
        if self.moves is None:
            return {}
        return {m.item: m for m in self.moves.of_type("bid")}  # type: ignore[attr-defined]

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        game = self.session.live
        acting = None
        if moves is not None and moves.acting:
            etype, eid = moves.acting[0]
            acting = game.entity_by(etype, eid)
        bids = self.bid_moves()
        self.view.legal = {item: move.min_bid for item, move in bids.items()}
        if self.view.selected not in bids:
            self.view.selected = None
        name = acting.name if acting is not None else ""
        color = player_color(game, acting.id) if acting is not None else player_color(game, None)
        self.view.marker.set_player(name, color, bool(bids))
        self.view.amount.setEnabled(bool(bids))
        self.view.bid_button.setEnabled(bool(bids) and self.view.selected is not None)
        scoring = moves is not None and "score" in moves.types()
        self.view.score_row.setVisible(scoring)
        if scoring:
            score = moves.of_type("score")[0] if moves is not None else None
            self.view.score_amount.set_allowed(0, int(getattr(score, "max_vp", 999)))
            self.view.score_label.setText(
                f"{name}: victory points scored on the board in {game.round_label().lower().replace('epoch', 'epoch')}"
            )
        if not bids:
            self.view.target.setText(
                "Nothing to bid now"
                if moves is None or "pass" not in moves.types()
                else f"{name} controls an empire: pass (P)"
            )
        self.view.show_cards()
        self._select_default()
        self._restart_clock(game, moves)

    def _select_default(self) -> None:
        bids = self.bid_moves()
        if self.view.selected is None and bids:
            self.select(next(iter(bids)))
        elif self.view.selected is not None:
            self.select(self.view.selected)

    def select(self, item_id: str) -> bool:
        move = self.bid_moves().get(item_id)
        if move is None:
            return self.refuse(f"No bid on {item_id} is possible now")
        self.view.selected = item_id
        self.view.amount.set_allowed(move.min_bid, move.max_bid)
        self.view.amount.setValue(move.min_bid)
        self.view.target.setText(f"Bid on {move.label}: at least {move.min_bid} VP")
        self.view.bid_button.setEnabled(True)
        self.view.show_cards()
        return True

    # --- gestures ------------------------------------------------------------------------------------------
    def bid(self, item_id: str, price: int) -> bool:
        move = self.bid_moves().get(item_id)
        if move is None:
            if self.moves is not None and "pass" in self.moves.types():
                return self.refuse("You control an empire and must pass (rule 3.8)")
            return self.refuse(f"No bid on {item_id} is possible now")
        action = move.action(price)
        reason = move.refusal(action)
        if reason is not None:
            return self.refuse(reason)
        return self.submit(action)

    def _on_view_card_clicked(self, item_id: str) -> None:
        if self.moves is not None:
            self.select(item_id)

    def _on_view_marker_dropped(self, item_id: str) -> None:
        move = self.bid_moves().get(item_id)
        if move is None:
            self.refuse(f"No bid on {item_id} is possible now")
            return
        amount = self.view.amount.value()
        price = amount if self.view.selected == item_id and amount >= move.min_bid else move.min_bid
        self.bid(item_id, price)

    def _on_view_bid_clicked(self, item_id: str, price: int) -> None:
        self.bid(item_id, price)

    def _on_view_score_clicked(self, vp: int) -> None:
        if self.moves is None or "score" not in self.moves.types():
            self.refuse("No score to record now")
            return
        move = self.moves.of_type("score")[0]
        self.submit({**move.base(), "vp": vp})

    # --- the time limit per bid (3.10) ---------------------------------------------------------------------
    def _restart_clock(self, game: Any, moves: LegalMoves | None) -> None:
        limit = getattr(game, "bid_time_limit", None)
        active = moves is not None and limit is not None and bool(set(moves.types()) & {"bid", "pass"})
        self.view.pause_button.setVisible(active)
        if not active:
            self.timer.stop()
            self.seconds_left = None
            self.view.clock.setText("")
            self._turn_key = None
            return
        key = (len(self.session.record.actions), tuple(moves.acting) if moves else ())
        if key != self._turn_key:
            self._turn_key = key
            self.seconds_left = int(limit)
            self.timer.start()
        self._show_clock()

    def paused_because(self) -> str | None:
        """Why the clock stands still now (None: it runs): the table paused it, or a modal dialog (a "save
        before closing?" question, the New Game dialog, a bid dialog) is open -- nobody can bid meanwhile."""
        if self.view.pause_button.isChecked():
            return "paused"
        if QApplication.activeModalWidget() is not None:
            return "paused while a dialog is open"
        return None

    def _show_clock(self) -> None:
        if self.seconds_left is not None:
            why = self.paused_because()
            self.view.clock.setText(f"Time left: {self.seconds_left} s" + (f" ({why})" if why else ""))

    def _on_app_focus_changed(self, _old: Any, _now: Any) -> None:
        QTimer.singleShot(0, self, self._show_clock)  # once a closing dialog has left the modal stack

    def _on_timer_timeout(self) -> None:
        if self.seconds_left is None:
            self.timer.stop()
            return
        if self.paused_because() is not None:
            self._show_clock()
            return
        self.seconds_left -= 1
        self._show_clock()
        if self.seconds_left <= 0:
            self.expire()

    def expire(self) -> bool:
        """The bid's time ran out: pass if controlling, else bid zero on the first empire nobody has bid on."""
        self.timer.stop()
        self.seconds_left = None
        if self.moves is None:
            return False
        passes = self.moves.of_type("pass")
        if passes:
            self.message.emit("Time is up: pass")
            return self.submit(passes[0].base())
        free = [m for m in self.moves.of_type("bid") if m.high_bid is None]  # type: ignore[attr-defined]
        if not free:
            return False
        self.message.emit(f"Time is up: the least bid, 0 VP on {free[0].label}")  # type: ignore[attr-defined]
        return self.submit(free[0].action(0))  # type: ignore[attr-defined]

    def dispose(self) -> None:
        self.timer.stop()
        super().dispose()


CONTROLLERS = [AuctionController]
