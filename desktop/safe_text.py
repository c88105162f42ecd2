"""Text from a file is never markup on screen (issue 23 item 5).

Most Qt widgets that show text guess whether it is HTML (``Qt::mightBeRichText``: labels, tooltips, message
boxes, chart legends), and a player name written ``<img width=2600 height=1800>`` would be drawn as a huge
image in any of them.  Escaping at every place a name is shown would have to be remembered by every view
written later; instead the desktop's games never hold a name that can be read as markup: each game the
desktop builds (``desktop.timeline``) takes its players' names through ``inert``, which replaces the two angle
brackets with the look-alike single guillemets (‹ ›).  The record, and so every saved file, keeps the names
exactly as they were; only what is shown changes.  Text the desktop shows that does not come from a game (a
message about a damaged file quoting its values, a chat line) goes through ``plain_html`` where it meets a rich
text widget.
"""

from __future__ import annotations

import dataclasses
import html

from engine.record import GameRecord, PlayerEntry

_INERT = str.maketrans({"<": "\u2039", ">": "\u203a"})


def inert(text: str) -> str:
    """``text`` with nothing a rich text widget could take as a tag."""
    return text.translate(_INERT)


def shown_record(record: GameRecord) -> GameRecord:
    """``record`` with inert player names: what the desktop builds its games from (the record is not changed)."""
    if not any("<" in p.name or ">" in p.name for p in record.players):
        return record
    players = [PlayerEntry(p.id, inert(p.name)) for p in record.players]
    return dataclasses.replace(record, players=players)


def plain_html(text: str) -> str:
    """``text`` as rich text showing exactly those characters (line breaks kept)."""
    return html.escape(text).replace("\n", "<br>")


def message_text(text: str) -> str:
    """``text`` for a message box or another widget that guesses the format: unchanged when Qt would show it as
    plain text anyway, else as rich text that shows exactly its characters."""
    from PySide6.QtGui import Qt

    return f"<qt>{plain_html(text)}</qt>" if Qt.mightBeRichText(text) else text
