"""A hint's root: searched as the level's own move is (aspiration, null windows), then a null window
at the best value on each move that may tie it (``ai.search.driver.first_of_best``), where it
searched every root move with a full window before, which cost it one to three plies.  It must
name the move the full windows named: of the moves of the best value, the first in the game's order."""

from __future__ import annotations

import random

import pytest

import ai
import games
from ai.base import Limits, PlayerInfo
from ai.engines.reversi_python_search import Searcher
from ai.engines.reversi_search import ReversiPlayer
from ai.match import random_play
from ai.search.driver import first_of_best


def test_first_of_best_tests_only_moves_that_may_tie_in_the_games_order():
    """Only a move whose bound reaches the best value and that comes before the best in the game's
    order is searched again, in that order, and the first that reaches the value is the answer."""
    searched = [(5, 10), (7, 10), (1, 6), (3, 10), (2, 10), (4, 9)]  # the best (5) first, then bounds
    tested = []

    def reaches(move, value):
        tested.append((move, value))
        return move == 3

    assert first_of_best(searched, 5, 10, int, reaches) == 3
    assert tested == [(2, 10), (3, 10)]  # not 1 nor 4 (below 10), not 7 (after 5 on the board)


def test_first_of_best_keeps_the_best_when_none_ties_or_the_search_is_stopped():
    searched = [(5, 10), (2, 10), (3, 10)]
    assert first_of_best(searched, 5, 10, int, lambda move, value: False) == 5
    tested = []

    def stopped(move, value):
        tested.append(move)
        return None

    assert first_of_best(searched, 5, 10, int, stopped) == 5
    assert tested == [2]  # a stopped test ends the check: the best is a move of the best value all the same


def level_5(game_id: str, options: dict) -> ai.Player:
    return ai.make_player(game_id, "level-5", seed=0, options=options)


def learned_without_probcut(game_id: str, options: dict) -> ai.Player:
    """Level-5's 8x8 evaluation without its ProbCut, whose cuts depend on the window: with it a null
    window and a full one may value a move differently, and the two ways part on other grounds."""
    return ReversiPlayer(PlayerInfo("learned", "learned"), seed=0, patterns=True)


def root_searcher(player: ai.Player, state):
    """The driver's searcher ``player`` searches ``state`` with (tables kept between moves)."""
    return player.engine(state) if hasattr(player, "engine") else player.searcher(state.game.n)


def hint_at_depth(make, game_id: str, options: dict, state, depth: int, full_windows: bool):
    """A fresh player's hint at a fixed depth (no clock): its move, what answered and its nodes."""
    player = make(game_id, options)
    root_searcher(player, state).full_window_hint = full_windows
    move = player.choose(state, Limits(depth=depth, best=True))
    return move, player.last.kind, player.last.nodes


@pytest.mark.parametrize("make, game_id, options, depth", [
    (level_5, "reversi", {"size": 6}, 5),
    (learned_without_probcut, "reversi", {"size": 8}, 4),
    (level_5, "rastros", {"size": 8}, 4),
    (level_5, "rastros", {"size": 7}, 4),
])
def test_the_hints_null_windows_name_the_move_full_windows_name(make, game_id, options, depth):
    """Seeded random positions, searched to a fixed depth: the hint with null windows names the move
    the hint with a full window on every root move names, for fewer nodes.  (Rastros' deeper
    searches value a move by their tables' history too, which the two ways leave different: about
    one position in sixty at depth 6 parts them on the value, not the tie.)"""
    game = games.load(game_id, **options)
    rng = random.Random(7)
    searched, nodes = 0, {False: 0, True: 0}
    while searched < 12:
        state = random_play(game.initial_state(), rng.randint(4, 30), rng)
        if state.is_terminal() or len(state.legal_moves()) < 2:
            continue
        null = hint_at_depth(make, game_id, options, state, depth, False)
        full = hint_at_depth(make, game_id, options, state, depth, True)
        if null[1] != "alphabeta":  # a book's, a solver's or a rule's answer: no root search to compare
            continue
        assert game.format_move(state, null[0]) == game.format_move(state, full[0]), game.to_text(state)
        searched += 1
        nodes[False] += null[2]
        nodes[True] += full[2]
    assert nodes[False] < nodes[True]


