"""The window driven like a user would: menus, a whole Human vs PC game by clicks, undo, redo,
the game-over card, hot-seat, PC vs PC to the end.  Headless (SDL dummy driver)."""

from __future__ import annotations

import pygame
import pytest

from tests.game_over_helpers import result_card_at_once  # noqa: F401 - the fixture, used by name
from tests.ui_helpers import click, click_widget, count_calls, job_mover, key, recorded_text, wait
from ui import worker_client, worker_lifecycle, worker_process
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.menu import MenuScene
from ui.scenes.setup import SetupScene

REAL_WORKER_MAIN = worker_process.worker_main


def cell_center(scene: GameScene, move: int) -> tuple[int, int]:
    return scene.view.cell_rect(*divmod(move, scene.game.width)).center


def human_turn(scene: GameScene) -> bool:
    return scene.human_to_move() and scene.held is None


@pytest.mark.usefixtures("result_card_at_once")
def test_menu_to_human_vs_pc_game_played_by_clicks(app, computer_thinks_until_told):
    app.run_frames(3)
    assert isinstance(app.scene, MenuScene)
    click_widget(app, app.scene.menu, "play")
    assert isinstance(app.scene, SetupScene)
    app.scene.choices.computer["tictactoe"] = "level-1"
    app.scene.pick_game("tictactoe")
    app.scene.choices.human_side = 0
    app.scene._build_menu()
    click(app, app.scene.start_button.rect.center)  # Start sits under the form, always in view
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.setup.mode == HUMAN_VS_PC
    assert scene.setup.players == (None, "level-1")

    # first move by click, the computer answers (held until the click is read: a level-1 reply
    # came within one slow frame of a loaded machine, and the history read ['b2', 'b1'])
    click(app, cell_center(scene, 4))
    assert [p.text for p in scene.history] == ["b2"]
    computer_thinks_until_told.release()  # this reply and every later one: the level's own, at once
    assert wait(app, lambda: len(scene.history) == 2 and human_turn(scene))

    # a click on a taken square is rejected with feedback and changes nothing
    click(app, cell_center(scene, 4))
    assert len(scene.history) == 2 and scene.invalid_at is not None
    assert any("taken" in m.text for m in scene.messages.current())

    # undo goes back to the human's previous turn (two plies), redo returns
    key(app, pygame.K_u)
    assert scene.history == [] and scene.state.to_move == 0
    key(app, pygame.K_y)
    assert len(scene.history) == 2

    # play to the end: always the first legal square
    while not scene.state.is_terminal():
        assert wait(app, lambda: human_turn(scene) or scene.state.is_terminal())
        if scene.state.is_terminal():
            break
        click(app, cell_center(scene, scene.state.legal_moves()[0]))
    assert wait(app, scene.over_card.visible)
    app.run_frames(2)
    assert app.errors == []
    # rematch swaps sides: the computer now plays X and moves first
    click(app, scene.over_card.buttons[0].rect.center)
    assert scene.history == [] or scene.history[0].by_computer
    assert scene.setup.players == ("level-1", None)
    assert wait(app, lambda: len(scene.history) == 1)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.errors == []


@pytest.mark.usefixtures("result_card_at_once")
def test_hotseat_game(app):
    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1)))
    scene = app.scene
    for move in (0, 3, 1, 4, 2):  # X takes the top row
        click(app, cell_center(scene, move))
    assert scene.state.is_terminal() and scene.state.winner() == 0
    assert [p.text for p in scene.history] == ["a1", "a2", "b1", "b2", "c1"]
    key(app, pygame.K_u)  # hot-seat undo: one ply
    assert len(scene.history) == 4 and not scene.state.is_terminal()
    click(app, cell_center(scene, 2))
    assert wait(app, scene.over_card.visible)
    assert "X" in scene.state.end_reason()
    assert scene.worker is None  # nobody asked the AI anything
    assert app.errors == []


def test_pc_vs_pc_runs_to_the_end(app):
    setup = MatchSetup("tictactoe", {"width": 4, "height": 4, "k": 3}, PC_VS_PC, ("level-2", "level-3"), 0.05)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.speed = 3  # no pause between moves
    assert wait(app, lambda: scene.state.is_terminal(), 30)
    plies = len(scene.history)
    assert all(p.by_computer for p in scene.history)
    # undo in PC vs PC pauses; step plays exactly one move
    key(app, pygame.K_u)
    assert scene.paused and len(scene.history) == plies - 1
    key(app, pygame.K_s)
    assert wait(app, lambda: len(scene.history) == plies)
    assert app.errors == []


