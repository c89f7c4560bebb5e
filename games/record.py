"""Game records: a finished or unfinished game as a JSON file that later versions can still read.

A record holds the game and its options, who played each side, every move in the game's own
notation, the result, the dates, and optionally the engine's evaluation of each position.  Moves,
not positions, are the truth: loading a record replays every move through the game contract, so a
file naming an unknown game or option, or an illegal move, is refused with a message naming the
problem ("move 12 'd9' is not legal: ..."; ``PartlyLegal`` keeps the legal part).
``GameRecord.start``, ``with_move``, ``finish``, ``dumps`` and ``loads`` make and read one.

The file format (version 1; version 2 when it has ``start``)::

    {"format": "tabuleiro-record", "version": 1, "app": "Tabuleiro 0.1.0",
     "game": {"id": "reversi", "title": "Reversi", "options": {"size": 8}},
     "players": [{"side": "Black", "id": null, "title": "You"},
                 {"side": "White", "id": "level-3", "title": "Level 3"}],
     "moves": ["d3", "c5", ...],
     "result": {"winner": 1, "winner_side": "White", "reason": "White wins 37 - 27",
                "score": [27, 37]},                       # null while the game goes on
     "dates": {"started": "2026-11-23T09:41:00+00:00", "updated": "...", "finished": "..."},  # "given", "resumed", "last_given"
     "evaluations": [0.0, 0.12, null, ...], "values": {...},  # optional, see below
     "setup": {"mode": "human-pc", "move_time": 1.0},     # optional: how the window set it up
     "start": "to-move: X\n..."}                          # optional (version 2): see below

``evaluations[i]``: the evaluation graph's point for the position after ``i`` moves (0: the start) as
drawn when saved, the first side's view, -1 (it loses) to +1, null where none; ``values``: the searches
behind them (``PlyValue``, a proof with its ``ProofMeasure``: older readers pass it by), both left
out where they cannot be the game's (``values_ignored``).  A player ``id`` of null is a human;
``start`` (version 2), the position a set-up game started from (``Game.to_text``).

Dates: a game read from a file that names its date is dated so (``dated``; ``date_given``,
``last_given``: to the month, ``2003-05``, never a day the file did not give).  One opened from a
file and played on keeps the file's date as its start (``resumed``: when it was taken up); a game
continued today was played today, so the lists date it and ``default_name`` names it by its last
change, and the files say both (``played_on``; SGF's ``DT``, a move list's ``date_written``).

Versions: a file from a newer Tabuleiro is refused saying so; older ones are migrated step by step
(``MIGRATIONS``; version 0: the JSON line ``main.py match --json`` prints for each game).  A record
without ``start`` is still written as version 1, which every earlier Tabuleiro reads.  Its parts:
games/record_parts.py, games/record_fields.py, games/move_list.py, games/move_numbers.py; files: ui/record_files.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

import games
from games.base import Game, IllegalMove, State
from games.record_fields import (
    game_title,
    given_date,
    options_text,
    read_date,
    read_date_given,
    read_field,
    read_players,
    read_result,
    read_saved_values,
    read_setup,
    read_start,
    side_names_of,
    winner_words,
)
from games.record_parts import (
    PartlyLegal,
    PlyValue,
    RecordError,
    RecordNotReadableHere,
    Result,
    Side,
    now_iso,
)

FORMAT = "tabuleiro-record"
VERSION = 2
APP = "Tabuleiro 0.1.0"
SUFFIX = ".json"
MAX_BYTES = 16 * 1024 * 1024  # a record is a few KB; refuse to parse something absurdly large


@dataclass
class GameRecord:
    """One game: everything a record file holds, already validated against the rules."""

    game_id: str
    options: dict[str, Any]
    players: tuple[Side, Side]
    moves: list[str] = field(default_factory=list)
    result: Result | None = None
    started: str = field(default_factory=now_iso)
    updated: str = field(default_factory=now_iso)
    finished: str | None = None
    evaluations: list[float | None] | None = None
    ply_values: list[PlyValue | None] | None = None  # what stood behind each of ``evaluations``: the file's ``values``
    setup: dict[str, Any] = field(default_factory=dict)
    start_position: str | None = None  # the position the moves are played from (Game.to_text); None: the usual start
    date_given: str | None = None  # the start as a file gave it, to less than a moment: see ``dated``
    resumed: str | None = None  # when a game played on from another record was taken up (``dates.resumed``)
    last_given: str | None = None  # the last change as a file gave it, to less than a moment: see ``dated``
    values_ignored: str = field(default="", compare=False)  # why the file's evaluations were not used ("": used, or none)

    # -- building ------------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game, players: tuple[Side, Side], setup: dict[str, Any] | None = None,
              start_position: str | None = None) -> GameRecord:
        """A record of a game about to begin (from ``start_position``, when given)."""
        return cls(game.id, dict(game.options), players, setup=dict(setup or {}), start_position=start_position)

    def with_moves(self, moves: list[str], state: State | None = None) -> GameRecord:
        """A copy with ``moves`` played; when ``state`` (the position after them) is over, the result too."""
        rec = replace(self, moves=list(moves), updated=now_iso())
        if state is not None and state.is_terminal():
            rec = rec.finish(Result.of(state))
        elif state is not None:
            rec = replace(rec, result=None, finished=None)
        return rec

    def with_move(self, text: str, state: State | None = None) -> GameRecord:
        return self.with_moves([*self.moves, text], state)

    def finish(self, result: Result) -> GameRecord:
        """A copy marked finished with ``result`` (a rules end, a resignation, a forfeit)."""
        stamp = now_iso()
        return replace(self, result=result, finished=stamp, updated=stamp)

    def dated(self, when: str, given: str | None = None, last: str | None = None,
              last_given: str | None = None) -> GameRecord:
        """A copy dated ``when`` (ISO 8601) throughout: a game read from a file that names its
        date (an SGF's or GGF's ``DT``) was begun, last changed and ended then, not the day it was
        opened, which the Saved games row showed as its date.  ``last``: the moment of its last
        part, where the file says the game was played on later (SGF's ``DT`` of two dates, a GGF's
        ``DT`` beside its ``Started:`` comment): changed and ended then (see ``played_on``).

        ``given`` (``date_given``, the record's ``dates.given``): the date as the file gave it, to
        the year, month or day only (``2003``, ``2003-05``: SGF's partial ``DT``; ``2003-05-06``,
        no hour); ``when`` is then its first moment, for sorting, and the date is shown
        (``date_shown``) and written back (SGF's ``DT``, a move list's ``Date:``) as given, never
        as a day or an hour the file did not give.  ``last_given`` (``dates.last_given``) is so for
        ``last``: SGF's ``DT[2003-05,06]`` ends in June 2003, no day said."""
        end = last or when
        return replace(self, started=when, updated=end, finished=end if self.finished is not None else None,
                       date_given=given, last_given=last_given if last else None)

    def played_on(self) -> bool:
        """Whether the game was played on after its first part, on another day: its last change
        (``updated``) falls on another day than its start (a game opened from a file and continued
        today, a game left and taken up again).  The decision the files follow: a game continued
        today was played today, and the file's date is its first part's.  So the lists date it
        by its last change (``date_shown`` is None), and the files name both: SGF's ``DT`` the
        start's date then the last change's (``DT[2003-05,2026-12-05]``: FF[4]'s form for a game
        played over several days), GGF's ``DT`` the last change's moment and a ``Started:``
        comment the start (``games.othello_ggf``)."""
        return self.updated != self.started and not self.updated[:10].startswith(self.date_given or self.started[:10])

    def date_shown(self) -> str | None:
        """The date of the game's last change as a file it was read from gave it, when that was less
        than a moment (``date_given``: ``2003``, ``2003-05``, ``2003-05-06``) and the game was not
        changed since (its ``updated`` is still its start); None where the record's own moment
        (``updated``) is the date.  The game's start, which the files write, is ``date_given``
        whatever moves were played on since.  A game a file says was played over several days
        (SGF's ``DT[2005-03-01,02]``, ``DT[2003-05,06]``: ``dated``'s ``last``) is shown by its
        last date, as given (``last_date_given``)."""
        if self.updated == self.started:
            return self.date_given
        last = self.last_date_given()
        if last is not None or self.date_given is None:
            return last
        last_day = self.updated[:10]  # a record read before ``last_given`` was kept: its last day
        return last_day if self.updated == f"{last_day}T00:00:00" else None  # a file's day: given_date's form

    def last_date_given(self) -> str | None:
        """The game's last change as a file gave it (``last_given``: ``2003-06``, ``2003-05-07``)
        while it is still the last (the game not played since); None otherwise."""
        given = given_date(self.last_given) if self.last_given is not None else None
        return self.last_given if given is not None and given[0] == self.updated else None

    def is_finished(self) -> bool:
        return self.result is not None

    # -- using -----------------------------------------------------------------------------
    def game(self) -> Game:
        """The rules this record was played under; RecordError if the game or an option is unknown."""
        try:
            return games.load(self.game_id, **self.options)
        except ValueError as exc:
            raise RecordError(f"game {self.game_id!r}: {exc}") from None

    def states(self, game: Game | None = None) -> list[State]:
        """Every position of the game: ``states()[i]`` is the position after ``i`` moves;
        RecordError naming the first move that is not legal."""
        out, refused = self.legal_states(game)
        if refused is not None:
            raise RecordError(refused)
        return out

    def legal_states(self, game: Game | None = None) -> tuple[list[State], str | None]:
        """The positions as far as the moves are legal (``[i]``: after ``i`` moves), and why the
        next move is refused ("move 12 'd9' is not legal: ..."), None where every move is legal."""
        game = game or self.game()
        state = self.first_state(game)
        out = [state]
        for number, text in enumerate(self.moves, 1):
            try:
                state = state.play(game.parse_move(state, text))
            except IllegalMove as exc:
                return out, f"move {number} {text!r} is not legal: {exc}"
            out.append(state)
        return out, None

    def first_state(self, game: Game | None = None) -> State:
        """The position the moves are played from: ``start_position``, or the game's usual start.

        A start of another shape than the record's options is refused: Trax reads a board of
        another size at its own size, and a hand-edited record saying size 10 over a 12x12 board
        was played on a 12x12 board with its moves named on a 10x10 one (replayed elsewhere)."""
        game = game or self.game()
        if self.start_position is None:
            return game.initial_state()
        try:
            state = game.from_text(self.start_position)
        except ValueError as exc:
            raise RecordError(f"the start position cannot be read: {exc}") from None
        other = {k: v for k, v in state.game.options.items() if game.options.get(k) != v}
        if other:
            named = options_text(other)
            mine = options_text({k: game.options.get(k) for k in other})
            raise RecordError(f"the start position is for {named}, not this record's {mine}")
        return state

    def final_state(self) -> State:
        return self.states()[-1]

    def title(self) -> str:
        """A one-line description for lists and dialogs."""
        try:
            name = games.info(self.game_id).title
        except ValueError:
            name = self.game_id
        a, b = (p.title or side for p, side in zip(self.players, side_names_of(self.game_id)))
        status = self.result.reason if self.result else f"{len(self.moves)} moves, unfinished"
        return f"{name}: {a} vs {b} ({status})"

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        sides = side_names_of(self.game_id)
        result = None
        if self.result is not None:
            w = self.result.winner
            result = {
                "winner": w, "winner_side": sides[w] if w is not None else None,
                "reason": self.result.reason,
                "score": list(self.result.score) if self.result.score is not None else None,
            }
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION if self.start_position is not None else 1,  # earlier Tabuleiros read version 1
            "app": APP,
            "game": {"id": self.game_id, "title": game_title(self.game_id), "options": dict(self.options)},
            "players": [{"side": sides[i], "id": p.id, "title": p.title} for i, p in enumerate(self.players)],
            "moves": list(self.moves),
            "result": result,
            "dates": {"started": self.started, "updated": self.updated, "finished": self.finished,
                      **({"given": self.date_given} if self.date_given is not None else {}),
                      **({"resumed": self.resumed} if self.resumed is not None else {}),
                      **({"last_given": self.last_given} if self.last_date_given() is not None else {})},
            "evaluations": list(self.evaluations) if self.evaluations is not None else None,
        }
        positions = len(self.moves) + 1
        if self.evaluations is not None and len(self.evaluations) > positions:  # moves taken back since: not this game's
            data["evaluations"] = None
        if (self.ply_values is not None and len(self.ply_values) == positions and data["evaluations"] is not None
                and len(self.evaluations) == positions):
            data["values"] = {"game": self.game_id, "options": dict(self.options),
                              "plies": [None if v is None else v.to_dict() for v in self.ply_values]}
        if self.setup:
            data["setup"] = dict(self.setup)
        if self.start_position is not None:
            data["start"] = self.start_position
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any, checked: bool = True) -> GameRecord:
        """Read, migrate and validate a decoded record; RecordError naming the first problem.
        ``checked=False`` leaves out the moves' replay against the rules (``check``) for a record
        this program checked when it first read it and kept (a cache of the records read before):
        the replay is what makes reading thousands of records take seconds."""
        data = migrate(data)
        game = read_field(data, "game", dict)
        game_id = read_field(game, "id", str, "game.id")
        options = read_field(game, "options", dict, "game.options")
        players = read_players(read_field(data, "players", list))
        moves = read_field(data, "moves", list)
        for i, text in enumerate(moves, 1):
            if not isinstance(text, str):
                raise RecordError(f"move {i} must be text in the game's notation, not {text!r}")
        dates = read_field(data, "dates", dict)
        evaluations, ply_values, ignored = read_saved_values(data, game_id, options, len(moves))
        record = cls(
            game_id, dict(options), players, list(moves),
            result=read_result(data.get("result")),
            started=read_date(dates, "started"), updated=read_date(dates, "updated"),
            finished=read_date(dates, "finished", optional=True),
            evaluations=evaluations, ply_values=ply_values, values_ignored=ignored,
            setup=read_setup(data.get("setup")),
            start_position=read_start(data.get("start")),
            date_given=read_date_given(dates, "given", dates.get("started")),
            last_given=read_date_given(dates, "last_given", dates.get("updated")),
            resumed=read_date(dates, "resumed", optional=True),
        )
        if not checked:
            return record
        record.check()
        return replace(record, options=dict(record.game().options))  # as the game reads them: 8.9 plays 8

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            several = _json_lines(text) if exc.msg == "Extra data" else 0
            if several:  # ``match --json > games.json``: "Extra data" told a teacher nothing
                raise RecordError(f"it holds {several} games, one a line as main.py match --json prints them, and a "
                                  "record is one game: put the line of the game to open in a file of its own") from None
            raise RecordError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
        except (ValueError, RecursionError):  # a number of thousands of digits; lists nested thousands deep
            raise RecordError("not a game record (numbers or nesting far beyond any record's)") from None
        return cls.from_dict(data)

    def check(self) -> None:
        """Replay the moves and compare the stored result with the rules; RecordError if they disagree."""
        try:
            info = games.info(self.game_id)
        except ValueError as exc:
            raise RecordNotReadableHere(f"{exc} (perhaps a game of a newer Tabuleiro)", why="game") from None
        for name in self.options:
            if name not in {o.name for o in info.options}:
                valid = ", ".join(o.name for o in info.options) or "none"
                # as games.load says it, so that the window names the game by its title in its language;
                # an option a newer version added, as a game it added is: the lists leave the file in place
                raise RecordNotReadableHere(f"{self.game_id} has no option {name!r}; options: {valid} "
                                            "(perhaps an option of a newer Tabuleiro)", why="option")
        game = self.game()
        positions, refused = self.legal_states(game)
        if refused is not None:  # the moves before it may still be kept (``PartlyLegal``)
            raise legal_part(replace(self, moves=self.moves[:len(positions) - 1]), refused, game, positions[-1])
        final = positions[-1]
        if final.is_terminal():
            if self.result is None:
                raise RecordError(f"the moves end the game ({final.end_reason()}) but the record has no result")
            if self.result.winner != final.winner():
                raise RecordError(
                    f"the result says {winner_words(self.game_id, self.result.winner)} "
                    f"but the moves end with {winner_words(self.game_id, final.winner())}"
                )


