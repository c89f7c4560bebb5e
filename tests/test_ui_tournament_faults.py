"""A click on a player's row of the tournament screen's standings lists that player's games and
says its faults as the report's forfeits do: the teacher reads a student's bot's faults there,
without clicking its games one by one."""

from __future__ import annotations

from pathlib import Path

import pygame

from ai.tournament import Tournament
from tests.ui_helpers import click, drop, key, recorded_rings
from ui.scenes import tournament_results
from ui.scenes.tournament import TournamentScene

BOTS = Path(__file__).resolve().parent / "data" / "outside"
RAISER, CONTRACT = str(BOTS / "raiser.py"), str(BOTS / "simple_contract.py")


def league_shown(app, tmp_path: Path, players: tuple[str, ...] = ("level-1", RAISER, CONTRACT)) -> TournamentScene:
    """A tic-tac-toe league (by default of Level 1, a bot that always raises and a good bot),
    played to its end with a results log, which is dropped on the window (as a teacher shows a
    command line's league): the tournament screen showing it."""
    log = tmp_path / "league.jsonl"
    Tournament("tictactoe", list(players), games_per_pair=1, time_per_move=0.1, seed=3, log=str(log)).run()
    drop(app, log, frames=3)
    assert isinstance(app.scene, TournamentScene)
    return app.scene


def row_of(scene: TournamentScene, player_id: str) -> pygame.Rect:
    return next(rect for rect, pid in scene.standing_rows if pid == player_id)


def test_a_click_on_a_students_row_lists_its_games_and_says_its_faults(app, tmp_path):
    scene = league_shown(app, tmp_path)
    assert len(scene._listed()) == 6
    click(app, row_of(scene, RAISER).center)
    listed = scene._listed()
    assert len(listed) == 4 and all(RAISER in r.players for _n, r in listed)
    assert scene._recent_title().startswith("Games of raiser")
    said = scene.messages.items[-1].text
    assert said.startswith("raiser, 4 games (")
    # its first move, the game's 1st as X and its 2nd as O, each said with its games
    assert said.endswith("crashed: ZeroDivisionError: this bot always divides by zero (at raiser.py line 3) "
                         "(at move 1 in 2 games, at move 2 in 2 games)"), said
    assert "log" not in said  # a click on one of its games gives that game's log


# a bot whose every game is a forfeit of the next of four kinds, counted in a file beside it
FOUR_FAULTS = """from pathlib import Path
COUNT = Path(__file__).with_name("count")
def choose(game, state):
    n = int(COUNT.read_text()) if COUNT.exists() else 0
    COUNT.write_text(str(n + 1))
    if n % 4 == 0:
        raise ValueError("first fault")
    return ("zz99", 3.5, None)[n % 4 - 1]
"""


def test_every_fault_of_a_player_is_said_and_only_while_its_games_are_listed(app, tmp_path):
    """A bot of four faults: its row clicked says all four, the report's first first (one message
    a fault showed the newest first, the others waited behind it, and a fourth pushed the first
    out of the window's three messages: the Forf. column said 6, the messages 4); the next row
    clicked does not have them shown under its highlight."""
    from ai.commands.tournament import faults_of
    from ai.tournament_standings import Summary
    from ui import words

    bot = tmp_path / "bots" / "faulty.py"
    bot.parent.mkdir()
    bot.write_text(FOUR_FAULTS, encoding="utf-8")
    scene = league_shown(app, tmp_path, ("level-1", "level-2", "level-3", str(bot)))
    faults = faults_of(Summary.of(scene.tournament), str(bot), words.ReportWords(), with_logs=False)
    assert len(faults) == 4
    click(app, row_of(scene, str(bot)).center)
    live = [m.text for m in scene.messages.current() if "faulty" in m.text]
    assert len(live) == 1 and live[0].startswith(faults[0]) and all(line in live[0] for line in faults)
    click(app, row_of(scene, "level-1").center)
    assert not any("faulty" in m.text for m in scene.messages.current())
    assert scene.messages.items[-1].text == "Level 1 forfeited no game"


