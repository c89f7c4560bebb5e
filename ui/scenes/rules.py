"""The rules screen: a tab per game on the left, its rules page (assets/rules/<id>.md) scrolling
on the right; then "Keys and mouse" (assets/rules/keys.md), every shortcut, since the keys
without a button of their own (Ctrl+C, Ctrl+V, Enter, the arrows) are found nowhere else; and
"About" (``ui.about.about_page``): the version, the player's files, the games' sources."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import pygame

import games
from ui import markdown
from ui import text as tx
from ui.about import ABOUT_PAGE  # the last page, built when shown (it names the player's folders)
from ui.i18n import N_, _, language
from ui.scenes.base import KEYS_PAGE, Scene
from ui.scenes.common import backdrop, board_picture, heading, thumbnail
from ui.theme import Color, Theme, code_chip
from ui.views.trax import draw_tile_row, tile_row_height
from ui.widgets import DragScroll, KeyFocus, Messages, card, mix, relabel, worded

TRAX_EMPTY_ROW = " ".join(["none"] * 7)  # a row of the 7 x 7 Trax examples without a tile
TRAX_TILES = "trax-tiles"  # the pictures a page may name: Trax's six tiles, each with its name,
START = "start"  # and the page's game at its start
EXAMPLES: dict[str, tuple[str, dict[str, object], str]] = {  # and a position its text speaks of: game, options, text
    "reversi-pass": ("reversi", {"size": 6}, "--------X-----XX--XXXXX-----O----OOO X"),  # Black must pass
    "alquerque-chain": ("alquerque", {}, "to-move: White\nno-capture: 0\n....B\n..B..\n.B...\nB....\nW....\n"),
    "rastros-blocked": ("rastros", {"size": 5}, "to-move: South\nW#..N\n##...\n..#..\n.....\nS....\n"
                                                "trail: 3-3 2-2 2-1 1-2 1-1"),  # South cannot move: North wins
    "hex-swap-offer": ("hex", {"size": 5, "swap": True}, "to-move: Red\n..B..\n.....\n.....\n.....\n....."),
    "hex-swapped": ("hex", {"size": 5, "swap": True}, "to-move: Blue\n.....\n.....\nR....\n.....\n....."),
    "trax-forcing": ("trax", {"size": 7}, "\n".join(["to-move: dark", *[TRAX_EMPTY_ROW] * 3,
                                                     "none none ldld lldd none none none", *[TRAX_EMPTY_ROW] * 3])),
    "trax-forced": ("trax", {"size": 7}, "\n".join(["to-move: light", *[TRAX_EMPTY_ROW] * 2,
                                                    "none none lldd dldl none none none",  # d3+ and its forced c3
                                                    "none none ldld lldd none none none", *[TRAX_EMPTY_ROW] * 3])),
    "tictactoe-fork": ("tictactoe", {}, "to-move: O\nX.O\n.O.\nX.X"),  # X threatens a2 and b3: one block stops one
}
EXAMPLES_KEPT = 2 * len(EXAMPLES)  # each example at the window's size now and the one before (a drag's last step)
RULES_DIR = Path(__file__).resolve().parent.parent.parent / "assets" / "rules"


class Line(NamedTuple):
    """A laid-out line of the page: its text, how it is drawn, and its prose and code runs."""

    text: str  # a picture's: its name
    size: int  # a gap's and a picture's: their height
    bold: bool
    indent: int  # pixels from the text's left edge
    kind: str  # a block's kind ("h1", "p", ...), "bullet" (a bullet's first line), "gap" or "picture"
    runs: tuple[markdown.Run, ...] = ()


FADE = 36  # pixels (at scale 1) over which the text fades into the card where more follows below


def line_height(size: int, bold: bool, kind: str) -> int:
    """The height a laid-out line of the page takes: a gap's and a picture's are their size."""
    return size if kind in ("gap", "picture") else tx.line_height(size, bold)


def _tile_size(scale: float) -> int:
    return int(56 * scale)


def start_picture_size(scale: float) -> int:
    """The side of the square a page's picture of its game's start (``START``) is drawn in."""
    return int(220 * scale)


def start_picture(game_id: str, theme: Theme, scale: float) -> pygame.Surface:
    """The game's start as its card on New game shows it, cut to the board drawn: Hex's wide,
    short board left empty bands above and below it in its square, a gap in the page."""
    side = start_picture_size(scale)
    square = thumbnail(game_id, theme.name, side, side)
    return square.subsurface(square.get_bounding_rect())


@lru_cache(maxsize=EXAMPLES_KEPT)
def example_picture(name: str, theme: Theme, scale: float) -> pygame.Surface:
    """The position ``EXAMPLES`` names, drawn as the start is (``start_picture``), where the page's
    text speaks of it: the start alone showed none of the cases a learner asks about (Reversi's
    pass, Alquerque's chain, Rastros' blocked piece, Hex's swap, Trax's forced tile, a
    tic-tac-toe double threat)."""
    game_id, options, text = EXAMPLES[name]
    side = start_picture_size(scale)
    square = board_picture(games.load(game_id, **options).from_text(text), theme, side, side)
    return square.subsurface(square.get_bounding_rect())


def picture_height(name: str, game_id: str, scale: float, theme: Theme) -> int:
    """The height of the picture a page names (``ui.markdown``); 0 for a name drawn by none."""
    if name == TRAX_TILES:
        return tile_row_height(_tile_size(scale))
    if name in EXAMPLES:
        return example_picture(name, theme, scale).get_height()
    return start_picture(game_id, theme, scale).get_height() if name == START else 0


def draw_picture(surface: pygame.Surface, name: str, game_id: str, topleft: tuple[int, int], scale: float,
                 theme: Theme) -> None:
    """The picture a page names, its top left at ``topleft``: the start is the game's own board
    view's, as its card on New game shows it."""
    if name == TRAX_TILES:
        draw_tile_row(surface, topleft, _tile_size(scale), theme.text)
    elif name == START:
        surface.blit(start_picture(game_id, theme, scale), topleft)
    elif name in EXAMPLES:
        surface.blit(example_picture(name, theme, scale), topleft)


