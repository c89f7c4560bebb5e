"""Analysis mode in the window: key A in every game shows values on the board and the eval bar;
the values follow browsing, stop when switched off, and the labels speak the game's unit."""

from __future__ import annotations

import math
import re

import pygame
import pytest

from ai.eval_scales import TICTACTOE_LINE_BASE
from ai.move_values import MoveValue, MoveValues
from tests.ui_helpers import click, in_language, key, recorded_draws, wait, words_in
from ui.analysis import latest_valued
from ui.analysis_mode import move_labels, value_text
from ui.eval_bar import position_value

GAMES = [("tictactoe", "b2"), ("reversi", "f5"), ("hex", "f6"), ("rastros", ""), ("alquerque", ""), ("trax", "")]


def _labels_on_board(scene) -> bool:
    labels = scene.analysis.labels()
    if not labels:
        return False
    state = scene.shown_state()
    return set(labels) <= set(state.legal_moves()) and any(scene.view.value_anchor(m) for m in labels)


@pytest.mark.parametrize("game_id, moves", GAMES)
def test_key_a_writes_values_on_every_game(app, game_id, moves):
    app.open_demo(f"game:{game_id}:hotseat:{moves}")
    scene = app.scene
    board_before = scene.view.rect.width
    assert not scene.analysis.active
    key(app, pygame.K_a)
    assert scene.analysis.active and scene.btn_analysis.active
    assert scene.eval_rect.width > 0 and scene.view.rect.width < board_before  # the bar takes room
    # the analysis worker may first compile the game's kernels (a fresh checkout: half a minute or more)
    assert wait(app, lambda: _labels_on_board(scene), 180)
    key(app, pygame.K_a)
    assert not scene.analysis.active and scene.analysis.labels() == {} and not scene.analysis.running()
    assert scene.eval_rect.width == 0


def test_analysis_follows_browsing_and_moves(app):
    app.open_demo("game:tictactoe:hotseat:b2,a1")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: _labels_on_board(scene) and len(scene.analysis.labels()) == 7, 30)
    key(app, pygame.K_LEFT)  # back one ply: X's first move was b2, O to move with 8 squares
    assert wait(app, lambda: _labels_on_board(scene) and len(scene.analysis.labels()) == 8, 30)
    key(app, pygame.K_HOME)  # the empty board: 9 moves, every one a proven draw on 3x3
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                and len(scene.analysis.values.values) == 9, 60)
    assert {label.text for label in scene.analysis.labels().values()} == {"="}


def test_analysis_starts_on_with_the_environment(app, monkeypatch):
    monkeypatch.setenv("TABULEIRO_ANALYSIS", "1")
    app.open_demo("game:reversi:hotseat:")
    assert app.scene.analysis.active
    assert wait(app, lambda: _labels_on_board(app.scene), 60)


def test_analysis_goes_on_after_its_process_is_killed(app):
    """Analysis mode's process killed outright (out of memory, ``kill -9``): the values on the
    board stayed as they were, for good on that position; the fresh process now values it again."""
    app.open_demo("game:reversi:hotseat:")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: _labels_on_board(scene), 60)
    scene.analysis.worker.process.kill()
    assert wait(app, lambda: scene.analysis.worker.restarts == 1, 30)
    left_by_the_dead = scene.analysis.values
    assert wait(app, lambda: scene.analysis.values is not left_by_the_dead, 60), "the position was not valued again"
    assert _labels_on_board(scene) and scene.analysis.error == ""


def test_labels_speak_each_games_unit():
    def snap(*values: MoveValue, mover: int = 0) -> MoveValues:
        return MoveValues(mover, {v.move: v for v in values})

    assert value_text(MoveValue(1, 6.2), "reversi") == "+6"
    assert value_text(MoveValue(1, -250.0), "alquerque") == "-2.5" and value_text(MoveValue(1, 64.0), "tictactoe") == "+64"
    assert value_text(MoveValue(1, 110.0), "rastros") == "+110" and value_text(MoveValue(1, 5.0), "rastros") == "+5"
    assert value_text(MoveValue(1, 3.8), "trax") == "+3.8"
    # the bar's value from the replay's graph (a computer's or the background analysis' opinion)
    from ui.analysis import Opinion
    from ui.eval_bar import last_known

    assert last_known([Opinion(-110.0, mover=1)], [0.6], 0, "alquerque").text == "+1.1"
    assert last_known([Opinion(3.8, mover=0)], [0.4], 0, "trax").text == "+3.8"
    assert value_text(MoveValue(1, 0.62, "mcts", visits=1200), "hex") == "62%"
    assert value_text(MoveValue(1, 0.0, "proven", 1, 5), "rastros") == "W5"
    assert value_text(MoveValue(1, 0.0, "proven", -1, 3), "rastros") == "L3"
    assert value_text(MoveValue(1, 0.0, "proven", 0, 9), "tictactoe") == "="
    labels = move_labels(snap(MoveValue(1, 0.62, "mcts", visits=1200), MoveValue(2, 0.9, "mcts", visits=2)), "hex")
    assert list(labels) == [1] and labels[1].detail == "1.2k" and labels[1].best  # two playouts say nothing
    # the eval bar: the first side's share and the text for the side the value favours
    value, text = position_value(snap(MoveValue(1, -6.0), MoveValue(2, -9.0), mover=0), "reversi")
    assert value < 0 and text == "+6"
    value, text = position_value(snap(MoveValue(1, 0.0, "proven", -1, 4), mover=1), "rastros")
    assert value == 1.0 and text == "W4"  # the second side to move loses: the first side wins


@pytest.mark.parametrize(("game_id", "near_nought", "nearest"), [
    ("reversi", 0.4, "+1"), ("tictactoe", 0.4, "+1"), ("alquerque", 3.0, "+0.1"), ("rastros", 0.4, "+1"),
    ("trax", 0.04, "+0.1")])
def test_a_value_of_nought_reads_0_in_every_game_that_signs_its_values(game_id, near_nought, nearest):
    """A Reversi square read "+0" where no disc is won; a points value just under nought "-0.0".
    Nought reads "0" on the board, in the pointer's tip and on the bar; the least value that is
    not nought keeps its sign."""
    from ui.eval_bar import favoured_text

    for score in (0.0, near_nought, -near_nought):
        assert value_text(MoveValue(1, score), game_id) == "0"
        assert move_labels(MoveValues(0, {1: MoveValue(1, score)}), game_id)[1].text == "0"
        assert favoured_text(MoveValue(1, score), game_id) == "0"
    least = {"reversi": 0.6, "tictactoe": 0.6, "rastros": 0.6, "alquerque": 6.0}.get(game_id, 0.06)  # whole counts, pieces
    assert value_text(MoveValue(1, least), game_id) == nearest
    assert value_text(MoveValue(1, -least), game_id) == "-" + nearest[1:]


def test_an_exact_margin_of_nought_reads_0():
    assert value_text(MoveValue(1, 0.0, "proven", 1, 5, margin=True), "reversi") == "0"


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_bars_reversi_value_names_its_unit_under_it_on_the_bar(app, monkeypatch, language, size):
    """The panel said "Black +6 discs" beside a bare "+6" on the bar: the bar writes the unit
    under its number, on the bar, for either side and in each language.  A unit wider than the bar
    at the least print ("peças") reaches over its rims as far as the number may
    (``eval_bar.unit_print``), rather than shrink under the least print."""
    from tests.ui_helpers import recorded_text_rects

    with words_in(language):
        scene = _valued(app, "reversi", {}, size)
        move = scene.state.legal_moves()[0]
        words = {"en": ("discs", "disc"), "pt": ("peças", "peça")}[language]
        for score, number, unit in ((6.0, "+6", words[0]), (-1.0, "+1", words[1])):
            scene.analysis.values = MoveValues(scene.state.to_move, {move: MoveValue(move, score)})
            drawn = recorded_text_rects(monkeypatch)
            scene.draw(app.screen)
            monkeypatch.undo()
            bar = scene.board_side.eval_rect
            on_bar = [(text, rect) for text, rect in drawn if bar.inflate(8, 8).colliderect(rect)]
            assert [text for text, _rect in on_bar] == ([unit, number] if score > 0 else [number, unit]), on_bar
            over_the_rims = bar.inflate(int(6 * app.scale), 0)  # the number's room, ``eval_bar.draw``
            assert all(over_the_rims.contains(rect) for _text, rect in on_bar), (bar, on_bar)


# tic-tac-toe's points said in words, by language: the side they favour, X's and O's
def rules_page(game_id: str, language: str) -> str:
    """A game's rules page as the rules screen shows it in ``language``."""
    from pathlib import Path

    folder = Path("assets/rules") if language == "en" else Path("assets/locale/pt/rules")
    return (folder / f"{game_id}.md").read_text(encoding="utf-8")


def quoted(words: str, language: str) -> str:
    """``words`` quoted as the pages of ``language`` quote: "…" in English, «…» in Portuguese."""
    return f'"{words}"' if language == "en" else f"«{words}»"


