"""Nothing is lost: every unfinished game keeps its own autosave, whatever the player does next.

N, New game, Menu, Watch, Resign and a replay's "Play from here" each leave every unfinished game
in the Continue list (with its own moves), and Continue plays the picked one on in its own file.
A copy played on from a saved game is kept there once something happens in it (a move, an undo).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from tests.ui_helpers import autosaves_written, words_in
from ui.autosave import SHELF
from ui.autosave_words import describe
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.setup import SetupScene


def start(app, moves=("b2", "a1"), mode=HOTSEAT, players=(None, None), game_id="tictactoe") -> GameScene:
    scene = GameScene(app, MatchSetup(game_id, {}, mode, players, 0.1))
    app.switch(scene)
    for text in moves:
        scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
    return scene


def kept() -> list[list[str]]:
    """The moves of every game in the Continue list, oldest first."""
    autosaves_written()
    return sorted((r.moves for _p, r in SHELF.unfinished()[0]), key=len)


def test_n_keeps_the_game_and_says_so(app):
    start(app)
    scene = started_again(app)
    assert scene.history == [] and kept() == [["b2", "a1"]]
    assert any("Continue" in m.text for m in app.messages.items)
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    assert kept() == [["c3"], ["b2", "a1"]]


def started_again(app) -> GameScene:
    """N (New game: the New game screen, the game's settings filled in), then Enter (Start game)."""
    import pygame

    from tests.ui_helpers import key

    key(app, pygame.K_n)
    assert isinstance(app.scene, SetupScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene)
    return app.scene


def test_undo_to_the_start_goes_on_in_the_same_file(app):
    """Undoing every move, then playing another, left the first game in the Continue list as a
    second, ghost, game."""
    import pygame

    from tests.ui_helpers import key

    scene = start(app)
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert scene.history == [] and kept() == [[]]  # kept, with its moves to redo (below)
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    assert kept() == [["c3"]]
    scene = started_again(app)  # New game still keeps it
    scene._play(scene.game.parse_move(scene.state, "a1"), by_computer=False)
    assert sorted(kept()) == [["a1"], ["c3"]]


@pytest.mark.parametrize("mode", [HOTSEAT, HUMAN_VS_PC])
def test_a_game_taken_back_to_its_start_and_left_is_offered_with_its_moves_to_redo(app, mode):
    """QA (keep13): moves played, Undo back to the start, Esc: the game and the moves Redo would
    have played again were gone from Continue, though nobody chose to drop them.  It is offered,
    and Redo after Continue plays its moves again."""
    import pygame

    from tests.ui_helpers import key
    from ui.autosave_reading import to_continue
    from ui.autosave_setup import kept_redo
    from ui.scenes.menu import MenuScene

    players = (None, None) if mode == HOTSEAT else (None, "level-1")
    scene = start(app, moves=("b2", "a1"), mode=mode, players=players)
    key(app, pygame.K_a)  # analysis on: the continued game's screen shows it as it was left
    while scene.history:
        key(app, pygame.K_u)
    assert [p.text for p in reversed(scene.redo_stack)] == ["b2", "a1"]
    for _ in range(3):  # the first Esc may hide the board's cursor
        if isinstance(app.scene, GameScene):
            key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    autosaves_written()
    [(path, record)] = to_continue(SHELF.unfinished()[0])
    assert record.moves == [] and kept_redo(record.setup) == ["b2", "a1"]
    app.run_frames(2, until=lambda: not app.scene.reading.loading, timeout=30)
    assert app.scene.continue_label() == "Continue Tic-tac-toe"
    key(app, pygame.K_RETURN)  # the menu's keyboard is on Continue: the one game is taken up at once
    app.run_frames(2)
    again = app.scene
    assert isinstance(again, GameScene) and again is not scene and again.history == []
    assert again.shown_kept().get("analysis") is True
    while again.redo_stack:
        key(app, pygame.K_y)
    assert [p.text for p in again.history] == ["b2", "a1"]
    autosaves_written()
    [(_path, record)] = SHELF.unfinished()[0]
    assert record.moves == ["b2", "a1"] and kept_redo(record.setup) == []


def test_a_game_taken_back_to_its_start_is_dropped_when_another_is_started_from_it(app):
    """The person who took every move back and chose New game, then Start, started again: that
    game goes then, its moves to redo with it (kept on Back from New game)."""
    import pygame

    from tests.ui_helpers import key

    scene = start(app)
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert scene.history == [] and kept() == [[]]
    started_again(app)
    assert kept() == []


def test_menu_watch_and_a_new_game_keep_every_unfinished_game(app):
    scene = start(app)
    scene.back_to_menu()
    assert any("Continue" in m.text for m in app.messages.items)
    start(app, moves=("a1",))
    watched = start(app, moves=(), mode=PC_VS_PC, players=("level-1", "level-1"))
    watched.speed = 3  # Max: its first move with no pause before it
    assert app.run_frames(400, until=lambda: len(watched.history) >= 1, timeout=60)
    watched.back_to_menu()
    found = kept()
    assert ["a1"] in found and ["b2", "a1"] in found and len(found) == 3


def test_play_from_here_keeps_the_game_it_came_from(app):
    from ui.scenes.replay import ReplayScene

    scene = start(app, moves=("b2", "a1", "c3"))
    app.switch(ReplayScene(app, scene.recorder.record, analyse=False))
    app.scene.go(1)
    app.scene.continue_here()
    copy = app.scene
    assert isinstance(copy, GameScene) and [p.text for p in copy.history] == ["b2"]
    assert kept() == [["b2", "a1", "c3"]]  # nothing played from the copy yet: no file of its own
    copy._play(copy.game.parse_move(copy.state, "a3"), by_computer=False)
    assert kept() == [["b2", "a3"], ["b2", "a1", "c3"]]


def test_continue_plays_the_picked_game_on_in_its_own_file(app):
    from ui.scenes.menu import MenuScene
    from ui.scenes.unfinished import UnfinishedScene

    start(app, moves=("b2",)).back_to_menu()
    start(app, moves=("a1", "c3")).back_to_menu()
    assert isinstance(app.scene, MenuScene)
    assert app.scene.continue_label().startswith("Continue (2")
    app.scene.continue_game()
    assert isinstance(app.scene, UnfinishedScene) and len(app.scene.entries) == 2
    entry = next(e for e in app.scene.entries if e.record.moves == ["a1", "c3"])
    app.scene.pick_entry(entry)
    scene = app.scene
    assert [p.text for p in scene.history] == ["a1", "c3"]
    scene._play(scene.game.parse_move(scene.state, "b1"), by_computer=False)
    assert kept() == [["b2"], ["a1", "c3", "b1"]]  # the same file went on, no copy


def test_resign_ends_the_game_for_the_human_and_undo_takes_it_back(app):
    scene = start(app, moves=(), mode=HUMAN_VS_PC, players=(None, "level-1"))
    scene._play(scene.game.parse_move(scene.state, "b2"), by_computer=False)
    scene.resign()
    assert scene.is_over() and scene.winner() == 1 and "resigns" in scene.end_reason()
    assert kept() == []  # a resigned game is over: nothing to continue
    scene.undo()
    assert not scene.is_over()


def test_undo_takes_back_a_resignation_alone(app):
    """Resign is not a move: one Undo took back the resignation and the moves before it (b2 a1 c3,
    O resigns, Undo: X to move after b2 a1), and a resignation before any move could not be taken
    back at all.  Undo now returns to the position given up, the same side to move."""
    scene = start(app, moves=())
    for text in ("b2", "a1", "c3"):
        scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
    scene.resign()
    assert scene.is_over() and scene.end_reason() == "O resigns at move 4"
    scene.undo()
    assert not scene.is_over() and [p.text for p in scene.history] == ["b2", "a1", "c3"] and scene.state.to_move == 1
    scene.undo()
    assert [p.text for p in scene.history] == ["b2", "a1"]  # then moves, one by one
    scene = start(app, moves=())  # a game given up before its first move
    scene.resign()
    scene._refresh_buttons()
    assert scene.is_over() and scene.btn_undo.enabled
    scene.undo()
    assert not scene.is_over() and not scene.history


def test_the_list_names_game_players_moves_and_date(app):
    start(app)
    autosaves_written()
    (_path, record), = SHELF.unfinished()[0]
    title, detail = describe(record)
    assert title.startswith(games.info("tictactoe").title) and " vs " in title
    assert detail.startswith("2 moves")


def test_the_list_names_the_options_that_are_not_the_usual_ones():
    """Two Hex games differ only in their board: the list says which is the 19x19 one."""
    from games.record import GameRecord
    from games.record_parts import Side

    for size, shown in ((11, ""), (19, "Board size: 19")):
        game = games.load("hex", size=size)
        record = GameRecord.start(game, (Side(None, "You"), Side("level-5", "Level 5")))
        record = record.with_moves(["c3"], game.play_line(["c3"]))
        _title, detail = describe(record)
        assert detail.startswith("1 move · ") and detail.endswith(shown) and ("Board size" in detail) == bool(shown)


def test_the_main_menu_shows_every_button_without_scrolling(app):
    """With Continue and Saved games (eight buttons) the menu scrolled at 1280x800 and at
    800x560, and Quit was cut at the window's edge; the buttons slim down, Rules, Settings and
    Quit go side by side, then the pictures slim down."""
    import pygame
    import pygame_menu

    from ui.data_folders import games_dir
    from ui.scenes.menu import MenuScene

    scene = start(app)
    games_dir().mkdir(parents=True, exist_ok=True)
    (games_dir() / "kept.json").write_text(scene.recorder.record.dumps(), encoding="utf-8")
    menu_scene = MenuScene(app)
    app.switch(menu_scene)
    for size in ((1280, 800), (800, 560), (1024, 600), (1366, 705)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
        assert app.size == size
        menu = app.scene.menu
        area = menu.get_scrollarea()
        assert len([w for w in menu.get_widgets() if isinstance(w, pygame_menu.widgets.Button)]) == 8
        assert area.get_world_size()[1] <= area.get_view_rect().height, size
        assert app.scene.show_cards, size
        widths = {w.get_width() for w in menu.get_widgets() if w.get_frame() is None}
        assert len(widths) == 1, widths  # one column of equal pills (a row of them as wide), to the pixel


def test_a_game_saved_in_portuguese_is_listed_in_english_in_english(app):
    """Records kept the titles in the window's language: "Hex: Jogador vs Nível 3" in English."""
    with words_in("pt"):
        scene = start(app, moves=("b2",), mode=HUMAN_VS_PC, players=(None, "level-3"))
        assert [p.title for p in scene.recorder.record.players] == ["You", "Level 3"]
        assert describe(scene.recorder.record)[0] == "Jogo do Galo: Jogador vs Nível 3"
    autosaves_written()
    assert describe(SHELF.unfinished()[0][0][1])[0] == "Tic-tac-toe: You vs Level 3"


def test_a_game_resigned_in_portuguese_keeps_its_reason_in_english(app):
    """The record kept the window's words: "O desiste" read in an English window."""
    from ui.words import end_reason

    with words_in("pt"):
        scene = start(app, moves=("b2",), mode=HUMAN_VS_PC, players=(None, "level-3"))
        scene.resign()
        assert scene.recorder.record.result.reason == "X resigns at move 2"  # the 2nd move, Level 3's, under way
        assert end_reason(scene.recorder.record.result.reason) == "X desiste na jogada 2"


def test_continue_keeps_the_games_dates_until_a_move_is_made(app, monkeypatch):
    """Opening a game from Continue wrote it afresh: its start date became the time it was opened,
    and it went to the top of the list without a move."""
    import games.record

    start(app, moves=("b2", "a1")).back_to_menu()
    [(path, record)] = SHELF.unfinished()[0]
    before = path.read_text(encoding="utf-8")
    monkeypatch.setattr(games.record, "now_iso", lambda: "2099-01-01T00:00:00+00:00")  # opened later
    app.continue_game(record, path)
    app.scene.back_to_menu()
    assert path.read_text(encoding="utf-8") == before
    app.continue_game(record, path)
    scene = app.scene
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    autosaves_written()
    [(_, moved)] = SHELF.unfinished()[0]
    assert moved.started == record.started and moved.moves == ["b2", "a1", "c3"]
    assert moved.updated == "2099-01-01T00:00:00+00:00"


def test_leaving_a_game_that_could_not_be_saved_warns_first(app, monkeypatch):
    """The window said "The unfinished game is kept" when its autosave had failed."""
    from ui.autosave import Autosave
    from ui.scenes.menu import MenuScene

    monkeypatch.setattr(Autosave, "save_text", lambda self, text: "Could not autosave the game: Read-only file system")
    scene = start(app)
    scene.recorder.settle(scene)
    assert scene.recorder.autosaver.failed
    scene.back_to_menu()
    assert app.scene is scene  # not yet: the window says what leaving loses
    assert any("could not be saved, so Continue would not have them" in m.text for m in scene.messages.items)
    scene.back_to_menu()
    assert isinstance(app.scene, MenuScene)
    assert not any("is kept" in m.text for m in app.messages.items)


def test_a_watched_game_taken_up_again_waits_for_the_watcher(app):
    """A PC vs PC game paused when the window closed came back running."""
    start(app, moves=("b2", "a1"), mode=PC_VS_PC, players=("level-1", "level-1"))
    app.show_menu()
    [(path, record)] = SHELF.unfinished()[0]
    app.continue_game(record, path)
    scene = app.scene
    assert scene.paused and [p.text for p in scene.history] == ["b2", "a1"]
    app.run_frames(20)
    assert len(scene.history) == 2  # nothing played until Resume
    scene.toggle_pause()
    assert not scene.paused


def test_a_game_played_on_in_two_windows_keeps_both_windows_moves(app):
    """Two windows that continued the same game overwrote each other's moves in its one file."""
    from ui.autosave import Autosave

    start(app, moves=("b2", "a1")).back_to_menu()
    [(path, record)] = SHELF.unfinished()[0]
    app.continue_game(record, path)
    scene = app.scene
    other = Autosave(path)  # the other window continued it too, and played a3
    theirs, _problem = other.load()
    game = games.load("tictactoe")
    state = game.play_line(["b2", "a1", "a3"])
    assert other.save(theirs.with_moves(["b2", "a1", "a3"], state)) is None
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)  # this window plays c3
    assert sorted(kept()) == [["b2", "a1", "a3"], ["b2", "a1", "c3"]]
    app.frame()  # the writer's notice is said on the next frame
    assert any("another Tabuleiro window" in m.text for m in scene.messages.items)
    scene._play(scene.game.parse_move(scene.state, "a3"), by_computer=False)  # and goes on in its own file
    assert kept() == [["b2", "a1", "a3"], ["b2", "a1", "c3", "a3"]]


def test_the_menus_game_pictures_name_their_games_whole_in_portuguese(app, monkeypatch):
    """With Continue and Saved games the pictures under the menu shrink, and at 800x560 the
    Portuguese "Jogo do Galo" was cut to "Jogo do G...": a card too narrow for its title is widened
    into the row's spare room, in every window size, in both languages."""
    import pygame

    from tests.ui_helpers import recorded_text
    from ui import i18n
    from ui.data_folders import games_dir
    from ui.scenes.menu import MenuScene

    scene = start(app)
    games_dir().mkdir(parents=True, exist_ok=True)
    (games_dir() / "kept.json").write_text(scene.recorder.record.dumps(), encoding="utf-8")
    try:
        for language in ("en", "pt"):
            app.settings.language = language
            app.apply_settings()
            app.switch(MenuScene(app))
            for size in ((800, 560), (1024, 600), (1280, 800), (1920, 1080)):
                pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
                app.run_frames(2)
                assert app.scene.show_cards, size
                with monkeypatch.context() as patch:
                    drawn = recorded_text(patch)
                    app.scene.draw(app.screen)
                titles = [i18n._(info.title) for info in app.scene.cards.infos]
                assert all(title in drawn for title in titles), (language, size, [d for d in drawn if "…" in d])
                rects = app.scene.cards.rects
                assert all(app.screen.get_rect().contains(r) for r in rects)
                assert all(a.right < b.left for a, b in zip(rects, rects[1:]))  # side by side, apart
    finally:
        i18n.set_language("en")


def test_leaving_a_set_up_position_before_a_move_says_it_is_not_kept_and_copies_it(app, monkeypatch):
    """A game from a set-up position with no move made is not kept in the Continue list: one Esc
    threw the position a teacher had typed away unsaid.  The first Esc now says so, Ctrl+C copies
    the position, and the second Esc leaves; a move made, or a usual game, leaves at once."""
    import pygame

    from tests.ui_helpers import key
    from ui import clipboard
    from ui.scenes.menu import MenuScene

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    position = "to-move: X\nX..\n.O.\n..."
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.1, start=position))
    app.switch(scene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    assert any("set-up position is kept once a move is made" in m.text for m in scene.messages.items)
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    assert copied and copied[-1].endswith(position + "\n")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and kept() == []
    start(app, moves=()).back_to_menu()  # the usual start: nothing to lose
    assert isinstance(app.scene, MenuScene)
    played = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, start=position))
    app.switch(played)
    played._play(played.game.parse_move(played.state, "c3"), by_computer=False)
    played.back_to_menu()  # a move made: kept, so it leaves at once
    assert isinstance(app.scene, MenuScene) and kept() == [["c3"]]


