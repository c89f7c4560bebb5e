"""The ziggurat (edge template IIIa) answers of the Hex playouts: the table, the reply kernel, and
the playouts that use them, checked against the rules of games/hex.py."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import games
from ai.kernels import hex as kernel
from ai.kernels import hex_templates as templates


def chain_of(game, own: int, stone: int) -> int:
    """By the rules' geometry: the cells of the chain of stones ``own`` (a bitboard) through ``stone``."""
    chain, frontier = 0, 1 << stone
    while frontier:
        chain |= frontier
        grown = 0
        for i in range(game.geo.cells):
            if frontier >> i & 1:
                grown |= game.geo.neighbours[i]
        frontier = grown & own & ~chain
    return chain


def joined_to_edge(game, boards: tuple[int, int], side: int, stone: int) -> bool:
    """Does the chain of ``side`` through ``stone`` touch one of its edges?"""
    first, second = game.geo.edges[side]
    return bool(chain_of(game, boards[side], stone) & (first | second))


def test_the_ziggurat_holds_and_every_intrusion_has_an_answer_inside_it():
    assert templates.holds(frozenset(), frozenset())
    answers = templates.local_answers()
    assert sorted(answers) == sorted(templates.ZIGGURAT)  # no cell of it can be taken unanswered
    for x, y in answers.items():
        assert y in templates.ZIGGURAT and y != x
        assert templates.holds(frozenset({x}), frozenset({y}))


