"""Reversi: perft against the published counts, passes and endings, other sizes, the solver and
the course players.

Facts come from shared/rules/reversi.md (perft counts from the 8x8 start, the start pattern,
the pass and end rules); hand-built positions are written in the position text format.
"""

from __future__ import annotations

import random

import pytest

import games
from games import IllegalMove
from games.grid import parse_cell
from games.move_list import moves_from_text
from games.reversi import PASS, flips, move_mask, squares

# shared/rules/reversi.md: perft from the 8x8 start, a pass is a move, game over is a leaf
PERFT = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216}


@pytest.fixture(scope="module")
def game():
    return games.load("reversi")


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    """Compile (or load) the kernels first: a timed search must not spend its time compiling."""
    from ai.kernels import reversi

    reversi.warm_up()


def board(rows: str, to_move: str) -> str:
    """Position text from a multi-line picture (whitespace is ignored by from_text)."""
    return f"{rows}\n{to_move}"


def state_perft(state, depth: int) -> int:
    """Perft through the public State API only: an independent check of the bitboard perft."""
    if depth == 0 or state.is_terminal():
        return 1
    return sum(state_perft(state.play(m), depth - 1) for m in state.legal_moves())


# -- the start and perft ------------------------------------------------------------------------
def test_start_position_and_first_moves(game):
    start = game.initial_state()
    assert game.to_text(start) == "-" * 27 + "OX------XO" + "-" * 27 + " X"
    assert start.to_move == 0 and game.sides == ("Black", "White")
    assert sorted(game.legal_move_texts(start)) == ["c4", "d3", "e6", "f5"]
    assert start.score() == (2, 2)


@pytest.mark.parametrize("depth", sorted(PERFT))
def test_perft_from_the_start_matches_the_published_counts(game, depth):
    assert game.perft(game.initial_state(), depth) == PERFT[depth]


@pytest.mark.parametrize("depth", range(1, 6))
def test_perft_through_the_state_api_agrees(game, depth):
    assert state_perft(game.initial_state(), depth) == PERFT[depth]


@pytest.mark.parametrize(
    "size, moves",
    [(6, ["b3", "c2", "d5", "e4"]), (10, ["d5", "e4", "f7", "g6"])],
)
def test_other_sizes_start_in_the_centre(size, moves):
    game = games.load("reversi", size=size)
    start = game.initial_state()
    h = size // 2
    text = game.to_text(start)
    assert text[(h - 1) * size + h - 1] == "O" and text[h * size + h] == "O"
    assert text[(h - 1) * size + h] == "X" and text[h * size + h - 1] == "X"
    assert sorted(game.legal_move_texts(start)) == moves
    # every first move flips exactly one disc
    for m in start.legal_moves():
        assert start.play(m).score() == (4, 1)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_move_mask_agrees_with_flips_square_by_square(size):
    """The shift-and-mask generator and the ray flipper are written independently."""
    game = games.load("reversi", size=size)
    rng = random.Random(size)
    for _ in range(30):
        state = game.initial_state()
        while not state.is_terminal():
            me, opp = state.mover, state.opponent
            empty = game.geo.full & ~(me | opp)
            by_flips = sum(1 << sq for sq in squares(empty) if flips(sq, me, opp, game.geo))
            assert move_mask(me, opp, game.geo) == by_flips
            state = state.play(rng.choice(state.legal_moves()))


# -- playing, notation, text --------------------------------------------------------------------
def test_a_move_flips_every_enclosed_line(game):
    # Black on e5 closes lines to the west (d5) and to the north (e4) at once
    text = board(
        """
        --------
        --------
        ----X---
        ----O---
        --XO-O--
        -----X--
        --------
        --------
        """,
        "X",
    )
    state = game.from_text(text)
    after = state.play(game.parse_move(state, "e5"))
    assert after.score() == (6, 1)
    assert game.to_text(after)[3 * 8 + 4] == "X" and game.to_text(after)[4 * 8 + 3] == "X"
    assert game.to_text(after)[4 * 8 + 5] == "O"  # f5 is not enclosed (g5 empty)
    assert game.to_text(after)[5 * 8 + 5] == "X"


