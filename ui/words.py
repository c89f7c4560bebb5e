"""The window's words for what ``games`` and ``ai`` name in English: titles, sides, options,
player titles and descriptions, and the end-of-game reasons.

The rules and players packages know nothing of languages (they are the readable reference and
the command line's); everything they say that the window shows goes through here, and so
through gettext.  Their fixed texts (titles, sides, summaries, option labels, players' titles
and descriptions) are read from their catalogs by ``tools/i18n.py extract``, which keeps them in
the .po like marked literals; the end reasons, which carry names and numbers, are matched
against the patterns below and rebuilt from a translated template.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ai.reason_names import NO_SUCH_FILE, file_named_once
from ui.i18n import N_, N_plural, Phrase, _, localized, ngettext, pgettext
from ui.i18n import language as i18n_language
from ui.parts import join_parts

log = logging.getLogger(__name__)
_openings_unread: set[str] = set()  # why a game's list of opening names could not be read, said once each

if TYPE_CHECKING:
    from ai.base import PlayerInfo
    from games.base import DrawCounts

# Each pattern matches one reason as games/ writes it; its template says the same in the catalog.
# Named groups in ``SIDE_GROUPS`` hold a side name (translated too); others are kept as written.
REASONS: tuple[tuple[str, str], ...] = (
    # a game lost by our side, not by a player (ai.tournament, ai.cluster): ``rest`` is the error's text
    (r"void: the referee failed: (?P<rest>.*)", N_("void: the referee failed: {rest}")),
    (r"void: the Dask task failed: (?P<rest>.*)", N_("void: the Dask task failed: {rest}")),
    (r"void: a worker process died", N_("void: a worker process died")),
    # how its worker ended (ai.tournament_workers.how_ended); several ways at once, each said (``WORKER_ENDS``)
    (r"void: a worker process died \(killed by (?P<signal>SIG\w+)\)", N_("void: a worker process died (killed by {signal})")),
    (r"void: a worker process died \(ended by (?P<signal>SIG\w+)\)", N_("void: a worker process died (ended by {signal})")),
    (r"void: a worker process died \(exit status (?P<status>-?\d+)\)",
     N_("void: a worker process died (exit status {status})")),
    (r"void: a worker process died \((?P<how>.*)\)", N_("void: a worker process died ({how})")),
    (r"double forfeit: neither player could be started", N_("double forfeit: neither player could be started")),
    # ai.tournament's withdrawal reasons say "league" (its logs and reports keep them); the window
    # says "tournament", as its screen does everywhere else
    (r"double forfeit: both players withdrew from the league", N_("double forfeit: both players withdrew from the tournament")),
    (r"annulled: (?P<player>.+) withdrew from the league after (?P<played>\d+) of its (?P<games>\d+) games",
     N_("annulled: {player} withdrew from the tournament after {played} of its {games} games")),
    (r"annulled: (?P<player>.+) withdrew from the league having played none of its (?P<games>\d+) games",
     N_("annulled: {player} withdrew from the tournament having played none of its {games} games")),
    (r"(?P<side>.+) has (?P<k>\d+) in a row", N_("{side} has {k} in a row")),
    (r"Board full: draw", N_("Board full: draw")),
    (r"Board full", N_("Board full")),
    (r"No discs on the board", N_("No discs on the board")),  # a Reversi board set up empty
    (r"(?P<side>\S+) connected left and right", N_("{side} connected left and right")),
    (r"(?P<side>\S+) connected top and bottom", N_("{side} connected top and bottom")),
    (r"(?P<side>\S+) reached (?P<square>\S+)", N_("{side} reached {square}")),
    (r"(?P<mover>\S+) moved onto (?P<square>\S+): (?P<side>\S+) wins", N_("{mover} moved onto {square}: {side} wins")),
    (r"(?P<mover>\S+) is blocked: (?P<side>\S+) wins", N_("{mover} is blocked: {side} wins")),
    # a Reversi game ended before the board filled: the tournament (WOF) count ({c} - {d}, the
    # empty squares to the winner or shared) first, as Othello players score it, then the board's
    # in brackets, said to be the board's: "59 - 5 · 58 - 5 on the board" read as two results
    (r"Draw (?P<a>\d+) - (?P<b>\d+) \((?P<c>\d+) - (?P<d>\d+) with the empty squares shared\)",
     N_("Draw {c} - {d} ({a} - {b} on the board)")),
    (r"Draw (?P<a>\d+) - (?P<b>\d+)", N_("Draw {a} - {b}")),
    (r"(?P<side>\S+) wins (?P<a>\d+) - (?P<b>\d+) \((?P<c>\d+) - (?P<d>\d+) with the empty squares to the winner\)",
     N_("{side} wins {c} - {d} ({a} - {b} on the board)")),
    (r"(?P<side>\S+) wins (?P<a>\d+) - (?P<b>\d+)", N_("{side} wins {a} - {b}")),
    (r"(?P<side>\S+) has no pieces left", N_("{side} has no pieces left")),
    (r"(?P<side>\S+) resigns", N_("{side} resigns")),
    (r"(?P<side>\S+) resigns at move (?P<n>\d+)", N_("{side} resigns at move {n}")),  # a resignation in the window
    (r"(?P<side>\S+) lost on time at move (?P<n>\d+)", N_("{side} lost on time at move {n}")),  # a flag fall in the window
    (r"(?P<side>\S+) lost on time", N_("{side} lost on time")),
    (r"(?P<side>\S+) forfeits", N_("{side} forfeits")),  # an SGF's RE[W+F], which does not say why
    (r"(?P<side>\S+) has no legal move", N_("{side} has no legal move")),
    (r"Draw: the same position, with the same player to move, occurred a third time",
     N_("Draw: the same position, with the same player to move, occurred a third time")),
    (r"Draw: (?P<plies>\d+) plies passed with no capture", N_("Draw: {plies} moves ({each} each) passed with no capture")),
    # the same ends as records written before they took the course's words keep them
    (r"Draw: the same position occurred three times", N_("Draw: the same position occurred three times")),
    (r"Draw: (?P<plies>\d+) plies without capture", N_("Draw: {plies} moves ({each} each) without capture")),
    # Trax: whose turn made the loop or line, where that is why the winner won (before the plain one)
    (r"(?P<side>\S+) wins: (?P<made>.+) in one turn: the mover wins",
     N_("{side} wins: {made} in one turn: the mover wins")),
    (r"(?P<side>\S+) wins: (?P<made>.+), completed by (?P<mover>\S+)",
     N_("{side} wins: {made}, completed by {mover}")),
    (r"(?P<side>\S+) wins: (?P<made>.+)", N_("{side} wins: {made}")),
    (r"The board is full: no winner", N_("The board is full: no winner")),
    (r"The board is full", N_("The board is full")),
    (r"No tile can be placed: no winner", N_("No tile can be placed: no winner")),
    (r"No tile can be placed", N_("No tile can be placed")),
    (r"Draw by agreement", N_("Draw by agreement")),  # the two players agreed it (the window's Offer draw)
    (r"Draw", N_("Draw")),
    (r"(?P<side>.+) wins", N_("{side} wins")),
)
SIDE_GROUPS = ("side", "mover")
# each way worker processes ended, as ai.tournament_workers.how_ended writes them, joined by ", "
WORKER_ENDS: tuple[tuple[str, str], ...] = (
    (r"killed by (?P<signal>SIG\w+)", N_("killed by {signal}")),
    (r"ended by (?P<signal>SIG\w+)", N_("ended by {signal}")),
    (r"exit status (?P<status>-?\d+)", N_("exit status {status}")),
)

# Why a player lost by the turn rules (ai.referee, ai.outside), as the referee writes it after the
# player's name.  ``rest`` keeps what follows as written (an exception's text, a log file's path).
AT = r"(?P<at>(?: at move \d+)?)"  # the move a forfeit came at (ai.referee.at_move), when the reason says it
STOPPED = r"(?P<stopped>(?:; (?:process|engine) stopped)?)"  # a late outside player's process, stopped
STOPPED_WORDS = (N_("; process stopped"), N_("; engine stopped"))
FORFEITS: tuple[tuple[str, str], ...] = (
    (r"withdrew from the league", N_("withdrew from the tournament")),  # the screen's word, not ai's (REASONS)
    # a reason names its move after its first words (ai.referee.at_move): {at} is " at move 3" or nothing
    (rf"lost on time{AT}: the flag fell \((?P<took>(?:no answer after )?[\d.]+ s(?: spent)?) with (?P<left>-?[\d.]+) s "
     rf"left on its (?P<clock>\S+) clock\){STOPPED}(?P<rest>.*)",
     N_("lost on time{at}: the flag fell ({took} with {left} s left on its {clock} clock){stopped}{rest}")),
    (r"lost on time", N_("lost on time")),
    (rf"exceeded the time limit{AT} \((?P<took>(?:answered|no answer) after [\d.]+ s); limit (?P<limit>[\d.]+) s \+ "
     rf"(?P<grace>[\d.]+) s grace\){STOPPED}(?P<rest>.*)",
     N_("exceeded the time limit{at} ({took}; limit {limit} s + {grace} s grace){stopped}{rest}")),
    # as records written before the reason said the time waited and the grace keep it
    (rf"exceeded the time limit \((?P<spent>[\d.]+) s > (?P<limit>[\d.]+) s\){STOPPED}(?P<rest>.*)",
     N_("exceeded the time limit ({spent} s > {limit} s){stopped}{rest}")),
    (rf"played an illegal move (?P<move>.+?){AT}: (?P<rest>.*)", N_("played an illegal move {move}{at}: {rest}")),
    (r"crashed \(process ended(?P<rest>.*)\)", N_("crashed (process ended{rest})")),
    (r"crashed \(engine ended(?P<rest>.*)\)", N_("crashed (engine ended{rest})")),
    (r"crashed: (?P<rest>.*)", N_("crashed: {rest}")),
    # a crash in a game, at its move (ai.referee.at_move)
    (r"crashed at move (?P<n>\d+) \(process ended(?P<rest>.*)\)", N_("crashed at move {n} (process ended{rest})")),
    (r"crashed at move (?P<n>\d+) \(engine ended(?P<rest>.*)\)", N_("crashed at move {n} (engine ended{rest})")),
    (r"crashed at move (?P<n>\d+): (?P<rest>.*)", N_("crashed at move {n}: {rest}")),
    # ``reason``: a load reason (ai.outside.load_reason), as the Add player dialog says it
    (rf"could not be started{AT}: (?P<reason>.*)", N_("could not be started{at}: {reason}")),
    (r"could not be loaded: (?P<reason>.*)", N_("could not be loaded: {reason}")),
    (rf"could not be restarted{AT}: (?P<reason>.*)", N_("could not be restarted{at}: {reason}")),
    (rf"started more processes than its limit \((?P<n>\d+)\){AT}(?P<rest>.*)",
     N_("started more processes than its limit ({n}){at}{rest}")),
    (rf"engine refused (?P<command>'[^']*'){AT}: (?P<rest>.*)", N_("engine refused {command}{at}: {rest}")),
    # a GTP engine's stray line on standard output (ai.outside_gtp.GTPPlayer._not_an_answer)
    (rf"answered (?P<command>'[^']*'){AT} with (?P<line>.+?), not a GTP answer: print debugging text to standard "
     r"error(?P<rest>.*)",
     N_("answered {command}{at} with {line}, not a GTP answer: print debugging text to standard error{rest}")),
    # an answer never ended (ai.outside_gtp.GTPPlayer._unended)
    (rf"answered (?P<command>'[^']*'){AT} with (?P<line>.+?) but no empty line after it: a GTP answer ends with an "
     r"empty line \(two newlines after it\)(?P<rest>.*)",
     N_("answered {command}{at} with {line} but no empty line after it: a GTP answer ends with an empty line (two "
        "newlines after it){rest}")),
    # an engine silent at start-up (ai.outside_gtp.GTPPlayer._silence)
    (r"no answer to (?P<command>'[^']*') within (?P<limit>[\d.]+) s: an engine must flush its output after each "
     r"answer \(fflush\(stdout\) in C, print\(\.\.\., flush=True\) in Python\)",
     N_("no answer to {command} within {limit} s: an engine must flush its output after each answer "
        "(fflush(stdout) in C, print(..., flush=True) in Python)")),
    # ... or silent at a game's set-up after answering its start
    (r"no answer to (?P<command>'[^']*') within (?P<limit>[\d.]+) s, though it answered the commands before it",
     N_("no answer to {command} within {limit} s, though it answered the commands before it")),
    (r"resigned(?P<rest>.*)", N_("resigned{rest}")),
    (r"was stopped", N_("was stopped")),
    # an engine asked to play on from a position it cannot be led to (ai.outside_gtp.GTPPlayer)
    (rf"cannot be given this position{AT}: no line of moves from the start to it was found, and the engine was not "
     r"following the game(?P<rest>.*)",
     N_("cannot be given this position{at}: no line of moves from the start to it was found, and the engine was not "
        "following the game{rest}")),
)
# the first words of each of ``FORFEITS``, where a forfeit's reason begins after the player's name:
# one missing left the whole reason in English ("O forfeits: ana withdrew from the league")
FORFEIT_WORDS = "|".join(("lost on time", "exceeded the time limit", "played an illegal move", "crashed", "could not be",
                          "started more processes", "engine refused", "resigned", "was stopped", "cannot be given",
                          "answered", "withdrew", "no answer to"))
# a referee's whole reason: "O forfeits: sleeper.py exceeded the time limit (...)"
FORFEIT_REASON = re.compile(rf"(?P<side>\S+) forfeits: (?P<player>.+?) (?P<why>(?:{FORFEIT_WORDS}).*)", re.S)
LOG_NOTE = re.compile(r"; log: (?P<path>.+)$")  # the outside player's error stream, named last
# a missing file's path and what follows it (``ai.outside.no_file``): a close name, or where it was looked for
_CLOSE = r"; did you mean (?P<close>.+)\?"
_NO_FOLDER = (r"; there is no folder (?P<folder>.+) in (?P<cwd>.+), the folder Tabuleiro was started in: give the "
              r"file's whole path")
# what follows a reason's colon when it is ours (the rest, a player's exception or the rules' words, stays)
DETAILS: tuple[tuple[str, str], ...] = (
    (rf"no such file (?P<path>.+?){_CLOSE}", N_("no such file {path}; did you mean {close}?")),
    (rf"no such file (?P<path>.+?){_NO_FOLDER}",
     N_("no such file {path}; there is no folder {folder} in {cwd}, the folder Tabuleiro was started in: give the "
        "file's whole path")),
    (r"no such file (?P<path>.+)", N_("no such file {path}")),
    (r"it is a folder, not a file: give a player's file in it, such as (?P<file>.+)",
     N_("it is a folder, not a file: give a player's file in it, such as {file}")),
    (r"it is a folder, not a file, and holds no \.py or \.ipynb file: give the player's file",
     N_("it is a folder, not a file, and holds no .py or .ipynb file: give the player's file")),
    (r"the AI process stopped unexpectedly \(exit code (?P<code>\S+)\)",
     N_("the AI process stopped unexpectedly (exit code {code})")),
    (r"the AI process keeps failing to start", N_("the AI process keeps failing to start")),
    # why a course player's answer is no move (ai.outside_child.Refused)
    (r"the tiles (?P<tiles>.+) are not one legal turn with its forced tiles",
     N_("the tiles {tiles} are not one legal turn with its forced tiles")),
    (r"no tile placed, where tiles can be", N_("no tile placed, where tiles can be")),
    (r"expected \[\[row, col, tile\], \.\.\.\]", N_("expected [[row, col, tile], ...]")),
    (r"a (?P<kind>\w+) \((?P<value>.*)\) is not a row or column: expected \[\[row, col, tile\], \.\.\.\] with ints",
     N_("a {kind} ({value}) is not a row or column: expected [[row, col, tile], ...] with ints")),
    (r"not a \(row, col\) square", N_("not a (row, col) square")),
    (r"not a square \(x, y\), column and row from 0 as the class notebook writes them",
     N_("not a square (x, y), column and row from 0 as the class notebook writes them")),
    # why a contract player's answer is no move at all (ai.outside_child._not_a_move)
    (r"choose returned None, not a move \(a path of it without a return\?\)",
     N_("choose returned None, not a move (a path of it without a return?)")),
    (r"a (?P<kind>\w+) is not a move: return one of state\.legal_moves\(\) \(such as (?P<move>.+)\) or its "
     r"notation \((?P<text>.+)\)",
     N_("a {kind} is not a move: return one of state.legal_moves() (such as {move}) or its notation ({text})")),
    # an answer far too large to be any move, refused unread (ai.outside_child.refuse_huge)
    (r"its answer was too large \((?P<size>[\d,.]+ [KM]B)\) to be a move",
     N_("its answer was too large ({size}) to be a move")),
    (r"its answer was too large \((?P<count>[\d,]+) items\) to be a move",
     N_("its answer was too large ({count} items) to be a move")),
    (r"its reply was too large \((?P<size>[\d,.]+ [KM]B)\)", N_("its reply was too large ({size})")),
)
FRAME = N_(" (at {where} line {line})")  # where in a bot's file its error came from
# what Add this player (New game, Tournament) says to a press with its field empty: it did nothing
NOTHING_TO_ADD = N_("Type a player's file (name.py) or gtp:command in the field above first")  # New game's form
# the Tournament screen's: its field is on Add player's left (above it: the participants' buttons)
# T on a finished game's last position, in the game and the replay alike: the game screen opened a
# tree of that position alone, with Depth − rebuilding it, where the replay said this
TREE_AT_THE_END = N_("The game is over at this move; step back to see a tree")
NOTHING_TO_ADD_BESIDE = N_("Type a player's file (name.py) or gtp:command in the field beside it first")
# Pieces of a crash's account (ai.outside_process, ai.outside_child): the process's end, where in
# the student's file it failed, what to do about a missing module.  Each is matched where our code
# puts it, at the start (right after "process ended") or at the end, so the same words inside a
# bot's own exception text, and what it printed (after "; stderr: "), stay as written.
SNIPPETS: tuple[tuple[str, str], ...] = (
    # before " (at ...)", which may follow it: the line of the import
    (r": put (?P<name>\S+)\.py \(or the (?P=name) folder\) beside (?P<file>\S+), in (?P<folder>.+?), or install the "
     r"package (?P=name)(?=(?: \(at [^()]+? line \d+\))?$)",
     N_(": put {name}.py (or the {name} folder) beside {file}, in {folder}, or install the package {name}")),
    (r"^, exit status (?P<code>-?\d+)", N_(", exit status {code}")),
    # an engine's command naming a file that is not there (ai.outside_gtp.missing_files_note), before what it wrote
    (r"^; no file (?P<files>.+?) in (?P<folder>.+?): the engine runs in a folder of its own, so name its files from "
     r"the folder Tabuleiro is started in, or by their whole path$",
     N_("; no file {files} in {folder}: the engine runs in a folder of its own, so name its files from the folder "
        "Tabuleiro is started in, or by their whole path")),
    (r", its CPU time limit$", N_(", its CPU time limit")),  # after "killed by SIGXCPU" (``LIMIT_SIGNALS``)
    (r", its file size limit$", N_(", its file size limit")),
    # as reasons written before said them, bracketed inside the reason's own brackets: said as now
    (r" \(CPU time limit\)$", N_(", its CPU time limit")),
    (r" \(file size limit\)$", N_(", its file size limit")),
    (r"^, killed by (?P<signal>\w+)", N_(", killed by {signal}")),
    (r" \(at (?P<where>[^()]+?) line (?P<line>\d+)\)$", FRAME),
    (r" \(in Tabuleiro's course module (?P<module>\S+) line (?P<line>\d+)\)$",
     N_(" (in Tabuleiro's course module {module} line {line})")),
    (r" \(in Tabuleiro's course module (?P<module>\S+) line (?P<line>\d+), called from (?P<where>[^()]+?) line (?P<at>\d+)\)$",
     N_(" (in Tabuleiro's course module {module} line {line}, called from {where} line {at})")),
    # where a late move was running when it was stopped (ai.outside.running_at), and the first move's hint
    (r"^; it was running (?P<where>[^()]+?) line (?P<line>\d+) \(in (?P<function>[^()]+)\)",
     N_("; it was running {where} line {line} (in {function})")),
    (r"\. It was its first move: set-up work done inside the move \(reading files, building tables\) counts on the "
     r"move's clock, so do it in __init__ or at module level$",
     N_(". It was its first move: set-up work done inside the move (reading files, building tables) counts on the "
        "move's clock, so do it in __init__ or at module level")),
    # ... or, where the student's code was many calls deep, that its search was (ai.outside.SEARCH_HINT)
    (r"\. It was searching \((?P<function>[^()]+) was (?P<depth>\d+) calls deep\): a search deeper than the time "
     r"allows is late on any move, so stop it at a depth, or take the seconds \(choose\(game, state, seconds\)\) "
     r"and stop in time$",
     N_(". It was searching ({function} was {depth} calls deep): a search deeper than the time allows is late on "
        "any move, so stop it at a depth, or take the seconds (choose(game, state, seconds)) and stop in time")),
    # a student's file in another encoding than it says (ai.outside_source.python_text), after "SyntaxError: "
    (r"^the file is not UTF-8 text \(byte (?P<byte>0x[0-9a-f]{2})\) and declares no other encoding: "
     r"save it as UTF-8, or declare its encoding on its first line \(# -\*- coding: latin-1 -\*-\)",
     N_("the file is not UTF-8 text (byte {byte}) and declares no other encoding: save it as UTF-8, "
        "or declare its encoding on its first line (# -*- coding: latin-1 -*-)")),
    (r"^the file is not (?P<encoding>\S+) text as it declares \(byte (?P<byte>0x[0-9a-f]{2})\)",
     N_("the file is not {encoding} text as it declares (byte {byte})")),
    (r"^EOFError: input\(\) has no one to answer it here: choose reads the position from state and returns its move",
     N_("EOFError: input() has no one to answer it here: choose reads the position from state and returns its move")),
    (r"^MemoryError: the bot ran out of memory \(it may have reached its memory limit\)",
     N_("MemoryError: the bot ran out of memory (it may have reached its memory limit)")),
    (r"^choose changed the state it was given, and its answer is not legal in the position as it was: states are "
     r"values, state\.play\(move\) returns a new one \(copy\.deepcopy\(state\) gives a copy to change\)",
     N_("choose changed the state it was given, and its answer is not legal in the position as it was: states are "
        "values, state.play(move) returns a new one (copy.deepcopy(state) gives a copy to change)")),
)

# Why the rules refuse a typed move or a position text, and why a pasted text is no game or
# position (games/, games/record.py, games/position_text.py write them in English).  Groups named
# ``reason`` hold another such text, translated in turn; the others are kept as written (a quoted
# text, a square, a list of moves).
QUOTED = r"(?P<text>'[^']*'|\"[^\"]*\")"
# where a typed Trax move lies on the board's labels: our cell (f6+) or its official space (A1+, A1:lddl)
TRAX_PLACE = r"(?P<move>(?:[a-y]|[@A-Z]{1,2})\d+(?:[+/\\]|:[ld]{4}))"
# What is wrong with a typed Alquerque move (games.alquerque.Alquerque.rules_reason, after the
# move and a colon); each {name} stands for a point.
ALQUERQUE_WHY = (
    N_("a piece never moves backwards"), N_("a piece never captures backwards"),
    N_("a piece on the far row moves only sideways"), N_("a piece on the far row captures only sideways"),
    N_("no line joins {a} and {b}"), N_("{a} to {b} is not a jump along a line"), N_("{point} is not empty"),
    N_("there is no enemy piece on {point} to jump"), N_("the chain must go on: {point} can capture again"),
)
RULE_REASONS: tuple[tuple[str, str], ...] = (
    # first: the reason it holds would match the patterns below with this ending as part of them
    (r"(?P<reason>.*) \(it reads as a position of game '(?P<game>[^']*)'\)", N_("{reason} (this is a {game} position)")),
    (rf"{QUOTED} is not a legal move here; legal: (?P<legal>.*)", N_("{text} is not a legal move here; legal: {legal}")),
    (rf"{QUOTED} is not legal here; legal at (?P<where>\S+): (?P<legal>.*)",
     N_("{text} is not legal here; legal at {where}: {legal}")),
    (rf"{QUOTED} is not legal here", N_("{text} is not legal here")),
    (rf"{QUOTED} would make three light edges meet at (?P<cell>\S+); legal at (?P<where>\S+): (?P<legal>.*)",
     N_("{text} would make three light edges meet at {cell}; legal at {where}: {legal}")),
    (rf"{QUOTED} would make three dark edges meet at (?P<cell>\S+); legal at (?P<where>\S+): (?P<legal>.*)",
     N_("{text} would make three dark edges meet at {cell}; legal at {where}: {legal}")),
    (r"(?P<move>\S+) is not a legal move here", N_("{move} is not a legal move here")),
    # a value that is no move of the game at all (games.base.Game.why_illegal, and play() with it): a
    # program's slip, not a player's
    # one only equal to a legal move (True for 1, (6.0, 12.0) for (6, 12)): which move, which type
    (r"(?P<move>.+) is not a move of this game: it equals the move (?P<twin>.+) \((?P<text>[^()]*)\) but is of "
     r"another type \((?P<wrong>\w+), not (?P<right>\w+)\)",
     N_("{move} is not a move of this game: it equals the move {twin} ({text}) but is of another type ({wrong}, "
        "not {right})")),
    # one of the moves' type but none of the game's (99 on a 3x3 board), from a bot (ai.outside_child._why_illegal)
    (r"(?P<move>.+) is not a move of this game: return one of state\.legal_moves\(\) \(such as (?P<example>.+)\) or "
     r"its notation \((?P<text>.+)\)",
     N_("{move} is not a move of this game: return one of state.legal_moves() (such as {example}) or its notation "
        "({text})")),
    (r"(?P<move>.+) is not a move of this game", N_("{move} is not a move of this game")),
    (r"(?P<move>\S+): (?P<point>\S+) holds no (?P<side>\S+) piece", N_("{move}: {point} holds no {side} piece")),
    (r"(?P<move>\S+): a capture is compulsory", N_("{move}: a capture is compulsory")),
    (r"(?P<move>[a-e][1-5](?:[-x][a-e][1-5])+): (?P<alquerque>.+)", N_("{move}: {alquerque}")),
    (rf"{QUOTED} is off the board \((?P<range>[^)]*)\)", N_("{text} is off the board ({range})")),
    (rf"{QUOTED} is already taken", N_("{text} is already taken")),
    (r"(?P<cell>\S+) is already taken", N_("{cell} is already taken")),
    (rf"{QUOTED} is not a cell name like a1, nor pass", N_("{text} is not a cell name like a1, nor pass")),
    (rf"{QUOTED} is not a cell name like a1", N_("{text} is not a cell name like a1")),
    (rf"{QUOTED} is not a square like a1 or \(0, 0\)", N_("{text} is not a square like a1 or (0, 0)")),
    (rf"{QUOTED} is not a point a1\.\.e5", N_("{text} is not a point a1..e5")),
    (rf"{QUOTED} is not a move: points are a1\.\.e5", N_("{text} is not a move: points are a1..e5")),
    (rf"{QUOTED} is not a square like 4-5 \(row-col\)", N_("{text} is not a square like 4-5 (row-col)")),
    (rf"{QUOTED} is not a move like c2-c3 or b1xb3xd5", N_("{text} is not a move like c2-c3 or b1xb3xd5")),
    (rf"{QUOTED}: write steps with '-' \(c2-c3\) and captures with 'x' \(b1xb3\)",
     N_("{text}: write steps with '-' (c2-c3) and captures with 'x' (b1xb3)")),
    (rf"{QUOTED} is not a Trax move like (?P<examples>.*)", N_("{text} is not a Trax move like {examples}")),
    (rf"{QUOTED} is the first tile of a game in the official notation: paste the whole game on the main menu to "
     r"open it",
     N_("{text} is the first tile of a game in the official notation: paste the whole game on the main menu to "
        "open it")),
    (rf"{QUOTED} \(the official notation, counted from the tiles' top-left corner\) lies off this (?P<n>\d+) x "
     r"(?P=n) board",
     N_("{text} (the official notation, counted from the tiles' top-left corner) lies off this {n} x {n} board")),
    (rf"{QUOTED}: rows count from 1 here; the official notation, whose row 0 lies above the tiles, writes its "
     r"columns in capitals \((?P<official>[^)]*)\)",
     N_("{text}: rows count from 1 here; the official notation, whose row 0 lies above the tiles, writes its "
        "columns in capitals ({official})")),
    # a typed move named where it lies on the board's labels: our cell (f6+) or its official space (A1+, A1:lddl)
    (rf"{QUOTED} is {TRAX_PLACE} here: (?P<reason>.*)", N_("{text} is {move} here: {reason}")),
    (rf"{QUOTED} is {TRAX_PLACE} here, which would make three light edges meet at (?P<cell>\S+); legal at "
     r"(?P<where>\S+): (?P<legal>.*)",
     N_("{text} is {move} here, which would make three light edges meet at {cell}; legal at {where}: {legal}")),
    (rf"{QUOTED} is {TRAX_PLACE} here, which would make three dark edges meet at (?P<cell>\S+); legal at "
     r"(?P<where>\S+): (?P<legal>.*)",
     N_("{text} is {move} here, which would make three dark edges meet at {cell}; legal at {where}: {legal}")),
    (rf"{QUOTED} is not a course turn like (?P<example>\[\[.*?\]\]): \[row, column, tile\] for each tile, counted from 0",
     N_("{text} is not a course turn like {example}: [row, column, tile] for each tile, counted from 0")),
    (rf"{QUOTED}: (?P<name>'[^']*'|\"[^\"]*\") is not a tile name \((?P<names>[^)]*)\)",
     N_("{text}: {name} is not a tile name ({names})")),
    (rf"{QUOTED}: row (?P<row>-?\d+), column (?P<column>-?\d+) is off the board \(rows and columns 0-(?P<last>\d+)\)",
     N_("{text}: row {row}, column {column} is off the board (rows and columns 0-{last})")),
    (rf"{QUOTED} is (?P<move>[a-z]\d+:[ld]{{4}}): (?P<reason>.*)", N_("{text} is {move}: {reason}")),
    (rf"{QUOTED}: those are not the forced tiles of (?P<move>\S+), which lays (?P<laid>.*)",
     N_("{text}: those are not the forced tiles of {move}, which lays {laid}")),
    (rf"{QUOTED} is ambiguous here; name the tile \((?P<example>[^)]*)\)",
     N_("{text} is ambiguous here; name the tile ({example})")),
    (rf"{QUOTED}: (?P<reason>[^;]*); legal at (?P<where>\S+): (?P<legal>.*)",
     N_("{text}: {reason}; legal at {where}: {legal}")),
    # the same after "'e7\' is A3\ here: ", the typed move said where it lies
    (r"(?P<reason>[^;]*); legal at (?P<where>\S+): (?P<legal>.*)", N_("{reason}; legal at {where}: {legal}")),
    (r"(?P<cell>[@A-Za-z]+\d+) is not empty", N_("{cell} is not empty")),
    (r"that space does not touch a tile", N_("that space does not touch a tile")),
    (r"(?P<cell>\S+) does not touch a tile", N_("{cell} does not touch a tile")),
    (r"(?P<cell>\S+) touches a tile only at a corner: a tile goes next to another, edge to edge",
     N_("{cell} touches a tile only at a corner: a tile goes next to another, edge to edge")),
    (r"(?P<cell>\S+) has no legal tile: each would bring three edges of one colour into (?P<cells>.+)",
     N_("{cell} has no legal tile: each would bring three edges of one colour into {cells}")),
    (r"(?P<cell>\S+) has no legal tile", N_("{cell} has no legal tile")),
    (r"(?P<tile>[ld]{4}) at (?P<cell>\S+) does not match its neighbours' colours",
     N_("{tile} at {cell} does not match its neighbours' colours")),
    (r"(?P<tile>[ld]{4}) at (?P<cell>\S+) would make three light edges meet at (?P<at>\S+)",
     N_("{tile} at {cell} would make three light edges meet at {at}")),
    (r"(?P<tile>[ld]{4}) at (?P<cell>\S+) would make three dark edges meet at (?P<at>\S+)",
     N_("{tile} at {cell} would make three dark edges meet at {at}")),
    (r"no (?P<shape>[+/\\]) tile at (?P<cell>\S+) matches its neighbours' colours",
     N_("no {shape} tile at {cell} matches its neighbours' colours")),
    (rf"{QUOTED}: the game is over", N_("{text}: the game is over")),
    (r"the game is over", N_("the game is over")),
    (r"(?P<cell>\S+) was already visited", N_("{cell} was already visited")),
    (r"(?P<cell>\S+) is not next to the piece", N_("{cell} is not next to the piece")),
    (r"(?P<cell>\S+) is where the piece stands", N_("{cell} is where the piece stands")),
    (r"(?P<name>\S+) flips no discs", N_("{name} flips no discs")),
    (r"pass is only legal when you have no other move", N_("pass is only legal when you have no other move")),
    (rf"{QUOTED}: you have no legal move, so you must pass", N_("{text}: you have no legal move, so you must pass")),
    (r"swap is only allowed as Red's first move, with the swap rule on",
     N_("swap is only allowed as Red's first move, with the swap rule on")),
    (r"(?P<reason>.*); or pass", N_("{reason}; or pass")),
    (r"(?P<reason>[^;]*); legal: (?P<legal>.*)", N_("{reason}; legal: {legal}")),
    (rf"{QUOTED}: (?P<reason>.*)", N_("{text}: {reason}")),  # a reason above, after the text typed
    # positions
    (r"the position cannot be read: (?P<reason>.*)", N_("the position cannot be read: {reason}")),
    (r"the game is already over in that position \((?P<end>.*)\)", N_("the game is already over in that position ({end})")),
    (r"there is no position after its first line", N_("there is no position after its first line")),
    (r"there is no text", N_("there is no text")),
    # record files
    (r"no such file", N_("no such file")),
    (r"cannot be read \((?P<why>.*)\)", N_("cannot be read ({why})")),
    (r"cannot be written \((?P<why>.*)\)", N_("cannot be written ({why})")),
    (r"(?P<name>\S+) exists and is not a Tabuleiro record; it was not overwritten",
     N_("{name} exists and is not a Tabuleiro record; it was not overwritten")),
    (r"written by a newer Tabuleiro \(version (?P<version>\d+)\); this one reads up to (?P<most>\d+)\. "
     r"Update Tabuleiro to open it\.",
     # the files' versions left to the log and the command line: a player read "version 99" beside Tabuleiro 0.1.0
     N_("written by a newer Tabuleiro (update Tabuleiro to open it)")),
    (r"unknown game '(?P<game>[^']*)'; games: (?P<games>.*) \(perhaps a game of a newer Tabuleiro\)",
     N_("unknown game {game}; games: {games} (perhaps a game of a newer Tabuleiro)")),
    (r"(?P<game>\S+) has no option (?P<name>'[^']*'); options: (?P<names>.*) \(perhaps an option of a newer Tabuleiro\)",
     N_("{game} has no option {name}; options: {names} (perhaps an option of a newer Tabuleiro)")),
    (r"the player (?P<player>'.*') is not one of this Tabuleiro's players \(perhaps a newer Tabuleiro's\)",
     N_("the player {player} is not one of this Tabuleiro's players (perhaps a newer Tabuleiro's)")),
    (r"too large to be a game record", N_("too large to be a game record")),
    (r"too large to be a tournament's results", N_("too large to be a tournament's results")),
    # a league's file the window opens (ai.tournament.Tournament.from_files): its log's header line broken
    (r"not a tournament log \(its first line should be the tabuleiro-tournament-log header\)",
     N_("a tournament's log whose first line is cut short or damaged")),
    # a report without a part its reader takes (Python's "KeyError: 'games'"), said as a record's field is
    (r"not a tournament's results \(KeyError: (?P<name>'[^']*')\)", N_("not a tournament's results (missing field {name})")),
    (r"not a tournament's results \((?P<reason>.*)\)", N_("not a tournament's results ({reason})")),
    # its reason, a header edited by hand (ai.tournament._from_file_header), said as a record's fields are
    (r"its header lacks (?P<name>'[^']*')", N_("missing field {name}")),
    (r"its (?P<name>'[^']*') should be (?P<header_kind>.+?), not (?P<value>.*)",
     N_("field {name} should be {header_kind}, not {value}")),
    (r"unknown game '(?P<game>[^']*)'; games: (?P<games>[a-z, ]*)", N_("unknown game {game}; games: {games}")),
    (r"too long to be a game's moves or position \((?P<n>\d+) characters\)",
     N_("too long to be a game's moves or position ({n} characters)")),
    (r"not a text file \(not UTF-8\)", N_("not a text file (not UTF-8)")),
    (r"a picture, not a saved game", N_("a picture, not a saved game")),
    (r"the file is empty", N_("the file is empty")),
    (r"not valid JSON \(line (?P<line>\d+), column (?P<column>\d+): (?P<why>.*)\)",
     N_("not valid JSON (line {line}, column {column}: {why})")),
    (r"it holds (?P<n>\d+) games, one a line as main\.py match --json prints them, and a record is one game: "
     r"put the line of the game to open in a file of its own",
     N_("it holds {n} games, one a line as main.py match --json prints them, and a record is one game: put the "
        "line of the game to open in a file of its own")),
    # another program's JSON, Tabuleiro's own settings.json: no field or "JSON object" for a player
    (r"not a Tabuleiro record \(the file does not hold a JSON object\)", N_("not a game file Tabuleiro saved")),
    (r"not a Tabuleiro record \(field 'format' is missing, expected (?P<wanted>.*)\)",
     N_("not a game file Tabuleiro saved")),
    (r"not a Tabuleiro record \(field 'format' is (?P<got>.*), expected (?P<wanted>.*)\)",
     N_("not a Tabuleiro record (field 'format' is {got}, expected {wanted})")),
    (r"missing field (?P<name>'[^']*')", N_("missing field {name}")),
    (r"the start position cannot be read: (?P<reason>.*)", N_("the start position cannot be read: {reason}")),
    (r"the start position is for (?P<theirs>.*), not this record's (?P<mine>.*)",
     N_("the start position is for {theirs}, not this record's {mine}")),
    (rf"move (?P<n>\d+) {QUOTED} is not legal: (?P<reason>.*)", N_("move {n} {text} is not legal: {reason}")),
    (rf"move (?P<n>\d+) {QUOTED} is not legal in the game written before it",
     N_("move {n} {text} is not legal in the game written before it")),
    (rf"move (?P<n>\d+) {QUOTED} is not a Trax move in the official notation \(a column, a row and the tile's "
     r"shape: (?P<examples>[^)]*)\)",
     N_("move {n} {text} is not a Trax move in the official notation (a column, a row and the tile's shape: "
        "{examples})")),
    (rf"move (?P<n>\d+) {QUOTED} comes after the end of the game: (?P<end>.*)",
     N_("move {n} {text} comes after the end of the game: {end}")),
    (r"the game is (?P<w>\d+) tiles wide and (?P<h>\d+) high; with a free row and column round it, as on the open "
     r"table, it needs a (?P<n>\d+) x (?P=n) board \(Trax here: up to (?P<m>\d+) x (?P=m)\)",
     N_("the game is {w} tiles wide and {h} high; with a free row and column round it, as on the open table, it "
        "needs a {n} x {n} board (Trax here: up to {m} x {m})")),
    (r"line (?P<line>\d+): (?P<reason>.*)", N_("line {line}: {reason}")),  # a foreign file's move it cannot play
    (rf"Little Golem move {QUOTED} is off the (?P<n>\d+)x(?P=n) board", N_("Little Golem move {text} is off the {n}x{n} board")),
    (r"this SGF is of another game \(GM\[(?P<number>[^\]]*)\]\): Tabuleiro reads Hex's, GM\[11\]",
     N_("this SGF is of another game (GM[{number}]): Tabuleiro reads Hex's, GM[11]")),
    (r"SZ\[(?P<size>[^\]]*)\]: Tabuleiro plays Hex on square boards only",
     N_("SZ[{size}]: Tabuleiro plays Hex on square boards only")),
    (r"SZ\[(?P<size>[^\]]*)\] is not a board size", N_("SZ[{size}] is not a board size")),
    (r"SZ\[(?P<size>[^\]]*)\]: (?P<reason>.*)", N_("SZ[{size}]: {reason}")),
    (rf"the SGF cannot be read at {QUOTED}", N_("the SGF cannot be read at {text}")),
    (r"the SGF holds no game", N_("the SGF holds no game")),
    (r"the GGF holds no game", N_("the GGF holds no game")),
    (r"the GGF game is cut short: no ';\)' ends it", N_("the GGF game is cut short: no ';)' ends it")),
    (rf"the GGF cannot be read at {QUOTED}", N_("the GGF cannot be read at {text}")),
    (r"TY\[(?P<type>[^\]]*)\]: a kind of Othello Tabuleiro does not play \(it plays the usual rules on 6x6, 8x8 "
     r"and 10x10 boards\)",
     N_("TY[{type}]: a kind of Othello Tabuleiro does not play (it plays the usual rules on 6x6, 8x8 and 10x10 boards)")),
    (r"TY\[(?P<type>[^\]]*)\]: (?P<reason>.*)", N_("TY[{type}]: {reason}")),
    (r"BO\[(?P<size>\S*) \.\.\.\] is not the (?P<n>\d+)x(?P=n) board TY names",
     N_("BO[{size} ...] is not the {n}x{n} board TY names")),
    (rf"BO: {QUOTED} is no square \(\* black, O white, - empty\)", N_("BO: {text} is no square (* black, O white, - empty)")),
    (r"BO: (?P<reason>.*)", N_("BO: {reason}")),
    (r"setup stone (?P<stone>A[BW]\[[^\]]*\]): (?P<reason>.*)", N_("setup stone {stone}: {reason}")),
    (r"the setup stones: (?P<reason>.*)", N_("the setup stones: {reason}")),
    (r"its board is of another size", N_("its board is of another size")),
    (r"its first line should name the game \((?P<titles>[^)]*)\), not (?P<line>.*)",
     N_("its first line should name the game ({titles}), not {line}")),
    (r"expected 5 rows of 5 characters \(W, B or \.\), row 5 first",
     N_("expected 5 rows of 5 characters (W, B or .), row 5 first")),
    (r"expected (?P<rows>\d+) rows of (?P<n>\d+) characters \(W, #, \. ; S and N on the goals\)",
     N_("expected {rows} rows of {n} characters (W, #, . ; S and N on the goals)")),
    (r"expected (?P<rows>\d+) rows of (?P<n>\d+) characters \((?P<chars>[^)]*)\)",
     N_("expected {rows} rows of {n} characters ({chars})")),
    (r"expected (?P<rows>\d+) rows of (?P<n>\d+) cells \((?P<chars>[^)]*)\)",
     N_("expected {rows} rows of {n} cells ({chars})")),
    (r"a position is rows of tile names \((?P<names>[^)]*)\), the same number in every row",
     N_("a position is rows of tile names ({names}), the same number in every row")),
    (r"row (?P<row>\d+), column (?P<column>\d+): (?P<name>'[^']*') is not a tile name or none",
     N_("row {row}, column {column}: {name} is not a tile name or none")),
    (r"cell (?P<cell>[a-z]\d+): (?P<name>'[^']*') is not a tile name or none",
     N_("cell {cell}: {name} is not a tile name or none")),
    (r"expected (?P<n>\d+) squares \((?P<chars>[^)]*)\) and the side to move \(X or O\), got (?P<got>\d+) characters",
     N_("expected {n} squares ({chars}) and the side to move (X or O), got {got} characters")),
    (r"expected (?P<n>\d+) squares \((?P<chars>[^)]*)\) and the side to move \(X or O\), got 1 character",
     N_("expected {n} squares ({chars}) and the side to move (X or O), got 1 character")),
    (r"point (?P<cell>[a-e]\d): (?P<ch>'[^']*') is not (?P<allowed>.*)", N_("point {cell}: {ch} is not {allowed}")),
    (r"square (?P<cell>\S+): (?P<ch>'[^']*') is not (?P<allowed>.*)", N_("square {cell}: {ch} is not {allowed}")),
    (r"cell (?P<cell>[a-z]\d+): (?P<ch>'[^']*') is not (?P<allowed>.*)", N_("cell {cell}: {ch} is not {allowed}")),
    (r"side to move (?P<ch>'[^']*') is not X or O", N_("side to move {ch} is not X or O")),
    (r"row (?P<row>\d+) has (?P<got>\d+) squares, not (?P<n>\d+)", N_("row {row} has {got} squares, not {n}")),
    (r"the side to move \(X or O\) is missing after the board", N_("the side to move (X or O) is missing after the board")),
    (r"(?P<xs>\d+) X and (?P<os>\d+) O cannot have (?P<side>\S+) to move", N_("{xs} X and {os} O cannot have {side} to move")),
    (r"(?P<blue>\d+) Blue and (?P<red>\d+) Red stones cannot happen in a game",
     N_("{blue} Blue and {red} Red stones cannot happen in a game")),
    (r"(?P<blue>\d+) Blue and (?P<red>\d+) Red stones: (?P<side>\S+) is to move, not (?P<other>\S+)",
     N_("{blue} Blue and {red} Red stones: {side} is to move, not {other}")),
    (r"(?P<side>\S+) has already won, so cannot be to move", N_("{side} has already won, so cannot be to move")),
    (r"no-capture: (?P<value>'[^']*') is not a number of plies", N_("no-capture: {value} is not a number of moves")),
    (r"no-capture: (?P<value>\d+) cannot be more than (?P<most>\d+) plies: the game is drawn after \d+ plies with no capture",
     N_("no-capture: {value} cannot be more than {most}: the game is drawn after {most} moves without a capture")),
    (rf"{QUOTED} is not a side \((?P<sides>[^)]*)\)", N_("{text} is not a side ({sides})")),
    (r"(?P<n>\d+) (?P<letter>[WB]) pieces: at most (?P<most>\d+)", N_("{n} {letter} pieces: at most {most}")),
    (r"the piece cannot start on a goal square", N_("the piece cannot start on a goal square")),
    (r"a goal square cannot hold a stone: the game ends when it is entered",
     N_("a goal square cannot hold a stone: the game ends when it is entered")),
    (r"the trail must list distinct squares ending on the piece",
     N_("the trail must list distinct squares ending on the piece")),
    (r"the trail must pass through exactly the squares with stones",
     N_("the trail must pass through exactly the squares with stones")),
    (r"trail step (?P<a>\S+) to (?P<b>\S+) is not a king move", N_("trail step {a} to {b} is not a king move")),
    (r"(?P<a>\S+) and (?P<b>\S+) do not match", N_("{a} and {b} do not match")),
    (r"(?P<cell>\S+) has two edges of one colour entering it: a forced tile is missing",
     N_("{cell} has two edges of one colour entering it: a forced tile is missing")),
    (r"no white piece \(W\) on the board", N_("no white piece (W) on the board")),
    (r"more than one white piece \(W\)", N_("more than one white piece (W)")),
    (r"the course's EstadoRastros is a position of the 8x8 board",
     N_("the course's EstadoRastros is a position of the 8x8 board")),
    (r"EstadoRastros needs to_move, white and blacks; (?P<names>.*) not read",
     N_("EstadoRastros needs to_move, white and blacks; {names} not read")),
    (r"to_move=(?P<side>'[^']*'): the course writes 'S' or 'N'", N_("to_move={side}: the course writes 'S' or 'N'")),
    (r"white=(?P<pair>.*): a square is written \(row, col\), like \(4, 5\)",
     N_("white={pair}: a square is written (row, col), like (4, 5)")),
    (r"(?P<pair>\(\d+, \d+\)) is off the board \(rows and columns 1 to 8\)",
     N_("{pair} is off the board (rows and columns 1 to 8)")),
    (r"white=(?P<pair>.*) is also in blacks: the piece never stands on a visited square",
     N_("white={pair} is also in blacks: the piece never stands on a visited square")),
    (r"the position is (?P<w>\d+)x(?P<h>\d+); a Trax board is N x N with N from 7 to 25 \(this game: (?P<size>[^)]*)\)",
     N_("the position is {w}x{h}; a Trax board is N x N with N from 7 to 25 (this game: {size})")),
    (r"a Trax position has at least one tile", N_("a Trax position has at least one tile")),
    (r"the tiles do not form one connected group", N_("the tiles do not form one connected group")),
    (r"to-move: (?P<name>'[^']*') is not one of (?P<sides>.*)", N_("to-move: {name} is not one of {sides}")),
    (r"game '(?P<game>[^']*)': (?P<reason>.*)", N_("{game}: {reason}")),  # the game by its title
    (r"(?P<game>\S+) has no option (?P<name>'[^']*'); options: (?P<names>.*)",
     N_("{game} has no option {name}; options: {names}")),
    (r"option (?P<option>\S+): (?P<value>.*) is not valid; choose (?P<allowed>.*)",
     N_("{option}: {value} is not valid; choose {allowed}")),
    (r"option (?P<option>k): (?P<k>\d+) in a row cannot fit on (?P<board>\S+); choose (?P<allowed>.*)",
     N_("{option}: {k} in a row cannot fit on {board}; choose {allowed}")),
)
LISTS = ("allowed", "chars", "examples", "names")  # groups that end "..., B or R": their "or" is translated
OR = N_(" or ")

TRAX_PATHS = {  # the parts of a Trax win ("a light loop and a dark line")
    "a light loop": N_("a light loop"), "a dark loop": N_("a dark loop"),
    "a light line": N_("a light line"), "a dark line": N_("a dark line"),
}
SIDE_NAMES = (N_("X"), N_("O"), N_("Blue"), N_("Red"), N_("Black"), N_("White"), N_("South"), N_("North"),
              N_("Light"), N_("Dark"))


def forfeit_reason(why: str) -> str:
    """Why a player lost by the turn rules ("exceeded the time limit (...)"), in the current language.
    A reason whose own words end in a parenthesis before its log, as a crashed bot's do ("crashed
    at move 2 (engine ended, ...); log: PATH"), matched no pattern and was shown in English."""
    said = _fill(FORFEITS, why, _FORFEIT_GROUPS)
    log = LOG_NOTE.search(why)
    if said != why or log is None:
        return said
    return _fill(FORFEITS, why[:log.start()], _FORFEIT_GROUPS) + _("; log: {path}").format(path=log.group("path"))


