"""The scene interface: the App gives the current scene every event, then updates and draws it."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame
import pygame_menu

from ui.i18n import _, language
from ui.scenes.common import FormField, scroll_exactly
from ui.settings import text_size_of
from ui.text_field import Carets, caret_clock
from ui.theme import scrolling_scale
from ui.widgets import DragScroll, lighting

FULL_FIELD_TOPIC = "field full"  # a form's text field that holds its most characters (``_say_if_full``)

if TYPE_CHECKING:
    from games.record_parts import PlyValue, Result
    from ui.app import App
    from ui.scenes.game import Ply
    from ui.tally import Score
    from ui.theme import Color
    from ui.widgets import Button

CLOSE_AGAIN = 6.0  # seconds a held close waits for the second close (or Enter) that confirms it (``App._close_held``)
KEYS_PAGE = "keys"  # the rules screen's page of shortcuts, every screen's (assets/rules/keys.md)
KEY_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)  # the keyboard's input, apart from the mouse's
# seconds a caret's turn is drawn after it is due: the window times its frames from their start,
# the caret's last drawing a little later, so a frame due at the turn itself came a moment early,
# showed the caret unturned and was followed by another at once
CARET_SLACK = 0.02


class Scene:
    """One screen.  Every method may raise: the App logs it and shows a message instead of dying."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def theme(self):
        """The window's colours (the dark theme for a stand-in app in tests)."""
        from ui.theme import DARK

        return getattr(self.app, "theme", None) or DARK

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event (resize and quit are handled by the App first)."""

    def update(self, dt: float) -> None:
        """Advance timers, poll workers; ``dt`` seconds since the last frame."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene (the App clears the window first)."""

    # the language a screen's lasting words (buttons, fields, laid-out pages) were made in; None: a
    # screen that words everything on every frame (``follow_the_language``)
    labelled_in: str | None = None

    def follow_the_language(self) -> None:
        """Once after each change of language, ``say_in_the_language``: a screen kept alive under
        another (its help, a replay opened from it) as Settings changed the language came back
        with the words it had made in the old one.  Each screen that keeps words sets
        ``labelled_in`` as it makes them and calls this first as it draws."""
        if self.labelled_in is None or self.labelled_in == language():
            return
        self.labelled_in = language()
        self.say_in_the_language()

    def say_in_the_language(self) -> None:
        """Make again the words the screen keeps, in the language now chosen (``follow_the_language``)."""

    def waiting(self) -> None:
        """The window has drawn this screen and sleeps until input comes: the moment to start, off
        the window's busy frames, what a request the user may make here would otherwise wait for
        (the game screen's AI worker for a hot-seat game's first hint).  Nothing by default."""

    def wake_in(self) -> float | None:
        """Seconds until the scene has something to do with no input and nothing moving on screen
        (the game's computer reply held for its moment), so that the window wakes then rather
        than up to ``ui.app.IDLE_WAKE`` later; None for nothing due (the default)."""
        return None

    def redraw_interval(self) -> float | None:
        """How often the scene must be redrawn with no input: None while nothing moves (the App
        draws after events and ``app.invalidate()`` only), 0 for every frame (an animation), or a
        number of seconds (a spinner or a clock that needs ~10 updates a second)."""
        return None

    def pointer_key(self) -> Hashable | None:
        """What the pointer's place shows on this screen (the board's cell under it, the button it
        lights), as a value that differs whenever that picture differs: after a frame whose only
        input moved the pointer, the App draws again only when it changed (a motion within one
        cell of a 19x19 board drew the whole window each time).  None: not known, every motion
        draws (the default, for screens whose forms light their lines in their own way)."""
        return None

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The parts of the screen that show a change of ``pointer_key`` from ``before`` to
        ``after``, the only parts the App draws again (clipped to each; the rest as last shown);
        None: the whole screen (the default)."""
        return None

    def ticking_area(self) -> pygame.Rect | None:
        """The part of the screen that time alone changes while nothing else moves on it (a
        running clock's digits, the computer's spinner and search figures): a frame due only to
        ``redraw_interval`` or to a clock's new reading draws it alone, the rest as last shown
        (a running clock drew the whole window once a second, a search ten times a second).
        None: the whole screen (the default)."""
        return None

    def input_area(self, event: pygame.event.Event) -> pygame.Rect | list[pygame.Rect] | None:
        """The part of the screen that the key, text, wheel or click ``event``, just handled,
        changed, the only part the App draws for it (a letter typed in a field: the field's box;
        an empty rectangle: nothing), or the parts (a replay's step: its board's side and its
        panel's list).  None: the whole screen (the default: a key or a click may change
        anything)."""
        return None

    def invalidate(self, area: pygame.Rect | None = None) -> None:
        """The scene changed without an input event (a worker answered, a timer fired): redraw;
        ``area``: only that part of the screen changed (``App.invalidate``)."""
        invalidate = getattr(self.app, "invalidate", None)
        if callable(invalidate):
            invalidate() if area is None else invalidate(area)

    def resize(self, size: tuple[int, int]) -> None:
        """The window now has ``size``; lay things out again."""

    def close(self) -> None:
        """The App is leaving this scene (or quitting): stop workers, drop resources."""

    def holds_close(self, behind: bool = False) -> bool:
        """Whether closing the window waits for a second close (or Enter): this screen has said what
        closing now would lose (a game's moves not saved, a running tournament).  ``behind``: the
        screen is not shown but waits under the one shown (a replay or help opened from it,
        ``App.visit``, ``App.wait_away``), so only words said in the window's messages are seen.
        No screen holds it by default."""
        return False

    def close_kept(self) -> None:
        """The question ``holds_close`` asked was answered no (another key or click, or no second
        close in ``CLOSE_AGAIN`` seconds): take its words away."""

    def caption(self) -> str:
        """What the window's title says before "Tabuleiro" while this screen is shown ("Reversi",
        "Rules"), so the taskbar and the window list tell the screens apart; "" for the title alone."""
        return ""

    def messages_above(self) -> int | None:
        """The height (pixels from the top) the window's messages stand on: above the buttons a
        screen keeps along its bottom edge, so a message never hides them; None: the bottom edge."""
        return None

    def messages_ceiling(self) -> int | None:
        """The top of the lane the screen keeps for the window's messages (pixels from the top):
        the bottom of what it shows above them, laid out with room for ``Messages.lane_height``
        whether messages show or not.  Messages stack up to it and no higher (``Messages.shown``),
        so none hides a button or the text it is about, and nothing moves when one comes or
        fades.  None: no such lane (they stack as high as they need)."""
        return None

    def messages_centre(self) -> int | None:
        """Where the window's messages are centred across (pixels from the left); None: the
        window's middle (a game centres them on its board, with its own)."""
        return None

    def messages_ground(self) -> Color | None:
        """The colour of the card the window's messages are drawn over, from which their pills
        stand out (``Messages.draw``); None: the window's background."""
        return None

    # -- what a game's autosave keeps of its screen for Continue (``ui.recorder.SceneRecorder``) ---
    # Beside its moves, clocks and result, the record keeps what the screen showed and held as it
    # was left; a screen with nothing of the kind (a game played without the game screen) keeps
    # these neutral values, and the record then holds none of it.

    def saved_evaluations(self) -> tuple[list[float | None] | None, list[PlyValue | None] | None] | None:
        """The evaluation graph as the record saves it (its points, each ply's value); None: none."""
        return None

    def level_offer_kept(self) -> dict[str, object]:
        """A level's draw offer standing and its last refusal, by the record's keys; none by default."""
        return {}

    def shown_kept(self) -> dict[str, bool]:
        """What the screen shows that Continue shows again (``ui.autosave_setup.SHOWN_PARTS``); none by default."""
        return {}

    def redo_kept(self) -> list[Ply]:
        """The moves Undo took back, in the order Redo plays them again; none by default."""
        return []

    def session_kept(self) -> list[int] | None:
        """A hot-seat session's score over its games before this one (``ui.sitting``); None: none."""
        return None

    def speed_kept(self) -> int | None:
        """A watched game's pace (an index into ``ui.scenes.game_computer.SPEEDS``); None: none."""
        return None

    def paused_kept(self) -> bool:
        """Whether the game stands paused, to come back paused; not by default."""
        return False

    # -- what a game's record and its result card say beyond its rules (``ui.recorder``, -----------
    # ``ui.scenes.game_over``): how a game ended off the board, which of the screen's games it is,
    # the score against the computer and a hot-seat session's.  Neutral here; the game screen's own.

    def result_off_the_board(self) -> Result | None:
        """The result of a game that ended otherwise than by its rules: a forfeit (a resignation, a
        flag fall, an outside player's fault) or a draw the players agreed; None: none."""
        return None

    def game_on_screen(self) -> int:
        """Which of the screen's games is on it: its first (1), then each Rematch's; 0 by default."""
        return 0

    def tally_results(self) -> Score | None:
        """Your results against the computer player once this game counted in them (``ui.tally``);
        None by default."""
        return None

    def session_line(self) -> str:
        """A hot-seat session's score as the result card says it (``ui.sitting``); "" by default."""
        return ""

    # -- help (F1, taken by the App on every screen) -----------------------------------------------
    def help_page(self) -> tuple[str, str | None]:
        """The rules screen's page F1 opens here, and the section of it to open at (its English
        heading; None: the top): help for what the screen shows.  By default the "Keys and mouse"
        page at the screen's section (``keys_section``); a screen about one game (New game with
        its game chosen, Play from here, the game, the replay) opens that game's rules, and F1
        again there turns to its keys."""
        return KEYS_PAGE, self.keys_section()

    def keys_section(self) -> str | None:
        """This screen's section of the "Keys and mouse" page (its English heading; None: the
        page's top)."""
        return None

    def show_help(self) -> None:
        """F1: the help page (``help_page``) over this screen; its Back and Esc return here as the
        screen was left (``App.visit``), and F1 there turns to this screen's keys."""
        page, section = self.help_page()
        self.app.visit(lambda back: self.app.show_rules(page, on_back=back, section=section,
                                                        keys_section=self.keys_section()))

    def form(self) -> pygame_menu.Menu | None:
        """The pygame-menu form the screen is built around, if it has one (``menu``)."""
        menu = getattr(self, "menu", None)
        return menu if isinstance(menu, pygame_menu.Menu) else None

    @contextmanager
    def keeping_focus(self) -> Iterator[None]:
        """Rebuild the form inside, and the widget that had the keyboard's focus has it again
        (when it is still there: another game or mode may have taken it away); without this the
        first widget takes it, and a second arrow key changes another setting.  A text field keeps
        its cursor where it was (else the next letter went to the end of the text), and the form
        keeps its scroll position (a rebuild when a background check ended jumped the form back
        to the focused widget, away from what the player had scrolled to)."""
        form = self.form()
        selected = form.get_selected_widget() if form is not None else None
        wid = selected.get_id() if selected is not None else None
        cursor = selected._cursor_position if isinstance(selected, pygame_menu.widgets.TextInput) else None
        scrolled = form.get_scrollarea().get_offsets()[1] if form is not None else 0
        pointed = getattr(form, "pointer_chose", False)  # a click changed it: the row stays under the pointer
        yield
        form = self.form()  # the one built inside
        if form is None:
            return
        if wid:
            with suppress(ValueError, IndexError, AssertionError, KeyError):
                form.select_widget(wid)
        if hasattr(form, "pointer_chose"):  # a ``make_menu`` form
            form.pointer_chose = pointed
        field = form.get_selected_widget()
        if cursor is not None and isinstance(field, pygame_menu.widgets.TextInput) and field.get_id() == wid:
            for _step in range(max(0, field._cursor_position - cursor)):  # pygame-menu offers no setter
                field._move_cursor_left()
        area = form.get_scrollarea()
        if area.get_hidden_height():
            area.scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, min(1.0, scrolled / area.get_hidden_height()))
        if hasattr(form, "keep_chosen_whole"):  # a ``make_menu`` form
            form.keep_chosen_whole()

    def refit(self, size: tuple[int, int]) -> None:
        """The window changed size while this screen is shown (its edge dragged, full screen
        turned on or off): laid out again (``resize``), its form's line the keyboard was on still
        chosen and in view.  A form built again alone chose its first line and scrolled to the
        top: Full screen turned on from the keyboard in Settings, the next Left changed the theme."""
        with self.keeping_focus():
            self.resize(size)
        form = self.form()
        if form is not None and form.get_selected_widget() is not None:
            form.scroll_to_widget(form.get_selected_widget())

    def come_back(self) -> None:
        """Shown again after a visit (``App.visit``): laid out for the window's size, as left."""
        self.app.switch(self)

    def returns(self) -> bool:
        """Whether this screen's Back returns to the screen that showed it (which gave it its
        ``on_back``), not to the main menu: the screen left waits for it (``App.wait_away``)."""
        return getattr(self, "on_back", None) is not None