def legal_part(record: GameRecord, why: str, game: Game | None = None, state: State | None = None,
               kind: type[PartlyLegal] = PartlyLegal) -> PartlyLegal:
    """The refusal of a game that a reader read as far as its last legal move (``record``: its
    moves, every one legal, and what else the file said of it), the next move refused for ``why``:
    ``PartlyLegal(why)`` holding that game (``game``'s rules, ``state`` the position after its
    moves, when the reader has them), unfinished there (a result the file gave came with moves now
    gone), or finished where those moves end it by the rules; its evaluations cut to its positions.
    The one path every format's reader takes, so each keeps its game the same way."""
    game = game or record.game()
    state = state if state is not None else record.states(game)[-1]
    result = Result.of(state) if state.is_terminal() else None
    kept = len(record.moves)
    evaluations = record.evaluations[:kept + 1] if record.evaluations is not None else None
    ply_values = record.ply_values[:kept + 1] if record.ply_values is not None else None
    part = replace(record, options=dict(game.options), result=result, evaluations=evaluations, ply_values=ply_values,
                   finished=(record.finished or record.updated) if result is not None else None)
    return kind(why, part)


def up_to_last_legal(text: str, read: Callable[[str], GameRecord] | None = None) -> tuple[GameRecord, int, str] | None:
    """A game's text refused for an illegal move (a rule changed between versions, a hand-edited
    file), read up to its last legal move by ``read`` (a record's JSON by default; any reader that
    raises ``PartlyLegal``: ``ui.record_files.from_text`` reads every format): that game, the
    number of moves kept, and why the next one is refused, as the reader says it.  None when the
    text is read whole, or refused for something else: the whole game was lost for one move,
    though every move before it could be played on or replayed."""
    try:
        (read or GameRecord.loads)(text)
    except PartlyLegal as refused:
        if refused.legal is None:
            return None
        return refused.legal, len(refused.legal.moves), str(refused)
    except (ValueError, RecursionError):  # RecordError and JSON errors among them: not an illegal move
        return None
    return None


