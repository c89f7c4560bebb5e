"""The game panel's cards at 800x600, Larger text: a proof or an end reason too long for its line
is said in a shorter form that keeps its facts (who wins, in how many moves, where), never cut
with an ellipsis where a shorter form fits (``thinking.proven_forms``,
``game_over.result_detail_forms``)."""

from __future__ import annotations

import pygame
import pytest

from tests.test_analysis_ui import hotseat_clicked
from tests.test_ui_positions import type_move
from tests.ui_helpers import (
    click,
    held_game_clock,
    in_language,
    key,
    recorded_text_rects,
    resign_by_keys,
    wait,
    window_for_a_test,
    words_in,
)
from ui import text as tx
from ui.i18n import _
from ui.scenes.game_over import result_detail_forms

# Rastros (8x8) played to its end: North's 34th move onto 8-1, South's goal, "North moved onto
# 8-1: South wins", a move list long enough for the panel's one-line card
RASTROS_GAME = ("4-6", "5-7", "4-7", "3-6", "3-7", "2-8", "3-8", "4-8", "5-8", "6-7", "7-8", "7-7", "7-6", "8-5", "7-4",
                "6-4", "6-5", "6-6", "5-5", "4-4", "3-3", "4-2", "4-3", "5-3", "5-2", "6-3", "7-3", "8-2", "7-1", "6-2",
                "5-1", "6-1", "7-2", "8-1")


def larger_text(app) -> None:
    """Settings' Text size at Larger (1.5), as Ctrl+plus twice sets it."""
    for _step in range(2):
        key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)
    assert app.settings.text_size == 1.5


def panel_text(app, monkeypatch, scene) -> list[str]:
    """The texts one frame draws inside the game panel."""
    drawn = recorded_text_rects(monkeypatch)
    app.invalidate()
    app.run_frames(1)
    monkeypatch.undo()
    return [text for text, rect in drawn if scene.panel.rect.contains(rect)]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_analysis_proof_says_who_wins_and_how_soon_whole_at_800x600_larger(tmp_path, monkeypatch, language):
    """Tic-tac-toe after b2 b1 a1, analysis on (A): at 800x600, Larger text, in Portuguese the
    one-line card read "provado: X ganha em 4 jo…".  It says the proof in the longest form that
    fits its line, "provado: X ganha em 4", with the winner and the length."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        scene = hotseat_clicked(app, "tictactoe", {}, ("b2", "b1", "a1"))
        key(app, pygame.K_a)
        assert wait(app, lambda: scene.analysis.values is not None and scene.analysis.values.done
                    and (line := scene.analysis_line()) is not None and line.proven is not None, 120)
        plies = scene.analysis_line().proven_plies
        parts = [part for text in panel_text(app, monkeypatch, scene) for part in text.split(tx.SEPARATOR)]
        assert not [part for part in parts if part.endswith("…") and part != "…"], parts  # "…": more moves
        assert any(_("{side} wins in {n}").format(side="X", n=plies) in part for part in parts), (plies, parts)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_rastros_result_card_says_the_reason_short_rather_than_cut(tmp_path, monkeypatch, language):
    """Hot-seat Rastros ended by North's move onto 8-1: at 800x600, Larger text, the panel's
    one-line result card cut the reason, "Sul ganha  Norte foi para…", "South wins  North move…".
    It says its short form where the whole does not fit: "Norte em 8-1", "North on 8-1"."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        scene = hotseat_clicked(app, "rastros", {}, RASTROS_GAME)
        assert scene.is_over()
        said = panel_text(app, monkeypatch, scene)
        assert not [text for text in said if text.endswith("…")], said
        assert _("{side} wins").format(side=_("South")) in said, said
        assert any(_("North") in text and "8-1" in text for text in said if text != "8-1"), said


