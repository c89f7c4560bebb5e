"""Long players' names on the game screen: a hot-seat friend's name as long as the New game screen
takes, and an outside engine's ("gtp:/usr/local/bin/...").  The panel's buttons keep the size
they have without names, the Resign button falling back to a whole shorter form, "Resign for
Black" (at 1280x800 every label was set two points smaller for "Resign for <the name> (Black)"), and the thinking
card's headline cuts the name rather than what follows it: the side to move, the seconds of a
search.  Headless; the game is played by clicks on the board, as a friend would."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest

from tests.ui_helpers import click, in_language, recorded_draws, wait, window_for_a_test
from ui import text as tx
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.names import NAME_LENGTH
from ui.scenes.game import GameScene

NAMES = ("Maria Esclarecida Santos", "João Pedro Albuquerque")  # as long as a name typed may be
assert all(len(name) <= NAME_LENGTH for name in NAMES)
ENGINE = "gtp:/usr/local/bin/some-long-engine-name --flag"  # the title an outside engine is offered under
BOTS = Path(__file__).parent / "data" / "outside"


def drawn_in(app, rect: pygame.Rect) -> list:
    """What the next whole frame draws inside ``rect`` (``DrawnText``s)."""
    with pytest.MonkeyPatch.context() as patch:
        drawn = recorded_draws(patch)
        app.invalidate()
        app.run_frames(1)
    return [d for d in drawn if rect.contains(d.rect)]


def friends_game(app, names: tuple[str, str], game_id: str = "reversi") -> GameScene:
    """A hot-seat game between ``names``, on the screen: Reversi's sides' names ("Black") are
    long enough that "Resign for Black" was set smaller too."""
    scene = GameScene(app, MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0, names=names))
    app.switch(scene)
    app.run_frames(2)
    return scene


def click_move(app, scene: GameScene, text: str) -> None:
    """A click on the board's cell of the move ``text`` ("f5")."""
    played = len(scene.history)
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)
    assert len(scene.history) == played + 1


@pytest.mark.parametrize("size, text_size", [((800, 600), 1.0), ((1280, 800), 1.0), ((1920, 1080), 1.0),
                                              ((1280, 800), 1.5), ((1920, 1080), 1.5)])
def test_long_names_leave_the_panels_buttons_at_their_size_and_resign_its_short_form(tmp_path, monkeypatch, size,
                                                                                  text_size):
    """At Larger text the rows of buttons share their width by what their buttons need
    (``ui.widgets.shared_rows``): "Offer draw  Ctrl+D" beside the long name's Resign had set
    them all two points smaller, at 16 for 18."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.text_size = text_size
        app.apply_settings()
        scene = friends_game(app, NAMES)
        usual = tx.small(15, scene.panel.scale)  # the panel's own (``GamePanel.layout``)
        for move in ("f5", "d6"):  # Maria's turn (Black), then João's (White)
            buttons = [b for b in scene.buttons if b.visible]
            labels = {b.label: [d for d in drawn_in(app, b.rect) if d.bold] for b in buttons}
            assert all(len(drawn) == 1 for drawn in labels.values()), labels
            sizes = {label: drawn[0].size for label, drawn in labels.items()}
            assert set(sizes.values()) == {usual}, sizes  # the names' Resign set them all smaller
            name = NAMES[scene.state.to_move]
            [resign] = labels[scene.btn_resign.label]
            said = resign.value
            assert said in scene.btn_resign.labels() and name not in said, said  # never the name cut
            for button in buttons:  # each key, beside its label or under it
                assert button.shown_hint() in [d.value for d in drawn_in(app, button.rect)], button.label
            click_move(app, scene, move)


@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"])
def test_resign_falls_back_to_the_side_alone_in_every_game(tmp_path, monkeypatch, game_id):
    """At 800x600 tic-tac-toe's Resign read "Resign for Maria … (X)", the name cut, where Reversi's
    read "Resign for Black": every game's takes the whole short form, at the panel's own size."""
    from ui import words

    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app:
        scene = friends_game(app, NAMES, game_id)
        [resign] = [d for d in drawn_in(app, scene.btn_resign.rect) if d.bold]
        assert resign.value == f"Resign for {words.side(scene.game, scene.state.to_move)}", resign.value
        assert resign.size == tx.small(15, scene.panel.scale)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_at_larger_text_the_headline_cuts_a_long_name_and_keeps_the_side_to_move(tmp_path, monkeypatch, size):
    """"Maria Esclarecida Santos to move (…" said neither whose side is to move nor that the name was
    cut: the name is cut, " to move (Black)" kept."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.text_size = 1.5
        app.apply_settings()
        scene = friends_game(app, NAMES)
        for side, move in enumerate(("f5", "d6")):
            said = [d.value for d in drawn_in(app, scene.panel.rect) if d.bold and " to move (" in d.value]
            assert len(said) == 1 and said[0].endswith(f" to move ({('Black', 'White')[side]})"), said
            assert said[0].startswith(NAMES[side][:tx.NAME_KEPT]), said
            click_move(app, scene, move)


