"""The evaluation bar beside the board in analysis mode: who stands better, and by how much.

The bar is split between the two sides' colours at the position's value on the replay graph's
scale (ui/analysis.py ``normalise``: -1 the first side loses .. +1 it wins), so the bar, the
graph and the panel tell one story.  The value is the best move's value from analysis mode; its
text is in the game's one unit (ui/analysis_mode.py ``value_text``), said for the side it favours,
with that unit under it where the number carries none ("+6" over "discs" in Reversi, ``unit_word``).
Where the evaluation graph has a value of the position shown, the bar shows that one
(``bar_value``): the graph keeps the deepest search's value of each ply (ui/eval_graph.py), and
the bar said South better from analysis' first plies while the graph kept a deeper search's
North; so the bar and the graph show the same value for the same ply.  That deeper value is not
the one of the panel's best line (analysis' own, still shallower: a position browsed back to,
or reached by a move whose value analysis had found deeper from the position before): the bar
read "+2" beside "Black +1 disc".  The caption then says which search the bar's number stands
on ("Analysis: depth 12… (bar: depth 16)", ``bar_note``) until analysis' own is as deep.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

import pygame

from ai.move_values import MoveValue, MoveValues
from games.base import Game, State
from games.record_parts import ProofMeasure
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import (
    Opinion,
    eval_unit,
    forced_through,
    latest_valued,
    normalise,
    plural_count,
    scale_in,
    signed_text,
)
from ui.analysis_mode import value_text, values_scale
from ui.i18n import _, ngettext, number_text
from ui.theme import INK, Theme, contrast, ink_on, readable
from ui.widgets import mix

WIDTH = 26  # unscaled pixels
DIMMED = 0.45  # how far a value of the graph's fades to the panel: not analysis' own of the position
NARROWEST = 24  # pixels: a three-digit value (Rastros' "+166", bold, at the smallest print) fits inside the bar


def carve(board: pygame.Rect, scale: float, shown: bool) -> tuple[pygame.Rect, pygame.Rect]:
    """Split the board's rectangle: (the board's part, the bar's) -- the bar at the left edge, never
    narrower than ``NARROWEST``: scaled down to 18 pixels at 800x600, a "+166", set at 8 pixels,
    still ran over the bar's colour onto its outline."""
    if not shown:
        return board, pygame.Rect(board.x, board.y, 0, 0)
    width, gap = max(NARROWEST, int(WIDTH * scale)), int(14 * scale)
    bar = pygame.Rect(board.x, board.y + int(20 * scale), width, board.height - int(40 * scale))
    return pygame.Rect(board.x + width + gap, board.y, board.width - width - gap, board.height), bar


def position_value(snapshot: MoveValues | None, game_id: str) -> tuple[float, str] | None:
    """The first side's share of the bar (-1 .. +1) and the value's text ("+6", "62%", "W5") said
    for the side the value favours; None before any value arrived."""
    best = None if snapshot is None else snapshot.best()
    if best is None:
        return None
    scale = values_scale(snapshot, game_id)
    mover_view = float(best.proven) if best.proven is not None else None
    op = Opinion(best.score, best.kind, None if mover_view is None else best.proven, snapshot.mover)
    return normalise(op, scale_in(game_id, scale, best.unit, snapshot.stage)), favoured_text(best, game_id)


def favoured_text(value: MoveValue, game_id: str) -> str:
    """``value`` (for the side to move) in the game's unit, said for the side it favours: the bar's
    colour there tells which side that is."""
    if value.proven is not None and value.proven < 0:  # the opponent wins: said as its win
        favoured = replace(value, score=-value.score, proven=1, bound=-value.bound)
    elif value.kind == "mcts" and value.score < 0.5:
        favoured = MoveValue(value.move, 1.0 - value.score, "mcts")
    elif value.kind == "alphabeta" and value.score < 0:
        favoured = MoveValue(value.move, -value.score, unit=value.unit)
    else:
        favoured = value
    return value_text(favoured, game_id)


