"""Play-through bench findings on the 1822 family (issue 26).

- 1822/33845 action 496: an undo to action 594 right after a plain undo (action 495) went back to 594; it takes
  back nothing.  Our history has no position after 594 but the live end, where "Undo back to here" has nothing to
  take back (it is disabled, with its reason), so no gesture makes it: the bench records it as the file has it
  and counts it apart (it was an unexamined fallback).
"""

from __future__ import annotations

import json

import pytest

from bench.play_through_gui import idle_undos
from tests.conftest import FIXTURES


def test_an_undo_that_takes_back_nothing_is_found() -> None:
    path = FIXTURES / "1822" / "33845.json"
    if not path.exists():
        pytest.skip("../shared/fixtures is absent")
    actions = json.loads(path.read_text())["actions"]
    assert (actions[495]["type"], actions[495].get("action_id")) == ("undo", None)
    assert (actions[496]["type"], actions[496]["action_id"], actions[493]["id"]) == ("undo", 594, 594)
    assert idle_undos(actions) == {496}


def test_an_undo_to_an_earlier_action_is_not_idle() -> None:
    actions = [
        {"type": "pass", "entity": 1, "id": 1},
        {"type": "pass", "entity": 2, "id": 2},
        {"type": "pass", "entity": 3, "id": 3},
        {"type": "undo", "entity": 3, "id": 4, "action_id": 1},
        {"type": "undo", "entity": 3, "id": 5, "action_id": 1},
    ]
    assert idle_undos(actions) == {4}  # the first takes back 2 and 3; the second nothing
