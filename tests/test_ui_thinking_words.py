"""What the game screen says of the engine's view, as a newcomer reads it: where a move came from
in words (never a search's internal ``kind``: "book", "solver", "mcts"...), a proof coloured as
good or bad news for the player who asked, and rules pages that name where their rules come from.

A Rastros hint at the start of 8x8 said "proven: North wins -- book" in the panel's green to the
South player who asked: "-- book" is jargon, and green told them a loss was good news."""

from __future__ import annotations

import re

import pygame
import pytest

import games
from ai.search.classic import COURSE_SCALE
from games.alquerque import parse_point
from tests.ui_helpers import (
    click,
    down_to_widget,
    in_language,
    key,
    recorded_draws,
    recorded_text,
    recorded_text_colours,
    wait,
    window_for_a_test,
    words_in,
)
from ui import i18n
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.panel_search import proof_colour
from ui.scenes.rules import rules_source
from ui.scenes.thinking import detail_line, detail_parts, nodes_text, proven_text, value_found

# every kind a search reports (ai.base.Progress.kind), and the sources the panel may one day name
KINDS = ("alphabeta", "mcts", "solver", "book", "rule", "threats", COURSE_SCALE, "tables", "vc")
# the kinds' names as words of their own (a course heuristic's score is "the bot's own scale",
# plain words); "book" only in "opening book"
JARGON = re.compile(r"--|\b(alphabeta|mcts|solver|rule|threats|tables|vc)\b|(?<!opening )\bbook\b", re.I)


def reports(kind: str) -> list[AIProgress]:
    """A search of ``kind`` as the panel may get it, of a position with either side to move: under
    way, finished, proving a win, a loss or a draw, with and without a length, the only move."""
    return [report for m in (0, 1) for report in (
        AIProgress(job_id=1, depth=6, best_text="e3", score=0.4, nodes=120_000, pv=["e3", "d4"], kind=kind, mover=m),
        AIProgress(job_id=1, best_text="e3", kind=kind, mover=m),
        *(AIProgress(job_id=1, depth=d, best_text="e3", score=s, proven=v, proven_plies=n, kind=kind, mover=m)
          for v, s in ((1, 1.0), (-1, -1.0), (0, 0.0)) for n in (None, 7) for d in (0, 3)),
        AIProgress(job_id=1, depth=1, best_text="e3", kind=kind, only_move=True, mover=m))]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("kind", KINDS)
def test_no_text_of_the_panel_or_the_hint_names_a_search_kind(kind, language):
    """In every game and both languages, the panel's lines and the hint's proof say where a move
    came from in words: "from the opening book: e3" and "proven: North wins", not "-- book"."""
    said = []
    with words_in(language):
        for game_id in ("tictactoe", "reversi", "hex", "rastros", "alquerque", "trax"):
            sides = games.info(game_id).sides
            for p in reports(kind):
                said += [detail_line(p, sides, game_id), proven_text(p, sides), nodes_text(p)]
    assert [text for text in said if JARGON.search(text)] == []


# the course's words for a search's size, which the thinking card, a hint and analysis's caption said
SIZE_WORDS = re.compile(r"\b(depth|profundidade|playouts?|simulaç(ão|ões)|nodes?|nós)\b", re.I)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_card_and_the_hint_say_how_far_a_search_looked_in_a_players_words(kind, language):
    """The thinking card said "depth 6 · best e3" over "120.0k nodes · e3 d4", a Monte Carlo
    search's "17,666 playouts", and a hint "(depth 2 · better for you)": the course's words, on
    the screen a casual player reads.  They say "6 moves ahead", "17,666 games tried" and "120.0k
    positions looked at" now; the search tree's screen, where a student reads the search, keeps
    "depth 6" (``estimate_depth`` not plain)."""
    from ui.scenes.hint_words import hint_why
    from ui.scenes.thinking import estimate_depth

    said = []
    with words_in(language):
        for game_id in ("tictactoe", "reversi", "hex", "rastros", "alquerque", "trax"):
            sides = games.info(game_id).sides
            for p in reports(kind):
                said += [*detail_parts(p, sides, game_id), nodes_text(p), estimate_depth(p), hint_why(p, game_id)]
        assert [text for text in said if SIZE_WORDS.search(text)] == []
        searched = reports(kind)[0]
        if kind in ("alphabeta", "threats"):
            assert estimate_depth(searched, plain=False) == i18n._("depth {n}").format(n=6)
            assert estimate_depth(searched) == i18n.ngettext("{n} move ahead", "{n} moves ahead", 6).format(n=6)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_course_players_depth_on_the_search_tree_counts_moves_as_every_screen_does(language):
    """The search tree said a course player's "depth 5 (6 plies ahead)" where analysis and the
    player's description say "6 moves ahead": two words for one count."""
    from ui.analysis import moves_ahead_text
    from ui.scenes.thinking import estimate_depth

    with words_in(language):
        said = estimate_depth(AIProgress(1, depth=6, course_depth=5, mover=0), plain=False)
        assert moves_ahead_text(6) in said, said
        assert i18n._("depth {n}").format(n=5) in said, said
        assert not re.search(r"\bpl(y|ies)\b|meias?-jogadas?", said), said


