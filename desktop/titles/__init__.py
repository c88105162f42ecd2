"""The desktop side of titles that stand on the kernel alone (Auction HOW, Irish Gauge ...).

An 18xx title is shown by the main window's own map, market and panels.  A kernel title brings its own views:
its desktop module (``VIEWS[title]``) defines

- ``build_views(window, session) -> TitleViews``: the central widget, the side panels and the play
  controllers of one session (the window shows them instead of the 18xx map, market and cards, and calls
  ``refresh(game)`` with the state at the viewed position whenever it changes);
- optionally ``render(game, width) -> QImage``: a picture of a game without a window (``tracklayer render``).

A kernel title without a desktop module yet gets :func:`fallback_views`: the players' results and the log, and
the action bar's buttons from the legal moves, so the game can at least be opened, browsed and saved.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from engine.titles.registry import is_kernel_title, title_spec

if TYPE_CHECKING:
    from desktop.session import Session

__all__ = ["VIEWS", "TitleViews", "build_title_views", "fallback_views", "render_title_picture",
           "rules_browser"]

#: title -> "module" defining ``build_views`` (and optionally ``render``)
VIEWS: dict[str, str] = {
    "Auction HOW": "desktop.titles.auction_how",
    "Irish Gauge": "desktop.titles.irish_gauge",
}


@dataclass
class TitleViews:
    """What a kernel title shows in the main window."""

    central: QWidget
    #: (key, dock title, widget) for each side panel, docked on the right
    panels: list[tuple[str, str, QWidget]] = field(default_factory=list)
    #: re-read the game shown (the state at the viewed history position)
    refresh: Callable[[Any], None] = lambda game: None
    #: play controllers (``desktop.controllers.base.Controller`` classes taking ``(session, window)``)
    controllers: list[type] = field(default_factory=list)
    #: called when the window stops showing this session
    dispose: Callable[[], None] = lambda: None
    #: where the window's auction panel stands for this title (None: above the central view, full width)
    auction_slot: QBoxLayout | None = None
    #: where the window's action bar stands for this title (None: above the central view, full width); a title
    #: whose board is taller than wide gives the board the height by keeping the bar in a side column
    bar_slot: QBoxLayout | None = None
    #: mark the seats computer players hold (player name -> level) in the title's panels
    set_bot_kinds: Callable[[dict[str, str]], None] = lambda kinds: None


def seat_name(name: str, bot_kinds: dict[str, str]) -> str:
    """A player's name as the kernel titles' panels show it: with the computer player's level when a bot holds
    the seat ("Bob (Strong bot)")."""
    kind = bot_kinds.get(name)
    return f"{name} ({kind.capitalize()} bot)" if kind else name


def _module(title: str) -> Any:
    name = VIEWS.get(title)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:  # a title whose desktop module is not written yet
        if exc.name != name:
            raise
        return None


def build_title_views(window: Any, session: Session) -> TitleViews:
    """The views of a kernel title's session (the title's own, or the fallback)."""
    module = _module(session.title)
    if module is not None:
        views: TitleViews = module.build_views(window, session)
        return views
    return fallback_views(window, session)


def rules_browser(title: str, parent: QWidget | None = None) -> QTextBrowser:
    """The title's rules page (its ``KernelTitleSpec.rules_html``)."""
    browser = QTextBrowser(parent)
    browser.setObjectName("rulesPage")
    browser.setOpenExternalLinks(False)
    spec = title_spec(title)
    browser.setHtml(getattr(spec, "rules_html", "") or f"<p>{title}: no rules page.</p>")
    return browser


class _FallbackView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.label = QLabel(self)
        self.label.setObjectName("fallbackState")
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.label.setWordWrap(True)
        self.label.setStyleSheet("font-size: 15px; padding: 16px;")
        layout.addWidget(self.label)

    def set_game(self, game: Any) -> None:
        lines = [f"<h2>{game.title}</h2>", "<p>No board view for this title yet: play with the action bar.</p>",
                 "<table cellpadding=4>"]
        for player in game.players:
            lines.append(f"<tr><td>{player.name}</td><td align=right>"
                         f"{game.format_score(game.player_value(player))}</td></tr>")
        lines.append("</table>")
        self.label.setText("".join(lines))


def fallback_views(window: Any, session: Session) -> TitleViews:
    view = _FallbackView(window)
    return TitleViews(central=view, refresh=view.set_game)


def render_title_picture(game: Any, width: int) -> QImage:
    """A picture of a kernel title's game: the title's own ``render`` or the status line and the results."""
    from desktop.main_window import status_text

    module = _module(game.title)
    if module is not None and hasattr(module, "render"):
        image: QImage = module.render(game, width)
        return image
    view = _FallbackView()
    view.set_game(game)
    view.resize(width, max(240, view.sizeHint().height()))
    image = QImage(view.width(), view.height() + 44, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("#f7f4ec"))
    painter = QPainter(image)
    font = QFont()
    font.setPixelSize(18)
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(QRect(14, 0, width - 28, 44), Qt.AlignmentFlag.AlignVCenter, status_text(game, False))
    view.render(painter, QPoint(0, 44))
    painter.end()
    view.deleteLater()
    return image


def is_kernel(title: str) -> bool:
    return is_kernel_title(title)
