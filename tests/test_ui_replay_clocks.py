"""The clocks in the replay: a game played on a clock shows both clocks as they stood at the move
shown (the side to move's lit, as on the game screen), the time its last move took beside the
ply, and each move's time beside it in the move list where every one fits; a game on no clock
shows none.  Headless: games played by posted clicks and opened from Saved games with Enter, or a
GGS game dropped on the window, stepped with the arrow keys; the game screen's clock stands still
(``stopped_time``) so each move takes the seconds the test gives it."""

from __future__ import annotations

import importlib
import re
import time
import types

import pygame
import pytest

import games
from games.move_numbers import times_taken
from games.record import GameRecord
from games.record_parts import Side
from tests.test_othello_ggf import GGS_ARCHIVE_GAME
from tests.ui_helpers import (
    click,
    drop,
    first_legal_line,
    in_language,
    key,
    recorded_draws,
    window_for_a_test,
)
from ui.clocks import reading_text
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.records import RecordsScene
from ui.scenes.replay import ReplayScene

READING = re.compile(r"\d+:\d\d(?:[.,]\d)?")  # "4:59", "0:07.5", "0:07,5" (``ui.clocks.reading_text``)


@pytest.fixture
def stopped_time(monkeypatch):
    """The game screen's clock (``time.monotonic`` in ``ui.scenes.game`` and its parts) stands
    still; ``pass_seconds(n)`` moves it on by ``n`` at once, however slow the machine."""
    now = [1000.0]
    frozen = types.SimpleNamespace(**{name: getattr(time, name) for name in dir(time) if not name.startswith("_")})
    frozen.monotonic = lambda: now[0]
    for part in ("game", "game_commands", "game_computer", "game_mouse", "game_over", "game_panel"):
        module = importlib.import_module(f"ui.scenes.{part}")
        if hasattr(module, "time"):  # the panel reads the computer's time from ``ComputerMoves``
            monkeypatch.setattr(module, "time", frozen)

    def pass_seconds(seconds: float) -> None:
        now[0] += seconds

    return pass_seconds


# X takes b2, a1 and c3 (a diagonal: X wins), O a2 and a3; the seconds each move took, on 1m+0s
PLAYED = [("b2", 4.0), ("a2", 12.0), ("a1", 2.5), ("a3", 40.5), ("c3", 0.5)]
CLOCKS = [("1:00", "1:00"), ("0:56", "1:00"), ("0:56", "0:48"), ("0:53", "0:48"), ("0:53", "0:07.5"),
          ("0:53", "0:07.5")]  # both clocks after each ply, as the game screen read them
TAKEN = ["0:04.0", "0:12", "0:02.5", "0:40", "0:00.5"]


