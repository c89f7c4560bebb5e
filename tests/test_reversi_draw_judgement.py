"""How Reversi's levels judge a draw offered to them: by what their search knows at that stage.

Levels 2-4 judged every offer by their hand-set evaluation's points turned into discs with one
factor (6.7 discs a point), though the evaluation weighs mobility and corners early and discs
late: a point is worth some 16 discs at 35-40 empties and 4-5 in the last ten
(ai/eval_scales.py ``REVERSI_POINT_DISCS_BY_EMPTIES``, fitted by tools/reversi_point_discs.py).
Level 4 accepted a draw some four discs better in the midgame, and level 3 one it had won by nine
discs with ten squares empty, where the exact solver proves the result in milliseconds.  Now an
offer is solved wherever the solver reaches in the offer's time (``Limits.judging``), a solve cut
off once a move kept a known margin counts as the win it proves (``Progress.at_least``), and the
points are read at their stage elsewhere.
"""

from __future__ import annotations

import pytest

import ai
import games
from ai.base import POINTS, Limits
from ai.draw_offers import BETTER, EVEN, SEES_WIN, Judged, answer_offer, draw_margin, empty_share
from ai.eval_scales import REVERSI_POINT_DISCS, reversi_point_discs
from tests.test_reversi_units import random_line
from tests.test_ui_computer_draw import CTRL_D, against, said
from tests.ui_helpers import key, wait
from ui.scenes.game_questions import DRAW_ANSWERS

GAME = games.load("reversi")


def seeded_line(seed: int, plies: int) -> list[str]:
    """``plies`` moves of seeded random play from the start (Black, the person, then to move)."""
    return random_line(GAME, plies, seed)


def exact_margin(state) -> int:
    """The final disc margin of ``state`` for its mover, by the exact solver (level 5, no time limit)."""
    player = ai.make_player("reversi", "level-5", seed=1)
    player.choose(state, Limits())
    assert player.last.exact_margin
    return int(player.last.score)


def offered(app, level: str, moves: list[str]) -> list[str]:
    """You (Black, to move) offer ``level`` a draw after ``moves`` (Ctrl+D): what the window says."""
    scene = against(app, level, moves, game_id="reversi")
    assert scene.state.to_move == 0 and len(scene.state.legal_moves()) > 1
    key(app, *CTRL_D)
    assert wait(app, lambda: scene.draw_offer is None or scene.is_over(), 120)
    return said(scene)


# (seed, plies) of seeded random play: Black to move with 10 empty squares, White (the level) wins
# by the exact margin; level 3's own search (3 plies, points) calls it even for White
LATE_WON = [(26, 50, -9, 0.54), (10, 50, -2, 0.08)]


@pytest.mark.parametrize("seed, plies, margin, points", LATE_WON)
def test_level_3_solves_a_late_offer_and_declines_a_won_game(app, seed, plies, margin, points):
    """It accepted "it thinks the game is even" by its points (its own play solves only the last 8)."""
    state = GAME.play_line(seeded_line(seed, plies))
    assert state.empties() == 10 and exact_margin(state) == margin  # Black's: White wins
    reports = []
    ai.make_player("reversi", "level-3", seed=1).choose(state, Limits(depth=3), reports.append)
    assert reports[-1].proven is None and reports[-1].score == pytest.approx(points)  # Black's, in points
    assert answer_offer("reversi", "level-3", 1, Judged(0, points, unit=POINTS, empty_share=10 / 64)).why == EVEN
    answers = offered(app, "level-3", seeded_line(seed, plies))
    assert any(text.startswith(DRAW_ANSWERS[SEES_WIN].format(player="Level 3")) for text in answers), answers


def test_a_judging_search_reports_the_exact_result_however_the_level_plays():
    """Level 2 (one ply, noise, no solver at all) and level 3 judge a 10-empty position exactly."""
    state = GAME.play_line(seeded_line(26, 50))
    for level in ("level-2", "level-3"):
        reports = []
        ai.make_player("reversi", level, seed=1).choose(state, Limits(time=0.5, judging=True), reports.append)
        assert (reports[-1].proven, reports[-1].exact_margin, reports[-1].score) == (-1, True, -9.0), level


def test_level_4_reads_its_midgame_points_at_their_stage_and_declines_standing_better(app):
    """34 empties: level 4 (White) values Black's position at -0.21 of its points, some three discs
    for White at that stage; one factor made it 1.4 discs, inside the two-disc margin: it accepted
    "it thinks the game is even"."""
    moves = seeded_line(13, 26)
    state = GAME.play_line(moves)
    reports = []
    ai.make_player("reversi", "level-4", seed=1).choose(state, Limits(depth=5), reports.append)
    assert state.empties() == 34 and reports[-1].unit == POINTS and reports[-1].score == pytest.approx(-0.21)
    assert 0.21 * REVERSI_POINT_DISCS < 2.0 < 0.21 * reversi_point_discs(empty_share(state))
    answers = offered(app, "level-4", moves)
    assert any(text.startswith(DRAW_ANSWERS[BETTER].format(player="Level 4")) for text in answers), answers


def test_the_points_margin_follows_the_stage():
    """Two discs in points: fewer points in the midgame, where a point is worth more discs, more
    near the end; one factor where the stage is unknown; discs stay discs."""
    assert draw_margin("reversi", POINTS, 34 / 64) == pytest.approx(2.0 / 15.0)
    assert draw_margin("reversi", POINTS, 8 / 64) == pytest.approx(2.0 / 5.0)
    assert draw_margin("reversi", POINTS) == pytest.approx(2.0 / REVERSI_POINT_DISCS)
    assert draw_margin("reversi", "", 34 / 64) == 2.0
    assert empty_share(GAME.initial_state()) == 60 / 64 and empty_share(games.load("hex").initial_state()) is None
    tenth = games.load("reversi", size=10).initial_state()
    assert empty_share(tenth) == 96 / 100  # 10x10 reads the table at the same share of squares empty


def test_a_margin_proven_at_least_above_zero_is_a_win():
    """After the person's forced pass the level is the mover: a solve cut off once a move kept a
    known margin of +1 proves a win, which it accepted as "even" (one disc inside the margin)."""
    judged = Judged(1, 1.0, kind="solver", at_least=True)
    assert answer_offer("reversi", "level-5", 1, judged).why == SEES_WIN
    assert answer_offer("reversi", "level-5", 1, Judged(1, 0.0, kind="solver", at_least=True)).why == EVEN
