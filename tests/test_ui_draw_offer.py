"""A draw by agreement between two friends playing hot-seat: Offer draw (Ctrl+D) asks the other
friend, by name, on a card over the board; Decline lets the game go on, Accept ends it drawn "by
agreement" on the result card, in the session's score, the record, the copied move list and
Othello's GGF, and Undo takes the agreement back.  Friends who saw a game was dead had to play it
out or have one resign and give the other the win."""

from __future__ import annotations

import pygame
import pytest

import games
from games.move_list import DRAW_AGREED, move_list_text, record_from_move_list
from games.othello_ggf import ggf_from_record, record_from_ggf
from games.record import GameRecord
from games.record_parts import Result, Side
from tests.test_ui_player_names import named_hotseat
from tests.ui_helpers import (
    click,
    held_game_clock,
    held_messages_clock,
    key,
    recorded_text,
    recorded_text_colours,
    recorded_text_rects,
    wait,
    words_in,
)
from ui.autosave_words import ended_as
from ui.data_folders import games_dir
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.record_files import load
from ui.scenes.game import GameScene
from ui.scenes.replay import ReplayScene


def card_lines(app, monkeypatch, card) -> list[str]:
    """The texts ``card`` draws (its headline, lines and buttons), once it shows."""
    assert wait(app, card.visible)
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return [text for text, rect in drawn if card.rect.contains(rect)]


def button(card, label: str):
    """``card``'s button that shows ``label``."""
    return next(b for b in card.buttons if b.label == label)


def test_a_friend_offers_a_draw_the_other_declines_then_accepts(app, monkeypatch):
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])  # Ana (X) to move
    assert scene.btn_draw.visible and scene.btn_draw.enabled
    click(app, scene.btn_draw.rect.center)
    asked = card_lines(app, monkeypatch, scene.offer_card)
    assert "Ana (X) offers a draw" in asked and "João (O), do you accept it?" in asked, asked
    click(app, scene.view.cell_rect(2, 2).center)  # a move clicked past the question is not played
    assert len(scene.history) == 2 and not scene.is_over() and not scene.btn_hint.enabled
    click(app, button(scene.offer_card, "Decline").rect.center)
    assert not scene.offer_card.visible() and not scene.is_over() and scene.draw_offer is None
    assert any("João (O) declines the draw" in m.text for m in scene.messages.items), scene.messages.items
    click(app, scene.view.cell_rect(2, 2).center)  # the game goes on: Ana plays c3
    assert len(scene.history) == 3
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)  # João (O) offers, by the key
    assert "João (O) offers a draw" in card_lines(app, monkeypatch, scene.offer_card)
    click(app, button(scene.offer_card, "Accept the draw").rect.center)
    assert scene.is_over() and scene.winner() is None
    lines = card_lines(app, monkeypatch, scene.over_card)
    assert lines[:2] == ["Draw", "By agreement"], lines
    assert scene.sitting.drawn == 1 and scene.sitting.wins == [0, 0]
    record = scene.recorder.record
    assert record.result == Result(None, DRAW_AGREED) and record.moves == ["b2", "a1", "c3"]
    assert move_list_text(record).endswith("Result: Draw by agreement\n")
    key(app, pygame.K_r)  # Rematch: João plays X and wins; the card says the session, the draw half each
    for cell in ((1, 1), (0, 0), (1, 0), (2, 0), (1, 2)):
        click(app, scene.view.cell_rect(*cell).center)
    assert scene.winner() == 0
    assert "This session: João (X) 1 - 0 Ana (O) · 1 drawn" in card_lines(app, monkeypatch, scene.over_card)


def test_the_keys_answer_the_offer(app, monkeypatch):
    """N (or Esc) declines, Y accepts; the letters play no move and open no move field.  Each
    offer is a new game's: a declined one waits for its friend's next move."""
    for refusal in (pygame.K_n, pygame.K_ESCAPE):
        scene = named_hotseat(app, "reversi", ["f5", "d6"])
        key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
        assert scene.offer_card.visible()
        key(app, refusal)
        assert scene.draw_offer is None and not scene.is_over() and app.scene is scene
    scene = named_hotseat(app, "reversi", ["f5", "d6"])
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y)
    assert scene.is_over() and scene.end_reason() == "Draw by agreement" and not scene.move_entry.open


