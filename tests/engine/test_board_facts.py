"""``board_facts``: a scenario's or map's board, money and trains read from its data module, the one list of
names the 1822 scenarios and maps replace in the base title's spec."""

from __future__ import annotations

from types import SimpleNamespace

from engine.titles.g1822_mrs import data as mrs_data
from engine.titles.registry import title_spec
from engine.titles.spec import BOARD_FACTS, board_facts


def test_board_facts_reads_each_upper_case_name() -> None:
    data = SimpleNamespace(**{name.upper(): f"<{name}>" for name in BOARD_FACTS})
    assert board_facts(data) == {name: f"<{name}>" for name in BOARD_FACTS}


def test_a_scenario_spec_carries_its_own_board() -> None:
    spec = title_spec("1822MRS")
    for name, value in board_facts(mrs_data).items():
        assert getattr(spec, name) == value, name
    assert spec.hexes != title_spec("1822").hexes
