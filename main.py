"""Tabuleiro: classic board games from AI courses.

    python main.py                             the window
    python main.py match GAME P1 P2            a series of games between two players
    python main.py tournament GAME P..         a round robin, a league (also: main.py league)
    python main.py bench [TARGET ...]          speed and strength figures: a GAME's, the window's (ui),
                                               analysis mode's cost (analysis), answers against their time (budget)
    python main.py gtp GAME                    a player over the Go Text Protocol
    python main.py analyse GAME                the engine's verdict on a position (also spelt analyze)

Bad input (an unknown game, player or option, an illegal move) gets a one-line error naming what
was wrong and the valid choices, and exit status 2.  A warning (``analyse --record`` of a game
whose moves turn illegal part-way, analysed up to its last legal move) is one line on stderr
beginning "warning: ", and leaves the status as it is.  Output into a pipe that closes early
(``| head -1``) ends the command quietly, with status 141 as a Unix tool killed by SIGPIPE; output
that cannot be written (a full disk) is said in one line, with status 1.
"""

from __future__ import annotations

import os
import signal
import sys


def _stopped_while_starting(_signum: int, _frame: object) -> None:
    """Ctrl+C before ``main``'s try, in the imports of the first 50 to 200 ms: ``main``'s own
    "stopped" and status 130, not a KeyboardInterrupt's traceback from inside whatever module was
    being imported.  Nothing is started yet, so there is nothing to stop or keep."""
    print("\nstopped", file=sys.stderr, flush=True)
    os._exit(130)


if __name__ == "__main__" and signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # not if ignored (`&`)
    signal.signal(signal.SIGINT, _stopped_while_starting)  # before the imports below, until main's try

import argparse
import codecs
import contextlib
import errno
import math
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


DISK_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
"""Why a write fails when the output (``> file``) or a results file has no room: said in one line."""


class UsageError(Exception):
    """Bad command-line input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, game_options: bool = False, epilog_head: str = "", players: bool = True,
                 missing_said: str = "", extra_said: str = "", **kwargs: Any) -> None:
        """``game_options``: its help ends with every game's options (``game_options_help``) and,
        with ``players``, the named players, written when the help is shown, not at each start (it
        loads every game's module); ``epilog_head``: what the help says before them;
        ``missing_said``: what it says when its players are missing, instead of argparse's
        "the following arguments are required: PLAYER" (a match given one player, a tournament
        none); ``extra_said``: what it says when a word is left over after its players, instead of
        "unrecognized arguments: c" (a match given three).  Both from ``players_said``."""
        super().__init__(*args, **kwargs)
        self.game_options, self.epilog_head, self.players = game_options, epilog_head, players
        self.missing_said, self.extra_said = missing_said, extra_said

    def format_help(self) -> str:
        if self.game_options and self.epilog is None:
            parts = [self.epilog_head, game_options_help(), course_players_help() if self.players else ""]
            self.epilog = "\n\n".join(part for part in parts if part)
        return super().format_help()

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> tuple[argparse.Namespace, list[str]]:
        """argparse's, but a word that is no flag left over after the players (``match reversi a b
        c``: a player too many, the only positional words being the game and the players) is
        ``extra_said``; a flag it does not know stays argparse's "unrecognized arguments"."""
        namespace, extras = super().parse_known_args(args, namespace)
        if self.extra_said and extras and not extras[0].startswith("-"):
            raise UsageError(self.extra_said)
        return namespace, extras

    def error(self, message: str) -> None:  # argparse's own errors: one line, status 2
        if self.missing_said and message.startswith("the following arguments are required") and "PLAYER" in message:
            raise UsageError(self.missing_said)
        raise UsageError(message)


def log_level(text: str) -> str:
    """``--log``'s value, checked as it is read: a level ``ui.debug_log`` knows, else a one-line
    error naming them (status 2), as for every other bad input."""
    from games.base import one_of
    from ui.debug_log import LEVELS

    if text.strip().lower() not in LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a log level; choose {one_of(LEVELS)}")
    return text.strip().lower()


def whole_number(text: str) -> int:
    """A count's or a seed's value (``--games``, ``--jobs``, ``--seed``, ``--ply`` ...), read as
    it is parsed: a word that is no whole number is refused in a player's words ("'abc' is not a
    whole number"), where argparse said "invalid int value: 'abc'"."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number, such as 4") from None


def seconds(text: str) -> float:
    """``--time``'s value, read as it is parsed: a word that is no number is refused in a player's
    words, where argparse said "invalid float value: 'abc'" (its range is checked with the rest)."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds, such as 0.5 or 3") from None


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """The game options of ``--option KEY=VALUE`` (and their flags, ``--size 6``), by key.  A key
    given twice with two values is refused: ``--option size=6 ... --option size=8`` (or ``--size 6``
    beside an ``--option size=8`` left in a script) played on 8x8 without a word."""
    options: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--option {pair!r}: expected key=value, e.g. --option size=9")
        key, value = (part.strip() for part in pair.split("=", 1))
        if key in options and options[key] != value:
            raise UsageError(f"option {key} given twice, as {options[key]} and as {value}: give it once")
        options[key] = value
    return options