def rules_path(game_id: str) -> Path:
    """assets/rules/<id>.md in a checkout, an installed package or a bundle (ui.paths knows)."""
    try:
        from ui.paths import asset_path
    except ImportError:
        return RULES_DIR / f"{game_id}.md"
    path = asset_path("rules", f"{game_id}.md")
    return path if path.exists() else RULES_DIR / f"{game_id}.md"


def translated_rules_path(game_id: str, language: str) -> Path | None:
    """assets/locale/<language>/rules/<id>.md: the page in the window's language, if written."""
    if language == "en":
        return None
    from ui.paths import asset_path

    path = asset_path("locale", language, "rules", f"{game_id}.md")
    return path if path.exists() else None


def rules_source(game_id: str) -> str:
    """The Markdown rules of ``game_id`` in the window's language (English when that page is not
    translated); a short note if the page is not written yet."""
    from ui.i18n import language

    if game_id == ABOUT_PAGE:
        from ui.about import about_page

        return about_page()
    path = translated_rules_path(game_id, language()) or rules_path(game_id)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        info = games.info(game_id)
        return "# {}\n\n{}\n\n{}".format(_(info.title), _(info.summary), _("The full rules page is not written yet."))


def section_index(page_id: str, section: str) -> int | None:
    """Which of the page's sections (its "##" headings, counted from 0) the English heading
    ``section`` is, on the English page; a translated page keeps the order of its sections."""
    blocks = markdown.parse(rules_path(page_id).read_text(encoding="utf-8")) if rules_path(page_id).exists() else []
    headings = [block.text for block in blocks if block.kind == "h2"]
    return headings.index(section) if section in headings else None


def translated_heading(page_id: str, section: str | None) -> str:
    """The heading of the page's section ``section`` (its English heading) in the window's
    language; "" where the page has no such section."""
    index = section_index(page_id, section or "")
    if index is None:
        return ""
    headings = [block.text for block in markdown.parse(rules_source(page_id)) if block.kind == "h2"]
    return headings[index] if index < len(headings) else ""


