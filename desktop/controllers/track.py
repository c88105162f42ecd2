"""Tile laying: drag a tile from the tray onto the map, or click a hex and pick a tile (either order).

Dragging over the map lights the hexes that can take the tile; over a legal hex a translucent ghost snaps to
the best legal rotation; a hex that cannot take it refuses the drop and says why.  A dropped (or picked) tile
is *pending*: the wheel over it, R / Shift+R or clicking the hex again cycle its legal rotations only, each
picture once; Ctrl+R ("Turn") steps through every legal rotation as 18xx.games's clicks do, also to one that
draws the same track (the rotation number the log and an exported file record); Enter or the check mark by the
hex confirms, Esc cancels.  Everything comes from the engine's ``LayTileMove``s (upgrades,
terrain and border costs, private-company lays: choose "Lay with <company>" in the action bar)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QPointF, Signal

from desktop.controllers.base import Controller
from desktop.map.play_items import ConfirmMarkItem, GhostTileItem, render_tile
from desktop.map.scene import CHANGED_COLOR
from desktop.panels.action_bar import BarButton, literal
from desktop.panels.tile_tray import TILE_MIME, TrayTile
from engine.core.history import filter_actions
from engine.moves.track import LayTileMove

if TYPE_CHECKING:
    from engine.moves import LegalMoves

__all__ = ["CONTROLLERS", "Pending", "TrackController"]

LIT = "#2e8b3a"


@dataclass
class Pending:
    move: LayTileMove
    index: int  # into move.rotations
    #: the move with every legal rotation (``move`` offers each picture once) and, after a turn to a rotation
    #: that draws the same track as an offered one, that rotation
    full: LayTileMove | None = None
    exact: int | None = None

    @property
    def rotation(self) -> int:
        return self.exact if self.exact is not None else self.move.rotations[self.index]

    @property
    def cost(self) -> int:
        if self.exact is not None and self.full is not None and self.exact in self.full.rotations:
            i = self.full.rotations.index(self.exact)
            return self.full.costs[i] if i < len(self.full.costs) else 0
        return self.move.costs[self.index] if self.index < len(self.move.costs) else 0

    def look_alikes(self) -> bool:
        """Whether some legal rotation draws the same track as an offered one (Turn reaches it)."""
        return self.full is not None and len(self.full.rotations) > len(self.move.rotations)


def best_index(move: LayTileMove, current_rotation: int | None = None) -> int:
    """The rotation a ghost snaps to: the cheapest, then (an upgrade) the old tile's rotation, then the first."""
    def key(i: int) -> tuple[int, int, int]:
        cost = move.costs[i] if i < len(move.costs) else 0
        return (cost, 0 if move.rotations[i] == current_rotation else 1, i)
    return min(range(len(move.rotations)), key=key)


def picture_key(tile: Any, rotation: int) -> tuple[Any, ...] | None:
    """What a player sees of ``tile`` turned to ``rotation``: its plain tracks (edge pairs) and each city's and
    town's edges.  None when the drawing depends on more than that (a part placed off centre)."""
    parts = [*getattr(tile, "cities", []), *getattr(tile, "towns", []), *getattr(tile, "offboards", [])]
    if any(getattr(part, "loc", None) is not None for part in parts):
        return None
    saved = tile.rotation
    try:
        tile.rotate(rotation)
        plain = sorted(tuple(sorted(path.exits)) for path in tile.paths
                       if path.city is None and path.town is None)
        centres = sorted(tuple(sorted(edges)) for edges in tile.city_town_edges())
    finally:
        tile.rotate(saved)
    return (tuple(plain), tuple(centres))