def tictactoe_played_on_a_clock(app, pass_seconds) -> None:
    """A hot-seat Tic-tac-toe game on a 1m+0s clock, played to its end by clicks on the board,
    each move after ``PLAYED``'s seconds."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, clock="1m+0s"))
    app.switch(scene)
    app.run_frames(2)  # X's clock starts
    for cell, seconds in PLAYED:
        pass_seconds(seconds)
        click(app, scene.view.cell_rect(int(cell[1]) - 1, "abc".index(cell[0])).center)
    assert [p.text for p in scene.history] == [cell for cell, _seconds in PLAYED] and scene.is_over()


def opened_from_saved_games(app) -> ReplayScene:
    """The newest game of Saved games opened with Enter, as a player opens it after the main menu
    (which keeps a game over among the finished ones)."""
    app.show_menu()
    app.run_frames(2)
    app.switch(RecordsScene(app))
    app.run_frames(2)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    return app.scene


def panel_after(app, monkeypatch, k: int | None = None) -> list:
    """The strings the replay draws (the whole of it) after the key ``k`` is pressed, if any."""
    if k is not None:
        key(app, k)
    with monkeypatch.context() as patch:
        drawn = recorded_draws(patch)
        app.scene.draw(app.screen)
    return drawn


def clocks_drawn(drawn: list) -> list:
    """The clocks drawn: readings in bold (the move list's times are not), in the order drawn (the first side's first)."""
    return [d for d in drawn if d.bold and READING.fullmatch(d.value)]


def times_in_the_list(drawn: list, scene: ReplayScene) -> list[str]:
    """The readings drawn in the move list's cells (each move's time)."""
    return [d.value for d in drawn if not d.bold and READING.fullmatch(d.value)
            and any(cell.colliderect(d.rect) for cell, _ply in scene.move_rows)]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_clocked_game_played_in_the_window_shows_both_clocks_at_every_move_in_its_replay(
        app, monkeypatch, stopped_time, language):
    tictactoe_played_on_a_clock(app, stopped_time)
    replay = opened_from_saved_games(app)
    theme = replay.theme
    with in_language(app, language):
        key(app, pygame.K_HOME)
        for ply in range(len(PLAYED) + 1):
            drawn = panel_after(app, monkeypatch, None if ply == 0 else pygame.K_RIGHT)
            assert replay.ply == ply
            clocks = clocks_drawn(drawn)
            wanted = [text.replace(".", ",") if language == "pt" else text for text in CLOCKS[ply]]
            assert [c.value for c in clocks] == wanted, ply
            over = ply == len(PLAYED)
            lit = [c.color[:3] == theme.panel for c in clocks]  # a lit clock's digits are the panel's colour
            assert lit == ([False, False] if over else [ply % 2 == 0, ply % 2 == 1]), ply
            texts = [d.value for d in drawn]
            if ply:
                took = TAKEN[ply - 1].replace(".", ",") if language == "pt" else TAKEN[ply - 1]
                said = ("{move} demorou {time}" if language == "pt" else "{move} took {time}").format(
                    move=PLAYED[ply - 1][0], time=took)
                assert any(said in text for text in texts), texts
            else:
                assert not any(" took " in text or " demorou " in text for text in texts)
            shown = [t.replace(",", ".") for t in times_in_the_list(drawn, replay)]
            assert shown == TAKEN[:len(shown)] and len(shown) == len(PLAYED)  # every move's time, beside it


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_clocked_games_replay_says_its_time_control_at_every_move(app, monkeypatch, stopped_time, language):
    """The replay of a game played on a clock gave both clocks' readings and each move's time, and
    nowhere the time control the game was played on (nor its increment).  Opened from Saved
    games, its panel says it at every move, from the clock its record keeps: in New game's words
    ("Clock: 1 min + 0 s") or, where they would take a line more, as chess players write it
    ("Clock: 1+0"), labelled."""
    from ui.clocks import time_control_forms

    tictactoe_played_on_a_clock(app, stopped_time)
    replay = opened_from_saved_games(app)
    with in_language(app, language):
        words, labelled, _bare = time_control_forms(replay.record.setup["clock"])
        assert words.endswith(" 1 min + 0 s") and labelled.endswith(" 1+0")
        key(app, pygame.K_HOME)
        for ply in range(len(PLAYED) + 1):
            texts = [d.value for d in panel_after(app, monkeypatch, None if ply == 0 else pygame.K_RIGHT)]
            assert {words, labelled} & {part for text in texts for part in text.split(" · ")}, (ply, texts)


@pytest.mark.parametrize("size, language, text_size, game_id", [
    ((800, 600), "en", 1.5, "hex"), ((800, 600), "pt", 1.5, "hex"), ((800, 600), "pt", 1.25, "trax"),
    ((800, 560), "en", 1.25, "reversi")])
def test_a_clocked_replay_with_full_move_lines_says_its_time_control_beside_its_title(
        app, monkeypatch, size, language, text_size, game_id):
    """In 12 of 144 layouts (800x560, 800x600 and 1024x768, Larger text and some at 1.25) the lines
    under the players had no room for the time control, and the replay of a clocked game said it
    nowhere.  It stands beside the title, before the date, as the game panel puts its "5+3" beside
    its title, the title kept whole."""
    from tests.test_ui_replay_rows import played_game
    from ui.clocks import time_control_forms
    from ui.i18n import _

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.settings.text_size = text_size
    with in_language(app, language):
        record = played_game(game_id, True)
        record.setup["clock"] = "5m+3s"
        forms = time_control_forms(record.setup["clock"])
        app.open_replay(record, ply=len(record.moves) // 2)
        app.run_frames(2)
        drawn = panel_after(app, monkeypatch)
        title = next(d for d in drawn if d.bold and d.value == _(app.scene.game.info.title))
        said = [d for d in drawn if any(part in forms for part in d.value.split(" · "))]
        assert said and said[0].rect.centery in range(title.rect.top, title.rect.bottom), (said, title)
        assert title.rect.right < said[0].rect.left and not title.value.endswith("…"), (title, said)


def test_a_ggs_game_dropped_steps_through_its_clocks_and_each_moves_time(app, monkeypatch, tmp_path):
    path = tmp_path / "Othello.01e4.ggf"
    path.write_text(GGS_ARCHIVE_GAME, encoding="utf-8")
    drop(app, path)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    key(app, pygame.K_HOME)
    steps = []
    for _step in range(3):  # E6 4.09 s, F4 0.93 s, C3 5.52 s of a 15-minute clock
        drawn = panel_after(app, monkeypatch, pygame.K_RIGHT)
        steps.append(([c.value for c in clocks_drawn(drawn)], [d.value for d in drawn]))
    assert [clocks for clocks, _texts in steps] == [["14:55", "15:00"], ["14:55", "14:59"], ["14:50", "14:59"]]
    assert "c3 took 0:05.5" in " ".join(steps[2][1])
    drawn = panel_after(app, monkeypatch, pygame.K_END)
    assert [c.value for c in clocks_drawn(drawn)] == ["10:55", "14:57"]  # 900 less each side's times (and the passes')
    assert not any(c.color[:3] == replay.theme.panel for c in clocks_drawn(drawn))  # over: no clock runs


def test_a_game_on_no_clock_shows_no_clock_nor_move_time(app, monkeypatch):
    game = games.load("tictactoe")
    moves = ["b2", "a1", "c3"]
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"})
    app.open_replay(record.with_moves(moves, game.play_line(moves)), ply=0)
    app.run_frames(2)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT):
        drawn = panel_after(app, monkeypatch, k)
        assert not [d.value for d in drawn if READING.fullmatch(d.value)]
        assert not any(" took " in d.value or "Clock:" in d.value for d in drawn)  # nor a time control


def test_a_ggf_with_a_clock_and_no_move_times_shows_no_made_up_clocks(app, monkeypatch, tmp_path):
    path = tmp_path / "untimed.ggf"
    path.write_text(re.sub(r"/(?:-?[\d.]+)?/[\d.]+\]", "]", GGS_ARCHIVE_GAME), encoding="utf-8")
    drop(app, path)
    assert isinstance(app.scene, ReplayScene) and app.scene.record.setup["clock"] == "15m+0s"
    drawn = panel_after(app, monkeypatch, pygame.K_LEFT)
    assert not [d.value for d in drawn if READING.fullmatch(d.value)]


def alquerque_on_a_clock(plies: int = 12) -> GameRecord:
    """An Alquerque game of each side's first legal move (every move at least "c2-c3"), both sides
    2 s a move on a 5m+0s clock, with both clocks after every move."""
    game = games.load("alquerque")
    moves, state = first_legal_line(game.initial_state(), plies)
    readings = [[300.0 - 2 * (ply // 2 + ply % 2), 300.0 - 2 * (ply // 2)] for ply in range(plies + 1)]
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")),
                              {"mode": "hotseat", "clock": "5m+0s", "clock_readings": readings})
    return record.with_moves(moves, state)


@pytest.mark.parametrize(("size", "text_size", "in_the_list"), [
    ((1280, 800), 1.0, True), ((800, 560), 1.0, True), ((800, 560), 1.5, True), ((1024, 768), 1.5, False),
])
def test_the_move_list_gives_each_moves_time_where_every_one_fits_and_the_panel_always_gives_the_last(
        tmp_path, monkeypatch, size, text_size, in_the_list):
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.text_size = text_size
        app.apply_settings()
        app.open_replay(alquerque_on_a_clock(), ply=0)
        app.run_frames(2)
        drawn = panel_after(app, monkeypatch, pygame.K_RIGHT)
        scene = app.scene
        first = scene.shown_moves()[0]
        assert any(f"{first} took 0:02.0" in d.value for d in drawn)
        assert bool(times_in_the_list(drawn, scene)) == in_the_list
        if in_the_list:  # the first move's time at its cell's right, clear of the move
            cell = next(rect for rect, ply in scene.move_rows if ply == 1)
            inside = [d for d in drawn if cell.contains(d.rect)]
            move = next(d for d in inside if d.value == first)
            took = next(d for d in inside if READING.fullmatch(d.value))
            assert took.value == "0:02.0" and took.rect.left > move.rect.right


def test_a_moves_time_is_counted_to_the_millisecond_the_clocks_are_kept_in():
    """1.2 s on a 5m+3s clock (300 to 301.8) came out 1.1999999 s, read "0:01.1"."""
    [took] = times_taken([(300.0, 300.0), (301.8, 300.0)], [0], 3.0)
    assert took == 1.2 and reading_text(took) == "0:01.2"


def test_a_flag_that_fell_reads_zero_at_the_games_end_in_the_replay(app, monkeypatch, stopped_time):
    """O thought past its minute after X's b2: the replay's last ply shows O's clock run out, red,
    beside X's as it stood, and how long X's b2 took."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, clock="1m+0s"))
    app.switch(scene)
    app.run_frames(2)
    stopped_time(4.0)
    click(app, scene.view.cell_rect(1, 1).center)
    stopped_time(61.0)
    app.run_frames(2)
    assert scene.is_over() and "lost on time" in scene.recorder.record.result.reason
    replay = opened_from_saved_games(app)
    assert replay.ply == 1
    clocks = clocks_drawn(panel_after(app, monkeypatch))
    assert [c.value for c in clocks] == ["0:56", "0:00.0"]
    assert clocks[1].color[:3] == replay.theme.invalid and clocks[0].color[:3] == replay.theme.text
    drawn = panel_after(app, monkeypatch, pygame.K_LEFT)
    assert [c.value for c in clocks_drawn(drawn)] == ["1:00", "1:00"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_game_screens_move_list_gives_each_moves_time_as_its_replay_does(app, monkeypatch, stopped_time, language):
    """Browsing back through a live clocked game, the game screen's list gave no move's time
    where the replay's gives every one: both lists give them now, where every one fits."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, clock="1m+0s"))
    app.switch(scene)
    app.run_frames(2)
    for cell, seconds in PLAYED[:4]:  # the game goes on: X's c3 is still to come
        stopped_time(seconds)
        click(app, scene.view.cell_rect(int(cell[1]) - 1, "abc".index(cell[0])).center)
    with in_language(app, language):
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert scene.browsing == 2 and not scene.is_over()
        with monkeypatch.context() as patch:
            drawn = recorded_draws(patch)
            scene.draw(app.screen)
        cells = [cell for cell, _plies in scene.panel.move_cells]
        times = [d.value for d in drawn if not d.bold and READING.fullmatch(d.value)
                 and any(cell.colliderect(d.rect) for cell in cells)]
        assert [t.replace(",", ".") for t in times] == TAKEN[:4]
        if language == "pt":
            assert "0:04,0" in times
