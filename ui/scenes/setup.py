"""Choosing what to play: the game (cards with pictures), its options, the mode, the players,
time per move and sides.  Watch is the same screen preset to PC vs PC.

Option widgets are built from ``GameInfo.options`` (bool -> toggle, choices or int range ->
selector, long int ranges -> slider), so a game's new option needs no code here.

A pasted position (``start``, a ``GameRecord`` of no moves from ``games.position_text``) makes
the game start there: the form shows the position, its board's shape (which the position fixes)
and its rule options, which can be changed here as for a usual start (the game reads the
position again under them: ``games.position_text.with_rules``), and "Usual start" drops it.  Ctrl+V here pastes as on the main menu; "Set up a position" (and
"Edit the position") opens the position editor (ui/scenes/position_editor.py).

The computer-player selectors offer our players, then the remembered outside players that fit
the game and its options (``settings.outside_players``).  Which fit is found in a background
thread (``ui.outside_players.OFFERS``, cached per game and options); the menu is rebuilt when
the answers arrive, keeping what the form shows and holds (the choices, the focus, the
text being typed, the scroll position), and a chosen outside player not offered is said so.  A
file or ``gtp:`` command typed in the "Outside player" field is checked the same way and, if it
plays this game, remembered.
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pygame_menu

import ai
import games
from games.position_text import rule_options, with_rules
from games.record import GameRecord
from games.record_parts import RecordError
from ui import clipboard, outside_players, words
from ui import text as tx
from ui.clocks import CLOCK_CHOICES, choice_label
from ui.export import board_view
from ui.i18n import Phrase, _
from ui.match import HOTSEAT, HUMAN_VS_PC, MODES, PC_VS_PC, MatchSetup
from ui.names import clean_name
from ui.paste import paste_game
from ui.scenes.base import KEY_EVENTS, MenuFormScene, top_of
from ui.scenes.cards import GameCards
from ui.scenes.common import (
    StartRefusal,
    add_name_fields,
    add_option_input,
    add_selector,
    add_text_input,
    add_wrapped_label,
    backdrop,
    board_picture,
    chosen_index,
    counts_said,
    empty_names_note,
    follow_options,
    form_over_buttons,
    heading,
    make_menu,
    notes_joined,
    options_refusal,
    rendering_held,
    time_choices,
    time_per_move_title,
)
from ui.settings import TIME_CHOICES
from ui.tally import TALLY, board_words, other_boards_line, results_line
from ui.theme import Color
from ui.widgets import Button, card, mix

RANDOM_SIDE = 2
FORM_WIDTH_USED = 0.96
"""The share of the form's column its widest line may take as the Text size grows it: the
widths are measured at another size, and text does not grow quite in proportion."""
START_PICTURE = 200  # a pasted position's picture's side at scale 1, made smaller to leave the first choice in view
LOADING_TOPIC = "loading a player"  # the "Loading mybot.py…" message, withdrawn as the load ends
NO_FIELD_TOPIC = "typed with no field"  # "Click a field first, then type": one message however many letters


@dataclass
class SetupChoices:
    """The screen's current choices; kept on the App so they survive a visit to the game."""

    game_id: str = "tictactoe"
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # per game
    mode: str = HUMAN_VS_PC
    # per game: the side the person takes in Human vs PC (0, 1 or RANDOM_SIDE; ``human_side``)
    human_sides: dict[str, int] = field(default_factory=dict)
    computer: dict[str, str] = field(default_factory=dict)  # per game: the opponent in Human vs PC
    watch_players: dict[str, tuple[str, str]] = field(default_factory=dict)  # per game, PC vs PC
    move_time: float | None = None
    clock: str | None = None  # a game clock for both sides (ui.clocks.CLOCK_CHOICES); None: none
    names: list[str] = field(default_factory=lambda: ["", ""])  # the Hot-seat players' names, per side
    # the last watched game's speed (an index of ``ui.scenes.game_computer.SPEEDS``) and analysis
    # (on or off): the next watched game begins with them (``ui.scenes.game_computer.watch_speed``)
    watch_speed: int = 1
    watch_analysis: bool = False

    @property
    def human_side(self) -> int:
        """The side the person takes in Human vs PC in the game chosen (0, 1 or RANDOM_SIDE): that
        game's own last choice, else the first side, as the game's options and computer are kept
        per game.  One side index for every game carried Rastros' North over to Reversi as White:
        a side's number means another side in another game."""
        return self.human_sides.get(self.game_id, 0)

    @human_side.setter
    def human_side(self, side: int) -> None:
        self.human_sides[self.game_id] = side

    def to_dict(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "options": self.options, "mode": self.mode, "human_sides": self.human_sides,
                "computer": self.computer, "watch_players": {k: list(v) for k, v in self.watch_players.items()},
                "move_time": self.move_time, "clock": self.clock, "names": list(self.names),
                "watch_speed": self.watch_speed, "watch_analysis": self.watch_analysis}

    def take(self, setup: MatchSetup) -> None:
        """The choices of the game ``setup`` describes (its game, options, mode, side, players, time,
        clock, friends' names), for the New game screen a game's own New game opens: the game's
        settings filled in, to change one or start again as they are.  A side drawn at random stays
        Random (the game's side was one draw of that choice)."""
        game = setup.game_id
        self.game_id, self.move_time, self.clock = game, setup.move_time, setup.clock
        self.options[game] = dict(setup.options)
        if setup.mode == PC_VS_PC:
            self.watch_players[game] = (setup.players[0] or "", setup.players[1] or "")
            return
        self.mode = setup.mode
        human = setup.human_side()
        if human is None:  # Hot-seat: the friends' names, each on the side they played
            self.names = list(setup.names)
            return
        self.computer[game] = setup.players[1 - human] or ""
        if self.human_side != RANDOM_SIDE:
            self.human_side = human

    @classmethod
    def from_dict(cls, data: Any) -> SetupChoices:
        """The choices saved in the settings; anything malformed is left at its default (the screen
        checks every value against the game and players it offers anyway)."""
        choices = cls()
        if not isinstance(data, dict):
            return choices
        if isinstance(data.get("game_id"), str):
            choices.game_id = data["game_id"]
        if isinstance(data.get("options"), dict):
            choices.options = {g: dict(o) for g, o in data["options"].items() if isinstance(o, dict)}
        if data.get("mode") in (HUMAN_VS_PC, HOTSEAT, PC_VS_PC):
            choices.mode = data["mode"]
        if isinstance(data.get("human_sides"), dict):
            choices.human_sides = {g: side for g, side in data["human_sides"].items()
                                   if side in (0, 1, RANDOM_SIDE) and not isinstance(side, bool)}
        if data.get("human_side") in (0, 1, RANDOM_SIDE) and not isinstance(data["human_side"], bool) \
                and choices.game_id not in choices.human_sides:  # an older file's one side: its last game's
            choices.human_side = data["human_side"]
        if isinstance(data.get("computer"), dict):
            choices.computer = {g: p for g, p in data["computer"].items() if isinstance(p, str)}
        if isinstance(data.get("watch_players"), dict):
            choices.watch_players = {g: (p[0], p[1]) for g, p in data["watch_players"].items()
                                     if isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)}
        if isinstance(data.get("move_time"), (int, float)) and data["move_time"] in TIME_CHOICES:
            choices.move_time = float(data["move_time"])
        if data.get("clock") in CLOCK_CHOICES:
            choices.clock = data.get("clock")
        if isinstance(data.get("names"), list) and len(data["names"]) == 2:
            choices.names = [clean_name(name) for name in data["names"]]
        if isinstance(data.get("watch_speed"), int) and not isinstance(data["watch_speed"], bool):
            choices.watch_speed = data["watch_speed"]  # checked against the speeds where it is used
        if isinstance(data.get("watch_analysis"), bool):
            choices.watch_analysis = data["watch_analysis"]
        return choices