class GraphValue(NamedTuple):
    """The bar's value from the evaluation graph: the first side's share (-1 .. +1) and its text;
    ``here``: the value is the position shown's own (else the last one known before it, which the
    bar dims); ``opinion``: the engine's opinion it stands for (None for a saved record's point);
    ``depth``: how deep that opinion's search went (``ui.analysis.search_depth``), None if unknown."""

    share: float
    text: str
    here: bool = False
    opinion: Opinion | None = None
    depth: int | None = None


def graph_value(opinion: Opinion, share: float, game_id: str) -> tuple[float, str]:
    """The bar's value from the evaluation graph: an engine's ``opinion`` of a position and its
    point on the graph (``share``), the text said for the side it favours, as ``position_value``'s:
    a proof in the measure its search gave it (``Opinion.measure``), "W5", Reversi's "+12", as the
    bar says a proof of analysis' own and the line beside it does (``line_with_proof``); the bar
    read a bare "W" beside "proven: X wins in 5 moves"."""
    kind = "mcts" if opinion.kind == "mcts" else "alphabeta"
    measure = opinion.measure or ProofMeasure()
    bound = (opinion.proven or 0) if measure.bound else 0  # a winner's least margin: the mover's lower bound, else upper
    value = MoveValue(None, opinion.score, kind, opinion.proven, plies=measure.plies, margin=measure.margin,
                      unit=opinion.unit, bound=bound, plies_at_most=measure.at_most)
    return share, favoured_text(value, game_id)


def last_known(opinions: Sequence[Opinion | None], points: Sequence[float | None], plies: int,
               game_id: str, depths: Sequence[int | None] = ()) -> GraphValue | None:
    """The bar's value from the evaluation graph (``opinions`` and ``points``: the engines' and the
    graph's of each position) for the position ``plies`` from the start, while analysis has none
    of its own: that of the last position at or before it that has one (``latest_valued``), as
    ``graph_value`` says it; a record saved with its evaluations has the graph's point alone, and
    the bar its share without a number; ``depths``: how deep each opinion's search went.  None
    before any value.  A forced position says its only move's value (``forced_through``), a proof
    a ply longer, where its bar said the value searched before it."""
    opinions = forced_through(opinions)
    index = latest_valued(opinions, points, plies)
    if index is None:
        return None
    opinion, share = opinions[index], points[index]
    text = "" if opinion is None else graph_value(opinion, share, game_id)[1]
    depth = depths[index] if index < len(depths) else None
    return GraphValue(share, text, index == plies, opinion, depth)


def bar_value(snapshot: MoveValues | None, game_id: str, state: State | None,
              graph: GraphValue | None) -> tuple[tuple[float, str, str] | None, bool]:
    """What the bar shows, and whether dimmed: a finished position's result; else the graph's
    value of the position shown (the deepest search's, ui/eval_graph.py), as analysis' own words
    where it is analysis' value (an exact margin, a proof's length); else analysis' own value;
    else the graph's last value before the position, dimmed.  None before any value.  The value
    is (the first side's share, its text, its own unit: ``Opinion.unit``, "" for the game's)."""
    if state is not None and state.is_terminal():
        return (*final_value(state), ""), False
    own = position_value(snapshot, game_id)
    best = None if snapshot is None else snapshot.best()
    own_unit = "" if best is None else best.unit
    graph_unit = "" if graph is None or graph.opinion is None else graph.opinion.unit
    if graph is not None and graph.here:
        said_by_analysis = own is not None and _analysis_says(snapshot, graph)
        return (graph.share, *((own[1], own_unit) if said_by_analysis else (graph.text, graph_unit))), False
    if own is not None:
        return (*own, own_unit), False
    return (None if graph is None else (graph.share, graph.text, graph_unit)), graph is not None


