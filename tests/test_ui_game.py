"""The game screen: browsing earlier positions and coming back, F1 and the rules, Rematch after
"View board", Esc closing a half-entered move, prompts only for the player at the board, and one
truth in the search panel."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from ai.base import WIN
from ai.match import WHOLE_GAME, random_line
from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import (
    click,
    held_game_clock,
    in_language,
    key,
    recorded_text,
    recorded_text_rects,
    resign_by_keys,
    small_print,
    small_windows,
    wait,
    window_for_a_test,
    words_in,
)
from ui import i18n
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.panel_search import EXPECTS
from ui.scenes.replay import ReplayScene
from ui.scenes.rules import RulesScene
from ui.scenes.thinking import detail_line, eval_text, proven_text


def hotseat(app, game_id="tictactoe", moves=("b2", "a1", "c3")) -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_the_game_over_card_says_the_score_once(app):
    """Reversi's end says "White wins 50 - 0"; the card no longer adds "Black 0 - 50 White" under
    it.  Alquerque's end does not give the captures, so the card still does."""
    from ui.scenes.game_over import result_lines

    for game_id, said_by_reason in (("reversi", True), ("alquerque", False)):
        scene = finished(app, game_id)
        assert scene.is_over()
        score = scene.state.score()
        lines = [line.replace("\u00a0", " ") for line in result_lines(scene)]  # the score's no-break spaces
        stated = [line for line in lines if f"{max(score)} - {min(score)}" in line or f"{score[0]} - {score[1]}" in line]
        assert len(stated) == 1, lines
        assert (stated[0] in scene.end_reason()) == said_by_reason


@pytest.mark.parametrize("language, said", [
    ("en", "64 - 0 (13 - 0 on the board)"),
    ("pt", "64 - 0 (13 - 0 no tabuleiro)"),
])
def test_a_reversi_card_leads_with_the_tournament_count(app, language, said):
    """A Reversi game won before the board filled led with the board's count ("Black wins 13 - 0 ·
    64 - 0 with the empty squares to the winner"); Othello players score by the WOF rules (the
    empty squares to the winner), so that count comes first and the board's after it."""
    from ui.scenes.game_over import result_lines

    with in_language(app, language):
        scene = hotseat(app, "reversi", ["d3", "c3", "f5", "f4", "f3", "d2", "d1", "e3", "b3"])  # a wipeout
        assert scene.is_over() and scene.state.score() == (13, 0)
        assert result_lines(scene)[0] == said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_proven_reversi_margin_says_it_counts_the_board_as_the_page_does(app, language):
    """The panel's proof read "proven: Black wins by 13 discs" where the card of the same game leads
    with "64 - 0" (the tournament's count, the empty squares to the winner): the solver's margin
    is the board's.  The panel now says "on the board", as the card's second count does, and the
    rules page quotes the panel's words in each language."""
    import re

    from ui import i18n
    from ui.scenes.game_over import result_lines
    from ui.scenes.rules import rules_source
    from ui.scenes.thinking import proven_text

    with in_language(app, language):
        page = re.sub(r"\s+", " ", rules_source("reversi"))
        quoted = re.search(r'["«]((?:proven|provado): [^"»]+?(\d+)[^"»]*)["»]', page)  # pt quotes «...»
        assert quoted, "the Reversi page quotes no proof of the panel"
        sides = ("Black", "White")
        said = proven_text(progress(score=float(quoted.group(2)), proven=1, kind="solver", mover=0, exact_margin=True), sides)
        assert said == quoted.group(1)
        scene = hotseat(app, "reversi", ["d3", "c3", "f5", "f4", "f3", "d2", "d1", "e3", "b3"])  # the page's wipeout
        black, white = scene.state.score()
        card = result_lines(scene)[0]  # "64 - 0 (13 - 0 on the board)"
        board_words = card.split(f"{black} - {white} ")[-1].removesuffix(")")
        proof = proven_text(progress(score=float(black - white), proven=1, kind="solver", mover=0, exact_margin=True), sides)
        assert not card.startswith(f"{black} - ") and proof.endswith(f" {black - white} {i18n.ngettext('disc', 'discs', 13)} {board_words}"), (card, proof)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_reversi_pages_early_end_is_what_the_game_says(app, monkeypatch, language):
    """The rules page said the score was the plain disc count, "empty squares left at the end are
    not given to the winner", while the end of such a game gives them to the winner first.  The
    page now says the final score is the tournament's and quotes a game that ends early: played
    from the page's moves, the game ends in the page's words (the panel draws them), and its
    card gives the same count under its headline."""
    import re

    from ui.scenes.game_over import result_words
    from ui.scenes.rules import rules_source

    with in_language(app, language):
        page = re.sub(r"\s+", " ", rules_source("reversi"))
        example = re.search(r'`((?:[a-h]\d )+[a-h]\d)`[^"«`]*["«]([^"»]+)["»]', page)  # pt quotes «...»
        assert example, "the page plays no game that ends before the board is full"
        moves, said = example.group(1).split(), example.group(2)
        drawn = recorded_text(monkeypatch)
        scene = hotseat(app, "reversi", moves)
        assert scene.is_over() and scene.state.empties() > 0
        assert scene.end_reason() == said
        headline, detail = result_words(scene)  # the panel says it as the card does
        assert said == f"{headline} {detail}" and headline in drawn and detail in drawn


def test_the_game_over_cards_score_says_what_it_counts(app):
    """Alquerque's card read "Black wins" over "White 10 - 7 Black": the loser seemed to have won
    more.  The score says what it counts, as the player cards do: "(captured)"."""
    from ui.scenes.game_over import result_lines

    scene = finished(app, "alquerque")
    score = scene.state.score()
    assert f"White\u00a0{score[0]}\u00a0-\u00a0{score[1]}\u00a0Black (captured)" in result_lines(scene)


# White to move takes Black's last piece (c1xc3)
LAST_CAPTURE = "to-move: White\n.....\n.....\n.....\n..B..\n..W.."


def test_the_score_line_breaks_on_a_narrow_card_with_each_count_by_its_side(tmp_path, monkeypatch):
    """At Larger text in Portuguese in an 800x560 window, the card of a finished Alquerque read
    "Branco 0 - 1" over "Preto (capturadas)": a count parted from its side, as if it were White's.
    The line may break, but between the counts or before what they count, never inside a side's."""
    from games.alquerque import parse_point
    from tests.ui_helpers import window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as app:
        app.settings.text_size = 1.5
        with in_language(app, "pt"):
            scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.5, start=LAST_CAPTURE), [])
            app.switch(scene)
            app.run_frames(2)
            drawn = recorded_text(monkeypatch)
            for point in ("c1", "c3"):
                click(app, scene.view.point_xy(parse_point(point)))
            assert wait(app, lambda: scene.card_shown() is not None, 10)
            app.run_frames(2)
            assert scene.is_over() and scene.state.winner() == 0
            scores = [line for line in (d.replace("\u00a0", " ") for d in drawn) if re.search(r"\d - \d", line)]
            assert scores, drawn  # the card's score line, drawn (whole or broken)
            assert all(re.search(r"Branco \d+ - \d+ Preto", line) for line in scores), scores


def finished(app, game_id: str, seed: int = 3) -> GameScene:
    """A hot-seat game of ``game_id`` played to its end by random moves."""
    import random

    import games

    return hotseat(app, game_id, random_line(games.load(game_id).initial_state(), WHOLE_GAME, random.Random(seed)))


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_game_over_card_names_the_winner_once(app, language):
    """The card said "Black wins" over "Black wins 38 - 26", and in Trax "Light wins" over "Light
    wins: a light loop" over "Light 8 - 0 Dark".  The headline says who won; the line under it
    says how ("38 - 26", "A light loop"), in either language."""
    from ui.scenes.game_over import result_lines, result_title

    with in_language(app, language):
        for game_id in ("reversi", "trax"):
            scene = finished(app, game_id)
            title, lines = result_title(scene), result_lines(scene)
            assert scene.winner() is not None and title in scene.end_reason(), (title, scene.end_reason())
            assert not any(title in line for line in lines), (title, lines)
            assert lines[0] and lines[0][1:] in scene.end_reason(), (lines, scene.end_reason())


def test_browsing_earlier_positions_and_back_to_the_game(app):
    scene = hotseat(app)
    key(app, pygame.K_LEFT)
    assert scene.browsing == 2 and scene.shown_state() == scene.history[1].after
    key(app, pygame.K_HOME)
    assert scene.browsing == 0 and scene.shown_state() == scene.initial
    assert scene.btn_live.visible
    click(app, scene.view.rect.center)  # no move while looking back
    assert len(scene.history) == 3
    key(app, pygame.K_RIGHT)
    assert scene.browsing == 1
    key(app, pygame.K_END)
    assert scene.browsing is None and len(scene.history) == 3
    app.run_frames(2)
    first = next(rect for rect, plies in scene.panel.move_cells if plies == 1)
    click(app, first.center)  # a click on the move list shows the position after that move
    assert scene.browsing == 1
    scene.btn_live.action()
    assert scene.browsing is None and scene.state == scene.history[-1].after


