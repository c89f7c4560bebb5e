"""Alquerque players: the course's minimax levels and our engine's five levels.

The course (shared/seeds/001_...): plain minimax (the report dropped its alpha-beta version) at
depths 1..4 with the evaluation own pieces - enemy pieces, called at the depth limit and on
finished games.  ``alquerque:minimax-N`` plays exactly that: ``ClassicPlayer(prune=False)``,
moves tried in the order the game lists them, the first best move kept.  Depth 4 without
pruning takes at most about 0.2 s a move (measured over 417 positions of random games: at most
30,000 nodes), so no pruning is needed to fit 1 s a move.  (Pruning would choose the same move:
the root loop replaces its move only on a strictly greater value and searches later moves with
alpha = the best value, and alpha-beta returns the exact value whenever it exceeds alpha; a test
checks this too.)

Our engine: the generic ``AlphaBetaPlayer`` with ``Tactics`` below.  What decides the game in the
course's reading: captures never go backwards, so a piece beyond every enemy piece ("passed") can
never be jumped, and it always has a move (on the far row it shuffles sideways).  Its side can
then neither be wiped out nor run out of moves: it cannot lose.  Most draws against the course's
minimax came from that: pieces ran past each other and both sides shuffled until the 40-ply rule.
The evaluation, for the side to move:

- material: 100 a piece;
- bounds: when the opponent has a passed piece we cannot win, so our value is capped at the draw
  value (``draw_value``), with a twentieth of the rest kept to rank such positions; when we have
  one we cannot lose, so our value is at least the draw value; both sides: a dead draw;
- guards: a piece on its own back row is worth a little, and the first one much more: while a
  side keeps one, no enemy piece can ever be beyond all its pieces, so no enemy piece can pass;
  guards also jump intruders sideways and box them in;
- trades: the side ahead gains 4 per piece of lead for each piece off the board, so it trades
  down instead of shuffling until the 40-ply rule;
- threatened pieces: a piece the opponent could jump right now costs about a third of a piece
  (the side to move can save one, rarely two), an enemy piece we could jump is worth a little;
- safe pieces: a piece that cannot be jumped (on a corner of its own back row, or passed) is worth
  almost half a piece more.  Not the far corners as such: a piece there is out of the fight
  (it only shuffles along the enemy's back row), and rewarding it sent pieces off to the corners.
  Only the side behind counts its passed pieces as safe: they secure it a draw.  A side that is
  ahead or level has to take every enemy piece to win, and a passed piece can take none of them,
  so there it costs 20 (``PASSED_IDLE``), and the side keeps its pieces behind the enemy's
  instead of running past them (from a level position that turns a game into a dead draw);
- mobility: steps available now, for both sides (running out of moves loses);
- advancement: -6 per row a piece has come forward, the far row included.  Pieces never come
  back: an advanced piece has left the fight behind it, and once the two armies have passed
  through each other neither can catch the other.  Holding back lets the enemy come into our
  pieces instead;
- squeeze: a side with fewer than 6 moves (steps and jumps) loses 15 x the shortfall squared:
  having no move loses, and the course's minimax does not know it (it scores a finished game by
  material), so blockades are a realistic way to beat it.

Draws are not worth 0 to the engine (``draw_value``, the search's contempt hook): a draw costs
the engine's own side (``EnginePlayer`` tells ``Tactics`` which side it plays) 70, plus 30 per
piece of material lead.  So it avoids threefold repetition and the 40-ply rule when ahead or
level, but not at the price of a whole piece (that would bleed material to reset the counter).

The weights were chosen in matches against ``alquerque:minimax-4`` (``strength``; 1 s a move,
both colours from each opening, 0 losses throughout):

- before this evaluation (contempt and squeeze only): 19 wins, 21 draws in 40 games from
  seeded two-ply openings (only 8 distinct positions);
- bounds, trades and the last guard: 32 wins, 8 draws from the 20 first distinct three-ply
  openings; 6 of the draws began with the engine 2 to 4 pieces down after the random plies;
- the same engine (advance 0) from 20 balanced six-ply openings (level material, no capture
  pending; the test until a stricter one, below): 25 wins, 15 draws.  The remaining draws are
  even trades down to a few pieces that shuffle, or pieces that got past the other army and can
  no longer be reached.  A larger contempt, a bonus for keeping pieces on the board when not
  ahead, a wider squeeze, more weight on mobility, a stronger hold-back (advance -15, over 5) and
  counting pieces past everything but a lone back-row guard as passed did not do better over
  10 openings x both colours;
- holding back (advance -6, the default now): 30 wins, 10 draws from the same 20 balanced
  openings measured in two halves side by side, but 24 wins, 16 draws in one run of
  ``main.py bench alquerque --openings 20``: the same engine varies by +-3 wins in 40 games
  (timing decides the depth reached), so the hold-back is not shown to help or hurt;
- the course's minimax lists moves from a1 to e5 and keeps the first best one: as White it moves
  its back row first, as Black its front pieces, keeping its own back row and shuffling there.
  So the engine won 17 of 20 as Black but 10 of 20 as White (same 20 openings; the draws as
  White were locked fronts and level trades);
- far row counted as fully advanced, and only the home corners as safe (the far corners had
  pulled pieces out of the fight): 15 of 20 as White, 16 of 20 as Black;
- and a position seen before scored as a draw inside the tree (``repeated``), so that the
  engine tries new positions before it accepts a repetition: 30 wins, 10 draws (14 of 20 as
  White, 16 of 20 as Black).  The default now; within the noise of the previous line.  Three
  times the weight on back-row guards (30) made 31 wins, 9 draws: not kept, the same within noise.
  The next 20 balanced openings (20-39): 30 wins, 10 draws again (16 of 20 as White, 14 as
  Black), so about 75% over 80 games.  Most draws as Black there were conversions that failed:
  ahead by 2 to 5, the engine's pieces went past the last enemy pieces, which then could never
  be caught.  Counting enemy pieces on our back row as passed while we keep fewer than two
  pieces there changed nothing (28 of the same 36 games won, as before);
- a passed piece of the side ahead costs 20 instead of counting as safe (``PASSED_AHEAD``, the
  default now): 34 wins, 6 draws on openings 0-19 and 33 wins, 7 draws on 20-39, so 67 of 80
  (84%, against 60 of 80 before): 36 of 40 as Black, where the failed conversions were, and
  31 of 40 as White;
- "balanced" made stricter (``balanced``): the random plies also must not lose a piece by force
  within four plies (the course's minimax-4 finds the start level).  Of the old 40 openings 10
  failed that test, and 5 of the 13 draws had come from them: the engine, given the losing
  side, started a piece down.  Same engine, new openings 0-39: 34 + 36 = 70 of 80 won (88%);
- a level side's passed pieces cost 20 as well (``PASSED_IDLE``; they had counted as safe, and
  running past the enemy from a level position ended games in dead draws): 36 + 37 = 73 of 80
  (91%) on openings 0-39, where it was chosen; on openings 40-79, not used for any choice:
  36 + 35 = 71 of 80 (89%).  So 144 of 160 (90%), no losses; 69 of 80 as White, 75 of 80 as
  Black.  Tried on 0-39 and not kept: -60 for the side ahead's passed pieces (71 of 80, within noise) and
  3 a move for steps onto points no enemy can jump at once ("safe mobility", 20% fewer nodes a
  second: 10 draws in the first 70 games).  On the old test's openings 0-39 the final engine
  won 70 of 80 (was 67);
- from the initial position (``main.py match alquerque level-5 alquerque:minimax-4 --games 40``):
  19 wins and 1 draw in 20 games before ``PASSED_IDLE``, 37 wins and 3 draws in 40 with it (17 of
  20 as White, 20 of 20 as Black); but nearly all are one game per colour replayed, so it says
  little about strength.

Quiescence (``noisy_moves``) plays out the captures before evaluating, so a horizon never hides
a chain.  Repetitions and the 40-ply rule are part of the state's key and end the game in the
rules, so the search sees them (with ``draw_value``); ``repeated`` scores a position's second
occurrence as a draw inside the tree as well.
"""

