"""Hex connections on the board (#23): key V (or the Connections button) in Hex games and replays
draws what ai.engines.hex_knowledge.analyse knows of the position shown -- dead and captured cells,
both colours' virtual connections, the mustplay region -- computed in a worker process.  Headless;
what is drawn is held to analyse() itself."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

import games
from ai.engines.hex_knowledge import analyse
from games.hex import SWAP as SWAP_MOVE
from games.record import GameRecord
from games.record_parts import Side
from tests.ui_helpers import key, make_app, recorded_text, recorded_text_rects, wait, words_in
from ui.hex_connections import Drawn, draw_connections, winning_carrier
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene

# 7x7, Blue to move: analyse() finds a dead cell (a1), captured cells of both colours, connections
# of both and a mustplay region for Blue
MOVES = ["f7", "b4", "d7", "a7", "g5", "b1", "d5", "c3", "e1", "f2"]


def same(a, b) -> bool:
    """Two Knowledge values agree (the time each took aside)."""
    return dataclasses.replace(a, seconds=0.0) == dataclasses.replace(b, seconds=0.0)


def hex_game(app, moves=MOVES) -> GameScene:
    scene = GameScene(app, MatchSetup("hex", {"size": 7}, HOTSEAT, (None, None), 1.0), moves)
    app.switch(scene)
    app.run_frames(2)
    return scene


def expected_drawing(knowledge, mover: int) -> Drawn:
    """What draw_connections must draw for ``knowledge``, straight from its fields."""
    filled = knowledge.dead | knowledge.captured[0] | knowledge.captured[1]
    carriers = tuple(set().union(*(c.carrier for c in knowledge.connections[s])) - filled for s in (0, 1))
    return Drawn(set(knowledge.dead), (set(knowledge.captured[0]), set(knowledge.captured[1])),
                 ([c.ends for c in knowledge.connections[0]], [c.ends for c in knowledge.connections[1]]),
                 carriers, set(winning_carrier(knowledge, mover)),
                 set(knowledge.winning_keys) if knowledge.winner == mover else set(), set(knowledge.mustplay or ()))


def test_the_hand_built_position_has_everything_to_draw():
    state = games.load("hex", size=7).play_line(MOVES)
    known = analyse(state)
    assert known.dead and known.captured[0] and known.captured[1] and known.mustplay
    assert known.connections[0] and known.connections[1] and known.winner is None


def test_key_v_draws_what_analyse_knows_and_switches_off(app):
    scene = hex_game(app)
    assert scene.btn_connections.visible and not scene.connections.active
    plain = app.screen.copy()
    key(app, pygame.K_v)
    assert scene.connections.active and scene.btn_connections.active
    assert wait(app, lambda: scene.connections.shown() is not None, 60)  # computed in the worker
    state = scene.state
    known = analyse(state)
    assert same(scene.connections.shown(), known)
    surface = pygame.Surface(app.screen.get_size())
    drawn = draw_connections(surface, scene.view, scene.connections.shown(), state.to_move, app.theme)
    assert drawn == expected_drawing(known, state.to_move)
    app.invalidate()
    app.run_frames(1)
    for cell in (*known.dead, *known.captured[0], *known.captured[1], *known.mustplay):
        rect = pygame.Rect(0, 0, 3, 3)  # a little off the centre, away from the marks' outlines
        rect.center = tuple(int(v) for v in scene.view.centre(*divmod(cell, 7)))
        rect.x += int(scene.view.radius * 0.55)
        assert app.screen.subsurface(rect).get_at((1, 1)) != plain.subsurface(rect).get_at((1, 1)), cell
    key(app, pygame.K_v)
    assert not scene.connections.active and scene.connections.shown() is None and not scene.connections.running()


def test_the_overlay_follows_browsing_and_moves(app):
    scene = hex_game(app)
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.connections.shown() is not None, 60)
    scene.browse(4)
    assert wait(app, lambda: scene.connections.shown() is not None and scene.connections.position[0] == tuple(MOVES[:4]), 60)
    assert same(scene.connections.shown(), analyse(scene.shown_state()))
    scene.back_to_game()
    move = next(iter(analyse(scene.state).mustplay))
    scene._play(move, by_computer=False)
    assert wait(app, lambda: scene.connections.shown() is not None and len(scene.connections.position[0]) == 11, 60)
    assert same(scene.connections.shown(), analyse(scene.state))


def test_other_games_have_no_connections(app):
    app.open_demo("game:tictactoe:hotseat:b2")
    scene = app.scene
    assert not scene.btn_connections.visible
    key(app, pygame.K_v)
    assert not scene.connections.active and scene.connections.worker is None


@pytest.mark.parametrize("ply", [6, 10])
def test_key_v_in_a_hex_replay_shows_the_position_shown(app, ply):
    game = games.load("hex", size=7)
    record = GameRecord.start(game, (Side(None, "A"), Side(None, "B"))).with_moves(MOVES, game.play_line(MOVES))
    app.open_replay(record, ply=ply)
    replay = app.scene
    assert replay.connections_button.visible
    key(app, pygame.K_v)
    assert replay.connections.active
    assert wait(app, lambda: replay.connections.shown() is not None, 60)
    assert same(replay.connections.shown(), analyse(replay.states[ply]))
    key(app, pygame.K_LEFT)
    assert wait(app, lambda: replay.connections.shown() is not None
                and replay.connections.position[0] == tuple(MOVES[:ply - 1]), 60)


def test_a_win_by_semi_connections_names_the_dots_on_its_keys(app, monkeypatch):
    """7x7 after d4 c4 c5 e4 e3 g2 f3 a6: Blue's semi-connections join its edges, their keys b5, b6
    and c6 dotted; the line under the legend said "Blue is connected: a won position", with Blue
    still to play a key and no word for the dots.  It names them; a connection already made
    keeps its words."""
    from tests.test_analysis_values import BLUE_SEMI_CONNECTED, RED_CONNECTED
    from ui.hex_connections import status_text

    scene = hex_game(app, BLUE_SEMI_CONNECTED)
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.connections.shown() is not None, 60)
    assert scene.connections.shown().winning_keys
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    assert "Blue wins by playing a dotted cell" in drawn, drawn
    assert not any("is connected" in text for text in drawn), drawn
    connected = games.load("hex", size=7).play_line(RED_CONNECTED)
    assert status_text(connected.game, analyse(connected), connected.to_move, False) == \
        "Red is connected: a won position"


@pytest.mark.parametrize("language, expected", [("en", "Connections: Blue 1 · Red 2"), ("pt", "Ligações: Azul 1 · Vermelho 2")])
def test_a_single_connection_is_not_counted_in_the_plural(language, expected):
    """The legend's line said "Blue: 1 connections" ("Azul: 1 ligações"): the word comes once,
    before both counts, so no count of one reads in the plural."""
    from types import SimpleNamespace

    from ui.hex_connections import status_text

    knowledge = SimpleNamespace(winner=None, mustplay=set(), connections=(["a"], ["b", "c"]))
    with words_in(language):
        assert status_text(games.load("hex", size=5), knowledge, 0, running=False) == expected


def _drawn_on(size: int, moves: list[str], theme=None):
    from ui.board_view import Overlay
    from ui.theme import THEMES
    from ui.views.hex import HexView

    theme = theme or THEMES["dark"]
    game = games.load("hex", size=size)
    state = game.play_line(moves)
    view = HexView(game)
    view.layout(pygame.Rect(0, 0, 900, 700))
    surface = pygame.Surface((900, 700))
    view.draw(surface, state, Overlay(theme=theme))
    known = analyse(state)
    return view, state, known, surface, draw_connections(surface, view, known, state.to_move, theme, state)


@pytest.mark.parametrize("size, moves", [(7, ["d4", "b5", "f3"]), (7, MOVES),
                                         (11, ["g8", "e11", "j6", "h2", "b8", "f8", "h7", "g5", "b10", "g4", "f9", "e9"])])
def test_a_line_to_an_edge_follows_its_carrier(size, moves):
    """After d4 b5 f3 on 7x7 Blue's d4 joins the right edge through the bridge to f3 (carrier e3,
    e4) and f3's captured cells: the line ran straight across row 4 over the empty f4 and g4.  Every
    point of every line lies on the connection's carrier, its side's stones or captured cells, or
    off the board by the edge."""
    view, state, known, _surface, drawn = _drawn_on(size, moves)
    for side in (0, 1):
        own = {c for c in range(size * size) if state.stone_at(c) == side} | set(known.captured[side])
        for connection, points in zip(known.connections[side], drawn.paths[side]):
            allowed = connection.carrier | own
            for (x0, y0), (x1, y1) in zip(points, points[1:]):
                for k in range(21):
                    t = k / 20
                    cell = view.cell_at((round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)))
                    assert cell is None or cell in allowed, (connection.ends, divmod(cell, size))


@pytest.mark.parametrize("theme_name", ["dark", "light", "contrast"])
def test_a_carrier_is_shaded_in_its_sides_colour_not_in_grey(theme_name):
    """The carrier's cells were the side's colour let through at a fifth on the wood: blue on
    orange wood came out grey, close to a dead cell's grey.  In every theme they are now clearly
    the side's colour (its own channel strongest, well apart from grey), and unlike a dead cell."""
    from ui.theme import THEMES

    def tinted(pixel, side: int) -> bool:
        rgb = pixel[:3]
        return max(rgb) - min(rgb) >= 40 and rgb[2 if side == 0 else 0] == max(rgb)

    view, _state, known, surface, drawn = _drawn_on(7, MOVES, THEMES[theme_name])

    def pixel(cell: int):  # below the centre: clear of the lines through the centres
        cx, cy = view.centre(*divmod(cell, 7))
        return surface.get_at((round(cx), round(cy + view.radius * 0.5)))

    for side in (0, 1):
        cells = drawn.carriers[side] - known.mustplay
        assert cells
        assert all(tinted(pixel(cell), side) for cell in cells), [pixel(c) for c in cells]
    assert not any(tinted(pixel(cell), side) for cell in known.dead for side in (0, 1))


