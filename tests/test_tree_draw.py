"""The search tree explorer draws only what can be seen of a wide open tree, and the same pixels
as drawing all of it: panned over Tic-tac-toe's tree with every node open, each frame drew every
edge of thousands (80 ms a frame: panning and the keys lagged)."""

from __future__ import annotations

import math

import pygame
import pytest

import games
from ai.game_tree import ORDERED, Node
from tests.ui_helpers import words_in

PLACES = [[], [pygame.K_DOWN], [pygame.K_RIGHT] * 3, [pygame.K_RIGHT] * 12, [pygame.K_UP], [pygame.K_LEFT] * 7]


def _open_everything(app, line: str, minimax: bool = True, depth: int = 4):
    """The explorer on Tic-tac-toe after ``line``, minimax (key 1) or alpha-beta, to ``depth``
    (from 4, key + as often as it takes), with every node that has moves open."""
    from tests.test_tree import built
    from tests.ui_helpers import key

    app.open_demo(f"game:tictactoe:hotseat:{line}")
    key(app, pygame.K_t)
    explorer = app.scene
    for pressed in [pygame.K_1] * minimax + [pygame.K_PLUS] * (depth - 4):
        key(app, pressed)
    built(app, explorer)
    explorer.open.update(id(node) for node in _open_part(explorer.tree.root, None))
    app.invalidate()
    app.run_frames(2)
    return explorer


def _open_part(root: Node, open_ids: set[int] | None) -> list[Node]:
    """The nodes with moves under ``root`` that are open (all of them when ``open_ids`` is None)."""
    found, waiting = [], [root]
    while waiting:
        node = waiting.pop()
        if node.children and (open_ids is None or id(node) in open_ids):
            found.append(node)
            waiting.extend(node.children)
    return found


def _lines_drawn(app, monkeypatch, act) -> list[tuple[pygame.Surface, tuple[int, int], tuple[int, int], int]]:
    """(surface, start, end, width) of each line the tree's drawing draws while ``act()`` runs
    (plain or smooth: ``pygame.draw.aaline``, one pixel wide): the screen's (ui.scenes.tree_explorer)
    and the picture's (ui.scenes.tree_drawing's ``tree_picture``)."""
    from ui.scenes import tree_drawing, tree_explorer

    lines, draw_line, draw_aaline, draw_tree = [], pygame.draw.line, pygame.draw.aaline, tree_drawing.draw_tree

    def recording(surface, colour, start, end, width=1):
        lines.append((surface, tuple(start), tuple(end), width))
        return draw_line(surface, colour, start, end, width)

    def recording_smooth(surface, colour, start, end, *args):
        lines.append((surface, tuple(start), tuple(end), 1))
        return draw_aaline(surface, colour, start, end, *args)

    def recorded(*args, **kwargs):
        monkeypatch.setattr(pygame.draw, "line", recording)
        monkeypatch.setattr(pygame.draw, "aaline", recording_smooth)
        try:
            return draw_tree(*args, **kwargs)
        finally:
            monkeypatch.setattr(pygame.draw, "line", draw_line)
            monkeypatch.setattr(pygame.draw, "aaline", draw_aaline)

    drawers = (tree_explorer, tree_drawing)
    for drawer in drawers:
        monkeypatch.setattr(drawer, "draw_tree", recorded)
    try:
        act()
    finally:
        for drawer in drawers:
            monkeypatch.setattr(drawer, "draw_tree", draw_tree)
    return lines


def _pan(app, arrows: list[int]) -> None:
    from tests.ui_helpers import key

    for arrow in arrows:
        key(app, arrow, pygame.KMOD_SHIFT, frames=1)


def _one_frame(app) -> None:
    app.invalidate()
    app.run_frames(1)