def test_undo_takes_the_agreed_draw_back_alone(app, monkeypatch):
    """Undo, pressed before the game-over card comes (``OVER_DELAY``, on the game's clock held
    still: slow frames brought the card over the panel and its Undo), takes back the draw and
    no move."""
    held_game_clock(monkeypatch)
    scene = named_hotseat(app, "alquerque", ["c2-c3"])  # Black to move
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y)
    assert scene.is_over() and scene.recorder.record.is_finished()
    assert scene.btn_undo.enabled
    click(app, scene.btn_undo.rect.center)
    assert not scene.is_over() and len(scene.history) == 1 and scene.state.to_move == 1
    assert scene.recorder.record.result is None and scene.btn_draw.visible


def test_the_clock_stands_still_while_the_offer_waits(app):
    """In a clocked game the friend who offered is to move: their clock ran while the other
    thought the offer over.  It stands still until the answer, and runs again after a decline."""
    scene = named_hotseat(app, "tictactoe", ["b2"], clock="5m+0s")
    assert scene.referee.running
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.offer_card.visible() and not scene.referee.running
    key(app, pygame.K_n)
    assert scene.referee.running


def panel_lines(app, monkeypatch, scene: GameScene) -> list[str]:
    """The texts the game's panel draws on the next frame."""
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return [text for text, rect in drawn if scene.panel.rect.contains(rect)]


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_panel_says_a_draw_is_offered_not_the_computers_turn(app, monkeypatch, size):
    """While the offer waits nobody may move, and the panel's card fell back on the computer's
    turn ("It is the computer's turn", "Waiting for the computer") in a game of two friends."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    scene = named_hotseat(app, "reversi", ["f5", "d6"], clock="5m+0s")
    assert app.size == size
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    shown = panel_lines(app, monkeypatch, scene)
    assert "Draw offered" in shown, shown
    assert not [text for text in shown if "computer" in text], shown
    if size == (1280, 800):  # the full card has a second line: who is asked
        assert "João (White), do you accept it?" in shown, shown


def test_ctrl_p_pauses_over_a_draw_offer_and_resume_brings_the_offer_back(app):
    """The card took every key, the game's Ctrl+P too: only the panel's Pause button paused while
    an offer waited."""
    scene = named_hotseat(app, "tictactoe", ["b2"], clock="5m+0s")
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.card_shown() is scene.offer_card
    key(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    assert scene.paused and scene.card_shown() is scene.pause_card and scene.draw_offer == 1  # O offered
    key(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    assert not scene.paused and scene.card_shown() is scene.offer_card
    key(app, pygame.K_n)
    assert scene.draw_offer is None and not scene.is_over()


def test_the_clock_of_the_friend_who_offered_is_not_lit_while_it_stands(app, monkeypatch):
    """The panel lights a clock while it runs; the offering friend's clock stood still under the
    offer but stayed lit, as if their time were going."""
    scene = named_hotseat(app, "tictactoe", ["b2"], clock="5m+0s")
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    waiting = scene.panel.clock_texts()[1]  # O offered, to move
    drawn = recorded_text_colours(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert (waiting, app.theme.text) in drawn and (waiting, app.theme.panel) not in drawn, drawn
    key(app, pygame.K_n)  # declined: O's clock runs, lit again
    waiting = scene.panel.clock_texts()[1]
    app.invalidate()
    app.run_frames(1)
    assert (waiting, app.theme.panel) in drawn


def test_no_draw_is_offered_where_the_rules_cannot_draw_nor_to_a_named_player(app):
    """Nor to a course player, which has no way to answer one (a level answers: test_ui_computer_draw)."""
    assert not games.info("hex").can_draw and not games.info("rastros").can_draw
    for game_id, moves in (("hex", ["a1"]), ("rastros", [])):
        scene = named_hotseat(app, game_id, moves)
        key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
        assert not scene.btn_draw.visible and scene.draw_offer is None
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "tictactoe:aima"), 1.0), ["b2", "a1"])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert not scene.btn_draw.visible and scene.draw_offer is None


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_saved_agreed_draw_reads_back_as_one(app, monkeypatch, language):
    """Saved (Ctrl+S) and read back, the game is a draw by agreement in Saved games' row and the
    replay, not an unfinished game."""
    with words_in(language):
        scene = named_hotseat(app, "tictactoe", ["b2", "a1"])
        key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
        key(app, pygame.K_y)
        said = scene.end_reason()
        key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
        [path] = games_dir().glob("*.json")
        record = load(path)
        assert ended_as(record) == said
        app.open_replay(record)
        app.run_frames(2)
        drawn = recorded_text(monkeypatch)
        app.scene.draw(app.screen)
    assert isinstance(app.scene, ReplayScene)
    assert record.result == Result(None, DRAW_AGREED)
    assert said == {"en": "Draw by agreement", "pt": "Empate por acordo"}[language]
    assert said in drawn, drawn


def agreed(game_id: str, moves: list[str]) -> GameRecord:
    game = games.load(game_id)
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "João")))
    return record.with_moves(moves, game.play_line(moves)).finish(Result(None, DRAW_AGREED))


@pytest.mark.parametrize("game_id, moves", [("tictactoe", ["b2", "a1"]), ("reversi", ["f5", "d6"]),
                                            ("alquerque", ["c2-c3"]), ("trax", ["f5+"])])
def test_the_move_list_keeps_a_draw_by_agreement(game_id, moves):
    read = record_from_move_list(move_list_text(agreed(game_id, moves)))
    assert read.result == Result(None, DRAW_AGREED) and read.moves == moves


def test_ggf_writes_a_draw_by_agreement_as_no_margin_agreed_and_reads_it_back():
    text = ggf_from_record(agreed("reversi", ["f5", "d6", "c3"]))
    assert "RE[+0.000:s]" in text and "CO[" not in text
    read = record_from_ggf(text)
    assert read.result == Result(None, DRAW_AGREED) and read.moves == ["f5", "d6", "c3"]
    assert record_from_ggf(text.replace("RE[+0.000:s]", "RE[0]")).result == Result(None, "Draw")  # a draw, no more


def test_a_new_offer_comes_with_no_button_ringed(app):
    """Tab's ring on the last offer's Decline stayed there: the next offer came with Decline
    ringed, and the friend asked declined it with Space or Enter, meant for the board."""
    scene = named_hotseat(app, "tictactoe", ["b2"])
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # Decline ringed
    key(app, pygame.K_SPACE)
    assert scene.draw_offer is None and not scene.is_over()
    click(app, scene.view.cell_rect(0, 0).center)  # O plays a1; X offers in turn
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.offer_card.visible() and scene.offer_card.focus.current(scene.offer_card.buttons) is None
    key(app, pygame.K_RETURN)  # Enter accepts nothing unringed
    assert scene.draw_offer == 0 and not scene.is_over()


@pytest.mark.parametrize("language, back", [("en", "Back to the game"), ("pt", "Voltar ao jogo")])
def test_browsing_back_to_the_game_takes_offer_draws_row(app, monkeypatch, language, back):
    """An offer is made from the live game only: browsing, Offer draw (which did nothing there) and
    Back to the game took a row each, a seventh at 1280x800, and the thinking card went to one line."""
    with words_in(language):
        app.open_demo("game:reversi:hotseat:f5,d6")
        scene = app.scene
        app.run_frames(2)
        rows = scene.panel._button_rows()
        key(app, pygame.K_LEFT)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        assert scene.browsing is not None and scene.btn_live.visible and not scene.btn_draw.visible
        assert back in drawn and scene.btn_draw.label not in drawn
        assert scene.panel._button_rows() == rows
        key(app, pygame.K_END)
        assert scene.browsing is None and scene.btn_draw.visible and scene.btn_draw.enabled


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("mode", [HUMAN_VS_PC, HOTSEAT])
def test_at_800x560_larger_text_every_panel_button_shows_its_key(tmp_path, monkeypatch, language, mode):
    """Offer draw ("Propor empate") alone lost its Ctrl+D there, and a friend's "Resign for Ana
    (Black)" its Ctrl+R: each takes a shorter form with its key ("Draw  Ctrl+D", "Empate  Ctrl+D")."""
    from tests.ui_helpers import in_language, make_app_of

    app = make_app_of(tmp_path, monkeypatch, (800, 560))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            players = (None, None) if mode == HOTSEAT else (None, "level-3")
            scene = GameScene(app, MatchSetup("reversi", {}, mode, players, 30.0, names=("Ana", "João")), ["f5", "d6"])
            app.switch(scene)
            app.run_frames(2)
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(1)
            shown = [b for b in scene.buttons if b.visible and b.shown_hint()]
            assert scene.btn_draw in shown and scene.btn_resign in shown
            lost = [b.label for b in shown if not any(text == b.shown_hint() and b.rect.contains(rect)
                                                      for text, rect in drawn)]
            assert lost == [], lost
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(1280, 704), (1366, 768), (1280, 800)])
def test_offer_draw_keeps_its_key_on_one_line_with_it(tmp_path, monkeypatch, size):
    """QA, Trax in Portuguese at Larger text (Ctrl+plus twice) in 1280x704: "Propor empate" set its
    Ctrl+D under it, the button's words on two lines.  A shorter form with its key beside it
    ("Empate  Ctrl+D") comes before the key under a longer one: label and key on one line."""
    from tests.ui_helpers import in_language, window_for_a_test

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, "pt"):
        for _step in range(2):
            key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
        app.start_game(MatchSetup("trax", {}, HUMAN_VS_PC, (None, "level-3"), 1.0))
        button = app.scene.btn_draw
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        shown = {text: rect for text, rect in drawn if rect.colliderect(button.rect)}
        label = [text for text in shown if text in button.labels()]
        assert label and "Ctrl+D" in shown, list(shown)
        assert abs(shown[label[0]].centery - shown["Ctrl+D"].centery) <= 2, (label, shown)  # one line
        assert button.rect.contains(shown[label[0]]) and button.rect.contains(shown["Ctrl+D"])


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_result_card_on_the_board_shows_every_buttons_key_beside_it(app, language):
    """Two friends' pieces alone in Alquerque's corners, a draw agreed after a move each: the result card
    stands on the empty board, its buttons two a row.  In Portuguese the halves were equal and
    "Desforra, lados trocados" put its R on a line under it; each row is shared by what its
    buttons need now."""
    start = "to-move: White\nno-capture: 0\n....B\n.....\n.....\n.....\nW...."
    with words_in(language):
        scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.5, start=start),
                           ["a1-b2", "e5-d4"])
        app.switch(scene)
        app.run_frames(2)
        key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
        key(app, pygame.K_y)
        assert scene.is_over() and wait(app, scene.over_card.visible)
        app.invalidate()
        app.run_frames(2)
        assert scene.over_card.on_board and scene.over_card.placement().columns == 2
        short = [b.label for b in scene.over_card.buttons if b.visible and b.rect.width < b.wanted_width(app.scale)]
    assert not short, short


