"""New game's game cards picture each game under its options as chosen on the form
(``GameCards.options``): Reversi set to 6x6 still showed an 8x8 board on its card, and so did
Hex's, tic-tac-toe's and Rastros' cards for their sizes; Trax's shows the tiles laid (not its
board's bounds), its centre tile as chosen."""

from __future__ import annotations

import json

import pygame
import pytest

import games
from tests.test_ui_setup import config, open_app, setup_screen  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import click, down_to_widget, key, recorded_draws, same_as_a_whole_frame
from ui.match import HOTSEAT
from ui.scenes.common import FADED, thumbnail
from ui.scenes.setup import SetupScene


def picture(app, scene, game_id: str) -> bytes:
    """The pixels of ``game_id``'s card as the window shows it."""
    index = [info.id for info in scene.cards.infos].index(game_id)
    return pygame.image.tobytes(app.screen.subsurface(scene.cards.rects[index]), "RGB")


@pytest.mark.parametrize("game_id, option, step, chosen", [
    ("reversi", "size", pygame.K_LEFT, 6),
    ("hex", "size", pygame.K_LEFT, 10),
    ("tictactoe", "width", pygame.K_RIGHT, 4),
    ("tictactoe", "height", pygame.K_RIGHT, 4),
    ("rastros", "size", pygame.K_LEFT, 7),
    ("trax", "centre", pygame.K_RIGHT, "dlld"),  # its picture is the tiles laid, not the bounds: the first tile
])
def test_the_chosen_games_card_shows_the_board_chosen(config, tmp_path, game_id, option, step, chosen):  # noqa: F811
    with setup_screen(game_id) as (app, scene):
        before = picture(app, scene, game_id)
        scene.menu.select_widget(scene.menu.get_widget(f"opt-{option}"))
        app.run_frames(2)
        key(app, step)
        assert scene._options()[option] == chosen
        assert dict(scene.cards.drawn[game_id])[option] == chosen
        assert picture(app, scene, game_id) != before
        assert same_as_a_whole_frame(app, tmp_path)  # the card drawn again, not only the form
        pygame.image.save(app.screen, str(tmp_path / f"{game_id}-{option}.png"))


def test_the_other_cards_keep_their_last_chosen_options(config):  # noqa: F811
    """Reversi left at 6x6 for Hex: its card still shows 6x6, on the main menu's cards too."""
    with setup_screen("reversi") as (app, scene):
        scene.choices.options["reversi"]["size"] = 6
        scene.pick_game("hex")
        app.invalidate()
        app.run_frames(2)
        assert scene.cards.drawn["reversi"] == (("size", 6),)
        app.show_menu()
        app.run_frames(2)
        assert app.scene.cards.drawn["reversi"] == (("size", 6),)


def test_the_main_menus_card_shows_the_board_last_chosen_on_new_game(app):
    """A newcomer clicks tic-tac-toe's card on the main menu, makes the board 5x5 on New game
    (whose card draws 5x5) and goes back with Esc: the menu's card drew the usual 3x3 still."""
    menu = app.scene
    usual = picture(app, menu, "tictactoe")
    click(app, menu.cards.rects[[info.id for info in menu.cards.infos].index("tictactoe")].center)
    form = app.scene
    for option in ("width", "height"):
        down_to_widget(app, form.menu, f"opt-{option}")
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
    assert (form._options()["width"], form._options()["height"]) == (5, 5)
    key(app, pygame.K_ESCAPE)
    assert app.scene is not form
    app.run_frames(2)
    assert dict(app.scene.cards.drawn["tictactoe"])["width"] == 5 == dict(app.scene.cards.drawn["tictactoe"])["height"]
    assert picture(app, app.scene, "tictactoe") != usual


def words_on_the_card(app, scene, monkeypatch, game_id: str) -> str:
    """The words drawn over ``game_id``'s card's picture in a frame drawn whole, as one line."""
    with monkeypatch.context() as patched:
        drawn = recorded_draws(patched)
        app.invalidate()
        app.run_frames(1)
    picture = scene.cards.picture_rects[game_id]
    return " ".join(text.value for text in drawn if picture.contains(text.rect))


