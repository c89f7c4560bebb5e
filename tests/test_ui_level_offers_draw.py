"""A level offers a draw itself, with its move, where it proves the game drawn (here Alquerque's
endgame tables, level 5's): a card asks the person, who accepts by a click (drawn by agreement, as
the saved game says) or declines by playing a move; declined, it offers none again for ten plies.
Never in a game the computer plays against itself."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pygame
import pytest

import games
from ai.draw_offers import REOFFER_PLIES, Judged, may_offer_again, offers_draw
from ai.engines.tictactoe import perfect_moves
from ai.kernels import alquerque_tables
from games.alquerque import parse_point
from games.move_list import DRAW_AGREED
from games.record_parts import Result
from tests.computer_standin import ComputerThinksUntilTold
from tests.test_ui_computer_draw import TRAX_DRAWN, against, said
from tests.test_ui_move_entry import enter_moves
from tests.ui_helpers import click, click_widget, key, wait, window_for_a_test
from ui.autosave_setup import LEVEL_DECLINED_KEY, LEVEL_OFFER_KEY, kept_level_offer
from ui.match import PC_VS_PC, MatchSetup
from ui.scenes import game_computer, game_over
from ui.scenes.game import GameScene
from ui.scenes.game_over import last_move_marks, move_places

# two pieces a side far apart, Black (level 5) to move: a draw with best play, by the endgame
# tables, past Alquerque's too early point (pieces were taken)
DRAWN = "to-move: Black\nno-capture: 0\n.B.B.\n.....\n.....\n.....\n.W.W."
LEVEL = 1  # Black, the level's side: you play White
# The level's time a move from DRAWN: its four pieces are all in the endgame tables, so its first
# search already proves the draw; a longer budget only waited (0.3 s a reply, 10 replies a test).
MOVE_TIME = 0.05


@pytest.fixture(autouse=True)
def _replies_shown_when_in(monkeypatch):
    """The level's reply is shown as soon as it is in, not ``HUMAN_VS_PC_DELAY`` (0.35 s) after
    the person's move: these tests judge the offer that comes with the reply, not its moment
    (tests/test_ui_game.py and tests/test_ui_idle.py check that), and the declined offer's ten
    plies alone waited that pause nine times."""
    monkeypatch.setattr(game_computer, "HUMAN_VS_PC_DELAY", 0.0)


def test_the_replies_here_wait_for_no_pause_after_your_move():
    """The fixture above is in force for this module's tests (the pause is the window's own)."""
    assert game_computer.HUMAN_VS_PC_DELAY == 0.0


def offered_with_its_move(app, scene: GameScene) -> bool:
    """Run frames until the level has moved (the person to move, the move's animation over), then
    whether it offers a draw with that move."""
    assert wait(app, lambda: scene.is_over() or (scene.state.to_move != LEVEL and not scene.view.is_animating()))
    app.run_frames(2)
    return scene.computer_offer is not None


def drawn_move(scene: GameScene) -> str:
    """A move of yours that keeps the game drawn (the tables say so) and leads to a position not
    seen before in the game (no draw by repetition comes first)."""
    state, seen = scene.state, {p.after.position for p in scene.history}
    for move in state.legal_moves():
        after = state.play(move)
        if alquerque_tables.probe(after) == (0, 0) and after.position not in seen:
            return scene.game.format_move(state, move)
    raise AssertionError(f"no drawn move from {scene.game.to_text(state)}")


def play_by_clicks(app, scene: GameScene, move: str) -> None:
    """``move`` ("b1-b2") played as a person plays it: a click on each of its points."""
    for point in re.split("[-x]", move):
        click(app, scene.view.point_xy(parse_point(point)))


def test_the_level_offers_a_proven_draw_and_a_click_accepts_it(app):
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
    assert offered_with_its_move(app, scene)
    card = scene.computer_offer_card
    assert scene.card_shown() is card and card.lines()[:2] == ["Level 5 offers a draw", "It sees a draw with best play"]
    assert scene.human_to_move() and not scene.board_covered()  # the board stays live under it
    app.frame()
    click(app, card.buttons[0].rect.center)  # Accept the draw
    assert scene.is_over() and scene.agreed_draw and scene.end_reason() == "Draw by agreement"
    saved = scene.recorder.autosaver.autosave.load()[0]  # the game's file, as Saved games reads it
    assert saved.result == Result(None, DRAW_AGREED) and len(saved.moves) == 1


def test_a_move_declines_the_offer_and_the_level_offers_none_for_ten_plies(app):
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
    assert offered_with_its_move(app, scene)
    offered_at = len(scene.history)
    taken = sum(scene.state.score())
    play_by_clicks(app, scene, drawn_move(scene))
    assert scene.computer_offer is None and scene.computer_offer_declined == (offered_at, taken)
    assert scene.card_shown() is None and len(scene.history) == offered_at + 1
    while len(scene.history) < offered_at + REOFFER_PLIES - 1:
        assert not offered_with_its_move(app, scene), scene.game.to_text(scene.state)
        assert not scene.is_over() and sum(scene.state.score()) == taken  # no piece taken: the wait is ten plies
        play_by_clicks(app, scene, drawn_move(scene))
    assert offered_with_its_move(app, scene) and len(scene.history) == offered_at + REOFFER_PLIES


def test_n_declines_the_offer_and_says_so(app):
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
    assert offered_with_its_move(app, scene)
    key(app, pygame.K_n)
    assert scene.computer_offer is None and not scene.is_over() and scene.card_shown() is None
    assert "You decline the draw: the game goes on" in said(scene)
    assert not scene.redo_stack and len(scene.history) == 1  # N answered the card: no New game


def test_undo_takes_the_refusal_away_with_the_position_it_answered(app):
    """"You decline the draw: the game goes on" stood on screen after Undo took back the level's
    move it answered, over the position before it, as a hint's words no longer do: Undo takes the
    refusal's words away with its position."""
    scene = an_offer_on_the_second_move(app)
    key(app, pygame.K_n)
    assert "You decline the draw: the game goes on" in said(scene)
    click(app, scene.btn_undo.rect.center)
    assert scene.redo_stack and not scene.history  # the level's move, the one offered with, taken back
    assert not [text for text in said(scene) if "decline" in text], said(scene)


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (800, 560)])
def test_the_card_leaves_the_levels_move_and_your_move_points_in_sight(tmp_path, monkeypatch, size):
    """The card keeps off the points your moves are clicked on, and then off the level's move it
    offers with (its from and to): at 1280x800 it half hid the piece the level had just moved to
    c5, at 800x560 all of it, and that move is what the person judges the offer by."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
        assert offered_with_its_move(app, scene)
        card = scene.computer_offer_card
        app.frame()
        marks = last_move_marks(scene.view, scene.history[-1])
        assert len(marks) >= 2 and not card.rect.collidelistall(marks), (card.rect, marks)
        if size != (800, 560):  # there no place on the board is clear nor is there room under the
            # players: a few move points are covered rather than the players' names and clocks
            assert not card.rect.collidelistall(move_places(scene.view, scene.state))
        assert not card.rect.collidelistall(scene.view.piece_marks(scene.state))  # no piece hidden either


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
@pytest.mark.parametrize("larger", [False, True])
def test_the_card_hides_no_piece_nor_the_players_and_leaves_the_buttons_usable(tmp_path, monkeypatch, size, larger):
    """Where none of the nine places on the board was clear (1280x800's Alquerque ending) the
    card went over the panel's upper part, hiding the players' names and clocks: it stands on
    the board's empty band, or under the players, or (at Larger text, with no room under them)
    on the board over a few move points, never over a piece, the level's move or a player's
    card; Undo below it is drawn and takes its click (before a move of yours it says there is
    none to take back, the offer left standing)."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        for _step in range(2 if larger else 0):
            key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
        scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
        assert offered_with_its_move(app, scene)
        card = scene.computer_offer_card
        app.frame()
        assert len(scene.panel.player_cards) == 2 and not card.rect.collidelistall(kept_in_sight(scene)), card.rect
        click(app, scene.btn_undo.rect.center)
        assert "Nothing to undo: you have not made a move yet" in said(scene) and scene.computer_offer is not None


def kept_in_sight(scene: GameScene) -> list[pygame.Rect]:
    """What a level's draw offer card must leave in sight: the pieces, the level's move, the
    players' cards and the panel's buttons."""
    return [*scene.view.piece_marks(scene.state), *last_move_marks(scene.view, scene.history[-1]),
            *scene.panel.player_cards, *(b.rect for b in scene.buttons if b.visible)]


# Black (level 5) to move, a draw by the endgame tables, with pieces on three rows and three columns:
# wherever the board's wide card stands, it hides a piece or the level's move
SPREAD = "to-move: Black\nno-capture: 0\n.....\n..B..\n.WB..\n.B.W.\n....."
# Level 5's own move from SPREAD on a quiet machine (its search 6 plies deep and more in MOVE_TIME).
# A loaded machine's shallower search played c3-d3 or c4-d4 as well, drawn too, after which the
# narrow card finds no place on the board either and stands over the panel: the tests of the
# narrow card make the level play this move, with the tables' proof of the draw.
SPREAD_MOVE = "c4-b4"


def spread_offered_at_larger_text(app, told: ComputerThinksUntilTold) -> GameScene:
    """At Larger text, the SPREAD ending against level 5, which plays ``SPREAD_MOVE`` (``told``:
    the ``computer_thinks_until_told`` fixture's) and offers a draw with it on the proof."""
    for _step in range(2):
        key(app, pygame.K_EQUALS, mod=pygame.KMOD_LCTRL)
    told.answer(SPREAD_MOVE, proven_draw=True)
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=SPREAD)
    assert offered_with_its_move(app, scene) and scene.history[-1].text == SPREAD_MOVE
    return scene


