"""Analysis mode: the engine's value of every legal move, written on the board as it deepens.

``AnalysisMode`` is the controller a screen keeps (the game and the replay viewer): switched on
(key A), it follows the position shown -- the live game or one reached by browsing -- and asks its
own AI worker process for every move's value (``Job(kind="values")``, ai/move_values.py); the
worker streams snapshots a few times a second until the position changes, the mode is switched
off or the screen is left (ui/position_worker.py: its own worker, so a move search never cancels
the analysis).  It waits while a computer's move is searched (``ComputerMoves.holds_analysis``),
so the two searches do not share the cores and the move comes within its time.

The worker sends the best line with each snapshot (the principal variation in notation); the
panel writes it in the thinking card as it writes the computer's own search (``line_progress``).

``move_labels`` turns values into the short texts written on the board, in the unit the panel
uses for the game (ui/scenes/thinking.py): disc margins in Reversi ("+6"), a chance to win and
the visit count for Monte Carlo values (Hex: "62%", "1.2k"), pieces in Alquerque ("+1.1"), points
elsewhere ("+110", "+0.4"; ``ui.analysis.amount_text``), a value
of nought "0" in every unit (``signed_text``: "+0" read as a gain), and once
a move is proven "W5" / "L3" (wins / loses in that many moves of either side: the unit of the
panel's "White wins in 5 moves" and of Alquerque's 40-move draw; the pointer's tip says it in
words) or "=" (a draw); a proven Reversi move keeps its unit, the exact margin ("+6" in the
winner's full colour), as NBoard shows it.
Only a proof takes the full colour, and its tag is framed: an exact "+30" and an estimated "+41"
read apart.
``draw_move_values`` draws them through the board view's ``value_anchor`` (where a move's value
goes: its cell, its landing point, its tile's square), as ``tag_layout`` decides from the cells'
size: a tag on every move where one fits, the value alone where only that fits ("54%"; "54" where
even the percent sign has no room, the bar's caption then saying "cells: % to win", ``unit_note``;
a sign always stays, in a slimmer tag), else tags on the best few moves and a dot on the others; ``draw_value_tip``
writes the values of the moves under the mouse in a tip beside it when the board does not show
them whole.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from ai.move_values import MIN_VISITS, THIN_SHARE, MoveValue, MoveValues, hardly_tried, thinly_tried
from games.alquerque import DRAW_PLIES
from games.base import QUIET_DRAW, REPEAT_DRAW, Game
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import (
    BOUND_SIGNS,
    PROVEN_SCORE,
    amount_text,
    count_text,
    eval_scale,
    games_tried_text,
    moves_ahead_text,
    scale_in,
    signed_text,
)
from ui.board_marks import rimmed_circle, rimmed_rect, two_rim_dot
from ui.i18n import _, language, ngettext, number_text
from ui.position_worker import PositionWorker
from ui.scenes.thinking import AT_LEAST, AT_MOST, DISCS, measure_of
from ui.theme import Color, Theme, ink_on, readable
from ui.words import stop_reason

if TYPE_CHECKING:
    from ui.board_view import BoardView

ENVIRONMENT = "TABULEIRO_ANALYSIS"  # "1": screens open with analysis on (screenshots, tests)


def wanted_at_start() -> bool:
    """Analysis on from the start (``TABULEIRO_ANALYSIS=1``)."""
    return os.environ.get(ENVIRONMENT, "") not in ("", "0")


@dataclass(frozen=True)
class MoveLabel:
    """What the board shows on one move."""

    text: str  # "+6", "62%", "W5", "L3", "="
    detail: str = ""  # a second, smaller line: Monte Carlo visits
    tone: float = 0.0  # -1 (bad for the side to move) .. +1 (good): the tag's colour
    best: bool = False  # the move the values prefer
    short: str = ""  # the text where room is short, if not ``text``: "62" for "62%" (``short_text``)
    rank: tuple = ()  # the search's order of the moves (higher is better): which keep a tag when few can
    proven: bool = False  # a proof (solver, table, book), not an estimate: its tag is framed (``draw_move_values``)
    said: str = ""  # a proven length in words for the tip: "wins in 21 plies" for "W21" (``length_words``)
    hinted: bool = False  # the move the hint names: its value stands for its place (``places``)
    thin: bool = False  # a rate from few playouts (``thinly_tried``): faded into the board, in light letters


def value_text(value: MoveValue, game_id: str) -> str:
    """A move's value in the game's unit, for the side to move (see the module docstring)."""
    if value.proven == 0:
        return "="
    if value.margin:  # proven: the exact final margin, in full colour (``value_tone``)
        return signed_text(value.score)
    if value.proven and value.bound and round(value.score):  # proven: a bound of the margin, "≥+54", "≤-54"
        return BOUND_SIGNS[value.bound] + signed_text(value.score)
    if value.proven is not None:
        plies = "" if value.plies is None else str(value.plies)
        return (_("W{n}") if value.proven > 0 else _("L{n}")).format(n=plies)
    if value.kind == "mcts":
        return f"{round(100 * value.score)}%"
    if abs(value.score) >= PROVEN_SCORE:  # a win or loss the search found, unproven only for the moves it left out
        return (_("W{n}") if value.score > 0 else _("L{n}")).format(n="")
    return amount_text(value.score, game_id, value.unit)  # the panel's number: "+6" discs, "+1.1" pieces, "+110" points


def length_words(value: MoveValue) -> str:
    """A proven win or loss with its length in words, "wins in 21 moves" for "W21", "loses in 3
    moves" for "L3" (the panel's unit, said where the tag is only a letter and a number); a proof
    whose length its engine does not count (Rastros' solver, Hex's connections) is a lone "W" or
    "L", which no other word on the screen explained: it says so, as it does of a win or loss an
    estimate's search saw (an unframed "W" or "L", ``value_text``); a proven draw's "=" is said
    as the hint says it, "proven: draw" (it alone had no tip under the pointer), with the rule
    that draws it where the proof knows it (``draw_words``); "" else."""
    if value.proven is None and value.kind != "mcts" and abs(value.score) >= PROVEN_SCORE:
        return _("wins (the search sees the end)") if value.score > 0 else _("loses (the search sees the end)")
    if value.proven == 0:
        return draw_words(value.drawn_by)
    if value.proven is None:
        return ""
    measure, n = measure_of(value.margin, value.score, value.plies, value.plies_at_most, bound=bool(value.bound))
    if measure == DISCS:  # the tag itself says the margin: "+12"
        return ""
    if measure == AT_LEAST:  # a bound of the margin, "≥+54": the tip says what the sign means
        if value.proven > 0:
            return ngettext("wins by at least {n} disc", "wins by at least {n} discs", n).format(n=n)
        return ngettext("loses by at least {n} disc", "loses by at least {n} discs", n).format(n=n)
    if not measure:
        return _("wins (proven; moves not counted)") if value.proven > 0 else _("loses (proven; moves not counted)")
    if measure == AT_MOST:  # Alquerque's tables: the winner's way against the longest defence
        if value.proven > 0:
            return ngettext("wins in at most {n} move", "wins in at most {n} moves", n).format(n=n)
        return ngettext("loses in at most {n} move", "loses in at most {n} moves", n).format(n=n)
    if value.proven > 0:
        return ngettext("wins in {n} move", "wins in {n} moves", n).format(n=n)
    return ngettext("loses in {n} move", "loses in {n} moves", n).format(n=n)


def draw_words(drawn_by: str) -> str:
    """A proven draw in words, with the rule that draws it where the proof knows it (Alquerque's
    tables and the rules: ``MoveValue.drawn_by``): "proven: draw by repetition", "proven: draw
    after 40 moves without a capture"; "proven: draw" where it does not."""
    if drawn_by == REPEAT_DRAW:
        return _("proven: draw by repetition")
    if drawn_by == QUIET_DRAW:
        return ngettext("proven: draw after {n} move without a capture",
                        "proven: draw after {n} moves without a capture", DRAW_PLIES).format(n=DRAW_PLIES)
    return _("proven: draw")


