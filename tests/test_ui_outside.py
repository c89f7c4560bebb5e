"""Outside players in the window: offered in the setup screen's selectors for the games they play,
and losing by forfeit (over the time limit, an illegal answer) with the reason on the game-over card.

Bots: tests/data/outside/ (README.md there): ``rastros_alunos.py`` (course Rastros players, which
play Rastros only), ``sleeper.py`` (never answers), ``illegal.py`` (always answers a1).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pygame
import pytest

from games.record import GameRecord
from tests.game_over_helpers import card_at_once
from tests.outside_bots import bot_faulting_at, hold_until, set_up_held_until
from tests.ui_helpers import (
    autosaves_written,
    click,
    clocks_lit,
    computer_words,
    held_messages_clock,
    in_language,
    key,
    recorded_text_rects,
    wait,
    window_for_a_test,
    words_in,
)
from ui import outside_players, words
from ui.i18n import _
from ui.match import HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.game_over import result_lines, result_title, result_words
from ui.scenes.setup import SetupScene

BOTS = Path(__file__).parent / "data" / "outside"


@pytest.fixture(autouse=True)
def _result_card_at_once(monkeypatch):
    """Each game's result card up as soon as it ends: these tests read what it and the panel say,
    none when it comes (tests/test_ui_end_keys.py does)."""
    card_at_once(monkeypatch)


@pytest.fixture
def app(tmp_path, monkeypatch):
    outside_players.OFFERS.clear()
    with window_for_a_test(tmp_path, monkeypatch) as app:
        yield app


def selector_ids(scene: SetupScene, widget_id: str) -> dict[str, str]:
    """{player id: title} offered by a selector of the setup menu."""
    return {item[1]: item[0] for item in scene.menu.get_widget(widget_id).get_items()}


def frames_while(app, condition, seconds: float) -> int:
    """Run frames until ``condition()`` holds; how many frames ran (the window kept drawing)."""
    count = [0]

    def counted() -> bool:
        count[0] += 1
        return condition()

    assert wait(app, counted, seconds)
    return count[0]


def test_remembered_outside_player_is_offered_for_its_game_only(app):
    pid = f"{BOTS / 'rastros_alunos.py'}:jogador42"
    app.settings.outside_players = [pid]
    scene = SetupScene(app, game_id="rastros")
    app.switch(scene)
    assert pid not in selector_ids(scene, "computer")  # checked in the background, not yet known
    frames = frames_while(app, lambda: pid in selector_ids(scene, "computer"), 60)
    assert frames > 1  # the menu was rebuilt by a later frame: loading did not block the window
    assert selector_ids(scene, "computer")[pid] == "Aluno 42 (rastros_alunos)"  # as the tables name it
    items = list(selector_ids(scene, "computer"))
    assert items[0] == "level-1" and items[-1] == pid  # after the built-in players
    scene.pick_game("tictactoe")
    assert wait(app, lambda: not outside_players.OFFERS.pending("tictactoe", scene._options()))
    app.run_frames(2)
    assert pid not in selector_ids(scene, "computer")
    scene.pick_game("rastros")  # cached: offered again at once
    assert pid in selector_ids(scene, "computer")
    scene.build_setup()
    assert app.errors == []


def test_outside_player_added_from_the_setup_screen_is_remembered(app):
    scene = SetupScene(app, game_id="rastros")
    app.switch(scene)
    scene._set_entry(f"{BOTS / 'rastros_alunos.py'}:teimoso")
    scene._add_outside()
    pid = f"{BOTS / 'rastros_alunos.py'}:teimoso"
    assert wait(app, lambda: pid in selector_ids(scene, "computer"))
    assert pid in app.settings.outside_players
    assert scene.build_setup().players[1 - scene.build_setup().human_side()] == pid  # now the opponent


def test_sleeping_bot_forfeits_on_time_and_the_card_says_why(app):
    sleeper = str(BOTS / "sleeper.py")
    setup = MatchSetup("tictactoe", {}, HUMAN_VS_PC, (sleeper, None), 0.1)
    scene = GameScene(app, setup)
    app.switch(scene)
    frames = frames_while(app, lambda: scene.forfeit is not None, 60)
    assert frames > 10  # the window went on drawing while the bot slept
    side, why = scene.forfeit
    assert side == 0 and "exceeded the time limit" in why
    assert scene.history == []  # no random move was played on its behalf
    assert scene.is_over() and scene.winner() == 1 and not scene.human_to_move()
    assert wait(app, scene.over_card.visible)
    assert result_title(scene) == "You win!"
    reason = result_lines(scene)[0]
    assert reason.startswith("X forfeits: sleeper exceeded the time limit")  # named by its stem, as added
    # where it was stopped; no set-up hint: its first move never ends (tests/test_outside.py has one with)
    assert "; it was running sleeper.py line 7 (in choose); log: " in reason and "set-up" not in reason
    # the card and the panel cut the reason before it (two lines each): a message says it whole
    assert any(m.text.startswith("sleeper was stopped: it was running sleeper.py line 7 (in choose)")
               for m in scene.messages.current()), scene.messages.current()
    record = GameRecord.loads(scene.recorder.record.dumps())
    assert record.result is not None and record.result.winner == 1 and record.result.reason == reason
    scene.rematch()  # the next game on this screen clears the forfeit
    assert scene.forfeit is None and not scene.is_over()
    assert app.errors == []


def test_illegal_answer_forfeits_instead_of_a_random_move(app):
    setup = MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(BOTS / "illegal.py")), 1.0)
    scene = GameScene(app, setup)
    app.switch(scene)
    assert wait(app, scene.human_to_move)  # once the bot is loaded
    click(app, scene.view.cell_rect(0, 0).center)  # a1: the bot answers a1 again
    assert [p.text for p in scene.history] == ["a1"]
    assert wait(app, lambda: scene.forfeit is not None)
    assert scene.forfeit[0] == 1 and "illegal move" in scene.forfeit[1]
    assert len(scene.history) == 1
    assert "O forfeits: illegal played" in scene.end_reason()
    assert app.errors == []


def forfeited_at_its_second_move(app, bot: Path) -> GameScene:
    """A Tic-tac-toe game of ``bot`` (X) against the player, who clicks a reply to its first move:
    the game screen once the bot has forfeited at its second, its result card up."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(bot), None), 2.0))
    app.switch(scene)
    assert wait(app, lambda: len(scene.history) == 1)
    click(app, scene.view.cell_rect(*divmod(scene.state.legal_moves()[-1], 3)).center)  # the human's move
    assert wait(app, lambda: scene.forfeit is not None)
    assert wait(app, scene.over_card.visible)
    return scene


def test_a_crash_card_says_at_which_move_the_bot_crashed(app, tmp_path):
    """The card said "crashed: ZeroDivisionError ... (at bot.py line 6)" and not at which move:
    the bot (X) crashes at its 2nd move, the game's 3rd (the move list's row "2." it was said as)."""
    # not bot.py, which the tables (and so the window) name by its folder, as a student's
    bot = bot_faulting_at(tmp_path, 2, "raise AssertionError('second move')", name="faulty.py")
    scene = forfeited_at_its_second_move(app, bot)
    assert len(scene.history) == 2
    assert result_lines(scene)[0].startswith("X forfeits: faulty crashed at move 3: AssertionError: second move")
    assert app.errors == []


def test_a_huge_answers_card_says_it_was_too_large_in_portuguese(app, tmp_path):
    """The bot (X) answers its 2nd move with 100 MB: the card says so in the window's language.
    Every forfeit card names its log, and an illegal answer's reason followed by it matched no
    pattern: "its answer was too large" (and "choose returned None ...") stayed in English."""
    scene = forfeited_at_its_second_move(app, bot_faulting_at(tmp_path, 2, "return 'x' * (100 * 2**20)"))
    assert "at move 3: its answer was too large (100 MB) to be a move" in result_lines(scene)[0]
    with in_language(app, "pt"):
        said = result_lines(scene)[0]
    assert "na jogada 3: a sua resposta era demasiado grande (100 MB) para ser uma jogada" in said, said
    assert app.errors == []


def test_a_function_named_in_the_entry_is_found_and_a_title_gives_the_players_name(tmp_path):
    """Named as the tournament's tables name them (``entry_title``): a function by its file, a course
    ``Jogador`` by its name and its file."""
    bot = tmp_path / "meu.py"
    bot.write_text("def aleatorio(game, state):\n    return state.legal_moves()[0]\n")
    assert outside_players.discover("tictactoe", f"{bot}:aleatorio", {}) == [(f"{bot}:aleatorio", "meu")]
    alunos = BOTS / "rastros_alunos.py"
    assert outside_players.discover("rastros", f"{alunos}:Teimoso", {}) == [(f"{alunos}:teimoso", "Teimoso (rastros_alunos)")]


