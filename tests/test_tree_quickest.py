"""The search tree explorer prefers the quickest win and the slowest loss, as the levels do
(ai/game_tree.py ``end_value``), and says a win's length where it knows it ("X wins in 1")."""

from __future__ import annotations

import pygame
import pytest

import games
from ai.game_tree import ALGORITHMS, ALPHABETA, MINIMAX, build, iter_nodes
from tests.test_tree import built, redrawn
from tests.ui_helpers import key, recorded_text


def test_the_tree_shows_the_win_in_one_not_the_first_win_it_found(app, monkeypatch):
    """QA's teacher (qa88): 4x4 k=3, X b2 c2, O a1 d4, X to move.  The hint and analysis say a2
    (three in a row at once); the tree's best line went through b1, a win in 3, for every win was
    worth +1 and the search kept the first it found.  Each algorithm's line now plays a2, and the
    root's box says how soon X wins."""
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    setup = MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, HOTSEAT, (None, None), 1.0)
    app.switch(GameScene(app, setup, ["b2", "a1", "c2", "d4"]))
    app.run_frames(2)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    game, state = explorer.game, explorer.root_state
    for number, algorithm in zip((pygame.K_1, pygame.K_2, pygame.K_3), ALGORITHMS):
        key(app, number)
        built(app, explorer)
        said = redrawn(app, drawn)
        root = explorer.tree.root
        assert explorer.algorithm == algorithm and game.format_move(state, root.best) == "a2", algorithm
        assert id(root) in explorer.open and root.best_child.kind == "terminal"  # the line shown: a2, and X has won
        assert "X wins in 1" in drawn and "Proven: X wins in 1 move" in said, algorithm


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_lost_position_picks_the_longest_defence(algorithm):
    """3x3, X a1 b1, O c1 c2, X to move: O wins whatever X does, but only the block c3 holds out
    (O wins 4 plies from here; every other move lets O complete c1-c3 at once).  The tree took the
    first loss it met, a2, as good as any."""
    game = games.load("tictactoe")
    state = game.play_line(["a1", "c1", "b1", "c2"])
    tree = build(state, algorithm, 9, game_id="tictactoe")
    full = build(state, MINIMAX, 9, game_id="tictactoe")
    lengths = {game.format_move(state, child.move): 1 + child.plies_to_end for child in full.root.children}
    assert lengths == {"a2": 2, "b2": 2, "a3": 2, "b3": 2, "c3": 4}  # minimax knows every length
    assert game.format_move(state, tree.root.best) == "c3" and tree.root.plies_to_end == 4
    assert tree.root.value == full.root.value < 0


def test_a_wins_length_is_said_only_where_alpha_beta_knows_it():
    """Alpha-beta stops at a win that is enough (a bound): it knows the move wins, not how soon,
    for a quicker win may lie under the moves it cut.  Such a box says the win without a length;
    an exact one says it, as minimax's tree does for the same move."""
    from ui.scenes.tree_words import node_value_text

    game = games.load("tictactoe", width=4, height=4, k=3)
    state = game.play_line(["b2", "a1", "c2", "d4"])
    pruned = build(state, ALPHABETA, 4, game_id="tictactoe")
    bounded = [node for node in iter_nodes(pruned.root) if node.proven and node.bound]
    assert bounded and all(node.plies_to_end is None for node in bounded)
    assert all(" in " not in node_value_text(node, game, 0) for node in bounded)
    exact = [node for node in iter_nodes(pruned.root) if node.proven and not node.bound and node.kind == "inner"]
    assert exact and all(node_value_text(node, game, 0).endswith(f" in {node.plies_to_end}") for node in exact)


def test_a_bounded_draw_in_a_tree_to_the_end_reads_in_words(app, monkeypatch):
    """3x3 after a1 b2 at depth 7, every line to the game's end: alpha-beta's bounds read "≤0" and
    "≥0" among boxes that say "draw" and "X wins".  They read "≤draw" and "≥draw", and the side
    panel "At most a draw", "At least a draw"."""
    from tests.test_tree import explorer_after_a1_b2
    from tests.ui_helpers import click
    from ui.scenes.tree_words import node_value_text

    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    for _ in range(3):
        key(app, pygame.K_PLUS)
    built(app, explorer)
    assert explorer.tree.to_the_end
    game = explorer.game
    drawn_bounds = [node for node in iter_nodes(explorer.tree.root) if node.value == 0 and node.bound]
    assert drawn_bounds and {node_value_text(node, game, 0)[1:] for node in drawn_bounds} == {"draw"}
    said = redrawn(app, drawn)
    assert "≤draw" in drawn and "≤0" not in said and "≥0" not in said
    rect, node = next((rect, node) for rect, node in explorer.node_rects if node.value == 0 and node.bound)
    click(app, rect.center)
    words = {-1: "At most a draw", 1: "At least a draw"}[node.bound]
    assert explorer.selected is node and words in redrawn(app, drawn)
