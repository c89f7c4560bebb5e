"""The search tree explorer's trees (ai/game_tree.py) against the course notebook's plain recursive
minimax and alpha-beta, and the explorer screen itself."""

from __future__ import annotations

import functools
import math
import threading

import pygame
import pytest

import games
from ai.game_tree import (
    ALGORITHMS,
    ALPHABETA,
    MINIMAX,
    NODE_LIMIT,
    ORDERED,
    TreeTooBig,
    build,
    count_nodes,
    end_value,
    every_line_ends,
    is_end_value,
    iter_nodes,
    likely_fitting_depth,
)
from tests.ui_helpers import words_in

LINES = ["", "b2", "a1,b2", "b2,a1,c3", "a1,b2,c3,a3", "a1,a2,b1"]


def _zero(state, player) -> float:
    return 0.0


def notebook_counts(state, depth: int, prune: bool) -> tuple[float, int]:
    """The notebook's max_value / min_value (utility +1 / -1 / 0 for the root player, a win or a
    loss a thousandth nearer 0 a ply below the root: ``end_value``; 0 at the depth limit), counting
    every call: (value, nodes)."""
    player = state.to_move
    count = [0]

    def value(s, alpha: float, beta: float, ply: int) -> float:
        count[0] += 1
        if s.is_terminal():
            w = s.winner()
            return 0.0 if w is None else end_value(w == player, ply)
        if ply >= depth:
            return 0.0
        maximizing = ply % 2 == 0
        v = -math.inf if maximizing else math.inf
        for move in s.legal_moves():
            v1 = value(s.play(move), alpha, beta, ply + 1)
            if maximizing:
                v = max(v, v1)
                if prune and v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, v1)
                if prune and v <= alpha:
                    return v
                beta = min(beta, v)
        return v

    result = value(state, -math.inf, math.inf, 0)
    return result, count[0]


@functools.cache
def counted(line: str, algorithm: str, depth: int) -> int:
    """``count_nodes`` of the 3x3 position after ``line`` ("a1,b2") with no heuristic (``_zero``),
    counted once for the module: the full minimax from the empty board, 549,946 positions (2 s
    of a quiet core), is checked against the notebook's count and against the published figure."""
    state = games.load("tictactoe").play_line([m for m in line.split(",") if m])
    return count_nodes(state, algorithm, depth, _zero)


@pytest.mark.parametrize("line", LINES)
@pytest.mark.parametrize("depth", [2, 4, 9])
def test_node_counts_equal_the_notebooks_plain_searches(line, depth):
    state = games.load("tictactoe").play_line([m for m in line.split(",") if m])
    for algorithm, prune in ((MINIMAX, False), (ALPHABETA, True)):
        expected_value, expected_nodes = notebook_counts(state, depth, prune)
        assert counted(line, algorithm, depth) == expected_nodes
        if expected_nodes <= 60_000:
            tree = build(state, algorithm, depth, _zero)
            assert tree.nodes == expected_nodes == sum(1 for n in iter_nodes(tree.root) if not n.cut)
            assert tree.root.value == expected_value


def test_the_published_full_tree_size_of_tic_tac_toe():
    """549,946 positions visited by a full minimax from the empty board (Russell & Norvig's figure)."""
    state = games.load("tictactoe").initial_state()
    assert counted("", MINIMAX, 9) == 549_946
    with pytest.raises(TreeTooBig):
        build(state, MINIMAX, 9, _zero)


def test_alpha_beta_with_the_textbooks_equal_wins_counts_aimas_published_figure():
    """AIMA's alpha-beta from the empty board, squares row by row and every win +1, visits
    18,297 positions; the explorer's wins count their plies (``end_value``), which cuts less
    (20,866), and its count with the textbook's utility is still the published one."""
    state = games.load("tictactoe").initial_state()
    assert count_nodes(state, ALPHABETA, 9, game_id="tictactoe", win_step=0.0) == 18_297
    assert count_nodes(state, ALPHABETA, 9, game_id="tictactoe") == 20_866


@pytest.mark.parametrize("line", LINES)
def test_every_algorithm_finds_the_same_value_and_ordering_does_not_visit_more(line):
    state = games.load("tictactoe").play_line([m for m in line.split(",") if m])
    trees = {a: build(state, a, 9, game_id="tictactoe") for a in ALGORITHMS if a != MINIMAX or line}
    values = {t.root.value for t in trees.values()}
    assert len(values) == 1
    assert trees[ORDERED].nodes <= trees[ALPHABETA].nodes


def test_cut_moves_are_the_ones_alpha_beta_skipped():
    state = games.load("tictactoe").play_line(["b2", "a1", "c3"])
    full = build(state, MINIMAX, 4, game_id="tictactoe")
    pruned = build(state, ALPHABETA, 4, game_id="tictactoe")
    cut = [n for n in iter_nodes(pruned.root) if n.cut]
    assert cut and all(n.value is None and not n.children for n in cut)
    # every node has all its moves as children, searched or cut, like minimax's
    for a, b in zip(iter_nodes(full.root), iter_nodes(pruned.root)):
        if not b.cut and b.kind == "inner":
            assert [c.move for c in b.children] == [c.move for c in a.children][:len(b.children)]
            break
    assert pruned.nodes + 0 < full.nodes


def _minimax_beside(pruned, full) -> list[tuple]:
    """(alpha-beta's node, minimax's node at the same moves) for every node alpha-beta searched."""
    pairs = [(pruned, full)]
    by_move = {child.move: child for child in full.children}
    for child in pruned.children:
        if not child.cut:
            pairs += _minimax_beside(child, by_move[child.move])
    return pairs


@pytest.mark.parametrize("line", LINES[1:])
@pytest.mark.parametrize("algorithm", [ALPHABETA, ORDERED])
def test_alpha_beta_marks_the_values_it_only_bounds_and_each_holds_against_minimax(line, algorithm):
    """A node whose search alpha-beta stopped early has only a bound on its minimax value
    (``Node.bound``): at most it where the search failed low, at least it where it failed high;
    every other node has minimax's value exactly."""
    state = games.load("tictactoe").play_line(line.split(","))
    for depth in (2, 4):
        pairs = _minimax_beside(build(state, algorithm, depth, game_id="tictactoe").root,
                                build(state, MINIMAX, depth, game_id="tictactoe").root)
        for pruned, full in pairs:
            assert {-1: full.value <= pruned.value, 0: full.value == pruned.value,
                    1: full.value >= pruned.value}[pruned.bound], (line, depth, pruned.move)
        # a loss bounded from above is a loss, a win from below a win: only how soon is a bound
        assert all(pruned.proven and pruned.plies_to_end is None for pruned, _full in pairs
                   if pruned.bound and is_end_value(pruned.value) and pruned.bound * pruned.value > 0)


def test_the_move_that_loses_is_at_most_the_best_so_far_not_its_value():
    """3x3 after b2 a1 c3, depth 4: c2 loses (minimax -0.996, a loss 4 plies down); alpha-beta stops once it sees that c2
    is no better than c1 and leaves it at "-0.64", which is only an upper bound."""
    state = games.load("tictactoe").play_line(["b2", "a1", "c3"])
    c2 = state.game.parse_move(state, "c2")
    pruned = next(n for n in build(state, ALPHABETA, 4, game_id="tictactoe").root.children if n.move == c2)
    full = next(n for n in build(state, MINIMAX, 4, game_id="tictactoe").root.children if n.move == c2)
    assert (pruned.value, pruned.bound) == (pytest.approx(-0.637), -1) and (full.value, full.bound) == (end_value(False, 4), 0)


@pytest.mark.parametrize("game_id", ["reversi", "hex", "rastros", "alquerque", "trax"])
def test_small_trees_of_every_game_use_its_heuristic(game_id):
    game = games.load(game_id, **({"size": 4} if game_id == "hex" else {"size": 6} if game_id == "reversi" else {}))
    state = game.initial_state()
    tree = build(state, ALPHABETA, 2, game_id=game_id)
    assert tree.nodes == count_nodes(state, ALPHABETA, 2, game_id=game_id)
    assert all(-1.0 <= n.value <= 1.0 for n in iter_nodes(tree.root) if n.value is not None)


def test_the_trax_tree_values_its_horizon_by_the_paths_so_ordering_visits_fewer_nodes():
    """Trax's tree showed 0 on every position at the depth limit: no heuristic, so nothing to
    learn there and 'Ordered' visited as many nodes as plain alpha-beta."""
    state = games.load("trax").initial_state()
    tree = build(state, MINIMAX, 1, game_id="trax")
    assert len({n.value for n in tree.root.children if n.kind == "horizon"}) > 1
    assert count_nodes(state, ORDERED, 3, game_id="trax") < count_nodes(state, ALPHABETA, 3, game_id="trax")


def built(app, explorer) -> None:
    """Frames until the tree asked for last is built (it is built in a thread)."""
    assert app.run_frames(10 ** 6, until=lambda: not explorer.building, timeout=60)


