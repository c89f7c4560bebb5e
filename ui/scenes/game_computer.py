"""The computer's side of the game screen: its moves and the hints, searched in an AI worker.

``ComputerMoves`` keeps the worker process (spawned with the screen, so that the first computer
move does not wait for it), the search under way (a move or a hint) and its progress, and a reply
that came in but waits for its moment: no sooner than a short pause after the move before (Human
vs PC), or the speed chosen (PC vs PC, which Pause holds and Step releases), and never while the
player looks at an earlier position.  A reply is judged by the turn rules (``ai.referee``) as in a
match.

Before the game's first move it has the worker load each outside player (a student's bot) as its
first move would: a file broken since it was chosen (remembered in the settings, then edited) is
said at once, the game not started (``unloadable``), rather than at the bot's first turn, after
the human had moved, as a forfeit counted in the results.

It is a part of its own because it is the one part of the screen with a life of its own: a
process, jobs that answer frames later, replies held back.  The scene keeps the game; this class
plays the computer's moves on it through the scene's ``_play`` and ends it through
``_lose_by_forfeit``, as a click plays a human's.  An outside engine that gives the game up (a GTP
engine's ``resign``: ``AIResigned``) ends it as a person's Resign does, "O resigns at move 5",
never as a forfeit.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import ai
from ai import referee
from ai.referee import Loss
from ui import eval_graph, outside_players, words
from ui.ai_worker import AIError, AIForfeit, AIProcessDied, AIProgress, AIResigned, AIResult, Job
from ui.analysis_mode import hint_as_analysed, hint_from_analysis
from ui.eval_bar import measured_proof_beside
from ui.i18n import N_, Phrase, _
from ui.match import HUMAN_VS_PC, PC_VS_PC
from ui.notation import shown_move
from ui.scenes.hint_words import hint_why
from ui.scenes.thinking import seen_from_board
from ui.worker_client import AIWorker

if TYPE_CHECKING:
    from ui.scenes.game import GameScene

log = logging.getLogger("tabuleiro.ui")

SPEEDS = ((N_("Slow"), 1.5), (N_("Normal"), 0.7), (N_("Fast"), 0.25), (N_("Max"), 0.0))  # PC vs PC pause per move
HUMAN_VS_PC_DELAY = 0.35  # the computer's reply is shown no sooner than this after the human's move (only then)
RESTARTED = "restarted"  # the topic of "it was restarted": said until the fresh process answers
RESIGNED = "resigned"  # the forfeit reason of a resignation: a person's Resign, an outside engine's resign
HINT_PLAYER = "level-5"  # the player a hint (H) asks, whoever plays the game
HINT_NOTE = "hint"  # the message topic of the hint given: dropped with its mark (``GameScene.drop_hint``)
SET_UP_SAID_AFTER = 1.0  # seconds of a player's set-up before a move before it is said: shorter ones would flash

Reply = AIResult | AIError | AIForfeit


def speed_labels(speed: int) -> tuple[str, str]:
    """The Speed stepper's label at ``SPEEDS[speed]`` and its value alone ("Speed: Normal",
    "Normal"), as the watched game's panel and the tournament's row show it."""
    value = _(SPEEDS[speed][0])
    return _("Speed: {name}").format(name=value), value


SPEED_ENDS = (N_("Speed: Slow already, the slowest"), N_("Speed: Max already, the fastest"))  # - at Slow, + at Max


def stepped_speed(speed: int, step: int) -> tuple[int, str]:
    """The speed one faster than ``speed`` (``step`` 1: +, the Speed stepper's right half) or
    slower (-1), with "" to say; at either end it stays, with what to say of it ("Speed: Max
    already, the fastest").  It went round: + at Max gave Slow, and a teacher pressing + to go faster got
    the slowest.  Speeds are in order, not a list of names to go round as a board size's may."""
    wanted = speed + step
    if 0 <= wanted < len(SPEEDS):
        return wanted, ""
    return speed, _(SPEED_ENDS[1 if step > 0 else 0])


def every_speed_label() -> tuple[tuple[str, str], ...]:
    """``speed_labels`` of every speed: the Speed stepper's ``other_labels``, so that its row is
    laid out for the widest of them and stays put as it steps ("Speed: Fast" widened the button
    and moved Pause and Step beside it)."""
    return tuple(speed_labels(speed) for speed in range(len(SPEEDS)))


def watch_speed(app) -> int:
    """The speed a new watched game begins at (an index of ``SPEEDS``): the last watched game's,
    kept with the New game choices (``GameCommands._remember_watching``), Normal if it is none of
    them.  Only Rematch kept it: a watcher at Fast who chose another game from New game was back
    at Normal.  The tournament's watched games begin at it too (ui.scenes.tournament_watch)."""
    speed = app.last_setup_choices().watch_speed
    return speed if 0 <= speed < len(SPEEDS) else 1


def show_hint_cursor(scene: GameScene) -> None:
    """A hint asked for from the keyboard (H, or after playing by keys) shows the board's cursor,
    which then goes onto its move: H and Enter, as the keys page says, opened the move field
    instead where the cursor was hidden, and the hint was not played."""
    if scene.keyboard_play and scene.view.has_targets(scene.state):
        scene.cursor.on = True


class ComputerMoves:
    """The game screen's searches and the computer's replies (see the module's docstring)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self.worker: AIWorker | None = None
        self.hint_player_made_by: AIWorker | None = None  # the worker asked to make the hint's player ahead
        self.reset()

    def reset(self) -> None:
        """No search, no reply waiting: the screen's first game, or a rematch."""
        self.job: int | None = None
        self.job_kind = ""  # "move", "hint", "load" or "draw" (a draw offer thought over)
        self.job_side = 0
        self.job_started = 0.0
        self.job_budget = 1.0  # seconds the current search may take (the panel's time bar)
        self.job_deadline: float | None = None  # an outside player's move: when the referee judges it late (``deadline``)
        self.prepared_at = 0.0  # when the worker was last seen preparing the engine for it (``searched_for``)
        self.job_moves: tuple[str, ...] = ()  # the game the current search is about
        self.progress: AIProgress | None = None
        self.last_search: AIProgress | None = None
        self.last_search_moves: tuple[str, ...] = ()  # the game the last search was about
        self.last_search_hint = False  # the last search was a hint's (H), not a computer's move: the panel says "Hint"
        self.held: tuple[Reply, int] | None = None  # a reply waiting for its moment
        self.held_search: AIProgress | None = None  # its search, on the card while held: the last search once played
        # by ply index, each computer move's text and the search that chose it (``search_behind``)
        self.move_searches: dict[int, tuple[str, AIProgress]] = {}
        self.step_once = False  # Step was pressed: one move, though the game is paused
        self.asked_again_at: int | None = None  # the position (moves played) whose search was asked again
        self.to_load = self._outside_sides()  # outside players' sides not yet loaded: the game waits for them
        self.started_again: set[int] = set()  # ... of those, whose forfeit Undo took back (``start_again``)
        self.unloadable: tuple[int, str] | None = None  # (side, why): its player could not be loaded

    def _outside_sides(self) -> list[int]:
        """The sides played by outside players (students' bots, engines): loaded before the game goes on."""
        setup = self.scene.setup
        return [side for side in (0, 1)
                if not setup.is_human(side) and ai.is_outside_player(setup.players[side] or "")]

    def loading(self) -> int | None:
        """The side whose outside player is being loaded before the game goes on, or None."""
        return self.to_load[0] if self.to_load and self.unloadable is None else None

    def load_again(self) -> None:
        """Load the outside players once more (Try again, the file fixed): the game waits for them."""
        self.cancel()
        self.to_load, self.unloadable = self._outside_sides(), None

    def start_again(self, side: int) -> None:
        """``side``'s outside player, whose program its forfeit stopped, started again now that Undo
        took the forfeit back: a fresh process (``Job.fresh``: a crash's lived on, with what its
        crash left) loaded before the game goes on, as at its start ("Starting lento's program
        again…", ``GameScene.held_up``), so a file edited since that no longer loads is said
        before any move, and its start-up is on no move's time.  A late bot's was started quietly
        at its next move, the card counting its start-up as thinking, a crashed one's went on (qa109)."""
        self.cancel()
        self.unloadable = None
        self.started_again.add(side)
        if side not in self.to_load:
            self.to_load.append(side)

    def ensure_worker(self) -> AIWorker:
        if self.worker is None:
            self.worker = AIWorker(self.scene.game)
        return self.worker

    def start_ahead(self) -> None:
        """Start the worker of a game no computer plays (hot-seat) while the window waits for a
        move (``GameScene.waiting``): its first hint (H) waited for the process to start and import
        the engine, seconds of "Finding a hint…" where later ones came at once.  A game with a
        computer player starts its worker with the screen; a finished game asks for no hint.  The
        worker then makes the hint's player too (``make_hint_player_ahead``)."""
        if self.worker is None and not self.scene.is_over():
            self.ensure_worker()
        self.make_hint_player_ahead()

    def thinking(self) -> bool:
        """A computer's move is being searched (not a hint)."""
        return self.job is not None and self.job_kind == "move"

    def paused_search(self) -> bool:
        """A watched game's search that Pause left to finish: its reply is held for Step or
        Resume (``take_turn``), and the game waits for the watcher.  The panel says the game is
        paused and who moves next, not "Level 3 is thinking…" with a spinner and its seconds
        running on, as if the game went on; a Step's search is thinking again.  Its time after
        the Pause is on no clock (``GameScene._run_clock``): the game stands still."""
        scene = self.scene
        return self.thinking() and scene.paused and not self.step_once and scene.setup.mode == PC_VS_PC

    def shows_thinking(self) -> bool:
        """The computer's work under way is said as such on the panel (its spinner, who is at it
        and for how long): any job, but a search a watched game's Pause left to finish
        (``paused_search``)."""
        return self.job is not None and not self.paused_search()

    def holds_analysis(self) -> bool:
        """Analysis (its own worker, a second search) and the Hex connections overlay (its own
        worker too) pause while a computer's move is searched, so they do not share the cores
        with it and the move comes within its time and at its level;
        the thinking panel shows that search's own figures.  Against a human it also waits while
        the reply waits to be shown.  A watched game (PC vs PC) searches move after move, so
        analysis waits while it goes on and works while it stands still: paused, or on an earlier
        position browsed while the next reply waits -- else its values would flash on and off
        between the moves.  A clocked game with a person in it, paused, holds them too: nobody
        thinks, nor has an engine think, on the clocks' time."""
        scene = self.scene
        # a draw offer's search too (the level's own judgement)
        if self.thinking() or self.job_kind == "draw" or scene.paused_with_people():
            return True
        if scene.setup.mode == HUMAN_VS_PC:
            return self.held is not None
        if scene.setup.mode == PC_VS_PC:
            return not scene.paused and scene.browsing is None and not scene.is_over()
        return False

    def holds_move_after_move(self) -> bool:
        """A watched game going on: what ``holds_analysis`` holds waits move after move, so the
        panel says that pausing the game lets it work."""
        scene = self.scene
        return scene.setup.mode == PC_VS_PC and not scene.paused

    def preparing(self) -> bool:
        """The worker is still compiling the engine's kernels (first use after an install)."""
        return self.worker is not None and self.worker.preparing

    def setting_up(self) -> bool:
        """The move asked for waits, past ``SET_UP_SAID_AFTER``, for its player's set-up (an
        outside engine started and set up again after a stop, a worker's process started anew):
        its clock stands still until the player is ready (``thinking_since``), and "O is
        thinking… 3.9 s" said the opposite."""
        return (self.job is not None and self.job_kind == "move" and self.thinking_since() is None
                and self.asked_long_ago())

    def asked_long_ago(self) -> bool:
        """The job under way was asked ``SET_UP_SAID_AFTER`` ago or more: a wait before its search
        is said from then on, a shorter one would only flash its words."""
        return time.monotonic() - self.job_started >= SET_UP_SAID_AFTER

    def thinking_for(self) -> float:
        """How long the job under way has had its player thinking: since the player was ready
        (``thinking_since``), as its clock counts, else since it was asked (its set-up said apart).
        A hint counts from the key press: it is on no clock, and its player's making (over a second
        on a game's first hint) is waited for as much as its search; counted from the player ready,
        the card said "Finding a hint… 0.5 s" after two.  An outside player's move counts as the
        referee does: from its program ready (its start-up is said apart, "Starting the
        program…", and not counted as thinking) to its deadline (``job_deadline``), where the
        move is lost; the card said "thinking… 3.1 s" of a move lost "after 1.50 s" (qa109)."""
        began = None if self.job_kind == "hint" else self.thinking_since()
        if self.job_deadline is not None:
            if began is None:  # its program started anew: the referee counts nothing yet
                return time.monotonic() - self.job_started if self.setting_up() else 0.0
            return min(self.job_deadline, time.monotonic() - max(began, self.job_started))
        return time.monotonic() - (self.job_started if began is None else max(began, self.job_started))

    def out_of_time(self) -> bool:
        """An outside player's move is past the referee's deadline (``job_deadline``): lost, its
        program being stopped (a first move's is asked once more first, ``ai.outside``'s
        ``set_up_only``), the forfeit due."""
        began = self.thinking_since()
        return (self.job is not None and self.job_kind == "move" and self.job_deadline is not None
                and began is not None and time.monotonic() - max(began, self.job_started) >= self.job_deadline)

    def starting_program(self) -> bool:
        """A student's file's program is being started for the move asked (``setting_up`` of an
        outside file, not an engine): the card says "Starting the program…" over its seconds."""
        return (self.setting_up() and self.job_deadline is not None
                and not outside_players.is_engine(self.scene.setup.players[self.job_side] or ""))

    def preparing_words(self, named: bool = True) -> str:
        """What the computer's turn goes on before it thinks, "" once it thinks: "Preparing the
        engine…" while the worker compiles its kernels (a first start), "Preparing O's engine…"
        while the player of the move asked for is set up (``setting_up``).  Either only once the
        wait is long (``asked_long_ago``): on a fresh install the stand-ins' searches are heard
        within a few tenths of a second, and every such move flashed "Preparing the engine…".  Not
        ``named``, "Preparing the engine…" for a set-up too, where its name would leave the words no room."""
        if self.scene.preparing_engine() and self.progress is None and self.asked_long_ago():
            return _("Preparing the engine…")
        if self.starting_program():
            return _("Starting {player}'s program…").format(
                player=self.scene.setup.player_label(self.job_side)) if named else _("Starting the program…")
        if self.setting_up():
            return _("Preparing {player}'s engine…").format(
                player=self.scene.setup.player_label(self.job_side)) if named else _("Preparing the engine…")
        return ""

    def searched_for(self) -> float:
        """Seconds the current search has run, for the panel's time bar: from the job's start, its
        player's being ready (``thinking_since``) or, if the window said "Preparing the engine..."
        meanwhile (no search heard yet), the last frame that said it, whichever came last.  A wait for the kernels compiled after installing is on no move's
        time: counted in, the bar stood full for a minute of it, as if the move were overdue."""
        now = time.monotonic()
        if self.preparing() and self.progress is None:
            self.prepared_at = now
        return now - max(self.job_started, self.prepared_at, self.thinking_since() or self.job_started)

    def thinking_since(self) -> float | None:
        """When the last search asked of the worker began (``AIReady``: its player made and set up,
        ``time.monotonic``; kept once it answered), None while it has not yet: a worker's process
        started anew after a crash or a slow cancel, an outside engine started and set up again
        after a stop."""
        return self.worker.thinking_since if self.worker is not None else None

    def cancel(self) -> None:
        """Drop the search under way and any reply waiting (undo, new game, a move of the human's);
        a draw offer the computer was thinking over is withdrawn with its search (Undo, Menu, the
        rules looked at: back in the game the person may offer it again)."""
        if self.job is not None and self.worker is not None:
            self.worker.cancel()
        if self.job_kind == "draw":
            self.scene.draw_offer = None
        self.scene.messages.release(RESTARTED)  # the search it spoke of is dropped
        self.job, self.job_kind, self.progress, self.held, self.held_search = None, "", None, None, None
        self.step_once = False

    def drop_search(self) -> None:
        """Drop the search under way (a move's, a hint's or a draw offer's, the offer left
        standing), keeping a reply already in: a person's Pause.  ``take_turn`` asks for the move
        again once the game goes on, with the time the search had taken off the clock
        (``GameScene._clock_limits``), so the pause costs the computer nothing and gives it no
        time to think; Resume asks for the hint or the offer's answer again (``_ask_again``)."""
        if self.job_kind not in ("move", "hint", "draw"):
            return  # an outside player being loaded: on no clock, it goes on
        if self.worker is not None:
            self.worker.cancel()
        self.job, self.job_kind, self.progress = None, "", None

    def close(self) -> None:
        """The screen is left (after ``cancel``): the worker process ends."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # -- asking ---------------------------------------------------------------------------------
    def think(self, kind: str, side: int, player_id: str, move_time: float, further: Sequence[str] = ()) -> None:
        """Ask the worker for ``side``'s move (or a hint, or its player loaded: ``kind`` "load", or
        its search of the position where a draw is offered to it: "draw", a player of its own, its
        move's player left as it was) within ``move_time``, of the game's position or the one
        ``further`` moves on; on a clock, a move's search also gets the clock itself
        (``Limits.remaining`` and ``increment``), as in matches."""
        scene = self.scene
        worker = self.ensure_worker()
        slot = kind if kind in ("hint", "draw") else f"side{side}"
        job = self._job(kind, slot, side, player_id, move_time, further)
        self.job = worker.submit(job)
        self.job_kind, self.job_side, self.job_started = kind, side, time.monotonic()
        scene._run_clock()  # a search has begun: a paused game's Step is charged from now
        self.job_moves = job.moves
        self.job_budget = move_time
        self.job_deadline = self.deadline(job) if kind == "move" else None
        self.progress = None

    @staticmethod
    def deadline(job: Job) -> float | None:
        """Seconds from an outside player's thinking's start (``thinking_since``) after which the
        referee judges its move late: its hard limit (``ai.outside.hard_limit``: the move's time,
        or its clock's) and the grace, as ``OutsidePlayer.choose`` counts them; None for a player
        of ours, which is never late, or a move without a limit.  The card stops counting there."""
        if not ai.is_outside_player(job.player_id):
            return None
        from ai.outside import hard_limit

        hard = hard_limit(ai.Limits(time=job.move_time, remaining=job.remaining, increment=job.increment,
                                    clock=job.clock))
        return None if hard is None else hard + referee.GRACE

    def _job(self, kind: str, slot: str, side: int, player_id: str, move_time: float,
             further: Sequence[str] = ()) -> Job:
        """The worker's job for ``think`` (or ``make_hint_player_ahead``): ``slot``'s player, the
        game's position or the one ``further`` moves on."""
        scene = self.scene
        clock = scene._clock_limits(side) if kind == "move" else None
        moves = tuple(p.text for p in scene.history) + tuple(further)
        state = scene.game.play_line(further, scene.state) if further else scene.state
        return Job(scene.game.id, dict(scene.game.options), moves, scene.game.to_text(state), player_id, move_time,
                   scene.setup.seed, slot, kind="load" if kind == "load" else "move",
                   remaining=clock.remaining if clock else None, increment=clock.increment if clock else None,
                   clock=clock.clock if clock else None, start=scene.setup.start,
                   fresh=kind == "load" and slot == f"side{side}" and side in self.started_again)

    def make_hint_player_ahead(self) -> None:
        """Have the worker make the hint's player while it idles on a person's turn (a "load" of
        the "hint" slot, ``worker_jobs._player_for`` keeps it): a game's first hint made its level-5
        player first, 1.3-1.6 s of Alquerque's or Rastros' imports and tables before a search of its
        own budget.  Once a worker, and only while the worker has nothing else to do: its answer is
        no job of the screen's (``poll`` drops it), and a search asked meanwhile waits for it."""
        worker, scene = self.worker, self.scene
        if (worker is None or self.hint_player_made_by is worker or self.job is not None or self.held is not None
                or worker.is_thinking() or worker.broken or scene.is_over()
                or not scene.setup.is_human(scene.state.to_move)):
            return
        self.hint_player_made_by = worker
        worker.submit(self._job("load", "hint", scene.state.to_move, HINT_PLAYER, 0.0))

    def take_turn(self) -> None:
        """Every frame of a game going on: load the outside players first; then play the reply that
        came in once its moment comes, or start the search of a computer to move (not while a move
        is still being animated)."""
        scene = self.scene
        if self.unloadable is not None:
            return
        if self.to_load:
            if self.job is None:
                side = self.to_load[0]
                self.think("load", side, scene.setup.players[side], scene.setup.move_time)
            return
        if self.held is not None:
            if scene.view.is_animating() or scene.browsing is not None:
                return  # the reply is shown once the player is back at the game
            if self.step_once or (not scene.paused and time.monotonic() >= self._reply_due()):
                self.apply_reply(*self.held)
            return
        side = scene.state.to_move
        if scene.setup.is_human(side) or self.job is not None:
            return
        if scene.paused and not self.step_once:
            return
        if scene.view.is_animating():
            return
        budget = scene._clock_limits(side).time  # on a clock, its share of the clock; else the Time choice
        self.think("move", side, scene.setup.players[side], scene.setup.move_time if budget is None else max(0.05, budget))

    def step(self) -> None:
        """Step in a paused game: the reply already in is played; else the reply of the search
        under way (Pause pressed while the computer thought), or of the next search, is played as
        soon as it comes.  It plays on the game, so the game is what is then shown (an earlier
        position looked at would have held the reply back)."""
        if self.scene.browsing is not None:
            self.scene.back_to_game()
        if self.held is not None:
            self.apply_reply(*self.held)
        elif self.job is None or self.job_kind == "move":
            self.step_once = True

    def _reply_due(self) -> float:
        """When the reply held may be shown (``time.monotonic``): in a watched game the speed's
        pause after the move before; else ``HUMAN_VS_PC_DELAY`` after the person's move, so that
        the reply is seen to answer it, and as soon as it is in where no person has just moved
        (``GameScene.person_moved_last``): the computer's first move of a game, or its move
        after an Undo or a game taken up from a replay, waited that pause after no move."""
        scene = self.scene
        if scene.setup.mode == PC_VS_PC:
            return scene.last_move_time + SPEEDS[scene.speed][1]
        if not scene.person_moved_last:
            return scene.last_move_time
        return scene.last_move_time + HUMAN_VS_PC_DELAY

    def reply_wait(self) -> float | None:
        """Seconds until the reply held is shown (0 when due now), for the window's sleep
        (``Scene.wake_in``): it slept up to ``ui.app.IDLE_WAKE`` (0.1 s) and showed the reply
        that much late.  None where nothing is held for a time: no reply in, Pause holding it
        for Step, the reply waiting for the move's animation (whose frames wake the window) or
        for the player to come back from an earlier position."""
        scene = self.scene
        if self.held is None or scene.browsing is not None or scene.view.is_animating():
            return None
        if self.step_once:
            return 0.0
        if scene.paused:
            return None
        return max(0.0, self._reply_due() - time.monotonic())

    # -- answers --------------------------------------------------------------------------------
    def poll(self) -> None:
        """The worker's news of the current search: its progress, a hint (said, and marked on the
        board), or a computer's reply (held for its moment)."""
        if self.worker is None:
            return
        scene = self.scene
        for item in self.worker.poll():
            if item.job_id != self.job:
                continue
            scene.messages.release(RESTARTED)  # the process answers: what goes on is on the panel again
            if isinstance(item, AIProgress):
                self.progress = item
                continue
            kind, side = self.job_kind, self.job_side
            self.job, self.job_kind = None, ""
            if kind == "load":
                self._loaded(item, side)
                continue
            if kind == "draw":  # its answer, not a move: nothing of its search is shown (the person's best move)
                scene.computer_answers_offer(item, self.progress)
                self.progress = None
                continue
            if self._asks_again(item, kind, side):
                self.progress = None
                continue
            if self.progress is not None and kind == "hint":
                if isinstance(item, AIResult):
                    self.progress = self._hint_as_analysed(self.progress, item.move)
                    item = self._hint_named(item, self.progress)
                self.progress = self._with_the_boards_proof(self.progress)
                self.last_search, self.last_search_moves = self.progress, self.job_moves
                self.last_search_hint = True
            elif self.progress is not None:
                self.held_search = self.progress
                if isinstance(item, AIResult):  # the position it moved from, valued
                    noisy = scene.setup.players[side] in eval_graph.NOISY_LEVELS
                    scene.evaluations.from_search(self.job_moves, self.progress, noisy)
            if kind == "hint":
                if isinstance(item, (AIError, AIForfeit)):
                    scene.messages.add(Phrase(lambda said=item.message: _("No hint: {reason}").format(
                        reason=words.detail(said))), "error")
                elif item.move in scene.state.legal_moves():
                    scene.hint = item.move
                    show_hint_cursor(scene)
                    scene.cursor.onto(scene.view, scene.state, scene.view.first_place(item.move))
                    scene.cursor.onto_hinted(scene.view, scene.state, item.move)  # a chain half entered: its next point
                    scene.messages.add(self._hint_said(shown_move(scene.app, scene.game, scene.state, item.move,
                                                                  item.text)), topic=HINT_NOTE)
            else:
                self.held = (item, side)

    def _loaded(self, reply: Reply, side: int) -> None:
        """The answer to ``side``'s load: the game goes on, or it cannot start (the scene says why).
        A failure of ours (the worker's process died) is not the player's: its first move loads it,
        as it did before the game checked."""
        if isinstance(reply, AIForfeit):
            self.unloadable = (side, reply.message)
            self.scene.cannot_start(side, reply.message)
        elif side in self.to_load:
            self.to_load.remove(side)
            self.started_again.discard(side)

    def _asks_again(self, reply: Reply, kind: str, side: int) -> bool:
        """Whether a search whose process died is asked again of the worker's fresh process, and
        the window says so: a computer's move by ``take_turn`` on the next frame, a hint at once
        (a hint said "No hint: the AI process stopped unexpectedly" and was not asked again, where
        a move was).  Once per position: a position on which it dies again gets what any failure
        gets."""
        scene = self.scene
        if not isinstance(reply, AIProcessDied) or self.worker is None or self.worker.broken:
            return False
        if self.asked_again_at == len(scene.history):
            return False
        self.asked_again_at = len(scene.history)
        said = reply.message
        if kind == "hint":
            scene.messages.add(Phrase(lambda: _("Hint: {why}; it was restarted and searches again").format(
                why=words.detail(said))), "error", topic=RESTARTED)
            scene.request_hint()
        else:
            player = scene.setup.player_label  # this game's players, whatever a rematch swaps
            scene.messages.add(Phrase(lambda: _("{player}: {why}; it was restarted and thinks again").format(
                player=player(side), why=words.detail(said))), "error", topic=RESTARTED)
        scene.messages.hold(RESTARTED)  # until the fresh process answers (``poll``), however long it takes to start
        return True

    def last_search_seen(self) -> tuple[AIProgress, int] | None:
        """The last search as the panel shows it under the position on the board: its lengths
        counted from there, and how many plies back it speaks of when the game left its line
        (``thinking.seen_from_board``); None before any search."""
        if self.last_search is None:
            return None
        played = [p.text for p in self.scene.history[len(self.last_search_moves):]]
        return seen_from_board(self.last_search, played)

    def moves_since_last_search(self) -> int:
        """How many moves were played since the position the last search was of (0 before any)."""
        return max(0, len(self.scene.history) - len(self.last_search_moves)) if self.last_search else 0

    def search_of_the_board(self) -> None:
        """After Undo or Redo, the last search is the one that chose the move last on the board
        (kept by ``_keep_search_behind``), where a computer played it and its search is kept;
        else none.  Undo then Redo left the panel saying "Ready" where it had shown the
        computer's search of that very position: the game still had it."""
        history = self.scene.history
        kept = self.move_searches.get(len(history) - 1) if history else None
        self.last_search_hint = False
        if not history or not history[-1].by_computer or kept is None or kept[0] != history[-1].text:
            self.last_search, self.last_search_moves = None, ()
            return
        self.last_search, self.last_search_moves = kept[1], tuple(p.text for p in history[:-1])

    def _keep_search_behind(self, search: AIProgress | None) -> None:
        """Keep ``search``, the one that chose the move just played, for that ply: browsed back to
        it, the panel shows it (``search_behind``) rather than the live game's search."""
        if search is not None:
            self.move_searches[len(self.scene.history) - 1] = (self.scene.history[-1].text, search)

    def search_behind(self, plies: int) -> AIProgress | None:
        """The search that chose the move the position after ``plies`` plies was reached by, its
        lengths counted from that position (``seen_from_board``); None where a person moved there,
        or no search of it is kept (a game continued from a file: its records keep no searches)."""
        if plies < 1:
            return None
        ply, kept = self.scene.history[plies - 1], self.move_searches.get(plies - 1)
        if not ply.by_computer or kept is None or kept[0] != ply.text:  # another move since Undo
            return None
        return seen_from_board(kept[1], [ply.text])[0]

    def _hint_as_analysed(self, hint: AIProgress, move: Hashable) -> AIProgress:
        """The hint's report as analysis of this position, where analysis has one, answers it:
        by analysis's best move where analysis searched as far (``analysis_mode.hint_from_analysis``:
        as many playouts, or every move as deep; two searches named two best moves), else with
        analysis's value of its ``move`` where analysis searched it at least as deep
        (``analysis_mode.hint_as_analysed``): one move at one depth reads one number in the
        hint's words, the panel and on the board."""
        scene = self.scene
        analysis = scene.analysis
        here = analysis.position == (self.job_moves, scene.game.to_text(scene.state))
        if not here:
            return hint
        answered = hint_from_analysis(hint, analysis.values, analysis.line, analysis.line_other)
        return answered if answered is not hint else hint_as_analysed(hint, analysis.values, move)

    def _with_the_boards_proof(self, hint: AIProgress) -> AIProgress:
        """The hint's search, where it proved nothing, saying the proof the last search found of
        the position on the board in that proof's measure (``eval_bar.measured_proof_beside``), for
        the hint and the panel: a Hex hint said "your chances: 0%", the panel "Red 100% to win",
        after the computer's search had proved "Red wins"; a Reversi one "proven: you lose" where
        the proof was "by 12 discs on the board"."""
        known = self._proof_of_the_board()
        if hint.proven is not None or known is None or known.proven is None:
            return hint
        return measured_proof_beside(hint, known)

    def _proof_of_the_board(self) -> AIProgress | None:
        """The last search where it proved the position the hint searched, the one on the board:
        that position's, or one before it whose line the game has followed (``last_search_seen``,
        its length counted from the board); None else."""
        played = tuple(p.text for p in self.scene.history)
        known = self.last_search
        if known is None or known.proven is None or self.job_moves != played:
            return None
        if played[:len(self.last_search_moves)] != self.last_search_moves:  # Undo went past its position
            return None
        seen = self.last_search_seen()
        return seen[0] if seen is not None and seen[1] == 0 else None

    @staticmethod
    def _hint_named(result: AIResult, hint: AIProgress) -> AIResult:
        """The hint's reply naming the move its report names (``_hint_as_analysed`` may have
        given analysis's best instead of the search's own)."""
        if hint.best_move is None or hint.best_move == result.move:
            return result
        return replace(result, move=hint.best_move, text=hint.best_text)

    def _hint_said(self, move_text: str) -> str:
        """"Hint: e1xc3", with why (``hint_words.hint_why``): its proof ("proven: you win in 21
        plies"), else its value ("you are 0.1 pieces behind"), said to the player who asked, in
        the length and the unit the panel and analysis give."""
        why = hint_why(self.progress, self.scene.game.id) if self.progress is not None else ""
        if why:
            return _("Hint: {move} ({why})").format(move=move_text, why=why)
        return _("Hint: {move}").format(move=move_text)

    def apply_reply(self, reply: Reply, side: int) -> None:
        """A computer's reply, judged by the turn rules (ai.referee) as in a match: an outside player
        that forfeits, fails or answers an illegal move loses the game.  Our own engines failing is a
        bug of ours, not the player's fault: a random legal move instead, and the window says so."""
        scene = self.scene
        self.held = None
        self.step_once = False
        state = scene.state
        if scene.is_over() or state.to_move != side:
            return
        search = self.held_search  # this move's own search: a proof of a draw there makes the level offer one
        if self.held_search is not None:  # the last search from its move on (the card showed it held)
            self.last_search, self.held_search = self.held_search, None
            self.last_search_moves = self.job_moves
            self.last_search_hint = False
        outside = ai.is_outside_player(scene.setup.players[side] or "")
        if isinstance(reply, AIResigned):  # said and recorded as a person's Resign is, at its move
            scene._lose_by_forfeit(side, RESIGNED)
            return
        if isinstance(reply, AIForfeit):
            loss = referee.forfeited(side, reply.message)
        elif isinstance(reply, AIError):
            log.warning("AI error: %s\n%s", reply.message, reply.detail)
            loss = referee.crashed(side, reply.message)
        else:
            played = referee.play_reply(scene.game, state, reply.move, reply.text)
            if not isinstance(played, Loss):
                if scene._play(reply.move, by_computer=True):
                    self._keep_search_behind(search)
                    scene.computer_may_offer_draw(side, search)
                return
            loss = played
        loss = referee.at_move(loss, len(scene.history))  # the move asked for, as "Move N of M" counts
        if outside or isinstance(reply, AIForfeit):  # never a random move on an outside player's behalf
            scene._lose_by_forfeit(loss.side, loss.why)
        else:
            self._random_fallback(side, loss.why)

    def _random_fallback(self, side: int, why: str) -> None:
        scene = self.scene
        legal = scene.state.legal_moves()
        player = scene.setup.player_label
        scene.messages.add(Phrase(lambda: _("{player} {why}: it plays a random legal move instead").format(
            player=player(side), why=words.forfeit_reason(why))), "error")
        if legal:
            scene._play(random.choice(legal), by_computer=True)