def test_a_wide_open_tree_draws_no_edge_out_of_sight(app, monkeypatch):
    """Every line the canvas is drawn with reaches into it (with its stroke's width): an edge
    between two nodes both off one side of the canvas is not drawn, nor its cross."""
    explorer = _open_everything(app, "b2")
    for arrows in PLACES:
        _pan(app, arrows)
        lines = _lines_drawn(app, monkeypatch, lambda: _one_frame(app))
        assert lines and explorer.node_rects
        away = [(start, end) for _surface, start, end, width in lines
                if not pygame.Rect(min(start[0], end[0]), min(start[1], end[1]), abs(start[0] - end[0]) + 1,
                                   abs(start[1] - end[1]) + 1).inflate(2 * width, 2 * width).colliderect(explorer.canvas)]
        assert not away, f"{len(away)} of {len(lines)} lines drawn out of sight, as {away[0]}"


def _wide_root(app):
    """The explorer (alpha-beta, depth 4) on Tic-tac-toe 7x6, four in a row, after d3 d4 c3 e3:
    38 first moves, far more than the canvas holds across."""
    from tests.test_tree import built
    from tests.ui_helpers import key
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HOTSEAT, (None, None), 1.0),
                   ["d3", "d4", "c3", "e3"])
    app.run_frames(2)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    _one_frame(app)
    return explorer


def test_a_wide_node_draws_edges_to_its_moves_in_sight_and_one_more_each_side(app, monkeypatch):
    """Of the root's 38 moves, those whose boxes are on the canvas get an edge, and the nearest
    hidden one on each side gets one that runs off the canvas's edge (more lie that way): an edge
    to each of the 25 hidden moves ran off almost flat, a grey hatched band over the moves' names."""
    explorer = _wide_root(app)
    root = explorer.tree.root
    lines = _lines_drawn(app, monkeypatch, lambda: _one_frame(app))
    root_box = next(rect for rect, node in explorer.node_rects if node is root)
    from_root = [line for line in lines if line[1][1] == root_box.bottom and abs(line[1][0] - root_box.centerx) <= 1]
    moves_in_sight = sum(node in root.children for _rect, node in explorer.node_rects)
    assert len(root.children) == 38 and 0 < moves_in_sight < 38
    assert moves_in_sight <= len(from_root) <= moves_in_sight + 2


def test_the_edges_are_drawn_smooth(app):
    """A shallow edge is drawn with soft edges (shades between its colour and the canvas's, as a
    smoothed line has) rather than as a staircase of whole pixels: the root's edges to its far
    moves, side by side, read as a hatched band."""
    from ui.widgets import mix

    explorer = _wide_root(app)
    theme = explorer.theme
    canvas = mix(theme.panel, theme.background, 0.4)
    edge = mix(theme.text, theme.background, 0.5)
    root_box = next(rect for rect, node in explorer.node_rects if node is explorer.tree.root)
    band = pygame.Rect(explorer.canvas.x, root_box.bottom + 2, root_box.centerx - explorer.canvas.x - 40, 30)
    shades = {tuple(app.screen.get_at((x, y)))[:3] for x in range(band.left, band.right)
              for y in range(band.top, band.bottom)}
    between = [c for c in shades if c not in (tuple(canvas), tuple(edge))
               and all(min(a, b) < v < max(a, b) for v, a, b in zip(c, canvas, edge) if a != b)]
    assert len(between) >= 5, f"only {len(between)} soft shades between the edge's colour and the canvas's"


def _canvas_pixels(app, explorer, scroll: int) -> bytes:
    """The canvas's pixels with the explorer's tree drawn as the screen draws it (on a surface of
    the window's size, clipped to the canvas), panned ``scroll`` pixels, not rounded to columns."""
    from ui.scenes.tree_drawing import draw_tree

    surface = pygame.Surface(app.screen.get_size())
    surface.fill((0, 0, 0))
    surface.set_clip(explorer.canvas)
    draw_tree(surface, explorer, explorer.canvas, scroll, explorer.first_ply)
    return pygame.image.tobytes(surface.subsurface(explorer.canvas), "RGB")


