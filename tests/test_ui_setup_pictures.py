"""New game's game cards picture each game under its options as chosen on the form
(``GameCards.options``): Reversi set to 6x6 still showed an 8x8 board on its card, and so did
Hex's, tic-tac-toe's and Rastros' cards for their sizes; Trax's shows the tiles laid (not its
board's bounds), its centre tile as chosen."""

from __future__ import annotations

import pygame
import pytest

import games
from tests.test_ui_setup import config, setup_screen  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import click, down_to_widget, key, same_as_a_whole_frame


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
