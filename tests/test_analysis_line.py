"""Analysis mode's best line (the principal variation): the worker sends it with each snapshot,
every line is legal from the position analysed, and the panels show it beside its value and depth."""

from __future__ import annotations

import os
import random
import threading
from unittest import mock

import pygame
import pytest

import games
from ai.match import random_line
from tests.ui_helpers import in_language, key, recorded_text, recorded_text_rects, wait
from ui import ai_worker, worker_client, worker_jobs
from ui.ai_worker import AIMoveValues, Job
from ui.worker_jobs import _run_values_job

GAMES = ["tictactoe", "reversi", "hex", "rastros", "alquerque", "trax"]
REPORTS = 12  # snapshots read from one analysis before it is stopped


class Reports:
    """The worker's report queue, stopping the analysis once ``REPORTS`` snapshots came in."""

    def __init__(self, stop: threading.Event) -> None:
        self.items: list[AIMoveValues] = []
        self.stop = stop

    def put(self, item) -> None:
        if isinstance(item, AIMoveValues):
            self.items.append(item)
            if len(self.items) >= REPORTS:
                self.stop.set()


def _random_position(game, rng: random.Random) -> tuple[tuple[str, ...], object]:
    """A position a few random moves into a game, not finished: the moves in notation and the state."""
    while True:
        moves = random_line(game.initial_state(), rng.randrange(0, 12), rng)
        state = game.play_line(moves)
        if not state.is_terminal():
            return tuple(moves), state


def _analysed_lines(game, moves: tuple[str, ...], state) -> list[AIMoveValues]:
    """The snapshots the worker's values job sends about ``state``, run here, in this process, at
    its own priority.  The job lowers the priority of the process it runs in to the analysis
    worker's (``ANALYSIS_NICENESS``: nice 12, never back up): run here as it was, it left this
    test's process, and every later test of its xdist worker with the windows and AI workers they
    start, at nice 12; under a full run's load their frames came late enough that a key meant for
    the game met the result card instead (``test_no_line_is_shown_for_a_finished_position``)."""
    stop = threading.Event()
    reports = Reports(stop)
    job = Job(game.id, dict(game.options), moves, game.to_text(state), "level-5", 0.0, 0, "values", kind="values")
    with mock.patch.object(worker_jobs, "lower_priority"):
        _run_values_job(1, job, game, state, {}, reports, stop)
    return reports.items


def _assert_legal(game, state, line: list[str]) -> None:
    for text in line:
        assert not state.is_terminal(), f"{line}: a move after the end"
        move = game.parse_move(state, text)
        assert move in state.legal_moves(), f"{line}: {text} is not legal"
        state = state.play(move)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_line_from_analysis_is_legal_from_the_position_analysed(game_id):
    game = games.load(game_id)
    rng = random.Random(f"{game_id}-line")
    longest = 0
    for _position in range(3):
        moves, state = _random_position(game, rng)
        analysed = _analysed_lines(game, moves, state)
        assert any(item.values.values for item in analysed)
        for item in analysed:
            if not item.values.values:  # a snapshot sent before the first value (its slice ran out, a loaded machine)
                assert not item.line
                continue
            best = item.values.best()
            assert item.line and item.line[0] == item.texts[best.move]  # the line starts with the best move
            assert len(item.line) <= 8 and not item.values.lines  # compact: notation only, at most 8 plies
            _assert_legal(game, state, item.line)
            longest = max(longest, len(item.line))
    assert longest > 1  # a line, not only the best move


def test_analysing_in_the_tests_process_leaves_its_priority_alone(monkeypatch):
    """The values job run here (``_analysed_lines``) asks no lower priority of this process."""
    asked: list[int] = []
    monkeypatch.setattr(os, "nice", lambda increment: asked.append(increment) or 0, raising=False)
    game = games.load("tictactoe")
    moves, state = _random_position(game, random.Random("tictactoe-priority"))
    assert _analysed_lines(game, moves, state)
    assert not [increment for increment in asked if increment], asked


def _shown_line(drawn: list[str], line: list[str]) -> bool:
    """Whether a text drawn holds the line's first two moves (the panel cuts the rest to its room)."""
    return any(" ".join(line[:2]) in text for text in drawn)


