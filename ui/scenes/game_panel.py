"""The side panel of the game screen: the game, both players, the thinking box, the legend of
the Hex connections when they are shown, the move list and the control buttons."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from games.record import move_place, move_rows
from ui import text as tx
from ui import words
from ui.clocks import reading_text
from ui.hex_connections import draw_legend, legend_height
from ui.i18n import _, ngettext, number_text
from ui.match import HOTSEAT
from ui.move_list import draw_move_rows
from ui.scenes.common import draw_counts
from ui.scenes.game_board_side import play_tip
from ui.scenes.game_over import reason_lines, shown_score
from ui.scenes.thinking import detail_parts, nodes_text, proof_winner, proven_text
from ui.widgets import card, layout_grid, legible, mix, spinner

if TYPE_CHECKING:
    from ui.ai_worker import AIProgress
    from ui.scenes.game import GameScene


def options_parts(scene: GameScene) -> list[str]:
    """Each option with its value, e.g. ["Width: 7", "Height: 6", "In a row to win: 4"]; a game
    from a given position leaves out the options that only pick the usual start."""
    return words.options_parts(scene.game, from_position=bool(scene.setup.start))


NAMED_COLOURS = {
    "black": (24, 24, 28), "white": (245, 245, 240), "blue": (40, 110, 220), "red": (215, 60, 50),
    "green": (40, 160, 80), "yellow": (235, 200, 40), "light": (240, 236, 224), "dark": (40, 40, 46),
}


def side_colour(name: str, side: int, theme) -> tuple[int, int, int]:
    """The colour of a side: its name if it is a colour ("Black", "Red"), else the theme's."""
    return NAMED_COLOURS.get(name.lower(), theme.side0 if side == 0 else theme.side1)


def asking_side(scene: GameScene) -> int | None:
    """Whose view the panel's verdicts are coloured from: the human's in Human vs PC, the side to
    move in Hot-seat (the player at the board, who asks for the hints), no one's in PC vs PC."""
    if scene.setup.mode == HOTSEAT:
        return scene.state.to_move
    return scene.setup.human_side()


def proof_colour(progress: AIProgress, viewer: int | None, theme) -> tuple[int, int, int]:
    """A proof's colour as good or bad news for ``viewer``: the win colour for its own win, the
    warning colour for its loss, the text's for a draw or when no one at the window plays.  A fixed
    green said "good news" to the player a book had just proved lost."""
    winner = proof_winner(progress)
    if winner is None or viewer is None:
        return theme.text
    return theme.win if winner == viewer else theme.invalid


