"""The search tree explorer's words: what its header, boxes and side panel say, and how a value
is said (ui.scenes.tree_explorer).

A box reads a proven result in words ("White wins", "draw") or an estimate in the game's unit
as analysis writes it ("+4" discs: ``node_value_text``), marked "≤" or "≥" where alpha-beta only
bounded it; the panel says a value in analysis's words (``value_words``) and the alpha-beta
window in the boxes' (``window_text``).  Kept apart from the screen and its drawing: the words a
value is said in, shared by the header, the boxes and the panel, are found in one place.
"""

from __future__ import annotations

import math

from ai.game_tree import (
    ALPHABETA,
    COURSE_ORDER_CELLS,
    MINIMAX,
    ORDERED,
    Node,
    Tree,
    bound_in_units,
    course_points,
    is_end_value,
    reported_value,
)
from ai.search.classic import COURSE_SCALE
from games.base import Game
from ui.ai_worker import AIProgress
from ui.analysis import BOUND_SIGNS, amount_text, eval_unit, signed_text
from ui.i18n import N_, _, ngettext
from ui.scenes.thinking import DISCS, eval_text, proof_measure, proof_winner

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
# a tree too big to build at a depth whose lines stop short of the end (3x3's minimax at depth 8):
# no values are shown, so the header says so instead of what such values would be
VALUES_NOTE_TOO_BIG = N_("No values to show: the tree is too big at depth {n}")
VALUES_NOTE_TOO_BIG_SHORT = N_("Tree too big at depth {n}: no values")
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
# Depth + on a tree too big to build: it went on to build a deeper one, bigger still, for seconds (15x15
# after h8 h7: 27 s for depth 5 after depth 4's), not a word meanwhile, to say it was too big again
TOO_BIG_ALREADY = N_("The tree is already too big at depth {n}: a deeper one would be bigger still")
# Enter or Space on a node with nothing below it (``TreeInput.toggle_selected``), by its kind: the
# legend's "Click or Enter: open or close a node" did nothing there, not a word
NOTHING_BELOW = {
    "terminal": N_("The game is over in this position: there is nothing below it to open"),
    "horizon": N_("The tree stops here, at depth {n}: Depth + looks a move further"),
    "cut": N_("Alpha-beta never searched this move: there is nothing below it to open"),
}
NOTHING_BELOW_DEEPEST = N_("The tree stops here, at its deepest, depth {n}")
# the mark of a position the solver proved (``_draw_proven_mark``), in the legend, longest form first
PROVEN_MARK_NOTE = (N_("Ticked box: the solver proved that position; select it for the result"),
                    N_("Ticked: proven by the solver"))
# the canvas while the explorer chooses the depth to open at (``default_depth``, in a thread)
CHOOSING = N_("Choosing a depth that builds quickly…")


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


def move_order(game: Game, algorithm: str) -> str:
    """Which ``ORDER_NOTES`` says how ``algorithm`` orders ``game``'s moves: best first when ordered,
    else AIMA's row by row on Tic-tac-toe boards of up to ``COURSE_ORDER_CELLS`` squares (as
    ``course_moves`` does), else the order the rules list them in."""
    if algorithm == ORDERED:
        return ORDERED
    return "course" if game.id == "tictactoe" and game.cells <= COURSE_ORDER_CELLS else "rules"
