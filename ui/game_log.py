"""The game screen's lines in the window's log (``ui.debug_log``), at info: each game's start (the
game, its options, the mode, the players, the time) and its end (the result, and why), so that a
bug report's log says which game was being played when something went wrong.  Players are named by
their ids ("level-3", an outside player's file), a person as "human": never the names typed for
hot-seat, which are a person's own.  In English, whatever the window's language (as the rules'
reasons are), each count in the singular for one (``ai.match.counted``): the lines are for whoever
reads a bug report, not for the players, so they are not translated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ai.value_words import counted
from games.record_parts import Result
from ui.debug_log import trail
from ui.words import after_headline, without_closing_winner


def players_said(setup: Any) -> str:
    """The two players as the log names them: ``level-3``, a file's path and class, ``human``."""
    return " vs ".join(player or "human" for player in setup.players)


def log_game_started(scene: Any, continued: int = 0, path: Path | None = None) -> None:
    """A game scene's game has begun (opened, or a Rematch); ``continued``: the moves it was taken
    up after, from the file ``path`` (Continue's)."""
    setup = scene.setup
    extras = [f"clock {setup.clock}" if setup.clock else f"{setup.move_time:g} s a move"]
    if setup.start is not None:
        extras.append("from a set-up position")
    if continued:
        extras.append(f"continued after {counted(continued, 'moves')}" + (f" from {path}" if path is not None else ""))
    trail.info("game started: %s %s, %s, %s, %s", setup.game_id, dict(scene.game.options), setup.mode,
             players_said(setup), ", ".join(extras))


def result_said(scene: Any) -> str:
    """A finished game's result and why, in the rules' English as its record keeps them: an end
    off the board (a draw agreed, a resignation, a flag fall, a forfeit) as the scene's contract
    gives it (``Scene.result_off_the_board``), where the log read the game screen's own fields."""
    result = scene.result_off_the_board() or Result.of(scene.state)
    if result.winner is None:
        return said_once("Draw", result.reason, closing="draw")
    side_won = f"{scene.game.sides[result.winner]} wins"
    return said_once(side_won, result.reason, closing=side_won)


def said_once(headline: str, reason: str, closing: str) -> str:
    """The result's ``headline`` ("Dark wins", "Draw") and its ``reason``, which often says it
    already, said once, as the lists say a winner's (``ui.words.won_by``): a count follows it
    ("White wins 37 - 27", "Draw by agreement"), a reason after its colon goes in brackets ("Dark
    wins (a dark loop)"), one that closes on the result (": South wins", Tic-tac-toe's ": draw",
    ``closing``) loses that close.  The log read "Dark wins (Dark wins: a dark loop)"."""
    rest = after_headline(reason, headline)
    if rest is not None and not rest.startswith(":"):
        return headline + rest
    why = rest[1:].lstrip() if rest is not None else without_closing_winner(reason, closing)
    return f"{headline} ({why})"


class GameEndLog:
    """A game scene's listener (called after every change): logs the game's end once as it ends,
    and again should an Undo take it back and it end anew."""

    def __init__(self) -> None:
        self.said = False

    def __call__(self, scene: Any) -> None:
        over = scene.is_over()
        if over and not self.said:
            trail.info("game ended after %s: %s", counted(len(scene.history), "moves"), result_said(scene))
        self.said = over
