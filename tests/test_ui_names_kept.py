"""Names kept readable where the game panel is short of room: on a watched game's thinking card and
its players' cards the words that say less give way first ("is thinking", the score's unit, the
card's spinner), and a player's or a side's name is never cut past reading ("Le… is thinking…",
"Bran…" beside "0 capturadas" at Larger text in a 1024x768 window).  Headless: watched games
started as the New game screen starts them, each drawn as its computer thinks."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.test_ui_long_names import drawn_in
from tests.test_ui_text_size import overlapping
from tests.ui_helpers import in_language, wait, window_for_a_test
from ui import text as tx
from ui import words
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene

SIZES = [(1024, 768), (1366, 768)]
TEXT_SIZES = (1.0, 1.5)  # Normal and Larger


def watched(app, game_id: str, clock: str | None = None) -> GameScene:
    """A watched game of ``game_id`` between levels 5 and 3 on the screen, drawn while level 5
    thinks of its first move (its engine ready: no "Preparing…").  The tests hold that move
    (``computer_thinks_until_told``): a book's answer came at once, and the card was level 3's."""
    scene = GameScene(app, MatchSetup(game_id, {}, PC_VS_PC, ("level-5", "level-3"), 30.0, clock=clock))
    app.switch(scene)
    assert wait(app, lambda: scene.computer_thinking() and not scene.computer.preparing_words())
    return scene


def at_text_size(app, text_size: float) -> None:
    app.settings.text_size = text_size
    app.apply_settings()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.usefixtures("computer_thinks_until_told")
def test_the_thinking_card_keeps_the_levels_name_whole_and_its_seconds(tmp_path, monkeypatch, size, language):
    """At Larger text in a 1024x768 window a watched game's card read "Le… is thinking…  0.3 s"
    (in Portuguese "A pensar…  0,1 s", whose search not said): "is thinking" gives way first,
    the spinner beside the words says it ("Level 5…  0.3 s")."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, language):
        name = "Level 5" if language == "en" else "Nível 5"
        for text_size in TEXT_SIZES:
            at_text_size(app, text_size)
            scene = watched(app, "rastros")
            said = [d.value for d in drawn_in(app, scene.panel.rect) if d.bold and re.search(r"…  \d+[.,]\d s$", d.value)]
            assert len(said) == 1 and re.match(f"{name}[ …]", said[0]), (text_size, said)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.usefixtures("computer_thinks_until_told")
def test_the_players_cards_keep_their_names_whole_beside_the_score(tmp_path, monkeypatch, size, language):
    """Alquerque's card read "Bran…" beside "0 capturadas" at Larger text at 1024x768, and with a
    clock a Reversi card's side was cut to its ellipsis under its score ("…2 peças"): the
    score's unit moves under its number, then the spinner (the thinking card has one), then
    the unit is cut or left out; the side's name and the player's stay whole, nothing drawn
    over another."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, language):
        for text_size in TEXT_SIZES:
            at_text_size(app, text_size)
            for game_id, clock in [("alquerque", None), ("alquerque", "5m+3s"), ("reversi", "5m+3s"),
                                   ("hex", "5m+3s")]:
                scene = watched(app, game_id, clock)
                for side, rect in enumerate(scene.panel.player_cards):
                    drawn = [d for d in drawn_in(app, rect) if d.value]
                    said = [d.value for d in drawn]
                    case = (text_size, game_id, clock, said)
                    assert words.side(scene.game, side) in said, case
                    assert scene.setup.player_label(side) in said, case
                    unit = words.score_unit(game_id, 0)
                    assert all(value == unit or value.startswith(unit[:tx.NAME_KEPT]) for value in said
                               if value.endswith("…")), case  # a unit cut readable, never a name
                    assert not overlapping([(d.value, d.rect) for d in drawn]), case


def test_a_name_cut_keeps_as_many_characters_as_reading_needs():
    """``ui.text.first_fitting`` with a player's name: the first form where the name is whole or
    keeps ``NAME_KEPT`` characters, else the last form."""
    pygame.font.init()
    forms = ["Level 5 is thinking…", "Level 5…", "Thinking…"]
    width = tx.ui_font(18, True).size("Level 5 is thin")[0]
    assert tx.first_fitting(forms, 18, width, True, "Level 5") == "Level 5…"
    long_name = "gtp:/usr/local/bin/engine --flag"
    width = tx.ui_font(18, True).size("gtp:/usr/l… is thinking…")[0]
    said = tx.first_fitting([f"{long_name} is thinking…"], 18, width, True, long_name)
    assert said.endswith(" is thinking…") and said.startswith(long_name[:tx.NAME_KEPT]), said
