"""`main.py analyse GAME`: the engine's verdict on one position, in the terminal.

Students and teachers ask "what does the engine think of this position, and is it proven?"
without opening the window.  The position comes from ``--moves`` (from the start, the game's
notation), ``--position`` (the game's text, ``games.position_text``) or ``--record FILE [--ply N]``
(the window's JSON, Hex SGF, Othello GGF, a move list; ``--game N`` of ``match --json``'s lines or
a tournament's results); the start without any of them.

Without ``--lines`` the verdict is one search of the position, the one a hint runs (the level's
``choose`` with ``Limits.best``; a lone legal move valued past it, as analysis does): its move,
value, and whether it is a proof, named by its source (Reversi's endgame solver and 6x6 book, and its search, whose
bounds it says as bounds, Rastros' solver and book, Hex's small-board solver, Monte Carlo tree, solved
opening maps and virtual connections, Alquerque's
tables, tic-tac-toe's exact solver, the rules) or an estimate, with its depth where a search ran.  ``--lines K`` values every move instead, as the
window's analysis mode does (``ai.move_values.analyse``, the time shared among the moves), and
lists the K best, their estimates at one depth (``at_one_depth``); the verdict is then the first.  Values are written in the game's unit
(``ai.value_words``).  Ctrl+C stops the search and prints what it knew (status 130).
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import ai
from ai.atomic import game_file_text
from ai.base import LENGTH_KNOWN, PROVEN, WIN, Flag, Limits, Progress
from ai.commands.engines import prepare_engines
from ai.move_values import (
    HEX_CONNECTIONS,
    THIN_SHARE,
    MoveValue,
    MoveValues,
    analyse,
    at_one_depth,
    connections_decide,
    connections_verdict,
    hardly_tried,
    margin_bound,
    thinly_tried,
)
from ai.value_words import bound_words, counted, eval_unit, says_the_number, side_ahead, unit_size
from games.base import Game, State
from games.hex_sgf import is_sgf, record_from_sgf
from games.move_list import moves_or_position, names_a_game, record_from_move_list, title_line
from games.othello_ggf import is_ggf, record_from_ggf
from games.position_text import is_othello_board_line, is_position_text, record_from_position
from games.record import GameRecord
from games.record_parts import EMPTY_FILE, PartlyLegal, RecordError, is_empty

ANALYSE_SECONDS = 3.0  # the search's time without --time
MIN_SEARCH = 0.25  # the share of --time the search keeps however long Hex's connection check took
SOURCES = {"solver": "exact solver", "table": "endgame table", "solved": "exact solver",
           "book": "opening book", "rule": "the rules", "rules": "the rules", "alphabeta": "search",
           "mcts": "Monte Carlo search", "threats": "threat search", "proven": "analysis",
           "maps": "solved opening maps", "connections": "virtual connections"}
"""A proof's origin in words, by its ``Value.source``: the report's ``proof``, else its ``kind``
(Hex's: ``ai.move_values.HEX_TREE``, ``HEX_MAPS``, ``HEX_CONNECTIONS``).  Tic-tac-toe's solved
board ("solved": a memoised negamax of every position) and its alpha-beta's proofs ("solver") are
both the exact solver: a class read one 3x3 proof as "solved-board table" without --lines and
"exact solver" with it."""
UNSEARCHED = ("table", "solved", "book", "rule", "rules", "maps", "connections")
"""Sources that know a value without searching for it: no depth, no nodes to say."""


@dataclass(frozen=True)
class Value:
    """A value for the side to move, from a search's report or an analysed move."""

    score: float  # engine units (discs, points, 100 a piece), or a win rate 0..1 for "mcts"
    kind: str = "alphabeta"
    proven: int | None = None  # +1 the mover wins, 0 draw, -1 the mover loses
    plies: int | None = None  # to the end under perfect play, where known
    margin: bool = False  # proven, and ``score`` is the exact final margin (Reversi's discs)
    unit: str = ""  # the player's own unit where it is not the game's (``Progress.unit``)
    depth: int = 0  # plies searched (playouts for Monte Carlo)
    bound: int = 0  # +1: ``score`` is a proven lower bound of the mover's final margin, -1 an upper one
    source: str = ""  # where a proof came from (``SOURCES``); "" as ``kind`` says
    thin: bool = False  # a rate from few playouts (``ai.move_values.thinly_tried``): the board's faded tag
    plies_at_most: bool = False  # ``plies`` is the most the winner's way takes (``Progress.plies_at_most``)

    @property
    def origin(self) -> str:
        """The value's source as ``SOURCES`` names it."""
        return self.source or self.kind


@dataclass
class Verdict:
    """What the command prints: the best move, its value and how sure it is, and the moves' lines."""

    game: Game
    mover: int
    best: str | None = None
    value: Value | None = None
    nodes: int = 0
    seconds: float = 0.0
    line: list[str] = field(default_factory=list)
    moves: list[tuple[str, Value]] = field(default_factory=list)  # --lines: the K best, best first
    stopped: bool = False
    playouts: bool = False  # ``nodes`` counts a Monte Carlo search's playouts (Hex), not positions
    notation: str = ""  # the words' note on the notation they write the moves in (``in_players_notation``)


class BadInput(ValueError):
    """Input that names no position to analyse: said in one line, exit status 2."""


KeptWords = Callable[[str, int], str]
"""How the command says a ``--record`` file was read up to its last legal move: the refusal
("--record game.sgf: line 2: move 4 'e7' is not legal: ...") and how many moves are kept, in one
line.  The caller's words (main.py gives the window's notice, ``ui.record_files.legal_part_words``):
the sentence has one source, which the window translates; a copy of it here had to be kept alike."""


def run_analyse(game: Game, *, moves: str | None = None, position: str | None = None, record: str | None = None,
                ply: int | None = None, seconds: float | None = None, level: int = 5, lines: int = 0,
                seed: int | None = None, as_json: bool = False, number: int | None = None,
                said: KeptWords) -> int:
    """Analyse the position the arguments name (``number``: which game of a --record file of
    several) and print the verdict; 2 on bad input, 130 stopped.  A --record game whose moves turn
    illegal part-way is analysed up to its last legal move, a warning on stderr saying so in
    ``said``'s words (the window's notice); the status is the verdict's, as without it."""

    def warn(problem: str, kept: int) -> None:
        print(f"warning: {one_line(said(problem, kept))}", file=sys.stderr)

    try:
        state = position_asked(game, moves, position, record, ply, number, warn)
        refuse_finished(state)
    except (BadInput, ValueError, OSError) as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    player_id = f"level-{level}"
    prepare_engines(state.game.id, [player_id], dict(state.game.options), later_ones_too=True)  # not in --time
    player = ai.make_player(state.game.id, player_id, seed=0 if seed is None else seed)
    try:
        verdict = searched_verdict(state, player, ANALYSE_SECONDS if seconds is None else seconds, lines)
    finally:
        ai.close_player(player)
    print(json.dumps(verdict_json(verdict)) if as_json else verdict_text(in_players_notation(verdict, state)))
    return 130 if verdict.stopped else 0


def one_line(exc: BaseException) -> str:
    """An error's message on one line (a record's may span several), never empty."""
    return " ".join(str(exc).split()) or type(exc).__name__


# -- the position ---------------------------------------------------------------------------------
def position_asked(game: Game, moves: str | None, position: str | None, record: str | None,
                   ply: int | None, number: int | None = None, warn: Callable[[str, int], None] | None = None) -> State:
    """The position the command's arguments name (at most one of them; the start without any);
    ``number`` picks a game of a --record file of several; ``warn``: told of a record kept up to its
    last legal move (``read_record``)."""
    given = [name for name, value in (("--moves", moves), ("--position", position), ("--record", record))
             if value is not None]
    if len(given) > 1:
        raise BadInput(f"give one position: {' or '.join(given)}, not both")
    if ply is not None and record is None:
        raise BadInput("--ply N picks a position of a --record FILE")
    if number is not None and record is None:
        raise BadInput("--game N picks a game of a --record FILE of several")
    if moves is not None:
        return moves_state(game, moves)
    if position is not None:
        try:
            return position_state(game, sys.stdin.read() if position == "-" else position)
        except ValueError as exc:
            raise BadInput(f"--position: {one_line(exc)}") from None
    if record is not None:
        return record_state(game, read_record(record, number, warn), ply)
    return game.initial_state()


def moves_state(game: Game, moves: str) -> State:
    """The position ``moves`` (the game's notation) reach from the start; BadInput naming the
    first move refused and why."""
    state = game.initial_state()
    for number, text in enumerate(game.move_texts(moves), 1):
        try:
            state = game.play_line([text], state)
        except ValueError as exc:
            raise BadInput(f"--moves: move {number} {text!r} is not legal: {one_line(exc)}") from None
    return state


def position_state(game: Game, text: str) -> State:
    """A position in ``game``'s text (``Game.to_text``), or as the window copies one (its title line
    first, ``games.position_text``; an Othello board line alone): the title's options win."""
    lines = text.strip().splitlines()
    if not lines:
        raise BadInput("--position: the text is empty")
    if names_a_game(lines[0]) or is_othello_board_line(text):
        return titled_state(game, text)
    try:
        return game.from_text(text)
    except ValueError:
        return board_of_its_own_size(game, text)


def titled_state(game: Game, text: str) -> State:
    """The position of a text whose title line names its game (the window's copy), read as the
    window reads a pasted one: the options ``game`` was given where the board leaves them open."""
    found = record_from_position(text, chosen={game.id: dict(game.options)})
    return of_this_game(game, found).first_state()


def board_of_its_own_size(game: Game, text: str) -> State:
    """A board the options refused, read at its own size as the window reads it pasted without a
    title (a 4x4 tic-tac-toe board from a slide said "expected 3 rows of 3 characters" without
    --width 4 --height 4, which the window never asks for); the options' error where it is no board."""
    try:
        return titled_state(game, f"{game.info.title}\n{text}")
    except ValueError:
        pass
    return game.from_text(text)  # raises the error the options give


def game_sized_by_board(game_id: str, options: dict[str, Any], text: str) -> Game | None:
    """The game of a bare ``--position`` board whose options fit only its own size: ``tictactoe
    --k 4`` with a 4x4 board was refused "4 in a row cannot fit on 3x3", the options checked on
    the default board before the board's own size was read (``board_of_its_own_size``).  The board
    read at its size with ``options`` where it leaves them open; None where it is no board, or
    one whose size the options change (the options' own error then stands).  ValueError in the
    game's words at the board's own size where the options do not fit it: ``--k 5`` on a 4x4
    board said "cannot fit on 3x3", the default board's size, not the board given."""
    import games

    lines = text.strip().splitlines()
    if not lines:
        return None
    plain = games.load(game_id)
    titled = text if names_a_game(lines[0]) else f"{plain.info.title}\n{text}"
    try:
        game = record_from_position(titled, chosen={game_id: options}).first_state().game
    except ValueError:
        return None
    # the options as typed ("4") against the game's own (4); ValueError: they do not fit the board
    honoured = games.load(game_id, **{**game.options, **options}).options == game.options
    return game if honoured else None


def read_record(path: str, number: int | None = None, warn: Callable[[str, int], None] | None = None) -> GameRecord:
    """The game in a record file: the window's JSON, a Hex SGF, an Othello GGF (its first game), a
    move list or a position as the window copies them; in a file of several games (``match --json``'s
    lines, a tournament's FILE.json or FILE.jsonl) game ``number``.  Nothing is run or unpickled.

    A game whose moves turn illegal part-way (``PartlyLegal``: a hand-edited or damaged file) is
    its legal part, as the window opens it, ``warn`` told the refusal and how many moves are kept;
    refused (BadInput) without ``warn`` or where its first move is refused, as the window does."""
    try:
        text = game_file_text(Path(path)).lstrip("\ufeff")
    except RecordError as exc:  # in the window's words: a folder, a Latin-1 SGF read in its charset, a picture
        raise BadInput(f"--record {path}: {exc}") from None
    if is_empty(text):  # as the window says it: not a move list's "there is no text"
        raise BadInput(f"--record {path}: {EMPTY_FILE}")
    try:
        results = match_results(text)
        if results is not None:
            return GameRecord.from_dict(numbered_game(results, number))
        if number not in (None, 1):
            raise BadInput(f"--game {number}: the file holds one game")
        return record_from_text(text)
    except PartlyLegal as refused:
        problem = f"--record {path}: {one_line(refused)}"
        if warn is None or refused.legal is None or not refused.legal.moves:
            raise BadInput(problem) from None
        warn(problem, len(refused.legal.moves))
        return refused.legal
    except ValueError as exc:
        raise BadInput(f"--record {path}: {one_line(exc)}") from None


def match_results(text: str) -> dict[int, dict] | None:
    """The games of a file of several, by number: ``match --json``'s lines (numbered from 1 as the
    match prints them), a tournament's results (FILE.json) or log (FILE.jsonl, its header line
    aside), by the number the tournament gave them.  None for any other file, a record of one."""
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    if isinstance(whole, dict) and isinstance(whole.get("games"), list):  # a tournament's FILE.json
        found = [game for game in whole["games"] if is_match_result(game)]
    elif whole is None:
        try:
            lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        except (ValueError, RecursionError):
            return None
        found = [logged_game(line) for line in lines if isinstance(line, dict)]
        found = [game for game in found if is_match_result(game)]
    else:
        return None
    return {game.get("number", place) if isinstance(game.get("number"), int) else place: game
            for place, game in enumerate(found, 1)} or None


def logged_game(line: dict) -> Any:
    """A line of a file of games as its game: ``match --json``'s line as it is; a tournament log's
    (FILE.jsonl: ``{"number", "ended", "result"}``) its result with the number on the line, which
    the result does not carry.  The log is in the order the games ended, not their numbers, so
    counting its lines picked another game than the reports' ``--game 2`` with ``--jobs 2``."""
    result = line.get("result", line)
    if isinstance(result, dict) and isinstance(line.get("number"), int):
        return {**result, "number": line["number"]}
    return result


def is_match_result(data: Any) -> bool:
    """Whether ``data`` is one game as ``match --json`` prints it (a tournament's games are too)."""
    return isinstance(data, dict) and isinstance(data.get("game"), str) and isinstance(data.get("moves"), list)


def numbered_game(results: dict[int, dict], number: int | None) -> dict:
    """Game ``number`` of ``results``; the only one without a number; else BadInput saying how to pick."""
    if number is None and len(results) == 1:
        return next(iter(results.values()))
    numbers = f"{min(results)} to {max(results)}" if len(results) > 1 else str(min(results))
    if number is None:
        raise BadInput(f"it holds {len(results)} games: pick one with --game N ({numbers}, as the match or "
                       "tournament numbered them)")
    if number not in results:
        raise BadInput(f"--game {number}: it holds games {numbers}")
    return results[number]


def record_from_text(text: str) -> GameRecord:
    """``read_record``'s formats, told apart as the window's Saved games tells them: a text under
    a game's name that is no position is its moves (``moves_or_position``), as the window reads it
    (a Reversi list "d3 c5 f6" under "Reversi" was refused as a board of 8 characters)."""
    if is_ggf(text):
        return record_from_ggf(text)
    if text.lstrip().startswith("{"):
        return GameRecord.loads(text)
    if is_sgf(text):
        return record_from_sgf(text)
    if is_position_text(text):  # a board, or a bare move list under the game's name
        try:
            return record_from_position(text)
        except RecordError as problem:
            as_position = problem  # the except clause's name is gone once the clause ends
        return moves_or_position(text, as_position)
    return record_from_move_list(text)


def of_this_game(game: Game, record: GameRecord) -> GameRecord:
    """``record``, if it is a game of ``game``'s kind (its own options kept), else BadInput naming
    both games by their titles and what the record is: a game, or a position (a copied board, no
    moves played from it).  A Rastros game log was "a rastros position, not reversi"."""
    if record.game_id != game.id:
        kind = "position" if record.start_position is not None and not record.moves else "game"
        raise BadInput(f"that is {titled(record.game_id)} {kind}, not {titled(game.id)} {kind}: analyse it as "
                       f"{record.game_id}")
    return record


def titled(game_id: str) -> str:
    """"a Rastros", "an Alquerque": a game's title as the window writes it, with its article."""
    import games

    title = games.info(game_id).title
    return f"{'an' if title[0].lower() in 'aeiou' else 'a'} {title}"


def record_state(game: Game, record: GameRecord, ply: int | None) -> State:
    """The position after ``ply`` moves of ``record`` (its last without ``ply``)."""
    states = of_this_game(game, record).states()
    if ply is None:
        return states[-1]
    if not 0 <= ply < len(states):
        raise BadInput(f"--ply {ply}: the record has positions 0 to {len(states) - 1}")
    return states[ply]


def refuse_finished(state: State) -> None:
    """A finished position has no move to find: said with its result."""
    if not state.is_terminal():
        return
    winner = state.winner()
    said = "drawn" if winner is None else f"{state.game.sides[winner]} won"
    reason = state.end_reason()
    raise BadInput(f"the game is over there ({said}{': ' + reason if reason else ''}): no move to analyse; "
                   "give an earlier position (--ply N for a record)")


# -- the searches ---------------------------------------------------------------------------------
def searched_until(run: Callable[[Flag], None], seconds: float | None) -> bool:
    """Run ``run(stop)`` on a thread until it returns, or for ``seconds`` (then stopped), or until
    Ctrl+C (stopped too): True if Ctrl+C stopped it.  The thread, not this one, runs the search, so
    a Ctrl+C reaches Python at once while a compiled kernel searches."""
    stop = Flag()
    thread = threading.Thread(target=run, args=(stop,), daemon=True, name="analyse")
    deadline = None if seconds is None else time.monotonic() + seconds
    try:
        thread.start()  # inside: a Ctrl+C can come while ``start`` waits for the thread to run
        while thread.is_alive():
            thread.join(0.05)
            if deadline is not None and time.monotonic() >= deadline:
                stop.set()
    except KeyboardInterrupt:
        stop.set()
        with contextlib.suppress(RuntimeError):  # the Ctrl+C came before the thread had begun
            thread.join()
        return True
    return False


def searched_verdict(state: State, player: ai.Player, seconds: float, lines: int) -> Verdict:
    """The verdict the command prints: ``valued_moves`` with --lines, else ``one_search``; a position
    of one legal move is valued past it as analysis values it (a hint plays it without a search,
    and said "none" of a forced position of a student's game, a pass or a lone reply)."""
    if lines:
        return valued_moves(state, player, seconds, lines)
    if len(state.legal_moves()) == 1:
        return replace(valued_moves(state, player, seconds, 1), moves=[])
    return one_search(state, player, seconds)


def one_search(state: State, player: ai.Player, seconds: float, _lines: int = 0) -> Verdict:
    """The hint's search of ``state`` for ``seconds`` (its own clock: the driver's), its last report
    the verdict, proven by Hex's connections where they decide the position (``connections_proof``,
    out of the same seconds); ``_lines`` is ``valued_moves``' and unused here."""
    reports: list[Progress] = []
    chosen: list[Hashable] = []
    began = time.monotonic()
    decided, keys = connections_proof(state)
    left = max(seconds - (time.monotonic() - began), MIN_SEARCH * seconds)

    def run(stop: Flag) -> None:
        chosen.append(player.choose(state, Limits(time=left, best=True, stop=stop), reports.append))

    stopped = searched_until(run, None)
    last = reports[-1] if reports else Progress()
    move = chosen[0] if chosen else last.best_move
    game = state.game
    verdict = Verdict(game, state.to_move, None if move is None else game.format_move(state, move),
                      value_of_report(last) if reports else None, last.nodes, last.elapsed, stopped=stopped)
    verdict.line = line_texts(state, last.pv) or ([verdict.best] if verdict.best else [])
    verdict.playouts = last.kind == "mcts" or last.proof == "mcts"
    if decided is None and move in keys:  # the move chosen is a key of the mover's semi-connections: a win
        decided = 1
    if decided is not None and verdict.value is not None and verdict.value.proven is None:
        verdict.value = replace(verdict.value, proven=decided, source=HEX_CONNECTIONS,
                                score=1.0 if decided > 0 else 0.0 if verdict.value.kind == "mcts" else verdict.value.score)
    return verdict


def connections_proof(state: State) -> tuple[int | None, frozenset]:
    """A Hex position's result by its virtual connections, as ``--lines`` proves every move by
    them (``ai.move_values.connections_verdict``): +1 the mover wins, -1 it loses, None undecided
    or another game; and the keys of the mover's semi-connections, each a proven win, where those
    alone join its edges.  The search's own proof, which knows the length, stays where it has one."""
    if state.game.id != "hex" or not connections_decide(state):
        return None, frozenset()
    return connections_verdict(state)


def value_of_report(progress: Progress) -> Value:
    """A search's last report as a value: its depth, or its playouts for Monte Carlo."""
    return Value(float(progress.score), progress.kind, progress.proven, progress.proven_plies,
                 progress.exact_margin, progress.unit, progress.nodes if progress.kind == "mcts" else progress.depth,
                 margin_bound(progress), progress.proof, plies_at_most=progress.plies_at_most)


def valued_moves(state: State, player: ai.Player, seconds: float, lines: int) -> Verdict:
    """Every move valued as analysis mode values them, for ``seconds``; the ``lines`` best kept:
    the move analysis names first (``MoveValues.best``), then the others best first
    (``ranked_after_best``), every estimate of the list at one depth (``at_one_depth``), the
    verdict's best move first."""
    snapshots: list[MoveValues] = []

    def run(stop: Flag) -> None:
        snapshots.append(analyse(state, state.game.id, stop, snapshots.append, player=player))

    stopped = searched_until(run, seconds)
    snapshot = at_one_depth(snapshots) if snapshots else MoveValues(state.to_move)
    ranked = ranked_after_best(snapshot)
    game = state.game
    verdict = Verdict(game, state.to_move, nodes=snapshot.nodes, seconds=snapshot.elapsed, stopped=stopped,
                      playouts=snapshot.monte_carlo)
    verdict.moves = [(game.format_move(state, v.move), value_of_move(v, thinly_tried(v, snapshot))) for v in ranked[:lines]]
    if verdict.moves:
        verdict.best, verdict.value = verdict.moves[0]
        verdict.line = line_texts(state, snapshot.best_line())
    return verdict


def ranked_after_best(snapshot: MoveValues) -> list[MoveValue]:
    """The snapshot's moves, its best first, then the others in the order that chose it
    (``MoveValues.key``): proven wins first and proven losses last; a Monte Carlo analysis's
    (Hex's) estimates by their playouts, as the search ranks them and its player chooses (the
    most searched: ``ai.kernels.hex.best_edge``), so the hint, the board's best and these lines
    follow one rule.  Ranked by their chance to win instead, "c3 80% (5 playouts)" came second
    after f6 i3, above rates of thousands: a rate from a few playouts is noise.  A rate from a
    handful (``hardly_tried``), which the board leaves blank, comes after all of them."""
    best = snapshot.best()
    others = sorted((v for v in snapshot.values.values() if v is not best),
                    key=lambda v: (not hardly_tried(v), snapshot.key(v), -_place(snapshot, v)), reverse=True)
    return [best, *others] if best is not None else []


def _place(snapshot: MoveValues, value: MoveValue) -> int:
    """The move's place in the game's list of moves: the tie-break analysis uses (``MoveValues.best``)."""
    return snapshot.order.get(value.move, len(snapshot.order))


def value_of_move(value: MoveValue, thin: bool = False) -> Value:
    """An analysed move's value: its depth, or its visits for Monte Carlo; ``thin``: a rate from
    few playouts (``thinly_tried``), which ``sureness_text`` says is one."""
    return Value(value.score, value.kind, value.proven, value.plies, value.margin, value.unit,
                 value.visits if value.kind == "mcts" else value.depth, value.bound, value.source, thin,
                 value.plies_at_most)


def line_texts(state: State, moves: Any) -> list[str]:
    """A line of moves in the game's notation, as far as each is legal in turn."""
    texts = []
    for move in moves or ():
        if state.is_terminal() or move not in state.legal_moves():
            break
        texts.append(state.game.format_move(state, move))
        state = state.play(move)
    return texts


# -- the words ------------------------------------------------------------------------------------
PLAYERS_NOTATION = "moves in the official notation (Tabuleiro's own in brackets, as --json writes them)"
"""The line under the title where the words write the moves in the notation the game's players use."""


def in_players_notation(verdict: Verdict, state: State) -> Verdict:
    """The verdict's moves as the window writes them by default: in the notation the game's
    players write elsewhere, where it has one (Trax's official ``B3\\``, counted from the tiles:
    ``Game.other_move_text``, Settings > Trax notation), the best move and each of the lines
    followed by the game's own (``g7\\``), which --json and records keep and --moves reads as
    well.  The command wrote "best move: g7\\" where the window's panel said "best B3\\" of the
    same tile, and a student could match neither to the other."""
    game = state.game
    if not verdict.best or game.other_move_text(state, game.parse_move(state, verdict.best)) is None:
        return verdict

    def both(text: str) -> str:
        return f"{game.other_move_text(state, game.parse_move(state, text))} ({text})"

    return replace(verdict, best=both(verdict.best), line=official_line(state, verdict.line),
                   moves=[(both(text), value) for text, value in verdict.moves], notation=PLAYERS_NOTATION)


def official_line(state: State, texts: list[str]) -> list[str]:
    """A line of moves in the game's notation written in its players' (``other_move_text``), each
    move counted from the position it is played in."""
    game, written = state.game, []
    for text in texts:
        move = game.parse_move(state, text)
        written.append(game.other_move_text(state, move) or text)
        state = state.play(move)
    return written


def value_text(value: Value, mover: int, game: Game) -> str:
    """The value as the window says it: "proven: Black wins by 38 discs on the board", "proven:
    draw", "X wins in 5 moves (the search sees the end)" (a win an estimate's search saw: a bare
    "North wins" beside "[estimate]" read as a contradiction), "Blue 62% to win", "White +1.1
    pieces", "even", and for a game whose points no player counts (``ai.value_words`` SIDE_ONLY:
    tic-tac-toe, Rastros, Trax) "better for South"; ``--json`` keeps the number."""
    sides = game.sides
    if value.proven is not None:
        return "proven: " + outcome_text(value, mover, sides)
    if value.bound:  # Reversi's 6x6 book past a mistake: a bound that does not decide the game
        return bound_text(value, mover, sides)
    if valueless(value, game):
        return ("none: the move was chosen without a search" if value.kind == "rule"
                else "none: the opening book's move, which comes without a value")
    if abs(value.score) >= PROVEN and value.kind != "mcts":  # unproven: "[estimate]" follows, as the window's tip
        plies = int(WIN - abs(value.score))
        winner = sides[mover if value.score > 0 else 1 - mover]
        length = f" in {counted(plies, 'moves')}" if 0 < plies < LENGTH_KNOWN else ""
        return f"{winner} wins{length} (the search sees the end)"
    if value.kind == "mcts":
        rate = max(0.0, min(1.0, value.score))
        side = mover if rate >= 0.5 else 1 - mover
        return f"{sides[side]} {round(100 * max(rate, 1 - rate))}% to win"
    if eval_unit(game.id, value.unit) == "percent":
        return "no value in chances to win (an alpha-beta estimate)"
    side, amount = side_ahead(value.score, mover, game.id, value.unit)
    if amount == "0":
        return "even"
    return f"{sides[side]} +{amount}" if says_the_number(game.id, value.unit) else f"better for {sides[side]}"


def valueless(value: Value, game: Game) -> bool:
    """Whether the move came with no value at all, its score a nought that counts nothing: chosen
    by the rules without a search (level 1's random move), or Hex's swap-rule opening book (a
    balanced first stone, a swap advised), which gives a move and no chance to win."""
    if value.proven is not None or value.bound:
        return False
    return value.kind == "rule" or (value.kind == "book" and eval_unit(game.id, value.unit) == "percent")


def outcome_text(value: Value, mover: int, sides: tuple[str, ...]) -> str:
    """A proof's result: "draw", "Black wins by 38 discs on the board", "X wins in 5 moves": moves,
    one player's turn each, as every screen and ``main.py match`` count them (``counted``)."""
    if not value.proven:
        return "draw"
    winner = sides[mover if value.proven > 0 else 1 - mover]
    if value.bound:
        return bound_text(value, mover, sides)
    if value.margin:
        return f"{winner} wins by {counted(abs(round(value.score)), 'discs')} on the board"
    if value.plies:
        at_most = "at most " if value.plies_at_most else ""  # Alquerque's tables: their way, the longest defence
        return f"{winner} wins in {at_most}{counted(value.plies, 'moves')}"
    return f"{winner} wins"


def bound_text(value: Value, mover: int, sides: tuple[str, ...]) -> str:
    """A value that is a proven bound of the final margin in the window's words (``bound_words``):
    "Black wins by at least 10 discs", "White +4 discs at most", "Black at least even"."""
    if value.bound < 0:  # the mover's margin is at most ``score``
        return bound_words(value.score, mover, sides)
    return bound_words(-value.score, 1 - mover, sides)  # the opponent's is at most minus it


def sureness(value: Value, game: Game) -> str:
    """What the value is, in one word that --json's ``verdict`` gives and ``sureness_text`` says:
    "proven", "bound" (a proven bound of the margin), "estimate" (a search's guess, or a book's
    value), or "none" (``valueless``: a move that came with no value is no estimate of anything;
    the verdict called Hex's swap-rule book move an "estimate (opening book)" under "value: none")."""
    if value.proven is not None:
        return "proven"
    if value.bound:
        return "bound"
    return "none" if valueless(value, game) else "estimate"


def sureness_text(value: Value, game: Game) -> str:
    """"PROVEN (exact solver)", "PROVEN (endgame table)", "proven bound (opening book)",
    "estimate (depth 12)", "estimate (20,000 playouts)", or for a move that came with no value
    "not searched" (level 1's random move) and "no value (opening book)" (Hex's swap-rule book)."""
    source = SOURCES.get(value.origin, value.origin)
    said = sureness(value, game)
    if said == "proven":
        return f"PROVEN ({source})"
    if said == "bound":
        return f"proven bound ({source})"
    if said == "none":
        return "not searched" if value.kind == "rule" else f"no value ({source})"
    if value.kind == "book" or not value.depth:
        return f"estimate ({source})"
    reach = f"{value.depth:,} playouts" if value.kind == "mcts" else f"depth {value.depth}"
    if value.thin:  # the window's faded tag: a guess beside the rates the search stands on
        return f"thin estimate ({reach}: under {THIN_SHARE:.0%} of the best's)"
    return f"estimate ({reach})"


def depth_says_the_proof(value: Value) -> bool:
    """Whether the depth belongs beside the value, as the window's panel says it
    (``ui.scenes.thinking.depth_says_the_proof``): always beside an alpha-beta estimate; beside a
    proof only when the search saw the end itself (a book's, a table's or a rule's proof is no
    proof "1 ply deep"; a solver's spans the empties it searched)."""
    if value.kind == "mcts" or not value.depth or value.origin in UNSEARCHED:
        return False
    if value.proven is None or value.kind == "solver":
        return True
    return value.plies is not None and 0 < value.plies <= value.depth


def verdict_text(verdict: Verdict) -> str:
    """The verdict for people, one fact a line; the first names the game as the window's copied
    position does (``title_line``: "Hex (size=3, swap=false)", which ``--position`` reads back),
    where it wrote a switch as Python's "swap=False"."""
    game, value = verdict.game, verdict.value
    out = [f"{title_line(game.id, game.options)}: {game.sides[verdict.mover]} to move"]
    out += [verdict.notation] if verdict.notation else []
    if verdict.best is None or value is None:
        out.append("no verdict: the search was stopped before its first result" if verdict.stopped
                   else "no verdict: the search gave no result")
    else:
        out += [f"best move: {verdict.best}", f"value: {value_text(value, verdict.mover, game)}",
                f"verdict: {sureness_text(value, game)}"]
        out += [f"depth: {value.depth}"] if depth_says_the_proof(value) else []
        out += [f"line: {' '.join(verdict.line)}"] if verdict.line else []
    width = max([8, *(len(move) for move, _value in verdict.moves)])
    for number, (move, move_value) in enumerate(verdict.moves, 1):
        said = value_text(move_value, verdict.mover, game)
        out.append(f"{number:3}. {move:<{width}} {said}  [{sureness_text(move_value, game)}]")
    stopped = "; stopped by Ctrl+C" if verdict.stopped else ""
    if searched(verdict):
        out.append(f"searched {verdict.nodes:,} {'playouts' if verdict.playouts else 'nodes'} "
                   f"in {verdict.seconds:.1f} s" + stopped)
    elif stopped:
        out.append(stopped.lstrip("; "))
    return "\n".join(out)


def searched(verdict: Verdict) -> bool:
    """Whether a search ran for the verdict: not where a book, a table or the rules knew it and
    nothing was searched (a book's proof said "searched 0 nodes in 0.0 s")."""
    return bool(verdict.nodes) or verdict.value is None or verdict.value.origin not in UNSEARCHED


ENGINE_SCALE = "engine"  # --json's unit of a number on the engine's own scale, which no player counts


def json_unit(value: Value, game: Game) -> str:
    """The unit --json gives ``value``'s number in: the game's ("discs", "pieces"), "percent" (a
    Monte Carlo search's chance to win), its player's own ("points": Reversi's hand-set
    evaluation), or ``ENGINE_SCALE`` for the points of a game whose words give only the side they
    favour (``ai.value_words`` SIDE_ONLY: "better for South"): it said "points" there, a unit no
    player can read.  Such numbers compare moves with one another, as the board's tags do."""
    if value.kind == "mcts":
        return "percent"
    return eval_unit(game.id, value.unit) if says_the_number(game.id, value.unit) else ENGINE_SCALE


def value_json(value: Value, mover: int, game: Game) -> dict[str, Any]:
    """A value for scripts: its words, the number in its unit (``json_unit``), whether it is proven,
    and what it is (``sureness``: "proven", "bound", "estimate" or "none", the words' verdict)."""
    unit = json_unit(value, game)
    shown = 100 * value.score if value.kind == "mcts" else value.score / (1 if value.unit else unit_size(game.id))
    if value.proven is not None and not value.margin and not value.bound or valueless(value, game):
        shown = None  # a result, not an amount; or no value at all
    result = None if value.proven is None else {1: "win", 0: "draw", -1: "loss"}[value.proven]
    return {"text": value_text(value, mover, game), "score": None if shown is None else round(shown, 4), "unit": unit,
            "proven": value.proven is not None, "result": result, "plies": value.plies,
            "exact_margin": value.margin, "bound": {1: "at least", -1: "at most"}.get(value.bound),
            "verdict": sureness(value, game), "source": value.origin, "depth": value.depth if depth_ran(value) else None}


def depth_ran(value: Value) -> bool:
    """Whether ``value.depth`` is a search's: not a book's, a table's or the rules' 1."""
    return value.origin not in UNSEARCHED


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """The verdict as one JSON object (the same facts as ``verdict_text``)."""
    game, value = verdict.game, verdict.value
    return {"game": game.id, "options": dict(game.options), "to_move": game.sides[verdict.mover],
            "best": verdict.best, "value": None if value is None else value_json(value, verdict.mover, game),
            "proven": bool(value and value.proven is not None),
            "depth": value.depth if value is not None and depth_ran(value) else None,
            "line": verdict.line, "nodes": verdict.nodes, "seconds": round(verdict.seconds, 3),
            "lines": [{"move": move, "value": value_json(v, verdict.mover, game)} for move, v in verdict.moves],
            "stopped": verdict.stopped}