def test_thinking_is_shown_and_cancelled_by_undo(app, monkeypatch, computer_thinks_until_told):
    """The computer's search, three plies deep, is said on the thinking card ("3 moves ahead"); U takes the
    person's move back and stops it.  The turn lasts as long as the test needs
    (``computer_thinks_until_told``): a real level 5 could answer between the wait and the U."""
    computer_thinks_until_told.reporting(depth=3)
    setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HUMAN_VS_PC, (None, "level-5"), 10.0)
    app.switch(GameScene(app, setup))
    scene = app.scene
    click(app, cell_center(scene, 17))
    assert wait(app, lambda: scene.progress is not None and scene.progress.depth == 3)
    assert scene.computer_thinking()
    with monkeypatch.context() as patched:
        drawn = recorded_text(patched)
        app.invalidate()
        app.run_frames(1)
    assert any("3 moves ahead" in text for text in drawn), drawn
    key(app, pygame.K_u)  # cancels the search
    assert not scene.computer_thinking() and scene.history == []
    assert wait(app, lambda: scene.worker.busy is None)
    assert computer_thinks_until_told.ends() == ["stopped"]  # the worker's search saw the stop
    assert app.errors == []


def test_ai_error_falls_back_to_a_legal_move(app):
    setup = MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "no-such-player"), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    click(app, cell_center(scene, 4))
    assert wait(app, lambda: len(scene.history) == 2)
    assert any(m.kind == "error" for m in scene.messages.current())
    assert app.errors == []


def test_hint_is_shown(app):
    setup = MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 0.2)
    app.switch(GameScene(app, setup))
    scene = app.scene
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None)
    assert scene.hint in scene.state.legal_moves() and scene.overlay().hint == scene.hint
    click(app, cell_center(scene, scene.hint))  # playing clears it
    assert scene.hint is None and len(scene.history) >= 1
    assert app.errors == []


def _searching_until_killed(jobs, reports, stop, *_warm, **_spare) -> None:
    """A stand-in for ``ui.worker_process.worker_main``, run in the real worker process: it takes the
    move's job, reports that its search has begun, and never answers (it waits for the window's
    goodbye, ``None``), so a test's kill always finds it mid-search.  The real search (2 s) could
    answer before a starved test thread killed it, on a loaded machine."""
    job_id, job = jobs.get()
    reports.put(AIProgress(job_id, depth=1, mover=job_mover(job)))
    jobs.get()


def test_worker_crash_is_reported_and_the_game_goes_on(app, monkeypatch):
    monkeypatch.setattr(worker_lifecycle, "worker_main", _searching_until_killed)
    setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HUMAN_VS_PC, (None, "level-5"), 2.0)
    app.switch(GameScene(app, setup))
    scene = app.scene
    click(app, cell_center(scene, 17))
    assert wait(app, lambda: scene.progress is not None)
    monkeypatch.setattr(worker_lifecycle, "worker_main", REAL_WORKER_MAIN)  # the process that replaces it is real
    scene.worker.process.kill()  # the AI process dies mid-search
    # said as the death is seen, for 8 s: a loaded machine's fresh process took longer to answer
    assert wait(app, lambda: any("stopped unexpectedly" in m.text for m in scene.messages.current()))
    assert wait(app, lambda: len(scene.history) == 2)
    assert scene.worker.restarts == 1
    click(app, cell_center(scene, scene.state.legal_moves()[0]))  # the new worker answers the next move
    assert wait(app, lambda: len(scene.history) == 4)
    assert app.errors == []


def test_a_game_left_as_it_opened_ends_its_computers_worker_at_once(app, monkeypatch):
    """Back (Escape) on a game just opened, the computer to move: its worker, still starting, had
    said nothing, and held no game's work, but was given the whole grace to end by itself (which it
    cannot do before its imports are over), then terminated all the same; the tests' windows and a
    user's New game twice waited the 0.5 s for each.  It is ended at once now."""
    from tests.reap_helpers import graces_given, still_starting

    graces = graces_given(monkeypatch)
    monkeypatch.setattr(worker_lifecycle, "worker_main", still_starting)
    app.open_demo("game:reversi:pc-pc")
    scene = app.scene
    app.run_frames(2)
    process = scene.worker.process
    assert scene.computer.thinking()  # its first move asked of the worker
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert graces == [0.0]
    assert worker_lifecycle.wait_for_closed_workers(60) and process.exitcode is not None
    assert app.errors == []


