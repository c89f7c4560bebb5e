"""Your results against the computer (ui.tally): counted once when a Human vs PC game ends, shown
at its end and on the New game screen; a damaged results file is moved aside and said, never
lost, and one that cannot be moved aside is never overwritten."""

from __future__ import annotations

import errno
import json
import threading

import pygame
import pygame_menu
import pytest

import games
from ai.file_lock import held
from tests.ui_helpers import autosaves_written, in_language, key, words_in
from ui import tally
from ui.app import DOUBLE_CLICK
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_over import result_lines
from ui.scenes.setup import SetupScene
from ui.tally import Score, Tally

WIN_IN_ONE = "to-move: X\nXX.\nOO.\n..."  # X (the human) wins with c1


def test_counts_add_up_per_game_and_player(tmp_path):
    results = Tally(tmp_path / "results.json")
    assert results.of("reversi", "level-3") == Score() and results.of("reversi", "level-3").games() == 0
    for outcome in ("won", "lost", "lost", "drawn"):
        assert results.add("reversi", "level-3", outcome) is None
    results.add("hex", "level-3", "won")
    assert results.of("reversi", "level-3") == Score(won=1, drawn=1, lost=2)
    assert results.of("hex", "level-3") == Score(won=1) and results.of("hex", "level-5") == Score()
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert data["format"] == "tabuleiro-results" and data["results"]["reversi"]["size=8"]["level-3"] == [1, 1, 2]


def test_a_damaged_file_is_moved_aside_and_said_and_counting_goes_on(tmp_path):
    path = tmp_path / "results.json"
    path.write_text('{"format": "tabuleiro-results", "results": {"hex": {"level-1": [1, -2, 0]}}}', encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    problem = Tally(path).add("hex", "level-1", "won")
    assert problem.startswith("Your results could not be read (Hex / Level 1: the counts are not three whole numbers)")
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("results.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == before  # kept as it was
    assert Tally(path).of("hex", "level-1") == Score(won=1)


DAMAGED = '{"format": "tabuleiro-results", "version": 2, "results": {"tictactoe": {"width=3 height=3 k=3": {"level-2": [1, "x", 0]}}}}'


def test_a_damaged_file_a_screens_reading_moved_aside_is_kept_to_be_said_once(tmp_path):
    """New game and Settings read the results (``of``, ``other_boards``, ``games``) before any
    game's count: the damaged file went aside there and only a count said it, finding none."""
    path = tmp_path / "results.json"
    path.write_text(DAMAGED, encoding="utf-8")
    results = Tally(path)
    assert results.of("tictactoe", "level-2", {"width": 3, "height": 3, "k": 3}) == Score()
    [said] = results.unsaid()
    assert said.startswith("Your results could not be read (Tic-tac-toe / Level 2: the counts are not three whole numbers)")
    assert results.unsaid() == [] and results.games() == 0 and results.unsaid() == []  # said once; the file is gone


@pytest.mark.parametrize("button", ["settings", "play"])
def test_a_damaged_file_found_on_opening_settings_or_new_game_is_said(app, button):
    """Opening Settings (Forget my results) or New game (your results against the computer) moved
    a damaged results file aside in silence: the next game's count found no file, and nobody was
    told that the results were gone."""
    from tests.ui_helpers import click_widget

    path = tally.TALLY.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DAMAGED, encoding="utf-8")
    click_widget(app, app.scene.menu, button)
    app.run_frames(2)
    assert list(path.parent.glob("results.json.corrupt-*"))  # moved aside by the screen's reading
    said = [m.text for m in app.messages.current() if m.kind == "error"]
    # the game and the player as the screens name them, not the file's ids ("tictactoe / level-2")
    assert any(text.startswith("Your results could not be read (Tic-tac-toe / Level 2: the counts are not three "
                               "whole numbers)") for text in said), said


@pytest.mark.parametrize("results, named", [
    ({"reversi": {"size=8": {"gtp:edax -q": [1, 0, True]}}}, "Reversi / gtp:edax -q"),  # as New game offers it
    ({"go": {"": {"level-1": [0, 0, -1]}}}, "'go' / 'level-1'"),  # a game this Tabuleiro does not know: the file's ids
])
def test_a_damaged_files_players_are_named_as_new_game_names_them(tmp_path, results, named):
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"format": "tabuleiro-results", "version": 2, "results": results}), encoding="utf-8")
    problem = Tally(path).add("hex", "level-1", "won")
    assert problem.startswith(f"Your results could not be read ({named}: the counts are not three whole numbers)")