ESTIMATE_TONE = 0.8  # an estimate's colour stops short of the full colour, which only a proof takes


def value_tone(value: MoveValue, scale: float) -> float:
    """-1 .. +1 for the side to move: how good the move looks; +-1 (the full colour) only for a
    proof, so that a large estimate does not look as settled as an exact value beside it."""
    if value.proven is not None:
        return float(value.proven)
    tone = 2.0 * value.score - 1.0 if value.kind == "mcts" else math.tanh(value.score / scale)
    return max(-ESTIMATE_TONE, min(ESTIMATE_TONE, tone))


def values_scale(snapshot: MoveValues, game_id: str) -> float:
    """``eval_scale`` of the values in ``snapshot``, for its bar and its moves' labels: worked out
    once for a settled snapshot (``MoveValues.kept``), which the bar is drawn from at every frame
    (over every value: some 4% of a 15x15 board's drawing)."""
    from ui.analysis import Opinion

    return snapshot.kept(("eval_scale", game_id),
                         lambda: eval_scale(game_id, [Opinion(v.score, v.kind) for v in snapshot.values.values()]))


def move_labels(snapshot: MoveValues | None, game_id: str) -> dict[Hashable, MoveLabel]:
    """The label of every move valued in ``snapshot``."""
    if snapshot is None or not snapshot.values:
        return {}
    scale = values_scale(snapshot, game_id)
    best = snapshot.best()
    best_place = None if best is None else snapshot.key(best)
    labels = {}
    for move, v in snapshot.values.items():
        if hardly_tried(v):
            continue
        text, thin, place = value_text(v, game_id), thinly_tried(v, snapshot), snapshot.key(v)
        tone = 0.0 if thin else value_tone(v, scale_in(game_id, scale, v.unit, snapshot.stage))
        labels[move] = MoveLabel(text, count_text(v.visits) if v.kind == "mcts" else "", tone, place == best_place,
                                 short_text(text), place, v.proven is not None, length_words(v), thin=thin)
    return labels


def short_text(text: str) -> str:
    """A value where room is short, or "" to keep it whole: "62" for "62%"; the pointer's tip has
    the whole value.  A sign always stays: "+0.4" lost its plus where a minus stayed (the tag's
    colour hardly tells a small loss from a small gain), and a board read "115" beside the tip's,
    the bar's and the panel's "+120"; the short style's slimmer tag (``tag_pad``) makes the room."""
    return text.removesuffix("%") if text.endswith("%") else ""


