"""Each game's built-in players as the menus list them (id, title, description), known without
importing the engines.

An engine module (``ai.engines.<game>``) imports its numba kernels, and with them numba itself: a
few seconds on a computer's first run.  The New game screen, the tournament's player lists and
``--help`` only need the players' names, so ``ai.catalog`` reads them here, and the window's
first screens open without numba.

This is the one place a player's title and description are written: an engine's table
(``PLAYERS = ai.levels.player_table(game_id, {player_id: make})``) only says how to make each player
and takes its ``PlayerInfo`` from here, failing at import if the two name different players.  A
number a text states and a factory uses (a course player's depth) lives in a small table below,
read by both.
"""

from __future__ import annotations

from typing import NamedTuple

from ai.base import PlayerInfo

LEVEL_IDS = tuple(f"level-{n}" for n in range(1, 6))

REVERSI_COURSE_DEPTHS = {"easy": 2, "medium": 4, "hard": 5}
"""Reversi's course players: name -> the alpha-beta depth its description states and
ai/engines/reversi.py builds it with (one table, so text and player cannot disagree)."""

ALQUERQUE_MINIMAX_DEPTHS = (1, 2, 3, 4)
"""Alquerque's course minimax players' depths, read by their titles, descriptions and factories."""

RASTROS_COURSE_DEPTH = 5
"""The depth Rastros' course alpha-beta players (Random Plus, Basilio, Ar Livre) search at, in the
course's terms (the notebook's ``depth_for_all``): its cut-off test is ``depth > d``, so they look
one ply further, ``RASTROS_COURSE_DEPTH + 1`` plies (ai/engines/rastros_course.py).  Their
descriptions and the panel (``Progress.course_depth``) say both."""

TICTACTOE_COURSE_DEPTH = 4
"""The depth of tic-tac-toe's course player, AIMA's ``alpha_beta_cutoff_search`` with its default
``d=4``: cut off at ``depth > d`` as Rastros' course players, so five plies ahead
(ai/engines/tictactoe_course.py)."""


class Worded(NamedTuple):
    """A description that names the reader's side: ``playing`` to the person playing against the
    level ("blocks yours"), ``watching`` to one watching two computer players, who has no side
    ("blocks the other side's").  Both written here, so no screen rewrites a description."""

    playing: str
    watching: str


def _level(n: int, level_id: str, text: str | Worded) -> PlayerInfo:
    if isinstance(text, Worded):
        return PlayerInfo(level_id, f"Level {n}", text.playing, watched_description=text.watching)
    return PlayerInfo(level_id, f"Level {n}", text)


def _levels(*descriptions: str | Worded) -> tuple[PlayerInfo, ...]:
    """The five levels: level-1 plays at random (every game's), then levels 2-5 as described."""
    texts = ("Plays a random legal move.", *descriptions)
    return tuple(_level(n, level_id, text) for n, (level_id, text) in enumerate(zip(LEVEL_IDS, texts, strict=True), 1))


def _reversi_course(name: str, depth: int) -> PlayerInfo:
    return PlayerInfo(f"reversi:{name}", f"Course {name.title()}",
                      f"The {name.title()} player of the university course project these rules come from: "
                      f"alpha-beta at depth {depth}, counting discs.", course=True)


def _alquerque_minimax(depth: int) -> PlayerInfo:
    return PlayerInfo(f"alquerque:minimax-{depth}", f"Course minimax {depth}",
                      f"The minimax of the university course these rules come from, at depth {depth}; "
                      "evaluation: own pieces minus the enemy's.", course=True)


def _aima_course(player_id: str, title: str, depth: int, what: str) -> PlayerInfo:
    """A course player searching with AIMA's cut-off alpha-beta, its depth said as the course says
    it and in moves ahead, as the panel and the levels say it (AIMA cuts off at ``depth > d``: d + 1
    plies, a move of either side each)."""
    return PlayerInfo(player_id, title, f"The alpha-beta of the university course these rules come from, at depth {depth} "
                      f"({depth + 1} moves ahead) {what}", course=True)


def _rastros_course(player_id: str, title: str, what: str) -> PlayerInfo:
    """A Rastros course alpha-beta player (``RASTROS_COURSE_DEPTH``)."""
    return _aima_course(player_id, title, RASTROS_COURSE_DEPTH, what)


