"""The 1830 family module: what 1830, 1836Jr-30, 18NL and 18JP-T share is written once."""

from __future__ import annotations

import pytest

from engine.steps.single_train import BuySingleTrainOfType
from engine.steps.token import TokenStep
from engine.steps.trains import BuyTrain
from engine.titles.family1830 import MARKET_1830, operating_round_steps_1830, phases_2_to_d
from engine.titles.registry import load_title


def test_1830s_operating_round_with_replacements() -> None:
    plain = operating_round_steps_1830()
    assert BuyTrain in plain and TokenStep in plain
    single = operating_round_steps_1830(BuyTrain=BuySingleTrainOfType)
    assert single == [BuySingleTrainOfType if s is BuyTrain else s for s in plain]
    assert len(operating_round_steps_1830(SpecialToken=None)) == len(plain) - 1
    with pytest.raises(ValueError, match="no step"):
        operating_round_steps_1830(Tracks=None)


def test_the_family_titles_share_the_market_and_phases() -> None:
    for title in ("1830", "1836Jr30", "18NL"):
        assert load_title(title).TITLE.market == MARKET_1830
    for title in ("1836Jr30", "18NL"):
        assert load_title(title).TITLE.phases == phases_2_to_d()
    jpt = load_title("18JP-T").TITLE.phases
    assert [p.name for p in jpt] == ["2", "3", "4", "5", "6", "D"]
    assert jpt[-1].tiles == ("yellow", "green", "brown", "gray")
    assert load_title("1830")([(1, "a"), (2, "b")]).operating_round_steps() == operating_round_steps_1830()
