"""The tournament screen for a keyboard-only player (qa87, and the QA after it): Esc on the
latest results takes the ring first, as on every other stop, rather than leaving (which stops the
league); Tab goes round the setup in reading order; Enter on a crosstable cell of a pair that has
not played says so (a click on its faint cell too); the keyboard's ring on the crosstable is told
from the listed pair's outline; and a whole tournament is set up, played, read and replayed with the keyboard alone."""

from __future__ import annotations

import pygame

from tests.outside_bots import held_league
from tests.test_ui_tournament import labelled
from tests.ui_helpers import click, key, recorded_rings, ringed, tab_to, wait
from ui.scenes import tournament_results
from ui.scenes.tournament import TournamentScene


def test_esc_on_the_ringed_results_drops_the_ring_and_the_league_runs_on(app, tmp_path, monkeypatch):
    """Shift+Tab rings the latest results; the first Esc left the screen at once and so stopped
    the running tournament.  Now it drops the ring (the league plays on) and the second leaves,
    once asked (Back's question, Enter on the ringed Back).  A click on a result still goes to that
    question with one Esc: the click, not the user, put the keyboard there.  The league lasts until
    the test leaves it (``held_league``): levels alone could end it before the keys were pressed."""
    scene = held_league(app, monkeypatch, tmp_path / "tournaments", watch=False)  # each result listed as it comes
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the last stop: the latest results
    assert scene._on_results()
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.key_focus.current(scene._focus_stops()) is None
    assert scene.tournament.is_running() and not scene.tournament._stop.is_set()
    row = scene._recent_rects[0][0]
    click(app, row.center)  # a mouse user: the click puts the keyboard on the list unasked
    assert scene._on_results()
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.leave_asked and not scene.tournament._stop.is_set()
    key(app, pygame.K_RETURN)  # yes: the ring is on Back
    assert app.scene is not scene and scene.tournament._stop.is_set()


def _finished_league(app, tmp_path, unplayed: frozenset[str] = frozenset()):
    """A league of three shown on the screen: each pair has played once each way, but the pair
    ``unplayed`` (ids), none of whose games is in."""
    from ai.tournament import GameResult, Tournament

    ids = ["level-1", "level-2", "level-3"]
    t = Tournament("tictactoe", ids, games_per_pair=2, time_per_move=0.2)
    pairs = [(a, b) for a in ids for b in ids if a != b and {a, b} != unplayed]
    for number, players in enumerate(pairs, 1):
        t.results[number] = GameResult("tictactoe", {}, list(players), ["a1"], 0, None, "X made a line", False)
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    scene.show_results(t, tmp_path / "liga.json")
    app.run_frames(2)
    return scene


def test_the_crosstable_cells_are_chosen_and_opened_with_the_keyboard(app, tmp_path):
    """A pair's games were listed only by a click on its crosstable cell: Shift+Tab past the latest
    results and the standings rings a cell; the arrows move the ring (past the diagonal), Enter
    lists that pair's games as the click does, and Enter again every game."""
    scene = _finished_league(app, tmp_path)
    order = scene._cross_order()
    for _stop in range(3):  # the latest results, the standings, the crosstable
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene._on_cross() and scene.chosen_cell == (order[0], order[1])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    assert scene.chosen_cell == (order[1], order[2])
    key(app, pygame.K_LEFT)  # over the diagonal (a player against itself)
    assert scene.chosen_cell == (order[1], order[0])
    key(app, pygame.K_RETURN)
    assert scene.pair == (order[1], order[0])
    assert {frozenset(r.players) for _n, r in scene._listed()} == {frozenset((order[0], order[1]))}
    assert scene.messages.current()[-1].text.endswith("; Enter again lists every game")
    key(app, pygame.K_RETURN)
    assert scene.pair is None and len(scene._listed()) == 6
    key(app, pygame.K_ESCAPE)  # the ring goes first, as on every stop
    assert app.scene is scene and not scene._on_cross()