BETTER_FOR = {"en": ("better for X", "better for O"), "pt": ("X em vantagem", "O em vantagem")}
HINT_WORDS = {"en": ("better for you", "worse for you", "even"), "pt": ("melhor para si", "pior para si", "equilibrado")}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_tic_tac_toe_words_name_the_side_its_points_favour_and_the_bar_keeps_the_number(app, monkeypatch, language):
    """Tic-tac-toe's analysis said "X +161" on the panel, then "X +161 points": on 3x3, level 3's
    "X +19 points" meant nothing to a player (qa91), as its open lines' points count nothing a
    player counts.  The panel says the side they favour ("better for X", ``ai.value_words``
    SIDE_ONLY), as its rules page says in each language; the bar and the squares keep the number
    ("+5" over "pts"), to compare moves, and the page says what it counts."""
    from tests.ui_helpers import recorded_text_rects
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import eval_text

    for_x, for_o = BETTER_FOR[language]
    with words_in(language):
        assert eval_text(AIProgress(0, score=161.0, mover=0), ("X", "O"), "tictactoe") == for_x
        assert eval_text(AIProgress(0, score=-1.0, mover=0), ("X", "O"), "tictactoe") == for_o
        assert quoted(for_x, language) in " ".join(rules_page("tictactoe", language).split())
        scene = _valued(app, "tictactoe", {"width": 7, "height": 6, "k": 4}, (1280, 800))
        move = scene.state.legal_moves()[0]
        scene.analysis.values = MoveValues(scene.state.to_move, {move: MoveValue(move, 5.0)})
        assert value_text(scene.analysis.values.values[move], "tictactoe") == "+5"
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        bar = scene.board_side.eval_rect
        assert [text for text, rect in drawn if bar.inflate(8, 8).colliderect(rect)] == ["pts", "+5"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_level_3s_search_and_a_hint_say_tic_tac_toe_estimates_without_points(app, monkeypatch, language):
    """3x3 against level 3: after its reply the panel said "X +19 points" for its search; it says
    "better for X", and a hint on 9x9 (k = 5), whose search sees no end, the side it favours for
    the asker ("better for you") rather than "you are 40 points ahead"."""
    from tests.test_ui_computer_draw import against
    from tests.ui_helpers import recorded_text

    with words_in(language):
        scene = against(app, "level-3", ["b2", "a1"])
        click(app, move_point(scene, "c3"))
        assert wait(app, lambda: len(scene.history) == 4, 60)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        panel = " ".join(drawn)
        scene = against(app, "level-3", ["e5", "a1", "i9"], options={"width": 9, "height": 9, "k": 5})
        assert wait(app, lambda: len(scene.history) == 4, 60)
        key(app, pygame.K_h)
        assert wait(app, lambda: scene.hint is not None, 60)
        hint = scene.messages.current()[-1].text
    assert hint.endswith(tuple(f"{words})" for words in HINT_WORDS[language])), hint
    assert any(words in panel for words in (*BETTER_FOR[language], HINT_WORDS[language][2])), panel  # level 3 varies
    assert not re.search(r"\+\d+ (points?|pontos?)", panel), panel


def test_the_bars_chance_to_win_stands_alone(app, monkeypatch):
    """A percent carries its own unit: the bar writes none under it."""
    from tests.ui_helpers import recorded_text_rects

    scene = _valued(app, "hex", {}, (1280, 800))
    move = scene.state.legal_moves()[0]
    scene.analysis.values = MoveValues(scene.state.to_move, {move: MoveValue(move, 0.62, "mcts", visits=900)})
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    bar = scene.board_side.eval_rect
    assert [text for text, rect in drawn if bar.inflate(8, 8).colliderect(rect)] == ["62%"]


# (engine value, {language: (the board's and the bar's number, the bar's unit, the panel's words)})
UNITS_SHOWN = {
    "alquerque": (110.0, {"en": ("+1.1", "pieces", "White +1.1 pieces"), "pt": ("+1,1", "peças", "Branco +1,1 peças")}),
    "rastros": (110.0, {"en": ("+110", "pts", "better for South"), "pt": ("+110", "pts", "Sul em vantagem")}),
    "trax": (3.8, {"en": ("+3.8", "pts", "better for Light"), "pt": ("+3,8", "pts", "Claro em vantagem")}),
}


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", list(UNITS_SHOWN))
def test_rastros_alquerque_and_trax_values_name_their_unit_everywhere(app, monkeypatch, game_id, language):
    """Rastros', Alquerque's and Trax's analysis said "South +110", "White +110", "Light +3.8" on
    the panel and a bare number on the bar and the board: engine points nobody could read.
    Alquerque's are said in pieces (its engine values a piece 100: "+1.1 pieces"); Rastros' and
    Trax's points, sums of unlike things, then read "South +110 points", "Light +3.8 points",
    still no count a player makes: the panel says the side they favour ("better for South",
    ``ai.value_words`` SIDE_ONLY), and the board's tag and the bar keep the number, in "pts".
    Each game's rules page explains the number, quoting the panel's words, in each language."""
    from tests.ui_helpers import recorded_text, recorded_text_rects

    score, shown = UNITS_SHOWN[game_id]
    number, unit, said = shown[language]
    with words_in(language):
        scene = _valued(app, game_id, {}, (1280, 800))
        move = scene.state.legal_moves()[0]
        scene.analysis.values = MoveValues(scene.state.to_move, {move: MoveValue(move, score, depth=6)}, depth=6)
        scene.analysis.line = [scene.game.format_move(scene.state, move)]
        texts = recorded_text(monkeypatch)
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        bar, board = scene.board_side.eval_rect, scene.view.rect
        assert [text for text, rect in drawn if bar.inflate(8, 8).colliderect(rect)] == [unit, number]
        assert number in [text for text, rect in drawn if board.contains(rect)]  # the move's tag
        assert any(said in text for text in texts), texts  # the panel's best line
        assert quoted(said, language) in " ".join(rules_page(game_id, language).split())


@pytest.mark.parametrize("game_id", [g for g, _moves in GAMES])
def test_key_a_in_the_replay_viewer_values_the_position_shown(game_id, tmp_path, monkeypatch):
    import time

    from tests.test_replay import FakeApp, random_record
    from tests.test_replay import key as key_event
    from ui.scenes.replay import ReplayScene

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    pygame.init()
    surface = pygame.Surface((1100, 700))
    record = random_record(game_id)
    scene = ReplayScene(FakeApp(), record, ply=2, analyse=False)
    scene.draw(surface)
    try:
        scene.handle_event(key_event(pygame.K_a))
        assert scene.move_analysis.active and scene.eval_rect.width > 0

        def values_for(ply: int) -> bool:
            scene.update(0.02)
            labels = scene.move_analysis.labels()
            return bool(labels) and set(labels) <= set(scene.states[ply].legal_moves())

        for ply in (2, 1):
            deadline = time.monotonic() + 60
            while not values_for(ply) and time.monotonic() < deadline:
                time.sleep(0.02)
            assert values_for(ply)
            scene.draw(surface)
            scene.handle_event(key_event(pygame.K_LEFT))
        scene.handle_event(key_event(pygame.K_a))
        assert not scene.move_analysis.active and scene.eval_rect.width == 0
    finally:
        scene.close()


def test_the_exported_picture_carries_the_values():
    import games
    from ui.export import render_board

    pygame.init()
    game = games.load("tictactoe")
    state = game.initial_state()
    snapshot = MoveValues(0, {m: MoveValue(m, 0.0, "proven", 0, 9) for m in state.legal_moves()})
    plain = render_board(game, state, (300, 300))
    valued = render_board(game, state, (300, 300), labels=move_labels(snapshot, "tictactoe"))
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(valued, "RGB")


def test_the_games_picture_carries_the_values_of_the_position_shown(app, tmp_path, monkeypatch):
    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path / "data"))
    app.open_demo("game:tictactoe:hotseat:b2,a1")
    scene = app.scene
    plain_message, _kind = scene.recorder.export_png(scene)
    plain = pygame.image.load(plain_message.split(": ", 1)[1])
    state = scene.state
    scene.analysis.active = True  # values as the worker would have sent them (no worker needed here)
    scene.analysis.values = MoveValues(0, {m: MoveValue(m, 0.0, "proven", 0, 7) for m in state.legal_moves()})
    valued_message, _kind = scene.recorder.export_png(scene)
    assert valued_message.endswith("-move2-2.png")  # beside the plain one, never over it
    valued = pygame.image.load(valued_message.split(": ", 1)[1])
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(valued, "RGB")
    scene.analysis.active = False
    scene.browse(1)  # an earlier position: that one is saved
    assert scene.recorder.export_png(scene)[0].endswith("-move1.png")


def test_the_bar_of_a_finished_position_shows_its_result():
    """Analysis has no move to value in a finished position: the bar stood at an even 50/50 beside
    a graph that showed the game won."""

    import games
    from ui import eval_bar
    from ui.scenes.panel_cards import side_colour
    from ui.theme import THEMES

    game = games.load("tictactoe")
    x_won = game.play_line(["a1", "a2", "b1", "b2", "c1"])
    o_won = game.play_line(["a1", "a2", "b1", "b2", "c3", "c2"])
    drawn = game.play_line(["a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3"])
    assert [eval_bar.final_value(s) for s in (x_won, o_won, drawn)] == [(1.0, "W"), (-1.0, "W"), (0.0, "=")]
    theme = THEMES["dark"]
    surface = pygame.Surface((60, 220))
    bar = pygame.Rect(10, 10, 30, 200)
    for state, side in ((x_won, 0), (o_won, 1)):
        eval_bar.draw(surface, bar, None, game, theme, 1.0, state=state)
        colour = side_colour(game.sides[side], side, theme)
        assert surface.get_at((bar.centerx, bar.y + 40))[:3] == colour == surface.get_at((bar.centerx, bar.bottom - 40))[:3]


def test_a_finished_reversi_game_keeps_its_margin_in_discs_on_the_bar():
    """Analysis wrote the proven result "+24" over "discs" on the bar until the last move; once the
    last disc was down the bar read a bare "W", in no unit: the club player lost the margin the
    proof had promised.  The bar keeps the margin on the board, in discs, in the winner's colour."""
    import games
    from ui import eval_bar

    reversi = games.load("reversi")
    wiped_out = reversi.from_text("-" * 27 + "XX" + "-" * 6 + "XXX" + "-" * 5 + "X" * 8 + "-" * 13 + " O")  # 13 - 0
    full = reversi.from_text("X" * 32 + "O" * 29 + "XXX X")  # 35 - 29: Black by 6
    assert [reversi_state.is_terminal() for reversi_state in (wiped_out, full)] == [True, True]
    assert [eval_bar.final_value(s) for s in (wiped_out, full)] == [(1.0, "+13"), (1.0, "+6")]
    white_won = reversi.from_text("O" * 40 + "X" * 24 + " X")
    assert eval_bar.final_value(white_won) == (-1.0, "+16")
    known, dimmed = eval_bar.bar_value(None, "reversi", wiped_out, None)
    assert known == (1.0, "+13", "") and not dimmed
    assert eval_bar.unit_word("reversi", known[1], known[2]) == "discs"


def test_the_swaps_value_is_written_on_the_stone_it_would_take():
    """The swap has no cell of its own: its value went nowhere on the board."""
    import games
    from games.hex import SWAP
    from ui.board_view import Overlay
    from ui.theme import THEMES
    from ui.views.hex import HexView

    game = games.load("hex", size=5, swap=True)
    state = game.play_line(["c3"])
    view = HexView(game)
    view.layout(pygame.Rect(0, 0, 600, 400))
    view.draw(pygame.Surface((600, 400)), state, Overlay(theme=THEMES["dark"]))
    assert view.value_anchor(SWAP) == view.value_anchor(state.swap_cell()) is not None


def test_a_win_found_but_not_proven_reads_as_a_win_and_alpha_beta_counts_its_depth():
    """Tic-tac-toe 19x19 wrote "-999999" on the board (a loss the search found among the moves it
    looked at), and "Analysis: 35 playouts" for an alpha-beta search."""
    from ui.analysis_mode import summary_text

    found = MoveValue(9, -999_999.0, "alphabeta", None, None, 0, 3)
    assert value_text(found, "tictactoe") == "L" and value_text(MoveValue(9, 999_998.0), "tictactoe") == "W"
    proven = MoveValues(0, {4: MoveValue(4, 0.0, "proven", 0, 9, visits=35, depth=9)}, depth=8, nodes=35, done=True)
    assert summary_text(proven, False) == "Analysis: every move solved"
    proven.monte_carlo = True
    assert summary_text(proven, False) == "Analysis: 35 games tried, complete"
    proven.nodes = 1  # a position settled by the first playout
    assert summary_text(proven, False) == "Analysis: 1 game tried, complete"
    proven.nodes = 0  # a Hex position its connections decide (or a solved opening): no playout, "0 playouts" read as nothing done
    assert summary_text(proven, False) == "Analysis: every move solved"