def test_the_wheel_over_the_board_steps_through_earlier_positions_as_in_a_replay(app):
    """Looking at an earlier position, the wheel over the board did nothing (it scrolled the move
    list alone, under the pointer), where a replay's steps through the moves: up a move back, down
    a move on, on to the live game.  In the live game it steps nothing."""
    from tests.test_ui_steppers import wheel

    scene = hotseat(app)
    board = scene.view.rect.center
    wheel(app, board, 1)
    assert scene.browsing is None  # the live game: no step back
    key(app, pygame.K_LEFT)
    assert scene.browsing == 2
    wheel(app, board, 1)
    assert scene.browsing == 1
    wheel(app, board, -1)
    assert scene.browsing == 2
    wheel(app, board, -1)
    assert scene.browsing is None and scene.state == scene.history[-1].after


def test_the_keys_page_says_the_wheel_over_the_board_steps_through_earlier_positions():
    """QA (qa137): the wheel over the board steps through earlier positions, as the replay's
    does, but the keys page's line on browsing a game named the keys alone, in both languages."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for page, browsing, wheel_words in (("assets/rules/keys.md", "step through the earlier positions", "mouse wheel"),
                                        ("assets/locale/pt/rules/keys.md", "percorrem as posições anteriores",
                                         "roda do rato")):
        line = next(line for line in (root / page).read_text(encoding="utf-8").splitlines() if browsing in line)
        assert wheel_words in line, page


def _said(scene) -> list[str]:
    return [m.text for m in scene.messages.current()]


def test_undo_while_looking_back_takes_the_game_back_to_the_position_shown(app):
    """A teacher stepping back through a watched game pressed Undo on ply 2 and lost the live
    game's last move instead: Undo now goes back to the position shown, the moves taken back
    on the redo stack (Redo brings them back one ply at a time), and says so."""
    moves = ["b2", "a1", "c3", "a3"]
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.browsing == 2
    key(app, pygame.K_u)
    assert scene.browsing is None and [p.text for p in scene.history] == moves[:2] and scene.paused
    assert "Back to move 2: Redo brings the later moves back" in _said(scene)
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == moves[:3]
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == moves


def test_undo_while_looking_back_against_the_computer_stops_at_the_humans_choice(app):
    """In Human vs PC, from a position where the computer is to move, Undo goes back to the
    human's turn before it: the human's b2 is taken back with the computer's a1 and the rest."""
    moves = ["b2", "a1", "c3", "a3"]
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    scene.browse(1)  # after the human's b2: the computer's turn
    scene.undo()
    assert scene.history == [] and scene.human_to_move() and len(scene.redo_stack) == 4
    assert "Back to the start: Redo brings the later moves back" in _said(scene)  # not "move 0"
    scene.redo()
    assert [p.text for p in scene.history] == moves[:2]  # up to the human's next choice, as Redo goes


def test_undo_from_the_start_keeps_the_computers_opening_and_redo_brings_the_rest_back(app):
    """Playing the second side, Home then Undo went "Back to the start: Redo brings the later
    moves back", took the computer's opening with the rest, and the computer played again at
    once (Level 1 another move at random): Redo then said there was nothing to redo, the game
    lost.  Undo stops at your first move, the computer's opening kept, and Redo brings it all back."""
    moves = ["b2", "a1", "c3"]
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_HOME)
    assert scene.browsing == 0
    key(app, pygame.K_u)
    assert [p.text for p in scene.history] == moves[:1] and len(scene.redo_stack) == 2
    assert "Back to move 1: Redo brings the later moves back" in _said(scene)
    app.run_frames(5)
    assert [p.text for p in scene.history] == moves[:1] and not scene.computer.thinking()  # your turn: no new opening
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == moves


def test_redo_while_looking_back_returns_to_the_game_first_and_says_so(app):
    """Redo on an earlier position replayed an undone move on the live game, out of sight: it now
    brings the live game back first."""
    scene = hotseat(app, moves=("b2", "a1", "c3", "a3"))
    scene.undo()
    key(app, pygame.K_HOME)
    assert scene.btn_redo.enabled
    key(app, pygame.K_y)
    assert scene.browsing is None and [p.text for p in scene.history] == ["b2", "a1", "c3"]
    assert "Back to the game: Redo again replays the moves taken back" in _said(scene)
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == ["b2", "a1", "c3", "a3"]


def test_the_panel_follows_a_browsed_position(app, monkeypatch):
    """Browsing 40 plies back in a long game left the move list on its last rows (the move shown
    out of sight) and the cards on the live game's discs; both follow the board now, and End
    brings the newest move back."""
    import random

    import games

    moves = random_line(games.load("reversi").initial_state(), 56, random.Random(3))
    scene = hotseat(app, "reversi", moves)

    def listed() -> set[int]:
        return {plies for _rect, plies in scene.panel.move_cells}

    assert len(moves) in listed() and 6 not in listed()
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_HOME)
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    app.run_frames(1)
    assert scene.browsing == 6 and 6 in listed()
    discs = scene.shown_state().score()
    assert str(discs[0]) in drawn and str(discs[1]) in drawn and discs != scene.state.score()
    key(app, pygame.K_END)
    app.run_frames(1)
    assert len(moves) in listed()


def test_a_computer_reply_waits_while_the_player_looks_back(app):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1))
    app.switch(scene)
    scene._play(scene.game.parse_move(scene.state, "b2"), by_computer=False)
    scene.browse(0)
    assert app.run_frames(300, until=lambda: scene.held is not None, timeout=60)
    app.run_frames(5)
    assert len(scene.history) == 1  # held back
    scene.back_to_game()
    assert app.run_frames(300, until=lambda: len(scene.history) == 2, timeout=30)


def test_f1_shows_the_rules_and_back_returns_to_the_same_game(app):
    scene = hotseat(app, "reversi", ())
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.game_id == "reversi"
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


@pytest.mark.usefixtures("result_card_at_once")
def test_redo_onto_the_last_move_brings_the_result_card_back(app):
    """Undo then Redo of the winning move left the game over with no result card and no Result
    button: its Rematch, Replay and Save were out of reach, Enter only said the game was over."""
    scene = hotseat(app, moves=("b2", "a1", "b1", "c1", "b3"))
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_u)
    key(app, pygame.K_y)
    assert scene.is_over() and wait(app, scene.over_card.visible)
    key(app, pygame.K_e)  # the card's Replay
    assert isinstance(app.scene, ReplayScene)


def test_question_mark_shows_the_keys_of_a_game_and_esc_returns(app):
    """? did nothing in a game, where a keyboard player looks for the keys (F1 shows the game's
    rules).  It opens the keys page at "In a game", and Esc returns to the same game."""
    from tests.ui_helpers import keys_page_by_question_mark

    scene = hotseat(app, "reversi", ())
    keys_page_by_question_mark(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_rematch_after_view_board(app):
    scene = hotseat(app, moves=("b2", "a1", "b1", "c1", "b3"))
    assert scene.is_over()
    scene.over_card.hide()
    app.run_frames(2)
    assert scene.btn_rematch.visible and not scene.btn_resign.visible
    scene.btn_rematch.action()
    assert not scene.history and scene.setup.players == (None, None)



@pytest.mark.usefixtures("result_card_at_once")
def test_r_rematches_after_view_board_as_the_button_says(app):
    scene = hotseat(app, moves=("b2", "a1", "b1", "c1", "b3"))
    # the card shows OVER_DELAY after the last move: a V before it was no View board, and a loaded
    # machine's slow frames brought the card up after the V (the test then failed, or passed untried)
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_b)  # the game-over card's View board
    assert not scene.over_card.visible() and scene.btn_rematch.visible and scene.btn_rematch.key_hint == "R"
    key(app, pygame.K_r)
    assert not scene.history and not scene.is_over()


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_on_the_result_card_presses_its_primary_button(app, enter):
    """On a finished game's result card Enter only said "The game is over", though the card's
    Rematch is drawn as its default button and Enter presses the default on the other cards.
    Enter now plays the rematch, as R and a click on Rematch do."""
    scene = hotseat(app, moves=("b2", "a1", "b1", "c1", "b3"))
    assert wait(app, scene.over_card.visible)
    primary = [b.label for b in scene.over_card.buttons if b.primary]
    assert primary == ["Rematch, sides swapped"]
    key(app, enter)
    assert "The game is over" not in _said(scene)
    assert not scene.history and not scene.is_over() and not scene.over_card.visible()


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("game_id, options, moves", [("hex", {"size": 3}, ("a1", "a2", "b1", "b2", "c1")),
                                                      ("tictactoe", {}, ("b2", "a1", "b1", "c1", "b3"))])
def test_enter_brings_back_the_result_card_after_view_board_in_every_game(app, game_id, options, moves):
    """Once View board (V, now B) hid Hex's result card, no key brought it back (V there is the
    connections), and no button did in any game.  The panel's Result button does, and its key,
    Enter, in every game alike; the card's own keys work again."""
    scene = GameScene(app, MatchSetup(game_id, options, HOTSEAT, (None, None), 0.1), list(moves))
    app.switch(scene)
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_b)  # the card's View board
    assert not scene.over_card.visible()
    key(app, pygame.K_RETURN)
    assert scene.over_card.visible() and not scene.move_entry.open
    key(app, pygame.K_b)
    assert scene.btn_result.visible and scene.btn_result.key_hint == "Enter"
    click(app, scene.btn_result.rect.center)  # the mouse too
    assert scene.over_card.visible()


