"""Every choice among values in order goes both ways, as the forms' selectors do: a click on the
left half of a stepper steps back, on its right half forward; the wheel over it steps; Left and
Right step it while the keyboard is on it.  Values in order (the tournament setup's board size,
games per pair, time, opening moves, processes; the speed of a watched game; the forms' sizes,
times and volume) stop at either end and say so; a cycle of names (the game, a theme) goes round."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.ui_helpers import click, key, words_in
from ui.scenes.tournament import TournamentScene
from ui.scenes.tournament_setup import GAMES, option_values
from ui.widgets import Stepper


def open_tournament(app, game_id: str = "hex") -> TournamentScene:
    scene = TournamentScene(app, game_id)
    app.switch(scene)
    app.run_frames(2)
    return scene


def board_size(scene: TournamentScene) -> Stepper:
    """The Hex board size's stepper (the game's first option)."""
    stepper = scene.option_buttons[0]
    assert isinstance(stepper, Stepper) and stepper.label.startswith("Board size")
    return stepper


def games_per_pair(scene: TournamentScene) -> Stepper:
    return next(b for b in scene.buttons if b.label.startswith("Games per pair"))


def wheel(app, pos: tuple[int, int], turn: int) -> None:
    """The pointer to ``pos``, then the wheel turned ``turn`` notches (up positive)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=turn, flipped=False))
    app.run_frames(2)


