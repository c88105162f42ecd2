"""Comparing a title's data with the reference dump: loading, normalising, shared assertions.

The reference dumps (``../shared/reference/titles/<title>.json``) are read at test time only; a
test that needs one skips cleanly when ``../shared`` is absent.  Each dump holds the title's
``own`` constants and the ones it ``inherited`` from the reference engine.

The ``assert_*_match`` functions hold the comparisons that are the same for every title; where a
title's comparison differs, the difference is a parameter (or stays in that title's test file).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.titles.spec import STANDARD_SHARES, RuleSet, TitleSpec, group_code
from tests.conftest import TITLES, shared_or_skip

REFERENCE_DIR: Path = TITLES

#: Reference keys that only dress the UI (our own logos are elsewhere).
UI_ONLY_KEYS = frozenset({"logo", "simple_logo"})

COMPANY_KEYS = frozenset({"name", "sym", "value", "revenue", "desc", "abilities", "color", "min_players", "discount"})
CORPORATION_KEYS = frozenset(
    {
        "sym",
        "name",
        "tokens",
        "coordinates",
        "city",
        "color",
        "text_color",
        "float_percent",
        "max_ownership_percent",
        "shares",
        "always_market_price",
        "abilities",
        "type",
        "hide_shares",
    }
)
TRAIN_KEYS = frozenset(
    {"name", "distance", "price", "num", "rusts_on", "obsolete_on", "available_on", "discount", "variants", "events"}
)

# Our RuleSet field -> the reference constant it mirrors, where the name is not just upper-cased.
CONSTANT_NAMES = {"currency_format": "CURRENCY_FORMAT_STR"}


# =============================================================================================
# Loading and normalising
# =============================================================================================


def load(title: str) -> dict[str, Any]:
    """The whole reference dump of ``title``; skips the test when it is not available."""
    path = shared_or_skip(REFERENCE_DIR / f"{title}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def own_constants(title: str) -> dict[str, Any]:
    """The reference's own constants for ``title``."""
    own: dict[str, Any] = load(title)["own"]
    return own


def _inherited_everywhere() -> dict[str, Any]:
    defaults: dict[str, Any] = {}
    for path in sorted(REFERENCE_DIR.glob("*.json")) if REFERENCE_DIR.is_dir() else []:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and "inherited" in data:
            defaults.update(data["inherited"])
    return defaults


def engine_defaults() -> dict[str, Any]:
    """The engine-wide defaults, merged from the ``inherited`` blocks of every dump present."""
    defaults = _inherited_everywhere()
    if not defaults:
        pytest.skip("reference dumps are not available")
    return defaults


def all_constants(title: str, *, with_engine_defaults: bool = False) -> dict[str, Any]:
    """Every constant of ``title`` as the reference engine sees it (own over inherited), over the
    engine-wide defaults of every dump present when ``with_engine_defaults``."""
    defaults = _inherited_everywhere() if with_engine_defaults else {}
    dump = load(title)
    return {**defaults, **dump["inherited"], **dump["own"]}


def own_constants_fixture(title: str) -> Any:
    """A module fixture ``ref``: the reference's own constants for ``title``."""

    @pytest.fixture(scope="module", name="ref")
    def ref() -> dict[str, Any]:
        return own_constants(title)

    return ref


def all_constants_fixture(title: str, *, with_engine_defaults: bool = False) -> Any:
    """A module fixture ``ref_all``: every constant of ``title`` (see ``all_constants``)."""

    @pytest.fixture(scope="module", name="ref_all")
    def ref_all() -> dict[str, Any]:
        return all_constants(title, with_engine_defaults=with_engine_defaults)

    return ref_all


def plain(value: Any) -> Any:
    """Normalise containers for comparison: mappings -> dicts with str keys, sequences -> lists."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


def without_wording(abilities: Any, wording_keys: Collection[str]) -> list[dict[str, Any]]:
    """Ability dictionaries without the keys that are UI wording (our own text)."""
    return [{k: v for k, v in plain(a).items() if k not in wording_keys} for a in abilities]


def reference_rule(field_name: str, constants: Mapping[str, Any]) -> Any:
    """The reference's value for ``RuleSet.<field_name>``, in the shape ``plain`` gives ours."""
    constant = CONSTANT_NAMES.get(field_name, field_name.upper())
    assert constant in constants, f"RuleSet.{field_name} has no reference constant {constant}"
    value = constants[constant]
    if field_name == "game_end_check":
        return [[reason, timing] for reason, timing in value.items()]
    return value


def _identity(table: Any) -> Any:
    return table


# =============================================================================================
# The title's own data (no reference needed)
# =============================================================================================


