"""Hex games as HexGui and Benzene save them: SGF with ``GM[11]``, read into a game record.

A HexGui file looks like ``(;AP[HexGui:0.10]FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];B[e7])``: the
board size (``SZ[11]``; ``SZ[11:9]`` for a board we do not play), setup stones (``AB``/``AW``, the
side to move in ``PL``), the players (``PB``/``PW``), the date (``DT``) and one move per node
(``B[...]``/``W[...]``: a cell, ``swap-pieces``, or ``resign``, "Red resigns at move N", N its node's move).
Variations are nested trees; the main line is the first at each branch, as HexGui shows a file it opens.

Orientation: HexGui and Benzene call the first player black and give it the top and bottom edges,
where our Blue joins left and right, so every cell is read with its row and column exchanged
(their ``c1`` is our ``a3``: ``games.hex.transpose_cell``); their black is our Blue, and
a swap (``swap-pieces``, ``swap``, ``swap-sides``) is our swap, the file then played with the swap
rule on.

The swap: SGF's Hex properties (red-bean.com's FF[4] page, quoted in HexGui 0.10's SgfReader)
define ``swap-pieces`` as our swap, every stone recoloured and the board mirrored across the long
diagonal, the other colour moving next, and ``swap-sides`` as the players exchanging colours, the
stone kept and the swapper's colour moving next.  HexGui from 0.10 on plays and writes them so
(``GuiBoard.swapPieces`` reflects and recolours; ``Node.defaultPlayerToMove``: after swap-pieces
the opponent of its colour moves): ``;B[f6];W[swap-pieces];B[e7]``.  HexGui 0.9 and earlier, and
Benzene, wrote ``swap-pieces`` for swap-sides (the board kept, ``;W[swap-pieces];W[e7]``: HexGui
0.10 reads such a file's ``swap-pieces`` as swap-sides when its ``AP`` names HexGui 0.9 or
earlier).  So a file is read by its letters: when the move after the swap has the swapper's letter
the board was kept, and from there on every cell is read without the exchange of row and column
and every letter (``RE``'s too) names the other side (HexGui's board is ours mirrored, its colours
exchanged); when it has the other letter the moves alternate, as in our Hex.  A file that ends on
its swap is read by the swap's word: ``swap-sides``, or ``swap-pieces`` under an old HexGui's
``AP``, kept the board.
Little Golem's records (``game<N>.hsgf``) are read as the HexGui files they stand for, with the
swap rule on and ``RE`` naming the winner alone (``_is_little_golem``).  A move not played names its line.

The other way, ``sgf_from_record`` writes a game as HexGui's SgfWriter does (setup stones first,
then the root's properties in alphabetical order, one move a node, a new line before a token that
would pass 72 characters, ``DT`` as ``YYYY-MM-DD``), the swap as ``swap-pieces`` in SGF's sense, so
HexGui opens the file on the board of the game played.  Two things HexGui has no word for are
written in SGF's own: the swap rule, when a game played with it has no swap to show it, as
``RU[swap]``; a game that ended off the board as ``RE`` in FF[4]'s long forms (``W+Resign``,
``W+Time`` on time, ``W+Forfeit`` for an illegal move or a crashed player; ``W+`` a win on the
board or a file's that said no more; ``Draw``), the ending's full words (why, or at which move) in
``GC``; both read back.  ``DT`` as a file gave it, then any later day played (``DT[2003-05,2026-12-05]``).
"""

from __future__ import annotations

import codecs
import re

import games
from games.base import IllegalMove, quoted
from games.hex import HEXGUI_SWAP, SWAP_NAMES, transpose_cell
from games.move_list import DRAW, WINS
from games.move_numbers import loss_placed, resigned_at
from games.record import APP, GameRecord, legal_part
from games.record_fields import given_date
from games.record_parts import RecordError, RecordNotReadableHere, Result, Side, now_iso

