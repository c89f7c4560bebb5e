"""The settings screen: language, theme, text size, your name, legal-move dots, the board facing
you, the computer's evaluation shown or kept to itself, animation speed, default time per move,
Trax's notation, full screen, sound and volume; forgetting the remembered outside players and
your results (pressed twice).

Every change is applied and saved at once (ui/settings.py writes JSON atomically)."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_menu

from ui import outside_players
from ui import settings as settings_file
from ui import text as tx
from ui.i18n import LANGUAGES, _, ngettext, number_text
from ui.names import NAME_LENGTH, clean_name
from ui.press_again import PressAgain
from ui.scenes.base import CLICKING_BUTTONS, FormLook, MenuFormScene, top_of
from ui.scenes.common import (
    add_selector,
    add_text_input,
    add_toggle_switch,
    add_wrapped_label,
    backdrop,
    chosen_index,
    form_over_buttons,
    heading,
    make_menu,
    percent_label,
    rendering_held,
    scroll_exactly,
    time_choices,
    time_per_move_title,
    with_kept,
)
from ui.scenes.form_columns import align_in_columns
from ui.settings import (
    ANIMATION_CHOICES,
    TEXT_SIZE_CHOICES,
    TRAX_NOTATION_CHOICES,
    TRAX_NOTATIONS,
)
from ui.sound import SOUNDS
from ui.tally import TALLY
from ui.theme import THEMES, Color
from ui.widgets import Button, card, mix

WHOLE_WINDOW = ("theme", "language", "text_size", "fullscreen")  # settings that change more than the form
CLICKS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)  # the pointer's presses (a tap comes as one: ``ui.app``)
SOUND_OFF_TOPIC = "volume-unheard"  # the message that the volume chosen is not heard while Sound is off


class SettingsScene(MenuFormScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.menu = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.forgetting: str | None = None  # the forget line pressed once ("forget_results", "outside_players"): its second press forgets
        self.forget_asked = PressAgain()  # when it was: a double-click's second press is no answer
        self.back_button = Button(_("Back"), self.back, "Esc")  # framed, under the form, as on New game
        self.typed_name: str | None = None  # the name field's text as typed, kept when the form is built again
        self.form_took: pygame.event.Event | None = None  # the last key or click the form took, changing it alone
        self.look_before: FormLook | None = None  # the form's look before that key or click (``input_area``)
        self.message_room = 0  # the height kept under the form for the window's messages (``update``)
        self.clicked: tuple[str, int] | None = None  # the line a click given to the form now is on (``_rebuild``)

    def _type_name(self, text: str) -> None:
        """The name as typed is kept for the field (a trailing space before the next word); the
        cleaned name is the setting.  Rebuilt after a theme or language change, the field showed
        the cleaned name, and "Ana " then "Bia" became "AnaBia"."""
        self.typed_name = text
        self._set("player_name", clean_name(text))

    def _name_in_field(self) -> str:
        """What the name field holds as the form is built: the text typed, while it is the setting's
        name as typed; else the setting (changed elsewhere)."""
        typed = self.typed_name
        return typed if typed is not None and clean_name(typed) == self.app.settings.player_name else self.app.settings.player_name

    def _set(self, name: str, value) -> None:
        if self.building or getattr(self.app.settings, name) == value:
            return  # a selector stepping to its default while the form is built (MenuFormScene)
        setattr(self.app.settings, name, value)
        if name in WHOLE_WINDOW:
            self.form_took = None  # the whole window in other colours, words or size
        if name == "move_time":
            self.app.take_default_time(value)
        self.app.apply_settings()
        if name in ("theme", "language", "text_size") or getattr(self.app.settings, name) != value:
            self._rebuild()  # in the new colours, words or size; or a switch the window put back (full screen refused)
        if name in ("sound", "volume"):
            SOUNDS.play("place")  # let the player hear the new volume
        if name == "volume":
            self._say_if_unheard()

    def _say_if_unheard(self) -> None:
        """A volume chosen while Sound is off: nothing was heard and nothing said why (the switch
        above it out of view at 800x600).  Once while it shows: each step renews its time.  Not
        without a sound device, which the note under Sound says already."""
        if self.app.settings.sound or SOUNDS.available is False:
            return
        said = _("Sound is off: turn Sound on to hear the volume")
        if not self.app.messages.renewed(said, SOUND_OFF_TOPIC):
            self.app.messages.add(said, topic=SOUND_OFF_TOPIC)

    def _say_if_silent(self, menu: pygame_menu.Menu, scale: float) -> None:
        """Under the Sound switch, when this machine has no sound device: the switch said On and
        the volume stepped, and nothing was ever heard, with no word why (only the log said it)."""
        if SOUNDS.available is False:
            add_wrapped_label(menu, _("No sound device was found: the games play silently"), label_id="no_sound",
                              font_size=tx.small(14, scale), font_color=self.app.theme.muted)

    def _say_what_notation_names(self, menu: pygame_menu.Menu, scale: float) -> None:
        """Under the Trax notation: what each choice names, and that the letters round the board
        follow it (a beginner read a move of the list off the board's own letters, another square)."""
        add_wrapped_label(menu, _("Official counts the spaces from the tiles (B2+), as the letters round the board "
                                  "then do; Tabuleiro names the board's own cells (e5+)"),
                          label_id="trax_notation_note", font_size=tx.small(14, scale),
                          font_color=self.app.theme.muted)

    def _forget_outside(self) -> None:
        """The outside players the player added (their programs and engines, set up on the
        tournament screen) are forgotten on the second press, as the results are: one click lost
        them all.  Their files are not touched."""
        self._press_to_forget("outside_players", self._forget_every_outside_player)

    def _forget_every_outside_player(self) -> None:
        outside_players.forget(self.app, list(self.app.settings.outside_players))

    def _forget_results(self) -> None:
        """Your results against the computer (ui.tally) are forgotten on the second press."""
        self._press_to_forget("forget_results", self._forget_every_result)

    def _forget_every_result(self) -> None:
        problem = TALLY.clear()
        if problem:
            self.app.messages.add(problem, "error")

    def _press_to_forget(self, line_id: str, forget: Callable[[], None]) -> None:
        """The first press on the forget line ``line_id`` asks "Press again to forget"; the second
        forgets (``forget``), not a double-click's (``ui.app.DOUBLE_CLICK`` after the first): a
        double-click forgot at once, before the question could be read (``ui.press_again``).  The
        question is withdrawn once the keyboard or pointer leaves the line (``_drop_forget_question``)."""
        if self.forgetting != line_id:
            self.forgetting = line_id
            self.forget_asked.ask(line_id)
        elif self.forget_asked.is_double_click(line_id):
            return  # the question stands
        else:
            self.forgetting = None
            self.forget_asked.forget()
            forget()
        self._rebuild()  # Enter again, on the same button, forgets

    def _rebuild(self) -> None:
        """The form built again (the focus where it was).  One built for a click (a language, a
        theme, a text size chosen with the pointer) keeps the line clicked where it stood in the
        window as it was clicked (``clicked``): with the line in view in part, the form built again
        scrolled it whole into view, the rows moved down under the pointer by as much, and a quick
        second click at the same place after a change of language missed the language."""
        clicked = self.clicked
        with self.keeping_focus():
            self.resize(self.app.size)
        if clicked is not None:
            self._keep_in_place(*clicked)

    def _line_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The id of the form's line shown at ``pos`` and where its top stands in the window; None
        where no line with an id is."""
        if self.menu is None or not self.menu.get_scrollarea().get_view_rect().collidepoint(pos):
            return None
        for line in self.menu.get_widgets():
            if line.is_visible() and line.get_id() and line.get_rect(to_real_position=True).collidepoint(pos):
                return line.get_id(), _top_in_window(line)
        return None

    def _keep_in_place(self, line_id: str, top: int) -> None:
        """The new form scrolled so that its line ``line_id`` has its top at ``top`` in the window
        again, as near as the form's ends allow."""
        try:
            line = self.menu.get_widget(line_id)
        except (ValueError, KeyError):
            line = None
        area = self.menu.get_scrollarea()
        hidden = area.get_hidden_height()
        if line is None or not hidden:
            return
        scroll_exactly(area, max(0, min(hidden, area.get_offsets()[1] + _top_in_window(line) - top)))

    def keys_section(self) -> str | None:
        """F1 here: the keys page at its top, "Everywhere": how a form is gone through, and F11."""
        return "Everywhere"

    def caption(self) -> str:
        return _("Settings")

    @staticmethod
    def saving_note() -> str:
        """Under the title: the settings are saved as they change, or, when the last save failed
        (a read-only folder, a full disk), that the changes will not outlast this session."""
        if settings_file.save_problem() is None:
            return _("Saved automatically")
        return _("Could not be saved: the changes last only until Tabuleiro is closed")

    def back(self) -> None:
        self.app.show_menu()

    def resize(self, size: tuple[int, int]) -> None:
        with self.building_form():
            self._build(size)

    def _build(self, size: tuple[int, int]) -> None:
        """The form, at the Text size in full (``form_scale``): its card as wide as its text needs,
        the heading above it and Back under it at the window's scale, as on the other screens.  The
        card takes the window's height, as New game's and the rules' do: held to 660 pixels at the
        form's scale, it filled half a window dragged tall (1000x1000) and scrolled its last lines
        out of sight over the empty half."""
        window, s = self.app.scale_at(size), self.form_scale(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - int(80 * window), int(640 * s)), h - int(160 * window))
        self.panel.midtop = (w // 2, int(120 * window))
        st = self.app.settings
        self.back_button.label = _("Back")  # in a language just chosen
        form = form_over_buttons(self.panel, window, self.back_button)
        form.height -= min(self.message_room, form.height // 2)  # a message of many lines leaves the form half
        menu = make_menu(self.app.theme, s, form, 20, center=False)  # from the top, as New game (mid-card in a tall window)
        with rendering_held(menu):
            # first, in view in any window, for one who cannot read the language shown (each
            # language is named in its own words)
            codes = [code for code, _name in LANGUAGES]
            add_selector(menu, s, _("Language") + ": ", [(name, code) for code, name in LANGUAGES],
                         default=codes.index(st.language) if st.language in codes else 0,
                         selector_id="language", onchange=lambda _sel, v: self._set("language", v))
            themes = [(_(theme.title), name) for name, theme in THEMES.items()]
            add_selector(menu, s, _("Theme") + ": ", themes, default=[n for _, n in themes].index(st.theme),
                         selector_id="theme", onchange=lambda _sel, v: self._set("theme", v))
            sizes = with_kept([(_(label), v) for label, v in TEXT_SIZE_CHOICES], st.text_size, percent_label)
            add_selector(menu, s, _("Text size") + ": ", sizes, default=chosen_index(sizes, st.text_size), selector_id="text_size", say_ends=self.app.messages.refuse,
                         onchange=lambda _sel, v: self._set("text_size", v))
            add_text_input(menu, _("Your name") + ": ", default=self._name_in_field(), textinput_id="player_name",
                           maxchar=NAME_LENGTH, input_underline="_", onchange=self._type_name)
            add_toggle_switch(menu, self.app.theme, s, _("Show legal moves") + ": ", st.show_legal, "show_legal",
                              lambda v: self._set("show_legal", v))
            add_toggle_switch(menu, self.app.theme, s, _("Board faces me") + ": ", st.face_me, "face_me",
                              lambda v: self._set("face_me", v))
            add_toggle_switch(menu, self.app.theme, s, _("Computer's evaluation") + ": ", st.show_evaluations,
                              "show_evaluations", lambda v: self._set("show_evaluations", v))
            anim = with_kept([(_(label), v) for label, v in ANIMATION_CHOICES], st.animation_speed, _speed_label)
            add_selector(menu, s, _("Animations") + ": ", anim, default=chosen_index(anim, st.animation_speed), selector_id="animation", say_ends=self.app.messages.refuse,
                         onchange=lambda _sel, v: self._set("animation_speed", v))
            times = time_choices(st.move_time)
            add_selector(menu, s, time_per_move_title(), times, default=chosen_index(times, st.move_time), selector_id="move_time", say_ends=self.app.messages.refuse,
                         onchange=lambda _sel, v: self._set("move_time", v))
            notations = [(_(label), v) for label, v in TRAX_NOTATION_CHOICES]
            add_selector(menu, s, _("Trax notation") + ": ", notations,
                         default=TRAX_NOTATIONS.index(st.trax_notation) if st.trax_notation in TRAX_NOTATIONS else 0,
                         selector_id="trax_notation", onchange=lambda _sel, v: self._set("trax_notation", v))
            self._say_what_notation_names(menu, s)
            add_toggle_switch(menu, self.app.theme, s, _("Full screen (F11)") + ": ", st.fullscreen, "fullscreen",
                              lambda v: self._set("fullscreen", v))
            add_toggle_switch(menu, self.app.theme, s, _("Sound") + ": ", st.sound, "sound",
                              lambda v: self._set("sound", v))
            self._say_if_silent(menu, s)
            volumes = with_kept([(percent_label(v / 100), v / 100) for v in range(0, 101, 10)], st.volume, percent_label)
            add_selector(menu, s, _("Volume") + ": ", volumes, default=chosen_index(volumes, st.volume), selector_id="volume", say_ends=self.app.messages.refuse,
                         onchange=lambda _sel, v: self._set("volume", v))
            added = len(st.outside_players)
            if added:  # added on the tournament screen; remembered here until forgotten
                label = (ngettext("Press again to forget {n} outside player", "Press again to forget {n} outside players", added)
                         if self.forgetting == "outside_players"
                         else ngettext("Forget {n} outside player", "Forget {n} outside players", added)).format(n=added)
                menu.add.button(label, self._forget_outside, button_id="outside_players")
            counted = TALLY.games()
            if counted:  # your results against the computer, shown on the New game screen
                label = (ngettext("Press again to forget {n} game", "Press again to forget {n} games", counted)
                         if self.forgetting == "forget_results"
                         else ngettext("Forget my results ({n} game)", "Forget my results ({n} games)", counted)).format(n=counted)
                menu.add.button(label, self._forget_results, button_id="forget_results")
            align_in_columns(menu, s)
        self.menu = menu

    def update(self, dt: float) -> None:
        """While the window's messages show, the form ends their height higher (``message_room``),
        so they stand between it and Back over nothing, as on New game: at 800x560 "At most 24
        characters here" covered the Full screen (F11) line.  The form is built again when that
        height changes (a message came or went), its rows kept where they stood
        (``refit_for_messages``)."""
        room = self.app.messages.height(self.app.scale, self.app.messages_width())
        if self.menu is None or room == self.message_room:
            return
        self.message_room = room
        self.refit_for_messages(self._rebuild)
        self.invalidate(self.panel)

    def messages_above(self) -> int | None:
        return top_of(self.back_button.rect)

    def messages_ground(self) -> Color | None:
        """The form's card, which the messages stand on, above Back."""
        return self.app.theme.panel

    def form_buttons(self) -> list[Button]:
        return [self.back_button]

    def handle_event(self, event: pygame.event.Event) -> None:
        """The event to Back, the keyboard's ring or the form; the form's look before a key or
        click, for ``input_area`` (before a press, as the pointer's move there, given first by
        ``pointer_there_first``, found it: the line that move chose is drawn too)."""
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button in CLICKING_BUTTONS):
            self.look_before = self.form_look()
        self.form_took = None
        if self.back_button.handle(event):
            return
        self.form_took = event
        pos = getattr(event, "pos", None)
        self.clicked = self._line_at(pos) if event.type in CLICKS and pos is not None else None
        try:
            if not self.form_buttons_key(event):
                self.form_took = self._choice_stepped(event)
                self.menu_event(self.form_took)
        finally:
            self.clicked = None
        self._drop_forget_question()

    def _choice_stepped(self, event: pygame.event.Event) -> pygame.event.Event:
        """Enter or Space on a choice (Theme, Time per move, Volume…) as Right: its next value, as
        they flip a switch and as Saved games' game chooser takes them; on a choice they did
        nothing and said nothing.  Any other event as it is."""
        line = self.menu.get_selected_widget() if self.menu is not None else None
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                and isinstance(line, pygame_menu.widgets.Selector)):
            return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=event.mod, unicode="",
                                      scancode=0)
        return event

    def _drop_forget_question(self) -> None:
        """"Press again to forget" withdrawn once the keyboard or the pointer has gone on to another
        line or to Back, as a row's Delete question in Saved games is once another row is chosen:
        it stood armed, and a press on the line later, the question long out of mind, forgot every
        result (or outside player) at once.  The form's card is drawn whole: a pointer's motion draws the lines it
        lit and left as they are now, and the edges of the question's wider ring stayed."""
        if not self.forgetting or self.menu is None:
            return
        line = self.menu.get_selected_widget()
        if line is not None and line.get_id() == self.forgetting and self.ringed_button() is None:
            return
        self.forgetting = None
        self.forget_asked.forget()
        self._rebuild()
        self.invalidate(self.panel)

    def input_area(self, event: pygame.event.Event) -> pygame.Rect | list[pygame.Rect] | None:
        """For a key or click the form or Back took: the lines it chose or changed alone where
        nothing else on the form moved (``form_took_areas``: a selector's step, a switch turned, a
        letter of the name, the keyboard onto the next line), else the form's card; everything
        else on the screen stays as it was (the whole window was drawn for each, then the card).
        None (the whole) for a theme, language, text size or full screen chosen, and for Back
        pressed (leaving the screen, or a message said, makes the frame whole anyway)."""
        if event is not self.form_took:
            return None
        return self.form_took_areas(self.look_before) or self.panel.copy()

    def draw(self, surface: pygame.Surface) -> None:
        theme, s = self.app.theme, self.app.scale
        backdrop(surface, theme, s)
        heading(surface, theme, s, _("Settings"), self.saving_note())
        card(surface, self.panel, theme.panel, int(16 * s), mix(theme.panel, theme.text, 0.12), shadow=True)
        self.draw_form(surface)
        self.back_button.draw(surface, theme, s)


def _speed_label(speed: float) -> str:
    """An animation speed none of the named ones (a hand-edited file's 3), as the selector shows it."""
    return _("{n}× speed").format(n=number_text(speed, "g"))


def _top_in_window(line: pygame_menu.widgets.Widget) -> int:
    """Where the top of a form's ``line`` stands in the window as the form is scrolled now, the
    part scrolled out of view counted."""
    return line.get_rect(to_real_position=True, real_position_visible=False).top