@pytest.mark.parametrize(("minimax", "depth"), [(True, 4), (False, 7)], ids=["minimax-4", "alpha-beta-7"])
def test_the_canvas_shows_the_same_pixels_as_when_every_edge_was_drawn(app, monkeypatch, minimax, depth):
    """At each place the view is panned to (and at every other pixel of a column's width beside it,
    so that edges and crosses meet the canvas's sides at every angle and distance), the canvas's
    pixels are those of the same tree drawn with every edge of the open tree, as it was before:
    each edge, cross and name that reaches into the canvas is drawn, in the same order.  Minimax's
    tree is wide; alpha-beta's, eight plies deep, scrolls down and has crossed-out moves."""
    from ui.scenes import tree_drawing
    from ui.scenes.tree_drawing import node_metrics

    explorer = _open_everything(app, "b2", minimax, depth)

    def every_edge(index, place, seen, reach):  # as the tree was drawn before: each open node's, in order
        return [(0, node_id, id(child)) for node_id, (node, _x, _ply) in index.layout.items()
                if node_id in explorer.open for child in node.children]

    in_sight = tree_drawing.edges_in_sight
    step = node_metrics(explorer.scale)[2]
    for arrows in PLACES:
        _pan(app, arrows)
        for scroll in range(explorer.scroll - step // 2, explorer.scroll + step // 2, 2):
            shown = _canvas_pixels(app, explorer, scroll)
            monkeypatch.setattr(tree_drawing, "edges_in_sight", every_edge)
            every = _canvas_pixels(app, explorer, scroll)
            monkeypatch.setattr(tree_drawing, "edges_in_sight", in_sight)
            assert shown == every, f"the canvas differs after {arrows}, panned {scroll} pixels"


def test_the_picture_keeps_every_edge_of_the_open_tree(app, monkeypatch, tmp_path):
    """P saves the whole open tree: each open node's edge to each of its moves, and two strokes
    crossing out each move alpha-beta cut."""
    from tests.ui_helpers import key

    monkeypatch.setenv("TABULEIRO_DATA_DIR", str(tmp_path))
    explorer = _open_everything(app, "b2,a1", minimax=False)
    lines = [line for line in _lines_drawn(app, monkeypatch, lambda: key(app, pygame.K_p))
             if line[0].get_size() != app.screen.get_size()]  # the picture's, not the screen's
    edges = [child for node in _open_part(explorer.tree.root, explorer.open) for child in node.children]
    assert any(child.cut for child in edges)
    assert len(lines) == len(edges) + 2 * sum(child.cut for child in edges)
    assert list(tmp_path.rglob("*tree*.png"))


def test_the_tree_opening_figure_is_taken_once_the_built_tree_is_on_screen(monkeypatch):
    """``analysis_bench``'s tree figure stops its clock after a frame that showed the built tree's
    nodes: it timed the "Building the tree…" screen, drawn before the build's thread had ended."""
    import time
    from types import SimpleNamespace

    from ui import analysis_bench
    from ui.scenes.tree_explorer import TreeExplorerScene

    shown = []  # for each drawing of the explorer: the nodes it showed
    draw = TreeExplorerScene.draw

    def drawing(scene, surface):
        draw(scene, surface)
        shown.append(len(scene.node_rects))

    readings = []  # for each reading of the bench's clock: the drawings made until then

    def reading() -> float:
        readings.append(list(shown))
        return time.perf_counter()

    monkeypatch.setattr(TreeExplorerScene, "draw", drawing)
    monkeypatch.setattr(analysis_bench, "time", SimpleNamespace(perf_counter=reading, monotonic=time.monotonic))
    analysis_bench.tree_open_seconds()
    assert readings[-1] and readings[-1][-1] > 0, f"the clock stopped after drawings showing {readings[-1]} nodes"


def _explorer_opened(app, size: tuple[int, int], demo: str):
    """The explorer opened (T) on the game ``demo`` names in a window of ``size``, not built yet."""
    from tests.ui_helpers import key

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    app.open_demo(demo)
    app.run_frames(2)
    key(app, pygame.K_t)
    return app.scene


def _explorer_on(app, size: tuple[int, int]):
    """The explorer on Alquerque after c2-c3 (its root's value lines as many as a node has) in a
    window of ``size``, built and drawn."""
    from tests.test_tree import built

    explorer = _explorer_opened(app, size, "game:alquerque:hotseat:c2-c3")
    built(app, explorer)
    return explorer


def test_the_legend_says_what_the_count_under_a_closed_node_is(app, monkeypatch):
    """"+37" under a node was the one mark the legend did not explain."""
    from tests.ui_helpers import recorded_text

    explorer = _explorer_on(app, (1280, 800))
    drawn = recorded_text(monkeypatch)
    explorer.draw(app.screen)
    assert "The count under a node: its moves, not opened yet" in drawn


def test_the_legend_stays_in_its_panel_in_portuguese_in_the_smallest_window(app, monkeypatch):
    """At 800x560 in Portuguese the legend's lines fill the side panel: a line that does not fit
    whole is left out rather than run over the panel's edge."""
    from tests.ui_helpers import recorded_text_rects

    with words_in("pt"):
        explorer = _explorer_on(app, (800, 560))
        drawn = recorded_text_rects(monkeypatch)
        explorer.draw(app.screen)
    legend = [(text, rect) for text, rect in drawn if rect.top > explorer.side.top + explorer.side.width]
    assert any(text.startswith("Setas") for text, _rect in legend), [text for text, _rect in legend]
    outside = [text for text, rect in legend if not explorer.side.contains(rect)]
    assert not outside, f"drawn over the panel's edge: {outside}"


def test_the_legend_takes_its_items_short_forms_before_leaving_any_out():
    """A legend item with a shorter form (the depth note) is whole where the rows allow, short
    where they do not, and only then are the last items left out."""
    from ui import text as tx
    from ui.scenes.tree_panel import legend_lines

    note = ("Values of a depth 2 search; analysis searches deeper, so its values can differ", "Depth 2 values")
    items = [("MAX picks the highest",), note, ("The count under a node",)]
    width = tx.ui_font(13).size("MAX picks the highest value")[0]
    whole = len(tx.wrap(note[0], 13, width))
    assert whole > 1 and len(tx.wrap(note[1], 13, width)) == 1
    assert legend_lines(items, 13, width, 2 + whole)[1] == tx.wrap(note[0], 13, width)
    assert [lines[0] for lines in legend_lines(items, 13, width, 3)] == ["MAX picks the highest", note[1], items[2][0]]
    assert [lines[0] for lines in legend_lines(items, 13, width, 2)] == ["MAX picks the highest", note[1]]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_legend_says_the_boxes_values_are_shallower_than_analysis(app, monkeypatch, language):
    """QA was puzzled: a box's value (a depth 2 search) was not the one analysis showed on the
    board (a deeper search), and the legend had no room to say why.  Its note says it at 1280x800
    and at 800x600, in its short form where the whole does not fit, its lines overlapping no other
    line of the legend and inside the side panel."""
    from tests.ui_helpers import key, recorded_text_rects
    from ui import i18n
    from ui.scenes.tree_words import DEPTH_NOTE, DEPTH_NOTE_SHORT

    with words_in(language):
        drawn = recorded_text_rects(monkeypatch)
        for size in ((1280, 800), (800, 600)):
            explorer = _explorer_on(app, size)
            first = len(drawn)
            explorer.draw(app.screen)
            notes = [i18n._(form).format(n=explorer.depth) for form in (DEPTH_NOTE, DEPTH_NOTE_SHORT)]
            legend = [(text, rect) for text, rect in drawn[first:] if rect.top > explorer.side.top + explorer.side.width]
            said = " ".join(text for text, _rect in legend)
            assert any(note in said for note in notes), (size, said)
            rects = [rect for _text, rect in legend]
            assert all(explorer.side.contains(rect) for rect in rects), size
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), size
            key(app, pygame.K_ESCAPE)  # back to the game


