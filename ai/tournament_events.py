"""What a running tournament tells its caller (``Tournament.run``'s ``on_event``, ``Tournament.poll``):
a game started, a move played, a game finished, the tournament done."""

from __future__ import annotations

from dataclasses import dataclass

from ai.match import GameResult


@dataclass
class GameStarted:
    number: int
    players: tuple[str, str]


@dataclass
class MovePlayed:
    number: int
    move: str  # notation
    ply: int


@dataclass
class GameFinished:
    number: int
    result: GameResult
    done: int  # games finished so far
    total: int


@dataclass
class TournamentDone:
    cancelled: bool
    elapsed: float
    error: str = ""  # set when the tournament itself failed (e.g. worker processes could not start)


Event = GameStarted | MovePlayed | GameFinished | TournamentDone