def test_in_an_ending_spread_over_the_board_the_card_stands_narrower_on_it_not_over_the_players(
        tmp_path, monkeypatch, computer_thinks_until_told):
    """At 1280x800, Larger text, the card hid a piece at every place on the board in such an
    ending and had no room under the players, so it went over the panel's upper part, hiding
    their names and clocks: it stands on the board in the form it takes over the panel (as wide
    as the panel, its buttons one under the other), over a few of your move points only."""
    with window_for_a_test(tmp_path, monkeypatch, size=(1280, 800)) as app:
        scene = spread_offered_at_larger_text(app, computer_thinks_until_told)
        card = scene.computer_offer_card
        app.frame()
        assert card.on_board and card.rect.right <= scene.panel.rect.left, card.rect  # on the board, not the panel
        assert len(scene.panel.player_cards) == 2 and not card.rect.collidelistall(kept_in_sight(scene)), card.rect
        click(app, card.buttons[1].rect.center)  # Decline, in its place on the board
        assert scene.computer_offer is None and not scene.is_over()


def test_trax_fill_mode_no_one_can_win_offered_once_a_game(app):
    """Trax's fill mode ends drawn whatever is played: the level offers with its first move, on
    the rules' proof; declined, never again that game (no move changes it)."""
    scene = against(app, "level-3", TRAX_DRAWN[:1], game_id="trax", options={"mode": "fill"}, move_time=0.2)
    assert offered_with_its_move(app, scene)
    assert scene.computer_offer_card.lines()[:2] == ["Level 3 offers a draw", "No one can win this game"]
    key(app, pygame.K_ESCAPE)  # Esc declines, as No does: not the menu
    assert scene.computer_offer is None and app.scene is scene
    while len(scene.history) < 2 + REOFFER_PLIES + 2:  # past ten plies: no offer again
        played = len(scene.history)
        enter_moves(app, scene.game.format_move(scene.state, scene.state.legal_moves()[0]))
        assert not offered_with_its_move(app, scene) and len(scene.history) == played + 2


