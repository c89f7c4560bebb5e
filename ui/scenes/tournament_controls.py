"""The tournament screen's controls: a mixin of ``TournamentScene`` (ui.scenes.tournament), which
owns the state.

Its buttons for each phase (setting up, a tournament shown), built again in the window's
language; where each stands (``_layout``: the setup's two columns and participants' grid, the
running row that breaks in two where one has no room); the labels each frame sets; and the
keyboard's ring among them (Tab's order, Space and Enter pressing the control ringed).  Kept
apart from what the buttons do (ui.scenes.tournament_run) so the screen's form reads on its own.
"""

from __future__ import annotations

import pygame

import ai
import games
from ui import words
from ui.i18n import _, language
from ui.scenes.common import time_label, time_per_move_title
from ui.scenes.game_computer import every_speed_label
from ui.scenes.tournament_setup import GAMES, OPENINGS, TIMES, jobs_label
from ui.text_field import TextField
from ui.widgets import Button, ListStop, Messages, Stepper, share_row


class TournamentControls:
    """The screen's buttons built, laid out, labelled and reached by the keyboard (mixed into TournamentScene)."""

    # -- buttons -------------------------------------------------------------------------------
    def _say_the_fields_words(self) -> None:
        """The outside player's field's example in the window's language, and its shorter forms
        for a narrow field (at Larger text it read "… ou gtp:COMA…").  It names every form the
        command line's help names (``main.PLAYER_HELP``): a notebook's player and a GTP engine's
        settings file were left out, though both load here.  What to type is kept exact ("gtp:", ".json"),
        the command line's "gtp:COMMAND" and "engine.json" said in plain words around it (QA qa136)."""
        self.entry.placeholder = _("Outside player: path/to/file.py[:name or *], notebook.ipynb:name, gtp: and the "
                                   "command that starts a GTP program, or its settings file (name.json)")
        self.entry.shorter = (_("file.py[:name or *], notebook.ipynb:name, gtp: and a GTP program's command, or its "
                                "settings (name.json)"),
                              _("file.py, notebook.ipynb:name, gtp: and a program's command, or name.json"),
                              _("file.py[:name or *] or gtp:command"), _("file.py or gtp:command"))

    def say_in_the_language(self) -> None:
        """Every button and the field said in the language chosen since they were made, and our
        players' names in the tables ("Nível 3"): a screen that lived through a change of language
        kept Back, Save results, New tournament, Watch, Replay game (and the setup's buttons) in
        the old one; only the labels set on every frame (Resume, Speed) followed.  The buttons are
        built again in the same order, so the keyboard stays on the control it was on."""
        self._say_the_fields_words()
        ours = {pid for pid, _title in self.titles.items() if not ai.is_outside_player(pid)}
        self.titles.update((pid, title) for pid, title in self.players() if pid in ours)
        self._build()
        self.invalidate()

    def _build(self) -> None:
        """(Re)create the buttons for the current phase, in the window's language; positions are
        set in ``_layout``."""
        self.labelled_in = language()  # (``follow_the_language``)
        b = Button
        if self.tournament is None:
            # the game, a heading between its arrows, stepped as the other choices are; the same
            # one kept as the buttons are built again for each game (the wheel over it goes on)
            self.game_chooser = self.game_chooser or Stepper(self._cycle_game, label_size=22)
            # in order, they stop at their ends (``_step_choice``); the game goes round, names
            games_b: Stepper = Stepper(lambda step: self._step_choice("games_index", GAMES, step, games_b.label))
            time_b: Stepper = Stepper(lambda step: self._step_choice("time_index", TIMES, step, time_b.label))
            openings_b: Stepper = Stepper(lambda step: self._step_choice("openings_index", OPENINGS, step,
                                                                         openings_b.label))
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                self.game_chooser,
                games_b,
                time_b,
                Stepper(self._step_jobs),
                b("", self._toggle_watch),
                b(_("Add player"), self._start_adding),
                b(_("Start tournament"), self._start, primary=True),
                openings_b,
            ]
            add = next(button for button in self.buttons if button.action == self._start_adding)
            add.refused = add.action  # greyed with the field empty, a click says what to type there
            start = next(button for button in self.buttons if button.action == self._start)
            # greyed: says why (fewer than two players, options that make no game, a bot being checked)
            start.refused = lambda: self.messages.refuse(self._start_refused())
            self.option_buttons = [self._option_button(o) for o in games.info(self.game_id).options]
            self.buttons += self.option_buttons
            shown = self.players()
            self.player_buttons = [b(self._setup_label(pid, title), lambda pid=pid: self._toggle_player(pid))
                                   for pid, title in shown]
            outside = {pid for pid, _title in self.outside.get(self.game_id, [])}
            # an outside player's "×" forgets it (ours can only be left out): at the right of its toggle
            self.remove_buttons = [b("×", lambda pid=pid: self._forget_player(pid)) if pid in outside else None
                                   for pid, _title in shown]
            self._list_being_checked()
            self.offer_buttons = [b(_("Resume"), self._resume_offer, primary=True), b(_("Dismiss"), self._dismiss_offer)]
        else:
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                b(_("Stop"), self._stop_or_go_on),
                b(_("Save results"), self._save, "S"),
                b(_("New tournament"), self._new),
                b(_("Watch"), self._toggle_watching),
                Stepper(self._step_speed, other_labels=every_speed_label()),  # laid out for its widest
                b(_("Withdraw a player"), self._withdraw_pressed),
                b(_("Replay game"), self._replay, "R"),
                b(_("Copy tables"), self._copy_tables, "Ctrl+C"),  # the standings, crosstable and forfeits, for a slide
            ]
            stop, save, new, watch, speed = self.buttons[1:6]
            replay, copy = self.buttons[-2:]
            stop.refused = lambda: self.messages.refuse(_("The tournament is not running: there is nothing to stop"))
            save.refused = lambda: self.messages.refuse(self._nothing_to_save())  # greyed: said why
            new.refused = lambda: self.messages.refuse(self._new_waits())
            watch.refused = lambda: self.messages.refuse(_("Nothing to watch: no game is being played or left to show"))
            speed.refused = lambda: self.messages.refuse(self._speed_waits())
            replay.refused = lambda: self.messages.refuse(self._nothing_to_replay())
            copy.refused = lambda: self.messages.refuse(self._nothing_to_copy())
            self.game_chooser = None
            self.option_buttons = []
            self.player_buttons = []
            self.remove_buttons = []
            self.offer_buttons = []
        self._layout()

    def _build_keeping_focus(self) -> None:
        """``_build`` while setting up, for an answer from the background (outside players checked
        or loaded): the keyboard stays on the control it was on."""
        here = self.key_focus.current(self._focus_stops())
        self._build()
        self.key_focus.follow(here, self._focus_stops())

    def _all_buttons(self) -> list[Button]:
        return self.buttons + self.offer_buttons + self.player_buttons + [x for x in self.remove_buttons if x]

    def _focus_stops(self) -> list[Button | TextField | ListStop]:
        """The controls Tab goes through, in the order they are read on the screen, from the first
        one a user fills and Back last, as on the forms (the first Tab rang Back): the left
        column (the game and its options, the tournament's settings), the right one (the offer
        to resume, the participants), then the bottom row from left to right (Start, the outside
        player's field and its button), Back; while running, the buttons from Stop on, Back,
        then the crosstable, the standings and the latest results.  Start came after the
        settings, and Tab from it jumped up to the participants, away from its row."""
        if self.tournament is not None:
            back, *others = self.buttons
            return [*others, back, self.cross_stop, self.standings_stop, self.results_stop]
        back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b = self.buttons[:9]
        players = [b for i, pb in enumerate(self.player_buttons)
                   for b in (pb, self.remove_buttons[i] if i < len(self.remove_buttons) else None) if b is not None]
        return [game_b, *self.option_buttons, games_b, openings_b, time_b, jobs_b, watch_b,
                *self.offer_buttons, *players, start, self.entry, add_b, back]

    def _move_focus(self, step: int) -> None:
        """Tab or Shift+Tab (Up or Down while setting up): the keyboard to the next control; the
        outside player's field takes the typing while it is there."""
        participants = [b for b in (*self.player_buttons, *self.remove_buttons) if b is not None]
        here = self.key_focus.move(self._focus_stops(), step, participants if self.tournament is None else [])
        self.results_clicked = False
        self.entry.focus = here is self.entry
        if here is self.results_stop:
            self._choose_result(0)
        if here is self.standings_stop:
            self._choose_player(0)
        if here is self.cross_stop:
            self._choose_cell(0, 0)
        for _row in participants:  # a participant scrolled out of the grid: the grid scrolls to it
            if not any(here is b for b in participants) or here.visible:
                break
            self._scroll_players(-1 if here.rect.y < self.players_area.y else 1)
        self.invalidate()

    def _drop_ring(self) -> None:
        """The keyboard on no control (the ring and the field's typing gone): Enter starts again."""
        self.entry.focus = False
        self.key_focus.drop(self._all_buttons())
        self.invalidate()

    def _press_focused(self) -> bool:
        """Space or Enter: press the button the keyboard is on, as a click would; False if it is
        on none."""
        here = self.key_focus.current(self._focus_stops())
        if not isinstance(here, Button):
            return False
        if here.action != self._back:  # another button answers Back's question: no
            self._stay()
        here.action()
        self._refresh_labels()
        self.invalidate()
        return True

    def _layout(self) -> None:
        w, h = self.size
        s = self._scale()
        pad, bh = int(20 * s), int(38 * s)
        if self.tournament is None:
            (back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b) = self.buttons[:9]
            back.rect = pygame.Rect(pad, pad, int(110 * s), bh)
            game_b.rect = pygame.Rect(pad, int(110 * s), int(340 * s), bh)
            y = int(170 * s)
            for ob in self.option_buttons:
                ob.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            y += int(10 * s)
            for btn in (games_b, openings_b, time_b, jobs_b, watch_b):
                btn.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            start.rect = pygame.Rect(pad, h - pad - int(52 * s), int(340 * s), int(52 * s))
            # participants: a grid of toggles on the right, under the unfinished tournament offered
            left = pad * 2 + int(340 * s)
            self.offer_rect = pygame.Rect(left, pad, w - left - pad, int(58 * s) if self.offer else 0)
            gap = int(8 * s)
            for i, ob in enumerate(reversed(self.offer_buttons)):  # Dismiss at the right, Resume before it
                width = int(110 * s)
                ob.rect = pygame.Rect(self.offer_rect.right - gap - (i + 1) * width - i * gap,
                                      self.offer_rect.centery - bh // 2, width, bh)
                ob.visible = self.offer is not None
            self.label_y = self.offer_rect.bottom + int(12 * s) if self.offer else int(78 * s)
            top = self.label_y + int(32 * s)
            self.entry.rect = pygame.Rect(left, h - pad - int(52 * s), w - left - pad - int(190 * s), int(52 * s))
            lane_top = self.entry.rect.top - int(8 * s) - Messages.lane_height(s)  # the messages' (``messages_ceiling``)
            area = pygame.Rect(left, top, w - left - pad, lane_top - self._hints_height() - top)
            self._lay_out_players(area, bh, int(8 * s), max(1, area.width // int(260 * s)))
            add_b.rect = pygame.Rect(self.entry.rect.right + int(10 * s), self.entry.rect.y, int(180 * s), int(52 * s))
        else:
            self._lay_out_running_row()

    def _lay_out_running_row(self) -> None:
        """The running tournament's buttons, those shown, in one row, or two where one has no room
        for every label whole: each as wide as its widest label and key want
        (``Button.steady_width``: stepping Speed to "Velocidade: Máxima" moved the buttons after
        it), at least its usual width where its row has room (else ``share_row``).  One row cut
        "Resume" to "Resu…" and "Watch" to "Wat…" at 800 pixels once Withdraw showed, and Copy
        tables was left out where it had no room; the second row takes the buttons that do not
        fit, in order, and the tables below start under it (``buttons_bottom``).  The top row
        spans the width of the progress bar and the tables, its buttons sharing the room left:
        in a 2400x800 window it ended 1100 pixels short of them, at their usual widths."""
        s = self._scale()
        pad, bh, gap = int(20 * s), int(38 * s), int(10 * s)
        shown = [btn for btn in self.buttons if btn.visible]
        need = [btn.steady_width(s) for btn in shown]  # Speed by its widest label: the row keeps still
        room = self.size[0] - 2 * pad
        rows = [list(range(len(shown)))]
        if sum(need) + gap * (len(shown) - 1) > room:
            first = 1  # the first row: as many as fit whole, in order
            while first < len(shown) and sum(need[:first + 1]) + gap * first <= room:
                first += 1
            rows = [rows[0][:first], rows[0][first:]]
        y = pad
        for row in rows:
            buttons, least = [shown[i] for i in row], [need[i] for i in row]
            usual = [(300 if btn.action == self._withdraw_pressed  # "Withdraw <a student's name>? Press again"
                      else 110 if btn.label in (_("Back"), _("Stop"), _("Watch")) else 170) * s for btn in buttons]
            wanted = [max(int(width), each) for width, each in zip(usual, least)]
            free = room - gap * (len(buttons) - 1)
            if sum(wanted) > free:  # a small window: each what its label and key want and a share of what is left, or less in proportion
                widths = share_row(buttons, free, s, least)
            else:  # the top row as wide as the tables under it; a second row's few buttons at their usual widths
                widths = share_row(buttons, free, s, wanted) if row is rows[0] else wanted
            x = pad
            for btn, width in zip(buttons, widths):
                btn.rect = pygame.Rect(x, y, width, bh)
                x += width + gap
            y += bh + gap
        self.buttons_bottom = y - gap

    def _lay_out_players(self, area: pygame.Rect, height: int, gap: int, cols: int) -> None:
        """The participants' toggles in ``area``, ``cols`` a row, from row ``player_scroll`` on: a
        class's thirty files and our eleven players are more than a window shows, and a toggle
        out of sight still played (and could not be taken out)."""
        rows_shown = max(1, (area.height + gap) // (height + gap))
        rows = -(-len(self.player_buttons) // cols)
        self.player_scroll = max(0, min(self.player_scroll, rows - rows_shown))
        width = (area.width - (cols - 1) * gap) // cols
        for i, pb in enumerate(self.player_buttons):
            row, col = divmod(i, cols)
            row -= self.player_scroll
            pb.rect = pygame.Rect(area.x + col * (width + gap), area.y + row * (height + gap), width, height)
            pb.visible = 0 <= row < rows_shown
            remove = self.remove_buttons[i] if i < len(self.remove_buttons) else None
            if remove is not None:  # a square at the right of the toggle, in its cell
                pb.rect.width -= height + gap // 2
                remove.rect = pygame.Rect(pb.rect.right + gap // 2, pb.rect.y, height, height)
                remove.visible = pb.visible
        first, last = self.player_scroll * cols, (self.player_scroll + rows_shown) * cols
        self.players_area, self.players_pitch = area, height + gap
        self.players_hidden = (first, max(0, len(self.player_buttons) - last))

    def _drag_players(self, event: pygame.event.Event) -> None:
        """A press on a participants' grid longer than its room, dragged up or down, scrolls it
        by whole rows (``DragScroll``): a finger has no wheel, and a class's files under the
        grid's last row could not be reached on a touch screen.  The press is the buttons' too (a
        tap toggles the participant on its release, once); a drag's release finds no button
        pressed, so it toggles nothing and forgets no outside player (the "×" it began on)."""
        drag = self.players_drag
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            drag.press(event.pos, self.players_area if any(self.players_hidden) else pygame.Rect(0, 0, 0, 0))
        elif event.type == pygame.MOUSEMOTION and drag.pressed_at is not None:
            rows = drag.rows(event.pos, self._scale(), self.players_pitch)
            if rows:
                self._scroll_players(rows)
                self.invalidate()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and drag.pressed_at is not None and drag.release():
            for button in (*self.player_buttons, *filter(None, self.remove_buttons)):
                button.pressed = False

    def _scroll_players(self, rows: int) -> None:
        self.player_scroll += rows
        self._layout()

    def _refresh_labels(self) -> None:
        self.follow_the_language()
        if self.tournament is None:
            _back, game_b, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b = self.buttons[:9]
            game_b.label = words.title(games.info(self.game_id))
            n = GAMES[self.games_index]
            games_b.label = _("Games per pair: {n} + {n}").format(n=n)
            openings_b.label = _("Random opening moves: {n}").format(n=OPENINGS[self.openings_index])
            time_b.label = time_per_move_title() + time_label(TIMES[self.time_index])
            jobs_b.label = jobs_label(self.jobs)
            # Yes/No as the game's rule switches above it say them ("Swap rule: Yes")
            watch_b.label = _("Watch the games: {v}").format(v=words.option_value(self.watch))
            watch_b.active = self.watch
            start.enabled = (len(self.selected) >= 2 and self.checking is None and not self._being_checked()
                             and not self._options_refusal())
            add_b.enabled = self.adding is None and bool(self.entry.text.strip())
            # Enter adds the player typed while the field has the focus, and starts otherwise
            add_b.key_hint, start.key_hint = ("Enter", "") if self.entry.focus else ("", "Enter")
            for ob, o in zip(self.option_buttons, games.info(self.game_id).options):
                ob.label = words.option_text(o, self.options[o.name], self.game_id)
            for pb, (pid, _title) in zip(self.player_buttons, self.players()):
                pb.active = pid in self.selected
            if self.offer_buttons:
                resume_b, dismiss_b = self.offer_buttons
                # not while its players are checked, nor while the tournament New left still ends
                resume_b.enabled = self.resuming is None and not (self.ending and self.ending.is_running())
                dismiss_b.enabled = self.resuming is None
        else:
            back, stop, save, new, watch, speed, withdraw, replay, copy = self.buttons
            if self.leave_asked and not self.running:  # it ended meanwhile: Back leaves at once
                self._stay()
            back.label = _("Stop and leave? Press again") if self.leave_asked else _("Back")
            back.key_hint = "" if self.leave_asked else "Esc"  # Esc answers no now
            back.active = self.leave_asked
            withdraw.visible = self._may_withdraw()
            withdraw.label = self._withdraw_label()
            withdraw.active = bool(self.withdrawing)
            replay.visible = self.on_replay is not None
            replay.enabled = not self._nothing_to_replay()
            self._lay_out_running_row()  # Withdraw shown or hidden, its label changed
            resumable = (not self.running and self.tournament.cancelled and bool(self.tournament.pending())
                         and self.viewing is None)
            stop.label = _("Resume") if resumable else _("Stop")
            stop.enabled = self.running or resumable
            save.enabled = not self._nothing_to_save()
            copy.enabled = not self._nothing_to_copy()
            new.enabled = not self._new_waits()
            # lit while it is true: a results file dropped, or every game shown, is nothing to watch
            watch.enabled = self._watchable()
            watch.active = self.watch and watch.enabled
            speed.label, speed.short = self._speed_label()
            speed.enabled = not self._speed_waits()

    def _esc_drops_ring(self) -> bool:
        """Whether Esc takes the ring away first, as in a game, rather than leaving (which stops a
        running tournament): on any stop Tab took the keyboard to, the latest results too (a
        keyboard user leaving the list stopped the league).  Not on a result a click chose: the
        click put the keyboard there unasked, and a mouse user's Esc leaves at once (5378d0ca)."""
        here = self.key_focus.current(self._focus_stops())
        return here is not None and not (here is self.results_stop and self.results_clicked)