def test_the_summary_says_the_depth_of_the_values_and_complete_only_when_solved():
    """Reversi's start, analysed for 40 s, read "Analysis: depth 41, complete": 40 rounds had run,
    but each move's search had its time slice cut it at 19-20 plies, and no value was proven."""
    from ui.analysis_mode import summary_text

    deep = {m: MoveValue(m, 0.5 * m, depth=d) for m, d in ((1, 19), (2, 20), (3, 20))}
    running = MoveValues(0, dict(deep), depth=30)
    assert summary_text(running, True) == "Analysis: 19 moves ahead…"
    ended = MoveValues(0, dict(deep), depth=40, done=True)
    assert summary_text(ended, False) == "Analysis: 19 moves ahead, stopped at its limit"
    won = MoveValues(0, {**deep, 4: MoveValue(4, 1.0, "proven", 1, 7, depth=7)}, depth=40, done=True)
    assert summary_text(won, False) == "Analysis: 19 moves ahead, complete"  # a proven win: the position is solved


def test_a_position_solved_move_by_move_says_so_not_a_depth():
    """Reversi with 14 empties, every move solved exactly in its first round, read "Analysis:
    depth 2, complete", as if two plies had been looked at; it says every move is solved."""
    from ui.analysis_mode import summary_text

    exact = {m: MoveValue(m, float(s), "proven", 1 if s > 0 else -1, None, depth=1, margin=True)
             for m, s in ((1, 30), (2, -4), (3, 12))}
    assert summary_text(MoveValues(0, exact, depth=1, done=True), False) == "Analysis: every move solved"
    open_one = {**exact, 4: MoveValue(4, 8.0, depth=9)}  # its margin an estimate: +30 is not proven the best
    assert summary_text(MoveValues(0, open_one, depth=9, done=True), False) == "Analysis: 9 moves ahead, stopped at its limit"


def test_every_move_solved_only_when_every_value_is_exact():
    """Reversi's values all proofs, some of them bounds of the margin ("≥+38": the solve cut off
    once the move reached it), read "Analysis: every move solved": a bound is not the move's value,
    a better line may win by more.  Exact margins only still say every move solved."""
    from ui.analysis_mode import summary_text

    a2, b1, c1, h8 = 8, 1, 2, 63
    exact = {move: MoveValue(move, score, "proven", 1 if score > 0 else -1, None, depth=1, margin=True)
             for move, score in ((a2, 38.0), (b1, 30.0), (c1, 30.0), (h8, -6.0))}
    solved = MoveValues(0, exact, depth=1, done=True)
    assert solved.all_exact() and solved.solved()
    assert summary_text(solved, False) == "Analysis: every move solved"
    bounded = MoveValues(0, {**exact, a2: MoveValue(a2, 38.0, "proven", 1, None, depth=1, bound=1),
                             h8: MoveValue(h8, -6.0, "proven", -1, None, depth=1, bound=-1)}, depth=1, done=True)
    assert not bounded.all_exact() and not bounded.solved()
    assert summary_text(bounded, False) == "Analysis: every move proven, not every margin exact"


def test_the_bar_says_a_lost_positions_bound_as_a_bound():
    """Every Reversi move proven lost, two by bounds: the bar took b1's "≤-10" (first in the list)
    or c1's exact -8 as the position's value, "+8" for White read as exact where a2 may lose by 6
    alone.  The bar and the graph say the best loss's bound for White, "≥+6", never exact."""
    from ui import eval_bar
    from ui.analysis_mode import line_progress
    from ui.eval_graph import snapshot_opinion

    b1, c1, a2 = 1, 2, 8
    lost = MoveValues(0, {b1: MoveValue(b1, -10.0, "proven", -1, None, depth=1, bound=-1),
                          c1: MoveValue(c1, -8.0, "proven", -1, None, depth=1, margin=True),
                          a2: MoveValue(a2, -6.0, "proven", -1, None, depth=1, bound=-1)},
                      depth=1, done=True, order={b1: 0, c1: 1, a2: 2})
    assert position_value(lost, "reversi") == (-1.0, "≥+6")  # White's win, by at least 6
    opinion = snapshot_opinion(lost)
    assert (opinion.score, opinion.proven, opinion.measure.bound, opinion.measure.margin) == (-6.0, -1, True, False)
    graph = eval_bar.last_known([opinion], [-1.0], 0, "reversi")
    assert graph.text == "≥+6" and eval_bar.bar_value(lost, "reversi", None, graph) == ((-1.0, "≥+6", ""), False)
    line = line_progress(lost, ["a2"])
    assert (line.best_move, line.score, line.at_most, line.exact_margin) == (a2, -6.0, True, False)


def test_complete_says_the_best_move_is_proven_the_best_in_every_game():
    """FFO #40 (Reversi) said "Analysis: 15 moves ahead, complete" with b1 and c1 proven to win by
    30 discs and a2 estimated at +48 (its exact value is +38): a proven win had made the position
    "solved".  A win by a margin is not the position's value while a move's margin is an estimate;
    a win said as an outcome (tic-tac-toe, Hex, Rastros, Alquerque, Trax) is, and says complete."""
    from ui.analysis_mode import summary_text

    b1, c1, a2, h8 = 1, 2, 8, 63
    ffo = {b1: MoveValue(b1, 30.0, "proven", 1, None, depth=1, margin=True),
           c1: MoveValue(c1, 30.0, "proven", 1, None, depth=1, margin=True),
           a2: MoveValue(a2, 48.0, depth=15), h8: MoveValue(h8, -6.0, depth=15)}
    ended = MoveValues(0, ffo, depth=40, done=True)
    assert ended.best().move == a2 and not ended.solved()
    assert summary_text(ended, False) == "Analysis: 15 moves ahead, stopped at its limit"
    at_least = {**ffo, b1: MoveValue(b1, 30.0, "proven", 1, None, depth=1, bound=1)}  # a bound, weighed in discs
    bounded = MoveValues(0, at_least, depth=40, done=True)
    assert bounded.best().move == a2 and not bounded.solved()
    every_margin = {move: MoveValue(move, score, "proven", 1 if score > 0 else -1, None, depth=1, margin=True)
                    for move, score in ((b1, 30.0), (c1, 30.0), (a2, 38.0), (h8, -6.0))}
    assert MoveValues(0, every_margin, depth=1, done=True).solved()
    won = MoveValues(0, {4: MoveValue(4, 1.0, "proven", 1, 5, depth=5), 0: MoveValue(0, 40.0, depth=9)},
                     depth=40, done=True)
    assert won.solved() and summary_text(won, False) == "Analysis: 9 moves ahead, complete"
    hex_won = MoveValues(0, {24: MoveValue(24, 1.0, "proven", 1, 9, 800, 1), 25: MoveValue(25, 0.6, "mcts", visits=200)},
                         1, 1_000, done=True, monte_carlo=True)
    assert summary_text(hex_won, False) == "Analysis: 1,000 games tried, complete"


def test_the_bars_value_is_set_smaller_before_it_is_cut(monkeypatch):
    """"+131" read "+1…" on the narrow bar of 800x560 (Rastros' points: Alquerque's are pieces now, "+1.3")."""
    import games
    from tests.ui_helpers import recorded_text
    from ui import eval_bar
    from ui.theme import THEMES

    drawn = recorded_text(monkeypatch)
    snapshot = MoveValues(0, {3: MoveValue(3, 131.0)})
    _board, bar = eval_bar.carve(pygame.Rect(0, 0, 560, 560), 0.7, True)  # 800x560's scale
    eval_bar.draw(pygame.Surface((600, 600)), bar, snapshot, games.load("rastros"), THEMES["dark"], 0.7)
    assert "+131" in drawn


@pytest.mark.parametrize("value", [166.0, -237.0])
def test_the_bars_value_stays_on_the_bar_in_a_small_window(app, monkeypatch, value):
    """At 800x600 the bar was 18 pixels wide: "+166", set at 8 pixels, still ran over its colour
    onto its outline (Alquerque's value then; Rastros' points are the widest now)."""
    from tests.ui_helpers import recorded_text_rects

    scene = _valued(app, "rastros", {}, (800, 600))
    move = scene.state.legal_moves()[0]
    scene.analysis.values = MoveValues(scene.state.to_move, {move: MoveValue(move, value)})
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    bar = scene.board_side.eval_rect
    shown = [rect for text, rect in drawn if text == f"+{abs(value):.0f}" and bar.inflate(8, 8).colliderect(rect)]
    assert shown, f"the bar's value was not drawn: {[text for text, _rect in drawn][:20]}"
    assert bar.contains(shown[0]), f"{shown[0]} runs over the bar {bar}"


# -- the values on a board too small for a tag on every move ---------------------------------------
def _valued(app, game_id: str, options: dict, size: tuple[int, int], plies: int = 0, seed: int = 1):
    """A hot-seat game of ``game_id`` in a window of ``size``, ``plies`` random moves in, in analysis
    mode with made-up values on every legal move (as the worker would send them; no worker runs:
    the tests draw the scene themselves, without frames)."""
    import random

    import games
    from ui.match import HOTSEAT, MatchSetup

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    game = games.load(game_id, **options)
    rng = random.Random(seed)
    state, moves = game.initial_state(), []
    while len(moves) < plies:
        move = rng.choice(state.legal_moves())
        if not state.play(move).is_terminal():
            moves.append(game.format_move(state, move))
            state = state.play(move)
    app.start_game(MatchSetup(game_id, options, HOTSEAT, (None, None), 5.0), moves)
    app.run_frames(1)
    scene = app.scene
    scene.analysis.active = True
    scene.resize(app.screen.get_size())
    mcts = game_id == "hex"
    values = {m: MoveValue(m, rng.uniform(0.3, 0.7), "mcts", visits=rng.randint(10, 3000)) if mcts
              else MoveValue(m, rng.uniform(-300, 300)) for m in state.legal_moves()}
    scene.analysis.values = MoveValues(state.to_move, values, monte_carlo=mcts)
    return scene


def _tag_texts(monkeypatch, scene) -> list[tuple[str, int, pygame.Rect]]:
    """(text, size, rectangle) of every text the scene draws on its board, drawn once now."""
    with monkeypatch.context() as one_frame:
        drawn = recorded_draws(one_frame)
        scene.draw(scene.app.screen)
    return [(text.value, text.size, text.rect) for text in drawn if scene.view.rect.contains(text.rect)]


def _pointed_at_a_shared_square(monkeypatch, scene, labels: dict) -> tuple[list, list[str]]:
    """The pointer moved onto the first square whose value anchor several of ``labels``' moves
    share (Trax's tiles of one cell): those moves, and the texts the board draws then."""
    squares: dict = {}
    for move in labels:
        squares.setdefault(scene.view.value_anchor(move)[0], []).append(move)
    centre, shared = next((c, moves) for c, moves in squares.items() if len(moves) > 1)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    return shared, [value for value, _size, _rect in _tag_texts(monkeypatch, scene)]


