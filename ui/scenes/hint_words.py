"""A hint's words, said to the player who asked for it.

"Hint: g9 (Red 63% to win)", asked by Blue, was read as the hint's confidence: the panel's words
(``ui.scenes.thinking``) name the side the value favours, which is right for a panel that speaks
of either side, and wrong for an answer to one player.  A hint's search is of the asker's own
move (its ``AIProgress.mover``), so its value is said from that side: "your chances: 37%", "you
are 0.1 pieces behind", "proven: you win in 21 moves", "you lose in 5 moves", in the game's unit
as the panel's (``ui.analysis.eval_unit``), or, where the panel names only the side a number
favours (tic-tac-toe's, Rastros' and Trax's points: ``ai.value_words`` SIDE_ONLY), "better for
you", "worse for you".  A proof of the position another search found (the computer's last move's:
``game_computer.ComputerMoves._with_the_boards_proof``) is said as the hint's own, never its chances beside it,
with "this move is a guess" where it is not the asker's loss (``guess_note``).
"""

from __future__ import annotations

from ai.base import LENGTH_KNOWN, PROVEN, WIN
from ai.search.classic import COURSE_SCALE
from ai.value_words import says_the_number
from ui import text as tx
from ui.ai_worker import AIProgress
from ui.analysis import amount_text, eval_unit, plural_count
from ui.i18n import _, ngettext, number_text
from ui.scenes.thinking import (
    AT_LEAST,
    AT_MOST,
    DISCS,
    MOVES,
    estimate_depth,
    proof_measure,
    proof_winner,
    value_kind,
    win_rate,
)
from ui.words import choice_reason


def hint_why(progress: AIProgress, game_id: str = "") -> str:
    """Why a hint names its move: that it is the only legal move (Reversi's forced pass), why a
    rule chose it ("blocks the only threat"), then what its search proved ("proven: you win in 21
    plies") or, proving nothing, the value it found ("you are 0.1 pieces down", "your chances:
    62%", Reversi's book's "you win by about 1 disc"), for the player who asked, a search's estimate
    after its depth ("depth 2 · ...", ``estimate_depth``, as analysis's line says its own); "" when
    it says none.  A hint that said "Hint: d3-c3" alone taught a learner the move, not why."""
    parts = [_("only legal move") if progress.only_move else "", choice_reason(progress.reason)]
    said = proven_for_you(progress) or _value_for_you(progress, game_id)
    parts += [value_source(progress) if said else "", said, guess_note(progress)]  # "depth 2 · you are 0.1 points ahead"
    return tx.join_parts(parts)


def value_source(progress: AIProgress) -> str:
    """Where a hint's estimate comes from, said before it: its search's depth ("depth 2",
    ``estimate_depth``) or "opening book" (a book's value, not analysis's at its depth: Reversi's
    hint said "c5 (you are 1 disc behind)" beside analysis's depth 12 "0" on c5, and read as a
    second verdict); "" for a proof or a rule."""
    if progress.kind == "book" and progress.proven is None:
        return _("opening book")
    return estimate_depth(progress)


def proven_for_you(progress: AIProgress) -> str:
    """"proven: you win in 21 moves", "proven: you lose by 4 discs on the board", "proven: draw";
    "" when nothing is proven."""
    if progress.proven is None:
        return ""
    winner = proof_winner(progress)
    if winner is None:
        return _("proven: draw")
    return _("proven: {outcome}").format(outcome=_outcome(winner == progress.mover, *proof_measure(progress)))


def _outcome(won: bool, measure: str, n: int) -> str:
    """"you win in 7 moves", "you lose by 4 discs on the board", "you lose by at least 54 discs"
    (a bound of the margin), "you win in at most 41 moves", "you win": the win measured as the
    panel measures it (``thinking.proof_measure``)."""
    if measure == DISCS:
        said = (ngettext("you win by {n} disc on the board", "you win by {n} discs on the board", n) if won
                else ngettext("you lose by {n} disc on the board", "you lose by {n} discs on the board", n))
        return said.format(n=n)
    if measure == AT_LEAST:
        said = (ngettext("you win by at least {n} disc", "you win by at least {n} discs", n) if won
                else ngettext("you lose by at least {n} disc", "you lose by at least {n} discs", n))
        return said.format(n=n)
    if measure == AT_MOST:
        said = (ngettext("you win in at most {n} move", "you win in at most {n} moves", n) if won
                else ngettext("you lose in at most {n} move", "you lose in at most {n} moves", n))
        return said.format(n=n)
    if measure == MOVES:
        said = (ngettext("you win in {n} move", "you win in {n} moves", n) if won
                else ngettext("you lose in {n} move", "you lose in {n} moves", n))
        return said.format(n=n)
    return _("you win") if won else _("you lose")