def test_a_boxs_estimate_that_rounds_to_nought_reads_0():
    """A box wrote a value under half its last decimal "+0.00" (or "-0.00"): nought reads "0"
    there as on analysis' marks, a tiny estimate rounds to it, the others keep their sign, and a
    node never searched reads "?".  In Alquerque's pieces (one decimal) and in a course
    heuristic's own number where it has no unit (Rastros' Basilio, ``box_unit``)."""
    from ui.scenes.tree_words import node_value_text

    def box(game_id: str, estimate: float | None) -> str:
        game = games.load(game_id)
        value = None if estimate is None else math.copysign(0.1, estimate) if estimate else 0.0
        return node_value_text(Node(game.initial_state(), kind="horizon", value=value, estimate=estimate), game, 0)

    assert [box("alquerque", v) for v in (0.0, 0.004, -0.004, -0.04)] == ["0", "0", "0", "0"]
    assert [box("alquerque", v) for v in (1.0, -1.0, 0.42, -0.3, None)] == ["+1.0", "-1.0", "+0.4", "-0.3", "?"]
    assert [box("rastros", v) for v in (0.0, 3.0, -2.0, 0.42)] == ["0", "+3", "-2", "+0.42"]
    game = games.load("reversi")
    assert node_value_text(Node(game.initial_state(), value=math.inf), game, 0) == "?"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_legend_says_in_which_order_the_moves_are_tried(app, monkeypatch, language):
    """The explorer did not say in which order it tries moves, which decides what alpha-beta cuts:
    on 3x3 Tic-tac-toe AIMA's row by row (``course_moves``), on Alquerque the game's own order,
    and best first once "Ordered" is chosen (key 3).  Said in the legend in the smallest window
    (800x500 asked, the window keeps 800x560), inside the side panel, once the solver has answered
    (``ui.tree_proofs``): on 3x3 it proves the root, and its line "Solver: proven: draw" over the
    node's value took the legend's last rows, the order's note with them (``side_board``)."""
    from tests.test_tree import built_and_proved
    from tests.ui_helpers import key, recorded_text_rects
    from ui import i18n
    from ui.scenes.tree_words import ORDER_NOTES, PROVEN_MARK_NOTE

    def legend_after(demo: str, *keys: int) -> tuple[str, str]:
        """The legend's words and the whole side panel's, on ``demo`` after ``keys``."""
        app.open_demo(demo)
        app.run_frames(2)
        key(app, pygame.K_t)
        explorer = app.scene
        built_and_proved(app, explorer)
        for pressed in keys:
            key(app, pressed)
            built_and_proved(app, explorer)
        first = len(drawn)
        explorer.draw(app.screen)
        panel = [(text, rect) for text, rect in drawn[first:]  # not the boxes' nor the buttons'
                 if rect.left >= explorer.side.left and rect.top >= explorer.side.top]
        assert all(explorer.side.contains(rect) for _text, rect in panel)
        legend = [(text, rect) for text, rect in panel if rect.top > explorer.side.top + explorer.side.width]
        key(app, pygame.K_ESCAPE)
        app.run_frames(2)
        return " ".join(text for text, _rect in legend), " ".join(text for text, _rect in panel)

    def says(legend: str, order: str) -> bool:
        return any(i18n._(form) in legend for form in ORDER_NOTES[order])

    with words_in(language):
        drawn = recorded_text_rects(monkeypatch)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
        app.run_frames(2)
        assert app.size == (800, 560)
        on_3x3, panel_3x3 = legend_after("game:tictactoe:hotseat:b2")
        on_alquerque, _panel = legend_after("game:alquerque:hotseat:c2-c3")
        ordered, _panel = legend_after("game:alquerque:hotseat:c2-c3", pygame.K_3)
        solver = i18n._("Solver: {proof}").format(proof="")
        assert solver in panel_3x3, panel_3x3  # the root proven, said over its value
        assert says(on_3x3, "course") and not says(on_3x3, "rules"), on_3x3
        assert any(i18n._(form) in on_3x3 for form in PROVEN_MARK_NOTE), on_3x3  # and what its tick is
        assert says(on_alquerque, "rules") and not says(on_alquerque, "course"), on_alquerque
        assert says(ordered, ORDERED), ordered


