"""Trax: the course's homework boards, forced tiles, illegal turns, and random games on every size.

The homework boards (tests/data/trax/, from the course's HW08) come with the course's own answers;
the hand-built positions below were worked through by hand from the rules in shared/rules/trax.md.
"""

from __future__ import annotations

import random
import re
from pathlib import Path as FsPath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games import IllegalMove
from games.grid import cell_name
from games.trax import (
    DARK,
    LIGHT,
    NAME,
    TILE_NAMES,
    all_paths,
    lines,
    longest_lines,
    loop_summary,
    loops,
    move_cell,
    move_of,
    move_tile,
    read_board,
    tile_of_name,
)
from tests.ui_helpers import recorded_draws, recorded_text, words_in
from ui.parts import SEPARATOR

DATA = FsPath(__file__).parent / "data" / "trax"
CASES = sorted(p.stem for p in DATA.glob("case-*.txt") if not p.stem.endswith("solution"))
HARDS = sorted(p.stem for p in DATA.glob("hard-*.txt") if not p.stem.endswith("solution"))


def answer(name: str) -> list[int]:
    return [int(x) for x in (DATA / f"{name}-solution.txt").read_text().split()]


def longest(paths) -> int:
    return max((p.length for p in paths), default=-1)


def test_all_34_course_boards_are_here():
    assert len(CASES) + len(HARDS) == 34


@pytest.mark.parametrize("name", CASES)
def test_course_lines(name):
    b = read_board((DATA / f"{name}.txt").read_text())
    got = [longest(lines(b.cells, b.width, b.height, colour, direction))
           for direction in ("lr", "tb") for colour in (LIGHT, DARK)]
    assert got == answer(name)
    assert list(longest_lines(b.cells, b.width, b.height)) == answer(name)


@pytest.mark.parametrize("name", HARDS)
def test_course_loops(name):
    b = read_board((DATA / f"{name}.txt").read_text())
    light, dark = (loops(b.cells, b.width, b.height, c) for c in (LIGHT, DARK))
    got = [len(light), len(dark), max((p.length for p in light), default=0),
           max((p.length for p in dark), default=0)]
    assert got == answer(name)
    assert list(loop_summary(b.cells, b.width, b.height)) == answer(name)


# -- tiles and the start -----------------------------------------------------------------------
def test_tile_names_are_edge_colours_west_north_east_south():
    assert len(set(TILE_NAMES)) == 6
    for name in TILE_NAMES:
        t = tile_of_name(name)
        assert NAME[t] == name and t.bit_count() == 2


def test_start_is_the_centre_tile_with_light_to_move():
    game = games.load("trax", size=10)
    state = game.initial_state()
    assert state.to_move == LIGHT
    assert [i for i, t in enumerate(state.cells) if t] == [5 * 10 + 5]  # board[N//2][N//2], f6
    assert NAME[state.cells[55]] == "lldd"
    assert sorted(game.legal_move_texts(state)) == sorted(
        f"{c}{s}" for c in ("f5", "e6", "g6", "f7") for s in "+/\\")