def test_no_offer_in_a_game_the_computer_plays_against_itself(app):
    scene = GameScene(app, MatchSetup("alquerque", {}, PC_VS_PC, ("level-5", "level-5"), 0.2, start=DRAWN))
    app.switch(scene)
    scene.speed = 3  # Max: no pause between the moves
    assert wait(app, lambda: len(scene.history) >= 3 or scene.is_over())
    assert scene.computer_offer is None and scene.card_shown() is None and not scene.agreed_draw


def test_a_level_offers_again_after_ten_plies_or_a_piece_taken():
    assert may_offer_again(None, 3, 0)
    assert not may_offer_again((5, 20), 5 + REOFFER_PLIES - 1, 20)
    assert may_offer_again((5, 20), 5 + REOFFER_PLIES, 20)
    assert may_offer_again((5, 20), 7, 21)


def test_a_level_offers_on_a_proof_only_where_welcome_and_the_rules_draw_once():
    assert offers_draw(Judged(0, kind="solver", proven=0), welcome=True)
    assert not offers_draw(Judged(0, kind="solver", proven=0), welcome=False)
    assert not offers_draw(Judged(0, score=0.0), welcome=True)  # even by its value: a hunch, no proof
    assert not offers_draw(Judged(0, kind="solver", proven=1), welcome=True)
    no_winner = Judged(0, kind="rule", proven=0, certain=True)  # Trax's fill mode
    assert offers_draw(no_winner, True) and not offers_draw(no_winner, True, declined_before=True)


