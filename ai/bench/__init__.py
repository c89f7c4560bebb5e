"""Per-game benchmark figures for ``main.py bench``: fixed positions, perft, solver reach, strength runs.

Each ``ai/bench/<game>.py`` may define ``BENCH_POSITIONS`` (position text, or ``(options, text)``)
and ``bench_extra(report, quick, ...)``.  Engine modules hold players and evaluations only.
"""
