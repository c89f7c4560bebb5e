"""The replay viewer and the evaluation graph behind it (headless)."""

from __future__ import annotations

import importlib.util
import random
import time

import pygame
import pytest

import ai
import games
from ai.match import WHOLE_GAME, random_line
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import words_in
from ui.analysis import BackgroundAnalysis, Opinion, analyse, biggest_drop, values
from ui.record_files import load
from ui.scenes.replay import ReplayScene
from ui.settings import Settings


def tictactoe_with_a_blunder() -> GameRecord:
    """X takes the centre, O answers on an edge (a known loss), then both play perfectly: X wins."""
    game = games.load("tictactoe")
    player = ai.make_player("tictactoe", "level-5", seed=0)
    state, moves = game.initial_state(), []
    while not state.is_terminal():
        move = game.parse_move(state, "b1") if len(moves) == 1 else player.choose(state, ai.Limits(time=0.2))
        moves.append(game.format_move(state, move))
        state = state.play(move)
    assert moves[:2] == ["b2", "b1"] and state.winner() == 0
    return GameRecord.start(game, (Side("level-5", "Level 5"), Side(None, "You"))).with_moves(moves, state)


def random_record(game_id: str, seed: int = 1) -> GameRecord:
    game = games.load(game_id)
    moves = random_line(game.initial_state(), WHOLE_GAME, random.Random(seed))
    return GameRecord.start(game, (Side(None, "A"), Side("level-1", "B"))).with_moves(moves, game.play_line(moves))


def test_the_losers_blunder_is_found():
    record = tictactoe_with_a_blunder()
    points = analyse(record, "level-5", seconds=1.5)  # the proofs need their time on a loaded machine
    assert abs(points[0]) < 0.3 and abs(points[1]) < 0.3  # a draw with best play, and still after the centre
    assert points[2] == 1.0  # after O's edge answer X wins by force
    movers = [s.to_move for s in record.states()[:-1]]
    assert biggest_drop(points, movers, loser=1) == 1  # O's first move


def test_biggest_drop_counts_only_the_losers_moves():
    points = [0.0, 0.5, -0.2, -0.3, -1.0]  # first side's view
    movers = [0, 1, 0, 1]
    assert biggest_drop(points, movers, loser=0) == 2  # 0.5 -> -0.2 after side 0's move 3
    assert biggest_drop(points, movers, loser=1) is None  # side 1 only gained
    assert biggest_drop(points, movers, loser=None) is None


PERFECT_6X6 = ["c2", "b4", "c5", "d2", "e4", "e3", "d1", "c1", "b1", "d5", "d6", "f4", "b3", "b2", "f3", "f2", "e2",
               "b6", "a4", "a3", "a5", "a6", "a1", "b5", "a2", "c6", "e5", "e6", "pass", "f1", "e1", "f5", "f6"]
"""Level 5 against itself on 6x6 Reversi: White wins 20-16, the solved result."""


def drop_said(app, monkeypatch, points: list[float]) -> list[str]:
    """The "Biggest drop" line the replay of ``PERFECT_6X6``, its graph's ``points`` saved with it,
    writes under the graph at its last ply (End)."""
    from tests.ui_helpers import key, recorded_text

    game = games.load("reversi", size=6)
    record = GameRecord.start(game, (Side("level-5", "Level 5"), Side("level-5", "Level 5")))
    record = record.with_moves(PERFECT_6X6, game.play_line(PERFECT_6X6))
    record.evaluations = points
    app.open_replay(record)
    app.run_frames(2)
    key(app, pygame.K_END)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return [text for text in drawn if text.startswith("Biggest drop")]


