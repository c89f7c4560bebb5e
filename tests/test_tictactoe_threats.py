"""The victory-by-continuous-fours search (ai/engines/tictactoe_threats.py) and level-5's use of it.

Every sequence the search reports is replayed move by move against the rules (each of the
attacker's moves leaves the defender one reply that does not lose at once, or none; the last
move completes a line); on 7x7 four in a row the search's answer is checked against a search
that tries every move of the defender; a hand-made Gomoku position has a known two-four win.
The bitboard scans the searches share are held to a look at every line.
"""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ai
import games
from ai.base import Clock, Limits
from ai.engines.tictactoe import completing_squares
from ai.engines.tictactoe_threats import OutOfBudget, vcf

GOMOKU = games.load("tictactoe", width=15, height=15, k=5)
SMALL = games.load("tictactoe", width=7, height=7, k=4)


def position(game, to_move: str, xs: str, os_: str):
    """A position from the squares of X's marks and of O's (``e8 f8 ...``)."""
    rows = [["."] * game.width for _ in range(game.height)]
    for squares, mark in ((xs, "X"), (os_, "O")):
        for name in squares.split():
            rows[int(name[1:]) - 1][ord(name[0]) - ord("a")] = mark
    return game.from_text(f"to-move: {to_move}\n" + "\n".join("".join(row) for row in rows))


def sides(state) -> tuple[int, int]:
    return state.boards[state.to_move], state.boards[1 - state.to_move]


def assert_forcing_win(state, line: list[int]) -> None:
    """Replay ``line`` (the attacker to move in ``state``): each attacker's move but the last
    leaves the defender no win at once and one or more squares to block, the defender's move is
    one of them, and when there are two the attacker wins whichever is blocked; the last move
    completes a line."""
    game, attacker = state.game, state.to_move
    assert len(line) % 2 == 1
    for i in range(0, len(line) - 1, 2):
        state = state.play(line[i])
        assert not completing_squares(game, state.boards[1 - attacker], state.boards[attacker])
        blocks = completing_squares(game, state.boards[attacker], state.boards[1 - attacker])
        assert line[i + 1] in blocks
        for other in blocks:
            if len(blocks) >= 2:  # a double four: after any block another square completes
                after = state.play(other)
                assert completing_squares(game, after.boards[attacker], after.boards[1 - attacker])
        state = state.play(line[i + 1])
    state = state.play(line[-1])
    assert state.winner() == attacker


# X: e8 f8 g8 (closed by O's d8), i9 i10 (closed by O's i7), f11 g11 h11 (closed by O's e11).
TWO_FOURS = ("e8 f8 g8 i9 i10 f11 g11 h11", "d8 i7 e11 a15 a13 o15 o13 c1")


def test_an_open_three_wins_by_the_open_four_either_end():
    state = GOMOKU.play_line(["h8", "a1", "i8", "a2", "j8", "a3"])  # X to move, h8 i8 j8
    line = vcf(GOMOKU, *sides(state))
    assert [GOMOKU.format_move(state, m) for m in line] in (["g8", "f8", "k8"], ["k8", "g8", "l8"])
    assert_forcing_win(state, line)


def test_the_shortest_sequence_of_a_hand_made_position_is_found():
    """i8 makes the four e8-i8 (O must take h8) and the column i8 i9 i10; then i11 makes two
    fours, i8-i11 (i12) and f11-i11 (j11): O blocks one, X completes the other.  No single move
    wins: there is no open three."""
    state = position(GOMOKU, "X", *TWO_FOURS)
    line = vcf(GOMOKU, *sides(state))
    assert [GOMOKU.format_move(state, m) for m in line[:4]] == ["i8", "h8", "i11", "j11"]
    assert_forcing_win(state, line)
    assert vcf(GOMOKU, *sides(state), max_fours=1) is None


def test_a_defenders_four_must_be_blocked_by_a_four():
    """X to move has an open three (h8 i8 j8: g8 would make two fours) but O has a four (j3-j6,
    closed by X's j2): X must block at j7, which makes no four of X's, so X has no sequence."""
    state = position(GOMOKU, "X", "h8 i8 j8 j2 a1", "j3 j4 j5 j6 c1")
    assert vcf(GOMOKU, *sides(state)) is None


