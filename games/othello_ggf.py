"""Othello games in GGF, the Generic Game Format of GGS and the Othello databases, read into a record.

A game is one node between ``(;`` and ``;)``: ``(;GM[Othello]PC[GGS/os]DT[...]PB[name]PW[name]
RB[1800]RW[1900]TI[15:00//02:00]TY[8]RE[+2.000]BO[8 ---...--- *]B[F5//0.01]W[D6]...;)``.  What is
read: ``TY`` (the board's size, then letters for variants: ``r`` a random start, which ``BO``
shows; ``k`` komi, ``s`` synchro and ``a`` anti are rules we do not play, so refused), ``BO`` (the
size, the squares row by row, ``*`` black, ``O`` white, ``-`` empty, and the side to move, ``*``
or ``O``), ``PB``/``PW`` (the players' names), the moves ``B[...]``/``W[...]`` in the order written
(a square, or a pass: GGS's ``pass``, NBoard's ``PASS``, Edax's ``PA``; ``/eval/time`` after it
is left out) and ``RE`` (the disc margin for black, ``+2.000``; ``:r`` a resignation, ``:t`` a
loss on time, ``:s`` a score agreed).  Where the moves do not end the game, ``RE`` is taken for
what it says and no more (``_loss``): a resignation, a loss on time, or a winner alone ("Black
wins", the margin of a board the rules cannot count).  ``DT`` (the date) is the record's
start, in GGS's form, NBoard's or as seconds (``_started``); a file without ``TY`` (Edax writes
none) is played on the size ``BO`` begins with.  The rest (ratings, times, place) is left out.
A database holds games one after another: ``record_from_ggf`` reads the first and
``ggf_game_count`` says how many there are.

The other way, ``ggf_from_record`` writes a game as GGS writes one, for the Othello programs and
sites that read GGF (WZebra, Edax, NBoard, the databases' tools): ``PC[Tabuleiro]``, the date in
GGS's form (``DT[2026.12.04_16:14:26.UTC]``: the GGF definition's
year.month.day_hour:minute:second.zone, at skatgame.net/mburo/ggsa/ggf), the players' names,
``RE`` (black's margin as tournaments count it, the empty squares to the winner: ``state.final_margin``; a resignation or a
loss on time as the whole board's margin with ``:r`` or ``:t``; left out for an unfinished game
or a forfeit, which GGF has no word for; the definition's ``RE[+64.00:r]``, flags r, t and s),
``TI[0]`` (no clock, as NBoard's own COsGame writes it), ``TY`` (the board's size), ``BO``
(the start position, rows apart, the side to move last) and the moves, squares in capitals and a pass as
``PA``.  ``record_from_ggf`` reads it back as the same game.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone

import games
from games.base import quoted
from games.hex_sgf import escape_value
from games.record import DRAW, WINS, GameRecord, RecordError, Result, Side, loss_words, now_iso, written_out

GAME = re.compile(r"\(;(.*?)(;\)|\Z)", re.DOTALL)  # one game; an open one cut short runs to the end
PROPERTY = re.compile(r"([A-Za-z]+)\s*\[((?:\\.|[^\]\\])*)\]", re.DOTALL)
GAME_TYPE = re.compile(r"\s*(\d+)((?:[a-z]\d*)*)\s*", re.IGNORECASE)  # TY[8], TY[8r], TY[8r19] (a random start of 19 discs)
RESULT = re.compile(r"\s*([+-]?\d+(?:\.\d*)?)\s*(?::\s*([rts]))?\s*", re.IGNORECASE)  # RE[+2.000], RE[-64:r]
BOARD_CHARS = {"*": "X", "O": "O", "-": "-"}  # GGF's black, white and empty square, as our to_text writes them
LOSSES = {"r": " resigns", "t": " lost on time"}  # RE's flag: how the loser's game ended off the board
VARIANT_READ = "r"  # a random start: BO gives it, the rules are ours
WRITTEN_CHARS = {"X": "*", "O": "O", "-": "-"}  # our to_text's black, white and empty square, as GGF writes them
SIDE_LETTERS = ("B", "W")  # a move's property: black's, white's
PASS_WRITTEN = "PA"  # a pass, as Edax's GGF writes it (GGS writes pass, NBoard PASS; NBoard reads any P word as a pass)
LOSS_FLAGS = {" resigns": "r", " resigned": "r", " lost on time": "t"}  # after the loser's name: RE's flag
DATE_FORM = "%Y.%m.%d_%H:%M:%S.UTC"  # GGS's DT, written in universal time
DATE = re.compile(r"(?P<year>\d{4})[.-](?P<month>\d\d)[.-](?P<day>\d\d)[_ ](?P<hour>\d\d):(?P<minute>\d\d):(?P<second>\d\d)"
                  r"[. ](?P<zone>[A-Za-z]+)")  # GGS's DT (2003.12.15_13:24:03.MST) and NBoard's (2014-01-29 23:05:30 GMT)
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
    not legal, a game cut short)."""
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
    moves, final = written_out(game, record.first_state(game), texts, lines)
    record = record.with_moves(moves, final)
    loss = None if record.is_finished() else _loss(root.get("RE", ""))
    record = record if loss is None else record.finish(loss)
    when = _started(root.get("DT", ""))
    return record if when is None else record.dated(when)


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
    ``2003.12.15_13:24:03.MST`` (the GGF definition: year.month.day_hour:minute:second.zone),
    NBoard's ``2014-01-29 23:05:30 GMT``, or seconds since 1970 (the definition's own complete
    example, ``DT[945277754]``); None for another form, or a zone ``ZONES`` does not know."""
    date = date.strip()
    if date.isdigit():
        return datetime.fromtimestamp(int(date), UTC).isoformat(timespec="seconds")
    match = DATE.fullmatch(date)
    if match is None or match.group("zone").upper() not in ZONES:
        return None
    numbers = [int(match.group(name)) for name in ("year", "month", "day", "hour", "minute", "second")]
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


def _loss(said: str) -> Result | None:
    """The end ``RE`` tells of a game its moves do not end, in its words and no more: a
    resignation or a loss on time (``:r``, ``:t``; the margin's sign names the winner, black's
    view); a margin alone or agreed (``:s``) names the winner and not how ("Black wins"), or a
    draw (0); None for anything else."""
    match = RESULT.fullmatch(said)
    if match is None:
        return None
    margin, flag = float(match.group(1)), (match.group(2) or "").lower()
    if margin == 0:
        return None if flag in LOSSES else Result(None, DRAW)
    winner = 0 if margin > 0 else 1
    sides = games.info("reversi").sides
    if flag in LOSSES:
        return Result(winner, sides[1 - winner] + LOSSES[flag])
    return Result(winner, sides[winner] + WINS)


def ggf_from_record(record: GameRecord) -> str:
    """A Reversi record as one GGF game (see the module's docstring), which ``record_from_ggf``
    reads back to the same game; RecordError for another game's record."""
    if record.game_id != "reversi":
        raise RecordError(f"only Reversi games are written as GGF, not {record.game_id}")
    game = record.game()
    start = record.first_state(game)
    root = {"GM": "Othello", "PC": "Tabuleiro", "DT": _date(record)}
    root.update({key: side.title.strip() for key, side in zip(("PB", "PW"), record.players)})
    result = _result_value(game, record)
    if result is not None:
        root["RE"] = result
    root.update({"TI": "0", "TY": str(game.size), "BO": _board_value(game, start)})
    moves = [f"{SIDE_LETTERS[(start.to_move + number) % 2]}[{_written_move(move)}]"
             for number, move in enumerate(record.moves)]
    return "(;" + "".join(f"{key}[{escape_value(value)}]" for key, value in root.items() if value) + "".join(moves) + ";)\n"


def _date(record: GameRecord) -> str:
    """A record's start as GGS writes a game's date; "" where the record's date cannot be read, or
    is a date a file gave without its time (``date_given``: ``2003-05``), which GGS's form, to the
    second, cannot say without making the rest up."""
    if record.date_given is not None:
        return ""
    started = record.started
    try:
        return datetime.fromisoformat(started).astimezone(UTC).strftime(DATE_FORM)
    except ValueError:
        return ""


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
    the board; the whole board's margin and ``:r`` or ``:t`` for a resignation or a loss on time;
    None for a game that goes on or ended some other way."""
    result = record.result
    if result is None:
        return None
    final = record.final_state()
    if final.is_terminal():
        margin = final.final_margin()
        return f"{margin if result.winner != 1 else -margin:+.3f}"
    loser = game.sides[1 - result.winner] if result.winner is not None else ""
    flag = LOSS_FLAGS.get(loss_words(result.reason.removeprefix(loser))) if loser else None  # at any move
    if flag is None:
        return None
    cells = game.options["size"] ** 2
    return f"{cells if result.winner == 0 else -cells:+.3f}:{flag}"
