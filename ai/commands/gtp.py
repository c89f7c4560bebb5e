"""`main.py gtp GAME [--player level-5] [--time S]`: one of our players over the Go Text Protocol.

Reads GTP commands on stdin, answers on stdout (``=[id] text`` or ``?[id] error``, then a blank
line), so GUIs and tournament managers (HexGui, gogui-twogtp, Othello GTP drivers, our own
``gtp:`` outside players) can use Tabuleiro's engines.

Commands: protocol_version, name, version, known_command, list_commands, boardsize N (or
``boardsize W H``, as HexGui sends it: a square board, or Tic-tac-toe's W x H one; so does
``rectangular_boardsize W H``), ``tabuleiro-options NAME=VALUE ...`` (any of the game's options,
``k=4``: ai/gtp_board.py), clear_board, play COLOUR MOVE, genmove COLOUR, undo, showboard, final_score, time_settings (the
seconds per move become 0.9 of the byo-yomi time per stone, else a 30th of the main time;
``--time`` sets them until then), time_left (the seconds per move fit the time left: 0.9 of it
shared by the stones of a byo-yomi period, of a 20th of a main time; never more than time_settings
gives), hexgui-analyze_commands (HexGui asks it on connecting: none, an empty answer), quit.  The game's
kernels load in the background from the start: boardsize, clear_board, play and genmove wait for
them, every other command answers at once (``Engine.kernels_ready``).

Colours: ``b``/``black`` is the side that moves first (``game.sides[0]``: X, Blue, Black, South,
Light), ``w``/``white`` the other; the game's own side names are accepted too, and come first: in
Alquerque, whose White moves first, ``white`` is White and ``black`` Black (``b`` and ``w`` keep
the protocol's meaning, so ``b`` is White there).  Moves are in the game's notation (``c3``,
``4-5``, ``e5/``, ``pass``, ``swap``; ``swap-pieces`` too, as Benzene and HexGui say it).  ``play``
for the side not to move is refused, saying whose turn it is (``it is Red's turn (w), not Blue's
(b) ...``), except that a forced ``pass`` of the side to move is played first (Reversi drivers
often do not send passes).  ``--seed`` seeds the player (1 without it: the same games each run).

Hex: our Blue moves first and joins left and right; Red joins top and bottom.  Hex GTP programs
of the Benzene/HexGui family call the first player black and give black the top and bottom edges,
so for them black = Blue with row and column exchanged (their ``c1`` is our ``a3``).  This
command uses our orientation unless ``--transpose`` is given: then every cell it reads and writes
has its row and column exchanged, so HexGui, Benzene and MoHex see our engine play their black
(first, top to bottom) as our Blue, its swap said swap-pieces.  HexGui 0.9 and earlier (and Benzene) keep their board at a
swap and have the swapper's colour move next: the first ``w`` after a swap switches to that reading (``Engine.mover``);
HexGui 0.10 mirrors the stone as we do and sends ``b`` next, read as ours.  What the
engine says speaks the controller's orientation too: ``showboard`` draws the board as HexGui does
(its cell names around it, B and W its colours), and a refusal names a cell as it was sent
(``c1 is already taken``, not our ``a3``) and a colour by its letter in that reading.  The other way round, a Benzene engine as our outside player, is
``"transpose": true`` in its JSON config (ai/outside.py).
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import sys
from typing import Any, TextIO

import ai
import games
from ai import kernels
from ai.base import Forfeit, Limits, Resigned
from ai.commands.engines import Asked, BackgroundWarmUp, stages_used
from ai.gtp_board import OPTIONS_COMMAND, RECTANGULAR, read_option_words
from ai.kernel_seed import seed_kernels
from ai.outside_gtp import SWAP_WORDS
from games.base import IllegalMove
from games.hex import HEXGUI_SWAP, transpose_cell
from games.position_text import in_rows

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")  # ASCII's control characters but HT and LF (CR among them)
COMMANDS = ("protocol_version", "name", "version", "known_command", "list_commands", "boardsize",
            RECTANGULAR, OPTIONS_COMMAND, "clear_board", "play", "genmove", "undo", "showboard", "final_score",
            "time_settings", "time_left", "hexgui-analyze_commands", "quit")


class GTPError(Exception):
    """A command that cannot be carried out: answered with ``?`` and the message."""


class Engine:
    """The state behind the protocol: the game, its history and the player."""

    def __init__(self, game_id: str, player_id: str, options: dict[str, Any], move_time: float,
                 version: str = "?", seed: int | None = None, transpose: bool = False) -> None:
        self.game_id = game_id
        self.transpose = transpose  # cells as HexGui and Benzene orient Hex: row and column exchanged
        self.kept_since: int | None = None  # with transpose: the plies at a swap HexGui kept the board at
        self.version = version  # Tabuleiro's, passed in by the command line (it lives in ui.about)
        self.player_id = player_id
        self.options = dict(options)
        self.move_time = move_time
        self.settings_time = move_time  # seconds per move from --time or the last time_settings
        self.command_line_time = move_time
        self.game = games.load(game_id, **self.options)
        self.seed = 1 if seed is None else seed  # --seed, else always the same games
        self.asked: Asked = []  # the kernels its player asked for, compiled by ``warm_up``
        self.warm_up = BackgroundWarmUp(game_id, lambda: stages_used(self.game, self.asked))
        self.player = self.made_player()
        self.warm_up.start()  # the protocol is answered meanwhile; the game's commands wait (``kernels_ready``)
        self.history = [self.game.initial_state()]

    def made_player(self) -> ai.Player:
        """The player, made without compiling anything: the kernels it asks for are noted, for
        ``warm_up`` to compile those the game uses, in the background."""
        behind: Asked = []
        with kernels.compiled_later(behind) as asked:
            player = ai.make_player(self.game_id, self.player_id, seed=self.seed, options=self.options)
        self.asked += [pair for pair in [*asked, *behind] if pair not in self.asked]
        return player

    @property
    def state(self):
        return self.history[-1]

    def mover(self, word: str) -> int:
        """The side a ``play`` or ``genmove`` names.  With ``--transpose``, HexGui keeps the board at
        a swap and has the swapper's colour (w) move next, where our swap moved Blue (b): the first
        w after a swap starts HexGui's reading, in which every colour names the other side and
        every cell is read without the exchange of row and column (our board is HexGui's mirrored,
        its colours exchanged).  Else the move after HexGui's swap was refused as out of turn."""
        side = self.side(word)
        if not self.transpose:
            return side
        if not self.kept() and side == 1 and self.swap_was_last():
            self.kept_since = len(self.history)
        return side ^ self.kept()

    def kept(self) -> int:
        """1 while the controller reads the board as HexGui keeps it after its swap (our board
        unexchanged, colours exchanged), else 0; the swap undone ends that reading."""
        if self.kept_since is not None and len(self.history) < self.kept_since:
            self.kept_since = None
        return int(self.kept_since is not None)

    def letter(self, side: int) -> str:
        """The protocol's letter (b or w) the controller uses for our ``side``."""
        return "bw"[side ^ self.kept()]

    def swap_was_last(self) -> bool:
        """Was the last move a swap (only ever the second move of a game)?"""
        return len(self.history) == 3 and self.game.format_move(self.history[-2], self._last_move()) == "swap"

    def controller_cell(self, text: str) -> str:
        """A cell between our names and the controller's (the exchange is its own inverse).  The
        swap goes to HexGui as ``swap-pieces``: our ``swap`` is swap-sides to some of its versions
        (the stone kept, the colours exchanged), so a genmove's swap left its board mirrored."""
        if not self.transpose:
            return text
        if text in SWAP_WORDS:
            return HEXGUI_SWAP
        return text if self.kept() else transpose_cell(text)

    def side(self, word: str) -> int:
        w = word.lower()
        for i, name in enumerate(self.game.sides):  # the game's own names first: Alquerque's first side is White
            if w == name.lower():
                return i
        if w in ("b", "black"):
            return 0
        if w in ("w", "white"):
            return 1
        for i, name in enumerate(self.game.sides):
            if w == name.lower()[0]:
                return i
        raise GTPError(f"invalid color {word!r}; use b, w, black, white, {', '.join(self.game.sides)}")

    def out_of_turn(self, side: int, command: str) -> GTPError:
        """A ``play`` or ``genmove`` for the side not to move.  Go's GTP lets a colour move twice,
        our games alternate: the answer says whose turn it is in the protocol's letters too (a
        controller that swapped its colours, or missed a move, sees which), and what to send
        instead.  "Blue is to move" alone left a controller guessing whether Blue was b or w."""
        mover, other = self.state.to_move, side
        names = self.game.sides
        text = f"it is {names[mover]}'s turn ({self.letter(mover)}), not {names[other]}'s ({self.letter(other)})"
        if command == "genmove":
            return GTPError(f"{text}: send genmove {self.letter(mover)}, or play {names[mover]}'s move first")
        if len(self.history) < 2:
            return GTPError(f"illegal move: {text}: {names[mover]} moves first")
        last = self.controller_cell(self.game.format_move(self.history[-2], self._last_move()))
        return GTPError(f"illegal move: {text}, who played the last move ({last}): play {self.letter(mover)}'s "
                        f"move first, or undo {names[other]}'s")

    def _last_move(self) -> Any:
        """The move that led to the position now (the history keeps positions, not moves)."""
        before, after = self.history[-2], self.history[-1]
        return next(m for m in before.legal_moves() if before.play(m).key() == after.key())

    def handle(self, command: str, args: list[str]) -> str:
        if command not in COMMANDS:
            raise GTPError("unknown command")
        return getattr(self, f"cmd_{command.replace('-', '_')}")(args)

    # -- the commands ------------------------------------------------------------------------
    def cmd_protocol_version(self, args: list[str]) -> str:
        return "2"

    def cmd_name(self, args: list[str]) -> str:
        return f"Tabuleiro {self.game_id} {self.player_id}"

    def cmd_version(self, args: list[str]) -> str:
        return self.version

    def cmd_known_command(self, args: list[str]) -> str:
        return "true" if args and args[0] in COMMANDS else "false"

    def cmd_list_commands(self, args: list[str]) -> str:
        return "\n".join(COMMANDS)

    def cmd_boardsize(self, args: list[str]) -> str:
        """``boardsize N``, or ``boardsize W H`` as HexGui sends it (``boardsize 11 11``): HexGui
        took the refusal of two numbers for a size we cannot play and would not ask for a move."""
        if len(args) not in (1, 2) or not all(a.isdigit() for a in args):
            raise GTPError(f"boardsize needs one number, or a width and a height: {self.sizes_taken()}")
        width, height = int(args[0]), int(args[-1])
        size = width
        names = {o.name for o in games.info(self.game_id).options}
        if width != height and not {"width", "height"} <= names:
            raise GTPError(f"unacceptable size: {self.game.info.title} is played on a square board")
        if "size" in names or {"width", "height"} <= names:  # a board of that size
            self.reload({"size": size} if "size" in names else {"width": width, "height": height}, "unacceptable size")
        elif size != self.game.size:
            raise GTPError(f"unacceptable size: {self.sizes_taken()}")
        self.history = [self.game.initial_state()]
        self.kernels_ready()
        return ""

    def cmd_rectangular_boardsize(self, args: list[str]) -> str:
        """``rectangular_boardsize W H`` (KataGo's form, which our controller sends first for
        Tic-tac-toe's W x H board): ``boardsize W H``."""
        if len(args) != 2:
            raise GTPError(f"rectangular_boardsize needs a width and a height: {self.sizes_taken()}")
        return self.cmd_boardsize(args)

    def cmd_tabuleiro_options(self, args: list[str]) -> str:
        """``tabuleiro-options width=5 height=4 k=4``: the game's options as ``--option`` takes them,
        all at once (a board and a k that fit together only so), the others kept; the board
        cleared.  Our controller sends it before ``boardsize`` (ai/gtp_board.py), so that this
        engine plays the game it is given: a 5x4 board with 4 in a row, not 3x3."""
        try:
            changed = read_option_words(args)
        except ValueError as exc:
            raise GTPError(f"{OPTIONS_COMMAND} needs NAME=VALUE words: {exc}") from None
        self.reload(changed, "unacceptable options")
        self.history = [self.game.initial_state()]
        self.kernels_ready()
        return ""

    def reload(self, changed: dict[str, Any], refusal: str) -> None:
        """The game loaded again with the options ``changed`` (GTPError starting with ``refusal``
        if they are not valid), and its player and kernels ready for it."""
        before = self.game
        try:
            self.game = games.load(self.game_id, **dict(self.options, **changed))
        except ValueError as exc:
            raise GTPError(f"{refusal}: {exc}") from None
        self.options = dict(self.game.options)
        if kernels.used_by(self.game) and not kernels.used_by(before) and not ai.is_outside_player(self.player_id):
            # made for a board that runs no kernel (3x3), it asked for none: made again, so that
            # they are compiled now and the first genmove's clock does not pay for them
            ai.close_player(self.player)
            self.player = self.made_player()
        self.warm_up.start()  # what the new game uses (none of Hex's connection kernels above 13x13)

    def sizes_taken(self) -> str:
        """The board sizes the game takes, in words (``Hex takes sizes 1..19``), for a ``boardsize``
        whose argument is no size at all (``boardsize -3``): the refusal says what to send."""
        options = {o.name: o for o in games.info(self.game_id).options}
        title = self.game.info.title
        if "size" in options:
            return f"{title} takes sizes {options['size'].allowed()}"
        if {"width", "height"} <= options.keys():
            return f"{title} takes widths {options['width'].allowed()} and heights {options['height'].allowed()}"
        return f"{title} is played on {self.game.size}x{self.game.size}"

    def cmd_clear_board(self, args: list[str]) -> str:
        self.kernels_ready()
        self.history = [self.game.initial_state()]
        return ""

    def kernels_ready(self) -> None:
        """Return once the kernels the game uses are compiled or loaded (``warm_up``; at once when
        they are).  The commands that set a game up or play it wait here -- boardsize, clear_board,
        play, genmove -- so that a controller that sets its game up before it times the first
        genmove (ours, in ``GTPPlayer.get_ready``) never has that genmove pay for the loading
        (0.3-0.7 s from the cache, 15-25 s compiling on a fresh install): a 0.2 s match lost its
        first move on time.  The queries a GUI sends on connecting (protocol_version, name,
        version, list_commands, known_command, hexgui-analyze_commands) and the rest, which need no
        kernel (showboard, final_score, undo, time_settings, time_left, quit), never wait."""
        self.warm_up.join()

    def cmd_play(self, args: list[str]) -> str:
        if len(args) != 2:
            raise GTPError("play needs a color and a move")
        self.kernels_ready()
        side = self.mover(args[0])
        state = self.state
        if state.is_terminal():
            raise GTPError("illegal move: the game is over")
        if side != state.to_move:
            forced = self.game.legal_move_texts(state)
            if forced == ["pass"]:
                self.history.append(state.play(state.legal_moves()[0]))
                state = self.state
            else:
                raise self.out_of_turn(side, "play")
        sent = "swap" if args[1].lower() in SWAP_WORDS else args[1]  # Benzene and HexGui say swap-pieces
        word = self.controller_cell(sent)
        try:
            move = self.game.parse_move(state, word)
        except IllegalMove as exc:
            hint = ""
            if sent == "swap" and self.game.options.get("swap") is False:
                hint = " (this engine plays without it: start it with --option swap=true)"
            said = str(exc).replace(word, sent)  # the cell as the controller sent it, not as we read it
            raise GTPError(f"illegal move: {said}{hint}") from None
        self.history.append(state.play(move))
        return ""

    def cmd_genmove(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GTPError("genmove needs a color")
        self.kernels_ready()
        side = self.mover(args[0])
        state = self.state
        if state.is_terminal():
            raise GTPError("the game is over")
        if side != state.to_move:
            raise self.out_of_turn(side, "genmove")
        try:
            move = self.player.choose(state, Limits(time=self.move_time))
        except Resigned:  # an outside GTP engine gave up: the protocol's word for it
            return "resign"
        except Forfeit as exc:  # an outside player broke the rules (late, illegal, crashed): its fault, not ours
            raise GTPError(f"{self.player_id} forfeits: {exc}") from None
        text = self.game.format_move(state, move)
        self.history.append(state.play(move))
        return self.controller_cell(text)

    def cmd_undo(self, args: list[str]) -> str:
        if len(self.history) < 2:
            raise GTPError("cannot undo")
        self.history.pop()
        return ""

    def cmd_showboard(self, args: list[str]) -> str:
        if self.transpose:
            return "\n" + self.controller_board()
        return "\n" + in_rows(self.game, self.game.to_text(self.state))  # Reversi's one-line board in rows

    def controller_board(self) -> str:
        """The board as HexGui draws it, for ``--transpose``: its column letters across, its row
        numbers down (indented like the rhombus), B and W its black and white stones (black joins
        top and bottom) and the colour it has to move.  Our own rows, as before, showed HexGui's
        c1 as a stone on the third row and Blue to move where it plays black."""
        game, state, kept = self.game, self.state, self.kept()
        n = game.size
        rows = ["   " + " ".join(chr(ord("a") + column) for column in range(n))]
        for row in range(n):
            stones = (state.stone_at(row * n + column if kept else column * n + row) for column in range(n))
            rows.append(" " * row + f"{row + 1:>2} " + " ".join("." if s is None else "BW"[s ^ kept] for s in stones))
        return f"to-move: {('black', 'white')[state.to_move ^ kept]}\n" + "\n".join(rows)

    def cmd_final_score(self, args: list[str]) -> str:
        """``B+N``, ``W+N`` or ``0``: N the margin as the game's tournaments count it
        (``State.final_margin``: Reversi gives the empty squares to the winner, as Othello's GTP
        engines and the end text's "64 - 0 with the empty squares to the winner" do); ``B+``
        alone in a game without a score (Hex)."""
        state = self.state
        if not state.is_terminal():
            raise GTPError("the game is not over")
        w = state.winner()
        if w is None:
            return "0"
        margin = state.final_margin()
        letter = self.letter(w).upper()  # after HexGui's swap, the winner's colour on its board
        return f"{letter}+{margin}" if margin else f"{letter}+"

    def cmd_time_settings(self, args: list[str]) -> str:
        """main_time byo_yomi_time byo_yomi_stones: a per-move budget that fits (0 0 0, no time
        limit: the seconds per move of ``--time``)."""
        try:
            main, byo, stones = (time_number(a) for a in args[:3])
        except ValueError:
            raise GTPError("time_settings needs three numbers of 0 or more: main time, byo-yomi time, "
                           "byo-yomi stones") from None
        if byo > 0 and stones > 0:
            self.move_time = max(0.05, 0.9 * byo / stones)
        elif main > 0:
            self.move_time = max(0.05, main / 30)
        else:
            self.move_time = self.command_line_time
        self.settings_time = self.move_time
        return ""

    def cmd_time_left(self, args: list[str]) -> str:
        """color time stones: the seconds per move fit the time left.

        ``stones`` > 0 (byo-yomi): that many moves share ``time``; 0 (main time): plan for 20 more
        moves of ours (0.9 of it, too).  A time_left never raises the budget above the time_settings one."""
        try:
            self.side(args[0])
            seconds, stones = float(args[1]), int(args[2])
        except (IndexError, ValueError):
            raise GTPError("time_left needs a color, seconds and stones") from None
        budget = self.settings_time
        if seconds > 0:
            share = 0.9 * seconds / (stones if stones > 0 else 20)
            budget = min(budget, share) if budget else share
            self.move_time = max(0.05, budget)
        return ""

    def cmd_hexgui_analyze_commands(self, args: list[str]) -> str:
        """HexGui's question, on connecting, for the analysis commands it may list: we have none."""
        return ""

    def cmd_quit(self, args: list[str]) -> str:
        return ""


def time_number(word: str) -> float:
    """A number of ``time_settings``, in seconds or stones; ValueError unless finite and 0 or more,
    so that a malformed ``time_settings 0 inf 1`` is refused rather than leaving every later
    genmove a search without end."""
    number = float(word)
    if not 0 <= number < math.inf:
        raise ValueError(word)
    return number


def preprocess(raw: str) -> str:
    """A command line as GTP 2 (section 3.1) has an engine read it: every control character but HT
    and LF removed (CR too, wherever it is), the comment after ``#`` cut, HT made a space.  Only a
    tab and the ends of the line were cleaned: ``name\x00`` or a stray escape was an unknown command."""
    return CONTROL.sub("", raw).split("#", 1)[0].replace("\t", " ").strip()


def answer_text(ident: str, answer: str) -> str:
    """A success as GTP 2 writes it, ``=[id] result`` and a blank line: the space after ``=[id]``
    is there also when the result is empty (``= `` and the blank line, as the specification's
    form and its reference implementation, GNU Go, write it; we wrote a bare ``=``)."""
    head, *rest = answer.split("\n")
    first = f"={ident} {head.rstrip()}"
    return "\n".join([first, *(line for line in rest if line.strip())]) + "\n\n"  # no blank line inside


def serve(engine: Engine, stdin: TextIO, stdout: TextIO) -> None:
    """The protocol loop: until ``quit`` or the end of input."""
    for raw in stdin:
        line = preprocess(raw)
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                continue
        command, args = words[0].lower(), words[1:]
        try:
            stdout.write(answer_text(ident, engine.handle(command, args)))
        except GTPError as exc:
            stdout.write(f"?{ident} {exc}\n\n")
        except Exception as exc:  # our own failure: answer it, never die mid-protocol
            stdout.write(f"?{ident} internal error: {type(exc).__name__}: {exc}\n\n")
        stdout.flush()
        if command == "quit":
            return


def run_gtp(game_id: str, player_id: str, options: dict[str, Any], time: float | None, version: str = "?",
            seed: int | None = None, transpose: bool = False) -> int:
    """Serve ``player_id`` on stdin/stdout; ``seed`` (``--seed``) seeds its randomness, 1 without it;
    ``transpose`` (``--transpose``) exchanges every cell's row and column, as HexGui orients Hex."""
    seed_kernels(game_id, kernels.cache_dir())  # an outside engine of Tabuleiro's: its compiled kernels
    engine = Engine(game_id, player_id, options, time or 1.0, version, seed, transpose)  # says on stderr
    with contextlib.suppress(AttributeError, ValueError):  # only LF ends a line: a CR is removed, as GTP says
        sys.stdin.reconfigure(newline="\n")
    try:
        serve(engine, sys.stdin, sys.stdout)
    except BrokenPipeError:  # the controller went away without quit: nothing to answer, no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's last flush at exit would fail again
    return 0
