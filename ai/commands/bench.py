"""`main.py bench`: speed and strength figures, printed for notes and regressions.

For each game: level-5's depth, nodes and nodes per second in a fixed time from the positions
its bench module ``ai/bench/<game>.py`` lists in ``BENCH_POSITIONS`` (position text, or
``(options, text)``), then that module's ``bench_extra`` figures (the kernels' speed beside the
pure-Python code they replaced, perft, solver reach, short strength runs).
"""

from __future__ import annotations

import inspect
import os
import platform
from collections.abc import Callable

import ai
import games
from ai import optional_module
from ai.base import Limits, Progress

Report = Callable[[str], None]
# the window's benches (ui/bench.py, ui/analysis_bench.py), each with the line that heads its figures:
# main.py passes them to ``run_bench``, since ai/ does not import the window
WINDOW_TARGETS = {"ui": "the window's CPU and frames per second, idle and while level-5 thinks",
                  "analysis": "what analysis mode and the tree explorer cost the window"}


def bench_module(game_id: str):
    """``ai/bench/<game>.py``, or None for a game without bench figures of its own."""
    return optional_module(f"ai.bench.{game_id}")


def proven_words(game: games.Game, state: games.State, proven: int) -> str:
    """A search's proof said by whom it favours ("proven: X wins", "proven: a draw"): the figure
    alone ("proven=-1") left a reader to guess that it counts for the side to move, so that -1
    was the other side's win."""
    if proven == 0:
        return "proven: a draw"
    winner = state.to_move if proven > 0 else 1 - state.to_move
    return f"proven: {game.sides[winner]} wins"


def bench_positions(game_id: str, report: Report, seconds: float) -> None:
    figures = bench_module(game_id)
    for number, entry in enumerate(getattr(figures, "BENCH_POSITIONS", []), 1):
        options, text = entry if isinstance(entry, tuple) else ({}, entry)
        game = games.load(game_id, **options)
        state = game.from_text(text)
        player = ai.make_player(game_id, "level-5", seed=1)
        reports: list[Progress] = []
        move = player.choose(state, Limits(time=seconds), progress=reports.append)
        finals = [r for r in reports if r.done]
        p = finals[-1] if finals else Progress(best_move=move)
        label = ",".join(f"{k}={v}" for k, v in game.options.items())  # the board's size, also by default
        proven = "" if p.proven is None else f", {proven_words(game, state, p.proven)}"
        unit = "playouts" if p.kind == "mcts" else "nodes"
        searched = (f"depth {p.depth:3d}  {unit} {p.nodes:9d}  {p.nps:10.0f} {unit}/s" if p.nodes
                    else f"{'no search (a ' + p.kind + ' move)':41}")
        report(f"  #{number} {label:22} {p.kind:9} {searched}  {p.elapsed:5.2f}s  best {game.format_move(state, move)}"
               f"{proven}")


def _bench_extra(target: str) -> Callable[..., None] | None:
    return getattr(bench_module(target), "bench_extra", None)


def takes_openings(target: str) -> bool:
    """Whether ``target``'s bench has a strength run whose size ``--openings`` sets."""
    extra = None if target in (*WINDOW_TARGETS, "budget") else _bench_extra(target)
    return extra is not None and "openings" in inspect.signature(extra).parameters


def run_bench(targets: list[str], quick: bool, report: Report = print, openings: int | None = None,
              window_benches: dict[str, Callable[[Report, bool], None]] | None = None, version: str = "",
              command: str = "") -> None:
    """Figures for each target: a game id, one of ``WINDOW_TARGETS`` (the window's figures, by the
    bench ``window_benches`` gives for it: main.py gives them, since ai/ does not import the window),
    or "budget" (``ai.bench.budget``: every level's answers against its time per move).

    The header says which Tabuleiro made them (``version``: its version and its libraries', numba's
    above all), on what machine, and the ``command`` that makes them again: figures pasted into a
    note or an issue said neither, so no one could tell what they measured or rerun them."""
    made_by = version or f"Tabuleiro on Python {platform.python_version()}"
    report(f"{made_by}; {platform.machine()}, {os.cpu_count()} CPUs; {'quick' if quick else 'full'} runs")
    if command:
        report(f"command: {command}")
    seconds = 0.3 if quick else 1.0
    for target in targets:
        if target in WINDOW_TARGETS:
            bench = (window_benches or {}).get(target)
            if bench is not None:
                report(f"{target}: {WINDOW_TARGETS[target]}")
                bench(report, quick)
            continue
        if target == "budget":
            from ai.bench.budget import bench_budget

            bench_budget(report, quick)
            continue
        report(f"{target}: level-5 from fixed positions, up to {seconds:g} s each (a book, a proof or a short "
               "game ends a search sooner)")
        bench_positions(target, report, seconds)
        extra = _bench_extra(target)
        if extra is not None:
            extra(report, quick, **({"openings": openings} if openings is not None else {}))
