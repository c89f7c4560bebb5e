"""The tournament screen: after the end the board shows the last game; replays name the players
as the screen does; crosstable cells read "1 of 2"; ratings only from enough games, with their
real interval."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
import pytest

import games
from ai.tournament_standings import Standing
from tests.held_tournament import held_games_fixture  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import (
    click,
    drop,
    in_language,
    key,
    leave_tournament,
    recorded_draws,
    recorded_text,
    recorded_text_rects,
    tournament_started,
    type_text,
    wait,
    words_in,
)
from ui.background_writer import WRITER
from ui.scenes.tournament import TournamentScene
from ui.scenes.tournament_results import MIN_RATED_GAMES, STANDINGS_TITLE, elo_label


def other_game(app, scene: TournamentScene, step: int = 1) -> None:
    """A click on the right half of the game's chooser (``step`` 1: the next game) or on its left
    half (-1: the one before)."""
    rect = scene.game_chooser.rect
    click(app, (rect.right - 10 if step > 0 else rect.x + 10, rect.centery))


def labelled(scene: TournamentScene, prefix: str):
    """The scene's button whose label starts with ``prefix`` ("Start", "Games per pair")."""
    return next(b for b in scene.buttons if b.label.startswith(prefix))


def test_a_finished_tournament_shows_its_last_game_and_replays_name_the_players(app):
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=False)  # not held for the board
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    app.run_frames(5)
    app.invalidate()
    app.run_frames(2)
    assert scene.recent and scene.watching is not None and scene.watching in scene.live
    replayed = []
    scene.on_replay = replayed.append
    scene._replay()
    assert replayed and {p.title for p in replayed[0].players} <= {"Level 1", "Level 2"}


def test_a_game_replayed_from_the_tournament_is_dated_when_it_ended(app, tmp_path):
    """Replay game (R) made the record from the result alone, dated now: a game that ended an hour
    before (or before a Resume, days before) said "Ended" at the moment R was pressed.  It is dated
    as its results log says, as Saved games dates it; the log's time here set back a day."""
    from ui.autosave_words import record_date_text
    from ui.scenes.replay import ReplayScene

    folder = tmp_path / "tournaments"
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, folder, watch=False)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running()
                and len(scene.recent) == scene.tournament.total, 120)
    log = Path(scene.tournament.log_file)
    lines = log.read_text(encoding="utf-8").splitlines(keepends=True)
    log.write_text(lines[0] + "".join(re.sub(r'"ended":"[^"]*"', '"ended":"2026-01-02T03:04:05+00:00"', line)
                                       for line in lines[1:]), encoding="utf-8")
    assert log.read_text(encoding="utf-8").count("2026-01-02T03:04:05") == len(lines) - 1 == 2
    app.run_frames(2)
    key(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.record.updated == app.scene.record.finished == "2026-01-02T03:04:05+00:00"
    assert record_date_text(app.scene.record).startswith("Ended 2026-01-02")


def test_ratings_need_enough_games_and_show_their_interval():
    few = Standing("a", games=4, points=4.0, elo=95.0, elo_low=95.0, elo_high=95.0, elo_bound=">")
    assert elo_label(few) == "–"
    perfect = Standing("a", games=MIN_RATED_GAMES, points=8.0, elo=300.0, elo_low=300.0, elo_high=300.0,
                       elo_bound=">")
    assert elo_label(perfect) == "above +300"  # never "± 0"
    usual = Standing("a", games=20, points=12.0, elo=70.0, elo_low=-20.0, elo_high=170.0)
    assert elo_label(usual) == "+70 ±100"  # give or take its farther end: "+70 (-20..+170)" read as a sum
    # a narrow table (800x560, Portuguese): the interval ran into the forfeits column
    assert elo_label(usual, interval=False) == "+70" and elo_label(perfect, interval=False) == "above +300"


def test_a_rating_with_an_open_end_says_so_in_words():
    """An end at the cap was written ">+437": the column says "at least", the row's click says the
    rest (tests/test_ui_tournament_elo.py); the command line's report keeps its notation."""
    strong = Standing("a", games=20, points=18.0, elo=250.0, elo_low=88.0, elo_high=437.0, elo_high_open=True)
    weak = Standing("b", games=20, points=2.0, elo=-250.0, elo_low=-437.0, elo_high=-88.0, elo_low_open=True)
    assert elo_label(strong) == "+250, at least +88" and elo_label(weak) == "-250, at most -88"
    assert strong.elo_text() == "+250 (+88..>+437)"


def test_a_tournament_too_short_for_ratings_says_so_instead_of_promising_them(app, monkeypatch):
    """Two players, a game each way: 2 games each, never the 8 a rating needs.  The chart said
    "Ratings appear after 8 games each" to the end, ratings that never came (the saved report
    and the command line gave figures for the same games); it says why, and what gives them.
    Drawn once the screen has taken in both results (not watched: each as it comes): the run's
    thread can end after a frame's look at its events, and a screen drawn at once then showed
    one game, or none, in its tables (seen with the frames slowed as on a loaded machine)."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=False)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running()
                and len(scene.recent) == scene.tournament.total, 120)
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    text = " ".join(t for t, _rect in drawn)
    assert "Ratings appear after" not in text
    assert "No ratings: they need 8 games played each, and none plays more than 2 here." in text, text
    assert "More games per pair give them." in text, text
    assert [elo_label(st) for st in scene.tournament.standings()] == ["–", "–"]


def test_the_saved_report_rates_no_one_the_window_does_not(app, tmp_path):
    """The window's table gave "–" after 2 games each, and the report it saves (S) "+0
    (<-225..>+225)" for the same players: one rule now (ai.tournament_standings.MIN_RATED_GAMES), said in
    the report's .txt, .md and .html with why, the game named as the window names it."""
    from tests.ui_helpers import key

    folder = tmp_path / "tournaments"
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, folder)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    key(app, pygame.K_s)
    assert wait(app, lambda: len(list(folder.glob("*.html"))) == 1, 30)
    why = "No ratings: they need 8 games played each, and none plays more than 2 here. More games per pair give them."
    for suffix in (".txt", ".md", ".html"):
        text = next(folder.glob(f"*{suffix}")).read_text(encoding="utf-8")
        assert "Tic-tac-toe round robin: 2 players, 2 games" in text and "tictactoe round" not in text, suffix
        assert why in text and not re.search(r"[<>]?[+-]\d+ \(", text), suffix  # no "+0 (<-225..>+225)"


def test_the_latest_results_name_each_games_winner_as_saved_games_does(app):
    """The latest results read "1. Level 1 - Level 3  0-1  North reached 1-8": who won was left to
    the 1-0 and to who played North.  Each line names the winner (``words.won_by``, the Saved
    games rows' words), and a click on one says that line whole."""
    scene = tournament_started(app, "rastros", {"level-1", "level-3"}, watch=False)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    app.invalidate()
    app.run_frames(2)
    assert len(scene._recent_rects) == 2
    for _rect, number, line in scene._recent_rects:
        result = scene.tournament.results[number]
        a, b = (scene._name(pid) for pid in result.players)
        winner = (a, b)[result.winner]
        score = "1-0" if result.winner == 0 else "0-1"
        assert line.startswith(f"{number}. {a} - {b}  {score}  {winner} wins ("), line
        assert line.endswith(")") and winner in ("Level 1", "Level 3"), line
    rect, _number, line = scene._recent_rects[0]
    click(app, rect.center)
    assert scene.messages.items[-1].text == line


def test_crosstable_points_are_written_in_halves():
    """"3.5 of 4" did not fit a crosstable cell at 800x560 ("3.5 d…"): "3½ of 4" does."""
    from ai.tournament_standings import half_points

    assert [half_points(p) for p in (0.0, 0.5, 1.0, 3.5, 11.5, 28.0)] == ["0", "½", "1", "3½", "11½", "28"]


def test_the_setup_takes_clicks_and_typing_and_a_started_tournament_stops(app, monkeypatch, tmp_path):
    """Every setup control by the mouse (game arrows, an option, games per pair, openings, time,
    processes, watching, the players), the outside player's field by keyboard and Ctrl+V, then a
    tournament started, stopped and replaced by a new setup -- no error caught by the window.
    Its players are Level 1 and the bot Ana, which holds its first move in each game until the
    test ends (``held_bots``, at 600 s a move): two levels' games could all end before Stop."""
    import pygame

    from tests.outside_bots import held_bots
    from tests.ui_helpers import click, key
    from ui import clipboard
    from ui.scenes import tournament_run

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.outside["tictactoe"] = held_bots(tmp_path / "bots", 1, tmp_path / "go-on", names=("ana",))
    scene.invalidate()
    app.run_frames(2)

    first_game = scene.game_id
    other_game(app, scene)
    assert scene.game_id != first_game
    other_game(app, scene, -1)
    assert scene.game_id == first_game
    option = scene.option_buttons[0]
    before = option.label
    click(app, option.rect.center)
    assert option.label != before
    for prefix in ("Games per pair", "Random opening moves", "Time per move", "Watch the games"):
        before = labelled(scene, prefix).label
        click(app, labelled(scene, prefix).rect.center)
        assert labelled(scene, prefix).label != before, prefix
    start = labelled(scene, "Start")
    for player in scene.player_buttons:  # every player off: nothing to start
        if player.active:
            click(app, player.rect.center)
    assert not scene.selected and not start.enabled
    click(app, start.rect.center)
    assert scene.tournament is None
    click(app, scene.entry.rect.center)
    assert scene.entry.focus
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="gtp:x"))
    app.run_frames(2)
    key(app, pygame.K_BACKSPACE)
    monkeypatch.setattr(clipboard, "get_text", lambda: "python3 bot.py\n")
    key(app, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert scene.entry.text == "gtp:python3 bot.py"
    key(app, pygame.K_ESCAPE)  # leaves the field, not the screen
    assert not scene.entry.focus and app.scene is scene

    monkeypatch.setattr(tournament_run, "TIMES", (600.0,) * len(tournament_run.TIMES))  # Ana's held move not lost on time
    ana = next(b for b in scene.player_buttons if b.label.startswith("Ana"))
    for player in (scene.player_buttons[0], ana):
        click(app, player.rect.center)
    assert len(scene.selected) == 2 and start.enabled
    click(app, start.rect.center)
    assert wait(app, lambda: scene.tournament is not None and scene.running, 120)  # once Ana's file is loaded
    click(app, labelled(scene, "Stop").rect.center)
    assert app.run_frames(400, until=lambda: not scene.running, timeout=30)
    app.run_frames(1)  # the frame that shows the stopped run (its buttons)
    assert labelled(scene, "Resume").enabled and labelled(scene, "New tournament").enabled  # the games left can still be played
    click(app, labelled(scene, "New tournament").rect.center)
    assert scene.tournament is None and labelled(scene, "Start")
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene


def test_the_keyboard_alone_sets_a_tournament_up_and_starts_it(app, monkeypatch):
    """Only Esc and Enter had keys: a keyboard user could start the default tournament but not
    choose its game, settings or players.  Tab and Shift+Tab go round the controls, Space presses
    the one the keyboard is on, and the outside player's field takes typing while it is there.
    The participants' caption says Space as well as a click (it said "click" alone)."""
    from tests.ui_helpers import key, ringed, tab_to

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)

    key(app, pygame.K_TAB)  # the game, the first control (Back is last)
    assert ringed(scene) is scene.game_chooser and scene.game_chooser.focused
    key(app, pygame.K_SPACE)
    assert scene.game_id == "hex" and ringed(scene) is scene.game_chooser  # the buttons built again: still on the game
    key(app, pygame.K_LEFT)
    assert scene.game_id == "tictactoe"
    tab_to(app, scene, lambda stop: stop is labelled(scene, "Watch the games"))
    key(app, pygame.K_RETURN)  # Enter presses the control chosen, as in the menus
    assert scene.watch is False and scene.tournament is None
    tab_to(app, scene, lambda stop: stop is scene.player_buttons[4])  # Level 5, not chosen by default
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_SPACE)
    assert len(scene.selected) == 5
    assert "Participants (5 chosen): click, or Space on the one ringed, to add or remove" in drawn
    tab_to(app, scene, lambda stop: stop is scene.entry)
    assert scene.entry.focus
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="gtp:x"))
    app.run_frames(2)
    key(app, pygame.K_TAB)  # on to Add player: the field keeps its text and gives up the typing
    assert scene.entry.text == "gtp:x" and not scene.entry.focus and ringed(scene) is labelled(scene, "Add player")
    tab_to(app, scene, lambda stop: stop is labelled(scene, "Start"))
    key(app, pygame.K_RETURN)
    assert scene.tournament is not None and len(scene.tournament.player_ids) == 5


def class_of_thirty_listed(app) -> TournamentScene:
    """The tournament screen of Rastros with a class's thirty files listed beside our players (more
    than its grid of players shows at once), built and drawn."""
    scene = TournamentScene(app, "rastros")
    scene.outside["rastros"] = [(f"/class/aluno{i:02d}.py:jogador", f"Aluno {i:02d} (aluno{i:02d}.py)")
                                for i in range(1, 31)]
    app.switch(scene)
    scene._build()
    app.run_frames(2)
    return scene


def test_the_keyboard_reaches_the_participants_scrolled_out_of_the_grid(app):
    from tests.ui_helpers import key

    scene = class_of_thirty_listed(app)
    last = scene.player_buttons[-1]
    assert not last.visible
    for _ in range(len(scene._focus_stops())):
        if scene.key_focus.current(scene._focus_stops()) is scene.remove_buttons[-1]:
            break
        key(app, pygame.K_TAB)
    assert last.visible and scene.remove_buttons[-1].focused  # the grid scrolled to the last student
    key(app, pygame.K_SPACE)  # its "×": forgotten
    assert len(scene.player_buttons) == 40


def test_enter_adds_the_typed_player_in_the_field_and_starts_the_tournament_outside_it(app):
    """The setup had no key to start: Enter starts it once the field is left, and the buttons'
    hints say which of the two Enter does."""
    from tests.ui_helpers import click, key

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.selected = {"level-1", "level-2"}
    app.run_frames(2)
    add, start = (next(b for b in scene.buttons if b.label == label) for label in ("Add player", "Start tournament"))
    click(app, scene.entry.rect.center)
    app.run_frames(1)
    assert (add.key_hint, start.key_hint) == ("Enter", "")
    key(app, pygame.K_RETURN)  # an empty field: nothing to add, and no start
    assert scene.tournament is None and scene.entry.focus
    key(app, pygame.K_ESCAPE)
    app.run_frames(1)
    assert (add.key_hint, start.key_hint) == ("", "Enter")
    key(app, pygame.K_RETURN)
    # started: running, or already over (Level 1 and Level 2's four games of 3x3, in warm workers,
    # can all end within the frames of a loaded machine's key press)
    t = scene.tournament
    assert t is not None and (scene.running or len(t.results) == t.total)
    assert sorted(t.player_ids) == ["level-1", "level-2"]
    scene._stop_or_go_on()