def _panel_after_hint(app, monkeypatch, setup: MatchSetup) -> tuple[GameScene, list]:
    """The game of ``setup`` after H (a hint) and its answer, and the texts its panel draws then."""
    scene = GameScene(app, setup, [])
    app.switch(scene)
    app.run_frames(2)
    key(app, pygame.K_h)
    assert app.run_frames(100000, until=lambda: scene.hint is not None, timeout=120)
    drawn = recorded_text_colours(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    return scene, drawn


def test_a_hint_to_a_player_a_book_proves_lost_is_not_good_news(app, monkeypatch):
    """South asks for a hint at the start of 8x8 Rastros against the computer: the opening book
    proves North wins.  The panel says so in words, not in the good-news green."""
    setup = MatchSetup("rastros", {}, HUMAN_VS_PC, (None, "level-5"), 0.5)
    scene, drawn = _panel_after_hint(app, monkeypatch, setup)
    said = [m.text for m in scene.messages.items if m.text.startswith("Hint")]
    assert said and not JARGON.search(said[0]) and said[0].endswith("(proven: you lose)")  # to South who asked
    proof = [colour for text, colour in drawn if text == "proven: North wins"]
    assert proof and app.theme.win not in proof and proof[0] == app.theme.invalid
    assert any(text.startswith("from the opening book: ") for text, _colour in drawn)


def test_a_hint_to_a_player_a_book_proves_won_is_good_news(app, monkeypatch):
    """Hot-seat 7x7 Rastros: South, to move, asks for a hint and the book proves South wins: the
    good-news colour, for the player at the board."""
    setup = MatchSetup("rastros", {"size": 7}, HOTSEAT, (None, None), 0.5)
    _scene, drawn = _panel_after_hint(app, monkeypatch, setup)
    assert [colour for text, colour in drawn if text == "proven: South wins"] == [app.theme.win]


def test_a_watched_games_proofs_are_nobodys_good_or_bad_news(app):
    """PC vs PC: no one at the window plays, so a proof is in the text's colour, whoever wins; a
    proven draw is too, for anyone."""
    theme = app.theme
    north_wins = AIProgress(job_id=1, proven=-1, mover=0, kind="book")
    draw = AIProgress(job_id=1, proven=0, mover=0, kind="solver")
    assert MatchSetup("rastros", {}, PC_VS_PC, ("level-5", "level-5")).human_side() is None
    assert proof_colour(north_wins, None, theme) == theme.text
    assert proof_colour(north_wins, 1, theme) == theme.win and proof_colour(north_wins, 0, theme) == theme.invalid
    assert proof_colour(draw, 0, theme) == theme.text


# what each page's opening paragraph says of where its rules come from, in each language
SOURCES = {
    ("alquerque", "en"): "course report on Alquerque", ("alquerque", "pt"): "relatório do curso sobre o Alquerque",
    ("hex", "en"): "adversarial search exercise", ("hex", "pt"): "exercício de pesquisa adversarial",
    ("trax", "en"): "ALP course", ("trax", "pt"): "curso de ALP",
    ("rastros", "en"): "university AI courses", ("rastros", "pt"): "cursos de IA das universidades",
}


@pytest.mark.parametrize(("game_id", "language"), sorted(SOURCES))
def test_the_rules_pages_say_where_their_rules_come_from(game_id, language):
    """Trax's and Rastros' pages named their source; Alquerque's (the course report) and Hex's (an
    adversarial search exercise, with the classic rules) did not.  Each says it before its first
    section, in English and in Portuguese."""
    with words_in(language):
        opening = rules_source(game_id).split("\n## ")[0]
    assert SOURCES[(game_id, language)] in " ".join(opening.split())


@pytest.mark.parametrize("game_id, options, far", [("rastros", {"size": 8}, "whole game"), ("reversi", {"size": 6}, "book")])
def test_a_proof_from_beyond_the_search_is_not_said_beside_a_shallow_depth(game_id, options, far):
    """Analysis of 8x8 Rastros' start (the book proves North's win, its length unknown) wrote
    "depth 2 · best 3-4 · proven: North wins", the depth of the analysis' rounds beside a proof of
    the whole game; 6x6 Reversi's book the same with "wins by 4 discs".  A proof the search did
    not see the end of stands alone."""
    from ai.move_values import analyse
    from ui.analysis_mode import line_progress

    game = games.load(game_id, **options)
    state = game.initial_state()
    snapshot = analyse(state, game_id, max_depth=2)
    best = snapshot.best()
    shown = line_progress(snapshot, [game.format_move(state, best.move)])
    assert shown.proven is not None and shown.depth > 0, far  # the oddity's ingredients are there
    assert proven_text(shown, game.sides).startswith("proven: ")
    assert "depth" not in detail_line(shown, game.sides, game_id)


def test_a_search_that_saw_the_end_keeps_its_depth_beside_the_proof():
    """Tic-tac-toe's search proves a win within its depth: "depth 3 · best a3" above "proven: X wins
    in 3 plies" is one story, and the depth stays."""
    from ai.move_values import analyse
    from ui.analysis_mode import line_progress

    game = games.load("tictactoe")
    state = game.play_line(["b2", "b1", "a1", "c3"])  # X forks at a3
    snapshot = analyse(state, "tictactoe", max_depth=4)
    best = snapshot.best()
    shown = line_progress(snapshot, [game.format_move(state, best.move)])
    assert shown.proven is not None and shown.proven_plies is not None and shown.proven_plies <= shown.depth
    assert detail_line(shown, game.sides, "tictactoe").startswith(f"{shown.depth} moves ahead · ")


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_on_6x6_reversi_says_its_proven_margin_is_the_boards(app, monkeypatch, language):
    """Hot-seat 6x6 Reversi: Black asks for a hint at the start, and the book proves White wins by
    4.  The panel said "proven: White wins by 4 discs", a count the end card gives only second
    (it leads with the tournament's, the empty squares to the winner): it says "on the board" now,
    whole on the panel, as the rules page quotes it."""
    app.settings.language = language
    app.apply_settings()
    try:
        setup = MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 0.5)
        _scene, drawn = _panel_after_hint(app, monkeypatch, setup)
        said = {"en": "proven: White wins by 4 discs on the board", "pt": "provado: Branco ganha por 4 peças no tabuleiro"}
        assert said[language] in [text for text, _colour in drawn], drawn
        page = re.sub(r"\s+", " ", rules_source("reversi"))
        assert said[language].replace("Branco", "Preto").replace("White", "Black").replace("4", "6") in page
    finally:
        i18n.set_language("en")