def game_named(word: str) -> str:
    """The game ``word`` names: its id, or its title or another language's as the window and the
    tables write it, in any case ("Hex", "Jogo do Galo"); ``word`` itself if none (its error
    then lists the ids)."""
    import games

    known = {name.lower(): info.id for info in games.catalog() for name in (info.id, info.title, *info.aliases)}
    return known.get(word.strip().lower(), word)


def player_named(game_id: str, word: str) -> str:
    """The built-in player of ``game_id`` that ``word`` names: its id, its short id ("basilio"), or
    its title as the tables print it ("Basilio", "Level 3"), in any case; ``word`` itself if none
    (an outside player, or a name its error then lists the players for)."""
    import ai
    import games

    if ai.is_outside_player(word) or game_id not in games.available_ids() or ai.has_player(game_id, word):
        return word
    known = {}
    for info in ai.catalog(game_id):
        for name in (info.id, info.id.partition(":")[2], info.title):
            if name:
                known.setdefault(name.lower(), info.id)
    return known.get(word.strip().lower(), word)


def names_as_typed(args: argparse.Namespace) -> None:
    """The game and the built-in players named as a teacher reads them in the window, the tables
    and this help ("Hex", "Basilio", "Level 3"), turned into their ids: "tournament Hex ..." and
    "... Basilio" were "unknown game 'Hex'" and "unknown player 'Basilio'" though "basilio" played."""
    if isinstance(getattr(args, "game", None), str):
        args.game = game_named(args.game)
        if isinstance(getattr(args, "players", None), list):
            args.players = [player_named(args.game, word) for word in args.players]
        if isinstance(getattr(args, "player", None), str):
            args.player = player_named(args.game, args.player)


def ai_is_outside(player_id: str) -> bool:
    import ai

    return ai.is_outside_player(player_id)


def may_name_several(word: str) -> bool:
    """A player word that may stand for several players (``file.py:*``, a path pattern), so that
    a tournament's players can be counted only once it is expanded (ai.commands.tournament)."""
    return word.endswith(":*") or any(c in word for c in "*?[")


def check_game_and_players(game_id: str, player_ids: list[str], options: dict[str, Any]) -> None:
    """Validate everything up front so errors are one line, before any game starts."""
    import ai
    import ai.kernels
    import games

    try:
        games.load(game_id, **options)
        for pid in player_ids:
            with ai.kernels.compiled_later():  # the command compiles them next, saying so if it takes long
                player = ai.make_player(game_id, pid, options=options)
            ai.close_player(player)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None


class _Version(argparse.Action):
    """``--version``: one line, unwrapped (argparse's own action wraps it to the terminal)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        from ui.about import version_line

        print(version_line())
        parser.exit()


PLAYER_HELP = ("level-1 .. level-5, a course bot such as rastros:basilio (each game's named players are listed below), "
               "or an outside player: file.py[:name], notebook.ipynb:name, gtp:COMMAND or engine.json")
# what a course bot is, said once above the named players (the help said "a course bot" to people who
# had no course in mind, and gave as one hex:uct, Tabuleiro's own UCT baseline)
COURSE_BOTS = ("course bots: the players of the university AI courses the games' rules come from; they and a few "
               "baselines are the named players below.")


def game_options_help() -> str:
    """Every game's options with their values and defaults, one line each, from the games' own
    declarations: the epilog of the commands that take ``--option``."""
    import games

    infos = [info for info in games.catalog() if info.options]
    width = max(len(info.id) for info in infos)
    lines = ["game options (--option KEY=VALUE, repeated for several):"]
    for info in infos:
        for at, option in enumerate(info.options):
            name = info.id if at == 0 else ""
            said = "" if option.label.lower() == option.name else f": {option.label.lower()}"
            lines.append(f"  {name:{width}}  {option.usage()}{said}")
    return "\n".join(lines)


def course_players_help() -> str:
    """Every game's named players (the course's bots: ``rastros:basilio``), wrapped under their
    game, each with the name the reports and the window give it (``rastros:basilio (Basilio)``):
    the PLAYER argument's help gives one example, and a teacher otherwise learnt the others only
    from the error that a mistyped one gets.  Read from ``ai.levels.NAMED_PLAYER_IDS``, not the
    engines' tables, so that ``--help`` imports no engine (nor numba) and answers at once."""
    import textwrap

    import games
    from ai.levels import LEVEL_IDS, NAMED_PLAYER_IDS
    from ai.player_names import builtin_titles

    width = max(len(game_id) for game_id in games.GAME_IDS)
    lines = [*textwrap.wrap(COURSE_BOTS, width=79),
             f"named players, besides {LEVEL_IDS[0]} .. {LEVEL_IDS[-1]} (Level 1 .. Level 5) in every game:"]
    for game_id in games.GAME_IDS:
        titles = builtin_titles(game_id)
        # each player on one line: its blanks not to break at (textwrap leaves a no-break space whole)
        named = [f"{pid} ({titles[pid]})".replace(" ", "\xa0") for pid in NAMED_PLAYER_IDS[game_id]]
        if named:
            lines += [line.replace("\xa0", " ") for line in textwrap.wrap(
                ", ".join(named), width=79, initial_indent=f"  {game_id:{width}}  ",
                subsequent_indent=" " * (width + 4), break_on_hyphens=False)]
    return "\n".join(lines)


