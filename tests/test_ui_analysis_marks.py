"""The board's analysis marks read at a glance: the best move's frame apart from the hint's ring
(not by hue alone), a Hex rate from a few playouts faded beside the rates the search stands on
(one rule for the board and ``analyse --lines``), Blue's first stones under the swap rule ranked
so that a guess does not come first, and a hint that names analysis's best move where analysis
searched the position as deep (a Reversi tie broken two ways named f5 and e3)."""

from __future__ import annotations

import pygame
import pytest

from ai.move_values import MoveValue, MoveValues
from tests.ui_helpers import key, wait

HOTSEAT_OPENINGS = {"tictactoe": "", "hex": "f6", "reversi": "d3", "rastros": "", "alquerque": "", "trax": ""}


def best_tag_analysed(app, game_id: str):
    """``game_id`` hot-seat after its opening, analysis on (A) until a best move has a tag: the
    scene, the best tag's rectangle and its label."""
    from ui.analysis_mode import tag_layout

    app.open_demo(f"game:{game_id}:hotseat:{HOTSEAT_OPENINGS[game_id]}")
    scene = app.scene
    key(app, pygame.K_a)

    def best_tagged():
        labels = scene.analysis.labels()
        layout = tag_layout(scene.view, labels, app.screen.get_rect())
        return next(((rect, place.label) for rect, place in layout.tags if place.label.best), None)

    assert wait(app, lambda: best_tagged() is not None, 120)
    app.invalidate()
    app.run_frames(1)
    return scene, *best_tagged()


@pytest.mark.parametrize("game_id", sorted(HOTSEAT_OPENINGS))
def test_the_best_moves_frame_is_not_the_hints_colour(app, game_id):
    """The best move's tag was framed in the hint's blue, the hint's ring round a tag in the same
    blue: a best tag and a hinted one told apart by shape alone.  The best's frame is white rimmed
    black, its lightness apart from the hint's too (1.5:1 or more), on every game's board."""
    from ui.analysis_mode import BEST_FRAME, BEST_FRAME_REACH
    from ui.board_marks import shown
    from ui.theme import contrast

    _scene, tag, label = best_tag_analysed(app, game_id)
    reach = range(1, BEST_FRAME_REACH)  # the frame's band, out from each side's middle
    around = ([(tag.centerx, tag.top - d) for d in reach] + [(tag.centerx, tag.bottom - 1 + d) for d in reach]
              + [(tag.left - d, tag.centery) for d in reach] + [(tag.right - 1 + d, tag.centery) for d in reach])
    seen = [app.screen.get_at(point)[:3] for point in around if app.screen.get_rect().collidepoint(point)]
    assert BEST_FRAME in seen, (label, seen)
    assert shown(app.theme.hint) not in seen
    assert contrast(BEST_FRAME, shown(app.theme.hint)) >= 1.5


def hex_snapshot(rates: dict[str, tuple[float, int]], **extra) -> tuple:
    """Hex 11x11 after f6: a snapshot with these cells' (rate, playouts)."""
    import games

    state = games.load("hex").play_line(["f6"])
    values = {state.game.parse_move(state, cell): MoveValue(state.game.parse_move(state, cell), rate, "mcts", visits=n)
              for cell, (rate, n) in rates.items()}
    return state, MoveValues(state.to_move, values, monte_carlo=True, nodes=sum(n for _r, n in rates.values()), **extra)


def test_a_rate_from_few_playouts_is_grey_on_the_board_and_thin_in_the_lines(monkeypatch):
    """j11 read "80% 5" in the colour of a good move beside 55% on thousands.  A rate from under
    1% of the best's playouts is faded into the board in light letters, the caption says what
    faded is, and ``analyse --lines`` calls it thin: one rule (``thinly_tried``)."""
    from ai.commands import analyse as command
    from ui.analysis_mode import TagLayout, faded_colour, move_labels, tag_colour, thin_note
    from ui.theme import contrast

    state, snapshot = hex_snapshot({"g7": (0.55, 3_000), "j11": (0.80, 5), "h5": (0.54, 900)})
    labels = move_labels(snapshot, "hex")
    j11, h5 = (state.game.parse_move(state, cell) for cell in ("j11", "h5"))
    assert labels[j11].thin and labels[j11].tone == 0.0
    assert not labels[h5].thin and labels[h5].tone != 0.0
    wood = (222, 196, 150)  # Hex's board: a faded tag stands nearer it than a grey one
    assert contrast(faded_colour(wood), wood) < contrast(tag_colour(0.0), wood)
    assert thin_note(TagLayout("full", [(pygame.Rect(0, 0, 9, 9), _place(labels[j11]))], [])) != ""
    monkeypatch.setattr(command, "analyse", lambda *_args, **_kw: snapshot)
    said = command.verdict_text(command.valued_moves(state, None, 0.1, 3)).splitlines()
    assert said[-2].endswith("[thin estimate (5 playouts: under 1% of the best's)]"), said
    assert "thin" not in said[-3], said


def _place(label):
    from ui.analysis_mode import Place

    return Place((0, 0), 9, ("j11",), label)


def test_blue_stones_under_the_swap_rule_do_not_rank_a_guess_first():
    """Under the swap rule Blue's first stones rank by value (the most visited is the strongest,
    which Red takes over): by the rate alone a stone at 50% on 5 playouts came first, above 45%
    on thousands.  They rank by the rate's lower bound now."""
    state, snapshot = hex_snapshot({"a1": (0.50, 5), "b2": (0.45, 3_000), "c3": (0.30, 4_000)}, by_score=True)
    assert state.game.format_move(state, snapshot.best().move) == "b2"


def reversi_tie(depth: int):
    """Reversi after d3 c5 d6 (Black to move): analysis at ``depth`` values the first and the last
    of the legal moves alike, -1, the others lower; the first comes first in the game's list."""
    import games

    state = games.load("reversi").play_line(["d3", "c5", "d6"])
    moves = state.legal_moves()
    snapshot = MoveValues(state.to_move, order={m: i for i, m in enumerate(moves)})
    for move in moves:
        snapshot.values[move] = MoveValue(move, -1.0 if move in (moves[0], moves[-1]) else -5.0, depth=depth)
    return state, snapshot, moves[0], moves[-1]


def test_an_alpha_beta_hint_names_analysiss_best_where_analysis_searched_as_deep():
    """Reversi: the hint named f5 while analysis named e3, both -1, a tie its search broke by its
    own order.  Where analysis valued every move at least as deep as the hint searched, the hint
    is analysis's best; shallower, the hint's own."""
    from ui.ai_worker import AIProgress
    from ui.analysis_mode import hint_from_analysis

    for depth, analysis_named in ((6, True), (3, False)):
        state, snapshot, first, last = reversi_tie(depth)
        name = state.game.format_move
        hint = AIProgress(1, 4, last, name(state, last), -1.0, 50_000, pv=[name(state, last)], mover=state.to_move)
        answered = hint_from_analysis(hint, snapshot, [name(state, snapshot.best().move)])
        assert answered.best_text == name(state, first if analysis_named else last), (depth, answered)
        assert answered.best_move == (first if analysis_named else last)
