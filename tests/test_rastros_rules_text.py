"""Every example of the Rastros rules page plays out in the app as the page writes it.

The page (assets/rules/rastros.md, and its Portuguese assets/locale/pt/rules/rastros.md) is what a
student of the course reads in the window.  Other tests check the same facts from lists of their
own (tests/test_rastros.py, tests/test_rastros_book.py); these read the squares out of the page
itself, so a page that says one square and an app that plays another cannot both pass: the goals,
the start squares of every size, the typed and pasted forms, North's eight refutations (level-5
plays them, from the book that proves them) and the small boards' winning first moves.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from pathlib import Path

import pytest

import ai
import games
from ai.base import Limits
from ai.engines import rastros_book as book
from games.rastros import square_name
from tests.solved_facts import rastros_first_moves_won_by_south, shared_folder

PAGES = {"en": Path("assets/rules/rastros.md"), "pt": Path("assets/locale/pt/rules/rastros.md")}
WORDS = {  # the page's words around its squares, in each language
    "en": {"goals": r"South's goal is (\d-\d) .*?North's goal is (\d-\d)", "then": "then",
           "starts": r"starts in the middle of the diagonal[^:]*:(.*?)\n\n", "on": "on", "with": "with",
           "boards": r"On the smaller boards South wins:(.*?)\n- ", "every": "every first move",
           "orthogonal": "four orthogonal", "typed": r"typed as (\d-\d) \(Enter\).*? writes it, (\(\d, \d\))",
           "edges": r"The board's edges label the rows (\d-) to (\d-) and the columns (\d) to (\d)\.",
           "read": r"South's goal, on row (\d-) and column (\d), is (\d-\d)"},
    "pt": {"goals": r"O objetivo do Sul é (\d-\d).*?o do Norte é (\d-\d)", "then": "e depois",
           "starts": r"começa a meio da diagonal[^:]*:(.*?)\n\n", "on": "em", "with": "com",
           "boards": r"Nos tabuleiros mais pequenos ganha o Sul:(.*?)\n- ", "every": "qualquer primeira jogada",
           "orthogonal": "quatro primeiras\\s+jogadas ortogonais",
           "typed": r"escrito como (\d-\d) \(Enter\).*? a escreve, (\(\d, \d\))",
           "edges": r"As margens do tabuleiro marcam as filas de (\d-) a (\d-) e as colunas de (\d) a (\d)\.",
           "read": r"o objetivo do Sul, na fila (\d-) e na coluna (\d), é (\d-\d)"},
}
SQUARE = r"\d-\d"


def page(language: str) -> str:
    return PAGES[language].read_text(encoding="utf-8")


def found(pattern: str, text: str) -> re.Match:
    match = re.search(pattern, text, re.S)
    assert match, f"the rules page no longer says {pattern!r}"
    return match


def refutations(language: str) -> list[tuple[str, str]]:
    """North's winning reply to each first move of South, as the page's "Known facts" list them."""
    then = WORDS[language]["then"].replace(" ", r"\s+")
    return re.findall(rf"({SQUARE})\s+{then}\s+({SQUARE})", page(language))


def winning_first_moves(language: str) -> dict[int, str]:
    """The page's words for South's winning first moves on each smaller board ("1-2 or 3-4")."""
    said = found(WORDS[language]["boards"], page(language)).group(1)
    parts = re.split(rf"(\d)x\1\s+{WORDS[language]['with']}\s+", said)[1:]
    return {int(size): re.sub(r"\s+", " ", words).strip(" ;.") for size, words in zip(parts[::2], parts[1::2])}


def solved_winning_first_moves(n: int, folder: Path | None = None) -> list[str]:
    """South's first moves after which North, to move, is lost: the solver's answer, no book
    (solved once per test run, ``folder`` the run's shared one: both languages' pages, and
    tests/test_rastros_book.py, are held to it)."""
    return list(rastros_first_moves_won_by_south(n, folder))


@pytest.mark.parametrize("language", PAGES)
def test_the_goals_and_the_start_squares_are_where_the_page_puts_them(language):
    text = page(language)
    south, north = found(WORDS[language]["goals"], text).groups()
    game = games.load("rastros")
    assert (square_name(8, game.goal_south), square_name(8, game.goal_north)) == (south, north)
    starts = re.findall(rf"(\d)x\1\s+{WORDS[language]['on']}\s+({SQUARE})",
                        found(WORDS[language]["starts"], text).group(1))
    assert [int(n) for n, _ in starts] == [4, 5, 6, 7, 8]
    for n, square in starts:
        sized = games.load("rastros", size=int(n))
        assert square_name(int(n), sized.initial_state().white) == square, n


@pytest.mark.parametrize("language", PAGES)
def test_the_page_explains_the_labels_on_the_boards_edges(language):
    """The board's edges read "1-" to "8-" down its sides (a row's number with the dash of a
    square's row-col name) and 1 to 8 along the top: the page said how a square is written, never
    what the board's "8-" was.  Its words are held to the labels the board draws, and its example
    (South's goal read off the edges) to the goal."""
    from ui.views.rastros import RastrosView

    game = games.load("rastros")
    view = RastrosView(game)
    text = re.sub(r"\s+", " ", page(language))
    first_row, last_row, first_col, last_col = found(WORDS[language]["edges"], text).groups()
    assert (first_row, last_row) == (view.row_label(0), view.row_label(view.rows - 1))
    assert (first_col, last_col) == (view.col_label(0), view.col_label(view.cols - 1))
    row, col, square = found(WORDS[language]["read"], text).groups()
    goal_row, goal_col = view.move_cell(game.goal_south)
    assert (row, col) == (view.row_label(goal_row), view.col_label(goal_col))
    assert row + col == square == square_name(8, game.goal_south)


@pytest.mark.parametrize("language", PAGES)
def test_a_move_is_typed_both_ways_the_page_shows(language):
    dashed, paired = found(WORDS[language]["typed"], page(language)).groups()
    game = games.load("rastros")
    start = game.initial_state()
    assert game.parse_move(start, dashed) == game.parse_move(start, paired) == game.parse_square(dashed)


def test_the_pasted_state_the_page_shows_is_read_as_the_course_means_it():
    """EstadoRastros(to_move='N', white=(4, 4), blacks={(4, 5)}): South has stepped from 4-5 to 4-4."""
    game = games.load("rastros")
    for language in PAGES:
        state_text = found(r"(EstadoRastros\(.*?\}\))", page(language)).group(1)
        assert game.from_text(re.sub(r"\s+", " ", state_text)).key() == game.play_line(["4-4"]).key()


@pytest.mark.parametrize("language", PAGES)
def test_level5_plays_every_refutation_the_page_names_and_knows_it_wins(language):
    pairs = refutations(language)
    game = games.load("rastros")
    start = game.initial_state()
    assert sorted(first for first, _ in pairs) == sorted(game.legal_move_texts(start))
    player = ai.make_player("rastros", "level-5")
    for first, reply in pairs:
        after = game.play_line([first])
        assert game.format_move(after, player.choose(after, Limits(time=0.2))) == reply, first
        assert player.last.proven == 1, first  # the book's proof: North, to move, wins
        assert book.book_answer(after)[:2] == (game.parse_square(reply), 1), first


@pytest.mark.parametrize("language", PAGES)
def test_south_wins_the_smaller_boards_with_the_first_moves_the_page_names(language, tmp_path_factory):
    said = winning_first_moves(language)
    assert sorted(said) == [4, 5, 6, 7]
    for n in (4, 5, 6):
        winning = solved_winning_first_moves(n)
        if re.search(WORDS[language]["orthogonal"], said[n]):
            centre = games.load("rastros", size=n).initial_state().white
            row, col = divmod(centre, n)
            assert winning == [f"{r + 1}-{c + 1}" for r, c in ((row - 1, col), (row, col - 1),
                                                                (row, col + 1), (row + 1, col))], n
        else:
            assert winning == re.findall(SQUARE, said[n]), n
    assert said[7] == WORDS[language]["every"]
    seven = games.load("rastros", size=7)
    assert solved_winning_first_moves(7, shared_folder(tmp_path_factory)) == seven.legal_move_texts(seven.initial_state())


NEXT_TO_THE_GOAL = {  # what the page says of a step next to the opponent's goal, in each language
    "en": r"Stepping next to the opponent's goal loses at once, forced or not",
    "pt": r"vizinha do objetivo do adversário perde logo, forçado ou não",
}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_step_next_to_the_opponents_goal_loses_forced_or_not(language):
    """The page said such a step "loses at once unless it is forced", as if a forced one did not:
    it loses all the same, the opponent steps in.  Played on every size, in random games: every
    move onto a square next to the other side's goal is answered by that side stepping in, and
    some of those moves were the mover's only ones."""
    import random

    found(NEXT_TO_THE_GOAL[language].replace(" ", r"\s+"), page(language))
    forced = 0
    for n in range(4, 9):
        game, rng = games.load("rastros", size=n), random.Random(n)
        goals = (game.goal_north, game.goal_south)  # the goal each side (South 0, North 1) steps next to
        for _ in range(40):
            state = game.initial_state()
            while not state.is_terminal():
                moves = state.legal_moves()
                for move in moves:
                    after = state.play(move)
                    if not after.is_terminal() and goals[state.to_move] in after.legal_moves():
                        assert after.play(goals[state.to_move]).winner() == 1 - state.to_move
                        forced += len(moves) == 1
                state = state.play(rng.choice(moves))
    assert forced, "no random game forced a step next to a goal"


MATCHES = {  # the page's words for the course's "Matches and championship" rules, in each language
    "en": {"section": r"## Matches and tournaments\n(.*?)(?:\n## |\Z)",
           "limit": r"time limit in seconds \(Time per move\)",
           "grace": r"later than the limit plus a grace of ([\d.]+) s, or answers with no legal move, loses that game at once",
           "sides": r"n games with each of them as South and n as North",
           "points": r"A win is one point, and the table is sorted by points"},
    "pt": {"section": r"## Jogos e torneios\n(.*?)(?:\n## |\Z)",
           "limit": r"tempo limite em segundos \(Tempo por jogada\)",
           "grace": r"depois do limite mais uma tolerância de ([\d,]+) s, ou que não responda com uma jogada legal, "
                    r"perde esse jogo de imediato",
           "sides": r"n jogos com cada um deles como Sul e n como Norte",
           "points": r"Uma vitória vale um ponto, e a tabela é ordenada por pontos"},
}


def match_section(language: str) -> str:
    """The page's section on matches and tournaments, its lines joined."""
    return re.sub(r"\s+", " ", found(MATCHES[language]["section"], page(language)).group(1))


@pytest.mark.parametrize("language", PAGES)
def test_the_page_states_the_course_match_rules_as_the_referee_plays_them(language):
    """The course's rules give matches a time limit per move, lost at once when exceeded or with
    no legal move, and a championship of n games each way, one point a win: the page said none of
    it, so a student whose file lost at move 3 found no rule for it.  The grace the page names is
    the referee's, and a reply that is no legal move is a loss."""
    from ai.referee import GRACE, Loss, play_reply

    words, section = MATCHES[language], match_section(language)
    found(words["limit"], section)
    assert float(found(words["grace"], section).group(1).replace(",", ".")) == GRACE
    game = games.load("rastros")
    start = game.initial_state()
    for no_move in (None, "4-5", game.goal_north):
        assert isinstance(play_reply(game, start, no_move), Loss), no_move


@pytest.mark.parametrize("language", PAGES)
def test_the_page_states_the_course_championship_as_the_tournament_plays_it(language):
    """Every pair n games with each player as South and n as North; one point a win; sorted by
    points: the page's words, and the schedule and standings of a three-player tournament."""
    from ai.match import GameResult
    from ai.tournament_schedule import schedule
    from ai.tournament_standings import standings

    words, section = MATCHES[language], match_section(language)
    found(words["sides"], section)
    found(words["points"], section)
    games_per_pair = 2
    plan = schedule(3, games_per_pair)
    for a, b in itertools.permutations(range(3), 2):
        assert sum(g.players == (a, b) for g in plan) == games_per_pair, (a, b)
    strength = ["y", "x", "z"]  # each game won by the stronger of its two players
    results = []
    for g in plan:
        players = [strength[g.players[0]], strength[g.players[1]]]
        results.append(GameResult("rastros", {}, players, winner=int(g.players[1] > g.players[0])))
    table = standings(strength, results)
    assert [(s.player, s.points) for s in table] == [("z", 8.0), ("x", 4.0), ("y", 0.0)]


READING_REFUSED = {  # the page's words for the positions the editor refuses, in each language
    "en": r"A position set up with a stone on a goal, or with the piece on a goal and no stones, is refused",
    "pt": r"Uma posição preparada com uma pedra num objetivo, ou com a peça num objetivo e sem pedras, é recusada",
}


@pytest.mark.parametrize("language", PAGES)
def test_the_positions_the_page_says_are_refused_are_refused(language):
    """games/rastros.py's docstring reads the notebook so (a position text with the piece on a goal
    and no stones is refused) and refuses a stone on a goal too; the page's "Readings we chose"
    did not say so, and a student's pasted position was refused with no rule behind it."""
    found(READING_REFUSED[language].replace(" ", r"\s+"), page(language))
    game = games.load("rastros", size=4)
    piece_on_goal = "to-move: North\n...N\n....\n....\nW...\n"
    stone_on_goal = "to-move: North\n...#\n..W.\n....\nS...\n"
    for text, why in ((piece_on_goal, "cannot start on a goal"), (stone_on_goal, "cannot hold a stone")):
        with pytest.raises(games.IllegalMove, match=why):
            game.from_text(text)


@pytest.mark.parametrize("language", PAGES)
def test_the_page_quotes_the_course_players_depth_as_the_panel_and_the_search_tree_say_it(language):
    """The page quoted the search tree's "depth 5 (6 plies ahead)" («profundidade 5 (6
    meias-jogadas)») for Random Plus, Basilio and Ar Livre, where the tree says "depth 5 (6 moves
    ahead)" as every other screen counts: a player looked for words the window never shows.  The
    page counts that look ahead in moves, one side's turn each, as the screens do."""
    from tests.ui_helpers import words_in
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import depth_text, reach_text

    course = AIProgress(1, depth=6, course_depth=5, mover=0)
    text = " ".join(page(language).split())
    with words_in(language):
        for said in (reach_text(course), depth_text(course)):
            assert said in text, said
    assert not re.search(r"\bpl(y|ies)\b|meias?-jogadas?", text, re.I), language


ANALYSIS_HEADINGS = {"en": "## What analysis' numbers count", "pt": "## O que contam os números da análise"}


@pytest.mark.parametrize("language", PAGES)
def test_the_analysis_section_says_why_8x8s_proofs_have_no_count_where_6x6s_have(language):
    """On 8x8 every first move's tag was a lone "L", its tip "loses (proven; moves not counted)",
    where 6x6's read "W29", and nothing a student reads said why.  The page's analysis section
    quotes the tip, names the boards whose proofs leave the count out, and the tag 6x6 shows, each
    as the window writes it (``ui.analysis_mode``)."""
    from ai.move_values import analyse
    from tests.ui_helpers import words_in
    from ui.analysis_mode import length_words, value_text

    section = page(language).split(ANALYSIS_HEADINGS[language], 1)[1].split("\n## ", 1)[0]
    text = " ".join(section.split())
    tags = {}
    for n in (6, 8):
        state = games.load("rastros", size=n).initial_state()
        tags[n] = list(analyse(state, "rastros", max_depth=1).values.values())
    assert all(v.proven == -1 and v.plies is None for v in tags[8])
    with words_in(language):
        won = [value_text(v, "rastros") for v in tags[6] if v.proven == 1]
        assert won and won[0] in text, (won, language)  # "W29", «V29»
        tip = length_words(replace(tags[8][0], proven=1))  # 8x8's tip, as a won move's: "wins (proven; moves not counted)"
        assert tip in text, tip
    assert "8x8" in text and "7x7" in text