def _reading_place(scene: TournamentScene, stop) -> tuple[int, ...]:
    """Where ``stop`` is read on the setup: the left column top to bottom, then the right one (the
    participants), then the bottom row (Start, the outside player's field, Add player) from left
    to right."""
    bottom_row = stop.rect.top >= labelled(scene, "Start").rect.top
    if bottom_row:
        return (1, 0, 0, stop.rect.x)
    return (0, int(stop.rect.x >= scene.players_area.x), stop.rect.y, stop.rect.x)


def test_tab_goes_round_the_setup_in_reading_order_and_shift_tab_back(app):
    """Tab from Start (the bottom row's first control) jumped up to the participants at the top
    right; it goes on along its row to the outside player's field now, as read, the settings'
    column and then the participants' coming before it, Back last; Shift+Tab goes the same way
    back."""
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    forward = []
    for _stop in scene._focus_stops():  # round to Back, the last (Add player, greyed, passed by)
        key(app, pygame.K_TAB)
        forward.append(ringed(scene))
        if forward[-1] is labelled(scene, "Back"):
            break
    assert forward[-1] is labelled(scene, "Back")
    assert forward[:-1] == sorted(forward[:-1], key=lambda stop: _reading_place(scene, stop))
    start = forward.index(labelled(scene, "Start"))
    assert forward[start - 1] is scene.player_buttons[-1] and forward[start + 1] is scene.entry
    backward = []
    for _stop in forward[:-1]:
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        backward.append(ringed(scene))
    assert backward == forward[-2::-1]


