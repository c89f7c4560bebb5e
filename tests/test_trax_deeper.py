"""Level 5's deeper search of Trax (``ThreatPlayer._deeper``): after its five questions it searches
its sound moves deeper by alpha-beta on the path evaluation, in the time they left (they took
0.03-0.15 s of the 0.7 s, and the hint said "depth 2" whatever the time); capped by depth here,
so the answers do not depend on the machine.  Only a win it finds is a proof: a loss it finds is
one among the sound moves alone."""

from __future__ import annotations

import ai
import games
from ai.base import PROVEN, Limits, Progress
from ai.engines.trax_search import deepening_player
from ai.move_values import analyse

OPENING = ("A0+", "B1\\")  # tests/test_ui_hint_analysis.py's: the person's first tile, level 3's reply


def hint_of(state, depth: int) -> tuple[int, Progress, object]:
    """Level 5's hint in ``state`` capped at ``depth`` plies: the move, its final report, the player."""
    player = ai.make_player("trax", "level-5", seed=5)
    reports: list[Progress] = []
    move = player.choose(state, Limits(depth=depth, best=True), reports.append)
    return move, [r for r in reports if r.done][-1], player


def test_the_hint_searches_level_5s_sound_moves_past_its_two_ply_look():
    """Depth 4 where the two-ply look stopped at 2; the move one of the sound moves it searched,
    valued as analysis values it at that depth (analysis's rounds search alike)."""
    state = games.load("trax").play_line(list(OPENING))
    move, report, player = hint_of(state, 4)
    assert report.depth == 4 and report.kind == "threats" and report.proven is None
    assert len(player.sound) > 1 and move in player.sound
    assert analyse(state, "trax", max_depth=3).values[move].score == report.score


def test_a_depth_cap_of_two_keeps_the_two_ply_look():
    """``Limits(depth=2)``: the five questions' answer alone, as a hint's twin asks of it."""
    state = games.load("trax").play_line(list(OPENING))
    move, report, player = hint_of(state, 2)
    assert report.depth == 2 and player.sound and move == player.sound[0]


# Found by random 7x7 games, level 5 capped at 4 and 5 plies at every position (docs/tuning/trax.md).
LOST_IN_4 = ("c4+", "e4\\", "f4+", "d3/", "b3+", "b2\\", "c1\\", "e2+", "g3/", "f5+")
WON_IN_5 = ("e4/", "f4/", "f3\\", "d3/", "e2\\", "d1+", "c3+", "f5/", "e5/", "b2+", "c5+", "e6\\", "a1/",
            "c6+", "g3/", "c7+")


def full_solve(state, depth: int) -> Progress:
    """The alpha-beta of Trax analysis on every legal move (``deepening_player``) capped at ``depth``:
    its proofs leave no move out, the judge of level 5's."""
    reports: list[Progress] = []
    deepening_player(ai.catalog("trax")[0]).choose(state, Limits(depth=depth), reports.append)
    return [r for r in reports if r.done][-1]


def test_a_loss_found_among_the_sound_moves_is_no_proof():
    """Every sound move loses in 4 plies here, as the deeper search sees at depth 4; but it searched
    the sound moves alone (the moves the questions passed over were never searched), so level 5
    says the loss it saw in its value and claims no proof of it."""
    state = games.load("trax", size=7).play_line(list(LOST_IN_4))
    _move, report, player = hint_of(state, 4)
    assert len(player.sound) > 1 and report.depth == 4 and report.score <= -PROVEN
    assert report.proven is None and report.kind == "threats"


def test_a_win_found_deeper_is_a_proof_and_a_real_win():
    """The five questions see no win here (the two-ply look's answer); the deeper search finds one in
    5 plies and level 5 says so as a proof, which the full search, every move searched, confirms."""
    state = games.load("trax", size=7).play_line(list(WON_IN_5))
    assert hint_of(state, 2)[1].proven is None
    move, report, _player = hint_of(state, 5)
    assert (report.proven, report.proven_plies, report.kind) == (1, 5, "solver")
    after = full_solve(state.play(move), 4)
    assert (after.proven, after.proven_plies) == (-1, 4)


def test_a_loss_seen_within_the_depth_is_not_searched_deeper():
    """Once a depth sees every sound move lose (in 4 plies here, at depth 4), deeper iterations
    find the same: the search stops there.  It went on to its last iteration on the few lines
    left, and a lost position's hint said "576 moves ahead" on a 7x7 board."""
    state = games.load("trax", size=7).play_line(list(LOST_IN_4))
    move, report, _player = hint_of(state, 40)
    seen, seen_report, _player = hint_of(state, 4)
    assert report.depth == 4 and (move, report.score) == (seen, seen_report.score)
