"""A multi-line text area in a monospaced font, for text whose columns matter: a board written as
rows (the position editor).

    area = TextArea("to-move: X\\n...\\n...\\n...")
    area.rect = pygame.Rect(...)          # set by the scene's layout
    area.handle(event)                    # True when the event was taken; area.changed after an edit
    area.text                             # the lines joined by newlines
    area.draw(surface, theme, scale)

It takes typed text, Enter (a new line), Backspace and Delete (across line ends), the arrows, Home
and End, Ctrl+V (the clipboard's text, lines and all) and a click, which puts the caret on the
character clicked.  Ctrl+A selects the whole text, so that what is typed or pasted next replaces it
(Backspace or Delete empty it, Ctrl+C copies it, Ctrl+X cuts it); it is the one selection there is,
enough to put another position in place of this one.  Ctrl+Z takes back the last edit, one edit a
step (a character typed, a paste, a Backspace, a whole text put in by ``replace``: the editor's
Usual start and its board's clicks), its caret with it; Ctrl+Y or Ctrl+Shift+Z does it again
(as the game screen's redo), until the next edit.  With ``overwrite`` (Insert switches it) a
typed character replaces the one under the caret, as suits a board drawn in characters: move to a
square, type its piece.  Lines longer than the area scroll sideways with the caret; more lines than
fit scroll up and down with it, and a finger (or the mouse) dragged on the text scrolls it either
way, the caret kept in what is shown (``DragScroll``).  Text hidden beyond the area's edges is
said on its last line, kept for it ("10 lines below · 64 columns right", ``hidden_words``): a 25x25
Trax board's rows are 124 characters, cut at the edge with nothing to say there was more.  Esc and
Ctrl+Enter are left to the screen.
"""

from __future__ import annotations

import pygame

from ui import clipboard
from ui import text as tx
from ui.i18n import ngettext
from ui.text_field import caret_interval, caret_on
from ui.theme import Theme
from ui.widgets import DragScroll, card, mix

Snapshot = tuple[str, int, int]  # a text and its caret (line, column)
UNDO_STEPS = 500  # the edits Ctrl+Z can take back: a few kilobytes each at most (a 25x25 Trax board)