def test_a_damaged_files_wins_by_forfeit_name_the_game_and_player_in_the_windows_language(tmp_path):
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"format": "tabuleiro-results", "version": 2, "results": {},
                                "forfeits": {"tictactoe": {"width=3 height=3 k=3": {"level-3": "two"}}}}),
                    encoding="utf-8")
    with words_in("pt"):
        problem = Tally(path).add("hex", "level-1", "won")
    assert problem.startswith("Não foi possível ler os seus resultados (Jogo do Galo / Nível 3: ")


def test_a_damaged_file_costs_no_result_the_last_good_copy_comes_back(tmp_path):
    """A results file cut short (a full disk, a tool) was moved aside and every result was
    counted from zero: each count now keeps a last good copy (``ui.last_good``), taken back then."""
    from ui.last_good import copy_path, saved_at

    path = tmp_path / "results.json"
    for outcome in ("won", "lost", "drawn"):
        assert Tally(path).add("hex", "level-1", outcome) is None
    good = path.read_text(encoding="utf-8")
    path.write_text(good[:40], encoding="utf-8")
    when = saved_at(copy_path(path).stat().st_mtime)
    problem = Tally(path).add("hex", "level-1", "won")
    assert problem.startswith("Your results could not be read (") and problem.endswith(f"your results of {when} are back")
    assert Tally(path).of("hex", "level-1") == Score(won=2, drawn=1, lost=1)
    [aside] = [p for p in tmp_path.iterdir() if p.name.startswith("results.json.corrupt-")]
    assert aside.read_text(encoding="utf-8") == good[:40]  # kept as it was


def test_a_damaged_file_that_cannot_be_moved_aside_is_never_overwritten(tmp_path, monkeypatch):
    path = tmp_path / "results.json"
    path.write_text("not json", encoding="utf-8")

    def refuse(_path):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tally, "move_aside", refuse)
    assert Tally(path).add("hex", "level-1", "won").startswith("Your results could not be read")
    assert path.read_text(encoding="utf-8") == "not json"


def human_vs(app, start: str | None = None, computer: str = "level-1") -> GameScene:
    app.start_game(MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, computer), 0.05, start=start))
    app.run_frames(2)
    return app.scene


@pytest.mark.parametrize("results", [{"hex": {"size=11": {"level-1": [3, 0, 1]}}}, ["laid out anew"]])
def test_a_newer_versions_file_is_said_and_left_as_it_is(tmp_path, results):
    """It was rewritten as this version writes it (what the newer one added was lost) or, laid out
    anew, moved aside as damaged and counted from zero."""
    path = tmp_path / "results.json"
    text = json.dumps({"format": "tabuleiro-results", "version": tally.VERSION + 1, "results": results,
                       "streaks": {"hex": 3}})
    path.write_text(text, encoding="utf-8")
    problem = Tally(path).add("hex", "level-1", "won")
    assert problem == ("Your results were written by a newer version of Tabuleiro: the file is left as it is, and "
                       "this version does not count games in it")
    assert path.read_text(encoding="utf-8") == text and not list(tmp_path.glob("results.json?*"))  # nothing moved aside
    assert Tally(path).of("hex", "level-1") == (Score(3, 0, 1) if isinstance(results, dict) else Score())


def test_a_file_that_cannot_be_read_or_written_is_said_in_words_not_pythons(tmp_path):
    """"Could not save your results: Not a directory" named no folder, and a results file that
    could not be opened was said as Python says it ("[Errno 21] Is a directory: '...'")."""
    blocker = tmp_path / "in the way"
    blocker.write_text("a file", encoding="utf-8")
    assert Tally(blocker / "results.json").add("hex", "level-1", "won") == (
        f"Could not save your results: a file is in the way of the folder {blocker}")
    folder = tmp_path / "results.json"
    folder.mkdir()
    assert Tally(folder).add("hex", "level-1", "won") == (
        f"Your results could not be read ({folder} is a folder, not a file)")


