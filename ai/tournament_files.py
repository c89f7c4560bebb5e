"""What a tournament's files hold, checked as they are read: a results log's header (each setting's
check, and the settings said as the command line types them), a report's games, the withdrawals
they keep, and the names of the tables ``--out FILE`` writes beside its results."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ai.match import GameResult
from ai.results_log import is_text
from ai.tournament_schedule import schedule
from ai.tournament_standings import settled_in_older_file

TABLE_SUFFIXES = (".txt", ".md", ".html", ".csv")  # the tables ``--out FILE`` writes beside its results
STANDINGS_SUFFIX = "-standings"  # FILE-standings.csv, the standings' table beside FILE.csv, the games'


SETTING_WORDS = {"game": "the game", "options": "--option", "players": "the players", "games_per_pair": "--games",
                 "time_per_move": "--time", "clock": "--clock", "seed": "--seed", "opening_plies": "--openings"}
"""A results log header's settings, by the words of the command line that sets them."""


def setting_text(value: Any) -> str:
    """A setting as a command line writes it: ``level-1 level-2`` for players, ``size=9 swap=false``
    for options, ``none`` for a setting not given (not Python's ``['level-1', 'level-2']`` nor its
    ``False``, which ``--option swap=False`` would not be typed as)."""
    if value is None or value in ({}, []):
        return "none"
    if isinstance(value, dict):
        return " ".join(f"{k}={_value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(_value_text(v) for v in value)
    return _value_text(value)


def _value_text(value: Any) -> str:
    """One value as typed: ``true``/``false`` for a yes-or-no option, ``0.5`` for seconds."""
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, float) else str(value)


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


HEADER_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (is_text, "a game id"),
    "players": (lambda v: isinstance(v, list) and all(is_text(p) for p in v), "a list of player ids"),
    "options": (lambda v: v is None or isinstance(v, dict), "an object"),
    "games_per_pair": (lambda v: _whole(v) and v > 0, "a whole number above 0"),
    "time_per_move": (lambda v: v is None or (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v < 1e9),
                      "a number of seconds"),
    "clock": (lambda v: v is None or is_text(v), "a clock's text or null"),
    "seed": (lambda v: v is None or type(v) is int, "a whole number or null"),
    "opening_plies": (lambda v: v is None or _whole(v), "a whole number"),
    "loader": (lambda v: v is None or isinstance(v, dict), "an object"),
    "started_with": (lambda v: v is None or _whole(v), "a whole number"),
    "withdrawn": (lambda v: v is None or isinstance(v, dict), "an object"),
}
"""What each setting of a results log's header (or a report) must hold to be read as a
tournament: one edited by hand ("options": true) said Python's "'bool' object has no attribute
'items'", or raised OverflowError ("games_per_pair": Infinity) as the window opened it."""


def report_games(games: Any, path: Path) -> dict[int, GameResult]:
    """The games of a report (its ``games``) by number, those an older report wrote without
    ``unplayed`` marked as it marked them (``settled_in_older_file``); ValueError naming ``path``
    and the first game that is not one (``ai.results_log.result_of``)."""
    from ai.results_log import result_of

    if not isinstance(games, list):
        raise ValueError(f"{path}: its games should be a list, not {games!r:.60}")
    done = {}
    for index, data in enumerate(games, 1):
        try:
            result = result_of(data)
            if "unplayed" not in data:  # an older report's: its withdrawal's games marked by their reason
                result.unplayed = settled_in_older_file(result)
            done[int(data["number"])] = result
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"{path}: game {index} of its list is not a finished game ({exc})") from None
    return done


def withdrawn_of(header: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """The withdrawn players of a log's header or a report: id -> (the games it had played, its
    games then: a player joining later adds games, not to its withdrawal's reckoning); TypeError
    or ValueError if garbled."""
    return {str(pid): (int(when[0]), int(when[1])) for pid, when in (header.get("withdrawn") or {}).items()}


def settled_unplayed(header: dict[str, Any], played: Iterable[int]) -> int:
    """How many games of the league a log's ``header`` describes, besides the numbers ``played``
    in its log, its withdrawn players' games settle unplayed (forfeits or annulments): a league
    whose last games were those of a withdrawn player is over with fewer games logged than its
    schedule.  TypeError, ValueError or KeyError if the header garbles a setting."""
    gone = withdrawn_of(header)
    if not gone:
        return 0
    players = list(header["players"])
    started = header.get("started_with")
    indices = {players.index(pid) for pid in gone if pid in players}
    logged = set(played)
    return sum(1 for g in schedule(len(players), int(header["games_per_pair"]), header.get("seed"),
                                   None if started is None else int(started))
               if g.number not in logged and indices & set(g.players))