def test_the_portuguese_card_names_the_side_favoured_without_saying_best_twice():
    """The analysis and hint cards read "melhor c5 · melhor para o O" in Portuguese: the side
    that tic-tac-toe's points favour is said as the evaluation graph says it, "O em vantagem"."""
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import detail_line

    with words_in("pt"):
        said = detail_line(AIProgress(0, depth=2, best_text="c5", score=-3.0, mover=0), ("X", "O"), "tictactoe")
        assert said.count("melhor") == 1 and said.endswith("melhor c5 · O em vantagem"), said
        assert _("{side} better").format(side="O") == "O em vantagem"


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("measure", [dict(proven_plies=7), dict(proven_plies=41, plies_at_most=True),
                                     dict(score=4.0, exact_margin=True), dict(score=4.0, at_least=True)])
def test_a_proofs_shorter_forms_keep_the_winner_and_the_length(language, measure):
    """``proven_forms``, the most said first: each names the winner, and each but the last (the
    short "proven: White wins") keeps the length or the margin, in moves, at most so many, or
    discs, or its bound, by at least so many discs; each but the last is shorter than the one
    before it.  A bound's forms end in the board's tag of it, the winner to move: "≥+4"."""
    from ui.ai_worker import AIProgress
    from ui.scenes.thinking import proven_forms

    with words_in(language):
        forms = proven_forms(AIProgress(0, proven=1, mover=1, **measure), ("Black", "White"))
        if measure.get("at_least"):
            assert forms.pop() == "≥+4", forms
        n = str(measure.get("proven_plies", 4))
        assert all(len(longer) > len(shorter) for longer, shorter in zip(forms[:-2], forms[1:-1])), forms
        assert len(forms) == 4 and all(_("White") in form for form in forms), forms
        assert all(n in form for form in forms[:-1]) and n not in forms[-1], forms


def bound_proved(app, monkeypatch):
    """Reversi's ``WIPED_OUT`` pasted on the menu and started, analysis on (A) until its level-5
    search proves Black's one move loses by at least so many discs, a bound; the game's screen."""
    from tests.test_reversi_estimate_bound import WIPED_OUT
    from tests.test_ui_positions import paste

    larger_text(app)
    paste(app, f"Reversi\n{WIPED_OUT}\n", monkeypatch)
    key(app, pygame.K_RETURN)  # Start game: Human vs PC, the human Black, who is to move
    scene = app.scene
    key(app, pygame.K_a)
    assert wait(app, lambda: (line := scene.analysis_line()) is not None and line.proven is not None, 120)
    return scene


def test_analysis_proven_bound_is_said_whole_at_800x600_larger(tmp_path, monkeypatch):
    """Analysis's proven bound (``bound_proved``), which the one-line card said as "proven: White
    wins · f1 …".  At 800x600, Larger text, it says the bound in a form that fits its row, never
    cut."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, "en"):
        scene = bound_proved(app, monkeypatch)
        n = abs(round(scene.analysis_line().score))
        parts = [part for text in panel_text(app, monkeypatch, scene) for part in text.split(tx.SEPARATOR)]
        assert any(_("{side} wins by at least {n}").format(side=_("White"), n=n) in part for part in parts), (n, parts)
        assert not [part for part in parts if part.endswith("…") and part != "…"], parts  # "…": more moves



def test_analysis_proven_bound_is_said_beside_the_best_move_in_portuguese_at_800x600_larger(tmp_path, monkeypatch):
    """In Portuguese that layout gives the card no row for the line of play, and no worded form of
    "provado: Branco ganha por pelo menos 54 peças" fits beside "melhor f1": the card said no
    proof at all.  It says the bound as the board's tag on f1 does ("≤-54")."""
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, "pt"):
        scene = bound_proved(app, monkeypatch)
        (move, label), = scene.analysis.labels().items()
        assert label.text.startswith("≤-")
        best = _("best {move}").format(move=scene.game.format_move(scene.state, move))
        assert f"{best}{tx.SEPARATOR}{label.text}" in panel_text(app, monkeypatch, scene)

