"""Trax's fill mode, where no one can win: every game ends drawn whatever is played
(``Game.certain_draw``), and what the computer says agrees.  The levels searched it as a
tournament game: their hint, analysis, bar and graph gave path points ("Light +5.8"), an
advantage in a game nobody can win, level 5 declined a draw offer as "it thinks it stands better",
and they played for loops that end nothing.  Now they prove the draw by the rules, say "draw"
everywhere, accept an offer at once, and lay the most tiles a turn, filling the board."""

from __future__ import annotations

import re

import pygame
import pytest

import ai
import games
from ai import draw_offers
from ai.base import Limits
from ai.draw_offers import Judged, answer_offer
from ai.game_tree import course_heuristic
from ai.move_values import analyse
from games.move_list import DRAW_AGREED
from games.record import GameRecord
from games.record_parts import Result
from tests.test_ui_computer_draw import CTRL_D, against, said
from tests.ui_helpers import key, recorded_text, recorded_text_rects, wait, words_in
from ui import analysis as graph_values
from ui.eval_bar import position_value
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

FILL = {"size": 10, "mode": "fill"}
OPENING = ["e6+", "f5+", "g6/", "f7\\"]  # four turns from the usual start, Light to move
LEVELS = ("level-2", "level-3", "level-4", "level-5", "trax:greedy")


def most_tiles(state) -> int:
    """The most tiles one turn lays in ``state``, counted from each legal turn played."""
    return max(len(state.play(move).turn) for move in state.legal_moves())


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_proves_the_draw_and_lays_the_most_tiles_to_a_full_board(level):
    game = games.load("trax", **FILL)
    state = game.initial_state()
    players = [ai.make_player("trax", level, seed=side, options=FILL) for side in (0, 1)]
    turns = 0
    while not state.is_terminal():
        reports = []
        move = players[state.to_move].choose(state, Limits(time=1.0), reports.append)
        report = reports[-1]
        assert (report.proven, report.score, report.reason) == (0, 0.0, "most-tiles"), report
        assert len(state.play(move).turn) == most_tiles(state), game.to_text(state)
        state, turns = state.play(move), turns + 1
    assert state.winner() is None and game.is_full(state.cells)
    assert turns < 35  # random play takes about 52 turns on 10 x 10


def test_a_hint_names_the_first_turn_that_lays_the_most_tiles_and_analysis_agrees():
    """Analysis proves every move drawn (the rules, no search) and names the hint's move first."""
    game = games.load("trax", **FILL)
    state = game.play_line(OPENING)
    player = ai.make_player("trax", "level-5", seed=7, options=FILL)
    reports = []
    hint = player.choose(state, Limits(time=1.0, best=True), reports.append)
    first = next(m for m in state.legal_moves() if len(state.play(m).turn) == most_tiles(state))
    assert hint == first == player.known_move(state)
    values = analyse(state, "trax", max_depth=3)
    assert values.done and len(values.values) == len(state.legal_moves())
    assert {(v.proven, v.score) for v in values.values.values()} == {(0, 0.0)}
    assert values.best().move == hint
    assert position_value(values, "trax") == (0.0, "=")  # the bar: even, "="


def test_the_replays_graph_stays_even_and_the_tree_values_no_path_points():
    game = games.load("trax", **FILL)
    record = GameRecord("trax", FILL, ("Level 5", "Level 5"), moves=OPENING)
    assert graph_values.analyse(record, seconds=0.1) == [0.0] * (len(OPENING) + 1)
    state = game.play_line(OPENING)
    tournament = games.load("trax", size=10).play_line(OPENING)
    heuristic = course_heuristic("trax")
    assert heuristic(tournament, 0) != 0.0 and heuristic(state, 0) == 0.0


@pytest.mark.parametrize("level", ["level-1", "level-3", "level-5"])
def test_the_rules_judge_a_draw_offer_and_every_level_accepts(level):
    state = games.load("trax", **FILL).play_line(OPENING[:2])
    judged = Judged.by_rules(state)
    assert judged is not None and judged.proven == 0
    assert answer_offer("trax", level, 1, judged) == draw_offers.DrawAnswer(True, draw_offers.NO_WINNER)
    assert Judged.by_rules(games.load("trax", size=10).play_line(OPENING[:2])) is None  # a search judges