def _best_line_shown_after_key_a(app, monkeypatch, analysis: str) -> None:
    """A pressed on the screen shown: its analysis (the scene's attribute ``analysis``: the game's
    or the replay's) finds a line of more than two moves, and the panel draws it under its heading."""
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: len(getattr(scene, analysis).line) > 2, 120)
    drawn = recorded_text(monkeypatch)
    scene.draw(app.screen)
    assert "Analysis: best line" in drawn
    assert _shown_line(drawn, getattr(scene, analysis).line)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_game_panel_shows_the_best_line_after_key_a(app, monkeypatch, size):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.open_demo("game:reversi:hotseat:f5")
    _best_line_shown_after_key_a(app, monkeypatch, "analysis")


def _panel_text(app, monkeypatch) -> list[str]:
    """Every text the game screen draws in one frame."""
    drawn = recorded_text(monkeypatch)
    app.scene.draw(app.screen)
    monkeypatch.undo()
    return drawn


def test_no_line_is_shown_for_a_finished_position(app, monkeypatch):
    """Browsed back from a finished game, analysis shows the line of the position before the end;
    back at the end, none.  The result card comes ``OVER_DELAY`` after the last move, and its A is
    Replay: the test pressed A first, before the card came on a quiet machine, on it under load
    (the window went to the replay and no line ever came).  It waits for the card now, and
    browses back first: while browsing the card is down and A is analysis."""
    app.open_demo("game:tictactoe:hotseat:a1,b1,a2,b2,a3")  # X has the first column: the game is over
    scene = app.scene
    assert scene.is_over()
    assert wait(app, scene.over_card.visible, 10)  # the card up, as a loaded machine's slow frames bring it
    key(app, pygame.K_LEFT)  # the position before the last move has a line (the win, a3) ...
    key(app, pygame.K_a)
    assert app.scene is scene and scene.analysis.active
    assert wait(app, lambda: scene.analysis.best_line() is not None, 60)
    assert "Analysis: best line" in _panel_text(app, monkeypatch)
    key(app, pygame.K_END)  # ... the finished one has none: the card says the game is over
    app.run_frames(10)
    drawn = _panel_text(app, monkeypatch)
    assert scene.analysis.best_line() is None
    assert "Analysis: best line" not in drawn and "X wins" in drawn  # the card's headline


def test_the_line_follows_the_position_shown(app, monkeypatch):
    """At 1280x800 browsing back in a hot-seat game keeps the full thinking card, the best line in
    it: Back to the game takes Offer draw's row (with both, the card went compact: best move only)."""
    app.open_demo("game:reversi:hotseat:f5,d6")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: len(scene.analysis.line) > 1, 120)
    key(app, pygame.K_LEFT)  # one ply back: the line of the position after d6 is not of this one
    shown = scene.analysis.best_line()
    if shown is not None:  # already the new position's
        _assert_legal(scene.game, scene.shown_state(), shown.pv)
    assert wait(app, lambda: len(scene.analysis.line) > 1, 120)
    _assert_legal(scene.game, scene.shown_state(), scene.analysis.line)
    assert " ".join(scene.analysis.line[:2]) in " ".join(_panel_text(app, monkeypatch))


def test_the_replay_shows_the_best_line(app, monkeypatch):
    from tests.test_replay import random_record

    app.open_replay(random_record("reversi"), ply=4)
    _best_line_shown_after_key_a(app, monkeypatch, "move_analysis")


def test_a_proven_line_is_shown_after_its_proof(app, monkeypatch):
    """Tic-tac-toe's analysis proves every move at once: the card says the proof ("proven: draw")
    and, in the room left, the line it stands on."""
    app.open_demo("game:tictactoe:hotseat:b2")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                and len(scene.analysis.line) > 2, 60)
    drawn = _panel_text(app, monkeypatch)
    assert "proven: draw" in drawn
    assert _shown_line(drawn, scene.analysis.line)