@pytest.mark.parametrize("theme_name", ["dark", "light", "contrast"])
def test_a_captured_cell_is_filled_in_its_captors_colour_deeper_than_a_carrier(theme_name):
    """Captured cells were the captor's colour let through at part strength: blue on the wood
    came out grey-blue, next to the carriers' clear tint.  They are now the captor's colour, its
    own channel strongest and deeper (darker) than that side's carrier cells, in every theme."""
    from ui.theme import THEMES

    view, _state, known, surface, drawn = _drawn_on(7, MOVES, THEMES[theme_name])

    def pixel(cell: int):  # between the ring and the cell's edge, below the centre
        cx, cy = view.centre(*divmod(cell, 7))
        return surface.get_at((round(cx), round(cy + view.radius * 0.62)))[:3]

    for side in (0, 1):
        channel = 2 if side == 0 else 0
        captured = [pixel(cell) for cell in drawn.captured[side] - known.mustplay]
        carriers = [pixel(cell) for cell in drawn.carriers[side] - known.mustplay]
        assert captured and carriers
        assert all(max(rgb) - min(rgb) >= 80 and rgb[channel] == max(rgb) for rgb in captured), captured
        assert max(sum(rgb) for rgb in captured) < min(sum(rgb) for rgb in carriers), (captured, carriers)


