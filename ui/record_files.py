"""Game record files: atomic writes, reading with clear errors, corrupt files moved aside.

The record format itself (what a record holds, validation, migrations) is rules-level and lives in
games/record.py; this module is the file handling around it, used by the window's autosave, saved
games, replays and exports.

    save(record, path)       # atomic: temporary file, fsync, rename
    record = load(path)      # RecordError (a ValueError) naming the file and the problem
    record = from_text(text) # a record's JSON, a move list as "Copy moves" writes it, or a position

A game whose moves turn illegal part-way is refused with its legal part (``PartlyLegal``), which
the window opens and says so (``kept_up_to_legal``), the file left as it was.

A move list does not say which players were computers; ``from_text`` gives a side the player id
of the game's player with that title ("Level 3"), so that playing on from it meets that player.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import ai
import games
from ai.atomic import atomic_write_text, game_file_text, os_problem
from ai.value_words import counted
from games.hex_sgf import is_sgf, record_from_sgf
from games.move_list import moves_or_position, record_from_move_list
from games.othello_ggf import GgfClock, ggf_clock, is_ggf, record_from_ggf
from games.position_text import is_position_text, position_alone, record_from_position
from games.record import FORMAT, SUFFIX, GameRecord
from games.record_fields import clean_title
from games.record_parts import (
    EMPTY_FILE,
    PartlyLegal,
    RecordError,
    RecordNotReadableHere,
    Side,
    check_text_length,
    in_file,
    is_empty,
    told_apart,
    unnumbered,
)
from ui import words
from ui.clocks import with_clock
from ui.debug_log import trail
from ui.i18n import Phrase, ngettext


def content_problem(exc: BaseException) -> str:
    """What is wrong inside a JSON file that could not be read (settings, your results), in
    words a user understands rather than Python's own ("'utf-8' codec can't decode byte 0xff in
    position 0: invalid start byte"); English, as the files' other problems are."""
    if isinstance(exc, UnicodeDecodeError):
        return f"it is not UTF-8 text (byte {exc.start + 1} is 0x{exc.object[exc.start]:02x})"
    if isinstance(exc, json.JSONDecodeError):
        return f"it is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
    if isinstance(exc, RecursionError):
        return "it holds lists or objects nested far too deep"
    return str(exc)


def cannot_write(exc: OSError, path: Path | str) -> str:
    """"<file>: cannot be written (<why>)", in English as the files' other problems are."""
    return f"{Path(path).name}: cannot be written ({os_problem(exc, path)})"


def write_problem(exc: OSError, path: Path | str) -> str:
    """Why ``path`` could not be written, for the window in its language ("the disk holding
    /x is full"): an export's message said the C library's "No space left on device" or the
    whole "[Errno 30] ... '/x/y.png.tmp'", in English in a Portuguese window."""
    return words.file_problem(cannot_write(exc, path))


def move_aside(path: Path | str) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<timestamp>`` (never delete it); returns the new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


# the other programs' game files the window opens and the Saved games list shows beside its own
# records (``ui.export.OUTSIDE_FILES`` saves them there): Hex's SGF (HexGui, Benzene; Little Golem's
# .hsgf), Othello's GGF
OUTSIDE_SUFFIXES = (".sgf", ".hsgf", ".ggf")


def is_outside_file(path: Path) -> bool:
    """Whether ``path`` is another program's game file (``OUTSIDE_SUFFIXES``), not a record of ours."""
    return path.suffix.lower() in OUTSIDE_SUFFIXES


def read_text(path: Path | str) -> str:
    """The file's text; RecordError (not OSError) for unreadable, huge or non-UTF-8 files (but an
    SGF or GGF, read in its own charset, or a move list in Windows' own), in the words ``main.py
    analyse --record`` says them in (``ai.atomic.game_file_text``), after the file's name."""
    path = Path(path)
    try:
        return game_file_text(path)
    except RecordError as exc:
        raise in_file(exc, path.name) from None


def load(path: Path | str) -> GameRecord:
    """Read and validate a record file (or a move list saved as text); RecordError("<file>:
    <problem>").  The file is never changed.  A record naming a computer player this Tabuleiro
    lacks is read (it can be replayed); ``with_known_players`` is for records to be played on."""
    path = Path(path)
    text = read_text(path)
    if is_empty(text):
        raise RecordError(f"{path.name}: {EMPTY_FILE}")
    try:
        if path.suffix.lower() == SUFFIX:
            return _finished(lambda: GameRecord.loads(text), catalog_titles)
        return from_text(text)
    except RecordError as exc:
        raise in_file(exc, path.name) from None


