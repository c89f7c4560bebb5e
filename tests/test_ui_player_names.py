"""Hot-seat players' names: typed on the New game screen, shown on the player cards, the prompt
and the result, kept in the game's record (and so in Continue and the replay), exchanged with
the sides in a rematch; names from files are cleaned, never trusted."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.ui_helpers import (
    click,
    in_language,
    key,
    recorded_text,
    recorded_text_rects,
    resign_by_keys,
    type_text,
)
from ui.autosave_setup import SESSION_KEY, setup_dict_for_record
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.menu_text import FreeClock
from ui.names import NAME_LENGTH, clean_name
from ui.scenes.game import GameScene
from ui.scenes.game_over import result_title
from ui.scenes.setup import SetupChoices, SetupScene


@pytest.mark.parametrize("typed, kept", [
    ("  Ana  ", "Ana"), ("João\tSilva", "João Silva"), ("a\nb\x00c", "a b c"), ("x" * 40, "x" * NAME_LENGTH),
    (None, ""), (7, ""), (["Ana"], ""), ("", ""),
])
def test_a_name_is_cleaned(typed, kept):
    assert clean_name(typed) == kept


def test_names_label_the_sides_swap_in_a_rematch_and_survive_the_record():
    setup = MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0, names=("Ana", ""))
    assert (setup.player_label(0), setup.player_label(1)) == ("Ana", "Player 2")
    assert setup.swapped().names == ("", "Ana") and setup.swapped().player_label(1) == "Ana"
    assert MatchSetup.from_dict(setup.to_dict()) == setup
    assert "names" not in MatchSetup("reversi", {}, HOTSEAT, (None, None)).to_dict()  # old files stay as they were
    hand_edited = dict(setup.to_dict(), names=["\x1b[31mEve" + "!" * 50, {"no": 1}])
    assert MatchSetup.from_dict(hand_edited).names == ("[31mEve" + "!" * (NAME_LENGTH - 7), "")
    assert MatchSetup.from_dict(dict(setup.to_dict(), names="Ana")).names == ("", "")
    assert SetupChoices.from_dict({"names": ["Ana", 3]}).names == ["Ana", ""]
    assert SetupChoices.from_dict({"names": "Ana"}).names == ["", ""]


def test_friends_type_their_names_and_the_game_and_its_record_carry_them(app, monkeypatch):
    scene = SetupScene(app, game_id="tictactoe")
    app.switch(scene)
    app.run_frames(2)
    scene.menu.select_widget("mode")
    app.run_frames(2)
    mode = scene.menu.get_widget("mode").get_rect(to_real_position=True)
    click(app, (mode.right - 30, mode.centery), frames=3)  # the selector's right arrow: Human vs PC -> Hot-seat
    assert scene.mode == HOTSEAT and scene.menu.get_widget("name0") is not None
    click(app, scene.menu.get_widget("name0").get_rect(to_real_position=True).center)
    type_text(app, "Ana")
    assert scene.menu.get_widget("name0").active  # typing in it: it holds the mouse...
    click(app, scene.menu.get_widget("name1").get_rect(to_real_position=True).center)
    type_text(app, "João")  # ...yet one click on the next field is enough, and ã (composed) is kept
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", "João"]
    # the fields time their cursor without pygame's Clock, whose tick waited 16 ms on every event
    assert all(isinstance(scene.menu.get_widget(f"name{side}")._clock, FreeClock) for side in (0, 1))
    key(app, pygame.K_RETURN)  # Enter in a name field starts the game
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.names == ("Ana", "João")
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "Ana" in drawn and "João" in drawn
    assert any(text.startswith("Ana to move (X)") for text in drawn)
    assert [side.title for side in game.recorder.record.players] == ["Ana", "João"]
    assert MatchSetup.from_dict(setup_dict_for_record(game.recorder.record)).names == ("Ana", "João")  # Continue
    for move in ("a1", "b1", "a2", "b2", "a3"):
        game.play_human([game.game.parse_move(game.state, move)])
    assert result_title(game) == "Ana (X) wins"
    game.rematch()
    assert app.scene.setup.names == ("João", "Ana")
    assert app.settings.setup_choices["names"] == ["Ana", "João"]  # the screen offers them next time


def test_names_are_asked_for_and_used_in_hot_seat_only(app):
    app.setup_choices = SetupChoices(names=["Ana", "João"])
    scene = SetupScene(app, game_id="reversi")
    app.switch(scene)
    app.run_frames(2)
    assert scene.mode == HUMAN_VS_PC and scene.menu.get_widget("name0") is None
    setup = scene.build_setup()
    assert setup.names == ("", "") and "You" in (setup.player_label(0), setup.player_label(1))


def test_a_name_can_be_pasted_into_its_field(app, monkeypatch):
    """Ctrl+V in a name field pastes into it; elsewhere on the screen it opens a copied game."""
    from pygame_menu.widgets.widget import textinput

    monkeypatch.setattr(textinput, "clipboard_paste", lambda: "Maria")
    app.setup_choices = SetupChoices(mode=HOTSEAT)
    scene = SetupScene(app, game_id="reversi")
    app.switch(scene)
    app.run_frames(2)
    field = scene.menu.get_widget("name1")
    # pygame-menu repeats a key held past 400 ms of its own clock: a slow frame on a loaded machine
    # between the press and the release pasted twice ("MariaMaria")
    monkeypatch.setattr(field, "_keyrepeat", False)
    click(app, field.get_rect(to_real_position=True).center)
    pygame.key.set_mods(pygame.KMOD_CTRL)  # pygame-menu reads the keyboard's state, not the event's
    try:
        key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    finally:
        pygame.key.set_mods(0)
    assert app.scene is scene and scene.menu.get_widget("name1").get_value() == "Maria"
    assert scene.build_setup().names == ("", "Maria")


def test_your_name_from_the_settings_plays_human_vs_pc(app):
    """Settings' "Your name", typed there, is the human's card and record name against the
    computer, on whichever side the human plays, and it moves with the human in a rematch."""
    from ui.scenes.settings_screen import SettingsScene

    app.switch(SettingsScene(app))
    app.run_frames(2)
    field = app.scene.menu.get_widget("player_name")
    click(app, field.get_rect(to_real_position=True).center)
    type_text(app, "Maria ")
    assert app.settings.player_name == "Maria"
    app.setup_choices = SetupChoices(mode=HUMAN_VS_PC, human_sides={"reversi": 1})
    scene = SetupScene(app, game_id="reversi")
    app.switch(scene)
    app.run_frames(2)
    setup = scene.build_setup()
    assert setup.names == ("", "Maria") and setup.player_label(1) == "Maria"
    assert setup.swapped().player_label(0) == "Maria"


def test_a_key_pressed_after_a_pause_in_a_name_field_acts_once(app, monkeypatch):
    """The field counted the pause before a press as the time the key was held, so Backspace
    after half a second deleted two letters and Left moved the cursor by three."""
    now = [0]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: now[0])  # the fields' clock (FreeClock)
    app.setup_choices = SetupChoices(mode=HOTSEAT)
    scene = SetupScene(app, game_id="reversi")
    app.switch(scene)
    app.run_frames(2)
    scene.menu.select_widget("name0")
    type_text(app, "Ana Rita")
    now[0] += 600  # the player stops to read what they typed
    key(app, pygame.K_BACKSPACE)
    now[0] += 600
    key(app, pygame.K_LEFT)
    type_text(app, "x")
    assert scene.menu.get_widget("name0").get_value() == "Ana Rixt"


def named_hotseat(app, game_id: str, moves=(), clock: str | None = None) -> GameScene:
    """A hot-seat game between Ana (the first side) and João, ``moves`` played."""
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0, names=("Ana", "João"), clock=clock),
                      list(moves))
    app.switch(scene)
    app.run_frames(2)
    return scene


def card_text(app, monkeypatch, scene: GameScene) -> list[str]:
    """The lines the game-over card draws, once it shows (not the status line under the board it
    may stand over, away from the final position's pieces)."""
    from tests.ui_helpers import recorded_text_rects, wait

    assert wait(app, scene.over_card.visible)
    drawn = recorded_text_rects(monkeypatch)
    starts = []
    card_draw = scene.over_card.draw
    monkeypatch.setattr(scene.over_card, "draw", lambda surface: (starts.append(len(drawn)), card_draw(surface)))
    app.invalidate()
    app.run_frames(2)
    return [text for text, rect in drawn[starts[-1]:] if scene.over_card.rect.contains(rect)]


def broken_at_the_separator(lines: list[str], before: str, after: str) -> bool:
    """Whether the card's ``lines`` say ``before`` · ``after`` on two lines, broken at the
    separator, which the break leaves out (``ui.text.wrap``)."""
    return before in lines and lines[lines.index(before) + 1:][:1] == [after]


def test_a_named_winners_card_says_how_without_naming_the_side_again(app, monkeypatch):
    """Under "Ana (Black) wins" the card read "Black wins 38 - 26" (Trax: "Dark wins: a dark
    loop"), the winner said twice as without names it no longer is; it says "38 - 26"."""
    import random

    import games

    game = games.load("reversi")
    state, moves, rng = game.initial_state(), [], random.Random(3)
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.play(move)
    last = moves.pop()
    scene = named_hotseat(app, "reversi")
    for move in moves:
        scene.play_human([move])
    app.run_frames(2)
    click(app, scene.view.cell_rect(*scene.view.move_cell(last)).center)  # the last move, clicked on the board
    side = game.sides[scene.winner()]
    lines = card_text(app, monkeypatch, scene)
    assert lines[0] == f"{scene.setup.names[scene.winner()]} ({side}) wins"
    assert scene.end_reason().startswith(f"{side} wins ")
    assert not any(f"{side} wins" in line for line in lines[1:]), lines
    assert scene.end_reason().split(" wins ")[1] in lines


def test_the_card_names_the_friend_who_resigns(app, monkeypatch):
    """Ctrl+R gives the game up for the friend to move; the card said "Ana (X) wins" over "O
    resigns", and which of the two gave up was left to work out.  It names them."""
    scene = named_hotseat(app, "tictactoe", ["b2"])
    resign_by_keys(app)
    assert "João (O) resigns at move 2" in card_text(app, monkeypatch, scene)
    assert scene.recorder.record.result.reason == "O resigns at move 2"  # the record keeps the rules' words


def test_the_card_names_the_friend_whose_flag_fell(app, monkeypatch):
    from tests.ui_helpers import wait

    scene = named_hotseat(app, "tictactoe", ["b2"], clock="1m+0s")
    scene.referee.set_readings((60.0, 0.01))  # João, to move, is out of time
    assert wait(app, scene.is_over)
    lines = card_text(app, monkeypatch, scene)
    assert lines[:2] == ["Ana (X) wins", "João (O) lost on time at move 2"]


def test_the_card_keeps_the_friends_score_across_rematches(app, monkeypatch):
    """Two friends playing game after game had to keep count on paper.  From the second game on,
    the card says the session's score, which follows the friends when Rematch exchanges sides."""
    scene = named_hotseat(app, "tictactoe", ["b2", "a1", "b1", "c1", "b3"])  # Ana (X) wins
    assert not any("session" in line for line in card_text(app, monkeypatch, scene))  # one game: its result
    key(app, pygame.K_r)  # Rematch: João plays X
    for move in ("b2", "a1", "b1", "c1", "b3"):  # João (X) wins
        scene.play_human([scene.game.parse_move(scene.state, move)])
    assert "This session: João (X) 1 - 1 Ana (O) · 0 drawn" in card_text(app, monkeypatch, scene)
    key(app, pygame.K_u)  # the last move taken back and played again: the game counts once
    scene.play_human([scene.game.parse_move(scene.state, "b3")])
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Ana plays X again
    for move in ("b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"):  # a draw
        scene.play_human([scene.game.parse_move(scene.state, move)])
    assert scene.is_over() and scene.winner() is None
    assert "This session: Ana (X) 1 - 1 João (O) · 1 drawn" in card_text(app, monkeypatch, scene)
    with in_language(app, "pt"):  # one draw: Portuguese said "· 1 empates"
        said = card_text(app, monkeypatch, scene)
        # broken after its head, the score and the draws on one line (``ui.text.wrap_parts``)
        assert broken_at_the_separator(said, "Nesta sessão:", "Ana (X) 1 - 1 João (O) · empates: 1"), said


REVERSI6_BLACK_PASSES = ["c2", "d2", "e4", "d5", "e6", "f5", "f4", "d6", "e5", "f3", "c6", "b5", "c5", "b2", "e3", "e2",
                         "a1", "a2", "b4", "a4", "e1", "b6", "a5", "f6", "b3", "f1", "f2", "a6", "d1", "a3"]


def test_the_friends_score_goes_on_in_a_game_continued_from_the_menu(app, monkeypatch):
    """Two friends left their second game for the next day: taken up again from Continue, its
    card said no session score, the first game forgotten (the score was kept in the screen
    alone).  The game's record keeps the score of the session's earlier games, and Continue goes
    on with it, the friends on their sides."""
    from ui.scenes.menu import MenuScene

    scene = named_hotseat(app, "tictactoe", ["b2", "a1", "b1", "c1", "b3"])  # Ana (X) wins
    card_text(app, monkeypatch, scene)
    assert SESSION_KEY not in scene.recorder.record.setup  # the session's first game: nothing before it
    key(app, pygame.K_r)  # Rematch: João plays X
    for move in ("b2", "a1"):
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    key(app, pygame.K_ESCAPE)  # to the menu: the game is kept
    assert isinstance(app.scene, MenuScene) and app.scene.menu.get_selected_widget().get_id() == "continue"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # the newest game, from its file
    continued = app.scene
    assert isinstance(continued, GameScene) and continued is not scene
    assert [ply.text for ply in continued.history] == ["b2", "a1"] and continued.setup.names == ("João", "Ana")
    assert continued.recorder.record.setup[SESSION_KEY] == [0, 1, 0]  # João's wins, Ana's, draws
    for move in ("b1", "c1", "b3"):  # João (X) wins
        click(app, continued.view.cell_rect(*continued.view.move_cell(continued.game.parse_move(continued.state, move))).center)
    assert "This session: João (X) 1 - 1 Ana (O) · 0 drawn" in card_text(app, monkeypatch, continued)


def test_the_panel_names_the_friend_to_move_where_it_said_ready(app, monkeypatch):
    """The panel's card said "Ready" whoever was to move: from across the table two friends read
    nothing of whose turn it is there.  It names the friend to move and their side."""
    def card_words() -> list[str]:
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        return [text for text, rect in drawn if rect.left >= scene.panel.rect.left]

    scene = named_hotseat(app, "tictactoe")
    said = card_words()
    assert "Ana to move (X)" in said and "Ready" not in said
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, "b2"))).center)
    assert "João to move (O)" in card_words()
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0))
    app.switch(scene)
    app.run_frames(2)
    assert "Ready" in card_words()  # against the computer: the one person at the board