SWAP_WORDS = (*SWAP_NAMES, "swap-sides")  # how the files write a swap
SIDE_LETTERS = ("B", "W")  # SGF's black (the first player, our Blue) and white (our Red)
SWAP_RULE = "swap"  # RU[swap]: played with the swap rule, which a game without a swap does not show
LOSS_LETTERS = {" resigns": "R", " resigned": "R", " lost on time": "T", " forfeits": "F"}  # after the loser's name
LOSS_WORDS = {"R": " resigns", "T": " lost on time", "F": " forfeits"}  # RE[W+R]: how the loser's game ended
LOSS_FORMS = {"R": "Resign", "T": "Time", "F": "Forfeit"}  # RE[W+Resign]: FF[4]'s long forms, which we write
LITTLE_GOLEM_SOURCE = re.compile(r"SO\[[^\]]*littlegolem\.", re.IGNORECASE)  # its address in SO: a Little Golem record
RESULT_VALUE = re.compile(r"(?P<letter>[BW])(?:\+(?P<how>R|Resign|T|Time|F|Forfeit|\d+(?:\.\d*)?)?)?", re.IGNORECASE)  # RE's win
DRAW_VALUES = ("0", "draw")  # RE's draw
VALUE_END = re.compile(r"\s*(?:[\[;()]|[A-Za-z]+\s*\[|$)")  # what may follow a value's closing ]
LITTLE_GOLEM_CELL = re.compile(r"[a-z]{2}", re.IGNORECASE)  # Little Golem's cell: column and row as letters
OLD_HEXGUI = re.compile(r"HexGui:0\.[0-9](?![0-9])")  # AP of a HexGui that wrote swap-pieces for swap-sides
LINE_WIDTH = 72  # HexGui's SgfWriter starts a new line before a token that would pass it
TOKEN = re.compile(r"\s*(?:(?P<open>\()|(?P<close>\))|(?P<node>;)|(?P<ident>[A-Za-z]+)\s*(?P<values>(?:\[(?:\\.|[^\]\\])*\]\s*)+))",
                   re.DOTALL)
DAY = re.compile(r"\d{4}-\d\d-\d\d")  # a date to the day, as DT writes it
SGF_DATE = re.compile(r"\s*(\d{4})(?:-(\d\d)(?:-(\d\d))?)?(?=[,\s]|$)")  # DT's first date: 2005-03-01, 2005-03, 2005
CHARSET = re.compile(rb"CA\s*\[([^\]]*)\]")  # CA[ISO-8859-1]: the charset of a file's text
VALUE = re.compile(r"\[((?:\\.|[^\]\\])*)\]", re.DOTALL)


def is_sgf(text: str) -> bool:
    """Whether ``text`` is written as SGF (a game tree: ``(;`` first)."""
    return re.match(r"\s*\(\s*;", text) is not None


def unescape(value: str) -> str:
    """An SGF property value as written: soft line breaks dropped, ``\\x`` read as ``x``."""
    return re.sub(r"\\(.)", r"\1", value.replace("\\\n", ""), flags=re.DOTALL)


class Node(dict[str, list[str]]):
    """One node of a game tree, {property: [values]}, and the line of the file it starts on."""

    def __init__(self, line: int) -> None:
        super().__init__()
        self.line = line


def main_line(text: str) -> list[Node]:
    """The nodes of the first variation at each branch, each as {property: [values]} with the line
    it starts on; RecordError for text that is not an SGF game tree."""
    nodes: list[Node] = []
    line, counted = 1, 0  # the line at ``counted``: newlines are counted once, as the reading goes
    depth = 0  # how deep in the trees being read
    skipping = 0  # > 0: inside a variation after the first, at that depth
    done_at: set[int] = set()  # depths whose first variation has been read: later ones are skipped
    pos = 0
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if match is None:
            if not text[pos:].strip():
                break
            where = len(text) - len(text[pos:].lstrip())
            line_there = text.count("\n", 0, where) + 1
            raise RecordError(f"line {line_there}: the SGF cannot be read at {quoted(text[where:where + 20])}")
        pos = match.end()
        if match.group("open"):
            depth += 1
            if not skipping and depth in done_at:
                skipping = depth
        elif match.group("close"):
            if skipping == depth:
                skipping = 0
            elif not skipping:
                done_at.add(depth)
                done_at = {d for d in done_at if d <= depth}
            depth -= 1
        elif skipping:
            continue
        elif match.group("node"):
            line += text.count("\n", counted, match.start("node"))
            counted = match.start("node")
            nodes.append(Node(line))
        elif nodes:
            values = [unescape(v) for v in VALUE.findall(match.group("values"))]
            nodes[-1].setdefault(match.group("ident").upper(), []).extend(values)
    if not nodes:
        raise RecordError("the SGF holds no game")
    return nodes


