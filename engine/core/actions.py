"""The kernel's actions: the ``Action`` base, its JSON codec and field checks, the action types every game
has (pass, message, log, undo, redo, end_game) and the registry a game adds its own action types to.

Actions name entities by their printed ids, never by object references, so an action is plain data: it
serialises exactly as it was read.  ``Action.from_dict(d).to_dict() == d`` for every action in an
18xx.games export, nested ``auto_actions`` included.  Keys we do not model are kept verbatim.

A game's rule layer registers its action types (``register_action_types``), the entity types its actions
may name (``register_entity_types``) and checks for its own fields (``FIELD_RULES``, ``INT_RANGES``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    def from_dict(
        data: Mapping[str, Any],
        position: int | None = None,
        _depth: int = 0,
        *,
        action_types: ActionRegistry | None = None,
    ) -> Action:
        """Build an action from its 18xx.games JSON form; raise ``InvalidAction`` naming what is wrong.

        Every field is checked for its type and range (see ``FIELD_RULES``); keys we do not model are kept
        verbatim but must stay shallow (``MAX_DEPTH``) and hold no out-of-range numbers.  The
        game's own registry of action types (``action_types``; default: every registered type)."""
        # The common cases are checked inline by exact type (a recorded action is read on every replay); anything
        # else takes the full checks, which raise the same messages as ever.
        if type(data) is not dict and not isinstance(data, Mapping):
            raise InvalidAction(f"an action must be a JSON object, not {_kind_of(data)}", position=position)
        raw_id = data.get("id")
        action_id = raw_id if type(raw_id) is int or (isinstance(raw_id, int) and not isinstance(raw_id, bool)) else None
        raw_kind = data.get("type")
        if "type" not in data:
            raise InvalidAction("the action has no 'type' field", position=position, action_id=action_id, field="type")
        registry = ACTION_TYPES if action_types is None else action_types
        cls = registry.get(raw_kind) if isinstance(raw_kind, str) else None
        if cls is None or not isinstance(raw_kind, str):
            shown = raw_kind if isinstance(raw_kind, str) and len(raw_kind) <= 60 else describe_value(raw_kind)
            raise InvalidAction(
                f"unknown action type {shown!r}" if isinstance(raw_kind, str) else f"unknown action type {shown}",
                position=position,
                action_type=raw_kind if isinstance(raw_kind, str) and len(raw_kind) <= 60 else None,
                action_id=action_id,
                field="type",
            )
        kind: str = raw_kind
        check = FieldChecker(kind, position, action_id)
        if raw_id is not None and not (type(raw_id) is int and 0 <= raw_id <= MAX_NUMBER):
            check.integer("id", raw_id, 0, MAX_NUMBER)
        if "entity" not in data:
            raise check.error("entity", "the action names no acting entity")
        entity = data["entity"]
        kind_of_entity = type(entity)
        if (kind_of_entity is int and -MAX_NUMBER <= entity <= MAX_NUMBER) or (
            kind_of_entity is str and len(entity) <= MAX_TEXT
        ):
            pass
        elif not isinstance(entity, int | str) or isinstance(entity, bool):
            raise check.error(
                "entity", f"the acting entity should be a player id or a name, not {describe_value(entity)}"
            )
        elif isinstance(entity, int):
            check.integer("entity", entity, -MAX_NUMBER, MAX_NUMBER)
        else:
            check.text("entity", entity)
        entity_type = data.get("entity_type", "player")
        if entity_type not in ENTITY_TYPES:
            raise check.error(
                "entity_type",
                f"entity_type should be one of {', '.join(ENTITY_TYPES)}, not {describe_value(entity_type)}",
            )
        user = data.get("user")
        if user is not None and (not isinstance(user, int | str) or isinstance(user, bool)):
            raise check.error("user", f"user should be a player id, not {describe_value(user)}")
        created_at = data.get("created_at")
        if not (type(created_at) is int and -_MAX_PLAIN <= created_at <= _MAX_PLAIN):
            check.plain("created_at", created_at)
        kwargs: dict[str, Any] = {
            "entity": entity,
            "entity_type": entity_type,
            "id": raw_id,
            "user": user,
            "created_at": created_at,
        }
        checked = _CHECKED_SCALARS
        if _CHECKED_FOR[0] != _RuleTable.version:  # a rule layer changed the checks since: check afresh
            checked.clear()
            _CHECKED_FOR[0] = _RuleTable.version
        for key, types in cls.REQUIRED.items():
            if key not in data:
                raise check.error(key, f"{kind} action lacks its '{key}' field")
            value = data[key]
            kwargs[key] = value
            kind_of_value = type(value)
            if kind_of_value in _SCALARS:
                memo = (key, kind_of_value, value, types)
                if memo in checked:
                    continue
                check.typed(key, value, types)
                check.rule(key, value)
                _remember_checked(memo)
            else:
                check.typed(key, value, types)
                check.rule(key, value)
        for key, types in cls.OPTIONAL.items():
            if key in data:
                # An optional field the site wrote as false (Ruby's "not given", e.g. a buy's share_price) is
                # kept as it is, unchecked; readers treat it as absent.
                value = data[key]
                kwargs[key] = value
                if value is None or (value is False and bool not in types):
                    continue
                kind_of_value = type(value)
                if kind_of_value in _SCALARS:
                    memo = (key, kind_of_value, value, types)
                    if memo in checked:
                        continue
                    check.typed(key, value, types)
                    check.rule(key, value)
                    _remember_checked(memo)
                else:
                    check.typed(key, value, types)
                    check.rule(key, value)
        auto = data.get("auto_actions")
        if auto is not None:
            if not isinstance(auto, list):
                raise check.error("auto_actions", f"auto_actions should be a list, not {describe_value(auto)}")
            if _depth >= 2 or len(auto) > MAX_LIST:
                raise check.error("auto_actions", "auto_actions are nested too deeply or too many")
            autos: list[Action] = []
            for a in auto:
                try:
                    autos.append(Action.from_dict(a, position, _depth + 1, action_types=registry))
                except InvalidAction as exc:
                    exc.message = f"in auto_actions: {exc.message}"
                    raise (exc.at(position, kind, action_id) if position is not None else exc) from None
            kwargs["auto_actions"] = autos
        known = _KNOWN_KEYS.get(cls)
        if known is None:
            known = _KNOWN_KEYS[cls] = frozenset(COMMON_KEYS) | {"auto_actions"} | set(cls.REQUIRED) | set(cls.OPTIONAL)
        extra = {k: v for k, v in data.items() if k not in known}
        for key, value in extra.items():
            if not isinstance(key, str):
                raise check.error(None, f"field names must be text, not {describe_value(key)}")
            if not (type(value) is int and -_MAX_PLAIN <= value <= _MAX_PLAIN):
                check.plain(key, value)
        kwargs["extra"] = extra
        kwargs["key_order"] = tuple(data.keys())
        return cls(**kwargs)

    @classmethod
    def checked(
        cls,
        data: Mapping[str, Any] | Action,
        position: int | None = None,
        *,
        action_types: ActionRegistry | None = None,
    ) -> Action:
        """``data`` as a checked action: dictionaries are parsed, actions built in code are re-checked."""
        if isinstance(data, Action):
            return Action.from_dict(data.to_dict(), position, action_types=action_types)
        return Action.from_dict(data, position, action_types=action_types)

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


