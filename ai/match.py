"""Playing whole games between players: the engine of `main.py match` and tournaments.

The referee gives each move a time limit or a game clock (``--clock 5m+2s``); a player that goes
over it, returns an illegal move or raises loses that game at once, and the reason is recorded.
The turn rules themselves (limits, clocks, flag fall, what each failure means and its words) are
``ai.referee``'s, shared with the window; ``GameClock`` and ``move_budget`` are re-exported here.
Results are plain data so they can be printed as JSON.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai import close_player, referee
from ai.base import Forfeit, Player, Resigned
from ai.referee import BUDGET_SHARE, GRACE, MOVES_AHEAD, GameClock, Loss, Referee, move_budget
from ai.value_words import counted
from games.base import Game, State
from games.move_numbers import resigned_at

__all__ = ["BUDGET_SHARE", "GRACE", "MOVES_AHEAD", "GameClock", "GameResult", "MatchSummary", "move_budget",
           "WHOLE_GAME", "ReadyPlayers", "first_game_seeds", "paired_games", "play_game", "play_with_new_players",
           "random_line", "random_openings", "random_play", "random_positions"]

# what a game's reason says of a player that could not be started before its first move ("Dark
# forfeits: bot.py could not be started: ..."): a game never played (``ai.tournament_standings.never_started``)
NOT_STARTED = "could not be started"


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
    unplayed: bool = False  # settled without play (a withdrawal's forfeit or annulment): no game was played

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["winner_name"] = self.players[self.winner] if self.winner is not None else None
        return data


def play_game(
    game: Game,
    players: tuple[Player, Player] | list[Player],
    player_ids: list[str],
    time_per_move: float | None | tuple[float | None, float | None] = 1.0,
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
    rules = Referee(time_per_move, clock)
    if clock is not None:
        result.clock = clock.text
    for move in opening:
        result.moves.append(game.format_move(state, move))
        state = state.play(move)
    unready = _get_ready(game, players, player_ids)
    if unready is not None:
        return _forfeit(result, unready[0], game, unready[1])
    while not state.is_terminal() and len(result.moves) < max_plies:
        side = state.to_move
        limits = rules.limits(side)
        began = time.perf_counter()
        try:
            move = players[side].choose(state, limits)
        except Forfeit as exc:  # an outside player over time, dead, or with an illegal answer
            spent = time.perf_counter() - began if exc.spent is None else exc.spent
            result.time_used[side] += spent
            rules.end_turn(side, spent)  # its clock shows the time it took
            if isinstance(exc, Resigned):
                return _resigned(result, side, game, rules)
            return _lost(result, game, referee.at_move(referee.forfeited(side, str(exc)), len(result.moves)), rules)
        except Exception as exc:  # a crashing player loses, saying at which move; the match goes on
            return _lost(result, game, referee.at_move(referee.crashed(side, exc), len(result.moves)), rules)
        spent = time.perf_counter() - began
        result.time_used[side] += spent
        result.max_move_time[side] = max(result.max_move_time[side], spent)
        late = rules.end_turn(side, spent)
        if late is not None:
            return _lost(result, game, referee.at_move(late, len(result.moves)), rules)
        played = referee.play_reply(game, state, move)
        if isinstance(played, Loss):
            return _lost(result, game, referee.at_move(played, len(result.moves)), rules)
        text, after = played
        result.moves.append(text)
        if on_move:
            on_move(state, move, after)
        state = after
    result.winner = state.winner()
    result.reason = state.end_reason() if state.is_terminal() else f"stopped after {max_plies} plies"
    score = state.score()
    result.score = list(score) if score is not None else None
    _keep_clocks(result, rules)
    return result


def _get_ready(game: Game, players: Sequence[Player], player_ids: list[str]) -> tuple[int, str] | None:
    """Each player ready for the game before its first move is timed (``Player.get_ready``): an
    outside player whose process a forfeit stopped, in an earlier game with these players, is
    started again and its file loaded now, on the load's clock.  Started inside its first move, a
    bot that answers at once lost on time for its start-up.  The side that cannot be readied, and
    the reason its game is lost, or None."""
    from ai.outside import load_reason

    for side, player in enumerate(players):
        try:
            player.get_ready(dict(game.options))
        except ValueError as exc:  # OutsideLoadError: the file no longer loads, or the engine starts no more
            return side, f"{player_ids[side]} {NOT_STARTED}: {load_reason(exc)}"
    return None


def _keep_clocks(result: GameResult, rules: Referee) -> None:
    readings = rules.readings()
    result.clock_left = list(readings) if readings is not None else None


def _lost(result: GameResult, game: Game, loss: Loss, rules: Referee) -> GameResult:
    """The result of a game ``loss.side`` lost by the turn rules, its player named in the reason."""
    _keep_clocks(result, rules)
    return _forfeit(result, loss.side, game, f"{result.players[loss.side]} {loss.why}")


class ReadyPlayers:
    """Outside players already started and readied (by the probe before a match), each handed to
    the first game that plays it instead of a process started anew: an engine that compiles, or
    loads a big book, on its start paid that twice before the match's first move.  Sound because
    such a player has played nothing yet: its process is what a fresh start gives, as long as it
    was started with the game's loader options (``take`` compares them; a seeded match seeds each
    game's Python bot with its own seed, which a GTP engine, ``unseeded``, is never given).  So the
    probe starts each player as its first game would (``loader_for``: with ``seeds``, each
    player's seed in that game, ``first_game_seeds``): a Python bot probed unseeded was refused
    by a seeded first game and started twice.  Those no game takes are stopped by ``close``."""

    def __init__(self, loader: dict[str, Any] | None = None, seeds: dict[str, int] | None = None) -> None:
        self.loader = dict(loader or {})
        self.seeds = dict(seeds or {})
        self.players: dict[str, Player] = {}

    def loader_for(self, player_id: str) -> dict[str, Any]:
        """The loader options ``player_id``'s first game starts it with (its seed there, if seeded)."""
        seeded = {"seed": self.seeds[player_id]} if player_id in self.seeds else {}
        return {**self.loader, **seeded}

    def keep(self, player_id: str, player: Player) -> None:
        """Keep ``player`` for the first game of ``player_id`` (one a player: a second is stopped)."""
        if player_id in self.players:
            close_player(player)
        else:
            self.players[player_id] = player

    def take(self, player_id: str, loader: dict[str, Any]) -> Player | None:
        """The kept player of ``player_id`` if it was started as ``loader`` would start it (then it
        is no longer kept), else None (a kept one that was not is stopped)."""
        player = self.players.pop(player_id, None)
        if player is None:
            return None
        ignored = {"seed"} if getattr(player, "unseeded", False) else set()
        started_with = self.loader_for(player_id)
        if {k: v for k, v in loader.items() if k not in ignored} != {k: v for k, v in started_with.items()
                                                                   if k not in ignored}:
            close_player(player)
            return None
        return player

    def close(self) -> None:
        """Stop every player no game took (a match stopped, or a file that broke since)."""
        for player in self.players.values():
            close_player(player)
        self.players.clear()


def paired_games(
    game: Game, player_ids: tuple[str, str], n_games: int, time_per_move: float | None,
    seed: int = 0, openings: Sequence[Sequence[Any]] = (), clock: GameClock | None = None,
    loader: dict[str, Any] | None = None, seed_bots: bool = False, ready: ReadyPlayers | None = None,
) -> Iterator[tuple[GameResult, int]]:
    """Play ``n_games`` between two catalog players, sides alternating; yields each result with
    which of ``player_ids`` took side 0.  Game i starts after ``openings[i // 2]`` when given, so
    both games of a pair (colours swapped) share an opening; players get seeds ``seed + 2i + side``.
    ``loader``: options for outside players' loader (``ai.outside.load_outside_player``), e.g.
    ``{"definitions_only": True}``; ``seed_bots`` gives outside players their seeds too (``--seed``);
    a player that cannot be created loses that game.  ``ready``: players the probe started, for
    their first game."""
    for i in range(n_games):
        first = i % 2
        ids = [player_ids[first], player_ids[1 - first]]
        result = play_with_new_players(game, ids, game_seeds(seed, i), time_per_move,
                                       openings[i // 2] if openings else (), clock, loader, seed_bots=seed_bots,
                                       ready=ready)
        yield result, first


def game_seeds(seed: int, number: int) -> tuple[int, int]:
    """The seeds of the players of ``paired_games``' game ``number`` (from 0), side 0's first."""
    return seed + 2 * number, seed + 2 * number + 1


def first_game_seeds(player_ids: Sequence[str], seed: int) -> dict[str, int]:
    """The seed each of ``paired_games``' players gets in the first game it plays (the first
    game's side 0 first, the side a player on both sides is handed to, ``ReadyPlayers``)."""
    seeds: dict[str, int] = {}
    for pid, side_seed in zip(player_ids, game_seeds(seed, 0)):
        seeds.setdefault(pid, side_seed)
    return seeds


def play_with_new_players(
    game: Game, ids: Sequence[str], seeds: tuple[int, int],
    time_per_move: float | None | tuple[float | None, float | None], opening: Sequence[Any] = (),
    clock: GameClock | None = None, loader: dict[str, Any] | None = None,
    on_move: Callable[[State, Any, State], None] | None = None, seed_bots: bool = False,
    ready: ReadyPlayers | None = None,
) -> GameResult:
    """One game between freshly made players (catalog ids or outside files, ``loader`` options
    passed to outside ones, and with ``seed_bots`` their ``seeds`` as ours get them), or ones
    started for it and not yet used (``ready``); a player that cannot even be created loses it,
    reason kept.  The players are closed (outside processes stopped) afterwards."""
    players: list[Player] = []
    try:
        for side, pid in enumerate(ids):
            try:
                players.append(_make(game, pid, seeds[side], loader, seed_bots, ready))
            except Exception as exc:  # a broken outside file loses its game, the series goes on
                from ai.outside import load_reason

                result = GameResult(game.id, dict(game.options), list(ids))
                return _forfeit(result, side, game, f"{pid} {NOT_STARTED}: {load_reason(exc)}")
        return play_game(game, players, list(ids), time_per_move, on_move=on_move, opening=opening, clock=clock)
    finally:
        for p in players:
            close_player(p)


def _make(game: Game, player_id: str, seed: int, loader: dict[str, Any] | None, seed_bots: bool,
          ready: ReadyPlayers | None = None) -> Player:
    import ai

    if ai.is_outside_player(player_id):
        from ai.outside import load_outside_player

        options = dict(loader or {})
        if seed_bots:  # a seeded match: the bot's process seeds its random with this
            options["seed"] = seed
        started = ready.take(player_id, options) if ready is not None else None
        if started is not None:
            return started
        return load_outside_player(game.id, player_id, dict(game.options), **options)
    return ai.make_player(game.id, player_id, seed=seed, options=dict(game.options))


WHOLE_GAME = 1_000_000
"""Plies for ``random_play`` and ``random_line`` to play a random game to its end: more than any
of the games lasts (each ends: a full board, Alquerque's draw counts)."""


def random_play(state: State, plies: int, rng: random.Random) -> State:
    """``state`` after ``plies`` moves chosen by ``rng`` among the legal ones, or fewer where the
    game ends first: the seeded random position that benches, tools and tests start from."""
    for _before, _move, after in _random_steps(state, plies, rng):
        state = after
    return state


def random_line(state: State, plies: int, rng: random.Random) -> list[str]:
    """The texts of the moves ``random_play`` plays from ``state`` with the same ``rng``: a seeded
    random game as the window's recorder keeps it (``Game.play_line`` plays it again)."""
    return [before.game.format_move(before, move) for before, move, _after in _random_steps(state, plies, rng)]


def random_positions(state: State, plies: int, rng: random.Random) -> list[State]:
    """``state`` and every position ``random_play`` passes through from it with the same ``rng``,
    its own last: a seeded random game's positions, for checks that hold in each of them."""
    return [state] + [after for _before, _move, after in _random_steps(state, plies, rng)]


def _random_steps(state: State, plies: int, rng: random.Random) -> Iterator[tuple[State, Any, State]]:
    """Each step of a seeded random game from ``state``: the position, the move ``rng`` chose
    among its legal ones, the position after it; ``plies`` steps, or fewer where the game ends."""
    for _ in range(plies):
        if state.is_terminal():
            return
        move = rng.choice(state.legal_moves())
        after = state.play(move)
        yield state, move, after
        state = after


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
    longest_ended = 0  # the most plies a random game lasted when it ended before ``plies``
    for _ in range(50 * count):
        if len(found) == count:
            break
        state, moves = game.initial_state(), []
        while len(moves) < plies and not state.is_terminal():
            moves.append(rng.choice(state.legal_moves()))
            state = state.play(moves[-1])
        if state.is_terminal():
            longest_ended = max(longest_ended, len(moves))
        elif accept is None or accept(state):
            found.setdefault(state.key(), moves)
    openings = list(found.values())
    if not openings:
        raise ValueError(f"no playable position after {plies} random moves" + _too_long(longest_ended, plies))
    return [openings[i % len(openings)] for i in range(count)]


def _too_long(longest_ended: int, plies: int) -> str:
    """Why no opening was found when the game itself ends first (3x3 Tic-tac-toe is over by move 9):
    the moves it lasts at most, so that ``--openings 100`` is not refused without its limit."""
    if not longest_ended or longest_ended >= plies:
        return ""  # the positions reached were refused (``accept``), not ended
    return (f": the game was over within {longest_ended} moves in every random game, "
            f"so ask for at most {longest_ended - 1}")


def _resigned(result: GameResult, loser: int, game: Game, rules: Referee) -> GameResult:
    """The result of a game ``loser`` gave up: lost, but not a forfeit (the player broke no rule),
    at the move it was asked for, as the window says a resignation ("O resigns at move 5":
    ``games.move_numbers.resigned_at``)."""
    _keep_clocks(result, rules)
    result.winner = 1 - loser
    result.reason = resigned_at(game.sides[loser], len(result.moves))
    return result


def _forfeit(result: GameResult, loser: int, game: Game, reason: str) -> GameResult:
    result.winner = 1 - loser
    result.forfeit = True
    result.reason = f"{game.sides[loser]} forfeits: {reason}"
    return result


@dataclass
class MatchSummary:
    """Wins of each named player over a series of games with alternating sides; ``can_draw``: the
    game's rules can end a game drawn (``GameInfo.can_draw``: not Hex nor Rastros, whose lines
    said "0 draws" of what can never happen)."""

    names: tuple[str, str]
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    forfeits: list[int] = field(default_factory=lambda: [0, 0])
    can_draw: bool = True

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
        played = counted(sum(self.wins) + self.draws, "games")
        drawn = f", {counted(self.draws, 'draws')}" if self.draws or self.can_draw else ""
        text = f"{a} {self.wins[0]} - {self.wins[1]} {b}{drawn} in {played}"
        if any(self.forfeits):
            text += f" (forfeits: {a} {self.forfeits[0]}, {b} {self.forfeits[1]})"
        return text
