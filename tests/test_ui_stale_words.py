"""Words the window kept after what they said stopped being true: a hint's note over the position
Undo went back to, or over a game given up; a tournament stopped before any game ended waiting
"for the first results" for good.  Headless, driven by posted clicks and keys."""

from __future__ import annotations

import pygame

from tests.ui_helpers import click, key, recorded_text, resign_by_keys, tournament_started, wait
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene


def hint_notes(scene: GameScene) -> list[str]:
    """The hint's notes on screen ("Hint: b1 (proven: draw)")."""
    return [m.text for m in scene.messages.current() if m.text.startswith("Hint:")]


def hint_asked(app, scene: GameScene) -> None:
    """H, and its hint given: marked on the board and said in a note."""
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None)
    assert hint_notes(scene)


def test_a_hints_note_goes_with_its_mark_on_undo_and_on_resigning(app):
    """Undo (back to the start) and a resignation took the hint's mark off the board and left its
    note, "Hint: b1 (proven: draw)", over the position gone, then over the finished game."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.2))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center)  # X b2, then O's reply
    assert wait(app, lambda: len(scene.history) == 2 and scene.human_to_move())
    hint_asked(app, scene)
    key(app, pygame.K_u)
    assert scene.history == [] and scene.hint is None
    assert hint_notes(scene) == []
    hint_asked(app, scene)
    resign_by_keys(app)
    assert scene.is_over() and scene.hint is None
    assert hint_notes(scene) == []


def test_a_tournament_stopped_before_any_game_ended_waits_for_no_results(app, monkeypatch):
    """Its ratings chart said "Waiting for the first results…" once stopped, nothing being played
    that could bring them; it says no game ended before the stop."""
    scene = tournament_started(app, "hex", {"level-3", "level-4"}, watch=False)  # 11x11: seconds a game
    assert wait(app, lambda: scene.running, 120)
    click(app, next(b for b in scene.buttons if b.label == "Stop").rect.center)
    assert wait(app, lambda: not scene.running, 60)
    assert not scene.tournament.results  # stopped with no game ended
    said = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "Waiting for the first results…" not in said
    assert "No game ended before the tournament stopped" in said, said