def test_illegal_moves_are_refused_with_a_reason(game):
    start = game.initial_state()
    with pytest.raises(IllegalMove, match="taken"):
        start.play(3 * 8 + 3)
    with pytest.raises(IllegalMove, match="flips no discs"):
        game.parse_move(start, "a1")
    with pytest.raises(IllegalMove, match="pass"):
        game.parse_move(start, "pass")
    with pytest.raises(IllegalMove):
        game.parse_move(start, "j9")


def test_position_text_round_trip_tolerates_line_breaks(game):
    state = game.play_line(["f5", "d6", "c3", "d3", "c4"])
    text = game.to_text(state)
    assert len(text) == 66 and text[64] == " " and text[65] == "O"
    spaced = "\n".join(text[i : i + 8] for i in range(0, 64, 8)) + "\n O\n"
    assert game.from_text(spaced) == state
    with pytest.raises(IllegalMove):
        game.from_text(text[:-1] + "Z")
    with pytest.raises(IllegalMove):
        game.from_text(text[:40])
    assert game.from_text(f"{text}; F5:+2; D6:+0;") == state  # an Othello Board Format line (Edax, FFO)


# -- passes and the end -------------------------------------------------------------------------
def test_a_side_without_a_placement_must_pass(game):
    # White's a1 corner disc cannot be outflanked; Black has no placement, White has c1
    state = game.from_text("OX" + "-" * 62 + " X")
    assert not state.is_terminal()
    assert state.legal_moves() == [PASS] and state.must_pass()
    assert game.legal_move_texts(state) == ["pass"]
    passed = state.play(game.parse_move(state, "PASS"))
    assert passed.to_move == 1 and passed.boards == state.boards
    assert game.legal_move_texts(passed) == ["c1"]
    end = passed.play(game.parse_move(passed, "c1"))
    # Black has no disc left: neither side can move, the game is over
    assert end.is_terminal() and end.legal_moves() == []
    assert end.score() == (0, 3) and end.winner() == 1
    assert end.end_reason() == "White wins 3 - 0 (64 - 0 with the empty squares to the winner)"


def test_both_sides_without_a_move_end_the_game_before_the_board_is_full(game):
    # a1 Black, c1 White: no disc can outflank anything; the game is over with empties left
    state = game.from_text("X-O" + "-" * 61 + " X")
    assert state.is_terminal() and state.legal_moves() == []
    assert state.winner() is None and state.end_reason() == "Draw 1 - 1 (32 - 32 with the empty squares shared)"
    with pytest.raises(IllegalMove):
        state.play(PASS)
    with pytest.raises(IllegalMove):
        game.parse_move(state, "pass")


def test_a_pass_then_a_move_after_which_nobody_can_move(game):
    # from a random game: White must pass, Black's b7 leaves a8 and a7 empty and unplayable
    text = board(
        """
        OXXXXXXX
        OXXXXXXX
        OXOXXXXX
        OXXXXXXX
        OXXXXXOX
        OXOXOOXX
        --XXXXXX
        -XXXXXXX
        """,
        "O",
    )
    state = game.from_text(text)
    assert state.legal_moves() == [PASS] and state.empties() == 3
    black = state.play(PASS)
    assert game.legal_move_texts(black) == ["b7"]
    end = black.play(game.parse_move(black, "b7"))
    assert end.empties() == 2 and end.is_terminal() and end.legal_moves() == []
    assert end.score() == (52, 10) and end.winner() == 0


def test_full_board_decides_by_disc_count(game):
    text = "X" * 33 + "O" * 31 + " O"
    state = game.from_text(text)
    assert state.is_terminal() and state.winner() == 0 and state.score() == (33, 31)
    assert state.end_reason() == "Black wins 33 - 31"