def test_a_player_without_faults_is_said_so_and_its_row_again_lists_every_game(app, tmp_path):
    scene = league_shown(app, tmp_path)
    click(app, row_of(scene, "level-1").center)
    assert scene.messages.items[-1].text == "Level 1 forfeited no game"
    assert len(scene._listed()) == 4 and all("level-1" in r.players for _n, r in scene._listed())
    click(app, row_of(scene, "level-1").center)
    assert len(scene._listed()) == 6 and scene._recent_title().startswith("Latest results")


def edge_colours(app, scene: TournamentScene, player_id: str) -> set[tuple[int, int, int]]:
    """The colours just left of ``player_id``'s standings row, where its highlight (a card a little
    wider than the row) shows and no text is drawn."""
    row = row_of(scene, player_id)
    return {tuple(app.screen.get_at((x, row.centery)))[:3] for x in range(row.x - 8, row.x)}


def test_the_row_whose_games_are_listed_is_highlighted_until_clicked_again(app, tmp_path):
    """A click on a row listed that player's games, but the row looked as the others did: which
    player the list was filtered to was said only by the list's title, far away."""
    scene = league_shown(app, tmp_path)
    plain = edge_colours(app, scene, "level-1")
    assert edge_colours(app, scene, RAISER) == plain
    click(app, row_of(scene, RAISER).center)
    app.run_frames(2)
    assert edge_colours(app, scene, RAISER) != plain and edge_colours(app, scene, CONTRACT) == plain
    click(app, row_of(scene, RAISER).center)
    app.run_frames(2)
    assert edge_colours(app, scene, RAISER) == plain


def test_the_standings_are_reached_by_the_keyboard_and_enter_lists_a_players_games(app, tmp_path, monkeypatch):
    """The games of one player could be listed only by a click on its row.  Tab reaches the
    standings (just before the latest results, the last stop), its title says the keys, Up and
    Down choose a row, ringed as every button and the crosstable's cell are (``focus_ring``, in the
    text colour: an accent-edged card was this screen's other way of saying where the keyboard is,
    and the accent is the crosstable's listed pair), and Enter lists that player's games as a click
    does (Enter again: every game)."""
    from tests.ui_helpers import recorded_text

    scene = league_shown(app, tmp_path)
    drawn = recorded_text(monkeypatch)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the latest results
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the standings, their first row chosen
    order = [pid for _rect, pid in scene.standing_rows]
    assert scene.chosen_player == order[0]
    assert "Standings (Up, Down: choose a player; Enter: its games only, again: every game)" in drawn
    key(app, pygame.K_DOWN)
    assert scene.chosen_player == order[1] and scene.listed_player is None
    ring, accent = tuple(app.theme.text)[:3], tuple(app.theme.accent)[:3]
    assert ring in edge_colours(app, scene, order[1]) and accent not in edge_colours(app, scene, order[1])
    assert ring not in edge_colours(app, scene, order[0])
    key(app, pygame.K_RETURN)
    listed = scene._listed()
    assert scene.listed_player == order[1] and listed and all(order[1] in r.players for _n, r in listed)
    assert len(listed) == 4 and scene._recent_title().startswith("Games of ")
    key(app, pygame.K_RETURN)
    assert scene.listed_player is None and len(scene._listed()) == 6


