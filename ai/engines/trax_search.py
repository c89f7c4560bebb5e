"""Trax players built on threats: a one-ply greedy player and the selective threat search; and
the alpha-beta on the path evaluation that Trax analysis deepens with (``deepening_player``).

The threat search answers, in this order, the questions a Trax player asks every turn:

1. Can I win now?  (a placement whose turn completes a loop or line of my colour)
2. Which placements hand the game to the opponent?  (their colour only: never play them)
3. After each remaining move, can the opponent win at once?  Those moves are unsafe.  Only wins
   that already existed and survive, or new ones near what the move changed, need checking.
4. Does a safe move make a threat the opponent cannot stop?  (after every reply one of my wins is
   still there): play it.  Level 5 also looks one threat deeper: a threat only one or two replies
   stop, after each of which I again have a threat nobody can stop.
5. Otherwise take the best safe moves by evaluation and reject those after which the opponent has
   such an unstoppable threat of their own (their reply makes threats that none of my replies
   near them defuses); among the sound ones play the one whose worst reply (by evaluation)
   leaves me best -- every reply is played for the check anyway, so this two-ply look is free.
   Level 5 then searches those sound moves deeper by alpha-beta on the same evaluation, depth 3,
   4, ... in the time the questions left (they took a tenth of it; ``ThreatPlayer._deeper``).

Each step watches the clock (and the stop flag, through the one search driver, for which the five
questions are its first iteration and each deeper search one more) and keeps the best answer so far, so the player answers within
its time on every board size.  One exception keeps levels 3-5's promise on a starved CPU: question
3 goes on past the time until it has found one safe move (one placement and one look at the cells
it changed per move tried, so a few moves' worth of work).  ``steps`` (how many questions are asked) makes the
weaker levels.  The time used is capped at the course's one second per move.

In the fill mode none of this applies: no loop or line wins, every game ends drawn whatever is
played (``Game.certain_draw``), so the levels answer by the rules instead of a search: a proven
draw (which a hint, analysis and the graph show, and a draw offer is accepted by), with the move
whose turn lays the most tiles (``fill_move``), which fills the board in the fewest turns.  They
asked their five questions there too, played their "wins" and valued the position in path points,
"Light +5.8", an advantage in a game nobody can win.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable

import numpy as np

from ai.base import LENGTH_KNOWN, PROVEN, WIN, Limits, Player, PlayerInfo, Progress, ProgressCallback
from ai.engines.trax_threats import (
    DEFAULT,
    Weights,
    analyse,
    cells_near,
    evaluate,
    region,
    still_wins,
    wins_for,
)
from ai.search import driver
from ai.search.alphabeta import AlphaBeta, AlphaBetaPlayer
from ai.search.driver import CTL_DEADLINE_NS, CTL_NODES, CTL_STOP
from games.trax import Trax, TraxState
from games.trax_tiles import move_cell, move_tile

SAFETY = 0.7  # share of the move time the search plans to use
DEEPER_TT_LIMIT = 20_000  # level 5's deeper search's table entries, about a move's worth (the computer's and the
#                           hint's players each keep one); about 130 bytes an entry on any board (``TraxState.key``)
LOOK_PLIES = {"defend": 2, "threat": 3, "rule": 0}
"""Plies the value of each of ``ThreatPlayer._decide``'s answers looked at, where not one: a sound
move by its worst reply (``defend``), a threat nobody stops (the move, a reply, the win), the only
legal move (no look: value 0)."""


class _Budget:
    """A deadline, plus the driver's stop cell: ``over()`` is true once either says so."""

    def __init__(self, seconds: float, ctl: np.ndarray | None = None) -> None:
        self.start = time.perf_counter()
        self.deadline = self.start + seconds
        self.ctl = ctl

    def left(self) -> float:
        return 0.0 if self.ctl is not None and self.ctl[CTL_STOP] else self.deadline - time.perf_counter()

    def over(self) -> bool:
        return self.left() <= 0