def record_from_sgf(text: str) -> GameRecord:
    """The Hex game of a HexGui, Benzene or Little Golem SGF file, its moves replayed and dated as
    its ``DT`` says (RecordError naming the first problem: another game's SGF, a board we do not
    play, a move that is not legal and the line it is on: ``PartlyLegal``, holding the game up to
    the move before it).

    A resignation ``RE`` tells without a ``resign`` node (``RE[W+R]``, ``RE[B+Resign]``: FF[4]'s
    RE names the winner, so the loser is the other letter), or a flag fall (``RE[W+T]``,
    ``RE[W+Time]``), is placed at the move after the last when the loser is the side to move
    there ("Red resigns at move 2" after one move, "Red lost on time at move 2"), and said as the file says it
    ("Red resigns") when it is not: ``games.move_numbers.loss_placed``."""
    nodes = _nodes_of(text)
    record, refused = _game_of(nodes)
    written = nodes[0].get("DT", [""])[0]
    when = sgf_started(written)
    last = sgf_last_date(written)
    if when is not None:
        record = record.dated(*when) if last is None else record.dated(*when, last=last[0], last_given=last[1])
    if refused is not None:  # the game up to its last legal move is kept (``legal_part``)
        raise legal_part(record, refused)
    return record


def sgf_started(value: str) -> tuple[str, str] | None:
    """The first date of a ``DT`` value as records store it (ISO 8601, the first moment of that
    date, no zone: shown as the date it names wherever it is opened), with that date as written
    (``2003-05``: shown and written back so, ``GameRecord.date_given``); None for a value of
    another form.

    SGF FF[4] (red-bean.com's property list) makes ``DT`` ISO's ``YYYY-MM-DD``, partial dates
    allowed (``YYYY``, ``YYYY-MM``), a game of several days written as a list,
    ``1996-05-06,07,08``: its first date is the day the game began."""
    match = SGF_DATE.match(value)
    return None if match is None else given_date(match.group(0))


def sgf_last_date(value: str) -> tuple[str, str] | None:
    """The last date of a ``DT`` value that lists several (a game played over several days, or
    played on later: ``2003-05,2026-12-05``), in ``sgf_started``'s form (its first moment; the
    date as a full one, ``2003-06``); None for a value of one date.  A list read as far as it
    follows FF[4]'s form (``sgf_dates``)."""
    dates = sgf_dates(value)
    return given_date(dates[-1]) if len(dates) > 1 else None


def sgf_dates(value: str) -> list[str]:
    """The dates a ``DT`` value lists, each whole (``2003``, ``2003-05``, ``2003-05-06``), read
    left to right as SGF FF[4] says (red-bean.com's DT): a full date, partial or not, or after one
    a shortcut that takes the year and month before it: ``MM-DD`` after a date with a month,
    ``MM`` after one to the month (``1996-05,06``: May and June), ``DD`` after one to the day
    (``1996-05-06,07,08``); ``1996-12-27,28,1997-01-03,04`` is four days.  The list stops
    before a part of another form, or that is no date."""
    first = SGF_DATE.match(value)
    if first is None or given_date(first.group(0)) is None:
        return []
    dates, rest = [first.group(0).strip()], value[first.end():]
    for part in rest[1:].split(",") if rest.startswith(",") else ():
        date = _date_after(dates[-1].split("-"), part.strip())
        if date is None or given_date(date) is None:
            break
        dates.append(date)
    return dates


def _date_after(before: list[str], part: str) -> str | None:
    """A ``DT`` list's ``part`` as a whole date, its shortcut read after the date ``before``
    (year, month, day as written, as far as given); None for a part FF[4] does not allow there."""
    pieces = part.split("-")
    if not all(piece.isdigit() for piece in pieces):
        return None
    if len(pieces[0]) == 4:
        return part  # a full date, to the year, month or day
    year, has_month, has_day = before[0], len(before) > 1, len(before) > 2
    if [len(piece) for piece in pieces] == [2, 2] and has_month:
        return f"{year}-{part}"  # MM-DD
    if len(pieces) == 1 and len(part) == 2 and has_day:
        return f"{year}-{before[1]}-{part}"  # DD
    if len(pieces) == 1 and len(part) == 2 and has_month:
        return f"{year}-{part}"  # MM
    return None