ROSTER: dict[str, tuple[PlayerInfo, ...]] = {
    "tictactoe": (
        *_levels(
            "Takes a win in one when it has one; otherwise plays almost at random.",
            Worded("Takes a win in one and blocks yours; otherwise looks two moves ahead, with some randomness.",
                   "Takes a win in one and blocks the other side's; otherwise looks two moves ahead, with some "
                   "randomness."),
            Worded("Takes wins and blocks yours; looks four moves ahead, so it sees simple forks.",
                   "Takes wins and blocks the other side's; looks four moves ahead, so it sees simple forks."),
            "Thinks as far ahead as its time allows; on big boards it plays a run of threats (fours and "
            "threes) through to the win when it finds one; never loses on 3x3.",
        ),
        _aima_course("tictactoe:aima", "AIMA", TICTACTOE_COURSE_DEPTH,
                     "from AIMA's games.py: it knows only won and lost games and tries the squares row by row."),
    ),
    "hex": (
        *_levels(
            "Heads for its edges one move at a time, with some randomness.",
            "Tries each move in many random games and plays the one that wins most often; knows nothing of "
            "Hex shapes.",
            "Keeps its bridges in the games it tries, but thinks only briefly each move, whatever time it "
            "is given; takes a win in one and blocks one.",
            "Thinks for all its time, keeping bridges in the games it tries; takes a win in one, blocks "
            "one, sees connections that cannot be cut (boards up to 13x13), plays 3x3 and 4x4 perfectly and"
            " knows every first move up to 7x7.",
        ),
        PlayerInfo("hex:notebook", "Notebook",
                   "The class notebook of the university course these rules come from: alpha-beta with a "
                   "shortest-path heuristic, as deep as the time allows.", course=True),
        PlayerInfo("hex:uct", "Plain UCT",
                   "Tries moves in many random games, the more promising ones more often; knows nothing of "
                   "Hex shapes. A yardstick to measure other players against."),
    ),
    "reversi": (
        *_levels(
            "Looks one move ahead and knows corners, with a lot of randomness.",
            "Looks three moves ahead; plays the last 8 squares perfectly.",
            "Looks five moves ahead; plays the last 12 squares perfectly, fewer on 10x10 at the shortest "
            "times per move.",
            "Opens from its book on 6x6 and 8x8, searches as deep as its time allows, judging 8x8 positions "
            "by edge, corner and diagonal patterns learned from thousands of its own games, and solves the "
            "endgame exactly as early as it can.",
        ),
        *(_reversi_course(name, depth) for name, depth in REVERSI_COURSE_DEPTHS.items()),
    ),
    "rastros": (
        *_levels(
            Worded("Looks one move ahead, with a lot of randomness; takes a win in one and never lets you win in "
                   "one when it can avoid it.",
                   "Looks one move ahead, with a lot of randomness; takes a win in one and never lets the other "
                   "side win in one when it can avoid it."),
            "Looks three moves ahead, with some randomness; plays perfectly once neither goal can be "
            "reached.",
            "Looks eight moves ahead, a little randomly; plays perfectly once the piece has 16 or fewer "
            "squares left to reach.",
            "Searches as deep as its time allows, plays perfectly as soon as it has solved the game, knows "
            "the 6x6, 7x7 and 8x8 openings.",
        ),
        PlayerInfo("rastros:bacoco", "Bacoco",
                   "The random player of the university course these rules come from.", course=True),
        PlayerInfo("rastros:obtuso-sw", "ObtusoSW",
                   "The player of the university course these rules come from that always goes south, then west.", course=True),
        PlayerInfo("rastros:obtuso-ne", "ObtusoNE",
                   "The player of the university course these rules come from that always goes north, then east.", course=True),
        _rastros_course("rastros:random-plus", "Random Plus", "that only knows won and lost games."),
        _rastros_course("rastros:basilio", "Basilio",
                        "by distance to its goal: the player students must beat."),
        _rastros_course("rastros:ar-livre", "Ar Livre", "that maximises the number of legal moves."),
    ),
    "alquerque": (
        *_levels(
            "Looks one move ahead (captures settled), with much randomness.",
            "Looks two moves ahead, with some randomness.",
            "Looks three moves ahead, captures settled.",
            "Searches as deep as its time allows; plays endings perfectly: up to 7 pieces in all, 6 with "
            "one rule option, 5 with both.",
        ),
        *(_alquerque_minimax(depth) for depth in ALQUERQUE_MINIMAX_DEPTHS),
    ),
    "trax": (
        *_levels(
            "Takes a win in one when it has one; otherwise plays by a rough, noisy judgement.",
            Worded("Takes a win in one and never plays a move that lets you win at once; otherwise the move "
                   "that looks best.",
                   "Takes a win in one and never plays a move that lets the other side win at once; otherwise "
                   "the move that looks best."),
            Worded("Takes a win in one, never lets you win at once, and plays a threat you cannot stop when it "
                   "has one.",
                   "Takes a win in one, never lets the other side win at once, and plays a threat that cannot be "
                   "stopped when it has one."),
            Worded("Takes a win in one, never lets you win at once, plays threats you cannot stop, and sees "
                   "yours one move ahead to defend them.",
                   "Takes a win in one, never lets the other side win at once, plays threats that cannot be "
                   "stopped, and sees the other side's one move ahead to defend them."),
        ),
        PlayerInfo("trax:greedy", "Greedy",
                   "Takes a win in one when it has one; otherwise the move that looks best at once, without "
                   "looking at the replies. A yardstick to measure other players against."),
    ),
}