def test_a_panel_title_longer_than_its_panel_takes_two_lines_then_is_shortened(app, monkeypatch):
    """The standings' title in Portuguese ran past its panel's edge at 800x560: a title takes two
    lines inside its panel, and what does not fit them is cut with an ellipsis."""
    from ui import text as tx

    scene = TournamentScene(app, "hex")
    app.switch(scene)
    drawn = recorded_text(monkeypatch)
    panel = pygame.Rect(10, 10, 200, 120)
    title = "Classificação (vitória 1, empate ½; Elo com média 0 e intervalo de 95%, a partir de 8 jogos)"
    inner = scene._panel(app.screen, app.theme, panel, title)
    size = int(15 * scene._scale())
    assert len(drawn) == 2 and drawn[1].endswith("…") and title.startswith(f"{drawn[0]} {drawn[1][:-1]}")
    assert all(tx.ui_font(size, True).size(line)[0] <= panel.width - int(24 * scene._scale()) for line in drawn)
    assert inner.top >= panel.top + 2 * tx.line_height(size, True)  # the panel's contents under both


def _played(app, scene, games: int, seconds: float = 120) -> None:
    """Frames until ``games`` games have finished and the screen has taken each of them in (its
    tables): a game is in the tournament's results a moment before its event reaches the screen
    (its log line is written between), and a test that looked at the tables then found one short."""
    assert wait(app, lambda: min(len(scene.tournament.results), len(scene.recent)) >= games, seconds), \
        (len(scene.tournament.results), len(scene.recent), games)


def test_leaving_a_tournament_keeps_the_games_it_finished(app, tmp_path):
    """Esc during a tournament (or New tournament, or closing the window) stopped it and threw its
    finished games away unless Save had been pressed: they are saved on the way out, and the
    window says where."""
    import json

    import ai.commands.tournament  # noqa: F401 - imported by the save: now it is quick, as it is the second time

    # 12 games of about a second: still running when left (Tic-tac-toe's workers could play all 18
    # before the screen saw the first, and a stop keeps every game already sent)
    scene = tournament_started(app, "hex", {"level-1", "level-2", "level-3"}, tmp_path / "tournaments",
                               games_choice=1)
    _played(app, scene, 1)
    leave_tournament(app)
    assert not isinstance(app.scene, TournamentScene)
    # written once the tournament's thread has ended (it may collect a last game), off the window's thread
    assert scene.tournament.join(30) and WRITER.wait(30)
    app.run_frames(1)  # the frame that says it
    saved = sorted((tmp_path / "tournaments").glob("*.json"))
    assert len(saved) == 1
    kept = json.loads(saved[0].read_text(encoding="utf-8"))
    assert len(kept["games"]) == len(scene.tournament.results) >= 1
    # saved as stopped early, as the Stop button does (it was saved as if finished)
    assert kept["cancelled"] is True
    assert "(stopped early: " in saved[0].with_suffix(".txt").read_text(encoding="utf-8").splitlines()[0]
    assert any(saved[0].with_suffix(".md").name in m.text and str(saved[0].parent) in m.text for m in app.messages.items)


def test_leaving_through_its_replay_stops_and_saves_the_tournament(app, tmp_path):
    """The replay's visits (the search tree, and the tree's help) and its Back keep the tournament
    going; "Play from here" left it running for good, its worker processes playing on after the
    window closed, and its games unsaved.  Help (F1) on the replay's search tree stopped it, as if
    the tournament had been left (``App.wait_away``)."""
    from tests.ui_helpers import key

    scene = tournament_started(app, "reversi", {"level-1", "level-2", "level-3"}, tmp_path / "tournaments",
                               games_choice=6)  # many games: it is still running below
    _played(app, scene, 1)
    from games.record import GameRecord

    def a_finished_game() -> GameRecord:
        return GameRecord.from_dict(next(iter(scene.tournament.results.values())).to_json())

    scene._open_replay(a_finished_game())
    replay = app.scene
    key(app, pygame.K_HOME)  # the first position (the last is over: no tree)
    key(app, pygame.K_t)  # the search tree, and back
    tree = app.scene
    assert tree is not replay and scene.tournament.is_running()
    key(app, pygame.K_F1)  # its help, and back
    assert app.scene is not tree and not scene.tournament._stop.is_set()
    key(app, pygame.K_ESCAPE)
    assert app.scene is tree and scene.tournament.is_running()
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay and scene.tournament.is_running()
    key(app, pygame.K_ESCAPE)  # Back: the tournament again, still going
    assert app.scene is scene and scene.tournament.is_running()
    scene._open_replay(a_finished_game())
    key(app, pygame.K_HOME)
    key(app, pygame.K_c)  # play on from here: how to go on first, a visit with a Back
    assert type(app.scene).__name__ == "PlayFromScene" and scene.tournament.is_running()
    key(app, pygame.K_RETURN)  # the game: the tournament left
    assert type(app.scene).__name__ == "GameScene"
    assert scene.tournament._stop.is_set()
    assert app.run_frames(10 ** 6, until=lambda: not scene.tournament.is_running(), timeout=30)
    assert WRITER.wait(30) and sorted((tmp_path / "tournaments").glob("*.json"))
    assert app.switch_watchers == []


def test_saving_again_writes_over_the_same_files(app, tmp_path, monkeypatch):
    import types

    from ai.results_log import lock_path
    from tests.ui_helpers import key
    from ui.scenes import tournament_log

    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "tournaments")
    _played(app, scene, 1)
    key(app, pygame.K_s)
    first = list(scene.saved)
    _played(app, scene, 2)
    # file names are stamped to the second: a minute later, a new name would differ
    later = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() + 60))
    monkeypatch.setattr(tournament_log, "time", types.SimpleNamespace(strftime=lambda _format: later,
                                                                       monotonic=time.monotonic))
    key(app, pygame.K_s)
    log = first[0].with_suffix(".jsonl")
    files = {*first, log, lock_path(log)}  # and the results log, FILE.jsonl, of the same FILE, and its lock
    assert scene.saved == first and set((tmp_path / "tournaments").iterdir()) == files
    key(app, pygame.K_ESCAPE)  # nothing new since: no third write, the same five files
    assert set((tmp_path / "tournaments").iterdir()) == files


@pytest.mark.parametrize("players", [2, 4, 11])
@pytest.mark.parametrize("board", [True, False])
def test_the_ratings_chart_has_a_row_for_every_player_in_the_smallest_window(players, board):
    """Eleven players (the Rastros course bots and the levels) at 800x560: the chart's rows ran
    past its panel, over its axis.  The chart takes room from the board (down to 35% of the
    column) and the latest results keep a title and a few lines."""
    from ui.scenes.tournament_results import CHART_ROW, right_column

    height, s = 445, 0.7  # the right column at 800x560
    rows = int(60 * s) + CHART_ROW * players  # a rated chart's needs (``_chart_needs``)
    needs = max(int(height * (0.26 if board else 0.5)), rows)
    board_h, chart_h = right_column(height, needs, s, board)
    assert chart_h >= rows
    recent = height - board_h - chart_h - (2 if board else 1) * int(10 * s)
    assert recent >= int(90 * s) and (board_h >= 0.35 * height if board else board_h == 0)
    # a usual tournament: half board, a quarter chart
    assert right_column(700, max(int(700 * 0.26), 60 + CHART_ROW * 4), 1.0, True) == (350, 182)


@pytest.mark.parametrize("players", [3, 8])
def test_the_ratings_charts_names_grow_with_larger_text_where_the_room_allows(app, monkeypatch, players):
    """At Larger text in a 1280x800 window, eight players beside the board: the chart's rows were
    CHART_ROW pixels at every scale and its names three fifths of a row, so every name was drawn
    at the least size (10 pixels) while the rest of the screen grew.  They are the panel's small
    print now, a long name cut with an ellipsis in its column rather than drawn smaller."""
    from ui import text as tx
    from ui.scenes.tournament_results import right_column

    app.settings.text_size = 1.5
    app.apply_settings()
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    s = scene._scale()
    assert s > 1.0  # Larger text made the screen larger
    monkeypatch.setattr(scene, "_board_wanted", lambda: True)  # a tournament being watched
    ids = [f"bot-{i}" for i in range(players)]
    scene.titles.update({p: f"Bot {i}" for i, p in enumerate(ids)})
    scene.titles["bot-0"] = "A student's bot with a name far too long for the chart's column"
    order = [Standing(p, games=20, points=15.0 - i, elo=60.0 - 30 * i, elo_low=-30.0 - 30 * i,
                      elo_high=150.0 - 30 * i) for i, p in enumerate(ids)]
    right = pygame.Rect(740, 160, 515, 570)  # the right column at 1280x800
    _board_h, chart_h = right_column(right.height, scene._chart_needs(right, order), s, True)
    drawn = recorded_draws(monkeypatch)
    scene._draw_chart(app.screen, app.theme, pygame.Rect(right.x, right.y, right.width, chart_h), order)
    names = [d for d in drawn if d.value.startswith(("Bot", "A student"))]
    assert len(names) == players  # each row named
    assert all(d.size > tx.SMALLEST and d.size >= tx.small(13, s) for d in names), [(d.value, d.size) for d in names]
    long_name = next(d for d in names if d.value.startswith("A student"))
    assert long_name.value.endswith("…") and long_name.size == names[-1].size  # cut, not shrunk
    assert long_name.rect.right < right.x + right.width // 2  # in the names' column


@pytest.mark.parametrize("language", ["pt", "en"])
def test_the_progress_bars_fill_never_stands_under_its_words(tmp_path, monkeypatch, language):
    """At 800x560 in Portuguese the bar's blue fill ran from the bar's start under "Jogo do Galo",
    its edge cutting the letters from the first game on.  The words stand on the bar's own ground,
    the fill in its track right of them, at every count of games played: none, two of six, all.
    Level 1 plays the bots Ana and Bia, who hold their first move in each game until the test
    lets each go (``held_bots``): games of levels alone ended too fast to see a count between."""
    from tests.outside_bots import held_bots
    from tests.ui_helpers import make_app
    from ui.scenes import tournament_run

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    bots = [*held_bots(tmp_path / "bots", 1, tmp_path / "go-ana", names=("ana",)),
            *held_bots(tmp_path / "bots", 1, tmp_path / "go-bia", names=("bia",))]
    monkeypatch.setattr(tournament_run, "TIMES", (600.0,))  # no held move lost on time
    try:
        with in_language(app, language):
            scene = tournament_started(app, "tictactoe", {"level-1", *(pid for pid, _title in bots)},
                                       tmp_path / "tournaments", outside=bots, watch=False)
            assert wait(app, lambda: scene.tournament is not None and scene.running, 120)
            game = "Jogo do Galo:" if language == "pt" else "Tic-tac-toe:"
            t, seen, tracks = scene.tournament, [], []
            # games 1-2 Level 1 and Ana, 3-4 Level 1 and Bia, 5-6 Ana and Bia: Ana let go, two are over
            for release, then in ((tmp_path / "go-ana", 2), (tmp_path / "go-bia", 6), (None, None)):
                seen.append(len(t.results))
                drawn = recorded_draws(monkeypatch)
                app.invalidate()
                app.frame()
                words = next(d.rect for d in drawn if d.value.startswith(game))
                accent = tuple(app.theme.accent)[:3]
                assert not any(tuple(app.screen.get_at((x, y)))[:3] == accent
                               for x in range(words.left, words.right) for y in range(words.top, words.bottom)), seen
                tracks.append((words, getattr(scene, "progress_track", None)))
                drawn.clear()
                if release is None:
                    break
                release.touch()
                assert wait(app, lambda then=then: len(t.results) == then and (then < t.total or not t.is_running()),
                            120), seen
            assert seen == [0, 2, t.total] == [0, 2, 6]
            assert all(track is not None and track.left >= words.right for words, track in tracks), tracks
    finally:
        app.quit()


def test_a_portuguese_window_saves_its_report_in_portuguese_and_the_csv_files_in_english(app, tmp_path):
    """The screen saved FILE.txt with the command line's writer, in English, while everything it
    showed was Portuguese: headings, the header line, numbers, units and the forfeits' reasons are
    the window's now.  The CSV files are data (column names and reasons are keys): English."""
    import csv

    from ai.commands.tournament import report
    from ai.tournament_standings import Summary
    from tests.test_tournament import BOTS
    from ui import i18n

    app.settings.language = "pt"
    app.apply_settings()
    try:
        raiser = str(BOTS / "raiser.py")
        # 6 games at 5 s a move: the levels answer a 3x3 move at once whatever the limit, but a worker's
        # first move came 1.30 s late at 0.1 s on a loaded machine (Nível 2 lost on time, not to raiser)
        scene = tournament_started(app, "tictactoe", {"level-1", "level-2", raiser}, tmp_path / "tournaments",
                                   outside=[(raiser, "raiser.py")], move_time=5.0)
        assert app.run_frames(10 ** 6, until=lambda: scene.tournament is not None and not scene.tournament.is_running(),
                              timeout=120)
        scene._save()
        text = next((tmp_path / "tournaments").glob("*.txt")).read_text(encoding="utf-8")
        first = text.splitlines()[0]
        assert first.startswith("Jogo do Galo, todos contra todos: 3 jogadores, 6 jogos, 5 s/jogada, processos: "), first
        assert re.search(r"\braiser +0 +4 +0 +0 +4 +4 +0,0%", text), text  # a decimal comma, raiser's share of points
        legend = 'Tabela cruzada (pontos da linha contra a coluna, nos seus jogos: "1½ de 2" = 1½ pontos em 2 jogos; célula vazia: ainda não jogaram):'
        crosstable = text.split(legend)[1].split("Classificação")[0]
        assert re.search(r"(?:\d½?|½) de 2\b", crosstable) and not re.search(r"\d/\d|,5", crosstable), crosstable
        for heading in (legend,
                        "Classificação (Elo: média 0, intervalo de 95%):",
                        "Pontos: uma vitória vale 1, um empate meio ponto, uma derrota 0",
                        " #  jogador ", "pontos  jogos    V    E    D  faltas   % pts   Elo (95%)", "Faltas:"):
            assert heading in text, heading
        assert "raiser, 4 jogos (" in text and " falhou: ZeroDivisionError" in text, text
        assert "(na jogada 1 em 2 jogos, na jogada 2 em 2 jogos)" in text, text  # its first move, as X and as O
        for english in ("round robin", "players", "s/move", "Crosstable", "Standings", "Forfeits", "forfeits:",
                        "  game ", "crashed", "points  games"):
            assert english not in text, english
        # the report names the players as the screen does ("Nível 1", not "level-1"), the ids kept in the data
        import json

        shown = {pid: scene._name(pid) for pid in ("level-1", "level-2", raiser)}
        assert shown["level-1"] == "Nível 1" and shown[raiser] == "raiser"
        tables = text.split("Faltas:")[0]
        assert all(name in tables for name in shown.values()) and "level-1" not in text and raiser not in tables
        kept = json.loads(next((tmp_path / "tournaments").glob("*.json")).read_text(encoding="utf-8"))
        assert kept["names"] == shown and set(kept["players"]) == set(shown)
        with next((tmp_path / "tournaments").glob("*-standings.csv")).open(encoding="utf-8") as f:
            assert next(csv.reader(f))[:4] == ["rank", "player", "points", "games"]
        games_csv = next(p for p in (tmp_path / "tournaments").glob("*.csv") if not p.stem.endswith("-standings"))
        reasons = [row["reason"] for row in csv.DictReader(games_csv.open(encoding="utf-8"))]
        assert any(" forfeits: " in r and " crashed at move 1: ZeroDivisionError" in r for r in reasons), reasons
        # the command line's report of the same tournament, in the same Portuguese window: English
        english = report(Summary.of(scene.tournament))
        assert english.startswith("Tic-tac-toe round robin: 3 players, 6 games, 5 s/move, jobs ")
        assert "Crosstable (the row's points" in english and "Tabela" not in english and "crashed" in english
    finally:
        i18n.set_language("en")


