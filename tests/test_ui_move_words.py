"""Words a player reads of the moves: a move the notation writes as a word (Hex's ``swap``) in the
language's word everywhere it is shown (ui/notation.py ``said_move``), still typed "swap"."""

from __future__ import annotations

import pygame
import pytest

from tests.test_analysis_ui import hotseat_clicked, move_point
from tests.ui_helpers import click, in_language, key, recorded_text_rects, wait

SWAP_SHOWN = {"en": "swap", "pt": "trocar"}


def panel_text(scene, monkeypatch) -> list[str]:
    """The texts a frame of ``scene`` draws in its panel (move list, thinking card)."""
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(scene.app.screen)
    return [text for text, rect in drawn if scene.panel.rect.contains(rect)]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_move_list_says_a_swap_in_the_language_shown(app, monkeypatch, language):
    """Red's swap, clicked on Blue's stone, in the move list: "trocar" in Portuguese, as the
    board's label offered it, where the list said the notation's "swap"; typed, it is "swap"."""
    with in_language(app, language):
        scene = hotseat_clicked(app, "hex", {"size": 5, "swap": True}, ())
        blue_stone = move_point(scene, "b2")
        click(app, blue_stone)
        click(app, blue_stone)  # Red's click on Blue's stone: the swap
        assert scene.history[-1].text == "swap"  # the notation the record keeps
        shown = panel_text(scene, monkeypatch)
        assert SWAP_SHOWN[language] in shown, shown
        if language == "pt":
            assert "swap" not in shown, shown


@pytest.mark.parametrize("language", ["en", "pt"])
def test_analysis_names_the_swap_as_its_best_move_in_the_language_shown(app, monkeypatch, language):
    """Blue's centre stone on 5x5 wins, so analysis' best reply is the swap: its line said
    "melhor swap" in Portuguese; it says "melhor trocar"."""
    with in_language(app, language):
        scene = hotseat_clicked(app, "hex", {"size": 5, "swap": True}, ("c3",))
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
        assert scene.analysis.best_line().best_text == "swap"
        said = " ".join(panel_text(scene, monkeypatch))
        best = {"en": "best swap", "pt": "melhor trocar"}[language]
        assert best in said, said
        if language == "pt":
            assert "swap" not in said, said


@pytest.mark.parametrize(("language", "shown"), [("en", "pass"), ("pt", "passa")])
def test_reversis_pass_is_said_in_the_language_shown(app, language, shown):
    """Reversi's pass, the other move the notation writes as a word, read "pass" in a Portuguese
    move list: it is said as the swap is (``said_move``)."""
    from ui.notation import said_move

    with in_language(app, language):
        assert said_move("pass") == shown