def test_the_game_names_an_outside_player_by_the_title_the_new_game_screen_offered(app):
    """The selector said "AlwaysFirst (illegal.py)" while the game's card, its forfeit reason and
    the results tally said the id, "illegal.py:AlwaysFirst"."""
    pid = f"{BOTS / 'illegal.py'}:AlwaysFirst"
    app.settings.outside_players = [pid]
    setup_scene = SetupScene(app, game_id="tictactoe")
    app.switch(setup_scene)
    assert wait(app, lambda: pid in selector_ids(setup_scene, "computer"))
    offered = selector_ids(setup_scene, "computer")[pid]
    assert offered == "illegal:AlwaysFirst"  # as the tournament's tables name it
    setup_scene.choices.computer["tictactoe"] = pid
    setup_scene.choices.human_side = 0
    setup = setup_scene.build_setup()
    assert setup.player_label(1) == offered and setup.swapped().player_label(0) == offered
    assert MatchSetup.from_dict(setup.to_dict()).player_label(1) == offered  # kept with a saved game
    scene = GameScene(app, setup)
    app.switch(scene)
    assert wait(app, scene.human_to_move)  # once the bot is loaded
    click(app, scene.view.cell_rect(0, 0).center)
    assert wait(app, lambda: scene.forfeit is not None)
    assert scene.end_reason().startswith(f"O forfeits: {offered} played an illegal move")
    autosaves_written()  # the game counted on the writer's thread,
    app.run_frames(1)  # its results taken by the next frame
    lines = result_lines(scene)
    assert any(offered in line for line in lines[1:]), lines  # "You against AlwaysFirst (illegal.py): ..."
    assert not any("illegal.py:" in line for line in lines)
    assert app.errors == []


def test_a_slow_file_is_told_what_the_window_offers_not_a_command_line_option():
    """The window said "... or load the file with --definitions-only": an option of the command
    line, which the window has no choice for."""
    from ui import words

    for where in ("; it was running a.py line 9", ""):
        slow = (f"loading took longer than the load time limit (15 s){where}. Files often play a demo match or a "
                "championship when imported: put those calls under `if __name__ == \"__main__\":`, or load the file "
                "with --definitions-only; log: /t/a.log")
        for said in (words.load_problem("a.py: " + slow), words.forfeit_reason("could not be started: " + slow)):
            assert "--definitions-only" not in said and "`if __name__ == \"__main__\":`" in said
            assert "add the file again" in said and said.endswith("; log: /t/a.log")


def test_a_gtp_engine_is_offered_for_the_game_it_was_added_in_only(app):
    """A tic-tac-toe engine added once was offered in every game (Rastros too), where it forfeited
    every game; an engine remembered before its games were kept is still offered everywhere."""
    import sys

    engine = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'}"
    old = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --swap"
    app.settings.outside_players = [old]
    scene = SetupScene(app, game_id="tictactoe")
    app.switch(scene)
    scene._set_entry(engine)
    scene._add_outside()
    assert wait(app, lambda: engine in selector_ids(scene, "computer"))
    assert app.settings.outside_players == [old, engine] and app.settings.outside_games == {engine: ["tictactoe"]}
    assert wait(app, lambda: old in selector_ids(scene, "computer"))
    scene.pick_game("rastros")
    assert wait(app, lambda: old in selector_ids(scene, "computer"))
    app.run_frames(2)
    assert engine not in selector_ids(scene, "computer")
    assert outside_players.remembered(app, "rastros") == [old]
    outside_players.remember(app, [engine], "hex")  # added again in another game: offered there too
    assert app.settings.outside_games == {engine: ["tictactoe", "hex"]}
    assert outside_players.remembered(app, "hex") == [old, engine]
    assert app.errors == []


def test_a_forfeit_card_does_not_end_on_log_without_its_path(app, monkeypatch):
    """A forfeit's reason cut on two lines ended "...process stopped; log:" and its path was
    nowhere: the card leaves the log out when it does not fit, or gives the path's start on the
    row after "log:" (a reason now wraps on up to four rows), and a message gives the whole path."""
    import pygame

    from tests.ui_helpers import recorded_text

    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    app.run_frames(2)
    path = "/tmp/tabuleiro-outside-logs/a-rather-long-folder-name/varios.py-crasher-1234567.log"
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0))
    app.switch(scene)
    app.run_frames(2)
    scene._lose_by_forfeit(1, f"exceeded the time limit (1.52 s > 1.00 s); process stopped; log: {path}")
    assert wait(app, scene.over_card.visible)
    drawn = recorded_text(monkeypatch)
    app.dirty = True
    app.run_frames(1)
    assert any("exceeded the time limit" in line for line in drawn)
    ends_on_log = [at for at, line in enumerate(drawn) if line.rstrip(" …").endswith("log:")]
    assert all(drawn[at + 1:at + 2] and path.startswith(drawn[at + 1].rstrip("…")) for at in ends_on_log), drawn
    assert any(path in m.text for m in scene.messages.current())  # the whole path, said once
    assert path in result_lines(scene)[0]  # the record keeps the whole reason
    assert app.errors == []


def test_a_crashed_engines_last_words_are_said_in_a_message(app):
    """A GTP engine's crash showed "(engine ended, exit status 1; s…" on the card and the panel, cut
    before its error: the student never saw why it ended without opening its log."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0))
    app.switch(scene)
    app.run_frames(2)
    said = "IndexError: list index out of range (at meubot.py line 61)"
    scene._lose_by_forfeit(1, f"crashed at move 2 (engine ended, exit status 1; stderr: {said}); log: /tmp/b.log")
    assert wait(app, scene.over_card.visible)
    shown = [m.text for m in scene.messages.current()]
    assert any(text.endswith(f"ended, its last words: {said}") for text in shown), shown
    assert any(text.endswith("/tmp/b.log") for text in shown)
    assert app.errors == []


def test_where_a_bot_was_stopped_is_said_again_whole_in_the_new_language(app):
    """A message said before the language switch came out half translated: "sleeper foi parado: it
    was running sleeper.py line 7 (in choose)", the reason in it left in English."""
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0))
    app.switch(scene)
    app.run_frames(2)
    scene._lose_by_forfeit(1, "exceeded the time limit (1.52 s > 1.00 s); process stopped; it was running "
                              "sleeper.py line 7 (in choose); log: /tmp/s.log")
    app.run_frames(2)
    with in_language(app, "pt"):
        app.run_frames(2)
        shown = [m.text for m in scene.messages.current()]
        with words_in("pt"):
            player = scene.setup.player_label(1)
        assert f"{player} foi parado: estava a executar sleeper.py, linha 7 (em choose)" in shown, shown
        assert f"Registo de {player}: /tmp/s.log" in shown, shown
    app.run_frames(2)
    assert "Level 1 was stopped: it was running sleeper.py line 7 (in choose)" in [
        m.text for m in scene.messages.current()]


def test_the_loading_message_does_not_cover_the_add_this_player_button(app):
    """At 800 x 560 in Portuguese the "A carregar /tmp/…/carrega_lento.py…" pill was drawn over
    the "Juntar este jogador" button."""
    import pygame


    with words_in("pt"):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
        app.run_frames(2)
        scene = SetupScene(app, game_id="tictactoe")
        app.switch(scene)
        app.run_frames(2)
        button = scene.menu.get_widget("add-outside")
        scene.menu.select_widget(button)  # chosen and in view, as when it was pressed after typing the file
        scene.menu.get_scrollarea().scroll_to_rect(button.get_rect())
        app.dirty = True
        app.run_frames(2)
        rect = button.get_rect(to_real_position=True).clip(app.screen.get_rect())
        assert rect.width > 20 and rect.height > 10
        app.dirty = True
        app.run_frames(1)
        before = pygame.image.tostring(app.screen.subsurface(rect), "RGB")
        app.messages.add("A carregar /tmp/pytest-of-user/pytest-12/test_lento0/carrega_lento.py…", duration=30.0)
        app.dirty = True
        app.run_frames(2)
        shown = scene.menu.get_widget("add-outside").get_rect(to_real_position=True)  # the form may end above the message now
        assert shown.size == rect.size and app.screen.get_rect().contains(shown)
        assert pygame.image.tostring(app.screen.subsurface(shown), "RGB") == before
        assert app.errors == []