def _overlapping(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.mark.parametrize("game_id, options, plies", [("hex", {"size": 19}, 30), ("trax", {"size": 25}, 40)])
def test_values_on_a_small_board_stay_legible_and_apart(app, monkeypatch, game_id, options, plies):
    """Hex 19x19 and Trax 25x25 at 800x560: a 9-pixel tag on each of hundreds of 16-pixel cells,
    each wider than its cell, covered its neighbours' and nothing could be read.  The best few
    moves keep a tag, the best one marked; no two tags overlap; all stay in the window."""
    from ui import text as tx

    scene = _valued(app, game_id, options, (800, 560), plies)
    labels = scene.analysis.labels()
    assert len(labels) > 50
    words = {label.text for label in labels.values()} | {label.detail for label in labels.values()}
    drawn = [(value, size, rect) for value, size, rect in _tag_texts(monkeypatch, scene) if value in words]
    assert drawn and all(size >= tx.SMALLEST for _value, size, _rect in drawn)
    assert not _overlapping([rect for _value, _size, rect in drawn])
    from ui.analysis_mode import tag_layout

    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    rects = [rect for rect, _place in layout.tags]
    assert not _overlapping(rects) and all(app.screen.get_rect().contains(rect) for rect in rects)
    assert layout.style == "few" and any(place.label.best for _rect, place in layout.tags)
    assert len(layout.tags) + len(layout.dots) == len({scene.view.value_anchor(m)[0] for m in labels})


def test_hovering_a_cell_shows_its_value_beside_the_pointer(app, monkeypatch):
    """Hex 19x19 at 800x560: a move without a tag has its value, visits and name in a tip by the
    pointer; at the board's corner the tip stays inside the window."""
    scene = _valued(app, "hex", {"size": 19}, (800, 560), 30)
    labels = scene.analysis.labels()
    best = max(labels, key=lambda m: labels[m].best)
    move = min((m for m in labels if m != best), key=lambda m: math.dist(scene.view.value_anchor(m)[0],
                                                                         scene.view.value_anchor(best)[0]))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.value_anchor(move)[0], rel=(0, 0),
                                          buttons=(0, 0, 0)))  # the best move's neighbour: covered by its tag
    texts = [value for value, _size, _rect in _tag_texts(monkeypatch, scene)]
    name, label = scene.game.format_move(scene.shown_state(), move), labels[move]
    assert f"{name}   {label.text}" in texts and f"{label.detail} visits" in texts
    from ui.analysis_mode import draw_value_tip

    screen = app.screen.get_rect()
    for corner in (max, min):
        far = corner(labels, key=lambda m: sum(scene.view.value_anchor(m)[0]))
        tip = draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(far)[0], app.theme)
        assert tip is not None and screen.contains(tip)
    assert draw_value_tip(app.screen, scene.view, labels, (2, 2), app.theme) is None  # off the board


def test_the_boards_cursor_shows_the_tip_of_values_as_the_pointer_does(app, monkeypatch):
    """Hex 19x19 at 800x560, the mouse off the board: Down puts the board's cursor on a cell, and
    the tip says that move's value and visits, as under the pointer.  A player on the keyboard
    had no way to read the value of a move the board shows as a dot."""
    scene = _valued(app, "hex", {"size": 19}, (800, 560), 30)
    labels = scene.analysis.labels()
    assert scene.mouse.hover is None
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert scene.cursor.on
    centre = scene.cursor.current(scene.view, scene.shown_state()).center
    move = min(labels, key=lambda m: math.dist(scene.view.value_anchor(m)[0], centre))
    texts = [value for value, _size, _rect in _tag_texts(monkeypatch, scene)]
    name, label = scene.game.format_move(scene.shown_state(), move), labels[move]
    assert f"{name}   {label.text}" in texts and f"{label.detail} visits" in texts


def test_the_replays_board_cursor_shows_the_tip_of_values_as_in_a_game(app, monkeypatch):
    """A Hex 19x19 replay at 800x560, the mouse off the board: B, with analysis off, says to turn
    it on; on, B puts the game screen's board cursor on a cell and the tip says that move's value
    and visits; Right moves it along the row, the move shown staying; Esc hides it, and Right
    steps a move again.  The arrows step through a replay, and its tip came under the mouse alone."""
    import random

    import games
    from games.record import GameRecord
    from games.record_parts import Side
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    game, rng = games.load("hex", size=19), random.Random(1)
    position, moves = game.initial_state(), []
    while len(moves) < 31:  # 16 stones at most a side: no Hex 19x19 game is over
        move = rng.choice(position.legal_moves())
        moves.append(game.format_move(position, move))
        position = position.play(move)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")))
    app.open_replay(record.with_moves(moves, game.play_line(moves)), ply=30)
    scene = app.scene
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    assert not scene.cursor.on
    assert "The board cursor shows the values: turn on Analysis (A) first" in [
        m.text for m in scene.messages.current()]
    scene.move_analysis.active = True
    scene.resize(app.screen.get_size())
    state = scene.states[30]
    scene.move_analysis.values = MoveValues(state.to_move, {
        m: MoveValue(m, rng.uniform(0.3, 0.7), "mcts", visits=rng.randint(10, 3000)) for m in state.legal_moves()},
        monte_carlo=True)
    labels = scene.move_analysis.labels()

    def tip_of_the_cursors_move() -> bool:
        centre = scene.cursor.current(scene.view, state).center
        move = min(labels, key=lambda m: math.dist(scene.view.value_anchor(m)[0], centre))
        texts = [value for value, _size, _rect in _tag_texts(monkeypatch, scene)]
        name, label = game.format_move(state, move), labels[move]
        return f"{name}   {label.text}" in texts and f"{label.detail} visits" in texts

    assert scene.pointer is None
    for arrow in (pygame.K_b, pygame.K_RIGHT):
        before = scene.cursor.key
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=arrow, mod=0, unicode="", scancode=0))
        assert scene.cursor.on and scene.cursor.key != before and scene.ply == 30
        assert tip_of_the_cursors_move()
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert not scene.cursor.on and app.scene is scene
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    assert scene.ply == 29


def test_a_trax_square_lists_every_tile_in_the_tip(app, monkeypatch):
    """Three tiles may go on one square, and one tag shows the best: the tip lists them all, each
    written as the move list writes it (the official notation by default, Settings > Trax
    notation: the tip wrote Tabuleiro's cells whatever the list did)."""
    scene = _valued(app, "trax", {"size": 25}, (800, 560), 40)
    labels, state = scene.analysis.labels(), scene.shown_state()
    shared, texts = _pointed_at_a_shared_square(monkeypatch, scene, labels)
    assert all(f"{scene.game.other_move_text(state, m)}   {labels[m].text}" in texts for m in shared)
    assert not any(text.startswith(scene.game.format_move(state, m)) for m in shared for text in texts)


@pytest.mark.parametrize("game_id, options, size, plies", [("reversi", {}, (800, 560), 10),
                                                           ("hex", {"size": 11}, (1366, 768), 10)])
def test_boards_with_room_keep_a_full_tag_on_every_move(app, monkeypatch, game_id, options, size, plies):
    """Reversi 8x8 at 800x560 and Hex 11x11 at 1366x768 read well: every move keeps its tag (with
    its visits in Hex), and hovering one adds no tip."""
    scene = _valued(app, game_id, options, size, plies)
    labels = scene.analysis.labels()
    drawn = {value for value, _size, _rect in _tag_texts(monkeypatch, scene)}
    assert all(label.text in drawn and label.detail in drawn | {""} for label in labels.values())
    from ui.analysis_mode import draw_value_tip, tag_layout

    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    assert layout.style == "full" and not layout.dots and len(layout.tags) == len(labels)
    some = next(iter(labels))
    assert draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(some)[0], app.theme) is None


def test_hex_11_at_800x560_writes_its_values_larger(app, monkeypatch):
    """Two lines of 9 pixels (a rate over a visit count) in each cell: now the rate alone, larger,
    on every move ("54" for 54 %: the tip has the rest)."""
    scene = _valued(app, "hex", {"size": 11}, (800, 560), 10)
    labels = scene.analysis.labels()
    drawn = _tag_texts(monkeypatch, scene)
    rates = {label.text.removesuffix("%") for label in labels.values()}
    assert {value for value, _size, _rect in drawn} >= rates
    assert min(size for value, size, _rect in drawn if value in rates) >= 12
    from ui.analysis_mode import tag_layout

    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    assert layout.style == "short" and layout.font >= 12 and len(layout.tags) == len(labels)


def test_hex_cells_read_as_a_chance_to_win(app, monkeypatch):
    """Hex's cells read "47" beside the bar's "50%": a number that said nothing of what it counts.
    Where the percent sign fits at a readable size (13x13 at 1280x800) every cell keeps it; where
    it does not (11x11 at 800x560) the cells keep their larger bare numbers and the caption over
    the bar says once what they are, "cells: % to win"."""
    from tests.ui_helpers import recorded_text
    from ui.analysis_mode import UNIT_FONT, tag_layout

    scene = _valued(app, "hex", {"size": 13}, (1280, 800), 10)
    labels = scene.analysis.labels()
    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    assert layout.font >= UNIT_FONT and len(layout.tags) == len(labels)
    drawn = {value for value, _size, _rect in _tag_texts(monkeypatch, scene)}
    assert {label.text for label in labels.values()} <= drawn  # "54%" on the cells
    assert all(text.endswith("%") for text in drawn if text.isdigit() or text.endswith("%"))
    said = recorded_text(monkeypatch)
    scene.draw(app.screen)
    monkeypatch.undo()
    assert not any("cells: % to win" in text for text in said)  # the cells say it themselves

    scene = _valued(app, "hex", {"size": 11}, (800, 560), 10)
    said = recorded_text(monkeypatch)
    scene.draw(app.screen)
    assert any("(cells: % to win" in text for text in said), said  # then "; faded: ..." where a tag is thin


def test_a_hex_7x7_analysis_labels_every_move_its_search_tried():
    """QA (qa88): Hex 7x7 from a set-up position, 148,000 playouts in, one cell carried a value
    (b5, 80%): a move needed 2 % of the best move's visits, and the best had 145,000, its rivals
    hundreds each.  Every move the tree tried ``MIN_VISITS`` times is labelled now."""
    import games
    from ai.move_values import analyse
    from ui.analysis_mode import MIN_VISITS

    game = games.load("hex", size=7, swap=False)
    state = game.play_line(["b6", "e1", "d3", "b2", "g5", "d5"])
    result = analyse(state, "hex", max_playouts=150_000)
    labels = move_labels(result, "hex")
    tried = {move for move, value in result.values.items() if value.visits >= MIN_VISITS or value.proven is not None}
    assert set(labels) == tried and len(tried) > len(state.legal_moves()) // 3