def test_two_windows_ending_games_at_once_both_count(tmp_path):
    """Another window has read the counts and is about to write its own game: this window's game,
    ending meanwhile, waits for it and is counted on top (it used to be written over: a lost game)."""
    path = tmp_path / "results.json"
    Tally(path).add("hex", "level-1", "won")
    other_read, other_may_write = threading.Event(), threading.Event()

    def other_window() -> None:
        with held(Tally(path).lock_path):
            counts = json.loads(path.read_text(encoding="utf-8"))
            other_read.set()
            other_may_write.wait(10)
            counts["results"]["hex"]["size=11"]["level-1"][0] += 1
            tally.atomic_write_text(path, json.dumps(counts))

    other = threading.Thread(target=other_window)
    other.start()
    assert other_read.wait(10)
    this = threading.Thread(target=Tally(path).add, args=("hex", "level-1", "lost"))
    this.start()
    this.join(1.0)  # without the lock this window's count is written now, before the other's
    other_may_write.set()
    other.join(10)
    this.join(10)
    assert Tally(path).of("hex", "level-1") == Score(won=2, lost=1)


def test_a_game_counts_once_at_its_end_and_the_card_and_the_new_game_screen_say_so(app):
    scene = human_vs(app, WIN_IN_ONE)
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    assert scene.is_over() and scene.winner() == 0
    autosaves_written()  # counted on the writer's thread
    assert tally.TALLY.of("tictactoe", "level-1") == Score(won=1)
    app.run_frames(1)  # the frame that takes the writer's report
    assert "You against Level 1 at 3x3, 3 in a row: 1 won · 0 drawn · 0 lost" in result_lines(scene)
    scene.undo()  # taken back and won again: still one game
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    autosaves_written()
    assert tally.TALLY.of("tictactoe", "level-1") == Score(won=1)
    app.run_frames(2)
    key(app, pygame.K_r)  # a rematch is another game: resigned at once, it is lost
    assert scene.setup.players == ("level-1", None)  # the human is O now: X (level-1) may win first
    scene.resign()
    app.run_frames(2)
    autosaves_written()
    assert scene.is_over() and tally.TALLY.of("tictactoe", "level-1") == Score(won=1, lost=1)
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    setup = app.scene
    assert isinstance(setup, SetupScene)
    setup._set_computer("level-1")  # as the Computer selector does
    app.run_frames(2)
    shown = [w.get_title() for w in setup.menu.get_widgets()]
    assert "You against Level 1 at 3x3, 3 in a row: 1 won · 0 drawn · 1 lost" in shown


def test_a_game_ends_without_waiting_for_another_windows_count(app, monkeypatch):
    """Another window holds the results file (its own game's count): this window's game ends and
    its frames go on; its count is written on the writer's thread once the other window lets go,
    on top of the other's, and the card says both."""
    scene = human_vs(app, WIN_IN_ONE)
    writers: list[str] = []
    write = tally.atomic_write_text
    monkeypatch.setattr(tally, "atomic_write_text",
                        lambda path, text: writers.append(threading.current_thread().name) or write(path, text))
    lock_held, other_may_write = threading.Event(), threading.Event()

    def other_window() -> None:
        with held(tally.TALLY.lock_path):
            lock_held.set()
            other_may_write.wait(10)
            tally.TALLY._add("tictactoe", tally.board_key("tictactoe"), "level-1", "lost")

    other = threading.Thread(target=other_window)
    other.start()
    assert lock_held.wait(10)
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    app.frame()
    assert scene.is_over() and writers == []  # the window did not wait for the lock
    assert tally.TALLY.of("tictactoe", "level-1") == Score()
    other_may_write.set()
    other.join(10)
    autosaves_written()
    app.frame()
    assert tally.TALLY.of("tictactoe", "level-1") == Score(won=1, lost=1)
    assert threading.main_thread().name not in writers and len(writers) == 2
    assert "You against Level 1 at 3x3, 3 in a row: 1 won · 0 drawn · 1 lost" in result_lines(scene)


def test_a_count_that_cannot_be_written_is_said(app, monkeypatch):
    def read_only(path, text) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(tally, "atomic_write_text", read_only)
    scene = human_vs(app, WIN_IN_ONE)
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    autosaves_written()
    app.frame()
    assert any("Could not save your results" in m.text for m in scene.messages.items)