def board_drawn(app, scene, game_id: str) -> pygame.Rect:
    """The bounds of what ``game_id``'s card's picture draws (its board), in the picture."""
    side = scene.cards.picture_rects[game_id].width
    return thumbnail(game_id, app.theme.name, side, side, scene.cards.drawn[game_id]).get_bounding_rect()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_options_that_make_no_game_show_their_board_under_why_not(config, monkeypatch, size):  # noqa: F811
    """9 in a row on a 7x4 board, kept from an edited settings file (no form offers it; New game
    shows it and Start refuses it): the cards drew the usual 3x3 board, a game the player had not
    chosen.  The main menu's card and New game's, opened by a click on it, show the 7x4 board
    under words that say so (New game's, Start's words for it); 7 in a row chosen with the keys,
    the 7x4 board alone."""
    folder = config / "config"
    folder.mkdir(parents=True, exist_ok=True)
    chosen = {"game_id": "tictactoe", "mode": HOTSEAT, "options": {"tictactoe": {"width": 7, "height": 4, "k": 9}}}
    (folder / "settings.json").write_text(json.dumps({"setup_choices": chosen}), encoding="utf-8")
    app = open_app(size)
    try:
        why = "In a row to win: 9 in a row cannot fit on 7x4; choose 3 to 7"
        menu = app.scene  # its small pictures say the gist where the reason does not fit
        assert words_on_the_card(app, menu, monkeypatch, "tictactoe") in (why, "Options do not fit")
        click(app, menu.cards.rects[[info.id for info in menu.cards.infos].index("tictactoe")].center)
        scene = app.scene
        assert isinstance(scene, SetupScene) and scene._options() == {"width": 7, "height": 4, "k": 9}
        assert words_on_the_card(app, scene, monkeypatch, "tictactoe") == why
        board = board_drawn(app, scene, "tictactoe")
        assert board.width > 1.5 * board.height, board  # 7x4, not the usual 3x3's square
        click(app, scene.start_button.rect.center)
        assert app.scene is scene and app.messages.items[-1].text == why  # Start refuses it in those words
        down_to_widget(app, scene.menu, "opt-k")
        key(app, pygame.K_LEFT)
        assert scene._options() == {"width": 7, "height": 4, "k": 7}
        assert words_on_the_card(app, scene, monkeypatch, "tictactoe") == ""
        assert board_drawn(app, scene, "tictactoe") == board  # the board the game will have
    finally:
        app.quit()


@pytest.mark.parametrize("kept, why, drawn", [
    ({"size": 7}, "Board size: 7 is not valid; choose 6, 8 or 10", (("size", 7),)),  # no board: its outline
    ({"size": 6, "older": True}, "", (("size", 6),)),  # an older version's option, which the form drops
])
def test_reversis_card_says_what_new_game_makes_of_options_kept_from_a_settings_file(config, monkeypatch, kept, why,  # noqa: F811
                                                                                      drawn):
    """A board size Reversi has not is said on its card as Start says it, over no board (the usual
    8x8 was drawn); an option an older version kept beside the size is left out, as the form leaves
    it once Reversi is chosen, and the card shows the 6x6 board chosen (it drew the usual 8x8)."""
    with setup_screen("hex") as (app, scene):
        scene.choices.options["reversi"] = dict(kept)  # Reversi's card beside Hex's, chosen
        assert words_on_the_card(app, scene, monkeypatch, "reversi") == why
        assert scene.cards.drawn["reversi"] == drawn
        side = scene.cards.picture_rects["reversi"].width
        image = thumbnail("reversi", app.theme.name, side, side, drawn)
        colours = {tuple(image.get_at((x, y))) for x in range(0, side, 2) for y in range(0, side, 2)}
        if why:  # no board: the picture's outline (its fill, its border, the corners round it), faded
            assert image.get_alpha() == FADED and len(colours) <= 3, colours
        else:  # the 6x6 board: its felt, lines and discs
            assert image.get_alpha() != FADED and len(colours) > 3, colours


@pytest.mark.parametrize("size", [(800, 560), (1024, 640), (1280, 800)])
@pytest.mark.parametrize("game_id", games.available_ids())
def test_the_chosen_cards_picture_stands_whole_above_its_title_band(config, game_id, size):  # noqa: F811
    """At 800x560 the chosen card's picture ran down to the band its title is on, and a board's
    bottom line (tic-tac-toe's, 3x3 and 15x15) met the band's edge and could not be seen: the
    picture is in its card, a margin above the band, and its last rows are the picture's."""
    with setup_screen(game_id, size) as (app, scene):
        index = [info.id for info in scene.cards.infos].index(game_id)
        card_rect, band, picture_rect = scene.cards.rects[index], scene.cards.band, scene.cards.picture_rects[game_id]
        assert band is not None and card_rect.contains(band)
        assert card_rect.contains(picture_rect)
        margin = band.top - picture_rect.bottom
        assert margin >= scene.cards.picture_margin(app.scale) >= 3, (picture_rect, band)
        # between the picture and the band, the card (not the band's colour) shows
        gap_colour = tuple(app.screen.get_at((band.centerx, band.top - 1)))[:3]
        assert gap_colour != tuple(app.theme.accent)[:3]


@pytest.mark.parametrize("side", range(96, 120))
def test_the_trax_card_shows_its_tile_and_the_cells_round_it_at_every_size(side):
    """At 99, 105 and 111 pixels Trax's three cells of a third of the picture with their far line
    did not fit, and the card showed the tile in a corner with two cells beside it, the rest empty."""
    from ui.scenes.common import thumbnail

    pygame.init()
    drawn = thumbnail("trax", "dark", side, side, ()).get_bounding_rect()
    assert drawn.width >= side - 3 and drawn.height >= side - 3, drawn