def test_undo_says_whose_move_it_took_back(app):
    """In a hot-seat game Undo took a move back without a word: the friend who did not see it
    pressed found a stone gone.  The window says which move it took back and whose it was."""
    scene = named_hotseat(app, "tictactoe")
    for move in ("b2", "a1"):
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    key(app, pygame.K_u)
    assert [p.text for p in scene.history] == ["b2"]
    assert "Move taken back: a1, played by João (O)" in [m.text for m in scene.messages.current()]
    with in_language(app, "pt"):
        key(app, pygame.K_u)
        assert "Jogada anulada: b2, de Ana (X)" in [m.text for m in scene.messages.current()]


def test_redo_takes_away_the_word_that_the_move_was_taken_back(app):
    """Undo then Redo in a hot-seat game: "Move taken back: a1, played by João (O)" stood for its
    seconds under the board with a1 on it again.  Redo takes the stale word away; a second Undo
    says only the move it took back."""
    scene = named_hotseat(app, "tictactoe")
    for move in ("b2", "a1"):
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    key(app, pygame.K_u)
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == ["b2", "a1"]
    assert not any("taken back" in m.text for m in scene.messages.current()), scene.messages.current()
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert [m.text for m in scene.messages.current() if "taken back" in m.text] == [
        "Move taken back: b2, played by Ana (X)"]