def _at_move(at: str) -> str:
    """" at move 3" (a reason's move, ``AT``) in the current language; "" stays ""."""
    return _(" at move {n}").format(n=at.rsplit(" ", 1)[-1]) if at else ""


def _took(took: str) -> str:
    """How long a late reply took or was waited for ("answered after 1.23 s", "no answer after
    1.00 s", "1.30 s spent", as ai.referee writes them) in the current language."""
    seconds = localized(re.search(r"[\d.]+", took).group(0))
    if took.startswith("answered"):
        return _("answered after {spent} s").format(spent=seconds)
    if took.startswith("no answer"):
        return _("no answer after {spent} s").format(spent=seconds)
    return _("{spent} s spent").format(spent=seconds)


def _load_reason(reason: str) -> str:
    """Why an outside player could not be loaded, as ``load_problem`` says it; else as ``detail``."""
    said = _said_load(reason)
    return said if said != reason else detail(reason)


def _said_load(reason: str) -> str:
    return _fill(LOAD_PROBLEMS, reason, {"rest": detail, "failure": forfeit_reason, "how": _how_ended,
                                         "expected": _})  # one of ENGINE_FIELD_KINDS


def _how_ended(how: str) -> str:
    """How a process ended ("exit status 0", "killed by SIGXCPU, its CPU time limit") in the current
    language; the limit bracketed as older reasons have it ("killed by SIGXCPU (CPU time limit)")
    said as it is said now, in the reason's one pair of brackets."""
    limit = _LIMIT_KILLED.fullmatch(how)
    if limit is None:
        return _fill(WORKER_ENDS, how)
    return _fill(WORKER_ENDS, limit.group("ended")) + _(f", its {limit.group('limit')}")  # SNIPPETS' words


