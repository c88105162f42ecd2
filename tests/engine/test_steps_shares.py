"""The 1830 stock-round turn (BuySellParShares), the MH exchange and corporations buying privates
(modelled on the reference's round/stock_spec and the rules of ENGINE-REFERENCE.md §7 items 5-19, 33)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from engine.actions import Action, Bid, BuyCompany, BuyShares, Par, Pass, SellShares
from engine.errors import GameError, IllegalAction
from engine.rounds.base import Round
from engine.steps.companies import BuyCompany as BuyCompanyStep
from engine.steps.companies import Exchange
from engine.steps.shares import BuySellParShares
from engine.titles.g1830.rules import Game1830

# 4 players, $600 each, certificate limit 16.  Market ids used below: par cells "100,0,6", "90,1,6",
# "67,5,6"; one row down from 100,0,6 is 90,1,6; "25,5,0" is a brown (multiple buy) cell.


def new_game(**kwargs: Any) -> Game1830:
    return Game1830([(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")], **kwargs)


@pytest.fixture
def game() -> Game1830:
    return new_game()


def player(game: Game1830, pid: int) -> Any:
    return game.player_by_id(pid)


def corp(game: Game1830, sym: str) -> Any:
    return game.corporation_by_id(sym)


def act(game: Game1830, action: Action) -> None:
    game.process_action(action)


def stock_step(game: Game1830) -> BuySellParShares:
    found = game.round.step_of(BuySellParShares)
    assert isinstance(found, BuySellParShares)
    return found


def actions(game: Game1830, pid: int) -> list[str]:
    return stock_step(game).actions(player(game, pid))


def par(game: Game1830, sym: str, price_id: str, pid: int) -> None:
    """Set ``sym``'s par and give player ``pid`` the president's certificate (no money moves)."""
    game.stock_market.set_par(corp(game, sym), game.share_price_by_id(price_id))
    give(game, pid, sym)


def give(game: Game1830, pid: int, sym: str, count: int = 1) -> None:
    """Hand player ``pid`` the next ``count`` IPO certificates of ``sym`` for free."""
    corporation = corp(game, sym)
    for _ in range(count):
        share = corporation.ipo_shares()[0]
        game.share_pool.buy_shares(player(game, pid), share.to_bundle(), exchange="free")


def to_pool(game: Game1830, sym: str, count: int) -> None:
    corporation = corp(game, sym)
    for _ in range(count):
        share = next(s for s in corporation.ipo_shares() if not s.president)
        game.share_pool.transfer_shares(share.to_bundle(), game.share_pool, price=0)


def start_stock_round(game: Game1830, turn: int = 2) -> None:
    """Jump straight into a stock round of game turn ``turn`` (Ann to act first)."""
    game.turn = turn
    game.round = game.new_stock_round()
    game.round.setup()


def buy(game: Game1830, pid: int, *share_ids: str) -> None:
    percent = sum(game.share_by_id(s).percent for s in share_ids)
    act(game, BuyShares(entity=pid, shares=list(share_ids), percent=percent))


def sell(game: Game1830, pid: int, *share_ids: str, percent: int | None = None) -> None:
    if percent is None:
        percent = sum(game.share_by_id(s).percent for s in share_ids)
    act(game, SellShares(entity=pid, shares=list(share_ids), percent=percent))


def ipo_share(game: Game1830, sym: str) -> str:
    share = corp(game, sym).available_share()
    assert share is not None
    return str(share.id)


def pool_share(game: Game1830, sym: str) -> str:
    return str(game.share_pool.shares_of(corp(game, sym))[0].id)


def after_auction(game: Game1830) -> None:
    """Run the auction: Ann SV, Bob CS, Cy DH, Dee MH, Ann CA, Bob BO (pars B&O at 100)."""
    for pid, sym in ((1, "SV"), (2, "CS"), (3, "DH"), (4, "MH"), (1, "CA"), (2, "BO")):
        act(game, Bid(entity=pid, company=sym, price=game.company_by_id(sym).min_bid))
    act(game, Par(entity=2, corporation="B&O", share_price="100,0,6"))
    assert game.round.NAME == "Stock"


# --- the first stock round ------------------------------------------------------------------------------
def test_first_stock_round_offers_buy_par_and_pass_but_no_selling(game: Game1830) -> None:
    after_auction(game)
    step = game.round.active_step()
    assert isinstance(step, BuySellParShares)
    assert step.NAME == "BuySellParShares"
    assert step.type_name() == "buy_sell_par_shares"
    assert step.description() == "Sell/Buy/Sell Shares"
    assert game.round.current_entity() is player(game, 3)
    assert actions(game, 3) == ["buy_shares", "par", "pass"]
    assert actions(game, 4) == []
    # Bob holds B&O_0 but cannot sell in the first stock round.
    assert not stock_step(game).can_sell_any(player(game, 2))


def test_passing_with_nothing_done_is_a_pass(game: Game1830) -> None:
    after_auction(game)
    cy = player(game, 3)
    act(game, Pass(entity=3))
    assert cy.passed
    assert game.round.pass_order == [cy]
    assert game.log_lines[-1] == "Cy passes"
    assert game.round.current_entity() is player(game, 4)


def test_a_par_ends_the_turn_when_nothing_else_is_possible(game: Game1830) -> None:
    after_auction(game)
    cy = player(game, 3)
    act(game, Par(entity=3, corporation="PRR", share_price="67,5,6"))
    prr = corp(game, "PRR")
    assert prr.owner is cy
    assert [s.id for s in cy.shares_of(prr)] == ["PRR_0"]
    assert cy.cash == 600 - 70 - 134
    assert prr.share_price.id == "67,5,6"
    # Nothing else is legal for Cy this turn, so the engine moves on without a pass (Cy has acted).
    assert game.round.current_entity() is player(game, 4)
    assert not cy.passed
    assert game.round.last_to_act is cy
    assert "Cy has no valid actions and passes" not in game.log_lines


def test_par_is_checked_before_anything_changes(game: Game1830) -> None:
    after_auction(game)
    cash, log = player(game, 3).cash, len(game.log_lines)
    with pytest.raises(IllegalAction, match="cannot be parred"):
        act(game, Par(entity=3, corporation="B&O", share_price="67,5,6"))
    with pytest.raises(IllegalAction, match="not a par price"):
        act(game, Par(entity=3, corporation="PRR", share_price="71,3,5"))
    player(game, 3).spend(player(game, 3).cash - 150, game.bank)  # Cy keeps $150
    with pytest.raises(IllegalAction, match="cannot par PRR"):
        act(game, Par(entity=3, corporation="PRR", share_price="90,1,6"))
    assert corp(game, "PRR").share_price is None
    assert not corp(game, "PRR").ipoed
    assert len(game.log_lines) == log
    assert cash > player(game, 3).cash  # only the setup spend above
    assert stock_step(game).get_par_prices(player(game, 3))[0].id == "71,4,6"


def test_buying_from_the_ipo(game: Game1830) -> None:
    after_auction(game)
    bo = corp(game, "B&O")
    buy(game, 3, "B&O_1")
    assert [s.id for s in player(game, 3).shares_of(bo)] == ["B&O_1"]
    assert player(game, 3).cash == 600 - 70 - 100
    assert game.round.current_entity() is player(game, 4)
    with pytest.raises(GameError):
        buy(game, 4, "B&O_0")  # Bob's certificate


# --- later stock rounds ---------------------------------------------------------------------------------
@pytest.fixture
def sr2(game: Game1830) -> Game1830:
    """Turn 2: Ann is president of PRR (par 100) with 40%; Bob has 20% PRR and is president of NYC (par 67)
    with 30%."""
    par(game, "PRR", "100,0,6", 1)
    give(game, 1, "PRR", 2)
    give(game, 2, "PRR", 2)
    par(game, "NYC", "67,5,6", 2)
    give(game, 2, "NYC")
    start_stock_round(game)
    return game


def test_second_stock_round_allows_selling(sr2: Game1830) -> None:
    game = sr2
    assert game.round.current_entity() is player(game, 1)
    assert actions(game, 1) == ["buy_shares", "par", "sell_shares", "pass"]


def test_selling_drops_the_price_and_forbids_rebuying(sr2: Game1830) -> None:
    game = sr2
    ann, prr = player(game, 1), corp(game, "PRR")
    cash = ann.cash
    sell(game, 1, "PRR_1", "PRR_2")
    assert ann.cash == cash + 200
    assert prr.share_price.id == "82,2,6"
    assert game.share_pool.percent_of(prr) == 20
    assert stock_step(game).players_sold[ann][prr] == "now"
    assert not stock_step(game).can_buy(ann, game.share_pool.shares_of(prr)[0].to_bundle())
    # Selling is not buying: Ann may still buy something else, and sell again afterwards (1830).
    assert "buy_shares" in actions(game, 1)
    buy(game, 1, ipo_share(game, "NYC"))
    assert game.round.current_entity() is ann
    assert actions(game, 1) == ["sell_shares", "pass"]
    with pytest.raises(GameError):
        buy(game, 1, ipo_share(game, "NYC"))  # one certificate per turn


def test_sale_is_checked_before_anything_changes(sr2: Game1830) -> None:
    game = sr2
    ann, prr = player(game, 1), corp(game, "PRR")
    before = (ann.cash, prr.share_price, len(game.log_lines), [s.id for s in ann.shares])
    with pytest.raises(GameError):
        sell(game, 1, "NYC_0")  # Bob's
    with pytest.raises(GameError):
        sell(game, 1, "PRR_1", "PRR_3")  # PRR_3 is Bob's
    to_pool(game, "PRR", 4)
    with pytest.raises(IllegalAction):
        sell(game, 1, "PRR_1", "PRR_2")  # the pool would hold 60%
    assert (ann.cash, prr.share_price, len(game.log_lines), [s.id for s in ann.shares]) == before


def test_presidents_certificate_goes_only_with_a_successor(game: Game1830) -> None:
    par(game, "PRR", "100,0,6", 1)
    give(game, 2, "PRR")
    start_stock_round(game)
    ann, prr = player(game, 1), corp(game, "PRR")
    step = stock_step(game)
    assert not step.can_sell_any_bundles(ann, prr)  # Bob holds only 10%
    give(game, 2, "PRR")
    assert step.can_sell_any_bundles(ann, prr)
    sell(game, 1, "PRR_0")
    assert prr.owner is player(game, 2)
    assert game.share_pool.percent_of(prr) == 20


def test_pool_limit_of_fifty_percent(sr2: Game1830) -> None:
    game = sr2
    prr = corp(game, "PRR")
    to_pool(game, "PRR", 4)  # the pool holds 40%
    step = stock_step(game)
    ann = player(game, 1)
    bundles = {b.percent: b for b in game.share_rules.bundles_for_corporation(ann, prr) if not b.presidents_share}
    assert step.can_sell(ann, bundles[10])
    assert not step.can_sell(ann, bundles[20])
    sell(game, 1, "PRR_1")
    assert not step.can_sell_any_bundles(ann, prr)


def test_over_the_certificate_limit_only_selling_is_allowed(game: Game1830) -> None:
    par(game, "PRR", "100,0,6", 1)
    give(game, 1, "PRR", 4)  # 5 certificates
    par(game, "NYC", "90,1,6", 1)
    give(game, 1, "NYC", 4)  # 10
    par(game, "B&O", "82,2,6", 1)
    give(game, 1, "B&O", 4)  # 15
    par(game, "C&O", "76,3,6", 1)
    give(game, 1, "C&O", 1)  # 17 > 16
    give(game, 2, "PRR", 2)
    start_stock_round(game)
    ann = player(game, 1)
    assert game.num_certs(ann) == 17
    assert stock_step(game).must_sell(ann)
    assert actions(game, 1) == ["sell_shares"]
    sell(game, 1, "PRR_1")
    assert not stock_step(game).must_sell(ann)
    assert actions(game, 1) == ["sell_shares", "pass"]  # at the limit: no purchase either


def test_holding_limit_of_sixty_percent(game: Game1830) -> None:
    par(game, "PRR", "100,0,6", 1)
    give(game, 1, "PRR", 4)  # 60%
    start_stock_round(game)
    ann, prr = player(game, 1), corp(game, "PRR")
    step = stock_step(game)
    assert not step.can_buy(ann, prr.available_share().to_bundle())
    assert not step.must_sell(ann)
    # In an orange cell the limit is waived.
    game.stock_market.move(prr, (3, 0), force=True)
    assert step.can_buy(ann, prr.available_share().to_bundle())


def test_over_sixty_percent_must_sell(game: Game1830) -> None:
    par(game, "PRR", "100,0,6", 1)
    give(game, 1, "PRR", 5)  # 70%
    give(game, 2, "PRR")
    start_stock_round(game)
    assert actions(game, 1) == ["sell_shares"]


def test_brown_zone_allows_several_certificates_from_the_pool(game: Game1830) -> None:
    par(game, "PRR", "100,0,6", 1)
    give(game, 2, "PRR")
    to_pool(game, "PRR", 3)
    game.stock_market.move(corp(game, "PRR"), (5, 0), force=True)
    start_stock_round(game)
    ann = player(game, 1)
    buy(game, 1, pool_share(game, "PRR"))
    assert game.round.current_entity() is ann
    buy(game, 1, pool_share(game, "PRR"))
    assert game.round.current_entity() is ann
    # Not from the IPO (base 1830), and not another corporation.
    assert not stock_step(game).can_buy(ann, corp(game, "PRR").available_share().to_bundle())
    assert ann.percent_of(corp(game, "PRR")) == 40


def test_brown_zone_from_the_ipo_with_the_option() -> None:
    game = new_game(optional_rules=["multiple_brown_from_ipo"])
    par(game, "PRR", "100,0,6", 1)
    give(game, 2, "PRR")
    game.stock_market.move(corp(game, "PRR"), (5, 0), force=True)
    start_stock_round(game)
    buy(game, 1, ipo_share(game, "PRR"))
    buy(game, 1, ipo_share(game, "PRR"))
    assert game.round.current_entity() is player(game, 1)
    assert player(game, 1).percent_of(corp(game, "PRR")) == 40


def test_buying_after_a_par_is_not_allowed(game: Game1830) -> None:
    par(game, "NYC", "67,5,6", 2)
    give(game, 1, "NYC")
    start_stock_round(game)
    act(game, Par(entity=1, corporation="PRR", share_price="100,0,6"))
    # Turn 2: Ann could sell, so the turn stays with her, but she cannot buy.
    assert game.round.current_entity() is player(game, 1)
    assert actions(game, 1) == ["sell_shares", "pass"]
    with pytest.raises(GameError):
        buy(game, 1, ipo_share(game, "PRR"))


def test_pass_after_acting_ends_the_turn_without_passing(sr2: Game1830) -> None:
    game = sr2
    ann = player(game, 1)
    buy(game, 1, ipo_share(game, "NYC"))
    act(game, Pass(entity=1))
    assert not ann.passed
    assert ann not in game.round.pass_order
    assert game.log_lines[-1] == "Ann declines to sell shares"
    assert game.round.current_entity() is player(game, 2)


def test_everyone_passing_ends_the_round_after_the_last_actor(sr2: Game1830) -> None:
    game = sr2
    round_ = game.round
    step = stock_step(game)
    entities = {p.id: p for p in game.players}
    round_.process_action(BuyShares(entity=1, shares=[ipo_share(game, "NYC")], percent=10), entities[1])
    round_.process_action(Pass(entity=1), entities[1])
    for pid in (2, 3, 4):
        round_.process_action(Pass(entity=pid), entities[pid])
    assert round_.current_entity() is entities[1]
    assert not round_.finished()
    round_.process_action(Pass(entity=1), entities[1])
    assert round_.finished()
    assert round_.last_to_act is entities[1]
    # The index moved once more: the priority deal goes to the player after the last to act.
    assert round_.entities[round_.entity_index] is entities[2]
    assert step.passed


def test_privates_change_hands_between_players_from_the_second_stock_round(game: Game1830) -> None:
    mh = game.company_by_id("MH")
    ann, bob = player(game, 1), player(game, 2)
    mh.owner = ann
    ann.companies.append(mh)
    start_stock_round(game, turn=1)
    assert "buy_company" not in actions(game, 1)
    act(game, Pass(entity=1))
    assert "buy_company" not in actions(game, 2)
    start_stock_round(game, turn=2)
    act(game, Pass(entity=1))
    assert "buy_company" in actions(game, 2)
    assert stock_step(game).purchasable_companies(bob) == [mh]
    with pytest.raises(GameError):
        act(game, BuyCompany(entity=2, company="BO", price=10))  # nobody owns BO
    act(game, BuyCompany(entity=2, company="MH", price=150))
    assert mh.owner is bob and bob.companies == [mh] and ann.companies == []
    assert ann.cash == 750 and bob.cash == 450
    assert game.log_lines[-1] == "-- Bob buys Mohawk & Hudson from Ann for $150"
    assert not stock_step(game).can_buy_any(bob)  # a private purchase is the turn's purchase


# --- exchange -------------------------------------------------------------------------------------------
def test_mohawk_hudson_exchange_for_a_nyc_share(game: Game1830) -> None:
    mh = game.company_by_id("MH")
    ann = player(game, 1)
    mh.owner = ann
    ann.companies.append(mh)
    par(game, "NYC", "67,5,6", 2)
    start_stock_round(game)
    exchange = game.round.step_of(Exchange)
    assert isinstance(exchange, Exchange)
    assert exchange.actions(mh) == ["buy_shares"]
    assert not exchange.blocks()
    with pytest.raises(IllegalAction):  # only NYC
        act(game, BuyShares(entity="MH", entity_type="company", shares=["PRR_1"], percent=10))
    share = ipo_share(game, "NYC")
    cash = ann.cash
    act(game, BuyShares(entity="MH", entity_type="company", shares=[share], percent=10))
    assert [s.id for s in ann.shares_of(corp(game, "NYC"))] == [share]
    assert ann.cash == cash
    assert mh.closed and mh.owner is None and ann.companies == []
    assert exchange.actions(mh) == []
    # Still Ann's turn: the exchange is not her stock-round action.
    assert game.round.current_entity() is ann


def test_no_exchange_over_the_holding_limit(game: Game1830) -> None:
    mh = game.company_by_id("MH")
    ann = player(game, 1)
    mh.owner = ann
    ann.companies.append(mh)
    par(game, "NYC", "67,5,6", 1)
    give(game, 1, "NYC", 4)
    start_stock_round(game)
    exchange = game.round.step_of(Exchange)
    assert isinstance(exchange, Exchange)
    assert exchange.actions(mh) == []


# --- a corporation buys a private -----------------------------------------------------------------------
class CorporationTurns(Round):
    """A minimal operating-style round: the floated corporations, the two BuyCompany steps."""

    NAME: ClassVar[str] = "Operating"
    operating: ClassVar[bool] = True

    def select_entities(self) -> list[Any]:
        return [c for c in self.game.corporations if c.floated]


@pytest.fixture
def corp_round(game: Game1830) -> Game1830:
    par(game, "PRR", "67,5,6", 1)
    give(game, 1, "PRR", 4)  # floats: PRR receives $670
    for sym, pid in (("DH", 2), ("BO", 2), ("SV", 1)):
        company = game.company_by_id(sym)
        company.owner = player(game, pid)
        player(game, pid).companies.append(company)
    game.phase.next()  # phase 3: corporations may buy privates
    game.round = CorporationTurns(game, [BuyCompanyStep, (BuyCompanyStep, {"blocks": True})])
    return game


def test_corporation_buys_a_private_within_the_price_range(corp_round: Game1830) -> None:
    game = corp_round
    prr, dh, bob = corp(game, "PRR"), game.company_by_id("DH"), player(game, 2)
    first, last = [s for s in game.round.steps if isinstance(s, BuyCompanyStep)]
    assert first.NAME == "BuyCompany" and first.type_name() == "buy_company"
    assert not first.blocks() and last.blocks()
    assert first.actions(prr) == ["buy_company"]
    assert last.actions(prr) == ["buy_company", "pass"]
    assert game.round.active_step() is last
    assert [c.sym for c in game.company_rules.purchasable(prr)] == ["SV", "DH"]  # BO cannot be sold
    with pytest.raises(IllegalAction, match="between \\$35 and \\$140"):
        game.round.process_action(BuyCompany(entity="PRR", entity_type="corporation", company="DH", price=141), prr)
    with pytest.raises(IllegalAction):
        game.round.process_action(BuyCompany(entity="PRR", entity_type="corporation", company="BO", price=300), prr)
    cash = bob.cash
    game.round.process_action(BuyCompany(entity="PRR", entity_type="corporation", company="DH", price=140), prr)
    assert dh.owner is prr and prr.companies == [dh] and bob.companies == [game.company_by_id("BO")]
    assert prr.cash == 670 - 140 and bob.cash == cash + 140
    assert game.log_lines[-1] == "PRR buys Delaware & Hudson from Bob for $140"
    assert game.round.just_sold_company is dh  # type: ignore[attr-defined]
    # The blocking step still waits: SV is for sale.
    assert game.round.active_step() is last
    assert last.pass_description() == "Skip (Companies)"
    game.round.process_action(Pass(entity="PRR", entity_type="corporation"), prr)
    assert last.passed


def test_no_private_purchases_before_phase_three(game: Game1830) -> None:
    par(game, "PRR", "67,5,6", 1)
    give(game, 1, "PRR", 4)
    dh = game.company_by_id("DH")
    dh.owner = player(game, 2)
    player(game, 2).companies.append(dh)
    game.round = CorporationTurns(game, [BuyCompanyStep, (BuyCompanyStep, {"blocks": True})])
    prr = corp(game, "PRR")
    assert all(s.actions(prr) == [] for s in game.round.steps if isinstance(s, BuyCompanyStep))


# --- the real thing: the opening of 18xx.games 1830 games -----------------------------------------------
def _normalised(state: dict[str, Any]) -> dict[str, Any]:
    """The trace fields these steps decide, with company lists sorted (the reference writes them sorted)."""
    keep = ("round", "turn", "step", "entity", "bank", "players", "corporations", "companies")
    out = {k: state[k] for k in keep if k in state}
    for holder in (*out.get("players", {}).values(), *out.get("corporations", {}).values()):
        if isinstance(holder.get("companies"), list):
            holder["companies"] = sorted(holder["companies"])
    return out


@pytest.mark.parametrize("stem", ["26855", "29133"])
def test_auction_and_first_stock_round_match_the_reference(stem: str) -> None:
    from engine import build_game
    from engine.core.history import filter_actions
    from engine.record import GameRecord
    from engine.trace import diff_states, read_trace, state_of
    from tests.conftest import FIXTURES, TRACES

    fixture = FIXTURES / "1830" / f"{stem}.json"
    trace_path = TRACES / "1830" / f"{stem}.trace.jsonl.gz"
    if not fixture.exists() or not trace_path.exists():
        pytest.skip("../shared fixtures or traces are absent")
    record = GameRecord.load(fixture)
    game = build_game(record)
    kept, _ = filter_actions(record.actions)
    checked = 0
    for entry in read_trace(trace_path):
        if entry.get("type") in ("start", "end"):
            continue
        if entry["state"]["round"] == "Operating":
            break
        index = entry["index"]
        while len(game.raw_actions) <= index:
            position = len(game.raw_actions)
            if kept[position] is None:
                game.raw_actions.append(dict(record.actions[position]))
            else:
                game.process_action(kept[position], position)
        differences = diff_states(_normalised(state_of(game)), _normalised(entry["state"]))
        assert differences == [], f"after action {index}: {differences[:10]}"
        checked += 1
    assert checked > 30
