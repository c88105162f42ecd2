"""Corporation types with their own capitalisation and lowest price (CorporationSpec.type, .capitalization,
.min_price, .hide_shares), built into the model by engine/services/setup.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from engine.titles.g1889.rules import Game1889
from engine.titles.spec import TitleSpec


def test_types_capitalisation_and_min_price_reach_the_model() -> None:
    base = Game1889.TITLE
    first, second, *rest = base.corporations
    minor = replace(first, type="minor", capitalization="incremental", min_price=50, shares=(100,),
                    max_ownership_percent=100, float_percent=100)
    national = replace(second, type="national", hide_shares=True)

    class Typed(Game1889):
        TITLE: ClassVar[TitleSpec] = replace(base, corporations=(minor, national, *rest))

    game: Any = Typed([(1, "A"), (2, "B"), (3, "C")], seed=1)
    m, n, plain = game.corporations[:3]
    assert (m.type, m.capitalization, m.min_price, len(m.all_shares)) == ("minor", "incremental", 50, 1)
    assert n.type == "national" and n.hide_shares
    assert plain.type is None and plain.capitalization == game.rules.capitalization
    assert plain.min_price == min(sp.price for sp in game.stock_market.par_prices)