def command_name() -> str:
    """The command as the user types it, for ``--help``'s usage lines: ``tabuleiro`` for the app
    bundle and the installed command (their help said "usage: main.py", a file they do not have),
    ``main.py`` in a checkout."""
    from ui.paths import is_frozen

    if is_frozen() or Path(sys.argv[0]).stem.lower() == "tabuleiro":
        return "tabuleiro"
    return "main.py"


def players_said(name: str, command: str, as_league: bool = False) -> dict[str, str]:
    """What ``match`` and ``tournament`` (``command``) say when given too few players or too many,
    as ``_Parser``'s ``missing_said`` and ``extra_said``: how many they take and a command line
    that works (``name``: ``command_name``), where argparse said "the following arguments are
    required: PLAYER" or "unrecognized arguments: c".  A tournament typed as ``league``
    (``as_league``) is called a league, in the command line it shows too."""
    more = f"{name} tournament GAME P1 P2 P3 ..."
    if command == "match":
        return {"missing_said": f"a match takes two players: {name} match GAME PLAYER PLAYER, e.g. {name} match "
                                "reversi level-1 level-3 (the same one twice to play itself)",
                "extra_said": f"a match takes two players; for more, {more}"}
    word = tournament_word(as_league)
    return {"missing_said": f"a {word} needs at least two players: {name} {word} GAME P1 P2 P3 ..., e.g. {name} "
                            f"{word} reversi level-1 level-2 level-3, or a pattern naming bots' files ('bots/*.py')"}


def tournament_word(as_league: bool) -> str:
    """What the command line calls a round robin: "league" where it was typed so, else "tournament"."""
    return LEAGUE_WORD if as_league else "tournament"


CLOCKED_TIME_HELP = ("seconds per move (default 1; with --clock no limit per move unless --time is given too, "
                     "then each move has this limit as well as the clock)")
"""``match``'s and ``tournament``'s ``--time``: "(default 1; none with --clock)" read as "--time
takes none with --clock", though the referee (``ai.referee.Referee``) keeps both limits."""


def bench_targets_help() -> str:
    """What ``bench`` takes, each window target said by the line that heads its figures
    (``ai.commands.bench.WINDOW_TARGETS``): "'analysis' (analysis mode's and the tree explorer's)"
    said whose, not what of them it measured."""
    import games
    from ai.commands.bench import WINDOW_TARGETS

    windows = " and/or ".join(f"'{target}' ({what})" for target, what in WINDOW_TARGETS.items())
    return (f"{', '.join(games.available_ids())} (default: every game) and/or {windows} and/or 'budget' "
            "(every level's answers against its time per move)")


