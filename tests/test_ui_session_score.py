"""The hot-seat session's score follows Undo: a game counts once, by how it finally ended.

A resignation (or an agreed draw, or a winning move) taken back by Undo stayed counted, and the
game's real end, reached afterwards, was not counted at all: two friends who took back a hasty
Resign and then drew read the resignation's win in "This session: ...", game after game and in
the record a continued game keeps."""

from __future__ import annotations

import pygame
import pytest

from tests.test_ui_player_names import broken_at_the_separator, card_text, named_hotseat
from tests.ui_helpers import click, in_language, key, make_app_of, recorded_text_rects, resign_by_keys
from ui import words
from ui.autosave_setup import SESSION_KEY
from ui.match import HOTSEAT, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene

DRAWN_AFTER_B2 = ("a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1")  # tic-tac-toe from b2: a draw, X to play last


def play(app, scene: GameScene, moves) -> None:
    """``moves`` clicked on the board, one after the other."""
    for move in moves:
        cell = scene.view.move_cell(scene.game.parse_move(scene.state, move))
        click(app, scene.view.cell_rect(*cell).center)


def panel_text(app, monkeypatch, scene: GameScene) -> list[str]:
    """The texts the game's panel draws."""
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return [text for text, rect in drawn if rect.left >= scene.panel.rect.left]


def session_lines_drawn(drawn: list[tuple[str, pygame.Rect]], line: str) -> list[tuple[str, pygame.Rect]]:
    """The lines (with their rectangles) in which ``drawn`` says the session's score ``line``
    whole, one or two, the separator at a break left out; [] where it is not drawn so."""
    head = line.partition(":")[0]
    for at, (text, _rect) in enumerate(drawn):
        if text.startswith(head) and line.startswith(text):
            lines = drawn[at:at + 1] if text == line else drawn[at:at + 2]
            said = " ".join(text for text, _rect in lines)
            return lines if said.replace(" · ", " ") == line.replace(" · ", " ") else []
    return []


def test_a_resignation_taken_back_is_uncounted_and_the_draw_after_it_counted(app, monkeypatch):
    scene = named_hotseat(app, "tictactoe", ["b2"])  # João (O) to move
    resign_by_keys(app)  # João resigns: Ana wins ...
    assert scene.winner() == 0 and scene.sitting.wins == [1, 0]
    key(app, pygame.K_u)  # ... taken back (U: slow frames may bring the card over Undo): the game goes on, counted nowhere
    assert not scene.is_over() and (scene.sitting.wins, scene.sitting.drawn) == ([0, 0], 0)
    play(app, scene, DRAWN_AFTER_B2)
    assert scene.is_over() and scene.winner() is None
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João plays X
    play(app, scene, ["b2"])
    assert "This session: João (X) 0 - 0 Ana (O) · 1 drawn" in panel_text(app, monkeypatch, scene)
    play(app, scene, ["a1", "b1", "c1", "b3"])  # João (X) wins
    assert "This session: João (X) 1 - 0 Ana (O) · 1 drawn" in card_text(app, monkeypatch, scene)
    with in_language(app, "pt"):
        said = card_text(app, monkeypatch, scene)
        assert broken_at_the_separator(said, "Nesta sessão:", "João (X) 1 - 0 Ana (O) · empates: 1"), said  # after its head


def test_an_agreed_draw_taken_back_then_won_counts_the_win(app, monkeypatch):
    scene = named_hotseat(app, "tictactoe", ["b2", "a1"])  # Ana (X) to move
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_y)  # João accepts Ana's offer
    assert scene.sitting.drawn == 1
    key(app, pygame.K_u)  # taken back
    play(app, scene, ["b1", "c1", "b3"])  # Ana (X) wins after all
    assert (scene.sitting.wins, scene.sitting.drawn) == ([1, 0], 0)
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)
    play(app, scene, ["b2"])
    assert "This session: João (X) 0 - 1 Ana (O) · 0 drawn" in panel_text(app, monkeypatch, scene)