def sgf_text(raw: bytes) -> str:
    """The text of an SGF (or a GGF, its Othello cousin) whose bytes are not UTF-8: in the charset
    its ``CA`` names, else ISO-8859-1, SGF FF[4]'s default (red-bean.com: CA, "Default value is
    'ISO-8859-1' aka 'Latin1'"), which also takes bytes a ``CA`` misnames."""
    named = CHARSET.search(raw)
    charset = named.group(1).decode("ascii", "replace").strip() if named else ""
    try:
        return raw.decode(codecs.lookup(charset).name)
    except (LookupError, UnicodeDecodeError):
        return raw.decode("iso-8859-1")


def _game_of(nodes: list[Node]) -> tuple[GameRecord, str | None]:
    """The Hex game of an SGF's main line (``record_from_sgf``), dated the day it is read, as far
    as its moves are legal, and why the next is refused (None: every move is legal)."""
    root = nodes[0]
    game_number = root.get("GM", ["11"])[0].strip()
    if game_number != "11":
        # not damaged: a game Tabuleiro does not have, which lists leave in place and say so
        raise RecordNotReadableHere(f"this SGF is of another game (GM[{game_number}]): Tabuleiro reads Hex's, GM[11]",
                                    why="game")
    size = _board_size(root.get("SZ", ["11"])[0])
    written = [(letter, value.strip(), node.line) for node in nodes for letter in SIDE_LETTERS
               for value in node.get(letter, [])]
    little_golem = _is_little_golem(root, [value for _letter, value, _line in written])
    words = [(letter, value) for letter, value, _line in written]
    words = _as_hexgui_words(words) if little_golem else words
    rules = root.get("RU", [""])[0].strip().lower()
    swap = little_golem or rules == SWAP_RULE or any(value.lower() in SWAP_WORDS for _letter, value in words)
    try:
        game = games.load("hex", size=size, swap=swap)
    except ValueError as exc:
        raise RecordError(f"SZ[{size}]: {exc}") from None
    titles = tuple(root.get(key, [""])[0].strip() for key in ("PB", "PW"))  # unnamed: shown as the side alone
    record = GameRecord("hex", dict(game.options), (Side(None, titles[0]), Side(None, titles[1])), [],
                        started=now_iso(), start_position=_setup_position(game, root))
    state = record.first_state(game)
    moves: list[str] = []
    kept = False  # the file's program kept the board at its swap: later cells and colours are mirrored back
    for number, (letter, value) in enumerate(words, 1):
        if value.lower() == "resign":  # at its node's move, as our own records say it: "Red resigns at move 5"
            loser = SIDE_LETTERS.index(letter) ^ kept
            said = resigned_at(game.sides[loser], len(moves))
            return record.with_moves(moves, state).finish(Result(1 - loser, said)), None
        text = value if kept else transpose_cell(value)
        if value.lower() in SWAP_WORDS:
            text = "swap"
            kept = _board_kept(value.lower(), letter, words[number:], root.get("AP", [""])[0])
        try:
            move = game.parse_move(state, text)
        except IllegalMove as exc:
            _letter, as_written, line = written[number - 1]
            return record.with_moves(moves, state), f"line {line}: {_refusal(number, as_written, little_golem, size, exc)}"
        moves.append(game.format_move(state, move))
        state = state.play(move)
    record = record.with_moves(moves, state)
    if record.is_finished():
        return record, None
    result = _result_off_the_board(game, root, kept and not little_golem)
    if result is None:
        return record, None
    return record.finish(loss_placed(result, game.sides, state.to_move, len(moves))), None


def _nodes_of(text: str) -> list[Node]:
    """The main line of a file's tree, its values read as their program wrote them: Little
    Golem's records always with ``]`` unescaped (``_brackets_escaped``); any other file as SGF
    says, and, where that reading fails, again with an unescaped ``]`` read as text.  HexGui's
    SgfWriter writes a comment or a name as typed (``print(key + "[" + value + "]")``, no
    escape), so ``C[take [c3] first]`` ended the value at ``c3]`` and the whole file, moves and
    all, was refused (HexGui's own SgfReader stops there too, and says "Error in SGF file").
    A file that neither reading takes is refused with the first one's reason."""
    if LITTLE_GOLEM_SOURCE.search(text):
        return main_line(_brackets_escaped(text))
    try:
        return main_line(text)
    except RecordError as strict:
        try:
            return main_line(_brackets_escaped(text))
        except RecordError:
            raise strict from None


