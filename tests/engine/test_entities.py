"""Players, companies, corporations, minors, the bank and their shared behaviours."""

from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.model.abilities import BlocksHexes, Close, Shares, TileLay, make_ability
from engine.model.bank import Bank
from engine.model.entities import Company, Corporation, Minor, Player, sort_corporations
from engine.model.market import SharePrice, StockMarket
from engine.model.shares import ShareBundle

# A small two-dimensional market of our own (prices by row, par cells in column 3).
MARKET = [
    ["75", "80", "90", "100p", "110", "125"],
    ["70", "75", "80", "90p", "100", "110"],
    ["65", "70", "75", "80p", "90", "100"],
    ["60y", "65y", "70", "75", "80", ""],
]


def corp(sym: str = "PRR", **kwargs) -> Corporation:
    return Corporation(sym, f"{sym} Railroad", [0, 40, 100], "H12", **kwargs)


class TestSpender:
    def test_spend_moves_cash(self) -> None:
        bank = Bank(1000)
        player = Player(1, "Alice")
        bank.spend(300, player)
        player.spend(120, bank)
        assert player.cash == 180
        assert bank.cash == 820

    def test_spend_more_than_cash_is_refused(self) -> None:
        bank = Bank(1000)
        player = Player(1, "Alice")
        bank.spend(50, player)
        with pytest.raises(IllegalAction, match=r"Alice has \$50, cannot spend \$60"):
            player.spend(60, bank)
        assert player.cash == 50
        assert bank.cash == 950

    def test_unchecked_spend_may_go_negative(self) -> None:
        bank = Bank(100)
        player = Player(1, "Alice")
        player.spend(30, bank, check_cash=False)
        assert player.cash == -30
        assert bank.cash == 130

    def test_zero_and_negative_amounts(self) -> None:
        bank = Bank(100)
        player = Player(1, "Alice")
        with pytest.raises(IllegalAction):
            bank.spend(0, player)
        bank.spend(0, player, check_positive=False)
        assert player.cash == 0

    def test_cannot_pay_oneself(self) -> None:
        player = Player(1, "Alice")
        with pytest.raises(IllegalAction):
            player.spend(1, player, check_cash=False)

    def test_borrow_from(self) -> None:
        bank = Bank(1000)
        corporation = corp()
        president = Player(1, "Alice")
        bank.spend(30, corporation)
        bank.spend(100, president)
        corporation.spend(80, bank, borrow_from=president)
        assert corporation.cash == 0
        assert president.cash == 50
        with pytest.raises(IllegalAction):
            corporation.spend(60, bank, borrow_from=president)

    def test_set_cash(self) -> None:
        bank = Bank(1000)
        player = Player(1, "Alice")
        player.set_cash(250, bank)
        assert player.cash == 250
        player.set_cash(200, bank)
        assert bank.cash == 800


class TestBank:
    def test_bank_breaks_but_pays(self) -> None:
        lines: list[str] = []
        bank = Bank(100, log=lines.append)
        player = Player(1, "Alice")
        bank.spend(60, player)
        assert not bank.broken
        bank.spend(60, player)
        assert bank.broken
        assert bank.cash == -20
        assert player.cash == 120
        bank.spend(10, player)
        assert lines == ["-- The bank has broken --"]

    def test_exactly_zero_does_not_break(self) -> None:
        bank = Bank(100)
        bank.spend(100, Player(1, "Alice"))
        assert bank.cash == 0
        assert not bank.broken

    def test_unchecked_bank_never_breaks(self) -> None:
        bank = Bank(10, check=False)
        bank.spend(50, Player(1, "Alice"))
        assert bank.cash == -40
        assert not bank.broken

    def test_bank_is_a_share_holder(self) -> None:
        bank = Bank(0)
        assert bank.is_bank
        assert bank.shares == []
        assert bank.player is None


class TestPredicates:
    def test_type_predicates(self) -> None:
        player = Player("p1", "Alice")
        company = Company("SV", "Schuylkill Valley", 20, 5)
        corporation = corp()
        minor = Minor("MS", "Michigan Southern", [0])
        assert player.is_player and not player.is_corporation and not player.is_company
        assert company.is_company and not company.is_operator
        assert corporation.is_corporation and corporation.is_operator and not corporation.is_minor
        assert minor.is_minor and minor.is_operator and not minor.is_corporation
        assert player.player is player
        assert player.owner is player
        assert player.id == "p1"
        assert Player(3, "Bob").id == 3

    def test_ownership_chain(self) -> None:
        alice = Player(1, "Alice")
        company = Company("CS", "Champlain", 40, 10)
        corporation = corp()
        company.owner = alice
        assert company.player is alice
        assert company.corporation is None
        corporation.owner = alice
        company.owner = corporation
        assert company.player is alice
        assert company.corporation is corporation
        assert corporation.player is alice
        assert corporation.corporation is corporation
        assert company.owned_by(corporation)
        assert company.owned_by(alice)