def test_a_remembered_bot_broken_since_is_said_before_any_move_and_not_counted(app, tmp_path):
    """A bot chosen when it loaded, then edited (a SyntaxError), was loaded at its first turn: the
    human moved, then "O forfeits: ... could not be loaded" and the game counted as won against it.
    Now the game does not start: a card says why before any move, Try again plays once it is fixed,
    and nothing is counted."""
    import pygame

    from tests.ui_helpers import key
    from ui.tally import TALLY, Score

    bot = tmp_path / "edited.py"
    bot.write_text((BOTS / "simple_contract.py").read_text())
    pid = f"{bot}:choose"
    app.settings.outside_players = [pid]
    setup_scene = SetupScene(app, game_id="tictactoe")
    app.switch(setup_scene)
    assert wait(app, lambda: pid in selector_ids(setup_scene, "computer"))  # it loaded when checked
    setup_scene.choices.computer["tictactoe"] = pid
    setup_scene.choices.human_side = 0
    bot.write_text((BOTS / "edited_broken.py").read_text())  # the student edits it
    key(app, pygame.K_RETURN)  # Start game
    scene = app.scene
    assert isinstance(scene, GameScene)
    click(app, scene.view.cell_rect(0, 0).center)  # a click while it loads plays nothing
    assert wait(app, lambda: scene.start_card.visible() or scene.forfeit is not None)
    assert scene.history == [] and scene.forfeit is None and not scene.is_over() and not scene.human_to_move()
    assert scene.start_card.headline() == "The game cannot start"
    [line] = scene.start_card.lines()
    assert "edited.py" in line and "could not be loaded: SyntaxError" in line and "(at edited.py line 5)" in line
    assert any(m.text.startswith("Log of ") for m in scene.messages.current())
    click(app, scene.view.cell_rect(1, 1).center)
    assert scene.history == []  # the board takes no move
    autosaves_written()
    app.run_frames(1)
    assert TALLY.of("tictactoe", pid) == Score() and TALLY.games() == 0
    assert scene.recorder.record.result is None

    bot.write_text((BOTS / "simple_contract.py").read_text())  # fixed: Try again (R) starts the game
    key(app, pygame.K_r)
    assert wait(app, scene.human_to_move)
    assert not scene.start_card.visible() and not any(m.text.startswith("Log of ") for m in scene.messages.current())
    click(app, scene.view.cell_rect(0, 0).center)
    assert wait(app, lambda: len(scene.history) == 2)  # the human's move, then the bot's
    assert scene.forfeit is None
    assert app.errors == []


def test_a_watched_game_with_a_bot_that_cannot_be_loaded_does_not_start(app):
    """PC vs PC: the card says which player could not be loaded; Enter goes back to the Watch screen."""
    import pygame

    from tests.ui_helpers import key
    from ui.match import PC_VS_PC

    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", str(BOTS / "edited_broken.py")), 0.1)
    scene = GameScene(app, setup)
    app.switch(scene)
    assert wait(app, lambda: scene.start_card.visible() or scene.is_over())
    assert scene.history == [] and scene.computer.unloadable[0] == 1
    assert "could not be loaded: SyntaxError" in scene.start_card.lines()[0]
    key(app, pygame.K_RETURN)  # Back to the setup
    assert isinstance(app.scene, SetupScene) and app.scene.watch
    assert app.errors == []


def test_a_bot_broken_after_it_forfeited_is_said_before_the_next_game(app, tmp_path):
    """A bot whose process a forfeit stopped is loaded again for the next game: broken since, it
    was said at its first turn of New game ("could not be started"), now before the game starts."""
    import pygame

    from tests.ui_helpers import key

    bot = tmp_path / "quitter.py"
    bot.write_text((BOTS / "exiter.py").read_text())
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(bot), None), 2.0))
    app.switch(scene)
    assert wait(app, lambda: scene.forfeit is not None)  # its process ended at its first move
    assert "crashed" in scene.forfeit[1]
    bot.write_text((BOTS / "edited_broken.py").read_text())
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_r)  # Rematch: the next game on this screen
    assert wait(app, lambda: scene.start_card.visible() or scene.forfeit is not None)
    assert scene.forfeit is None and scene.start_card.visible()
    assert "could not be loaded: SyntaxError" in scene.start_card.lines()[0]
    assert app.errors == []


def test_the_bots_log_notice_goes_away_on_rematch(app):
    """After a game where a bot's log was named ("Log of raiser: ..."), Rematch started the next
    game with that notice still on screen."""
    import pygame

    from tests.ui_helpers import key

    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(BOTS / "raiser.py"), None), 2.0))
    app.switch(scene)
    assert wait(app, lambda: scene.forfeit is not None)
    assert any(m.text.startswith("Log of raiser: ") for m in scene.messages.current())
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_r)  # Rematch
    assert scene.forfeit is None and scene.setup.players == (None, str(BOTS / "raiser.py"))
    assert not any(m.text.startswith("Log of ") for m in scene.messages.current())
    assert app.errors == []



def _gated_bot_game(app, tmp_path, contract: str):
    """A Tic-tac-toe game against ``gated.py:choose`` (the bot ``contract`` of tests/data/outside),
    whose load waits until the test touches the returned gate file."""
    gate = tmp_path / "gate"
    bot = tmp_path / "gated.py"
    bot.write_text(f"import pathlib, time\nwhile not pathlib.Path({str(gate)!r}).exists():\n    time.sleep(0.01)\n"
                   + (BOTS / contract).read_text())
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, f"{bot}:choose"), 5.0))
    app.switch(scene)
    return scene, gate

def test_while_a_bot_loads_the_humans_card_does_not_say_to_move(app, tmp_path, monkeypatch):
    """While the bot's file loads ("Loading gated…" in the status line) the human's card said
    "to move", though the board takes no move yet; it says so once the game can go on."""
    from tests.ui_helpers import recorded_text

    scene, gate = _gated_bot_game(app, tmp_path, "simple_contract.py")
    drawn = recorded_text(monkeypatch)
    app.run_frames(3)
    assert scene.computer.loading() == 1 and "to move" not in drawn
    drawn.clear()
    gate.touch()
    assert wait(app, scene.human_to_move)
    app.run_frames(2)
    assert "to move" in drawn


def test_a_bot_named_with_its_choose_function_is_called_by_its_file_while_it_loads_or_fails(app, tmp_path, monkeypatch):
    """A bot remembered by its function ("…/gated.py:choose") was "Loading gated.py:choose…" in
    the status line and "gated.py:choose" on its card: the function's name is no part of the
    player's label.  Loading, it is named by its file's stem, "gated", as the game names a file
    that reports no name of its own (``found_title``); when it cannot start, the load's
    start card and the status line name it so too."""
    from tests.ui_helpers import recorded_text

    scene, gate = _gated_bot_game(app, tmp_path, "edited_broken.py")  # then fails to load
    drawn = recorded_text(monkeypatch)
    app.run_frames(3)
    assert scene.computer.loading() == 1
    assert any(t.startswith("Loading gated…") for t in drawn) and "gated" in drawn  # the status and the card
    named = [t for t in drawn if "gated" in t]
    gate.touch()
    assert wait(app, scene.start_card.visible)
    drawn.clear()
    scene.invalidate()
    app.run_frames(2)
    assert any(t.startswith("gated could not be loaded: SyntaxError") for t in drawn)  # the start card
    said = [m.text for m in scene.messages.current()] + [scene.held_up()]  # and the status line's text
    assert "The game cannot start: gated could not be loaded" in said
    named += [t for t in drawn + said if "gated" in t]
    assert not [t for t in named if ":choose" in t]


def test_a_file_added_from_new_game_that_reports_no_name_is_called_by_its_stem_everywhere(app, tmp_path, monkeypatch):
    """A bot added as "aluno.py" was offered as "aluno (aluno.py)" and named "aluno.py" where its
    title was not at hand (a game continued, its scores, the saved game): it reports no name of its
    own, so it is "aluno" everywhere, and a file whose player says its name keeps it ("Aluno 42
    (rastros_alunos.py)", test_remembered_outside_player_is_offered_for_its_game_only)."""
    from tests.ui_helpers import recorded_text

    bot = tmp_path / "aluno.py"
    bot.write_text((BOTS / "simple_contract.py").read_text())
    pid = f"{bot}:choose"
    setup_scene = SetupScene(app, game_id="tictactoe")
    app.switch(setup_scene)
    setup_scene._set_entry(str(bot))
    setup_scene._add_outside()
    assert wait(app, lambda: pid in selector_ids(setup_scene, "computer"))
    assert selector_ids(setup_scene, "computer")[pid] == "aluno"
    assert any(m.text == "Added aluno" for m in app.messages.items)
    setup_scene.choices.human_side = 0
    setup = setup_scene.build_setup()
    assert setup.players[1] == pid and setup.player_label(1, translated=False) == "aluno"  # the record's name
    assert MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, pid), 1.0).player_label(1) == "aluno"  # unchecked: the same
    drawn = recorded_text(monkeypatch)
    scene = GameScene(app, setup)
    app.switch(scene)
    assert wait(app, scene.human_to_move)
    app.run_frames(2)
    assert "aluno" in drawn  # the player's card
    assert not [t for t in drawn if "aluno.py" in t or "aluno (" in t]
    assert app.errors == []


