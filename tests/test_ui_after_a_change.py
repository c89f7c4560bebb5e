"""What the panel, the status line and the messages say after a change (an Undo and Redo, a
save, a pass, the computer's reply held for its moment, Hex's swap, another game on the New game
screen): each said something stale or misleading to a club player or a newcomer."""

from __future__ import annotations

import pygame

from tests.test_ui_board_cursor import status_line
from tests.test_ui_game import reply_held
from tests.ui_helpers import click, held_messages_clock, key, recorded_text_rects, wait
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_board_side import click_or_cursor


def _card_words(scene: GameScene, monkeypatch) -> list[str]:
    """The words the side panel draws now, in order."""
    with monkeypatch.context() as patch:
        drawn = recorded_text_rects(patch)
        scene.draw(scene.app.screen)
    return [text for text, rect in drawn if scene.panel.rect.contains(rect)]


def test_undo_then_redo_shows_the_computers_search_again(app, monkeypatch):
    """Human vs PC: after Undo then Redo the thinking card said "Ready", where before the Undo it
    showed the computer's search of that very position.  The game keeps each computer move's
    search: Redo shows it again, as it was."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-3"), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(1, 1).center)  # the person's move, the computer's reply after it
    assert wait(app, lambda: len(scene.history) == 2 and scene.computer.last_search is not None, 60)
    app.run_frames(2)
    search = scene.computer.last_search
    before = _card_words(scene, monkeypatch)
    assert "Ready" not in before, before
    key(app, pygame.K_u)
    assert len(scene.history) == 0
    key(app, pygame.K_y)
    assert len(scene.history) == 2 and scene.computer.last_search is search
    assert _card_words(scene, monkeypatch) == before


def _shown_in_lane(app, scene) -> list[str]:
    """The messages drawn on a whole frame drawn now, newest first."""
    app.invalidate()
    app.run_frames(1)
    return [m.text for _rect, m in scene.messages._drawn]  # noqa: SLF001 - what was drawn


def test_a_message_read_then_replaced_by_a_newer_one_does_not_come_back(app, monkeypatch):
    """"Game saved" gave way, as it faded, to the older "... declines the draw" coming back for its
    whole time, as if that were the news.  A message read in the lane (``Messages.READ``) and then
    pushed out by a newer one is over; the newer one fades to an empty lane."""
    clock = held_messages_clock(monkeypatch)
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1), ["b2", "a1"])
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.btn_draw.rect.center)  # Player 1 offers a draw, Player 2 declines it
    assert wait(app, scene.offer_card.visible)
    click(app, next(b for b in scene.offer_card.buttons if b.label == "Decline").rect.center)
    declined = [text for text in _shown_in_lane(app, scene) if "declines the draw" in text]
    assert declined, scene.messages.items
    clock(2.5)  # read
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # saved: the newer message
    assert wait(app, lambda: any(text.startswith("Game saved") for text in _shown_in_lane(app, scene)))
    app.run_frames(2)
    [saved] = [m for m in scene.messages.current() if m.text.startswith("Game saved")]
    clock(saved.duration + 0.1)  # the newer message's time is up (6 s, longer for a long path)
    app.run_frames(2)
    assert _shown_in_lane(app, scene) == []


def test_the_status_line_does_not_say_thinking_while_the_reply_waits_for_its_moment(app, monkeypatch):
    """Human vs PC: the computer's reply is held a moment (``HUMAN_VS_PC_DELAY``) after the
    person's move, and meanwhile the line under the board said "Level 1 (O) is thinking…" over a
    move already found.  It says the move is chosen, as a watched game's pause between moves does."""
    scene = reply_held(app, monkeypatch)
    scene.messages.items.clear()  # a message would stand in the status line's place
    line = scene.board_side.status()[0]
    assert not any("thinking" in form for form in line), line
    assert line[0] == "Level 1 (O) has chosen its move", line


# Reversi 6x6 where Black, to move, has no move but a pass (tests/test_ui_board_cursor.py)
BLACK_MUST_PASS = ["c2", "d2", "e4", "d5", "e6", "f5", "f4", "d6", "e5", "f3", "c6", "b5", "c5", "b2", "e3", "e2",
                   "a1", "a2", "b4", "a4", "e1", "b6", "a5", "f6", "b3", "f1", "f2", "a6", "d1", "a3"]


def test_the_panel_says_how_to_pass_when_the_player_must(app, monkeypatch):
    """Reversi, the person with no move but a pass: the line under the board said so, while the
    panel's tip still said "Click the board or use the arrow keys".  The tip says how to pass:
    a click, or Space twice; with the cursor shown, Enter or Space."""
    scene = GameScene(app, MatchSetup("reversi", {"size": 6}, HUMAN_VS_PC, (None, "level-1"), 0.1), BLACK_MUST_PASS)
    app.switch(scene)
    app.run_frames(2)
    assert scene.state.must_pass() and scene.human_to_move()
    words = _card_words(scene, monkeypatch)
    assert not set(click_or_cursor()) & set(words), words
    assert "No move: click the board or press Space twice to pass" in words, words
    # QA (tidy8): the line under the board said "click anywhere to pass" (a click off the board
    # passes nothing) and not the Space the panel names: the two say it in the same words now
    assert status_line(scene).startswith("Black has no move: click the board or press Space twice to pass")
    key(app, pygame.K_SPACE)  # the cursor shows
    words = _card_words(scene, monkeypatch)
    assert "No move: Enter or Space passes" in words, words
    key(app, pygame.K_SPACE)  # and the pass is played, as the tip said
    assert scene.history[len(BLACK_MUST_PASS)].text == "pass"


