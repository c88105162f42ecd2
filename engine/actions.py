"""The 18xx action types: one small dataclass per action type, reading and writing the 18xx.games JSON format.

The ``Action`` base, its codec and the action types every game has (pass, message, undo, ...) are the
kernel's (``engine.core.actions``, re-exported here); this module registers the 18xx types, the entity
types they name and the checks of their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.actions import (
    ACTION_TYPES,
    ENTITY_TYPES,
    FIELD_RULES,
    INT_RANGES,
    MAX_DEPTH,
    MAX_LIST,
    MAX_NUMBER,
    MAX_TEXT,
    Action,
    EndGame,
    EntityId,
    FieldChecker,
    Log,
    Message,
    Pass,
    Redo,
    Undo,
    describe_value,
    register_action_types,
    register_entity_types,
)

INT_RANGES.update({
    "price": (0, MAX_NUMBER), "cost": (0, MAX_NUMBER), "total_price": (0, MAX_NUMBER),
    "rotation": (0, 5), "slot": (0, 99), "percent": (1, 200), "share_price": (0, MAX_NUMBER),
    "warranties": (0, 99), "until_condition": (0, 100),
})


def _check_slots(check: FieldChecker, key: str, value: Any) -> None:
    if len(value) > MAX_LIST:
        raise check.error(key, f"{key} has too many items ({len(value)})")
    for item in value:
        check.integer(key, item, 0, 99)


def _plain_chains(chains: list[Any]) -> bool:
    """Whether every chain is a non-empty list of at most ``MAX_LIST`` hex names of at most 200 characters (what
    ``check.id_list(..., minimum=1)`` accepts), checked in C as far as it goes."""
    for chain in chains:
        if type(chain) is not list or not 0 < len(chain) <= MAX_LIST:
            return False
        try:
            "".join(chain)
        except TypeError:
            return False
        if max(map(len, chain)) > 200:
            return False
    return True


def _check_routes(check: FieldChecker, _key: str, routes: Any) -> None:
    if len(routes) > 100:
        raise check.error("routes", f"routes has too many items ({len(routes)})")
    for n, route in enumerate(routes, 1):
        key = f"routes[{n - 1}]"
        if not isinstance(route, Mapping):
            raise check.error(key, f"route {n} should be an object, not {describe_value(route)}")
        if "train" not in route:
            raise check.error(key, f"route {n} names no train")
        check.text(f"{key}.train", route["train"], 200)
        for name, item in route.items():
            where = f"{key}.{name}"
            if not isinstance(name, str):
                raise check.error(key, f"route {n} has a field name that is not text")
            if name == "connections":
                if not isinstance(item, list):
                    raise check.error(where, f"route {n} connections should be a list, not {describe_value(item)}")
                if len(item) > MAX_LIST:
                    raise check.error(where, f"route {n} has too many connections ({len(item)})")
                if _plain_chains(item):
                    continue
                for chain in item:
                    if not isinstance(chain, list):
                        raise check.error(where, f"route {n} connections should hold lists of hex names, "
                                                 f"not {describe_value(chain)}")
                    check.id_list(where, chain, minimum=1)
            elif name in ("hexes", "nodes"):
                check.id_list(where, item)
            elif name in ("revenue", "subsidy", "halts"):
                if item is not None:
                    check.integer(where, item, -MAX_NUMBER, MAX_NUMBER)
            elif name == "revenue_str":
                if item is not None:
                    check.text(where, item, 2_000)
            elif name != "train":
                check.plain(where, item, 1)


FIELD_RULES.update({
    "shares": lambda check, key, value: check.id_list(key, value, minimum=1),
    "combo_entities": lambda check, key, value: check.id_list(key, value),
    "corporations": lambda check, key, value: check.id_list(key, value),
    "slots": _check_slots,
    "routes": _check_routes,
})


_ID = (str, int)


@dataclass(slots=True, kw_only=True)
class Bid(Action):
    TYPE: ClassVar[str] = "bid"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "company": (str,), "corporation": (str,), "minor": (str,), "price": (int,)}
    company: str | None = None
    corporation: str | None = None
    minor: str | None = None
    price: int | None = None


@dataclass(slots=True, kw_only=True)
class Par(Action):
    TYPE: ClassVar[str] = "par"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"corporation": (str,), "share_price": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "slot": (int,), "purchase_for": _ID, "purchase_for_type": (str,), "borrow_from": _ID,
        "borrow_from_type": (str,)}
    corporation: str = ""
    share_price: str = ""
    slot: int | None = None
    purchase_for: EntityId | None = None
    purchase_for_type: str | None = None
    borrow_from: EntityId | None = None
    borrow_from_type: str | None = None


@dataclass(slots=True, kw_only=True)
class BuyShares(Action):
    TYPE: ClassVar[str] = "buy_shares"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"shares": (list,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "percent": (int, float), "share_price": (int, str), "swap": (str,), "purchase_for": _ID,
        "purchase_for_type": (str,), "borrow_from": _ID, "borrow_from_type": (str,), "total_price": (int,),
        "discounter": _ID, "discounter_type": (str,)}
    shares: list[str] = field(default_factory=list)
    percent: int | float | None = None
    share_price: int | str | None = None
    swap: str | None = None
    purchase_for: EntityId | None = None
    purchase_for_type: str | None = None
    borrow_from: EntityId | None = None
    borrow_from_type: str | None = None
    total_price: int | None = None
    discounter: EntityId | None = None
    discounter_type: str | None = None


@dataclass(slots=True, kw_only=True)
class SellShares(Action):
    TYPE: ClassVar[str] = "sell_shares"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"shares": (list,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "percent": (int, float), "share_price": (int, str), "swap": (str,)}
    shares: list[str] = field(default_factory=list)
    percent: int | float | None = None
    share_price: int | str | None = None
    swap: str | None = None


@dataclass(slots=True, kw_only=True)
class BuyCompany(Action):
    TYPE: ClassVar[str] = "buy_company"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"company": (str,), "price": (int,)}
    company: str = ""
    price: int = 0


@dataclass(slots=True, kw_only=True)
class LayTile(Action):
    TYPE: ClassVar[str] = "lay_tile"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"hex": (str,), "tile": (str,), "rotation": (int,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"combo_entities": (list,)}
    hex: str = ""
    tile: str = ""
    rotation: int = 0
    combo_entities: list[str] | None = None


@dataclass(slots=True, kw_only=True)
class PlaceToken(Action):
    """``slot`` may be ``true``: the site writes that for a token placed beyond the city's slots (18USA's Free
    Station); the slot is not used to place a token."""

    TYPE: ClassVar[str] = "place_token"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"city": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "slot": (int, bool), "tokener": (str,), "cost": (int,), "token_type": (str,)}
    city: str = ""
    slot: int | bool | None = None
    tokener: str | None = None
    cost: int | None = None
    token_type: str | None = None


@dataclass(slots=True, kw_only=True)
class RemoveToken(Action):
    """Take a station token off the map: the token in ``slot`` of ``city`` (1882's North West Rebellion moves
    a token this way, then places it again)."""

    TYPE: ClassVar[str] = "remove_token"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"city": (str,), "slot": (int,)}
    city: str = ""
    slot: int = 0


@dataclass(slots=True, kw_only=True)
class RunRoutes(Action):
    TYPE: ClassVar[str] = "run_routes"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"routes": (list,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"extra_revenue": (int,), "subsidy": (int,)}
    routes: list[dict[str, Any]] = field(default_factory=list)
    extra_revenue: int | None = None
    subsidy: int | None = None


@dataclass(slots=True, kw_only=True)
class Dividend(Action):
    TYPE: ClassVar[str] = "dividend"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"kind": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"amount": (int,)}
    kind: str = "payout"
    amount: int | None = None


@dataclass(slots=True, kw_only=True)
class BuyTrain(Action):
    TYPE: ClassVar[str] = "buy_train"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"train": (str,), "price": (int,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "variant": (str,), "exchange": (str,), "shell": (str,), "slots": (list,), "extra_due": (bool,),
        "warranties": (int,)}
    train: str = ""
    price: int = 0
    variant: str | None = None
    exchange: str | None = None
    shell: str | None = None
    slots: list[int] | None = None
    extra_due: bool | None = None
    warranties: int | None = None


@dataclass(slots=True, kw_only=True)
class DiscardTrain(Action):
    TYPE: ClassVar[str] = "discard_train"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"train": (str,)}
    train: str = ""


@dataclass(slots=True, kw_only=True)
class Bankrupt(Action):
    TYPE: ClassVar[str] = "bankrupt"


@dataclass(slots=True, kw_only=True)
class Assign(Action):
    TYPE: ClassVar[str] = "assign"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"target": (str,), "target_type": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"city": (str,)}
    target: str = ""
    target_type: str = ""
    city: str | None = None


@dataclass(slots=True, kw_only=True)
class Merge(Action):
    """Merge the acting corporation with another (``corporation``) or take in a minor (``minor``): 1867's and
    1861's minors merging into majors, 18MEX's minors joining the NdeM.  Both fields are optional, as on the
    site (18MEX's NdeM merge names only the acting corporation)."""

    TYPE: ClassVar[str] = "merge"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"corporation": (str,), "minor": (str,)}
    corporation: str | None = None
    minor: str | None = None


