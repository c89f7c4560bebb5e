"""Trax's faster rules and evaluation give what the slower ones gave, on random positions.

``lay_turn``, ``has_legal_move`` and ``evaluate`` were rewritten for speed (a board copy and a
neighbour table, a search that stops at the first legal placement, per-port tables), and ``play``
reuses the turns ``legal_moves`` laid out.  The references below are the code they replaced
(as of 12b1c854), kept here as the oracle; docs/tuning/trax.md has the speed figures.
"""

from __future__ import annotations

import random

import pytest

import games
from ai.engines.trax_threats import DEFAULT, _beyond, evaluate
from games.trax import DARK, LIGHT, OPPOSITE, TILES, Trax, TraxState, edge_colour, move_of


def reference_lay_turn(game: Trax, cells: bytes, cell: int, tile: int):
    """``Trax.lay_turn`` before the speed-up: the turn's tiles on a dict over the board."""
    overlay = {cell: tile}
    order = [(cell, tile)]
    nbrs = game.neighbours
    queue = [o for o in nbrs[cell] if o >= 0 and not cells[o]]
    head = 0
    while head < len(queue):
        e = queue[head]
        head += 1
        if e in overlay:
            continue
        light = dark = 0
        for side, other in enumerate(nbrs[e]):
            if other >= 0:
                t = overlay.get(other) or cells[other]
                if t:
                    if t >> OPPOSITE[side] & 1:
                        light |= 1 << side
                    else:
                        dark |= 1 << side
        nl, nd = light.bit_count(), dark.bit_count()
        if nl > 2 or nd > 2:
            return e, LIGHT if nl > 2 else DARK
        if nl == 2:
            forced = light
        elif nd == 2:
            forced = 15 ^ dark
        else:
            continue
        overlay[e] = forced
        order.append((e, forced))
        queue.extend(o for o in nbrs[e] if o >= 0 and not cells[o] and o not in overlay)
    return order


def reference_evaluate(game: Trax, state: TraxState, colour: int) -> float:
    """``trax_threats.evaluate`` before the speed-up (the default weights)."""
    n, cells, weights = game.size, state.cells, DEFAULT
    value = [0.0, 0.0]
    for port, (other, length) in state.ends.items():
        if port > other:
            continue
        c = edge_colour(cells[port >> 2], port & 3)
        ra, ca = _beyond(port, n)
        rb, cb = _beyond(other, n)
        v = (max(abs(ca - cb), abs(ra - rb)) / (n + 1)) ** 2 * weights.line
        if length >= 3:
            d = abs(ra - rb) + abs(ca - cb)
            if 1 <= d <= len(weights.closeness) and 0 <= ra < n and 0 <= rb < n and 0 <= ca < n and 0 <= cb < n:
                v += weights.closeness[d - 1]
        value[c] += v
    tempo = weights.tempo if state.to_move == colour else -weights.tempo
    return value[colour] - weights.opponent * value[1 - colour] + tempo


def random_positions(size: int, mode: str, seed: int) -> list[TraxState]:
    """Every position of one random game, each a fresh state (nothing worked out on it yet)."""
    game = games.load("trax", size=size, mode=mode)
    rng = random.Random(seed)
    state, seen = game.initial_state(), []
    while not state.is_terminal():
        seen.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    seen.append(state)
    return [game.state_from_cells(s.cells, s.to_move) for s in seen]


GAMES = [(size, mode, seed) for size, mode in ((7, "tournament"), (7, "fill"), (10, "fill"), (13, "tournament"))
         for seed in range(3)]


@pytest.mark.parametrize("size, mode, seed", GAMES)
def test_every_placement_lays_the_turn_the_old_code_laid(size, mode, seed):
    """Every tile on every frontier cell: the same tiles in the same order, or the same clash."""
    for state in random_positions(size, mode, seed)[::2]:
        game = state.game
        for cell in state.frontier:
            for tile in TILES:
                assert game.lay_turn(state.cells, cell, tile) == reference_lay_turn(game, state.cells, cell, tile)


@pytest.mark.parametrize("size, mode, seed", GAMES)
def test_the_legal_moves_and_whether_there_is_one_are_the_old_codes(size, mode, seed):
    """The legal moves are the placements that match and whose turn the old code laid, and
    ``has_legal_move`` (asked first, on a fresh state) says whether there is one, holes included."""
    for state in random_positions(size, mode, seed):
        game = state.game
        fresh = game.state_from_cells(state.cells, state.to_move)
        expected = [m for m in game.candidate_moves(state.cells, state.frontier)
                    if isinstance(reference_lay_turn(game, state.cells, m >> 4, m & 15), list)]
        assert game.has_legal_move(fresh) == bool(expected)
        if not state.outcome_ends_game():
            assert state.legal_moves() == expected


@pytest.mark.parametrize("size, mode, seed", GAMES)
def test_a_move_played_after_listing_the_moves_makes_the_position_played_without(size, mode, seed):
    """``play`` reuses the turn ``legal_moves`` laid out: the child is the one ``apply`` makes
    from a state that never listed its moves (tiles, path ends, frontier, turn, outcome)."""
    for state in random_positions(size, mode, seed)[::3]:
        game = state.game
        for move in state.legal_moves():
            listed = state.play(move)
            unlisted = game.apply(game.state_from_cells(state.cells, state.to_move), move)
            assert (listed.cells, listed.ends, listed.frontier, listed.turn, listed.outcome) == \
                (unlisted.cells, unlisted.ends, unlisted.frontier, unlisted.turn, unlisted.outcome)


@pytest.mark.parametrize("size, mode, seed", GAMES)
def test_the_evaluation_is_the_old_one_to_the_last_bit(size, mode, seed):
    for state in random_positions(size, mode, seed):
        for colour in (LIGHT, DARK):
            assert evaluate(state.game, state, colour) == reference_evaluate(state.game, state, colour)


def counting_turns(monkeypatch, game: Trax) -> list[tuple[int, int]]:
    """The (cell, tile) of every turn ``game`` lays out from now on."""
    laid: list[tuple[int, int]] = []
    lay = game.lay_turn

    def counted(cells, cell, tile):
        laid.append((cell, tile))
        return lay(cells, cell, tile)

    monkeypatch.setattr(game, "lay_turn", counted)
    return laid


def test_playing_a_listed_move_does_not_lay_its_turn_again(monkeypatch):
    """The search lists a position's moves, then plays each: the turn was laid out once."""
    game = games.load("trax", size=10)
    state = game.initial_state().play(move_of(game.centre + 1, 10))
    moves = state.legal_moves()
    laid = counting_turns(monkeypatch, game)
    for move in moves:
        state.play(move)
    assert laid == []


def test_asking_whether_a_tile_can_be_laid_lays_no_turn_that_forces_nothing(monkeypatch):
    """Every node of a search asks ``is_terminal``: beside the lone first tile no placement forces
    a tile, so the answer needs no turn laid out (the old code laid the first one)."""
    game = games.load("trax", size=10)
    state = game.initial_state()
    laid = counting_turns(monkeypatch, game)
    assert not state.is_terminal()
    assert laid == []