def test_leaving_for_the_main_menu_points_at_its_continue_button_in_both_languages(app):
    """Esc out of an unfinished game said "Continue it from the main menu" on the main menu itself;
    there the message names the Continue button the menu shows, in English and in Portuguese."""
    import pygame

    from tests.ui_helpers import key
    from ui import i18n
    from ui.scenes.menu import MenuScene

    try:
        for language, button in (("en", "Continue"), ("pt", "Continuar")):
            i18n.set_language(language)
            start(app)
            key(app, pygame.K_ESCAPE)
            assert isinstance(app.scene, MenuScene)
            said = app.messages.items[-1].text
            assert app.scene.menu.get_widget("continue").get_title().startswith(button)
            assert f" {button} " in said and "menu" not in said, said
    finally:
        i18n.set_language("en")


def test_a_watched_game_continued_keeps_the_speed_it_was_left_at(app):
    """A PC vs PC game set to Fast with + went back to Normal when it was continued from the main
    menu; the speed now goes with the game's autosave."""
    import pygame

    from tests.ui_helpers import key
    from ui.scenes.menu import MenuScene

    scene = start(app, moves=("b2", "a1"), mode=PC_VS_PC, players=("level-1", "level-1"))
    key(app, pygame.K_SPACE)  # paused: the position stays as it is while the speed changes
    key(app, pygame.K_PLUS)
    assert scene.btn_speed.label == "Speed: Fast"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    [(path, record)] = SHELF.unfinished()[0]
    app.continue_game(record, path)
    app.run_frames(2)
    assert app.scene is not scene and app.scene.btn_speed.label == "Speed: Fast"


