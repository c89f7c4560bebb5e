"""How a game taken up from a replay goes on: the replay's "Play from here" (key C) opens this form.

The position is shown beside a short form: the mode (Human vs PC, with the side you take and the
computer; Hot-seat, with the two names; PC vs PC, with both computers), for a clocked game the
clock, and without one the computer's time per move.  It opens on
the record's own mode and players, so Enter (or Start game) plays on as the record was played, as
"Play from here" always did; a student who watched two computers takes a side over from an
interesting position instead of copying the position and losing the moves before it.  The game
keeps those moves (undo goes back through them; its autosave and saved record hold them).

Clocks: a clocked record's readings at this move put both clocks back as they stood then (ui.clocks);
a record that does not keep them, or a position where the side to move had no time left, goes on
without a clock unless the user asks for one.  A game that ended off the board (on time, resigned,
forfeited) goes on unfinished from any of its positions: the form says so at its last one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pygame_menu

import ai
import games
from games.record import GameRecord
from ui import outside_players, words
from ui import text as tx
from ui.autosave_setup import setup_dict_for_record
from ui.autosave_words import named_in_file
from ui.clocks import choice_label, reading_text, record_clock
from ui.export import board_view
from ui.i18n import _
from ui.match import HOTSEAT, HUMAN_VS_PC, MODES, MatchSetup
from ui.names import clean_name
from ui.scenes.base import MenuFormScene, top_of
from ui.scenes.common import (
    add_name_fields,
    add_selector,
    add_wrapped_label,
    backdrop,
    board_picture,
    chosen_index,
    empty_names_note,
    form_over_buttons,
    heading,
    make_menu,
    rendering_held,
    time_choices,
    time_per_move_title,
)
from ui.theme import Color
from ui.widgets import Button, card, mix

KEEP_CLOCK, NO_CLOCK = "keep", None  # the clock selector's values


class PlayFromScene(MenuFormScene):
    """The form between a replay's "Play from here" and the game: ``record`` is the game cut at the
    position shown (its moves so far, its clock readings up to it); ``on_start`` is given the
    MatchSetup chosen, or None when it is the record's own (the game then goes on exactly as
    before this form existed); ``on_back`` returns to the replay."""

    def __init__(self, app: Any, record: GameRecord, ended: GameRecord,
                 on_start: Callable[[MatchSetup | None], None], on_back: Callable[[], None],
                 mode: str | None = None) -> None:
        """``ended``: the whole record, for what it says of its end (a loss on time, a resignation);
        ``mode``: the mode the form opens on (a watched game's Take over: Human vs PC), the
        record's own by default."""
        super().__init__(app)
        self.record, self.ended = record, ended
        self.on_start, self.on_back = on_start, on_back
        self.game = record.game()
        self.state = record.states(self.game)[-1]
        self.ended_next = self._ended_at_next_move()
        self.clock, readings = record_clock(record.setup)
        # the record's own setup, its clock as App.continue_game reads it
        self.original = replace(MatchSetup.from_dict(setup_dict_for_record(record)), clock=self.clock)
        self.readings = readings[len(record.moves)] if readings and len(readings) > len(record.moves) else None
        self.mode = mode or self.original.mode
        first = self.original.players
        to_move = self.state.to_move
        if self.original.mode == HUMAN_VS_PC:
            self.human_side = self.original.human_side() or 0
        else:  # taking a side over: the side to move, against the player who had the other one
            self.human_side = to_move
        usual = self._usual_computer()
        self.computer = first[1 - self.human_side] or first[self.human_side] or usual
        self.watch_players = (first[0] or first[1] or usual, first[1] or first[0] or usual)
        self.keep_clock = self._clock_usable()
        self.names = self._first_names()
        self.move_time = self.original.move_time
        self.start_button = Button(_("Start game"), self.start, "Enter", primary=True)
        self.back_button = Button(_("Back"), self.back, "Esc")
        self.panel = self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.picture_rect = pygame.Rect(0, 0, 0, 0)  # where the board's picture shows, as last drawn
        self.rebuild_wanted = False
        self._picture: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def _ended_at_next_move(self) -> bool:
        """Whether the game ``ended`` was over on the board at the move after the position shown:
        the replay's "Play from here" at a finished game's end goes on from the move before."""
        if len(self.ended.moves) != len(self.record.moves) + 1:
            return False
        try:
            return self.state.play(self.game.parse_move(self.state, self.ended.moves[-1])).is_terminal()
        except ValueError:  # games.IllegalMove: a record that does not replay here
            return False

    # -- the choices --------------------------------------------------------------------------
    def _usual_computer(self) -> str:
        """The New game screen's computer for this game (level 3 if it has none)."""
        chosen = self.app.last_setup_choices().computer.get(self.game.id, "level-3")
        return chosen if ai.has_player(self.game.id, chosen) else "level-3"

    def _first_names(self) -> list[str]:
        """Hot-seat's names: a side a human played keeps its name; a side a computer played takes
        the New game screen's last Hot-seat name (the friends at this screen).  A record whose
        setup keeps no names (one written by hand or by another program, its mode given) names
        its people by its players' titles (``named_in_file``): its fields were left empty."""
        last = self.app.last_setup_choices().names
        base = self.original
        kept = base.names if any(base.names) else named_in_file(self.record)
        return [kept[side] if base.players[side] is None else last[side] for side in (0, 1)]

    def _set_name(self, side: int, value: str) -> None:
        self.names[side] = value  # read when the game starts; no rebuild (the field keeps its cursor)

    def _clock_usable(self) -> bool:
        """Whether the clocks can go on as they stood: the record keeps them, and the side to move
        still had time (else it would lose at once, again)."""
        return self.readings is not None and self.readings[self.state.to_move] > 0

    def _items(self) -> list[tuple[str, str]]:
        """(title, id) of the computer players offered: ours, then an outside one the record names,
        then one the form starts with that is neither (New game's last computer for the game, a
        student's file, where the record names no computer: a pasted move list).  A selector shows
        the player that will play: one missing from its items showed Level 1 while the game
        started with the file."""
        offered = {p.id: words.player_title(p.title) for p in ai.catalog(self.game.id)}
        for side in self.record.players:
            if side.id is not None:
                offered.setdefault(side.id, side.title or side.id)
        for pid in (self.computer, *self.watch_players):
            if pid is not None:
                offered.setdefault(pid, outside_players.title(self.game.id, pid))
        return [(title, pid) for pid, title in offered.items()]

    def build_setup(self) -> MatchSetup:
        """The setup the form describes: the record's own, with the mode, players and clock chosen."""
        base = self.original
        if self.mode == HUMAN_VS_PC:
            side = self.human_side
            players: tuple[str | None, str | None] = (None, self.computer) if side == 0 else (self.computer, None)
            mine = base.names[side] if base.players[side] is None and base.names[side] else self.app.settings.player_name
            names = (mine if side == 0 else "", mine if side == 1 else "")
        elif self.mode == HOTSEAT:
            players = (None, None)
            names = (clean_name(self.names[0]), clean_name(self.names[1]))
        else:
            players, names = self.watch_players, ("", "")
        titles = {side.id: side.title for side in self.record.players if side.id is not None and ai.is_outside_player(side.id)}
        return replace(base, mode=self.mode, players=players, names=names,
                       titles=(titles.get(players[0] or "", ""), titles.get(players[1] or "", "")),
                       clock=self.clock if self.keep_clock else None, move_time=self.move_time)

    # -- actions ------------------------------------------------------------------------------
    def start(self) -> None:
        setup = self.build_setup()
        self.on_start(None if setup == self.original else setup)

    def back(self) -> None:
        self.on_back()

    def _set(self, name: str, value: Any) -> None:
        """A choice changed; pygame-menu also calls a selector's onchange while it builds it
        (stepping to its default), when nothing is chosen: ignored then.  The form is built again
        in update(), never from inside its own callback."""
        if not self.building and getattr(self, name) != value:
            setattr(self, name, value)
            self.rebuild_wanted = True

    def update(self, dt: float) -> None:
        if self.rebuild_wanted and self.menu is not None:
            self.rebuild_wanted = False
            with self.keeping_focus():
                self._build_menu()
            self.invalidate()

    # -- layout -------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.app.scale
        w, h = size
        top, bottom = int(110 * s), h - int(36 * s)
        self.board_rect = pygame.Rect(int(40 * s), top, int(w * 0.45) - int(40 * s), bottom - top)
        right = self.board_rect.right + int(36 * s)
        self.panel = pygame.Rect(right, top, w - right - int(40 * s), bottom - top)
        self._build_menu()

    def _build_menu(self) -> None:
        with self.building_form():
            self._build_widgets()

    def _build_widgets(self) -> None:
        s, theme = self.app.scale, self.app.theme
        inner = form_over_buttons(self.panel, s, self.start_button, self.back_button)
        menu = make_menu(theme, s, inner, 19, center=False)
        with rendering_held(menu):
            modes = [(_(label), m) for m, label in MODES]
            add_selector(menu, s, _("Play mode: "), modes, default=[m for _label, m in modes].index(self.mode),
                         selector_id="mode", onchange=lambda _sel, m: self._set("mode", m))
            self._player_widgets(menu)
            self._clock_widgets(menu)
            self._time_widgets(menu)
            if self.ended.result is not None and len(self.record.moves) == len(self.ended.moves):
                self._note(menu, _("{reason}: that end was not on the board, so the game goes on unfinished from here.")
                           .format(reason=words.without_log(words.end_reason(self.ended.result.reason))))
            elif self.ended_next:
                self._note(menu, _("The game's last move, {move}, ended it: it goes on from the position before.")
                           .format(move=self.ended.moves[-1]))
        self.menu = menu

    def _player_widgets(self, menu: pygame_menu.Menu) -> None:
        s, items = self.app.scale, self._items()
        ids = [pid for _title, pid in items]
        sides = [words.side(self.game, 0), words.side(self.game, 1)]
        to_move = self.state.to_move
        if self.mode == HUMAN_VS_PC:
            side_items = [(sides[0], 0), (sides[1], 1)]
            side_items[to_move] = (_("{side} (to move)").format(side=sides[to_move]), to_move)
            add_selector(menu, s, _("You play: "), side_items, default=self.human_side, selector_id="human-side",
                         onchange=lambda _sel, v: self._set_human_side(v))
            add_selector(menu, s, _("Computer: "), items, default=ids.index(self.computer) if self.computer in ids else 0,
                         selector_id="computer", onchange=lambda _sel, pid: self._set("computer", pid))
            self._about(menu, self.computer, watched=False)
        elif self.mode == HOTSEAT:
            add_name_fields(menu, sides, self.names, self._set_name)
            self._note(menu, _("Two players at this screen, taking turns."))
            self._note(menu, empty_names_note(sides))
        else:
            for side in (0, 1):
                pid = self.watch_players[side]
                add_selector(menu, s, f"{sides[side]}: ", items, default=ids.index(pid) if pid in ids else 0,
                             selector_id=f"pc{side}", onchange=(lambda sd: lambda _sel, p: self._set_watch(sd, p))(side))
                self._about(menu, pid, watched=True)

    def _about(self, menu: pygame_menu.Menu, pid: str, watched: bool) -> None:
        """What the computer ``pid`` does, under its selector, as New game says it (the form named
        the players alone: "Course Hard" said nothing of how it plays)."""
        about = outside_players.description(self.game.id, pid, watched)
        if about:
            self._note(menu, about)

    def _set_human_side(self, side: int) -> None:
        """The side you take; the computer becomes the player the record had on the other side
        (taking a watched game's O over, X's player goes on against you)."""
        other = self.original.players[1 - side]
        if other is not None and side != self.human_side and not self.building:
            self.computer = other
        self._set("human_side", side)

    def _set_watch(self, side: int, pid: str) -> None:
        pair = list(self.watch_players)
        pair[side] = pid
        self._set("watch_players", (pair[0], pair[1]))

    def _clock_widgets(self, menu: pygame_menu.Menu) -> None:
        if self.clock is None:
            return
        s = self.app.scale
        if self.readings is not None:
            kept = _("As at this move")
        else:
            kept = _("{clock}, from the start").format(clock=choice_label(self.clock))
        items = [(kept, KEEP_CLOCK), (_("Off"), NO_CLOCK)]
        add_selector(menu, s, _("Clock: "), items, default=0 if self.keep_clock else 1, selector_id="clock",
                     onchange=lambda _sel, c: self._set("keep_clock", c == KEEP_CLOCK))
        if self.keep_clock and self.readings is not None:
            self._note(menu, _("{first} {a}, {second} {b}: both clocks go on from what they showed after this "
                               "move; the player whose clock runs out loses.").format(
                first=words.side(self.game, 0), a=reading_text(self.readings[0]),
                second=words.side(self.game, 1), b=reading_text(self.readings[1])))
        elif self.readings is None:
            self._note(menu, _("This game's record does not keep its clocks move by move: without a clock unless "
                               "you choose one."))
        elif not self._clock_usable():
            self._note(menu, _("{side}'s clock had run out at this move: the game goes on without a clock.")
                       .format(side=words.side(self.game, self.state.to_move)))
        else:
            self._note(menu, _("Without a clock: nobody loses on time."))

    def _time_widgets(self, menu: pygame_menu.Menu) -> None:
        """The computer's time per move, when it has no clock to share out: the record's own first
        (kept as it was, even if the New game screen does not offer it), then the usual choices."""
        if self.mode == HOTSEAT or (self.clock is not None and self.keep_clock):
            return
        times = time_choices(self.original.move_time)
        add_selector(menu, self.app.scale, time_per_move_title(), times,
                     default=chosen_index(times, self.move_time), selector_id="time",
                     onchange=lambda _sel, t: self._set("move_time", t))

    def _note(self, menu: pygame_menu.Menu, text: str) -> None:
        add_wrapped_label(menu, text, font_size=tx.small(13, self.app.scale), font_color=self.app.theme.muted)

    def messages_above(self) -> int | None:
        return top_of(self.start_button.rect)

    def messages_ground(self) -> Color | None:
        """The form's card, which the messages stand on, above Start."""
        return self.app.theme.panel

    # -- the frame ----------------------------------------------------------------------------
    def form_buttons(self) -> list[Button]:
        return [self.start_button, self.back_button]

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in (self.start_button, self.back_button):
            if button.handle(event):
                return
        if self.form_buttons_key(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return
        self.menu_event(event)

    def help_page(self) -> tuple[str, str | None]:
        """F1 here: the rules of the game whose position the screen shows, as on New game; F1
        again there turns to this form's keys."""
        return self.game.id, None

    def keys_section(self) -> str | None:
        return "Play from here"

    def caption(self) -> str:
        return f"{words.title(games.info(self.game.id))} – {_('Play from here')}"

    def _board_picture(self, size: int) -> pygame.Surface:
        """The position, facing the human in Human vs PC as the game will (redrawn when that changes):
        a still picture as every other (``board_picture``), where ``render_board``, drawing the board
        to play on, made Alquerque's pieces rings at small sizes.  Cut to what it draws (Alquerque's
        board, a Hex rhombus leave part of the square empty), to be centred in its frame."""
        facing = self.human_side if self.mode == HUMAN_VS_PC and self.app.settings.face_me else None
        key = (size, facing, self.app.theme.name)
        if self._picture is None or self._picture[0] != key:
            view = board_view(self.game)
            view.face(facing)
            picture = board_picture(self.state, self.app.theme, size, size, view=view)
            self._picture = (key, picture.subsurface(picture.get_bounding_rect()))
        return self._picture[1]

    def draw(self, surface: pygame.Surface) -> None:
        theme, s = self.app.theme, self.app.scale
        backdrop(surface, theme, s)
        where = words.move_of(len(self.record.moves), len(self.ended.moves))
        sub = tx.join_parts([words.title(games.info(self.game.id)), where,
                             _("{side} to move").format(side=words.side(self.game, self.state.to_move))])
        heading(surface, theme, s, _("Play from here"), sub)
        size = max(16, min(self.board_rect.width, self.board_rect.height))
        picture = self._board_picture(size)
        self.picture_rect = picture.get_rect(center=self.board_rect.center)  # beside the form's card, centred on it
        surface.blit(picture, self.picture_rect)
        card(surface, self.panel, theme.panel, int(16 * s), mix(theme.panel, theme.text, 0.12), shadow=True)
        self.draw_form(surface)
        for button in (self.start_button, self.back_button):
            button.draw(surface, theme, s)