def test_an_engines_long_name_is_cut_before_the_seconds_it_has_been_thinking(tmp_path, monkeypatch):
    """At 800x600 the thinking card read "gtp:/usr/local/bin/some-long-engine-name --fl…": how
    long the engine had been at its move was cut off with the end of its name."""
    hanging = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --hang"  # it thinks until the game is left
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app:
        scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, hanging), 30.0, titles=("", ENGINE)))
        app.switch(scene)
        assert wait(app, scene.human_to_move)  # the engine started
        click(app, scene.view.cell_rect(1, 1).center)
        assert wait(app, lambda: scene.computer.job is not None)
        said = [d.value for d in drawn_in(app, scene.panel.rect) if d.bold and "is thinking" in d.value]
        assert len(said) == 1 and said[0].startswith("gtp:/usr/") and "…" in said[0], said
        assert re.search(r" is thinking…  \d+\.\d s$", said[0]), said


@pytest.mark.parametrize("language, loading", [("en", "Loading"), ("pt", "A carregar")])
def test_an_engines_long_command_is_cut_once_while_it_loads(tmp_path, monkeypatch, language, loading):
    """An engine with no title of its own ("Outside engine" on New game, a long command) was cut
    to 28 characters for its label and again by the room where it was drawn: "Loading
    gtp:/tmp/wt-……" on the thinking card, "…/.venv/bi……" in the status line.  It is cut once,
    by the room, its one ellipsis shared with the one the words end with."""
    engine = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --startup 30 --with --many --options"
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, engine), 30.0))
        app.switch(scene)
        app.run_frames(2)
        assert scene.computer.loading() == 1
        said = [d.value for d in drawn_in(app, app.screen.get_rect()) if loading in d.value or "--options" in d.value]
        assert not [value for value in said if "……" in value], said
        card = [value for value in said if value.endswith(" s")]  # the thinking card's, with its seconds
        assert len(card) == 1 and re.match(rf"{loading} gtp:/\S+…  \d+[.,]\d s$", card[0]), card
        status = " ".join(value for value in said if not value.endswith(" s"))  # its rows, wherever the path breaks them
        assert status.endswith("--startup 30 --with --many --options…"), said  # the status line: all of it


@pytest.mark.parametrize("compiling", [True, False])
@pytest.mark.parametrize(("language", "words"), [("pt", r"A preparar( o motor)?…  \d+,\d s"),
                                                 ("en", r"Preparing( the engine)?…  \d+\.\d s")])
def test_preparing_the_engine_keeps_its_seconds_in_a_shorter_form(tmp_path, monkeypatch, compiling, language, words,
                                                                  computer_thinks_until_told):
    """At Larger text in Portuguese at 1024x768 a watched Rastros game on a fresh install read
    "A preparar o motor…  3,…" on the thinking card, its seconds cut, and at a player's set-up
    (its kernels compiled) "A preparar o motor…" with no seconds at all ("Preparing the engin…" in
    English).  Where the words with their seconds find no room, a shorter form says both
    ("A preparar…  3,2 s"), and the status line under the board says whose engine it is."""
    from ui.scenes import game_computer

    computer_thinks_until_told.quiet()  # its search waits for the kernels: no word of it yet
    with window_for_a_test(tmp_path, monkeypatch, size=(1024, 768)) as app, in_language(app, language):
        app.settings.text_size = 1.5
        app.apply_settings()
        monkeypatch.setattr(GameScene, "preparing_engine", lambda self: compiling)  # its worker compiling, or not
        monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 0.0)  # waited long enough to say so
        scene = GameScene(app, MatchSetup("rastros", {}, PC_VS_PC, ("level-3", "level-4"), 30.0))
        app.switch(scene)
        assert wait(app, lambda: computer_thinks_until_told.asked() == 1)  # its search under way, unheard
        assert scene.computer.progress is None
        if not compiling:  # its player not yet ready: set up
            monkeypatch.setattr(type(scene.computer), "thinking_since", lambda computer: None)
        drawn = drawn_in(app, app.screen.get_rect())
        said = [d.value for d in drawn if scene.panel.rect.contains(d.rect) and d.bold and "prepar" in d.value.lower()]
        assert len(said) == 1 and re.fullmatch(words, said[0]), said
        status = [d.value for d in drawn if scene.board_side.area.contains(d.rect)]
        assert any(scene.computer.preparing_words() == text for text in status), status