def test_a_click_on_the_left_half_of_a_stepper_steps_back_and_on_the_right_half_forward(app):
    """Getting from a Hex board of 11 back to 7 took 13 clicks round every size: its left half
    steps back, as the New game form's selector does."""
    scene = open_tournament(app)
    size = board_size(scene)
    assert scene.options["size"] == 11 and size.label == "Board size: 11"
    for _ in range(4):
        click(app, (size.rect.x + size.rect.width // 4, size.rect.centery))
    assert scene.options["size"] == 7 and size.label == "Board size: 7"
    click(app, (size.rect.right - size.rect.width // 4, size.rect.centery))
    assert scene.options["size"] == 8 and size.label == "Board size: 8"


def said(scene) -> list[str]:
    """The words of the messages on screen, the newest last."""
    return [m.text for m in scene.messages.items]


@pytest.mark.parametrize("language, first, last", [
    ("en", "Games per pair: 1 + 1 already, the smallest", "Games per pair: 50 + 50 already, the largest"),
    ("pt", "Jogos por par: 1 + 1 já é o mínimo", "Jogos por par: 50 + 50 já é o máximo"),
])
def test_a_stepper_of_numbers_stops_at_either_end_and_says_so(app, monkeypatch, language, first, last):
    """Back from 1 game a pair went round to 50, one more process than the cores to 1, a Hex
    board one larger than the largest to the smallest: a teacher stepping up got the least.  They
    stop at their ends, each saying so (as the watched games' Speed does); a step away from the
    end is a step as before."""
    import os

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    with words_in(language):
        scene = open_tournament(app)
        stepper = next(b for b in scene.buttons if b.label.startswith(first.split(":")[0]))
        scene.games_index = 0
        app.run_frames(1)
        click(app, (stepper.rect.x + 10, stepper.rect.centery))
        assert scene.games_index == 0 and said(scene)[-1:] == [first]
        scene.games_index = len(GAMES) - 1
        app.run_frames(1)
        click(app, (stepper.rect.right - 10, stepper.rect.centery))
        assert scene.games_index == len(GAMES) - 1 and said(scene)[-1:] == [last]
        click(app, (stepper.rect.x + 10, stepper.rect.centery))
        assert scene.games_index == len(GAMES) - 2  # away from the end, a step as before
        jobs = next(b for b in scene.buttons if isinstance(b, Stepper) and b.step == scene._step_jobs)
        scene.jobs = 2
        app.run_frames(1)
        click(app, (jobs.rect.right - 10, jobs.rect.centery))
        assert scene.jobs == 2 and said(scene)[-1].startswith(jobs.label)
        size = scene.option_buttons[0]
        sizes = option_values(games.info("hex").option("size"))
        scene.options["size"] = sizes[-1]
        app.run_frames(1)
        click(app, (size.rect.right - 10, size.rect.centery))
        assert scene.options["size"] == sizes[-1] and said(scene)[-1].startswith(size.label)
        chooser = scene.game_chooser  # a cycle of names: round, as before
        scene.messages.items.clear()
        for _game in scene.game_ids:
            click(app, (scene.game_chooser.rect.right - 10, chooser.rect.centery))
        assert scene.game_id == "hex" and said(scene) == []



def test_the_wheel_over_a_stepper_steps_it_up_forward_and_down_back(app):
    scene = open_tournament(app)
    size = board_size(scene)
    wheel(app, size.rect.center, 1)
    assert scene.options["size"] == 12
    wheel(app, size.rect.center, -1)
    wheel(app, size.rect.center, -1)
    assert scene.options["size"] == 10 and size.label == "Board size: 10"
    wheel(app, (size.rect.centerx, size.rect.bottom + 200), 1)  # away from it: no step
    assert scene.options["size"] == 10


def test_left_and_right_step_the_stepper_the_keyboard_is_on(app):
    """Tab to the board size, then Left steps it back and Right forward; Space still steps
    forward, and Left and Right elsewhere (on the Start button) change nothing."""
    scene = open_tournament(app)
    size = board_size(scene)
    while scene.key_focus.current(scene._focus_stops()) is not size:
        key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.options["size"] == 9 and size.label == "Board size: 9"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert scene.options["size"] == 11 and size.focused
    start = next(b for b in scene.buttons if b.label.startswith("Start"))
    while scene.key_focus.current(scene._focus_stops()) is not start:
        key(app, pygame.K_TAB)
    chosen = (dict(scene.options), scene.games_index, scene.time_index, scene.openings_index, scene.jobs)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    assert (dict(scene.options), scene.games_index, scene.time_index, scene.openings_index, scene.jobs) == chosen


def test_a_yes_or_no_option_stays_a_switch(app):
    """The swap rule, on or off, is switched by a click anywhere on it, as before."""
    scene = open_tournament(app)
    swap = scene.option_buttons[1]
    assert not isinstance(swap, Stepper)
    click(app, (swap.rect.x + 10, swap.rect.centery))
    assert scene.options["swap"] is True and swap.label == "Swap rule: Yes"


def test_the_speed_of_a_computer_game_steps_both_ways(app):
    """A PC vs PC game's Speed: its left half slower, its right half faster, as + and - do."""
    from ui.scenes.game_computer import SPEEDS

    app.open_demo("game:tictactoe:pc-pc")
    app.run_frames(2)
    scene = app.scene
    speed = scene.btn_speed
    assert isinstance(speed, Stepper) and speed.visible
    start = scene.speed
    click(app, (speed.rect.x + 6, speed.rect.centery))
    assert scene.speed == (start - 1) % len(SPEEDS)
    click(app, (speed.rect.right - 6, speed.rect.centery))
    click(app, (speed.rect.right - 6, speed.rect.centery))
    assert scene.speed == (start + 1) % len(SPEEDS)
    assert speed.label == f"Speed: {SPEEDS[scene.speed][0]}"
    key(app, pygame.K_MINUS)
    assert scene.speed == start


@pytest.mark.parametrize("language, fastest, slowest", [
    ("en", "Speed: Max already, the fastest", "Speed: Slow already, the slowest"),
    ("pt", "Velocidade: já na Máxima, a mais rápida", "Velocidade: já na Lenta, a mais lenta"),
])
def test_the_speed_stops_at_max_and_at_slow_and_says_so(app, language, fastest, slowest):
    """+ past Max went round to Slow: a teacher pressing + to go faster got the slowest.  + and
    the right half stop at Max, - and the left half at Slow, each saying so."""
    from ui.scenes.game_computer import SPEEDS, speed_labels

    with words_in(language):
        app.open_demo("game:tictactoe:pc-pc")
        app.run_frames(2)
        scene = app.scene
        speed = scene.btn_speed
        key(app, pygame.K_SPACE)  # paused: the game stays as it is while the speed changes
        for _press in SPEEDS:
            key(app, pygame.K_PLUS)
        assert scene.speed == len(SPEEDS) - 1 and speed.short == speed_labels(len(SPEEDS) - 1)[1]
        assert [m.text for m in scene.messages.items][-1:] == [fastest]
        click(app, (speed.rect.right - 6, speed.rect.centery))
        assert scene.speed == len(SPEEDS) - 1
        for _press in SPEEDS:
            key(app, pygame.K_MINUS)
        assert scene.speed == 0 and speed.short == speed_labels(0)[1]
        assert [m.text for m in scene.messages.items][-1:] == [slowest]
        scene.messages.items.clear()
        click(app, (speed.rect.x + 6, speed.rect.centery))
        assert scene.speed == 0 and [m.text for m in scene.messages.items] == [slowest]
        click(app, (speed.rect.right - 6, speed.rect.centery))
        assert scene.speed == 1  # away from the end, a step as before



@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_steppers_value_is_drawn_between_its_arrows_in_the_smallest_window(tmp_path, monkeypatch, language):
    """Every stepper of the tournament setup (each game's) and a PC vs PC game's Speed, at
    800x560: its text stays between its arrows ("Velocidade: Normal" gives way to "Normal"),
    never under them."""
    from tests.ui_helpers import make_app, recorded_text_rects

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        with words_in(language):
            screens = [TournamentScene(app, info.id) for info in games.catalog()]
            app.open_demo("game:tictactoe:pc-pc")
            app.run_frames(2)
            drawn = recorded_text_rects(monkeypatch)
            for scene in [*screens, app.scene]:
                app.switch(scene)
                app.run_frames(1)
                steppers = [b for b in scene.buttons if isinstance(b, Stepper) and b.visible]
                assert steppers
                drawn.clear()
                scene.draw(app.screen)
                for stepper in steppers:
                    inside = [(text, rect) for text, rect in drawn if stepper.rect.collidepoint(rect.center)]
                    assert inside, f"nothing drawn on the stepper {stepper.label!r}"
                    room = stepper.rect.inflate(-2 * stepper.side_room(app.scale), 0)
                    for text, rect in inside:
                        assert room.contains(rect), f"{text!r} is drawn under the arrows of {stepper.label!r}"
                    if stepper.short:
                        assert any(text in (stepper.label, stepper.short) for text, _rect in inside)
    finally:
        app.quit()


def test_the_game_is_chosen_both_ways_as_every_other_choice_is(app):
    """The game was "<" Title ">", two buttons that Left and Right did not move: the title steps
    as the other choices do, a click on its left half back and on its right half forward, the
    wheel over it, and Left and Right while the keyboard is on it."""
    scene = open_tournament(app, "tictactoe")
    ids = scene.game_ids

    def chooser() -> Stepper:  # built again with each game
        assert isinstance(scene.game_chooser, Stepper)
        return scene.game_chooser

    def shown(step: int) -> str:
        return ids[(ids.index("tictactoe") + step) % len(ids)]

    click(app, (chooser().rect.right - 10, chooser().rect.centery))
    assert scene.game_id == shown(1) and chooser().label == games.info(shown(1)).title
    click(app, (chooser().rect.x + 10, chooser().rect.centery))
    click(app, (chooser().rect.x + 10, chooser().rect.centery))
    assert scene.game_id == shown(-1)
    wheel(app, chooser().rect.center, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))  # the pointer still on it
    app.run_frames(2)
    assert scene.game_id == shown(1)
    click(app, (chooser().rect.x + 10, chooser().rect.centery))
    while scene.key_focus.current(scene._focus_stops()) is not chooser():
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.game_id == shown(2) and chooser().focused  # still on it, built again for the game
    key(app, pygame.K_LEFT)
    assert scene.game_id == shown(1)


def right_or_left(app, menu, widget_id: str, k: int) -> object:
    """The keyboard on the form's selector ``widget_id``, then Right or Left (``k``); its value then."""
    menu.select_widget(menu.get_widget(widget_id))
    app.run_frames(1)
    key(app, k)
    return app.scene.menu.get_widget(widget_id).get_value()[0][1]  # the form may be built again for a message


def test_the_forms_selectors_of_numbers_stop_at_either_end_and_names_go_round(app):
    """Settings' Volume went round from 100% to 0% with one Right (a sound's blast the other way),
    Time per move from 5 s to 0.1 s, Text size from the largest to the smallest, and New game's
    Hex board from the largest to the smallest: they stop at their ends, saying so.  The theme, a
    cycle of names, goes round as before."""
    from ui.scenes.settings_screen import SettingsScene
    from ui.scenes.setup import SetupScene
    from ui.theme import THEMES

    app.settings.volume, app.settings.theme = 1.0, list(THEMES)[-1]
    app.switch(SettingsScene(app))
    app.run_frames(2)
    assert right_or_left(app, app.scene.menu, "volume", pygame.K_RIGHT) == 1.0 and app.settings.volume == 1.0
    assert said(app)[-1:] == ["Volume: 100% already, the largest"]
    assert right_or_left(app, app.scene.menu, "volume", pygame.K_LEFT) == pytest.approx(0.9)  # a step as before
    assert right_or_left(app, app.scene.menu, "theme", pygame.K_RIGHT) == list(THEMES)[0]  # round, names
    scene = SetupScene(app, game_id="hex")
    app.switch(scene)
    app.run_frames(2)
    sizes = option_values(games.info("hex").option("size"))
    for _ in range(len(sizes)):  # Right up to the largest, as a person steps there (the form is
        # built again, from the choices the steps made, as the first message comes: Settings' went with it)
        if right_or_left(app, app.scene.menu, "opt-size", pygame.K_RIGHT) == sizes[-1]:
            break
    assert right_or_left(app, app.scene.menu, "opt-size", pygame.K_RIGHT) == sizes[-1]
    assert said(app)[-1:] == [f"Board size: {sizes[-1]} already, the largest"]