CLICKING_BUTTONS = (1, 2, 3)  # left, middle, right; 4 and 5 are the wheel's old-style presses


def pointer_there_first(event: pygame.event.Event) -> list[pygame.event.Event]:
    """The events a screen is given for ``event``: a mouse button pressed is given after a move
    of the pointer to where it was pressed, so what lies under the pointer (pygame-menu's chosen
    widget, a button's hover) is known before the press is handled.

    pygame-menu (``mouse_motion_selection``) chooses a form's widget on motion only and gives a
    release to the chosen one alone: a click with no motion before it did nothing on any widget
    but the one already chosen (on the main menu, every button but Play).  Such clicks are
    common: a tap on a touch screen (SDL may send the press with no motion), a pointer resting on
    a button when a screen appears under it, a click after the keyboard chose another widget.
    The move is the pointer's own, by nothing, to where it is: no drag starts (no button is held
    before the press) and a hover is what the pointer's next real motion would make it."""
    if event.type != pygame.MOUSEBUTTONDOWN or event.button not in CLICKING_BUTTONS:
        return [event]
    move = {"pos": event.pos, "rel": (0, 0), "buttons": (0, 0, 0), "touch": getattr(event, "touch", False)}
    if hasattr(event, "window"):
        move["window"] = event.window
    return [pygame.event.Event(pygame.MOUSEMOTION, move), event]