class TextArea:
    def __init__(self, text: str = "") -> None:
        self.lines = text.split("\n") or [""]
        self.row, self.col = 0, 0  # the caret: before character ``col`` of line ``row``
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 16  # font size in pixels, set by the scene's layout
        self.top = 0  # the first line shown
        self.left = 0  # the first column shown
        self.changed = False  # set by an edit; the screen reads and clears it
        self.overwrite = False  # typed characters replace those under the caret (Insert switches)
        self.all_selected = False  # Ctrl+A: the next edit replaces the whole text
        self.reveal: tuple[int, int] | None = None  # (line, end column): kept in view with the caret (``show``)
        self.focused = True  # the keys come here: the accent border and the caret (the screen clears it)
        self.undo_steps: list[Snapshot] = []  # the text and caret before each edit, the last one last
        self.redo_steps: list[Snapshot] = []  # those Ctrl+Z took back, the last one taken back last
        self.drag = DragScroll()  # a press on the text: a tap puts the caret there, a drag scrolls the text
        self.scale = 1.0  # the window's scale as last drawn (how far a tap's wobble goes)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @text.setter
    def text(self, value: str) -> None:
        self.lines = value.replace("\r\n", "\n").replace("\r", "\n").split("\n") or [""]
        self.row, self.col = 0, 0
        self.top = self.left = 0
        self.all_selected = False
        self.changed = True

    def replace(self, value: str) -> None:
        """``value`` in place of the whole text, the caret at its start, as one edit Ctrl+Z takes
        back (a Usual start pressed by mistake loses nothing typed; a click on the editor's board
        is taken back alone)."""
        if value != self.text:
            self._remember(self._snapshot())
            self.text = value

    def _snapshot(self) -> Snapshot:
        return self.text, self.row, self.col

    def _restore(self, snapshot: Snapshot) -> None:
        text, row, col = snapshot
        self.text = text
        self.row, self.col = row, col

    def _remember(self, before: Snapshot) -> None:
        """``before``, the text and caret an edit changes, kept for Ctrl+Z; what was taken back
        is no longer done again (an edit after Ctrl+Z starts another line of edits)."""
        self.undo_steps = [*self.undo_steps[-(UNDO_STEPS - 1):], before]
        self.redo_steps = []

    def _step(self, taken_from: list[Snapshot], kept_in: list[Snapshot]) -> None:
        """Ctrl+Z (from the edits done) or Ctrl+Y (from those taken back): the last of
        ``taken_from`` put back, the text it replaces kept in ``kept_in`` for the other key."""
        if taken_from:
            kept_in.append(self._snapshot())
            self._restore(taken_from.pop())

    def _take_selection(self) -> bool:
        """Empty the text if it is all selected (the edit under way replaces it); True if it was."""
        if not self.all_selected:
            return False
        self.text = ""
        return True

    # -- editing ------------------------------------------------------------------------------
    def insert(self, value: str) -> None:
        """``value`` (which may hold new lines) at the caret."""
        value = value.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
        line = self.lines[self.row]
        head, tail = line[:self.col], line[self.col:]
        parts = value.split("\n")
        if len(parts) == 1:
            self.lines[self.row] = head + value + tail
            self.col += len(value)
        else:
            self.lines[self.row:self.row + 1] = [head + parts[0], *parts[1:-1], parts[-1] + tail]
            self.row += len(parts) - 1
            self.col = len(parts[-1])
        self.changed = True

    def _backspace(self) -> None:
        if self.col > 0:
            line = self.lines[self.row]
            self.lines[self.row] = line[:self.col - 1] + line[self.col:]
            self.col -= 1
        elif self.row > 0:
            self.col = len(self.lines[self.row - 1])
            self.lines[self.row - 1] += self.lines.pop(self.row)
            self.row -= 1
        else:
            return
        self.changed = True

    def _delete(self) -> None:
        line = self.lines[self.row]
        if self.col < len(line):
            self.lines[self.row] = line[:self.col] + line[self.col + 1:]
        elif self.row + 1 < len(self.lines):
            self.lines[self.row] += self.lines.pop(self.row + 1)
        else:
            return
        self.changed = True

    def _move(self, key: int) -> None:
        if key == pygame.K_LEFT:
            if self.col > 0:
                self.col -= 1
            elif self.row > 0:
                self.row -= 1
                self.col = len(self.lines[self.row])
        elif key == pygame.K_RIGHT:
            if self.col < len(self.lines[self.row]):
                self.col += 1
            elif self.row + 1 < len(self.lines):
                self.row, self.col = self.row + 1, 0
        elif key == pygame.K_UP and self.row > 0:
            self.row -= 1
        elif key == pygame.K_DOWN and self.row + 1 < len(self.lines):
            self.row += 1
        elif key == pygame.K_HOME:
            self.col = 0
        elif key == pygame.K_END:
            self.col = len(self.lines[self.row])
        self.col = min(self.col, len(self.lines[self.row]))

    KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END)

    def type_over(self, value: str) -> None:
        """``value`` (one line) over the characters under the caret, going on past the line's end."""
        line = self.lines[self.row]
        self.lines[self.row] = line[:self.col] + value + line[self.col + len(value):]
        self.col += len(value)
        self.changed = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Take typing, editing and caret keys and clicks inside the area (see the module's docstring);
        each edit keeps the text and caret it changed for Ctrl+Z."""
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and (event.key == pygame.K_y or (event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT)):
            self._step(self.redo_steps, self.undo_steps)
            return True
        if ctrl and event.key == pygame.K_z:
            self._step(self.undo_steps, self.redo_steps)
            return True
        before = self._snapshot()
        taken = self._handle(event)
        if self.text != before[0]:
            self._remember(before)
        return taken

    def _handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            replaced = self._take_selection()
            (self.type_over if self.overwrite and not replaced and "\n" not in event.text else self.insert)(event.text)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.all_selected = False
            self._click(event.pos)
            self.drag.press(event.pos, self.rect)
            return True
        if event.type == pygame.MOUSEMOTION and self.drag.pressed_at is not None:
            self._dragged_to(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.pressed_at is not None:
            return self.drag.release()
        if event.type != pygame.KEYDOWN:
            return False
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_a:
            self.all_selected = True
        elif ctrl and event.key in (pygame.K_c, pygame.K_x):
            if self.all_selected:
                clipboard.put_text(self.text)
                if event.key == pygame.K_x:
                    self._take_selection()
        elif clipboard.is_paste(event):
            self._take_selection()
            self.insert(clipboard.get_text())
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not ctrl:
            self._take_selection()
            self.insert("\n")
        elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if not self._take_selection():
                (self._backspace if event.key == pygame.K_BACKSPACE else self._delete)()
        elif event.key in self.KEYS:
            if self.all_selected:  # the caret goes to the selection's end the arrow points to
                self.all_selected = False
                start = event.key in (pygame.K_LEFT, pygame.K_UP, pygame.K_HOME)
                self.row = 0 if start else len(self.lines) - 1
                self.col = 0 if start else len(self.lines[self.row])
            else:
                self._move(event.key)
        elif event.key == pygame.K_INSERT:
            self.overwrite = not self.overwrite
        else:
            return False
        return True

    # -- drawing --------------------------------------------------------------------------------
    def _metrics(self) -> tuple[int, int, int, int]:
        """Character width, line height, and the columns and lines of text shown: one line fewer
        than fit when the text does not fit, its last one kept for saying what is hidden."""
        font = tx.ui_font(self.size, mono=True)
        width, height = font.size("M")[0], font.get_linesize()
        pad = self.size // 2
        columns = max(1, (self.rect.width - 2 * pad) // width)
        rows = max(1, (self.rect.height - 2 * pad) // height)
        if self._overflows(columns, rows):
            rows = max(1, rows - 1)
        return width, height, columns, rows

    def _longest(self) -> int:
        return max(len(line) for line in self.lines)

    def _overflows(self, columns: int, rows: int) -> bool:
        """Whether the text is longer or wider than ``rows`` lines of ``columns`` characters."""
        return len(self.lines) > rows or self._longest() > columns

    def hidden(self) -> tuple[int, int, int, int]:
        """(lines above, lines below, columns left, columns right) of the text beyond the area's
        edges as it was last drawn (its scroll then)."""
        _width, _height, columns, rows = self._metrics()
        return (self.top, max(0, len(self.lines) - self.top - rows), self.left,
                max(0, self._longest() - self.left - columns))

    def hidden_words(self) -> str:
        """What is hidden beyond the edges, said ("3 lines above · 10 lines below · 64 columns
        right"); "" when the whole text is shown."""
        above, below, left, right = self.hidden()
        parts = [ngettext("{n} line above", "{n} lines above", above) if above else "",
                 ngettext("{n} line below", "{n} lines below", below) if below else "",
                 ngettext("{n} column left", "{n} columns left", left) if left else "",
                 ngettext("{n} column right", "{n} columns right", right) if right else ""]
        counts = (above, below, left, right)
        return tx.join_parts(part.format(n=n) for part, n in zip(parts, counts))

    def _click(self, pos: tuple[int, int]) -> None:
        width, height, _columns, _rows = self._metrics()
        pad = self.size // 2
        self.row = max(0, min(len(self.lines) - 1, self.top + (pos[1] - self.rect.y - pad) // height))
        self.col = max(0, min(len(self.lines[self.row]), self.left + round((pos[0] - self.rect.x - pad) / width)))

    def _dragged_to(self, pos: tuple[int, int]) -> None:
        """The text follows a press dragged to ``pos``, by whole lines and columns, no further than
        its last line and its longest line's end: the position editor's Hex board of 19 and Trax's
        wide rows had more than the area shows, and a finger (no arrow keys) could reach the rest
        only by a tap on the board, which wrote a piece there.  The caret stays in what is shown
        (the area keeps the caret in view as it is drawn), on the line and column nearest where it was."""
        width, height, columns, rows = self._metrics()
        across, down = self.drag.pan(pos, self.scale, width, height)
        if not (across or down):
            return
        longest = max(len(line) for line in self.lines)
        self.top = max(0, min(len(self.lines) - rows, self.top + down))
        self.left = max(0, min(longest + 1 - columns, self.left + across))
        self.row = max(self.top, min(self.row, self.top + rows - 1, len(self.lines) - 1))
        self.col = min(len(self.lines[self.row]), max(self.left, min(self.col, self.left + columns - 1)))
        self.reveal = None

    def show(self, row: int, start: int, end: int) -> None:
        """The caret on column ``start`` of line ``row``, and the text up to ``end`` kept in view
        with it: the position editor's board click writes a cell's symbol (``none``, ``dldl``)
        there, and on a 25x25 Trax board, rows of 124 characters, the caret alone scrolled
        only far enough to show the symbol's first letter at the area's edge."""
        self.row, self.col = row, start
        self.reveal = (row, end)

    def _scroll_to_caret(self, columns: int, rows: int) -> None:
        """Scroll so that the caret (and the character under it) is in view, and with it the
        text ``show`` asked for while the caret stays on that line, at or before its end."""
        self.top = min(max(self.top, self.row - rows + 1), self.row)
        end = self.col + 1
        if self.reveal is not None and self.reveal[0] == self.row and self.col < self.reveal[1]:
            end = self.reveal[1]
        self.left = min(max(self.left, end - columns), self.col)

    def redraw_interval(self) -> float | None:
        """The caret blinks (``ui.text_field.caret_interval``)."""
        return caret_interval()

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        s, rect = scale, self.rect
        self.scale = scale
        border = theme.accent if self.focused else mix(theme.panel, theme.text, 0.2)
        card(surface, rect, mix(theme.panel, theme.text, 0.04), int(8 * s), border, max(1, int(2 * s)))
        width, height, columns, rows = self._metrics()
        self._scroll_to_caret(columns, rows)
        pad = self.size // 2
        for i, line in enumerate(self.lines[self.top:self.top + rows]):
            shown = line[self.left:self.left + columns]
            if self.all_selected:  # the selection's band behind each line, a character wider than it
                band = pygame.Rect(rect.x + pad, rect.y + pad + i * height, (len(shown) + 1) * width, height)
                pygame.draw.rect(surface, mix(theme.panel, theme.accent, 0.45), band)
            if shown:
                tx.text(surface, shown, (rect.x + pad, rect.y + pad + i * height), self.size, theme.text, mono=True)
        self._draw_hidden(surface, theme, rows * height)
        if self.focused and caret_on():  # the one blink the window's text fields share
            x = rect.x + pad + (self.col - self.left) * width
            y = rect.y + pad + (self.row - self.top) * height
            if self.overwrite:  # a block over the character that typing replaces
                pygame.draw.rect(surface, theme.accent, (x, y, width, height - 2), max(1, int(2 * s)))
            else:
                pygame.draw.line(surface, theme.accent, (x, y), (x, y + height - 2), max(1, int(2 * s)))

    def _draw_hidden(self, surface: pygame.Surface, theme: Theme, shown_height: int) -> None:
        """``hidden_words`` on the line under the text shown (kept for it by ``_metrics``), at
        the area's right, a little smaller than the text and muted."""
        said = self.hidden_words()
        if not said:
            return
        pad, size = self.size // 2, max(10, self.size * 5 // 6)
        room = self.rect.width - 2 * pad
        y = self.rect.y + pad + shown_height + max(0, (tx.ui_font(self.size, mono=True).get_linesize()
                                                        - tx.line_height(size)) // 2)
        tx.text(surface, tx.fit(said, size, room), (self.rect.right - pad, y), size, theme.muted, "topright")
