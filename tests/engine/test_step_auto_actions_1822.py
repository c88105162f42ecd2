"""The 1822 family's steps act by themselves in live play as the site's do (``STEP_AUTO_ACTIONS``): the
destination token is placed (or passed) at once, and a major with no connected minor to acquire passes.  What
our programs evaluate equals the ``auto_actions`` the site recorded in a real game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import load_game
from engine.actions import Action
from engine.programs import programmed_after
from tests.conftest import FIXTURES

GAME = FIXTURES / "1822Africa" / "1822Africa_game_end_stock_market.json"
IGNORED = {"id", "created_at", "user"}


def _key(actions: list[Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in (a.to_dict() if isinstance(a, Action) else a).items() if k not in IGNORED}
            for a in actions]


@pytest.mark.parametrize("index, kind", [(88, "pass"), (166, "hex_token"), (223, "pass"), (86, None)])
def test_live_evaluation_equals_the_recorded_auto_actions(index: int, kind: str | None) -> None:
    if not GAME.exists():
        pytest.skip("../shared/fixtures is absent")
    raw = json.loads(GAME.read_text())["actions"][index]
    game = load_game(GAME, upto=index)
    action = Action.from_dict({k: v for k, v in raw.items() if k != "auto_actions"},
                              action_types=getattr(game, "ACTION_TYPES", None))
    autos = programmed_after(game, action)
    assert _key(autos) == _key(raw.get("auto_actions") or [])
    assert [a.type for a in autos] == ([kind] if kind else [])