def test_a_game_proven_lost_from_the_start_blames_no_move_of_the_loser(app, monkeypatch):
    """6x6 Reversi is solved, White winning 20-16, and Level 5 played it so against itself: every
    position proven a White win but one, ply 10's, an estimate its search had no time to prove.
    The replay said "Biggest drop: 6. d6", Black's move from that estimate back to the proven
    loss: a student looked for the mistake in a perfect game.  A drop from a position not yet
    proven lost is still found (Black's d6 into a lost game, after estimates only), named by its
    count in moves as the panel's "Move 11 of 33" counts them (QA tidy5: it said the move list's
    pair number, "6. d6", beside the panel's "Move 33 of 33")."""
    estimate = -0.55  # Black somewhat worse: what analysis' search said of ply 10
    proven = [-1.0] * (len(PERFECT_6X6) + 1)
    proven[10] = estimate
    assert drop_said(app, monkeypatch, proven) == []
    honest = [-0.1] * 10 + [estimate] * 1 + [-1.0] * (len(PERFECT_6X6) - 10)
    assert drop_said(app, monkeypatch, honest) == ["Biggest drop: move 11, d6"]


def test_forced_moves_take_the_next_positions_value():
    ops = [Opinion(0.0, "rule", None, 0), Opinion(50.0, "alphabeta", None, 1), None, Opinion(0.0, "rule", None, 0)]
    v = values("tictactoe", ops)
    assert v[0] == v[1] < 0 and v[2] is None and v[3] is None  # nothing known next to the last one
    v = values("tictactoe", [Opinion(-20.0, "alphabeta", None, 0), Opinion(0.0, "rule", None, 1)])
    assert v[0] < 0 and v[1] is None  # the value before a forced move is no value of it (tests/test_forced_values.py)


@pytest.mark.parametrize("interrupted", ["", "closed", "killed"])
def test_background_analysis_in_the_worker_process(interrupted):
    """Also closed half-way (the replay left for the search tree) and polled again (back): it
    stayed at its share for good, "Analysing… 11%".  And its process killed half-way (out of
    memory, ``kill -9``): the graph stopped there with the error; the fresh process goes on."""
    record = tictactoe_with_a_blunder()
    analysis = BackgroundAnalysis(record, "level-5", seconds=0.5)  # room for the proof on a loaded machine
    try:
        deadline = time.monotonic() + 60
        while interrupted and analysis.progress() == 0 and time.monotonic() < deadline:
            analysis.poll()
            time.sleep(0.01)
        if interrupted == "closed":
            analysis.close()
        elif interrupted == "killed":
            analysis.worker.process.kill()
        while not analysis.done and time.monotonic() < deadline:
            analysis.poll()
            time.sleep(0.01)
        assert analysis.done and not analysis.error
        assert analysis.points[2] == 1.0 and analysis.progress() == 1.0
    finally:
        analysis.close()


class FakeApp:
    def __init__(self) -> None:
        self.continued: list[GameRecord] = []
        self.menu = 0
        self.settings = Settings()  # the defaults a first start has

    def continue_record(self, record: GameRecord) -> None:
        self.continued.append(record)

    def show_play_from(self, record, ended, on_start, on_back) -> None:
        on_start(None)  # the form's Enter: on as the record was played

    def show_menu(self) -> None:
        self.menu += 1


def line_starting(drawn: list[str], text: str) -> int:
    """Where among the ``drawn`` strings the first one beginning with ``text`` is (the ply line
    goes on with the game's options where they fit)."""
    return next(i for i, value in enumerate(drawn) if value.startswith(text))


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


WITH_VIEWS = [g for g in games.available_ids() if importlib.util.find_spec(f"ui.views.{g}") is not None]