# -- the engine: exact solver and course players -------------------------------------------------
def final_margin_minimax(state) -> int:
    """Plain minimax over the State API: the final disc margin for the side to move."""
    if state.is_terminal():
        black, white = state.score()
        return black - white if state.to_move == 0 else white - black
    best = None
    for move in state.legal_moves():
        child = state.play(move)
        value = final_margin_minimax(child)
        value = -value if child.to_move != state.to_move else value
        best = value if best is None else max(best, value)
    return best


def random_late_positions(count: int, max_empties: int, seed: int, size: int = 8, exact: bool = False) -> list:
    """Random-play positions with 1..``max_empties`` empty squares (exactly that many with ``exact``)."""
    game = games.load("reversi", size=size)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        target = max_empties if exact else rng.randint(1, max_empties)
        state = game.initial_state()
        while not state.is_terminal() and state.empties() > target:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            out.append(state)
    return out


def test_pure_python_solver_equals_plain_minimax_on_random_endgames():
    from ai.engines.reversi_python_search import Searcher

    for state in random_late_positions(20, 8, seed=2024):
        searcher = Searcher(state.game.geo)
        best, margin = searcher.solve_root(state.mover, state.opponent, 0)
        assert margin == final_margin_minimax(state), state.game.to_text(state)
        move = best.bit_length() - 1 if best else PASS
        assert move in state.legal_moves()
        child = state.play(move)
        value = final_margin_minimax(child)
        assert (value if child.to_move == state.to_move else -value) == margin


def test_the_python_search_stops_at_the_deadline_in_its_control_block():
    """Reversi's pure-Python search (the stand-in while the kernels compile) reads the deadline the
    driver puts in the control block, the stop never written: a watcher waiting for the interpreter
    the compiling thread held let it run on."""
    import pytest

    from ai.engines.reversi_python_search import OutOfTime, Searcher
    from ai.search.driver import CTL_DEADLINE_NS, new_ctl

    state = random_late_positions(1, 12, seed=5)[0]
    searcher = Searcher(state.game.geo)
    searcher.ctl = new_ctl()
    searcher.ctl[CTL_DEADLINE_NS] = 1  # long past
    with pytest.raises(OutOfTime):
        searcher.solve_root(state.mover, state.opponent, 0)
    assert searcher.nodes <= 256


def test_level_5_reports_the_proven_result_near_the_end():
    import ai
    from ai.base import Limits
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import proven_text

    state = random_late_positions(1, 8, seed=7)[0]
    while state.must_pass():
        state = state.play(PASS)
    player = ai.make_player("reversi", "level-5")
    reports = []
    move = player.choose(state, Limits(time=2.0), progress=reports.append)
    final = reports[-1]
    assert move in state.legal_moves() and final.done
    if len(state.legal_moves()) > 1:
        margin = final_margin_minimax(state)
        assert final.kind == "solver" and final.score == margin
        assert final.proven == (1 if margin > 0 else -1 if margin < 0 else 0)
        shown = AIProgress(1, final.depth, score=final.score, proven=final.proven, kind=final.kind,
                           mover=state.to_move, exact_margin=final.exact_margin)  # as the worker sends it
        if margin:  # the panel says it as the rules page does ("Black wins by 6 discs")
            winner = state.to_move if margin > 0 else 1 - state.to_move
            assert proven_text(shown, state.game.sides) == f"proven: {state.game.sides[winner]} wins by {abs(margin)} disc{'s' * (abs(margin) != 1)} on the board"


LAST_SQUARES = [  # (level, board size, seconds a move, empties it solves before any search)
    *[(level, size, seconds, empties) for level, empties in (("level-3", 8), ("level-4", 12))
      for size in (8, 10) for seconds in (5.0, 0.0005) if (level, size, seconds) != ("level-4", 10, 0.0005)],
    ("level-4", 10, 0.1, 10),  # 10x10's pure-Python solve: 10 empties fit the shortest setting
    ("level-4", 10, 0.0005, 9),  # and 9 (milliseconds) at any time
]


