"""The game panel's two players' cards: each side's colour, name and player, its score with what it
counts, its clock (``draw_clock``, which the replay's panel draws too), the spinner of a search under
way, and the "to move" or "winner" badge astride the card's border; how a card shares its two lines
where the room is short (``CardLines``, ``CARD_LINES``).  A mixin of ``GamePanel``
(ui.scenes.game_panel), which owns the state; ``side_colour`` is shared with the evaluation bar
and graph."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from ui import text as tx
from ui import words
from ui.clocks import reading_text
from ui.i18n import _
from ui.scenes.game_over import shown_score
from ui.theme import Theme
from ui.widgets import card, legible, mix, spinner, spinner_reach

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

CARD_HEIGHT = 58
"""A player's card's height (unscaled): the side on one line, the player's name under it."""
CARD_GAP = 14
"""The room between the two players' cards (unscaled): the second's badge ("winner") stands in it."""
BADGE_GAP = 6
"""The least room (unscaled) between the header's last line and the first card's badge above its border: as
much as between the first card and the second's badge (``CARD_GAP`` less half a badge)."""
NAMED_COLOURS = {
    "black": (24, 24, 28), "white": (245, 245, 240), "blue": (40, 110, 220), "red": (215, 60, 50),
    "green": (40, 160, 80), "yellow": (235, 200, 40), "light": (240, 236, 224), "dark": (40, 40, 46),
}


def side_colour(name: str, side: int, theme) -> tuple[int, int, int]:
    """The colour of a side: its name if it is a colour ("Black", "Red"), else the theme's."""
    return NAMED_COLOURS.get(name.lower(), theme.side0 if side == 0 else theme.side1)


def side_to_move_shown(scene: GameScene) -> int | None:
    """The side to move in the position on the board, which the player cards mark "to move": a
    position browsed back to's own, as the board, the disc counts, the thinking card and analysis
    speak of it (Reversi's d3 c5 f6 stepped back one ply showed Black to move everywhere but on the
    cards, which marked the live game's White); None where nobody is: the game over there, or
    held up (a bot's file loading: the board takes no move)."""
    if scene.browsing is not None:
        shown = scene.shown_state()
        return None if shown.is_terminal() else shown.to_move
    return None if scene.is_over() or scene.held_up() else scene.state.to_move


class CardLines(NamedTuple):
    """How a player's card shares its two lines (``GamePanel._card_lines``)."""

    unit_below: bool  # the score's unit under its number, on the player's line
    spinner: bool  # the spinner of a search under way drawn (else the clock or "to move" says the turn)
    unit_whole: bool = True  # else the unit takes what the player's name leaves it: cut short, or none


CARD_LINES = (CardLines(False, True), CardLines(True, True), CardLines(False, False), CardLines(True, False),
              CardLines(True, False, unit_whole=False))
"""A player card's layouts in the order tried: the names give way last (``GamePanel._card_lines``).
First the score's unit moves under its number, then the spinner is left out (the thinking card
under the cards has one; with a clock the running clock says whose turn it is, without one
"to move" does), then the unit is cut short ("captur…") or left out."""