def test_the_best_line_and_the_bars_caption_give_one_depth(app, monkeypatch):
    """Mid-round the best move is searched a ply deeper than the others: the bar's caption said
    "Analysis: depth 16…" (the depth every value on the board stands on) and the best line beside
    it "depth 17".  Both say the caption's depth now."""
    import re

    from ai.move_values import MoveValue, MoveValues

    app.open_demo("game:reversi:hotseat")
    scene = app.scene
    game, state = scene.game, scene.state
    deeper, *others = state.legal_moves()
    values = {deeper: MoveValue(deeper, 6.0, depth=13), **{m: MoveValue(m, 2.0, depth=12) for m in others}}
    scene.analysis.active = True  # values as the worker sends them mid-round (no worker needed here)
    scene.resize(app.screen.get_size())  # room for the bar
    scene.analysis.values = MoveValues(state.to_move, values, depth=12, nodes=4000)
    scene.analysis.line = [game.format_move(state, deeper)]
    drawn = _panel_text(app, monkeypatch)
    caption = next(re.search(r"(\d+) moves ahead", t).group(1) for t in drawn if t.startswith("Analysis: "))
    line = next(re.search(r"(\d+) moves ahead ·", t).group(1) for t in drawn if re.search(r"\d+ moves ahead ·", t))
    assert (caption, line) == ("12", "12"), drawn


def test_the_bar_says_the_depth_of_a_value_deeper_than_the_best_lines(app, monkeypatch):
    """The graph keeps the deepest value known of a position (here a search 16 plies deep, as
    analysis of the position before finds it for the move played) and the bar shows the graph's;
    analysis of the position itself starts shallower: the bar read "+2" beside the best line's
    "White +1 disc", two numbers for one position.  The caption says which search the bar's number
    stands on until analysis' own is as deep; then the bar shows analysis' value, without the note."""
    from ai.move_values import MoveValue, MoveValues
    from tests.ui_helpers import recorded_text_rects
    from ui.analysis import Opinion

    app.open_demo("game:reversi:hotseat:f5")
    scene = app.scene
    game, state, moves = scene.game, scene.state, ("f5",)
    best = state.legal_moves()[0]
    scene.analysis.active = True  # values as the worker sends them (no worker needed here)
    scene.resize(app.screen.get_size())
    scene.evaluations.from_opinion(moves, Opinion(2.0, mover=state.to_move), 16)  # the deeper search: +2
    shallow = MoveValues(state.to_move, {best: MoveValue(best, 1.0, depth=12)}, depth=11, nodes=4000)
    scene.analysis.values, scene.analysis.line = shallow, [game.format_move(state, best)]

    def shown() -> tuple[list[str], list[str]]:
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        monkeypatch.undo()
        bar = scene.board_side.eval_rect
        return [text for text, rect in drawn if bar.contains(rect)], [text for text, _rect in drawn]

    on_bar, texts = shown()
    assert "+2" in on_bar and any("White +1 disc" in text for text in texts)  # two numbers ...
    assert "Analysis: 12 moves ahead… (bar: 16 moves ahead)" in texts  # ... each said with its search's depth
    deep = MoveValues(state.to_move, {best: MoveValue(best, 1.0, depth=16)}, depth=15, nodes=9000)
    scene.analysis.values = deep
    scene.evaluations.from_analysis(moves, deep)  # as the game screen passes each snapshot to the graph
    on_bar, texts = shown()
    assert "+1" in on_bar and "Analysis: 16 moves ahead…" in texts
    assert not any("(bar:" in text for text in texts)


def test_a_compact_card_says_the_proof_of_the_best_move(app, monkeypatch):
    """At Larger text (Ctrl+plus twice) in a 1400x900 window, against the computer, the thinking
    card is one line so the move list keeps its rows, and it read "Analysis: best line  best c2":
    4x4 k=3's "proven: X wins in 3 moves", the line's news, was never said.  The headline now gives
    way to the best move and its proof where both do not fit beside it."""
    from ui.match import HUMAN_VS_PC, MatchSetup

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1400, 900), w=1400, h=900))
    app.run_frames(2)
    app.start_game(MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, HUMAN_VS_PC, (None, "level-5"), 1.0),
                   ["b2", "c3"])
    scene = app.scene
    for _step in range(2):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.settings.text_size == 1.5
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 120)
    drawn = " ".join(_panel_text(app, monkeypatch))
    assert "best c2 · proven: X wins in 3 moves" in drawn and "Analysis: best line" not in drawn  # one line