def test_the_score_follows_undo_in_a_game_left_and_continued(app, monkeypatch):
    """The second game, its resignation taken back, is left for the menu and taken up again from
    Continue: its record keeps the first game alone, and the resignation, taken back again in the
    continued game before a draw, is not counted there either."""
    scene = named_hotseat(app, "tictactoe", ["b2", "a1", "b1", "c1", "b3"])  # Ana (X) wins
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João plays X
    play(app, scene, ["b2"])
    resign_by_keys(app)  # Ana (O) resigns ...
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_u)  # ... taken back
    key(app, pygame.K_ESCAPE)  # to the menu: the game is kept
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # Continue: the newest game
    continued = app.scene
    assert isinstance(continued, GameScene) and continued is not scene
    assert continued.recorder.record.setup[SESSION_KEY] == [0, 1, 0]  # João's wins, Ana's, draws: the first game
    click(app, continued.btn_resign.rect.center)  # Ana resigns again ...
    key(app, pygame.K_y)  # yes, on the card that asks
    assert continued.winner() == 0
    key(app, pygame.K_u)  # ... and takes it back again (U: the card may have come over Undo)
    play(app, continued, DRAWN_AFTER_B2)
    assert continued.is_over() and continued.winner() is None
    assert "This session: João (X) 0 - 1 Ana (O) · 1 drawn" in card_text(app, monkeypatch, continued)
    assert continued.recorder.record.setup[SESSION_KEY] == [0, 1, 0]  # what came before this game, still


@pytest.mark.parametrize(("game_id", "language", "size"),
                         [("tictactoe", "en", (1280, 800)), ("hex", "pt", (1280, 800)), ("tictactoe", "en", (800, 600))])
def test_the_session_score_stays_in_the_panel_at_larger_text(tmp_path, monkeypatch, game_id, language, size):
    """At Larger text in a 1280x800 window the panel's "This session: ..." gave way with the draw
    counts and Hex's legend to keep the move list three rows, while the result card said it: the
    friends saw the score only at a game's end.  It stays now (the move list gives its rows, down
    to one), on at most two lines broken between whole parts, as the card breaks it (at Larger
    text in 800x600 it read "... Ana (O) · 0" over "drawn")."""
    app = make_app_of(tmp_path, monkeypatch, size)
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, language):
            scene = named_hotseat(app, game_id)
            resign_by_keys(app)  # Ana resigns the session's first game
            card_text(app, monkeypatch, scene)
            key(app, pygame.K_r)  # Rematch
            line = scene.sitting.running_line(scene)
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(2)
        said = session_lines_drawn(drawn, line)
        assert said, drawn
        moves = scene.panel.moves_rect  # none drawn where not even "No moves yet" fits (a rematch's start)
        assert all(scene.panel.rect.contains(rect) and (not moves or rect.bottom <= moves.top) for _text, rect in said)
        if " · " in line:  # Hex, which cannot end drawn, counts no draws
            drawn_count = line.split(" · ")[-1]  # "0 drawn": at 800x600 "... Ana (O) · 0" stood over "drawn"
            assert any(drawn_count in text for text, _rect in said), said
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("names", [("Mãe", "Joana"), ("Ana", "João")])
def test_the_session_score_is_never_broken_between_its_counts(tmp_path, monkeypatch, names):
    """At Larger text in an 800x600 window, in Portuguese, the card read "Nesta sessão: Joana (X)
    1 -" over "1 Mãe (O) · empates: 0": the score parted from itself, "1 -" at a line's end.  A
    score's "1 - 1" is one unit of the wrap now (``ui.text.words_of``), on the card and the panel."""
    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        app.settings.text_size = 1.5
        app.apply_settings()
        with in_language(app, "pt"):
            scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=names), [])
            app.switch(scene)
            for _game in range(2):  # O wins, sides swapped between: one win each
                play(app, scene, ["a1", "b2", "c3", "c1", "a2", "a3"])
                said = card_text(app, monkeypatch, scene)
                key(app, pygame.K_r)  # Rematch
            assert any("1 - 1" in line for line in said), said
            assert not any(line.endswith("-") for line in said), said
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(2)
            panel = [text for text, rect in drawn if rect.left >= scene.panel.rect.left]
            assert any("1 - 1" in text for text in panel), panel
        assert app.errors == []
    finally:
        app.quit()


