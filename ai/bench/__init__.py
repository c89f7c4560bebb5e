"""Per-game benchmark figures for ``main.py bench``: fixed positions, perft, solver reach, strength runs.

Each ``ai/bench/<game>.py`` may define ``BENCH_POSITIONS`` (position text, or ``(options, text)``)
and ``bench_extra(report, quick, ...)``.  Engine modules hold players and evaluations only.
"""

from __future__ import annotations

from collections.abc import Callable


def faster(kernel_per_cpu: float, python_per_cpu: float, digits: int = 0) -> str:
    """``kernel x37 faster per CPU s``: how the kernel compares with the pure-Python code it
    replaced, both counted in nodes (or playouts) per CPU second.  A bare ``x37 per CPU s`` at a
    line's end did not say which side was the faster nor what was counted."""
    return f"kernel x{kernel_per_cpu / max(python_per_cpu, 1e-9):.{digits}f} faster per CPU s"


def hint_heading(seconds: float) -> str:
    """The heading over ``hint_depths``' lines, one for every game's bench: what its two columns
    measure.  It said the full windows searched "as before", which named no time a reader of the
    bench knows: the searches before null windows at the root's ties."""
    return (f"a hint's depth in {seconds:g} s (best move, first on the board among equals): the root's ties "
            "tested with null windows, as hints search, beside a full window on every root move, "
            "as hints searched before null windows")


def hint_depths(report: Callable[[str], None], game_id: str, states: list, seconds: float,
                searcher_of: Callable[[object, object], object]) -> None:
    """The depth a hint (``Limits.best``) of level-5 reaches in ``seconds`` from each of ``states``,
    its root searched as usual with a null window on each move that may tie the best
    (``ai.search.driver.first_of_best``) beside a full window on every root move, the way before
    (``full_window_hint`` of the player's searcher, ``searcher_of(player, state)``), side by side."""
    import ai
    from ai.base import Limits

    for number, state in enumerate(states, 1):
        figures = []
        for full_windows in (False, True):
            player = ai.make_player(game_id, "level-5", seed=1, options=state.game.options)
            searcher_of(player, state).full_window_hint = full_windows
            move = player.choose(state, Limits(time=seconds, best=True))
            answer = player.last
            what = f"depth {answer.depth:2d}" if answer.kind == "alphabeta" and answer.proven is None else answer.kind
            figures.append(f"{what} {state.game.format_move(state, move):>4}")
        size = state.game.options["size"]
        report(f"  #{number} {size}x{size}  null windows: {figures[0]}   full windows: {figures[1]}")