def distinct_pictures(game: Any, move: LayTileMove) -> LayTileMove:
    """``move`` with its rotations offered once per distinct picture (tile 9: one of two, 57: three of six), the
    cheapest of each kept.  A tile of several cities laid on a hex holding tokens keeps every rotation: which
    city the tokens move to may differ between pictures that look alike."""
    if len(move.rotations) < 2:
        return move
    tile = next((t for t in game.tiles if str(t.name) == move.tile and t.hex is None), None)
    hex_ = game.hex_by_id(move.hex)
    old = getattr(hex_, "tile", None) if hex_ is not None else None
    if tile is None or (len(tile.cities) > 1 and any(getattr(city, "tokens", None) and any(city.tokens)
                                                     for city in getattr(old, "cities", []) or [])):
        return move
    kept: dict[Any, int] = {}
    for i, rotation in enumerate(move.rotations):
        key = picture_key(tile, rotation)
        if key is None:
            return move
        cost = move.costs[i] if i < len(move.costs) else 0
        j = kept.get(key)
        if j is None or cost < (move.costs[j] if j < len(move.costs) else 0):
            kept[key] = i
    if len(kept) == len(move.rotations):
        return move
    order = sorted(kept.values())
    costs = tuple(move.costs[i] for i in order) if len(move.costs) == len(move.rotations) else move.costs
    return replace(move, rotations=tuple(move.rotations[i] for i in order), costs=costs)


