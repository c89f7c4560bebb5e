"""Tic-tac-toe (m,n,k): the rules, and level-5's perfect play on 3x3 checked exhaustively.

The ground truth is an independent memoised minimax written here, not our engine.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

import ai
import games
from ai.base import Limits
from games import IllegalMove

GAME = games.load("tictactoe")


def test_x_moves_first_on_an_empty_board():
    state = GAME.initial_state()
    assert state.to_move == 0 and GAME.sides == ("X", "O")
    assert sorted(GAME.legal_move_texts(state)) == sorted(f"{c}{r}" for c in "abc" for r in "123")


@pytest.mark.parametrize(
    "line, reason",
    [
        (["a1", "a2", "b1", "b2", "c1"], "row"),
        (["a1", "b1", "a2", "b2", "a3"], "column"),
        (["a1", "b1", "b2", "c1", "c3"], "diagonal"),
        (["c1", "a1", "b2", "b1", "a3"], "anti-diagonal"),
    ],
)
def test_three_in_a_row_wins(line, reason):
    state = GAME.play_line(line)
    assert state.is_terminal() and state.winner() == 0, reason
    assert state.legal_moves() == []
    assert "3 in a row" in state.end_reason()


def test_full_board_without_a_line_is_a_draw():
    state = GAME.play_line(["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"])
    assert state.is_terminal() and state.winner() is None
    assert "draw" in state.end_reason().lower()


def test_taken_square_and_finished_game_are_refused_with_a_reason():
    state = GAME.play_line(["b2"])
    with pytest.raises(IllegalMove, match="taken"):
        state.play(4)
    with pytest.raises(IllegalMove, match="^b2 is already taken$"):  # was "not a legal move here; legal: ..."
        GAME.parse_move(state, "b2")
    with pytest.raises(IllegalMove, match="off the board"):
        GAME.parse_move(state, "d1")
    won = GAME.play_line(["a1", "a2", "b1", "b2", "c1"])
    with pytest.raises(IllegalMove, match="over"):
        won.play(8)


def test_k_in_a_row_on_bigger_boards():
    game = games.load("tictactoe", width=7, height=6, k=4)
    state = game.play_line(["a6", "b6", "a5", "b5", "a4", "b4"])
    assert not state.is_terminal()
    state = game.play_line(["a3"], state)
    assert state.winner() == 0
    assert "4 in a row" in state.end_reason()
    with pytest.raises(ValueError, match="cannot fit"):
        games.load("tictactoe", width=3, height=3, k=4)


def test_a_line_longer_than_k_wins_too():
    """The reading written in games/tictactoe.py and the rules page: c1 joins a1 b1 and d1 e1
    into five in a row, with k = 3."""
    game = games.load("tictactoe", width=5, height=5, k=3)
    state = game.play_line(["a1", "a5", "b1", "b5", "d1", "d5", "e1", "e4"])
    assert not state.is_terminal()
    assert game.play_line(["c1"], state).winner() == 0


def cells_of(game, mask: int) -> set[str]:
    return {game.format_move(game.initial_state(), i) for i in range(game.cells) if mask >> i & 1}


def test_the_winning_line_is_the_whole_run_and_one_straight_line():
    """The board draws its line from the mask's first cell to its last: it stopped at five of six
    in a row on a 19x19 board with k = 5, and of five with k = 3 it took three.  A move that
    completes two lines at once still gives one straight line, not the two's cells."""
    game = games.load("tictactoe", width=19, height=19, k=5)
    state = game.play_line(["a1", "a5", "b1", "b5", "c1", "c5", "e1", "e5", "f1", "g5", "d1"])
    assert state.winner() == 0 and cells_of(game, state.winning_line()) == {"a1", "b1", "c1", "d1", "e1", "f1"}
    small = games.load("tictactoe", width=5, height=5, k=3)
    state = small.play_line(["a1", "a5", "b1", "b5", "d1", "d5", "e1", "e4", "c1"])
    assert cells_of(small, state.winning_line()) == {"a1", "b1", "c1", "d1", "e1"}
    state = small.play_line(["a3", "a5", "b3", "b5", "c1", "e5", "c2", "e1", "c3"])  # c3: a row and a column
    line = cells_of(small, state.winning_line())
    assert line in ({"a3", "b3", "c3"}, {"c1", "c2", "c3"}), line