def test_redo_says_whose_move_it_played_again(app):
    """Redo in a hot-seat game put a move back on the board without a word, where Undo says which
    move it took back: the friend who did not see Redo pressed found a stone back.  It says which
    move it played again and whose it is, in place of the word that it was taken back."""
    scene = named_hotseat(app, "tictactoe")
    for move in ("b2", "a1"):
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    key(app, pygame.K_y)
    assert [p.text for p in scene.history] == ["b2"]
    assert [m.text for m in scene.messages.current() if "Move" in m.text] == ["Move played again: b2, by Ana (X)"]
    with in_language(app, "pt"):
        key(app, pygame.K_y)
        assert [m.text for m in scene.messages.current() if "Jogada" in m.text] == ["Jogada refeita: a1, de João (O)"]


def test_the_panel_keeps_the_friends_score_while_they_play(app, monkeypatch):
    """The session's score was said on the result card alone: between moves, across the table,
    nobody could see it.  From the session's second game on, the panel says it as the game goes."""
    def panel_text() -> list[str]:
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        return [text for text, rect in drawn if rect.left >= scene.panel.rect.left]

    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])
    assert not any("session" in text for text in panel_text())  # the first game: nothing to keep yet
    for move in ("b1", "c1", "b3"):  # Ana (X) wins
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, move))).center)
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João plays X
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, "b2"))).center)
    assert "This session: João (X) 0 - 1 Ana (O) · 0 drawn" in panel_text()


