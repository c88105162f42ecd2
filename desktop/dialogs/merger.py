"""The merger round of 1867 and 1861, built from the legal moves and the ``Merge`` step's state.

A floated minor's turn has two stages.

1. Choose what to do: *convert* the minor into a major on its own, *add* a minor connected to it to a merger
   (one at a time: each added minor's network may connect more), finish the merger ("Done adding"), or *pass*.
   Every minor is shown with its owner, price, cash, trains and stations; the merger so far with the sum of
   what it brings and the price the new major would start at.
2. Choose the major to form.  Before anything is confirmed the dialog shows the resulting major exactly as the
   engine will make it (worked out on a copy of the game): its price, cash, trains, loans, stations (and
   whether some must be removed, being above the limit) and who owns which share of it.

The dialog never submits: ``action`` is the chosen action dict (or None when closed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.dialogs.auction import PassKeyDialog, _money
from desktop.dialogs.choice_rows import corporation_rows, reasons_label
from desktop.dialogs.choice_rows import html as _html
from engine.moves.base import LegalMoves, PassMove, SimpleMove


def station_hexes(corporation: Any) -> list[str]:
    return [t.city.hex.id for t in corporation.tokens if getattr(t, "used", False) and t.city is not None]


def minor_facts(game: Any, corporation: Any) -> str:
    """Owner, price, cash, trains and stations of a minor, in one line."""
    owner = getattr(corporation.owner, "name", "-")
    price = corporation.share_price.price if corporation.share_price is not None else None
    trains = ("trains " + ", ".join(t.name for t in corporation.trains)) if corporation.trains else "no trains"
    stations = ", ".join(station_hexes(corporation)) or "no stations"
    loans = len(getattr(corporation, "loans", []) or [])
    parts = [f"owner {owner}"]
    if price is not None:
        parts.append(f"price {_money(game, price)}")
    parts += [f"cash {_money(game, corporation.cash)}", trains, f"stations {stations}"]
    if loans:
        parts.append(f"{loans} loan{'s' if loans > 1 else ''}")
    return "; ".join(parts)


@dataclass
class MajorPreview:
    """The major a merger or conversion forms, as the engine makes it (read from a copy of the game)."""

    price: int | None
    cash: int
    trains: list[str]
    loans: int
    stations: list[str]
    removes_tokens: bool
    token_limit: int | None
    shares: list[tuple[str, int]]  # (holder, percent), the president first
    treasury: int
    president: str | None

    def lines(self, game: Any) -> list[str]:
        money = lambda v: _money(game, v)  # noqa: E731
        out = []
        if self.price is not None:
            out.append(f"Price {money(self.price)}; cash {money(self.cash)}"
                       + (f"; {self.loans} loan{'s' if self.loans != 1 else ''}" if self.loans else ""))
        out.append("Trains: " + (", ".join(self.trains) or "none"))
        stations = ", ".join(self.stations) or "none"
        limit = f" of {self.token_limit}" if self.token_limit else ""
        out.append(f"Stations: {stations}" + (f" (above the limit{limit}: it removes some next, keeping stations "
                                              "in different hexes)" if self.removes_tokens else ""))
        held = ", ".join(f"{name} {pct}%" for name, pct in self.shares) or "nobody yet"
        out.append(f"Shares: {held}; treasury {self.treasury}%"
                   + (f"; president {self.president}" if self.president else "; no president yet"))
        return out


def preview_major(game: Any, action: dict[str, Any]) -> MajorPreview | None:
    """Apply ``action`` (the merge that forms the major) to a copy of ``game`` and read the new major."""
    from engine.actions import Action

    try:
        trial = game.copy()
        trial.process_single_action(Action.from_dict(dict(action)))
        major = trial.corporation_by_id(action["corporation"])
    except Exception:  # the engine refuses it: no preview (the dialog's button then says why when clicked)
        return None
    removing = getattr(trial.round, "corporations_removing_tokens", None) or []
    stations = station_hexes(major)
    for other in removing[1:]:
        stations += [f"{h} (from {other.id})" for h in station_hexes(other)]
    shares: list[tuple[str, int]] = []
    for player in trial.players:
        percent = int(player.percent_of(major))
        if percent:
            shares.append((str(player.name), percent))
    owner = major.owner if getattr(major, "owner", None) is not None and major.owner.is_player else None
    president = str(owner.name) if owner is not None else None
    shares.sort(key=lambda s: (s[0] != president, -s[1]))
    price = major.share_price.price if major.share_price is not None else None
    return MajorPreview(price=price, cash=int(major.cash), trains=[t.name for t in major.trains],
                        loans=len(getattr(major, "loans", []) or []), stations=stations,
                        removes_tokens=bool(removing and removing[0] is major),
                        token_limit=getattr(getattr(trial.round.active_step(), "merger", None), "limit", None),
                        shares=shares,
                        treasury=int(major.percent_of(major)), president=president)


@dataclass
class ConversionPreview:
    """A corporation after converting to more shares (read from a copy of the game)."""

    shares: int
    price: int | None
    cash: int
    treasury: int  # its own shares, for sale next

    def text(self, game: Any, before: Any) -> str:
        old = before.share_price.price if getattr(before, "share_price", None) is not None else None
        if self.price is None or old is None:
            price = "price unchanged"
        elif self.price == old:
            price = f"price stays {_money(game, self.price)}"
        else:
            price = f"price {_money(game, old)} \u2192 {_money(game, self.price)}"
        return (f"After converting: {self.shares} shares ({before.total_shares} now); {price}; cash "
                f"{_money(game, self.cash)}; {self.treasury} new share{'s' if self.treasury != 1 else ''} in its "
                "treasury, offered to the shareholders next, then its president may take loans.")


def preview_conversion(game: Any, action: dict[str, Any]) -> ConversionPreview | None:
    """Apply the ``convert`` action to a copy of ``game`` and read the corporation (None when refused there)."""
    from engine.actions import Action

    try:
        trial = game.copy()
        trial.process_single_action(Action.from_dict(dict(action)))
        after = trial.corporation_by_id(action["entity"])
        treasury = sum(1 for s in after.shares_of(after) if s.percent > 0)
        return ConversionPreview(shares=int(after.total_shares),
                                 price=after.share_price.price if after.share_price is not None else None,
                                 cash=int(after.cash), treasury=treasury)
    except Exception:  # refused, or a corporation without these facts: no preview
        return None


class MergerDialog(PassKeyDialog):
    """Convert, merge (add minors, finish) or pass; then form a major, seeing it first."""

    def __init__(self, game: Any, moves: LegalMoves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.take_moves(game, moves)
        step = self.step
        merges = [m for m in moves.moves if m.type == "merge"]
        self.merge_move: Any = merges[0] if merges else None
        self.convert_move = next((m for m in moves.moves if isinstance(m, SimpleMove) and m.type == "convert"), None)
        self._pass = next((m for m in moves.moves if isinstance(m, PassMove)), None)
        acting = moves.acting[0] if moves.acting else ("corporation", "")
        self.entity = game.entity_by(*acting) if acting[1] else None
        self.forming = bool(getattr(step, "converting", None) is not None or getattr(step, "merge_major", False))
        self.preview: MajorPreview | None = None
        name = getattr(self.entity, "name", acting[1])
        layout = QVBoxLayout(self)
        owner = getattr(getattr(self.entity, "owner", None), "name", None)
        heading = QLabel(f"<h3>Merger round: {_html(name)}" + (f" ({_html(owner)})" if owner else "") + "</h3>")
        layout.addWidget(heading)
        if self.forming:
            self.setWindowTitle(f"Merger round: form a major ({name})")
            self._forming(layout)
        else:
            self.setWindowTitle(f"Merger round: {name}")
            self._choosing(layout)
        why = reasons_label(moves)
        if why is not None:
            layout.addWidget(why)
        from desktop.dialogs.merger_program import merger_pass_row

        self.program_row = None if self.forming else merger_pass_row(game, getattr(self.entity, "owner", None),
                                                                     self._choose)
        if self.program_row is not None:
            layout.addWidget(self.program_row)
        row = QHBoxLayout()
        row.addStretch(1)
        if not self.forming:
            merging = bool(getattr(step, "merging", None))
            text = "Done adding (P)" if merging else "Pass (P)"
            self.pass_button = QPushButton(text)
            self.pass_button.setObjectName("pass")
            self.pass_button.setEnabled(self._pass is not None)
            self.pass_button.setToolTip("Finish the merger: choose the major next" if merging else
                                        f"{name} neither converts nor merges this round")
            self.pass_button.clicked.connect(self.choose_pass)
            row.addWidget(self.pass_button)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        row.addWidget(close)
        layout.addLayout(row)
        self.setMinimumWidth(620)

    # --- stage 1: convert, add minors, pass -------------------------------------------------------------
    def _choosing(self, layout: QVBoxLayout) -> None:
        game, step, entity = self.game, self.step, self.entity
        merging = list(getattr(step, "merging", None) or [])
        if merging:
            head = QLabel(f"<b>Merging:</b> {', '.join(_html(c.id) for c in merging)}")
            layout.addWidget(head)
            cash = sum(int(c.cash) for c in merging)
            trains = [t.name for c in merging for t in c.trains]
            stations = [h for c in merging for h in station_hexes(c)]
            loans = sum(len(getattr(c, "loans", []) or []) for c in merging)
            par = step.merged_par(merging) if hasattr(step, "merged_par") else None
            summary = (f"Together: cash {_money(game, cash)}; trains {', '.join(trains) or 'none'}; stations "
                       f"{', '.join(stations) or 'none'}" + (f"; {loans} loan{'s' if loans > 1 else ''}" if loans
                                                             else "")
                       + (f"; the major would start at {_money(game, par.price)}" if par is not None else ""))
            label = QLabel(_html(summary))
            label.setWordWrap(True)
            layout.addWidget(label)
        elif entity is not None:
            also = str(getattr(entity, "full_name", "") or entity.id)  # (1817's "A&S (A&S)": its full name instead)
            label = QLabel(f"<b>{_html(entity.name)}</b>" + (f" ({_html(also)})" if also != entity.name else "")
                           + f": {_html(minor_facts(game, entity))}")
            label.setWordWrap(True)
            layout.addWidget(label)
            layout.addWidget(QLabel("Convert it into a major, merge it with connected minors, or pass."
                                    if getattr(entity, "type", None) == "minor" else
                                    "Convert it (more shares), merge it with another corporation, or pass."))
        minor = getattr(entity, "type", None) == "minor"
        if self.convert_move is None and not merging and entity is not None and minor:
            note = QLabel(f"<i>{_html(entity.id)} cannot convert now: a minor converts when its price is in the "
                          "market's convert range.</i>")
            note.setWordWrap(True)
            layout.addWidget(note)
        if self.convert_move is not None and minor:
            button = QPushButton(f"Convert {entity.id} into a major...".replace("&", "&&"))
            button.setObjectName("convert")
            button.setToolTip(f"{entity.id} becomes a major (its owner takes the president's certificate); then "
                              "choose which major")
            button.clicked.connect(lambda _=False: self._choose({**self.convert_move.base()}))
            self.buttons["convert"] = button
            layout.addWidget(button)
        elif self.convert_move is not None:  # a corporation grows (1817: 2 -> 5 -> 10 shares), seen first
            after = preview_conversion(game, self.convert_move.base())
            button = QPushButton(f"Convert {entity.id}".replace("&", "&&")
                                 + (f" to {after.shares} shares" if after is not None else ""))
            button.setObjectName("convert")
            if after is not None:
                said = QLabel(_html(after.text(game, entity)))
                said.setObjectName("conversion")
                said.setWordWrap(True)
                layout.addWidget(said)
            button.clicked.connect(lambda _=False: self._choose({**self.convert_move.base()}))
            self.buttons["convert"] = button
            layout.addWidget(button)
        candidates = list(getattr(self.merge_move, "corporations", ()) or ())
        if candidates:
            frame = QFrame()
            frame.setFrameShape(QFrame.Shape.StyledPanel)
            grid = QGridLayout(frame)
            grid.addWidget(QLabel("<b>Connected minors that may join</b>" if minor else
                                  "<b>Corporations it may merge with</b> (the merged corporation keeps the assets "
                                  "of both)"), 0, 0, 1, 2)
            into = ", ".join(c.id for c in merging) if merging else entity.id
            corporation_rows(
                grid, self.merge_move, self._choose, self.buttons, first_row=1, name="add_", key="merge_",
                facts=lambda cid: f"<b>{_html(cid)}</b>: {_html(minor_facts(game, game.corporation_by_id(cid)))}",
                button_text=lambda cid: f"Add {cid}" if minor else f"Merge with {cid}",
                tooltip=lambda cid: f"Add {cid} to the merger of {into}")
            layout.addWidget(frame)

    # --- stage 2: the major to form, with its preview ----------------------------------------------------
    def _forming(self, layout: QVBoxLayout) -> None:
        game, step = self.game, self.step
        majors = list(getattr(self.merge_move, "corporations", ()) or ())
        source = [step.converting] if getattr(step, "converting", None) is not None else list(step.merging or [])
        layout.addWidget(QLabel(f"<b>{'Converting' if step.converting is not None else 'Merging'}:</b> "
                                f"{', '.join(_html(c.id) for c in source)}"))
        if majors and self.merge_move is not None:
            self.preview = preview_major(game, {**self.merge_move.base(), "corporation": majors[0]})
        if self.preview is not None:
            box = QFrame()
            box.setFrameShape(QFrame.Shape.StyledPanel)
            inner = QVBoxLayout(box)
            inner.addWidget(QLabel("<b>The new major will have</b> (whichever you choose):"))
            self.preview_label = QLabel("<br>".join(_html(line) for line in self.preview.lines(game)))
            self.preview_label.setObjectName("preview")
            self.preview_label.setWordWrap(True)
            inner.addWidget(self.preview_label)
            if self.preview.president is None:
                inner.addWidget(QLabel("<i>The players involved then buy its shares; one must reach 20% to "
                                       "become president.</i>"))
            layout.addWidget(box)
        grid = QGridLayout()
        for i, cid in enumerate(majors):
            major = game.corporation_by_id(cid)
            button = QPushButton(f"Form {cid}".replace("&", "&&"))  # (a single & would underline, C&O)
            button.setObjectName(f"form_{cid}")
            button.setToolTip(str(getattr(major, "name", cid)))
            button.clicked.connect(lambda _=False, c=cid: self._choose({**self.merge_move.base(), "corporation": c}))
            self.buttons[f"merge_{cid}"] = button
            grid.addWidget(button, i // 4, i % 4)
        layout.addLayout(grid)

    def _choose(self, action: dict[str, Any]) -> None:
        self.action = action
        self.accept()


__all__ = ["MajorPreview", "MergerDialog", "minor_facts", "preview_major"]