def detail(rest: str) -> str:
    """What follows a reason's own words ("the AI process stopped ...", a crash's account, an
    illegal answer's reason, the log file) in the current language; what the bot printed after
    "; stderr: " as it printed it.  The log is taken off before ``DETAILS`` are matched: matched
    whole with it, an illegal answer's reason stayed in English on every forfeit card, which
    always names its log."""
    log = LOG_NOTE.search(rest)
    if log is not None:
        rest = rest[:log.start()]
    rest = _fill(DETAILS, rest)
    said, stderr, printed = rest.partition("; stderr: ")
    said = rule_reason(said)  # why an answer was illegal: the rules' words ("'z9' is off the board ...")
    for pattern, template in SNIPPETS:
        said = re.sub(pattern, lambda m, t=template: _(t).format(**m.groupdict()), said)
    if stderr:
        said += _("; stderr: {text}").format(text=bot_said(printed))
    return said + (_("; log: {path}").format(path=log.group("path")) if log is not None else "")


_FORFEIT_GROUPS: dict[str, Callable[[str], str]] = {
    "rest": detail, "reason": _load_reason, "at": _at_move, "took": _took,
    "stopped": lambda stopped: _(stopped) if stopped else "",
    # a flag fall's clock: its text ("5m+2s"), or "game" where the player was given none (ai.referee.late_reply)
    "clock": lambda clock: pgettext("clock", "game") if clock == "game" else clock,
    **{name: localized for name in ("spent", "left", "limit", "grace")}}  # what forfeit_reason's groups hold, translated