def top_of(rect: pygame.Rect) -> int | None:
    """``rect``'s top once it is laid out (a scene's bottom buttons, for ``messages_above``)."""
    return rect.top if rect.height else None


def scrollbars_lit(area: pygame_menu._scrollarea.ScrollArea) -> tuple[tuple[bool, bool], ...]:
    """How the pointer lights each scrollbar of a form's ``area`` (over it; its slider held),
    which pygame-menu draws in its hover colour.  pygame-menu 4 offers no public way to ask:
    its private ``ScrollArea._scrollbars`` and ``ScrollBar._mouseover`` are read here alone, with
    no defaults, so a pygame-menu that renames them fails loudly (tests/test_ui_partial_frames.py)
    instead of leaving a bar drawn lit after the pointer left it."""
    return tuple((bar._mouseover, bar.scrolling) for bar in area._scrollbars)


def caret_shown(widget: Any) -> bool | None:
    """Whether the text field ``widget`` shows its caret now (None: not a text field), for
    ``form_pointer_key``: a motion after the caret turned draws the field's line with it (over
    Settings' name field, onto the scrollbar, the caret changed and the frame drew the bar
    alone, leaving it as it was).  A ``FormField`` blinks by the clock, pygame-menu's own fields
    by the time between the events the form is given."""
    if isinstance(widget, FormField):
        return widget.caret_due()
    if not isinstance(widget, pygame_menu.widgets.TextInput):
        return None
    return bool(widget._cursor_visible or widget._key_is_pressed)  # noqa: SLF001 - no getter; as its _draw reads them