def test_position_text_is_checked():
    with pytest.raises(IllegalMove):
        GAME.from_text("to-move: X\nXX.\n...\n...")  # X has two marks more than O... with X to move
    with pytest.raises(IllegalMove):
        GAME.from_text("to-move: X\nX?.\n...\n...")
    state = GAME.from_text("XO.\n...\n...")
    assert state.to_move == 0


# -- perfect play ------------------------------------------------------------------------------
@cache
def minimax(key) -> int:
    """+1/0/-1 for the side to move, by plain minimax (independent ground truth)."""
    state = _states[key]
    if state.is_terminal():
        w = state.winner()
        return 0 if w is None else (1 if w == state.to_move else -1)
    best = -1
    for move in state.legal_moves():
        child = state.play(move)
        _states[child.key()] = child
        best = max(best, -minimax(child.key()))
    return best


_states: dict = {}


def value(state) -> int:
    _states[state.key()] = state
    return minimax(state.key())


def reachable(state, seen):
    if state.key() in seen:
        return
    seen[state.key()] = state
    for move in state.legal_moves():
        reachable(state.play(move), seen)


def test_level5_keeps_the_value_of_every_reachable_3x3_position():
    """From every position reachable in play, level-5's move keeps the game-theoretic value.

    So it never loses from any position it is not already lost in, against any opponent."""
    seen: dict = {}
    reachable(GAME.initial_state(), seen)
    assert len(seen) == 5478  # the known number of reachable 3x3 positions
    player = ai.make_player("tictactoe", "level-5")
    for state in seen.values():
        if state.is_terminal():
            continue
        move = player.choose(state, Limits())
        assert -value(state.play(move)) == value(state), GAME.to_text(state)


def test_level5_never_loses_against_any_line_of_play():
    """Every opponent line exhaustively, level-5 playing X and playing O."""
    player = ai.make_player("tictactoe", "level-5")
    cache: dict = {}

    def worst_result(state, me) -> int:
        if state.is_terminal():
            w = state.winner()
            return 0 if w is None else (1 if w == me else -1)
        if state.to_move == me:
            key = state.key()
            if key not in cache:
                cache[key] = player.choose(state, Limits())
            return worst_result(state.play(cache[key]), me)
        return min(worst_result(state.play(m), me) for m in state.legal_moves())

    assert worst_result(GAME.initial_state(), 0) == 0  # perfect play is a draw
    assert worst_result(GAME.initial_state(), 1) == 0


def test_the_engine_proves_the_3x3_draw():
    player = ai.make_player("tictactoe", "level-5")
    reports = []
    player.choose(GAME.initial_state(), Limits(time=5), progress=reports.append)
    assert reports[-1].done and reports[-1].proven == 0