def test_the_bar_says_why_hex_cells_are_blank(app, monkeypatch):
    """Hex's tree tries some cells a few times or never (a 7x7 position: 16 of 43 untried after
    150,000 playouts), and README promised a value on every move: the caption over the bar says
    what a blank cell means, and only while the board has one."""
    from tests.ui_helpers import recorded_text

    scene = _valued(app, "hex", {"size": 7}, (1280, 800), 6)
    values = scene.analysis.values
    moves = list(values.values)
    values.values[moves[0]] = MoveValue(moves[0], 0.5, "mcts", visits=4)  # hardly tried: blank
    del values.values[moves[1]]  # never tried
    said = recorded_text(monkeypatch)
    scene.draw(app.screen)
    monkeypatch.undo()
    assert any("blank: tried under 5 times" in text for text in said), said

    scene = _valued(app, "hex", {"size": 7}, (1280, 800), 6)  # every cell valued
    said = recorded_text(monkeypatch)
    scene.draw(app.screen)
    assert not any("blank" in text for text in said), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_hexs_caption_drops_whole_notes_rather_than_cut_one(app, monkeypatch, language):
    """QA: Hex at 800x600, Larger text, cells blank and faded: the caption over the bar was cut
    with an ellipsis ("...; faded: tried under 1% as often as ..."), a sentence cut in the middle.
    Where the board's side has no room for every note, whole notes go, the least useful first
    (the faded tags', which still give their values), and the others are read whole."""
    from ui.i18n import _, ngettext

    app.settings.text_size = 1.5
    app.apply_settings()
    with in_language(app, language):
        scene = _valued(app, "hex", {}, (800, 600), 6)
        values = scene.analysis.values
        moves = list(values.values)
        values.values[moves[0]] = MoveValue(moves[0], 0.5, "mcts", visits=4)  # hardly tried: blank
        values.values[moves[1]] = MoveValue(moves[1], 0.5, "mcts", visits=12)  # under 1% of the best's: faded
        values.values[moves[2]] = MoveValue(moves[2], 0.6, "mcts", visits=100_000)
        with monkeypatch.context() as patch:
            drawn = recorded_draws(patch)
            scene.draw(app.screen)
        caption = next(text for text in drawn if f"({_('cells: % to win')}" in text.value)
        notes = [_("cells: % to win"), ngettext("blank: tried under {n} time", "blank: tried under {n} times", 5)
                 .format(n=5)]  # the faded tags' note after these: the first to go
        shown = caption.value.split(f"({notes[0]}")[1]
        assert shown.endswith(")") and f"{notes[0]}{shown[:-1]}".split("; ") == notes[:1 + shown.count("; ")], \
            caption.value
        assert caption.rect.right <= scene.board_side.area.right, (caption, scene.board_side.area)


def test_a_hex_win_in_one_says_its_other_cells_were_not_searched(app, monkeypatch):
    """QA (qa106): Hex 7x7, Blue to move with a win in one (a6).  The analysis proved it at its first
    playout and stopped, and the caption said "1 playout, complete (blank: under 5 playouts)": its
    36 other cells blank for want of playouts, as if it had barely looked.  It says why they are
    blank now: a win is proven, nothing else was searched."""
    from tests.ui_helpers import recorded_text
    from ui.match import HOTSEAT, MatchSetup

    moves = ["d4", "e4", "e3", "f3", "f2", "c5", "c4", "b4", "b5", "a3", "g1", "a5"]
    app.start_game(MatchSetup("hex", {"size": 7, "swap": False}, HOTSEAT, (None, None), 5.0), moves)
    app.run_frames(2)
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 180)
    assert any(value.proven == 1 for value in scene.analysis.values.values.values())
    said = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert any("blank: not searched, a win is proven" in text for text in said), said
    assert not any("tried under 5 times" in text for text in said), said


def test_trax_values_on_small_squares_keep_a_tag_each(app, monkeypatch):
    """Trax 20x20 at 1366x768 (28-pixel squares) showed the best five values and dots: each value
    fits its square in the short style's slimmer tag, its sign kept ("+296", "-2.2"), at 11
    pixels (FULL_FONT; "296" without its plus took 12)."""
    from ui.analysis_mode import FULL_FONT, short_text, tag_layout

    assert (short_text("+0.3"), short_text("-2.2"), short_text("62%"), short_text("W5")) == ("", "", "62", "")

    scene = _valued(app, "trax", {"size": 20}, (1366, 768), 12)
    labels = scene.analysis.labels()
    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    assert layout.style == "short" and not layout.dots and layout.font >= FULL_FONT
    drawn = {value for value, _size, _rect in _tag_texts(monkeypatch, scene)}
    tagged = [place.label for _rect, place in layout.tags]
    assert {label.text for label in tagged} <= drawn
    assert any(label.text.startswith("-") for label in tagged) and any(label.text.startswith("+") for label in tagged)


def test_values_where_room_is_short_keep_their_signs_within_their_squares(app, monkeypatch):
    """Where room is short a value dropped its plus and kept its minus: "115" on one square beside
    "-115", and the pointer's tip, the bar and the panel said "+120" (QA, from the shortening of
    move values).  Tic-tac-toe 15x15 at 800x560 (27-pixel squares) writes every value with its
    sign, as the tip does, each tag inside its square."""
    from ui.analysis_mode import tag_layout, value_tip

    scene = _valued(app, "tictactoe", {"width": 15, "height": 15, "k": 5}, (800, 560), 10)
    state = scene.shown_state()
    scores = (120.0, 115.0, -115.0, -20.0, 5.0, 300.0)
    scene.analysis.values = MoveValues(state.to_move, {m: MoveValue(m, scores[i % len(scores)])
                                                       for i, m in enumerate(state.legal_moves())})
    labels = scene.analysis.labels()
    pointed = next(m for m in labels if labels[m].text == "+115")
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.value_anchor(pointed)[0], rel=(0, 0),
                                          buttons=(0, 0, 0)))
    drawn = _tag_texts(monkeypatch, scene)
    layout = tag_layout(scene.view, labels, app.screen.get_rect())
    assert layout.style == "short" and len(layout.tags) == len(labels) and not layout.dots
    for tag, place in layout.tags:
        written = [text for text, _size, rect in drawn if tag.contains(rect)]
        assert written == [place.label.text], (written, place.label.text)
        square = pygame.Rect(0, 0, place.size, place.size)
        square.center = place.centre
        assert square.contains(tag), (place.label.text, tag, square)
    assert {text for text, _size, _rect in drawn} >= {"+120", "+115", "-115", "+5", "+300"}
    tip = value_tip(app.screen.get_rect(), scene.view, labels, scene.view.value_anchor(pointed)[0])
    assert tip is not None and any(line[0].endswith("+115") for line in tip.lines)
    assert any(text.endswith("+115") and text != "+115" for text, _size, _rect in drawn)  # the tip, drawn


class Compiling:
    """A worker whose kernels are still compiling: it takes the job and reports nothing yet."""
    preparing = True

    def __init__(self, game_id=None, warm_up=True):
        pass

    def submit(self, job):
        return 1

    def poll(self):
        return []

    def cancel(self):
        pass

    def close(self):
        pass


def compiling_analysis_workers(monkeypatch) -> None:
    """The analysis workers made from now on are ``Compiling`` ones (they import ``AIWorker`` when
    they start one).  The game screen's computer keeps real workers: its module, imported first
    here, holds the real class; imported while the stand-in was in place, it kept the stand-in for
    the tests after, whose computer then never moved."""
    import ui.scenes.game_computer  # noqa: F401 - imported with the real AIWorker
    import ui.worker_client

    monkeypatch.setattr(ui.worker_client, "AIWorker", Compiling)


def bar_captions(monkeypatch) -> list[str]:
    """The captions the game screen writes under the eval bar from now on, in the order drawn."""
    from ui.scenes import game_board_side

    said: list[str] = []
    draw = game_board_side.eval_bar.draw
    monkeypatch.setattr(game_board_side.eval_bar, "draw", lambda *args: said.append(args[6]) or draw(*args))
    return said


def test_a_first_analysis_says_the_engine_is_being_prepared(app, monkeypatch):
    """A fresh install's first analysis waited 10-20 s for its worker to compile the engine while
    the bar said "Analysing…"; the game screen says "Preparing the engine…" for a first computer
    move, and the bar now says it too until the first values come.  The analysis' clock stands
    still: on a loaded machine the frames took over a second, and the bar counted it ("... 1 s")."""
    said = bar_captions(monkeypatch)
    compiling_analysis_workers(monkeypatch)
    app.open_demo("game:reversi:hotseat:f5")
    app.scene.analysis.clock = lambda: 1000.0
    key(app, pygame.K_a)
    app.run_frames(3)
    assert said and said[-1] == "Preparing the engine…"
    app.scene.analysis.worker.preparing = False  # compiled: the search runs
    app.dirty = True
    app.run_frames(3)
    assert said[-1] == "Analysing…"


def test_a_first_analysis_counts_the_seconds_it_waits_for_the_engine(app, monkeypatch):
    """A fresh install's first Hex analysis on a busy machine (load 14) said "Preparing the
    engine…" unchanged for over a minute, and looked stuck.  The bar counts the seconds of the
    wait from the first one, the count alone bringing the new caption, and says "Analysing…" once
    the engine is ready."""
    said = bar_captions(monkeypatch)
    compiling_analysis_workers(monkeypatch)
    app.open_demo("game:hex:hotseat:f6")
    now = [1000.0]
    app.scene.analysis.clock = lambda: now[0]
    key(app, pygame.K_a)
    app.run_frames(3)
    assert said and said[-1] == "Preparing the engine…"
    now[0] += 12.4
    app.run_frames(3)
    assert said[-1] == "Preparing the engine… 12 s"
    key(app, pygame.K_LEFT)  # browsing back: the wait goes on, and so does its count
    now[0] += 60
    app.run_frames(3)
    assert said[-1] == "Preparing the engine… 72 s", said[-1]
    app.scene.analysis.worker.preparing = False  # compiled: the search runs
    app.run_frames(3)
    assert said[-1] == "Analysing…", said[-1]


