"""The 1830 family: what the titles built on 1830's rules share (1836Jr-30, 18NL, 18JP-T, ...).

Written once here, used by each title's ``data.py`` / ``rules.py``: 1830's stock market, the phases of the
2-3-4-5-6-D train roster, their status and event texts, and the operating round's step list with the
places a title changes (its own track, token, special-token or train step).
"""

from __future__ import annotations

from typing import Any

from engine.titles.spec import PhaseSpec

#: 1830's stock market (11 rows; p par, y outside the certificate limit, o above 60%, b several per turn)
MARKET_1830 = (
    ("60y", "67", "71", "76", "82", "90", "100p", "112", "126", "142", "160", "180", "200", "225", "250", "275", "300", "325", "350"),
    ("53y", "60y", "66", "70", "76", "82", "90p", "100", "112", "126", "142", "160", "180", "200", "220", "240", "260", "280", "300"),
    ("46y", "55y", "60y", "65", "70", "76", "82p", "90", "100", "111", "125", "140", "155", "170", "185", "200"),
    ("39o", "48y", "54y", "60y", "66", "71", "76p", "82", "90", "100", "110", "120", "130"),
    ("32o", "41o", "48y", "55y", "62", "67", "71p", "76", "82", "90", "100"),
    ("25b", "34o", "42o", "50y", "58y", "65", "67p", "71", "75", "80"),
    ("18b", "27b", "36o", "45o", "54y", "63", "67", "69", "70"),
    ("10b", "20b", "30b", "40o", "50y", "60y", "67", "68"),
    ("", "10b", "20b", "30b", "40o", "50y", "60y"),
    ("", "", "10b", "20b", "30b", "40o", "50y"),
    ("", "", "", "10b", "20b", "30b", "40o"),
)  # fmt: skip


def phases_2_to_d(d_tiles: tuple[str, ...] = ("yellow", "green", "brown")) -> tuple[PhaseSpec, ...]:
    """The phases 2, 3, 4, 5, 6, D of the 1830 roster (corporations buy privates in phases 3 and 4);
    ``d_tiles``: the tile colours of phase D (18JP-T adds gray)."""
    yellow, green, brown = ("yellow",), ("yellow", "green"), ("yellow", "green", "brown")
    buy = ("can_buy_companies",)
    return (
        PhaseSpec(name="2", on=None, train_limit=4, tiles=yellow, operating_rounds=1),
        PhaseSpec(name="3", on="3", train_limit=4, tiles=green, operating_rounds=2, status=buy),
        PhaseSpec(name="4", on="4", train_limit=3, tiles=green, operating_rounds=2, status=buy),
        PhaseSpec(name="5", on="5", train_limit=2, tiles=brown, operating_rounds=3),
        PhaseSpec(name="6", on="6", train_limit=2, tiles=brown, operating_rounds=3),
        PhaseSpec(name="D", on="D", train_limit=2, tiles=d_tiles, operating_rounds=3),
    )


STATUS_TEXT = {
    "can_buy_companies": ("Can Buy Companies", "Corporations may buy private companies from players"),
}

EVENTS_TEXT = {
    "close_companies": ("Companies Close", "All private companies close, unless their text says otherwise"),
}


def operating_round_steps_1830(**replace: Any) -> list[Any]:
    """1830's operating round, with steps replaced by name: ``Track``, ``Token``, ``SpecialToken``, ``BuyTrain``
    (a step class), or left out (``None``)."""
    from engine.steps.bankrupt import Bankrupt
    from engine.steps.companies import BuyCompany, Exchange
    from engine.steps.dividend import Dividend
    from engine.steps.home_token import HomeToken
    from engine.steps.route import RouteStep
    from engine.steps.special_token import SpecialToken
    from engine.steps.special_track import SpecialTrack
    from engine.steps.token import TokenStep
    from engine.steps.track import Track
    from engine.steps.trains import BuyTrain, DiscardTrain

    named: dict[str, Any] = {"Track": Track, "Token": TokenStep, "SpecialToken": SpecialToken, "BuyTrain": BuyTrain}
    unknown = set(replace) - set(named)
    if unknown:
        raise ValueError(f"no step {sorted(unknown)} in 1830's operating round")
    named.update(replace)
    steps = [Bankrupt, Exchange, SpecialTrack, named["SpecialToken"], BuyCompany, HomeToken, named["Track"],
             named["Token"], RouteStep, Dividend, DiscardTrain, named["BuyTrain"], (BuyCompany, {"blocks": True})]
    return [step for step in steps if step is not None]


__all__ = ["EVENTS_TEXT", "MARKET_1830", "STATUS_TEXT", "operating_round_steps_1830", "phases_2_to_d"]