from __future__ import annotations

from functools import lru_cache

import games
from ai.base import Limits, ProgressCallback
from ai.levels import player_table, random_level, spec
from ai.search.alphabeta import AlphaBetaPlayer
from ai.search.classic import ClassicPlayer, alphabeta_cutoff
from games.alquerque import FORWARD, PIECES, POINTS, SIZE, Alquerque, AlquerqueState, Move, is_step

MATERIAL = 100
HOME_ROW = ((1 << SIZE) - 1, ((1 << SIZE) - 1) << (POINTS - SIZE))  # White's row 1, Black's row 5
CORNERS = 1 | 1 << (SIZE - 1) | 1 << (POINTS - SIZE) | 1 << (POINTS - 1)  # no jump lands beyond them
HOME_CORNERS = (CORNERS & HOME_ROW[0], CORNERS & HOME_ROW[1])
THREATENED = 30
TARGET = 8
SAFE = 45
PASSED_IDLE = -20  # a passed piece of a side that is not behind: it can no longer take any enemy piece
MOBILITY = 3
ADVANCE = -6  # per row a piece has advanced: hold back, do not cross the other army
GUARD = 10  # a piece still on its own back row
LAST_GUARD = 100  # more for the first one: while a side has one, no enemy piece can get past it
CONTEMPT = 30  # a draw costs the side ahead this much per piece of its lead
AMBITION = 70  # and costs the engine's own side (the root's side to move) this much more
SQUEEZE = 15  # per missing move below SQUEEZE_BELOW, squared: a side short of moves nears a loss
SQUEEZE_BELOW = 6
TRADE = 4  # per piece of lead and per piece off the board: the side ahead likes even trades
BOUNDED = 0.05  # how much of the value beyond a draw survives when a passed piece caps it


