"""Level-5's trap-setting (``TrapSetter`` in ai/engines/alquerque.py) and the kernel's
``move_values`` it stands on.

- ``move_values`` with a full window gives each move's value, whose best is ``search_root``'s
  value; with a null window it tells the same side of the bound as the exact value;
- the trap-setter only ever chooses among moves the deep search finds within the margin of the
  best, and keeps the deep move when the budget runs out;
- a position (White to move, from a seeded random game) where the deep search's move leaves the
  opponent no losing reply, and an equal move leaves it tempting replies that lose material:
  the engine plays the equal move.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

from ai.base import WIN, Limits, Progress
from ai.engines.alquerque import MODEL_WEIGHTS, EnginePlayer, KernelSearch, Tactics, Traps, TrapSetter
from ai.kernels import alquerque as kernel
from ai.match import random_play
from ai.search.driver import CTL_MAX_NODES, new_ctl, search
from games.alquerque import Alquerque, AlquerqueState

GAME = Alquerque()
EVERYTHING = (-WIN - 1.0, WIN + 1.0)
PLAIN = Traps(model_depth=4, own_model=False)  # a four-ply search on material and mobility as the opponent

# White to move; c1-b2 is the deep search's move, c1-d1 is as good (within the margin) and leaves
# Black only replies that look best to a four-ply material search but lose material
LURING = "to-move: White\nno-capture: 4\n..BBB\nBBBWB\nBBWWW\n..WWW\nBBW.W"


def midgame_states(count: int, seed: int) -> list[AlquerqueState]:
    """Positions after 4-30 seeded random plies, with at least two legal moves."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = random_play(GAME.initial_state(), rng.randrange(4, 30), rng)
        if not state.is_terminal() and len(state.legal_moves()) >= 2:
            states.append(state)
    return states


def exact_values(state: AlquerqueState, depth: int) -> dict[int, float]:
    """Every move's value at ``depth`` (full window, a fresh table), by move code."""
    weights = np.array([float(getattr(Tactics(), name)) for name in kernel.WEIGHTS])
    codes, values = kernel.move_values_of(kernel.rules_of(GAME), weights, kernel.new_context(16), new_ctl(), state,
                                          depth, state.to_move, EVERYTHING)
    return {int(c): float(v) for c, v in zip(codes, values)}


def trap_choice(state: AlquerqueState, depth: int, budget: int = 0, fresh: bool = False,
                traps: Traps = PLAIN) -> tuple[object, TrapSetter, object]:
    """(the deep search's result, the trap-setter after choosing, its choice) at a fixed depth;
    ``fresh``: the trap-setter starts on an empty table (in play it reuses the deep search's,
    whose deeper entries can move a value at the shallower depth by a little)."""
    searcher = KernelSearch(Tactics())
    deep = search(searcher, state, Limits(depth=depth))
    if fresh:
        searcher.context = kernel.new_context(16)
    setter = TrapSetter(searcher, traps)
    ctl = new_ctl()
    ctl[CTL_MAX_NODES] = budget
    return deep, setter, setter.choose(state, deep, ctl)


@pytest.mark.parametrize("depth", [2, 4, 5])
def test_move_values_best_is_the_root_search_value(depth):
    weights = np.array([float(getattr(Tactics(), name)) for name in kernel.WEIGHTS])
    r = kernel.rules_of(GAME)
    for state in midgame_states(12, seed=depth):
        values = exact_values(state, depth)
        context = kernel.new_context(16)
        kernel.load_history(context.misc, state)
        _, value, finished = kernel.search_root_of(r, weights, context, new_ctl(), state, depth,
                                                   np.zeros(kernel.MAX_MOVES))
        assert finished
        assert max(values.values()) == pytest.approx(value)
        assert set(values) == {kernel.encode(m) for m in state.legal_moves()}


def test_null_window_values_fall_on_the_same_side_as_the_exact_values():
    weights = np.array([float(getattr(Tactics(), name)) for name in kernel.WEIGHTS])
    r = kernel.rules_of(GAME)
    for state in midgame_states(12, seed=7):
        exact = exact_values(state, 4)
        floor = max(exact.values()) - 15.0
        codes, values = kernel.move_values_of(r, weights, kernel.new_context(16), new_ctl(), state, 4,
                                              state.to_move, (floor - 1.0, floor))
        for code, value in zip(codes, values):
            assert (value > floor - 1.0) == (exact[int(code)] > floor - 1.0)


def test_move_values_searches_only_the_selected_moves():
    state = midgame_states(1, seed=3)[0]
    weights = np.array([MODEL_WEIGHTS.get(name, 0.0) for name in kernel.WEIGHTS])
    select = np.zeros(kernel.MAX_MOVES, np.int64)
    select[1] = 1
    codes, values = kernel.move_values_of(kernel.rules_of(GAME), weights, kernel.new_context(16), new_ctl(), state,
                                          3, state.to_move, EVERYTHING, select)
    assert not np.isnan(values[1])
    assert np.isnan(np.delete(values, 1)).all()


