"""Tic-tac-toe bench figures (``python main.py bench tictactoe``): level-5's speed from fixed
positions, then strength.

- The threat search (victory by continuous fours, ai/engines/tictactoe_threats.py): its time and
  positions visited on seeded random 15x15 positions, and how many had a run of fours.
- 3x3 against perfect play: each level against the solved game's player, from every first square
  with both colour assignments.  Every first square of 3x3 draws, so a lost game is the level's
  own mistake; levels 3-5 must draw them all (levels 1 and 2 play at random in part).
- The ladder: each level against the one below on 3x3, 7x6 four in a row and 15x15 five in a row,
  from seeded random openings, each played with both colour assignments.  On 3x3 and 7x6 level-5
  searches to a fixed depth (``LADDER_BOARDS``), as levels 2-4 do by their nature, so the figures
  do not depend on the machine's load and the same command prints the same games.  On 15x15 the
  players have the app's time per move instead (level-5 reaches depth 5 or 6 in a second there,
  level-4's depth 4 takes a few hundredths); those figures vary with the load, and few games are
  noise.  Level-5's longest answer is printed beside its budget.
Each line prints wins-draws-losses and points (a win 1, a draw 1/2) of the stronger side.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable

import ai
import games
from ai.base import Limits, Player, PlayerInfo, ProgressCallback
from ai.engines.tictactoe import perfect_moves
from ai.engines.tictactoe_threats import VCFSearch, completing
from ai.match import GameResult, MatchSummary, play_game, random_openings
from games.base import State

BENCH_POSITIONS = [
    "to-move: X\n...\n...\n...",
    ({"width": 4, "height": 4, "k": 3}, "to-move: X\n....\n....\n....\n...."),
    ({"width": 7, "height": 6, "k": 4}, "to-move: O\n.......\n.......\n.......\n...X...\n..XO...\n..OX..."),
    ({"width": 15, "height": 15, "k": 5}, "to-move: O\n" + "\n".join(
        "." * 15 if r not in (6, 7) else ("......XO......." if r == 7 else ".......X.......") for r in range(15)
    )),
]

# (label, board options, random plies before each pair of games, level-5's depth in the ladder:
# None for the app's time per move instead)
LADDER_BOARDS = (
    ("3x3", {"width": 3, "height": 3, "k": 3}, 1, 9),
    ("7x6 k=4", {"width": 7, "height": 6, "k": 4}, 2, 6),
    ("15x15 k=5", {"width": 15, "height": 15, "k": 5}, 2, None),
)
SAFETY_SECONDS = 60.0  # a move's time in the depth-capped games: never reached, but a proven loss's
# swindle (ai.search.alphabeta) solves every reply within the move's time, and without one it would not end
OPENING_RADIUS = 4  # on 15x15 the openings' marks lie this near the centre (a random square elsewhere is a wasted move)
Report = Callable[[str], None]


class PerfectPlayer(Player):
    """The solved game's player on boards of up to nine squares: of the moves that keep the
    position's value (``perfect_moves``), the one that leaves the opponent the most replies that
    lose it (a trap; the first in the game's move order among equals)."""

    def __init__(self) -> None:
        self.info = PlayerInfo("perfect", "Perfect play")

    def choose(self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None) -> Hashable:
        def traps(move: int) -> int:
            after = state.play(move)
            return len(after.legal_moves()) - len(perfect_moves(after) or [])

        return max(perfect_moves(state), key=traps)


class DepthCapped(Player):
    """A player that searches to ``depth`` plies whatever time the referee gives: figures that do
    not depend on the machine's load.  Its rules (wins, blocks, threat searches) still run."""

    def __init__(self, inner: Player, depth: int) -> None:
        self.inner, self.info, self.depth = inner, inner.info, depth

    def choose(self, state: State, limits: Limits | None = None, progress: ProgressCallback | None = None) -> Hashable:
        limits = limits or Limits()
        return self.inner.choose(state, Limits(time=limits.time, depth=self.depth, stop=limits.stop), progress)


def near_centre(state: State) -> bool:
    """Whether every mark lies within ``OPENING_RADIUS`` squares of the centre (any mark on a
    board of 49 squares or fewer)."""
    game = state.game
    if game.cells <= 49:
        return True
    centre, marks = game.move_order[0], state.boards[0] | state.boards[1]
    return all(abs(m // game.width - centre // game.width) <= OPENING_RADIUS
               and abs(m % game.width - centre % game.width) <= OPENING_RADIUS
               for m in range(game.cells) if marks >> m & 1)


# how to read ``record``'s lines, said above them: "level-2 0-4-14 perfect" left a reader to guess
# the order of the figures and whose they are
RECORD_KEY = "each line the first named's wins-draws-losses against the second, then its points (a draw 1/2)"


def record(summary: MatchSummary) -> str:
    """``a W-D-L b, P/N points``: wins, draws and losses of the first named player, and its points."""
    (a, b), wins, losses, draws = summary.names, summary.wins[0], summary.wins[1], summary.draws
    played = wins + losses + draws
    return f"{a} {wins}-{draws}-{losses} {b}: {wins + draws / 2:g}/{played} points"


def series(game, makers: tuple[Callable[[int], Player], Callable[[int], Player]], names: tuple[str, str],
           openings: list[list[int]], seconds: float = SAFETY_SECONDS,
           games_played: list[GameResult] | None = None) -> tuple[MatchSummary, float]:
    """Both colour assignments from each opening, fresh players seeded by game number, ``seconds``
    a move; returns the summary and the first named player's longest move in seconds.  The games
    are added to ``games_played`` if given (names[0] plays X in the even ones)."""
    summary, longest = MatchSummary(names), 0.0
    for number in range(2 * len(openings)):
        first = number % 2
        order = (first, 1 - first)
        players = [makers[i](2 * number + side) for side, i in enumerate(order)]
        result = play_game(game, players, [names[i] for i in order], seconds, opening=openings[number // 2])
        summary.add(result, first)
        longest = max(longest, result.max_move_time[first])  # names[0] played side ``first``
        if games_played is not None:
            games_played.append(result)
    return summary, longest


def versus(options: dict[str, int], upper: str, lower: str, count: int, seconds: float) -> str:
    """``upper`` against ``lower`` (catalog ids) on the board of ``options``, from ``count`` seeded
    2-ply openings near the centre x both colours, ``seconds`` a move, as the ladder plays them:
    the record, then ``upper``'s wins as X and as O (on big boards X, who moves first, wins most
    games between neighbouring levels, so the record alone hides which side holds its own)."""
    game = games.load("tictactoe", **options)
    openings = random_openings(game, count, 2, seed=1, accept=near_centre)
    played: list[GameResult] = []
    summary, longest = series(game, (level(upper), level(lower)), (upper, lower), openings, seconds, played)
    as_x = sum(result.winner == 0 for result in played[0::2])
    as_o = sum(result.winner == 1 for result in played[1::2])
    return f"{record(summary)}; {upper} won {as_x}/{count} as X, {as_o}/{count} as O; its longest move {longest:.2f} s"


def level(name: str, depth: int | None = None) -> Callable[[int], Player]:
    """A maker of the catalog's ``name`` (seeded), capped at ``depth`` plies if given."""
    def make(seed: int) -> Player:
        player = ai.make_player("tictactoe", name, seed=seed)
        return player if depth is None else DepthCapped(player, depth)

    return make


def against_perfect_play(report: Report) -> dict[str, MatchSummary]:
    """Each level against perfect play on 3x3 from all nine first squares, both colours each."""
    game = games.load("tictactoe")
    openings = [[square] for square in range(game.cells)]
    out = {}
    for n in range(5, 0, -1):
        name = f"level-{n}"
        out[name], _ = series(game, (level(name), lambda seed: PerfectPlayer()), (name, "perfect"), openings)
        report(f"  3x3 {record(out[name])} (9 first squares x both colours)")
    return out


def ladder(report: Report, count: int, seconds: float) -> None:
    """Each level against the one below on each of ``LADDER_BOARDS``, ``count`` openings x both
    colours; ``seconds`` a move where level-5 has no depth of its own there."""
    for label, options, plies, depth in LADDER_BOARDS:
        game = games.load("tictactoe", **options)
        openings = random_openings(game, count, plies, seed=1, accept=near_centre)
        for n in range(5, 1, -1):
            upper = level(f"level-{n}", depth if n == 5 else None)
            summary, longest = series(game, (upper, level(f"level-{n - 1}")), (f"level-{n}", f"level-{n - 1}"),
                                      openings, SAFETY_SECONDS if depth else seconds)
            timing = "" if depth else f"; level-{n}'s longest move {longest:.2f} s"
            report(f"  {label} {record(summary)}{timing}")
        budget = f"level-5 to depth {depth}" if depth else f"{seconds:g} s a move"
        report(f"  ({label}: {count} seeded {plies}-ply openings x both colours; {budget})")


def threat_search_speed(report: Report, count: int) -> None:
    """The run-of-fours search from ``count`` seeded positions of random play near the centre of
    15x15 (8 to 40 marks, no win in one for either side): mean and longest time, most positions
    visited, and how many had a run."""
    game = games.load("tictactoe", **LADDER_BOARDS[-1][1])
    rng, centre = random.Random(1), game.move_order[0]
    times, most, found = [], 0, 0
    while len(times) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(8, 41)):
            near = [m for m in state.legal_moves() if abs(m // game.width - centre // game.width) <= OPENING_RADIUS
                    and abs(m % game.width - centre % game.width) <= OPENING_RADIUS]
            state = state.play(rng.choice(near))
            if state.is_terminal():
                break
        me, them = state.boards[state.to_move], state.boards[1 - state.to_move]
        if state.is_terminal() or completing(game, me, them) or completing(game, them, me):
            continue
        search = VCFSearch(game)
        began = time.perf_counter()
        found += search.find(me, them) is not None
        times.append(time.perf_counter() - began)
        most = max(most, search.nodes)
    report(f"  15x15 k=5 run-of-fours search, {count} random positions: mean {1000 * sum(times) / count:.1f} ms, "
           f"longest {1000 * max(times):.1f} ms, at most {most} positions visited; a run found in {found}")


def bench_extra(report: Report, quick: bool, openings: int | None = None) -> None:
    """The threat search's speed, perfect play on 3x3, then the ladder on three boards.

    Kept short by default for a shared 2-core machine; ``--openings N`` plays N openings (x both
    colours) a pairing."""
    threat_search_speed(report, 100 if quick else 400)
    report("  against perfect play (a loss is the level's own mistake: every first square of 3x3 draws); "
           f"{RECORD_KEY}:")
    against_perfect_play(report)
    report(f"  the ladder, each level against the one below (levels 2-4 search to their own depths); {RECORD_KEY}:")
    ladder(report, openings or (1 if quick else 3), 0.3 if quick else 1.0)