def course_evaluation(state: AlquerqueState, player: int) -> float:
    """The course's evaluation: own pieces minus enemy pieces, for ``player``."""
    return state.boards[player].bit_count() - state.boards[1 - player].bit_count()


@lru_cache(maxsize=8)
def _tables(game: Alquerque) -> tuple:
    """Per side and point: (step targets as a bitmask, jumpable points as a bitmask, the jumps,
    rows advanced)."""
    tables = []
    for side in (0, 1):
        per_point = []
        for p in range(POINTS):
            row = p // SIZE
            advanced = row if FORWARD[side] > 0 else SIZE - 1 - row
            steps = game.step_moves[side][p][0]
            per_point.append((steps, game.jump_reach[side][p], game.jumps[side][p], advanced))
        tables.append(tuple(per_point))
    return tuple(tables)


class Tactics:
    """Evaluator for ``AlphaBetaPlayer``: material, threats, safety, mobility, advancement."""

    def __init__(self, **weights: float) -> None:
        self.material = weights.get("material", MATERIAL)
        self.threatened = weights.get("threatened", THREATENED)
        self.target = weights.get("target", TARGET)
        self.safe = weights.get("safe", SAFE)
        self.passed_idle = weights.get("passed_idle", PASSED_IDLE)
        self.mobility = weights.get("mobility", MOBILITY)
        self.advance = weights.get("advance", ADVANCE)
        self.guard = weights.get("guard", GUARD)
        self.last_guard = weights.get("last_guard", LAST_GUARD)
        self.contempt = weights.get("contempt", CONTEMPT)
        self.ambition = weights.get("ambition", AMBITION)
        self.root = 0  # the side the engine plays, set by EnginePlayer before each search
        self.squeeze = weights.get("squeeze", SQUEEZE)
        self.squeeze_below = weights.get("squeeze_below", SQUEEZE_BELOW)
        self.trade = weights.get("trade", TRADE)
        self.bounded = weights.get("bounded", BOUNDED)

    def draw_value(self, state: AlquerqueState) -> float:
        """Contempt: a draw costs the engine's side ``ambition``, plus ``contempt`` per piece of
        its material lead; the game is drawish, so an engine that takes draws rarely wins."""
        root = self.root
        lead = state.boards[root].bit_count() - state.boards[1 - root].bit_count()
        value = -self.ambition - self.contempt * max(lead, 0)  # for the engine's side
        return value if state.to_move == root else -value

    def evaluate(self, state: AlquerqueState) -> float:
        me = state.to_move
        game = state.game
        tables = _tables(game)
        boards = state.boards
        empty = ~(boards[0] | boards[1]) & ((1 << POINTS) - 1)
        counts = (boards[0].bit_count(), boards[1].bit_count())
        score = 0.0
        attacked = [0, 0]  # pieces of each side the other side could jump now
        passed = [0, 0]
        for side in (0, 1):
            own, enemy = boards[side], boards[1 - side]
            table = tables[side]
            moves = advance = threats = jumps_now = 0
            bits = own
            while bits:
                low = bits & -bits
                bits ^= low
                steps, reach, jumps, advanced = table[low.bit_length() - 1]
                moves += (steps & empty).bit_count()
                advance += advanced
                if enemy & reach:
                    for over, land in jumps:
                        if enemy >> over & 1 and empty >> land & 1:
                            threats |= 1 << over
                            jumps_now += 1
            attacked[1 - side] = threats
            passed[side] = self._passed(game, side, own, enemy)
            value = self.material * counts[side] + self.mobility * moves + self.advance * advance
            safe = own & HOME_CORNERS[side]
            if counts[side] >= counts[1 - side]:  # not behind: a passed piece can take nothing more
                value += self.passed_idle * passed[side].bit_count()
            else:
                safe |= passed[side]
            value += self.safe * safe.bit_count()
            guards = (own & HOME_ROW[side]).bit_count()
            value += self.guard * guards + (self.last_guard if guards else 0)
            short = self.squeeze_below - moves - jumps_now
            if short > 0 and self.squeeze:
                value -= self.squeeze * short * short
            score += value if side == me else -value
        score -= self.threatened * attacked[me].bit_count()
        score += self.target * attacked[1 - me].bit_count()
        lead = counts[me] - counts[1 - me]
        score += self.trade * lead * (2 * PIECES - counts[0] - counts[1])
        if passed[0] or passed[1]:
            # a side with a passed piece can neither be wiped out nor run out of moves: it
            # cannot lose, so its opponent's value is at most a draw (both: a dead draw)
            draw = self.draw_value(state)
            mine, theirs = passed[me], passed[1 - me]
            if (mine and theirs) or (theirs and score > draw) or (mine and score < draw):
                return draw + self.bounded * (score - draw)
        return score

    @staticmethod
    def _passed(game: Alquerque, side: int, own: int, enemy: int) -> int:
        """Pieces of ``side`` beyond every enemy piece (as a bitmask; none when captures may go
        backwards): enemies capture only forward or sideways, so these are out of their reach."""
        if game.any_direction_captures or not enemy:
            return 0
        if FORWARD[side] > 0:  # White: Black pieces come down, so reach rows <= their highest row
            reach_row = (enemy.bit_length() - 1) // SIZE
            beyond = own >> ((reach_row + 1) * SIZE) << ((reach_row + 1) * SIZE)
        else:  # Black: White pieces go up, so reach rows >= their lowest row
            lowest = ((enemy & -enemy).bit_length() - 1) // SIZE
            beyond = own & ((1 << (lowest * SIZE)) - 1)
        return beyond

    @staticmethod
    def repeated(state: AlquerqueState) -> bool:
        """A position seen before: the search scores it as a draw (see ``draw_value``)."""
        return state.position in state.history

    def noisy_moves(self, state: AlquerqueState) -> list:
        """Captures, longest chains first: what must be settled before a position is judged."""
        return sorted(state.capture_moves(), key=len, reverse=True)

    def order_moves(self, state: AlquerqueState, moves: list) -> list:
        return sorted(moves, key=lambda m: 0 if is_step(m) else -len(m))