def without_log(said: str) -> str:
    """A reason as ``detail`` says it, without its last part "; log: PATH" (in the current
    language): for a card with no room for the path, which is shown in full elsewhere."""
    note = _("; log: {path}").split("{path}")[0]
    cut = said.rfind(note)
    return said[:cut] if cut >= 0 else said


def stopped_at(reason: str) -> str | None:
    """Where a late outside player was running when it was stopped, and its first move's hint,
    in the current language ("it was running aluno.py line 12 (in minimax). It was its first
    move: ..."), or None: the game's card and panel, two lines each, cut a reason before it."""
    # only for a forfeit: the window starts without the outside players' code
    from ai.outside import RUNNING_AT

    part = RUNNING_AT.search(LOG_NOTE.sub("", reason))
    if part is None:
        return None
    return detail(part.group(0).rstrip()).removeprefix("; ")


_LAST_WORDS = re.compile(r"crashed(?: at move \d+)? \((?:engine|process) ended[^;]*; stderr: (?P<said>.*)\)"
                         r"(?:; log: [^)]+)?$", re.S)


def last_words(reason: str) -> str | None:
    """What a crashed outside player's error stream said last ("RuntimeError: ... (at bot.py line
    61)", ``ai.outside_process.stderr_summary``) as it said it (``bot_said``), or None: the game's card and panel,
    two lines each, cut an engine's crash at "(engine ended, exit status 1; s…", before it."""
    said = _LAST_WORDS.search(reason)
    return bot_said(said.group("said")) if said is not None else None


def bot_said(printed: str) -> str:
    """What a bot's error stream said (``ai.outside_process.stderr_summary``) as it said it, but
    for the words we added: a Python error's summary ends with where it came from, "(at bot.py
    line 61)", which a Portuguese window showed in English after its translated reason."""
    # only for a crash: the window starts without the outside players' code
    from ai.outside_process import SUMMARY_FRAME

    summary = SUMMARY_FRAME.fullmatch(printed)
    if summary is None:
        return printed
    return summary.group("error") + _(FRAME).format(where=summary.group("where"), line=summary.group("line"))


def log_path(reason: str) -> str | None:
    """The log file a reason (in English, as ``ai`` writes it) names last, or None."""
    log = LOG_NOTE.search(reason)
    return log.group("path") if log is not None else None


def _fill(patterns: tuple[tuple[str, str], ...], text: str,
          groups: dict[str, Callable[[str], str]] | None = None) -> str:
    """``text`` rebuilt from the translated template of the first pattern it matches (else as it
    is); ``groups`` translates what some named groups hold (another reason, a list's "or")."""
    for pattern, template in patterns:
        match = re.fullmatch(pattern, text, re.S)
        if match is not None:
            fields = dict(match.groupdict())
            for name, translate in (groups or {}).items():
                if name in fields:
                    fields[name] = translate(fields[name])
            return _(template).format(**fields)
    return text


def sentence(reason: str) -> str:
    """A rules' reason as a message: capitalised, unless it starts with a square or a move, which
    keep their notation ("e3 is not a destination ...", not "E3")."""
    first = reason.split(" ", 1)[0]
    return reason if any(c.isdigit() for c in first) else reason[:1].upper() + reason[1:]


def rule_reason(text: str, game_id: str = "") -> str:
    """Why the rules refused a typed move or a position text, or why a pasted text is no game or
    position (English, from games/), in the current language; an unknown text as it is.
    ``game_id``: the game whose options the window offers, so a refused option is called by the
    label its widget shows ("In a row to win"), not by the name ``--option`` takes ("option k"),
    which a player on the New game screen never saw.  A reason that names its game ("game 'hex':
    option size: ...", as a pasted text's is) is read with that game's labels."""
    named = _GAME_NAMED.fullmatch(text)
    game_id = named.group(1) if named is not None and not game_id else game_id
    refused = _OPTION_NAMED.match(text)
    option = _option_of(game_id, refused.group(1)) if refused is not None else None
    return _fill(RULE_REASONS, text, {"reason": lambda reason: rule_reason(reason, game_id), "end": end_reason,
                                      "side": _, "other": _, "game": _game_called,
                                      "option": lambda name: _option_called(name, game_id),
                                      "alquerque": _alquerque_why, "why": file_error, "titles": _game_titles,
                                      "games": _games_called, "header_kind": _,
                                      "legal": _legal_list, **{name: _translated_or for name in LISTS},
                                      # its ranges too, "3 to 19", and a refused option's values as its selector says them
                                      "allowed": lambda items: _allowed(items, option, game_id)})


_GAME_NAMED = re.compile(r"game '([^']*)': .*", re.S)  # RULE_REASONS' refusal that names its game
_OPTION_NAMED = re.compile(r"option (\S+): ")  # RULE_REASONS' refusal of an option's value, by its name


def _option_of(game_id: str, name: str) -> Any:
    """Option ``name`` of ``game_id``, or None where the game or the option is not known."""
    import games

    if game_id not in games.available_ids():
        return None
    return next((o for o in games.info(game_id).options if o.name == name), None)


