"""SharePool: buying, selling, presidency changes (modelled on the reference's share_pool_spec)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.model.bank import Bank
from engine.model.entities import Company, Corporation, Player
from engine.model.market import SharePrice
from engine.model.share_pool import SharePool
from engine.model.shares import ShareBundle


class Host:
    """A minimal game: bank, seating order, log, and the default float_corporation."""

    def __init__(self, players: list[Player], bank_cash: int = 7000) -> None:
        self.bank = Bank(bank_cash)
        self.players = players
        self.lines: list[str] = []
        self.floated: list[Corporation] = []
        self.corporation_rules = self  # the game's corporation rules are the host itself here

    def log(self, message: str) -> None:
        self.lines.append(message)

    def format_currency(self, amount: int) -> str:
        return f"${amount}"

    def float_corporation(self, corporation: Corporation) -> None:
        self.floated.append(corporation)
        if corporation.capitalization in ("incremental", "none"):
            return
        assert corporation.par_price is not None
        self.bank.spend(corporation.par_price.price * corporation.total_shares, corporation)


def make_game(num_players: int = 3, cash: int = 420, float_percent: int = 50, capitalization: str = "full",
              price: int = 10) -> tuple[Host, SharePool, list[Player], Corporation]:
    players = [Player(chr(ord("a") + i), chr(ord("a") + i)) for i in range(num_players)]
    host = Host(players)
    for p in players:
        host.bank.spend(cash, p)
    pool = SharePool(host)
    corp = Corporation("AR", "Awa Railroad", [0, 40], "K8", float_percent=float_percent,
                       capitalization=capitalization, min_price=price)
    share_price = SharePrice(price, 0, 0, ["par"])
    share_price.corporations.append(corp)
    corp.share_price = share_price
    corp.par_price = share_price
    return host, pool, players, corp


def total_cash(host: Host, *others: object) -> int:
    return host.bank.cash + sum(p.cash for p in host.players) + sum(getattr(o, "cash", 0) for o in others)


def ids(shares: list) -> list[str]:
    return [s.id for s in shares]


class TestBuyShares:
    def test_can_ipo(self) -> None:
        host, pool, (p1, _p2, _p3), corp = make_game()
        pool.buy_shares(p1, corp.shares[0])
        assert corp.ipoed
        assert not corp.is_floated()
        assert p1.cash == 400
        assert p1.percent_of(corp) == 20
        assert corp.is_president(p1)
        assert corp.cash == 0
        assert host.lines[0] == "a pars AR at $10"

    def test_can_float(self) -> None:
        host, pool, (p1, _p2, _p3), corp = make_game()
        for share in list(corp.shares[:4]):
            pool.buy_shares(p1, share)
        assert corp.ipoed
        assert corp.percent_of(corp) == 50
        assert corp.is_floated()
        assert host.floated == [corp]
        assert corp.cash == 100
        assert p1.cash == 370
        assert p1.percent_of(corp) == 50
        assert corp.is_president(p1)
        assert total_cash(host, corp) == 7000

    def test_float_is_reported_once(self) -> None:
        host, pool, (p1, p2, _p3), corp = make_game()
        for share in list(corp.shares[:5]):
            pool.buy_shares(p1 if share.president else p2, share)
        assert host.floated == [corp]
        assert corp.floated

    def test_can_swap_presidency(self) -> None:
        _host, pool, (p1, p2, _p3), corp = make_game()
        pool.buy_shares(p1, corp.shares[0])
        pool.buy_shares(p2, corp.shares[0])
        pool.buy_shares(p2, corp.shares[0])
        assert corp.is_president(p1)  # a tie keeps the president
        pool.buy_shares(p2, corp.shares[0])
        assert corp.is_president(p2)
        assert p1.percent_of(corp) == 20
        assert p2.percent_of(corp) == 30
        assert len(p1.shares_of(corp)) == 2
        assert len(p2.shares_of(corp)) == 2
        assert p1.cash == 400
        assert p2.cash == 390
        # the new president handed over the FIRST two certificates of their list
        assert ids(p1.shares_of(corp)) == ["AR_1", "AR_2"]
        assert ids(p2.shares_of(corp)) == ["AR_3", "AR_0"]

    def test_exchange_does_not_ipo(self) -> None:
        _host, pool, (p1, _p2, _p3), corp = make_game()
        company = Company("DR", "Dogo Railway", 60, 15)
        pool.buy_shares(p1, corp.shares[1], exchange=company)
        assert not corp.ipoed
        assert not corp.is_president(p1)
        assert p1.cash == 420
        assert p1.percent_of(corp) == 10

    def test_exchange_floats(self) -> None:
        _host, pool, (p1, _p2, _p3), corp = make_game()
        for share in list(corp.shares[:3]):
            pool.buy_shares(p1, share)
        assert not corp.is_floated()
        assert corp.cash == 0
        company = Company("DR", "Dogo Railway", 60, 15)
        pool.buy_shares(p1, corp.shares[0], exchange=company)
        assert corp.is_floated()
        assert corp.cash == 100

    def test_cannot_buy_from_player_by_default(self) -> None:
        _host, pool, (p1, p2, _p3), corp = make_game()
        pool.buy_shares(p1, corp.shares[0])
        pool.buy_shares(p1, corp.shares[0])
        with pytest.raises(IllegalAction):
            pool.buy_shares(p2, p1.shares_of(corp)[1])

    def test_buyer_without_cash_is_refused(self) -> None:
        _host, pool, (p1, _p2, _p3), corp = make_game(cash=15)
        with pytest.raises(IllegalAction, match="cannot spend"):
            pool.buy_shares(p1, corp.shares[0])

    def test_incremental_capitalization_pays_the_corporation(self) -> None:
        host, pool, (p1, p2, _p3), corp = make_game(float_percent=20, capitalization="incremental")
        pool.buy_shares(p1, corp.shares[0])
        assert corp.cash == 20
        assert corp.is_floated()
        assert host.floated == [corp]
        pool.buy_shares(p2, corp.shares[0])
        assert corp.cash == 30
        assert host.bank.cash == 7000 - 3 * 420

    def test_buying_from_the_pool_pays_the_bank(self) -> None:
        host, pool, (p1, p2, _p3), corp = make_game()
        for share in list(corp.shares[:3]):
            pool.buy_shares(p1, share)
        pool.sell_shares(ShareBundle(p1.shares_of(corp)[-1]))
        assert ids(pool.shares_of(corp)) == ["AR_2"]
        bank_before = host.bank.cash
        pool.buy_shares(p2, pool.shares_of(corp)[0])
        assert host.bank.cash == bank_before + 10
        assert p2.percent_of(corp) == 10
        assert corp.share_holders[pool] == 0


class TestSellShares:
    def test_respects_order_for_president_swap(self) -> None:
        _host, pool, (p1, p2, p3), corp = make_game()
        for share in list(corp.shares[:2]):
            pool.buy_shares(p2, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p1, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p3, share)
        assert [p1.percent_of(corp), p2.percent_of(corp), p3.percent_of(corp)] == [30, 30, 30]
        assert corp.is_president(p2)
        pool.sell_shares(ShareBundle(p2.shares))
        # c is nearest clockwise after b
        assert corp.is_president(p3)

    def test_clockwise_distance_wraps_around(self) -> None:
        _host, pool, (p1, p2, p3), corp = make_game()
        for share in list(corp.shares[:2]):
            pool.buy_shares(p3, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p2, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p1, share)
        assert corp.is_president(p3)
        pool.sell_shares(ShareBundle(p3.shares))
        assert corp.is_president(p1)  # after c comes a (wrapping), before b

    def test_distance_skips_bankrupt_players(self) -> None:
        host, pool, players, corp = make_game(num_players=4)
        p1, p2, p3, p4 = players
        for share in list(corp.shares[:2]):
            pool.buy_shares(p1, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p3, share)
        for share in list(corp.shares[:3]):
            pool.buy_shares(p4, share)
        p2.bankrupt = True
        assert pool.possible_presidents() == [p1, p3, p4]
        assert pool.distance(p1, p3) == 1
        assert pool.distance(p4, p1) == 1
        assert pool.distance(p3, p1) == 2
        pool.sell_shares(ShareBundle(p1.shares))
        assert corp.is_president(p3)
        assert host.lines[-1] == "c becomes the president of AR"

    @pytest.fixture
    def split_60_40(self) -> tuple[Host, SharePool, Player, Player, Corporation]:
        host, pool, (p1, p2, _p3), corp = make_game()
        for share in list(corp.shares[:5]):
            pool.buy_shares(p1, share)
        for share in list(corp.shares):
            pool.buy_shares(p2, share)
        return host, pool, p1, p2, corp

    def test_sets_up_correctly(self, split_60_40) -> None:
        _host, _pool, p1, p2, corp = split_60_40
        assert corp.is_president(p1)
        assert p1.percent_of(corp) == 60
        assert p2.percent_of(corp) == 40
        assert p1.cash == 360
        assert p2.cash == 380

    def test_should_not_swap_with_1_share(self, split_60_40) -> None:
        _host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares[-1]))
        assert corp.is_president(p1)
        assert p1.percent_of(corp) == 50
        assert p2.percent_of(corp) == 40
        assert p1.cash == 370
        assert p2.cash == 380

    def test_should_not_swap_with_2_shares(self, split_60_40) -> None:
        _host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares[-2:]))
        assert corp.is_president(p1)  # 40 vs 40: ties keep the president
        assert p1.percent_of(corp) == 40
        assert p2.percent_of(corp) == 40
        assert len(p1.shares) == 3
        assert len(p2.shares) == 4
        assert p1.cash == 380
        assert p2.cash == 380

    def test_should_swap_with_3_shares(self, split_60_40) -> None:
        _host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares[-3:]))
        assert corp.is_president(p2)
        assert p1.percent_of(corp) == 30
        assert p2.percent_of(corp) == 40
        assert len(p1.shares) == 3
        assert len(p2.shares) == 3
        assert p1.cash == 390
        assert p2.cash == 380
        # the old president keeps >= 20%, so the new president's first two shares go to them
        assert ids(p2.shares_of(corp)) == ["AR_7", "AR_8", "AR_0"]
        assert ids(p1.shares_of(corp)) == ["AR_1", "AR_5", "AR_6"]

    def test_should_swap_with_5_shares_partial(self, split_60_40) -> None:
        _host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares, 50))
        assert corp.is_president(p2)
        assert p1.percent_of(corp) == 10
        assert p2.percent_of(corp) == 40
        assert len(p1.shares) == 1
        assert len(p2.shares) == 3
        assert p1.cash == 410
        assert p2.cash == 380
        # partial fix: the FIRST certificate in the pool goes back to the seller
        assert ids(p1.shares_of(corp)) == ["AR_1"]
        assert pool.percent_of(corp) == 50
        assert corp.share_holders[pool] == 50
        assert corp.share_holders[p1] == 10

    def test_should_swap_with_6_shares_partial(self, split_60_40) -> None:
        _host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares))
        assert corp.is_president(p2)
        assert p1.percent_of(corp) == 0
        assert p2.percent_of(corp) == 40
        assert len(p1.shares) == 0
        assert len(p2.shares) == 3
        assert p1.cash == 420
        assert p2.cash == 380

    def test_share_holder_totals_match_certificates(self, split_60_40) -> None:
        host, pool, p1, p2, corp = split_60_40
        pool.sell_shares(ShareBundle(p1.shares, 50))
        for holder in (p1, p2, pool, corp):
            assert corp.share_holders.get(holder, 0) == holder.percent_of(corp)
        assert sum(corp.share_holders.values()) == 100
        assert total_cash(host, corp) == 7000

    def test_sale_is_paid_by_the_bank_and_logged(self) -> None:
        host, pool, (p1, _p2, _p3), corp = make_game()
        for share in list(corp.shares[:3]):
            pool.buy_shares(p1, share)
        bank = host.bank.cash
        pool.sell_shares(ShareBundle(p1.shares_of(corp)[1:]))
        assert host.bank.cash == bank - 20
        assert host.lines[-1] == "a sells 2 shares of AR and receives $20"


class TestPoolLimits:
    def test_fit_in_bank_and_bank_at_limit(self) -> None:
        _host, pool, (p1, p2, _p3), corp = make_game()
        for share in list(corp.shares[:5]):
            pool.buy_shares(p1, share)
        for share in list(corp.shares[:4]):
            pool.buy_shares(p2, share)
        assert pool.fit_in_bank(ShareBundle(p2.shares_of(corp)))  # 40 <= 50
        pool.sell_shares(ShareBundle(p2.shares_of(corp)))
        assert not pool.bank_at_limit(corp)
        assert not pool.fit_in_bank(ShareBundle(p1.shares_of(corp)[1:3]))  # 40 + 20 > 50
        assert pool.fit_in_bank(ShareBundle(p1.shares_of(corp)[1]))
        pool.sell_shares(ShareBundle(p1.shares_of(corp)[1]))
        assert pool.bank_at_limit(corp)


class TestSwapDestination:
    def test_swap_goes_to_pool_when_old_president_below_certificate(self) -> None:
        _host, pool, (p1, p2, _p3), corp = make_game()
        pool.buy_shares(p1, corp.shares[0])  # 20 pres
        pool.buy_shares(p1, corp.shares[0])  # +10 -> 30
        for share in list(corp.shares[:3]):
            pool.buy_shares(p2, share)  # 30
        # a sells the president's bundle partially: 20% cert counted as 10 -> a keeps 10%... sells 20% total
        bundle = ShareBundle([p1.shares_of(corp)[1], p1.shares_of(corp)[0]], 20)
        assert bundle.partial
        pool.sell_shares(bundle)
        assert corp.is_president(p2)
        assert p1.percent_of(corp) == 10
        assert p2.percent_of(corp) == 30
        assert pool.percent_of(corp) == 20
        assert ids(p2.shares_of(corp)) == ["AR_4", "AR_0"]
        assert ids(pool.shares_of(corp)) == ["AR_2", "AR_3"]

    def test_player_to_player_president_purchase(self) -> None:
        players = [Player(1, "a"), Player(2, "b")]
        host = Host(players)
        for p in players:
            host.bank.spend(500, p)
        pool = SharePool(host, buy_share_from_other_player=True)
        corp = Corporation("X", "X", [0], "A1", min_price=50)
        sp = SharePrice(50, 0, 0, ["par"])
        sp.corporations.append(corp)
        corp.share_price = sp
        corp.par_price = sp
        p1, p2 = players
        pool.buy_shares(p1, corp.shares[0])
        pool.buy_shares(p2, corp.shares[0])
        pool.buy_shares(p2, corp.shares[0])
        pool.buy_shares(p2, p1.shares_of(corp)[0])
        assert corp.is_president(p2)
        assert p1.cash == 500 - 100 + 100
        assert p2.percent_of(corp) == 40
        assert p1.percent_of(corp) == 0


class TestReceivership:
    def test_presidents_share_sold_to_pool_with_president_sales_allowed(self) -> None:
        players = [Player("a", "a"), Player("b", "b")]
        host = Host(players)
        for p in players:
            host.bank.spend(500, p)
        pool = SharePool(host, allow_president_sale=True)
        corp = Corporation("X", "X", [0], "A1", min_price=50)
        sp = SharePrice(50, 0, 0, ["par"])
        sp.corporations.append(corp)
        corp.share_price = sp
        corp.par_price = sp
        p1, p2 = players
        pool.buy_shares(p1, corp.shares[0])
        pool.buy_shares(p2, corp.shares[0])
        pool.sell_shares(ShareBundle(p1.shares_of(corp)))
        assert corp.owner is pool
        assert corp.receivership
        # buying it back from the pool: the president's certificate counts as one share
        pool.buy_shares(p2, pool.shares_of(corp)[0])
        assert corp.owner is p2
        assert not corp.receivership
        assert p2.percent_of(corp) == 20
        assert pool.percent_of(corp) == 10