def _line_drawn(app, monkeypatch, plies: int) -> bool:
    """Whether the panel draws the first ``plies`` moves of analysis' best line."""
    return any(" ".join(app.scene.analysis.line[:plies]) in text for text in _panel_text(app, monkeypatch))


def test_the_best_line_stays_whole_back_from_help_and_through_a_resize_and_a_language(app, monkeypatch):
    """Tic-tac-toe after b2 is proven at once, its line eight plies long.  F1 (the rules) and Esc
    back: the panel showed two of them ("a1 b1"), its job asked again of the worker, whose table
    of proofs gave a line cut short.  Now it shows the line it showed, the finished job not asked
    again; so through a resize and a change of language."""
    app.open_demo("game:tictactoe:hotseat:b2")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                and len(scene.analysis.line) > 4, 60)
    line, values = list(scene.analysis.line), scene.analysis.values
    assert _line_drawn(app, monkeypatch, 4)
    key(app, pygame.K_F1)
    assert app.scene is not scene and "Rules" in app.scene.caption()
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    app.run_frames(10)
    assert scene.analysis.line == line and scene.analysis.values is values
    assert _line_drawn(app, monkeypatch, 4)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    app.run_frames(10)
    assert scene.analysis.line == line and _line_drawn(app, monkeypatch, 4)
    with in_language(app, "pt"):
        app.run_frames(10)
        assert scene.analysis.line == line and _line_drawn(app, monkeypatch, 4)


def test_analysis_is_held_through_help_and_goes_on_deepening_from_there(app, monkeypatch):
    """Reversi's analysis never ends: left for the rules (F1) it was stopped and its values
    dropped, and back (Esc) a new job started over from depth 1.  Now its job is held while the
    rules are read (no work meanwhile), the values stay, and back it goes on, never shallower."""
    app.open_demo("game:reversi:hotseat:f5")
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.reach() >= 4
                and len(scene.analysis.line) > 2, 120)
    job, values = scene.analysis.job, scene.analysis.values
    key(app, pygame.K_F1)
    assert app.scene is not scene
    assert scene.analysis.job == job and scene.analysis.values is values
    assert scene.analysis.held() and scene.analysis.worker.held()  # its worker's flag says hold
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.analysis.job == job
    assert not scene.analysis.held() and not scene.analysis.worker.held()
    reach = values.reach()
    seen: list[int] = []

    def deeper() -> bool:
        seen.append(scene.analysis.values.reach() if scene.analysis.values is not None else 0)
        return seen[-1] > reach

    assert wait(app, deeper, 120) and min(seen) >= reach, seen
    assert scene.analysis.job == job and _line_drawn(app, monkeypatch, 2)


def test_a_held_values_job_sends_nothing_until_let_go_and_goes_on_from_its_round(monkeypatch):
    """The worker's side of a hold (``worker_jobs.wait_while_held``): held, the values job waits
    after its first report and sends nothing more (the looks at the flag counted, not timed); let
    go, its snapshots go on from where it was: never shallower than the one before the hold."""
    import multiprocessing as mp

    from ai.worker_channel import SharedFlag

    game = games.load("reversi")
    state = game.play_line(["f5"])
    stop = SharedFlag(mp.get_context("spawn"))
    stop.hold(True)
    reports = Reports(stop)
    looks: list[int] = []

    def look(_seconds: float) -> None:
        looks.append(len(reports.items))
        if len(looks) == 20:
            stop.hold(False)

    monkeypatch.setattr(worker_jobs.time, "sleep", look)
    job = Job(game.id, dict(game.options), ("f5",), game.to_text(state), "level-5", 0.0, 0, "values", kind="values")
    with mock.patch.object(worker_jobs, "lower_priority"):
        _run_values_job(1, job, game, state, {}, reports, stop)
    assert looks == [1] * 20  # held after its first report: nothing sent while held
    assert len(reports.items) >= REPORTS and not stop.held()
    depths = [item.values.reach() for item in reports.items if item.values.values]
    assert depths == sorted(depths)