def test_esc_closes_the_trax_tile_picker_first(app):
    scene = hotseat(app, "trax", ())
    state = scene.state
    cell = next(m for m in state.legal_moves())
    scene.view.picker = (0, [cell])  # a picker is open
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.view.picker is None
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene


def test_the_frame_round_a_placed_trax_tile_covers_the_tiles_edge(app):
    """The last move's frame sat a little inside the cell, as on the boards whose pieces leave a
    margin; a Trax tile fills its cell, so its red edge and its paths' ends showed round the frame
    (a white notch beside it where the light path met the edge).  The frame now starts at the edge."""
    from ui.views.trax import PATH_COLOURS, TILE_FACE

    scene = hotseat(app, "trax", ())
    view = scene.view
    cell = next(divmod(move // 16, view.cols) for move in scene.state.legal_moves())
    click(app, view.cell_rect(*cell).center)
    if view.picker is not None:
        click(app, view._picker_rects()[0][0].center)
    assert scene.history, "no tile was placed"
    app.dirty = True
    app.run_frames(2)
    edge = view.cell_rect(*cell)
    ring = ([(x, y) for x in range(edge.left, edge.right) for y in (edge.top, edge.bottom - 1)]
            + [(x, y) for y in range(edge.top, edge.bottom) for x in (edge.left, edge.right - 1)])
    tile_colours = {TILE_FACE, *PATH_COLOURS.values()}
    assert not [p for p in ring if tuple(app.screen.get_at(p))[:3] in tile_colours]


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_keeps_off_a_tic_tac_toe_winning_line(app):
    """The card went in the middle of the board, over a winning row there (7x6, four in row 4):
    the struck-through line was seen only after View board.  The card now goes where it hides
    less of the line, as it does for a Trax loop or a Hex chain."""
    setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HOTSEAT, (None, None), 0.1)
    scene = GameScene(app, setup, ["a4", "a1", "b4", "b1", "c4", "c1"])
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(3, 3).center)  # d4: X's fourth in row 4
    assert wait(app, scene.over_card.visible)
    app.dirty = True
    app.run_frames(2)
    line = [scene.view.cell_rect(3, col) for col in range(4)]
    assert not scene.over_card.rect.collidelistall(line)


def status_line(app, scene) -> str:
    """The status line ``scene`` draws now, its parts joined by spaces."""
    with pytest.MonkeyPatch.context() as drawing:
        drawn = recorded_text(drawing)
        scene._draw_status(app.screen)
    return " ".join(drawn)


def test_prompts_speak_only_to_the_player_at_the_board(app):
    watch = GameScene(app, MatchSetup("reversi", {}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(watch)
    watch.paused = True
    assert "click" not in watch.view.status_text(watch.state) or not watch.human_to_move()
    line = status_line(app, watch)
    assert "click" not in line.lower()
    hexgame = GameScene(app, MatchSetup("hex", {"swap": True}, HUMAN_VS_PC, ("level-1", None), 5.0))
    app.switch(hexgame)
    hexgame._play(hexgame.game.parse_move(hexgame.state, "c3"), by_computer=True)  # Blue (the PC) opened
    hexgame.setup = MatchSetup("hex", {"swap": True}, HUMAN_VS_PC, (None, "level-1"), 5.0)  # Red: the PC's turn
    assert not hexgame.human_to_move()
    assert "swap" not in status_line(app, hexgame).lower()


def progress(**kw) -> AIProgress:
    return AIProgress(job_id=1, **kw)


def test_one_truth_in_the_search_panel():
    sides = ("Blue", "Red")
    proven = progress(depth=5, score=0.22, proven=-1, proven_plies=7, mover=1, best_text="a1")
    assert proven_text(proven, sides) == "proven: Blue wins in 7 moves"
    solved = progress(depth=14, score=-6.0, proven=-1, kind="solver", mover=0, exact_margin=True)
    assert proven_text(solved, sides) == "proven: Red wins by 6 discs on the board"  # Reversi's solver: by how many discs
    assert "Red" not in detail_line(proven, sides, "hex")  # no evaluation beside a proof
    assert eval_text(progress(depth=3, score=WIN, mover=0), sides, "tictactoe") == "Blue wins"  # never "in 0"
    assert eval_text(progress(depth=3, score=-(WIN - 3), mover=0), sides, "tictactoe") == "Red wins in 3 moves"
    # a win a solver or a table proved without its length: not "wins in 5003"
    from ai.kernels.alquerque import TABLE_WIN
    from ai.kernels.rastros import SOLVED

    assert eval_text(progress(depth=9, score=SOLVED - 3, mover=0), sides, "rastros") == "Blue wins"
    assert eval_text(progress(depth=9, score=-(TABLE_WIN - 12), mover=0), sides, "alquerque") == "Red wins"
    assert eval_text(progress(nodes=900, score=0.43, kind="mcts", mover=0), sides, "hex") == "Red 57% to win"
    assert eval_text(progress(depth=4, score=-2.3, mover=0), sides, "hex") == ""  # no second unit in Hex
    assert eval_text(progress(depth=9, score=-4.17, mover=0), ("Black", "White"), "reversi") == "White +4 discs"
    assert eval_text(progress(depth=9, score=0.39, mover=0), ("Black", "White"), "reversi") == "even"  # never "+0"
    assert eval_text(progress(depth=9, score=12.0, kind="solver", mover=0), ("Black", "White"), "reversi") \
        == "Black +12 discs"
    # each game's unit, as the analysis writes it on the board: Alquerque's pieces (100 points
    # each) with a decimal; Rastros' and Trax's points, which no player counts, as the side they favour
    assert eval_text(progress(depth=2, score=-89.0, mover=0), ("White", "Black"), "alquerque") == "Black +0.9 pieces"
    assert eval_text(progress(depth=2, score=100.0, mover=0), ("White", "Black"), "alquerque") == "White +1.0 pieces"
    assert eval_text(progress(depth=3, score=110.0, mover=1), ("South", "North"), "rastros") == "better for North"
    assert eval_text(progress(depth=3, score=0.42, mover=1), ("South", "North"), "rastros") == "even"
    assert eval_text(progress(depth=3, score=-1.0, mover=0), ("Light", "Dark"), "trax") == "better for Dark"


def test_a_move_chosen_without_a_search_says_so(app):
    """The computer's only move is "only legal move: c3", not "best c3" over a line of one move; a
    random player's move is "chose ...", not "best"."""
    draw_line = ["b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1"]  # X to move, c3 the one square left
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-5", None), 1.0), draw_line)
    app.switch(scene)
    assert app.run_frames(2000, until=lambda: scene.last_search is not None and scene.last_search.done, timeout=30)
    assert detail_line(scene.last_search, scene.game.sides, "tictactoe") == "only legal move: c3"
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 1.0))
    app.switch(scene)
    assert app.run_frames(2000, until=lambda: scene.last_search is not None and scene.last_search.done, timeout=30)
    text = detail_line(scene.last_search, scene.game.sides, "tictactoe")
    assert text == f"chose {scene.last_search.best_text}" and scene.last_search.best_text


