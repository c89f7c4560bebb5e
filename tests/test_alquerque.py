"""Alquerque: every rule of shared/rules/alquerque.md on a hand-built position, plus properties of
random games (pieces only disappear by capture; the compulsory option's chains are complete).

Positions are written as in ``Alquerque.to_text``: five rows of W, B or ., row 5 first.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from games import IllegalMove
from games.alquerque import (
    DRAW_PLIES,
    captured_points,
    is_step,
    line_directions,
    lines,
    parse_point,
    point_name,
)

GAME = games.load("alquerque")
ANY = games.load("alquerque", any_direction_captures=True)
FORCED = games.load("alquerque", compulsory_capture=True)
ALL_GAMES = [games.load("alquerque", any_direction_captures=a, compulsory_capture=c)
             for a in (False, True) for c in (False, True)]
# White's a1 takes a2, b3 and c4 in one chain, a1xa3xc3xc5, turning sideways at a3
LONG_CHAIN = """
        .....
        ..B..
        .B...
        B....
        W...B"""


def position(rows: str, to_move: str = "White", game=GAME, quiet: int = 0):
    return game.from_text(f"to-move: {to_move}\nno-capture: {quiet}\n{rows}")


def moves(state) -> set[str]:
    return set(state.game.legal_move_texts(state))


def moves_from(state, point: str) -> set[str]:
    return {m for m in moves(state) if m[:2] == point}


# -- the board ------------------------------------------------------------------------------
def test_points_are_named_from_the_bottom_left():
    assert point_name(0) == "a1" and point_name(4) == "e1" and point_name(24) == "e5"
    assert parse_point("c3") == 12


def test_lines_of_the_board():
    # 40 orthogonal segments and one diagonal in each of the 16 small squares
    assert len(lines()) == 56
    degree = {point_name(p): len(line_directions(p)) for p in range(25)}
    assert degree["a1"] == 3 and degree["b1"] == 3 and degree["c1"] == 5
    assert degree["b2"] == 8 and degree["c2"] == 4 and degree["c3"] == 8 and degree["b3"] == 4


def test_diagonals_only_through_even_points():
    state = position("""
        .....
        .....
        .....
        ..W..
        ....B""")
    assert moves_from(state, "c2") == {"c2-c3", "c2-b2", "c2-d2"}  # c2: row + column odd
    state = position("""
        .....
        .....
        .....
        .W...
        ....B""")
    assert moves_from(state, "b2") == {"b2-b3", "b2-a3", "b2-c3", "b2-a2", "b2-c2"}


# -- setup ----------------------------------------------------------------------------------
def test_setup_and_white_first():
    state = GAME.initial_state()
    assert GAME.to_text(state).splitlines()[2:] == ["BBBBB", "BBBBB", "BB.WW", "WWWWW", "WWWWW"]
    assert state.to_move == 0 and GAME.sides == ("White", "Black")
    assert len(state.pieces(0)) == len(state.pieces(1)) == 12 and state.piece_at(12) is None
    assert moves(state) == {"b2-c3", "c2-c3", "d2-c3", "d3-c3"}
    assert state.score() == (0, 0)


# -- steps ----------------------------------------------------------------------------------
def test_steps_forward_sideways_diagonal_forward_never_backward():
    white = position("""
        .....
        .....
        ..W..
        .....
        B....""")
    assert moves(white) == {"c3-c4", "c3-b4", "c3-d4", "c3-b3", "c3-d3"}
    assert moves(ANY.from_text(GAME.to_text(white))) == moves(white)  # the option leaves steps alone
    black = position("""
        ....W
        .....
        ..B..
        .....
        .....""", "Black")
    assert moves(black) == {"c3-c2", "c3-b2", "c3-d2", "c3-b3", "c3-d3"}


def test_far_row_piece_moves_only_sideways():
    state = position("""
        ..W..
        .....
        .....
        .....
        B....""")
    assert moves(state) == {"c5-b5", "c5-d5"}
    state = position("""
        W....
        .....
        .....
        .....
        ..B..""", "Black")
    assert moves(state) == {"c1-b1", "c1-d1"}


# -- captures -------------------------------------------------------------------------------
def test_capture_forward_and_capture_is_optional():
    state = position("""
        .....
        .....
        ..B..
        ..W..
        ....B""")
    assert "c2xc4" in moves(state)
    assert "c2-b2" in moves(state)  # the course's reading: capturing is not compulsory
    after = state.play(GAME.parse_move(state, "c2xc4"))
    assert after.piece_at(parse_point("c3")) is None and after.piece_at(parse_point("c4")) == 0


def test_capture_sideways():
    state = position("""
        .....
        .....
        WB...
        .....
        ....B""")
    assert "a3xc3" in moves(state)


def test_no_backward_capture():
    state = position("""
        .....
        ..W..
        ..B..
        .....
        B....""")
    assert not any("x" in m for m in moves(state))


def test_no_capture_over_own_piece_or_onto_occupied_point():
    state = position("""
        .....
        ..B..
        ..B..
        ..W..
        ...WB""")
    assert not any("x" in m for m in moves(state))


def test_chain_turns_sideways_and_may_stop_early():
    # a1 jumps a2 to a3, turns sideways over b3 to c3, then forward over c4 to c5
    state = position(LONG_CHAIN)
    captures = {m for m in moves(state) if "x" in m}
    assert captures == {"a1xa3", "a1xa3xc3", "a1xa3xc3xc5"}
    after = state.play(GAME.parse_move(state, "a1xa3xc3xc5"))
    assert len(after.pieces(1)) == 1 and after.piece_at(parse_point("c5")) == 0
    assert after.score() == (11, 11)  # captured, counted from the 12 pieces each side starts with


def test_chain_notation_round_trip():
    state = position("""
        .....
        .B...
        .....
        B....
        W...B""")
    move = GAME.parse_move(state, "a1xa3xc5")
    assert move == (0, 10, 22) and captured_points(move) == (5, 16)
    assert GAME.format_move(state, move) == "a1xa3xc5"
    assert GAME.format_move(state, GAME.parse_move(state, "a1-b1")) == "a1-b1"
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, "a1-a3")  # a capture written as a step
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, "a1xa3xc5xc3")


def test_typed_moves_may_have_spaces_around_their_separators():
    """"a1 x a3 x c5" and "a1 - b1" are the moves a1xa3xc5 and a1-b1; they were refused with
    "write steps with '-' and captures with 'x'", which they had done."""
    state = position("""
        .....
        .B...
        .....
        B....
        W...B""")
    assert GAME.parse_move(state, " A1 x a3 xc5 ") == (0, 10, 22)
    assert GAME.parse_move(state, "a1 - b1") == (0, 1)
    with pytest.raises(IllegalMove, match="is not a move like"):
        GAME.parse_move(state, "a1 b1")  # no separator at all: still refused, saying how to write it


def test_far_row_piece_captures_only_sideways():
    state = position("""
        ..WB.
        ..B..
        .....
        .....
        B....""")
    assert {m for m in moves(state) if "x" in m} == {"c5xe5"}


# -- the options ----------------------------------------------------------------------------
def test_any_direction_captures_allows_backward_jumps_but_not_backward_steps():
    rows = """
        .....
        ..W..
        ..B..
        .....
        B...."""
    assert not any("x" in m for m in moves(position(rows)))
    state = position(rows, game=ANY)
    assert "c4xc2" in moves(state)
    assert not moves_from(state, "c4") & {"c4-b3", "c4-d3", "c4-c3"}


def test_any_direction_captures_backward_in_mid_chain_and_from_the_far_row():
    # c5 (far row) jumps back over c4 to c3, then back over b2 to a1
    rows = """
        ..W..
        ..B..
        .....
        .B...
        ....B"""
    assert not any("x" in m for m in moves(position(rows)))
    assert {m for m in moves(position(rows, game=ANY)) if "x" in m} == {"c5xc3", "c5xc3xa1"}
    assert moves_from(position(rows, game=ANY), "c5") >= {"c5-b5", "c5-d5"}
    assert "c5-c4" not in moves(position(rows, game=ANY))


def test_compulsory_capture_forbids_steps_and_unfinished_chains():
    assert moves(position(LONG_CHAIN, game=FORCED)) == {"a1xa3xc3xc5"}
    state = position(LONG_CHAIN, game=FORCED)
    with pytest.raises(IllegalMove, match="compulsory"):
        state.play((0, 1))


def test_compulsory_capture_lets_the_player_choose_among_complete_chains():
    # a short chain (e1xe3) and a longer one (a1xa3xc3xc5): both complete, both legal
    rows = """
        .....
        ..B..
        .B...
        B...B
        W...W"""
    assert moves(position(rows, game=FORCED)) == {"a1xa3xc3xc5", "e1xe3"}


def test_compulsory_capture_without_captures_allows_steps():
    state = position("""
        ....B
        .....
        .....
        .....
        W....""", game=FORCED)
    assert moves(state) == {"a1-a2", "a1-b1", "a1-b2"}


# -- the end --------------------------------------------------------------------------------
def test_losing_the_last_piece_loses():
    state = position("""
        .....
        .....
        ..B..
        ..W..
        .....""")
    end = state.play(GAME.parse_move(state, "c2xc4"))
    assert end.is_terminal() and end.winner() == 0 and end.legal_moves() == []
    assert end.end_reason() == "Black has no pieces left"


def test_no_legal_move_loses():
    state = position("""
        ....W
        .....
        .....
        .....
        BWW..""", "Black")
    assert state.is_terminal() and state.winner() == 0
    assert state.end_reason() == "Black has no legal move"


def test_forty_plies_without_capture_draw():
    rows = """
        W....
        .....
        .....
        .....
        ....B"""
    state = position(rows, quiet=DRAW_PLIES - 1)
    assert not state.is_terminal()
    end = state.play(GAME.parse_move(state, "a5-b5"))
    assert end.is_terminal() and end.winner() is None
    assert end.end_reason() == "Draw: 40 plies passed with no capture"  # the course's words


def test_a_player_who_cannot_move_loses_even_on_the_fortieth_ply():
    # the rules page: "If both happen at once, the loss counts": d5-c5 is the 40th quiet ply and
    # leaves White's a5 hemmed in on its far row
    state = position("""
        WB.B.
        .....
        .....
        .....
        .....""", "Black", quiet=DRAW_PLIES - 1)
    end = state.play(GAME.parse_move(state, "d5-c5"))
    assert end.quiet == DRAW_PLIES
    assert end.is_terminal() and end.winner() == 1 and end.end_reason() == "White has no legal move"


def test_the_course_draw_example_ends_by_the_forty_ply_rule():
    # the course report's example: the last pieces can only shuffle sideways on the far rows
    state = position("""
        W...W
        ...W.
        .....
        .B...
        ..B..""", "Black")
    rng = random.Random(7)
    plies = 0
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        plies += 1
    assert state.winner() is None and "Draw" in state.end_reason()


def test_a_capture_resets_the_counter():
    state = position("""
        .....
        .....
        ..B..
        ..W..
        ....B""", quiet=30)
    assert state.play(GAME.parse_move(state, "c2-b2")).quiet == 31
    assert state.play(GAME.parse_move(state, "c2xc4")).quiet == 0


def test_threefold_repetition_draw():
    start = position("""
        W....
        .....
        .....
        .....
        ....B""")
    line = ["a5-b5", "e1-d1", "b5-a5", "d1-e1"] * 2
    states = [start]
    for text in line:
        states.append(states[-1].play(GAME.parse_move(states[-1], text)))
    assert states[4].repetitions() == 2 and not states[7].is_terminal()
    assert states[4].key() != start.key()  # same board, but one more occurrence counted
    end = states[8]
    assert end.repetitions() == 3 and end.is_terminal() and end.winner() is None
    assert end.end_reason() == "Draw: the same position, with the same player to move, occurred a third time"
    again = GAME.from_text(GAME.to_text(states[7]))
    assert again.key() == states[7].key() and again.play((3, 4)).is_terminal()


def test_forward_step_forgets_the_repetition_history():
    state = position("""
        W....
        .....
        .....
        ....B
        .....""")
    state = state.play(GAME.parse_move(state, "a5-b5"))
    assert state.history
    assert state.play(GAME.parse_move(state, "e2-e1")).history == ()


def test_position_text_is_checked():
    with pytest.raises(IllegalMove):
        GAME.from_text("to-move: Red\nBBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW")
    with pytest.raises(IllegalMove):
        GAME.from_text("BBBBB\nBBBBB\nBBXWW\nWWWWW\nWWWWW")
    with pytest.raises(IllegalMove):
        GAME.from_text("BBBBB\nBBBBB\nBBBBB\nWWWWW\nWWWWW")  # 15 black pieces


def test_a_position_after_the_last_capture_cannot_have_the_winner_to_move():
    """Black's last piece can only go by White's capture, which hands Black the move and the
    loss: White to move against no pieces cannot happen, and was played (a pointless move first)."""
    rows = "B..B.\n..B.B\n..W..\n.....\nW...."
    with pytest.raises(IllegalMove, match="White has already won, so cannot be to move"):
        GAME.from_text("to-move: White\n" + rows.replace("B", "."))
    lost = GAME.from_text("to-move: Black\n" + rows.replace("B", "."))
    assert lost.is_terminal() and lost.winner() == 0  # Black to move with none: over, as the rules say
    assert not GAME.from_text("to-move: White\n" + rows).is_terminal()


# -- random games ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ALL_GAMES, ids=lambda g: f"any={g.any_direction_captures}-forced={g.compulsory_capture}")
@given(seed=st.integers(0, 2**32 - 1))
def test_pieces_only_disappear_by_capture(game, seed):
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        after = state.play(move)
        me, them = state.to_move, 1 - state.to_move
        assert len(after.pieces(me)) == len(state.pieces(me))
        assert len(state.pieces(them)) - len(after.pieces(them)) == len(captured_points(move))
        assert after.quiet == (0 if captured_points(move) else state.quiet + 1)
        state = after
    assert state.end_reason()
    assert state.winner() in (0, 1, None)


@given(seed=st.integers(0, 2**32 - 1))
def test_compulsory_chains_are_complete_and_captures_come_first(seed):
    rng = random.Random(seed)
    state = FORCED.initial_state()
    while not state.is_terminal():
        legal = state.legal_moves()
        captures = [m for m in legal if not is_step(m)]
        if captures:
            assert captures == legal
            longest = {m for m in captures if not any(len(o) > len(m) and o[: len(m)] == m for o in captures)}
            assert set(captures) == longest
            # the default reading allows the same chains and every prefix of them
            same = GAME.from_text(FORCED.to_text(state))
            free_captures = {m for m in same.legal_moves() if not is_step(m)}
            assert set(captures) <= free_captures
            assert all(m[:k] in free_captures for m in captures for k in range(2, len(m)))
        state = state.play(rng.choice(legal))


def attempts(state) -> list[tuple[int, ...]]:
    """Every step to a neighbouring point and every jump or two-jump chain of two points a hop
    (any direction, line or not, over anything) from the side to move's pieces: what a player
    might type."""
    def hops(p: int, far: int) -> list[int]:
        row, col = divmod(p, 5)
        return [(row + dr) * 5 + col + dc for dr in range(-far, far + 1, far) for dc in range(-far, far + 1, far)
                if (dr or dc) and 0 <= row + dr < 5 and 0 <= col + dc < 5]

    out = []
    for p in state.pieces(state.to_move):
        out += [(p, q) for q in hops(p, 1)]
        out += [(p, q, r) for q in hops(p, 2) for r in [None, *hops(q, 2)]]
    return [tuple(x for x in m if x is not None) for m in out]


@pytest.mark.parametrize("game", ALL_GAMES, ids=lambda g: f"any={g.any_direction_captures}-forced={g.compulsory_capture}")
@given(seed=st.integers(0, 2**32 - 1))
def test_every_refused_move_says_why(game, seed):
    """A typed move that is not legal was refused as 'c2-c1 is not a legal move here' whatever was
    wrong with it (backwards, no line there, the point taken, nothing to jump, a chain the
    compulsory rule makes go on): every refusal of a move by a piece of the side to move now
    names what is wrong."""
    for state in random_positions(game, 3, seed):
        legal = set(state.legal_moves())
        for move in set(attempts(state)) - legal:
            why = game.why_illegal(state, move)
            assert why.startswith(game.move_text(move) + ": ") and "not a legal move" not in why, why


@pytest.mark.parametrize("rows, to_move, game, typed, reason", [
    ("BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW", "White", GAME, "c2-c1", "a piece never moves backwards"),
    ("BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW", "White", GAME, "d3-c4", "no line joins d3 and c4"),
    ("BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW", "White", GAME, "a2-a3", "a3 is not empty"),
    ("BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW", "White", GAME, "c2xc4", "there is no enemy piece on c3 to jump"),
    ("BBBBB\nBBBBB\nBB.WW\nWWWWW\nWWWWW", "White", GAME, "d1xa3", "d1 to a3 is not a jump along a line"),
    ("..W..\n.....\n..B..\n..W..\n.....", "White", GAME, "c5-c4", "a piece on the far row moves only sideways"),
    ("..W..\n..B..\n.....\n.....\n.B...", "White", GAME, "c5xc3", "a piece on the far row captures only sideways"),
    (".....\n..W..\n..B..\n.....\n.....", "White", GAME, "c4xc2", "a piece never captures backwards"),
    (".....\n..B..\n.....\n..B..\n..W..", "White", FORCED, "c1xc3", "the chain must go on: c3 can capture again"),
    # capture compulsory (c1xc3xc5 is there): a step the rules would refuse anyway says why first;
    # "a capture is compulsory" told a student that b1-a2 had a line to go along
    (".....\n..B..\n.....\n..B..\n.WW..", "White", FORCED, "b1-a2", "no line joins b1 and a2"),
    (".....\n..B..\n.....\n..B..\n.WW..", "White", FORCED, "c1-c2", "c2 is not empty"),
    (".....\n..B..\n.....\n..B..\n.WW..", "White", FORCED, "b1-b2", "a capture is compulsory"),
])
def test_a_refused_move_names_what_is_wrong(rows, to_move, game, typed, reason):
    with pytest.raises(IllegalMove, match=f"^{typed}: {reason}$"):
        game.parse_move(position(rows, to_move, game), typed)


def test_any_direction_chain_may_end_on_its_starting_point():
    # c3 up over c4, right over d5, down over e4, left over d3: back on c3 with four captures
    state = position("""
        ...B.
        ..B.B
        ..WB.
        .....
        B....""", game=ANY)
    move = ANY.parse_move(state, "c3xc5xe5xe3xc3")
    after = state.play(move)
    assert after.piece_at(parse_point("c3")) == 0 and after.pieces(1) == [0]
    assert "c3xc5xe5xe3xc3" not in moves(position(GAME.to_text(state)))


# -- players --------------------------------------------------------------------------------
def random_positions(game, count: int, seed: int):
    from ai.match import random_play

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = random_play(game.initial_state(), rng.randrange(0, 60), rng)
        if not state.is_terminal():
            found.append(state)
    return found


def test_player_catalog_has_the_levels_and_the_course_minimax():
    import ai

    ids = [p.id for p in ai.catalog("alquerque")]
    assert ids[:5] == [f"level-{n}" for n in range(1, 6)]
    assert [i for i in ids if i.startswith("alquerque:")] == [f"alquerque:minimax-{d}" for d in (1, 2, 3, 4)]


def test_course_minimax_takes_the_longest_chain_at_depth_one():
    import ai

    state = position(LONG_CHAIN)
    player = ai.make_player("alquerque", "alquerque:minimax-1")
    assert GAME.format_move(state, player.choose(state)) == "a1xa3xc3xc5"


def test_pruning_does_not_change_the_course_minimax_choice():
    from ai.engines.alquerque import course_evaluation
    from ai.search.classic import alphabeta_cutoff

    for state in random_positions(GAME, 25, seed=11):
        plain = alphabeta_cutoff(state, 3, course_evaluation, None, prune=False)
        pruned = alphabeta_cutoff(state, 3, course_evaluation, None, prune=True)
        assert plain[:2] == pruned[:2]


def mirrored(state):
    """The same position turned half a turn with the colours swapped (the rules are symmetric)."""
    def turn(bits: int) -> int:
        return sum(1 << (24 - p) for p in range(25) if bits >> p & 1)
    return type(state)(state.game, (turn(state.boards[1]), turn(state.boards[0])), 1 - state.to_move,
                       state.quiet)


def test_engine_evaluation_is_colour_symmetric():
    """Mirroring the board, the side to move and the engine's own side leaves the value alone."""
    from ai.engines.alquerque import Tactics

    tactics, mirror = Tactics(), Tactics()
    for game in (GAME, ANY):
        for state in random_positions(game, 30, seed=5):
            for root in (0, 1):
                tactics.root, mirror.root = root, 1 - root
                assert tactics.evaluate(state) == pytest.approx(mirror.evaluate(mirrored(state)))


