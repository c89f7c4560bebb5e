"""The replay's "Play from here" asks how the game goes on (ui/scenes/play_from.py): taking a side
of a watched game over, hot-seat, the record's own way with one Enter, and the clocks of a game
that ended off the board (on time, resigned).  Driven by real key presses through the screens."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_menu
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import key, wait
from ui.autosave_setup import SHOWN_KEY, record_for_setup
from ui.clocks import READINGS_KEY
from ui.export import board_view
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.common import board_picture
from ui.scenes.game import GameScene
from ui.scenes.play_from import PlayFromScene
from ui.scenes.replay import ReplayScene

MOVES = ["b2", "a1", "c3", "a3"]


def recorded(mode: str, players, moves=MOVES, clock: str | None = None, names=("", "")):
    """A tic-tac-toe record of ``moves`` played in ``mode`` by ``players``."""
    setup = MatchSetup("tictactoe", {}, mode, players, 0.2, clock=clock, names=names)
    game = setup.make_game()
    return record_for_setup(setup).with_moves(list(moves), game.play_line(list(moves), game.initial_state()))


def chooser(app, record, ply: int) -> PlayFromScene:
    """The replay of ``record`` at ``ply``, and C (Play from here) pressed."""
    app.open_replay(record, ply=ply)
    app.run_frames(2)
    key(app, pygame.K_c)
    assert isinstance(app.scene, PlayFromScene)
    return app.scene


def shown(scene: PlayFromScene, widget: str):
    return scene.menu.get_widget(widget).get_value()[0][1]


def test_a_watched_games_side_to_move_is_taken_over_and_the_computer_answers(app):
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
    assert shown(scene, "mode") == PC_VS_PC  # the record's own mode first
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # PC vs PC -> Hot-seat -> Human vs PC
    assert shown(scene, "mode") == HUMAN_VS_PC
    assert shown(scene, "human-side") == 0 and shown(scene, "computer") == "level-2"  # X to move, against O's player
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.mode == HUMAN_VS_PC
    assert game.setup.players == (None, "level-2") and [p.text for p in game.history] == MOVES[:2]
    assert game.human_to_move()
    assert game._play(game.game.parse_move(game.state, "c1"), by_computer=False)
    assert wait(app, lambda: len(game.history) == 4, 30)  # the computer answered
    assert game.history[-1].by_computer
    record = game.recorder.record
    assert record.moves[:3] == ["b2", "a1", "c1"] and [s.id for s in record.players] == [None, "level-2"]
    game.undo()
    game.undo()  # back through the watched game's moves too
    assert game.history == []


def test_taking_the_side_not_to_move_lets_the_computer_move_first(app):
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_DOWN)  # to "You play"
    key(app, pygame.K_RIGHT)
    assert shown(scene, "human-side") == 1 and shown(scene, "computer") == "level-1"
    key(app, pygame.K_RETURN)
    game = app.scene
    assert game.setup.players == ("level-1", None)
    assert wait(app, lambda: len(game.history) == 3, 30) and game.history[-1].by_computer


def test_hot_seat_from_a_replay(app):
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=3)
    key(app, pygame.K_LEFT)
    assert shown(scene, "mode") == HOTSEAT
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.mode == HOTSEAT and game.setup.players == (None, None)
    assert [p.text for p in game.history] == MOVES[:3]
    assert [s.id for s in game.recorder.record.players] == [None, None]
    assert game.recorder.record.setup["mode"] == HOTSEAT
    app.run_frames(10)
    assert len(game.history) == 3  # nobody plays for the humans


def test_enter_plays_on_as_the_record_was_played(app, computer_thinks_until_told):
    record = recorded(HUMAN_VS_PC, ("level-2", None))
    direct = chooser(app, record, ply=2)
    assert shown(direct, "mode") == HUMAN_VS_PC and shown(direct, "human-side") == 1
    assert shown(direct, "computer") == "level-2"
    key(app, pygame.K_RETURN)
    taken = app.scene  # X, the computer, to move: it thinks until told, the moves taken up unchanged
    assert isinstance(taken, GameScene) and [p.text for p in taken.history] == MOVES[:2]
    assert taken.computer.thinking() and not taken.human_to_move()
    app.open_replay(record, ply=2)
    app.scene.continue_here()  # what Play from here did before it asked
    before = app.scene
    assert taken.setup == before.setup and taken.recorder.record.players == before.recorder.record.players


def test_back_returns_to_the_replay_at_its_move(app):
    chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ReplayScene) and app.scene.ply == 2


def lost_on_time(app):
    """A clocked hot-seat game X lost on time after b2 a1: (its record, both clocks after a1)."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, clock="5m+0s"))
    app.switch(scene)
    for text in ("b2", "a1"):
        assert scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
    readings = scene.clock_readings()[-1]
    scene.referee.set_readings((0.001, readings[1]))  # X's flag is about to fall
    assert wait(app, scene.is_over) and scene.end_reason() == "X lost on time at move 3"
    return scene.recorder.record, readings


