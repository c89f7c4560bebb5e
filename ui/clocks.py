"""Game clocks in the window: the setup's clock, how a clock reads on the panel, and the clock
readings a game's record keeps.

The turn rules (whose clock runs, flag fall, the increment, a computer's budget) are
``ai.referee``'s, the same as in matches and tournaments; this module is the window's side of them.

The clock rides on the game's setup (``ui.match.MatchSetup.clock``: the clock's text, e.g.
"5m+3s"), so Rematch keeps it, New game's screen has it filled in (``SetupChoices.take``), and
the record's ``setup`` stores it.  The readings after every ply go into the record's setup as
``clock_readings`` (one [first, second] pair per position, the start included; the recorder
writes them), so Continue and "Play from here" put both clocks back exactly as they were after
that move; the time of a move still being thought about when the
game was left is not charged.  Records without these fields (older versions, the command line) have no clock.
A game left paused (``PAUSED_KEY``: two friends' Pause, or a person's against the computer) comes
back paused, its clocks as they stood at the Pause.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ai.referee import LOST_ON_TIME, GameClock, clock_of
from games.move_numbers import times_taken
from games.record import GameRecord
from ui.i18n import _, localized, number_text

# The setup screen's choices (None: no clock), as GameClock texts: minutes + seconds of increment,
# shortest first.  They stopped at 15m+10s: Othello championships (WOF) give 30 minutes a side, and
# chess players look for 30 and 60 minutes too (a 60-minute clock reads "1:00:00", ``reading_text``).
CLOCK_CHOICES: tuple[str | None, ...] = (None, "1m+0s", "3m+2s", "5m+0s", "5m+3s", "10m+5s", "15m+10s",
                                         "30m+0s", "30m+30s", "60m+0s")
READINGS_KEY = "clock_readings"
LEFT_KEY = "clock_left"  # [first side, second side, plies]: both clocks when a clocked game was left between moves
PAUSED_KEY = "paused_at"  # plies: a clocked game with a person in it was left paused after that many moves


def setup_clock(setup: Any) -> GameClock | None:
    """The game clock of a setup (None: computers get the per-move time, humans no clock)."""
    return clock_of(getattr(setup, "clock", None))


def choice_label(clock: str | None) -> str:
    """A clock choice as the setup screen shows it: "Off", "5 min + 3 s"."""
    parsed = clock_of(clock)
    if parsed is None:
        return _("Off")
    return _("{minutes} min + {seconds} s").format(minutes=number_text(parsed.initial / 60, "g"), seconds=number_text(parsed.increment, "g"))


def short_label(clock: GameClock) -> str:
    """A clock as chess players write a time control, minutes + seconds of increment: "5+3" for
    "5 min + 3 s" (``choice_label``), where a line has no room for the words."""
    return f"{number_text(clock.initial / 60, 'g')}+{number_text(clock.increment, 'g')}"


def time_control_forms(clock: str | None) -> list[str]:
    """A game's time control as a panel says it, longest first: in New game's words for its Clock
    choice ("Clock: 5 min + 3 s", ``choice_label``), then as chess players write it, labelled
    ("Clock: 5+3") and bare ("5+3", ``short_label``), for a line with no room for the words;
    [] for a game on no clock."""
    parsed = clock_of(clock)
    if parsed is None:
        return []
    short = short_label(parsed)
    return [_("Clock: ") + choice_label(clock), _("Clock: ") + short, short]


def reading_text(seconds: float) -> str:
    """A clock as the panel shows it: "4:59" (whole seconds, rounded down), tenths under 10 s
    ("0:09.3"), never below "0:00.0"."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        tenths = math.floor(seconds * 10)
        return f"0:0{tenths // 10}{localized('.')}{tenths % 10}"  # 0:09,3 in Portuguese
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def record_clock(setup: dict[str, Any]) -> tuple[str | None, list[tuple[float, float]] | None]:
    """(clock text, readings per position) from a record's ``setup``, the last position's with the
    time spent on the move that was not made taken off (``left_on_the_move``), as the replay shows
    a game left or lost on time; anything malformed is left out."""
    clock, readings = played_clock(setup)
    left = left_on_the_move(setup, len(readings) - 1) if readings else None
    if readings and left is not None:
        readings[-1] = left
    return clock, readings


def played_clock(setup: dict[str, Any]) -> tuple[str | None, list[tuple[float, float]] | None]:
    """(clock text, readings per position) from a record's ``setup``, each as its move left it: what
    Continue plays on from (``left_on_the_move`` apart); anything malformed is left out."""
    clock = setup.get("clock") if clock_of(setup.get("clock")) is not None else None
    if clock is None:
        return clock, None
    return clock, readings_in(setup.get(READINGS_KEY))


def readings_in(raw: Any) -> list[tuple[float, float]] | None:
    """Clock readings as a record's setup keeps them (``kept_readings``: [first, second] pairs),
    or None for anything malformed (a hand-edited file): no clock is made up from it."""
    if not isinstance(raw, list):
        return None
    readings = []
    for pair in raw:
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in pair)):
            return None
        readings.append((float(pair[0]), float(pair[1])))
    return readings


