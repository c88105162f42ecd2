"""The action bar: a line saying what to do now, in words, and the buttons the step allows (Pass / Skip /
Done ...), with keyboard shortcuts.  It only shows and reports: the play controller fills it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeySequence, QPainter, QPaintEvent, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from desktop.panels.flow_layout import FlowLayout

__all__ = ["ActionBar", "BarButton", "placeholder_label"]


@dataclass
class BarButton:
    """A button of the bar: ``label`` (with & for its mnemonic), what it does, its tooltip and shortcut."""

    key: str
    label: str
    callback: Callable[[], object]
    tooltip: str = ""
    shortcut: str | None = None
    enabled: bool = True
    #: shown only while a gesture is pending (a dropped tile's Rotate, Cancel ...): drawn on the hint line's right
    #: end, so that the step's buttons and the map keep their places; never kept as a placeholder
    transient: bool = False


def literal(text: str) -> str:
    """``text`` for a button's label as written: Qt takes "&" for a keyboard mnemonic, so "Par B&O" would
    show as "Par BO" with the O underlined and "Delaware & Hudson" lose its ampersand."""
    return text.replace("&", "&&")


def placeholder_label(label: str) -> str:
    """A button's label without the details of the turn it was offered in (a closing parenthesis):
    "Done building (2 BP unused)" -> "Done building", "Pass (on DH)" -> "Pass"."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", label) or label


class HintLabel(QLabel):
    """The hint line, as high as a button: never cut where it can be read whole -- a hint longer than its room (a
    pending tile lay's "B&O: lay tile 7 on I17 for $80 (fits one way): Enter or ✓ to lay, R to rotate, Esc to
    cancel" beside Lay, Rotate and Cancel at 1366 px was cut at "to la") is drawn condensed, then a little smaller,
    then on two lines in the same height, and only then elided with "…".  The whole text stays the label's text
    and its tooltip."""

    def _room(self) -> tuple[int, int]:
        margins = self.contentsMargins()
        # (the style sheet's padding: 8 px a side, 2 px under)
        return (
            self.width() - margins.left() - margins.right() - 16,
            self.height() - margins.top() - margins.bottom() - 2,
        )

    def shown_font_and_text(self) -> tuple[QFont, str, bool]:
        """The font the hint is drawn in, the text drawn and whether it is wrapped onto two lines.  A hint of
        several lines (what a pending gesture does, then its keys) is shown whole if it can be, else without its
        last lines, one at a time (the keys are on the buttons beside it too; the tooltip has them): a tile lay's
        "NYC: lay tile 57 on E19 (orientation 1 of 3, rotation 0)" beside five buttons at 1366 px was cut at
        "rot…" to keep "Enter or ✓ to lay, R to rotate, Esc to cancel" in view."""
        parts = [part.strip() for part in self.text().splitlines() if part.strip()]
        for count in range(len(parts), 0, -1):
            shown = self._fitted(" · ".join(parts[:count]))
            if shown is not None:
                return shown
        return self._fitted(" · ".join(parts), elide=True) or (QFont(self.font()), "", False)

    def _fitted(self, text: str, elide: bool = False) -> tuple[QFont, str, bool] | None:
        """``text`` whole in the room (condensed, smaller, on two lines), or elided when ``elide`` (else None)."""
        width, height = self._room()
        font = QFont(self.font())
        if width <= 0 or QFontMetrics(font).horizontalAdvance(text) <= width:
            return font, text, False
        font.setStretch(QFont.Stretch.SemiCondensed)
        pixels = font.pixelSize() > 0
        base = float(font.pixelSize()) if pixels else font.pointSizeF()
        step = 1.0 if pixels else 0.75  # (a pixel, or three quarters of a point: about a pixel at 96 dpi)
        sizes = [base - i * step for i in range(4)]
        for size in sizes[:2]:
            self._set_size(font, size, pixels)
            if QFontMetrics(font).horizontalAdvance(text) <= width:
                return font, text, False
        flags = int(Qt.TextFlag.TextWordWrap)
        for size in sizes[1:]:
            self._set_size(font, size, pixels)
            metrics = QFontMetrics(font)
            if (
                2 * metrics.height() <= height + 4
                and metrics.boundingRect(0, 0, width, 10_000, flags, text).height() <= 2 * metrics.lineSpacing()
            ):
                return font, text, True
        if not elide:
            return None
        self._set_size(font, sizes[0], pixels)  # (no smaller than needed to read the cut line)
        return font, QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, width), False

    @staticmethod
    def _set_size(font: QFont, size: float, pixels: bool) -> None:
        if pixels:
            font.setPixelSize(max(8, int(size)))
        else:
            font.setPointSizeF(max(6.0, size))

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        font, text, wrapped = self.shown_font_and_text()
        if text == self.text() and font == self.font():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setFont(font)
        painter.setPen(self.palette().color(self.foregroundRole()))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(
            self.contentsRect().adjusted(8, 0, -8, -2),
            int(flags) | (int(Qt.TextFlag.TextWordWrap) if wrapped else 0),
            text,
        )
        painter.end()