class TestPlayer:
    def test_value(self) -> None:
        market = StockMarket(MARKET)
        bank = Bank(10000)
        alice = Player(1, "Alice")
        bank.spend(400, alice)
        c1, c2 = corp("A"), corp("B")
        market.set_par(c1, market.share_price(0, 3))  # 100
        c1.ipoed = True
        for share in list(c1.shares[:3]):
            share.transfer(alice)
        market.move(c1, (1, 2))  # market price 80
        # an un-ipoed corporation's shares do not count
        c2.shares[1].transfer(alice)
        company = Company("SV", "Schuylkill Valley", 20, 5)
        company.owner = alice
        alice.companies.append(company)
        assert alice.value() == 400 + 4 * 80 + 20

    def test_value_rounds_each_share_up(self) -> None:
        alice = Player(1, "Alice")
        c = Corporation("T", "T", [0], shares=[20, 10, 10, 10, 10, 10, 10, 10, 5, 5])
        sp = SharePrice(67, 0, 0, ["par"])
        c.share_price = sp
        c.par_price = sp
        c.ipoed = True
        c.all_shares[8].transfer(alice)
        assert c.all_shares[8].exact_num_shares == 0.5
        assert alice.value() == 34  # ceil(67 * 0.5)

    def test_passer(self) -> None:
        alice = Player(1, "Alice")
        assert not alice.passed
        alice.pass_()
        assert alice.passed
        alice.unpass()
        assert not alice.passed


class TestShareHolder:
    def test_reading_creates_entries_in_order(self) -> None:
        alice = Player(1, "Alice")
        a, b = corp("A"), corp("B")
        assert alice.percent_of(b) == 0
        b.shares[1].transfer(alice)
        a.shares[1].transfer(alice)
        # b was read first, so it comes first (the reference's default-proc hash)
        assert list(alice.shares_by_corporation) == [b, a]
        assert [s.id for s in alice.shares] == ["B_1", "A_1"]
        assert alice.num_shares_of(a) == 1
        assert alice.shares_of(None) == []

    def test_num_shares_fractional(self) -> None:
        alice = Player(1, "Alice")
        c = Corporation("T", "T", [0], shares=[20, 10, 10, 10, 10, 10, 10, 10, 5, 5])
        c.all_shares[9].transfer(alice)
        assert alice.num_shares_of(c) == 1
        assert alice.num_shares_of(c, ceil=False) == 0.5

    def test_presidencies(self) -> None:
        alice = Player(1, "Alice")
        a, b = corp("A"), corp("B")
        a.presidents_share.transfer(alice)
        b.shares[1].transfer(alice)
        assert alice.presidencies() == [a]


class TestCompany:
    def test_defaults(self) -> None:
        company = Company("DH", "Delaware & Hudson", 70, 15, "desc")
        assert company.id == "DH"
        assert company.sym == "DH"
        assert company.name == "Delaware & Hudson"
        assert company.min_price == 35
        assert company.max_price == 140
        assert company.min_bid == 70
        assert Company("X", "X", 25).min_price == 13

    def test_discount(self) -> None:
        company = Company("MS", "Michigan Southern", 60, discount=-80)
        assert company.min_bid == 140
        assert company.min_auction_price == 80

    def test_close_leaves_owner_and_tears_down_blockers(self) -> None:
        class Tile:
            def __init__(self) -> None:
                self.removed: list[object] = []

            def remove_blocker(self, entity: object) -> None:
                self.removed.append(entity)

        class Hex:
            def __init__(self) -> None:
                self.tile = Tile()

        alice = Player(1, "Alice")
        company = Company("SV", "SV", 20, 5, abilities=[{"type": "blocks_hexes", "owner_type": "player",
                                                         "hexes": ["G15"]}])
        blocker = company.abilities[0]
        assert isinstance(blocker, BlocksHexes)
        hex_ = Hex()
        blocker.hex_objects.append(hex_)
        company.owner = alice
        alice.companies.append(company)
        company.close()
        assert company.closed
        assert company.owner is None
        assert alice.companies == []
        assert company.abilities == []
        assert hex_.tile.removed == [company]

    def test_abilities(self) -> None:
        company = Company("BO", "Baltimore & Ohio", 220, 30, abilities=[
            {"type": "blocks_hexes", "owner_type": "player", "hexes": ["I13", "I15"]},
            {"type": "shares", "shares": "B&O_0"},
            {"type": "close", "when": "bought_train", "corporation": "B&O"},
            {"type": "no_buy"},
        ])
        assert [a.type for a in company.all_abilities()] == ["blocks_hexes", "shares", "close", "no_buy"]
        shares = company.abilities_of_type("shares")[0]
        assert isinstance(shares, Shares) and shares.shares == ["B&O_0"]
        close = company.abilities_of_type("close")[0]
        assert isinstance(close, Close) and close.corporation == "B&O" and close.when == ["bought_train"]
        assert not close.passive
        assert company.abilities[0].passive
        assert all(a.owner is company for a in company.abilities)


