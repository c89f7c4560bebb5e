"""`main.py match`: a series of games between two players, sides alternating."""

from __future__ import annotations

import json
import sys
from typing import Any

import games
from ai.commands.engines import prepare_engines
from ai.commands.tournament import ENGLISH, ReportWords, probe_outside_players
from ai.match import (
    GameClock,
    GameResult,
    MatchSummary,
    ReadyPlayers,
    first_game_seeds,
    paired_games,
    random_openings,
)
from ai.player_names import builtin_titles, display_names
from ai.reason_names import file_named_once, sides_named
from ai.value_words import counted
from games.record_parts import numbered


def run_match(
    game_id: str,
    player_ids: tuple[str, str],
    options: dict[str, Any],
    n_games: int,
    time_per_move: float | None,
    seed: int | None,
    as_json: bool,
    opening_plies: int = 0,
    clock: str | None = None,
    definitions_only: bool = False,
    words: ReportWords = ENGLISH,
) -> int:
    """Play ``n_games``, sides alternating; with ``opening_plies``, each pair of games (colours
    swapped) starts from its own random position that many plies in (see ``random_openings``).
    ``clock``: a game clock such as "5m+2s" (``GameClock``; flag fall loses), with or without the
    per-move limit.  ``definitions_only``: outside .py files load without their top-level demo calls.
    An outside file that cannot be loaded is an error (status 2) before any game.  ``words``: how a
    game's line says why it ended (main.py passes the window's, so that both say it alike)."""
    game = games.load(game_id, **options)
    base_seed = 0 if seed is None else seed
    try:
        game_clock = GameClock.parse(clock) if clock else None
        starts = random_openings(game, (n_games + 1) // 2, opening_plies, seed=base_seed) if opening_plies else []
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    loader: dict[str, Any] = {"definitions_only": True} if definitions_only else {}
    for pid in player_ids:
        if pid.endswith(":*"):
            print(f"error: {every_player_refused(game_id, pid, dict(game.options), loader)}", file=sys.stderr)
            return 2
    # the probe's processes, each for its player's first game, started with its seed there when seeded
    ready = ReadyPlayers(loader, first_game_seeds(player_ids, base_seed) if seed is not None else None)
    try:
        return _probed_match(game, player_ids, n_games, time_per_move, seed, as_json, starts, game_clock,
                             loader, ready, words)
    finally:
        ready.close()


def _probed_match(game: games.Game, player_ids: tuple[str, str], n_games: int, time_per_move: float | None,
                  seed: int | None, as_json: bool, starts: list, game_clock: GameClock | None,
                  loader: dict[str, Any], ready: ReadyPlayers, words: ReportWords = ENGLISH) -> int:
    """``run_match`` from its probe of outside players on: the players it started are kept in
    ``ready`` and play the first game, so an engine slow to start is started once for it."""
    game_id, options, base_seed = game.id, dict(game.options), 0 if seed is None else seed
    titles, broken = probe_outside_players(game_id, list(player_ids), options, loader, {}, ready=ready)
    if broken:  # a match between two players: a file that cannot even load is bad input
        pid, why = next(iter(broken.items()))
        print(f"error: {pid} could not be loaded: {file_named_once(pid, why)}", file=sys.stderr)
        return 2
    try:
        prepare_engines(game_id, player_ids, options)
    except KeyboardInterrupt:
        print("\nstopped while the engine was being prepared: no game was played", file=sys.stderr)
        return 130
    names = told_apart(player_ids, table_names(game_id, player_ids, titles))
    summary = MatchSummary(names, can_draw=game.info.can_draw)
    # seeded: outside players' processes seed random with their game's seed too
    series = paired_games(game, player_ids, n_games, time_per_move, base_seed, starts, game_clock, loader,
                          seed_bots=seed is not None, ready=ready)
    done = 0
    try:
        for number, (result, first) in enumerate(series, 1):
            summary.add(result, first)
            done = number
            print_game(game, number, result, as_json, names if first == 0 else names[::-1], words)
    except KeyboardInterrupt:  # Ctrl+C: the result so far, and status 130 as the shell's
        print(f"\nstopped after {done} of {counted(n_games, 'games')} (the game in progress is not counted): "
              f"{summary.line()}", file=sys.stderr)
        return 130
    print(summary.line(), file=sys.stderr if as_json else sys.stdout)
    return 0


def table_names(game_id: str, player_ids: tuple[str, str], titles: dict[str, str]) -> dict[str, str]:
    """Each player's name as a tournament's tables give it (``display_names``): a level's title,
    a student's file by whose it is (``entry_title``: ``titles``, from ``probe_outside_players``).
    A match named an outside file by its whole path, in its lines, its summary and its JSON's
    ``winner_name`` (which also gave a level's id, "level-2", where the tables say "Level 2")."""
    return display_names(list(dict.fromkeys(player_ids)), {**builtin_titles(game_id), **titles})


def told_apart(player_ids: tuple[str, str], names: dict[str, str] | None = None) -> tuple[str, str]:
    """The players' names in the lines and the summary: their ``names`` (their ids by default),
    numbered in the command's order where both are the same player ("Level 5 #1", "Level 5 #2"),
    or the summary's "Level 5 2 - 4 Level 5" would not say which won which games."""
    a, b = ((names or {}).get(pid, pid) for pid in player_ids)
    return numbered(a, b) if player_ids[0] == player_ids[1] else (a, b)


def print_game(game: games.Game, number: int, result: GameResult, as_json: bool,
               names: tuple[str, str] | None = None, words: ReportWords = ENGLISH) -> None:
    """One finished game of the match on stdout: a JSON object with ``as_json`` (its reason as
    recorded), else a line, its reason in ``words`` (the window's: Reversi's "Black wins 34 - 2
    (33 - 2 on the board)", the count Othello players score first, where the line said "Black wins
    33 - 2 (34 - 2 with the empty squares to the winner)"); ``names``: who played first and second
    as the line, its reason (``sides_named``: "O forfeits: raiser crashed", where the line named
    the file's whole path) and the JSON's ``winner_name`` call them (the result's ids by default).
    The JSON keeps the reason as recorded, with the ids its ``players`` give."""
    ids = names or result.players
    if as_json:
        print(json.dumps(result.to_json() | {"winner_name": None if result.winner is None else ids[result.winner]}),
              flush=True)
        return
    who = "draw" if result.winner is None else f"{ids[result.winner]} ({game.sides[result.winner]}) wins"
    left = f"; clocks {result.clock_left[0]:.1f} s / {result.clock_left[1]:.1f} s" if result.clock_left else ""
    # moves of either side, as every screen counts them and the window's words say the reason beside it
    # (Alquerque's "Draw: 40 moves (20 each) passed with no capture"); "135 plies" was a word the
    # command line's docs never define
    moves = counted(len(result.moves), "moves")
    reason = words.reason(sides_named(result.reason, result.players, ids, result.winner))  # by name, as the window
    print(f"game {number}: {ids[0]} vs {ids[1]}: {who}; {reason}; {moves}{left}", flush=True)


def every_player_refused(game_id: str, pid: str, options: dict[str, Any], loader: dict[str, Any]) -> str:
    """Why a match does not take ``file.py:*`` (every player of the file, for tournaments; the match
    played the file's first player under that name), naming the file's players to choose from."""
    from ai.outside import list_outside_players, load_reason

    path = pid[:-2]
    try:
        choices = " or ".join(p.id for p in list_outside_players(game_id, path, options, **loader))
    except ValueError as exc:
        choices = f"{path} could not be loaded: {file_named_once(path, load_reason(exc))}"
    return f"{pid}: ':*' enters every player of a file in a tournament; a match takes one: {choices}"