@pytest.mark.parametrize("game_id, options, text, depth, searchs_own, first", [
    ("rastros", {}, "to-move: South\n.......N\n........\n........\n....###.\n.....#.W\n........\n........\nS.......\n"
     "trail: 4-5 5-6 4-6 4-7 5-8", 6, "6-8", "6-7"),  # both +60
    ("reversi", {}, "-----O----O-OOO----OXOO---XOOXO----XXO-O-OOOXXO-----OXX-----O--- X", 4, "c5", "h2"),  # both +17.64
    ("reversi", {"size": 10}, "--------------------------O------OOOO-----XXXXO------XXXXXX---X-O-O------X-O------X-"
     "-------X-------- O", 4, "h7", "f7"),  # both +0.64: the pure-Python search (10x10)
])
def test_a_tie_of_the_best_value_goes_to_the_first_move_in_the_games_order(game_id, options, text, depth,
                                                                            searchs_own, first):
    """Two moves of the best value: the level's own search keeps the first its ordering found, the
    hint's null window finds the other one as good and names it, the first in the game's order, as
    the full windows did, for fewer nodes."""
    game = games.load(game_id, **options)
    state = game.from_text(text)
    computer = level_5(game_id, options)
    assert game.format_move(state, computer.choose(state, Limits(depth=depth))) == searchs_own
    null = hint_at_depth(level_5, game_id, options, state, depth, False)
    full = hint_at_depth(level_5, game_id, options, state, depth, True)
    assert game.format_move(state, null[0]) == game.format_move(state, full[0]) == first
    assert null[2] < full[2]


def test_a_10x10_hint_names_the_first_of_the_best_as_full_windows_do():
    """10x10 Reversi's pure-Python search named its ordering's first of equals for a hint, where
    analysis names the first on the board: seeded random positions at a fixed depth, the hint names
    the move a full window on every root move names, and ties the level's own search breaks
    otherwise do come up among them."""
    options = {"size": 10}
    game = games.load("reversi", **options)
    rng = random.Random(7)
    searched, ties, nodes = 0, 0, {False: 0, True: 0}
    while searched < 20:
        state = random_play(game.initial_state(), rng.randint(4, 40), rng)
        if state.is_terminal() or len(state.legal_moves()) < 2:
            continue
        null = hint_at_depth(level_5, "reversi", options, state, 4, False)
        full = hint_at_depth(level_5, "reversi", options, state, 4, True)
        assert null[1] == full[1] == "alphabeta"
        assert game.format_move(state, null[0]) == game.format_move(state, full[0]), game.to_text(state)
        ties += level_5("reversi", options).choose(state, Limits(depth=4)) != full[0]
        searched += 1
        nodes[False] += null[2]
        nodes[True] += full[2]
    assert ties > 0
    assert nodes[False] < nodes[True]


def exact_margins(state) -> dict[int, int]:
    """Each legal move of a 10x10 endgame with the final margin it reaches for the side to move,
    solved afresh after it by the pure-Python solver."""
    searcher = Searcher(state.game.geo)
    return {move: -searcher.solve_root(child.mover, child.opponent, 0)[1]
            for move in state.legal_moves() for child in [state.play(move)]}


def test_a_solved_10x10_hint_names_the_first_move_on_the_board_that_reaches_the_margin():
    """Near the end a 10x10 hint is the solver's, whose own first of equals is its fastest-first
    ordering's: seeded random endgames, the hint names the first move on the board of those that
    reach the exact margin, and ties the level's own solve breaks otherwise do come up among them."""
    options = {"size": 10}
    game = games.load("reversi", **options)
    rng = random.Random(7)
    searched, ties = 0, 0
    while searched < 12:
        state = random_play(game.initial_state(), rng.randint(86, 94), rng)
        if state.is_terminal() or len(state.legal_moves()) < 2 or state.empties() > 9:
            continue
        player = level_5("reversi", options)
        hint = player.choose(state, Limits(depth=4, best=True))
        margins = exact_margins(state)
        best = max(margins.values())
        assert player.last.kind == "solver" and player.last.score == best
        assert hint == min(move for move, margin in margins.items() if margin == best), game.to_text(state)
        ties += level_5("reversi", options).choose(state, Limits(depth=4)) != hint
        searched += 1
    assert ties > 0
