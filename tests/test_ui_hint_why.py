"""A hint says why its move, as a learner needs it: the value its search found, or what it proved,
in the panel's words and the game's unit, in each language."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import click, key, wait, words_in


def _hotseat(app, game_id: str, moves: tuple[str, ...]):
    """A hot-seat game of ``game_id`` with ``moves`` played by clicks on the board: its screen."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup(game_id, {}, HOTSEAT, (None, None), 1.0))
    scene = app.scene
    for text in moves:
        click(app, scene.view.cell_rect(*scene.view.move_cell(scene.game.parse_move(scene.state, text))).center)
    assert scene.state == scene.game.play_line(list(moves))
    return scene


def _hint_asked(app, scene) -> str:
    """H pressed, the hint waited for: the message it said."""
    key(app, pygame.K_h)
    assert wait(app, lambda: scene.hint is not None, 120)
    return [m.text for m in scene.messages.current() if m.topic != "refusal"][-1]


@pytest.mark.parametrize("language, ahead", [("en", "you win by about 1 {unit}"),
                                             ("pt", "ganha por cerca de 1 {unit}")])
@pytest.mark.parametrize("game_id, moves, unit, book", [
    ("alquerque", (), "pieces", False),  # a search's value: "you are 0.5 pieces down" (it said "Black +0.5 pieces")
    ("reversi", (), "discs", True),  # the opening book's move and value: "you win by about 1 disc"
])
def test_a_hint_that_proves_nothing_says_the_value_it_found(app, language, ahead, game_id, moves, unit, book):
    """H at the start said "Hint: d3-c3" (Alquerque) and "Hint: d3" (Reversi) alone, the move with
    no word of why, while the panel's last search valued it.  It now says the value in the game's
    unit, to the player who asked (the first: Alquerque's White, Reversi's Black): "Hint: d3 (you
    are 1 disc ahead)"; the panel's words, "Black +1 disc", name the side the value favours, and
    White asking in Alquerque read "Black +0.5 pieces"; a search's value after its depth, as
    analysis's line says its own ("depth 9 · you are ...", ``estimate_depth``)."""
    from ui import i18n
    from ui.scenes.hint_words import hint_why
    from ui.scenes.thinking import estimate_depth

    with words_in(language):
        scene = _hotseat(app, game_id, moves)
        said = _hint_asked(app, scene)
        search = scene.computer.last_search
        assert search is not None and search.proven is None and (search.kind == "book") == book, search
        assert search.mover == 0, search
        why = hint_why(search, game_id)
        move = scene.game.format_move(scene.state, scene.hint)
        assert said == i18n._("Hint: {move} ({why})").format(move=move, why=why), said
        assert not any(i18n._(side) in said for side in scene.game.sides), said
        depth_first = i18n._("Hint: {move} ({why})").format(move=move, why=f"{estimate_depth(search)} · ")[:-1]
        assert book or (estimate_depth(search) and said.startswith(depth_first)), said
        if book:  # the book's whole disc, said as the book's (no analysis on): the sentence itself, unit and all
            assert f"({i18n._('opening book')} · {ahead.format(unit={'en': 'disc', 'pt': 'peça'}[language])})" in said, said
        elif language == "en":  # level 5's search: White half a piece down, after "N moves ahead"
            assert "you are " in said and (f" {unit} up" in said or f" {unit} down" in said), said
            assert said.count("ahead") == 1, said  # the depth's alone: "ahead" meant two things


@pytest.mark.parametrize("language, yours", [("en", "your chances: {percent}%"),
                                             ("pt", "as suas hipóteses: {percent}%")])
def test_a_hex_hint_asked_as_blue_speaks_of_blues_chances(app, language, yours):
    """Hex 9x9, Blue in a corner and Red at the centre, Blue asks: the hint said "Hint: g9 (Red
    63% to win)", pt "Hipóteses do Vermelho: 63%", the side its value favours, read by Blue as
    the hint's own confidence.  It says Blue's chances, the asker's: "(your chances: 37%)"."""
    from ui import i18n
    from ui import text as tx
    from ui.match import HOTSEAT, MatchSetup
    from ui.scenes.thinking import estimate_depth, win_rate

    with words_in(language):
        app.start_game(MatchSetup("hex", {"size": 9}, HOTSEAT, (None, None), 1.0))
        scene = app.scene
        for move in ("a1", "e5"):
            click(app, dict(scene.view.targets(scene.state))[scene.game.parse_move(scene.state, move)].center)
        assert len(scene.history) == 2 and scene.state.to_move == 0  # Blue asks
        said = _hint_asked(app, scene)
        search = scene.computer.last_search
        assert search is not None and search.kind == "mcts" and search.mover == 0, search
        percent = round(100 * win_rate(search.score))  # Blue's own (42% or so: Red holds the centre)
        move = scene.game.format_move(scene.state, scene.hint)
        why = tx.join_parts([estimate_depth(search), yours.format(percent=percent)])  # "17,666 playouts · ..."
        assert said == i18n._("Hint: {move} ({why})").format(move=move, why=why), said
        assert i18n._("Red") not in said, said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_that_blocks_a_threat_says_so(app, language):
    """Tic-tac-toe, X threatening c1: the hint said "Hint: c1 (proven: draw)", not the threat it
    stops, which the panel's last search says.  It now says both, in the panel's words."""
    from ui import i18n

    with words_in(language):
        scene = _hotseat(app, "tictactoe", ("a1", "b2", "b1"))
        said = _hint_asked(app, scene)
        why = " · ".join([i18n._("blocks the only threat"), i18n._("proven: draw")])
        assert said == i18n._("Hint: {move} ({why})").format(move="c1", why=why), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_of_the_only_legal_move_says_so(app, language):
    """Reversi, Black with no move but a pass (the rules page's example): H said "Hint: pass", as
    if the pass were a choice.  It now says it is the only legal move."""
    from ui import i18n
    from ui.match import HUMAN_VS_PC, MatchSetup
    from ui.scenes.rules import EXAMPLES

    _game, options, start = EXAMPLES["reversi-pass"]
    with words_in(language):
        app.start_game(MatchSetup("reversi", options, HUMAN_VS_PC, (None, "level-1"), 0.5, start=start))
        scene = app.scene
        said = _hint_asked(app, scene)
        assert said == i18n._("Hint: {move} ({why})").format(move=i18n._("pass"), why=i18n._("only legal move")), said


