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
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ai.game_tree import (
    ALGORITHMS,
    ALPHABETA,
    COURSE_ORDER_CELLS,
    MINIMAX,
    NODE_LIMIT,
    ORDERED,
    BuildStopped,
    Node,
    Tree,
    TreeTooBig,
    bound_in_units,
    build,
    count_nodes,
    course_points,
    every_line_ends,
    is_end_value,
    iter_nodes,
    likely_fitting_depth,
    note_ties,
    reported_value,
)
from ai.proof_reach import import_engines
from ai.search.classic import COURSE_SCALE
from games.base import Game, State
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import amount_text, eval_unit, signed_text
from ui.board_view import Overlay
from ui.export import board_view
from ui.i18n import N_, _, language, ngettext, number_text
from ui.keyed_cache import KeyedCache
from ui.notation import other_chosen, shown_move
from ui.scenes.base import Scene
from ui.scenes.thinking import (
    DISCS,
    depth_text,
    estimate_depth,
    eval_text,
    proof_measure,
    proof_winner,
    proven_text,
)
from ui.settings import text_size_of
from ui.theme import window_scale
from ui.tree_keys import neighbour
from ui.tree_layout import Layout, LayoutIndex, outside_holes, pan, view_middle, visible_layout
from ui.tree_proofs import TreeProofs
from ui.tree_ranking import best_move_line, ranked_first_line
from ui.widgets import DragScroll, KeyFocus, Messages, card, focus_ring, layout_grid, mix, relabel, worded

TITLES = {MINIMAX: N_("Minimax"), ALPHABETA: N_("Alpha-beta"), ORDERED: N_("Alpha-beta, ordered moves")}
BUTTONS = {MINIMAX: N_("Minimax"), ALPHABETA: N_("Alpha-beta"), ORDERED: N_("Ordered")}
# what the boxes say: a proven result in words, else an estimate in the game's unit, as analysis writes it
VALUES_NOTE = N_("Values from {side}'s side (MAX) in {unit}: estimates of the position at depth {n}; a proven result in words")
VALUES_NOTE_SHORT = N_("Values for {side} (MAX) in {unit}, depth {n} estimates; proofs in words")
# the unit a tree's estimates are written in (``box_unit``): analysis's, or the course heuristic's own
UNIT_NAMES = {"discs": N_("discs"), "pieces": N_("pieces"), "points": N_("points"), "": N_("the heuristic's own units")}
# what the course heuristic counts where it has no unit of analysis's (``unit_name``): Hex's is the
# stones the other side still needs to connect its edges less those MAX needs (ai.engines.hex_notebook);
# Rastros' (Basilio's, ai.engines.rastros_course) the board's width less one, less the king moves from
# the piece to MAX's goal corner: one more for each square nearer
HEURISTIC_UNITS = {"hex": N_("stones ahead in the race to connect"),
                   "rastros": N_("the piece's nearness to MAX's goal (+1 a square nearer)")}
# the same in a few words, for the header's short note where the whole one has no room (``values_note``)
HEURISTIC_UNITS_SHORT = {"hex": N_("stones ahead"), "rastros": N_("nearness to MAX's goal")}
# why a box's value can differ from analysis' on the board (QA was puzzled): the legend's note,
# whole where room allows, else short
DEPTH_NOTE = N_("Values of a depth {n} search; analysis searches deeper, so its values can differ")
DEPTH_NOTE_SHORT = N_("Depth {n} values; analysis searches deeper")
# a tree with a proven result in it (``says_proofs``): what a box in words is beside the numbers
PROVEN_NOTE = (N_("In words (who wins, “draw”): proven; a number: an estimate"), N_("Words: proven; numbers: estimates"))
# a tree whose every line reaches the game's end (3x3 from a1 b2 at depth 7): there is no estimate
# and nothing deeper to search, so the two notes above were wrong there (a teacher showing that
# minimax solves tic-tac-toe read "analysis searches deeper")
VALUES_NOTE_TO_THE_END = N_("Values: who wins, or a draw, every line searched to the game's end; {side} is MAX")
VALUES_NOTE_TO_THE_END_SHORT = N_("Who wins, or draw: searched to the end; {side} is MAX")
DEPTH_NOTE_TO_THE_END = N_("Every line reaches the game's end: these values are exact")
DEPTH_NOTE_TO_THE_END_SHORT = N_("Searched to the end: exact values")
# in which order the tree tries a node's moves (``ai.game_tree.course_moves``, ``Tree.ordered``):
# it decides what alpha-beta cuts, so a learner comparing with a notebook needs it (longest form first)
ORDER_NOTES = {
    "course": (N_("Moves tried row by row, as AIMA's code lists them"), N_("Moves tried row by row (AIMA)")),
    "rules": (N_("Moves tried in the game's own order"), N_("Moves in the game's order")),
    ORDERED: (N_("Moves tried best first, by a one-ply look"), N_("Moves tried best first")),
}
# the hint's move where the tree ranks another first (``TreeExplorerScene.hint_line``): Trax's level 5
# looks two plies and counts a threat left standing as won a ply later; other hints search otherwise
HINT_THREATS = N_("The hint's {move} is {value} here: the hint sees a threat's win on ply {p}, past depth {n}")
HINT_DEEPER = N_("The hint's {move} is {value} here: the hint searched deeper (depth {d})")
HINT_SEARCH = N_("The hint's {move} is {value} here: the hint searched otherwise ({source})")
HINT_OTHER = N_("The hint's {move} is {value} here: the hint searched otherwise")
# a value alpha-beta only bounded (``Node.bound``): its sign in the box, its words in the side panel;
# alpha-beta stops at a tie too (v <= alpha), so the other side has as good elsewhere, maybe no better:
# "MAX has better elsewhere" beside "<=+41" with alpha +41, a class asked what was better than +41
BOUND_SIGNS = {-1: "≤", 1: "≥"}
BOUND_WORDS = {
    -1: N_("Value ≤ {value}: at most that; MAX has as good or better elsewhere, so alpha-beta did not need the exact value"),
    1: N_("Value ≥ {value}: at least that; MIN has as good or better elsewhere, so alpha-beta did not need the exact value"),
}
# a bounded draw where every line searched ends the game (``bound_draw``): its box reads "≤draw", not "≤0"
BOUND_DRAW_WORDS = {
    -1: N_("At most a draw: MAX has a draw or better elsewhere, so alpha-beta did not need the exact value"),
    1: N_("At least a draw: MIN has a draw or better elsewhere, so alpha-beta did not need the exact value"),
}
# an estimate beside a proof of its position (analysis's at the root, the solver's): "Value +25:
# better for X" under "X wins" read as a second verdict, weaker than the first, and "South +5 on the
# bot's own scale" under "North wins" as one that contradicts it; said as the search's estimate,
# without the words of a side ahead, the proof above named the result
ESTIMATE_BESIDE_PROOF = N_("Depth {n} estimate {value}; the proof above is exact")
HEURISTIC_BESIDE_PROOF = N_("The heuristic's estimate {value}; the proof above is exact")
END_REACHED = N_("Every line already reaches the game's end: a deeper tree would be the same")
# Depth + and − at their ends: the greyed button and its key did nothing, not a word
DEEPEST, SHALLOWEST = N_("The tree goes no deeper than depth {n}"), N_("Depth 1 is the shallowest tree")
# the mark of a position the solver proved (``_draw_proven_mark``), in the legend, longest form first
PROVEN_MARK_NOTE = (N_("Ticked box: the solver proved that position; select it for the result"),
                    N_("Ticked: proven by the solver"))