def test_a_rule_that_knows_a_proof_says_the_proof_not_chose(app):
    """Level-5 blocking on a drawn 3x3 board said "chose b3" after proving the draw; it now reads
    as its searches' proofs do: "best b3" over "proven: draw"."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-5"), 1.0), ["b2", "a1", "b1"])
    app.switch(scene)
    assert app.run_frames(2000, until=lambda: scene.last_search is not None and scene.last_search.done, timeout=30)
    assert detail_line(scene.last_search, scene.game.sides, "tictactoe") == "best b3 · blocks the only threat"
    assert proven_text(scene.last_search, scene.game.sides) == "proven: draw"


def test_a_forced_block_says_why_in_the_search_card(app, monkeypatch):
    """Level 5 blocking X's only threat on a 5x5 board (no value known) said only "chose a4" in
    the search card, where other moves say depth and value; the card now says why."""
    moves = ["a1", "e5", "a2", "e4", "a3"]  # X threatens a4, and only there; O has no win
    scene = GameScene(app, MatchSetup("tictactoe", {"width": 5, "height": 5, "k": 4}, HUMAN_VS_PC,
                                      (None, "level-5"), 1.0), moves)
    app.switch(scene)
    assert app.run_frames(2000, until=lambda: scene.last_search is not None and scene.last_search.done, timeout=30)
    drawn = recorded_text(monkeypatch)
    app.run_frames(2)
    assert "chose a4 · blocks the only threat" in drawn


def test_the_computers_reply_held_for_its_moment_shows_the_search_that_found_it(app, monkeypatch):
    """Human vs PC holds the computer's reply ``HUMAN_VS_PC_DELAY`` after the person's move, so
    that it is seen to answer it; meanwhile the status line said "Level 3 (O) has chosen its move"
    and the thinking card "It is the computer's turn" (or the search before).  The search that
    found the reply is on the card as soon as the reply is in."""
    from ui.scenes import game_computer

    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", 600.0)  # held however soon the reply comes
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-3"), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center)  # X plays b2
    assert [p.text for p in scene.history] == ["b2"]
    assert wait(app, lambda: scene.held is not None, 30)
    found = scene.held_search
    assert found is not None and found.best_text and len(scene.history) == 1
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    assert any("has chosen its move" in text for text in drawn), drawn
    assert "It is the computer's turn" not in drawn and "Last search" in drawn, drawn
    assert any(found.best_text in text and "best" in text for text in drawn), drawn


def test_a_watched_reply_shows_its_search_while_it_waits_for_the_pace(app, monkeypatch):
    """PC vs PC holds a reply for the pace of the game: meanwhile the panel said "Last search:
    best a3-b4" (the search before) while the status line said the player was still thinking.
    The status line says the move is chosen, and the card shows the search that chose it, which
    is the last search once the move is played; paused, "Move ready" shows the search of the
    move S will play."""
    from ui.scenes import game_computer

    # the slow pace made long enough that a reply is held however long a loaded machine takes to
    # start the worker (a first reply later than the pace was played the frame it came)
    monkeypatch.setattr(game_computer, "SPEEDS", ((game_computer.SPEEDS[0][0], 600.0), *game_computer.SPEEDS[1:]))
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-3", "level-3"), 0.1))
    scene.speed = 0
    app.switch(scene)
    assert app.run_frames(3000, until=lambda: scene.held is not None, timeout=30)
    waiting = scene.held_search
    assert waiting is not None and scene.last_search is None and len(scene.history) == 0
    with monkeypatch.context() as patched:
        drawn = recorded_text(patched)
        app.invalidate()
        app.run_frames(1)
    assert any("has chosen its move" in text for text in drawn), drawn
    assert any(waiting.best_text in text and "best" in text for text in drawn), drawn
    scene.last_move_time -= 600  # its moment comes
    assert app.run_frames(3000, until=lambda: len(scene.history) == 1, timeout=30)
    assert scene.last_search is waiting and scene.history[0].text == waiting.best_text
    assert app.run_frames(3000, until=lambda: scene.held is not None, timeout=30)
    scene.toggle_pause()  # the second reply arrived: paused, it waits for S
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    whose = ("Move ready from Level 3 (O): press S to play it", "Move ready from Level 3 (O): press S")
    assert set(whose) & set(drawn), drawn  # whose reply S plays, whole or in its shorter form
    assert any(scene.held_search.best_text in text and "best" in text for text in drawn)
    assert scene.last_search is waiting  # the board still shows the move before


def test_at_the_end_the_panel_gives_the_result_not_the_last_search(app, monkeypatch):
    """A hint searched the position before the last move; once that move ends the game, the
    search panel says how it ended, as the result card does ("Draw" over "Board full")."""
    draw_line = ["b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1"]
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-3"), 1.0), draw_line)
    app.switch(scene)
    key(app, pygame.K_h)
    assert app.run_frames(2000, until=lambda: scene.last_search is not None, timeout=30)
    scene.play_human([scene.game.parse_move(scene.state, "c3")])
    assert scene.is_over()
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert {"Draw", "Board full"} <= set(drawn) and "Board full: draw" not in drawn
    assert not any("only legal move" in text for text in drawn)


@pytest.mark.parametrize("game_id, marked", [("tictactoe", False), ("hex", False), ("reversi", True),
                                              ("rastros", True), ("alquerque", True), ("trax", True)])
def test_legal_moves_are_offered_only_where_the_board_marks_them(app, game_id, marked):
    """In Tic-tac-toe and Hex every empty cell is a move: no "Legal moves" button, and L says why
    instead of switching an option that changes nothing on the board."""
    scene = hotseat(app, game_id, ())
    labels = [b.label for b in scene.buttons if b.visible]
    assert ("Legal moves" in labels) == marked
    shown = scene.show_legal
    key(app, pygame.K_l)
    assert scene.show_legal == (not shown if marked else shown)
    said = [m.text for m in scene.messages.items]
    assert ("Every empty cell is a legal move here" in said) == (not marked)


@pytest.mark.parametrize("game_id", ["reversi", "rastros", "alquerque", "trax"])
def test_a_watched_game_offers_no_legal_moves_switch(app, game_id):
    """The board marks the legal moves on a person's turn only: watching PC vs PC, the "Legal
    moves" button was shown, lit, and switched nothing; now it is not offered and L says why."""
    scene = GameScene(app, MatchSetup(game_id, {}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(scene)
    scene.paused = True
    app.run_frames(2)
    assert "Legal moves" not in [b.label for b in scene.buttons if b.visible]
    shown = scene.show_legal
    key(app, pygame.K_l)
    assert scene.show_legal == shown
    assert any("computer plays both sides" in m.text for m in scene.messages.items)


def test_undo_clears_the_last_search(app):
    scene = hotseat(app)
    scene.last_search = progress(depth=3, score=1.0, mover=0)  # X's search, before c3
    scene.undo()
    assert scene.last_search is None


def test_a_players_score_and_what_it_counts_stay_inside_the_card(app):
    """The number and its unit ("captured", wider than the number) end before the card's padding."""
    for game_id, size in (("alquerque", (1280, 800)), ("alquerque", (800, 560)), ("reversi", (800, 560)),
                          ("trax", (1280, 800))):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))  # as a user drags
        scene = hotseat(app, game_id, ())
        assert app.screen.get_size() == size
        app.run_frames(2)
        s = app.scale
        for card in scene.panel.player_cards:
            margin = pygame.Rect(card.right - int(12 * s), card.y + int(10 * s), int(9 * s), card.height - int(20 * s))
            colours = {tuple(app.screen.get_at((x, y))) for x in range(margin.left, margin.right)
                       for y in range(margin.top, margin.bottom)}
            assert len(colours) == 1, (game_id, size, card)


def test_a_long_name_stops_before_the_score_and_the_clock(app, monkeypatch):
    """800x560, Alquerque on a clock: a 24-character name is cut before the clock, on both cards,
    and runs into neither the clock nor the captured count (on the side's line above it)."""

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    names = ("Conceição Antunes Ferrei", "Maria João da Silva Sant")
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0, clock="5m+3s", names=names),
                      ["c2-c3"])
    app.switch(scene)
    app.run_frames(2)
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    for card in scene.panel.player_cards:
        inside = [(value, rect) for value, rect in drawn if card.contains(rect)]
        name = next(rect for value, rect in inside if value.startswith(("Concei", "Maria")))
        others = [rect for value, rect in inside if value in ("captured", "0") or ":" in value]
        assert others and all(name.right < rect.left for value, rect in inside if ":" in value)  # the clock
        assert all(rect.centery < name.top for value, rect in inside if value in ("captured", "0"))  # a line up


def test_a_long_instruction_under_a_narrow_board_is_shown_whole(app, monkeypatch):
    """Alquerque's how-to-move line, in Portuguese, is longer than the board is wide at 800x560: it
    goes on two lines instead of losing its end to an ellipsis (after whose move it is, as every
    game's first prompt says it, its least form; the cursor's key on a row of its own)."""
    from ui import text as tx

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    scene = hotseat(app, "alquerque", ())
    with words_in("pt"):
        line = scene.view.status_text(scene.state)
        short = scene.view.status_short(scene.state)
        drawn = recorded_text(monkeypatch)
        scene._draw_status(app.screen)
    assert line.startswith("Clique ou arraste uma peça") and short and short != line
    assert tx.ui_font(int(16 * app.scale)).size(line)[0] > scene.board_area.width - 40  # more than one line
    assert drawn == ["Joga Jogador 1 (Branco) · Enter para escrever a jogada · Clique ou arraste uma peça",
                     "Cima ou Baixo: um cursor no tabuleiro"]  # whole, and the cursor's key too


@pytest.mark.parametrize("game_id, analysis", [("reversi", False), ("alquerque", False), ("trax", False),
                                               ("reversi", True)])