def summary_text(snapshot: MoveValues | None, running: bool, preparing: bool = False, waiting: bool = False,
                 watching: bool = False, graph_shown: bool = False, waited: int | None = None) -> str:
    """The panel's line about the analysis: its playouts or the depth its values stand on
    (``MoveValues.reach``), and whether it goes on; "every move solved" when each value is an
    exact proof (``MoveValues.all_exact``: "every move proven, not every margin exact" where some
    are Reversi's bounds of the margin, "≥+38", which a move may better), "complete" when the
    position is solved (``MoveValues.solved``: its best move proven the best), else an analysis
    that ended says it stopped at its limit: its values are estimates a longer search could change.
    Before the first values, while its worker is still compiling the engine (a fresh install's
    first analysis: 10-20 s), it says so, as the game screen does for the computer's first move.
    ``waiting``: it pauses while a computer searches its move, against a human or in a watched
    game (``ComputerMoves.holds_analysis``), and says so; ``watching``: in a watched game going
    on, where it would otherwise wait move after move, it also says that pausing lets it work;
    ``graph_shown``: meanwhile the eval bar shows the graph's last value (``eval_bar.draw``), and
    it says that too, as it does before the first values of a position stepped to; ``waited``: the
    whole seconds the analysis has waited for the engine so far (``PositionWorker.prepared_for``),
    counted from the first one, so that a fresh install's compiling (a minute or more on a busy
    machine) does not look stuck.  Values that stand still while the analysis goes on say why
    (``MoveValues.stopped``: Hex's Python stand-in full, 15-20 s into a fresh install's first
    analysis, waiting for the engine): its count stood still under "…" for a minute; values that
    wait for a later part of the engine (``preparing``: Reversi's solver, compiled by another
    process on a fresh install) say so too: "Analysis: 8 moves ahead…" stood for two minutes."""
    if snapshot is None:
        if waiting:
            return _waiting_text(watching, graph_shown)
        if not running:
            return ""
        return _starting_text(preparing, graph_shown, waited or 0)
    # in a player's words ("playouts" and "depth" are the search tree's screen's)
    reach = games_tried_text(snapshot.nodes) if snapshot.monte_carlo else moves_ahead_text(snapshot.reach())
    if (snapshot.stopped or preparing) and not snapshot.done:
        return _stood_still_text(reach, snapshot.stopped, waited)
    if snapshot.done:
        if (not snapshot.monte_carlo or not snapshot.nodes) and all(v.proven is not None for v in snapshot.values.values()):
            # to the end of the game (no depth to tell), or without a playout
            if not snapshot.all_exact():  # a Reversi proof of "at least +38": proven won, its margin not exact
                return _("Analysis: every move proven, not every margin exact")
            return _("Analysis: every move solved")
        if snapshot.solved():
            return _("Analysis: {reach}, complete").format(reach=reach)
        return _("Analysis: {reach}, stopped at its limit").format(reach=reach)
    return _("Analysis: {reach}…").format(reach=reach)


def _starting_text(preparing: bool, graph_shown: bool, waited: int = 0) -> str:
    """``summary_text``'s line before the first values of the position shown: while the engine is
    prepared for more than a second, with the seconds it has taken so far."""
    if preparing and waited:
        if graph_shown:
            return _("Preparing the engine… {n} s (bar: last value known)").format(n=waited)
        return _("Preparing the engine… {n} s").format(n=waited)
    if graph_shown:
        return _("Preparing the engine… (bar: last value known)") if preparing else _("Analysing… (bar: last value known)")
    return _("Preparing the engine…") if preparing else _("Analysing…")


def _stood_still_text(reach: str, stopped: str, waited: int | None) -> str:
    """``summary_text``'s line while the values stand still, the analysis waiting for the engine:
    why, where its search said it (``stopped``, ``ai.base.STOP_REASONS``), else that it waits, and
    its seconds of preparing so far, when it is prepared."""
    why = stop_reason(stopped) or _("waiting")
    if waited:
        return _("Analysis: {reach}, {why}: preparing the engine… {n} s").format(reach=reach, why=why, n=waited)
    return _("Analysis: {reach}, {why}: preparing the engine…").format(reach=reach, why=why)


def _waiting_text(watching: bool, graph_shown: bool) -> str:
    """``summary_text``'s line while analysis waits for the computer's move."""
    if watching and graph_shown:
        return _("Analysis waits for the computer's move (bar: last value known): pause the game to analyse")
    if watching:
        return _("Analysis waits for the computer's move: pause the game to analyse")
    if graph_shown:
        return _("Analysis waits for the computer's move (bar: last value known)")
    return _("Analysis waits for the computer's move")


def line_progress(snapshot: MoveValues | None, line: list[str], line_other: Sequence[str] = ()) -> AIProgress | None:
    """The analysis' principal variation ``line`` (notation, the best move first; ``line_other``
    in the game's other notation, ``AIMoveValues.line_other``) with the best
    value and its depth, said as a search's report: the panel writes it as it writes the
    computer's own search (ui/scenes/thinking.py), in one style and one unit.  The depth is the
    one the bar's caption gives (``MoveValues.reach``, that every value on the board stands on):
    the best move's own, a ply deeper mid-round, had the line say "depth 17" under "depth 16…".
    Its proof keeps the value's measure (``thinking.proof_measure``): Alquerque's tables' "at
    most" too, which the line said as the fastest win.  None without a line."""
    best = snapshot.best() if snapshot is not None else None
    if best is None or not line:
        return None
    kind = "solver" if best.proven is not None else best.kind
    depth = 0 if snapshot.monte_carlo else snapshot.reach()  # playouts say a Monte Carlo analysis' reach
    return AIProgress(0, depth, best.move, line[0], best.score, snapshot.nodes, snapshot.elapsed, list(line),
                      best.proven, best.plies, kind, snapshot.done, exact_margin=best.margin, mover=snapshot.mover,
                      best_other=line_other[0] if line_other else "", pv_other=list(line_other), unit=best.unit,
                      plies_at_most=best.plies_at_most, at_least=best.bound > 0, at_most=best.bound < 0)


def hint_as_analysed(hint: AIProgress, snapshot: MoveValues | None, move: Hashable) -> AIProgress:
    """A hint's report of ``move``, valued as analysis of the same position values it where
    analysis searched that move as deep as the hint's search or deeper (``snapshot``: its values):
    the hint says analysis's number at analysis's depth.  The hint's search is a search of the
    whole position, analysis's one search of each move's position after it; a selective
    alpha-beta with a transposition table (Reversi's multi-probcut, its tables kept between
    iterations) can value one move a disc or more apart in the two at one depth, and the hint said
    "depth 12 · White +35 discs" beside analysis's "depth 12 · White +34" for one move.  An
    opening book's estimate (Reversi's 8x8 book, ``estimated_by_book``) takes analysis's value and
    depth too: the hint said "c5 (you are 1 disc behind)" from the book beside analysis's depth 12
    "0" on c5, two verdicts of one move; the search on the board is the one said.  An estimate
    only: a proof, the hint's or analysis's, or a book's proven bound, keeps its own words."""
    value = snapshot.values.get(move) if snapshot is not None else None
    searched = hint.kind == "alphabeta" or estimated_by_book(hint)
    if (value is None or hint.proven is not None or value.proven is not None or value.kind != "alphabeta"
            or not searched or value.unit != hint.unit or value.depth < hint.depth):
        return hint
    return replace(hint, score=value.score, depth=value.depth, kind="alphabeta")