def test_the_replays_analysis_is_held_through_help_and_goes_on(app):
    """The replay is kept under its help (F1), and its analysis ran on unread meanwhile; it is
    held now, as the game's is, and back (Esc) the same job goes on."""
    from tests.test_replay import random_record

    app.open_replay(random_record("reversi"), ply=4)
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: len(scene.move_analysis.line) > 2, 120)
    job, values = scene.move_analysis.job, scene.move_analysis.values
    key(app, pygame.K_F1)
    assert app.scene is not scene and scene.move_analysis.held() and scene.move_analysis.job == job
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and not scene.move_analysis.held() and scene.move_analysis.job == job
    assert scene.move_analysis.values.reach() >= values.reach()


def test_a_proven_line_stays_whole_when_its_position_is_analysed_again(app):
    """Left and Right back to a position analysed before (or A off and on) ask its analysis again
    of the same worker, whose search's table holds the proofs: each move proven at depth 1, and
    its line cut to the depth (tic-tac-toe's eight plies after b2 came back "a1 b1").  The table's
    line of a proof is read past the depth now (``AlphaBeta.iterate``)."""
    app.open_demo("game:tictactoe:hotseat:b2")
    scene = app.scene
    done = lambda: scene.analysis.values is not None and scene.analysis.values.done  # noqa: E731
    key(app, pygame.K_a)
    assert wait(app, lambda: done() and len(scene.analysis.line) > 4, 60)
    line = list(scene.analysis.line)
    key(app, pygame.K_LEFT)
    assert wait(app, lambda: done() and scene.analysis.position[0] == (), 60)
    key(app, pygame.K_RIGHT)
    assert wait(app, lambda: done() and scene.analysis.position[0] == ("b2",), 60)
    assert scene.analysis.line == line
    key(app, pygame.K_a)
    key(app, pygame.K_a)
    assert wait(app, done, 60) and scene.analysis.line == line


@pytest.mark.parametrize("options, moves", [({"width": 7, "height": 6, "k": 4}, ["d1", "c1", "d2"]),
                                            ({"width": 15, "height": 15, "k": 5}, ["h8", "g7", "i8"])],
                         ids=["7x6k4", "15x15k5"])
def test_tictactoe_on_a_big_board_shows_a_line_of_several_plies(app, monkeypatch, options, moves):
    """On boards of more than 16 squares level-5 searches in the compiled kernel, whose line was its
    first move alone: the panel showed the move and one reply ("d4 c2") where the other games show
    six plies.  It shows the line the search went down now, every move legal in turn."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("tictactoe", options, HOTSEAT, (None, None), 1.0), moves)
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: len(scene.analysis.line) >= 6, 120)
    _assert_legal(scene.game, scene.shown_state(), scene.analysis.line)
    drawn = _panel_text(app, monkeypatch)
    assert "Analysis: best line" in drawn
    assert _line_drawn(app, monkeypatch, 4)


def test_a_proven_rastros_line_answers_with_the_slowest_loss(app, monkeypatch):
    """Rastros 6x6 after 4-3 3-2: analysis proves 4-2 a South win in 17 moves, and the line beside
    it went on with level 5's own reply, the hardest to refute (4-1, lost in 4 more plies): "South
    wins in 17 moves · 4-2 4-1" on a projector, the class asked where the other 12 plies went.  The
    line's reply is the slowest loss now (3-3, lost in 16): the line plays out the length it says."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("rastros", {"size": 6}, HOTSEAT, (None, None), 1.0), ["4-3", "3-2"])
    scene = app.scene
    key(app, pygame.K_a)
    proven = lambda: (line := scene.analysis.best_line()) is not None and line.proven == 1  # noqa: E731
    assert wait(app, lambda: proven() and scene.analysis.line[:1] == ["4-2"] and len(scene.analysis.line) > 1, 180)
    assert scene.analysis.best_line().proven_plies == 17
    assert scene.analysis.line[:2] == ["4-2", "3-3"], scene.analysis.line
    assert "4-2 3-3" in " ".join(_panel_text(app, monkeypatch))