def test_the_side_panel_draws_no_text_under_ten_pixels_in_the_smallest_window(app, monkeypatch, game_id, analysis):
    """At 800x560 the discs, captures and points under the scores were 7 pixels high, the
    panel's small lines and the analysis caption over the eval bar 9."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    app.switch(GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 0.1)))
    if analysis:
        app.scene.toggle_analysis()
    app.run_frames(2)
    assert small_print(monkeypatch, app.scene) == set()


@pytest.mark.parametrize("screen", ["replay", "tree"])
def test_the_replay_and_the_search_tree_draw_no_text_under_ten_pixels_at_800x560(app, monkeypatch, screen):
    """The tree's moves and values were 7 pixels, the replay's notes 9."""
    import games
    from games.record import GameRecord
    from games.record_parts import Side

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    game, moves = games.load("reversi"), ["f5", "d6", "c3", "d3", "c4"]
    if screen == "replay":
        record = GameRecord.start(game, (Side(None, "A"), Side("level-3", "Level 3")), {"mode": "human-pc"})
        app.open_replay(record.with_moves(moves, game.play_line(moves)))
    else:
        app.show_tree(game, game.play_line(moves))
        assert app.run_frames(10 ** 6, until=lambda: app.scene.tree is not None, timeout=60)  # built in a thread
    app.run_frames(3)
    assert small_print(monkeypatch, app.scene) == set()


@pytest.mark.parametrize("pv, second", [(["d3"], "1.2k positions looked at"),
                                        (["d3", "c5", "f6"], "1.2k positions looked at · expects d3 c5 f6")])
def test_the_search_panel_gives_a_line_only_when_it_is_more_than_the_best_move(app, monkeypatch, pv, second):
    """A search one ply deep read "depth 1 · best e3" over "49 nodes · e3"."""
    scene = hotseat(app, "reversi", ())
    scene.last_search = AIProgress(job_id=1, depth=1, best_text="d3", score=0.5, nodes=1200, pv=pv, done=True,
                                   mover=scene.state.to_move)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert any(text.startswith("1 move ahead · best d3") for text in drawn)
    assert second in drawn, [t for t in drawn if "positions" in t or "ahead" in t]


LINE = ["d3", "c5", "f6", "f5", "e6", "e3"]  # a search's line of play in Reversi


def _search_lines(app, monkeypatch, scene, *said: str) -> list[tuple[str, pygame.Rect]]:
    """The thinking card's lines over a finished search of ``LINE`` that say how many positions
    it looked at, or any of ``said``, as drawn, with where."""
    scene.last_search = AIProgress(job_id=1, depth=6, best_text="d3", score=0.5, nodes=1234567, pv=LINE, done=True,
                                   mover=scene.state.to_move)
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return [(text, rect) for text, rect in drawn
            if scene.panel.rect.contains(rect) and any(word in text for word in ("1,2M", "1.2M", *said))]


@pytest.mark.parametrize("language, said", [("en", "1.2M positions looked at · expects d3 c5 f6 f5 e6 e3"),
                                             ("pt", "1,2M posições vistas · prevê d3 c5 f6 f5 e6 e3")])
def test_the_line_a_search_expects_is_labelled(app, monkeypatch, language, said):
    """The last search's card said "1.2M positions looked at · d3 c5 f6 …", moves a newcomer
    could not place: the line is labelled, "expects d3 c5 f6 …"."""
    scene = hotseat(app, "reversi", ())
    with in_language(app, language):
        assert [text for text, _rect in _search_lines(app, monkeypatch, scene)] == [said]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_labelled_line_fits_a_small_window_at_larger_text_in_whole_moves(app, monkeypatch, language):
    """At 800x600 with Larger text the label left no room beside "1.2M positions looked at": the
    count gives way to the labelled line, cut to the moves that fit, inside the card, never
    inside a move."""
    hotseat(app, "reversi", ())
    with in_language(app, language):
        for _size, _text_size in small_windows(app, sizes=((800, 600),), text_sizes=(1.5,)):
            app.apply_settings()
            app.run_frames(2)
            [(text, rect)] = _search_lines(app, monkeypatch, app.scene, "expects", "prevê")
            assert rect.right <= app.scene.panel.rect.right, (text, rect, app.scene.panel.rect)
            label = i18n._(EXPECTS).format(moves="")
            assert text.split(" · ")[-1].startswith(label), text
            moves = text.split(" · ")[-1].removeprefix(label)
            *whole, last = moves.split(" ")
            assert whole == LINE[:len(whole)] and last in (LINE[len(whole)], "…") and len(whole) >= 1, text


def test_a_search_its_memory_ended_early_says_so_in_the_panel(app, monkeypatch):
    """Level 5's Python stand-in on 19x19 Hex played a 30 s move at 19.5 s, its tree at its memory
    cap, and the panel's last search did not say why the move came early: now it does, in
    Portuguese too."""
    scene = hotseat(app, "hex", ())
    scene.last_search = AIProgress(job_id=1, depth=1, best_text="j10", score=0.55, nodes=9000, pv=["j10"],
                                   kind="mcts", done=True, stopped="memory-limit", mover=scene.state.to_move)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert any("stopped at its memory limit" in text for text in drawn), drawn
    with words_in("pt"):
        assert "parou no limite de memória" in detail_line(scene.last_search, ("Red", "Blue"), "hex")


MEMORY_CUT = AIProgress(job_id=1, depth=1, best_text="j10", score=0.55, nodes=9000, pv=["j10", "k9", "i11", "h10", "g9"],
                        kind="mcts", done=True, stopped="memory-limit", mover=0)
"""The last search of level 5's Hex stand-in whose tree reached its memory cap: Blue's, of the
empty board (Blue's 55%)."""


@pytest.mark.parametrize(("size", "text_size", "wanted"), [((1024, 768), 1.0, "j10 k9 i11"),
                                                          ((1366, 768), 1.5, "Hipóteses do Azul: 55%")])
def test_why_a_search_stopped_early_gives_way_to_its_value_and_line(tmp_path, monkeypatch, size, text_size, wanted):
    """In Portuguese "parou no limite de memória" stood before the search's value: at 1024x768 the
    card's second line said it and the value, the line of moves gone, and on the one-line card
    at Larger text at 1366x768 it took the value's place.  It is said last, where they leave room."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, "pt"):
        app.settings.text_size = text_size
        app.apply_settings()
        scene = hotseat(app, "hex", ("f6",))
        scene.last_search = MEMORY_CUT
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        assert any(wanted in text for text in drawn), drawn


def test_the_panel_names_a_trax_centre_tile_by_its_code(app):
    """"Peça central: lldd (claro esq.-cima)" was cut at the panel's edge at 800x560: the panel
    names the tile by its code, the setup screen keeps the words that explain it."""
    import games
    from ui import words
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.panel_header import options_parts

    scene = GameScene(app, MatchSetup("trax", {}, HOTSEAT, (None, None), 0.3))
    assert "Centre tile: lldd" in options_parts(scene)
    centre = next(o for o in games.info("trax").options if o.name == "centre")
    assert words.option_text(centre, "lldd", "trax") == "Centre tile: lldd (light left-top)"


def test_the_panel_header_keeps_every_option_at_the_smallest_window_in_portuguese(app, monkeypatch):
    """Trax's fill mode in Portuguese: "Fim do jogo: Encher o tabuleiro · Peça cent…" (two lines
    were not enough)."""
    import pygame

    from tests.ui_helpers import recorded_text
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    with words_in("pt"):
        app.switch(GameScene(app, MatchSetup("trax", {"mode": "fill", "size": 25}, HOTSEAT, (None, None), 0.3)))
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        header = " · ".join(s for s in drawn if "Tamanho" in s or "Fim do jogo" in s or "Peça central" in s)
        assert "Encher o tabuleiro" in header and "Peça central: lldd" in header and "…" not in header, header


def test_undo_against_the_computer_goes_back_past_a_forced_pass_to_the_last_choice(app):
    """After Black (the human) had to pass, Undo stopped at the pass: the position where the only
    move is "pass", which gives nothing to take back.  It goes back to Black's last choice, and
    Redo comes forward past the pass to Black's next choice."""
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    # a 6x6 game (random play, seed 156) ending Black f3, White a4, Black must pass, White d6
    line = ["d5", "c5", "b3", "e3", "e4", "c2", "b2", "a3", "b6", "f5", "d2", "c1", "b1", "d1", "a2", "a1",
            "f3", "a4", "pass", "d6"]
    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-1"), 1.0), line)
    app.switch(scene)
    app.run_frames(2)
    assert scene.state.to_move == 0 and len(scene.state.legal_moves()) > 1
    scene.undo()
    assert [p.text for p in scene.history] == line[:16]  # back before Black's f3, past its pass
    assert scene.human_to_move() and len(scene.state.legal_moves()) > 1
    scene.redo()
    assert [p.text for p in scene.history] == line  # f3 a4, the pass and d6: Black's next choice


def test_a_paused_watched_game_says_what_plays_on_not_that_it_waits_for_the_computer(app, monkeypatch):
    """Paused (here: taken up again), the panel said "Waiting for the computer": the computer
    was waiting for the watcher."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.1), ["b2", "a1"])
    app.switch(scene)
    app.run_frames(2)
    assert scene.paused and scene.job is None
    drawn = recorded_text(monkeypatch)
    scene.panel.draw(app.screen)
    assert "Space resumes, S plays one move" in drawn and "Waiting for the computer" not in drawn


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_the_last_searchs_evaluation_is_never_cut_off(tmp_path, monkeypatch, language, size):
    """In Portuguese at 800x560 the panel's last search read "profundidade 12 · melhor d4xb2 ·
    Preto …": the evaluation, the one figure a student reads there, was cut off.  What does not fit
    the first line now opens the second, before the nodes searched; nothing of it is cut."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        scene = GameScene(app, MatchSetup("alquerque", {}, HUMAN_VS_PC, (None, "level-1"), 1.0))
        app.switch(scene)
        app.run_frames(2)
        search = progress(depth=12, best_text="d4xb2", score=-162.0, nodes=123_456, pv=["d4xb2", "c3-d4", "b2xd4"],
                          mover=0, done=True)
        monkeypatch.setattr(scene.computer, "last_search_seen", lambda: (search, 0))
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        value = eval_text(search, scene.game.sides, "alquerque")
        best = i18n._("best {move}").format(move="d4xb2")
        assert any(value in line for line in drawn), (value, drawn)
        assert any(best in line for line in drawn), (best, drawn)
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