def estimated_by_book(hint: AIProgress) -> bool:
    """The hint's move and value come from an opening book that proves nothing of it: an estimate
    in the game's unit (Reversi's 8x8 book), not a proven bound (the 6x6 book past a mistake)."""
    return hint.kind == "book" and hint.proven is None and not hint.at_least


def hint_from_analysis(hint: AIProgress, snapshot: MoveValues | None, line: list[str],
                       line_other: Sequence[str] = ()) -> AIProgress:
    """A hint as analysis of the same position answers it, where analysis searched it as far as
    the hint's search or further (``answers_the_hint``): its best move, value and line
    (``line_progress``), else ``hint`` itself.  The hint's search and analysis's are two searches,
    and two name different moves: in Hex two trees at a few thousand playouts (after f6 i3 the
    hint said "h5 (your chances: 59%)" beside analysis's "best g7 · Blue 56%", h5 "54%" on the
    board); in Reversi a tie broken two ways (the hint named f5, analysis e3, both -1), the
    hint's search trying first what its table and killers say, analysis choosing as
    ``MoveValues.best`` does.  So the larger search is the one said, in the hint's words, the
    panel and on the board alike.  A proof the hint's search found keeps its own words."""
    if snapshot is None or hint.proven is not None or not answers_the_hint(hint, snapshot):
        return hint
    analysed = line_progress(snapshot, line, line_other)
    if analysed is None:
        return hint
    return replace(analysed, job_id=hint.job_id, elapsed=hint.elapsed, done=True)


def answers_the_hint(hint: AIProgress, snapshot: MoveValues) -> bool:
    """Whether analysis's ``snapshot`` searched the hint's position as far as the hint did or
    further: a Monte Carlo hint (Hex) by as many playouts, an alpha-beta one by every legal move
    valued at least as deep as the hint's search (``MoveValues.reach``, the move included, as a
    hint's depth counts it), in its unit (a Reversi level's points are not level 5's discs)."""
    if hint.kind == "mcts":
        return snapshot.monte_carlo and snapshot.nodes >= hint.nodes
    if hint.kind != "alphabeta" or snapshot.monte_carlo or not snapshot.order:
        return False
    best = snapshot.best()
    return (best is not None and best.unit == hint.unit and snapshot.values.keys() >= snapshot.order.keys()
            and snapshot.reach() >= hint.depth)


# -- the controller ----------------------------------------------------------------------------------
class AnalysisMode(PositionWorker):
    """Every-move analysis of the position a screen shows, in a worker of its own."""

    def __init__(self, game: Game, seed: int | None = 0, active: bool = False, start: str | None = None) -> None:
        super().__init__(game, active, start)
        self.seed = seed
        self.values: MoveValues | None = None
        self.texts: dict = {}
        self.line: list[str] = []  # the principal variation in notation (``AIMoveValues.line``)
        self.line_other: list[str] = []  # and in the game's other notation (``AIMoveValues.line_other``)
        self._labels: tuple | None = None  # the values and language labelled, and their labels (``labels``)

    def make_job(self, moves: tuple[str, ...], position: str):
        from ui.ai_worker import Job

        return Job(self.game.id, dict(self.game.options), moves, position, "level-5", 0.0, self.seed,
                   "values", kind="values", start=self.start)

    def receive(self, item) -> bool:
        from ui.ai_worker import AIMoveValues

        if not isinstance(item, AIMoveValues):
            return False
        # settled: its best move and reach worked out once, for the dozen times a drawing asks them
        self.values, self.texts, self.line, self.line_other = item.values.settled(), item.texts, item.line, item.line_other
        return True

    def clear(self) -> bool:
        had = self.values is not None
        self.values, self.texts, self.line, self.line_other = None, {}, [], []
        return had

    def best_line(self) -> AIProgress | None:
        """The best line of the position analysed, as a search's report (``line_progress``) for
        the panel's thinking card; None while off or before a line."""
        return line_progress(self.values, self.line, self.line_other) if self.active else None

    def labels(self, hinted: Hashable | None = None) -> dict[Hashable, MoveLabel]:
        """The label of every move valued, in analysis mode, ``hinted`` (the move a hint marks on
        the board) standing for the place it shares (``MoveLabel.hinted``); the same dict while the
        values, the hint and the language are (a frame and the pointer's motions lay out the tags
        once for it, ``tag_layout``, where a new dict at each call laid them out at each motion)."""
        if not self.active:
            return {}
        key = (self.values, language(), hinted)
        if self._labels is None or self._labels[0] is not key[0] or self._labels[1:3] != key[1:]:
            self._labels = (*key, with_hint(move_labels(self.values, self.game.id), hinted))
        return self._labels[3]


def with_hint(labels: dict[Hashable, MoveLabel], hinted: Hashable | None) -> dict[Hashable, MoveLabel]:
    """``labels`` with the ``hinted`` move's marked so (``MoveLabel.hinted``), where it is valued."""
    if hinted not in labels:
        return labels
    return {**labels, hinted: replace(labels[hinted], hinted=True)}


# -- drawing ---------------------------------------------------------------------------------------
GOOD, BAD, EVEN = (60, 170, 90), (205, 70, 60), (120, 120, 130)
FULL_FONT = 11  # pixels: a tag on every move with its visit count needs a value this big ...
SHORT_FONT = tx.SMALLEST  # ... else the value alone, at least this big ...
FEW_TAGS = 5  # ... else tags on the best few moves only, and a dot on the others
UNIT_FONT = 12  # pixels: a value alone keeps its unit ("54%") where it fits this big, else it goes ("54")
ROOM = 0.86  # a tag's height at most, in cells: a hex board's rows are 0.866 of a cell apart
FITTING = 0.75  # the share of the tags that must fit their cells for a style to be used
TIP_MOVES = 4  # moves listed in the pointer's tip at most (Trax's tiles on one square)