class FormLook(NamedTuple):
    """What a key or click may change on a form (``MenuFormScene.form_look``): the form itself (a
    build makes another), the line chosen and where it is drawn with its highlight, where each of
    its widgets stands, its scrolling, and the lighting and ring of the buttons under it."""

    form: Any
    chosen: str | None
    chosen_area: pygame.Rect | None
    places: dict[str, tuple[int, int, int, int]]
    scrolling: tuple[Any, ...]
    buttons: tuple[Any, ...]


def scrollbar_strips(area: pygame_menu._scrollarea.ScrollArea) -> list[pygame.Rect]:
    """Where the scrollbars of a form's ``area`` are drawn, on screen: its rectangle's strips
    beside its view, on the right and along the bottom (none where its content fits)."""
    rect, view = area.get_rect(), area.get_absolute_view_rect()
    strips = [pygame.Rect(view.right, rect.top, rect.right - view.right, rect.height),
              pygame.Rect(rect.left, view.bottom, rect.width, rect.bottom - view.bottom)]
    return [strip for strip in strips if strip.width > 0 and strip.height > 0]


def lay_out(menu: pygame_menu.Menu) -> None:
    """``menu`` laid out for what its widgets hold now: each widget that changed rendered first,
    then the form.  pygame-menu renders a changed widget (a selector stepped) only as it draws
    it, after the form was laid out for that drawing, and lays the form out again at its next
    render: a frame drawn once, as the window draws them (on a change only), showed the line
    where its old word had placed it (Settings' Animations, stepped from "Normal" to the
    narrower "Fast", stood 18 pixels left of the middle until something else drew the form)."""
    for widget in menu.get_widgets():
        widget._render()  # noqa: SLF001 - pygame-menu's render-if-changed; its public render() always renders
    menu._render()  # noqa: SLF001 - likewise the form's, which its draw calls; no public one