def test_hot_seat_games_are_not_counted(app):
    app.start_game(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.05, start=WIN_IN_ONE))
    app.run_frames(2)
    scene = app.scene
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    autosaves_written()
    assert scene.is_over() and not tally.TALLY.path.exists()

def settings_after_three_games(app):
    """The Settings screen opened after three games against Hex's level 2 (one won, two lost), so
    that "Forget my results" has 3 games to forget."""
    from ui.scenes.settings_screen import SettingsScene

    for outcome in ("won", "lost", "lost"):
        tally.TALLY.add("hex", "level-2", outcome)
    app.switch(SettingsScene(app))
    app.run_frames(2)
    return app.scene



def test_settings_forget_the_results_on_the_second_press(app, monkeypatch):
    from tests.ui_helpers import click_widget, held_press_again_clock

    skip = held_press_again_clock(monkeypatch)

    scene = settings_after_three_games(app)
    assert scene.menu.get_widget("forget_results").get_title() == "Forget my results (3 games)"
    scene.menu.scroll_to_widget(scene.menu.get_widget("forget_results"))  # below the fold, as a player scrolls to it
    app.run_frames(1)
    click_widget(app, scene.menu, "forget_results")
    assert scene.menu.get_widget("forget_results").get_title() == "Press again to forget 3 games"
    assert tally.TALLY.games() == 3  # not yet
    skip(DOUBLE_CLICK)  # a second click, not a double-click's second press
    click_widget(app, scene.menu, "forget_results")
    assert tally.TALLY.games() == 0 and scene.menu.get_widget("forget_results") is None
    from ui.last_good import copy_path

    assert not copy_path(tally.TALLY.path).exists()  # a damaged file later brings none of them back


@pytest.mark.parametrize("away", [pygame.K_UP, pygame.K_DOWN])
def test_the_forget_question_is_withdrawn_once_the_keyboard_leaves_its_line(app, away):
    """As a row's Delete question in Saved games is once another row is chosen: "Press again to
    forget 3 games" stood armed while the player went on to the Volume above it or to Back, and
    Enter back on the line, the question long out of mind, forgot every result at once."""
    from tests.ui_helpers import down_to_widget

    scene = settings_after_three_games(app)
    down_to_widget(app, scene.menu, "forget_results")
    key(app, pygame.K_RETURN)
    assert scene.menu.get_widget("forget_results").get_title() == "Press again to forget 3 games"
    key(app, away)  # up to Volume, or down to Back under the form
    assert scene.menu.get_widget("forget_results").get_title() == "Forget my results (3 games)"
    assert (scene.ringed_button() is scene.back_button) == (away == pygame.K_DOWN)  # the keyboard where it went
    key(app, pygame.K_DOWN if away == pygame.K_UP else pygame.K_UP)  # back on the line
    key(app, pygame.K_RETURN)
    assert tally.TALLY.games() == 3  # asked again, not forgotten
    assert scene.menu.get_widget("forget_results").get_title() == "Press again to forget 3 games"