@dataclass(slots=True, kw_only=True)
class Convert(Action):
    """Convert the acting corporation (a minor into a major, a 5-share into a 10-share corporation)."""

    TYPE: ClassVar[str] = "convert"


@dataclass(slots=True, kw_only=True)
class TakeLoan(Action):
    """Take the loan numbered ``loan`` (the site's loan id) for the acting corporation."""

    TYPE: ClassVar[str] = "take_loan"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"loan": (int,)}
    loan: int = 0


@dataclass(slots=True, kw_only=True)
class PayoffLoan(Action):
    """Pay off the loan numbered ``loan`` of the acting corporation."""

    TYPE: ClassVar[str] = "payoff_loan"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"loan": (int,)}
    loan: int = 0


def _check_choice(check: FieldChecker, key: str, value: Any) -> None:
    if isinstance(value, Mapping):
        check.plain(key, value)


FIELD_RULES["choice"] = _check_choice


@dataclass(slots=True, kw_only=True)
class Choose(Action):
    """Pick one of the choices a step offers (``Step.choices``): the site's ``choose``.  The choice is what the
    step listed, as the site writes it: text ("cert_1_N&W"), a number, or a small object."""

    TYPE: ClassVar[str] = "choose"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"choice": (str, int, dict)}
    choice: str | int | dict[str, Any] = ""