def test_a_players_name_is_never_broken_over_two_lines_of_the_session_score(tmp_path, monkeypatch):
    """In an 800x600 window the hot-seat card of Hex read "This session: Player 1 (Blue) 1 - 2
    Player" over "2 (Red) · 0 drawn": a friend's name parted.  Each name stands whole on one line
    now, on the card and the panel (``ui.text.names_whole``), the line's words unchanged, the
    score after the first name (not pulled down before the second: ``ui.text.no_lone_last_word``)."""
    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        scene = GameScene(app, MatchSetup("hex", {}, HOTSEAT, (None, None), 1.0), [])
        app.switch(scene)
        app.run_frames(2)
        for _game in range(2):
            for cell in range(0, 121, 4):  # stones all over the board: the card stands over the panel, narrower
                click(app, tuple(round(v) for v in scene.view.centre(*divmod(cell, 11))))
            resign_by_keys(app)
            said, line = card_text(app, monkeypatch, scene), scene.sitting.line(scene)
            names = [words.player_on_side(scene.setup, scene.game, side) for side in (0, 1)]
            key(app, pygame.K_r)  # Rematch
        assert session_lines_drawn([(text, pygame.Rect(0, 0, 0, 0)) for text in said], line), said
        assert all(any(name in text for text in said) for name in names), (names, said)
        assert not any(text[:1].isdigit() for text in said if names[1] in text), said  # the score by the first name
        click(app, tuple(round(v) for v in scene.view.centre(0, 0)))
        names = [words.player_on_side(scene.setup, scene.game, side) for side in (0, 1)]
        panel = panel_text(app, monkeypatch, scene)
        running = scene.sitting.running_line(scene)
        assert session_lines_drawn([(text, pygame.Rect(0, 0, 0, 0)) for text in panel], running), panel
        assert all(any(name in text for text in panel) for name in names), (names, panel)
        assert app.errors == []
    finally:
        app.quit()


@pytest.mark.parametrize("game_id", ["hex", "rastros"])
def test_a_game_that_cannot_end_drawn_counts_no_draws(app, monkeypatch, game_id):
    """Hex and Rastros always have a winner: the session's score read "Ana (Blue) 0 - 1 João (Red)
    · 0 drawn", counting what can never happen there.  It leaves the draws out; tic-tac-toe's
    keeps them (``test_an_agreed_draw_taken_back_then_won_counts_the_win``)."""
    scene = named_hotseat(app, game_id)
    resign_by_keys(app)  # Ana resigns the session's first game
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João plays first
    line = scene.sitting.running_line(scene)
    first, second = (words.player_on_side(scene.setup, scene.game, side) for side in (0, 1))
    assert line == f"This session: {first} 1 - 0 {second}", line
    panel = panel_text(app, monkeypatch, scene)
    assert session_lines_drawn([(text, pygame.Rect(0, 0, 0, 0)) for text in panel], line), panel
    with in_language(app, "pt"):
        assert "empates" not in scene.sitting.running_line(scene)


def test_friends_without_names_keep_their_score_by_side_over_a_rematch(app, monkeypatch):
    """Two friends with no names typed are "Player 1" and "Player 2" by side, in every game: after
    Player 2 (O) won and the friends played again ("Flip sides"), the panel read "This session:
    Player 1 (X) 1 - 0 Player 2 (O)", the win given to the name that had lost.  The score stays
    with the names shown; friends with names still carry theirs over
    (``test_a_resignation_taken_back_is_uncounted_and_the_draw_after_it_counted``)."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0), [])
    app.switch(scene)
    app.run_frames(2)
    play(app, scene, ["a1", "b1", "c3", "b2", "c1", "b3"])  # Player 2 (O) wins
    assert scene.winner() == 1 and "O wins" in " ".join(card_text(app, monkeypatch, scene))
    key(app, pygame.K_r)  # Flip sides
    play(app, scene, ["b2"])
    assert "This session: Player 1 (X) 0 - 1 Player 2 (O) · 0 drawn" in panel_text(app, monkeypatch, scene)


@pytest.mark.parametrize(("players", "said"), [
    (("level-3", "level-4"), "This session: Level 4 (X) 1 - 0 Level 3 (O) · 0 drawn"),  # the winner now plays X
    (("level-3", "level-3"), "This session: Level 3 (X) 0 - 1 Level 3 (O) · 0 drawn"),  # by side, as unnamed friends
])
def test_a_watched_session_keeps_the_score_between_its_two_computers(app, monkeypatch, players, said):
    """A student watching Level 3 against Level 4 game after game counted their wins on paper: the
    result card said one game's result, the session's score being a hot-seat game's alone.  The
    score follows each computer over Rematch, which exchanges their sides."""
    won_by_o = ["a1", "b1", "a2", "b2", "c3", "b3"]  # O's column b
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, players, 0.5), won_by_o)
    app.switch(scene)
    app.run_frames(2)
    assert scene.winner() == 1
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch, sides swapped
    assert scene.setup.players == players[::-1] and not scene.history
    assert said in panel_text(app, monkeypatch, scene)