def test_the_menus_word_on_the_kept_game_stays_on_the_main_menu(app):
    """"The unfinished game is kept: the Continue button takes it up again", said on the main
    menu as a game is left, followed the player on to New game (or Saved games) for its 6 s,
    where no Continue button is.  It is said on the main menu alone."""
    import pygame

    from tests.ui_helpers import click_widget, key
    from ui.scenes.menu import MenuScene
    from ui.scenes.setup import SetupScene

    start(app)
    key(app, pygame.K_ESCAPE)
    kept_said = "The unfinished game is kept: the Continue button takes it up again"
    assert isinstance(app.scene, MenuScene)
    assert kept_said in [m.text for m in app.messages.current()]
    click_widget(app, app.scene.menu, "play")
    assert isinstance(app.scene, SetupScene)
    assert kept_said not in [m.text for m in app.messages.current()]


def another_window_reads_the_lists() -> None:
    """What another Tabuleiro window on the same data folder does as its main menu opens: it reads
    the Continue list, and moves the games it finds ended among the finished ones."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-c", "from ui.autosave import SHELF; SHELF.unfinished()"], cwd=root, check=True,
                   timeout=120)


def test_an_ended_game_taken_back_is_one_game_continued_and_one_game_once_it_ends_again(app):
    """A game played to the end, moved among the finished ones by another window's reading, then
    taken back with Undo after the result card: Continue offered it, but Saved games still listed
    its end, two files for one game.  Its file now comes back among the unfinished games, and
    once the game ends again it is one finished game."""
    import pygame

    from tests.ui_helpers import click_widget, key
    from ui.scenes.game import GameScene as Game
    from ui.scenes.menu import MenuScene

    scene = start(app, moves=("a1", "b1", "a2", "b2", "a3"))  # X wins
    assert scene.is_over()
    autosaves_written()
    another_window_reads_the_lists()
    ended = list(SHELF.finished_folder.glob("*.json"))
    assert len(ended) == 1 and not list(SHELF.folder.glob("*.json"))

    key(app, pygame.K_u)  # after the result card: the end taken back
    assert not scene.is_over()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert kept() == [["a1", "b1", "a2", "b2"]]
    assert not list(SHELF.finished_folder.glob("*.json"))  # Saved games no longer lists the end taken back

    click_widget(app, app.scene.menu, "continue")
    scene = app.scene
    assert isinstance(scene, Game) and [p.text for p in scene.history] == ["a1", "b1", "a2", "b2"]
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    scene._play(scene.game.parse_move(scene.state, "c1"), by_computer=False)
    scene._play(scene.game.parse_move(scene.state, "a3"), by_computer=False)
    assert scene.is_over()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and kept() == []
    [(path, record)] = SHELF.finished()[0]
    assert path.name == ended[0].name and record.moves == ["a1", "b1", "a2", "b2", "c3", "c1", "a3"]


def test_a_game_whose_end_another_window_takes_back_while_the_list_reads_it_stays_unfinished(app, monkeypatch):
    """Another window's reading of the Continue list read a game as ended, then moved its file
    among the finished ones even when the window playing it wrote it unfinished in between (Undo
    after the result card): an unfinished game among the finished, Continue without it.  A file
    written since it was read is left for the next reading."""
    import pygame

    from tests.ui_helpers import key
    from ui import autosave, autosave_reading

    scene = start(app, moves=("a1", "b1", "a2", "b2", "a3"))  # X wins
    autosaves_written()
    real_scan = autosave_reading.scan

    def undo_while_the_list_reads(folder, to_play_on=False, **how):
        found = real_scan(folder, to_play_on, **how)
        key(app, pygame.K_u)  # this window's Undo lands between the reading and the moves it makes
        autosaves_written()
        return found

    monkeypatch.setattr(autosave, "scan", undo_while_the_list_reads)
    assert SHELF.unfinished()[0] == []  # read as ended
    monkeypatch.setattr(autosave, "scan", real_scan)
    assert not scene.is_over() and not list(SHELF.finished_folder.glob("*.json"))
    assert kept() == [["a1", "b1", "a2", "b2"]]


def held_by_another_process(path) -> bool:
    """Whether a process other than this one finds the game in ``path`` held (``ui.playing``)."""
    import subprocess
    import sys

    from ui.playing import lock_path

    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)  # so that None from try_take means held, not unmade
    code = "import sys, pathlib; from ai.file_lock import try_take; sys.exit(try_take(pathlib.Path(sys.argv[1])) is not None)"
    return subprocess.run([sys.executable, "-c", code, str(lock)], check=False).returncode == 0


def test_a_game_played_in_another_window_is_not_taken_up_here_until_it_is_left(app):
    """Two windows on one data folder both took up the same unfinished game: the Continue list
    then held it twice, each copy with half of what was played.  Continue (Enter on the main
    menu) now says the game is played in another window, until that window leaves it."""
    import pygame

    from ai.file_lock import try_take
    from tests.ui_helpers import key
    from ui.playing import lock_path
    from ui.scenes.menu import MenuScene

    scene = start(app, moves=("b2", "a1"))
    path = scene.recorder.autosaver.autosave.path
    assert held_by_another_process(path)  # this window holds its game while it plays it
    scene.back_to_menu()
    assert not held_by_another_process(path)
    other_window = try_take(lock_path(path))  # another window took it up meanwhile
    assert other_window is not None
    key(app, pygame.K_RETURN)  # Continue
    assert isinstance(app.scene, MenuScene)
    assert any("played in another Tabuleiro window" in m.text for m in app.messages.items)
    other_window.release()  # that window left the game
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene) and [p.text for p in app.scene.history] == ["b2", "a1"]
    assert app.scene.recorder.autosaver.autosave.path == path
    assert not any("played in another Tabuleiro window" in m.text for m in app.messages.items)


def test_a_game_over_leaves_no_lock_file_behind(app):
    """One empty lock file a game played would pile up in the cache for good: a game that is over
    takes its own with it as its screen goes; an unfinished one keeps it for the next window."""
    from ui.playing import lock_path

    unfinished = start(app, moves=("b2", "a1"))
    kept_path = unfinished.recorder.autosaver.autosave.path
    unfinished.back_to_menu()
    over = start(app, moves=("b2", "a1", "b1", "a2", "b3"))
    over_path = over.recorder.autosaver.autosave.path
    assert over.is_over() and lock_path(over_path).exists()
    over.back_to_menu()
    assert not lock_path(over_path).exists() and lock_path(kept_path).exists()


def test_deleting_a_game_from_the_continue_list_takes_its_lock_file_with_it(app):
    """The game's empty lock file (``ui.playing``) stayed in the cache for good once the player
    deleted the game from the Continue list; the Delete key, pressed twice, now removes both."""
    import pygame

    from tests.ui_helpers import key
    from ui.playing import lock_path
    from ui.scenes.unfinished import UnfinishedScene

    scene = start(app, moves=("b2", "a1"))
    path = scene.recorder.autosaver.autosave.path
    scene.back_to_menu()
    assert lock_path(path).exists()
    app.show_unfinished()  # the list itself (the menu's Continue plays a lone game on at once)
    app.run_frames(2)
    assert isinstance(app.scene, UnfinishedScene) and [e.path for e in app.scene.entries] == [path]
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_DELETE)
    assert not path.exists() and not lock_path(path).exists()


def test_a_game_continued_shows_what_its_screen_showed_as_it_was_left(app):
    """Analysis, Hex's connections overlay and the board turned round, switched on with their
    keys and the game left to the menu: Continue brought the game back without them."""
    import pygame

    from tests.ui_helpers import key
    from ui.scenes.menu import MenuScene

    scene = GameScene(app, MatchSetup("hex", {"size": 5}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    for letter in (pygame.K_a, pygame.K_v, pygame.K_f):  # after the move: no move's save shows them
        key(app, letter)
    assert scene.shown_kept() == {"analysis": True, "connections": True, "turned": True, "keyboard": False, "cursor": False}
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    app.scene.continue_game()  # the one unfinished game: taken up at once
    app.run_frames(2)
    again = app.scene
    assert again is not scene and [p.text for p in again.history] == ["c3"]
    assert again.shown_kept() == {"analysis": True, "connections": True, "turned": True, "keyboard": False, "cursor": False}
    key(app, pygame.K_a)  # and off again: the file follows
    key(app, pygame.K_ESCAPE)
    [(path, record)] = SHELF.unfinished()[0]
    app.continue_game(record, path)
    assert app.scene.shown_kept() == {"analysis": False, "connections": True, "turned": True, "keyboard": False, "cursor": False}


def panel_words(app, scene: GameScene, monkeypatch) -> list[str]:
    """What the game's side panel says in a whole frame (its cards, the thinking card's tip), and
    the status line under the board."""
    from tests.ui_helpers import recorded_text_rects

    with monkeypatch.context() as patcher:
        drawn = recorded_text_rects(patcher)
        app.invalidate()
        app.run_frames(1)
    return [text for text, rect in drawn if scene.panel.rect.contains(rect)] + list(scene.board_side.status()[0])


def continued_from_the_menu(app) -> GameScene:
    """The one unfinished game taken up again by the main menu's Continue (Enter: the keyboard is on it)."""
    import pygame

    from tests.ui_helpers import key
    from ui.scenes.menu import MenuScene

    assert isinstance(app.scene, MenuScene)
    app.run_frames(2, until=lambda: not app.scene.reading.loading, timeout=30)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, GameScene)
    return app.scene