def build_parser(as_league: bool = False) -> argparse.ArgumentParser:
    """The command line's parser; ``as_league``: the tournament was typed as ``league``
    (``LEAGUE_WORD``), so its help and usage say "main.py league", not "main.py tournament"."""
    import games

    name = command_name()
    parser = _Parser(prog=name, usage=f"{name} [-h] [--version] [--log LEVEL] [COMMAND ... | FILE]",
                     description="Tabuleiro: classic board games with strong computer players. "
                                            "Without a command it opens the window, on FILE's game when a saved "
                                            "game, move list or position file is named; a command plays or "
                                            "measures without it, in the terminal.",
                     epilog=f"'{name} COMMAND --help' lists what a command takes: its options, the games' options "
                            "and the players.")
    parser.add_argument("--version", action=_Version, help="say which Tabuleiro this is and what it runs on")
    parser.add_argument("--log", default=None, type=log_level, metavar="LEVEL",
                        help="the window's log level, debug, info or warning, the log written to a file too (for a "
                             "bug report; the About page says where); TABULEIRO_LOG=LEVEL does the same")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, title="commands", metavar="COMMAND", prog=name)

    def openings(p: argparse.ArgumentParser) -> None:
        p.add_argument("--openings", type=whole_number, default=0, metavar="N",
                       help="start each pair of games (colours swapped) after its own N random moves "
                            "(default 0: every game from the start)")

    def league(p: argparse.ArgumentParser) -> None:
        p.add_argument("--clock", default=None, metavar="TIME[+INCREMENT]",
                       help="a game clock, e.g. 5m+2s: each side's time for the whole game, flag fall loses")
        p.add_argument("--definitions-only", action="store_true",
                       help="load outside .py files without running their top-level demo calls")

    def game(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", help=f"the game: {', '.join(games.GAME_IDS)}")

    def common(p: argparse.ArgumentParser, time_help: str = CLOCKED_TIME_HELP) -> None:
        p.add_argument("--time", type=seconds, default=None, help=time_help)
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a game option, e.g. size=9 (or --size 9); every game's options, their values and "
                            "defaults are listed below")
        p.add_argument("--seed", type=whole_number, default=None, help="seed for the players' randomness")

    with_options = {"game_options": True, "formatter_class": argparse.RawDescriptionHelpFormatter}
    m = sub.add_parser("match", help="a series of games between two players, sides alternating", **with_options,
                       **players_said(name, "match"))
    game(m)
    m.add_argument("players", nargs=2, metavar="PLAYER", help=PLAYER_HELP)
    m.add_argument("--games", type=whole_number, default=2, help="games in the match, sides alternating (default 2)")
    m.add_argument("--json", action="store_true", help="one JSON object per finished game, nothing else on stdout")
    openings(m)
    common(m)
    league(m)

    t = sub.add_parser("tournament", help="a round robin among players of one game (also called league)",
                       prog=f"{name} {tournament_word(as_league)}", **with_options,
                       **players_said(name, "tournament", as_league))
    game(t)
    t.add_argument("players", nargs="+", metavar="PLAYER", help=PLAYER_HELP)
    t.add_argument("--games", type=whole_number, default=2, help="games with each player of a pair moving first, so 2 x GAMES per pair (default 2)")
    t.add_argument("--jobs", type=whole_number, default=1, help="games played at once (processes; default 1)")
    t.add_argument("--out", default=None, metavar="FILE",
                   help="write every game to FILE.jsonl as it ends and the standings so far to FILE.txt; at the "
                        "end FILE.json, FILE.csv (games), FILE-standings.csv, FILE.txt, FILE.md and FILE.html (the "
                        "tables in Markdown and as a web page, for a course page)")
    t.add_argument("--resume", default=None, metavar="FILE",
                   help="go on with the tournament logged in FILE.jsonl: play only the games it lacks; a player named "
                        "that it lacks (a late student's bot) joins it, its games added; with no FILE.jsonl yet, the "
                        "tournament starts and is written there (so a job script can always give --resume)")
    t.add_argument("--cluster", default=None, metavar="local|tcp://HOST:PORT",
                   help="play the games on a Dask cluster: 'local' (this machine) or a scheduler's address")
    t.add_argument("--withdraw", action="append", default=[], metavar="PLAYER",
                   help="with --resume FILE: withdraw PLAYER (its id, or its name in the tables) from the league "
                        "logged in FILE, which then plays on without it: the games PLAYER played stay in FILE; if "
                        "they are at least half of its games their results stand and its games not played are lost "
                        "by forfeit, else all its games, played or not, are annulled (counted for no one); asks "
                        "first (repeat for several; it may be left out of the PLAYERs)")
    t.add_argument("--yes", action="store_true", help="with --withdraw: withdraw without asking (for scripts)")
    openings(t)
    common(t)
    league(t)

    b = sub.add_parser("bench", help="speed and strength figures")
    b.add_argument("targets", nargs="*", metavar="GAME", help=bench_targets_help())
    b.add_argument("--quick", action="store_true", help="shorter runs")
    b.add_argument("--openings", type=whole_number, default=None, metavar="N",
                   help="the full strength run, N openings x both colours (games whose bench has one)")

    g = sub.add_parser("gtp", help="play over the Go Text Protocol on stdin/stdout", **with_options)
    game(g)
    g.add_argument("--player", default="level-5", help="the player answering (default level-5); " + PLAYER_HELP)
    g.add_argument("--transpose", action="store_true",
                   help="Hex as HexGui, Benzene and MoHex orient it: cells with row and column exchanged "
                        "(their c1 is our a3), so their black, joining top and bottom, is our Blue")
    common(g, "seconds per move (default 1)")
    analyse_parser(sub, game, with_options)
    return parser