def test_rastros_6x6s_opening_line_says_no_reply_it_cannot_vouch_for(app, monkeypatch):
    """Rastros 6x6 from the start: "South wins in 29 moves · 4-3 3-2", the reply the opening book's
    (North's hardest to refute, lost in 18 of those 28 plies: "wins in 17" two plies on).  Where the
    book cannot tell the slowest loss without millions of solver nodes, the line stops at the move
    whose length it knows."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("rastros", {"size": 6}, HOTSEAT, (None, None), 1.0), [])
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done, 180)
    line = scene.analysis.best_line()
    assert line is not None and line.proven == 1 and line.proven_plies == 29
    assert scene.analysis.line == ["4-3"], scene.analysis.line
    drawn = " ".join(_panel_text(app, monkeypatch))
    assert "South wins in 29 moves" in drawn and "4-3 3-2" not in drawn


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)])
def test_the_compact_analysis_card_at_larger_text_says_every_line_it_has(app, monkeypatch, size):
    """At Larger text (Ctrl+plus twice) in an 800x600 or a 1024x768 window, hot-seat Reversi with
    analysis on (A), the thinking card goes to its compact form so the move list keeps its rows,
    and it said "Analysis  best d3 · even": how far analysis looked and its line of play were
    left out.  The compact card now says, whole and inside it, every part the full card's first
    line has (how far, the best move, the value) and the line of play's first moves."""
    from tests.ui_helpers import count_calls, recorded_text_rects
    from ui.scenes.game_panel import GamePanel
    from ui.scenes.thinking import detail_parts

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.open_demo("game:reversi:hotseat:f5,d6,c3")
    scene = app.scene
    for _step in range(2):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.settings.text_size == 1.5
    key(app, pygame.K_a)
    assert wait(app, lambda: len(scene.analysis.line) > 2, 120)
    with monkeypatch.context() as patch:
        compact = count_calls(patch, GamePanel, "_compact_line")
        drawn = recorded_text_rects(patch)
        scene.draw(app.screen)
        shown = scene.panel._search_shown()[0]
    assert compact, "the card is not in its compact form here"
    assert shown is not None and len(shown.pv) > 2
    window = pygame.Rect((0, 0), app.size)
    card = [(text, rect) for text, rect in drawn if rect.x >= scene.panel.rect.x and window.contains(rect)]
    said = " · ".join(text for text, _rect in card)
    parts = detail_parts(shown, scene.game.sides, scene.game.id)
    assert len(parts) >= 3 and all(part in said for part in parts), (parts, said)
    assert " ".join(shown.pv[:2]) in said, (shown.pv, said)


@pytest.mark.parametrize("value, tip, said", [
    (dict(score=12.0, margin=True), "", "proven: Black wins by 12 discs on the board"),  # Reversi's solver: "+12" tag
    (dict(score=1.0, plies=21, plies_at_most=True), "wins in at most 21 moves",
     "proven: Black wins in at most 21 moves"),  # Alquerque's tables
    (dict(score=1.0, plies=7), "wins in 7 moves", "proven: Black wins in 7 moves"),
    (dict(score=1.0), "wins (proven; moves not counted)", "proven: Black wins"),  # Rastros' solver, Hex's connections
])
def test_analysis_line_and_tag_say_a_proof_in_the_panels_measure(value, tip, said):
    """Analysis' best line (``line_progress``) and its tag's tip (``length_words``) measure a proof
    as the panel does (``thinking.proof_measure``): the line said Alquerque's tables' "wins in at
    most 21 moves" as "wins in 21 moves", the fastest win, where the tip said "at most"."""
    from ai.move_values import MoveValue, MoveValues
    from ui.analysis_mode import length_words, line_progress
    from ui.scenes.thinking import proven_text

    best = MoveValue("c4", kind="proven", proven=1, **value)
    line = line_progress(MoveValues(0, {"c4": best}, done=True), ["c4", "c5"])
    assert (length_words(best), proven_text(line, ("Black", "White"))) == (tip, said)


class Estimating:
    """An analysis worker that answers every job with one estimate of 3x3 tic-tac-toe's a1, as
    analysis' first shallow round would, and never proves anything."""

    preparing = False

    def __init__(self, game_id=None, warm_up=True) -> None:
        game = games.load("tictactoe")
        self.a1 = game.parse_move(game.initial_state(), "a1")

    def submit(self, job) -> int:
        return 1

    def poll(self) -> list[AIMoveValues]:
        from ai.move_values import MoveValue, MoveValues

        a1 = self.a1
        return [AIMoveValues(1, MoveValues(0, {a1: MoveValue(a1, 40.0, depth=2)}, depth=2, nodes=300), {a1: "a1"}, ["a1"])]

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def _hints_proof(state):
    """What a hint of ``state`` proves, and in what measure (``thinking.proof_measure``): level 5's
    report of it, the search a hint runs."""
    import ai
    from ui.scenes.thinking import proof_measure

    reports: list = []
    ai.make_player("tictactoe", "level-5", seed=0).choose(state, ai.Limits(time=0.25), reports.append)
    return reports[-1].proven, proof_measure(reports[-1])