@pytest.mark.parametrize("leave", ["esc", "menu button"])
def test_a_game_continued_shows_a_keyboard_player_as_it_was_left(app, monkeypatch, leave):
    """QA: a friend who played with the keyboard (the board's cursor: Down, then Enter) left the
    game and took it up again with Continue; its panel then spoke to a mouse player ("Click the
    board or use the arrow keys"), the cursor gone.  It says what it said as the game was left:
    the cursor's keys where it showed (left by the panel's Menu button), the key that shows it
    where Esc hid it on the way out; and the cursor, back, plays at Enter."""
    import pygame

    from tests.ui_helpers import click, key

    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, names=("Ana", "João")))
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_DOWN)  # the cursor shows
    key(app, pygame.K_RETURN)  # and plays there
    assert len(scene.history) == 1 and scene.keyboard_play and scene.cursor.on
    if leave == "esc":
        key(app, pygame.K_ESCAPE)  # the first Esc hides the cursor
    left = panel_words(app, scene, monkeypatch)
    if leave == "esc":
        key(app, pygame.K_ESCAPE)
    else:
        click(app, scene.btn_menu.rect.center)
    again = continued_from_the_menu(app)
    assert again is not scene and len(again.history) == 1
    assert panel_words(app, again, monkeypatch) == left
    tip = "Up or Down: a cursor on the board" if leave == "esc" else "Arrows and Enter: play on the board"
    assert tip in left, left
    assert again.cursor.on == (leave != "esc")
    if leave == "esc":
        key(app, pygame.K_DOWN)  # the cursor again, on the legal move nearest the last
    key(app, pygame.K_RETURN)
    assert len(again.history) == 2


