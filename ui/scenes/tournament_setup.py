"""The tournament screen's setup phase: the game and its options, the players (ours and outside
ones, remembered in the settings through ui.outside_players; an outside one's "×" forgets it),
games per pair, time, processes, the unfinished tournament offered, and its drawing.  A mixin of
``TournamentScene`` (ui.scenes.tournament), which owns the state.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pygame

import ai
import games
from ai.outside import matching_files
from ai.tournament_schedule import games_in
from ui import outside_players, words
from ui import text as tx
from ui.i18n import N_, Phrase, _
from ui.outside_players import discover as _discover
from ui.outside_players import short
from ui.scenes.common import follow_options, is_number, options_refusal, values_shown
from ui.theme import Theme
from ui.tournament_logs import added_players_log_folder
from ui.widgets import Button, Stepper, card, lighting, mix, relit_areas, stepped_within

TIMES = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
GAMES = (1, 2, 3, 5, 10, 20, 50)
OPENINGS = (0, 2, 4, 6)  # random plies before each round: deterministic players would replay one game
# the choices cycled on the screen that are kept in the settings (``tournament_choices``):
# the scene's attribute -> (the key it is kept under, the values its index picks from)
KEPT_CHOICES = {"games_index": ("games", GAMES), "time_index": ("time", TIMES), "openings_index": ("openings", OPENINGS)}


def jobs_label(jobs: int) -> str:
    """The setup's button for the games played at once, in a player's words: "Processes: 2"
    named the programs the computer runs, not what the choice does."""
    return _("Games at once: {n}").format(n=jobs)


def unloadable_entry(entry: str, exc: BaseException, matched: bool) -> tuple[str, str] | None:
    """A student's file typed, dropped or matched that exists but cannot be loaded (a syntax error,
    a missing module, no player in it): (its player id, why), so it enters the tournament as the
    command line enters it, a player that forfeits every game and scores 0 -- a class's grading
    expects a row for every student.  None for what is no player to grade: an engine that does not
    start, a file that is not there (a typo), or a file a pattern matched that defines no player
    (a helper module beside a student's bot, which the command line skips too)."""
    from ai.commands.tournament import defines_no_player
    from ai.outside import load_reason, parse_outside_id

    try:
        spec = parse_outside_id(entry)
    except ValueError:
        return None
    if spec.kind != "file" or not Path(spec.path).is_file():
        return None
    pid = spec.path if spec.name in (None, "*") else entry  # file.py:* that cannot be listed: the file, as there
    why = load_reason(exc)
    if matched and defines_no_player(pid, spec.path, why):
        return None
    return pid, why


def remembered_unusable(entry: str, exc: BaseException, awaited: bool) -> tuple[str, str, bool] | None:
    """A remembered outside player that cannot be used on this game now: (its id, why, whether it
    is chosen), listed so, never dropped unsaid (a student's file that took 25 s to import was
    gone from the list after a restart, and nothing said why).  One of the game's last tournament
    (``awaited``) is listed and chosen as ``unloadable_entry`` enters it; any other is listed
    unchosen: a file that fails to load, is no longer there, or an engine that does not start.
    None only for a file that loads but defines no player for this game: another game's bot."""
    from ai.outside import load_reason, parse_outside_id

    unable = unloadable_entry(entry, exc, matched=not awaited)
    if unable is not None:
        return (*unable, awaited)
    try:
        spec = parse_outside_id(entry)
    except ValueError:
        return entry, load_reason(exc), False
    if spec.kind == "file" and Path(spec.path).is_file():
        return None
    return entry, load_reason(exc), False


def picked_last(settings: Any, game_id: str) -> list[str]:
    """The players of the last tournament started in ``game_id`` (``settings.tournament_players``),
    or [].  A value that is not a list of ids (a hand-edited file) is ignored, what is not an id
    in a list left out: the settings file is not moved aside for a choice the screen can forget."""
    kept = getattr(settings, "tournament_players", None)
    picked = kept.get(game_id) if isinstance(kept, dict) else None
    return [pid for pid in picked if isinstance(pid, str)] if isinstance(picked, list) else []


def kept_index(settings: Any, attr: str, default: int) -> int:
    """The index of the value of ``attr`` (a key of ``KEPT_CHOICES``) last chosen, as
    ``settings.tournament_choices`` keeps it, else ``default``.  A value that is not one of the
    choices (a hand-edited file, another version's) is ignored: the file is not moved aside for it."""
    key, values = KEPT_CHOICES[attr]
    kept = getattr(settings, "tournament_choices", None)
    value = kept.get(key) if isinstance(kept, dict) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value not in values:
        return default
    return values.index(value)


def kept_watch(settings: Any) -> bool:
    """Whether to watch the games, as last chosen on the screen (``settings.tournament_choices``'s
    "watch"), else yes; a value that is no bool (a hand-edited file) is ignored."""
    kept = getattr(settings, "tournament_choices", None)
    value = kept.get("watch") if isinstance(kept, dict) else None
    return value if isinstance(value, bool) else True


def kept_jobs(settings: Any, default: int) -> int:
    """The processes playing at once as last chosen on the screen (``settings.tournament_choices``'s
    "jobs"), at most the computer's cores (a settings file from a bigger machine), else ``default``;
    a value that is no whole number of at least 1 (a hand-edited file) is ignored."""
    kept = getattr(settings, "tournament_choices", None)
    value = kept.get("jobs") if isinstance(kept, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return default
    return min(value, max(1, os.cpu_count() or 1))


def option_values(option: games.Option) -> list[Any]:
    """The values a game option's button cycles through, in order (``Option.values``; the
    default alone for one without such a list)."""
    return option.values() or [option.default]


def kept_options(settings: Any, game_id: str) -> dict[str, Any]:
    """The options of ``game_id`` as last chosen on the screen (``settings.tournament_choices``),
    those the button offers only: one this version lacks, or a value it does not offer (a
    hand-edited file), is left out, its default shown instead."""
    kept = getattr(settings, "tournament_choices", None)
    by_game = kept.get("options") if isinstance(kept, dict) else None
    chosen = by_game.get(game_id) if isinstance(by_game, dict) else None
    if not isinstance(chosen, dict):
        return {}
    return {o.name: chosen[o.name] for o in games.info(game_id).options if o.name in chosen
            and any(type(v) is type(chosen[o.name]) and v == chosen[o.name] for v in option_values(o))}


class TournamentSetup:
    """What is chosen before a tournament starts (mixed into TournamentScene)."""

    def _select_defaults(self) -> None:
        """The players of the last tournament of this game (``_choose_picked_last``), else the
        first four; the options' defaults."""
        ids = [pid for pid, _title in self.players()]
        if not self._choose_picked_last(ids):
            self.selected = set(ids[:4])
        info = games.info(self.game_id)
        self.options = {o.name: o.default for o in info.options} | kept_options(getattr(self.app, "settings", None),
                                                                                self.game_id)
        self._offer_remembered()

    def _choose_picked_last(self, ids: list[str]) -> bool:
        """Choose the players of the last tournament started in this game, those of ``ids`` (the
        players listed) now, the outside players still being loaded (``_offer_remembered``) as
        they come (``awaited``); a player no longer there is left out.  False if none is left."""
        picked = picked_last(getattr(self.app, "settings", None), self.game_id)
        self.selected = {pid for pid in picked if pid in ids}
        self.awaited = {pid for pid in picked if pid in self.remembered and pid not in ids}
        return bool(self.selected or self.awaited)

    def _remember_players(self, ids: list[str]) -> None:
        """Keep ``ids`` in the settings as the players of this game, and the game as the one the
        screen opens on: the screen chooses them again (``_choose_picked_last``), in this session
        and the next.  Saved off the window's thread (``app.apply_settings``), only on a change."""
        settings = getattr(self.app, "settings", None)
        if settings is None or (picked_last(settings, self.game_id) == ids
                                and getattr(settings, "tournament_game", None) == self.game_id):
            return
        kept = getattr(settings, "tournament_players", None)
        settings.tournament_players = {**(kept if isinstance(kept, dict) else {}), self.game_id: ids}
        settings.tournament_game = self.game_id
        self.app.apply_settings()

    def _remember_choice(self) -> None:
        """Keep the players as the user just chose them (``_remember_players``): one who picks
        players and leaves without starting finds them chosen next time.  Those of the last
        tournament still being loaded (``awaited``) stay in the list."""
        chosen = [pid for pid, _title in self.players() if pid in self.selected]
        self._remember_players(chosen + sorted(self.awaited - set(chosen)))

    def _cycle_game(self, step: int) -> None:
        self.game_index = (self.game_index + step) % len(self.game_ids)
        self._select_defaults()
        self._build()

    def _step_choice(self, attr: str, values: tuple, step: int, label: str = "") -> None:
        """The choice kept in ``attr`` (an index into ``values``, numbers in order) one value on
        (``step`` 1) or back (-1), stopping at either end with a word (``stepped_within``,
        ``label`` its stepper's as it reads), as the watched games' Speed does: one more from 50
        games a pair gave 1; kept for next time."""
        index, at_the_end = stepped_within(getattr(self, attr), step, len(values), label)
        if self.messages.refuse(at_the_end):
            return
        setattr(self, attr, index)
        if attr in KEPT_CHOICES:
            self._remember_choices()

    def _choose_kept_choices(self) -> None:
        """Games per pair, time per move, opening moves, Watch the games and Games at once as the user
        last chose them (``kept_index``, ``kept_watch``, ``kept_jobs``).  Games at once went back to 2
        each time the screen was made: a teacher who chose 1 (the machine busy with the class's
        bots) found 2 again on the next visit."""
        settings = getattr(self.app, "settings", None)
        for attr in KEPT_CHOICES:
            setattr(self, attr, kept_index(settings, attr, getattr(self, attr)))
        self.watch = kept_watch(settings)
        self.jobs = kept_jobs(settings, self.jobs)

    def _remember_choices(self) -> None:
        """Keep games per pair, time per move, opening moves, Watch the games and Games at once in the
        settings as they are now: the screen opens on them next time (``_choose_kept_choices``),
        rather than on its defaults."""
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        kept = getattr(settings, "tournament_choices", None)
        now = {key: values[getattr(self, attr)] for attr, (key, values) in KEPT_CHOICES.items()}
        now["watch"], now["jobs"] = self.watch, self.jobs
        settings.tournament_choices = {**(kept if isinstance(kept, dict) else {}), **now}
        self.app.apply_settings()

    def _step_jobs(self, step: int) -> None:
        """The processes playing at once one more or one fewer, from 1 to the computer's cores,
        stopping at either with a word (``stepped_within``): one more than the cores gave 1;
        kept for next time."""
        cores = max(1, os.cpu_count() or 1)
        index, at_the_end = stepped_within(min(self.jobs, cores) - 1, step, cores,
                                           jobs_label(self.jobs))
        if self.messages.refuse(at_the_end):
            return
        self.jobs = index + 1
        self._remember_choices()

    def _option_button(self, option: games.Option) -> Button:
        """A game option's control: a button that switches a yes-or-no option ("Swap rule: No"),
        a stepper for one of more values (a board's size), each labelled in ``_refresh_labels``."""
        if option.kind is bool and not option.choices:
            return Button("", lambda: self._step_option(option, 1))
        return Stepper(lambda step: self._step_option(option, step))

    def _step_option(self, option: games.Option, step: int) -> None:
        """A game option one value on (``step`` 1) or back (-1) of those offered (``values_shown``:
        no 4 in a row on a 3x3 board): a number (a board's size, the row to make) stops at either
        end with a word (``stepped_within``), as the other steppers in order do; names (an
        opening, a rule's variant) go round.  An option that follows it (tic-tac-toe's k the
        board's width) moves to a value the rules take with it, said so (``follow_options``)."""
        info = games.info(self.game_id)
        values = values_shown(info, option, self.options) or option_values(option)
        current = self.options.get(option.name, option.default)
        i = values.index(current) if current in values else (-1 if step > 0 else 0)
        if current in values and all(is_number(v) for v in values):
            said = words.option_text(option, current, self.game_id)
            i, at_the_end = stepped_within(i, step, len(values), said)
            if self.messages.refuse(at_the_end):
                return
            self.options[option.name] = values[i]
        else:
            self.options[option.name] = values[(i + step) % len(values)]
        follow_options(info, self.options, option.name, self.messages)
        self._remember_options()

    def _options_refusal(self) -> str:
        """Why the rules make no tournament of the options chosen (``options_refusal``: options
        kept from an edited settings file, 9 in a row on 7x4), said above Start, which is greyed;
        "" where they make one."""
        return options_refusal(games.info(self.game_id), self.options)

    def _too_few_players(self) -> str:
        """Why Start makes no tournament of the players chosen: fewer than two; "" for two or more."""
        chosen = [pid for pid, _title in self.players() if pid in self.selected]
        return _("Pick at least two players") if len(chosen) < 2 else ""

    def _start_refused(self) -> str:
        """What a click or Enter on Start greyed says: fewer than two players chosen, else why the
        options make no game, else which players of the last tournament it waits for
        (``_start_waits_for``); "" for none.  A click with one player chosen said nothing, while
        Enter said to pick two."""
        return self._too_few_players() or self._options_refusal() or self._start_waits_for()

    def _place_start_refusal(self, start: Button) -> int:
        """Why the options make no game, in a note just above ``start`` (``start_refusal``), as
        wide as it: the screen said nothing of them until Start was pressed.  The height it takes
        there, 0 for none."""
        return self.start_refusal.place(self._options_refusal(), start.rect, start.rect.x, start.rect.width,
                                        self._scale())

    def _remember_options(self) -> None:
        """Keep this game's options as they are now in the settings (``tournament_choices``, by
        game): the screen shows them again for this game (``kept_options``), rather than its defaults."""
        settings = getattr(self.app, "settings", None)
        if settings is None:
            return
        kept = getattr(settings, "tournament_choices", None)
        kept = kept if isinstance(kept, dict) else {}
        by_game = kept.get("options") if isinstance(kept.get("options"), dict) else {}
        settings.tournament_choices = {**kept, "options": {**by_game, self.game_id: dict(self.options)}}
        self.app.apply_settings()

    def _toggle_watch(self) -> None:
        """Watch the games or not, kept for next time as the other choices are: it went back to
        Yes at every visit, and one who runs tournaments unwatched had to switch it off each time."""
        self.watch = not self.watch
        self._remember_choices()

    def _toggle_player(self, pid: str) -> None:
        self.selected.symmetric_difference_update({pid})
        self._remember_choice()

    def _start_adding(self) -> None:
        """Add what the user typed (``_add_outside``), counting the players it adds afresh."""
        if self.adding is None and not self.dropped:
            self.added_in_run = 0
        self._add_outside()

    def _add_outside(self) -> None:
        """Add the file (or ``gtp:`` command) typed in the field; a file is loaded in a thread.  A
        path pattern (``turma/*/jogador.py:*``, as the command line takes) adds every file it
        matches, one after the other, as files dropped together are."""
        entry = self.entry.text.strip().strip('"')
        if not entry and self.adding is None and not self.dropped:
            self.messages.refuse(_(words.NOTHING_TO_ADD_BESIDE))  # it did nothing, unsaid
        if not entry or self.adding is not None:
            return
        try:
            files = matching_files(entry)
        except ValueError:
            self.messages.add(_("No file matches {pattern}").format(pattern=entry), "error")
            return
        if len(files) > 1:
            self.dropped.extend(files)
            self.from_pattern.update(files)
            self._add_next_dropped()
            return
        matched, entry = entry in self.from_pattern or files[0] != entry, files[0]  # a pattern's one file: that file
        game_id, options = self.game_id, dict(self.options)
        loader = {"log_dir": str(added_players_log_folder(self._folder()))}  # a log that lasts, named if it fails

        def work() -> None:
            try:
                self.added.append(("ok", (game_id, _discover(game_id, entry, options, loader), True)))
            except Exception as exc:  # shown to the user; the window goes on
                unable = unloadable_entry(entry, exc, matched)
                self.added.append(("broken", (game_id, *unable)) if unable else ("error", str(exc)))

        self.adding = threading.Thread(target=work, daemon=True)
        self.adding.start()

    def take_dropped_file(self, path: str) -> bool:
        """A student's file (``.py``, ``.ipynb``) dropped on the window before the tournament: its
        players are added as if typed in the field, one file after the other when several are
        dropped at once (other files are the window's: a record opens in the replay viewer).
        Dropped on a tournament begun, its players join it late (``_join_dropped``)."""
        if Path(path).suffix.lower() not in (".py", ".ipynb"):
            return False
        if self.tournament is not None:
            self._join_dropped(path)
            return True
        if self.adding is None and not self.dropped:
            self.added_in_run = 0
        self.dropped.append(path)
        self._add_next_dropped()
        return True

    def _add_next_dropped(self) -> None:
        if self.adding is None and self.dropped:
            self.entry.text = self.dropped.pop(0)
            self._add_outside()

    def _list_unloadable(self, game_id: str, pid: str, why: str, typed: bool = True, chosen: bool = True) -> None:
        """A student's file that cannot be loaded (``unloadable_entry``), typed or dropped (or
        remembered, not ``typed``: ``remembered_unusable``): listed and (``chosen``) chosen, as the
        command line enters it, to forfeit its games with ``why``; the message says so.  It is
        remembered as the players that load are: the window forgot it when closed, and the next
        day's tournament of the class had no row for that student, with nothing said."""
        from ai.outside_names import entry_title

        if not typed and pid not in self.remembered:  # forgotten (its "×") while it was being loaded
            return
        self.unloadable.setdefault(game_id, {})[pid] = why
        listed = self.outside.setdefault(game_id, [])
        title = entry_title(pid) or short(pid)
        if pid not in {p for p, _t in listed}:
            listed.append((pid, title))
        self._remember([(pid, title)])
        self.awaited.discard(pid)
        if game_id == self.game_id and chosen:
            self.selected.add(pid)
            self._remember_choice()
        if typed:
            self.entry.text = ""
        name = dict(self.players()).get(pid) or short(pid)
        said = (N_("{player} cannot be loaded; chosen, it forfeits all its games: {why}") if chosen else
                N_("{player}, remembered, cannot be used now, so it is not chosen: {why}"))
        self.messages.add(Phrase(lambda: _(said).format(player=name, why=words.load_problem(f"{name}: {why}"))), "warn",
                          15.0)

    def _loaded_again(self, game_id: str, found: list[tuple[str, str]]) -> None:
        """A file listed as unloadable that now loads (fixed, then added again): its unloadable entry
        gives way to the players found."""
        from ai.commands.tournament import file_of

        files = {file_of(pid) for pid, _title in found} - {None}
        gone = {pid for pid in self.unloadable.get(game_id, {}) if file_of(pid) in files}
        if gone:
            self.outside[game_id] = [(p, t) for p, t in self.outside.get(game_id, []) if p not in gone]
            self.unloadable[game_id] = {p: w for p, w in self.unloadable[game_id].items() if p not in gone}
            self.selected -= gone

    def _setup_label(self, pid: str, title: str) -> str:
        """A participant's toggle: its name, and that it cannot play if its file cannot be loaded,
        or the games an engine was used with if this is not one of them (``used_elsewhere``)."""
        if pid in self.unloadable.get(self.game_id, {}):
            return _("{name} (cannot play)").format(name=title)
        elsewhere = self.used_elsewhere(pid)
        if elsewhere:
            return _("{name} (used with {games})").format(
                name=title, games=", ".join(words.title(games.info(g)) for g in elsewhere))
        return title

    def used_elsewhere(self, pid: str) -> list[str]:
        """The games engine ``pid`` was added or played in when this game is not one of them (it
        was not written for it, perhaps); none for a file (it loads for its games alone) or an
        engine of this game."""
        used = [g for g in outside_players.games_of(self.app, pid) if g in games.GAME_IDS]
        return [] if self.game_id in used else used

    def _remember_engines_played(self, ids: list[str], broken: dict[str, str]) -> None:
        """The engines among ``ids`` that start the tournament able to play: this game is one of
        theirs from now on (``outside_players.remember``), marked no more."""
        played = [pid for pid in ids if self.used_elsewhere(pid) and pid not in broken]
        problem = outside_players.remember(self.app, played, self.game_id) if played else None
        if problem:
            self.messages.add(problem, "warn")

    def tipped_participant(self) -> tuple[Button, str, str] | None:
        """The participant the tips are about, as (its toggle, id, title): the one under the
        pointer, else the one the keyboard is on (Tab), so that a player without a mouse reads
        what each is and why one cannot play (the tips came under the pointer alone); None if
        neither is on a participant."""
        shown = [(pb, pid, title) for pb, (pid, title) in zip(self.player_buttons, self.players()) if pb.visible]
        pointed = next((one for one in shown if one[0].rect.collidepoint(self.pointer)), None)
        return pointed or next((one for one in shown if one[0].focused), None)

    def unloadable_tip(self) -> tuple[pygame.Rect, str] | None:
        """Where the tip saying why the participant pointed at or ringed (``tipped_participant``)
        cannot play stands, and what it says; None where that is no such participant."""
        why = self.unloadable.get(self.game_id, {})
        tipped = self.tipped_participant()
        if tipped is None or tipped[1] not in why:
            return None
        pb, pid, title = tipped
        s = self._scale()
        size = tx.small(14, s)
        text = tx.fit(words.load_problem(f"{title}: {why[pid]}"), size, self.size[0] - int(60 * s))
        width = tx.ui_font(size).size(text)[0] + int(20 * s)
        left = self.pointer[0] if pb.rect.collidepoint(self.pointer) else pb.rect.x
        x = max(int(10 * s), min(left, self.size[0] - width - int(10 * s)))
        return pygame.Rect(x, pb.rect.bottom + int(4 * s), width, size + int(14 * s)), text

    def described_tip(self) -> tuple[pygame.Rect, list[str]] | None:
        """Where the tip saying what the participant under the pointer is stands, and its lines:
        one of ours (a level, a course bot), in the words of the catalog a watcher reads.  The
        toggles named the course bots alone ("Basilio", "ObtusoSW"), and a teacher choosing a
        class's field could learn what each one does only on the Watch screen.  None where the
        pointer is over no such participant (an outside one has its own tip if it cannot play).
        The one the keyboard is on says it too (``tipped_participant``)."""
        ours = {p.id: p for p in ai.catalog(self.game_id)}
        tipped = self.tipped_participant()
        if tipped is None or tipped[1] not in ours:
            return None
        pb, pid, title = tipped
        about = words.description(ours[pid], watched=True)
        if not about:
            return None
        s = self._scale()
        size, pad = tx.small(14, s), int(10 * s)
        width = min(int(520 * s), self.size[0] - int(20 * s))
        lines = [title, *tx.wrap_at_most(about, size, width - 2 * pad, 4)]
        height = len(lines) * tx.line_height(size) + 2 * pad
        x = max(int(10 * s), min(pb.rect.x, self.size[0] - width - int(10 * s)))
        y = pb.rect.bottom + int(4 * s)
        if y + height > self.size[1] - int(10 * s):  # no room under it: above it
            y = max(0, pb.rect.top - int(4 * s) - height)
        return pygame.Rect(x, y, width, height), lines

    def _draw_unloadable_tip(self, surface: pygame.Surface, theme: Theme) -> None:
        """Why the participant under the pointer cannot play, in a tip beside it; or, one of ours,
        what it is (``described_tip``)."""
        tip = self.unloadable_tip()
        if tip is not None:
            (rect, text), s = tip, self._scale()
            card(surface, rect, theme.panel, int(6 * s), theme.accent, max(1, int(s)))
            tx.text(surface, text, (rect.x + int(10 * s), rect.centery), tx.small(14, s), theme.text, "midleft")
            return
        described = self.described_tip()
        if described is not None:
            (rect, lines), s = described, self._scale()
            size, pad = tx.small(14, s), int(10 * s)
            card(surface, rect, theme.panel, int(6 * s), theme.accent, max(1, int(s)))
            for i, line in enumerate(lines):
                tx.text(surface, line, (rect.x + pad, rect.y + pad + i * tx.line_height(size)), size,
                        theme.text if i == 0 else theme.muted, bold=i == 0)

    def setup_pointer_key(self) -> Hashable | None:
        """What the pointer lights on the set-up screen (``Scene.pointer_key``): the buttons (a
        participant, a stepper's arrow) and the tip of why a participant cannot play.  Every
        motion drew the whole screen.  None while a press on the participants may drag them."""
        if self.players_drag.pressed_at is not None:
            return None
        tip = self.unloadable_tip() or self.described_tip()
        return lighting(self._all_buttons()), None if tip is None else tuple(tip[0])

    def setup_pointed_areas(self, before: Hashable, after: Hashable) -> list[pygame.Rect] | None:
        """The buttons lit or left (``relit_areas``) and the tips before and after."""
        relit = relit_areas(self._all_buttons(), before[0], after[0])
        if relit is None:
            return None
        return relit + [pygame.Rect(tip) for tip in (before[1], after[1]) if tip is not None]

    def _offer_remembered(self) -> None:
        """Try the remembered outside players on this game (in a thread); keep those that load.  An
        engine added in another game is offered too, marked with the games it was used with
        (``_setup_label``), not chosen: a teacher's GTP bot of the tic-tac-toe tournament had to be
        typed again for Hex.  One that does not play this game's board says so at Start, as a
        typed one does (``probe_outside_players``: it forfeits, with its words)."""
        game_id, options = self.game_id, dict(self.options)
        shown = {p for p, _t in self.outside.get(game_id, [])}
        todo = [pid for pid in self.remembered if pid not in shown]
        if not todo or game_id in self.offered:
            return
        self.offered.add(game_id)
        self.offering.add(game_id)
        awaited = set(self.awaited)  # of the game's last tournament: one that no longer loads is listed, unable

        def work() -> None:
            for entry in todo:
                try:
                    self.added.append(("ok", (game_id, _discover(game_id, entry, options), False)))
                except Exception as exc:  # listed unable, unless a remembered player of another game
                    unable = remembered_unusable(entry, exc, entry in awaited)
                    if unable:
                        pid, why, chosen = unable
                        self.added.append(("broken", (game_id, pid, why, False, chosen)))
            self.added.append(("offered", game_id))

        threading.Thread(target=work, daemon=True).start()

    def _being_checked(self) -> list[tuple[str, str]]:
        """The players of this game's last tournament (``awaited``) whose programs are being tried
        on it now (``_offer_remembered``), not listed yet: (id, title).  An engine asked for a game
        takes a second or two, and after a change of game a bot chosen in that game's last
        tournament was missing from the list meanwhile, nothing said: the teacher took it as dropped."""
        if self.game_id not in self.offering:
            return []
        listed = {pid for pid, _title in self.players()}
        return [(pid, self._remembered_title(pid)) for pid in sorted(self.awaited) if pid not in listed]

    def _chosen_count(self) -> int:
        """The players Start would play: those chosen, and those drawn chosen while they are being
        checked (``_being_checked``), whom Start waits for.  The heading said "(2 chosen)" over
        three rows drawn chosen, the third "(checking…)", and the games counted left it out."""
        return len(self.selected | {pid for pid, _title in self._being_checked()})

    def _remembered_title(self, pid: str) -> str:
        """An outside player's title as another game's list gives it, else as its id says it."""
        from ai.outside_names import entry_title

        titles = {p: title for listed in self.outside.values() for p, title in listed}
        return titles.get(pid) or entry_title(pid) or short(pid)

    def _list_being_checked(self) -> None:
        """Each player ``_being_checked`` at the end of the participants, drawn chosen (it was, in
        the game's last tournament, and it plays once checked: Start waits for it,
        ``_start_waits_for``), saying it is being checked; a click on it says so.  Drawn greyed, it
        read as left out, and Start began the tournament without it.  The list is built again once
        it is checked (``_offered``)."""
        for _pid, title in self._being_checked():
            waiting = Button(_("{name} (checking…)").format(name=title),
                             lambda title=title: self.messages.add(self._checked_words(title), "info", 8.0))
            waiting.active = True
            self.player_buttons.append(waiting)
            self.remove_buttons.append(None)

    def _checked_words(self, title: str) -> str:
        """What a click on a player being checked says: it is chosen, and Start waits for it."""
        game = words.title(games.info(self.game_id))
        return _("{name} is being checked on {game}: it will play, and Start tournament waits for it").format(
            name=title, game=game)

    def _start_waits_for(self) -> str:
        """Why Start waits (greyed, a click or Enter saying this): the players of the game's last
        tournament still being checked on it (``_being_checked``), each to play once it is; ""
        when none is.  Start began the tournament without such a bot, its row only greyed."""
        waiting = [title for _pid, title in self._being_checked()]
        if not waiting:
            return ""
        return _("Start tournament waits for {names}, being checked on this game: a second or two").format(
            names=", ".join(waiting))

    def _offered(self, game_id: str) -> None:
        """The remembered players have been tried on ``game_id``: none is listed as being checked there."""
        self.offering.discard(game_id)
        if game_id == self.game_id and self.tournament is None:
            self._build_keeping_focus()

    def _load_remembered(self) -> None:
        """The outside players the window remembers (``settings.outside_players``)."""
        self.remembered = outside_players.remembered(self.app)

    def _remember(self, new: list[tuple[str, str]]) -> None:
        """Remember added outside players in the settings, so they are offered next time too."""
        ids = [pid for pid, _title in new if pid not in self.remembered]
        if ids:
            self.remembered += ids
            problem = outside_players.remember(self.app, ids, self.game_id)  # an engine: offered for this game
            if problem:
                self.messages.add(problem, "warn")

    def checking_words(self) -> str:
        """What Start does before the games while it checks the outside players chosen, each
        started once (``probe_outside_players``), and which it started last: "Loading…" said
        nothing of it, for the seconds an engine takes to start, where the command line says
        "checking the outside players"."""
        if not self.checking_now:
            return _("Checking the players: starting each once…")
        pid = self.checking_now[-1]
        return _("Checking the players: starting each once (now {player})…").format(player=dict(self.players()).get(pid, pid))

    def _draw_offer(self, surface: pygame.Surface, theme: Theme) -> None:
        """The unfinished tournament offered: what it is, on two lines, beside Resume and Dismiss."""
        s = self._scale()
        rect = self.offer_rect
        card(surface, rect, mix(theme.panel, theme.accent, 0.08), int(10 * s), theme.accent, max(1, int(s)))
        room = min(b.rect.x for b in self.offer_buttons) - rect.x - int(24 * s)
        first, second = self.offer.describe()
        if self.resuming is not None:
            second = _("Checking its players…")
        size = int(16 * s)
        tx.text(surface, tx.fit(first, size, room, bold=True), (rect.x + int(12 * s), rect.centery - int(1 * s)),
                size, theme.text, "bottomleft", bold=True)
        tx.text(surface, tx.fit(second, tx.small(14, s), room), (rect.x + int(12 * s), rect.centery + int(2 * s)),
                tx.small(14, s), theme.muted, "topleft")

    def _participants_heading(self, size: int, width: int) -> str:
        """The heading over the participants, the longest form that fits ``width`` pixels: at
        800x560 at Larger text it ran past the window's edge, "… to add or rem" ("… para jun")."""
        n = self._chosen_count()
        forms = (_("Participants ({n} chosen): click, or Space on the one ringed, to add or remove"),
                 _("Participants ({n} chosen): click to add or remove"), _("Participants ({n} chosen)"))
        return tx.first_fitting([form.format(n=n) for form in forms], size, width)

    def _participants_scroll_hint(self, above: int, below: int, size: int) -> str:
        """The line under a grid of participants longer than its room: how many are above and
        below and how to bring them, the arrow keys too where there is room (half the grid's
        width beside the line on forgetting an outside player), as the standings' line says it.
        Only "scroll" was said ("use the mouse wheel" in Portuguese), though the keys go there."""
        forms = [_("{above} above, {below} below: scroll, or use the arrow keys"),
                 _("{above} above, {below} below: scroll")]
        room = self.players_area.width // (2 if any(self.remove_buttons) else 1)
        said = [form.format(above=above, below=below) for form in forms]
        return next((line for line in said if tx.ui_font(size).size(line)[0] <= room), said[-1])

    def _draw_setup(self, surface: pygame.Surface, theme: Theme) -> None:
        s = self._scale()
        pad = int(20 * s)
        tx.text(surface, _("Tournament"), (pad + int(130 * s), pad + int(19 * s)), int(28 * s), theme.text,
                "midleft", bold=True)
        left = pad * 2 + int(340 * s)
        if self.offer is not None:
            self._draw_offer(surface, theme)
        tx.text(surface, self._participants_heading(int(16 * s), self.players_area.right - left),
                (left, self.label_y), int(16 * s), theme.muted)
        above, below = self.players_hidden
        hint_right = self.players_area.right
        if above or below:  # more than the grid shows: the wheel scrolls it, and Tab or the arrows
            hint = self._participants_scroll_hint(above, below, int(16 * s))
            drawn = tx.text(surface, hint, (self.players_area.right, self.players_area.bottom + int(4 * s)),
                            int(16 * s), theme.muted, "topright")
            hint_right = drawn.x - int(16 * s)
        if any(self.remove_buttons):  # how an outside player is taken out for good
            hint = tx.fit(_("× forgets an outside player (nothing is deleted)"), int(16 * s), hint_right - left)
            tx.text(surface, hint, (left, self.players_area.bottom + int(4 * s)), int(16 * s), theme.muted)
        # the field for outside players
        rect = self.entry.rect
        self.entry.draw(surface, theme, s)
        if self.adding is not None or self.checking is not None:  # a player added, or those chosen as Start is pressed
            said = self.checking_words() if self.checking is not None else _("Loading…")
            tx.text(surface, tx.fit(said, int(14 * s), self.players_area.right - rect.x), (rect.x, rect.y - int(6 * s)),
                    int(14 * s), theme.muted, "bottomleft")
        start = self.buttons[7]
        above = start.rect.y - self._place_start_refusal(start)  # the games counted over why Start is greyed
        self.start_refusal.draw(surface, theme, s)
        total = games_in(self._chosen_count(), GAMES[self.games_index])
        tx.text(surface, _("{g} games").format(g=total), (pad + int(170 * s), above - int(8 * s)),
                int(16 * s), theme.muted, "midbottom")