def test_a_new_offer_takes_away_the_last_ones_decline(app, monkeypatch):
    """A friend who offers after the last offer was declined is asked afresh: "Ana (X) declines
    the draw" answered the last offer, and stood under the new question as if it were the answer
    to it."""
    held_messages_clock(monkeypatch)
    scene = named_hotseat(app, "tictactoe", ["b2"])  # João (O) to move
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_n)
    assert any("declines the draw" in m.text for m in scene.messages.current())
    click(app, scene.view.cell_rect(0, 0).center)  # João plays a1; Ana (X) offers in turn
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.offer_card.visible()
    assert not any("declines the draw" in m.text for m in scene.messages.current()), scene.messages.current()


DECLINED_JUST_NOW = "Your draw offer was just declined: you may offer again after your next move"


def test_a_friend_whose_offer_was_declined_offers_again_only_after_a_move(app, monkeypatch):
    """Hot-seat: a friend could offer a draw again right after it was declined, as often as they
    liked, and the other was asked each time.  Now, as chess clubs play it, a declined offer waits
    for its friend's next move: Offer draw is greyed, and a click or Ctrl+D says why."""
    held_messages_clock(monkeypatch)
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])  # Ana (X) to move
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_n)  # João declines
    app.run_frames(1)
    assert not scene.btn_draw.enabled  # greyed
    click(app, scene.btn_draw.rect.center)
    assert not scene.offer_card.visible() and scene.draw_offer is None
    assert DECLINED_JUST_NOW in [m.text for m in scene.messages.current()]
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert not scene.offer_card.visible() and scene.draw_offer is None
    click(app, scene.view.cell_rect(2, 2).center)  # Ana plays c3: João to move, who may offer
    app.run_frames(1)
    assert len(scene.history) == 3 and scene.btn_draw.enabled
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.draw_offer == 1
    key(app, pygame.K_n)  # Ana declines João's offer
    click(app, scene.view.cell_rect(0, 2).center)  # João plays a3: Ana, who has moved since, may offer again
    app.run_frames(1)
    assert scene.btn_draw.enabled
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.offer_card.visible() and scene.draw_offer == 0


