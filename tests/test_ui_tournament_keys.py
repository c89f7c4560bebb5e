"""The running tournament screen for a keyboard-only player (qa87): Esc on the latest results
takes the ring first, as on every other stop, rather than leaving (which stops the league)."""

from __future__ import annotations

import pygame

from tests.test_ui_tournament import _played
from tests.ui_helpers import click, key, tournament_started


def test_esc_on_the_ringed_results_drops_the_ring_and_the_league_runs_on(app, tmp_path):
    """Shift+Tab rings the latest results; the first Esc left the screen at once and so stopped
    the running tournament.  Now it drops the ring (the league plays on) and the second leaves.
    A click on a result still leaves with one Esc: the click, not the user, put the keyboard there."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, tmp_path / "tournaments",
                               games_choice=6, watch=False)  # each result listed as it comes
    _played(app, scene, 1)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the last stop: the latest results
    assert scene._on_results()
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.key_focus.current(scene._focus_stops()) is None
    assert scene.tournament.is_running() and not scene.tournament._stop.is_set()
    row = scene._recent_rects[0][0]
    click(app, row.center)  # a mouse user: the click puts the keyboard on the list unasked
    assert scene._on_results()
    key(app, pygame.K_ESCAPE)
    assert app.scene is not scene and scene.tournament._stop.is_set()
