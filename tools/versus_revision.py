"""Play a player of this tree against the same player of an older git revision.

    python tools/versus_revision.py reversi --rev 128afa3 --games 20 --time 1
    python tools/versus_revision.py hex --rev 128afa3 --option size=11 --games 20 --time 1
    python tools/versus_revision.py alquerque --rev 128afa3 --games 20 --openings 3

"New level-5 against old level-5" is how an engine change is judged, and both must run in one
session on one machine (it is shared and noisy).  The old revision is exported with
``git archive`` into a cache folder and its player runs in a subprocess of its own (the two
trees have the same package names); the referee is this tree's ``ai.match.play_game``, so time
forfeits and results are judged as in any match.  Pairs of games share an opening with colours
swapped; ``--openings PLIES`` makes each pair start after its own random moves.

``--balanced DISCS`` keeps only random openings that a quick search (``--balanced-depth`` plies of
the same player) values within +-DISCS of even, in the game's unit (discs in Reversi): after many
random plies most positions are already decided, and the side the opening favours then wins both
games of a pair whatever the engines, so the score measures the openings as much as the players.
Varied but balanced starts (the idea of Othello's XOT openings) leave the result to the players.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Hashable
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402
import ai.kernels  # noqa: E402
import games  # noqa: E402
from ai.base import Limits, Player, PlayerInfo, Progress  # noqa: E402
from ai.match import MatchSummary, play_game, random_openings  # noqa: E402
from games.base import Game, State  # noqa: E402
from tools.usage import tool_parser  # noqa: E402

# The old tree's side: one JSON request per line, one JSON answer per line.
SERVER = r"""
import json, sys
import ai, games
from ai.base import Limits
player = None
for line in sys.stdin:
    request = json.loads(line)
    if "warm_up" in request:  # compile the old tree's kernels before any clock runs
        try:
            import ai.kernels
            ai.kernels.warm_up(request["warm_up"])
        except (ImportError, AttributeError):
            pass  # a revision before the kernels
        # and a move at depth 1 from the start: the engine's modules imported before any clock runs
        game = games.load(request["warm_up"], **request.get("options", {}))
        start = game.initial_state()
        move = ai.make_player(request["warm_up"], request["player"], seed=0).choose(start, Limits(depth=1))
        print(json.dumps({"move": game.format_move(start, move)}), flush=True)
        continue
    game = games.load(request["game"], **request["options"])
    if request.get("new") or player is None:
        player = ai.make_player(request["game"], request["player"], seed=request["seed"])
    state = game.initial_state()
    for text in request["moves"]:
        state = state.play(game.parse_move(state, text))
    move = player.choose(state, Limits(time=request["time"]))
    print(json.dumps({"move": game.format_move(state, move)}), flush=True)