@pytest.mark.parametrize("level, size, seconds, empties", LAST_SQUARES)
def test_levels_3_and_4_play_their_last_squares_perfectly(level, size, seconds, empties):
    """What their descriptions promise: the exact solver from 8 (level 3) and 12 (level 4) empties,
    on the kernels' 8x8 however short the move time; on 10x10, whose pure-Python solve of
    12 empties can take several tenths of a second, level 4 solves as many as fit the move time."""
    import ai
    from ai.base import Limits
    from ai.engines.reversi_python_search import Searcher

    player = ai.make_player("reversi", level, seed=1)
    for state in random_late_positions(6, empties, seed=empties, size=size, exact=True):
        while state.must_pass():
            state = state.play(PASS)
        if state.is_terminal() or len(state.legal_moves()) == 1:
            continue
        reports = []
        move = player.choose(state, Limits(time=seconds), progress=reports.append)
        _, margin = Searcher(state.game.geo).solve_root(state.mover, state.opponent, 0)
        assert reports[-1].kind == "solver" and reports[-1].score == margin
        child = state.play(move)
        _, after = Searcher(state.game.geo).solve_root(child.mover, child.opponent, 0)
        assert (after if child.to_move == state.to_move else -after) == margin


@pytest.mark.parametrize("empties", [11, 12])
def test_level_4_on_10x10_answers_from_its_search_where_the_solve_would_overrun_the_move_time(empties):
    """At 0.1 s a move a pure-Python solve of 11 or 12 empties can outlast the move (up to 0.12 and
    0.35 s of CPU), so level 4 plays its five-ply search's move there instead of solving."""
    import ai
    from ai.base import Limits

    player = ai.make_player("reversi", "level-4", seed=1)
    for state in random_late_positions(3, empties, seed=empties, size=10, exact=True):
        while state.must_pass():
            state = state.play(PASS)
        if state.is_terminal() or len(state.legal_moves()) == 1:
            continue
        reports = []
        move = player.choose(state, Limits(time=0.1), progress=reports.append)
        assert move in state.legal_moves()
        assert reports[-1].kind == "alphabeta" and reports[-1].proven is None


@pytest.mark.parametrize("seconds, empties", [(None, 12), (5.0, 12), (0.5, 12), (0.25, 11), (0.1, 10), (0.0005, 9)])
def test_level_4s_sure_solve_on_10x10_shrinks_with_the_move_time(seconds, empties):
    """The empties from which level 4 (five plies, 12 promised) solves at once on the pure-Python
    10x10, by move time: all 12 without a limit or from half a second, fewer below."""
    from ai.base import Limits
    from ai.engines.reversi_search import PYTHON_SOLVER, SolvePlan

    def sure(n: int) -> bool:
        return SolvePlan(n, 12, 0.0, Limits(time=seconds), PYTHON_SOLVER, 5).sure

    assert sure(empties) and (empties == 12 or not sure(empties + 1))


def disc_minimax(state, depth: int, player: int) -> int:
    """Brute-force depth-limited minimax with the course's disc-count evaluation."""
    if depth == 0 or state.is_terminal():
        black, white = state.score()
        return black - white if player == 0 else white - black
    values = [disc_minimax(state.play(m), depth - 1, player) for m in state.legal_moves()]
    return max(values) if state.to_move == player else min(values)


def brute_force_choice(state, depth: int):
    """The first move (in board order) with the best depth-limited minimax value."""
    moves = state.legal_moves()
    values = [disc_minimax(state.play(m), depth - 1, state.to_move) for m in moves]
    return moves[values.index(max(values))]


