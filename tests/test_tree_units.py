"""The search tree explorer's boxes in the game's unit, as analysis writes values, and proven
results in words (ui/scenes/tree_words.py ``node_value_text``, ai/game_tree.py ``Node.proven``)."""

from __future__ import annotations

import os

import pygame

import games
from ai.game_tree import ALPHABETA, build, is_end_value, iter_nodes, reported_value
from tests.test_tree import _zero, built, explorer_after_a1_b2, redrawn
from tests.ui_helpers import click, key, recorded_text
from ui.analysis import amount_text
from ui.scenes.tree_words import PROVEN_NOTE, node_value_text, window_text


def test_a_position_reads_the_same_in_two_trees_whose_scales_differ():
    """Each tree squashes the heuristic by a scale of its own (its root's largest move): a Reversi
    root read "+0.23" for four discs in one tree and "-0.81" for three in another.  A position two
    plies down the opening's tree and the same position's own tree hold different squashed values
    for the same five discs; both boxes read "+5", as analysis writes five discs."""
    game = games.load("reversi")
    whole = build(game.initial_state(), ALPHABETA, 3, game_id="reversi")
    pairs = []
    for node in iter_nodes(whole.root):
        if node.ply == 2 and node.kind == "inner" and not node.bound:
            own = build(node.state, ALPHABETA, 1, game_id="reversi")
            pairs.append((node, own.root))
    assert any(deep.value != root.value for deep, root in pairs)  # the old boxes' numbers differed
    for deep, root in pairs:
        discs = amount_text(reported_value(root, "reversi")[0], "reversi")
        assert node_value_text(deep, game, 0) == node_value_text(root, game, 0) == discs


def test_the_boxes_read_the_games_unit_as_analysis_writes_it(app, monkeypatch):
    """Reversi after d3 c3 at depth 1: each of Black's moves leaves it three discs up.  The root's
    box read "+0.69" (the squashed count) beside the panel's "Black +3 discs"; it reads "+3", and
    the header says the values are in discs."""
    app.open_demo("game:reversi:hotseat:d3,c3")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_MINUS)
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    said = redrawn(app, drawn)
    assert explorer.depth == 1 and explorer.tree.root.value == 0.685
    assert "+3" in drawn and "+0.69" not in said and "Value +3: Black +3 discs" in said
    assert "Values from Black's side (MAX) in discs" in said


def test_a_course_heuristic_without_a_conversion_is_written_as_its_own_number(app, monkeypatch):
    """Rastros' course heuristic (Basilio's) has no conversion to the game's points: its boxes
    write its own number as the panel does ("+3", "South +3 on the bot's own scale"), and the
    header says so."""
    app.open_demo("game:rastros:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    said = redrawn(app, drawn)
    assert "+3" in drawn and "+3.0" not in drawn and "South +3 on the bot's own scale" in said
    assert "in the piece's nearness to MAX's goal" in said


def test_hexs_boxes_are_said_to_count_the_stones_ahead_in_the_race_to_connect(app, monkeypatch):
    """Hex's legend said its values were in "the heuristic's own units", course words where a
    player asks what the number is: the course heuristic is the stones the other side still
    needs to connect its edges less those MAX needs, and the legend says so plainly."""
    game = games.load("hex", size=5)
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    said = redrawn(app, recorded_text(monkeypatch))
    assert "(MAX) in stones ahead in the race to connect" in said
    assert "heuristic's own units" not in said


def test_rastros_boxes_are_said_to_count_the_pieces_nearness_to_maxs_goal(app, monkeypatch):
    """Rastros' legend said its values were in "the heuristic's own units": the course heuristic
    (Basilio's) is the board's width less one, less the king moves from the piece to MAX's goal
    corner, and the legend says so plainly.  At depth 1 each of South's moves reads one more for
    each square it brings the piece nearer South's goal, as the words say."""
    game = games.load("rastros")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    key(app, pygame.K_MINUS)
    built(app, explorer)
    said = redrawn(app, recorded_text(monkeypatch))
    assert "Values from South's side (MAX) in the piece's nearness to MAX's goal (+1 a square nearer)" in said
    assert "heuristic's own units" not in said
    moves = [child for child in explorer.tree.root.children if not child.cut]
    assert explorer.depth == 1 and len(moves) == 8
    for child in moves:
        away = max(abs(a - b) for a, b in zip(divmod(child.state.white, game.n), divmod(game.goal_south, game.n)))
        assert node_value_text(child, game, 0) == f"+{game.n - 1 - away}", child.move


def test_a_proven_box_says_who_wins_and_the_panel_and_legend_say_it_is_proven(app, monkeypatch):
    """3x3 after a1 b2 at depth 4: a finished game read "+1" or "-1" in bold beside estimates of
    "+1" point: they read "X wins", "O wins"; selected, the panel says "Proven: X wins", and the
    legend says what words in a box are.  Alpha and beta are in points too ("α -11", was "-0.76")."""
    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    said = redrawn(app, drawn)
    assert "X wins" in drawn and "O wins" in drawn
    assert PROVEN_NOTE[0] in said or PROVEN_NOTE[1] in said
    won = next(rect for rect, node in explorer.node_rects if node.proven and node.value > 0.9)
    click(app, won.center)
    assert "Proven: X wins" in redrawn(app, drawn)
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN)  # c1, the best move, searched with alpha at b1's value
    said = redrawn(app, drawn)
    assert explorer.selected.alpha == -0.756 and "α -11" in said, [t for t in drawn if "α" in t]


