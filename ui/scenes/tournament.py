"""The tournament screen: set up a round robin, watch it run, read the tables, save the results.

Setup: the game (and its options), the participants (our levels and named players, plus outside
players: a Python file, ``file.py:*`` for all its players, or ``gtp:COMMAND``), games per pair,
seconds per move, processes, and whether to watch the games.  Running: a progress bar, the
crosstable and the standings filling in as games finish, a chart of the ratings (Elo with its
95% interval), the latest results with forfeit reasons, and optionally the game being played.

The games run in worker processes (ai.tournament.Tournament, driven with ``start``/``poll``), so
the window keeps its frame rate; leaving the screen cancels the tournament and kills them.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

import ai
import games
from ai.tournament import GameFinished, GameStarted, MovePlayed, Standing, Summary, Tournament, TournamentDone
from ai.tournament import crosstable as make_crosstable
from ai.tournament import standings as make_standings
from ui import outside_players, words
from ui import text as tx
from ui.board_view import Overlay
from ui.i18n import _
from ui.outside_players import discover as _discover
from ui.outside_players import short
from ui.scenes.base import Scene
from ui.theme import Theme
from ui.widgets import Button, Messages, card, mix

TIMES = (0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
GAMES = (1, 2, 3, 5, 10, 20, 50)
OPENINGS = (0, 2, 4, 6)  # random plies before each round: deterministic players would replay one game


class TournamentScene(Scene):
    """Setup, live progress and results of one round robin."""

    def __init__(self, app: Any, game_id: str | None = None, on_back: Callable[[], None] | None = None,
                 on_replay: Callable[[Any], None] | None = None) -> None:
        """``on_back``: leave the screen (default ``app.show_menu``); ``on_replay(record)``: open a
        finished game (a games.record.GameRecord) in the replay viewer, if the window offers it."""
        super().__init__(app)
        self.on_back = on_back
        self.on_replay = on_replay or self._open_replay
        self.away = False  # True while a replay opened from here is shown: keep the tournament going
        ids = games.available_ids()
        self.game_ids = [g for g in ids if _has_engine(g)] or ids
        self.game_index = self.game_ids.index(game_id) if game_id in self.game_ids else 0
        self.games_index = 1  # 2 games each way per pair
        self.time_index = 2  # 0.5 s
        self.openings_index = 0  # from the initial position
        self.jobs = max(1, min(2, os.cpu_count() or 1))
        self.watch = True
        self.options: dict[str, Any] = {}
        self.outside: dict[str, list[tuple[str, str]]] = {}  # game id -> [(player id, title)]
        self.selected: set[str] = set()
        self.entry = ""  # the text field for adding an outside player
        self.entry_focus = False
        self.adding: threading.Thread | None = None
        self.added: list[tuple[str, Any]] = []  # results of the adding thread, picked up in update()
        self.messages = Messages()
        self.tournament: Tournament | None = None
        self.table: list[Standing] = []
        self.recent: list[tuple[int, Any]] = []  # (game number, GameResult), newest last
        self.live: dict[int, dict[str, Any]] = {}  # game number -> {"ids", "state", "last"}
        self.watching: int | None = None
        self.titles: dict[str, str] = {}
        self.pinned = False  # the user picked a finished game to look at: do not follow live games
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.view = None
        self.saved: list[Path] = []
        self.save_folder: Path | None = None  # None: Documents/Tabuleiro/tournaments
        self.buttons: list[Button] = []
        self.player_buttons: list[Button] = []
        self.size = (1280, 800)
        self.remembered: list[str] = []
        self.offered: set[str] = set()  # games the remembered players were tried on
        self._load_remembered()
        self._select_defaults()
        self._build()

    # -- helpers -----------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game_ids[self.game_index]

    @property
    def running(self) -> bool:
        return self.tournament is not None and self.tournament.is_running()

    def players(self) -> list[tuple[str, str]]:
        """(id, title) of everyone who can enter: ours, then the outside players added."""
        ours = [(p.id, words.player_title(p.title)) for p in ai.catalog(self.game_id)]
        return ours + self.outside.get(self.game_id, [])

    def _name(self, player_id: str) -> str:
        """The title shown for a player ("Level 3", "Aluno 42 (alunos.py)")."""
        if player_id not in self.titles:
            self.titles.update(self.players())
        return self.titles.get(player_id) or short(player_id)

    def _select_defaults(self) -> None:
        ids = [pid for pid, _title in self.players()]
        self.selected = set(ids[:4]) if len(ids) >= 4 else set(ids)
        info = games.info(self.game_id)
        self.options = {o.name: o.default for o in info.options}
        self._offer_remembered()

    def _scale(self) -> float:
        app_scale = getattr(self.app, "scale", None)
        if isinstance(app_scale, (int, float)):
            return float(app_scale)
        return max(0.7, min(1.6, min(self.size[0] / 1280, self.size[1] / 800)))

    # -- buttons -------------------------------------------------------------------------------
    def _build(self) -> None:
        """(Re)create the buttons for the current phase; positions are set in ``_layout``."""
        b = Button
        if self.tournament is None:
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                b("<", lambda: self._cycle_game(-1)),
                b(">", lambda: self._cycle_game(1)),
                b("", lambda: self._cycle("games_index", GAMES)),
                b("", lambda: self._cycle("time_index", TIMES)),
                b("", self._cycle_jobs),
                b("", self._toggle_watch),
                b(_("Add player"), self._add_outside, "Enter"),
                b(_("Start"), self._start, primary=True),
                b("", lambda: self._cycle("openings_index", OPENINGS)),
            ]
            self.option_buttons = [b("", lambda o=o: self._cycle_option(o)) for o in games.info(self.game_id).options]
            self.buttons += self.option_buttons
            self.player_buttons = [b(title, lambda pid=pid: self._toggle_player(pid)) for pid, title in self.players()]
        else:
            self.buttons = [
                b(_("Back"), self._back, "Esc"),
                b(_("Stop"), self._stop),
                b(_("Save results"), self._save, "S"),
                b(_("New tournament"), self._new),
                b(_("Watch"), self._toggle_watch),
                b(_("Replay game"), self._replay, "R"),
            ]
            self.option_buttons = []
            self.player_buttons = []
        self._layout()

    def _layout(self) -> None:
        w, h = self.size
        s = self._scale()
        pad, bh = int(20 * s), int(38 * s)
        if self.tournament is None:
            (back, prev, nxt, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b) = self.buttons[:10]
            back.rect = pygame.Rect(pad, pad, int(110 * s), bh)
            prev.rect = pygame.Rect(pad, int(110 * s), bh, bh)
            nxt.rect = pygame.Rect(pad + int(300 * s), int(110 * s), bh, bh)
            y = int(170 * s)
            for ob in self.option_buttons:
                ob.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            y += int(10 * s)
            for btn in (games_b, openings_b, time_b, jobs_b, watch_b):
                btn.rect = pygame.Rect(pad, y, int(340 * s), bh)
                y += bh + int(8 * s)
            start.rect = pygame.Rect(pad, h - pad - int(52 * s), int(340 * s), int(52 * s))
            # participants: a grid of toggles on the right
            left = pad * 2 + int(340 * s)
            area = pygame.Rect(left, int(110 * s), w - left - pad, h - int(110 * s) - pad - int(120 * s))
            cols = max(1, area.width // int(260 * s))
            cw = (area.width - (cols - 1) * int(8 * s)) // cols
            for i, pb in enumerate(self.player_buttons):
                r, c = divmod(i, cols)
                pb.rect = pygame.Rect(area.x + c * (cw + int(8 * s)), area.y + r * (bh + int(8 * s)), cw, bh)
                pb.visible = pb.rect.bottom <= area.bottom
            self.entry_rect = pygame.Rect(left, h - pad - int(52 * s), area.width - int(190 * s), int(52 * s))
            add_b.rect = pygame.Rect(self.entry_rect.right + int(10 * s), self.entry_rect.y, int(180 * s), int(52 * s))
        else:
            x = pad
            for btn in self.buttons:
                width = int((110 if btn.label in (_("Back"), _("Stop"), _("Watch")) else 170) * s)
                btn.rect = pygame.Rect(x, pad, width, bh)
                x += width + int(10 * s)

    def _refresh_labels(self) -> None:
        if self.tournament is None:
            _back, _p, _n, games_b, time_b, jobs_b, watch_b, add_b, start, openings_b = self.buttons[:10]
            n = GAMES[self.games_index]
            games_b.label = _("Games per pair: {n} + {n}").format(n=n)
            openings_b.label = _("Random opening moves: {n}").format(n=OPENINGS[self.openings_index])
            time_b.label = _("Time per move: {t:g} s").format(t=TIMES[self.time_index])
            jobs_b.label = _("Processes: {j}").format(j=self.jobs)
            watch_b.label = _("Watch the games: {v}").format(v=_("on") if self.watch else _("off"))
            watch_b.active = self.watch
            start.enabled = len(self.selected) >= 2
            add_b.enabled = self.adding is None and bool(self.entry.strip())
            for ob, o in zip(self.option_buttons, games.info(self.game_id).options):
                ob.label = f"{_(o.label)}: {self.options[o.name]}"
            for pb, (pid, _title) in zip(self.player_buttons, self.players()):
                pb.active = pid in self.selected
        else:
            back, stop, save, new, watch, replay = self.buttons
            replay.visible = self.on_replay is not None
            replay.enabled = self._finished_shown() is not None
            stop.enabled = self.running
            save.enabled = bool(self.tournament.results)
            new.enabled = not self.running
            watch.active = self.watch

    # -- actions ----------------------------------------------------------------------------------
    def _back(self) -> None:
        self.close()
        (self.on_back or self.app.show_menu)()

    def _cycle_game(self, step: int) -> None:
        self.game_index = (self.game_index + step) % len(self.game_ids)
        self._select_defaults()
        self._build()

    def _cycle(self, attr: str, values: tuple) -> None:
        setattr(self, attr, (getattr(self, attr) + 1) % len(values))

    def _cycle_jobs(self) -> None:
        self.jobs = self.jobs % max(1, os.cpu_count() or 1) + 1

    def _cycle_option(self, option) -> None:
        values = list(option.choices) if option.choices else (
            [False, True] if option.kind is bool else
            list(range(option.minimum, option.maximum + 1)) if option.kind is int and option.maximum is not None
            else [option.default])
        current = self.options.get(option.name, option.default)
        i = values.index(current) if current in values else -1
        self.options[option.name] = values[(i + 1) % len(values)]

    def _toggle_watch(self) -> None:
        self.watch = not self.watch

    def _toggle_player(self, pid: str) -> None:
        self.selected.symmetric_difference_update({pid})

    def _add_outside(self) -> None:
        """Add the file (or ``gtp:`` command) typed in the field; a file is loaded in a thread."""
        entry = self.entry.strip().strip('"')
        if not entry or self.adding is not None:
            return
        game_id, options = self.game_id, dict(self.options)

        def work() -> None:
            try:
                self.added.append(("ok", (game_id, _discover(game_id, entry, options), True)))
            except Exception as exc:  # shown to the user; the window goes on
                self.added.append(("error", str(exc)))

        self.adding = threading.Thread(target=work, daemon=True)
        self.adding.start()

    def _offer_remembered(self) -> None:
        """Try the remembered outside players on this game (in a thread); keep those that load."""
        game_id, options = self.game_id, dict(self.options)
        todo = [pid for pid in self.remembered if pid not in {p for p, _t in self.outside.get(game_id, [])}]
        if not todo or game_id in self.offered:
            return
        self.offered.add(game_id)

        def work() -> None:
            for entry in todo:
                try:
                    self.added.append(("ok", (game_id, _discover(game_id, entry, options), False)))
                except Exception:  # a remembered player of another game: not offered here
                    continue

        threading.Thread(target=work, daemon=True).start()

    def _finished_shown(self) -> Any:
        """The result of the finished game on the board, if that is what is shown."""
        game = self.live.get(self.watching) if self.watching is not None else None
        return game.get("result") if game is not None else None

    def _replay(self) -> None:
        result = self._finished_shown()
        if result is None or self.on_replay is None:
            return
        from dataclasses import replace

        from games.record import GameRecord, RecordError, Side

        try:
            record = GameRecord.from_dict(result.to_json())
        except RecordError as exc:
            self.messages.add(str(exc), "error")
            return
        # the players by the names this screen shows ("Level 2", not "level-2")
        record = replace(record, players=tuple(Side(p.id, self._name(p.id) if p.id else p.title)
                                               for p in record.players))
        self.on_replay(record)

    def _open_replay(self, record: Any) -> None:
        """The replay viewer on a finished game; its Back returns here, the tournament going on."""
        def come_back() -> None:
            self.away = False
            self.app.switch(self)

        self.away = True
        self.app.open_replay(record, on_back=come_back)

    def _start(self) -> None:
        ids = [pid for pid, _title in self.players() if pid in self.selected]
        if len(ids) < 2:
            self.messages.add(_("Pick at least two players"), "warn")
            return
        try:
            self.tournament = Tournament(self.game_id, ids, self.options, GAMES[self.games_index],
                                         TIMES[self.time_index], self.jobs, seed=int(time.time()) % 100000,
                                         watch=True, in_process=False,
                                         opening_plies=OPENINGS[self.openings_index])
        except ValueError as exc:
            self.messages.add(str(exc), "error")
            self.tournament = None
            return
        self.table = make_standings(ids, [])
        self.recent, self.live, self.watching, self.saved = [], {}, None, []
        self.game = games.load(self.game_id, **self.options)
        try:
            from ui.views import make_view

            self.view = make_view(self.game)
        except (ImportError, AttributeError):
            self.view = None
        self.tournament.start()
        self._build()

    def _stop(self) -> None:
        if self.tournament is not None:
            self.tournament.cancel()
            self.messages.add(_("Tournament stopped"), "info")

    def _new(self) -> None:
        self.close()
        self.tournament = None
        self._build()

    def _save(self) -> None:
        from ai.commands.tournament import write_results

        t = self.tournament
        if t is None or not t.results:
            return
        folder = self.save_folder or _documents() / "Tabuleiro" / "tournaments"
        name = f"{t.game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            if not t.is_running():
                t.elapsed = t.elapsed or 0.0
            self.saved = write_results(Summary.of(t), str(folder / name))
            self.messages.add(_("Saved {path}").format(path=self.saved[0]), "info", 6.0)
        except OSError as exc:
            self.messages.add(_("Could not save: {e}").format(e=exc), "error")

    # -- the scene interface ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for btn in self.buttons + self.player_buttons:
            if btn.handle(event):
                self._refresh_labels()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tournament is None:
            self.entry_focus = self.entry_rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.tournament is not None:
            self._click_results(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT and self.entry_focus:
            self.entry += event.text

    def _key(self, event: pygame.event.Event) -> None:
        if self.entry_focus and self.tournament is None:
            if event.key == pygame.K_BACKSPACE:
                self.entry = self.entry[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._add_outside()
            elif event.key == pygame.K_ESCAPE:
                self.entry_focus = False
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.entry += _clipboard()
            return
        if event.key == pygame.K_ESCAPE:
            self._back()
        elif event.key == pygame.K_s and self.tournament is not None:
            self._save()
        elif event.key == pygame.K_r and self.tournament is not None:
            self._replay()

    def _click_results(self, pos: tuple[int, int]) -> None:
        """A click on a recent result shows that game's final position; a click on the board follows
        the live games again."""
        for rect, number in getattr(self, "_recent_rects", []):
            if rect.collidepoint(pos):
                self.watching, self.pinned = number, True
                return
        if self.board_rect.collidepoint(pos):
            self.pinned = False

    def redraw_interval(self) -> float | None:
        """10 times a second while games run (every frame while the watched move animates), twice a
        second for the text field's caret or while a player is being added; otherwise after input."""
        if self.view is not None and self.view.is_animating():
            return 0.0
        if self.running or self.adding is not None:
            return 0.1
        if self.entry_focus:
            return 0.5
        return None

    def update(self, dt: float) -> None:
        if self.added or self.tournament is not None:
            self.invalidate()  # results arrived or the last events of a finished run
        while self.added:
            kind, data = self.added.pop(0)
            self.adding = None
            if kind == "error":
                self.messages.add(data, "error")
                continue
            game_id, found, typed = data
            known = {pid for pid, _t in self.outside.get(game_id, [])}
            new = [(pid, title) for pid, title in found if pid not in known]
            self.outside.setdefault(game_id, []).extend(new)
            if typed:
                self.selected.update(pid for pid, _t in new)
                self.entry = ""
                self.messages.add(_("Added {n} player(s)").format(n=len(new)) if new else _("Already in the list"))
                self._remember(new)
            if self.tournament is None:
                self._build()
        if self.tournament is not None:
            self._poll()
        self._refresh_labels()

    def _load_remembered(self) -> None:
        """The outside players the window remembers (``settings.outside_players``)."""
        self.remembered = outside_players.remembered(self.app)

    def _remember(self, new: list[tuple[str, str]]) -> None:
        """Remember added outside players in the settings, so they are offered next time too."""
        ids = [pid for pid, _title in new if pid not in self.remembered]
        if ids:
            self.remembered += ids
            problem = outside_players.remember(self.app, ids)
            if problem:
                self.messages.add(problem, "warn")

    def _poll(self) -> None:
        t = self.tournament
        changed = False
        for event in t.poll():
            if isinstance(event, GameStarted):
                self.live[event.number] = {"ids": event.players, "state": self.game.initial_state(), "last": None,
                                           "before": None}
                shown = self.live.get(self.watching) if self.watching is not None else None
                if not self.pinned and (shown is None or "result" in shown):
                    self.watching = event.number
            elif isinstance(event, MovePlayed):
                game = self.live.get(event.number)
                if game is not None:
                    try:
                        before = game["state"]
                        move = self.game.parse_move(before, event.move)
                        game["before"], game["state"], game["last"] = before, before.play(move), move
                        if self.view is not None and event.number == self.watching:
                            self.view.move_shown(before, move, game["state"])
                    except ValueError:
                        pass
            elif isinstance(event, GameFinished):
                self.recent.append((event.number, event.result))
                self.recent = self.recent[-200:]
                if event.number in self.live:
                    self.live[event.number]["result"] = event.result
                changed = True
            elif isinstance(event, TournamentDone):
                if event.error:
                    self.messages.add(_("The tournament failed: {e}").format(e=event.error), "error")
                else:
                    text = _("Tournament stopped") if event.cancelled else _("Tournament finished in {s:.0f} s")
                    self.messages.add(text.format(s=event.elapsed), "info", 6.0)
        if changed:
            self.table = make_standings(t.player_ids, t.finished())
        # keep at most the watched game and the running ones
        done = [n for n, g in self.live.items() if "result" in g and n != self.watching]
        for n in done:
            del self.live[n]
        if not self.pinned and self.watching in self.live and "result" in self.live[self.watching]:
            running = [n for n, g in self.live.items() if "result" not in g]
            if running and self.watch:
                self.watching = min(running)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._layout()

    def close(self) -> None:
        if self.tournament is not None and not self.away:
            self.tournament.cancel()

    # -- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        theme = self.theme
        surface.fill(theme.background)
        self._refresh_labels()
        if self.tournament is None:
            self._draw_setup(surface, theme)
        else:
            self._draw_running(surface, theme)
        s = self._scale()
        for btn in self.buttons + self.player_buttons:
            btn.draw(surface, theme, s)
        self.messages.draw(surface, theme, (self.size[0] // 2, self.size[1] - int(20 * s)), s, self.size[0] - 40)

    def _draw_setup(self, surface: pygame.Surface, theme: Theme) -> None:
        s = self._scale()
        pad = int(20 * s)
        tx.text(surface, _("Tournament"), (pad + int(130 * s), pad + int(19 * s)), int(28 * s), theme.text,
                "midleft", bold=True)
        title = words.title(games.info(self.game_id))
        tx.text(surface, title, (pad + int(170 * s), int(110 * s) + int(19 * s)), int(22 * s), theme.text,
                "center", bold=True)
        left = pad * 2 + int(340 * s)
        tx.text(surface, _("Participants ({n} chosen): click to add or remove").format(n=len(self.selected)),
                (left, int(78 * s)), int(16 * s), theme.muted)
        # the field for outside players
        rect = self.entry_rect
        card(surface, rect, mix(theme.panel, theme.text, 0.04), int(8 * s),
             theme.accent if self.entry_focus else mix(theme.panel, theme.text, 0.2), max(1, int(2 * s)))
        shown = self.entry or _("Outside player: path/to/file.py[:name or *] or gtp:COMMAND")
        color = theme.text if self.entry else theme.muted
        value = tx.fit(shown, int(16 * s), rect.width - int(24 * s))
        r = tx.text(surface, value, (rect.x + int(12 * s), rect.centery), int(16 * s), color, "midleft")
        if self.entry_focus and int(time.monotonic() * 2) % 2 == 0:
            x = r.right + 2 if self.entry else rect.x + int(12 * s)
            pygame.draw.line(surface, theme.text, (x, rect.y + int(12 * s)), (x, rect.bottom - int(12 * s)), 2)
        if self.adding is not None:
            tx.text(surface, _("Loading…"), (rect.x, rect.y - int(6 * s)), int(14 * s), theme.muted, "bottomleft")
        n = len(self.selected)
        total = n * (n - 1) * GAMES[self.games_index]
        tx.text(surface, _("{g} games").format(g=total), (pad + int(170 * s), self.buttons[8].rect.y - int(8 * s)),
                int(16 * s), theme.muted, "midbottom")

    def _draw_running(self, surface: pygame.Surface, theme: Theme) -> None:
        t = self.tournament
        s = self._scale()
        w, h = self.size
        pad = int(20 * s)
        top = pad + int(38 * s) + int(16 * s)
        # progress
        done, total = len(t.results), t.total
        bar = pygame.Rect(pad, top, w - 2 * pad, int(22 * s))
        card(surface, bar, mix(theme.panel, theme.text, 0.06), bar.height // 2)
        if done:
            fill = bar.copy()
            fill.width = max(bar.height, int(bar.width * done / total))
            card(surface, fill, theme.accent, bar.height // 2)
        status = _("{game}: {done}/{total} games, {t:g} s per move").format(
            game=words.title(games.info(t.game_id)), done=done, total=total, t=t.time_per_move)
        if not t.is_running():
            status += "  -  " + (_("stopped") if t.cancelled else _("finished"))
        tx.text(surface, status, (bar.x + int(10 * s), bar.centery), int(14 * s), theme.text, "midleft", bold=True)
        top = bar.bottom + int(14 * s)
        # layout: tables on the left, chart / board / results on the right
        split = int(w * (0.56 if self.watch and self.view is not None else 0.62))
        left = pygame.Rect(pad, top, split - pad - int(10 * s), h - top - pad - int(30 * s))
        right = pygame.Rect(split + int(10 * s), top, w - split - int(10 * s) - pad, left.height)
        order = self.table
        ch = self._draw_crosstable(surface, theme, pygame.Rect(left.x, left.y, left.width, left.height // 2 - 6), order)
        self._draw_standings(surface, theme, pygame.Rect(left.x, left.y + ch + int(12 * s), left.width,
                                                          left.height - ch - int(12 * s)), order)
        if self.watch and self.view is not None:
            gap = int(10 * s)
            board_h = int(right.height * 0.5)
            chart_h = int(right.height * 0.26)
            self.board_rect = pygame.Rect(right.x, right.y, right.width, board_h)
            self._draw_board(surface, theme, self.board_rect)
            self._draw_chart(surface, theme, pygame.Rect(right.x, right.y + board_h + gap, right.width, chart_h), order)
            y = right.y + board_h + chart_h + 2 * gap
            self._draw_recent(surface, theme, pygame.Rect(right.x, y, right.width, right.bottom - y))
        else:
            chart_h = int(right.height * 0.5)
            self._draw_chart(surface, theme, pygame.Rect(right.x, right.y, right.width, chart_h), order)
            self._draw_recent(surface, theme, pygame.Rect(right.x, right.y + chart_h + int(10 * s), right.width,
                                                          right.height - chart_h - int(10 * s)))

    def _panel(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect, title: str) -> pygame.Rect:
        s = self._scale()
        card(surface, rect, theme.panel, int(10 * s), mix(theme.panel, theme.text, 0.12))
        tx.text(surface, title, (rect.x + int(12 * s), rect.y + int(8 * s)), int(15 * s), theme.text, bold=True)
        return rect.inflate(-int(24 * s), -int(16 * s)).move(0, int(14 * s))

    def _draw_crosstable(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> int:
        t = self.tournament
        n = len(order)
        s = self._scale()
        row_h = max(14, min(int(26 * s), (rect.height - int(50 * s)) // max(1, n + 1)))
        height = int(40 * s) + row_h * (n + 1)
        inner = self._panel(surface, theme, pygame.Rect(rect.x, rect.y, rect.width, height),
                            _("Crosstable (points of the row against the column)"))
        cross = make_crosstable(t.player_ids, t.finished())
        size = max(10, int(row_h * 0.55))
        name_w = min(int(inner.width * 0.38), max(tx.ui_font(size).size(self._name(st.player))[0] for st in order) + 30)
        cell_w = max(20, min(int(90 * s), (inner.width - name_w) // max(1, n)))
        y = inner.y + int(6 * s)
        for j in range(n):
            tx.text(surface, str(j + 1), (inner.x + name_w + j * cell_w + cell_w // 2, y + row_h // 2), size,
                    theme.muted, "center")
        for i, st in enumerate(order):
            y += row_h
            label = tx.fit(f"{i + 1}. {self._name(st.player)}", size, name_w - 6)
            tx.text(surface, label, (inner.x, y + row_h // 2), size, theme.text, "midleft")
            for j, other in enumerate(order):
                cell = pygame.Rect(inner.x + name_w + j * cell_w + 1, y + 1, cell_w - 2, row_h - 2)
                if other.player == st.player:
                    pygame.draw.rect(surface, mix(theme.panel, theme.text, 0.08), cell)
                    continue
                pts, games_n = cross[st.player][other.player]
                if games_n:
                    frac = pts / games_n
                    colour = mix(theme.side1, theme.side0, frac)
                    pygame.draw.rect(surface, mix(theme.panel, colour, 0.45), cell, border_radius=3)
                    # "1 of 2": never "1/2", which reads as a half point
                    tx.text(surface, tx.fit(_("{points} of {games}").format(points=f"{pts:g}", games=games_n), size,
                                            cell.width - 2), cell.center, size, theme.text, "center")
        return height

    def _draw_standings(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> None:
        s = self._scale()
        inner = self._panel(surface, theme, rect, _("Standings (win 1, draw ½; Elo mean 0 with its 95% interval, "
                                                    "from {n} games on)").format(n=MIN_RATED_GAMES))
        n = len(order)
        row_h = max(14, min(int(26 * s), (inner.height - int(10 * s)) // max(1, n + 1)))
        size = max(10, int(row_h * 0.55))
        columns = [(_("Player"), 0.0, "midleft"), (_("Pts"), 0.46, "midright"), (_("W"), 0.54, "midright"),
                   (_("D"), 0.61, "midright"), (_("L"), 0.68, "midright"), (_("Forf."), 0.78, "midright"),
                   (_("Elo"), 0.99, "midright")]
        y = inner.y + int(6 * s)
        for label, fx, anchor in columns:
            x = inner.x + int(fx * inner.width)
            tx.text(surface, label, (x, y + row_h // 2), size, theme.muted, anchor, bold=True)
        for st in order:
            y += row_h
            if y + row_h > inner.bottom + int(14 * s):
                break
            values = [tx.fit(f"{st.rank}. {self._name(st.player)}", size, int(inner.width * 0.40)), f"{st.points:g}",
                      str(st.wins), str(st.draws), str(st.losses), str(st.forfeits), elo_label(st)]
            for (label, fx, anchor), value in zip(columns, values):
                colour = theme.invalid if label == _("Forf.") and st.forfeits else theme.text
                tx.text(surface, value, (inner.x + int(fx * inner.width), y + row_h // 2), size, colour, anchor)

    def _draw_chart(self, surface, theme: Theme, rect: pygame.Rect, order: list[Standing]) -> None:
        """Elo of each player with its 95% interval, best at the top; the axis at 0."""
        s = self._scale()
        inner = self._panel(surface, theme, rect, _("Ratings (Elo, 95% interval)"))
        rated = [st for st in order if st.games >= MIN_RATED_GAMES and not st.elo_bound]
        if not rated:
            note = (_("Ratings appear after {n} games each").format(n=MIN_RATED_GAMES) if self.recent
                    else _("Waiting for the first results…"))
            tx.text(surface, note, inner.center, int(15 * s), theme.muted, "center")
            return
        low = min(min(st.elo_low for st in rated), 0.0) - 20
        high = max(max(st.elo_high for st in rated), 0.0) + 20
        label_w = int(inner.width * 0.32)
        axis = pygame.Rect(inner.x + label_w, inner.y + int(8 * s), inner.width - label_w - int(8 * s),
                           inner.height - int(30 * s))

        def x_of(v: float) -> int:
            return axis.x + int((v - low) / (high - low) * axis.width)

        row_h = max(10, axis.height // max(1, len(order)))
        size = max(10, min(int(15 * s), int(row_h * 0.6)))
        pygame.draw.line(surface, theme.muted, (x_of(0), axis.y), (x_of(0), axis.bottom), 1)
        for i, st in enumerate(order):
            cy = axis.y + i * row_h + row_h // 2
            tx.text(surface, tx.fit(self._name(st.player), size, label_w - 10), (inner.x, cy), size, theme.text,
                    "midleft")
            if st not in rated:
                continue
            colour = theme.side0 if st.elo >= 0 else theme.side1
            bar = pygame.Rect(min(x_of(0), x_of(st.elo)), cy - row_h // 4, abs(x_of(st.elo) - x_of(0)) + 1, row_h // 2)
            pygame.draw.rect(surface, mix(theme.panel, colour, 0.6), bar, border_radius=3)
            pygame.draw.line(surface, theme.text, (x_of(st.elo_low), cy), (x_of(st.elo_high), cy), max(1, int(2 * s)))
            for v in (st.elo_low, st.elo_high):
                pygame.draw.line(surface, theme.text, (x_of(v), cy - row_h // 5), (x_of(v), cy + row_h // 5), 1)
            pygame.draw.circle(surface, theme.text, (x_of(st.elo), cy), max(3, int(4 * s)))
        for v in (low + 20, 0.0, high - 20):
            tx.text(surface, f"{v:+.0f}", (x_of(v), axis.bottom + int(4 * s)), int(12 * s), theme.muted, "midtop")

    def _draw_board(self, surface, theme: Theme, rect: pygame.Rect) -> None:
        s = self._scale()
        game = self.live.get(self.watching) if self.watching is not None else None
        title = _("Watching")
        if game is not None:
            a, b = (self._name(p) for p in game["ids"])
            title = _("Game {n}: {a} vs {b}").format(n=self.watching, a=a, b=b)
            if self.pinned:
                title += "  " + _("(click the board to follow the live games)")
        if game is None and self.recent and not self.running:  # over: show the last game played
            number, result = self.recent[-1]
            self.watching = number
            self._replay_slot(number, result)
            game = self.live.get(number)
            if game is not None:
                a, b = (self._name(p) for p in game["ids"])
                title = _("Game {n}: {a} vs {b}").format(n=number, a=a, b=b)
        inner = self._panel(surface, theme, rect, title)
        if game is None:
            waiting = _("Waiting for a game…") if self.running else _("No game to show")
            tx.text(surface, waiting, inner.center, int(15 * s), theme.muted, "center")
            return
        area = inner.inflate(-int(8 * s), -int(8 * s))
        self.view.layout(area)
        overlay = Overlay(theme=theme, last_move=game["last"], previous=game["before"], show_legal=False,
                          interactive=False, animation_speed=0.0)
        self.view.draw(surface, game["state"], overlay)

    def _draw_recent(self, surface, theme: Theme, rect: pygame.Rect) -> None:
        s = self._scale()
        inner = self._panel(surface, theme, rect, _("Latest results (click one to see its final position)"))
        size = int(13 * s)
        line_h = tx.line_height(size) + int(2 * s)
        y = inner.y + int(6 * s)
        self._recent_rects = []
        for number, r in reversed(self.recent):
            if y + line_h > rect.bottom - int(6 * s):
                break
            a, b = (self._name(p) for p in r.players)
            outcome = "½-½" if r.winner is None else ("1-0" if r.winner == 0 else "0-1")
            reason = r.reason
            for pid in r.players:
                reason = reason.replace(pid, self._name(pid))
            text = f"{number}. {a} - {b}  {outcome}  {reason}"
            colour = theme.invalid if r.forfeit else theme.text
            line = tx.fit(text, size, inner.width)
            drawn = tx.text(surface, line, (inner.x, y), size, colour)
            self._recent_rects.append((drawn, number))
            if number not in self.live:
                self._replay_slot(number, r)
            y += line_h

    def _replay_slot(self, number: int, result: Any) -> None:
        """Keep a finished game's final position available for a click (cheap: replayed once)."""
        if number == self.watching and number not in self.live:
            try:
                state = self.game.play_line(result.moves)
            except ValueError:
                return
            self.live[number] = {"ids": tuple(result.players), "state": state, "last": None, "before": None,
                                 "result": result}


MIN_RATED_GAMES = 8  # fewer games give an interval too wide to mean anything


def elo_label(st: Standing) -> str:
    """The rating as the table shows it: "+35 (-40..+110)" with its 95% interval; "–" after too few
    games; "above +95" for a perfect score (no interval: the data give no upper limit)."""
    if st.games < MIN_RATED_GAMES:
        return "–"
    value = round(st.elo) or 0
    if st.elo_bound == ">":
        return _("above {elo}").format(elo=f"{value:+d}")
    if st.elo_bound == "<":
        return _("below {elo}").format(elo=f"{value:+d}")
    return f"{value:+d} ({st.elo_low:+.0f}..{st.elo_high:+.0f})"


def _has_engine(game_id: str) -> bool:
    try:
        ai.catalog(game_id)
        return True
    except Exception:  # a game whose players are not there yet
        return False


def _documents() -> Path:
    try:
        from platformdirs import user_documents_dir

        return Path(user_documents_dir())
    except Exception:  # no documents folder on this system: the home folder
        return Path.home()


def _clipboard() -> str:
    try:
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        data = pygame.scrap.get(pygame.SCRAP_TEXT)
        return data.decode("utf-8", "ignore").rstrip("\x00") if data else ""
    except (pygame.error, AttributeError):
        return ""
