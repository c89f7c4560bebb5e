"""Players' names in tables: a built-in player's title, and a distinct short name per player, an
outside player's file shown with as much of its path as tells it from the others."""

from __future__ import annotations

import sys
from pathlib import Path


def builtin_titles(game_id: str) -> dict[str, str]:
    """Each built-in player of ``game_id`` (id -> title, in English: ``ai.roster``)."""
    import ai

    return {info.id: info.title for info in ai.catalog(game_id)}


def display_names(player_ids: list[str], titles: dict[str, str] | None = None) -> dict[str, str]:
    """A distinct short name per player for tables: its title if it has one (outside players: the
    name the student gives, or the folder), else the id without its directories; where two would
    look alike, more of the file's path is shown until they differ (``a/player.py:Player`` and
    ``b/player.py:Player``, not ``player.py:Player`` twice).  A student's file titled by its
    stem (``aluno``, ``entry_title``) takes its folders before the stem (``a/aluno`` and
    ``b/aluno``, for bots/a/aluno.py and bots/b/aluno.py)."""
    titles = titles or {}

    def candidates(pid: str) -> list[str]:
        separators = pid.count("/") + (pid.count("\\") if sys.platform == "win32" else 0)
        title = titles.get(pid)
        if title and title == _path_tail(pid, 1, stem=True):
            return list(dict.fromkeys([_path_tail(pid, depth, stem=True) for depth in range(1, separators + 2)] + [pid]))
        paths = [_path_tail(pid, depth) for depth in range(1, separators + 2)] + [pid]
        paths = list(dict.fromkeys(paths))
        return [title] + [f"{title} ({p})" for p in paths] if title else paths

    options = {pid: candidates(pid) for pid in player_ids}
    level = dict.fromkeys(player_ids, 0)
    while True:
        names = {pid: options[pid][level[pid]] for pid in player_ids}
        seen: dict[str, list[str]] = {}
        for pid, name in names.items():
            seen.setdefault(name, []).append(pid)
        clashing = {pid for group in seen.values() if len(group) > 1 for pid in group
                    if level[pid] + 1 < len(options[pid])}
        if not clashing:
            return names
        # players of one title go on together: one stopped at the first difference, its player's
        # name ("ana (jogador.py:choose)" beside "ana (x/ana/jogador.py)"), said nothing of its folder
        steps = {(titles.get(pid), level[pid]) for pid in clashing if titles.get(pid)}
        for pid in player_ids:
            if pid in clashing or ((titles.get(pid), level[pid]) in steps and level[pid] + 1 < len(options[pid])):
                level[pid] += 1


def _path_tail(player_id: str, depth: int, stem: bool = False) -> str:
    """``player_id`` with only the last ``depth`` parts of an outside file's path; with ``stem``,
    the file without its extension, nor ``:choose``, the function a file plays by (``a/aluno``)."""
    import ai

    if not ai.is_outside_player(player_id) or player_id.startswith("gtp:"):
        return player_id
    at = max(player_id.rfind(ext) for ext in (".py", ".ipynb", ".json"))
    end = player_id.find(":", at) if at >= 0 else -1
    path, rest = (player_id[:end], player_id[end:]) if end >= 0 else (player_id, "")
    parts = list(Path(path).parts[-depth:])
    if stem:
        parts[-1] = Path(parts[-1]).stem
        rest = "" if rest == ":choose" else rest
    return "/".join(parts) + rest
