"""Hypothesis's ``st.text()`` strings, drawn without the table hypothesis builds for them.

``st.text()``'s default alphabet is ``st.characters(codec="utf-8")``: hypothesis finds the
characters UTF-8 can encode by encoding each of the 1.1 million code points, once in every process
that draws such text (2 to 6 s of a CI worker, unless an earlier run left the table in
.hypothesis, which a fresh CI checkout has not).  UTF-8 encodes every code point except the
surrogates (Unicode category Cs), so ``ANY_CHARACTER`` is the same set of characters read from
the category table hypothesis keeps anyway: ``any_text`` draws the same strings, example for
example, as ``st.text`` with the same sizes.
"""

from __future__ import annotations

from hypothesis import strategies as st

ANY_CHARACTER = st.characters(exclude_categories=["Cs"])


def any_text(min_size: int = 0, max_size: int | None = None) -> st.SearchStrategy[str]:
    """``st.text(min_size=..., max_size=...)``: any text UTF-8 can hold."""
    return st.text(ANY_CHARACTER, min_size=min_size, max_size=max_size)
