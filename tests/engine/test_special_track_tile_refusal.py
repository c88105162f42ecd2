"""A step's ``tile_refusal`` is both its lay's refusal and the legal moves' filter.  1822 family: a minor's
private never lays brown or gray (1822PNW playout seed 13 was offered P11's gray PNW4 for a minor, then
refused), except 1822PNW's privates that lay their own way (P19's gray coal mine, rockport_token)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.steps.special_track import SpecialTrack
from engine.titles.family1822.operating import SpecialTrack1822
from engine.titles.g1822_pnw.track import SpecialTrackPNW

MINOR_PRIVATE = "Minor cannot upgrade past green"


def _step(spender_type: str, **game: str) -> Any:
    return SimpleNamespace(_spender=lambda entity: SimpleNamespace(type=spender_type), game=SimpleNamespace(**game))


def _tile(color: str) -> Any:
    return SimpleNamespace(color=color)


def test_a_minors_private_may_not_lay_brown_or_gray() -> None:
    for color in ("brown", "gray"):
        assert SpecialTrack1822.tile_refusal(_step("minor"), object(), _tile(color)) == MINOR_PRIVATE
    assert SpecialTrack1822.tile_refusal(_step("minor"), object(), _tile("green")) is None
    assert SpecialTrack1822.tile_refusal(_step("major"), object(), _tile("gray")) is None


def test_the_general_step_refuses_no_tile() -> None:
    assert SpecialTrack.tile_refusal(object(), object(), _tile("gray")) is None  # type: ignore[arg-type]


def test_pnw_privates_with_their_own_lay_are_not_held_to_the_minors_colours() -> None:
    step = _step("minor", COAL_COMPANY="P19", BOOMTOWN_COMPANY="P20", PORTAGE_COMPANY="P5", CUBE_COMPANY="P10")
    assert SpecialTrackPNW.tile_refusal(step, SimpleNamespace(sym="P19"), _tile("gray")) is None
    # (super() needs a real instance: the family's rule itself is tested above)