def tone_colour(tone: float) -> tuple[int, int, int]:
    """Green for good, red for bad, grey between."""
    target = GOOD if tone >= 0 else BAD
    t = min(1.0, abs(tone))
    return tuple(int(e + (g - e) * t) for e, g in zip(EVEN, target))  # type: ignore[return-value]


@lru_cache(maxsize=64)  # the tones shown: a few dozen, asked for at every tag drawn
def tag_colour(tone: float) -> Color:
    """A tag's fill for ``tone``: its colour (``tone_colour``), darkened or lightened in its hue
    just until the ink written on it (``ink_on``) stands 4.5:1 (WCAG's ratio for text).  The
    tones' middle greys and reds stood 3.5:1 to 4.3:1 from white and near-black alike."""
    colour = tone_colour(tone)
    return readable(colour, ink_on(colour), 4.5)


FADE = 0.6  # a thin rate's tag: this share of the board under it, the rest the even tone's grey


@lru_cache(maxsize=64)  # the few grounds of a board (its wood, its squares' colours)
def faded_colour(ground: Color) -> Color:
    """A thin rate's tag (``MoveLabel.thin``) on ``ground``, the board under it: mostly the board
    itself, so that the tag fades into it beside the tags the search stands on, moved just until
    its ink stands 4.5:1 (``tag_colour``).  Grey alone was no help in Hex, whose rates near 50%
    are all grey tags."""
    mixed = tuple(round(FADE * g + (1 - FADE) * e) for g, e in zip(ground, EVEN))
    return readable(mixed, ink_on(mixed), 4.5)


@lru_cache(maxsize=64)  # the tones shown, on a theme's panel
def chip_colour(colour: Color, ground: Color) -> Color:
    """The pointer's tip's chip of a value's ``colour`` on the tip's ``ground``: moved in its hue
    until it stands 3:1 (WCAG's ratio for marks) from it.  The light theme's green chip stood
    2.8:1 from the tip's white, the dark theme's reds 2.9:1 from its grey."""
    return readable(colour, ground, 3.0)


@dataclass(frozen=True)
class Place:
    """A point of the board where values go: one tag for the moves that share it."""

    centre: tuple[int, int]
    size: int  # the room there, in pixels (the cell's width)
    moves: tuple  # every move valued there, best first
    label: MoveLabel  # the best one's


@dataclass
class TagLayout:
    """Where the tags go this frame, and in which style (see ``tag_layout``)."""

    style: str  # "full": value and visits; "whole": the value alone; "short": its short form; "few": the best few
    tags: list[tuple[pygame.Rect, Place]]
    dots: list[Place]  # valued places without a tag
    font: int = SHORT_FONT  # the value's size in pixels (in the full style: the cells' size, each tag's font from it)


@lru_cache(maxsize=4096)
def _width(text: str, size: int, bold: bool = True) -> int:
    """A tag's text width in pixels; 4096 kept: the values and counts of a big board's hundreds of
    tags at the few tag sizes tried, which every layout measures again."""
    return tx.ui_font(size, bold).size(text)[0]


