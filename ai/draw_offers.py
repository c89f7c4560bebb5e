"""A level's answer to a person's draw offer, from its own search of the position.

The person offers on their turn; the level's player searches that position as it would a move
(off the window's thread, ``ui.scenes.game_computer``) and its value, turned to its own side, is
judged here: it accepts a draw when it does not think it stands better than by ``DRAW_MARGINS``
of its game (its evaluation's own units, as ``Progress.score`` gives them; where the search says
its values are its own points, ``Progress.unit``, the margin in those points at the stage judged:
``draw_margin``), and declines when it stands better or sees a win.  A proof decides alone: a win
seen (or a margin above zero proven at least) is declined, a draw or a loss seen accepted;
Reversi's levels solve a position offered drawn wherever the solver reaches it in the offer's
time (``Limits.judging``), whatever their own play leaves to the midgame search.  Where the person has one legal move (a Reversi pass) the search has nothing to
choose and reports no value, so the position after that move is judged (``judged_position``);
where that move ends the game, its result is the proof (``Judged.at_end``).  A game whose rules
end it drawn whatever is played (``Game.certain_draw``: Trax's fill mode, which no loop or line
wins) is judged by them too, without a search, and every level accepts (``NO_WINNER``): level 5
declined such an offer as "it thinks it stands better" by its path points.

Before the game's own point of the opening (``Game.too_early_to_agree``: Reversi's fewer than 20
discs on 8x8, Alquerque's first capture, tic-tac-toe's k - 1 marks a side, Trax's half of the board
filled in its tournament mode) every level declines what its search does not prove drawn or lost,
as engines and players do not agree draws there.

A level offers a draw itself, with its move, only on a proof (``offers_draw``): its move's search
proved the game drawn (Alquerque's endgame tables, Reversi's solver, tic-tac-toe solved) or the
rules leave no winner, and only where the person would welcome it (``Game.draw_offer_welcome``):
past the game's point above, and in tic-tac-toe, a short game played for the blunders, only once
the person can no longer lose whatever they play (no line left that the level could complete)
and more than the last square is left; 3x3 offered at the fourth mark of every drawn game, a
beginner who had asked for a game hurried to end it.  Declined, it offers again only once the
game has moved on (``may_offer_again``: ``REOFFER_PLIES`` plies, or a piece taken).

The weak levels accept more easily: their margin is ``WEAK_LEVEL_MARGINS`` times the game's (they
judge roughly, as they play), and a player that plays at random and searches nothing accepts any
offer: its own report says so (``Progress.reason`` ``AT_RANDOM``, every game's level 1), not its
level's id, so any such player answers so (an outside player reports nothing, and is judged as one
that named its move by a rule).  A search that names a move by a rule and values nothing (tic-tac-toe's "block the only
threat", "stop the fork") speaks of the person defending: the level declines as standing better.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol

from ai.base import AT_RANDOM, POINTS, PROVEN
from ai.eval_scales import ALQUERQUE_PIECE, TICTACTOE_LINE_BASE, empty_share, point_worth
from games.base import State

DRAW_MARGINS: dict[str, float] = {
    # discs of final margin: a midgame value within two discs either way is noise, a clear
    # advantage is twelve (ai/eval_scales.py CLEAR_ADVANTAGE)
    "reversi": 2.0,
    # a third of a piece: position alone, no piece up (a clear advantage is a piece and a half)
    "alquerque": 0.3 * ALQUERQUE_PIECE,
    # one open line of one mark (4 ** 1): less than that is no threat building for either side
    "tictactoe": float(TICTACTOE_LINE_BASE),
    # half a point of the path evaluation: its values between even moves differ by about that much
    "trax": 0.5,
}
"""How much better than even a level may think it stands and still accept a draw, in each
drawable game's evaluation units (a game not listed: none, only even or worse)."""