@dataclass(slots=True, kw_only=True)
class ChooseAbility(Action):
    """Pick one of the abilities an entity (a company: an 18ZOO power or ticket, an 1822 private) offers: the
    site's ``choose_ability``.  The choice is text ("LBSCR_ipo") or a small object ({"type": "sell"})."""

    TYPE: ClassVar[str] = "choose_ability"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"choice": (str, int, dict)}
    choice: str | int | dict[str, Any] = ""


@dataclass(slots=True, kw_only=True)
class AcquireCompany(Action):
    """The acting corporation acquires ``company`` (a private or a minor's company), the site's
    ``acquire_company`` (1822's acquisitions)."""

    TYPE: ClassVar[str] = "acquire_company"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"company": (str,)}
    company: str = ""


@dataclass(slots=True, kw_only=True)
class PayoffPlayerDebt(Action):
    """The acting player pays off all the debt they can (the site's ``payoff_player_debt``)."""

    TYPE: ClassVar[str] = "payoff_player_debt"


@dataclass(slots=True, kw_only=True)
class PayoffPlayerDebtPartial(Action):
    """The acting player pays ``amount`` of their debt."""

    TYPE: ClassVar[str] = "payoff_player_debt_partial"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"amount": (int,)}
    amount: int = 0


@dataclass(slots=True, kw_only=True)
class HexToken(Action):
    """Place a token of ``token_type`` (none: a normal token) on ``hex`` itself rather than in a city slot (1822's
    destination tokens), for ``cost`` when given."""

    TYPE: ClassVar[str] = "hex_token"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"hex": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"cost": (int,), "token_type": (str,)}
    hex: str = ""
    cost: int | None = None
    token_type: str | None = None


@dataclass(slots=True, kw_only=True)
class Short(Action):
    """The acting player sells a share of ``corporation`` short (1817's short selling)."""

    TYPE: ClassVar[str] = "short"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"corporation": (str,)}
    corporation: str = ""


@dataclass(slots=True, kw_only=True)
class ScrapTrain(Action):
    """The acting corporation scraps its ``train`` (18USA's pullman, 1817's train scrapper)."""

    TYPE: ClassVar[str] = "scrap_train"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"train": (str,)}
    train: str = ""


@dataclass(slots=True, kw_only=True)
class DestinationConnection(Action):
    """A check that corporations reached a destination (the site's ``destination_connection``, usually an
    automatic action after a tile lay): ``corporations`` names those that did (empty: none)."""

    TYPE: ClassVar[str] = "destination_connection"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"corporations": (list,)}
    corporations: list[str] | None = None


@dataclass(slots=True, kw_only=True)
class ProgramBuyShares(Action):
    TYPE: ClassVar[str] = "program_buy_shares"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "corporation": (str,), "until_condition": (str, int), "from_market": (bool,), "auto_pass_after": (bool,)}
    corporation: str | None = None
    until_condition: str | int | None = None
    from_market: bool | None = None
    auto_pass_after: bool | None = None


