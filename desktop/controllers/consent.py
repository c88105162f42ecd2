"""Asking a seller before a sale between players (``needs_consent`` moves): a computer seat decides by its rule, a
person answers :class:`~desktop.dialogs.consent.ConsentDialog` (``consent`` while open); the action is submitted
only after a yes, and an open question is void once the state moves on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.dialogs.consent import ConsentDialog
from engine.moves import LegalMoves

__all__ = ["ConsentAsking"]


class ConsentAsking:
    """A mixin for dialog controllers (``submit``, ``refuse``, ``update``, ``window``, ``session``)."""

    consent: ConsentDialog | None = None
    session: Any
    window: Any

    def ask_consent(
        self,
        action: dict[str, Any],
        *,
        buyer: str,
        seller: str,
        what: str,
        face: int,
        bot_accepts: Callable[[int], bool],
    ) -> bool:
        """Submit ``action`` when ``seller`` agrees (returns whether it was submitted now)."""
        game = self.session.live
        price = int(action.get("price", 0))
        seats = getattr(self.window, "bot_seats", None)
        if seats is not None and seats.kind_of(seller) != "person":
            if bot_accepts(price):
                return bool(self.submit_agreed(action))
            return bool(self.refuse(f"{seller} declines to sell {what} for {game.format_currency(price)}."))
        dialog = ConsentDialog(game, buyer, seller, what, price, face, self.window)
        self.consent = dialog
        dialog.finished.connect(lambda _code, d=dialog, a=dict(action): self._consent_answered(d, a))
        dialog.open()
        return False

    def submit_agreed(self, action: dict[str, Any]) -> bool:
        """The submission once agreed (the controller's plain submit)."""
        raise NotImplementedError

    def _consent_answered(self, dialog: ConsentDialog, action: dict[str, Any]) -> None:
        if self.consent is not dialog:
            return
        self.consent = None
        dialog.deleteLater()
        if dialog.agreed:
            self.submit_agreed(action)
        else:
            self.refuse(f"{dialog.seller} declines the offer for {dialog.what}.")

    def void_consent(self, moves: LegalMoves | None) -> None:
        """The state moved on under an open question: the offer is void."""
        if self.consent is not None:
            dialog, self.consent = self.consent, None
            dialog.reject()
            dialog.deleteLater()
