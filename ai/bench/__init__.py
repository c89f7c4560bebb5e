"""Per-game benchmark figures for ``main.py bench``: fixed positions, perft, solver reach, strength runs.

Each ``ai/bench/<game>.py`` may define ``BENCH_POSITIONS`` (position text, or ``(options, text)``)
and ``bench_extra(report, quick, ...)``.  Engine modules hold players and evaluations only.
"""


def faster(kernel_per_cpu: float, python_per_cpu: float, digits: int = 0) -> str:
    """``kernel x37 faster per CPU s``: how the kernel compares with the pure-Python code it
    replaced, both counted in nodes (or playouts) per CPU second.  A bare ``x37 per CPU s`` at a
    line's end did not say which side was the faster nor what was counted."""
    return f"kernel x{kernel_per_cpu / max(python_per_cpu, 1e-9):.{digits}f} faster per CPU s"