@pytest.mark.parametrize("game_id", WITH_VIEWS)
def test_the_replay_scene_steps_draws_and_hands_over(game_id, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    pygame.init()
    surface = pygame.Surface((1100, 700))
    record = random_record(game_id)
    app = FakeApp()
    scene = ReplayScene(app, record, ply=0, analyse=False)
    scene.draw(surface)
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_RIGHT))
    assert scene.ply == 2
    scene.handle_event(key(pygame.K_END))
    assert scene.ply == len(record.moves)
    scene.draw(surface)
    scene.handle_event(key(pygame.K_HOME))
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_c))  # play on from move 1
    assert app.continued and app.continued[0].moves == record.moves[:1] and not app.continued[0].is_finished()
    scene.handle_event(key(pygame.K_SPACE))  # autoplay
    deadline = time.monotonic() + 10
    while scene.ply < 2 and time.monotonic() < deadline:  # after the move animation and the pause
        scene.update(0.02)
        time.sleep(0.02)
    assert scene.ply == 2
    scene.handle_event(key(pygame.K_p))  # the picture
    assert list((tmp_path / "games").glob("*.png"))
    scene.handle_event(key(pygame.K_s))  # save the record
    saved = list((tmp_path / "games").glob("*.json"))
    assert len(saved) == 1 and load(saved[0]).moves == record.moves
    scene.handle_event(key(pygame.K_ESCAPE))
    assert app.menu == 1
    scene.close()


def test_the_slider_and_the_graph_jump(tmp_path, monkeypatch):
    pygame.init()
    surface = pygame.Surface((1280, 800))
    record = random_record("reversi")
    scene = ReplayScene(FakeApp(), record, ply=0, analyse=False)
    scene.draw(surface)
    r = scene.slider.rect
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(r.right - 1, r.centery)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(r.right - 1, r.centery)))
    assert scene.ply == len(record.moves)
    g = scene.graph_rect
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(g.centerx, g.centery)))
    assert abs(scene.ply - len(record.moves) / 2) <= 1


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_the_biggest_drop_line_has_its_room_above_the_buttons(size):
    """It was written under the graph, where the buttons start: half hidden at 800x560."""
    from ui import text as tx

    pygame.init()
    scene = ReplayScene(FakeApp(), random_record("reversi"), ply=0, analyse=False)
    scene.draw(pygame.Surface(size))
    line = pygame.Rect(0, scene.graph_rect.bottom + int(2 * scene.scale), 1,
                       tx.line_height(tx.small(12, scene.scale)))
    assert line.bottom <= min(b.rect.top for b in scene.actions)


def test_saved_games_list_opens_records_and_sets_bad_files_aside(tmp_path):
    from ui.record_files import save
    from ui.scenes.records import RecordsScene

    pygame.init()
    folder = tmp_path / "games"
    save(random_record("tictactoe", 1), folder / "one.json")
    save(random_record("rastros", 2), folder / "two.json")
    (folder / "bad.json").write_text("{not json", encoding="utf-8")
    opened: list[GameRecord] = []
    scene = RecordsScene(FakeApp(), open_record=opened.append, folder=folder)
    assert len(scene.entries) == 2
    assert any("bad.json" in m.text and "moved to bad.json.corrupt-" in m.text for m in scene.messages.items)
    assert [p.name for p in folder.glob("bad.json.corrupt-*")]  # kept, renamed
    surface = pygame.Surface((1000, 700))
    scene.draw(surface)
    rect = scene.entries[0].rect
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a click: the row opens on its release
        scene.handle_event(pygame.event.Event(kind, button=1, pos=rect.center))
    assert opened and opened[0].moves == scene.entries[0].record.moves
    outside = tmp_path / "elsewhere.json"
    outside.write_text("[]", encoding="utf-8")
    scene.open_path(outside)
    assert outside.read_text(encoding="utf-8") == "[]" and len(opened) == 1  # reported, untouched
    assert any("elsewhere.json" in m.text for m in scene.messages.items)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600)])
def test_a_long_end_of_the_game_is_said_whole_over_the_move_list(tmp_path, monkeypatch, language, size):
    """An Alquerque draw by a third repetition was cut in the replay at 800x560: "Empate: mesma
    posição e mesmo jogador a j…" (English lost its end too); the end takes a second line, and
    the move count and the moves come under it."""
    from games.record_parts import Result
    from tests.ui_helpers import make_app, recorded_text
    from ui import i18n, words

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        app.settings.language = language
        app.apply_settings()
        reason = "Draw: the same position, with the same player to move, occurred a third time"
        record = random_record("alquerque").finish(Result(None, reason))
        scene = ReplayScene(app, record, analyse=False)
        app.switch(scene)
        app.run_frames(2)
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        said = words.end_reason(reason)
        start = next(i for i, value in enumerate(drawn) if said.startswith(value) and len(value) > 8)
        lines = drawn[start:start + 2] if " ".join(drawn[start:start + 2]) == said else drawn[start:start + 1]
        assert " ".join(lines) == said, drawn[start:start + 2]
        ply = i18n._("Move {n} of {total}").format(n=len(record.moves), total=len(record.moves))
        assert line_starting(drawn, ply) == start + len(lines)  # under the end, not over it
    finally:
        app.quit()
        i18n.set_language("en")


