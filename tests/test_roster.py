"""The players' names come from ``ai.roster``: the menus list them without importing the engines.

An engine module imports its numba kernels and numba itself (seconds on a first run); the main
menu and the New game screen only show the players' titles, so they must not wait for that.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import ai
import games
from ai.levels import player_table, random_level
from ai.roster import ROSTER
from ai.search.classic import ClassicPlayer
from tests.test_warm_start import run_window

MENU_AND_NEW_GAME = """
import sys
from ui.app import App
from tests.ui_helpers import click, click_widget

app = App(size=(800, 600), fps=0, remember_size=False)  # no idle sleep: the warm start stays off
app.run_frames(2)
click_widget(app, app.scene.menu, "play")  # New game, its players listed
app.run_frames(2)
setup = app.scene
for index in range(len(setup.cards.infos)):  # every game's card clicked: its players listed
    click(app, setup.cards.rects[index].center)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite")  # ai.kernels itself: the
               or m.startswith(("ai.kernels.", "ai.engines")))  # cache's folder and the stage table, no numba
print("screen:", type(app.scene).__name__, "errors:", app.errors)
print("heavy:", heavy)
app.quit()
"""


def test_the_menu_and_new_game_import_no_engine(tmp_path):
    """The main menu and the New game screen, with every game's players listed, are built without
    importing numba, the kernel modules or the engines: the window is up before they load."""
    lines = run_window(MENU_AND_NEW_GAME, tmp_path)
    assert "screen: SetupScene errors: []" in lines, lines
    assert "heavy: []" in lines, lines


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_roster_entry_makes_a_player_that_says_it(game_id):
    """Each game's engine makes exactly the roster's players, in its order, and each player made
    carries its roster entry (id, title, description): the menus never name a player the engine
    does not have, nor show a text the player does not say of itself."""
    engine_players = importlib.import_module(ai.engine_module(game_id)).PLAYERS
    assert list(engine_players) == [info.id for info in ROSTER[game_id]]
    assert ai.catalog(game_id) == list(ROSTER[game_id])
    for info in ROSTER[game_id]:
        player = ai.make_player(game_id, info.id, seed=1)
        assert player.info == info
        ai.close_player(player)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_course_players_stated_depth_is_the_depth_it_searches(game_id):
    """"alpha-beta at depth 4" is what the course player searches.  Rastros' and tic-tac-toe's
    course bots count depth as AIMA's ``alpha_beta_cutoff_search`` does: depth d evaluates d + 1
    plies below the root, and their descriptions say both."""
    for info in ROSTER[game_id]:
        player = ai.make_player(game_id, info.id, seed=1)
        if isinstance(player, ClassicPlayer):
            course_depth = player.depth if player.course_depth is None else player.course_depth
            assert f"depth {course_depth}" in info.description, info
            if player.course_depth is not None:
                assert f"({player.depth} moves ahead)" in info.description and player.depth == course_depth + 1


def test_the_texts_are_written_only_in_the_roster():
    """A player's title and description are written once, in ai/roster.py: no engine module holds
    a copy that could drift from what the menus show."""
    texts = {text for infos in ROSTER.values() for info in infos for text in (info.title, info.description)}
    for path in sorted(Path(ai.__file__).parent.joinpath("engines").glob("*.py")):
        constants = {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        assert not constants & texts, path.name


def test_an_engine_table_naming_other_players_than_the_roster_fails_at_once():
    """An engine that makes a player the roster does not list, or lacks one it lists, is refused
    when its table is built (at import), naming the players in question."""
    trax_makers = {info.id: random_level for info in ROSTER["trax"]}
    assert list(player_table("trax", trax_makers)) == [info.id for info in ROSTER["trax"]]
    with pytest.raises(ValueError, match="trax:greedy"):
        player_table("trax", {pid: make for pid, make in trax_makers.items() if pid != "trax:greedy"})
    with pytest.raises(ValueError, match="trax:newcomer"):
        player_table("trax", {**trax_makers, "trax:newcomer": random_level})


def test_every_game_has_a_roster():
    assert set(ROSTER) == set(games.GAME_IDS)


def _panel_depth(game_id: str, info) -> str:
    """The depth part of the panel's line for the course player ``info``'s search of the start, as
    the AI worker reports it (its job run here, in this process)."""
    import threading

    from ui.ai_worker import AIProgress, Job
    from ui.scenes.thinking import detail_parts
    from ui.worker_jobs import run_job

    class Reports(list):
        put = list.append

    game = games.load(game_id)
    job = Job(game_id, {}, (), game.to_text(game.initial_state()), info.id, 60.0, 1)
    reports = Reports()
    run_job(1, job, {}, reports, threading.Event())
    shown = [r for r in reports if isinstance(r, AIProgress)][-1]
    return next(part for part in detail_parts(shown, game.sides, game_id) if "ahead" in part)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_panel_says_a_course_players_depth_as_its_description_does(game_id):
    """Rastros' Basilio is described as "alpha-beta (depth 5)" in the course's terms (AIMA's cut-off
    at depth > 5 looks 6 plies ahead) and its panel said "depth 6".  The panel says how far it
    looks in a player's words, and the course's depth beside it where the course counts
    otherwise: "6 moves ahead (depth 5)", the description's "depth 5 (6 moves ahead)"."""
    import re

    for info in ROSTER[game_id]:
        if not isinstance(ai.make_player(game_id, info.id, seed=1), ClassicPlayer):
            continue
        said = _panel_depth(game_id, info)
        plies, depth = re.fullmatch(r"(\d+) moves? ahead(?: \(depth (\d+)\))?", said).groups()
        assert f"depth {depth or plies}" in info.description, (said, info)
        if depth is not None:
            assert f"({plies} moves ahead)" in info.description, (said, info)