class TrackController(Controller):
    changed = Signal()

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        self.lays: list[LayTileMove] = []
        self.layers: list[tuple[str, Any]] = []
        self.layer: tuple[str, Any] | None = None
        #: the other companies whose lay abilities the layer's lay uses too (the site's combo boxes, 1822's
        #: private lays): the lay's ``combo_entities``, in the order of the engine's move
        self.combo: tuple[str, ...] = ()
        self.selected_hex: str | None = None
        self.chosen_tile: str | None = None
        self.pending: Pending | None = None
        #: every legal rotation of each lay (``lays`` offer each picture once), by the offered move's id
        self._full: dict[int, LayTileMove] = {}
        self.ghost: GhostTileItem | None = None
        self.mark: ConfirmMarkItem | None = None
        self._lit: list[str] = []
        window.map_view.drop_handlers[TILE_MIME] = self
        self.connect_signal(window.tile_tray.tile_chosen, self.choose_tile)

    # --- state ----------------------------------------------------------------------------------------
    def update(self, moves: LegalMoves | None) -> None:
        super().update(moves)
        self._clear_pending()
        self._light([])
        self.selected_hex = None
        self.chosen_tile = None
        lays = [m for m in moves.of_type("lay_tile") if isinstance(m, LayTileMove)] if moves else []
        self.lays = [distinct_pictures(self.session.live, m) for m in lays]
        self._full = {id(shown): m for shown, m in zip(self.lays, lays)}
        layers: list[tuple[str, Any]] = []
        acting = list(moves.acting) if moves else []
        for ref in acting + [(m.entity_type, m.entity) for m in self.lays]:
            if ref not in layers and any((m.entity_type, m.entity) == ref for m in self.lays):
                layers.append(ref)
        self.layers = layers
        if self.layer not in layers:
            self.layer = layers[0] if layers else None
        self.combo = ()  # each lay ticks its own combination
        self._fill_tray()

    def my_lays(self) -> list[LayTileMove]:
        return [m for m in self.lays if (m.entity_type, m.entity) == self.layer and m.combo == self.combo]

    def combos(self) -> list[tuple[str, ...]]:
        """The combinations of other companies' lay abilities the layer may use now (the engine's order)."""
        found: list[tuple[str, ...]] = []
        for move in self.lays:
            if (move.entity_type, move.entity) == self.layer and move.combo and move.combo not in found:
                found.append(move.combo)
        return found

    def toggle_combo(self, company: str) -> None:
        """Tick or untick ``company`` in the combination: the one a move has with exactly those companies."""
        wanted = set(self.combo) ^ {company}
        found = () if not wanted else next((c for c in self.combos() if set(c) == wanted), None)
        if found is None:
            self.refuse(f"{self._entity_name(self.layer)} cannot combine its lay with {', '.join(sorted(wanted))}")
            return
        self.combo = found
        self._clear_pending()
        self.selected_hex = None
        self.chosen_tile = None
        self._light([])
        self._fill_tray()
        combined = ", ".join(self.combo)
        self.message.emit(f"Laying with {self._entity_name(self.layer)}" + (f" combined with {combined}" if combined
                                                                             else "") + ": drag a tile onto a lit hex")
        self.changed.emit()

    def moves_for(self, hex_id: str | None = None, tile: str | None = None) -> list[LayTileMove]:
        return [m for m in self.my_lays() if (hex_id is None or m.hex == hex_id) and (tile is None or m.tile == tile)]

    def hexes_for(self, tile: str) -> list[str]:
        return sorted({m.hex for m in self.moves_for(tile=tile)})

    def set_layer(self, ref: tuple[str, Any]) -> None:
        if ref in self.layers:
            self.layer = ref
            self.combo = ()
            self._clear_pending()
            self.selected_hex = None
            self.chosen_tile = None
            self._light([])
            self._fill_tray()
            name = self._entity_name(ref)
            self.message.emit(f"Laying tiles with {name}: drag a tile onto a lit hex")
            self.changed.emit()

    # --- the tray ---------------------------------------------------------------------------------------
    def _supply(self) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {}
        for tile in self.session.live.tiles:
            if tile.hex is None:
                found.setdefault(str(tile.name), []).append(tile)
        return found

    def _fill_tray(self) -> None:
        tray = self.window.tile_tray
        if self.moves is None or not self.lays:
            tray.set_tiles([])
            tray.setEnabled(False)
            tray.setToolTip("No tile can be laid now")
            return
        tray.setEnabled(True)
        tray.setToolTip("Drag a tile onto the map, or click a hex and then a tile")
        supply = self._supply()
        usable = sorted({m.tile for m in self.my_lays()}, key=_number_key)
        entries: list[TrayTile] = []
        for name in usable:
            copies = supply.get(name) or []
            if not copies:
                continue
            hexes = self.hexes_for(name)
            tip = f"Tile {name}: can go on {', '.join(hexes[:12])}{' ...' if len(hexes) > 12 else ''}"
            entries.append(TrayTile(name, copies[0], tip, None, len(copies), bool(copies[0].unlimited)))
        reasons: dict[str, str] = {}
        for u in self.moves.unusable:
            if u.kind == "tile" and u.id not in usable:
                reasons.setdefault(u.id, u.reason)
        for name, copies in sorted(supply.items(), key=lambda kv: _number_key(kv[0])):
            if name in usable:
                continue
            reason = reasons.get(name) or _idle_reason(self.session.live, name, copies[0])
            entries.append(TrayTile(name, copies[0], "", reason, len(copies), bool(copies[0].unlimited)))
        fitting = {m.tile for m in self.moves_for(self.selected_hex)} if self.selected_hex else None
        layout = str(self.window.map_scene.geometry.layout) if hasattr(self.window.map_scene.geometry, "layout") \
            else "pointy"
        tray.set_tiles(entries, layout, fitting)

    # --- drop target (see desktop.map.view.DropHandler) ------------------------------------------------
    def drag_over(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> str | None:
        name = bytes(mime.data(TILE_MIME).data()).decode()
        self._light(self.hexes_for(name))
        reason = self.lay_refusal(name, hex_id)
        if reason is not None:
            self._remove_ghost()
            self.message.emit(reason)
            return reason
        assert hex_id is not None
        move = self.moves_for(hex_id, name)[0]
        index = best_index(move, self._rotation_on(hex_id))
        self._show_ghost(Pending(move, index), with_mark=False)
        self.message.emit(self._pending_text(Pending(move, index), "drop to place"))
        return None

    def drag_left(self) -> None:
        if self.pending is None:
            self._remove_ghost()
        self._light([])

    def dropped(self, mime: QMimeData, hex_id: str | None, scene_pos: QPointF) -> bool:
        name = bytes(mime.data(TILE_MIME).data()).decode()
        self._light([])
        reason = self.lay_refusal(name, hex_id)
        if reason is not None:
            self._remove_ghost()
            return self.refuse(reason)
        assert hex_id is not None
        return self.propose(hex_id, name)

    def lay_refusal(self, name: str, hex_id: str | None) -> str | None:
        """None when tile ``name`` can go on ``hex_id`` now, else why not (one line)."""
        if self.moves is None:
            return "You cannot lay a tile now (viewing the past or the game is over)"
        if not self.lays:
            return f"No tile can be laid now: {self.moves.description}"
        if hex_id is None:
            return "Drop the tile on a hex"
        if self.moves_for(hex_id, name):
            return None
        for u in self.moves.unusable:
            if u.kind == "tile" and u.id == name and u.hex == hex_id:
                return u.reason[0].upper() + u.reason[1:]
        fits = sorted({m.tile for m in self.moves_for(hex_id)}, key=_number_key)
        if fits:
            return f"Tile {name} cannot go on {hex_id}; tiles that fit there: {', '.join(fits)}"
        if not self.moves_for(tile=name):
            return f"Tile {name} cannot be laid anywhere now"
        return self._hex_refusal(hex_id)

    def _hex_refusal(self, hex_id: str) -> str:
        """Why the legal-move layer lays nothing on ``hex_id``: the hex's own reason (not reached, blocked, no
        upgrade of its tile, no upgrade left this turn ...), else the reasons its tiles are refused (phase, cost,
        no copy left; at most three)."""
        assert self.moves is not None
        own = [u.reason for u in self.moves.unusable if u.kind == "hex" and u.hex == hex_id]
        if own:
            return own[0][0].upper() + own[0][1:]
        refusal = f"No tile can be laid on {hex_id} now by {self._entity_name(self.layer)}"
        tiles = list(dict.fromkeys(u.reason for u in self.moves.unusable if u.kind == "tile" and u.hex == hex_id))
        if not tiles:
            return refusal
        return f"{refusal}: {'; '.join(tiles[:3])}{'; ...' if len(tiles) > 3 else ''}"

    # --- clicks -------------------------------------------------------------------------------------------
    def handle_click(self, hex_id: str, scene_pos: QPointF) -> bool:
        if self.moves is None or not self.lays:
            return False
        pending = self.pending
        if pending is not None and pending.move.hex == hex_id:
            self.rotate(1)
            return True
        if self.chosen_tile is not None and self.moves_for(hex_id, self.chosen_tile):
            return self.propose(hex_id, self.chosen_tile)
        if not self.moves_for(hex_id):
            if self.chosen_tile is not None:
                self.refuse(self.lay_refusal(self.chosen_tile, hex_id) or "")
                return True
            return False
        if self._routing():
            return False  # the click builds a route; a lay usable meanwhile starts from the tray (or a drag)
        self._clear_pending()
        self.selected_hex = hex_id
        self.chosen_tile = None
        self._light([hex_id])
        fits = sorted({m.tile for m in self.moves_for(hex_id)}, key=_number_key)
        self._fill_tray()
        self.message.emit(f"{hex_id}: pick a tile in the tray ({', '.join(fits)})")
        return True

    def _routing(self) -> bool:
        """Is a train's route being drawn (the routes step, a train chosen)?  A click on a hex then adds a stop,
        not a lay: a lay usable in that step too (18ZOO's Rabbits upgrade at any time of the turn) starts from
        the tray (pick the tile, then the hex) or by dragging the tile."""
        routes = getattr(getattr(self.window, "play", None), "by_name", {}).get("RoutesController")
        return routes is not None and getattr(routes, "editor", None) is not None \
            and getattr(routes, "selected", None) is not None

    def choose_tile(self, name: str) -> None:
        """A tray tile was clicked: lay it on the selected hex, or light the hexes that can take it."""
        if self.moves is None:
            return
        if self.selected_hex is not None:
            if self.moves_for(self.selected_hex, name):
                self.propose(self.selected_hex, name)
                return
            self.refuse(self.lay_refusal(name, self.selected_hex) or "")
            return
        self.chosen_tile = name
        hexes = self.hexes_for(name)
        self._light(hexes)
        self.message.emit(f"Tile {name}: click one of the lit hexes ({', '.join(hexes[:10])})")

    # --- the pending lay ----------------------------------------------------------------------------------
    def propose(self, hex_id: str, name: str) -> bool:
        found = self.moves_for(hex_id, name)
        if not found:
            return self.refuse(self.lay_refusal(name, hex_id) or "")
        move = found[0]
        self._clear_pending()
        self.selected_hex = None
        self.chosen_tile = None
        self._light([])
        full = self._full.get(id(move))
        self.pending = Pending(move, best_index(move, self._rotation_on(hex_id)), full)
        self._show_ghost(self.pending, with_mark=True)
        self.window.map_view.wheel_handler = self._wheel
        self.message.emit(self._pending_text(self.pending, "Enter or \u2713 to lay, R to rotate, Esc to cancel"))
        self.changed.emit()
        return True

    def rotate(self, step: int = 1) -> bool:
        pending = self.pending
        if pending is None:
            return self.refuse("No tile to rotate: drop or pick a tile first")
        count = len(pending.move.rotations)
        if count == 1:
            return self.refuse(f"Tile {pending.move.tile} fits {pending.move.hex} one way only")
        pending.index = (pending.index + step) % count
        pending.exact = None
        self._show_ghost(pending, with_mark=True)
        self.message.emit(self._pending_text(pending, "Enter or \u2713 to lay, R to rotate, Esc to cancel"))
        return True

    def turn(self, step: int = 1) -> bool:
        """Turn the pending tile to the next legal rotation in the engine's order (0-5), also to one that draws
        the same track as the current one: what a click on 18xx.games does, and the rotation number an exported
        file records.  R shows each picture once; this reaches every rotation the engine distinguishes."""
        pending = self.pending
        if pending is None:
            return self.refuse("No tile to turn: drop or pick a tile first")
        full = pending.full if pending.full is not None else pending.move
        if len(full.rotations) == 1:
            return self.refuse(f"Tile {full.tile} fits {full.hex} one way only")
        current = pending.rotation
        order = sorted(full.rotations)
        after = [r for r in order if (r - current) * step > 0]
        rotation = (after[0] if step > 0 else after[-1]) if after else (order[0] if step > 0 else order[-1])
        if rotation in pending.move.rotations:
            pending.index = pending.move.rotations.index(rotation)
            pending.exact = None
        else:
            pending.exact = rotation
        self._show_ghost(pending, with_mark=True)
        self.message.emit(self._pending_text(pending, "Enter or \u2713 to lay, Ctrl+R to turn, Esc to cancel"))
        return True

    def confirm(self) -> bool:
        pending = self.pending
        if pending is None:
            return self.refuse("No tile to lay: drag one onto the map first")
        move = pending.move
        action = {**move.base(), "hex": move.hex, "tile": self.copy_for(move), "rotation": pending.rotation}
        if move.combo:
            action["combo_entities"] = list(move.combo)
        self._clear_pending()
        ok = self.submit(action)
        if ok:
            self.message.emit("")  # "Enter or \u2713 to lay" is stale now
        self.changed.emit()
        return ok

    def copy_for(self, move: LayTileMove) -> str:
        """Which supply copy of the tile a lay names (see :func:`copy_to_name`)."""
        game = self.session.live
        unlimited = set(getattr(game, "unlimited_tiles", ()))
        record = self.session.record
        created = record_created_at(getattr(record, "raw", {}) or {})
        since = getattr(game, "FIRST_COPY_SINCE", None)
        return copy_to_name(move, unlimited, record.actions, created,
                            FIRST_COPY_SINCE if since is None else int(since))

    def cancel(self) -> None:
        had = self.pending is not None or self.selected_hex is not None or self.chosen_tile is not None
        self._clear_pending()
        self.selected_hex = None
        self.chosen_tile = None
        self._light([])
        if had:
            self._fill_tray()
            self.message.emit("Tile lay cancelled")
        self.changed.emit()

    def _wheel(self, hex_id: str | None, steps: int) -> bool:
        if self.pending is None or hex_id != self.pending.move.hex:
            return False
        self.rotate(steps)
        return True

    def buttons(self) -> list[BarButton]:
        found: list[BarButton] = []
        if self.pending is not None:
            found.append(BarButton("lay_confirm", "\u2713 Lay tile", self.confirm,
                                   self._pending_text(self.pending, ""), "Return;Enter", transient=True))
            many = len(self.pending.move.rotations) > 1
            found.append(BarButton("lay_rotate", "Rotate", lambda: self.rotate(1),
                                   "Next legal rotation" if many else "This tile fits one way only", "R", many,
                                   transient=True))
            found.append(BarButton("lay_rotate_back", "Rotate back", lambda: self.rotate(-1),
                                   "Previous legal rotation" if many else "This tile fits one way only",
                                   "Shift+R", many, transient=True))
            if self.pending.look_alikes():
                found.append(BarButton("lay_turn", "Turn", lambda: self.turn(1),
                                       "Next legal rotation in the engine's order (0-5), also one that draws the same "
                                       "track: the rotation number the log records", "Ctrl+R", transient=True))
            found.append(BarButton("lay_cancel", "Cancel", self.cancel, "Take the tile back", "Escape",
                                   transient=True))
        elif self.selected_hex is not None or self.chosen_tile is not None:
            found.append(BarButton("lay_cancel", "Cancel", self.cancel, "Cancel the tile lay", "Escape",
                                   transient=True))
        possible = [c for combo in self.combos() for c in combo]
        for company in dict.fromkeys(possible):
            on = company in self.combo
            wanted = set(self.combo) ^ {company}
            usable = on or any(set(c) == wanted for c in self.combos())
            name = self._entity_name(("company", company))
            found.append(BarButton(f"combo_{company}", literal(f"{'Stop combining' if on else 'Combine with'} {name}"),
                                   lambda c=company: self.toggle_combo(c),
                                   f"{'Lay without' if on else 'Use'} {name}'s tile lay ability together with "
                                   f"{self._entity_name(self.layer)}'s" if usable else
                                   f"{name} cannot be combined with the companies chosen", None, usable))
        if len(self.layers) > 1:
            for ref in self.layers:
                if ref == self.layer:
                    continue
                name = self._entity_name(ref)
                found.append(BarButton(f"lay_with_{ref[1]}", literal(f"Lay with {name}"),
                                       lambda r=ref: self.set_layer(r),
                                       f"Lay tiles with {name} (its own hexes and tiles)"))
        return found

    # --- drawing --------------------------------------------------------------------------------------------
    def _show_ghost(self, pending: Pending, with_mark: bool) -> None:
        self._remove_ghost()
        scene = self.window.map_scene
        item = scene.item_for_hex(pending.move.hex)
        copies = self._supply().get(pending.move.tile) or []
        if item is None or not copies:
            return
        drawing = render_tile(copies[0], scene.geometry, pending.rotation)
        self.ghost = GhostTileItem(drawing, item.pos())
        scene.addItem(self.ghost)
        if with_mark:
            r = scene.geometry.radius
            self.mark = ConfirmMarkItem(r * 0.28, item.pos() + QPointF(r * 0.95, -r * 0.75),
                                        self._pending_text(pending, "click to lay (Enter)"))
            self.mark.clicked.connect(self.confirm)
            scene.addItem(self.mark)

    def _remove_ghost(self) -> None:
        scene = self.window.map_scene
        for item in (self.ghost, self.mark):
            if item is not None and item.scene() is scene:
                scene.removeItem(item)
        self.ghost = None
        self.mark = None

    def _clear_pending(self) -> None:
        self.pending = None
        self._remove_ghost()
        if self.window.map_view.wheel_handler == self._wheel:
            self.window.map_view.wheel_handler = None

    def _light(self, hexes: list[str]) -> None:
        if hexes == self._lit:
            return
        scene = self.window.map_scene
        wanted = set(hexes)
        for hex_id in set(self._lit) | wanted:
            item = scene.item_for_hex(hex_id)
            if item is None:
                continue
            if hex_id in wanted:
                item.set_outline(LIT)
            else:
                item.set_outline(CHANGED_COLOR if hex_id in scene.changed_hexes else None)
        self._lit = list(hexes)

    def _rotation_on(self, hex_id: str) -> int | None:
        item = self.window.map_scene.item_for_hex(hex_id)
        return item.rotation if item is not None else None

    def _entity_name(self, ref: tuple[str, Any] | None) -> str:
        if ref is None:
            return "nobody"
        try:
            entity = self.session.live.entity_by(*ref)
        except Exception:  # an entity id the game does not know: show the id
            return str(ref[1])
        return str(getattr(entity, "name", ref[1]))

    def _pending_text(self, pending: Pending, tail: str) -> str:
        move = pending.move
        cost = f" for {self.session.live.format_currency(pending.cost)}" if pending.cost else ""
        what = "upgrade" if move.upgrade else "lay"
        # "orientation", counted from 1 among the legal ones: not the engine's rotation number that the log prints
        # ("with rotation 1"), which read "rotation 2 of 6" here and "rotation 1" in the log for the same lay
        rot = f"orientation {pending.index + 1} of {len(move.rotations)}" if len(move.rotations) > 1 \
            else "fits one way"
        if pending.look_alikes():
            # the same picture can be laid under several rotation numbers: say which one this lay records
            rot += f", rotation {pending.rotation}"
        # the keys on a line of their own: the hint drops them first where the whole does not fit
        return f"{self._entity_name(self.layer)}: {what} tile {move.tile} on {move.hex}{cost} ({rot})" + \
            (f"\n{tail}" if tail else "")

    def dispose(self) -> None:
        self._clear_pending()
        self._light([])
        if self.window.map_view.drop_handlers.get(TILE_MIME) is self:
            del self.window.map_view.drop_handlers[TILE_MIME]
        self.window.tile_tray.set_tiles([])
        super().dispose()


#: When 18xx.games's lays of unlimited tiles began naming the first copy of the supply (games created before it
#: name the newest copy): between 2021-03-14 (1846/20381, newest) and 2021-03-21 (1822/33845, first), read from
#: the reference engine's replays of every dated fixture with unlimited tiles.  (The newest copy is what a title
#: whose tile was still a limited count then named: its returned copies queued behind the unused ones.  A title
#: whose tiles were unlimited on the site from its start says so with its game class's ``FIRST_COPY_SINCE``: the
#: 1817 family, 0.)
FIRST_COPY_SINCE = 1_616_000_000


def record_created_at(raw: Any) -> int | None:
    """A file's ``created_at`` in seconds (the site writes a number; some exports an ISO date), None if absent."""
    value = raw.get("created_at") if isinstance(raw, dict) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str):
        from datetime import datetime

        try:
            return int(datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp())
        except ValueError:
            return None
    return None