def test_closing_the_window_while_the_computer_thinks(app, monkeypatch):
    """The window closes with the computer thinking: its worker has ended when the quit returns,
    within its grace, nothing terminated or killed in a hurry (``hurry_closed_workers``)."""
    hurried = count_calls(monkeypatch, worker_lifecycle, "hurry_closed_workers")
    setup = MatchSetup("tictactoe", {"width": 7, "height": 6, "k": 4}, HUMAN_VS_PC, (None, "level-5"), 30.0)
    app.switch(GameScene(app, setup))
    scene = app.scene
    click(app, cell_center(scene, 17))
    assert wait(app, lambda: scene.progress is not None)
    process = scene.worker.process
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running and not process.is_alive()
    assert hurried == [0]
    assert app.errors == []


def test_closing_the_window_ends_a_worker_still_within_its_grace(app, monkeypatch, tmp_path):
    """The window's quit waited 5 s for the closed workers, then returned: a worker still running
    (its grace longer than that, or a loaded machine) was left behind the window, with the
    outside bot it played.  Those still there when the wait runs out are now terminated, then
    killed.  Here the worker never reads its jobs (``still_starting``) and its grace is 10 minutes."""
    import ui.app as app_module
    from tests.reap_helpers import still_starting

    monkeypatch.setattr(worker_lifecycle, "worker_main", still_starting)
    monkeypatch.setattr(worker_client, "STOP_GRACE", 600.0)  # an outside player's worker is given the grace
    monkeypatch.setattr(app_module, "CLOSED_WORKERS_WAIT", 0.1)  # the wait runs out while the grace lasts
    bot = tmp_path / "bot.py"
    bot.write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(bot), None), 5.0)))  # X, the bot, first
    scene = app.scene
    app.run_frames(2)
    process = scene.worker.process
    assert scene.worker.close_grace() == 600.0 and process.is_alive()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running
    assert not process.is_alive(), "the quit left the worker running"
    assert process.exitcode in (-15, -9)
    assert app.errors == []


@pytest.mark.parametrize("close", [
    pygame.event.Event(pygame.WINDOWCLOSE),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, unicode="", scancode=0),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="\x11", scancode=20),
])
def test_closing_the_window_on_a_form_quits_the_app_not_the_process(app, close, monkeypatch):
    """pygame-menu answers these events on its forms (the main menu, New game, Settings) with
    ``os._exit(1)``: the app ended with status 1 and nothing saved.  Ctrl+Q, the desktops' Quit,
    did nothing at all."""
    import ui.settings as settings_mod

    saved = []
    monkeypatch.setattr(settings_mod, "save_later", saved.append)
    monkeypatch.setattr(app, "remember_size", True)
    app.show_menu()
    app.run_frames(2)
    assert app.scene.menu is not None  # a pygame-menu form has the events
    pygame.event.post(close)
    app.frame()
    assert not app.running and saved == [app.settings]
    assert app.errors == []