def draws_said(game_id: str, drawn: int) -> bool:
    """Whether a count of games says how many were drawn: not for a game whose rules cannot end
    drawn (``GameInfo.can_draw``: Hex, Rastros), where "0 drawn" counted what can never happen,
    unless draws were counted anyway (a hand-edited results file).  The hot-seat session's score
    and the record against the computer both ask it, so neither keeps its own list of games."""
    import games

    return drawn > 0 or game_id not in games.available_ids() or games.info(game_id).can_draw


def _game_called(game_id: str) -> str:
    """A game a reason names by its id ("tictactoe"): its title as the window shows it ("Tic-tac-toe",
    "Jogo do Galo"); an id Tabuleiro does not know, quoted as it is."""
    import games

    return title(games.info(game_id)) if game_id in games.available_ids() else f"'{game_id}'"


def _games_called(game_ids: str) -> str:
    """"tictactoe, hex, ..." (the games a refusal lists by id) as the window names them: "Tic-tac-toe, Hex, ..."."""
    return ", ".join(_game_called(game_id) for game_id in game_ids.split(", "))


def _option_called(name: str, game_id: str) -> str:
    """An option a reason names: its label in ``game_id``'s options, else "option NAME" as the
    command line says it."""
    option = _option_of(game_id, name)
    return option_label(option, game_id) if option is not None else _("option {name}").format(name=name)


# ALQUERQUE_WHY as patterns, each {name} a point: made once, matched on every refusal shown
_ALQUERQUE_PATTERNS = tuple((re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[a-e][1-5])", re.escape(template))), template)
                            for template in ALQUERQUE_WHY)


def _alquerque_why(text: str) -> str:
    """One of ALQUERQUE_WHY, its points in place, in the current language; else ``text`` as it is."""
    for pattern, template in _ALQUERQUE_PATTERNS:
        match = pattern.fullmatch(text)
        if match is not None:
            return _(template).format(**match.groupdict())
    return text


def _game_titles(titles: str) -> str:
    """"Tic-tac-toe, Hex, ..." with each title as the window names it (a pasted text may use either)."""
    return ", ".join(_(name) for name in titles.split(", "))



# how an engine ended (ai.outside_process.Bot.ending), in brackets: "exit status 0", "killed by SIGXCPU, its CPU
# time limit" (and as older reasons have it, "killed by SIGXCPU (CPU time limit)")
HOW = r"\((?P<how>exit status -?\d+|killed by \w+(?:, its [\w ]+ limit| \([\w ]+ limit\))?)\)"
# the limit a signal killed a process for (``_how_ended``)
_LIMIT_KILLED = re.compile(r"(?P<ended>killed by \w+)(?:, its | \()(?P<limit>[\w ]+ limit)\)?")
# What each field of a GTP engine's settings file should be (ai.outside_gtp.CONFIG_FIELDS' words), said in an
# engine.json's refusal ("{field}" should be {expected}, not {value}: LOAD_PROBLEMS)
ENGINE_FIELD_KINDS = (N_('a command line or a list of its words, such as ["mohex", "--use-logfile=false"]'),
                      N_("a text"), N_("true or false"), N_("a list of GTP commands"), N_("a positive number of seconds"),
                      N_('a text such as "memory=8192"'), N_("a folder's path or null"))
# What each setting of a league's file should hold (ai.tournament_files.HEADER_FIELDS' words), said in its
# refusal ("its 'games_per_pair' should be a whole number above 0, not 'two'": RULE_REASONS)
HEADER_KINDS = (N_("a game id"), N_("a list of player ids"), N_("an object"), N_("a whole number above 0"),
                N_("a number of seconds"), N_("a clock's text or null"), N_("a whole number or null"),
                N_("a whole number"))
# Why an outside player could not be added (ai/outside.py, ai/outside_gtp.py write them in English).
LOAD_PROBLEMS: tuple[tuple[str, str], ...] = (
    *DETAILS,  # no such file
    # a GTP engine's settings file refused (ai.outside_gtp.read_engine_config, _misspelt_field)
    (r'"(?P<field>[^"]*)" should be (?P<expected>.+?), not (?P<value>.*)',
     N_('"{field}" should be {expected}, not {value}')),
    (r'expected a JSON object with a "command" \(docs/outside-players\.md\)',
     N_('expected a JSON object with a "command" (docs/outside-players.md)')),
    (r'"(?P<field>[^"]*)" is not a field of an engine\'s configuration: did you mean "(?P<close>[^"]*)"\?',
     N_('"{field}" is not a field of an engine\'s configuration: did you mean "{close}"?')),
    (r"not JSON \((?P<why>.*)\)", N_("not JSON ({why})")),
    (r"not UTF-8 text \(byte (?P<n>\d+) is (?P<byte>0x[0-9a-f]{2})\)", N_("not UTF-8 text (byte {n} is {byte})")),
    (r"not an engine's configuration \(lists or objects nested far too deep\)",
     N_("not an engine's configuration (lists or objects nested far too deep)")),
    (r"no such file", N_("no such file")),  # the file already named before it (``load_problem``)
    (rf"no such file{_CLOSE}", N_("no such file; did you mean {close}?")),
    (rf"no such file{_NO_FOLDER}",
     N_("no such file; there is no folder {folder} in {cwd}, the folder Tabuleiro was started in: give the file's "
        "whole path")),
    (r"cannot start (?P<program>'[^']*'): no such program \(is it installed, and on the PATH\?\)",
     N_("cannot start {program}: no such program (is it installed, and on the PATH?)")),
    (r"cannot start (?P<program>'[^']*'): it may not be run \(is it a program\?\)",
     N_("cannot start {program}: it may not be run (is it a program?)")),
    # what to do about it (ai.outside_gtp.not_runnable_hint, windows_line_end)
    (r"cannot start (?P<program>'[^']*'): it may not be run \(is it a program\?\): name its interpreter first "
     r"\(gtp:python3 (?P<name>[^)]*)\), or give it a #! line and chmod \+x (?P=name)",
     N_("cannot start {program}: it may not be run (is it a program?): name its interpreter first "
        "(gtp:python3 {name}), or give it a #! line and chmod +x {name}")),
    (r"cannot start (?P<program>'[^']*'): it may not be run \(is it a program\?\): a program needs chmod \+x "
     r"(?P<name>.*); a script its interpreter named first, or a #! line too",
     N_("cannot start {program}: it may not be run (is it a program?): a program needs chmod +x {name}; a script "
        "its interpreter named first, or a #! line too")),
    (r"cannot start (?P<program>'[^']*'): its first line, (?P<line>.*), ends with a Windows line end \(CRLF\), so "
     r"the system looks for a program whose name ends in a carriage return: save the file with Unix line ends "
     r"\(LF\), as dos2unix (?P<name>.*) does",
     N_("cannot start {program}: its first line, {line}, ends with a Windows line end (CRLF), so the system looks "
        "for a program whose name ends in a carriage return: save the file with Unix line ends (LF), as dos2unix "
        "{name} does")),
    (r"cannot start (?P<program>'[^']*'): this system cannot run it \((?P<error>[^)]*)\): name its interpreter first "
     r"\(gtp:python3 (?P<name>[^)]*)\), or give it a #! line and chmod \+x (?P=name)",
     N_("cannot start {program}: this system cannot run it ({error}): name its interpreter first (gtp:python3 {name}), "
        "or give it a #! line and chmod +x {name}")),
    (r"cannot start (?P<program>'[^']*'): this system cannot run it \((?P<error>[^)]*)\): a script needs a #! line or "
     r"its interpreter named first; a program, to be built for this system",
     N_("cannot start {program}: this system cannot run it ({error}): a script needs a #! line or its interpreter "
        "named first; a program, to be built for this system")),
    (r"cannot start (?P<program>'[^']*'): its first line, (?P<line>.*), names an interpreter that is not there: write "
     r"one that is \(#!/usr/bin/env python3\), or name the interpreter first \(gtp:python3 (?P<name>[^)]*)\)",
     N_("cannot start {program}: its first line, {line}, names an interpreter that is not there: write one that is "
        "(#!/usr/bin/env python3), or name the interpreter first (gtp:python3 {name})")),
    (r"cannot start (?P<program>'[^']*'): it is there, but what it needs to run is not \(a program built for another "
     r"system\?\)",
     N_("cannot start {program}: it is there, but what it needs to run is not (a program built for another system?)")),
    # an engine that ended at start-up (ai.outside_gtp._Ended.start_words): {how} is how (``_how_ended``); {rest}
    # may say a file of its command is missing (SNIPPETS), then what it wrote and its log
    (rf"the engine ended as it started {HOW}, before answering GTP(?P<rest>.*)",
     N_("the engine ended as it started ({how}), before answering GTP{rest}")),
    (r"the engine ended as it started, before answering GTP(?P<rest>.*)",
     N_("the engine ended as it started, before answering GTP{rest}")),
    (rf"the engine crashed as it started {HOW}, before answering GTP(?P<rest>.*)",
     N_("the engine crashed as it started ({how}), before answering GTP{rest}")),
    (rf"the engine ended at (?P<command>'[^']*') {HOW}, though it answered the commands before it(?P<rest>.*)",
     N_("the engine ended at {command} ({how}), though it answered the commands before it{rest}")),
    (r"the engine ended at (?P<command>'[^']*'), though it answered the commands before it(?P<rest>.*)",
     N_("the engine ended at {command}, though it answered the commands before it{rest}")),
    (rf"the engine crashed at (?P<command>'[^']*') {HOW}, though it answered the commands before it(?P<rest>.*)",
     N_("the engine crashed at {command} ({how}), though it answered the commands before it{rest}")),
    # an engine that fell silent at start-up (ai.outside_gtp.GTPPlayer._start_failed), a file of its command
    # missing; {failure} ends where the missing file's note or the log begins
    (r"the engine does not answer GTP: (?P<failure>.*?); no file (?P<files>.+?) in (?P<folder>.+?): the engine runs "
     r"in a folder of its own, so name its files from the folder Tabuleiro is started in, or by their whole "
     r"path(?P<rest>.*)",
     N_("the engine does not answer GTP: {failure}; no file {files} in {folder}: the engine runs in a folder of its "
        "own, so name its files from the folder Tabuleiro is started in, or by their whole path{rest}")),
    (r"the engine does not answer GTP: (?P<failure>.*)", N_("the engine does not answer GTP: {failure}")),
    # ... as reasons written before said it, in brackets (a tournament's forfeits keep them)
    (r"the engine does not answer GTP \((?P<failure>.*)\); no file (?P<files>.+?) in (?P<folder>.+?): the engine runs "
     r"in a folder of its own, so name its files from the folder Tabuleiro is started in, or by their whole "
     r"path(?P<rest>.*)",
     N_("the engine does not answer GTP ({failure}); no file {files} in {folder}: the engine runs in a folder of its "
        "own, so name its files from the folder Tabuleiro is started in, or by their whole path{rest}")),
    (r"the engine does not answer GTP \((?P<failure>.*)\)(?P<rest>.*)",
     N_("the engine does not answer GTP ({failure}){rest}")),
    # an engine that refused the game's options or board (ai.outside_gtp.GTPPlayer.get_ready): the engine's own words
    (r"refused to play (?P<options>.*?) \((?P<command>'[^']*'): (?P<answer>.*)\)",
     N_("refused to play {options} ({command}: {answer})")),
    (r"cannot start (?P<program>'[^']*'): (?P<rest>.*)", N_("cannot start {program}: {rest}")),
    (r"could not be loaded: (?P<rest>.*)", N_("could not be loaded: {rest}")),
    (r"crashed: (?P<rest>.*)", N_("crashed: {rest}")),
    (r"crashed \(process ended(?P<rest>.*)\)", N_("crashed (process ended{rest})")),
    # a worker that never got ready to load the file (ai.outside._Worker._await_ready)
    (r"its process was not ready within (?P<limit>[\d.]+) s, before any of the file had run: the computer may be too "
     r"busy; try again(?P<rest>.*)",
     N_("its process was not ready within {limit} s, before any of the file had run: the computer may be too busy; "
        "try again{rest}")),
    (r"started more processes than its limit \((?P<n>\d+)\)(?P<rest>.*)",
     N_("started more processes than its limit ({n}){rest}")),
    # a file's own faults (ai.outside_child.describe_exception while loading): Python's words, then ours
    (r"(?P<error>SyntaxError|IndentationError|TabError): (?P<rest>.*)", N_("{error}: {rest}")),
    (r"No module named (?P<module>'[^']*')(?P<rest>: put .*)", N_("No module named {module}{rest}")),
    # the window has no --definitions-only (the command line's way round it): it says what the window can do
    (r"loading took longer than the load time limit \((?P<limit>[\d.]+) s\); it was running (?P<where>.+?) line "
     r"(?P<line>\d+)\. Files often play a demo match or a championship when imported: put those calls under "
     r"`if __name__ == \"__main__\":`, or load the file with --definitions-only(?P<rest>.*)",
     N_("loading took longer than the load time limit ({limit} s); it was running {where} line {line}. Files often "
        "play a demo match or a championship when imported: put those calls under `if __name__ == \"__main__\":` "
        "and add the file again{rest}")),
    (r"loading took longer than the load time limit \((?P<limit>[\d.]+) s\)\. Files often play a demo match or a "
     r"championship when imported: put those calls under `if __name__ == \"__main__\":`, or load the file with "
     r"--definitions-only(?P<rest>.*)",
     N_("loading took longer than the load time limit ({limit} s). Files often play a demo match or a championship "
        "when imported: put those calls under `if __name__ == \"__main__\":` and add the file again{rest}")),
    (r"EOFError: input\(\) has no one to answer it here: put the calls a script makes under "
     r"`if __name__ == \"__main__\":`, or load the file with --definitions-only(?P<rest>.*)",
     N_("EOFError: input() has no one to answer it here: put the calls a script makes under "
        "`if __name__ == \"__main__\":` and add the file again{rest}")),
    (r"SystemExit: the file ends the program: put the calls a script makes under `if __name__ == \"__main__\":`, or "
     r"load the file with --definitions-only(?P<rest>.*)",
     N_("SystemExit: the file ends the program: put the calls a script makes under `if __name__ == \"__main__\":` "
        "and add the file again{rest}")),
    (r"(?P<file>\S+) is not a notebook: (?P<rest>.*)", N_("{file} is not a notebook: {rest}")),
    (r"(?P<file>\S+) defines no player for (?P<game>\S+): name a function of it in the id \((?P<ids>.+)\) or "
     r"rename it (?:to )?choose",  # "rename it choose" in logs written before it said "to"
     N_("{file} defines no player for {game}: name a function of it in the id ({ids}) or rename it to choose")),
    (r"(?P<file>\S+) defines no player for (?P<game>\S+): expected choose\(game, state\), a class with "
     r"choose\(state\), Jogador\(\.\.\.\) objects \(Rastros\) or class Player \(Trax\)",
     N_("{file} defines no player for {game}: expected choose(game, state), a class with choose(state), "
        "Jogador(...) objects (Rastros) or class Player (Trax)")),
    (r"(?P<entry>'.*') is not an outside player \(file\.py\[:name\], notebook\.ipynb\[:name\], gtp:COMMAND or "
     r"engine\.json\)",
     N_("{entry} is not an outside player: type a file.py[:name], a notebook.ipynb[:name], gtp: and the command "
        "that starts a GTP program, or a GTP program's settings file (name.json)")),
    (r"needs a command line, e\.g\. (?P<example>.*)", N_("needs a command line, e.g. {example}")),
    (r"no player (?P<name>'[^']*') in (?P<file>.+?); players: (?P<players>.*)",
     N_("no player {name} in {file}; players: {players}")),
    (r"no player (?P<name>'[^']*') in (?P<file>.+)", N_("no player {name} in {file}")),
    (r"(?P<name>'[^']*') in (?P<file>.+?) is not a player: expected (?P<call>\w+)\(game, state\) or "
     r"(?P=call)\(game, state, seconds\)",
     N_("{name} in {file} is not a player: expected {call}(game, state) or {call}(game, state, seconds)")),
    (r"(?P<file>\S+) is not a notebook: (?P<why>.*)", N_("{file} is not a notebook: {why}")),
    # a choose that cannot take what it is given (ai.outside_child's adapters)
    (r"(?P<call>\w+\([^()]*\)) cannot be called as Tabuleiro calls it, (?P<name>\w+)\(game, state\) or "
     r"(?P=name)\(game, state, seconds\)(?P<rest>.*)",
     N_("{call} cannot be called as Tabuleiro calls it, {name}(game, state) or {name}(game, state, seconds){rest}")),
    (r"(?P<call>[\w.]+\([^()]*\)) cannot be called as Tabuleiro calls a class's choose, choose\(state\) or "
     r"choose\(state, seconds\): the game is given once, to __init__\(self, game\)(?P<rest>.*)",
     N_("{call} cannot be called as Tabuleiro calls a class's choose, choose(state) or choose(state, seconds): "
        "the game is given once, to __init__(self, game){rest}")),
)