def load_or_say(path: Path | str, messages: Any) -> GameRecord | None:
    """``load``'s record of ``path``, or None once ``messages`` (the window's ``Messages``) says
    why it cannot be opened: a dropped file and a Saved games row say it in the same words.  A
    game whose moves turn illegal part-way is its legal part, said so (``kept_up_to_legal``); the
    file is left as it was."""
    try:
        record = load(path)
    except PartlyLegal as exc:
        record = kept_up_to_legal(exc, messages, in_file=True)
        if record is None:
            trail.info("game file not opened: %s: %s", path, exc)
            messages.add(words.cannot_open(str(exc)), "error", duration=10.0)
            return None
        trail.info("game file opened up to its last legal move: %s (%s kept): %s", path, counted(len(record.moves), "moves"),
                   exc)
        return record
    except RecordError as exc:
        trail.info("game file not opened: %s: %s", path, exc)
        messages.add(words.cannot_open(str(exc)), "error", duration=10.0)
        return None
    trail.info("game file opened: %s (%s, %s)", path, record.game_id, counted(len(record.moves), "moves"))
    return record


def kept_up_to_legal(refused: PartlyLegal, messages: Any, in_file: bool) -> GameRecord | None:
    """The game of a file or a pasted text refused for a move part-way (``refused``: a SGF, GGF,
    move list or record that a hand or a disk damaged), kept up to its last legal move, with
    ``messages`` (the window's) saying so: the move that could not be played and why, and how
    many moves are kept (the notice Saved games and Continue give a damaged file of their own,
    ``ui.autosave_reading._kept_up_to_legal``); ``in_file``: a file's, which is left as it was.  None
    where no move is kept (its first move is refused): nothing is opened, and the refusal is the
    caller's to say.  The game's redo moves (``setup``'s) followed the moves lost: they go."""
    from ui.autosave_setup import REDO_CLOCKS_KEY, REDO_KEY
    from ui.widgets import on_the_next_screen

    record = refused.legal
    if record is None or not record.moves:
        return None
    record = replace(record, setup={k: v for k, v in record.setup.items() if k not in (REDO_KEY, REDO_CLOCKS_KEY)})
    n, problem = len(record.moves), str(refused)
    messages.add(Phrase(lambda: legal_part_words(problem, n, in_file)), "warn", duration=12.0,
                 stays=on_the_next_screen())  # said before the game's screen opens
    return record


def legal_part_words(problem: str, kept: int, in_file: bool) -> str:
    """The notice of a game kept up to its last legal move (``kept_up_to_legal``), in the window's
    language: ``problem`` (the refusal, naming the file where there is one) then how many moves
    are kept, and that the file is left as it was (``in_file``).  A pasted game's refusal starts
    the message, so it is capitalised ("Move 3 'c3' is not legal ...", not "move 3")."""
    said = (ngettext("{problem}. The game is kept up to its last legal move ({n} move kept); the file is left as it was",
                     "{problem}. The game is kept up to its last legal move ({n} moves kept); the file is left as it was",
                     kept) if in_file else
            ngettext("{problem}. The game is kept up to its last legal move ({n} move kept)",
                     "{problem}. The game is kept up to its last legal move ({n} moves kept)", kept))
    problem = words.file_problem(problem) if in_file else words.sentence(words.rule_reason(problem))
    return said.format(problem=problem, n=kept)


def catalog_titles(record: GameRecord) -> GameRecord:
    """``record`` with each computer player titled by its id alone -- a line of ``main.py match
    --json`` knows only the ids ("level-2", "rastros:basilio") -- titled as the catalog and every
    screen name it ("Level 2", "Basilio"), and a student's file as the tournament's tables name
    it (``outside_titles``); an outside player's title as an older version saved it ("Buggy
    (buggy.py)") by that rule too (``kept_title``: "buggy:Buggy"); other titles (a name, an
    outside player's given one) stay.  Two sides then titled alike are numbered as the command
    line numbers them (``told_apart``: "Level 1 #1", "Level 1 #2")."""
    record = _outside_titles_kept(record)
    players = told_apart(_catalog_titled(record))
    return record if players == record.players else replace(record, players=players)


