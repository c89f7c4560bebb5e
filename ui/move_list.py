"""The move list in numbered pairs, drawn one way on the game screen's panel and in the replay.

The replay drew its list in a monospaced font with the current move's whole cell lit, the game
screen in the interface's font with the current move in bold on a pill the size of its text: two
looks for one list.  Both screens now lay out and scroll their rows as they need and draw them here.

    cells = draw_move_rows(surface, theme, box, s, first, count, row_h, size, texts, lead, current)

Both panels stack blocks above the list that can give room up when it runs short (the game
screen's thinking card going compact; the replay's graph shrinking, then its best line going to
one line): ``room_given`` says how much each gives.

Every cell is one move, one player's turn (a stone, a tile, a step or a whole capture chain),
and the screens count moves so: "Move 7 of 40" in the replay's header, "12 moves" over the list.
A row's number is a round of two moves, the first side's and the second's, as on a chess score
sheet; so "Move 7" is row 4's first cell, and its second in a game the second side began
("1. … d3"), which shifts every move one cell on (``games.move_numbers.move_place``).

A clocked game's list, on the game screen as in its replay, writes each move's time small at the
right of its cell, as chess programs do, where every move and its time fit side by side in a
column (``times_shown``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ui import text as tx
from ui.theme import Theme
from ui.widgets import mix


def room_given(room: int, wanted: int, gives: Sequence[int]) -> list[int]:
    """The pixels each block beside the move list gives up, in order, so that the list, left
    ``room`` pixels, gets the ``wanted`` it needs for the rows it keeps: each block up to its own
    ``gives``, the first before the next is asked; all 0 when the room is enough."""
    short = max(0, wanted - room)
    given = []
    for most in gives:
        given.append(max(0, min(short, most)))
        short -= given[-1]
    return given


TIME_SIZE = 11  # a move's time beside it, unscaled (``ui.text.small``: never under its least)
TIME_GAP = 4  # between a move (its lit pill, 6 wider) and its time, unscaled
TIME_MARGIN = 3  # between a move's time and its cell's right edge, unscaled


def column_width(box_width: int, scale: float) -> int:
    """The width of each of the two move columns in a list ``box_width`` wide."""
    return (box_width - int(66 * scale)) // 2


def times_fit(box_width: int, scale: float, size: int, texts: Sequence[str], times: Sequence[str],
              time_size: int | None = None) -> bool:
    """Whether every move (``texts``, bold as when shown lit, at ``size``) has room for its time
    (``times``, at ``time_size``: ``TIME_SIZE``'s small print if None) beside it in a column of a
    list ``box_width`` wide: all of them or none, so the times do not come and go as the list scrolls."""
    room = column_width(box_width, scale) - int((12 + TIME_GAP + TIME_MARGIN) * scale)  # the lit pill, the cell's edge
    move_font = tx.ui_font(size, True)
    time_font = tx.ui_font(tx.small(TIME_SIZE, scale) if time_size is None else time_size)
    return all(move_font.size(move)[0] + time_font.size(took)[0] <= room for move, took in zip(texts, times))


def times_shown(box_width: int, scale: float, size: int, texts: Sequence[str],
                times: Sequence[str] | None, time_size: int | None = None) -> Sequence[str] | None:
    """``times`` where every one fits beside its move (``times_fit``, the times at ``time_size``),
    else None: the move list's times on the game screen and in the replay, shown or left out alike."""
    return times if times is not None and times_fit(box_width, scale, size, texts, times, time_size) else None


def draw_move_rows(surface: pygame.Surface, theme: Theme, box: pygame.Rect, scale: float, first: int, count: int,
                   row_h: int, size: int, texts: Sequence[str], lead: int, current: int,
                   times: Sequence[str] | None = None, time_size: int | None = None) -> list[tuple[pygame.Rect, int]]:
    """Draw ``count`` rows of the move list from row ``first`` in ``box`` (a row per move number,
    its two moves side by side; ``lead`` 1: the second side moved first, "1. … d3"), the move
    ``current`` (counted from 1: the position shown) lit, and each move's time (``times``, one a
    move: a clocked game's replay, where ``times_fit``) small at its cell's right (at ``time_size``:
    ``TIME_SIZE``'s small print if None).  Returns each
    move's cell and its number from 1 (the position after it), for clicks."""
    def px(value: float) -> int:
        return int(value * scale)

    col1 = box.x + px(58)
    col_w = column_width(box.width, scale)
    cells = []
    lower = max(0, row_h - tx.line_height(size) - px(2)) // 2  # a row taller than its line (a finger's): centred
    for i in range(first, first + count):
        top = box.y + px(6) + (i - first) * row_h
        y = top + lower
        tx.text(surface, f"{i + 1}.", (box.x + px(44), y), size, theme.muted, "topright")
        for cx, j in ((col1, 2 * i - lead), (col1 + col_w, 2 * i + 1 - lead)):
            if j < 0:
                tx.text(surface, "…", (cx, y), size, theme.muted)
            elif j < len(texts):
                latest = j == current - 1
                cells.append((pygame.Rect(cx - px(6), top, col_w, row_h).clip(box), j + 1))
                value = tx.fit(texts[j], size, col_w - px(6), latest)
                if latest:
                    lit = pygame.Rect(cx - px(6), top, tx.ui_font(size, True).size(value)[0] + px(12), row_h)
                    pygame.draw.rect(surface, mix(theme.panel, theme.accent, 0.35), lit, border_radius=px(5))
                tx.text(surface, value, (cx, y), size, theme.text, bold=latest)
                if times is not None:
                    tx.text(surface, times[j], (cx - px(6) + col_w - px(TIME_MARGIN), y + tx.line_height(size) // 2),
                            tx.small(TIME_SIZE, scale) if time_size is None else time_size, theme.muted, "midright")
    return cells