#: A game's action types by their ``type`` name.
ActionRegistry = Mapping[str, type[Action]]

# Bounds for everything read from a file or passed to the engine.
MAX_NUMBER = 10**9  # any whole number in an action (prices, ids, revenues)
MAX_TEXT = 100_000  # characters in one text field (a chat message included)
MAX_LIST = 1_000  # items in one list (shares, routes, connections ...)
MAX_DEPTH = 8  # nesting of lists and objects inside one field
_MAX_PLAIN = MAX_NUMBER * 10**4  # a whole number kept but not modelled (timestamps in milliseconds fit)
#: The entity types an action may name; "player" always, the rest registered by a game's rule layer.
ENTITY_TYPES: list[str] = ["player"]


#: per action class, the keys it models (the others are kept verbatim in ``extra``)
_KNOWN_KEYS: dict[type, frozenset[str]] = {}
#: The value types whose field checks are remembered: a known field's checks (``FieldChecker.typed`` and ``rule``)
#: read nothing but the key, the value and the field's types, so a scalar that passed them once passes again.
#: The value's own type is part of the memo (``True == 1`` and ``1 == 1.0`` hash alike).
_SCALARS: frozenset[type] = frozenset((str, int, float))
#: (key, value type, value, field types) that passed the checks; forgotten when it reaches ``_CHECKED_LIMIT``.
_CHECKED_SCALARS: set[tuple[Any, ...]] = set()
_CHECKED_LIMIT = 20_000
#: the version of the rule tables (``INT_RANGES``, ``FIELD_RULES``) the memo was made with
_CHECKED_FOR: list[int] = [-1]