def test_options_sizes_and_centre_tile():
    for size in (7, 25):
        state = games.load("trax", size=size, centre="dldl").initial_state()
        assert len(state.cells) == size * size and state.cells[(size // 2) * size + size // 2] == tile_of_name("dldl")
    with pytest.raises(ValueError, match="size"):
        games.load("trax", size=6)


# -- forced tiles --------------------------------------------------------------------------------
CHAIN = """to-move: light
none none none none none none none
none none none dlld none none none
none none none lddl none none none
none none none lldd none none none
none none none none none none none
none none none none none none none
none none none none none none none
"""


def test_a_placement_forces_two_tiles_in_the_same_turn():
    # d3 is lddl, its west edge is light, so c3's '/' tile is ddll.  Its north edge (dark) and
    # d2's west edge (dark) both enter c2: forced lldd.  Its south edge (light) and d4's west edge
    # (light) both enter c4: forced dlld.  Nothing else is forced, and the light paths of c3, d3,
    # d4 and c4 now close a loop of four tiles: Light, who moved, wins.
    game = games.load("trax", size=7)
    state = game.from_text(CHAIN)
    move = game.parse_move(state, "c3/")
    assert NAME[move_tile(move)] == "ddll"
    after = state.play(move)
    turn = [(game.format_move(state, move) if i == 0 else None, move_cell(m), NAME[move_tile(m)])
            for i, m in enumerate(after.turn)]
    assert [(c, n) for _, c, n in turn] == [(2 * 7 + 2, "ddll"), (1 * 7 + 2, "lldd"), (3 * 7 + 2, "dlld")]
    assert after.to_move == DARK and after.is_terminal() and after.winner() == LIGHT
    assert after.score() == (4, 0) and sorted(after.loops(LIGHT)[0].cells) == [16, 17, 23, 24]
    assert game.to_text(after).splitlines()[2:5] == [
        "none none lldd dlld none none none",
        "none none ddll lddl none none none",
        "none none dlld lldd none none none",
    ]
    assert state.forced_tiles(move) == list(after.turn)


ILLEGAL = """to-move: light
none none none none none none none
none ldld ldld none none dlld none
none none lddl none none ldld lddl
none none dlld lldd ddll lddl dlld
none none none lddl none none none
none none none none none none none
none none none none none none none
"""


def test_a_turn_that_makes_three_edges_of_one_colour_is_illegal():
    # e2 lddl matches f2, but forces d2 (light from c2 and e2) = ldld and e3 (light from e2 and
    # f3) = dlld; d3 is then entered by three dark edges (c3's east, d2's south, e3's west): the
    # whole turn is illegal.  (Had d3 been forced before d2, as dldl from the dark of c3 and e3,
    # d2 would have met three light edges instead; but d2 is forced first, by the placed tile
    # itself, so d3 is where the turn clashes, and where the rules say it does.)
    game = games.load("trax", size=7)
    state = game.from_text(ILLEGAL)
    e2 = 1 * 7 + 4
    bad = move_of(e2, tile_of_name("lddl"))
    assert bad not in state.legal_moves()
    assert game.clash(state.cells, e2, tile_of_name("lddl")) == (2 * 7 + 3, DARK)  # d3
    with pytest.raises(IllegalMove, match="three"):
        state.play(bad)
    assert game.parse_move(state, "e2:dldl") in state.legal_moves()


def test_a_typed_tile_whose_turn_clashes_is_refused_saying_where():
    """Typed as e2\\ (or e2:lddl) the tile of ILLEGAL above matches its neighbours; the refusal said
    only "not legal here", quoting what was typed with its backslash doubled ('e2\\\\'), where the
    rules say why: the cell where three edges of one colour would meet (the first the forced
    tiles reach: d2 is laid ldld, e3 dlld, and d3 then has three dark edges entering it)."""
    game = games.load("trax", size=7)
    state = game.from_text(ILLEGAL)
    for typed in ("e2\\", "e2:lddl"):
        with pytest.raises(IllegalMove) as refused:
            game.parse_move(state, typed)
        assert str(refused.value) == f"'{typed}' would make three dark edges meet at d3; legal at e2: e2+, e2/"
    with pytest.raises(IllegalMove) as refused:  # it was "not legal here", with no word of why
        game.parse_move(state, "e2:dlld")
    assert str(refused.value) == "'e2:dlld': dlld at e2 does not match its neighbours' colours; legal at e2: e2+, e2/"
    with pytest.raises(IllegalMove, match=r"^'a1\\': a1 touches a tile only at a corner: a tile goes next to another, edge to edge$"):
        game.parse_move(state, "a1\\")
    with pytest.raises(IllegalMove, match="three dark edges meet at d3"):
        state.play(move_of(1 * 7 + 4, tile_of_name("lddl")))


def test_placements_that_do_not_touch_or_do_not_match_are_refused():
    game = games.load("trax", size=7)
    state = game.initial_state()  # d4 = lldd: its east edge is dark
    with pytest.raises(IllegalMove, match="touch"):
        state.play(move_of(0, tile_of_name("lldd")))
    with pytest.raises(IllegalMove, match="match"):
        state.play(move_of(3 * 7 + 4, tile_of_name("lldd")))  # e4 lldd: light west edge
    with pytest.raises(IllegalMove, match="not empty"):
        state.play(move_of(3 * 7 + 3, tile_of_name("lldd")))
    with pytest.raises(IllegalMove):
        game.parse_move(state, "a1+")


def test_a_cell_meeting_a_tile_only_at_a_corner_is_told_a_tile_must_share_an_edge():
    """c3, diagonal to the first tile on d4, was refused as "c3 does not touch a tile", which a
    player looking at the two corners meeting read as wrong: it says that a tile goes edge to
    edge, in either notation; a cell nowhere near a tile is told as before."""
    game = games.load("trax", size=7)
    state = game.initial_state()
    corner = "touches a tile only at a corner: a tile goes next to another, edge to edge"
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(state, "c3/")
    assert str(refused.value) == f"'c3/': c3 {corner}"
    assert game.why_no_tile(state, 4 * 7 + 4) == f"e5 {corner}"
    assert game.why_no_tile(state, 2 * 7 + 4, official=True) == f"{game.official_cell(state, 2 * 7 + 4)} {corner}"
    assert game.why_no_tile(state, 1 * 7 + 3) == "d2 does not touch a tile"


@pytest.mark.parametrize("language, said", [
    ("en", "'xx' is not a Trax move like e5/, e5+, e5\\, e5:lddl or B2+"),
    ("pt", "'xx' não é uma jogada de Trax como e5/, e5+, e5\\, e5:lddl ou B2+"),
])
def test_a_typed_word_that_is_no_move_lists_the_moves_with_commas_after_them(language, said):
    """The refusal listed its examples "e5/ , e5+ , e5\\ , e5:lddl", a space before each comma; the
    commas follow the moves as in any list, in Portuguese too."""
    from ui.words import rule_reason

    game = games.load("trax", size=7)
    with pytest.raises(IllegalMove) as refused:
        game.parse_move(game.initial_state(), "xx")
    with words_in(language):
        assert rule_reason(str(refused.value), "trax") == said


# -- notation and text -------------------------------------------------------------------------
def test_notation_shape_and_tile_name_forms():
    game = games.load("trax", size=7)
    state = game.initial_state()
    for move in state.legal_moves():
        text = game.format_move(state, move)
        assert text[-1] in "+/\\" and game.parse_move(state, text) == move
        name = NAME[move_tile(move)]
        assert game.parse_move(state, f"{text[:-1]}:{name}") == move
    assert NAME[move_tile(game.parse_move(state, "e4+"))] == "dldl"  # d4's east edge is dark


def test_cells_of_row_ten_are_not_taken_for_open_table_notation():
    game = games.load("trax", size=10)
    with pytest.raises(IllegalMove, match="a10 does not touch a tile"):
        game.parse_move(game.initial_state(), "a10/")


def test_position_text_is_the_course_format():
    game = games.load("trax", size=7)
    text = game.to_text(game.initial_state())
    assert text.splitlines()[0] == "to-move: light"
    assert text.splitlines()[4] == "none none none lldd none none none"
    no_header = "\n".join(text.splitlines()[1:])
    assert game.from_text(no_header) == game.initial_state()
    dark = game.from_text(text.replace("light", "dark"))
    assert dark.to_move == DARK


def test_bad_positions_are_refused_with_a_reason():
    game = games.load("trax", size=7)
    rows = [["none"] * 7 for _ in range(7)]
    rows[3][3], rows[3][4] = "lldd", "lldd"  # east edge dark against west edge light
    with pytest.raises(IllegalMove, match="match"):
        game.from_text("\n".join(" ".join(r) for r in rows))
    rows[3][4], rows[0][0] = "none", "ldld"
    with pytest.raises(IllegalMove, match="connected"):
        game.from_text("\n".join(" ".join(r) for r in rows))
    with pytest.raises(IllegalMove, match="7 to 25"):
        game.from_text("ldld")
    big = games.load("trax", size=12).initial_state()
    again = game.from_text(games.load("trax", size=12).to_text(big))
    assert again.game.size == 12 and again.cells == big.cells


# -- the end -------------------------------------------------------------------------------------
def two_curves(mode: str):
    game = games.load("trax", size=7, mode=mode)
    rows = [["none"] * 7 for _ in range(7)]
    rows[3][3], rows[3][4] = "ddll", "lddl"
    state = game.from_text("to-move: light\n" + "\n".join(" ".join(r) for r in rows))
    assert game.parse_move(state, "e5/") == move_of(4 * 7 + 4, tile_of_name("lldd"))
    return state


def test_closing_a_loop_wins_and_scores_its_length():
    # Four curves round one point make the smallest loop (4 tiles).  d4 ddll and e4 lddl bring
    # light down into d5 and e5.  Light plays e5/ (lldd: its north edge must be light); its light
    # west edge and d4's light south edge both enter d5, which is forced (dlld) and closes the loop.
    after = two_curves("tournament").play(move_of(4 * 7 + 4, tile_of_name("lldd")))
    assert [NAME[move_tile(m)] for m in after.turn] == ["lldd", "dlld"]
    assert after.is_terminal() and after.winner() == LIGHT
    assert after.score() == (4, 0)
    assert [p.length for p in after.loops(LIGHT)] == [4]
    assert after.legal_moves() == []
    assert "loop" in after.end_reason()


def test_fill_mode_goes_on_after_a_loop_and_has_no_winner():
    after = two_curves("fill").play(move_of(4 * 7 + 4, tile_of_name("lldd")))
    assert not after.is_terminal() and after.winner() is None
    assert after.score()[LIGHT] == 4


# Two 7x7 games (found by random play) whose last turn closes a loop of each colour at once.
BOTH_BY_LIGHT = "d3+ d2\\ d1\\ e2\\ f1\\ d5/ e5+ c4\\ b4+ d6/ b3\\"  # 11 plies: Light's turn
BOTH_BY_DARK = "c4+ e4\\ f4+ d3/ b3+ b2\\ c1\\ e2+ g3/ f5+ c5+ b4/ g5\\ b1\\ f6+ e6\\"  # 16 plies: Dark's


@pytest.mark.parametrize("moves, mover, light_loop, dark_loop", [
    (BOTH_BY_LIGHT, LIGHT, 6, 10), (BOTH_BY_DARK, DARK, 6, 4)])
def test_a_turn_closing_both_colours_wins_for_the_mover_with_double_score(moves, mover, light_loop, dark_loop):
    """The assignment: a player who closes loops of both colours in one turn scores double; the
    rules page's reading: that player wins, and the other still scores their own colour's loop."""
    game = games.load("trax", size=7)
    state = game.initial_state()
    for text in moves.split():
        assert not state.is_terminal()
        state = state.play(game.parse_move(state, text))
    assert 1 - state.to_move == mover and state.is_terminal() and state.winner() == mover
    assert [max(p.length for p in state.loops(c)) for c in (LIGHT, DARK)] == [light_loop, dark_loop]
    score = [light_loop, dark_loop]
    score[mover] *= 2
    assert state.score() == tuple(score)
    assert state.end_reason() == f"{game.sides[mover]} wins: a light loop and a dark loop in one turn: the mover wins"


def play_7x7(moves: str):
    """The 7x7 game after ``moves`` (notation separated by spaces)."""
    game = games.load("trax", size=7)
    state = game.initial_state()
    for text in moves.split():
        state = state.play(game.parse_move(state, text))
    return state


@pytest.mark.parametrize("moves, reason", [
    ("c4\\ c3/", "Light wins: a light loop, completed by Dark"),  # Dark's c3/ forces Light's 2x2 loop shut
    (BOTH_BY_DARK, "Dark wins: a light loop and a dark loop in one turn: the mover wins"),
])
def test_the_end_reason_says_whose_turn_made_the_win_when_that_decides_it(moves, reason):
    """A player who closes the opponent's loop loses, and one who closes both colours wins: the
    result card said only "Dark wins: a light loop and a dark loop" (over "Dark 8 - 6 Light", or a
    winner with fewer points), never why that player won nor who had laid the losing tile."""
    state = play_7x7(moves)
    assert state.end_reason() == reason


def test_a_win_by_ones_own_turn_keeps_the_short_reason():
    assert play_7x7("e4\\ d5\\").end_reason() == "Dark wins: a dark loop"  # Dark's own turn closed it


def test_the_portuguese_end_reason_names_who_completed_the_loop():
    from tests.ui_helpers import words_in
    from ui.words import end_reason

    with words_in("pt"):
        assert end_reason("Light wins: a light loop, completed by Dark") == \
            "Claro ganha: Escuro completou um circuito claro"
        assert end_reason("Dark wins: a light loop and a dark line in one turn: the mover wins") == \
            "Escuro ganha: um circuito claro e uma linha escura na mesma jogada: ganha quem jogou"


LINE_WORDS = {  # what the rules page says of a line, and the words around its numbers, in each language
    "en": (r"at least (\d+) rows or columns", r": (\d+) on a \1 x \1 board, (\d+) on \2 x \2",
           r"On (\d+) x \1 the two rules agree"),
    "pt": (r"pelo menos (\d+) filas ou colunas", r": (\d+) num tabuleiro \1 x \1, (\d+) num \2 x \2",
           r"No (\d+) x \1 as duas regras coincidem"),
}


def page_line_numbers(language: str) -> tuple[int, list[int]]:
    """The open table's shortest line, and the boards on which the rules page counts a line's tiles."""
    from ui.scenes.rules import rules_source

    with words_in(language):
        page = re.sub(r"\s+", " ", rules_source("trax"))
    least, counted, agreed = (re.search(pattern, page) for pattern in LINE_WORDS[language])
    assert least and counted and agreed, "the rules page no longer says how long a line is"
    return int(least.group(1)), [int(n) for n in (*counted.groups(), agreed.group(1))]


def straight_light_line(size: int, first: int, length: int):
    """A ``size`` board with a straight light path (``ldld`` tiles) along its middle row from column
    ``first``, ``length`` tiles once Light lays the last one (the state after that turn)."""
    game = games.load("trax", size=size)
    row = ["none"] * size
    row[first:first + length - 1] = ["ldld"] * (length - 1)
    rows = [" ".join(row if r == size // 2 else ["none"] * size) for r in range(size)]
    state = game.from_text("to-move: light\n" + "\n".join(rows))
    return state.play(game.parse_move(state, cell_name(size // 2 * size + first + length - 1, size) + "+"))


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_line_is_as_long_as_the_board_as_the_rules_page_says(language):
    """The page said "where a line must span 8 rows or columns" of the open table; the official rules
    say at least 8, between the outermost tiles in play.  Played from the page's numbers: a line
    from edge to edge of a board of each size it names wins with that many tiles (on 8 x 8 exactly
    the open table's shortest line), and on a larger board a line of the open table's length that
    reaches neither edge does not end the game."""
    least, sizes = page_line_numbers(language)
    assert least == 8
    for size in sizes:
        ended = straight_light_line(size, 0, size)
        assert ended.is_terminal() and ended.winner() == LIGHT and ended.score() == (size, 0), size
    assert 8 in sizes
    going_on = straight_light_line(10, 1, least)
    assert not going_on.is_terminal() and going_on.winner() is None


# -- random games on every size --------------------------------------------------------------------
def check_board(game, state) -> None:
    """Every tile matches its neighbours, no empty cell is left to force, the tiles are one group."""
    game.check_position(state.cells)
    for i, t in enumerate(state.cells):
        if not t:
            light, dark = game.entering(state.cells, i)
            assert light.bit_count() < 2 and dark.bit_count() < 2


def check_turn(game, before, after) -> None:
    """The turn's first tile is the one placed; each later one was forced when it was laid."""
    board = bytearray(before.cells)
    for k, move in enumerate(after.turn):
        cell, tile = move_cell(move), move_tile(move)
        assert board[cell] == 0
        if k:
            light, dark = game.entering(board, cell)
            assert light.bit_count() == 2 and tile == light or dark.bit_count() == 2 and tile == 15 ^ dark
        board[cell] = tile
    assert bytes(board) == after.cells


@pytest.mark.parametrize("mode", ["tournament", "fill"])
@pytest.mark.parametrize("size", range(7, 26))
@settings(max_examples=2)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_board_valid(size, mode, seed):
    fill = mode == "fill"
    game = games.load("trax", size=size, mode=mode)
    rng = random.Random(seed)
    state = game.initial_state()
    while not state.is_terminal():
        before, state = state, state.play(rng.choice(state.legal_moves()))
        check_turn(game, before, state)
    check_board(game, state)
    n = game.size
    if fill:  # full, or (rarely, in random play) a hole no tile can fill: no winner either way
        assert state.winner() is None and state.legal_moves() == []
    elif state.winner() is not None:
        # the winner's colour has a loop or a line on the board, measured from scratch
        made = [c for c in (LIGHT, DARK) if loops(state.cells, n, n, c) or lines(state.cells, n, n, c)]
        assert state.winner() in made
        if len(made) == 2:  # both colours in one turn: the mover wins
            assert state.winner() == 1 - state.to_move
        assert state.score()[state.winner()] > 0
    again = game.from_text(game.to_text(state))
    assert again == state and again.winner() == state.winner() and again.score() == state.score()


READING_OF_THE_LONGEST = {  # the rules page's reading, under "Readings we chose", in each language
    "en": ("## Readings we chose", "its longest loop and its longest line count"),
    "pt": ("## Leituras que escolhemos", "contam o seu circuito mais longo e a sua linha mais longa"),
}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_longest_loop_and_line_scoring_is_listed_among_the_pages_readings(language):
    """The course scores "the loop" and "the line" of a colour; the fill mode's full board holds
    many, and the score counts the longest of each, a reading of ours the page stated as a rule but
    did not list under "Readings we chose".  It is listed there now, and a full fill board with
    several loops of a colour scores as it says."""
    from ui.scenes.rules import rules_source

    heading, reading = READING_OF_THE_LONGEST[language]
    with words_in(language):
        page = re.sub(r"[ \t]*\n[ \t]*(?!- |#)", " ", rules_source("trax"))
    readings = page.split(heading)[1].split("\n## ")[0]
    assert reading in readings, "the longest loop and line are not among the page's readings"
    game = games.load("trax", size=12, mode="fill")
    rng = random.Random(5)
    several = False
    for _ in range(10):
        state = game.initial_state()
        while not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        for colour in (LIGHT, DARK):
            closed = [p.length for p in all_paths(state.cells, 12, 12, colour) if p.closed]
            line = longest([*lines(state.cells, 12, 12, colour, "lr"), *lines(state.cells, 12, 12, colour, "tb")])
            assert state.score()[colour] == max(closed, default=0) + max(line, 0)
            several = several or len(closed) > 1
    assert several, "no full board held two loops of one colour"


def test_a_tournament_board_filled_without_loop_or_line_is_a_draw():
    """The reading the course leaves open (written in games/trax.py and the rules page): a full
    board with no loop or line has no winner.  Random 7x7 games reach one now and then (the move
    that fills the board may also close a loop or a line: that one is a win)."""
    game = games.load("trax", size=7)
    full = {True: [], False: []}  # full boards with and without a loop or a line
    for seed in range(400):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_terminal():
            state = state.play(rng.choice(state.legal_moves()))
        if game.is_full(state.cells):
            full[any(loops(state.cells, 7, 7, c) or lines(state.cells, 7, 7, c) for c in (LIGHT, DARK))].append(state)
    assert full[False], "no random 7x7 game filled the board without a loop or a line"
    for state in full[False]:
        assert state.winner() is None and state.end_reason() == "The board is full: no winner"
    for state in full[True]:
        assert state.winner() is not None


def test_path_ends_agree_with_tracing_from_scratch():
    game = games.load("trax", size=9)
    rng = random.Random(7)
    state = game.initial_state()
    while not state.is_terminal():
        state = state.play(rng.choice(state.legal_moves()))
        rebuilt = game.state_from_cells(state.cells, state.to_move)
        assert rebuilt.ends == state.ends and rebuilt.frontier == state.frontier
    assert all(p.length for c in (LIGHT, DARK) for p in all_paths(state.cells, 9, 9, c))


# -- the engine and the view (facts of the position, never timings) ------------------------------
@pytest.mark.parametrize("player_id", ["level-3", "level-4", "level-5", "trax:greedy"])
def test_players_take_a_win_and_stop_the_opponents(player_id):
    import ai
    from ai.base import Limits

    state = two_curves("tournament")  # Light wins at once with e5/ (see above)
    move = ai.make_player("trax", player_id, seed=1).choose(state, Limits(time=1.0))
    assert state.play(move).winner() == LIGHT
    if player_id in ("level-4", "level-5"):
        dark = state.game.from_text(state.game.to_text(state).replace("light", "dark", 1))
        after = dark.play(ai.make_player("trax", player_id, seed=1).choose(dark, Limits(time=1.0)))
        assert after.winner() is None
        assert not any(after.play(m).winner() == LIGHT for m in after.legal_moves())


def test_every_level_plays_legal_moves_on_the_largest_board():
    import ai
    from ai.base import Limits

    game = games.load("trax", size=25)
    for level in ("level-1", "level-2", "level-3", "level-4", "level-5"):
        player = ai.make_player("trax", level, seed=3)
        state = game.initial_state()
        for _ in range(3):
            move = player.choose(state, Limits(time=0.3))
            assert move in state.legal_moves()
            state = state.play(move)


def test_view_picks_among_the_legal_tiles():
    import pygame

    from ui.board_view import Overlay
    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=7)
    state = game.initial_state()
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 500, 500))
    surface = pygame.Surface((500, 500))
    e4 = view.cell_rect(3, 4).center  # three tiles fit east of the centre tile
    assert view.click(state, e4).kind == "pending"
    view.draw(surface, state, Overlay(hover=view._picker_rects()[0][0].center))
    rects = view._picker_rects()
    assert sorted(m for _, m in rects) == sorted(m for m in state.legal_moves() if move_cell(m) == 3 * 7 + 4)
    chosen = view.click(state, rects[1][0].center)
    assert chosen.kind == "play" and chosen.move == rects[1][1]
    assert view.click(state, view.cell_rect(0, 0).center).kind == "reject"
    after = state.play(chosen.move)
    view.move_shown(state, chosen.move, after)
    view.draw(surface, after, Overlay(last_move=chosen.move, previous=state))
    end = two_curves("tournament").play(move_of(4 * 7 + 4, tile_of_name("lldd")))
    view.draw(surface, end, Overlay(last_move=end.turn[0]))
    assert "Light 4" in view.status_text(end)


def test_a_hole_no_tile_fits_ends_a_fill_game():
    game = games.load("trax", size=19, mode="fill")
    state = game.from_text((DATA / "hole-19x19.txt").read_text())
    empty = [i for i, t in enumerate(state.cells) if not t]
    assert len(empty) == 6 and all(i in state.frontier for i in empty)
    assert game.candidate_moves(state.cells, state.frontier)  # tiles match the neighbours ...
    assert state.legal_moves() == []  # ... but each forces three edges of one colour together
    assert state.is_terminal() and state.winner() is None and "No tile" in state.end_reason()



def test_the_placed_tile_and_its_forced_tiles_are_marked_apart():
    """The last turn's tiles all had a frame in the last move's colour, the placed one 2 pixels
    wide and the forced ones 1: which tile the player chose was hard to see.  The placed tile
    keeps its frame; the forced ones have their corners marked only."""
    import pygame

    from ui.board_view import Overlay
    from ui.theme import DARK as THEME
    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=7)
    state = game.from_text(CHAIN)
    move = game.parse_move(state, "c3/")
    after = state.play(move)
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 500, 500))
    surface = pygame.Surface((500, 500))
    view.draw(surface, after, Overlay(theme=THEME, last_move=move, previous=state, animation_speed=0))
    marked = {}
    for m in after.turn:
        frame = view.cell_rect(*divmod(move_cell(m), 7)).inflate(-4, -4)
        marked[NAME[move_tile(m)]] = [surface.get_at(p)[:3] == THEME.last_move for p in (frame.topleft, frame.midtop)]
    assert marked == {"ddll": [True, True], "lldd": [True, False], "dlld": [True, False]}


def test_the_tile_picker_leaves_the_cells_its_tiles_force_in_view():
    """c3's picker in CHAIN opened above c3, its box over c2, which two of its three tiles force:
    hovering them ghosted their turn under the box.  It goes where it covers none of the forced
    cells, here above and to the right, the board's empty corner (before any tile of the board)."""
    import pygame

    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=7)
    state = game.from_text(CHAIN)
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 600, 600))
    assert view.click(state, view.cell_rect(2, 2).center).kind == "pending"
    rects = [rect for rect, _move in view._picker_rects()]
    box = rects[0].unionall(rects).inflate(rects[0].width // 4, rects[0].width // 4)  # as it is drawn
    forced = {move_cell(t) for m in state.legal_moves() if move_cell(m) == 16 for t in state.forced_tiles(m)[1:]}
    assert forced == {9, 23}  # c2 and c4
    assert not any(box.colliderect(view.cell_rect(*divmod(cell, 7))) for cell in forced)


def test_the_hovered_tiles_name_is_readable_on_the_biggest_board(monkeypatch):
    """On 25x25 the picker's label (the hovered tile's move and name) was sized by the board's
    cells, a quarter of 20 pixels: drawn at the 10-pixel floor.  It is sized by the picker's
    tiles, which never shrink below 36 pixels, and fits inside the board area."""
    import pygame

    import ui.views.trax as trax_view
    from ui import words
    from ui.board_view import Overlay
    from ui.theme import DARK as THEME

    pygame.init()
    game = games.load("trax", size=25)
    state = game.initial_state().play(game.initial_state().legal_moves()[0])
    view = trax_view.VIEW(game)
    view.layout(pygame.Rect(0, 0, 520, 520))  # the board area of an 800x560 window
    assert view.cell <= 21
    cell = move_cell(state.legal_moves()[0])
    assert view.click(state, view.cell_rect(*divmod(cell, 25)).center).kind == "pending"
    rect, move = view._picker_rects()[0]
    drawn = recorded_draws(monkeypatch, trax_view)
    view.draw(pygame.Surface((520, 520)), state, Overlay(theme=THEME, hover=rect.center))
    labels = [(text.pos, text.size) for text in drawn if words.trax_tile(NAME[move_tile(move)]) in text.value]
    assert len(labels) == 1
    (x, y), size = labels[0]
    assert size >= 13 and view.rect.collidepoint(x, y)


@pytest.mark.parametrize("start, typed, named", [
    (CHAIN, "c3/", "c3/ ddll (light right-bottom) · forces c2, c4"),
    (CHAIN, "c3+", "c3+ ldld (light left-right) · forces c2"),
    ("", "e4/", "e4/ ddll (light right-bottom)")])
def test_the_pickers_label_names_the_cells_a_tile_forces(monkeypatch, start, typed, named):
    """Hovering c3/ in CHAIN ghosted three tiles alike and named only the one placed: which of
    them were the turn's forced tiles the player had to guess.  The label names them, in the
    order they are laid; a tile that forces nothing says nothing more."""
    import pygame

    import ui.views.trax as trax_view
    from ui.board_view import Overlay
    from ui.theme import DARK as THEME

    pygame.init()
    game = games.load("trax", size=7)
    state = game.from_text(start) if start else game.initial_state()
    move = game.parse_move(state, typed)
    view = trax_view.VIEW(game)
    view.layout(pygame.Rect(0, 0, 520, 520))
    assert view.click(state, view.cell_rect(*divmod(move_cell(move), 7)).center).kind == "pending"
    rect = next(r for r, m in view._picker_rects() if m == move)
    drawn = recorded_text(monkeypatch, trax_view)
    view.draw(pygame.Surface((520, 520)), state, Overlay(theme=THEME, hover=rect.center))
    assert SEPARATOR.join(drawn) == named  # one line, or two where the picker is narrow


def test_the_legal_dots_leave_out_a_hole_no_tile_fits():
    """The view marked every empty cell next to a tile as a place to play, also the hole of
    hole-19x19 (each tile there brings three edges of one colour together), which a click then
    refused: with a1 taken off, a1 is the one cell marked."""
    import pygame

    from ui.board_view import Overlay
    from ui.theme import DARK as THEME
    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=19, mode="fill")
    board = game.from_text((DATA / "hole-19x19.txt").read_text())
    state = game.state_from_cells(b"\0" + board.cells[1:], LIGHT)
    assert {move_cell(m) for m in state.legal_moves()} == {0} and len(state.frontier) == 7
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 600, 600))
    surface = pygame.Surface((600, 600))
    view.draw(surface, state, Overlay(theme=THEME))
    dotted = {cell for cell in state.frontier if surface.get_at(view.cell_rect(*divmod(cell, 19)).center)[:3] == THEME.legal}
    assert dotted == {0}


