"""Irish Gauge's rounds and steps on the kernel.

- ``InitialAuctionRound`` / ``InitialAuction``: one share of each railway (CBSC, WLW, BCD, GSW, MGW, the
  lowest share of each) is auctioned in turn.  The opening bidder may pass; whoever passes is out of that
  auction; if everybody passes, the opening bidder takes the share for free.  The winner opens the next one.
- ``TurnRound`` / ``Turn``: one player's turn, one action: open an auction (``bid``), build track
  (``build_track`` ... then ``pass`` or running out of build points), place a special interest, or call for
  dividends.  An auction started in a turn is bid out by every player in seat order before the turn ends.

A bid may never exceed the bidder's cash (our ruling): a bidder who cannot afford the minimum bid (the face
value before any bid, one more than the high bid after) can only pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.round import Round
from engine.core.step import Step
from engine.errors import GameError
from engine.titles.irish_gauge.data import BUILD_POINTS_HALVES, COLORS, RAILWAYS, money
from engine.titles.irish_gauge.model import Player, Railway, Share
from engine.titles.irish_gauge.rules import bp_text, build_refusal, buildable

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.titles.irish_gauge.game import IrishGaugeGame


class Auction:
    """One share auction: bidders in seat order from the opener, a pass is final."""

    def __init__(self, game: IrishGaugeGame, share: Share, opener: Player, initial: bool) -> None:
        self.game = game
        self.share = share
        self.railway = share.railway
        self.opener = opener
        self.initial = initial
        start = game.players.index(opener)
        self.order: list[Player] = game.players[start:] + game.players[:start]
        self.out: list[Player] = []
        self.high = 0
        self.leader: Player | None = None
        self.turn = 0
        self.winner: Player | None = None
        self.price = 0

    def current(self) -> Player:
        return self.order[self.turn]

    def bidding(self) -> list[Player]:
        return [p for p in self.order if p not in self.out]

    def min_bid(self) -> int:
        return self.high + 1 if self.leader is not None else self.share.face

    def can_bid(self, player: Player) -> bool:
        return player.cash >= self.min_bid()

    def done(self) -> bool:
        left = self.bidding()
        return not left or (self.leader is not None and left == [self.leader])

    def check_bid(self, player: Player, corporation: str, price: int) -> None:
        if corporation != self.railway.id:
            raise GameError(f"the auction is for {self.railway.id}'s {self.share.face} share, not {corporation}")
        if price < self.min_bid():
            what = "the face value" if self.leader is None else f"more than {self.leader.name}'s {self.high}"
            raise GameError(f"{player.name} must bid at least {self.min_bid()} ({what}), not {price}")
        if price > player.cash:
            raise GameError(f"{player.name} has only {player.cash} and cannot bid {price}")

    def bid(self, player: Player, price: int) -> None:
        self.high, self.leader = price, player
        self.game.log(f"{player.name} bids {money(price)} for {self.railway.id}'s {money(self.share.face)} share")
        self.advance()

    def pass_(self, player: Player) -> None:
        self.out.append(player)
        self.game.log(f"{player.name} passes on {self.railway.id}'s {money(self.share.face)} share")
        self.advance()

    def advance(self) -> None:
        """The next bidder still in (a bidder who cannot afford the minimum bid can only pass); then settle the
        auction once it is over."""
        if not self.done():
            for _ in self.order:
                self.turn = (self.turn + 1) % len(self.order)
                if self.order[self.turn] not in self.out:
                    break
        if self.done():
            self.settle()

    def settle(self) -> None:
        if self.winner is not None:
            return
        if self.leader is None:  # everybody passed (initial auctions only): the opener takes it for free
            self.winner, self.price = self.opener, 0
        else:
            self.winner, self.price = self.leader, self.high
        self.game.sell_share(self.share, self.winner, self.price)


class InitialAuctionRound(Round):
    NAME: ClassVar[str] = "Initial auctions"
    SHORT_NAME: ClassVar[str] = "IA"

    def select_entities(self) -> list[Any]:
        return list(self.game.players)


class InitialAuction(Step):
    """The five initial auctions, in railway order."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "pass")
    NAME: ClassVar[str] = "InitialAuction"
    game: IrishGaugeGame

    def setup(self) -> None:
        self.index = 0
        self.auction = self._start(self.game.players[0])

    def _start(self, opener: Player) -> Auction:
        railway = self.game.railway(RAILWAYS[self.index].id)
        share = railway.lowest_unsold()
        assert share is not None
        self.game.log(f"-- Initial auction of {railway.id}'s {money(share.face)} share, opened by {opener.name} --")
        self.auction = Auction(self.game, share, opener, initial=True)
        return self.auction

    def _next(self) -> None:
        winner = self.auction.winner
        assert winner is not None
        self.index += 1
        if self.index >= len(RAILWAYS):
            self.pass_()
        else:
            self._start(winner)

    def description(self) -> str:
        a = self.auction
        if a.leader is None:
            return f"Initial auction: {a.railway.id} {money(a.share.face)} share (no bid yet)"
        return f"Initial auction: {a.railway.id} {money(a.share.face)} share, {a.leader.name} bids {money(a.high)}"

    def active_entities(self) -> list[Any]:
        return [] if self.passed else [self.auction.current()]

    def actions(self, entity: Any) -> list[str]:
        if self.passed or entity is not self.auction.current():
            return []
        return ["bid", "pass"] if self.auction.can_bid(entity) else ["pass"]

    def check(self, action: Action) -> None:
        """Raise the precise ``GameError`` if ``action`` (by the current bidder) would be refused."""
        if action.type == "bid":
            player = self.game.player_by_id(action.entity)
            self.auction.check_bid(player, str(getattr(action, "corporation", "")), int(getattr(action, "price", 0)))

    def process_bid(self, action: Action) -> None:
        self.check(action)
        player = self.game.player_by_id(action.entity)
        self.auction.bid(player, int(getattr(action, "price", 0)))
        if self.auction.winner is not None:
            self._next()

    def process_pass(self, action: Action) -> None:
        player = self.game.player_by_id(action.entity)
        self.auction.pass_(player)
        if self.auction.winner is not None:
            self._next()


