"""tools/trax_depth_values.py: the values it prints are analysis's, read from one deepening search.

Analysis deepens one alpha-beta search and shows each depth's value as it comes; the tool read
depths 3, 4 and 5 from three searches (the later ones searching the shallow depths again).  It now
reads them all from one search, and they are the values a search to each depth alone finds.
"""

from __future__ import annotations

import ai
import games
from ai.base import Limits
from ai.engines.trax_search import deepening_player
from tools import trax_depth_values as tool

QUIET_MIDGAME = ("f7/", "e7+", "f5+", "g7/", "h7/", "g8+", "e8/", "e9+")  # the tool's first position


def alone(state, depth: int) -> float:
    """The value a fresh search to ``depth`` alone gives ``state`` (its own table, no deepening
    carried over from another call)."""
    reports: list = []
    deepening_player(ai.catalog("trax")[0], seed=0).choose(state, Limits(depth=depth), reports.append)
    return reports[-1].score


def test_the_tool_reads_every_depth_from_one_search_with_the_values_of_a_search_to_each(monkeypatch):
    state = games.load("trax").play_line(list(QUIET_MIDGAME[:2]))  # early: cheap to search alone too
    searches = []

    def counted(info, seed=None):
        player = deepening_player(info, seed=seed)
        search = player.choose
        player.choose = lambda *args: searches.append(args[1].depth) or search(*args)
        return player

    monkeypatch.setattr(tool, "deepening_player", counted)
    values = tool.depth_values(state, 4)
    assert searches == [4], "one deepening search for depths 3 and 4"
    assert len(values) == 3 and values[1:] == [alone(state, 3), alone(state, 4)]