def test_a_game_lost_on_time_goes_on_unfinished_with_the_clocks_of_that_move(app):
    record, readings = lost_on_time(app)
    assert record.result.reason == "X lost on time at move 3"
    scene = chooser(app, record, ply=2)
    assert shown(scene, "clock") == "keep"
    key(app, pygame.K_RETURN)
    game = app.scene
    app.run_frames(3)
    assert isinstance(game, GameScene) and not game.is_over() and game.forfeit is None
    assert [p.text for p in game.history] == ["b2", "a1"] and game.setup.clock == "5m+0s"
    assert game.referee.readings()[1] == pytest.approx(round(readings[1], 3))
    assert game.referee.readings()[0] > 290  # X's clock as its turn began, not the one that ran out
    assert not game.recorder.record.is_finished()


def test_a_side_with_no_time_left_goes_on_without_a_clock(app):
    record, _readings = lost_on_time(app)
    clocks = [list(pair) for pair in record.setup[READINGS_KEY]]
    clocks[2][0] = 0.0  # a record whose clock shows X's time gone at this move
    record = replace(record, setup={**record.setup, READINGS_KEY: clocks})
    scene = chooser(app, record, ply=2)
    assert shown(scene, "clock") is None
    key(app, pygame.K_RETURN)
    game = app.scene
    app.run_frames(3)
    assert isinstance(game, GameScene) and not game.is_over() and game.setup.clock is None
    assert READINGS_KEY not in game.recorder.record.setup


def test_a_resigned_game_goes_on_from_its_last_position(app):
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.2))
    app.switch(scene)
    assert scene._play(scene.game.parse_move(scene.state, "b2"), by_computer=False)
    assert wait(app, lambda: len(scene.history) == 2, 30)
    scene.resign()
    record = scene.recorder.record
    assert record.is_finished()
    chooser(app, record, ply=2)
    key(app, pygame.K_RETURN)
    game = app.scene
    app.run_frames(3)
    assert isinstance(game, GameScene) and not game.is_over() and len(game.history) == 2
    assert not game.recorder.record.is_finished()


def test_the_clock_can_be_turned_off(app):
    record, _readings = lost_on_time(app)
    scene = chooser(app, record, ply=1)
    for _field in range(3):  # Hot-seat: the two names, then the clock
        key(app, pygame.K_DOWN)
    assert scene.menu.get_selected_widget().get_id() == "clock"
    key(app, pygame.K_RIGHT)
    assert shown(scene, "clock") is None
    key(app, pygame.K_RETURN)
    game = app.scene
    assert game.setup.clock is None and game.clock_readings() is None and [p.text for p in game.history] == ["b2"]


def test_friends_taking_a_watched_game_over_type_their_names(app):
    """Hot-seat from a PC vs PC replay asks for the two names, as the New game screen does; they
    start from that screen's last ones and go to the game's cards and its record."""
    from tests.ui_helpers import click, type_text
    from ui.scenes.setup import SetupChoices

    app.setup_choices = SetupChoices(names=["Ana", ""])
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=3)
    key(app, pygame.K_LEFT)
    assert shown(scene, "mode") == HOTSEAT
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", ""]
    click(app, scene.menu.get_widget("name1").get_rect(to_real_position=True).center)
    type_text(app, "João")
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.names == ("Ana", "João")
    assert [side.title for side in game.recorder.record.players] == ["Ana", "João"]