# each game played to an end whose reason is long: its reason as games/ write it, and the moves typed
ENDINGS = {
    "X has 3 in a row": ("tictactoe", {}, ("b2", "c3", "c2", "a3", "a2")),
    "Board full: draw": ("tictactoe", {}, ("b1", "c1", "b2", "a2", "c2", "b3", "a3", "a1", "c3")),
    "Blue connected left and right": ("hex", {"size": 4}, ("a3", "a4", "c2", "c1", "b2", "c4", "d2")),
    "Red connected top and bottom": ("hex", {"size": 4}, ("d1", "b1", "c3", "a3", "a2", "a4", "d3", "b2")),
    "Black wins 20 - 16": ("reversi", {"size": 6}, (
        "b3", "b4", "a5", "d2", "e4", "b5", "c2", "a2", "b2", "e2", "c5", "a3", "f1", "e5", "d5", "d1", "e6", "f2",
        "b1", "a6", "b6", "c6", "a4", "d6", "a1", "f5", "e1", "c1", "f6", "e3", "f4", "f3")),
    "Black wins 21 - 14 (22 - 14 with the empty squares to the winner)": ("reversi", {"size": 6}, (
        "d5", "c5", "b3", "e3", "f3", "b2", "c6", "f2", "f1", "a3", "e4", "e6", "d6", "f4", "f6", "b6", "a2", "e5",
        "b4", "a4", "e2", "c2", "b1", "d2", "d1", "a1", "c1", "e1", "f5", "b5", "a6")),
    "Dark wins: a dark line, completed by Light": ("trax", {"size": 7}, (
        "d3+", "d5+", "e3\\", "f4\\", "e2\\", "e1\\", "f1/", "c5+", "c1/", "e6\\", "c2/", "g3+", "c6\\", "b2/", "a3+")),
    "Dark wins: a light loop and a dark line in one turn: the mover wins": ("trax", {"size": 7}, (
        "e4+", "e5/", "c4\\", "b4+", "f4\\", "a4+", "f3\\", "c5\\", "a3+", "g5/", "d6+", "e7+", "e2/", "d2\\")),
    "Dark wins: a dark loop and a dark line": ("trax", {"size": 7}, (
        "c4+", "b4\\", "c3\\", "c2+", "c1\\", "b5+", "e4/", "b3\\", "e1/", "d5+", "a3+", "e6/", "a1\\", "f1+", "a6/", "f5+",
        "f2+", "c6/", "g4\\", "g1\\")),
    "Light wins: a light line": ("trax", {"size": 7}, (
        "c4+", "e4/", "c5\\", "b4/", "c6\\", "e3/", "f5+", "f2+", "g4+", "b7\\", "g5+", "f7\\", "c2\\", "a6+", "f1+")),
    "Draw: 40 plies passed with no capture": ("alquerque", {}, (
        "d3-c3", "b3xd3", "e3xc3", "b4-b3", "d2-e3", "c4-b4", "e1-d2", "d4-d3", "d1-e1", "d5-d4", "c3-c4", "d3-c3",
        "e1-d1", "c3-d3", "d2-c3", "c5-d5", "c1-d2", "d5-c5", "d1-c1", "c5-d5", "c4-c5", "b4-c4", "c3-b4", "b3-c3",
        "b2-b3", "c3-b2", "c1-d1", "b2-c1", "d1-e1", "a3-b2", "b3-a3", "c1-d1", "d2-c3", "b2-c1", "c2-b2", "d3-d2",
        "c3-b3", "d4-c3", "e3-d4", "e4-e3", "d4-e4", "c3-c2", "e4-d4")),
    "Draw: the same position, with the same player to move, occurred a third time": ("alquerque", {}, (
        "b2-c3", "b3-b2", "b1xb3", "b4xb2", "a1-b1", "c4-b4", "b1-a1", "b4-c4", "c1-b1", "a4-b4", "b1-c1", "b4-a4")),
    "Black has no legal move": ("alquerque", {}, (
        "d3-c3", "d4-d3", "c3-d4", "b4-c3", "d4xb4", "c5-c4", "b4-c5", "a5-b4", "c5xa5", "e5-d4", "a5-b5", "d5-e5",
        "b5-c5", "e5-d5", "e3xe5", "d3-e3", "d2-d3", "c3-d2", "c2-c3", "d2-c2", "d1-d2", "d4-e4", "c5-b5", "c4-d4",
        "c3-c4", "d4-c3", "c4-d4", "d5-c5", "d4-c4", "c5-d4", "b5-a5")),
    "Black has no pieces left": ("alquerque", {}, (
        "d3-c3", "d4-d3", "c3-d4", "e5xc3", "e3xe5", "d3-e3", "b2xd4", "b3-b2", "d2-c3", "b4xd2", "d4xb4", "e3-d3",
        "a1xc3", "d5-d4", "c3xe3", "a5xc3", "c2xc4", "a4-b4", "c4xa4", "d4-c4", "b1-b2", "b5-a5", "b2-b3", "c5-d5",
        "e3-d3", "a5-b4", "d3-e3", "a3xa1", "c1-b2", "b4-a3", "a4-b4", "a3xc3", "e3-d3", "a1-b1", "b2-b3", "b1-c1",
        "d1xb1", "c3-c2", "e5xc5", "d2-c1", "c5-b5", "c4-d4", "b4-a4", "c2-d2", "e1xc3xe5", "c1-d1", "e2-d2",
        "d1-c1", "b1xd1")),
}