class MenuFormScene(Scene):
    """A scene built around one pygame-menu form: Esc goes back, other events go to the form.

    pygame-menu builds a selector by stepping through its items up to the default, calling its
    onchange at each step: a form's callbacks look at ``building`` and act on nothing while the
    form is built inside ``building_form()`` (no saves, no sounds, no rebuild from inside a build)."""

    menu = None  # the pygame_menu.Menu, once built
    building = False
    form_drag: DragScroll | None = None  # a press on the form, that a finger may drag to scroll it
    panel: pygame.Rect  # the card the form is drawn on (its buttons under it), laid out by ``resize``
    scrolled_at_press: int | None = None  # how far the form was scrolled at the left button's press
    caret_drawn_at: float | None = None  # when the chosen field's caret was last drawn (``caret_clock``)
    message_room = 0  # the height the form leaves under it for the window's messages, as last built
    messages_scroll: tuple[int, int] | None = None  # the form's offset before messages came, and where they left it
    field_left: FormField | None = None  # the text field the last Esc let go of (``_field_let_go``)

    @contextmanager
    def building_form(self) -> Iterator[None]:
        self.building = True
        try:
            yield
        finally:
            self.building = False

    def refit_for_messages(self, rebuild: Callable[[], None]) -> None:
        """The form built again by ``rebuild`` for the window's messages now taking
        ``message_room`` under it, its rows where they stood: the same scroll offset, the foot
        alone cut while a message shows, scrolled just enough to keep the chosen row whole if it
        showed; and the offset it had before the messages came once they go, unless the player
        scrolled meanwhile.  The chosen row scrolled into view with its note, and left there,
        moved New game's Outside player field up 77 pixels at 1280x800, and it stopped 49 pixels
        above where it was when the message went."""
        form = self.form()
        offset = form.get_scrollarea().get_offsets()[1]
        chosen_shown = form.chosen_in_view()
        before, left_at = self.messages_scroll or (offset, offset)
        if offset != left_at:  # scrolled while a message showed: kept where the player put it
            before = offset
        rebuild()
        form = self.form()
        area = form.get_scrollarea()
        scroll_exactly(area, min(before, area.get_hidden_height()))
        if chosen_shown:
            form.show_chosen_row()
        self.messages_scroll = (before, area.get_offsets()[1]) if self.message_room else None

    def form_scale(self, size: tuple[int, int] | None = None) -> float:
        """The scale of the form's text in a window of ``size`` (the window's by default;
        ``scrolling_scale``): the form scrolls, so each Text size step shows there; at the window's
        scale, capped by the height's room, Larger drew Settings' and New game's forms as Large in
        a 1280x800 window.  The heading, the cards and the buttons under the form keep the window's."""
        return scrolling_scale(size or self.app.size, text_size_of(self.app))

    def come_back(self) -> None:
        """Back from help: the form is built again for the window, the line the keyboard was on
        still chosen and the form scrolled as it was (``keeping_focus``)."""
        with self.keeping_focus():
            self.app.switch(self)

    def back(self) -> None:
        """Leave the screen (subclasses say where to)."""

    def form_pointer_key(self) -> Hashable | None:
        """What the pointer lights on the form (``Scene.pointer_key``): the line pygame-menu chose
        under it (``mouse_motion_selection``) and its caret if it is a text field (``caret_shown``),
        then the rest of the form's look a motion changes
        (the buttons' lighting and the keyboard's ring on them, the scrollbars lit, how far the
        form is scrolled).  None (every motion drawn) while a press on the form may drag it."""
        if self.menu is None or (self.form_drag is not None and self.form_drag.pressed_at is not None):
            return None
        chosen = self.menu.get_selected_widget()
        area = self.menu.get_scrollarea()
        return ((chosen.get_id() if chosen is not None else None, chosen is not None and chosen.is_selected(),
                 caret_shown(chosen)),
                (lighting(self.form_buttons()), self.ringed_button(), scrollbars_lit(area), area.get_offsets()))

    def pointer_key(self) -> Hashable | None:
        """What the pointer lights here (``form_pointer_key``): every motion over Settings' and
        "Play from here"'s forms drew the whole window."""
        return self.form_pointer_key()

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The form's lines or its card (``form_pointed_areas``): the form's card is ``panel``."""
        return self.form_pointed_areas(before, after, self.panel)

    def form_pointed_areas(self, before: Hashable, after: Hashable, card: pygame.Rect) -> list[pygame.Rect] | None:
        """What a change of ``form_pointer_key`` draws: the two lines, the one the pointer left
        and the one it lit, each with its highlight, where the line chosen changed; the strips of
        the scrollbars where the pointer lit or left one (the form's card was drawn for it); the
        form's ``card`` where the buttons or scrolling changed too."""
        (buttons_before, ring_before, bars_before, scrolled_before) = before[1]
        (buttons_after, ring_after, bars_after, scrolled_after) = after[1]
        if (buttons_before, ring_before, scrolled_before) != (buttons_after, ring_after, scrolled_after):
            return [card.copy()]
        lines = [] if before[0] == after[0] else [key[0] for key in (before[0], after[0]) if key[0] is not None]
        areas = [self._line_area(line) for line in lines]
        if bars_before != bars_after:
            areas += scrollbar_strips(self.menu.get_scrollarea())
        return [card.copy()] if None in areas else areas

    def form_look(self, laid_out: bool = False) -> FormLook | None:
        """The form's look as a key or click may change it (``FormLook``), or None without a form;
        ``laid_out``: laid out first for what it holds now (pygame-menu places its widgets again
        when it renders: a selector's new word, wider, is centred again), else as last drawn."""
        menu = self.menu
        if menu is None:
            return None
        if laid_out:
            lay_out(menu)
        chosen = menu.get_selected_widget()
        wid = chosen.get_id() if chosen is not None else None
        area = menu.get_scrollarea()
        return FormLook(menu, wid, self._line_area(wid) if wid is not None else None,
                        {w.get_id(): tuple(w.get_rect()) for w in menu.get_widgets()},
                        (area.get_offsets(), area.get_hidden_height(), scrollbars_lit(area)),
                        (lighting(self.form_buttons()), self.ringed_button()))

    def form_took_areas(self, before: FormLook | None) -> list[pygame.Rect] | None:
        """What a key or click the form took changed since ``before`` (``form_look``), where it
        changed its chosen lines alone (a selector stepped, a switch turned, a letter typed, the
        keyboard onto the next line): the line chosen before as it was drawn and the lines chosen
        before and after as they are now, each with its highlight.  None where anything else
        changed: another form, its scrolling, any other widget's place, the buttons under it."""
        now = self.form_look(laid_out=True)
        if before is None or now is None or before.form is not now.form or before.places.keys() != now.places.keys():
            return None
        if (before.scrolling, before.buttons) != (now.scrolling, now.buttons):
            return None
        lines = {before.chosen, now.chosen} - {None}
        if any(place != now.places[wid] for wid, place in before.places.items() if wid not in lines):
            return None
        areas = [before.chosen_area, *(self._line_area(wid) for wid in sorted(lines))]
        return None if None in areas[1:] else [area for area in areas if area is not None]

    def _line_area(self, widget_id: str) -> pygame.Rect | None:
        """The line ``widget_id`` where it stands on screen with the highlight round it when
        chosen (``menu_theme``'s margins and border), inside the form; None when it is gone."""
        widget = self.menu.get_widget(widget_id)
        if widget is None:
            return None
        effect = widget.get_selection_effect()
        top, left, bottom, right = effect.get_margin() if effect is not None else (0, 0, 0, 0)
        rect = widget.get_rect(to_real_position=True)
        grown = pygame.Rect(rect.x - left - 4, rect.y - top - 4, rect.width + left + right + 8,
                            rect.height + top + bottom + 8)
        return grown.clip(self.menu.get_scrollarea().get_absolute_view_rect())

    def menu_event(self, event: pygame.event.Event) -> None:
        if self._field_let_go(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif self.menu is not None and not self._form_dragged(event):
            from ui.menu_text import field_events

            scrolled = self.menu.get_scrollarea().get_offsets()[1]
            field = self.menu.get_selected_widget() if event.type == pygame.TEXTINPUT else None
            before = field.get_value() if isinstance(field, pygame_menu.widgets.TextInput) else None
            self.menu.update(field_events(self.menu, space_on_switch_as_enter(self.menu, tab_as_arrow(event))))
            if before is not None:
                self._say_if_full(field, before)
            self._settle_form_scroll(event, scrolled)
            line = self.menu.get_selected_widget()
            mouse = event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            if mouse and line is not None and line.is_selected():  # the mouse chose a line: the keyboard goes on from there
                self._ring(None)

    def _field_let_go(self, event: pygame.event.Event) -> bool:
        """Esc while a text field is typed in (``caret_field``) lets go of it alone: its caret and
        highlight go, what it holds stays, and the next Esc leaves the screen, as the keys page
        says; any other key or typed text takes it up again and goes on to it (letters into it,
        an arrow to the next line).  One Esc left Settings or New game from Your name.  True: the
        event was the letting go."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            field = self.caret_field()
            if field is None:
                return False
            field.select(False)
            self.menu.force_surface_cache_update()
            self.field_left = field
            return True
        left = self.field_left
        if left is None or event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        self.field_left = None
        if left is self.menu.get_selected_widget() and not left.is_selected() and self.ringed_button() is None:
            left.select(True)
        return False

    def _say_if_full(self, field: pygame_menu.widgets.TextInput, before: str) -> None:
        """A character typed into ``field`` that it did not take, as it holds its most (pygame-menu's
        ``maxchar``: a name's ``NAME_LENGTH``): the window says why.  Settings' Your name stopped at
        24 characters and said nothing, the keys seeming lost."""
        most = getattr(field, "_maxchar", 0)  # noqa: SLF001 - pygame-menu offers no getter
        if most and len(before) >= most and field.get_value() == before:
            self.app.messages.add_instead(_("At most {n} characters here").format(n=most), "info", 4.0,
                                          topic=FULL_FIELD_TOPIC)

    def _form_dragged(self, event: pygame.event.Event) -> bool:
        """A press on a form longer than its room, dragged up or down, scrolls it (``DragScroll``):
        a finger has no wheel, and pygame-menu's scroll bar, a few pixels wide, is no place for a
        fingertip.  While it drags the form is given no motion (no line is chosen on the way), and
        its release presses nothing (a selector let go on did not step).  True: the event was the
        drag's; a press is always the form's too (a tap still works as a click)."""
        area = self.menu.get_scrollarea()
        drag = self.form_drag = self.form_drag or DragScroll()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            line = self.menu.get_selected_widget()
            busy = line is not None and line.active  # an open drop-down list scrolls itself
            view = area.get_absolute_view_rect() if area.get_hidden_height() and not busy else pygame.Rect(0, 0, 0, 0)
            drag.press(event.pos, view)
        elif event.type == pygame.MOUSEMOTION and drag.pressed_at is not None:
            moved = drag.pixels(event.pos, self.app.scale)
            if moved:  # the content follows the pointer to the pixel (``scroll_to`` missed by one or two)
                scroll_exactly(area, min(area.get_hidden_height(), max(0, area.get_offsets()[1] + moved)))
            return drag.dragging
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and drag.pressed_at is not None:
            dragged = drag.release()
            if dragged and hasattr(self.menu, "settle_scroll"):  # a ``make_menu`` form
                self.menu.settle_scroll(0)
            return dragged
        return False

    def _settle_form_scroll(self, event: pygame.event.Event, scrolled: int) -> None:
        """The form scrolled by the wheel, Page Up or Page Down or a click on its scrollbar's track
        (from ``scrolled`` pixels down), or by the scrollbar's slider dragged and let go: on to
        where no row is cut at its top (``settle_scroll``, ``settle_page``).  A click or a key
        that scrolled nothing moves nothing."""
        if not hasattr(self.menu, "settle_scroll"):
            return
        area = self.menu.get_scrollarea()
        now = area.get_offsets()[1]
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and now != scrolled:
            self.menu.settle_page(event.key == pygame.K_PAGEDOWN, scrolled)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 4, 5):
            # the left button on the scrollbar, beside the view (a line clicked scrolls itself into view)
            on_bar = any(strip.collidepoint(event.pos) for strip in scrollbar_strips(area))
            if now != scrolled and (event.button != 1 or on_bar):
                self.menu.settle_scroll(1 if now > scrolled else -1)
            self.scrolled_at_press = area.get_offsets()[1] if event.button == 1 and on_bar else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.scrolled_at_press is not None and now != self.scrolled_at_press:
                self.menu.settle_scroll(0)
            self.scrolled_at_press = None

    # -- the buttons under the form (Start, Back), in the keyboard's ring ----------------------------
    def form_buttons(self) -> list[Button]:
        """The buttons under the form, left to right (Start, Back), that the keyboard reaches past
        its last line; none by default."""
        return []

    def form_lines(self) -> list[pygame_menu.widgets.core.Widget]:
        """The form's lines the keyboard goes through, in order."""
        if self.menu is None:
            return []
        return [w for w in self.menu.get_widgets() if w.is_selectable and w.is_visible()]

    def ringed_button(self) -> Button | None:
        """The button under the form the keyboard is on, None while it is on the form's lines."""
        return next((button for button in self.form_buttons() if button.focused), None)

    def _ring(self, button: Button | None) -> None:
        """The keyboard on ``button`` (None: back on the form's lines), the others unringed."""
        for each in self.form_buttons():
            each.focused = each is button
        self._hide_chosen_line()

    def _hide_chosen_line(self) -> None:
        """The form's chosen line drawn unchosen while the keyboard is on a button under it:
        pygame-menu always keeps a line chosen (a form built again chooses one), and its highlight
        beside the button's ring said the keyboard was in two places."""
        line = self.menu.get_selected_widget() if self.menu is not None else None
        if self.ringed_button() is not None and line is not None and line.is_selected():
            line.select(False)
            self.menu.force_surface_cache_update()

    def form_buttons_key(self, event: pygame.event.Event) -> bool:
        """The keys that go round the form and its buttons as one ring: Tab or Down past the form's
        last line rings the first button (Start), Shift+Tab or Up before its first line the last
        (Back); on the buttons, Left and Right go along them, Enter or Space presses the one
        ringed, and Tab, Shift+Tab, Up and Down go on round to the form's lines.  Any other key
        takes the ring back to the last line and on to the form; Esc only that, as in a game (it
        left the screen with Start ringed), the next Esc leaving.  Only Esc reached Back and
        Start on New game and Play from here, and Down went round from the last line to the
        first, past them.  Whether the key was taken."""
        buttons = [button for button in self.form_buttons() if button.visible and button.enabled]
        lines = self.form_lines()
        if event.type != pygame.KEYDOWN or not buttons or not lines:
            return False
        back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT))
        onward = event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN)
        here = self.ringed_button()
        if here is None:
            if onward and self.menu.get_selected_widget() is lines[0 if back else -1]:
                self._ring(buttons[-1 if back else 0])
                return True
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            here.action()
            return True
        at = buttons.index(here) if here in buttons else 0
        along = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
        if along:
            self._ring(buttons[min(max(at + along, 0), len(buttons) - 1)])  # the row's ends stop the arrows
            return True
        step = -1 if back else 1
        if event.key == pygame.K_TAB and 0 <= at + step < len(buttons):
            self._ring(buttons[at + step])
            return True
        self._ring(None)
        first = onward and not back
        self.menu.select_widget(lines[0 if first else -1])
        if first:  # round to the top: the form's heading too (the game's name on New game)
            self.menu.get_scrollarea().scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, 0)
        self.menu.scroll_to_widget(self.menu.get_selected_widget())
        return onward or event.key == pygame.K_ESCAPE

    def draw_form(self, surface: pygame.Surface) -> None:
        """The form, as the keyboard's place has it (``_hide_chosen_line``: also after a rebuild),
        the caret of the field it types into as the clock has it (``caret_field``)."""
        if self.menu is not None:
            self._hide_chosen_line()
            self._blink_caret(surface)
            lay_out(self.menu)
            self.menu.draw(surface)

    def _blink_caret(self, surface: pygame.Surface) -> None:
        """The caret of the field the keyboard types into (``caret_field``) as the clock has it
        now, where this drawing reaches the field's whole line (a frame of other lines alone
        leaves the caret as last shown, and its next turn timed from then)."""
        field = self.caret_field()
        line = self._line_area(field.get_id()) if field is not None else None
        if line is not None and surface.get_clip().contains(line):
            self.caret_drawn_at = caret_clock()
            field.blink(self.caret_drawn_at)

    def caret_field(self) -> FormField | None:
        """The text field the keyboard types into, whose caret blinks: the form's chosen line
        when it is a field, shown chosen (not while the keyboard is on a button under the form)."""
        line = self.menu.get_selected_widget() if self.menu is not None else None
        if isinstance(line, FormField) and line.is_selected() and line.is_visible() and not line.readonly:
            return line
        return None

    def redraw_interval(self) -> float | None:
        """While a field has the keyboard (``caret_field``), the time from its caret's last
        drawing to its next turn (``CARET_SLACK`` after it): the window wakes to draw each turn
        and no more; None without one, the window asleep.  The caret turned only as events came
        (pygame-menu's blink): with the pointer still and no key pressed it stood as it was.
        None too while the window is away (``ui.text_field.Carets``): the caret is hidden then."""
        field = self.caret_field()
        if field is None or Carets.away:
            return None
        if self.caret_drawn_at is None:
            return 0.0
        return field.caret_turns_in(self.caret_drawn_at) + CARET_SLACK

    def ticking_area(self) -> pygame.Rect | None:
        """The line of the field whose caret blinks (``caret_field``), the only part of the screen
        a turn of the caret changes; None (the whole) without one."""
        field = self.caret_field()
        return None if field is None else self._line_area(field.get_id())


