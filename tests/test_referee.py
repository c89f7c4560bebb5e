"""The turn rules (ai/referee.py) shared by matches and the window: clocks with fake times, each
kind of loss and its words, and the window's translation of every reason the referee writes."""

from __future__ import annotations

import pytest

import games
from ai import referee
from ai.referee import GRACE, GameClock, Loss, Referee, move_budget
from ui import i18n, words


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_the_clock_runs_only_for_the_side_to_move_and_stops_while_paused():
    rules = Referee(None, GameClock(60, 2))
    rules.start(0, now=100.0)
    assert rules.reading(0, 110.0) == 50 and rules.reading(1, 110.0) == 60
    rules.pause(110.0)
    assert rules.reading(0, 500.0) == 50  # paused: nothing charged
    rules.resume(500.0)
    assert rules.spent(505.0) == 15
    assert rules.end_turn(0, rules.spent(505.0)) is None
    assert rules.readings() == (60 - 15 + 2, 60)  # charged, then the increment
    assert not rules.running and rules.side is None


def test_a_thinking_begun_before_the_pause_for_its_set_up_is_charged_from_the_pause():
    """A window stopped the clock for a computer's set-up in the frame its thinking began (sent
    just before, heard a frame later): the clock ran again from the frame that heard it, and the
    wait between was charged nothing; a level-1 reply heard then cost nothing, and on a clock with a
    microsecond left its flag fell a move late (CI: "X lost on time at move 2" where 1 was due)."""
    rules = Referee(None, GameClock(5, 0))
    rules.start(0, now=100.0)
    rules.pause(100.5)  # its set-up, the window believes
    rules.resume(100.8, since=100.4)  # it had begun to think at 100.4
    assert rules.spent(100.8) == pytest.approx(0.8)  # from the turn's start: the clock never stood still
    rules.pause(101.0)
    rules.resume(101.5, since=101.2)  # begun during the pause: from then
    assert rules.spent(101.5) == pytest.approx(1.0 + 0.3)
    rules.pause(102.0)
    rules.resume(102.5, since=103.0)  # a time to come: from now
    assert rules.spent(102.5) == pytest.approx(1.8)


def test_flag_fall_while_thinking_and_after_a_late_move():
    rules = Referee(None, GameClock(5, 0))
    rules.start(1, now=0.0)
    assert rules.flag_fall(4.9) is None
    loss = rules.flag_fall(5.0)
    assert loss == Loss(1, "lost on time: the flag fell (5.00 s spent with 5.00 s left on its 5s+0s clock)")
    assert loss.on_time and rules.readings() == (5, 0)
    late = Referee(None, GameClock(5, 1))
    assert late.end_turn(0, 6.5).on_time and late.readings() == (-1.5, 5)  # the match records what is left


def test_budget_and_limits_on_a_clock_with_and_without_a_per_move_limit():
    rules = Referee(None, GameClock(300, 2))
    assert rules.budget(0) == pytest.approx(move_budget(300, 2))
    limits = rules.limits(1)
    assert (limits.time, limits.remaining, limits.increment) == (pytest.approx(move_budget(300, 2)), 300, 2)
    assert Referee(0.1, GameClock(300, 2)).budget(0) == 0.1
    assert Referee(1.0).budget(0) == 1.0 and Referee(1.0).limits(0).remaining is None
    assert Referee().budget(0) is None


def test_a_late_reply_loses_only_beyond_the_grace():
    assert Referee(1.0).end_turn(0, 1.0 + GRACE * 0.9) is None
    assert Referee(1.0).end_turn(0, 1.0 + GRACE * 1.1).why.startswith("exceeded the time limit (")


def test_illegal_and_crashed_replies():
    game = games.load("tictactoe")
    state = game.initial_state()
    text, after = referee.play_reply(game, state, state.legal_moves()[0])
    assert after == state.play(state.legal_moves()[0]) and text == game.format_move(state, state.legal_moves()[0])
    loss = referee.play_reply(game, state, (9, 9), "j10")
    assert isinstance(loss, Loss) and loss.side == 0 and loss.why.startswith("played an illegal move j10: ")
    assert referee.crashed(1, ZeroDivisionError("division by zero")).why == "crashed: ZeroDivisionError: division by zero"
    assert referee.crashed(1, "KeyError: 3").why == "crashed: KeyError: 3"
    assert loss.reason(game, "bot.py").startswith("X forfeits: bot.py played an illegal move j10")


def test_clock_texts_read_back():
    assert referee.clock_of("5m+3s") == GameClock(300, 3)
    assert referee.clock_of(None) is None and referee.clock_of("") is None and referee.clock_of("soon") is None