class TestAbilities:
    def test_use_counts_and_removal(self) -> None:
        company = Company("CS", "CS", 40, 10, abilities=[
            {"type": "tile_lay", "owner_type": "corporation", "hexes": ["B20"], "tiles": ["3", "4", "58"],
             "when": "owning_corp_or_turn", "count": 1},
        ])
        ability = company.abilities[0]
        assert isinstance(ability, TileLay)
        assert ability.count == 1 and ability.start_count == 1
        assert company.ability_uses() == (1, 1)
        ability.use()
        assert ability.used
        assert ability.count == 0
        assert company.abilities == []

    def test_count_per_or(self) -> None:
        company = Company("SC", "Steamboat", 40, 10, abilities=[
            {"type": "assign_hexes", "when": "or_start", "hexes": ["B8"], "count_per_or": 1, "count": 5},
        ])
        ability = company.abilities[0]
        ability.use()
        assert ability.count_this_or == 1
        company.reset_ability_count_this_or()
        assert ability.count_this_or == 0
        assert ability.count == 4

    def test_not_usable_across_ors(self) -> None:
        ability = make_ability({"type": "tile_lay", "tiles": ["7"], "count": 2, "use_across_ors": False})
        company = Company("X", "X", 10)
        company.add_ability(ability)
        ability.use()
        company.reset_ability_count_this_or()
        assert ability.count == 0
        assert company.abilities == []

    def test_remove_ability_when(self) -> None:
        corporation = corp(abilities=[{"type": "reservation", "hex": "E11", "remove": "IV"},
                                      {"type": "token", "hexes": ["E11"], "price": 40, "teleport_price": 60}])
        corporation.remove_ability_when("III")
        assert len(corporation.abilities) == 2
        corporation.remove_ability_when("IV")
        assert [a.type for a in corporation.abilities] == ["token"]

    def test_generic_and_unknown_types(self) -> None:
        generic = make_ability({"type": "generic", "subtype": "ic_subsidy"})
        assert generic.type == "ic_subsidy"
        base = make_ability({"type": "base", "description": "IC subsidy", "remove": "par"})
        assert base.type == "base" and base.remove == "par"
        odd = make_ability({"type": "something_new", "foo": 1})
        assert odd.type == "something_new" and odd.extra == {"foo": 1}

    def test_corporation_sees_company_and_owner_abilities(self) -> None:
        alice = Player(1, "Alice")
        corporation = corp(abilities=[{"type": "base"}])
        owned = Company("CS", "CS", 40, abilities=[{"type": "tile_lay", "tiles": ["3"], "when": "track"}])
        owned.owner = corporation
        corporation.companies.append(owned)
        players_company = Company("MF", "MF", 30, abilities=[
            {"type": "tile_lay", "tiles": ["437"], "when": ["stock_round", "owning_player_track"]},
            {"type": "blocks_hexes", "hexes": ["K4"]},
        ])
        players_company.owner = alice
        alice.companies.append(players_company)
        corporation.owner = alice
        types = [(a.owner.id, a.type) for a in corporation.all_abilities() if a.owner is not None]
        assert types == [("CS", "tile_lay"), ("PRR", "base"), ("MF", "tile_lay")]
        tile_lay = owned.abilities[0]
        assert tile_lay.owning_corporation is corporation
        assert tile_lay.player is alice