class EnginePlayer(AlphaBetaPlayer):
    """``AlphaBetaPlayer`` that tells its ``Tactics`` which side it plays (for ``ambition``)."""

    def choose(
        self, state: AlquerqueState, limits: Limits | None = None, progress: ProgressCallback | None = None
    ) -> Move:
        self.engine.evaluator.root = state.to_move
        return super().choose(state, limits, progress)


def _engine(depth: int | None, noise: float = 0.0, **weights: float):
    return lambda info, seed: EnginePlayer(Tactics(**weights), info, depth=depth, noise=noise, seed=seed)


def _course(depth: int):
    return lambda info, seed: ClassicPlayer(info, depth, course_evaluation, prune=False)


PLAYERS = player_table(
    random_level(),
    spec("level-2", "Level 2", "Looks one move ahead (captures settled), with much randomness.", _engine(1, noise=150)),
    spec("level-3", "Level 3", "Looks two moves ahead, with a little randomness.", _engine(2, noise=10)),
    spec("level-4", "Level 4", "Looks three moves ahead, captures settled.", _engine(3)),
    spec("level-5", "Level 5", "Searches as deep as its time allows.", _engine(None)),
    *(
        spec(f"alquerque:minimax-{d}", f"Course minimax {d}",
             f"The course project's minimax, depth {d}, evaluation own - enemy pieces.", _course(d))
        for d in (1, 2, 3, 4)
    ),
)