ANALYSE_EPILOG = """\
the position (one of; the start without any):
  --moves "f5 d6 c3"      moves from the start, in the game's notation
  --position TEXT         the game's position text (as Copy position writes it; '-' reads it from stdin)
  --record FILE [--ply N] a saved game: the window's JSON, Hex SGF, Othello GGF or a move list;
                          the position after N moves (default: its last); a game whose moves turn
                          illegal part-way is read up to its last legal move, a warning saying so
  --record FILE --game N  game N of a file of several: match --json's lines, a tournament's
                          FILE.json or FILE.jsonl
a game's options go as --option KEY=VALUE, or as --KEY VALUE: reversi --size 6 (hex --swap alone: true).

Without --lines the verdict is one search of the position, the one a hint runs; --lines K values
every move as the window's analysis mode does (the time shared among them) and lists the K best,
best first (Hex: the search's move, its most searched, then the others by their chance to win,
a move tried under 5 times last: the board leaves it blank).
PROVEN means a proof: Reversi's endgame solver, Rastros' solver and book, Hex's small-board solver,
solved opening maps, Monte Carlo tree and virtual connections, Alquerque's endgame tables,
tic-tac-toe's exact solver; otherwise it is an estimate.

examples:
  main.py analyse reversi --position "$(cat endgame.txt)" --time 10
  main.py analyse tictactoe --moves "b2 a1 c1" --lines 3
  main.py analyse rastros --size 7 --json
"""


def analyse_parser(sub: Any, game: Callable[[argparse.ArgumentParser], None], with_options: dict[str, Any]) -> None:
    """``analyse`` (or ``analyze``): the engine's verdict on one position (ai/commands/analyse.py)."""
    a = sub.add_parser("analyse", help="the engine's verdict on a position: best move, value, proven or an "
                       "estimate (also spelt analyze)", epilog_head=ANALYSE_EPILOG.rstrip(), players=False,
                       **with_options)
    game(a)
    position = a.add_mutually_exclusive_group()
    position.add_argument("--moves", metavar="MOVES", help="the moves from the start, e.g. \"e6 f4 c3\"")
    position.add_argument("--position", metavar="TEXT", help="the position as the game's text ('-': read stdin)")
    position.add_argument("--record", metavar="FILE", help="a saved game (JSON, Hex SGF, Othello GGF, a move list)")
    a.add_argument("--ply", type=whole_number, default=None, metavar="N", help="with --record: the position after N moves")
    a.add_argument("--game", type=whole_number, default=None, metavar="N", dest="number",
                   help="with --record of several games (match --json's lines, a tournament's FILE.json or "
                   "FILE.jsonl): game N, as they are numbered")
    a.add_argument("--time", type=seconds, default=None, metavar="SECONDS", help="seconds of search (default 3)")
    a.add_argument("--level", type=whole_number, default=5, choices=range(1, 6), metavar="N",
                   help="the level whose search judges, 1..5 (default 5, the strongest)")
    a.add_argument("--lines", type=whole_number, default=None, metavar="K",
                   help="the K best moves (1 or more), each with its value (level 5's, as the window's analysis "
                        "mode); without it, the one verdict")
    a.add_argument("--json", action="store_true", help="the verdict as one JSON object on stdout")
    a.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. size=6 (or --size 6); every game's options are listed below")
    a.add_argument("--seed", type=whole_number, default=None, help="seed for the search's randomness (Hex's playouts)")


ANALYSE_WORDS = ("analyse", "analyze")
LEAGUE_WORD = "league"
"""Another name of ``tournament``: the README and docs/leagues.md call a course's round robin a
league, and ``main.py league ...`` was "invalid choice: 'league'"."""
# the commands besides analyse whose game options may go as flags (``match reversi ... --size 6``): the
# ones whose --option says so
OPTION_FLAG_COMMANDS = ("match", "tournament", "gtp")


def game_option_flags(argv: list[str]) -> list[str]:
    """``analyze`` as ``analyse`` (both spellings are taught; the parser and the docs know one),
    ``league`` as ``tournament`` (``LEAGUE_WORD``), and
    ``analyse GAME --size 6`` as ``--option size=6``: a game's own options as flags, for the
    commands in ``OPTION_FLAG_COMMANDS`` (their own flags are not game options' names).  A student
    who wrote ``analyse reversi --size 6`` and then ``match reversi ... --size 6`` was told
    "unrecognized arguments: --size 6".  Another game's option (``tictactoe --size 4``) goes the
    same way, so that the game refuses it naming its own options (it read "unrecognized arguments:
    --size 4"), and a yes-or-no option alone (``hex --swap``) means true (it read "option swap: ''
    is not valid").  The command is found after the global options (``--log debug league ...``,
    ``command_place``).  Other words are left for the parser."""
    place = command_place(argv)
    return argv[:place] + command_words(argv[place:])