def test_a_hot_seat_records_names_go_on_with_one_enter(app):
    from ui.scenes.setup import SetupChoices

    app.setup_choices = SetupChoices(names=["Other", "Names"])
    record = recorded(HOTSEAT, (None, None), names=("Ana", ""))
    scene = chooser(app, record, ply=2)
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", ""]
    key(app, pygame.K_RETURN)
    assert app.scene.setup.names == ("Ana", "")


def test_the_computers_time_per_move_can_be_chosen(app):
    """A watched game played at 0.2 s a move, taken over against its computer at 2 s a move."""
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=2)
    for _left in range(2):
        key(app, pygame.K_LEFT)  # PC vs PC -> Hot-seat -> Human vs PC
    assert shown(scene, "time") == 0.2  # the record's own, though New game does not offer it
    scene.menu.select_widget("time")
    while shown(scene, "time") != 2.0:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and game.setup.mode == HUMAN_VS_PC and game.setup.move_time == 2.0
    assert game.recorder.record.setup["move_time"] == 2.0


def test_the_names_come_from_the_last_session_before_new_game_is_opened(app):
    """Right after the window opens, a saved game's replay taken over in Hot-seat offers the names
    the New game screen saved last session (its choices are read from the settings then)."""
    app.settings.setup_choices = {"names": ["Ana", "Rui"]}
    assert not hasattr(app, "setup_choices")
    scene = chooser(app, recorded(PC_VS_PC, ("level-1", "level-2")), ply=3)
    key(app, pygame.K_LEFT)
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", "Rui"]


def test_the_picture_is_the_still_picture_of_every_list_facing_the_human(app):
    """The picture was drawn as the board to play on (``render_board``): at its size Alquerque's
    pieces were rings where every other still picture (``board_picture``) has discs.  Now it is
    ``board_picture``'s, turned to face the human playing Black as the game will be."""
    setup = MatchSetup("alquerque", {}, HUMAN_VS_PC, ("level-2", None), 0.2)
    game = setup.make_game()
    state = game.initial_state()
    moves = []
    for _ in range(2):
        move = state.legal_moves()[0]
        moves.append(game.format_move(state, move))
        state = state.play(move)
    scene = chooser(app, record_for_setup(setup).with_moves(moves, state), ply=2)
    assert shown(scene, "mode") == HUMAN_VS_PC and shown(scene, "human-side") == 1
    app.run_frames(2)
    (size, _facing, _theme), drawn = scene._picture
    faced, unturned = board_view(game), board_view(game)
    assert faced.face(1)  # Black's seat is the far side: the picture is turned
    expected = board_picture(state, app.theme, size, size, view=faced)
    expected = expected.subsurface(expected.get_bounding_rect())  # cut to what it draws, to be centred
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(expected, "RGBA")
    assert drawn.get_size() == expected.get_size()
    as_it_is = board_picture(state, app.theme, size, size, view=unturned)
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(as_it_is, "RGBA")


WON = ["a1", "b1", "a2", "b2", "a3"]  # X takes the a column at the last move


@pytest.mark.parametrize("language, note", [
    ("en", "The game's last move, a3, ended it: it goes on from the position before."),
    ("pt", "O jogo terminou na última jogada, a3: continua a partir da posição anterior."),
])
def test_play_from_here_at_a_finished_games_end_goes_on_from_the_move_before(app, language, note):
    """At the last move of a game won on the board "Play from here" was greyed ("The game is over
    at this move; step back to play on"), and it was the first thing a teacher pressed.  A click
    steps the replay back to the position before the last move and opens the form there, which
    says so; Back returns to that move."""
    from tests.ui_helpers import click, in_language

    with in_language(app, language):
        app.open_replay(recorded(HOTSEAT, (None, None), moves=WON), ply=len(WON))
        app.run_frames(2)
        replay = app.scene
        play_from = replay.actions[0]
        assert play_from.enabled
        click(app, play_from.rect.center)
        assert isinstance(app.scene, PlayFromScene), replay.messages.items
        assert app.scene.record.moves == WON[:-1] and not app.scene.state.is_terminal()
        said = " ".join(widget.get_title() for widget in app.scene.menu.get_widgets())
        assert note in said, said
        key(app, pygame.K_ESCAPE)
        assert app.scene is replay and replay.ply == len(WON) - 1