def test_engine_draw_value_is_contempt_for_its_own_side():
    """A draw costs the engine's side (more when it leads) and is worth as much to the other."""
    from ai.engines.alquerque import Tactics

    tactics = Tactics()
    ahead = position("""
        W.W..
        .....
        .....
        .....
        B....""", to_move="Black")
    for root in (0, 1):
        tactics.root = root
        value = tactics.draw_value(ahead)  # for Black, to move
        assert (value < 0) == (root == 1) and value != 0
    tactics.root = 0
    assert tactics.draw_value(ahead) > -tactics.draw_value(mirrored(ahead)) > 0  # White leads here


def test_engine_knows_a_passed_piece_cannot_lose():
    """A piece beyond every enemy piece can never be jumped (captures never go backwards) and
    always has a move, so its side cannot lose: the other side's value is at most a draw, even
    two pieces up; and the side with it values the position at least at a draw, even behind."""
    from ai.engines.alquerque import Tactics

    ahead_but_passed = position("""
        .....
        .....
        .WWW.
        .....
        B....""", to_move="White")
    tactics, uncapped = Tactics(), Tactics(bounded=1.0)
    for root in (0, 1):
        tactics.root = uncapped.root = root
        draw = tactics.draw_value(ahead_but_passed)  # for White, to move
        lead = uncapped.evaluate(ahead_but_passed) - draw
        assert lead > 200  # two pieces up: worth much more than a draw, were it winnable
        assert draw <= tactics.evaluate(ahead_but_passed) <= draw + 0.1 * lead
        behind = mirrored(ahead_but_passed)  # now the side with the passed piece is to move
        assert tactics.evaluate(behind) >= tactics.draw_value(behind)
    tactics.root = 0
    both_passed = position("""
        W....
        .....
        .....
        .....
        ....B""", to_move="White")
    assert tactics.evaluate(both_passed) == pytest.approx(tactics.draw_value(both_passed), abs=20)