WEAK_LEVEL_MARGINS = {"level-2": 3.0, "level-3": 2.0}
"""The margin's multiple for the weak levels, which judge as roughly as they play (1 for the others)."""

# why a level answers as it does (the window words each one)
SEES_WIN, BETTER, EVEN, WORSE, SEES_DRAW, SEES_LOSS, NO_JUDGEMENT, TOO_EARLY, NO_WINNER = (
    "sees-win", "better", "even", "worse", "sees-draw", "sees-loss", "no-judgement", "too-early", "no-winner")


class SearchReport(Protocol):
    """What ``Judged.searched`` reads of a search's last report (the window's ``AIProgress``)."""

    mover: int
    score: float
    kind: str
    proven: int | None
    unit: str
    at_least: bool
    reason: str


@dataclass(frozen=True)
class Judged:
    """What a search (or the rules, at an end) says of the position judged: ``score`` and
    ``proven`` (+1 won, 0 drawn, -1 lost) are ``mover``'s, the side to move there, as a search's
    ``Progress`` gives them; ``kind`` is the search's (a "rule" carries no value); ``at_random``,
    the player's own word that it drew its move at random (``AT_RANDOM``) and judged nothing."""

    mover: int
    score: float = 0.0
    kind: str = "alphabeta"
    proven: int | None = None
    unit: str = ""  # what ``score`` counts where it is not the game's unit (``Progress.unit``)
    certain: bool = False  # the rules end the game drawn whatever is played (``Game.certain_draw``)
    at_least: bool = False  # ``score`` is a proven lower bound of the final margin (``Progress.at_least``)
    empty_share: float | None = None  # the stage judged at, where points' worth moves with it (``empty_share``)
    at_random: bool = False  # the player drew its move at random and judged nothing (its report's ``AT_RANDOM``)

    @classmethod
    def searched(cls, search: SearchReport, state: State) -> Judged:
        """What a search (a ``Progress`` or the window's report of one) says of ``state``, the
        position it searched."""
        return cls(search.mover, search.score, search.kind, search.proven, search.unit,
                   at_least=search.at_least, empty_share=empty_share(state),
                   at_random=search.kind == "rule" and search.reason == AT_RANDOM)

    @classmethod
    def at_end(cls, state: State) -> Judged:
        """A finished position, judged by its rules: a proof of its result."""
        winner = state.winner()
        return cls(state.to_move, kind="rule", proven=0 if winner is None else 1 if winner == state.to_move else -1)

    @classmethod
    def by_rules(cls, state: State) -> Judged | None:
        """``state`` judged by its rules alone, where they decide it: finished (``at_end``), or a
        draw whatever is played (``Game.certain_draw``); None where a search must judge."""
        if state.is_terminal():
            return cls.at_end(state)
        if state.game.certain_draw(state):
            return cls(state.to_move, kind="rule", proven=0, certain=True)
        return None


@dataclass(frozen=True)
class DrawAnswer:
    accepts: bool
    why: str  # one of SEES_WIN, BETTER, EVEN, WORSE, SEES_DRAW, SEES_LOSS, NO_JUDGEMENT, TOO_EARLY, NO_WINNER


def judged_position(state: State) -> tuple[list[Hashable], State]:
    """The moves to play from ``state`` (where the person offers) to the position the level
    judges, and that position: ``state`` itself, or the position after the person's only legal
    move (a search of a forced move reports no value)."""
    legal = state.legal_moves()
    if len(legal) != 1:
        return [], state
    return legal, state.play(legal[0])