def test_a_gtp_engine_printing_debugging_text_loses_in_the_window_saying_so_in_portuguese(app, tmp_path):
    """A student's engine with a printf left on standard output: the card said it "played an illegal
    move 'hinking...'", in English in a Portuguese window (no pattern of ui/words.py knew it)."""
    import json
    import sys

    from ui import i18n

    config = tmp_path / "chatty.json"
    config.write_text(json.dumps({"command": [sys.executable, str(BOTS / "gtp_engine.py"), "--chatty"]}))
    app.settings.language = "pt"
    app.apply_settings()
    try:
        scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(config), None), 1.0))
        app.switch(scene)
        assert wait(app, lambda: scene.forfeit is not None, 60)
        assert scene.history == [] and scene.winner() == 1
        assert wait(app, scene.over_card.visible, 5)
        reason = result_lines(scene)[0]
    finally:
        i18n.set_language("en")
    assert ("respondeu a 'genmove b' na jogada 1 com 'thinking... 9 cells free', que não é uma resposta GTP: escreva o texto "
            "de depuração na saída de erros; registo: ") in reason, reason
    assert app.errors == []


def test_a_gtp_engine_that_refuses_the_board_cannot_start_the_game_saying_which_in_portuguese(app):
    """An engine of 3x3 alone, given a 5x4 Tic-tac-toe, was told nothing of the board and lost in
    the middle of the game by a move no one understood; now the game does not start, its card
    naming the board the engine refused, in the window's language."""
    import sys

    from tests.ui_helpers import in_language

    engine = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --square 3"
    with in_language(app, "pt"):
        scene = GameScene(app, MatchSetup("tictactoe", {"width": 5, "height": 4}, HUMAN_VS_PC, (engine, None), 1.0))
        app.switch(scene)
        assert wait(app, lambda: scene.start_card.visible() or scene.is_over(), 60)
        said = scene.start_card.lines()[0]
    assert scene.history == [] and scene.computer.unloadable[0] == 0
    assert said.endswith("não pôde ser carregado: recusou jogar width=5, height=4, k=3 ('boardsize 5 4': "
                         "unacceptable size)"), said
    assert app.errors == []


def test_a_crashed_engines_error_is_said_where_it_came_from_in_portuguese(app, tmp_path):
    """A Python GTP engine that crashed with an IndexError: the Portuguese window's card and its
    message ended "(at gtp_engine.py line 61)", our words for where the error came from, in
    English; they are the window's language now, and the engine's own error as it wrote it."""
    import sys

    import pygame

    from tests.ui_helpers import in_language

    engine = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --crash"
    line = (BOTS / "gtp_engine.py").read_text().splitlines().index(
        "            cells[len(cells)]  # the student's off-by-one: IndexError") + 1
    with in_language(app, "pt"):
        scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (engine, None), 1.0))
        app.switch(scene)
        assert wait(app, scene.is_over, 60)
        assert wait(app, scene.over_card.visible)
        shown = [m.text for m in scene.messages.current()]
        card = " ".join(scene.over_card.lines())
        app.dirty = True
        app.run_frames(2)
        pygame.image.save(app.screen, str(tmp_path / "crashed-engine-pt.png"))
    where = f"IndexError: list index out of range (em gtp_engine.py, linha {line})"
    assert any(text.endswith(f"as suas últimas palavras: {where}") for text in shown), shown
    assert "(at gtp_engine.py" not in card and "(at gtp_engine.py" not in " ".join(shown), (card, shown)
    assert app.errors == []


def test_add_this_player_pressed_with_the_field_empty_says_what_to_type_there(app):
    """A newcomer clicking New game's "Juntar este jogador" before typing anything saw nothing
    happen, not a word.  Now a message says what the field takes, in her language, and the
    field is chosen, ready for it."""
    from tests.ui_helpers import click_widget
    from ui import words
    from ui.i18n import _

    with words_in("pt"):
        scene = SetupScene(app, game_id="alquerque")
        app.switch(scene)
        app.run_frames(2)
        button = scene.menu.get_widget("add-outside")
        scene.menu.get_scrollarea().scroll_to_rect(button.get_rect())
        app.run_frames(1)
        click_widget(app, scene.menu, "add-outside")
        said = [m.text for m in app.messages.items]
        assert _(words.NOTHING_TO_ADD) in said and "ficheiro" in _(words.NOTHING_TO_ADD)
        assert scene.menu.get_selected_widget().get_id() == "outside-entry"
        assert scene.adding is None and app.errors == []



def type_and_add(app, scene, typed: str) -> None:
    """New game's "Add this player" as a player does it: a click in the field, ``typed`` typed
    there, a click on the button, each scrolled into view first."""
    from tests.ui_helpers import click_widget, type_text

    for widget_id in ("outside-entry", "add-outside"):
        scene.menu.get_scrollarea().scroll_to_rect(scene.menu.get_widget(widget_id).get_rect())
        app.run_frames(1)
        click_widget(app, scene.menu, widget_id)
        if widget_id == "outside-entry":
            type_text(app, typed)

def test_the_loading_message_goes_when_the_player_is_added(app, tmp_path):
    """Watch's New game: a student typed her file and clicked "Add this player"; "Added mybot"
    came under "Loading /tmp/x/mybot.py…", which stayed on screen its whole time, as if the file
    were still loading.  The loading message goes as the load ends."""

    bot = tmp_path / "mybot.py"
    bot.write_text((BOTS / "simple_contract.py").read_text())
    scene = SetupScene(app, watch=True, game_id="tictactoe")
    app.switch(scene)
    app.run_frames(2)
    type_and_add(app, scene, str(bot))
    assert wait(app, lambda: any(m.text == "Added mybot" for m in app.messages.current()))
    shown = [m.text for m in app.messages.current()]
    assert not [text for text in shown if text.startswith("Loading")], shown
    assert app.errors == []


def test_a_slow_load_says_loading_until_it_ends_and_a_second_press_says_so_again(app, tmp_path, monkeypatch):
    """A GTP engine that takes its time to start (up to a minute before the form gives up on it):
    "Loading gtp:…" went after the lane's 3.5 s and the form showed nothing of the load going on;
    "Add this player" pressed again then did nothing, without a word.  The message stays until the
    load ends, and a press meanwhile says it again, the newest message."""
    import threading

    from tests.ui_helpers import click_widget, held_messages_clock

    gate = threading.Event()
    discover = outside_players.discover
    monkeypatch.setattr(outside_players, "discover", lambda *args, **kw: gate.wait(60) and discover(*args, **kw))
    skip = held_messages_clock(monkeypatch)
    bot = tmp_path / "mybot.py"
    bot.write_text((BOTS / "simple_contract.py").read_text())
    scene = SetupScene(app, watch=True, game_id="tictactoe")
    app.switch(scene)
    app.run_frames(2)
    loading = f"Loading {bot}…"

    def shown() -> list[str]:
        return [m.text for m in app.messages.current()]

    type_and_add(app, scene, str(bot))
    assert shown()[-1] == loading
    skip(30.0)
    app.run_frames(2)
    assert loading in shown(), shown()
    app.messages.add("Something else")
    click_widget(app, scene.menu, "add-outside")  # pressed again while it loads
    assert shown()[-1] == loading and shown().count(loading) == 1, shown()
    gate.set()
    assert wait(app, lambda: "Added mybot" in shown())
    assert loading not in shown(), shown()
    assert app.errors == []


def _click_a_free_cell(app, scene: GameScene) -> None:
    click(app, scene.view.cell_rect(*divmod(scene.state.legal_moves()[0], 3)).center)


def _worker_killed(app, scene: GameScene, record: Path) -> None:
    """The computer's worker process dies between its moves (a crash) and is replaced; the person moves."""
    worker = scene.computer.worker
    worker.process.kill()
    assert wait(app, lambda: worker.restarts == 1)
    _click_a_free_cell(app, scene)


def _engine_stopped_by_a_pause(app, scene: GameScene, record: Path) -> None:
    """The person moves, pauses while the engine thinks (Ctrl+P: the stop ends the engine, a GTP
    search having no other way to stop) and goes on (Ctrl+P)."""
    _click_a_free_cell(app, scene)
    assert wait(app, lambda: record.read_text().count("genmove") == 2)  # its second search, which hangs
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert scene.paused and scene.computer.job is None
    key(app, pygame.K_p, pygame.KMOD_CTRL)


def _engine_held_in_its_set_up(app, tmp_path: Path, replaced) -> tuple[GameScene, Path]:
    """A clocked game against a GTP engine after its first move, the engine then ``replaced``
    and its new set-up held until the file returned (``hold``) is gone: the game's screen and that file."""
    hold, record = tmp_path / "hold", tmp_path / "commands.txt"
    engine = f"gtp:{sys.executable} {BOTS / 'gtp_engine.py'} --record {record} --hold {hold} --hang --from 2"
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, engine), 1.0, clock="1m+0s"))
    app.switch(scene)
    assert wait(app, scene.human_to_move)  # the engine started and set up before the game: no clock ran
    click(app, scene.view.cell_rect(1, 1).center)
    assert wait(app, lambda: len(scene.history) == 2)  # its first move
    hold.touch()  # from now on its set-up lasts until the file is gone
    replaced(app, scene, record)
    assert wait(app, lambda: record.read_text().count("boardsize") == 2)  # the new engine's set-up, held
    return scene, hold