def test_the_panel_heads_a_hints_search_hint_not_last_search(app, monkeypatch):
    """Hot-seat tic-tac-toe, H: the thinking card headed the hint's search "Last search", in a
    game where no computer moves: whose search?  It says "Hint"."""
    from tests.ui_helpers import recorded_text

    scene = _hotseat(app, "tictactoe", ("a1", "b2", "b1"))
    drawn = recorded_text(monkeypatch)
    _hint_asked(app, scene)
    app.run_frames(2)
    assert "Hint" in drawn and "Last search" not in drawn, drawn


def test_a_hint_says_analysis_value_of_its_move_where_analysis_searched_it_as_deep(app):
    """Hot-seat Reversi 30 plies in, analysis on: H said "depth 12 · best a3 · White +35 discs"
    where analysis's line said "depth 12 · best a3 · White +34" of the same move, two searches
    (the hint's of the whole position, analysis's of the position after each move) of a selective
    alpha-beta valuing one move a disc apart.  Where analysis has valued the hinted move as deep
    as the hint's search or deeper, the hint says analysis's number at analysis's depth: here
    analysis's values are set by hand, 30 plies deep (deeper than a hint's second reaches), a
    different number for each move."""
    import random

    from ai.move_values import MoveValue, MoveValues
    from games import load

    rng, moves, game = random.Random(1), [], load("reversi")
    state = game.initial_state()
    for _ in range(30):
        move = rng.choice(state.legal_moves())
        moves.append(game.format_move(state, move))
        state = state.play(move)
    scene = _hotseat(app, "reversi", tuple(moves))
    analysed = {move: MoveValue(move, 20.0 + i, depth=30) for i, move in enumerate(state.legal_moves())}
    scene.analysis.position = (tuple(moves), game.to_text(state))
    scene.analysis.values = MoveValues(state.to_move, analysed)
    said = _hint_asked(app, scene)
    discs = round(analysed[scene.hint].score)
    assert said.endswith(f"(30 moves ahead · you win by about {discs} discs)"), said  # "ahead" the depth's alone
    assert scene.computer.last_search.score == analysed[scene.hint].score


def test_a_hint_asked_on_an_earlier_position_shows_the_games(app):
    """Tic-tac-toe b2 a2 b1 b3, stepped back to after b2 (O to play) with analysis on: H said
    "Hint: a1 (proven: you win in 3 moves)", the game's hint for X, unmarked, over a board whose a1
    analysis valued "=" for O.  The hint is the game's position's, so the window goes back to the
    game, as Step does, and marks it there."""
    scene = _hotseat(app, "tictactoe", ("b2", "a2", "b1", "b3"))
    key(app, pygame.K_a)
    for _back in range(3):
        key(app, pygame.K_LEFT)
    assert scene.browsing == 1
    said = _hint_asked(app, scene)
    assert said == "Hint: a1 (proven: you win in 3 moves)", said
    assert scene.browsing is None and scene.shown_state() == scene.state
    assert scene.hint_shown() == scene.game.parse_move(scene.state, "a1")