LONG_LINE = ["f4", "f5", "a3", "d3", "b4", "e2", "c6", "pass"]  # a Reversi principal variation


def _line_said(text: str) -> list[str]:
    """What follows ``text``'s last separator, its label ("expects ", ``EXPECTS``) left out."""
    from ui.scenes.panel_search import EXPECTS

    return text.rsplit(" · ", 1)[-1].removeprefix(i18n._(EXPECTS).format(moves="")).split(" ")


def _ends_at_a_whole_move(text: str, moves: list[str]) -> bool:
    """Whether ``text``'s moves (what follows its last separator and the line's label) are the
    line's first moves, then " …" unless all of them are there."""
    said = _line_said(text)
    if said[-1] == "…":
        return said[:-1] == moves[:len(said) - 1]
    return said == moves


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 560), (800, 500)])
def test_the_thinking_cards_line_ends_at_a_whole_move(app, monkeypatch, language, size):
    """Reversi against the computer: a long principal variation was cut inside a move on the
    thinking card ("f4 f5 a3 d…").  At every window size down to the least the app allows (at
    800x500 the card is one line, without the line), in both languages, the line ends at a whole
    move, with "…" where the rest does not fit, on the card's second line and beside a proof."""
    from ui.app import LEAST_SIZE

    with words_in(language):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.run_frames(2)
        app.start_game(MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-5"), 1.0), ["f5", "d6"])
        scene = app.scene
        assert wait(app, lambda: scene.computer.job is None, 120)  # the computer's player loaded: Black's turn
        searches = [AIProgress(job_id=1, depth=14, best_text="f4", score=4.0, nodes=12_345_678, pv=LONG_LINE,
                               mover=1),
                    AIProgress(job_id=1, depth=20, best_text="f4", score=4.0, nodes=12_345_678, pv=LONG_LINE,
                               proven=1, exact_margin=True, mover=1, kind="solver")]
        lines = []
        for search in searches:
            scene.computer.last_search, scene.computer.last_search_moves = search, list(scene.history)
            drawn = recorded_text(monkeypatch)
            app.invalidate()
            app.run_frames(2)
            monkeypatch.undo()
            lines += [text for text in drawn if " · " in text and _line_said(text)[0] in ("f4", "…")]
        assert lines or size == LEAST_SIZE
        assert all(_ends_at_a_whole_move(text, LONG_LINE[:6]) for text in lines), lines


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 768), (800, 560)])
def test_the_thinking_cards_proof_is_said_whole(app, monkeypatch, language, size):
    """At 800x560 the card's proof was cut: "provado: Sul ganha em 2 meias-joga…" (Rastros 7x7's
    analysis, in Portuguese), "proven: White wins by 4 discs on the…" (Reversi's solver).  Where
    the whole proof does not fit its line the card says who wins alone, never a cut sentence."""
    with words_in(language):
        for game_id, options, moves, proof in (
                ("reversi", {}, ["f5", "d6"], dict(score=4.0, exact_margin=True, mover=1)),
                ("rastros", {"size": 7}, ["4-3", "5-2", "6-1", "6-2", "6-3", "7-3"],
                 dict(score=999_998.0, proven_plies=2, mover=0))):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            app.run_frames(2)
            app.start_game(MatchSetup(game_id, options, HUMAN_VS_PC, (None, "level-5"), 1.0), moves)
            scene = app.scene
            assert wait(app, lambda scene=scene: scene.computer.job is None, 120)
            search = AIProgress(job_id=1, depth=9, best_text="x", nodes=9_999, pv=[], proven=1, kind="solver", **proof)
            scene.computer.last_search, scene.computer.last_search_moves = search, list(scene.history)
            drawn = recorded_text(monkeypatch)
            app.invalidate()
            app.run_frames(2)
            monkeypatch.undo()
            said = [text for text in drawn if text.startswith(i18n._("proven: {side} wins").split("{")[0])]
            assert said and not any(text.endswith("…") for text in said), said