def file_to_open(argv: list[str]) -> str | None:
    """The file the window opens on (``main.py game.sgf``, as a file manager's "Open with" runs
    it): the one word after the global options, when it is no command and names a file or looks
    like a file's name (``game.sgf``: one that is not there is said so, not "invalid choice"), or
    names a folder (``./``, ``..``: said to be one).  They were refused as "invalid choice"."""
    rest = argv[command_place(argv):]
    commands = (*OPTION_FLAG_COMMANDS, *ANALYSE_WORDS, LEAGUE_WORD, "bench")
    if len(rest) != 1 or rest[0] in commands:
        return None
    path = Path(rest[0])
    if not path.exists() and not path.suffix and len(path.parts) < 2:
        return None
    if not path.is_file():
        raise UsageError(f"{rest[0]}: {'a folder, not a file' if path.is_dir() else 'no such file'}")
    return rest[0]


def command_place(argv: list[str]) -> int:
    """Where the command stands in ``argv``: after the global options (``--log LEVEL``,
    ``--log=LEVEL``, ``--version``, ``-h``; ``--log``'s value is no command), at the end if none.
    ``league`` and ``analyze`` were known only as the first word: ``--log debug league ...`` was
    "invalid choice: 'league'"."""
    place = 0
    while place < len(argv) and argv[place].startswith("-"):
        word = argv[place]
        place += 1
        if "=" not in word and len(word) > 2 and "--log".startswith(word):  # argparse takes --lo for --log
            place += 1
    return min(place, len(argv))


def command_words(argv: list[str]) -> list[str]:
    """``game_option_flags`` for the words from the command on (``argv[0]`` the command)."""
    if argv[:1] == [LEAGUE_WORD]:
        argv = ["tournament", *argv[1:]]
    if not argv or argv[0] not in (*ANALYSE_WORDS, *OPTION_FLAG_COMMANDS):
        return argv
    if argv[0] in ANALYSE_WORDS:
        argv = ["analyse", *argv[1:]]
    if len(argv) < 2:
        return argv
    import games

    try:
        own = {option.name: option for option in games.info(game_named(argv[1])).options}
    except (KeyError, ValueError):
        return argv
    named = every_game_option_name()
    out, words = list(argv[:2]), argv[2:]
    place = 0
    while place < len(words):
        word = words[place]
        place += 1
        name, equals, value = word[2:].partition("=")
        key = name.replace("-", "_")
        if not word.startswith("--") or key not in named:
            out.append(word)
            continue
        if not equals:
            value, place = flag_value(own.get(key), words, place)
        out += ["--option", f"{key}={value}"]
    return out


def every_game_option_name() -> set[str]:
    """The names of every game's options: a flag naming one is a game option, this game's or not."""
    import games

    return {option.name for game_id in games.GAME_IDS for option in games.info(game_id).options}


def flag_value(option: Any, words: list[str], place: int) -> tuple[str, int]:
    """The value of a game option's flag written without ``=``, and the place of the word after it:
    the next word, or "true" for a yes-or-no option followed by no value (``--swap``, at the end or
    before another flag)."""
    following = words[place] if place < len(words) else None
    if option is not None and option.kind is bool and (following is None or following.startswith("--")):
        return "true", place
    return ("" if following is None else following), place + (following is not None)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from ai.bot_rlimits import LAUNCH_ARGUMENT, launch

    if argv[:1] == [LAUNCH_ARGUMENT]:  # a frozen build starts outside engines, their limits set, through itself
        launch(argv[1:])
    from ai.data import ChecksumError
    from ai.outside import CHILD_ARGUMENT

    if argv[:1] == [CHILD_ARGUMENT]:  # a frozen build runs outside players' processes through itself
        from ai.outside import serve_child

        serve_child()
        return 0
    window = False  # the window's errors are its own: neither "the reader of our output left" nor "cannot write"
    try:
        ctrl_c_raises()
        opened = file_to_open(argv)
        as_league = argv[command_place(argv):][:1] == [LEAGUE_WORD]
        args = build_parser(as_league).parse_args(game_option_flags(argv if opened is None else argv[:-1]))
        args.argv, args.as_league = argv, as_league
        if args.log is not None and args.command is not None:
            typed = argv[command_place(argv)]  # league's, not tournament's
            raise UsageError(f"--log is the window's ({command_name()} --log {args.log}), not {typed}'s")
        if args.command is None:
            window = True
            from ui.app import run

            return run(args.log, opened)
        stop_as_on_ctrl_c()
        output_never_fails()
        code = dispatch(args)
        sys.stdout.flush()  # a reader gone shows here, not as a traceback at the exit
        return code
    except (UsageError, ChecksumError) as exc:  # a damaged shipped file: named, in one line
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # the commands that can say more (a match's score so far) say it themselves
        print("\nstopped", file=sys.stderr)
        return 130
    except BrokenPipeError:
        if window:  # a pipe of the window's own broke (a worker's): its crash, with its traceback, not a quiet 141
            raise
        return reader_gone()
    except OSError as exc:
        if window or exc.errno not in DISK_FULL:
            raise
        reader_gone()  # no more output: Python's last flush at the exit would fail again
        print(f"error: cannot write: {exc.strerror}", file=sys.stderr)
        return 1


