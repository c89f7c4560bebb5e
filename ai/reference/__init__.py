"""The pure-Python searches that the numba kernels replaced.

Kept importable for two readers only: the differential tests, which check each kernel against
the plain code it replaced, and ``main.py bench``, which prints the old speed beside the new.
No player uses them, but for a stand-in while its game's kernels compile after installing (each
module's docstring says whose).
"""
