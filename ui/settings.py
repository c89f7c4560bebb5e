"""User settings, kept as JSON in the platform's user config directory.

Only plain JSON is read (never eval or pickle).  A file that cannot be read (not JSON, not an
object) is moved aside (renamed with a timestamp, never deleted), the last good copy every save
keeps beside it is used (``ui.last_good``; the defaults without one), and the problem is
returned so the window can tell the user; one that cannot be opened (no permission to
read it, a folder of its name) is not damaged: it is left in place and never saved over.  A setting whose value breaks its rule
(``RULES``: a hand-edited file, another version's) gets its default, the others are the file's,
and the problem names it; the file is left as it is until the settings are saved again.  A file
a newer Tabuleiro wrote (its ``version`` above ``VERSION``) is not damaged: it is read as far as
this version knows it and never written (see ``load``).  ``TABULEIRO_CONFIG_DIR`` overrides the directory
(tests, portable installs).

The window saves with ``save_later``: the lock between windows, the read-merge-write and the
syncs run on its background writer (``ui.background_writer``), the newest settings of a file
replacing a save still waiting; ``reports`` hands the outcomes to the window's thread, which says
a failure on its next frame, and closing the window waits for the writer.
"""

from __future__ import annotations

import contextlib
import copy
import json
import logging
import os
import tempfile
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from ui import last_good
from ui.background_writer import WRITE_WAIT, WRITER
from ui.i18n import LANGUAGES, N_, system_language
from ui.names import NAME_LENGTH, clean_name
from ui.theme import THEMES

log = logging.getLogger(__name__)

VERSION = 1  # written in the file: a later one is a newer Tabuleiro's, which this one reads but never writes
NEWER_FILE = ("Your settings were written by a newer version of Tabuleiro: this version reads what it knows of "
              "them and leaves the file as it is, so changes made now last only until Tabuleiro is closed.")