def test_the_move_list_shows_whole_rows_or_none(app, monkeypatch):
    """Squeezed under Hex's connections legend in the smallest window, the move list drew a row it
    had no room for, its moves cut through by the box's edge; a list too short for one whole row
    is left out (the heading and an empty box said nothing)."""

    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), ["f5", "d6", "c3"])
    app.switch(scene)
    app.run_frames(2)
    drawn = recorded_text_rects(monkeypatch)
    shown = 0
    for height in range(10, 120, 2):
        drawn.clear()
        scene.panel._moves(app.screen, pygame.Rect(560, 100, 220, height))
        box = scene.panel.moves_rect
        moves = [rect for value, rect in drawn if value in ("f5", "d6", "c3", "1.", "2.")]
        assert bool(moves) == bool(box.width), height  # a list is shown with its rows, or not at all
        assert all(box.contains(rect) for rect in moves), height
        shown += bool(moves)
    assert shown > 20


def test_the_computers_swap_is_said_in_words(app):
    """Hex with the swap rule: when the computer swaps, Blue's stone turns Red and moves to its
    mirror cell with nothing said but "swap" in the move list; a message now says what happened.
    A person's own swap (the board's offer) needs no note."""
    from games.hex import SWAP

    scene = GameScene(app, MatchSetup("hex", {"swap": True}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(scene)
    scene.paused = True
    assert scene._play(scene.game.parse_move(scene.state, "c1"), by_computer=True)
    assert not any("swapped" in m.text for m in scene.messages.items)
    assert scene._play(SWAP, by_computer=True)
    assert "Red swapped: Blue's first stone c1 is now Red's a3" in [m.text for m in scene.messages.items]
    scene.undo()
    scene.messages.items.clear()
    assert scene._play(SWAP, by_computer=False)
    assert not any("swapped" in m.text for m in scene.messages.items)


def test_the_computers_forced_trax_tiles_are_said_in_words(app):
    """Trax: a computer's turn that lays forced tiles put two or more tiles down with only its
    chosen one in the move list ("d5+" and a tile at e5 too); a message now names the forced cells.
    A turn with none says nothing, nor does a person's own (the tile picker named its forced tiles)."""
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(scene)
    scene.paused = True
    for text in ("e4/", "c4\\"):
        assert scene._play(scene.game.parse_move(scene.state, text), by_computer=True)
    assert not any("forced" in m.text for m in scene.messages.items)
    assert scene._play(scene.game.parse_move(scene.state, "d5+"), by_computer=True)
    # d5+ (B2+ in the official notation, the default) and e5, the space C2 counted as B2+ is
    assert "B2+ also laid its forced tiles: C2" in [m.text for m in scene.messages.items]
    scene.undo()
    scene.messages.items.clear()
    assert scene._play(scene.game.parse_move(scene.state, "d5+"), by_computer=False)
    assert not any("forced" in m.text for m in scene.messages.items)


def trax_game_after_d5(app):
    """A watched Trax 7x7 game, paused, after e4/ c4\\ d5+ (d5+ lays forced tiles), and a function
    giving the notes on forced tiles the screen holds."""
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, PC_VS_PC, ("level-1", "level-1"), 0.1))
    app.switch(scene)
    scene.paused = True
    for text in ("e4/", "c4\\", "d5+"):
        assert scene._play(scene.game.parse_move(scene.state, text), by_computer=True)

    def notes() -> list[str]:
        return [m.text for m in scene.messages.items if "forced" in m.text]

    return scene, notes


def test_the_note_on_forced_trax_tiles_goes_with_an_undo_and_a_redo(app):
    """"d5+ also laid its forced tiles: e5" stayed on screen for eight seconds after Undo had taken
    that turn back, about tiles no longer on the board; Undo and Redo now withdraw it."""
    scene, notes = trax_game_after_d5(app)

    assert notes() == ["B2+ also laid its forced tiles: C2"]  # d5+, officially
    scene.undo()
    assert notes() == [] and len(scene.history) == 2
    assert scene._play(scene.game.parse_move(scene.state, "d5+"), by_computer=True)
    scene.undo()
    scene.redo()
    assert notes() == [] and len(scene.history) == 3


def test_a_note_on_forced_trax_tiles_gives_way_to_the_next_move(app):
    """A watched Trax game said "D5\\ also laid its forced tiles: ..." after the newer "G5+ also
    laid ..." had come and gone: the older note waited in the message lane behind the newer one,
    then showed, about a move three turns back.  A note speaks of the move just made: the next
    move takes it away, and its own note, if it has one, is the only one left."""
    scene, notes = trax_game_after_d5(app)

    assert len(notes()) == 1
    first = notes()[0]
    assert scene._play(scene.game.parse_move(scene.state, "f4+"), by_computer=True)
    assert len(notes()) == 1 and notes() != [first]  # f4+'s own note, d5+'s gone
    quiet = next(m for m in scene.state.legal_moves() if len(scene.state.play(m).turn) == 1)
    assert scene._play(quiet, by_computer=True)
    assert notes() == []


def trax_turn_being_laid(app) -> GameScene:
    """A hot-seat 7x7 Trax game whose last turn, d5+, brings e5 by force, laid slowly enough (16 s
    between tiles) that the forced tile is still to come."""
    app.settings.animation_speed = 0.01
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1), ["e4/", "c4\\"])
    app.switch(scene)
    app.run_frames(2)
    scene.play_human([scene.game.parse_move(scene.state, "d5+")])
    app.invalidate()
    app.run_frames(2)
    assert len(scene.state.turn) == 2 and scene.view.is_animating()
    return scene


def dotted_cells(app, scene) -> set[int]:
    """The cells drawn with a legal move's dot (the legal colour at their centre), as on screen."""
    from games.trax import move_cell

    view, legal = scene.view, tuple(app.theme.legal)[:3]
    cells = set(range(view.rows * view.cols)) - {move_cell(m) for m in scene.state.turn}
    return {cell for cell in cells if tuple(app.screen.get_at(view.cell_rect(*divmod(cell, view.cols)).center))[:3] == legal}


def test_trax_legal_dots_wait_for_the_forced_tiles(app):
    """While d5+'s forced tile e5 was still to come, the next player's dots were already drawn: on
    f5 and e6, beside the empty-looking e5, cells no tile on the board then shown made legal.  The
    dots wait for the turn's last tile; then they are the position's legal cells."""
    from games.trax import move_cell

    scene = trax_turn_being_laid(app)
    assert dotted_cells(app, scene) == set()
    scene.view.stop_animation()  # the turn's tiles all laid
    app.invalidate()
    app.run_frames(2)
    legal = {move_cell(m) for m in scene.state.legal_moves()}
    assert len(legal) > 5 and dotted_cells(app, scene) == legal


def dot_across(app, centre: tuple[int, int]) -> int:
    """How many pixels across, on its row, the legal move's dot at ``centre`` is drawn (the legal colour)."""
    legal = tuple(app.theme.legal)[:3]
    x = centre[0]
    while tuple(app.screen.get_at((x - 1, centre[1])))[:3] == legal:
        x -= 1
    right = centre[0]
    while tuple(app.screen.get_at((right + 1, centre[1])))[:3] == legal:
        right += 1
    return right - x + 1


@pytest.mark.parametrize("options", [{"size": 8}, {"size": 7}])
def test_the_legal_dots_on_a_small_trax_board_are_a_quarter_of_its_large_cells(app, options):
    """On an 8x8 Trax board (the smallest boards have the largest cells: 76 pixels at 1280x800) a
    legal move's dot was a fifth of its cell across and looked lost in it: a quarter now, as
    Rastros' dots, on screen."""
    from games.trax import move_cell

    scene = GameScene(app, MatchSetup("trax", options, HOTSEAT, (None, None), 1.0))
    app.switch(scene)
    scene.show_legal = True
    scene.play_human([scene.game.parse_move(scene.state, "A0+")])
    scene.view.stop_animation()
    app.invalidate()
    app.run_frames(2)
    cell = next(move_cell(m) for m in scene.state.legal_moves())
    rect = scene.view.cell_rect(*divmod(cell, scene.view.cols))
    assert rect.width >= 70 and dot_across(app, rect.center) >= rect.width // 4, (rect, dot_across(app, rect.center))