@pytest.mark.parametrize("kept", [None, [1, 2], [1, "2", 0], [1, True, 0], [-1, 0, 0], "1-0"])
def test_a_session_score_a_record_does_not_hold_right_starts_a_new_session(kept):
    from ui.sitting import SittingScore

    score = SittingScore.resumed({SESSION_KEY: kept})
    assert (score.wins, score.drawn) == ([0, 0], 0)
    assert SittingScore.resumed({SESSION_KEY: [2, 0, 1]}).games() == 3


def test_a_reversi_pass_names_the_friend_who_has_no_move(app, monkeypatch):
    """Every prompt names the player ("Ana to move (Black)") but Reversi's pass, which said
    "Black has no move: click the board or press Space twice to pass": the board's view knows no names.  The screen
    gives it the words for the player, and the line says "Ana (Black) has no move"."""
    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 1.0, names=("Ana", "João")),
                      REVERSI6_BLACK_PASSES)
    app.switch(scene)
    app.run_frames(2)
    assert scene.state.must_pass()
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert any(line.startswith("Ana (Black) has no move: click the board or press Space twice to pass") for line in drawn), drawn
    click(app, scene.view.cell_rect(0, 0).center)  # anywhere: Ana passes
    assert scene.history[-1].text == "pass"


def test_a_reversi_pass_against_the_computer_names_the_side(app, monkeypatch):
    """Against the computer the line stays as it was: the human's side, no name."""
    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-1"), 1.0),
                      REVERSI6_BLACK_PASSES)
    app.switch(scene)
    app.run_frames(2)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert any(line.startswith("Black has no move: click the board or press Space twice to pass") for line in drawn), drawn


