"""The turn rules, written once for the match referee (``ai.match.play_game``) and the window's game
screen (``ui.scenes.game``): whose clock runs, what each side has left, and what a late, illegal,
crashed or forfeited reply means.  The rules of the games know nothing of clocks and forfeits.

A game may have a per-move limit, a game clock, or both:

- Per-move limit (``time_per_move``, one for both sides or one each): a reply later than the
  limit plus ``GRACE`` (timer and scheduling jitter) loses at once.
- Game clock (``GameClock``, e.g. ``5m+2s``): each side starts with ``initial`` seconds; a move's
  thinking time is charged to the mover's clock, then ``increment`` is credited.  A clock that
  reaches zero is a flag fall: that side loses.  The mover is given ``move_budget`` as its limit,
  so players that only know a per-move limit play on a clock unchanged; with both, the budget
  never exceeds the per-move limit.

A side that loses by these rules gets a ``Loss``: the side and why, in English words that follow
fixed patterns (the window translates them, ``ui.words.forfeit_reason``).  The referee names the
player in front ("level-3 lost on time: ...").  No clock of its own: callers pass the time
(``time.perf_counter()`` or ``time.monotonic()`` readings), so the rules are tested exactly.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ai.base import Limits
from games.base import Game, State
from games.move_numbers import move_asked
from games.record_parts import FORFEITS

GRACE = 0.5  # seconds beyond the per-move limit before a slow move forfeits (timer and scheduling jitter)
MOVES_AHEAD = 30  # moves a side is assumed still to have to make, when sharing out its clock
BUDGET_SHARE = 0.5  # a move's budget is at most this share of the clock left: a late answer never flags
LOST_ON_TIME = "lost on time"  # how every flag-fall reason begins


@dataclass(frozen=True)
class GameClock:
    """``initial`` seconds per side, ``increment`` seconds credited after each move."""

    initial: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> GameClock:
        """``5m+2s``, ``300+2``, ``1m30s``, ``90``, ``0.5s+0.1s``: seconds unless ``h``/``m``/``s``
        says otherwise; ValueError with the expected form otherwise."""
        main, plus, inc = text.strip().partition("+")
        initial, increment = _duration(main, text), _duration(inc, text) if plus else 0.0
        if initial <= 0:
            raise ValueError(f"clock {text!r}: the initial time must be more than 0")
        return cls(initial, increment)

    @property
    def text(self) -> str:
        return f"{_duration_text(self.initial)}+{_duration_text(self.increment)}"


_UNIT = {"h": 3600.0, "m": 60.0, "s": 1.0, "": 1.0}
_DURATION = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([hms]?)")


def _duration(part: str, whole: str) -> float:
    part = part.strip().lower()
    pieces = list(_DURATION.finditer(part))
    if not part or "".join(m.group(0) for m in pieces).replace(" ", "") != part.replace(" ", ""):
        raise ValueError(f"clock {whole!r}: expected TIME[+INCREMENT] such as 5m+2s, 300+2 or 1m30s")
    return sum(float(m.group(1)) * _UNIT[m.group(2)] for m in pieces)


def _duration_text(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60.0)
    if minutes and rest == 0:
        return f"{minutes:g}m"
    return f"{minutes:g}m{rest:g}s" if minutes else f"{rest:g}s"


def move_budget(remaining: float, increment: float, moves_ahead: int = MOVES_AHEAD) -> float:
    """Seconds to spend on this move with ``remaining`` on the clock: an even share of the clock
    over the moves still expected plus the increment, never more than ``BUDGET_SHARE`` of what is
    left (so a player that overruns its budget a little still does not flag)."""
    if remaining <= 0:
        return 0.0
    return min(remaining / moves_ahead + increment, BUDGET_SHARE * remaining)


@dataclass(frozen=True)
class Loss:
    """``side`` lost the game by the turn rules; ``why`` in the referee's words ("lost on time: ...")."""

    side: int
    why: str

    @property
    def on_time(self) -> bool:
        """A flag fall (the side's clock ran out), as opposed to a late, illegal or crashed reply."""
        return is_flag_fall(self.why)

    def reason(self, game: Game, player: str) -> str:
        """The end reason a result records: "O forfeits: level-3 lost on time: ..."."""
        return f"{game.sides[self.side]}{FORFEITS}{player} {self.why}"


def is_flag_fall(why: str) -> bool:
    return why.startswith(LOST_ON_TIME)


def crashed(side: int, error: BaseException | str) -> Loss:
    """The player raised instead of answering (an exception, or its "Type: message" text)."""
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return Loss(side, f"crashed: {text}")


AT_MOVE = re.compile(r" at move \d+")  # the move a forfeit came at, once a reason says it (``at_move``)
# a forfeit's first words, after which its move is said: "played an illegal move 'z9' at move 3: ..."
NAMES_ITS_MOVE = re.compile(r"crashed|exceeded the time limit|lost on time|played an illegal move .+?(?=(?: at move \d+)?: )"
                            r"|started more processes than its limit \(\d+\)|engine refused '[^']*'|answered '[^']*'"
                            r"|could not be (?:started|restarted)|cannot be given this position", re.S)