def test_the_standings_keys_move_to_the_ends_and_a_page_as_every_lists_do(app, tmp_path):
    """Home, End, Page Up and Page Down on the standings move as on the latest results and on every
    scrolled list (one table of steps, ``ui.widgets.list_key_steps``): End chooses the last row,
    Home the first, Page Down a page on (here past the last: kept to it); a key that is not a list's
    is not taken, the row chosen kept."""
    from ui.widgets import list_key_steps

    scene = league_shown(app, tmp_path)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the latest results
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the standings, their first row chosen
    order = [pid for _rect, pid in scene.standing_rows]
    assert len(order) == 3 and scene.chosen_player == order[0]
    key(app, pygame.K_END)
    assert scene.chosen_player == order[-1]
    key(app, pygame.K_HOME)
    assert scene.chosen_player == order[0]
    key(app, pygame.K_PAGEDOWN)
    assert scene.chosen_player == order[-1] and scene.listed_player is None
    key(app, pygame.K_PAGEUP)
    assert scene.chosen_player == order[0]
    assert not scene._standings_key(pygame.K_F5) and scene.chosen_player == order[0]
    assert list_key_steps(4, 9) == {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -4, pygame.K_PAGEDOWN: 4,
                                    pygame.K_HOME: -9, pygame.K_END: 9}
    assert list_key_steps(4, 0)[pygame.K_END] == 1  # an empty list's End still a step: nowhere to go


def test_the_keyboards_result_is_ringed_as_the_crosstables_cell_is(app, tmp_path, monkeypatch):
    """The latest result the keyboard is on was a card edged in the accent, the crosstable's
    cell the app's ring: one screen, two ways of saying where the keyboard is.  It takes the ring."""
    scene = league_shown(app, tmp_path)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the latest results, the newest chosen
    key(app, pygame.K_DOWN)
    rings = recorded_rings(monkeypatch, tournament_results)
    scene.draw(app.screen)
    chosen = next(rect for rect, number, _text in scene._recent_rects if number == scene.chosen_result)
    assert len(rings) == 1 and rings[0].top <= chosen.centery <= rings[0].bottom
    others = [rect for rect, number, _text in scene._recent_rects if number != scene.chosen_result]
    assert not any(rings[0].collidepoint(rect.center) for rect in others)


# a bot that crashes in its odd games and answers a square that is none in its even ones: two faults
TWO_FAULTS = FOUR_FAULTS.replace("n % 4 == 0", "n % 2 == 0").replace('("zz99", 3.5, None)[n % 4 - 1]', '"zz99"')


def test_each_fault_is_a_line_of_its_own_and_read_whole_at_800x600(app, tmp_path, monkeypatch):
    """At 800x600 the running screen's message lane is one line: a player's two faults ran
    together there ("... (at faulty.py line 7) faulty, 1 game (2): played an illegal mo…"), the
    second cut unread.  While its games are listed the lane is as high as its faults take (at most
    ``FAULT_LINES``), each fault begins a line, and they stay said past their 15 s until the row
    is clicked again, when the lane is one line again and the tables have their room back."""
    from ai.commands.tournament import faults_of
    from ai.tournament_standings import Summary
    from tests.ui_helpers import held_messages_clock, small_windows
    from ui import words

    bot = tmp_path / "bots" / "faulty.py"
    bot.parent.mkdir()
    bot.write_text(TWO_FAULTS, encoding="utf-8")
    scene = league_shown(app, tmp_path, ("level-1", "level-2", str(bot)))
    next(small_windows(app, sizes=((800, 600),), text_sizes=(1.0,)))
    clock = held_messages_clock(monkeypatch)
    faults = faults_of(Summary.of(scene.tournament), str(bot), words.ReportWords(), with_logs=False)
    assert len(faults) == 2
    one_line = scene.running_bottom()
    click(app, row_of(scene, str(bot)).center)
    for _wait in range(2):
        s = scene._scale()
        [(said, lines, cut)] = scene.messages.shown(s, scene._own_messages_width(), scene._own_messages_room())
        assert said.topic == "faults" and not cut and " ".join(lines) == " ".join(faults), lines
        assert all(any(line.startswith(fault[:40]) for line in lines) for fault in faults), lines
        assert scene.running_bottom() < one_line  # the tables above the taller lane, not under it
        clock(60.0)  # past the faults' 15 s: still said while the player's games are listed
        app.run_frames(2)
    click(app, row_of(scene, str(bot)).center)
    assert scene.running_bottom() == one_line and not any(m.topic == "faults" for m in scene.messages.items)