def test_the_swap_offer_is_drawn_only_where_it_can_be_taken():
    """The replay drew the swap offer (a ring on Blue's stone, the ghost of the Red stone and a
    "swap" label) where no move can be made: a board that is not interactive shows none of it."""
    from ui.board_view import Overlay
    from ui.theme import THEMES
    from ui.views.hex import HexView

    game = games.load("hex", size=7, swap=True)
    state = game.play_line(["c3"])
    view = HexView(game)
    view.layout(pygame.Rect(0, 0, 800, 600))
    pictures = []
    for interactive in (True, False):
        surface = pygame.Surface((800, 600))
        view.draw(surface, state, Overlay(theme=THEMES["dark"], interactive=interactive))
        pictures.append(surface)
        if interactive:
            label = view.notes[0].center  # the label's place
    plain = pygame.Surface((800, 600))
    view.draw(plain, game.initial_state().play(state.swap_cell()), Overlay(theme=THEMES["dark"], interactive=False))
    assert pictures[0].get_at(label) != plain.get_at(label)
    assert pictures[1].get_at(label) == plain.get_at(label)
    assert view.value_anchor(SWAP_MOVE) is not None  # analysis still writes the swap's value on the stone


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_analysis_tags_keep_off_the_swap_label(size):
    """On Red's first turn under the swap rule, with analysis on, the tags of the cells below
    Blue's stone covered most of the "swap" label under it.  No tag covers it now (those cells'
    values become dots, their values in the pointer's tip), and the swap's own tag is still there."""
    from ai.move_values import MoveValue, MoveValues
    from ui.analysis_mode import draw_move_values, move_labels, places
    from ui.board_view import Overlay
    from ui.theme import THEMES
    from ui.views.hex import HexView

    game = games.load("hex", size=7, swap=True)
    state = game.play_line(["d4"])
    view = HexView(game)
    view.layout(pygame.Rect(20, 20, int(size[0] * 0.66), size[1] - 120))
    surface = pygame.Surface(size)
    values = {m: MoveValue(m, 0.4 + 0.001 * i, "mcts", None, None, visits=500 + i)
              for i, m in enumerate(state.legal_moves())}
    labels = move_labels(MoveValues(0, values, nodes=40_000), "hex")
    valued = tuple(place.centre for place in places(view, labels))  # as the game's board passes them
    view.draw(surface, state, Overlay(theme=THEMES["dark"], valued=valued))
    assert len(view.notes) == 1  # the label
    layout = draw_move_values(surface, view, labels, THEMES["dark"])
    assert layout.tags and not [place.moves for tag, place in layout.tags if tag.colliderect(view.notes[0])]
    assert any(SWAP_MOVE in place.moves for _tag, place in layout.tags)