PAGES_KEPT = 32  # the eight pages in two languages, at two window sizes: a few hundred short lines each


@lru_cache(maxsize=PAGES_KEPT)
def page_lines(page_id: str, source: str, width: int, scale: float, theme: Theme) -> tuple[Line, ...]:
    """The page ``page_id`` (its Markdown ``source``) laid out in lines ``width`` pixels wide.

    Kept (``PAGES_KEPT``): Left and Right go from page to page, and each page was parsed and
    wrapped again at every showing, its text measured word by word, which was most of a switch's
    time.  Everything the layout reads is in the key (the source: the language and the About
    page's folders; the width and scale: the window's size; the theme: the pictures' heights)."""
    sizes = {"h1": (int(30 * scale), True), "h2": (int(22 * scale), True), "h3": (int(18 * scale), True),
             "p": (int(17 * scale), False), "li": (int(17 * scale), False)}
    lines: list[Line] = []
    for block in markdown.parse(source):
        if block.kind == "picture":
            lines.append(Line(block.text, picture_height(block.text, page_id, scale, theme), False, 0, "picture"))
            lines.append(Line("", int(7 * scale), False, 0, "gap"))
            continue
        size, bold = sizes[block.kind]
        indent = int((26 + 22 * block.indent) * scale) if block.kind == "li" else 0
        if block.kind.startswith("h") and lines:
            lines.append(Line("", int(10 * scale), False, 0, "gap"))
        for i, runs in enumerate(tx.wrap_runs(block.runs, size, width - indent, bold)):
            kind = "bullet" if block.kind == "li" and i == 0 else block.kind
            lines.append(Line("".join(run.text for run in runs), size, bold, indent, kind, runs))
        lines.append(Line("", int(7 * scale), False, 0, "gap"))
    return tuple(lines)