def test_a_hint_shows_its_forced_tiles_too():
    """A hint (H) ghosted only the tile to place: after e4/ e3\\ on 7x7 the hint e5\\ forces d5,
    which appeared only once it was played.  The hint shows its whole turn, as the picker does."""
    import pygame

    from ui.board_view import Overlay
    from ui.theme import DARK as THEME
    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=7)
    state = game.play_line(["e4/", "e3\\"])
    hint = game.parse_move(state, "e5\\")
    assert [move_cell(m) for m in state.forced_tiles(hint)] == [4 * 7 + 4, 4 * 7 + 3]  # e5, then d5
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 490, 490))
    pictures = []
    for shown in (None, hint):
        surface = pygame.Surface((490, 490))
        view.draw(surface, state, Overlay(theme=THEME, hint=shown, show_legal=False))
        pictures.append(surface)
    for cell in (4 * 7 + 4, 4 * 7 + 3):
        rect = view.cell_rect(*divmod(cell, 7)).inflate(-6, -6)
        assert pictures[0].subsurface(rect).get_at((2, 2)) != pictures[1].subsurface(rect).get_at((2, 2)), cell


def test_a_click_on_a_hole_says_where_three_edges_would_meet():
    """A click on a cell of hole-19x19's hole said only "no tile fits here: it would force three
    edges of one colour together", with nothing to look at; as the course puts it, the empty cells
    each tile would leave with three edges of one colour entering them are named."""
    import pygame

    from ui.views.trax import VIEW

    pygame.init()
    state = hole_19x19()
    game = state.game
    c16 = 15 * 19 + 2
    assert c16 in state.frontier and not [m for m in state.legal_moves() if move_cell(m) == c16]
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 600, 600))
    refused = view.click(state, view.cell_rect(15, 2).center)
    assert refused.kind == "reject"
    # the rules' reason, the one "c16/" typed is told (below); it said "no tile fits here: ..."
    assert refused.reason == "c16 has no legal tile: each would bring three edges of one colour into e16, e17"
    assert game.hole_clashes(state.cells, 0) == []  # a1, where a tile is legal
    with pytest.raises(IllegalMove) as typed:  # so does a move typed there
        game.parse_move(state, "c16/")
    assert str(typed.value) == "'c16/': c16 has no legal tile: each would bring three edges of one colour into e16, e17"


