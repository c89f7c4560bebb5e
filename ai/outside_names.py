"""How an outside player is named wherever it is shown: ``entry_title``, the one rule.

A tournament's tables (the command line's and the window's), the window's New game screen, a
game's player cards, its forfeit reasons and its saved games all name a student's player by it
(``ui.outside_players`` applies it in the window, ``ai.player_names.display_names`` tells apart two
that it names alike).  The same bot was "buggy:Buggy" in the tables, "Buggy (buggy.py)" on New
game and in its saved games, and "buggy" in the withdraw line.  Kept apart from
``ai.commands.tournament`` (where it was), whose import takes some 0.3 s: the window asks it for a
player's name on its own thread.
"""

from __future__ import annotations

from pathlib import Path

from ai.outside import parse_outside_id
from ai.outside_child import GENERIC_STEMS


def entry_title(pid: str, title: str | None = None, kind: str | None = None) -> str | None:
    """How tables name an outside player (``display_names``' title; None: by its id).

    A student's file says whose it is, loaded or not (``title`` and ``kind``: the loaded player's,
    None if it could not be loaded): the folder of a file with the assignment's name (``jogador.py``,
    ``player.py``, ...: ``ana``), else the file's stem (``minimax``), as a match names it, its folder
    added by ``display_names`` only where two players would otherwise share a name; then the
    player, for a class or another named one (``rui:Careful``), or before it the name a course
    ``Jogador`` gives (``Aluno 42 (ana)``), or after it a Trax player's algorithm (``ana (minimax)``).
    A GTP engine: the name it gives.
    """
    try:
        spec = parse_outside_id(pid)
    except ValueError:
        return None
    if spec.kind != "file":
        return title if title and title not in {pid, Path(spec.path).stem, Path(spec.path).name} else None
    path = Path(spec.path).resolve()
    folder = path.parent.name
    generic = path.stem.lower() in GENERIC_STEMS  # every student's file has that stem: its folder says whose
    who = (folder or path.stem) if generic else path.stem  # a folder where two share a stem: display_names
    var = spec.name or (title if kind == "class" else None)
    named = var if var != "choose" and kind not in ("function", "course trax") else None
    base = f"{who}:{named}" if named else who
    if title is None or kind in ("function", "class") or title in {"", var, path.stem, path.name, folder, who,
                                                                   f"{path.stem}.{var}"}:
        return base
    if kind == "course trax" and title.startswith(f"{folder} ("):
        return who + title[len(folder):]  # its algorithm
    return f"{title} ({who})"
