"""A very small Markdown reader for the rules pages: headings, paragraphs, bullet lists and
pictures.

A picture is a line of its own, ``![what it shows](name)``: the name of a picture the rules
screen draws itself (``trax-tiles``: the six Trax tiles with their names; ``start``: the
page's game at its start), not a file.

The rules files use only these (see docs/HELPER_BRIEF.md), so a full Markdown library is not
needed.  Inline marks (``**bold**``, ``*em*``, `` `code` ``) are dropped to plain text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PICTURE = re.compile(r"^!\[[^\]]*\]\(([\w-]+)\)$")
_INLINE = re.compile(r"(\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w))")


@dataclass(frozen=True)
class Block:
    kind: str  # "h1", "h2", "h3", "p", "li", "picture"
    text: str  # a picture's: its name
    indent: int = 0  # nesting level of a bullet


def plain(value: str) -> str:
    """Inline Markdown marks removed; links shown as their text."""
    value = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", value)
    return _INLINE.sub("", value).strip()


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", plain(" ".join(para))))
            para.clear()

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
            blocks.append(Block(f"h{level}", plain(heading.group(2))))
        elif bullet:
            flush()
            indent = (len(line) - len(stripped)) // 2
            blocks.append(Block("li", plain(bullet.group(2)), indent))
        elif blocks and blocks[-1].kind == "li" and not para and raw.startswith(" "):
            last = blocks.pop()  # a bullet continued on the next line
            blocks.append(Block("li", f"{last.text} {plain(stripped)}", last.indent))
        else:
            para.append(stripped)
    flush()
    return blocks