def test_no_description_writes_its_arithmetic_as_a_bare_minus():
    """Alquerque's course minimax read "evaluation own - enemy pieces"."""
    for infos in ROSTER.values():
        for info in infos:
            assert " - " not in info.description, info


def test_the_players_besides_the_courses_are_described_in_a_players_words():
    """Hex's Plain UCT read "UCT with uniformly random playouts, no Hex knowledge (the baseline)" on
    the New game screen, and Trax's Greedy "The baseline: ... the placement that maximises a simple
    score": a programmer's words under a player anyone may pick.  The course's players keep their
    course's words (alpha-beta, minimax, heuristic) for its students."""
    jargon = re.compile(r"\bUCT\b|playout|baseline|maximi[sz]|heuristic|\bply\b|\bplies\b", re.IGNORECASE)
    for infos in ROSTER.values():
        for info in (info for info in infos if not info.course):
            for words in (info.description, info.watched_description):
                assert not jargon.search(words or ""), (info.id, words)


def test_rastros_level_5_names_every_board_its_opening_book_knows():
    """Rastros' level 5 said it "knows the 8x8 opening": a teacher choosing 6x6 read that it knew
    none there, and analysis then said "(opening book)" of every first move.  Its words name each
    board an opening book ships for (ai/data/rastros_book<n>.npz)."""
    from ai.engines import rastros_book

    sizes = [n for n in range(4, 10) if rastros_book.load(n) is not None]
    assert sizes, "no Rastros opening book found"
    words = next(info.description for info in ai.catalog("rastros") if info.id == "level-5")
    assert all(f"{n}x{n}" in words for n in sizes), (sizes, words)


def test_reversi_level_5_names_the_boards_of_its_book_and_its_learned_patterns():
    """Reversi's level 5 said it "opens from its book ... judging positions by ... patterns learned
    from thousands of its own games" whatever the board: on 10x10 it has neither (values there are
    the hand-set evaluation's points), and the New game screen said so beside "Board size: 10".
    Its words name each board a book ships for (ai/data/reversi<n>_book.npz) and the board the
    learned patterns judge (the kernel search reads them on 8x8 only)."""
    from ai.engines import reversi_book

    sizes = [n for n in (6, 8, 10) if reversi_book.load(n) is not None]
    assert sizes == [6, 8], sizes  # the boards the sentence below names: a new book needs new words
    words = next(info.description for info in ai.catalog("reversi") if info.id == "level-5")
    assert "book on 6x6 and 8x8" in words and "judging 8x8 positions" in words, words
