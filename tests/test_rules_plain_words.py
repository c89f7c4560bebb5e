"""The part of a rules page a newcomer reads to learn the game speaks no programmer's words.

A first-time player (qa111) learning Rastros from its rules page met, among the board's squares,
"as the course's Python writes it, (4, 4)" and "EstadoRastros(to_move='N', white=(4, 4),
blacks={(4, 5)})": words for a student of the course pasting its code's output.  Those stay on
the page, in a section of their own for the course's students; the sections that teach the game
(up to its end) name none of them.  Alquerque's page named the points with diagonal lines by
"row + column is even", on a board whose columns are letters: it names the points.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import alquerque

PAGES = {"en": Path("assets/rules/rastros.md"), "pt": Path("assets/locale/pt/rules/rastros.md")}
TEACHING_ENDS = {"en": "## Smaller boards", "pt": "## Tabuleiros mais pequenos"}  # after the end of the game
STUDENTS = {"en": "## For the course's students", "pt": "## Para os alunos do curso"}
CODE_WORDS = re.compile(r"Python|EstadoRastros|jogaRastros|mostraJogo|\bdisplay\b|to_move|blacks=")


@pytest.mark.parametrize("language", PAGES)
def test_rastros_rules_teach_the_game_without_the_courses_code(language):
    text = PAGES[language].read_text(encoding="utf-8")
    teaching = text[text.index("\n## "):text.index(TEACHING_ENDS[language])]
    assert "4-4" in teaching  # a move is still named as it is typed
    assert CODE_WORDS.findall(teaching) == []
    students = text[text.index(STUDENTS[language]):]
    students = students[:students.index("\n## ", 1)]
    assert {"Python", "EstadoRastros", "jogaRastros", "(4, 4)"} <= set(re.findall(
        r"Python|EstadoRastros|jogaRastros|\(4, 4\)", students))


ALQUERQUE = {"en": Path("assets/rules/alquerque.md"), "pt": Path("assets/locale/pt/rules/alquerque.md")}
DIAGONALS = {"en": r"Diagonal lines run only through(.*?)From\s+the\s+other\s+points",
             "pt": r"As linhas diagonais só passam(.*?)Dos\s+outros\s+pontos"}


@pytest.mark.parametrize("language", ALQUERQUE)
def test_alquerque_rules_name_the_points_with_diagonal_lines_as_the_board_draws_them(language):
    """The page said "the points whose row + column is even", a sum no player makes of a point
    written b4; it names the points, and they are those the board joins diagonally."""
    text = ALQUERQUE[language].read_text(encoding="utf-8")
    sentence = re.search(DIAGONALS[language], text, re.S).group(1)
    assert "+" not in sentence
    named = set(re.findall(r"\b[a-e][1-5]\b", sentence))
    drawn = {alquerque.point_name(p) for p in range(alquerque.POINTS)
             if any(dr and dc for dr, dc in alquerque.line_directions(p))}
    assert named == drawn


def test_portuguese_rules_mark_a_range_of_column_letters_apart_from_its_words():
    """Alquerque's Portuguese page said "colunas a a e": the letters a and e between the word "a"
    ("to") read as a typo.  A range of column letters is written with its letters marked
    (`a` a `e`), as the Trax page writes them."""
    for page in sorted(Path("assets/locale/pt/rules").glob("*.md")):
        bare = re.findall(r"\b[a-s] a [a-s]\b", page.read_text(encoding="utf-8"))
        assert bare == [], (page.name, bare)


PLY_WORDS = re.compile(r"\bpl(?:y|ies)\b|meias?-jogadas?", re.I)


ALQUERQUE_DRAW = {"en": (Path("assets/rules/alquerque.md"), "Draw after 40 moves (20 each) without a capture"),
                  "pt": (Path("assets/locale/pt/rules/alquerque.md"), "Empate ao fim de 40 jogadas (20 de cada) sem captura")}


@pytest.mark.parametrize("language", ALQUERQUE_DRAW)
def test_alquerque_rules_count_the_draw_in_moves_as_the_screens_do(language):
    """The page said "40 plies" and "the 40-ply rule" (meias-jogadas in Portuguese) where the
    game screen says "Draw after 40 moves (20 each) without a capture"; the course's report counts
    no plies for the page to quote, so it says moves throughout, quoting the screen."""
    path, quoted = ALQUERQUE_DRAW[language]
    text = path.read_text(encoding="utf-8")
    assert PLY_WORDS.findall(text) == []
    assert re.sub(r"\s+", " ", quoted) in re.sub(r"\s+", " ", text)



RULES_PAGES = sorted([*Path("assets/rules").glob("*.md"), *Path("assets/locale/pt/rules").glob("*.md")])


@pytest.mark.parametrize("page", [p for p in RULES_PAGES if p.name != "README.md"], ids=str)
def test_rules_pages_count_moves_not_plies(page):
    """The keys page read "+ and -: one ply deeper or shallower" and "through the plies of a deep
    tree", the one "ply" left on the Rules screen a teacher reads out: the search tree's buttons
    say Depth + and Depth −, and the Portuguese page said levels (níveis) all along."""
    assert PLY_WORDS.findall(page.read_text(encoding="utf-8")) == []