BENCH_POSITIONS = [
    # the opening
    "to-move: White\nno-capture: 0\nBBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW",
    # a midgame after the first exchanges
    "to-move: White\nno-capture: 0\nBBBBB\nB.BB.\n.BW.W\nWW.W.\nWWW.W",
    # a late position with few pieces
    "to-move: Black\nno-capture: 3\n.B.B.\n..B..\n.W...\n...W.\nW...W",
]


def balanced(state: AlquerqueState) -> bool:
    """A fair start: level material, no capture for the side to move, and no material won or lost
    by force within four plies, by the course's own search (material minimax, depth 4).

    Random plies often hang pieces; a start where one side is a piece down by force decides the
    game before the players play, and with colours swapped it only measures who got the better
    half.  Of the 5,238 positions after six plies, 300 have level material and no capture
    pending, and 173 of those also pass the search."""
    if state.boards[0].bit_count() != state.boards[1].bit_count() or state.capture_moves():
        return False
    return alphabeta_cutoff(state, 4, course_evaluation)[1] == 0


def strength(a: str, b: str, count: int, seconds: float) -> str:
    """``a`` against ``b`` from ``count`` different balanced starts (six random plies, see
    ``balanced``), each played with both colour assignments."""
    from ai.match import MatchSummary, paired_games, random_openings

    game = games.load("alquerque")
    summary = MatchSummary((a, b))
    openings = random_openings(game, count, plies=6, accept=balanced)
    for result, first in paired_games(game, (a, b), 2 * count, seconds, openings=openings):
        summary.add(result, first)
    return f"{summary.line()} ({seconds:g} s/move, {count} balanced six-ply openings x both colours)"


def bench_extra(report, quick: bool, openings: int | None = None) -> None:
    """Strength: level-5 against the course's minimax-4 at 1 s a move, then the ladder of levels.

    Kept short by default for a shared 2-core machine (3 openings, 6 games); the issue's 40-game
    run is ``main.py bench alquerque --openings 20`` (about 25 minutes)."""
    seconds = 0.3 if quick else 1.0
    report(f"  {strength('level-5', 'alquerque:minimax-4', openings or (1 if quick else 3), seconds)}")
    ladder = 1 if openings is None else max(1, openings // 4)
    for n in range(4, 0, -1):
        report(f"  {strength(f'level-{n + 1}', f'level-{n}', ladder, seconds)}")
