"""Running trains: when the step wants ``run_routes``, the optimiser's best routes are computed off the GUI thread
(:class:`~desktop.controllers.route_worker.RouteWorker`, cancellable; "computing..." meanwhile, the window never
blocks) and drawn on the map along the real track, one colour and dash per train, with each train's revenue and
the total in the route panel.  The player edits a train's route by clicking revenue centres
(:mod:`desktop.controllers.route_edit`); a route the engine refuses shows the engine's reason in the panel and
on its tag; Run (Enter) submits; Best restores the optimum.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRect, QTimer, Signal

from desktop.controllers.base import Controller
from desktop.controllers.route_edit import RouteCheck, RouteEditor, hex_stops
from desktop.controllers.route_worker import RouteWorker
from desktop.dialogs.auction import _money
from desktop.map.route_items import RouteLine, RouteOverlay, node_point
from desktop.panels.action_bar import BarButton
from desktop.panels.route_panel import RoutePanel, TrainRow, corner_away
from engine.errors import GameError
from engine.map.route import train_is_local
from engine.moves import LegalMoves
from engine.moves.route import RunRoutesMove, add_subsidies

__all__ = ["RoutesController"]


def run_routes_move(moves: LegalMoves | None) -> RunRoutesMove | None:
    if moves is None:
        return None
    acting = set(moves.acting)
    return next((m for m in moves.of_type("run_routes")
                 if isinstance(m, RunRoutesMove) and (m.entity_type, m.entity) in acting), None)


class RoutesController(Controller):
    """The routes of the corporation that must run its trains now."""

    changed = Signal()

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.worker = RouteWorker(self)
        self.worker.result_ready.connect(self._on_result)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        self.overlay = RouteOverlay(window.map_scene, z=6.0)
        self.panel = RoutePanel(window.map_view)
        self.panel.move(10, 10)
        # the panel moves to the corner that hides least of the routes: after each redraw, scroll, zoom, resize
        view = window.map_view
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            self.connect_signal(bar.valueChanged, self._place_later)
            self.connect_signal(bar.rangeChanged, self._place_later)
        self._place_pending = False
        self.panel.train_selected.connect(self.select_train)
        self.panel.clear_requested.connect(self.clear_train)
        self.panel.reverse_requested.connect(self.reverse_train)
        self.panel.best_requested.connect(self.restore_best)
        self.panel.stop_requested.connect(self.stop_computing)
        self.panel.submit_requested.connect(self.run)
        self.move: RunRoutesMove | None = None
        self.editor: RouteEditor | None = None
        self.key: tuple[Any, ...] | None = None
        self.selected: str | None = None
        self.best: list[dict[str, Any]] | None = None
        self.best_total: int | None = None
        self.computing = False
        self.edited = False
        self.status = ""
        self.last_check: RouteCheck | None = None

    # --- state -------------------------------------------------------------------------------------------
    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        move = run_routes_move(moves)
        if move is None:
            self._stop()
            return
        key = (len(self.session.record.actions), move.entity_type, move.entity, move.trains)
        if key == self.key and self.editor is not None:
            self.move = move
            return
        self._stop()
        self.key = key
        self.move = move
        game = self.session.live
        entity = game.entity_by(move.entity_type, move.entity)
        trains = [game.train_by_id(t) for t in move.trains]
        self.editor = RouteEditor(game, entity, trains, refusal=move.refusal)
        self.selected = str(trains[0].id) if trains else None
        self.computing = True
        self.status = "Computing the best routes\u2026 (you may click stops meanwhile)"
        self.worker.compute(game, entity)
        self.panel.show()
        self.panel.raise_()
        self.redraw()

    def _stop(self) -> None:
        if self.computing:
            self.worker.cancel()
        self.computing = False
        self.move = None
        self.editor = None
        self.key = None
        self.best = None
        self.best_total = None
        self.edited = False
        self.last_check = None
        self.overlay.clear()
        self.panel.hide()

    def dispose(self) -> None:
        self._stop()
        self.worker.shutdown()
        self.panel.deleteLater()
        super().dispose()

    @property
    def routing(self) -> bool:
        return self.editor is not None and self.move is not None

    # --- the optimiser -------------------------------------------------------------------------------------
    def _on_result(self, result: Any) -> None:
        editor = self.editor
        if editor is None or getattr(result.entity, "id", None) != editor.entity.id:
            return
        self.computing = False
        self.best = list(result.routes)
        self.best_total = int(result.total)
        money = _money(self.session.live, result.total)
        if self.edited:
            self.status = f"The best routes earn {money}: Best shows them."
        else:
            self._set(self.best)
            self.status = f"The best routes earn {money}." if self.best else "No train can run a route."
        self.redraw()

    def _on_failed(self, message: str) -> None:
        self.computing = False
        self.status = f"The route optimiser failed ({message}); choose the routes by clicking stops."
        self.redraw()

    def _on_cancelled(self) -> None:
        if self.editor is None:
            return
        self.computing = False
        self.status = "Stopped: choose the routes by clicking stops."
        self.redraw()

    def _set(self, entries: list[dict[str, Any]]) -> None:
        assert self.editor is not None
        try:
            self.editor.set_entries(entries)
        except GameError as exc:
            self.refuse(str(exc))

    # --- gestures ----------------------------------------------------------------------------------------
    def handle_click(self, hex_id: str, scene_pos: Any) -> bool:
        editor = self.editor
        if editor is None or self.selected is None:
            return False
        game = self.session.live
        try:
            hex_ = game.hex_by_id(hex_id)
        except (GameError, KeyError):
            return False
        node = self.stop_at(hex_, scene_pos)
        if node is None and train_is_local(editor.route_of(self.selected).train):
            # a city of the corporation's with no track to it yet (1822MX: the NdeM's token in Los Mochis): a local
            # train may run there alone, earning what the city is worth (the site offers that run too)
            node = next((c for c in hex_.tile.cities if any(t is not None and t.corporation is editor.entity
                                                            for t in c.tokens)), None)
        if node is None:
            self.refuse(f"{hex_id} has no city, town or off-board area to stop at")
            return True
        reason = editor.touch(self.selected, node)
        self.edited = True
        self.redraw()
        self.message.emit(reason or "")  # a refusal says why; a change clears the last refusal
        return True

    def stop_at(self, hex_: Any, scene_pos: Any) -> Any:
        """The stop of ``hex_`` drawn nearest to the click."""
        stops = hex_stops(hex_)
        if len(stops) <= 1:
            return stops[0] if stops else None
        point = QPointF(scene_pos)

        def distance(node: Any) -> float:
            where = node_point(self.window.map_scene, node)
            return math.inf if where is None else math.hypot(where.x() - point.x(), where.y() - point.y())

        return min(stops, key=distance)

    def select_train(self, train_id: str) -> None:
        if self.editor is None or train_id not in self.editor.train_ids():
            return
        self.selected = train_id
        self.editor.choose(train_id)
        self.redraw()

    def clear_train(self, train_id: str) -> None:
        if self.editor is None:
            return
        self.editor.clear(train_id)
        self.edited = True
        self.selected = train_id
        self.redraw()

    def reverse_train(self, train_id: str) -> None:
        if self.editor is None:
            return
        self.editor.reverse(train_id)
        self.edited = True
        self.selected = train_id
        self.redraw()

    def restore_best(self) -> None:
        if self.editor is None or self.best is None:
            self.refuse("The best routes are not known yet.")
            return
        self._set(self.best)
        self.edited = False
        self.redraw()

    def stop_computing(self) -> None:
        if self.computing:
            self.worker.cancel()

    def run(self) -> bool:
        """Submit the routes shown (Run / Enter)."""
        editor, move = self.editor, self.move
        if editor is None or move is None:
            return self.refuse("No trains to run now.")
        check = editor.check()
        if check.refusal is not None:
            return self.refuse(check.refusal)
        # as 18xx.games writes a run: no extra revenue claimed; the subsidies the routes earn (1888's mine), if any
        entries = editor.entries(check)
        try:
            subsidy = add_subsidies(self.session.live, entries)
        except GameError as exc:
            return self.refuse(exc.message)
        action = {**move.base(), "routes": entries, "extra_revenue": 0, "subsidy": subsidy}
        ok = self.submit(action)
        if ok:
            self.message.emit("")
        return ok

    # --- showing ---------------------------------------------------------------------------------------------
    ROUTE_WEIGHT = 25  # a pixel of route hidden counts as much as this many pixels of map

    def avoid_rects(self) -> list[tuple[QRect, int]]:
        """What the panel should not hide, in the map view's coordinates, with weights: the routes (lines, rings,
        revenue tags) most, then the map's hexes."""
        view = self.window.map_view
        offset = view.viewport().pos()
        rects: list[tuple[QRect, int]] = []

        def add(item: Any, weight: int) -> None:
            try:
                polygon = view.mapFromScene(item.sceneBoundingRect())
            except RuntimeError:  # an item Qt already deleted
                return
            rects.append((polygon.boundingRect().translated(offset), weight))

        for item in self.overlay.items:
            add(item, self.ROUTE_WEIGHT)
        for item in self.window.map_scene.hex_items():
            add(item, 1)
        return rects

    def place_panel(self) -> None:
        """Put the panel in the corner of the map view that hides least of the routes."""
        self._place_pending = False
        if self.editor is None:  # not routing (or disposed): the panel is hidden
            return
        try:
            panel = self.panel
            viewport = self.window.map_view.viewport()
            area = QRect(viewport.pos(), viewport.size())
            panel.move(corner_away(area, panel.size(), self.avoid_rects(), panel.pos()))
        except RuntimeError:  # the window is gone
            return

    def _place_later(self, *_: Any) -> None:
        if not self._place_pending and self.editor is not None:
            self._place_pending = True
            QTimer.singleShot(0, self.panel, self.place_panel)  # dropped with the panel (a closed window)

    def redraw(self) -> None:
        editor = self.editor
        if editor is None:
            return
        game = self.session.live
        check = editor.check()
        self.last_check = check
        lines: list[RouteLine] = []
        rows: list[TrainRow] = []
        for index, route in enumerate(editor.routes):
            train_id = str(route.train.id)
            name = str(route.train.name)
            revenue = check.revenues.get(train_id)
            money = _money(game, revenue) if revenue is not None else None
            reason = check.reasons.get(train_id)
            mine = train_id == self.selected
            stops = "-".join(n.hex.id for n in route.nodes() if n.hex is not None)
            lines.append(RouteLine(name, index, segments=list(route.segments), revenue=money, error=reason,
                                   rings=route.nodes() if mine else (), pending=route.pending, emphasis=mine,
                                   tooltip=f"{name} train ({train_id})" + (f": {money}" if money else "")
                                   + (f"\n{reason}" if reason else "")))
            rows.append(TrainRow(train_id, name, index, money, reason, stops))
        self.overlay.show(lines)
        corporation = editor.entity
        self.panel.set_rows(f"{getattr(corporation, 'name', corporation.id)} runs its trains", rows, self.selected)
        total = _money(game, check.total)
        best = "" if self.best_total is None else f" (best {_money(game, self.best_total)})"
        problem = check.refusal
        self.panel.set_state(
            self.status + (f"\n{problem}" if problem else ""), f"Total: {total}{best}",
            computing=self.computing,
            best_enabled=self.best is not None and self.edited,
            best_tip=("Show the best routes again" if self.best is not None
                      else "The best routes are still being computed"),
            run_enabled=problem is None,
            run_tip=problem or f"Run these routes for {total} (Enter)")
        self.place_panel()
        self.changed.emit()

    def buttons(self) -> list[BarButton]:
        if not self.routing or self.editor is None:
            return []
        check = self.last_check or self.editor.check()
        total = _money(self.session.live, check.total)
        problem = check.refusal
        found = [BarButton("run_routes", f"Run routes ({total})", self.run,
                           problem or f"Run these routes for {total}", "Return;Enter", problem is None)]
        found.append(BarButton("routes_best", "Best routes", self.restore_best,
                               "Show the best routes again" if self.best is not None
                               else "The best routes are still being computed",
                               None, self.best is not None and self.edited))
        if self.computing:
            found.append(BarButton("routes_stop", "Stop computing", self.stop_computing,
                                   "Stop the search for the best routes", None, transient=True))
        return found


CONTROLLERS = [RoutesController]