def test_a_hints_note_goes_with_its_move_played(app):
    """The hint's move played: on Reversi 10x10 against level 5, "Hint: i10 (only legal move)"
    stood on under the next position, over the result card of the game that move had ended,
    though the hint's mark went with the move.  The note goes with it (``HINT_NOTE``): here the
    first hint of a hot-seat game, played by a click on its mark."""
    from ui.scenes.game_computer import HINT_NOTE

    scene = _hotseat(app, "reversi", ())
    _hint_asked(app, scene)
    assert any(m.topic == HINT_NOTE for m in scene.messages.current())
    click(app, scene.view.cell_rect(*scene.view.move_cell(scene.hint)).center)
    assert len(scene.history) == 1 and scene.hint is None
    assert not any(m.topic == HINT_NOTE for m in scene.messages.current()), scene.messages.current()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hex_hint_after_a_proof_of_its_position_says_the_proven_loss_not_chances(app, monkeypatch, language):
    """Hex: the computer's search proved "Red wins" and then Blue's hint, a Monte Carlo search
    that proved nothing itself, said "your chances: 0%" and the panel "Red 100% to win".  The
    hint says the proof known of the position in the words of a proof, "proven: you lose in 7
    moves", and the panel "proven: Red wins in 7 moves", no percentage.  Red's search is planted
    as a level leaves it (its position after a1, its line e5 on, a win in 8 plies from there):
    whether level 5's own hint proves a position in its second is not the test's to choose."""
    from tests.ui_helpers import recorded_text
    from ui import i18n
    from ui.ai_worker import AIProgress
    from ui.match import HOTSEAT, MatchSetup

    with words_in(language):
        app.start_game(MatchSetup("hex", {"size": 9}, HOTSEAT, (None, None), 1.0))
        scene = app.scene
        for move in ("a1", "e5"):
            click(app, dict(scene.view.targets(scene.state))[scene.game.parse_move(scene.state, move)].center)
        computer = scene.computer
        computer.last_search = AIProgress(0, depth=8, best_text="e5", pv=["e5", "d6"], proven=1, proven_plies=8,
                                          kind="solver", done=True, mover=1)
        computer.last_search_moves = ("a1",)
        said = _hint_asked(app, scene)
        move = scene.game.format_move(scene.state, scene.hint)
        why = i18n._("proven: {outcome}").format(outcome=i18n.ngettext("you lose in {n} move", "you lose in {n} moves",
                                                                        7).format(n=7))
        assert said == i18n._("Hint: {move} ({why})").format(move=move, why=why), said
        drawn = recorded_text(monkeypatch)  # the panel with the hint's search answered
        scene.invalidate()
        app.run_frames(2)
        proof = i18n.ngettext("proven: {side} wins in {n} move", "proven: {side} wins in {n} moves", 7)
        assert proof.format(side=i18n._("Red"), n=7) in drawn, drawn
        assert not any("%" in text for text in drawn), [text for text in drawn if "%" in text]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_reversi_hint_after_a_proof_of_its_position_says_its_disc_margin(app, monkeypatch, language):
    """Reversi: White's search proved "White wins by 12 discs on the board", and Black's hint,
    whose own search proved nothing, borrowed the proof without its measure: "proven: you lose",
    the panel "proven: White wins".  The hint and the panel say the proof in its own measure, the
    margin in discs.  White's search is planted as level 5's solver leaves it (its position after
    d3, its line c5 on): whether a hint's two seconds solve a position is not the test's to choose."""
    from tests.ui_helpers import recorded_text
    from ui import i18n
    from ui.ai_worker import AIProgress

    with words_in(language):
        scene = _hotseat(app, "reversi", ("d3", "c5"))
        computer = scene.computer
        computer.last_search = AIProgress(0, depth=60, best_text="c5", pv=["c5", "c3"], score=12.0, proven=1,
                                          kind="solver", exact_margin=True, done=True, mover=1)
        computer.last_search_moves = ("d3",)
        said = _hint_asked(app, scene)
        assert scene.computer.last_search.proof_apart, scene.computer.last_search  # the hint's own proved nothing
        move = scene.game.format_move(scene.state, scene.hint)
        lost = i18n.ngettext("you lose by {n} disc on the board", "you lose by {n} discs on the board", 12)
        why = i18n._("proven: {outcome}").format(outcome=lost.format(n=12))
        assert said == i18n._("Hint: {move} ({why})").format(move=move, why=why), said
        drawn = recorded_text(monkeypatch)  # the panel with the hint's search answered
        scene.invalidate()
        app.run_frames(2)
        proof = i18n.ngettext("proven: {side} wins by {n} disc on the board",
                              "proven: {side} wins by {n} discs on the board", 12)
        assert proof.format(side=i18n._("White"), n=12) in drawn, drawn


@pytest.mark.parametrize("language, said_of_the_end", [("en", "you lose by at most 4 discs"),
                                                        ("pt", "perde por no máximo 4 peças")])
def test_a_book_bound_hint_says_the_final_margin_as_an_estimate_does(app, language, said_of_the_end):
    """Reversi 6x6 past White's slip (c2 b4 c5 b2), the book proves Black's final margin at
    least -4: Black's hint said "you are at most 4 discs behind" with as many discs as White on
    the board, where an estimate says "you lose by about N discs" (the margin at the end,
    not the count now)."""
    from ui.match import HOTSEAT, MatchSetup

    with words_in(language):
        app.start_game(MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 1.0), ["c2", "b4", "c5", "b2"])
        scene = app.scene
        said = _hint_asked(app, scene)
        assert scene.computer.last_search.at_least, scene.computer.last_search
        assert said.endswith(f"{said_of_the_end})"), said