def hole_19x19():
    """hole-19x19 with a1 taken off, Light to move (a fill game): a1 takes a tile, while c16..e17,
    a hole of six cells next to the tiles, takes none."""
    game = games.load("trax", size=19, mode="fill")
    board = game.from_text((DATA / "hole-19x19.txt").read_text())
    return game.state_from_cells(b"\0" + board.cells[1:], LIGHT)


def test_the_fill_mode_claims_no_win_in_one():
    """A loop or a line ends nothing in the fill mode, but the threat players reported "a win this
    turn" (a proof) there: the same positions as a tournament game, where they prove one.  They
    prove what the rules say there, a draw whatever is played (tests/test_trax_fill.py)."""
    import ai
    from ai.base import Limits

    rng = random.Random(13)
    checked = 0
    while checked < 3:
        tournament, fill = games.load("trax", size=7), games.load("trax", size=7, mode="fill")
        state, same = tournament.initial_state(), fill.initial_state()
        for _ in range(rng.randrange(4, 14)):
            if state.is_terminal():
                break
            move = rng.choice(state.legal_moves())
            state, same = state.play(move), same.play(move)
        if state.is_terminal():
            continue
        reports = []
        ai.make_player("trax", "level-5", seed=1).choose(state, Limits(time=0.5), reports.append)
        if not reports or reports[-1].proven != 1:
            continue  # no win in one here
        reports = []
        ai.make_player("trax", "level-5", seed=1, options={"mode": "fill"}).choose(same, Limits(time=0.5),
                                                                                 reports.append)
        assert reports and all(r.proven == 0 for r in reports)
        checked += 1