@pytest.mark.parametrize("source", ["searched", "saved"])
def test_the_lines_proof_from_the_bar_says_its_length_as_a_hint_does(app, monkeypatch, source):
    """A replay of 3x3 tic-tac-toe after b2 b1 (X wins in 5 plies): the graph proves the position
    (its background analysis, or the file's saved values: ``source``) while analysis mode's own
    value is an estimate, and the panel's line says the bar's proof, "proven: X wins", where the
    hint of that position says how soon.  The proof keeps its measure on its way (``Opinion``,
    ``PlyValue.measure``), and the line says it in the hint's measure: "wins in 5 moves"; the bar
    beside it, "W5", as it says a proof of analysis' own (it read a bare "W")."""
    from games.record import GameRecord
    from tests.test_replay import tictactoe_with_a_blunder
    from ui.analysis import saved_lines
    from ui.scenes.thinking import proof_measure, proven_text

    record = tictactoe_with_a_blunder()
    app.open_replay(record, ply=2)
    scene = app.scene
    assert wait(app, lambda: scene.analysis is not None and scene.analysis.done, 120)
    if source == "saved":  # as the replay's Save writes them, read back from the file's text
        analysis = scene.analysis
        record.evaluations, record.ply_values = saved_lines(analysis.opinions, analysis.points, analysis.depths)
        app.open_replay(GameRecord.loads(record.dumps()), ply=2)
        scene = app.scene
        assert wait(app, lambda: scene.analysis is not None, 10)
        assert scene.analysis.done and scene.analysis.order == []  # nothing searched: the file's values alone
    monkeypatch.setattr(worker_client, "AIWorker", Estimating)
    key(app, pygame.K_a)
    assert wait(app, lambda: scene.move_analysis.values is not None, 10)
    assert scene.move_analysis.best_line().proven is None  # analysis' own value: an estimate
    proven, measure = _hints_proof(scene.states[2])
    assert proven == 1 and measure[1] > 1
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    said = " ".join(text for text, _rect in drawn)
    shown = eval_line_shown(scene)
    assert proof_measure(shown) == measure
    assert proven_text(shown, scene.game.sides) == f"proven: X wins in {measure[1]} moves"
    assert f"proven: X wins in {measure[1]} moves" in said and "best guess a1" in said, said
    assert bar_text(scene, drawn) == [f"W{measure[1]}"]


def bar_text(scene, drawn: list[tuple[str, pygame.Rect]]) -> list[str]:
    """What the replay's eval bar writes inside itself (its value, and the unit under it), of the
    texts ``drawn`` (``recorded_text_rects``); its caption stands above it."""
    return [text for text, rect in drawn if scene.eval_rect.collidepoint(rect.center)]


def eval_line_shown(scene):
    """The replay's analysis line as its panel says it: with the bar's proof (``eval_bar.line_with_proof``)."""
    from ui import eval_bar

    return eval_bar.line_with_proof(scene.move_analysis.best_line(), scene._graph_value())


