"""Property tests of the control auction (hypothesis): with bidders who respect a value cap the auction always
ends, within a bound; the number of items with a bid always equals the number of controlling players."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.moves import legal_moves
from tests.engine.auction_how_helpers import auction, game


@settings(max_examples=60, deadline=None)
@given(n=st.integers(3, 6), seed=st.integers(1, 10_000), cap=st.integers(0, 12),
       rules=st.sampled_from([[], ["the_fates"], ["back_to_the_minors"]]), data=st.data())
def test_the_auction_terminates_when_bidders_respect_a_value_cap(n: int, seed: int, cap: int, rules: list[str],
                                                                 data: st.DataObject) -> None:
    g = game(n, seed=seed, rules=rules)
    step = auction(g)
    items = len(step.items)
    # every bid raises one item's high bid by at least one (or opens an item): at most items * (cap + 1) bids,
    # and at most n passes between two bids
    bound = items * (cap + 1) * (n + 1) + n
    actions = 0
    while g.turn == 1:
        moves = legal_moves(g)
        bids = [m for m in moves.of_type("bid") if m.min_bid <= cap]  # type: ignore[attr-defined]
        if moves.types() == ["pass"]:
            action = moves.moves[0].base()
        else:
            # a bidder who controls nothing always finds an item within the cap (one nobody has bid on)
            assert bids, "no bid within the cap"
            move = data.draw(st.sampled_from(bids))
            action = move.action(data.draw(st.integers(move.min_bid, cap)))  # type: ignore[attr-defined]
        g.apply(action)
        actions += 1
        assert actions <= bound
        if not step.passed:
            with_bid = [i for i in step.items.values() if i.high_bid is not None]
            controlling = [p for p in g.players if step.controlled_by(p) is not None]
            assert len(with_bid) == len(controlling)
    assert step.passed and len(step.results) == n
    assert len({item for _, item, _ in step.results}) == n
    assert all(0 <= price <= cap for _, _, price in step.results)
    assert g.invariant_problem() is None