def test_ctrl_q_in_a_game_quits_and_the_game_is_kept_to_continue(app):
    """Ctrl+Q, the desktops' Quit, did nothing; Q alone (no shortcut) and Ctrl+Shift+Q still do not
    quit."""
    from ui.autosave import SHELF

    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0)))
    scene = app.scene
    click(app, cell_center(scene, 4))
    assert len(scene.history) == 1
    key(app, pygame.K_q)
    key(app, pygame.K_q, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert app.running
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    assert not app.running
    kept = [record for _, record in SHELF.unfinished()[0] if record.moves == ["b2"]]
    assert kept
    assert app.errors == []


def test_the_keys_page_says_how_to_quit():
    from ui import i18n
    from ui.scenes.rules import KEYS_PAGE, rules_source

    try:
        for language in ("en", "pt"):
            i18n.set_language(language)
            assert "Ctrl+Q" in rules_source(KEYS_PAGE) and "Alt+F4" in rules_source(KEYS_PAGE)
    finally:
        i18n.set_language("en")


def test_resigning_takes_the_hint_off_the_board(app):
    setup = MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-1"), 0.2)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.hint = scene.state.legal_moves()[0]
    scene.resign()
    assert scene.is_over() and scene.hint is None and scene.overlay().hint is None


def test_step_while_browsing_shows_the_game_it_plays_on(app):
    """S played the waiting move on the game while an earlier position stayed on the board."""
    setup = MatchSetup("reversi", {}, PC_VS_PC, ("level-1", "level-1"), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.speed = 3  # Max: its first two moves with no pause between them (Step plays one however paced)
    assert wait(app, lambda: len(scene.history) >= 2, 30)
    scene.browse(1)  # the next reply waits for the player to be back at the game
    assert wait(app, lambda: scene.held is not None, 30)
    plies = len(scene.history)
    scene.toggle_pause()
    scene.step()
    assert len(scene.history) == plies + 1 and scene.browsing is None


def test_step_from_an_earlier_position_shows_the_move_it_plays(app):
    """With no reply in yet, S while looking back started the search, but its move waited unseen
    until the player went back to the game by hand."""
    setup = MatchSetup("reversi", {}, PC_VS_PC, ("level-1", "level-1"), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.speed = 3  # Max: its first two moves with no pause between them (Step plays one however paced)
    assert wait(app, lambda: len(scene.history) >= 2, 30)
    scene.toggle_pause()
    assert wait(app, lambda: scene.job is None, 30)
    if scene.held is not None:  # a reply came in as Pause was pressed: played, to start from none
        scene.step()
    plies = len(scene.history)
    scene.browse(1)
    scene.step()
    assert wait(app, lambda: len(scene.history) == plies + 1, 30)
    assert scene.browsing is None and scene.shown_plies() == plies + 1


def test_step_pressed_while_the_computer_thinks_plays_the_move_it_finds(app):
    """Paused while a search was under way, S did nothing: the reply then waited for a second S."""
    setup = MatchSetup("reversi", {}, PC_VS_PC, ("level-3", "level-3"), 0.3)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.speed = 3
    assert wait(app, scene.computer.thinking, 60)
    plies = len(scene.history)
    scene.toggle_pause()
    scene.step()  # the same frame: the search is still under way
    assert wait(app, lambda: len(scene.history) == plies + 1, 30)
    app.run_frames(5)
    assert scene.paused and len(scene.history) == plies + 1 and scene.held is None and not scene.computer.thinking()


@pytest.mark.parametrize("size", [(801, 1400), (1000, 1000)])
def test_the_main_menu_stands_in_the_middle_of_a_tall_window(app, size):
    """In a window taller than the menu needs (a portrait screen, a tiling desktop's half) the
    title, the buttons and the games' pictures kept to the top, over an empty half of the window:
    they move down together, as much room above the title as below the pictures, the buttons
    still between them; a window of the usual shape keeps them where they were."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    scene = app.scene
    assert isinstance(scene, MenuScene) and scene.show_cards
    cards_bottom = max(r.bottom for r in scene.cards.rects)
    assert abs((size[1] - cards_bottom) - scene.title_y) <= 1
    buttons = [w.get_rect(to_real_position=True) for w in scene.menu.get_widgets()]
    assert scene.title_y < min(b.top for b in buttons) and max(b.bottom for b in buttons) < min(r.top for r in scene.cards.rects)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    app.run_frames(2)
    assert app.scene.title_y == int(800 * 0.09)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    click(app, app.scene.menu.get_widgets()[0].get_rect(to_real_position=True).center)  # Play, where it is drawn
    assert isinstance(app.scene, SetupScene)


@pytest.mark.parametrize("size", [(1280, 800), (1264, 736), (1366, 768), (1920, 1080), (800, 560)])
def test_the_main_menu_never_scrolls_when_the_mouse_is_on_a_button(app, size):
    """At 1280x800 (the usual window, and full screen on such a screen) the pointer on Watch or
    Tournament gave the buttons a scroll bar on each side: they were a few pixels too tall for
    the room left over the pictures, which only the chosen button's highlight showed."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    menu = app.scene.menu
    for widget in (w for w in menu.get_widgets() if w.is_selectable):  # a row's frame: its buttons are tried
        pos = widget.get_rect(to_real_position=True).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(2)
        assert menu.get_selected_widget() is widget
        area = menu.get_scrollarea()
        assert area.get_world_size()[1] <= area.get_view_rect().height, (size, widget.get_title())
        assert area.get_world_size()[0] <= area.get_view_rect().width, (size, widget.get_title())


def test_a_watched_reply_waiting_for_the_speeds_pause_is_not_said_to_be_thinking(app):
    """At Slow the status line said "is thinking…" for over a second after the search had ended
    (the spinner off, the panel on the last search): the move is chosen, only not yet shown."""
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    scene.speed = 0  # Slow: 1.5 s between moves
    assert wait(app, lambda: scene.held is not None and len(scene.history) >= 1, 30)
    line = scene.board_side._prompt()
    assert "thinking" not in line and "chosen" in line and not scene.computer_thinking()


def test_the_rules_and_the_search_tree_keep_the_computers_worker_for_the_return(app):
    """Back from the rules or the search tree, a watched game waited seconds for a new worker
    process to start and load its engine; the worker now waits for the return, and ends when the
    window goes elsewhere from there (or closes)."""
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-2", "level-2"), 0.1)
    app.switch(GameScene(app, setup))
    scene = app.scene
    worker = scene.computer.ensure_worker()
    scene.open_tree()
    app.run_frames(2)
    assert app.scene is not scene and scene.computer.job is None
    app.scene.on_back()
    app.run_frames(2)
    assert app.scene is scene and scene.computer.worker is worker and worker.process.is_alive()
    plies = len(scene.history)
    assert wait(app, lambda: len(scene.history) > plies, 30)
    key(app, pygame.K_F1)
    assert app.scene is not scene and scene.computer.worker is worker
    app.show_menu()  # from the rules elsewhere: the game is left, its worker ends
    assert scene.computer.worker is None and not app.switch_watchers


def test_analysis_back_from_the_rules_goes_on_in_its_own_worker(app):
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-2", "level-2"), 0.1)
    app.switch(GameScene(app, setup, ["b2", "a1"]))  # taken up again: paused
    scene = app.scene
    scene.toggle_analysis()
    assert wait(app, lambda: scene.analysis.worker is not None and scene.analysis.running(), 30)
    worker = scene.analysis.worker
    job = scene.analysis.job
    scene.show_rules()
    app.run_frames(2)
    assert scene.analysis.held()  # no work while the rules are read: its job waits for the return
    app.scene.on_back()
    app.run_frames(2)
    assert not scene.analysis.held() and scene.analysis.worker is worker
    assert scene.analysis.job in (job, None)  # the same job goes on (or has ended meanwhile), none asked again


def test_a_window_closed_on_the_rules_ends_the_games_workers(app):
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-2", "level-2"), 0.1)
    app.switch(GameScene(app, setup, ["b2", "a1"]))
    scene = app.scene
    scene.computer.ensure_worker()
    scene.toggle_analysis()
    assert wait(app, lambda: scene.analysis.worker is not None, 30)
    scene.show_rules()
    app.quit()
    assert scene.computer.worker is None and scene.analysis.worker is None


def _hotseat_to_the_result(app, scene: GameScene) -> None:
    """X takes the top row by clicks; the result card shows."""
    for move in (0, 3, 1, 4, 2):
        click(app, cell_center(scene, move))
    assert wait(app, scene.over_card.visible)
    app.run_frames(2)


def test_the_button_that_closed_the_result_card_is_not_drawn_hovered_on_the_next_result(app):
    """New game clicked on one result (its screen, then Enter: the same game again), the next
    game's card drew it outlined as under the pointer, though the pointer was on the board: two
    buttons looked chosen, the filled Rematch and it."""
    app.switch(GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.1)))
    scene = app.scene
    _hotseat_to_the_result(app, scene)
    click(app, scene.over_card.buttons[1].rect.center)
    assert isinstance(app.scene, SetupScene)
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.history == []
    _hotseat_to_the_result(app, scene)
    new_game, menu = scene.over_card.buttons[1], scene.over_card.buttons[2]
    border = (new_game.rect.centerx, new_game.rect.top)
    assert app.screen.get_at(border) == app.screen.get_at((menu.rect.centerx, menu.rect.top))


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_thinking_sides_spinner_keeps_clear_of_its_score(app, monkeypatch, size, computer_thinks_until_told):
    """Reversi against the computer at 1280x800: while it thought, its card's spinner stood on
    the last letters of "8 discs" (the ring was kept clear of the score, not its dots).  The
    score now ends short of the spinner's dots, at every window size.  The computer thinks until
    the test has drawn its frame (``computer_thinks_until_told``)."""
    from tests.ui_helpers import recorded_text_rects
    from ui.scenes import panel_cards
    from ui.widgets import spinner_reach

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.run_frames(2)
    moves = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c5", "c6", "b5"]  # past the book
    app.start_game(MatchSetup("reversi", {}, HUMAN_VS_PC, ("level-5", None), 10.0), moves)
    scene = app.scene
    assert wait(app, lambda: scene.computer_thinking() and scene.progress is not None)
    spun: list[tuple[tuple[int, int], int]] = []
    draw_spinner = panel_cards.spinner
    monkeypatch.setattr(panel_cards, "spinner", lambda surface, centre, radius, colour: (
        spun.append((centre, radius)), draw_spinner(surface, centre, radius, colour)))
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    black_card = scene.panel.player_cards[0]
    (centre, radius), = [(c, r) for c, r in spun if black_card.collidepoint(c)]
    ring = pygame.Rect(0, 0, 2 * spinner_reach(radius), 2 * spinner_reach(radius))
    ring.center = centre
    on_card = [(text, rect) for text, rect in drawn if black_card.contains(rect)]
    assert any(text == "discs" for text, _rect in on_card), on_card
    assert not [text for text, rect in on_card if rect.colliderect(ring)], (ring, on_card)
    key(app, pygame.K_u)  # the search cancelled
