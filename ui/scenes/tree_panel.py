"""The search tree explorer's side panel: the selected node's board, its words (the proofs, its
value, the best move and its ties, the hint's move, who moves, the alpha-beta window) and the
legend under them, fitted to the panel's room.  A mixin of ``TreeExplorerScene``
(ui.scenes.tree_explorer), which owns the state.

The board gives way to the words (``side_board``, down to ``BOARD_LEAST`` of the panel's width),
and the legend's items take shorter forms where the panel is still short (``legend_lines``).
Kept apart from the canvas's tree (ui.scenes.tree_drawing) and the screen's input and commands.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ai.game_tree import MINIMAX, Node
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.board_view import Overlay
from ui.i18n import N_, _, ngettext
from ui.notation import other_chosen
from ui.scenes.thinking import depth_text, estimate_depth, proven_text
from ui.scenes.tree_words import (
    BOUND_DRAW_WORDS,
    BOUND_SIGNS,
    BOUND_WORDS,
    DEPTH_NOTE,
    DEPTH_NOTE_SHORT,
    DEPTH_NOTE_TO_THE_END,
    DEPTH_NOTE_TO_THE_END_SHORT,
    ESTIMATE_BESIDE_PROOF,
    HEURISTIC_BESIDE_PROOF,
    HINT_DEEPER,
    HINT_OTHER,
    HINT_SEARCH,
    HINT_THREATS,
    ORDER_NOTES,
    PROVEN_MARK_NOTE,
    PROVEN_NOTE,
    bound_draw,
    move_order,
    node_value_text,
    value_words,
    window_text,
)
from ui.tree_ranking import best_move_line, ranked_first_line
from ui.widgets import card

# the side panel's board gives way to the words under it (``side_board``), down to this share of the
# panel's width: the legend lost its note on the order of the moves at 800x560 once a proof was said,
# and at 1024x600 in Portuguese its last item under Trax's hint line with the board at half the width
BOARD_LEAST = 0.4
# the rows of the selected node's words the board leaves room for above the legend at least (more
# where they wrap to more, ``side_board``): a proof's line, the estimate under it (two rows), who
# moves, the alpha-beta window and the moves
NODE_ROWS_KEPT = 6


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


class TreePanel:
    """The side panel of the selected node (mixed into TreeExplorerScene)."""

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The selected node's board, its words and the legend; with no node selected (the tree
        being built, or too big to build), the board of the position the tree is of alone."""
        theme, s = self.theme, self.scale
        r = self.side
        card(surface, r, theme.panel, int(10 * s))
        node = self.selected
        pad = int(12 * s)
        rows = self.node_rows(node) if node is not None else []
        board = self.side_board(rows)
        self.view.other_notation = other_chosen(self.app)  # Trax's labels name what the tree's moves write
        self.view.layout(board)
        # no node selected (the tree being built, or too big to build): the position the tree is of,
        # where the panel stayed blank, for as long as a Hex 19x19 tree takes to build (seconds)
        state, move = (node.state, node.move) if node is not None else (self.root_state, None)
        self.view.draw(surface, state, Overlay(theme=theme, last_move=move, show_legal=False,
                                               interactive=False, animation_speed=0.0))
        if node is None:
            return
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

    def _ranked_first_line(self, node: Node) -> str:
        """``ranked_first_line`` of ``node``: its parent looked for only where the solver proved it."""
        proven = self.proofs.proof_of(node) is not None
        return ranked_first_line(self.parent_of(node), node, self.proofs.proof_of) if proven else ""

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
        note right after MAX and MIN, for a box's value is not the deeper one analysis shows; where
        a box is ticked, what the tick is (``PROVEN_MARK_NOTE``), right after the marks of alpha-beta,
        then the order of the moves; in a tree with a proven result in it, what its words are beside
        the numbers (``PROVEN_NOTE``: the header says it too).  The keys come last, and give way
        first (``legend_lines``): at Larger text, once the solver ticked a box, the tick's note and
        the order's came after them and were left out, and the ticks went unexplained.  ``every``:
        the proofs' notes too where they do not show (yet), as ``side_board`` keeps room for them."""
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
                *([said(*PROVEN_MARK_NOTE)] if every or self.proofs.any_proof() else []),
                said(*ORDER_NOTES[move_order(self.game, self.algorithm)]),
                *([said(*PROVEN_NOTE)] if (every or self.says_proofs()) and not self._to_the_end() else []),
                said(N_("The count under a node: its moves, not opened yet")),
                said(N_("Click a node, or press Enter, to open or close it"), N_("Click or Enter: open or close a node")),
                said(N_("Arrows: parent, best move, siblings; Shift+arrows: scroll"))]

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
