"""`main.py match`: a series of games between two players, sides alternating."""

from __future__ import annotations

import json
import sys
from typing import Any

import ai
import games
from ai.match import MatchSummary, play_game, random_openings


def run_match(
    game_id: str,
    player_ids: tuple[str, str],
    options: dict[str, Any],
    n_games: int,
    time_per_move: float | None,
    seed: int | None,
    as_json: bool,
    opening_plies: int = 0,
) -> int:
    """Play ``n_games``, sides alternating; with ``opening_plies``, each pair of games (colours
    swapped) starts from its own random position that many plies in (see ``random_openings``)."""
    game = games.load(game_id, **options)
    summary = MatchSummary(player_ids)
    base_seed = 0 if seed is None else seed
    starts = random_openings(game, (n_games + 1) // 2, opening_plies, seed=base_seed) if opening_plies else []
    for i in range(n_games):
        first = i % 2  # which of the two players takes side 0 in this game
        ids = [player_ids[first], player_ids[1 - first]]
        players = [ai.make_player(game_id, pid, seed=base_seed + 2 * i + k) for k, pid in enumerate(ids)]
        result = play_game(game, players, ids, time_per_move, opening=starts[i // 2] if starts else ())
        summary.add(result, first)
        if as_json:
            print(json.dumps(result.to_json()), flush=True)
        else:
            who = "draw" if result.winner is None else f"{ids[result.winner]} ({game.sides[result.winner]}) wins"
            print(f"game {i + 1}: {ids[0]} vs {ids[1]}: {who}; {result.reason}; {len(result.moves)} moves", flush=True)
    if not as_json:
        print(summary.line())
    else:
        print(summary.line(), file=sys.stderr)
    return 0