def test_the_side_panels_board_gives_way_to_the_legend_only_in_a_small_window(app):
    """The board over the side panel's words is as wide as the panel where the words fit under it
    (1024x768), smaller in the smallest window (``side_board``: the legend lost its note on the
    order of the moves there once a proof was said), never under ``BOARD_LEAST`` of the panel; its size is not that of
    the moment, the solver's proofs in or not (no jump under the pointer as they come)."""
    from tests.ui_helpers import key
    from ui.scenes.tree_panel import BOARD_LEAST

    shares = {}
    for size in ((1024, 768), (800, 560)):
        explorer = _explorer_on(app, size)
        inner = explorer.side.width - 2 * int(12 * explorer.scale)
        board = explorer.side_board()
        assert explorer.side.contains(board) and board.width >= int(inner * BOARD_LEAST)
        explorer.proofs.any_proof = lambda: True  # a tick on a box: the legend says what it is
        assert explorer.side_board() == board
        shares[size] = board.width / inner
        key(app, pygame.K_ESCAPE)
    assert shares[(1024, 768)] == 1 and shares[(800, 560)] < 1, shares


def test_no_edge_crosses_a_count_written_under_a_closed_box(app, monkeypatch):
    """Hex 11x11 at depth 2, the best move open: its 120 edges fan out through the counts under
    its closed neighbours ("120 moves"), and ran into them and struck them through, the chip under
    each no wider than its text.  Each edge now stops short of a count and goes on past it: no
    line drawn crosses the rectangle of a count drawn (both as the drawing gave them)."""
    import re

    from tests.test_tree import built
    from tests.ui_helpers import recorded_text_rects

    game = games.load("hex")
    app.show_tree(game, game.initial_state())
    explorer = app.scene
    built(app, explorer)
    app.run_frames(2)
    best = explorer.tree.root.best_child
    assert id(best) in explorer.open and len(best.children) == 120  # the wide fan, open
    texts = recorded_text_rects(monkeypatch)
    lines = _lines_drawn(app, monkeypatch, lambda: _one_frame(app))
    counts = [rect for text, rect in texts if re.fullmatch(r"\d+ moves?", text) and explorer.canvas.contains(rect)]
    assert len(counts) >= 10 and len(lines) >= 20
    crossing = [(start, end, rect) for _surface, start, end, _width in lines for rect in counts
                if rect.clipline(start, end)]
    assert not crossing, crossing[:3]