def empty_board_minimax(app, depth: int):
    """The search tree of an empty 3x3 board's minimax to ``depth``, opened with T from a hot-seat
    game and built: to depth 8 or 9 the tree too big (over 60,000 nodes in a third of a second)."""
    from tests.ui_helpers import key

    app.open_demo("game:tictactoe:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_1)  # minimax
    explorer.set_depth(depth)
    built(app, explorer)
    return explorer


def built_and_proved(app, explorer) -> None:
    """``built``, then frames until the solver has answered for the selected node and its children
    (``ui.tree_proofs``, a worker): its ticks and "Solver:" line come as it proves them, so what a
    test compares of two frames or pictures is taken once they are all in."""
    from tests.ui_helpers import wait

    built(app, explorer)
    assert wait(app, lambda: explorer.proofs.searching() is None and not explorer.proofs.queue, 120)


def explorer_after_a1_b2(app, monkeypatch):
    """The tree explorer opened on 3x3 after a1 b2 and built, and the list its next drawings' texts
    go to (``recorded_text``)."""
    from tests.ui_helpers import key, recorded_text

    app.open_demo("game:tictactoe:hotseat:a1,b2")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    return explorer, recorded_text(monkeypatch)


def redrawn(app, drawn: list) -> str:
    """The texts of a fresh drawing of the window, joined."""
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    return " ".join(drawn)


def test_the_explorer_opens_from_a_game_with_t_and_comes_back(app):
    from tests.ui_helpers import key

    app.open_demo("game:tictactoe:hotseat:b2")
    game = app.scene
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    assert type(explorer).__name__ == "TreeExplorerScene" and explorer.tree.nodes > 1
    assert explorer.tree.root.state == game.state and explorer.depth == 4
    key(app, pygame.K_1)
    built(app, explorer)
    assert explorer.algorithm == MINIMAX and explorer.tree.nodes == count_nodes(game.state, MINIMAX, 4,
                                                                                 game_id="tictactoe")
    key(app, pygame.K_MINUS)
    built(app, explorer)
    app.run_frames(2)
    assert explorer.depth == 3
    # a click on a closed node opens it
    rect, node = next((r, n) for r, n in explorer.node_rects if n.children and id(n) not in explorer.open)
    from tests.ui_helpers import click

    click(app, rect.center)
    assert id(node) in explorer.open and explorer.selected is node
    key(app, pygame.K_ESCAPE)
    assert app.scene is game


def test_the_tree_picture_is_saved(app, tmp_path, monkeypatch):
    from tests.ui_helpers import key

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    app.open_demo("game:tictactoe:hotseat:b2,a1")
    key(app, pygame.K_t)
    built(app, app.scene)
    key(app, pygame.K_p)
    pictures = list(tmp_path.rglob("*tree*.png"))
    assert pictures and pygame.image.load(str(pictures[0])).get_width() > 400


def test_a_second_tree_picture_is_saved_beside_the_first(app, tmp_path, monkeypatch):
    """The tree's Picture wrote a fixed name, itself with SDL: a second one replaced the first (the
    board's Picture keeps both, and writes whole: ``ui.export.export_picture``, used by both now).
    The same picture again says where it is; another one of that name is saved beside it."""
    from tests.ui_helpers import key

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    app.open_demo("game:tictactoe:hotseat:b2,a1")
    key(app, pygame.K_t)
    built_and_proved(app, app.scene)  # a warm worker proved a move between the two pictures
    key(app, pygame.K_p)
    key(app, pygame.K_p)
    [first] = tmp_path.rglob("*tree*.png")
    assert f"Already saved, unchanged: {first}" in [m.text for m in app.scene.messages.items]
    first.write_bytes(first.read_bytes() + b"another")  # another picture of that name
    key(app, pygame.K_p)
    assert sorted(p.name for p in tmp_path.rglob("*tree*.png")) == [
        "tictactoe-tree-alphabeta-depth4-2.png", "tictactoe-tree-alphabeta-depth4.png"]


def test_the_replay_opens_the_explorer_through_the_app_and_comes_back(app):
    import games
    from games.record import GameRecord
    from games.record_parts import Side
    from tests.ui_helpers import key

    game = games.load("tictactoe")
    moves = ["b2", "a1", "c3"]
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(moves, game.play_line(moves))
    app.open_replay(record, ply=2)
    replay = app.scene
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    assert type(explorer).__name__ == "TreeExplorerScene" and explorer.tree.root.state == replay.states[2]
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay and replay.ply == 2


def test_the_tree_is_shown_whole_when_it_fits_and_pans_only_as_far_as_its_ends(app):
    """Alquerque after b2-c3 d4xb2 at depth 2: the open first move's eight replies reach left of
    the root's place, yet the tree fits the canvas, so every node is inside it.  With every move
    open it is wider than the canvas: Left pans until its left end reaches the edge, no further
    (one Right then moves it at once).  Shift+arrows pan; the arrows alone move the selection."""
    from tests.ui_helpers import key

    app.open_demo("game:alquerque:hotseat:b2-c3,d4xb2")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_2)
    built(app, explorer)
    app.run_frames(2)
    assert explorer.depth == 2 and len(explorer.node_rects) > len(explorer.tree.root.children)
    assert all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)
    explorer.open.update(id(child) for child in explorer.tree.root.children)
    app.run_frames(2)
    for _ in range(40):
        key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)
    leftmost = min(rect.x for rect, _node in explorer.node_rects)
    assert explorer.canvas.x <= leftmost < explorer.canvas.x + 20 * app.scale
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert min(rect.x for rect, _node in explorer.node_rects) < leftmost


def test_a_node_opened_or_closed_stays_under_the_mouse(app):
    """Opening a node can make the tree wider than the canvas; the view used to jump to the root
    in the middle, so the node just clicked moved away from the mouse.  It now stays where it was
    (Alquerque after b2-c3 d4xb2 at depth 2, every first move but the third open)."""
    from tests.ui_helpers import click, key

    app.open_demo("game:alquerque:hotseat:b2-c3,d4xb2")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_2)
    built(app, explorer)
    children = explorer.tree.root.children
    last = children[2]  # a first move in the middle, left closed
    explorer.open.update(id(child) for child in children if child is not last)
    app.run_frames(2)
    before = next(rect for rect, node in explorer.node_rects if node is last)
    assert explorer.canvas.contains(before)
    click(app, before.center)
    assert id(last) in explorer.open
    after = next(rect for rect, node in explorer.node_rects if node is last)
    assert abs(after.centerx - before.centerx) <= 1, (before, after)
    click(app, after.center)
    assert id(last) not in explorer.open
    again = next(rect for rect, node in explorer.node_rects if node is last)
    assert again.centerx == after.centerx  # closed again, still under the mouse


def test_a_big_tree_is_built_while_the_window_answers(app):
    """Hex 11x11 at depth 3 took seconds on the window's own thread (Esc waited); a count asked
    for while another ran was never made ("counting…" for good)."""
    from ai.game_tree import ALGORITHMS
    from tests.ui_helpers import key

    app.open_demo("game:hex:hotseat:f6")
    game = app.scene
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    for _ in range(2):  # depth 2 to 4 in one frame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0))
    app.frame()
    assert explorer.depth == 4 and explorer.building  # the window goes on while the tree is built
    with explorer._lock:  # each depth's counts will come: made, waiting, or in the thread's hand
        assert all(explorer.count_asked((a, d)) for a in ALGORITHMS for d in (3, 4))
    key(app, pygame.K_ESCAPE)  # at once, while the tree is built
    assert app.scene is game
    key(app, pygame.K_t)  # and opened again: the tree left unfinished holds the next one up no more
    built(app, app.scene)


def test_p_on_a_tree_too_big_to_draw_saves_no_picture_and_says_why(app, tmp_path, monkeypatch):
    """P on a tree too big to draw saved a blank picture and said "Picture saved".  The tree too
    big is the empty 3x3 board's minimax to depth 9, as in the next test (Hex 11x11 to depth 4
    before, in the test above: the same too big a tree and the same P, after 60,000 nodes of Hex,
    3 s of a quiet core and 6 s of a loaded one)."""
    from tests.ui_helpers import key

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    explorer = empty_board_minimax(app, 9)
    assert explorer.tree is None and explorer.too_big
    key(app, pygame.K_p)
    assert not list(tmp_path.rglob("*tree*.png")) and explorer.messages.current()


def test_depth_plus_on_a_tree_too_big_says_so_and_builds_no_deeper_one(app):
    """Depth + on a tree too big to build went on to build the next depth, bigger still (15x15
    after h8 h7: depth 5 for 27 s after depth 4's refusal), to say it was too big again: it says
    so at once, its button greyed.  The empty 3x3 board's minimax to depth 8 is the tree too big."""
    from tests.ui_helpers import click, key

    explorer = empty_board_minimax(app, 8)
    assert explorer.tree is None and explorer.too_big and not explorer.btn_more.enabled
    builds = explorer._builds
    key(app, pygame.K_PLUS)
    click(app, explorer.btn_more.rect.center)
    said = [item.text for item in explorer.messages.items]
    assert said == ["The tree is already too big at depth 8: a deeper one would be bigger still"], said
    assert explorer.depth == 8 and explorer._builds == builds and not explorer.building