def at_move(loss: Loss, index: int) -> Loss:
    """A forfeit's ``loss`` saying at which move it came, after its first words: "crashed at move 5:
    ZeroDivisionError ...", "exceeded the time limit at move 3 (...)", "played an illegal move 'z9'
    at move 3: ...".  ``index`` is the moves played when the player was asked (openings counted, a
    game set up from a position counted from its first move after the set-up), and the number is
    that of the move it was asked for, ``move_asked``: the Nth move of the game, counted as the
    replay's "Move N of M" header and the board's browse line count them, so that the number finds
    the position with them and Left/Right stepping: after "crashed at move 5" the replay ends at
    "Move 4 of 4", the position the player was given, its move 5 never made.  A reason without the
    move left a student replaying the game to find the position; numbered by the move list's rows
    of two ("move 3" for the fifth move), it named another move than the headers.  A reason that
    says its move already, or is no forfeit of a move (a withdrawal), is returned unchanged."""
    head = NAMES_ITS_MOVE.match(loss.why)
    if head is None or AT_MOVE.match(loss.why, head.end()):
        return loss
    return Loss(loss.side, f"{loss.why[:head.end()]} at move {move_asked(index)}{loss.why[head.end():]}")


def forfeited(side: int, why: str) -> Loss:
    """An outside player lost by its process's rules (``ai.base.Forfeit``: over time, dead, illegal)."""
    return Loss(side, why)


def seconds_text(seconds: float) -> str:
    """A limit in a reason: at most two decimals, no trailing zeros ("1", "0.5", "0.27")."""
    return f"{seconds:.2f}".rstrip("0").rstrip(".")


def over_the_limit(spent: float, limit: float, answered: bool = True) -> str:
    """Why a reply was too late for a per-move ``limit``: how long it took (``spent`` seconds), or,
    when it was cut off (not ``answered``), how long it was waited for, and the limit and grace
    as they are.  "1.00 s > 0.5 s" read as the bot's time when it was the limit plus the grace."""
    return (f"exceeded the time limit ({_took(spent, answered)}; limit {seconds_text(limit)} s + "
            f"{seconds_text(GRACE)} s grace)")


def flag_fell(spent: float, left: float, clock: str, answered: bool = True) -> str:
    """Why a side whose clock showed ``left`` lost after ``spent`` seconds of its turn (cut off
    then, unless ``answered``)."""
    took = f"{spent:.2f} s spent" if answered else _took(spent, answered)
    return f"{LOST_ON_TIME}: the flag fell ({took} with {left:.2f} s left on its {clock} clock)"


def _took(spent: float, answered: bool) -> str:
    """"answered after 1.23 s", or "no answer after 1.00 s" for a reply cut off then."""
    return f"{'answered' if answered else 'no answer'} after {spent:.2f} s"


def late_reply(limits: Limits, spent: float) -> str:
    """Why a reply cut off after ``spent`` seconds, its process stopped for being late, lost: its
    flag fell if its game clock was the tighter limit (``Limits.remaining``), else it went over the
    per-move limit.  No answer came, so it is said as "no answer after", not as the time it took."""
    move_limit = limits.time if limits.remaining is None else limits.move_limit
    if limits.remaining is not None and (move_limit is None or limits.remaining <= move_limit):
        return flag_fell(spent, limits.remaining, limits.clock or "game", answered=False)
    return over_the_limit(spent, move_limit if move_limit is not None else 0.0, answered=False)


def play_reply(game: Game, state: State, move: Hashable, shown: str | None = None) -> tuple[str, State] | Loss:
    """The notation and the position after the mover's ``move``, or its ``Loss`` if it is illegal
    (``shown``: how the move is named in the reason, its repr by default)."""
    try:
        return game.format_move(state, move), state.play(move)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        return Loss(state.to_move, f"played an illegal move {shown or repr(move)}: {exc}")


