"""Issue 29: 18ZOO's player cards showed powers by their identifiers ("ANCIENT_MAPS", "EPREHAUN_POT_OF_GOLD" cut);
a company whose symbol only spells its name is shown by its name, with its text in the card's tooltip.  A symbol
that abbreviates (1830's "SV", 1822's "P12") is kept."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from desktop.panels import company_label
from desktop.panels.players import COMPACT, FULL, PlayersPanel, player_card
from engine import load_game
from tests.desktop.play_helpers import fixture_path


def test_a_symbol_that_spells_the_name_gives_way_to_the_name() -> None:
    assert company_label("ANCIENT_MAPS", "Ancient maps") == "Ancient maps"
    assert company_label("IT_S_ALL_GREEK_TO_ME", "It\u2019s all greek to me") == "It\u2019s all greek to me"
    assert company_label("HOLE", "Hole") == "Hole"
    assert company_label("ZOOTicket 1 - Player 1", "ZOOTicket 1") == "ZOOTicket 1"
    assert company_label("SV", "Schuylkill Valley") == "SV"
    assert company_label("P12", "Some private") == "P12"
    assert company_label("BBBCRC", "Buffalo Bayou, Brazos and Colorado Railway Company") == "BBBCRC"


def _zoo_game_with_a_power() -> tuple[Any, Any]:
    game = load_game(fixture_path("18ZOOMapA", "153535.json"), upto=12)
    owner = next(p for p in game.players if any("_" in c.sym for c in p.companies))
    return game, owner


def test_zoo_player_cards_name_the_power_and_tooltip_its_text(qtbot: Any) -> None:
    game, owner = _zoo_game_with_a_power()
    card = player_card(game, owner)
    power = next(c for c in card.companies if "_" in c.sym)
    assert power.label == power.name and power.description
    panel = PlayersPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 900)
    panel.show()
    panel.set_game(game)
    QApplication.processEvents()
    canvas = panel.canvas
    shown = next(c for c in canvas.cards if c.name == card.name)
    for density in (COMPACT, FULL):
        canvas.set_density(density)
        texts = [t for t, _chip in canvas._compact_chips(shown)]
        assert any(t.startswith(power.name) for t in texts) and not any(power.sym in t for t in texts)
        if power.revenue == 0:
            assert power.name in texts  # no "0$/OR" after a power that pays nothing
    rect = next(r for c, r in zip(canvas.cards, canvas.card_rects()) if c.name == card.name)
    tip = canvas.card_tooltip(shown, rect, rect.center())
    assert tip is not None and power.name in tip and power.sym not in tip
    assert power.description.split(":")[0] in tip