def test_no_fours_no_sequence():
    state = GOMOKU.play_line(["h8", "h9", "i8", "a2"])
    assert vcf(GOMOKU, *sides(state)) is None


@cache
def brute_vcf(attacker: int, defender: int, fours: int) -> bool:
    """The definition, searched without the search's shortcuts: the attacker (to move) wins by
    moves that each leave a square completing its line, within ``fours`` of them, whatever the
    defender replies (any empty square)."""
    game = SMALL
    if completing_squares(game, attacker, defender):
        return True
    if fours == 0:
        return False
    free = [m for m in range(game.cells) if not (attacker | defender) >> m & 1]
    for move in free:
        after = attacker | 1 << move
        if not completing_squares(game, after, defender) or completing_squares(game, defender, after):
            continue  # not a four, or the defender wins at once
        if all(brute_vcf(after, defender | 1 << reply, fours - 1) for reply in free if reply != move):
            return True
    return False


def random_position(game, rng: random.Random, plies: int):
    """Random play near the centre, stopped before anyone can win at once."""
    state, centre = game.initial_state(), game.move_order[0]
    for _ in range(plies):
        near = [m for m in state.legal_moves()
                if abs(m // game.width - centre // game.width) <= 3 and abs(m % game.width - centre % game.width) <= 3]
        after = state.play(rng.choice(near))
        if after.is_terminal() or completing_squares(game, *sides(after)):
            break
        state = after
    return state


@pytest.mark.parametrize("seed", range(32))
def test_the_search_agrees_with_every_reply_tried_on_7x7_four_in_a_row(seed):
    """Found exactly when the brute force finds one, with up to two and up to four fours (the
    defender may answer a four anywhere, its own fours included); with no limit the search's
    answer is the brute force's at six fours."""
    state = random_position(SMALL, random.Random(seed), 6 + seed % 10)
    me, them = sides(state)
    for fours in (2, 4):
        line = vcf(SMALL, me, them, max_fours=fours)
        assert (line is not None) == brute_vcf(me, them, fours), SMALL.to_text(state)
        if line is not None:
            assert_forcing_win(state, line)
    assert (vcf(SMALL, me, them) is not None) == brute_vcf(me, them, 6)


class NoKnowledge:
    """An evaluation that knows nothing, and no move left out: alpha-beta tries every move."""

    def evaluate(self, state) -> float:
        return 0.0


def test_plain_alpha_beta_proves_the_win_of_a_found_sequence():
    """On 7x7 four in a row, a full-width alpha-beta proves the win the search finds in two fours
    (five plies: d2, e3 forced, c3 two fours, then the fifth ply completes one)."""
    from ai.search.alphabeta import AlphaBeta

    state = position(SMALL, "X", "b4 f4 d5 g5", "b1 a4 c7 e7")
    line = vcf(SMALL, *sides(state))
    assert len(line) == 5 and vcf(SMALL, *sides(state), max_fours=1) is None
    assert_forcing_win(state, line)
    assert AlphaBeta(NoKnowledge()).search(state, Limits(depth=5)).proven == 1


@given(st.integers(0, 10**6), st.sampled_from([(15, 15, 5), (8, 8, 5), (7, 7, 4)]), st.integers(4, 30))
def test_every_sequence_reported_forces_a_win_move_by_move(seed, size, plies):
    width, height, k = size
    game = games.load("tictactoe", width=width, height=height, k=k)
    state = random_position(game, random.Random(seed), plies)
    line = vcf(game, *sides(state))
    if line is not None:
        assert_forcing_win(state, line)


def test_a_stopped_move_stops_the_threat_search():
    """The window's cancel (``Limits.stop``) reaches the threat search: it gives up at once."""
    stop = threading.Event()
    stop.set()
    state = position(GOMOKU, "X", *TWO_FOURS)
    with pytest.raises(OutOfBudget):
        vcf(GOMOKU, *sides(state), clock=Clock(Limits(stop=stop), every=1))


def test_level5_plays_its_sequence_of_fours_that_its_search_does_not_see():
    """The two-four win above, with O's open three l3 m3 n3 far away: a depth-2 search (and 0.5 s
    of one) blocked the three at k3, as the double-threat rule asks, and let the win go; level-5
    now starts its sequence of fours (O must answer each, so the three never moves)."""
    state = position(GOMOKU, "X", TWO_FOURS[0], "d8 i7 e11 l3 m3 n3 a15 o15")
    after = state.play(ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=2)))
    reply = completing_squares(GOMOKU, after.boards[0], after.boards[1])
    assert len(reply) == 1 and vcf(GOMOKU, *sides(after.play(reply[0]))) is not None