class TestCorporation:
    def test_identity_and_shares(self) -> None:
        c = corp()
        assert c.id == c.name == c.sym == "PRR"
        assert c.full_name == "PRR Railroad"
        assert [s.id for s in c.shares] == [f"PRR_{i}" for i in range(9)]
        assert c.presidents_share.president and c.presidents_share.percent == 20
        assert c.total_shares == 10
        assert c.share_percent == 10
        assert c.num_ipo_shares() == 10
        assert c.share_holders == {c: 100}
        assert c.available_share() is c.shares[1]
        assert [t.price for t in c.tokens] == [0, 40, 100]
        assert c.next_token() is c.tokens[0]
        assert c.unplaced_tokens() == c.tokens
        assert c.placed_tokens() == []
        assert c.owner is None and c.player is None
        assert not c.operated()

    def test_shares_are_what_the_corporation_holds(self) -> None:
        c = corp()
        alice = Player(1, "Alice")
        c.presidents_share.transfer(alice)
        assert [s.id for s in c.shares] == [f"PRR_{i}" for i in range(1, 9)]
        assert len(c.all_shares) == 9
        assert c.ipo_shares() == c.shares

    def test_float_is_sticky(self) -> None:
        c = corp()
        alice = Player(1, "Alice")
        assert c.percent_to_float() == 60
        for share in list(c.shares[:5]):
            share.transfer(alice)
        assert c.percent_to_float() == 0
        assert c.is_floated()
        for share in alice.shares_of(c)[1:]:
            share.transfer(c)
        assert c.is_floated()
        assert c.floated

    def test_floatable_false(self) -> None:
        c = corp(floatable=False)
        for share in list(c.shares):
            share.transfer(Player(1, "A"))
        assert not c.is_floated()

    def test_market_and_player_shares(self) -> None:
        from engine.model.share_pool import SharePool

        class Host:
            bank = Bank(1000)
            players: list[Player] = []

            def log(self, message: str) -> None:
                pass

            def format_currency(self, amount: int) -> str:
                return str(amount)

            def float_corporation(self, corporation: Corporation) -> None:
                pass

            @property
            def corporation_rules(self) -> Host:  # the game's corporation rules are the host itself here
                return self

        pool = SharePool(Host())
        c = corp()
        alice = Player(1, "Alice")
        for share in list(c.shares[:3]):
            share.transfer(alice)
        c.shares[0].transfer(pool)
        assert c.num_market_shares() == 1
        assert c.num_player_shares() == 4
        assert c.num_ipo_shares() == 5
        assert c.player_share_holders() == {alice: 40}

    def test_holding_limit(self) -> None:
        market = StockMarket([["100p", "110o", "120b"]], movement="two_d")
        c = corp()
        alice = Player(1, "Alice")
        for share in list(c.shares[:5]):
            share.transfer(alice)
        market.set_par(c, market.share_price(0, 0))
        assert c.holding_ok(alice)  # 60%
        assert not c.holding_ok(alice, 10)
        assert c.holding_ok(c, 100)
        market.move_right(c)  # orange: unlimited
        assert c.holding_ok(alice, 10)
        market.move_right(c)  # brown: multiple buy
        assert c.holding_ok(alice, 30)
        assert c.buy_multiple()

    def test_counts_for_limit(self) -> None:
        market = StockMarket(MARKET)
        c = corp()
        assert c.counts_for_limit()  # no price yet
        market.set_par(c, market.share_price(3, 0))
        assert not c.counts_for_limit()  # yellow
        market.move_right(c)
        market.move_right(c)
        assert c.counts_for_limit()

    def test_operating_order(self) -> None:
        # modelled on the reference's corporation_spec: price, then column, then arrival in the cell
        market = StockMarket(MARKET)
        c1, c2, c3, c4 = corp("a"), corp("b"), corp("c"), corp("d")
        price_100 = market.share_price(1, 4)
        price_100_r = market.share_price(2, 5)
        price_110 = market.share_price(0, 4)
        assert (price_100.price, price_100_r.price, price_110.price) == (100, 100, 110)
        market.set_par(c1, price_100)
        market.set_par(c2, price_100)
        market.set_par(c3, price_100_r)
        market.set_par(c4, price_110)
        assert sort_corporations([c1, c2, c3, c4]) == [c4, c3, c1, c2]
        market2 = StockMarket(MARKET)
        d1, d2, d3, d4 = corp("a"), corp("b"), corp("c"), corp("d")
        market2.set_par(d2, market2.share_price(1, 4))
        market2.set_par(d1, market2.share_price(1, 4))
        market2.set_par(d3, market2.share_price(2, 5))
        market2.set_par(d4, market2.share_price(0, 4))
        assert sort_corporations([d1, d2, d3, d4]) == [d4, d3, d2, d1]
        assert d2.sort_order_key() == (-100, -4, 1, 0, "b")
        assert corp("z").sort_order_key() is None

    def test_par_price_and_always_market_price(self) -> None:
        market = StockMarket(MARKET)
        c = corp()
        m = corp("NYC", always_market_price=True)
        market.set_par(c, market.share_price(0, 3))
        market.set_par(m, market.share_price(0, 3))
        market.move_right(c)
        market.move_right(m)
        assert c.par_price is not None and c.par_price.price == 100
        assert m.par_price is not None and m.par_price.price == 110
        assert c.original_par_price is market.share_price(0, 3)

    def test_share_price_of_ipo_and_market_shares(self) -> None:
        market = StockMarket(MARKET)
        c = corp(min_price=70)
        alice = Player(1, "Alice")
        assert c.shares[1].price_per_share == 70  # not parred: min price
        market.set_par(c, market.share_price(1, 3))  # 90
        market.move_right(c)  # 100
        assert c.shares[1].price == 90  # IPO shares sell at par
        c.shares[1].transfer(alice)
        assert alice.shares[0].price == 100
        assert c.presidents_share.price == 180

    def test_a_share_in_a_zero_price_cell_costs_nothing(self) -> None:
        """A market price of 0 (a close cell) is a price, not "no price": the share is worth 0, not the
        corporation's minimum price.  (1846: a player with $10 may still buy IC at $0 before it closes.)"""
        market = StockMarket([["0c", "10", "20", "40p", "50p"]])
        c = corp(min_price=40, always_market_price=True)
        alice = Player(1, "Alice")
        market.set_par(c, market.share_price(0, 3))
        c.shares[1].transfer(alice)
        market.move_left(c)
        market.move_left(c)
        market.move_left(c)
        assert c.share_price is not None and c.share_price.price == 0
        assert alice.shares[0].price_per_share == 0
        assert alice.shares[0].price == 0
        assert c.shares[1].price == 0  # the IPO share too: 1846 prices every share at the market

    def test_close(self) -> None:
        market = StockMarket(MARKET)
        c = corp()
        market.set_par(c, market.share_price(0, 3))
        c.ipoed = True
        c.floated = True
        c.owner = Player(1, "Alice")
        c.close()
        assert c.closed
        assert market.share_price(0, 3).corporations == []
        assert c.share_price is None and c.par_price is None
        assert not c.ipoed and not c.floated and c.owner is None

    def test_close_with_cash_is_refused(self) -> None:
        c = corp()
        Bank(100).spend(10, c)
        with pytest.raises(IllegalAction):
            c.close()

    def test_custom_certificates(self) -> None:
        c = Corporation("X", "X", [0], shares=[30, 10, 10, 10, 10, 10, 10, 10])
        assert c.presidents_percent == 30
        assert c.share_percent == 10
        assert c.total_shares == 10
        assert not c.fraction_shares
        assert Corporation("Y", "Y", [0], shares=[20, 10, 10, 10, 10, 10, 10, 10, 5, 5]).fraction_shares


class TestMinor:
    def test_minor(self) -> None:
        minor = Minor("MS", "Michigan Southern", [0], "C15")
        alice = Player(1, "Alice")
        minor.owner = alice
        assert minor.id == "MS" and minor.full_name == "Michigan Southern"
        assert minor.player is alice
        assert minor.is_president(alice)
        assert minor.total_shares == 1
        assert minor.share_price is None and minor.par_price is None
        assert not minor.is_floated()
        minor.float_()
        assert minor.is_floated()
        minor.close()
        assert minor.closed and not minor.floated and minor.owner is None


def test_bundle_in_entities_context() -> None:
    c = corp()
    alice = Player(1, "Alice")
    for share in list(c.shares[:2]):
        share.transfer(alice)
    bundle = ShareBundle(alice.shares_of(c))
    assert bundle.owner is alice
    assert bundle.percent == 30