def test_a_tree_too_big_stops_its_count_and_the_header_says_it_is_too_big(app, monkeypatch):
    """Minimax's tree too big to build went on being counted (up to two million positions: "Minimax:
    counting…" for seconds, minutes on a big board), and the header named "estimates of the position
    at depth 8" that no tree showed.  Once the build finds the tree too big its count stops, reading
    "more than 60,000", and the header says the tree is too big.  The count here waits until it is
    told to stop (the real one, half a million positions, would simply end first on a quick machine),
    and the build waits for the count to start, so that the build finds the tree too big mid-count."""
    from ai.game_tree import NODE_LIMIT, BuildStopped
    from tests.ui_helpers import key, recorded_text, wait
    from ui.scenes import tree_explorer

    real_count, real_build = tree_explorer.count_nodes, tree_explorer.build
    started, stopped = threading.Event(), threading.Event()

    def building(state, algorithm, depth, *args, **kwargs):
        if algorithm == MINIMAX and depth == 8:
            started.wait(60)
        return real_build(state, algorithm, depth, *args, **kwargs)

    def counting(state, algorithm, depth, stop=None, **kwargs):
        if algorithm != MINIMAX or depth != 8:
            return real_count(state, algorithm, depth, stop=stop, **kwargs)
        started.set()
        for _ in range(6000):  # a minute at most: a count never told to stop ends and the test fails
            if stop():
                stopped.set()
                raise BuildStopped
            stopped.wait(0.01)
        return 1

    monkeypatch.setattr(tree_explorer, "count_nodes", counting)
    monkeypatch.setattr(tree_explorer, "build", building)
    app.open_demo("game:tictactoe:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_1)  # minimax
    explorer.set_depth(8)
    built(app, explorer)
    assert explorer.tree is None and explorer.too_big
    assert wait(app, lambda: (MINIMAX, 8) in explorer.counts, 90)
    assert stopped.wait(60) and explorer.counts[(MINIMAX, 8)] is None  # the count is told to stop
    said = redrawn(app, recorded_text(monkeypatch))
    minimax = explorer._counts_line().split("·")[0]
    assert f"more than {NODE_LIMIT:,}" in minimax, minimax
    assert "too big at depth 8" in said and "estimate" not in said, said


def test_the_side_panel_shows_the_position_while_there_is_no_tree(app, monkeypatch):
    """While the tree is built (seconds on Hex 19x19) or when it is too big to build, the side
    panel was blank: it shows the position the tree is of.  The empty 3x3 board's minimax to
    depth 8 is the tree too big."""
    explorer = empty_board_minimax(app, 8)
    assert explorer.tree is None and explorer.selected is None
    shown = []
    monkeypatch.setattr(explorer.view, "draw", lambda surface, state, overlay: shown.append(state))
    explorer.draw(app.screen)
    assert shown == [explorer.root_state]


def test_a_tree_too_big_is_said_in_portuguese(app):
    """"(more than 60,000 nodes)" stayed English inside the Portuguese sentence.  The tree too big
    is the empty 3x3 board's minimax to depth 9 (549,946 nodes), which reaches the limit in a
    third of a second: Hex 11x11 to depth 4, the same sentence, built 60,000 nodes of Hex first
    (3 s of a quiet core, 10 s of a loaded one, beside the node counts' threads)."""
    from tests.ui_helpers import key

    app.open_demo("game:tictactoe:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_1)  # minimax
    with words_in("pt"):
        explorer.set_depth(9)
        built(app, explorer)
        assert explorer.algorithm == MINIMAX and explorer.tree is None
        assert "mais de 60.000 nós" in explorer.too_big and "nodes" not in explorer.too_big, explorer.too_big


def test_move_names_are_drawn_over_every_edge(app, monkeypatch):
    """Each name was drawn with its edge, so the edges drawn after it struck it through."""
    from tests.ui_helpers import key
    from ui import text as tx

    app.open_demo("game:reversi:hotseat:d3,c5")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    from ui.scenes import tree_explorer

    order: list[str] = []
    line, text, draw_tree = pygame.draw.line, tx.text, tree_explorer.draw_tree

    def recorded(*args, **kwargs):  # what the tree's own drawing does, in order
        monkeypatch.setattr(pygame.draw, "line", lambda *a, **k: (order.append("edge"), line(*a, **k))[1])
        monkeypatch.setattr(tx, "text", lambda s, value, *a, **k: (order.append(value), text(s, value, *a, **k))[1])
        try:
            return draw_tree(*args, **kwargs)
        finally:
            monkeypatch.setattr(pygame.draw, "line", line)
            monkeypatch.setattr(tx, "text", text)

    monkeypatch.setattr(tree_explorer, "draw_tree", recorded)
    app.invalidate()
    app.run_frames(1)
    names = {explorer.game.format_move(explorer.tree.root.state, child.move) for child in explorer.tree.root.children}
    last_edge = max(i for i, item in enumerate(order) if item == "edge")
    assert names and all(order.index(name) > last_edge for name in names)


def _small_window(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)


def deep_tree_in_a_small_window(app):
    """The tree explorer of Tic-tac-toe after b2 a1 at depth 7, built, in an 800x560 window: its
    eighth ply is one more than the canvas holds."""
    _small_window(app)
    game = games.load("tictactoe")
    app.show_tree(game, game.play_line(["b2", "a1"]))
    explorer = app.scene
    explorer.set_depth(7)
    built(app, explorer)
    return explorer


def test_no_node_is_cut_at_an_edge_of_the_canvas_at_800x560(app):
    """Tic-tac-toe after b2 at depth 4, every first move open, is wider than the canvas: the view
    opened on the root with a node cut in half at each edge, and panning left one at every stop."""
    from tests.ui_helpers import key

    _small_window(app)
    game = games.load("tictactoe")
    app.show_tree(game, game.play_line(["b2"]))
    explorer = app.scene
    built(app, explorer)
    explorer.open.update(id(child) for child in explorer.tree.root.children)
    app.run_frames(2)
    seen: set[int] = set()
    for k in [None] + [pygame.K_RIGHT] * 6 + [pygame.K_LEFT] * 12:
        if k is not None:
            key(app, k, pygame.KMOD_SHIFT)
        assert explorer.node_rects and all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)
        seen |= {id(node) for _rect, node in explorer.node_rects}
    assert len(seen) > 2 * len(explorer.node_rects)  # the pans did show other nodes


def test_the_best_line_is_in_sight_when_the_tree_opens(app):
    """Tic-tac-toe after b2 at depth 7: the best line runs off to the left of the root, and with
    the root in the middle its fifth ply was already past the canvas's edge; the tree now opens
    with the line's part that the canvas's plies hold in the middle, every node of it drawn."""
    game = games.load("tictactoe")
    app.show_tree(game, game.play_line(["b2"]))
    explorer = app.scene
    explorer.set_depth(7)
    built(app, explorer)
    app.run_frames(2)
    shown = {id(node) for _rect, node in explorer.node_rects}
    rows = max(node.ply for _rect, node in explorer.node_rects) + 1
    node, line = explorer.tree.root, []
    while node is not None and node.ply < rows:
        line.append(node)
        node = node.best_child
    assert explorer.tall and len(line) == rows >= 6 and all(id(node) in shown for node in line)


def test_a_tree_deeper_than_the_canvas_scrolls_down_to_its_last_ply(app):
    """At 800x560 the canvas holds seven plies: the eighth of a depth-7 tree was drawn half under
    the canvas's bottom edge, with no way to see it."""
    from tests.ui_helpers import click, key
    from ui.scenes.tree_drawing import node_metrics
    from ui.tree_layout import visible_layout

    explorer = deep_tree_in_a_small_window(app)
    layout = visible_layout(explorer.tree.root, explorer.open, node_metrics(explorer.scale)[2])
    deepest = max(ply for _node, _x, ply in layout.values())
    app.run_frames(2)
    assert deepest == 7 and explorer.tall and explorer.first_ply == 0
    assert all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)
    assert deepest not in {node.ply for _rect, node in explorer.node_rects}
    key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert explorer.first_ply == 1 and deepest in {node.ply for _rect, node in explorer.node_rects}
    assert all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)
    key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert explorer.first_ply == 1  # no further than the last ply
    key(app, pygame.K_UP, pygame.KMOD_SHIFT)
    assert explorer.first_ply == 0 and deepest not in {node.ply for _rect, node in explorer.node_rects}
    # a node opened on the last row brings its children into view (the line is wider than the
    # canvas at 800x560: the tree opens with its top in sight, so pan along it to the last row)
    for pan_key in [pygame.K_LEFT] * 30 + [pygame.K_RIGHT] * 60:
        if any(n.ply == deepest - 1 and id(n) in explorer.open for _r, n in explorer.node_rects):
            break
        key(app, pan_key, pygame.KMOD_SHIFT)
    rect, node = next((r, n) for r, n in explorer.node_rects if n.ply == deepest - 1 and id(n) in explorer.open)
    click(app, rect.center)
    assert id(node) not in explorer.open and explorer.first_ply == 0
    click(app, rect.center)
    assert id(node) in explorer.open and explorer.first_ply == 1
    assert deepest in {n.ply for _r, n in explorer.node_rects}


