"""Words for what the computer is thinking: depth, best move, evaluation, proofs.

One truth per panel: a proof (the search saw the end of the game) replaces the evaluation, and
the depth too when the proof came from beyond it (a book, a table: ``depth_says_the_proof``); the
evaluation is shown in one unit per game, whichever player searched -- discs in Reversi (save
the levels that judge by its hand-set evaluation, whose points count no discs: said as points), the
chance to win for games whose players run Monte Carlo searches (an alpha-beta score there has no
honest conversion, so none is shown), pieces in Alquerque (``ui.analysis.eval_unit``); the points
of tic-tac-toe, Rastros and Trax, which no player counts, as the side they favour alone ("better
for X": ``ai.value_words`` SIDE_ONLY, whose docstring has the rule); a course player
whose heuristic has no conversion (Rastros' Basilio counts its distance to its goal) is said as
the course's own score, named so, and a won game it sees as a win.  A win's length is
counted in plies, moves of either side, as Alquerque's 40-ply rule counts them: "White wins in 21
plies" here is the "W21" analysis writes on the board (ui/analysis_mode.py), said only for N > 0.
Every side named is the side the evaluation favours; a hint speaks to the player who asked for it
instead (``ui.scenes.hint_words``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ai.base import LENGTH_KNOWN, PROVEN, WIN
from ai.search.classic import COURSE_SCALE
from ai.value_words import says_the_number
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import (
    BOUND_SIGNS,
    amount_text,
    count_text,
    eval_unit,
    games_tried_text,
    moves_ahead_text,
    plural_count,
    signed_text,
)
from ui.i18n import _, ngettext, number_text
from ui.words import PLAYS_BY, choice_reason, stop_reason


def _sides(sides: tuple[str, str]) -> tuple[str, str]:
    return (_(sides[0]), _(sides[1]))


def seen_from_board(progress: AIProgress, played: Sequence[str]) -> tuple[AIProgress, int]:
    """A finished search of a position ``played`` (those moves' texts) before the one on the board,
    with its lengths counted from the board, and how many plies back it still speaks of (0).

    The computer's move comes after its search: a "wins in 20 plies" of the position it moved from
    is 19 on the board, where analysis writes "L19".  While the moves played are the search's
    own line (its principal variation, or its best move), the win's length and the line lose
    those plies; a game that left that line keeps the search's words, and the plies back they
    are of: the panel says so.  Lengths only: depth, best move and nodes are the search's."""
    back = len(played)
    line = progress.pv or ([progress.best_text] if progress.best_text else [])
    if back == 0 or list(played) != line[:back]:
        return progress, back
    proven_plies = progress.proven_plies
    if proven_plies is not None and proven_plies > back:
        proven_plies -= back
    score = progress.score
    if math.isfinite(score) and abs(score) >= PROVEN and progress.kind != "mcts":  # a win the search saw itself
        won_in = int(WIN - abs(score))  # (``eval_text``): WIN less its plies
        if 0 < won_in < LENGTH_KNOWN and won_in > back:
            score += back if score > 0 else -back
    return replace(progress, proven_plies=proven_plies, score=score, pv=progress.pv[back:],
                   pv_other=progress.pv_other[back:]), 0


def chosen_without_search(progress: AIProgress | None) -> bool:
    """Whether ``progress`` is of a move chosen by a player that searches nothing: drawn at random
    (its report's ``reason``, ``ai.base.AT_RANDOM``: every game's level 1, Bacoco) or the first
    in a fixed order (``ai.base.FIXED_ORDER``: ObtusoSW, ObtusoNE).  The panel headed it "Last
    search: chose c5", as if a search had chosen c5; it names the player and how it plays instead
    (``ui.words.PLAYS_BY``)."""
    return progress is not None and progress.kind == "rule" and progress.reason in PLAYS_BY


def chosen_by_rule(progress: AIProgress | None) -> bool:
    """Whether ``progress`` is of a move a rule chose and says why, in words (``choice_reason``:
    a block, the centre, Hex's opening stone for the swap rule): no search chose it, so the
    panel heads it "Last move", not "Last search"."""
    return progress is not None and progress.kind == "rule" and bool(choice_reason(progress.reason))


def proof_winner(progress: AIProgress) -> int | None:
    """The side a proof says wins (0 or 1), or None: a proven draw, or nothing proven."""
    if not progress.proven:
        return None
    return progress.mover if progress.proven > 0 else 1 - progress.mover


def proven_text(progress: AIProgress, sides: tuple[str, str], short: bool = False) -> str:
    """"proven: South wins in 7 moves", "proven: draw", or "" when nothing is proven; "proven:
    White wins in at most 41 moves" for a length that is the winner's way against the longest
    defence (``plies_at_most``: Alquerque's endgame tables); "proven: White wins by at least 54
    discs" for a bound of the margin (``AT_LEAST``: a midgame search's proof).  Where the
    proof came from (an opening book) is said with the move (``detail_parts``), in words.
    ``short``: the winner alone, "proven: South wins", where the whole does not fit (the length
    or the margin is on the eval bar and the board's tags)."""
    if progress.proven is None:
        return ""
    winner = proof_winner(progress)
    if winner is None:
        return _("proven: draw")
    name = _sides(sides)[winner]
    measure, n = proof_measure(progress)
    if short or not measure:
        return _("proven: {side} wins").format(side=name)
    if measure == DISCS:
        return ngettext("proven: {side} wins by {n} disc on the board",
                        "proven: {side} wins by {n} discs on the board", n).format(side=name, n=n)
    if measure == AT_LEAST:
        return ngettext("proven: {side} wins by at least {n} disc",
                        "proven: {side} wins by at least {n} discs", n).format(side=name, n=n)
    if measure == AT_MOST:
        return ngettext("proven: {side} wins in at most {n} move", "proven: {side} wins in at most {n} moves",
                        n).format(side=name, n=n)
    return ngettext("proven: {side} wins in {n} move", "proven: {side} wins in {n} moves", n).format(side=name, n=n)


def proven_forms(progress: AIProgress, sides: tuple[str, str]) -> list[str]:
    """``proven_text`` in its forms, the most said first, for a line too narrow for the whole:
    the length's unit left out ("proven: X wins in 4"), then "proven:" too ("X wins in 4": the bar
    and the board's tags say it is proven), the length kept before the short "proven: X wins".  At
    800x600, Larger text, in Portuguese the one-line card cut "provado: X ganha em 4 jo…" where
    "provado: X ganha em 4" fitted.  A bound of the margin's last form is the best move's tag on
    the board ("≤-54", ``bound_tag``): there no worded form of "provado: Branco ganha por pelo
    menos 54 peças" fitted beside "melhor f1", and the card said no proof.  [] when nothing is
    proven."""
    said = proven_text(progress, sides)
    winner = proof_winner(progress)
    measure, n = proof_measure(progress)
    if not said or winner is None or not measure:
        return [said] if said else []
    name = _sides(sides)[winner]
    if measure == DISCS:
        shorter = [ngettext("proven: {side} wins by {n} disc", "proven: {side} wins by {n} discs", n),
                   ngettext("{side} wins by {n} disc", "{side} wins by {n} discs", n)]
    elif measure == AT_MOST:
        shorter = [_("proven: {side} wins in at most {n}"), _("{side} wins in at most {n}")]
    elif measure == AT_LEAST:
        shorter = [_("proven: {side} wins by at least {n}"), _("{side} wins by at least {n}")]
    else:
        shorter = [_("proven: {side} wins in {n}"), _("{side} wins in {n}")]
    forms = [said, *(form.format(side=name, n=n) for form in shorter), proven_text(progress, sides, short=True)]
    return [*forms, bound_tag(progress)] if measure == AT_LEAST else forms


def bound_tag(progress: AIProgress) -> str:
    """A proven bound of the margin as analysis tags its move on the board, for the side to move:
    "≤-54" (loses by at least 54 discs), "≥+54" (wins by at least 54)."""
    return BOUND_SIGNS[1 if progress.at_least else -1] + signed_text(progress.score)


DISCS, AT_LEAST, AT_MOST, MOVES = "discs", "at least", "at most", "moves"  # how a proven win is measured (``proof_measure``)


def proof_measure(progress: AIProgress) -> tuple[str, int]:
    """How a proven win is said, the panel's (``proven_text``) and the hint's
    (``hint_words.proven_for_you``) alike: by its margin in discs on the board (Reversi's solver,
    ``DISCS``: not the end card's first count, the tournament's empty squares to the winner: the
    rules page says so), by at least so many discs (``AT_LEAST``: a bound of the margin, Reversi's
    midgame proofs and its 6x6 book's, whose lines end where the search looked: the best play may
    win by more), in at most so many moves (``AT_MOST``: Alquerque's tables, the winner's
    way against the longest defence), in so many moves (``MOVES``), or ("", 0) not measured."""
    return measure_of(progress.exact_margin, progress.score, progress.proven_plies, progress.plies_at_most,
                      bound=progress.at_least or progress.at_most)


def measure_of(margin: bool, score: float, plies: int | None, at_most: bool, bound: bool = False) -> tuple[str, int]:
    """``proof_measure`` of a proof's fields (``margin``: ``score`` is the exact final margin in
    discs; ``bound``: a bound of it, the winner's least margin; ``plies`` to the end, ``at_most``
    against the longest defence), for analysis's values (``analysis_mode.length_words``) as for a
    search's report: one choice of the measure for both."""
    if margin:
        return DISCS, abs(round(score))
    if bound and round(score):
        return AT_LEAST, abs(round(score))
    if plies is None or plies <= 0:
        return "", 0
    return (AT_MOST if at_most else MOVES), plies


def eval_text(progress: AIProgress, sides: tuple[str, str], game_id: str = "") -> str:
    """The evaluation in the game's unit, for the side it favours ("Black +6 discs",
    "Blue 62% to win", "White +1.1 pieces", "better for South"); "" when this search's score has
    no meaning in that unit; a course player's own heuristic number as the mover's, said to be the
    bot's own ("South +3 on the bot's own scale"; "South's course score" named a course
    the panel does not)."""
    score, mover = progress.score, progress.mover
    names = _sides(sides)
    if progress.kind == COURSE_SCALE:
        return _("{side} {value} on the bot's own scale").format(side=names[mover], value=number_text(score, "+g") if score else "0")
    if abs(score) >= PROVEN and progress.kind != "mcts":  # a win seen inside the search
        winner = mover if score > 0 else 1 - mover
        plies = int(WIN - abs(score))
        if 0 < plies < LENGTH_KNOWN:
            return ngettext("{side} wins in {n} move", "{side} wins in {n} moves", plies).format(
                side=names[winner], n=plies)
        return _("{side} wins").format(side=names[winner])
    unit = eval_unit(game_id, progress.unit)
    if progress.kind == "mcts":
        rate = win_rate(score)
        side = mover if rate >= 0.5 else 1 - mover
        return _("{side} {percent}% to win").format(side=names[side], percent=round(100 * max(rate, 1 - rate)))
    if unit == "percent":
        return ""
    side = mover if score >= 0 else 1 - mover
    amount = amount_text(abs(score), game_id, progress.unit)
    if amount == "0":
        return _("even")
    if not says_the_number(game_id, progress.unit):  # tic-tac-toe's, Rastros' and Trax's points: SIDE_ONLY
        return _("better for {side}").format(side=names[side])
    n, said = plural_count(amount), amount.lstrip("+")
    if unit == "discs":
        return ngettext("{side} +{n} disc", "{side} +{n} discs", n).format(side=names[side], n=said)
    if unit == "pieces":
        return ngettext("{side} +{n} piece", "{side} +{n} pieces", n).format(side=names[side], n=said)
    return ngettext("{side} +{n} point", "{side} +{n} points", n).format(side=names[side], n=said)


def estimate_depth(progress: AIProgress, plain: bool = True) -> str:
    """How far a search looked for its estimate, as analysis's line says its own ("Analysis: 4
    moves ahead", "Analysis: 20,000 games tried"): "2 moves ahead", or a Monte Carlo search's
    "17,666 games tried"; "" for a proof, a book's value or a rule's.  Analysis writes every
    move's value on the board at its own depth: Trax's hint said "@1+ (Light +0.1 points)" beside
    the board's "-1.6" on that tile with nothing to tell the two apart.  Not ``plain`` (the search
    tree's screen, where a student reads the search): "depth 2", "17,666 playouts"."""
    if progress.proven is not None or progress.kind in ("book", "rule"):
        return ""
    if progress.kind == "mcts":
        return playouts_text(progress, plain)
    if progress.depth <= 0:
        return ""
    return reach_text(progress) if plain else depth_text(progress)


def playouts_text(progress: AIProgress, plain: bool = True) -> str:
    """A Monte Carlo search's size in a player's words, "17,666 games tried" (each a game played
    out to its end from the position: "playouts" is the course's word, which the search tree's
    screen keeps, not ``plain``); "" before its first."""
    if not progress.nodes:
        return ""
    n = number_text(progress.nodes, ",")
    if not plain:
        return ngettext("{n} playout", "{n} playouts", progress.nodes).format(n=n)
    return games_tried_text(progress.nodes)


def value_found(progress: AIProgress, sides: tuple[str, str], game_id: str = "") -> str:
    """The value a move was chosen by where nothing is proven: a search's evaluation ("Black +0.1
    pieces", "Blue 62% to win"), an opening book's in discs or its bound (Reversi's: "Black +1
    disc", "White +4 discs at most"); "" for a proof, a rule, or a book that carries no values."""
    kind = value_kind(progress, game_id)
    if kind == "bound":
        return bound_text(progress, sides)
    return eval_text(progress, sides, game_id) if kind == "eval" else ""


def value_kind(progress: AIProgress, game_id: str = "") -> str:
    """Which value a move was chosen by where nothing is proven (``value_found``): "bound" (the
    proven bound of Reversi's book past a mistake), "eval" (a search's evaluation, a book's in
    discs), or "" (a proof, a rule, a book that carries no values)."""
    if progress.proven is not None:
        return ""
    if progress.kind == "book":
        if eval_unit(game_id) != "discs":
            return ""
        return "bound" if progress.at_least else "eval"
    return "eval" if progress.kind != "rule" and (progress.depth or progress.nodes) else ""


def win_rate(score: float) -> float:
    """A Monte Carlo search's score as the mover's chance to win, 0 to 1 (its score is a rate, a
    value from -1 to 1, or a percentage)."""
    rate = score if 0.0 <= score <= 1.0 else (score + 1) / 2 if -1.0 <= score <= 1.0 else score / 100
    return max(0.0, min(1.0, rate))


def bound_text(progress: AIProgress, sides: tuple[str, str]) -> str:
    """A proven lower bound of the mover's margin that is not a win (the 6x6 book past a mistake
    keeps "at least" what it had): "White +4 discs at most", "Black at least even"."""
    names = _sides(sides)
    discs = round(-progress.score)
    if discs <= 0:
        return _("{side} at least even").format(side=names[progress.mover])
    return ngettext("{side} +{n} disc at most", "{side} +{n} discs at most", discs).format(
        side=names[1 - progress.mover], n=discs)


def detail_parts(progress: AIProgress, sides: tuple[str, str] | None = None, game_id: str = "",
                 hint: bool = False) -> list[str]:
    """What a search says, part by part: "7 moves ahead", "best e4", "Black +6 discs" (the parts that are
    known; no evaluation once proven); a move from an opening book: "from the opening book: f5",
    with, when the book proves nothing, its value, "Black +1 discs" (Reversi's 8x8 book values its
    moves in discs; other books carry proofs or no value); a move chosen without a search: "only
    legal move: a7", or "chose e3" (a random player, a course bot's rule); a rule that knows the
    position's value (a win in one, a solved board's block) names its move as a search's proof
    does, "best e3", and the proof says the rest; a rule that says why it chose adds the reason:
    "chose e3", "blocks the only threat"; a search that ended before its time says why, "stopped at
    its memory limit" (the move came early), last: it is the least of the news, and where it
    stood before the value, in Portuguese at Larger text the one-line card said the best move and
    "parou no limite de memória", the value gone (``stopped_note``).  No part names a search's
    ``kind`` ("book", "solver", "mcts"...): a newcomer reads where the move came from in words.
    A ``hint``'s rule suggests its move, as a hint's search does: "best c1", not "chose c1" (Hex's
    hint card read "Hint · chose c1 · an opening stone for the swap rule": the player chooses)."""
    parts = []
    said = choice_reason(progress.reason)
    reason = [said] if said else []
    stopped = [stopped_note(progress)] if stopped_note(progress) else []  # the tree's memory cap
    if progress.kind == "rule" and progress.best_text and (progress.only_move or progress.proven is None):
        named = (_("only legal move: {move}").format(move=progress.best_text) if progress.only_move
                 else best_part(progress) if hint else _("chose {move}").format(move=progress.best_text))
        return [named, *reason, *stopped]
    if progress.kind == "book" and progress.best_text:
        parts.append(_("from the opening book: {move}").format(move=progress.best_text))
        value = value_found(progress, sides, game_id) if sides is not None else ""
        return [*parts, value] if value else parts
    if progress.kind in ("alphabeta", "solver", "threats", COURSE_SCALE) and progress.depth and depth_says_the_proof(progress):
        parts.append(reach_text(progress))
    elif progress.kind == "mcts" and progress.nodes:
        parts.append(playouts_text(progress))
    if progress.best_text:
        parts.append(best_part(progress))
    parts.extend(reason)
    value = value_found(progress, sides, game_id) if sides is not None else ""
    return [*parts, value, *stopped] if value else [*parts, *stopped]


def stopped_note(progress: AIProgress) -> str:
    """Why the search ended before its time ("stopped at its memory limit": the move came early),
    "" where it did not: the last of ``detail_parts``, said where the rest leaves it room."""
    return stop_reason(progress.stopped)


def has_figures(progress: AIProgress | None) -> bool:
    """Whether a search's report says anything yet: a depth, nodes, a move, a proof, its end.  A
    search that needs no kernel reports at once that it has begun (``ai.search.driver``: the
    stand-ins on a fresh install), and Rastros' root solver that it is at work, with none
    (``begun_words`` says what is going on instead of a blank line)."""
    return progress is not None and bool(progress.depth or progress.nodes or progress.best_move is not None
                                         or progress.best_text or progress.pv or progress.proven is not None
                                         or progress.done)


def begun_words(progress: AIProgress | None, outside: bool = False) -> str:
    """What the thinking card says under its headline while a search has no figures to show:
    "Solving the position…" where its report says a solver is at work, "Waiting for its answer…"
    for an ``outside`` player (a student's file, an engine: it reports no search, and the card said
    "Starting the search…" until its answer or its forfeit on time), else "Starting the search…"."""
    if outside:
        return _("Waiting for its answer…")
    if progress is not None and progress.kind == "solver":
        return _("Solving the position…")
    return _("Starting the search…")


def best_part(progress: AIProgress) -> str:
    """"best e4", the search's best move; "best guess f3" where the proof said beside it is the
    position's, not the move's (``AIProgress.proof_apart``: the eval bar's proof beside analysis'
    Monte Carlo choice), for "best f3 · proven: Blue wins" read as if f3 were the proven win,
    which no search checked.  "" without a best move."""
    if not progress.best_text:
        return ""
    said = _("best guess {move}") if progress.proof_apart else _("best {move}")
    return said.format(move=progress.best_text)


def depth_text(progress: AIProgress) -> str:
    """"depth 7", the course's word, for the search tree's screen (``estimate_depth`` not plain);
    a course player whose course counts its depth otherwise says that depth and how far it looks,
    "depth 5 (6 moves ahead)", as its description does (Rastros' Basilio said "depth 6" beside
    a description of "depth 5"; "course depth" named a course the panel does not).  "Moves
    ahead" as every other screen says it (``moves_ahead_text``): "plies ahead" beside analysis'
    "6 moves ahead" read as two different counts."""
    if progress.course_depth is None:
        return _("depth {n}").format(n=progress.depth)
    return _("depth {depth} ({moves_ahead})").format(depth=progress.course_depth,
                                                      moves_ahead=moves_ahead_text(progress.depth))


def reach_text(progress: AIProgress) -> str:
    """How far a search looked, in a player's words, for the thinking card and a hint: "7 moves
    ahead" (``moves_ahead_text``); a course player whose course counts its depth otherwise adds
    the depth its description names, "6 moves ahead (depth 5)"."""
    if progress.course_depth is None:
        return moves_ahead_text(progress.depth)
    return ngettext("{n} move ahead (depth {depth})", "{n} moves ahead (depth {depth})", progress.depth).format(
        depth=progress.course_depth, n=progress.depth)


def depth_says_the_proof(progress: AIProgress) -> bool:
    """Whether a search's depth belongs beside what it proved: always when nothing is; beside a
    proof only when the search saw the end itself, its depth reaching the win's length.  A proof
    that came from a book, an endgame table or a solver below a shallow search said "depth 2 ·
    best 5-2 · proven: North wins" (Rastros' book: the whole game) and "depth 2 · best f1 ·
    proven: White wins by 16 discs" (Reversi's solver, 16 squares empty): read as a proof two
    plies deep.  Those say "proven" alone, with the length where it is known."""
    if progress.proven is None:
        return True
    return progress.proven_plies is not None and 0 < progress.proven_plies <= progress.depth


def detail_line(progress: AIProgress, sides: tuple[str, str] | None = None, game_id: str = "") -> str:
    """``detail_parts`` on one line: "7 moves ahead · best e4 · Black +6 discs"."""
    return tx.join_parts(detail_parts(progress, sides, game_id))


def nodes_text(progress: AIProgress) -> str:
    """How many positions a search looked at, "1.2M positions looked at" ("nodes", the course's
    word, on the thinking card a player reads); "" for none, or a Monte Carlo search's (its
    size is its games tried, said with its depth's place: ``detail_parts``)."""
    if not progress.nodes or progress.kind == "mcts":
        return ""
    return _("{count} positions looked at").format(count=count_text(progress.nodes))