def _is_usual_start(record: GameRecord) -> bool:
    """True if ``record`` starts from its game's usual first position (its options' own)."""
    game = record.game()
    return record.first_state(game).key() == game.initial_state().key()


class SetupScene(MenuFormScene):
    def __init__(self, app, watch: bool = False, game_id: str | None = None, start: GameRecord | None = None,
                 on_back: Callable[[], None] | None = None,
                 on_start: Callable[[MatchSetup], None] | None = None) -> None:
        """``on_back``: where Back and Esc go (None: the main menu; a game's New game: back to that
        game, as it was left); ``on_start``: what Start does with the game chosen (None:
        ``App.start_game``; a game's New game: the friends' session may go on in it)."""
        super().__init__(app)
        self.form_s = app.scale  # the form's scale, as last built (``_fitting_form_scale``)
        self.picture_cut = 0  # pixels taken off a pasted position's picture's side (``_picture_cut``)
        self.watch = watch
        self.on_back, self.on_start = on_back, on_start
        self.start_record = start  # a pasted position to start from (its game and options), or None
        game_id = start.game_id if start is not None else game_id
        self.choices: SetupChoices = app.last_setup_choices()  # also from the last session
        infos = games.catalog()
        ids = [i.id for i in infos]
        if game_id in ids:
            self.choices.game_id = game_id
        if self.choices.game_id not in ids:
            self.choices.game_id = ids[0]
        if watch:
            self.mode = PC_VS_PC
        else:
            self.mode = self.choices.mode if self.choices.mode != PC_VS_PC else HUMAN_VS_PC
        if self.choices.move_time is None:
            self.choices.move_time = app.settings.move_time
        self.cards = GameCards(infos, columns=(2, 3) if len(infos) > 3 else len(infos), options=self._card_options)
        self.cards.selected = self.choices.game_id
        self.cards_area = pygame.Rect(0, 0, 0, 0)  # the room given to the cards (they take its left part), set by layout()
        self.panel = pygame.Rect(0, 0, 0, 0)  # the form's card, right of the cards, set by layout()
        self.message_room = 0  # the height kept under the form for the window's messages (_message_room)
        self.menu: pygame_menu.Menu | None = None
        self.outside_shown: list[tuple[str, str]] = []  # the outside players in the selectors now
        self.offers_version = -1
        self.unoffered_said: set[tuple[str, str]] = set()  # (game, outside player) said not to be offered
        self.rebuild_wanted = False
        self.form_took: pygame.event.Event | None = None  # the last key or click the form (or Start and Back) took
        self.card_relit = False  # the last motion lit or left a game's card (``input_area``)
        # greyed while the options make no game, a click (or Enter) saying why (``start_refusal``)
        self.start_button = Button(_("Start game"), self.start, "Enter", primary=True, refused=self.start)
        self.start_refusal = StartRefusal()  # why Start is greyed, just above it (``_refusal_room``)
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.entry = ""  # the "Outside player" field
        self.adding: threading.Thread | None = None
        self.adding_name = ""  # the entry the adding thread loads
        self.added: list[tuple[str, Any]] = []  # answers of the adding thread, picked up in update()

    # -- the choices ------------------------------------------------------------------------
    @property
    def info(self) -> games.GameInfo:
        return games.info(self.choices.game_id)

    def _options(self) -> dict[str, Any]:
        if self.start_record is not None:
            return dict(self.start_record.options)  # the position's: not the remembered choices
        opts = self.choices.options.setdefault(self.info.id, {})
        known = {opt.name for opt in self.info.options}
        for name in [n for n in opts if n not in known]:  # from an older version's settings
            del opts[name]
        for opt in self.info.options:
            opts.setdefault(opt.name, opt.default)
        return opts

    def _card_options(self, game_id: str) -> dict[str, Any]:
        """The options a game's card pictures: the form's for the game chosen (a pasted
        position's), the last chosen for the others (``SetupChoices.options``)."""
        if game_id == self.info.id:
            return self._options()
        return self.choices.options.get(game_id, {})

    def _players(self) -> list[ai.PlayerInfo]:
        return ai.catalog(self.info.id)

    def _outside(self) -> list[tuple[str, str]]:
        """(id, title) of the remembered outside players known to fit this game and its options,
        told apart as the tournament's tables tell them (``display_names``): two functions of
        meu.py, both "meu" by the tables' rule, are "meu (meu.py:aleatorio)" and "meu (meu.py:guloso)"."""
        from ai.player_names import display_names

        found = outside_players.OFFERS.players(self.info.id, self._options(),
                                               outside_players.remembered(self.app, self.info.id))
        names = display_names([pid for pid, _title in found], dict(found))
        return [(pid, names[pid]) for pid, _title in found]

    def _items(self) -> list[tuple[str, str]]:
        """(title, id) of every computer player offered: ours, then the outside ones that fit."""
        return ([(words.player_title(p.title), p.id) for p in self._players()]
                + [(title, pid) for pid, title in self.outside_shown])

    def _computer(self) -> str:
        ids = [pid for _title, pid in self._items()]
        pid = self.choices.computer.get(self.info.id, "level-3")
        return pid if pid in ids else ids[min(2, len(ids) - 1)]

    def _watch_players(self) -> tuple[str, str]:
        ids = [pid for _title, pid in self._items()]
        pair = self.choices.watch_players.get(self.info.id, ("level-3", "level-4"))
        return tuple(p if p in ids else ids[-1] for p in pair)  # type: ignore[return-value]

    def build_setup(self) -> MatchSetup:
        """The MatchSetup the current choices describe (random side resolved now)."""
        game_id = self.info.id
        if self.mode == HUMAN_VS_PC:
            side = self.choices.human_side if self.choices.human_side != RANDOM_SIDE else random.randrange(2)
            players: tuple[str | None, str | None] = (None, self._computer()) if side == 0 else (self._computer(), None)
        elif self.mode == HOTSEAT:
            players = (None, None)
        else:
            players = self._watch_players()
        start = self.start_record.start_position if self.start_record is not None else None
        if self.mode == HOTSEAT:
            names = (clean_name(self.choices.names[0]), clean_name(self.choices.names[1]))
        else:  # Human vs PC: Settings' "Your name" on the human's side
            mine = self.app.settings.player_name  # checked when read, cleaned when typed
            names = (mine if players[0] is None else "", mine if players[1] is None else "")
        offered = dict(self.outside_shown)  # outside players keep the titles offered here ("varios:Crasher")
        titles = (offered.get(players[0] or "", ""), offered.get(players[1] or "", ""))
        return MatchSetup(game_id, dict(self._options()), self.mode, players, float(self.choices.move_time or 1.0),
                          clock=self.choices.clock, start=start, names=names, titles=titles)

    # -- actions ----------------------------------------------------------------------------
    def start(self) -> None:

        setup = self.build_setup()
        try:
            setup.make_game()
        except ValueError as exc:
            self._say_refused(exc, setup.game_id)
            return
        if not self.watch:
            self.choices.mode = self.mode
        self._remember_choices()
        (self.on_start or self.app.start_game)(setup)

    def _say_refused(self, exc: ValueError, game_id: str) -> None:
        """Why the rules refused the options chosen (5 in a row on a 4x3 board), in the player's
        words ("In a row to win: ..."), as a message."""
        self.app.messages.add(Phrase(lambda why=str(exc): words.rule_reason(why, game_id)), "warn")

    def _remember_choices(self) -> None:
        """Keep the choices in the settings file, so the next session starts from them."""
        settings = getattr(self.app, "settings", None)
        if settings is not None and hasattr(settings, "setup_choices"):
            settings.setup_choices = self.choices.to_dict()
            self.app.apply_settings()

    def back(self) -> None:
        """Back (Esc): the main menu, or the game whose New game opened this screen (``on_back``)."""
        (self.on_back or self.app.show_menu)()

    def step_game(self, step: int) -> None:
        """The next (``step`` 1) or previous (-1) game card, round the ends."""
        ids = [info.id for info in self.cards.infos]
        self.pick_game(ids[(ids.index(self.choices.game_id) + step) % len(ids)])

    def pick_game(self, game_id: str) -> None:
        if game_id != self.choices.game_id:
            self.start_record = None  # the pasted position is another game's
            self.choices.game_id = game_id
            self.cards.selected = game_id
            self._build_menu()

    def edit_position(self) -> None:
        """The position editor, on the pasted position or the usual start; it comes back here.
        Options the game refuses (5 in a row on 4x3) make no start to edit: said, the form kept."""
        from ui.scenes.position_editor import PositionEditorScene

        options = self._options()
        if self.start_record is not None:
            text = self.start_record.start_position
        else:
            try:
                game = games.load(self.info.id, **options)
            except ValueError as exc:  # said as Start says it: it was "Something went wrong: ValueError"
                self._say_refused(exc, self.info.id)
                return
            text = game.to_text(game.initial_state())

        def done(record: GameRecord | None) -> None:
            if record is not None and _is_usual_start(record):  # nothing set up: a usual game, not
                self.start_record = None                          # one "from a set-up position"
                self._options().update(record.options)  # a board of another size typed in stays
            elif record is not None:
                self.start_record = record
            if record is None:  # Esc: the keyboard on the line it left from (Enter there started a game)
                self.come_back()
            else:  # laid out again, with the position, on a choice: Enter starts from it
                self.app.switch(self)

        self.app.switch(PositionEditorScene(self.app, self.info.id, options, text, done))

    def usual_start(self) -> None:
        """Drop the pasted position: the game starts as usual, with the options the form offers."""
        self.start_record = None
        self._build_menu()

    def _set_option(self, name: str, value: Any) -> None:
        """``name`` set to ``value``; the form built again where the option's note says its value
        (Trax's centre tile's code: ``words.note_follows_value``), where it makes another board
        in Human vs PC, whose results line under the computer player is that board's (``ui.tally``),
        and where another option's values follow it (``follow_options``: tic-tac-toe's k offers
        3 to the board's longer side, and comes down with a board made smaller than it), or where the
        options make a game now and made none, or the other way round (``_refusal_changed``)."""
        options = self._options()
        options[name] = value
        followers = follow_options(self.info, options, name, self.app.messages)
        if followers or words.note_follows_value(self.info.id, name) or (
                self.mode == HUMAN_VS_PC and self.info.option(name).board) or self._refusal_changed():
            self.rebuild_wanted = not self.building

    def refusal(self) -> str:
        """Why the rules make no game of the options chosen (an edited settings file's 9 in a row
        on 7x4), in the player's words as Start says them (``_say_refused``); "" where they make one."""
        return options_refusal(self.info, self._options())

    def _set_start_option(self, name: str, value: Any) -> None:
        """A rule option changed for the pasted position: the game reads the position again under
        it (``with_rules``), and the option is kept as chosen for the next position pasted; one
        under which the position is none is said, and the form shows the position's own again."""
        if self.building or self.start_record.options.get(name) == value:
            return
        try:
            self.start_record = with_rules(self.start_record, {name: value})
        except RecordError as exc:
            problem = str(exc).removeprefix("the position cannot be read: ")
            game_id = self.info.id
            self.app.messages.add(Phrase(lambda: _("Not a position: {problem}").format(
                problem=words.rule_reason(problem, game_id))), "warn")
        else:
            self.choices.options.setdefault(self.info.id, {})[name] = value
        self.rebuild_wanted = True  # the position's picture and options as they are now

    def _set_mode(self, mode: str) -> None:
        if mode != self.mode:
            self.mode = mode
            # not from inside the selector's callback: its own build steps through the modes, and
            # each step would build the form again, without end
            self.rebuild_wanted = not self.building

    def _describe(self, pid: str) -> str:
        """What the player does, in the words of the person reading it: a watcher (PC vs PC) plays
        neither side, so "blocks yours" becomes "blocks the other side's" (wrapped under its selector)."""
        return outside_players.description(self.info.id, pid, self.mode == PC_VS_PC)

    def _about(self, menu: pygame_menu.Menu, pid: str, label_id: str) -> None:
        """The description of ``pid`` under its selector, wrapped to the panel (never a scroll bar)."""
        add_wrapped_label(menu, self._describe(pid), label_id=label_id, font_size=tx.small(14, self.form_s),
                          font_color=self.app.theme.muted)

    def _set_computer(self, pid: str) -> None:
        if self._computer() != pid:
            self.choices.computer[self.info.id] = pid
            # pygame-menu calls onchange while it builds a selector (stepping to its default): no rebuild then
            self.rebuild_wanted = not self.building  # in update(): never rebuild a menu from inside its own callback

    def _set_human_side(self, side: int) -> None:
        if side != self.choices.human_side:
            self.choices.human_side = side
            # a pasted position's picture faces the human, as the game will
            self.rebuild_wanted = self.start_record is not None and not self.building

    def _set_watch_player(self, side: int, pid: str) -> None:
        pair = list(self._watch_players())
        if pair[side] != pid:
            pair[side] = pid
            self.choices.watch_players[self.info.id] = (pair[0], pair[1])
            self.rebuild_wanted = not self.building

    def _set_clock(self, clock: str | None) -> None:
        """The Clock chosen; the form is built again only when it shows other lines for it (the
        Time choice without a clock, the clock's note with one): a step from one clock to another
        changes the selector alone, which pygame-menu draws as it steps, and building the form
        again at each step of a held arrow key cost 30 ms a step at 2560x1440."""
        if clock != self.choices.clock:
            other_lines = (clock is None) != (self.choices.clock is None)
            self.choices.clock = clock
            self.rebuild_wanted = other_lines and not self.building

    def _set_entry(self, value: str) -> None:
        self.entry = value

    def _set_name(self, side: int, value: str) -> None:
        self.choices.names[side] = value

    def _add_outside(self) -> None:
        """Check the file (or ``gtp:`` command) typed in the field in a thread; see ``update``.
        Pressed with the field empty, it says what to type there and takes the keys to it: it
        did nothing, and a player who clicked it first was left to guess why."""
        entry = self.entry.strip().strip('"')
        if self.adding is not None:
            self._say_loading()  # pressed again while a load goes on: it did nothing, without a word
            return
        if not entry:
            self.app.messages.refuse(_(words.NOTHING_TO_ADD))
            self.menu.select_widget("outside-entry")
            return
        game_id, options = self.info.id, dict(self._options())

        def work() -> None:
            try:
                self.added.append(("ok", (game_id, options, outside_players.discover(game_id, entry, options))))
            except Exception as exc:  # noqa: BLE001 - shown to the user; the window goes on
                said = str(exc)  # a load error names the player already; others get its name
                self.added.append(("error", said if said.startswith(entry) else f"{entry}: {said}"))

        self.adding = threading.Thread(target=work, daemon=True, name="tabuleiro-add-outside")
        self.adding_name = entry
        self.adding.start()
        self._say_loading()

    def _say_loading(self) -> None:
        """"Loading mybot.py…", the newest message, until the load ends (``_take_added`` withdraws
        it): said for the lane's 3.5 s, it was gone long before an engine's start-up (up to 60 s)
        ended, and the form showed nothing of the load under way."""
        self.app.messages.withdraw(LOADING_TOPIC)
        self.app.messages.add(_("Loading {name}…").format(name=self.adding_name), topic=LOADING_TOPIC,
                              duration=math.inf)

    def _take_added(self) -> None:
        while self.added:
            kind, data = self.added.pop(0)
            self.adding = None
            self.app.messages.withdraw(LOADING_TOPIC)  # the load ended: "Added mybot" said under it misled
            if kind == "error":
                self.app.messages.add(Phrase(lambda data=data: words.load_problem(data)), "error")
                continue
            game_id, options, found = data
            outside_players.OFFERS.known(game_id, options, found)
            problem = outside_players.remember(self.app, [pid for pid, _title in found], game_id)
            if problem:
                self.app.messages.add(problem, "warn")
            self.entry = ""
            if found and game_id == self.info.id:
                first = found[0][0]
                if self.mode == HUMAN_VS_PC:
                    self.choices.computer[game_id] = first
                elif self.mode == PC_VS_PC:
                    self.choices.watch_players[game_id] = (self._watch_players()[0], first)
            self.app.messages.add(_("Added {names}").format(names=", ".join(title for _pid, title in found)))
            self.outside_shown = []  # force the rebuild below
            self.offers_version = -1

    def update(self, dt: float) -> None:
        """Pick up outside players found by the background checks; rebuild the menu if they changed
        (or a new player's description must be shown, or the window's messages want another
        height under it: ``_message_room``); say a chosen one that is not offered.  A game's
        card whose options changed on the form is drawn again (its picture follows them)."""
        self._take_added()
        for area in self.cards.changed_pictures():
            self.invalidate(area)
        message_came = self._messages_took_another_height()  # or went
        if message_came or (self.rebuild_wanted and self.menu is not None):
            self.rebuild_wanted = False
            if message_came:
                self.refit_for_messages(self._rebuild_keeping_focus)
            else:
                self._rebuild_keeping_focus()
            self.invalidate(self.panel)  # the form's card (a message that came makes the frame whole)
        if self.menu is None:
            return
        version = outside_players.OFFERS.version
        if version != self.offers_version:
            self.offers_version = version
            found = self._outside()
            if found != self.outside_shown:
                self.outside_shown = found
                self._rebuild_keeping_focus()
                self.invalidate()
        self._say_unoffered()

    def _say_unoffered(self) -> None:
        """Say once which chosen outside player is not offered here (its file gone, or it does not
        play this game with these options) and who plays instead, when no check is pending: the
        selector shows the other player, and the choice is kept for when it is offered again."""
        game_id = self.info.id
        if self.mode == HUMAN_VS_PC:
            pairs = [(self.choices.computer.get(game_id), self._computer())]
        elif self.mode == PC_VS_PC:
            pairs = list(zip(self.choices.watch_players.get(game_id, ()), self._watch_players()))
        else:
            return
        shown = {pid for pid, _title in self.outside_shown}
        missing = [(pid, instead) for pid, instead in pairs
                   if pid and ai.is_outside_player(pid) and pid not in shown and (game_id, pid) not in self.unoffered_said]
        if not missing or outside_players.OFFERS.pending(game_id, self._options()):
            return
        titles = {pid: title for title, pid in self._items()}
        for pid, instead in missing:
            self.unoffered_said.add((game_id, pid))
            self.app.messages.add(_("{player} is not offered for this game and its options: {instead} is chosen instead")
                                  .format(player=outside_players.title(game_id, pid), instead=titles.get(instead, instead)),
                                  "warn")

    def _rebuild_keeping_focus(self) -> None:
        """The form built again, the keyboard on its line (``keeping_focus``); for a message that
        came or went, ``refit_for_messages`` keeps its rows where they stood."""
        with self.keeping_focus():
            self._build_menu()

    # -- layout -----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        w, h = size
        self.top = int(110 * s)
        bottom = h - int(36 * s)
        margin = int(40 * s)
        self.cards_area = pygame.Rect(margin, self.top, int(w * 0.48) - margin, bottom - self.top)
        # the cards from the left margin, the form's panel on all the room they leave: cards that
        # the height keeps narrower than their half would leave empty bands beside them
        self.cards.layout(self.cards_area, s, max_card=230, centred=False)
        right_x = self.cards_area.x + self.cards.width + int(36 * s)
        self.panel = pygame.Rect(right_x, self.top, w - right_x - margin, bottom - self.top)
        self.message_room = self._message_room()
        self._build_menu()

    def _messages_took_another_height(self) -> bool:
        """Whether the window's messages now take another height under the form than it was built
        for (``_message_room``); the new height is kept for the next build."""
        if self.menu is None or self._message_room() == self.message_room:
            return False
        self.message_room = self._message_room()
        return True

    def _message_room(self) -> int:
        """The height the window's messages shown now take (0 with none): the form ends that much
        higher, so they stand between it and Start and Back (``messages_above``) over nothing."""
        return self.app.messages.height(self.app.scale, self.app.messages_width())

    def _build_menu(self) -> None:
        self.form_s = self._fitting_form_scale()
        self.picture_cut = 0
        with self.building_form():
            self._build_menu_widgets()
        cut = self._picture_cut()
        if cut:
            self.picture_cut = cut
            with self.building_form():
                self._build_menu_widgets()
        # Enter presses a selected button but starts the game on a choice: a form that opens on
        # a button (a pasted position's "Edit the position") opens on the first choice instead,
        # the form kept at its top: selecting the choice scrolled the game's name out of sight at
        # 800x600 (a rebuild gets its scroll back in ``keeping_focus``), unless the choice is below
        # the fold (Larger text, the position's picture above it): then the least scroll shows it,
        # on to the next row's top
        first = self.menu.get_selected_widget()
        if isinstance(first, pygame_menu.widgets.Button):
            choice = self._first_choice()
            if choice is not None:
                self.menu.select_widget(choice)
                self.menu.get_scrollarea().scroll_to(pygame_menu.locals.ORIENTATION_VERTICAL, 0)
                self.menu.show_chosen_row()
                self.menu.settle_scroll(1)  # no row cut at the top (the heading's foot showed)

    def _first_choice(self) -> pygame_menu.widgets.Widget | None:
        """The form's first widget that chooses something (not a button), None with none."""
        return next((w for w in self.menu.get_widgets()
                     if w.is_selectable and not isinstance(w, pygame_menu.widgets.Button)), None)

    def _picture_cut(self) -> int:
        """How much smaller a pasted position's picture must be for the form's first choice to show
        whole with the form at its top, at most half the picture (0: it shows already).  At Larger
        text the picture, 300 pixels, left it below the fold at 1280x800: the form opened on a
        choice the player could not see, and nothing in view to act on."""
        picture, choice = self.menu.get_widget("start-board"), self._first_choice()
        if picture is None or choice is None:
            return 0
        lit = choice.get_selection_effect().inflate(choice.get_rect())
        over = lit.bottom - self.menu.get_scrollarea().get_view_rect().height
        side = int(START_PICTURE * self.form_s)
        top, _right, bottom, _left = picture.get_padding()
        drawn = max(1, picture.get_height() - top - bottom)  # the board's height at that side
        return min(side // 2, -(-over * side // drawn)) if over > 0 else 0

    def _fitting_form_scale(self) -> float:
        """The form's scale: the Text size in full (``form_scale``) as far as its widest line
        that does not wrap (a selector, a switch) still fits the form's column, measured on the
        form built at the window's scale, which fits it: at Larger text in a 1920x1080 window,
        Alquerque's "Any direction captures" switch was 860 pixels wide in a column of 808, and
        pygame-menu refused the form."""
        window, most = self.app.scale, self.form_scale()
        if most <= window:
            return window
        self.form_s = window
        with self.building_form():
            self._build_menu_widgets()
        column = self.menu._column_max_width[0]  # noqa: SLF001 - pygame-menu offers no getter
        widths = [w.get_width() for w in self.menu.get_widgets()
                  if w.is_visible() and not isinstance(w, pygame_menu.widgets.Label)]  # labels wrap
        return max(window, min(most, FORM_WIDTH_USED * window * column / max(widths, default=1)))

    def _build_menu_widgets(self) -> None:
        s = self.form_s  # the form's text (``_fitting_form_scale``); Start and Back under it at the window's scale
        inner = form_over_buttons(self.panel, self.app.scale, self.start_button, self.back_button)
        inner.height -= min(self.message_room, inner.height // 2)  # a message of many lines leaves the form half
        inner.height -= self._refusal_room(inner)
        self.start_button.label = _("Start game") if not self.watch else _("Start watching")
        self.back_button.label = _("Back")
        menu = make_menu(self.app.theme, s, inner, 19, center=False)
        with rendering_held(menu):
            info = self.info
            menu.add.label(words.title(info), font_size=int(26 * s), font_name=tx.BOLD)
            if info.summary:
                add_wrapped_label(menu, _(info.summary), font_size=tx.small(14, s), font_color=self.app.theme.muted)
            menu.add.vertical_margin(int(6 * s))
            self.outside_shown = self._outside()
            self._option_widgets(menu)
            if not self.watch:
                modes = [(_(label), m) for m, label in MODES]
                index = next(i for i, (_label, m) in enumerate(modes) if m == self.mode)
                add_selector(menu, self.form_s, _("Play mode: "), modes, default=index,
                             onchange=lambda _sel, m: self._set_mode(m), selector_id="mode")
            self._player_widgets(menu)
            times = time_choices(self.choices.move_time or 1.0)
            current = chosen_index(times, self.choices.move_time or 1.0)
            clock_items = [(choice_label(c), c) for c in CLOCK_CHOICES]
            clock_index = CLOCK_CHOICES.index(self.choices.clock) if self.choices.clock in CLOCK_CHOICES else 0
            add_selector(menu, self.form_s, _("Clock: "), clock_items, default=clock_index, selector_id="clock",
                         onchange=lambda _sel, c: self._set_clock(c))
            if self.choices.clock is not None:
                self._note(menu, _("Minutes for each side's whole game + seconds added after each move; "
                                   "the player whose clock runs out loses.")
                           + ("" if self.mode == HOTSEAT else " " + _("The computer shares its clock out over "
                                                                     "the game, so there is no time per move.")))
            elif self.mode != HOTSEAT:
                add_selector(menu, self.form_s, time_per_move_title(), times, default=current, selector_id="time",
                             onchange=lambda _sel, t: setattr(self.choices, "move_time", t),
                             say_ends=self.app.messages.refuse)
            if self.mode != HOTSEAT:
                menu.add.vertical_margin(int(8 * s))
                # the forms the command line's help names (main.PLAYER_HELP): a notebook and a
                # GTP engine's settings file load here too, and the hint left them out
                # what to type kept exact ("gtp:", ".json"), said in plain words around it (QA qa136)
                add_wrapped_label(menu, _("Outside player: a Python file (bot.py, or bot.py:name for one of its players), "
                                          "a notebook's player (notebook.ipynb:name), gtp: followed by the command that "
                                          "starts a GTP program, or a GTP program's settings file (name.json):"),
                                  font_size=tx.small(14, s), font_color=self.app.theme.muted)
                add_text_input(menu, "", default=self.entry, textinput_id="outside-entry", input_underline="_",
                               input_underline_len=28, onchange=self._set_entry,
                               onreturn=lambda _v: self._add_outside(), font_size=int(15 * s), maxwidth=28)
                menu.add.button(_("Add this player"), self._add_outside, button_id="add-outside", font_size=int(15 * s))
        self.menu = menu

    def _start_widgets(self, menu: pygame_menu.Menu) -> None:
        """The pasted position: its picture, who is to move, "Edit the position", "Usual start", the
        board's shape (fixed) and the rule options it is played under (``_set_start_option``)."""
        s, theme, record = self.form_s, self.app.theme, self.start_record
        game, state = record.game(), record.first_state()
        side = words.side(self.info, state.to_move)
        starts = add_wrapped_label(menu, _("Starts from a set-up position: {side} to move").format(side=side),
                                   font_size=int(15 * s))
        self._counts_notes(menu, state, starts)
        view = board_view(game)
        facing = self.app.settings.face_me and self.mode == HUMAN_VS_PC and self.choices.human_side in (0, 1)
        view.face(self.choices.human_side if facing else None)
        # a small picture as the game cards' and lists' (``board_picture``): drawn as the board to
        # play on, at 200 pixels its Alquerque pieces were rings where every other picture has discs
        side_px = int(START_PICTURE * s) - self.picture_cut
        menu.add.surface(board_picture(state, theme, side_px, side_px, view=view), surface_id="start-board")
        menu.add.button(_("Edit the position"), self.edit_position, button_id="edit-position", font_size=int(15 * s))
        menu.add.button(_("Usual start instead"), self.usual_start, button_id="usual-start", font_size=int(15 * s))
        rules = rule_options(self.info.id)  # under the buttons, which a form of many rules kept out of sight
        fixed = tx.join_parts(words.option_text(o, record.options[o.name], self.info.id) for o in self.info.options
                              if o.name in record.options and not o.start_only and o.name not in rules)
        if fixed:  # the board's shape, as the position has it
            self._note(menu, fixed)
        for opt in (o for o in self.info.options if o.name in rules):
            add_option_input(menu, theme, s, self.info, opt, record.options.get(opt.name, opt.default),
                             (lambda n: lambda v: self._set_start_option(n, v))(opt.name), beside=record.options,
                             say_ends=self.app.messages.refuse)  # stops at its ends, as the usual start's
        menu.add.vertical_margin(int(6 * s))

    def _counts_notes(self, menu: pygame_menu.Menu, state: games.State, above: pygame_menu.widgets.Label) -> None:
        """The position's counts toward a counted draw, under who is to move (``above``, read as
        one with them), in the game panel's words (``counts_said``: "No capture for 36 plies (draw
        at 40)"), stressed where the draw is near as the panel stresses it: the form said only who
        moves, and a position four plies from Alquerque's 40-ply draw showed it once the game began."""
        for said, near in counts_said(state):
            label = add_wrapped_label(menu, said, font_size=tx.small(13, self.form_s),
                                      font_color=self.app.theme.text if near else self.app.theme.muted)
            notes_joined(above, label)
            above = label

    def _option_widgets(self, menu: pygame_menu.Menu) -> None:
        if self.start_record is not None:
            self._start_widgets(menu)
            return
        self._option_selectors(menu)
        menu.add.button(_("Set up a position…"), self.edit_position, button_id="set-up-position",
                        font_size=int(15 * self.form_s))

    def _option_selectors(self, menu: pygame_menu.Menu) -> None:
        values = self._options()
        for opt in self.info.options:
            add_option_input(menu, self.app.theme, self.form_s, self.info, opt, values[opt.name],
                             (lambda n: lambda v: self._set_option(n, v))(opt.name), say_ends=self.app.messages.refuse,
                             beside=values)

    def _note(self, menu: pygame_menu.Menu, text: str) -> pygame_menu.widgets.Label | None:
        """A small wrapped line under a widget that says what it means (None for no text)."""
        if not text:
            return None
        return add_wrapped_label(menu, text, font_size=tx.small(13, self.form_s), font_color=self.app.theme.muted)

    def _player_widgets(self, menu: pygame_menu.Menu) -> None:
        items = self._items()
        sides = [words.side(self.info, 0), words.side(self.info, 1)]
        if self.mode == HUMAN_VS_PC:
            first = self.start_record.first_state().to_move if self.start_record is not None else 0
            side_items = [(sides[0], 0), (sides[1], 1), (_("Random"), RANDOM_SIDE)]
            side_items[first] = (_("{side} (moves first)").format(side=sides[first]), first)
            add_selector(menu, self.form_s, _("You play: "), side_items, default=self.choices.human_side,
                         selector_id="human-side",
                         onchange=lambda _sel, v: self._set_human_side(v))
            index = next(i for i, (_, pid) in enumerate(items) if pid == self._computer())
            add_selector(menu, self.form_s, _("Computer: "), items, default=index, selector_id="computer",
                         onchange=lambda _sel, pid: self._set_computer(pid))
            self._about(menu, self._computer(), "about")
            self._results_notes(menu, next(title for title, pid in items if pid == self._computer()))
        elif self.mode == HOTSEAT:  # the names the game's cards and its record show
            add_name_fields(menu, sides, self.choices.names, self._set_name)
            self._note(menu, empty_names_note(sides))
        elif self.mode == PC_VS_PC:
            pair = self._watch_players()
            for side in (0, 1):
                index = next(i for i, (_, pid) in enumerate(items) if pid == pair[side])
                add_selector(menu, self.form_s, f"{sides[side]}: ", items, default=index, selector_id=f"pc{side}",
                             onchange=(lambda sd: lambda _sel, pid: self._set_watch_player(sd, pid))(side))
                self._about(menu, pair[side], f"about{side}")

    def _results_notes(self, menu: pygame_menu.Menu, title: str) -> None:
        """How you fare against the computer player chosen (``title``) so far (``ui.tally``): on
        the board chosen, then on the others you played it on, each board's results its own."""
        game_id, computer, options = self.info.id, self._computer(), self._options()
        results = TALLY.of(game_id, computer, options)
        here = self._note(menu, results_line(game_id, title, results, board_words(game_id, options))) if results.games() else None
        others = self._note(menu, other_boards_line(game_id, TALLY.other_boards(game_id, computer, options)))
        if here is not None and others is not None:
            notes_joined(here, others)

    def messages_above(self) -> int | None:
        """Above Start and Back, and above why Start is greyed where it is (``start_refusal``)."""
        note = self.start_refusal.rect
        return note.top if note.height else top_of(self.start_button.rect)

    def messages_centre(self) -> int | None:
        """On the form's card, in the room the form leaves them above Start and Back
        (``_message_room``): centred on the window, a message ("Loading /tmp/…/bot.py…") covered
        the form's "Add this player" button just pressed, and over the games' cards, the
        Alquerque card under "The unfinished game is kept"."""
        return self.panel.centerx if self.panel.width else None

    def messages_ground(self) -> Color | None:
        """The form's card, which the messages stand on (``messages_centre``)."""
        return self.app.theme.panel if self.panel.width else None

    # -- the frame --------------------------------------------------------------------------
    def form_buttons(self) -> list[Button]:
        return [self.start_button, self.back_button]

    def handle_event(self, event: pygame.event.Event) -> None:
        """``_handle``, and whether a motion lit or left a game's card (``input_area``)."""
        hover = self.cards.hover
        self._handle(event)
        if event.type == pygame.MOUSEMOTION:
            self.card_relit = self.cards.hover != hover

    def _handle(self, event: pygame.event.Event) -> None:
        for button in (self.start_button, self.back_button):
            if button.handle(event):
                return
        if self.form_buttons_key(event):
            self.form_took = event
            return
        picked = self.cards.handle(event)
        if picked:
            self.pick_game(picked)
            return
        selected = self.menu.get_selected_widget() if self.menu is not None else None
        typing = isinstance(selected, pygame_menu.widgets.TextInput)  # a paste goes into the field
        in_field = typing and selected.get_id() == "outside-entry"  # Enter there adds the player
        # Enter presses a button ringed in view ("Set up a position…"); one the wheel scrolled out of sight starts
        on_button = isinstance(selected, pygame_menu.widgets.Button) and self.menu.chosen_in_view()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not (
                in_field or on_button):
            self.start()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not typing:
            self.step_game(1 if event.key == pygame.K_PAGEDOWN else -1)  # the cards from the keyboard
            return
        if clipboard.is_paste(event) and not typing:  # a position (or a game) copied as text
            paste_game(self.app)
            return
        if event.type == pygame.TEXTINPUT and not typing and event.text.strip() and not self._field_for_typing():
            return
        self.form_took = event
        self.menu_event(event)

    def _field_for_typing(self) -> bool:
        """Letters typed with no field chosen go to the form's only text field (the Outside player
        field), chosen and scrolled into view for them: True.  Where the form has several (Hot-seat's
        two names) or none, a message says to click one first: False.  They were lost unsaid."""
        fields = [w for w in self.menu.get_widgets() if isinstance(w, pygame_menu.widgets.TextInput) and w.is_visible()]
        if len(fields) != 1:
            self.app.messages.add_instead(_("Click a field first, then type"), "info", 4.0, topic=NO_FIELD_TOPIC)
            return False
        self.menu.select_widget(fields[0])
        self.menu.scroll_to_widget(fields[0])
        return True

    def pointer_key(self) -> Hashable | None:
        """What the pointer lights here: the form's line and buttons
        (``MenuFormScene.form_pointer_key``) and the game card under it.  Every motion drew the
        whole window."""
        form = self.form_pointer_key()
        return None if form is None else (*form, self.cards.hover)

    def pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The form's lines or card where only the form's look changed
        (``MenuFormScene.form_pointed_areas``); the whole window when a game card is lit."""
        if before[2] != after[2]:
            return None
        return self.form_pointed_areas(before[:2], after[:2], self.panel)

    def input_area(self, event: pygame.event.Event) -> pygame.Rect | None:
        """The form's card for a key or click the form or its Start and Back took (a selector's
        step, a letter in a field, the keyboard going down the lines): all it changes is drawn on
        the card, the form built again for it too (``update``); leaving the screen or a message
        said makes the frame whole (a click on a selector drew the whole window).  None for the
        other keys (Page Up's game cards) and clicks (a game's card), and for a click whose
        pointer left a game's card lit (a tap on the form: ``pointer_there_first``'s motion)."""
        if event is not self.form_took or (event.type not in KEY_EVENTS and self.card_relit):
            return None
        return self.panel.copy()

    def help_page(self) -> tuple[str, str | None]:
        """F1 here: the rules of the game chosen, the one the screen shows (it opened the keys
        page, and a player choosing a game pressed F1 to learn that game); F1 again there turns
        to New game's keys.  The choices made here wait for the return."""
        return self.choices.game_id, None

    def keys_section(self) -> str | None:
        return "New game"

    def caption(self) -> str:
        return _("Watch: PC vs PC") if self.watch else _("New game")

    def draw(self, surface: pygame.Surface) -> None:
        """The cards and the form, the form fitted to the messages drawn under it in this frame,
        also those said after the update (``_messages_took_another_height``)."""
        theme, s = self.app.theme, self.app.scale
        backdrop(surface, theme, s)
        title = _("Watch: PC vs PC") if self.watch else _("New game")
        # Enter starts from any line but a button ringed in view or the outside player's field (``handle_event``)
        sub = (_("Pick a game (Page Up, Page Down) and two computer players: Enter starts") if self.watch
               else _("Pick a game (Page Up, Page Down), then how to play it: Enter starts"))
        heading(surface, theme, s, title, sub)
        self.cards.draw(surface, theme)
        card(surface, self.panel, theme.panel, int(16 * s), mix(theme.panel, theme.text, 0.12), shadow=True)
        if self._messages_took_another_height():  # said since the update: another thread's "Saved …"
            self.refit_for_messages(self._rebuild_keeping_focus)
        self.draw_form(surface)
        self.start_refusal.draw(surface, theme, s)
        for button in (self.start_button, self.back_button):
            button.draw(surface, theme, s)

    def _refusal_room(self, inner: pygame.Rect) -> int:
        """The height taken off the bottom of the form (``inner``) for why Start is greyed, just
        above Start and Back (``start_refusal``): the card over the game's faded picture said it,
        the form said nothing until Start was pressed.  Start greyed with it (a click or Enter
        says it again); 0, and Start lit, where the options make a game."""
        why = self.refusal()
        self.start_button.enabled = not why
        return self.start_refusal.place(why, self.start_button.rect, inner.x, inner.width, self.app.scale)

    def _refusal_changed(self) -> bool:
        """Whether why the options make no game is not what the form was built saying (above Start,
        ``start_refusal``): Start lit or greyed, and the words above it, need the form built
        again, and so does a selector stepped off a value an edited settings file kept and no board
        takes (9 in a row on 7x4), which offered it still (``values_shown``): a step back onto it
        went straight back, said "In a row to win is now 7, to go with In a row to win: 9"."""
        return self.refusal() != self.start_refusal.why
