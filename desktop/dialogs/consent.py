"""The seller's consent to a sale between players ("X offers $N for Y. Accept?"): a private sold to another player
or to another president's corporation, a train sold to another president's corporation.  The engine takes the buyer's
word for such a sale (like the site); at the table the seller is asked first.  ``agreed`` is the answer (None while
open)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.dialogs.price_box import money

__all__ = ["ConsentDialog"]


class ConsentDialog(QMessageBox):
    """Asks ``seller`` whether ``buyer`` may have ``what`` for ``price`` (``face``: its face value)."""

    def __init__(
        self, game: Any, buyer: str, seller: str, what: str, price: int, face: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.agreed: bool | None = None
        self.seller, self.what, self.price = seller, what, int(price)
        self.setObjectName("consent")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(f"{seller}: an offer for {what}")
        self.setText(f"{seller}: {buyer} offers {money(game, price)} for {what}. Accept?")
        self.setInformativeText(f"Face value {money(game, face)}.")
        self.accept_button = self.addButton("Accept", QMessageBox.ButtonRole.YesRole)
        self.decline_button = self.addButton("Decline", QMessageBox.ButtonRole.NoRole)
        self.setDefaultButton(self.decline_button)
        self.buttonClicked.connect(lambda button: setattr(self, "agreed", button is self.accept_button))
