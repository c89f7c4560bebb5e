"""Each game's built-in players as the menus list them (id, title, description), known without
importing the engines.

An engine module (``ai.engines.<game>``) imports its numba kernels, and with them numba itself: a
few seconds on a computer's first run.  The New game screen, the tournament's player lists and
``--help`` only need the players' names, so ``ai.catalog`` reads them here, and the window's
first screens open without numba.  The engines' own tables (``PLAYERS``) still make the players;
tests/test_roster.py holds this table to them, entry by entry, so the two cannot drift apart.
"""

from __future__ import annotations

from ai.base import PlayerInfo

ROSTER: dict[str, tuple[PlayerInfo, ...]] = {
    "tictactoe": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Takes a win in one when it has one; otherwise plays almost at random."),
        PlayerInfo("level-3", "Level 3",
                   "Takes a win in one and blocks yours; otherwise looks two moves ahead, with some "
                   "randomness."),
        PlayerInfo("level-4", "Level 4",
                   "Takes wins and blocks yours; looks four moves ahead, so it sees simple forks."),
        PlayerInfo("level-5", "Level 5",
                   "Thinks as far ahead as its time allows; on big boards it plays a run of threats (fours and"
                   " threes) through to the win when it finds one; never loses on 3x3."),
    ),
    "hex": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Heads for its edges one move at a time, with some randomness."),
        PlayerInfo("level-3", "Level 3",
                   "Tries each move in many random games and plays the one that wins most often; knows nothing"
                   " of Hex shapes."),
        PlayerInfo("level-4", "Level 4",
                   "Keeps its bridges in the games it tries, but thinks only briefly each move, whatever time "
                   "it is given; takes a win in one and blocks one."),
        PlayerInfo("level-5", "Level 5",
                   "Thinks for all its time, keeping bridges in the games it tries; takes a win in one, blocks"
                   " one, sees connections that cannot be cut (boards up to 13x13), plays 3x3 and 4x4 "
                   "perfectly and knows every first move up to 7x7."),
        PlayerInfo("hex:notebook", "Notebook",
                   "The class notebook: alpha-beta with a shortest-path heuristic, as deep as the time allows."),
        PlayerInfo("hex:uct", "Plain UCT",
                   "UCT with uniformly random playouts, no Hex knowledge (the baseline)."),
    ),
    "reversi": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Looks one move ahead and knows corners, with a lot of randomness."),
        PlayerInfo("level-3", "Level 3",
                   "Looks three moves ahead; plays the last 8 squares perfectly."),
        PlayerInfo("level-4", "Level 4",
                   "Looks five moves ahead; plays the last 12 squares perfectly, fewer on 10x10 at the "
                   "shortest times per move."),
        PlayerInfo("level-5", "Level 5",
                   "Opens from its book, searches as deep as its time allows, judging positions by edge, "
                   "corner and diagonal patterns learned from thousands of its own games, and solves the "
                   "endgame exactly as early as it can."),
        PlayerInfo("reversi:easy", "Course Easy",
                   "The course project's Easy: alpha-beta at depth 2, counting discs."),
        PlayerInfo("reversi:medium", "Course Medium",
                   "The course project's Medium: alpha-beta at depth 4, counting discs."),
        PlayerInfo("reversi:hard", "Course Hard",
                   "The course project's Hard: alpha-beta at depth 5, counting discs."),
    ),
    "rastros": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Looks one move ahead, with a lot of randomness; takes a win in one and never lets you win "
                   "in one when it can avoid it."),
        PlayerInfo("level-3", "Level 3",
                   "Looks three moves ahead, with some randomness; plays perfectly once neither goal can be "
                   "reached."),
        PlayerInfo("level-4", "Level 4",
                   "Looks eight moves ahead, a little randomly; plays perfectly once the piece has 16 or fewer"
                   " squares left to reach."),
        PlayerInfo("level-5", "Level 5",
                   "Searches as deep as its time allows, plays perfectly as soon as it has solved the game, "
                   "knows the 8x8 opening."),
        PlayerInfo("rastros:bacoco", "Bacoco",
                   "The course's random player."),
        PlayerInfo("rastros:obtuso-sw", "ObtusoSW",
                   "The course's player that always goes south, then west."),
        PlayerInfo("rastros:obtuso-ne", "ObtusoNE",
                   "The course's player that always goes north, then east."),
        PlayerInfo("rastros:random-plus", "Random Plus",
                   "The course's alpha-beta (depth 5) that only knows won and lost games."),
        PlayerInfo("rastros:basilio", "Basilio",
                   "The course's alpha-beta (depth 5) by distance to its goal: the player students must beat."),
        PlayerInfo("rastros:ar-livre", "Ar Livre",
                   "The course's alpha-beta (depth 5) that maximises the number of legal moves."),
    ),
    "alquerque": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Looks one move ahead (captures settled), with much randomness."),
        PlayerInfo("level-3", "Level 3",
                   "Looks two moves ahead, with some randomness."),
        PlayerInfo("level-4", "Level 4",
                   "Looks three moves ahead, captures settled."),
        PlayerInfo("level-5", "Level 5",
                   "Searches as deep as its time allows; plays endings perfectly: up to 7 pieces in all, 6 "
                   "with one rule option, 5 with both."),
        PlayerInfo("alquerque:minimax-1", "Course minimax 1",
                   "The course project's minimax, depth 1, evaluation own - enemy pieces."),
        PlayerInfo("alquerque:minimax-2", "Course minimax 2",
                   "The course project's minimax, depth 2, evaluation own - enemy pieces."),
        PlayerInfo("alquerque:minimax-3", "Course minimax 3",
                   "The course project's minimax, depth 3, evaluation own - enemy pieces."),
        PlayerInfo("alquerque:minimax-4", "Course minimax 4",
                   "The course project's minimax, depth 4, evaluation own - enemy pieces."),
    ),
    "trax": (
        PlayerInfo("level-1", "Level 1",
                   "Plays a random legal move."),
        PlayerInfo("level-2", "Level 2",
                   "Takes a win in one when it has one; otherwise plays by a rough, noisy judgement."),
        PlayerInfo("level-3", "Level 3",
                   "Takes a win in one and never plays a move that lets you win at once; otherwise the move "
                   "that looks best."),
        PlayerInfo("level-4", "Level 4",
                   "Takes a win in one, never lets you win at once, and plays a threat you cannot stop when it"
                   " has one."),
        PlayerInfo("level-5", "Level 5",
                   "Takes a win in one, never lets you win at once, plays threats you cannot stop, and sees "
                   "yours one move ahead to defend them."),
        PlayerInfo("trax:greedy", "Greedy",
                   "The baseline: an immediate win if any, else the placement that maximises a simple score "
                   "(one ply)."),
    ),
}
