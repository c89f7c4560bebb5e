"""Othello games in GGF, the Generic Game Format of GGS and the Othello databases, read into a record.

A game is one node between ``(;`` and ``;)``: ``(;GM[Othello]PC[GGS/os]DT[...]PB[name]PW[name]
RB[1800]RW[1900]TI[15:00//02:00]TY[8]RE[+2.000]BO[8 ---...--- *]B[F5//0.01]W[D6]...;)``.  What is
read: ``TY`` (the board's size, then letters for variants: ``r`` a random start, which ``BO``
shows; ``k`` komi, ``s`` synchro and ``a`` anti are rules we do not play, so refused), ``BO`` (the
size, the squares row by row, ``*`` black, ``O`` white, ``-`` empty, and the side to move, ``*``
or ``O``), ``PB``/``PW`` (the players' names), the moves ``B[...]``/``W[...]`` in the order written
(a square, or a pass: GGS's ``pass``, NBoard's ``PASS``, Edax's ``PA``; then ``/eval/time``) and
``RE`` (the disc margin for black, ``+2.000``; ``:r`` a resignation, ``:t`` a loss on time, ``:s``
a score agreed).  Where the moves do not end the game, ``RE`` is taken for what it says and no
more (``_loss``): a resignation, a loss on time, a draw agreed (``+0.000:s``), or a winner alone.
``DT`` (GGS's form, NBoard's or seconds: ``_started``) is the record's start, or its last change
beside our ``Started:`` comment (below); a file without ``TY`` (Edax writes none) is played on the
size ``BO`` begins with.  ``TI`` and each move's time are the game's clock (``ggf_clock``, which the
window keeps as its own clocks).  Ratings and the place are left out.  A database holds games one
after another: ``record_from_ggf`` reads the first and ``ggf_game_count`` says how many there are.

The other way, ``ggf_from_record`` writes a game as GGS writes one, for the Othello programs and
sites that read GGF (WZebra, Edax, NBoard, the databases' tools): ``PC[Tabuleiro]``, the date in
GGS's form (``DT[2026.12.04_16:14:26.UTC]``: the GGF definition's year.month.day_hour:minute:second.zone,
at skatgame.net/mburo/ggsa/ggf), the players' names, ``RE`` (black's margin as tournaments count it,
the empty squares to the winner; a resignation or a loss on time as the whole board's margin with
``:r`` or ``:t``, a draw agreed as ``+0.000:s``; left out for an unfinished game or another forfeit),
``TI`` (the clock the caller gives: ``_time_value``), ``TY`` (the board's size), ``BO`` (the start
position, the side to move last) and the moves, squares in capitals, a pass ``PA``, each with the
seconds it took where the caller gives the clocks (``B[F5//4.09]``): ``record_from_ggf`` reads it back.
No ``RB``/``RW``: GGS writes every account's rating, and NBoard's writer leaves them out for a player
without one (COsGame.out writes them only when not 0), as we do for players no server rated.

Where GGF has no room: ``RE``'s flags say only that the loser resigned, ran out of time or agreed a
score, and ``DT`` is one whole moment.  So the move at which a flag fell or a player resigned, a
forfeit, a winner or a draw a file told of and no more, a date to the month, or a game played on
another day than begun go in comments, ``CO[...]``, which NBoard's reader (COsGame) skips (Edax and
Kalmia skip any): ``CO[Result: White resigns at move 12]`` beside ``RE[+64.000:r]``, read back where
its ``RE`` is the file's; ``CO[Started: 2003-05]`` where ``DT`` cannot say the start
(``GameRecord.played_on``).  NBoard and Edax end a value at its first ``]`` and read no escapes, so
every value, a player's name or a comment, writes brackets as parentheses (``_value_text``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

import games
from games.base import quoted
from games.hex_sgf import loss_letter
from games.move_list import DRAW, DRAW_AGREED, RESULT_LINE, WINS, loss_off_the_board, written_out
from games.move_numbers import loss_placed, times_taken
from games.record import GameRecord, legal_part
from games.record_fields import given_date
from games.record_parts import RecordError, Result, Side, now_iso

VALUE = r"\[(?:\\.|[^\]\\])*(?:\]|\\?\Z)"  # a property's value, escapes kept; one cut short runs to the end
GAME = re.compile(rf"\(;((?:[^\[;]|;(?!\))|{VALUE})*)(;\)|\Z)", re.DOTALL)  # one game: its end ;) outside values
PROPERTY = re.compile(r"([A-Za-z]+)\s*\[((?:\\.|[^\]\\])*)\]", re.DOTALL)
GAME_TYPE = re.compile(r"\s*(\d+)((?:[a-z]\d*)*)\s*", re.IGNORECASE)  # TY[8], TY[8r], TY[8r19] (a random start of 19 discs)
RESULT = re.compile(r"\s*([+-]?\d+(?:\.\d*)?)\s*(?::\s*([rts]))?\s*", re.IGNORECASE)  # RE[+2.000], RE[-64:r]
BOARD_CHARS = {"*": "X", "O": "O", "-": "-"}  # GGF's black, white and empty square, as our to_text writes them
LOSSES = {"r": " resigns", "t": " lost on time"}  # RE's flag: how the loser's game ended off the board
VARIANT_READ = "r"  # a random start: BO gives it, the rules are ours
WRITTEN_CHARS = {"X": "*", "O": "O", "-": "-"}  # our to_text's black, white and empty square, as GGF writes them
SIDE_LETTERS = ("B", "W")  # a move's property: black's, white's
PASS_WRITTEN = "PA"  # a pass, as Edax's GGF writes it (GGS writes pass, NBoard PASS; NBoard reads any P word as a pass)
LOSS_FLAGS = {"R": "r", "T": "t"}  # how the loser lost (``hex_sgf.loss_letter``): RE's flag
AGREED_FLAG = "s"  # RE's flag of a score the players agreed: with no margin, a draw by agreement
COMMENT = "CO"  # a comment: NBoard's reader skips it (any other name it refuses), Edax's and Kalmia's skip any
STARTED = "Started: "  # a comment's start: the game's start, where DT does not say it
BRACKETS_WRITTEN = str.maketrans("[]", "()")
DATE_FORM = "%Y.%m.%d_%H:%M:%S.UTC"  # GGS's DT, written in universal time
# GGS's DT (2003.12.15_13:24:03.MST; in its archive of 2000, 2000-4-16 11:13 EST) and NBoard's (2014-01-29 23:05:30 GMT)
DATE = re.compile(r"(?P<year>\d{4})[.-](?P<month>\d\d?)[.-](?P<day>\d\d?)[_ ](?P<hour>\d\d?):(?P<minute>\d\d)"
                  r"(?::(?P<second>\d\d))?[. ](?P<zone>[A-Za-z]+)")
TIME_PART = re.compile(r"\d+(?:\.\d*)?")  # one part of a time: 05, 4.09 (hours:minutes:seconds, GGS's and NBoard's)
NO_EXTENSION = "00:00"  # TI's third part, the extension: none (NBoard's reader takes 2:00 where it is left out)
ZONES = {"UTC": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
         "CET": 1, "CEST": 2}  # the zones a DT names, as hours from universal time


def is_ggf(text: str) -> bool:
    """Whether ``text`` is an Othello game in GGF (``(;GM[Othello]``...)."""
    first = GAME.match(text.lstrip())
    return first is not None and re.search(r"GM\s*\[\s*othello\s*\]", first.group(1), re.IGNORECASE) is not None


def ggf_game_count(text: str) -> int:
    """How many GGF games ``text`` holds, one after another as databases write them."""
    return len(GAME.findall(text.strip())) if is_ggf(text) else 0


def record_from_ggf(text: str) -> GameRecord:
    """The first Othello game of a GGF text, its moves replayed; RecordError naming the first
    problem (a variant or board we do not play, a square of ``BO`` we cannot read, a move that is
    not legal, a game cut short); a move that is not legal raises ``PartlyLegal``, holding the game
    up to the move before it.

    ``RE[+12.000:r]`` is the result for black, the first colour (the GGF definition): black won
    and white resigned (``:t``: white's flag fell).  GGS and NBoard write no node for it, so the
    resignation or flag fall is placed at the move after the last when white is the side to move
    there ("White resigns at move 3" after two moves, "White lost on time at move 3"), and said as the file says
    it ("White resigns") when it is not: ``games.move_numbers.loss_placed``."""
    first = GAME.match(text.lstrip())
    if first is None:
        raise RecordError("the GGF holds no game")
    if not first.group(2):
        raise RecordError("the GGF game is cut short: no ';)' ends it")
    before = text[:len(text) - len(text.lstrip())] + text.lstrip()[:first.start(1)]  # what comes before the body
    first_line = before.count("\n") + 1
    written = _properties(first.group(1), first_line)
    properties = [(name, value) for name, value, _offset in written]
    root = {name: value for name, value in reversed(properties)}  # the first of each, as written
    game = _game(root.get("TY") or _board_size(root.get("BO", "")))
    titles = (root.get("PB", "").strip(), root.get("PW", "").strip())
    start = _start_position(game, root["BO"]) if "BO" in root else None
    record = GameRecord("reversi", dict(game.options), (Side(None, titles[0]), Side(None, titles[1])), [],
                        started=now_iso(), start_position=start)
    texts = [_move_text(value) for name, value in properties if name in ("B", "W")]
    lines = [first_line + first.group(1).count("\n", 0, offset) for name, _value, offset in written if name in ("B", "W")]
    moves, final, refused = written_out(game, record.first_state(game), texts, lines)
    record = record.with_moves(moves, final)
    notes = [value for name, value in properties if name == COMMENT]
    loss = None if record.is_finished() or refused else _end_told(game, root.get("RE"), notes)
    if loss is not None:
        record = record.finish(loss_placed(loss, game.sides, final.to_move, len(moves)))
    record = _dated(record, _started(root.get("DT", "")), notes)
    if refused is not None:  # the game up to its last legal move is kept (``legal_part``)
        raise legal_part(record, refused, game, final)
    return record


def _end_told(game: games.Game, said: str | None, notes: list[str]) -> Result | None:
    """The end a game's ``RE`` and our ``Result:`` comment tell of a game its moves do not end:
    the comment's, whole (a flag fall's or a resignation's move, a forfeit's reason), where the
    ``RE`` it is written with (``_off_the_board``) is the file's or the file has none; else
    ``RE``'s alone (``_loss``)."""
    told = _loss(said or "")
    noted = loss_off_the_board(notes, game.sides)
    if noted is not None and (said is None or _loss(_off_the_board(game, noted) or "") == told):
        return noted
    return told


def _dated(record: GameRecord, when: str | None, notes: list[str]) -> GameRecord:
    """``record`` dated as the file says: by our ``Started:`` comment (a date to the month, or a
    game played on later, ``DT`` then its last part's moment) where it has one, else by ``DT``."""
    started = next((note[len(STARTED):].strip() for note in notes if note.startswith(STARTED)), None)
    given = given_date(started) if started is not None else None
    if given is not None:
        return record.dated(*given, last=when)
    if started is not None and _moment(started) is not None:
        return record.dated(started, last=when)
    return record if when is None else record.dated(when)


def _moment(text: str) -> datetime | None:
    """``text`` as an ISO 8601 moment, None if it is none."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


def _properties(body: str, first_line: int) -> list[tuple[str, str, int]]:
    """A game's properties in the order written, names in capitals, each with where in ``body`` it
    begins; RecordError at anything else, naming its line (``body`` begins on ``first_line``)."""
    found, pos = [], 0
    for match in PROPERTY.finditer(body):
        if body[pos:match.start()].strip():
            break
        found.append((match.group(1).upper(), match.group(2).replace("\\]", "]"), match.start()))
        pos = match.end()
    rest = body[pos:].strip()
    if rest:
        line = first_line + body.count("\n", 0, len(body) - len(body[pos:].lstrip()))
        raise RecordError(f"line {line}: the GGF cannot be read at {quoted(rest[:20])}")
    return found


def _game(game_type: str) -> games.Game:
    """Reversi on the board ``TY`` names; RecordError for a variant or a size we do not play."""
    match = GAME_TYPE.fullmatch(game_type)
    if match is None or set(re.sub(r"\d", "", match.group(2).lower())) - set(VARIANT_READ):
        raise RecordError(f"TY[{game_type}]: a kind of Othello Tabuleiro does not play "
                          "(it plays the usual rules on 6x6, 8x8 and 10x10 boards)")
    try:
        return games.load("reversi", size=int(match.group(1)))
    except ValueError as exc:
        raise RecordError(f"TY[{game_type}]: {exc}") from None


def _board_size(board: str) -> str:
    """The size ``BO`` begins with, for a game that writes no ``TY`` (Edax writes none); "8" where
    ``BO`` names none."""
    size = board.split()[:1]
    return size[0] if size and size[0].isdigit() else "8"


def _started(date: str) -> str | None:
    """A game's date (``DT``) as records store it, in ISO 8601 with its offset: GGS's
    ``2003.12.15_13:24:03.MST`` (the GGF definition: year.month.day_hour:minute:second.zone) and
    its archive of 2000's ``2000-4-16 11:13 EST`` (to the minute: its games were dated today), NBoard's ``2014-01-29 23:05:30 GMT``, or seconds since 1970 (the definition's own complete
    example, ``DT[945277754]``); None for another form, or a zone ``ZONES`` does not know."""
    date = date.strip()
    if date.isdigit():
        return datetime.fromtimestamp(int(date), UTC).isoformat(timespec="seconds")
    match = DATE.fullmatch(date)
    if match is None or match.group("zone").upper() not in ZONES:
        return None
    numbers = [int(match.group(name) or 0) for name in ("year", "month", "day", "hour", "minute", "second")]
    try:
        when = datetime(*numbers, tzinfo=timezone(timedelta(hours=ZONES[match.group("zone").upper()])))
    except ValueError:
        return None
    return when.isoformat(timespec="seconds")


def _start_position(game: games.Game, board: str) -> str | None:
    """``BO``'s position in the game's text, or None for the usual start."""
    size, *rows = board.split() or ["?"]
    wanted = game.options["size"]
    if not size.isdigit() or int(size) != wanted:
        raise RecordError(f"BO[{size} ...] is not the {wanted}x{wanted} board TY names")
    cells = "".join(rows).upper()
    bad = next((ch for ch in cells if ch not in BOARD_CHARS), None)
    if bad is not None:
        raise RecordError(f"BO: {bad!r} is no square (* black, O white, - empty)")
    text = "".join(BOARD_CHARS[ch] for ch in cells[:-1]) + " " + BOARD_CHARS.get(cells[-1:], "?")
    try:
        state = game.from_text(text)
    except ValueError as exc:
        raise RecordError(f"BO: {exc}") from None
    written = game.to_text(state)
    return None if written == game.to_text(game.initial_state()) else written


def _move_text(value: str) -> str:
    """A move as the game reads it: the square or ``pa`` before any ``/eval/time``."""
    return value.split("/", 1)[0].strip().lower()


@dataclass(frozen=True)
class GgfClock:
    """The clock a GGF game was played on, as one our clocks can be: the seconds each side had
    (``initial``), the seconds credited after each move (``increment``) and both clocks, black's
    first, at the start and after each move (``readings``; None where the file gives no move's time)."""

    initial: float
    increment: float
    readings: list[tuple[float, float]] | None


def ggf_clock(text: str, record: GameRecord, cut: bool = False) -> GgfClock | None:
    """The clock of the first game of ``text`` (``record``, as ``record_from_ggf`` read it), or None
    for a game without one or on a clock ours cannot be (``_clock_value``); ``cut``: ``record`` is
    the game up to its last legal move (``PartlyLegal``'s, a damaged file's), whose moves are the
    file's first ones: the times of the moves kept, the rest not its.  Each move's time is
    the third part of its value (``B[F5//4.09]``, ``W[d2/-2.42/0.04]``: move, evaluation, seconds);
    one left out (``B[pass]``, ``W[e3/0.46]``: GGS writes none for a move of no time) took none,
    and a pass the file leaves out (``written_out`` put it in) took none either."""
    first = GAME.match(text.lstrip())
    if first is None:
        return None
    properties = [(name, value) for name, value, _offset in _properties(first.group(1), 1)]
    root = {name: value for name, value in reversed(properties)}
    both = root.get("TI") if "TI" in root else root.get("TB") if root.get("TB") == root.get("TW") else None
    clock = _clock_value(both or "")
    if clock is None:
        return None
    written = [(SIDE_LETTERS.index(name), _move_seconds(value)) for name, value in properties if name in SIDE_LETTERS]
    movers = [state.to_move for state in record.states()[:-1]]
    return GgfClock(*clock, _readings(clock, written, movers, cut))


def _clock_value(value: str) -> tuple[float, float] | None:
    """``TI``'s main time and increment in seconds (``15:00//02:00``, ``05:00/00:03``, NBoard's
    ``5:00//0``: main time / increment / extension, hours:minutes:seconds); None for no clock
    (``TI[0]``) or one ours cannot be: a part that counts moves or carries GGS's flags (``15:00,40``,
    ``N``).  The extension, time GGS gives once the main time has run out (2:00 in its archives),
    is no part of our clocks: the clock is its main time and increment, and a player who played
    into the extension has a clock below zero from then on (the window shows 0:00)."""
    parts = value.split("/")
    times = [_seconds(part) if part.strip() else 0.0 for part in parts]
    if len(parts) > 3 or None in times or not times[0]:
        return None
    return times[0], times[1] if len(times) > 1 else 0.0


def _seconds(text: str) -> float | None:
    """``text`` (``05:00``, ``1:02:03``, ``4.09``) in seconds; None if it is no time."""
    parts = text.strip().split(":")
    if len(parts) > 3 or not all(TIME_PART.fullmatch(part) for part in parts):
        return None
    total = 0.0
    for part in parts:
        total = total * 60 + float(part)
    return total


def _move_seconds(value: str) -> float | None:
    """The seconds a move's value says it took (its third part, ``F5//4.09``), None where it says none."""
    parts = value.split("/")
    return _seconds(parts[2]) if len(parts) > 2 and parts[2].strip() else None


def _readings(clock: tuple[float, float], written: list[tuple[int, float | None]],
              movers: Sequence[int], cut: bool = False) -> list[tuple[float, float]] | None:
    """Both clocks at the start and after each of the record's moves (``movers``: the side that
    made each), charged the times of the moves written (``written``: each one's side and seconds);
    a move not written (a pass the file left out) took none.  None where no move says its time or
    the sides written are not the record's: a written move none of the record's moves matched.
    ``cut``: the record holds the file's first moves only (a damaged file's legal part), and the
    written moves after them are not its: left over, they lose no move kept its time (they cost
    a damaged GGS game the times of every move read)."""
    initial, increment = clock
    if all(seconds is None for _side, seconds in written):
        return None
    left, readings, pending = [initial, initial], [(initial, initial)], iter(written)
    upcoming = next(pending, None)
    for mover in movers:
        spent = 0.0
        if upcoming is not None and upcoming[0] == mover:
            spent, upcoming = upcoming[1] or 0.0, next(pending, None)
        left[mover] += increment - spent
        readings.append((left[0], left[1]))
    return readings if upcoming is None or cut else None


def _loss(said: str) -> Result | None:
    """The end ``RE`` tells of a game its moves do not end, in its words and no more: a
    resignation or a loss on time (``:r``, ``:t``; the margin's sign names the winner, black's
    view); a margin alone or agreed (``:s``) names the winner and not how ("Black wins"), or a
    draw (0), one agreed (``0:s``) "Draw by agreement"; None for anything else."""
    match = RESULT.fullmatch(said)
    if match is None:
        return None
    margin, flag = float(match.group(1)), (match.group(2) or "").lower()
    if margin == 0:
        return None if flag in LOSSES else Result(None, DRAW_AGREED if flag == AGREED_FLAG else DRAW)
    winner = 0 if margin > 0 else 1
    sides = games.info("reversi").sides
    if flag in LOSSES:
        return Result(winner, sides[1 - winner] + LOSSES[flag])
    return Result(winner, sides[winner] + WINS)


def ggf_from_record(record: GameRecord, clock: tuple[float, float] | None = None,
                    readings: Sequence[tuple[float, float]] | None = None) -> str:
    """A Reversi record as one GGF game (see the module's docstring), which ``record_from_ggf``
    reads back to the same game; RecordError for another game's record.  ``clock``: the seconds
    each side had and the increment per move, where the game was played on a clock (``TI``);
    ``readings``: both clocks, the first side's first, at the start and after each move (the
    window's ``clock_readings``), from which each move's time is written (``_move_times``)."""
    if record.game_id != "reversi":
        raise RecordError(f"only Reversi games are written as GGF, not {record.game_id}")
    game = record.game()
    start = record.first_state(game)
    root = {"GM": "Othello", "PC": "Tabuleiro", "DT": _date(record)}
    root.update({key: side.title.strip() for key, side in zip(("PB", "PW"), record.players)})
    result = _result_value(game, record)
    if result is not None:
        root["RE"] = result
    root.update({"TI": _time_value(clock), "TY": str(game.size), "BO": _board_value(game, start)})
    written = [f"{key}[{_value_text(value)}]" for key, value in root.items() if value]
    written += [f"{COMMENT}[{_value_text(note)}]" for note in _notes(record, result)]
    times = _move_times(record, clock, readings)
    written += [f"{SIDE_LETTERS[(start.to_move + number) % 2]}[{_written_move(move)}{times[number]}]"
                for number, move in enumerate(record.moves)]
    return "(;" + "".join(written) + ";)\n"


def _move_times(record: GameRecord, clock: tuple[float, float] | None,
                readings: Sequence[tuple[float, float]] | None) -> list[str]:
    """What follows each move's square: ``//4.09``, the seconds it took as GGS writes them (no
    evaluation, two decimals), the mover's clock before it less its clock after and the increment
    back; "" for every move where there is no clock or no reading after each move.  The clocks
    are rounded to the hundredth before, so the times add up to them and read back the same."""
    if clock is None or readings is None or len(readings) != len(record.moves) + 1:
        return [""] * len(record.moves)
    movers = [state.to_move for state in record.states()[:-1]]
    hundredths = [(round(black, 2), round(white, 2)) for black, white in readings]
    return [f"//{seconds:.2f}" for seconds in times_taken(hundredths, movers, clock[1])]


def _time_value(clock: tuple[float, float] | None) -> str:
    """``TI``: the clock as GGS writes it, main time / increment / extension (``05:00/00:03/00:00``;
    ``05:00//00:00`` without an increment, as GGS's ``15:00//02:00``), minutes and seconds as the
    GGF definition's ``TI[01:00/00:00/02:00]``; ``0`` for a game without a clock.  The extension is
    written, none: NBoard's reader (OsClock) takes 2:00 where it is left out, a flag that falls
    later than ours did.  A game lost on time was written ``TI[0]`` beside its ``RE[..:t]``: no
    clock, by the file's own words, yet a flag that fell."""
    if clock is None:
        return "0"
    initial, increment = clock
    return f"{_minutes_seconds(initial)}/{_minutes_seconds(increment) if increment else ''}/{NO_EXTENSION}"


def _minutes_seconds(seconds: float) -> str:
    """``seconds`` as GGF's times write them: ``05:00``, ``00:03``, ``60:00`` for an hour."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes:02d}:{rest:02d}"


def _date(record: GameRecord) -> str:
    """``DT``: a record's start as GGS writes a game's date, or, for a game played on later
    (``GameRecord.played_on``) or begun on a date a file gave without its time (``date_given``:
    ``2003-05``, which GGS's form, to the second, cannot say without making the rest up), the
    moment of its last change if it has changed since (the ``Started:`` comment says the start);
    "" where there is no such moment, or it cannot be read."""
    moment = record.started
    if record.date_given is not None or record.played_on():
        moment = record.updated if record.updated != record.started else ""
    try:
        return datetime.fromisoformat(moment).astimezone(UTC).strftime(DATE_FORM)
    except ValueError:
        return ""


def _notes(record: GameRecord, result: str | None) -> list[str]:
    """The comments that say what GGF's properties cannot: the start (``Started: 2003-05``) where
    ``DT`` does not say it (``_date``), and the end whole (``Result: White resigns at move 12``)
    where ``RE`` (``result``) does not: a flag fall's or a resignation's move, a forfeit, a winner
    or a draw a file told of and no more."""
    notes = []
    if record.date_given is not None or record.played_on():
        notes.append(f"{STARTED}{record.date_given or record.started}")
    ended = record.result
    if ended is not None and not record.final_state().is_terminal() and _loss(result or "") != ended:
        notes.append(f"{RESULT_LINE}{ended.reason}")
    return notes


def _value_text(text: str) -> str:
    """``text`` as a value the GGF readers take whole (a player's name, a comment): NBoard and Edax
    end a value at its first ``]`` and read no escapes, so a ``]`` escaped (``\\]``) cut the name
    there; brackets are written as parentheses, a backslash that would end the value (``\\]``)
    left out, on one line.  Our reader reads ``;)`` in a value as text (``GAME``), so it stays."""
    return " ".join(text.translate(BRACKETS_WRITTEN).split()).rstrip("\\")


def _board_value(game: games.Game, state) -> str:
    """``BO``'s value: the size, the rows of squares apart, the side to move (``*`` or ``O``)."""
    cells, side = game.to_text(state).split()
    size = game.options["size"]
    rows = [cells[i:i + size] for i in range(0, len(cells), size)]
    return " ".join([str(size), *("".join(WRITTEN_CHARS[ch] for ch in row) for row in rows), WRITTEN_CHARS[side]])