# What went wrong with a file (ai.atomic.os_problem, ui.settings), in the current language.
FILE_ERRORS: tuple[tuple[str, str], ...] = (
    (r"the folder (?P<folder>.+) is read-only", N_("the folder {folder} is read-only")),
    (r"Tabuleiro may not write in the folder (?P<folder>.+)", N_("Tabuleiro may not write in the folder {folder}")),
    (r"Tabuleiro may not read (?P<path>.+)", N_("Tabuleiro may not read {path}")),
    (r"the disk holding (?P<folder>.+) is full", N_("the disk holding {folder} is full")),
    (r"(?P<path>.+) is a folder, not a file", N_("{path} is a folder, not a file")),
    (r"a file is in the way of the folder (?P<folder>.+)", N_("a file is in the way of the folder {folder}")),
    (r"there is no file (?P<path>.+)", N_("there is no file {path}")),
    (r"it is not a text file", N_("it is not a text file")),
    (r"it is larger than (?P<n>\d+) MB, far more than any settings file",
     N_("it is larger than {n} MB, far more than any settings file")),
    (r"it is not valid JSON \(line (?P<line>\d+), column (?P<column>\d+): (?P<why>.*)\)",
     N_("it is not valid JSON (line {line}, column {column}: {why})")),
    (r"it holds lists or objects nested far too deep", N_("it holds lists or objects nested far too deep")),
    (r"the file is cut short or damaged", N_("the file is cut short or damaged")),
    (r"the file is empty", N_("the file is empty")),
    (r"the file holds no settings", N_("the file holds no settings")),
)


# The JSON reader's own words (``json.JSONDecodeError.msg``), which the messages above quote after
# "line L, column C:": kept as written in English, where they are what a search finds, and said in
# the current language elsewhere.  The last two are Python 3.13's.
JSON_READER_WORDS: frozenset[str] = frozenset((
    N_("Expecting value"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
))


def json_reader_words(text: str) -> str:
    """What the JSON reader said of a file ("Expecting value"), in the current language."""
    return _(text) if text in JSON_READER_WORDS else text


def file_error(text: str) -> str:
    """What went wrong reading or writing a file ("the folder /x is read-only", or the JSON reader's
    words), in the current language."""
    said = _fill(FILE_ERRORS, text, {"why": json_reader_words})
    return json_reader_words(said) if said == text else said


SETTINGS_PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"Settings file was unreadable \((?P<error>.*)\); moved to (?P<aside>\S+); using defaults\.",
     N_("Settings file was unreadable ({error}); moved to {aside}; using defaults.")),
    (r"Settings file was unreadable \((?P<error>.*)\); moved to (?P<aside>\S+); restored the settings of (?P<time>.+)\.",
     N_("Settings file was unreadable ({error}); moved to {aside}; restored the settings of {time}.")),
    (r"Settings file was unreadable \((?P<error>.*)\); left in place; using defaults\.",
     N_("Settings file was unreadable ({error}); left in place; using defaults.")),
    (r"Some settings in the file could not be used and are back to their defaults: (?P<names>.+)\. "
     r"The file is left as it is until the settings are saved again\.",
     N_("Some settings in the file could not be used and are back to their defaults: {names}. "
        "The file is left as it is until the settings are saved again.")),
    (r"Some settings in the file could not be used and are back to their values of (?P<time>\d{4}-\d\d-\d\d \d\d:\d\d): (?P<names>.+)\. "
     r"The file is left as it is until the settings are saved again\.",
     N_("Some settings in the file could not be used and are back to their values of {time}: {names}. "
        "The file is left as it is until the settings are saved again.")),
    (r"Your settings were written by a newer version of Tabuleiro: this version reads what it knows of "
     r"them and leaves the file as it is, so changes made now last only until Tabuleiro is closed\.",
     N_("Your settings were written by a newer version of Tabuleiro: this version reads what it knows of "
        "them and leaves the file as it is, so changes made now last only until Tabuleiro is closed.")),
    (r"Could not save settings: (?P<path>.+) was written by a newer version of Tabuleiro and is left as it is",
     N_("Could not save settings: {path} was written by a newer version of Tabuleiro and is left as it is")),
    (r"Could not save settings: (?P<path>.+) could not be read and is left as it is",
     N_("Could not save settings: {path} could not be read and is left as it is")),
    (r"Could not save settings: (?P<error>.*)", N_("Could not save settings: {error}")),
)


# each checked setting (ui.settings.RULES) as the screens name it: the label of its field on
# Settings or New game, or for a setting no field shows, what it keeps
SETTING_LABELS = {
    "theme": N_("Theme"), "show_legal": N_("Show legal moves"), "face_me": N_("Board faces me"),
    "show_evaluations": N_("Computer's evaluation"),
    "animation_speed": N_("Animations"), "move_time": N_("Time per move"), "window_size": N_("Window size"),
    "fullscreen": N_("Full screen (F11)"), "maximized": N_("Maximised window"), "sound": N_("Sound"),
    "volume": N_("Volume"), "language": N_("Language"), "player_name": N_("Your name"),
    "outside_players": N_("Outside players of the tournament"), "outside_games": N_("Games of the outside players"),
    "setup_choices": N_("Last choices on New game"), "tournament_game": N_("Game of the last tournament"),
    "dismissed_tournaments": N_("Unfinished tournaments no longer offered"),
    "records_filter": N_("Filter of Saved games"), "text_size": N_("Text size"),
    "trax_notation": N_("Trax notation"),
}


def setting_labels(names: str) -> str:
    """Settings a problem names by their keys in the file ("theme, player_name"), which the log
    keeps as they are, named as the screens label them, in the current language ("Tema, O seu
    nome"); a key with no label (another version's) as it is."""
    return ", ".join(_(SETTING_LABELS[name]) if name in SETTING_LABELS else name for name in names.split(", "))


def settings_problem(text: str) -> str:
    """A problem with the settings file (ui.settings.load or save), in the current language: the
    settings it names by their labels (``setting_labels``), not by the file's keys."""
    return _fill(SETTINGS_PROBLEMS, text, {"error": file_error, "names": setting_labels})


def load_problem(text: str) -> str:
    """Why an outside player could not be added ("gtp:prog: cannot start 'prog': no such program
    (...)", maybe after the text typed and its own colon), in the current language.  A file not
    there is named once: New game's Add this player said "nothere.py: no such file nothere.py",
    the reason naming the path the text typed before it names already (a path other than the name
    said, an absolute one or a title's file, stays: it is news)."""
    named, sep, missing = text.partition(f": {NO_SUCH_FILE}")
    if sep:  # the command line's rule (``file_named_once``)
        text = f"{named}: {file_named_once(named, NO_SUCH_FILE + missing)}"
    start = 0
    while (colon := text.find(": ", start)) >= 0:
        reason = text[colon + 2:]
        said = _said_load(reason)
        if said != reason:
            return text[:colon + 2] + said
        start = colon + 2
    return text


# the JSON reader's refusal of a record (games.record ``GameRecord.loads``): a file cut short (a
# disk that filled, a copy stopped part way) or damaged; its line, column and words go to the log,
# where whoever mends the file reads them (a pasted text, no file, keeps them: ``rule_reason``)
NOT_JSON = re.compile(r"not valid JSON \(line \d+, column \d+: .*\)")


def file_problem(text: str) -> str:
    """Why a file cannot be opened ("game.json: the file is cut short or damaged", from
    ui.record_files), its reason in the current language: the same words wherever the file is
    opened (a drop showed the JSON reader's "line 19, column 12: Unterminated string starting at"
    where Saved games, moving the same file aside, said it is cut short or damaged)."""
    name, sep, reason = text.partition(": ")
    if sep and NOT_JSON.fullmatch(reason):
        return _("{name}: the file is cut short or damaged").format(name=name)
    return f"{name}{sep}{rule_reason(reason)}" if sep else rule_reason(text)


def cannot_open(text: str) -> str:
    """The window's message for a file it cannot open, ``text`` saying why as ``file_problem``
    reads it: one sentence wherever a file is opened (a drop, a list's row, a tournament's game)."""
    return Phrase(lambda: _("Cannot open {problem}").format(problem=file_problem(text)))


def _legal_list(moves: str) -> str:
    """A refusal's list of legal moves (``games.base.short_move_list``) with its "and N more" in
    the current language."""
    cut = re.fullmatch(r"(?P<moves>.*) and (?P<n>\d+) more", moves, re.S)
    return moves if cut is None else _("{moves} and {n} more").format(**cut.groupdict())


def one_of(texts: Sequence[str]) -> str:
    """Values a player chooses among, as a sentence lists them in the current language: "c5, e5
    or a3", "c5, e5 ou a3" (``games.base.one_of``)."""
    from games.base import one_of as listed

    return listed(texts, _(OR))


def _translated_or(items: str) -> str:
    """"B, R or ." with its "or" in the current language."""
    return items.replace(" or ", _(OR))


RANGE = re.compile(r"(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)")  # "3..19", as games/ write a range


def _allowed(items: str, option: Any = None, game_id: str = "") -> str:
    """The values a refused option may take, as a player reads them: a range "3..19" said "3 to
    19", and one of a single value ("3..3", the only row that fits on 3x3) said as that value; the
    list's "or" in the current language.  A list of ``option``'s own (Trax's game ends, a switch's
    true and false) is said as its selector says each (``choice_words``): "choose tournament or
    fill" named values the form never shows, in English in any language; words in quotes, as
    one may hold the "or" that joins them ("'First loop or line' or 'Fill the board'")."""
    if option is not None and (option.choices or option.kind is bool):
        values = option.choices or (True, False)  # Option.allowed's order: "true or false"
        return one_of([_choice_said(value, option, game_id) for value in values])

    def said(match: re.Match) -> str:
        low, high = match.groups()
        return low if low == high else _("{low} to {high}").format(low=low, high=high)

    return _translated_or(RANGE.sub(said, items))


def _choice_said(value: Any, option: Any, game_id: str) -> str:
    """One of an option's values in a refusal's list of them: as the form's selector says it
    (``choice_words``), a name in quotes (a number, Yes and No as they are)."""
    said = choice_words(value, game_id, option)
    return f"'{said}'" if isinstance(value, str) else said


def end_reason(reason: str) -> str:
    """``reason`` (English, from ``State.end_reason`` or a referee's forfeit) in the current language."""
    forfeit = FORFEIT_REASON.fullmatch(reason)
    if forfeit is not None:
        return _("{side} forfeits: {player} {why}").format(side=_(forfeit.group("side")),
                                                          player=player_title(forfeit.group("player")),
                                                          why=forfeit_reason(forfeit.group("why")))
    for pattern, template in REASONS:
        match = re.fullmatch(pattern, reason)
        if match is None:
            continue
        fields: dict[str, Any] = dict(match.groupdict())
        for name in SIDE_GROUPS:
            if name in fields:
                fields[name] = _(fields[name])
        if "made" in fields:
            fields["made"] = _(" and ").join(_(TRAX_PATHS.get(p, p)) for p in fields["made"].split(" and "))
        if "plies" in fields:  # both players' moves counted: the screen says how many are each one's
            fields["each"] = int(fields["plies"]) // 2
        if "how" in fields:
            fields["how"] = ", ".join(_fill(WORKER_ENDS, way) for way in fields["how"].split(", "))
        return _(template).format(**fields)
    return _(reason)


