"""What a worker process does with each job it is given (``ui.ai_worker.Job``): a move chosen, an
analysis's values streamed, Hex's connections, the tree explorer's proof of a node, a player
loaded; the position rebuilt from the job's moves, the player of the job's slot made and kept, and
each answer written in the game's notation (the window has no engine to replay them).

This module must not import pygame: the worker process imports it under the spawn start method.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import Any

from ai.eval_scales import empty_share
from ai.imports import import_engine
from ai.value_words import counted
from ai.worker_channel import SharedFlag
from ui.ai_worker import (
    AIKnowledge,
    AIMoveValues,
    AIProgress,
    AIReady,
    AIResult,
    Job,
    log,
)
from ui.process_priority import ANALYSIS_NICENESS, lower_priority

PROGRESS_EVERY = 0.1  # seconds between progress reports (about 10 a second)


def _rebuild(game, job: Job):
    """The position to search: replay the moves from the game's start; fall back to the position text."""
    try:
        state = game.play_line(job.moves, game.from_text(job.start) if job.start is not None else None)
        if not job.position or game.to_text(state) == job.position:
            return state
    except ValueError:
        pass
    return game.from_text(job.position)


LINE_PLIES = 8  # moves of a principal variation sent to the window


def _format_line(game, state, moves, limit: int = LINE_PLIES, other: bool = False) -> list[str]:
    """``moves`` played from ``state`` in the game's notation (``other``: the one its players
    write elsewhere, ``Game.other_move_text``, none where it has none), at most ``limit`` of
    them, up to the first that is not legal."""
    write = game.other_move_text if other else game.format_move
    out = []
    for move in list(moves)[:limit]:
        try:
            text = write(state, move)
            state = state.play(move)
        except Exception:  # noqa: BLE001 - a bad pv is only cosmetic
            break
        if not text:
            break
        out.append(text)
    return out


def _player_for(job: Job, players: dict):
    """The player of the job's slot, made on its first job and kept for the next (its tables, an
    outside player's process); ``Forfeit`` "could not be loaded: ..." when an outside player's file
    or engine fails to load (its fault, not ours).  Made for the job's options, so that rules that
    run no kernel load none (``ai.make_player``): a 3x3 game's first hint loaded every Tic-tac-toe
    kernel first, seconds of a core, and on a fresh install compiled them."""
    import ai
    from ai.base import Forfeit

    key = (job.slot, job.player_id, job.game_id, tuple(sorted(job.options.items())))
    if key not in players:
        started = time.perf_counter()
        try:
            twin = _twin_of(key, players, job.seed)
            players[key] = twin if twin is not None else ai.make_player(
                job.game_id, job.player_id, seed=job.seed, options=job.options)
            log.debug("player %s of %s made in %.2f s", job.player_id, job.game_id, time.perf_counter() - started)
        except ValueError as exc:
            if ai.is_outside_player(job.player_id):
                from ai.outside import load_reason

                raise Forfeit(f"could not be loaded: {load_reason(exc)}") from None
            raise
    return players[key]


def _twin_of(key: tuple, players: dict, seed: int | None):
    """The twin (``Player.twin``) of a player another slot already holds for ``key``'s game,
    options and player id, or None: the hint's level-5 beside a computer of level 5 shares its
    scratch memory (Alquerque's move lists) instead of holding its own, and none of its tables:
    made with the job's ``seed``, it chooses the moves ``ai.make_player``'s player would."""
    slot, *same = key
    for other_key, other in players.items():
        if len(other_key) == len(key) and other_key[0] != slot and list(other_key[1:]) == same:
            twin = getattr(other, "twin", None)  # a stand-in a test gives may have none
            return twin(seed) if twin is not None else None
    return None


def _ready_player(job: Job, game, players: dict) -> None:
    """A "load" job: the slot's player made (``_player_for``) and ready for ``game``'s options
    (``Player.get_ready``: a file loaded again if a forfeit stopped its process), so a file that
    no longer loads is said before the game starts, not at the player's first turn."""
    player = _player_for(job, players)
    close = getattr(player, "close", None)  # an outside player's: its process ended, started again below
    if job.fresh and close is not None:
        close()
    try:
        player.get_ready(game.options)
    except ValueError as exc:
        _forfeit_if_outside(exc, "could not be loaded")
        raise


