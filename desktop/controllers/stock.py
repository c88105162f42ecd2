"""The stock round: the stock-turn dialog (buy, sell, par, pass with prices), share drag and drop between the
corporation cards (IPO; the Pool figure for the market pool) and the players' cards, and 1846's issue/redeem
and marker assignment.

Double-clicking a certificate on a corporation card (IPO, or its Pool figure) buys it for the acting player.
Drag and drop: a certificate dragged from a corporation card (from its Pool figure: from the market pool) and
dropped on the acting player's card buys it; a certificate dragged from a player's card and dropped on a
corporation card sells it to the pool (the MIME type and payload: :mod:`desktop.panels.dnd`).  An unstarted
corporation dragged onto the acting player's card asks its par price and starts it.  A drag sells
the smallest sale (one certificate); bigger bundles and share swaps (18MEX's NdM) through the dialog.  A refused drop says why and changes nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QTabBar

from desktop.controllers.dialog_base import OWN_DIALOG_STEPS, DialogController
from desktop.dialogs.assign import AssignDialog
from desktop.dialogs.par import ParDialog
from desktop.dialogs.shares import StockTurnDialog, explain_buy_refusal
from engine.moves import LegalMoves
from engine.moves.base import BuySharesMove, ParMove, SellSharesMove


class StockController(DialogController):
    KEY = "stock"
    SHORTCUT = "S"

    def __init__(self, session: Any, window: Any) -> None:
        super().__init__(session, window)
        players = getattr(window, "players_panel", None)
        corporations = getattr(window, "corporations_panel", None)
        self._judged_canvases: list[Any] = []
        self.par_dialog: ParDialog | None = None  # asked by a drop that starts a corporation
        if players is not None and hasattr(players.canvas, "share_dropped"):
            self.connect_signal(players.canvas.share_dropped, self.dropped_on_player)
            players.canvas.share_drop_judge = self.judge_player_drop
            self._judged_canvases.append(players.canvas)
        if corporations is not None and hasattr(corporations.canvas, "share_dropped"):
            self.connect_signal(corporations.canvas.share_dropped, self.dropped_on_corporation)
            corporations.canvas.share_drop_judge = self.judge_corporation_drop
            corporations.canvas.share_activated_handler = self.activated_on_corporation
            self._judged_canvases.append(corporations.canvas)
        # the Players and Corporations docks share a tab: hovering a drag over a tab brings its panel up
        for bar in window.findChildren(QTabBar) if hasattr(window, "findChildren") else []:
            bar.setChangeCurrentOnDrag(True)
            bar.setAcceptDrops(True)

    def wanted(self, moves: LegalMoves) -> bool:
        if moves.step in ("WaterfallAuction", "CompanyPendingPar", "DraftDistribution", "Draft2pDistribution",
                          "DraftPurchase", "SimpleDraft"):
            return False
        return any(m.type in ("buy_shares", "sell_shares", "par") for m in moves.moves)

    def label(self, moves: LegalMoves) -> str:
        if moves.step == "BuySellParShares":
            return "Buy / sell shares..."
        if moves.step == "IssueShares":
            return "Issue / redeem shares..."
        if moves.step == "PostMergerShares":  # 1867/1861's merger round: the new major's shares
            return "Buy shares of the new major..."
        if moves.step == "PostConversion":  # 1817's conversion round: the converted corporation's new shares
            return "Buy / sell shares of the converted corporation..."
        # outside the stock round: "Sell" only while a sale is legal (emergency money); a private's share
        # exchange (1830's MH, any time) is not a sale
        if any(m.entity_type != "player" for m in moves.of_type("sell_shares")):
            return "Issue / redeem shares..."  # 1846: the corporation issues shares during its turn
        if moves.of_type("sell_shares"):
            return "Sell shares..."
        if any(m.entity_type == "corporation" for m in moves.of_type("buy_shares")):
            return "Issue / redeem shares..."
        return "Exchange a private for a share..."

    def make(self, moves: LegalMoves) -> QDialog:
        return StockTurnDialog(self.session.live, moves, self.window)

    # --- drag and drop ------------------------------------------------------------------------------------
    def _acting_player(self) -> Any:
        if self.moves is None or not self.moves.acting:
            return None
        etype, eid = self.moves.acting[0]
        if etype != "player":
            return None
        return next((p for p in self.session.live.players if p.id == eid), None)

    def _corporation(self, name: Any) -> Any:
        game = self.session.live
        return next((c for c in game.corporations if c.id == name or c.name == name), None)

    def dispose(self) -> None:
        for canvas in self._judged_canvases:
            canvas.share_drop_judge = None
            if getattr(canvas, "share_activated_handler", None) is not None:
                canvas.share_activated_handler = None
        self._judged_canvases.clear()
        super().dispose()

    # the hovered card asks before the drop: None when it would be taken, else why not
    def judge_player_drop(self, player_name: str, payload: dict[str, Any]) -> str | None:
        if self.par_for_drop(player_name, payload) is not None:
            return None
        action, reason = self.buy_for_drop(player_name, payload)
        return None if action is not None else reason

    def judge_corporation_drop(self, corporation_id: str, payload: dict[str, Any]) -> str | None:
        action, reason = self.sale_for_drop(corporation_id, payload)
        return None if action is not None else reason

    def dropped_on_player(self, player_name: str, payload: dict[str, Any]) -> bool:
        """A certificate was dropped on ``player_name``'s card: buy it for that player; an unstarted corporation's
        president's certificate dropped on the acting player asks its par price, then starts it."""
        par = self.par_for_drop(player_name, payload)
        if par is not None:
            self.par_dialog = ParDialog(self.session.live, par, self.window)
            dialog = self.par_dialog
            dialog.accepted.connect(lambda: self.submit(dialog.action) if dialog.action is not None else None)
            dialog.open()
            return True
        action, reason = self.buy_for_drop(player_name, payload)
        return self.refuse(reason) if action is None else self.submit(action)

    def par_for_drop(self, player_name: str, payload: dict[str, Any]) -> ParMove | None:
        """The par move of the dragged corporation when it is not started and ``player_name`` acts and may start
        it (from the IPO), else None."""
        if self.moves is None or payload.get("source", "ipo") != "ipo":
            return None
        acting = self._acting_player()
        corporation = self._corporation(payload.get("corporation"))
        if acting is None or acting.name != player_name or corporation is None:
            return None
        return next((m for m in self.moves.of_type("par") if isinstance(m, ParMove)
                     and m.corporation == corporation.id and m.entity_type == "player" and m.entity == acting.id),
                    None)

    def activated_on_corporation(self, payload: dict[str, Any]) -> bool:
        """A certificate on a corporation card was double-clicked (IPO, or its Pool figure): the acting player
        buys it -- the drag onto the player's card in one gesture."""
        acting = self._acting_player()
        if acting is None:
            return self.refuse("Nobody can buy a share now.")
        return self.dropped_on_player(acting.name, payload)

    def dropped_on_corporation(self, corporation_id: str, payload: dict[str, Any]) -> bool:
        """A player's certificate was dropped on a corporation card or the market: sell it to the pool."""
        action, reason = self.sale_for_drop(corporation_id, payload)
        return self.refuse(reason) if action is None else self.submit(action)

    def buy_for_drop(self, player_name: str, payload: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        """The buy a certificate dropped on ``player_name``'s card makes, or (None, why it cannot)."""
        if self.moves is None:
            return None, "Nothing can be bought now."
        game = self.session.live
        player = next((p for p in game.players if p.name == player_name), None)
        corporation = self._corporation(payload.get("corporation"))
        corp_id = corporation.id if corporation is not None else payload.get("corporation")
        source = payload.get("source", "ipo")
        if player is None:
            return None, "Drop the certificate on a player's card."
        if source == player.id:
            return None, f"{player.name} already holds that certificate."
        acting = self._acting_player()
        if acting is None or acting is not player:
            who = acting.name if acting is not None else "nobody"
            return None, f"It is {who}'s turn, not {player.name}'s."
        buys = [m for m in self.moves.of_type("buy_shares")
                if isinstance(m, BuySharesMove) and m.entity == player.id and m.corporation == corp_id
                and m.source == source]
        swaps = [m for m in buys if m.swaps]
        buys = [m for m in buys if not m.swaps]  # a share swap is the dialog's (it hands in a certificate)
        if not buys and swaps:
            return None, (f"{player.name} can only swap a {corp_id} certificate for this one: open the stock dialog "
                          "(S) to swap.")
        if not buys:
            if corporation is None:
                return None, f"{corp_id} is not a corporation."
            pars = [m for m in self.moves.of_type("par") if getattr(m, "corporation", None) == corp_id]
            if pars:
                return None, f"{corporation.name} is not started yet: its president may start it (Par)."
            reason = explain_buy_refusal(game, player, corporation) if corporation is not None else None
            where = "the IPO" if source == "ipo" else "the pool" if source == "market" else "that player"
            return None, (reason or f"{player.name} cannot buy {corp_id} from {where} now.")
        move = sorted(buys, key=lambda m: (m.president, m.percent))[0]
        action = {**move.base(), "shares": [move.shares[0]], "percent": dict(move.fixed).get("percent", move.percent)}
        if move.share_price is not None:
            action["share_price"] = move.share_price
        return action, ""

    def sale_for_drop(self, corporation_id: str, payload: dict[str, Any]) -> tuple[dict[str, Any] | None, str]:
        """The sale a certificate dropped on ``corporation_id``'s card makes, or (None, why it cannot)."""
        if self.moves is None:
            return None, "Nothing can be sold now."
        dragged = self._corporation(payload.get("corporation"))
        target = self._corporation(corporation_id)
        if dragged is None or target is not dragged:
            return None, "Drop a certificate on its own corporation's card to sell it."
        corp_id = dragged.id
        source = payload.get("source")
        if source in ("ipo", "market"):
            return None, "Drag a certificate onto a player's card to buy it."
        game = self.session.live
        seller = next((p for p in game.players if p.id == source), None)
        if seller is None:
            return None, "Drag a certificate from a player's card to sell it."
        percent = payload.get("percent")
        # the seller need not be the acting entity: a president raising emergency money sells in the OR
        sells = [m for m in self.moves.of_type("sell_shares")
                 if isinstance(m, SellSharesMove) and m.entity_type == "player" and m.entity == seller.id
                 and m.corporation == corp_id and not m.swaps]  # (a sale taking a pool certificate: the dialog)
        if percent is not None:
            sells = [m for m in sells if m.percent == percent]
        if not sells:
            acting = self._acting_player()
            if acting is not None and acting is not seller:
                return None, f"It is {acting.name}'s turn, not {seller.name}'s."
            return None, (f"{seller.name} cannot sell {corp_id} now"
                          + (" (no sale is allowed at this point)" if not self.moves.of_type("sell_shares") else ""))
        move = sorted(sells, key=lambda m: (m.president, m.percent))[0]
        return {**move.base(), "shares": list(move.shares), "percent": move.percent}, ""


class AssignController(DialogController):
    KEY = "assign"

    def wanted(self, moves: LegalMoves) -> bool:
        if moves.step in OWN_DIALOG_STEPS:  # (1817's offer of a corporation for sale: the acquisition dialog)
            return False
        # (1817's privates put into a corporation just won: desktop.controllers.subsidiaries)
        return any(not (m.entity_type == "player" and getattr(m, "target_type", None) == "company")
                   for m in moves.of_type("assign"))

    def label(self, moves: LegalMoves) -> str:
        return "Assign..."

    def make(self, moves: LegalMoves) -> QDialog:
        return AssignDialog(self.session.live, moves, self.window)


CONTROLLERS = [StockController, AssignController]