SHORT_REASONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"(?P<mover>\S+) moved onto (?P<square>\S+): (?P<side>\S+) wins", (N_("{mover} on {square}"),)),
    (r"(?P<mover>\S+) is blocked: (?P<side>\S+) wins", (N_("{mover} blocked"),)),
    (r"(?P<side>\S+) reached (?P<square>\S+)", (N_("{side} at {square}"),)),
    (r"\S+ connected left and right", (N_("Left to right"), N_("Connected"))),
    (r"\S+ connected top and bottom", (N_("Top to bottom"), N_("Connected"))),
    # a Reversi game ended early: the tournament count alone, as Othello players score it
    (r"(?P<side>\S+) wins \d+ - \d+ \((?P<a>\d+) - (?P<b>\d+) with the empty squares to the winner\)",
     (N_("{side} wins {a} - {b}"),)),
    (r"Draw \d+ - \d+ \((?P<a>\d+) - (?P<b>\d+) with the empty squares shared\)", (N_("Draw {a} - {b}"),)),
    (r"(?P<side>\S+) has no pieces left", (N_("{side}: no pieces"), N_("No pieces left"))),
    (r"(?P<mover>\S+) has no legal move", (N_("{mover} blocked"), N_("Blocked"))),
    (r"Draw: (?P<plies>\d+) plies passed with no capture",
     (N_("Draw: {plies} moves, no capture"), N_("Draw: no capture in {plies}"))),
    (r"Draw: the same position, with the same player to move, occurred a third time",
     (N_("Draw: position repeated"),)),
    # ends off the board, as records keep them (``GameScene.recorded_reason``): the move goes first
    (r"(?P<side>\S+) resigns(?: at move \d+)?", (N_("{side} resigns"), N_("Resigned"))),
    (r"(?P<side>\S+) lost on time(?: at move \d+)?", (N_("{side} lost on time"), N_("Out of time"))),
    # a player's forfeit, with the referee's account ("O forfeits: sleeper.py exceeded the time limit (...)") or an SGF's without
    (r"(?s)(?P<side>\S+) forfeits(?:: .*)?", (N_("{side} forfeits"), N_("Forfeit"))),
    # Trax: the paths' kinds without their colours (``short_paths``), the mover kept where it is not the winner
    (r"(?P<side>\S+) wins: (?P<made>.+) in one turn: the mover wins",
     (N_("{side} wins: {made}"), N_("{side} wins: two at once"))),
    (r"(?P<side>\S+) wins: (?P<made>.+), completed by (?P<mover>\S+)",
     (N_("{side} wins: {made} by {mover}"), N_("{side} wins: by {mover}"))),
    (r"(?P<side>\S+) wins: (?P<made>.+ and .+)", (N_("{side} wins: {made}"), N_("{side} wins: two at once"))),
    (r"(?P<side>\S+) wins: (?P<made>.+)", (N_("{side} wins: {made}"),)),
)
"""Each game's long end reasons (English, as ``REASONS`` matches them) in short forms, longest
first, for a line with no room for the whole: who did it and how, the winner left to the
headline beside it.  The panel's one-line card at 800x600, Larger text, cut "North moved onto
8-1" to "North move…" beside "South wins", "Vermelho ligou…" to "Vermel…", Trax's loop and line
to "Um circuit…" and a bot's forfeit to "White forfeits: …"; it says "North on 8-1", "Ligou",
"Circuito e linha" and "White forfeits" there."""


def short_end_reasons(reason: str) -> list[str]:
    """``reason`` (English, ``State.end_reason``) in its short forms (``SHORT_REASONS``), longest
    first, in the current language; [] where it has none."""
    for pattern, templates in SHORT_REASONS:
        match = re.fullmatch(pattern, reason)
        if match is not None:
            fields = {name: _(value) if name in SIDE_GROUPS else value for name, value in match.groupdict().items()}
            if "made" in fields:
                fields["made"] = short_paths(fields["made"])
            return [_(template).format(**fields) for template in templates]
    return []


SHORT_PATHS = {"loop": N_("loop"), "line": N_("line")}
TWO_PATHS = {"loop": N_("two loops"), "line": N_("two lines")}


def short_paths(made: str) -> str:
    """A Trax win's paths ("a light loop and a dark line", as ``REASONS`` matches them) by their
    kinds alone, in the current language: "loop and line", "two loops", "line".  The colours go:
    the headline beside names the winner."""
    kinds = ["loop" if path.endswith("loop") else "line" for path in made.split(" and ")]
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        return _(TWO_PATHS[kinds[0]])
    return _(" and ").join(_(SHORT_PATHS[kind]) for kind in kinds)


CLOSING_VERDICT = re.compile(r": (?:draw|no winner)$")  # a draw's reason ending on what its headline says


def reason_without_verdict(reason: str) -> str:
    """``reason`` (English, ``State.end_reason``) without a closing verdict that the result's
    headline gives already: under "Draw", Tic-tac-toe's "Board full: draw" says "Board full" and
    Trax's "No tile can be placed: no winner" "No tile can be placed"."""
    return CLOSING_VERDICT.sub("", reason)


# a record's words for an end off the board, or a file's winner alone (Little Golem's RE[B])
LOSS_BY_A_PLAYER = re.compile(r"(?P<side>\S+) (?P<how>resigns|lost on time|forfeits|wins)(?: at move (?P<n>\d+))?")
NAMED_LOSSES = {"resigns": N_("{player} ({side}) resigns"), "lost on time": N_("{player} ({side}) lost on time"),
                "resigns at move": N_("{player} ({side}) resigns at move {n}"),
                "lost on time at move": N_("{player} ({side}) lost on time at move {n}"),
                "forfeits": N_("{player} ({side}) forfeits"),
                "wins": N_("{player} ({side}) wins")}  # a loss off the board (or a win), the player named


def named_end_reason(reason: str, sides: tuple[str, str], names: tuple[str, str]) -> str:
    """``reason`` (English, as records keep it) in the current language (``end_reason``), but a
    resignation or a flag fall of a side ``names`` gives a name (a hot-seat friend's) names the
    player: "João (O) resigns at move 12", "João (O) lost on time at move 12", "Shumacher (Red) forfeits" (a
    file's game forfeited: SGF's ``RE[B+F]``), "Shumacher (Red) wins" (a file's winner, which does
    not say how: Little Golem's ``RE[W]``).  The result card and the Saved games row
    both say it so: the row read "(O resigns)" under the card's "João (O) resigns"."""
    loss = LOSS_BY_A_PLAYER.fullmatch(reason)
    name = names[sides.index(loss["side"])] if loss is not None and loss["side"] in sides else ""
    how = "" if loss is None else f"{loss['how']} at move" if loss["n"] else loss["how"]
    if not name or how not in NAMED_LOSSES:
        return end_reason(reason)
    return _(NAMED_LOSSES[how]).format(player=name, side=_(loss["side"]), n=loss["n"])


def after_headline(said: str, headline: str) -> str | None:
    """What ``said`` adds after its opening ``headline`` (" 43 - 21" after "White wins", ": a
    light loop" after "Light wins", "" for the headline alone), or None where ``said`` does not
    open with the headline as a whole word ("Whiteley wins" does not open with "White")."""
    rest = said[len(headline):]
    return rest if said.startswith(headline) and rest[:1] in ("", " ", ":") else None


def won_by(said: str, winner: int | None, sides: tuple[str, ...], players: tuple[str, ...]) -> str:
    """A finished game's end ``said`` (in the window's language: ``end_reason``) led by the name of
    the player who won (``players``: both as the lists name them), the way a person says it:
    "Basilio wins (South reached 8-1)", "Level 3 wins (a dark loop)" (Trax's "Dark wins: a dark
    loop"), "Course Easy wins 43 - 21" (the side's "White wins" given
    the player's name, not said twice).  The lists said "(South reached 8-1)" and left the reader
    to work out who played South.  A draw, a winner the record names by its side alone (a
    pasted move list's) and a game of two players of one name (Level 3 against itself: "Level 3
    wins" would name neither) keep ``said`` as it is.  A reason that closes on its winner
    ("North is blocked: South wins") leaves that to the name in front (``without_closing_winner``)."""
    who = players[winner] if winner is not None else ""
    if not who or who == _(sides[winner]) or players[0] == players[1]:
        return said
    won = _("You win") if who == _(YOU) else _("{player} wins").format(player=who)
    side_won = _("{side} wins").format(side=_(sides[winner]))
    rest = after_headline(said, side_won)
    if rest is not None and not rest.startswith(":"):  # a count ("43 - 21") or nothing after the side's win
        return won + rest
    # a reason in brackets, Trax's after its colon too: "Level 3 wins: a dark loop" beside
    # "Level 3 wins (South reached 8-1)" told the games' ends two ways
    why = rest[1:].lstrip() if rest is not None else without_closing_winner(said, side_won)
    return f"{won} ({why})"


def without_closing_winner(said: str, side_won: str) -> str:
    """``said`` without a closing ": South wins" (``side_won``) that the winner's name in front
    of it says already: Rastros' "North moved onto 8-1: South wins" after "Level 3 wins" read
    "Level 3 wins (North moved onto 8-1: South wins)", who won said twice over.  Only where the
    winner is said before it: by a name, or by the result card's headline ("South wins",
    ``ui.scenes.game_over.detail_line``); the records and the files keep the reason whole."""
    closing = f": {side_won}"
    return said[:-len(closing)] if said.endswith(closing) and len(said) > len(closing) else said


YOU = N_("You")  # the title a record gives the person at the window in a game against the computer


NEAR_DRAW_PLIES = 10  # plies before the no-capture draw from which the panel stresses the count


def draw_counts_lines(counts: DrawCounts) -> list[tuple[str, bool]]:
    """The panel's lines on a game's counted draws (a ``games.base.DrawCounts``), each with
    whether the draw is near: "No capture for 12 moves (draw at 40)", and once the position has
    come before, "Position seen 2 times (draw at 3)"."""
    lines = [(quiet_line(counts), counts.quiet >= counts.quiet_limit - NEAR_DRAW_PLIES)]
    if counts.occurrences >= 2:
        lines.append((_("Position seen {n} times (draw at {limit})").format(
                          n=counts.occurrences, limit=counts.repeat_limit),
                      counts.occurrences >= counts.repeat_limit - 1))
    return lines


