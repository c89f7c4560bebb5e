"""What a game record is made of: who played each side, how the game ended, the searches' values
behind its evaluation graph (``PlyValue``, ``ProofMeasure``), and the errors its reading raises
(``RecordError`` and its kinds), shared by the record (games/record.py) and the texts and files
it is read from."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from games.base import State

if TYPE_CHECKING:
    from games.record import GameRecord


MAX_TEXT_CHARS = 256 * 1024
"""The longest move list, position or SGF read as a game (``check_text_length``): the longest
game's list is some KB, and reading one tries every game's notation at some microseconds a
character, so a 50 MB text pasted or dropped held the window still for over a minute."""


class RecordError(ValueError):
    """A record that cannot be read or written; the message names the file part or move at fault."""


EMPTY_FILE = "the file is empty"  # said of a file holding nothing but spaces, whatever its kind (``is_empty``)


def is_empty(text: str) -> bool:
    """Whether a file's ``text`` holds nothing but spaces (a BOM among them): a file made and never
    written, said to be empty (``EMPTY_FILE``) wherever it is opened, the window
    (``ui.record_files.load``) or ``main.py analyse --record``, not "there is no text" as a move
    list, nor the JSON reader's "line 1, column 1: Expecting value"."""
    return not text.lstrip("\ufeff").strip()


PICTURE_STARTS = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"BM", b"RIFF")  # PNG, JPEG, GIF, BMP, WebP
NOT_TEXT = "not a text file (not UTF-8)"  # said of bytes that are no text in any encoding (a NUL among them)


def text_in_another_encoding(raw: bytes) -> str:
    """The text of a game file that is not UTF-8, as every reader of one takes it (the window's
    ``ui.record_files.read_text``, ``main.py analyse --record``): an SGF or a GGF (``(;`` first) in
    its own charset, ISO-8859-1 unless its ``CA`` names another (``games.hex_sgf.sgf_text``: SGF's
    default, in which older files write a name such as "João"); any other text as Windows'
    "ANSI" (cp1252) writes it, the encoding Notepad saved a move list in before UTF-8.  RecordError,
    without the file's name (its reader names it its own way), for bytes that are no text (a NUL
    among them: a UTF-16 file), said in a player's words for a picture (the Picture button's PNG
    dropped on the window was "not a text file (not UTF-8)")."""
    from games.hex_sgf import sgf_text  # it reads records of these parts: imported once both are

    if raw.startswith(PICTURE_STARTS):
        raise RecordError("a picture, not a saved game")
    if b"\0" in raw:
        raise RecordError(NOT_TEXT)
    if raw.lstrip().startswith(b"(;"):
        return sgf_text(raw)
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError:  # a byte cp1252 leaves undefined (0x81, 0x8d...): each byte its own character
        return raw.decode("iso-8859-1")


def in_file(exc: RecordError, name: str) -> RecordError:
    """``exc`` said of the file ``name`` ("game.sgf: ..."), of the same kind, saying the same of its
    cause (``RecordNotReadableHere.why``, ``PartlyLegal.legal``)."""
    named = copy.copy(exc)
    named.args = (f"{name}: {exc}",)
    return named


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
    newer format), "game", "option", "player" (one this Tabuleiro does not have) or "access"."""

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
    (Reversi's discs), ``bound`` where it is a bound of it, the least the winner wins by (Reversi's
    midgame proofs: "White wins by at least 54 discs").  Kept with a value so that a proof said later, away from its search (the
    analysis line beside the eval bar's proof, a replay of a saved game), says it in the same
    measure as the search's own words and a hint."""

    plies: int | None = None
    at_most: bool = False
    margin: bool = False
    bound: bool = False

    @classmethod
    def of(cls, plies: int | None, at_most: bool = False, margin: bool = False,
           bound: bool = False) -> ProofMeasure | None:
        """The measure of a proof's fields, None where they measure nothing (no plies, no margin
        nor bound of it); an exact margin is no bound."""
        counted = plies if plies is not None and plies > 0 else None
        if counted is None and not margin and not bound:
            return None
        return cls(counted, at_most and counted is not None, margin, bound and not margin)

    def one_ply_on(self) -> ProofMeasure | None:
        """The measure of the position a move reaches, where this is of the position before it
        with the move counted: a ply shorter, the margin the same."""
        return ProofMeasure.of(None if self.plies is None else self.plies - 1, self.at_most, self.margin, self.bound)

    def one_ply_back(self) -> ProofMeasure | None:
        """The measure of the position before a move, where this is of the position the move
        reaches (``one_ply_on``'s inverse): a ply longer, the move counted, the margin the same;
        a forced move's position is proven by its only move's proof."""
        return ProofMeasure.of(None if self.plies is None else self.plies + 1, self.at_most, self.margin, self.bound)

    def to_dict(self) -> dict[str, Any]:
        """The measure as the file writes it: the defaults left out."""
        out: dict[str, Any] = {} if self.plies is None else {"plies": self.plies}
        if self.at_most:
            out["at_most"] = True
        if self.margin:
            out["margin"] = True
        if self.bound:
            out["bound"] = True
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