@pytest.mark.parametrize("name, depth", [("easy", 2), ("medium", 4)])
def test_course_players_pick_the_brute_force_minimax_move(game, name, depth):
    import ai
    from ai.bench.reversi import BENCH_POSITIONS
    from ai.engines.reversi import COURSE_DEPTHS

    assert COURSE_DEPTHS == {"easy": 2, "medium": 4, "hard": 5}
    player = ai.make_player("reversi", f"reversi:{name}")
    positions = [game.from_text(t) for t in BENCH_POSITIONS[: 4 if depth == 2 else 2]]
    positions += random_late_positions(3 if depth == 2 else 1, 20, seed=depth)
    for state in positions:
        assert player.choose(state) == brute_force_choice(state, depth), game.to_text(state)


def test_every_catalog_player_returns_a_legal_move():
    import ai
    from ai.base import Limits

    game = games.load("reversi")
    state = game.play_line(["f5", "d6", "c3", "d3", "c4"])
    for info in ai.catalog("reversi"):
        player = ai.make_player("reversi", info.id, seed=1)
        assert player.choose(state, Limits(time=0.2)) in state.legal_moves(), info.id


def test_a_set_stop_flag_returns_a_legal_move_at_once():
    import ai
    from ai.base import Flag, Limits

    game = games.load("reversi")
    stop = Flag()
    stop.set()
    for text in ("-OOOOO--O-OXXXX-OOXXX---OOOOXX--OOOOXXX-OOXOOX----OXXXX--OOOOOO- X",
                 game.to_text(game.initial_state())):
        state = game.from_text(text)
        assert ai.make_player("reversi", "level-5").choose(state, Limits(stop=stop)) in state.legal_moves()


# -- the board view -----------------------------------------------------------------------------
def test_view_passes_on_any_click_and_says_so(game):
    import pygame

    from ui.views.reversi import VIEW

    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 400, 400))
    must_pass = game.from_text("OX" + "-" * 62 + " X")
    assert view.status_text(must_pass) == "Black has no move: click the board or press Space twice to pass"
    anywhere = view.cell_rect(7, 7).center
    assert view.click(must_pass, anywhere).kind == "play" and view.click(must_pass, anywhere).move == PASS
    start = game.initial_state()
    assert view.status_text(start) == ""
    d3 = view.click(start, view.cell_rect(2, 3).center)
    assert d3.kind == "play" and game.format_move(start, d3.move) == "d3"
    assert view.click(start, view.cell_rect(0, 0).center).reason == "a1 flips no discs"  # as typed a1 is told
    assert view.click(start, view.cell_rect(3, 3).center).reason == "d4 is already taken"
    assert view.click(start, (1, 1)).kind == "ignore"


def test_view_draws_every_size_and_animates_flips(game, still_clock):
    import pygame

    from ui.board_view import Overlay
    from ui.views.reversi import VIEW

    surface = pygame.Surface((300, 300))
    for size in (6, 8, 10):
        g = games.load("reversi", size=size)
        before = g.initial_state()
        move = before.legal_moves()[0]
        after = before.play(move)
        view = VIEW(g)
        view.layout(surface.get_rect())
        view.move_shown(before, move, after)
        view.draw(surface, after, Overlay(last_move=move, previous=before, hint=after.legal_moves()[0]))
        assert view.is_animating()
        view.draw(surface, after, Overlay(last_move=move, previous=before, animation_speed=0))
        assert not view.is_animating()
        passed = g.from_text("OX" + "-" * (size * size - 2) + " X").play(PASS)
        view.draw(surface, passed, Overlay(last_move=PASS))


@pytest.mark.parametrize("size", [6, 10])
def test_level_5_and_course_hard_play_the_other_sizes(size):
    import ai
    from ai.base import Limits

    game = games.load("reversi", size=size)
    state = game.initial_state()
    for player_id in ("level-5", "reversi:hard"):
        player = ai.make_player("reversi", player_id, seed=1)
        for _ in range(3):
            move = player.choose(state, Limits(time=0.2))
            assert move in state.legal_moves()
            state = state.play(move)


