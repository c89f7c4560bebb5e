"""A hint says why its move, as a learner needs it: the value its search found, or what it proved,
in the panel's words and the game's unit, in each language."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, key, wait, words_in


def _hotseat(app, game_id: str, moves: tuple[str, ...]):
    """A hot-seat game of ``game_id`` with ``moves`` played by clicks on the board: its screen."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    for text in moves:
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)
    assert scene.state == scene.game.play_line(list(moves))
    return scene


def _hint_asked(app, scene) -> str:
    """H pressed, the hint waited for: the message it said."""
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    return [m.text for m in scene.messages.current() if m.topic != "refusal"][-1]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id, moves, unit, book", [
    ("alquerque", (), "pieces", False),  # a search's value: "Black +0.1 pieces"
    ("reversi", (), "discs", True),  # the opening book's move and value: "Black +1 disc"
])
def test_a_hint_that_proves_nothing_says_the_value_it_found(app, language, game_id, moves, unit, book):
    """H at the start said "Hint: d3-c3" (Alquerque) and "Hint: d3" (Reversi) alone, the move with
    no word of why, while the panel's last search valued it.  It now says the value in the
    panel's words and the game's unit: "Hint: d3-c3 (Black +0.1 pieces)", "Hint: d3 (Black +1
    disc)"; a search's value with its depth, as analysis's line says its own ("depth 9 · Black
    +0.1 pieces", ``estimate_depth``)."""
    from ui import i18n
    from ui import text as tx
    from ui.scenes.thinking import estimate_depth, eval_text

    with words_in(language):
        scene = _hotseat(app, game_id, moves)
        said = _hint_asked(app, scene)
        search = scene.computer.last_search
        assert search is not None and search.proven is None and (search.kind == "book") == book, search
        value = eval_text(search, scene.game.sides, game_id)
        assert value and (language != "en" or unit.rstrip("s") in value), value
        move = scene.game.format_move(scene.state, scene.hint)
        why = tx.join_parts([estimate_depth(search), value])  # "depth 9 · Black +0.1 pieces"
        assert book or why != value
        assert said == i18n._("Hint: {move} ({why})").format(move=move, why=why), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_that_blocks_a_threat_says_so(app, language):
    """Tic-tac-toe, X threatening c1: the hint said "Hint: c1 (proven: draw)", not the threat it
    stops, which the panel's last search says.  It now says both, in the panel's words."""
    from ui import i18n

    with words_in(language):
        scene = _hotseat(app, "tictactoe", ("a1", "b2", "b1"))
        said = _hint_asked(app, scene)
        why = " · ".join([i18n._("blocks the only threat"), i18n._("proven: draw")])
        assert said == i18n._("Hint: {move} ({why})").format(move="c1", why=why), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_of_the_only_legal_move_says_so(app, language):
    """Reversi, Black with no move but a pass (the rules page's example): H said "Hint: pass", as
    if the pass were a choice.  It now says it is the only legal move."""
    from ui import i18n
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.rules import EXAMPLES

    _game, options, start = EXAMPLES["reversi-pass"]
    with words_in(language):
        app.start_game(MatchSetup("reversi", options, HUMAN_VS_PC, (None, "level-1"), 0.5, start=start))
        scene = app.scene
        said = _hint_asked(app, scene)
        assert said == i18n._("Hint: {move} ({why})").format(move="pass", why=i18n._("only legal move")), said