def test_level5_breaks_the_opponents_sequence_of_fours():
    """O to move, X threatening the two-four win above: a depth-1 search played h8 and X still
    won by fours (h8 i8 ...); level-5 now plays a move after which X has none."""
    xs, os_ = TWO_FOURS
    state = position(GOMOKU, "O", xs, os_.rsplit(" ", 1)[0])
    assert vcf(GOMOKU, state.boards[0], state.boards[1]) is not None
    after = state.play(ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=1)))
    assert vcf(GOMOKU, *sides(after)) is None


def test_level5s_search_gets_the_moves_time_less_the_threat_searches_shares():
    """The threat searches take at most a ``THREAT_SHARE`` of the move's time (one before the
    search) and a ``DEFENCE_SHARE`` (one after it), and the search what the first left less the
    second's share: the whole move keeps within the time it was given."""
    from ai.base import Player, PlayerInfo
    from ai.engines.tictactoe import DEFENCE_SHARE, Tactics

    class Recorder(Player):
        info = PlayerInfo("recorder", "Recorder")
        given: list[Limits] = []

        def choose(self, state, limits=None, progress=None):
            self.given.append(limits)
            return state.legal_moves()[0]

    state = GOMOKU.play_line(["h8", "h9", "i8", "a2"])
    Tactics(Recorder(), win=True, block=True, threats=True).choose(state, Limits(time=1.0))
    assert 0 < Recorder.given[0].time <= 1.0 - DEFENCE_SHARE  # less also what the first threat search took


def _by_the_lines(game, attacker: int, defender: int, most_empty: int) -> tuple[int, int, dict[int, int], int]:
    """What the scans find, by the definition, line by line: the squares completing an attacker's
    line, those completing a defender's, for each square the attacker's lines it makes a four of
    (up to 3), and the empty squares of the attacker's lines (no defender's mark) with one to
    ``most_empty`` empty squares."""
    wins = threats = ends = 0
    fours: dict[int, int] = {}
    for line in game.lines:
        mine, theirs = line & attacker, line & defender
        empty = line & ~(attacker | defender)
        if not theirs:
            count = empty.bit_count()
            wins |= empty if count == 1 else 0
            ends |= empty if 1 <= count <= most_empty else 0
            if count == 2:
                for square in (s for s in range(game.cells) if empty >> s & 1):
                    fours[square] = min(3, fours.get(square, 0) + 1)
        if not mine and empty.bit_count() == 1:
            threats |= empty
    return wins, threats, fours, ends


@pytest.mark.parametrize("size", [(15, 15, 5), (19, 19, 5), (8, 8, 4), (7, 6, 4), (3, 3, 3), (10, 4, 4), (5, 9, 3)])
def test_the_bitboard_scans_find_what_a_look_at_every_line_finds(size):
    """The scans look at every line of a direction at once (shifts of the bitboards); on random
    boards of every density they find what the definition finds."""
    from ai.engines.tictactoe_threats import ends_of_lines, scan

    width, height, k = size
    game = games.load("tictactoe", width=width, height=height, k=k)
    rng = random.Random(width * 100 + height * 10 + k)
    for _ in range(60):
        attacker = defender = 0
        for square in rng.sample(range(game.cells), rng.randrange(game.cells + 1)):
            if rng.random() < 0.5:
                attacker |= 1 << square
            else:
                defender |= 1 << square
        for most_empty in (1, 2, 3):
            wins, threats, fours, ends = _by_the_lines(game, attacker, defender, most_empty)
            assert scan(game, attacker, defender) == (wins, threats, fours)
            assert ends_of_lines(game, attacker, defender, most_empty) == ends