def quiet_line(counts: DrawCounts) -> str:
    """The no-capture count as the panel says it, in moves of either player as the rule counts
    them; at the start and just after a capture, where there is none to count, the rule itself
    with each player's share, "Draw after 40 moves (20 each) without a capture": "No capture for
    0 moves (draw at 40)" read as news of something missing, beside the capture just made."""
    if not counts.quiet:
        return _("Draw after {limit} moves ({each} each) without a capture").format(
            limit=counts.quiet_limit, each=counts.quiet_limit // 2)
    return ngettext("No capture for {n} move (draw at {limit})", "No capture for {n} moves (draw at {limit})",
                    counts.quiet).format(n=counts.quiet, limit=counts.quiet_limit)


def move_of(ply: int, total: int) -> str:
    """Where a line of ``total`` moves stands after ``ply`` of them: "Move 3 of 8"; its start, which
    is no move, as Undo's "Back to the start" names it: "Start of 8 moves", "The start" in a line of
    none (both said "Move 0 of ...")."""
    if ply:
        return _("Move {n} of {total}").format(n=ply, total=total)
    if not total:
        return _("The start")
    return ngettext("Start of {total} move", "Start of {total} moves", total).format(total=total)


def side(game: Any, index: int) -> str:
    """The name of side ``index`` of ``game`` (a Game or a GameInfo): "Preto"."""
    return _(game.sides[index])


def player_on_side(setup: Any, game: Any, index: int) -> str:
    """The player of side ``index`` with the side, as a hot-seat screen names the friend at the
    board: "Ana (Preto)" (``setup``: the MatchSetup, whose ``player_label`` says the name)."""
    return _("{player} ({side})").format(player=setup.player_label(index), side=side(game, index))


def title(info: Any) -> str:
    """A game's title."""
    return _(info.title)


# What a few options mean, in a player's words (shown under them on the setup screen); a label the
# window words differently from the rules package (Trax's "Mode" beside the window's play mode).
OPTION_LABELS = {("trax", "mode"): N_("Game end")}
OPTION_NOTES = {  # every option says what it does under its widget on the New game screen
    ("tictactoe", "width"): N_("Squares across (m), 3 to 19."),
    ("tictactoe", "height"): N_("Squares down (n), 3 to 19."),
    ("tictactoe", "k"): N_("k marks in a row, column or diagonal win; k is at most the board's longer side."),
    ("hex", "size"): N_("n x n cells; 11 x 11 is the classic board, 13 x 13 and 19 x 19 are also common."),
    ("reversi", "size"): N_("8 x 8 is the usual board. 6 x 6 is solved: White wins 20-16 with perfect play. "
                            "10 x 10 is a longer game."),
    ("rastros", "size"): N_("The university course these rules come from plays 8 x 8. On smaller boards the goals stay in the corners and the "
                            "piece starts on the diagonal between them."),
    ("trax", "size"): N_("Played on an N x N board (7 to 25): a line joins two opposite edges."),
    ("trax", "mode"): N_("First loop or line: the first to make one of their colour wins (the tournament "
                         "rules). Fill the board: play on until it is full (the university course's test)."),
    ("trax", "centre"): N_("The tile already in the centre when the game starts (the course draws it at random)."),
    ("hex", "swap"): N_("After Blue's first stone, Red may take it over instead of playing a stone."),
    ("alquerque", "any_direction_captures"): N_("Jumps may also go backwards, every jump of a chain and on the far "
                                                "row too; steps never do. No: the reading of the university course these rules come "
                                                "from, captures "
                                                "forward or sideways only."),
    ("alquerque", "compulsory_capture"): N_("A player who can capture must, and must finish the chain; any chain "
                                            "will do, not only the longest. No: the course's reading, capturing "
                                            "is a choice and a chain may stop early."),
}


CODED_CHOICES = {("trax", "centre")}  # choices whose names are codes, the same in every language

# choices whose own names say little to a player: the course's Trax tile names spell the colour of
# each edge in the order left, top, right, bottom, so the light path's ends are given beside them
OPTION_VALUES = {
    # "tournament" is the rules' name, not a tournament: "Game end: Tournament" read as the Tournament screen's
    ("trax", "mode"): {"tournament": N_("First loop or line"), "fill": N_("Fill the board")},
    ("trax", "centre"): {
        "ldld": N_("ldld (light left-right)"), "dldl": N_("dldl (light top-bottom)"),
        "ddll": N_("ddll (light right-bottom)"), "lddl": N_("lddl (light left-bottom)"),
        "lldd": N_("lldd (light left-top)"), "dlld": N_("dlld (light top-right)"),
    },
}


# choices the New game form names in words alone, their codes said on the note's second line
# (``option_note``): "lldd (claro esq.-cima)" was a code a newcomer could not read
CHOICE_WORDS = {
    ("trax", "centre"): {  # where the light path runs, as the tile picker's words say it ("light left-top")
        "ldld": N_("Light left-right"), "dldl": N_("Light top-bottom"), "ddll": N_("Light right-bottom"),
        "lddl": N_("Light left-bottom"), "lldd": N_("Light left-top"), "dlld": N_("Light top-right"),
    },
}


SCORE_UNITS: dict[str, Callable[[int], str]] = {
    "reversi": lambda n: ngettext("disc", "discs", n),
    "alquerque": lambda n: ngettext("captured", "captured", n),
    # the rules page's measure (a loop's and a line's length in tiles): "points" is the path
    # evaluation's unit (analysis' "Light +3.8 points"), which is no score
    "trax": lambda n: ngettext("tile", "tiles", n),
}


# the unit over both sides' counts where a bare one does not say what they count: Trax's result
# card read "Light 0 - 4 Dark (tiles)" under "Dark wins", "A dark loop": 4 tiles of what?
SCORE_LINE_UNITS = {"trax": N_("tiles of the longest loop and line")}


def score_unit(game_id: str, count: int | None = None) -> str:
    """What the number on a player's card counts, in the form for ``count`` ("1 disc", "4 discs":
    White's card read "1 discs", "1 peças", after Black's first move); None: the unit said over
    both sides' counts, as a score line's "(discs)" does (``SCORE_LINE_UNITS`` where it says more);
    "" for a game that names none."""
    if count is None and game_id in SCORE_LINE_UNITS:
        return _(SCORE_LINE_UNITS[game_id])
    unit = SCORE_UNITS.get(game_id)
    return unit(2 if count is None else count) if unit else ""


def score_text(game_id: str, count: int) -> str:
    """A side's score with what it counts, "10 discs" (a bare number where the game names no
    unit): the replay's players, which gave no count at all, so a Reversi game was reviewed
    without the disc count at each move."""
    unit = score_unit(game_id, count)
    return f"{count} {unit}" if unit else str(count)


def option_label(option: Any, game_id: str = "") -> str:
    return _(OPTION_LABELS.get((game_id, option.name), option.label))


def option_note(game_id: str, option: Any, value: Any = None) -> str:
    """A line that explains the option, or ""; for a choice the form names in words (``CHOICE_WORDS``)
    and ``value`` given, the course's code of it after ("In the course's notation: lldd")."""
    note = OPTION_NOTES.get((game_id, option.name))
    said = _(note) if note else ""
    if isinstance(value, str) and value in CHOICE_WORDS.get((game_id, option.name), {}):
        code = _("In the course's notation: {code}.").format(code=value)
        said = f"{said} {code}" if said else code
    return said


def note_follows_value(game_id: str, name: str) -> bool:
    """Whether option ``name``'s note says its value (``option_note``): the form writes it again
    as the choice changes."""
    return (game_id, name) in CHOICE_WORDS


def choice_words(value: Any, game_id: str, option: Any) -> str:
    """A choice as New game's selector names it: in words alone where its name is a code
    (``CHOICE_WORDS``), else as everywhere (``option_value``)."""
    named = CHOICE_WORDS.get((game_id, option.name), {}).get(value)
    return _(named) if named else option_value(value, game_id, option)


def option_text(option: Any, value: Any, game_id: str, brief: bool = False) -> str:
    """An option with its value as the window shows it: "Board size: 8"; ``brief``: a choice named
    by a code of its own without the words that explain it ("Centre tile: lldd", for the panel)."""
    if brief and (game_id, option.name) in CODED_CHOICES:
        return f"{option_label(option, game_id)}: {value}"
    return f"{option_label(option, game_id)}: {option_value(value, game_id, option)}"


def opening_text(game: Any, moves: list[str], start: Any = None) -> str | None:
    """"Opening: Tiger": the opening that ``moves`` (texts) play from ``start`` (``opening_name``),
    in words of the window's language around the name; None while no name applies."""
    name = opening_name(game, moves, start)
    return None if name is None else opening_words(name)


def opening_words(name: str) -> str:
    """An opening's name as the panels and the rows say it ("Opening: Tiger"): a proper name,
    shown as it is in every language, in words of the window's language."""
    return _("Opening: {name}").format(name=name)


@lru_cache(maxsize=8)  # a game's rules a screen: the game shown, a few kept as screens change
def usual_start_key(game: Any) -> Any:
    """The key of ``game``'s usual start: the panel asks at every frame drawn whether the game
    started there, and Trax builds its start again (every path on the board) in a millisecond of a
    25x25 board's 6 ms frame."""
    return game.initial_state().key()


def opening_name(game: Any, moves: list[str], start: Any = None) -> str | None:
    """The name of the opening that ``moves`` (texts) play from ``start`` (a State; None: the
    usual start), as ``Game.opening_name`` names it ("Tiger"); None while no name applies, and in
    games that name none.  A set-up start is named by its position (a Tiger set up in the editor
    from a book's diagram is the Tiger: it was "no opening" as the names were lines from the usual
    start).  A damaged list of names is said once in the log and names nothing: the game goes on
    without names rather than stop over them."""
    set_up = start is not None and start.key() != usual_start_key(game)
    try:
        return game.opening_name(moves, start) if set_up else game.opening_name(moves)
    except ValueError as err:  # a damaged list of names (it says the file and the line): no name, said once
        if str(err) not in _openings_unread:
            _openings_unread.add(str(err))
            log.error("opening names left out: %s", err)
        return None


def options_parts(game: Any, from_position: bool = False) -> list[str]:
    """Each option of ``game`` (a loaded game) with its value, e.g. ["Width: 7", "Height: 6",
    "In a row to win: 4"]: the line under a game's title on the game screen, the tournament's
    results and the position editor.  ``from_position``: a game from a set-up position, whose
    options that only pick the usual start are left out."""
    return [option_text(opt, game.options.get(opt.name, opt.default), game.id, brief=True)
            for opt in game.info.options if not (from_position and opt.start_only)]


SWITCH_WORDS = (N_("Off"), N_("On"))  # a setting's switch, off and on: "Sound: On"
RULE_WORDS = (N_("No"), N_("Yes"))  # a game's rule switch, off and on: "Swap rule: Yes"


def switch_words(rule: bool = False) -> tuple[str, str]:
    """A switch's words, off and on, translated.  A game's rule (``rule``) is said to hold or not,
    "Swap rule: Yes": Portuguese "Ligado" must agree with the name before it and the rules' names
    are feminine ("Regra da troca", "Capturas em qualquer direção"), where "Sim"/"Não" agree with
    any; a setting is switched on and off ("Som: Ligado")."""
    off, on = RULE_WORDS if rule else SWITCH_WORDS
    return _(off), _(on)


def option_value(value: Any, game_id: str = "", option: Any = None) -> str:
    """An option's value as shown: Yes/No for a rule's switch (``switch_words``), a choice's words
    (``OPTION_VALUES``), translated words, numbers as they are."""
    if isinstance(value, bool):
        return switch_words(rule=True)[value]
    named = OPTION_VALUES.get((game_id, option.name), {}).get(value) if option is not None else None
    if named:
        return _(named)
    return _(value) if isinstance(value, str) else str(value)


def trax_tile(name: str) -> str:
    """A Trax tile by the course's name, with where its light path runs: "ddll (light right-bottom)"."""
    named = OPTION_VALUES[("trax", "centre")].get(name)
    return _(named) if named else name


def player_title(title: str) -> str:
    """A player's title from the catalog ("Level 3", "Basilio": names stay as they are); no
    title stays none (gettext's translation of "" is its catalog's header).  A title numbered
    apart from the other side's ("Level 1 #2": ``games.record_parts.told_apart``) keeps its number."""
    from games.record_parts import unnumbered

    title, number = unnumbered(title)
    match = re.fullmatch(r"(Level|Player) (\d+)", title)
    if match:
        template = _("Level {n}") if match.group(1) == "Level" else _("Player {n}")
        return template.format(n=match.group(2)) + number
    return (_(title) + number) if title else ""


def player_or_side(title: str, side: str) -> str:
    """Who played a side of a record, as lists of games name them: the player's title, or the
    side's name ("Black") where the record names no player (a move list pasted without names)."""
    return player_title(title) or (_(side) if side else "")


def side_and_player(title: str, side: str) -> str:
    """A record's side with its player, as a replay's panel heads it ("Black: Level 3"); the side
    alone where the record names no player, never the colour as its own player ("Black: Black")."""
    return f"{_(side)}: {player_title(title)}" if title else _(side)


def description(player: PlayerInfo, watched: bool = False) -> str:
    """A player's description from the catalog, in the reader's words: to the person playing
    against it ("blocks yours"), or to one watching (``watched``: "blocks the other side's"),
    as ``PlayerInfo.described`` chooses."""
    return _(player.described(watched))


CHOICE_REASONS = {  # ai.base.RULE_REASONS: why a rule chose a move without a search (those of a player that
    #                never searches are said by the thinking card's headline instead: ``PLAYS_BY``)
    "block": N_("blocks the only threat"), "block-one": N_("blocks one of several threats"),
    "centre": N_("opens in the centre"), "stop-fork": N_("stops a double threat"),
    "stop-threats": N_("stops a run of threats"), "most-tiles": N_("lays the most tiles"),
    "pie-opening": N_("an opening stone for the swap rule"),
}

PLAYS_BY = {  # ai.base.RULE_REASONS of a player that never searches (AT_RANDOM, FIXED_ORDER): the thinking
    #         card's headline over its move names it and says how it plays, where a search's says "Last search"
    "random": N_("{player} plays at random"), "fixed-order": N_("{player} plays by a fixed order"),
}


STOP_REASONS = {  # ai.base.STOP_REASONS: why a search ended before its move time
    "memory-limit": N_("stopped at its memory limit"),
}


def stop_reason(stopped: str) -> str:
    """Why a search ended early (``Progress.stopped``) in the current language, as analysis says
    its own end ("stopped at its limit"); "" for none said or a reason without words here."""
    return _(STOP_REASONS[stopped]) if stopped in STOP_REASONS else ""


def plays_by(reason: str, player: str) -> str:
    """How ``player`` (its name as the player cards say it) chose its move without a search, for
    the thinking card's headline ("Bacoco plays at random", "ObtusoSW plays by a fixed order");
    "" for a reason of a player that searches (``PLAYS_BY`` has not it)."""
    return _(PLAYS_BY[reason]).format(player=player) if reason in PLAYS_BY else ""


def choice_reason(reason: str) -> str:
    """Why a rule chose its move (``Progress.reason``) in the current language; "" for none said
    or a reason this window has no words for."""
    return _(CHOICE_REASONS[reason]) if reason in CHOICE_REASONS else ""


# What the tournament report says (ai.commands.tournament.ReportWords.say is given them in English):
# marked here for the catalog; a test checks the report says nothing else.
REPORT_TEXTS = (
    N_("{game} round robin: {players}, {games}, {limits}, {where}, {seconds} s"),
    N_("{game} round robin: {players}, {games}, {limits}"), N_("Run with {where} in {seconds} s"),
    N_("{game} round robin: {players}, {games}, {settled}, {limits}, {where}, {seconds} s"),
    N_("{game} round robin: {players}, {games}, {settled}, {limits}"),
    N_("{seconds} s/move"), N_("clock {clock}"), N_("no time limit"), N_("jobs {jobs}"),
    N_("({games} from the log)"), N_("(stopped early: {done} of {total} games)"), N_("(and {games} void)"),
    N_("(stopped early: {counted})"), N_("(in progress: {done} of {total} games)"), N_("(in progress: {counted})"),
    N_("{games} void, not counted (our side failed, not the players): --resume {file} plays them:"),
    N_("{games} void, not counted (our side failed, not the players):"), N_("{numbers}: {reason}"),
    N_("game {numbers}"), N_("games {numbers}"),
    N_("Crosstable (the row's points against the column, of their games: \"1½ of 2\" = 1½ points in 2 games; an empty cell: not played yet):"),
    N_("{points} of {games}"),
    N_("+: a game won by forfeit, not played (a point); −: one lost so (no point); +×2: two of them. \"of 2\" counts "
       "the games played."),
    N_("Standings (Elo: mean 0, 95% interval):"),
    N_("No ratings: they need {n} games played each, and none plays more than {m} here. "
       "More games per pair give them."),
    N_("Elo from {n} games on: fewer give an interval too wide to mean anything (\"–\")."),
    N_("Points: a win is 1, a draw is half a point, a loss 0 (W, D, L: wins, draws, losses)."),
    N_("Equal points: more wins rank first, then fewer forfeits; level on all three, the same rank."),
    N_("Not all have played as many games: a row's points are of the games it has played, and rank as the final "
       "standings would."),
    N_("player"), N_("points"), N_("games"), N_("W"), N_("D"), N_("L"), N_("forf"), N_("score"), N_("Elo (95%)"),
    N_("Forfeits:"), N_("{player}, {games} ({numbers}): {reason}"), N_("; log: {path}"),
    N_("; logs: {path} and {more} more"), N_("at move {n} in {games}"), N_("figures from game {number}"),
    N_("{player} joined late: {games} still to play, after the others' games"),
    N_("{player} withdrew after {played} of its {games}: its results stand, and it loses by forfeit {lost} it did "
       "not play"),
    N_("{player} withdrew after {played} of its {games}: its results stand"),
    N_("{player} withdrew after {played} of its {games}: fewer than half, so all its games are annulled (counted "
       "for no one)"),
    N_("{player} withdrew having played none of its {games}: they are annulled (counted for no one)"),
    N_("Withdrawn, not ranked:"),
    N_("A game not played, because a player withdrew or could not be started, is a forfeit: its point counts (W, L), "
       "but not as a game played nor in the ratings."),
    N_("{player} has played {played} of its {games}: its results stand, and it loses by forfeit the {left} it has "
       "not played"),
    N_("{player} has played {played} of its {games}, fewer than half: all its games are annulled, counted for no "
       "one (they stay in the log)"),
    N_("{player} has played none of its {games}: they are annulled, counted for no one"),
    N_("{player} has played all its {games}: there is nothing left to withdraw it from, and its results stand as "
       "they are"),
    N_("{played} of {total} games played, {settled}, {left} left"),
    N_("{played} of {total} games played ({annulled} of them annulled), {settled}, {left} left"),
    N_("{played}/{total} played, {settled}, {left} left"),
    N_("{played}/{total} played ({annulled} annulled), {settled}, {left} left"),
    N_("{played} of {total} games played"), N_("{played}/{total} played"),
)
# the counts it says in the form for their number (ai.commands.tournament.ReportWords.plural is
# given them in English): marked here for the catalog; a test checks it says no other
REPORT_PLURALS = (
    N_plural("{n} player", "{n} players"), N_plural("{n} game played", "{n} games played"),
    N_plural("{n} not played", "{n} not played"),
    N_plural("{n} not played (forfeited or annulled)", "{n} not played (forfeited or annulled)"),
)


class ReportWords:
    """The tournament report (FILE.txt, ai.commands.tournament.report) in the window's language:
    the methods of the command line's English ``ReportWords``, through the catalog."""

    def say(self, text: str) -> str:
        return _(text)

    def number(self, text: str) -> str:
        return localized(text)

    def games(self, n: int) -> str:
        return ngettext("{n} game", "{n} games", n).format(n=n)

    def plural(self, singular: str, plural: str, n: int) -> str:
        return ngettext(singular, plural, n)

    def reason(self, text: str) -> str:
        return end_reason(text)

    def forfeit(self, text: str) -> str:
        return forfeit_reason(text)

    def game(self, game_id: str) -> str:
        import games

        return title(games.info(game_id))

    def options(self, game_id: str, options: dict[str, Any]) -> str:
        import games
        from ai.commands.tournament import unusual_rules

        if not unusual_rules(game_id, options):
            return ""
        return join_parts(options_parts(games.load(game_id, **options)))

    def language(self) -> str:
        return i18n_language()