def test_the_windows_report_words_say_what_the_command_line_says_through_the_catalog():
    """ui.words.ReportWords has the English ReportWords' methods; every text the report gives ``say``
    is marked for the catalog (else it stayed English in Portuguese, unseen), and so is every count
    it gives ``plural`` (``REPORT_PLURALS``); in English the window's report is the command line's,
    the game named alike ("Tic-tac-toe round robin")."""
    from ai.commands import tournament as command
    from ai.tournament_standings import Summary
    from tests.test_not_started_forfeits import league_with_a_file_that_never_ran
    from tests.test_tournament import reported_summary
    from ui import i18n, words

    def methods(cls: type) -> set[str]:
        return {name for name in vars(cls) if not name.startswith("_")}

    assert methods(words.ReportWords) == methods(command.ReportWords)
    said: list[str] = []
    counts: list[tuple[str, str]] = []

    class Recording(words.ReportWords):
        def say(self, text: str) -> str:
            said.append(text)
            return super().say(text)

        def plural(self, singular: str, plural: str, n: int) -> str:
            counts.append((singular, plural))
            return super().plural(singular, plural, n)

    i18n.set_language("en")
    unplayed = Summary.of(league_with_a_file_that_never_ran(1, 1))  # games never played, said apart
    unplayed.cancelled = True
    summaries = [reported_summary(), reported_summary(time_per_move=None, clock=None, resumed=0, cancelled=False),
                 unplayed]
    for summary in summaries:
        window = command.report(summary, Recording())
        assert window == command.report(summary)
    assert command.games_counted(1, 1, 6, words=Recording()) == command.games_counted(1, 1, 6)
    assert said and set(said) <= set(words.REPORT_TEXTS), set(said) - set(words.REPORT_TEXTS)
    assert set(counts) == set(words.REPORT_PLURALS), set(counts) ^ set(words.REPORT_PLURALS)
    with words_in("pt"):
        assert words.ReportWords().games(1) == "1 jogo" and words.ReportWords().games(3) == "3 jogos"
        assert words.end_reason("void: the referee failed: KeyError: 'x'") == "anulado: o árbitro falhou: KeyError: 'x'"
        died = "anulado: um processo de trabalho terminou inesperadamente"
        assert words.end_reason("void: a worker process died (killed by SIGKILL)") == f"{died} (morto pelo sinal SIGKILL)"
        assert words.end_reason("void: a worker process died (exit status 1)") == f"{died} (código de saída 1)"


def test_two_students_players_of_the_same_name_are_told_apart_by_their_folders(app, tmp_path):
    """bots/ana/jogador.py and bots/eva/jogador.py, both Jogador("Ana Silva", ...), were both
    "Ana Silva (jogador.py)" in the grid and the tables: named by the folder now, as the command
    line's tables (docs/leagues.md), more of the path where that is not enough."""
    ana, eva = (str(tmp_path / "bots" / who / "jogador.py") + ":jogador" for who in ("ana", "eva"))
    twin = str(tmp_path / "old" / "ana" / "jogador.py") + ":jogador"
    scene = TournamentScene(app, "tictactoe")
    scene.outside["tictactoe"] = [(ana, "Ana Silva (jogador.py)"), (eva, "Ana Silva (jogador.py)"),
                                  (twin, "Ana Silva (jogador.py)"), ("gtp:python3 /tmp/gtp_ttt.py", "TinyTTT")]
    names = dict(scene.players())
    assert names[eva] == "Ana Silva (eva)" and names["gtp:python3 /tmp/gtp_ttt.py"] == "TinyTTT"
    assert names[ana] == "Ana Silva (ana) (bots/ana/jogador.py:jogador)" != names[twin]
    assert names["level-1"] == "Level 1" and len(set(names.values())) == len(names)


def test_the_ratings_axis_draws_no_label_over_another():
    """"-6" and "0" were drawn over each other under a chart whose lowest rating was near 0."""
    from ui.scenes.tournament_results import axis_labels

    def x_of(v: float) -> int:
        return int(100 + (v + 26) / 300 * 200)  # low -26, high 274 on 200 pixels

    assert axis_labels((-6.0, 254.0), x_of, lambda text: 7 * len(text), 4) == [("0", x_of(0)), ("+254", x_of(254))]
    assert [label for label, _x in axis_labels((-150.0, 150.0), x_of, lambda text: 7 * len(text), 4)] == [
        "0", "-150", "+150"]


def test_a_click_on_a_result_shows_its_whole_forfeit_reason(app):
    """"Latest results" cut a forfeit's reason ("South forfeits: TinyTTT played an illegal move
    'c3': '…") and nothing showed the rest: a click on the result puts its whole line in the
    message line (which wraps it)."""
    import games
    from ai.match import GameResult

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.game = games.load("tictactoe")
    reason = "O forfeits: level-2 played an illegal move 'c3': " + "the square is taken, " * 8 + "the end"
    lost = GameResult("tictactoe", {}, ["level-1", "level-2"], moves=["a1"], winner=0, reason=reason, forfeit=True)
    scene.recent = [(7, lost)]
    scene._draw_recent(app.screen, app.theme, pygame.Rect(0, 0, 300, 120))
    drawn, number, _text = scene._recent_rects[0]
    assert number == 7 and drawn.width <= 300
    scene._click_results(drawn.center)
    shown = scene.messages.items[-1].text
    assert shown.startswith("7. Level 1 - Level 2  1-0  Level 1 wins (O forfeits: Level 2 played an illegal move")
    assert shown.endswith("the end)") and scene.watching == 7


@pytest.mark.parametrize("language, said", [
    ("en", "7. Level 1 - Level 2  1-0  Level 1 wins 59 - 5 (58 - 5 on the board)"),
    ("pt", "7. Nível 1 - Nível 2  1-0  Nível 1 ganha 59 - 5 (58 - 5 no tabuleiro)"),
])
def test_a_reversi_result_says_which_count_is_the_boards(app, language, said):
    """A Reversi game ended with a square empty read "Level 1 wins 59 - 5 · 58 - 5 on the board" in
    the latest results: two scores side by side, as if two games.  The tournament's count (the
    empty square to the winner) leads and the board's follows in brackets, said to be the board's."""
    import games
    from ai.match import GameResult
    from tests.ui_helpers import words_in

    with words_in(language):
        scene = TournamentScene(app, "reversi")
        app.switch(scene)
        scene.game = games.load("reversi")
        reason = "Black wins 58 - 5 (59 - 5 with the empty squares to the winner)"
        won = GameResult("reversi", {}, ["level-1", "level-2"], moves=["d3"], winner=0, reason=reason)
        scene.recent = [(7, won)]
        scene._draw_recent(app.screen, app.theme, pygame.Rect(0, 0, 600, 120))
        drawn, number, _text = scene._recent_rects[0]
        scene._click_results(drawn.center)
        assert number == 7 and scene.messages.items[-1].text == said


LONG_REASONS = (  # a forfeit on time, an outside bot's crash: as the tournament says them
    "O forfeits: level-2 exceeded the time limit (1.53 s > 1 s); process stopped; it was running "
    "/home/ana/Documentos/IA/trabalho2/alunos/jogador_minimax.py line 128 (in minimax). It was its first move: "
    "set-up work done inside the move (reading files, building tables) counts on the move's clock, so do it in "
    "__init__ or at module level",
    "X forfeits: level-1 crashed at move 3: ZeroDivisionError: division by zero (at raiser.py line 3)")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_long_reason_in_the_latest_results_is_read_whole_or_says_where_the_rest_is(app, monkeypatch, tmp_path,
                                                                                   language):
    """The latest results cut a forfeit's reason with "…" at every window size ("Level 1 wins (O
    forfeits: Level 2 exceed…"), a click the only way to read it.  At 1280x800, 1024x768 and
    800x600 a long reason wraps under its result's first line: a crash's reason is read whole,
    a reason too long for its lines ends saying a click shows the rest; the rows stay inside
    the list, one click area a result, and a click still shows its whole line."""
    import dataclasses

    from tests.ui_helpers import tournament_over_and_shown
    from ui.i18n import _

    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "league", watch=False)
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    (n1, r1), (n2, r2) = scene.recent[-1], scene.recent[-2]
    scene.recent[-1] = (n1, dataclasses.replace(r1, winner=0, reason=LONG_REASONS[0], forfeit=True))
    scene.recent[-2] = (n2, dataclasses.replace(r2, winner=1, reason=LONG_REASONS[1], forfeit=True))
    with in_language(app, language):
        cues = (_("(click: the rest)"), _("(Enter: the rest)"))  # the mouse's, the keyboard's once on the list
        for size in ((1280, 800), (1024, 768), (800, 600)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.run_frames(2)
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.run_frames(1)
            rows = {number: (rect, line) for rect, number, line in scene._recent_rects}
            assert set(rows) == {n1, n2, *(n for n, _r in scene.recent)}, (size, rows)
            for number in (n1, n2):
                rect, line = rows[number]
                said = [text for text, where in drawn if rect.contains(where)]
                assert all(scene.recent_area.contains(where) for text, where in drawn if rect.contains(where))
                whole = " ".join(line.split())
                cue = next((cue for cue in cues if said[-1].endswith(cue)), "")
                if number == n2 or not cue:
                    assert " ".join(" ".join(said).split()) == whole, (size, said)
                else:  # its start as it reads, then where the rest is
                    assert whole.startswith(" ".join(" ".join(said)[:-len(cue)].rstrip("… ").split())), (size, said)
                    assert len(said) > 1, (size, said)
            click(app, rows[n1][0].center)
            assert scene.messages.items[-1].text == rows[n1][1]
    assert app.errors == []


def test_a_result_names_the_bot_that_forfeited_but_keeps_its_own_words(app, monkeypatch):
    """A bot added from its own folder has the id "raiser.py": the latest result named it "raiser"
    everywhere in its reason, its traceback's "(at raiser.py line 3)" too, which then named no
    file.  Only the player the reason names is renamed (``ai.reason_names``, the command line's
    rule too)."""
    from tests.test_tournament import BOTS

    monkeypatch.chdir(BOTS)
    scene = tournament_started(app, "tictactoe", {"level-1", "raiser.py"}, outside=[("raiser.py", "raiser.py")],
                               watch=False)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    app.invalidate()
    app.run_frames(2)
    rect, number, _line = next(r for r in scene._recent_rects if scene.tournament.results[r[1]].winner == 1)
    click(app, rect.center)
    said = [m.text for m in scene.messages.items]  # the line, then its log's path (a message of its own)
    assert f"{number}. raiser - Level 1  0-1  Level 1 wins (X forfeits: raiser crashed at move 1: ZeroDivisionError: " \
           "this bot always divides by zero (at raiser.py line 3))" in said, said


def test_the_screen_opens_on_the_game_of_the_last_tournament(app):
    """It always opened on Tic-tac-toe: the game of the last tournament started is kept in the
    settings (also for the next session), as the New game screen keeps its choices."""
    from ui import settings as settings_file

    scene = TournamentScene(app)
    first = scene.game_id
    scene._cycle_game(1)
    chosen = scene.game_id
    assert chosen != first
    assert TournamentScene(app).game_id == first  # only a started tournament is remembered
    scene.selected = set(list(scene.selected)[:2])
    scene.games_index, scene.time_index = 0, 0
    scene._start()
    scene._stop_or_go_on()
    assert TournamentScene(app).game_id == chosen
    assert settings_file.load()[0].tournament_game == chosen
    assert TournamentScene(app, first).game_id == first  # a game asked for still wins


def test_a_class_of_players_scrolls_in_the_participants_grid(app):
    """A class's thirty files with our eleven players were more than the grid shows: those out of
    sight were not drawn, but still played, and could not be taken out."""
    from tests.ui_helpers import click

    scene = TournamentScene(app, "rastros")
    scene.outside["rastros"] = [(f"/class/aluno{i:02d}.py:jogador", f"Aluno {i:02d} (aluno{i:02d}.py)")
                                for i in range(1, 31)]
    app.switch(scene)
    scene._build()  # the grid with the class in it
    app.run_frames(2)
    buttons = scene.player_buttons
    assert len(buttons) == 41 and not buttons[-1].visible
    above, below = scene.players_hidden
    assert above == 0 and below == sum(not b.visible for b in buttons) > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.players_area.center, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(30):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.frame()
    assert buttons[-1].visible and not buttons[0].visible and scene.players_hidden[1] == 0
    last_id = scene.players()[-1][0]
    chosen = last_id in scene.selected
    click(app, buttons[-1].rect.center)
    assert (last_id in scene.selected) != chosen  # the last student can be taken in or out


def test_students_files_dropped_on_the_screen_are_added_one_after_the_other(app):
    """A dropped student's file opened the replay viewer, which said its first line should name
    the game: on the tournament screen it is a player to add, as if typed in the field."""
    from pathlib import Path

    bots = Path(__file__).resolve().parent / "data" / "outside"
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    for name in ("simple_contract.py", "noisy_contract.py"):
        drop(app, bots / name, frames=0)
    assert app.run_frames(600, until=lambda: len(scene.outside.get("tictactoe", [])) == 2 and scene.adding is None,
                          timeout=60)
    assert app.scene is scene and not scene.dropped
    added = {pid for pid, _title in scene.outside["tictactoe"]}
    assert {Path(pid.split(":")[0]).name for pid in added} == {"simple_contract.py", "noisy_contract.py"}
    assert added <= scene.selected


def test_a_message_of_the_setup_stands_over_the_participants_not_the_games_count(app, tmp_path, monkeypatch):
    """While setting up, the screen's messages stand in the participants' column, above the field:
    centred on the window, a student's file that cannot be loaded (said each time the screen
    opens, for 15 s) covered the left column's "N games", the count a teacher checks before Start."""
    broken = tmp_path / "aluno" / "jogador.py"
    broken.parent.mkdir()
    broken.write_text("import modulo_que_nao_existe\n", encoding="utf-8")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.entry.rect.center)
    type_text(app, str(broken))
    key(app, pygame.K_RETURN)
    assert app.run_frames(600, timeout=60, until=lambda: scene.adding is None and any(
        "cannot be loaded" in m.text for m in scene.messages.current()))
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    count = next(rect for text, rect in drawn if re.fullmatch(r"\d+ games", text))

    def count_pixels() -> bytes:
        scene.draw(app.screen)
        return pygame.image.tobytes(app.screen.subsurface(count), "RGB")

    with_the_message = count_pixels()
    scene.messages.items.clear()
    assert count_pixels() == with_the_message


def test_enter_on_the_ringed_stop_stops_a_running_tournament(app):
    """While the tournament ran, Tab ringed Stop but Enter pressed nothing (Space did): a player
    used to Enter on every other screen could not stop it.  Enter presses the ringed button."""
    from tests.ui_helpers import key

    scene = TournamentScene(app, "hex")  # games of about a second: still running at the key
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_RETURN)  # no control chosen: Start
    assert scene.running
    key(app, pygame.K_TAB)  # Stop, the first button (Back is last)
    stop = scene.buttons[1]
    assert stop.focused and stop.label == "Stop"
    key(app, pygame.K_RETURN)
    assert scene.tournament.cancelled
    assert app.run_frames(400, until=lambda: not scene.running, timeout=30)


