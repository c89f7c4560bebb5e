"""A round robin's schedule: which players meet in which game, on which seeds, in which order.

For every unordered pair {A, B} and every round k < ``games_per_pair``, one game with A
first (side 0) and one with B first, so each pair plays ``2 * games_per_pair`` games and each
player has each side equally often.  Games are numbered in round order (round 1 of every pair,
then round 2 ...), so a tournament stopped early is still balanced.  Every game's seeds come from
``seed`` and the game number alone, so results do not depend on ``jobs`` or on timing luck.  A
player who joins late plays after the others, numbered on (``joined_games``): the games
scheduled before keep their numbers and seeds."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ScheduledGame:
    number: int  # 1-based, in playing order
    round: int  # 1-based round within its pair
    players: tuple[int, int]  # indices into the tournament's player list, by side
    seeds: tuple[int, int]


def games_in(n_players: int, games_per_pair: int) -> int:
    """How many games ``schedule`` plays: every ordered pair, ``games_per_pair`` times."""
    return n_players * (n_players - 1) * games_per_pair


def schedule(n_players: int, games_per_pair: int, seed: int | None = None,
             started_with: int | None = None) -> list[ScheduledGame]:
    """Every pair, both ways, ``games_per_pair`` rounds; seeds fixed by ``seed`` and the game number.

    ``started_with``: the league began with the first ``started_with`` players and the others
    joined late, one after the other: the first players' schedule stays as it was (every game's
    number and seeds), and each late player's games follow it, numbered on (``joined_games``)."""
    first = n_players if started_with is None else started_with
    games: list[ScheduledGame] = []
    base = 0 if seed is None else seed * 100_003
    for rnd in range(1, games_per_pair + 1):
        games += _round(rnd, itertools.combinations(range(first), 2), base, len(games) + 1)
    for late in range(first, n_players):
        games += joined_games(late, games_per_pair, seed, len(games))
    return games


def joined_games(late: int, games_per_pair: int, seed: int | None, before: int) -> list[ScheduledGame]:
    """The games of player ``late`` (an index), who joins a league of the ``late`` players before
    it: against each of them, both ways, ``games_per_pair`` rounds, numbered after the ``before``
    games already scheduled."""
    games: list[ScheduledGame] = []
    base = 0 if seed is None else seed * 100_003
    for rnd in range(1, games_per_pair + 1):
        games += _round(rnd, ((other, late) for other in range(late)), base, before + len(games) + 1)
    return games


def _round(rnd: int, pairs: Iterable[tuple[int, int]], base: int, number: int) -> list[ScheduledGame]:
    """Round ``rnd`` of ``pairs``, each pair both ways (the first named first in odd rounds), the
    games numbered from ``number``, their seeds from ``base`` and their numbers."""
    games = []
    for a, b in pairs:
        for first, second in ((a, b), (b, a)) if rnd % 2 else ((b, a), (a, b)):
            games.append(ScheduledGame(number, rnd, (first, second), (base + 2 * number, base + 2 * number + 1)))
            number += 1
    return games


def games_each(n_players: int, games_per_pair: int) -> int:
    """How many games each player of a round robin of ``n_players`` plays: ``games_per_pair`` each
    way against every other player."""
    return 2 * games_per_pair * (n_players - 1)