def _brackets_escaped(text: str) -> str:
    """``text`` with its values escaped as SGF's are, for a program that writes them as typed:
    Little Golem writes a player's name so, ``PW[Shumacher;]]`` (game 1804563, in PlayHex's tests
    of littleGolemHsgf.ts, which reads it so), and HexGui's SgfWriter a comment.  A ``]`` ends a
    value only where a value, a property, a node or the end of the tree follows it, and a ``\\``
    is the text's own."""
    out, in_value = [], False
    for pos, char in enumerate(text):
        if not in_value:
            in_value = char == "["
        elif char == "]" and VALUE_END.match(text, pos + 1):
            in_value = False
        elif char in "]\\":
            char = "\\" + char
        out.append(char)
    return "".join(out)


def _refusal(number: int, value: str, little_golem: bool, size: int, exc: IllegalMove) -> str:
    """Why move ``number`` (``value`` as the file writes it) cannot be played: a Little Golem cell
    past the board's edge by its own letters, any other refusal in the rules' words."""
    if little_golem and LITTLE_GOLEM_CELL.fullmatch(value) and max(ord(ch) - ord("a") for ch in value.lower()) >= size:
        return f"Little Golem move {quoted(value)} is off the {size}x{size} board"
    return f"move {number} {quoted(value)} is not legal: {exc}"


def _result_off_the_board(game, root: dict[str, list[str]], kept: bool) -> Result | None:
    """The end ``RE`` tells of a game its moves do not end, in the file's words and no more.

    SGF FF[4]'s forms (red-bean.com's RE): ``B+R``/``B+Resign`` a win by resignation, ``B+T``/
    ``B+Time`` on time, ``B+F``/``B+Forfeit`` by forfeit: the loser "resigns", "lost on time",
    "forfeits" (``GC``'s words where they tell that same end, which our files write: "Red lost on
    time at move 30"); ``B+`` or ``B+`` a score, and Little Golem's ``RE[B]`` (``_is_little_golem``),
    name the winner alone: "Blue wins", nothing said of how.  Little Golem writes ``RE`` once a
    game is over and a resignation as a ``resign`` move; a game lost any other way (its clock:
    Sensei's Library's Little Golem page, "otherwise the player loses on time") has ``RE`` alone,
    and PlayHex's importer (littleGolemExternalGame.ts: "Little Golem does not tell how game
    ended, except for resignation") guesses a loss on time there: we guess nothing, not even a
    forfeit, which Little Golem's file never says; ``0`` and ``Draw`` a draw.  None for
    ``Void``, ``?`` or anything else: no end is made up.  ``kept``: the file's letters name the
    other side (``_board_kept``)."""
    value = root.get("RE", [""])[0].strip()
    if value.lower() in DRAW_VALUES:
        return Result(None, DRAW)
    match = RESULT_VALUE.fullmatch(value)
    if match is None:
        return None
    winner = SIDE_LETTERS.index(match.group("letter").upper()) ^ kept
    how = (match.group("how") or "")[:1].upper()
    if how not in LOSS_WORDS:  # B+, B+2.5, B: who won, not how
        return Result(winner, f"{game.sides[winner]}{WINS}")
    loser = game.sides[1 - winner]
    comment = " ".join(root.get("GC", [""])[0].split())
    said = comment if loss_letter(comment.removeprefix(loser)) == how else ""
    return Result(winner, said or f"{loser}{LOSS_WORDS[how]}")


def _is_little_golem(root: dict[str, list[str]], values: list[str]) -> bool:
    """Whether a file is a Little Golem record: a move in its two-letter cells, or its address in
    ``SO`` (a game that ended before any move has no cell to tell).

    Such a file is read with its cells and letters as HexGui's (``_as_hexgui_words``), its end by
    ``RE`` (``_result_off_the_board``: the winner alone), and always with the swap rule on: it writes no rule (no
    ``RU``, a swap only as its ``swap`` move), and the programs that read Little Golem's games play
    them all with it (PlayHex replays them with ``setAllowSwap(true)``; Polygames' bot plays its
    "Hex Size 11" and "Size 13" with its hex11pie and hex13pie models)."""
    source = root.get("SO", [""])[0].lower()
    return "littlegolem." in source or any(LITTLE_GOLEM_CELL.fullmatch(value) for value in values)