def test_the_forget_question_withdrawn_by_the_pointer_leaves_no_trace_of_its_ring(app, tmp_path):
    """The pointer going on to Volume withdraws the question; the frame drawn then left the edges
    of the question's wider ring round "Forget my results (3 games)"."""
    from tests.ui_helpers import click_widget, same_as_a_whole_frame

    scene = settings_after_three_games(app)
    scene.menu.scroll_to_widget(scene.menu.get_widget("forget_results"))
    app.run_frames(1)
    click_widget(app, scene.menu, "forget_results")
    assert scene.menu.get_widget("forget_results").get_title() == "Press again to forget 3 games"
    volume = scene.menu.get_widget("volume").get_rect(to_real_position=True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=volume.midleft, rel=(0, -40), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert scene.menu.get_widget("forget_results").get_title() == "Forget my results (3 games)"
    assert same_as_a_whole_frame(app, tmp_path)


def test_a_double_click_on_forget_my_results_only_asks(app):
    """QA (qa108): a double-click on "Forget my results" forgot them at once, their last good copy
    with them: its second press answered "Press again to forget" before it could be read."""
    from tests.test_ui_double_click import double_click

    scene = settings_after_three_games(app)
    scene.menu.scroll_to_widget(scene.menu.get_widget("forget_results"))
    app.run_frames(1)
    double_click(app, scene.menu.get_widget("forget_results").get_rect(to_real_position=True).center)
    assert tally.TALLY.games() == 3
    assert scene.menu.get_widget("forget_results").get_title() == "Press again to forget 3 games"


def test_a_game_whose_window_was_killed_before_its_count_is_counted_when_the_menu_comes_back(app, monkeypatch):
    """A won game's file was written as it ended, and the window was killed before its count was
    (the count is the writer thread's next job): the New game screen then said 0 won for good.
    The menu, finding the game ended among the unfinished ones, counts it now, and only once."""
    scene = human_vs(app, WIN_IN_ONE)
    with monkeypatch.context() as killed:  # the kill point: the game's file written, its count never
        killed.setattr(tally.TALLY, "add_later", lambda *args, **kwargs: None)
        scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
        autosaves_written()
    assert scene.is_over() and tally.TALLY.of("tictactoe", "level-1") == Score()
    for _ in range(2):  # the window again, and again: counted once
        app.show_menu()
        app.run_frames(3)
        autosaves_written()
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    app.scene._set_computer("level-1")  # as the Computer selector does
    app.run_frames(2)
    assert "You against Level 1 at 3x3, 3 in a row: 1 won · 0 drawn · 0 lost" in [w.get_title() for w in app.scene.menu.get_widgets()]


def test_a_game_counted_as_it_ended_is_not_counted_again_when_its_file_is_put_away(app):
    scene = human_vs(app, WIN_IN_ONE)
    scene.play_human([games.load("tictactoe").parse_move(scene.state, "c1")])
    autosaves_written()
    app.show_menu()
    app.run_frames(3)
    autosaves_written()
    assert tally.TALLY.of("tictactoe", "level-1") == Score(won=1)


CRASHER = "def choose(game, state):\n    raise RuntimeError('oops')\n"  # a student's bot that crashes at once


def test_a_win_by_a_crashed_bots_forfeit_is_counted_apart_from_the_games_won(app, tmp_path):
    """The bot (X) crashes at its first move: the human wins by forfeit, which was counted as "1 won"
    against that player, as if won over the board."""
    from tests.ui_helpers import wait

    bot = tmp_path / "zeca.py"  # a "bot.py" is named after its folder
    bot.write_text(CRASHER, encoding="utf-8")
    app.start_game(MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(bot), None), 2.0))
    scene = app.scene
    assert wait(app, lambda: scene.forfeit is not None)
    assert scene.winner() == 1 and scene.history == []
    autosaves_written()
    assert tally.TALLY.of("tictactoe", str(bot)) == Score(forfeits=1)
    assert wait(app, lambda: any("won by forfeit" in line for line in result_lines(scene)))  # counted in the background
    assert "You against zeca at 3x3, 3 in a row: 0 won · 0 drawn · 0 lost · 1 won by forfeit" in result_lines(scene)


def test_wins_by_forfeit_are_kept_apart_in_the_file_and_said_on_the_new_game_screen(app):
    """The file keeps its three counts over the board per board and player, and the wins by forfeit
    beside them."""
    for outcome in ("won", "forfeit", "forfeit", "lost"):
        tally.TALLY.add("tictactoe", "level-1", outcome)
    data = json.loads(tally.TALLY.path.read_text(encoding="utf-8"))
    board = "width=3 height=3 k=3"
    assert data["results"] == {"tictactoe": {board: {"level-1": [1, 0, 1]}}}
    assert data["forfeits"] == {"tictactoe": {board: {"level-1": 2}}}
    assert tally.TALLY.of("tictactoe", "level-1") == Score(won=1, lost=1, forfeits=2) and tally.TALLY.games() == 4
    app.show_setup(game_id="tictactoe")
    app.run_frames(2)
    app.scene._set_computer("level-1")  # as the Computer selector does
    app.run_frames(2)
    shown = [w.get_title() for w in app.scene.menu.get_widgets()]
    assert "You against Level 1 at 3x3, 3 in a row: 1 won · 0 drawn · 1 lost · 2 won by forfeit" in shown


