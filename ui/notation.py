"""The notation the window's move lists and a search's lines write a game's moves in.

A game's own notation (``Game.format_move``: Trax's ``e5/``, the board's cells) is what records
keep, the worker's jobs replay and the evaluations are filed under; a game whose players write
another (Trax's official one, ``B2+``, counted from the tiles as they lie before the move:
``Game.other_move_text``) is shown in that one where the player chose it (Settings > Trax
notation, ``Settings.trax_notation``).  Only what is shown changes here: the move list of the
game screen and of the replay, the replay graph's tip, a search's best move and line, the
search tree's moves.  Typed moves are read in either notation whatever the choice.

A move the notation writes as a word (Hex's ``swap``, Reversi's ``pass``) is shown in the language's word for it
(``MOVE_WORDS``: "trocar", as the board's own label says it) wherever a player reads it; it is
still typed, recorded and filed as the notation's word (``written_move`` keeps it, for the move
field's example of what to type).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import Any

from games.base import Game, State
from ui.i18n import N_, _

OFFICIAL = "official"  # ``Settings.trax_notation``'s default: the notation Trax players read

# the moves a game's notation writes as a word, and the catalog's word for each: Portuguese
# read "swap" in the move list and "melhor swap" on the status line beside the board's "trocar",
# and Reversi's "pass" among the squares of the list
MOVE_WORDS = {"swap": N_("swap"), "pass": N_("pass")}


def other_chosen(app: Any) -> bool:
    """Whether ``app``'s player chose the notation the game's players write (the default; a
    window shown without settings, as in some tests, has it too)."""
    return getattr(getattr(app, "settings", None), "trax_notation", OFFICIAL) == OFFICIAL


class MoveNames:
    """How the window writes the moves of ``state`` (``shown_move``), as a function of the move;
    equal to another that writes them alike (the same game and position, the same notation), so
    what is laid out with it may be kept (the tip of values, ``ui.analysis_mode.value_tip``)."""

    def __init__(self, app: Any, game: Game, state: State) -> None:
        self.app, self.game, self.state, self.other = app, game, state, other_chosen(app)

    def __call__(self, move: Hashable) -> str:
        return shown_move(self.app, self.game, self.state, move, self.game.format_move(self.state, move))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, MoveNames) and other.game is self.game and other.state is self.state
                and other.other == self.other)

    def __hash__(self) -> int:
        return hash((id(self.game), id(self.state), self.other))


def said_move(text: str) -> str:
    """A move's ``text`` in the language shown: a word of the notation (``MOVE_WORDS``) in the
    language's word, any other (a cell, a tile) as it is."""
    word = MOVE_WORDS.get(text)
    return _(word) if word else text


def written_move(app: Any, game: Game, state: State, move: Hashable, text: str) -> str:
    """``move``, written ``text`` in the game's notation and played in ``state``, as a player types
    it: in the other notation where it was chosen and the game has one."""
    if other_chosen(app):
        other = game.other_move_text(state, move)
        if other:
            return other
    return text


def shown_move(app: Any, game: Game, state: State, move: Hashable, text: str) -> str:
    """``move`` as the window shows it: as it is typed (``written_move``), a word of the notation
    in the language's (``said_move``)."""
    return said_move(written_move(app, game, state, move, text))


def shown_moves(app: Any, game: Game, plies: Iterable[tuple[State, Hashable, str]]) -> list[str]:
    """A game's moves as its move list shows them: each ply (the position it was played in, the
    move, its text in the game's notation) by ``shown_move``, so each is written as the board
    lay when it was played."""
    return [shown_move(app, game, state, move, text) for state, move, text in plies]


def shown_search(app: Any, progress: Any) -> Any:
    """A search's report (``ui.ai_worker.AIProgress``) with its best move and line in the
    notation chosen (the worker writes them both ways: ``pv_other``, ``best_other``; a report
    without the other notation keeps its own), their words in the language's (``said_move``);
    the report itself where nothing changes."""
    if progress is None:
        return progress
    line, best = progress.pv, progress.best_text
    if other_chosen(app) and (progress.pv_other or progress.best_other):
        line, best = progress.pv_other, progress.best_other or progress.best_text
    shown_line, shown_best = [said_move(text) for text in line], said_move(best)
    if shown_line == progress.pv and shown_best == progress.best_text:
        return progress
    return replace(progress, pv=shown_line, best_text=shown_best)
