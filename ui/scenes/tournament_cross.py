"""The crosstable as a stop of the running tournament screen's Tab (qa87): a keyboard-only player
could list a pair's games only by a click on its cell.  There the arrows move a ring from cell to
cell (the diagonal, a player against itself, passed over) and Enter or Space lists the pair's
games, as a click on the cell does (on it again: every game); on a pair that has played no
game yet, it says so and how many are still to play (``_why_no_games``)."""

from __future__ import annotations

import pygame

from ai.tournament_standings import ranked_apart
from ui.i18n import _, ngettext

CELL_STEPS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
OPEN_CELL_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class CrosstableKeys:
    """The crosstable's keys, mixed into ``TournamentScene`` (its ``cross_stop``, ``chosen_cell``,
    ``cross_rows`` and ``cross_columns``, ``_list_pair``, ``recent``, ``held``, ``_name``)."""

    def _on_cross(self) -> bool:
        """Whether the keyboard is on the crosstable (Tab took it there)."""
        return self.tournament is not None and self.key_focus.current(self._focus_stops()) is self.cross_stop

    def _cross_order(self) -> list[str]:
        """The crosstable's players, its rows' and its columns' order as drawn (the standings')."""
        return [st.player for st in ranked_apart(self.table, self.tournament.withdrawn)]

    def _choose_cell(self, rows: int, columns: int) -> tuple[str, str] | None:
        """Move the chosen cell ``rows`` down and ``columns`` right (0, 0: it again, or the pair
        listed, or the first cell shown), over the diagonal, kept in the table and scrolled into
        view; the pair (row's player, column's player)."""
        order = self._cross_order()
        if len(order) < 2:
            self.chosen_cell = None
            return None
        if self.chosen_cell is None or not set(self.chosen_cell) <= set(order):
            shown = (order[self.cross_rows.first], order[self.cross_columns.first])
            self.chosen_cell = self.pair if self.pair is not None and set(self.pair) <= set(order) else shown
        i, j = (order.index(p) for p in self.chosen_cell)
        i = max(0, min(len(order) - 1, i + rows))
        j = max(0, min(len(order) - 1, j + columns))
        if i == j:  # a player against itself: on past it, or back where the table ends
            ahead = 1 if (columns or rows) >= 0 else -1
            j = j + ahead if 0 <= j + ahead < len(order) else j - ahead
        self.chosen_cell = (order[i], order[j])
        self.cross_rows.reveal(i)
        self.cross_columns.reveal(j)
        return self.chosen_cell

    def _cross_key(self, key: int) -> bool:
        """A key on the crosstable: an arrow moves the ring a cell; Enter or Space lists the
        chosen pair's games (``_list_pair``).  False for other keys."""
        if key in CELL_STEPS:
            self._choose_cell(*CELL_STEPS[key])
        elif key in OPEN_CELL_KEYS and self._choose_cell(0, 0) is not None:
            self._list_pair(*self.chosen_cell)
        else:
            return False
        return True

    def _why_no_games(self, row: str, column: str) -> str:
        """Why the games of ``row`` and ``column`` cannot be listed: they have played none that
        the tables show yet (``held``: the board has yet to reach it), and how many of theirs are
        still to play; "" when they have."""
        pair = {row, column}
        if any(set(result.players) == pair for number, result in self.recent if number not in self.held):
            return ""
        names = {"a": self._name(row), "b": self._name(column)}
        scheduled = sum(1 for g in self.tournament.schedule if set(self.tournament.ids_of(g)) == pair)
        if not scheduled:
            return _("{a} and {b} have played no game").format(**names)
        said = ngettext("{a} and {b} have not played yet: their game is still to play",
                        "{a} and {b} have not played yet: their {n} games are still to play",
                        scheduled).format(n=scheduled, **names)
        return "  ".join([said, *self._dropped_of(pair)])

    def _dropped_of(self, pair: set[str]) -> list[str]:
        """The games of ``pair`` a Stop dropped part-way, said as such (never as results):
        "Game 5: stopped at move 14: replayed on Resume"; none while the tournament runs."""
        if self.running:
            return []
        return [_("Game {n}: {what}").format(n=number, what=self._dropped_words(number))
                for number in sorted(self.stopped_part_way) if set(self.live.get(number, {}).get("ids", ())) == pair]
