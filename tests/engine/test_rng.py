"""The seeded generator is the reference engine's 31-bit LCG."""

from __future__ import annotations

from engine.core.rng import RAND_M, Rng, seed_from


def test_first_values_for_seed_1() -> None:
    rng = Rng(1)
    assert rng.rand() == 1_103_527_590
    assert rng.rand() == (1_103_515_245 * 1_103_527_590 + 12_345) % 2**31


def test_state_stays_below_2_31_and_seed_is_reduced() -> None:
    rng = Rng(2**40 + 5)
    assert rng.state == (2**40 + 5) % RAND_M
    for _ in range(1000):
        assert 0 <= rng.rand() < RAND_M


def test_seed_falls_back_to_digits_of_game_id() -> None:
    assert seed_from("", "hs_wbpewgex_1715274627") == 1715274627
    assert seed_from(None, "hs_abc") == 0
    assert seed_from(26855, "ignored") == 26855
    assert seed_from(None, 12345) == 12345


def test_shuffle_sorts_by_draws_in_element_order() -> None:
    items = list("abcdef")
    rng = Rng(42)
    draws = [Rng(42).rand()]
    probe = Rng(42)
    draws = [probe.rand() for _ in items]
    expected = [x for _, x in sorted(zip(draws, items, strict=True))]
    assert rng.shuffle(items) == expected
    assert rng.calls == len(items)
