"""The move list in numbered pairs, drawn one way on the game screen's panel and in the replay.

The replay drew its list in a monospaced font with the current move's whole cell lit, the game
screen in the interface's font with the current move in bold on a pill the size of its text: two
looks for one list.  Both screens now lay out and scroll their rows as they need and draw them here.

    cells = draw_move_rows(surface, theme, box, s, first, count, row_h, size, texts, lead, current)

Both panels stack blocks above the list that can give room up when it runs short (the game
screen's thinking card going compact; the replay's graph shrinking, then its best line going to
one line): ``room_given`` says how much each gives.
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


def draw_move_rows(surface: pygame.Surface, theme: Theme, box: pygame.Rect, scale: float, first: int, count: int,
                   row_h: int, size: int, texts: Sequence[str], lead: int, current: int) -> list[tuple[pygame.Rect, int]]:
    """Draw ``count`` rows of the move list from row ``first`` in ``box`` (a row per move number,
    its two moves side by side; ``lead`` 1: the second side moved first, "1. … d3"), the move
    ``current`` (counted from 1: the position shown) lit.  Returns each move's cell and its ply
    number, for clicks."""
    def px(value: float) -> int:
        return int(value * scale)

    col1 = box.x + px(58)
    col_w = (box.width - px(66)) // 2
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
    return cells
