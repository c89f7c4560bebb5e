"""A game's first hint keeps its budget and says its wait: the hint's player is made while the
window waits on a person's turn, and the card's seconds count from the key press (qa98: Alquerque's
and Rastros' first hint made its player for 1.3-1.6 s, then searched, and the card said "Finding a
hint… 0.5 s" after two)."""

from __future__ import annotations

import time

import pygame

from tests.ui_helpers import key, make_app, wait
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game_computer import HINT_PLAYER
from ui.worker_client import AIWorker


def test_the_hints_player_is_made_while_the_window_waits_and_the_hint_then_asks_that_worker(tmp_path, monkeypatch):
    """On a person's turn the idle window has the game's worker make the hint's player (a "load"
    of the "hint" slot, kept by the worker), once; H then asks that worker."""
    from ui.scenes.game import GameScene

    asked: list = []
    submit = AIWorker.submit

    def spied(worker, job):
        asked.append((job.kind, job.slot, job.player_id))
        return submit(worker, job)

    monkeypatch.setattr(AIWorker, "submit", spied)
    app = make_app(tmp_path, monkeypatch, fps=60)  # the real loop, which sleeps waiting for input
    try:
        scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.2))
        app.switch(scene)
        assert wait(app, lambda: ("load", "hint", HINT_PLAYER) in asked, 10.0), asked
        app.run_frames(30)
        assert asked == [("load", "hint", HINT_PLAYER)], "asked more than once"
        key(app, pygame.K_h)
        assert wait(app, lambda: scene.hint is not None, 60.0), "no hint"
        assert asked[-1] == ("move", "hint", HINT_PLAYER)
    finally:
        app.quit()


def test_the_hint_cards_seconds_count_from_the_key_press(app):
    """A hint's player made (``AIReady``) after the key press: the card's seconds
    (``thinking_for``) still count from the press, as the person waited from then."""
    from ui.scenes.game import GameScene

    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0))
    app.switch(scene)
    key(app, pygame.K_h)
    computer = scene.computer
    assert computer.job_kind == "hint"
    computer.job_started -= 2.0  # H pressed two seconds ago ...
    computer.worker.thinking_since = time.monotonic() - 0.5  # ... its player ready half a second ago
    assert computer.thinking_for() >= 2.0