def answer_offer(game_id: str, level: str, side: int, judged: Judged, too_early: bool = False) -> DrawAnswer:
    """The answer of ``level`` playing ``side`` to a draw offer, from what it ``judged``; an offer
    ``too_early`` in the game (``Game.too_early_to_agree``) is declined unless a proof decides."""
    if judged.certain:
        return DrawAnswer(True, NO_WINNER)
    proven = _proof_for(side, judged)
    if proven is not None:
        return DrawAnswer(proven <= 0, (SEES_LOSS, SEES_DRAW, SEES_WIN)[proven + 1])
    if too_early:
        return DrawAnswer(False, TOO_EARLY)
    if judged.at_random:  # the player said it plays at random: it judges nothing, and accepts
        return DrawAnswer(True, NO_JUDGEMENT)
    if judged.kind == "rule":  # a defence the person must play: the level stands better
        return DrawAnswer(False, BETTER)
    value = judged.score if judged.mover == side else -judged.score
    margin = draw_margin(game_id, judged.unit, judged.empty_share) * WEAK_LEVEL_MARGINS.get(level, 1.0)
    if value > margin:
        return DrawAnswer(False, BETTER)
    return DrawAnswer(True, WORSE if value < -margin else EVEN)


def draw_margin(game_id: str, unit: str = "", stage: float | None = None) -> float:
    """The game's draw margin (``DRAW_MARGINS``) in the unit of the values judged: for a search
    that reports its own points (``POINTS``), in those points at the ``stage`` judged (the share
    of squares empty: Reversi's hand-set point is worth some 16 discs at 35-40 empties and 4-5 in
    the last ten, ai/eval_scales.py ``REVERSI_POINT_DISCS_BY_EMPTIES``), or by the game's one
    factor where the stage is unknown.  One factor for the whole game had level 4 accept a draw
    some four discs better at 30-40 empties."""
    margin = DRAW_MARGINS.get(game_id, 0.0)
    return margin / point_worth(game_id, stage) if unit == POINTS else margin


def _proof_for(side: int, judged: Judged) -> int | None:
    """What ``judged`` proves for ``side`` (+1 a win, 0 a draw, -1 a loss), or None: the search's
    proof, a win it saw inside its search (a score beyond ``PROVEN``), or a margin above zero
    proven at least (a solve cut off once a move kept the known margin: a win all the same)."""
    proven = judged.proven
    if proven is None and abs(judged.score) >= PROVEN and judged.kind != "mcts":
        proven = 1 if judged.score > 0 else -1
    if proven is None and judged.at_least and judged.score > 0:
        proven = 1
    if proven is None:
        return None
    return proven if judged.mover == side else -proven


REOFFER_PLIES = 10  # plies after a level's declined offer before it offers again, unless a piece is taken


def offers_draw(judged: Judged, welcome: bool, declined_before: bool = False) -> bool:
    """Whether a level offers a draw with its move, from what ``judged`` its move's search (or the
    rules) says of the game: only where it is sure, a draw proven with best play or no winner left
    by the rules (``Judged.certain``), and where the person would ``welcome`` one
    (``Game.draw_offer_welcome``: past the game's too early point; in tic-tac-toe once the person
    can no longer lose).  A value, however even, is no proof: a person asked at every level move
    "draw?" on a hunch would stop listening.  The rules' draw is offered once a game (not again
    once ``declined_before``): no move changes it, and a person who chose Trax's fill mode plays
    it to fill the board."""
    if not welcome:
        return False
    if judged.certain:
        return not declined_before
    return judged.proven == 0


def pieces_taken(state: State) -> int:
    """The pieces taken in the game so far where its score counts captures (Alquerque); 0 elsewhere:
    a capture changes a drawn ending enough for a level to offer again (``may_offer_again``)."""
    return sum(state.score()) if state.game.score_counts_captures else 0


def may_offer_again(declined: tuple[int, int] | None, plies: int, taken: int) -> bool:
    """Whether a level whose draw offer was ``declined`` (the plies played and ``pieces_taken``
    then; None: none declined) may offer one again at ``plies`` with ``taken`` pieces taken: once
    ``REOFFER_PLIES`` more were played, or a piece was taken since.  Asked again at every move, a
    person who wants to play the ending out would be nagged."""
    if declined is None:
        return True
    declined_at, taken_then = declined
    return plies >= declined_at + REOFFER_PLIES or taken > taken_then
