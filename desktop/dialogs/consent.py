"""The seller's consent to a private sold between players ("X offers $N for Y. Accept?"): the engine takes the
buyer's word for such a sale (like the site); at the table the seller is asked first.  ``agreed`` is the answer
(None while open)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop.dialogs.price_box import money

__all__ = ["ConsentDialog"]


class ConsentDialog(QMessageBox):
    """Asks ``seller`` whether ``buyer`` may have ``company`` for ``price``."""

    def __init__(
        self, game: Any, buyer: str, seller: str, company: Any, price: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.agreed: bool | None = None
        self.seller, self.company, self.price = seller, company, int(price)
        self.setObjectName("consent")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(f"{seller}: an offer for {company.name}")
        self.setText(f"{seller}: {buyer} offers {money(game, price)} for {company.name} ({company.sym}). Accept?")
        self.setInformativeText(f"Face value {money(game, company.value)}.")
        self.accept_button = self.addButton("Accept", QMessageBox.ButtonRole.YesRole)
        self.decline_button = self.addButton("Decline", QMessageBox.ButtonRole.NoRole)
        self.setDefaultButton(self.decline_button)
        self.buttonClicked.connect(lambda button: setattr(self, "agreed", button is self.accept_button))
