"""Stock market: cells, par prices, and 2-D / 1-D movement (modelled on the reference's stock_market_spec)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.model.entities import Corporation
from engine.model.market import SharePrice, StockMarket

# Our own 2-D grid in the usual shape: ledges on the right, blanks at the bottom right.
MARKET = [
    ["75", "80", "90", "100p", "110", "125", "140"],
    ["70", "75", "80", "90p", "100", "110", "125"],
    ["65", "70", "75", "80p", "90", "100", "110"],
    ["60y", "65y", "70", "75", "80", "90", "100"],
    ["50y", "60y", "65y", "70", "75", "80", ""],
    ["40o", "50y", "60y", "65y", "70", "", ""],
    ["30o", "40o", "50y", "60y", "", "", ""],
]

ONE_D = [["0c", "10", "20", "30", "40p", "50p", "60p", "70p", "80p", "90p", "100p", "112p", "124p", "137p",
          "150p", "165", "180", "195", "212", "230", "250", "270", "295", "320", "345", "375", "405", "440",
          "475", "510", "550e"]]

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"


def corp(sym: str = "a") -> Corporation:
    return Corporation(sym, sym, [0])


@pytest.fixture
def market() -> StockMarket:
    return StockMarket(MARKET)


class TestCells:
    def test_codes(self, market: StockMarket) -> None:
        cell = market.share_price(0, 3)
        assert cell is not None
        assert cell.price == 100
        assert cell.id == "100,0,3"
        assert cell.coordinates == (0, 3)
        assert cell.types == ["par"] and cell.type == "par"
        assert cell.can_par
        assert market.share_price((4, 0)).types == ["no_cert_limit"]
        assert not market.share_price(4, 0).counts_for_limit
        assert not market.share_price(5, 0).counts_for_limit  # orange: unlimited
        assert market.share_price(5, 0).type == "unlimited"
        assert market.share_price(3, 3).counts_for_limit
        assert market.share_price(4, 6) is None  # blank
        assert market.share_price(9, 0) is None  # outside
        assert market.share_price(0, 99) is None

    def test_multiple_buy_and_close_cells(self) -> None:
        m = StockMarket([["0c", "50", "60b", "70p"]])
        assert m.has_close_cell
        assert m.share_price(0, 2).buy_multiple
        assert not m.share_price(0, 2).counts_for_limit
        assert not m.share_price(0, 1).buy_multiple
        assert m.share_price(0, 0).type == "close"
        custom = StockMarket([["50", "60b"]], unlimited_types=[], multiple_buy_types=[])
        assert custom.share_price(0, 1).counts_for_limit
        assert not custom.share_price(0, 1).buy_multiple

    def test_par_prices_order(self, market: StockMarket) -> None:
        assert [p.id for p in market.par_prices] == ["100,0,3", "90,1,3", "80,2,3"]
        one_d = StockMarket(ONE_D)
        assert [p.price for p in one_d.par_prices] == [150, 137, 124, 112, 100, 90, 80, 70, 60, 50, 40]

    def test_par_prices_with_equal_prices(self) -> None:
        m = StockMarket([["70p", "80p", "90"], ["60", "70p", "80p"]])
        # descending (price, column, row)
        assert [p.id for p in m.par_prices] == ["80,1,2", "80,0,1", "70,1,1", "70,0,0"]

    def test_lookup_by_id(self, market: StockMarket) -> None:
        assert market.share_price_by_id("67,5,6") is None
        assert market.share_price_by_id("90,1,3") is market.share_price(1, 3)

    def test_dict_cells(self) -> None:
        m = StockMarket([[{"price": 50}, {"price": 65, "types": ["par"]}, {"price": 360, "types": ["endgame"]}]])
        assert [p.id for p in m.par_prices] == ["65,0,1"]
        assert m.share_price(0, 2).end_game_trigger

    def test_from_code(self) -> None:
        sp = SharePrice.from_code("10", 0, 0)
        assert sp is not None and sp.price == 10 and sp.types == [] and sp.type is None
        assert SharePrice.from_code("", 0, 0) is None
        assert SharePrice.from_code(None, 0, 0) is None


class TestTwoDimensionalMovement:
    def test_set_par(self, market: StockMarket) -> None:
        c = corp()
        cell = market.share_price(1, 3)
        market.set_par(c, cell)
        assert c.share_price is cell and c.par_price is cell and c.original_par_price is cell
        assert cell.corporations == [c]

    def test_moves_right(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(0, 0)
        market.set_par(c, current)
        market.move_right(c)
        assert c.share_price is market.share_price(0, 1)
        assert current.corporations == []
        assert c.par_price is current

    def test_moves_up_at_wall(self, market: StockMarket) -> None:
        c = corp()
        current = market.market[1][-1]
        market.set_par(c, current)
        market.move_right(c)
        assert c.share_price is market.market[0][-1]
        assert current.corporations == []

    def test_right_at_top_right_corner_stays(self, market: StockMarket) -> None:
        c = corp()
        current = market.market[0][-1]
        market.set_par(c, current)
        market.move_right(c)
        assert c.share_price is current
        assert current.corporations == [c]

    def test_moves_up(self, market: StockMarket) -> None:
        c = corp()
        market.set_par(c, market.share_price(1, 0))
        market.move_up(c)
        assert c.share_price is market.share_price(0, 0)

    def test_stays_put_at_ceiling(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(0, 0)
        market.set_par(c, current)
        market.move_up(c)
        assert c.share_price is current
        assert current.corporations == [c]

    def test_moves_left(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(1, 1)
        market.set_par(c, current)
        market.move_left(c)
        assert c.share_price is market.share_price(1, 0)
        assert current.corporations == []

    def test_moves_down_at_left_wall(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(0, 0)
        market.set_par(c, current)
        market.move_left(c)
        assert c.share_price is market.share_price(1, 0)
        assert current.corporations == []

    def test_left_at_bottom_left_corner_stays(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(6, 0)
        market.set_par(c, current)
        market.move_left(c)
        assert c.share_price is current

    def test_moves_down(self, market: StockMarket) -> None:
        c = corp()
        market.set_par(c, market.share_price(0, 0))
        market.move_down(c)
        assert c.share_price is market.share_price(1, 0)

    def test_stays_put_at_cliff(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(5, 4)
        market.set_par(c, current)
        market.move_down(c)
        assert c.share_price is current
        assert current.corporations == [c]

    def test_stays_put_at_bottom_row(self, market: StockMarket) -> None:
        c = corp()
        current = market.share_price(6, 1)
        market.set_par(c, current)
        market.move_down(c)
        assert c.share_price is current

    def test_does_not_change_order_on_a_cliff(self, market: StockMarket) -> None:
        a, b = corp("a"), corp("b")
        current = market.share_price(5, 4)
        market.set_par(a, current)
        market.set_par(b, current)
        market.move_down(a)
        assert a.share_price is current
        assert [c.name for c in current.corporations] == ["a", "b"]

    def test_arrival_order(self, market: StockMarket) -> None:
        a, b, c = corp("a"), corp("b"), corp("c")
        market.set_par(a, market.share_price(1, 3))
        market.set_par(b, market.share_price(0, 2))
        market.set_par(c, market.share_price(1, 3))
        market.move_down(b)  # 90 -> 80 at (1, 2)
        market.move_right(b)  # -> (1, 3): joins the end
        assert market.share_price(1, 3).corporations == [a, c, b]
        market.move_right(a)
        market.move_left(a)  # back: now last
        assert market.share_price(1, 3).corporations == [c, b, a]

    def test_find_share_price_does_not_move(self, market: StockMarket) -> None:
        c = corp()
        market.set_par(c, market.share_price(2, 3))
        target = market.find_share_price(c, ["down", "down", "left"])
        assert target is market.share_price(4, 2)
        assert c.share_price is market.share_price(2, 3)
        # blank cells keep the last real one
        market.move(c, (5, 4))
        assert market.find_share_price(c, "down") is market.share_price(5, 4)

    def test_move_ignores_blanks(self, market: StockMarket) -> None:
        c = corp()
        market.set_par(c, market.share_price(3, 6))
        market.move(c, (4, 6))
        assert c.share_price is market.share_price(3, 6)

    def test_sold_out_top_row_down_right(self) -> None:
        m = StockMarket(MARKET, sold_out_top_row_movement="down_right")
        c = corp()
        m.set_par(c, m.share_price(0, 2))
        m.move_up(c)
        assert c.share_price is m.share_price(1, 3)


class TestOneDimensionalMovement:
    def test_left_right_and_ends(self) -> None:
        m = StockMarket(ONE_D)
        assert m.one_d and m.kind == "one_d"
        c = corp()
        m.set_par(c, m.share_price(0, 4))
        m.move_right(c)
        assert c.share_price.price == 50
        m.move_up(c)  # up = right
        assert c.share_price.price == 60
        m.move_down(c)  # down = left
        m.move_left(c)
        assert c.share_price.price == 40
        for _ in range(10):
            m.move_left(c)
        assert c.share_price.price == 0
        assert c.share_price.type == "close"

    def test_end_game_cell(self) -> None:
        m = StockMarket(ONE_D)
        c = corp()
        m.set_par(c, m.share_price(0, 28))
        assert not m.max_reached
        m.move_right(c)
        m.move_right(c)
        assert c.share_price.price == 550
        assert m.max_reached and m.has_reached_end_game_cell
        m.move_right(c)
        assert c.share_price.price == 550


def test_reference_1889_market_edges() -> None:
    """The reference's own spec cases on the real 1889 grid, when the shared data is present."""
    path = SHARED / "reference" / "titles" / "1889.json"
    if not path.exists():
        pytest.skip("shared reference data not available")
    grid = json.loads(path.read_text())["own"]["MARKET"]
    m = StockMarket(grid)
    c = corp()
    m.set_par(c, m.market[7][4])
    m.move_down(c)
    assert c.share_price is m.market[7][4]  # stays put at the cliff
    d = corp("d")
    m.set_par(d, m.market[1][-1])
    m.move_right(d)
    assert d.share_price is m.market[0][-1]
    assert [p.price for p in m.par_prices] == [100, 90, 80, 75, 70, 65]