def _forced_reply_at_larger_text(app):
    """Alquerque against Level 3 at Larger text (Ctrl+plus twice), after c2-c3: the computer's
    reply c4xc2, its only legal move, played; the game's scene."""
    for _step in range(2):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.settings.text_size == 1.5
    app.start_game(MatchSetup("alquerque", {}, HUMAN_VS_PC, (None, "level-3"), 1.0))
    scene = app.scene
    app.run_frames(2)
    for point in ("c2", "c3"):
        click(app, scene.view.point_xy(parse_point(point)))
    assert wait(app, lambda: len(scene.history) == 2 and scene.computer.job is None, 120)
    return scene


def test_the_one_line_card_says_a_lone_part_where_the_headline_leaves_it_no_room(app, monkeypatch):
    """Alquerque in Portuguese at Larger text (Ctrl+plus twice), against Level 3: after c2-c3 the
    computer's c4xc2 is its only legal move, and the one-line thinking card read "Última pesquisa"
    and nothing else: "única jogada possível: c4xc2" did not fit beside the headline, and the
    headline gave way only to two parts.  It gives way to a lone part too."""
    with in_language(app, "pt"):
        _forced_reply_at_larger_text(app)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        monkeypatch.undo()
        only = i18n._("only legal move: {move}").format(move="c4xc2")
        assert any(only in text for text in drawn), drawn