def test_engine_does_not_repeat_while_it_has_new_positions():
    """Ahead, the engine finds a draw bad, and a position seen before is scored as a draw inside
    its tree (the opponent can repeat it again).  With the position after c5-d5 already seen, it
    plays the mirror move c5-b5 instead; without that rule it would repeat (c5-d5 is listed first)."""
    from ai.base import Limits
    from ai.engines.alquerque import EnginePlayer
    from ai.reference.alquerque_search import reference_player

    rows = "..W..\n.....\n..B..\n.....\nW...W"
    seen_after = "/".join(GAME._board_rows(position(rows).play(GAME.parse_move(position(rows), "c5-d5")).boards))
    state = GAME.from_text(f"to-move: White\n{rows}\nseen: {seen_after} Black")

    def choice(player) -> str:
        return GAME.move_text(player.choose(state, Limits(depth=4)))

    assert choice(EnginePlayer(None, depth=4)) == "c5-b5"
    assert choice(reference_player(depth=4)) == "c5-b5"
    without_the_rule = reference_player(depth=4)
    without_the_rule.engine.repeated = None
    assert choice(without_the_rule) == "c5-d5"


@pytest.mark.parametrize(
    "rows, kept, passing",
    [
        # Black two pieces up: a2-a1 would step below White's lowest row
        (".....\n....B\nBB...\nB..WW\n.....", "a2-b2", "a2-a1"),
        # level, four pieces each: c2-c1 would step below White's last piece, on d2
        ("..W.W\n....W\n..BB.\nB.BW.\n.....", "a2-b2", "c2-c1"),
    ],
)
def test_engine_not_behind_keeps_its_pieces_behind_the_enemy(rows, kept, passing):
    """Black, ahead or level, must take every White piece to win; a piece that steps past them
    all (below White's lowest row) can never take one.  So the engine keeps its pieces in play;
    paying a passed piece as "safe" (as for the side behind, for whom it secures a draw) it
    would step past."""
    from ai.base import Limits
    from ai.engines.alquerque import SAFE, EnginePlayer, Tactics

    state = position(rows, to_move="Black")

    def choice(tactics: Tactics) -> str:
        return GAME.move_text(EnginePlayer(None, tactics, depth=2).choose(state, Limits(depth=2)))

    assert choice(Tactics()) == kept
    assert choice(Tactics(passed_idle=SAFE)) == passing