def _catalog_titled(record: GameRecord) -> tuple[Side, Side]:
    """``record``'s sides, each computer player titled by its id alone given its catalog title
    (``catalog_titles``)."""
    untitled = [side.id for side in record.players if side.id is not None and side.title == side.id]
    if not untitled:
        return record.players  # nothing to title: the catalog (which imports the game's engines) is not needed
    titles = {player.id: player.title for player in ai.catalog(record.game_id)}
    titles |= outside_titles([pid for pid in untitled if ai.is_outside_player(pid)])
    first, second = (Side(side.id, titles[side.id]) if side.id in titles and side.title == side.id else side
                     for side in record.players)
    return first, second


def _outside_titles_kept(record: GameRecord) -> GameRecord:
    """``record`` with its outside players' titles named by the one rule (``kept_title``)."""
    from ui.outside_players import kept_title

    players = tuple(Side(side.id, kept_title(side.id, side.title)) if side.id is not None and side.title
                    and ai.is_outside_player(side.id) else side for side in record.players)
    return record if players == record.players else replace(record, players=players)


def outside_titles(player_ids: list[str]) -> dict[str, str]:
    """Outside players' names as a tournament's tables give them (``entry_title``, told apart by
    ``display_names``): a student's game replayed from a ``match --json`` line read "Blue:
    /home/prof/bots/aluno.py" cut off at the panel's edge, where the league's crosstable said "aluno"."""
    from ai.outside_names import entry_title
    from ai.player_names import display_names

    return display_names(player_ids, {pid: title for pid in player_ids if (title := entry_title(pid))})


def unknown_player(record: GameRecord) -> Side | None:
    """The first computer player ``record`` names that this Tabuleiro cannot make ("level-99",
    hand-edited or a newer version's), or None.  Playing such a game on asked the AI worker for
    it, which failed in the background and played a stand-in's moves unsaid."""
    return next((side for side in record.players
                 if side.id is not None and not ai.has_player(record.game_id, side.id)), None)


def with_known_players(record: GameRecord, path: Path | None = None) -> GameRecord:
    """``record`` (read from ``path``), if this Tabuleiro has every computer player it names (a
    game to be played on: the Continue list's); else RecordNotReadableHere (why "player")."""
    side = unknown_player(record)
    if side is not None:
        raise RecordNotReadableHere(f"{path.name + ': ' if path else ''}the player {side.id!r} is not one of this "
                                    "Tabuleiro's players (perhaps a newer Tabuleiro's)", why="player")
    return record


def from_text(text: str, chosen: Mapping[str, Mapping[str, Any]] | None = None) -> GameRecord:
    """A record from its JSON, from a HexGui or Benzene SGF file (games.hex_sgf), from an Othello
    server's or database's GGF (games.othello_ggf: its first game), from a move list (``games.move_list.move_list_text``'s form, its
    players matched to the game's players by title), or from a position (``games.position_text``:
    a record of no moves from there, under the rule options ``chosen`` per game where the text
    names none); RecordError naming the problem, and at once for a text longer than any game's
    moves or position (``games.record_parts.check_text_length``)."""
    text = _game_named_in_english(_unquoted(text.lstrip("\ufeff")))  # a BOM: copied from a file a Windows editor wrote
    if is_ggf(text):  # an Othello game of GGS or a database: SGF's shape, another game's words
        return _finished(lambda: record_from_ggf(text),
                         lambda record: _with_catalog_players(_with_ggf_clock(record, ggf_clock(text, record))),
                         lambda part: _with_catalog_players(_with_ggf_clock(part, ggf_clock(text, part, cut=True))))
    if text.lstrip().startswith("{"):
        return _finished(lambda: GameRecord.loads(text), catalog_titles)
    check_text_length(text)  # JSON and GGF databases read fast at any size; moves are tried as every game's
    if is_sgf(text):  # a Hex game HexGui or Benzene saved
        return _finished(lambda: record_from_sgf(text), _with_catalog_players)
    alone = position_alone(text)  # a course's printed state or board, no game named
    if alone is not None:
        return record_from_position(alone, chosen=chosen)
    if is_position_text(text):  # a board, or a bare move list under the game's name
        try:
            return record_from_position(text, chosen=chosen)
        except RecordError as problem:
            as_position = problem  # the except clause's name is gone once the clause ends
        return _finished(lambda: moves_or_position(text, as_position), _with_catalog_players)
    return _finished(lambda: record_from_move_list(text), _with_catalog_players)