@pytest.mark.parametrize("small", [False, True])
def test_a_wide_trees_root_is_in_sight_when_it_opens(app, small):
    """Hex 11x11 after four stones: 117 moves under the root, the best line running off to its
    left.  The root was placed at the canvas's right edge, then the pan rounded to whole columns
    pushed it past that edge: it was left out, and its 117 edges came from nowhere."""
    if small:
        _small_window(app)
    game = games.load("hex")
    app.show_tree(game, game.play_line(["a1", "b1", "c1", "d1"]))
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    assert any(node is explorer.tree.root for _rect, node in explorer.node_rects)
    assert all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)


def _in_sight(explorer) -> tuple[bool, bool, int]:
    """(the root drawn, the root's best move drawn, how many of the root's moves are drawn), each
    drawn node being wholly inside the canvas."""
    assert all(explorer.canvas.contains(rect) for rect, _node in explorer.node_rects)
    root = explorer.tree.root
    drawn = {id(node) for _rect, node in explorer.node_rects}
    return id(root) in drawn, id(root.best_child) in drawn, sum(id(c) in drawn for c in root.children)


@pytest.mark.parametrize("game_id", ["hex", "tictactoe"])
@pytest.mark.parametrize("small", [False, True])
def test_the_tree_opens_with_the_root_and_its_best_moves_in_sight_and_home_brings_them_back(app, game_id, small):
    """Hex 11x11's 121 first moves and Tic-tac-toe's 9: the tree opened with the best line open, and
    the best move's own replies pushed the root's other moves apart, out of the canvas (Hex showed
    the root over a row of replies and none of its own moves; Tic-tac-toe one of nine).  The root,
    its best move and as many of its moves as the canvas holds are now in sight; Home brings that
    view back after panning away and down."""
    from tests.ui_helpers import key
    from ui.scenes.tree_drawing import node_metrics

    if small:
        _small_window(app)
    game = games.load(game_id)
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    fits = explorer.canvas.width // node_metrics(explorer.scale)[2] - 1
    expected = (True, True, min(len(explorer.tree.root.children), fits))
    root_shown, best_shown, moves_shown = _in_sight(explorer)
    assert (root_shown, best_shown) == expected[:2] and moves_shown >= expected[2]
    for k in [pygame.K_RIGHT] * 8 + [pygame.K_DOWN] * 3:
        key(app, k, pygame.KMOD_SHIFT, frames=1)
    app.run_frames(1)
    if game_id == "hex":  # wider than the canvas: the pans took the root out of sight
        assert not _in_sight(explorer)[0]
    key(app, pygame.K_HOME)
    root_shown, best_shown, moves_shown = _in_sight(explorer)
    assert (root_shown, best_shown) == expected[:2] and moves_shown >= expected[2]


def _best_line_in_sight(explorer) -> list[int]:
    """The plies the canvas shows, each of whose best-line node is drawn wholly inside it (asserted),
    down to its last row: the lowest box drawn is less than a ply's step above its bottom."""
    from ui.scenes.tree_drawing import node_metrics

    drawn = {id(node) for rect, node in explorer.node_rects if explorer.canvas.contains(rect)}
    plies = sorted({node.ply for _rect, node in explorer.node_rects})
    assert plies == list(range(plies[0], plies[-1] + 1)) and plies[0] == explorer.first_ply
    lowest = max(rect.bottom for rect, _node in explorer.node_rects)
    assert plies[-1] == explorer.tree.depth or explorer.canvas.bottom - lowest < node_metrics(explorer.scale)[3]
    line, node = [], explorer.tree.root
    while node is not None:
        line.append(node)
        node = node.best_child
    missing = [node.move for node in line if node.ply in plies and id(node) not in drawn]
    assert not missing, f"the best line's moves {missing} are out of sight on plies {plies}"
    return plies


def empty_board_at_depth_9(app):
    """The tree explorer of an empty 3x3 board (T), taken from its depth 4 to 9 by + five times in
    one frame, the tree of depth 9 built: a tree wider than the canvas, and minimax's too big to
    draw.  Pressed one frame apart, each depth's tree was built and its three node counts were
    started on the way (minimax's to depth 8 alone visits half a million positions), work no
    test here reads; ``test_plus_pressed_five_times_in_one_frame_builds_the_tree_of_depth_9_alone``
    holds the one frame to the tree of depth 9 alone."""
    from tests.ui_helpers import key

    app.open_demo("game:tictactoe:hotseat:")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+", scancode=0))
    app.frame()
    built(app, explorer)
    return explorer


def test_plus_pressed_five_times_in_one_frame_builds_the_tree_of_depth_9_alone(app, monkeypatch):
    """``empty_board_at_depth_9``'s five presses in one frame: the explorer shows alpha-beta's tree
    of depth 9, to the game's end, and no tree of the depths it passed through is built to its end
    (each newer tree asked for stops the one before it): the work its tests no longer wait for.
    Depth 5's tree, a few thousand nodes, may end before the next press stops it."""
    from ui.scenes import tree_explorer

    finished: list[int] = []
    build = tree_explorer.build

    def counted(state, algorithm, depth, **options):
        tree = build(state, algorithm, depth, **options)
        finished.append(depth)
        return tree

    monkeypatch.setattr(tree_explorer, "build", counted)
    explorer = empty_board_at_depth_9(app)
    assert explorer.depth == 9 and explorer.algorithm == ALPHABETA and explorer.tree.to_the_end
    assert explorer.tree.nodes == 20_866 and finished[0] == 4 and finished[-1] == 9, finished
    assert not {6, 7, 8} & set(finished), finished


@pytest.mark.parametrize("small", [False, True])
def test_the_best_line_stays_in_sight_down_a_tree_wider_than_the_canvas(app, small):
    """The empty 3x3 board, alpha-beta at depth 9 (T, + five times, 2): its best move is most often
    a node's first, leftmost, so the highlighted line drifted left ply after ply and ran off the
    canvas's left edge at its fourth ply, the view keeping the root's nine moves instead.  Every
    ply the canvas shows has its best-line node in sight, scrolled down the plies too."""
    from tests.ui_helpers import key

    if small:
        _small_window(app)
    explorer = empty_board_at_depth_9(app)
    key(app, pygame.K_2)
    built(app, explorer)
    app.run_frames(2)
    assert explorer.depth == 9 and explorer.tall
    plies = _best_line_in_sight(explorer)
    assert plies[0] == 0 and len(plies) >= 4
    for _ in range(3):
        key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
        assert _best_line_in_sight(explorer)[0] > plies[0]
        plies = _best_line_in_sight(explorer)


def test_a_click_where_a_node_was_does_nothing_once_the_tree_is_gone(app):
    """A tree asked for at a depth too big to draw left the last tree's nodes clickable under its
    message: a click on the empty canvas opened a node of a tree no longer shown and put its
    position on the right beside "too big"."""
    from tests.ui_helpers import click

    game = games.load("tictactoe")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    rect, _node = next((r, n) for r, n in explorer.node_rects if n is not explorer.tree.root)
    explorer.choose(MINIMAX)
    explorer.set_depth(9)
    built(app, explorer)
    assert explorer.tree is None and explorer.too_big
    click(app, rect.center)
    assert explorer.selected is None and not explorer.open


def test_the_count_under_a_closed_move_is_written_over_the_edges(app, monkeypatch):
    """Hex 11x11: the best move's 120 edges run under its closed neighbours, and their counts ("+120") were
    written straight on them, struck through by a band of lines; each count now has a chip of the
    canvas's colour under it, drawn after every edge."""
    from ui import text as tx
    from ui.scenes import tree_explorer

    game = games.load("hex")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    order: list[tuple[str, object]] = []
    line, rect, text, draw_tree = pygame.draw.line, pygame.draw.rect, tx.text, tree_explorer.draw_tree

    def recorded(*args, **kwargs):  # what the tree's own drawing does, in order
        monkeypatch.setattr(pygame.draw, "line", lambda *a, **k: (order.append(("edge", None)), line(*a, **k))[1])
        monkeypatch.setattr(pygame.draw, "rect", lambda s, c, r, *a, **k: (order.append(("rect", pygame.Rect(r))),
                                                                           rect(s, c, r, *a, **k))[1])
        monkeypatch.setattr(tx, "text", lambda s, value, pos, *a, **k: (order.append((value, pos)),
                                                                        text(s, value, pos, *a, **k))[1])
        try:
            return draw_tree(*args, **kwargs)
        finally:
            monkeypatch.setattr(pygame.draw, "line", line)
            monkeypatch.setattr(pygame.draw, "rect", rect)
            monkeypatch.setattr(tx, "text", text)

    monkeypatch.setattr(tree_explorer, "draw_tree", recorded)
    app.invalidate()
    app.run_frames(1)
    last_edge = max(i for i, (item, _at) in enumerate(order) if item == "edge")
    counts = [i for i, (item, _at) in enumerate(order) if item != "edge" and item.split()[0].isdigit()]
    assert counts and all(i > last_edge for i in counts)
    assert all(order[i - 1][0] == "rect" and order[i - 1][1].collidepoint(order[i][1]) for i in counts)