@pytest.mark.parametrize("language, preparing, thinking", [
    ("en", "Preparing {player}'s engine…", "is thinking…"),
    ("pt", "{player}: a preparar o motor…", "está a pensar…"),
])
def test_an_engine_set_up_again_is_said_as_its_set_up_not_its_thinking(app, tmp_path, monkeypatch, language,
                                                                         preparing, thinking):
    """While its clock stands still for an engine's set-up (started again after a Pause ended it)
    the window said "O is thinking… 3.9 s".  Past ``SET_UP_SAID_AFTER`` it says the set-up, on the
    status line and the thinking card; a shorter set-up is said as before (no flash of words)."""
    from ui.scenes import game_computer

    with in_language(app, language):
        scene, hold = _engine_held_in_its_set_up(app, tmp_path, _engine_stopped_by_a_pause)
        parts = [part for part in preparing.split("{player}") if part]  # its name, a long command, is cut to fit

        def said(text: str) -> bool:
            return all(part in text for part in parts)

        monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 3600.0)  # a set-up not yet long
        app.run_frames(2)
        words = computer_words(scene, monkeypatch)
        assert not any(map(said, words)) and any(thinking in text for text in words), words
        monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 0.0)  # ... and long enough to be said
        app.run_frames(2)
        words = computer_words(scene, monkeypatch)
        assert said(words[0]) and any(map(said, words[1:])), words
        assert not any(thinking in text for text in words), words
        hold.unlink()
        assert wait(app, lambda: len(scene.history) == 4)  # ready, it thought and moved


@pytest.mark.parametrize("language, preparing", [("en", ("Preparing", "engine…")), ("pt", ("preparar o motor…",))])
@pytest.mark.parametrize("text_size", [1.0, 1.5])
def test_an_engines_set_up_is_said_before_its_long_command_at_800x600(tmp_path, monkeypatch, language, preparing,
                                                                        text_size):
    """At Larger text in Portuguese at 800x600 the thinking card said "gtp:/tmp/wt-panel9/…." for
    "{player}: a preparar o motor…", and at any text size the status line's two rows were the
    command's, cut before the words: the words come first, the command in the room they leave.
    The card says them whole, or, where their seconds would be cut, "Preparing…" with them (look5:
    at Larger text "A preparar o motor…" lost its seconds); the status line says them."""
    from ui.scenes import game_computer

    outside_players.OFFERS.clear()  # the engine known by its command alone, as after a restart
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        app.settings.text_size = text_size
        app.apply_settings()
        scene, hold = _engine_held_in_its_set_up(app, tmp_path, _engine_stopped_by_a_pause)
        monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 0.0)  # the set-up said at once
        app.run_frames(2)
        drawn = recorded_text_rects(monkeypatch)
        scene.draw(app.screen)
        card = [text for text, rect in drawn if scene.panel.rect.contains(rect)]
        status = [text for text, rect in drawn if scene.board_side.area.contains(rect)]
        shorter = [text for text in card if text.startswith(_("Preparing…")) and text.endswith(" s")]
        for said in (card, status):
            assert any(all(part in text for part in preparing) for text in said) or (said is card and shorter), said
            assert not [text for text in said if "……" in text], said  # cut once ("A preparar o motor……")
        hold.unlink()
        assert wait(app, lambda: len(scene.history) == 4)  # ready, it thought and moved


def test_a_clock_standing_still_for_an_engines_set_up_is_not_lit(app, tmp_path, monkeypatch):
    """While an engine is set up again inside its move (its Pause ended it), the card says
    "Preparing O's engine…" and its clock stands still (``AIReady``), yet the clock was drawn lit,
    in the accent, as a running clock is: it read as ticking.  It is lit again once the engine
    thinks on it."""
    from ui.scenes import game_computer

    scene, hold = _engine_held_in_its_set_up(app, tmp_path, _engine_stopped_by_a_pause)
    monkeypatch.setattr(game_computer, "SET_UP_SAID_AFTER", 0.0)  # the set-up said at once
    app.run_frames(2)
    assert scene.computer.setting_up() and not scene.referee.running
    assert clocks_lit(app, monkeypatch) == [False, False]
    hold.unlink()
    assert wait(app, lambda: scene.referee.running or len(scene.history) == 4)
    lit = clocks_lit(app, monkeypatch)  # its clock lit as it thinks on it; the person's once it moved
    assert lit == ([False, True] if len(scene.history) == 3 else [True, False]), (lit, len(scene.history))
    assert wait(app, lambda: len(scene.history) == 4)


@pytest.mark.parametrize("replaced", [_worker_killed, _engine_stopped_by_a_pause])
def test_a_clocked_engine_started_anew_is_not_charged_its_set_up(app, tmp_path, replaced):
    """A clocked game whose computer's worker is replaced (a crash) or whose engine a stop ended (a
    person's Pause) starts and sets the engine up again inside its next move: that set-up, seconds
    for an engine that loads what the board needs, ran on its clock.  The clock stands still until
    the engine is ready to think (``ui.ai_worker.AIReady``), and runs from then."""
    scene, hold = _engine_held_in_its_set_up(app, tmp_path, replaced)
    before = scene.clock_left(1)
    time.sleep(0.2)
    app.run_frames(3)
    assert scene.computer_thinking() and scene.clock_left(1) == before and not scene.referee.running
    hold.unlink()
    assert wait(app, lambda: len(scene.history) == 4)  # it thought, and moved
    assert scene.forfeit is None and scene.clock_readings()[-1][1] < before  # its thinking was charged
    assert app.errors == []


CLASS_BOT = """\
class Buggy:
    def __init__(self, game):
        pass

    def choose(self, state):
        return state.legal_moves()[0]
"""


def test_a_class_of_a_file_has_one_name_in_new_game_its_game_its_save_and_the_tournaments_tables(app, tmp_path):
    """buggy.py's class Buggy was "Buggy (buggy.py)" on New game, in its game and in its saved game,
    "buggy:Buggy" in the tournament's tables and "buggy" in the withdraw line: named by one rule
    everywhere (``entry_title``), and an older saved game's "Buggy (buggy.py)" reads back so too."""
    from ai.commands.tournament import probe_outside_players
    from ai.player_names import display_names
    from games.record_parts import Side
    from ui import record_files
    from ui.autosave_setup import setup_dict_for_record
    from ui.data_folders import games_dir
    from ui.scenes.tournament import TournamentScene

    bot = tmp_path / "buggy.py"
    bot.write_text(CLASS_BOT)
    pid = f"{bot}:Buggy"
    tables = display_names([pid], probe_outside_players("tictactoe", [pid], {}, {}, {})[0])[pid]
    assert tables == "buggy:Buggy"  # the command line's tables
    app.settings.outside_players = [pid]
    setup_scene = SetupScene(app, game_id="tictactoe")
    app.switch(setup_scene)
    assert wait(app, lambda: pid in selector_ids(setup_scene, "computer"))
    assert selector_ids(setup_scene, "computer")[pid] == tables  # New game
    setup_scene.choices.computer["tictactoe"] = pid
    setup_scene.choices.human_side = 0
    scene = GameScene(app, setup_scene.build_setup())
    app.switch(scene)
    assert wait(app, scene.human_to_move)
    click(app, scene.view.cell_rect(2, 2).center)
    assert wait(app, lambda: len(scene.history) == 2)
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # Save
    saved = record_files.load(max(games_dir().glob("*.json"), key=lambda p: p.stat().st_mtime))
    assert saved.players[1] == Side(pid, tables)  # its saved game
    assert MatchSetup.from_dict(setup_dict_for_record(saved)).player_label(1) == tables  # the game played on from it
    tournament = TournamentScene(app, "tictactoe")
    tournament.outside["tictactoe"] = outside_players.discover("tictactoe", pid, {})
    assert dict(tournament.players())[pid] == tables  # the window's tables
    old = json.loads(saved.dumps())
    old["players"][1]["title"] = old["setup"]["titles"][1] = "Buggy (buggy.py)"  # as an older version saved it
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    again = record_files.load(path)
    assert again.players[1].title == tables and MatchSetup.from_dict(setup_dict_for_record(again)).player_label(1) == tables
    assert app.errors == []


def watched_forfeit_on_time_at_move_1(app) -> GameScene:
    """A watched game (PC vs PC) whose first mover, a bot that never answers, forfeits on time
    before any move; its result card up."""
    from ui.match import PC_VS_PC

    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, (str(BOTS / "sleeper.py"), "level-1"), 0.1))
    app.switch(scene)
    assert wait(app, lambda: scene.forfeit is not None)
    assert wait(app, scene.over_card.visible)
    return scene