"""


def export_revision(rev: str) -> Path:
    """The tree of ``rev`` in a cache folder (made once per commit)."""
    commit = subprocess.run(["git", "rev-parse", rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    folder = Path(tempfile.gettempdir()) / f"tabuleiro-{commit[:12]}"
    if not (folder / "main.py").is_file():
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
    return folder


KEPT_VARIABLES = ("HOME", "NUMBA_CACHE_DIR", "TABULEIRO_CONFIG_DIR", "TABULEIRO_DATA_DIR")


def old_tree_environment(folder: Path) -> dict[str, str]:
    """The old tree's process environment: its own folder on the path, and the folders this run was
    given (a numba cache, settings, data): without them its kernels were compiled into the user's
    default cache, whatever ``NUMBA_CACHE_DIR`` the run set."""
    kept = {name: os.environ[name] for name in KEPT_VARIABLES if name in os.environ}
    return {"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1", **kept}


class RevisionPlayer(Player):
    """A player of the old tree, asked over a pipe; it sees the game's moves so far."""

    def __init__(self, folder: Path, game: Game, player_id: str, seed: int, history: list[str]) -> None:
        self.info = PlayerInfo(f"old {player_id}", f"old {player_id}")
        self.game, self.player_id, self.seed, self.history = game, player_id, seed, history
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SERVER], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env=old_tree_environment(folder),
        )
        self.new = True
        self.warm_up_move = self._warm_up()

    def _warm_up(self) -> str:
        """The old tree's kernels compiled and its player's first move made, at depth 1 from the
        start, before the game's clock runs: the process's imports (0.3 s unloaded, 1.7-2.1 s on a
        busy machine) were counted against its first move, which it lost on time in most games.
        Returns that move in text."""
        self.proc.stdin.write(json.dumps({"warm_up": self.game.id, "options": dict(self.game.options),
                                          "player": self.player_id}) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())["move"]

    def choose(self, state: State, limits: Limits | None = None, progress: Any = None) -> Hashable:
        request = {"game": self.game.id, "options": dict(self.game.options), "player": self.player_id,
                   "seed": self.seed, "moves": self.history, "time": (limits or Limits()).time, "new": self.new}
        self.new = False
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return self.game.parse_move(state, answer["move"])

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def play_one(game: Game, i: int, new: Player, old: Player, opening: list[Any], seconds: float | None,
             history: list[str], summary: MatchSummary, log: Path | None) -> float:
    """Game ``i`` of a match (the new player moves first in even games): refereed, added to
    ``summary``, appended to ``log`` (JSON lines: moves, final position, result, each side's longest move) and printed;
    returns the new player's points.  ``history`` collects the moves in text, the opening's too
    (the old side's subprocess replays them)."""
    new_side = i % 2
    names = summary.names
    players = [new, old] if new_side == 0 else [old, new]
    ids = [names[0], names[1]] if new_side == 0 else [names[1], names[0]]
    history.extend(game.format_move(s, m) for s, m in _walk(game, opening))
    result = play_game(game, players, ids, seconds, opening=opening,
                       on_move=lambda before, move, after: history.append(game.format_move(before, move)))
    summary.add(result, new_side)
    if log:
        with log.open("a", encoding="utf-8") as out:
            out.write(json.dumps({"game": i + 1, "new_side": new_side, "winner": result.winner,
                                  "reason": result.reason, "moves": history,
                                  "final": game.to_text(game.play_line(history)),
                                  "longest_move": {"new": result.max_move_time[new_side],
                                                   "old": result.max_move_time[1 - new_side]}}) + "\n")
    outcome = "draw" if result.winner is None else ("new" if result.winner == new_side else "old") + " wins"
    print(f"  game {i + 1:2d}: new plays {game.sides[new_side]:6} -> {outcome}  ({len(result.moves)} plies;"
          f" {result.reason})", flush=True)
    return 0.5 if result.winner is None else float(result.winner == new_side)


def balanced(game: Game, player_id: str, depth: int, limit: float) -> Callable[[State], bool]:
    """An opening filter: the position's value by a ``depth``-ply search of ``player_id`` (for the
    side to move, in the game's unit) is within +-``limit``."""
    judge = ai.make_player(game.id, player_id, seed=0)

    def accept(state: State) -> bool:
        reports: list[Progress] = []
        judge.choose(state, Limits(depth=depth), reports.append)
        return bool(reports) and abs(reports[-1].score) <= limit

    return accept


def main(argv: list[str] | None = None) -> None:
    parser = tool_parser(__doc__)
    parser.add_argument("game")
    parser.add_argument("--rev", required=True, help="the old revision, e.g. 128afa3")
    parser.add_argument("--player", default="level-5")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--openings", type=int, default=0, metavar="PLIES")
    parser.add_argument("--balanced", type=float, default=None, metavar="DISCS",
                        help="keep only openings a quick search values within +-DISCS (see above)")
    parser.add_argument("--balanced-depth", type=int, default=8, metavar="PLIES")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, help="append each game (moves, final position, result) to this JSON-lines file")
    args = parser.parse_args(argv)
    options = dict(pair.split("=", 1) for pair in args.option)
    game = games.load(args.game, **options)
    folder = export_revision(args.rev)
    ai.kernels.warm_up(args.game)  # this tree's kernels too: a first move must not pay the compiling
    ai.make_player(args.game, args.player, seed=0).choose(game.initial_state(), Limits(depth=1))  # and its imports
    pairs = (args.games + 1) // 2
    accept = balanced(game, args.player, args.balanced_depth, args.balanced) if args.balanced is not None else None
    openings = random_openings(game, pairs, args.openings, seed=args.seed, accept=accept) if args.openings else [[]] * pairs
    names = (f"new {args.player}", f"old {args.player}@{args.rev}")
    summary = MatchSummary(names, can_draw=game.info.can_draw)
    points = 0.0
    print(f"{args.game} {options or ''}: {names[0]} vs {names[1]}, {args.games} games at {args.time:g} s a move", flush=True)
    for i in range(args.games):
        history: list[str] = []
        old = RevisionPlayer(folder, game, args.player, args.seed + i, history)
        new = ai.make_player(args.game, args.player, seed=args.seed + i)
        points += play_one(game, i, new, old, openings[i // 2], args.time, history, summary, args.log)
        old.close()
    print(summary.line())
    print(f"new {args.player}: {points:g} of {args.games} points ({100 * points / max(1, args.games):.0f}%)")


def _walk(game: Game, moves: list[Any]):
    state = game.initial_state()
    for move in moves:
        yield state, move
        state = state.play(move)


if __name__ == "__main__":
    main()