def test_an_edge_is_cut_where_it_runs_through_a_hole():
    """``outside_holes``: the parts of a segment outside some rectangles, in order; one that
    misses them whole, and one that lies wholly inside one."""
    from ui.tree_layout import outside_holes

    hole = pygame.Rect(10, -5, 10, 10)  # x 10 to 20
    assert outside_holes((0, 0), (40, 0), [hole]) == [((0, 0), (10, 0)), ((20, 0), (40, 0))]
    assert outside_holes((0, 0), (40, 0), [hole, pygame.Rect(15, -5, 10, 10)]) == [((0, 0), (10, 0)), ((25, 0), (40, 0))]
    assert outside_holes((0, 10), (40, 10), [hole]) == [((0, 10), (40, 10))]  # passes under it
    assert outside_holes((12, 0), (18, 0), [hole]) == []


def test_trax_boards_in_the_side_panel_is_readable_in_the_smallest_window_at_larger_text(app, monkeypatch):
    """Trax at 800x560, Larger text: the side panel, 28% of the window, wrapped its words to two
    rows each and left its 8x8 board 81 pixels wide, beside a tree with room to spare.  The panel
    takes room from the tree's canvas instead: the board is 120 pixels and more, every word of
    the node and every legend item it showed still drawn whole in the panel, clear of the canvas."""
    import os

    from tests.test_tree import built
    from tests.ui_helpers import key, recorded_text_rects
    from ui.scenes.tree_explorer import SIDE_BOARD_READABLE

    app.settings.text_size = 1.5
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    assert app.size == (800, 560)
    app.open_demo("game:trax:hotseat:")
    app.run_frames(2)
    key(app, pygame.K_t)
    explorer = app.scene
    built(app, explorer)
    drawn = recorded_text_rects(monkeypatch)
    explorer.draw(app.screen)
    if os.environ.get("SMALLWIN_SHOTS"):
        pygame.image.save(app.screen, f"{os.environ['SMALLWIN_SHOTS']}/tree-trax-800x560-larger.png")
    board = explorer.side_board()
    assert board.width >= SIDE_BOARD_READABLE and explorer.side.contains(board), board
    assert explorer.canvas.right < explorer.side.left
    panel = [(text, rect) for text, rect in drawn if rect.left >= explorer.side.left and rect.top >= board.bottom]
    assert all(explorer.side.contains(rect) for _text, rect in panel)
    words = " ".join(text for text, _rect in panel)
    assert all(" ".join(line.split()) in " ".join(words.split()) for line in explorer.node_lines(explorer.selected)), words
    assert sum(1 for text, _rect in panel if "…" in text) == 0, words
    assert "MIN: the other side, picks the lowest" in words and "Moves in the game's order" in words, words