class TurnRound(Round):
    NAME: ClassVar[str] = "Turn"
    SHORT_NAME: ClassVar[str] = "T"

    def __init__(self, game: IrishGaugeGame, steps: list[Any], player_index: int) -> None:
        super().__init__(game, steps, round_num=game.turn)
        self.entity_index = player_index

    def select_entities(self) -> list[Any]:
        return list(self.game.players)

    def name(self) -> str:
        return f"Turn {self.game.turn}"


class Turn(Step):
    """One player's action: ``phase`` is "choose", then "auction" or "build" while those go on."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("bid", "build_track", "special_interest", "call_dividends", "pass")
    NAME: ClassVar[str] = "Turn"
    game: IrishGaugeGame

    def setup(self) -> None:
        self.phase = "choose"
        self.auction: Auction | None = None
        self.building: Railway | None = None
        self.budget = BUILD_POINTS_HALVES
        self.built: list[str] = []

    @property
    def player(self) -> Player:
        player: Player = self.round.entities[self.round.entity_index]
        return player

    # --- what may be done -----------------------------------------------------------------------------
    def auctionable(self, player: Player) -> list[Railway]:
        """Railways whose lowest unsold share ``player`` can afford to open."""
        out: list[Railway] = []
        for railway in self.game.railways:
            share = railway.lowest_unsold()
            if share is not None and share.face <= player.cash:
                out.append(railway)
        return out

    def track_railways(self, player: Player) -> list[Railway]:
        """Railways ``player`` holds that can build somewhere with a full budget."""
        return [r for r in self.game.railways
                if player.holds(r) and buildable(self.game.board, r, BUILD_POINTS_HALVES)]

    def special_interest_towns(self, player: Player) -> list[str]:
        """Towns (without a special interest yet) where a railway ``player`` holds has track."""
        if not self.game.supply_count():
            return []
        return [h for h, cell in self.game.board.items()
                if cell.is_town and any(player.holds(self.game.railway(r)) for r in cell.railways)]

    def choices(self, player: Player) -> list[str]:
        out: list[str] = []
        if self.auctionable(player):
            out.append("bid")
        if self.track_railways(player):
            out.append("build_track")
        if self.special_interest_towns(player):
            out.append("special_interest")
        if self.game.supply_count():
            out.append("call_dividends")
        return out

    # --- protocol ---------------------------------------------------------------------------------------
    def description(self) -> str:
        if self.phase == "auction" and self.auction is not None:
            a = self.auction
            leader = a.leader.name if a.leader is not None else "nobody"
            return f"Auction: {a.railway.id} {money(a.share.face)} share, {leader} bids {money(a.high)}"
        if self.phase == "build" and self.building is not None:
            return f"Track: {self.building.id}, {bp_text(self.budget)} BP left"
        return "Choose an action"

    def active_entities(self) -> list[Any]:
        if self.passed:
            return []
        if self.phase == "auction" and self.auction is not None:
            return [self.auction.current()]
        return [self.player]

    def actions(self, entity: Any) -> list[str]:
        if self.passed or not self.active_entities() or entity is not self.active_entities()[0]:
            return []
        if self.phase == "auction":
            assert self.auction is not None
            return ["bid", "pass"] if self.auction.can_bid(entity) else ["pass"]
        if self.phase == "build":
            return ["build_track", "pass"]
        return self.choices(entity)

    def _end_turn(self) -> None:
        self.pass_()

    # --- checks (no change) ----------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        """Raise the precise ``GameError`` if ``action`` by the acting player would be refused now."""
        player = self.game.player_by_id(action.entity)
        kind = action.type
        if self.phase == "auction":
            assert self.auction is not None
            if kind == "bid":
                self.auction.check_bid(player, str(getattr(action, "corporation", "")),
                                       int(getattr(action, "price", 0)))
            elif kind != "pass":
                raise GameError(f"the auction for {self.auction.railway.id}'s {self.auction.share.face} share "
                                f"is going on: {player.name} may bid or pass")
            return
        if self.phase == "build":
            assert self.building is not None
            if kind == "build_track":
                self.check_build(player, action)
            elif kind != "pass":
                raise GameError(f"{player.name} is building {self.building.id} track: build or finish (pass)")
            return
        if kind == "pass":
            raise GameError(f"{player.name} must take an action: an auction, track, a special interest or "
                            f"dividends")
        if kind == "bid":
            railway = self.game.railway(str(getattr(action, "corporation", "")))
            price = int(getattr(action, "price", 0))
            share = railway.lowest_unsold()
            if share is None:
                raise GameError(f"{railway.id} has no share left to auction")
            if price < share.face:
                raise GameError(f"the opening bid for {railway.id}'s {share.face} share must be at least "
                                f"{share.face}")
            if price > player.cash:
                raise GameError(f"{player.name} has only {player.cash} and cannot bid {price}")
        elif kind == "build_track":
            self.check_build(player, action)
        elif kind == "special_interest":
            self.check_special_interest(player, action)
        elif kind == "call_dividends" and not self.game.supply_count():
            raise GameError("the supply is empty")

    def check_build(self, player: Player, action: Action) -> None:
        railway = self.game.railway(str(getattr(action, "corporation", "")))
        if self.building is not None and railway is not self.building:
            raise GameError(f"this track action builds for {self.building.id}, not {railway.id}")
        if self.building is None and not player.holds(railway):
            raise GameError(f"{player.name} holds no share of {railway.id}")
        reason = build_refusal(self.game.board, railway, str(getattr(action, "hex", "")), self.budget)
        if reason is not None:
            raise GameError(reason)

    def check_special_interest(self, player: Player, action: Action) -> None:
        hex_id = str(getattr(action, "hex", ""))
        color = str(getattr(action, "color", ""))
        cell = self.game.board.get(hex_id)
        if cell is None or not cell.is_town:
            what = cell.label if cell is not None else hex_id
            raise GameError(f"{what} is not a town without a special interest")
        if not any(player.holds(self.game.railway(r)) for r in cell.railways):
            raise GameError(f"{player.name} holds no share of a railway with track in {cell.label}")
        if color not in COLORS:
            raise GameError(f"{color!r} is not a cube colour ({', '.join(COLORS)})")
        if self.game.supply.get(color, 0) <= 0:
            raise GameError(f"no {color} cube is left in the supply")

    # --- auctions -------------------------------------------------------------------------------------
    def process_bid(self, action: Action) -> None:
        self.check(action)
        player = self.game.player_by_id(action.entity)
        price = int(getattr(action, "price", 0))
        if self.phase != "auction":
            railway = self.game.railway(str(getattr(action, "corporation", "")))
            share = railway.lowest_unsold()
            assert share is not None
            self.game.log(f"{player.name} auctions {railway.id}'s {money(share.face)} share")
            self.phase = "auction"
            self.auction = Auction(self.game, share, player, initial=False)
        assert self.auction is not None
        self.auction.bid(player, price)
        if self.auction.winner is not None:
            self._end_turn()

    def process_pass(self, action: Action) -> None:
        self.check(action)
        player = self.game.player_by_id(action.entity)
        if self.phase == "auction":
            assert self.auction is not None
            self.auction.pass_(player)
            if self.auction.winner is not None:
                self._end_turn()
        else:
            assert self.building is not None
            self.game.log(f"{player.name} ends {self.building.id}'s track building "
                          f"({bp_text(self.budget)} BP unused)")
            self._end_turn()

    # --- track ----------------------------------------------------------------------------------------
    def process_build_track(self, action: Action) -> None:
        self.check(action)
        player = self.game.player_by_id(action.entity)
        railway = self.game.railway(str(getattr(action, "corporation", "")))
        hex_id = str(getattr(action, "hex", ""))
        if self.phase == "choose":
            self.phase, self.building = "build", railway
            self.game.log(f"{player.name} builds track for {railway.id}")
        self.budget -= self.game.place_track(railway, hex_id)
        self.built.append(hex_id)
        self.game.log(f"{railway.id} builds in {self.game.board[hex_id].label} ({bp_text(self.budget)} BP left)")
        self.game.check_link_bonus(railway)
        if not buildable(self.game.board, railway, self.budget):
            self._end_turn()

    # --- special interest -----------------------------------------------------------------------------
    def process_special_interest(self, action: Action) -> None:
        self.check(action)
        player = self.game.player_by_id(action.entity)
        cell = self.game.board[str(getattr(action, "hex", ""))]
        self.game.place_special_interest(player, cell, str(getattr(action, "color", "")))
        self._end_turn()

    # --- dividends ------------------------------------------------------------------------------------
    def process_call_dividends(self, action: Action) -> None:
        self.check(action)
        self.game.pay_dividends(self.game.player_by_id(action.entity))
        self._end_turn()
