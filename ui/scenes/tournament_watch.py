"""The tournament's watched game: the game on the board shown move by move at a person's pace.

A level player at 0.1 s a move plays a Rastros or Reversi game in about a second, so the board of
the live games showed a dozen games flash past and nothing a class could follow.  The games run at
full speed in their workers as before; only the board is paced: it shows one game at a time from
its first move, a move every ``SPEEDS`` pause (the PC vs PC game's Speed: Slow, Normal, Fast, Max,
the same choice, kept with it), from the moves the worker sent so far or, for a game that has
ended meanwhile, from its record.  Its final position stays a moment (``END_HOLD`` paces), then
the next game started is shown, in the order they started, none skipped: the tournament may be
over long before the board is, and the board goes on through its games.  Max shows the moves as
they come and goes to the oldest game still being played, as the board did before.

The tables tell what the board has shown: while watching, a game's result (the standings, the
crosstable, the games counted, the latest results) comes when the board reaches its end, or at
once when the viewer skips it (Watch off, Max), and stays (a game replayed again does not hide it):
a fast league ended a game or ten ahead of the board.

Watch switched off stops the board (it is hidden while games run); on again, it starts with the
games being played, or, once none is, replays the games it left unshown (else the last game).  A
result clicked pins its final position; a click on the board, or W, goes on with the games left to watch.
The Watch button is lit only while there is something to watch: a results file dropped on the
window, or a tournament over and shown to its end while watching, plays nothing.

A game dealt to a worker says so until its first move ("Preparing game 5 of 12…", on the board and
the progress bar, once its set-up has lasted ``SET_UP_SAID_AFTER``): the worker's imports, kernels
and bots took a second or two with nothing said.  A game a Stop dropped part-way is said as dropped
("stopped at move 15: replayed on Resume"), never as a result, until Resume plays it again.

A mixin of ``TournamentScene`` (ui.scenes.tournament), which owns ``live`` (game number -> the
game's players, its moves so far, what the board shows of it) and ``watching`` (the one shown).
"""

from __future__ import annotations

from time import monotonic
from typing import Any

import pygame

from ai.match import GameResult
from ai.tournament_standings import is_withdrawal, not_played, standings
from games.move_numbers import move_asked
from ui.i18n import _
from ui.scenes.game_computer import SET_UP_SAID_AFTER, SPEEDS, speed_labels, stepped_speed, watch_speed

END_HOLD = 3  # paces the final position of a watched game stays before the next (Normal: 2.1 s)
SPEED_KEYS = {pygame.K_PLUS: 1, pygame.K_EQUALS: 1, pygame.K_KP_PLUS: 1, pygame.K_MINUS: -1, pygame.K_KP_MINUS: -1}