def hotseat_typed(app, game_id: str, options: dict, moves: tuple[str, ...], clock: str | None = None):
    """A hot-seat game of ``game_id`` (with its ``clock``, if any) with ``moves`` typed in the move
    field: its screen (a Trax tile or an Alquerque capture is more than one click).  One frame
    takes every move's keys, in order: the moves are the set-up, the card after them the fact."""
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup(game_id, options, HOTSEAT, (None, None), 1.0, clock=clock))
    for text in moves:
        type_move(app, text, frames=0)
    app.run_frames(1)
    assert app.scene.state == app.scene.game.play_line(list(moves))
    return app.scene


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("reason", list(ENDINGS))
def test_every_games_result_card_says_its_reason_short_rather_than_cut(tmp_path, monkeypatch, language, reason):
    """Each game played to an end with a long reason: at 800x600, Larger text, the panel's one-line
    result card cut Hex's "Vermel…", Reversi's "22 - 14 · 21 - …", Alquerque's "Preto fico…"; it
    says the reason's short form (``words.SHORT_REASONS``) where the whole does not fit."""
    game_id, options, moves = ENDINGS[reason]
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        scene = hotseat_typed(app, game_id, options, moves)
        assert scene.is_over() and scene.state.end_reason() == reason
        said = panel_text(app, monkeypatch, scene)
        assert not [text for text in said if text.endswith("…")], said
        assert set(result_detail_forms(scene)) & set(said), said  # on the one-line card, in one of its forms


@pytest.mark.parametrize("language", ["en", "pt"])
def test_trax_short_reasons_count_two_paths_of_a_kind_and_say_two_at_once_only_for_two(language):
    """A Trax win's short forms say its paths by kind: two loops are "two loops", not "loop and
    loop"; "two at once", the shortest, only where two paths were made (a single line is not)."""
    from ui.words import short_end_reasons

    with words_in(language):
        loops = short_end_reasons("Light wins: a light loop and a dark loop in one turn: the mover wins")
        assert loops[0] == _("{side} wins: {made}").format(side=_("Light"), made=_("two loops")), loops
        assert loops[-1] == _("{side} wins: two at once").format(side=_("Light")), loops
        assert short_end_reasons("Light wins: a light line") == [
            _("{side} wins: {made}").format(side=_("Light"), made=_("line"))]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("reason", ["Black wins 20 - 16", "Black has no pieces left",
                                    "Dark wins: a dark loop and a dark line"])
