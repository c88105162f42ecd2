"""Station tokens in 1830 operating rounds: the Token, SpecialToken and HomeToken steps (Tokener).

Each test builds a 1830 game, floats a few corporations by hand and starts an operating round made of
the track and token steps only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.errors import GameError, IllegalAction
from engine.rounds.operating import OperatingRound
from engine.steps.home_token import HomeToken
from engine.steps.special_token import SpecialToken
from engine.steps.special_track import SpecialTrack
from engine.steps.token import TokenStep
from engine.steps.track import Track
from engine.titles.g1830.rules import Game1830

STEPS: list[Any] = [SpecialTrack, SpecialToken, HomeToken, Track, TokenStep]


# --------------------------------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------------------------------


def make_game(strict: bool = True) -> Game1830:
    return Game1830([(1, "Alice"), (2, "Bob"), (3, "Cleo"), (4, "Dan")], strict=strict)


def float_corporation(game: Game1830, sym: str, par_index: int, player: Any) -> Any:
    corporation = game.corporation_by_id(sym)
    game.stock_market.set_par(corporation, game.stock_market.par_prices[par_index])
    corporation.owner = player
    corporation.ipoed = True
    corporation.floated = True
    game.bank.spend(corporation.par_price.price * 10, corporation)
    return corporation


def give_company(game: Game1830, sym: str, owner: Any) -> Any:
    company = game.company_by_id(sym)
    company.owner = owner
    owner.companies.append(company)
    return company


def start_or(game: Game1830) -> OperatingRound:
    game.round = OperatingRound(game, list(STEPS), 1)
    game.round.setup()
    return game.round


def lay(game: Game1830, entity: str, hex_id: str, tile: str, rotation: int,
        entity_type: str = "corporation") -> None:
    game.process_action({"type": "lay_tile", "entity": entity, "entity_type": entity_type,
                         "hex": hex_id, "tile": tile, "rotation": rotation})


def token(game: Game1830, entity: str, city: str, entity_type: str = "corporation") -> None:
    game.process_action({"type": "place_token", "entity": entity, "entity_type": entity_type, "city": city})


def pass_(game: Game1830, entity: str, entity_type: str = "corporation") -> None:
    game.process_action({"type": "pass", "entity": entity, "entity_type": entity_type})


def step_of(game: Game1830, cls: type) -> Any:
    step = game.round.step_of(cls)
    assert step is not None
    return step


@pytest.fixture
def game() -> Game1830:
    """PRR (par 100, home Altoona H12), NYC (90, Albany E19), B&O (82, Baltimore I15)."""
    g = make_game()
    float_corporation(g, "PRR", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    float_corporation(g, "B&O", 2, g.players[2])
    return g


# --------------------------------------------------------------------------------------------------
# Token
# --------------------------------------------------------------------------------------------------


def test_token_skipped_without_reachable_city(game: Game1830) -> None:
    rnd = start_or(game)
    prr = game.corporation_by_id("PRR")
    assert not step_of(game, TokenStep).can_place_token(prr)
    lay(game, "PRR", "H14", "9-0", 1)  # plain track: still no free city in reach
    assert "PRR skips place a token" in game.log_lines
    assert rnd.current_entity() is game.corporation_by_id("NYC")


def test_place_token_pays_next_price(game: Game1830) -> None:
    rnd = start_or(game)
    prr = game.corporation_by_id("PRR")
    lay(game, "PRR", "H10", "57-0", 1)
    step = step_of(game, TokenStep)
    assert step.can_place_token(prr)
    assert step.available_hex(prr, game.hex_by_id("H10"))
    assert not step.available_hex(prr, game.hex_by_id("E19"))
    assert step.min_token_price(step.available_tokens(prr)) == 40
    cash, bank = prr.cash, game.bank.cash
    token(game, "PRR", "57-0-0")
    city = game.city_by_id("57-0-0")
    assert city.tokened_by(prr)
    assert prr.tokens[1].city is city and prr.tokens[1].used
    assert prr.cash == cash - 40 and game.bank.cash == bank + 40
    assert "PRR places a token on H10 (Pittsburgh) for $40" in game.log_lines
    # The turn is over: NYC operates.
    assert rnd.current_entity() is game.corporation_by_id("NYC")


def test_token_not_offered_when_unaffordable(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    start_or(game)
    prr.spend(prr.cash - 30, game.bank)
    lay(game, "PRR", "H10", "57-0", 1)
    assert "PRR skips place a token" in game.log_lines
    assert not game.city_by_id("57-0-0").tokened_by(prr)


def test_token_must_be_reachable_in_strict_mode(game: Game1830) -> None:
    start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    e19_city = game.hex_by_id("E19").tile.cities[0].id  # preprinted city tiles: "city-<n>-0"
    with pytest.raises(IllegalAction, match=f"cannot place token in City {e19_city} on hex E19"):
        game.validate({"type": "place_token", "entity": "PRR", "entity_type": "corporation", "city": e19_city})


def test_unreachable_token_accepted_when_loading() -> None:
    g = make_game(strict=False)
    prr = float_corporation(g, "PRR", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    float_corporation(g, "B&O", 2, g.players[2])
    start_or(g)
    lay(g, "PRR", "H10", "57-0", 1)
    columbus = g.hex_by_id("H4").tile.cities[0]
    token(g, "PRR", columbus.id)  # far away: the connection is not checked while loading
    assert columbus.tokened_by(prr)


def test_only_one_token_per_turn(game: Game1830) -> None:
    start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    step = step_of(game, TokenStep)
    prr = game.corporation_by_id("PRR")
    step.place_token(prr, game.city_by_id("57-0-0"), prr.tokens[1])
    assert game.round.tokened  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="Token already placed this turn"):
        step.place_token(prr, game.city_by_id("57-0-0"), prr.tokens[2])


def test_city_rules_are_checked(game: Game1830) -> None:
    start_or(game)
    prr = game.corporation_by_id("PRR")
    step = step_of(game, TokenStep)
    with pytest.raises(IllegalAction, match="no token slots available on H12"):
        step.place_token(prr, game.city_by_id("H12-0-0"), prr.tokens[1], connected=False)


def test_no_second_token_on_the_same_tile() -> None:
    g = make_game()
    erie = float_corporation(g, "ERIE", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    start_or(g)
    step = step_of(g, TokenStep)
    with pytest.raises(IllegalAction, match="already has a token on E11"):
        step.place_token(erie, g.city_by_id("E11-0-1"), erie.tokens[1], connected=False)


def test_pass_token(game: Game1830) -> None:
    rnd = start_or(game)
    lay(game, "PRR", "H10", "57-0", 1)
    pass_(game, "PRR")
    assert "PRR passes place a token" in game.log_lines
    assert rnd.current_entity() is game.corporation_by_id("NYC")


def test_token_step_descriptions(game: Game1830) -> None:
    start_or(game)
    step = step_of(game, TokenStep)
    assert step.description() == "Place a Token"
    assert step.pass_description() == "Skip (Token)"
    assert step.type_name() == "token"


# --------------------------------------------------------------------------------------------------
# SpecialToken: Delaware & Hudson's token after its teleport
# --------------------------------------------------------------------------------------------------


def test_dh_teleport_token_is_free(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    dh = give_company(game, "DH", prr)
    rnd = start_or(game)
    special = step_of(game, SpecialToken)
    assert special.actions(dh) == []  # nothing before the teleport
    lay(game, "DH", "F16", "57-0", 0, entity_type="company")
    assert special.blocks() and special.blocking()
    assert special.actions(dh) == ["place_token", "pass"]
    assert special.min_token_price(special.available_tokens(dh)) == 0
    cash = prr.cash
    token(game, "DH", "57-0-0", entity_type="company")
    city = game.city_by_id("57-0-0")
    assert city.tokened_by(prr)
    assert prr.cash == cash  # free
    assert "PRR (DH) places a token on F16 (Scranton)" in game.log_lines
    assert rnd.teleported is None  # type: ignore[attr-defined]
    assert not [a for a in dh.all_abilities() if a.type == "teleport"]
    # That was the turn's token; the track lay is used too: NYC operates.
    assert rnd.current_entity() is game.corporation_by_id("NYC")


def test_dh_token_elsewhere_refused(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    give_company(game, "DH", prr)
    start_or(game)
    lay(game, "DH", "F16", "57-0", 0, entity_type="company")
    columbus = game.hex_by_id("H4").tile.cities[0].id
    with pytest.raises(IllegalAction, match="Cannot place token on H4"):
        game.validate({"type": "place_token", "entity": "DH", "entity_type": "company", "city": columbus})


def test_dh_declines_token(game: Game1830) -> None:
    prr = game.corporation_by_id("PRR")
    dh = give_company(game, "DH", prr)
    rnd = start_or(game)
    lay(game, "DH", "F16", "57-0", 0, entity_type="company")
    pass_(game, "DH", entity_type="company")
    assert "PRR (DH) declines to place token" in game.log_lines
    assert rnd.teleported is None  # type: ignore[attr-defined]
    assert not [a for a in dh.all_abilities() if a.type == "teleport"]
    assert not game.city_by_id("57-0-0").tokened_by(prr)


def test_player_owned_dh_has_no_token_ability(game: Game1830) -> None:
    dh = give_company(game, "DH", game.players[0])
    start_or(game)
    assert step_of(game, SpecialToken).actions(dh) == []
    assert step_of(game, SpecialTrack).actions(dh) == []


# --------------------------------------------------------------------------------------------------
# HomeToken: ERIE's home, Dunkirk & Buffalo (E11), a pathless two-city tile
# --------------------------------------------------------------------------------------------------


def test_erie_home_token_goes_to_the_first_city() -> None:
    g = make_game()
    erie = float_corporation(g, "ERIE", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    e11 = g.hex_by_id("E11")
    assert e11.tile.reservations == [erie]
    start_or(g)
    assert e11.tile.cities[0].tokened_by(erie)
    assert e11.tile.reservations == []
    assert not step_of(g, HomeToken).active()


def test_track_on_erie_home_lifts_the_token(game: Game1830) -> None:
    g = make_game()
    erie = float_corporation(g, "ERIE", 0, g.players[0])
    float_corporation(g, "NYC", 1, g.players[1])
    rnd = start_or(g)
    g.phase.next()  # tile 59 is green: live play refuses it in phase 2 (tests/engine/test_moves_track.py)
    lay(g, "ERIE", "E11", "59-0", 3)
    home = step_of(g, HomeToken)
    assert "ERIE must choose city for token" in g.log_lines
    assert home.active() and home.blocking()
    assert rnd.active_step() is home
    assert rnd.current_entity() is erie
    assert home.description() == "Place Home Token"
    assert rnd.actions_for(erie)[-1] == "place_token"
    assert not erie.tokens[0].used
    e11 = g.hex_by_id("E11")
    assert home.available_hex(erie, e11)
    assert not home.available_hex(erie, g.hex_by_id("H10"))
    with pytest.raises(IllegalAction, match="hex is not available"):
        g.validate({"type": "place_token", "entity": "ERIE", "entity_type": "corporation",
                    "city": g.hex_by_id("H10").tile.cities[0].id})
    token(g, "ERIE", "59-0-1")
    assert e11.tile.cities[1].tokened_by(erie)
    assert not e11.tile.cities[0].tokened_by(erie)
    assert rnd.pending_tokens == []  # type: ignore[attr-defined]
    assert not home.active()
    assert erie.cash == 1000  # the home token is free


def test_other_corporation_places_erie_token_when_loading() -> None:
    g = make_game(strict=False)
    float_corporation(g, "PRR", 0, g.players[0])
    erie = float_corporation(g, "ERIE", 1, g.players[1])
    float_corporation(g, "NYC", 2, g.players[2])
    rnd = start_or(g)
    pass_(g, "PRR")
    assert rnd.current_entity() is erie
    pass_(g, "ERIE")
    # NYC lays the OO tile on ERIE's home: NYC (the current operator) chooses ERIE's city.
    lay(g, "NYC", "E11", "59-0", 3)
    home = step_of(g, HomeToken)
    nyc = g.corporation_by_id("NYC")
    assert rnd.current_entity() is nyc
    assert home.description() == "Place ERIE Home Token"
    with pytest.raises(GameError):
        g.validate({"type": "place_token", "entity": "ERIE", "entity_type": "corporation", "city": "59-0-0"})
    token(g, "NYC", "59-0-0")
    assert g.city_by_id("59-0-0").tokened_by(erie)
    assert not g.city_by_id("59-0-0").tokened_by(nyc)


def test_home_token_choice_when_home_already_has_track() -> None:
    g = make_game(strict=False)
    float_corporation(g, "NYC", 1, g.players[1])
    float_corporation(g, "B&O", 2, g.players[2])
    start_or(g)
    lay(g, "NYC", "E11", "59-0", 3)  # ERIE has not floated: its reservation moves to the new tile
    e11 = g.hex_by_id("E11")
    erie = g.corporation_by_id("ERIE")
    assert e11.tile.reservations == [erie]
    float_corporation(g, "ERIE", 0, g.players[0])
    rnd = start_or(g)
    assert rnd.current_entity() is erie
    assert "ERIE must choose city for home token" in g.log_lines
    assert isinstance(rnd.active_step(), HomeToken)
    token(g, "ERIE", "59-0-0")
    assert e11.tile.cities[0].tokened_by(erie)
    assert e11.tile.reservations == []
    assert isinstance(rnd.active_step(), Track)


# --------------------------------------------------------------------------------------------------
# A real game (18xx.games 1830 #29133), replayed strictly
# --------------------------------------------------------------------------------------------------

FIXTURE = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "1830" / "29133.json"


def test_fixture_erie_home_choice() -> None:
    if not FIXTURE.exists():
        pytest.skip("shared fixtures not available")
    from engine import build_game
    from engine.record import GameRecord

    record = GameRecord.load(FIXTURE)
    g = build_game(record, strict=True)
    for _ in g.replay(record.actions, upto=377):  # up to ERIE's green OO tile on its home
        pass
    erie = g.corporation_by_id("ERIE")
    e11 = g.hex_by_id("E11")
    assert e11.tile.id == "59-1"
    assert isinstance(g.round.active_step(), HomeToken)
    assert g.round.current_entity() is erie
    assert not erie.tokens[0].used
    g.process_action(record.actions[377], 377)
    assert e11.tile.cities[0].tokened_by(erie)
    assert erie.tokens[0].city is e11.tile.cities[0]


def test_a_special_token_may_wait_for_a_token_placing_step() -> None:
    """ONLY_WHILE_TOKENING (1822, 18GA, 18MS): the company's token is offered only while the round's active step
    is one that takes a place_token (1822 playout seed 8: not while a destination token is due)."""
    from types import SimpleNamespace

    class Waiting(SpecialToken):
        ONLY_WHILE_TOKENING = True

    class Destination:
        def process_hex_token(self) -> None: ...

    class Tokening(Destination):
        def process_place_token(self) -> None: ...

    step: Any = object.__new__(Waiting)
    step.ability = lambda entity: object()
    step.available_tokens = lambda entity: [object()]
    step.round = SimpleNamespace(active_step=Destination, teleported=None)
    assert step.actions("P5") == []
    step.round = SimpleNamespace(active_step=Tokening, teleported=None)
    assert step.actions("P5") == ["place_token"]
    plain: Any = object.__new__(SpecialToken)
    plain.__dict__.update(step.__dict__, round=SimpleNamespace(active_step=Destination, teleported=None))
    assert plain.actions("P5") == ["place_token"]