def test_engine_values_its_last_back_row_guard_most():
    """While a side keeps a piece on its own back row, no enemy piece can get beyond all its
    pieces (so none can pass): stepping the last guard forward costs more than stepping one of two."""
    from ai.engines.alquerque import Tactics

    tactics = Tactics()

    def value(rows: str) -> float:
        return tactics.evaluate(position(rows, to_move="Black"))

    upper = "BB.BB\n.B.B.\n.....\n"
    two, one, none = upper + ".....\n.W.W.", upper + "...W.\n.W...", upper + ".W.W.\n....."
    # values are Black's: the first step costs White little, the second most of a piece
    assert value(none) - value(one) > value(one) - value(two) + 50


def test_engine_takes_the_whole_chain():
    import ai
    from ai.base import Limits

    player = ai.make_player("alquerque", "level-4")
    state = position(LONG_CHAIN)
    assert GAME.format_move(state, player.choose(state, Limits(depth=2))) == "a1xa3xc3xc5"


# -- the board view -------------------------------------------------------------------------
def enter(view, state, points):
    """Click the points in turn; returns the last Click."""
    result = None
    for p in points:
        result = view.click(state, view.point_xy(p))
        if result.kind != "pending":
            return result
    return result


def test_view_can_enter_every_legal_move_by_clicking_its_points():
    import pygame

    from ui.views.alquerque import VIEW

    for game in ALL_GAMES:
        view = VIEW(game)
        view.layout(pygame.Rect(0, 0, 400, 400))
        for state in random_positions(game, 12, seed=3) + [position("""
                .....
                ..B..
                .B...
                B...B
                W...W""", game=game)]:
            for move in state.legal_moves():
                view.reset_input()
                click = enter(view, state, move)
                if click.kind == "pending":  # the chain so far is legal but could go on: stop here
                    click = view.click(state, view.point_xy(move[-1]))
                assert click.kind == "play" and click.move == move, (game, GAME.to_text(state), move)


