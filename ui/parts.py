"""A line made of parts, "Your move (Blue) · Enter to type it": the one separator between them
and how they are joined.  Apart from ``ui.text`` (which lays text out with pygame's fonts and
gives these to the window's screens) so that the words the command line prints too
(``ui.words``' report, ``ui.tally``) join their parts with the same separator without pygame."""

from __future__ import annotations

from collections.abc import Iterable

SEPARATOR = " · "
"""Between the parts of a line: "Your move (Blue) · Enter to type it", "depth 7 · best e4"."""


def _unstopped(part: str) -> str:
    """``part`` without the full stop that ends it as a sentence (an ellipsis "..." kept)."""
    return part[:-1] if part.endswith(".") and not part.endswith("..") else part


def join_parts(parts: Iterable[str]) -> str:
    """``parts`` on one line, ``SEPARATOR`` between them: each trimmed of spaces and separators at
    its ends, an empty one left out, a sentence's full stop dropped before the next part.  Every
    line made of parts goes through it: Alquerque's prompt read "... its last point). · Up or
    Down: a cursor on the board", and a part that came empty would leave "· ·" or a bare "·"."""
    kept = [part for part in (raw.strip().strip("·").strip() for raw in parts) if part]
    return SEPARATOR.join([*map(_unstopped, kept[:-1]), *kept[-1:]])
