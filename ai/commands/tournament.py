"""`main.py tournament`: a round robin on the command line (the engine is ai/tournament.py).

    python main.py tournament rastros level-2 level-4 rastros:basilio bots/mine.py:jogador42 \\
        --games 10 --time 0.5 --jobs 2 --out results/rastros

``--games N``: N games with each player of a pair moving first, so 2N games per pair.
``--openings PLIES``: round r of every pair (one game each way) starts after round r's PLIES
random moves, so deterministic players do not replay the same two games.  A live
progress bar goes to stderr; at the end stdout gets the crosstable, the standings (points: win
1, draw 1/2; W/D/L; forfeits; Elo with its 95% interval, mean 0) and every forfeit with its
reason.  ``--out FILE`` writes FILE.json (everything, every game's moves), FILE.csv (one row per
game) and FILE-standings.csv.  ``file.py:*`` enters every player of a file.
"""

from __future__ import annotations

import csv
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ai.tournament import (
    Event,
    GameFinished,
    GameResult,
    Standing,
    Summary,
    Tournament,
    crosstable,
    standings,
)


def short_name(player_id: str) -> str:
    """A player id as shown in tables: outside files without their directory."""
    if ".py" in player_id and not player_id.startswith("gtp:"):
        return Path(player_id.split(".py")[0]).name + ".py" + player_id.split(".py", 1)[1]
    return player_id