def test_the_newest_tree_is_shown_whichever_build_ends_last(app, monkeypatch):
    """Depth + pressed several times starts a build per depth; when the newest ended first and an
    older one a moment later, before the window's next frame, the older one's result took its
    place and was then dropped as old: "Building the tree…" stayed for good (seen on Hex 5x5
    after + pressed eight times)."""
    import threading

    from ui.scenes import tree_explorer

    game = games.load("tictactoe")
    release = {2: threading.Event(), 3: threading.Event()}

    def slow_build(root_state, algorithm, depth, game_id="", stop=None):
        release[depth].wait(30)
        return build(root_state, algorithm, depth, game_id=game_id)  # not stopped: it ends, late

    monkeypatch.setattr(tree_explorer, "build", slow_build)
    explorer = tree_explorer.TreeExplorerScene(app, game, game.initial_state(), depth=2)
    explorer.set_depth(3)
    release[3].set()
    assert app.run_frames(10 ** 6, until=lambda: explorer._built is not None, timeout=30)  # not taken yet
    release[2].set()  # the older build ends after the newest, before a frame takes the newest
    for thread in [t for t in threading.enumerate() if t.name == "tree-build"]:
        thread.join(30)
    explorer.update(0.0)
    assert not explorer.building and explorer.tree is not None and explorer.tree.depth == 3
    explorer.close()



def test_a_build_stops_when_told():
    """A build asked to stop raises at its next node instead of running on to its end."""
    from ai.game_tree import BuildStopped

    game = games.load("hex")
    visited = []
    with pytest.raises(BuildStopped):
        build(game.initial_state(), MINIMAX, 3, game_id="hex", stop=lambda: visited.append(1) or len(visited) > 50)
    assert len(visited) == 51


def test_a_tree_no_longer_wanted_stops_being_built(app, monkeypatch):
    """Depth + pressed eight times on Hex 11x11 built all eight trees side by side, each to its end
    (60,000 nodes), so the one asked for last said "too big" after 40 s instead of a few: each
    build now stops once a newer one is asked for."""
    from ui.scenes import tree_explorer

    stops = []
    monkeypatch.setattr(tree_explorer, "build", lambda *a, stop=None, **k: stops.append(stop) or None)
    monkeypatch.setattr(tree_explorer, "note_ties", lambda *a, **k: None)  # no tree was built to note
    game = games.load("hex")
    explorer = tree_explorer.TreeExplorerScene(app, game, game.initial_state(), depth=2)
    for depth in (3, 4, 5):
        explorer.set_depth(depth)
    assert _wait_for(lambda: len(stops) == 4)  # each thread imports its engines first (a while, alone)
    assert [stop() for stop in stops] == [True, True, True, False]
    explorer.close()  # its counts (Hex's minimax takes minutes) stop: not the next tests' processor



def test_the_depth_shown_is_counted_before_the_depths_passed_through(app, monkeypatch):
    """Depth + pressed twice on Hex 11x11: the counts of the depth passed through (minimax's takes
    a minute there) were made first, so the depth shown said "counting…" a minute longer."""
    import threading

    from ui.scenes import tree_explorer

    gate, counted = threading.Event(), []

    def counting(state, algorithm, depth, **kwargs):
        gate.wait(30)
        counted.append((algorithm, depth))
        return 1

    monkeypatch.setattr(tree_explorer, "count_nodes", counting)
    monkeypatch.setattr(tree_explorer, "build", lambda *a, **k: None)
    monkeypatch.setattr(tree_explorer, "note_ties", lambda *a, **k: None)  # no tree was built to note
    game = games.load("hex")
    explorer = tree_explorer.TreeExplorerScene(app, game, game.initial_state(), depth=2)
    explorer.set_depth(3)
    explorer.set_depth(4)
    gate.set()
    assert _wait_for(lambda: len(counted) == 9)
    assert counted[0][1] == 2 and {d for _a, d in counted[1:4]} == {4}  # the one under way, then depth 4's
    explorer.close()


def _wait_for(condition, seconds: float = 30.0) -> bool:
    import time

    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        time.sleep(0.01)
    return condition()


def test_a_move_opened_at_the_canvas_edge_shows_the_reply_it_searched(app):
    """Hex 11x11: j1, at the canvas's left edge, opened under the mouse with its one searched reply
    (the others cut) half a canvas to its left, out of sight: only crossed-out boxes were seen.
    The view now moves as little as it takes to show that reply, the move opened still in sight."""
    from tests.ui_helpers import click

    game = games.load("hex")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    rect, node = min(((r, n) for r, n in explorer.node_rects if n.ply == 1 and id(n) not in explorer.open),
                     key=lambda item: item[0].x)
    click(app, rect.center)
    assert id(node) in explorer.open
    drawn = {id(n): r for r, n in explorer.node_rects}
    assert id(node) in drawn and id(node.best_child) in drawn
    assert abs(drawn[id(node)].centerx - rect.centerx) < explorer.canvas.width // 2  # it moved no more than that


def test_leaving_the_tree_stops_its_build_and_its_counts(app, monkeypatch):
    """The search tree of Hex 11x11 at depth 5 left while it was being built and counted: the
    build and minimax's count went on in the background, up to their limits (a minute and more of
    the processor taken from the game the user went back to).  Leaving stops both."""
    import functools
    import threading

    from ai import game_tree
    from ui.scenes import tree_explorer

    # no limit: only the screen being left can end them
    monkeypatch.setattr(tree_explorer, "COUNT_LIMIT", 0)
    monkeypatch.setattr(tree_explorer, "build", functools.partial(game_tree.build, limit=0))
    before = set(threading.enumerate())
    game = games.load("hex")
    explorer = tree_explorer.TreeExplorerScene(app, game, game.initial_state(), depth=5)
    started = [t for t in threading.enumerate() if t not in before and t.name in ("tree-build", "tree-counts")]
    assert sorted(t.name for t in started) == ["tree-build", "tree-counts"]
    explorer.close()
    for thread in started:
        thread.join(30)
    assert not any(thread.is_alive() for thread in started)
    assert explorer.tree is None and explorer.counts == {}


def test_a_tree_is_laid_out_once_and_a_tree_built_again_is_laid_out_anew(app, monkeypatch):
    """Clicks redraw the tree without laying it out again; a new tree is laid out, even one equal
    to the last: choosing alpha-beta again on a finished game (a tree of its root alone, nothing
    open) kept the old tree's layout, whose root is not the new tree's: the drawing failed, and the
    screen's nodes were the old tree's."""
    from tests.ui_helpers import click, key
    from ui.scenes import tree_explorer

    app.open_demo("game:tictactoe:hotseat:a1,b1,a2,b2,a3")
    game = app.scene.game  # T says the game is over there: the explorer is shown the end itself
    app.show_tree(game, app.scene.shown_state())
    explorer = app.scene
    built(app, explorer)
    laid_out, lay_out = [], tree_explorer.visible_layout
    monkeypatch.setattr(tree_explorer, "visible_layout", lambda root, *rest: laid_out.append(root) or lay_out(root, *rest))
    for _ in range(3):
        click(app, explorer.node_rects[0][0].center)
    assert laid_out == [] and explorer.selected is explorer.tree.root
    key(app, pygame.K_2)
    built(app, explorer)
    assert [root is explorer.tree.root for root in laid_out] == [True]
    assert [node is explorer.tree.root for _rect, node in explorer.node_rects] == [True]
    click(app, explorer.node_rects[0][0].center)
    assert explorer.selected is explorer.tree.root


def test_t_on_a_finished_games_end_says_why_as_the_replay_does(app):
    """T on a finished game's last position opened a tree of that position alone ("depth 4", its
    Depth − building it again at each depth) where the replay says the game is over there; the
    game now says it too, its Search tree button greyed, and a move back opens the tree."""
    from tests.ui_helpers import key
    from ui import words
    from ui.scenes.tree_explorer import TreeExplorerScene

    app.open_demo("game:tictactoe:hotseat:a1,b1,a2,b2,a3")
    scene = app.scene
    key(app, pygame.K_t)
    assert app.scene is scene
    assert words.TREE_AT_THE_END in [item.text for item in scene.messages.items]
    assert not scene.btn_tree.enabled
    key(app, pygame.K_b)  # the board, the result card put away
    key(app, pygame.K_LEFT)  # one move back: O to move after a1 b1 a2 b2
    assert scene.btn_tree.enabled
    key(app, pygame.K_t)
    assert isinstance(app.scene, TreeExplorerScene)
    assert app.scene.root_state == scene.history[3].after and not app.scene.root_state.is_terminal()


