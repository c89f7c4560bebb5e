"""One game of a tournament, played from plain data (``play_task``) in a worker process, a Dask
worker or the caller's own process, so the games are the same whichever plays them; a game
forfeit unplayed, and our own failure said in one line.

Referee: ``ai.match.play_game``: over the time limit (plus its grace), an illegal move, a crash or
no move loses the game, and the reason is kept in the result.  Outside players run in their own
processes (ai/outside.py) inside the worker playing the game."""

from __future__ import annotations

import itertools
import traceback
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ai.match import NOT_STARTED, GameResult
from ai.tournament_events import MovePlayed

DOUBLE_FORFEIT = "double forfeit: neither player could be started"  # the reason of such a game (0-0)


def unplayed_forfeit(game_id: str, options: dict[str, Any], ids: Sequence[str], losers: list[int],
                     reason: Callable[[int], str], both: str | None = None) -> GameResult:
    """A game not played, lost by the side(s) ``losers``: by one (``reason(side)``), the other
    winning, or by both (``both``, the reason, a loss for each and a win for neither), given only
    by a caller whose losers may be two: a withdrawal's forfeit has one loser."""
    result = GameResult(game_id, dict(options), list(ids), forfeit=True)
    if len(losers) == 2:
        if both is None:
            raise ValueError("a game lost by both sides needs the reason both lost it for")
        result.reason = both
        return result
    result.winner = 1 - losers[0]
    result.reason = reason(losers[0])
    return result


def play_scheduled(game_id: str, options: dict[str, Any], ids: tuple[str, str], seeds: tuple[int, int],
                   time_per_move: float | None, on_move: Callable[[str], None] | None = None,
                   opening: tuple[str, ...] = (), clock: str | None = None,
                   loader: dict[str, Any] | None = None, broken: dict[str, str] | None = None,
                   seed_bots: bool = False) -> GameResult:
    """One game of the tournament, after the ``opening`` moves (notation), on the game ``clock``
    (``GameClock`` text) if any; a player that cannot even be created, or is in ``broken`` (known
    not to load: id -> why), loses it with the reason kept; ``seed_bots``: outside players get
    their ``seeds`` too."""
    import games
    from ai.match import GameClock, play_with_new_players

    game = games.load(game_id, **options)
    unable = [side for side, pid in enumerate(ids) if broken and pid in broken]
    if unable:  # neither can play: a loss for both, not a win for either
        return unplayed_forfeit(game_id, game.options, ids, unable,
                                lambda side: f"{game.sides[side]} forfeits: {ids[side]} {NOT_STARTED}: "
                                             f"{broken[ids[side]]}", both=DOUBLE_FORFEIT)
    callback = None
    if on_move is not None:
        def callback(before, move, after) -> None:
            on_move(game.format_move(before, move))
    moves, state = [], game.initial_state()
    for text in opening:
        moves.append(game.parse_move(state, text))
        state = state.play(moves[-1])
    return play_with_new_players(game, ids, seeds, time_per_move, moves, GameClock.parse(clock) if clock else None,
                                 loader, callback, seed_bots=seed_bots)


def loader_logging_beside(loader: dict[str, Any], log_file: str | None) -> dict[str, Any]:
    """Outside players' ``loader`` options with, given a results log, the bots' logs beside it
    (``lasting_log_folder``), so the logs its forfeits name last as long as it does; a folder the
    loader names already is kept.  For the games and for the players' loading before them (a file
    that cannot be loaded forfeits every game naming that one log)."""
    if not log_file or "log_dir" in loader:
        return loader
    from ai.outside_process import lasting_log_folder

    return {**loader, "log_dir": str(lasting_log_folder(log_file))}


def play_task(task: dict[str, Any], on_move: Callable[[str], None] | None = None) -> dict[str, Any]:
    """``play_scheduled`` on a task as ``Tournament.task`` makes it (plain data, so it can cross to a
    worker process or a Dask worker); returns the result as a dict (``GameResult(**it)``)."""
    ids = tuple(task.get("load_ids") or task["ids"])  # load_ids: the same players at absolute paths (Dask)
    broken = {ids[k]: task["broken"][pid] for k, pid in enumerate(task["ids"]) if pid in (task.get("broken") or {})}
    result = play_scheduled(task["game"], task["options"], ids, tuple(task["seeds"]), task["time"],
                            on_move, tuple(task["opening"]), task.get("clock"), task.get("loader"), broken,
                            task.get("seed_bots", False))
    result.players = list(task["ids"])
    return asdict(result)


def move_emitter(emit: Callable, number: int) -> Callable[[str], None]:
    ply = itertools.count(1)
    return lambda text: emit(MovePlayed(number, text, next(ply)))


def failure_text(exc: BaseException) -> str:
    """An exception of ours in one line, with where it was raised: "KeyError: 'x' (at
    ai/match.py line 212, in play_game)".  A void game's reason ends with it: its last line
    alone named no place to look."""
    said = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    text = " ".join(line.strip() for line in said.strip().splitlines())  # a message of several lines: one line
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return text
    where = Path(frames[-1].filename)
    root = Path(__file__).resolve().parent.parent
    shown = where.relative_to(root).as_posix() if where.is_relative_to(root) else where.name
    return f"{text} (at {shown} line {frames[-1].lineno}, in {frames[-1].name})"