def test_a_forfeit_found_ended_among_the_unfinished_games_is_counted_as_one(tmp_path):
    """``count_ended`` (a window killed before its count) tells a forfeit from a win as the window does."""
    from dataclasses import replace

    from games.record import GameRecord
    from games.record_parts import Result, Side

    record = GameRecord.start(games.load("tictactoe"), (Side("bot.py", "bot.py"), Side(None, "You")))
    record.setup = {"mode": HUMAN_VS_PC}
    results = Tally(tmp_path / "results.json")
    for started, reason in (("2026-12-04T10:00:00+00:00", "X forfeits: bot.py crashed: RuntimeError: oops"),
                            ("2026-12-04T10:05:00+00:00", "X resigns")):
        assert results.count_ended(replace(record, started=started).finish(Result(1, reason))) is None
    assert results.of("tictactoe", "bot.py") == Score(won=1, forfeits=1)


def test_results_are_kept_apart_for_each_board(tmp_path):
    """A win at 7x7 Hex counted as one at 19x19 (and 15x15 tic-tac-toe's five in a row as 3x3's):
    the results were kept per game and level alone.  Now each board counts apart; an option that
    makes no other board (the swap rule) shares its board's count."""
    results = Tally(tmp_path / "results.json")
    gomoku = {"width": 15, "height": 15, "k": 5}
    results.add("hex", "level-3", "won", options={"size": 7})
    results.add("hex", "level-3", "lost", options={"size": 19, "swap": True})
    results.add("hex", "level-3", "lost", options={"size": 19})
    results.add("tictactoe", "level-2", "won", options=gomoku)
    assert results.of("hex", "level-3", {"size": 7}) == Score(won=1)
    assert results.of("hex", "level-3", {"size": 19, "swap": True}) == Score(lost=2)
    assert results.of("hex", "level-3") == Score()  # the usual 11x11: none there
    assert results.of("tictactoe", "level-2", gomoku) == Score(won=1)
    assert results.of("tictactoe", "level-2", {**gomoku, "k": 4}) == Score() == results.of("tictactoe", "level-2")
    assert results.games() == 4
    assert results.other_boards("hex", "level-3", {"size": 7}) == [({"size": 19}, Score(lost=2))]
    assert tally.board_options("hex", "size=19") == {"size": 19}
    assert tally.board_options("hex", "size=big") is None and tally.board_options("hex", "rings=3") is None


def test_an_older_file_without_boards_is_read_under_each_games_usual_board_with_nothing_lost(tmp_path):
    """A version 1 file named no board: its counts are each game's usual board's (the file does
    not say another), its forfeits too, and a game this install lacks is kept as it was; the next
    count writes them all again with their boards."""
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"format": "tabuleiro-results", "version": 1, "counted": ["k1"],
                                "results": {"hex": {"level-1": [3, 0, 1]}, "reversi": {"level-3": [1, 1, 0]},
                                            "go": {"level-1": [1, 0, 0]}},
                                "forfeits": {"tictactoe": {"bot.py": 2}}}), encoding="utf-8")
    results = Tally(path)
    assert results.of("hex", "level-1") == Score(3, 0, 1) and results.of("hex", "level-1", {"size": 19}) == Score()
    assert results.of("reversi", "level-3", {"size": 8}) == Score(1, 1, 0)
    assert results.of("tictactoe", "bot.py") == Score(forfeits=2) and results.games() == 9
    assert results.add("hex", "level-1", "won", options={"size": 19}) is None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == tally.VERSION and data["counted"] == ["k1"]
    assert data["results"]["hex"] == {"size=11": {"level-1": [3, 0, 1]}, "size=19": {"level-1": [1, 0, 0]}}
    assert data["results"]["go"] == {"": {"level-1": [1, 0, 0]}}
    assert data["forfeits"] == {"tictactoe": {"width=3 height=3 k=3": {"bot.py": 2}}}
    assert results.games() == 10 and not list(tmp_path.glob("results.json.corrupt-*"))