def test_the_computers_forced_move_is_said_as_its_own_on_the_one_line_card(tmp_path, monkeypatch):
    """The same game in an 800x600 window: the card said "Nível 3:" and nothing else, "única
    jogada possível: c4xc2" fitting neither beside it nor alone; and Reversi's card read "única
    jogada possível: a6" alone, its headline given way, on the player's own turn over a board whose
    a6 the computer had just filled: the player read it as their own only move.  Where the forced
    move is the computer's move just played (lit on the move list) the card names whose it was
    and says "only legal move", or "only move", beside it, as it says a value beside "Level 3:"."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, "pt"):
        scene = _forced_reply_at_larger_text(app)
        drawn = recorded_draws(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        monkeypatch.undo()
        label = [d for d in drawn if d.bold and d.value == i18n._("{player}:").format(player=scene.setup.player_label(1))]
        assert label, [d.value for d in drawn]
        beside = [d.value for d in drawn if abs(d.rect.centery - label[0].rect.centery) <= 2
                  and d.rect.left > label[0].rect.right]
        assert beside and beside[0] in (i18n._("only legal move"), i18n._("only move")), beside


@pytest.mark.parametrize("size", [(1366, 768), (1280, 800)])
@pytest.mark.parametrize("game_id", ["tictactoe", "hex", "reversi", "rastros", "alquerque", "trax"])
def test_the_one_line_card_says_whose_search_it_shows_in_every_game(tmp_path, monkeypatch, game_id, size):
    """A newcomer in Portuguese at Larger text on a 1366x768 screen, the computer moving first:
    Hex's and Trax's one-line card read "melhor d5 · Hipóteses do Vermelho: 68%", the headline
    given way to the news, where tic-tac-toe's said "Última pesquisa".  Every game's line names
    whose search it is, in a short form where the full one leaves no room ("Nível 3:"), and says
    what it found after it (at 1280x800 without the best move, the computer's move just played)."""
    with window_for_a_test(tmp_path, monkeypatch, size=size) as app, in_language(app, "pt"):
        for _step in range(2):
            key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
        app.start_game(MatchSetup(game_id, {}, HUMAN_VS_PC, ("level-3", None), 0.3))
        scene = app.scene
        assert wait(app, lambda: len(scene.history) == 1 and scene.computer.job is None, 120)
        drawn = recorded_draws(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        monkeypatch.undo()
        labels = {i18n._("Last search"), i18n._("{player}:").format(player=scene.setup.player_label(0))}
        label = [d for d in drawn if d.value in labels and d.bold]
        assert label, [d.value for d in drawn]
        news = [d for d in drawn if abs(d.rect.centery - label[0].rect.centery) <= 2 and d.rect.left > label[0].rect.right]
        assert news and any(word in news[0].value for word in ("melhor", "vantagem", "Hipóteses", "pontos", "peças", "ganha")), news


@pytest.mark.parametrize(("game_id", "player", "name", "language"), [
    ("reversi", "level-1", "Level 1", "en"), ("reversi", "level-1", "Nível 1", "pt"),
    ("rastros", "rastros:bacoco", "Bacoco", "en"),
])
def test_a_level_that_plays_at_random_is_not_said_to_have_searched(tmp_path, monkeypatch, game_id, player, name,
                                                                   language):
    """Reversi against level 1, which plays a random legal move: after its reply the thinking card
    said "Last search: chose c5" ("Última pesquisa: escolheu c5"), as if a search had chosen it.
    The player's own report says it drew the move at random (``ai.base.AT_RANDOM``), and the card
    names the player and says so; browsed back to its move, the card says the same, not "The
    search that chose ply 2".  The course's Rastros player Bacoco plays at random too, and its
    card said "Last search" (its report gave no reason): it says "Bacoco plays at random"."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        app.start_game(MatchSetup(game_id, {}, HUMAN_VS_PC, (None, player), 0.3))
        scene = app.scene
        assert scene.setup.player_label(1) == name
        app.run_frames(2)
        for plies in (2, 4):  # the person's move clicked on the board, the level's reply
            cell = scene.view.move_cell(scene.state.legal_moves()[0])  # (row, column), as the board's places are keyed
            click(app, dict(scene.view.targets(scene.state))[cell].center)
            assert wait(app, lambda plies=plies: len(scene.history) == plies and scene.computer.job is None, 60)
        assert scene.history[-1].by_computer
        at_random = i18n._("{player} plays at random").format(player=scene.setup.player_label(1))
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        live = list(drawn)
        assert at_random in live and i18n._("Last search") not in live, live
        chose = i18n._("chose {move}").format(move=scene.history[-1].text)
        assert any(chose in text for text in live), live
        del drawn[:]
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)  # the position after the level's first move, ply 2
        assert scene.browsing == 2
        assert at_random in drawn and i18n._("The search that chose move {n}").format(n=2) not in drawn, drawn
        assert any(i18n._("chose {move}").format(move=scene.history[1].text) in text for text in drawn), drawn


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_course_player_that_plays_by_a_fixed_order_is_not_said_to_have_searched(tmp_path, monkeypatch, language):
    """Rastros against the course's ObtusoSW, which takes the last move after a fixed sort: after
    its reply the card said "Last search: chose 4-5", as if a search had chosen it.  Its report
    says it played by a fixed order (``ai.base.FIXED_ORDER``), and the card names the player and
    says so, as it does for Bacoco's moves at random; browsed back to its move, the same."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        app.start_game(MatchSetup("rastros", {}, HUMAN_VS_PC, (None, "rastros:obtuso-sw"), 0.3))
        scene = app.scene
        app.run_frames(2)
        for plies in (2, 4):  # the person's move clicked on the board, ObtusoSW's reply
            cell = scene.view.move_cell(scene.state.legal_moves()[0])
            click(app, dict(scene.view.targets(scene.state))[cell].center)
            assert wait(app, lambda plies=plies: len(scene.history) == plies and scene.computer.job is None, 60)
        assert scene.history[-1].by_computer
        fixed = i18n._("{player} plays by a fixed order").format(player="ObtusoSW")
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        live = list(drawn)
        assert fixed in live and i18n._("Last search") not in live, live
        assert any(i18n._("chose {move}").format(move=scene.history[-1].text) in text for text in live), live
        del drawn[:]
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)  # the position after ObtusoSW's first move, ply 2
        assert scene.browsing == 2
        assert fixed in drawn and i18n._("The search that chose move {n}").format(n=2) not in drawn, drawn


@pytest.mark.parametrize(("player", "language"), [("level-3", "en"), ("level-3", "pt"), ("level-5", "en")])
def test_hexs_opening_stone_for_the_swap_rule_is_not_said_to_have_searched(tmp_path, monkeypatch, player, language):
    """Hex with the swap rule, the computer Blue and first: its first stone is placed by a rule (a
    modest stone, or level 5's balanced cell, that Red's swap gains little from), and the card said
    "Last search: chose b1" (level 5: "from the opening book", no book a player can look up).  It
    says "Last move: chose b1 · an opening stone for the swap rule"; browsed back, "Browsing move 1".
    In Portuguese the two parts take a line each."""
    with window_for_a_test(tmp_path, monkeypatch) as app, in_language(app, language):
        app.start_game(MatchSetup("hex", {"size": 7, "swap": True}, HUMAN_VS_PC, (player, None), 0.3))
        scene = app.scene
        assert wait(app, lambda: len(scene.history) == 1 and scene.computer.job is None, 120)
        assert scene.history[-1].by_computer
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        live = list(drawn)
        assert i18n._("Last move") in live and i18n._("Last search") not in live, live
        said = [i18n._("chose {move}").format(move=scene.history[0].text),  # one line, or two where it is long
                i18n._("an opening stone for the swap rule")]
        assert all(any(part in text for text in live) for part in said), live
        cell = [m for m in scene.state.legal_moves() if m != "swap"][-1]  # the person's stone, not the swap
        click(app, dict(scene.view.targets(scene.state))[cell].center)
        assert wait(app, lambda: len(scene.history) == 2, 30)
        del drawn[:]
        key(app, pygame.K_LEFT)  # the position after the computer's stone, ply 1
        assert scene.browsing == 1
        assert i18n._("Browsing move {n}").format(n=1) in drawn, drawn
        assert i18n._("The search that chose move {n}").format(n=1) not in drawn, drawn
        assert all(any(part in text for text in drawn) for part in said), drawn


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_hint_of_hexs_opening_stone_for_the_swap_rule_suggests_it(app, monkeypatch, language):
    """Blue asks for a hint at the start of a hot-seat Hex game with the swap rule: a rule gives
    the stone (an opening stone for the swap rule), and the card read "Hint · chose c1 · an
    opening stone for the swap rule", as if the hint had played it.  A hint suggests its move as
    a search's hint does: "best c1"."""
    with in_language(app, language):
        setup = MatchSetup("hex", {"size": 7, "swap": True}, HOTSEAT, (None, None), 0.5)
        scene, drawn = _panel_after_hint(app, monkeypatch, setup)
        hint = scene.computer.last_search_seen()[0]
        assert hint.kind == "rule", hint
        texts = [text for text, _colour in drawn]
        best = i18n._("best {move}").format(move=hint.best_text)
        assert i18n._("Hint") in texts and any(best in text for text in texts), texts
        assert any(i18n._("an opening stone for the swap rule") in text for text in texts), texts
        assert not any(i18n._("chose {move}").format(move=hint.best_text) in text for text in texts), texts


def test_a_player_who_hides_the_computers_evaluation_sees_only_the_move_it_chose(tmp_path, monkeypatch):
    """A club player in a serious Reversi game against the computer read, after each of its moves,
    how its search judged the game ("White +2 discs") and the line it expected, whose first move was
    their own best reply: a hint they had not asked for, with no way to turn it off.  With
    Settings' "Computer's evaluation" off, the card says only the move it chose; a hint
    asked for still says its value."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.show_settings()
        app.run_frames(2)
        down_to_widget(app, app.scene.menu, "show_evaluations")
        key(app, pygame.K_LEFT)  # the switch turned off, as Left does on the Settings screen
        assert app.settings.show_evaluations is False
        app.start_game(MatchSetup("reversi", {}, HUMAN_VS_PC, (None, "level-3"), 0.3))
        scene = app.scene
        app.run_frames(2)
        cell = scene.view.move_cell(scene.state.legal_moves()[0])  # (row, column), as the board's places are keyed
        click(app, dict(scene.view.targets(scene.state))[cell].center)
        assert wait(app, lambda: len(scene.history) == 2 and scene.computer.job is None, 60)
        search = scene.computer.last_search_seen()[0]
        value = value_found(search, scene.game.sides, "reversi")
        assert value  # what the card said of it before
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        live = list(drawn)
        assert any(i18n._("chose {move}").format(move=scene.history[-1].text) in text for text in live), live
        assert not any(value in text or i18n._("best {move}").format(move=search.best_text) in text
                       or (len(search.pv) > 1 and search.pv[1] in text.split()) for text in live), live

        del drawn[:]
        key(app, pygame.K_h)  # a hint asked for says what it found
        assert wait(app, lambda: scene.computer.job is None and scene.computer.last_search_hint, 60)
        app.invalidate()
        app.run_frames(2)
        hint = scene.computer.last_search_seen()[0]
        said = [part for part in detail_parts(hint, scene.game.sides, "reversi") if hint.best_text in part]
        assert said and any(said[0] in text for text in drawn), (said, drawn)  # "best c5", "from the opening book: c5"


def test_a_hidden_evaluation_keeps_the_reason_a_rule_gives_for_its_move(tmp_path, monkeypatch):
    """With the evaluation hidden, Hex's level 5 opening for the swap rule read "Last search: chose
    f2", its reason gone with the values; a rule's reason says why the move, not how the game
    stands, and stays: "Last move", "an opening stone for the swap rule"."""
    with window_for_a_test(tmp_path, monkeypatch) as app:
        app.settings.show_evaluations = False
        app.start_game(MatchSetup("hex", {"size": 11, "swap": True}, HUMAN_VS_PC, ("level-5", None), 0.3))
        scene = app.scene
        assert wait(app, lambda: len(scene.history) == 1 and scene.computer.job is None, 60)
        drawn = recorded_text(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        assert i18n._("Last move") in drawn, drawn
        assert any(i18n._("an opening stone for the swap rule") in text for text in drawn), drawn


def test_a_hint_whose_move_was_played_is_said_to_be_a_move_back(app, monkeypatch):
    """Hot-seat Tic-tac-toe: X asks for a hint and plays it; the card, now under O's turn, still
    shows the hint's search.  It read "Hint" over "best b2" with b2 already on the board, as if it
    were O's hint; it says the hint is one move back, as it does when the game left its line."""
    setup = MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.5)
    scene, _drawn = _panel_after_hint(app, monkeypatch, setup)
    hinted = scene.hint_shown()
    click(app, dict(scene.view.targets(scene.state))[scene.view.move_cell(hinted)].center)
    assert len(scene.history) == 1 and scene.history[-1].move == hinted
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    best = i18n._("best {move}").format(move=scene.history[-1].text)
    headline = drawn[drawn.index(best) - 1]  # the card's headline over its search
    assert headline == i18n.ngettext("Hint, {n} move back", "Hint, {n} moves back", 1).format(n=1), drawn
