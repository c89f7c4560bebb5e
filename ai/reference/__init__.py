"""The pure-Python searches that the numba kernels replaced.

Kept importable for the differential tests, which check each kernel against the plain code it
replaced, and ``main.py bench``, which prints the old speed beside the new.  No player uses
them, but for Alquerque's levels while a fresh install compiles their kernel (``alquerque_search``).
"""