def test_tictactoe_level_5_offers_no_draw_while_you_can_still_lose(app):
    """On 3x3 level 5 offered a draw at the fourth mark of every drawn game: right (3x3 is a draw)
    but pushy to a beginner, whose only way to lose is a blunder not yet made.  You play a perfect
    move each turn, clicked: the offer, if one comes, comes only once no move of yours can lose
    and more than the last square is left."""
    scene = against(app, "level-5", [], move_time=0.3)  # 3x3, you X, level 5 O (LEVEL)
    while not scene.is_over():
        click(app, scene.view.cell_rect(*scene.view.move_cell(perfect_moves(scene.state)[0])).center)
        if offered_with_its_move(app, scene):
            break
        assert scene.is_over() or len(scene.history) != 4 or scene.game.can_still_win(scene.state, LEVEL)
    state = scene.state
    if scene.computer_offer is not None:  # the level's lines all blocked: every move of yours draws
        assert len(scene.history) >= 6 and len(state.legal_moves()) > 1
        assert set(perfect_moves(state)) == set(state.legal_moves())
        assert not scene.game.can_still_win(state, LEVEL)
    else:
        assert scene.is_over() and state.winner() is None


@pytest.mark.parametrize("moves, welcome", [
    (["b2", "a1", "c3", "c1"], False),  # O threatens: a blunder of yours still loses
    (["b2", "a1", "b1", "b3", "c2", "a2"], False),  # a line left open to O
    (["b2", "a1", "a2", "c2", "b1", "b3"], True),  # every line of O's holds an X: you cannot lose
    (["b2", "a1", "a2", "c2", "b1", "b3", "c3", "c1"], False),  # the last square: your click ends it
])
def test_tictactoe_welcomes_a_levels_offer_once_you_cannot_lose(moves, welcome):
    game = games.load("tictactoe")
    state = game.play_line(moves)
    assert game.draw_offer_welcome(state, 1) is welcome
    assert games.load("alquerque").draw_offer_welcome(games.load("alquerque").from_text(DRAWN), 1)  # a long ending


