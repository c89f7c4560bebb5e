"""The main menu: Continue and Saved games (when there are such games), Play, Watch, Tournament,
Rules, Settings, Quit, over a strip of the games' pictures.

With Continue and Saved games, Rules, Settings and Quit stand side by side on one row where
a column of eight would not fit at the text size of six (``_tries``).

A larger Text size never shows the buttons' labels smaller than Normal does in the same window
(``MenuScene._normal_pixels``), and Normal never smaller than the subtitle: the pictures shrink,
then go, first; before they go, the title moves nearer the top and the room under them is kept
for one message rather than two (``Way.tight``).

The keyboard reaches all of it: Up and Down go through the buttons in reading order (Left and
Right along the row), Down past the last one (or Tab) goes on to the games' pictures, where Left
and Right choose one and Enter plays it, and then to the About link; Up and Shift+Tab go back.
The arrows stop at both ends (Up on the first button, Down on the link), Tab goes round.  The
place the keyboard is on is ringed as on other screens."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pygame
import pygame_menu

import games
from games.record import GameRecord
from ui import file_report
from ui import text as tx
from ui.about import ABOUT_PAGE, VERSION
from ui.autosave import SHELF
from ui.autosave_reading import (
    DAMAGED_FILES,
    holds_any,
    read_listed,
    record_patterns,
    recoverable_in,
    to_continue,
)
from ui.clipboard import is_paste
from ui.data_folders import games_dir, tournaments_dir
from ui.folder_reading import FolderReading
from ui.i18n import N_, _
from ui.paste import paste_game
from ui.scenes.base import KEY_EVENTS, FormLook, MenuFormScene
from ui.scenes.cards import GameCards
from ui.scenes.common import LABEL_PAD, backdrop, button_row, make_menu, menu_font_pixels, uniform_buttons
from ui.theme import window_scale
from ui.widgets import Messages, focus_ring

TAGLINE = N_("Classic board games with strong computer players")
SUBTITLE = 18  # the tagline's text size (at scale 1); the buttons' labels keep at least it (``MenuScene._subtitle_pixels``)
FONT_SIZES = (24, 21, 19, 17, 15)  # the buttons' text sizes (at scale 1), largest first
NO_ROOM = 1 << 30  # the height of a way that cannot be laid out: more than any window has
ROW = ("rules", "settings", "quit")  # the less-used buttons, side by side when a column has no room for them
READABLE = 16  # pixels: the least text size of the buttons where some way of laying them out has room for it
RING_ROOM = 8  # the room kept either side of the buttons for the chosen one's ring (at scale 1)


# The buttons' heights measured so far (``MenuScene._heights``), kept for the process: each way and
# text size the layout tries is a whole form built (35 ms at 1280x800), and every return to the main
# menu, each new window of a test, laid the same buttons out again the same way (seven builds).
_MEASURED: dict[Hashable, int] = {}
MEASURED_KEPT = 512  # heights kept at most (a drag of the window's edge measures at each step)


def _remember_measured(measured_as: Hashable, height: int) -> None:
    """Keep ``height`` for ``measured_as`` (``_MEASURED``), the oldest let go past ``MEASURED_KEPT``."""
    if len(_MEASURED) >= MEASURED_KEPT:
        del _MEASURED[next(iter(_MEASURED))]
    _MEASURED[measured_as] = height


def has_saved_games() -> bool:
    """Whether the Saved games screen has a game to list, so the menu offers it: one saved, one
    kept after its end (just now, by unfinished()), one finished but not yet moved out of the
    unfinished, or a tournament played in the window (its log's games are rows of that list; the
    log is not read here, the menu stays quick), or a damaged file still holding moves of its game
    (``recoverable_anywhere``).  Asked at each layout, each folder is listed only when it changed
    since (``holds_any``)."""
    saved = any(holds_any(games_dir(), pattern) for pattern in record_patterns(games_dir()))  # an SGF or GGF too
    return (saved or holds_any(SHELF.finished_folder, "*.json")
            or bool(SHELF.unmoved) or holds_any(tournaments_dir(), "*.jsonl") or recoverable_anywhere())


def recoverable_anywhere() -> bool:
    """Whether a folder Saved games reads holds a damaged file with moves to recover (its "Recover
    23 moves" row, ``recoverable_in``): with a cut-short autosave alone the menu said "Saved games
    offers them" and showed no Saved games button.  Each file is read once until it changes."""
    return any(holds_any(folder, DAMAGED_FILES) and recoverable_in(folder)
               for folder in (games_dir(), SHELF.finished_folder, SHELF.folder))


class Way(NamedTuple):
    """One way to lay the main menu out: the height of the games' pictures' strip (0: no pictures),
    slim buttons (less room above and below each label), the less-used buttons (``ROW``) side
    by side on one row under the others, and ``tight``: the title nearer the top and room for one
    message under the pictures rather than two (``TIGHT_TOP``, ``MenuScene._below_the_cards``)."""

    strip_h: int
    slim: bool
    row: bool = False
    tight: bool = False


TIGHT_TOP = 0.03  # the title's top in a tight way, a share of the window's height (0.09 otherwise)


class Plan(NamedTuple):
    """Where the main menu goes at one scale (``MenuScene._plan``): the title's top, the buttons'
    form (its height set once they are built), the ways to try, the buttons' room above each
    height of the pictures' strip (``_room_of``), the room kept under the pictures (the messages'
    lane and the About link) and under the last button (its highlight); the title's top and the
    room under the pictures in a tight way (``Way.tight``)."""

    title_y: int
    menu_rect: pygame.Rect
    ways: tuple[Way, ...]
    rooms: dict[tuple[int, bool], int]
    below: int
    edge: int
    tight_title_y: int
    tight_below: int

    def of(self, way: Way) -> tuple[int, pygame.Rect, int]:
        """The title's top, the buttons' form and the room kept under the pictures the ``way``
        given: a tight one's title and buttons nearer the top, and one message's room."""
        if not way.tight:
            return self.title_y, self.menu_rect, self.below
        return (self.tight_title_y, self.menu_rect.move(0, self.tight_title_y - self.title_y), self.tight_below)


def _buttons_of(way: Way) -> Way:
    """``way`` as far as the buttons go: the pictures' strip under them and the room round them
    (``tight``) do not change them."""
    return way._replace(strip_h=0, tight=False)


def _room_of(way: Way) -> tuple[int, bool]:
    """What the buttons' room (``Plan.rooms``) depends on in ``way``: the pictures' strip under
    them and how tight the title and the messages' lane are."""
    return way.strip_h, way.tight


def _tries(ways: tuple[Way, ...], font: int, scale: float, least: int = 0) -> Iterator[tuple[Way, int]]:
    """(way, text size) in the order the main menu tries them: each text size from ``font`` down
    in each of the ``ways`` that show the pictures, in order, so the text shrinks only where none
    of them fits; then the ways without pictures.  Sizes under ``least`` pixels at ``scale`` (the
    Normal text size's, for a larger one: ``MenuScene._normal_pixels``) come only after all of
    that, in the same order: at 800x560 Larger text took every label from 16 pixels, Normal's, to
    13 to keep the pictures, where the buttons alone had room for 16."""
    sizes = [size for size in FONT_SIZES if size <= font]
    with_pictures = [way for way in ways if way.strip_h]
    without = [way for way in ways if not way.strip_h]
    for part in ([size for size in sizes if menu_font_pixels(size, scale) >= least],
                 [size for size in sizes if menu_font_pixels(size, scale) < least]):
        for kept in (with_pictures, without):
            yield from ((way, size) for size in part for way in kept)


def _standing_font(height: Callable[[int, Way], int], ways: tuple[Way, ...], rooms: dict[int, int],
                   scale: float, least: int = 0) -> int:
    """The main menu buttons' text size without Continue and Saved games (``height``: theirs for a
    size and a way): the largest that fits in a column, in the first of ``ways`` where any does
    at ``least`` pixels or more (at ``scale``: the Normal text size's, for a larger one), else
    ``READABLE`` pixels or more, else in the first where any fits at all.
    Those two buttons keep it when slimmer buttons, the row or smaller pictures make room for
    them (``_tries``): at 1264x736 Continue took every label from 19 pixels down to 13, though
    slim buttons of 19 pixels fitted.  At 800x560 roomy buttons fitted only at 13 pixels, and
    the menu kept them though slim ones had room for 16."""
    standing = _standing_ways(ways)
    for at_least in sorted({least, READABLE, 0}, reverse=True):
        for way in standing:
            sizes = [size for size in FONT_SIZES if menu_font_pixels(size, scale) >= at_least]
            found = _largest_fitting(sizes, lambda font_size, way=way: height(font_size, way) <= rooms[_room_of(way)])
            if found is not None:
                return found
    return FONT_SIZES[-1]


def _standing_ways(ways: tuple[Way, ...]) -> list[Way]:
    """The ways ``_standing_font`` looks in, in order: the columns with the pictures, then the
    row with them, then the columns without them.  At 1280x800 with Large text no column had
    room above the pictures: the text size came from a column without them, which left the
    six buttons 21 pixels on the pictures' row of Rules, Settings and Quit, where 23 fitted."""
    roomy = [way for way in ways if not way.tight]  # the menu without Continue keeps its title where it was
    return ([way for way in roomy if way.strip_h and not way.row] + [way for way in roomy if way.strip_h and way.row]
            + [way for way in roomy if not way.strip_h and not way.row])


def _largest_fitting(sizes: list[int], fits: Callable[[int], bool]) -> int | None:
    """The first of ``sizes`` (largest first) that ``fits``, by halving: the buttons take less
    height with smaller text, so past the first size that fits every one does.  Each try builds
    the buttons (``MenuScene._build_menu``): at 2560x1440 the first way fitted at the fourth size
    of five, and a drag of the window's edge built them four times a step where halving takes two
    or three."""
    low, high = 0, len(sizes)
    while low < high:
        middle = (low + high) // 2
        if fits(sizes[middle]):
            high = middle
        else:
            low = middle + 1
    return sizes[low] if low < len(sizes) else None


class MenuScene(MenuFormScene):
    """The main menu: a form of buttons (``MenuFormScene``, drawn and redrawn in part as the other
    forms are: ``draw_form``, ``form_pointed_areas``, ``form_took_areas``), the games' pictures
    under it and the About link in the corner."""

    shows_file_reports = True  # what the Continue button's reading found wrong (ui.file_report)
    form_took: pygame.event.Event | None = None  # the key the buttons were given last (``input_area``)
    look_before: FormLook | None = None  # the buttons' look before it (``form_look``)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.cards = GameCards(games.catalog(), options=self._card_options)
        self.menu: pygame_menu.Menu | None = None
        self._last_built: tuple[int, Way, bool] | None = None  # the text size, way and extras ``menu`` was built with
        self.about_rect = pygame.Rect(0, 0, 0, 0)  # the version in the corner, a link to About
        self.reading = FolderReading("read-unfinished", findings=lambda found: [found[1]])  # the unfinished games, on a thread when they are many
        self.unfinished: list[tuple[Path, GameRecord]] = []  # the games Continue offers, newest first
        self.not_offered = 0  # unfinished games Continue leaves out (watched, or the person never moved): Saved games lists them
        self.resumable: GameRecord | None = None  # the newest game Continue offers
        self.continue_asked = False  # Continue clicked while reading: acted on once the reading ends
        # where the keyboard is: "menu" (the buttons), "cards" (a game's picture), "about"; the
        # picture it is on, or goes to; the button to choose once laid out (None: the first)
        self.place, self.card_at, self.button_left = getattr(app, "menu_keyboard", ("menu", 0, None))
        self.card_found = False  # card_at is the game last chosen's picture (``_last_chosen_card``)
        if self.place == "cards":
            self._find_card()
        self.cards.focused = self.card_at if self.place == "cards" else None

    def _card_options(self, game_id: str) -> dict[str, object]:
        """The options ``game_id``'s card pictures: New game's last chosen (this session's or the
        last's).  The cards drew each game's usual board: tic-tac-toe 3x3 after 5x5 was chosen."""
        chosen = getattr(self.app, "last_setup_choices", None)
        return chosen().options.get(game_id, {}) if callable(chosen) else {}

    def _find_card(self) -> None:
        """The keyboard's picture, the first time it reaches the pictures on this visit: the game
        last chosen's (``_last_chosen_card``); then where Left and Right take it."""
        if not self.card_found:
            self.card_at, self.card_found = self._last_chosen_card(self.card_at), True

    def _last_chosen_card(self, card_left: int) -> int:
        """The picture of the game last chosen, on New game or Watch (by its picture here, or by
        Page Up and Page Down there; kept from the last session too): the keyboard came back on
        the picture it had left the menu from, and Tab went to that one, while Play opened the
        game chosen since.  ``card_left``: the picture the keyboard left, where none is known."""
        chosen = getattr(self.app, "last_setup_choices", None)
        ids = [info.id for info in self.cards.infos]
        game_id = chosen().game_id if callable(chosen) else None
        return ids.index(game_id) if game_id in ids else card_left

    def resize(self, size: tuple[int, int]) -> None:
        # every game left before its end, newest first: on a thread when the folder holds many files
        # not read before, the Continue button saying so meanwhile (ui.folder_reading)
        found = self.reading.start([SHELF.folder], lambda: file_report.read(SHELF.folder, SHELF.unfinished))
        if found is not None:
            self._take_unfinished(*found)
        self._lay_out(size)
        self._choose_button_left()

    def _choose_button_left(self) -> None:
        """The button the keyboard left the menu from chosen again, once, when the menu comes back
        (Esc from Settings, Rules, a game): it came back on Play, and the player walked the
        buttons again to reach the one next to the one just used.  A game left unfinished asks
        for its Continue instead (``App.show_menu``).  A button gone since (Continue once no game
        is left unfinished): the first."""
        wanted, self.button_left = self.button_left, None
        if wanted is not None and self.place == "menu":
            with suppress(ValueError, IndexError, AssertionError, KeyError):
                self.menu.select_widget(wanted)

    def _keyboard_left(self) -> tuple[str, int, str | None]:
        """Where the keyboard is, for the next main menu (``App.menu_keyboard``)."""
        chosen = self.menu.get_selected_widget() if self.menu is not None else None
        return self.place, self.card_at, chosen.get_id() if chosen is not None and self.place == "menu" else None

    def refit(self, size: tuple[int, int]) -> None:
        """The window resized: the button the keyboard was on stays chosen (``Scene.refit``); on
        a picture or the link, no button is (``_hide_choice``)."""
        if self.place == "menu":
            super().refit(size)
        else:
            self.resize(size)

    def _lay_out(self, size: tuple[int, int]) -> None:
        """The buttons and the games' pictures for ``size``, from the unfinished games as read."""
        s = self.app.scale
        w, h = size
        self.has_saved = bool(self.not_offered) or has_saved_games()
        plan = self._plan(size, s)
        least = self._normal_pixels(size) if s > window_scale(size) else self._subtitle_pixels(s)
        content, room, way = self._fit_buttons(plan, s, least)
        self.title_y, menu_rect, below = plan.of(way)
        menu_rect.height = max(int(120 * s), min(content, room) + plan.edge)
        self.menu.resize(menu_rect.width, menu_rect.height, position=(menu_rect.x, menu_rect.y, False))
        strip = pygame.Rect(int(40 * s), menu_rect.bottom + int(24 * s), w - int(80 * s),
                            h - menu_rect.bottom - int(24 * s) - below)
        self.show_cards = strip.height >= self._least_strip(s)
        self.cards.layout(strip, s, max_card=170)
        self._centre_vertically(menu_rect, h - below)
        if self.place == "cards" and not self.show_cards:  # the pictures left no room: on to the link
            self._go_to("about")
        elif self.place != "menu":
            self._hide_choice()  # the new form chose its first button: the keyboard is elsewhere

    def _plan(self, size: tuple[int, int], s: float) -> Plan:
        """Where the title and the buttons go in a window of ``size`` at scale ``s``, the ways to
        lay the buttons out and their room in each (``Plan``)."""
        w, h = size
        title_y = int(h * 0.09)
        menu_rect = pygame.Rect(0, 0, int(360 * s), int(350 * s))
        menu_rect.midtop = (w // 2, title_y + int(132 * s))
        # the buttons fit above the strip of game pictures (a menu that scrolls hid Quit below the
        # window's edge), with the text size they have without Continue and Saved games: slimmer
        # buttons, then Rules, Settings and Quit side by side, then smaller pictures make room for
        # those two; smaller text only where none does, and the pictures go last (``_tries``).  With
        # a larger Text size the pictures shrink, then go, before the text drops under Normal's
        # text size.  Last, before they go, the title nearer the top and one message's room under
        # them (``Way.tight``), the pictures smaller still: at 1366x768 with Larger text, Continue
        # and Saved games took the pictures away, a third of the window empty round the buttons
        big, small, least = int(130 * s), int(110 * s), self._least_strip(s)
        ways = (Way(big, False), Way(big, True), Way(big, False, True), Way(big, True, True),
                Way(small, True), Way(small, True, True),
                Way(small, True, True, True), Way(least, True, True, True),
                Way(0, False), Way(0, True), Way(0, False, True), Way(0, True, True))
        standing = self._standing_lines(s)
        below = self._below_the_cards(h, s, max(Messages.LANE_LINES, standing))
        tight_below = self._below_the_cards(h, s, lines=max(1, standing))
        tight_title_y = int(h * TIGHT_TOP)
        edge = int(16 * s)  # under the last button: its chosen highlight (a form with less scrolls to show it)
        # the buttons' room above each height of the pictures' strip, and above the messages' lane
        # without pictures too: there the buttons went down to the About link, and a message
        # stood over Quit
        tight_gain = title_y - tight_title_y + below - tight_below
        rooms = {_room_of(way): h - menu_rect.top - (way.strip_h + int(24 * s) if way.strip_h else 0) - below - edge
                 + (tight_gain if way.tight else 0) for way in ways}
        return Plan(title_y, menu_rect, ways, rooms, below, edge, tight_title_y, tight_below)

    @staticmethod
    def _subtitle_pixels(s: float) -> int:
        """The subtitle's text size in pixels at scale ``s`` (``TAGLINE``): at the Normal text size
        the least the buttons' labels keep while the pictures can shrink or go instead (``_tries``;
        a larger text size keeps Normal's labels' size, ``_normal_pixels``).  At 2560x1440 the
        labels were 27 pixels under a 32-pixel subtitle: the text shrank before the pictures."""
        return int(SUBTITLE * s)

    @staticmethod
    def _least_strip(s: float) -> int:
        """The least height of the games' pictures' strip at scale ``s``: the cards' pictures a
        little taller than their titles (``GameCards.draw``)."""
        return int(90 * s)

    def _has_extras(self) -> bool:
        """Whether Continue or Saved games are among the buttons (``_buttons``)."""
        return bool(self.unfinished or self.reading.loading or self.has_saved)

    def _choose(self, plan: Plan, s: float, least: int = 0) -> tuple[Way, int, Callable[[int, Way], int]]:
        """The way and text size the buttons take at scale ``s`` (the first of ``_tries`` that
        fits, the last tried when none does), with their heights for each (``_heights``);
        ``least``: the pixels the text keeps while any way without the pictures has room."""
        standing = self._heights(plan.menu_rect, s, extras=False)
        height = self._heights(plan.menu_rect, s) if self._has_extras() else standing
        for way, font_size in _tries(plan.ways, _standing_font(standing, plan.ways, plan.rooms, s, least), s, least):
            if height(font_size, way) <= plan.rooms[_room_of(way)]:
                break
        return way, font_size, height

    def _normal_pixels(self, size: tuple[int, int]) -> int:
        """The buttons' text size in pixels at the Normal text size in a window of ``size``: the
        least a larger text size shows them at, while the buttons have room for it without the
        pictures (``_tries``).  Measured as that layout measures it (``_heights``, kept)."""
        usual = window_scale(size)
        _way, font_size, _height = self._choose(self._plan(size, usual), usual, self._subtitle_pixels(usual))
        return menu_font_pixels(font_size, usual)

    def _fit_buttons(self, plan: Plan, s: float, least: int) -> tuple[int, int, Way]:
        """Build the buttons at scale ``s`` the way chosen (``_choose``): the height they take,
        the room they had and that way."""
        self._last_built = None  # a height measured before (``_MEASURED``) builds nothing: none of this layout yet
        way, font_size, height = self._choose(plan, s, least)
        if self._last_built != (font_size, _buttons_of(way), self._has_extras(), s):  # the way chosen, built last
            self._build_menu(plan.menu_rect, font_size, _buttons_of(way), s)
        return height(font_size, way), plan.rooms[_room_of(way)], way

    def _heights(self, menu_rect: pygame.Rect, s: float, extras: bool = True) -> Callable[[int, Way], int]:
        """The buttons' height at scale ``s`` for a text size and a way (``_build_menu``), each built once for
        every height of the pictures' strip (``_buttons_of``); a way with ``ROW`` is not built at
        a text size where the row was already too narrow for its labels (which the slimness of
        the buttons does not change): at 800x600 in Portuguese the row too wide at one size was
        built three times in each layout."""
        row_too_narrow: set[int] = set()  # text sizes

        @cache
        def buttons_height(font_size: int, buttons: Way) -> int:
            if buttons.row and font_size in row_too_narrow:
                return NO_ROOM
            measured_as = self._measured_as(menu_rect, font_size, buttons, s, extras)
            built = _MEASURED.get(measured_as)
            if built is None:
                built = self._build_menu(menu_rect, font_size, buttons, s, extras)
                _remember_measured(measured_as, built)
            if buttons.row and built == NO_ROOM:
                row_too_narrow.add(font_size)
            return built
        return lambda font_size, way: buttons_height(font_size, _buttons_of(way))

    def _below_the_cards(self, h: int, s: float, lines: int = Messages.LANE_LINES) -> int:
        """The room kept under the games' pictures: the About link in the corner and, above it, the
        lane for the window's messages (``Messages.lane_height``, ``messages_ceiling``), the same
        with messages or without: a file report stood over the pictures' names, and two messages
        at once shrank the buttons and moved the pictures up, and back when they faded."""
        return h - self._about_top(h, s) + int(8 * s) + Messages.lane_height(s, lines)

    def _standing_lines(self, s: float) -> int:
        """The lane's lines the longest message standing as the menu is laid out takes whole
        (``Messages.lane_lines_for``): the file report of the unfinished games just read, said
        before the layout (``_take_unfinished``), is given its room then, as it comes, so nothing
        moves when it fades.  At 800x600 with Saved games among the buttons, a damaged autosave's
        three lines were cut to one and "Cut short: click here to copy the whole message"."""
        width = self.app.messages_width()
        return max((Messages.lane_lines_for(m.text, s, width) for m in self.app.messages.current()), default=0)

    def _take_unfinished(self, unfinished: list[tuple[Path, GameRecord]], findings: file_report.Findings) -> None:
        """The unfinished games as read, those Continue offers kept (``to_continue``); what is
        wrong in their folder, said once."""
        self.unfinished = to_continue(unfinished)
        self.not_offered = len(unfinished) - len(self.unfinished)
        self.resumable = self.unfinished[0][1] if self.unfinished else None
        file_report.tell(self.app.messages, [findings])

    def update(self, dt: float) -> None:
        """The unfinished games read on a thread: lay the menu out again, the button chosen with
        the keyboard still chosen."""
        found = self.reading.poll()
        file_report.tell_left_behind(self.app.messages)  # of a list left before its reading ended
        if found is None:
            return
        self._take_unfinished(*found)
        if self.continue_asked:
            self.continue_asked = False
            self.continue_game()
            if self.app.scene is not self:
                return
        if self.menu is None:
            return
        with self._keeping_choice():
            self._lay_out(self.app.size)  # the games just read: no reading again
        self.invalidate()

    @contextmanager
    def _keeping_choice(self) -> Iterator[None]:
        """Build the buttons again inside, and the one the keyboard had chosen is chosen again
        (when it is still there and the keyboard is on the buttons)."""
        chosen = self.menu.get_selected_widget() if self.menu is not None else None
        yield
        if chosen is not None and self.menu is not None and self.place == "menu":
            with suppress(ValueError, IndexError, AssertionError, KeyError):
                self.menu.select_widget(chosen.get_id())

    def keys_section(self) -> str | None:
        """F1 here: the keys page at the main menu's keys (the menu is about no one game)."""
        return "Main menu and game lists"

    def come_back(self) -> None:
        """Back from help: laid out again, the keyboard where it was (a button, a picture, the link)."""
        with self._keeping_choice():
            self.app.switch(self)

    def _about_link(self, s: float) -> tuple[int, int]:
        """The About link's text size and its padding at scale ``s`` (``draw`` writes it in the
        bottom right corner, ``pad`` from the edges, its rectangle inflated by ``pad``)."""
        return tx.small(12, s), int(10 * s)

    def _about_top(self, h: int, s: float) -> int:
        """The top of the About link's rectangle in a window ``h`` tall at scale ``s``, as ``draw`` makes it."""
        size, pad = self._about_link(s)
        return h - pad - tx.ui_font(size).get_height() - pad // 2

    def messages_above(self) -> int | None:
        """Messages stand on the About link's row, under the pictures (``_below_the_cards``)."""
        return self._about_top(self.app.size[1], self.app.scale)

    def messages_ceiling(self) -> int | None:
        """Under the games' pictures (or the buttons, where the pictures found no room)."""
        if self.menu is None:
            return None
        bottoms = [r.bottom for r in self.cards.rects] if self.show_cards else []
        return max(bottoms, default=self.menu.get_rect().bottom)

    def _centre_vertically(self, menu_rect: pygame.Rect, lowest: int) -> None:
        """Move the title, the buttons and the games' pictures down together to the middle of a
        window taller than they need (full screen at 1920x1080, a portrait screen, a tiling
        desktop's half): they kept to the top, over an empty half of the window."""
        bottom = max((r.bottom for r in self.cards.rects), default=menu_rect.bottom) if self.show_cards else menu_rect.bottom
        h = self.app.size[1]
        shift = min((h - (bottom - self.title_y)) // 2 - self.title_y, lowest - bottom)  # the messages' row stays free
        if shift <= 0:
            return
        self.title_y += shift
        menu_rect.y += shift
        self.menu.resize(menu_rect.width, menu_rect.height, position=(menu_rect.x, menu_rect.y, False))
        self.cards.rects = [r.move(0, shift) for r in self.cards.rects]

    def _build_menu(self, rect: pygame.Rect, font_size: int, way: Way, s: float, extras: bool = True) -> int:
        """Build the buttons at scale ``s`` with ``font_size`` the ``way`` given (slim: less room above and below
        each label; row: ``ROW`` side by side); the height they need, or ``NO_ROOM`` when the row
        is too narrow for its labels.  Without ``extras``, the buttons always there alone (no
        Continue nor Saved games)."""
        # whether Continue or Saved games are among them, as ``_fit_buttons`` asks: built without
        # either, the buttons are the same whether asked with ``extras`` or not
        self._last_built = (font_size, way, extras and self._has_extras(), s)
        self.menu = make_menu(self.app.theme, s, rect, font_size)
        self.menu.disable_render()
        for label, action, button_id in self._buttons(extras):
            self.menu.add.button(label, action, button_id=button_id)
        margin = self.menu.get_theme().widget_margin[1]
        row = [self.menu.get_widget(button_id) for button_id in ROW]
        width = self._column_width(rect, row, margin, s) if way.row else int(280 * s)
        uniform_buttons(self.menu, self.app.theme, s, width, pad_y=int((6 if way.slim else 10) * s))
        fits = not way.row or button_row(self.menu, row, width, gap=margin, least_pad=int(LABEL_PAD * s))
        self.menu.enable_render()
        if not fits:
            return NO_ROOM
        return sum(w.get_height() + margin for w in self.menu.get_widgets() if w.is_visible() and w.get_frame() is None)

    def _buttons(self, extras: bool) -> list[tuple[str, Callable[[], None], str]]:
        """The main menu's buttons, (label, action, id) in order; without ``extras``, no Continue
        nor Saved games (``_build_menu``)."""
        buttons = []
        if extras and (self.unfinished or self.reading.loading):
            buttons.append((self.continue_label(), self.continue_game, "continue"))
        buttons += [(_("Play"), self.play, "play"), (_("Watch (PC vs PC)"), self.watch, "watch"),
                    (_("Tournament"), self.tournament, "tournament")]
        if extras and self.has_saved:
            buttons.append((_("Saved games"), self.saved_games, "saved"))
        return [*buttons, (_("Rules"), self.rules, "rules"), (_("Settings"), self.settings, "settings"),
                (_("Quit"), self.app.quit, "quit")]

    def _measured_as(self, rect: pygame.Rect, font_size: int, way: Way, s: float, extras: bool) -> Hashable:
        """What the buttons' height (``_build_menu``) depends on: the window, the scale ``s`` and
        the theme, the form's rectangle, the text size, the way and the labels."""
        labels = tuple(label for label, _action, _id in self._buttons(extras))
        return self.app.size, s, self.app.theme, tuple(rect), font_size, way, labels

    def _column_width(self, rect: pygame.Rect, row: list[pygame_menu.widgets.Button], gap: int, s: float) -> int:
        """The buttons' width with ``row`` side by side under them: 280 pixels at scale 1, wider
        (up to the form's ``rect``, less the chosen button's ring) where the row's labels need
        it.  At 800x600 in Portuguese "Regras", "Definições" and "Sair" did not fit in 280, and
        every label of the menu shrank to 14 pixels to make them fit."""
        needed = sum(button.get_width(apply_padding=False) + 2 * int(LABEL_PAD * s) for button in row)
        needed += gap * (len(row) - 1)
        return max(int(280 * s), min(needed, rect.width - int(2 * RING_ROOM * s)))

    def close(self) -> None:
        self.app.menu_keyboard = self._keyboard_left()
        self.reading.leave()

    # -- actions ----------------------------------------------------------------------------
    def play(self, game_id: str | None = None) -> None:
        self.app.show_setup(watch=False, game_id=game_id)

    def watch(self) -> None:
        self.app.show_setup(watch=True)

    def continue_label(self) -> str:
        """"Continue Reversi" for one unfinished game, "Continue (3 games)" for several, "Continue:
        reading…" while a thread reads them."""
        if self.reading.loading:
            return _("Continue: reading…")
        if len(self.unfinished) == 1:
            return _("Continue {game}").format(game=_(games.info(self.unfinished[0][1].game_id).title))
        return _("Continue ({n} games)").format(n=len(self.unfinished))

    def continue_game(self) -> None:
        """Resume the one unfinished game, or list them all to pick one.  Clicked while they are
        being read ("Continue: reading…"), the click is remembered and acted on when the reading
        ends, and a message says so (the click did nothing before)."""
        if self.reading.loading:
            self.continue_asked = True
            self.app.messages.add(_("Still reading your unfinished games: they open when they are read"))
        elif len(self.unfinished) == 1:
            path = self.unfinished[0][0]
            record, problem = read_listed(path)  # the file as it is now, not as listed
            if problem is not None:
                self.app.messages.add(problem, "error", duration=10.0)
                self.resize(self.app.size)  # the unfinished games read again
            else:
                self.app.continue_game(record, path)
        elif self.unfinished:
            self.app.show_unfinished()

    def saved_games(self) -> None:
        self.app.show_saved_games()

    def tournament(self) -> None:
        self.app.show_tournament()

    def rules(self) -> None:
        self.app.show_rules()

    def settings(self) -> None:
        self.app.show_settings()

    # -- the frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_paste(event):  # a game copied as text opens in the replay viewer
            paste_game(self.app)
            return
        picked = self.cards.handle(event) if getattr(self, "show_cards", True) else None
        if picked:
            self.play(picked)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return  # Esc on the main menu does nothing (Quit is one click away)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.about_rect.collidepoint(event.pos):
            self.about()  # the version in the corner opens the About page
            return
        self.form_took = None
        if self.menu is None or self._key(event):
            return
        if event.type in KEY_EVENTS:
            self.look_before, self.form_took = self.form_look(), event
        self.menu.update([event])
        mouse = event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN)
        chosen = self.menu.get_selected_widget()
        if mouse and self.place != "menu" and chosen is not None and chosen.is_selected():
            self.place, self.cards.focused = "menu", None  # the mouse chose a button: the keyboard goes on from there

    def about(self) -> None:
        self.app.show_rules(ABOUT_PAGE)

    # -- the keyboard beyond the buttons: the games' pictures and the About link ------------------
    def _places(self) -> list[str]:
        """Where Tab goes round, in order: the buttons, the pictures (when shown), the About link."""
        return ["menu", *(["cards"] if getattr(self, "show_cards", True) else []), "about"]

    def _go_to(self, place: str, last: bool = False) -> None:
        """The keyboard to ``place``; to the buttons, the first one, or the last if ``last``
        (coming back up from below); to the pictures, the one it was on before."""
        self.place = place
        if place == "cards":
            self._find_card()
        self.cards.focused = self.card_at if place == "cards" else None
        if place != "menu":
            self._hide_choice()
            return
        buttons = [w for w in self.menu.get_widgets() if w.is_selectable and w.is_visible()]
        if buttons:
            self.menu.select_widget(buttons[-1] if last else buttons[0])

    def _hide_choice(self) -> None:
        """The chosen button drawn unchosen while the keyboard is on a picture or the link:
        pygame-menu always keeps a button chosen (a form left with none chooses one again as it
        is drawn), and its highlight beside the ring said the keyboard was in two places."""
        chosen = self.menu.get_selected_widget()
        if chosen is not None:
            chosen.select(False)
            self.menu.force_surface_cache_update()

    def _key(self, event: pygame.event.Event) -> bool:
        """Tab, and the keys of the pictures and the link while the keyboard is on them; True if
        taken.  Down on the last button goes on to the pictures (pygame-menu went round to the
        first button, and the pictures and the link were out of the keyboard's reach); Up on the
        first button stays there, as Down does on the link (pygame-menu went round to Quit, so
        Up went round and Down did not)."""
        if event.type != pygame.KEYDOWN:
            return False
        key, places = event.key, self._places()
        here = places.index(self.place) if self.place in places else 0
        if key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self._go_to(places[(here + step) % len(places)], last=step < 0)
            return True
        if self.place == "menu":
            buttons = [w for w in self.menu.get_widgets() if w.is_selectable and w.is_visible()]
            chosen = self.menu.get_selected_widget()
            if key == pygame.K_DOWN and buttons and chosen is buttons[-1]:
                self._go_to(places[1])
                return True
            return key == pygame.K_UP and bool(buttons) and chosen is buttons[0]
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.place == "cards":
                self.play(self.cards.infos[self.card_at].id)
            else:
                self.about()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.place == "cards":
            step = 1 if key == pygame.K_RIGHT else -1
            self.card_at = self.cards.focused = (self.card_at + step) % len(self.cards.infos)
        elif key == pygame.K_UP:
            self._go_to(places[here - 1], last=True)
        elif key == pygame.K_DOWN and here + 1 < len(places):
            self._go_to(places[here + 1])
        return True  # the buttons' keys are not for the buttons while the keyboard is away from them

    def _about_lit(self) -> bool:
        """The About link in the accent: the keyboard on it, or the pointer over it (a link)."""
        return self.place == "about" or self.about_rect.collidepoint(pygame.mouse.get_pos())

    def pointer_key(self) -> Hashable | None:
        """What the pointer lights here: the button pygame-menu chose under it
        (``MenuFormScene.form_pointer_key``), then the keyboard's place (which a motion over a
        button takes), the picture it raises and the About link (a link)."""
        form = self.form_pointer_key()
        if form is None:
            return None
        return (*form, (self.place, self.cards.hover, self.cards.focused, self._about_lit()))

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The two buttons the pointer went between, each with its highlight, where only the
        buttons' look changed (``MenuFormScene.form_pointed_areas``, the buttons' form as their
        card); the whole window where a picture, the link or the keyboard's place changed.  The
        pointer along the buttons drew the whole window, pictures and all, at each button."""
        if before[2] != after[2]:
            return None
        return self.form_pointed_areas(before[:2], after[:2], self.menu.get_rect())

    def input_area(self, event: pygame.event.Event) -> pygame.Rect | list[pygame.Rect] | None:
        """For a key the buttons took (Up and Down along them): the buttons it chose between
        alone, where nothing else on the form moved (``form_took_areas``); the whole window for
        the others (Tab, the pictures' and the link's keys) and where the form changed more (a
        button pressed: another screen, or the form built again)."""
        if event is not self.form_took:
            return None
        return self.form_took_areas(self.look_before)

    def draw(self, surface: pygame.Surface) -> None:
        theme, s = self.app.theme, self.app.scale
        backdrop(surface, theme, s)
        w = surface.get_width()
        r = tx.text(surface, "Tabuleiro", (w // 2, self.title_y), int(72 * s), theme.text, "midtop", bold=True)
        tx.text(surface, _(TAGLINE), (w // 2, r.bottom - int(4 * s)), self._subtitle_pixels(s), theme.muted, "midtop")
        self.draw_form(surface)
        if getattr(self, "show_cards", True):
            self.cards.draw(surface, theme)
        size, pad = self._about_link(s)
        focused = self.place == "about"
        self.about_rect = tx.text(surface, _("About Tabuleiro {version}").format(version=VERSION),
                                  (surface.get_width() - pad, surface.get_height() - pad), size,
                                  theme.accent if self._about_lit() else theme.muted, "bottomright").inflate(pad, pad)
        if focused:
            focus_ring(surface, self.about_rect, theme, s, int(4 * s))
