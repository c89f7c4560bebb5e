"""Outside players in the window: naming them, finding which remembered ones fit a game, remembering.

Loading an outside player starts a process (a Python file is imported there, a GTP engine is
started), which takes a fraction of a second or more: the window never does it on its own
thread.  ``OFFERS`` checks the remembered ids (``settings.outside_players``) for a game and its
options in a background thread and caches the answer per (game, options, id), so the setup screen
can offer them in its selectors and rebuild its menu when the answers arrive.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import ai
from ui.i18n import _


def short(player_id: str) -> str:
    """A player id as shown in tables and labels before its file is loaded, by the one rule that
    names an outside player everywhere (``ai.commands.tournament.entry_title``: whose it is, then
    which player): "aluno" for ``…/aluno.py:choose``, "ana" for ``…/ana/jogador.py``, "bot:Crasher"
    for another player of a file.  The game, its saved games and the withdraw line said "bot.py:Crasher",
    "Crasher (bot.py)" or "bot" where the tournament's tables said "bot:Crasher".  An engine's
    command is kept whole: where it is drawn the text helpers cut it to the room there
    (``ui.text.fit``, ``fit_inside``); cut here to 28 characters too, it was cut twice, "Loading
    gtp:/tmp/wt-……" on the thinking card."""
    from ai.outside_names import entry_title

    return entry_title(player_id) or player_id


def found_title(player_id: str, title: str, kind: str | None = None) -> str:
    """How the window names a player found in a file (``title`` and ``kind``: what it reports), by
    the rule the tournament's tables name it by (``entry_title``): "Aluno 42 (alunos)" for a course
    ``Jogador``'s name, "buggy:Buggy" for a class of buggy.py, "aluno" for a file playing by its
    ``choose``; New game offered "Buggy (buggy.py)" where the tables said "buggy:Buggy"."""
    from ai.outside_names import entry_title

    return entry_title(player_id, title, kind) or short(player_id)


@lru_cache(maxsize=512)  # asked for every row of the tournament screen's tables, on every frame
def kept_title(player_id: str, title: str) -> str:
    """``title`` as saved for ``player_id`` (a saved game's, a setting's), by the rule of
    ``found_title``: an older version saved a file's player as New game offered it, the name it
    reports and its file ("Buggy (buggy.py)"), which is named again ("buggy:Buggy"), so an old
    saved game names its bot as the tables do, and so is its id cut short ("buggy.py:Buggy"); any
    other title is kept as it is."""
    from ai.outside import parse_outside_id

    try:
        spec = parse_outside_id(player_id)
    except ValueError:
        return title
    name = Path(spec.path).name
    if spec.kind != "file":
        return title
    if title.endswith(f" ({name})"):
        return found_title(player_id, title[:-len(name) - 3])
    if title == name or title.startswith(f"{name}:"):  # the id cut short by an older version: "bot.py:Crasher"
        return short(player_id)
    return title


def title(game_id: str, player_id: str) -> str:
    """The title the New game screen offers ``player_id`` under for ``game_id`` ("varios:Crasher",
    an engine's name) if it was checked in this session, else the id without its folder (``short``)."""
    return OFFERS.title(game_id, player_id) or short(player_id)


def description(game_id: str, player_id: str, watched: bool = False) -> str:
    """What ``player_id`` does in ``game_id``, for the note under its selector: ours in the
    catalog's words, to the person playing against it or (``watched``) to one watching; an
    outside player named (New game and Play from here say the same)."""
    from ui import words

    about = next((words.description(p, watched) for p in ai.catalog(game_id) if p.id == player_id), "")
    if not about and ai.is_outside_player(player_id):
        about = _("An outside player: {name}").format(name=short(player_id))
    return about