class PlayerCards:
    """The players' cards' part of ``GamePanel``: both cards, their scores, clocks, spinners and badges."""

    def clock_texts(self) -> tuple[str, str] | None:
        """What the two clocks show now (None without a game clock): the scene redraws when it
        changes.  An earlier position looked at shows the clocks as they were after its move
        (``clocks_at``): the cards showed the live game's time beside a position of long before."""
        scene = self.scene
        if scene.browsing is not None:
            return self.clocks_at(scene.browsing)
        left = [scene.clock_left(side) for side in (0, 1)]
        return None if left[0] is None or left[1] is None else (reading_text(left[0]), reading_text(left[1]))

    def clocks_at(self, plies: int) -> tuple[str, str] | None:
        """Both clocks as they read after ``plies`` moves (at the start: the time each began with);
        None where the game keeps no clocks for that move (a game continued from a record written
        without them): no reading rather than the live one, or the start's, passed off as the move's."""
        scene = self.scene
        clock = scene.referee.clock
        if clock is None:
            return None
        kept = scene.history[plies - 1].clocks if plies else (clock.initial, clock.initial)
        return None if kept is None else (reading_text(kept[0]), reading_text(kept[1]))

    def _players(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """Both players' cards from ``y``; returns the bottom of the second."""
        scene = self.scene
        # a browsed position's, not the live game's; none while a pause covers the board (the
        # discs counted told the position it hides)
        score = None if scene.paused_with_people() else shown_score(scene.initial, scene.shown_state())
        clocks = self.clock_texts()
        h, gap = self._s(CARD_HEIGHT), self._s(CARD_GAP)
        self.player_cards = []
        for side in (0, 1):
            rect = pygame.Rect(x, y + side * (h + gap), w, h)
            self.player_cards.append(rect)
            self._player_card(surface, rect, side, None if score is None else score[side],
                              None if clocks is None else clocks[side])
        return self.player_cards[-1].bottom

    def _player_card(self, surface: pygame.Surface, rect: pygame.Rect, side: int, score: int | None,
                     clock: str | None) -> None:
        """One side's card: its colour's dot, the side with its score on the first line, the
        player's name on the whole of the second, the clock at the right, and "to move" or
        "winner" as a badge on its border.  The badge and the score shared the name's line with
        the clock at 800x600, and a winner's card read "Esc…" for Esclarecida."""
        scene, theme = self.scene, self.scene.app.theme
        to_move = side_to_move_shown(scene) == side
        winner = scene.is_over() and scene.browsing is None and scene.winner() == side  # the end shown
        fill = mix(theme.panel, theme.text, 0.06)
        colour = side_colour(scene.game.sides[side], side, theme)
        # the winner's own colour, never the other side's, made to stand out from the card
        winner_border = legible(mix(colour, theme.text, 0.25), fill, theme.text)
        border = theme.accent if to_move else (winner_border if winner else mix(theme.panel, theme.text, 0.14))
        card(surface, rect, fill, self._s(10), border, self._s(3) if (to_move or winner) else 1)
        dot = (rect.x + self._s(24), rect.centery)
        pygame.draw.circle(surface, colour, dot, self._s(11))
        pygame.draw.circle(surface, mix(theme.panel, theme.text, 0.45), dot, self._s(11), max(1, self._s(1.5)))
        scene.view.side_emblem(surface, side, dot, self._s(11))
        right = rect.right - self._s(14)
        if clock is not None:
            right = self._clock(surface, rect, side, clock, to_move and self._clock_runs()) - self._s(12)
        # the live game's search; not one a watched game's Pause left to finish (the card says "Paused")
        thinking = to_move and scene.browsing is None and scene.computer_thinking() and not scene.computer.paused_search()
        left, tops = rect.x + self._s(44), (rect.y + self._s(8), rect.y + self._s(32))
        lines = self._card_lines(side, score, (left, right), thinking)
        if lines.spinner:  # the ring with its dots, then a gap before the score
            reach = spinner_reach(self._s(10))
            spinner(surface, (right - reach, rect.centery), self._s(10), theme.accent)
            right -= self._spinner_room()
        label = scene.setup.player_label(side)
        side_right = label_right = right
        says_to_move = to_move and clock is None and not lines.spinner  # on a clock, the running clock says it
        badged = says_to_move or winner
        if score is not None:
            unit = self._unit_shown(score, lines, right - left - tx.ui_font(self._t(13)).size(label)[0])
            clear = self._badge_tab(rect, "").bottom if badged else rect.top
            side_right, label_right = self._score(surface, (score, unit), right, tops, lines.unit_below, clear)
        tx.text(surface, tx.fit(words.side(scene.game, side), self._s(17), side_right - left, True),
                (left, tops[0]), self._s(17), theme.text, bold=True)
        tx.text(surface, tx.fit(label, self._t(13), label_right - left), (left, tops[1]), self._t(13), theme.muted)
        if says_to_move:
            self._badge(surface, rect, _("to move"), theme.accent, fill)
        elif winner:
            self._badge(surface, rect, _("winner"), winner_border, fill)

    def _clock_runs(self) -> bool:
        """Whether the clock of the side to move is drawn lit, as a running clock: not in the past
        (browsing), nor while it stands still (``GameScene._run_clock``) for a friend's draw offer,
        a watched game's Pause, or the computer's engine prepared or set up, which the thinking
        card says ("Preparing O's engine…"): drawn lit, in the accent, it read as ticking."""
        scene, thinking = self.scene, self.scene.computer_thinking()  # its move, not a hint
        paused = scene.paused and not (thinking and scene.computer.step_once)  # a Step's search runs on the clock
        preparing = thinking and bool(scene.computer.preparing_words())
        return scene.draw_offer is None and scene.browsing is None and not paused and not preparing

    def _card_lines(self, side: int, score: int | None, across: tuple[int, int], thinking: bool) -> CardLines:
        """How ``side``'s card shares its two lines between ``across`` (its text's left, and the
        right before the spinner): the first of ``CARD_LINES`` where the side's name stays whole
        beside its score and the player's name readable under it (``tx.fit_named``), else the
        last.  At Larger text at 1024x768 Alquerque's card read "Bran…" beside "0 capturadas",
        and with a clock a Reversi card "…2 peças", the side's name gone."""
        scene, (left, right) = self.scene, across
        side_name, label = words.side(scene.game, side), scene.setup.player_label(side)
        forms = [lines for lines in CARD_LINES if (thinking or not lines.spinner) and (
            score is not None or not lines.unit_below)]
        for lines in forms:
            end = right - (self._spinner_room() if lines.spinner else 0)
            first, second = (0, 0) if score is None else self._score_widths(score, lines)
            if (tx.fit_named(side_name, side_name, self._s(17), end - first - left, True)
                    and tx.fit_named(label, label, self._t(13), end - second - left)):
                return lines
        return forms[-1]

    def _spinner_room(self) -> int:
        """The room a player card's spinner takes at its right: the ring with its dots and a gap."""
        return 2 * spinner_reach(self._s(10)) + self._s(6)

    def _score_widths(self, score: int, lines: CardLines) -> tuple[int, int]:
        """The room ``score`` takes on a card's first line and on its second as ``lines`` lay it
        out (``_score``), the gap before each part with it: its unit's none where it takes what
        the player's name leaves it."""
        number = tx.ui_font(self._s(22), True).size(str(score))[0] + self._s(8)  # a gap before it
        unit = tx.ui_font(self._t(11)).size(words.score_unit(self.scene.game.id, score))[0]
        if not lines.unit_below:
            return number + self._s(4) + unit, 0
        return number, unit + self._s(8) if lines.unit_whole else 0

    def _unit_shown(self, score: int, lines: CardLines, room: int) -> str:
        """What ``score`` counts as its card shows it: whole, or where ``lines`` give it what the
        player's name leaves (``room`` pixels), cut short where it stays readable, else left out."""
        unit = words.score_unit(self.scene.game.id, score)
        if lines.unit_whole:
            return unit
        return tx.fit_named(unit, unit, self._t(11), room - self._s(8)) or ""

    def _score(self, surface: pygame.Surface, counted: tuple[int, str], right: int, tops: tuple[int, int],
               unit_below: bool, clear: int) -> tuple[int, int]:
        """A card's score and what it counts (``counted``: "40 discs", a bare number only where
        the card has no room for the unit) on its first line (its top, the second's: ``tops``),
        ending at ``right``; the unit under the number, on the player's line, where
        ``unit_below``; the number's figures half a ``BADGE_GAP`` under ``clear`` (the badge's
        bottom, which they touched at 800x600, a pixel between them).  Returns where each line's text beside it may
        end (a gap before it)."""
        theme, (score, unit) = self.scene.app.theme, counted
        middle = tops[0] + tx.line_height(self._s(17), True) // 2  # the side's line
        middle += max(0, clear + self._s(BADGE_GAP / 2) - self._figures_top(str(score), middle))
        below = tops[1] + tx.line_height(self._t(13)) // 2  # the player's line
        drawn = tx.text(surface, unit, (right, below if unit_below else middle + self._s(2)), self._t(11),
                        theme.muted, "midright")
        beside = right if unit_below or not unit else drawn.left - self._s(4)
        number = tx.text(surface, str(score), (beside, middle), self._s(22), theme.text, "midright", bold=True)
        return number.left - self._s(8), (drawn.left - self._s(8) if unit_below and unit else right)

    def _badge_clearance(self) -> int:
        """The least room between the header and the first player's card: the half of a badge
        (``_badge``) standing above the card's border, and a gap over it.  At 800x600 the gaps
        between the panel's parts shrink, and "to move" stood some 4 pixels under the options'
        line, as if it belonged to it."""
        return tx.line_height(self._t(11), True) // 2 + self._s(BADGE_GAP)

    def _figures_top(self, number: str, middle: int) -> int:
        """Where the figures of a card's score (``number``, centred on ``middle``) begin: below
        the top of its line's box, which keeps room over them."""
        font = tx.ui_font(self._s(22), True)
        return middle - font.get_height() // 2 + font.render(number, True, (0, 0, 0)).get_bounding_rect().top

    def _badge_tab(self, rect: pygame.Rect, said: str) -> pygame.Rect:
        """The tab of ``_badge`` saying ``said`` on the card ``rect``: its height, and so its
        bottom, the same whatever it says."""
        size = self._t(11)
        width = tx.ui_font(size, True).size(said)[0] + self._s(12)
        tab = pygame.Rect(0, 0, width, tx.line_height(size, True))
        tab.midright = (rect.right - self._s(14), rect.top)
        return tab

    def _badge(self, surface: pygame.Surface, rect: pygame.Rect, said: str, colour: tuple[int, int, int],
               fill: tuple[int, int, int]) -> None:
        """``said`` ("winner") in ``colour`` on a tab astride the card's top border, at its right:
        off the lines of the side and the name, which it shortened."""
        tab = self._badge_tab(rect, said)
        card(surface, tab, fill, tab.height // 2, colour, max(1, self._s(1.5)))
        tx.text(surface, said, tab.center, self._t(11), colour, "center", bold=True)

    def _clock(self, surface: pygame.Surface, card_rect: pygame.Rect, side: int, text: str, running: bool) -> int:
        """``side``'s clock at the right of its card, lit while it runs, red under 10 s; returns its left edge."""
        box = draw_clock(surface, self.scene.app.theme, text, self._s(20),
                         (card_rect.right - self._s(10), card_rect.centery), card_rect.height - self._s(18),
                         self.scale, running)
        return box.x


def draw_clock(surface: pygame.Surface, theme: Theme, text: str, size: int, midright: tuple[int, int], height: int,
               scale: float, running: bool) -> pygame.Rect:
    """A clock's reading (``reading_text``) in its box ending at ``midright``, ``height`` high: lit
    while its side is to move, red under 10 s (its digits, or its box while lit).  The game
    screen's players' cards and the replay's panel draw both clocks so; returns the box."""
    font = tx.ui_font(size, True)
    box = pygame.Rect(0, 0, max(font.size("00:00")[0], font.size(text)[0]) + int(16 * scale), height)
    box.midright = midright
    low = text.startswith("0:0")  # under 10 s: tenths shown
    fill = theme.accent if running else mix(theme.panel, theme.background, 0.5)
    colour = theme.panel if running else (theme.invalid if low else theme.text)
    if running and low:
        fill, colour = theme.invalid, theme.panel
    card(surface, box, fill, int(6 * scale))
    tx.text(surface, text, box.center, size, colour, "center", bold=True)
    return box