def test_the_replays_search_tree_button_is_greyed_at_the_games_end_and_says_why(app):
    """The replay's T at a finished game's end says the game is over there, but its Search tree
    button stayed lit, as ready as ever, beside the greyed Next: it is greyed there, a click on it
    says why, and one move back it opens the tree."""
    from tests.ui_helpers import click, key
    from ui import words
    from ui.scenes.replay import ReplayScene
    from ui.scenes.tree_explorer import TreeExplorerScene

    app.open_demo("game:tictactoe:hotseat:a1,b1,a2,b2,a3")
    replay = ReplayScene(app, app.scene.recorder.record)
    app.switch(replay)
    app.run_frames(2)
    assert replay.ply == 5 and not replay.tree_button.enabled
    click(app, replay.tree_button.rect.center)
    assert app.scene is replay and words.TREE_AT_THE_END in [item.text for item in replay.messages.items]
    key(app, pygame.K_LEFT)
    assert replay.tree_button.enabled
    click(app, replay.tree_button.rect.center)
    assert isinstance(app.scene, TreeExplorerScene) and not app.scene.root_state.is_terminal()


def test_a_nodes_value_is_also_said_in_the_words_analysis_uses(app, monkeypatch):
    """The tree's boxes show the lesson's scale (the course's disc count squashed: -0.53 at depth 2)
    where analysis and the hint say "Black +1 disc" of the same kind of value: a student
    comparing them was puzzled.  The header says what the boxes' numbers are, and the side panel
    says the selected node's value as analysis words a search's (ui.scenes.thinking.eval_text),
    for the side it favours: here White's reply e3 to c4 leaves Black two discs behind (c4 itself is
    at most that: alpha-beta stopped there, so its words are a bound's)."""
    from tests.ui_helpers import key, recorded_text
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import eval_text

    def analysis_words(discs: int, side: int) -> str:
        return eval_text(AIProgress(0, score=discs, mover=side), ("Black", "White"), "reversi")

    app.open_demo("game:reversi:hotseat:d3,c3")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_DOWN)  # the best reply, b3
    key(app, pygame.K_RIGHT)  # c4
    assert explorer.selected.value == -0.525 and "Value ≤ -2: at most that" in " ".join(drawn)
    key(app, pygame.K_RETURN)  # open c4
    key(app, pygame.K_DOWN)  # White's reply e3
    assert explorer.selected.value == -0.525 and explorer.selected.kind == "horizon"
    assert f"Value -2: {analysis_words(2, 1)}" in drawn and analysis_words(2, 1) == "White +2 discs"
    assert ("Values from Black's side (MAX) in discs: estimates of the position at depth 2; a proven result in words"
            in drawn)

    key(app, pygame.K_ESCAPE)
    app.open_demo("game:reversi:hotseat")
    key(app, pygame.K_t)
    explorer = app.scene
    key(app, pygame.K_MINUS)  # depth 1: each of Black's first moves leaves it 4 discs to 1
    built(app, explorer)
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    assert f"Value +3: {analysis_words(3, 0)}" in drawn


@pytest.mark.parametrize(("game_id", "moves", "said"), [
    ("alquerque", "c2-c3,c4xc2", "Value -1.0: Black +1.0 pieces"),
    ("trax", "e6+,f7\\", "Value -1.1: better for Dark")])
def test_a_nodes_value_is_said_in_its_games_unit(app, monkeypatch, game_id, moves, said):
    """The tree's side panel said Alquerque's course count "Black +100" (the levels' points, 100
    a piece) and Trax's path score "Dark +2.9" with no unit: it says them as analysis does, in
    pieces, and Trax's path points, which no player counts, as the side they favour (it said
    "Dark +1.1 points": ``ai.value_words`` SIDE_ONLY), the box keeping the number."""
    from tests.ui_helpers import key, recorded_text

    app.open_demo(f"game:{game_id}:hotseat:{moves}")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert explorer.selected is explorer.tree.root and said in drawn, drawn


def test_a_solved_draw_is_said_a_draw_and_an_estimate_of_nought_even():
    """A teacher showing 3x3 to the end (depth 7 after a1 b2) read "Value 0: even" on the root,
    the word for an estimate, where the search had proved a draw; a +1 read "X wins".  A 0 whose
    best line ends in a finished game is now said "draw"; a 0 from the heuristic at the depth
    limit stays "even"."""
    from ui.scenes.tree_words import value_words

    game = games.load("tictactoe")
    state = game.play_line(["a1", "b2"])
    solved = build(state, ALPHABETA, 7, game_id="tictactoe")
    assert solved.root.value == 0 and value_words(solved.root, game, state.to_move) == "draw"
    winning = next(child for child in iter_nodes(solved.root) if child.value > 0.9 and not child.cut)
    assert winning.plies_to_end == 1 and value_words(winning, game, state.to_move) == "X wins in 1 move"
    shallow = build(state, ALPHABETA, 1, _zero)
    assert shallow.root.value == 0 and value_words(shallow.root, game, state.to_move) == "even"


@pytest.mark.parametrize(("size", "moves"), [(19, []), (15, ["h8", "h7"])])
def test_a_big_board_opens_a_tree_at_a_depth_that_fits(app, size, moves):
    """Tic-tac-toe's explorer opened at depth 4 on any board: on 15x15 and 19x19 a teacher waited
    seconds for "too big" (19x19: then seven more at depth 3).  It opens the deepest tree likely
    to fit (ai.game_tree.likely_fitting_depth), still 4 on 3x3, and Depth + goes deeper."""
    game = games.load("tictactoe", width=size, height=size, k=5)
    state = game.play_line(moves)
    app.show_tree(game, state)
    explorer = app.scene
    built(app, explorer)
    assert explorer.too_big == "" and explorer.tree is not None and 1 < explorer.depth < 4
    small = games.load("tictactoe")
    app.show_tree(small, small.initial_state())
    built(app, app.scene)
    assert app.scene.depth == app.scene.tree.depth == 4


@pytest.mark.parametrize(("game_id", "options", "deepest", "limit"), [
    pytest.param("hex", {"size": 19, "swap": True}, 2, NODE_LIMIT, marks=pytest.mark.slow),  # depth 2: 124,392 nodes
    ("hex", {"size": 19, "swap": False}, 2, NODE_LIMIT),  # depth 2: 1,612 nodes
    ("hex", {"size": 11, "swap": True}, 2, 5_000),  # depth 2: 13,628 nodes; without the swap 536
    ("hex", {"size": 11, "swap": False}, 2, 5_000),
    ("tictactoe", {"width": 7, "height": 6, "k": 4}, 4, NODE_LIMIT),  # depth 4: 5,236 nodes
    ("tictactoe", {"width": 7, "height": 6, "k": 4}, 4, 2_000),  # depth 3: 1,848 nodes
    ("trax", {}, 2, NODE_LIMIT),
    ("rastros", {}, 2, NODE_LIMIT),
])
def test_the_tree_opens_at_the_deepest_depth_that_builds_within_the_limit(game_id, options, deepest, limit):
    """Hex 19x19 with the swap rule opened at depth 2, estimated at 722 nodes from its 361 moves a
    ply, where alpha-beta's tree has 124,392: the swap, last of the replies, answers every first
    move, so nothing is cut before it, and the explorer said "too big".  The depth chosen builds
    within the limit, and the next one deeper, where it is not the deepest asked for, does not:
    without the swap, Hex's depth 2 tree fits, and is chosen."""
    state = games.load(game_id, **options).initial_state()
    depth = likely_fitting_depth(state, deepest, limit, game_id=game_id)
    assert build(state, ALPHABETA, depth, game_id=game_id, limit=limit).nodes <= limit
    if depth < deepest:
        with pytest.raises(TreeTooBig):
            count_nodes(state, ALPHABETA, depth + 1, game_id=game_id, limit=limit)


@pytest.mark.slow
def test_hex_19x19_opens_at_depth_1_with_the_swap_and_at_depth_2_without():
    """The explorer opened Hex 19x19 with the swap rule at depth 2 and said "too big" (124,392
    nodes); without the swap its depth 2 tree (1,612 nodes) fits."""
    from ui.scenes.tree_explorer import default_depth

    for swap, depth in ((True, 1), (False, 2)):
        assert default_depth("hex", games.load("hex", size=19, swap=swap).initial_state()) == depth


def test_a_tree_searched_to_the_end_says_its_values_are_exact(app, monkeypatch):
    """3x3 after a1 b2 at depth 7: every line reaches the game's end, yet the header said "between
    them the course's estimate" and the legend "analysis searches deeper, so its values can differ"
    (there is nothing deeper): a teacher showing that minimax solves tic-tac-toe had to explain the
    screen away.  Such a tree now says its values are exact; at depth 4 the old notes stay."""
    from tests.ui_helpers import key

    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    said = redrawn(app, drawn)
    assert explorer.depth == 4 and "estimates of the position at depth 4" in said and "analysis searches deeper" in said
    for _ in range(3):
        key(app, pygame.K_PLUS)
    built(app, explorer)
    said = redrawn(app, drawn)
    assert explorer.depth == 7 and explorer.tree.to_the_end
    assert "who wins, or a draw, every line searched to the game's end" in said
    assert "these values are exact" in said or "Searched to the end: exact values" in said  # the short form where the panel is short
    assert "estimate" not in said and "analysis searches deeper" not in said