def more_below_cue(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float) -> None:
    """Fade the last ``FADE`` pixels of the text in ``rect`` into the card and put a small arrow
    pointing down at its bottom edge: the text stops above the messages' lane, and a picture cut
    there over empty card read as the page's broken end, not as more to scroll to."""
    height = min(rect.height, int(FADE * scale))
    fade = pygame.Surface((rect.width, height), pygame.SRCALPHA)
    for row in range(height):
        pygame.draw.line(fade, (*theme.panel[:3], 255 * (row + 1) // height), (0, row), (rect.width, row))
    surface.blit(fade, (rect.x, rect.bottom - height))
    half = max(4, int(7 * scale))
    tip = (rect.centerx, rect.bottom + half)
    pygame.draw.polygon(surface, theme.muted, [(tip[0] - half, tip[1] - half), (tip[0] + half, tip[1] - half), tip])


class RulesScene(Scene):
    def __init__(self, app, game_id: str | None = None, on_back=None, section: str | None = None,
                 keys_section: str | None = None) -> None:
        """``on_back``: where Back and Esc go (the main menu when None; F1's help comes back to the
        screen it was pressed on).  ``section``: the English heading of the page's section to open
        at (F1 on the Tournament screen opens the keys page at "Tournament"); None: the top.
        ``keys_section``: the keys page's section of the screen F1 was pressed on, where F1 here
        turns to (F1 on New game opens the game's rules, and F1 again New game's keys)."""
        super().__init__(app)
        self.on_back = on_back
        self.section = section
        self.screen_keys = keys_section
        self.screen_keys_heading = translated_heading(KEYS_PAGE, keys_section)
        self.infos = games.catalog()
        self.page_ids = [i.id for i in self.infos] + [KEYS_PAGE, ABOUT_PAGE]
        self.game_id = game_id if game_id in self.page_ids else self.page_ids[0]
        titles = [i.title for i in self.infos] + [N_("Keys and mouse"), N_("About")]  # said in the window's language
        self.tabs = [worded(title, (lambda g: lambda: self.select(g))(page)) for title, page in zip(titles, self.page_ids)]
        self.back_button = worded(N_("Back"), self.back, "Esc")
        self.labelled_in = language()  # the language the tabs and the page were laid out in (``follow_the_language``)
        self.back_focus = KeyFocus()  # Back ringed by Tab past the last page (``_tab``)
        self.offset = 0
        self.drag = DragScroll()  # the page dragged up or down by a finger (or the mouse)
        self.bar_grab: int | None = None  # the scroll bar's thumb held: the pointer's height on it
        self.lines: tuple[Line, ...] = ()
        self.text_rect = pygame.Rect(0, 0, 0, 0)  # where the text shows now (``_text_room``)
        self.whole_text = pygame.Rect(0, 0, 0, 0)
        self.page = pygame.Rect(0, 0, 0, 0)  # the card the text is on (``resize``)

    def select(self, game_id: str) -> None:
        """Show ``game_id``'s page (a tab clicked, Tab, Left or Right): the keyboard on its tab, Back unringed."""
        self.back_focus.drop([self.back_button])
        self.game_id = game_id
        self.offset = 0
        self._layout_text()
        self.app.update_caption()  # "About – Tabuleiro"

    def back(self) -> None:
        (self.on_back or self.app.show_menu)()

    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        w, h = size
        top = int(110 * s)
        tab_w = int(220 * s)
        x = int(40 * s)
        for i, b in enumerate(self.tabs):
            b.rect = pygame.Rect(x, top + i * int(50 * s), tab_w, int(42 * s))
        self.back_button.rect = pygame.Rect(x, h - int(36 * s) - int(42 * s), tab_w, int(42 * s))
        self.page = pygame.Rect(x + tab_w + int(28 * s), top, w - tab_w - int(108 * s), h - top - int(36 * s))
        self.whole_text = self.page.inflate(-int(64 * s), -int(48 * s))  # the text's room, no message shown
        self.text_rect = self._text_room()
        self._layout_text()

    def _lane_top(self) -> int:
        """The top of the lane the page's card keeps for the window's messages, near its bottom."""
        return self._messages_bottom() - Messages.lane_height(self.app.scale)

    def _text_room(self) -> pygame.Rect:
        """Where the text shows: down to the card's margin while no message is shown, above the
        messages' lane while one is (the lines stay where they are: only the page's visible end
        moves).  Kept for messages always, the lane left the text fading out about 100 px above
        the card's bottom at Larger text, over empty card, with nothing in sight to make room for."""
        room = self.whole_text.copy()
        if self.app.messages.current():
            room.height = self._lane_top() - room.top
        return room

    def _layout_text(self) -> None:
        self.lines = page_lines(self.game_id, rules_source(self.game_id), self.text_rect.width, self.app.scale,
                                self.app.theme)
        if self.section is not None:  # once, as the screen opens: a resize later keeps the player's scroll
            self.offset = self._section_top(section_index(self.game_id, self.section))
            self.section = None

    def _section_top(self, index: int | None) -> int:
        """How far down the laid-out page the section ``index`` starts (0 if it has no such section)."""
        if index is None:
            return 0
        top, seen = 0, -1
        for line in self.lines:
            if line.kind == "h2":
                seen += 1
                if seen == index:
                    return top
            top += line_height(line.size, line.bold, line.kind)
        return 0

    def show_help(self) -> None:
        """F1 here: the page of keys (this screen is help already), at the keys of the screen F1
        was first pressed on (its top if none)."""
        if self.game_id != KEYS_PAGE:
            self.select(KEYS_PAGE)
            self.offset = self._section_top(section_index(KEYS_PAGE, self.screen_keys or ""))

    def keys_note(self) -> str:
        """What F1 does here, on a game's page opened by F1 on a screen with keys of its own ("F1
        again: keys (New game)", in the keys page's words); "" elsewhere."""
        if not self.screen_keys_heading or self.game_id in (KEYS_PAGE, ABOUT_PAGE):
            return ""
        return _("F1 again: keys ({section})").format(section=self.screen_keys_heading)

    def handle_event(self, event: pygame.event.Event) -> None:
        for b in [*self.tabs, self.back_button]:
            if b.handle(event):
                return
        step = tx.line_height(int(17 * self.app.scale))
        if event.type == pygame.MOUSEWHEEL:
            self.offset = max(0, self.offset - event.y * step * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self._press_bar(event.pos):
                self.drag.press(event.pos, self.text_rect)
        elif event.type == pygame.MOUSEMOTION and self.bar_grab is not None:
            self._drag_bar(event.pos[1])
        elif event.type == pygame.MOUSEMOTION:
            self.offset = max(0, self.offset + self.drag.pixels(event.pos, self.app.scale))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag.release()
            self.bar_grab = None
        elif event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self._page_step(),
                    pygame.K_PAGEUP: -self._page_step(), pygame.K_HOME: -10**9,
                    pygame.K_END: 10**9}  # the end: the offset is held to the page's length when drawn
            if event.key != pygame.K_TAB and self.back_focus.ring_key([self.back_button], event.key, event.mod):
                return  # Back ringed: Enter or Space pressed it, Esc took the ring away (any other key: and goes on)
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in keys:
                self.offset = max(0, self.offset + keys[event.key])
            elif event.key == pygame.K_TAB:
                self._tab(bool(event.mod & pygame.KMOD_SHIFT))
            elif event.key in (pygame.K_RIGHT, pygame.K_LEFT):
                ids = self.page_ids
                d = -1 if event.key == pygame.K_LEFT else 1
                self.select(ids[(ids.index(self.game_id) + d) % len(ids)])

    def _page_step(self) -> int:
        """How far Page Down scrolls: the text's height less a line, kept in sight."""
        return self.text_rect.height - tx.line_height(int(17 * self.app.scale))

    def _scroll_bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The page's scroll bar as ``draw`` shows it: its track and its thumb (None: the page
        fits, no bar)."""
        s, total = self.app.scale, self._content_height()
        if total <= self.text_rect.height:
            return None
        track = self.page.inflate(0, -int(32 * s))
        bar_h = max(int(30 * s), track.height * self.text_rect.height // total)
        bar_y = track.y + (track.height - bar_h) * self.offset // max(1, total - self.text_rect.height)
        return track, pygame.Rect(self.page.right - int(14 * s), bar_y, int(5 * s), bar_h)

    def _press_bar(self, pos: tuple[int, int]) -> bool:
        """A left press on the scroll bar or on the arrow under the text: the thumb is held for a
        drag, the track above or below it pages up or down, the arrow pages down.  Both were
        drawn and took no click, where a form's scroll bar drags and Page Down scrolls; whether
        the press was theirs."""
        bar = self._scroll_bar()
        if bar is None:
            return False
        track, thumb = bar
        s = self.app.scale
        strip = pygame.Rect(self.page.right - int(24 * s), track.y, int(24 * s), track.height)  # a finger's width
        half = max(4, int(7 * s))
        cue = pygame.Rect(self.text_rect.centerx - 3 * half, self.text_rect.bottom, 6 * half, 2 * half)
        if strip.collidepoint(pos) and thumb.top <= pos[1] < thumb.bottom:
            self.bar_grab = pos[1] - thumb.top
        elif strip.collidepoint(pos):
            self.offset = max(0, self.offset + (self._page_step() if pos[1] >= thumb.bottom else -self._page_step()))
        elif cue.collidepoint(pos) and self.offset < self._content_height() - self.text_rect.height:
            self.offset += self._page_step()  # ``draw`` holds it to the page's end
        else:
            return False
        return True

    def _drag_bar(self, y: int) -> None:
        """The held thumb moved to the pointer's height ``y``: the page follows, the thumb's top
        from the track's top as far down the page as the thumb is down its track."""
        bar = self._scroll_bar()
        if bar is None:
            return
        track, thumb = bar
        room, hidden = track.height - thumb.height, self._content_height() - self.text_rect.height
        top = min(max(y - self.bar_grab, track.top), track.top + room)
        self.offset = (top - track.top) * hidden // max(1, room)

    def _tab(self, backwards: bool) -> None:
        """Tab: the next page, and past the last (About) Back, ringed, before the first page again;
        Shift+Tab the other way.  Tab went round the pages alone, and Back was reached by Esc only."""
        ids, ringed = self.page_ids, self.back_button.focused
        at = ids.index(self.game_id) + (-1 if backwards else 1)
        if ringed:
            self.select(ids[-1 if backwards else 0])
        elif 0 <= at < len(ids):
            self.select(ids[at])
        else:
            self.back_focus.move([self.back_button], 1)
            self.back_focus.mark([self.back_button], [self.back_button])

    def _content_height(self) -> int:
        return sum(line_height(line.size, line.bold, line.kind) for line in self.lines)

    def caption(self) -> str:
        return self._titles()[0]

    def _messages_bottom(self) -> int:
        """On the page's card, near its bottom edge: the messages are centred on the page and no
        wider (``messages_centre``), so they reach neither the tabs nor Back beside it."""
        return self.page.bottom - int(12 * self.app.scale)

    def messages_above(self) -> int | None:
        return self._messages_bottom() + int(8 * self.app.scale) if self.page.height else None

    def messages_ceiling(self) -> int | None:
        """The lane's top: the messages stack no higher, and the text, while one shows, ends there
        (``_text_room``): they stood over it."""
        return self._lane_top() if self.page.height else None

    def messages_centre(self) -> int | None:
        return self.page.centerx if self.page.width else None

    def messages_ground(self) -> Color | None:
        """The page's card, which the messages stand on, above Back."""
        return self.app.theme.panel

    def _titles(self) -> tuple[str, str]:
        """The screen's title and subtitle: the rules', or the page's own on Keys and About."""
        if self.game_id == KEYS_PAGE:
            return _("Keys and mouse"), _("Every shortcut, screen by screen")
        if self.game_id == ABOUT_PAGE:
            return _("About"), _("The version, your files, and where the games come from")
        note = self.keys_note()
        if note:
            return _("Rules"), tx.join_parts([_("How each game is played"), note])
        return _("Rules"), _("How each game is played, with the readings Tabuleiro uses")

    def say_in_the_language(self) -> None:
        """The tabs, Back, the page and its keys note ("F1 again: keys (New game)") in the language
        chosen since they were laid out: the screen, shown as the language changed, kept them in
        the old one (only its title, worded on every frame, followed).  The page keeps its place
        as a resize does."""
        relabel([*self.tabs, self.back_button])
        self.screen_keys_heading = translated_heading(KEYS_PAGE, self.screen_keys)
        self._layout_text()

    def draw(self, surface: pygame.Surface) -> None:
        self.follow_the_language()
        theme, s = self.app.theme, self.app.scale
        backdrop(surface, theme, s)
        heading(surface, theme, s, *self._titles())
        for b, page in zip(self.tabs, self.page_ids):
            b.active = page == self.game_id
            b.draw(surface, theme, s)
        self.back_button.draw(surface, theme, s)
        card(surface, self.page, theme.panel, int(16 * s), mix(theme.panel, theme.text, 0.12), shadow=True)
        self.text_rect = self._text_room()  # a message come or gone draws the whole window again
        total = self._content_height()
        self.offset = max(0, min(self.offset, total - self.text_rect.height))
        clip = surface.get_clip()
        surface.set_clip(self.text_rect)
        y = self.text_rect.y - self.offset
        code_colours = code_chip(theme)
        for value, size, bold, indent, kind, runs in self.lines:
            if kind == "gap":
                y += size
                continue
            h = line_height(size, bold, kind)
            if kind == "picture":
                if y + h >= self.text_rect.y and y <= self.text_rect.bottom:
                    draw_picture(surface, value, self.game_id, (self.text_rect.x, y), s, theme)
                y += h
                continue
            if y + h >= self.text_rect.y and y <= self.text_rect.bottom:
                colour = theme.text if kind != "h1" else theme.accent
                x = self.text_rect.x + indent
                if kind == "bullet":
                    pygame.draw.circle(surface, theme.accent, (x - int(13 * s), y + h // 2), max(2, int(3 * s)))
                tx.draw_runs(surface, runs, (x, y), size, colour, code_colours, bold)
            y += h
        surface.set_clip(clip)
        if self.offset < total - self.text_rect.height:
            more_below_cue(surface, self.text_rect, theme, s)
        bar = self._scroll_bar()
        if bar is not None:
            pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.3), bar[1], border_radius=int(3 * s))
