"""18 Christmas Eve's own steps: the stock turn with gifts, and track that keeps the room's frame."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.actions import LayTile
from engine.map.parts import Frame
from engine.steps.choices import Choice, Choosing
from engine.steps.shares import BuySellParShares
from engine.steps.track import Track


class BuySellParGiftShares(Choosing, BuySellParShares):
    """A stock turn in which a president may also give certificates away (``choose``), once the first stock
    round is over:

    * an ordinary certificate, to a player holding none of the railroad, unless the president holds only
      the president's certificate;
    * the president's certificate itself, to a player holding none, while the president holds at most 40%
      and nobody else more than 20%; once per railroad per stock round.

    A gift counts as an action of the turn.  A choice is written ``cert_<seat>_<railroad>`` or
    ``prez_<seat>_<railroad>``, the seat counted from 0."""

    ACTIONS: ClassVar[tuple[str, ...]] = (*BuySellParShares.ACTIONS, "choose")
    NAME: ClassVar[str] = "BuySellParGiftShares"

    def description(self) -> str:
        return "Sell/Buy/Sell Shares and/or Gift Certs"

    def round_state(self) -> dict[str, Any]:
        state = super().round_state()
        state["presidencies_gifted"] = []
        return state

    @property
    def presidencies_gifted(self) -> list[Any]:
        return self.round.presidencies_gifted  # type: ignore[attr-defined, no-any-return]

    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        found = super().actions(entity)
        if self.can_gift_any():
            found.append("choose")
        if found and "pass" not in found:
            found.append("pass")
        return found

    # --- the gifts ------------------------------------------------------------------------------------
    def can_gift_any(self) -> bool:
        game = self.game
        return game.share_rules.sellable_turn() and any(self.gifts_of(c) for c in game.corporations)

    def gifts_of(self, corporation: Any) -> list[Choice]:
        """The gifts of ``corporation``'s certificates the current player may make (in the reference's order
        of questions, which is also the order it reads holdings in)."""
        giver = self.current_entity()
        if not corporation.is_president(giver):
            return []
        players = self.game.players
        found: list[Choice] = []
        if giver.percent_of(corporation) != 20:
            found.extend(
                Choice(f"cert_{seat}_{corporation.id}", f"Cert to {player.name}")
                for seat, player in enumerate(players)
                if player is not giver and player.percent_of(corporation) == 0
            )
        if giver.percent_of(corporation) <= 40 and not any(
                p.percent_of(corporation) > 20 for p in players if p is not giver):
            gifted = corporation in self.presidencies_gifted
            found.extend(
                Choice(f"prez_{seat}_{corporation.id}", f"Presidency to {player.name}")
                for seat, player in enumerate(players)
                if not (player is giver or gifted) and player.percent_of(corporation) == 0
            )
        return found

    def choices(self, entity: Any) -> list[Choice]:
        """Every gift the player may make now.  (The reference also counts an ordinary certificate's gift by a
        president holding only a 30% president's certificate, in a two-player game, and fails if it is chosen:
        that gift keeps the turn open, as there, but is not offered.)"""
        if entity is not self.current_entity() or not self.game.share_rules.sellable_turn():
            return []
        return [choice for corporation in self.game.corporations for choice in self.gifts_of(corporation)
                if not choice.value.startswith("cert_") or self.has_plain_certificate(entity, corporation)]

    @staticmethod
    def has_plain_certificate(player: Any, corporation: Any) -> bool:
        return any(not share.president for share in player.shares_of(corporation))

    def choice_name(self) -> str:
        return "Gift"

    def choose(self, entity: Any, choice: Any) -> None:
        kind, seat, corporation_id = str(choice).split("_")
        game = self.game
        receiver = game.players[int(seat)]
        corporation = game.corporation_by_id(corporation_id)
        presidency = kind == "prez"
        game.log(f"{entity.name} gifts {'presidency' if presidency else 'cert'} of {corporation.id} "
                 f"to {receiver.name}")
        if presidency:
            game.share_pool.transfer_shares(corporation.presidents_share.to_bundle(), receiver)
            self.presidencies_gifted.append(corporation)
        else:
            share = next(s for s in entity.shares_of(corporation) if not s.president)
            game.share_pool.transfer_shares(share.to_bundle(), receiver)

    def process_choose(self, action: Any) -> None:
        super().process_choose(action)
        self.turn_actions.append(action)


class RoomTrack(Track):
    """Track: a tile laid in a room keeps the room's frame (the hex's frame colour)."""

    def lay_tile_action(self, action: LayTile, entity: Any = None, spender: Any = None) -> None:
        hex_ = self.game.hex_by_id(action.hex)
        frame = hex_.tile.frame
        super().lay_tile_action(action, entity, spender)
        hex_.tile.frame = Frame(frame.color) if frame is not None and frame.color else None