class _RuleTable(dict):  # type: ignore[type-arg]
    """A table of field rules whose every change moves ``version`` (the memo of checked scalars starts again)."""

    version: ClassVar[int] = 0

    def _changed(self) -> None:
        _RuleTable.version += 1

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: Any) -> None:
        super().__delitem__(key)
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._changed()
        return super().setdefault(key, default)

    def pop(self, key: Any, *default: Any) -> Any:
        self._changed()
        return super().pop(key, *default)

    def popitem(self) -> Any:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self._changed()


def _remember_checked(memo: tuple[Any, ...]) -> None:
    """Remember a scalar field that passed its checks (the memo starts again empty when full)."""
    if len(_CHECKED_SCALARS) >= _CHECKED_LIMIT:
        _CHECKED_SCALARS.clear()
    _CHECKED_SCALARS.add(memo)


def _kind_of(value: Any) -> str:
    names = {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "null",
        int: "a number",
        float: "a number",
    }
    return names.get(type(value), type(value).__name__)


def describe_value(value: Any) -> str:
    """A value for a message: short, whatever it is (never the whole of a huge list or number)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        return "a number too large"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "…")
    if isinstance(value, dict | list):
        return _kind_of(value) if len(value) else ("an empty object" if isinstance(value, dict) else "an empty list")
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "…"


class FieldChecker:
    """Field checks for one action, raising ``InvalidAction`` that names the action and the field."""

    __slots__ = ("action_id", "kind", "position")

    def __init__(self, kind: str, position: int | None, action_id: int | None) -> None:
        self.kind = kind
        self.position = position
        self.action_id = action_id

    def error(self, key: str | None, message: str) -> InvalidAction:
        return InvalidAction(
            message, position=self.position, action_type=self.kind, action_id=self.action_id, field=key
        )

    def typed(self, key: str, value: Any, types: tuple[type, ...]) -> None:
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            wanted = " or ".join(_TYPE_WORDS.get(t, t.__name__) for t in types)
            raise self.error(key, f"{key} should be {wanted}, not {describe_value(value)}")

    def integer(self, key: str, value: Any, low: int, high: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(key, f"{key} should be a whole number, not {describe_value(value)}")
        if not low <= value <= high:
            raise self.error(key, f"{key} should be between {low} and {high}, not {describe_value(value)}")

    def number(self, key: str, value: Any, low: float, high: float) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(key, f"{key} should be a number, not {describe_value(value)}")
        if not low <= value <= high:  # also refuses NaN
            raise self.error(key, f"{key} should be between {low:g} and {high:g}, not {describe_value(value)}")

    def text(self, key: str, value: Any, limit: int = MAX_TEXT) -> None:
        if not isinstance(value, str):
            raise self.error(key, f"{key} should be text, not {describe_value(value)}")
        if len(value) > limit:
            raise self.error(key, f"{key} is too long ({len(value)} characters, at most {limit})")

    def id_list(self, key: str, value: Any, minimum: int = 0) -> None:
        if isinstance(value, list) and minimum <= len(value) <= MAX_LIST:  # the usual case, checked in C
            try:
                "".join(value)  # text items only (a TypeError names none: the checks below do)
            except TypeError:
                pass
            else:
                if not value or max(map(len, value)) <= 200:
                    return
        if not isinstance(value, list):
            raise self.error(key, f"{key} should be a list, not {describe_value(value)}")
        if len(value) < minimum:
            raise self.error(key, f"{key} should not be empty")
        if len(value) > MAX_LIST:
            raise self.error(key, f"{key} has too many items ({len(value)})")
        for item in value:
            if not isinstance(item, str):
                raise self.error(key, f"{key} should hold names (text), not {describe_value(item)}")
            if len(item) > 200:
                raise self.error(key, f"{key} holds a name that is too long")

    def plain(self, key: str, value: Any, depth: int = 0) -> None:
        """A value we keep but do not model: JSON data, shallow, with numbers in range."""
        if value is None or isinstance(value, bool):
            return
        if isinstance(value, int):
            if abs(value) > _MAX_PLAIN:  # timestamps in milliseconds fit
                raise self.error(key, f"{key} holds a number too large")
            return
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise self.error(key, f"{key} holds a number that is not finite")
            return
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise self.error(key, f"{key} is too long ({len(value)} characters, at most {MAX_TEXT})")
            return
        if depth >= MAX_DEPTH:
            raise self.error(key, f"{key} is nested too deeply")
        if isinstance(value, list):
            if len(value) > MAX_LIST * 10:
                raise self.error(key, f"{key} has too many items ({len(value)})")
            for item in value:
                self.plain(key, item, depth + 1)
            return
        if isinstance(value, Mapping):
            if len(value) > MAX_LIST:
                raise self.error(key, f"{key} has too many fields ({len(value)})")
            for k, item in value.items():
                if not isinstance(k, str):
                    raise self.error(key, f"{key} has a field name that is not text")
                self.plain(key, item, depth + 1)
            return
        raise self.error(key, f"{key} holds {describe_value(value)}, which is not JSON data")

    def rule(self, key: str, value: Any) -> None:
        """The range and shape rules of a known field (after its type check)."""
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = INT_RANGES.get(key, (-MAX_NUMBER, MAX_NUMBER))
            self.integer(key, value, low, high)
        elif isinstance(value, float):
            low, high = INT_RANGES.get(key, (-MAX_NUMBER, MAX_NUMBER))
            self.number(key, value, low, high)
        elif isinstance(value, str):
            self.text(key, value, MAX_TEXT if key in ("message", "reason") else 200)
        extra_rule = FIELD_RULES.get(key)
        if extra_rule is not None:
            extra_rule(self, key, value)


_TYPE_WORDS: dict[type, str] = {
    str: "text",
    int: "a whole number",
    float: "a number",
    list: "a list",
    bool: "true or false",
    dict: "an object",
}
# Ranges of known numeric fields (others: -MAX_NUMBER..MAX_NUMBER); rule layers add theirs.
INT_RANGES: dict[str, tuple[int, int]] = _RuleTable({"action_id": (0, MAX_NUMBER)})
#: Shape checks of known fields by name (run after the type and range checks); rule layers add theirs.
FIELD_RULES: dict[str, Callable[[FieldChecker, str, Any], None]] = _RuleTable()


@dataclass(slots=True, kw_only=True)
class Pass(Action):
    TYPE: ClassVar[str] = "pass"


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


#: The action types every game has.
KERNEL_ACTION_TYPES: tuple[type[Action], ...] = (Pass, EndGame, Message, Log, Undo, Redo)

#: Every registered action type by its ``type`` name (the default registry of ``Action.from_dict``).
ACTION_TYPES: dict[str, type[Action]] = {}


def action_registry(*classes: type[Action]) -> dict[str, type[Action]]:
    """A registry of the kernel's action types and ``classes`` (a game's own ``action_types``)."""
    return {cls.TYPE: cls for cls in (*KERNEL_ACTION_TYPES, *classes)}


def register_action_types(*classes: type[Action]) -> None:
    """Add action types to the default registry (a rule layer does this once, when it is imported)."""
    for cls in classes:
        ACTION_TYPES[cls.TYPE] = cls


def register_entity_types(*names: str) -> None:
    """Allow actions to name entities of these types (besides "player")."""
    for name in names:
        if name not in ENTITY_TYPES:
            ENTITY_TYPES.append(name)


register_action_types(*KERNEL_ACTION_TYPES)