def _analysis_says(snapshot: MoveValues | None, graph: GraphValue) -> bool:
    """Whether the graph's value of the position shown is analysis' own verdict on it."""
    from ui.eval_graph import snapshot_opinion

    return graph.opinion == snapshot_opinion(snapshot)


def bar_note(snapshot: MoveValues | None, state: State | None, graph: GraphValue | None) -> str:
    """Which search the bar's number stands on, where it is not the one of the panel's best line:
    the graph keeps a deeper search's value of the position shown (or a proof) while analysis'
    own is still shallower, "bar: 16 moves ahead" beside "Analysis: 12 moves ahead…"; "" where the bar shows
    analysis' own value, a finished position's result, or analysis has no value yet (the caption
    says "bar: last value known" then)."""
    if (snapshot is None or snapshot.best() is None or graph is None or not graph.here or graph.opinion is None
            or (state is not None and state.is_terminal()) or _analysis_says(snapshot, graph)):
        return ""
    if graph.opinion.proven is not None:
        return _("bar: proven")
    if graph.depth is None or graph.depth < 1:
        return _("bar: another search")
    if graph.opinion.kind == "mcts":  # in a player's words, as analysis's line ("playouts", "depth")
        return ngettext("bar: {n} game tried", "bar: {n} games tried", graph.depth).format(n=number_text(graph.depth, ","))
    return ngettext("bar: {n} move ahead", "bar: {n} moves ahead", graph.depth).format(n=graph.depth)


def line_with_proof(line: AIProgress | None, graph: GraphValue | None) -> AIProgress | None:
    """Analysis' best ``line`` (``analysis_mode.line_progress``) saying the proof the bar shows
    for the position (``graph``: a move's proof found before it was played,
    ``ui.eval_graph.carries_over``, or a search's) where its own value is an estimate: in Hex the
    panel's line read "Blue 61%", a Monte Carlo estimate, beside a bar that said Blue's proven
    win.  The proof is said in the measure its search gave it (``Opinion.measure``: "wins in 5
    moves", Reversi's discs), as that search's words and a hint of the position say it; the line
    said "proven: X wins" where they said how soon.  The line's move stays analysis', said as
    its guess (``proof_apart``): no proof comes with a move here (a move proven best would be
    analysis' own proof), and "best f3 · proven: Blue wins" read as f3's proven win."""
    if line is None or line.proven is not None or graph is None or not graph.here or graph.opinion is None:
        return line
    proof = graph.opinion
    if proof.proven is None:
        return line
    measure = proof.measure or ProofMeasure()
    margin = proof.score if measure.margin or measure.bound else None
    return proof_beside(line, proof.proven, proof.mover, measure.plies, measure.at_most, margin, measure.bound)


def proof_beside(search: AIProgress, proven: int, mover: int, plies: int | None = None,
                 at_most: bool = False, margin: float | None = None, bound: bool = False) -> AIProgress:
    """``search``, an estimate, saying a proof of its position that another search found
    (``proven`` for ``mover``, the side to move there; in ``plies`` where counted, ``at_most``
    the winner's way against the longest defence; ``margin``, Reversi's exact final margin in
    discs for ``mover``, where the proof has one, or with ``bound`` the winner's least margin,
    "wins by at least 54 discs"), turned to ``search``'s own side to move; its
    best move said as its guess (``proof_apart``): no proof came with that move."""
    same_side = mover == search.mover
    proof = replace(search, proven=proven if same_side else -proven, proven_plies=plies,
                    plies_at_most=at_most, exact_margin=False, at_least=False, at_most=False, proof_apart=True)
    if margin is None:
        return proof
    score = margin if same_side else -margin
    return replace(proof, score=score, exact_margin=not bound, at_least=bound and score > 0, at_most=bound and score < 0)