# the side panel's board gives way to the words under it (``side_board``), down to this share of the
# panel's width: the legend lost its note on the order of the moves at 800x560 once a proof was said,
# and at 1024x600 in Portuguese its last item under Trax's hint line with the board at half the width
BOARD_LEAST = 0.4
# the side panel widens, taking room from the tree's canvas, up to this share of the window, for its
# board to be at least SIDE_BOARD_READABLE pixels (``_lay_out_side``): Trax's 8x8 at 75-81 pixels
# in the smallest window could not be read
SIDE_MOST, SIDE_BOARD_READABLE = 0.4, 120
# the rows of the selected node's words the board leaves room for above the legend at least (more
# where they wrap to more, ``side_board``): a proof's line, the estimate under it (two rows), who
# moves, the alpha-beta window and the moves
NODE_ROWS_KEPT = 6
MAX_DEPTH = 9
# the canvas while the explorer chooses the depth to open at (``default_depth``, in a thread)
CHOOSING = N_("Choosing a depth that builds quickly…")
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


def node_value_text(node: Node, game: Game, max_side: int) -> str:
    """What a node's box reads: a proven result in words ("White wins", "draw": ``verdict_text``),
    else its estimate in the game's unit from MAX's side, as analysis writes it ("+4" discs, "-1.0"
    pieces: ``estimate_text``), marked "≤" or "≥" where it is only alpha-beta's bound
    (``Node.bound``).  The box showed the heuristic squashed by a scale of each tree's own: a
    Reversi root read "+0.23" for four discs in one tree, "-0.81" for three in another, and
    "+0.23" where analysis had proved White wins by 24.  Unmarked, a move that loses read "+1" in
    the alpha-beta tree beside "-1" in minimax's, and a class took alpha-beta for wrong.  A win
    whose length the tree knows says it ("X wins in 1": ``Node.plies_to_end``); a bounded draw
    where every searched line ends the game reads "≤draw" (``bound_draw``), where it read "≤0"."""
    if node.value is None or math.isinf(node.value):
        return "?"
    if node.proven:
        return verdict_text(node.value, game.sides, max_side, node.plies_to_end)
    sign = BOUND_SIGNS.get(node.bound, "")
    if is_end_value(node.value) or bound_draw(node):
        return sign + verdict_text(node.value, game.sides, max_side)
    return sign + estimate_text(node, game.id)


def bound_draw(node: Node) -> bool:
    """Whether ``node`` holds alpha-beta's bound of a draw found where every line searched ends the
    game (a to-the-end tree's "at most a draw"), not an estimate's bound of nought."""
    return node.bound != 0 and node.value == 0 and node.lines_end


def verdict_text(value: float, sides: tuple[str, str], max_side: int, plies: int | None = None,
                 whole: bool = False) -> str:
    """A proven value (a win, a loss, 0 for MAX, ``max_side``) in words: "White wins", "draw", and
    where ``plies`` says how soon (not 0: a finished game), "White wins in 3" (``whole``: "in 3
    moves", a move a player's turn, for the side panel, which has the room)."""
    if value == 0:
        return _("draw")
    side = _(sides[max_side if value > 0 else 1 - max_side])
    if not plies:
        return _("{side} wins").format(side=side)
    if whole:
        return ngettext("{side} wins in {n} move", "{side} wins in {n} moves", plies).format(side=side, n=plies)
    return _("{side} wins in {n}").format(side=side, n=plies)


def proof_verdict(proof: AIProgress, sides: tuple[str, str]) -> str:
    """Analysis's proof of a position in a box's words: "White wins by 24" (Reversi's solver knows
    the margin on the board), "Black wins", "draw" (``proven_text`` says it whole in the panel)."""
    winner = proof_winner(proof)
    if winner is None:
        return _("draw")
    side = _(sides[winner])
    measure, n = proof_measure(proof)  # the panel's measure; a box's room takes the margin alone
    if measure == DISCS:
        return _("{side} wins by {n}").format(side=side, n=n)
    return _("{side} wins").format(side=side)


def estimate_text(node: Node, game_id: str) -> str:
    """``node``'s estimate in the game's unit from MAX's side (``reported_value``)."""
    return amount_said(*reported_value(node, game_id), game_id)


def amount_said(score: float, kind: str, game_id: str) -> str:
    """A score as a box writes it, signed: in the game's unit as analysis's marks and bar write it
    (``amount_text``: "+4" discs, "+1.0" pieces, "+2.9" points), or the course heuristic's own
    number where it has no conversion (Rastros' Basilio, Hex's shortest paths, which analysis
    gives in chances to win: ``box_unit``), written as the panel writes a bot's own scale ("+3")."""
    return signed_text(score, "+g") if kind == COURSE_SCALE or not box_unit(game_id) else amount_text(score, game_id)


def box_unit(game_id: str) -> str:
    """The unit a tree's estimates are written in (a key of ``UNIT_NAMES``): analysis's, or "" where
    the course heuristic does not convert to it (Hex's chances to win; Rastros' course score)."""
    unit = eval_unit(game_id)
    return "" if unit == "percent" or course_points(game_id) is None else unit


def unit_name(game_id: str, short: bool = False) -> str:
    """What the boxes' numbers count, for the legend (untranslated): analysis's unit (``box_unit``),
    else what the course heuristic measures, said plainly (Hex's "stones ahead in the race to
    connect", Rastros' "the piece's nearness to MAX's goal": a player read "the heuristic's own
    units" as course jargon), else only that it is the heuristic's own number.  ``short``: in a
    few words (``HEURISTIC_UNITS_SHORT``), for a header with no room for the whole."""
    unit = box_unit(game_id)
    if unit:
        return UNIT_NAMES[unit]
    return (short and HEURISTIC_UNITS_SHORT.get(game_id)) or HEURISTIC_UNITS.get(game_id, UNIT_NAMES[""])


def value_words(node: Node, game: Game, max_side: int) -> str:
    """``node``'s value in the game's unit for the side it favours, in the words analysis and the
    hint use for a search's value ("Black +2 discs", "White +1.0 pieces", "better for Dark" of
    Trax's points, ``ai.value_words`` SIDE_ONLY, "Red wins", "even"), where the box shows the lesson's squashed number (-0.53): a student comparing the two read different
    scales.  Hex's analysis gives chances to win, into which the course's shortest paths do not
    convert: only the side they favour is said.  A 0 whose best line ends in a finished game is a
    draw the search proved (a solved 3x3), said so, not "even" (an estimate's word), and so is a
    proven win ("X wins").  "" for a cut node, never searched."""
    if node.value is None:
        return ""
    if node.proven:
        return verdict_text(node.value, game.sides, max_side, node.plies_to_end, whole=True)
    score, kind = reported_value(node, game.id)
    said = eval_text(AIProgress(0, score=score, kind=kind, mover=max_side), game.sides, game.id)
    if said or node.value == 0:
        return said or _("even")
    return _("better for {side}").format(side=_(game.sides[max_side if node.value > 0 else 1 - max_side]))