def copy_to_name(move: LayTileMove, unlimited: set[str], actions: Any, created_at: int | None = None,
                 first_copy_since: int = FIRST_COPY_SINCE) -> str:
    """The supply copy a lay names.  Copies are interchangeable, so this only keeps the game's own numbering:
    a limited tile names the first copy of the supply (as 18xx.games does).  For a tile of unlimited supply two
    conventions exist in recorded games: the first copy of the supply (the site since March 2021) or always the
    newest copy (older games, whose lays of unlimited tiles only ever go up in copy number).  A game whose
    creation date is known follows the convention of its date (``first_copy_since``, the title's or
    ``FIRST_COPY_SINCE``; 0: the first copy always, dated or not); otherwise the newest copy is named until the
    game has shown otherwise (a lay of an unlimited tile naming a lower copy number than one laid before)."""
    if move.tile not in unlimited or len(move.tile_ids) <= 1:
        return move.tile_ids[0]
    if first_copy_since <= 0 or (created_at is not None and created_at >= first_copy_since):
        return move.tile_ids[0]
    kept, _undone = filter_actions(list(actions))
    highest: dict[str, int] = {}
    for action in kept:
        if action is None or action.get("type") != "lay_tile":
            continue
        name, _, _rest = str(action.get("tile", "")).rpartition("-")
        if name not in unlimited:
            continue
        index = _copy_index(str(action["tile"]))
        if index < highest.get(name, -1):
            return move.tile_ids[0]  # the game names the first copy of the supply
        highest[name] = max(highest.get(name, -1), index)
    return max(move.tile_ids, key=_copy_index)


def _copy_index(tile_id: str) -> int:
    tail = tile_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else -1


def _number_key(name: str) -> tuple[int, str]:
    digits = "".join(ch for ch in name if ch.isdigit())
    return (int(digits) if digits else 10**6, name)


CONTROLLERS = [TrackController]


def _idle_reason(game: Any, name: str, tile: Any) -> str:
    """Why tile ``name`` is unusable when the engine gave no reason (no hex the operator reaches takes it): a
    colour of a later phase says so, as it does for a hex that does take it, so that every green tile in a
    yellow phase is stamped "later phase" (not some "later phase" and others "not now")."""
    colors = list(getattr(game.phase, "tiles", None) or [])
    color = str(getattr(tile, "color", ""))
    if colors and color not in colors:
        return f"tile {name} ({color}) is not available before a later phase"
    return "cannot be laid anywhere now"
