"""What the search tree explorer says of the ranking of a node's moves (ui/tree_ranking.py): the
moves proven as good as its best (``ai.game_tree.note_ties``), and a solver's proof against the
move the search ranks first."""

from __future__ import annotations

import pygame
import pytest

import games
from ai.game_tree import ALPHABETA, MINIMAX, ORDERED, build, note_ties
from tests.test_tree import built
from tests.ui_helpers import key, recorded_text, wait
from ui.ai_worker import AIProgress
from ui.tree_ranking import best_move_line


def _after_b2_a2():
    game = games.load("tictactoe")
    return game, game.play_line(["b2", "a2"])


@pytest.mark.parametrize("algorithm", [ALPHABETA, ORDERED])
@pytest.mark.parametrize("depth", [5, 9])
def test_alpha_beta_says_the_moves_minimax_proves_as_good_and_keeps_its_count(algorithm, depth):
    """After b2 a2 alpha-beta keeps a1 (the course's first) and only bounds b1 ("≤X wins"), where
    the hint says b1: both win in 5.  ``note_ties`` finds the moves minimax's exact values tie
    with the best, and leaves the tree's node count, which the course publishes, as it was."""
    game, state = _after_b2_a2()
    minimax = build(state, MINIMAX, depth, game_id="tictactoe").root
    best_moves = {child.move for child in minimax.children if child.value == minimax.value}
    tree = build(state, algorithm, depth, game_id="tictactoe")
    nodes = tree.nodes
    note_ties(tree, "tictactoe")
    assert set(tree.root.as_good) == best_moves - {tree.root.best} and len(best_moves) > 1
    assert "b1" in [game.format_move(state, move) for move in tree.root.as_good]
    assert tree.nodes == nodes and build(state, algorithm, depth, game_id="tictactoe").nodes == nodes


def test_an_estimates_tie_is_not_said():
    """At depth 4 the values are estimates: a tie there is the heuristic's, parted by a deeper search."""
    _game, state = _after_b2_a2()
    tree = build(state, MINIMAX, 4, game_id="tictactoe")
    note_ties(tree, "tictactoe")
    assert tree.root.as_good == ()


def test_the_panel_says_the_moves_as_good_as_alpha_betas_best(app, monkeypatch):
    """The explorer on 3x3 after b2 a2, Depth + to 5: the root's panel names a1, the line's
    move, and the moves as good, b1 (the hint's) among them."""
    app.open_demo("game:tictactoe:hotseat:b2,a2")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    key(app, pygame.K_PLUS)
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert explorer.depth == 5 and explorer.selected is explorer.tree.root
    assert "Best move: a1 (as good: b1, c1, a3, b3, c3)" in drawn, drawn


def _said_after(app, drawn: list[str], condition) -> str:
    assert wait(app, condition, 120)
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    return " ".join(drawn)


def test_the_panel_says_the_solver_proves_the_searchs_first_move_loses(app, monkeypatch):
    """Rastros' start at depth 2: the tree ranks 5-4 first (+3 for South), which the solver proves
    lost (as every move is).  The root's panel says so beside the ranking, and the move's own panel
    (Down selects it) that the search ranked it first."""
    app.open_demo("game:rastros:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    root, drawn = explorer.tree.root, recorded_text(monkeypatch)
    best = root.best_child
    said = _said_after(app, drawn, lambda: explorer.proofs.proof_of(best) is not None)
    assert "Best move: 5-4 (the solver proves it loses)" in said, said
    key(app, pygame.K_DOWN)
    assert explorer.selected is best
    said = _said_after(app, drawn, lambda: True)
    assert "The search ranks this move first; the solver proves it loses" in said, said


def _proof(side_to_move: int, proven: int) -> AIProgress:
    return AIProgress(0, proven=proven, mover=side_to_move)


def test_a_move_the_solver_proves_better_is_named():
    """A best move proven lost, beside one proven won, names that one; a proven draw beside a proven
    win says it draws; a win ranked first says nothing."""
    game, state = _after_b2_a2()
    root = build(state, ALPHABETA, 2, game_id="tictactoe").root
    best, other = root.best_child, next(child for child in root.children if child.move != root.best)
    text = {best.move: game.format_move(state, best.move), other.move: game.format_move(state, other.move)}

    def line(best_proven: int, other_proven: int) -> str:
        proofs = {id(best): _proof(1, best_proven), id(other): _proof(1, other_proven)}  # O to move there
        return best_move_line(root, lambda node: proofs.get(id(node)), lambda _node, move: text[move])

    assert line(1, -1) == f"Best move: {text[best.move]} (the solver proves it loses; {text[other.move]} wins)"
    assert line(0, -1) == f"Best move: {text[best.move]} (the solver proves it draws; {text[other.move]} wins)"
    assert line(1, 0) == f"Best move: {text[best.move]} (the solver proves it loses; {text[other.move]} draws)"
    assert line(-1, -1) == "" and line(0, 0) == ""
