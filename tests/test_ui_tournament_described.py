"""The tournament's participants, as a teacher choosing a class's field reads them: each says what
it is under the pointer (the course bots, "Basilio", "ObtusoSW", were names alone on this screen,
what each one does told only on the Watch screen), and the heading over them stays in the window."""

from __future__ import annotations

import pygame
import pytest

import ai
from tests.ui_helpers import (
    in_language,
    recorded_text,
    recorded_text_rects,
    ringed,
    tab_to,
    window_for_a_test,
)
from ui import words
from ui.scenes.tournament import TournamentScene


def pointed_at(app, pos: tuple[int, int]) -> None:
    """The pointer moved to ``pos`` (no button pressed), and the window drawn."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)


def test_a_course_bot_under_the_pointer_says_what_it_is(app, monkeypatch):
    scene = TournamentScene(app, "rastros")
    app.switch(scene)
    app.run_frames(2)
    basilio = next(p for p in ai.catalog("rastros") if p.id == "rastros:basilio")
    about = words.description(basilio, watched=True)
    assert about
    toggle = next(b for (pid, _t), b in zip(scene.players(), scene.player_buttons) if pid == basilio.id)
    drawn = recorded_text_rects(monkeypatch)
    pointed_at(app, toggle.rect.center)
    said = [text for text, _rect in drawn]
    assert "Basilio" in said  # its name, heading the tip
    first_words = " ".join(about.split()[:3])
    tip = [(text, rect) for text, rect in drawn if text.startswith(first_words)]
    assert tip, said  # what it does, from the catalog, in a watcher's words
    assert all(app.screen.get_rect().contains(rect) for _text, rect in tip)  # inside the window
    assert tip[0][1].top >= toggle.rect.bottom  # under the toggle, not over it


def test_a_course_bot_the_keyboard_is_on_says_what_it_is(app, monkeypatch):
    """Tab onto a participant, the pointer away from them all: its tip shows as under the pointer.
    The tips came under the pointer alone, and a player without a mouse read names only."""
    scene = TournamentScene(app, "rastros")
    app.switch(scene)
    app.run_frames(2)
    basilio = next(p for p in ai.catalog("rastros") if p.id == "rastros:basilio")
    first_words = " ".join(words.description(basilio, watched=True).split()[:3])
    toggle = next(b for (pid, _t), b in zip(scene.players(), scene.player_buttons) if pid == basilio.id)
    pointed_at(app, (2, 2))  # the window's corner, on no participant
    drawn = recorded_text_rects(monkeypatch)
    tab_to(app, scene, lambda stop: stop is toggle)
    app.run_frames(2)
    assert ringed(scene) is toggle and not toggle.rect.collidepoint(scene.pointer)
    tip = [(text, rect) for text, rect in drawn if text.startswith(first_words)]
    assert tip, [text for text, _rect in drawn]
    assert tip[-1][1].top >= toggle.rect.bottom  # under the ringed toggle


def test_the_tip_goes_when_the_pointer_leaves_the_participants(app, monkeypatch):
    scene = TournamentScene(app, "hex")
    app.switch(scene)
    app.run_frames(2)
    toggle = scene.player_buttons[0]  # Level 1
    pointed_at(app, toggle.rect.center)
    assert scene.described_tip() is not None
    drawn = recorded_text(monkeypatch)
    pointed_at(app, (scene.players_area.right - 2, scene.players_area.bottom - 2))  # the grid's empty corner
    app.invalidate()
    app.run_frames(2)
    assert scene.described_tip() is None
    level_1 = words.description(ai.catalog("hex")[0], watched=True)
    assert not any(text.startswith(" ".join(level_1.split()[:3])) for text in drawn)


@pytest.mark.parametrize(("language", "heading"), [("en", "Participants (4 chosen)"),
                                                   ("pt", "Participantes (escolhidos: 4)")])
def test_the_participants_heading_stays_inside_a_small_window_at_larger_text(tmp_path, monkeypatch, language,
                                                                             heading):
    """At 800x560 at Larger text the heading ran past the window's right edge, "... to add or rem"
    ("... para jun"): a shorter form is said whole now."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 560)) as app, in_language(app, language):
        app.settings.text_size = 1.5
        app.apply_settings()
        scene = TournamentScene(app, "rastros")
        app.switch(scene)
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        said = [(text, rect) for text, rect in drawn if text.startswith(heading)]
        assert said, [text for text, _rect in drawn]
        assert all(rect.right <= scene.players_area.right and not text.endswith("…") for text, rect in said), said


@pytest.mark.parametrize(("language", "line"), [("en", "0 above, {n} below: scroll, or use the arrow keys"),
                                                ("pt", "0 acima, {n} abaixo: use a roda do rato ou as setas")])
def test_the_line_under_a_long_grid_of_participants_names_the_keys_too(app, monkeypatch, language, line):
    """A class's thirty files: the line under the grid said "scroll" ("use the mouse wheel" in
    Portuguese), though Tab and the arrows go through the grid and scroll it; it names the keys
    too, as the standings' line does."""
    scene = TournamentScene(app, "rastros")
    scene.outside["rastros"] = [(f"/class/aluno{i:02d}.py:jogador", f"Aluno {i:02d} (aluno{i:02d}.py)")
                                for i in range(1, 31)]
    with in_language(app, language):
        app.switch(scene)
        scene._build()  # the grid with the class in it
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        below = scene.players_hidden[1]
        assert below > 0
        assert line.format(n=below) in drawn, [text for text in drawn if str(below) in text]
