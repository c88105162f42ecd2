"""Station tokens: the token chip in the action bar dragged onto a lit city slot (real drag events sent to the
map view's viewport), or a click on the slot; refused drops say why and change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop.controllers.token import TokenController
from desktop.panels.token_chip import TOKEN_MIME, read_token
from tests.desktop.play_helpers import click, drag
from tests.desktop.play_or_helpers import slot_scene_point, view_point, window_at

# 1830/26855: action 90 is NYNH's first token (57-1-0, slot 0); 1846/10264: action 95 is C&WI's token for its
# owning corporation (a private company's token ability)
TITLE, NAME, INDEX = "1830", "26855.json", 90


def setup(qtbot: Any, tmp_path: Path, title: str = TITLE, name: str = NAME, index: int = INDEX
          ) -> tuple[Any, TokenController, dict[str, Any]]:
    window, action = window_at(qtbot, tmp_path, title, name, index)
    assert window.play is not None
    tokens = window.play.controller(TokenController)
    assert tokens is not None
    return window, tokens, action


def target(window: Any, tokens: TokenController, action: dict[str, Any]) -> Any:
    move = next(m for m in tokens.places if m.city == action["city"])
    return view_point(window, slot_scene_point(window, move.hex, move.city, int(action.get("slot") or 0)))


def test_legal_slots_are_lit_with_their_price_and_the_chip_carries_the_token(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path)
    assert tokens.my_places()
    assert {(m.city, m.slot) for m in tokens.my_places()} == set(tokens.markers)
    assert any(city == action["city"] for city, _slot in tokens.markers)
    priced = [m for m in tokens.my_places() if m.cost]
    for move in priced:
        marker = tokens.markers[(move.city, move.slot)]
        assert marker.price == window.session.live.format_currency(move.cost)
        assert move.hex in marker.toolTip()
    chip = tokens.chip
    assert chip is not None and chip in window.action_bar.tools["token"]
    payload = read_token(chip.mime())
    assert payload == {"entity_type": "corporation", "entity": action["entity"], "tokener": action["entity"]}
    assert chip.mime().hasFormat(TOKEN_MIME)
    assert "left" in chip.caption


def test_dropping_the_chip_on_a_lit_slot_places_the_token(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path)
    session = window.session
    before = len(session.record.actions)
    assert tokens.chip is not None
    assert drag(window, tokens.chip.mime(), target(window, tokens, action))
    assert len(session.record.actions) == before + 1
    made = session.record.actions[-1]
    assert (made["type"], made["entity"], made["city"], made["slot"]) == \
        ("place_token", action["entity"], action["city"], action["slot"])
    assert tokens.ghost is None


def test_hovering_a_lit_slot_shows_a_ghost_token(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path)
    assert tokens.chip is not None
    assert drag(window, tokens.chip.mime(), target(window, tokens, action), drop=False)
    assert tokens.ghost is not None and tokens.ghost.scene() is window.map_scene
    assert any(m.hot for m in tokens.markers.values())
    assert len(window.session.record.actions) == INDEX


def test_clicking_a_lit_slot_places_the_token(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path)
    before = len(window.session.record.actions)
    click(window, target(window, tokens, action))
    assert len(window.session.record.actions) == before + 1
    assert window.session.record.actions[-1]["city"] == action["city"]


def test_a_city_that_cannot_take_the_token_refuses_and_says_why(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, _action = setup(qtbot, tmp_path)
    legal = {m.city for m in tokens.my_places()}
    scene = window.map_scene
    other = None
    for item in scene.hex_items():
        if item.drawing is None:
            continue
        for index, city in enumerate(item.drawing.slot_city_ids):
            if city not in legal and item.drawing.slot_positions[index]:
                other = (item.hex_id, city)
                break
        if other:
            break
    assert other is not None
    messages: list[str] = []
    tokens.message.connect(messages.append)
    before = len(window.session.record.actions)
    assert tokens.chip is not None
    pos = view_point(window, slot_scene_point(window, other[0], other[1], 0))
    assert not drag(window, tokens.chip.mime(), pos)
    assert messages and "cannot place a token" in messages[-1]
    assert any(why in messages[-1] for why in ("connected", "slot", "already has", "reserved", "no token"))
    assert window.map_view.drag_reason
    assert len(window.session.record.actions) == before
    click(window, pos)  # a click there places nothing either (it may select the hex for a tile)
    assert len(window.session.record.actions) == before


def test_nothing_is_lit_or_taken_when_viewing_the_past(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path)
    pos = target(window, tokens, action)
    mime = tokens.chip.mime() if tokens.chip is not None else None
    assert mime is not None
    window.session.step(-1)
    assert not tokens.markers and tokens.chip is None
    assert "token" not in window.action_bar.tools
    before = len(window.session.record.actions)
    assert not drag(window, mime, pos)
    assert len(window.session.record.actions) == before


def test_a_private_company_places_its_corporation_s_token(qtbot: Any, tmp_path: Path) -> None:
    window, tokens, action = setup(qtbot, tmp_path, "1846", "10264.json", 95)
    ref = (action["entity_type"], action["entity"])
    assert ref in tokens.placers
    if tokens.placer != ref:
        key = f"token_with_{action['entity']}"
        assert key in window.action_bar.buttons
        window.action_bar.buttons[key].click()
    assert tokens.placer == ref
    move = next(m for m in tokens.my_places() if m.city == action["city"])
    assert move.tokener != action["entity"]  # the company places its owner's token
    assert tokens.chip is not None
    before = len(window.session.record.actions)
    assert drag(window, tokens.chip.mime(), target(window, tokens, action))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["entity"], made["city"]) == (action["entity"], action["city"])


def test_a_click_on_a_pending_tile_rotates_it_even_over_a_legal_token_slot(qtbot: Any, tmp_path: Path) -> None:
    # 1846/12666 action 144: B&O upgrades G7 (its city can also take B&O's token: two lays and a token, any order)
    from desktop.controllers.track import TrackController
    from desktop.panels.tile_tray import tile_mime

    window, tokens, action = setup(qtbot, tmp_path, "1846", "12666.json", 144)
    track = window.play.controller(TrackController)
    assert any(m.hex == action["hex"] for m in tokens.my_places())
    item = window.map_scene.item_for_hex(action["hex"])
    city = next(m.city for m in tokens.my_places() if m.hex == action["hex"])
    assert drag(window, tile_mime("14"), view_point(window, item.pos()))
    assert track.pending is not None
    first = track.pending.rotation
    before = len(window.session.record.actions)
    click(window, view_point(window, slot_scene_point(window, action["hex"], city, 0)))
    assert len(window.session.record.actions) == before  # no token was placed
    # the click went to the tile (it rotates it; tile 14's two legal rotations are one picture, offered once)
    assert track.pending is not None
    assert len(track.pending.move.rotations) == 1 or track.pending.rotation != first


def test_a_home_token_chooses_its_city(qtbot: Any, tmp_path: Path) -> None:
    # 1830/26855 action 290: after the upgrade of E11 to 59 (two cities), ERIE chooses the city of its home token
    window, tokens, action = setup(qtbot, tmp_path, "1830", "26855.json", 290)
    assert window.play.moves is not None and window.play.moves.step == "HomeToken"
    cities = {m.city for m in tokens.my_places()}
    assert len(cities) == 2 and action["city"] in cities
    assert all(m.cost == 0 and m.hex == "E11" for m in tokens.my_places())
    assert all(marker.price == "" for marker in tokens.markers.values())  # free: no price shown
    before = len(window.session.record.actions)
    assert tokens.chip is not None
    assert drag(window, tokens.chip.mime(), target(window, tokens, action))
    assert len(window.session.record.actions) == before + 1
    assert window.session.record.actions[-1]["city"] == action["city"]


def test_a_drop_on_an_occupied_slot_names_that_slot_as_the_site_recorded_it(qtbot: Any, tmp_path: Path) -> None:
    """1846 2p Variant/16904, action 89: C&O tokens Cincinnati (296-0-0) and the file names slot 0, which the
    removed corporation's second station holds; the site recorded the slot clicked and put the token in the free
    one.  A drop there makes the file's action; the token lands in the free slot."""
    window, tokens, action = setup(qtbot, tmp_path, "18462pVariant", "16904.json", 89)
    city = window.session.live.city_by_id(action["city"])
    assert action["slot"] == 0 and city.tokens[0] is not None and city.tokens[1] is None
    assert tokens.chip is not None
    before = len(window.session.record.actions)
    assert drag(window, tokens.chip.mime(), target(window, tokens, action))
    assert len(window.session.record.actions) == before + 1
    made = window.session.record.actions[-1]
    assert (made["type"], made["entity"], made["city"], made["slot"]) == \
        ("place_token", action["entity"], action["city"], 0)
    city = window.session.live.city_by_id(action["city"])
    assert city.tokens[1] is not None and city.tokens[1].corporation.id == action["entity"]