def test_the_table_places_both_mirror_images_on_all_four_edges():
    n = 7
    table = templates.template_table(n)
    blues, reds = ({int(e[0]) for row in table[side] for e in row if e[0] >= 0} for side in (0, 1))
    assert {s // n for s in reds} == {2, n - 3} and {s % n for s in blues} == {2, n - 3}
    per_edge = 2 * (n - 3)  # both images, at every third-row cell they fit beside
    assert int(np.count_nonzero(table[..., 0] >= 0)) == 4 * per_edge * len(templates.ZIGGURAT)
    assert templates.template_table(3).shape[2] == 1 and np.all(templates.template_table(3) == -1)


def test_a_playout_answers_an_intrusion_into_a_ziggurat():
    """Red c3 on 11x11 with its ziggurats empty; Blue's d2 intrudes, c2 keeps c3 joined to the top.
    With Blue already on f1 and b1 (both images cut) there is nothing left to keep."""
    n = 11
    game = games.load("hex", size=n)
    d2 = game.parse_move(game.initial_state(), "d2")
    state = game.play_line(["a11", "c3", "d2"])
    colour = kernel.board_colours(n, *state.boards)
    reply = templates.template_reply(colour, templates.template_table(n), d2, 2)
    assert game.format_move(state, reply) == "c2"
    assert templates.template_reply(colour, templates.template_table(n), d2, 1) == -1
    broken = game.play_line(["f1", "c3", "b1", "k11", "d2"])
    colour = kernel.board_colours(n, *broken.boards)
    assert templates.template_reply(colour, templates.template_table(n), d2, 2) == -1


def _defends(game, n, colour, side, stone, cells, tables) -> bool:
    """The opponent takes the template's cells in every order; the owner answers each as the
    playouts do (bridge reply, else template reply, else nothing).  True if the stone stays
    joined to its edge in every line, by the rules of games/hex.py."""
    empty = [c for c in cells if colour[c] == 0]
    if not empty:
        blue = sum(1 << i for i in range(n * n) if colour[i] == 1)
        red = sum(1 << i for i in range(n * n) if colour[i] == 2)
        return joined_to_edge(game, (blue, red), side, stone)
    for x in empty:
        after = colour.copy()
        after[x] = 2 - side
        answer = kernel.bridge_reply(after, tables[0], x, side + 1)
        if answer < 0:
            answer = templates.template_reply(after, tables[1], x, side + 1)
        if answer >= 0:
            assert after[answer] == 0
            after[answer] = side + 1
        if not _defends(game, n, after, side, stone, cells, tables):
            return False
    return True


@pytest.mark.parametrize("n", [5, 7])
def test_every_answer_keeps_the_stone_joined_whatever_the_opponent_does(n):
    """Each ziggurat of the table, alone on the board, each intrusion: the reply kernel's answer and
    the playouts' replies after it keep the stone joined to its edge in every line of the opponent."""
    game = games.load("hex", size=n)
    table = templates.template_table(n)
    tables = (kernel.bridge_table(n), table)
    checked = 0
    for side, x in itertools.product((0, 1), range(n * n)):
        entries = [e for e in table[side, x] if e[0] >= 0]
        for k, entry in enumerate(entries):
            stone = int(entry[0])
            cells = [int(c) for c in entry[2:]] + [x]
            colour = kernel.board_colours(n, 0, 0)
            colour[stone] = side + 1
            colour[x] = 2 - side
            for earlier in entries[:k]:  # the other image of the same stone, found first: cut it outside ours
                if int(earlier[0]) == stone:
                    colour[next(int(c) for c in earlier[2:] if c not in cells)] = 2 - side
            answer = templates.template_reply(colour, table, x, side + 1)
            assert answer == entry[1]
            colour[answer] = side + 1
            assert _defends(game, n, colour, side, stone, cells, tables)
            checked += 1
    assert checked == int(np.count_nonzero(table[..., 0] >= 0))


def test_ziggurat_answers_keep_a_third_row_stone_on_its_edge_in_the_playouts():
    """Red's lone d3 on 7x7, Blue to move: random fillings lose its top-edge connection often;
    bridge replies fewer times; with the ziggurat answers too, (almost) never."""
    n = 7
    game = games.load("hex", size=n)
    state = game.play_line(["g7", "d3"])
    tables = kernel.neighbours(n), kernel.bridge_table(n), templates.template_table(n)
    stone = game.parse_move(game.initial_state(), "d3")
    top = sum(1 << c for c in range(n))
    kernel.seed_random(11)
    kept = {}
    for name, bridges, zig in (("random", False, False), ("bridges", True, False), ("templates", True, True)):
        count = 0
        for _ in range(400):
            colour = kernel.board_colours(n, *state.boards)
            scratch = np.zeros(n * n, np.uint8), np.empty(n * n, np.int32)
            kernel.playout(colour, n, *tables, 0, stone, bridges, zig, np.empty(n * n, np.int32),
                           np.empty(n * n, np.int32), *scratch)
            red = sum(1 << i for i in range(n * n) if colour[i] == 2)
            count += bool(chain_of(game, red, stone) & top)
        kept[name] = count / 400
    assert kept["random"] < kept["bridges"] < kept["templates"]
    assert kept["templates"] >= 0.97



def test_a_new_tree_node_rates_the_ziggurat_answer_as_a_saved_bridge():
    """With ziggurat answers on, the searches' nodes reached by an intrusion into the mover's
    ziggurat start its answer at the best pattern prior: Red c3, Blue d2, Red's answer c2."""
    n = 11
    game = games.load("hex", size=n)
    state = game.play_line(["a11", "c3", "d2"])
    colour = kernel.board_colours(n, *state.boards)
    d2, c2 = (game.parse_move(game.initial_state(), name) for name in ("d2", "c2"))
    answer = templates.template_reply(colour, templates.template_table(n), d2, 2)
    assert answer == c2
    nodes, edges, value, used = kernel.new_tree(8, 4 * n * n)
    work = np.zeros(n * n, np.uint8), np.zeros(n * n, np.uint8), np.empty(n * n, np.int32), np.empty(n * n, np.int32)
    tables = kernel.neighbours(n), kernel.bridge_table(n), kernel.partner_table(n)
    node = kernel.add_node(colour, n, *tables, 1, True, 30, nodes, edges, value, used, *work, answer)
    first, count = nodes[node, kernel.N_FIRST], nodes[node, kernel.N_COUNT]
    rates = {int(edges[e, kernel.E_MOVE]): value[e] for e in range(first, first + count)}
    assert rates[c2] == max(rates.values()) == pytest.approx(round(30 * kernel.PRIOR_SAVE) / 30)
    assert rates[c2] > kernel.prior(colour, n, *tables, c2, 2)  # no bridge pattern of its own