def test_the_legal_dot_grows_with_its_cell_and_the_text_size_but_no_blob_on_the_largest_cells():
    """A quarter of the cell across at Normal text, more at Larger; on the largest cells (a 7x7
    Trax board, a 6x6 Reversi board in a full-HD window, 118 and 138 pixels) it stops at
    ``MOST_DOT_RADIUS`` times the Text size, and never covers more than a third of its cell."""
    from ui.board_marks import MOST_DOT_RADIUS, legal_dot_radius

    for cell in (50, 76, 100):
        assert 2 * legal_dot_radius(cell, 1.0) >= cell // 4, cell
        assert legal_dot_radius(cell, 1.5) > legal_dot_radius(cell, 1.0), cell
    for cell in (40, 60, 90, 118, 138, 300):
        for text_size in (1.0, 1.25, 1.5):
            radius = legal_dot_radius(cell, text_size)
            assert radius <= round(MOST_DOT_RADIUS * text_size) and 2 * radius <= cell / 3 + 1, (cell, text_size)


def test_a_click_during_trax_forced_tiles_lays_them_and_is_taken_on_the_position(app):
    """A click while the forced tiles were still being laid was judged on the position with them
    (f5, beside e5 not yet shown, opened a picker; e5 itself said it had a tile) while the board
    still showed the turn half laid.  The click now lays the rest of the turn at once, then is taken
    as on the other boards: f5 opens its picker over the whole turn."""
    scene = trax_turn_being_laid(app)
    f5 = scene.view.cell_rect(4, 5)
    click(app, f5.center)
    assert not scene.view.is_animating() and not scene.view.marks_wait()
    assert scene.view.picker is not None and scene.view.picker[0] == 4 * 7 + 5
    assert len(scene.history) == 3


def test_a_proof_in_the_search_panel_stays_inside_its_card_in_portuguese(app, monkeypatch):
    """At 800x560 in Portuguese "provado: Sul ganha em 15 meias-jogadas" ran to the card's edge:
    the line was shortened to fit as regular text and drawn in bold, which is wider."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    with words_in("pt"):
        scene = hotseat(app, "rastros", ("3-4",))
        scene.computer.last_search = progress(depth=5, score=0.5, proven=1, proven_plies=15, mover=0,
                                              best_text="2-3", nodes=900)
        scene.computer.last_search_moves = [p.text for p in scene.history]
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        proof = next(rect for text, rect in drawn if text.startswith("provado"))
        panel = scene.panel  # its card ends 18 px inside the panel, its text 14 px inside the card (at scale 1)
        assert proof.right <= panel.rect.right - panel._s(18) - panel._s(14), (proof, panel.rect)


def test_a_portuguese_resignation_is_logged_as_the_record_keeps_it(app, caplog):
    """The log said "forfeit: Branco desiste" in a Portuguese window, "forfeit: White resigns" in an
    English one, while the record keeps "White resigns" in both: the log is language-neutral as the
    record is, and the screen says it in the window's language."""

    app.settings.language = "pt"
    app.apply_settings()
    try:
        scene = hotseat(app, "alquerque", ())
        with caplog.at_level("INFO", logger="tabuleiro.ui"):
            resign_by_keys(app)  # White, to move, resigns
        assert scene.is_over() and scene.end_reason() == "Branco desiste na jogada 1"
        assert "forfeit: White resigns at move 1" in caplog.text and "desiste" not in caplog.text
    finally:
        i18n.set_language("en")


def test_legal_moves_is_greyed_like_hint_once_the_game_is_over(app):
    """After the end, Legal moves stayed lit and did nothing (Hint beside it was greyed): both are
    greyed now, and their keys say why instead of doing nothing (L no longer flips a setting
    that cannot show on a finished board)."""
    scene = hotseat(app, "alquerque", ())
    assert scene.btn_legal.enabled and scene.btn_hint.enabled
    resign_by_keys(app)  # Black resigns
    assert scene.is_over()
    assert not scene.btn_legal.enabled and not scene.btn_hint.enabled
    shown = scene.show_legal
    for k in (pygame.K_l, pygame.K_h):
        scene.messages = type(scene.messages)()
        key(app, k)
        assert _said(scene) == ["The game is over"], pygame.key.name(k)
    assert scene.show_legal == shown


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_keeps_off_the_loop_that_won(app):
    """A Trax loop by the board's edge lay under the game-over card, which stood in the middle of
    the board whatever it hid: the loop that won was seen only after View board.  The card goes
    where it covers none of the loop's tiles."""
    moves = ["d3/", "d2/", "c3\\", "c5+", "b5\\", "c6+", "c7/", "e4/", "e5/", "d7+", "b7+", "a5/"]
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    assert wait(app, scene.over_card.visible)
    scene.draw(app.screen)
    loop = [scene.view.cell_rect(*divmod(cell, 7)) for path in scene.state.winning_paths() for cell in path.cells]
    assert loop and scene.over_card.rect.collidelist(loop) < 0


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_keeps_off_a_tall_trax_line_beside_it(app):
    """A 7x7 line from top to bottom (Dark's, in columns a to c) lay partly under the card at
    1280x800: the card chose among the middle, the top and the bottom of the board, and all three
    hid some of it.  It goes to the side where the line leaves it room."""
    moves = ["e4+", "e5+", "f5\\", "g5+", "e6+", "c4/", "g4\\", "e3/", "b4/", "e7/", "b3\\", "d2+", "b6+", "b7\\",
             "a3\\", "a1\\", "a7\\"]
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    assert wait(app, scene.over_card.visible)
    scene.draw(app.screen)
    line = scene.view.win_marks(scene.state)
    assert {rect.top for rect in line} == {scene.view.cell_rect(row, 0).top for row in range(7)}  # every row
    assert line and scene.over_card.rect.collidelist(line) < 0
    card = scene.over_card.rect  # on the board, or over the panel where the board's tiles leave no room
    assert scene.over_card.area.contains(card) or scene.panel.rect.contains(card)


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_hides_the_least_of_a_line_it_cannot_miss(app):
    """The line QA saw (7x7, 1280x800, columns c to e from top to bottom): no place of the card
    misses all of it, and it stood over the top half of it (6 of its 12 tiles).  It goes where it
    hides the least of the line's tiles, by their area."""
    moves = ["d3+", "d5\\", "c4/", "e5\\", "c2+", "b2\\", "d6\\", "a4\\", "f5\\", "a2+", "f6+", "c1+", "g6+", "d7/",
             "a1+", "g5+", "c7+", "g4+", "e2/", "a5\\", "d1/", "g3/", "f7+", "g2+", "g7\\", "e1/"]
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    assert wait(app, scene.over_card.visible)
    scene.draw(app.screen)
    line, card = scene.view.win_marks(scene.state), scene.over_card.rect
    middle_top = card.copy()
    middle_top.midtop = (scene.over_card.area.centerx, card.top)
    cell = line[0].width * line[0].height
    assert covered(card, line) < 2 * cell < covered(middle_top, line)


def covered(card: pygame.Rect, marks: list[pygame.Rect]) -> int:
    """The square pixels of ``marks`` under ``card``."""
    return sum(card.clip(mark).width * card.clip(mark).height for mark in marks)


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_keeps_off_the_chain_that_won(app):
    """Blue's chain along the top row of a 3x3 Hex board lay under the card in the middle."""
    scene = GameScene(app, MatchSetup("hex", {"size": 3}, HOTSEAT, (None, None), 0.1), ["a1", "a2", "b1", "b2", "c1"])
    app.switch(scene)
    assert wait(app, scene.over_card.visible)
    scene.draw(app.screen)
    chain = [scene.view.centre(*divmod(cell, 3)) for cell in scene.state.winning_chain()]
    assert len(chain) == 3 and not any(scene.over_card.rect.collidepoint(point) for point in chain)


def reply_held(app, monkeypatch) -> GameScene:
    """Tic-tac-toe against level 1, the person's b2 played and the computer's reply found and held
    for good (``HUMAN_VS_PC_DELAY``): the moment between a reply found and its showing."""
    from ui.scenes import game_computer

    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", 1e9)  # the reply stays held
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center)  # the person's move: the reply waits its moment after it
    assert wait(app, lambda: scene.computer.held is not None)
    return scene


def test_the_computers_reply_waiting_for_its_moment_is_not_said_ready(app, monkeypatch):
    """The computer's reply, in but held for its moment after the person's move, left the panel
    saying "Ready" above "Waiting for the computer": a user read both at once.  Nothing says
    "Ready" on the computer's turn: the card shows how the reply was found (a level 1's, at
    random), not "It is the computer's turn" as if it had not been."""
    scene = reply_held(app, monkeypatch)
    drawn = recorded_text(monkeypatch)
    scene.panel.draw(app.screen)
    assert "Ready" not in drawn and "It is the computer's turn" not in drawn, drawn
    assert "Level 1 plays at random" in drawn, drawn