def _finished(read: Callable[[], GameRecord], finish: Callable[[GameRecord], GameRecord],
              finish_part: Callable[[GameRecord], GameRecord] | None = None) -> GameRecord:
    """``finish(read())``: a format's record with the window's touches (its players' ids, a GGF's
    clock); a game refused part-way (``PartlyLegal``) is refused with its legal part so finished
    too, by ``finish_part`` where the format reads the rest of the file differently for it (a
    GGF's move times: the moves after the last legal one are not the part's)."""
    try:
        record = read()
    except PartlyLegal as refused:
        if refused.legal is None:
            raise
        raise type(refused)(str(refused), (finish_part or finish)(refused.legal)) from None
    return finish(record)


def _with_ggf_clock(record: GameRecord, clock: GgfClock | None) -> GameRecord:
    """A GGS game's record with the clock it was played on and both clocks after each move, where
    its file gives them (``ggf_clock``), as a clocked game of ours keeps them."""
    return record if clock is None else with_clock(record, clock.initial, clock.increment, clock.readings)


def _with_catalog_players(record: GameRecord) -> GameRecord:
    """``record`` with each side's title that names one of the game's players given that player's
    id, and made safe to show as a record file's are (``games.record_fields.clean_title``): an SGF's,
    GGF's or move list's name holding a NUL made the replay raise at every frame.  A title
    numbered (a game of a player against itself copied: "Level 1 #2") names its player too, and
    two sides titled alike are numbered (``told_apart``)."""
    ids = {}
    for player in ai.catalog(record.game_id):
        ids[player.title] = ids[words.player_title(player.title)] = player.id
    titles = [clean_title(side.title) for side in record.players]
    first, second = (Side(ids.get(unnumbered(title)[0]), title) for title in titles)
    return replace(record, players=told_apart((first, second)))


def _unquoted(text: str) -> str:
    """``text`` without the "> " a mail reply puts before each line it quotes (every level of it):
    a student's game quoted back in the teacher's reply read as "its first line should name the
    game, not '> Reversi (size=8)'".  A text with a line not so marked is left as it is."""
    lines = text.splitlines()
    while lines and any(line.strip() for line in lines) and all(line.lstrip().startswith(">") or not line.strip()
                                                                for line in lines):
        lines = [line.lstrip()[1:].removeprefix(" ") if line.strip() else line for line in lines]
    return "\n".join(lines) if lines != text.splitlines() else text


def _game_named_in_english(text: str) -> str:
    """``text`` with a first line that names the game in the window's language ("Jogo do Galo
    (width=4)") naming it as the files do ("Tic-tac-toe (width=4)"): people type the name they see."""
    lead = len(text) - len(text.lstrip())
    first, newline, rest = text[lead:].partition("\n")
    name, paren, options = first.partition(" (")
    for info in games.catalog():
        if name.strip().lower() == words.title(info).lower() != info.title.lower():
            return text[:lead] + info.title + paren + options + newline + rest
    return text


def is_record_file(path: Path | str) -> bool:
    """True if ``path`` holds JSON that says it is a Tabuleiro record (valid or not)."""
    try:
        data = json.loads(read_text(path))
    except (RecordError, json.JSONDecodeError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def save(record: GameRecord, path: Path | str) -> Path:
    """Write ``record`` atomically.  A file at ``path`` that is not a Tabuleiro record is not overwritten."""
    path = Path(path)
    if path.exists() and not is_record_file(path):
        raise RecordError(f"{path.name} exists and is not a Tabuleiro record; it was not overwritten")
    try:
        return write_record(record, path)
    except OSError as exc:
        raise RecordError(cannot_write(exc, path)) from None


def write_record(record: GameRecord, path: Path) -> Path:
    """Check ``record`` and write it atomically at ``path``; OSError when it cannot be written, for
    the caller to say under the name the player knows (a save staged under a hidden name said
    ".NAME.json.<hex>.tmp: cannot be written" of a full disk)."""
    record.check()
    atomic_write_text(path, record.dumps())
    return path