def _ready_to_move(player, game) -> None:
    """``player`` ready to search (``Player.ready_to_move``; a stand-in without it needs nothing),
    or the ``Forfeit`` its move would have been, "could not be started: ...", where it cannot be."""
    ready = getattr(player, "ready_to_move", None)
    try:
        if ready is not None:
            ready(game)
    except ValueError as exc:
        _forfeit_if_outside(exc, "could not be started")
        raise


def _forfeit_if_outside(exc: ValueError, what: str) -> None:
    """Raise the ``Forfeit`` "``what``: ..." for ``exc`` if it is an outside player's failure to
    load or start (``ai.outside.OutsideLoadError``, a ValueError); else return, for the caller to
    raise ``exc`` as it is.  ``ai.outside`` is imported here, on such an error only: imported
    before every first move, it cost each new worker some 0.15 s (its referee, records and Trax's
    rules with it) before the computer's first reply, for players built in that never need it."""
    from ai.base import Forfeit
    from ai.outside import OutsideLoadError, load_reason

    if isinstance(exc, OutsideLoadError):
        raise Forfeit(f"{what}: {load_reason(exc)}") from None


def run_job(job_id: int, job: Job, players: dict, reports, stop) -> None:
    import ai
    import games

    game = games.load(job.game_id, **job.options)
    if job.kind == "load":
        started = time.perf_counter()
        _ready_player(job, game, players)
        reports.put(AIResult(job_id, None, "", time.perf_counter() - started))
        return
    state = _rebuild(game, job)
    if job.kind == "values":
        _run_values_job(job_id, job, game, state, players, reports, stop)
        return
    if job.kind == "connections":
        analyse = import_engine("ai.engines.hex_knowledge").analyse
        started = time.perf_counter()
        reports.put(AIKnowledge(job_id, analyse(state)))
        reports.put(AIResult(job_id, None, "", time.perf_counter() - started))
        return
    if job.kind == "prove":
        _run_prove_job(job_id, job, game, state, players, reports, stop)
        return
    player = _player_for(job, players)
    _ready_to_move(player, game)
    reports.put(AIReady(job_id, time.monotonic()))
    last = [0.0]
    started = time.perf_counter()
    only_move = len(state.legal_moves()) == 1

    searched: list = [None]  # the search's last progress, for the log's answer line

    def progress(p) -> None:
        searched[0] = p
        now = time.perf_counter()
        if not p.done and now - last[0] < PROGRESS_EVERY:
            return
        last[0] = now
        reports.put(progress_report(job_id, game, state, p, only_move))

    limits = ai.Limits(time=job.move_time, stop=stop, remaining=job.remaining, increment=job.increment,
                       clock=job.clock, best=job.slot == "hint", judging=job.slot == "draw")
    move = player.choose(state, limits, progress)
    try:
        text = game.format_move(state, move)
    except Exception:  # noqa: BLE001 - an illegal move is reported by the scene
        text = repr(move)
    _log_answer(job_id, text, searched[0], time.perf_counter() - started, stop)
    reports.put(AIResult(job_id, move, text, time.perf_counter() - started))


def progress_report(job_id: int, game, state, p, only_move: bool = False) -> AIProgress:
    """A search's ``ai.base.Progress`` ``p`` of ``state`` as the window's ``AIProgress``: its moves
    written in the game's notations (the window has no engine to replay them)."""
    best = [p.best_move] if p.best_move is not None else []
    best_text, best_other = (_format_line(game, state, best, 1, other) for other in (False, True))
    return AIProgress(
        job_id, p.depth, p.best_move, best_text[0] if best_text else "", float(p.score), p.nodes,
        p.elapsed, _format_line(game, state, p.pv or []), p.proven, p.proven_plies, p.kind, p.done,
        mover=state.to_move, only_move=only_move, exact_margin=p.exact_margin, at_least=p.at_least,
        reason=p.reason, course_depth=p.course_depth, best_other=best_other[0] if best_other else "",
        pv_other=_format_line(game, state, p.pv or [], other=True), unit=p.unit, stage=empty_share(state),
        stopped=p.stopped, plies_at_most=p.plies_at_most, at_most=p.at_most,
    )