REASONS = [  # what the referee and the outside players write, after the player's name
    "lost on time: the flag fell (0.30 s spent with 0.10 s left on its 0.5s+0.1s clock)",
    "lost on time: the flag fell (1.36 s spent with 0.86 s left on its 4s+0.1s clock); process stopped; log: /tmp/bot.log",
    "lost on time: the flag fell (1.36 s spent with 0.86 s left on its 4s+0.1s clock); engine stopped",
    "exceeded the time limit (1.52 s > 1 s); process stopped; log: /tmp/bot.log",
    "exceeded the time limit (1.52 s > 1 s); engine stopped",
    "exceeded the time limit (0.70 s > 0.1 s)",
    "played an illegal move 'a1': a1 is taken",
    "crashed (process ended, exit status 3; stderr: about to quit)",
    # as a game's forfeit says them: its move, then its log after the parenthesis
    "crashed at move 1 (process ended, exit status 3; stderr: about to quit); log: /tmp/bot.log",
    "crashed at move 2 (engine ended, exit status 1; stderr: IndexError: x (at bot.py line 6)); log: /tmp/bot.log",
    "crashed: ZeroDivisionError: this bot always divides by zero",
    "could not be started: no such file bot.py",
    "could not be loaded: SyntaxError",
    "started more processes than its limit (4)",
    "resigned",
]


@pytest.mark.parametrize("why", REASONS)
def test_every_forfeit_reason_is_translated(why):
    i18n.set_language("pt")
    whole = words.end_reason(f"O forfeits: sleeper.py {why}")
    assert whole.startswith("O perde por falta: sleeper.py ")
    assert words.forfeit_reason(why) != why and words.forfeit_reason(why) in whole
    kept = {"0.30": "0,30", "1.52": "1,52", "exit status 3": "código de saída 3",  # numbers as Portuguese writes them
            "/tmp/bot.log": "/tmp/bot.log", "'a1'": "'a1'", "ZeroDivisionError": "ZeroDivisionError", "(4)": "(4)"}
    for english, shown in kept.items():
        if english in why:
            assert shown in whole  # names and paths as written
    i18n.set_language("en")
    assert words.end_reason(f"O forfeits: sleeper.py {why}") == f"O forfeits: sleeper.py {why}"


def test_each_side_may_have_its_own_per_move_limit():
    """A timed level against an untimed depth-bound engine (tools/reversi_classic.py)."""
    rules = Referee((1.0, None))
    assert rules.limits(0).time == 1.0 and rules.limits(1).time is None
    assert rules.budget(0) == 1.0 and rules.budget(1) is None
    assert rules.end_turn(1, 100.0) is None
    assert rules.end_turn(0, 1.0 + GRACE * 1.1).why.startswith("exceeded the time limit (")
    assert Referee((None, 0.5), GameClock(300, 2)).budget(1) == 0.5


def test_a_clock_beside_a_per_move_limit():
    """Both: the per-move limit is passed on (outside players are stopped at it), and a move
    over it loses with its time on the clock."""
    rules = Referee(0.5, GameClock(300))
    assert rules.limits(0).move_limit == 0.5 and rules.limits(0).remaining == 300
    assert Referee(None, GameClock(300)).limits(0).move_limit is None
    late = rules.end_turn(0, 0.5 + GRACE + 1.0)
    assert late.why.startswith("exceeded the time limit (") and rules.readings() == (300 - 2.0, 300)


def test_a_late_reply_is_told_in_the_referees_words_with_rounded_figures():
    """Outside players are stopped by their own process's timer; they say why as the referee does."""
    from ai.base import Limits

    on_clock = Referee(None, GameClock(4, 0.1)).limits(0, spent=3.137683)
    assert referee.late_reply(on_clock, 1.3612) == (
        "lost on time: the flag fell (no answer after 1.36 s with 0.86 s left on its 4s+0.1s clock)")
    beside = Referee(0.5, GameClock(300)).limits(0)  # the per-move limit is the nearer one
    assert referee.late_reply(beside, 1.01) == (
        "exceeded the time limit (no answer after 1.01 s; limit 0.5 s + 0.5 s grace)")
    assert referee.late_reply(Limits(time=0.2666667), 0.8) == (
        "exceeded the time limit (no answer after 0.80 s; limit 0.27 s + 0.5 s grace)")
    rules = Referee(1 / 3)
    assert rules.end_turn(0, 1.0).why == "exceeded the time limit (answered after 1.00 s; limit 0.33 s + 0.5 s grace)"