def assert_internally_consistent(title: TitleSpec) -> None:
    """Every hex, tile, corporation, train, option, status and event that the data names exists."""
    hexes = set(title.hex_ids())
    assert set(title.location_names) <= hexes
    for corporation in title.corporations:
        assert set(corporation.home_hexes) <= hexes
    corporations = {c.sym for c in title.corporations}
    for company in title.companies:
        for ability in company.abilities:
            assert set(ability.get("hexes", [])) <= hexes
            assert set(ability.get("tiles", [])) <= set(title.tiles)
            assert set(ability.get("corporations", [])) <= corporations
    assert set(title.custom_tiles) <= set(title.tiles)
    train_names = {t.name for t in title.trains}
    for train in title.trains:
        for name in (train.rusts_on, train.obsolete_on, train.available_on):
            assert name is None or name in train_names
    for phase in title.phases[1:]:
        assert phase.on in train_names
    option_syms = {o.sym for o in title.optional_rules}
    for train in title.trains:
        assert set(train.num_by_option) <= option_syms
    for option in title.optional_rules:
        assert set(option.rule_changes) <= {f.name for f in dataclasses.fields(RuleSet)}
    statuses = {status for phase in title.phases for status in phase.status}
    assert statuses <= set(title.status_text)
    events = {event["type"] for train in title.trains for event in train.events}
    assert events <= set(title.events_text)


# =============================================================================================
# Comparison with the reference dump
# =============================================================================================


def assert_basics_match(
    title: TitleSpec, ref: Mapping[str, Any], *, per_player: Callable[[Any], Any] = _identity
) -> None:
    """Layout, players, certificate limit, starting cash and credits.  ``per_player`` restricts the
    reference's per-player tables to what the title supports.  (Bank, axes, subtitle and publisher
    are written differently by each title; their tests compare them.)"""
    assert title.layout == ref["LAYOUT"]
    assert list(title.player_range) == ref["PLAYER_RANGE"]
    assert plain(title.cert_limit) == per_player(ref["CERT_LIMIT"])
    assert plain(title.starting_cash) == per_player(ref["STARTING_CASH"])
    assert title.designer == ref["GAME_DESIGNER"]
    assert title.location == ref["GAME_LOCATION"]
    assert title.rules_url == ref["GAME_RULES_URL"]
    assert title.info_url == ref["GAME_INFO_URL"]


def assert_companies_match(title: TitleSpec, ref: Mapping[str, Any], *, same_key_order: bool = False) -> None:
    """Private companies, in order; abilities dictionary for dictionary (and key order when asked)."""
    assert [c.sym for c in title.companies] == [c["sym"] for c in ref["COMPANIES"]]
    for ours, theirs in zip(title.companies, ref["COMPANIES"], strict=True):
        assert ours.name == theirs["name"]
        assert ours.value == theirs["value"]
        assert ours.revenue == theirs["revenue"]
        assert ours.color == theirs.get("color")
        assert ours.min_players == theirs.get("min_players")
        assert ours.discount == theirs.get("discount", 0)
        assert plain(ours.abilities) == theirs.get("abilities", []), ours.sym
        if same_key_order:
            for mine, other in zip(ours.abilities, theirs.get("abilities", []), strict=True):
                assert list(mine) == list(other), ours.sym
        assert set(theirs) <= COMPANY_KEYS, f"unmodelled company keys: {set(theirs) - COMPANY_KEYS}"


def assert_corporations_match(title: TitleSpec, ref: Mapping[str, Any], *, wording_keys: Collection[str] = ()) -> None:
    """Corporations, in order.  ``wording_keys``: ability keys that are our own wording; their
    values are not compared, but an ability has one exactly where the reference's does."""
    assert [c.sym for c in title.corporations] == [c["sym"] for c in ref["CORPORATIONS"]]
    for ours, theirs in zip(title.corporations, ref["CORPORATIONS"], strict=True):
        assert ours.name == theirs["name"]
        assert list(ours.tokens) == theirs["tokens"]
        assert ours.coordinates == theirs["coordinates"]
        assert ours.city == theirs.get("city")
        assert ours.color == theirs["color"]
        assert ours.text_color == theirs.get("text_color", "white")
        assert ours.float_percent == theirs["float_percent"]
        assert ours.max_ownership_percent == theirs.get("max_ownership_percent", 60)
        assert list(ours.shares) == theirs.get("shares", list(STANDARD_SHARES))
        assert ours.always_market_price == theirs.get("always_market_price", False)
        assert ours.type == theirs.get("type")
        assert ours.hide_shares == theirs.get("hide_shares", False)
        their_abilities = theirs.get("abilities", [])
        assert without_wording(ours.abilities, wording_keys) == without_wording(their_abilities, wording_keys), ours.sym
        if wording_keys:
            for mine, reference in zip(ours.abilities, their_abilities, strict=True):
                assert {k for k in wording_keys if k in mine} == {k for k in wording_keys if k in reference}
        known = CORPORATION_KEYS | UI_ONLY_KEYS
        assert set(theirs) <= known, f"unmodelled corporation keys: {set(theirs) - known}"