def test_a_file_of_this_version_whose_counts_name_no_board_is_damaged_and_moved_aside(tmp_path):
    path = tmp_path / "results.json"
    text = json.dumps({"format": "tabuleiro-results", "version": tally.VERSION, "results": {"hex": {"level-1": [1, 0, 0]}}})
    path.write_text(text, encoding="utf-8")
    problem = Tally(path).add("hex", "level-1", "won")
    assert problem.startswith("Your results could not be read (its 'results' for Hex is not an object of boards)")
    [aside] = tmp_path.glob("results.json.corrupt-*")
    assert aside.read_text(encoding="utf-8") == text and Tally(path).of("hex", "level-1") == Score(won=1)


def test_the_new_game_screen_says_the_results_on_the_board_chosen(app):
    """Hex's results against a level were one line whatever the size chosen.  The line names the
    board and follows the size as the player steps it with the keys; a line under it says the
    other boards played against that level, smallest first."""
    for outcome in ("won", "won", "lost"):
        tally.TALLY.add("hex", "level-1", outcome, options={"size": 7})
    tally.TALLY.add("hex", "level-1", "lost")
    tally.TALLY.add("hex", "level-1", "forfeit", options={"size": 19})
    tally.TALLY.add("hex", "level-2", "won", options={"size": 9})  # another level: not said
    app.show_setup(game_id="hex")
    app.run_frames(2)
    scene = app.scene
    scene._options()["size"] = 11  # whatever an earlier test left
    scene._set_computer("level-1")  # as the Computer selector does
    app.run_frames(2)


    def shown() -> list[str]:
        return [w.get_title() for w in app.scene.menu.get_widgets() if w.get_title().startswith(("You against", "Other"))]

    nineteen = "19x19 0-0 +1 by forfeit"  # Hex cannot end drawn: no draws said
    assert shown() == ["You against Level 1 at 11x11: 0 won · 1 lost",
                       f"Other boards (won-lost): 7x7 2-1 · {nineteen}"]
    app.scene.menu.select_widget(app.scene.menu.get_widget("opt-size"))
    for _ in range(4):
        key(app, pygame.K_LEFT)
    assert app.scene._options()["size"] == 7
    assert shown() == ["You against Level 1 at 7x7: 2 won · 1 lost",
                       f"Other boards (won-lost): 11x11 0-1 · {nineteen}"]
    key(app, pygame.K_LEFT)
    assert shown() == [f"Other boards (won-lost): 7x7 2-1 · 11x11 0-1 · {nineteen}"]


def test_a_game_on_another_board_counts_on_that_board_and_its_card_says_which(app):
    """A won game of 4x3 tic-tac-toe was counted as one of 3x3, the game's usual board."""
    app.start_game(MatchSetup("tictactoe", {"width": 4, "height": 3}, HUMAN_VS_PC, (None, "level-1"), 0.05,
                              start="to-move: X\nXX..\nOO..\n...."))
    app.run_frames(2)
    scene = app.scene
    scene.play_human([scene.game.parse_move(scene.state, "c1")])
    assert scene.is_over() and scene.winner() == 0
    autosaves_written()
    app.run_frames(1)  # the frame that takes the writer's report
    assert tally.TALLY.of("tictactoe", "level-1", {"width": 4, "height": 3}) == Score(won=1)
    assert tally.TALLY.of("tictactoe", "level-1") == Score()
    assert "You against Level 1 at 4x3, 3 in a row: 1 won · 0 drawn · 0 lost" in result_lines(scene)


def test_a_game_found_ended_among_the_unfinished_counts_on_its_own_board(tmp_path):
    """``count_ended`` (a window killed before its count) counted a 7x7 Hex game as one of 11x11."""
    from games.record import GameRecord
    from games.record_parts import Result, Side

    record = GameRecord.start(games.load("hex", size=7), (Side(None, "You"), Side("level-2", "Level 2")))
    record.setup = {"mode": HUMAN_VS_PC}
    results = Tally(tmp_path / "results.json")
    assert results.count_ended(record.finish(Result(0, "Blue joins its edges"))) is None
    assert results.of("hex", "level-2", {"size": 7}) == Score(won=1) and results.of("hex", "level-2") == Score()


MANY_BOARDS = {3: "l", 5: "w", 7: "wwwwwwlll", 9: "wl", 13: "d", 15: "wwd", 17: "l", 19: "wwwl"}
"""Hex against Level 1 on eight sizes besides 11x11, as "w", "d" and "l" for won, drawn and lost."""