TIME_CHOICES = (0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
ANIMATION_CHOICES = ((N_("Off"), 0.0), (N_("Normal"), 1.0), (N_("Fast"), 2.0))  # labels translated where shown
# the Text size setting: how much larger than usual the screens draw (``ui.theme.window_scale``)
TEXT_SIZE_CHOICES = ((N_("Normal"), 1.0), (N_("Large"), 1.25), (N_("Larger"), 1.5))
# the Trax notation setting's choices (``ui.notation``), labels translated where shown
TRAX_NOTATION_CHOICES = ((N_("Official"), "official"), (N_("Tabuleiro"), "tabuleiro"))
TRAX_NOTATIONS = tuple(value for _label, value in TRAX_NOTATION_CHOICES)


@dataclass
class Settings:
    theme: str = "dark"
    show_legal: bool = True
    face_me: bool = True  # against the computer, the board is turned to the human's side (ui.board_view)
    # against the computer, the thinking card says how its searches judge the game and the line they
    # expect; off, only the move chosen, until the game ends (ui.scenes.panel_search.values_hidden)
    show_evaluations: bool = True
    animation_speed: float = 1.0
    text_size: float = 1.0  # one of TEXT_SIZE_CHOICES: larger text for a projector or low vision
    # how the move lists and a search's lines write Trax's moves (ui.notation): the official
    # notation Trax players read (B2+, counted from the tiles), or Tabuleiro's own (e5/, the board's cells)
    trax_notation: str = "official"
    move_time: float = 1.0  # default seconds per computer move
    window_size: tuple[int, int] = (1280, 800)  # remembered across sessions: the size it had when last not maximised
    fullscreen: bool = False  # F11, Alt+Enter or the settings screen
    maximized: bool = False  # the window was maximised when it was last closed
    sound: bool = True
    volume: float = 0.8
    language: str = "en"
    player_name: str = ""  # your name on the player card and in the records of Human vs PC ("": You)
    outside_players: list[str] = field(default_factory=list)  # ids the tournament screen remembers
    # the games a GTP engine (gtp:COMMAND, engine.json) was added in, by its id: New game offers it
    # for those only (an engine starts for any game); one not listed (added before) is offered for all
    outside_games: dict = field(default_factory=dict)
    setup_choices: dict = field(default_factory=dict)  # the setup screen's last choices (ui.scenes.setup)
    tournament_game: str = ""  # the game of the last tournament started ("": the first game)
    # per game id, the players of its last tournament started, chosen again on the tournament
    # screen; read leniently there (ui.scenes.tournament_setup.picked_last), so not checked here:
    # a value it cannot read is ignored, and the file is not moved aside for it
    tournament_players: dict = field(default_factory=dict)
    # the tournament screen's last games per pair, time per move, random opening moves and, per
    # game, options ({"games": 2, "time": 0.5, "openings": 0, "watch": True, "options": {"hex": {"size": 7}}});
    # read leniently there (ui.scenes.tournament_setup.kept_index, kept_watch, kept_options), so not checked here
    tournament_choices: dict = field(default_factory=dict)
    # the unfinished tournaments' logs (file names in ui.data_folders.tournaments_dir()) the tournament
    # screen no longer offers to resume: the user dismissed them (ui.tournament_logs); files kept
    dismissed_tournaments: list[str] = field(default_factory=list)
    # the Saved games screen's filter: the game shown and the text searched in the players' names
    # ({"game": "reversi", "text": "ana"}); read leniently there (ui.record_filter), so only its form is checked
    records_filter: dict = field(default_factory=dict)
    # keys this version does not know (a newer version's): kept, and written back at every save
    newer_keys: dict = field(default_factory=dict, compare=False, repr=False)

    def unusable(self) -> list[str]:
        """The settings whose values break their rule (``RULES``), in the order of the fields."""
        return [name for name, (valid, _rule) in RULES.items() if not valid(getattr(self, name))]


def _number_from(value: object, low: float, high: float) -> bool:
    """Whether ``value`` is a number from ``low`` to ``high``: JSON's true and false are not, though
    Python counts them as 1 and 0 (``"move_time": true`` was read as one second)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def _language_codes() -> tuple[str, ...]:
    return tuple(code for code, _ in LANGUAGES)


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _pixels(value: object) -> bool:
    """Two whole numbers of pixels a window can have (the file's list, or the tuple read from it)."""
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(
        isinstance(n, int) and not isinstance(n, bool) and 200 <= n <= 16000 for n in value)


def _is_bool(value: object) -> bool:
    return isinstance(value, bool)


# each checked setting: whether a value is one it can take, and what it must be (the log says it);
# the settings the screens read leniently (tournament_players, tournament_choices) are not here
RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "theme": (lambda value: isinstance(value, str) and value in THEMES, f"one of {', '.join(THEMES)}"),
    "show_legal": (_is_bool, "true or false"),
    "face_me": (_is_bool, "true or false"),
    "show_evaluations": (_is_bool, "true or false"),
    "animation_speed": (lambda value: _number_from(value, 0, 4), "a number from 0 to 4"),
    "text_size": (lambda value: _number_from(value, 1, 2), "a number from 1 to 2"),
    "trax_notation": (lambda value: value in TRAX_NOTATIONS, f"one of {', '.join(TRAX_NOTATIONS)}"),
    "move_time": (lambda value: _number_from(value, 0.05, 600), "a number of seconds from 0.05 to 600"),
    "window_size": (_pixels, "two whole numbers of pixels from 200 to 16000"),
    "fullscreen": (_is_bool, "true or false"),
    "maximized": (_is_bool, "true or false"),
    "sound": (_is_bool, "true or false"),
    "volume": (lambda value: _number_from(value, 0, 1), "a number from 0 to 1"),
    "language": (lambda value: isinstance(value, str) and value in _language_codes(),
                 f"one of {', '.join(_language_codes())}"),
    "player_name": (lambda value: isinstance(value, str) and clean_name(value) == value,
                    f"a name of at most {NAME_LENGTH} printable characters"),
    "outside_players": (_texts, "a list of player ids (text)"),
    "outside_games": (lambda value: isinstance(value, dict) and all(_texts(g) for g in value.values()),
                      "an object of lists of game ids"),
    "setup_choices": (lambda value: isinstance(value, dict), "an object"),
    "tournament_game": (lambda value: isinstance(value, str), "a game id (text)"),
    "dismissed_tournaments": (_texts, "a list of file names (text)"),
    "records_filter": (lambda value: isinstance(value, dict), "an object"),
}
DEFAULTS_USED = ("Some settings in the file could not be used and are back to their defaults: {names}. "
                 "The file is left as it is until the settings are saved again.")  # ui.words says it
KEPT_USED = ("Some settings in the file could not be used and are back to their values of {time}: {names}. "
             "The file is left as it is until the settings are saved again.")  # ui.words says it


# settings that may hold what a person typed (a name, a search) or chose for a game: the log says
# they changed, not to what (``changes_said``)
PRIVATE_SETTINGS = frozenset({"player_name", "records_filter", "setup_choices", "tournament_players",
                              "tournament_choices", "newer_keys"})


def changes_said(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The settings that differ between two ``asdict`` of them, as the log says them: "theme: dark -> light",
    a ``PRIVATE_SETTINGS`` one by its name alone."""
    return [name if name in PRIVATE_SETTINGS else f"{name}: {before.get(name)!r} -> {value!r}"
            for name, value in after.items() if before.get(name) != value]


def text_size_of(app: object) -> float:
    """The Text size setting of ``app``'s window (1 for a screen shown without one, as in tests)."""
    return getattr(getattr(app, "settings", None), "text_size", 1.0)


def config_dir() -> Path:
    return Path(os.environ.get("TABULEIRO_CONFIG_DIR") or user_config_dir("tabuleiro", appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def _from_json(data: object) -> tuple[Settings, list[str]]:
    """The settings a file's JSON holds, and the names of those whose values break their rule,
    which get their defaults (the desktop's language for ``language``): one setting out of range
    cost the user every other one.  ValueError when ``data`` is no JSON object at all.  The log
    is the caller's (``_log_unusable``): it knows whether the defaults stay or the last good copy's
    values replace them (the log said "its default is used" of a value taken from the copy)."""
    if not isinstance(data, dict):
        raise ValueError(HOLDS_NO_SETTINGS)
    known = {f.name for f in fields(Settings)} - {"newer_keys"}
    data = {k: v for k, v in data.items() if k != "version"}  # the file's, not a setting
    settings = Settings(**{k: v for k, v in data.items() if k in known},
                        newer_keys={k: v for k, v in data.items() if k not in known})
    bad = settings.unusable()
    defaults = first_settings()
    for name in bad:
        setattr(settings, name, getattr(defaults, name))
    settings.window_size = tuple(settings.window_size)  # the file's list
    return settings, bad


MAX_DEPTH = 32  # lists and objects within a setting: its own hold 4 at most; far deeper is junk


def _nested_too_deep(value: object) -> bool:
    """Whether ``value`` holds lists or objects more than ``MAX_DEPTH`` deep, found without recursion:
    copying or writing such a value (every save does) runs out of Python's stack."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        inner = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, depth + 1) for child in inner)
    return False


def _without_deep_values(data: object) -> object:
    """``data`` without the settings nested too deep to be saved again (``_nested_too_deep``): each
    is left out and its default used, the other settings kept (a file whose one setting a tool
    filled with junk made every save of the window fail, and its changes were lost)."""
    if not isinstance(data, dict):
        return data
    deep = [key for key, value in data.items() if _nested_too_deep(value)]
    for key in deep:
        log.warning("the setting %r in the settings file is nested too deep to be one: left out", key)
    return {key: value for key, value in data.items() if key not in deep}


def _is_newer(data: object) -> bool:
    """Whether ``data`` is a newer Tabuleiro's settings (its ``version`` above this one's)."""
    version = data.get("version") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > VERSION


def _as_far_as_known(data: dict) -> Settings:
    """A newer version's settings as far as this one knows them: each setting it knows whose value
    it takes (not a theme added since, say), the defaults for the rest, said by ``NEWER_FILE``."""
    settings, bad = _from_json(data)
    _log_unusable(bad, "its default is used")
    settings.newer_keys = {}  # never written
    return settings


def first_settings() -> Settings:
    """The defaults, in the desktop's language when we have it (ui.i18n.system_language)."""
    return Settings(language=system_language())


_LEFT_IN_PLACE: set[Path] = set()  # settings files that could not be read nor moved aside: never saved over
MAX_BYTES = 1024 * 1024  # a settings file is a few KB; a larger one is not read into memory whole
_SAVE_PROBLEMS: dict[Path, str] = {}  # why the last save of each file failed (the settings screen says so)
_KNOWN: dict[Path, dict] = {}  # each file's contents as this process last read or wrote them
_NEWER: set[Path] = set()  # settings files a newer Tabuleiro wrote: read, never written (``load``)
_SAVED: deque[str | None] = deque()  # the outcomes of the saves done on the writer's thread, for ``reports``


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a problem description if the file was bad.

    A newer Tabuleiro's file is read as far as this version knows it (``NEWER_FILE`` says so, once)
    and never written: the settings changed in this version last for the session only.  It used to
    be moved aside as damaged when it held a value this version does not know (a theme added
    since), and the newer version then found no settings either.  Writing it back with the
    unknown keys kept would lose nothing today, but this version would write its own idea of
    each setting it knows under the newer version's number, and the newer one would trust them as
    its own (a setting whose meaning or form it changed); leaving the file alone is the safe one."""
    path = path or settings_path()
    if not WRITER.wait(WRITE_WAIT):  # this process's own saves first: it reads what it saved
        log.warning("the settings are still being saved after %.0f s", WRITE_WAIT)
    if not path.exists():
        return first_settings(), None
    try:
        data = _without_deep_values(json.loads(_read(path)))
        if _is_newer(data):
            _NEWER.add(path.resolve())
            return _as_far_as_known(data), NEWER_FILE
        settings, bad = _from_json(data)
        _KNOWN[path.resolve()] = data  # a save writes the values used for the bad ones over them
        return settings, _kept_for_unusable(path, settings, bad)
    except (OSError, ValueError, TypeError, RecursionError, OverflowError) as exc:
        return _unreadable(path, exc)


def _kept_for_unusable(path: Path, settings: Settings, bad: list[str]) -> str | None:
    """Give the settings ``bad`` names (unusable in the file, at their defaults) their values in
    the last good copy (``ui.last_good``), when it has them, and say which: one value a tool or a
    hand garbled put the player's Larger text or name back to the defaults, though the copy
    beside the file held them.  The file and the copy are left as they are."""
    if not bad:
        return None
    kept = last_good.read_copy(path, _good_settings) if path.resolve() not in _LEFT_IN_PLACE else None
    if kept is None:
        _log_unusable(bad, "its default is used")
        return DEFAULTS_USED.format(names=", ".join(bad))
    (good, _data), when, _text = kept
    for name in bad:
        setattr(settings, name, getattr(good, name))
    _log_unusable(bad, f"its value in the last good copy, of {last_good.saved_at(when)}, is used")
    return KEPT_USED.format(time=last_good.saved_at(when), names=", ".join(bad))


def _log_unusable(bad: list[str], used: str) -> None:
    """Log each setting ``bad`` names (unusable in the settings file, ``_from_json``), with its
    rule and the value ``used`` instead: the default, or the last good copy's (``_kept_for_unusable``)."""
    for name in bad:
        log.warning("the setting %r in the settings file must be %s: %s", name, RULES[name][1], used)


def _unreadable(path: Path, exc: BaseException) -> tuple[Settings, str]:
    """The settings to use instead of a file that could not be read, and what the window says:
    a damaged one is moved aside and the last good copy taken back (``ui.last_good``), the
    defaults only without one; one that could not be opened is left in place, with the defaults."""
    why = _why(exc, path)
    if isinstance(exc, OSError):
        return first_settings(), f"Settings file was unreadable ({why}); {_leave_in_place(path)}; using defaults."
    where = _move_aside(path)
    kept = last_good.restore(path, _good_settings) if path.resolve() not in _LEFT_IN_PLACE else None
    if kept is None:
        return first_settings(), f"Settings file was unreadable ({why}); {where}; using defaults."
    (settings, data), when = kept
    _KNOWN[path.resolve()] = data
    return settings, f"Settings file was unreadable ({why}); {where}; restored the settings of {last_good.saved_at(when)}."


def _good_settings(text: str) -> tuple[Settings, dict]:
    """The settings a last good copy holds, and its JSON; ValueError for one that is not this
    version's whole settings (damaged too, a newer version's, a value out of its rule)."""
    data = _without_deep_values(json.loads(text))
    if _is_newer(data):
        raise ValueError("a newer version's settings")
    settings, bad = _from_json(data)
    if bad:
        raise ValueError(f"settings out of their rules: {', '.join(bad)}")
    return settings, data


def _read(path: Path) -> str:
    """The file's text; ValueError for a file too large to be settings or not text at all."""
    from ai.atomic import NotText, TooLarge, capped_text

    try:
        return capped_text(path, MAX_BYTES)
    except TooLarge:
        raise ValueError(f"it is larger than {MAX_BYTES // (1024 * 1024)} MB, far more than any settings file") from None
    except NotText:
        raise ValueError("it is not a text file") from None


HOLDS_NO_SETTINGS = "the file holds no settings"  # JSON, but a list, a number or a text (``ui.words.FILE_ERRORS``)
CUT_SHORT = "the file is cut short or damaged"  # said for JSON that breaks off (``ui.words.FILE_ERRORS``)


def _why(exc: BaseException, path: Path) -> str:
    """Why the file could not be read, in words a user understands rather than Python's own.  JSON
    that breaks off is "cut short or damaged": the JSON reader's line, column and words ("Expecting
    ':' delimiter") showed on the screen; they go to the log, for whoever mends the file."""
    from ui.record_files import EMPTY_FILE, content_problem, os_problem

    if isinstance(exc, OSError):
        return os_problem(exc, path, writing=False)
    if isinstance(exc, json.JSONDecodeError):
        log.warning("settings file %s: %s", path, content_problem(exc))
        return EMPTY_FILE if not exc.doc.strip() else CUT_SHORT  # nothing written at all: not "cut short"
    return content_problem(exc)


def _leave_in_place(path: Path) -> str:
    """Where a settings file that could not be opened (no permission to read it, a folder of its
    name) stays: in place, never saved over.  It is not damaged, and it was moved aside (a
    folder renamed) and then written over by the defaults."""
    _LEFT_IN_PLACE.add(path.resolve())
    return "left in place"


def _move_aside(path: Path) -> str:
    """Rename a bad file as records are (``NAME.corrupt-TIME``, never overwriting an earlier one);
    where it is now."""
    from ui.record_files import move_aside

    try:
        return f"moved to {move_aside(path).name}"
    except OSError:
        return _leave_in_place(path)


def save(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically; returns an error description instead of raising."""
    path = path or settings_path()
    problem = _write(settings, path)
    if problem is None:
        _SAVE_PROBLEMS.pop(path.resolve(), None)
    else:
        _SAVE_PROBLEMS[path.resolve()] = problem
    return problem


def save_later(settings: Settings, path: Path | None = None) -> None:
    """``save`` on the window's background writer, of the settings as they are now: the window
    never waits for the lock or the disk.  A newer save of the same file replaces one not yet
    started, so the newest settings win; ``reports`` gives each outcome."""
    path = path or settings_path()
    snapshot = copy.deepcopy(settings)  # the window goes on changing its own
    WRITER.submit(("settings", path.resolve()), lambda: _SAVED.append(save(snapshot, path)))


def reports() -> list[str | None]:
    """The outcomes of the saves ``save_later`` handed over that have ended since the last call:
    None for a save that worked, else its problem.  The window asks every frame."""
    done = []
    while _SAVED:
        done.append(_SAVED.popleft())
    return done


def folder_problem(path: Path | None = None) -> str | None:
    """Why the settings cannot be saved in their folder (a file in its way, a read-only disk or
    folder), looked at as the window opens, in the words a failed save uses; None when a file can
    be written there.  With no settings file yet nothing was read, and the first change of a setting was the
    first to find out, after the player had already chosen."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path.parent):  # a folder that is there but read-only
            pass
    except OSError as exc:
        problem = _cannot_save(exc, path)
        _SAVE_PROBLEMS[path.resolve()] = problem  # the settings screen says it too
        return problem
    return None


def _with_changes_of_others(path: Path, data: dict) -> dict | None:
    """``data`` to write, on top of what another Tabuleiro window wrote since this one last read or
    wrote the file: only the settings this window changed since then are its to write (a second
    window's Quit wrote all of its settings back, undoing the first window's new theme).  None
    when that window was a newer Tabuleiro: the file is not this one's to write any more."""
    known = _KNOWN.get(path.resolve())
    if known is None:
        return data
    data = json.loads(json.dumps(data))  # as the file holds it: lists, not tuples
    try:
        disk = _without_deep_values(json.loads(_read(path)))
    except (OSError, ValueError, RecursionError):
        return data  # gone or unreadable: ours is all there is
    if _is_newer(disk):
        return None
    if not isinstance(disk, dict) or disk == known:
        return data
    return {**disk, **{k: v for k, v in data.items() if known.get(k) != v}}


def save_problem(path: Path | None = None) -> str | None:
    """Why the last save of the settings failed (None: it worked, or none was tried): the
    settings screen must not say "Saved automatically" while nothing is.  A file that could be
    neither read nor moved aside is never saved over: no save will work, tried or not.  With no
    problem known at all the answer is None without finding the file (the screen asks at every draw)."""
    if not (_NEWER or _LEFT_IN_PLACE or _SAVE_PROBLEMS):
        return None
    path = (path or settings_path()).resolve()
    if path in _NEWER:
        return f"Could not save settings: {path} was written by a newer version of Tabuleiro and is left as it is"
    if path in _LEFT_IN_PLACE:
        return f"Could not save settings: {path} could not be read and is left as it is"
    return _SAVE_PROBLEMS.get(path)


def _write(settings: Settings, path: Path) -> str | None:
    if path.resolve() in _LEFT_IN_PLACE:  # the user's file, unread: theirs to mend or remove
        return f"Could not save settings: {path} could not be read and is left as it is"
    if path.resolve() in _NEWER:  # a newer Tabuleiro's: said once as it was read (``load``)
        return None
    from ai.file_lock import held
    from ui.record_files import atomic_write_text  # temporary file, fsync, rename

    data = {k: v for k, v in asdict(settings).items() if k != "newer_keys"}
    data["window_size"] = list(settings.window_size)
    data["version"] = VERSION
    with contextlib.suppress(OSError):  # a folder that cannot be made: the write below says so
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with held(path.with_name(f".{path.name}.lock")):  # another window's save waits until this one's is written
            data = _with_changes_of_others(path, {**settings.newer_keys, **data})
            if data is None:  # a newer Tabuleiro wrote it since this one read it: its file now
                _NEWER.add(path.resolve())
                return None
            text = json.dumps(data, indent=2) + "\n"
            atomic_write_text(path, text)
            last_good.keep_copy(path, text)  # for a file damaged later (``ui.last_good``)
        _KNOWN[path.resolve()] = data
        return None
    except OSError as exc:
        return _cannot_save(exc, path)


def _cannot_save(exc: OSError, path: Path) -> str:
    """A failed save (or a folder it could not make), in the words the window shows."""
    from ui.record_files import os_problem

    return f"Could not save settings: {os_problem(exc, path)}"