@dataclass(slots=True, kw_only=True)
class ProgramSharePass(Action):
    TYPE: ClassVar[str] = "program_share_pass"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"unconditional": (bool,), "indefinite": (bool,)}
    unconditional: bool | None = None
    indefinite: bool | None = None


@dataclass(slots=True, kw_only=True)
class ProgramDisable(Action):
    TYPE: ClassVar[str] = "program_disable"
    # (old exports of 18xx.games write an empty object as the reason)
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"reason": (str, dict), "original_type": (str,)}
    reason: str | dict[str, Any] | None = None
    original_type: str | None = None


@dataclass(slots=True, kw_only=True)
class ProgramAuctionBid(Action):
    """Bid, buy or pass for a player in the auction round (the site's "Auto bid in Auction Round"): bid the
    minimum on ``bid_target`` while it stays within ``maximum_bid``, buy it when its price is ``buy_price``
    or less, pass otherwise (``auto_pass_after``).  The site writes the two prices as the text of its number
    fields ("75"); numbers are accepted too."""

    TYPE: ClassVar[str] = "program_auction_bid"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"bid_target": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "enable_maximum_bid": (bool,), "maximum_bid": (int, str), "enable_buy_price": (bool,),
        "buy_price": (int, str), "auto_pass_after": (bool,)}
    bid_target: str = ""
    enable_maximum_bid: bool | None = None
    maximum_bid: int | str | None = None
    enable_buy_price: bool | None = None
    buy_price: int | str | None = None
    auto_pass_after: bool | None = None


@dataclass(slots=True, kw_only=True)
class ProgramOther(Action):
    """Other ``program_*`` settings (auction bid, close pass, ...): stored, never affect replay."""

    TYPE: ClassVar[str] = "program_other"


def _program(name: str) -> type[Action]:
    """The class of a stored-only ``program_*`` type, bound to this module under its name so that a game holding
    one can be copied by pickle (trial copies of live checks)."""
    cls = type(f"Program_{name}", (ProgramOther,), {"TYPE": name, "__slots__": (), "__module__": __name__})
    globals()[cls.__name__] = cls
    return cls


#: The 18xx action types, registered with the kernel's codec when this module is imported.
G18XX_ACTION_TYPES: tuple[type[Action], ...] = (
    Bid, Par, BuyShares, SellShares, BuyCompany, LayTile, PlaceToken, RemoveToken, RunRoutes, Dividend, BuyTrain,
    DiscardTrain, Bankrupt, Assign, Choose, DestinationConnection, Merge, Convert, TakeLoan, PayoffLoan,
    ChooseAbility, AcquireCompany, PayoffPlayerDebt, PayoffPlayerDebtPartial, HexToken, Short, ScrapTrain, ProgramBuyShares, ProgramSharePass, ProgramDisable, ProgramAuctionBid,
    *(_program(name) for name in ("program_close_pass", "program_merger_pass",
                                  "program_harzbahn_draft_pass", "program_independent_mines", "program_enable")),
)
register_action_types(*G18XX_ACTION_TYPES)
register_entity_types("corporation", "company", "minor")

PROGRAM_TYPES = frozenset(t for t in ACTION_TYPES if t.startswith("program_"))

__all__ = [
    "ACTION_TYPES",
    "ENTITY_TYPES",
    "G18XX_ACTION_TYPES",
    "MAX_DEPTH",
    "MAX_LIST",
    "MAX_NUMBER",
    "MAX_TEXT",
    "PROGRAM_TYPES",
    "AcquireCompany",
    "Action",
    "Assign",
    "Bankrupt",
    "Bid",
    "BuyCompany",
    "BuyShares",
    "BuyTrain",
    "Choose",
    "ChooseAbility",
    "Convert",
    "DestinationConnection",
    "DiscardTrain",
    "Dividend",
    "EndGame",
    "EntityId",
    "HexToken",
    "LayTile",
    "Log",
    "Merge",
    "Message",
    "Par",
    "Pass",
    "PayoffLoan",
    "PayoffPlayerDebt",
    "PayoffPlayerDebtPartial",
    "PlaceToken",
    "ProgramAuctionBid",
    "ProgramBuyShares",
    "ProgramDisable",
    "ProgramOther",
    "ProgramSharePass",
    "Redo",
    "RemoveToken",
    "RunRoutes",
    "ScrapTrain",
    "SellShares",
    "Short",
    "TakeLoan",
    "Undo",
    "describe_value",
]