def _side_panel_drawn(app, explorer) -> bytes:
    """The side panel's pixels as the explorer draws it now."""
    explorer.draw(app.screen)
    return pygame.image.tobytes(app.screen.subsurface(explorer.side), "RGB")


def test_the_legend_is_wrapped_again_only_when_its_words_its_size_or_its_room_change(app, monkeypatch):
    """The side panel is drawn at every move of the mouse and four times a second while counting,
    and its legend was wrapped at every frame, twice (the rows ``side_board`` keeps for it, the
    lines drawn): a third of the panel's drawing.  Drawn again with nothing changed, it is not
    wrapped again; after each change that moves its lines (the window resized, Larger text,
    Portuguese, another algorithm), the panel drawn from what was kept has the very pixels of
    one whose legend is wrapped afresh."""
    from tests.test_tree import built_and_proved
    from tests.ui_helpers import count_calls, in_language, key
    from ui import text as tx
    from ui.scenes import tree_panel

    explorer = _explorer_on(app, (1024, 768))
    built_and_proved(app, explorer)
    rows, lines = count_calls(monkeypatch, tree_panel, "legend_rows"), count_calls(monkeypatch, tree_panel, "legend_lines")

    def kept_as_fresh() -> bool:
        kept = _side_panel_drawn(app, explorer)
        explorer._legend_rows_kept.forget()  # measured afresh, every text wrapped anew
        explorer._legend_lines_kept.forget()
        tx.forget_laid_out()
        return _side_panel_drawn(app, explorer) == kept

    app.invalidate()
    app.run_frames(1)
    before = rows[0], lines[0]
    for _frame in range(5):  # nothing changed: the window draws the explorer again
        app.invalidate()
        app.run_frames(1)
    assert (rows[0], lines[0]) == before, "the legend was wrapped again with nothing changed"
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    app.run_frames(2)
    assert app.size == (900, 640) and explorer.size == (900, 640) and kept_as_fresh()
    key(app, pygame.K_PLUS, pygame.KMOD_CTRL)  # Larger text, as the keys step to it
    key(app, pygame.K_PLUS, pygame.KMOD_CTRL)
    assert app.settings.text_size > 1.0 and kept_as_fresh()
    with in_language(app, "pt"):
        app.run_frames(2)
        assert kept_as_fresh()
        assert any(text.startswith("Setas") for text, *_ in explorer._legend_lines_kept.key[0])
    key(app, pygame.K_1)  # minimax: the legend's note on the cuts changes
    built_and_proved(app, explorer)
    app.run_frames(2)
    assert kept_as_fresh()
    assert ("Crossed out: cut by alpha-beta (α ≥ β)",) in explorer._legend_lines_kept.key[0]  # minimax's one form


def test_a_frame_drawn_again_wraps_no_text_and_the_selected_nodes_lines_once(app, monkeypatch):
    """The side panel wrapped the selected node's lines twice a frame (the rows ``side_board``
    keeps for them, then the lines it draws), and every frame wrapped every text afresh, each
    word measured.  A frame asks ``wrap`` for each of the node's lines once, and the second of
    two frames with nothing changed splits no text into words to measure (``ui.text.words_of``:
    its lines are kept, ``ui.text.laid_out``)."""
    from tests.test_tree import built_and_proved
    from tests.ui_helpers import count_calls
    from ui import text as tx

    explorer = _explorer_on(app, (1024, 768))
    built_and_proved(app, explorer)
    asked: list[str] = []
    wrap = tx.wrap

    def recording(value, *args, **kwargs):
        asked.append(value)
        return wrap(value, *args, **kwargs)

    monkeypatch.setattr(tx, "wrap", recording)
    split = count_calls(monkeypatch, tx, "words_of")
    lines = explorer.node_lines(explorer.selected)
    assert len(lines) >= 3, lines
    tx.forget_laid_out()
    for frame in ("first", "second"):
        asked.clear()
        split[0] = 0
        app.invalidate()
        app.run_frames(1)
        assert [asked.count(line) for line in lines] == [1] * len(lines), (frame, asked)
        assert split[0] > 0 if frame == "first" else split[0] == 0, (frame, split[0])