class ProgressBar:
    """A one-line progress bar on a terminal; occasional plain lines when stderr is not a terminal."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.began = time.perf_counter()
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last_line = 0.0
        self._forfeits = 0

    def line(self, done: int, last: str = "") -> str:
        elapsed = time.perf_counter() - self.began
        filled = int(self.width * done / self.total) if self.total else self.width
        eta = elapsed / done * (self.total - done) if done else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        text = f"[{bar}] {done}/{self.total} games  {elapsed:5.0f}s elapsed  eta {eta:4.0f}s"
        if self._forfeits:
            text += f"  forfeits {self._forfeits}"
        return text + (f"  | {last}" if last else "")

    def update(self, done: int, result: GameResult | None = None) -> None:
        last = ""
        if result is not None:
            self._forfeits += int(result.forfeit)
            a, b = (short_name(p) for p in result.players)
            outcome = "draw" if result.winner is None else ("1-0" if result.winner == 0 else "0-1")
            last = f"{a} - {b} {outcome}"
        if self.tty:
            self.stream.write("\r" + self.line(done, last)[:150].ljust(150))
            if done == self.total:
                self.stream.write("\n")
            self.stream.flush()
        elif done == self.total or time.perf_counter() - self._last_line >= 5.0:
            self._last_line = time.perf_counter()
            print(self.line(done), file=self.stream, flush=True)


# -- tables --------------------------------------------------------------------------------------
def format_crosstable(player_ids: list[str], results: list[GameResult], order: list[Standing]) -> str:
    """Rows and columns in standings order; a cell is points/games of the row against the column."""
    cross = crosstable(player_ids, results)
    ids = [s.player for s in order]
    names = [short_name(p) for p in ids]
    w = max(len(n) for n in names) + 2
    cell = max(9, len(str(max((n for row in cross.values() for _, n in row.values()), default=0))) * 2 + 4)
    head = " " * (w + 4) + "".join(f"{i + 1:>{cell}}" for i in range(len(ids)))
    lines = [head]
    for i, (pid, name) in enumerate(zip(ids, names)):
        cells = []
        for other in ids:
            if other == pid:
                cells.append(f"{'-':>{cell}}")
            else:
                pts, n = cross[pid][other]
                cells.append(f"{_num(pts)}/{n}".rjust(cell))
        lines.append(f"{i + 1:>2}. {name:<{w}}" + "".join(cells))
    return "\n".join(lines)


def _num(x: float) -> str:
    return f"{x:g}" if x != int(x) else f"{int(x)}"


def format_standings(order: list[Standing]) -> str:
    w = max(len(short_name(s.player)) for s in order) + 2
    lines = [f"{'#':>2}  {'player':<{w}}{'points':>8}{'games':>7}{'W':>5}{'D':>5}{'L':>5}{'forf':>6}"
             f"{'score':>8}   Elo (95%)"]
    for s in order:
        lines.append(f"{s.rank:>2}  {short_name(s.player):<{w}}{_num(s.points):>8}{s.games:>7}{s.wins:>5}"
                     f"{s.draws:>5}{s.losses:>5}{s.forfeits:>6}{100 * s.score:7.1f}%   {s.elo_text()}")
    return "\n".join(lines)


def format_forfeits(summary: Summary) -> str:
    lines = []
    for number, r in zip(summary.numbers, summary.results):
        if r.forfeit or r.reason.startswith("void:"):
            lines.append(f"  game {number}: {short_name(r.players[0])} - {short_name(r.players[1])}: {r.reason}")
    return "\n".join(lines)


def report(summary: Summary) -> str:
    """The text printed at the end: crosstable, standings, forfeits."""
    order = summary.standings
    parts = [
        f"{summary.game} round robin: {len(summary.players)} players, {len(summary.results)} games, "
        f"{summary.time_per_move:g} s/move, jobs {summary.jobs}, {summary.elapsed:.1f} s"
        + (" (stopped early)" if summary.cancelled else ""),
        "",
        "Crosstable (points/games of the row against the column):",
        format_crosstable(summary.players, summary.results, order),
        "",
        "Standings (win 1, draw 1/2; Elo: mean 0, 95% interval):",
        format_standings(order),
    ]
    forfeits = format_forfeits(summary)
    if forfeits:
        parts += ["", "Forfeits:", forfeits]
    return "\n".join(parts)


# -- files -----------------------------------------------------------------------------------------
def write_results(summary: Summary, out: str) -> list[Path]:
    """FILE.json, FILE.csv (games) and FILE-standings.csv; returns the paths written."""
    base = Path(out)
    if base.suffix in (".json", ".csv"):
        base = base.with_suffix("")
    base.parent.mkdir(parents=True, exist_ok=True)
    paths = [base.with_name(base.name + ".json"), base.with_name(base.name + ".csv"),
             base.with_name(base.name + "-standings.csv")]
    paths[0].write_text(json.dumps(summary.to_json(), indent=1) + "\n", encoding="utf-8")
    with paths[1].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["number", "first", "second", "winner", "result", "points_first", "points_second",
                    "forfeit", "reason", "plies", "time_first", "time_second", "moves"])
        for number, r in zip(summary.numbers, summary.results):
            pts = (0.5, 0.5) if r.winner is None else ((1, 0) if r.winner == 0 else (0, 1))
            result = "1/2-1/2" if r.winner is None else ("1-0" if r.winner == 0 else "0-1")
            w.writerow([number, r.players[0], r.players[1], "" if r.winner is None else r.players[r.winner],
                        result, pts[0], pts[1], int(r.forfeit), r.reason, len(r.moves),
                        round(r.time_used[0], 3), round(r.time_used[1], 3), " ".join(r.moves)])
    with paths[2].open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["rank", "player", "points", "games", "wins", "draws", "losses", "forfeits", "score",
                    "elo", "elo_low", "elo_high", "elo_bound"])
        for s in summary.standings:
            w.writerow([s.rank, s.player, s.points, s.games, s.wins, s.draws, s.losses, s.forfeits,
                        round(s.score, 4), round(s.elo, 1), round(s.elo_low, 1), round(s.elo_high, 1), s.elo_bound])
    return paths


def run_tournament(
    game_id: str,
    player_ids: list[str],
    options: dict[str, Any],
    games_per_pair: int,
    time_per_move: float | None,
    jobs: int,
    out: str | None,
    seed: int | None,
    opening_plies: int = 0,
) -> int:
    from ai.outside import outside_ids

    if games_per_pair < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    if jobs < 1:
        print("error: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        ids = outside_ids(game_id, list(player_ids))
        t = Tournament(game_id, ids, options, games_per_pair, time_per_move, jobs, seed, opening_plies=opening_plies)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    bar = ProgressBar(t.total)
    bar.update(0)

    def on_event(event: Event) -> None:
        if isinstance(event, GameFinished):
            bar.update(event.done, event.result)

    try:
        t.run(on_event)
    except KeyboardInterrupt:
        t.cancelled = True
        print("\nstopped: the results so far follow", file=sys.stderr)
    summary = Summary.of(t)
    print(report(summary))
    if out:
        for path in write_results(summary, out):
            print(f"wrote {path}")
    return 0


__all__ = ["run_tournament", "report", "write_results", "standings", "ProgressBar"]