def _json_lines(text: str) -> int:
    """How many JSON objects ``text`` holds, one a line (lines of ``main.py match --json``); 0 if
    it is not that."""
    lines = [line for line in text.splitlines() if line.strip()]
    try:
        return len(lines) if all(isinstance(json.loads(line), dict) for line in lines) else 0
    except (ValueError, RecursionError):
        return 0



# -- versions ----------------------------------------------------------------------------------
def _from_v0(data: dict) -> dict:
    """Version 0: one line of ``main.py match --json`` (ai.match.GameResult.to_json)."""
    players = data.get("players")
    if not (isinstance(players, list) and len(players) == 2):
        raise RecordError("field 'players' must list two player ids")
    winner = data.get("winner")
    reason = data.get("reason") or ""
    has_result = winner is not None or bool(reason)
    stamp = now_iso()
    return {
        "format": FORMAT, "version": 1,
        "game": {"id": data.get("game"), "options": data.get("options", {})},
        "players": [{"id": p, "title": str(p)} for p in players],
        "moves": data.get("moves"),
        "result": {"winner": winner, "reason": reason, "score": data.get("score")} if has_result else None,
        "dates": {"started": stamp, "updated": stamp, "finished": stamp if has_result else None},
    }


MIGRATIONS: dict[int, Callable[[dict], dict]] = {  # version n -> version n + 1
    0: _from_v0,
    1: lambda data: {**data, "version": 2},  # version 2 only adds the optional ``start``
}