class GamePanel:
    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.moves_rect = pygame.Rect(0, 0, 0, 0)
        self.offset = 0  # first move-list row shown
        self.follow = True  # keep the newest move in view
        self.shown_before: int | None = None  # the ply on the board when the list was last drawn
        self.move_cells: list[tuple[pygame.Rect, int]] = []  # (where, plies after that move): clicks browse
        self.player_cards: list[pygame.Rect] = []  # each side's card, as last drawn

    # -- layout -----------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def _s(self, v: float) -> int:
        return int(v * self.scene.app.scale)

    def _t(self, v: float) -> int:
        """A small text's size (``ui.text.small``)."""
        return tx.small(v, self.scene.app.scale)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a move of the list shows the position after it; True if it hit one."""
        for rect, plies in self.move_cells:
            if rect.collidepoint(pos):
                self.scene.browse(plies)
                return True
        return False

    def clock_texts(self) -> tuple[str, str] | None:
        """What the two clocks show now (None without a game clock): the scene redraws when it changes."""
        left = [self.scene.clock_left(side) for side in (0, 1)]
        return None if left[0] is None or left[1] is None else (reading_text(left[0]), reading_text(left[1]))

    def scroll(self, event: pygame.event.Event) -> None:
        if self.moves_rect.collidepoint(pygame.mouse.get_pos()) or not self.moves_rect.width:
            self.offset = max(0, self.offset - event.y * 2)
            self.follow = False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scene, theme = self.scene, self.scene.app.theme
        r = self.rect
        pygame.draw.rect(surface, theme.panel, r)
        pygame.draw.line(surface, mix(theme.panel, theme.text, 0.12), r.topleft, r.bottomleft, max(1, self._s(1)))
        pad = self._s(18)
        x, y, w = r.x + pad, r.y + pad, r.width - 2 * pad
        y = self._header(surface, x, y, w)
        y = self._players(surface, x, y + self._s(12), w)
        y = self._thinking(surface, x, y + self._s(12), w)
        y = self._extras(surface, x, y, w)
        buttons_h = self._buttons_height(w)
        bottom = r.bottom - pad - buttons_h
        self._moves(surface, pygame.Rect(x, y + self._s(12), w, bottom - y - self._s(24)))
        layout_grid(scene.buttons, pygame.Rect(x, bottom, w, buttons_h), 2, self._s(38), self._s(8))
        for b in scene.buttons:
            b.draw(surface, theme, scene.app.scale)

    def _buttons_height(self, w: int) -> int:
        shown = sum(1 for b in self.scene.buttons if b.visible)
        rows = (shown + 1) // 2
        return rows * self._s(38) + (rows - 1) * self._s(8)

    def _header(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        theme = self.scene.app.theme
        title = words.title(self.scene.game.info)
        rect = tx.text(surface, tx.fit(title, self._s(24), w, True), (x, y), self._s(24), theme.text, bold=True)
        parts = options_parts(self.scene) + ([_("from a set-up position")] if self.scene.setup.start else [])
        for line in tx.pack_parts(parts, self._t(13), w, most=3):  # the whole of them (Trax's in Portuguese: three lines)
            rect = tx.text(surface, line, (x, rect.bottom + self._s(2)), self._t(13), theme.muted)
        return rect.bottom

    def _players(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        scene, theme = self.scene, self.scene.app.theme
        state = scene.state
        score = shown_score(scene.initial, scene.shown_state())  # a browsed position's, not the live game's
        clocks = self.clock_texts()
        h = self._s(58)
        self.player_cards = []
        for side in (0, 1):
            rect = pygame.Rect(x, y, w, h)
            self.player_cards.append(rect)
            to_move = not scene.is_over() and state.to_move == side
            winner = scene.is_over() and scene.winner() == side
            fill = mix(theme.panel, theme.text, 0.06)
            colour = side_colour(scene.game.sides[side], side, theme)
            # the winner's own colour, never the other side's, made to stand out from the card
            winner_border = legible(mix(colour, theme.text, 0.25), fill, theme.text)
            border = theme.accent if to_move else (winner_border if winner else mix(theme.panel, theme.text, 0.14))
            card(surface, rect, fill, self._s(10), border, self._s(3) if (to_move or winner) else 1)
            dot = (x + self._s(24), rect.centery)
            pygame.draw.circle(surface, colour, dot, self._s(11))
            pygame.draw.circle(surface, mix(theme.panel, theme.text, 0.45), dot, self._s(11), max(1, self._s(1.5)))
            right = rect.right - self._s(14)
            if clocks is not None:
                right = self._clock(surface, rect, side, clocks[side], to_move) - self._s(12)
            if score is not None:
                unit = words.score_unit(scene.game.id)  # what the number counts: never a bare number
                digits = str(score[side])
                column = max(tx.ui_font(self._s(22), True).size(digits)[0], tx.ui_font(self._t(11)).size(unit)[0])
                middle = right - column // 2  # number and unit centred in one column that ends at ``right``
                number = tx.text(surface, digits, (middle, rect.centery - self._s(8)), self._s(22), theme.text,
                                 "center", bold=True)
                tx.text(surface, unit, (middle, number.bottom - self._s(3)), self._t(11), theme.muted, "midtop")
                right -= column + self._s(12)
            if to_move and scene.computer_thinking():
                spinner(surface, (right - self._s(10), rect.centery), self._s(10), theme.accent)
                right -= self._s(20)
            elif to_move and clocks is None:  # on a clock, the running clock says it
                right = tx.text(surface, _("to move"), (right, rect.centery), self._t(13), theme.accent, "midright",
                                bold=True).left
            elif winner:
                right = tx.text(surface, _("winner"), (right, rect.centery), self._t(13), winner_border, "midright",
                                bold=True).left
            # the side and the player's name (a long one cut) in what the clock, score and state leave
            room = right - self._s(8) - (x + self._s(44))
            tx.text(surface, tx.fit(words.side(scene.game, side), self._s(17), room, True),
                    (x + self._s(44), rect.y + self._s(8)), self._s(17), theme.text, bold=True)
            tx.text(surface, tx.fit(scene.setup.player_label(side), self._t(13), room),
                    (x + self._s(44), rect.y + self._s(32)), self._t(13), theme.muted)
            y += h + self._s(8)
        return y - self._s(8)

    def _clock(self, surface: pygame.Surface, card_rect: pygame.Rect, side: int, text: str, running: bool) -> int:
        """``side``'s clock at the right of its card, lit while it runs, red under 10 s; returns its left edge."""
        theme = self.scene.app.theme
        size = self._s(20)
        width = max(tx.ui_font(size, True).size("00:00")[0], tx.ui_font(size, True).size(text)[0]) + self._s(16)
        box = pygame.Rect(0, 0, width, card_rect.height - self._s(18))
        box.midright = (card_rect.right - self._s(10), card_rect.centery)
        low = text.startswith("0:0")  # under 10 s: tenths shown
        fill = theme.accent if running else mix(theme.panel, theme.background, 0.5)
        colour = theme.panel if running else (theme.invalid if low else theme.text)
        if running and low:
            fill, colour = theme.invalid, theme.panel
        card(surface, box, fill, self._s(6))
        tx.text(surface, text, box.center, size, colour, "center", bold=True)
        return box.x

    def _thinking(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        scene, theme = self.scene, self.scene.app.theme
        computer = scene.computer  # its search under way, or the last one
        h = self._s(86)
        rect = pygame.Rect(x, y, w, h)
        card(surface, rect, mix(theme.panel, theme.background, 0.45), self._s(10))
        size, small = self._s(15), self._t(13)
        tx_x = x + self._s(14)
        # once the game is over its result is the news, not a search of a position before the end;
        # a reply waiting for its moment is shown with its move (paused: "Move ready", with its search);
        # the last search's win lengths count from the board, as analysis does (not from before its
        # move); ``back``: the plies it is behind the board, when the game left its line
        p, back = ((computer.progress, 0) if computer.job is not None else (None, 0) if scene.is_over()
                   else (computer.held_search, 0) if computer.held is not None and scene.paused
                   else computer.last_search_seen() or (None, 0))
        if computer.job is not None:
            spinner(surface, (tx_x + self._s(9), y + self._s(18)), self._s(8), theme.accent)
            elapsed = time.monotonic() - computer.job_started
            who = (_("Preparing the engine…") if scene.preparing_engine() and computer.progress is None
                   else _("Finding a hint…") if computer.job_kind == "hint"
                   else _("{player} is thinking…").format(player=scene.setup.player_label(computer.job_side)))
            tx.text(surface, tx.fit(f"{who}  {number_text(elapsed, '.1f')} s", size, w - self._s(50), True),
                    (tx_x + self._s(26), y + self._s(18)), size, theme.text, "midleft", bold=True)
            budget = max(0.05, computer.job_budget)
            bar = pygame.Rect(x + self._s(14), rect.bottom - self._s(10), w - self._s(28), self._s(3))
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.12), bar, border_radius=self._s(2))
            bar.width = int(bar.width * min(1.0, elapsed / budget))
            pygame.draw.rect(surface, theme.accent, bar, border_radius=self._s(2))
        elif computer.held is not None and scene.paused:
            tx.text(surface, _("Move ready: press S to play it"), (tx_x, y + self._s(18)), size, theme.text, "midleft", bold=True)
        else:
            headline = (_("Last search") if p is not None and not back
                        else ngettext("Last search, {n} ply back", "Last search, {n} plies back", back).format(n=back)
                        if p is not None else _("Paused") if scene.paused else _("Ready"))
            if scene.is_over():
                headline = _("Game over")
            tx.text(surface, tx.fit(headline, size, w - self._s(28), True), (tx_x, y + self._s(18)), size, theme.muted,
                    "midleft", bold=True)
        if p is not None:
            # the parts that do not fit the first line (in Portuguese at 800x560 the evaluation,
            # "Preto +45", was cut off) open the second, before what it says of the search
            detail, *carried = tx.pack_parts(detail_parts(p, scene.game.sides, scene.game.id), small, w - self._s(28))
            nodes = nodes_text(p)
            proof = proven_text(p, scene.game.sides)
            tx.text(surface, detail, (tx_x, y + self._s(36)), small, theme.text)
            line = p.pv[:6] if len(p.pv) > 1 else []  # a line of one move is the best move, said above
            second = proof or ("" if p.kind == "rule" else " ".join(line))  # a rule's line is its move
            if nodes and not proof:
                second = f"{nodes} · {second}" if second else nodes
            second = " · ".join([*carried, second] if second else carried)
            colour = proof_colour(p, asking_side(scene), theme) if proof else theme.muted
            tx.text(surface, tx.fit(second, small, w - self._s(28), bool(proof)), (tx_x, y + self._s(54)), small, colour,
                    bold=bool(proof))  # measured in the bold it is drawn in
        elif scene.is_over():  # a long reason (a forfeit's) gets a second line
            for i, line in enumerate(reason_lines(words.end_reason(scene.end_reason()), small, w - self._s(28))):
                tx.text(surface, line, (tx_x, y + self._s(42 + 18 * i)), small, theme.text)
        else:
            tip = (play_tip(scene) if scene.human_to_move()
                   else _("Starting the search…") if computer.job is not None
                   else _("Space resumes, S plays one move") if scene.paused  # the computer waits for the watcher
                   else _("Waiting for the computer"))
            tx.text(surface, tip, (tx_x, y + self._s(42)), small, theme.muted)
        return rect.bottom

    def _extras(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """How near the position shown is to a counted draw (Alquerque's 40 plies without a capture,
        a position's third occurrence), and what the board's overlays need explained: the Hex
        connections' legend."""
        scene = self.scene
        y = draw_counts(surface, scene.shown_state(), (x, y), w, self._t(13), scene.app.theme, self._s(6))
        if scene.connections.active:
            height = legend_height(scene.game, scene.app.scale, w)
            draw_legend(surface, pygame.Rect(x, y + self._s(12), w, height), scene.game, scene.connections.shown(),
                        scene.shown_state().to_move, scene.app.theme, scene.app.scale, scene.connections.running(),
                        scene.connections.waiting, scene.computer.holds_move_after_move())
            y += self._s(12) + height
        return y

    def _moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scene, theme = self.scene, self.scene.app.theme
        row_h = tx.line_height(self._s(15)) + self._s(2)
        if rect.height < tx.line_height(self._s(15), True) + 2 * self._s(6) + row_h:  # not one whole row: none
            self.moves_rect = pygame.Rect(0, 0, 0, 0)
            return
        head = tx.text(surface, _("Moves"), (rect.x, rect.y), self._s(15), theme.muted, bold=True)
        count = len(scene.history)
        tx.text(surface, ngettext("{n} ply", "{n} plies", count).format(n=count), (rect.right, rect.y), self._t(13),
                theme.muted, "topright")
        box = pygame.Rect(rect.x, head.bottom + self._s(6), rect.width, rect.bottom - head.bottom - self._s(6))
        self.moves_rect = box
        card(surface, box, mix(theme.panel, theme.background, 0.45), self._s(10))
        visible = max(1, (box.height - self._s(12)) // row_h)
        lead = scene.initial.to_move  # 1: the second side moved first, "1. … d3"
        rows = move_rows(count, lead)
        shown = scene.shown_plies()
        if shown != self.shown_before:  # browsed (a key, the graph, the list): its move comes into view
            self.shown_before = shown
            row = move_place(max(0, shown - 1), lead)[0]
            if scene.browsing is None:
                self.follow = True  # back to the live game: its newest move
            elif not self.offset <= row < self.offset + visible:
                self.offset, self.follow = max(0, row - visible // 2), False
        if self.follow:
            self.offset = max(0, rows - visible)
        self.offset = max(0, min(self.offset, max(0, rows - visible)))
        if self.offset >= max(0, rows - visible):
            self.follow = True
        clip = surface.get_clip()
        surface.set_clip(box)
        self.move_cells = draw_move_rows(surface, theme, box, scene.app.scale, self.offset,
                                         min(rows, self.offset + visible) - self.offset, row_h, self._s(15),
                                         [ply.text for ply in scene.history], lead, shown)
        if count == 0:
            tx.text(surface, _("No moves yet"), (box.centerx, box.y + self._s(20)), self._t(14), theme.muted, "midtop")
        if rows > visible:  # a scroll bar
            track = box.inflate(0, -self._s(12))
            bar_h = max(self._s(20), track.height * visible // rows)
            bar_y = track.y + (track.height - bar_h) * self.offset // max(1, rows - visible)
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.3),
                             (box.right - self._s(7), bar_y, self._s(4), bar_h), border_radius=self._s(2))
        surface.set_clip(clip)