def test_a_game_saved_before_the_screen_was_kept_continues_as_a_new_one_shows():
    """A record without ``shown`` (an older Tabuleiro's) or with it malformed by hand shows what a
    new game shows; what is well formed is kept."""
    from ui.autosave_setup import kept_shown

    assert kept_shown({}) == {}
    assert kept_shown({"shown": "analysis"}) == {}
    assert kept_shown({"shown": {"analysis": 1, "turned": False, "colour": True}}) == {"turned": False}


def test_a_saved_copy_played_on_from_its_end_goes_on_in_the_games_own_file(app):
    """QA: a game saved with Ctrl+S and left for the menu, its copy opened from Saved games and
    played on from its end (C, then Enter): left before a move, the Continue list offered the one
    game twice; played on, the game forked into two files.  It goes on in its own file."""
    import pygame

    from tests.ui_helpers import key
    from ui.data_folders import games_dir
    from ui.record_files import load
    from ui.scenes.menu import MenuScene
    from ui.scenes.play_from import PlayFromScene
    from ui.scenes.replay import ReplayScene

    start(app, moves=("b2", "a1"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # Save
    key(app, pygame.K_ESCAPE)  # the menu: the game stays in the Continue list
    assert isinstance(app.scene, MenuScene) and kept() == [["b2", "a1"]]
    [saved] = games_dir().glob("*.json")
    app.open_replay(load(saved))  # as Saved games opens it
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_c)  # Play from here, at its end
    assert isinstance(app.scene, PlayFromScene)
    key(app, pygame.K_RETURN)  # Start game, as it was played
    assert isinstance(app.scene, GameScene) and [p.text for p in app.scene.history] == ["b2", "a1"]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and kept() == [["b2", "a1"]]  # once, not twice

    app.open_replay(load(saved))
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)
    scene = app.scene
    scene._play(scene.game.parse_move(scene.state, "c3"), by_computer=False)
    assert kept() == [["b2", "a1", "c3"]]  # the game went on, no fork