def test_a_replay_saved_with_its_evaluations_is_left_without_an_error(app):
    """A game saved with its evaluations is not analysed again; leaving its replay (Esc) raised
    "'BackgroundAnalysis' object has no attribute '_job'", said in the window as an error."""
    from tests.ui_helpers import key as press

    record = random_record("tictactoe")
    record.evaluations = [0.0] * (len(record.moves) + 1)
    app.open_replay(record)
    app.run_frames(2)
    assert app.scene.analysis is not None and app.scene.analysis.done
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, ReplayScene)
    assert app.errors == []


@pytest.mark.parametrize("game_id, size, connections, rows", [
    ("reversi", (1280, 800), False, 6), ("reversi", (800, 600), False, 3), ("hex", (1280, 800), True, 3)])
def test_the_move_list_keeps_its_rows_beside_the_best_line(app, monkeypatch, game_id, size, connections, rows):
    """With analysis on (A) the best line came above the move list and the graph kept its whole
    height: at 1280x800 the list showed two rows.  The graph gives room first, then the best line
    goes to one line; the move shown stays in the list as the user steps on."""
    from tests.ui_helpers import key as press
    from tests.ui_helpers import recorded_text, wait

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.open_replay(random_record(game_id), ply=20)
    scene = app.scene
    press(app, pygame.K_a)
    if connections:
        press(app, pygame.K_v)
    for _step in range(2):  # here, then a step on
        assert wait(app, lambda: scene.move_analysis.best_line() is not None, 120)
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        monkeypatch.undo()
        assert "Analysis: best line" in drawn
        numbers = [text for text in drawn if text[:-1].isdigit() and text.endswith(".")]  # "12.": a row
        assert len(numbers) >= rows, numbers
        assert scene.ply in [ply for _rect, ply in scene.move_rows]  # the move shown is in the list
        press(app, pygame.K_RIGHT)


def test_a_short_games_best_line_is_said_in_full(app, monkeypatch):
    """A replay of a Reversi game of six moves (three rows) at 1280x800, analysis on (A): the best
    line went to one line, its depth, value and positions looked at left out, to make room for
    six rows of moves the game did not have.  The list makes room only for the rows it has."""
    from games.record_parts import Result
    from tests.ui_helpers import count_calls, wait
    from tests.ui_helpers import key as press
    from ui.scenes import replay

    game = games.load("reversi")
    moves = ["d3", "c5", "e6", "d2", "c6", "d6"]  # an opening with a name, said under the ply's line
    record = GameRecord.start(game, (Side(None, "You"), Side("level-4", "Level 4"))).with_moves(moves, game.play_line(moves))
    app.open_replay(record.finish(Result(1, "Black lost on time at move 7")))
    scene = app.scene
    press(app, pygame.K_a)
    assert wait(app, lambda: scene.move_analysis.best_line() is not None, 120)
    whole = count_calls(monkeypatch, replay, "draw_search_lines")
    scene.draw(app.screen)
    assert whole[0] == 1, "the best line is cut to one line"
    assert sorted(ply for _rect, ply in scene.move_rows) == list(range(1, 7))  # every move still listed


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_a_bots_forfeit_is_said_whole_with_its_logs_path(tmp_path, monkeypatch, size):
    """A student's bot over its time: the reason (where it was running, its log's path) was cut at
    two lines in the replay's panel; it takes the lines the panel has room for now, the path
    broken over lines where it is wider than the panel, and the moves still come under it."""
    from games.record_parts import Result
    from tests.ui_helpers import make_app, recorded_text
    from ui import i18n

    log = "/home/professor/Documents/Tabuleiro/tournaments/league-2026-12-03.bots/20261203-101500-aluno-x1y2.log"
    reason = ("White forfeits: aluno.py exceeded the time limit (2.51 s > 2.0 s); process stopped; it was running "
              f"aluno.py line 12 (in choose): while True:; log: {log}")
    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        record = random_record("tictactoe").finish(Result(1, reason))
        scene = ReplayScene(app, record, analyse=False)
        app.switch(scene)
        app.run_frames(2)
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        start = next(i for i, value in enumerate(drawn) if "White forfeits" in value)  # after "B wins (", the winner named
        end = line_starting(drawn, i18n._("Move {n} of {total}").format(n=len(record.moves), total=len(record.moves)))
        said = " ".join(drawn[start:end])
        assert "aluno.py line 12" in said and "…" not in said
        assert log in "".join(drawn[start:end]).replace(" ", "")  # the whole path, if over lines
    finally:
        app.quit()


