"""The search tree explorer: the trees minimax and alpha-beta explore, drawn for learners.

Opened from a game or a replay (key T) on the position shown.  The tree (ai/game_tree.py) is
drawn top-down: MAX's positions as boxes with a triangle up, MIN's with a triangle down, each with
its value from MAX's side: a proven result in words ("White wins", "draw"; at the root analysis's
proof where it has one, "White wins by 24"), else the course heuristic's estimate in the game's
unit as analysis and the hint write it ("+4" discs, ``node_value_text``; the search itself works
on it squashed into -0.9..+0.9); the move that led to a node is written above it; moves alpha-beta
never looked at hang below their parent crossed out.  The header says what the values are
(``values_note``), and the side panel says the selected node's value in analysis's words as well
("Value -2: White +2 discs", ``value_words``); the legend's note says they are a shallow search's, not analysis' deeper ones
(the board above it gives way to the legend's items, and they take shorter forms where the panel is
still short: ``side_board``, ``legend_lines``).  A click on a node opens or closes it and shows its position
and its alpha-beta window on the right; so does the keyboard, for a user without a mouse: the
arrows move the selected node (ui/tree_keys.py), the view following it, and Enter or Space opens
or closes it.  The best line is open at the start, and a tree wider
than the canvas opens with its best line in sight from the root down, and as many of the root's
moves as fit beside it (ui/tree_layout.py, ``line_reach``).  A tree wider or deeper than the canvas pans (Shift with the arrows, the
wheel, a finger's drag; Home goes back to the opening view) and shows whole nodes only.  The three node
counts -- minimax, alpha-beta, alpha-beta with move ordering -- are side by side at the top (the
counts are computed in a thread, minimax's can take a few seconds at full depth).  A position too
big for the chosen depth says so instead of drawing.  "Picture" saves the tree as a PNG.

The tree is built in a thread too (a Hex or Trax tree near the size limit takes seconds of
Python), so the window answers meanwhile, and so is the depth it opens at chosen
(``default_depth``, a search: the screen says "choosing a depth…" meanwhile); a tree asked for
again before the last one is ready replaces it (each build carries a number, and only the newest
is shown).

The selected node and its children are asked of the game's solver (level 5, in a worker process:
ui/tree_proofs.py): a position it proves gets a tick on its box's corner, and the panel says the
proof ("Solver: proven: X wins in 5 moves").  The box keeps the tree's own value (``_draw_node``).
Where the tree's ranking alone would mislead, the panel says so (ui/tree_ranking.py): the moves
proven as good as the best ("Best move: a1 (as good: b1, c1)"), a solver's proof that it loses;
else it names the tree's own choice with its estimate and the moves tied with it at its depth, and
where the game's hint showed another move, that move's value here and why the two differ (``hint_line``).

Its parts, a module each: its words (ui.scenes.tree_words), the tree drawn (ui.scenes.tree_drawing),
and two mixins of ``TreeExplorerScene``, its side panel (ui.scenes.tree_panel) and its input
(ui.scenes.tree_input).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pygame

from ai.game_tree import (
    ALGORITHMS,
    ALPHABETA,
    MINIMAX,
    NODE_LIMIT,
    ORDERED,
    BuildStopped,
    Node,
    Tree,
    TreeTooBig,
    build,
    count_nodes,
    every_line_ends,
    iter_nodes,
    likely_fitting_depth,
    note_ties,
)
from ai.proof_reach import import_engines
from games.base import Game, State
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.export import board_view
from ui.i18n import N_, _, language, ngettext, number_text
from ui.keyed_cache import KeyedCache
from ui.notation import shown_move
from ui.scenes.base import Scene
from ui.scenes.tree_drawing import WIDEST_VALUE, draw_solver_mark, draw_tree, node_metrics, tree_picture
from ui.scenes.tree_input import TreeInput
from ui.scenes.tree_panel import TreePanel
from ui.scenes.tree_words import (
    BOUND_SIGNS,
    BUTTONS,
    CHOOSING,
    DEEPEST,
    END_REACHED,
    NOTHING_BELOW,
    NOTHING_BELOW_DEEPEST,
    SHALLOWEST,
    TITLES,
    TOO_BIG_ALREADY,
    VALUES_NOTE,
    VALUES_NOTE_SHORT,
    VALUES_NOTE_TO_THE_END,
    VALUES_NOTE_TO_THE_END_SHORT,
    VALUES_NOTE_TOO_BIG,
    VALUES_NOTE_TOO_BIG_SHORT,
    node_value_text,
    proof_verdict,
    unit_name,
    verdict_text,
)
from ui.settings import text_size_of
from ui.theme import window_scale
from ui.tree_layout import Layout, LayoutIndex, visible_layout
from ui.tree_proofs import TreeProofs
from ui.widgets import DragScroll, KeyFocus, Messages, card, focus_ring, layout_grid, mix, relabel, worded

# the side panel widens, taking room from the tree's canvas, up to this share of the window, for its
# board to be at least SIDE_BOARD_READABLE pixels (``_lay_out_side``): Trax's 8x8 at 75-81 pixels
# in the smallest window could not be read
SIDE_MOST, SIDE_BOARD_READABLE = 0.4, 120
MAX_DEPTH = 9
# the quickest counts first: minimax's of 7x6 four in a row at depth 4 takes minutes, and counted
# before ordered alpha-beta's few thousand nodes it left "counting…" beside alpha-beta's for as long
COUNTED_FIRST = (ORDERED, ALPHABETA, MINIMAX)
# the nodes a tree the explorer opens with may have (``default_depth``): half of what it can show, so
# that it is built in a few seconds and an estimate a little short does not end in "too big" (15x15
# after h8 h7 at depth 3, 53,699 nodes, estimated at 50,172, took 5 s; Depth + still goes there)
OPENING_NODES = NODE_LIMIT // 2
COUNT_LIMIT = 2_000_000  # positions a count may visit before it gives up ("more than ...")


def opening_ceiling(game_id: str) -> int:
    """The deepest the explorer opens a tree of ``game_id`` at: tic-tac-toe's four plies (the
    notebook's), two elsewhere."""
    return 4 if game_id == "tictactoe" else 2