def discover(game_id: str, entry: str, options: dict[str, Any],
             loader: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """(id, title) of the players ``entry`` names for ``game_id``: a file's players or one engine;
    ``loader``: the outside players' loader options for a file (``log_dir``: where the log of a
    file that cannot be loaded is kept).

    Slow (it starts a process): call it from a thread.  ValueError if nothing there plays the game.
    """
    loader = loader or {}
    if entry.startswith("gtp:") or entry.endswith(".json"):
        player = ai.make_player(game_id, entry)
        player.close()
        return [(entry, player.info.title)]
    from ai.outside import list_outside_players, load_outside_player, parse_outside_id

    spec = parse_outside_id(entry)
    if spec.name and spec.name != "*":  # the one it names (by its name or title; a function of the file too)
        player = load_outside_player(game_id, entry, options, **loader)
        player.close()
        infos = [ai.PlayerInfo(f"{spec.path}:{player.name}", player.info.title, player.kind)]
    else:
        infos = list_outside_players(game_id, spec.path, options, **loader)
    return [(i.id, found_title(i.id, i.title, i.description)) for i in infos]  # description: its kind


def is_engine(player_id: str) -> bool:
    """A GTP engine (``gtp:COMMAND``, ``engine.json``): it starts for any game, so it is offered for
    the games it was added in only (``settings.outside_games``); a file is offered where it loads."""
    return player_id.startswith("gtp:") or player_id.endswith(".json")


def remembered(app: Any, game_id: str | None = None) -> list[str]:
    """The outside player ids the window remembers (``settings.outside_players``); with ``game_id``,
    without the engines added for other games (an engine remembered without its games, as before
    they were kept, is offered for every game)."""
    settings = getattr(app, "settings", None)
    known = getattr(settings, "outside_players", None)
    ids = [str(pid) for pid in known] if isinstance(known, (list, tuple)) else []
    games = getattr(settings, "outside_games", None)
    if game_id is None or not isinstance(games, dict):
        return ids
    return [pid for pid in ids if not is_engine(pid) or not isinstance(games.get(pid), list) or game_id in games[pid]]


def games_of(app: Any, player_id: str) -> list[str]:
    """The game ids engine ``player_id`` was added or played in (``settings.outside_games``); none
    for a file, or for an engine remembered before they were kept (offered for every game)."""
    games = getattr(getattr(app, "settings", None), "outside_games", None)
    used = games.get(player_id) if isinstance(games, dict) else None
    return [str(g) for g in used] if isinstance(used, list) else []


def remember(app: Any, ids: list[str], game_id: str | None = None) -> str | None:
    """Add ``ids`` to the remembered outside players (an engine with ``game_id``, the game it was
    added in) and save the settings; a problem or None."""
    settings = getattr(app, "settings", None)
    if settings is None or not isinstance(getattr(settings, "outside_players", None), list):
        return None
    new = [pid for pid in ids if pid not in settings.outside_players]
    games = getattr(settings, "outside_games", None)
    more_games = False
    if game_id is not None and isinstance(games, dict):
        for pid in ids:
            # an engine remembered before without its games stays offered for every game
            if is_engine(pid) and (pid in new or pid in games) and game_id not in games.get(pid, []):
                games[pid] = [*games.get(pid, []), game_id]
                more_games = True
    if not new and not more_games:
        return None
    settings.outside_players = [*settings.outside_players, *new]
    return _save(app, settings)


def forget(app: Any, ids: list[str]) -> str | None:
    """Remember ``ids`` no more (the tournament screen's "×" on an outside player: the Settings
    screen forgets them all), with the games an engine was added in, and save the settings; a
    problem or None.  The players' files are not touched."""
    settings = getattr(app, "settings", None)
    if settings is None or not isinstance(getattr(settings, "outside_players", None), list):
        return None
    games = getattr(settings, "outside_games", None)
    had_games = isinstance(games, dict) and any(pid in games for pid in ids)
    if not any(pid in settings.outside_players for pid in ids) and not had_games:
        return None
    settings.outside_players = [pid for pid in settings.outside_players if pid not in ids]
    if had_games:
        settings.outside_games = {pid: g for pid, g in games.items() if pid not in ids}
    return _save(app, settings)


def _save(app: Any, settings: Any) -> str | None:
    """Save the changed ``settings`` through the window (``app.apply_settings``, which says a
    failure itself), else to the file; a problem or None."""
    apply = getattr(app, "apply_settings", None)
    if callable(apply):
        return apply()
    from ui import settings as settings_file
    from ui import words

    problem = settings_file.save(settings)
    return words.settings_problem(problem) if problem else None


def _options_key(options: dict[str, Any]) -> tuple:
    return tuple(sorted((str(k), repr(v)) for k, v in options.items()))


class Offers:
    """Which remembered outside players fit a game with its options, checked in background threads.

    ``players(game, options, entries)`` answers at once from the cache (entries not yet checked
    are simply missing) and starts one thread for the unchecked ones; ``version`` grows whenever
    an answer arrives, so a screen knows when to rebuild.  An entry that does not load for a game
    is cached as fitting nothing (it is not retried until ``clear``).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[tuple, list[tuple[str, str]]] = {}
        self._pending: set[tuple] = set()
        self.version = 0

    def players(self, game_id: str, options: dict[str, Any], entries: list[str]) -> list[tuple[str, str]]:
        """(id, title) of the checked entries that fit, in the order of ``entries``, without duplicates."""
        okey = _options_key(options)
        out: list[tuple[str, str]] = []
        todo: list[str] = []
        with self._lock:
            for entry in entries:
                key = (game_id, okey, entry)
                if key in self._found:
                    out.extend(p for p in self._found[key] if p[0] not in {q[0] for q in out})
                elif key not in self._pending:
                    self._pending.add(key)
                    todo.append(entry)
        if todo:
            threading.Thread(target=self._check, args=(game_id, dict(options), okey, todo), daemon=True,
                             name="tabuleiro-outside-check").start()
        return out

    def pending(self, game_id: str, options: dict[str, Any]) -> bool:
        okey = _options_key(options)
        with self._lock:
            return any(k[0] == game_id and k[1] == okey for k in self._pending)

    def _check(self, game_id: str, options: dict[str, Any], okey: tuple, entries: list[str]) -> None:
        for entry in entries:
            try:
                found = discover(game_id, entry, options)
            except Exception:  # noqa: BLE001 - a player of another game, a missing file: not offered
                found = []
            with self._lock:
                key = (game_id, okey, entry)
                self._found[key] = found
                self._pending.discard(key)
                self.version += 1

    def known(self, game_id: str, options: dict[str, Any], found: list[tuple[str, str]]) -> None:
        """Record players just found (added by the user) so they need no second check."""
        okey = _options_key(options)
        with self._lock:
            for pid, title in found:
                self._found[(game_id, okey, pid)] = [(pid, title)]
            self.version += 1

    def title(self, game_id: str, player_id: str) -> str | None:
        """The title ``player_id`` was found under for ``game_id`` (any options), or None."""
        with self._lock:
            for key, found in self._found.items():
                if key[0] == game_id:
                    for pid, title in found:
                        if pid == player_id:
                            return title
        return None

    def clear(self) -> None:
        with self._lock:
            self._found.clear()
            self.version += 1


OFFERS = Offers()
