"""A number entry that takes what is typed as typed.

Qt's spin box silently replaces a typed value outside its range (a typed 25 with £20 in cash became the minimum
bid).  :class:`AmountBox` accepts any whole number, marks one outside the allowed range in red with the reason,
and :meth:`AmountBox.refusal` says why it cannot be used ("£25 is more than your £20: bid £7 to £20"); the
dialogs refuse such a value and change nothing.  The arrows still step within the allowed range.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractSpinBox, QBoxLayout, QDialog, QLabel, QSpinBox, QWidget

__all__ = ["REFUSAL_COLOR", "AmountBox", "refusal_label"]

#: the colour of a refusal's words
REFUSAL_COLOR = "#b03a2e"
#: the background of a box holding a refused value
REFUSED_BASE = "#f6c9c3"
#: the widest value the box takes as typed (the refusal explains anything outside the allowed range)
TYPED_MAX = 9_999_999


class AmountBox(QSpinBox):
    """A whole-number entry with an allowed range that refuses, never clamps, what is typed."""

    def __init__(
        self, parent: QWidget | None = None, money: Callable[[int], str] | None = None, what: str = "The amount"
    ) -> None:
        super().__init__(parent)
        self.money = money or (lambda v: str(v))
        self.what = what
        self.low = 0
        self.high = TYPED_MAX
        #: why the high end is what it is ("your cash"), said in the refusal
        self.high_reason = ""
        #: values must be ``low`` + a multiple of this (0: any whole number)
        self.multiple = 0
        super().setRange(0, TYPED_MAX)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self.setKeyboardTracking(True)
        #: where the refusal is written (optional): a label of the dialog
        self.message_label: QLabel | None = None
        #: the box's own background, given back once the value is allowed
        self._plain_base: QColor | None = None
        self.valueChanged.connect(self._show_state)

    def set_allowed(self, low: int, high: int, high_reason: str = "", step: int = 0) -> None:
        """The values that may be used (``low`` + a multiple of ``step`` when ``step`` > 0); what is typed
        outside them stays as typed, and is refused."""
        self.low, self.high, self.high_reason = int(low), max(int(low), int(high)), high_reason
        self.multiple = max(0, int(step))
        if self.multiple:
            self.setSingleStep(self.multiple)
        self.setToolTip(
            f"From {self.money(self.low)} to {self.money(self.high)}"
            + (f" ({high_reason})" if high_reason else "")
            + (f", in steps of {self.money(self.multiple)}" if self.multiple else "")
        )
        self._show_state()

    def setValue(self, value: int) -> None:  # Qt override
        super().setValue(value)
        # a value set while the box's signals are blocked (a dialog setting its range and value together) emits no
        # valueChanged: the mark of the value before (the New Game player count's 0, below its range) stayed red
        self._show_state()

    # the arrows step within the allowed range
    def stepBy(self, steps: int) -> None:  # Qt override
        value = max(self.low, min(self.high, self.value() + steps * self.singleStep()))
        self.setValue(value)
        self.selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:  # Qt override
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if self.value() > self.low:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        if self.value() < self.high:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return flags

    def typed_value(self) -> int | None:
        """What is in the box now, as typed (None when it is not a whole number)."""
        text = self.cleanText().strip().replace(",", "")
        try:
            return int(text)
        except ValueError:
            return None

    def refusal(self) -> str | None:
        """None when the typed value may be used, else why not, with the allowed range."""
        value = self.typed_value()
        allowed = f"allowed: {self.money(self.low)} to {self.money(self.high)}"
        if value is None:
            return f"{self.what} must be a whole number ({allowed})."
        if value < self.low:
            return f"{self.what} {self.money(value)} is below the least allowed, {self.money(self.low)} ({allowed})."
        if value > self.high:
            why = f" ({self.high_reason})" if self.high_reason else ""
            return (
                f"{self.what} {self.money(value)} is above the most allowed, {self.money(self.high)}{why} ({allowed})."
            )
        if self.multiple and (value - self.low) % self.multiple:
            below = value - (value - self.low) % self.multiple
            return (
                f"{self.what} {self.money(value)} is not {self.money(self.low)} plus a multiple of "
                f"{self.money(self.multiple)} (e.g. {self.money(below)} or "
                f"{self.money(min(self.high, below + self.multiple))}; {allowed})."
            )
        return None

    def _show_state(self, *_args: object) -> None:
        reason = self.refusal()
        # marked by its colours, not a style sheet: a styled box lost its arrows and changed size (106 -> 109 px wide,
        # a pixel taller), moving the buttons beside it and the cards' row under a refusal
        palette = QPalette(self.palette())
        if self._plain_base is None:
            self._plain_base = palette.color(QPalette.ColorRole.Base)
        palette.setColor(QPalette.ColorRole.Base, QColor(REFUSED_BASE) if reason else self._plain_base)
        self.setPalette(palette)
        self.lineEdit().setPalette(palette)
        label = self.message_label
        if label is not None:
            was = label.isVisibleTo(label.window())
            label.setText(reason or "")
            label.setVisible(bool(reason))
            window = label.window()
            if isinstance(window, QDialog) and (bool(reason) or was):
                # the dialog grows to show the reason whole (and shrinks back once the value is allowed)
                window.adjustSize()


def refusal_label(layout: QBoxLayout, *boxes: AmountBox, parent: QWidget | None = None) -> QLabel:
    """The dialog's line that says why a typed value is refused (a red, word-wrapped ``QLabel`` named
    ``bidRefusal``, hidden until there is a reason), added to ``layout``; each of ``boxes`` writes its refusal
    there."""
    label = QLabel(parent)
    label.setObjectName("bidRefusal")
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {REFUSAL_COLOR};")
    label.hide()
    layout.addWidget(label)
    for box in boxes:
        box.message_label = label
    return label
