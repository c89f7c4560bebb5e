"""Players' names as people type them: kept short and printable wherever they come from (a text
field, a settings file, a saved game), since they are drawn on player cards and saved in records."""

from __future__ import annotations

NAME_LENGTH = 24  # characters of a player's name: it must fit a player card and a saved game's name


def clean_name(text: object) -> str:
    """A player's name as typed or read from a file: printable characters, spaces collapsed, at
    most ``NAME_LENGTH`` characters; anything that is not text is no name ("")."""
    if not isinstance(text, str):
        return ""
    printable = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(printable.split())[:NAME_LENGTH].strip()
