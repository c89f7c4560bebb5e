"""`main.py match`: a series of games between two players, sides alternating."""

from __future__ import annotations

import json
import sys
from typing import Any

import games
from ai.match import MatchSummary, paired_games, random_openings


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
    for i, (result, first) in enumerate(paired_games(game, player_ids, n_games, time_per_move, base_seed, starts)):
        ids = result.players
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
