"""Share certificates, bundles and the bundle generator."""

from __future__ import annotations

import pytest

from engine.errors import InvalidAction
from engine.model.entities import Corporation, Player
from engine.model.market import SharePrice
from engine.model.shares import ShareBundle, all_bundles_for_corporation, bundles_for_corporation


def parred(sym: str = "PRR", price: int = 67, **kwargs) -> Corporation:
    c = Corporation(sym, sym, [0, 40], "H12", **kwargs)
    sp = SharePrice(price, 5, 6, ["par"])
    sp.corporations.append(c)
    c.share_price = sp
    c.par_price = sp
    c.ipoed = True
    return c


def ids(items) -> list[str]:
    return [s.id for s in items]


class TestShare:
    def test_ids_and_size(self) -> None:
        c = parred()
        share = c.presidents_share
        assert share.id == "PRR_0"
        assert share.num_shares == 2
        assert share.exact_num_shares == 2.0
        assert c.shares[3].id == "PRR_3"
        assert c.shares[3].num_shares == 1
        assert share.owner is c
        assert share.player is None

    def test_price(self) -> None:
        c = parred(price=67)
        assert c.presidents_share.price == 134
        assert c.shares[1].price == 67

    def test_to_bundle(self) -> None:
        c = parred()
        bundle = c.shares[1].to_bundle()
        assert bundle.shares == [c.shares[1]]
        assert bundle.percent == 10
        assert c.presidents_share.to_bundle(10).partial


class TestShareBundle:
    def test_validation(self) -> None:
        a, b = parred("A"), parred("B")
        with pytest.raises(InvalidAction):
            ShareBundle([])
        with pytest.raises(InvalidAction):
            ShareBundle([a.shares[1], b.shares[1]])
        alice = Player(1, "Alice")
        a.shares[1].transfer(alice)
        with pytest.raises(InvalidAction):
            ShareBundle([alice.shares[0], a.shares[1]])

    def test_partial_president_bundle(self) -> None:
        c = parred(price=71)
        bundle = ShareBundle([c.shares[1], c.presidents_share], 20)
        assert bundle.partial
        assert bundle.presidents_share is c.presidents_share
        assert bundle.num_shares == 2
        assert bundle.price == 142
        full = ShareBundle([c.shares[1], c.presidents_share])
        assert not full.partial
        assert full.price == 213

    def test_price_rounds_up(self) -> None:
        c = Corporation("T", "T", [0], shares=[20, 10, 10, 10, 10, 10, 10, 10, 5, 5])
        sp = SharePrice(67, 0, 0, ["par"])
        c.share_price = sp
        c.par_price = sp
        bundle = ShareBundle(c.all_shares[8])
        assert bundle.exact_num_shares == 0.5
        assert bundle.num_shares == 1
        assert bundle.price == 34

    def test_share_price_override(self) -> None:
        c = parred(price=100)
        bundle = ShareBundle(c.shares[1:3])
        bundle.share_price = 90
        assert bundle.price_per_share == 90
        assert bundle.price == 180

    def test_equality(self) -> None:
        c = parred()
        assert ShareBundle(c.shares[1:3]) == ShareBundle(c.shares[1:3])
        assert ShareBundle(c.shares[1:3]) != ShareBundle(c.shares[1:3], 10)
        assert ShareBundle(c.shares[1:3]) != ShareBundle(c.shares[2:4])

    def test_can_dump(self) -> None:
        c = parred()
        alice, bob = Player(1, "Alice"), Player(2, "Bob")
        c.presidents_share.transfer(alice)
        c.shares[0].transfer(alice)
        c.owner = alice
        c.shares[0].transfer(bob)
        pres_bundle = ShareBundle(alice.shares_of(c))
        assert not pres_bundle.can_dump(alice)  # Bob holds only 10%
        assert ShareBundle(alice.shares_of(c)[1]).can_dump(alice)
        c.shares[0].transfer(bob)
        assert pres_bundle.can_dump(alice)  # Bob holds 20%


class TestBundlesForCorporation:
    def test_prefixes_and_partial_variants(self) -> None:
        c = parred()
        alice = Player(1, "Alice")
        c.presidents_share.transfer(alice)
        c.shares[0].transfer(alice)
        c.shares[0].transfer(alice)
        bundles = bundles_for_corporation(alice, c)
        summary = [(ids(b.shares), b.percent) for b in bundles]
        assert summary == [
            (["PRR_1"], 10),
            (["PRR_1", "PRR_2"], 20),
            (["PRR_1", "PRR_2", "PRR_0"], 30),
            (["PRR_1", "PRR_2", "PRR_0"], 40),
        ]
        assert bundles[2].partial and not bundles[3].partial

    def test_thirty_percent_president(self) -> None:
        c = Corporation("X", "X", [0], shares=[30, 10, 10, 10, 10, 10, 10, 10])
        sp = SharePrice(80, 0, 0, ["par"])
        c.share_price = sp
        c.par_price = sp
        c.ipoed = True
        alice = Player(1, "Alice")
        c.presidents_share.transfer(alice)
        assert [b.percent for b in all_bundles_for_corporation(alice, c)] == [10, 20, 30]

    def test_not_ipoed_or_nothing_held(self) -> None:
        c = parred()
        alice = Player(1, "Alice")
        assert bundles_for_corporation(alice, c) == []
        c.shares[0].transfer(alice)
        c.ipoed = False
        assert bundles_for_corporation(alice, c) == []

    def test_order_of_ordinary_shares_is_stable(self) -> None:
        c = Corporation("T", "T", [0], shares=[20, 10, 10, 10, 10, 10, 10, 10, 5, 5])
        c.ipoed = True
        alice = Player(1, "Alice")
        for idx in (3, 9, 1, 8):
            c.all_shares[idx].transfer(alice)
        bundles = bundles_for_corporation(alice, c)
        # sorted ordinary first by percent, keeping arrival order among equal percents
        assert ids(bundles[-1].shares) == ["T_9", "T_8", "T_3", "T_1"]
        assert [b.percent for b in bundles] == [5, 10, 20, 30]

    def test_explicit_shares(self) -> None:
        c = parred()
        alice = Player(1, "Alice")
        for share in list(c.shares[1:4]):
            share.transfer(alice)
        subset = alice.shares_of(c)[:2]
        assert [b.percent for b in bundles_for_corporation(alice, c, shares=subset)] == [10, 20]
        assert bundles_for_corporation(alice, c, shares=[]) == []