@pytest.fixture
def measured(monkeypatch):
    """The texts the window's fonts measure (``Font.size``) from now on: its fonts made again, as
    recording ones, and forgotten after, with what was kept of them (``tx.prose_width``, the
    wrapped lines)."""
    from ui import text as tx

    seen: list[str] = []

    class RecordingFont(pygame.font.Font):
        def size(self, value):
            seen.append(value)
            return super().size(value)

    def forget() -> None:
        tx.ui_font.cache_clear()
        tx.prose_width.cache_clear()
        tx.forget_laid_out()

    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    forget()
    yield seen
    monkeypatch.undo()
    forget()


def test_the_boxes_widest_value_and_the_counts_under_them_are_measured_once(app, monkeypatch, measured):
    """Each frame measured the widest value a box may hold for every box and edge it drew
    (``node_metrics``, through ``metrics``: 126 of a frame's 345 measures at 1280x800), and the
    count under each closed box and its chip (``count_label``, ``chip_of``).  Their widths are
    kept: a second frame with nothing changed measures neither."""
    from tests.test_tree import built_and_proved, explorer_after_a1_b2
    from ui import text as tx

    explorer, _drawn = explorer_after_a1_b2(app, monkeypatch)  # its root's moves closed, each with a count
    built_and_proved(app, explorer)
    counts = {label for label, _chip in _count_captions(explorer)}
    assert counts, "no closed box with moves under it"
    tx.prose_width.cache_clear()  # widths worked out afresh
    for frame in ("first", "second"):
        measured.clear()
        app.invalidate()
        app.run_frames(1)
        widest, labels = measured.count(explorer.widest_box()), [text for text in measured if text in counts]
        assert (widest and labels) if frame == "first" else not (widest or labels), (frame, widest, labels)


def _count_captions(explorer) -> list[tuple[str, pygame.Rect]]:
    """What the closed boxes drawn read under them (``count_caption``)."""
    from ui.scenes.tree_drawing import count_caption

    return [caption for rect, node in explorer.node_rects if (caption := count_caption(explorer, node, rect))]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_legend_says_what_a_tick_is_at_larger_text_once_the_solver_ticks_boxes(app, monkeypatch, language):
    """At Larger text, once the solver ticked boxes (3x3 after b2: it proves the root and its
    moves), the legend ran out of room before its note on the tick (and the order of the moves)
    and the ticks went unexplained: the keys' help came before them.  The tick's note is drawn in
    the side panel at 1280x800, 1024x768 and 800x600, the order's too where the panel has room for
    it (the two larger windows); the keys' help gives way first."""
    from tests.test_tree import built_and_proved
    from tests.ui_helpers import key, recorded_text_rects
    from ui import i18n
    from ui.scenes.tree_words import ORDER_NOTES, PROVEN_MARK_NOTE

    app.settings.text_size = 1.5
    with words_in(language):
        drawn = recorded_text_rects(monkeypatch)
        for size in ((1280, 800), (1024, 768), (800, 600)):
            explorer = _explorer_opened(app, size, "game:tictactoe:hotseat:b2")
            built_and_proved(app, explorer)
            assert explorer.proofs.any_proof(), size  # ticks on the boxes
            first = len(drawn)
            explorer.draw(app.screen)
            board = explorer.side_board()
            legend = [(text, rect) for text, rect in drawn[first:]
                      if rect.left >= explorer.side.left and rect.top >= board.bottom]
            assert all(explorer.side.contains(rect) for _text, rect in legend), size
            said = " ".join(text for text, _rect in legend)
            assert any(i18n._(form) in said for form in PROVEN_MARK_NOTE), (size, said)
            if size != (800, 600):
                assert any(i18n._(form) in said for form in ORDER_NOTES["course"]), (size, said)
            key(app, pygame.K_ESCAPE)
            app.run_frames(2)