@pytest.mark.parametrize("level", ["level-4", "level-5"])
@pytest.mark.parametrize("size", [15, 19])
@pytest.mark.parametrize("limits", [Limits(depth=2), Limits(time=0.3)], ids=["depth2", "0.3s"])
def test_the_steady_levels_open_a_five_in_a_row_board_in_the_centre(level, size, limits):
    """Gomoku programs open in the centre, and renju's rules place Black's first stone there.
    Before, level-5 opened 19x19 in the corner a1 at 1 s a move (its even-depth searches confined
    the replies to the corner) and 15x15 on f5 at odd depths."""
    game = games.load("tictactoe", width=size, height=size, k=5)
    first = ai.make_player("tictactoe", level).choose(game.initial_state(), limits)
    centre = chr(ord("a") + size // 2) + str(size // 2 + 1)
    assert game.format_move(game.initial_state(), first) == centre


def test_the_noisy_levels_still_open_anywhere():
    """The centre opening is the steady levels' rule: level 2's first moves still vary."""
    game = games.load("tictactoe", width=15, height=15, k=5)
    firsts = {ai.make_player("tictactoe", "level-2", seed=s).choose(game.initial_state(), Limits())
              for s in range(8)}
    assert len(firsts) > 1


@pytest.mark.parametrize("width, height, k", [(3, 3, 3), (7, 6, 4), (15, 15, 5)])
def test_wins_in_one_and_threats_are_the_moves_the_rules_call_wins(width, height, k):
    """Found line by line, checked against playing each move and asking the rules for a winner."""
    from ai.engines.tictactoe import threats_against, winning_moves

    game = games.load("tictactoe", width=width, height=height, k=k)
    rng = random.Random(width)
    seen = 0
    for _ in range(60 if game.cells < 100 else 6):  # a 15x15 game checks 225 moves a ply
        state = game.initial_state()
        for _ in range(rng.randrange(0, game.cells)):
            if state.is_terminal():
                break
            moves = state.legal_moves()
            wins = [m for m in moves if state.play(m).winner() == state.to_move]
            assert winning_moves(state) == sorted(wins)
            passed = type(state)(game, state.boards, 1 - state.to_move)  # the opponent to move
            assert threats_against(state) == sorted(
                m for m in moves if passed.play(m).winner() == passed.to_move)
            seen += bool(wins)
            state = state.play(rng.choice(moves))
    assert seen > 10


# -- the class notebook's notation -------------------------------------------------------------
# The adversarial-search class notebook (AIMA's games4e) names a square (x, y): column and row
# from 0 at the top left, and prints a board with its marks spaced.  A student typing its moves
# was told "'(1, 0)' is not a cell name like a1".
@pytest.mark.parametrize("text, square", [("(0, 0)", "a1"), ("(1, 0)", "b1"), ("(0,2)", "a3"), (" ( 2 , 1 ) ", "c2")])
def test_the_notebooks_squares_are_read_column_then_row_from_0(text, square):
    state = GAME.initial_state()
    assert GAME.format_move(state, GAME.parse_move(state, text)) == square


def test_a_notebook_square_off_the_board_or_taken_is_refused_with_a_reason():
    game = games.load("tictactoe", width=7, height=6, k=4)
    state = game.play_line(["g6"])
    with pytest.raises(IllegalMove, match=re.escape("'(7, 0)' is off the board (x 0..6, y 0..5)")):
        game.parse_move(state, "(7, 0)")
    with pytest.raises(IllegalMove, match="^g6 is already taken$"):
        game.parse_move(state, "(6, 5)")
    with pytest.raises(IllegalMove, match=re.escape("'zz' is not a square like a1 or (0, 0)")):
        game.parse_move(state, "zz")


NOTEBOOK_GAME = """Player X move: (1, 1)
. . .
. X .
. . .

Player O move: (0, 0)
O . .
. X .
. . .

Player X move: (2, 0)
O . X
. X .
. . .

Player O move: (0, 2)
O . X
. X .
O . .

Player X move: (0, 1)
O . X
X X .
O . .

Player O move: (2, 1)
O . X
X X O
O . .
"""


def test_the_notebooks_printed_game_pasted_is_its_moves_and_its_last_board_its_position():
    from games.move_list import moves_from_text

    moves = moves_from_text(NOTEBOOK_GAME)
    assert moves == ["(1, 1)", "(0, 0)", "(2, 0)", "(0, 2)", "(0, 1)", "(2, 1)"]
    state = GAME.play_line(moves)
    assert GAME.to_text(state) == "to-move: X\nO.X\nXXO\nO.."
    last_board = NOTEBOOK_GAME.strip().split("\n\n")[-1].split("\n", 1)[1]
    assert GAME.from_text(last_board).key() == state.key()
    from games.position_text import record_from_position

    pasted = record_from_position("Tic-tac-toe\n" + last_board)  # Ctrl+V on the main menu
    assert pasted.start_position == GAME.to_text(state)


@pytest.mark.parametrize("width, height, line, groups", [
    (3, 3, "", [["b2"], ["b1", "a2", "c2", "b3"], ["a1", "c1", "a3", "c3"]]),
    (3, 3, "a1", [["b2"], ["b1", "a2"], ["c2", "b3"], ["c1", "a3"], ["c3"]]),
    (4, 3, "b2,c2", None),  # the left-right mirror swaps X and O: no symmetry keeps the position
    (7, 6, "d3,d4", None),
    (5, 5, "c3,a1,e5", None),
])
def test_equivalent_moves_lead_to_mirror_images_of_one_position(width, height, line, groups):
    """The groups analysis searches once (games.tictactoe.TicTacToe.equivalent_moves): every
    legal move in exactly one, the moves of a group leading to positions that a symmetry of the
    board maps onto each other."""
    from games.grid import board_symmetries, permute_bits

    game = games.load("tictactoe", width=width, height=height, k=3)
    state = game.play_line([m for m in line.split(",") if m])
    found = game.equivalent_moves(state)
    if groups is not None:
        assert [[game.format_move(state, m) for m in group] for group in found] == groups
    assert sorted(m for group in found for m in group) == sorted(state.legal_moves())
    symmetries = board_symmetries(width, height)
    assert len(symmetries) == (8 if width == height else 4)
    for group in found:
        first = state.play(group[0]).boards
        for move in group[1:]:
            boards = state.play(move).boards
            assert any(tuple(permute_bits(b, image) for b in first) == boards for image in symmetries)


@pytest.mark.parametrize("width, height", [(4, 3), (3, 4)])
def test_the_rules_pages_smallest_first_player_win_is_what_level5_proves(width, height):
    """assets/rules/tictactoe.md: "with k = 3, 4 x 3 and every bigger board are first-player wins"
    (3 x 3 is a draw: test_the_engine_proves_the_3x3_draw)."""
    game = games.load("tictactoe", width=width, height=height, k=3)
    reports = []
    ai.make_player("tictactoe", "level-5").choose(game.initial_state(), Limits(time=30), progress=reports.append)
    assert reports[-1].proven == 1


# The published values of the m,n,k-game the rules page states (width x height; the sources are in
# the page's comment): k -> (draws, first-player wins), each a set of boards
PUBLISHED = {
    3: ({(3, 3)}, {(4, 3), (3, 4)}),
    4: ({(4, 4), (5, 4), (6, 4), (5, 5)}, {(6, 5), (5, 6), (6, 6), (7, 6)}),
    5: (set(), {(15, 15)}),
}
KNOWN_RESULTS = {  # the page's bullet of each k, and the words that part its draws from its wins
    "en": (Path("assets/rules/tictactoe.md"), r"Known results with perfect play, k = (\d+):", r"first-player wins?"),
    "pt": (Path("assets/locale/pt/rules/tictactoe.md"), r"Resultados conhecidos com jogo perfeito, k = (\d+):",
           r"vitórias? de quem começa"),
}


def page_results(language: str) -> dict[int, tuple[set, set]]:
    """The boards the rules page calls draws and first-player wins, for each k it names."""
    from ui import markdown

    path, lead, wins_word = KNOWN_RESULTS[language]
    found = {}
    for block in markdown.parse(path.read_text(encoding="utf-8")):
        said = re.match(lead, block.text)
        if said:
            draws, _, wins = re.split(f"({wins_word})", block.text[said.end():], maxsplit=1)
            found[int(said.group(1))] = tuple({(int(w), int(h)) for w, h in re.findall(r"(\d+) x (\d+)", part)}
                                              for part in (draws, wins))
    return found


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_rules_page_states_the_published_results_and_no_more(language):
    """The page said "with k = 4, 4 x 4 and 5 x 5 are draws, 6 x 5 and bigger boards first-player
    wins": 5 x 4 and 6 x 4 are draws too, and "bigger" took in 7 x 4 ... 19 x 4, of which nothing is
    published.  It now names the boards of each result, as the sources give them."""
    assert page_results(language) == PUBLISHED


PLY_WORDS = {"en": r"\bpl(?:y|ies)\b", "pt": r"meias?-jogadas?"}  # a ply: one player's move, the screens' "move"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_rules_page_counts_moves_as_the_screens_do(language):
    """The screens count moves, one player's turn each ("Analysis: 9 moves ahead…"), but the
    page said analysis "looks an odd number of plies ahead": a player read two words for one
    thing.  The course's AIMA player was still "four moves deep (five plies)" where its own
    description on New game says "at depth 4 (5 moves ahead)": the page says it so too."""
    from ai.roster import TICTACTOE_COURSE_DEPTH
    from tests.ui_helpers import words_in
    from ui import i18n, markdown
    from ui.analysis import moves_ahead_text

    path = KNOWN_RESULTS[language][0]
    blocks = [" ".join(block.text.split()) for block in markdown.parse(path.read_text(encoding="utf-8"))]
    assert not [text for text in blocks if re.search(PLY_WORDS[language], text)]
    with words_in(language):
        depth = i18n._("depth {n}").format(n=TICTACTOE_COURSE_DEPTH)
        ahead = moves_ahead_text(TICTACTOE_COURSE_DEPTH + 1)
    assert any("AIMA" in text and depth in text and ahead in text for text in blocks), (depth, ahead)


@pytest.mark.parametrize("width, height", sorted(PUBLISHED[4][1]))
def test_the_compiled_search_proves_the_pages_four_in_a_row_wins(width, height):
    """A fresh solve of each first-player win the page names with k = 4 (beyond the Python search's
    16 squares): level-5's compiled search proves the first player wins against every defence."""
    from ai.engines.tictactoe_search import KernelSearcher
    from ai.search import driver

    game = games.load("tictactoe", width=width, height=height, k=4)
    found = driver.search(KernelSearcher(), game.initial_state(), Limits(depth=10))
    assert found.proven == 1


GOMOKU = games.load("tictactoe", width=15, height=15, k=5)


@pytest.mark.parametrize("line, forks", [
    ("h8 a1 i8 a2 j8 a3", ["g8", "k8"]),  # an open three: either end makes an open four
    ("h8 g8 i8 a2 j8 a3", []),  # closed at g8: k8 makes a four l8 completes, one threat
    ("h8 a1 i8 a2 k8 a3", ["j8"]),  # h8 i8 . k8: j8 makes an open four
])
def test_fork_squares_are_where_x_would_threaten_two_wins_at_once(line, forks):
    """Checked against the rules' own count: X's squares after which X has two squares that
    complete a line (threats_against, held to the rules above)."""
    from ai.engines.tictactoe import fork_squares, threats_against

    state = GOMOKU.play_line(line.split())  # X to move
    found = fork_squares(GOMOKU, state.boards[0], state.boards[1])
    assert sorted(GOMOKU.format_move(state, m) for m in found) == sorted(forks)
    assert sorted(found) == sorted(m for m in state.legal_moves() if len(threats_against(state.play(m))) >= 2)


def test_level5_stops_an_open_three_its_odd_depth_search_walks_past():
    """Level-4 beat level-5 on 15x15 five in a row (3-1 in four games at 1 s a move): a search
    ending on depth 3, as 0.2 s gives it here, played i7 and left X the open four h5 (or d9) of
    e8 f7 g6, a double threat, then a win.  Level-5 now stops it (h5 or d9)."""
    from ai.engines.tictactoe import threats_against

    state = GOMOKU.play_line(["h8", "g7", "g6", "h6", "f8", "h7", "g8", "i8", "e8", "d8", "f7"])
    move = ai.make_player("tictactoe", "level-5").choose(state, Limits(depth=3))
    after = state.play(move)
    assert not [r for r in after.legal_moves() if len(threats_against(after.play(r))) >= 2]


def test_a_taken_square_is_refused_in_the_same_words_typed_played_or_asked():
    """The rules' one reason (``why_illegal``) is what a typed move, a played move and a click
    (which asks ``why_illegal``) are told; a typed one was told "not a legal move here" with every
    free square, unsorted, which on 15x15 ran past the window."""
    game = games.load("tictactoe", width=15, height=15, k=5)
    state = game.play_line(["h8"])
    h8 = game.parse_move(game.initial_state(), "h8")
    assert game.why_illegal(state, h8) == "h8 is already taken"
    for refused in (lambda: game.parse_move(state, "h8"), lambda: state.play(h8)):
        with pytest.raises(IllegalMove, match="^h8 is already taken$"):
            refused()