def test_a_stopped_tournament_resumes_on_the_games_it_has_not_played(app, tournament_games_held):
    """A tournament stopped in the window could only be started anew (the command line has
    --resume FILE): Stop becomes Resume, which plays the games left, and the end is a finish."""
    from tests.ui_helpers import click

    # one game let end before the stop, the others held under way (``tournament_games_held``): a
    # stop keeps every game already sent, and real games raced the screen (Tic-tac-toe's workers
    # played all 6 before the first was seen here, a smaller Hex board's all ended in a slow frame)
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"})  # 6 games: 5 left at the stop
    tournament_games_held.end(1)
    _played(app, scene, 1)
    stop = scene.buttons[1]
    click(app, stop.rect.center)
    # the games under way end by the real clock (``wait``'s), which slow frames, tests/slow_frames.py's
    # sleep or SLOW_FRAMES_SKEW's clock moved on a frame at a time, do not use up: a loop on
    # time.monotonic under the skew gave up after 240 quick frames, the workers still stopping
    assert wait(app, lambda: not scene.running, 60)
    app.run_frames(2)
    t = scene.tournament
    played = dict(t.results)
    assert t.cancelled and t.pending() and stop.label == "Resume" and stop.enabled
    click(app, stop.rect.center)
    assert scene.running and stop.label == "Stop"  # its games held: none can have ended within the click's frames
    tournament_games_held.release()  # the games left, played to their end
    _played(app, scene, t.total, seconds=180)
    assert wait(app, lambda: not scene.running, 30)
    assert len(t.results) == t.total and not t.cancelled
    assert all(t.results[n] is played[n] for n in played)  # the games before the stop were kept, not played again
    app.run_frames(2)
    assert stop.label == "Stop" and not stop.enabled


def test_the_progress_bar_says_the_tournament_is_stopping_until_it_has_stopped(app, monkeypatch,
                                                                              tournament_games_held):
    """QA (leftovers8): while Stop was finishing (the games under way ended, the log written) the
    progress bar said nothing of it, as if Stop had not been heard; it says "Stopping the
    tournament…" until the run has stopped, then "stopped".  The games under way are held
    (``tournament_games_held``) and their workers given all the time they need to end them
    (``STOP_WAIT``): the run is stopping until the test lets them end, once the Stop has reached
    the workers (``stop_heard``): let end before, on a loaded machine, the workers took the next
    games and played all six, "finished"."""
    import ai.tournament_workers
    from tests.ui_helpers import click

    monkeypatch.setattr(ai.tournament_workers, "STOP_WAIT", 120.0)
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"})  # 6 games, none let end
    assert wait(app, lambda: scene.live, 120)  # a game under way
    click(app, scene.buttons[1].rect.center)  # Stop
    _bar, words, _shown = scene.progress_said
    assert scene.running and words.endswith("  -  Stopping the tournament…"), words
    assert wait(app, tournament_games_held.stop_heard, 60)  # the workers told: they start no other game
    tournament_games_held.release()  # the games under way end: the run stops
    assert wait(app, lambda: not scene.running, 60)
    app.run_frames(2)
    _bar, words, _shown = scene.progress_said
    assert "  -  stopped" in words and "Stopping" not in words, words  # the games ended then kept, to show


