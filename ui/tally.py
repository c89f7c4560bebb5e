"""Your results against the computer: for each game, board and computer player, the games you won,
drew and lost in Human vs PC, so that the New game screen and the end of a game can say how you fare
against a level ("You against Level 3 at 19x19: 4 won · 1 drawn · 7 lost") and when to try the next
one.  The board is the game's options that make another one (``Option.board``: a size, tic-tac-toe's
k, ``board_key``): a win at 7x7 Hex was counted as one at 19x19.
A game won because the computer player forfeited (a student's bot that crashed, ran over its
time or answered an illegal move: ``Result.by_forfeit``) was not won over the board: it is
counted apart, "forfeit", and said apart ("· 1 won by forfeit"); it was once counted as won.

    TALLY.add("reversi", "level-3", "won", options={"size": 10})   # a problem to show, or None
    TALLY.add_later("reversi", "level-3", "won", then, options=...)   # the same on the writer thread
    TALLY.of("reversi", "level-3", {"size": 10})   # Score(won=4, drawn=1, lost=7, forfeits=0)
    TALLY.games(), TALLY.clear()             # Settings: "Forget my results"

A game counts once, when it first ends (by the rules, a resignation, a fall of the flag or a
forfeit); taking moves back afterwards does not count it again.  The file keeps the keys of the
last ``COUNTED_KEPT`` games counted (``game_key``), so that a game found ended in the unfinished
games' folder (``count_ended``, from ``ui.autosave.Shelf.unfinished``: a window killed after
the game's file was written and before its count) is counted then, and never twice.  The file is
``results.json`` in the user data folder, written atomically; one that cannot be read (an edit,
a disk error) is moved aside as ``results.json.corrupt-<timestamp>``, never deleted, and
reported, and the last good copy every count keeps beside it is taken back (``ui.last_good``;
without one the count starts again); one that cannot be moved aside is never overwritten.
The file keeps [won, drawn, lost] under ``results`` ({game: {board: {player: counts}}}) and the
wins by forfeit apart under ``forfeits`` ({game: {board: {player: n}}}).  A version 1 file kept
no board ({game: {player: ...}}): its counts are read as the game's usual board's, all kept.
Two Tabuleiro windows ending games at the same moment both count: each reads, adds and writes
holding the file's lock (``ai.file_lock``), so neither writes over a count the other just added.
The window counts a game with ``add_later``: the lock (up to ``ai.file_lock.WAIT`` seconds), the
read, the write and its syncs run on the window's background writer (``ui.background_writer``),
never on the window's thread, and ``then`` hands the problem and the new results back.
No pygame here.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import games
from ai.file_lock import held
from games.record import GameRecord
from games.record_parts import Result
from ui import last_good, words
from ui.autosave import SHELF
from ui.background_writer import WRITER
from ui.data_folders import data_dir
from ui.i18n import Phrase, _
from ui.match import HUMAN_VS_PC, computer_title
from ui.parts import join_parts
from ui.record_files import atomic_write_text, content_problem, move_aside, os_problem

log = logging.getLogger(__name__)

FORMAT = "tabuleiro-results"
VERSION = 2  # a file of a later version is read if it can be, and never written (a newer Tabuleiro's data)
BOARDLESS_VERSION = 1  # the last version whose counts name no board: its games' usual board's

Counts = dict[str, dict[str, dict[str, list[int]]]]  # game -> board (``board_key``) -> player -> ``OUTCOMES``
OUTCOMES = ("won", "drawn", "lost", "forfeit")  # "forfeit": won because the computer player forfeited
BOARD_COUNTS = 3  # the outcomes the file keeps under "results"; the wins by forfeit go under "forfeits"
COUNTED_KEPT = 200  # keys of the last games counted, kept in the file (``game_key``)


def board_key(game_id: str, options: Mapping[str, object] | None = None) -> str:
    """The board a game is played on, as the results file names it: the game's options that make
    another board (``Option.board``), in the order the game lists them, each ``name=value``
    ("size=19"; "width=15 height=15 k=5"), the game's default for one not given; "" for a game
    of one board (Alquerque) or one this install lacks."""
    try:
        declared = games.info(game_id).options
    except ValueError:
        return ""
    given = options or {}
    return " ".join(f"{o.name}={given.get(o.name, o.default)}" for o in declared if o.board)


def board_options(game_id: str, board: str) -> dict[str, object] | None:
    """The options of a ``board_key`` ("size=19": {"size": 19}), each of its option's kind; None
    for one this install does not read so (an option it lacks, a value not of its kind)."""
    try:
        declared = {o.name: o for o in games.info(game_id).options if o.board}
        pairs = [part.split("=", 1) for part in board.split()]
        chosen = {name: declared[name].kind(value) for name, value in pairs}
    except (ValueError, KeyError):
        return None
    return chosen if board_key(game_id, chosen) == board else None


def game_key(record: GameRecord) -> str:
    """What tells one game from another in the results file: its game, when it started (to the
    second), when it was taken up where it was played on from another record (which keeps that
    one's start: ``GameRecord.resumed``) and who played which side (a rematch, with the sides
    swapped, may start in the same second)."""
    return " ".join([record.game_id, record.started, *filter(None, [record.resumed]),
                     *(str(side.id) for side in record.players)])


@dataclass(frozen=True)
class Score:
    won: int = 0
    drawn: int = 0
    lost: int = 0
    forfeits: int = 0  # games won because the computer player forfeited, not among ``won``

    def games(self) -> int:
        return self.won + self.drawn + self.lost + self.forfeits


def outcome(result: Result, human: int) -> str:
    """The ``OUTCOMES`` entry a finished Human vs PC game counts as, for the human's side."""
    if result.winner is None:
        return "drawn"
    if result.winner != human:
        return "lost"
    return "forfeit" if result.by_forfeit() else "won"


