"""`main.py tournament`: a round robin on the command line (the engine is ai/tournament.py).

    python main.py tournament rastros level-2 level-4 rastros:basilio bots/mine.py:jogador42 \\
        --games 10 --time 0.5 --jobs 2 --out results/rastros

``--games N``: N games with each player of a pair moving first, so 2N games per pair.
``--openings PLIES``: round r of every pair (one game each way) starts after round r's PLIES
random moves, so deterministic players do not replay the same two games.  A live
progress bar goes to stderr; at the end stdout gets the crosstable, the standings (points: a win
1, a draw half a point, as a line under them says; games played; W/D/L; forfeits; Elo with its 95% interval, mean 0: a
game a withdrawal settled by forfeit without play counts in the points, W and L, not in the games played nor the Elo,
as a line under them says), the forfeits (one line per
player and reason, with the games' numbers and logs), and the void games (``is_void``: not played to an end, counted for no one; status 1).  ``--out FILE`` writes FILE.json (everything, every game's moves), FILE.csv (one row per
game), FILE-standings.csv, FILE.md and FILE.html (the standings and crosstable as Markdown tables
and as a web page, for a course page) at the end, FILE.jsonl (every game the moment it ends) and FILE.txt
(the crosstable and standings so far, rewritten as games finish; a crosstable wider than the terminal,
80 columns in FILE.txt, in blocks of columns).  ``file.py:*`` enters every
player of a file, a pattern (``bots/*/*.py:*``) every file it matches that defines a player
(``enter_players``).

``--resume FILE``: FILE.jsonl of a stopped or killed run: its games are kept, only the missing
ones are played (same game, players and settings, checked); ``--withdraw PLAYER`` with it withdraws a player
(``withdraw_players``, asked first; its games count as ``ai.tournament_standings.withdrawal_stands`` rules).
``--clock 5m+2s``: a game clock
(ai.match.GameClock).  ``--cluster local|tcp://HOST:PORT``: the games run on Dask (ai/cluster.py,
docs/leagues.md).  ``--definitions-only``: outside .py files are loaded without their top-level
demo calls.  Outside files that cannot be loaded are named on stderr before any game and forfeit
all their games; the rest of the tournament plays on.  Tables show players by ``display_names``,
a student's file by whose it is (``entry_title``: ``ana``, ``rui:Careful``), loaded or not.
The report is in English, in the words it is given (``ReportWords``; main.py gives the window's, so
the terminal names a game's options as the window does); the window's tournament screen passes its
own words to ``write_results`` for FILE.txt in its language (ai/ imports no ui/).  The CSV files stay English.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import queue
import re
import shutil
import sys
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import games
from ai.atomic import atomic_write_text
from ai.commands.engines import prepare_engines
from ai.match import ReadyPlayers
from ai.outside import RUNNING_AT, matching_files
from ai.outside_names import entry_title
from ai.player_names import builtin_titles, display_names
from ai.reason_names import file_named_once
from ai.referee import AT_MOVE
from ai.tournament import GameResult, Tournament
from ai.tournament_events import Event, GameFinished
from ai.tournament_files import STANDINGS_SUFFIX
from ai.tournament_play import loader_logging_beside
from ai.tournament_schedule import games_each
from ai.tournament_standings import (
    DRAW_RESULT,
    MIN_RATED_GAMES,
    NO_VALUE,
    Standing,
    Summary,
    annulled_players,
    counts,
    crosstable,
    crosstable_forfeits,
    forfeit_marks,
    half_points,
    is_annulled,
    is_double_forfeit,
    is_unplayed_forfeit,
    is_void,
    joined_late,
    lost_by_withdrawal,
    named_reason,
    not_played,
    outcome,
    played_part,
    ranked_apart,
    standings,
    withdrawal_stands,
)
from ai.value_words import counted
from games.record_fields import options_text

LIVE_EVERY = 5.0  # seconds between rewrites of FILE.txt while games finish
# a Ctrl+C after the last game came in, as the league's workers ended: it was reported "stopped
# early: 2 of 2 games" with status 130, as if a resume had games left to play
CLOSE_CUT = "Ctrl+C as the league closed: every game is in, so it is complete"
# said before the outside players are loaded, which is where an engine that loads a book spends its
# start: a match hands that process to its first game (``ReadyPlayers``), a league cannot, its games
# running in other processes (``--jobs``, a Dask cluster), so its start is paid again each game
CHECKING = "checking the outside players: each is started once now, then again for each of its games"
# --resume FILE with no FILE.jsonl yet: the league starts, so a job script can always give --resume
# (docs/leagues.md); "{log} not found: starting the tournament" read as an error the run then ignored
NOTHING_TO_RESUME = "no tournament to resume: {log} does not exist yet, so a new one starts and is written there"
# --withdraw with no log: a mistyped FILE started a whole new league and withdrew the player from it
NOTHING_TO_WITHDRAW_FROM = ("error: no tournament to withdraw from: {log} does not exist yet (is FILE spelt as "
                            "when the league started?); nothing was started")


class ReportWords:
    """How the report (FILE.txt, the text printed at the end) says things: in English, as the
    command line prints it.  Another language is an object with the same methods (the window's is
    ui.words.ReportWords); ``say`` is given each fixed text and template by its English."""

    def say(self, text: str) -> str:
        """A heading, a column's label or a ``str.format`` template."""
        return text

    def number(self, text: str) -> str:
        """A number written the English way ("0.5", "83.3") as the language writes it."""
        return text

    def games(self, n: int) -> str:
        """"1 game", "3 games"."""
        return counted(n, "games")

    def plural(self, singular: str, plural: str, n: int) -> str:
        """The template of a count for ``n``, given its English singular and plural forms (as
        ``ngettext`` chooses): "{n} player" for one, "{n} players" for more."""
        return singular if n == 1 else plural

    def reason(self, text: str) -> str:
        """A game's recorded reason (English: ``State.end_reason``, a referee's forfeit, "void: ...")."""
        return text

    def forfeit(self, text: str) -> str:
        """Why a player forfeited, without its side and name ("crashed: ...", "exceeded the time limit ...")."""
        return text

    def game(self, game_id: str) -> str:
        """The game's name in the header line ("Rastros round robin", as the window's report says
        it, not the id "rastros"); the id for a game this install lacks."""
        try:
            return games.info(game_id).title
        except ValueError:
            return game_id

    def options(self, game_id: str, options: dict[str, Any]) -> str:
        """The rules the games were played under, as ``--option`` takes them ("size=7, swap=false"),
        when any is not the game's usual one; "" at the usual ones (``unusual_rules``).  Words of no
        language, for a caller without the window's: the command line prints the window's words
        (main.py's ``report_words``: "Board size: 7 · Swap rule: No"), as the window names them."""
        return options_text(options) if unusual_rules(game_id, options) else ""

    def language(self) -> str:
        """The code of the report's language ("en"), which FILE.html's ``<html lang>`` states."""
        return "en"


ENGLISH = ReportWords()


def unusual_rules(game_id: str, options: dict[str, Any]) -> bool:
    """Whether a tournament of ``game_id`` was played under ``options`` other than the game's usual
    ones: its report then names them all, since a course page of "Hex" or "Tic-tac-toe" alone did
    not say the class played 7x7 Hex or 4x4 three in a row; False for a game this install lacks."""
    try:
        info = games.info(game_id)
    except ValueError:
        return False
    return any(options.get(option.name, option.default) != option.default for option in info.options)


