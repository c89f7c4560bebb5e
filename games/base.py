"""The game contract: what every game module provides and every other layer relies on.

A game is two things: a ``Game`` (the rules for one choice of options: board size, variants) and
its ``State`` values (immutable positions).  Search, the UI, tournaments and tests only ever use
the names defined here, so a new game is one module that subclasses these two classes.

States are values: ``play`` returns a new state and never changes the old one, ``key()`` is equal
for equal positions.  Moves are small hashable values (ints, tuples, strings) whose meaning is
private to the game; ``Game.format_move``/``Game.parse_move`` translate them to the game's
standard notation.  A value that is no move of the game (``Game.is_move_value``: None, a float,
a square off the board) is refused like an illegal move, with a reason (``Game.why_illegal``,
``IllegalMove`` from ``play``), never with another exception.

A move is its exact type, not any value equal to it: ``True`` is no move where the move is the
int 1 (``True == 1`` in Python), nor ``(6.0, 12.0)`` where it is ``(6, 12)``, nor numpy's
``int64(5)``, nor a str subclass's ``"swap"``.  Taken, such a value would be kept and written
out as it came (``true`` in a saved game, a square printed as ``6.0``); the rules refuse it,
saying what it resembles (``is_exactly``, ``looks_like``, ``Game.is_legal``).  numpy integers
are refused here too, and normalised to int where values come in from outside (a student's
``choose`` answering ``numpy.argmax(...)``, ``ai.outside_child.plain_move``): the one place
they are expected, so that no engine or window can pass one on unnoticed.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from games.position_cells import TextCells

Move = Hashable


class IllegalMove(ValueError):
    """A move (or move text, or position text) that the rules do not allow; the message says why.
    ``other``: the same reason with the board's places named in the notation the game's players
    write elsewhere (Trax's official one: ``A1`` where the message says ``f6``), for a window that
    labels its board so (``Game.other_move_text``); None where the reason names no place so.
    ``at``: where a whole written game is refused for one of its moves (``Game.whole_game``), that
    move's number (1 first), so a reader can keep the game up to the move before it; None otherwise."""

    def __init__(self, *args: object, other: str | None = None, at: int | None = None) -> None:
        super().__init__(*args)
        self.other = other
        self.at = at


@dataclass(frozen=True)
class Option:
    """A rule option a game declares; the menu and the command line build their inputs from it.

    ``kind`` is ``int``, ``bool`` or ``str``.  ``choices`` (when given) lists every allowed value;
    for ``int`` options without choices, ``minimum``/``maximum`` bound the value.
    ``start_only`` marks an option that only picks the usual starting position (Trax's centre
    tile): a game set up from a given position has no use for it, so screens leave it out there.
    ``board`` marks one that makes another board (a size, tic-tac-toe's k): your results against
    a level are kept apart for each such board (``ui.tally``), a win at 7x7 Hex not one at 19x19.
    ``follows`` names the options that limit this one's values beyond its own range (tic-tac-toe's
    k by the width and the height: no 4 in a row on 3x3): forms offer it only the values the game's
    ``GameInfo.together`` check takes with the others (``GameInfo.offered``), and move it to the
    nearest of them when those others change (``GameInfo.followed``), never the other way round.
    """

    name: str
    kind: type
    default: Any
    label: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    start_only: bool = False
    board: bool = False
    follows: tuple[str, ...] = ()

    def values(self) -> list[Any]:
        """Every value the option takes, in order (a form's selector or stepper offers them); []
        for one a form types in (text, a number without both bounds)."""
        if self.choices:
            return list(self.choices)
        if self.kind is bool:
            return [False, True]
        if self.kind is int and self.minimum is not None and self.maximum is not None:
            return list(range(self.minimum, self.maximum + 1))
        return []

    def allowed(self) -> str:
        """The valid values in words, for error messages: "6, 8 or 10" (``one_of``), "3..19"."""
        if self.choices:
            return one_of([str(c) for c in self.choices])
        if self.kind is bool:
            return one_of(["true", "false"])
        if self.kind is int:
            return f"{self.minimum}..{self.maximum}"
        return "any text"

    def usage(self) -> str:
        """``k=3..19 (default 3)``, ``swap=true|false (default false)``: the option as the command
        line takes it, for its ``--help`` (written from this declaration, so it never falls behind)."""
        if self.choices or self.kind is bool:
            values = "|".join(str(c) for c in self.choices) if self.choices else "true|false"
        else:
            values = self.allowed()
        default = str(self.default).lower() if self.kind is bool else self.default
        return f"{self.name}={values} (default {default})"

    def coerce(self, value: Any) -> Any:
        """Turn ``value`` (possibly command-line text) into a valid value, or raise ValueError."""
        try:
            if self.kind is bool:
                if isinstance(value, str):
                    text = value.strip().lower()
                    if text not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError
                    value = text in ("true", "1", "yes", "on")
                value = bool(value)
            elif self.kind is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError  # int() would truncate: a board of 8.9 is no size, not 8
                value = int(value)
            else:
                value = str(value)
        except (TypeError, ValueError, OverflowError):  # OverflowError: int(1e400), a float infinity
            raise ValueError(
                f"option {self.name}: {_shown(value)} is not valid; choose {self.allowed()}"
            ) from None
        bad = (self.choices and value not in self.choices) or (
            self.kind is int
            and not self.choices
            and (
                (self.minimum is not None and value < self.minimum)
                or (self.maximum is not None and value > self.maximum)
            )
        )
        if bad:
            raise ValueError(f"option {self.name}: {_shown(value)} is not valid; choose {self.allowed()}")
        return value


def one_of(texts: Sequence[str], or_word: str = " or ") -> str:
    """Values to choose among as a sentence lists them: "6, 8 or 10", "6 or 8", "6" (a refusal's
    "choose 6, 8, 10" read as three choices with none between them).  ``or_word``: the window's
    own, in its language (``ui.words.one_of``)."""
    *rest, last = texts
    return f"{', '.join(rest)}{or_word}{last}" if rest else last


def _shown(value: Any, limit: int = 40) -> str:
    """``value`` as a message quotes it: its repr, cut to ``limit`` characters (a file may hold a
    number of 300 digits, or a text of a megabyte)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out
        text = "a number too long to write"
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass(frozen=True)
class GameInfo:
    """What the catalog says about a game: enough to list it and build its options menu."""

    id: str
    title: str
    sides: tuple[str, str]
    options: tuple[Option, ...] = ()
    summary: str = ""
    aliases: tuple[str, ...] = ()  # other names a pasted text may give the game: its titles in the window's languages
    # whether the rules can end a game drawn: two players may then agree a draw (Hex and Rastros cannot)
    can_draw: bool = True
    # why the rules refuse the options together though each is in its own range ("" where they go
    # together): tic-tac-toe's k longer than the board; ``Game`` raises it, forms offer around it
    together: Callable[[dict[str, Any]], str] | None = None

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        valid = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"{self.id} has no option {name!r}; options: {valid}")

    def options_problem(self, values: dict[str, Any]) -> str:
        """Why the rules refuse ``values`` (every option's, each in its own range) together, in the
        words ``Game`` raises ("option k: 4 in a row cannot fit on 3x3; choose 3..3"); "" where
        they go together."""
        return self.together(values) if self.together is not None else ""

    def refusal(self, given: dict[str, Any]) -> str:
        """Why the rules make no game of the options ``given`` (defaults for the rest), in the
        words ``Game`` raises ("option k: 9 in a row cannot fit on 7x4; choose 3..7", "option
        size: 7 is not valid; ..."); "" where they make one.  Told without making the game: a
        screen asks it of every game's card."""
        try:
            values = self.resolve_options(given)
        except ValueError as exc:
            return str(exc)
        return self.options_problem(values)

    def offered(self, name: str, values: dict[str, Any]) -> list[Any]:
        """The values of option ``name`` a form offers beside the other options in ``values``: its
        own (``Option.values``), less those the rules refuse with the options it ``follows``
        (tic-tac-toe's k: 3 to the board's longer side).  Never empty: where the others leave it
        no value, its own all, for the Start-time refusal to say why."""
        option = self.option(name)
        own = option.values()
        if not option.follows:
            return own
        fitting = [v for v in own if not self.options_problem({**values, name: v})]
        return fitting or own

    def followed(self, values: dict[str, Any]) -> dict[str, Any]:
        """The options (name: new value) that must move for ``values`` to go together, each that
        ``follows`` others and is not among its ``offered`` values moved to the nearest that is
        (a 4 in a row to 3 when the board shrinks to 3x3); {} where they go together already."""
        moved: dict[str, Any] = {}
        for option in self.options:
            own, offered = option.values(), self.offered(option.name, {**values, **moved})
            value = values.get(option.name, option.default)
            if option.follows and value in own and value not in offered:
                at = own.index(value)
                moved[option.name] = min(offered, key=lambda v: abs(own.index(v) - at))
        return moved

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``, each value checked; raises ValueError naming the problem."""
        values = {opt.name: opt.default for opt in self.options}
        for name, value in given.items():
            values[name] = self.option(name).coerce(value)
        return values


QUIET_DRAW = "quiet"  # drawn by the count of plies without a capture (``DrawCounts.quiet_limit``)
REPEAT_DRAW = "repeat"  # drawn by a position occurring again (``DrawCounts.repeat_limit``)


@dataclass(frozen=True)
class DrawCounts:
    """How near a position is to the draws a game's rules count (``State.draw_counts``): Alquerque
    draws after ``quiet_limit`` plies without a capture and at the ``repeat_limit``-th occurrence of
    one position with the same side to move."""

    quiet: int  # plies since the last capture
    quiet_limit: int  # the game is drawn when ``quiet`` reaches this
    occurrences: int  # how many times this position has occurred, this time included
    repeat_limit: int  # the game is drawn when ``occurrences`` reaches this

    def drawn_by(self) -> str:
        """Which count drew the game: ``REPEAT_DRAW`` at the repeat limit (the rules ask it
        first), ``QUIET_DRAW`` at the quiet limit, "" before either."""
        if self.occurrences >= self.repeat_limit:
            return REPEAT_DRAW
        return QUIET_DRAW if self.quiet >= self.quiet_limit else ""


class State(ABC):
    """One position.  Immutable; subclasses keep their data in ``__slots__``."""

    __slots__ = ()

    game: Game
    to_move: int  # 0 or 1: an index into game.sides

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move; never empty unless the game is over."""

    @abstractmethod
    def play(self, move: Move) -> State:
        """The state after ``move``; raises IllegalMove (with the reason, ``Game.why_illegal``) if
        it is not legal, whatever value it is (None, a float, a tuple of the wrong shape): never
        another exception."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abstractmethod
    def winner(self) -> int | None:
        """0 or 1 when that side has won; None for a draw or a game still going."""

    @abstractmethod
    def key(self) -> Hashable:
        """Equal for equal positions (including the side to move); used by transposition tables."""

    def score(self) -> tuple[int, int] | None:
        """The score each side has, where the game shows one (discs, loop lengths); else None."""
        return None

    def final_margin(self) -> int | None:
        """A finished game's margin for its winner as the game's tournaments count it (0: a
        draw): the difference of the scores, unless the rules count more (Reversi's empty squares
        go to the winner); None for a game going on or one that keeps no score."""
        score = self.score()
        return abs(score[0] - score[1]) if score is not None and self.is_terminal() else None

    def draw_counts(self) -> DrawCounts | None:
        """Where the game draws by counting (plies without a capture, repetitions), how far the
        count has gone, so the window can show how near the draw is; None for the other games."""
        return None

    def end_reason(self) -> str:
        """Why the game ended, in words for the game-over screen ("Blue connected left and right")."""
        if not self.is_terminal():
            return ""
        w = self.winner()
        return "Draw" if w is None else f"{self.game.sides[w]} wins"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(self) is type(other) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.to_text(self)!r}>"


class Game(ABC):
    """The rules of one game for one choice of options."""

    info: GameInfo
    # ``State.score`` counts the pieces each side has taken (from the usual start's count): a rising
    # total is a capture, and a position set up with fewer pieces starts above zero
    score_counts_captures: bool = False
    # ``State.score`` is 0 - 0 until the game ends and counts only what ended it (Trax's first
    # loop or line): a game going on has nothing counted, and the window shows no score for it
    scored_at_end: bool = False

    def __init__(self, **options: Any) -> None:
        """The rules under ``options``; ValueError names an option out of its range, or options
        the rules refuse together (``GameInfo.options_problem``)."""
        self.options: dict[str, Any] = self.info.resolve_options(options)
        problem = self.info.options_problem(self.options)
        if problem:
            raise ValueError(problem)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def sides(self) -> tuple[str, str]:
        return self.info.sides

    @abstractmethod
    def initial_state(self) -> State:
        """The position a new game starts from."""

    @abstractmethod
    def format_move(self, state: State, move: Move) -> str:
        """``move`` (legal in ``state``) in the game's standard notation."""

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """The move ``text`` names in ``state``; raises IllegalMove if it is malformed or not legal."""

    @abstractmethod
    def to_text(self, state: State) -> str:
        """The position as plain text; ``from_text`` reads it back."""

    @abstractmethod
    def from_text(self, text: str) -> State:
        """Read a position written by ``to_text``; raises IllegalMove on bad text."""

    def text_cells(self) -> TextCells | None:
        """How ``to_text`` writes the board, cell by cell (``games.position_cells``): what a cell can
        hold and where, for the position editor's clicks; None (this default): not cell by cell."""
        return None

    def implied_move(self, state: State) -> Move | None:
        """The move a written game may leave out in ``state`` because the rules leave no other
        (Reversi's pass: Othello transcripts write none); None in games that have no such move."""
        return None

    def transcript(self, moves: Sequence[str]) -> str | None:
        """``moves`` (in notation) as the one word the game's other programs read a game in
        (Othello's ``f5d6c3``), or None where the game has no such custom."""
        return None

    def other_notation(self, states: Sequence[State]) -> str | None:
        """A copied move list's line giving the game (its positions, ``GameRecord.states()``) in
        the notation its players write elsewhere (Trax's official one: "Official notation: @0/
        B1\\ ..."), which Tabuleiro reads back when pasted alone; None (this default) where
        there is none or the game cannot be written in it."""
        return None

    def other_move_text(self, state: State, move: Move) -> str | None:
        """``move`` played in ``state`` in the notation the game's players write elsewhere (Trax's
        official one, counted from the tiles as they lie before it: ``B2+``), for the window's
        lists when the player chose that notation; None (this default) where there is none.
        ``parse_move`` reads it back."""
        return None

    def play_line(self, moves: Sequence[str], state: State | None = None) -> State:
        """Play moves given in notation from ``state`` (default: the start); for tests and records."""
        state = state or self.initial_state()
        for text in moves:
            for move in parse_in_line(self, state, text):
                state = state.play(move)
        return state

    def too_early_to_agree(self, state: State) -> bool:
        """Whether ``state`` is still so early in the game that players do not agree a draw there
        (a level declines one that its search does not prove drawn): the game's own point, where
        its players judge a game settled enough to agree one; False (never too early) by default."""
        return False

    def draw_offer_welcome(self, state: State, offerer: int) -> bool:
        """Whether a person playing against a level would welcome a draw offered by the level
        playing ``offerer`` in ``state``, where its search proves the game drawn
        (``ai.draw_offers.offers_draw``): by default once past ``too_early_to_agree``, as in
        Alquerque's and Reversi's endings, which a proven draw spares the person playing out."""
        return not self.too_early_to_agree(state)

    def certain_draw(self, state: State) -> bool:
        """Whether every game played on from ``state`` ends drawn, whatever is played (Trax's fill
        mode, where no loop or line wins): a proof of the result by the rules alone, which the
        levels stand by (their searches report it: a hint and analysis say "draw"; a draw offer is
        accepted, ``ai.draw_offers.Judged.by_rules``); False by default."""
        return False

    def opening_name(self, moves: Sequence[str], start: State | None = None) -> str | None:
        """The name of the opening that ``moves`` (texts, from the usual start or from a set-up
        ``start``) play, as players of the game call it (Othello's "Tiger"), kept once the game
        leaves the named lines; None before one is named, or where the game names none (this default)."""
        return None

    def move_texts(self, text: str) -> list[str]:
        """The moves of a list a player typed or pasted, each a text for ``parse_move``: ``d3 c5 f6``,
        ``1. d3 c5 2. f6``, what Copy moves writes (``games.move_list.moves_from_text``).  A game whose
        course writes moves another way reads that way too (Trax: ``[[4, 2, 'lddl']]``)."""
        from games.move_list import moves_from_text

        return moves_from_text(text)

    def whole_game(self, texts: list[str]) -> tuple[dict[str, Any], str, list[str]] | None:
        """A whole game written in a notation that sets up its own start (Trax's official one lays
        its first tile, ``@0/``): (the options it needs, the start position's text, its other
        moves in this game's notation); None (this default) for moves played from the usual start.
        IllegalMove says why such a game cannot be played here (a move, naming its number in its
        ``at``, or a board too small)."""
        return None

    def options_shown_by(self, texts: list[str]) -> dict[str, Any]:
        """The options a list of move texts shows its game was played with, whatever the list's
        title says of them (Hex's swap rule, where the list holds a swap); none by default."""
        return {}

    def legal_move_texts(self, state: State) -> list[str]:
        return [self.format_move(state, m) for m in state.legal_moves()]

    @abstractmethod
    def is_move_value(self, move: object) -> bool:
        """Whether ``move`` has this game's form of a move (a square of this board, a pass), legal
        here or not: what ``why_illegal`` asks before it lets the game's own reasons read it.
        Never called by a search, which only plays the moves ``legal_moves`` gives."""

    def is_legal(self, state: State, move: object) -> bool:
        """Whether ``move`` is legal in ``state``: a move of the game's exact form
        (``is_move_value``) among ``state.legal_moves()``.  What to ask of a value from outside
        (a bot's answer, a file) instead of ``move in state.legal_moves()``, which takes any value
        equal to a legal move: ``True`` for 1, ``(6.0, 12.0)`` for ``(6, 12)``."""
        return self.is_move_value(move) and move in state.legal_moves()

    def why_illegal(self, state: State, move: object) -> str:
        """Why the rules refuse ``move`` in ``state``, in words a player understands ("b2 is already
        taken", "a1 flips no discs"): the one reason a typed move and a click on the board both give.
        Any value gets an answer: one that is no move of the game at all (None, a float, a square
        off the board, a program's slip) is told so here, once for every game, and one that only
        equals a legal move (``True`` for 1) is told which move and which type it should have been;
        a move of the game's form goes on to the game's own reasons (``rules_reason``)."""
        if not self.is_move_value(move):
            return self._not_a_move(state, move)
        return self.rules_reason(state, move)

    def _not_a_move(self, state: State, value: object) -> str:
        """``why_illegal`` of a value that is no move of the game: which legal move it only looks
        like, if one (``looks_like``), so that a program passing ``True`` or a float learns what
        to pass instead."""
        said = f"{_shown(value)} is not a move of this game"
        twin = next((m for m in state.legal_moves() if looks_like(value, m)), None)
        if twin is None:
            return said
        wrong, right = _types_apart(value, twin)
        return (f"{said}: it equals the move {_shown(twin)} ({self.format_move(state, twin)}) but is of another "
                f"type ({wrong}, not {right})")

    def rules_reason(self, state: State, move: Move) -> str:
        """``why_illegal`` for a move of the game's form (``is_move_value``) that is not legal here.
        This default only says so, with the legal moves; each game says what its rules can."""
        if state.is_terminal():
            return "the game is over"
        return f"{self.format_move(state, move)} is not a legal move here; legal: {self.legal_list(state)}"

    def legal_list(self, state: State, moves: Sequence[Move] | None = None) -> str:
        """The legal moves of ``state`` (or ``moves``, some of them) as a refusal lists them: in
        board order and short (``a1, a2, b3 and 12 more``)."""
        shown = state.legal_moves() if moves is None else moves
        return short_move_list([self.format_move(state, m) for m in shown])

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({opts})"


def is_index(move: object, count: int) -> bool:
    """Whether ``move`` is an int from 0 to ``count - 1``: a square, cell or point by its index,
    the form of most games' moves.  Exactly an int: a bool (an int to Python), an int subclass and
    numpy's integers are none (the module's docstring says why)."""
    return type(move) is int and 0 <= move < count


def is_exactly(value: object, move: Move) -> bool:
    """Whether ``value`` is ``move`` in value and type, part by part in a tuple: ``"swap"`` is
    Hex's swap, ``numpy.str_("swap")`` is not; ``-1`` is Reversi's pass, ``-1.0`` is not."""
    if type(value) is not type(move):
        return False
    if type(move) is tuple:
        return len(value) == len(move) and all(is_exactly(v, m) for v, m in zip(value, move))
    return value == move


def looks_like(value: object, move: Move) -> bool:
    """Whether ``value`` equals ``move`` without being it (``is_exactly``): ``True`` and 1,
    ``(6.0, 12.0)`` and ``(6, 12)``, ``numpy.int64(5)`` and 5.  A value whose comparison fails or
    is no yes or no (a numpy array's) looks like no move."""
    if is_exactly(value, move):
        return False
    if type(move) is tuple:
        return (isinstance(value, tuple) and len(value) == len(move)
                and all(is_exactly(v, m) or looks_like(v, m) for v, m in zip(value, move)))
    try:
        return bool(value == move)
    except (TypeError, ValueError):  # numpy: "the truth value of an array ... is ambiguous"
        return False


def _types_apart(value: object, move: Move) -> tuple[str, str]:
    """The names of the first types where ``value`` and ``move`` (``looks_like`` it) differ:
    ``("float", "int")`` for ``(6.0, 12.0)`` and ``(6, 12)``."""
    if type(move) is tuple and type(value) is not tuple:
        return type(value).__name__, "tuple"
    if type(move) is tuple:
        return next(_types_apart(v, m) for v, m in zip(value, move) if not is_exactly(v, m))
    return type(value).__name__, type(move).__name__


def captures_since(start: State, score: tuple[int, int]) -> tuple[int, int]:
    """``score``, one that counts captures (``Game.score_counts_captures``), less ``start``'s own
    count: the pieces taken in the game played from ``start``.  Counted from the usual start's 12,
    a position set up with fewer pieces had "captures" before its first move."""
    before = start.score()
    return score[0] - before[0], score[1] - before[1]


def quoted(text: str) -> str:
    """A typed text between quotes as it was typed: ``repr`` would double a backslash (Trax's
    ``e5\\`` read back as ``'e5\\\\'``); double quotes when the text holds a single one."""
    if "'" not in text:
        return f"'{text}'"
    return f'"{text}"' if '"' not in text else repr(text)


def parse_in_line(game: Game, state: State, text: str) -> list[Move]:
    """The moves ``text`` stands for in a written line of moves at ``state``: its own move, or,
    where the rules leave only the move a line may leave out (``Game.implied_move``), that move
    and then ``text``'s.  Raises IllegalMove saying what is wrong with ``text`` where it was meant."""
    implied = game.implied_move(state)
    try:
        return [game.parse_move(state, text)]
    except IllegalMove:
        if implied is None:
            raise
    return [implied, game.parse_move(state.play(implied), text)]


SHOWN_MOVES = 8  # how many legal moves a refusal lists before "and N more"


def board_order(text: str) -> list:
    """A sort key that puts move texts in board order: numbers by value, so ``a2`` comes before
    ``a10`` and ``2-4`` before ``10-1``."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text.lower())]


def short_move_list(texts: Sequence[str]) -> str:
    """Move texts as a refusal lists them: in board order, the first ``SHOWN_MOVES`` and then
    "and N more" (a 15x15 board's 200 free squares made a message longer than the window)."""
    ordered = sorted(texts, key=board_order)
    shown = ", ".join(ordered[:SHOWN_MOVES])
    rest = len(ordered) - SHOWN_MOVES
    return f"{shown} and {rest} more" if rest > 0 else shown
