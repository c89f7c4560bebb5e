"""A game as a move list, the text a player copies or pastes: written (its title line, date, start,
numbered moves and result line) and read back (``record_from_move_list``: a list of any of the
games' notations, with or without numbers, a title or a result, as transcripts write them)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from typing import Any

import games
from games.base import Game, IllegalMove, State, captures_since, parse_in_line
from games.grid import NOTEBOOK_SQUARE
from games.move_numbers import (
    loss_placed,
    numbered_moves,
)
from games.record import GameRecord, legal_part
from games.record_fields import (
    game_title,
    given_date,
    options_text,
    side_names_of,
)
from games.record_parts import (
    AT_MOVE,
    FORFEITS,
    OFF_THE_BOARD_LOSSES,
    PartlyLegal,
    RecordError,
    Result,
    Side,
    WholeGameError,
    WholeGamePartlyLegal,
)

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
    result = replace(result, reason=reason_in_moves(result.reason))
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


# a count of plies in an end reason as records keep it (Alquerque's draw, in the course's words)
_PLIES_PASSED = re.compile(r"\b(?P<plies>\d+) plies (?=passed with no capture|without capture)")


def reason_in_moves(reason: str) -> str:
    """``reason`` (a record's) as a copied list says it to players, who count moves, one player's
    turn each, as the screens do: Alquerque's "Draw: 40 plies passed with no capture" is "Draw: 40
    moves, 20 each, passed with no capture", the window's "40 moves (20 each)" (``ui.words.REASONS``)
    with commas, the line's one pair of brackets being the score's (``result_line``).  A list read
    back takes its end from its moves, not from these words."""
    return _PLIES_PASSED.sub(lambda m: f"{m['plies']} moves, {int(m['plies']) // 2} each, ", reason)


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
