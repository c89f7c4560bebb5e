"""Playing whole games between players: the engine of `main.py match` and tournaments.

The referee gives each move a time limit; a player that goes over it (beyond a small grace for
process and timer jitter), returns an illegal move or raises loses that game at once, and the
reason is recorded.  Results are plain data so they can be printed as JSON.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai.base import Forfeit, Limits, Player
from games.base import Game, State

GRACE = 0.5  # seconds beyond the limit before a slow move forfeits (timer and scheduling jitter)


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
) -> GameResult:
    """Play one game from ``start`` (default: the initial position) and referee it.

    The ``opening`` moves are played first, for no one, and recorded with the game's moves."""
    state = start or game.initial_state()
    result = GameResult(game.id, dict(game.options), list(player_ids))
    for move in opening:
        result.moves.append(game.format_move(state, move))
        state = state.play(move)
    while not state.is_terminal() and len(result.moves) < max_plies:
        side = state.to_move
        limits = Limits(time=time_per_move)
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


def paired_games(
    game: Game, player_ids: tuple[str, str], n_games: int, time_per_move: float | None,
    seed: int = 0, openings: Sequence[Sequence[Any]] = (),
) -> Iterator[tuple[GameResult, int]]:
    """Play ``n_games`` between two catalog players, sides alternating; yields each result with
    which of ``player_ids`` took side 0.  Game i starts after ``openings[i // 2]`` when given, so
    both games of a pair (colours swapped) share an opening; players get seeds ``seed + 2i + side``."""
    import ai

    for i in range(n_games):
        first = i % 2
        ids = [player_ids[first], player_ids[1 - first]]
        players = [ai.make_player(game.id, pid, seed=seed + 2 * i + k) for k, pid in enumerate(ids)]
        yield play_game(game, players, ids, time_per_move, opening=openings[i // 2] if openings else ()), first


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