def test_a_resignations_result_card_says_who_resigned_short_rather_than_cut(tmp_path, monkeypatch, language, reason):
    """A hot-seat game resigned late (Ctrl+R, Y) in Reversi, Alquerque and Trax: at 800x600, Larger
    text, the panel's one-line card cut "White resigns at move 30" to "White resign…", "Branco
    des…"; it says "White resigns" or, where that does not fit, "Resigned" beside "Black wins"."""
    game_id, options, moves = ENDINGS[reason]
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        scene = hotseat_typed(app, game_id, options, moves[:-3])
        resign_by_keys(app)
        assert scene.is_over() and scene.forfeit is not None
        said = panel_text(app, monkeypatch, scene)
        assert not [text for text in said if text.endswith("…")], said
        assert set(result_detail_forms(scene)) & set(said), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_flag_falls_result_card_says_who_ran_out_of_time_short_rather_than_cut(tmp_path, monkeypatch, language):
    """A hot-seat Reversi game on a one-minute clock, White's flag fallen at move 30 (the game's
    clock held, moved on by the test): at 800x600, Larger text, the one-line card says "White lost
    on time" or "Out of time" beside "Black wins", not "White lost on time at move 30" cut."""
    game_id, options, moves = ENDINGS["Black wins 20 - 16"]
    skip = held_game_clock(monkeypatch)
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        scene = hotseat_typed(app, game_id, options, moves[:-3], clock="1m")
        skip(61)
        assert wait(app, scene.is_over) and scene.forfeit is not None and "on time" in scene.recorded_reason()
        said = panel_text(app, monkeypatch, scene)
        assert not [text for text in said if text.endswith("…")], said
        assert set(result_detail_forms(scene)) & set(said), said


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_bots_forfeit_on_the_result_card_says_who_forfeited_short_rather_than_cut(tmp_path, monkeypatch, language):
    """A student's bot (White) crashes at its 8th move of a Reversi game against the player, who
    clicks a legal square at each turn: at 800x600, Larger text, the panel's one-line card cut
    "White forfeits: student crashed at move 16: ..." to "White forfeits: …" beside "You win!"; it
    says "White forfeits" or, where that does not fit, "Forfeit"."""
    from tests.outside_bots import bot_faulting_at
    from ui.match import HUMAN_VS_PC, MatchSetup

    bot = bot_faulting_at(tmp_path, 8, "raise ValueError('no row for this position')", name="student.py")
    with window_for_a_test(tmp_path, monkeypatch, size=(800, 600)) as app, in_language(app, language):
        larger_text(app)
        app.start_game(MatchSetup("reversi", {}, HUMAN_VS_PC, (None, str(bot)), 1.0))
        scene = app.scene
        while scene.forfeit is None:
            assert wait(app, lambda: scene.human_to_move() or scene.forfeit is not None, 60)
            if scene.forfeit is None:
                click(app, scene.view.cell_rect(*scene.view.move_cell(scene.state.legal_moves()[0])).center)
        assert scene.is_over() and len(scene.history) == 15 and "crashed at move 16" in scene.recorded_reason()
        said = panel_text(app, monkeypatch, scene)
        assert not [text for text in said if text.endswith("…")], said
        assert set(result_detail_forms(scene)[1:]) & set(said), said  # a short form: the whole has no room


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_forfeits_short_forms_name_the_side_then_say_forfeit_alone(language):
    """A referee's forfeit, its account after the side ("O forfeits: sleeper.py exceeded the time
    limit (...)"), and an SGF's without one (RE[W+F]) say "O forfeits", then "Forfeit"."""
    from ui.words import short_end_reasons

    with words_in(language):
        said = [_("{side} forfeits").format(side="O"), _("Forfeit")]
        assert short_end_reasons("O forfeits: sleeper.py exceeded the time limit (no answer after 1.51 s)\n"
                                 "log: /tmp/sleeper.log") == said
        assert short_end_reasons("O forfeits") == said
        assert short_end_reasons("double forfeit: neither player could be started") == []


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_reversi_draw_ended_early_is_said_short_by_its_tournament_count(language):
    """A Reversi game drawn before the board filled: its short form keeps the count Othello players
    score, the empty squares shared ("Draw 32 - 32"), and leaves the board's own count out."""
    from ui.words import short_end_reasons

    with words_in(language):
        said = short_end_reasons("Draw 28 - 28 (32 - 32 with the empty squares shared)")
        assert said == [_("Draw {a} - {b}").format(a=32, b=32)], said