class Tally:
    """The results file (see the module's docstring)."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._unsaid: deque[str] = deque()  # damaged files a screen's reading moved aside, to be said (``unsaid``)

    @property
    def path(self) -> Path:
        return self._path or data_dir() / "results.json"

    def _shown_counts(self) -> Counts:
        """The counts a screen shows (New game's results line, Settings' Forget my results).  A
        damaged file this reading moved aside is kept to be said (``unsaid``): New game and
        Settings read the results before any game ends, so the file went aside there, the one
        reading that said so was the next count's, which found no file, and nobody was told."""
        results, problem, writable = self._read()
        if problem is not None and writable:  # moved aside (a newer or unreadable file is not writable)
            self._unsaid.append(problem)
        return results

    def unsaid(self) -> list[str]:
        """The problems the screens' readings found (``_shown_counts``) and nobody said yet, once
        each: the window says them (``ui.app.App``)."""
        said = []
        while self._unsaid:
            said.append(self._unsaid.popleft())
        return said

    def _read(self) -> tuple[Counts, str | None, bool]:
        """The counts; a problem to report if the file was unreadable (it is moved aside); and
        whether the file may be written (not when a damaged one could not be moved aside)."""
        path = self.path
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):  # none yet (a file in the folder's way: its save says so)
            return {}, None, True
        except OSError as exc:  # in words a user acts on, not Python's "[Errno 21] ..."
            why = os_problem(exc, path, writing=False)
            return {}, Phrase(lambda: _("Your results could not be read ({problem})").format(
                problem=words.file_error(why))), False
        try:  # bytes that are not UTF-8 are a damaged file too: it was kept, and no game was counted again
            data = json.loads(raw.decode("utf-8-sig"))  # -sig: a Windows editor's byte-order mark
            newer = _newer_version(data)
            if newer is not None:  # not damaged: a newer Tabuleiro's, which this one must not rewrite
                return _counts_if_readable(data), newer, False
            return _checked(data), None, True
        except (ValueError, TypeError, RecursionError, OverflowError) as exc:
            # JSON that breaks off said in plain words; the JSON reader's own go to the log below
            problem = _("the file is cut short or damaged") if isinstance(exc, json.JSONDecodeError) else content_problem(exc)
            try:
                aside = move_aside(path)
            except OSError as err:
                log.info("results file unreadable (%s) and not moved aside: %s", exc, err)
                return {}, _("Your results could not be read ({problem})").format(problem=problem), False
            log.warning("results file unreadable: %s; moved to %s", content_problem(exc), aside)
            kept = last_good.restore(path, lambda text: _checked(json.loads(text)))
            if kept is not None:
                return kept[0], _("Your results could not be read ({problem}); the file was moved to {name} and "
                                  "your results of {time} are back").format(
                    problem=problem, name=aside.name, time=last_good.saved_at(kept[1])), True
            return {}, _("Your results could not be read ({problem}); the file was moved to {name} and "
                         "they are counted from now on").format(problem=problem, name=aside.name), True

    def of(self, game_id: str, player_id: str, options: Mapping[str, object] | None = None) -> Score:
        """Your results in ``game_id`` on the board of ``options`` (the usual one by default)
        against ``player_id`` (zeros when none yet)."""
        results = self._shown_counts()
        board = board_key(game_id, options)
        return Score(*results.get(game_id, {}).get(board, {}).get(player_id, (0,) * len(OUTCOMES)))

    def other_boards(self, game_id: str, player_id: str,
                     options: Mapping[str, object] | None = None) -> list[tuple[dict[str, object], Score]]:
        """Your results in ``game_id`` against ``player_id`` on each board but that of ``options``
        where you played it, as (the board's options, results), smallest board first: New game
        says them under the board chosen, so results kept on another size are not lost to sight."""
        results = self._shown_counts()
        here = board_key(game_id, options)
        found = []
        for board, players in results.get(game_id, {}).items():
            chosen = board_options(game_id, board)
            if board != here and player_id in players and chosen is not None:
                found.append((chosen, Score(*players[player_id])))
        return sorted(found, key=lambda pair: [str(v).zfill(4) for v in pair[0].values()])

    def games(self) -> int:
        """How many games are counted, in every game on every board against every player."""
        results = self._shown_counts()
        return sum(sum(counts) for boards in results.values() for players in boards.values()
                   for counts in players.values())

    def clear(self) -> str | None:
        """Forget every result (the player asked, in Settings); a problem to show, or None."""
        try:
            self.path.unlink(missing_ok=True)
            last_good.copy_path(self.path).unlink(missing_ok=True)  # forgotten: no copy brings them back
        except OSError as exc:
            why = os_problem(exc, self.path)
            return Phrase(lambda: _("Could not forget your results: {error}").format(error=words.file_error(why)))
        return None

    def add(self, game_id: str, player_id: str, outcome: str, key: str | None = None,
            options: Mapping[str, object] | None = None) -> str | None:
        """Count one game on the board of ``options`` (once: not if ``key``, its ``game_key``, was
        counted already); returns a problem to show instead of raising (the game goes on)."""
        with contextlib.suppress(OSError):  # a folder that cannot be made: the write below says so
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with held(self.lock_path):
            return self._add(game_id, board_key(game_id, options), player_id, outcome, key)

    def add_later(self, game_id: str, player_id: str, outcome: str,
                  then: Callable[[str | None, Score], None], key: str | None = None,
                  options: Mapping[str, object] | None = None) -> None:
        """``add`` on the window's background writer, then ``then(problem, results against
        player_id on that board)`` on that thread.  Each count is a job of its own: none replaces another."""
        def count() -> None:
            problem = self.add(game_id, player_id, outcome, key, options)
            then(problem, self.of(game_id, player_id, options))

        WRITER.submit(object(), count)

    @property
    def lock_path(self) -> Path:
        """The lock a window holds while it reads, adds to and writes the file."""
        return self.path.with_name(f".{self.path.name}.lock")

    def count_ended(self, record: GameRecord) -> str | None:
        """Count a Human vs PC game found ended among the unfinished games, unless it was counted
        (its key is in the file; a file of an older version keeps no keys, and its games were
        counted as they ended).  A window killed between the game's last file and its count lost
        the count; it is made up here.  A problem to show, or None."""
        human = next((side for side, player in enumerate(record.players) if player.id is None), None)
        if record.setup.get("mode") != HUMAN_VS_PC or human is None or record.result is None:
            return None
        if self._counted_keys() is None:
            return None
        return self.add(record.game_id, str(record.players[1 - human].id), outcome(record.result, human),
                        game_key(record), record.options)

    def _counted_keys(self) -> list[str] | None:
        """The keys of the games last counted; [] with no file yet, None for a file without them."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8-sig"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError, RecursionError):
            return None
        keys = data.get("counted") if isinstance(data, dict) else None
        return [str(k) for k in keys] if isinstance(keys, list) else None

    def _add(self, game_id: str, board: str, player_id: str, outcome: str, key: str | None = None) -> str | None:
        results, problem, writable = self._read()
        if not writable:
            return problem
        counted = self._counted_keys() or []
        if key is not None and key in counted:
            return problem
        counts = results.setdefault(game_id, {}).setdefault(board, {}).setdefault(player_id, [0] * len(OUTCOMES))
        counts[OUTCOMES.index(outcome)] += 1
        counted = [*counted, key] if key is not None else counted
        try:
            text = json.dumps({"format": FORMAT, "version": VERSION, **_file_counts(results),
                               "counted": counted[-COUNTED_KEPT:]}, indent=1, sort_keys=True) + "\n"
            atomic_write_text(self.path, text)
            last_good.keep_copy(self.path, text)  # for a file damaged later (``ui.last_good``)
        except OSError as exc:
            log.warning("results not saved: %s", exc)
            why = os_problem(exc, self.path)
            return problem or Phrase(lambda: _("Could not save your results: {error}").format(
                error=words.file_error(why)))
        return problem


def results_line(game_id: str, player: str, results: Score, board: str = "") -> str:
    """"You against Level 3 at 19x19: 4 won · 1 drawn · 7 lost", for the New game screen and the
    game's end, on the ``board`` (``board_words``; none for a game of one board), with "· 1 won by
    forfeit" after it when the player forfeited games.  A game that cannot end drawn (Hex,
    Rastros: ``words.draws_said``) leaves the draws out: "4 won · 7 lost"."""
    counts = {"player": player, "won": results.won, "drawn": results.drawn, "lost": results.lost}
    if words.draws_said(game_id, results.drawn):
        line = (_("You against {player} at {board}: {won} won · {drawn} drawn · {lost} lost") if board
                else _("You against {player}: {won} won · {drawn} drawn · {lost} lost"))
    else:
        line = (_("You against {player} at {board}: {won} won · {lost} lost") if board
                else _("You against {player}: {won} won · {lost} lost"))
    line = line.format(board=board, **counts)
    if results.forfeits:
        line = join_parts([line, _("{forfeits} won by forfeit").format(forfeits=results.forfeits)])
    return line


OTHER_BOARDS_SHOWN = 3
"""The most boards New game's line of your other boards names, "and 2 more" after them: Hex
played on eight sizes took three lines of the form at 1280x800, below its fold."""


def other_boards_line(game_id: str, boards: list[tuple[dict[str, object], Score]]) -> str:
    """"Other boards (won-drawn-lost): 7x7 6-0-3 · 19x19 3-0-1 +1 by forfeit and 2 more", under
    ``results_line`` on New game: of ``TALLY.other_boards``, the boards with games, the
    ``OTHER_BOARDS_SHOWN`` most played of them in their order; "" for none.  Each board's counts
    in words ("7x7 (6 won · 0 drawn · 3 lost); ...") ran to three lines for a game of many sizes.
    A game that cannot end drawn says "Other boards (won-lost): 7x7 6-3", as ``results_line``."""
    played = [(options, results) for options, results in boards if results.games()]
    if not played:
        return ""
    most = sorted(range(len(played)), key=lambda i: -played[i][1].games())[:OTHER_BOARDS_SHOWN]
    drawn = words.draws_said(game_id, sum(results.drawn for _options, results in played))
    said = join_parts(_compact_counts(game_id, *played[i], drawn) for i in sorted(most))
    if len(played) > len(most):
        said = _("{boards} and {n} more").format(boards=said, n=len(played) - len(most))
    if not drawn:
        return _("Other boards (won-lost): {boards}").format(boards=said)
    return _("Other boards (won-drawn-lost): {boards}").format(boards=said)


def _compact_counts(game_id: str, options: Mapping[str, object], results: Score, drawn: bool = True) -> str:
    """"7x7 6-0-3" ("7x7 6-3" without the ``drawn``), and " +1 by forfeit" after it where the
    computer forfeited games to you."""
    board, won, lost = board_words(game_id, options), results.won, results.lost
    said = (_("{board} {won}-{drawn}-{lost}").format(board=board, won=won, drawn=results.drawn, lost=lost) if drawn
            else _("{board} {won}-{lost}").format(board=board, won=won, lost=lost))
    return said + (" " + _("+{forfeits} by forfeit").format(forfeits=results.forfeits) if results.forfeits else "")


def board_words(game_id: str, options: Mapping[str, object] | None = None) -> str:
    """The board of ``board_key`` as a player reads it: "19x19" (a size), "15x15, 5 in a row" (a
    width and height, tic-tac-toe's k; any other such option as the window names it); "" for a
    game of one board.  The results against a level are counted apart on each."""
    try:
        info = games.info(game_id)
    except ValueError:
        return ""
    values = {o.name: (options or {}).get(o.name, o.default) for o in info.options if o.board}
    parts = []
    if "size" in values:
        size = values.pop("size")
        parts.append(f"{size}x{size}")
    if "width" in values and "height" in values:
        parts.append(f"{values.pop('width')}x{values.pop('height')}")
    if "k" in values:
        parts.append(_("{k} in a row").format(k=values.pop("k")))
    parts += [words.option_text(o, values[o.name], game_id) for o in info.options if o.name in values]
    return ", ".join(parts)


def _file_counts(results: Counts) -> dict[str, dict[str, dict[str, dict[str, list[int] | int]]]]:
    """The counts as the file keeps them: ``results`` the three counts over the board, ``forfeits``
    the wins by forfeit where there are any."""
    over_board = {game: {board: {player: counts[:BOARD_COUNTS] for player, counts in players.items()}
                         for board, players in boards.items()} for game, boards in results.items()}
    forfeits = {game: {board: {player: counts[BOARD_COUNTS] for player, counts in players.items() if counts[BOARD_COUNTS]}
                       for board, players in boards.items()} for game, boards in results.items()}
    forfeits = {game: {board: players for board, players in boards.items() if players} for game, boards in forfeits.items()}
    return {"results": over_board, "forfeits": {game: boards for game, boards in forfeits.items() if boards}}


def _newer_version(data: object) -> str | None:
    """The problem to say when ``data`` is a results file of a newer Tabuleiro, else None.  Such
    a file used to be rewritten as this version writes it (dropping what the newer one added) or,
    if its counts were laid out anew, moved aside as damaged and counted from zero."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version <= VERSION:
        return None
    return _("Your results were written by a newer version of Tabuleiro: the file is left as it is, and this "
             "version does not count games in it")


def _counts_if_readable(data: object) -> Counts:
    """The counts of a newer version's file, if it still holds them as this one does; else none."""
    try:
        return _checked(data)
    except (ValueError, TypeError):
        return {}


def _checked(data: object) -> Counts:
    """The counts of a results file's JSON, each player's as ``OUTCOMES`` lists them (the wins by
    forfeit, kept apart in the file, last); a version 1 file's under each game's usual board
    (``_boards_added``); ValueError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(_("not a Tabuleiro results file"))
    results, forfeits = data.get("results"), data.get("forfeits", {})
    if not isinstance(results, dict):
        raise ValueError(_("its 'results' is not an object"))
    if not isinstance(forfeits, dict):
        raise ValueError(_("its 'forfeits' is not an object of objects"))
    if _names_no_board(data):
        results, forfeits = _boards_added(results), _boards_added(forfeits)
    counts: Counts = {}
    for game_id, player_id, board, found in _board_counts(results):
        counts.setdefault(game_id, {}).setdefault(board, {})[player_id] = [*found, 0]
    for game_id, player_id, board, found in _forfeit_counts(forfeits):
        counts.setdefault(game_id, {}).setdefault(board, {}).setdefault(player_id, [0] * len(OUTCOMES))[BOARD_COUNTS] = found
    return counts


def _names_no_board(data: dict) -> bool:
    """Whether ``data`` is laid out as version 1 wrote it: each game's players without a board."""
    version = data.get("version", BOARDLESS_VERSION)
    return isinstance(version, bool) or not isinstance(version, int) or version <= BOARDLESS_VERSION


def _boards_added(by_game: dict) -> dict:
    """A version 1 file's {game: {player: x}} as {game: {board: {player: x}}}, each game's under its
    usual board (``board_key``): the file said no size, and the games were played on it unless
    the player chose another.  What is not an object is left for ``_checked`` to name."""
    return {game_id: {board_key(game_id): players} if isinstance(players, dict) else players
            for game_id, players in by_game.items()}


def _game_said(game_id: str) -> str:
    """A game the results file names, as the screens title it ("Tic-tac-toe", in the window's
    language); a game this Tabuleiro does not know, by the id the file gives, quoted."""
    try:
        return words.title(games.info(game_id))
    except ValueError:
        return repr(game_id)


def _player_said(game_id: str, player_id: str) -> str:
    """A computer player the results file names for ``game_id``, as the screens name it ("Level 2":
    ``ui.match.computer_title``); for a game this Tabuleiro does not know, by its id, quoted."""
    try:
        return computer_title(game_id, player_id)
    except ValueError:
        return repr(player_id)


def _each_players(by_game: dict, what: str) -> list[tuple[str, str, str, object]]:
    """(game, player, board, value) of a results file's {game: {board: {player: value}}};
    ValueError naming the object ``what`` that is not laid out so."""
    found = []
    for game_id, boards in by_game.items():
        if not isinstance(boards, dict) or not all(isinstance(players, dict) for players in boards.values()):
            raise ValueError(_("its '{what}' for {game} is not an object of boards").format(what=what,
                                                                                              game=_game_said(game_id)))
        for board, players in boards.items():
            found.extend((game_id, player_id, board, value) for player_id, value in players.items())
    return found


def _board_counts(results: dict) -> list[tuple[str, str, str, list[int]]]:
    """(game, player, board, [won, drawn, lost]) of a results file's ``results``; ValueError naming what is wrong."""
    found = _each_players(results, "results")
    for game_id, player_id, _board, counts in found:
        ok = (isinstance(counts, list) and len(counts) == 3
              and all(isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts))
        if not ok:
            raise ValueError(_("{game} / {player}: the counts are not three whole numbers").format(
                game=_game_said(game_id), player=_player_said(game_id, player_id)))
    return found


def _forfeit_counts(forfeits: dict) -> list[tuple[str, str, str, int]]:
    """(game, player, board, wins by forfeit) of a results file's ``forfeits``; ValueError naming what is wrong."""
    found = _each_players(forfeits, "forfeits")
    for game_id, player_id, _board, count in found:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(_("{game} / {player}: the wins by forfeit are not a whole number").format(
                game=_game_said(game_id), player=_player_said(game_id, player_id)))
    return found


TALLY = Tally()
SHELF.found_ended.append(TALLY.count_ended)  # a game ended in a window killed before it was counted