def test_the_latest_results_scroll_back_to_the_first_game(app, monkeypatch):
    """Only the five newest results fitted ("Latest results" kept 200 and showed what fitted): a
    teacher could not read an earlier game's forfeit.  The wheel over the list goes back to the
    first game, and a line says how many are above and below."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"},
                               games_choice=3, watch=False)  # 5 + 5 games a pair: 30 games
    _played(app, scene, 30)
    # the screen's list fills from the run's events, a frame or so after its results
    assert wait(app, lambda: len(scene.recent) == 30 and not scene.tournament.is_running())
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.frame()
    newest = [number for _rect, number, _text in scene._recent_rects]
    assert newest[0] == scene.recent[-1][0] and 1 < len(newest) < 30
    # the keys that go through the list too, as the standings' line names them (only "scroll" was said)
    assert f"0 newer, {30 - len(newest)} older: scroll, or use the arrow keys" in drawn

    def wheel(y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.recent_area.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        app.frame()

    wheel(3)  # up: older
    assert [number for _rect, number, _text in scene._recent_rects][0] == scene.recent[-4][0]
    wheel(100)
    oldest = [number for _rect, number, _text in scene._recent_rects]
    assert oldest[-1] == scene.recent[0][0] and len(oldest) == len(newest)
    wheel(-100)
    assert [number for _rect, number, _text in scene._recent_rects] == newest


def test_a_path_pattern_in_the_field_adds_every_students_file(app, tmp_path):
    """``turma/*/jogador.py:*`` works on the command line; typed in the window it was one file
    named with a star ("no such file"): every file it matches is added, one after the other, and
    a pattern that matches nothing says so."""
    import shutil
    from pathlib import Path

    from tests.ui_helpers import key

    bot = Path(__file__).resolve().parent / "data" / "outside" / "simple_contract.py"
    for student in ("ana", "rui", "eva"):
        (tmp_path / student).mkdir()
        shutil.copy(bot, tmp_path / student / "jogador.py")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    scene.entry.focus = True
    scene.entry.text = str(tmp_path / "*" / "jogador.py") + ":*"
    key(app, pygame.K_RETURN)
    assert app.run_frames(900, until=lambda: len(scene.outside.get("tictactoe", [])) == 3 and scene.adding is None,
                          timeout=90)
    folders = {Path(pid.split(":")[0]).parent.name for pid, _title in scene.outside["tictactoe"]}
    assert folders == {"ana", "rui", "eva"} and not scene.dropped
    # one message counting them all: each file's "Added 1 player" was one message, three students looking like one
    assert [m.text for m in scene.messages.current() if m.text.startswith("Added")] == ["Added 3 players"]
    scene.entry.text = str(tmp_path / "*" / "aluno.py")
    key(app, pygame.K_RETURN)
    assert scene.messages.items[-1].text == f"No file matches {tmp_path / '*' / 'aluno.py'}"
    assert len(scene.outside["tictactoe"]) == 3


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_results_panels_titles_fit_whole_in_the_smallest_window(app, monkeypatch, language):
    """At 800x560 "Últimos resultados (clique num para ver a posição final e a li…" (and, a few
    pixels short, the English title) lost what a click shows: every title fits its panel whole."""
    from ui import i18n
    from ui import text as tx

    cut: list[str] = []
    fit_font = tx.fit_font

    def recording(value, font, width):
        shown = fit_font(value, font, width)
        if shown != value:
            cut.append(value)
        return shown

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    with in_language(app, language):
        scene = tournament_started(app, "tictactoe", {"level-1", "level-2"})
        assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
        monkeypatch.setattr(tx, "fit_font", recording)
        tx.forget_laid_out()  # a title wrapped and shortened before (kept) is shortened again here, and seen
        app.invalidate()
        app.run_frames(3)
        assert i18n.language() == language
    assert app.size == (800, 560) and scene.recent
    assert cut == []


def student_typed_in(app, path: Path, folder: Path | None = None) -> TournamentScene:
    """The Tic-tac-toe tournament screen with level-1 chosen, once the student's file ``path``
    typed in its field with Enter is listed (loaded or not); its files saved in ``folder`` (None:
    the data folder's)."""
    from tests.ui_helpers import key

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    scene.save_folder = folder
    scene.selected = {"level-1"}
    scene.entry.focus = True
    scene.entry.text = str(path)
    key(app, pygame.K_RETURN)
    assert app.run_frames(900, until=lambda: scene.adding is None and scene.outside.get("tictactoe"), timeout=60)
    return scene


def test_a_students_file_that_cannot_be_loaded_enters_and_forfeits_every_game(app, tmp_path, monkeypatch):
    """The command line enters a student's file that cannot be loaded (a syntax error, a missing
    module, no player) as a player that forfeits every game, a 0 row a teacher grades; the window
    only said so in red and left the student out.  It is listed now, saying it cannot play (and
    why, under the pointer), chosen, and it forfeits all its games with its reason."""
    from tests.ui_helpers import key

    (tmp_path / "ana").mkdir()
    broken = tmp_path / "ana" / "jogador.py"
    broken.write_text("def choose(game, state:\n    return None\n")  # a syntax error
    drawn = recorded_text(monkeypatch)
    scene = student_typed_in(app, broken)
    app.run_frames(2)
    [(pid, _title)] = scene.outside["tictactoe"]
    assert pid == str(broken) and "SyntaxError" in scene.unloadable["tictactoe"][pid]
    assert pid in scene.selected and scene.messages.items[-1].kind == "warn"
    assert "ana cannot be loaded" in scene.messages.items[-1].text
    toggle = next(b for b in scene.player_buttons if b.label == "ana (cannot play)")
    assert toggle.active
    drawn.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=toggle.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    assert any(text.startswith("ana: SyntaxError") for text in drawn)  # why, beside the pointer

    scene.games_index = 0  # one game each way
    scene.entry.focus = False
    click(app, next(b for b in scene.buttons if b.label.startswith("Watch the games")).rect.center)
    assert not scene.watch  # each result in the table as it comes, not once the board has shown it
    key(app, pygame.K_RETURN)  # starts, once the file is loaded again (its log beside the results)
    assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=60)
    t = scene.tournament
    assert t is not None and t.broken == {pid: scene.unloadable["tictactoe"][pid]}
    # said as it starts, for 20 s: asserted at the end, a loaded machine's slow forfeits outlasted it
    assert any("could not be loaded and forfeits" in m.text for m in scene.messages.items)
    _played(app, scene, 2)  # each forfeit starts a process that fails to load the file: slow on a loaded machine
    app.run_frames(2)
    assert all(r.forfeit and "could not be started" in r.reason and "SyntaxError" in r.reason
               for r in t.results.values())
    rows = {row.player: row for row in scene.table}
    assert rows[pid].points == 0 and rows[pid].forfeits == 2
    assert (rows[pid].games, rows[pid].unplayed) == (0, 2)  # never started: no game played (GP), as in chess
    assert rows["level-1"].points == 2


def test_the_games_of_a_students_file_that_never_started_are_counted_and_marked_as_not_played(app, tmp_path,
                                                                                               monkeypatch):
    """Level 1, Level 2 and a student's file that cannot be loaded, one game each way: 2 games
    played, the file's 4 never started.  The standings counted them apart (GP), but the progress
    said "6/6 games", the latest results listed them as games played, without the "(not played)" a
    withdrawal's games have, and Copy tables said it copied the tables "of 6 games".  The progress
    says 2 played and 4 not played, the latest results list the 2 played, the file's row lists its
    4 saying "(not played)", the copy is of 2 games."""
    from tests.ui_helpers import key
    from ui import clipboard

    (tmp_path / "ana").mkdir()
    broken = tmp_path / "ana" / "jogador.py"
    broken.write_text("def choose(game, state:\n    return None\n")  # a syntax error
    scene = student_typed_in(app, broken)
    pid = str(broken)
    scene.selected.add("level-2")
    scene.games_index = 0  # one game each way
    click(app, next(b for b in scene.buttons if b.label.startswith("Watch the games")).rect.center)
    key(app, pygame.K_RETURN)
    assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=60)
    _played(app, scene, 6)
    assert wait(app, lambda: not scene.running, 60)
    t = scene.tournament
    assert sum(pid in r.players for r in t.results.values()) == 4
    scene.invalidate()
    app.run_frames(1)
    _bar, whole, _shown = scene.progress_said
    assert whole.startswith("Tic-tac-toe: 2 of 6 games played, 4 not played (forfeited or annulled), 0 left"), whole
    lines = {n: text for _rect, n, text in scene._recent_rects}
    assert len(lines) == 2 and not any(pid in t.results[n].players for n in lines), lines
    click(app, next(rect for rect, player in scene.standing_rows if player == pid).center)  # its games
    lines = {n: text for _rect, n, text in scene._recent_rects}
    assert len(lines) == 4 and all("(not played)" in text for text in lines.values()), lines
    click(app, next(rect for rect, player in scene.standing_rows if player == pid).center)  # every game again
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    key(app, pygame.K_c, mod=pygame.KMOD_LCTRL)
    assert copied and scene.messages.items[-1].text == (
        "Copied the standings and the crosstable of 2 games as Markdown tables, for a slide or a web page")


def test_a_watched_league_ends_its_board_on_the_last_game_played_not_on_one_never_started(app, tmp_path):
    """Level 1, Level 2 and a student's file that cannot be loaded, watched: the board queued the
    file's games as they "started" and ended the league on the last of them, "Game 6: ... 1-0"
    over an empty board.  It passes them over and ends on the last game played."""
    from ai.tournament_standings import never_started
    from tests.ui_helpers import key

    (tmp_path / "ana").mkdir()
    broken = tmp_path / "ana" / "jogador.py"
    broken.write_text("def choose(game, state:\n    return None\n")  # a syntax error
    scene = student_typed_in(app, broken)
    scene.selected.add("level-2")
    scene.games_index = 0  # one game each way
    scene.speed = 2  # Fast: paced and queued as at Normal (Max would not queue), in a third of its time
    watch = next(b for b in scene.buttons if b.label.startswith("Watch the games"))
    click(app, watch.rect.center)
    click(app, watch.rect.center)  # off and on again: the keyboard off the file's field, watching
    assert scene.watch
    key(app, pygame.K_RETURN)
    assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=60)
    _played(app, scene, 6)
    assert wait(app, lambda: not scene.running and not scene.to_watch and not scene.held, 150)
    app.run_frames(5)
    t = scene.tournament
    never = {n for n, r in t.results.items() if never_started(r)}
    assert len(never) == 4 and max(never) > max(set(t.results) - never)  # the league's last game never started
    assert scene.watching == max(set(t.results) - never), (scene.watching, never)


def league_with_a_broken_file_dropped(app, tmp_path, capsys, games: int):
    """A tic-tac-toe league of Level 1, a file with a syntax error and Level 2 (``games`` a pair),
    played on the command line, its log dropped on the window: the screen it opens."""
    from ai.commands.tournament import run_tournament

    broken = tmp_path / "broken.py"
    broken.write_text("def choose(game, state)\n    return 1\n")  # a syntax error
    out = tmp_path / "turma"
    assert run_tournament("tictactoe", ["level-1", str(broken), "level-2"], {}, games, 0.2, 1, str(out), 1) == 0
    capsys.readouterr()
    drop(app, f"{out}.jsonl", frames=3)
    return app.scene


def test_a_finished_league_short_of_games_played_says_why_its_ratings_are_missing(app, tmp_path, capsys,
                                                                                    monkeypatch):
    """Level 1, Level 2 and a file with a syntax error, 2 games each way (8 each): the file's 8 games
    never started, so the levels played 4 each, too few for a rating.  Over, the ratings chart
    said "Ratings appear after 8 games each", ratings no game was left to bring; it says what
    the report's line under the standings says."""
    from ai.commands.tournament import UNRATED
    from tests.test_ui_tournament_watch import ratings_panel_words
    from ui.scenes.tournament_results import MIN_RATED_GAMES

    scene = league_with_a_broken_file_dropped(app, tmp_path, capsys, games=2)
    assert isinstance(scene, TournamentScene) and not scene.running
    assert {s.games for s in scene.table} == {0, 4} and not any(s.rated for s in scene.table)
    said = ratings_panel_words(app, monkeypatch)
    assert "Ratings appear after" not in said, said
    assert UNRATED.format(n=MIN_RATED_GAMES) in said, said


def test_the_games_of_a_file_that_never_started_are_listed_with_its_games_and_open_no_empty_board(app, tmp_path,
                                                                                                  capsys):
    """A league of Level 1, Level 2 and a file with a syntax error, by the command line, its log
    dropped on the window: the file's 4 games were never played.  They were listed among the
    latest results as played (marked "(not played)"), and one clicked, or the last game of the
    league, put an empty board on the screen.  As a withdrawal's games: the board shows the last
    game played, the latest results list the games played, the file's row lists its games saying
    they were not played, and one clicked is said, not put on the board."""
    from ai.tournament_standings import never_started
    from tests.test_ui_tournament_faults import row_of

    scene = league_with_a_broken_file_dropped(app, tmp_path, capsys, games=1)
    assert isinstance(scene, TournamentScene)
    t = scene.tournament
    never = {n for n, r in t.results.items() if never_started(r)}
    played = set(t.results) - never
    assert len(never) == 4 and max(never) > max(played)  # the league's last game never started
    assert scene.watching == max(played)
    assert {n for _rect, n, _text in scene._recent_rects} == played
    click(app, row_of(scene, str(tmp_path / "broken.py")).center)  # its games, never played
    lines = {n: text for _rect, n, text in scene._recent_rects}
    assert set(lines) == never and all("(not played)" in text for text in lines.values()), lines
    rect = next(rect for rect, n, _text in scene._recent_rects if n == max(never))
    click(app, rect.center)
    said = [m.text for m in scene.messages.current()]
    assert any(text.startswith(f"{max(never)}. ") and "(not played)" in text and "could not be started" in text
               for text in said), said
    assert scene.watching == max(played) and not scene.pinned


def test_a_students_file_that_cannot_be_loaded_is_still_in_the_class_when_the_screen_opens_again(app, tmp_path):
    """The window remembered the students' files that load, not one that did not: the screen
    opened again (the next lesson) had no row for that student, and its tournament graded the
    class without them, saying nothing.  It is listed again, unable to play and chosen."""
    (tmp_path / "ana").mkdir()
    broken = tmp_path / "ana" / "jogador.py"
    broken.write_text("def choose(game, state:\n    return None\n")  # a syntax error
    scene = student_typed_in(app, broken)
    app.run_frames(2)
    assert str(broken) in scene.selected
    again = TournamentScene(app, "tictactoe")
    app.switch(again)
    assert app.run_frames(900, until=lambda: str(broken) in again.unloadable.get("tictactoe", {}), timeout=30)
    app.run_frames(2)
    assert str(broken) in again.selected
    assert any(b.label == "ana (cannot play)" and b.active for b in again.player_buttons)
    assert any("ana cannot be loaded" in m.text for m in again.messages.items)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_late_outside_players_log_path_is_shown_whole_at_800x560(tmp_path, monkeypatch, language):
    """A late first move's reason says where the player was running, the hint on set-up work,
    then its log: in one message of four lines at 800x560 the path at its end was cut to "…"
    (all of it in Portuguese).  The log now has a message of its own, its path whole."""
    import games
    from ai.match import GameResult
    from tests.ui_helpers import make_app
    from ui.widgets import Messages

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        with words_in(language):
            scene = TournamentScene(app, "tictactoe")
            app.switch(scene)
            scene.game = games.load("tictactoe")
            log = "/home/ana/Documentos/Tabuleiro/tournaments/2025-03-01 14-32 tictactoe/logs/jogador_minimax-Jogador42-3.log"
            bot = "/home/ana/Documentos/IA/trabalho2/alunos/jogador_minimax.py"
            reason = (f"O forfeits: {bot}:Jogador42 exceeded the time limit (1.53 s > 1 s); process stopped; it was running "
                      f"{bot} line 128 (in minimax). It was its first move: set-up work done inside the move (reading files, "
                      f"building tables) counts on the move's clock, so do it in __init__ or at module level; log: {log}")
            lost = GameResult("tictactoe", {}, ["level-1", "level-2"], moves=["a1"], winner=0, reason=reason, forfeit=True)
            scene.recent = [(7, lost)]
            scene._draw_recent(app.screen, app.theme, pygame.Rect(0, 0, 300, 120))
            scene._click_results(scene._recent_rects[0][0].center)
            width = app.screen.get_width() - 40  # as the tournament screen draws its messages
            shown = [" ".join(Messages.lines(m.text, app.scale, width)) for m in scene.messages.current()]
            assert any(log in text and "…" not in text for text in shown), shown
            assert any("minimax" in text and "…" not in text for text in shown), shown  # the reason whole too
    finally:
        app.quit()


def class_league(app, tmp_path, players: int, games_per_pair: int = 2,
                 share: float = 1.0) -> tuple[TournamentScene, list[str]]:
    """The tournament screen showing a Rastros league of ``players`` students, its first ``share``
    of games played (all: finished), the one named first winning every game (the standings in the
    order named); and the students' ids."""
    from ai.tournament import GameResult, Tournament

    ids = [f"/c/turma/s{i:02d}/jogador.py" for i in range(players)]
    t = Tournament("rastros", ids, games_per_pair=games_per_pair, time_per_move=0.2)
    t.titles = {pid: f"s{i:02d}/minimax" for i, pid in enumerate(ids)}  # as a league's log names them
    for g in t.schedule[:int(len(t.schedule) * share)]:
        a, b = t.ids_of(g)
        t.results[g.number] = GameResult("rastros", {}, [a, b], [], 0 if ids.index(a) < ids.index(b) else 1,
                                         None, "North reached 1-8", False)
    scene = TournamentScene(app, "rastros")
    app.switch(scene)
    scene.show_results(t, tmp_path / "turma.json")
    return scene, ids


LEGEND = {"en": "Points: a win is 1, a draw is half a point, a loss 0 (W, D, L: wins, draws, losses).",
          "pt": "Pontos: uma vitória vale 1, um empate meio ponto, uma derrota 0 (V, E, D: vitórias, empates, "
                "derrotas)."}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_standings_say_in_words_that_a_draw_is_half_a_point(tmp_path, monkeypatch, language):
    """The standings' heading said "win 1, draw ½" ("draw 1/2" in the files), which a student
    read as a fraction, or as a draw worth 1 of 2 points.  The heading keeps to the ratings, and a
    line under the table says in words what a win and a draw are worth and what W, D, L are."""
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.language = language
    app.apply_settings()
    try:
        scene, _ids = class_league(app, tmp_path, 4)
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.frame()
        inside = [(value, rect) for value, rect in drawn if scene.standings_area.contains(rect)]
    finally:
        i18n.set_language("en")
        app.quit()
    said = " ".join(value for value, _rect in inside)
    assert LEGEND[language] in said, said
    assert "½" not in said.split(LEGEND[language])[0] and "1/2" not in said
    rows = [rect for value, rect in inside if re.match(r"\d+\. s0", value)]
    legend_top = min(rect.top for value, rect in inside if LEGEND[language].startswith(value))
    assert len(rows) == 4 and legend_top >= max(rect.bottom for rect in rows)  # under the table


def test_a_class_of_seventeen_is_read_whole_in_the_smallest_window(tmp_path, monkeypatch):
    """17 players at 800x560: the standings showed the first ten and no more (the teacher could
    not see who came last), the crosstable's last column fell off its panel and the ratings'
    last row ran under the latest results.  Every column and rating row now fits, and the wheel
    over the standings brings the rest, a line saying how many are above and below."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        scene, ids = class_league(app, tmp_path, 17)
        texts = recorded_draws(monkeypatch)

        def in_the_standings() -> list[str]:
            return [text.value for text in texts if scene.standings_area.collidepoint(text.pos)]

        app.invalidate()
        app.frame()
        drawn, at = in_the_standings(), {text.value: text.pos for text in texts}  # at: where each was drawn last
        assert {column for _rect, _row, column in scene._cross_rects} == set(ids)
        panel = scene.standings_area  # the left column's width: the crosstable's panel is as wide
        assert max(rect.right for rect, _row, _column in scene._cross_rects) < panel.right
        assert at["s16/minimax"][1] < scene.recent_area.top  # the ratings' last row, above the latest results
        names = [f"{place}. s{place - 1:02d}/minimax" for place in range(1, 18)]
        shown = [name for name in names if name in drawn]
        assert shown == names[:len(shown)] and len(shown) < 17 and f"0 above, {17 - len(shown)} below: scroll, or use the arrow keys" in drawn
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.standings_area.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))
        texts.clear()
        app.frame()
        app.invalidate()
        app.frame()
        drawn = in_the_standings()
        assert "17. s16/minimax" in drawn and f"{17 - len(shown)} above, 0 below: scroll, or use the arrow keys" in drawn
    finally:
        app.quit()


def test_the_standings_and_the_crosstables_rows_scroll_with_the_list_keys(tmp_path, monkeypatch):
    """The standings too long for the window scrolled with the wheel alone, and the crosstable's
    rows with the wheel and Up/Down.  Up, Down, Page Up, Page Down, Home and End move both (the
    same players in the same order), each within its own room; Left and Right still the columns."""
    from tests.ui_helpers import key, make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        scene, ids = class_league(app, tmp_path, 26)
        app.invalidate()
        app.frame()
        standings, rows = scene.standings_scroll, scene.cross_rows
        assert standings.hidden[1] > 0 and rows.hidden[1] > 0 and standings.first == rows.first == 0
        key(app, pygame.K_END)
        assert standings.hidden == (26 - standings.fits, 0) and rows.hidden == (26 - rows.fits, 0)
        key(app, pygame.K_HOME)
        assert standings.first == rows.first == 0
        key(app, pygame.K_DOWN)
        assert standings.first == rows.first == 1
        key(app, pygame.K_PAGEDOWN)  # a page on, or to the last page
        assert standings.first == min(1 + standings.fits, 26 - standings.fits) > 1
        assert rows.first == min(1 + rows.fits, 26 - rows.fits) > 1
        key(app, pygame.K_PAGEUP)
        key(app, pygame.K_UP)
        assert standings.first == rows.first == 0
        key(app, pygame.K_RIGHT)
        assert scene.cross_columns.first == 1 and standings.first == rows.first == 0
        assert not standings.key(pygame.K_a)  # other keys are left to the screen
    finally:
        app.quit()


def test_a_class_of_26_scrolls_the_crosstable_in_the_smallest_window(tmp_path, monkeypatch):
    """26 players at 800x560: the crosstable ran over the standings (one row of them left) and
    its last three columns off its panel, the names cut to "…".  Its rows and columns now scroll,
    with the wheel over it (sideways: a sideways wheel or Shift) and the arrow keys, a line
    saying which are shown; every cell stays inside its panel, above the standings.  The ratings'
    names, in rows too thin for them, are every other one (with their places), not drawn over each other."""
    from tests.ui_helpers import key, make_app

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        scene, ids = class_league(app, tmp_path, 26)
        app.invalidate()
        app.frame()

        def shown() -> tuple[set[str], set[str]]:
            cells = scene._cross_rects
            panel = scene.standings_area  # the left column: the crosstable's panel is as wide
            assert max(rect.right for rect, _row, _column in cells) < panel.right
            assert max(rect.bottom for rect, _row, _column in cells) < panel.top  # above the standings
            return {row for _rect, row, _column in cells}, {column for _rect, _row, column in cells}

        rows, columns = shown()
        assert ids[0] in rows and ids[25] not in rows and ids[25] not in columns
        assert len(rows) >= 8 and len(columns) >= 12  # names of a few letters, not "…" for all
        assert scene.standings_area.height > 200  # the standings keep their half of the column
        # the ratings beside them: 26 names in rows of 7 pixels were drawn over each other
        with monkeypatch.context() as one_frame:
            texts = recorded_draws(one_frame)
            app.invalidate()
            app.frame()
        named = sorted((text.pos[1], text.size) for text in texts
                       if text.pos[0] > scene.standings_area.right and text.value.endswith("/minimax"))
        assert len(named) >= 8 and all(b - a >= size for (a, size), (b, _size) in zip(named, named[1:]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene._cross_rects[0][0].center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100, flipped=False))  # down: the last rows
        app.run_frames(2)
        rows, _columns = shown()
        assert ids[25] in rows and ids[0] not in rows
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=100, y=0, flipped=False))  # sideways: the last columns
        app.run_frames(2)
        assert ids[25] in shown()[1] and ids[0] not in shown()[1]
        for arrow in (pygame.K_UP, pygame.K_LEFT):
            for _ in range(30):
                key(app, arrow, frames=0)
        app.run_frames(2)
        rows, columns = shown()
        assert ids[0] in rows and ids[0] in columns and ids[25] not in rows | columns
    finally:
        app.quit()


def test_a_students_file_added_again_by_another_path_is_already_in_the_list(app, tmp_path):
    """The same file typed (or dropped) again by another path, ``turma/ana/../ana/jogador.py`` or a
    link to the class's folder, was a second "ana" in the list, and the tournament played ana
    against ana; the command line enters it once.  It is "Already in the list" now."""
    import shutil
    from pathlib import Path

    from tests.ui_helpers import key

    bot = Path(__file__).resolve().parent / "data" / "outside" / "simple_contract.py"
    (tmp_path / "turma" / "ana").mkdir(parents=True)
    shutil.copy(bot, tmp_path / "turma" / "ana" / "jogador.py")
    (tmp_path / "link").symlink_to(tmp_path / "turma")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    said = []
    for typed in (tmp_path / "turma" / "ana" / "jogador.py", tmp_path / "turma" / "ana" / ".." / "ana" / "jogador.py",
                  tmp_path / "link" / "ana" / "jogador.py"):
        scene.entry.focus = True
        scene.entry.text = str(typed)
        key(app, pygame.K_RETURN)
        assert app.run_frames(900, until=lambda: scene.adding is None and not scene.entry.text, timeout=90)
        said.append(scene.messages.items[-1].text)
    assert len(scene.outside["tictactoe"]) == 1
    assert said == ["Added 1 player", "Already in the list", "Already in the list"]


def test_a_student_left_out_then_added_again_is_chosen_again(app, tmp_path):
    """A teacher took ana out (a click on her toggle), then typed her file again: the screen said
    "Already in the list" and left her out, though the teacher meant her back in.  She is chosen
    again now, and the message says so."""
    import shutil
    from pathlib import Path

    from tests.ui_helpers import click, key

    bot = Path(__file__).resolve().parent / "data" / "outside" / "simple_contract.py"
    (tmp_path / "turma" / "ana").mkdir(parents=True)
    shutil.copy(bot, tmp_path / "turma" / "ana" / "jogador.py")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)

    def type_in(path) -> None:
        scene.entry.focus = True
        scene.entry.text = str(path)
        key(app, pygame.K_RETURN)
        assert app.run_frames(900, until=lambda: scene.adding is None and not scene.entry.text, timeout=90)

    type_in(tmp_path / "turma" / "ana" / "jogador.py")
    (pid, name), = scene.outside["tictactoe"]
    assert pid in scene.selected
    toggle = next(b for b, (p, _t) in zip(scene.player_buttons, scene.players()) if p == pid)
    click(app, toggle.rect.center)
    assert pid not in scene.selected
    type_in(tmp_path / "turma" / "ana" / ".." / "ana" / "jogador.py")
    assert pid in scene.selected
    assert len(scene.outside["tictactoe"]) == 1
    shown = dict(scene.players())[pid]
    assert scene.messages.items[-1].text == f"Already in the list: {shown} is chosen again"
    type_in(tmp_path / "turma" / "ana" / "jogador.py")  # chosen already: nothing to say but that
    assert scene.messages.items[-1].text == "Already in the list"


def test_a_folder_named_like_a_players_file_is_said_to_be_a_folder(app, tmp_path):
    """An unzipped submission leaves a folder named ``jogador.py``; typed in the field it was "no
    such file", though the teacher could see it there.  It is said to be a folder now, with the
    file in it to give instead, in English and Portuguese."""
    from tests.ui_helpers import key
    from ui import words

    folder = tmp_path / "ana" / "jogador.py"
    folder.mkdir(parents=True)
    (folder / "jogador.py").write_text("")
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    scene.entry.focus = True
    scene.entry.text = str(folder)
    key(app, pygame.K_RETURN)
    assert app.run_frames(900, until=lambda: scene.adding is None and scene.messages.items, timeout=90)
    said = scene.messages.items[-1].text
    assert said == f"{folder}: it is a folder, not a file: give a player's file in it, such as {folder}/jogador.py"
    assert not scene.outside.get("tictactoe")
    with words_in("pt"):
        assert words.load_problem(said) == (
            f"{folder}: é uma pasta, não um ficheiro: indique o ficheiro de um jogador que está nela, como "
            f"{folder}/jogador.py")
        empty = "it is a folder, not a file, and holds no .py or .ipynb file: give the player's file"
        assert words.load_problem(f"x: {empty}") == (
            "x: é uma pasta, não um ficheiro, e não tem nenhum ficheiro .py ou .ipynb: indique o ficheiro "
            "do jogador")


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_standings_say_how_players_level_on_points_are_ranked(tmp_path, monkeypatch, size, language):
    """Two students on equal points stood 2nd and 3rd (more wins first) in the window's standings,
    and only FILE.txt said why; the panel now says the tie-breaks under the standings, whole and
    inside it, in the window's language, when some players are level (and not otherwise)."""
    from ai.commands.tournament import TIE_BREAKS
    from ai.tournament import GameResult, Tournament
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        with words_in(language):
            ids = [f"/c/turma/s{i}/jogador.py" for i in range(4)]
            t = Tournament("rastros", ids, games_per_pair=1, time_per_move=0.2)
            t.titles = {pid: f"s{i}" for i, pid in enumerate(ids)}
            for g in t.schedule:  # s0 wins all, s3 loses all; s1 and s2 draw (level on points)
                a, b = t.ids_of(g)
                pair = {ids.index(a), ids.index(b)}
                winner = None if pair == {1, 2} else (0 if ids.index(a) < ids.index(b) else 1)
                t.results[g.number] = GameResult("rastros", {}, [a, b], [], winner, None, "North reached 1-8", False)
            scene = TournamentScene(app, "rastros")
            app.switch(scene)
            scene.show_results(t, tmp_path / "turma.json")
            assert [st.points for st in scene.table] == [6, 3, 3, 0]
            texts = recorded_draws(monkeypatch)

            def in_the_standings() -> list[tuple[str, pygame.Rect]]:
                return [(text.value, text.rect) for text in texts if scene.standings_area.collidepoint(text.pos)]

            app.invalidate()
            app.frame()
            drawn = in_the_standings()
            said = i18n._(TIE_BREAKS)
            first = next(i for i, (value, _rect) in enumerate(drawn) if said.startswith(value) and len(value) > 10)
            lines = drawn[first:first + 2] if " ".join(v for v, _r in drawn[first:first + 2]) == said else drawn[first:first + 1]
            assert " ".join(value for value, _rect in lines) == said
            assert all(scene.standings_area.contains(rect) for _value, rect in lines)
            last_row = max(rect.bottom for value, rect in drawn if value.startswith("4. "))
            assert min(rect.top for _value, rect in lines) >= last_row
            # no players level: no tie-breaks to state
            for number, r in list(t.results.items()):
                if set(r.players) == {ids[1], ids[2]}:
                    t.results[number] = GameResult("rastros", {}, r.players, [], 0 if r.players[0] == ids[1] else 1,
                                                   None, "North reached 1-8", False)
            from ai.tournament_standings import standings

            scene.table = standings(t.player_ids, t.finished())
            texts.clear()
            app.invalidate()
            app.frame()
            assert not [value for value, _rect in in_the_standings() if said.startswith(value) and len(value) > 10]
    finally:
        app.quit()


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_panel_title_of_the_results_is_drawn_whole(tmp_path, monkeypatch, size, language):
    """A panel's title was cut with an ellipsis to one line: in Portuguese at 800x560 the
    standings' "Classificação (vitória 1, empate ½; Elo com média 0 e intervalo de 95%, a partir de
    8 jogos)" lost its end.  A title too long for its card takes a second line, and the card's
    contents start under it."""
    from ai.tournament import GameResult, Tournament
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        ids = [f"/c/turma/s{i}/jogador.py" for i in range(4)]
        t = Tournament("rastros", ids, games_per_pair=1, time_per_move=0.2)
        t.titles = {pid: f"s{i}" for i, pid in enumerate(ids)}
        for g in t.schedule:
            a, b = t.ids_of(g)
            t.results[g.number] = GameResult("rastros", {}, [a, b], [], 0, None, "North reached 1-8", False)
        scene = TournamentScene(app, "rastros")
        app.switch(scene)
        scene.show_results(t, tmp_path / "turma.json")
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.frame()
        heading = i18n._(STANDINGS_TITLE).format(n=8)
        first = next(i for i, (value, _rect) in enumerate(drawn) if heading.startswith(value) and len(value) > 8)
        lines = drawn[first:first + 2] if " ".join(v for v, _r in drawn[first:first + 2]) == heading else drawn[first:first + 1]
        assert " ".join(value for value, _rect in lines) == heading, [v for v, _r in drawn[first:first + 2]]
        assert all(scene.standings_area.contains(rect) for _value, rect in lines)
        first_row = min(rect.top for value, rect in drawn if value.startswith("1. ") and scene.standings_area.contains(rect))
        assert first_row >= lines[-1][1].bottom
        assert not [value for value, _rect in drawn if value.endswith("…") and len(value) > 30]
    finally:
        i18n.set_language("en")
        app.quit()


def test_watch_the_games_says_yes_and_no_as_the_switches_above_it(app):
    """Hex's column read "Swap rule: Off" above "Watch the games: on": two spellings of a switch."""
    scene = TournamentScene(app, "hex")
    app.switch(scene)
    app.run_frames(2)
    watch = next(b for b in scene.buttons if b.label.startswith("Watch the games"))
    swap = next(b for b in scene.option_buttons if b.label.startswith("Swap rule"))
    assert swap.label == "Swap rule: No" and watch.label == "Watch the games: Yes"
    click(app, watch.rect.center)
    assert watch.label == "Watch the games: No"


def shown_chosen(scene) -> set[str]:
    """The participants whose toggles are drawn on (chosen), by the names shown."""
    scene._refresh_labels()
    return {title for button, (_pid, title) in zip(scene.player_buttons, scene.players()) if button.active}


def open_tournament_from_the_menu(app) -> TournamentScene:
    """The main menu's Tournament button clicked: the screen as a user reaches it."""
    from tests.ui_helpers import click_widget
    from ui.scenes.menu import MenuScene

    app.show_menu()
    app.run_frames(2)
    assert isinstance(app.scene, MenuScene)
    click_widget(app, app.scene.menu, "tournament")
    assert isinstance(app.scene, TournamentScene)
    return app.scene


def test_the_players_of_the_last_tournament_of_a_game_are_chosen_again(tmp_path, monkeypatch):
    """The screen remembered the game of the last tournament but chose its first four players
    again: the players picked are kept in the settings per game, and chosen again when the screen
    is opened again, in this session and the next."""
    from tests.ui_helpers import autosaves_written, make_app

    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        while scene.game_id != "rastros":
            other_game(app, scene)
        assert shown_chosen(scene) == {"Level 1", "Level 2", "Level 3", "Level 4"}
        picked = {"Level 2", "Level 5", "Bacoco"}
        for button, (_pid, title) in zip(scene.player_buttons, scene.players()):
            if button.active != (title in picked):
                click(app, button.rect.center)
        assert shown_chosen(scene) == picked
        click(app, labelled(scene, "Start").rect.center)
        assert scene.tournament is not None
        leave_tournament(app)  # leaving stops it
        scene = open_tournament_from_the_menu(app)
        assert scene.game_id == "rastros" and shown_chosen(scene) == picked
        other_game(app, scene, -1)  # another game, not played yet: its first four
        assert scene.game_id == "reversi" and shown_chosen(scene) == {"Level 1", "Level 2", "Level 3", "Level 4"}
        autosaves_written()
    finally:
        app.quit()
    assert_chosen_in_the_next_session(tmp_path, monkeypatch, "rastros", picked)


def assert_chosen_in_the_next_session(tmp_path, monkeypatch, game_id: str, picked: set[str]) -> None:
    """A new window (the next session) opens the tournament screen on ``game_id`` with ``picked``."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert scene.game_id == game_id and shown_chosen(scene) == picked
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def test_players_picked_then_left_with_back_are_chosen_again(tmp_path, monkeypatch):
    """Players picked on the setup were forgotten unless Start was pressed: a user who picks the
    players of a game and goes Back finds that game and those players chosen again, in this
    session and the next."""
    from tests.ui_helpers import make_app

    picked = {"Level 2", "Level 5", "Bacoco"}
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        while scene.game_id != "rastros":
            other_game(app, scene)
        for button, (_pid, title) in zip(scene.player_buttons, scene.players()):
            if button.active != (title in picked):
                click(app, button.rect.center)
        click(app, scene.buttons[0].rect.center)  # Back, no tournament started
        assert scene.tournament is None
        scene = open_tournament_from_the_menu(app)
        assert scene.game_id == "rastros" and shown_chosen(scene) == picked
    finally:
        app.quit()
    assert_chosen_in_the_next_session(tmp_path, monkeypatch, "rastros", picked)


CHOICES_KEPT = ("Games per pair", "Time per move", "Random opening moves")


def test_games_per_pair_time_and_opening_moves_chosen_are_kept_for_next_time(tmp_path, monkeypatch):
    """Games per pair, time per move and random opening moves went back to 2 + 2, 0.5 s and 0
    each time the screen was opened: as the user last chose them, in this session and the next."""
    from tests.ui_helpers import make_app

    def format_labels(scene) -> list[str]:
        scene._refresh_labels()
        return [labelled(scene, prefix).label for prefix in CHOICES_KEPT]

    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        defaults = format_labels(scene)
        for prefix in (*CHOICES_KEPT, CHOICES_KEPT[1]):
            click(app, labelled(scene, prefix).rect.center)
        chosen = format_labels(scene)
        assert all(a != b for a, b in zip(chosen, defaults))
        click(app, scene.buttons[0].rect.center)  # Back
        assert format_labels(open_tournament_from_the_menu(app)) == chosen
    finally:
        app.quit()
    app = make_app(tmp_path, monkeypatch)  # the next session
    try:
        assert format_labels(open_tournament_from_the_menu(app)) == chosen
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


@pytest.mark.parametrize("kept", [{"rastros": ["level-5", "no/such/bot.py:Gone", "level-9", 7, "rastros:basilio"]},
                                  {"rastros": "level-5"}, {"rastros": {"level-5": True}}, "garbage", [1, 2]])
def test_players_kept_that_are_no_longer_there_or_unreadable_are_left_out_quietly(tmp_path, monkeypatch, kept):
    """A player of the last tournament that is gone (a student's file deleted, an id this version
    lacks) is left out with no message; a value the screen cannot read is ignored, the settings
    file left as it is (not moved aside, not written)."""
    import json

    from tests.ui_helpers import make_app

    config = tmp_path / "config"
    config.mkdir()
    settings_file = config / "settings.json"
    settings_file.write_text(json.dumps({"tournament_game": "rastros", "tournament_players": kept}), encoding="utf-8")
    written = settings_file.read_bytes()
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        app.run_frames(5)
        assert scene.game_id == "rastros"
        readable = isinstance(kept, dict) and isinstance(kept["rastros"], list)
        assert shown_chosen(scene) == ({"Level 5", "Basilio"} if readable else {"Level 1", "Level 2", "Level 3", "Level 4"})
        assert app.messages.current() == [] and scene.messages.current() == []
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
    assert settings_file.read_bytes() == written
    assert [p.name for p in config.iterdir() if p.name != ".settings.json.lock"] == ["settings.json"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_results_say_the_rule_options_of_the_games(app, monkeypatch, language):
    """An Alquerque tournament's results did not say which captures its games allowed: its options
    stand under the progress bar, as the game screen has them under the game's name."""
    from ui import i18n, words

    try:
        app.settings.language = language
        app.apply_settings()
        scene = TournamentScene(app, "alquerque")
        app.switch(scene)
        app.run_frames(2)
        compulsory = scene.option_buttons[1]
        before = compulsory.label
        click(app, compulsory.rect.center)
        assert compulsory.label != before
        click(app, labelled(scene, i18n._("Start tournament")).rect.center)
        assert scene.tournament is not None
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(1)
        options = games.info("alquerque").options
        said = " · ".join(words.option_text(option, value, "alquerque") for option, value in zip(options, (False, True)))
        assert said in drawn, drawn
        assert said.startswith("Capturas" if language == "pt" else "Captures")
    finally:
        i18n.set_language("en")


def test_a_students_file_of_the_last_tournament_is_chosen_again_once_loaded(tmp_path, monkeypatch):
    """The remembered outside players are loaded in the background after the screen opens: one that
    played the game's last tournament is chosen as it comes into the grid."""
    import json
    import shutil
    from pathlib import Path

    from tests.ui_helpers import make_app

    bot = tmp_path / "turma" / "ana" / "jogador.py"
    bot.parent.mkdir(parents=True)
    shutil.copy(Path(__file__).resolve().parent / "data" / "outside" / "simple_contract.py", bot)
    ana = f"{bot}:choose"
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps(
        {"outside_players": [ana], "tournament_game": "tictactoe", "tournament_players": {"tictactoe": ["level-3", ana]}}))
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert app.run_frames(900, until=lambda: ana in dict(scene.players()), timeout=90)
        app.run_frames(1)
        assert shown_chosen(scene) == {"Level 3", dict(scene.players())[ana]}
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def engines_remembered(tmp_path, engines: dict[str, list[str]], game: str, chosen: list[str] = ()) -> None:
    """Settings in ``tmp_path`` remembering ``engines`` (id -> the games each was added in), the
    tournament screen opening on ``game`` with ``chosen`` picked (its last tournament's players)."""
    import json

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps(
        {"outside_players": list(engines), "outside_games": engines, "tournament_game": game,
         "tournament_players": {game: list(chosen)}}))


def gtp_test_engine(*flags: str) -> str:
    """The id of tests/data/outside/gtp_engine.py run as a GTP engine with ``flags``."""
    import sys

    return " ".join([f"gtp:{sys.executable} {Path(__file__).resolve().parent / 'data' / 'outside' / 'gtp_engine.py'}",
                     *flags])


def label_of(scene: TournamentScene, pid: str) -> str:
    """The label of ``pid``'s toggle among the participants."""
    return scene.player_buttons[[p for p, _t in scene.players()].index(pid)].label


def test_a_gtp_engine_added_in_another_game_is_offered_marked_with_its_games(tmp_path, monkeypatch):
    """An engine added for Hex was offered in Hex's tournament only: a teacher's bot of the Hex
    lesson had to be typed again for Tic-tac-toe.  It is offered in every game, not chosen, marked
    with the games it was used with where this is not one (it was not written for it, perhaps);
    in its own game it is named alone."""
    from tests.ui_helpers import make_app

    engine = gtp_test_engine()
    engines_remembered(tmp_path, {engine: ["hex"]}, "tictactoe")
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert scene.game_id == "tictactoe"
        assert app.run_frames(900, until=lambda: engine in dict(scene.players()), timeout=90)
        app.run_frames(1)
        assert label_of(scene, engine) == "Test Engine (used with Hex)" and engine not in scene.selected
        while scene.game_id != "hex":
            other_game(app, scene)
        assert app.run_frames(900, until=lambda: engine in dict(scene.players()), timeout=90)
        app.run_frames(1)
        assert label_of(scene, engine) == "Test Engine"
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def test_an_engine_of_another_game_chosen_plays_there_from_then_on_or_says_it_cannot(tmp_path, monkeypatch):
    """Two tic-tac-toe engines offered in Hex, chosen by a click and started: the one that takes
    Hex's board is remembered as a Hex engine (marked no more); the one of 3x3 boards alone says
    so in its own words, as a typed engine does, and keeps its games."""
    from tests.ui_helpers import make_app
    from ui import outside_players

    takes_any, three_only = gtp_test_engine(), gtp_test_engine("--square", "3")
    engines_remembered(tmp_path, {takes_any: ["tictactoe"], three_only: ["tictactoe"]}, "hex", ["level-1"])
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert app.run_frames(900, until=lambda: {takes_any, three_only} <= set(dict(scene.players())), timeout=90)
        app.run_frames(1)
        for engine in (takes_any, three_only):
            assert label_of(scene, engine).endswith(" (used with Tic-tac-toe)")
            click(app, scene.player_buttons[[p for p, _t in scene.players()].index(engine)].rect.center)
        assert scene.selected == {"level-1", takes_any, three_only}
        click(app, labelled(scene, "Start").rect.center)
        assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=90)
        said = " ".join(m.text for m in scene.messages.items)
        assert "refused to play" in said and "boardsize 11" in said, said
        assert outside_players.games_of(app, takes_any) == ["tictactoe", "hex"]
        assert outside_players.games_of(app, three_only) == ["tictactoe"]
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def test_a_games_options_chosen_are_shown_again_for_that_game(tmp_path, monkeypatch):
    """Hex's board size went back to 11 each time the screen was opened (from 11 to 7 is 15
    clicks): a game's options are kept per game, as the user last chose them, also next session."""
    from tests.ui_helpers import make_app

    def hex_options(scene) -> list[str]:
        scene._refresh_labels()
        return [b.label for b in scene.option_buttons]

    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        while scene.game_id != "hex":
            other_game(app, scene)
        for button in (scene.option_buttons[0], scene.option_buttons[1]):  # board size 12, swap rule on
            click(app, button.rect.center)
        chosen = hex_options(scene)
        assert chosen == ["Board size: 12", "Swap rule: Yes"]
        other_game(app, scene, -1)  # another game, its own options
        assert "Board size: 12" not in hex_options(scene)
        click(app, scene.buttons[0].rect.center)  # Back
        scene = open_tournament_from_the_menu(app)
        while scene.game_id != "hex":
            other_game(app, scene)
        assert hex_options(scene) == chosen
    finally:
        app.quit()
    app = make_app(tmp_path, monkeypatch)  # the next session
    try:
        scene = open_tournament_from_the_menu(app)
        while scene.game_id != "hex":
            other_game(app, scene)
        assert hex_options(scene) == chosen
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()


def test_watch_the_games_chosen_is_kept_next_visit_and_next_session(tmp_path, monkeypatch):
    """Watch the games went back to Yes at every visit, where games per pair, time and openings
    are kept: one who runs tournaments unwatched switched it off each time."""
    from types import SimpleNamespace

    from tests.ui_helpers import make_app
    from ui.scenes.tournament_setup import kept_watch

    def watch_button(scene):
        scene._refresh_labels()
        return scene.buttons[5]

    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert watch_button(scene).label == "Watch the games: Yes"
        click(app, watch_button(scene).rect.center)
        assert not scene.watch
        click(app, scene.buttons[0].rect.center)  # Back
        scene = open_tournament_from_the_menu(app)
        assert not scene.watch and watch_button(scene).label == "Watch the games: No"
    finally:
        app.quit()
    app = make_app(tmp_path, monkeypatch)  # the next session
    try:
        scene = open_tournament_from_the_menu(app)
        assert not scene.watch and watch_button(scene).label == "Watch the games: No"
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
    assert kept_watch(SimpleNamespace(tournament_choices={"watch": "no"}))  # not a bool: the default, Yes


def test_processes_chosen_are_kept_next_visit_and_next_session_within_the_cores(tmp_path, monkeypatch):
    """Processes went back to 2 every time the screen was made, where the other choices are kept:
    the user's choice is kept in the settings and chosen again, at most the computer's cores (a
    settings file from a bigger machine, or a hand-edited one, gives no more processes than cores)."""
    import os
    from types import SimpleNamespace

    from tests.ui_helpers import make_app

    def jobs_button(scene):
        scene._refresh_labels()
        return scene.buttons[4]

    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert jobs_button(scene).label == "Games at once: 2"
        stepper = jobs_button(scene)
        click(app, (stepper.rect.right - 4, stepper.rect.centery))  # its right arrow: one more
        assert scene.jobs == 3 and jobs_button(scene).label == "Games at once: 3"
        click(app, scene.buttons[0].rect.center)  # Back
        scene = open_tournament_from_the_menu(app)
        assert scene.jobs == 3 and jobs_button(scene).label == "Games at once: 3"
    finally:
        app.quit()
    monkeypatch.setattr(os, "cpu_count", lambda: 2)  # the next session, on a smaller machine
    app = make_app(tmp_path, monkeypatch)
    try:
        scene = open_tournament_from_the_menu(app)
        assert scene.jobs == 2 and jobs_button(scene).label == "Games at once: 2"
        assert app.errors == [], app.errors[0]
    finally:
        app.quit()
    from ui.scenes.tournament_setup import kept_jobs

    assert kept_jobs(SimpleNamespace(tournament_choices={"jobs": 64}), 1) == 2  # at most the cores
    for junk in ("3", True, 0, -1, 2.0):  # not a whole number of at least 1: the default
        assert kept_jobs(SimpleNamespace(tournament_choices={"jobs": junk}), 1) == 1


@pytest.mark.parametrize("kept", [{"games": 7, "time": "0.5", "openings": True}, {"games": [2]}, "garbage", None])
def test_format_choices_the_screen_cannot_read_give_its_defaults(kept):
    """A hand-edited tournament_choices (a value not offered, of another type) is ignored: the
    screen opens on its defaults rather than failing or moving the settings file aside."""
    from types import SimpleNamespace

    from ui.scenes.tournament_setup import KEPT_CHOICES, kept_index, kept_options

    settings = SimpleNamespace(tournament_choices=kept)
    assert [kept_index(settings, attr, 1) for attr in KEPT_CHOICES] == [1, 1, 1]
    assert kept_index(SimpleNamespace(tournament_choices={"time": 2.0}), "time_index", 1) == 4
    options = {"options": {"hex": {"size": 99, "swap": 1, "gone": True}, "rastros": {"size": "8"}}}
    assert kept_options(SimpleNamespace(tournament_choices=options), "hex") == {}
    assert kept_options(SimpleNamespace(tournament_choices=options), "rastros") == {}
    assert kept_options(SimpleNamespace(tournament_choices={"options": {"hex": {"size": 7}}}), "hex") == {"size": 7}


def test_a_file_listed_when_it_loaded_and_broken_since_is_said_before_the_games(app, tmp_path):
    """A student's file listed when it loaded, then edited so that it no longer loads, was found
    game after game ("could not be started") and never said before them, unlike one that did not
    load when listed: Start now loads the players chosen first, says it cannot be loaded, and it
    forfeits its games."""
    from pathlib import Path

    from tests.ui_helpers import key

    bots = Path(__file__).parent / "data" / "outside"
    (tmp_path / "rui").mkdir()
    bot = tmp_path / "rui" / "jogador.py"
    bot.write_text((bots / "simple_contract.py").read_text())
    scene = student_typed_in(app, bot)
    [(pid, _title)] = scene.outside["tictactoe"]
    assert pid in scene.selected and not scene.unloadable.get("tictactoe")
    bot.write_text((bots / "edited_broken.py").read_text())  # the student edits it
    scene.games_index = 0  # one game each way
    scene.entry.focus = False
    key(app, pygame.K_RETURN)  # starts
    assert wait(app, lambda: scene.tournament is not None)
    t = scene.tournament
    assert "SyntaxError" in t.broken.get(pid, "")
    assert any("could not be loaded and forfeits" in m.text and "SyntaxError" in m.text for m in scene.messages.items)
    assert "SyntaxError" in scene.unloadable["tictactoe"][pid]  # listed as unable to play, back on the setup
    _played(app, scene, 2)
    assert len(t.results) == 2 and all(r.forfeit and "SyntaxError" in r.reason for r in t.results.values())
    assert app.errors == []


def test_the_report_saved_on_leaving_is_said_on_the_menu_and_not_on_the_next_screen(app, tmp_path):
    """The "Saved …" of a tournament left while it ran followed the user from the main menu on to
    the New game screen.  It is said on the menu the user arrives at, and goes when that is left."""
    from tests.ui_helpers import click_widget
    from ui.scenes.menu import MenuScene
    from ui.scenes.setup import SetupScene

    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "tournaments")
    _played(app, scene, 1)
    leave_tournament(app)
    assert isinstance(app.scene, MenuScene)
    assert scene.tournament.join(30) and WRITER.wait(30)
    app.run_frames(1)  # the frame that says it

    def said() -> list[str]:
        return [m.text for m in app.messages.current() if m.text.startswith("Saved ")]

    assert said()
    click_widget(app, app.scene.menu, "play")
    assert isinstance(app.scene, SetupScene)
    assert said() == []


def test_a_click_on_a_forfeit_puts_its_bots_log_path_on_the_clipboard(app, tmp_path, monkeypatch):
    """"Latest results" cut a bot's forfeit at one line; a click said the log's path in a message
    that went in 15 s.  The click puts the path on the clipboard too, to paste in a file manager."""
    from ai.tournament import GameResult, Tournament
    from ui import clipboard

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    log = "/home/professor/Documentos/Tabuleiro/tournaments/liga.bots/20261203-101500-aluno-x1y2.log"
    reason = ("O forfeits: aluno.py exceeded the time limit (2.51 s > 2.0 s); process stopped; it was running "
              f"aluno.py line 12 (in choose); log: {log}")
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=1, time_per_move=0.2)
    t.results[1] = GameResult("tictactoe", {}, ["level-1", "level-2"], ["a1"], 0, None, reason, True)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.show_results(t, tmp_path / "liga.json")
    app.run_frames(2)
    row = next(rect for rect, number, _text in scene._recent_rects if number == 1)
    click(app, row.center)
    assert copied == [log]
    assert any(m.text == f"Its log, copied to the clipboard: {log}" for m in scene.messages.current())
    # the line without the log keeps the bracket that closes the winner's "(O forfeits: ...)"
    assert any(m.text.startswith("1. Level 1 - Level 2  1-0  Level 1 wins (O forfeits: aluno.py exceeded")
               and m.text.endswith("aluno.py line 12 (in choose))") for m in scene.messages.current()), \
        [m.text for m in scene.messages.current()]


def test_a_tournament_whose_bots_left_no_log_leaves_no_empty_logs_folder(app, tmp_path):
    """The bots' logs go to FILE.bots beside the results log; when no bot left one (a bot's log
    is kept only if it wrote or failed), an empty FILE.bots stood next to the teacher's results.
    It is gone once the tournament has ended."""
    from tests.test_tournament import BOTS

    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    folder = scene.save_folder = tmp_path / "tournaments"
    quiet = str(BOTS / "timed_contract.py")
    scene.outside["tictactoe"] = [(quiet, "timed_contract.py")]
    scene.selected = {"level-1", quiet}
    scene.games_index, scene.time_index = 0, 0
    scene._build()
    app.run_frames(2)
    click(app, labelled(scene, "Start").rect.center)
    assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
    assert scene.tournament.results and not scene.tournament.cancelled
    assert list(folder.glob("*.jsonl")) and not [p.name for p in folder.iterdir() if p.is_dir()]


def test_the_latest_results_are_chosen_and_opened_with_the_keyboard(app, tmp_path, monkeypatch):
    """A result could be opened only by a click (its final position, its moves, a forfeit's whole
    reason, its bot's log on the clipboard): Shift+Tab (or Tab past the buttons) takes the
    keyboard to the list, Up and Down choose a result there, Enter opens it as a click does; a
    click on one leaves the keyboard on it."""
    from ai.tournament import GameResult, Tournament
    from tests.ui_helpers import key
    from ui import clipboard

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "put_text", lambda text: copied.append(text) or True)
    log = "/home/professor/Documentos/Tabuleiro/tournaments/liga.bots/20261203-101500-aluno-x1y2.log"
    t = Tournament("tictactoe", ["level-1", "level-2"], games_per_pair=3, time_per_move=0.2)
    for number in range(1, 7):
        reason = f"O forfeits: aluno.py crashed; log: {log}" if number == 4 else "X made a line"
        t.results[number] = GameResult("tictactoe", {}, ["level-1", "level-2"], ["a1"], 0, None, reason, number == 4)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.show_results(t, tmp_path / "liga.json")
    app.run_frames(2)
    assert scene.watching == 6  # the last game, as on any finished tournament
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the last stop: the list, its newest result chosen
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert any(line == "Latest results (Up, Down: choose one; Enter: see it)" for line in drawn), drawn
    assert scene.chosen_result == 4 and scene.watching == 6  # chosen, not opened yet
    key(app, pygame.K_RETURN)
    assert scene.watching == 4 and scene._finished_shown() is t.results[4]
    said = [m.text for m in scene.messages.current()]
    assert said[-2].startswith("4. Level 1 - Level 2") and said[-1].endswith(log) and copied == [log]
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)
    assert scene.watching == 1
    row = next(rect for rect, number, _text in scene._recent_rects if number == 2)
    click(app, row.center)
    assert scene.watching == 2
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert scene.watching == 3 and app.scene is scene


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_standings_show_the_games_each_player_has_played(tmp_path, monkeypatch, language):
    """Mid-run, a student on 7 points of 10 games stood below one on 9 of 16 and only W+D+L said
    why (the command line's standings have a games column).  The window's have one too: a class
    of 20 at 1024x768, each row's games under their heading, between the points and the wins,
    no figure drawn over its neighbours."""
    from ai.tournament_standings import standings
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=(1024, 768))
    try:
        with words_in(language):
            scene, ids = class_league(app, tmp_path, 20, games_per_pair=1, share=1 / 3)  # unequal games played
            t = scene.tournament
            drawn = recorded_text_rects(monkeypatch)
            app.invalidate()
            app.frame()
            inside = [(value, rect) for value, rect in drawn if scene.standings_area.contains(rect)]
            heading = next(rect for value, rect in inside if value == i18n._("GP"))
            rows = {value.split(". ", 1)[1]: rect for value, rect in inside if ". s" in value}
            assert len(rows) >= 10  # most of the class in view
            played = {st.player: st.games for st in standings(ids, t.finished())}
            assert len(set(played.values())) > 1
            for pid, name in t.titles.items():
                if name not in rows:
                    continue
                row = [(value, rect) for value, rect in inside if rect.centery == rows[name].centery]
                cells = sorted(row, key=lambda item: item[1].x)
                at = next(i for i, (_value, rect) in enumerate(cells) if rect.right == heading.right)
                assert cells[at][0] == str(played[pid])
                assert all(a[1].right < b[1].left for a, b in zip(cells, cells[1:]))  # none over another
    finally:
        app.quit()


def test_save_writes_the_tables_in_markdown_in_the_windows_language(tmp_path, monkeypatch):
    """A teacher pastes a class's results into a course page (Markdown tables); the window saved
    CSV, JSON and text only.  Save writes FILE.md too, in the window's language, and says so."""
    from tests.test_tournament import markdown_tables, page_language
    from tests.ui_helpers import make_app
    from ui import i18n

    app = make_app(tmp_path, monkeypatch)
    try:
        app.settings.language = "pt"
        app.apply_settings()
        scene, ids = class_league(app, tmp_path, 4)
        scene.save_folder = tmp_path / "tournaments"
        scene._save()
        [md] = (tmp_path / "tournaments").glob("*.md")
        tables = markdown_tables(md.read_text(encoding="utf-8"))
        standings = tables["Classificação (Elo: média 0, intervalo de 95%)"]
        assert standings[0][:4] == ["#", "jogador", "pontos", "jogos"]
        assert [row[1] for row in standings[1:]] == [scene._name(pid) for pid in ids]
        assert [row[3] for row in standings[1:]] == [str(st.games) for st in scene.table]
        assert any(md.name in m.text and "Markdown" in m.text for m in scene.messages.items)
        assert LEGEND["pt"] in md.read_text(encoding="utf-8")
        [page] = (tmp_path / "tournaments").glob("*.html")
        text = page.read_text(encoding="utf-8")
        assert page_language(text) == "pt" and LEGEND["pt"] in text  # FILE.html says the language it is in
    finally:
        i18n.set_language("en")
        app.quit()


def test_the_log_of_a_students_file_that_cannot_be_loaded_is_kept_with_the_tournaments(app, tmp_path):
    """The window checked a file as it was added, and again as the tournament started, with the
    default loader: the log its forfeits named, the one that says why a student scored 0, was in
    the temporary folder (/tmp/tabuleiro-bots, emptied on reboot).  The check as it is added logs
    in the tournaments folder now, and the start's, which the forfeits name, in FILE.bots beside
    the results, as the command line's league does (``loader_logging_beside``)."""
    from ai.outside_process import lasting_log_folder
    from ui import words
    from ui.tournament_logs import added_players_log_folder

    (tmp_path / "ana").mkdir()
    broken = tmp_path / "ana" / "jogador.py"
    broken.write_text("def choose(game, state:\n    return None\n")  # a syntax error
    scene = student_typed_in(app, broken, tmp_path / "tournaments")
    added = Path(words.log_path(scene.unloadable["tictactoe"][str(broken)]))
    assert added.parent == added_players_log_folder(scene.save_folder) and "SyntaxError" in added.read_text()
    scene.games_index = 0
    scene._start()
    assert app.run_frames(900, until=lambda: scene.tournament is not None, timeout=60)
    t = scene.tournament
    log = Path(words.log_path(t.broken[str(broken)]))
    assert log.parent == lasting_log_folder(t.log_file) and "SyntaxError" in log.read_text()
    scene.close()
    assert t.join(30)
    assert all(words.log_path(r.reason) == str(log) for r in t.results.values())


def test_stopped_standings_rank_by_points_and_say_the_games_are_unequal(app, tmp_path, monkeypatch):
    """After Stop, Level 1 (2 points of 3 games) stood above Level 2 (1 point of its 1 game, a
    better score per game) with nothing to say why.  The rows rank as the final standings do
    (points, then the tie-breaks), and a line under them says the games played are unequal and
    the points are of the games each has played; a league with equal games has no such line."""
    from ai.tournament import GameResult, Tournament
    from ai.tournament_standings import ranked_apart, standings

    ids = ["level-1", "level-2", "level-3", "level-4"]
    t = Tournament("tictactoe", ids, games_per_pair=1, time_per_move=0.2)
    games_played = [(0, 2, 0), (3, 0, 1), (0, 3, 1), (1, 2, 0)]  # (first, second, winner)
    for number, (first, second, winner) in enumerate(games_played, 1):
        t.results[number] = GameResult("tictactoe", {}, [ids[first], ids[second]], ["a1"], winner, None, "X made a line")
    t.cancelled = True
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    drawn = recorded_text(monkeypatch)
    scene.show_results(t, tmp_path / "liga.json")
    app.run_frames(2)
    final = [st.player for st in ranked_apart(standings(ids, t.finished()), {})]
    assert [pid for _rect, pid in scene.standing_rows] == final
    assert final.index("level-1") < final.index("level-2")  # 2 points of 3 games above 1 of 1
    note = ("Not all have played as many games: a row's points are of the games it has played, and rank as the "
            "final standings would.")
    assert any(line.startswith("Not all have played as many games") for line in drawn), drawn
    assert note.startswith(next(line for line in drawn if line.startswith("Not all")).rstrip("…"))
    drawn.clear()
    t.results = {1: t.results[1], 2: GameResult("tictactoe", {}, ["level-2", "level-4"], ["a1"], None, None, "Draw")}
    # a game each: equal
    scene.table = t.standings()
    scene.invalidate()
    app.run_frames(2)
    assert drawn and not any(line.startswith("Not all") for line in drawn)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_outside_player_fields_words_are_whole_at_every_text_size(app, monkeypatch, language, size):
    """At Larger text the field's placeholder read "Jogador externo: caminho/ficheiro.py[:nome ou
    *] ou gtp:COMA…": its shorter forms take its place where it does not fit ("ficheiro.py ou
    gtp:COMANDO" at 800x600), whole and inside the field, in both languages."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    with in_language(app, language):
        for text_size in (1.0, 1.5):
            app.settings.text_size = text_size
            app.apply_settings()
            scene = TournamentScene(app, "tictactoe")
            app.switch(scene)
            app.run_frames(2)
            drawn = recorded_text_rects(monkeypatch)
            scene.draw(app.screen)
            field = scene.entry.rect
            inside = [text for text, rect in drawn if field.contains(rect)]
            assert inside and inside[0] in (scene.entry.placeholder, *scene.entry.shorter), (text_size, inside)
            assert "gtp:" in inside[0] and not inside[0].endswith("…"), (text_size, inside)
    assert app.size == size


@pytest.mark.parametrize("language", ["en", "pt"])
def test_at_larger_text_the_running_rows_labels_and_the_standings_headings_are_whole(app, monkeypatch, language):
    """At Larger text in Portuguese in an 800x600 window the row of buttons over a tournament
    shrank until "Guardar resultados" read "Guardar result…" (the hidden Withdraw's room counted
    too), and the standings' headings read "DFalta".  Each shown button's label is drawn whole
    inside it, and no heading runs into another (a few pixels apart at least)."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.settings.text_size = 1.5
    with in_language(app, language):
        scene = tournament_started(app, "tictactoe", {"level-1", "level-2", "level-3"})
        assert wait(app, lambda: scene.tournament is not None and not scene.tournament.is_running(), 120)
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        for button in (b for b in scene.buttons if b.visible):
            inside = [text for text, rect in drawn if button.rect.contains(rect)]
            assert button.label in inside, (button.label, inside)
        headings = {label for label, _at, _anchor in scene_headings()}
        heads = [rect.inflate(4, 0) for text, rect in drawn if text in headings]  # 4 pixels apart at least
        assert len(heads) == len(headings)
        assert not [(a, b) for i, a in enumerate(heads) for b in heads[i + 1:] if a.colliderect(b)], heads
    assert app.size == (800, 600)


def scene_headings() -> list[tuple[str, float, str]]:
    """The standings' column headings in the window's language."""
    from ui.i18n import _
    from ui.scenes.tournament_results import STANDINGS_COLUMNS

    return [(_(label), at, anchor) for label, at, anchor in STANDINGS_COLUMNS]


def test_add_player_clicked_with_the_field_empty_says_what_to_type_there(app):
    """Add player with nothing typed did nothing and said nothing; now it says what the field
    takes, in the window's language, and adds no one."""
    from ui import words
    from ui.i18n import _

    with in_language(app, "pt"):
        scene = TournamentScene(app, "tictactoe")
        app.switch(scene)
        app.run_frames(2)
        players = len(scene.player_buttons)
        click(app, labelled(scene, _("Add player")).rect.center)
        assert _(words.NOTHING_TO_ADD_BESIDE) in [m.text for m in scene.messages.items]
        assert len(scene.player_buttons) == players and scene.adding is None
    assert app.errors == []


@pytest.mark.parametrize("language, checking", [
    ("en", "Checking the players: starting each once (now {player})…"),
    ("pt", "A verificar os jogadores: cada um é iniciado uma vez (agora {player})…"),
])
def test_start_says_it_checks_the_outside_players_and_which_it_started(app, tmp_path, monkeypatch, language,
                                                                       checking):
    """Start tried each outside player once before the games, an engine's start taking seconds,
    under the one word "Loading…"; it says what it does, and which player it started last, as the
    command line says it checks them."""
    import sys

    hold = tmp_path / "hold"
    hold.touch()  # the engine's set-up waits until the file is gone
    engine = f"gtp:{sys.executable} {Path(__file__).parent / 'data' / 'outside' / 'gtp_engine.py'} --hold {hold}"
    with in_language(app, language):
        scene = TournamentScene(app, "tictactoe")
        app.switch(scene)
        scene.outside["tictactoe"] = [(engine, "Held engine")]
        scene.selected = {engine, "level-1"}
        app.run_frames(2)
        click(app, scene.buttons[7].rect.center)  # Start tournament
        assert scene.checking is not None and wait(app, lambda: scene.checking_now == [engine], 30)
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        assert checking.format(player=dict(scene.players())[engine]) in drawn, drawn
        hold.unlink()
        assert wait(app, lambda: scene.tournament is not None, 60)  # it started, and the games began


def test_options_the_game_refuses_are_said_and_no_tournament_begins(tmp_path, monkeypatch):
    """4 in a row on 3x3, stepped to on the setup and started, began a tournament whose game could
    not be made: the screen went blank with "Something went wrong" on every frame and no way back.
    The stepper no longer offers it (tests/test_ui_option_limits.py), but a settings file edited
    by hand may still hold it: the rules' reason is said as New game says it, and the setup stays
    to change the option."""
    from tests.ui_helpers import make_app

    app = make_app(tmp_path, monkeypatch)
    try:
        app.settings.tournament_choices = {"options": {"tictactoe": {"width": 3, "height": 3, "k": 4}}}
        scene = open_tournament_from_the_menu(app)
        assert scene.game_id == "tictactoe" and scene.options["k"] == 4
        names = [option.name for option in games.info("tictactoe").options]
        k_stepper = scene.option_buttons[names.index("k")]
        start = next(button for button in scene.buttons if button.action == scene._start)
        click(app, start.rect.center)
        app.run_frames(3)
        assert scene.tournament is None and app.scene is scene and app.errors == [], app.errors
        said = [m.text for m in scene.messages.current()]
        assert "In a row to win: 4 in a row cannot fit on 3x3; choose 3" in said, said
        click(app, (k_stepper.rect.left + 4, k_stepper.rect.centery))  # back to 3: it starts
        click(app, start.rect.center)
        assert scene.tournament is not None and app.errors == [], app.errors
    finally:
        app.quit()


def test_stop_says_stopping_until_stopped_and_new_tournament_does_not_send_back_to_stop(app, monkeypatch, tmp_path):
    """Stop said "Tournament stopped" at once, while its workers were still ending (Stop still
    there and New tournament greyed, for a second or more), and a click on New tournament then
    said "press Stop first", the button just pressed.  Stop says "Stopping the tournament…", New
    tournament that it waits for this one to finish stopping, and "Tournament stopped" comes in
    place of the first once it has.  Ana holds her move until the test lets her go on, and her
    workers are given all the time they need to end her games (``STOP_WAIT``): with the second
    they have, two slow frames (a loaded machine) saw the run stopped before the test looked.
    She goes on once the run's thread has told its workers to stop (their stopping flag set):
    before, they would take her next games and play the whole tournament."""
    import ai.tournament_workers
    from ai.worker_channel import SharedFlag
    from tests.outside_bots import held_league

    flags: list[SharedFlag] = []  # the run's stopping flag, as its workers read it

    def kept_flag(ctx) -> SharedFlag:
        flags.append(SharedFlag(ctx))
        return flags[-1]

    monkeypatch.setattr(ai.tournament_workers, "STOP_WAIT", 120.0)
    monkeypatch.setattr(ai.tournament_workers, "SharedFlag", kept_flag)
    scene = held_league(app, monkeypatch, tmp_path / "league", watch=False)
    t = scene.tournament
    click(app, labelled(scene, "Stop").rect.center)
    assert t.is_running() and scene.running  # stopping: Ana holds her move
    assert scene.messages.items[-1].text == "Stopping the tournament…"
    new = labelled(scene, "New tournament")
    assert not new.enabled
    click(app, new.rect.center)
    assert scene.messages.items[-1].text == "New tournament waits for this one to finish stopping"
    assert wait(app, lambda: flags[-1].is_set(), 60)  # the workers told: none starts another game
    (tmp_path / "league" / "go-on").write_text("")  # Ana moves: her games under way end, and the run stops
    assert wait(app, lambda: "Tournament stopped" in [m.text for m in scene.messages.items], 60)
    assert not t.is_running() and "Stopping the tournament…" not in [m.text for m in scene.messages.items]


def test_a_wrapped_result_keeps_its_parts_two_spaces_apart(app, monkeypatch, tmp_path):
    """The latest results set a result's parts two spaces apart ("2. Level 2 - Level 1  1-0  Level
    2 wins"); one whose long reason wraps over its lines lost them, "Level 2 - Level 1 1-0 Level 2
    wins", the score run into the name before it, beside rows that kept them (at 800x600)."""
    import dataclasses

    from tests.ui_helpers import tournament_over_and_shown

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "league", watch=False)
    assert wait(app, lambda: tournament_over_and_shown(scene), 120)
    number, r = scene.recent[-1]
    scene.recent[-1] = (number, dataclasses.replace(r, winner=1, reason=LONG_REASONS[1], forfeit=True))
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    rect = next(rect for rect, n, _line in scene._recent_rects if n == number)
    said = [text for text, where in drawn if rect.contains(where)]
    assert len(said) > 1, said  # wrapped
    a, b = (scene._name(p) for p in r.players)
    assert said[0].startswith(f"{number}. {a} - {b}  0-1  "), said