def space_on_switch_as_enter(menu: pygame_menu.Menu, event: pygame.event.Event) -> pygame.event.Event:
    """Space on a switch as Enter, which flips it: pygame-menu's switches ignore Space, which
    flips a switch or presses a button everywhere else.  Other events are unchanged (a text
    field still takes its space)."""
    if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or event.key != pygame.K_SPACE:
        return event
    if not isinstance(menu.get_selected_widget(), pygame_menu.widgets.ToggleSwitch):
        return event
    return pygame.event.Event(event.type, {**event.dict, "key": pygame.K_RETURN, "unicode": "\r"})


def tab_as_arrow(event: pygame.event.Event) -> pygame.event.Event:
    """Tab as Down and Shift+Tab as Up, the keys that go through a pygame-menu form: pygame-menu
    ignores Tab, so on New game, Play from here and Settings it did nothing, while the main menu
    and the tournament's screen go on to their next control with it.  Other events are unchanged."""
    if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or event.key != pygame.K_TAB:
        return event
    arrow = pygame.K_UP if event.mod & pygame.KMOD_SHIFT else pygame.K_DOWN
    return pygame.event.Event(event.type, {**event.dict, "key": arrow, "mod": event.mod & ~pygame.KMOD_SHIFT,
                                           "unicode": ""})