def test_a_tree_searched_to_the_end_reads_draw_at_its_root(app, monkeypatch):
    """3x3 after a1 b2 at depth 7 reaches every end: its root, a proven draw, read "0" as an
    estimate of nought would; it reads "draw", and every node searched is proven but alpha-beta's
    bounds ("≤draw": a draw or worse, ``test_tree_quickest``)."""
    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    for _ in range(3):
        key(app, pygame.K_PLUS)
    built(app, explorer)
    redrawn(app, drawn)
    root = explorer.tree.root
    assert explorer.depth == 7 and explorer.box_text(root) == "draw" and "draw" in drawn
    assert all(node.proven for node in iter_nodes(root) if not node.cut and not node.bound)
    assert "≤draw" in drawn


def test_an_estimate_or_a_bound_is_not_proven():
    """``Node.proven``: a heuristic's 0 at the depth limit is no draw, nor is a node above it; a win
    found under an estimate is proven; alpha-beta's bound of an estimate is not."""
    game = games.load("tictactoe")
    state = game.play_line(["a1", "b2"])
    shallow = build(state, ALPHABETA, 1, _zero)
    assert shallow.root.value == 0 and not shallow.root.proven
    assert not any(node.proven for node in shallow.root.children)
    tree = build(state, ALPHABETA, 4, game_id="tictactoe")
    nodes = [node for node in iter_nodes(tree.root) if not node.cut]
    assert all(node.proven for node in nodes if node.kind == "terminal")
    assert any(node.proven and node.kind == "inner" for node in nodes)
    assert not any(node.proven for node in nodes if node.bound and not is_end_value(node.value))


def test_alpha_and_beta_read_as_the_boxes_they_came_from(app, monkeypatch):
    """Hex's empty board at depth 2: a node searched with alpha from a box reading "-1" said
    "α -0.998851" (the squash undone from its three decimals); it reads "α -1", as that box.  Every
    window of the 3x3 tree after a1 b2 is written too: one whose beta is an estimate squashed to
    the edge (0.9) could not be undone and failed."""
    app.open_demo("game:hex:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    redrawn(app, drawn)
    rect, node = next((rect, node) for rect, node in explorer.node_rects
                      if not node.cut and node.alpha == -0.685)  # a box's -1, squashed
    click(app, rect.center)
    said = redrawn(app, drawn)
    if os.environ.get("SMALLS16_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['SMALLS16_SHOTS']}/tree-window.png")
    assert explorer.selected is node
    assert "α -1 β +∞" in drawn and "0.99" not in said, [t for t in drawn if "α" in t]
    game = games.load("tictactoe")
    state = game.play_line(["a1", "b2"])
    tree = build(state, ALPHABETA, 4, game_id="tictactoe")
    boxes = {node_value_text(node, game, 0).lstrip("≤≥") for node in iter_nodes(tree.root) if not node.cut}
    windows = [window_text(node, tree, game, 0) for node in iter_nodes(tree.root) if not node.cut]
    assert "α +1  β +57" in windows and "α +1  β +45" in windows  # two estimates squashed to the edge
    for window in windows:
        alpha, beta = window.removeprefix("α ").split("  β ")
        assert {alpha, beta} <= boxes | {"-∞", "+∞"}, window