def test_an_exact_margin_is_told_from_an_estimate_on_the_board():
    """FFO #40 (20 empties) mid-analysis: b1's exact +30 and a2's estimated +41 (tanh 0.99, the full
    colour too) were two like green tags; only the proof takes the full colour now, and its tag is
    framed in its ink, so a student sees which margins are settled."""
    import games
    from ui.analysis_mode import draw_move_values, tone_colour
    from ui.theme import THEMES, ink_on
    from ui.views import make_view

    pygame.init()
    game = games.load("reversi")
    state = game.from_text("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
    b1, a2 = game.parse_move(state, "b1"), game.parse_move(state, "a2")
    snapshot = MoveValues(0, {b1: MoveValue(b1, 30.0, "proven", 1, depth=13, margin=True),
                              a2: MoveValue(a2, 41.0, depth=18)})
    labels = move_labels(snapshot, "reversi")
    assert (labels[b1].text, labels[a2].text) == ("+30", "+41")
    assert labels[b1].tone == 1.0 and labels[a2].tone < 0.9
    assert labels[b1].proven and not labels[a2].proven
    surface = pygame.Surface((700, 700))
    view = make_view(game)
    view.layout(surface.get_rect().inflate(-40, -40))
    surface.fill((0, 90, 40))  # a board-green ground: the tags are what is looked at
    layout = draw_move_values(surface, view, labels, THEMES["dark"])
    edge = {place.moves[0]: tuple(surface.get_at((rect.x, rect.centery)))[:3] for rect, place in layout.tags}
    assert edge[b1] == ink_on(tone_colour(labels[b1].tone))
    assert edge[a2] != ink_on(tone_colour(labels[a2].tone))


def test_analysis_waits_while_the_computer_searches_its_move_against_a_human(app):
    """With analysis on against the computer, its worker searched the computer's position at the
    same time as the computer's own search, the two sharing the cores, and level 5 at 1 s a move
    replied in up to 2.3 s: analysis now waits while the computer's move is searched (the panel
    says so) and takes up the position after its reply."""
    from ui.analysis_mode import summary_text
    from ui.match import HUMAN_VS_PC, MatchSetup

    app.start_game(MatchSetup("hex", {"size": 7}, HUMAN_VS_PC, (None, "level-3"), 1.0, seed=1))
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: _labels_on_board(scene), 180)  # the human's turn: analysed
    scene._play(scene.state.legal_moves()[0], by_computer=False)
    assert wait(app, lambda: scene.computer.thinking(), 30)
    app.frame()
    assert scene.computer.holds_analysis() and scene.analysis.waiting
    assert not scene.analysis.running() and scene.analysis.labels() == {}
    assert summary_text(scene.analysis.values, scene.analysis.running(), False, scene.analysis.waiting) == \
        "Analysis waits for the computer's move"
    assert wait(app, lambda: len(scene.history) == 2, 60)  # the reply played: the human's turn again
    assert wait(app, lambda: _labels_on_board(scene) and scene.analysis.position[0] == tuple(
        p.text for p in scene.history), 60)
    assert not scene.analysis.waiting


def test_analysis_waits_while_a_watched_game_goes_on_and_works_while_it_is_paused(app, monkeypatch):
    """Watching PC vs PC with analysis on, its worker searched every position at the same time as
    the player to move, three searches on two cores, so each player got less than its time budget
    and played below its level: analysis now waits while a watched game goes on (between the
    moves too, or its values would flash on and off), says that pausing lets it work, and works
    on the position shown while the game is paused."""
    from ui.analysis_mode import summary_text
    from ui.match import PC_VS_PC, MatchSetup
    from ui.scenes import game_computer

    # Slow's pace made long enough that a reply waits all test for its moment: a loaded machine's
    # slow frame after it came played it, where the test looks between two moves
    monkeypatch.setattr(game_computer, "SPEEDS", ((game_computer.SPEEDS[0][0], 600.0), *game_computer.SPEEDS[1:]))
    app.start_game(MatchSetup("hex", {"size": 7}, PC_VS_PC, ("level-3", "level-3"), 1.0, seed=1))
    scene = app.scene
    scene.speed = 0  # Slow: a reply waits for its moment
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.computer.thinking() and scene.analysis.waiting, 120)
    assert not scene.analysis.running() and scene.analysis.labels() == {}
    assert summary_text(scene.analysis.values, scene.analysis.running(), False, scene.analysis.waiting, True) == \
        "Analysis waits for the computer's move: pause the game to analyse"
    assert wait(app, lambda: scene.computer.held is not None, 120)  # between two moves: still waiting
    app.frame()
    assert scene.analysis.waiting and not scene.analysis.running()
    key(app, pygame.K_SPACE)  # Pause: the search under way (if any) ends, its reply waits, analysis takes over
    assert scene.paused
    assert wait(app, lambda: not scene.computer.thinking() and _labels_on_board(scene), 180)
    assert not scene.analysis.waiting
    assert scene.analysis.position[0] == tuple(p.text for p in scene.history)
    key(app, pygame.K_SPACE)  # Resume: the game goes on, analysis waits again
    assert not scene.paused and scene.analysis.waiting and not scene.analysis.running()


def test_a_watched_games_bar_shows_the_last_value_known_while_the_computer_thinks(app, monkeypatch):
    """Watching PC vs PC with analysis on, analysis waits while each move is searched, and its
    values are dropped: the bar stood blank at 50/50 beside a graph and a last search that said
    "North wins".  It now shows the graph's latest value at or before the position shown, dimmed,
    and the caption says so."""
    from tests.ui_helpers import recorded_text_rects
    from ui.match import PC_VS_PC, MatchSetup

    board = {"width": 7, "height": 6, "k": 4}
    app.start_game(MatchSetup("tictactoe", board, PC_VS_PC, ("level-2", "level-2"), 0.3, seed=1))
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.computer.thinking() and len(scene.history) >= 1, 120)
    assert scene.analysis.values is None and scene.analysis.waiting  # no value of analysis' own
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    in_the_bar = [text for text, rect in drawn if scene.eval_rect.contains(rect)]
    assert in_the_bar, "the bar shows no value"
    caption = "Analysis waits for the computer's move (bar: last value known): pause the game to analyse"
    assert caption in [text for text, _rect in drawn]
    moves, points = [p.text for p in scene.history], scene.graph_points()
    share = points[latest_valued(scene.evaluations.along(moves), points, len(moves))]  # where the graph's point stands
    split = scene.eval_rect.y + int(scene.eval_rect.height * (1 - share) / 2)
    above, below = (app.screen.get_at((scene.eval_rect.x + 2, y))[:3] for y in (split - 3, split + 3))
    assert above != below


def test_the_replays_bar_shows_the_last_value_known_until_analysis_values_the_position(app, monkeypatch):
    """Stepping through a replay with analysis on, the bar stood blank at 50/50 at every step until
    analysis mode valued the new position, beside a graph the background analysis had filled in.
    It now shows the graph's latest value at or before the position shown, dimmed, as the game
    screen does, and the caption says so."""
    from tests.test_replay import random_record
    from tests.ui_helpers import recorded_text_rects

    app.open_replay(random_record("tictactoe"))
    scene = app.scene
    assert wait(app, lambda: scene.analysis is not None and scene.analysis.done, 120)  # the graph, filled in
    compiling_analysis_workers(monkeypatch)  # analysis mode's worker: no values of its own
    key(app, pygame.K_a)
    key(app, pygame.K_HOME)
    scene.move_analysis.worker.preparing = False  # compiled: the search runs, its first values not in yet
    assert scene.ply == 0 and scene.move_analysis.running() and scene.move_analysis.values is None
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    in_the_bar = [text for text, rect in drawn if scene.eval_rect.contains(rect)]
    assert in_the_bar, "the bar shows no value"
    assert "Analysing… (bar: last value known)" in [text for text, _rect in drawn]
    share = scene.analysis.points[0]  # the start, valued by the background analysis: the bar splits there
    split = scene.eval_rect.y + int(scene.eval_rect.height * (1 - share) / 2)
    above, below = (app.screen.get_at((scene.eval_rect.x + 2, y))[:3] for y in (split - 3, split + 3))
    assert above != below


def test_a_replay_saved_with_its_evaluations_keeps_the_last_value_known_on_the_bar(app, monkeypatch):
    """A game saved with its evaluations (Save in the replay) keeps the graph's points, not the
    engines' values: stepping through it with analysis on, the bar stood at 50/50 at every step.
    It now stands where the graph's point does, without a number (the point has no unit)."""
    from tests.test_replay import random_record

    record = random_record("tictactoe")
    record.evaluations = [0.6] * (len(record.moves) + 1)  # the first side clearly better all game
    app.open_replay(record)
    scene = app.scene
    assert wait(app, lambda: scene.analysis is not None, 10) and scene.analysis.done  # nothing to search
    compiling_analysis_workers(monkeypatch)
    key(app, pygame.K_a)
    key(app, pygame.K_HOME)
    assert scene.move_analysis.running() and scene.move_analysis.values is None
    scene.draw(app.screen)
    split = scene.eval_rect.y + int(scene.eval_rect.height * (1 - 0.6) / 2)  # the first side's 80 %
    above, below = (app.screen.get_at((scene.eval_rect.x + 2, y))[:3] for y in (split - 3, split + 3))
    assert above != below


def test_hexs_first_stone_without_the_swap_is_read_from_the_solved_map_as_the_hint_does(app, monkeypatch):
    """7x7 without the swap rule: analysis of the empty board read "66%" on f2 after 370,000
    playouts, proving nothing, while the hint said "d4 (proven: Blue wins)".  Every first stone
    now reads W or L as the shipped solved map says, and analysis' best is the hint's d4."""
    from ai.engines.hex_knowledge import opening_maps
    from tests.ui_helpers import recorded_text
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("hex", {"size": 7}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    labels, winning = scene.analysis.labels(), opening_maps()[7]
    assert {move for move, label in labels.items() if label.text == "W"} == set(winning)
    assert {move for move, label in labels.items() if label.text == "L"} == set(scene.state.legal_moves()) - winning
    key(app, pygame.K_h)
    assert wait(app, lambda: "Hint: d4 (proven: you win)" in [m.text for m in scene.messages.current()], 120)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "best d4" in drawn and "proven: Blue wins" in drawn


def test_the_replays_tip_writes_traxs_moves_as_its_list_does(app, monkeypatch):
    """The replay's tip over a Trax square lists the tiles that go there with their values: each
    in our notation whatever the list wrote; now as the list writes moves (officially by default)."""
    import random

    import games
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.scenes.replay import ReplayScene

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    game, rng = games.load("trax", size=25), random.Random(1)
    state, moves = game.initial_state(), []
    while len(moves) < 40:
        move = rng.choice(state.legal_moves())
        if not state.play(move).is_terminal():
            moves.append(game.format_move(state, move))
            state = state.play(move)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, state)
    app.open_replay(record)
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.ply == len(moves)
    scene.move_analysis.active = True  # values as the worker sends them (no worker runs: no frames from here)
    scene.move_analysis.values = MoveValues(state.to_move, {m: MoveValue(m, rng.uniform(-300, 300))
                                                            for m in state.legal_moves()})
    labels = scene.move_analysis.labels()
    shared, texts = _pointed_at_a_shared_square(monkeypatch, scene, labels)
    assert all(f"{game.other_move_text(state, m)}   {labels[m].text}" in texts for m in shared), texts