class WatchedGames:
    """The paced board of ``TournamentScene`` (see the module's docstring)."""

    speed: int | None = None  # an index of SPEEDS; None: not read from the settings yet
    to_watch: list[int]  # the games started while watching, not shown yet, in the order they started
    held: frozenset[int] = frozenset()  # finished games whose result the board has not reached yet
    told: frozenset[int] = frozenset()  # the games whose result the tables have shown: never taken back
    skipped: tuple[int, ...] = ()  # the games Watch switched off left unshown, for Watch on again once over
    stopped_part_way: dict[int, int]  # games a Stop dropped before their end -> the moves reached (``_note_dropped``)
    dealt_at: float = 0.0  # when the run started (``_dealing``): its first games' set-up is said from then
    run_reported: bool = False  # whether a game of the run has reported a move or its end (``_dealing``)
    set_up_said: tuple[int | None, bool] = (None, False)  # what the last frame said of set-ups (``_set_up_said_changed``)

    # -- the pace --------------------------------------------------------------------------------
    def _pace(self) -> float:
        """Seconds between two moves shown (0: Max, as they come)."""
        if self.speed is None:  # a window's kept choice (a scene driven without one: Normal)
            self.speed = watch_speed(self.app) if hasattr(self.app, "last_setup_choices") else 1
        return SPEEDS[self.speed][1]

    def _speed_label(self) -> tuple[str, str]:
        """The Speed stepper's label and its value alone ("Speed: Normal", "Normal")."""
        self._pace()
        return speed_labels(self.speed)

    def _step_speed(self, step: int) -> None:
        """Speed one faster (``step`` 1) or slower, stopping at Max and at Slow with a word as the
        game's does (``stepped_speed``), and kept as the next watched game's pace
        (``SetupChoices.watch_speed``), the game screen's too."""
        self._pace()
        speed, at_the_end = stepped_speed(self.speed, step)
        if self.messages.refuse(at_the_end):
            return
        self.speed = speed
        if hasattr(self.app, "last_setup_choices"):
            self.app.last_setup_choices().watch_speed = self.speed
            self.app.keep_setup_choices()
        if self._pace() == 0:
            self._catch_up()
        self._due_at_the_new_pace()
        self.invalidate()

    def _speed_waits(self) -> str:
        """Why Speed is greyed: it is the board's pace, and the board is not showing games (a click
        on it did nothing, not a word); "" while Watch is lit."""
        if self.watch and self._watchable():
            return ""
        if self._watchable():
            return _("Speed is the pace of the games on the board: switch Watch on first")
        return _("Speed is the pace of the games on the board: it has none left to show")

    def _due_at_the_new_pace(self) -> None:
        """The watched game's next move no later than a pace of the new Speed from now: made
        faster (Max above all), the board waited out the slower pace's last move first."""
        entry = self.live.get(self.watching) if self.watching is not None else None
        if entry is not None and "due" in entry:
            entry["due"] = min(entry["due"], monotonic() + self._pace())

    def _speed_key(self, key: int) -> bool:
        """+ and - step the speed while the board has games to show, as in a watched game."""
        if key not in SPEED_KEYS or not self._watchable():
            return False
        self._step_speed(SPEED_KEYS[key])
        return True

    # -- what there is to watch --------------------------------------------------------------
    def _playing(self, number: int) -> bool:
        """Whether game ``number`` is being played: started, not finished, the tournament running."""
        return self.running and number in self.live and "result" not in self.live[number]

    def _dealing(self) -> None:
        """The run starts (Start, Resume): its first games are dealt now, their set-up said from
        ``SET_UP_SAID_AFTER`` seconds on if no start of theirs is in by then."""
        self.dealt_at, self.run_reported = monotonic(), False

    def _preparing(self, number: int | None) -> bool:
        """Whether game ``number`` is said to be set up: dealt to a worker (its start in) at least
        ``SET_UP_SAID_AFTER`` seconds ago, nothing reported since, no move nor result.  Its worker
        makes its players then (imports, kernels, an outside bot's process: a second or two), and
        the board stood on an empty position with not a word said, as if the tournament had stuck.
        A shorter set-up (a warm worker's) is not said: it would flash, as the game screen's would."""
        entry = self.live.get(number) if number is not None else None
        return (entry is not None and self._playing(number) and not entry.get("moves") and not self._stop_heard()
                and monotonic() >= entry.get("dealt", self.dealt_at) + SET_UP_SAID_AFTER)

    def _stop_heard(self) -> bool:
        """Whether Stop (or leaving) has been heard while the run ends: its workers start no other
        game, and the one a worker is still setting up is dropped at the stop (a set-up said has
        lasted a second already, ``STOP_WAIT`` is a second), so no game is said to be prepared:
        "Preparing game 3 of 6…" stood on the board as the tournament stopped."""
        return self.tournament is not None and self.tournament.cancelled

    def _set_up_since(self) -> tuple[int, float] | None:
        """While no game reports moves, the game being set up and when it was dealt: the first one
        started that has not reported yet (since its start came), or, before any start is in (the
        workers still starting), the first game left to play (since the run started); None while
        a game is being played, or nothing runs or is to run (Stop heard: ``_stop_heard``)."""
        if not self.running or self._stop_heard():
            return None
        started = sorted(n for n in self.live if self._playing(n))
        if any(self.live[n].get("moves") for n in started):
            return None
        if started:
            return started[0], self.live[started[0]].get("dealt", self.dealt_at)
        left = self.tournament.pending()
        return (left[0].number, self.dealt_at) if left else None

    def _preparing_now(self) -> int | None:
        """The game the window says is being prepared (``_set_up_since``), once it has been for
        ``SET_UP_SAID_AFTER`` seconds; None else."""
        found = self._set_up_since()
        if found is None or monotonic() < found[1] + SET_UP_SAID_AFTER:
            return None
        return found[0]

    def set_up_wake(self) -> float | None:
        """Seconds until a game's set-up is due to be said (``_preparing_now``, ``_preparing``), for
        the window to wake then; None when none is due."""
        due = []
        found = self._set_up_since()
        if found is not None:
            due.append(found[1])
        entry = self.live.get(self.watching) if self.watching is not None else None
        if entry is not None and self._playing(self.watching) and not entry.get("moves"):
            due.append(entry.get("dealt", self.dealt_at))
        now = monotonic()
        waits = [at + SET_UP_SAID_AFTER - now for at in due if at + SET_UP_SAID_AFTER > now]
        return min(waits) if waits else None

    def _set_up_said_changed(self) -> bool:
        """Whether what is said of games being set up changed since the last frame (one said from
        now on, or its first move in): the window is drawn again then."""
        said = (self._preparing_now(), self._preparing(self.watching))
        changed, self.set_up_said = said != self.set_up_said, said
        return changed

    def _preparing_words(self, number: int) -> str:
        """What the window says of a game being set up: "Preparing game 5 of 12…", the words the
        game screen says its engine's set-up with."""
        return _("Preparing game {n} of {total}…").format(n=number, total=self.tournament.total)

    def _dropped_words(self, number: int) -> str:
        """What the window says of a game a Stop dropped before its end (``stopped_part_way``): not
        a result, it is played again from its start on Resume, and counts then.  Its move is the
        one under way, as a resignation's (``move_asked``): after 14 moves, "stopped at move 15"."""
        moves = self.stopped_part_way.get(number, 0)
        if not moves:
            return _("stopped before its first move: replayed on Resume")
        return _("stopped at move {n}: replayed on Resume").format(n=move_asked(moves))

    def _note_dropped(self) -> None:
        """The run ended: the games it started and did not finish are dropped (``stopped_part_way``:
        game number -> the moves it had reached), said so on the board and in the results list,
        never as results; a game started again (Resume) is taken out (``_started``)."""
        results = self.tournament.results if self.tournament is not None else {}
        for number, entry in self.live.items():
            if "result" not in entry and number not in results:
                self.stopped_part_way[number] = len(entry.get("moves", ()))

    def _over(self, number: int) -> bool:
        """Whether game ``number`` will get no more moves (ended, or its tournament stopped)."""
        return not self._playing(number)

    def _being_shown(self) -> bool:
        """Whether the board has games left to show: one whose moves it is still showing (or whose
        end it holds) and those queued after it, a click on the board away when a result is pinned."""
        if not self.watch:
            return False
        entry = self.live.get(self.watching) if self.watching is not None else None
        going = entry is not None and not self.pinned and entry.get("ended_at") is None
        return going or bool(self.to_watch)

    def _watchable(self) -> bool:
        """Whether there is a game to watch: games being played here, the board still going
        through the games played, or, Watch off once they are over, a game to replay (those it
        left unshown, or the last).  Not for results only shown (a file dropped), nor once the
        board has shown every game while watching: Watch is not lit then, nothing being watched."""
        replayable = not self.watch and not self.running and bool(self.recent)
        return self.viewing is None and (self.running or self._being_shown() or replayable)

    def _board_wanted(self) -> bool:
        """The board's panel: while games are played, if Watch is on; otherwise whenever it has a
        game to show (the final position of the game clicked, or of the last one; Watch off once
        they are over stops the board, it does not hide it).  A tournament stopped before any game
        ended took room from the tables for a panel titled "Watching" that said "No game to show",
        its Watch button greyed (with Watch off too): nothing was watched or could be.  A game that
        Stop dropped before its first move has nothing to show either (its board would be the empty
        start): whether its start had reached the board before the Stop was a matter of timing."""
        if self.view is None:
            return False
        if self.running:
            return self.watch
        game = self.live.get(self.watching) if self.watching is not None else None
        return bool(self.recent) or (game is not None and "state" in game and game.get("plies", 0) > 0)

    # -- the games followed ------------------------------------------------------------------------
    def _started(self, number: int) -> None:
        """Game ``number`` started: queued for the board, if watching, unless the board is on it (a
        game a Stop dropped, shown again from its start as Resume plays it again: queued as well,
        the board showed it twice); one a Stop dropped is played again, no longer dropped."""
        self.stopped_part_way.pop(number, None)
        # its worker sets its players up from now; a first game of the run, since the run began
        # (its worker was starting): said at once if the run's start was
        self.live[number]["dealt"] = monotonic() if self.run_reported else self.dealt_at
        if self.watch and number not in self.to_watch and number != self.watching:
            self.to_watch.append(number)

    def _toggle_watching(self) -> None:
        """Watch while games run: off, the board stops (hidden, its queue dropped, the results it
        held back shown); on, it starts with the games being played, each from its first move.
        Once no game is played, on again replays the games off left unshown, or else the last one:
        the button was greyed then, and a class that switched it off could not see a game again."""
        self.watch = not self.watch
        if self.watch:
            self.to_watch = self._to_watch_again()
        else:
            self.skipped, self.to_watch = tuple(self._not_reached()), []
        if not self.running and self.watch:
            self.pinned = False  # on: the games to replay, not the result clicked
        if not self.pinned and (self.watch or not self.running):
            self.watching = None  # the next game queued is shown; none: the last game's end
        self.invalidate()

    def _to_watch_again(self) -> list[int]:
        """The games Watch on shows: those being played; with none, those left unshown when it was
        switched off (``skipped``), or the last game played."""
        if self.running:
            return sorted(n for n in self.live if self._playing(n))
        results = self.tournament.results if self.tournament is not None else {}
        again = [n for n in self.skipped if n in results]
        return again or [n for n, _result in self._last_played()]

    def _not_reached(self) -> list[int]:
        """The games the board has yet to show to their end: the one on it (unless its end is shown,
        or a result clicked is pinned), then those queued.  A game still being played is not shown
        to its end, however many of its moves the board has caught up with (none yet, or every one
        in at Max): Watch off left it out, and Watch on once over did not replay it."""
        entry = self.live.get(self.watching) if self.watching is not None else None
        going = entry is not None and not self.pinned and entry.get("ended_at") is None
        return ([self.watching] if going else []) + [n for n in self.to_watch if n != self.watching]

    # -- the results the board has reached ---------------------------------------------------------
    def _unseen(self) -> frozenset[int]:
        """The finished games whose result the tables keep back: while watching, those the board
        has yet to show to their end.  A fast league ended while the board was a game or ten behind,
        and the crosstable told the result of the game the class was following; a result now comes
        when the board reaches it, or at once if the viewer skips it (Watch off, Max).  A result
        that no board will show is never kept back: a game a withdrawal settled (lost by forfeit,
        or annulled) waited for the board for good, and the standings left it out."""
        if not self.watch or self.tournament is None:
            return frozenset()
        results = self.tournament.results
        return frozenset(n for n in self._not_reached() if n in results and n not in self.told
                         and not is_withdrawal(results[n]))

    def _seen_results(self) -> list[GameResult]:
        """The finished games the tables count (``_unseen`` left out), in the order of their numbers."""
        results = self.tournament.results
        return [results[n] for n in sorted(results) if n not in self.held]

    def _count_seen(self) -> None:
        """The standings of the games whose results are shown (the tournament's own tally when none
        is held back): standings, crosstable and the games counted agree with the board."""
        t = self.tournament
        self.held = self._unseen()
        self.told = frozenset(t.results.keys() - self.held)  # replayed again (Watch on once over): still shown
        self.table = standings(t.player_ids, self._seen_results()) if self.held else t.standings()

    def _reveal_reached(self) -> bool:
        """Count the results again once the board has reached one (or they were skipped); whether it had."""
        if self.tournament is None or self._unseen() == self.held:
            return False
        self._count_seen()
        return True

    def _pin(self, number: int) -> None:
        """Game ``number`` (a result or a crosstable cell clicked) pinned on the board, its final
        position; the game the board was going through comes first again when it goes on."""
        entry = self.live.get(self.watching) if self.watching is not None else None
        interrupted = entry is not None and not self.pinned and self.watch and entry.get("ended_at") is None
        if interrupted and self.watching != number and self.watching not in self.to_watch:
            self.to_watch.insert(0, self.watching)
        self.watching, self.pinned = number, True

    def go_on_watching(self) -> None:
        """The board unpinned (a click on it, or W): it goes on with the games left to watch.  Only
        a click did it, and a player without a mouse who opened a result with Enter kept its final
        position on the board for the rest of the tournament."""
        self.pinned = False
        self.invalidate()

    def _catch_up(self) -> None:
        """At Max the board goes to the oldest game still being played (the newest game started
        if none is), as the live board did: the games queued before it are not shown."""
        playing = [n for n in self.to_watch if self._playing(n)]
        self.to_watch = playing or self.to_watch[-1:]
        if self.to_watch and not self.pinned and self.watching is not None and not self._playing(self.watching):
            self.watching = None  # a game replayed from its record gives way at once

    def _next_to_watch(self) -> int | None:
        """The next game for the board, taken from the queue; None when none is left.  A game that
        ended never played (``never_played``) is passed over: the board ended a league on "Game 6:
        ... 1-0" over an empty board, the student's file that could not be started."""
        if self._pace() == 0:
            self._catch_up()
        self.to_watch = [n for n in self.to_watch if not self.never_played(n)]
        return self.to_watch.pop(0) if self.to_watch else None

    def never_played(self, number: int | None) -> bool:
        """Whether game ``number`` has ended without being played (``not_played``: a withdrawal's,
        or lost as a player could not be started): no position for the board to show."""
        result = self.tournament.results.get(number) if self.tournament is not None else None
        return result is not None and not_played(result)

    def _show_from_the_start(self, number: int) -> None:
        """Game ``number`` on the board from its first move: its moves so far if it is being
        played, its record's if it has ended (its entry may have gone with the other finished ones)."""
        entry = self.live.get(number)
        result = self.tournament.results.get(number)
        if entry is None and result is None:
            return
        if entry is None:
            entry = self.live[number] = {"ids": tuple(result.players), "moves": list(result.moves), "result": result}
        entry.update(state=self.game.initial_state(), before=None, last=None, plies=0, due=0.0, ended_at=None)
        self.watching = number

    # -- the board, frame by frame ---------------------------------------------------------------
    def board_wake(self) -> float | None:
        """Seconds until the paced board has something to show with no input (0 when due now): the
        watched game's next move already in, at its pace's moment, or the next game queued once the
        end shown has stayed ``END_HOLD`` paces.  None while nothing is due: no move in yet (it
        comes with the tournament's news, looked for at each wake-up), a move animating (its
        frames wake the window), the board stopped, pinned or under a game opened."""
        if not self.watch or self.pinned or self.tournament is None or self.viewing is not None:
            return None
        if self.view is not None and self.view.is_animating():
            return None
        entry = self.live.get(self.watching) if self.watching is not None else None
        if entry is None:
            return 0.0 if self.to_watch else None
        now, ended = monotonic(), entry.get("ended_at")
        if ended is not None:
            return max(0.0, ended + END_HOLD * self._pace() - now) if self.to_watch else None
        if entry.get("plies", 0) < len(entry.get("moves", ())):
            return max(0.0, entry.get("due", 0.0) - now)
        return None

    def _pace_the_board(self) -> bool:
        """Show the watched game's next move when it is due, or the next game once its end has
        stayed ``END_HOLD`` paces; whether the board changed."""
        if not self.watch or self.pinned or self.tournament is None or self.viewing is not None:
            return False
        now = monotonic()
        entry = self.live.get(self.watching) if self.watching is not None else None
        if entry is None or self._end_held(entry, now):
            number = self._next_to_watch()
            if number is None:
                return False
            self._show_from_the_start(number)
            entry = self.live.get(number)
            if entry is None:
                return False
        return self._show_due_moves(entry, now)

    def _end_held(self, entry: dict[str, Any], now: float) -> bool:
        """Whether the watched game has been shown to its end and its final position held."""
        ended = entry.get("ended_at")
        return ended is not None and now >= ended + END_HOLD * self._pace()

    def _show_due_moves(self, entry: dict[str, Any], now: float) -> bool:
        """The moves of ``entry`` due by ``now`` onto the board (at Max, every one known), the last
        one animated; its end noted once every move is shown and no more will come."""
        moves, pace, shown = entry.get("moves", []), self._pace(), False
        while entry.get("plies", 0) < len(moves) and now >= entry.get("due", 0.0):
            before = entry["state"]
            try:
                move = self.game.parse_move(before, moves[entry["plies"]])
                after = before.play(move)
            except ValueError:  # a move the rules refuse: the game is shown up to it
                entry["plies"] = len(moves)
                break
            entry.update(before=before, state=after, last=move, plies=entry["plies"] + 1, due=now + pace)
            shown = True
            if pace > 0:
                break
        if shown and self.view is not None:
            self.view.move_shown(entry["before"], entry["last"], entry["state"])
        if entry.get("ended_at") is None and entry.get("plies", 0) >= len(moves) and self._over(self.watching):
            entry["ended_at"] = now
            shown = True
        return shown