def measured_proof_beside(search: AIProgress, proof: AIProgress) -> AIProgress:
    """``search`` saying ``proof``'s proof of its position (``proof_beside``) in the measure
    ``proof`` has (``ui.scenes.thinking.proof_measure``): its length in plies, at most so many,
    or Reversi's exact margin in discs, so that a hint borrowing it says what the panel said."""
    bound = proof.at_least or proof.at_most
    margin = proof.score if proof.exact_margin or bound else None
    return proof_beside(search, proof.proven, proof.mover, proof.proven_plies, proof.plies_at_most, margin, bound)


def with_note(caption: str, note: str) -> str:
    """The bar's caption with ``note`` after it: "Analysis: depth 12… (bar: depth 16)" (``bar_note``),
    "Analysis: 4,000 playouts… (cells: % to win)" (ui/analysis_mode.py ``unit_note``)."""
    if not note:
        return caption
    return _("{analysis} ({bar})").format(analysis=caption, bar=note) if caption else note


def full_caption(caption: str, notes: Sequence[str], bar: str) -> str:
    """The bar's whole caption: ``caption`` (the analysis' summary), the value ``notes`` in one
    pair of brackets, then the bar's own note (``bar_note``): "Analysis: 2,000 games tried…
    (cells: % to win; blank: tried under 5 times) (bar: depth 16)"."""
    return with_note(with_note(caption, "; ".join(notes)), bar)


def fitted_caption(caption: str, notes: Sequence[str], bar: str, size: int, room: int,
                   smallest: int) -> tuple[str, int]:
    """The caption (``full_caption``) and its font size for ``room`` pixels: as large as fits from
    ``size`` down to ``smallest``; where even that is too wide, the value ``notes`` (the most
    useful first, ``ui.analysis_mode.value_notes``) dropped whole from the last until it fits,
    and only a caption with none left cut.  Hex's caption at 800x600 ended "...; faded: tried
    under 1% as often as ...", a sentence cut in the middle that said nothing."""
    kept = list(notes)
    while True:
        said = full_caption(caption, kept, bar)
        fitting = tx.fitting_size(said, size, room, smallest=smallest)
        if not kept or tx.ui_font(fitting).size(said)[0] <= room:
            return tx.fit(said, fitting, room), fitting
        kept.pop()


def final_value(state: State) -> tuple[float, str]:
    """A finished position's bar: all the winner's ("W", as a proven win is written; "=" for a
    draw); analysis has no move to value there, and the bar stood at an even 50/50.  A game valued
    in discs (Reversi) keeps its unit: the winner's margin on the board, "+32" over "discs", as
    analysis wrote the proven margin a move before (the bar's "+24 discs" became a bare "W")."""
    winner = state.winner()
    if winner is None:
        return 0.0, "="
    share = 1.0 if winner == 0 else -1.0
    if eval_unit(state.game.id) == "discs":
        return share, signed_text(abs(state.score()[0] - state.score()[1]))
    return share, _("W{n}").format(n="")


def frame_colour(theme: Theme) -> tuple[int, int, int]:
    """The rim round the bar: a shade of the panel standing 3:1 (WCAG's floor for graphics) from
    the window's background, so that the bar's length shows whatever its fill; at a tenth of the
    way to the text it stood 1.1:1 to 1.6:1, and where the side that leads is drawn in the
    background's own colour (Reversi's black on the dark theme, Trax's light on the light one)
    the bar looked empty."""
    return readable(mix(theme.panel, theme.text, 0.1), theme.background, 3.0)


def fill_colour(colour: tuple[int, int, int], theme: Theme) -> tuple[int, int, int]:
    """A side's colour as the bar fills with it: a pale colour on a pale window (White, Trax's
    light, on the light theme) shaded just until it stands 3:1 (WCAG's floor for shapes) from
    the background the bar stands on; White's share, 1.1:1 from it, made the bar of a winning
    White look empty.  The dark themes' fills are as they were: a pale colour stands out there,
    and a dark one (Black) is told by the pale rim (``frame_colour``)."""
    if ink_on(colour) != INK or contrast(colour, theme.background) >= 3.0:
        return colour
    return readable(colour, theme.background, 3.0)