@pytest.mark.parametrize(("game_id", "title"), [("hex", "Hex"), ("rastros", "Rastros")])
def test_ctrl_d_in_a_game_without_draws_says_there_are_none(app, game_id, title):
    """Hex and Rastros always have a winner, and their panel has no Offer draw: Ctrl+D, learnt in
    the other games, did nothing at all, not a word.  It says why now, and offers nothing."""
    scene = named_hotseat(app, game_id)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.draw_offer is None and not scene.offer_card.visible()
    said = [m.text for m in scene.messages.current()]
    assert f"{title} has no draws: every game ends with a winner" in said, said


def test_undo_withdraws_a_friends_offer_alone(app, monkeypatch):
    """Undo clicked while a friend's offer stood took a move back and the question went with it,
    not a word said.  It withdraws the offer alone, as against the computer; the next Undo takes
    the move back."""
    held_messages_clock(monkeypatch)
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"], clock="5m+0s")
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    click(app, scene.btn_undo.rect.center)
    assert len(scene.history) == 2 and scene.draw_offer is None and not scene.offer_card.visible()
    assert "Draw offer withdrawn" in [m.text for m in scene.messages.current()]
    assert scene.referee.running  # Ana's clock goes on, as after a decline
    click(app, scene.btn_undo.rect.center)
    assert len(scene.history) == 1


