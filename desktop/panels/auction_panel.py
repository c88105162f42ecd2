"""The auction panel: a standing strip above the map where an auction is played.

An auction was a dialog reopened for each bid: the committed bids vanished with it and the next bidder had to
open it again.  Now the auction's widget (the auction dialog's content, built from the legal moves) stands
here for as long as the auction runs: every committed bid is in sight, the bid box stays open between bids
and between bidders, and the pass / bid / buy buttons are always at the same place.  The controllers put the
widget of the turn in (:meth:`AuctionPanel.hold`) and take it out when the auction is over
(:meth:`AuctionPanel.release`); the panel belongs to whichever controller holds it last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

__all__ = ["AuctionPanel", "ElidedTitle"]

#: the share of the window's height the panel may take at most (the map keeps the rest)
MAX_HEIGHT_SHARE = 0.45
#: the height of a button on the title line
HEADER_BUTTON_HEIGHT = 22
#: the least height of the auction's area (a line of cards with a scroll bar under it)
MIN_HEIGHT = 90


class ElidedTitle(QLabel):
    """A one-line label that, too narrow for its text, shows the whole " · "-separated parts that fit and "…"
    (``text()`` stays the whole text, in its tooltip too): the bid boxes' title line was cut mid-word at
    1366x768."""

    SEPARATOR = " · "

    def shown_text(self) -> str:
        """What the label shows at its width."""
        text, width = self.text(), self.contentsRect().width()
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(text) <= width:
            return text
        parts = text.split(self.SEPARATOR)
        for count in range(len(parts) - 1, 0, -1):
            shown = self.SEPARATOR.join(parts[:count]) + self.SEPARATOR + "…"
            if metrics.horizontalAdvance(shown) <= width:
                return shown
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt override
        shown = self.shown_text()
        if shown == self.text():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        self.style().drawItemText(
            painter,
            self.contentsRect(),
            int(self.alignment()),
            self.palette(),
            self.isEnabled(),
            shown,
            QPalette.ColorRole.WindowText,
        )
        painter.end()


class AuctionPanel(QFrame):
    """Holds one auction widget at a time, with a title line and a fold button."""

    #: an auction came onto the panel (every turn of it), and the panel went away
    held = Signal()
    released = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("auctionPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("QFrame#auctionPanel { background: #fbf8f1; border: 1px solid #d8cdb6; }")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 1, 6, 2)
        outer.setSpacing(1)
        head = QHBoxLayout()
        self.title = ElidedTitle("Auction", self)
        self.title.setObjectName("auctionPanelTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setStyleSheet("font-weight: 600; color: #5a4e3a;")
        # a long title line is elided at the panel's width (its full text in the tooltip), never widens the window
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.fold_button = QToolButton(self)
        self.fold_button.setObjectName("auctionPanelFold")
        self.fold_button.setCheckable(True)
        self.fold_button.setAutoRaise(True)
        self.fold_button.toggled.connect(self._on_fold_button_toggled)
        head.addWidget(self.fold_button)
        head.addWidget(self.title, 1)
        self.head = head
        outer.addLayout(head)
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName("auctionPanelArea")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        outer.addWidget(self.scroll)
        self.owner: Any = None
        self.content: QWidget | None = None
        self.header_buttons: list[QWidget] = []
        #: the widget's refusal line, shown on the title line in the title's place (see :meth:`hold`)
        self.header_message: QLabel | None = None
        #: the most height the auction may take (the window keeps the map's share); None: a share of the window
        self.room: Callable[[], int] | None = None
        #: the tallest auction area this owner's auction had (the panel does not shrink back while it holds the
        #: panel: Irish Gauge's refused bid and its last bidder's note grew the form a line or three and shrank
        #: it at the next turn, moving the track markers under it as the player reached for them)
        self._tallest = 0
        self._on_fold_button_toggled(False)
        self.hide()

    # --- the widget shown ------------------------------------------------------------------------------
    def hold(self, owner: Any, widget: QWidget, title: str) -> None:
        """Show ``widget`` (replacing what was shown) for ``owner``; the panel appears, unfolded unless the
        table folded it."""
        if owner is not self.owner:
            self._tallest = 0
        self._take_out()
        self.owner = owner
        self.content = widget
        widget.setWindowFlags(Qt.WindowType.Widget)
        self.scroll.setWidget(widget)
        widget.installEventFilter(self)  # a refusal line coming or going: the panel fits its height again
        widget.show()
        # the widget's buttons for the title line (Pass), at its right end
        self.header_buttons = list(getattr(widget, "header_buttons", []) or [])
        for button in self.header_buttons:
            self.head.addWidget(button)
            button.setMaximumHeight(HEADER_BUTTON_HEIGHT)  # the title line stays a line
            button.show()
        # its refusal line on the title line, in the title's place while it says something (the action bar above
        # says whose turn it is): a line coming under the cards grew the panel and the map under it lost its fit
        message = getattr(widget, "header_message", None)
        if isinstance(message, QLabel):
            self.header_message = message
            message.setWordWrap(False)
            message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            message.setMaximumHeight(self.title.sizeHint().height())  # the title line keeps its height
            self.head.insertWidget(self.head.indexOf(self.title) + 1, message, 1)
            message.installEventFilter(self)
        self.title.setText(title)
        self.title.setToolTip(title)
        self._show_title()
        self._fit_width()
        self._fit_height()
        self.show()
        self._fit_width()
        self._fit_height()
        self.held.emit()

    def release(self, owner: Any) -> None:
        """``owner``'s auction is over (or no longer on screen): the panel goes away, if ``owner`` holds it."""
        if owner is not None and self.owner is not owner:
            return
        self._take_out()
        self.owner = None
        self._tallest = 0
        self.hide()
        self.released.emit()

    def _show_title(self) -> None:
        """The title, unless the refusal line stands in its place."""
        message = self.header_message
        saying = message is not None and not message.isHidden() and bool(message.text())
        self.title.setVisible(not saying)
        if message is not None:
            message.setToolTip(message.text())

    def _take_out(self) -> None:
        message = self.header_message
        if message is not None:
            message.removeEventFilter(self)
            self.head.removeWidget(message)
            message.hide()
            message.setParent(self.content)  # deleted with its widget
            self.header_message = None
            self.title.show()
        for button in getattr(self, "header_buttons", []):
            self.head.removeWidget(button)
            button.hide()
            button.setParent(self.content)  # deleted with its widget
        self.header_buttons = []
        if self.content is not None:
            widget = self.scroll.takeWidget()
            if widget is not None:
                widget.removeEventFilter(self)
                widget.hide()
                widget.setParent(None)  # the controller owns it (deleteLater)
        self.content = None

    def chrome_height(self) -> int:
        """The panel's height besides its auction area: the title line (with its buttons), margins and frame."""
        outer = self.layout()
        margins = outer.contentsMargins()
        return (
            margins.top() + margins.bottom() + outer.spacing() + self.head.sizeHint().height() + 2 * self.frameWidth()
        )

    @property
    def folded(self) -> bool:
        return self.fold_button.isChecked()

    def _on_fold_button_toggled(self, folded: bool) -> None:
        self.fold_button.setArrowType(Qt.ArrowType.RightArrow if folded else Qt.ArrowType.DownArrow)
        self.fold_button.setToolTip(
            "Show the auction" if folded else "Fold the auction away (the bar's buttons still bid and pass)"
        )
        self.scroll.setVisible(not folded)

    def unfold(self) -> None:
        self.fold_button.setChecked(False)

    def _fit_height(self) -> None:
        """As tall as the auction's widget wants at the panel's width (wrapped lines included), never more than
        :data:`MAX_HEIGHT_SHARE` of the window."""
        content = self.content
        if content is None:
            return
        window = self.window()
        limit = int(window.height() * MAX_HEIGHT_SHARE) if window is not None and window.height() > 0 else 400
        if self.room is not None:
            limit = min(limit, self.room())
        want = content.sizeHint().height()
        width = self._area_width()
        layout = content.layout()
        if width > 0 and layout is not None and layout.hasHeightForWidth():
            want = max(want, layout.totalHeightForWidth(width))
        # + room for a scroll bar under the cards, always, unless the widget says its narrowest layout fits the
        # width (the cards share it out): the panel's height must not change when the window's docks settle their
        # widths after a game opens (the map under it moved).  Cards that fit had an empty band under them, the
        # height the companies' whole names now take.
        fits = getattr(content, "fits_width", None)
        if callable(fits) and width > 0 and fits(width):
            self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            want += 2
        else:
            self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            want += 4 + self.scroll.horizontalScrollBar().sizeHint().height()
        want = max(want, self._tallest)
        self._tallest = want
        self.scroll.setMaximumHeight(max(MIN_HEIGHT, min(want, limit)))
        self.scroll.setMinimumHeight(min(want, max(MIN_HEIGHT, limit)))

    def _area_width(self) -> int:
        """The width the auction's widget gets, from the panel's parent (the panel spans it): right even before
        the panel is laid out, so that the first fit is the final one (the map under the panel moved when a later
        fit changed the panel's height)."""
        parent = self.parentWidget()
        if parent is None or parent.width() <= 0:
            return 0
        outer = self.layout().contentsMargins()
        frame = 2 * self.frameWidth() + 2 * self.scroll.frameWidth()
        return int(parent.width() - outer.left() - outer.right() - frame)

    def _fit_width(self) -> None:
        """Let the widget share the panel's width out (the auction's cards), if it can."""
        fit = getattr(self.content, "fit_width", None)
        width = self._area_width()
        if callable(fit) and width > 0:
            fit(width)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if watched is self.content and event.type() == QEvent.Type.LayoutRequest:
            QTimer.singleShot(0, self, self._fit_height)
        elif watched is self.header_message and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            QTimer.singleShot(0, self, self._show_title)
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt override
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._tallest = 0  # (a height wrapped at another width is not kept)
        self._fit_width()
        self._fit_height()
