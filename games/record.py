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
without ``start`` is still written as version 1, which every earlier Tabuleiro reads.  Files (atomic
writes, damaged files moved aside): ui/record_files.py.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import games
from games.base import Game, IllegalMove, State, captures_since, parse_in_line
from games.grid import NOTEBOOK_SQUARE

FORMAT = "tabuleiro-record"
VERSION = 2
APP = "Tabuleiro 0.1.0"
SUFFIX = ".json"
MAX_BYTES = 16 * 1024 * 1024  # a record is a few KB; refuse to parse something absurdly large
MAX_TEXT_CHARS = 256 * 1024
"""The longest move list, position or SGF read as a game (``check_text_length``): the longest
game's list is some KB, and reading one tries every game's notation at some microseconds a
character, so a 50 MB text pasted or dropped held the window still for over a minute."""


class RecordError(ValueError):
    """A record that cannot be read or written; the message names the file part or move at fault."""


def check_text_length(text: str) -> None:
    """RecordError for a text longer than any game's moves or position (``MAX_TEXT_CHARS``),
    said at once instead of after reading it for a minute as every game's notation."""
    if len(text) > MAX_TEXT_CHARS:
        raise RecordError(f"too long to be a game's moves or position ({len(text)} characters)")


class WholeGameError(RecordError):
    """A whole game written in a notation one game claims (``Game.whole_game``: Trax's official
    ``@0/ ...``) that it cannot play here: a move that is not legal, a board too small.  Said as
    it is, where a text naming no game is tried on every game (no other reads that notation)."""


class PartlyLegal(RecordError):
    """A game whose moves turn illegal part-way (a hand-edited or damaged file, a rule changed
    between versions), refused as before in words naming the first move that cannot be played and
    why ("line 7: move 5 'a1' is not legal: ..."); ``legal`` is the game up to its last legal move
    as the file's reader read the rest of it (players, date, start: ``legal_part``), so that a window
    keeps what can be kept where the whole game was lost for one move.  Every reader raises it the
    same way (a record's JSON, a move list, SGF, GGF, Trax's official notation); a file whose
    header or format cannot be read raises a plain RecordError, no game kept."""

    def __init__(self, message: str, legal: GameRecord | None = None) -> None:
        super().__init__(message)
        self.legal = legal


class WholeGamePartlyLegal(WholeGameError, PartlyLegal):
    """A whole game in a notation one game claims (``WholeGameError``: Trax's official ``@0/ ...``)
    with a move part-way that cannot be played: said as it is, no other game being tried, and kept
    up to the move before it (``PartlyLegal``)."""


class RecordNotReadableHere(RecordError):
    """A record that may well be sound but that this Tabuleiro cannot read now: written by a newer
    version (a newer format, a game or a player it does not have), or a file it may not open.  Lists
    of saved and unfinished games leave it where it is, where a damaged one is moved aside.

    ``why`` says which, for a window that sums up many such files in a few words: "newer" (a
    newer format), "game", "player" (one this Tabuleiro does not have) or "access"."""

    def __init__(self, message: str, why: str = "newer") -> None:
        super().__init__(message)
        self.why = why


@dataclass(frozen=True)
class Side:
    """Who played one side: a player id (None for a human) and the name the window showed."""

    id: str | None
    title: str


NUMBERED = re.compile(r"(.+) (#[12])")  # a title ``told_apart`` numbered: "Level 1 #2"


def told_apart(players: tuple[Side, Side]) -> tuple[Side, Side]:
    """The two sides, numbered in the record's order where they have the same title ("Level 1 #1",
    "Level 1 #2"), as ``main.py match`` names a player against itself: such a game opened in the
    window showed "Level 1" on both sides, and its lists and result did not say which won.  Sides
    with different titles, or none, stay as they are."""
    first, second = players
    if not first.title or first.title != second.title:
        return players
    one, two = numbered(first.title, second.title)
    return Side(first.id, one), Side(second.id, two)


def numbered(first: str, second: str) -> tuple[str, str]:
    """Two names of one player told apart by their order, "Level 1 #1" and "Level 1 #2": the
    command line's match lines and a record's sides (``told_apart``) say them so alike."""
    return f"{first} #1", f"{second} #2"


def unnumbered(title: str) -> tuple[str, str]:
    """A title without the number ``told_apart`` gave it, and that number (" #2"; "" for none)."""
    match = NUMBERED.fullmatch(title)
    return (match.group(1), f" {match.group(2)}") if match else (title, "")