def test_the_computers_first_move_is_shown_as_soon_as_it_is_ready(app, monkeypatch):
    """Human vs PC with the person second: the computer's first move was held ``HUMAN_VS_PC_DELAY``
    after the game began, a pause after no one's move.  The moment it may be shown is no later
    than its arrival, and it is played then; a reply to the person's move still waits its moment."""
    from ui.scenes import game_computer

    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", 600.0)  # a reply after a person's move: held all test
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, ("level-1", None), 0.1))
    arrivals: list[tuple[float, float]] = []  # (when the reply came in, the moment it may be shown)
    poll = scene.computer.poll

    def polled() -> None:
        poll()
        if scene.computer.held is not None and not arrivals:
            arrivals.append((time.monotonic(), scene.computer._reply_due()))

    monkeypatch.setattr(scene.computer, "poll", polled)
    app.switch(scene)
    assert wait(app, lambda: bool(arrivals), 60)
    arrived, due = arrivals[0]
    assert due <= arrived
    app.run_frames(2)
    assert len(scene.history) == 1 and scene.history[0].by_computer
    click(app, scene.view.cell_rect(*next(divmod(m, 3) for m in scene.state.legal_moves())).center)
    assert wait(app, lambda: len(arrivals) == 1 and scene.computer.held is not None, 60)
    assert scene.computer._reply_due() > time.monotonic() + 60  # the reply to the person's move waits
    assert len(scene.history) == 2


def test_the_computers_turn_before_its_search_is_not_said_ready(app, monkeypatch):
    """Before the computer's search begins (the human's move still being animated), the card said
    "Ready" over "Waiting for the computer"; it says whose turn it is."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center, frames=0)
    monkeypatch.setattr(scene.view, "is_animating", lambda: True)  # the search waits for the animation
    app.run_frames(2)
    assert len(scene.history) == 1 and scene.computer.job is None
    drawn = recorded_text(monkeypatch)
    scene.panel.draw(app.screen)
    assert "Ready" not in drawn and "It is the computer's turn" in drawn, drawn


@pytest.mark.parametrize("game_id", ["rastros", "alquerque"])
def test_no_button_text_touches_its_border_in_portuguese(app, monkeypatch, game_id):
    """In Portuguese at 1280x800 the key of "Árvore de pesquisa  T" touched the button's right
    border (5 pixels were kept each side).  Every button's label and key keep clear of its edges."""
    from ui import i18n
    from ui.widgets import BUTTON_PADDING

    try:
        app.settings.language = "pt"
        app.apply_settings()
        scene = GameScene(app, MatchSetup(game_id, {}, HUMAN_VS_PC, (None, "level-1"), 0.1))
        app.switch(scene)
        app.run_frames(2)
        drawn = recorded_text_rects(monkeypatch)
        scene.panel.draw(app.screen)
        margin = BUTTON_PADDING * app.scale - 2  # a glyph's own side bearing aside
        for button in (b for b in scene.buttons if b.visible):
            texts = [rect for _text, rect in drawn if button.rect.contains(rect)]
            assert texts, button.label
            assert min(r.left for r in texts) - button.rect.left >= margin, button.label
            assert button.rect.right - max(r.right for r in texts) >= margin, button.label
    finally:
        app.settings.language = "en"
        app.apply_settings()
        i18n.set_language("en")


@pytest.mark.usefixtures("result_card_at_once")
def test_the_game_over_card_leaves_out_a_score_that_says_nothing(app, monkeypatch):
    """Trax resigned at ply 1: the card read "Light 0 - 0 Dark (points)", a score line that said
    nothing (Trax counts once a loop or a line ends the game).  It is left out; Reversi resigned
    at ply 1 still shows its discs, and a finished Reversi game its count."""
    import games

    def card_text(scene: GameScene) -> list[str]:
        assert wait(app, scene.over_card.visible)
        with monkeypatch.context() as one_frame:
            drawn = recorded_text(one_frame)
            app.invalidate()
            app.frame()
        return [line.replace("\u00a0", " ") for line in drawn]  # the score's no-break spaces

    for game_id, counted in (("trax", None), ("reversi", "4 - 1")):
        game = games.load(game_id)
        first = game.initial_state()
        scene = hotseat(app, game_id, [game.format_move(first, first.legal_moves()[0])])
        resign_by_keys(app)  # the second player resigns
        drawn = card_text(scene)
        assert "1 move" in drawn and not [line for line in drawn if " 0 - 0 " in line], drawn
        assert counted is None or any(counted in line for line in drawn), drawn
    scene = finished(app, "reversi")
    score = scene.state.score()
    assert any(f"{max(score)} - {min(score)}" in line for line in card_text(scene))


def card_units(app, monkeypatch, scene: GameScene) -> list[str]:
    """The score units ("points", "point") the players' cards draw for ``scene`` as it stands now."""
    from ui import words

    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    return [said for said in drawn if said in {words.score_unit(scene.game.id, n) for n in (1, 2)}]


def test_trax_cards_show_no_score_until_a_loop_or_a_line_counts(app, monkeypatch):
    """Trax's cards read "0 points" all game: its score (the longest loop plus the longest line)
    is 0 - 0 until a loop or a line ends the game, so the number told nothing, and nothing of
    what would count.  Now the cards show no score while the game goes on, as Hex's and
    Tic-tac-toe's never do; at the end they show the count (and Fill the board, whose sum is
    the board's at every moment, shows it all game).  The game's clock stands still
    (``held_game_clock``): the finished game's result card, come up in a loaded machine's slow
    frame, covered the cards."""
    import games

    held_game_clock(monkeypatch)
    game = games.load("trax")
    first = game.initial_state()
    going_on = hotseat(app, "trax", [game.format_move(first, first.legal_moves()[0])])
    assert not going_on.is_over() and going_on.state.score() == (0, 0)
    assert card_units(app, monkeypatch, going_on) == []
    over = finished(app, "trax")
    assert over.is_over() and len(card_units(app, monkeypatch, over)) == 2
    fill = GameScene(app, MatchSetup("trax", {"mode": "fill"}, HOTSEAT, (None, None), 0.1), [])
    app.switch(fill)
    app.run_frames(2)
    assert len(card_units(app, monkeypatch, fill)) == 2


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_draw_is_said_once_on_the_card_and_on_the_status_line(app, monkeypatch, language):
    """A drawn Tic-tac-toe said "Draw" over "Board full: draw" on its card, and the status line
    under the board said "Board full: draw" again.  The card says "Draw" over "Board full"; the
    status line says nothing of it, with the card or without it (View board, B), where the panel's
    search card says it in the card's words."""
    from ui.i18n import _

    with in_language(app, language):
        draw_word, full = _("Draw"), _("Board full")
        scene = hotseat(app, moves=("b2", "a1", "c1", "a3", "a2", "c2", "b3", "b1", "c3"))
        assert scene.is_over() and scene.winner() is None and wait(app, scene.over_card.visible)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        on_card = [text for text in drawn if draw_word.casefold() in text.casefold()]
        assert on_card.count(draw_word) >= 1 and full in drawn, drawn
        assert not any(text.casefold().endswith(": " + draw_word.casefold()) for text in drawn), drawn
        key(app, pygame.K_b)  # View board
        drawn.clear()
        app.invalidate()
        app.run_frames(2)
        assert not scene.over_card.visible()
        assert draw_word in drawn and full in drawn and f"{draw_word} · {full}" not in drawn, drawn


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("reason", ["Board full: draw", "The board is full: no winner",
                                    "No tile can be placed: no winner", "Draw 32 - 32",
                                    "Draw: 40 plies passed with no capture",
                                    "Draw: the same position, with the same player to move, occurred a third time"])
def test_every_games_draw_says_under_its_headline_only_what_it_adds(app, language, reason):
    """Each game's draw, as the card says it under "Draw": never the verdict again ("draw", "no
    winner"), and always something ("Board full", "32 - 32", "40 plies passed with no capture")."""
    from ui import words
    from ui.i18n import _
    from ui.scenes.game_over import detail_line as card_detail

    with in_language(app, language):
        detail = card_detail(words.end_reason(words.reason_without_verdict(reason)), _("Draw"))
        assert detail and _("Draw").casefold() not in detail.casefold(), detail
        assert ":" not in detail and detail[0] == detail[0].upper(), detail  # no verdict after a colon


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_bars_unit_is_never_printed_under_ten_pixels_in_the_smallest_bar(monkeypatch, language):
    """A finished Reversi game's bar, 24 pixels wide at 800x560, says the winner's margin over
    "discs" ("discos"); the word went down to 9 pixels to fit inside the bar, under the house's
    least print.  It is printed at the least print at worst, over the bar's rims as the number
    is, or left to the panel beside the bar that names it."""
    import games
    from tests.ui_helpers import recorded_text_sizes
    from ui import eval_bar
    from ui import text as tx
    from ui.theme import THEMES

    game = games.load("reversi", size=6)
    state = game.initial_state()
    while not state.is_terminal():  # Black takes the most discs at each move: a won ending
        state = max((state.play(move) for move in state.legal_moves()), key=lambda after: after.score()[0])
    assert state.winner() is not None and state.score()[0] != state.score()[1]
    drawn = recorded_text_sizes(monkeypatch)
    surface = pygame.Surface((200, 400))
    with words_in(language):
        eval_bar.draw(surface, pygame.Rect(10, 20, eval_bar.NARROWEST, 300), None, game,
                      next(iter(THEMES.values())), 0.7, state=state)
    units = {"discs", "disc", "discos", "disco"}
    assert [value for value, _size in drawn if value.startswith("+")], drawn  # the margin was drawn
    assert all(size >= tx.SMALLEST for value, size in drawn if value in units), drawn