@pytest.mark.parametrize("clock", [None, "5m+0s"])
def test_play_from_here_left_before_a_move_adds_nothing_to_continue(app, clock):
    """A saved game replayed, stepped back a move and played on from there (C, then Enter), then
    left for the menu with no move made: the copy was written at once, and Continue listed a game
    nothing was played in, beside the saved one it copies (a clocked one too: leaving keeps its
    clocks).  It is kept once something happens in it: a move made, here by a click on the board."""
    import pygame

    from tests.ui_helpers import click, key
    from ui.data_folders import games_dir
    from ui.record_files import load
    from ui.scenes.menu import MenuScene
    from ui.scenes.play_from import PlayFromScene

    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1, clock=clock))
    app.switch(scene)
    for text in ("b2", "a1"):
        scene._play(scene.game.parse_move(scene.state, text), by_computer=False)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # Save
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and kept() == [["b2", "a1"]]
    [saved] = games_dir().glob("*.json")

    def played_on_from_ply_1() -> GameScene:
        app.open_replay(load(saved))  # as Saved games opens it, at its end
        key(app, pygame.K_LEFT)  # back to ply 1
        key(app, pygame.K_c)  # Play from here
        assert isinstance(app.scene, PlayFromScene)
        key(app, pygame.K_RETURN)  # Start game, as it was played
        copy = app.scene
        assert isinstance(copy, GameScene) and [p.text for p in copy.history] == ["b2"]
        return copy

    copy = played_on_from_ply_1()
    app.run_frames(3)
    app.messages.items.clear()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and kept() == [["b2", "a1"]]  # not the copy
    assert not [m.text for m in app.messages.items if "kept" in m.text]  # nor said to be kept

    copy = played_on_from_ply_1()
    click(app, copy.view.cell_rect(0, 2).center)  # a move made in the copy: it is a game of its own
    assert len(copy.history) == 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and sorted(kept()) == sorted([["b2", "a1"], ["b2", copy.history[1].text]])