def test_a_watched_bots_forfeit_on_time_is_said_whole_on_the_card_at_1024x768(tmp_path, monkeypatch):
    """The card over the board cut the reason on two rows ("...limit 0.1 s + 0.5 s grac…"), the
    panel too: only the replay's panel said it whole.  The card, where one looks first, says it
    whole (its log's path is in a message of its own), in English and in Portuguese."""
    from tests.ui_helpers import recorded_text
    from ui import words

    outside_players.OFFERS.clear()
    with window_for_a_test(tmp_path, monkeypatch, size=(1024, 768)) as app:
        scene = watched_forfeit_on_time_at_move_1(app)  # one game: its English reason said in each language
        for code in ("en", "pt"):
            with in_language(app, code):
                assert not scene.over_card.over_panel()  # on the board, where two rows cut it
                drawn = recorded_text(monkeypatch)
                app.dirty = True
                app.run_frames(1)
                said = words.without_log(words.end_reason(scene.end_reason()))
                assert "0.5 s" in said or "0,5 s" in said
                assert said in " ".join(drawn), drawn
        assert app.errors == []


def watched_reversi_forfeit_on_time_at_move_2(app) -> GameScene:
    """A watched Reversi game whose second mover, a bot that never answers, forfeits on time at
    move 2; its result card up."""
    from ui.match import PC_VS_PC

    scene = GameScene(app, MatchSetup("reversi", {}, PC_VS_PC, ("level-1", str(BOTS / "sleeper.py")), 0.1))
    app.switch(scene)
    assert wait(app, lambda: scene.forfeit is not None)
    assert wait(app, scene.over_card.visible)
    return scene


@pytest.mark.parametrize("size", [(800, 560), (1024, 768)])
def test_a_watched_bots_forfeit_on_time_is_said_whole_on_the_card_over_the_panel(tmp_path, monkeypatch, size):
    """Over the panel (a Reversi board, its pieces under every place on it) the card gave a line
    four rows at most, and a bot's forfeit on time at move 2 took five: "...it was running
    sleeper.py li…".  It takes the rows the reason needs where the panel has the height for them,
    its log's path (a message of its own) left out rather than cut, in English and Portuguese."""
    outside_players.OFFERS.clear()
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        scene = watched_reversi_forfeit_on_time_at_move_2(app)  # one game: its English reason said in each language
        for code in ("en", "pt"):
            with in_language(app, code):
                assert scene.over_card.over_panel()
                with monkeypatch.context() as patched:
                    drawn = recorded_text_rects(patched)
                    app.invalidate()
                    app.run_frames(1)
                on_card = [text for text, rect in drawn if scene.over_card.rect.contains(rect)]
                said = words.without_log(words.end_reason(scene.end_reason()))
                assert "sleeper.py" in said and "…" not in " ".join(on_card), on_card
                assert unspaced(said) in unspaced("".join(on_card)), on_card
        assert app.errors == []


def test_a_watched_game_lost_on_time_before_any_move_is_saved_from_the_panel_as_from_the_card(app):
    """The panel's Save (Ctrl+S) was greyed, "Nothing to save yet", while the card's Save (S)
    beside it showed ready: a bot's forfeit before its first move is a game a teacher keeps.  Both
    save it, and it reads back with its forfeit."""
    from ui import record_files

    scene = watched_forfeit_on_time_at_move_1(app)
    key(app, pygame.K_s)  # the card's Save
    saved = [m.text for m in scene.messages.current() if m.text.startswith("Game saved: ")]
    assert saved, [m.text for m in scene.messages.current()]
    record = record_files.load(saved[0].removeprefix("Game saved: "))
    assert record.moves == [] and record.result.winner == 1 and "exceeded the time limit" in record.result.reason
    key(app, pygame.K_b)  # View board: the panel
    assert scene.btn_save.visible and scene.btn_save.enabled
    click(app, scene.btn_save.rect.center)
    said = [m.text for m in scene.messages.current()]
    assert not [text for text in said if text.startswith("Nothing to save")], said
    assert any(text.startswith("Already saved, unchanged: ") for text in said), said
    assert app.errors == []


def thinking_card_lines(app, scene: GameScene, monkeypatch) -> list[str]:
    """The lines the panel's thinking card draws under its headline in a whole frame, each asserted
    inside the panel: up to the move list's heading, or the first button where it has none.  The
    result card, which may stand over the panel, is put away first (View board, B)."""
    if scene.over_card.visible():
        key(app, pygame.K_b)
    assert not scene.over_card.visible()
    with monkeypatch.context() as patched:
        drawn = recorded_text_rects(patched)
        app.invalidate()
        app.run_frames(1)
    panel = [(text, rect) for text, rect in drawn if rect.colliderect(scene.panel.rect)]
    texts = [text for text, _rect in panel]
    start = texts.index(result_title(scene)) + 1
    ends = {_("Moves"), *(label for b in scene.buttons for label in b.labels())}
    end = next(at for at in range(start, len(texts)) if texts[at] in ends)
    assert all(scene.panel.rect.contains(rect) for _text, rect in panel[start:end]), panel[start:end]
    return texts[start:end]


def unspaced(said: str) -> str:
    """``said`` without its spaces: a reason as its wrapped lines give it back, joined (a path broken over lines)."""
    return "".join(said.split())


@pytest.mark.parametrize("text_size", [1.0, 1.5])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 600)])
def test_the_panel_says_an_illegal_answers_forfeit_whole(tmp_path, monkeypatch, size, text_size):
    """The panel's thinking card cut the reason on two lines ("X forfeits: zeca played an ill…" at
    Larger text), where the result card said it whole: it takes the lines it needs from a move list
    with nothing to show, the log's path (said in a message too) left out only where it has no room."""
    from tests.test_game_endings import ILLEGAL_BOT

    bot = tmp_path / "zeca.py"
    bot.write_text(ILLEGAL_BOT, encoding="utf-8")
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        app.settings.text_size = text_size
        app.apply_settings()
        scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (str(bot), None), 1.0))
        app.switch(scene)
        assert wait(app, scene.is_over, 60)
        for language in ("en", "pt"):
            with in_language(app, language):
                detail = result_words(scene)[1]
                said = unspaced(" ".join(thinking_card_lines(app, scene, monkeypatch)))
                assert said in (unspaced(detail), unspaced(words.without_log(detail))), (said, detail)
                pygame.image.save(app.screen, str(tmp_path / f"forfeit-{language}.png"))


def test_the_panel_says_a_crash_with_its_log_whole_and_where_it_has_no_room_its_words_first(app, tmp_path, monkeypatch):
    """A bot's crash at its second move with a long error: at 1280x800 the panel says it whole, its
    log's path broken over lines rather than run out of the panel; at Larger text in an 800x600
    window, where it cannot, what happened comes first, cut at its end, and the path is left out."""
    fault = "raise ValueError('the evaluation table has no row for this position, so the search cannot go on')"
    scene = forfeited_at_its_second_move(app, bot_faulting_at(tmp_path, 2, fault, name="minimax.py"))
    detail = result_words(scene)[1]
    assert "log:" in detail
    assert unspaced(" ".join(thinking_card_lines(app, scene, monkeypatch))) == unspaced(detail)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    app.settings.text_size = 1.5
    app.apply_settings()
    app.run_frames(2)
    lines = thinking_card_lines(app, scene, monkeypatch)
    assert len(lines) > 2 and lines[-1].endswith("…"), lines
    assert unspaced(words.without_log(detail)).startswith(unspaced(" ".join(lines)).removesuffix("…")), lines


