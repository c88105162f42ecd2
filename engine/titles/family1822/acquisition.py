"""The 1822 family's minor acquisition: after its turn a major that has operated twice may take over a minor that
has operated twice (or, from the phase status ``can_acquire_minor_bidbox``, a minor still in the bid box for
£200), then chooses how to pay (money, one or two of its treasury shares, the difference in cash either way) and
what happens to the minor's token (replaced by one of the major's exchange tokens, or an exchange token moved to
its charter; without exchange tokens the minor's token is removed).  The minor's cash, companies and trains go to
the major; the minor closes.

The site writes it as ``merge`` (naming the minor), then two ``choose`` actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.actions import Pass
from engine.errors import IllegalAction
from engine.model.token import Token
from engine.services.mergers import TokenMerger, transfer
from engine.steps.base import Step
from engine.steps.choices import Choice, Choosing

if TYPE_CHECKING:
    from engine.actions import Action

PAY_SHARES = {"money": 0, "one_share": 1, "two_shares": 2}


class MinorAcquisition(Choosing, Step):
    ACTIONS: ClassVar[tuple[str, ...]] = ("merge", "pass")
    NAME: ClassVar[str] = "MinorAcquisition"

    def __init__(self, game: Any, round: Any, **opts: Any) -> None:
        super().__init__(game, round, **opts)
        self.state = "select_minor"
        self.selected: Any = None
        self.share_num = 0

    def description(self) -> str:
        return "Acquire a minor"

    def pass_description(self) -> str:
        return "Skip (Minor acquisition)"

    # --- what may be acquired ------------------------------------------------------------------------------------
    def actions(self, entity: Any) -> list[str]:
        if entity is not self.current_entity():
            return []
        if self.state in ("choose_pay", "choose_token"):
            return ["choose"]
        if not self.can_acquire(entity):
            return []
        return list(self.ACTIONS)

    def can_acquire(self, entity: Any) -> bool:
        if getattr(entity, "type", None) != "major" or len(entity.operating_history) <= 1:
            return False
        return bool(self.potentially_mergeable(entity))

    def potentially_mergeable(self, entity: Any) -> list[Any]:
        game: Any = self.game
        found = [m for m in game.corporations if m.type == "minor" and m.floated and len(m.operating_history) > 1
                 and self.pay_choices(entity, m)]
        if game.phase.has_status("can_acquire_minor_bidbox"):
            for company in game.bid_box_minors():
                minor = game.corporation_by_id(company.sym[1:])
                if self.pay_choices(entity, minor):
                    found.append(minor)
        return found

    def auto_actions(self, entity: Any) -> list[Action] | None:
        """Live play passes for the major when no minor it could acquire is connected to it (as the site does)."""
        if self.state in ("choose_pay", "choose_token"):
            return None
        if any(self.connects(entity, minor) for minor in self.potentially_mergeable(entity)):
            return None
        return [Pass(entity=entity.id, entity_type="corporation")]

    def connects(self, entity: Any, minor: Any) -> bool:
        """Does the major's track reach the minor's token (a bid-box minor: its reserved home city; minor 14 from
        the bid box: any London city)?"""
        game: Any = self.game
        reached = game.graph.connected_nodes(entity)
        if self.from_bank(minor):
            if minor.id == game.MINOR_14:
                return any(reached.get(c) for c in game.hex_by_id(game.MINOR_14_HOME).tile.cities)
            coordinates = minor.coordinates
            hex_id = coordinates[0] if isinstance(coordinates, list | tuple) else coordinates
            city = next((c for c in game.hex_by_id(hex_id).tile.cities
                         if any(r is minor for r in c.reservations)), None)
        else:
            token = minor.tokens[0] if minor.tokens else None
            city = token.city if token is not None else None
        return city is not None and bool(reached.get(city))

    @staticmethod
    def from_bank(minor: Any) -> bool:
        return minor.owner is None or not getattr(minor.owner, "is_player", False)

    def pay_difference(self, entity: Any, minor: Any, share_num: int) -> int:
        return int(minor.share_price.price * 2 - entity.share_price.price * share_num)

    def pay_text(self, entity: Any, minor: Any, share_num: int, owner_name: bool = False) -> str | None:
        game: Any = self.game
        money = game.format_currency
        if self.from_bank(minor):
            return f"{entity.id} pays {money(game.MINOR_BIDBOX_PRICE)} to the bank"
        who = f"{minor.owner.name} receives" if owner_name else "Receive"
        if share_num == 0:
            return f"{who} {money(minor.share_price.price * 2)} from {entity.id}"
        difference = self.pay_difference(entity, minor, share_num)
        shares = "1 share" if share_num == 1 else "2 shares"
        if difference < 0 and -difference <= minor.owner.cash:
            return f"{who} {shares} and pay {money(-difference)} to {entity.id}"
        if difference == 0:
            return f"{who} {shares} from {entity.id}"
        if 0 < difference <= entity.cash:
            return f"{who} {shares} and {money(difference)} from {entity.id}"
        return None

    def pay_choices(self, entity: Any, minor: Any) -> dict[str, str]:
        game: Any = self.game
        choices: dict[str, str] = {}
        if self.from_bank(minor):
            if entity.cash >= game.MINOR_BIDBOX_PRICE:
                text = self.pay_text(entity, minor, 0)
                if text:
                    choices["money"] = text
            return choices
        if entity.cash >= minor.share_price.price * 2:
            text = self.pay_text(entity, minor, 0)
            if text:
                choices["money"] = text
        ipo = entity.num_ipo_shares()
        if ipo > 0:
            text = self.pay_text(entity, minor, 1)
            if text:
                choices["one_share"] = text
        if ipo > 1 and (not entity.counts_for_limit()
                        or game.corporation_rules.num_certs(minor.owner) < game.cert_limit):
            text = self.pay_text(entity, minor, 2)
            if text:
                choices["two_shares"] = text
        return choices

    def token_choices(self, entity: Any) -> dict[str, str]:
        if self.game.exchange_tokens.get(entity.id, 0) > 0:  # type: ignore[attr-defined]
            return {"replace": "Replace token on the map with an exchange token",
                    "exchange": "Move an exchange token to available token area on the corporation chart"}
        return {"remove": "Remove the minors token since no exchange tokens is available"}

    # --- choices -----------------------------------------------------------------------------------------------
    def choice_name(self) -> str:
        return "How to pay" if self.state == "choose_pay" else "What to do with the token"

    def choices(self, entity: Any) -> list[Choice]:
        if self.selected is None or entity is not self.current_entity():
            return []
        if self.state == "choose_pay":
            options = self.pay_choices(entity, self.selected)
        elif self.state == "choose_token":
            options = self.token_choices(entity)
        else:
            return []
        return [Choice(k, v) for k, v in options.items()]

    # --- processing ----------------------------------------------------------------------------------------------
    def process_merge(self, action: Action) -> None:
        game = self.game
        entity = game.resolve_entity(action)
        minor = game.corporation_by_id(getattr(action, "corporation", None))
        if "merge" not in self.actions(entity) or not any(m is minor for m in self.potentially_mergeable(entity)):
            raise IllegalAction(f"{entity.name} cannot acquire {minor.name}")
        if not game.loading and not self.connects(entity, minor):
            raise IllegalAction(f"Can't acquire minor {minor.id} because it is not connected to {entity.id}")
        self.selected = minor
        self.state = "choose_pay"

    def choose(self, entity: Any, choice: Any) -> None:
        if self.state == "choose_pay":
            self.share_num = PAY_SHARES[str(choice)]
            self.state = "choose_token"
            return
        if self.from_bank(self.selected):
            self.acquire_bank_minor(entity, str(choice))
        else:
            self.acquire_player_minor(entity, str(choice))
        self.state = "select_minor"
        self.selected = None
        self.pass_()

    def acquire_player_minor(self, entity: Any, token_choice: str) -> None:
        game: Any = self.game
        minor = self.selected
        owner = minor.owner
        difference = self.pay_difference(entity, minor, self.share_num)
        text = self.pay_text(entity, minor, self.share_num, owner_name=True)
        if difference < 0:
            owner.spend(-difference, entity)
        elif difference > 0:
            entity.spend(difference, owner)
        for _ in range(self.share_num):
            entity.ipo_shares()[0].transfer(owner)
        receiving: list[str] = []
        if minor.cash > 0:
            receiving.append(game.format_currency(minor.cash))
            minor.spend(minor.cash, entity)
        companies = transfer(minor.companies, entity.companies, entity)
        if companies:
            receiving.append(f"companies ({', '.join(c.name for c in companies)})")
        trains = transfer(minor.trains, entity.trains, entity)
        if trains:
            game.train_rules.crowded_cache = None
            receiving.append(f"trains ({[t.name for t in trains]})")
        extra = self.extra_transfers(minor, entity)
        if extra:
            receiving.append(extra)
        if token_choice == "replace":
            city = minor.tokens[0].city
            if city.tokened_by(entity):
                self.move_exchange_token(entity)
                self.remove_minor_token(minor)
                receiving.append(f"one token from exchange to available since {entity.id} cant have 2 tokens "
                                 "in the same city")
            else:
                self.use_exchange_token(entity)
                hexes = TokenMerger(game, game.LIMIT_TOKENS_AFTER_MERGER).move_tokens_to_surviving(
                    entity, [minor], check_tokenable=False)
                receiving.append(f"a token on hex {[h for h in hexes if h is not None]}")
        elif token_choice == "exchange":
            self.move_exchange_token(entity)
            self.remove_minor_token(minor)
            receiving.append("one token from exchange to available")
        if text:
            game.log(text)
        game.log(f"{entity.id} acquired {minor.id} receiving {', '.join(receiving)}")
        # no graph clear here, as the reference: only moved tokens clear the survivor's graph (a removed minor token
        # that blocked a city leaves routes computed before it was removed in place; 1822Africa playout 5112)
        game.corporation_rules.close_corporation(minor)

    def extra_transfers(self, minor: Any, entity: Any) -> str | None:
        """What else an acquired player's minor hands to the major before its tokens move (hook; the text for the
        log, or None)."""
        return None

    def acquire_bank_minor(self, entity: Any, token_choice: str) -> None:
        game: Any = self.game
        minor = self.selected
        entity.spend(game.MINOR_BIDBOX_PRICE, game.bank)
        receiving: list[str] = []
        if token_choice == "replace" and minor.id == game.MINOR_14:
            # minor 14's home is a London city of the major's choice (a pending token, at £20)
            self.use_exchange_token(entity)
            token = Token(entity)
            entity.tokens.append(token)
            entity.add_ability({"type": "token", "hexes": [], "price": game.MINOR_14_TOKEN_PRICE})
            self.round.pending_tokens.append(  # type: ignore[attr-defined]
                {"entity": entity, "hexes": [game.hex_by_id(game.MINOR_14_HOME)], "token": token})
            receiving.append(f"a token on hex {game.MINOR_14_HOME}")
        elif token_choice == "replace":
            city = next((c for c in game.hex_by_id(minor.coordinates).tile.cities
                         if any(r is minor for r in c.reservations)), None)
            if city is not None:
                city.reservations = [r for r in city.reservations if r is not minor]
            if city is not None and city.tokened_by(entity):
                self.move_exchange_token(entity)
                receiving.append(f"one token from exchange to available since {entity.id} cant have 2 tokens "
                                 "in the same city")
            elif city is not None:
                self.use_exchange_token(entity)
                token = Token(entity)
                entity.tokens.append(token)
                city.place_token(entity, token, check_tokenable=False)
                game.graph.clear()
                receiving.append(f"a token on hex {minor.coordinates}")
        elif token_choice == "exchange":
            self.move_exchange_token(entity)
            receiving.append("one token from exchange to available")
        game.log(f"{entity.id} pays {game.format_currency(game.MINOR_BIDBOX_PRICE)} to the bank")
        game.log(f"{entity.id} acquired {minor.id} receiving {', '.join(receiving)}")
        company = next((c for c in game.companies if c.sym == f"M{minor.id}"), None)
        if company is not None:
            game.companies.remove(company)
        game.corporation_rules.close_corporation(minor)

    # --- exchange tokens ---------------------------------------------------------------------------------------
    def use_exchange_token(self, entity: Any) -> None:
        tokens = self.game.exchange_tokens  # type: ignore[attr-defined]
        tokens[entity.id] = tokens.get(entity.id, 0) - 1

    def move_exchange_token(self, entity: Any) -> None:
        self.game.move_exchange_token(entity)  # type: ignore[attr-defined]

    def remove_minor_token(self, minor: Any) -> None:
        game: Any = self.game
        token = minor.tokens[0]
        city = token.city
        if city is None:
            return
        city.delete_token(token, remove_slot=city.slots > game.min_city_slots(city))
        token.city = None
        token.used = False

    def skip(self) -> None:
        self.pass_()