def game_and_rules(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The game as the report's first line names it, its rules after it where they are not the
    usual ones: "Hex (size=7, swap=false)"."""
    rules = words.options(summary.game, summary.options)
    return words.game(summary.game) + (f" ({rules})" if rules else "")


def short_name(player_id: str) -> str:
    """A player id as shown in tables: outside files without their directory."""
    if ".py" in player_id and not player_id.startswith("gtp:"):
        return Path(player_id.split(".py")[0]).name + ".py" + player_id.split(".py", 1)[1]
    return player_id


class ProgressBar:
    """A one-line progress bar on a terminal; occasional plain lines when stderr is not a terminal.

    Its count is of the games done; with some never played (``not_played``: a withdrawal's, a
    player's that could not be started) it says those played, those not played and those left
    apart (``games_counted``, short), as the window's progress bar does: it said "6/6 games" of a
    league that played 2.  Its forfeits are those of games played ("forfeits 1 in games played"):
    a game never played was counted both among them and as not played.  The games of players known
    before the first game not to start (``broken``: ``ahead`` games to come) are said not played
    from its first line, which said "0/6 games" until their forfeits came in."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30,
                 names: dict[str, str] | None = None, already: int = 0, settled: int = 0,
                 annulled: int = 0, ahead: int = 0, broken: Collection[str] = ()) -> None:
        self.total = total
        self.names = names or {}
        self.already = already  # games done before this run (resumed): not in the rate of play
        self.settled = settled  # games done but never played (``Tournament.settled_unplayed``): this run's added
        self.annulled = annulled  # games played, then annulled by a withdrawal (``Tournament.annulled_played``)
        self.ahead = ahead  # games not done yet that will not be played, ``broken`` players' (``unplayable_ahead``)
        self.broken = frozenset(broken)
        self._settled_before = settled
        self.stream = stream or sys.stderr
        self.width = width
        self.began = time.perf_counter()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_line = 0.0
        self._forfeits = 0

    def line(self, done: int, last: str = "") -> str:
        elapsed = time.perf_counter() - self.began
        filled = int(self.width * done / self.total) if self.total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        unplayed = self.settled + self.ahead
        counted = (games_counted(done - self.settled, unplayed, self.total, self.annulled, short=True)
                   if unplayed else f"{done}/{self.total} games")
        text = f"[{bar}] {counted}  {elapsed:5.0f}s elapsed  eta {self.eta(done, elapsed)}"
        if self._forfeits:  # with games never played beside them: said to be of the games played
            text += f"  forfeits {self._forfeits}" + (" in games played" if unplayed else "")
        return text + (f"  | {last}" if last else "")

    def eta(self, done: int, elapsed: float) -> str:
        """The time left at this run's rate of play, right-aligned ("  42s"); "    ?" until a game
        of this run has ended, with games still to play: the bar said "eta 0s" through a whole
        first game (a minute at 1 s a move), as if the tournament were about to end.  This run's games
        never played (``not_played``), over in no time, are not its pace either, nor left to play
        (``ahead``)."""
        played = done - self.already - (self.settled - self._settled_before)
        left = self.total - done - self.ahead
        if played <= 0 and left > 0:
            return f"{'?':>5}"
        seconds = elapsed / played * left if played > 0 else 0.0
        return f"{seconds:4.0f}s"

    def update(self, done: int, result: GameResult | None = None) -> None:
        last = ""
        if result is not None:
            self._forfeits += int(result.forfeit and not not_played(result))  # those never played: "not played"
            self.settled += not_played(result)
            if self.ahead and not_played(result) and self.broken.intersection(result.players):
                self.ahead -= 1  # one said not played from the start, now done
            a, b = (self.names.get(p) or short_name(p) for p in result.players)
            last = f"{a} - {b} {outcome(result, draw=DRAW_RESULT)}"
        if self.tty:
            self.stream.write("\r" + self.line(done, last)[:150].ljust(150))
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif done == self.total or time.perf_counter() - self._last_line >= 5.0:
            self._last_line = time.perf_counter()
            print(self.line(done), file=self.stream, flush=True)


# -- tables --------------------------------------------------------------------------------------
REPORT_WIDTH = 80  # columns the report's crosstable fits in where no terminal says its own width


def format_crosstable(player_ids: list[str], results: list[GameResult], order: list[Standing],
                      names: dict[str, str] | None = None, words: ReportWords = ENGLISH,
                      width: int = REPORT_WIDTH) -> str:
    """Rows and columns in standings order; a cell is the row's points against the column of the
    games they played, and their forfeits without play marked (``points_of_games``).

    Columns are headed by the rows' numbers, as chess crosstables do.  A table wider than
    ``width`` first loses its cells' spare blanks, then is cut into blocks of columns (1-15, then
    16-30), each block under its own numbers and with every row's name again: 30 players' cells
    side by side (270 columns) wrapped every row of an 80 or 120-column terminal into a jumble."""
    cross, forfeits = crosstable(player_ids, results), crosstable_forfeits(player_ids, results)
    ids = [s.player for s in order]
    shown = names or display_names(player_ids)
    label = [f"{i + 1:>2}. {shown[pid]}" for i, pid in enumerate(ids)]
    lead = max(len(text) for text in label) + 2
    text = [[(NO_VALUE if other == pid else points_of_games(*cross[pid][other], words, forfeits[pid][other]))
             for other in ids] for pid in ids]
    cell = max(9, *(len(t) + 2 for row in text for t in row))
    if lead + cell * len(ids) > width:  # too wide: one blank between cells, the numbers' own room
        cell = max(len(str(len(ids))), *(len(t) for row in text for t in row)) + 1
    blocks = -(-len(ids) // max(1, (width - lead) // cell))
    per = -(-len(ids) // blocks)  # blocks of equal size: 15 and 15, not 26 and 4
    parts = []
    for start in range(0, len(ids), per):
        columns = range(start, min(start + per, len(ids)))
        lines = [" " * lead + "".join(f"{j + 1:>{cell}}" for j in columns)]
        lines += [(f"{name:<{lead}}" + "".join(row[j].rjust(cell) for j in columns)).rstrip()  # an empty last cell
                  for name, row in zip(label, text)]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


CROSSTABLE = "Crosstable (the row's points against the column, of their games: \"1½ of 2\" = 1½ points in 2 games; an empty cell: not played yet):"
# said under a crosstable with forfeits without play (``forfeit_marks``), which its "of 2" does not count
CROSSTABLE_FORFEITS = ("+: a game won by forfeit, not played (a point); −: one lost so (no point); +×2: two of them. "
                       "\"of 2\" counts the games played.")


def points_of_games(points: float, games: int, words: ReportWords = ENGLISH, forfeits: tuple[int, int] = (0, 0)) -> str:
    """A crosstable's cell: "1½ of 2", as the window writes it (``half_points``); never "1½/2", nor "1/2", which a
    class's page read as half a point.  A pair that has played no game (a partial league, a
    withdrawal) gets an empty cell, as the window's empty box: "0 of 0" read as a result.  Its
    forfeits without play (``crosstable_forfeits``: won, lost) are not among its games played but
    marked after them (``forfeit_marks``: "1 of 1 +"), as the standings count them: the cell read
    "2 of 2" of a pair whose games were never played."""
    points, played = played_part((points, games), forfeits)
    said = words.say("{points} of {games}").format(points=half_points(points), games=played) if played else ""
    return " ".join(part for part in (said, forfeit_marks(*forfeits)) if part)


def crosstable_note(summary: Summary, words: ReportWords = ENGLISH) -> list[str]:
    """The line under a crosstable that marks forfeits without play (``CROSSTABLE_FORFEITS``); none without them."""
    forfeits = crosstable_forfeits(summary.players, summary.results)
    return [words.say(CROSSTABLE_FORFEITS)] * any(any(cell) for row in forfeits.values() for cell in row.values())


# the standings' columns after the player's: label and least width (the English labels' own)
STANDINGS_COLUMNS = (("points", 8), ("games", 7), ("W", 5), ("D", 5), ("L", 5), ("forf", 6), ("score", 8))


def format_standings(order: list[Standing], names: dict[str, str] | None = None,
                     words: ReportWords = ENGLISH) -> str:
    """One row per player; a column is widened for a longer label in another language."""
    shown = names or display_names([s.player for s in order])
    w = max(len(shown[s.player]) for s in order) + 2
    labels = [words.say(label) for label, _least in STANDINGS_COLUMNS]
    widths = [max(least, len(label) + 2) for label, (_english, least) in zip(labels, STANDINGS_COLUMNS)]
    head = "".join(label.rjust(width) for label, width in zip(labels, widths))
    lines = [f"{'#':>2}  {words.say('player'):<{w}}{head}   {words.say('Elo (95%)')}"]
    for s in order:
        score = words.number(f"{100 * s.score:.1f}") + "%"
        cells = [half_points(s.points), s.games, s.wins, s.draws, s.losses, s.forfeits, score]
        row = "".join(str(cell).rjust(width) for cell, width in zip(cells, widths))
        lines.append(f"{s.rank:>2}  {shown[s.player]:<{w}}{row}   {s.elo_text()}")
    return "\n".join(lines)


LOG_NOTE = re.compile(r"; log: (?P<path>.+)$")  # an outside player's log, named last in a forfeit's reason
SHOWN_RUNS = 12  # runs of game numbers a forfeit line lists before "..." (every game is in FILE.json, FILE.csv)


def forfeit_groups(summary: Summary) -> list[tuple[str, list[int], list[GameResult]]]:
    """The forfeits, one group per player and reason: (who forfeited, the games' numbers, their
    results).  A player's groups come together, in the order of their first game, and the players
    in the order of their first forfeit: a bot that forfeits for several reasons (illegal moves in
    different positions) had its lines scattered among the others', and a teacher reading the
    report for one student had to hunt for them.  A reason's own figures (seconds spent, a
    clock's time left) and its log file differ from game to game of one fault, so they do not
    part a group, nor does where a late bot was running (each game stops it on a line of its loop,
    and only the first move's time-out has the set-up hint), nor an illegal move's squares (one
    fault, "3-4 was already visited", in each game's position: a line per game); a double
    forfeit is the pair's."""
    groups: dict[tuple[str, str], tuple[str, list[int], list[GameResult]]] = {}
    for number, r in zip(summary.numbers, summary.results):
        if not r.forfeit:
            continue
        if r.winner is None:  # both sides could not be started
            who = f"{summary.name(r.players[0])} - {summary.name(r.players[1])}"
        else:
            who = summary.name(r.players[1 - r.winner])
        key = (who, _fault(_forfeit_why(r)[0]))
        groups.setdefault(key, (who, [], []))
        groups[key][1].append(number)
        groups[key][2].append(r)
    players = list(dict.fromkeys(who for who, _reason in groups))
    return sorted(groups.values(), key=lambda group: players.index(group[0]))  # stable: first games kept in order


ILLEGAL_MOVE = "played an illegal move "  # an outside player's illegal answer (ai.outside), then the move and why
POSITION_WORD = re.compile(r"\w*\d\w*")  # a square, a move's number, a count: 3-4, b2, 19, (11, 6)


def _fault(why: str) -> str:
    """What a forfeit's reason says of the fault alone, to group the games of one fault: its
    figures (seconds), the move a forfeit came at, where a late bot was running, and an illegal move's squares and the legal
    moves of its position left out."""
    fault = re.sub(r"-?\d+\.\d+", "#", re.sub(RUNNING_AT, "", AT_MOVE.sub("", why, count=1)))
    if fault.startswith(ILLEGAL_MOVE):
        fault = POSITION_WORD.sub("#", fault.split("; legal: ", 1)[0])
    return fault


def _forfeit_why(result: GameResult) -> tuple[str, str]:
    """A forfeited game's reason without its side and player ("crashed: ..."), and its log's path
    ("" if none); the whole reason, less the log, when it does not name the player (a double forfeit)."""
    reason = result.reason
    log = LOG_NOTE.search(reason)
    if log is not None:
        reason = reason[:log.start()]
    if result.winner is not None:
        _side, said, rest = reason.partition(" forfeits: ")
        player = result.players[1 - result.winner]
        if said and rest.startswith(player + " "):
            reason = rest[len(player) + 1:]
    return reason, log.group("path") if log is not None else ""


def format_forfeits(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """One line per player and reason: ``sleeper.py, 24 games (3-4, 11-12, ...): exceeded the
    time limit (...); logs: PATH and 23 more``.  One line per game made a report of a broken bot
    in a long league a wall of the same words; each game's reason and log stay in FILE.json and
    FILE.csv.  A reason is the first game's, less what differs (``forfeit_line``)."""
    return "\n".join("  " + forfeit_line(*group, words) for group in forfeit_groups(summary))


SHOWN_MOVES = 6  # the moves a forfeit line names, each with its games, before "..."


def forfeit_line(who: str, numbers: list[int], results: list[GameResult], words: ReportWords = ENGLISH,
                 with_logs: bool = True) -> str:
    """One group of ``forfeit_groups`` as the report says it: who, how many games and which,
    the reason and (``with_logs``) the bot's logs.  The reason is the first game's, less what
    differs among the games (``differences``): "5 games: crashed at move 2" was said of four that
    crashed at move 1."""
    why, _log = _forfeit_why(results[0])
    moves, others = differences(results)
    if moves:
        why = AT_MOVE.sub("", why, count=1)
    said = words.forfeit(why) if results[0].winner is not None else words.reason(why)
    notes = [moves_said(moves, words)] if moves else []
    notes += [words.say("figures from game {number}").format(number=numbers[0])] if others else []
    if notes:
        said += f" ({'; '.join(notes)})"
    # distinct: a file that could not be loaded names its one load log in each of its games
    logs = list(dict.fromkeys(path for path in (_forfeit_why(r)[1] for r in results) if path)) if with_logs else []
    if len(logs) == 1:
        said += words.say("; log: {path}").format(path=logs[0])
    elif logs:
        said += words.say("; logs: {path} and {more} more").format(path=logs[0], more=len(logs) - 1)
    return words.say("{player}, {games} ({numbers}): {reason}").format(
        player=who, games=words.games(len(numbers)), numbers=number_runs(numbers, SHOWN_RUNS), reason=said)


def differences(results: list[GameResult]) -> tuple[list[int], bool]:
    """What the forfeits of one group (``forfeit_groups``) do not share: the move each came at
    where they came at different moves (else []), and whether their words differ otherwise (a
    late move's seconds, an illegal move's square: the line then says whose they are)."""
    whys = [_forfeit_why(r)[0] for r in results]
    moves = [int(found.group(0).rsplit(" ", 1)[1]) for why in whys if (found := AT_MOVE.search(why))]
    if len(set(moves)) < 2:
        moves = []
    rest = {AT_MOVE.sub("", why, count=1) if moves else why for why in whys}
    return moves, len(rest) > 1


def moves_said(moves: list[int], words: ReportWords = ENGLISH) -> str:
    """"at move 1 in 4 games, at move 2 in 1 game": the moves a fault came at, each with its games."""
    counts = sorted(Counter(moves).items())
    parts = [words.say("at move {n} in {games}").format(n=n, games=words.games(k)) for n, k in counts[:SHOWN_MOVES]]
    return ", ".join(parts + ["..."] * (len(counts) > SHOWN_MOVES))


def forfeited_by(result: GameResult) -> set[str]:
    """The players who forfeited ``result``: the loser of a forfeit, both players of a double one."""
    if not result.forfeit:
        return set()
    return set(result.players) if result.winner is None else {result.players[1 - result.winner]}


def faults_of(summary: Summary, player_id: str, words: ReportWords = ENGLISH, with_logs: bool = True) -> list[str]:
    """``player_id``'s lines of the report's forfeits (``forfeit_line``), one per fault: what a
    teacher reads to a student about their bot, without hunting for it among the class's."""
    return [forfeit_line(*group, words, with_logs) for group in forfeit_groups(summary)
            if any(player_id in forfeited_by(r) for r in group[2])]


# how players on equal points are ranked (ai.tournament_standings.standings), said under the standings where some are
STANDINGS = "Standings (Elo: mean 0, 95% interval):"
# how points count, said in words under the standings: "win 1, draw 1/2" in the heading read as
# a fraction, or as a draw worth one of two points, to a student
POINTS_LEGEND = "Points: a win is 1, a draw is half a point, a loss 0 (W, D, L: wins, draws, losses)."
TIE_BREAKS = "Equal points: more wins rank first, then fewer forfeits; level on all three, the same rank."


JOINED_LATE = "{player} joined late: {games} still to play, after the others' games"
# a withdrawn player whose results stand, with the games it lost by forfeit for withdrawing
# (``lost_by_withdrawal``): not all those it did not play, which another's withdrawal may have given
# it as forfeit wins, or annulled; with none lost, the second line, which says nothing of forfeits
WITHDREW_STANDS = ("{player} withdrew after {played} of its {games}: its results stand, and it loses by forfeit "
                   "{lost} it did not play")
WITHDREW_STANDS_NO_FORFEIT = "{player} withdrew after {played} of its {games}: its results stand"
WITHDREW_ANNULLED = ("{player} withdrew after {played} of its {games}: fewer than half, so all its games are "
                     "annulled (counted for no one)")
# one that played none: "withdrew after 0 of its 4 games: fewer than half" where the question had said
# "has played none of its 4 games" (``WITHDRAWAL_UNPLAYED``)
WITHDREW_UNPLAYED = "{player} withdrew having played none of its {games}: they are annulled (counted for no one)"
WITHDRAWN_APART = "Withdrawn, not ranked:"  # the heading of ``withdrawn_apart``'s lines, under the standings
# how a forfeit without play counts (``is_unplayed_forfeit``: a withdrawal's, or a player's that could
# not be started), said under the standings where some do: as a chess forfeit, in the score table but
# not a game played nor one of the ratings
UNPLAYED_FORFEITS = ("A game not played, because a player withdrew or could not be started, is a forfeit: its point "
                     "counts (W, L), but not as a game played nor in the ratings.")


def standings_notes(summary: Summary, words: ReportWords = ENGLISH) -> list[str]:
    """The lines under the report's standings that say why a row reads as it does (``notes_on``),
    why a rating reads "–" (``ratings_note``), and in a league stopped early that the players'
    games are unequal (``UNEQUAL_GAMES``)."""
    done = Counter(pid for r in summary.results if not is_void(r) for pid in r.players)
    order = ranked_apart(summary.standings, summary.withdrawn)
    unequal = summary.cancelled and unequal_games(order)
    each = most_rated_games(summary.players, summary.games_per_pair, summary.withdrawn, summary.results)
    return [words.say(UNEQUAL_GAMES)] * unequal + ratings_note(order, each, words) + notes_on(
        summary.players, summary.started_with, summary.games_per_pair, done.__getitem__, summary.withdrawn,
        summary.results, summary.name, words)


# why a rating reads "–" (``Standing.rated``): the window's ratings chart says NO_RATINGS too; "no more than"
# the games each is given, as a forfeit never played is not a game played (it read "gives each 4" beside a GP of 2)
NO_RATINGS = ("No ratings: they need {n} games played each, and none plays more than {m} here. "
              "More games per pair give them.")
UNRATED = "Elo from {n} games on: fewer give an interval too wide to mean anything (\"–\")."


def most_rated_games(players: list[str], games_per_pair: int, withdrawn: Iterable[str],
                     results: Iterable[GameResult]) -> int:
    """The most games a rating can count that a player still in (not ``withdrawn``) can reach:
    its round robin's games against the others still in, and those it played against a withdrawn
    player whose results stand (neither annulled nor a forfeit without play).  ``ratings_note``
    said "none plays more than 6" of a league whose players still in could reach 4 at most, the
    withdrawn player's games counted."""
    gone = set(withdrawn)
    staying = [pid for pid in players if pid not in gone]
    against_gone = Counter(pid for r in results if gone & set(r.players) and counts(r) and not is_unplayed_forfeit(r)
                           for pid in r.players if pid not in gone)
    return games_each(max(1, len(staying)), games_per_pair) + max((against_gone[pid] for pid in staying), default=0)


def ratings_note(order: list[Standing], each: int, words: ReportWords = ENGLISH) -> list[str]:
    """The line under the standings ``order`` that says why some ratings read "–" (fewer than
    ``MIN_RATED_GAMES`` games): a round robin that gives each player ``each`` games, too few,
    gives none (and more games per pair would), else a player has not played enough yet; none
    when every player is rated.  The report gave "+0 (<-225..>+225)" after 2 games, the window "–"."""
    if all(st.rated for st in order):
        return []
    if each < MIN_RATED_GAMES:
        return [words.say(NO_RATINGS).format(n=MIN_RATED_GAMES, m=each)]
    return [words.say(UNRATED).format(n=MIN_RATED_GAMES)]


def notes_on(players: list[str], started_with: int | None, games_per_pair: int, done: Callable[[str], int],
             withdrawn: dict[str, tuple[int, int]], results: Iterable[GameResult], name: Callable[[str], str],
             words: ReportWords = ENGLISH) -> list[str]:
    """The lines under a league's standings (the report's, the window's) that say why a row reads
    as it does: a late player's games still to play (its 0 points of 0 games read as a bot that
    lost everything), and each withdrawn player whose results stand (``withdrawal_stands``), with
    the games of ``results`` it lost by forfeit for it (``lost_by_withdrawal``; none: no word of
    forfeits), then, where forfeits without play count (a withdrawal's, or those of a player that
    could not be started), how (``UNPLAYED_FORFEITS``: their points, not their games played); ``done``: a player's games
    with a result (``joined_late``); ``name``: its name in the tables.  A withdrawn player whose
    games are all annulled is not in the table: ``withdrawn_apart``."""
    say = words.say
    lines = [say(JOINED_LATE).format(player=name(pid), games=words.games(left))
             for pid, left in joined_late(players, started_with, games_per_pair, done)]
    results = list(results)
    for pid, (played, of) in withdrawn.items():
        if withdrawal_stands(played, of):
            lost = lost_by_withdrawal(results, pid)
            lines.append(say(WITHDREW_STANDS if lost else WITHDREW_STANDS_NO_FORFEIT).format(
                player=name(pid), played=played, games=words.games(of), lost=words.games(lost)))
    return lines + [say(UNPLAYED_FORFEITS)] * any(is_unplayed_forfeit(r) for r in results)


def withdrawn_apart(withdrawn: dict[str, tuple[int, int]], name: Callable[[str], str],
                    words: ReportWords = ENGLISH) -> list[str]:
    """A line per withdrawn player whose games are all annulled (``annulled_players``), shown
    under the heading ``WITHDRAWN_APART`` below the standings, which leave it out
    (``ranked_apart``): on 0 points of 0 games at their foot it read as a bot that lost everything.
    One that played none is said so (``WITHDREW_UNPLAYED``), as the question before it was."""
    return [words.say(WITHDREW_ANNULLED if withdrawn[pid][0] else WITHDREW_UNPLAYED).format(
                player=name(pid), played=withdrawn[pid][0], games=words.games(withdrawn[pid][1]))
            for pid in annulled_players(withdrawn)]


UNEQUAL_GAMES = ("Not all have played as many games: a row's points are of the games it has played, and rank as the "
                 "final standings would.")


def unequal_games(order: list[Standing]) -> bool:
    """Whether the players of the standings ``order`` have unequal numbers of games counted (a
    league stopped early; ``Standing.counted``: a withdrawal's forfeits too, which are no
    difference in a league played out): one with more may rank above one with a better score per game."""
    return len({st.counted for st in order}) > 1


def has_ties(order: list[Any]) -> bool:
    """Whether some players of the standings ``order`` are level on points (TIE_BREAKS then ranks them)."""
    return len({st.points for st in order}) < len(order)


def report(summary: Summary, words: ReportWords = ENGLISH, width: int = REPORT_WIDTH) -> str:
    """The text printed at the end: crosstable (its columns in blocks that fit ``width``),
    standings (with the tie-breaks when players are level on points: the ranks of 16 students
    otherwise hung on a rule found only in the docs), forfeits; in English unless ``words`` say
    it in another language."""
    order = ranked_apart(summary.standings, summary.withdrawn)
    names = {p: summary.name(p) for p in summary.players}
    say = words.say
    parts = [
        report_head(summary, words),
        "",
        say(CROSSTABLE),
        format_crosstable(summary.players, summary.results, order, names, words, width),
        *crosstable_note(summary, words),
        "",
        say(STANDINGS),
        format_standings(order, names, words),
        say(POINTS_LEGEND),
    ]
    if has_ties(order):  # the order of players on equal points is a rule, said
        parts.append(say(TIE_BREAKS))
    parts += standings_notes(summary, words)
    apart = withdrawn_apart(summary.withdrawn, summary.name, words)
    if apart:
        parts += ["", say(WITHDRAWN_APART), *(f"  {line}" for line in apart)]
    forfeits = format_forfeits(summary, words)
    if forfeits:
        parts += ["", say("Forfeits:"), forfeits]
    if summary.void:
        parts += ["", void_heading(summary, words), format_void(summary, words)]
    return "\n".join(parts)


# the report's first line and its page's title; with games never played (``not_played``: a
# withdrawal's, or lost as a player could not be started), the games played and those said apart,
# as the window's progress says them (``games_counted``): the heading read "12 games" where 8 were
# played, and "6 games played" of a league whose student's file never ran its 4.  Each count is
# said with its noun in the form for it (``PLAYERS``, ``GAMES_PLAYED``, ``NOT_PLAYED``): one
# sentence of counts read "1 games played, 1 not played", "1 não jogados" in Portuguese
HEAD = "{game} round robin: {players}, {games}, {limits}, {where}, {seconds} s"
HEAD_SETTLED = "{game} round robin: {players}, {games}, {settled}, {limits}, {where}, {seconds} s"
TITLE = "{game} round robin: {players}, {games}, {limits}"
TITLE_SETTLED = "{game} round robin: {players}, {games}, {settled}, {limits}"
PLAYERS = ("{n} player", "{n} players")
GAMES_PLAYED = ("{n} game played", "{n} games played")
NOT_PLAYED = ("{n} not played", "{n} not played")  # one form in English, two in Portuguese ("não jogado(s)")
NOT_PLAYED_WHY = ("{n} not played (forfeited or annulled)", "{n} not played (forfeited or annulled)")


def count_said(forms: tuple[str, str], n: int, words: ReportWords = ENGLISH) -> str:
    """``n`` with its words in the form for it (``forms``: the English singular and plural, a
    "{n}" in each), in the report's language: "1 game played", "2 games played"."""
    return words.plural(*forms, n).format(n=n)


def report_head(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The report's first line: the game, players, games played (and void, from the log, stopped
    early), the time limits, where it ran and how long it took."""
    template = HEAD_SETTLED if summary.settled else HEAD
    head = words.say(template).format(**_head_parts(summary, words), where=_where(summary, words),
                                      seconds=words.number(f"{summary.elapsed:.1f}"))
    return head + _notes(summary, words, resumed=True)


def page_title(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The title of the report's page (FILE.md, FILE.html): the tournament alone, its game,
    players, games and time limits, as a class reads it; how it was run is ``run_line``'s (the
    title read "jobs 2, 6.9 s (24 games from the log)", machine details on a class's page)."""
    title = words.say(TITLE_SETTLED if summary.settled else TITLE).format(**_head_parts(summary, words))
    return title + _notes(summary, words, resumed=False)


def run_line(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The small line under the page's title (``page_title``): how the tournament was run, where
    (its processes, a Dask cluster), how long it took, and the games a resume took from the log."""
    line = words.say("Run with {where} in {seconds} s").format(where=_where(summary, words),
                                                              seconds=words.number(f"{summary.elapsed:.1f}"))
    return line + (" " + _resumed_part(summary, words) if summary.resumed else "")


def _head_parts(summary: Summary, words: ReportWords) -> dict[str, Any]:
    """The game, players, games played (those a withdrawal settled without play apart: ``settled``)
    and time limits, as the report's first line and the page's title say them."""
    say, number = words.say, words.number
    limits = ([say("{seconds} s/move").format(seconds=number(f"{summary.time_per_move:g}"))]
              if summary.time_per_move is not None else [])
    limits += [say("clock {clock}").format(clock=summary.clock)] if summary.clock else []
    played = len(summary.results) - summary.void - summary.settled
    return {"game": game_and_rules(summary, words), "players": count_said(PLAYERS, len(summary.players), words),
            "games": count_said(GAMES_PLAYED, played, words) if summary.settled else words.games(played),
            "settled": count_said(NOT_PLAYED_WHY, summary.settled, words), "limits": ", ".join(limits) or say("no time limit")}


def _where(summary: Summary, words: ReportWords) -> str:
    return f"Dask {summary.cluster}" if summary.cluster else words.say("jobs {jobs}").format(jobs=summary.jobs)


def _notes(summary: Summary, words: ReportWords, resumed: bool) -> str:
    """What the heading and the page's title add after their games, each in parentheses and
    after a space, in this order: the void games, the games a resume took from the log (the
    heading's only: the page says them under its title, ``run_line``) and a stop before the end."""
    notes = [_void_part(summary, words)] if summary.void else []
    notes += [_resumed_part(summary, words)] if resumed and summary.resumed else []
    notes += [_stopped_part(summary, words)] if summary.cancelled else []
    return "".join(" " + note for note in notes)


def _void_part(summary: Summary, words: ReportWords) -> str:
    return words.say("(and {games} void)").format(games=words.games(summary.void))


def _resumed_part(summary: Summary, words: ReportWords) -> str:
    return words.say("({games} from the log)").format(games=words.games(summary.resumed))


# the notes of a league not over, after the heading's games: of the games done, or with games never
# played (``Summary.settled``) of those played, not played and left, as the progress bar says them
STOPPED_EARLY, STOPPED_EARLY_SETTLED = "(stopped early: {done} of {total} games)", "(stopped early: {counted})"
IN_PROGRESS, IN_PROGRESS_SETTLED = "(in progress: {done} of {total} games)", "(in progress: {counted})"


def _stopped_part(summary: Summary, words: ReportWords) -> str:
    return games_note(summary, (STOPPED_EARLY, STOPPED_EARLY_SETTLED), len(summary.results) - summary.void, words)


def games_note(summary: Summary, templates: tuple[str, str], done: int, words: ReportWords = ENGLISH) -> str:
    """A note on a league not over (``templates``: its words of the games ``done``, and of a league
    with games never played): those done, or those played, not played and left apart
    (``games_counted``, short), as the heading and the window's progress bar count them.  It said
    "(stopped early: 3 of 6 games)" of a league that had played 1."""
    if not summary.settled:
        return words.say(templates[0]).format(done=done, total=summary.total)
    played = len(summary.results) - summary.void - summary.settled
    counted = games_counted(played, summary.settled, summary.total, words=words, short=True)
    return words.say(templates[1]).format(counted=counted)


# -- Markdown, for a course page ---------------------------------------------------------------
# what would make a name a link, code, a new cell or HTML: "<" only where it opens a tag or a
# link ("<b>", "</", "<!--", "<http:"), so an Elo interval's open end, "<-424", needs no backslash;
# "*" and "_" are escaped apart, only where they could open or close emphasis (``_could_be_emphasis``)
MARKDOWN_SPECIAL = re.compile(r"([\\`|\[\]]|<(?=[A-Za-z/!?]))")
EMPHASIS_RUN = re.compile(r"\*+|_+")


def _kind(char: str) -> str:
    """What CommonMark's flanking rules see in a character next to a "*" or "_" run: "space"
    (the text's ends count as one), "punct" (punctuation or a symbol) or "word"."""
    if not char or char.isspace():
        return "space"
    return "punct" if unicodedata.category(char)[0] in "PS" else "word"


def _could_be_emphasis(run: str, before: str, after: str) -> bool:
    """Whether a delimiter run ``run`` between ``before`` and ``after`` could open or close
    emphasis (CommonMark 6.2).  A text's ends are read both as a space and as punctuation (a cell
    stands between spaces; FILE.md's subtitle is wrapped in "_"), so what either reading makes a
    delimiter is escaped: "my_bot"'s "_" is inside a word and stays, "*bot*" is escaped."""
    for edge in ("space", "punct"):
        prev = _kind(before) if before else edge
        next_ = _kind(after) if after else edge
        left = next_ != "space" and (next_ != "punct" or prev != "word")
        right = prev != "space" and (prev != "punct" or next_ != "word")
        if run[0] == "*" and (left or right):
            return True
        if run[0] == "_" and ((left and (not right or prev == "punct"))
                              or (right and (not left or next_ == "punct"))):
            return True
    return False


def _escape(text: str) -> str:
    """``text`` with what ``MARKDOWN_SPECIAL`` matches escaped, and every "*" and "_" of a run that
    could be emphasis (``_could_be_emphasis``)."""
    out, at = [], 0
    for run in EMPHASIS_RUN.finditer(text):
        out.append(MARKDOWN_SPECIAL.sub(r"\\\1", text[at:run.start()]))
        before, after = text[run.start() - 1:run.start()], text[run.end():run.end() + 1]
        delimiter = run.group()
        out.append("".join("\\" + c for c in delimiter) if _could_be_emphasis(delimiter, before, after)
                   else delimiter)
        at = run.end()
    out.append(MARKDOWN_SPECIAL.sub(r"\\\1", text[at:]))
    return "".join(out)


def markdown_cell(text: str) -> str:
    """``text`` as one cell of a Markdown table: its ``|`` (a new cell), brackets (links), a ``<``
    that would open HTML or a link, and a ``*`` or ``_`` where it could be emphasis escaped, on one
    line.  What Markdown reads as text is left as it is, so the tables pasted as plain text (a
    slide) show no backslash: an Elo interval's open ends, "<-424" and ">+645" (no tag begins "<-",
    and ">" is a quote only at a line's start, ``markdown_line``), and a "_" inside a word,
    "my_bot" (CommonMark reads no emphasis there)."""
    return _escape(" ".join(text.split()))


LIST_NUMBER = re.compile(r"(\d{1,9})([.)])")


def markdown_line(text: str) -> str:
    """``text`` as a paragraph or a list item of its own (``markdown_cell``), a ">", "*", "_",
    "-", "+" or "#" it begins with escaped, and the "." (")") of a number it begins with: at a
    line's start they would make a quote, a list, a rule or a heading (a player named "- bot"
    or "#1" heading a forfeit's line, "1. bot" an ordered list)."""
    cell = markdown_cell(text)
    if cell[:1] in (">", "*", "_", "-", "+", "#"):
        return "\\" + cell
    number = LIST_NUMBER.match(cell)
    return f"{number.group(1)}\\{number.group(2)}{cell[number.end():]}" if number else cell


def markdown_table(head: list[str], rows: list[list[str]], right: set[int]) -> str:
    """A GitHub-flavoured Markdown table (what course pages and LMS editors paste): the columns
    in ``right`` aligned right (figures), the others left."""
    rule = ["---:" if i in right else ":---" for i in range(len(head))]
    lines = [head, rule, *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)


@dataclass
class Section:
    """One block of the report for a page (``page_sections``): a paragraph, a heading, a table
    (``head``, ``rows``, the columns aligned ``right``) or a list (``rows``, one item each).  Its
    texts are plain: each page format escapes them its own way (``markdown_report``, ``html_report``)."""

    kind: str  # "title", "small" (a line of lesser note), "p", "h", "table" or "ul"
    text: str = ""
    head: list[str] = field(default_factory=list)
    rows: list[Any] = field(default_factory=list)
    right: set[int] = field(default_factory=set)


def page_sections(summary: Summary, words: ReportWords = ENGLISH) -> list[Section]:
    """The report as a page has it, in ``words``' language: its title (``page_title``) and how it
    was run under it (``run_line``), the standings and the crosstable as tables (rows and columns
    in standings order), the tie-breaks, the forfeits and the void games as lists.  The forfeits name no bot's log: a path on the teacher's computer
    (its home folder too) means nothing on a page the students read, and FILE.txt keeps them."""
    say = words.say
    sections = [Section("title", page_title(summary, words)), Section("small", run_line(summary, words)),
                Section("h", say(STANDINGS).rstrip(":")), standings_table(summary, words),
                *under_the_standings(summary, words),
                *crosstable_sections(summary, words), *forfeits_sections(summary, words)]
    if summary.void:
        sections += [Section("h", void_heading(summary, words).rstrip(":")),
                     Section("ul", rows=[line.strip() for line in format_void(summary, words).splitlines()])]
    return sections


def forfeits_sections(summary: Summary, words: ReportWords = ENGLISH) -> list[Section]:
    """The forfeits as a page lists them, under their heading, each player's reason as the
    terminal's report says it (``forfeit_line``) but with no bot's log (``page_sections``); none
    without a forfeit."""
    forfeits = [forfeit_line(*group, words, with_logs=False) for group in forfeit_groups(summary)]
    if not forfeits:
        return []
    return [Section("h", words.say("Forfeits:").rstrip(":")), Section("ul", rows=forfeits)]


def under_the_standings(summary: Summary, words: ReportWords = ENGLISH) -> list[Section]:
    """What a page says under its standings table, as the terminal's report does: how points count,
    the tie-breaks where players are level, why rows read as they do (``standings_notes``: a
    withdrawal's forfeits, a rating's "–"), and the withdrawn players ranked apart."""
    say = words.say
    sections = [Section("p", say(POINTS_LEGEND))]
    if has_ties(ranked_apart(summary.standings, summary.withdrawn)):
        sections.append(Section("p", say(TIE_BREAKS)))
    sections += [Section("p", note) for note in standings_notes(summary, words)]
    apart = withdrawn_apart(summary.withdrawn, summary.name, words)
    if apart:
        sections += [Section("h", say(WITHDRAWN_APART).rstrip(":")), Section("ul", rows=apart)]
    return sections


def standings_table(summary: Summary, words: ReportWords = ENGLISH) -> Section:
    """The standings as a page's table (players ranked apart from one withdrawn with no result,
    ``ranked_apart``): FILE.md's and FILE.html's, and the window's copy of its tables (``tables_markdown``)."""
    say, number = words.say, words.number
    labels = [say(label) for label, _least in STANDINGS_COLUMNS]
    rows = [[str(s.rank), summary.name(s.player), half_points(s.points), str(s.games), str(s.wins), str(s.draws),
             str(s.losses), str(s.forfeits), number(f"{100 * s.score:.1f}") + "%", s.elo_text()]
            for s in ranked_apart(summary.standings, summary.withdrawn)]
    return Section("table", head=["#", say("player"), *labels, say("Elo (95%)")], rows=rows, right=set(range(2, 9)) | {0})


def crosstable_sections(summary: Summary, words: ReportWords = ENGLISH) -> list[Section]:
    """The crosstable as a page has it: its heading, its table and the line that marks its
    forfeits without play (``crosstable_note``), where it has some."""
    return [Section("h", words.say(CROSSTABLE).rstrip(":")), crosstable_table(summary, words),
            *(Section("p", line) for line in crosstable_note(summary, words))]


def crosstable_table(summary: Summary, words: ReportWords = ENGLISH) -> Section:
    """The crosstable as a page's table, its rows and columns in standings order, a cell the row's
    points against the column (``points_of_games``)."""
    order = ranked_apart(summary.standings, summary.withdrawn)
    cross, forfeits = crosstable(summary.players, summary.results), crosstable_forfeits(summary.players, summary.results)
    cells = [[str(i), summary.name(s.player)] + [(NO_VALUE if other.player == s.player else
                                                   points_of_games(*cross[s.player][other.player], words,
                                                                   forfeits[s.player][other.player]))
                                                  for other in order]
             for i, s in enumerate(order, 1)]
    return Section("table", head=["#", words.say("player"), *(str(i) for i in range(1, len(order) + 1))], rows=cells,
                   right={0, *range(2, len(order) + 2)})


def markdown_block(section: Section) -> str:
    """One block of a page (``Section``) in Markdown, every text escaped (``markdown_cell``)."""
    if section.kind == "title":
        return f"# {markdown_cell(section.text)}"
    if section.kind == "small":
        return f"_{markdown_cell(section.text)}_"  # emphasis: what every Markdown has
    if section.kind == "p":
        return markdown_line(section.text)
    if section.kind == "h":
        return f"## {markdown_cell(section.text)}"
    if section.kind == "table":
        return markdown_table([markdown_cell(c) for c in section.head],
                              [[markdown_cell(c) for c in row] for row in section.rows], section.right)
    return "\n".join(f"- {markdown_line(item)}" for item in section.rows)


def markdown_report(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The report as Markdown (``page_sections``), for a teacher to paste into a course page or
    an LMS; every text escaped (``markdown_cell``): a name's ``|`` or ``*`` stays as it is."""
    return "\n\n".join(markdown_block(section) for section in page_sections(summary, words))


def tables_markdown(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The standings, the notes under them (``under_the_standings``), the crosstable and the
    forfeits' reasons (``forfeits_sections``), under the tournament's title, as FILE.md has them:
    what the window's Copy tables (Ctrl+C) puts on the clipboard, for a slide (a Markdown one draws
    the tables; pasted as plain text, they read as columns) or a course page.  Without the notes a
    withdrawal's forfeits read as games played; without the reasons a forfeit's point was unexplained."""
    say = words.say
    sections = [Section("title", page_title(summary, words)), Section("h", say(STANDINGS).rstrip(":")),
                standings_table(summary, words), *under_the_standings(summary, words),
                *crosstable_sections(summary, words), *forfeits_sections(summary, words)]
    return "\n\n".join(markdown_block(section) for section in sections) + "\n"


HTML_STYLE = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
              "th,td{border:1px solid #bbb;padding:.25em .6em}th{background:#eee}.r{text-align:right}"
              "h1{font-size:1.5em;margin-bottom:.2em}.small{font-size:.85em;color:#666;margin-top:0}")


def html_report(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The report as a web page of its own (``page_sections``), for a class's site or an LMS
    that takes HTML rather than Markdown: every text escaped, the figures' columns aligned right."""
    import html

    def cells(tag: str, row: list[str], right: set[int]) -> str:
        aligned = {i: ' class="r"' for i in right}
        return "<tr>" + "".join(f"<{tag}{aligned.get(i, '')}>{html.escape(c)}</{tag}>"
                                for i, c in enumerate(row)) + "</tr>"

    sections = page_sections(summary, words)
    body = []
    for section in sections:
        if section.kind == "title":
            body.append(f"<h1>{html.escape(section.text)}</h1>")
        elif section.kind == "small":
            body.append(f'<p class="small">{html.escape(section.text)}</p>')
        elif section.kind == "p":
            body.append(f"<p>{html.escape(section.text)}</p>")
        elif section.kind == "h":
            body.append(f"<h2>{html.escape(section.text)}</h2>")
        elif section.kind == "table":
            body.append("<table>\n" + "\n".join([cells("th", section.head, section.right)]
                                                + [cells("td", row, section.right) for row in section.rows])
                        + "\n</table>")
        else:
            body.append("<ul>\n" + "\n".join(f"<li>{html.escape(item)}</li>" for item in section.rows) + "\n</ul>")
    title = html.escape(sections[0].text)
    lang = html.escape(words.language(), quote=True)
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n"
            f"<style>{HTML_STYLE}</style>\n</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>")


def void_heading(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """How many games are void, that they count for no one (not a forfeit: the players did no
    wrong), and, with a results log, the command that plays them."""
    say, games = words.say, words.games(summary.void)
    if summary.resume_with:
        return say("{games} void, not counted (our side failed, not the players): --resume {file} plays them:").format(
            games=games, file=summary.resume_with)
    return say("{games} void, not counted (our side failed, not the players):").format(games=games)


def format_void(summary: Summary, words: ReportWords = ENGLISH) -> str:
    """The void games, one line per reason with their numbers (a worker that died voids every game
    left: one line, not fifty)."""
    by_reason: dict[str, list[int]] = {}
    for number, r in zip(summary.numbers, summary.results):
        if is_void(r):
            by_reason.setdefault(r.reason, []).append(number)
    return "\n".join("  " + words.say("{numbers}: {reason}").format(numbers=game_numbers(numbers, words),
                                                                   reason=words.reason(reason))
                     for reason, numbers in by_reason.items())


def game_numbers(numbers: list[int], words: ReportWords = ENGLISH) -> str:
    """"game 5", "games 9-56", "games 3, 7, 9-12": runs of numbers as ranges."""
    return words.say("game {numbers}" if len(numbers) == 1 else "games {numbers}").format(numbers=number_runs(numbers))


def number_runs(numbers: list[int], most: int | None = None) -> str:
    """"3, 7, 9-12": runs of numbers as ranges; after ``most`` runs, an ellipsis."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    listed = [f"{run[0]}-{run[-1]}" if len(run) > 1 else f"{run[0]}" for run in runs]
    if most is not None and len(listed) > most:
        listed = [*listed[:most], "..."]
    return ", ".join(listed)


# -- files -----------------------------------------------------------------------------------------
def write_results(summary: Summary, out: str, words: ReportWords = ENGLISH) -> list[Path]:
    """FILE.json, FILE.csv (games), FILE-standings.csv, FILE.txt (the printed report, in
    ``words``' language; the CSV files are data, in English whatever the language), FILE.md
    (the report's tables in Markdown, for a course page: ``markdown_report``) and FILE.html (the
    same as a web page: ``html_report``); returns the paths written, in that order."""
    from ai.results_log import out_base

    base = out_base(out)
    base.parent.mkdir(parents=True, exist_ok=True)
    paths = [base.with_name(base.name + ".json"), base.with_name(base.name + ".csv"),
             base.with_name(base.name + STANDINGS_SUFFIX + ".csv"), base.with_name(base.name + ".txt"),
             base.with_name(base.name + ".md"), base.with_name(base.name + ".html")]
    # each whole or not at all: a second Ctrl+C (or a kill) while they are written left a half
    # FILE.json or FILE.csv in place of the ones written when the league stopped
    atomic_write_text(paths[3], report(summary, words) + "\n")
    atomic_write_text(paths[0], json.dumps(summary.to_json(), indent=1) + "\n")
    atomic_write_text(paths[4], markdown_report(summary, words) + "\n")
    atomic_write_text(paths[5], html_report(summary, words) + "\n")
    with _csv_text(paths[1]) as f:
        w = csv.writer(f)
        w.writerow(["number", "first", "second", "winner", "result", "points_first", "points_second",
                    "forfeit", "reason", "plies", "time_first", "time_second", "moves", "clock_left_first",
                    "clock_left_second", "name_first", "name_second"])
        for number, r in zip(summary.numbers, summary.results):
            w.writerow([number, r.players[0], r.players[1], "" if r.winner is None else r.players[r.winner],
                        outcome(r), *csv_points(r), int(r.forfeit), named_reason(r, summary.name), len(r.moves),
                        round(r.time_used[0], 3), round(r.time_used[1], 3), " ".join(r.moves),
                        *([round(x, 3) for x in r.clock_left] if r.clock_left else ["", ""]),
                        # the players as the tables show them ("ana", "rui:Careful"): a teacher's
                        # spreadsheet filters a student's games by them, not by a path of 60 characters
                        *(summary.name(p) for p in r.players)])
    with _csv_text(paths[2]) as f:
        w = csv.writer(f)
        w.writerow(["rank", "player", "points", "games", "wins", "draws", "losses", "forfeits", "score",
                    "elo", "elo_low", "elo_high", "elo_bound", "name", "unplayed"])
        for s in summary.table():  # a withdrawn player not ranked: no rank
            w.writerow([s.rank or "", s.player, s.points, s.games, s.wins, s.draws, s.losses, s.forfeits,
                        round(s.score, 4), *csv_ratings(s), summary.name(s.player), s.unplayed])
    return paths


def csv_ratings(s: Standing) -> list[float | str]:
    """A standings row's ``elo``, ``elo_low``, ``elo_high`` and ``elo_bound`` cells: empty for a
    player the tables rate "–" (``Standing.rated``, the one rule of every table): the CSV gave
    figures of 2 games where FILE.txt and FILE.md said "No ratings"."""
    if not s.rated:
        return ["", "", "", ""]
    return [*(csv_rating(x) for x in (s.elo, s.elo_low, s.elo_high)), s.elo_bound]


def csv_rating(elo: float) -> float:
    """An Elo figure as the standings CSV writes it, to a tenth; a player at the mean, a hair
    under 0 once the ratings are centred, was written "-0.0" (the window and the tables say "+0")."""
    return round(elo, 1) + 0.0  # -0.0 + 0.0 is 0.0


@contextlib.contextmanager
def _csv_text(path: Path) -> Iterator[io.StringIO]:
    """A CSV file's text gathered in memory, then written whole (``atomic_write_text``)."""
    text = io.StringIO(newline="")
    yield text
    atomic_write_text(path, text.getvalue())


def csv_points(result: GameResult) -> tuple[float | str, float | str]:
    """Each side's points for FILE.csv: none ("") for a void or annulled game, which is not a draw;
    0 each for a double forfeit."""
    if is_void(result) or is_annulled(result):
        return "", ""
    if is_double_forfeit(result):
        return 0, 0
    return (0.5, 0.5) if result.winner is None else ((1, 0) if result.winner == 0 else (0, 1))


def run_tournament(
    game_id: str,
    player_ids: list[str],
    options: dict[str, Any],
    games_per_pair: int,
    time_per_move: float | None,
    jobs: int,
    out: str | None,
    seed: int | None,
    opening_plies: int = 0,
    clock: str | None = None,
    cluster: str | None = None,
    resume: str | None = None,
    definitions_only: bool = False,
    withdraw: list[str] | tuple[str, ...] = (),
    yes: bool = False,
    words: ReportWords = ENGLISH,
    called: str = "tournament",
) -> int:
    """The command: 0 when the tournament ran (even with forfeits), 2 on bad input before any game,
    130 (a shell's code for Ctrl+C) when it was stopped, after the results so far are printed and
    written, so a script can tell a stopped league from a finished one; 1 when it ran but some
    games are void (its worker processes died, say), so that a script does not take it for a
    finished league (``--resume`` plays them).  ``withdraw``: players to withdraw from the resumed
    league (``withdraw_players``), asked first unless ``yes``.  ``words``: how the report, its files
    and the withdrawal's lines say things (main.py passes the window's, so that both say them alike);
    ``called``: what the command line named it ("league" where typed so), for its errors."""
    import ai
    from ai.cluster import ClusterError
    from ai.results_log import LogInUse, check_out, log_path

    if games_per_pair < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    if jobs < 1:
        print("error: --jobs must be at least 1", file=sys.stderr)
        return 2
    loader = {"definitions_only": True} if definitions_only else {}
    if out and resume and log_path(out).resolve() != log_path(resume).resolve():
        print(f"error: --resume {resume} and --out {out} name two leagues: the resumed league goes on in its own "
              "file, so give --resume alone (or the same FILE to both)", file=sys.stderr)
        return 2
    out = out or resume
    if resume and withdraw and not log_path(resume).exists():  # before a folder is made for it
        print(NOTHING_TO_WITHDRAW_FROM.format(log=log_path(resume)), file=sys.stderr)
        return 2
    try:
        if out:  # before loading any file (minutes in a league): a folder it cannot write, games it would wipe
            check_out(out, bool(resume), "--out" if out is not resume else "--resume")
        if cluster:  # and a scheduler it cannot reach (a mistyped address), or no Dask at all
            from ai.cluster import check_address

            check_address(cluster)
        log = str(log_path(out)) if out else None
        if resume and not Path(log).exists():
            print(NOTHING_TO_RESUME.format(log=log), file=sys.stderr)
        logged, gone = withdrawn_in_log(log, withdraw) if resume and Path(log).exists() else ({}, set())
        # the logs of files that cannot be loaded go beside the results too, as the games' do
        named = expanded_words(player_ids)  # a pattern that matches no file is bad input, said alone
        if any(ai.is_outside_player(pid) for pid in player_ids):
            print(CHECKING, file=sys.stderr, flush=True)
        entries = enter_players(game_id, list(player_ids), options,
                                loader_logging_beside(loader, str(log_path(out)) if out else None), jobs,
                                not_loaded(logged, gone), named)
        ids, broken, titles = entries.ids, entries.broken, entries.titles
        for note in entries.notes:
            print(note, file=sys.stderr)
        ids = with_withdrawn(ids, logged, gone, titles)
        if len(ids) < 2:
            raise ValueError(too_few_players(player_ids, ids, called))
        t = Tournament(game_id, ids, options, games_per_pair, time_per_move, jobs, seed, opening_plies=opening_plies,
                       clock=clock, loader=loader, broken=broken, log=log, resume=bool(resume), cluster=cluster)
    except (ValueError, ClusterError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C while the players' files load (minutes in a big league)
        print("\nstopped while the players were loading: no game was played", file=sys.stderr)
        return 130
    t.titles = titles
    t.log_notes = {"titles": titles}  # FILE.jsonl names the players as the report does (the window shows it)
    if withdraw and not withdraw_players(t, withdraw, yes, said=words):
        return 2
    for pid, why in broken.items():
        if pid not in t.withdrawn:  # a withdrawn student's file plays no more: its games are settled
            print(f"warning: {pid} could not be loaded, so it forfeits all its games: {file_named_once(pid, why)}",
                  file=sys.stderr)
    if t.resumed:
        print(f"resuming {log}: {resumed_count(t)}", file=sys.stderr)
    for pid in t.joined:
        print(joined_text(t, pid), file=sys.stderr)
    if cluster in (None, "local"):  # compiled once here, not by every worker (machines of a cluster: their own)
        try:
            prepare_engines(game_id, ids, options)
        except KeyboardInterrupt:
            print("\nstopped while the engine was being prepared: no game was played", file=sys.stderr)
            return 130
    names = t.names()
    bar = ProgressBar(t.total, names=names, already=len(t.results),  # a withdrawal's settled games: not this run's pace
                      settled=t.settled_unplayed(), annulled=t.annulled_played(), ahead=unplayable_ahead(t),
                      broken=t.broken)
    bar.update(len(t.results))
    live = _LiveReport(t, out, words)

    def on_event(event: Event) -> None:
        if isinstance(event, GameFinished):
            bar.update(event.done, event.result)
            live.update()

    try:
        t.run(on_event)
    except KeyboardInterrupt:
        t.cancelled = len(t.results) < t.total  # every game in: complete, though its close was cut short
        print("\nstopped: the results so far follow" if t.cancelled else f"\n{CLOSE_CUT}", file=sys.stderr)
    except (ClusterError, LogInUse) as exc:  # LogInUse: another run took the log while this one loaded
        print(f"error: {exc}", file=sys.stderr)
        return 2
    summary = Summary.of(t)
    summary.resume_with = out
    written = write_results(summary, out, words) if out else []  # first: a reader gone (| head) stops the prints
    print(report(summary, words, width=shutil.get_terminal_size().columns))  # 80 when printed to a file
    for path in written:
        print(f"wrote {path}")
    if out:
        print(f"wrote {log} (resume with --resume {out})")
    return 130 if t.cancelled else 1 if summary.void else 0


def unplayable_ahead(t: Tournament) -> int:
    """The games of ``t`` still to come that will not be played: those of a player known not to
    start (``Tournament.broken``, found before the first game), each lost by forfeit at once."""
    return sum(1 for g in t.pending() if t.broken.keys() & set(t.ids_of(g)))


def resumed_count(t: Tournament) -> str:
    """The games a resumed league ``t`` has played, as its first line says them; with games a
    withdrawal settled unplayed, those and the games left too (``games_counted``), as the window says."""
    settled = t.settled_unplayed()
    if not settled:
        return f"{t.resumed} of {t.total} games already played"
    return games_counted(len(t.results) - settled, settled, t.total, t.annulled_played())


def withdrawn_in_log(log: str, withdraw: list[str] | tuple[str, ...]) -> tuple[dict[str, str], set[str]]:
    """The players of the league logged in ``log`` (id -> its name in the log's tables:
    ``logged_titles``) and those of them withdrawn (in the log, or now: ``withdraw`` names it,
    ``named_by``, by a name found without loading its file); none when the log cannot be read
    (the resume says why)."""
    from ai.results_log import ResultsLog

    try:
        header, _done = ResultsLog.read(log)
        logged = logged_titles(header)
        names = display_names(list(logged), {**builtin_titles(str(header["game"])), **{p: t for p, t in logged.items() if t}})
        gone = set(header.get("withdrawn") or {}) | {pid for word in withdraw for pid in named_by(word, list(logged), names)}
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        return {}, set()
    return logged, gone


def logged_titles(header: dict[str, Any]) -> dict[str, str]:
    """Each player of a league's log (``header``) and the name its tables gave it: the log's
    ``titles`` (a loaded class's ``buggy:Buggy``), else ``entry_title``'s without loading it
    ("" for a built-in player).  A withdrawn file is not loaded again, and the withdraw line and
    the tables called the ``buggy:Buggy`` of the league's tables "buggy"."""
    noted = header.get("titles") if isinstance(header.get("titles"), dict) else {}
    players = [str(pid) for pid in header.get("players") or []]
    return {pid: str(noted.get(pid) or entry_title(pid) or "") for pid in players}


def not_loaded(logged: dict[str, str], gone: set[str]) -> Callable[[str], bool]:
    """Whether a word of the command line (an id, ``file.py:*``) names only withdrawn players
    (``gone`` of the ``logged`` ones): their files are not loaded, as they play no more; a student's
    file withdrawn because it no longer loads, or takes minutes to, held up the resume."""
    kept = {file_of(pid) for pid in logged if pid not in gone}
    files = {file for pid in gone if (file := file_of(pid)) is not None and file not in kept}
    return lambda word: word in gone or file_of(word) in files


def with_withdrawn(ids: list[str], logged: dict[str, str], gone: set[str], titles: dict[str, str]) -> list[str]:
    """``ids``, the players named, with each player of the league ``logged`` that is left out
    because it is withdrawn (``gone``: ``withdrawn_in_log``) put back in the log's order: a
    student's file withdrawn, then deleted, no longer matches the folder's pattern, and the league
    was refused as another one; a withdrawn file is not loaded (``not_loaded``).  Its name for the
    tables (``logged``'s, the log's own) is added to ``titles``."""
    left_out = [pid for pid in logged if pid not in ids and pid in gone]
    if not left_out:
        return ids
    for pid in left_out:
        if logged[pid]:
            titles.setdefault(pid, logged[pid])
    return [pid for pid in logged if pid in ids or pid in left_out] + [pid for pid in ids if pid not in logged]


def named_by(word: str, player_ids: list[str], names: dict[str, str]) -> list[str]:
    """The players of ``player_ids`` that ``word`` names: its id, its name in the tables
    (``names``) or the one it has unloaded (``entry_title``: "buggy" for the tables'
    "buggy:Buggy"), or its file (by another path: ``./bots/ana/jogador.py``)."""
    if word in player_ids:
        return [word]
    found = [pid for pid in player_ids if names.get(pid) == word]
    found = found or [pid for pid in player_ids if entry_title(pid) == word]
    file = file_of(word)
    if not found and file is not None:
        found = [pid for pid in player_ids if file_of(pid) == file]
    return found


def find_player(t: Tournament, word: str) -> str:
    """The player of ``t`` that ``word`` names (``named_by``); ValueError listing the players if
    none or several."""
    names = t.names()
    found = named_by(word, t.player_ids, names)
    if len(found) == 1:
        return found[0]
    listed = ", ".join(f"{names[pid]} ({pid})" for pid in t.player_ids)
    why = "names several players" if found else "is no player of the league"
    raise ValueError(f"--withdraw {word} {why}; its players: {listed}")


WITHDRAWAL_STANDS = ("{player} has played {played} of its {games}: its results stand, and it loses by forfeit "
                     "the {left} it has not played")
WITHDRAWAL_ANNULS = ("{player} has played {played} of its {games}, fewer than half: all its games are annulled, "
                     "counted for no one (they stay in the log)")
WITHDRAWAL_UNPLAYED = "{player} has played none of its {games}: they are annulled, counted for no one"


def withdrawal_text(t: Tournament, player_id: str, name: str | None = None, words: ReportWords = ENGLISH) -> str:
    """What withdrawing ``player_id`` (``name`` in the tables) from ``t`` would do to its games
    (``withdrawal_stands``), said before it is done, in ``words``' language."""
    return withdrawal_words(t.played_by(player_id), len(t.games_of(player_id)), t.games_left(player_id),
                            name or t.names()[player_id], words)


def withdrawal_words(played: int, games: int, left: int, name: str, words: ReportWords = ENGLISH) -> str:
    """``withdrawal_text`` of a player who has played ``played`` of its ``games`` and has ``left``
    still to play (``Tournament.games_left``), counted before the withdrawal: the window says its
    question again in another language after a switch, and counted again once the withdrawal is
    done it would speak of the games as they are then.  The games it loses are those left, not all
    those it did not play: a game another's withdrawal already gave it is won ("loses by forfeit
    the 4 games" of a player that then lost 2)."""
    rule = (WITHDRAWAL_STANDS if withdrawal_stands(played, games) else WITHDRAWAL_ANNULS if played
            else WITHDRAWAL_UNPLAYED)  # none played: "0 of its 8 games ... (they stay in the log)" had none to keep
    return words.say(rule).format(player=name, played=played, games=words.games(games), left=words.games(left))


# ``settled``: the games not played, said with their words in the form for their count (``NOT_PLAYED_WHY``,
# short: ``NOT_PLAYED``)
GAMES_SETTLED = "{played} of {total} games played, {settled}, {left} left"
GAMES_SETTLED_ANNULLED = "{played} of {total} games played ({annulled} of them annulled), {settled}, {left} left"


# the same in fewer words, for a progress bar that has no room for them (``short``)
GAMES_SETTLED_SHORT = "{played}/{total} played, {settled}, {left} left"
GAMES_SETTLED_ANNULLED_SHORT = "{played}/{total} played ({annulled} annulled), {settled}, {left} left"
# a league with every game played or still to play: the same words, without the parts that would say 0
GAMES_OF_TOTAL, GAMES_OF_TOTAL_SHORT = "{played} of {total} games played", "{played}/{total} played"


def games_counted(played: int, settled: int, total: int, annulled: int = 0, words: ReportWords = ENGLISH,
                  short: bool = False) -> str:
    """The games of a league a withdrawal settled some games of without play (``settled``:
    ``Tournament.settled_unplayed``), as the window's progress and a resume's first line both say
    them: those played, those settled, those left, adding up to ``total``; and how many of those
    played were annulled (``Tournament.annulled_played``), which the standings do not count.  Both
    counted the settled games as played ("24 of 40 games played" where 10 were).  ``short``: in
    fewer words (``GAMES_SETTLED_SHORT``), for the window's progress bar when the others do not fit.
    With none settled or annulled, the games played alone (``GAMES_OF_TOTAL``): the window's progress
    says its games this one way whether a withdrawal settled some or not."""
    if not settled and not annulled:
        return words.say(GAMES_OF_TOTAL_SHORT if short else GAMES_OF_TOTAL).format(played=played, total=total)
    forms = (GAMES_SETTLED_ANNULLED_SHORT, GAMES_SETTLED_SHORT) if short else (GAMES_SETTLED_ANNULLED, GAMES_SETTLED)
    template = forms[0] if annulled else forms[1]
    return words.say(template).format(played=played, total=total, settled=count_said(NOT_PLAYED if short else NOT_PLAYED_WHY, settled, words),
                                      annulled=annulled, left=total - played - settled)


NOTHING_TO_WITHDRAW = ("{player} has played all its {games}: there is nothing left to withdraw it from, and its "
                       "results stand as they are")


def nothing_to_withdraw(t: Tournament, player_id: str, name: str | None = None,
                        words: ReportWords = ENGLISH) -> str:
    """Why ``player_id``, with no game left to play (``Tournament.games_left``), is not withdrawn:
    the command said "the 0 games it has not played are lost by forfeit", and its report "withdrew
    after 16 of its 16 games"."""
    return words.say(NOTHING_TO_WITHDRAW).format(player=name or t.names()[player_id],
                                                 games=words.games(len(t.games_of(player_id))))


def withdraw_players(t: Tournament, words: list[str] | tuple[str, ...], yes: bool = False,
                     ask: Callable[[str], str] = input, said: ReportWords = ENGLISH) -> bool:
    """Withdraw the players ``words`` name from the resumed league ``t``, each said on stderr with
    what it does to its games, and asked first (``ask``; a terminal's y/N) unless ``yes``: a
    player's results annulled cannot be taken back.  False, with the reason on stderr, if one
    cannot be withdrawn (no such player, none of its games left: ``nothing_to_withdraw``) or the
    answer was no (nothing withdrawn then); without a terminal to ask on, ``yes`` is needed.  What
    withdrawing does is ``said`` as the report says it.  The players are withdrawn in the order
    named, each after the one before (``Tournament.withdraw``): a game left between two of them is
    settled by the first (``_left_after``), so the second is told of the games it loses then, not
    of those the first forfeits to it, and one with no other game left is refused before any is
    withdrawn (it was a traceback: "level-4 has no game left to play")."""
    try:
        todo = list(dict.fromkeys(find_player(t, word) for word in words))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return False
    for pid in [pid for pid in todo if pid in t.withdrawn]:
        print(f"{t.names()[pid]} is withdrawn already", file=sys.stderr)
        todo.remove(pid)
    done = [pid for pid in todo if not t.games_left(pid)]
    for pid in done:
        print(f"error: {nothing_to_withdraw(t, pid, words=said)}", file=sys.stderr)
    left = {pid: _left_after(t, pid, todo[:index]) for index, pid in enumerate(todo)}
    settled = [pid for pid in todo if pid not in done and not left[pid]]
    for pid in settled:
        before = ", ".join(t.names()[other] for other in todo[:todo.index(pid)])
        print(f"error: {t.names()[pid]} has no game left but against {before}, named before it, whose withdrawal "
              "settles them: there is nothing left to withdraw it from", file=sys.stderr)
    if done or settled:  # said before any other is asked about: nothing is withdrawn then
        return False
    for pid in todo:
        text = withdrawal_words(t.played_by(pid), len(t.games_of(pid)), left[pid], t.names()[pid], said)
        print(f"withdraw {pid}: {text}", file=sys.stderr)
    if todo and not yes:
        if not sys.stdin.isatty():
            print("error: nothing withdrawn: add --yes to withdraw without being asked", file=sys.stderr)
            return False
        if not _answered_yes(ask, "withdraw? [y/N] "):
            print("nothing withdrawn", file=sys.stderr)
            return False
    for pid in todo:
        t.withdraw(pid)
    return True


def _answered_yes(ask: Callable[[str], str], question: str) -> bool:
    """Whether the terminal's answer to ``question`` is yes; the end of input (Ctrl+D, Ctrl+Z and
    Enter on Windows) answers no, as Enter alone does: it ended in an EOFError traceback."""
    try:
        answer = ask(question)
    except EOFError:
        print(file=sys.stderr)  # the answer's line ended, what follows on a line of its own
        return False
    return answer.strip().lower() in ("y", "yes")


def _left_after(t: Tournament, player_id: str, before: list[str]) -> int:
    """How many games ``player_id`` has still to play once the players ``before`` are withdrawn:
    its games left (``Tournament.games_left``) but those against one of them, which that
    withdrawal settles (lost by forfeit by it, or annulled)."""
    gone = {t.player_ids.index(pid) for pid in before}
    return sum(1 for g in t.games_of(player_id) if ((r := t.results.get(g.number)) is None or is_void(r))
               and not gone & set(g.players))


def joined_text(t: Tournament, player_id: str) -> str:
    """The line that says ``player_id`` joins resumed league ``t`` late, and what it plays."""
    index = t.player_ids.index(player_id)
    games = sum(1 for g in t.schedule if index in g.players)
    return (f"{player_id} joins the league late: {counted(games, 'games')} against the "
            f"{counted(index, 'players')} before it; the games played stay")


def too_few_players(words: list[str], ids: list[str], called: str = "tournament") -> str:
    """Why a tournament cannot start with the players ``ids`` the command line's ``words`` gave
    (patterns and ``file.py:*`` expanded): saying what they matched, since a pattern can stand for
    one player or none; ``called``: "league" where the command line named it so."""
    found = f"{counted(len(ids), 'players')}: {', '.join(ids)}" if ids else "no player"
    return f"a {called} needs at least two players, and {' '.join(words)} gave {found}"


class _LiveReport:
    """FILE.txt rewritten (at most every ``LIVE_EVERY`` seconds) as games finish: the crosstable
    and standings so far, for a teacher watching a long league, its first line saying the league
    is still in progress."""

    def __init__(self, t: Tournament, out: str | None, words: ReportWords = ENGLISH) -> None:
        self.t = t
        self.words = words
        from ai.results_log import out_base

        self.path = out_base(out).with_name(out_base(out).name + ".txt") if out else None
        self.out = out
        self.last = time.perf_counter()

    def update(self) -> None:
        if self.path is None or time.perf_counter() - self.last < LIVE_EVERY:
            return
        self.last = time.perf_counter()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        summary = Summary.of(self.t)
        summary.resume_with = self.out
        head, _, rest = report(summary, self.words).partition("\n")
        going = games_note(summary, (IN_PROGRESS, IN_PROGRESS_SETTLED), len(self.t.results), self.words)  # the final report has none
        atomic_write_text(self.path, f"{head} {going}\n{rest}\n")  # never seen half-written by a teacher's viewer


@dataclass
class Entries:
    """The players of a tournament as ``enter_players`` makes them from the command line's words."""

    ids: list[str] = field(default_factory=list)  # each player once, in the order first named
    broken: dict[str, str] = field(default_factory=dict)  # id -> why it cannot be loaded (it forfeits)
    titles: dict[str, str] = field(default_factory=dict)  # id -> title for display_names
    notes: list[str] = field(default_factory=list)  # "skipped FILE: why", for stderr


def expanded_words(player_ids: list[str]) -> list[tuple[str, bool]]:
    """The command line's words with each path pattern replaced by the files it matches
    (``ai.outside.matching_files``; matching none is a ValueError naming it), each with whether a
    pattern gave it.  Made once: ``run_tournament`` refuses a pattern that matches nothing before
    its checking line and hands the files to ``enter_players``, which globbed them all again."""
    return [(file, file != word) for word in player_ids for file in matching_files(word)]


def enter_players(game_id: str, player_ids: list[str], options: dict[str, Any], loader: dict[str, Any],
                  jobs: int = 1, withdrawn: Callable[[str], bool] = lambda _word: False,
                  words: list[tuple[str, bool]] | None = None) -> Entries:
    """The players of ``player_ids``, every outside one loaded once (``jobs`` at a time).

    A path pattern stands for the files it matches (``expanded_words``, unless the caller gives
    them as ``words``; matching none is a ValueError) and ``file.py:*`` (or ``notebook.ipynb:*``)
    for every player of the file.  A file that cannot be loaded enters as one broken player
    (``file.py``) that forfeits its games,
    except that a file a pattern matched which defines no player (a helper module beside a
    student's bot, the course's ``rastros.py``) is skipped with a note.  A player named twice (the
    same file by two paths, or a file's first player by its name as well) enters once, where it
    was first named, with a note for the others.  What ``withdrawn`` names (``not_loaded``) is
    left out unloaded."""
    from ai.outside import PLAYER_SUFFIXES, list_outside_players, load_reason

    words = [(file, from_pattern) for file, from_pattern in (expanded_words(player_ids) if words is None else words)
             if not withdrawn(file)]
    entries = Entries()
    listed: dict[Path, list[tuple[str, str]]] = {}  # a file -> its players' (name, title), first first
    matched: set[str] = set()  # ids that come from a pattern
    for pid, from_pattern in words:
        if not (pid.endswith(":*") and pid[:-2].endswith(PLAYER_SUFFIXES)):
            entries.ids.append(pid)
            if from_pattern:
                matched.add(pid)
            continue
        path = pid[:-2]
        try:
            players = list_outside_players(game_id, path, options, **loader)
        except ValueError as exc:
            if from_pattern and defines_no_player(path, path, str(exc)):
                entries.notes.append(f"skipped {path}: defines no player for {game_id}")
            else:
                entries.ids.append(path)
                entries.broken[path] = load_reason(exc)
            continue
        listed[Path(path).resolve()] = [(p.id[len(path) + 1:], p.title) for p in players]
        entries.ids.extend(p.id for p in players)
    entries.ids = _once_each(game_id, entries, listed, options, loader)
    titles, broken = probe_outside_players(game_id, entries.ids, options, loader, entries.broken, jobs)
    for pid in [pid for pid in entries.ids if pid in matched and pid in broken]:
        file = file_of(pid)
        if file is not None and defines_no_player(pid, str(file), broken[pid]):
            entries.ids.remove(pid)
            entries.notes.append(f"skipped {pid}: defines no player for {game_id}")
    entries.broken = {pid: why for pid, why in broken.items() if pid in entries.ids}
    entries.titles = titles
    return entries


def defines_no_player(pid: str, path: str, why: str) -> bool:
    """``why`` (an ``OutsideLoadError`` of ``pid``, or its ``load_reason``) says the file loaded but
    holds no player."""
    return why.removeprefix(f"{pid}: ").startswith(f"{Path(path).name} defines no player for ")


def file_of(pid: str) -> Path | None:
    """The file of an outside player (resolved), None for any other player."""
    import ai
    from ai.outside import parse_outside_id

    if not ai.is_outside_player(pid) or pid.startswith("gtp:"):
        return None
    try:
        return Path(parse_outside_id(pid).path).resolve()
    except ValueError:
        return None


def _once_each(game_id: str, entries: Entries, listed: dict[Path, list[tuple[str, str]]],
               options: dict[str, Any], loader: dict[str, Any]) -> list[str]:
    """``entries.ids`` without a player named twice, a note for each one left out.  The same
    player is the same file (resolved) and the same player in it: a name missing is the file's
    first player, a title is its player's name (as the loader picks them); when the file cannot be
    listed, its entries are one broken player."""
    from ai.outside import list_outside_players, parse_outside_id

    by_file: dict[Path, list[str]] = {}
    for pid in entries.ids:
        file = file_of(pid)
        if file is not None:
            by_file.setdefault(file, []).append(pid)
    key: dict[str, str] = {}
    for file, pids in by_file.items():
        names = [parse_outside_id(pid).name for pid in pids]
        if len(set(names)) > 1 and file not in listed and not any(pid in entries.broken for pid in pids):
            try:
                path = parse_outside_id(pids[0]).path
                listed[file] = [(p.id[len(path) + 1:], p.title)
                                for p in list_outside_players(game_id, path, options, **loader)]
            except ValueError:
                pass
        players = listed.get(file)
        for pid, name in zip(pids, names):
            if len(set(names)) > 1 and players is None:
                key[pid] = str(file)  # a file that cannot be listed: one broken player, however named
            elif players is None:
                key[pid] = f"{file}:{name}"
            else:
                key[pid] = f"{file}:{_player_name(name, players)}"
    first: dict[str, str] = {}
    given: dict[str, int] = {}  # each player kept, in order, and how many times it was written so
    for pid in entries.ids:
        same = first.setdefault(key.get(pid, pid), pid)
        if same != pid:
            entries.notes.append(f"skipped {pid}: the same player as {same}")
        else:
            given[pid] = given.get(pid, 0) + 1
    entries.notes += [f"{pid} is given {'twice' if n == 2 else f'{n} times'}: it is counted once"
                      for pid, n in given.items() if n > 1]
    return list(given)


def _player_name(name: str | None, players: list[tuple[str, str]]) -> str | None:
    """The name of the player ``name`` picks among a file's ``players`` (name, title), as the loader
    picks it (``ai.outside_child.pick_player``; none is the first); unknown: ``name``."""
    from ai.outside_child import pick_player

    if not players:
        return name
    at = pick_player(players, "*" if name is None else name)
    return name if at is None else players[at][0]


def probe_outside_players(game_id: str, ids: list[str], options: dict[str, Any], loader: dict[str, Any],
                          broken: dict[str, str], jobs: int = 1, ready: ReadyPlayers | None = None,
                          starting: Callable[[str], object] | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """Load every outside player once before any game (``jobs`` at a time), ready for the game
    (``Player.get_ready``): their titles for ``display_names`` (``entry_title``: loaded or not,
    whose they are) and, added to ``broken``, those that cannot be loaded (id -> why).  A GTP
    engine that refuses the game's board (``refused to play width=4, height=4, k=4 (...)``) is one:
    it started, so it forfeited every game of a match, 0 plies each, one line per game.  The
    players that loaded are kept running in ``ready`` for their first game (a match's, played in
    this process), else stopped: a tournament plays its games in other processes (``--jobs``, a
    Dask cluster), where no running process can be handed.  ``starting`` is told each id as its
    player is started (from the threads): the window says which one it checks."""
    import ai
    from ai.outside import load_outside_player, load_reason

    game_options = games.info(game_id).resolve_options(options)  # as a file's player keeps them: not loaded again

    def probe(pid: str) -> tuple[str, str | None, str | None, Any]:
        if starting is not None:
            starting(pid)
        try:  # as its first game would start it, where one takes it (``ReadyPlayers.loader_for``)
            started_as = ready.loader_for(pid) if ready is not None else loader
            player = load_outside_player(game_id, pid, options, **started_as)
        except Exception as exc:  # any failure of a student's file: that player forfeits
            return pid, None, load_reason(exc), None
        try:
            title = entry_title(pid, player.info.title, getattr(player, "kind", None))
            player.get_ready(game_options)
        except Exception as exc:  # an engine that cannot play the game's board, a file that broke since
            ai.close_player(player)
            return pid, title, load_reason(exc), None  # named as it named itself: it started
        if ready is None:
            ai.close_player(player)
            return pid, title, None, None
        return pid, title, None, player

    todo = [pid for pid in ids if ai.is_outside_player(pid) and pid not in broken]
    titles: dict[str, str] = {}
    broken = dict(broken)
    for pid, title, why, player in in_daemon_threads(probe, todo, max(1, min(jobs, 8))):
        if player is not None and ready is not None:
            ready.keep(pid, player)
        if why is not None:
            broken[pid] = why
        if title:
            titles[pid] = title
    for pid in ids:
        title = entry_title(pid) if pid in broken else None
        if title:
            titles[pid] = title
    return titles, broken


def in_daemon_threads(work: Callable[[Any], Any], items: list[Any], jobs: int) -> list[Any]:
    """``work`` of every item, ``jobs`` at a time, in order.  The threads are daemons, so Ctrl+C
    stops the command at once: a thread pool's threads are joined at exit, and a file still
    loading held the command for up to its load limit (its process, in a session of its own, does
    not get the terminal's Ctrl+C, and ends with this one: ai.parent_watch)."""
    results: list[Any] = [None] * len(items)
    failures: list[Exception] = []
    todo: queue.Queue[int] = queue.Queue()
    for i in range(len(items)):
        todo.put(i)
    done = threading.Semaphore(0)

    def run() -> None:
        while True:
            try:
                i = todo.get_nowait()
            except queue.Empty:
                return
            try:
                results[i] = work(items[i])
            except Exception as exc:  # noqa: BLE001 - raised again in the caller's thread
                failures.append(exc)
            finally:
                done.release()

    for _ in range(min(jobs, len(items))):
        threading.Thread(target=run, daemon=True, name="tabuleiro-probe").start()
    for _ in items:
        while not done.acquire(timeout=0.2):  # a timed wait: Ctrl+C is seen within 0.2 s
            pass
    if failures:
        raise failures[0]
    return results


__all__ = ["run_tournament", "report", "write_results", "standings", "ProgressBar", "enter_players", "Entries",
           "probe_outside_players", "entry_title", "ReportWords"]