@pytest.mark.parametrize("size", [(1366, 768), (1280, 800)])
def test_the_messages_of_a_forfeit_stay_off_the_result_card_at_the_boards_foot(tmp_path, monkeypatch, size):
    """At 1366x768 the result card of a late bot's Hex game sat at the board's foot (stones in the
    middle and at the top), and its two messages (where the bot was stopped, its log), shown for
    30 s, lay over the card's last row of buttons.  The card is placed clear of the messages' line
    now (``GameOverCard.layout``'s ``foot``), over the panel, as it is at 1280x800.  The messages
    stack no higher than the board's foot (``BoardSide.messages_room``): one that finds no room
    waits, its time not running, for the one shown to go, then shows."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app:
        setup = MatchSetup("hex", {}, HUMAN_VS_PC, (str(BOTS / "sleeper.py"), None), 0.1)
        scene = GameScene(app, setup, ["f5", "a5", "k5", "c2"])
        app.switch(scene)
        assert wait(app, lambda: scene.forfeit is not None, 60)
        assert wait(app, scene.over_card.visible)
        app.invalidate()
        app.run_frames(2)
        pygame.image.save(app.screen, str(tmp_path / "messages.png"))
        pills = [rect for rect, _message in scene.messages._drawn]
        shown = [message for _rect, message in scene.messages._drawn]
        assert len(scene.messages.current()) == 2 and shown
        assert all(m in shown or m.waiting for m in scene.messages.current())  # none lost: the other waits
        assert not any(pill.colliderect(scene.over_card.rect) for pill in pills), (pills, scene.over_card.rect)
        assert all(app.screen.get_rect().contains(pill) for pill in pills)


def test_a_bots_thinking_card_says_it_waits_for_its_answer_not_that_a_search_starts(app, tmp_path, monkeypatch):
    """A student's bot reports no search: its thinking card said "Starting the search…" until it
    answered or lost on time, a search a class looked for in vain (qa109).  It says the window
    waits for the bot's answer."""
    from tests.ui_helpers import recorded_text

    bot = bot_faulting_at(tmp_path, 1, "time.sleep(600)", name="pensador.py")
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(bot)), 30.0))
    app.switch(scene)
    assert wait(app, scene.human_to_move)
    key(app, pygame.K_DOWN)  # the board's cursor
    key(app, pygame.K_RETURN)  # plays its square
    assert len(scene.history) == 1
    assert wait(app, lambda: scene.computer.thinking_since() is not None)  # the bot was asked
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(3)
    assert "Waiting for its answer…" in drawn and "Starting the search…" not in drawn, drawn
    scene.computer.cancel()


def test_a_saved_games_forfeit_names_a_log_in_the_data_folder_and_its_replay_names_it_too(tmp_path, monkeypatch):
    """A window's game logged its bot in /tmp/tabuleiro-bots-UID, emptied on reboot, while the
    saved game's forfeit named that path (qa109): its log is in the data folder's ``bot-logs/``,
    beside the saved games, and the saved game dropped on the window replays naming it."""
    from tests.ui_helpers import drop
    from ui.data_folders import data_dir
    from ui.scenes.replay import ReplayScene

    monkeypatch.delenv("TABULEIRO_BOT_LOGS", raising=False)  # the default, before any worker is spawned
    outside_players.OFFERS.clear()
    with window_for_a_test(tmp_path, monkeypatch) as app:
        scene = forfeited_at_its_second_move(app, bot_faulting_at(tmp_path, 2, "raise AssertionError('lost')",
                                                                  name="faulty.py"))
        reason = scene.recorder.record.result.reason
        log = Path(reason.rpartition("; log: ")[2])
        assert log.parent == data_dir() / "bot-logs" and log.is_file(), reason
        assert "AssertionError: lost" in log.read_text(encoding="utf-8")
        saved = tmp_path / "faulty-game.json"
        saved.write_text(scene.recorder.record.dumps(), encoding="utf-8")
        drop(app, saved)
        assert wait(app, lambda: isinstance(app.scene, ReplayScene))
        assert app.scene.record.result.reason == reason and log.is_file()
        assert app.errors == []


def test_a_late_bots_card_counts_what_the_referee_counts_and_says_its_time_is_up(app, tmp_path, monkeypatch):
    """A bot slow at its first move, at 1 s a move: its card said "thinking… 3.1 s" while the
    forfeit said "no answer after 1.50 s" (qa109): past the deadline the game is lost, but a first
    move's program is asked once more (``ai.outside``'s ``set_up_only``) before the forfeit comes.
    The card's seconds stop at the referee's deadline, the forfeit says that deadline's time, and
    meanwhile the card and the status line say its time is up."""
    import re

    # its first move holds until the test has read that its time is up (8 s of sleep before, past
    # the move asked again), then its program ends: no answer to the move asked again either
    release = tmp_path / "release"
    bot = bot_faulting_at(tmp_path, 1, hold_until(release) + "\n        os._exit(3)", name="lento.py")
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(bot)), 1.0))
    app.switch(scene)
    assert wait(app, scene.human_to_move)  # once the bot is loaded
    click(app, scene.view.cell_rect(1, 1).center)  # b2: the bot's first move is asked
    assert [p.text for p in scene.history] == ["b2"]
    said: list[list[str]] = []

    def seen() -> bool:
        if scene.forfeit is None:
            with monkeypatch.context() as patched:
                said.append(computer_words(scene, patched))
            if "lento gave no answer in time" in " ".join(said[-1]):
                release.touch()
        return scene.forfeit is not None

    assert wait(app, seen)
    after = float(re.search(r"no answer after (\d+\.\d+) s", scene.forfeit[1]).group(1))
    shown = [float(m.group(1)) for words_said in said for text in words_said
             if (m := re.search(r"(\d+\.\d) s$", text))]
    assert shown and max(shown) <= round(after, 1), (max(shown), scene.forfeit[1])
    late = [words_said for words_said in said if "lento gave no answer in time" in " ".join(words_said)]
    assert late, said[-1]  # the first move asked again: seconds of the forfeit to come
    assert "lento (O) gave no answer in time" in late[-1] and "Its time is up: the program is being stopped" in late[-1]
    assert all("is thinking" not in " ".join(words_said) for words_said in late)
    assert app.errors == []


def test_undo_after_a_bots_forfeit_takes_it_back_and_says_its_program_is_started_again(app, tmp_path, monkeypatch):
    """Undo after a bot's forfeit reopened the game and started the bot again at its next move
    without a word (qa109).  Undo takes the forfeit back with the moves before it, and the bot's
    program is started again at once, said in a message and on the card and the status line
    while it starts; the game then goes on with it."""
    bot, set_up = bot_faulting_at(tmp_path, 2, "raise AssertionError('lost')", name="faulty.py"), tmp_path / "set-up"
    set_up_held_until(bot, set_up)  # slow to start while the file set_up is missing
    set_up.touch()  # its first start: at once
    starts = tmp_path / "starts.txt"  # each start of its program adds a line (its HOME is elsewhere)
    bot.write_text(bot.read_text(encoding="utf-8") + f"\nopen({str(starts)!r}, 'a').write('started\\n')\n",
                   encoding="utf-8")
    scene = forfeited_at_its_second_move(app, bot)
    key(app, pygame.K_b)  # the result card put away (View board), as a person looks at the board
    held_messages_clock(monkeypatch)  # its message's 6 s outlast the bot's slow start however loaded the machine
    set_up.unlink()  # its start again holds until the card has been read
    key(app, pygame.K_u)
    assert scene.forfeit is None and not scene.is_over() and len(scene.history) == 1
    said = [m.text for m in scene.messages.current()]
    assert "Forfeit taken back: faulty's program is started again" in said, said
    with monkeypatch.context() as patched:  # the message stands in the status line's place: the card says it
        drawn = recorded_text_rects(patched)
        app.invalidate()
        app.run_frames(1)
    card = [text for text, rect in drawn if scene.panel.rect.contains(rect)]
    assert any(text.startswith("Starting faulty's program again…") for text in card), card
    set_up.touch()
    assert wait(app, scene.human_to_move)  # started again: the person's turn
    assert starts.read_text().count("started") == 2  # a fresh process, not the crashed one going on
    click(app, scene.view.cell_rect(*divmod(scene.state.legal_moves()[-1], 3)).center)
    assert wait(app, lambda: len(scene.history) == 3)  # its new program's first move: it answers
    assert scene.forfeit is None and app.errors == []
    with in_language(app, "pt"):  # said again in the language chosen
        said = [m.text for m in scene.messages.current()]
        assert "Falta anulada: o programa de faulty é iniciado de novo" in said, said