@pytest.mark.parametrize("traps", [PLAIN, Traps()], ids=["plain-model", "own-model"])
def test_traps_are_chosen_only_among_moves_within_the_margin(traps):
    margin = traps.margin
    chosen = 0
    for i, state in enumerate(midgame_states(150, seed=5)):
        if i >= 25 and chosen:
            break  # 25 positions at least, and on until the trap-setter has changed a move
        deep, setter, move = trap_choice(state, 6, fresh=True, traps=traps)
        if not setter.lures:
            assert move is None
            continue
        exact = exact_values(state, deep.depth - 1)
        best = exact[kernel.encode(deep.best_move)]
        for candidate in setter.lures:
            assert exact[kernel.encode(candidate)] > best - margin - 1.0
        if move is not None:
            chosen += 1
            assert move in setter.lures and setter.lures[move] > setter.lures[deep.best_move]
    assert chosen > 0  # the test saw the trap-setter change moves


def test_the_engine_plays_the_equal_move_that_offers_losing_replies():
    state = GAME.from_text(LURING)
    deep, setter, move = trap_choice(state, 6, fresh=True)
    assert GAME.format_move(state, deep.best_move) == "c1-b2"
    assert GAME.format_move(state, move) == "c1-d1"
    assert setter.lures[deep.best_move] == 0.0 and setter.lures[move] > 0.5
    # the facts behind it: c1-d1 is as good one ply shallower, and among White's replies the
    # four-ply material search likes best, some lose more than half a piece to the deep search
    exact = exact_values(state, deep.depth - 1)
    best = exact[kernel.encode(deep.best_move)]
    assert exact[kernel.encode(move)] > best - PLAIN.margin
    after = state.play(move)
    model = np.array([MODEL_WEIGHTS.get(name, 0.0) for name in kernel.WEIGHTS])
    r = kernel.rules_of(GAME)
    codes, shallow = kernel.move_values_of(r, model, kernel.new_context(16), new_ctl(), after, 4, after.to_move,
                                           EVERYTHING)
    tempting = [int(c) for c, v in zip(codes, shallow) if v >= shallow.max() - PLAIN.plausible]
    weights = np.array([float(getattr(Tactics(), name)) for name in kernel.WEIGHTS])
    _, deep_values = kernel.move_values_of(r, weights, kernel.new_context(16), new_ctl(), after, deep.depth - 2,
                                           state.to_move, EVERYTHING)
    by_code = dict(zip((int(c) for c in codes), deep_values))
    assert any(by_code[c] <= -(best + PLAIN.gain) for c in tempting)


def test_out_of_budget_the_deep_move_is_kept():
    state = GAME.from_text(LURING)
    _, setter, move = trap_choice(state, 6, budget=2000, fresh=True)
    assert move is None


def test_level_five_with_traps_answers_a_legal_move_in_its_time():
    state = GAME.from_text(LURING)
    player = EnginePlayer(None, tables=True, traps=Traps())
    for seconds in (0.05, 0.5):
        assert player.choose(state, Limits(time=seconds)) in state.legal_moves()


def test_a_hint_names_the_deep_searchs_move_not_a_lure():
    """A hint is the best move the player knows (``Limits.best``): where level-5 would play the
    equal move that tempts the opponent, the hint names the deep search's own move, as analysis'
    first row does, and spends no time on traps."""
    state = GAME.from_text(LURING)
    player = EnginePlayer(None, tables=True, traps=Traps())
    lures_sought = []
    player.trap_setter.choose = lambda *args: lures_sought.append(args) or None
    move = player.choose(state, Limits(time=0.5, best=True))
    assert move == player.last.best_move and move in state.legal_moves()
    assert lures_sought == []


def test_no_lure_is_sought_when_the_deep_search_ended_past_the_moves_time(monkeypatch):
    """Level-5 seeks its traps in the time its deep search left; a deep search that ended past the
    move's time (a loaded machine held its thread back) leaves none, and the trap-setter is not
    asked: its kernels computed 10-20 ms past the deadline before its watcher stopped them."""
    import ai.engines.alquerque as engine

    state = GAME.from_text(LURING)
    player = EnginePlayer(None, tables=True, traps=Traps())
    clock = [100.0]
    monkeypatch.setattr(engine, "time", SimpleNamespace(perf_counter=lambda: clock[0]))

    def held_back_search(searcher, state, limits, progress):
        clock[0] += 1.0  # the deep search answered a second later than its 0.1 s move allowed
        return Progress(depth=4, best_move=state.legal_moves()[0], pv=[state.legal_moves()[0]], score=0.0)

    monkeypatch.setattr(engine, "search", held_back_search)
    lures_sought = []
    player.trap_setter.choose = lambda *args: lures_sought.append(args) or None
    assert player.choose(state, Limits(time=0.1)) == state.legal_moves()[0]
    assert lures_sought == []