def test_a_tile_copied_from_its_picture_is_the_tile_painted_in_place():
    """Tiles are drawn once a size and copied (625 of them every frame on a full 25x25 board)."""
    import pygame

    from ui.views.trax import draw_tile, paint_tile

    pygame.init()
    for size in (14, 23, 40):
        for tile in sorted({t for t in range(16) if bin(t).count("1") == 2}):
            rect = pygame.Rect(7, 5, size, size)
            painted, copied = pygame.Surface((60, 60)), pygame.Surface((60, 60))
            paint_tile(painted, rect, tile)
            draw_tile(copied, rect, tile)
            assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(copied, "RGB"), (size, tile)


def test_the_rules_pages_centre_tile_examples_are_where_the_game_puts_it():
    """The pages say where the first tile lies (row N/2, column N/2, counting from 0 and rounding
    down, which the course's code does and the pages once left open on odd boards) with examples,
    in both languages; each example is the cell the game's start position fills."""
    import re

    from games.grid import cell_name

    root = FsPath(__file__).resolve().parent.parent
    for page in (root / "assets" / "rules" / "trax.md", root / "assets" / "locale" / "pt" / "rules" / "trax.md"):
        examples = re.findall(r"\b([a-y]\d+) (?:on|em) (\d+) x \2\b", page.read_text(encoding="utf-8"))
        assert {int(n) % 2 for _cell, n in examples} == {0, 1}, page  # an odd board and an even one
        for cell, n in examples:
            state = games.load("trax", size=int(n)).initial_state()
            assert [cell_name(i, int(n)) for i, tile in enumerate(state.cells) if tile] == [cell], (page, n)