def test_ctrl_d_accepts_the_levels_offer_on_the_screen(app):
    """Ctrl+D (Offer draw) with the level's offer shown accepts it, said as agreed: it sent the
    person's own offer to the level to search and answer."""
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME, start=DRAWN)
    assert offered_with_its_move(app, scene)
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    assert scene.is_over() and scene.agreed_draw and scene.draw_offer is None and scene.computer.job is None
    assert "You accept Level 5's draw offer: drawn by agreement" in said(scene)
    assert scene.recorder.autosaver.autosave.load()[0].result == Result(None, DRAW_AGREED)


def test_undo_takes_the_offer_back_with_its_position_and_counts_no_refusal(app):
    """Undo while the level's offer stands takes back the position it was about: the offer goes,
    said, with no ten-ply wait, so the level offers again on the position when it is back."""
    scene = an_offer_on_the_second_move(app)
    yours = scene.history[0].text
    key(app, pygame.K_u)
    assert scene.computer_offer_declined is None and "Level 5's draw offer goes with the move taken back" in said(scene)
    play_by_clicks(app, scene, yours)
    assert offered_with_its_move(app, scene) and len(scene.history) == 2  # the level's move again, offered again


def test_redo_brings_back_the_offer_undo_withdrew_and_continue_keeps_it(app):
    """Redo after the Undo that withdrew the level's offer replays its move, the same position on
    the same proof: the offer comes back with it (it came back without it, and the level, the
    person to move, had no move to make it with again), and the record keeps it for Continue."""
    scene = an_offer_on_the_second_move(app)
    offered = scene.computer_offer_card.lines()
    key(app, pygame.K_u)
    assert not scene.history and scene.computer_offer is None and scene.card_shown() is None
    key(app, pygame.K_y)
    assert len(scene.history) == 2 and scene.computer_offer == LEVEL and scene.computer_offer_declined is None
    assert scene.card_shown() is scene.computer_offer_card and scene.computer_offer_card.lines() == offered
    scene = continued_from_the_menu(app, scene)
    assert scene.card_shown() is scene.computer_offer_card and scene.computer_offer_card.lines() == offered


def test_redo_brings_back_no_offer_you_declined(app):
    scene = an_offer_on_the_second_move(app)
    key(app, pygame.K_n)
    key(app, pygame.K_u)
    key(app, pygame.K_y)
    assert len(scene.history) == 2 and scene.computer_offer is None and scene.card_shown() is None


def continued_from_the_menu(app, scene: GameScene, edit: Callable[[dict], None] | None = None) -> GameScene:
    """The game left by the panel's Menu button, then taken up by the menu's Continue; ``edit``
    changes its record's setup in the file in between, as a person editing it by hand."""
    click(app, scene.btn_menu.rect.center)
    if edit is not None:
        path = scene.recorder.autosaver.autosave.path
        data = json.loads(path.read_text(encoding="utf-8"))
        edit(data["setup"])
        path.write_text(json.dumps(data), encoding="utf-8")
    click_widget(app, app.scene.menu, "continue")
    assert isinstance(app.scene, GameScene) and app.scene is not scene
    app.run_frames(2)
    return app.scene


def test_an_offer_left_on_the_screen_shows_once_again_on_continue_and_its_refusal_counts(app):
    """Saved while the level's offer showed, a game came back without it (and, declined, the level
    offered again at its next move): Continue shows the same offer once, and a refusal is kept."""
    scene = an_offer_on_the_second_move(app)
    offered, taken = scene.computer_offer_card.lines(), sum(scene.state.score())
    scene = continued_from_the_menu(app, scene)
    assert scene.card_shown() is scene.computer_offer_card and scene.computer_offer_card.lines() == offered
    key(app, pygame.K_n)
    assert scene.computer_offer is None and scene.computer_offer_declined == (2, taken)
    scene = continued_from_the_menu(app, scene)
    assert scene.card_shown() is None and scene.computer_offer_declined == (2, taken)
    play_by_clicks(app, scene, drawn_move(scene))
    assert not offered_with_its_move(app, scene)  # the wait after the refusal goes on: no offer yet


