"""Irish Gauge's play controller: gestures on the board and the tray become actions, checked against the
legal moves.

- Track: drag a railway's marker from the tray onto a hex (or click the marker, then click hexes).  While
  hovering, the hex shows its cost and the build-point meter what would be left; a hex the railway cannot
  take is crossed out and the drop is refused with the reason.  During a track action the building
  railway's legal hexes are lit with their costs, and a click on one builds there.
- Special interest: drag a cube of the supply onto a town (or click the cube, then the town).
- The auction stands in the window's auction panel while it runs (the leader, who is out, the bid box open
  between bids and bidders); "Auction a share…" brings up the opening form there.
- The action bar: "Auction a share…" / "Bid…" (the auction panel), "Call for dividends", and the pass
  buttons the play controller adds from the legal moves.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPointF

from desktop.controllers.base import Controller
from desktop.panels.action_bar import BarButton
from desktop.titles.irish_gauge.dialogs import AuctionDialog
from desktop.titles.irish_gauge.panels import CUBE_MIME, TRACK_MIME
from engine.moves.base import BidMove, LegalMoves, SimpleMove
from engine.titles.irish_gauge.data import cubes
from engine.titles.irish_gauge.moves import BuildTrackMove, SpecialInterestMove
from engine.titles.irish_gauge.rules import bp_text, build_refusal

if TYPE_CHECKING:
    from desktop.session import Session

#: the views of each window showing an Irish Gauge game (the controller finds its board and tray there)
VIEWS_BY_WINDOW: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


class IrishGaugeController(Controller):
    def __init__(self, session: Session, window: Any) -> None:
        super().__init__(session, window)
        self.views = VIEWS_BY_WINDOW.get(window)
        self.armed: tuple[str, str] | None = None  # ("track", railway) or ("cube", colour) after a tray click
        self.last_dialog: AuctionDialog | None = None
        #: the auction standing in the window's auction panel (None when none is shown)
        self.panel_dialog: AuctionDialog | None = None
        views = self.views
        if views is not None:
            views.view.drop_handlers[TRACK_MIME] = self
            views.view.drop_handlers[CUBE_MIME] = self
            self.connect_signal(views.scene.hex_clicked, self._on_scene_hex_clicked)
            for chip in (*views.tray.track_chips.values(), *views.tray.cube_chips.values()):
                self.connect_signal(chip.clicked, self._on_chip_clicked)

    # --- state ----------------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        return self.session.live

    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        if self.armed is not None and not self._armed_still_usable():
            self.armed = None
        self.show()
        self._drop_panel_dialog()
        if self.in_auction():
            self.stand_auction()
        else:
            self._release_panel()

    def in_auction(self) -> bool:
        """An auction is running (initial or opened in the game) and somebody must bid or pass."""
        if self.moves is None or self.game.finished:
            return False
        step = self.game.round.active_step()
        return getattr(step, "auction", None) is not None and getattr(step, "phase", "auction") == "auction"

    def build_move(self, railway: str) -> BuildTrackMove | None:
        if self.moves is None:
            return None
        return next((m for m in self.moves.moves if isinstance(m, BuildTrackMove) and m.corporation == railway), None)

    def special_interest_move(self) -> SpecialInterestMove | None:
        if self.moves is None:
            return None
        return next((m for m in self.moves.moves if isinstance(m, SpecialInterestMove)), None)

    def building(self) -> str | None:
        """The railway of the track action going on (None outside one)."""
        step = self.game.round.active_step() if not self.game.finished else None
        railway = getattr(step, "building", None) if getattr(step, "phase", None) == "build" else None
        return railway.id if railway is not None else None

    def _armed_still_usable(self) -> bool:
        assert self.armed is not None
        kind, payload = self.armed
        if kind == "track":
            return self.build_move(payload) is not None
        move = self.special_interest_move()
        return move is not None and payload in move.colors

    def show(self) -> None:
        """Tray chips, meter and lit hexes for the live state."""
        views = self.views
        if views is None:
            return
        game = self.game
        building = self.building() if self.moves is not None else None
        for rid, chip in views.tray.track_chips.items():
            move = self.build_move(rid)
            railway = game.railway(rid)
            tip = (f"Drag onto a hex to build {rid} track ({railway.tracks_left} left)" if move is not None
                   else self.track_refusal(rid, None))
            chip.set_state(move is not None, tip, armed=self.armed == ("track", rid))
        si = self.special_interest_move()
        for color, chip in views.tray.cube_chips.items():
            usable = si is not None and color in si.colors
            tip = (f"Drag onto a town to place a {color} special interest" if usable
                   else self.cube_refusal(color, None))
            chip.set_state(usable, tip, armed=self.armed == ("cube", color), count=game.supply[color])
        lit_railway = building or (self.armed[1] if self.armed and self.armed[0] == "track" else None)
        if lit_railway is not None and self.build_move(lit_railway) is not None:
            move = self.build_move(lit_railway)
            assert move is not None
            views.scene.set_costs(dict(move.hexes))
            views.tray.meter.set_points(move.budget, game.railway(lit_railway).color)
        elif self.armed and self.armed[0] == "cube" and si is not None:
            views.scene.set_lit(list(si.hexes))
            views.tray.meter.set_points(6, "#999999")
        else:
            views.scene.set_costs(None)
            views.tray.meter.set_points(6, "#999999")

    # --- reasons ------------------------------------------------------------------------------------
    def track_refusal(self, railway: str, hex_id: str | None) -> str:
        """Why ``railway`` cannot build (in ``hex_id``) now, in a line."""
        if self.moves is None:
            return "Viewing the past: press End to play on." if self.session.viewing_past else "The game is over."
        game = self.game
        move = self.build_move(railway)
        player = game.round.current_entity()
        name = getattr(player, "name", "?")
        if move is None:
            building = self.building()
            if building is not None:
                return f"This track action builds for {building}, not {railway}"
            step = game.round.active_step()
            if getattr(step, "phase", None) != "choose":
                return f"Not now: {step.description() if step is not None else ''}"
            if player is not None and not player.holds(game.railway(railway)):
                return f"{name} holds no share of {railway}"
            r = game.railway(railway)
            return f"{railway} has no track left" if r.tracks_left <= 0 else f"{railway} has no hex it can pay for"
        if hex_id is None:
            return "Drop the marker on a hex of the board"
        reason = build_refusal(game.board, game.railway(railway), hex_id, move.budget)
        return reason or ""

    def cube_refusal(self, color: str, hex_id: str | None) -> str:
        if self.moves is None:
            return "Viewing the past: press End to play on." if self.session.viewing_past else "The game is over."
        game = self.game
        move = self.special_interest_move()
        if move is None:
            step = game.round.active_step()
            if getattr(step, "phase", None) != "choose":
                return f"Not now: {step.description() if step is not None else ''}"
            return "No town on a railway you hold is free for a special interest"
        if color not in move.colors:
            return f"No {color} cube is left in the supply"
        if hex_id is None:
            return "Drop the cube on a town"
        if hex_id not in move.hexes:
            cell = game.board.get(hex_id)
            if cell is None or not cell.is_town:
                return f"{cell.label if cell else hex_id} is not a town without a special interest"
            return f"No railway you hold has track in {cell.label}"
        return ""

    # --- drag and drop (the MapView's DropHandler) ---------------------------------------------------
    def _payload(self, mime: QMimeData) -> tuple[str, str] | None:
        if mime.hasFormat(TRACK_MIME):
            return "track", bytes(mime.data(TRACK_MIME).data()).decode()
        if mime.hasFormat(CUBE_MIME):
            return "cube", bytes(mime.data(CUBE_MIME).data()).decode()
        return None

    def hover(self, kind: str, payload: str, hex_id: str | None) -> str | None:
        """Show what a drop of the piece on ``hex_id`` would do; None when it would be taken, else why not."""
        views = self.views
        game = self.game
        if kind == "track":
            move = self.build_move(payload)
            cost = move.cost(hex_id) if move is not None and hex_id is not None else None
            if move is not None and cost is not None:
                color = game.railway(payload).color
                text = (f"{payload} in {game.board[hex_id].label}: {bp_text(cost)} BP "
                        f"({bp_text(move.budget - cost)} BP left after)")
                if views is not None:
                    views.scene.set_hover(hex_id, True, text, ghost=color)
                    views.tray.meter.set_points(move.budget, color, pending=cost)
                    views.scene.set_costs(dict(move.hexes))
                self.message.emit(text)
                return None
            if move is not None and views is not None:  # the railway's legal hexes stay lit during the drag
                views.scene.set_costs(dict(move.hexes))
                views.tray.meter.set_points(move.budget, game.railway(payload).color)
            reason = self.track_refusal(payload, hex_id)
        else:
            si = self.special_interest_move()
            if si is not None and views is not None:
                views.scene.set_lit(list(si.hexes))
            reason = self.cube_refusal(payload, hex_id)
            if not reason:
                text = f"A {payload} special interest in {game.board[hex_id].label}: the town becomes a city"
                if views is not None:
                    views.scene.set_hover(hex_id, True, text)
                self.message.emit(text)
                return None
        if views is not None:
            views.scene.set_hover(hex_id, False, reason)
        self.message.emit(reason)
        return reason

    def drag_over(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> str | None:
        found = self._payload(mime)
        if found is None:
            return "Not a piece of this game"
        return self.hover(found[0], found[1], hex_id)

    def drag_left(self) -> None:
        if self.views is not None:
            self.views.scene.set_hover(None)
        self.show()

    def dropped(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> bool:
        found = self._payload(mime)
        self.drag_left()
        if found is None:
            return False
        return self.place(found[0], found[1], hex_id)

    def place(self, kind: str, payload: str, hex_id: str | None) -> bool:
        """Build a track of railway ``payload`` / place a ``payload`` cube in ``hex_id``: submitted when legal,
        else refused with the reason (nothing changes)."""
        if kind == "track":
            move = self.build_move(payload)
            if move is None or hex_id is None or move.cost(hex_id) is None:
                return self.refuse(self.track_refusal(payload, hex_id))
            return self.submit({**move.base(), "corporation": payload, "hex": hex_id})
        si = self.special_interest_move()
        reason = self.cube_refusal(payload, hex_id)
        if si is None or reason or hex_id is None:
            return self.refuse(reason or "Drop the cube on a town")
        return self.submit({**si.base(), "hex": hex_id, "color": payload})

    # --- clicks ---------------------------------------------------------------------------------------
    def _on_chip_clicked(self, kind: str, payload: str) -> None:
        if self.moves is None:
            self.refuse(self.track_refusal(payload, None) if kind == "track" else self.cube_refusal(payload, None))
            return
        usable = self.build_move(payload) is not None if kind == "track" else \
            (self.special_interest_move() is not None and payload in self.special_interest_move().colors)
        if not usable:
            self.refuse(self.track_refusal(payload, None) if kind == "track" else self.cube_refusal(payload, None))
            return
        self.armed = None if self.armed == (kind, payload) else (kind, payload)
        if self.armed is not None:
            self.message.emit("Click a lit hex to build there" if kind == "track" else "Click a lit town")
        self.show()

    def _on_scene_hex_clicked(self, hex_id: str) -> None:
        self.handle_click(hex_id, None)

    def handle_click(self, hex_id: str, scene_pos: Any) -> bool:
        if self.moves is None:
            return False
        if self.armed is not None:
            kind, payload = self.armed
            return self.place(kind, payload, hex_id)
        building = self.building()
        if building is not None:
            return self.place("track", building, hex_id)
        return False

    # --- the action bar -------------------------------------------------------------------------------
    def buttons(self) -> list[BarButton]:
        if self.moves is None:
            return []
        out: list[BarButton] = []
        bids = [m for m in self.moves.moves if isinstance(m, BidMove)]
        step = self.game.round.active_step()
        in_auction = getattr(step, "auction", None) is not None and getattr(step, "phase", "auction") == "auction"
        choosing = getattr(step, "phase", None) == "choose"
        if bids or in_auction or choosing:
            label = "&Bid…" if in_auction else "&Auction a share…"
            tip = ("Bid in the auction" if in_auction else "Open an auction for a railway's share") if bids else \
                ("You cannot afford to raise the bid" if in_auction
                 else "You cannot afford the lowest unsold share of any railway")
            out.append(BarButton("irish_auction", label, self.open_auction_dialog, tip,
                                 "B" if in_auction else "A", enabled=bool(bids)))
        if any(isinstance(m, SimpleMove) and m.kind == "call_dividends" for m in self.moves.moves):
            out.append(BarButton("irish_dividends", "Call for &dividends", self.call_dividends,
                                 f"Draw {cubes(min(3, self.game.supply_count()))} from the supply and pay", "D"))
        return out

    # --- the auction panel ----------------------------------------------------------------------------
    def _panel(self) -> Any:
        return getattr(self.window, "auction_panel", None)

    def stand_auction(self) -> AuctionDialog | None:
        """Show the auction form of the turn in the window's auction panel (the running auction, or the opening
        form in a choose phase); returns it (None without a panel or moves)."""
        panel = self._panel()
        if panel is None or self.moves is None:
            return None
        if self.panel_dialog is None:
            dialog = AuctionDialog(self.game, self.moves, self.window)
            dialog.set_embedded(True)
            dialog.accepted.connect(lambda d=dialog: self._on_panel_dialog_accepted(d))
            dialog.rejected.connect(lambda d=dialog: self._on_panel_dialog_rejected(d))
            self.panel_dialog = dialog
            title = "Share auction" if self.in_auction() else "Auction a share"
            who = getattr(self.game.round.current_entity(), "name", "")
            panel.hold(self, dialog, f"{title}: {who}'s turn" if who else title)
        panel.unfold()
        return self.panel_dialog

    def _drop_panel_dialog(self) -> None:
        dialog, self.panel_dialog = self.panel_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def _release_panel(self) -> None:
        panel = self._panel()
        if panel is not None:
            panel.release(self)

    def _on_panel_dialog_accepted(self, dialog: AuctionDialog) -> None:
        if dialog is not self.panel_dialog:
            return
        action = dialog.action()
        self._drop_panel_dialog()
        if action is None or not self.submit(action):  # refused: the same turn stands again
            self._restand()

    def _on_panel_dialog_rejected(self, dialog: AuctionDialog) -> None:
        if dialog is not self.panel_dialog:
            return
        self._drop_panel_dialog()
        self._restand()

    def _restand(self) -> None:
        if self.in_auction():
            self.stand_auction()
        else:  # the opening form was cancelled
            self._release_panel()

    def auction_dialog(self) -> AuctionDialog | None:
        if self.moves is None:
            return None
        dialog = AuctionDialog(self.game, self.moves, self.window)
        self.last_dialog = dialog
        return dialog

    def open_auction_dialog(self) -> bool:
        """The bar's "Auction a share…" / "Bid…": the form stands in the auction panel (a dialog without one)."""
        if self._panel() is not None:
            dialog = self.stand_auction()
            if dialog is not None:
                dialog.spin.setFocus()
                dialog.spin.selectAll()
            return dialog is not None
        dialog = self.auction_dialog()
        if dialog is None:
            return False
        if dialog.exec() and dialog.action() is not None:
            action = dialog.action()
            assert action is not None
            return self.submit(action)
        return False

    def call_dividends(self) -> bool:
        if self.moves is None:
            return False
        move = next((m for m in self.moves.moves if isinstance(m, SimpleMove) and m.kind == "call_dividends"), None)
        if move is None:
            return self.refuse("Dividends cannot be called now")
        return self.submit(move.base())

    def dispose(self) -> None:
        self._release_panel()
        self._drop_panel_dialog()
        if self.views is not None:
            self.views.view.drop_handlers.pop(TRACK_MIME, None)
            self.views.view.drop_handlers.pop(CUBE_MIME, None)
        super().dispose()


CONTROLLERS = [IrishGaugeController]