def test_the_panel_says_pick_a_tile_while_the_trax_picker_is_open(app, monkeypatch):
    """Trax 7x7, hot-seat: a click on c4, beside the centre tile, opens the tile picker, and the
    line under the board says "Pick a tile", while the panel still said "Click the board · Up or
    Down: a cursor on the board".  The panel says to pick a tile too; Esc closes the picker and
    the panel says to click the board again."""
    scene = GameScene(app, MatchSetup("trax", {"size": 7}, HOTSEAT, (None, None), 0.1))
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.cell_rect(3, 2).center)  # c4, left of the centre tile d4: three tiles fit
    assert scene.view.picker is not None
    words = _card_words(scene, monkeypatch)
    assert not set(click_or_cursor()) & set(words), words
    assert {"Pick a tile (hover one to see its forced tiles)", "Pick a tile"} & set(words), words
    key(app, pygame.K_ESCAPE)
    assert scene.view.picker is None
    assert set(click_or_cursor()) & set(_card_words(scene, monkeypatch))


def test_no_faded_stone_stays_on_the_cell_hexs_swap_emptied(app):
    """Hex with the swap rule: Red clicks Blue's first stone, which becomes Red's on its mirror
    cell.  The pointer still on the emptied cell drew there the faded stone a click would place,
    and a user read the cell as taken.  No preview shows on the place a click just played on
    until the pointer leaves it (``BoardMouse.shown_hover``)."""
    scene = GameScene(app, MatchSetup("hex", {"size": 5, "swap": True}, HOTSEAT, (None, None), 0.1), ["c2"])
    app.switch(scene)
    app.run_frames(2)
    cell = scene.state.swap_cell()
    centre = tuple(int(v) for v in scene.view.centre(*divmod(cell, 5)))
    empty = tuple(int(v) for v in scene.view.centre(4, 4))  # e5, empty all along: the board's own colour
    click(app, centre)
    assert [ply.text for ply in scene.history] == ["c2", "swap"] and scene.state.stone_at(cell) is None
    app.invalidate()
    app.run_frames(2)
    board = app.screen.get_at(tuple(int(v) for v in scene.view.centre(0, 4)))  # e1, an empty cell's colour
    assert app.screen.get_at(centre) == board  # nothing drawn on the emptied cell

    def moved(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.run_frames(2)
        app.invalidate()
        app.run_frames(1)

    moved((centre[0] + 2, centre[1]))  # within the cell: still nothing
    assert app.screen.get_at(centre) == board
    moved(empty)  # onto another cell: its preview there
    assert app.screen.get_at(centre) == board and app.screen.get_at(empty) != board
    moved(centre)  # and back: the preview of Blue's stone on the emptied cell, asked for now
    assert app.screen.get_at(centre) != board


def test_the_side_you_play_is_remembered_per_game(app):
    """"You play" was one side number for every game: having played Rastros as North (its second
    side), the person was offered White in Reversi.  Each game keeps its own choice, as its
    options and its computer player are kept; a game not chosen for yet offers its first side."""
    from ui.scenes.setup import SetupScene

    scene = SetupScene(app, game_id="rastros")
    app.switch(scene)
    app.run_frames(2)

    def side_shown() -> int:
        return scene.menu.get_widget("human-side").get_value()[0][1]

    def pick(game_id: str) -> None:
        index = [info.id for info in scene.cards.infos].index(game_id)
        click(app, scene.cards.rects[index].center, frames=3)
        assert scene.info.id == game_id

    assert side_shown() == 0
    side = scene.menu.get_widget("human-side")
    scene.menu.select_widget(side)  # scrolled into view, as the keyboard would
    app.run_frames(2)
    rect = side.get_rect(to_real_position=True)
    click(app, (rect.right - 30, rect.centery), frames=3)  # the selector's right arrow: the second side
    assert side_shown() == 1
    pick("reversi")
    assert side_shown() == 0 and scene.build_setup().players == (None, scene._computer())  # Black, not White
    pick("rastros")
    assert side_shown() == 1 and scene.build_setup().players[1] is None


def test_an_older_settings_files_one_side_is_its_last_games():
    """A settings file written before the side was kept per game holds one side: it is taken as
    the side of the game it was last chosen for, and the file is written per game from then on."""
    from ui.scenes.setup import SetupChoices

    choices = SetupChoices.from_dict({"game_id": "rastros", "human_side": 1})
    assert choices.human_sides == {"rastros": 1} and choices.human_side == 1
    choices.game_id = "reversi"
    assert choices.human_side == 0
    again = SetupChoices.from_dict(choices.to_dict())
    assert again.human_sides == {"rastros": 1} and again.game_id == "reversi" and again.human_side == 0
