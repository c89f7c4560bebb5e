"""Level 5's deeper search of Trax (``ThreatPlayer._deeper``): after its five questions it searches
its sound moves deeper by alpha-beta on the path evaluation, in the time they left (they took
0.03-0.15 s of the 0.7 s, and the hint said "depth 2" whatever the time); capped by depth here,
so the answers do not depend on the machine."""

from __future__ import annotations

import ai
import games
from ai.base import Limits, Progress
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