@pytest.mark.parametrize("mode", [HUMAN_VS_PC, PC_VS_PC])
def test_the_computer_the_form_shows_is_the_one_that_plays(app, tmp_path, mode):
    """A pasted move list names no players (a hot-seat game of two names): the form offers New
    game's last computer for the game, here a student's file, and must show it; it showed Level 1
    in both selectors while the game started with the file on both sides (qa109)."""
    bot = tmp_path / "lento.py"
    bot.write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    app.last_setup_choices().computer["tictactoe"] = str(bot)
    scene = chooser(app, recorded(HOTSEAT, (None, None), names=("bom", "crash")), ply=2)
    steps = 1 if mode == PC_VS_PC else 2  # Hot-seat -> PC vs PC -> Human vs PC
    for _ in range(steps):
        key(app, pygame.K_RIGHT)
    assert shown(scene, "mode") == mode
    if mode == PC_VS_PC:
        offered = (shown(scene, "pc0"), shown(scene, "pc1"))
    else:
        offered = (None, shown(scene, "computer")) if shown(scene, "human-side") == 0 else (shown(scene, "computer"), None)
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene)
    assert game.setup.players == offered
    assert str(bot) in offered


def form_notes(scene: PlayFromScene) -> list[str]:
    """The form's notes (its labels), as given to it."""
    return [w.get_title() for w in scene.menu.get_widgets() if isinstance(w, pygame_menu.widgets.Label)]


def test_the_form_says_what_each_computer_does_as_new_game_does(app):
    """The form named its computers alone ("Level 4", "Course Hard") where New game says under
    each what it does: to a watcher in PC vs PC, to the player against it in Human vs PC, and
    again for the computer the arrows step to."""
    import ai
    from ui import words

    about = {p.id: p for p in ai.catalog("tictactoe")}
    scene = chooser(app, recorded(PC_VS_PC, ("level-3", "level-4")), ply=2)
    assert {words.description(about["level-3"], True), words.description(about["level-4"], True)} <= set(form_notes(scene))
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # PC vs PC -> Hot-seat -> Human vs PC: X to move, against O's level 4
    assert shown(scene, "computer") == "level-4"
    assert words.description(about["level-4"]) in form_notes(scene)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # to "Computer"
    key(app, pygame.K_LEFT)
    assert shown(scene, "computer") == "level-3"
    notes = form_notes(scene)
    assert words.description(about["level-3"]) in notes and words.description(about["level-4"]) not in notes
    assert words.description(about["level-3"]) != words.description(about["level-3"], True)  # "yours", not "the other side's"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_forfeited_games_note_leaves_its_bots_log_to_the_replay(app, language):
    """At the last move of a game a bot forfeited, the note read "...it was running bot.py line 3
    (in choose); log: /home/.../bot-logs/2026...-bot-x8ntn.log: that end was not on the board, ...":
    a path of six rows in the form's narrow column, between the reason and what the form does
    about it.  The replay's panel says the log's path; the note says the reason without it."""
    from games.record_parts import Result
    from tests.ui_helpers import in_language
    from ui import words

    reason = ("O forfeits: bot exceeded the time limit at move 4 (no answer after 1.50 s; limit 1 s + 0.5 s grace); "
              "process stopped; it was running bot.py line 3 (in choose); log: /tmp/bot-logs/20261207-bot-x8ntn.log")
    record = replace(recorded(PC_VS_PC, ("level-1", "level-2"), moves=MOVES[:3]), result=Result(0, reason))
    with in_language(app, language):
        scene = chooser(app, record, ply=3)
        said = " ".join(form_notes(scene))
        assert words.without_log(words.end_reason(reason)) in said, said
        assert "bot-logs" not in said, said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_pasted_games_empty_names_are_said_beside_the_sides_the_replay_names(app, monkeypatch, language):
    """A pasted move list names no players: its replay names the sides X and O, and Play from here
    said "Left empty: Player 1 and Player 2" under "X's name" and "O's name", which was which left
    to guess.  The note names each empty name's side, and the game then calls the players so."""
    from tests.test_ui_paste import paste
    from tests.ui_helpers import in_language
    from ui import words

    with in_language(app, language):
        paste(app, "Tic-tac-toe\n1. b2 a1 2. c3 a3\n", monkeypatch)
        assert isinstance(app.scene, ReplayScene) and [p.title for p in app.scene.record.players] == ["", ""]
        key(app, pygame.K_c)
        scene = app.scene
        assert isinstance(scene, PlayFromScene) and shown(scene, "mode") == HOTSEAT
        [note] = [note for note in form_notes(scene) if words.side(scene.game, 0) in note]
        key(app, pygame.K_RETURN)
        game = app.scene
        assert isinstance(game, GameScene) and game.setup.names == ("", "")
        for side in (0, 1):
            assert f"{game.setup.player_label(side)} ({words.side(game.game, side)})" in note, note