class ActionBar(QWidget):
    """What to do now ("PRR: lay or upgrade a tile, or pass") and the step's buttons."""

    #: the width a long line keeps beside many buttons (it wraps within it)
    LINE_WIDTH = 320

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionBar")
        self.setStyleSheet(
            "QWidget#actionBar { background: #fbf7ea; border-bottom: 1px solid #c9c1a8; }"
            "QLabel#actionLine { font-size: 14px; font-weight: 600; padding: 4px 8px; }"
            "QLabel#actionHint { color: #7a2a1f; padding: 0px 8px 2px 8px; }"
        )
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 2)
        outer.setSpacing(0)
        row = QHBoxLayout()
        row.setSpacing(6)
        outer.addLayout(row)
        # tools: things the step lets the player pick up (the operating corporation's token ...)
        self._tool_row = QHBoxLayout()
        self._tool_row.setSpacing(4)
        row.addLayout(self._tool_row)
        self.tools: dict[str, list[QWidget]] = {}
        # the line has priority over the buttons: it keeps a readable width and wraps instead of being cut
        self.line = QLabel("", self)
        self.line.setObjectName("actionLine")
        self.line.setWordWrap(True)
        self.line.setMinimumWidth(self.LINE_WIDTH)
        self.line.setMinimumHeight(32)  # as high as a token chip: the bar keeps its height when tools come and go
        self.line.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        # the line takes the room it needs (up to its maximum, see set_line); what is left goes to the stretch, so
        # the buttons sit flush right: Pass is always the last, at the same place every turn
        row.addWidget(self.line, 100)
        row.addStretch(1)
        # the buttons wrap onto a second row rather than widen the window (six buttons of a pending tile lay made
        # the central area wider than it was, squeezing the docks and moving the map under the pointer)
        self._button_box = QWidget(self)
        self._button_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._button_row = FlowLayout(self._button_box, spacing=4)
        row.addWidget(self._button_box, 0)
        # the hint (why a gesture was refused, what a pending gesture will do) has its own line underneath
        self.hint = HintLabel("", self)
        self.hint.setObjectName("actionHint")
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # always one line high, so that a hint coming and going does not move the map under the pointer
        # ... and as high as a button: a pending gesture's buttons (a dropped tile's Lay, Rotate, Cancel) sit at
        # its right end, so they come and go without moving the step's buttons or the map under the pointer
        self._transient_box = QWidget(self)
        self._transient_row = QHBoxLayout(self._transient_box)
        self._transient_row.setContentsMargins(0, 0, 0, 0)
        self._transient_row.setSpacing(4)
        probe = QPushButton("Xy")
        button_h = probe.sizeHint().height()
        probe.deleteLater()
        # fixed: a hint of several lines (a pending tile lay's, then its keys) is drawn in this one line's room
        # (see HintLabel); its QLabel size hint asked for every line and pushed the map 8 px down on each drop
        self.hint.setFixedHeight(max(self.hint.fontMetrics().height() + 2, button_h))
        hint_row = QHBoxLayout()
        hint_row.setSpacing(6)
        hint_row.addWidget(self.hint, 1)
        hint_row.addWidget(self._transient_box, 0)
        outer.addLayout(hint_row)
        self.buttons: dict[str, QPushButton] = {}
        #: disabled stand-ins keeping the place of buttons the step showed before and not now
        self.placeholders: dict[str, QPushButton] = {}
        self._shortcuts: list[QShortcut] = []
        #: the step the buttons belong to, and its buttons' places (key, last label) in order
        self._context: str | None = None
        self._slots: list[tuple[str, str]] = []
        #: the widest each button of the step has been: a label that changes ("Skip (Trains)" -> "Done (Trains)")
        #: never narrows it, so the buttons left of it stay in place
        self._widths: dict[str, int] = {}

    def set_line(self, text: str) -> None:
        """Show ``text``; a short line takes only its width, so the buttons beside it wrap into fewer rows (a long
        one keeps at least LINE_WIDTH and wraps)."""
        self.line.setText(text)
        self.line.setToolTip(text)
        self.line.ensurePolished()  # the style sheet's bold 14 px font, not the default one
        margins = self.line.contentsMargins()
        # + the style sheet's padding (8 px each side) and a little room, so a short line never wraps
        needed = self.line.fontMetrics().horizontalAdvance(text) + margins.left() + margins.right() + 24
        self.line.setMinimumWidth(min(self.LINE_WIDTH, needed))
        self.line.setMaximumWidth(max(self.LINE_WIDTH, needed))

    def set_hint(self, text: str) -> None:
        """A second, smaller line: why a gesture was refused, what the pending gesture will do."""
        self.hint.setText(text)
        self.hint.setToolTip(text)

    def set_buttons(self, buttons: list[BarButton], context: str | None = None) -> None:
        """Show ``buttons``.  Within one ``context`` (the step) every button keeps its place from turn to turn:
        one the step offered before and not now stays as a disabled placeholder, so that a click aimed at
        "Bid..." never lands on the "Pass" that moved into its place; one offered for the first time joins at the
        left end.  When a step starts, its pass buttons come last."""
        if context != self._context:
            self._context = context
            self._slots = []
            self._widths = {}
        transient = [b for b in buttons if b.transient]
        buttons = [b for b in buttons if not b.transient]
        buttons = [b for b in buttons if not b.key.startswith("pass")] + [
            b for b in buttons if b.key.startswith("pass")
        ]
        given = {b.key: b for b in buttons}
        known = {key for key, _label in self._slots}
        new = [(b.key, b.label) for b in buttons if b.key not in known]
        # the buttons sit flush right: a button that appears later in the step (the "Done" after a first train
        # bought) takes the place left of the others, so none of them moves under the pointer ("Buy train..."
        # moved 100 px and the click landed on "Exchange...")
        self._slots = new + self._slots if known else new
        self._slots = [(key, given[key].label if key in given else label) for key, label in self._slots]
        ordered = [k for k, _l in self._slots]
        labels = dict(self._slots)
        placed = [
            given[key]
            if key in given
            else BarButton(key, labels[key], lambda: None, "Not possible now", None, enabled=False)
            for key in ordered
        ]
        self._show_buttons(
            placed + transient,
            placeholders={key for key in ordered if key not in given},
            transient={b.key for b in transient},
        )

    def _show_buttons(self, buttons: list[BarButton], placeholders: set[str], transient: set[str]) -> None:
        for button in self.buttons.values():
            self._button_row.removeWidget(button)
            self._transient_row.removeWidget(button)
            button.deleteLater()
        for shortcut in self._shortcuts:
            shortcut.setEnabled(False)
            shortcut.deleteLater()
        for button in self.placeholders.values():
            self._button_row.removeWidget(button)
            button.deleteLater()
        self.buttons = {}
        self.placeholders = {}
        self._shortcuts = []
        for spec in buttons:
            button = QPushButton(spec.label, self._transient_box if spec.key in transient else self._button_box)
            button.setObjectName(f"action_{spec.key}")
            tip = spec.tooltip
            if spec.shortcut:
                keys = spec.shortcut.split(";")
                tip = f"{tip} ({keys[0]})" if tip else keys[0]
                for key in keys:
                    shortcut = QShortcut(QKeySequence(key), self.window())
                    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
                    shortcut.activated.connect(button.click)
                    shortcut.setEnabled(spec.enabled)
                    self._shortcuts.append(shortcut)
            button.setToolTip(tip)
            button.setEnabled(spec.enabled)
            button.clicked.connect(lambda _=False, cb=spec.callback: cb())
            if spec.key in transient:
                self._transient_row.addWidget(button)
            else:
                self._button_row.addWidget(button)
            button.show()
            if spec.key not in transient:
                width = max(button.sizeHint().width(), self._widths.get(spec.key, 0))
                self._widths[spec.key] = width
                button.setMinimumWidth(width)
            if spec.key in placeholders:
                # as wide as the button it stands for (the others keep their places), without that turn's details:
                # "Done building (2 BP unused)" was still shown, disabled, in the next player's turn with 3 BP
                button.setText(placeholder_label(spec.label))
                button.setProperty("placeholder", True)
                self.placeholders[spec.key] = button
            else:
                self.buttons[spec.key] = button

    def set_tools(self, widgets: list[QWidget], owner: str = "tools") -> None:
        """Widgets the step lets the player pick up (shown left of the line), one group per ``owner``; the
        bar takes ownership of them (an empty list removes the owner's group)."""
        old = self.tools.get(owner, [])
        for widget in old:
            if widget not in widgets:
                self._tool_row.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        for widget in widgets:
            if widget not in old:
                widget.setParent(self)
                self._tool_row.addWidget(widget)
                widget.show()
        if widgets:
            self.tools[owner] = list(widgets)
        else:
            self.tools.pop(owner, None)

    def clear(self, line: str = "") -> None:
        self.set_line(line)
        self.set_hint("")
        self.set_buttons([], context=None)
        self._slots = []
        for owner in list(self.tools):
            self.set_tools([], owner)
