"""A very small Markdown reader for the rules pages: headings, paragraphs, bullet lists and
pictures.

A picture is a line of its own, ``![what it shows](name)``: the name of a picture the rules
screen draws itself (``trax-tiles``: the six Trax tiles with their names; ``start``: the
page's game at its start), not a file.

The rules files use only these (see docs/HELPER_BRIEF.md), so a full Markdown library is not
needed.  An HTML comment (``<!-- source: ... -->``, on lines of its own) is left out: the pages
keep there where each fact they state comes from, for whoever checks them, not for the player.  Inline marks (``**bold**``, ``*em*``) are dropped to plain text; inline code
(`` `code` ``) is kept as a run of its own (``Block.runs``), exactly as written, so that the page
can draw the characters a player types in the code face.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PICTURE = re.compile(r"^!\[[^\]]*\]\(([\w-]+)\)$")
_INLINE = re.compile(r"(\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w))")
_CODE = re.compile(r"`([^`]+)`")
_COMMENT = re.compile(r"<!--.*?-->", re.S)


@dataclass(frozen=True)
class Run:
    """A stretch of a block's text: inline code (``code``), drawn in the code face, or prose."""

    text: str
    code: bool = False


@dataclass(frozen=True)
class Block:
    kind: str  # "h1", "h2", "h3", "p", "li", "picture"
    text: str  # a picture's: its name
    indent: int = 0  # nesting level of a bullet
    runs: tuple[Run, ...] = ()  # the text as prose and code runs (``text`` is them joined)


def _links_as_text(value: str) -> str:
    """Links (``[text](target)``) shown as their text."""
    return re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", value)


def plain(value: str) -> str:
    """Inline Markdown marks removed; links shown as their text."""
    return _INLINE.sub("", _links_as_text(value)).strip()


def runs(value: str) -> tuple[Run, ...]:
    """``value`` as prose and inline code runs: the prose's marks dropped (``plain``'s), the code
    kept character for character (Trax's ``\\`` tile is what the player types)."""
    pieces = _CODE.split(value.strip())  # prose, code, prose, code, ..., prose
    found = (Run(piece, True) if i % 2 else Run(_INLINE.sub("", _links_as_text(piece)))
             for i, piece in enumerate(pieces))
    return tuple(run for run in found if run.text)


def _block(kind: str, lines: list[str], indent: int = 0) -> Block:
    """A text block of ``kind`` from its Markdown source ``lines``: its runs, and their text
    joined (what a test or a caption reads)."""
    parts = runs(" ".join(lines))
    return Block(kind, "".join(run.text for run in parts), indent, parts)


def parse(source: str) -> list[Block]:
    """The page's blocks, in order; its comments (``_COMMENT``) left out."""
    source = _COMMENT.sub("", source)
    blocks: list[Block] = []
    para: list[str] = []  # the source lines of the paragraph or bullet being read
    bullet_indent: list[int] = []  # the bullet being read: its nesting level; none: a paragraph

    def flush() -> None:
        if para:
            blocks.append(_block("li", para, bullet_indent[0]) if bullet_indent else _block("p", para))
            para.clear()
        bullet_indent.clear()

    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.lstrip()
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = re.match(r"^([-*+]|\d+[.)])\s+(.*)$", stripped)
        picture = _PICTURE.match(stripped)
        if not stripped:
            flush()
        elif picture:
            flush()
            blocks.append(Block("picture", picture.group(1)))
        elif heading:
            flush()
            level = min(3, len(heading.group(1)))
            blocks.append(_block(f"h{level}", [heading.group(2)]))
        elif bullet:
            flush()
            bullet_indent.append((len(line) - len(stripped)) // 2)
            para.append(bullet.group(2))
        elif bullet_indent and not raw.startswith(" "):
            flush()  # a paragraph straight under a bullet, not indented: not the bullet's
            para.append(stripped)
        else:
            para.append(stripped)  # a paragraph's next line, or a bullet continued on it
    flush()
    return blocks