def test_minimax_too_big_to_draw_says_its_search_reaches_every_end_as_alpha_beta_does(app, monkeypatch):
    """The empty 3x3 board at depth 9: alpha-beta's header said "every line searched to the game's
    end", minimax's "between them an estimate of the position at depth 9" (its tree is too big to
    draw, and the header read only a drawn tree).  Every line of a full-width tree of depth 9 ends
    the game (nine squares), so both say so; at depth 8, which stops short, minimax's header says
    its tree is too big (it named estimates no tree showed).
    The header's words come from the build (``every_line_ends`` where the tree is too big), not
    from the node counts beside them, which this test holds: minimax's at depths 9 and 8 (half a
    million positions each) ran in their thread beside the builds, and took most of its time."""
    from tests.ui_helpers import key, recorded_text
    from ui.scenes import tree_explorer

    monkeypatch.setattr(tree_explorer.TreeExplorerScene, "_start_counting", lambda self: None)  # "counting…" stays
    explorer = empty_board_at_depth_9(app)
    drawn = recorded_text(monkeypatch)
    to_the_end = "who wins, or a draw, every line searched to the game's end"
    for algorithm in (pygame.K_1, pygame.K_2, pygame.K_1):
        key(app, algorithm)
        built(app, explorer)
        said = redrawn(app, drawn)
        assert explorer.depth == 9 and to_the_end in said and "estimate" not in said, said
    assert explorer.tree is None and "too big" in said and not explorer.btn_more.enabled
    key(app, pygame.K_MINUS)
    built(app, explorer)
    said = redrawn(app, drawn)
    assert explorer.depth == 8 and "the tree is too big at depth 8" in said and to_the_end not in said
    assert "estimate" not in said, said


def test_every_line_ends_within_a_depth_only_where_no_line_goes_on():
    start = games.load("tictactoe").initial_state()
    assert every_line_ends(start, 9) and not every_line_ends(start, 8)
    assert every_line_ends(start.game.play_line(["a2"]), 8) and not every_line_ends(start.game.play_line(["a2"]), 7)
    assert not every_line_ends(start, 9, limit=100)  # past its limit nobody can tell: not claimed


def test_the_count_under_a_closed_node_does_not_read_as_a_value(app, monkeypatch):
    """The count of a closed node's moves read "+6" under a box's "+0.10" (drawn in turn: "+1 +5
    +1 +5 0 -1 +4"), and a class took it for a second minimax value.  It reads "6 moves" where
    that fits, and never with a sign."""
    import re

    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    redrawn(app, drawn)
    closed = [node for node in iter_nodes(explorer.tree.root)
              if node.children and id(node) not in explorer.open and any(node is n for _r, n in explorer.node_rects)]
    assert closed and all(f"{len(node.children)} moves" in drawn for node in closed)
    values = {explorer.box_text(node) for _rect, node in explorer.node_rects}
    assert not any(re.fullmatch(r"\+\d+", text) and text not in values for text in drawn)


def test_depth_plus_stops_once_every_line_reaches_the_end_and_says_so(app):
    """3x3 after a1 b2: the tree of depth 7 reaches the game's end on every line, yet Depth + went
    on to 8 and 9, building the same tree again.  It stays at 7 now, the button off, and + says why."""
    from tests.ui_helpers import key

    app.open_demo("game:tictactoe:hotseat:a1,b2")
    key(app, pygame.K_t)
    explorer = app.scene
    explorer.set_depth(7)
    built(app, explorer)
    assert explorer.tree.to_the_end and not explorer.btn_more.enabled
    key(app, pygame.K_PLUS)
    explorer.btn_more.action()  # as a click would, were the button not off
    assert explorer.depth == 7 and explorer.tree is not None and not explorer.building
    assert "reaches the game's end" in " ".join(item.text for item in explorer.messages.items)
    key(app, pygame.K_MINUS)  # a tree that stops short of the end goes deeper again
    built(app, explorer)
    assert not explorer.tree.to_the_end and explorer.btn_more.enabled
    key(app, pygame.K_PLUS)
    assert explorer.depth == 7


def test_depth_minus_and_plus_at_their_ends_say_why(app, monkeypatch):
    """Depth − at depth 1 and Depth + at the deepest did nothing, the key as the greyed button's
    click, and a player could not tell them from broken ones: each says why.  (The deepest is
    made 2 here, a Reversi opening's tree at 9 being too slow to build in a test.)"""
    from tests.ui_helpers import click, key
    from ui.scenes import tree_explorer

    def said() -> str:
        return " ".join(item.text for item in explorer.messages.items)

    app.open_demo("game:reversi:hotseat")
    key(app, pygame.K_t)
    explorer = app.scene
    explorer.set_depth(1)
    built(app, explorer)
    assert not explorer.btn_less.enabled
    click(app, explorer.btn_less.rect.center)
    assert explorer.depth == 1 and "Depth 1 is the shallowest tree" in said()
    monkeypatch.setattr(tree_explorer, "MAX_DEPTH", 2)
    key(app, pygame.K_PLUS)
    built(app, explorer)
    assert explorer.depth == 2 and not explorer.tree.to_the_end and not explorer.btn_more.enabled
    explorer.messages.items.clear()
    key(app, pygame.K_PLUS)
    assert explorer.depth == 2 and not explorer.building and said() == "The tree goes no deeper than depth 2"
    explorer.messages.items.clear()
    click(app, explorer.btn_more.rect.center)
    assert explorer.depth == 2 and said() == "The tree goes no deeper than depth 2"


def test_alpha_beta_from_the_empty_board_counts_the_published_nodes_in_the_courses_order(app, monkeypatch):
    """AIMA's alpha-beta tries tic-tac-toe's squares row by row; the explorer tried them from the
    centre out, as our rules list them, and said 11,758 where AIMA's code visits 18,297 positions
    from the empty board.  The explorer's wins count their plies (``end_value``: a quicker win
    is worth more, so fewer cut-offs than AIMA's equal +1s allow), and in AIMA's order it visits
    20,866 (18,297 was this test's figure before that).  Minimax's 549,946 depends on neither."""
    from tests.ui_helpers import key, recorded_text

    explorer = empty_board_at_depth_9(app)
    key(app, pygame.K_2)
    built(app, explorer)
    assert explorer.depth == 9 and explorer.algorithm == ALPHABETA
    drawn = recorded_text(monkeypatch)
    assert app.run_frames(10 ** 6, until=lambda: "counting" not in redrawn(app, drawn), timeout=120)
    counts = redrawn(app, drawn)
    assert "Alpha-beta: 20,866 nodes" in counts and "Minimax: 549,946 nodes" in counts
    assert explorer.tree.nodes == 20_866


def test_a_bound_reads_as_one_in_its_box_and_in_the_side_panel(app, monkeypatch):
    """A class compared the alpha-beta tree with minimax's and the board's "L4": c2 read "-0.64"
    in alpha-beta's tree and "-1" in minimax's.  Its box now reads "≤-15" (X +15 points at most:
    the game's unit), the side panel says it is only a bound, and minimax's tree, whose every value
    is exact, has no sign (c2 loses there: "X wins")."""
    from tests.ui_helpers import click, key, recorded_text

    app.open_demo("game:tictactoe:hotseat:b2,a1,c3")
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    c2 = explorer.root_state.game.parse_move(explorer.root_state, "c2")
    rect = next(r for r, n in explorer.node_rects if n.ply == 1 and n.move == c2)
    click(app, rect.center)
    texts = redrawn(app, drawn)
    assert "≤-15" in drawn and "Value ≤ -15: at most that" in texts
    key(app, pygame.K_1)  # minimax
    built(app, explorer)
    texts = redrawn(app, drawn)
    assert "≤" not in texts and "≥+" not in texts
    assert [n.value for r, n in explorer.node_rects if n.ply == 1 and n.move == c2] == [end_value(False, 4)]
    assert "X wins in 3" in drawn  # c2: X wins 3 plies after it


