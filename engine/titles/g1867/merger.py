"""1867's merger round: each floated minor in turn may convert into a major (its owner gets the president's
certificate) or merge with minors connected to it into a major; the players then buy the new major's shares; a
major above its token limit removes tokens.

Order of the steps (as the reference's, which follows the designer's correction of the printed rules): trainless
majors may nationalise, tokens are reduced, shares are bought, trains discarded, then the merge itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.errors import GameError, IllegalAction
from engine.map.parts import City
from engine.rounds.interlude import MergerRound
from engine.services.mergers import TokenMerger, move_assets, move_tokens
from engine.steps.base import Step
from engine.steps.reduce_tokens import ReduceTokens as GeneralReduceTokens
from engine.steps.shares import ShareBuying
from engine.titles.g1867.data import LIMIT_TOKENS_AFTER_MERGER

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.model.shares import ShareBundle

#: the most minors in one merger, and the most of them one player may bring
LIMIT_MERGE = 10
LIMIT_OWNED_BY_ONE_ENTITY = 6

def treasury_shares(corporation: Any) -> list[Any]:
    """The certificates still in the corporation's treasury, in order (the reference's ``shares``)."""
    return list(corporation.shares_of(corporation))


class MergerRound1867(MergerRound):
    """The floated minors, in price order, each get a turn; after a conversion or a merger the players buy
    shares of the new major (the turn structure is the general merger round's)."""

    def select_entities(self) -> list[Any]:
        minors = [c for c in self.game.corporations if c.floated and c.type == "minor"]
        return sorted(minors, key=lambda c: c.sort_order_key())


class MajorTrainless(Step):
    """A trainless major that has operated may choose to be nationalised."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("pass", "choose")
    NAME: ClassVar[str] = "MajorTrainless"

    def trainless_major(self) -> list[Any]:
        return list(getattr(self.game, "trainless_major", []) or [])

    def actions(self, entity: Any) -> list[str]:
        return list(self.ACTIONS) if any(c is entity for c in self.trainless_major()) else []

    def active(self) -> bool:
        return bool(self.trainless_major())

    def active_entities(self) -> list[Any]:
        return self.trainless_major()[:1]

    def description(self) -> str:
        return "Choose if Major is nationalized"

    def choices(self) -> dict[str, str]:
        return {"nationalize": "Nationalize"}

    def nationalizing_stalls(self, entity: Any) -> bool:
        """Is ``entity`` the corporation whose turn it is (the operator of this operating round)?  Nationalised,
        it is reset to a fresh copy while the round still waits on the old one, which no action can name: the
        reference engine stops there, so live play refuses that choice (``engine/moves/mergers.py``)."""
        entities = list(getattr(self.round, "entities", []) or [])
        index = int(getattr(self.round, "entity_index", -1))
        return 0 <= index < len(entities) and entities[index] is entity

    def process_pass(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        self.game.trainless_major.remove(entity)  # type: ignore[attr-defined]
        self.game.log(f"{entity.name} declines to nationalize")

    def process_choose(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        self.game.trainless_major.remove(entity)  # type: ignore[attr-defined]
        self.game.nationalize(entity)  # type: ignore[attr-defined]


class ReduceTokens(GeneralReduceTokens):
    """The new major removes tokens until it holds at most two, in different hexes."""

    def limit(self) -> int:
        return LIMIT_TOKENS_AFTER_MERGER

    def description(self) -> str:
        return "Choose tokens to remove"

    @staticmethod
    def token_hex_count(corporation: Any) -> int:
        return len({id(t.hex) for t in corporation.placed_tokens()})

    def available_hex(self, entity: Any, hex_: Any) -> bool:
        if entity is self.surviving() and sum(
                1 for t in entity.tokens if t.used and t.city is not None and t.hex is hex_) > 1:
            return True
        return super().available_hex(entity, hex_)

    def process_remove_token(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        hexes_before = self.token_hex_count(entity)
        super().process_remove_token(action)
        if hexes_before == 1 or self.token_hex_count(entity) > 1:
            return
        raise GameError(f"{entity.id} must have two tokens in different hexes")

    def finish(self, surviving: Any, others: list[Any]) -> None:
        """Minors' unplaced (free) tokens are not moved; a major left with two gets its $40 third back."""
        for corporation in others:
            corporation.tokens[:] = [t for t in corporation.tokens if t.city is not None]
        super().finish(surviving, others)
        fix_token_count(surviving)


def fix_token_count(corporation: Any) -> None:
    """A major left with two tokens by a merger gets its third ($40) back."""
    from engine.model.token import Token

    if len(corporation.tokens) != 3:
        corporation.tokens.append(Token(corporation, price=40))


class PostMergerShares(ShareBuying):
    """After a conversion or merger the players buy the new major's 10% shares: first those involved (up to 60%),
    then everyone one share each."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("buy_shares", "pass")
    NAME: ClassVar[str] = "PostMergerShares"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.broken_merge = False

    def corporation(self) -> Any:
        return getattr(self.round, "converted", None)

    def description(self) -> str:
        return "Failed merge, please undo" if self.broken_merge else "Buy Shares Post Merge"

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_player", False) or self.corporation() is None:
            return []
        return ["buy_shares", "pass"] if self.can_buy_any(entity) else []

    def active(self) -> bool:
        return self.corporation() is not None

    def candidate_bundles(self, entity: Any) -> list[ShareBundle]:
        shares = treasury_shares(self.corporation())
        return [s.to_bundle() for s in shares[:2]]

    def can_buy_any(self, entity: Any) -> bool:
        return any(self.can_buy(entity, b) for b in self.candidate_bundles(entity))

    def can_buy(self, entity: Any, bundle: ShareBundle | None) -> bool:
        if bundle is None:
            return False
        return bool(bundle.corporation is self.corporation() and bundle.percent == 10
                    and bundle.owner is not self.game.share_pool and entity.cash >= bundle.price
                    and self.can_gain(entity, bundle))

    def can_sell(self, entity: Any, bundle: Any) -> bool:
        return False

    def eligible_players(self) -> list[Any]:
        players = list(getattr(self.round, "share_dealing_players", []) or [])
        return [p for p in players if not p.passed and self.can_buy_any(p)]

    def active_entities(self) -> list[Any]:
        if self.corporation() is None:
            return []
        if self.broken_merge:
            return list(self.game.players)
        players = self.eligible_players()
        if not players:
            self.check_merge()
            players = self.eligible_players()
        return players[:1]

    def check_merge(self) -> None:
        if self.eligible_players():
            return
        corporation = self.corporation()
        shares = treasury_shares(corporation)
        if shares and shares[0].president:
            self.broken_merge = True
            self.game.log("Merge failed as no player has 20%, please undo")
        elif self.round.merge_type == "merge" and self.round.share_dealing_multiple:  # type: ignore[attr-defined]
            for player in self.round.share_dealing_players:  # type: ignore[attr-defined]
                player.unpass()
            players = list(self.game.players)
            i = players.index(corporation.owner)
            self.round.share_dealing_players = players[i:] + players[:i]  # type: ignore[attr-defined]
            self.round.share_dealing_multiple = []  # type: ignore[attr-defined]

    def process_buy_shares(self, action: Action) -> None:
        from engine.steps.shares import bundle_from_action

        game = self.game
        player = game.resolve_entity(action)
        bundle = bundle_from_action(game, action)
        target = bundle.corporation
        shares = treasury_shares(target)
        if not self.can_buy(player, bundle):
            raise IllegalAction(f"{player.name} cannot buy {bundle.corporation.name} shares now")
        if shares and shares[0].president and player.percent_of(target) == 10:
            presidency = shares[0]
            player.shares_of(target)[0].transfer(presidency.owner)
            self.buy_shares(player, bundle)
            player.shares_of(target)[0].transfer(presidency.owner)
            game.share_pool.buy_shares(player, presidency.to_bundle(), exchange="free")
        else:
            self.buy_shares(player, bundle)
        multiple = self.round.share_dealing_multiple  # type: ignore[attr-defined]
        if not any(p is player for p in multiple) or not self.can_buy_any(player):
            player.pass_()
        self.check_merge()

    def process_pass(self, action: Action) -> None:
        player = self.game.resolve_entity(action)
        self.game.log(f"{player.name} passes")
        player.pass_()
        self.check_merge()
        dealing = self.round.share_dealing_players  # type: ignore[attr-defined]
        first = self.active_entities()
        if first and first[0] is player and player in dealing:
            dealing.remove(player)


class Merge(Step):
    """A minor's turn: convert into a major, merge with connected minors into a major, or pass."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("merge", "convert", "pass")
    NAME: ClassVar[str] = "Merge"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.converting: Any = None
        self.merge_major = False
        self.merging: list[Any] | None = None

    def round_state(self) -> dict[str, Any]:
        return {"converted": None, "merge_type": None, "converts": [], "share_dealing_players": [],
                "share_dealing_multiple": []}

    @property
    def tokens(self) -> TokenMerger:
        return TokenMerger(self.game, LIMIT_TOKENS_AFTER_MERGER)

    def description(self) -> str:
        if self.converting is not None or self.merge_major:
            return "Choose Major Corporation"
        if self.merging:
            return "Merge Minor Corporations"
        return "Convert or Merge Minor Corporation"

    def actions(self, entity: Any) -> list[str]:
        if not getattr(entity, "is_corporation", False) or entity is not self.current_entity():
            return []
        if getattr(self.round, "converted", None) is not None:
            return []
        if self.converting is not None or self.merge_major:
            return ["merge"]
        found = ["merge"]
        if self.merging is None and self.can_convert(entity):
            found.append("convert")
        found.append("pass")
        return found

    def can_convert(self, entity: Any) -> bool:
        price = entity.share_price
        return bool(price is not None and "convert_range" in price.types and entity.type == "minor")

    def process_pass(self, action: Action) -> None:
        if self.merging:
            self.finish_merge()
            return
        entity = self.game.resolve_entity(action)
        price = entity.share_price
        if price is None or not price.liquidation:
            self.game.log(f"{entity.name} passes")
        self.pass_()

    def process_convert(self, action: Action) -> None:
        entity = self.game.resolve_entity(action)
        if not self.can_convert(entity):
            raise IllegalAction(f"{entity.name} cannot convert")
        self.converting = entity

    def process_merge(self, action: Action) -> None:
        game = self.game
        if self.converting is not None:
            self.finish_convert(action)
            return
        if self.merge_major:
            self.finish_merge_to_major(action)
            return
        entity = game.resolve_entity(action)
        other = game.corporation_by_id(getattr(action, "corporation", None))
        if not any(c is other for c in self.mergeable_candidates(entity)):
            raise IllegalAction(f"Cannot merge with {other.name}")
        if self.merging is None:
            self.merging = [entity]
        game.log(f"Adding {other.name} to merge of {','.join(c.name for c in self.merging)}")
        self.merging.append(other)
        if not self.mergeable_candidates(entity):
            self.finish_merge()

    def finish_merge(self) -> None:
        assert self.merging is not None
        self.game.log(f"Finish merge of {','.join(c.name for c in self.merging)}")
        self.merge_major = True

    def mergeable_majors(self) -> list[Any]:
        return [c for c in self.game.corporations if c.type == "major" and not c.floated]

    def target_of(self, action: Action) -> Any:
        target = self.game.corporation_by_id(getattr(action, "corporation", None))
        if not any(c is target for c in self.mergeable_majors()):
            raise IllegalAction(f"Choose a major corporation to form ({target.name} cannot be)")
        return target

    def finish_convert(self, action: Action) -> None:
        game = self.game
        corporation = game.resolve_entity(action)
        target = self.target_of(action)
        new_price = next(sp for sp in game.stock_market.share_prices_with_types(("par", "par_2"))
                         if sp.price <= corporation.share_price.price)
        game.stock_market.set_par(target, new_price)
        owner = corporation.owner
        self.converting = None
        game.share_pool.buy_shares(owner, treasury_shares(target)[0].to_bundle(), exchange="free")
        move_tokens(corporation, target)
        receiving = move_assets(game, corporation, target)
        game.corporation_rules.close_corporation(corporation)
        game.log(f"{corporation.name} converts into {target.name} receiving {', '.join(receiving)}")
        round_ = self.round
        round_._entities[round_.entity_index] = target  # type: ignore[attr-defined]
        round_.converted = target  # type: ignore[attr-defined]
        round_.converts.append(target)  # type: ignore[attr-defined]
        round_.merge_type = "convert"  # type: ignore[attr-defined]
        players = list(game.players)
        i = players.index(target.owner)
        round_.share_dealing_players = players[i:] + players[:i]  # type: ignore[attr-defined]
        round_.share_dealing_multiple = [owner]  # type: ignore[attr-defined]

    def merged_par(self, merging: list[Any]) -> Any:
        """The new major's price: the sum of the lowest and highest minor prices, between $100 and $200, down to
        a par cell."""
        prices = [c.share_price.price for c in merging]
        new_price = min(200, max(100, min(prices) + max(prices)))
        return next(sp for sp in self.game.stock_market.share_prices_with_types(("par", "par_2"))
                    if sp.price <= new_price)

    def can_finish(self, merging: list[Any]) -> bool:
        """Can a merger of ``merging`` form a major: some owner brings two minors or can pay for a share?"""
        par = self.merged_par(merging)
        owners = [c.owner for c in merging]
        return any(p.cash >= par.price or sum(1 for o in owners if o is p) >= 2
                   for p in self.game.players if any(p is o for o in owners))

    def finish_merge_to_major(self, action: Action) -> None:
        game = self.game
        target = self.target_of(action)
        merging = self.merging or []
        merged_par = self.merged_par(merging)
        ordered = sorted(merging, key=lambda c: c.sort_order_key())
        owners = [c.owner for c in ordered]
        players = [p for p in game.players if any(p is o for o in owners)]
        i = players.index(owners[0])
        players = players[i:] + players[:i]
        if not self.can_finish(merging):
            raise IllegalAction("Merge impossible, no player can become president")
        game.stock_market.set_par(target, merged_par)
        round_ = self.round
        round_._entities[round_.entity_index] = target  # type: ignore[attr-defined]
        self.merge_major = False
        target.ipoed = True
        tokens = self.tokens
        for corporation in ordered:
            owner = corporation.owner
            shares = treasury_shares(target)
            if shares[0].president and owner.percent_of(target) == 10:
                presidency = shares[0]
                owner.shares_of(target)[0].transfer(presidency.owner)
                game.share_pool.buy_shares(owner, presidency.to_bundle(), exchange="free")
            else:
                game.share_pool.buy_shares(owner, shares[-1].to_bundle(), exchange="free")
            tokens.remove_duplicate_tokens(target, merging)
            move_tokens(corporation, target)
            receiving = move_assets(game, corporation, target)
            game.corporation_rules.close_corporation(corporation)
            game.log(f"{corporation.name} merges into {target.name} receiving {', '.join(receiving)}")
            if corporation in round_._entities:  # type: ignore[attr-defined]
                round_._entities.remove(corporation)  # type: ignore[attr-defined]
        if tokens.tokens_above_limits(target, merging):
            game.log(f"{target.name} will be above token limit and must decide which tokens to remove")
            round_.corporations_removing_tokens = [target, *merging]  # type: ignore[attr-defined]
        else:
            fix_token_count(target)
        if round_._entities:  # type: ignore[attr-defined]
            round_.entity_index = round_._entities.index(target)  # type: ignore[attr-defined]
        self.merging = None
        round_.converted = target  # type: ignore[attr-defined]
        round_.converts.append(target)  # type: ignore[attr-defined]
        round_.merge_type = "merge"  # type: ignore[attr-defined]
        round_.share_dealing_players = players  # type: ignore[attr-defined]
        round_.share_dealing_multiple = list(players)  # type: ignore[attr-defined]

    def mergeable_candidates(self, corporation: Any) -> list[Any]:
        merging = self.merging if self.merging is not None else [corporation]
        if len(merging) == LIMIT_MERGE:
            return []
        counts: dict[int, int] = {}
        for c in merging:
            counts[id(c.owner)] = counts.get(id(c.owner), 0) + 1
        at_limit = {k for k, v in counts.items() if v >= LIMIT_OWNED_BY_ONE_ENTITY}
        available: list[Any] = []
        graph = self.game.graph
        for corp in merging:
            for node in graph.connected_nodes(corp):
                if not isinstance(node, City):
                    continue
                for token in node.tokens:
                    if token is None:
                        continue
                    owner = token.corporation
                    if any(owner is m for m in merging) or any(owner is a for a in available):
                        continue
                    available.append(owner)
        return [c for c in available if getattr(c, "type", None) == "minor" and id(c.owner) not in at_limit]


__all__ = ["MajorTrainless", "Merge", "MergerRound1867", "PostMergerShares", "ReduceTokens"]
