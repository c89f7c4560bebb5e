"""Where the games' rules come from, as a newcomer (not a student of the course) reads it.

The window said "(the course's bounded board)", "the course's test", "The course plays 8 x 8" and
"course bots" as if everyone knew which course.  Each rules page now says at its top where its
rules come from (a university course) and what differs from other common rule sets, and every
string the window shows that says "course" either names the university course itself or is a
short label on a screen that does."""

from __future__ import annotations

import re

import pytest

import games
from tests.ui_helpers import make_app, recorded_text, words_in
from tools.i18n import extract
from ui import i18n
from ui.scenes.rules import RulesScene

ORIGIN = {"en": "Where these rules come from:", "pt": "De onde vêm estas regras:"}
UNIVERSITY = {"en": "university", "pt": "universitário"}
COURSE = re.compile(r"\bcourse", re.I)
NAMES_ORIGIN = re.compile(r"\buniversity\b|\bAIMA\b")

# strings that say "course" without naming it -> why a reader of them knows which course
SHORT = {
    **{title: "a player's title, described under it on New game and, in a tournament, by the note under "
                     "its progress bar, both naming the university course"
       for title in ("Course Easy", "Course Medium", "Course Hard", *(f"Course minimax {n}" for n in range(1, 5)))},
    "The tile already in the centre when the game starts (the course draws it at random).":
        "Trax's option note on New game, below the Mode note that names the university course",
    "In the course's notation: {code}.": "the same note's second sentence, on the tile its first names",
    "A player who can capture must, and must finish the chain; any chain will do, not only the longest. "
    "No: the course's reading, capturing is a choice and a chain may stop early.":
        "Alquerque's second option note on New game, below the first, which names the university course",
    "Saved {markdown}, the tables in Markdown for a course page, and its {others} in {folder}": "any course's web page",
    " (in Tabuleiro's course module {module} line {line})": "only to a student running the course's code",
    " (in Tabuleiro's course module {module} line {line}, called from {where} line {at})":
        "only to a student running the course's code",
    "{text} is not a course turn like {example}: [row, column, tile] for each tile, counted from 0":
        "only to a student typing a turn as the course's code writes it",
    "the course's EstadoRastros is a position of the 8x8 board": "only to a student pasting the course's state",
    "to_move={side}: the course writes 'S' or 'N'": "only to a student pasting the course's state",
}


def shown_texts() -> list[str]:
    """Every text the window shows through the catalog (a plural's singular and plural)."""
    texts: list[str] = []
    for message in extract():
        texts.extend(message if isinstance(message, tuple) else [message])
    return texts


def test_every_shown_course_names_the_university_course_or_is_a_short_label_explained_beside_it():
    unexplained = [text for text in shown_texts()
                   if COURSE.search(text) and not NAMES_ORIGIN.search(text) and text not in SHORT]
    assert unexplained == []


def test_the_short_labels_are_still_shown():
    """A stale entry would let a new string of the same words through unexplained."""
    assert sorted(set(SHORT) - set(shown_texts())) == []


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_each_rules_page_says_where_its_rules_come_from_on_its_first_screen(tmp_path, monkeypatch, game_id, language):
    """The rules screen at 800x560, as it opens on the game's page, shows the origin sentence."""
    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    with words_in(language):
        drawn = recorded_text(monkeypatch)
        app.switch(RulesScene(app, game_id))
        app.run_frames(2)
    screen = " ".join(" ".join(drawn).split())
    assert ORIGIN[language] in screen
    assert UNIVERSITY[language] in screen[screen.index(ORIGIN[language]):]


def form_texts(scene) -> list[str]:
    """The New game form's lines, top to bottom, as the screen shows them."""
    return [widget.get_title() for widget in scene.menu.get_widgets()]


def choose_course_player(app) -> None:
    """With the keyboard alone: down the form to the first computer player's choice, then Right
    until the player chosen is one of the course's (its title says "Course", or a course name)."""
    import pygame

    from tests.ui_helpers import key

    while app.scene.menu.get_selected_widget().get_id() != "pc0":
        key(app, pygame.K_DOWN)
    for _ in range(12):
        if COURSE.search(" ".join(form_texts(app.scene))):
            return
        key(app, pygame.K_RIGHT)


@pytest.mark.parametrize("game_id", ["tictactoe", "reversi", "rastros", "alquerque", "trax"])
def test_the_new_game_screens_first_course_names_the_university_course(tmp_path, monkeypatch, game_id):
    """Watch: PC vs PC with a course player chosen (Trax: its options): the first line of the
    form that says "course" says which, a university course."""
    from ui.scenes.setup import SetupScene

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        app.switch(SetupScene(app, watch=True, game_id=game_id))
        app.run_frames(2)
        if game_id != "trax":
            choose_course_player(app)
        saying_course = [text for text in form_texts(app.scene) if COURSE.search(text)]
    finally:
        app.quit()
    assert saying_course and NAMES_ORIGIN.search(saying_course[0]), saying_course


def course_note_drawn(app, monkeypatch, game_id: str, players: set[str]) -> str:
    """The text the tournament screen of ``players`` draws in its first frames, in one line."""
    from tests.ui_helpers import tournament_started

    drawn = recorded_text(monkeypatch)
    scene = tournament_started(app, game_id, players)
    app.run_frames(2)
    scene.tournament.cancel()
    return " ".join(drawn)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize(("game_id", "course", "titles"), [
    ("reversi", {"reversi:easy", "reversi:hard"}, {"en": "Course Easy, Course Hard", "pt": None}),
    ("rastros", {"rastros:basilio"}, {"en": "Basilio", "pt": "Basilio"}),
    ("tictactoe", {"tictactoe:aima"}, {"en": "AIMA", "pt": "AIMA"}),
    ("hex", {"hex:notebook"}, {"en": "Notebook", "pt": None}),
])
def test_a_tournament_of_course_players_says_what_they_are(tmp_path, monkeypatch, language, game_id, course, titles):
    """A tournament's tables and chart named "Course Easy" and "Course Hard" with no description
    (New game gives one): the screen at 800x560 says under its progress bar which players are the
    university course's bots, whole; a tournament of levels alone does not.  Rastros' Basilio and
    Tic-tac-toe's AIMA, course bots whose titles do not say "Course", had no note: the registry
    (``PlayerInfo.course``) says which players are course bots, not their titles."""
    from ui.scenes.tournament_results import COURSE_PLAYERS

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    app.settings.language = language
    app.apply_settings()
    try:
        with_course = course_note_drawn(app, monkeypatch, game_id, course | {"level-1"})
        levels_only = course_note_drawn(app, monkeypatch, game_id, {"level-1", "level-2"})
        said = i18n._(COURSE_PLAYERS).split("{players}")[1]
    finally:
        i18n.set_language("en")
        app.quit()
    assert NAMES_ORIGIN.search(COURSE_PLAYERS) and said.strip()
    if titles[language] is not None:  # the course players named, as the tables name them
        assert f"{titles[language]}{said}" in with_course
    assert said in with_course
    assert said not in levels_only


def test_the_registry_marks_the_players_described_as_the_courses():
    """``PlayerInfo.course`` (what the tournament's note goes by) is set on exactly the players
    whose description says they are the university course's: a new course bot with a plain name
    is not left out of the note, and no other player is put in it."""
    import ai

    for game_id in games.available_ids():
        for info in ai.catalog(game_id):
            assert info.course == ("university course" in info.description), (game_id, info.title)