def default_depth(game_id: str, state: State, stop: Callable[[], bool] | None = None) -> int:
    """The depth the explorer opens ``state`` with: ``opening_ceiling``, less where so deep a tree
    would not fit or would take long (15x15: a tree of depth 4 is too big; ``likely_fitting_depth``),
    within ``OPENING_NODES``.  It searches (0.3 s of CPU on Hex 19x19 with the swap rule), so the
    explorer asks it in a thread (``TreeExplorerScene.rebuild``); BuildStopped once ``stop()`` is true."""
    return likely_fitting_depth(state, opening_ceiling(game_id), OPENING_NODES, game_id, stop)


class TreeExplorerScene(TreeInput, TreePanel, Scene):
    """One position's search tree, to a chosen depth, for a chosen algorithm."""

    def __init__(self, app: Any, game: Game, state: State, on_back: Callable[[], None] | None = None,
                 depth: int | None = None, turned: bool = False, proof: AIProgress | None = None,
                 hint: tuple[Any, AIProgress] | None = None) -> None:
        """``depth``: the tree's; None chooses it (``default_depth``) in the build's thread, the
        screen saying so meanwhile (``choosing``): chosen in the window's thread, Hex 19x19 with
        the swap rule froze it for 0.3 s before the screen came.  ``turned``: the board is drawn
        turned round, as the game or replay it was opened from showed it (Rastros' North playing
        the computer has its goal at the bottom there too); ``proof``: analysis's proof of
        ``state``, said with the root's value (``root_proof``); ``hint``: the hint's move marked on
        the game's board and its search, said at the root where the tree ranks another move first
        (``hint_line``)."""
        super().__init__(app)
        self.game, self.root_state, self.on_back = game, state, on_back
        self.proof = proof
        self.hint = hint
        self.choosing = depth is None  # the depth is being chosen (``default_depth``): no tree asked for yet
        self.steps_asked = 0  # Depth + (1) and Depth − (-1) pressed while choosing: taken from the depth chosen
        self.depth = max(1, min(MAX_DEPTH, opening_ceiling(game.id) if depth is None else depth))
        self.algorithm = ALPHABETA
        self.messages = Messages()
        self.view = board_view(game)
        self.view.turned = turned and self.view.can_turn
        self.tree: Tree | None = None
        self.too_big = ""
        self.open: set[int] = set()  # ids of the open nodes
        self._laid_out: tuple[Tree, tuple, LayoutIndex] | None = None  # (the tree and what else it was laid out for, its index)
        self.selected: Node | None = None
        self.counts: dict[tuple[str, int], int | None] = {}  # None: past its limit (``count_limits``)
        self.count_limits: dict[tuple[str, int], int] = {}  # a count's limit other than COUNT_LIMIT (the build's)
        self._counting: threading.Thread | None = None
        self._wanted: list[tuple[str, int]] = []  # counts to make, in order (the thread takes them)
        self._in_hand: set[tuple[str, int]] = set()  # the count the thread is making (out of ``_wanted``, not in ``counts``)
        self._lock = threading.Lock()
        self._closed = False  # the screen was left: its build and counts stop where they are
        self._builds = 0  # the number of the newest build asked for
        self._built: tuple[int, Tree | None, str, bool] | None = None  # a build's number, tree, why not, whether it ends
        self._chosen: tuple[int, int] | None = None  # the number of the choice that chose a depth, and that depth
        self.too_big_ends = False  # the tree too big to build would have searched every line to the game's end
        self.building = False
        self.scroll = 0
        self.first_ply = 0  # the ply at the top of the canvas (a tree deeper than the canvas scrolls down)
        self.snap = True  # rest the next drawing on whole columns (after a pan, on a new tree)
        self.tall = False  # more plies than the canvas holds: the wheel scrolls them
        self.keep: tuple[int, int] | None = None  # (id of the node just opened or closed, its x on screen)
        self.reveal: tuple[int, int] | None = None  # plies to bring into view (a node just opened, its children)
        self.show: int | None = None  # id of the node the keyboard just selected: the view brings it in
        self.size = (0, 0)
        self.scale = 1.0
        self.canvas = self.side = pygame.Rect(0, 0, 0, 0)
        self._side_laid_for: tuple | None = None  # the size, scale and legend the side panel was laid out for
        # the legend's rows (``legend_rows``) and lines (``legend_lines``) as last measured, each with what
        # it was measured of: (items, text size, width[, rows])
        self._legend_rows_kept: KeyedCache[int] = KeyedCache()
        self._legend_lines_kept: KeyedCache[list[list[str]]] = KeyedCache()
        self.node_rects: list[tuple[pygame.Rect, Node]] = []
        self._widest: tuple[Tree | None, str] | None = None  # the tree and its widest box text (``widest_box``)
        self.drag = DragScroll()  # a press on the canvas: a tap on a node, or a drag that pans the tree
        self.proofs = TreeProofs(game)  # what the solver proves of the selected node and its children
        self._proofs_for: Node | None = None  # the selected node they were last asked for
        self._parents: tuple[Tree | None, dict[int, Node]] = (None, {})  # a tree, and each of its nodes' parent (``parent_of``)
        self._make_buttons()
        self.rebuild()

    # -- the tree ----------------------------------------------------------------------------------
    def _make_buttons(self) -> None:
        self.algo_buttons = {a: worded(BUTTONS[a], lambda a=a: self.choose(a), str(i + 1))
                             for i, a in enumerate(ALGORITHMS)}
        self.btn_less = worded(N_("Depth −"), self.shallower, "−")
        self.btn_more = worded(N_("Depth +"), self.deeper, "+")
        self.btn_less.refused, self.btn_more.refused = self.shallower, self.deeper  # greyed: a click says why, as the key does
        self.btn_picture = worded(N_("Picture"), self.export_png, "P")
        self.btn_back = worded(N_("Back"), self.back, "Esc", primary=True)
        self.labelled_in = language()  # the language the buttons were labelled in (``follow_the_language``)
        self.buttons = [*self.algo_buttons.values(), self.btn_less, self.btn_more, self.btn_picture, self.btn_back]
        self.button_focus = KeyFocus()  # Tab's ring among the buttons (``KeyFocus.ring_key``): Tab did nothing here

    def choose(self, algorithm: str) -> None:
        """Show ``algorithm``'s tree; while the depth is being chosen, the tree built at it is
        that algorithm's (the choice goes on: it is the same for every algorithm)."""
        self.algorithm = algorithm
        if not self.choosing:
            self.rebuild()

    def set_depth(self, depth: int) -> None:
        """The tree at ``depth`` (within 1 and ``MAX_DEPTH``), instead of the depth being chosen."""
        depth = max(1, min(MAX_DEPTH, depth))
        if depth != self.depth or self.choosing:
            self.depth, self.choosing = depth, False
            self.rebuild()

    def shallower(self) -> None:
        """Depth −; while the depth is being chosen, one less than the depth chosen; at depth 1,
        says that it is the shallowest (``SHALLOWEST``)."""
        if self.choosing:
            self.steps_asked -= 1
        elif not self.messages.refuse(_(SHALLOWEST) if self.depth <= 1 else ""):
            self.set_depth(self.depth - 1)

    def deeper(self) -> None:
        """Depth +, but not past a tree whose every line already reaches the game's end: a deeper
        one is the same tree, and the button went on to depth 8 and 9 building it again; it says
        so instead (the button is off then, ``update``), as it says that ``MAX_DEPTH`` is the
        deepest, and that a tree too big to build would be bigger still deeper (``TOO_BIG_ALREADY``).  While the depth is being chosen, one more than the depth chosen
        (``_take_chosen_depth``)."""
        if self.choosing:
            self.steps_asked += 1
            return
        if self._to_the_end():
            self.messages.refuse(_(END_REACHED))
        elif self.too_big:
            self.messages.refuse(_(TOO_BIG_ALREADY).format(n=self.depth))
        elif not self.messages.refuse(_(DEEPEST).format(n=MAX_DEPTH) if self.depth >= MAX_DEPTH else ""):
            self.set_depth(self.depth + 1)

    def why_nothing_below(self, node: Node) -> str:
        """Why ``node`` has nothing to open (``NOTHING_BELOW``: the game over there, the tree's
        depth limit, a move alpha-beta cut); "" where it has children."""
        if node.children:
            return ""
        if node.kind == "horizon" and self.depth >= MAX_DEPTH:
            return _(NOTHING_BELOW_DEEPEST).format(n=self.depth)
        why = NOTHING_BELOW.get(node.kind)  # an inner node always has children
        return _(why).format(n=self.depth) if why else ""

    def rebuild(self) -> None:
        """Build the tree of the chosen algorithm and depth in a thread; ``_show_built`` opens its
        best line once it is ready.  The thread imports the engines the solver's questions read
        first (``import_engines``): Hex's and Rastros' pulled numba into the window's thread, a
        pause of 0.3 s at the first node asked about.  While the depth is being chosen
        (``choosing``), the thread chooses it instead (``_choose_depth``), and the tree is asked
        for once it is known (``_take_chosen_depth``)."""
        with self._lock:
            self._builds += 1
        number, algorithm, depth = self._builds, self.algorithm, self.depth
        self.tree, self.too_big, self.selected, self.building = None, "", None, True
        self.too_big_ends = False
        self.open.clear()
        self.node_rects = []  # the old tree's nodes are not shown (nor clicked) any more
        self.proofs.forget()  # the old tree's nodes are asked no more (what was proven stays, by position)
        self._proofs_for = None
        self.scroll, self.first_ply, self.snap = 0, 0, True

        def stop() -> bool:  # a newer tree was asked for, or the screen left
            return number != self._builds or self._closed

        if self.choosing:
            threading.Thread(target=self._choose_depth, args=(number, stop), name="tree-depth", daemon=True).start()
            self.invalidate()
            return

        def run() -> None:
            import_engines(self.game.id)  # here, not in the window's thread at its first proof's question
            try:
                tree, why, ends = build(self.root_state, algorithm, depth, game_id=self.game.id, stop=stop), "", False
                note_ties(tree, self.game.id, stop, estimates=True)  # the moves as good as the best, said in the panel
            except BuildStopped:  # a newer tree was asked for: it alone is built on
                return
            except TreeTooBig as exc:  # the header still says what such a search's values are
                tree, why = None, _("more than {n} nodes").format(n=number_text(exc.limit, ","))
                ends = every_line_ends(self.root_state, depth)
            with self._lock:  # an older build ending after the newest must not take its place
                if number == self._builds:
                    self._built = (number, tree, why, ends)
            self.invalidate()

        threading.Thread(target=run, name="tree-build", daemon=True).start()
        self._start_counting()
        self.invalidate()

    def _choose_depth(self, number: int, stop: Callable[[], bool]) -> None:
        """The depth to open at (``default_depth``), chosen in a thread and kept for the window's
        (``_take_chosen_depth``), unless the screen was left or another tree asked for meanwhile
        (``stop``): then it stops where it is and leaves the screen alone."""
        import_engines(self.game.id)  # the heuristics it searches with, as a build's thread does
        try:
            depth = default_depth(self.game.id, self.root_state, stop)
        except BuildStopped:
            return
        with self._lock:
            if stop():
                return
            self._chosen = (number, depth)
        self.invalidate()

    def _take_chosen_depth(self) -> None:
        """Once the depth is chosen (``_choose_depth``), the tree at it, or as many deeper or
        shallower as Depth + and − were pressed meanwhile (a press while the screen opens is not
        lost); the title and the depth buttons say it."""
        with self._lock:
            chosen, self._chosen = self._chosen, None
        if chosen is None or chosen[0] != self._builds or not self.choosing:
            return
        self.choosing = False
        self.depth = max(1, min(MAX_DEPTH, chosen[1] + self.steps_asked))
        self.steps_asked = 0
        self.rebuild()

    def _show_built(self) -> None:
        """The newest tree, once its thread has built it (an older one, asked for before, is dropped).
        Taken under the lock the thread hands it over with: a tree handed over between reading
        ``_built`` and clearing it would be lost, and the screen would say "building" for ever."""
        with self._lock:
            built, self._built = self._built, None
        if built is None or built[0] != self._builds:
            return
        _number, self.tree, why, self.too_big_ends = built
        self.building = False
        self.too_big = "" if self.tree else _(
            "This position is too big for a tree of depth {n} ({why}): choose a smaller depth.").format(n=self.depth, why=why)
        if self.tree is not None:
            self.counts[(self.algorithm, self.depth)] = self.tree.nodes
        else:
            self._counted_too_big((self.algorithm, self.depth))
        self.selected = self.tree.root if self.tree else None
        node = self.selected
        while node is not None and node.children:
            self.open.add(id(node))
            node = node.best_child
        self.invalidate()

    def _counted_too_big(self, key: tuple[str, int]) -> None:
        """The tree ``key`` (algorithm, depth) was refused as too big: its count is "more than
        NODE_LIMIT", and a count of it under way stops (``_count``).  It went on to two million
        positions, "counting…" for seconds beside a tree known too big (minutes on a big board)."""
        if key not in self.counts:
            self.count_limits[key] = NODE_LIMIT
            self.counts[key] = None

    def too_big_said(self) -> str:
        """Why no tree is shown (``too_big``), and, where Ordered's tree at this depth was counted
        small enough to build, that it is: Hex 19x19 opened on Alpha-beta at depth 2 said only
        "choose a smaller depth" while the line above counted Ordered's tree at 1,083 nodes, and
        depth 1 is a bare list of the moves."""
        fits = self.counts.get((ORDERED, self.depth))
        if not self.too_big or self.algorithm == ORDERED or fits is None or fits > NODE_LIMIT:
            return self.too_big
        ordered = _("{method} ({key}) builds it with {n} nodes.").format(
            method=_(BUTTONS[ORDERED]), key=ALGORITHMS.index(ORDERED) + 1, n=number_text(fits, ","))
        return f"{self.too_big} {ordered}"

    def _start_counting(self) -> None:
        """The three node counts at this depth, in a thread (minimax's can take seconds): counts
        asked for while it runs join its list, so every depth shown gets its counts, the depth
        shown now before the others (each of which can take a minute: Hex's minimax)."""
        with self._lock:
            self._wanted += [(a, self.depth) for a in COUNTED_FIRST if not self.count_asked((a, self.depth))]
            if not self._wanted or self._counting is not None:
                return
            self._counting = threading.Thread(target=self._count, name="tree-counts", daemon=True)
        self._counting.start()

    def count_asked(self, key: tuple[str, int]) -> bool:
        """Whether the node count ``key`` (algorithm, depth) is made, waiting, or being made: a
        count between ``_wanted`` and ``counts`` was asked for a second time, and made twice."""
        return key in self.counts or key in self._wanted or key in self._in_hand

    def _count(self) -> None:
        while True:
            with self._lock:
                self._in_hand.clear()
                if not self._wanted:
                    self._counting = None
                    return
                key = next((k for k in self._wanted if k[1] == self.depth), self._wanted[0])  # the depth shown first
                self._wanted.remove(key)
                if key in self.counts:
                    continue
                self._in_hand.add(key)
            try:
                self.counts[key] = count_nodes(self.root_state, key[0], key[1], game_id=self.game.id, limit=COUNT_LIMIT,
                                               stop=lambda key=key: self._closed or key in self.counts)
            except TreeTooBig:
                self.counts[key] = None
            except BuildStopped:  # the screen was left (close): no count is wanted any more
                if not self._closed:  # or the build found this tree too big (``_counted_too_big``): the next count
                    continue
                with self._lock:
                    self._in_hand.clear()
                    self._counting = None
                return
            self.invalidate()

    # -- actions ----------------------------------------------------------------------------------
    def keys_section(self) -> str | None:
        """F1 here: the keys page at the search tree's keys (this screen is about searching, not
        about the game's rules)."""
        return "Search tree"

    def caption(self) -> str:
        return _("Search tree")

    def back(self) -> None:
        (self.on_back or self.app.show_menu)()

    def export_png(self) -> None:
        """The tree as drawn (its whole width) saved as a PNG in the saved-games folder, as the
        board's Picture is (``export_picture``: written whole, under a new name)."""
        from ui.export import export_picture

        if self.tree is None:  # still being built, or too big: there is nothing to draw
            self.messages.add(_("No tree to save yet") if self.building else self.too_big_said(), "warn")
            return
        message, kind = export_picture(lambda: tree_picture(self),
                                       f"{self.game.id}-tree-{self.algorithm}-depth{self.depth}")
        self.messages.add(message, kind, duration=6.0)

    def update(self, dt: float) -> None:
        self._take_chosen_depth()
        self._show_built()
        self._ask_proofs()
        for a, b in self.algo_buttons.items():
            b.active = a == self.algorithm
        self.btn_less.enabled = self.choosing or self.depth > 1
        self.btn_more.enabled = self.choosing or (self.depth < MAX_DEPTH and not self._to_the_end() and not self.too_big)

    def _ask_proofs(self) -> None:
        """Ask the solver about the selected node and its children once it is selected (a node
        the keys or a click chose, the root when a tree opens), and take its answers as they come."""
        node = self.selected
        if self.tree is not None and node is not None and node is not self._proofs_for:
            self._proofs_for = node
            self.proofs.ask([node, *node.children])
        if self.proofs.poll():
            self.invalidate()

    def layout(self, step: int, reach: int | None = None) -> Layout:
        """``visible_layout`` of the open tree (see ``layout_index``)."""
        return self.layout_index(step, reach).layout

    def layout_index(self, step: int, reach: int | None = None) -> LayoutIndex:
        """``visible_layout`` of the open tree and its ``LayoutIndex``, made again only when the tree,
        its open nodes or the sizes change: the explorer is drawn at every move of the mouse and four
        times a second while counting, and a Hex tree with its 121 first moves open takes 20-27 ms
        to lay out.  The tree is this very object (``is``): a rebuild's tree, even an equal one, has
        other nodes for the screen to show and click, and comparing trees by value walks every node
        (an id alone could be reused by a later tree)."""
        wanted = (frozenset(self.open), step, reach)
        laid_out = self._laid_out
        if laid_out is None or laid_out[0] is not self.tree or laid_out[1] != wanted:
            self._laid_out = laid_out = (self.tree, wanted,
                                         LayoutIndex(visible_layout(self.tree.root, self.open, step, reach), self.open))
        return laid_out[2]

    def redraw_interval(self) -> float | None:
        return 0.25 if self._counting is not None or self.building else None

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        self.scale = s = window_scale(size, text_size_of(self.app))
        pad = int(16 * s)
        self.header = pygame.Rect(pad, pad, w - 2 * pad, int(126 * s))  # the title, buttons, counts, what values are
        self._side_laid_for = None
        self._lay_out_side()
        row = pygame.Rect(self.header.x, self.header.y + int(40 * s), self.header.width, int(36 * s))
        layout_grid(self.buttons, row, len(self.buttons), int(36 * s), int(8 * s))

    def _lay_out_side(self) -> None:
        """The side panel and the tree's canvas beside it: the panel ``min(340 * s, 28%)`` of the
        window wide, wider (up to ``SIDE_MOST`` of the window, the room taken from the canvas) where
        its board would be under ``SIDE_BOARD_READABLE`` pixels otherwise (``side_board`` with the
        rows it keeps for any node's words: the panel does not change as nodes are selected).  At
        800x560 Larger text Trax's 8x8 board was 81 pixels over words wrapped in a narrow panel
        beside a tree with room to spare.  Laid out again when the legend's words change (another
        algorithm, depth or language), as they decide the board's room."""
        w, h = self.size
        s = self.scale
        pad = int(16 * s)
        laid_for = (self.size, s, tuple(self.legend(every=True)))
        if laid_for == self._side_laid_for:
            return
        self._side_laid_for = laid_for
        top = self.header.bottom + pad
        side_w, most = int(min(340 * s, w * 0.28)), int(w * SIDE_MOST)
        while True:
            self.side = pygame.Rect(w - side_w - pad, top, side_w, h - top - pad)
            if side_w >= most or self.side_board([]).width >= SIDE_BOARD_READABLE:
                break
            side_w = min(most, side_w + int(10 * s))
        self.canvas = pygame.Rect(pad, top, self.side.x - 2 * pad, self.side.height)

    def close(self) -> None:
        self.node_rects = []
        self.proofs.close()  # its search stops and its process ends
        with self._lock:  # the build and the count under way stop at their next position; none starts after
            self._closed = True
            self._wanted.clear()

    # -- drawing -------------------------------------------------------------------------------------
    def say_in_the_language(self) -> None:
        """The buttons said in the language chosen since they were made: the explorer, kept under
        its help (F1) as the language changed, came back with Minimax, Alpha-beta, Ordered, Depth,
        Picture and Back in the old one (its title, counts and boxes, worded on every frame, followed),
        and its boxes as wide as the old language's widest text (``widest_box``)."""
        relabel(self.buttons)
        self._widest = None

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_the_language()
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self._lay_out_side()  # the legend's words may have changed the board's room
        theme, s = self.theme, self.scale
        surface.fill(theme.background)
        tx.text(surface, tx.fit(self.title(), int(22 * s), self.header.width, True), self.header.topleft, int(22 * s),
                theme.text, bold=True)
        for b in self.buttons:
            b.draw(surface, theme, s)
        tx.text(surface, tx.fit(self._counts_line(), int(15 * s), self.header.width),
                (self.header.x, self.header.y + int(104 * s)), int(15 * s), theme.muted, "bottomleft")
        tx.text(surface, tx.first_fitting(self.values_note(), int(15 * s), self.header.width), self.header.bottomleft,
                int(15 * s), theme.muted, "bottomleft")
        card(surface, self.canvas, mix(theme.panel, theme.background, 0.4), int(10 * s))
        if self.tree is None:
            shown = _(CHOOSING) if self.choosing else _("Building the tree…") if self.building else self.too_big_said()
            for i, line in enumerate(tx.wrap(shown, int(16 * s), self.canvas.width - int(40 * s))):
                tx.text(surface, line, (self.canvas.centerx, self.canvas.centery + i * int(22 * s)), int(16 * s),
                        theme.text, "center")
        else:
            clip = surface.get_clip()
            surface.set_clip(self.canvas)
            shown = draw_tree(surface, self, self.canvas, self.scroll, self.first_ply, self.snap, self.reveal)
            self.node_rects, self.scroll, self.first_ply, self.tall = shown
            focused = next((rect for rect, node in self.node_rects if node is self.selected), None)
            if focused is not None:  # the keyboard's place, as on a button (not on the saved picture)
                focus_ring(surface, focused, self.theme, self.scale, int(6 * self.scale))
                draw_solver_mark(surface, self, self.selected, focused)  # the tick above the ring, whole
            self.keep = self.reveal = self.show = None
            self.snap = False
            surface.set_clip(clip)
        self._draw_side(surface)
        self.messages.draw(surface, theme, (self.canvas.centerx, self.canvas.bottom - int(8 * s)), s, self.canvas.width)

    def title(self) -> str:
        """The header's title: the algorithm and the depth, or that the depth is being chosen."""
        if self.choosing:
            return _("Search tree: {algorithm}, choosing a depth…").format(algorithm=_(TITLES[self.algorithm]))
        return _("Search tree: {algorithm}, depth {n}").format(algorithm=_(TITLES[self.algorithm]), n=self.depth)

    def values_note(self) -> tuple[str, ...]:
        """What the numbers in the boxes are: the lesson's scale, from the root's mover's side, not
        the game's unit that analysis and the hint show (a student read -0.53 beside "Black +1
        disc" for the same position and was puzzled); each node's value in that unit is in the
        side panel (``value_words``).  Whole and short (``tx.first_fitting``): at Larger text in a
        800x600 window the Portuguese note was cut at "à profundi…", the depth lost.  Nothing while
        the depth is being chosen: the note says which depth's values they are.  Last, the short
        note with the unit in a few words: at Larger text at 800x600 Rastros' "the piece's nearness
        to MAX's goal (+1 a square nearer)" (Hex's race to connect in Portuguese) left no room for
        the rest, cut at "estimativas à pr…".  A tree too big to build shows no values: the note
        said what its estimates would have been; it says the tree is too big."""
        if self.choosing:
            return "", ""
        if self.too_big and not self._to_the_end():  # no tree, so no estimates to name
            return _(VALUES_NOTE_TOO_BIG).format(n=self.depth), _(VALUES_NOTE_TOO_BIG_SHORT).format(n=self.depth)
        whole, short = ((VALUES_NOTE_TO_THE_END, VALUES_NOTE_TO_THE_END_SHORT) if self._to_the_end()
                        else (VALUES_NOTE, VALUES_NOTE_SHORT))
        side, unit = _(self.game.sides[self.root_state.to_move]), _(unit_name(self.game.id))
        few_words = _(unit_name(self.game.id, short=True))
        return (_(whole).format(side=side, n=self.depth, unit=unit), _(short).format(side=side, n=self.depth, unit=unit),
                _(short).format(side=side, n=self.depth, unit=few_words))

    def _to_the_end(self) -> bool:
        """Whether the tree shown searched every line to the game's end (no estimate in it), or the
        tree too big to show would have (``every_line_ends``: minimax from the empty 3x3 board at
        depth 9, whose header said "an estimate" beside alpha-beta's "to the game's end")."""
        if self.tree is None:
            return self.too_big_ends
        return self.tree.to_the_end

    def _counts_line(self) -> str:
        parts = []
        for a in ALGORITHMS:
            n = self.counts.get((a, self.depth), -1)
            limit = self.count_limits.get((a, self.depth), COUNT_LIMIT)
            shown = _("counting…") if n == -1 else (_("more than {n}").format(n=number_text(limit, ",")) if n is None
                                                    else ngettext("{n} node", "{n} nodes", n).format(n=number_text(n, ",")))
            parts.append(f"{_(TITLES[a])}: {shown}")
        return tx.join_parts(parts)

    def box_text(self, node: Node) -> str:
        """What ``node``'s box reads (``node_value_text``); the root analysis proved reads the proof
        ("White wins by 24", ``proof_verdict``), not the tree's shallow estimate of it."""
        if self.proof is not None and node is self.tree_root():
            return proof_verdict(self.proof, self.game.sides)
        return node_value_text(node, self.game, self.root_state.to_move)

    def metrics(self) -> tuple[int, int, int, int, int, int]:
        """``node_metrics`` for the tree shown: its boxes as wide as its widest value, a proven
        result's words where it has one (``widest_box``)."""
        return node_metrics(self.scale, self.widest_box())

    def says_proofs(self) -> bool:
        """Whether a box of the tree shown can read a proven result in words (``widest_box``)."""
        return self.widest_box() != WIDEST_VALUE

    def widest_box(self) -> str:
        """The widest text a box of the tree shown can read: an estimate's, or where the tree holds
        a finished game or analysis's proof (a proof needs one), the widest of its words, bound
        signs and all.  Worked out once a tree (a Hex tree holds up to ``NODE_LIMIT`` nodes)."""
        if self._widest is None or self._widest[0] is not self.tree:
            texts = [WIDEST_VALUE]
            if self.proof is not None:
                texts.append(proof_verdict(self.proof, self.game.sides))
            if self.tree is not None and any(node.kind == "terminal" for node in iter_nodes(self.tree.root)):
                texts += [BOUND_SIGNS[1] + verdict_text(v, self.game.sides, 0) for v in (1.0, -1.0, 0.0)]
                texts += [verdict_text(v, self.game.sides, 0, max(1, self.tree.depth)) for v in (1.0, -1.0)]
            font = tx.ui_font(tx.small(13, self.scale))
            self._widest = (self.tree, max(texts, key=lambda text: font.size(text)[0]))
        return self._widest[1]

    def move_text(self, node: Node, move: Any) -> str:
        """``move`` of ``node``'s position as the window writes moves (``shown_move``)."""
        return shown_move(self.app, self.game, node.state, move, self.game.format_move(node.state, move))

    def parent_of(self, node: Node) -> Node | None:
        """The node ``node`` is a move of in the tree shown (None at the root): worked out once a tree."""
        if self._parents[0] is not self.tree:
            self._parents = (self.tree, {} if self.tree is None else {
                id(child): parent for parent in iter_nodes(self.tree.root) for child in parent.children})
        return self._parents[1].get(id(node))

    def tree_root(self) -> Node | None:
        return self.tree.root if self.tree is not None else None