def test_enter_on_a_pair_that_has_not_played_says_so_and_lists_what_it_did(app, tmp_path):
    """Enter on the cell of a pair with no game in emptied the results list without a word: it
    says they have not played yet and how many games they have to play, as a refused command
    does, and the list stays as it was (a pair listed before stays listed)."""
    scene = _finished_league(app, tmp_path, unplayed=frozenset({"level-2", "level-3"}))
    order = scene._cross_order()
    tab_to(app, scene, lambda stop: stop is scene.cross_stop, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # the first pair shown: (order[0], order[1]), which has played
    listed = scene._listed()
    key(app, pygame.K_DOWN)  # (order[1], order[1]) is the diagonal: on to (order[1], order[2])
    assert set(scene.chosen_cell) == {"level-2", "level-3"}
    key(app, pygame.K_RETURN)
    said = scene.messages.current()[-1]
    a, b = (scene._name(p) for p in scene.chosen_cell)
    assert (said.text, said.kind) == (f"{a} and {b} have not played yet: their 4 games are still to play", "warn")  # 2 + 2
    assert scene.pair == (order[0], order[1]) and scene._listed() == listed


def test_an_unplayed_pairs_cell_is_seen_and_a_click_on_it_says_what_enter_says(app, tmp_path):
    """A pair with no game in had no cell drawn, so it was not seen until the keyboard ringed it,
    and a click there did nothing, not a word said.  Its cell is a faint one, told from the panel
    and from the diagonal, and a click on it says what Enter says; the list stays as it was."""
    scene = _finished_league(app, tmp_path, unplayed=frozenset({"level-2", "level-3"}))
    unplayed = {(row, column): rect for rect, row, column in scene.unplayed_cells}
    assert set(unplayed) == {("level-2", "level-3"), ("level-3", "level-2")}
    cell = unplayed["level-2", "level-3"]
    panel, diagonal = (tuple(app.screen.get_at(point))[:3] for point in ((cell.centerx, cell.top - 1), diagonal_of(scene)))
    faint = tuple(app.screen.get_at(cell.center))[:3]
    assert faint != panel and faint != diagonal
    listed = scene._listed()
    click(app, cell.center)
    said = scene.messages.current()[-1]
    assert (said.text, said.kind) == ("Level 2 and Level 3 have not played yet: their 4 games are still to play", "warn")
    assert scene.pair is None and scene._listed() == listed


def diagonal_of(scene: TournamentScene) -> tuple[int, int]:
    """A point inside the crosstable's first diagonal cell (a player against itself): one cell
    left of the first row's second cell (cells 2 pixels apart)."""
    order = scene._cross_order()
    cell = next(rect for rect, row, column in (*scene._cross_rects, *scene.unplayed_cells)
                if (row, column) == (order[0], order[1]))
    return cell.centerx - cell.width - 2, cell.centery


def test_the_keyboards_ring_on_the_crosstable_is_not_the_listed_pairs_outline(app, tmp_path, monkeypatch):
    """The pair listed was outlined, and the cell the keyboard is on ringed, both in the accent:
    which cell had the keyboard could not be told.  The keyboard's cell takes the ring every
    button takes (``focus_ring``, in the text colour), the listed pair keeps the accent."""
    scene = _finished_league(app, tmp_path)
    tab_to(app, scene, lambda stop: stop is scene.cross_stop, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)  # the first pair listed
    listed = scene.pair
    key(app, pygame.K_DOWN)  # the keyboard on another cell
    ringed_cells = recorded_rings(monkeypatch, tournament_results)
    scene.draw(app.screen)
    cells = {(row, column): rect for rect, row, column in scene._cross_rects}
    assert ringed_cells == [cells[scene.chosen_cell]] and scene.chosen_cell != listed
    outlined = cells[listed]
    assert app.screen.get_at((outlined.left, outlined.centery))[:3] == scene.theme.accent
    assert scene.theme.accent != scene.theme.text


def test_a_whole_tournament_by_the_keyboard_alone(app):
    """From the main menu to a game's replay with keys only: the tournament screen opened, two
    levels chosen for one game each way at 0.1 s a move, started, its pair's games listed from
    the crosstable, one opened from the results and replayed, back to the tournament and on to a
    new one.  A new phase rings no control, as a screen just opened: the ring kept its place in
    the order, and after New tournament it stood on a rule option that Enter changed."""
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert app.scene.menu.get_selected_widget().get_id() == "tournament"
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, TournamentScene) and scene.game_id == "tictactoe"
    for prefix, keys in (("Games per pair", [pygame.K_LEFT]), ("Time per move", [pygame.K_LEFT] * 2),
                         ("Watch the games", [pygame.K_SPACE])):
        tab_to(app, scene, lambda stop, prefix=prefix: stop is labelled(scene, prefix))
        for k in keys:
            key(app, k)
    for i in range(len(scene.player_buttons)):  # Level 1 and Level 2 alone (by place: a toggle may build them again)
        tab_to(app, scene, lambda stop, i=i: stop is scene.player_buttons[i])
        if ringed(scene).active != (ringed(scene).label in ("Level 1", "Level 2")):
            key(app, pygame.K_SPACE)
    assert scene.selected == {"level-1", "level-2"}
    tab_to(app, scene, lambda stop: stop is labelled(scene, "Start"))
    key(app, pygame.K_RETURN)
    assert scene.tournament is not None and ringed(scene) is None
    assert wait(app, lambda: not scene.running and len(scene.recent) == 2, 120)
    tab_to(app, scene, lambda stop: stop is scene.cross_stop, mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN)
    assert set(scene.pair) == {"level-1", "level-2"} and len(scene._listed()) == 2
    tab_to(app, scene, lambda stop: stop is scene.results_stop)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_r)
    assert type(app.scene).__name__ == "ReplayScene"
    key(app, pygame.K_END)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    tab_to(app, scene, lambda stop: stop is labelled(scene, "New tournament"))
    key(app, pygame.K_RETURN)
    assert scene.tournament is None and ringed(scene) is None
    key(app, pygame.K_TAB)
    assert ringed(scene) is scene.game_chooser