def _detail_font(font: int) -> int:
    return max(9, font * 3 // 4)


def _order(label: MoveLabel) -> tuple:
    """A place's labels and the places, first first: the hinted move's (its square on the board is
    marked: the value on it must be its own, not the best of the tiles beside it on that square,
    Trax's "-1.1" of @1\\ under the hint's @1+), then the best, then by the search's order."""
    return (label.hinted, label.best, label.rank, label.tone)


def places(view: BoardView, labels: dict[Hashable, MoveLabel]) -> list[Place]:
    """The valued places of the board, best first (the view's ``value_anchor`` of each move)."""
    found: dict[tuple[int, int], list] = {}
    for move, label in labels.items():
        anchor = view.value_anchor(move)
        if anchor is not None:
            found.setdefault(anchor[0], [anchor[1], []])[1].append((move, label))
    out = []
    for centre, (size, moves) in found.items():
        if len(moves) > 1:
            moves.sort(key=lambda item: _order(item[1]), reverse=True)
        out.append(Place(centre, size, tuple(m for m, _label in moves), moves[0][1]))
    out.sort(key=lambda place: _order(place.label), reverse=True)
    return out


def _full_font(label: MoveLabel, size: int) -> int:
    """The value's size in the full style: smaller over a second line."""
    return int(size * (0.30 if label.detail else 0.34))


def _tag_size(label: MoveLabel, style: str, font: int) -> tuple[int, int]:
    if style == "full":
        font = _full_font(label, font)  # ``font`` is the cell's size here
        width = max(_width(label.text, font), _width(label.detail, _detail_font(font), False) if label.detail else 0)
        height = tx.line_height(font) + (tx.line_height(_detail_font(font)) if label.detail else 0)
        return width + font // 2 + 2, height + 2
    text = label.short or label.text if style == "short" else label.text
    return _width(text, font) + 2 * tag_pad(style, font), tx.line_height(font) + 2


def tag_pad(style: str, font: int) -> int:
    """The room either side of a value in its tag: slimmer in the short style, where a square has
    room for the value with its sign ("+120", 26 pixels at 11) and little more (a 27-pixel square of
    Tic-tac-toe 15x15 at 800x560: the usual 3 pixels a side had it dropped its plus)."""
    return max(1, font // 8) if style == "short" else max(2, font // 4)


def _fitting(found: list[Place], style: str, font: int, size: int) -> bool:
    sizes = [_tag_size(place.label, style, size if style == "full" else font) for place in found]
    return sum(w <= size - 1 and h <= ROOM * size for w, h in sizes) >= FITTING * len(sizes)


def tag_layout(view: BoardView, labels: dict[Hashable, MoveLabel], bounds: pygame.Rect) -> TagLayout:
    """How the values go on the board inside ``bounds`` (the window).

    Where a cell holds a tag with the value and, for Monte Carlo, the visits, at FULL_FONT or more,
    every move gets one (the usual look).  In smaller cells every move gets its value alone ("54"
    for 54 %), as large as fits.  In cells too small even for that, the best FEW_TAGS moves get a
    tag over their neighbours and the others a dot of their colour; every value is in the pointer's
    tip (``draw_value_tip``).  Tags never overlap: the better move keeps its tag, the other a dot;
    nor do they cover the words the view wrote on the board (``notes``: Hex's "swap" label)."""
    global _last_layout
    key = _layout_key(view, bounds)
    if _last_layout is not None and _last_layout[0] is labels and _last_layout[1] == key:
        return _last_layout[2]  # the tags and the tip of one frame: the same labels, laid out once
    layout = _tag_layout(view, labels, bounds)
    _last_layout = (labels, key, layout)  # holds ``labels``: its id is not reused while it is here
    return layout


_last_layout: tuple | None = None


def _layout_key(view: BoardView, bounds: pygame.Rect) -> tuple:
    """What the tags' layout depends on besides the labels: the view, where it stands, ``bounds``
    and the words it wrote on the board."""
    return view, tuple(view.rect), tuple(bounds), tuple(tuple(note) for note in view.notes)


def _tag_layout(view: BoardView, labels: dict[Hashable, MoveLabel], bounds: pygame.Rect) -> TagLayout:
    found = places(view, labels)
    if not found:
        return TagLayout("full", [], [])
    size = min(place.size for place in found)
    if min(_full_font(place.label, size) for place in found) >= FULL_FONT and _fitting(found, "full", 0, size):
        style, wanted, font = "full", found, size
    else:
        style, wanted = "few", found[:FEW_TAGS]
        for shown, font in _short_styles(found, size):
            if _fitting(found, shown, font, size):
                style, wanted = shown, found
                break
        else:
            font = SHORT_FONT + 1
    tags: list[tuple[pygame.Rect, Place]] = []
    rects: list[pygame.Rect] = list(view.notes)
    for place in wanted:
        rect = pygame.Rect((0, 0), _tag_size(place.label, style, place.size if style == "full" else font))
        rect.center = place.centre
        rect.clamp_ip(bounds)
        if rect.collidelist(rects) < 0:
            tags.append((rect, place))
            rects.append(rect)
    tagged = {id(place) for _rect, place in tags}
    return TagLayout(style, tags, [place for place in found if id(place) not in tagged], font)


def _short_styles(found: list[Place], size: int) -> list[tuple[str, int]]:
    """The value-alone styles to try, in order, with their fonts: the value whole ("whole",
    "54%") at ``UNIT_FONT`` or more where the short form drops its unit, then the short form
    ("short", "54") as large as fits.  Hex's cells read "47" beside the bar's "50%", a number
    that said nothing of what it counted; a percent sign is kept where it costs no legibility."""
    fonts = range(max(SHORT_FONT, int(size * 0.5)), SHORT_FONT - 1, -1)
    whole = [("whole", font) for font in fonts if font >= UNIT_FONT] if any(map(_drops_unit, found)) else []
    return [*whole, *(("short", font) for font in fonts)]


def _drops_unit(place: Place) -> bool:
    """Whether the short form of ``place``'s value leaves out its unit ("54" for "54%")."""
    return place.label.text.endswith("%") and place.label.short != place.label.text


def unit_note(layout: TagLayout) -> str:
    """What the numbers on the board are where their tags had no room for the unit: "cells: % to
    win" for Hex's bare "54"s (said once, in the bar's caption, not on every small cell); ""."""
    if layout.style == "short" and any(_drops_unit(place) for _rect, place in layout.tags):
        return _("cells: % to win")
    return ""


def blank_note(snapshot: MoveValues | None, labels: dict[Hashable, MoveLabel], legal: Sequence[Hashable]) -> str:
    """Why some of the ``legal`` moves have no value on the board, where a Monte Carlo analysis
    (Hex) leaves them blank: "blank: under 5 playouts" (``MIN_VISITS``).  Its tree spends the
    playouts on the moves its all-moves-as-first statistics favour, and tries some a few times or
    never: a 7x7 position had 16 of 43 cells untried after 150,000 playouts.  A finished analysis
    that proved a winning move stops there ("blank: not searched, a win is proven"): with a win in
    one on 7x7 it had one playout and one value, and said its 36 other cells were blank for want of
    playouts, as if it had barely looked.  "" else."""
    if snapshot is None or not snapshot.monte_carlo or not labels or all(move in labels for move in legal):
        return ""
    if snapshot.done and any(value.proven == 1 for value in snapshot.values.values()):
        return _("blank: not searched, a win is proven")
    return ngettext("blank: tried under {n} time", "blank: tried under {n} times", MIN_VISITS).format(n=MIN_VISITS)


def thin_note(layout: TagLayout) -> str:
    """What the faded tags in light letters are, where the board shows one: rates from under
    ``THIN_SHARE`` of the best move's playouts (``thinly_tried``), "faded: under 1% of the best's
    playouts"; "" else."""
    if not any(place.label.thin for _rect, place in layout.tags):
        return ""
    return _("faded: tried under {n}% as often as the best").format(n=number_text(round(100 * THIN_SHARE)))


def shared_note(layout: TagLayout, labels: dict[Hashable, MoveLabel]) -> str:
    """Whose value the hint's ring holds where the best move shares the hinted move's place (Trax's
    tiles on one square, Alquerque's landings on one point): the place shows the hinted move's own
    value (``_order``), and Trax's best line "@1\\ better for Dark" (+1.1) stood beside the ringed
    @1 square's "-1.0", @1+'s, read as the best move's; "" else."""
    for _rect, place in layout.tags:
        if place.label.hinted and not place.label.best and any(labels[move].best for move in place.moves):
            return _("ringed: the hint's value, not the best move's beside it")
    return ""


def value_notes(layout: TagLayout, snapshot: MoveValues | None, labels: dict[Hashable, MoveLabel],
                legal: Sequence[Hashable]) -> list[str]:
    """What the bar's caption adds about the values on the board, the most useful first, as a
    caption with no room for all drops them from the last (``ui.eval_bar.fitted_caption``): their
    unit where the cells have no room for it (``unit_note``: the numbers say nothing without it),
    why cells are blank (``blank_note``), whose value the hint's ring holds (``shared_note``),
    then why tags are faded (``thin_note``: they still give their values)."""
    notes = [unit_note(layout), blank_note(snapshot, labels, legal), shared_note(layout, labels), thin_note(layout)]
    return [note for note in notes if note]


def draw_move_values(surface: pygame.Surface, view: BoardView, labels: dict[Hashable, MoveLabel], theme: Theme) -> TagLayout:
    """Each place's label as a small tag where the view puts its moves (the best of the moves that
    share it: Alquerque pieces landing on one point, Trax tiles on one square), laid out by
    ``tag_layout``; returns the layout.  A dot under the words the view wrote on the board
    (``notes``) is left out, its value in the pointer's tip: it hid the "/" of Trax's tag "A0/"."""
    layout = tag_layout(view, labels, surface.get_rect())
    clip = surface.get_clip()  # a frame drawing the pointer's tip alone: the tags elsewhere are left out
    for place in layout.dots:
        if any(note.collidepoint(place.centre) for note in view.notes):
            continue
        two_rim_dot(surface, tag_colour(place.label.tone), place.centre, max(2, place.size // 9))
    for tag, place in layout.tags:
        if not clip.colliderect(tag.inflate(2 * BEST_FRAME_REACH, 2 * BEST_FRAME_REACH)):
            continue
        label = place.label
        font = _full_font(label, place.size) if layout.style == "full" else layout.font
        small = _detail_font(font)
        text = label.short or label.text if layout.style == "short" else label.text
        detail = label.detail if layout.style == "full" else ""
        radius = max(3, font // 3)
        # opaque: a piece under a see-through tag shifted it under 4.5:1 from its ink
        fill = faded_colour(tuple(surface.get_at(tag.center)[:3])) if label.thin else tag_colour(label.tone)
        pygame.draw.rect(surface, fill, tag, border_radius=radius)
        ink = ink_on(fill)
        if label.best:
            draw_best_frame(surface, tag, font)
        if label.proven:  # a proof's tag is framed in its ink: an exact "+30" apart from an estimated "+41"
            pygame.draw.rect(surface, ink, tag, max(1, font // 9), border_radius=radius)
        text_y = tag.centery - (tx.line_height(small) // 2 if detail else 0)
        tx.text(surface, text, (tag.centerx, text_y), font, ink, "center", bold=not label.thin)
        if detail:
            tx.text(surface, detail, (tag.centerx, tag.bottom - 1), small, ink, "midbottom")
    for tag, place in layout.tags:
        if any(labels[move].hinted for move in place.moves) and clip.colliderect(hint_ring(tag).inflate(2, 2)):
            draw_hint_ring(surface, tag, theme)
    return layout


BEST_FRAME = (255, 255, 255)  # the best move's frame: white, rimmed black (``draw_best_frame``)
BEST_FRAME_REACH = 8  # pixels the frame may stand out of its tag (its width and rim): a frame's clip tests that box


def best_frame_width(font: int) -> int:
    """The best move's frame's width for a tag whose value is ``font`` pixels: a seventh of it, 2 at least."""
    return max(2, font // 7)


def draw_best_frame(surface: pygame.Surface, tag: pygame.Rect, font: int) -> None:
    """The best move's mark: a square frame round its tag, white rimmed black
    (``board_marks.rimmed_rect``), apart from the hint's ring (``draw_hint_ring``) in colour and
    lightness as well as shape.  Both were the hint's blue, a frame and a ring told apart by
    shape alone, so a best tag and a hinted one read alike at a glance."""
    width = best_frame_width(font)
    rimmed_rect(surface, BEST_FRAME, tag.inflate(2 * width, 2 * width), width)


def hint_ring(tag: pygame.Rect) -> pygame.Rect:
    """The box of the ring round the hinted move's tag (``draw_hint_ring``): a circle about the
    whole tag, its width outside it."""
    width = hint_ring_width(tag)
    reach = math.ceil(math.hypot(tag.width, tag.height) / 2) + width
    return pygame.Rect(tag.centerx - reach, tag.centery - reach, 2 * reach + 1, 2 * reach + 1)


def hint_ring_width(tag: pygame.Rect) -> int:
    """The ring's width: an eighth of the tag's height, as thick as a frame round a tag, 2 pixels at least."""
    return max(2, tag.height // 8)


def draw_hint_ring(surface: pygame.Surface, tag: pygame.Rect, theme: Theme) -> None:
    """The hint's mark, a ring in the hint's colour rimmed as on the bare board
    (``board_marks.rimmed_circle``), round the hinted move's tag, over the tags round it: the
    board's own mark lies under the tag, and Hex's ring, at the cell's middle, was hidden whole
    (a hinted h5 read "54%" as any other cell).  Drawn after every tag, so no neighbour covers it."""
    ring = hint_ring(tag)
    rimmed_circle(surface, theme.hint, ring.center, ring.width // 2, hint_ring_width(tag))


def place_at(found: list[Place], pos: tuple[int, int]) -> Place | None:
    """The valued place under ``pos``: the nearest within its cell."""
    near = [(math.dist(p.centre, pos), i) for i, p in enumerate(found)
            if max(abs(p.centre[0] - pos[0]), abs(p.centre[1] - pos[1])) <= p.size / 2]
    return found[min(near)[1]] if near else None


@dataclass(frozen=True)
class ValueTip:
    """Where the pointer's tip of values goes (``value_tip``): its lines, its box, and the ring
    round the place it speaks of."""

    place: Place
    lines: tuple  # (text, size, bold, colour chip or None) each
    rect: pygame.Rect  # the tip's box
    pad: int
    chip: int

    def ring(self) -> pygame.Rect:
        """The box round the ring drawn on the place the tip speaks of (a pixel over, for its
        antialiasing edge)."""
        reach = self.ring_radius() + 1
        return pygame.Rect(self.place.centre[0] - reach, self.place.centre[1] - reach, 2 * reach + 1, 2 * reach + 1)

    def ring_radius(self) -> int:
        return max(4, self.place.size // 2)

    def area(self) -> tuple[int, int, int, int]:
        """The rectangle round the tip's box and its ring, as a value: what the pointer changes on
        screen in analysis mode (``Scene.pointer_key``), the part a frame for its motion draws
        (``Scene.pointed_areas``).  One rectangle round both, the tip standing by the ring: each
        rectangle a frame draws runs the screen's drawing once more."""
        return tuple(self.rect.union(self.ring()))


def value_tip(bounds: pygame.Rect, view: BoardView, labels: dict[Hashable, MoveLabel], pointer: tuple[int, int] | None,
              names: Callable[[Hashable], str] | None = None, scale: float = 1.0) -> ValueTip | None:
    """The tip of the values of the moves under the pointer, laid out inside ``bounds`` (the
    window) where the board does not show them whole (a dot, a value without its visits, several
    Trax tiles on one square, a proven "W21" whose length is said in words), not drawn: a screen
    knows from it what a motion of the pointer changes; None when there is none.  The last one
    is kept for the same labels, place, pointer and ``names`` (``ui.notation.MoveNames``): a
    frame's motion asked for it three times (what the pointer lights before and after, then to
    draw it)."""
    global _last_tip
    if pointer is None or not labels:
        return None
    key = (_layout_key(view, bounds), pointer, names, scale)
    if _last_tip is not None and _last_tip[0] is labels and _last_tip[1] == key:
        return _last_tip[2]
    tip = _laid_tip(bounds, view, labels, pointer, names, scale)
    _last_tip = (labels, key, tip)  # holds ``labels``: its id is not reused while it is here
    return tip


_last_tip: tuple | None = None


def _laid_tip(bounds: pygame.Rect, view: BoardView, labels: dict[Hashable, MoveLabel], pointer: tuple[int, int],
              names: Callable[[Hashable], str] | None, scale: float) -> ValueTip | None:
    """``value_tip`` laid out afresh."""
    layout = tag_layout(view, labels, bounds)
    place = place_at([p for _rect, p in layout.tags] + layout.dots, pointer)
    if place is None or (layout.style == "full" and len(place.moves) == 1 and all(place is not d for d in layout.dots)
                         and not labels[place.moves[0]].said):
        return None
    font, small = max(12, int(14 * scale)), tx.small(12, scale)
    pad, chip = max(4, int(7 * scale)), max(6, int(9 * scale))
    lines = []  # (text, size, bold, colour chip)
    for move in place.moves[:TIP_MOVES]:
        label = labels[move]
        lines.append((f"{names(move)}   {label.text}" if names else label.text, font, True, tone_colour(label.tone)))
        if label.detail and len(place.moves) == 1:
            lines.append((_("{n} visits").format(n=label.detail), small, False, None))
        if label.said:
            lines.append((label.said, small, False, None))
    width = max(_width(text, size, bold) for text, size, bold, _c in lines) + chip + pad
    tip = pygame.Rect(0, 0, width + 2 * pad, sum(tx.line_height(size) for _t, size, _b, _c in lines) + 2 * pad)
    near = place.size // 2 + 4  # the hovered cell stays in sight ...
    gap = max(near, int(16 * scale))  # ... and the mouse's arrow, below and right of the pointer
    tip.topleft = (pointer[0] + gap, pointer[1] + gap)
    if tip.right > bounds.right:
        tip.right = pointer[0] - near
    if tip.bottom > bounds.bottom:
        tip.bottom = pointer[1] - near
    tip.clamp_ip(bounds)
    return ValueTip(place, tuple(lines), tip, pad, chip)


def draw_value_tip(surface: pygame.Surface, view: BoardView, labels: dict[Hashable, MoveLabel], pointer: tuple[int, int] | None,
                   theme: Theme, names: Callable[[Hashable], str] | None = None,
                   scale: float = 1.0) -> pygame.Rect | None:
    """The values of the moves under the pointer, in a tip beside it inside the window
    (``value_tip``), and a ring round their place; ``names`` writes a move.  Returns the tip's
    rectangle, None when there is none."""
    found = value_tip(surface.get_rect(), view, labels, pointer, names, scale)
    if found is None:
        return None
    tip, pad, chip = found.rect, found.pad, found.chip
    pygame.draw.circle(surface, theme.hover, found.place.centre, found.ring_radius(), max(1, found.place.size // 14))
    pygame.draw.rect(surface, theme.panel, tip, border_radius=max(4, int(6 * scale)))
    pygame.draw.rect(surface, theme.muted, tip, 1, border_radius=max(4, int(6 * scale)))
    y = tip.y + pad
    for text, size, bold, colour in found.lines:
        height = tx.line_height(size)
        if colour is not None:
            pygame.draw.circle(surface, chip_colour(colour, theme.panel), (tip.x + pad + chip // 2, y + height // 2), chip // 2)
        tx.text(surface, text, (tip.x + pad + chip + pad // 2, y + height // 2), size,
                theme.text if bold else theme.muted, "midleft", bold=bold)
        y += height
    return tip
