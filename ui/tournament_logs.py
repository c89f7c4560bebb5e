"""The window's unfinished tournaments: the results logs its tournament screen writes, and which to offer.

The tournament screen writes FILE.jsonl (ai.results_log: a header with the settings that fix the
schedule, then one fsynced line per finished game) beside its report files (FILE.txt, .json,
.csv) in ``ui.data_folders.tournaments_dir()``, so a tournament left, closed with the window or
killed can be taken up again.  ``newest_unfinished`` finds the one to offer: the newest log of
that folder with at least one finished game and fewer than its schedule's total, of a game this
install has, that the user did not dismiss, and that no other window is running now.  Dismissing (``dismiss``) only stops the offer: the
log's file name is kept in ``settings.dismissed_tournaments``, and no file is touched, as the
results already saved are the user's.  The command line's logs (``--out FILE``) live wherever
FILE says and are not looked for.

``games_played`` reads the finished games of every log in the folder as records, for the Saved
games screen (``ui.scenes.records``), which lists them beside the saved ones.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ai.results_log import ResultsLog, in_use, refuse_if_newer
from ai.tournament_files import settled_unplayed
from ai.tournament_schedule import games_in
from ai.tournament_standings import not_played
from games.record import GameRecord
from games.record_parts import RecordError, Result, Side

ADDED_LOGS = "added-players.bots"  # in the tournaments folder: the logs of files checked as they are added


def added_players_log_folder(folder: Path) -> Path:
    """Where the tournament screen keeps the log of an outside player's file that could not be
    loaded when it was added (typed, dropped, a pattern's file): in its tournaments ``folder``,
    beside the tournaments' own FILE.bots, not in the temporary folder (pruned on reboot), as the
    message and the tip that say why it cannot play name that log.  A file that loads leaves none."""
    return folder / ADDED_LOGS


@dataclass
class Unfinished:
    """A tournament log with games still to play."""

    path: Path  # FILE.jsonl
    header: dict[str, Any]  # the settings that fix the schedule (Tournament.header), and its notes
    done: int  # finished games in the log
    total: int  # games of the whole schedule
    when: float  # when its last game finished (the file's modification time)
    unplayed: int = 0  # of ``done``, the games settled without play (a withdrawal's, or a player never started)

    @property
    def base(self) -> Path:
        """FILE: where its report files are written (FILE.json, FILE.txt ...)."""
        return self.path.with_suffix("")

    def describe(self) -> tuple[str, str]:
        """Two lines for the offer: "Unfinished tournament: Reversi" and "4 players, 7 of 12
        games · 2026-11-26 14:05" (the date of its last finished game); with games settled
        without play, those played and those not apart, as the tournament's progress says them
        (``games_counted``, in its short form): "8 of 12 games" where 2 were played and a
        withdrawal annulled 6, beside the screen's "2 of 12 games played, 6 not played"."""
        import games
        from ai.commands.tournament import games_counted
        from ui import words
        from ui.i18n import _, date_text, ngettext
        from ui.parts import join_parts

        game = words.title(games.info(self.header["game"]))
        n = len(self.header["players"])
        when = date_text(datetime.fromtimestamp(self.when))
        counted = (games_counted(self.done - self.unplayed, self.unplayed, self.total, words=words.ReportWords(),
                                 short=True) if self.unplayed else
                   ngettext("{done} of {total} game", "{done} of {total} games", self.total).format(
                       done=self.done, total=self.total))
        second = ngettext("{n} player", "{n} players", n).format(n=n) + ", " + counted
        return _("Unfinished tournament: {game}").format(game=game), join_parts([second, when])


def read(path: Path) -> Unfinished | None:
    """The log at ``path`` as an ``Unfinished``, whether finished or not; None if it is no
    tournament log (or cannot be read)."""
    try:
        header, done = ResultsLog.read(path)
        refuse_if_newer(header, path)  # a newer Tabuleiro's: not offered, as this one cannot go on with it
        players, per_pair = header["players"], header["games_per_pair"]
        total = games_in(len(players), int(per_pair))
        settled = settled_unplayed(header, done)  # a withdrawn player's games left: over, not to play
        when = path.stat().st_mtime
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    if not isinstance(header.get("game"), str) or not isinstance(players, list):
        return None
    unplayed = settled + sum(1 for result in done.values() if not_played(result))  # a player never started's too
    return Unfinished(path, header, len(done) + settled, total, when, unplayed)


def newest_unfinished(folder: Path, dismissed: Collection[str] = (), game_ids: Collection[str] | None = None
                      ) -> Unfinished | None:
    """The newest log in ``folder`` with at least one finished game and some left, whose name is
    not in ``dismissed`` and whose game is one of ``game_ids`` (None: any); None if there is none.
    A log with no finished game is not offered: there is nothing to take up, it is started anew."""
    try:
        logs = [(p.stat().st_mtime, p) for p in folder.glob("*.jsonl") if p.name not in dismissed]
    except OSError:  # no folder yet, or one that cannot be read
        return None
    for _when, path in sorted(logs, reverse=True):
        found = read(path)
        if found is None or not 0 < found.done < found.total or in_use(path):  # in use: another window runs it
            continue
        if game_ids is None or found.header["game"] in game_ids:
            return found
    return None


def dismissed(app: Any) -> list[str]:
    """The file names of the logs the user dismissed (``settings.dismissed_tournaments``)."""
    names = getattr(getattr(app, "settings", None), "dismissed_tournaments", None)
    return [str(n) for n in names] if isinstance(names, list) else []


def dismiss(app: Any, path: Path) -> None:
    """Offer the log at ``path`` no more; the names of logs no longer in its folder are dropped
    from the list, so it does not grow for ever.  The settings are saved (the window says so if
    that fails: ``app.apply_settings``)."""
    settings = getattr(app, "settings", None)
    if settings is None or not isinstance(getattr(settings, "dismissed_tournaments", None), list):
        return
    kept = [n for n in settings.dismissed_tournaments if (path.parent / n).exists() and n != path.name]
    settings.dismissed_tournaments = [*kept, path.name]
    apply = getattr(app, "apply_settings", None)
    if callable(apply):
        apply()


@dataclass(frozen=True)
class PlayedGame:
    """One finished game of a tournament log, as a record to list and replay."""

    log: Path  # the FILE.jsonl it is in
    number: int  # its number in the tournament's schedule
    record: GameRecord

    @property
    def key(self) -> Path:
        """A path naming this game alone (``FILE.jsonl#12``; no such file): the lists key their
        rows' pictures by path, and a log holds many games."""
        return self.log.with_name(f"{self.log.name}#{self.number}")


_PLAYED: dict[Path, tuple[tuple[int, int], list[PlayedGame]]] = {}  # each log's games as last read


def _stamp(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_mtime_ns, info.st_size


def logs_unread(folder: Path) -> int:
    """How many of ``folder``'s logs ``games_played`` has not read as they are now: the Saved
    games screen reads them off the window's thread when there are any (a log of hundreds of
    games, and our players' titles, take a noticeable part of a second)."""
    count = 0
    try:
        for path in folder.glob("*.jsonl"):
            known = _PLAYED.get(path)
            count += known is None or known[0] != _stamp(path)
    except OSError:  # no folder, or a log gone since the listing: games_played sees to it
        pass
    return count


def games_played(folder: Path) -> list[PlayedGame]:
    """Every finished game of every tournament log in ``folder``, by log then number; a log that
    cannot be read, or a game of it that is no record, is left out (the tournament screen says
    what is wrong with a log).  The moves are not replayed here (``checked=False``): a list of
    hundreds of games would take seconds; the game opened is checked then.  A log unchanged since
    it was last read is not read again (``_PLAYED``)."""
    try:
        logs = sorted(folder.glob("*.jsonl"))
    except OSError:
        return []
    played = []
    for path in logs:
        try:
            stamp = _stamp(path)
        except OSError:
            continue
        known = _PLAYED.get(path)
        if known is None or known[0] != stamp:
            known = _PLAYED[path] = (stamp, _read_games(path, stamp))
        played += known[1]
    return played


def _read_games(path: Path, stamp: tuple[int, int]) -> list[PlayedGame]:
    """The finished games of the log at ``path`` (modified at ``stamp``); none if it cannot be read."""
    try:
        header, done, ended = ResultsLog.read_with_times(path)
    except (OSError, ValueError):
        return []
    file_time = datetime.fromtimestamp(stamp[0] / 1e9, UTC).isoformat(timespec="seconds")  # an older log's
    names = _player_names(header)
    games = []
    for number, result in sorted(done.items()):
        try:
            record = GameRecord.from_dict(result.to_json(), checked=False)
        except RecordError:
            continue
        sides = tuple(Side(p.id, names.get(p.id or "", p.title)) for p in record.players)
        record = replace(dated(record, ended.get(number, file_time)), players=sides,
                         result=_forfeit_named(record.result, names))
        games.append(PlayedGame(path, number, record))
    return games


def game_ended(log: Path, number: int) -> str | None:
    """When game ``number`` of the log at ``log`` ended (ISO 8601, UTC), as the log wrote it; None
    where the log cannot be read or does not say (a log written before it kept the time)."""
    try:
        _header, _done, ended = ResultsLog.read_with_times(log)
    except (OSError, ValueError):
        return None
    return ended.get(number)


def dated(record: GameRecord, when: str) -> GameRecord:
    """``record`` of a tournament's game dated ``when``, the one moment its log keeps (its end),
    as Saved games and the tournament screen's replay both date it."""
    return replace(record, started=when, updated=when, finished=when)


def _forfeit_named(result: Result | None, names: dict[str, str]) -> Result | None:
    """``result`` with a forfeit's player said by name ("White forfeits: duarte exceeded ..."), as
    the row's players are: the log keeps the player's id, a student's file's whole path, which
    filled the Saved games row and cut off why the game was lost."""
    from ui.words import FORFEIT_REASON

    forfeit = FORFEIT_REASON.fullmatch(result.reason) if result is not None else None
    if forfeit is None or forfeit.group("player") not in names:
        return result
    start, end = forfeit.span("player")
    return replace(result, reason=result.reason[:start] + names[forfeit.group("player")] + result.reason[end:])


def _player_names(header: dict[str, Any]) -> dict[str, str]:
    """The names of a log's players as the tournament screen shows them: ours by their titles
    (in English, as records keep them), an outside player's as the log noted it, else as the
    tables name it unloaded (``ui.outside_players.short``: "duarte" for .../duarte/jogador.py),
    told apart as the tables tell them (``ai.player_names.display_names``: "ana (x/ana/jogador.py)"
    and "ana (y/ana/jogador.py)"; "a/aluno" and "b/aluno" where a command line's log noted "aluno"
    for both)."""
    import ai
    from ai.player_names import display_names
    from ui.outside_players import short

    game = header.get("game")
    try:
        ours = {p.id: p.title for p in ai.catalog(game)} if isinstance(game, str) else {}
    except (KeyError, ValueError):  # a game this install does not have
        ours = {}
    noted = header.get("titles") if isinstance(header.get("titles"), dict) else {}
    players = [str(pid) for pid in header.get("players")] if isinstance(header.get("players"), list) else []
    unloaded = {pid: short(pid) for pid in players if ai.is_outside_player(pid)}
    return display_names(players, {pid: str(title) for pid in players
                                   if (title := ours.get(pid) or noted.get(pid) or unloaded.get(pid))})