def read_version(data: dict) -> int:
    """The version of the record a file's JSON object holds, 0 for a ``main.py match --json`` line;
    RecordError where it is no Tabuleiro record or its version is no whole number,
    RecordNotReadableHere where a newer Tabuleiro wrote it.  Public so that a record read whole
    (``migrate``) and one cut short (``games.record_recovery``) refuse the same headers alike."""
    if data.get("format") is None and isinstance(data.get("game"), str) and "moves" in data:
        return 0  # a match --json line
    if data.get("format") is None:  # another program's JSON, Tabuleiro's settings: not "field 'format' is None"
        raise RecordError(f"not a Tabuleiro record (field 'format' is missing, expected {FORMAT!r})")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a Tabuleiro record (field 'format' is {data.get('format')!r}, expected {FORMAT!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise RecordError(f"field 'version' must be a whole number, not {version!r}")
    if version > VERSION:
        raise RecordNotReadableHere(
            f"written by a newer Tabuleiro (version {version}); this one reads up to {VERSION}. "
            "Update Tabuleiro to open it."
        )
    return version


def migrate(data: Any) -> dict:
    """``data`` brought up to ``VERSION``; RecordError for newer versions and non-records."""
    if not isinstance(data, dict):
        raise RecordError("not a Tabuleiro record (the file does not hold a JSON object)")
    version = read_version(data)
    while version < VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data


def default_name(record: GameRecord) -> str:
    """A file name for a new record: ``reversi-2026-11-23-0941.json``; a game dated as its file
    gave the date, to that date: ``hex-2003-05.json``.  A game played on another day than begun
    (``GameRecord.played_on``: a file's game continued today) is named by its last change, as
    Saved games dates it: the file is saved today, and was named by the day the file gave."""
    played_on = record.played_on()
    given = record.last_date_given() if played_on else record.date_given
    if given is not None:
        return f"{record.game_id}-{given}{SUFFIX}"
    try:
        stamp = datetime.fromisoformat(record.updated if played_on else record.started).strftime("%Y-%m-%d-%H%M")
    except ValueError:
        stamp = time.strftime("%Y-%m-%d-%H%M")
    return f"{record.game_id}-{stamp}{SUFFIX}"

