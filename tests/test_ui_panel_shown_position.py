"""The game panel speaks of the position on the board: stepped back to an earlier one, the player
cards' "to move" marks that position's mover, as its disc counts, the thinking card and analysis
do (a QA pass, qa97: Reversi's cards marked the live game's mover over an earlier position)."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.test_ui_text_size import drawn_texts
from tests.ui_helpers import first_legal_line, key, wait

GAMES = ["reversi", "rastros", "hex", "trax"]


def badge_side(app, monkeypatch) -> int:
    """The side whose card wears the "to move" badge (astride its top border) in a frame drawn afresh."""
    [badge] = [rect for text, rect in drawn_texts(app, monkeypatch) if text == "to move"]
    [side] = [side for side, card in enumerate(app.scene.panel.player_cards)
              if card.left <= badge.centerx <= card.right and abs(badge.centery - card.top) <= badge.height]
    return side


@pytest.mark.parametrize("game_id", GAMES)
def test_stepping_back_marks_the_shown_positions_mover_on_the_cards(app, monkeypatch, game_id):
    """Three plies of a hot-seat game, then Left: the card marked is the mover of the position
    shown, the side analysis values it for, not the live game's; End brings the live one back."""
    moves, live = first_legal_line(games.load(game_id).initial_state(), 3)
    app.open_demo(f"game:{game_id}:hotseat:{','.join(moves)}")
    scene = app.scene
    assert badge_side(app, monkeypatch) == live.to_move
    key(app, pygame.K_LEFT)
    shown = scene.shown_state()
    assert scene.browsing == 2 and shown.to_move != live.to_move
    assert badge_side(app, monkeypatch) == shown.to_move
    key(app, pygame.K_END)
    assert scene.browsing is None and badge_side(app, monkeypatch) == live.to_move


def test_reversi_stepped_back_with_analysis_marks_the_side_analysis_values(app, monkeypatch):
    """qa97's case: Reversi hot-seat d3 c5 f6, A, then Left: the board, the disc counts and the
    analysis are of the position after d3 c5, Black to move, and so is the badge now."""
    app.open_demo("game:reversi:hotseat:d3,c5,f6")
    scene = app.scene
    key(app, pygame.K_a)
    key(app, pygame.K_LEFT)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.values, 180)
    assert scene.analysis.values.mover == scene.shown_state().to_move == 0
    assert badge_side(app, monkeypatch) == 0