def ctrl_c_raises() -> None:
    """From ``main``'s try on, Ctrl+C raises KeyboardInterrupt again: what was started is
    stopped, and the games so far kept, before "stopped" (``_stopped_while_starting`` ended the
    process where it stood)."""
    if signal.getsignal(signal.SIGINT) is _stopped_while_starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def stop_as_on_ctrl_c() -> None:
    """A command ended by SIGTERM or SIGHUP (``timeout``, a closed terminal, a cluster's job
    manager), or on Windows by Ctrl+Break (SIGBREAK), stops as on Ctrl+C: its games so far kept
    and reported, its bots and temporary folders removed.  By default those signals end the
    process where it stands.  Each is set where the system has it (Windows has no SIGHUP)."""
    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP", "SIGBREAK"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


def output_never_fails() -> None:
    """Standard output writes what its encoding cannot hold as ``\\u674e`` (as standard error
    does) instead of failing: Windows encodes output into a file or a pipe in its ANSI code page
    (cp1252 ...), where a student's name or folder (``李明/player.py``) ended a match or a
    tournament with a UnicodeEncodeError.  A UTF-8 output (Linux, macOS) is left as it is."""
    with contextlib.suppress(AttributeError, ValueError, LookupError):
        if sys.stdout.errors == "strict" and codecs.lookup(sys.stdout.encoding).name != "utf-8":
            sys.stdout.reconfigure(errors="backslashreplace")