class Referee:
    """One game's time rules: the per-move limit and both clocks, with the clock of the side to
    move running between ``start`` and ``end_turn`` (``pause``/``resume`` stop it meanwhile, e.g.
    a paused game in the window).  ``left`` holds each side's clock between turns."""

    def __init__(self, time_per_move: float | None | tuple[float | None, float | None] = None,
                 clock: GameClock | None = None, left: tuple[float, float] | list[float] | None = None) -> None:
        self.time_per_move = time_per_move  # one limit for both sides, or one each (None: no limit)
        self.clock = clock
        self.left: list[float] | None = None
        if clock is not None:
            self.left = [float(x) for x in left] if left is not None else [clock.initial, clock.initial]
        self.side: int | None = None  # whose turn is being timed
        self._since: float | None = None  # when its clock last started; None: stopped
        self._paused_at: float | None = None  # when it last stopped
        self._spent = 0.0  # its time before ``_since`` (earlier stretches of this turn)

    # -- the turn ------------------------------------------------------------------------------
    def start(self, side: int, now: float) -> None:
        """``side``'s turn begins: its clock runs from ``now``."""
        self.side, self._since, self._spent = side, now, 0.0

    def pause(self, now: float) -> None:
        """Stop the running clock (the time so far stays charged to this turn)."""
        if self._since is not None:
            self._spent += now - self._since
            self._since = None
            self._paused_at = now

    def resume(self, now: float, since: float | None = None) -> None:
        """Run the stopped clock again from ``now``, or from ``since`` when it came during the pause
        (a window's computer began to think then, heard of a frame later: ``ui.ai_worker.AIReady``);
        from the pause itself when ``since`` came before it (its thinking began as the window's frame
        stopped the clock for its set-up, not yet heard): that wait was charged nothing, and a
        level's reply heard with it cost nothing (its flag fell a move late)."""
        if self.side is not None and self._since is None:
            paused = self._paused_at if self._paused_at is not None else now
            self._since = min(max(since, paused), now) if since is not None else now

    def stop(self) -> None:
        """No turn is timed (the game is over, or moves were taken back and none has begun)."""
        self.side, self._since, self._spent = None, None, 0.0

    def halt(self, now: float) -> None:
        """The game ended between moves (a resignation, a draw agreed, a forfeit): the side to move's
        clock keeps the time its turn took until ``now``, without the increment (it played no move),
        and no turn is timed.  ``stop`` alone gave that time back: a player who thought a minute and
        resigned saw the clock read what it read when the turn began."""
        if self.side is not None and self.left is not None:
            self.left[self.side] -= self.spent(now)
        self.stop()

    @property
    def running(self) -> bool:
        return self._since is not None

    def spent(self, now: float) -> float:
        """Seconds the side to move has used on this turn so far."""
        return self._spent + (now - self._since if self._since is not None else 0.0)

    def reading(self, side: int, now: float) -> float | None:
        """What ``side``'s clock shows at ``now`` (None without a clock)."""
        if self.left is None:
            return None
        return self.left[side] - (self.spent(now) if side == self.side else 0.0)

    def readings(self) -> tuple[float, float] | None:
        """Both clocks between turns (None without a clock)."""
        return (self.left[0], self.left[1]) if self.left is not None else None

    def set_readings(self, left: tuple[float, float] | list[float] | None) -> None:
        """Put both clocks back to ``left`` (undo, redo, a resumed game); the turn is not timed."""
        if self.clock is not None:
            self.left = [float(x) for x in (left if left is not None else (self.clock.initial,) * 2)]
        self.stop()

    def flag_fall(self, now: float) -> Loss | None:
        """The side to move's ``Loss`` once its clock shows zero while it thinks."""
        if self.side is None or self.left is None or self.reading(self.side, now) > 0:
            return None
        return self._flag(self.side, self.spent(now))

    # -- a move's limits and its verdict -------------------------------------------------------
    def budget(self, side: int) -> float | None:
        """The seconds ``side`` may spend on its move: the per-move limit, or on a clock
        ``move_budget`` (capped by the per-move limit if there is one)."""
        return self.limits(side).time

    def move_limit(self, side: int) -> float | None:
        """``side``'s per-move limit: the same for both, or its own (e.g. a depth-bound outside
        engine that is not timed against a timed level)."""
        if isinstance(self.time_per_move, tuple):
            return self.time_per_move[side]
        return self.time_per_move

    def limits(self, side: int, spent: float = 0.0) -> Limits:
        """A computer player's limits: its budget, with the clock itself in ``remaining`` (and the
        per-move limit, when there is one beside the clock, in ``move_limit``); ``spent``: seconds
        of this turn already used (a search started again), taken off the clock first."""
        if self.left is None or self.clock is None:
            return Limits(time=self.move_limit(side))
        left = self.left[side] - spent
        budget = move_budget(left, self.clock.increment)
        limit = self.move_limit(side)
        return Limits(time=budget if limit is None else min(budget, limit), remaining=left,
                      increment=self.clock.increment, move_limit=limit, clock=self.clock.text)

    def end_turn(self, side: int, spent: float) -> Loss | None:
        """``side`` answered after ``spent`` seconds: its ``Loss`` if that was too late (over the
        per-move limit, or a flag fall), else its clock is charged and credited the increment."""
        limit = self.move_limit(side)
        self.stop()
        if limit is not None and spent > limit + GRACE:
            if self.left is not None:
                self.left[side] -= spent  # its clock shows the time the late move took
            return Loss(side, over_the_limit(spent, limit))
        if self.left is None or self.clock is None:
            return None
        left = self.left[side] - spent
        if left < 0:
            return self._flag(side, spent)
        self.left[side] = left + self.clock.increment
        return None

    def _flag(self, side: int, spent: float) -> Loss:
        """``side``'s flag fell after ``spent`` seconds of this turn; its clock keeps what is
        left (zero or below: the window shows 0)."""
        assert self.left is not None and self.clock is not None
        before = self.left[side]
        self.left[side] = before - spent
        self.stop()
        return Loss(side, flag_fell(spent, before, self.clock.text))


def clock_of(text: Any) -> GameClock | None:
    """The clock a setting or record names ("5m+3s"), or None for none (or an unreadable one)."""
    if not isinstance(text, str) or not text:
        return None
    try:
        return GameClock.parse(text)
    except ValueError:
        return None
