"""A grid of buttons (``ui.widgets.layout_grid``) sets its labels at one size: the replay's
actions in Portuguese at 800x560 set "Copiar em GGF  Shift+G" smaller than its neighbours."""

from __future__ import annotations

import pygame
import pytest

import games
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import held_game_clock, recorded_text_rects, wait, window_for_a_test
from ui.scenes.replay import ReplayScene

REVERSI_MOVES = ["f5", "d6", "c5", "f4", "e7", "f6", "g5", "e6", "e3"]  # a whole game: Black wipes White out


def reversi_record() -> GameRecord:
    game = games.load("reversi", size=8)
    record = GameRecord.start(game, (Side(None, "ana"), Side("level-3", "rui")))
    state = record.states(game)[0]
    for move in REVERSI_MOVES:
        state = state.play(game.parse_move(state, move))
    return record.with_moves(REVERSI_MOVES)


def label_heights(app, monkeypatch, buttons) -> dict[str, int]:
    """The height of each button's label as the next frame draws it (a font's size sets it)."""
    with monkeypatch.context() as patched:
        drawn = recorded_text_rects(patched)
        app.invalidate()
        app.frame()
    heights = {}
    for button in buttons:
        if button.visible:
            [height] = [rect.height for text, rect in drawn if text in button.labels() and button.rect.contains(rect)]
            heights[button.label] = height
    return heights


@pytest.mark.parametrize("language", ["pt", "en"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 640)])
def test_the_replays_actions_share_one_text_size(tmp_path, monkeypatch, language, size):
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.language = language
        app.apply_settings()
        app.switch(ReplayScene(app, reversi_record()))
        app.run_frames(2)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
        heights = label_heights(app, monkeypatch, app.scene.actions)
        assert len(heights) >= 9 and len(set(heights.values())) == 1, heights


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_at_larger_text_the_replays_short_rows_of_actions_show_every_key(tmp_path, monkeypatch, size):
    """At 1280x800 (and 1920x1080) with Larger text, the rows of actions lowered for the move
    list, "Copy position" and "Copy as GGF" dropped their keys (Ctrl+C, Shift+G) in equal halves
    of their rows, beside "Copy moves  M" and "Analysis  A" with room to spare: each row's
    buttons now share it by what they need, every label whole with its key, all at one size."""
    from tests.test_ui_replay_rows import opened_from_saved_games, played_game
    from tests.test_ui_text_size import choose_text_size

    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        choose_text_size(app, 1.5)
        replay = opened_from_saved_games(app, played_game("reversi", clock=False))
        with monkeypatch.context() as patched:
            drawn = recorded_text_rects(patched)
            replay.draw(app.screen)
        actions = [b for b in replay.actions if b.visible]
        assert {"Copy position", "Copy as GGF"} <= {b.label for b in actions}
        for button in actions:
            inside = [text for text, rect in drawn if button.rect.contains(rect)]
            assert button.label in inside and button.shown_hint() in inside, (button.label, inside)
        heights = label_heights(app, monkeypatch, actions)
        assert len(set(heights.values())) == 1, heights


@pytest.mark.parametrize("game_id", ["hex", "reversi"])
def test_at_larger_text_in_1024x768_the_panel_says_flip_sides_not_rematch(tmp_path, monkeypatch, game_id):
    """At Larger text in a 1024x768 window the game panel's grid set its labels at 17 pixels, where
    Rematch's button read "Rematch  R" (what Rematch does, sides swapped, left to guess), rather
    than at 16, where "Flip sides  R" fits: a grid whose labels are under their usual size already
    gives a point more for a longer form (``ui.widgets.FORM_WORTH``), its keys all still shown.
    The Portuguese "Inverter lados  R" needs more there: "Desforra  R" stays."""
    from tests.test_game_endings import ILLEGAL_BOT
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.game import GameScene

    bot = tmp_path / "zeca.py"
    bot.write_text(ILLEGAL_BOT, encoding="utf-8")
    held_game_clock(monkeypatch)  # the result card kept off: it came up in a loaded machine's slow frame
    with window_for_a_test(tmp_path, monkeypatch, size=(1024, 768)) as app:
        app.settings.text_size = 1.5
        app.apply_settings()
        scene = GameScene(app, MatchSetup(game_id, {}, HUMAN_VS_PC, (str(bot), None), 1.0))
        app.switch(scene)
        assert wait(app, scene.is_over, 60)
        assert not scene.over_card.visible()  # the panel's buttons, not the card's
        with monkeypatch.context() as patched:
            drawn = recorded_text_rects(patched)
            app.invalidate()
            app.run_frames(1)
        said = [text for text, rect in drawn if scene.btn_rematch.rect.contains(rect)]
        assert said == ["Flip sides", "R"], said
        heights = label_heights(app, monkeypatch, scene.buttons)
        assert len(set(heights.values())) == 1, heights  # one size for the grid
        pygame.image.save(app.screen, str(tmp_path / "panel.png"))


@pytest.mark.parametrize(("language", "short"), [("en", "Flip sides"), ("pt", "Inverter lados")])
def test_view_board_beside_a_hex_board_at_800x600_says_rematch_in_no_words_of_the_swap(tmp_path, monkeypatch,
                                                                                       language, short):
    """After View board beside a finished Hex game in an 800x600 window, Rematch's button read
    "Swap sides  R" ("Trocar de lados  R"), as if it offered the swap rule's move ("swap",
    "trocar").  Its short form says that the sides change without those words, whole, its key
    beside it."""
    from tests.test_ui_player_names import card_text
    from tests.ui_helpers import in_language, key, make_app_of, resign_by_keys
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.game import GameScene

    app = make_app_of(tmp_path, monkeypatch, (800, 600))
    try:
        with in_language(app, language):
            scene = GameScene(app, MatchSetup("hex", {"swap": True}, HOTSEAT, (None, None), 1.0), [])
            app.switch(scene)
            app.run_frames(2)
            resign_by_keys(app)
            card_text(app, monkeypatch, scene)
            key(app, pygame.K_b)  # View board: the panel's buttons
            with monkeypatch.context() as patched:
                drawn = recorded_text_rects(patched)
                app.invalidate()
                app.run_frames(1)
        said = [text for text, rect in drawn if scene.btn_rematch.rect.contains(rect)]
        assert said == [short, "R"], said
        assert app.errors == []
    finally:
        app.quit()