def test_the_replay_gives_each_sides_disc_count_at_the_ply_shown(app, monkeypatch):
    """Reviewing a Reversi game, the replay's panel named the players but gave no disc count at
    any ply (the game screen's cards give one): each side's count at the ply shown is at the
    right of its line, and it follows the steps."""
    from tests.ui_helpers import key as press
    from tests.ui_helpers import recorded_text

    record = random_record("reversi")
    app.open_replay(record, ply=20)
    scene = app.scene
    for ply in (20, 21):
        drawn = recorded_text(monkeypatch)
        scene.draw(app.screen)
        monkeypatch.undo()
        black, white = scene.states[ply].score()
        assert black != white  # the two counts are told apart by their sides
        start = drawn.index("Reversi")  # the panel's title: the players' lines come next
        assert drawn[start + 1:start + 5] == [f"{black} discs", "Black: A", f"{white} discs", "White: B"], drawn
        press(app, pygame.K_RIGHT)
    assert scene.ply == 22


@pytest.mark.parametrize("size", [(1100, 700), (800, 600)])
def test_the_replay_panel_names_the_rules_the_game_was_played_under(size, tmp_path, monkeypatch):
    """A Hex game replayed said "Hex" alone where the game screen says "Board size: 13 · Swap
    rule: On": whether the swap rule was on was left to be guessed from the moves.  The panel now
    gives the options under the title, in the window's words, at the smallest window too."""
    from tests.ui_helpers import recorded_text
    from ui import words

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    pygame.init()
    game = games.load("hex", size=13, swap=True)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["c4", "swap", "g7"])
    scene = ReplayScene(FakeApp(), record, analyse=False)
    surface = pygame.Surface(size)
    scene.resize(size)
    drawn = recorded_text(monkeypatch)
    scene.draw(surface)
    options = words.options_parts(game)
    assert options == ["Board size: 13", "Swap rule: Yes"]
    assert any(all(part in line for part in options) for line in drawn), drawn


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_replays_step_and_play_buttons_are_not_the_words_for_leaving_and_playing(language):
    """In Portuguese the replay's one-move-back button said "Voltar", the word of every screen's
    button that leaves it (this one's is "Jogos guardados", Esc), and its autoplay said "Jogar",
    the main menu's new game, beside "Jogar a partir daqui" that plays on: a student pressed them
    for the other thing.  They say "Anterior" and "Reproduzir"; English says "Previous" (its
    "Back" stood beside the Back that leaves, when the replay opens from a game just ended) and
    keeps "Play"."""
    from ui import i18n

    pygame.init()
    with words_in(language):
        scene = ReplayScene(FakeApp(), random_record("reversi"), ply=3, analyse=False)
        step_back, play = scene.buttons[1].label, scene.play_button.label
        scene.toggle_play()
        scene.toggle_play()  # paused again: the label comes back from the playing one
        scene.draw(pygame.Surface((1280, 800)))
        assert scene.play_button.label == play
        assert step_back != i18n._("Back")
        if language == "en":
            assert (step_back, play) == ("Previous", "Play")
        else:
            assert play != i18n._("Play") and not i18n._("Play from here").startswith(play)