def test_the_ring_on_the_first_latest_result_crosses_no_title(app, tmp_path, monkeypatch):
    """Shift+Tab rings the newest result: the ring, drawn a few pixels outside its row, crossed
    the foot of the list's title ("Latest results (Up, Down: choose one; Enter: see it)").  The
    ring as drawn stands clear of the title's words."""
    from tests.ui_helpers import recorded_text_rects
    from ui.widgets import focus_ring_outset

    scene = _finished_league(app, tmp_path)
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # the last stop: the latest results
    assert scene._on_results()
    rings = recorded_rings(monkeypatch, tournament_results)
    drawn = recorded_text_rects(monkeypatch)
    scene.draw(app.screen)
    title = next(rect for text, rect in drawn if text.startswith("Latest results"))
    ring = next(rect for rect in rings if scene.recent_area.contains(rect))
    outset = focus_ring_outset(scene._scale())
    assert not ring.inflate(2 * outset, 2 * outset).colliderect(title), (ring, title)


def test_a_click_on_start_greyed_for_one_player_says_what_enter_says(app):
    """Start is greyed with fewer than two players chosen; Enter said "Pick at least two players"
    but a click on the greyed Start said nothing (its refusal was "").  Both say it now."""
    scene = TournamentScene(app, "tictactoe")
    app.switch(scene)
    app.run_frames(2)
    for player in scene.player_buttons[1:]:  # Level 1 alone stays chosen
        if player.active:
            click(app, player.rect.center)
    if not scene.player_buttons[0].active:
        click(app, scene.player_buttons[0].rect.center)
    start = labelled(scene, "Start")
    assert len(scene.selected) == 1 and not start.enabled
    click(app, start.rect.center)
    assert scene.tournament is None and [m.text for m in scene.messages.items][-1:] == ["Pick at least two players"]
    scene.messages.items.clear()
    key(app, pygame.K_RETURN)
    assert scene.tournament is None and [m.text for m in scene.messages.items][-1:] == ["Pick at least two players"]


def test_save_results_and_new_tournament_greyed_say_why_by_key_and_click(app, tmp_path, monkeypatch):
    """While the first games are still being played, S and a click on the greyed Save results did
    nothing, nor did a click on New tournament while it runs: not a word, as a broken button.
    They say why now, as Copy tables does.  Ana holds every game (``held_league`` with Level 1
    alone: its games come first), so no game ends while the test presses them."""
    scene = held_league(app, monkeypatch, tmp_path / "tournaments", levels=("level-1",))
    save, new = labelled(scene, "Save results"), labelled(scene, "New tournament")
    assert not scene.tournament.results and not save.enabled and not new.enabled
    nothing_saved = "No game has ended yet: there is nothing to save"
    for press, said in ((lambda: key(app, pygame.K_s), nothing_saved),
                        (lambda: click(app, save.rect.center), nothing_saved),
                        (lambda: click(app, new.rect.center), "New tournament waits for this one to stop: press Stop first")):
        scene.messages.items.clear()
        press()
        assert [m.text for m in scene.messages.items] == [said]
        assert app.scene is scene and scene.tournament.is_running()
    assert not list((tmp_path / "tournaments").glob("*.md"))


def test_speed_greyed_with_watch_off_says_why_at_a_click(app, tmp_path, monkeypatch):
    """Watch off, Speed is greyed: a click on it did nothing, not a word.  It says that Speed is
    the board's pace and that Watch brings the board back, and the pace is left as it was."""
    scene = held_league(app, monkeypatch, tmp_path / "tournaments", watch=False, levels=("level-1",))
    speed, pace = labelled(scene, "Speed: "), scene.speed
    assert not speed.enabled and scene._watchable()
    scene.messages.items.clear()
    click(app, speed.rect.center)
    assert [m.text for m in scene.messages.items] == [
        "Speed is the pace of the games on the board: switch Watch on first"]
    assert scene.speed == pace and scene.tournament.is_running()