def reader_gone() -> int:
    """The reader of our output closed it (``| head -1``): no more output, and status 141 (128 +
    SIGPIPE) as a Unix tool has.  Standard output goes to devnull, so that Python's last flush at
    the exit does not fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 141


def typed_command(argv: list[str]) -> str:
    """The command line that ran ``argv``, as typed (``python main.py bench tictactoe --quick``;
    the app's name in a frozen build), quoted for a shell: what a bench's header gives to make its
    figures again.  Called with other arguments than its own (a test), it is ``python main.py`` and them."""
    if sys.argv[1:] == argv and getattr(sys, "orig_argv", None):
        return shlex.join(sys.orig_argv)
    return shlex.join(["python", "main.py", *argv])


def window_benches(targets: list[str]) -> dict[str, Callable[[Callable[[str], None], bool], None]]:
    """The window's benches among ``targets``, by target: imported only when asked for, since
    importing the window (pygame, pygame-menu) is no part of a game's bench."""
    benches = {}
    if "ui" in targets:
        from ui.bench import bench_ui

        benches["ui"] = bench_ui
    if "analysis" in targets:
        from ui.analysis_bench import bench_analysis

        benches["analysis"] = bench_analysis
    return benches


def report_words() -> Any:
    """How a tournament's report and a match's lines say things on the terminal and in the files:
    the window's words (``ui.words.ReportWords``, English: the command line sets no language), so
    that both name a game's options alike, "Reversi (Board size: 6)" (the report said "size=6",
    the window "Board size: 6"), and a game's end ("Black wins 34 - 2 (33 - 2 on the board)");
    FILE.json and ``--json`` keep the options and the reasons as data."""
    from ui.words import ReportWords

    return ReportWords()


def kept_notice(problem: str, kept: int) -> str:
    """How ``analyse`` says a --record file was read up to its last legal move: the window's notice
    of such a file (``ui.record_files.legal_part_words``, English: the command line sets no
    language), so the terminal and the window say one thing of one file."""
    from ui.record_files import legal_part_words

    return legal_part_words(problem, kept, in_file=True)


def dispatch(args: argparse.Namespace) -> int:
    import games

    if args.command == "bench":
        from ai.commands.bench import WINDOW_TARGETS, run_bench, takes_openings

        targets = args.targets or games.available_ids()
        valid = [*games.available_ids(), *WINDOW_TARGETS, "budget"]
        for target in targets:
            if target not in valid:
                raise UsageError(f"unknown bench target {target!r}; choose from {', '.join(valid)}")
        if args.openings is not None:
            if args.openings < 1:
                raise UsageError("--openings must be at least 1")
            lacking = [t for t in targets if not takes_openings(t)]
            if lacking:
                raise UsageError(f"--openings: no strength run over openings for {', '.join(lacking)}")
        from ui.about import version_line

        run_bench(targets, args.quick, openings=args.openings, window_benches=window_benches(targets),
                  version=version_line(), command=typed_command(args.argv))
        return 0
    names_as_typed(args)
    options = parse_options(args.option)
    if args.time is not None and not 0 < args.time < math.inf:
        raise UsageError("--time must be a positive number of seconds")
    if args.command == "analyse":
        return dispatch_analyse(args, options)
    if args.time is None and not getattr(args, "clock", None):
        args.time = 1.0
    if getattr(args, "openings", 0) < 0:
        raise UsageError("--openings must be 0 or more moves")
    if args.command == "match":
        if args.games < 1:
            raise UsageError("--games must be at least 1")
        # outside players are loaded by the match itself (with --definitions-only when asked)
        check_game_and_players(args.game, [p for p in args.players if not ai_is_outside(p)], options)
        from ai.commands.match import run_match

        return run_match(args.game, tuple(args.players), options, args.games, args.time, args.seed, args.json,
                         opening_plies=args.openings, clock=args.clock, definitions_only=args.definitions_only,
                         words=report_words())
    if args.command == "tournament":
        for option, file in (("--out", args.out), ("--resume", args.resume)):
            if file is not None and not file.strip():  # else the league was played and nothing written
                raise UsageError(f"{option} {file!r} names no file: give FILE, the name of the results' files "
                                 "(a variable of the script left empty?)")
        if args.withdraw and not args.resume:
            raise UsageError("--withdraw takes a player out of a league under way: give --resume FILE too")
        if args.yes and not args.withdraw:  # else taken and ignored: a script believed its player withdrawn
            raise UsageError("--yes only answers --withdraw's question: give --withdraw PLAYER too, or leave --yes out")
        if len(args.players) < 2 and not may_name_several(args.players[0]):
            raise UsageError(f"a {tournament_word(args.as_league)} needs at least two players")  # else counted once patterns are expanded
        # outside players are loaded by the tournament itself: a broken file forfeits its games
        check_game_and_players(args.game, [p for p in args.players if not ai_is_outside(p)], options)
        from ai.commands.tournament import run_tournament

        return run_tournament(args.game, args.players, options, args.games, args.time, args.jobs, args.out, args.seed,
                              opening_plies=args.openings, clock=args.clock, cluster=args.cluster,
                              resume=args.resume, definitions_only=args.definitions_only,
                              withdraw=args.withdraw, yes=args.yes, words=report_words(),
                              called=tournament_word(args.as_league))
    if args.command == "gtp":
        check_game_and_players(args.game, [args.player], options)
        if args.transpose and args.game != "hex":
            raise UsageError(f"--transpose is for Hex (HexGui's orientation), not {args.game}")
        from ai.commands.gtp import run_gtp
        from ui.about import VERSION

        return run_gtp(args.game, args.player, options, args.time, VERSION, args.seed, args.transpose)
    raise UsageError(f"unknown command {args.command!r}")


def dispatch_analyse(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``analyse``: its arguments checked (the game and its options first), then the verdict."""
    import games

    if args.lines is not None and args.lines < 1:  # "--lines 0" gave the verdict alone without a word
        raise UsageError(f"--lines {args.lines}: K is the number of best moves to list, 1 or more "
                         "(leave out --lines for the verdict alone)")
    if args.lines and args.level != 5:
        raise UsageError("--lines values every move as the window's analysis does, with level 5: leave out --level")
    if args.record is not None and options:
        raise UsageError("--record keeps the options its game was played with: leave out the game's options")
    from ai.commands.analyse import game_sized_by_board, run_analyse

    position = sys.stdin.read() if args.position == "-" else args.position
    try:
        game = games.load(args.game, **options)
    except ValueError as exc:
        game, refused = None, exc
        try:  # a bare board's options are checked at its own size, and refused in its words
            game = None if position is None else game_sized_by_board(args.game, options, position)
        except ValueError as at_its_size:
            refused = at_its_size
        if game is None:
            raise UsageError(str(refused)) from None
    return run_analyse(game, moves=args.moves, position=position, record=args.record, ply=args.ply,
                       seconds=args.time, level=args.level, lines=args.lines or 0, seed=args.seed, as_json=args.json,
                       number=args.number, said=kept_notice)


if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # a PyInstaller build starts its worker processes through itself
    sys.exit(main())