@pytest.mark.parametrize("language, accepted", [
    ("en", "Level 5 accepts the draw: no one can win this game"),
    ("pt", "Nível 5 aceita o empate: ninguém pode ganhar este jogo"),
])
def test_level_5_accepts_a_draw_offer_at_once(app, language, accepted):
    """Two turns in, Ctrl+D: it declined ("it thinks it stands better") by its path points."""
    with words_in(language):
        scene = against(app, "level-5", OPENING[:2], game_id="trax", options=FILL)
        key(app, *CTRL_D)
        assert scene.is_over() and scene.agreed_draw and scene.computer.job is None  # no search asked
        assert accepted in said(scene), said(scene)
    assert scene.recorder.record.result == Result(None, DRAW_AGREED)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_hint_and_analysis_say_draw_not_path_points(app, monkeypatch, language):
    """H said "Hint: f4/ (Light +1.6 points)", and A wrote path points on every square, the bar
    and the panel "Light +1.6 points".  The hint now says why its move and the proof, analysis
    "=" on every square and on the bar."""
    from ui import i18n

    with words_in(language):
        app.start_game(MatchSetup("trax", FILL, HOTSEAT, (None, None), 1.0), OPENING)  # a picker per click
        scene = app.scene
        key(app, pygame.K_h)
        assert wait(app, lambda: scene.hint is not None, 120)
        hint_said = [m.text for m in scene.messages.current() if m.topic != "refusal"][-1]
        why = " · ".join([i18n._("lays the most tiles"), i18n._("proven: draw")])
        move = scene.game.other_move_text(scene.state, scene.hint)  # the official notation, the window's default
        assert hint_said == i18n._("Hint: {move} ({why})").format(move=move, why=why), hint_said
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
        drawn = recorded_text_rects(monkeypatch)
        texts = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        on_board = [text for text, rect in drawn if scene.view.rect.contains(rect)]
        on_bar = [text for text, rect in drawn if scene.board_side.eval_rect.inflate(8, 8).colliderect(rect)]
        assert on_board.count("=") >= len({m >> 4 for m in scene.state.legal_moves()}), on_board
        assert on_bar == ["="], on_bar
        assert i18n._("proven: draw") in texts, texts
        assert not [text for text in texts if re.search(r"[+-]\d", text)], texts  # no value for either side


def filled_line(game) -> list[str]:
    """A whole fill game: each turn the first that lays the most tiles, to the full board."""
    state, line = game.initial_state(), []
    while not state.is_terminal():
        move = next(m for m in state.legal_moves() if len(state.play(m).turn) == most_tiles(state))
        line.append(game.format_move(state, move))
        state = state.play(move)
    return line


def drawn_by(app, monkeypatch, setup: MatchSetup, moves: list[str]) -> tuple[GameScene, list[str]]:
    """A game screen of ``setup`` after ``moves`` (its result card shown, where they end the game),
    and the texts its next frame draws."""
    scene = GameScene(app, setup, moves)
    app.switch(scene)
    app.run_frames(2)
    assert wait(app, lambda: not scene.is_over() or scene.over_card.visible())
    with monkeypatch.context() as frame:
        drawn = recorded_text(frame)
        app.invalidate()
        app.run_frames(1)
    return scene, drawn


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_cards_and_the_result_card_count_the_score_in_the_rules_pages_tiles(app, monkeypatch, language):
    """The players' cards and the result card said "Light 31 - 27 Dark (points)", where the rules
    page counts a loop and a line in tiles and names "points" the path evaluation's estimate: the
    window now counts tiles ("peças"), and the result card says of what ("Light 0 - 4 Dark (tiles)"
    under "A dark loop" left it to guess), as the page's own example of the result card does."""
    from ui.i18n import _
    from ui.scenes.rules import rules_source

    options = {"size": 7, "mode": "fill"}
    setup, line = MatchSetup("trax", options, HOTSEAT, (None, None), 0.1), filled_line(games.load("trax", **options))
    with words_in(language):
        light, dark, tiles = _("Light"), _("Dark"), {"en": "tiles", "pt": "peças"}[language]
        counted = {"en": "tiles of the longest loop and line", "pt": "peças do maior circuito e da maior linha"}[language]
        playing, on_cards = drawn_by(app, monkeypatch, setup, line[:-1])
        over, on_result = drawn_by(app, monkeypatch, setup, line)
        page = rules_source("trax")
    assert not playing.is_over() and on_cards.count(tiles) == 2, on_cards
    assert over.is_over()
    score_line = rf"{light} \d+ - \d+ {dark} \(([^)]+)\)"
    # the card holds each count to its side with no-break spaces (``game_over.score_line``), and
    # may break the line inside what the counts count
    on_card = set(re.findall(score_line, " ".join(on_result).replace("\xa0", " ")))
    on_page = {" ".join(unit.split()) for unit in re.findall(score_line, page)}  # the page's lines wrapped
    assert on_card == on_page == {counted}, (on_card, on_page, on_result)


@pytest.mark.parametrize("text_size", [1.0, 1.25, 1.5])
@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_result_card_s_score_line_wraps_whole_at_800x600(tmp_path, monkeypatch, language, text_size):
    """At 800x600 the result card stands over the game's panel, and its Trax score line ("Light
    6 - 10 Dark (tiles of the longest loop and line)") takes two or three rows: each row in the
    card's room at the card's own text size, none cut and none a word alone."""
    from tests.ui_helpers import make_app_of
    from ui import text as tx
    from ui import words

    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        app.settings.text_size = text_size
        options = {"size": 7, "mode": "fill"}
        setup = MatchSetup("trax", options, HOTSEAT, (None, None), 0.1)
        with words_in(language):
            scene, _drawn = drawn_by(app, monkeypatch, setup, filled_line(games.load("trax", **options)))
            placed = scene.over_card.placement()
            unit = words.score_unit("trax")
        s = app.scale
        start = next(n for n, row in enumerate(placed.lines) if "\xa0" in row)  # the sides' counts, held together
        rows = placed.lines[start:start + 1 + next(n for n, row in enumerate(placed.lines[start:]) if row.endswith(")"))]
        assert " ".join(rows).endswith(f"({unit})"), rows
        assert all(tx.ui_font(int(16 * s)).size(row)[0] <= placed.rect.width - int(30 * s) for row in rows), rows
        assert all(len(row.split()) > 1 and "…" not in row for row in rows), rows
    finally:
        app.quit()