def test_view_plays_a_chain_from_its_last_point_when_unambiguous():
    import pygame

    from ui.views.alquerque import VIEW

    view = VIEW(GAME)
    view.layout(pygame.Rect(0, 0, 400, 400))
    state = position(LONG_CHAIN)
    assert view.click(state, view.point_xy(parse_point("a1"))).kind == "pending"
    assert "selected" in view.status_text(state)
    click = view.click(state, view.point_xy(parse_point("c5")))
    assert click.kind == "play" and click.move == GAME.parse_move(state, "a1xa3xc3xc5")
    view.click(state, view.point_xy(parse_point("a1")))
    view.click(state, view.point_xy(parse_point("a3")))
    assert "again to stop" in view.status_text(state)
    assert view.click(state, view.point_xy(parse_point("e5"))).kind == "reject"


def test_view_animates_a_chain_and_draws_every_state(still_clock):
    import pygame

    from ui.board_view import Overlay
    from ui.views.alquerque import VIEW

    view = VIEW(GAME)
    surface = pygame.Surface((300, 300))
    view.layout(pygame.Rect(0, 0, 300, 300))
    before = position(LONG_CHAIN)
    move = GAME.parse_move(before, "a1xa3xc3xc5")
    after = before.play(move)
    view.move_shown(before, move, after)
    assert view.is_animating()
    view.draw(surface, after, Overlay(last_move=move, previous=before))
    jumped = surface.get_at(view.point_xy(parse_point("c4")))
    still_clock.now += 10
    assert not view.is_animating()
    view.draw(surface, after, Overlay(last_move=move, previous=before))
    assert surface.get_at(view.point_xy(parse_point("c4"))) != jumped  # the jumped piece is gone
    for state in random_positions(GAME, 5, seed=9):
        view.draw(surface, state, Overlay(hover=view.point_xy(7), hint=state.legal_moves()[0]))
        assert view.status_text(state)



