"""What the tournament screen's tests share beyond tests/ui_helpers.py."""

from __future__ import annotations

from ui.app import App

SMALL_HEX = 7  # the board of the screen's Hex tournaments whose games must last, but not long


def hex_on_a_small_board(app: App) -> None:
    """The tournament screen's Hex on a 7x7 board, as if chosen there last
    (``settings.tournament_choices``): a game of our levels at 0.1 s a move lasts about half a
    second, long enough that a Stop or a leave at the first result seen leaves games to play
    (Tic-tac-toe's workers played them all first), where 11x11's lasted one to two seconds."""
    choices = dict(app.settings.tournament_choices)
    options = dict(choices.get("options") or {})
    options["hex"] = {**options.get("hex", {}), "size": SMALL_HEX}
    app.settings.tournament_choices = choices | {"options": options}
