"""Actions: one small dataclass per action type, reading and writing the 18xx.games JSON format.

Actions name entities by their printed ids ("PRR", "G15", "57-2", "PRR_3"), never by object references, so
an action is plain data: it serialises exactly as it was read.  ``Action.from_dict(d).to_dict() == d`` for
every action in an 18xx.games export, nested ``auto_actions`` included.  Keys we do not model (``skip``,
``original_id`` of old exports, fields of other titles) are kept verbatim.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from engine.errors import InvalidAction

EntityId = int | str

# The keys every action may carry, in the order 18xx.games writes them.
COMMON_KEYS: tuple[str, ...] = ("type", "entity", "entity_type", "id", "user", "created_at")


@dataclass(slots=True, kw_only=True)
class Action:
    """Base of every action.  ``entity`` is a player id or an entity symbol; ``entity_type`` says which."""

    TYPE: ClassVar[str] = ""
    # Type-specific keys and the Python types their values must have (``None`` allowed when not required).
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {}

    entity: EntityId
    entity_type: str = "player"
    id: int | None = None
    user: EntityId | None = None
    created_at: Any = None
    auto_actions: list[Action] = field(default_factory=list)
    # Keys not modelled by this class, kept verbatim; and the original key order for faithful output.
    extra: dict[str, Any] = field(default_factory=dict)
    key_order: tuple[str, ...] = ()

    @property
    def type(self) -> str:
        return self.TYPE

    # --- JSON -------------------------------------------------------------------------------------------
    @staticmethod
    def from_dict(data: Mapping[str, Any], position: int | None = None) -> Action:
        """Build an action from its 18xx.games JSON form; raise ``InvalidAction`` naming what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, not {type(data).__name__}", position=position)
        raw_kind = data.get("type")
        cls = ACTION_TYPES.get(raw_kind) if isinstance(raw_kind, str) else None
        if cls is None or not isinstance(raw_kind, str):
            raise InvalidAction(f"unknown action type {raw_kind!r}", position=position,
                                action_type=raw_kind if isinstance(raw_kind, str) else None)
        kind: str = raw_kind
        if "entity" not in data or not isinstance(data["entity"], int | str) or isinstance(data["entity"], bool):
            raise InvalidAction("the action names no acting entity", position=position, action_type=kind)
        kwargs: dict[str, Any] = {
            "entity": data["entity"],
            "entity_type": data.get("entity_type", "player"),
            "id": data.get("id"),
            "user": data.get("user"),
            "created_at": data.get("created_at"),
        }
        if kwargs["id"] is not None and (not isinstance(kwargs["id"], int) or isinstance(kwargs["id"], bool)):
            raise InvalidAction(f"action id must be an integer, not {kwargs['id']!r}", position=position,
                                action_type=kind)
        for key, types in cls.REQUIRED.items():
            if key not in data:
                raise InvalidAction(f"{kind} action lacks its '{key}' field", position=position, action_type=kind)
            _check_type(kind, key, data[key], types, position)
            kwargs[key] = data[key]
        for key, types in cls.OPTIONAL.items():
            if key in data:
                if data[key] is not None:
                    _check_type(kind, key, data[key], types, position)
                kwargs[key] = data[key]
        auto = data.get("auto_actions")
        if auto is not None:
            if not isinstance(auto, list):
                raise InvalidAction("auto_actions must be a list", position=position, action_type=kind)
            kwargs["auto_actions"] = [Action.from_dict(a, position) for a in auto]
        known = set(COMMON_KEYS) | {"auto_actions"} | set(cls.REQUIRED) | set(cls.OPTIONAL)
        kwargs["extra"] = {k: v for k, v in data.items() if k not in known}
        kwargs["key_order"] = tuple(data.keys())
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The 18xx.games JSON form: the keys that were read, in their order, or, for a new action, the
        non-empty ones in the site's order."""
        values: dict[str, Any] = {"type": self.TYPE, "entity": self.entity, "entity_type": self.entity_type}
        for key in ("id", "user", "created_at"):
            value = getattr(self, key)
            if value is not None or key in self.key_order:
                values[key] = value
        for key in (*self.REQUIRED, *self.OPTIONAL):
            value = getattr(self, key)
            if value is not None or key in self.key_order:
                values[key] = value
        if self.auto_actions or "auto_actions" in self.key_order:
            values["auto_actions"] = [a.to_dict() for a in self.auto_actions]
        values.update(self.extra)
        if not self.key_order:
            return values
        ordered = {k: values[k] for k in self.key_order if k in values}
        ordered.update({k: v for k, v in values.items() if k not in ordered})
        return ordered

    def copy_with(self, **changes: Any) -> Action:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data.update(changes)
        return type(self)(**data)

    def __str__(self) -> str:
        return f"{self.TYPE} by {self.entity}"


def _check_type(kind: str, key: str, value: Any, types: tuple[type, ...], position: int | None) -> None:
    if isinstance(value, bool) and bool not in types:
        ok = False
    else:
        ok = isinstance(value, types)
    if not ok:
        wanted = " or ".join(t.__name__ for t in types)
        raise InvalidAction(f"{kind} field '{key}' should be {wanted}, not {value!r}", position=position,
                            action_type=kind)


_ID = (str, int)


@dataclass(slots=True, kw_only=True)
class Pass(Action):
    TYPE: ClassVar[str] = "pass"


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
    TYPE: ClassVar[str] = "place_token"
    REQUIRED: ClassVar[dict[str, tuple[type, ...]]] = {"city": (str,)}
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {
        "slot": (int,), "tokener": (str,), "cost": (int,), "token_type": (str,)}
    city: str = ""
    slot: int | None = None
    tokener: str | None = None
    cost: int | None = None
    token_type: str | None = None


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
class EndGame(Action):
    TYPE: ClassVar[str] = "end_game"


@dataclass(slots=True, kw_only=True)
class Message(Action):
    TYPE: ClassVar[str] = "message"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"message": (str,)}
    message: str | None = None


@dataclass(slots=True, kw_only=True)
class Log(Action):
    TYPE: ClassVar[str] = "log"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"message": (str,)}
    message: str | None = None


@dataclass(slots=True, kw_only=True)
class Undo(Action):
    TYPE: ClassVar[str] = "undo"
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"action_id": (int,)}
    action_id: int | None = None


@dataclass(slots=True, kw_only=True)
class Redo(Action):
    TYPE: ClassVar[str] = "redo"


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
    OPTIONAL: ClassVar[dict[str, tuple[type, ...]]] = {"reason": (str,), "original_type": (str,)}
    reason: str | None = None
    original_type: str | None = None


@dataclass(slots=True, kw_only=True)
class ProgramOther(Action):
    """Other ``program_*`` settings (auction bid, close pass, ...): stored, never affect replay."""

    TYPE: ClassVar[str] = "program_other"


def _program(name: str) -> type[Action]:
    return type(f"Program_{name}", (ProgramOther,), {"TYPE": name, "__slots__": ()})


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (Pass, Bid, Par, BuyShares, SellShares, BuyCompany, LayTile, PlaceToken, RunRoutes, Dividend,
                BuyTrain, DiscardTrain, Bankrupt, Assign, EndGame, Message, Log, Undo, Redo, ProgramBuyShares,
                ProgramSharePass, ProgramDisable)
}
for _name in ("program_auction_bid", "program_close_pass", "program_merger_pass", "program_harzbahn_draft_pass",
              "program_independent_mines", "program_enable"):
    ACTION_TYPES[_name] = _program(_name)

PROGRAM_TYPES = frozenset(t for t in ACTION_TYPES if t.startswith("program_"))