def dimmed_colour(colour: tuple[int, int, int], theme: Theme) -> tuple[int, int, int]:
    """A side's fill (``fill_colour``) faded toward the panel, for a value the bar takes from the
    graph rather than analysis' own, yet standing 3:1 (WCAG's floor for shapes) from the window's
    background wherever the unfaded fill does: faded by half, Hex's blue and red stood 2.0:1 from it
    in every theme, and the light theme's White 1.7:1, and the bar looked empty.  A fill that is
    the background's own shade (Black on the dark themes, told by the rim) just fades."""
    faded = mix(colour, theme.panel, DIMMED)
    if contrast(colour, theme.background) < 3.0 or contrast(faded, theme.background) >= 3.0:
        return faded
    return readable(faded, theme.background, 3.0)


def divider_colour(first: tuple[int, int, int], second: tuple[int, int, int],
                   theme: Theme) -> tuple[int, int, int] | None:
    """The line between the bar's two parts when their colours stand under 3:1 apart (Hex's blue
    and red, 1.0:1 on the dark theme, told apart by hue alone): the theme's text or background
    colour, whichever stands further from both; None where the parts stand apart by themselves."""
    if contrast(first, second) >= 3.0:
        return None
    return max((theme.text, theme.background), key=lambda c: min(contrast(c, first), contrast(c, second)))


