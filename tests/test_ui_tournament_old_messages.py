"""New tournament, then Start at once: the stopped tournament's "Saved <old>.md …" waited behind
the other messages and showed over the new tournament some 20 s later, its files named as if they
were the new one's.  It is withdrawn when the new tournament begins, and a report written after
that says nothing."""

from __future__ import annotations

from ai.tournament import Tournament
from tests.ui_helpers import click, tournament_started, wait
from ui.scenes.tournament_log import ENDED_RUN_TOPIC
from ui.widgets import Messages


def button(scene, label: str):
    return next(b for b in scene._all_buttons() if b.label == label and b.visible)


def saved_said(app, scene, name: str) -> list[str]:
    return [m.text for messages in (app.messages, scene.messages) for m in messages.current()
            if m.text.startswith(f"Saved {name}")]


def test_the_old_tournaments_saved_message_is_withdrawn_when_a_new_one_starts(app):
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"})
    old = scene.tournament
    assert wait(app, lambda: old.results, 120)
    click(app, button(scene, "Stop").rect.center)
    assert wait(app, lambda: not old.is_running(), 30)
    app.run_frames(1)
    click(app, button(scene, "New tournament").rect.center)
    markdown = f"{scene.base.name}.md"
    assert saved_said(app, scene, markdown)  # said as New closed it: the stopped games were not saved yet
    click(app, button(scene, "Start tournament").rect.center)
    assert wait(app, lambda: scene.tournament is not None, 30) and scene.tournament is not old
    assert saved_said(app, scene, markdown) == []
    scene.tournament.cancel()


def test_a_report_written_once_another_tournament_shows_says_nothing_of_it(app):
    """The stopped run's thread may end, and its report be written, after Start: not said then."""
    scene = tournament_started(app, "tictactoe", {"level-1", "level-2"})
    old = scene.tournament
    assert wait(app, lambda: old.results, 120)
    old.cancel()
    assert old.join(30)
    messages = Messages()
    scene.tournament = Tournament("tictactoe", ["level-1", "level-2"])  # another shows on the screen (not run)
    try:
        assert scene._write_report(old, scene.base, messages.add_soon, ENDED_RUN_TOPIC)
        assert messages.current() == []
    finally:
        scene.tournament = old
    assert scene._write_report(old, scene.base, messages.add_soon, ENDED_RUN_TOPIC)
    assert [m.topic for m in messages.current()] == [ENDED_RUN_TOPIC]
