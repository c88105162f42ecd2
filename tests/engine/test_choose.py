"""The general ``choose`` action: its codec, the ``Choosing`` step mix-in, its legal moves, and a real use
(18 Christmas Eve's gifts)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from engine import load_game
from engine.actions import Action, Choose
from engine.errors import IllegalAction, InvalidAction
from engine.moves import legal_moves
from engine.moves.base import Move, PassMove
from engine.moves.choose import ChooseMove
from engine.moves.registry import check_action, enumerates, enumerator_after, enumerator_for
from engine.steps.choices import Choice, Choosing
from tests.engine.moves_b_helpers import fixture

# --- codec ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("choice", ["cert_1_N&W", 3, {"hex": "A1", "city": 0}])
def test_choose_round_trips(choice: Any) -> None:
    data = {"type": "choose", "entity": 7, "entity_type": "player", "id": 4, "choice": choice}
    action = Action.from_dict(data)
    assert isinstance(action, Choose) and action.choice == choice
    assert action.to_dict() == data


@pytest.mark.parametrize("data", [
    {"type": "choose", "entity": 7, "entity_type": "player", "id": 4},
    {"type": "choose", "entity": 7, "entity_type": "player", "id": 4, "choice": True},
    {"type": "choose", "entity": 7, "entity_type": "player", "id": 4, "choice": [1, 2]},
])
def test_choose_malformed_is_refused(data: dict[str, Any]) -> None:
    with pytest.raises(InvalidAction, match="choice"):
        Action.from_dict(data)


# --- the mix-in and its moves -----------------------------------------------------------------------------


class _Entity:
    id = 1
    name = "Ann"
    is_player = True


class _Game:
    def resolve_entity(self, action: Any) -> Any:
        return ENTITY

    @staticmethod
    def entity_name(entity: Any) -> str:
        return str(entity.name)


ENTITY = _Entity()


class _BaseStep:
    ACTIONS: ClassVar[tuple[str, ...]] = ("pass",)

    def actions(self, entity: Any) -> list[str]:
        return ["pass"]


@enumerates(_BaseStep)
def _base_moves(step: _BaseStep, entity: Any) -> Any:
    yield PassMove("player", entity.id)


class _ToyStep(Choosing, _BaseStep):
    def __init__(self) -> None:
        self.game = _Game()
        self.chosen: list[Any] = []

    def actions(self, entity: Any) -> list[str]:
        return ["choose", "pass"]

    def choices(self, entity: Any) -> list[Choice]:
        return [Choice("left", "Go left"), Choice(2, "Take two")]

    def choose(self, entity: Any, choice: Any) -> None:
        self.chosen.append(choice)


def test_process_choose_takes_listed_choices_only() -> None:
    step = _ToyStep()
    step.process_choose(Choose(entity=1, entity_type="player", choice=2))
    assert step.chosen == [2]
    with pytest.raises(IllegalAction, match="not one of the choices"):
        step.process_choose(Choose(entity=1, entity_type="player", choice="right"))
    assert step.chosen == [2]
    assert step.choice_label(ENTITY, "left") == "Go left"
    assert step.choice_name() == "Choose"


def test_choose_enumerator_adds_the_base_steps_moves() -> None:
    step = _ToyStep()
    assert enumerator_after(step, Choosing) is _base_moves
    fn = enumerator_for(step)
    assert fn is not None
    moves: list[Move] = list(fn(step, ENTITY))  # type: ignore[arg-type]
    assert [m.type for m in moves] == ["choose", "pass"]
    choose = moves[0]
    assert isinstance(choose, ChooseMove)
    assert choose.refusal({"choice": "left"}) is None
    assert choose.refusal({"choice": 2}) is None
    refusal = choose.refusal({"choice": "right"})
    assert refusal is not None and "Go left" in refusal
    assert choose.sample(random.Random(1))["choice"] in ("left", 2)
    assert "go left" in choose.describe().lower()


# --- 18 Christmas Eve's gifts ---------------------------------------------------------------------------------

XMAS = "18ChristmasEve"
BANK_GAME = "18ChristmasEve_game_end_bank.json"


def test_gift_is_a_legal_move_and_moves_the_certificate() -> None:
    path = fixture(XMAS, BANK_GAME)
    game = load_game(path, upto=95)  # action 95: player 12826 gifts a N&W certificate ("cert_1_N&W")
    giver = game.player_by_id(12826)
    receiver = game.players[1]
    nw = game.corporation_by_id("N&W")
    moves = [m for m in legal_moves(game) if isinstance(m, ChooseMove)]
    assert len(moves) == 1 and moves[0].name == "Gift"
    values = [c.value for c in moves[0].choices]
    assert "cert_1_N&W" in values
    assert all(v.split("_")[0] in ("cert", "prez") for v in values)
    action = {"type": "choose", "entity": 12826, "entity_type": "player", "choice": "cert_1_N&W"}
    assert check_action(game, action) is True
    with pytest.raises(IllegalAction):
        check_action(game, {**action, "choice": "cert_1_XYZ"})
    before = (giver.percent_of(nw), receiver.percent_of(nw))
    game.process_action(action)
    assert (giver.percent_of(nw), receiver.percent_of(nw)) == (before[0] - 10, before[1] + 10)
    assert game.round.active_step().current_entity() is giver  # a gift does not end the turn
