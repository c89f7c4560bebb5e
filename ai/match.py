"""Playing whole games between players: the engine of `main.py match` and tournaments.

The referee gives each move a time limit; a player that goes over it (beyond a small grace for
process and timer jitter), returns an illegal move or raises loses that game at once, and the
reason is recorded.  Results are plain data so they can be printed as JSON.

Game clocks (``GameClock``, ``--clock 5m+2s``): each side starts with ``initial`` seconds; a move's
thinking time is charged to the mover's clock, then ``increment`` is credited.  A clock below zero
after a move is a flag fall: that side loses.  Each move the player is told its clock
(``Limits.remaining``, ``Limits.increment``) and given a budget (``move_budget``) as
``Limits.time``, so players that only know a per-move limit play on a clock unchanged.  A per-move
limit (``time_per_move``) may be combined with a clock: the budget never exceeds it and it is
refereed as without a clock.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai.base import Forfeit, Limits, Player
from games.base import Game, State

GRACE = 0.5  # seconds beyond the limit before a slow move forfeits (timer and scheduling jitter)
MOVES_AHEAD = 30  # moves a side is assumed still to have to make, when sharing out its clock
BUDGET_SHARE = 0.5  # a move's budget is at most this share of the clock left: a late answer never flags


@dataclass(frozen=True)
class GameClock:
    """``initial`` seconds per side, ``increment`` seconds credited after each move."""

    initial: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> GameClock:
        """``5m+2s``, ``300+2``, ``1m30s``, ``90``, ``0.5s+0.1s``: seconds unless ``h``/``m``/``s``
        says otherwise; ValueError with the expected form otherwise."""
        main, plus, inc = text.strip().partition("+")
        initial, increment = _duration(main, text), _duration(inc, text) if plus else 0.0
        if initial <= 0:
            raise ValueError(f"clock {text!r}: the initial time must be more than 0")
        return cls(initial, increment)

    @property
    def text(self) -> str:
        return f"{_duration_text(self.initial)}+{_duration_text(self.increment)}"


_UNIT = {"h": 3600.0, "m": 60.0, "s": 1.0, "": 1.0}
_DURATION = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([hms]?)")


def _duration(part: str, whole: str) -> float:
    part = part.strip().lower()
    pieces = list(_DURATION.finditer(part))
    if not part or "".join(m.group(0) for m in pieces).replace(" ", "") != part.replace(" ", ""):
        raise ValueError(f"clock {whole!r}: expected TIME[+INCREMENT] such as 5m+2s, 300+2 or 1m30s")
    return sum(float(m.group(1)) * _UNIT[m.group(2)] for m in pieces)


def _duration_text(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60.0)
    if minutes and rest == 0:
        return f"{minutes:g}m"
    return f"{minutes:g}m{rest:g}s" if minutes else f"{rest:g}s"


def move_budget(remaining: float, increment: float, moves_ahead: int = MOVES_AHEAD) -> float:
    """Seconds to spend on this move with ``remaining`` on the clock: an even share of the clock
    over the moves still expected plus the increment, never more than ``BUDGET_SHARE`` of what is
    left (so a player that overruns its budget a little still does not flag)."""
    if remaining <= 0:
        return 0.0
    return min(remaining / moves_ahead + increment, BUDGET_SHARE * remaining)


@dataclass
class GameResult:
    game: str
    options: dict[str, Any]
    players: list[str]  # player ids by side: players[0] plays game.sides[0]
    moves: list[str] = field(default_factory=list)
    winner: int | None = None  # side index, None for a draw
    score: list[int] | None = None
    reason: str = ""
    forfeit: bool = False  # lost on time, by an illegal move or a crash
    time_used: list[float] = field(default_factory=lambda: [0.0, 0.0])
    max_move_time: list[float] = field(default_factory=lambda: [0.0, 0.0])
    clock: str | None = None  # the game clock, e.g. "5m+2s" (GameClock.text); None: per-move limit only
    clock_left: list[float] | None = None  # seconds left on each side's clock at the end

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["winner_name"] = self.players[self.winner] if self.winner is not None else None
        return data


def play_game(
    game: Game,
    players: tuple[Player, Player] | list[Player],
    player_ids: list[str],
    time_per_move: float | None = 1.0,
    start: State | None = None,
    on_move: Callable[[State, Any, State], None] | None = None,
    max_plies: int = 5000,
    opening: Sequence[Any] = (),
    clock: GameClock | None = None,
) -> GameResult:
    """Play one game from ``start`` (default: the initial position) and referee it.

    The ``opening`` moves are played first, for no one, and recorded with the game's moves; they
    cost no clock time."""
    state = start or game.initial_state()
    result = GameResult(game.id, dict(game.options), list(player_ids))
    if clock is not None:
        result.clock, result.clock_left = clock.text, [clock.initial, clock.initial]
    for move in opening:
        result.moves.append(game.format_move(state, move))
        state = state.play(move)
    while not state.is_terminal() and len(result.moves) < max_plies:
        side = state.to_move
        limits = _limits(time_per_move, clock, result.clock_left[side] if result.clock_left else 0.0)
        began = time.perf_counter()
        try:
            move = players[side].choose(state, limits)
        except Forfeit as exc:  # an outside player over time, dead, or with an illegal answer
            return _forfeit(result, side, game, f"{player_ids[side]} {exc}")
        except Exception as exc:  # a crashing player loses; the match goes on
            return _forfeit(result, side, game, f"{player_ids[side]} crashed: {type(exc).__name__}: {exc}")
        spent = time.perf_counter() - began
        result.time_used[side] += spent
        result.max_move_time[side] = max(result.max_move_time[side], spent)
        if time_per_move is not None and spent > time_per_move + GRACE:
            return _forfeit(result, side, game, f"{player_ids[side]} exceeded the time limit ({spent:.2f} s > {time_per_move:g} s)")
        if clock is not None and result.clock_left is not None:
            left = result.clock_left[side] - spent
            result.clock_left[side] = left if left < 0 else left + clock.increment
            if left < 0:
                return _forfeit(result, side, game, f"{player_ids[side]} lost on time: the flag fell "
                                f"({spent:.2f} s spent with {left + spent:.2f} s left on its {clock.text} clock)")
        try:
            text = game.format_move(state, move)
            after = state.play(move)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            return _forfeit(result, side, game, f"{player_ids[side]} played an illegal move {move!r}: {exc}")
        result.moves.append(text)
        if on_move:
            on_move(state, move, after)
        state = after
    result.winner = state.winner()
    result.reason = state.end_reason() if state.is_terminal() else f"stopped after {max_plies} plies"
    score = state.score()
    result.score = list(score) if score is not None else None
    return result


def _limits(time_per_move: float | None, clock: GameClock | None, remaining: float) -> Limits:
    """A move's limits: the per-move limit, or on a game clock the budget (``move_budget``,
    capped by the per-move limit if there is one) with the clock itself in ``remaining``."""
    if clock is None:
        return Limits(time=time_per_move)
    budget = move_budget(remaining, clock.increment)
    return Limits(time=budget if time_per_move is None else min(budget, time_per_move), remaining=remaining,
                  increment=clock.increment)


def paired_games(
    game: Game, player_ids: tuple[str, str], n_games: int, time_per_move: float | None,
    seed: int = 0, openings: Sequence[Sequence[Any]] = (), clock: GameClock | None = None,
    loader: dict[str, Any] | None = None,
) -> Iterator[tuple[GameResult, int]]:
    """Play ``n_games`` between two catalog players, sides alternating; yields each result with
    which of ``player_ids`` took side 0.  Game i starts after ``openings[i // 2]`` when given, so
    both games of a pair (colours swapped) share an opening; players get seeds ``seed + 2i + side``.
    ``loader``: options for outside players' loader (``ai.outside.load_outside_player``), e.g.
    ``{"definitions_only": True}``; a player that cannot be created loses that game."""
    for i in range(n_games):
        first = i % 2
        ids = [player_ids[first], player_ids[1 - first]]
        result = play_with_new_players(game, ids, (seed + 2 * i, seed + 2 * i + 1), time_per_move,
                                       openings[i // 2] if openings else (), clock, loader)
        yield result, first


def play_with_new_players(
    game: Game, ids: Sequence[str], seeds: tuple[int, int], time_per_move: float | None,
    opening: Sequence[Any] = (), clock: GameClock | None = None, loader: dict[str, Any] | None = None,
    on_move: Callable[[State, Any, State], None] | None = None,
) -> GameResult:
    """One game between freshly made players (catalog ids or outside files, ``loader`` options
    passed to outside ones); a player that cannot even be created loses it, reason kept.  The
    players are closed (outside processes stopped) afterwards."""
    players: list[Player] = []
    try:
        for side, pid in enumerate(ids):
            try:
                players.append(_make(game, pid, seeds[side], loader))
            except Exception as exc:  # a broken outside file loses its game, the series goes on
                result = GameResult(game.id, dict(game.options), list(ids))
                return _forfeit(result, side, game, f"{pid} could not be started: {exc}")
        return play_game(game, players, list(ids), time_per_move, on_move=on_move, opening=opening, clock=clock)
    finally:
        for p in players:
            close = getattr(p, "close", None)
            if close is not None:
                close()


def _make(game: Game, player_id: str, seed: int, loader: dict[str, Any] | None) -> Player:
    import ai

    if ai.is_outside_player(player_id):
        from ai.outside import load_outside_player

        return load_outside_player(game.id, player_id, dict(game.options), **(loader or {}))
    return ai.make_player(game.id, player_id, seed=seed)


def random_openings(
    game: Game, count: int, plies: int, seed: int = 1, accept: Callable[[State], bool] | None = None
) -> list[list[Any]]:
    """``count`` openings for a match: each a list of ``plies`` seeded random moves.

    Deterministic players would replay one game over and over, so matches start pairs of games
    (colours swapped) after these (``play_game(opening=...)``).  The positions reached are all
    different while the game has that many (Alquerque has only 8 distinct positions after 2
    plies, 33 after 3); after that they repeat.  ``accept`` may refuse a position, e.g. one that
    hands the next player a win at once."""
    rng = random.Random(seed)
    found: dict[Any, list[Any]] = {}
    for _ in range(50 * count):
        if len(found) == count:
            break
        state, moves = game.initial_state(), []
        while len(moves) < plies and not state.is_terminal():
            moves.append(rng.choice(state.legal_moves()))
            state = state.play(moves[-1])
        if not state.is_terminal() and (accept is None or accept(state)):
            found.setdefault(state.key(), moves)
    openings = list(found.values())
    if not openings:
        raise ValueError(f"no playable position after {plies} random plies")
    return [openings[i % len(openings)] for i in range(count)]


def _forfeit(result: GameResult, loser: int, game: Game, reason: str) -> GameResult:
    result.winner = 1 - loser
    result.forfeit = True
    result.reason = f"{game.sides[loser]} forfeits: {reason}"
    return result


@dataclass
class MatchSummary:
    """Wins of each named player over a series of games with alternating sides."""

    names: tuple[str, str]
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    forfeits: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, result: GameResult, first_index: int) -> None:
        """``first_index`` is which of ``names`` played side 0 in this game."""
        if result.winner is None:
            self.draws += 1
            return
        winner = first_index if result.winner == 0 else 1 - first_index
        self.wins[winner] += 1
        if result.forfeit:
            self.forfeits[1 - winner] += 1

    def line(self) -> str:
        a, b = self.names
        games_played = sum(self.wins) + self.draws
        text = f"{a} {self.wins[0]} - {self.wins[1]} {b}, {self.draws} draws in {games_played} games"
        if any(self.forfeits):
            text += f" (forfeits: {a} {self.forfeits[0]}, {b} {self.forfeits[1]})"
        return text
