"""A player withdrawn from a watched tournament (the board shows its games in order, their results
held back until it has, ``WatchedGames.held``): the results the withdrawal settles, no board will
ever show, and the standings count them at once."""

from __future__ import annotations

from ai.tournament_standings import is_withdrawal, withdrawal_stands
from tests.test_ui_tournament_withdraw import most_played, row_of, stopped_unshown, withdraw_button
from tests.ui_helpers import click


def test_the_forfeits_a_withdrawal_settles_while_watching_are_counted_at_once(app, monkeypatch, tmp_path):
    """Stopped while Level 1 played its games against Ana (it had played 4 of its 6), Level 1
    withdrawn: its results stand and its two games left are lost by forfeit.  Those forfeits were
    held for the board, which never shows them (they were never played), so the standings counted
    8 games instead of 10 for good.  A result settled by a withdrawal is not held."""
    scene = stopped_unshown(app, monkeypatch, tmp_path / "league")
    t = scene.tournament
    player = most_played(scene)
    played, games = t.played_by(player), len(t.games_of(player))
    assert (played, games) == (4, 6) and withdrawal_stands(played, games)
    click(app, withdraw_button(scene).rect.center)
    click(app, row_of(scene, player).center)
    click(app, withdraw_button(scene).rect.center)
    assert player in t.withdrawn
    settled = [n for n, r in t.results.items() if is_withdrawal(r)]
    assert len(settled) == games - played
    app.run_frames(5)
    assert not scene.held & set(settled), (scene.held, settled)
    row = next(st for st in scene.table if st.player == player)
    # its four played and its two lost by forfeit, counted apart: never played, they are no game played
    assert (row.games, row.unplayed, row.counted) == (played, games - played, games)
    assert sum(st.counted for st in scene.table) == 2 * len(t.results)
    assert {n for n, _r in scene._listed()} >= set(t.results) - set(settled)  # every game played listed