def assert_trains_match(title: TitleSpec, ref: Mapping[str, Any], *, computed_num: Collection[str] = ()) -> None:
    """Trains, in order.  ``computed_num``: trains whose count the reference computes in a method
    (it has no ``num``); the title's own test asserts those counts as plain facts."""
    assert [t.name for t in title.trains] == [t["name"] for t in ref["TRAINS"]]
    for ours, theirs in zip(title.trains, ref["TRAINS"], strict=True):
        assert plain(ours.distance) == theirs["distance"]
        assert ours.price == theirs["price"]
        if ours.name in computed_num:
            assert "num" not in theirs, ours.name
        else:
            assert "num" in theirs, ours.name
            assert ours.num == theirs["num"]
            assert not ours.num_by_option
        assert ours.rusts_on == theirs.get("rusts_on")
        assert ours.obsolete_on == theirs.get("obsolete_on")
        assert ours.available_on == theirs.get("available_on")
        assert plain(ours.discount) == theirs.get("discount")
        assert plain(ours.variants) == theirs.get("variants", [])
        assert plain(ours.events) == theirs.get("events", [])
        assert set(theirs) <= TRAIN_KEYS, f"unmodelled train keys: {set(theirs) - TRAIN_KEYS}"


def assert_phases_match(
    title: TitleSpec,
    ref: Mapping[str, Any],
    *,
    status_text: Mapping[str, Any] | None = None,
    events_text: Mapping[str, Any] | None = None,
) -> None:
    """Phases, in order; and the status / event texts' keys against the reference's, when given."""
    assert [p.name for p in title.phases] == [p["name"] for p in ref["PHASES"]]
    for ours, theirs in zip(title.phases, ref["PHASES"], strict=True):
        assert ours.on == theirs.get("on")
        assert ours.train_limit == theirs["train_limit"]
        assert list(ours.tiles) == theirs["tiles"]
        assert ours.operating_rounds == theirs["operating_rounds"]
        assert list(ours.status) == theirs.get("status", [])
        assert plain(ours.events) == theirs.get("events", [])
    if status_text is not None:
        assert set(title.status_text) == set(status_text)
    if events_text is not None:
        assert set(title.events_text) == set(events_text)


def assert_market_matches(title: TitleSpec, ref: Mapping[str, Any]) -> None:
    assert plain(title.market) == ref["MARKET"]


def assert_hexes_match(title: TitleSpec, ref: Mapping[str, Any], *, strip_reference_codes: bool = False) -> None:
    """Same colours, same groups, same codes, same hex order, in the same order.
    ``strip_reference_codes``: the reference has stray spaces around some codes."""
    ours = [
        (color, [(list(hex_ids), group_code(tile)) for tile, hex_ids in groups.items()])
        for color, groups in title.hexes.items()
    ]

    def code(tile: str) -> str:
        return tile.strip() if strip_reference_codes else tile

    theirs = [
        (color, [(json.loads(hex_ids), code(tile)) for hex_ids, tile in groups.items()])
        for color, groups in ref["HEXES"].items()
    ]
    assert ours == theirs


def assert_tiles_match(title: TitleSpec, ref: Mapping[str, Any]) -> None:
    """The tile supply in order: catalogue tiles by count, the title's own as count, colour and code."""
    assert set(title.custom_tiles) <= set(title.tiles)
    ours: list[tuple[str, Any]] = []
    for name, count in title.tiles.items():
        custom = title.custom_tiles.get(name)
        if custom is None:
            ours.append((name, count))
        else:
            assert not custom.hidden, name
            ours.append((name, {"count": count, "color": custom.color, "code": custom.code}))
    assert ours == list(ref["TILES"].items())


def assert_location_names_match(title: TitleSpec, ref: Mapping[str, Any]) -> None:
    assert list(title.location_names.items()) == list(ref["LOCATION_NAMES"].items())


def assert_optional_rules_match(
    title: TitleSpec,
    options: Sequence[Mapping[str, Any]],
    mutex_rules: Sequence[Sequence[str]],
    *,
    compare_short_names: bool = True,
) -> None:
    """Optional rules (symbol, short name unless ours is our own wording, players) and mutex groups."""
    ours = [(o.sym, o.short_name if compare_short_names else None, o.players) for o in title.optional_rules]
    theirs = [
        (o["sym"], o["short_name"] if compare_short_names else None, tuple(o["players"]) if "players" in o else None)
        for o in options
    ]
    assert ours == theirs
    assert [list(group) for group in title.mutex_rules] == list(mutex_rules)


def assert_rules_match(rules: RuleSet, constants: Mapping[str, Any], *, except_fields: Collection[str] = ()) -> None:
    """Every ``RuleSet`` switch equals the reference constant it mirrors."""
    for field in dataclasses.fields(RuleSet):
        if field.name not in except_fields:
            assert plain(getattr(rules, field.name)) == reference_rule(field.name, constants), field.name


def assert_rule_switches_match(
    title: TitleSpec,
    constants: Mapping[str, Any],
    *,
    method_overrides: Mapping[str, tuple[Any, Sequence[str]]] | None = None,
) -> None:
    """The title's switches equal the reference's constants.  ``method_overrides``: switches the
    reference changes through a method rather than a constant, as field -> (the value in the base
    game, the options under which the switch takes the constant's value)."""
    overrides = dict(method_overrides or {})
    assert_rules_match(title.rules, constants, except_fields=overrides)
    for name, (base_value, options) in overrides.items():
        assert plain(getattr(title.rules, name)) == plain(base_value), name
        with_options = title.rules_for(list(options))
        assert plain(getattr(with_options, name)) == reference_rule(name, constants), name
