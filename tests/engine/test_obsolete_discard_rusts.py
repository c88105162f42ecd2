"""An obsolete-on-X train lying in the depot's discard rusts (leaves the game) when the first X is bought, as the
reference's ``rust?`` (1817 family: a discarded 2+ is gone once the first 4 comes; 18DE playout seed 7017 bought it
from the discard afterwards, which the reference refuses)."""

from __future__ import annotations

from engine import new_game


def test_a_discarded_train_obsolete_on_the_purchase_rusts() -> None:
    game = new_game("1817", ["A", "B", "C"], seed=1)
    depot = game.depot
    plus = next(t for t in depot.trains if t.name == "2+")
    kept = [t for t in depot.trains if t.name == "2+" and t is not plus]
    corporation = game.corporations[0]
    game.train_rules.buy_train(corporation, plus, "free")
    depot.reclaim_train(plus)  # discarded: for sale from the discard
    assert any(t is plus for t in depot.discarded)
    four = next(t for t in depot.trains if t.name == "4")
    game.train_rules.rust_trains(four, None)
    assert plus.rusted and plus.owner is None
    assert not any(t is plus for t in depot.discarded) and not any(t is plus for t in depot.depot_trains(clear=True))
    assert all(t.obsolete and not t.rusted for t in kept)  # the 2+ trains not in the discard are only obsolete
    assert "obsolete 2+ trains are removed from The Depot" in str(game.log_lines[-2])