def test_save_writes_the_graph_as_shown_with_analysis_modes_values_laid_over_it(app):
    """Save (S) wrote the background analysis' points, not the graph the replay draws, where
    analysis mode's deeper values are laid over them (``graph_lines``): the record read back
    showed another graph than the one the player saved."""
    from tests.ui_helpers import key as press
    from ui.data_folders import games_dir

    record = random_record("tictactoe")
    record.evaluations = [0.0] * (len(record.moves) + 1)  # a background analysis over, all even
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    state = scene.states[2]
    scene.evaluations.from_opinion(tuple(record.moves[:2]), Opinion(1.0, "alphabeta", 1, state.to_move), 9)
    shown = scene.graph_lines()[1]
    assert shown[2] != scene.analysis.points[2]  # analysis mode's proof is drawn at ply 2
    press(app, pygame.K_s)
    saved = [load(path) for path in games_dir().glob("*.json")]
    assert [r.evaluations for r in saved] == [shown]


@pytest.mark.parametrize("game_id", ["reversi", "rastros", "alquerque"])
def test_animations_off_in_the_settings_are_off_in_the_replay(game_id, tmp_path, monkeypatch):
    """Settings: Animations Off (0) was read as "Normal" by the replay (``0 or 1.0``): each step
    forward still flipped the discs, slid the piece, hopped the captures, as the game does not."""
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    pygame.init()
    surface = pygame.Surface((1100, 700))
    app = FakeApp()
    app.settings.animation_speed = 0.0
    scene = ReplayScene(app, random_record(game_id), ply=0, analyse=False)
    scene.draw(surface)
    for _ in range(3):  # the first moves: one of them at least animates when animations are on
        scene.handle_event(key(pygame.K_RIGHT))
        scene.draw(surface)
        assert not scene.view.is_animating() and scene.redraw_interval() is None
    scene.close()


def test_page_up_and_page_down_step_a_move_in_the_replay_as_in_a_game(app):
    """Page Up and Page Down browse a game's positions a move at a time (``game_keys``); the replay
    ignored them, and a keyboard user who browsed a game with them stood still in its replay."""
    from tests.ui_helpers import key

    app.open_replay(random_record("tictactoe"), ply=3)
    scene = app.scene
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert scene.ply == 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.ply == 2


def test_play_in_the_replay_of_a_game_without_moves_is_greyed_and_says_why(app, monkeypatch):
    """A game lost on time before its first move, replayed: Play (Space) turned to Pause for a
    second and back, nothing shown, and its move list was an empty space.  Play is greyed, a press
    or a click says the game has no moves, and the list says "No moves yet" as the game's does."""
    from tests.ui_helpers import click, key, recorded_text
    from ui.widgets import REFUSED_TOPIC

    game = games.load("tictactoe")
    app.open_replay(GameRecord.start(game, (Side(None, "You"), Side("level-3", "Level 3"))), ply=0)
    scene = app.scene
    drawn = recorded_text(monkeypatch)
    scene.invalidate()
    app.run_frames(2)
    assert "No moves yet" in drawn
    assert not scene.play_button.enabled
    key(app, pygame.K_SPACE)
    assert not scene.playing
    said = [m.text for m in scene.messages.current()]
    assert said == ["This game has no moves: there is nothing to play"], said
    scene.messages.withdraw(REFUSED_TOPIC)
    assert scene.messages.current() == []
    click(app, scene.play_button.rect.center)
    assert not scene.playing and [m.text for m in scene.messages.current()] == said
    app.open_replay(random_record("tictactoe"), ply=0)  # a game with moves plays
    app.run_frames(2)
    assert app.scene.play_button.enabled
    key(app, pygame.K_SPACE)
    assert app.scene.playing