@pytest.mark.parametrize("proof", [
    dict(score=12.0, exact_margin=True),  # Reversi's solver
    dict(score=1.0, proven_plies=21, plies_at_most=True),  # Alquerque's tables
    dict(score=999_993.0, proven_plies=7),
    dict(score=1.0),  # Rastros' solver, Hex's connections: no length
])
@pytest.mark.parametrize("mover", [0, 1])
def test_the_lines_proof_from_the_bar_is_said_as_a_hint_borrowing_it_says_it(proof, mover):
    """A search's proof of a position, kept in the graph (``opinion_from_progress``) and saved in
    a record (``ply_value``, read back), is said by analysis' line beside the bar
    (``eval_bar.line_with_proof``) in the words a hint borrowing that proof says
    (``eval_bar.measured_proof_beside``), from either side: the line said "proven: Black wins"
    where the hint said "by 12 discs on the board" or "in 7 moves"."""
    from games.record import GameRecord
    from ui.analysis import opinion_from_progress, ply_value, saved_opinion
    from ui.eval_bar import GraphValue, line_with_proof, measured_proof_beside
    from ui.scenes.hint_words import proven_for_you
    from ui.scenes.thinking import proven_text

    found = ai_worker.AIProgress(job_id=1, depth=9, proven=1, kind="solver", mover=mover, **proof)
    line = ai_worker.AIProgress(job_id=2, depth=2, best_text="c4", score=3.0, mover=0)
    hint = measured_proof_beside(line, found)
    opinion = opinion_from_progress(found, mover)
    saved = GameRecord.loads(_record_valued(ply_value(opinion, 9)).dumps()).ply_values[1]
    for kept in (opinion, saved_opinion(saved)):
        said = line_with_proof(line, GraphValue(1.0, "W", True, kept, 9))
        assert proven_text(said, ("Black", "White")) == proven_text(hint, ("Black", "White"))
        assert proven_for_you(said) == proven_for_you(hint) and said.proof_apart


@pytest.mark.parametrize("proof, said", [
    (dict(score=12.0, exact_margin=True), ["+12", "discs"]),  # Reversi's solver
    (dict(score=1.0, proven_plies=21, plies_at_most=True), ["W21"]),  # Alquerque's tables
    (dict(score=999_993.0, proven_plies=7), ["W7"]),
    (dict(score=1.0), ["W"]),  # Rastros' solver, Hex's connections: no length
])
def test_the_bar_says_a_saved_proof_in_its_searchs_measure(app, monkeypatch, proof, said):
    """A replay of a game saved with a proof of its position (``PlyValue.measure``) shows it on
    the eval bar in its search's measure, as the bar says analysis' own proof and the line beside
    it says it ("proven: White wins by 12 discs on the board"): the bar read a bare "W" for every
    proof the graph held (``eval_bar.graph_value``)."""
    from games.record import GameRecord
    from tests.test_analysis_ui import compiling_analysis_workers
    from ui.analysis import opinion_from_progress, ply_value, values

    found = ai_worker.AIProgress(job_id=1, depth=9, proven=1, kind="solver", mover=1, **proof)  # White, to move
    opinion = opinion_from_progress(found, 1)
    record = _record_valued(ply_value(opinion, 9))
    record.evaluations = [0.0, values("reversi", [opinion])[0]]
    compiling_analysis_workers(monkeypatch)  # analysis has no value of its own: the bar shows the graph's
    app.open_replay(GameRecord.loads(record.dumps()), ply=1)
    scene = app.scene
    assert wait(app, lambda: scene.analysis is not None and scene.analysis.done, 10)
    key(app, pygame.K_a)
    assert scene.move_analysis.active and scene.move_analysis.values is None
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    assert bar_text(scene, drawn) == said


def _record_valued(value):
    """A one-move Reversi game whose position after the move is valued ``value`` (a ``PlyValue``)."""
    from games.record import GameRecord
    from games.record_parts import Side

    game = games.load("reversi")
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(["f5"], game.play_line(["f5"]))
    record.evaluations, record.ply_values = [0.0, 0.0], [None, value]
    return record


def test_a_proof_with_no_room_for_its_line_ends_without_a_lone_ellipsis(app, monkeypatch):
    """6x6 Reversi against level 5 at 800x600 in Portuguese: the card's proof "provado: Branco ganha
    por 4 peças" left no room for a move of its line, and the line was drawn as " · …", an
    ellipsis standing for nothing.  Where not even one move of the line fits, none is drawn."""
    from ui.match import HUMAN_VS_PC, MatchSetup

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.run_frames(2)
    app.start_game(MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-5"), 1.0), [])
    scene = app.scene
    with in_language(app, "pt"):
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                    and len(scene.analysis.line) > 2, 120)
        drawn = _panel_text(app, monkeypatch)
    assert any(text.startswith("provado: Branco ganha") for text in drawn), drawn
    assert not [text for text in drawn if text.strip(" ·") == "…"], drawn