def test_the_readme_says_which_tic_tac_toe_trees_reach_the_end_as_the_explorer_builds_them():
    """README said "Tic-tac-toe trees are exact to the end of the game", yet the explorer opens
    them at four plies with the heuristic's estimates at the limit.  It now says that, and which
    trees + takes to the end on 3x3, with their node counts: these."""
    from pathlib import Path

    from ui.scenes.tree_explorer import MAX_DEPTH, default_depth

    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").split())
    assert "exact to the end of the game" not in readme
    game = games.load("tictactoe")
    start = game.initial_state()
    assert default_depth("tictactoe", start) == 4 and not build(start, ALPHABETA, 4, game_id="tictactoe").to_the_end
    assert MAX_DEPTH == 9
    for algorithm in (ALPHABETA, ORDERED):
        tree = build(start, algorithm, 9, game_id="tictactoe")
        assert tree.to_the_end and "from the empty board" in readme and f"{tree.nodes:,}" in readme, algorithm
    with pytest.raises(TreeTooBig):
        build(start, MINIMAX, 9, game_id="tictactoe")
    assert f"{count_nodes(start, MINIMAX, 9, game_id='tictactoe'):,}" in readme
    for first in ("a1", "b2"):  # a corner, the centre
        assert build(game.play_line([first]), MINIMAX, 8, game_id="tictactoe").to_the_end, first
    with pytest.raises(TreeTooBig):  # an edge
        build(game.play_line(["a2"]), MINIMAX, 8, game_id="tictactoe")
    assert f"{count_nodes(game.play_line(['a2']), MINIMAX, 8, game_id='tictactoe'):,}" in readme
    assert build(game.play_line(["a2", "a1"]), MINIMAX, 7, game_id="tictactoe").to_the_end


@pytest.mark.parametrize("presses", (0, 2))  # the usual text size, and Larger (Ctrl+= twice)
def test_a_bound_keeps_a_gap_from_the_boxs_triangle_and_edge_at_every_text_size(app, monkeypatch, presses):
    """At Larger text "≤-0.73" sat against its box's triangle (1 px of the glyph's side bearing
    between them): every value now stands 4 px (at scale) clear of the triangle, and clear of
    the right edge, the box widened to the widest value's room."""
    from tests.ui_helpers import key, recorded_text_rects
    from ui.scenes.tree_drawing import TRIANGLE_CENTRE, TRIANGLE_HALF

    app.open_demo("game:tictactoe:hotseat:b2,a1,c3")
    for _ in range(presses):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    key(app, pygame.K_t)
    key(app, pygame.K_2)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    gap, edge_gap = int(4 * explorer.scale), max(2, int(2 * explorer.scale))  # the old boxes left 4 px at Larger's 1.25
    boxes = [rect for rect, node in explorer.node_rects if not node.cut]
    bounds = [(text, rect) for text, rect in drawn if text.startswith(("≤", "≥"))]
    assert bounds
    for text, rect in drawn:
        box = next((b for b in boxes if b.contains(rect)), None)
        if box is None:
            continue
        triangle_right = box.x + int(TRIANGLE_CENTRE * explorer.scale) + int(TRIANGLE_HALF * explorer.scale)
        assert rect.left - triangle_right >= gap and box.right - rect.right >= edge_gap, (text, rect, box)
    assert all(any(b.contains(rect) for b in boxes) for _, rect in bounds)


def random_reversi_line(empties: int, seed: int = 3) -> tuple[list[str], object]:
    """A Reversi game of random legal moves down to ``empties`` empty squares: its moves in
    notation and the position they reach (a position the endgame solver proves at once)."""
    import random

    game, rng, moves = games.load("reversi"), random.Random(seed), []
    state = game.initial_state()
    while state.empties() > empties:
        move = rng.choice(state.legal_moves())
        moves.append(game.format_move(state, move))
        state = state.play(move)
    return moves, state


def test_a_position_analysis_proved_says_so_at_the_root(app, monkeypatch):
    """Reversi with few empties, analysis on (A) and the position proven: the tree (T) read
    "Value +0.23: Black +4 discs" at the root, a depth 2 estimate, and nothing said the position
    was known.  The root now says analysis's proof over its value, in the panel's words, and its
    box reads the proof ("Black wins by 8", ``proof_verdict``), not the estimate."""

    from tests.ui_helpers import key, recorded_text, wait
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene
    from ui.scenes.thinking import proven_text
    from ui.scenes.tree_words import proof_verdict

    moves, state = random_reversi_line(10)
    scene = GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), moves)
    app.switch(scene)
    key(app, pygame.K_a)
    assert wait(app, lambda: (line := scene.analysis.best_line()) is not None and line.proven is not None, 120)
    line = scene.analysis.best_line()
    proof, verdict = proven_text(line, state.game.sides), proof_verdict(line, state.game.sides)
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    app.invalidate()
    app.run_frames(2)
    assert explorer.selected is explorer.tree.root and f"Analysis: {proof}" in " ".join(drawn), drawn  # wrapped
    assert explorer.box_text(explorer.tree.root) == verdict and verdict in drawn and " wins" in verdict
    key(app, pygame.K_DOWN)  # a node below the root: the proof is the root's alone
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    assert explorer.selected is not explorer.tree.root and "Analysis: " not in " ".join(drawn), drawn


def test_the_quick_counts_are_shown_while_minimax_still_counts(app, monkeypatch):
    """On 7x6 four in a row after d3 d4 at depth 4 minimax's count (two million positions, minutes)
    was made before ordered alpha-beta's (a few thousand), so a class comparing alpha-beta with its
    ordered moves read "counting…" beside it for minutes.  The quick counts come first: here (3x3,
    T pressed in a game) minimax's count is held as long as the test looks, and the ordered count
    is shown meanwhile (qa109)."""
    import threading

    from tests.ui_helpers import key
    from ui.scenes import tree_explorer

    release, real = threading.Event(), tree_explorer.count_nodes

    def counting(state, algorithm, depth, **kwargs):
        if algorithm == MINIMAX:
            release.wait(300)  # minimax's minutes of counting, until the test has looked
            return 1
        return real(state, algorithm, depth, **kwargs)

    monkeypatch.setattr(tree_explorer, "count_nodes", counting)
    app.open_demo("game:tictactoe:hotseat:b2")
    key(app, pygame.K_t)
    explorer = app.scene
    try:
        built(app, explorer)
        depth = explorer.depth
        assert app.run_frames(10 ** 6, until=lambda: (ORDERED, depth) in explorer.counts, timeout=60)
        assert (MINIMAX, depth) not in explorer.counts  # still counting: the quick ones did not wait for it
        minimax, alphabeta, ordered = explorer._counts_line().split("·")
        assert "counting" in minimax and "counting" not in alphabeta and "counting" not in ordered
    finally:
        release.set()
        explorer.close()


def test_a_bound_at_the_window_says_the_other_side_has_as_good_elsewhere(app, monkeypatch):
    """Tic-tac-toe 4x4 (k=3), alpha-beta at depth 4: d4 reads "≤+41", MAX having +41 already
    (b2).  The side panel said "MAX has better elsewhere", and the class asked what was better
    than +41: alpha-beta stops at a tie too (AIMA's v ≤ α), so the words say "as good or better"."""
    from tests.ui_helpers import key, recorded_text
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, HOTSEAT, (None, None), 1.0), [])
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_DOWN)  # the best move, b2 (+41)
    for _ in range(15):  # Right along its siblings to the last, d4
        key(app, pygame.K_RIGHT, frames=1)
    node = explorer.selected
    assert explorer.root_state.game.format_move(explorer.root_state, node.move) == "d4"
    assert node.bound == -1 and node.value == node.alpha  # at most what MAX has elsewhere: a tie
    texts = redrawn(app, drawn)
    assert "Value ≤ +41: at most that; MAX has as good or better elsewhere" in texts, texts
    assert "MAX has better elsewhere" not in texts


def test_a_tree_too_big_for_alpha_beta_points_to_ordered_where_it_fits(app, monkeypatch):
    """Hex 19x19 opened on Alpha-beta at depth 2 and said only "too big ... choose a smaller
    depth", while the line above it counted Ordered's tree at that depth at 1,083 nodes: a player
    went down to depth 1, a bare list of moves.  Where Ordered's count fits, the message says so;
    Ordered (3) then builds it.  Here 3x3 after a1 b2 stands in, its Alpha-beta tree refused."""
    from ai.game_tree import ALPHABETA, ORDERED, TreeTooBig
    from tests.ui_helpers import key, wait
    from ui.scenes import tree_explorer

    real_build = tree_explorer.build

    def refused_but_ordered(state, algorithm, depth, *args, **kwargs):
        if algorithm != ORDERED:
            raise TreeTooBig(60_000)
        return real_build(state, algorithm, depth, *args, **kwargs)

    monkeypatch.setattr(tree_explorer, "build", refused_but_ordered)
    explorer, drawn = explorer_after_a1_b2(app, monkeypatch)
    assert explorer.algorithm == ALPHABETA and explorer.tree is None
    assert wait(app, lambda: explorer.counts.get((ORDERED, explorer.depth)) is not None, 60)
    said = redrawn(app, drawn)
    fits = explorer.counts[(ORDERED, explorer.depth)]
    assert "choose a smaller depth" in said and f"Ordered (3) builds it with {fits:,} nodes." in said, said
    key(app, pygame.K_3)
    built(app, explorer)
    assert explorer.algorithm == ORDERED and explorer.tree is not None
    assert "builds it with" not in redrawn(app, drawn)