@pytest.mark.parametrize("n", (6, 7))
def test_every_rastros_first_move_is_proven_as_the_shipped_book_says_and_so_is_the_hint_after_it(app, n):
    """7x7: analysis of the start proved only the book's 5-3; the seven other first moves read
    estimates such as "-20" after 25 s though each wins for South (docs/rastros-proof.md), and
    6x6's unforced moves stayed estimates too.  The book now holds the position after each first
    move (its ``first_moves`` figure): every move reads proven, won or lost as the file says, and
    the hint after a first move the search did not prove says so, to North who asked: it loses."""
    import ast

    from ai.engines import rastros_book
    from tests.ui_helpers import click
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("rastros", {"size": n}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    start = scene.state
    proven = {scene.game.format_move(start, move): value.proven for move, value in scene.analysis.values.values.items()}
    assert len(proven) == 8 and None not in proven.values(), proven
    winners = ast.literal_eval(rastros_book.load(n).figures["first_moves"])
    assert proven == {name: 1 if side == "South" else -1 for name, side in winners.items()}
    key(app, pygame.K_a)
    first = scene.game.parse_square("3-3")  # a winning first move that is not the book's own on 7x7
    click(app, scene.view.cell_rect(*divmod(first, scene.view.cols)).center)
    assert scene.state.white == first
    key(app, pygame.K_h)
    assert scene.state.to_move == 1  # North asks
    assert wait(app, lambda: any("proven: you lose" in m.text for m in scene.messages.current()), 120)


def test_reversi_6x6s_best_line_from_the_start_follows_the_solved_book_past_the_first_reply(app):
    """6x6 Reversi is solved (White wins by 4) and the shipped book holds both sides' proven
    moves down to 23 empties, yet analysis of the start showed "c2 b4" as its line: the book
    answered the position after c2 with its move alone.  The line now follows the book as far as
    it holds the position (as many moves as the window is sent)."""
    from ai.engines.reversi_book import book_answer
    from ui.match import HOTSEAT, MatchSetup
    from ui.worker_jobs import LINE_PLIES

    app.start_game(MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    line = scene.analysis.best_line().pv
    state, booked = scene.game.play_line(line[:1]), line[:1]
    while (answer := book_answer(state)) is not None:  # each side's book move, to where the book ends
        booked.append(scene.game.format_move(state, answer.move))
        state = state.play(answer.move)
    assert len(booked) > 2 and line == booked[:LINE_PLIES], (line, booked)  # as many as the window is sent


def hotseat_clicked(app, game_id: str, options: dict, moves: tuple[str, ...]):
    """A hot-seat game of ``game_id`` with ``moves`` played by clicks on their cells: its screen."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    for text in moves:
        click(app, move_point(scene, text))
    assert scene.state == scene.game.play_line(list(moves))
    return scene


def move_point(scene, text: str) -> tuple[int, int]:
    """Where a click plays the move ``text`` on the position shown: its square's centre, or on a
    board of click targets (Hex's cells) its target's."""
    move = scene.game.parse_move(scene.state, text)
    if hasattr(scene.view, "move_cell"):
        return scene.view.cell_rect(*scene.view.move_cell(move)).center
    return dict(scene.view.targets(scene.state))[move].center


@pytest.mark.parametrize("game_id, options, moves, best", [
    ("rastros", {"size": 7}, (), "5-3"),  # all eight first moves win: the book's, not the first listed (3-3)
    ("rastros", {"size": 6}, (), "4-3"),  # three win: the book's, not 3-3
    ("hex", {"size": 5, "swap": True}, (), "c1"),  # every first stone loses to the swap or to Red: the balanced one
    ("tictactoe", {}, ("a1", "b1", "c1", "a2", "b2"), "a3"),  # every move loses in 2: the block the rule names
])
def test_the_hint_and_analysis_name_one_move_among_moves_of_one_value(app, monkeypatch, game_id, options, moves, best):
    """Rastros 7x7's start: analysis marked 3-3 best (the first of eight proven wins) while the
    hint named the book's 5-3, two "best" moves for one position.  Among moves of one value
    analysis now takes the one the hint names (``Player.known_move``), in every game whose hint
    comes from a book, a solved map or a rule."""
    from tests.ui_helpers import recorded_text

    scene = hotseat_clicked(app, game_id, options, moves)
    key(app, pygame.K_h)
    assert wait(app, lambda: any(m.text.startswith(f"Hint: {best}") for m in scene.messages.current()), 120)
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    values = scene.analysis.values
    tied = [m for m, v in values.values.items() if values.key(v) == values.key(values.best())]
    assert len(tied) > 1  # a tie, which the old order broke by the first move valued
    assert scene.analysis.best_line().pv[0] == best
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert f"best {best}" in " ".join(drawn), drawn


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id, options, moves, best, plies", [
    ("rastros", {"size": 5}, (), "2-3", 17),  # the book's 4-3 wins in 19
    ("rastros", {"size": 5}, ("3-4", "4-3", "5-3", "5-4"), "5-5", 6),  # lost: the hardest reply, 4-4, loses in 4
    ("rastros", {"size": 5}, ("2-3", "2-2", "2-1", "3-1"), "3-2", 7),  # 3-2 and 4-2 win in 7
    ("tictactoe", {}, ("c3", "a2"), "b2", 5),  # b2, c1 and a3 win in 5: the search named c1, without the length
])
def test_the_hint_names_analysis_first_row_with_its_words(app, monkeypatch, language, game_id, options, moves, best,
                                                          plies):
    """Rastros 5x5: H said "Hint: 4-3 (proven: South wins in 19 moves)" from the start, where
    analysis' best line named 2-3, a win in 17; lost, the hint named the reply hardest to refute
    (4-4, a loss in 4) and analysis the slowest loss (5-5, in 6).  The hint now names analysis'
    first move, and says its proof in the words the panel's analysis card says, in each language;
    so does tic-tac-toe's on a won board (the hint's to the player who asked: "you win in 17 moves")."""
    from tests.ui_helpers import recorded_text
    from ui import i18n
    from ui.scenes.hint_words import proven_for_you
    from ui.scenes.thinking import proven_text

    with words_in(language):
        scene = hotseat_clicked(app, game_id, options, moves)
        key(app, pygame.K_h)
        assert wait(app, lambda: scene.hint is not None, 120)
        hint_said = scene.messages.current()[-1].text
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
        line = scene.analysis.best_line()
        proof = proven_text(line, scene.game.sides)
        assert (line.best_text, line.proven_plies) == (best, plies)
        assert scene.game.format_move(scene.state, scene.hint) == best
        assert hint_said == i18n._("Hint: {move} ({why})").format(move=best, why=proven_for_you(line)), hint_said
        assert f" {plies} " in proof, proof
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        assert i18n._("best {move}").format(move=best) in " ".join(drawn), drawn


def test_a_move_proven_before_it_was_played_keeps_its_proof_on_the_bar(app, monkeypatch):
    """Hex 7x7 with the swap rule: after Blue's d4 analysis proves the swap wins and every Red
    stone loses.  Red played a1 anyway, and the bar and the graph read the new position's Monte
    Carlo "61%": the proof of a1, found before it was played, was dropped with its no playouts
    (``MIN_VISITS``).  The position after a1 now keeps the proof: Blue wins, "W" on the bar."""
    from tests.ui_helpers import recorded_text_rects

    scene = hotseat_clicked(app, "hex", {"size": 7, "swap": True}, ("d4",))
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    assert scene.analysis.values.values[scene.game.parse_move(scene.state, "a1")].proven == -1
    click(app, move_point(scene, "a1"))
    assert [p.text for p in scene.history] == ["d4", "a1"]
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.nodes > 0, 120)
    graph = scene.board_side.graph_value(scene.graph_points())
    assert graph is not None and graph.here and graph.opinion.proven is not None
    assert graph.share == 1.0 and graph.text == "W"  # all the bar Blue's (the first side's)
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    assert [text for text, rect in drawn if scene.eval_rect.contains(rect)] == ["W"]


@pytest.mark.parametrize("language, proof, guess, best", [
    ("en", "proven: Blue wins", "best guess {move}", "best {move}"),
    ("pt", "provado: Azul ganha", "melhor palpite {move}", "melhor {move}"),
])
def test_the_panels_analysis_line_says_the_proof_the_bar_shows(app, monkeypatch, language, proof, guess, best):
    """The same Hex position after Red's a1, proven lost before it was played: the bar says Blue's
    proven win, and the panel's analysis line said analysis' own Monte Carlo estimate beside it
    ("Blue 61%").  It says the proof, as the bar does; its move stays analysis' best, said as a
    guess: "best f3 · proven: Blue wins" read as if f3 were the proven win, which nothing checked."""
    from tests.ui_helpers import in_language, recorded_text_rects

    with in_language(app, language):
        scene = hotseat_clicked(app, "hex", {"size": 7, "swap": True}, ("d4",))
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
        click(app, move_point(scene, "a1"))
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.nodes > 0, 120)
        line = scene.analysis.best_line()
        assert line.proven is None  # analysis' own value: an estimate
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        said = " ".join(text for text, rect in drawn if scene.panel.rect.contains(rect))
        assert proof in said and "%" not in said, said
        assert guess.format(move=line.best_text) in said, said
        assert best.format(move=line.best_text) not in said, said


class FullPythonTree(Compiling):
    """A worker still compiling whose Hex analysis filled its Python tree: its last values, said
    to stand still (``MoveValues.stopped``), as ``ai.move_values`` reports them before it waits."""

    def poll(self):
        from ui.ai_worker import AIMoveValues

        values = {cell: MoveValue(cell, 0.5, "mcts", None, None, 900, 1) for cell in (24, 25)}
        snapshot = MoveValues(0, values, 1, 17_400, monte_carlo=True, stopped="memory-limit")
        return [AIMoveValues(1, snapshot, {24: "d4", 25: "e4"}, ["d4"])]


class SolverAwaited(Compiling):
    """A worker whose Reversi analysis waits for the solver's kernels, compiled by another process
    (``ai.kernels.ready``: the worker says it prepares the engine meanwhile), its last values 8
    plies deep standing still: its search said no reason (``MoveValues.stopped`` empty)."""

    def poll(self):
        from ui.ai_worker import AIMoveValues

        values = {move: MoveValue(move, score, depth=8) for move, score in ((29, -2.0), (43, 1.0), (45, -3.0))}
        return [AIMoveValues(1, MoveValues(1, values, 7, 52_000), {29: "f4", 43: "d6", 45: "f6"}, ["d6"])]


STOOD_STILL = {  # a worker whose analysis values stand still while it prepares the engine -> its position, its captions
    FullPythonTree: ("game:hex:hotseat:f6", {
        "en": "Analysis: 17,400 games tried, stopped at its memory limit: preparing the engine… 21 s",
        "pt": "Análise: 17.400 jogos experimentados, parou no limite de memória: a preparar o motor… 21 s"}),
    SolverAwaited: ("game:reversi:hotseat:f5", {
        "en": "Analysis: 8 moves ahead, waiting: preparing the engine… 21 s",
        "pt": "Análise: 8 jogadas à frente, em espera: a preparar o motor… 21 s"}),
}


@pytest.mark.parametrize("worker", list(STOOD_STILL), ids=lambda worker: worker.__name__)
@pytest.mark.parametrize("language", ["en", "pt"])
def test_an_analysis_whose_values_wait_for_the_engine_says_so(app, monkeypatch, language, worker):
    """Hex's Python stand-in filled its tree 15-20 s into a fresh install's first analysis, and the
    analysis then waited for the engine, a minute on a busy machine, while the bar said "Analysis:
    17,400 playouts…" as if it went on; Reversi's analysis, reaching the moves its solver values,
    waited two minutes for the solver's kernels, compiled by another process, under "Analysis: 8
    moves ahead…".  The bar now says that the values wait, why where the search said it, and that
    the engine is being prepared, with its seconds."""
    import ui.scenes.game_computer  # noqa: F401 - imported with the real AIWorker

    said = bar_captions(monkeypatch)
    monkeypatch.setattr(ui.worker_client, "AIWorker", worker)
    position, captions = STOOD_STILL[worker]
    app.open_demo(position)
    now = [1000.0]
    app.scene.analysis.clock = lambda: now[0]
    with in_language(app, language):
        key(app, pygame.K_a)
        app.run_frames(3)
        now[0] += 21.6
        app.run_frames(3)
        assert said[-1].startswith(captions[language]), said[-1]  # then the note of the moves left blank


LINE_OF_THREE = TICTACTOE_LINE_BASE ** 3  # 64: "+64 is about one more line of three" (tic-tac-toe's rules page)


def _signed(text: str) -> int | None:
    """A square's or the bar's number ("-125", "+5", "0"), None for any other text (a row's "15")."""
    return int(text) if re.fullmatch(r"[+-]\d+|0", text) else None


def _analysis_drawn(monkeypatch, scene, square: str) -> tuple[str, list[int], list[str], str]:
    """One frame of a tic-tac-toe analysis as drawn: the tag on ``square``, every number on the
    board's squares, the bar's texts and the panel's texts (joined)."""
    from tests.ui_helpers import recorded_text_rects

    with monkeypatch.context() as one_frame:
        drawn = recorded_text_rects(one_frame)
        scene.draw(scene.app.screen)
    centre = move_point(scene, square)
    cells = scene.view.rect
    on_square = next((text for text, rect in drawn if rect.collidepoint(centre)), "")
    numbers = [n for text, rect in drawn if cells.contains(rect) and (n := _signed(text)) is not None]
    bar = scene.board_side.eval_rect.inflate(8, 8)
    return (on_square, numbers, [text for text, rect in drawn if bar.colliderect(rect)],
            " ".join(text for text, rect in drawn if scene.panel.rect.contains(rect)))


def test_tictactoe_15x15_values_keep_their_size_as_they_deepen_and_the_bar_and_panel_follow_the_best(app, monkeypatch):
    """15x15, k = 5, after h8 g7 i8 (O to move): the block g8 read "+5" among squares of -200 and
    less, and the panel "better for O", where a round before it had read -181 and "better for X".
    Tic-tac-toe's evaluation counts the side to move's lines double, so a value swung by two lines
    of three from one depth to the next (-3, -125, -15, -181, +5 at 2 to 6 plies), and a round one
    ply deeper than the last set values of the two parities side by side.  Analysis searches even
    depths of each move's position only now (``ai.move_values.TWO_PLY_ROUNDS``): each value g8
    shows is within a line of three of the one before.  Every frame, the bar and the panel say the
    board's best number for the side it favours: O to move, -125 on the best square is "+125" on
    the bar and "better for X"."""
    scene = hotseat_clicked(app, "tictactoe", {"width": 15, "height": 15, "k": 5}, ("h8", "g7", "i8"))
    key(app, pygame.K_a)
    shown: list[int] = []  # g8's numbers, as they change
    frames: list[tuple[int, list[str], str]] = []  # the best number on the board, the bar, the panel

    def deepened() -> bool:
        values = scene.analysis.values
        if values is None or len(values.values) < len(scene.state.legal_moves()):
            return False  # the first round still under way: some squares blank
        on_g8, numbers, bar, panel = _analysis_drawn(monkeypatch, scene, "g8")
        if _signed(on_g8) is not None and (not shown or shown[-1] != _signed(on_g8)):
            shown.append(_signed(on_g8))
        frames.append((max(numbers), bar, panel))
        return len(shown) >= 3 or (len(shown) >= 2 and values.reach() >= 5)  # a quick machine is at 5 plies as g8 first shows

    assert wait(app, deepened, 240), (shown, scene.analysis.values.reach())
    steps = [later - earlier for earlier, later in zip(shown, shown[1:])]
    assert len(shown) >= 2 and all(abs(step) < LINE_OF_THREE for step in steps), shown
    for best, bar, panel in frames:
        assert sorted(bar) == sorted(["pts", f"+{abs(best)}" if best else "0"]), (best, bar)
        assert ("better for X" if best < 0 else "better for O" if best > 0 else "even") in panel, (best, panel)


def test_a_tictactoe_15x15_win_in_3_reads_as_a_win_on_its_squares_the_bar_and_the_panel(app, monkeypatch):
    """15x15, k = 5: X's open three h8 i8 j8, X to move.  g8 or k8 makes an open four, which wins
    in 3 plies: both squares read W3, the bar W3 (the winner's colour, X's) and the panel "proven:
    X wins in 3 moves"; O facing the four after k8 loses on every square (L2) and the bar says
    X's W2."""
    scene = hotseat_clicked(app, "tictactoe", {"width": 15, "height": 15, "k": 5},
                            ("h8", "a1", "i8", "a2", "j8", "a3"))
    key(app, pygame.K_a)
    proofs = lambda: {label.text for move, label in scene.analysis.labels().items() if label.proven}  # noqa: E731
    assert wait(app, lambda: proofs() == {"W3"} and len(scene.analysis.labels()) == len(scene.state.legal_moves()), 120)
    drawn = [_analysis_drawn(monkeypatch, scene, square) for square in ("g8", "k8")]
    assert [on_square for on_square, _numbers, _bar, _panel in drawn] == ["W3", "W3"]
    _on_square, _numbers, bar, panel = drawn[0]
    assert bar == ["W3"] and "proven: X wins in 3 moves" in panel, (bar, panel)
    click(app, move_point(scene, "k8"))
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                and proofs() == {"L2"}, 120)
    _on_square, _numbers, bar, panel = _analysis_drawn(monkeypatch, scene, "g8")
    assert bar == ["W2"] and "proven: X wins in 2 moves" in panel, (bar, panel)


def test_a_big_boards_analysis_ranks_its_moves_once_a_snapshot_not_at_every_drawing(app, monkeypatch):
    """15x15 tic-tac-toe after 3 random plies, 222 moves valued: a drawing asked the snapshot for
    its best move a dozen times (the bar, its caption, the graph, each measure of the panel's
    line) and its reach as often, each time ranking every value again: the drawings of two 15x15
    analysis tests took more of the window's CPU than the analysis they waited for.  A snapshot
    the window receives is settled (``MoveValues.settled``): its moves are ranked once there, and
    the board's labels once; a drawing ranks none."""
    import ai.move_values
    from tests.ui_helpers import count_calls
    from ui.ai_worker import AIMoveValues

    scene = _valued(app, "tictactoe", {"width": 15, "height": 15, "k": 5}, (1280, 800), 3)
    snapshot, state = scene.analysis.values, scene.shown_state()
    texts = {move: scene.game.format_move(state, move) for move in snapshot.values}
    ranked = count_calls(monkeypatch, ai.move_values, "rank")
    scene.analysis.receive(AIMoveValues(1, snapshot, texts, list(texts.values())[:6]))  # as its worker gives it
    scene.draw(app.screen)  # the first drawing labels the moves (``AnalysisMode.labels``)
    assert len(snapshot.values) == 222 and ranked[0] <= 2 * len(snapshot.values) + 1, ranked  # settled, labelled
    for _ in range(2):
        ranked[0] = 0
        scene.draw(app.screen)
        assert ranked[0] == 0, ranked


def _received(app, plies: int):
    """``_valued``'s 15x15 tic-tac-toe game ``plies`` in, its made-up values received as the
    worker gives them (``AnalysisMode.receive``: settled, with its best line), and an estimate on
    every position of the game so far for the evaluation graph."""
    from ui.ai_worker import AIMoveValues
    from ui.analysis import Opinion

    scene = _valued(app, "tictactoe", {"width": 15, "height": 15, "k": 5}, (1280, 800), plies)
    snapshot, state = scene.analysis.values, scene.shown_state()
    texts = {move: scene.game.format_move(state, move) for move in snapshot.values}
    scene.analysis.receive(AIMoveValues(1, snapshot, texts, list(texts.values())[:6]))
    moves = [p.text for p in scene.history]
    for i in range(len(moves) + 1):
        scene.evaluations.from_opinion(tuple(moves[:i]), Opinion(40.0 * i - 60.0, "alphabeta", None, i % 2), 4)
    return scene


def test_a_drawing_works_analysis_line_out_once_not_at_each_measure_of_the_panel(app, monkeypatch):
    """The panel's layout asked for analysis's best line at each measure of its thinking card
    (whether it says a result, its height, its headline, its lines): seven times a drawing, each
    going through the evaluation graph for the proof the bar shows.  A drawing works it out
    once; outside a drawing it is worked out afresh, a new snapshot's line at once."""
    from tests.ui_helpers import count_calls, recorded_text
    from ui.ai_worker import AIMoveValues

    scene = _received(app, 3)
    asked = count_calls(monkeypatch, scene.analysis, "best_line")
    drawn = recorded_text(monkeypatch)
    for _ in range(3):
        scene.draw(app.screen)
    assert "Analysis: best line" in drawn and asked[0] == 3, asked
    snapshot = scene.analysis.values
    best = max(snapshot.values.values(), key=lambda value: value.score)
    better = MoveValues(snapshot.mover, {**snapshot.values, best.move: MoveValue(best.move, best.score + 50.0)})
    scene.analysis.receive(AIMoveValues(1, better, scene.analysis.texts, scene.analysis.line))
    assert scene.analysis_line().score == best.score + 50.0


def test_the_evaluation_graph_is_scaled_once_for_each_change_of_its_opinions(app, monkeypatch):
    """A drawing in analysis mode asked for the graph's points twice and more (the graph, the
    bar, the panel's line), and each scaled every opinion of the game afresh (``eval_scale``):
    they are worked out once for each change of the opinions (or of the moves), not at each
    drawing."""
    import ui.analysis
    from tests.ui_helpers import count_calls
    from ui.analysis import Opinion

    scene = _received(app, 9)
    scene.draw(app.screen)
    scaled = count_calls(monkeypatch, ui.analysis, "eval_scale")
    for _ in range(3):
        scene.draw(app.screen)
    assert scaled[0] == 0, scaled
    before = scene.graph_points()
    moves = tuple(p.text for p in scene.history)
    scene.evaluations.from_opinion(moves, Opinion(-900.0, "alphabeta", None, scene.state.to_move), 9)
    for _ in range(3):
        scene.draw(app.screen)
    after = scene.graph_points()
    assert scaled[0] == 1 and after[-1] != before[-1] and len(after) == len(before) == len(moves) + 1, scaled


def test_a_drawing_works_the_bars_graph_value_out_once(app, monkeypatch):
    """The eval bar's value (``BoardSide.graph_value``: the graph's value of the position shown)
    was worked out twice a drawing, once for the bar and once for the proof the analysis line
    says (``analysis_line``): once now."""
    import ui.eval_bar
    from tests.ui_helpers import count_calls

    scene = _received(app, 3)
    scene.draw(app.screen)
    assert scene.analysis_line() is not None and scene.analysis_line().proven is None  # it asks the graph
    valued = count_calls(monkeypatch, ui.eval_bar, "last_known")
    for _ in range(3):
        scene.draw(app.screen)
    assert valued[0] == 3, valued