def test_the_graph_of_a_game_lost_on_time_before_its_first_move_says_there_is_nothing_to_chart(app, monkeypatch):
    """A finished game without moves (lost on time before the first) showed its graph's place as
    an empty box that said nothing; it says, inside it, that there is nothing to chart."""
    from dataclasses import replace

    from games.record_parts import LOST_ON_TIME, Result
    from tests.ui_helpers import recorded_text_rects

    game = games.load("tictactoe")
    record = GameRecord.start(game, (Side(None, "You"), Side("level-3", "Level 3")))
    app.open_replay(replace(record, result=Result(1, f"X{LOST_ON_TIME}")))
    scene = app.scene
    assert scene.record.is_finished() and not scene.moves
    drawn = recorded_text_rects(monkeypatch)
    scene.invalidate()
    app.run_frames(2)
    [place] = [rect for text, rect in drawn if text == "No moves: nothing to chart"]
    assert scene.graph_rect.contains(place), (place, scene.graph_rect)


def test_the_replays_analysis_says_the_tables_win_in_at_most(app, monkeypatch):
    """A replay of an Alquerque table ending, analysis on (A): its best line said "proven: White
    wins in 21 moves" where the game screen's panel, the hint and the tag's tip say the tables'
    way against the longest defence, "in at most 21 moves"; the replay's line says it so too."""
    from tests.test_alquerque_student import WON
    from tests.ui_helpers import key as press
    from tests.ui_helpers import recorded_text, wait

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000))  # room for the line whole
    app.run_frames(2)
    game = games.load("alquerque")
    start = game.from_text(WON.format(quiet=0))
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")), start_position=game.to_text(start))
    app.open_replay(record.with_moves(["e1xc3"], game.play_line(["e1xc3"], start)), ply=0)
    scene = app.scene
    press(app, pygame.K_a)
    assert wait(app, lambda: scene.move_analysis.values is not None and scene.move_analysis.values.done, 120)
    plies = scene.move_analysis.values.best().plies
    drawn = recorded_text(monkeypatch)
    scene.draw(app.screen)
    monkeypatch.undo()
    assert f"proven: White wins in at most {plies} moves" in drawn, [text for text in drawn if "proven" in text]


def test_h_in_a_replay_says_where_hints_are(app):
    """H, the game screen's Hint, pressed in a replay did nothing, not a word: the replay says it
    gives none, and which keys do what the player wanted."""
    from tests.ui_helpers import first_legal_line, key

    game = games.load("reversi")
    moves, state = first_legal_line(game.initial_state(), 4)
    app.open_replay(GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, state), ply=2)
    key(app, pygame.K_h)
    said = [m.text for m in app.scene.messages.current()]
    assert "No hints in a replay: use Analysis (A), or Play from here (C)" in said, said


def test_the_replays_graph_is_scaled_once_for_each_change_of_analysis_modes_values(app, monkeypatch):
    """A replay with analysis mode's values laid over its background analysis (``graph_lines``:
    ``LiveEvaluations.over``) scaled every opinion of the game afresh (``values``) at each call,
    several a drawing (the graph, the bar, the panel's line): once for each change now."""
    import ui.eval_graph
    from tests.ui_helpers import count_calls

    record = random_record("tictactoe")
    record.evaluations = [0.0] * (len(record.moves) + 1)  # a background analysis over, all even
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    mover = scene.states[2].to_move
    scene.evaluations.from_opinion(tuple(record.moves[:2]), Opinion(1.0, "alphabeta", 1, mover), 9)
    scene.draw(app.screen)
    scaled = count_calls(monkeypatch, ui.eval_graph, "values")
    for _ in range(3):
        scene.draw(app.screen)
    assert scaled[0] == 0, scaled
    before = scene.graph_lines().points
    scene.evaluations.from_opinion(tuple(record.moves[:2]), Opinion(-1.0, "alphabeta", -1, mover), 10)
    for _ in range(3):
        scene.draw(app.screen)
    after = scene.graph_lines().points
    assert scaled[0] == 1 and after[2] != before[2] and len(after) == len(record.moves) + 1, (scaled, before, after)


