"""The ``hex_bonus`` ability in general route revenue: a stop on a named hex pays ``amount`` more, or (our
``multiplier``) several times its value; the revenue stays additive, so every method of the exact route
optimiser keeps finding the best run (also checked against the brute force in test_routing_oracle /
test_routing_methods with the ``hexbonus`` host)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.map.hexes import Hex, connect_hexes
from engine.map.route import base_revenue_for, hex_bonus
from engine.map.tile import Tile
from engine.model.abilities import HexBonus, make_ability
from engine.routing import optimise
from engine.routing.scoring import Scorer
from tests.engine.test_routing_oracle import Corp, HexBonusHost, Host, Train, oracle_best

LINE = {
    "A1": "city=revenue:20;path=a:1,b:_0;path=a:4,b:_0",
    "A3": "city=revenue:30;path=a:1,b:_0;path=a:4,b:_0",
    "A5": "city=revenue:35;path=a:1,b:_0;path=a:4,b:_0",
}


def test_the_ability_adds_its_amount_or_multiplies_the_stop() -> None:
    plus = make_ability({"type": "hex_bonus", "hexes": ["D9"], "amount": 20})
    double = make_ability({"type": "hex_bonus", "hexes": ["A81", "L84"], "amount": 0, "multiplier": 2})
    assert isinstance(plus, HexBonus) and isinstance(double, HexBonus)
    assert plus.multiplier == 1
    assert plus.bonus("D9", 50) == 20
    assert plus.bonus("D8", 50) == 0
    assert double.bonus("L84", 40) == 40
    assert double.bonus("D9", 40) == 0


def line(bonuses: list[dict[str, Any]] | None) -> tuple[Host, Corp, Train]:
    """A1 - A3 - A5 in a row, the corporation's token on A3 in the middle, one 2-train."""
    hexes = [Hex(h, "pointy", Tile.from_code(h, code, "green", preprinted=True)) for h, code in LINE.items()]
    connect_hexes(hexes)
    if bonuses is None:
        host = Host(hexes)
    else:
        host = HexBonusHost(hexes, "A1", "A1")
        host.ability_rules.bonuses = [make_ability(b) for b in bonuses]
    corp = Corp("PRR")
    hexes[1].tile.cities[0].exchange_token(corp.tokens[0])
    train = Train("2", 2, corp, 0)
    host.trains = {train.id: train}
    return host, corp, train


BONUSES = [
    pytest.param(None, 65, ["A3", "A5"], id="no bonus: A3-A5"),
    pytest.param([{"type": "hex_bonus", "hexes": ["A1"], "amount": 30}], 80, ["A1", "A3"], id="+30 on A1"),
    pytest.param([{"type": "hex_bonus", "hexes": ["A1"], "amount": 0, "multiplier": 2}], 70, ["A1", "A3"],
                 id="A1 doubled"),
]


@pytest.mark.parametrize("method", ["auto", "sequences", "routes", "joint", "lagrange", "cpsat"])
@pytest.mark.parametrize(("bonuses", "best", "hexes"), BONUSES)
def test_every_optimiser_method_takes_the_bonus(method: str, bonuses: Any, best: int, hexes: list[str]) -> None:
    host, corp, train = line(bonuses)
    stops = [n for h in host.hexes for n in h.tile.nodes if n.is_stop]
    assert oracle_best(host, stops, [train]) == best
    result = optimise(host, host.hexes, corp, [train], rules=object(), method=method)
    assert result.total == best
    assert sorted(result.routes[0]["hexes"]) == hexes


def test_route_revenue_and_the_scorer_agree() -> None:
    host, corp, train = line([{"type": "hex_bonus", "hexes": ["A1"], "amount": 30},
                              {"type": "hex_bonus", "hexes": ["A5"], "amount": 0, "multiplier": 3}])
    scorer = Scorer(object(), host, corp, train)
    assert scorer.additive  # a hex bonus keeps the revenue a sum over stops
    a1, a3, a5 = (h.tile.cities[0] for h in host.hexes)
    assert [scorer.value(s) for s in (a1, a3, a5)] == [50, 30, 105]
    bonuses = host.ability_rules.bonuses
    assert hex_bonus(bonuses, a5, 35) == 70
    route = scorer.engine_route([])
    assert base_revenue_for(route, [a1, a3, a5]) == 185


def test_a_host_without_ability_rules_pays_the_plain_values() -> None:
    host, corp, train = line(None)
    scorer = Scorer(object(), host, corp, train)
    assert [scorer.value(h.tile.cities[0]) for h in host.hexes] == [20, 30, 35]