def an_offer_on_the_second_move(app) -> GameScene:
    """A game where you play first (a move the tables say keeps the draw) and the level offers a
    draw with its reply: a move of yours, so Continue lists the game."""
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME,
                    start=DRAWN.replace("to-move: Black", "to-move: White"))
    play_by_clicks(app, scene, drawn_move(scene))
    assert offered_with_its_move(app, scene)
    return scene


def test_a_hand_edited_offer_for_side_true_is_no_offer_on_continue(app):
    """A record's setup is the user's file: JSON's ``true`` for the offer's side is no side (Python
    took it for 1, the level's, and showed the card), so the game goes on without the offer."""
    scene = an_offer_on_the_second_move(app)

    def side_true(setup: dict) -> None:
        assert setup[LEVEL_OFFER_KEY] == {"side": LEVEL, "ply": 2, "certain": False}
        setup[LEVEL_OFFER_KEY]["side"] = True

    scene = continued_from_the_menu(app, scene, side_true)
    assert len(scene.history) == 2 and scene.computer_offer is None and scene.card_shown() is None


@pytest.mark.parametrize("offer, declined", [({"side": 1, "ply": True}, None), ({"side": False, "ply": 1}, None),
                                             (None, [True, 0]), (None, [0, False]), ({"side": 1.0, "ply": 1}, None)])
def test_kept_level_offer_takes_no_bool_or_float_for_a_count(offer, declined):
    setup = {LEVEL_OFFER_KEY: offer, LEVEL_DECLINED_KEY: declined}
    assert kept_level_offer(setup, 1) == (None, None)
    assert kept_level_offer({LEVEL_OFFER_KEY: {"side": 1, "ply": 1}, LEVEL_DECLINED_KEY: [0, 0]}, 1) == ((1, False), (0, 0))


def test_a_captures_marks_are_its_from_its_to_and_the_piece_it_took(app):
    """``BoardView.changed_marks``, what the card keeps off after your move points: a capture
    shows on three points, the taken piece's among them."""
    scene = against(app, "level-5", [], game_id="alquerque", move_time=MOVE_TIME,
                    start="to-move: White\nno-capture: 0\n.B...\n.....\n.....\n..B..\n..W..")
    before = scene.state
    after = before.play(scene.game.parse_move(before, "c1xc3"))
    marks = scene.view.changed_marks(before, after)
    shown = {point for point in ("c1", "c2", "c3", "b5") if pygame.Rect.collidelistall(
        pygame.Rect(scene.view.point_xy(parse_point(point)), (1, 1)), marks)}
    assert shown == {"c1", "c2", "c3"}


def test_the_card_works_out_the_boards_marks_once_a_placement(tmp_path, monkeypatch, computer_thinks_until_told):
    """Placing the card (each frame) worked out the move points, the level's move and the pieces
    twice where it tried the board in its narrow form too (the SPREAD ending at Larger text): once
    for the board's places, again for the narrow card's.  Each is worked out once a placement."""
    with window_for_a_test(tmp_path, monkeypatch, size=(1280, 800)) as app:
        scene = spread_offered_at_larger_text(app, computer_thinks_until_told)
        app.frame()
        worked_out = {"moves": 0, "last": 0, "pieces": 0}

        def counted(name: str, work: Callable) -> Callable:
            def count(*args):
                worked_out[name] += 1
                return work(*args)
            return count

        monkeypatch.setattr(game_over, "move_places", counted("moves", game_over.move_places))
        monkeypatch.setattr(game_over, "last_move_marks", counted("last", game_over.last_move_marks))
        monkeypatch.setattr(scene.view, "piece_marks", counted("pieces", scene.view.piece_marks))
        placed = scene.computer_offer_card.placement()
        assert placed.rect.width < 420 and not placed.over_panel, placed  # the narrow form, on the board
        assert worked_out == {"moves": 1, "last": 1, "pieces": 1}, worked_out
