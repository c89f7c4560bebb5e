"""The search tree explorer chooses the depth it opens at off the window's thread
(ui/scenes/tree_explorer.py ``TreeExplorerScene._choose_depth``): the estimate searches
(``ai.game_tree.likely_fitting_depth``, 0.3 s of CPU on Hex 19x19 with the swap rule), and asked
in ``App.show_tree`` it froze the window before the screen came."""

from __future__ import annotations

import threading

import pygame
import pytest

import games
from ai.game_tree import BuildStopped, likely_fitting_depth
from tests.test_tree import built, redrawn
from tests.ui_helpers import key, recorded_text, wait
from ui.scenes import tree_explorer


class HeldEstimate:
    """``likely_fitting_depth`` as the explorer calls it, held until the test releases it, then the
    real one: what it returned (or raised) is kept.  Called on the window's thread it fails at once
    (it would hold the window, and the test, for ever)."""

    def __init__(self, monkeypatch) -> None:
        self.released = threading.Event()
        self.outcomes: list[object] = []
        self.threads: list[threading.Thread] = []
        monkeypatch.setattr(tree_explorer, "likely_fitting_depth", self)

    def __call__(self, *args, **kwargs) -> int:
        thread = threading.current_thread()
        assert thread is not threading.main_thread(), "the depth was estimated on the window's thread"
        self.threads.append(thread)
        assert self.released.wait(60)
        try:
            depth = likely_fitting_depth(*args, **kwargs)
        except BuildStopped as stopped:
            self.outcomes.append(stopped)
            raise
        self.outcomes.append(depth)
        return depth

    def release(self) -> None:
        self.released.set()


def hex_19x19_swap():
    game = games.load("hex", size=19, swap=True)
    return game, game.initial_state()


def test_the_explorer_opens_at_once_and_its_tree_comes_at_the_depth_estimated(app, monkeypatch):
    """Hex 19x19 with the swap rule: ``show_tree`` returns before the estimate ends; frames are
    drawn meanwhile, the screen saying the depth is being chosen, and the tree then built at the
    estimate's depth (1: the swap answers every first move, so depth 2 is too big), the title
    saying it."""
    held = HeldEstimate(monkeypatch)
    game, state = hex_19x19_swap()
    app.show_tree(game, state)
    explorer = app.scene
    assert wait(app, lambda: held.threads)
    drawn = recorded_text(monkeypatch)
    draws = app.draws
    said = redrawn(app, drawn)
    assert app.draws > draws and not held.outcomes  # drawn while the estimate is held
    assert "Choosing a depth that builds quickly…" in said and "choosing a depth…" in said
    held.release()
    built(app, explorer)
    assert held.outcomes == [1] and explorer.tree is not None and explorer.tree.depth == explorer.depth == 1
    assert "Search tree: Alpha-beta, depth 1" in redrawn(app, drawn)


def test_leaving_while_the_depth_is_chosen_stops_the_estimate_and_leaves_the_screen_alone(app, monkeypatch):
    """Esc while the depth is being chosen goes back at once; the estimate, let go, stops at its
    first position (BuildStopped), and its thread ends without handing a depth to the screen left
    nor asking it for a tree."""
    held = HeldEstimate(monkeypatch)
    game, state = hex_19x19_swap()
    app.show_tree(game, state)
    explorer = app.scene
    assert wait(app, lambda: held.threads)
    builds = explorer._builds
    key(app, pygame.K_ESCAPE)
    assert app.scene is not explorer and explorer.choosing
    held.release()
    held.threads[0].join(60)
    assert not held.threads[0].is_alive()
    assert len(held.outcomes) == 1 and isinstance(held.outcomes[0], BuildStopped)
    app.run_frames(2)
    assert explorer._chosen is None and explorer._builds == builds and explorer.tree is None


@pytest.mark.parametrize(("keys", "depth"), [([pygame.K_MINUS], 3), ([pygame.K_PLUS, pygame.K_PLUS], 6)])
def test_depth_keys_pressed_while_the_depth_is_chosen_count_from_the_depth_chosen(app, monkeypatch, keys, depth):
    """3x3's explorer opens at depth 4; Depth − pressed before the estimate ends builds depth 3,
    Depth + twice depth 6: a press while the screen opens is not lost."""
    held = HeldEstimate(monkeypatch)
    game = games.load("tictactoe")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    for k in keys:
        key(app, k)
    assert explorer.choosing
    held.release()
    built(app, explorer)
    assert held.outcomes == [4] and explorer.tree.depth == explorer.depth == depth


def test_a_depth_chosen_by_hand_while_the_estimate_runs_replaces_it(app, monkeypatch):
    """``set_depth`` while the depth is being chosen builds that depth; the estimate, let go,
    stops (a newer tree was asked for) and does not change it."""
    held = HeldEstimate(monkeypatch)
    game = games.load("tictactoe")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    assert wait(app, lambda: held.threads)
    explorer.set_depth(2)
    held.release()
    held.threads[0].join(60)
    built(app, explorer)
    app.run_frames(2)
    assert isinstance(held.outcomes[0], BuildStopped) and explorer.tree.depth == explorer.depth == 2


def test_an_estimate_stops_when_asked():
    """``likely_fitting_depth`` stops as a build does (``stop``): the explorer's thread choosing the
    depth of a screen left ends at once."""
    game, state = hex_19x19_swap()
    with pytest.raises(BuildStopped):
        likely_fitting_depth(state, 2, game_id="hex", stop=lambda: True)
