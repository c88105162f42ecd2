"""18USA's upgrade context names what of the laying corporation its upgrades depend on (resource companies, an
unoperated home city), not the corporation: the legal-move enumeration's candidate tiles, cached per context
and shared by every corporation alike, must stay what ``upgrades_to`` answers for the corporation laying now."""

from __future__ import annotations

from typing import Any

import pytest

import engine.moves.track as track
from tests.conftest import FIXTURES, shared_or_skip
from tests.engine.moves_b_helpers import replay

GAME = FIXTURES / "18USA" / "109372.json"


def _fresh(game: Any, old: Any, names: list[str]) -> list[str]:
    by_name = track._catalogue(game)
    return [n for n in names if n in by_name and game.track_rules.upgrades_to(old, by_name[n], False)]


def _track_states() -> Any:
    for game, _position, _data in replay(shared_or_skip(GAME)):
        step = game.round.active_step() if hasattr(game.round, "active_step") else None
        if type(step).__name__ == "Track18USA":
            yield game


def test_context_shares_answers_between_corporations_alike_only() -> None:
    """Every Track state of a whole game: the cached candidates of each white hex (where a resource company or an
    unoperated home decides) and of each hex sampled, asked with the cache kept from the states before (so
    answers computed for other corporations are reused), equal a fresh computation; and the cache is shared
    (fewer contexts than corporations laying)."""
    checked = 0
    contexts: set[Any] = set()
    layers: set[str] = set()
    for index, game in enumerate(_track_states()):
        names = list(track._catalogue(game))
        contexts.add(game.track_rules.upgrade_context())
        layers.add(game.round.current_entity().id)
        for number, hex_ in enumerate(game.hexes):
            old = hex_.tile
            if old.color != "white" and (number + index) % 23:
                continue
            assert track._candidates(game, old, names, False) == _fresh(game, old, names), (index, hex_.id)
            checked += 1
    assert checked > 1000
    assert len(contexts) < len(layers) * 3


def test_resource_company_and_unoperated_home_change_the_context() -> None:
    from engine.titles.g18usa.track import TrackRules18USA

    class Ability:
        type = "tile_lay"
        count = 2

    class Company:
        id = "P9"

        def all_abilities(self) -> list[Any]:
            return [Ability()]

    class Corporation:
        is_corporation = True
        id = "X"
        companies: list[Any] = []
        ran = True

        def operated(self) -> bool:
            return self.ran

    class Phase:
        tiles = ["yellow", "green", "brown"]

    corporation = Corporation()

    class Game:
        phase = Phase()

        class round:
            @staticmethod
            def current_entity() -> Any:
                return corporation

        @staticmethod
        def home_hex_for(entity: Any) -> Any:
            class Hex:
                id = "D24"

            return Hex()

    rules = TrackRules18USA.__new__(TrackRules18USA)
    rules.game = Game()  # type: ignore[assignment]
    plain = rules.upgrade_context()
    corporation.companies = [Company()]
    with_resource = rules.upgrade_context()
    corporation.companies = []
    corporation.ran = False
    unoperated = rules.upgrade_context()
    assert len({plain, with_resource, unoperated}) == 3


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])