def guess_note(progress: AIProgress) -> str:
    """"this move is a guess", after a proof another search found of the position
    (``AIProgress.proof_apart``, ``eval_bar.proof_beside``), where the hint's move may not keep
    the win or the draw it proves; "" else (every move of a lost position loses)."""
    if not progress.proof_apart or progress.proven is None or progress.proven < 0:
        return ""
    return _("this move is a guess")


def _value_for_you(progress: AIProgress, game_id: str) -> str:
    """The value the hint's move was chosen by (``thinking.value_kind``), for the asker."""
    kind = value_kind(progress, game_id)
    if kind == "bound":
        return _bound_for_you(progress)
    return _eval_for_you(progress, game_id) if kind == "eval" else ""


def _bound_for_you(progress: AIProgress) -> str:
    """The bound of Reversi's 6x6 book past a mistake (``thinking.bound_text``): "you finish at
    least even", "you lose by at most 4 discs": a bound of the final margin, said as an estimate
    of it is (``_margin``), not as the count now on the players' cards."""
    discs = round(-progress.score)
    if discs <= 0:
        return _("you finish at least even")
    return ngettext("you lose by at most {n} disc", "you lose by at most {n} discs", discs).format(n=discs)


def _eval_for_you(progress: AIProgress, game_id: str) -> str:
    """A search's evaluation for the asker (``thinking.eval_text``'s cases): the course bot's own
    number, a win seen in the search, the chance to win, or the margin in the game's unit."""
    score = progress.score
    if progress.kind == COURSE_SCALE:
        return _("{value} for you on the bot's own scale").format(value=number_text(score, "+g") if score else "0")
    if abs(score) >= PROVEN and progress.kind != "mcts":
        plies = int(WIN - abs(score))
        return _outcome(score > 0, MOVES if 0 < plies < LENGTH_KNOWN else "", plies)
    if progress.kind == "mcts":
        return _("your chances: {percent}%").format(percent=round(100 * win_rate(score)))
    unit = eval_unit(game_id, progress.unit)
    amount = amount_text(abs(score), game_id, progress.unit)
    if unit == "percent":
        return ""
    if amount == "0":
        return _("even")
    if not says_the_number(game_id, progress.unit):  # tic-tac-toe's, Rastros', Trax's points: SIDE_ONLY
        return _("better for you") if score > 0 else _("worse for you")
    return _margin(unit, score > 0, plural_count(amount)).format(n=amount.lstrip("+"))


def _margin(unit: str, ahead: bool, n: int) -> str:
    """"you win by about 1 disc", "you are {n} points down": the asker's margin in ``unit``.
    Discs are the final margin the search expects, not the count on the board: "you are 1 disc
    ahead" at Reversi's start, 2 discs each, and "you are 48 discs ahead" with 12 discs against 32
    (FFO #40) contradicted the player cards' counts.  Not "ahead": the hint's depth beside it says
    "12 moves ahead" (``estimate_depth``), and "12 moves ahead · you finish about 3 discs ahead"
    used the word for two things."""
    if unit == "discs":
        return (ngettext("you win by about {n} disc", "you win by about {n} discs", n) if ahead
                else ngettext("you lose by about {n} disc", "you lose by about {n} discs", n))
    if unit == "pieces":
        return (ngettext("you are {n} piece up", "you are {n} pieces up", n) if ahead
                else ngettext("you are {n} piece down", "you are {n} pieces down", n))
    return (ngettext("you are {n} point up", "you are {n} points up", n) if ahead
            else ngettext("you are {n} point down", "you are {n} points down", n))