def test_ctrl_letters_in_a_replay_are_not_the_letters_commands(app):
    """The replay ran a letter's command with Ctrl held: Ctrl+P (a game's Pause) saved a picture,
    Ctrl+Z (a game's Undo) said "The whole board is in view already", Ctrl+F turned the board.
    Ctrl+P and the Pause key play and stop the replay as Space does (a watched game's Pause);
    the other Ctrl letters do nothing, and Ctrl+S still saves, as in a game."""
    from tests.ui_helpers import key

    app.open_replay(random_record("tictactoe"), ply=2)
    scene = app.scene
    for k in (pygame.K_f, pygame.K_a, pygame.K_m):
        key(app, k, pygame.KMOD_CTRL)
    assert scene.messages.current() == [] and not scene.view.turned and not scene.move_analysis.active
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert scene.playing and scene.messages.current() == []
    key(app, pygame.K_PAUSE)
    assert not scene.playing
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert [m.text.split(":")[0] for m in scene.messages.current()] == ["Game saved"]


def test_question_mark_in_a_replay_opens_the_keys_page_at_the_replays_keys(app):
    """? opens the keys page at once in a game; in the replay it did nothing.  It opens the page
    at the replay's section, and Esc comes back to the move shown."""
    from tests.ui_helpers import key, keys_page_by_question_mark

    app.open_replay(random_record("tictactoe"), ply=2)
    replay = app.scene
    keys_page_by_question_mark(app, "Replay")
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay and replay.ply == 2


@pytest.mark.parametrize("undo", [(pygame.K_u, 0), (pygame.K_BACKSPACE, 0), (pygame.K_z, pygame.KMOD_CTRL),
                                  (pygame.K_y, 0)])
def test_a_games_undo_and_redo_in_a_replay_say_how_to_step(app, undo):
    """U, Backspace, Ctrl+Z (a game's Undo) and Y (its Redo), pressed in a replay out of habit, did
    nothing, not a word (Ctrl+Z said "The whole board is in view already"): the replay says it
    takes no move back, and which keys step through the game; the move shown stays."""
    from tests.ui_helpers import key

    app.open_replay(random_record("tictactoe"), ply=2)
    key(app, *undo)
    said = [m.text for m in app.scene.messages.current()]
    assert said == ["A replay takes no move back: Left and Right step through its moves"], said
    assert app.scene.ply == 2


def test_l_in_a_replay_says_why_it_marks_no_legal_moves(app):
    """L, the game screen's Legal moves, pressed in a replay did nothing, not a word: the replay's
    board marks none, so it says so and what shows the moves (the keys page says it too)."""
    from tests.ui_helpers import key

    app.open_replay(random_record("reversi"), ply=2)
    key(app, pygame.K_l)
    said = [m.text for m in app.scene.messages.current()]
    assert said == ["A replay marks no legal moves: Analysis (A) shows each one with its value"], said
    assert app.scene.ply == 2


def test_n_in_a_replay_opens_new_game_with_its_settings_and_back_returns(app):
    """N, New game from a finished game, did nothing in its replay: it opens the New game screen
    with the replayed game's settings filled in (its game and its options), and Esc comes back
    to the replay at the move shown."""
    from tests.ui_helpers import key
    from ui.scenes.setup import SetupScene

    game = games.load("tictactoe", width=4, height=4, k=3)
    moves = random_line(game.initial_state(), WHOLE_GAME, random.Random(3))
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, game.play_line(moves))
    app.open_replay(record, ply=2)
    replay = app.scene
    key(app, pygame.K_n)
    setup = app.scene
    assert isinstance(setup, SetupScene) and not setup.watch
    assert setup.choices.game_id == "tictactoe" and setup._options() == {"width": 4, "height": 4, "k": 3}, setup._options()
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay and replay.ply == 2