class ThreatPlayer(Player):
    """``steps`` = how many of the five questions it asks (1: wins only ... 5: everything).

    ``noise`` adds a random amount to each move's evaluation so that weak levels vary.
    """

    def __init__(self, info: PlayerInfo, steps: int = 5, noise: float = 0.0, seed: int | None = None,
                 candidates: int = 8, weights: Weights = DEFAULT, deepen: bool | None = None) -> None:
        self.info = info
        self.weights = weights
        self.steps = steps
        self.noise = noise
        self.candidates = candidates
        self.rng = random.Random(seed)
        self.nodes = 0
        self.sound: list[int] = []  # level 5's sound moves, best first, that ``_deeper`` searches
        # level 5 spends the time its questions leave searching its sound moves deeper (``_deeper``)
        self.deeper = AlphaBeta(PathEvaluation(weights), seed=seed, tt_limit=DEEPER_TT_LIMIT) \
            if (steps >= 5 if deepen is None else deepen) else None

    kind = "threats"

    def choose(self, state: TraxState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        return driver.search(self, state, limits or Limits(time=1.0), progress).best_move

    # -- the driver's Searcher: the five questions are one iteration ---------------------------
    def start(self, state: TraxState, limits: Limits) -> Progress | None:
        self.state = state
        self.best = limits.best
        self.seconds = min(limits.time if limits.time is not None else 1.0, 1.0) * SAFETY
        self.started = time.perf_counter()
        self.nodes = 0
        self.sound = []
        self.end_seen = False  # ``_deeper`` saw every line of its sound moves end: deeper says the same
        self.max_depth = limits.depth  # ``_deeper`` goes no deeper; by depth alone, not by the clock
        self.clocked = limits.time is not None or limits.depth is None
        return None

    def iterate(self, step: int, ctl: np.ndarray) -> Progress | None:
        if step > 1:
            return self._deeper(step + 1, ctl)
        if self.state.game.certain_draw(self.state):
            return self._filling()
        budget = _Budget(self.seconds, ctl)
        move, score, why = self._decide(self.state, budget)
        ctl[CTL_NODES] += self.nodes
        # proofs we can stand by: a win this turn, or every move lets the opponent win at once
        proven = {"solver": (1, 1), "lost": (-1, 2)}.get(why, (None, None))
        # its depth is the plies its value looked at (the panel and the hint write it: "depth 2"),
        # not how many of the five questions the level asks, which read as a deeper search than
        # analysis's "depth 4" beside it
        depth = LOOK_PLIES.get(why, 1) if proven[1] is None else proven[1]
        return Progress(depth=depth, best_move=move, score=score, pv=[move], proven=proven[0],
                        proven_plies=proven[1], kind="solver" if proven[0] is not None else self.kind)

    def _deeper(self, depth: int, ctl: np.ndarray) -> Progress | None:
        """Level 5's sound moves (``self.sound``, the two-ply look's best first) searched ``depth``
        plies by alpha-beta on the same path evaluation, in the time the five questions left: they
        took 0.03-0.15 s of the 0.7 s, and the hint and the level said "depth 2" with the rest
        unused.  None (the two-ply answer stands) where there is nothing to choose between, past
        ``Limits.depth``, or where the next depth would likely not finish (``AlphaBeta.deepen_share``
        of the capped time gone).

        Only a win it finds is a proof: a loss or a draw is one among the sound moves alone.  Once
        a depth saw the end of every line (such a loss, within the depth), a deeper one finds the
        same and is not started: the driver deepened to its last iteration on the few lines left,
        and a lost position's hint said "576 moves ahead" on a 7x7 board."""
        engine, elapsed = self.deeper, time.perf_counter() - self.started
        if engine is None or len(self.sound) < 2 or (self.max_depth is not None and depth > self.max_depth):
            return None
        if self.end_seen:
            return None
        if self.clocked:  # a search capped by depth alone (tests, a hint's twin) answers the same on any machine
            if elapsed > self.seconds * engine.deepen_share:
                return None
            cap = int((self.started + self.seconds) * 1e9)  # the course's second, which the driver's deadline may pass
            ctl[CTL_DEADLINE_NS] = min(int(ctl[CTL_DEADLINE_NS]) or cap, cap)
        if depth == LOOK_PLIES["defend"] + 1:
            if len(engine.tt) > engine.tt_limit:
                engine.tt.clear()
            engine.state, engine.moves, engine.best_move = self.state, self.sound, self.sound[0]
        engine.nodes = 0
        found = engine.iterate(depth, ctl)
        self.end_seen = found is not None and abs(found.score) >= PROVEN and WIN - abs(found.score) <= depth
        if found is not None and found.proven != 1:
            found.proven = found.proven_plies = None
            found.kind = self.kind
        return found

    def known_move(self, state: TraxState) -> Hashable | None:
        """Where no one can win (the fill mode), the move the level plays as its hint names it:
        the first turn in board order that lays the most tiles; None elsewhere (it searches)."""
        return fill_move(state) if state.game.certain_draw(state) else None

    def _filling(self) -> Progress:
        """The fill mode's answer: a draw proven by the rules, whatever is played, and the turn that
        lays the most tiles (at random among the most, but the first of them for a hint)."""
        move = fill_move(self.state, None if self.best else self.rng)
        return Progress(depth=1, best_move=move, score=0.0, pv=[move], proven=0, kind="rule", reason="most-tiles")

    # -- the five questions ------------------------------------------------------------------
    def _decide(self, state: TraxState, budget: _Budget) -> tuple[int, float, str]:
        game: Trax = state.game
        me, opp = state.to_move, 1 - state.to_move
        found = analyse(game, state)
        self.nodes += len(found)
        moves = list(found)
        if not moves or state.is_terminal():
            raise ValueError("choose called on a finished game")
        if len(moves) == 1:
            return moves[0], 0.0, "rule"
        mine = wins_for(found, me)
        if mine:
            return self._best_win(state, mine), 1.0, "solver"
        losing = {m for m, made in found.items() if made == 1 << opp}
        threats_now = [m for m in wins_for(found, opp) if m not in losing] + list(losing)
        candidates = [m for m in moves if m not in losing] or moves
        children: dict[int, TraxState] = {}
        values: dict[int, float] = {}

        def play(m: int) -> TraxState:
            child = children[m] = state.play(m)
            values[m] = evaluate(game, child, me, self.weights) + (self.rng.uniform(-self.noise, self.noise) if self.noise else 0)
            return child

        for m in candidates:
            play(m)
            if budget.over():
                break
        ranked = sorted(children, key=lambda m: -values[m])
        if self.steps < 3:
            return ranked[0], values[ranked[0]], "greedy"
        ranked += [m for m in candidates if m not in children]  # not yet valued when time ran out
        safe, my_threats = self._safe_moves(state, ranked, children, play, threats_now, budget, me, opp)
        if not safe:
            return ranked[0], values[ranked[0]], "lost"
        if self.steps >= 4:
            forcing = self._forcing_win(ranked, safe, my_threats, children, budget, me, opp)
            if forcing is not None:
                return forcing[0], forced_win_score(forcing[1]), "threat"
        if self.steps >= 5:
            best, best_value, sound_values = None, -float("inf"), {}
            for m in [m for m in ranked if m in safe]:  # the best few sound moves by evaluation
                if budget.left() < 0.05 or len(sound_values) >= self.candidates:
                    break
                forced, reply_value, _reply = self._opponent_can_force(children[m], my_threats.get(m, []), budget, me, opp)
                if not forced:
                    sound_values[m] = reply_value
                    if reply_value > best_value:
                        best, best_value = m, reply_value
            if best is not None:
                self.sound = sorted(sound_values, key=lambda m: -sound_values[m])
                return best, best_value, "defend"
        first_safe = next(m for m in ranked if m in safe)
        return first_safe, values[first_safe], "safe"

    def _best_win(self, state: TraxState, wins: list[int]) -> int:
        """The winning move that scores most for us (a longer loop, or both colours at once)."""
        me = state.to_move
        return max(wins, key=lambda m: state.play(m).score()[me])

    def _safe_moves(self, state, ranked, children, play, threats_now, budget, me, opp):
        """Moves after which the opponent cannot win at once; with each one's new threats for us.

        Checked in ``ranked`` order until the time is up, and on past it until one safe move is
        found (or none is left: the game is lost), because levels 3-5 promise never to hand the
        opponent a win at once; on a starved CPU that check is what the move's time goes on."""
        game = state.game
        safe: set[int] = set()
        my_threats: dict[int, list[int]] = {}
        for m in ranked:
            if safe and budget.over():
                break
            child = children[m] if m in children else play(m)
            if any(still_wins(game, child, t, opp) for t in threats_now):
                continue
            near = analyse(game, child, region(game, state, child))
            self.nodes += len(near)
            if wins_for(near, opp):
                continue
            safe.add(m)
            my_threats[m] = wins_for(near, me)
        return safe, my_threats

    def _forcing_win(self, ranked, safe, my_threats, children, budget, me, opp) -> tuple[int, int | None] | None:
        """A safe move whose threats survive every reply, and the plies to the win it forces (3:
        the move, any reply, the win); with level 5, one move deeper too, whose win comes at the
        third or the fifth ply (None: not counted).

        The deeper look: a threat that only one or two replies stop, where after each of them we
        again have a threat nobody can stop (a forcing sequence of two threats).
        """
        order = sorted((m for m in ranked if m in safe and my_threats.get(m)), key=lambda m: -len(my_threats[m]))
        narrow: list[tuple[int, list[int]]] = []
        for m in order:
            if budget.left() < 0.1:
                return None
            defences = self._defences(children[m], my_threats[m], budget, me, limit=2)
            if defences == []:
                return m, 3
            if defences:
                narrow.append((m, defences))
        if self.steps < 5 or budget.left() < 0.3:
            return None
        deeper = _Budget(budget.left() / 3, budget.ctl)
        for m, defences in narrow:
            if deeper.over():
                return None
            if all(self._wins_after(children[m].play(d), deeper, me) for d in defences):
                return m, None
        return None

    def _wins_after(self, position: TraxState, budget: _Budget, me: int) -> bool:
        """``me`` to move in ``position``: a win now, or a safe threat that cannot be stopped."""
        if position.is_terminal():
            return position.winner() == me
        game = position.game
        found = analyse(game, position)
        self.nodes += len(found)
        if wins_for(found, me):
            return True
        opp = 1 - me
        losing = {m for m, made in found.items() if made == 1 << opp}
        threats_now = [m for m in wins_for(found, opp) if m not in losing]
        for m in found:
            if m in losing:
                continue
            if budget.over():
                return False
            child = position.play(m)
            if any(still_wins(game, child, t, opp) for t in threats_now):
                continue
            near = analyse(game, child, region(game, position, child))
            self.nodes += len(near)
            mine = wins_for(near, me)
            if mine and not wins_for(near, opp) and self._defences(child, mine, budget, me, limit=0) == []:
                return True
        return False

    def _defences(self, position: TraxState, threats: list[int], budget: _Budget, colour: int,
                  limit: int) -> list[int] | None:
        """The replies in ``position`` after which none of ``threats`` (for ``colour``) wins any more.

        None when there are more than ``limit`` of them or the time ran out (too many to matter).
        """
        game = position.game
        found: list[int] = []
        for r in position.legal_moves():
            if budget.over():
                return None
            after = position.play(r)
            self.nodes += 1
            if after.is_terminal():
                if after.winner() != colour:
                    found.append(r)
                    if len(found) > limit:
                        return None
                continue
            if any(still_wins(game, after, t, colour) for t in threats):
                continue
            fresh = analyse(game, after, region(game, position, after))
            if not wins_for(fresh, colour):
                found.append(r)
                if len(found) > limit:
                    return None
        return found

    def _opponent_can_force(self, child: TraxState, my_threats: list[int], budget: _Budget, me: int,
                            opp: int) -> tuple[bool, float, int | None]:
        """After our move: has the opponent a reply that makes threats none of our answers stops?

        Also returns the value of our move against the opponent's best reply by the evaluation
        (a two-ply look that comes nearly free: every reply is played here anyway), and that reply
        (None where none was valued): the line analysis's first round shows (``TwoPlyLook``).
        """
        game = child.game
        worst, worst_reply = float("inf"), None
        for r in child.legal_moves():
            if budget.over():
                return False, -float("inf"), None
            after = child.play(r)
            self.nodes += 1
            if after.is_terminal():
                if after.winner() == opp:
                    return True, -float("inf"), r
                continue
            if any(still_wins(game, after, t, me) for t in my_threats):
                continue  # we win first
            value = evaluate(game, after, me, self.weights)
            if value < worst:
                worst, worst_reply = value, r
            near = analyse(game, after, region(game, child, after))
            self.nodes += len(near)
            theirs = wins_for(near, opp)
            if not theirs or wins_for(near, me):
                continue
            # our answers that could matter: near their threats
            answers_at = cells_near(game, theirs)
            answers = [q for q in after.legal_moves() if q >> 4 in answers_at]
            if self._unstoppable_local(after, theirs, answers, budget, opp):
                return True, -float("inf"), r
        return False, worst, worst_reply

    def reply_value(self, child: TraxState, budget: _Budget) -> tuple[bool, float, int | None]:
        """``_opponent_can_force`` for the move that made ``child``, its threats found afresh: what
        level 5 values a sound move by (its worst reply by the evaluation), which Trax analysis's
        first round shows (``TwoPlyLook``) so the hint's value and the board's agree."""
        me = 1 - child.to_move
        my_threats = wins_for(analyse(child.game, child), me)
        return self._opponent_can_force(child, my_threats, budget, me, 1 - me)

    def _unstoppable_local(self, position: TraxState, threats: list[int], answers: list[int],
                           budget: _Budget, colour: int) -> bool:
        """True if after each of ``answers`` (the ones near the threats) one of ``threats`` still wins."""
        game = position.game
        for q in answers:
            if budget.over():
                return False
            after = position.play(q)
            self.nodes += 1
            if after.is_terminal():
                if after.winner() != colour:
                    return False
                continue
            if not any(still_wins(game, after, t, colour) for t in threats):
                return False
        return True


class PathEvaluation:
    """``evaluate`` for the side to move: the leaf value of the alpha-beta search of Trax that
    analysis deepens with past the threat player's look (``ai.move_values``).

    The evaluation gives the side to move its tempo and counts both sides' paths alike, so a leaf
    is worth the same to the analysed side whoever moves there, as the threat player values its
    positions one and two plies down (``ThreatPlayer._decide``).  It weighed the opponent's paths
    1.25 times, which no leaf could value consistently: for each leaf's side to move @1+ read
    "+1.5", "-1.6", "+1.2" at three, four and five plies; for the analysed side at every leaf
    "+1.0" at three and "-1.6" at four, the side that moved last at the leaf ahead by its tile."""

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights

    def evaluate(self, state: TraxState) -> float:
        """``state``'s path value for its side to move."""
        return evaluate(state.game, state, state.to_move, self.weights)


def forced_win_score(plies: int | None) -> float:
    """The value of a threat nobody can stop, for the side that makes it: a win the search saw
    against every reply, scored as our searches score one (``WIN`` less its ``plies``,
    ``LENGTH_KNOWN`` where they are not counted), which the panel says "Light wins in 3 plies" and
    the graph puts at its edge -- it said "+0.9", a small lead in the evaluation's points.  Only
    the tournament mode asks (the fill mode's levels search nothing: ``ThreatPlayer._filling``)."""
    return WIN - (LENGTH_KNOWN if plies is None else plies)


def fill_move(state: TraxState, rng: random.Random | None = None) -> int:
    """The legal move whose turn lays the most tiles, its forced tiles with it (at random among
    those with ``rng``, else the first in board order): where no one can win, the turn that fills
    the board quickest.  Random play took 52 turns to fill 10 x 10, this 21 (30 games each)."""
    game = state.game
    laid = {}
    for move in game.candidate_moves(state.cells, state.frontier):
        turn = game.forced_fill(state.cells, move_cell(move), move_tile(move))
        if turn is not None:
            laid[move] = len(turn)
    if not laid:
        raise ValueError("fill_move called where no tile can be placed")
    most = max(laid.values())
    fullest = [move for move, count in laid.items() if count == most]
    return rng.choice(fullest) if rng is not None else fullest[0]


class TwoPlyLook(Player):
    """Trax analysis's first round: the position after a move valued as level 5 values its sound
    moves (``ThreatPlayer.reply_value``: the worst reply by the evaluation, replies that leave the
    mover's threat passed over), for the side to move there.  It was level 5's own decision for
    that side, three plies from the move's mover: the hint's "+0.1" on @1+ read "+1.5" on the
    board at depth 2."""

    kind = "threats"

    def __init__(self, info: PlayerInfo, seconds: float) -> None:
        self.info = info
        self.seconds = seconds
        self.judge = ThreatPlayer(info, steps=5)

    def choose(self, state: TraxState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        self.judge.nodes = 0
        if state.game.certain_draw(state):  # the fill mode: drawn by the rules, as level 5 says (``_filling``)
            found = Progress(depth=1, score=0.0, proven=0, kind="rule")
        elif wins_for(analyse(state.game, state), state.to_move):  # the move hands over a win at once
            found = Progress(depth=1, score=1.0, proven=1, proven_plies=1, kind="solver")  # as ``_decide`` scores a win
        else:
            forced, worst, reply = self.judge.reply_value(state, _Budget(self.seconds, None))
            if not forced and worst == -float("inf"):  # out of time: no value (the next round gives one)
                return None
            found = Progress(depth=1, best_move=reply, score=self._score(forced, worst),
                             pv=[] if reply is None else [reply], nodes=self.judge.nodes, kind=self.kind)
        if progress is not None:
            progress(found)
        return None

    @staticmethod
    def _score(forced: bool, worst: float) -> float:
        """The value for the side to move of a position whose mover's worst reply left ``worst``."""
        if forced:  # the side to move makes a threat nobody stops
            return forced_win_score(None)
        if worst == float("inf"):  # every reply leaves the mover's threat: it wins next
            return -forced_win_score(3)
        return -worst


class _PathSearch(AlphaBetaPlayer):
    """Alpha-beta on ``PathEvaluation`` that reports its search and nothing more: in a lost
    position it answers with the search's move instead of a swindle, whose solves of every reply
    analysis would wait for without using them (and, in a capped analysis with no time, forever)."""

    def _swindle(self, state: TraxState, limits: Limits, time_: float | None) -> Hashable:
        return self.last.best_move


ANALYSIS_TT_LIMIT = 200_000  # table entries of the analysis's search: a Trax key held the whole board
#                              (625 bytes on 25x25), so the usual 2 million would have taken over a gigabyte


def deepening_player(info: PlayerInfo, seed: int | None = None) -> Player:
    """An alpha-beta player on ``PathEvaluation``: what Trax analysis deepens with as the user waits."""
    return _PathSearch(PathEvaluation(), info, seed=seed, tt_limit=ANALYSIS_TT_LIMIT)


class GreedyPlayer(Player):
    """The issue's baseline: an immediate win if any, else the placement maximising ``evaluate``.

    One ply only: it never plays a move that completes only the opponent's colour, but it does
    not look at the opponent's replies.
    """

    def __init__(self, info: PlayerInfo, seed: int | None = None) -> None:
        self.inner = ThreatPlayer(info, steps=2, seed=seed)
        self.info = info

    def choose(self, state: TraxState, limits: Limits | None = None,
               progress: ProgressCallback | None = None) -> Hashable:
        return self.inner.choose(state, limits, progress)
