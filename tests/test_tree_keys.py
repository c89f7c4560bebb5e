"""The search tree explorer without a mouse: the arrows move a selected node through the tree,
Enter or Space opens or closes it, the view follows it (ui/tree_keys.py, ui/scenes/tree_input.py).
Before, a node could be opened only by a click, and the arrows only panned the view; Tab did
nothing, and no ring showed the buttons to a player who looks for one rather than its key."""

from __future__ import annotations

import pygame
import pytest

import games
from ai.game_tree import ALPHABETA, build
from tests.test_tree import built
from tests.ui_helpers import key
from ui.tree_keys import first_child, neighbour, parent
from ui.tree_layout import pan

GAMES = {"tictactoe": {}, "hex": {"size": 11}}


def explore(app, game_id: str, moves: tuple[str, ...] = ()):
    """The explorer on ``game_id`` after ``moves``, its tree built and drawn."""
    game = games.load(game_id, **GAMES[game_id])
    app.show_tree(game, game.play_line(list(moves)))
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    return explorer


def drawn(explorer) -> dict[int, pygame.Rect]:
    """id(node) -> its rectangle, for the nodes drawn; each one wholly inside the canvas."""
    rects = {id(node): rect for rect, node in explorer.node_rects}
    assert all(explorer.canvas.contains(rect) for rect in rects.values())
    return rects


def selected_in_sight(explorer) -> bool:
    return explorer.canvas.contains(drawn(explorer).get(id(explorer.selected), pygame.Rect(-9, -9, 1, 1)))


def test_the_arrows_go_to_the_parent_the_best_child_and_the_siblings():
    """Tic-tac-toe after b2 at depth 2, the root and its first move open."""
    game = games.load("tictactoe")
    root = build(game.play_line(["b2"]), ALPHABETA, 2, game_id="tictactoe").root
    first, second, last = root.children[0], root.children[1], root.children[-1]
    opened = {id(root), id(first)}
    assert neighbour(root, opened, root, pygame.K_DOWN) is root.best_child is first_child(root)
    assert neighbour(root, opened, first, pygame.K_UP) is root
    assert parent(root, opened, first.children[0]) is first
    assert neighbour(root, opened, first, pygame.K_RIGHT) is second
    assert neighbour(root, opened, second, pygame.K_LEFT) is first
    assert neighbour(root, opened, first, pygame.K_LEFT) is None  # the first sibling: nothing to its left
    assert neighbour(root, opened, last, pygame.K_RIGHT) is None
    assert neighbour(root, opened, root, pygame.K_UP) is None and neighbour(root, opened, root, pygame.K_LEFT) is None
    assert neighbour(root, opened, second, pygame.K_DOWN) is second.best_child  # closed: the explorer opens it


def test_a_node_to_show_is_brought_into_the_canvas_by_whole_steps():
    """``pan``'s ``show``: a layout x past the right edge moves the view left just enough, by whole
    steps when snapping; one already in sight leaves the view where it was."""
    area = pygame.Rect(0, 0, 400, 100)
    xs = list(range(0, 2000, 50))
    offset, scroll = pan(area, xs, 200, 0, 30)
    assert pan(area, xs, 200, 0, 30, show=250) == (offset, scroll)  # in sight: no move
    moved, _scroll = pan(area, xs, 200, 0, 30, snap=(50, 0), show=900)
    assert area.x + 30 <= moved + 900 <= area.right - 30 and (offset - moved) % 50 == 0


@pytest.mark.parametrize("game_id", ["tictactoe", "hex"])
def test_a_node_opens_and_closes_by_keys_alone(app, game_id):
    """Tic-tac-toe 3x3 and Hex 11x11 from the start: Down to the best move, Right to the next move
    (closed), Enter shows its replies, Space hides them again; the selected node has the
    keyboard's ring round it and its position on the right."""
    explorer = explore(app, game_id)
    root = explorer.tree.root
    assert explorer.selected is root
    key(app, pygame.K_DOWN)
    best = root.best_child
    assert explorer.selected is best and selected_in_sight(explorer)
    key(app, pygame.K_RIGHT)
    node = explorer.selected
    assert node is not best and node in root.children and id(node) not in explorer.open and node.children
    assert not any(id(child) in drawn(explorer) for child in node.children)
    key(app, pygame.K_RETURN)
    assert id(node) in explorer.open and selected_in_sight(explorer)
    assert any(id(child) in drawn(explorer) for child in node.children)
    key(app, pygame.K_SPACE)
    assert id(node) not in explorer.open and selected_in_sight(explorer)
    assert not any(id(child) in drawn(explorer) for child in node.children)
    key(app, pygame.K_UP)
    assert explorer.selected is root


def test_the_selected_node_has_the_keyboards_ring(app):
    """The ring in the text colour the buttons have under the keyboard, just outside the node."""
    explorer = explore(app, "tictactoe")
    key(app, pygame.K_DOWN)
    rect = drawn(explorer)[id(explorer.selected)]
    explorer.draw(app.screen)
    ring = max(2, int(2 * explorer.scale))
    assert app.screen.get_at((rect.centerx, rect.top - ring - 1))[:3] == explorer.theme.text