def test_connections_wait_while_the_computer_searches_its_move(app, computer_thinks_until_told):
    """With Connections on against the computer, the overlay's worker analysed the position at the
    same time as the computer's own search (1 s of a core on 19x19), taking the cores from it: the
    overlay now waits while the computer's move is searched, as analysis does, the legend says
    so, and it takes up the position after the reply.  The search lasts until the test has looked
    (``computer_thinks_until_told``), then the level plays its move."""
    from ui.hex_connections import status_text
    from ui.match import HUMAN_VS_PC

    app.start_game(MatchSetup("hex", {"size": 7}, HUMAN_VS_PC, (None, "level-3"), 1.0, seed=1))
    scene = app.scene
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.connections.shown() is not None, 120)  # the human's turn: shown
    scene._play(scene.state.legal_moves()[0], by_computer=False)
    assert wait(app, lambda: computer_thinks_until_told.asked() == 1)  # its search under way
    app.frame()
    assert scene.computer.thinking() and scene.computer.holds_analysis() and scene.connections.waiting
    assert not scene.connections.running() and scene.connections.shown() is None
    assert status_text(scene.game, None, 1, False, scene.connections.waiting) == "Shown after the computer's move"
    computer_thinks_until_told.release()
    assert wait(app, lambda: len(scene.history) == 2, 60)  # the reply played: the human's turn again
    assert wait(app, lambda: scene.connections.shown() is not None
                and scene.connections.position[0] == tuple(p.text for p in scene.history), 60)
    assert not scene.connections.waiting
    assert same(scene.connections.shown(), analyse(scene.state))


def test_connections_say_that_pausing_a_watched_game_lets_them_be_found(app):
    """Watching PC vs PC the overlay waits move after move: its legend says to pause, and paused it
    shows the position's connections."""
    from ui.hex_connections import status_text
    from ui.match import PC_VS_PC

    app.start_game(MatchSetup("hex", {"size": 7}, PC_VS_PC, ("level-3", "level-3"), 1.0, seed=1))
    scene = app.scene
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.computer.thinking() and scene.connections.waiting, 120)
    assert not scene.connections.running() and scene.connections.shown() is None
    assert status_text(scene.game, None, 0, False, True, scene.computer.holds_move_after_move()) == \
        "Pause the game to see them"
    key(app, pygame.K_SPACE)  # Pause
    assert scene.paused and not scene.computer.holds_move_after_move()
    assert wait(app, lambda: scene.connections.shown() is not None, 120)
    assert same(scene.connections.shown(), analyse(scene.shown_state()))


@pytest.mark.parametrize("waiting, watching, winner", [(True, True, None), (True, False, None), (False, False, 1)])
def test_the_legends_line_fits_the_panel(monkeypatch, waiting, watching, winner):
    """The line under the legend is bold, but it was shortened to fit as if it were not: watching
    at 1280x800, "... pause the game to see them" ran out of the panel past the window's edge."""
    from types import SimpleNamespace

    from ui.hex_connections import draw_legend, legend_height
    from ui.theme import THEMES

    pygame.init()
    drawn = recorded_text_rects(monkeypatch)
    game = games.load("hex", size=7)
    knowledge = None if winner is None else SimpleNamespace(winner=winner, mustplay=None, connections=((), ()),
                                                            winning_keys=frozenset())
    for width in (150, 210, 330):
        drawn.clear()
        rect = pygame.Rect(10, 10, width, legend_height(game, 1.0, width))
        draw_legend(pygame.Surface((400, 300)), rect, game, knowledge, 0, THEMES["dark"], 1.0, False, waiting, watching)
        line, where = drawn[-1]
        assert line and where.right <= rect.right, (width, line)


