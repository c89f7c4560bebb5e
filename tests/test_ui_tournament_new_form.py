"""Watch switched off while a tournament runs is for that run: New tournament's form still says
"Watch the games" as it was set, and the settings keep it so for the next visit.  It silently set
"Watch the games: No" for the next tournament too."""

from __future__ import annotations

from tests.ui_helpers import click, tournament_started, wait


def button(scene, label: str):
    return next(b for b in scene._all_buttons() if b.label == label and b.visible)


def test_watch_off_during_a_run_leaves_the_next_tournaments_form_as_it_was(app):
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"}, watch=True)
    t = scene.tournament
    app.run_frames(2)
    click(app, button(scene, "Watch").rect.center)
    assert scene.watch is False  # this run's board stops
    click(app, button(scene, "Stop").rect.center)
    assert wait(app, lambda: not t.is_running(), 30)
    app.run_frames(1)
    click(app, button(scene, "New tournament").rect.center)
    [form_watch] = [b for b in scene._all_buttons() if b.visible and b.label.startswith("Watch the games")]
    assert scene.tournament is None and form_watch.label == "Watch the games: Yes" and form_watch.active
    assert scene.watch is True and app.settings.tournament_choices.get("watch", True) is True