def _written_move(move: str) -> str:
    """A move as Edax and NBoard write it: the square in capitals, ``PA`` for a pass (Edax's word)."""
    return PASS_WRITTEN if move == "pass" else move.upper()


def _result_value(game: games.Game, record: GameRecord) -> str | None:
    """``RE``: black's margin with the empty squares to the winner (``+2.000``) for a game ended on
    the board; otherwise ``_off_the_board``'s; None for a game that goes on."""
    result = record.result
    if result is None:
        return None
    final = record.final_state()
    if final.is_terminal():
        margin = final.final_margin()
        return f"{margin if result.winner != 1 else -margin:+.3f}"
    return _off_the_board(game, result)


def _off_the_board(game: games.Game, result: Result) -> str | None:
    """``RE`` for a game ended off the board: the whole board's margin and ``:r`` or ``:t`` for a
    resignation or a loss on time, at any move, a forfeit on time too (``hex_sgf.loss_letter``, as
    SGF's ``W+Time``); a draw the players agreed as no margin agreed, ``+0.000:s``; None for an
    end GGF's flags have no word for (another forfeit, a draw a file told of and no more)."""
    if result.winner is None:
        return f"{0:+.3f}:{AGREED_FLAG}" if result.reason == DRAW_AGREED else None
    loser = game.sides[1 - result.winner]
    flag = LOSS_FLAGS.get(loss_letter(result.reason.removeprefix(loser)))
    if flag is None:
        return None
    cells = game.options["size"] ** 2
    return f"{cells if result.winner == 0 else -cells:+.3f}:{flag}"
