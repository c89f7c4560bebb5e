"""The pure-Python searches that the numba kernels replaced.

Kept importable for the differential tests, which check each kernel against the plain code it
replaced, and ``main.py bench``, which prints the old speed beside the new.  Rastros' also stands
in for its kernels while the window's worker compiles them after installing (``RastrosPlayer.stand_in``).
"""