def test_the_rules_pages_cell_example_is_the_courses_board_index():
    """A student thinks in the course's ``board[row][col]``, counted from 0, and the pages named
    cells only as letters and numbers; the example they now give is the cell the game reads."""
    import re

    from games.grid import parse_cell

    root = FsPath(__file__).resolve().parent.parent
    for page in (root / "assets" / "rules" / "trax.md", root / "assets" / "locale" / "pt" / "rules" / "trax.md"):
        examples = re.findall(r"`([a-y]\d+)` (?:is|é) `board\[(\d+)\]\[(\d+)\]`", page.read_text(encoding="utf-8"))
        assert examples, page
        for cell, row, col in examples:
            assert divmod(parse_cell(cell, 7, 7), 7) == (int(row), int(col)), page


@pytest.mark.parametrize("shown_by", ["hint", "picker"])
def test_no_legal_move_dot_shows_through_a_ghosted_turn(shown_by):
    """The legal moves' dots were drawn over the ghosted tiles of a hint and of the picker's tile
    pointed at (c3/ in CHAIN: c3 and the c2, c4 it forces), as if the turn left those cells free.
    A ghosted turn now looks the same with the dots on as with them off."""
    import pygame

    from games.grid import cell_name
    from ui.board_view import Overlay
    from ui.theme import DARK as THEME
    from ui.views.trax import VIEW

    pygame.init()
    game = games.load("trax", size=7)
    state = game.from_text(CHAIN)
    move = game.parse_move(state, "c3/")
    cells = [move_cell(m) for m in state.forced_tiles(move)]
    assert cells == [16, 9, 23] and set(cells) <= {move_cell(m) for m in state.legal_moves()}  # each has a dot
    view = VIEW(game)
    view.layout(pygame.Rect(0, 0, 560, 560))
    hover = None
    if shown_by == "picker":
        assert view.click(state, view.cell_rect(2, 2).center).kind == "pending"
        hover = next(r for r, m in view._picker_rects() if m == move).center
    pictures = []
    for dots in (False, True):
        surface = pygame.Surface((560, 560))
        view.draw(surface, state, Overlay(theme=THEME, hint=move if shown_by == "hint" else None, hover=hover,
                                          show_legal=dots))
        pictures.append(surface)
    for cell in cells:
        centre = view.cell_rect(*divmod(cell, 7)).center
        assert pictures[1].get_at(centre) == pictures[0].get_at(centre), cell_name(cell, 7)
    picker = view._cells_under(view._picker_rects()[0][0].unionall([r for r, _m in view._picker_rects()]).inflate(40, 40)
                               ) if view.picker else set()
    free = [move_cell(m) for m in state.legal_moves() if move_cell(m) not in cells and move_cell(m) not in picker]
    assert free and all(pictures[1].get_at(view.cell_rect(*divmod(c, 7)).center)[:3] == THEME.legal for c in free)


LEFT_OUT = ["d5/", "d3\\", "e5\\", "d6/", "d7/", "e6+", "d2\\", "f5+", "g5\\", "c7+", "e2+", "g6+", "b4/", "b5+", "a6+",
            "a7\\", "e1/", "a5\\", "c1\\", "b1\\"]  # then b2: three tiles match its neighbours, two may be played


@pytest.mark.parametrize("language, said", [
    ("en", "b2/ is not offered: three dark edges would meet at c3"),
    ("pt", "b2/ fica de fora: três margens escuras encontrar-se-iam em c3")])
def test_the_picker_says_which_tile_it_leaves_out_and_why(monkeypatch, language, said):
    """b2's picker offered b2+ and b2\\ with no word of b2/, which matches b2's neighbours too:
    its turn makes three dark edges meet at c3.  A line under the picker says so, in the course's
    words, while the picker is open and under the label of a tile pointed at; a picker that
    leaves nothing out has no such line."""
    import pygame

    import ui.views.trax as trax_view
    from tests.ui_helpers import recorded_text_rects, words_in
    from ui.board_view import Overlay
    from ui.theme import DARK as THEME

    pygame.init()
    game = games.load("trax", size=7)
    state = game.play_line(LEFT_OUT)
    b2 = 1 * 7 + 1
    assert [game.format_move(state, m) for m in state.legal_moves() if move_cell(m) == b2] == ["b2+", "b2\\"]
    assert len(game.fits(state.cells, b2)) == 3
    view = trax_view.VIEW(game)
    view.layout(pygame.Rect(0, 0, 520, 520))  # the board area of an 800x560 window
    drawn = recorded_text_rects(monkeypatch, trax_view)
    with words_in(language):
        assert view.click(state, view.cell_rect(1, 1).center).kind == "pending"
        rect, pointed = view._picker_rects()[0]
        for hover in (None, rect.center):
            drawn.clear()
            view.draw(pygame.Surface((520, 520)), state, Overlay(theme=THEME, hover=hover))
            parts = [(text, r) for text, r in drawn if text and text in said]  # on lines the grid holds
            assert " ".join(text for text, _r in parts) == said
            lines = [r for _text, r in parts]
            assert all(view.grid.contains(line) for line in lines)
            tiles = [r for r, _m in view._picker_rects()]
            assert not any(line.colliderect(t) for line in lines for t in tiles)
        named = [r for text, r in drawn if text.startswith(game.format_move(state, pointed) + " ")]
        assert len(named) == 1 and named[0].top >= lines[-1].bottom and view.rect.contains(named[0])
        # c3 of CHAIN: every tile that matches is offered, nothing said
        chain = game.from_text(CHAIN)
        assert len(game.fits(chain.cells, 16)) == len([m for m in chain.legal_moves() if move_cell(m) == 16])
        view.reset_input()  # b2's picker closed (it may lie over c3, on the grid)
        assert view.click(chain, view.cell_rect(2, 2).center).kind == "pending"
        drawn.clear()
        view.draw(pygame.Surface((520, 520)), chain, Overlay(theme=THEME))
        assert not [text for text, _r in drawn if said.split(" ", 1)[1][:12] in text]