def resign_button_text(app, monkeypatch, scene: GameScene) -> list[str]:
    """What the Resign button shows now, each text once (a busy machine may draw two frames)."""
    from tests.ui_helpers import recorded_text_rects

    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return list(dict.fromkeys(text for text, rect in drawn if scene.btn_resign.rect.contains(rect)))


def test_the_resign_button_names_the_friend_it_resigns_for(app, monkeypatch):
    """In hot-seat, Resign (and Ctrl+R) gives the game up for the player to move, and nothing said
    who: the button says it, "Resign for Ana (X)", then João's after Ana's move."""
    scene = named_hotseat(app, "tictactoe")
    assert "Resign for Ana (X)" in resign_button_text(app, monkeypatch, scene)
    click(app, scene.view.cell_rect(1, 1).center)  # Ana plays b2
    assert "Resign for João (O)" in resign_button_text(app, monkeypatch, scene)
    click(app, scene.btn_resign.rect.center)
    key(app, pygame.K_y)  # yes, on the card that asks
    assert scene.end_reason() == "João (O) resigns at move 2"


def test_the_resign_button_names_the_side_where_the_name_does_not_fit(tmp_path, monkeypatch):
    """800x600 in Portuguese, a 16-letter name: the button still says whose game it gives up."""
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        app.settings.language = "pt"
        app.apply_settings()
        scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0,
                                          names=("Esclarecida Mari", "João")))
        app.switch(scene)
        app.run_frames(2)
        [label] = [text for text in resign_button_text(app, monkeypatch, scene) if text.startswith("Desistir")]
        assert "Preto" in label or "Esclarecida Mari" in label, label
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_resign_button_names_a_friend_the_same_way_in_a_full_screen_and_a_narrower_window(
        tmp_path, monkeypatch, language):
    """A Hex hot-seat game without names: in Portuguese the button read "Desistir por Azul" at
    1280x800 (full screen) and "Desistir por Jogador 1" in a 1264x761 window, two names for one
    player.  Both windows say the same, and it names the side, as the board shows it."""
    from tests.ui_helpers import make_app_of
    from ui import i18n, words

    shown = []
    for size in ((1280, 800), (1264, 761)):
        app = make_app_of(tmp_path, monkeypatch, size)
        try:
            with in_language(app, language):
                scene = GameScene(app, MatchSetup("hex", {}, HOTSEAT, (None, None), 1.0))
                app.switch(scene)
                app.run_frames(2)
                side = words.side(scene.game, scene.state.to_move)
                said = [text for text in resign_button_text(app, monkeypatch, scene) if text in scene.btn_resign.labels()]
                assert len(said) == 1 and side in said[0], (size, said)
                shown.append(said[0])
        finally:
            app.quit()
            i18n.set_language("en")
    assert shown[0] == shown[1], shown