RESIGNS = " resigns"  # after a side's name: it gave the game up
LOST_ON_TIME = " lost on time"  # after a side's name: its flag fell
OFF_THE_BOARD_LOSSES = (RESIGNS, " resigned", LOST_ON_TIME, " forfeits")  # after a side's name: an end off the board
AT_MOVE = re.compile(r" at move \d+$")  # the move a flag fell or a player resigned at ("O lost on time at move 3")
FORFEITS = " forfeits: "  # after a side's name: a loss by the turn rules (``ai.referee.Loss.reason``)
FORFEIT_REASON = re.compile(rf"\S+{FORFEITS}")


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning side (None for a draw), why, and the score if the game has one."""

    winner: int | None
    reason: str
    score: tuple[int, int] | None = None

    @classmethod
    def of(cls, state: State) -> Result:
        """The result of a finished position, as the rules state it."""
        score = state.score()
        return cls(state.winner(), state.end_reason(), tuple(score) if score is not None else None)

    def by_forfeit(self) -> bool:
        """Whether the loser forfeited (crashed, over its time limit, an illegal answer: the
        referee's "O forfeits: ..."): a game not won over the board, nor by a resignation or a
        fall of the flag."""
        return FORFEIT_REASON.match(self.reason) is not None


def now_iso() -> str:
    """The current time in ISO 8601 with its UTC offset (what records store)."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


@dataclass(frozen=True)
class ProofMeasure:
    """How big a proven result is, as the search that proved it measured it: ``plies`` to the end
    of the game under perfect play (None: not counted, Rastros' solver, Hex's connections),
    ``at_most`` where they are the most the winner's way takes against the longest defence
    (Alquerque's endgame tables), ``margin`` where the value's score is the exact final margin
    (Reversi's discs).  Kept with a value so that a proof said later, away from its search (the
    analysis line beside the eval bar's proof, a replay of a saved game), says it in the same
    measure as the search's own words and a hint."""

    plies: int | None = None
    at_most: bool = False
    margin: bool = False

    @classmethod
    def of(cls, plies: int | None, at_most: bool = False, margin: bool = False) -> ProofMeasure | None:
        """The measure of a proof's fields, None where they measure nothing (no plies, no margin)."""
        counted = plies if plies is not None and plies > 0 else None
        if counted is None and not margin:
            return None
        return cls(counted, at_most and counted is not None, margin)

    def one_ply_on(self) -> ProofMeasure | None:
        """The measure of the position a move reaches, where this is of the position before it
        with the move counted: a ply shorter, the margin the same."""
        return ProofMeasure.of(None if self.plies is None else self.plies - 1, self.at_most, self.margin)

    def one_ply_back(self) -> ProofMeasure | None:
        """The measure of the position before a move, where this is of the position the move
        reaches (``one_ply_on``'s inverse): a ply longer, the move counted, the margin the same;
        a forced move's position is proven by its only move's proof."""
        return ProofMeasure.of(None if self.plies is None else self.plies + 1, self.at_most, self.margin)

    def to_dict(self) -> dict[str, Any]:
        """The measure as the file writes it: the defaults left out."""
        out: dict[str, Any] = {} if self.plies is None else {"plies": self.plies}
        if self.at_most:
            out["at_most"] = True
        if self.margin:
            out["margin"] = True
        return out


@dataclass(frozen=True)
class PlyValue:
    """One position's value as the evaluation graph had it when the game was saved (the record's
    ``values``): an engine's ``score`` in its own units, for the side ``view`` (0 or 1: the side to
    move there, whose view the score is), the search's ``kind``, ``proven`` (+1 that side wins, 0
    a draw, -1 it loses; None for an estimate), how deep it went (``depth``: plies, or playouts for
    Monte Carlo; -1 a noisy level's, below any analysis), its ``unit`` where it is not the game's
    ("points"), the position's ``stage`` (its share of squares empty), and a proof's ``measure``
    (``ProofMeasure``: its length in plies, or Reversi's exact margin), where known.  What the
    window's ``ui.analysis.Opinion`` holds, so that a replay's graph and eval bar say what the game
    showed without searching again."""

    score: float
    view: int
    kind: str = "alphabeta"
    proven: int | None = None
    depth: int = 0
    unit: str = ""
    stage: float | None = None
    measure: ProofMeasure | None = None

    def to_dict(self) -> dict[str, Any]:
        """The value as the file writes it: the defaults left out."""
        out: dict[str, Any] = {"score": self.score, "view": self.view, "kind": self.kind, "depth": self.depth}
        if self.proven is not None:
            out["proven"] = self.proven
        if self.unit:
            out["unit"] = self.unit
        if self.stage is not None:
            out["stage"] = self.stage
        if self.measure is not None:
            out["measure"] = self.measure.to_dict()
        return out


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
                raise RecordError(f"game {self.game_id!r} has no option {name!r}; options: {valid}")
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


# -- validation helpers ------------------------------------------------------------------------
_TYPE_WORDS = {dict: "an object", list: "a list", str: "text", int: "a whole number"}


def read_field(data: dict, key: str, kind: type, name: str | None = None) -> Any:
    name = name or key
    if key not in data:
        raise RecordError(f"missing field {name!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"field {name!r} must be {_TYPE_WORDS.get(kind, kind.__name__)}, not {value!r:.60}")
    return value


def read_players(items: list) -> tuple[Side, Side]:
    """The two sides a record's ``players`` list names (each title made safe to show:
    ``clean_title``); RecordError naming the entry at fault.  Public so that a record read whole
    (``GameRecord.from_dict``) and one cut short (``games.record_recovery``) check a file's
    players alike."""
    if len(items) != 2:
        raise RecordError(f"field 'players' must list two sides, not {len(items)}")
    sides = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise RecordError(f"players[{i}] must be an object")
        pid = item.get("id")
        if pid is not None and not isinstance(pid, str):
            raise RecordError(f"players[{i}].id must be text or null (a human)")
        title = clean_title(read_field(item, "title", str, f"players[{i}].title"))
        sides.append(Side(pid, title))
    return sides[0], sides[1]


TITLE_LENGTH = 120  # characters of a player's title kept from a file (names are 24; bots' paths longer)


def clean_title(text: str) -> str:
    """A title as a file gives it, made safe to show: printable characters (a lone surrogate
    cannot even be drawn), spaces collapsed, at most ``TITLE_LENGTH`` characters."""
    printable = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(printable.split())[:TITLE_LENGTH].strip()


def drawable(text: str) -> str:
    """``text`` with each NUL and lone surrogate (JSON's ``"\\u0000"``, ``"\\ud800"``) made a
    replacement character: a result's reason holding one made the replay raise at every frame, and
    could not be saved again."""
    return "".join("\ufffd" if c == "\0" or "\ud800" <= c <= "\udfff" else c for c in text)


def read_result(value: Any) -> Result | None:
    """The ``Result`` a record's ``result`` field holds, None for a game that goes on (null);
    RecordError naming the part at fault.  Its reason made drawable (``drawable``).  Public so
    that a record read whole and one cut short (``games.record_recovery``) read a result alike."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError("field 'result' must be an object or null")
    if "winner" not in value:
        raise RecordError("missing field 'result.winner'")
    winner = value["winner"]
    if winner not in (0, 1, None) or isinstance(winner, bool):
        raise RecordError(f"field 'result.winner' must be 0, 1 or null (a draw), not {winner!r}")
    reason = value.get("reason", "")
    if not isinstance(reason, str):
        raise RecordError("field 'result.reason' must be text")
    reason = drawable(reason)
    score = value.get("score")
    if score is not None:
        ok = isinstance(score, list) and len(score) == 2 and all(
            isinstance(s, int) and not isinstance(s, bool) for s in score)
        if not ok:
            raise RecordError(f"field 'result.score' must be two whole numbers or null, not {score!r:.60}")
        score = (score[0], score[1])
    return Result(winner, reason, score)


def read_date(dates: dict, key: str, optional: bool = False) -> str | None:
    """The ISO 8601 date ``dates[key]`` of a record's ``dates`` field, as written; None for an
    ``optional`` one the file leaves out.  RecordError for one missing, or that is no date the
    lists can show in local time.  Public so that a record read whole and one cut short
    (``games.record_recovery``) accept the same dates."""
    value = dates.get(key)
    if value is None and optional:
        return None
    name = f"dates.{key}"
    if value is None:
        raise RecordError(f"missing field {name!r}")
    if not isinstance(value, str):
        raise RecordError(f"field {name!r} must be an ISO 8601 date text")
    try:
        datetime.fromisoformat(value).astimezone()  # the lists show it in local time
    except (ValueError, OverflowError):  # OverflowError: 9999-12-31T23:59:59-14:00 is past the last date
        raise RecordError(f"field {name!r} is not an ISO 8601 date: {value!r:.40}") from None
    return value


GIVEN_DATE = re.compile(r"(\d{4})(?:-(\d\d)(?:-(\d\d))?)?")  # a date to the year, month or day: 2003, 2003-05, 2003-05-06


def given_date(text: str) -> tuple[str, str] | None:
    """(its first moment in ISO 8601, no zone; the date as written) for a date given to the year,
    month or day (``2003``, ``2003-05``, ``2003-05-06``: ISO 8601's reduced precision, which SGF's
    ``DT`` allows); None for text of another form or no such day."""
    match = GIVEN_DATE.fullmatch(text.strip())
    if match is None:
        return None
    year, month, day = (int(part) if part else 1 for part in match.groups())
    try:
        return datetime(year, month, day).isoformat(timespec="seconds"), match.group(0)
    except ValueError:
        return None


def read_date_given(dates: dict, key: str, moment: Any) -> str | None:
    """``dates.given`` (or ``dates.last_given``): a date to the year, month or day that ``moment``
    (``dates.started``, ``dates.updated``) begins with."""
    value = dates.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or given_date(value) is None or not str(moment).startswith(value):
        raise RecordError(f"field 'dates.{key}' must be a date to the year, month or day, not {value!r:.40}")
    return value


def read_saved_values(data: dict, game_id: str, options: dict, n_moves: int
                  ) -> tuple[list[float | None] | None, list[PlyValue | None] | None, str]:
    """The record's ``evaluations`` and ``values`` (``PlyValue``), and "" -- or neither, and why
    in one line, where they cannot be this game's: for other rules or another board, a list of
    another length than the game's positions, a value that is no number in its range.  A game's
    moves are its truth and the values only a view of them: the game opens without them, where
    such a file was refused whole (and a list moved it aside as damaged)."""
    try:
        evaluations = _evaluations(data.get("evaluations"), n_moves, exact=data.get("values") is not None)
        ply_values = _ply_values(data.get("values"), game_id, options, n_moves)
    except RecordError as exc:
        return None, None, str(exc)
    if ply_values is not None and evaluations is None:
        return None, None, "field 'values' came without the graph's 'evaluations'"
    return evaluations, ply_values, ""


def _evaluations(value: Any, n_moves: int, exact: bool = False) -> list[float | None] | None:
    """``evaluations``, checked: as many as the positions or fewer (the first ones), exactly as
    many where the record has ``values`` (``exact``)."""
    if value is None:
        return None
    if not isinstance(value, list):
        raise RecordError("field 'evaluations' must be a list or null")
    if len(value) > n_moves + 1 or (exact and len(value) != n_moves + 1):
        raise RecordError(f"field 'evaluations' has {len(value)} entries for {n_moves + 1} positions")
    out: list[float | None] = []
    for i, v in enumerate(value):
        if v is None:
            out.append(None)
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not -1 <= v <= 1:
            raise RecordError(f"evaluations[{i}] must be a number from -1 to 1 or null, not {v!r:.40}")
        out.append(float(v))
    return out


def _ply_values(value: Any, game_id: str, options: dict, n_moves: int) -> list[PlyValue | None] | None:
    """``values``, checked: searched under the record's own rules (its game and options: a board
    of another size has other positions), one entry a position, each ``PlyValue`` in range."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RecordError("field 'values' must be an object or null")
    if value.get("game") != game_id or value.get("options") != options:
        theirs = value.get("options") if isinstance(value.get("options"), dict) else {}
        if value.get("game") != game_id:
            raise RecordError(f"the values are for {str(value.get('game')):.20}, not this game's {game_id}")
        names = [k for k in {**options, **theirs} if options.get(k) != theirs.get(k)]
        raise RecordError(f"the values are for {options_text({k: theirs.get(k) for k in names}):.80}, "
                          f"not this game's {options_text({k: options.get(k) for k in names}):.80}")
    plies = value.get("plies")
    if not isinstance(plies, list):
        raise RecordError("field 'values.plies' must be a list")
    if len(plies) != n_moves + 1:
        raise RecordError(f"field 'values.plies' has {len(plies)} entries for {n_moves + 1} positions")
    return [None if item is None else _ply_value(item, i) for i, item in enumerate(plies)]


def _ply_value(item: Any, i: int) -> PlyValue:
    """One entry of ``values.plies``; RecordError naming it where a part is missing or out of range."""
    def bad(part: str, wanted: str) -> RecordError:
        return RecordError(f"values.plies[{i}].{part} must be {wanted}, not {item.get(part)!r:.40}")

    if not isinstance(item, dict):
        raise RecordError(f"values.plies[{i}] must be an object or null, not {item!r:.40}")
    score, view, kind, depth = item.get("score"), item.get("view"), item.get("kind"), item.get("depth", 0)
    proven, unit, stage = item.get("proven"), item.get("unit", ""), item.get("stage")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
        raise bad("score", "a number")
    if view not in (0, 1) or isinstance(view, bool):
        raise bad("view", "0 or 1")
    if not isinstance(kind, str) or not kind:
        raise bad("kind", "the search's kind")
    if proven is not None and (proven not in (-1, 0, 1) or isinstance(proven, bool)):
        raise bad("proven", "-1, 0, 1 or absent")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < -1:
        raise bad("depth", "a whole number from -1")
    if not isinstance(unit, str):
        raise bad("unit", "text")
    if stage is not None and (isinstance(stage, bool) or not isinstance(stage, (int, float))
                              or not math.isfinite(stage) or not 0 <= stage <= 1):
        raise bad("stage", "a number from 0 to 1")
    return PlyValue(float(score), view, kind, proven, depth, unit, None if stage is None else float(stage),
                    _proof_measure(item.get("measure"), bad))


def _proof_measure(value: Any, bad: Callable[[str, str], RecordError]) -> ProofMeasure | None:
    """A value's ``measure`` (``ProofMeasure``), None where the entry has none (a file written
    before it was kept); ``bad`` names the part that is wrong."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise bad("measure", "an object")
    plies, at_most, margin = value.get("plies"), value.get("at_most", False), value.get("margin", False)
    if plies is not None and (isinstance(plies, bool) or not isinstance(plies, int) or plies < 1):
        raise bad("measure", "an object whose plies are a whole number from 1")
    if not isinstance(at_most, bool) or not isinstance(margin, bool):
        raise bad("measure", "an object whose at_most and margin are true or false")
    return ProofMeasure.of(plies, at_most, margin)


def read_setup(value: Any) -> dict[str, Any]:
    """The setup a record keeps as it was written (the window's own, read by ``ui.match``), {}
    for none; RecordError if it holds text no file can hold (JSON's lone surrogate ``"\\ud800"``):
    such a game opened, and every save of it as it went on failed on the window's writer thread,
    unsaid.  Public so that a record read whole and one cut short (``games.record_recovery``)
    keep the same setups."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError("field 'setup' must be an object")
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError("field 'setup' holds text that is no Unicode (a lone surrogate such as \\ud800)") from None
    return dict(value)


def read_start(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise RecordError("field 'start' must be a position as text, or null")
    return value


def side_names_of(game_id: str) -> tuple[str, str]:
    try:
        return games.info(game_id).sides
    except ValueError:
        return ("first", "second")


def game_title(game_id: str) -> str:
    try:
        return games.info(game_id).title
    except ValueError:
        return game_id


def winner_words(game_id: str, winner: int | None) -> str:
    return "a draw" if winner is None else f"a win for {side_names_of(game_id)[winner]}"


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


DATE_LINE = "Date: "  # a move list's date: its start, and its last change where it was played after its start
DATES_APART = ","  # between a move list's start and last change, as SGF's DT lists a game's days


def date_written(record: GameRecord) -> str:
    """A move list's date: the start, as a file gave it (``2003-05``) or to the second, and, for a
    game changed after its start, its last change (a finished game's end) after a comma, as SGF's
    ``DT`` lists a game's days (``2003-05,2026-12-05T09:41:00+00:00``): a list of a file's game
    played on today, pasted back, kept only the file's date; and a game played within a day,
    pasted back, was dated by its start where the game copied was listed by its end."""
    start = record.date_given or record.started
    if record.updated == record.started:
        return start
    return f"{start}{DATES_APART}{record.last_date_given() or record.updated}"


def move_list_text(record: GameRecord) -> str:
    """The game as plain text for the clipboard: a header, numbered moves, the game as one word
    where other programs of the game read one (``Game.transcript``: Othello's ``f5d6c3``, which
    ``moves_from_text`` leaves out after numbered moves) from the usual start, the result."""
    sides = side_names_of(record.game_id)
    lines = [title_line(record.game_id, record.options)]
    players = "  ".join(f"{sides[i]}: {p.title}" for i, p in enumerate(record.players) if p.title)
    if players:  # players no one named (a pasted move list's) are left out, not written "Black: "
        lines.append(players)
    lines.append(f"{DATE_LINE}{date_written(record)}")
    if record.start_position is not None:
        lines.append(START_LINE)
        lines.extend(record.start_position.splitlines())
    lines.extend(_wrap(numbered_moves(record.moves, record.first_state().to_move), 78))
    usual_start = record.start_position is None  # other programs play a transcript from their usual start
    transcript = record.game().transcript(record.moves) if record.moves and usual_start else None
    if transcript:  # the line to copy into the game's other programs (Othello's f5d6c3...)
        lines.append(transcript)
    other = record.game().other_notation(record.states()) if record.moves else None
    if other:  # the game as its players write it elsewhere (Trax's official notation)
        lines.append(other)
    lines.append(result_line(record))
    return "\n".join(lines) + "\n"


_TRAILING_NOTE = re.compile(r"(?P<said>.*\S) \((?P<note>[^()]*)\)")  # "White wins 33 - 30 (34 - 30 with ...)"


def result_line(record: GameRecord) -> str:
    """A copied move list's last line: how the game ended, with the score by side, in one pair of
    brackets: "Result: White wins 33 - 30 (Black 30, White 33; 34 - 30 with the empty squares to
    the winner)".  The score names its sides (a bare "(10-26)" after "White wins 26 - 10" read
    backwards), and says when it counts captures (Alquerque's "captured: White 7, Black 9" read as
    pieces left); an end that has brackets of its own (Reversi's count with the empty squares)
    shares the score's, where the line read "(34 - 30 ...) (Black 30, White 33)"."""
    result = record.result
    if result is None:
        return f"{RESULT_LINE}unfinished"
    if result.score is None:
        return f"{RESULT_LINE}{result.reason}"
    sides = side_names_of(record.game_id)
    captures = _counts_captures(record)
    score = _captured_in_this_game(record, result.score) if captures else result.score
    named = f"{sides[0]} {score[0]}, {sides[1]} {score[1]}"
    if captures:
        named = f"captured: {named}"
    ending = _TRAILING_NOTE.fullmatch(result.reason)
    if ending is None:
        return f"{RESULT_LINE}{result.reason} ({named})"
    return f"{RESULT_LINE}{ending['said']} ({named}; {ending['note']})"


def _captured_in_this_game(record: GameRecord, score: tuple[int, int]) -> tuple[int, int]:
    """The captures of ``score`` made in the record's own moves (``captures_since`` its start): a
    game from a set-up position with fewer pieces was copied as "captured: White 11, Black 10"
    after one capture each.  A start that cannot be read leaves the score as it is."""
    try:
        return captures_since(record.first_state(), score)
    except RecordError:
        return score


def _counts_captures(record: GameRecord) -> bool:
    """Whether ``record``'s score counts pieces taken (``Game.score_counts_captures``)."""
    try:
        return record.game().score_counts_captures
    except RecordError:
        return False


def move_place(index: int, lead: int) -> tuple[int, int]:
    """Where the move ``index`` (0 first) stands in a list numbered in pairs: (row, column), rows
    from 0.  ``lead`` is 1 when the second side moved first (a game from a set-up position with it
    to move): its first move then stands in the second column of row 0, as "1... d3"."""
    return divmod(index + lead, 2)


def times_taken(readings: Sequence[tuple[float, float]], movers: Sequence[int], increment: float) -> list[float]:
    """The seconds each move of a clocked game took, from both clocks at the start and after each
    move (``readings``, the first side's first; ``movers``: the side that made each move): the
    mover's clock before it less its clock after, the ``increment`` it was credited given back, to
    the millisecond (the readings' own precision: 1.2 s read 1.1999999 and showed as "0:01.1"),
    never below zero.  GGF's move times and the replay's both come from here."""
    return [max(0.0, round(readings[i][mover] - readings[i + 1][mover] + increment, 3))
            for i, mover in enumerate(movers)]


ON_ITS_TURN = (RESIGNS, LOST_ON_TIME)  # losses a side meets on its own turn, placed at its move (``loss_placed``)


def move_asked(index: int) -> int:
    """The number of the move under way with ``index`` moves played, the one the side to move is
    asked for: the Nth move of the game, as the replay's header "Move N of M" and the board's
    browse line count moves (from 1, openings counted, a game set up from a position from its first
    move after the set-up).  A loss off the board is said at it ("O resigns at move 5": the game
    stops at "Move 4 of 4"), whatever row of two the move list would write that move in
    (``move_place``)."""
    return index + 1


def lost_at(side: str, how: str, index: int) -> str:
    """A loss off the board as records keep it: ``side`` (its name) lost ``how`` (``RESIGNS``,
    ``LOST_ON_TIME``) with ``index`` moves played, at the move under way (``move_asked``): "O
    resigns at move 5", "O lost on time at move 5" after four moves, as ``ai.referee.at_move``
    says a forfeit's."""
    return f"{side}{how} at move {move_asked(index)}"


def resigned_at(side: str, index: int) -> str:
    """A resignation as records keep it (``lost_at``): "O resigns at move 5".  The window's Resign,
    an outside engine's ``resign`` in a match and a file's ``resign`` move all say it so."""
    return lost_at(side, RESIGNS, index)


def loss_placed(result: Result, sides: tuple[str, ...], to_move: int, index: int) -> Result:
    """A file's resignation or flag fall told without its move (SGF's ``RE[W+R]`` and ``RE[W+T]``,
    GGF's ``RE[+12.000:r]`` and ``:t``, a move list's "Result:" line: "Black resigns", "Black lost
    on time") at the move its moves show, as our own records say it ("Black resigns at move 7",
    "Black lost on time at move 7": ``lost_at``).  ``RE`` names the loser (the winner's letter in SGF, the sign of black's
    margin in GGF) and not when; a player gives a game up on its own turn (a GTP engine answers
    ``genmove`` with ``resign``, Little Golem writes a ``resign`` node after the last move), and
    its flag falls on its own turn (only the clock of the side to move runs), so where the file
    lists every move and the loser is the side to move after the last one (``to_move``, ``index``
    moves played) it lost there.  Where the named loser is
    not the side to move the file's moves and ``RE`` disagree, and ``result`` stays as the file
    says it: no move is made up.  Any other end is kept."""
    if result.winner is None or result.winner == to_move:
        return result
    loser = sides[to_move]
    how = result.reason.removeprefix(loser)
    if how == result.reason or how not in ON_ITS_TURN:
        return result
    return Result(result.winner, lost_at(loser, how, index), result.score)


def move_rows(count: int, lead: int) -> int:
    """How many numbered rows ``count`` moves fill (see ``move_place``); none before the first."""
    return (count + lead + 1) // 2 if count else 0


def move_number(index: int, lead: int) -> str:
    """The move ``index``'s number as a list writes it before that move alone: "3." in the first
    column, "3..." in the second."""
    row, column = move_place(index, lead)
    return f"{row + 1}{'...' if column else '.'}"


def numbered_moves(moves: Sequence[str], lead: int = 0) -> list[str]:
    """The moves numbered in pairs, "1. d3 c5", "2. f6 f5"; with ``lead`` 1 the first stands alone
    as "1... d3" (``moves_from_text`` reads both)."""
    first = 1 if lead and moves else 0
    numbered = [f"{move_number(0, lead)} {moves[0]}"] if first else []
    for i in range(first, len(moves), 2):
        numbered.append(f"{move_place(i, lead)[0] + 1}. {' '.join(moves[i:i + 2])}")
    return numbered


START_LINE = "Start:"  # in a move list, the position the game started from follows this line
RESULT_LINE = "Result: "  # a move list's last line: how the game ended, or "unfinished"
_SPACED_HYPHEN = re.compile(r"(?<=\S)\s*-\s*(?=\S)")  # "4 - 5", "c2 -c3": one move's two halves
_SPACED_CAPTURE = re.compile(r"(?<=\d)\s*x\s*(?=[a-z]\d)", re.IGNORECASE)  # Alquerque's "b1 x b3": one move
_MOVE_NUMBER = re.compile(r"(\d+)\.+(.*)")  # "12." or "12..." before a move, or glued to it: "12.d3"
_GLUED_MOVE = r"[a-z]\d{1,2}|pass|pa|ps|--"  # a cell, or a pass as Othello transcripts write one
_GLUED_MOVES = re.compile(f"(?:{_GLUED_MOVE})+", re.IGNORECASE)  # "f5d6c3d3": a WZebra or Edax transcript
_SQUARE = r"[a-z]\d{1,2}"
_SQUARE_CHAIN = re.compile(rf"{_SQUARE}(?:\s*-\s*{_SQUARE}){{2,}}", re.IGNORECASE)  # "f5-d6-c3": three squares or more


def _hyphens_apart(text: str) -> str:
    """``text`` with three squares or more joined by hyphens (``f5-d6-c3-d3``, as Othello sites
    and forums write a game) set apart by spaces.  No game's move is three squares joined so
    (Alquerque's step ``c2-c3`` joins two, its captures ``b1xb3xd5`` are written with an x), so such
    a chain is moves; two squares stay joined, one move or two being the game's to say."""
    return _SQUARE_CHAIN.sub(lambda chain: re.sub(r"\s*-\s*", " ", chain.group(0)), text)


def is_move_list(text: str) -> bool:
    """Whether ``text`` holds numbered moves or is what ``move_list_text`` writes (a date, a result)."""
    return any(_MOVE_NUMBER.fullmatch(line.lstrip().split(" ", 1)[0]) or line.startswith((DATE_LINE, RESULT_LINE))
               for line in text.splitlines())




def _pair_text(pair: re.Match) -> str:
    """A notebook square as one move's text: ``(1, 0)``, however it was spaced."""
    return f"({pair.group(1)}, {pair.group(2)})"


def moves_from_text(text: str) -> list[str]:
    """The moves of a move list typed or pasted by a player, in order, as notation to parse.

    Reads what ``move_list_text`` writes (only its numbered lines hold moves: the title, the
    players, the date and the result are left out) and bare lists: ``d3 c5 f6``,
    ``1. d3 c5 2. f6``, ``d3, c5; f6``, and cells run together, as Othello programs write a
    game (``f5d6c3d3``, passes as ``pa``, ``ps`` or ``--``), or joined by hyphens, three squares
    or more (``f5-d6-c3``: ``_hyphens_apart``).  Otherwise a hyphen joins what is on either
    side of it, spaced or not (``4 - 5`` is Rastros' ``4-5``), and so does an ``x`` between two
    points (``b1 x b3`` is Alquerque's ``b1xb3``).  A first line naming a game ("Reversi": ``title_line``'s)
    is no move: a bare list under the game's name, as a course writes one, is its moves; nor is
    "..." alone, as a game from a position with the second side to move is shown ("1. ... b2")
    and written by hand.  Whether
    the moves are legal is the game's to say.

    A text holding number pairs in parentheses is a course's Python printout: its moves are the
    pairs, in order, as ``(4, 4)``; the players' names, boards and result around them are no moves.
    Rastros' notebook writes a square ``(4, 4)`` (row, column), a game
    ``[('Basilio', (5, 4)), ('Bacoco', (6, 3))], -1`` and ``mostraJogo`` a line
    ``Basilio-->  (5, 4)``; the adversarial-search class notebook a Tic-tac-toe square ``(1, 0)``
    (column, row) and its printed game ``Player X move: (0, 0)`` lines, a board under each."""
    pairs = list(NOTEBOOK_SQUARE.finditer(text))
    if pairs:
        return [_pair_text(pair) for pair in pairs]
    lines = [_SPACED_CAPTURE.sub("x", _SPACED_HYPHEN.sub("-", line)) for line in _hyphens_apart(text).strip().splitlines()]
    if lines and names_a_game(lines[0]):
        lines = lines[1:]
    numbered = [line for line in lines if _MOVE_NUMBER.fullmatch(line.lstrip().split(" ", 1)[0])]
    copied = any(line.startswith((DATE_LINE, RESULT_LINE)) for line in lines)  # move_list_text's, maybe no move yet
    moves = []
    for token in re.split(r"[\s,;]+", " ".join(numbered if numbered or copied else lines)):
        number = _MOVE_NUMBER.fullmatch(token)
        if number is not None:
            token = number.group(2)
        if _GLUED_MOVES.fullmatch(token):
            moves.extend(re.findall(_GLUED_MOVE, token, re.IGNORECASE))
        elif token.strip(".…"):  # "..." alone: the first move's place left to the other side ("1. ... b2")
            moves.append(token)
    return moves


def options_text(options: dict[str, Any]) -> str:
    """``size=11, swap=true``: options as the command line's ``--option`` takes them.  A switch
    was written as Python's ``True``, so a copied Hex list's title read "Hex (size=11, swap=True)"."""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items())


def title_line(game_id: str, options: dict[str, Any]) -> str:
    """A move list's or a position's first line: the game and ``options`` ("Reversi (size=6)")."""
    named = options_text(options)
    return game_title(game_id) + (f" ({named})" if named else "")


def names_a_game(line: str) -> bool:
    """Whether ``line`` is a title line (``title_line``'s: a game of ours, perhaps its options)."""
    try:
        read_title_line(line.strip())
    except RecordError:
        return False
    return True


def read_title_line(line: str) -> tuple[str, dict[str, str]]:
    """The game and the options a ``title_line`` names, the options as written (the game coerces
    them); RecordError if it names no game of ours."""
    name, _paren, options_text = line.partition(" (")
    known = {name.lower(): info.id for info in games.catalog() for name in (info.title, *info.aliases)}
    game_id = known.get(name.strip().lower())
    if game_id is None:
        titles = ", ".join(info.title for info in games.catalog())
        raise RecordError(f"its first line should name the game ({titles}), not {line[:40]!r}")
    options = {key.strip(): value.strip() for key, _eq, value in
               (pair.partition("=") for pair in options_text.rstrip(")").split(","))
               if key.strip()}
    return game_id, options


def _start_block(lines: list[str]) -> str | None:
    """The position after a move list's ``Start:`` line (up to its moves or its result), or None."""
    if START_LINE not in lines:
        return None
    block = []
    for line in lines[lines.index(START_LINE) + 1:]:
        if line.startswith(RESULT_LINE) or _MOVE_NUMBER.fullmatch(line.split(" ", 1)[0]):
            break
        block.append(line)
    return "\n".join(block)


def record_from_move_list(text: str) -> GameRecord:
    """The game in a text ``move_list_text`` wrote (pasted from the clipboard, or a moves.txt):
    its first line names the game and its options, the next its players, then its date, the
    position it started from when not the usual one (after ``Start:``) and its moves.
    The moves are replayed, so the record is as sound as a loaded file; RecordError names the
    first problem.  The text does not say which players were computers: each side keeps its title
    and no player id (the window matches titles to its players); a side the text names no one for
    has no title ("", shown as the side alone: never "Black: Black")."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise RecordError("there is no text")
    if not names_a_game(lines[0]):
        record = _record_of_unnamed_moves(text)
        if record is not None:
            return record
    game_id, options = read_title_line(lines[0])  # RecordError for a line that names no game
    sides = side_names_of(game_id)
    titles = ["", ""]
    for part in re.split(r"\s{2,}", lines[1]) if len(lines) > 1 else ():
        side, _colon, title = part.partition(": ")
        if side in sides and title.strip():
            titles[sides.index(side)] = title.strip()
    dated = _written_date(lines)
    record = GameRecord(game_id, options, (Side(None, titles[0]), Side(None, titles[1])), [],
                        start_position=_start_block(lines))
    game = record.game()
    texts = game.move_texts("\n".join(lines[1:]))  # not the title line's words; a course's form too (Trax's turns)
    whole, refused = _whole_game(game, texts)  # a notation that sets its own start (Trax's official @0/ ...)
    if whole is not None:
        options, start, texts = whole
        record = replace(record, options=options, start_position=start)
        game = record.game()
    shown = {name: value for name, value in game.options_shown_by(texts).items() if name not in options}
    if shown:  # the moves tell an option the title leaves out (a Hex list with a swap)
        record = replace(record, options={**options, **shown})
        game = record.game()
    record = replace(record, options=dict(game.options))  # the option values as the game reads them
    if record.start_position is not None:  # as the game writes it (the text's indentation was lost)
        record = replace(record, start_position=game.to_text(record.first_state(game)))
    moves, final, stopped = written_out(game, record.first_state(game), texts)
    kind = WholeGamePartlyLegal if refused is not None else PartlyLegal  # a whole game's refusal is said as it is
    refused = stopped or refused
    record = record.with_moves(moves, final)
    lost = None if record.is_finished() or refused else loss_off_the_board(lines, sides)
    if lost is not None:  # "Result: O resigns" without its move: at the move the list shows, as a file's
        record = record.finish(loss_placed(lost, sides, final.to_move, len(moves)))
    if dated:
        (when, given), *later = dated
        last, last_given = later[0] if later else (None, None)
        record = record.dated(when, given, last=last, last_given=last_given)
    if refused is not None:
        raise legal_part(record, refused, game, final, kind)
    return record


def moves_or_position(text: str, as_position: RecordError) -> GameRecord:
    """The moves under a game's name that did not read as a position (``as_position``, its
    problem: a text ``games.position_text.is_position_text`` takes for either), so that the window
    and ``main.py analyse`` read one text alike; what is likelier wrong with the text where they do
    not read either (``likelier_problem``): a list refused part-way keeps its legal part
    (``PartlyLegal``)."""
    try:
        return record_from_move_list(text)
    except RecordError as moves_problem:
        raise likelier_problem(as_position, moves_problem) from None


MOVE_REFUSED = re.compile(r"move (\d+) ")  # record_from_move_list's "move 3 'zz' is not legal: ..."


def likelier_problem(as_position: RecordError, as_moves: RecordError) -> RecordError:
    """What to say of a text under a game's name that reads neither as a position nor as moves:
    the moves' problem once a move after the first was refused (the text is moves, one of them
    wrong: "Hex" over ``f6 e7 f6`` said "expected 11 rows of 11 cells") or a whole game in a
    notation its game claims (``WholeGameError``), else the position's."""
    if isinstance(as_moves, WholeGameError):  # a notation its game claims (Trax's @0/ ...): no board
        return as_moves
    refused = MOVE_REFUSED.match(str(as_moves))
    return as_moves if refused is not None and int(refused.group(1)) > 1 else as_position


def _whole_game(game: Game, texts: list[str]) -> tuple[tuple[dict, str, list[str]] | None, str | None]:
    """``game.whole_game(texts)`` (a notation that sets its own start: Trax's official ``@0/ ...``),
    and None; where one of its moves is refused (``IllegalMove.at``), the game up to the move
    before it and why that move is refused, to be kept as far as it is legal (``legal_part``).
    WholeGameError where no part of it can be played (its first tile, a board too small)."""
    try:
        return game.whole_game(texts), None
    except IllegalMove as exc:
        refused = exc
    if refused.at is None or refused.at < 2:
        raise WholeGameError(str(refused))
    try:
        part = game.whole_game(texts[:refused.at - 1])
    except IllegalMove:
        part = None
    if part is None:
        raise WholeGameError(str(refused))
    return part, str(refused)


def _written_date(lines: list[str]) -> list[tuple[str, str | None]]:
    """The dates a move list's ``Date:`` line gives (``date_written``'s: its start, perhaps its
    last change after a comma), each in ISO 8601 and, for one given to the year, month or day
    only (``2003-05``), as written; none without the line, or for a start that is no date (a last
    change that is none is left out)."""
    written = next((line[len(DATE_LINE):].strip() for line in lines if line.startswith(DATE_LINE)), None)
    dates = [_date_read(part) for part in (written or "").split(DATES_APART)[:2]]
    return [date for date in dates if date is not None] if dates and dates[0] is not None else []


def _date_read(text: str) -> tuple[str, str | None] | None:
    """A date as a move list writes it: (ISO 8601, the date as given) for a date to the year, month
    or day (``2003-05``), (the moment, None) for a moment; None for text that is neither."""
    given = given_date(text)
    if given is not None:
        return given
    try:
        datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    return text.strip(), None


def _record_of_unnamed_moves(text: str) -> GameRecord | None:
    """A game pasted as its moves alone, with no line naming the game; None if no one game reads it.

    A transcript (squares run together, WZebra's and Edax's ``F5D6C3...``, or spaced and numbered
    as books print a game, ``1. f5 d6 2. c3 d3``) is the first game with transcripts
    (``Game.transcript``) whose rules play it, on the usual board first, then on each other
    choice of its options.  Other moves are the game's that alone plays them all from its
    usual start (a Rastros game as the course prints it: no other game reads its ``(5, 4)``)."""
    if _cells_alone(text):
        for info in games.catalog():
            if games.load(info.id).transcript([]) is None:
                continue
            tried = [{}] + [{option.name: choice} for option in info.options for choice in option.choices
                            if choice != option.default]
            for options in tried:
                try:
                    return record_from_move_list(f"{title_line(info.id, options)}\n{text}")
                except RecordError:
                    continue
    readings = []
    for info in games.catalog():
        try:
            readings.append(record_from_move_list(f"{title_line(info.id, {})}\n{text.strip()}"))
        except WholeGameError:
            raise  # its game's notation, which no other game reads: what is wrong with it is said
        except RecordError:
            continue
    return readings[0] if len(readings) == 1 else None


def _cells_alone(text: str) -> bool:
    """Whether ``text`` is squares alone (and Othello's passes), run together or apart, numbered
    or not: ``f5d6c3``, ``F5 D6 C3``, ``1. f5 d6 2. c3``, ``1. F5 2. D6``.  Numbered, an Othello
    game was refused for naming no game: Hex plays any squares too, so two games read it.  Squares
    joined by hyphens, three or more (``f5-d6-c3``), are squares alone too (``_hyphens_apart``)."""
    words = [_MOVE_NUMBER.sub(r"\2", word) for word in re.split(r"[\s,;]+", _hyphens_apart(text).strip())]
    return _GLUED_MOVES.fullmatch("".join(words)) is not None


def written_out(game: Game, state: State, texts: list[str],
                lines: list[int] | None = None) -> tuple[list[str], State, str | None]:
    """A pasted line of moves in the game's own notation, with the moves it left out put in (an
    Othello transcript's passes), as far as they are legal, the position after them, and why the
    next is refused, naming it as a loaded record's refusal would and the line of a file it is on
    (``lines``, one a text); None where every move is legal.  A reader then keeps the game up to
    there (``legal_part``)."""
    moves = []
    for number, text in enumerate(texts, 1):
        try:
            line = parse_in_line(game, state, text)
        except IllegalMove as exc:
            where = f"line {lines[number - 1]}: " if lines else ""
            return moves, state, f"{where}move {number} {text!r} is not legal: {exc}"
        for move in line:
            moves.append(game.format_move(state, move))
            state = state.play(move)
    return moves, state, None




def loss_off_the_board(lines: list[str], sides: tuple[str, str]) -> Result | None:
    """The end a move list's result line tells of a game its moves do not end: a side that
    resigned or lost on time (at a move, where it says so) or forfeited, as the window and the
    referee word it ("White resigns at move 12", "White lost on time at move 30", "White forfeits: ..."); a
    draw the players agreed ("Draw by agreement"); a winner alone or a draw, as a file that says no
    more words it ("White wins", "Draw": Little Golem's ``RE[W]``); None for any other line (no
    result is made up)."""
    said = next((line[len(RESULT_LINE):] for line in lines if line.startswith(RESULT_LINE)), "")
    if said in (DRAW, DRAW_AGREED):
        return Result(None, said)
    for side, name in enumerate(sides):
        rest = said.removeprefix(name)
        if rest == WINS:
            return Result(side, said)
        if rest != said and (loss_words(rest) in OFF_THE_BOARD_LOSSES or rest.startswith(FORFEITS)):
            return Result(1 - side, said)
    return None


WINS = " wins"  # after a side's name, alone: a file names the winner and not how it won (Little Golem's RE[B])
DRAW = "Draw"  # a draw a file tells of, and no more (SGF's RE[0], RE[Draw])
DRAW_AGREED = "Draw by agreement"  # a draw the two players agreed (the window's Offer draw; GGF's RE[+0.000:s])


def loss_words(rest: str) -> str:
    """The words after a loser's name in an end reason without the move they name, as a flag
    fall or a resignation in the window says it (" lost on time at move 3" is " lost on time",
    " resigns at move 5" " resigns"); others as they are."""
    return AT_MOVE.sub("", rest)


def _wrap(tokens: list[str], width: int) -> list[str]:
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > width:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    if line:
        lines.append(line)
    return lines
