"""The notation the window's move lists and a search's lines write a game's moves in.

A game's own notation (``Game.format_move``: Trax's ``e5/``, the board's cells) is what records
keep, the worker's jobs replay and the evaluations are filed under; a game whose players write
another (Trax's official one, ``B2+``, counted from the tiles as they lie before the move:
``Game.other_move_text``) is shown in that one where the player chose it (Settings > Trax
notation, ``Settings.trax_notation``).  Only what is shown changes here: the move list of the
game screen and of the replay, the replay graph's tip, a search's best move and line, the
search tree's moves.  Typed moves are read in either notation whatever the choice.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import replace
from typing import Any

from games.base import Game, State

OFFICIAL = "official"  # ``Settings.trax_notation``'s default: the notation Trax players read


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


def shown_move(app: Any, game: Game, state: State, move: Hashable, text: str) -> str:
    """``move``, written ``text`` in the game's notation and played in ``state``, as the window
    shows it: in the other notation where it was chosen and the game has one."""
    if other_chosen(app):
        other = game.other_move_text(state, move)
        if other:
            return other
    return text


def shown_moves(app: Any, game: Game, plies: Iterable[tuple[State, Hashable, str]]) -> list[str]:
    """A game's moves as its move list shows them: each ply (the position it was played in, the
    move, its text in the game's notation) by ``shown_move``, so each is written as the board
    lay when it was played."""
    return [shown_move(app, game, state, move, text) for state, move, text in plies]


def shown_search(app: Any, progress: Any) -> Any:
    """A search's report (``ui.ai_worker.AIProgress``) with its best move and line in the
    notation chosen: the worker writes them both ways (``pv_other``, ``best_other``); a report
    without the other notation is shown as it is."""
    if progress is None or not other_chosen(app) or not (progress.pv_other or progress.best_other):
        return progress
    return replace(progress, pv=list(progress.pv_other), best_text=progress.best_other or progress.best_text)