@pytest.mark.parametrize("scale", [0.7, 1.0, 1.6])
def test_the_legends_line_is_drawn_within_the_room_it_is_given(monkeypatch, scale):
    """``legend_height`` counted 44 pixels for the heading and the line under the rows, which take
    47 at 1280x800: the move list's heading, drawn under it, cut the descenders of "Blue must
    play in the outlined cells" (docs/hex-connections.png showed "pla" and a stray mark)."""
    from types import SimpleNamespace

    from ui.hex_connections import draw_legend, legend_height
    from ui.theme import THEMES

    pygame.init()
    drawn = recorded_text_rects(monkeypatch)
    game = games.load("hex", size=11)
    knowledge = SimpleNamespace(winner=None, mustplay={5}, connections=((), ()))
    width = int(330 * scale)
    rect = pygame.Rect(10, 10, width, legend_height(game, scale, width))
    draw_legend(pygame.Surface((800, 600)), rect, game, knowledge, 0, THEMES["dark"], scale, False)
    line, where = drawn[-1]
    assert line == "Blue must play in the outlined cells" and where.bottom <= rect.bottom, (scale, where, rect)


# the research terms the legend said, which a player does not know (and their Portuguese)
RESEARCH_TERMS = {"en": ("dead", "captured", "mustplay"), "pt": ("morta", "capturada", "obrigatória")}
PLAIN_LABELS = {"en": ("Useless to both", "Worth a stone", "Must play here, or lose"),
                "pt": ("Inútil a ambos", "Vale uma pedra", "Tem de jogar aqui, ou perde")}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_legend_says_what_each_mark_means_for_the_player(monkeypatch, language):
    """The legend named the marks "Dead cell", "Captured cell" and "Mustplay region", research
    terms a player does not know: it says what each means for the game instead, in either language."""
    from types import SimpleNamespace

    from ui.hex_connections import draw_legend, legend_height
    from ui.theme import THEMES

    pygame.init()
    drawn = recorded_text(monkeypatch)
    game = games.load("hex", size=7)
    knowledge = SimpleNamespace(winner=None, mustplay={5}, connections=((), ()))
    with words_in(language):
        rect = pygame.Rect(10, 10, 600, legend_height(game, 1.0, 600))
        draw_legend(pygame.Surface((800, 600)), rect, game, knowledge, 0, THEMES["dark"], 1.0, False)
    assert set(PLAIN_LABELS[language]) <= set(drawn), drawn
    assert not [text for text in drawn for term in RESEARCH_TERMS[language] if term in text.lower()], drawn


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1920, 1080)])
def test_every_legend_label_is_drawn_whole_in_the_game_and_the_replay(tmp_path, monkeypatch, language, size):
    """In two columns the Portuguese legend was cut at 800x600 and 1024x600 ("Zona de jogada o...",
    "Ligações do Verm..."); a label that does not fit half the panel takes a row of its own, the
    short ones stay two to a row, in the game's panel and the replay's, and the game's move list
    keeps a row under the legend in the smallest window."""
    from ui import i18n
    from ui.hex_connections import LEGEND_ROWS
    from ui.scenes.replay import ReplayScene

    app = make_app(tmp_path, monkeypatch, size=size)
    app.settings.language = language
    app.apply_settings()
    try:
        scene = hex_game(app)
        replay = ReplayScene(app, scene.recorder.record, analyse=False)
        for shown in (scene, replay):
            app.switch(shown)
            shown.connections.toggle()
            app.run_frames(2)
            with pytest.MonkeyPatch.context() as patched:
                drawn = recorded_text(patched)
                shown.draw(app.screen)
            labels = [i18n._(LEGEND_ROWS[0]), i18n._(LEGEND_ROWS[1]), i18n._(LEGEND_ROWS[3])]
            labels += [i18n._(LEGEND_ROWS[2]).format(side=i18n._(side)) for side in scene.game.sides]
            for label in labels:
                assert label in drawn, (type(shown).__name__, label, [d for d in drawn if d.endswith("…")])
            if shown is scene:  # a long label takes a row of its own, the short ones two to a row:
                assert scene.panel.moves_rect.height > 0  # the move list keeps its room
        assert app.errors == []
    finally:
        app.quit()
        i18n.set_language("en")