def test_a_bots_program_started_anew_for_a_move_is_said_starting_and_its_start_up_not_counted(app, tmp_path, monkeypatch):
    """A bot's program stopped in a move (Undo while it thought) starts anew at its next move, its
    start-up on no move's time (the referee's clock starts once it is ready): the card counted
    the start-up as its thinking.  It says "Starting pensador's program…" over the start-up and
    its thinking's seconds start at 0 once the program is ready."""
    import re
    import types

    from ui.scenes import game_computer

    def slow_bot(move: int) -> None:
        """pensador.py: its set-up (its load) held until the file ``set_up`` is there, and slow at
        the process's ``move``-th move."""
        set_up_held_until(bot_faulting_at(tmp_path, move, "time.sleep(600)", name="pensador.py"), set_up)

    bot, set_up = tmp_path / "pensador.py", tmp_path / "set-up-done"
    slow_bot(2)
    set_up.touch()  # its first start: set up at once
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(bot)), 30.0))
    app.switch(scene)
    assert wait(app, scene.human_to_move)
    click(app, scene.view.cell_rect(0, 0).center)  # a1, then its answer
    assert wait(app, scene.human_to_move) and len(scene.history) == 2
    click(app, scene.view.cell_rect(2, 2).center)  # c3: its second move sleeps
    assert wait(app, lambda: scene.computer.thinking_since() is not None)
    key(app, pygame.K_u)  # taken back while it thinks: its program is stopped
    assert len(scene.history) == 2 and scene.human_to_move()
    set_up.unlink()
    slow_bot(1)  # anew, it thinks at its first move: its answer came within a loaded machine's slow frame, unread
    click(app, scene.view.cell_rect(2, 2).center)  # c3 again: its program starts anew for the move
    said: list[list[str]] = []
    # Under tests/slow_frames.py (a sleep, or SLOW_FRAMES_SKEW's clock moved on a frame at a time)
    # the program's start-up spans slow frames: its seconds must still count from its readiness,
    # the worker's moment (``AIReady.at``), which the skew moves on with the window's own clock.

    def ready() -> bool:
        began = scene.computer.thinking_since()
        with monkeypatch.context() as patched:
            if began is not None:  # the words as the program is ready, not a loaded machine's slow frame later
                patched.setattr(game_computer, "time", types.SimpleNamespace(monotonic=lambda: began))
            said.append(computer_words(scene, patched))
        if "Starting pensador's program…" in " ".join(said[-1]):
            set_up.touch()  # the start-up was seen: the program may be ready now
        return began is not None

    assert wait(app, ready)
    starting = [words_said for words_said in said if "Starting pensador's program…" in " ".join(words_said)]
    assert starting, said[-1]
    thinking = [float(m.group(1)) for words_said in said for text in words_said
                if "is thinking" in text and (m := re.search(r"(\d+\.\d) s$", text))]
    assert thinking and max(thinking) == 0.0, thinking  # the start-up is not counted as thinking
    scene.computer.cancel()
    assert app.errors == []


def crashing_once_at_its_first_move(folder: Path) -> Path:
    """A bot ``faulty.py`` (``bot_faulting_at``) that crashes at its first move the first time its
    program runs, and plays once started again: a student's bot whose crash Undo takes back."""
    crashed = folder / "crashed-once"
    fault = (f"if not os.path.exists({str(crashed)!r}):\n"
             f"            open({str(crashed)!r}, 'w').close()\n"
             "            raise AssertionError('first move')")
    return bot_faulting_at(folder, 1, fault, name="faulty.py")


def test_a_forfeit_taken_back_is_handed_as_the_game_keeps_it(app, tmp_path, monkeypatch):
    """``_forfeit_taken_back`` takes the game's ``forfeit`` as the game keeps it, (side, why), which
    it checks whole (``_stopped_a_program``): it was handed the two apart and built the tuple again.
    A bot's forfeit starts its program again and says so; a person's flag fall starts nothing."""
    bot = crashing_once_at_its_first_move(tmp_path)
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, str(bot)), 2.0))
    app.switch(scene)
    started: list[int] = []
    monkeypatch.setattr(scene.computer, "start_again", started.append)
    scene._forfeit_taken_back((0, "time"))  # the person's flag fall
    assert started == [] and not scene.messages.current()
    scene._forfeit_taken_back((1, "faulty.py crashed at move 1"))
    assert started == [1]
    assert "Forfeit taken back: faulty's program is started again" in [m.text for m in scene.messages.current()]


def undo_clicked_after_the_forfeit(app, scene: GameScene, shot: Path) -> list[str]:
    """The result card of a bot's forfeit put away (View board, B) and the panel's Undo clicked,
    greyed no more: the forfeit taken back.  A picture of the screen saved to ``shot``; the
    messages said."""
    assert wait(app, scene.over_card.visible)
    key(app, pygame.K_b)
    assert scene.btn_undo.visible and scene.btn_undo.enabled
    click(app, scene.btn_undo.rect.center)
    assert scene.forfeit is None and not scene.is_over() and not scene.over_card.visible()
    app.invalidate()
    app.run_frames(2)
    shot.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(shot))
    return [m.text for m in scene.messages.current()]


@pytest.mark.parametrize("bot_side", [0, 1])
def test_undo_after_a_bots_forfeit_at_its_very_first_move_takes_it_back_and_the_bot_plays(app, tmp_path, bot_side):
    """A bot that crashed at its very first move: Undo was greyed, "Nothing to undo: no move has
    been played yet", and only Rematch tried the bot again.  Undo takes the forfeit back as after
    a later move: the bot first, alone (no move came before it), the game back to the bot's move;
    the bot second, with the person's move (back to the person's choice, as Undo against the
    computer goes).  The bot's program is started again and its first move comes; the record
    holds no forfeit any more."""
    bot = crashing_once_at_its_first_move(tmp_path)
    players = (str(bot), None) if bot_side == 0 else (None, str(bot))
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, players, 2.0))
    app.switch(scene)
    if bot_side == 1:
        assert wait(app, scene.human_to_move)
        click(app, scene.view.cell_rect(1, 1).center)  # b2: the bot's first move is asked
        assert [p.text for p in scene.history] == ["b2"]
    assert wait(app, lambda: scene.forfeit is not None)
    assert scene.forfeit[0] == bot_side and f"crashed at move {bot_side + 1}" in scene.end_reason(), scene.end_reason()
    said = undo_clicked_after_the_forfeit(app, scene, Path("/tmp/firstforfeit-shots") / f"undone-bot-{bot_side}.png")
    assert scene.history == []  # nothing to take back (the bot first), or the person's b2
    assert "Forfeit taken back: faulty's program is started again" in said, said
    autosaves_written()
    assert scene.recorder.record.result is None  # Save, the autosave: no forfeit in them now
    if bot_side == 1:
        assert wait(app, scene.human_to_move)  # its program started again: the person's move first
        click(app, scene.view.cell_rect(1, 1).center)
    assert wait(app, lambda: len(scene.history) == bot_side + 1)  # the bot's first move comes
    assert scene.history[-1].by_computer and scene.forfeit is None
    assert wait(app, scene.human_to_move)
    click(app, scene.view.cell_rect(*divmod(scene.state.legal_moves()[-1], 3)).center)
    assert wait(app, lambda: len(scene.history) == bot_side + 3)  # and it answers on
    assert scene.forfeit is None and app.errors == []


def test_undo_after_a_watched_bots_forfeit_at_move_1_takes_it_back_and_step_plays_its_move(app, tmp_path):
    """PC vs PC: a bot that crashed at move 1, before any move, could not be taken back (Undo
    greyed) where a later forfeit could.  Undo takes it back alone, the game paused as after
    any Undo of a watched game, the bot's program started again; Step plays its first move."""
    from ui.match import PC_VS_PC

    bot = crashing_once_at_its_first_move(tmp_path)
    scene = GameScene(app, MatchSetup("tictactoe", {}, PC_VS_PC, (str(bot), "level-1"), 2.0))
    app.switch(scene)
    assert wait(app, lambda: scene.forfeit is not None)
    assert scene.forfeit[0] == 0 and scene.history == []
    said = undo_clicked_after_the_forfeit(app, scene, Path("/tmp/firstforfeit-shots") / "undone-watched.png")
    assert scene.history == [] and scene.paused
    assert "Forfeit taken back: faulty's program is started again" in said, said
    assert wait(app, lambda: not scene.held_up())  # its program started again
    click(app, scene.btn_step.rect.center)
    assert wait(app, lambda: len(scene.history) == 1)  # its first move
    assert scene.forfeit is None and scene.paused and app.errors == []


def errors_adding(app, language: str, typed: str) -> list[str]:
    """The error messages New game (tic-tac-toe) says, in ``language``, when ``typed`` is added
    as an outside player with Add this player."""
    with words_in(language):
        scene = SetupScene(app, game_id="tictactoe")
        app.switch(scene)
        app.run_frames(2)
        type_and_add(app, scene, typed)
        assert wait(app, lambda: scene.adding is None and any(m.kind == "error" for m in app.messages.current()))
        return [m.text for m in app.messages.current() if m.kind == "error"]


@pytest.mark.parametrize("language, said", [
    ("en", "bots/frends.py: no such file; did you mean bots/friends.py?"),
    ("pt", "bots/frends.py: o ficheiro não existe; quis dizer bots/friends.py?")])
def test_a_mistyped_file_added_from_new_game_names_the_file_meant(app, tmp_path, monkeypatch, language, said):
    """A student who mistyped her file in New game's field read "no such file" and no more, of a
    file she could see in the folder: the file of a close name is named, in the window's language."""
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "friends.py").write_text("def choose(game, state):\n    return state.legal_moves()[0]\n")
    monkeypatch.chdir(tmp_path)
    assert errors_adding(app, language, "bots/frends.py") == [said]


@pytest.mark.parametrize("language, said", [("en", "nothere.py: no such file"),
                                             ("pt", "nothere.py: o ficheiro não existe")])
def test_a_file_not_there_is_named_once_when_added_from_new_game(app, language, said):
    """A newcomer typing a file that is not there and pressing Add this player read "nothere.py:
    no such file nothere.py", the name twice, as if two files were meant."""
    assert errors_adding(app, language, "nothere.py") == [said]