def test_a_hinted_chain_crosses_the_pieces_it_would_take():
    """Two chains of a1 end on c5: a1xa3xc5 takes a2 and b4, a1xa3xc3xc5 takes a2, b3 and c4.  The
    hint's line ran under the pieces, so the board did not say which; each piece a hinted chain
    takes now carries a cross in the hint's colour, and the pieces it leaves do not."""
    import pygame

    from ui.board_view import Overlay
    from ui.theme import DARK
    from ui.views.alquerque import BLACK_PIECE, VIEW

    view = VIEW(GAME)
    surface = pygame.Surface((300, 300))
    view.layout(pygame.Rect(0, 0, 300, 300))
    state = position("""
        ....B
        .BB..
        .B...
        B....
        W...W""")
    for hint, taken in (("a1xa3xc5", {"a2", "b4"}), ("a1xa3xc3xc5", {"a2", "b3", "c4"})):
        view.draw(surface, state, Overlay(theme=DARK, hint=GAME.parse_move(state, hint)))
        centres = {name: tuple(surface.get_at(view.point_xy(parse_point(name))))[:3]
                   for name in ("a2", "b3", "b4", "c4")}
        assert {name for name, colour in centres.items() if colour == DARK.hint} == taken, hint
        assert all(centres[name] == BLACK_PIECE for name in centres.keys() - taken)