def test_a_square_typed_when_the_mover_must_pass_says_to_pass():
    game = games.load("reversi")
    state = game.from_text("XO" + "-" * 62 + " O")  # White has no move, Black has c1
    assert state.must_pass()
    with pytest.raises(IllegalMove, match="you have no legal move, so you must pass"):
        game.parse_move(state, "c1")
    assert game.parse_move(state, "pass") == PASS


@pytest.mark.parametrize("word", ["pass", "PA", "ps", "--"])
def test_a_pass_is_read_as_othello_programs_write_it(word):
    game = games.load("reversi")
    state = game.from_text("XO" + "-" * 62 + " O")  # White has no move
    assert game.parse_move(state, word) == PASS


def test_a_line_of_moves_may_leave_a_forced_pass_out_as_transcripts_do():
    """WZebra's and Edax's ``f5d6c3...`` write no passes: the one the rules force is put in."""
    game = games.load("reversi")
    state = game.from_text("XO" + "-" * 62 + " O")  # White has no move, Black has c1
    assert game.implied_move(state) == PASS and game.implied_move(game.initial_state()) is None
    assert game.play_line(["c1"], state) == state.play(PASS).play(game.parse_move(state.play(PASS), "c1"))
    with pytest.raises(IllegalMove, match="h8 flips no discs"):  # Black's move after White's pass
        game.play_line(["h8"], state)
    assert game.transcript(["f5", "d6", "pass", "c3"]) == "f5d6c3"


def test_a_game_over_before_the_board_fills_gives_the_tournament_count_too(game):
    """A 9-move wipeout said only "Black wins 13 - 0"; WZebra and Edax give the empty squares to
    the winner (64 - 0), and the end says both counts, in the window's language too."""
    from tests.ui_helpers import words_in
    from ui import words

    state = game.play_line(moves_from_text("d3c3f5f4f3d2d1e3b3"))
    assert state.is_terminal() and state.score() == (13, 0)
    reason = state.end_reason()
    assert reason == "Black wins 13 - 0 (64 - 0 with the empty squares to the winner)"
    with words_in("pt"):
        assert words.end_reason(reason) == "Preto ganha 64 - 0 (13 - 0 no tabuleiro)"
    full = game.from_text("X" * 40 + "O" * 24 + " X")
    assert full.end_reason() == "Black wins 40 - 24"  # a full board: one count


def test_a_draw_before_the_board_fills_shares_the_empty_squares(game):
    """A draw with empty squares said "Draw 29 - 29" alone; the WOF rules (as WZebra and Edax)
    share the empty squares between the players, so the tournament count is 32 - 32, said in
    the window's language too.  A full board's draw has nothing to share."""
    from tests.ui_helpers import words_in
    from ui import words

    rows = ["XXXXXXXX"] * 3 + ["XXXXX---"] + ["OOOOO---"] + ["OOOOOOOO"] * 3
    state = game.from_text("".join(rows) + " X")  # no disc borders an empty square across a line
    assert state.is_terminal() and state.score() == (29, 29) and state.empties() == 6
    reason = state.end_reason()
    assert reason == "Draw 29 - 29 (32 - 32 with the empty squares shared)"
    with words_in("pt"):
        assert words.end_reason(reason) == "Empate 32 - 32 (29 - 29 no tabuleiro)"
    full = game.from_text("X" * 32 + "O" * 32 + " X")
    assert full.end_reason() == "Draw 32 - 32"


def test_why_a_square_or_a_pass_is_refused(game):
    """The rules' reasons a typed move and a click are both told (``why_illegal``)."""
    start = game.initial_state()
    for text, why in (("d4", "d4 is already taken"), ("a1", "a1 flips no discs"),
                      ("pass", "pass is only legal when you have no other move")):
        move = PASS if text == "pass" else parse_cell(text, game.size, game.size)
        assert game.why_illegal(start, move) == why
        with pytest.raises(IllegalMove, match=f"^{why}$"):
            game.parse_move(start, text)