# 10x10, then f8: f8\\ is left out (three dark edges at g7), f8+ forces f7, g7 and g8
BESIDE_FORCED = ("e6/ e5\\ e4+ d6+ c6/ c7/ g6/ e7\\ h5/ g3\\ d4\\ h4+ b6+ g2+ d3\\ a6\\ a5+ e8\\ g1/ d2+ c2+ c8+ "
                 "i5/ j4+ c1/ i6/ h7/ h8/")


@pytest.mark.parametrize("size, moves, pointed, forced", [
    (10, BESIDE_FORCED, "f8+", ["f7", "g7", "g8"]),  # under the line that says why f8\\ is left out
    (7, "e4+ d5/ d3/ c3/ e6\\", "c5+", ["c4"]),  # under "c5+ ldld (...) · forces c4", 23 pixels high
    (10, "g6+ f7/ f5/", "e6+", ["e5", "e7"]),  # under "e6+ dldl (...) · forces e5, e7"
])
def test_the_picker_and_its_lines_keep_off_the_forced_tiles_they_show(monkeypatch, size, moves, pointed, forced):
    """Pointing at a tile of the picker ghosts its turn on the board, but the lines under the
    picker lay over the cells it forces: f8's line on why f8\\ is left out, seven cells wide at
    1024x768, wherever the picker stood; on 7x7 the pointed tile's own line, whose width no place
    of the picker allowed for (36 of 272 turns with forced tiles pointed at in random 7x7 games,
    39 of 291 on 10x10, 37 of 197 on 25x25).  The lines now go narrower (wrapped, the pointed
    tile's on two lines) where that keeps them off the forced cells."""
    import pygame

    import ui.views.trax as trax_view
    from games.grid import cell_name
    from ui.board_view import Overlay
    from ui.theme import DARK as THEME

    pygame.init()
    game = games.load("trax", size=size)
    state = game.play_line(moves.split())
    view = trax_view.VIEW(game)
    view.layout(pygame.Rect(0, 0, 716, 700))  # the board area of a 1024x768 window
    labels: list[pygame.Rect] = []
    draw = trax_view.draw_label

    def record(*args):
        labels.append(draw(*args))
        return labels[-1]

    cell = move_cell(game.parse_move(state, pointed))
    surface = pygame.Surface((716, 700))
    view.draw(surface, state, Overlay(theme=THEME))  # as the window has drawn the board before a click
    assert view.click(state, view.cell_rect(*divmod(cell, size)).center).kind == "pending"
    view.draw(surface, state, Overlay(theme=THEME))
    rect, move = next((r, m) for r, m in view._picker_rects() if game.format_move(state, m) == pointed)
    turn = [move_cell(m) for m in state.forced_tiles(move)[1:]]
    assert sorted(cell_name(c, size) for c in turn) == forced
    monkeypatch.setattr(trax_view, "draw_label", record)
    view.draw(surface, state, Overlay(theme=THEME, hover=rect.center))
    tiles = [r for r, _m in view._picker_rects()]
    box = tiles[0].unionall(tiles).inflate(tiles[0].width // 4, tiles[0].width // 4)  # as it is drawn
    covered = {c for shape in [box, *labels] for c in view._cells_under(shape)}
    assert labels and not covered.intersection(turn), sorted(cell_name(c, size) for c in covered.intersection(turn))


def test_a_turn_written_as_the_courses_code_writes_it_is_read():
    """Students of the course write a turn as their ``move()`` returns it, ``[[row, col, tile],
    ...]`` (from 0: the placed tile and its forced tiles, in any order), and the move field
    refused it ("is not a Trax move like e5/").  Each turn of random games reads as its move: in
    the course's order, shuffled, and as the placed tile alone; a list of several turns reads
    as one text per turn (``Trax.move_texts``)."""
    from games.trax_turns import course_text

    rng = random.Random(11)
    forced_turns = 0
    for size in (7, 10):
        game = games.load("trax", size=size)
        state, texts = game.initial_state(), []
        while not state.is_terminal():
            move = rng.choice(state.legal_moves())
            turn = list(state.play(move).turn)
            shuffled = rng.sample(turn, len(turn))
            for text in (course_text(turn, size), course_text(turn[:1], size)):
                assert game.parse_move(state, text) == move, text
            # shuffled, another of its tiles may be the one placed: the same tiles laid
            assert state.play(game.parse_move(state, course_text(shuffled, size))).key() == state.play(move).key()
            forced_turns += len(turn) > 1
            texts.append(course_text(turn, size))
            state = state.play(move)
        whole = "[" + ", ".join(texts) + "]"  # the turns of the game, one list
        assert game.move_texts(whole) == texts == game.move_texts("\n".join(texts))
        assert game.play_line(game.move_texts(whole)).key() == state.key()
    assert forced_turns > 3
    game = games.load("trax", size=7)
    assert game.parse_move(game.initial_state(), "[3, 4, 'dldl']") == game.parse_move(game.initial_state(), "e4+")
    assert game.move_texts("e4+ d5/") == ["e4+", "d5/"]  # the notation as ever


@pytest.mark.parametrize("text, said", [
    ("[[4, 2]]", "'[[4, 2]]' is not a course turn like [[4, 2, 'lddl']]: [row, column, tile] for each tile, "
                 "counted from 0"),
    ("[[3, 'c', 'ldld']]", "is not a course turn like"),
    ("[]", "is not a course turn like"),
    ("[[3, 4, 'lxdl']]", "\"[[3, 4, 'lxdl']]\": 'lxdl' is not a tile name (ldld, dldl, ddll, lddl, lldd, dlld)"),
    ("[[7, 4, 'ldld']]", "\"[[7, 4, 'ldld']]\": row 7, column 4 is off the board (rows and columns 0-6)"),
    ("[[3, 3, 'ldld']]", "\"[[3, 3, 'ldld']]\" is d4:ldld: 'd4:ldld': d4 is not empty"),
    ("[[0, 0, 'ldld']]", "\"[[0, 0, 'ldld']]\" is a1:ldld: 'a1:ldld': a1 does not touch a tile"),
])
def test_a_malformed_or_illegal_course_turn_says_what_is_wrong(text, said):
    game = games.load("trax", size=7)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(game.initial_state(), text)
    assert said in str(caught.value)


def test_a_course_turn_listing_other_tiles_than_the_forced_ones_names_the_turn_it_makes():
    """c3/ (ddll) forces c2 and c4 (test_a_placement_forces_two_tiles_in_the_same_turn): a turn
    that lists c3 and one forced tile is not that turn, and the message lists the whole turn."""
    game = games.load("trax", size=7)
    state = game.from_text(CHAIN)
    with pytest.raises(IllegalMove) as caught:
        game.parse_move(state, "[[2, 2, 'ddll'], [1, 2, 'lldd']]")
    assert str(caught.value) == ("\"[[2, 2, 'ddll'], [1, 2, 'lldd']]\": those are not the forced tiles of c3:ddll, "
                                 "which lays [[2, 2, 'ddll'], [1, 2, 'lldd'], [3, 2, 'dlld']]")
    listed = game.parse_move(state, "[[3, 2, 'dlld'], [2, 2, 'ddll'], [1, 2, 'lldd']]")  # c4 laid first: the same turn
    assert NAME[move_tile(listed)] == "dlld" and state.play(listed).key() == state.play(game.parse_move(state, "c3/")).key()


def test_the_rules_pages_say_a_line_spans_the_whole_board_not_standard_traxs_8_rows():
    """A Trax player knows a line as 8 rows or columns long; the course's is edge to edge, and the
    pages did not say which this game plays.  Their example (7 on a 7 x 7 board) is what the game
    ends on: a random 7x7 game won by a line whose tiles meet every row of the board."""
    import re

    root = FsPath(__file__).resolve().parent.parent
    for page in (root / "assets" / "rules" / "trax.md", root / "assets" / "locale" / "pt" / "rules" / "trax.md"):
        text = page.read_text(encoding="utf-8")
        assert " 8 " in text, page
        assert re.search(r"(?:\(|: )7 (?:on a|num tabuleiro) 7 x 7", text), page
        assert re.search(r"(?:another size|outro tamanho) \((?:de )?7 (?:to|a) 25\)", text), page
    game = games.load("trax", size=7)
    state = game.play_line(game.move_texts("d5+ d3\\ c5+ d6/ b5\\ d2\\ d1+ e2+ c7/ e5/ f4+ c4+ c1\\ g3\\ e6+ g2\\ b6+ "
                                           "d7+ f7+ g1/ b3/ g5\\ b7+ a4+ b1\\"))
    assert state.winner() == LIGHT and "line" in state.end_reason()
    (line,) = state.lines(LIGHT)
    assert {cell // 7 for cell in line.cells} == set(range(7))


def test_a_proof_gives_the_plies_it_looked_at_as_its_depth():
    """The panel said "depth 4 · best j5\\" over "proven: Dark wins in 1 move": the depth was level
    4's number of questions, not how far the proof looked."""
    import ai
    from ai.base import Limits

    rng = random.Random(5)
    proofs = 0
    for _ in range(200):
        state = games.load("trax", size=7).initial_state()
        for _ in range(rng.randrange(4, 14)):
            if state.is_terminal():
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_terminal():
            continue
        for level in ("level-4", "level-5"):
            reports = []
            ai.make_player("trax", level, seed=1).choose(state, Limits(time=0.5), reports.append)
            if reports and reports[-1].proven is not None:
                proofs += 1
                assert reports[-1].depth == reports[-1].proven_plies
        if proofs >= 4:
            break
    assert proofs >= 4


def test_a_threat_nobody_can_stop_is_reported_as_the_win_it_forces():
    """Level 4 found a threat that survives every reply (a win in three plies) and reported
    "+0.9": the panel said "Light +0.9 points", a small lead, and the graph hardly moved.  It is
    reported as the win the search saw, "Light wins in 3 moves", which every reply bears out; in
    the fill mode, where a loop ends nothing, it stays an estimate."""
    import ai
    from ai.base import PROVEN, WIN, Limits
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import eval_text

    line = ["e4/", "f4/", "f3\\", "d3/", "e2\\", "d1+", "c3+", "f5/", "e5/", "b2+", "c5+", "e6\\", "a1/", "c6+"]
    state = games.load("trax", size=7).play_line(line)
    reports = []
    move = ai.make_player("trax", "level-4", seed=0).choose(state, Limits(time=1.0), reports.append)
    assert state.game.format_move(state, move) == "b5/" and reports[-1].score == WIN - 3
    said = eval_text(AIProgress(0, depth=4, score=reports[-1].score, mover=state.to_move), state.game.sides, "trax")
    assert said == "Light wins in 3 moves"
    after = state.play(move)
    for reply in after.legal_moves():  # every reply leaves Light a win at once
        position = after.play(reply)
        assert (position.winner() == LIGHT if position.is_terminal()
                else any(position.play(m).winner() == LIGHT for m in position.legal_moves()))
    fill = games.load("trax", size=7, mode="fill").play_line(line)
    reports = []
    ai.make_player("trax", "level-4", seed=0, options={"mode": "fill"}).choose(fill, Limits(time=1.0), reports.append)
    assert reports and abs(reports[-1].score) < PROVEN


@settings(max_examples=15, deadline=None)
@given(size=st.sampled_from([7, 8, 11]), mode=st.sampled_from(["tournament", "fill"]), seed=st.integers(0, 10**6))
def test_the_legal_moves_on_one_cell_are_the_positions_legal_moves_there(size, mode, seed):
    """A move read from its text tries only its cell's tiles (``Trax.legal_at``): in every position of
    a random game, before and after the position's whole list is made, each cell's moves are those
    of ``legal_moves()`` on that cell, in the same order."""
    game, rng = games.load("trax", size=size, mode=mode), random.Random(seed)
    state = game.initial_state()
    while True:
        cells = range(size * size)
        alone = {cell: game.legal_at(state, cell) for cell in cells}  # the whole list not made yet
        legal = state.legal_moves()
        assert alone == {cell: [m for m in legal if m >> 4 == cell] for cell in cells}
        assert alone == {cell: game.legal_at(state, cell) for cell in cells}  # from the list, once made
        if not legal:
            break
        state = state.play(rng.choice(legal))


COURSE_PLAYER_WORDS = {  # the rules page's words on a course player.py, in each language
    FsPath("assets/rules/trax.md"): (
        r"`move\(\)` returns the whole turn, .*? the placed tile and every tile it forces, in any order\. A turn "
        r"that leaves out a forced tile or lays one too many, `\[\]` where a tile can be placed, or an answer "
        r"later than the time per move \(one second in the course\) plus a grace of ([\d.]+) s loses the game at "
        r"once\..*?within the (\d+) s a file has to load"),
    FsPath("assets/locale/pt/rules/trax.md"): (
        r"`move\(\)` devolve a jogada inteira, .*? a peça colocada e todas as peças que ela força, por qualquer "
        r"ordem\. Uma jogada que deixe de fora uma peça forçada ou ponha uma a mais, `\[\]` quando se pode "
        r"colocar uma peça, ou uma resposta depois do tempo por jogada \(um segundo no curso\) mais uma "
        r"tolerância de ([\d,]+) s perde o jogo de imediato\..*?dentro dos (\d+) s que um ficheiro tem para carregar"),
}


@pytest.mark.parametrize("page", COURSE_PLAYER_WORDS)
def test_the_rules_page_says_what_a_course_players_move_must_return(page):
    """The course's interface (shared/rules/trax.md: move() returns the placed tile and every forced
    tile, one second a move) was on no rules page, nor what Tabuleiro does with a turn short of a
    forced tile, an empty answer or a late one: a student's player lost with no rule to read.  The
    page's words, the referee's grace and load time, and the adapter's answers to one turn (the rules
    example: Dark's d3 forces c3) listed both ways, short of its forced tile, with one too many, and empty."""
    from ai.compat.base import BasePlayer
    from ai.outside import GRACE, LOAD_TIME
    from ai.outside_child import Refused, _TraxAdapter

    said = re.search(COURSE_PLAYER_WORDS[page], re.sub(r"\s+", " ", page.read_text(encoding="utf-8")))
    assert said, page
    assert (float(said.group(1).replace(",", ".")), float(said.group(2))) == (GRACE, LOAD_TIME)
    game = games.load("trax", size=7)
    state = game.play_line(["c4+"])

    class Answers(BasePlayer):
        answer: list = []

        def move(self):
            return self.answer

    adapter = _TraxAdapter(game, Answers)
    whole = [[2, 3, "dldl"], [2, 2, "lldd"]]  # d3+ and the c3 it forces, as the course counts rows and columns
    for turn in (whole, whole[::-1]):
        Answers.answer = turn
        assert adapter.move(state) == game.format_move(state, game.parse_move(state, "d3+"))
    for wrong in (whole[:1], [*whole, [6, 6, "ldld"]], []):  # short of c3, one tile too many, none
        Answers.answer = wrong
        with pytest.raises(Refused):
            adapter.move(state)