def draw(surface: pygame.Surface, rect: pygame.Rect, snapshot: MoveValues | None, game: Game, theme: Theme,
         scale: float, caption: str = "", state: State | None = None, graph: GraphValue | None = None,
         near: int = 0, room: int = 0, notes: Sequence[str] = ()) -> None:
    """The bar: the ``near`` side's colour (the side the board shows at the bottom,
    ``BoardView.near_side``) from the bottom, the other's from the top; ``caption``
    (the analysis' depth) above it, in ``room`` pixels from the bar's left where given (the
    board's side: grown with the Text size, Hex's notes ran over the game panel at Larger text at
    1024x768); a finished ``state`` shows its result.  The value is
    ``bar_value``'s: the evaluation graph's of the position shown (``graph``), the same as the
    graph's point; without one (analysis waits while a computer searches its move, and starts
    afresh on every position), the graph's latest value before it, in dimmed colours: the bar
    stood blank at 50/50 while a watched game's graph and last search said "North wins".  A value
    from another search than analysis' own is said in the caption (``bar_note``), and ``notes``
    on the values on the board after the summary (``ui.analysis_mode.value_notes``), as many as
    ``room`` holds (``fitted_caption``)."""
    if rect.width <= 0:
        return
    bar = bar_note(snapshot, state, graph)
    said = full_caption(caption, notes, bar)
    if said:
        size = tx.small(12, scale)
        if room:  # grown with the Text size as far as ``room`` holds it, then notes dropped (Hex's)
            said, size = fitted_caption(caption, notes, bar, size, room, max(tx.SMALLEST, int(12 * scale)))
        tx.text(surface, said, (rect.x - 2, rect.y - int(8 * scale)), size, theme.muted, "bottomleft")
    from ui.scenes.panel_cards import side_colour

    game_id = game.id
    colours = (fill_colour(side_colour(game.sides[near], near, theme), theme),
               fill_colour(side_colour(game.sides[1 - near], 1 - near, theme), theme))
    radius = max(2, int(5 * scale))
    pygame.draw.rect(surface, frame_colour(theme), rect.inflate(4, 4), border_radius=radius)
    known, dimmed = bar_value(snapshot, game_id, state, graph)
    if dimmed:
        colours = (dimmed_colour(colours[0], theme), dimmed_colour(colours[1], theme))
    value = 0.0 if known is None else (known[0] if near == 0 else -known[0])  # the near side's share
    split = rect.y + int(rect.height * (1 - value) / 2)
    top = pygame.Rect(rect.x, rect.y, rect.width, split - rect.y)
    bottom = pygame.Rect(rect.x, split, rect.width, rect.bottom - split)
    pygame.draw.rect(surface, colours[1], top, border_top_left_radius=radius, border_top_right_radius=radius)
    pygame.draw.rect(surface, colours[0], bottom, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
    divider = divider_colour(colours[0], colours[1], theme)
    if divider is not None and rect.y < split < rect.bottom:
        pygame.draw.line(surface, divider, (rect.x, split), (rect.right - 1, split), max(2, int(2 * scale)))
    pygame.draw.line(surface, theme.accent, (rect.x, rect.centery), (rect.right - 1, rect.centery), max(1, int(scale)))
    if known is None:
        return
    room = rect.width + int(6 * scale)
    lines = [(known[1], fitting_size(known[1], tx.small(11, scale), room, True), True)]  # "+131" read "+1…" at 800x560
    unit = unit_word(game_id, known[1], known[2])
    unit_size = unit_print(unit, scale, rect.width - 2, room) if unit else 0
    if unit_size:  # read after the number, "+6" over "discs", and inside the bar: "discos" ran onto its rim
        lines.append((unit, unit_size, False))
    favoured = 0 if value >= 0 else 1
    ink = mix(colours[1 - favoured], theme.text, 0.15) if sum(colours[favoured]) > 380 else (250, 250, 250)
    ink = (20, 20, 24) if sum(colours[favoured]) > 380 else ink
    if favoured == 0:  # at the bar's bottom end, the last line lowest
        y = rect.bottom - int(4 * scale)
        for text, size, bold in reversed(lines):
            y = tx.text(surface, tx.fit(text, size, room, bold), (rect.centerx, y), size, ink, "midbottom", bold).top
    else:
        y = rect.y + int(4 * scale)
        for text, size, bold in lines:
            y = tx.text(surface, tx.fit(text, size, room, bold), (rect.centerx, y), size, ink, "midtop", bold).bottom


def unit_print(unit: str, scale: float, inside: int, room: int) -> int:
    """The size the unit under the bar's number is printed at: the largest from the small print
    down that fits ``inside`` the bar, else at the window's least print (``tx.least``) reaching
    over its rims as the number may (``room``), else 0: left out, the panel beside the bar naming
    it ("Black +6 discs").  Never under the least print: at 800x560 "discs" went down to 9
    pixels to fit inside a 24-pixel bar."""
    least = tx.least(scale)
    size = fitting_size(unit, tx.small(9, scale), inside)
    if size >= least and tx.ui_font(size).size(unit)[0] <= inside:
        return size
    return least if tx.ui_font(least).size(unit)[0] <= room else 0


def fitting_size(text: str, size: int, room: int, bold: bool = False) -> int:
    """The print size, from ``size`` down to 8 pixels, at which ``text`` fits ``room`` pixels."""
    while size > 8 and tx.ui_font(size, bold).size(text)[0] > room:
        size -= 1
    return size


def unit_word(game_id: str, text: str, unit: str = "") -> str:
    """The unit the bar writes under its number, which carries none, as the panel names it beside
    the bar: "discs" under Reversi's "+6" ("Black +6 discs"), "pieces" under Alquerque's "+1.1"
    ("White +1.1 pieces"), "pts" under the points of tic-tac-toe, Rastros and Trax ("South +110
    points": the whole word does not fit the bar; the bar's bare "+110" named no unit); "" for a
    chance to win ("62%", its unit its own) and a proof ("W", "=").  ``unit``: the value's own
    where it is not the game's (Reversi's hand-set points, ``Opinion.unit``)."""
    unit = eval_unit(game_id, unit)
    if unit == "percent" or not text.lstrip("+-")[:1].isdigit():
        return ""
    n = plural_count(text)
    if unit == "discs":
        return ngettext("disc", "discs", n)
    if unit == "pieces":
        return ngettext("piece", "pieces", n)
    return _("pts")