def test_random_openings_are_distinct_while_the_game_has_enough():
    """Alquerque has 33 distinct positions after three plies (counted here by expanding them all):
    twenty openings are twenty of them, forty repeat some; ``accept`` refuses positions."""
    from ai.match import random_openings

    level = {GAME.initial_state().position: GAME.initial_state()}
    for _ in range(3):
        level = {after.position: after for state in level.values() for after in map(state.play, state.legal_moves())}
    assert len(level) == 33

    def reached(moves):
        state = GAME.initial_state()
        for move in moves:
            state = state.play(move)
        return state.position

    twenty = [reached(moves) for moves in random_openings(GAME, 20, 3)]
    assert len(set(twenty)) == 20 and set(twenty) <= set(level)
    forty = [reached(moves) for moves in random_openings(GAME, 40, 3)]
    assert len(set(forty)) == 33 and forty[:20] == twenty
    centre_taken = random_openings(GAME, 5, 3, accept=lambda state: state.piece_at(12) is not None)
    assert all(GAME.initial_state().play(m[0]).play(m[1]).play(m[2]).piece_at(12) is not None for m in centre_taken)


def test_balanced_openings_refuse_a_start_that_loses_a_piece_by_force():
    """Level material and no capture pending are not enough: after these six plies Black wins a
    piece by force within four plies whatever White does (the course's depth-4 minimax), so the
    start is unfair; a quiet start that the search finds level is accepted."""
    from ai.bench.alquerque import balanced
    from ai.engines.alquerque import course_evaluation
    from ai.search.classic import alphabeta_cutoff

    state = GAME.initial_state()
    for text in ("b2-c3", "d4xb2", "c2-c3", "c4-d4", "a2xc2", "b4-c4"):
        state = state.play(GAME.parse_move(state, text))
    counts = (state.boards[0].bit_count(), state.boards[1].bit_count())
    assert counts == (11, 11) and not state.capture_moves()
    assert alphabeta_cutoff(state, 4, course_evaluation)[1] == -1
    assert not balanced(state)
    quiet = GAME.initial_state()
    for text in ("d2-c3", "d4xd2", "d1xd3", "c4-d4"):
        quiet = quiet.play(GAME.parse_move(quiet, text))
    assert alphabeta_cutoff(quiet, 4, course_evaluation)[1] == 0
    assert balanced(quiet)