def test_the_other_boards_line_stays_one_short_line_in_sight_for_a_game_played_on_many_sizes(app):
    """Hex played on eight other sizes said each as "7x7 (6 won · 0 drawn · 3 lost)": three lines,
    the last two below the fold of the form at 1280x800.  The line says the three boards most
    played, smallest first, each as "7x7 6-0-3", and how many more, in sight in either language;
    the size stepped with the keys takes its board out of the line and puts the one left into it."""
    for size, outcomes in MANY_BOARDS.items():
        for said in outcomes:
            tally.TALLY.add("hex", "level-1", {"w": "won", "d": "drawn", "l": "lost"}[said], options={"size": size})
    tally.TALLY.add("hex", "level-1", "forfeit", options={"size": 19})
    tally.TALLY.add("hex", "level-1", "won", options={"size": 11})
    app.last_setup_choices().mode = HUMAN_VS_PC
    app.show_setup(game_id="hex")
    app.run_frames(2)
    app.scene._options()["size"] = 11  # whatever an earlier test left
    app.scene._set_computer("level-1")  # as the Computer selector does
    app.run_frames(2)

    def other_boards() -> pygame_menu.widgets.Label:
        [label] = [w for w in app.scene.menu.get_widgets() if w.get_title().startswith(("Other", "Outros"))]
        return label

    def in_sight(label: pygame_menu.widgets.Label) -> bool:
        """Whether the form's view shows the label's text whole (its rectangle on the window is cut to the view)."""
        return label.get_rect(to_real_position=True).height >= label.get_height() - label.get_padding()[2]

    label = other_boards()
    assert label.get_title() == "Other boards (won-drawn-lost): 7x7 6-0-3 · 15x15 2-1-0 · 19x19 3-0-1 +1 by forfeit and 5 more"
    assert len(label.get_lines()) == 1 and in_sight(label)
    app.scene.menu.select_widget(app.scene.menu.get_widget("opt-size"))
    for _ in range(8):
        key(app, pygame.K_RIGHT)
    assert app.scene._options()["size"] == 19
    assert other_boards().get_title() == "Other boards (won-drawn-lost): 7x7 6-0-3 · 9x9 1-0-1 · 15x15 2-1-0 and 5 more"
    with in_language(app, "pt"):
        app.show_setup(game_id="hex")  # the form opened again, as from Settings, on the choices made
        app.run_frames(2)
        label = other_boards()
        assert label.get_title() == "Outros tabuleiros (vitórias-empates-derrotas): 7x7 6-0-3 · 9x9 1-0-1 · 15x15 2-1-0 e mais 5"
        assert in_sight(label)  # under Hex's summary of two lines: the notes close up to keep it above the fold


@pytest.mark.parametrize(("game_id", "at"), [("hex", " at 11x11"), ("rastros", " at 8x8")])
def test_a_game_that_cannot_end_drawn_says_no_draws_in_its_results(game_id, at):
    """The record against the computer said "0 drawn" for Hex and Rastros, which cannot end drawn
    (``GameInfo.can_draw``), as the friends' session score no longer does."""
    said = tally.results_line(game_id, "Level 1", Score(won=2, lost=1), tally.board_words(game_id))
    assert said == f"You against Level 1{at}: 2 won · 1 lost"


def test_the_other_boards_of_a_game_that_cannot_end_drawn_say_no_draws():
    """New game's line of Hex's other boards said "7x7 3-0-2" under "(won-drawn-lost)"."""
    said = tally.other_boards_line("hex", [({"size": 7}, Score(won=3, lost=2)), ({"size": 9}, Score(lost=1))])
    assert said == "Other boards (won-lost): 7x7 3-2 · 9x9 0-1"


def test_a_game_that_can_end_drawn_still_counts_its_draws_at_none():
    """Reversi's draws are said even at none: a draw can happen there."""
    said = tally.results_line("reversi", "Level 1", Score(won=2, lost=1), "8x8")
    assert said == "You against Level 1 at 8x8: 2 won · 0 drawn · 1 lost"
    assert tally.other_boards_line("reversi", [({"size": 6}, Score(won=1))]) == "Other boards (won-drawn-lost): 6x6 1-0-0"