def test_an_unusual_board_is_said_whole_in_the_list():
    """A 19x3 tic-tac-toe game's row read "Width: 19 · In a row to win: 5": its height, the usual
    3, was left out, and the row could be a 19x19 board's.  The board's options are said together;
    a game whose board is the usual one says none of them."""
    from games.record import GameRecord
    from games.record_parts import Side

    for options, shown in (({"width": 19, "height": 3, "k": 5}, " · Width: 19 · Height: 3 · In a row to win: 5"),
                           ({"width": 3, "height": 7, "k": 3}, " · Width: 3 · Height: 7 · In a row to win: 3"),
                           ({}, "")):
        game = games.load("tictactoe", **options)
        record = GameRecord.start(game, (Side(None, "You"), Side("level-3", "Level 3")))
        record = record.with_moves(["a1"], game.play_line(["a1"]))
        _title, detail = describe(record)
        date = detail.split(" · ")[1]
        assert detail == f"1 move · {date}{shown}", detail


@pytest.mark.parametrize("language, said", [("en", "0 moves · "), ("pt", "0 jogadas · ")])
def test_the_list_says_the_moves_to_redo_of_a_game_taken_back_to_its_start(language, said):
    """A hot-seat game taken back to its start and left read "0 moves" in the Continue list, as if
    nobody had played in it, though Redo plays its moves again there: the row says how many."""
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.autosave_setup import REDO_KEY

    game = games.load("hex", size=3, swap=True)
    begun = GameRecord.start(game, (Side(None, "Ana"), Side(None, "João")))
    record = replace(begun, setup={**begun.setup, REDO_KEY: ["a2", "b1", "swap", "b2"]})
    with words_in(language):
        _title, detail = describe(record)
        taken_back = {"en": "4 moves to redo", "pt": "4 jogadas a refazer"}[language]
    assert detail.startswith(said) and taken_back in detail, detail
    _title, played = describe(begun.with_moves(["b2"], game.play_line(["b2"])))
    assert played.startswith("1 move · ") and "to redo" not in played
