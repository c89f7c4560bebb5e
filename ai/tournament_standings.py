"""How a tournament's games count: what each result is (void, annulled, settled by a withdrawal),
the standings with Elo and its 95% interval (kept as games come in, ``Tally``; how: ``_set_elo``),
the crosstable, and the summary a finished or stopped tournament reports (``Summary``).

A game lost by forfeit without play (``is_unplayed_forfeit``: settled by a withdrawal, or lost
by a player that could not be started) counts as chess counts a forfeit (FIDE: in the score
table, not in rating calculations): its point goes to the opponent, and W and L count it, but it
is not a game played (``Standing.games``, the tables' GP) nor a game of the rating (its figure,
its interval and ``MIN_RATED_GAMES``): ``Standing.unplayed`` keeps how many a player has."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ai.match import NOT_STARTED, GameResult
from ai.player_names import display_names
from ai.reason_names import sides_named
from ai.tournament_schedule import games_each, games_in

if TYPE_CHECKING:
    from ai.tournament import Tournament

WITHDREW = "withdrew from the league"  # why a withdrawn player lost the games it did not play (``withdrawal_stands``)
BOTH_WITHDREW = "double forfeit: both players withdrew from the league"  # 0-0: such a game in older files,
# settled before withdrawals were taken in their order (``_settle_withdrawals``); read, never made now
ANNULLED = "annulled: "  # the reason of a game counted for no one: a player of it withdrew before half its games


# Games a player needs for its rating to be shown: with fewer, the 95% interval is too wide to
# mean anything (after 2 games, "+0 (<-225..>+225)").  The window's table, its saved report and
# the command line's all follow it (``Standing.rated``), FILE-standings.csv too (empty cells): the
# reports showed such figures where the window's table showed "–".
MIN_RATED_GAMES = 8
# What the screen and the text reports (printed, FILE.txt, FILE.md, FILE.html) write for no value:
# an unrated player's Elo, a crosstable's cell of a player against itself.  The reports wrote "-"
# where the screen wrote "–", and "-" beside "-12" reads as a minus.  The CSV files and FILE.json
# keep numbers for a program (docs/leagues.md); an unrated Elo is empty cells in the CSV.
NO_VALUE = "–"
DRAW_RESULT = "½-½"  # a drawn game's result on the screen and the terminal's progress; FILE.csv keeps "1/2-1/2"


def half_points(points: float) -> str:
    """Points as the screen and the text reports write them: "3½", "½", "4" (shorter than "3.5",
    in every language alike, and never "1/2").  The reports wrote "1.5" where the screen wrote
    "1½"; FILE.csv and FILE.json keep the number (1.5), for a program to read."""
    whole, half = divmod(round(points * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


@dataclass
class Standing:
    player: str
    rank: int = 0
    games: int = 0  # games played: not those won or lost by forfeit without play (``unplayed``)
    points: float = 0.0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0  # games lost by time, illegal move or crash, or by forfeit for withdrawing
    unplayed: int = 0  # games won or lost by forfeit without play (``is_unplayed_forfeit``)
    first_side_points: float = 0.0  # points scored as game.sides[0]
    elo: float = 0.0
    elo_low: float = 0.0
    elo_high: float = 0.0
    elo_bound: str = ""  # "" or "<" (scored 0%) or ">" (scored 100%)
    elo_low_open: bool = False  # the interval's lower end is the cap (0% + half a game): no lower end
    elo_high_open: bool = False  # its upper end is the cap (100% - half a game): no upper end

    @property
    def counted(self) -> int:
        """The games that give this row its points: those played and those won or lost by forfeit
        without play (``unplayed``)."""
        return self.games + self.unplayed

    @property
    def score(self) -> float:
        """The share of the points of its counted games (``counted``) that the player scored."""
        return self.points / self.counted if self.counted else 0.0

    @property
    def rated(self) -> bool:
        """Whether the player has played the ``MIN_RATED_GAMES`` games for its rating to be shown:
        a forfeit without play is no game of the rating."""
        return self.games >= MIN_RATED_GAMES

    def elo_text(self) -> str:
        """"+286 (+146..+645)": the rating and its 95% interval's ends as they are (the interval is
        not symmetric: "± N" misread it); an end at the cap is open, ">+645" ("<-645"): the data
        give no end on that side.  ">+314" for a perfect score, "<-314" for none (a bound).
        ``NO_VALUE`` ("–") before ``MIN_RATED_GAMES`` games (``rated``)."""
        if not self.rated:
            return NO_VALUE
        if self.elo_bound:
            return f"{self.elo_bound}{_elo(self.elo)}"
        low = ("<" if self.elo_low_open else "") + _elo(self.elo_low)
        high = (">" if self.elo_high_open else "") + _elo(self.elo_high)
        return f"{_elo(self.elo)} ({low}..{high})"


def _elo(value: float) -> str:
    """A rating as a table writes it: "+35", "-12", never "-0"."""
    return f"{round(value) or 0:+d}"


def _points(result: GameResult, side: int) -> float:
    if is_double_forfeit(result):
        return 0.0
    if result.winner is None:
        return 0.5
    return 1.0 if result.winner == side else 0.0


def is_double_forfeit(result: GameResult) -> bool:
    """A game both sides forfeit (neither could be started): 0-0, a forfeited loss for each, as a
    win for either would reward a file that does not load."""
    return result.forfeit and result.winner is None


def is_unplayed_forfeit(result: GameResult) -> bool:
    """A game lost by forfeit without play, settled by a withdrawal or lost by a player that could
    not be started (``never_started``): it gives its points (the opponent's win), but it is not a
    game played, nor one of the rating, as in chess a forfeit is not."""
    return result.forfeit and (result.unplayed or never_started(result))


def never_started(result: GameResult) -> bool:
    """A game lost by forfeit before its first move as a player of it could not be started (its
    program missing, or failing as it started: "Dark forfeits: bot.py could not be started: ..."),
    or lost by both (0-0, ``is_double_forfeit``): never played.  Told by its reason, as a log or
    report of any age keeps it.  A player that could not be started again in the middle of a game
    ("... could not be started at move 5: ...") had played it."""
    if not result.forfeit:
        return False
    if is_double_forfeit(result):
        return True
    _side, _, why = result.reason.partition(" forfeits: ")
    player, said, _reason = why.partition(f" {NOT_STARTED}: ")
    return bool(said) and ": " not in player and not player.endswith(":")  # the player alone: no other reason before


def not_played(result: GameResult) -> bool:
    """A game never played: settled by a withdrawal without play (``GameResult.unplayed``: its
    forfeits and annulments) or lost as a player could not be started (``never_started``).  The
    headings' and the window's games played leave them out, and the latest results mark them, as
    the standings' games played (GP) leave out such forfeits."""
    return result.unplayed or never_started(result)


def is_void(result: GameResult) -> bool:
    """A game our side failed to play to its end (a worker died, the referee failed): it has no
    result, counts for no one, and ``--resume`` plays it again."""
    return result.reason.startswith("void:")


def is_annulled(result: GameResult) -> bool:
    """A game annulled because a player of it withdrew before half its games (``withdrawal_stands``):
    kept, with its moves if it was played, and counted for no one."""
    return result.reason.startswith(ANNULLED)


def is_withdrawal(result: GameResult) -> bool:
    """A game settled by a withdrawal, not played: annulled, or lost by forfeit by a withdrawn player."""
    return is_annulled(result) or result.reason == BOTH_WITHDREW or result.reason.endswith(f" {WITHDREW}")


def lost_by_withdrawal(results: Iterable[GameResult], player_id: str) -> int:
    """How many of ``results`` ``player_id`` lost by forfeit for its withdrawal (an older file's
    double forfeit between two withdrawn players, ``BOTH_WITHDREW``, is lost by both): not every
    game a withdrawn player did not play, as another's withdrawal may have given it some of them
    as forfeit wins, or annulled them; the report's note said "the games it did not play are lost
    by forfeit" beside a crosstable that showed them won."""
    return sum(1 for r in results if is_withdrawal(r) and r.forfeit and player_id in r.players
               and (r.winner is None or r.players[r.winner] != player_id))


def settled_in_older_file(result: GameResult) -> bool:
    """Whether ``result``, read from a report (FILE.json) written before ``GameResult.unplayed``
    was, is a game a withdrawal settled without play: those files marked it by its reason alone.
    A withdrawal's forfeit (``WITHDREW``, ``BOTH_WITHDREW``) was never played; an annulled game was
    played if it kept moves or time used (``_annulled`` keeps those of a game played).  Unmarked,
    such games counted as played: the report's heading said "12 games" of a league that played 10."""
    if is_annulled(result):
        return not result.moves and not any(result.time_used)
    return is_withdrawal(result)


def counts(result: GameResult) -> bool:
    """Whether ``result`` counts in the standings and the crosstable: neither void nor annulled."""
    return not is_void(result) and not is_annulled(result)


def withdrawal_stands(played: int, games: int) -> bool:
    """Whether the results of a player withdrawn from a league after ``played`` of its ``games``
    stand, as university and chess round robins rule it: with at least half its games played
    they stand, and the games it did not play are lost by forfeit (its opponents are not
    penalised for meeting it late); with fewer, every game of it is annulled, its opponents'
    results against it too, so that no one gains from having met it early."""
    return 2 * played >= games


def joined_late(player_ids: list[str], started_with: int | None, games_per_pair: int,
                done: Callable[[str], int]) -> list[tuple[str, int]]:
    """(player, games it has still to play) of each player who joined the league late and has
    games left (``done``: a player's games with a result, ``Tally.done``): its games come after
    the others', so until then its row reads 0 points of 0 games, as if it had lost everything
    (the reports and the window say so under the standings)."""
    if started_with is None:
        return []
    every = games_each(len(player_ids), games_per_pair)
    return [(pid, every - done(pid)) for pid in player_ids[started_with:] if every > done(pid)]


def outcome(result: GameResult, draw: str = "1/2-1/2") -> str:
    """The result as a table writes it: "1-0", "0-1", ``draw``; "void" for a void game, which has
    none (it is not a draw), "annulled" for an annulled one (``is_annulled``)."""
    if is_void(result):
        return "void"
    if is_annulled(result):
        return "annulled"
    if is_double_forfeit(result):
        return "0-0"
    if result.winner is None:
        return draw
    return "1-0" if result.winner == 0 else "0-1"


def elo_from_score(score: float) -> float:
    """The logistic model's rating difference for a score fraction in (0, 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


class Tally:
    """The standings kept as games come in (``add``): each game is counted once, so a league's
    table after each new game (a window following a log, the live report) costs that game, not
    the whole league again; ``standings`` ranks what was added."""

    def __init__(self, player_ids: list[str], results: Iterable[GameResult] = ()) -> None:
        self.player_ids = list(player_ids)
        self._rows = {pid: Standing(pid) for pid in self.player_ids}
        self._played = dict.fromkeys(self.player_ids, 0.0)  # each player's points of the games it played (Elo)
        self._squares = dict.fromkeys(self.player_ids, 0.0)  # each player's sum of its played games' points squared (Elo)
        self._done = dict.fromkeys(self.player_ids, 0)  # each player's games with a result, annulled ones too
        self.counted = 0  # games added (void ones too), less those taken back out
        for result in results:
            self.add(result)

    def add_player(self, player_id: str) -> None:
        """A player who joined late, with no game yet."""
        self.player_ids.append(player_id)
        self._rows[player_id] = Standing(player_id)
        self._played[player_id] = 0.0
        self._squares[player_id] = 0.0
        self._done[player_id] = 0

    def add(self, result: GameResult, sign: int = 1) -> None:
        """Count a finished game (a void one counts for no one; a forfeit without play counts in
        the points, W and L, not among the games played nor in the rating); ``sign`` -1 takes it
        back out."""
        self.counted += sign
        if is_void(result):
            return
        for pid in result.players:
            self._done[pid] += sign
        if is_annulled(result):
            return
        unplayed = is_unplayed_forfeit(result)
        for side, pid in enumerate(result.players):
            s = self._rows[pid]
            p = _points(result, side)
            s.points += sign * p
            if unplayed:
                s.unplayed += sign
            else:
                s.games += sign
                self._played[pid] += sign * p
                self._squares[pid] += sign * p * p
            if side == 0:
                s.first_side_points += sign * p
            if result.winner is None and not result.forfeit:
                s.draws += sign
            elif result.winner == side:
                s.wins += sign
            else:  # a loss, or a double forfeit: a loss for both
                s.losses += sign
                s.forfeits += sign * int(result.forfeit)

    def done(self, player_id: str) -> int:
        """How many of ``player_id``'s games have a result: played, or settled by a withdrawal."""
        return self._done[player_id]

    def standings(self) -> list[Standing]:
        """Points (win 1, draw 1/2), W/D/L, forfeits and Elo with a 95% interval, best first: on
        equal points more wins, then fewer forfeits, come first; players level on all three share
        a rank (listed in the order they were named).  New rows: the tally goes on unchanged."""
        player_ids = self.player_ids
        table = {pid: replace(row) for pid, row in self._rows.items()}
        k = len(player_ids)
        factor = (k - 1) / k if k > 1 else 1.0
        for pid, s in table.items():
            _set_elo(s, self._played[pid], self._squares[pid], factor)
        rated = [s for s in table.values() if s.games]
        shift = sum(s.elo for s in rated) / len(rated) if rated else 0.0
        for s in rated:  # the logistic curve is not linear: centre the ratings exactly on 0
            s.elo, s.elo_low, s.elo_high = s.elo - shift, s.elo_low - shift, s.elo_high - shift

        named = {pid: i for i, pid in enumerate(player_ids)}
        return _ranked(sorted(table.values(), key=lambda s: (*_merit(s), named[s.player])))


def _merit(s: Standing) -> tuple[float, int, int]:
    """What ranks a player: more points, then more wins, then fewer forfeits."""
    return (-s.points, -s.wins, s.forfeits)


def _ranked(order: list[Standing]) -> list[Standing]:
    """``order`` (best first) with its ranks: players level on everything share a rank ("1224"
    ranking): the order they were named in (a folder's alphabet) is no merit, and a class's winner
    must not hang on it."""
    for place, s in enumerate(order, 1):
        s.rank = order[place - 2].rank if place > 1 and _merit(order[place - 2]) == _merit(s) else place
    return order


def annulled_players(withdrawn: dict[str, tuple[int, int]]) -> list[str]:
    """The withdrawn players whose games are all annulled (``withdrawal_stands``): they have no
    result left, so they are shown apart from the standings, not ranked."""
    return [pid for pid, when in withdrawn.items() if not withdrawal_stands(*when)]


def ranked_apart(order: list[Standing], withdrawn: dict[str, tuple[int, int]]) -> list[Standing]:
    """The standings ``order`` without the players ``annulled_players`` names, ranked again
    among the rest: such a player stood on 0 points of 0 games tied at the foot of the table, as
    if it had lost everything, and shared a rank with a player who had."""
    apart = set(annulled_players(withdrawn))
    if not apart:
        return order
    return _ranked([replace(s) for s in order if s.player not in apart])


def named_reason(result: GameResult, name: Callable[[str], str]) -> str:
    """``result``'s reason with the player it names (a forfeit's, a withdrawal's, an annulled
    game's) by its name in the tables (``name``), not its id (``ai.reason_names.sides_named``): a
    student's file was named by its whole path in FILE.csv, where the window said its name."""
    return sides_named(result.reason, result.players, [name(pid) for pid in result.players], result.winner)


def standings(player_ids: list[str], results: list[GameResult]) -> list[Standing]:
    """The standings of ``results`` (``Tally.standings``)."""
    return Tally(player_ids, results).standings()


def _set_elo(s: Standing, points: float, squares: float, factor: float) -> None:
    """Elo from the score fraction, as a round robin allows.

    Each player's score fraction ``s`` (win 1, draw 1/2) over the games it played (``points`` of
    ``s.games``: a forfeit without play is not rated, as in chess) gives
    its performance against the average of its opponents with the logistic model,
    ``d = -400 log10(1/s - 1)``.  In a round robin every player meets the same field, so ratings
    ``R_i`` with mean 0 satisfy ``R_i - mean(R_j, j != i) = d_i``, i.e. ``R_i = d_i (k - 1) / k`` for
    ``k`` players; as the logistic curve is not linear these only nearly average 0, so they are then
    shifted (intervals too) to make the mean exactly 0.  The 95% interval comes from the
    normal approximation of ``s``: its standard error is ``sqrt(var / n)`` with ``var`` the variance of
    the player's per-game points about ``s`` (from their sum, ``points``, and the sum of their
    squares, ``squares``: kept as games come in, ``Tally``), counting one won and one lost game beside them (else a
    player who drew every game would have a variance, and an interval, of 0: "+0 +- 0" after two
    draws), and ``s +- 1.96 se`` is mapped through the same formula.  A score of 0 or 100% is
    clamped to half a game from the end (the rating is then a bound, shown with ``<``/``>``), and
    so is an end of the interval past it: that end is the cap, the same for every player with as
    many games, and open (``elo_low_open``/``elo_high_open``: the data give no end on that side).
    """
    n = s.games
    if n == 0:
        return
    mean = points / n
    spread = max(0.0, squares - n * mean ** 2)  # the sum of (p - mean)^2 over its games' points p
    var = (spread + mean ** 2 + (1 - mean) ** 2) / (n + 2)
    se = math.sqrt(var / n)
    lowest, highest = 0.5 / n, 1 - 0.5 / n
    s.elo_bound = "<" if mean <= 0 else ">" if mean >= 1 else ""

    def rating(x: float) -> float:
        return elo_from_score(min(max(x, lowest), highest)) * factor

    s.elo = rating(mean)
    s.elo_low = rating(mean - 1.96 * se)
    s.elo_high = rating(mean + 1.96 * se)
    s.elo_low_open = mean - 1.96 * se <= lowest
    s.elo_high_open = mean + 1.96 * se >= highest


def crosstable(player_ids: list[str], results: list[GameResult]) -> dict[str, dict[str, tuple[float, int]]]:
    """``table[a][b]`` = (points a scored against b, games they played), both sides together."""
    table = {a: {b: (0.0, 0) for b in player_ids if b != a} for a in player_ids}
    for result in results:
        if not counts(result):
            continue
        a, b = result.players
        for side, (me, other) in enumerate(((a, b), (b, a))):
            pts, n = table[me][other]
            table[me][other] = (pts + _points(result, side), n + 1)
    return table


# how a crosstable marks a game won or lost by forfeit without play (``is_unplayed_forfeit``), as a
# chess crosstable does: in its points (a "+" is a point, a "−" none), not among its games played
FORFEIT_WON, FORFEIT_LOST = "+", "−"


def crosstable_forfeits(player_ids: list[str], results: list[GameResult]) -> dict[str, dict[str, tuple[int, int]]]:
    """``table[a][b]`` = (games a won from b by forfeit without play, games a lost to b so), of
    the games ``crosstable`` counts (``is_unplayed_forfeit``; a double forfeit is lost by both)."""
    table = {a: {b: (0, 0) for b in player_ids if b != a} for a in player_ids}
    for result in results:
        if not counts(result) or not is_unplayed_forfeit(result):
            continue
        a, b = result.players
        for side, (me, other) in enumerate(((a, b), (b, a))):
            won, lost = table[me][other]
            table[me][other] = (won + (result.winner == side), lost + (result.winner != side))
    return table


def played_part(cell: tuple[float, int], forfeits: tuple[int, int]) -> tuple[float, int]:
    """A crosstable cell's (points, games) (``crosstable``) of its games played alone: its forfeits
    without play (``crosstable_forfeits``: won, lost) taken out, a point each one won.  The cell
    read "2 of 2" for a pair that never played, beside standings that counted no game played."""
    (points, games), (won, lost) = cell, forfeits
    return points - won, games - won - lost


def forfeit_marks(won: int, lost: int) -> str:
    """A crosstable cell's forfeits without play, as a chess crosstable marks them: "+" one won,
    "−" one lost, with how many where more than one ("+×2"); "" for none."""
    return " ".join(sign + (f"×{n}" if n > 1 else "") for sign, n in ((FORFEIT_WON, won), (FORFEIT_LOST, lost)) if n)


@dataclass
class Summary:
    """Everything a finished (or stopped) tournament reports: what --out writes as JSON."""

    game: str
    options: dict[str, Any]
    players: list[str]
    games_per_pair: int
    time_per_move: float | None
    jobs: int
    seed: int | None
    elapsed: float
    cancelled: bool
    standings: list[Standing] = field(default_factory=list)
    results: list[GameResult] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)  # each result's game number
    clock: str | None = None  # the game clock (GameClock text), if any
    names: dict[str, str] = field(default_factory=dict)  # player id -> display name (display_names)
    cluster: str | None = None  # "local" or the Dask scheduler's address; None: --jobs processes
    resumed: int = 0  # games taken from the results log of an earlier run
    resume_with: str | None = None  # the FILE of ``--resume FILE`` that plays the void games (None: no log)
    started_with: int | None = None  # how many players began, the others having joined late (None: all)
    withdrawn: dict[str, tuple[int, int]] = field(default_factory=dict)  # players withdrawn -> (played, of its games)

    @property
    def void(self) -> int:
        """How many of ``results`` are void (``is_void``): not played to an end, counted for no one."""
        return sum(is_void(r) for r in self.results)

    @property
    def settled(self) -> int:
        """How many of ``results`` were never played (``not_played``: settled by a withdrawal, or
        lost as a player could not be started): the report's heading counted them as games played."""
        return sum(not_played(r) for r in self.results)

    @property
    def total(self) -> int:
        """The games of the whole round robin (``results`` may hold fewer: stopped early)."""
        return games_in(len(self.players), self.games_per_pair)

    @classmethod
    def of(cls, t: Tournament) -> Summary:
        results = t.finished()
        return cls(t.game_id, dict(t.options), list(t.player_ids), t.games_per_pair, t.time_per_move, t.jobs,
                   t.seed, round(t.elapsed, 3), t.cancelled, t.standings(), results,
                   t.finished_numbers(), t.clock, t.names(), t.cluster, t.resumed, started_with=t.started_with,
                   withdrawn=dict(t.withdrawn))

    def name(self, player_id: str) -> str:
        return self.names.get(player_id) or display_names(self.players).get(player_id, player_id)

    def table(self) -> list[Standing]:
        """The standings for the data files (FILE.json, FILE-standings.csv): the ranked players
        (``ranked_apart``), then each withdrawn player whose games are all annulled, rank 0: not
        ranked, its row kept for a script that looks a student up."""
        apart = set(annulled_players(self.withdrawn))
        return ranked_apart(self.standings, self.withdrawn) + [replace(s, rank=0) for s in self.standings
                                                               if s.player in apart]

    def to_json(self) -> dict[str, Any]:
        cross = crosstable(self.players, self.results)
        numbers = self.numbers or list(range(1, len(self.results) + 1))
        return {
            "game": self.game, "options": self.options, "players": self.players,
            "games_per_pair": self.games_per_pair, "time_per_move": self.time_per_move, "jobs": self.jobs,
            "seed": self.seed, "elapsed": self.elapsed, "cancelled": self.cancelled, "clock": self.clock,
            "cluster": self.cluster, "resumed": self.resumed, "total": self.total, "void": self.void,
            **({} if self.started_with is None else {"started_with": self.started_with}),  # its schedule
            **({"withdrawn": {p: list(when) for p, when in self.withdrawn.items()}} if self.withdrawn else {}),
            "names": {p: self.name(p) for p in self.players},
            "scoring": "win 1, draw 0.5, loss 0; Elo: logistic model from the score fraction, mean 0, 95% interval; "
                       "a forfeit without play (a withdrawal's, or a player not started): in the points, not in games "
                       "nor Elo",
            "standings": [dict(asdict(s), score=round(s.score, 4), rated=s.rated) for s in self.table()],
            "crosstable": {a: {b: {"points": p, "games": n} for b, (p, n) in row.items()} for a, row in cross.items()},
            "games": [dict(r.to_json(), number=n) for n, r in zip(numbers, self.results)],
        }