def test_a_course_minimax_values_a_piece_as_the_levels_do():
    """The panel showed the course minimax's "Black +1.0" (pieces) beside level 4's "Black +89"
    (points, 100 a piece) in one game, and the live graph read the course's whole pieces as
    hundredths of one: its reports are in the levels' points now, its choices unchanged."""
    import ai
    from ai.base import Limits
    from ai.engines.alquerque import MATERIAL

    state = GAME.initial_state().play(GAME.parse_move(GAME.initial_state(), "b2-c3"))  # Black may take d4xb2
    reports = []
    move = ai.make_player("alquerque", "alquerque:minimax-1").choose(state, Limits(time=5.0), reports.append)
    assert GAME.format_move(state, move) == "d4xb2"
    assert reports[-1].score == 1 * MATERIAL  # one piece ahead after it


REFUSED_WORDS = {  # the rules page's words for the set-up position the editor refuses, in each language
    Path("assets/rules/alquerque.md"): "A position set up with a player to move against no enemy pieces is refused",
    Path("assets/locale/pt/rules/alquerque.md"): "Uma posição preparada com um jogador a jogar sem peças adversárias é recusada",
}


@pytest.mark.parametrize("page", REFUSED_WORDS)
def test_the_rules_page_says_a_position_with_the_winner_to_move_is_refused(page):
    """The docstring's reading (a position text with the side to move facing no pieces is refused)
    was on no rules page, so a student's pasted ending was refused with no rule behind it; the
    page's words, and both sides' refusal as it plays."""
    said = re.sub(r"\s+", " ", page.read_text(encoding="utf-8"))
    assert REFUSED_WORDS[page] in said
    for mover, lone in (("White", "W"), ("Black", "B")):
        with pytest.raises(IllegalMove, match=f"{mover} has already won"):
            GAME.from_text(f"to-move: {mover}\n{lone}....\n.....\n.....\n.....\n.....")