def _panel_with_connections(app, monkeypatch, moves: list[str]) -> tuple[GameScene, list[str]]:
    """A hotseat 3x3 Hex game after ``moves`` with V's connections shown: the scene, and the
    texts its panel draws then."""
    scene = GameScene(app, MatchSetup("hex", {"size": 3}, HOTSEAT, (None, None), 1.0), moves)
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.connections.shown() is not None, 60)
    drawn = recorded_text(monkeypatch)
    scene.panel.draw(app.screen)
    return scene, drawn


def test_the_legend_leaves_the_move_list_three_rows_on_a_small_board(app, monkeypatch):
    """Hex 3x3 hot-seat with its connections on (V): at 1280x800 the legend left the move list one
    row, so of a game's three rows of moves only the last was in view.  With nothing to say of a
    search, the thinking card now takes one line, and the whole list shows."""
    moves = ["a1", "c3", "a3", "c1", "b3"]
    scene, drawn = _panel_with_connections(app, monkeypatch, moves)
    assert not scene.is_over() and "Connections" in drawn and "Player 2 to move (Red)" in drawn
    assert all(move in drawn for move in moves), drawn  # the first row as well as the last


def test_the_one_line_thinking_card_cuts_nothing_at_800x560(tmp_path, monkeypatch):
    """The thinking card on one line (the legend on, the move list short of room) read "Pronto
    Clique no tabuleiro ou use as s…" in Portuguese at 800x560; the tip, which the board's status
    line also gives, is left out when it does not fit whole."""
    from ui import i18n

    app = make_app(tmp_path, monkeypatch, size=(800, 560))
    try:
        app.settings.language = "pt"
        app.apply_settings()
        scene, drawn = _panel_with_connections(app, monkeypatch, ["a1", "c3"])
        assert "Joga Jogador 1 (Azul)" in drawn
        assert not [text for text in drawn if text.endswith("…")], drawn
    finally:
        i18n.set_language("en")
        app.quit()


def test_against_the_computer_the_legend_leaves_the_move_list_three_rows_too(app, monkeypatch):
    """Hex 4x4 against level 1 with the connections on (V): the thinking card showed the last
    search on three lines, so at 1280x800 the move list kept one row, only the newest moves in
    view, in every game against the computer.  The card now says the last search on one line."""
    from tests.test_ui_move_entry import enter_moves

    moves = ["a1", "d4", "a4", "d1"]
    scene = GameScene(app, MatchSetup("hex", {"size": 4}, HUMAN_VS_PC, (None, "level-1"), 0.2), moves)
    app.switch(scene)
    app.run_frames(2)
    enter_moves(app, "b2")
    assert wait(app, lambda: len(scene.history) == 6 and scene.human_to_move(), 60)
    key(app, pygame.K_v)
    assert wait(app, lambda: scene.connections.shown() is not None, 60)
    drawn = recorded_text(monkeypatch)
    scene.panel.draw(app.screen)
    assert "Connections" in drawn and "Level 1 plays at random" in drawn  # its last move's card (no search)
    played = [ply.text for ply in scene.history]
    assert all(move in drawn for move in played), drawn  # the first row as well as the last


@pytest.mark.parametrize("where", ["game", "replay"])
def test_key_v_outside_hex_says_the_connections_are_hexs(app, where):
    """V in Reversi, a game or its replay, did nothing at all, not a word: it says why now, and
    switches nothing on."""
    game = games.load("reversi")
    if where == "game":
        app.switch(GameScene(app, MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0), ["d3"]))
    else:
        record = GameRecord.start(game, (Side(None, "A"), Side(None, "B")))
        app.open_replay(record.with_moves(["d3"], game.play_line(["d3"])))
    app.run_frames(2)
    scene = app.scene
    key(app, pygame.K_v)
    assert not scene.connections.active
    assert [m.text for m in scene.messages.items] == ["The connections (V) are shown in Hex only"]
