"""The general ``choose_ability`` mechanism: options from the game's hook or from a company's
``choose_ability`` ability, the ``AbilityChoosing`` mix-in, the ready ``SpecialChoose`` step, and their
legal moves."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from engine.actions import Action, ChooseAbility
from engine.errors import IllegalAction
from engine.model.abilities import make_ability
from engine.moves.base import Move, PassMove
from engine.moves.choose_ability import ChooseAbilityMove
from engine.moves.registry import enumerates, enumerator_after, enumerator_for
from engine.steps.choices import Choice
from engine.steps.choose_ability import AbilityChoosing, SpecialChoose, choices_from_data


class _Company:
    is_company = True
    closed = False

    def __init__(self, cid: str, abilities: list[Any] | None = None) -> None:
        self.id = cid
        self.name = cid.title()
        self._abilities = abilities or []

    def all_abilities(self) -> list[Any]:
        return list(self._abilities)


class _Rules:
    def ability(self, entity: Any, type: str) -> Any:
        found = [a for a in entity.all_abilities() if a.type == type]
        return found[0] if found else None


class _Game:
    """A game with the hooks: ``hooked`` companies answer through ``ability_choices``."""

    def __init__(self, companies: list[_Company]) -> None:
        self.companies = {c.id: c for c in companies}
        self.ability_rules = _Rules()
        self.chosen: list[tuple[str, Any]] = []

    def resolve_entity(self, action: Any) -> Any:
        return self.companies[action.entity]

    @staticmethod
    def entity_name(entity: Any) -> str:
        return str(entity.name)

    def ability_choices(self, step: Any, company: Any) -> list[Choice] | None:
        if company.id != "TICKET":
            return None  # ask the data
        return [Choice({"type": "sell", "price": p}, f"sell for {p}") for p in (1, 2, 3)]

    def ability_chosen(self, step: Any, company: Any, choice: Any) -> None:
        self.chosen.append((company.id, choice))


def _data_company() -> _Company:
    ability = make_ability({"type": "choose_ability", "choices": {"LBSCR_ipo": "IPO share", "LBSCR_pool": "Pool"}})
    return _Company("P16", [ability])


def _game() -> _Game:
    return _Game([_Company("TICKET"), _data_company(), _Company("PLAIN")])


def test_choose_ability_round_trips() -> None:
    data = {"type": "choose_ability", "entity": "P16", "entity_type": "company", "id": 3, "choice": "LBSCR_ipo"}
    action = Action.from_dict(data)
    assert isinstance(action, ChooseAbility) and action.to_dict() == data


def test_choices_from_data_takes_dicts_pairs_and_values() -> None:
    assert choices_from_data({"a": "A"}) == [Choice("a", "A")]
    assert choices_from_data([["a", "A"], 3]) == [Choice("a", "A"), Choice(3, "3")]
    assert choices_from_data(None) == []


def test_options_come_from_the_hook_then_from_the_data() -> None:
    game = _game()
    step = SpecialChoose(game, round=None)  # type: ignore[arg-type]
    assert [c.label for c in step.ability_choices(game.companies["TICKET"])] == ["sell for 1", "sell for 2",
                                                                                  "sell for 3"]
    assert [c.value for c in step.ability_choices(game.companies["P16"])] == ["LBSCR_ipo", "LBSCR_pool"]
    assert step.ability_choices(game.companies["PLAIN"]) == []
    assert step.actions(game.companies["P16"]) == ["choose_ability"]
    assert step.actions(game.companies["PLAIN"]) == []
    assert step.blocks() is False


def test_a_closed_company_offers_nothing() -> None:
    game = _game()
    step = SpecialChoose(game, round=None)  # type: ignore[arg-type]
    game.companies["P16"].closed = True
    assert step.actions(game.companies["P16"]) == []


def test_process_takes_listed_choices_only_and_changes_nothing_otherwise() -> None:
    game = _game()
    step = SpecialChoose(game, round=None)  # type: ignore[arg-type]
    step.process_choose_ability(ChooseAbility(entity="TICKET", entity_type="company",
                                              choice={"type": "sell", "price": 2}))
    assert game.chosen == [("TICKET", {"type": "sell", "price": 2})]
    with pytest.raises(IllegalAction, match="not one of its choices"):
        step.process_choose_ability(ChooseAbility(entity="TICKET", entity_type="company",
                                                  choice={"type": "sell", "price": 9}))
    with pytest.raises(IllegalAction):
        step.process_choose_ability(ChooseAbility(entity="PLAIN", entity_type="company", choice="x"))
    assert len(game.chosen) == 1


def test_a_step_may_carry_out_the_choice_itself() -> None:
    class _Own(SpecialChoose):
        def ability_chosen(self, company: Any, choice: Any) -> None:
            self.done = (company.id, choice)

    game = _game()
    step = _Own(game, round=None)  # type: ignore[arg-type]
    step.process_choose_ability(ChooseAbility(entity="P16", entity_type="company", choice="LBSCR_pool"))
    assert step.done == ("P16", "LBSCR_pool") and game.chosen == []


# --- moves -------------------------------------------------------------------------------------------------


class _BaseStep:
    ACTIONS: ClassVar[tuple[str, ...]] = ("pass",)

    def actions(self, entity: Any) -> list[str]:
        return ["pass"]


@enumerates(_BaseStep)
def _base_moves(step: _BaseStep, entity: Any) -> Any:
    yield PassMove("company", entity.id)


class _TrackLike(AbilityChoosing, _BaseStep):
    def __init__(self, game: _Game) -> None:
        self.game = game

    def actions(self, entity: Any) -> list[str]:
        return (["choose_ability"] if self.offers_ability_choice(entity) else []) + ["pass"]


def test_enumerator_lists_the_companys_options_then_the_base_steps_moves() -> None:
    game = _game()
    step = _TrackLike(game)
    assert enumerator_after(step, AbilityChoosing) is _base_moves
    fn = enumerator_for(step)
    assert fn is not None
    moves: list[Move] = list(fn(step, game.companies["P16"]))  # type: ignore[arg-type]
    assert [m.type for m in moves] == ["choose_ability", "pass"]
    move = moves[0]
    assert isinstance(move, ChooseAbilityMove) and move.entity == "P16" and move.entity_type == "company"
    assert move.refusal({"choice": "LBSCR_ipo"}) is None
    refusal = move.refusal({"choice": "nope"})
    assert refusal is not None and "IPO share" in refusal
    assert move.sample(random.Random(2))["choice"] in ("LBSCR_ipo", "LBSCR_pool")
    assert move.name == "P16"
    plain: list[Move] = list(fn(step, game.companies["PLAIN"]))  # type: ignore[arg-type]
    assert [m.type for m in plain] == ["pass"]


class _SilentBase:
    """A base step whose enumerator lists nothing (its own action is impossible now)."""

    ACTIONS: ClassVar[tuple[str, ...]] = ("place_token", "pass")

    def actions(self, entity: Any) -> list[str]:
        return ["choose_ability", "pass"]


@enumerates(_SilentBase)
def _silent_moves(step: _SilentBase, entity: Any) -> Any:
    yield from ()


class _WaitingForAChoice(AbilityChoosing, _SilentBase):
    def __init__(self, game: _Game) -> None:
        self.game = game

    def pass_description(self) -> str:
        return "Skip tokens"


def test_a_step_offering_pass_lists_a_pass_move_when_its_base_enumerator_lists_none() -> None:
    game = _game()
    step = _WaitingForAChoice(game)
    fn = enumerator_for(step)
    assert fn is not None
    corporation = SimpleNamespace(id="LBSCR", name="LBSCR", is_company=False, is_corporation=True)
    moves: list[Move] = list(fn(step, corporation))  # type: ignore[arg-type]
    assert [(m.type, getattr(m, "label", None)) for m in moves] == [("pass", "Skip tokens")]
    # a company offering its choice gets only its choice, never a pass
    company_moves: list[Move] = list(fn(step, game.companies["P16"]))  # type: ignore[arg-type]
    assert [m.type for m in company_moves] == ["choose_ability"]


def test_a_choice_naming_one_option_by_part_of_its_fields_is_that_option() -> None:
    from engine.steps.choose_ability import listed_choice

    options = [Choice({"type": "buy", "train": "2S-0", "price": 7}, "2S"),
               Choice({"type": "buy", "train": "3S-0", "price": 12}, "3S")]
    assert listed_choice(options, {"type": "buy", "train": "3S-0"}) == options[1]
    assert listed_choice(options, {"type": "buy"}) is None  # names both
    assert listed_choice(options, {"type": "buy", "train": "4S-0"}) is None
    assert listed_choice(options, {}) is None