def _run_prove_job(job_id: int, job: Job, game, state, players: dict, reports, stop) -> None:
    """The tree explorer asks whether a node's position is proven: the slot's player (level 5,
    whose ``choose`` tries the engine's solver, book or solved board first) searches it as a hint
    does (``Limits.best``) for ``job.move_time``, and its last report goes to the window only if it
    proves the position (``Progress.proven``): an estimate there would read as the tree's own.  In
    this process, not the window's: a numba kernel or a Python solver holds the GIL, and the
    window's frames stuttered meanwhile."""
    import ai

    player = _player_for(job, players)
    _ready_to_move(player, game)
    started, searched = time.perf_counter(), []
    player.choose(state, ai.Limits(time=job.move_time, stop=stop, best=True), searched.append)
    proof = searched[-1] if searched else None
    if proof is not None and proof.proven is not None and not stop.is_set():
        reports.put(progress_report(job_id, game, state, proof, len(state.legal_moves()) == 1))
    log.debug("job %d: %s after %.2f s", job_id, "proven" if proof is not None and proof.proven is not None
              else "not proven", time.perf_counter() - started)
    reports.put(AIResult(job_id, None, "", time.perf_counter() - started))


def job_words(job: Job) -> str:
    """A job as the log says it: its kind, game and options, player and slot, moves played, time."""
    return (f"{job.kind} in {job.game_id} {job.options} by {job.player_id} ({job.slot}), "
            f"{counted(len(job.moves), 'moves')} played{' from a set-up position' if job.start else ''}, {job.move_time:g} s")


def _log_answer(job_id: int, text: str, searched: Any, seconds: float, stop: SharedFlag) -> None:
    """The worker's debug line for a move it chose: the move, the search's last depth and value (a
    book's or a rule's move has none), the time, and whether a stop cut it short."""
    depth, value = (searched.depth, f"{float(searched.score):.3g}") if searched is not None else ("-", "-")
    log.debug("job %d answered %s (depth %s, value %s) in %.2f s%s", job_id, text, depth, value, seconds,
              ", stopped" if stop.is_set() else "")


def _run_values_job(job_id: int, job: Job, game, state, players: dict, reports, stop) -> None:
    """Analysis mode: stream every legal move's value (ai.move_values.analyse) until cancelled.
    Analysis never ends by itself on big positions, so its process yields to everything else: the
    window's frames and a computer's move search come first (a worker runs only one kind of job)."""
    from ai.move_values import analyse, analysis_player

    lower_priority(ANALYSIS_NICENESS)

    started = time.perf_counter()
    key = ("values", job.game_id, tuple(sorted(job.options.items())))
    if key not in players and job.game_id != "hex":
        players[key] = analysis_player(job.game_id, job.seed)

    def report(snapshot) -> None:
        texts = {move: game.format_move(state, move) for move in snapshot.values}
        line = _format_line(game, state, snapshot.best_line())
        line_other = _format_line(game, state, snapshot.best_line(), other=True)
        reports.put(AIMoveValues(job_id, replace(snapshot, lines={}), texts, line, line_other))
        wait_while_held(stop)

    analyse(state, job.game_id, stop, report, seed=job.seed, player=players.get(key))
    log.debug("job %d: analysis %s after %.2f s", job_id, "stopped" if stop.is_set() else "done",
              time.perf_counter() - started)
    reports.put(AIResult(job_id, None, "", time.perf_counter() - started))


HELD_LOOK = 0.05  # seconds between two looks at a held job's flag (``wait_while_held``)


def wait_while_held(stop: SharedFlag | threading.Event) -> None:
    """Pause a values job between two of its reports while the window holds it (``AIWorker.hold``:
    its screen is covered by the rules or a replay), until it lets it go on or stops it.  Its
    search, its round and its transposition table stay as they were, so on the return analysis
    goes on deepening from there: stopped and asked again, it started over, and the first
    snapshots of a search that found the old one's table full of proofs cut the best line short
    (tic-tac-toe's "b1 c1 a3 a2 c2 b3" came back as "b1 c1").  A plain stop flag (a
    ``threading.Event``: a job run in this process) holds nothing."""
    held = getattr(stop, "held", None)
    while held is not None and held() and not stop.is_set():
        time.sleep(HELD_LOOK)