def _as_hexgui_words(words: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The moves of a Little Golem file as HexGui writes them.

    Little Golem's game page links its record as ``game<N>.hsgf``:
    ``(;FF[4]EV[hex.ch.23.1.1]PB[Ann]PW[Bob]SZ[13]RE[B]GC[ game #1]SO[http://www.littlegolem.com];W[mf];B[swap];W[kj]``.
    No GM; the first player (PB) writes its moves ``W``, the second (PW) ``B``, and ``RE[B]`` says
    PB won; a cell is two letters, the column's and the row's (``mf`` is HexGui's m6, the first
    player joining the rows' edges as HexGui's black does), and the swap is ``swap``, the cells
    after it as after HexGui 0.10's swap-pieces.  So each letter is exchanged and each cell renamed
    (``;B[m6];W[swap];B[k10]``).  Sources: Benzene's Little Golem bots (tools/lg/lg-mohex.rb,
    ``translate_LG2Hex!``), Polygames' (``hex_convert_hsgf_to_polygames``), ggp-zero's ``parse_sgf``
    ("white/black is wrong on LG"); tests/test_hex_sgf.py."""
    return [(SIDE_LETTERS[1 - SIDE_LETTERS.index(letter)], _hexgui_cell(value)) for letter, value in words]


def _hexgui_cell(value: str) -> str:
    """A Little Golem cell (``mf``: column m, row f) as HexGui names it (``m6``); other words as they are."""
    if not LITTLE_GOLEM_CELL.fullmatch(value):
        return value
    return f"{value[0].lower()}{ord(value[1].lower()) - ord('a') + 1}"


def _board_kept(word: str, letter: str, after: list[tuple[str, str]], program: str) -> bool:
    """Whether the file's program kept the board at its swap (see the module's docstring): the
    swapper's letter moves next, or, on a file that ends on its swap, ``swap-sides`` or an old
    HexGui's ``swap-pieces``."""
    if after:
        return after[0][0] == letter
    return word == "swap-sides" or (word == HEXGUI_SWAP and OLD_HEXGUI.match(program.strip()) is not None)


def loss_letter(rest: str) -> str:
    """How a loser's game ended off the board (R, T or F) by the words after its name in our end
    reason (" forfeits: level-3 lost on time: ..." is a loss on time); "" for anything else."""
    letter = next((letter for words, letter in LOSS_LETTERS.items() if rest.startswith(words)), "")
    return "T" if letter and " lost on time" in rest else letter


def _board_size(value: str) -> int:
    width, _colon, height = value.strip().partition(":")
    if not width.isdigit() or (height and not height.isdigit()):
        raise RecordError(f"SZ[{value}] is not a board size")
    if height and int(height) != int(width):
        raise RecordError(f"SZ[{value}]: Tabuleiro plays Hex on square boards only")
    return int(width)


def _setup_position(game, root: dict[str, list[str]]) -> str | None:
    """The position of the root's setup stones (``AB``, ``AW``, ``PL``) as ``Hex.to_text`` writes
    it, or None when there are none."""
    if not root.get("AB") and not root.get("AW"):
        return None
    rows = [["."] * game.size for _ in range(game.size)]
    for key, letter in (("AB", "B"), ("AW", "R")):
        for value in root.get(key, []):
            cell = transpose_cell(value)
            try:
                index = game.parse_move(game.initial_state(), cell)
            except IllegalMove as exc:
                raise RecordError(f"setup stone {key}[{value}]: {exc}") from None
            rows[index // game.size][index % game.size] = letter
    to_move = {"B": game.sides[0], "W": game.sides[1]}.get(root.get("PL", [""])[0].strip().upper()[:1])
    header = f"to-move: {to_move}\n" if to_move else ""
    text = header + "\n".join(" ".join(row) for row in rows)
    try:
        return game.to_text(game.from_text(text))
    except IllegalMove as exc:
        raise RecordError(f"the setup stones: {exc}") from None


def sgf_from_record(record: GameRecord) -> str:
    """A Hex record as a HexGui SGF file (see the module's docstring), which ``record_from_sgf``
    reads back to the same game; RecordError for another game's record."""
    if record.game_id != "hex":
        raise RecordError(f"only Hex games are written as SGF, not {record.game_id}")
    game = record.game()
    start = record.first_state(game)
    root = {"AP": APP.replace(" ", ":"), "FF": "4", "GM": "11", "SZ": str(game.size)}
    root.update({key: side.title.strip() for key, side in zip(("PB", "PW"), record.players) if side.title.strip()})
    dates = _dates(record)
    if dates:
        root["DT"] = dates
    if game.swap:
        root["RU"] = SWAP_RULE
    if record.result is not None:
        on_the_board = record.final_state().is_terminal()
        root["RE"] = _result_value(game, record.result, on_the_board)
        if not on_the_board and record.result.reason not in _said_by_re(game, record.result):
            root["GC"] = record.result.reason  # why, or at which move: RE says only resigned, on time or forfeited
    if not all(text.isascii() for text in root.values()):
        root["CA"] = "UTF-8"  # a player's name in another alphabet: the file's encoding, as SGF says it
    tokens = ["(", ";"]
    if record.start_position is not None:
        tokens += _setup_tokens(game, start)
        root["PL"] = SIDE_LETTERS[start.to_move]
    tokens += [f"{key}[{escape_value(value)}]" for key, value in sorted(root.items())]
    tokens += _move_tokens(record.moves, start.to_move)
    return _cut_lines([*tokens, ")", "\n"])


def _dates(record: GameRecord) -> str:
    """``DT``'s value: the start's date, as the file the game was read from gave it (2003-05,
    never 2003-05-01), and, for a game played on another day later (``GameRecord.played_on``),
    that day's after a comma, as FF[4] lists a game of several days (its last date as a file gave
    it, ``2003-06``, while the game was not played since); "" for a start that is no date."""
    first = record.date_given or (record.started[:10] if DAY.fullmatch(record.started[:10]) else "")
    last = record.last_date_given() or (record.updated[:10] if DAY.fullmatch(record.updated[:10]) else "")
    later = last if first and record.played_on() else ""
    return ",".join(filter(None, (first, later)))


def _move_tokens(moves: list[str], first: int) -> list[str]:
    """One node a move, the letters alternating and every cell exchanged to HexGui's orientation;
    our swap is SGF's ``swap-pieces`` (see the module's docstring)."""
    tokens: list[str] = []
    for number, move in enumerate(moves):
        text = HEXGUI_SWAP if move in SWAP_NAMES else transpose_cell(move)
        tokens += [";", f"{SIDE_LETTERS[(first + number) % 2]}[{text}]"]
    return tokens


def _said_by_re(game, result: Result) -> tuple[str, ...]:
    """The end reasons ``RE`` says in full (``_result_off_the_board`` reads them back from it
    alone): a draw, the winner alone, a loser's resignation, flag fall or forfeit without more."""
    if result.winner is None:
        return (DRAW,)
    loser = game.sides[1 - result.winner]
    return (f"{game.sides[result.winner]}{WINS}", *(f"{loser}{words}" for words in LOSS_WORDS.values()))


def _result_value(game, result: Result, on_the_board: bool) -> str:
    """``RE``'s value: the winner's letter, then how the loser lost off the board (``W+Resign``);
    ``Draw`` for a draw (a file's: Hex has none on the board)."""
    if result.winner is None:
        return "Draw"
    winner = SIDE_LETTERS[result.winner]
    if on_the_board:
        return f"{winner}+"
    letter = loss_letter(result.reason.removeprefix(game.sides[1 - result.winner]))
    return f"{winner}+{LOSS_FORMS.get(letter, '')}"


def _setup_tokens(game, start) -> list[str]:
    """The start position's stones as HexGui prints them: ``AB``, each cell, then ``AW``, each cell."""
    tokens: list[str] = []
    for side, key in enumerate(("AB", "AW")):
        cells = [transpose_cell(game.format_move(start, cell)) for cell in range(game.cells) if start.stone_at(cell) == side]
        if cells:
            tokens += [key, *(f"[{cell}]" for cell in cells)]
    return tokens


def escape_value(value: str) -> str:
    """A SimpleText value as SGF writes it: ``\\`` and ``]`` escaped, line breaks as spaces (GGF writes
    its values otherwise: ``othello_ggf._value_text``)."""
    return re.sub(r"([\\\]])", r"\\\1", " ".join(value.splitlines()))


def _cut_lines(tokens: list[str]) -> str:
    """The tokens on lines of at most ``LINE_WIDTH`` characters, cut between tokens as HexGui's
    SgfWriter cuts them (so a file written here and one HexGui saves compare line by line)."""
    out, line = [], ""
    for token in tokens:
        if len(line) + len(token) > LINE_WIDTH:
            out.append(line + "\n")
            line = ""
        line += token
    return "".join(out) + line