@pytest.mark.parametrize("left_on", [False, True])
def test_the_game_shows_analysis_as_the_replay_showed_it(app, left_on):
    """Analysis turned on (A) in the replay was off in the game Play from here began, and a saved
    game left with it on had it on again though the replay had it off: the game went on as the
    saved game's screen was left, not as the replay showed it."""
    record = recorded(HOTSEAT, (None, None))
    record = replace(record, setup={**record.setup, SHOWN_KEY: {"analysis": left_on}})
    app.open_replay(record, ply=2)
    app.run_frames(2)
    replay = app.scene
    if not left_on:
        key(app, pygame.K_a)
    assert replay.move_analysis.active is not left_on
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)
    game = app.scene
    assert isinstance(game, GameScene) and [p.text for p in game.history] == MOVES[:2]
    assert game.analysis.active is not left_on


@pytest.mark.usefixtures("result_card_at_once")
@pytest.mark.parametrize("shown", [False, True])
def test_the_replay_e_opens_shows_analysis_and_connections_as_the_game_showed_them(app, shown):
    """Replay (E) from a game that showed analysis and Hex's connections began with both off,
    the reverse of Play from here (which carries the replay's into the game)."""
    from tests.test_hex_sgf import finished_hex_moves

    game = GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1), finished_hex_moves())
    app.switch(game)
    assert wait(app, game.over_card.visible)
    if shown:
        key(app, pygame.K_a)
        key(app, pygame.K_v)
    assert game.is_over() and (game.analysis.active, game.connections.active) == (shown, shown)
    key(app, pygame.K_e)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert (replay.move_analysis.active, replay.connections.active) == (shown, shown)


def test_another_programs_file_goes_on_with_the_names_it_gives(app):
    """A HexGui SGF naming its players (``PB``, ``PW``), as Saved games now lists them: Play from
    here in Hot-seat left both names empty, and the game went on between "Player 1" and
    "Player 2".  A file with no window's setup keeps its human players' names."""
    from games.hex_sgf import record_from_sgf

    record = record_from_sgf("(;FF[4]GM[11]SZ[5]PB[Ana]PW[Bruno];B[c3];W[b2])")
    scene = chooser(app, record, ply=2)
    assert shown(scene, "mode") == HOTSEAT
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", "Bruno"]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene) and app.scene.setup.names == ("Ana", "Bruno")


def test_a_files_hot_seat_without_kept_names_offers_its_players_names(app):
    """A saved game whose setup says Hot-seat but keeps no names (written by hand, or by another
    program) names its players "Ana" and "Rui": Play from here opened with both name fields empty,
    and the game went on between "Player 1" and "Player 2"."""
    import json

    from games.record import GameRecord

    data = json.loads(recorded(HOTSEAT, (None, None), names=("Ana", "Rui")).dumps())
    del data["setup"]["names"]
    record = GameRecord.loads(json.dumps(data))
    scene = chooser(app, record, ply=2)
    assert shown(scene, "mode") == HOTSEAT
    assert [scene.menu.get_widget(f"name{side}").get_value() for side in (0, 1)] == ["Ana", "Rui"]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene) and app.scene.setup.names == ("Ana", "Rui")