def test_the_resign_button_against_the_computer_is_plain_resign(app, monkeypatch):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0, names=("Ana", "")))
    app.switch(scene)
    app.run_frames(2)
    assert "Resign" in resign_button_text(app, monkeypatch, scene)


@pytest.mark.parametrize("seed", [3, 4])  # Black wins 48 - 16, 40 - 24
def test_the_winners_card_shows_a_long_name_and_the_side_at_800x600(tmp_path, monkeypatch, seed):
    """At 800x600 in Portuguese, on a clock, the winner's card read "Escla…" (and "Bran…", "João …"):
    "vencedor", the score and the clock shared the name's line.  Names of 16 letters and both
    sides show whole now, the winner still said on the card."""
    import random

    import games
    from tests.ui_helpers import make_app, recorded_text_rects
    from ui import i18n

    game = games.load("reversi")
    state, moves, rng = game.initial_state(), [], random.Random(seed)
    while not state.is_terminal():
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        app.settings.language = "pt"
        app.apply_settings()
        names = ("Esclarecida Mari", "João Bartolomeu")
        scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0, names=names, clock="5m+3s"))
        app.switch(scene)
        for move in moves:
            scene.play_human([move])
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        for side, rect in enumerate(scene.panel.player_cards):
            inside = [text for text, where in drawn if rect.inflate(0, 20).contains(where)]
            assert names[side] in inside and ("Preto", "Branco")[side] in inside, inside
        winner = scene.panel.player_cards[scene.winner()].inflate(0, 20)
        assert "vencedor" in [text for text, where in drawn if winner.contains(where)]
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_resign_button_keeps_its_key_at_800x560(tmp_path, monkeypatch, game_id, language):
    """At 800x560 the grid of the game's buttons sets every label at one size, and "Desistir por
    Azul" (as "Resign for Blue") left no room beside it for its key, Ctrl+R: a player who looks
    for the key on the button found none.  In every game, in English and Portuguese, the button
    shows its whole label and its key (under the label where it has no room beside it), each
    inside the button."""
    from tests.ui_helpers import window_for_a_test
    from ui import text as tx

    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as app:
        app.settings.language = language
        app.apply_settings()
        scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0))
        app.switch(scene)
        app.run_frames(2)
        button = scene.btn_resign
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        shown = {text: rect for text, rect in drawn if rect.colliderect(button.rect)}
        labels = [text for text in shown if text in button.labels()]
        assert labels, f"{game_id}: the label is cut, {list(shown)}"
        assert "Ctrl+R" in shown, f"{game_id}: no key beside {labels}"
        for text in (labels[0], "Ctrl+R"):
            assert button.rect.contains(shown[text]), f"{text} at {shown[text]}, out of the button at {button.rect}"
        least = tx.ui_font(tx.SMALLEST - 1, True).get_height()  # its key beside it set "Resign for Blue" (and the grid) at 8
        assert shown[labels[0]].height >= least, f"{labels[0]} {shown[labels[0]].height} px high"


def test_a_long_winners_name_is_cut_on_the_card_at_800x600_never_the_win(tmp_path, monkeypatch):
    """At 800x600 the card over the panel read "Maximiliano Fernandes de (…" for a 24-letter
    name's win: the side and "wins" were cut off.  The name is cut short, the win said whole."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 600))
    try:
        name = "Maximiliano Fernandes de"
        assert len(name) == NAME_LENGTH
        scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=(name, "Ana")),
                          ["a1", "a2", "b1", "b2"])
        app.switch(scene)
        app.run_frames(2)
        click(app, scene.view.cell_rect(0, 2).center)  # X completes a1 b1 c1
        assert scene.winner() == 0
        headline = card_text(app, monkeypatch, scene)[0]
        assert headline.endswith("(X) wins"), headline
        assert headline.startswith(name[:6]), headline
    finally:
        app.quit()