@pytest.mark.parametrize("small", [False, True])
def test_the_view_follows_the_selection_across_a_wide_tree_and_back(app, small):
    """Hex 11x11: its 121 first moves are wider than the canvas.  Right along them brings each
    one into the canvas in turn, the view moving with it; Left all the way back brings the first."""
    if small:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
        app.run_frames(2)
    explorer = explore(app, "hex")
    root = explorer.tree.root
    key(app, pygame.K_DOWN)
    while explorer.selected is not root.children[0]:
        key(app, pygame.K_LEFT)
        assert selected_in_sight(explorer)
    first_seen = set(drawn(explorer))
    for _ in range(len(root.children) - 1):
        key(app, pygame.K_RIGHT, frames=1)
        assert selected_in_sight(explorer)
    assert explorer.selected is root.children[-1] and id(root.children[0]) not in drawn(explorer)
    assert id(explorer.selected) not in first_seen  # it was off the canvas: the view moved to it
    key(app, pygame.K_RIGHT)
    assert explorer.selected is root.children[-1]  # the last one: Right stays


def test_the_view_follows_the_selection_down_a_deep_tree_and_up(app):
    """Tic-tac-toe after b2 at depth 7 is deeper than the canvas: Down along the best line scrolls
    the plies to keep the selected node in sight, Up all the way brings the root back."""
    explorer = explore(app, "tictactoe", ("b2",))
    explorer.set_depth(7)
    built(app, explorer)
    app.run_frames(2)
    assert explorer.tall and explorer.first_ply == 0
    while explorer.selected.children:
        key(app, pygame.K_DOWN)
        assert selected_in_sight(explorer)
    assert explorer.selected.ply == 7 and explorer.first_ply > 0
    while explorer.selected is not explorer.tree.root:
        key(app, pygame.K_UP)
        assert selected_in_sight(explorer)
    assert explorer.first_ply == 0


def test_enter_on_a_selected_node_panned_away_brings_it_back_and_home_selects_the_root(app):
    """Hex 11x11: the selection panned out of the canvas with Shift+arrows is brought back by
    Enter, which opens it; Home goes back to the opening view with the root selected, as it opened."""
    explorer = explore(app, "hex")
    root = explorer.tree.root
    key(app, pygame.K_DOWN)
    for _ in range(30):
        key(app, pygame.K_RIGHT, frames=1)
    node = explorer.selected
    for _ in range(20):
        key(app, pygame.K_LEFT, pygame.KMOD_SHIFT, frames=1)
    app.run_frames(1)
    assert explorer.selected is node and not selected_in_sight(explorer)
    key(app, pygame.K_RETURN)
    assert id(node) in explorer.open and selected_in_sight(explorer)
    key(app, pygame.K_HOME)
    assert explorer.selected is root and selected_in_sight(explorer)


def test_tab_rings_the_buttons_enter_presses_the_ringed_one_and_an_arrow_goes_back_to_the_tree(app):
    from ai.game_tree import MINIMAX
    from ui.scenes.menu import MenuScene

    explorer = explore(app, "tictactoe", ("b2",))
    key(app, pygame.K_TAB)
    assert [b.label for b in explorer.buttons if b.focused] == [explorer.algo_buttons[MINIMAX].label]
    key(app, pygame.K_RETURN)  # the ringed Minimax, not the selected node opened or closed
    assert explorer.algorithm == MINIMAX
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # round to the last button, Back
    assert [b for b in explorer.buttons if b.focused] == [explorer.btn_back]
    key(app, pygame.K_ESCAPE)  # takes the ring away, and only that
    assert app.scene is explorer and not any(b.focused for b in explorer.buttons)
    key(app, pygame.K_TAB)
    built(app, explorer)
    before = explorer.selected
    key(app, pygame.K_DOWN)  # the ring goes, the arrow selects in the tree as always
    assert not any(b.focused for b in explorer.buttons) and explorer.selected is not before
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_question_mark_opens_the_keys_page_at_the_trees_keys(app):
    """? did nothing in the search tree (F1 opened the keys page there): it opens the page at the
    tree's section, as ? does in a game and a replay, and Esc comes back to the tree as it was."""
    from tests.ui_helpers import keys_page_by_question_mark

    explorer = explore(app, "tictactoe", ("b2",))
    key(app, pygame.K_DOWN)  # a node of its own chosen, to find again on the way back
    chosen = explorer.selected
    keys_page_by_question_mark(app, "Search tree")
    key(app, pygame.K_ESCAPE)
    assert app.scene is explorer and explorer.selected is chosen


def test_enter_on_a_node_with_nothing_below_says_why(app):
    """Enter or Space on a node with nothing below it did nothing, not a word, where the legend
    says "Click or Enter: open or close a node": it now says why, by the node's kind.  3x3 after
    a1 b1 a2 b2: X's best move a3 ends the game; after a1 b2, the best line's last move, searched
    to the depth limit, and a move alpha-beta cut, clicked."""
    from tests.ui_helpers import click

    explorer = explore(app, "tictactoe", ("a1", "b1", "a2", "b2"))
    said = lambda: [item.text for item in explorer.messages.items]  # noqa: E731
    key(app, pygame.K_DOWN)
    assert explorer.selected.kind == "terminal" and not explorer.selected.children
    key(app, pygame.K_RETURN)
    assert said()[-1] == "The game is over in this position: there is nothing below it to open"
    explorer = explore(app, "tictactoe", ("a1", "b2"))
    while explorer.selected.children:
        key(app, pygame.K_DOWN)
    assert explorer.selected.kind == "horizon"
    key(app, pygame.K_SPACE)
    assert said()[-1] == f"The tree stops here, at depth {explorer.depth}: Depth + looks a move further"
    key(app, pygame.K_HOME)  # the root selected again
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # a move the best one beat: alpha-beta cut some of its replies
    key(app, pygame.K_RETURN)
    cut = next(node for _rect, node in explorer.node_rects if node.kind == "cut")
    click(app, next(rect for rect, node in explorer.node_rects if node is cut).center)
    key(app, pygame.K_RETURN)
    assert explorer.selected is cut
    assert said()[-1] == "Alpha-beta never searched this move: there is nothing below it to open"