def left_on_the_move(setup: dict[str, Any], plies: int) -> tuple[float, float] | None:
    """Both clocks as a game was left after ``plies`` moves, the time already spent on the next
    move taken off (``LEFT_KEY``), or None (none kept, or kept before a later move)."""
    left = setup.get(LEFT_KEY)
    return (float(left[0]), float(left[1])) if _is_left_after(left, plies) else None


@dataclass(frozen=True)
class ClockHistory:
    """A clocked record's clocks as the replay shows them: both clocks at each position, the start
    included (``readings``, as ``record_clock`` reads them: a game left or lost on time has the
    time spent on the move not made off the last), and the seconds each move took (``taken``)."""

    readings: list[tuple[float, float]]
    taken: list[float]

    def clock_texts(self, ply: int) -> tuple[str, str]:
        """Both clocks as they stood after ``ply`` moves, as the game screen read them then."""
        first, second = self.readings[ply]
        return reading_text(first), reading_text(second)

    def taken_texts(self) -> list[str]:
        """Each move's time as a clock reads it ("0:04.0", "1:12"): the move list's, one a move."""
        return [reading_text(seconds) for seconds in self.taken]


def clock_history(record: GameRecord, movers: Sequence[int]) -> ClockHistory | None:
    """The clocks of ``record`` (``movers``: the side that made each of its moves) after every move,
    or None for a game on no clock or one whose record kept no reading after every move (an older
    version's, a GGF with the clock and no move's time): its clocks are not made up.  A game lost
    on time ends with its loser's clock run out, as the game screen showed it (the readings keep
    its clock as its last move left it: the replay's last ply read "1:00" for a flag that fell)."""
    text, readings = record_clock(record.setup)
    clock = clock_of(text)
    if clock is None or readings is None or len(readings) != len(movers) + 1:
        return None
    taken = times_taken(readings, movers, clock.increment)  # the moves', not the flag's
    flagged = _flag_fallen(record)
    if flagged is not None:
        last = list(readings[-1])
        last[flagged] = min(last[flagged], 0.0)
        readings[-1] = (last[0], last[1])
    return ClockHistory(readings, taken)


def _flag_fallen(record: GameRecord) -> int | None:
    """The side whose flag fell at the end of ``record`` (its result says it lost on time: "O lost
    on time at move 3", "O forfeits: level-3 lost on time: ...", a GGF's "Black lost on time"), or None."""
    result = record.result
    if result is None or result.winner is None or LOST_ON_TIME not in result.reason:
        return None
    return 1 - result.winner


def kept_readings(readings: Sequence[tuple[float, float]]) -> list[list[float]]:
    """Clock readings as a record's setup keeps them (``READINGS_KEY``): to the millisecond."""
    return [[round(a, 3), round(b, 3)] for a, b in readings]


def with_clock(record: GameRecord, initial: float, increment: float,
               readings: Sequence[tuple[float, float]] | None) -> GameRecord:
    """``record`` with the clock a file says its game was played on (a GGS game's ``TI`` and
    move times: ``games.othello_ggf.ggf_clock``), kept in its setup as the window keeps its own
    games' clocks, so the replay's Play from here and Continue show and go on from them."""
    setup = {**record.setup, "clock": GameClock(initial, increment).text}
    if readings is not None:
        setup[READINGS_KEY] = kept_readings(readings)
    return replace(record, setup=setup)


def left_paused(setup: dict[str, Any], plies: int) -> bool:
    """Whether a record's ``setup`` says its game was left paused after ``plies`` moves (its last:
    a flag written before a later move, or not a count, says nothing)."""
    paused_at = setup.get(PAUSED_KEY)
    return isinstance(paused_at, int) and not isinstance(paused_at, bool) and paused_at == plies


def _is_left_after(left: Any, plies: int) -> bool:
    """Whether ``left`` is a well-formed ``LEFT_KEY`` entry for the position after ``plies`` moves."""
    return (isinstance(left, list) and len(left) == 3 and left[2] == plies and not isinstance(left[2], bool)
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0
                    for x in left[:2]))



def setup_up_to(setup: dict[str, Any], plies: int) -> dict[str, Any]:
    """A record's ``setup`` for the game cut after ``plies`` moves ("Play from here"): the clock
    readings up to that position, so the clocks go on from where they stood then."""
    raw = setup.get(READINGS_KEY)
    if not isinstance(raw, list):
        return dict(setup)
    return {**setup, READINGS_KEY: raw[: plies + 1]}


def record_up_to(record: GameRecord, plies: int, state: Any) -> GameRecord:
    """``record`` cut after ``plies`` moves, ``state`` the position they reach: the game "Play from
    here" (the replay's) and "Take over" (a watched game's) go on from.  Its clocks as they stood
    then; no evaluations (they spoke of the whole game); a game that ended off the board (on time,
    resigned) unfinished there."""
    cut = record.with_moves(record.moves[:plies], state)
    cut = replace(cut, setup=setup_up_to(cut.setup, plies))
    cut.evaluations, cut.ply_values = None, None
    return cut