def test_a_declined_offer_taken_back_with_its_position_lets_the_friend_offer_there_again(app):
    """Undo past the position a friend's offer was declined in takes the refusal back with it:
    a game played on differently from there is not held to it."""
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])  # Ana (X) to move
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_n)
    click(app, scene.btn_undo.rect.center)  # João's a1 taken back: João to move
    click(app, scene.view.cell_rect(2, 0).center)  # João plays c1 instead: Ana to move, after two moves
    app.run_frames(1)
    assert len(scene.history) == 2 and scene.state.to_move == 0 and scene.btn_draw.enabled
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert scene.offer_card.visible() and scene.draw_offer == 0


@pytest.mark.parametrize("old_record", [False, True])
def test_a_friend_s_declined_offer_is_kept_for_continue(app, monkeypatch, old_record):
    """QA (tidy8): a hot-seat friend's declined offer was not saved with the game, so after Menu
    and Continue the same friend could offer again at once, and the other was asked again.  The
    record keeps it (``FRIEND_DECLINED_KEY``), as a level's refusal; a record from before it was
    kept has none, and the friend may offer."""
    from tests.test_ui_level_offers_draw import continued_from_the_menu
    from ui.autosave_setup import FRIEND_DECLINED_KEY

    held_messages_clock(monkeypatch)
    scene = named_hotseat(app, "tictactoe")
    click(app, scene.view.cell_rect(1, 1).center)  # Ana b2
    click(app, scene.view.cell_rect(0, 0).center)  # João a1: Ana to move
    app.run_frames(1)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_n)  # João declines Ana's offer

    def as_before_it_was_kept(setup: dict) -> None:
        assert setup.pop(FRIEND_DECLINED_KEY) == [0, 2]

    scene = continued_from_the_menu(app, scene, as_before_it_was_kept if old_record else None)
    assert len(scene.history) == 2 and scene.state.to_move == 0
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    if old_record:
        assert scene.offer_card.visible() and scene.draw_offer == 0
        return
    assert scene.friend_declined_at == (0, 2) and not scene.btn_draw.enabled
    assert not scene.offer_card.visible() and scene.draw_offer is None
    assert DECLINED_JUST_NOW in [m.text for m in scene.messages.current()]


@pytest.mark.parametrize("kept", [None, [True, 2], [0, False], [2, 2], [0, 3], [0], "0,2"])
def test_a_friend_s_refusal_hand_edited_or_from_later_is_none(kept):
    """A record's setup is the user's file: a side that is no side (JSON's ``true``, 2), a ply
    past the game's moves or a value of another shape is no refusal; the game goes on without it."""
    from ui.autosave_setup import FRIEND_DECLINED_KEY, kept_friend_refusal

    assert kept_friend_refusal({FRIEND_DECLINED_KEY: kept}, 2) is None
    assert kept_friend_refusal({FRIEND_DECLINED_KEY: [1, 2]}, 2) == (1, 2)