def window_text(node: Node, tree: Tree, game: Game, max_side: int) -> str:
    """The alpha-beta window ``node`` was searched with, in the boxes' words (``bound_in_units``):
    "α +2  β +∞", "α draw  β White wins" (a win's length left out: it counts from the root, and
    may come from another branch than this node's)."""
    def bound(beta: bool) -> str:
        v = node.beta if beta else node.alpha
        if math.isinf(v):
            return "-∞" if v < 0 else "+∞"
        if is_end_value(v) or (v == 0 and tree.to_the_end):
            return verdict_text(v, game.sides, max_side)
        return amount_said(*bound_in_units(tree, node, beta, game.id), game.id)

    return f"α {bound(False)}  β {bound(True)}"


class TreeExplorerScene(Scene):
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
        self.counts: dict[tuple[str, int], int | None] = {}
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
        deepest.  While the depth is being chosen, one more than the depth chosen
        (``_take_chosen_depth``)."""
        if self.choosing:
            self.steps_asked += 1
            return
        if self._to_the_end():
            self.messages.refuse(_(END_REACHED))
        elif not self.messages.refuse(_(DEEPEST).format(n=MAX_DEPTH) if self.depth >= MAX_DEPTH else ""):
            self.set_depth(self.depth + 1)

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
        self.selected = self.tree.root if self.tree else None
        node = self.selected
        while node is not None and node.children:
            self.open.add(id(node))
            node = node.best_child
        self.invalidate()

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
                self.counts[key] = count_nodes(self.root_state, key[0], key[1], game_id=self.game.id,
                                               limit=COUNT_LIMIT, stop=lambda: self._closed)
            except TreeTooBig:
                self.counts[key] = None
            except BuildStopped:  # the screen was left (close): no count is wanted any more
                with self._lock:
                    self._in_hand.clear()
                    self._counting = None
                return
            self.invalidate()

    def toggle(self, node: Node) -> None:
        """Select ``node`` and open or close it; it stays where it is on screen while the tree
        grows or shrinks round it (as far as the tree's ends allow)."""
        self.selected = node
        if node.children:
            self.open.symmetric_difference_update({id(node)})
            shown = next((rect for rect, n in self.node_rects if n is node), None)
            self.keep = (id(node), shown.centerx) if shown is not None else None
            if id(node) in self.open:
                self.reveal = (node.ply, node.ply + 1)

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

    # -- the Scene interface -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN and self.button_focus.ring_key(self.buttons, event.key, event.mod):
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back, pygame.K_p: self.export_png,
                    pygame.K_1: lambda: self.choose(MINIMAX), pygame.K_2: lambda: self.choose(ALPHABETA),
                    pygame.K_3: lambda: self.choose(ORDERED),
                    pygame.K_PLUS: self.deeper,
                    pygame.K_EQUALS: self.deeper,
                    pygame.K_KP_PLUS: self.deeper,
                    pygame.K_MINUS: self.shallower,
                    pygame.K_KP_MINUS: self.shallower,
                    pygame.K_RETURN: self.toggle_selected, pygame.K_KP_ENTER: self.toggle_selected,
                    pygame.K_SPACE: self.toggle_selected, pygame.K_HOME: self.home}
            pans = {pygame.K_LEFT: lambda: self._scroll(-200), pygame.K_RIGHT: lambda: self._scroll(200),
                    pygame.K_UP: lambda: self._scroll_plies(-1), pygame.K_DOWN: lambda: self._scroll_plies(1)}
            if event.key in pans and event.mod & pygame.KMOD_SHIFT:  # Shift+arrows pan, the arrows select
                pans[event.key]()
            elif event.key in pans:
                self.select_towards(event.key)
            elif event.key in keys:
                keys[event.key]()
        elif event.type == pygame.MOUSEWHEEL:
            if self.tall and event.y and not pygame.key.get_mods() & pygame.KMOD_SHIFT:
                self._scroll_plies(-event.y)  # a deep tree: the wheel goes down the plies, Shift+wheel across
            else:
                self._scroll(-event.y * 80 + event.x * 80)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.drag.press(event.pos, self.canvas)
        elif event.type == pygame.MOUSEMOTION and self.drag.pressed_at is not None:
            self._dragged_to(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.pressed_at is not None:
            pressed = self.drag.pressed_at
            if self.drag.release():
                self.snap = True  # the pan rests on whole columns, as the keys' and the wheel's do
            else:
                self._toggle_at(pressed)

    def _dragged_to(self, pos: tuple[int, int]) -> None:
        """A press on the canvas dragged to ``pos`` pans the tree with it (``DragScroll.pan``):
        across by the pixel, down or up by whole plies.  A finger has no wheel nor Shift, and on a
        touch screen the tree's other moves and deeper plies were out of reach."""
        across, plies = self.drag.pan(pos, self.scale, 1, self.metrics()[3])
        if across or plies:
            self.scroll += across
            self._scroll_plies(plies)
            self.invalidate()

    def _toggle_at(self, pos: tuple[int, int]) -> None:
        """A tap or click on a node, let go where it was pressed, opens or closes it."""
        node = next((node for rect, node in self.node_rects if rect.collidepoint(pos)), None)
        if node is not None:
            self.toggle(node)

    def toggle_selected(self) -> None:
        """Enter or Space: open or close the selected node, as a click on it does, and keep it in sight."""
        if self.tree is not None and self.selected is not None:
            self.toggle(self.selected)
            self.show = id(self.selected)

    def select_towards(self, arrow: int) -> None:
        """An arrow: select the parent (Up), the best child (Down: a closed node is opened first, as
        Enter would), or a sibling (Left, Right); the view follows, one ply or as few columns as it
        takes, so the selected node stays in sight.  Nothing that way: the selection stays."""
        node = self.selected
        if self.tree is None or node is None:
            return
        target = neighbour(self.tree.root, self.open, node, arrow)
        if target is None:
            return
        if arrow == pygame.K_DOWN and id(node) not in self.open:
            self.toggle(node)  # opens it where it is, its children's ply brought in
        self.selected, self.show, self.snap = target, id(target), True
        if self.reveal is None:
            self.reveal = (target.ply, target.ply)

    def home(self) -> None:
        """Back to the view the tree opened with: its top ply, the root, the best line and the root's
        best moves in sight (the nodes opened since stay open), the root selected as it was then."""
        self.scroll, self.first_ply, self.snap = 0, 0, True
        if self.tree is not None:
            self.selected = self.tree.root

    def _scroll(self, dx: int) -> None:
        self.scroll += dx
        self.snap = True

    def _scroll_plies(self, dy: int) -> None:
        self.first_ply = max(0, self.first_ply + dy)  # draw_tree keeps it within the tree

    def update(self, dt: float) -> None:
        self._take_chosen_depth()
        self._show_built()
        self._ask_proofs()
        for a, b in self.algo_buttons.items():
            b.active = a == self.algorithm
        self.btn_less.enabled = self.choosing or self.depth > 1
        self.btn_more.enabled = self.choosing or (self.depth < MAX_DEPTH and not self._to_the_end())

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
        the rest, cut at "estimativas à pr…"."""
        if self.choosing:
            return "", ""
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
            shown = _("counting…") if n == -1 else (_("more than {n}").format(n=number_text(COUNT_LIMIT, ",")) if n is None
                                                    else ngettext("{n} node", "{n} nodes", n).format(n=number_text(n, ",")))
            parts.append(f"{_(TITLES[a])}: {shown}")
        return "   ·   ".join(parts)

    def _draw_side(self, surface: pygame.Surface) -> None:
        theme, s = self.theme, self.scale
        r = self.side
        card(surface, r, theme.panel, int(10 * s))
        node = self.selected
        if node is None:
            return
        pad = int(12 * s)
        rows = self.node_rows(node)
        board = self.side_board(rows)
        self.view.other_notation = other_chosen(self.app)  # Trax's labels name what the tree's moves write
        self.view.layout(board)
        self.view.draw(surface, node.state, Overlay(theme=theme, last_move=node.move, show_legal=False,
                                                    interactive=False, animation_speed=0.0))
        y = board.bottom + pad
        for parts in rows:  # wrapped: the value's words ran past a small window's panel
            for part in parts:
                y = tx.text(surface, part, (r.x + pad, y), int(15 * s), theme.text).bottom
            y += int(4 * s)
        self._draw_legend(surface, self.legend(), r.x + pad, y + int(8 * s), self._side_width(), r.bottom - pad)

    def _side_width(self) -> int:
        """The width of the side panel's words (and its board at its largest), inside its padding."""
        return self.side.width - 2 * int(12 * self.scale)

    def node_rows(self, node: Node) -> list[list[str]]:
        """The selected ``node``'s lines (``node_lines``), each wrapped to the side panel's width:
        worked out once a frame, for ``side_board`` to count and ``_draw_side`` to draw (each
        wrapped them, a line's words measured twice a frame)."""
        return [tx.wrap(line, int(15 * self.scale), self._side_width()) for line in self.node_lines(node)]

    def node_lines(self, node: Node) -> list[str]:
        """The selected ``node``'s words in the side panel, in order, the empty ones left out: the
        proofs', its value, the tree's best move and its ties, the hint's line, who moves, the
        alpha-beta window and its moves, as ``node_rows`` wraps them."""
        who = _("MAX to move") if node.maximizing else _("MIN to move")
        lines = [
            self.root_proof() if node is self.tree_root() else "",
            self.solver_line(node),
            self._ranked_first_line(node),
            self._value_line(node),
            best_move_line(node, self.proofs.proof_of, self.move_text, self._plies_below(node), self.box_text),
            self.hint_line(node),
            f"{who} ({_(self.game.sides[node.state.to_move])})",
            window_text(node, self.tree, self.game, self.root_state.to_move) if self.algorithm != MINIMAX and not node.cut else "",
            {"terminal": _("The game is over here"), "horizon": _("Depth limit: the heuristic's value"),
             "inner": ngettext("{n} move", "{n} moves", len(node.children)).format(n=len(node.children)),
             "cut": ""}[node.kind],
        ]
        return [line for line in lines if line]

    def side_board(self, rows: list[list[str]] | None = None) -> pygame.Rect:
        """Where the side panel draws the selected node's board: as wide as the panel, less (down to
        ``BOARD_LEAST`` of it, centred) where that leaves no room under it for the node's words (its
        own rows as they wrap, at least ``NODE_ROWS_KEPT``) and every item the legend may show, each
        in its shortest form.  At 800x560 a proof's line took the legend's last rows, and its note on
        the order in which the moves are tried, which decides what alpha-beta cuts, was left out; at
        1280x704 the root's hint line and equal best (Trax 8x8 after a level 5 hint) wrapped past six
        rows and took the legend's last item (two in Portuguese).  The room is kept for the legend's
        every item, proofs' notes too, whether or not they show now, so the board keeps its size as
        proofs come in; it changes only for a node whose words run past ``NODE_ROWS_KEPT`` rows.
        ``rows``: the node's lines wrapped (``node_rows``), the selected node's unless given."""
        s, r = self.scale, self.side
        pad = int(12 * s)
        width = self._side_width()
        size, row = tx.small(13, s), tx.line_height(int(15 * s))
        legend_rows = self._legend_rows(size, width)
        if rows is None:
            rows = self.node_rows(self.selected) if self.selected is not None else []
        node_height = max(NODE_ROWS_KEPT * (row + int(4 * s)), sum(len(parts) * row + int(4 * s) for parts in rows))
        words = node_height + int(8 * s) + legend_rows * tx.line_height(size)
        side = max(int(width * BOARD_LEAST), min(width, r.height - 3 * pad - words))
        return pygame.Rect(r.x + pad + (width - side) // 2, r.y + pad, side, side)

    def _legend_rows(self, size: int, width: int) -> int:
        """``legend_rows`` of the legend's every item (``legend(every=True)``) at ``size`` pixels in
        ``width``, measured again only when one of them changes: the legend's words (the algorithm,
        the depth, whether the tree ends, the language), the text size, the panel's width.  The side
        panel is drawn at every move of the mouse, and wrapping every item at every frame was a
        third of its drawing."""
        wanted = (tuple(self.legend(every=True)), size, width)
        return self._legend_rows_kept.get(wanted, lambda: legend_rows(*wanted))

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

    def _ranked_first_line(self, node: Node) -> str:
        """``ranked_first_line`` of ``node``: its parent looked for only where the solver proved it."""
        proven = self.proofs.proof_of(node) is not None
        return ranked_first_line(self.parent_of(node), node, self.proofs.proof_of) if proven else ""

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

    def root_proof(self) -> str:
        """What analysis proved of the root's position, said over the root's value: "Analysis:
        proven: White wins by 24 discs on the board".  A Reversi position analysis had solved read
        "Value +0.23: Black +4 discs" at the root, a depth 2 estimate, with nothing to say the
        position was known to be lost; "" where analysis proved nothing of it."""
        if self.proof is None:
            return ""
        return _("Analysis: {proof}").format(proof=proven_text(self.proof, self.game.sides))

    def _plies_below(self, node: Node) -> int:
        """How many plies the tree searched below ``node`` (the depth its estimate is of)."""
        return max(0, (self.tree.depth if self.tree is not None else self.depth) - node.ply)

    def hint_line(self, node: Node) -> str:
        """Said at the root where the game's hint (H) named another move than the tree's best and
        not one as good: that move's value in this tree, and why the two differ.  Trax 8x8's hint
        said A0\\ "depth 2" where the depth 2 tree chose A0/ and wrote A0\\ "≤+1.1", and a class saw
        two answers to one question: level 5's two-ply look counts a threat of a win left standing
        as won on the ply after, which a depth 2 tree values by the heuristic (at depth 3 it
        chooses A0\\ too).  "" elsewhere."""
        if self.hint is None or node is not self.tree_root() or node.best_child is None:
            return ""
        move, search = self.hint
        child = next((child for child in node.children if child.move == move), None)
        if child is None or move == node.best or move in node.as_good:
            return ""
        said = {"move": self.move_text(node, move), "value": self.box_text(child) if not child.cut else _("cut"),
                "n": self._plies_below(node), "p": search.depth + 1, "source": estimate_depth(search, plain=False)}
        if search.kind == "threats" and search.proven is None and search.depth <= said["n"]:
            return _(HINT_THREATS).format(**said)
        if said["source"] == depth_text(search) and search.depth > said["n"]:
            return _(HINT_DEEPER).format(d=search.depth, **said)
        return _(HINT_SEARCH if said["source"] else HINT_OTHER).format(**said)

    def solver_line(self, node: Node) -> str:
        """What the solver proved of ``node``'s position, in the panel's words: "Solver: proven:
        White wins by 8 discs on the board", "Solver: proven: draw"; "" where analysis's line above
        it says the same proof of the root, or where it proved nothing
        (yet: its box has a ring while it is asked, ``_draw_node``), for a line here would take a
        row from the legend while the solver searches."""
        proof = self.proofs.proof_of(node)
        if proof is None or self._analysis_said(node, proof):
            return ""
        return _("Solver: {proof}").format(proof=proven_text(proof, self.game.sides))

    def _analysis_said(self, node: Node, proof: AIProgress) -> bool:
        """Whether ``root_proof`` already says ``proof`` of ``node``: the root's, in the same words
        (3x3 after b2 a2 read "Analysis: proven: X wins in 5 moves" and the same under "Solver:")."""
        sides = self.game.sides
        return node is self.tree_root() and self.proof is not None and proven_text(proof, sides) == proven_text(self.proof, sides)

    def legend(self, every: bool = False) -> list[tuple[str, ...]]:
        """The legend's items, most needed first, each in its forms (longest first): the depth
        note right after MAX and MIN, for a box's value is not the deeper one analysis shows; in a
        tree with a proven result in it, what its words are beside the numbers (``PROVEN_NOTE``:
        the header says it too, so it gives way before the order of the moves); where a box is
        ticked, what the tick is (``PROVEN_MARK_NOTE``: the panel says the proof too, so it gives
        way before the words' note).  ``every``: those two too where they do not show (yet), as
        ``side_board`` keeps room for them."""
        def said(*forms: str) -> tuple[str, ...]:
            return tuple(_(form).format(n=self.depth) for form in forms)

        return [said(N_("MAX: the side to move at the root, picks the highest value"),
                     N_("MAX: moves at the root, picks the highest")),
                said(N_("MIN: the other side, picks the lowest")),
                said(DEPTH_NOTE_TO_THE_END, DEPTH_NOTE_TO_THE_END_SHORT) if self._to_the_end()
                else said(DEPTH_NOTE, DEPTH_NOTE_SHORT),
                said(N_("Crossed out: cut by alpha-beta (α ≥ β)")) if self.algorithm == MINIMAX
                else said(N_("Crossed out: cut by alpha-beta (α ≥ β); ≤ or ≥: only a bound, alpha-beta needed no more"),
                          N_("Crossed out: cut (α ≥ β); ≤ ≥: a bound")),
                said(N_("Click a node, or press Enter, to open or close it"), N_("Click or Enter: open or close a node")),
                said(N_("Arrows: parent, best move, siblings; Shift+arrows: scroll")),
                said(*ORDER_NOTES[move_order(self.game, self.algorithm)]),
                *([said(*PROVEN_NOTE)] if (every or self.says_proofs()) and not self._to_the_end() else []),
                *([said(*PROVEN_MARK_NOTE)] if every or self.proofs.any_proof() else []),
                said(N_("The count under a node: its moves, not opened yet"))]

    def _value_line(self, node: Node) -> str:
        """The selected node's value, as its box shows it and in the game's words (``value_words``):
        "Value -0.53: White +2 discs"; under a proof of its position, only as the estimate it is
        (``_estimate_beside_proof``)."""
        if node.cut:
            return _("Cut: never searched")
        max_side = self.root_state.to_move
        shown = node_value_text(node, self.game, max_side).lstrip("".join(BOUND_SIGNS.values()))
        if node.proven:  # a win's length said whole, where the box has room for "in 3" only
            return _("Proven: {result}").format(result=value_words(node, self.game, max_side))
        if bound_draw(node):
            return _(BOUND_DRAW_WORDS[node.bound])
        if node.bound:  # the leaf its best line ends in is only the refutation: its words would mislead
            return _(BOUND_WORDS[node.bound]).format(value=shown)
        if self.proof_said(node):
            return self._estimate_beside_proof(node, shown)
        words = value_words(node, self.game, max_side)
        return _("Value {value}: {words}").format(value=shown, words=words) if words else _("Value {value}").format(value=shown)

    def proof_said(self, node: Node) -> bool:
        """Whether the panel of ``node`` says a proof of its position above its value: analysis's
        at the root (``root_proof``), or the solver's (``solver_line``)."""
        return (self.proof is not None and node is self.tree_root()) or self.proofs.proof_of(node) is not None

    def _estimate_beside_proof(self, node: Node, shown: str) -> str:
        """``node``'s estimate under a proof of its position, said as what it is, the estimate of a
        search this many plies deep (the heuristic's own at the depth limit), with no side said
        ahead, which would read as a verdict: "Depth 4 estimate +25; the proof above is exact"."""
        plies = (self.tree.depth if self.tree is not None else self.depth) - node.ply
        if plies <= 0:
            return _(HEURISTIC_BESIDE_PROOF).format(value=shown)
        return _(ESTIMATE_BESIDE_PROOF).format(n=plies, value=shown)

    def _draw_legend(self, surface: pygame.Surface, legend: list[tuple[str, ...]], x: int, y: int, width: int,
                     bottom: int) -> None:
        """The legend's items from ``y`` down, wrapped to ``width``, as many as end above
        ``bottom`` (``legend_lines``): in a small window in Portuguese the last line ran over the
        panel's edge.  Wrapped again only when the items' words, the text size, the width or the
        rows left change (another node's words above them), not at every frame."""
        size = tx.small(13, self.scale)
        wanted = (tuple(legend), size, width, (bottom - y) // tx.line_height(size))
        for lines in self._legend_lines_kept.get(wanted, lambda: legend_lines(*wanted)):  # wrapped again only as they change
            for line in lines:
                y = tx.text(surface, line, (x, y), size, self.theme.muted).bottom


def move_order(game: Game, algorithm: str) -> str:
    """Which ``ORDER_NOTES`` says how ``algorithm`` orders ``game``'s moves: best first when ordered,
    else AIMA's row by row on Tic-tac-toe boards of up to ``COURSE_ORDER_CELLS`` squares (as
    ``course_moves`` does), else the order the rules list them in."""
    if algorithm == ORDERED:
        return ORDERED
    return "course" if game.id == "tictactoe" and game.cells <= COURSE_ORDER_CELLS else "rules"


def legend_rows(items: Sequence[tuple[str, ...]], size: int, width: int) -> int:
    """The rows the legend's ``items`` take wrapped to ``width`` pixels at ``size``, each in its
    shortest form (the last): the room ``side_board`` keeps under the board."""
    return sum(len(tx.wrap(forms[-1], size, width)) for forms in items)


def legend_lines(items: Sequence[tuple[str, ...]], size: int, width: int, rows: int) -> list[list[str]]:
    """The legend's ``items`` (each its forms, longest first) wrapped to ``width`` pixels in at
    most ``rows`` lines: each in its longest form while all fit, the least needed (the last)
    shortened first; then, in their shortest, the last items left out while they do not fit."""
    picks = [0] * len(items)

    def wrapped() -> list[list[str]]:
        return [tx.wrap(forms[pick], size, width) for forms, pick in zip(items, picks)]

    lines = wrapped()
    for i in reversed(range(len(items))):
        if sum(map(len, lines)) <= rows:
            return lines
        if len(items[i]) > 1:
            picks[i] = len(items[i]) - 1
            lines = wrapped()
    kept: list[list[str]] = []
    for item in lines:
        if sum(map(len, kept)) + len(item) > rows:
            break
        kept.append(item)
    return kept


# -- the tree's drawing, shared by the screen and the picture ------------------------------------------
# a box from its left edge, in pixels at scale 1: the triangle's centre and half width, then the
# value's room, which starts a gap past the triangle and ends a gap before the right edge
TRIANGLE_CENTRE, TRIANGLE_HALF = 9, 5
VALUE_LEFT, VALUE_RIGHT = TRIANGLE_CENTRE + TRIANGLE_HALF + 4, 4
WIDEST_VALUE = "≥+0.00"  # the widest value a box holds: a bound's sign before an estimate


def node_metrics(s: float, widest: str = WIDEST_VALUE) -> tuple[int, int, int, int, int, int]:
    """(box width, box height, step between boxes, step between plies, value font, move font)
    at scale ``s``: never smaller than a 10-pixel text needs (at 800x560 the moves were 7 pixels),
    and wide enough for the ``widest`` value beside the triangle with a gap on each side (at Larger
    text "≤-0.73" touched the triangle; ``_draw_node`` centres the value in that room)."""
    font = tx.small(13, s)
    room = VALUE_LEFT * s + tx.prose_width(widest, font) + VALUE_RIGHT * s  # kept: asked for at every node drawn
    box_w, box_h = max(46, int(58 * s), math.ceil(room)), max(22, int(30 * s))
    return box_w, box_h, box_w + int(10 * s), int(86 * s), font, tx.small(11, s)


@dataclass(frozen=True)
class Placing:
    """Where a drawing puts the layout: a layout x at ``offset`` + x on screen, the centres of ply
    ``first_ply``'s nodes at ``top`` + half a box, each ply ``level`` pixels below the last."""

    offset: int
    top: int
    first_ply: int
    level: int
    box_h: int

    def centre(self, x: int, ply: int) -> tuple[int, int]:
        return self.offset + x, self.top + (ply - self.first_ply) * self.level + self.box_h // 2


def draw_tree(surface: pygame.Surface, scene: TreeExplorerScene, area: pygame.Rect, scroll: int,
              first_ply: int = 0, snap: bool = False, reveal: tuple[int, int] | None = None,
              ) -> tuple[list[tuple[pygame.Rect, Node]], int, int, bool]:
    """The open part of the tree in ``area``, panned ``scroll`` pixels (see ``pan``; ``snap``: round
    the pan to whole columns) from ``first_ply`` down (kept so that the plies ``reveal`` are shown).
    Only whole nodes are drawn: one an edge of the area would cut is left out (its edge runs off).
    Only the edges that can touch the surface's clip (the canvas, on the screen) are drawn: a wide
    open tree has thousands out of sight.  Returns the nodes' rectangles, the scroll and the first
    ply as far as they can go, and whether the area holds fewer plies than the open tree."""
    s = scene.scale
    box_w, box_h, step, level, _font, small = scene.metrics()
    margin = box_w // 2 + int(10 * s)  # how far a node reaches either side of its x, with a gap
    room = area.width - 2 * margin - step  # the x's a view holds, a half step spare each side for the snap
    line = tx.line_height(small)
    top = area.y + max(int(24 * s), line + int(4 * s))  # room for the first row's move names
    rows = max(1, (area.bottom - line - int(4 * s) - top - box_h) // level + 1)  # a count of moves under the last row
    index = scene.layout_index(step, line_reach(room, rows))
    layout = index.layout
    first_ply = max(0, min(first_ply, index.deepest - rows + 1))
    if reveal is not None:
        first_ply = max(0, min(reveal[0], max(first_ply, reveal[1] - rows + 1)))
    last_ply = first_ply + rows - 1
    keep = (layout[scene.keep[0]][1], scene.keep[1]) if scene.keep is not None and scene.keep[0] in layout else None
    kept = layout[scene.keep[0]][0] if keep is not None else None
    follow = layout[id(kept.best_child)][1] if kept is not None and kept.best_child and id(kept) in scene.open else None
    show = layout[scene.show][1] if scene.show in layout else None
    inset = max(2, int(5 * s))  # a column the pan rests on starts this far inside the edge
    middle = view_middle(scene.tree.root, scene.open, layout, first_ply, last_ply, room)
    offset, scroll = pan(area, [index.left, index.right], middle, scroll, margin, keep,
                         (step, step // 2 - box_w // 2 - inset) if snap else None, follow, show)
    place = Placing(offset, top, first_ply, level, box_h)
    shown = nodes_in_sight(index, place, area, box_w, last_ply)
    _draw_edges(surface, scene, index, place, edges_to_draw(index, place, area, box_w, last_ply, shown),
                count_holes(scene, layout, place, shown))
    for node in shown:  # the moves' names, over every edge (the edges drawn after one struck it through)
        if id(node) in index.parent:
            cx, cy = place.centre(layout[id(node)][1], node.ply)
            _on_chip(surface, scene, move_label(scene, layout[index.parent[id(node)]][0], node, small, box_w),
                     (cx, cy - box_h // 2 - int(2 * s)), "midbottom")
    return ([(_draw_node(surface, scene, node, place.centre(layout[id(node)][1], node.ply)), node) for node in shown],
            scroll, first_ply, index.deepest > last_ply)


def line_reach(room: int, rows: int) -> int:
    """How far (layout pixels) a parent may stand from its best move (``visible_layout``'s
    ``reach``) so that the best line's part on a canvas of ``rows`` plies fits ``room`` across:
    each ply's step of the line at most ``room`` over the steps between those rows.  With half a
    canvas a ply, alpha-beta's 3x3 line from the empty board at depth 9 (its best move often a
    node's first, leftmost) drifted left ply after ply and ran off the canvas's edge."""
    return room // max(2, rows - 1)


def nodes_in_sight(index: LayoutIndex, place: Placing, area: pygame.Rect, box_w: int, last_ply: int) -> list[Node]:
    """The nodes whose whole box lies in ``area`` across, from ``place.first_ply`` to ``last_ply``,
    in the layout's order."""
    low, high = area.x + box_w // 2 - place.offset, area.right - box_w + box_w // 2 - place.offset
    found = sorted(seen for ply in range(place.first_ply, last_ply + 1) for seen in index.nodes_between(ply, low, high))
    return [index.layout[node_id][0] for _order, node_id in found]


def edges_to_draw(index: LayoutIndex, place: Placing, area: pygame.Rect, box_w: int, last_ply: int,
                  shown: list[Node]) -> Callable[[int, int], bool]:
    """Whether the edge from a parent to a child (their ids) is drawn: to a node in sight, to one
    on a ply below the view, or to the nearest hidden move on each side of its parent's moves in
    sight, which says that more lie that way.  Every edge to a hidden move of a wide open node
    (Tic-tac-toe 7x6's 38 first moves) ran off the canvas's side almost flat, a grey hatched band
    over the moves' names."""
    low, high = area.x + box_w // 2 - place.offset, area.right - box_w + box_w // 2 - place.offset
    in_sight = {id(node) for node in shown}
    nearest: dict[int, set[int]] = {}  # parent id -> its nearest hidden move on each side

    def drawn(parent_id: int, child_id: int) -> bool:
        child, _x, ply = index.layout[child_id]
        if child_id in in_sight or not place.first_ply <= ply <= last_ply:
            return True
        if parent_id not in nearest:
            nearest[parent_id] = nearest_hidden(index, index.layout[parent_id][0], low, high)
        return child_id in nearest[parent_id]

    return drawn


def nearest_hidden(index: LayoutIndex, parent: Node, low: int, high: int) -> set[int]:
    """The ids of ``parent``'s moves nearest the view (layout x's ``low`` to ``high``) among those
    left of it, and among those right of it: one of each at most."""
    xs = [(index.layout[id(child)][1], id(child)) for child in parent.children]
    left = max(((x, child_id) for x, child_id in xs if x < low), default=None)
    right = min(((x, child_id) for x, child_id in xs if x > high), default=None)
    return {found[1] for found in (left, right) if found is not None}


def count_holes(scene: TreeExplorerScene, layout: Layout, place: Placing, shown: list[Node]) -> dict[int, list[pygame.Rect]]:
    """By ply, where the edges from that ply down leave a gap: round the count of moves written
    under each closed box in sight (``count_caption``), a few pixels wider than its chip.  A wide
    open node's edges fan out through its row's counts: drawn before them, on the chips' own
    hairline margin, they ran into the "120 moves" and read as striking them through."""
    s = scene.scale
    box_w, box_h = scene.metrics()[:2]
    gap = max(2, int(3 * s)) + max(1, int(2 * s))  # clear of the text, and of the best edge's width
    holes: dict[int, list[pygame.Rect]] = {}
    for node in shown:
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = place.centre(layout[id(node)][1], node.ply)
        caption = count_caption(scene, node, box)
        if caption is not None:
            holes.setdefault(node.ply, []).append(caption[1].inflate(2 * gap, 2 * gap))
    return {ply: joined_holes(row, 3 * gap) for ply, row in holes.items()}


def joined_holes(holes: list[pygame.Rect], least: int) -> list[pygame.Rect]:
    """``holes`` of one row, two that leave less than ``least`` pixels between them made one: the
    bits of a fan's edges left between two neighbours' counts read as dotted marks."""
    joined: list[pygame.Rect] = []
    for hole in sorted(holes, key=lambda rect: rect.left):
        if joined and hole.left - joined[-1].right < least:
            joined[-1] = joined[-1].union(hole)
        else:
            joined.append(hole.copy())
    return joined


def _draw_edges(surface: pygame.Surface, scene: TreeExplorerScene, index: LayoutIndex, place: Placing,
                drawn: Callable[[int, int], bool], holes: dict[int, list[pygame.Rect]]) -> None:
    """Each open node's edge to each of its children that ``drawn`` keeps, a cut one crossed out,
    as far as it can touch the surface's clip: in the order the whole tree's are drawn in, so that
    they cross as they would.  The best move's edge is a thick line; the others are smoothed
    (anti-aliased) hairlines: a node's shallow edges side by side, drawn as staircases of whole
    pixels, read as a hatched band.  An edge stops short of a count written under a closed box
    of its parent's row and goes on past it (``holes``: ``count_holes``)."""
    theme, s = scene.theme, scene.scale
    width, cross_width, k = max(1, int(2 * s)), max(2, int(3 * s)), int(6 * s)
    colours = {"cut": mix(theme.muted, theme.background, 0.4), "best": theme.accent,
               "other": mix(theme.text, theme.background, 0.5)}
    half = place.box_h // 2
    for _order, parent_id, child_id in edges_in_sight(index, place, surface.get_clip(), k + cross_width + 1):
        if not drawn(parent_id, child_id):
            continue
        parent, px, _ply = index.layout[parent_id]
        child, cx, _ply = index.layout[child_id]
        (px, py), (cx, cy) = place.centre(px, parent.ply), place.centre(cx, child.ply)
        kind = "cut" if child.cut else "best" if child.move == parent.best else "other"
        start, end = (px, py + half), (cx, cy - half)
        crossed = [hole for hole in holes.get(parent.ply, ()) if hole.clipline(start, end)]
        for piece_start, piece_end in outside_holes(start, end, crossed) if crossed else [(start, end)]:
            if kind == "best":
                pygame.draw.line(surface, colours[kind], piece_start, piece_end, width)
            else:
                pygame.draw.aaline(surface, colours[kind], piece_start, piece_end)
        if child.cut:
            mx, my = (px + cx) // 2, (py + half + cy - half) // 2
            pygame.draw.line(surface, theme.invalid, (mx - k, my - k), (mx + k, my + k), cross_width)
            pygame.draw.line(surface, theme.invalid, (mx - k, my + k), (mx + k, my - k), cross_width)


def edges_in_sight(index: LayoutIndex, place: Placing, seen: pygame.Rect, reach: int) -> list[tuple[int, int, int]]:
    """(order, parent id, child id) of the edges a stroke reaching ``reach`` pixels either side of
    the line from its parent's box to its child's can touch ``seen`` with, in the order the whole
    tree's edges are drawn in."""
    found = []
    for ply in range(index.deepest):
        below_parent = place.centre(0, ply)[1] + place.box_h // 2
        above_child = place.centre(0, ply + 1)[1] - place.box_h // 2
        if above_child + reach < seen.top or below_parent - reach >= seen.bottom:
            continue
        found += index.edges_between(ply, seen.left - place.offset - reach, seen.right - 1 - place.offset + reach)
    return sorted(found)


def move_label(scene: TreeExplorerScene, parent: Node, child: Node, size: int, width: int) -> str:
    """The move that led to ``child``, as written over it: shortened to ``width`` pixels."""
    return tx.fit(scene.move_text(parent, child.move), size, width)


def _on_chip(surface: pygame.Surface, scene: TreeExplorerScene, label: str, place: tuple[int, int], anchor: str) -> None:
    """Small text on a chip of the canvas's colour: an edge under it does not strike it through."""
    theme, s = scene.theme, scene.scale
    small = scene.metrics()[5]
    chip = chip_of(label, small, s)
    setattr(chip, anchor, place)
    pygame.draw.rect(surface, mix(theme.panel, theme.background, 0.4), chip, border_radius=int(3 * s))
    tx.text(surface, label, place, small, theme.muted, anchor)


def _draw_node(surface: pygame.Surface, scene: TreeExplorerScene, node: Node, centre: tuple[int, int]) -> pygame.Rect:
    """One node's box centred at ``centre``: its value and a triangle up (MAX) or down (MIN), a
    cut one greyed with a dash, a closed one with its count of moves under it, one whose position
    the solver proved with a tick on its corner (``_draw_proven_mark``), a ring there while the
    solver is asked about it.  Returns the box.

    A proven box keeps the tree's value, not the solver's result: a parent's value is its best
    child's, computed from the estimates below it, and a child reading "White wins" under a parent
    reading "+2" would make the lesson's minimax look wrong.  The tick says the position is known;
    the panel says what is known of it (``solver_line``)."""
    theme, s = scene.theme, scene.scale
    box_w, box_h, _step, _level, font, small = scene.metrics()
    rect = pygame.Rect(0, 0, box_w, box_h)
    rect.center = centre
    if node.cut:
        pygame.draw.rect(surface, mix(theme.muted, theme.background, 0.5), rect, max(1, int(2 * s)),
                         border_radius=int(6 * s))
        tx.text(surface, "—", rect.center, font, theme.muted, "center")
        return rect
    fill = mix(theme.panel, theme.side0 if node.maximizing else theme.side1, 0.35)
    border = theme.hint if node is scene.selected else mix(fill, theme.text, 0.4)
    pygame.draw.rect(surface, fill, rect, border_radius=int(6 * s))
    pygame.draw.rect(surface, border, rect, max(1, int((3 if node is scene.selected else 1) * s)),
                     border_radius=int(6 * s))
    tip = rect.x + int(TRIANGLE_CENTRE * s), rect.centery
    k = int(TRIANGLE_HALF * s)
    points = ([(tip[0] - k, tip[1] + k // 2), (tip[0] + k, tip[1] + k // 2), (tip[0], tip[1] - k)]
              if node.maximizing else [(tip[0] - k, tip[1] - k // 2), (tip[0] + k, tip[1] - k // 2),
                                       (tip[0], tip[1] + k)])
    pygame.draw.polygon(surface, theme.text, points)
    value_x = (rect.x + VALUE_LEFT * s + rect.right - VALUE_RIGHT * s) / 2  # the middle of the room right of the triangle
    tx.text(surface, scene.box_text(node), (int(value_x), rect.centery), font, theme.text,
            "center", bold=node.kind == "terminal")
    caption = count_caption(scene, node, rect)
    if caption is not None:
        _on_chip(surface, scene, caption[0], caption[1].midtop, "midtop")
    if scene.proofs.proof_of(node) is not None:
        _draw_proven_mark(surface, scene, rect)
    elif scene.proofs.asking(node):
        pygame.draw.circle(surface, scene.theme.accent, mark_centre(rect, s), mark_radius(s), max(1, int(2 * s)))
    return rect


def mark_centre(rect: pygame.Rect, s: float) -> tuple[int, int]:
    """Where a box's solver mark goes: on its top right corner, clear of the value's text."""
    return rect.right - int(2 * s), rect.top + int(2 * s)


def mark_radius(s: float) -> int:
    return max(5, int(7 * s))


def _draw_proven_mark(surface: pygame.Surface, scene: TreeExplorerScene, rect: pygame.Rect) -> None:
    """A tick in a disc on ``rect``'s corner (``mark_centre``): the solver proved this box's
    position.  Drawn, not written: the fonts shipped have no tick."""
    theme, s = scene.theme, scene.scale
    radius = mark_radius(s)
    cx, cy = mark_centre(rect, s)
    pygame.draw.circle(surface, theme.accent, (cx, cy), radius)
    k = radius * 0.55
    tick = [(cx - k, cy), (cx - k * 0.3, cy + k * 0.7), (cx + k, cy - k * 0.6)]
    pygame.draw.lines(surface, theme.background, False, tick, max(2, int(2 * s)))


def count_caption(scene: TreeExplorerScene, node: Node, box: pygame.Rect) -> tuple[str, pygame.Rect] | None:
    """What a closed node's count of moves reads under its ``box`` ("6 moves": ``count_label``)
    and the chip it is written on (``_on_chip``); None for a node open or with no moves.  The
    edges leave a gap round that chip (``count_holes``)."""
    if not node.children or id(node) in scene.open:
        return None
    s = scene.scale
    _w, _h, step, _level, _font, small = scene.metrics()
    label = count_label(len(node.children), small, step - int(8 * s))
    chip = chip_of(label, small, s)
    chip.midtop = (box.centerx, box.bottom + int(2 * s))
    return label, chip


def count_label(count: int, size: int, room: int) -> str:
    """What a closed node's count of moves reads under it: "6 moves", or "6" where that does not
    fit between its neighbours' (a wide Hex or gomoku fan).  It read "+6", which under a box's
    "+0.10" a class took for a second value."""
    said = ngettext("{n} move", "{n} moves", count).format(n=count)
    return said if tx.prose_width(said, size) <= room else str(count)


def chip_of(label: str, size: int, s: float) -> pygame.Rect:
    """The chip ``label`` is written on at ``size`` (``_on_chip``), at the origin: its width
    kept (``tx.prose_width``), as the labels under the boxes are drawn again at every frame."""
    return pygame.Rect(0, 0, tx.prose_width(label, size), tx.ui_font(size).get_height()).inflate(int(4 * s), 0)


def tree_picture(scene: TreeExplorerScene) -> pygame.Surface:
    """The open tree, its whole width, on a picture of its own."""
    s = scene.scale
    _w, _h, step, level, _font, _small = scene.metrics()
    layout = scene.layout(step) if scene.tree else {}
    width = max([x for _n, x, _p in layout.values()] + [0]) + step + int(40 * s)
    depth = max([p for _n, _x, p in layout.values()] + [0])
    height = int(24 * s) + (depth + 1) * level + int(20 * s)
    picture = pygame.Surface((max(400, width), max(200, height)))
    picture.fill(scene.theme.background)
    if scene.tree is not None:  # the whole tree fits: centred
        draw_tree(picture, scene, picture.get_rect().inflate(-int(20 * s), 0), 0)
    return picture
