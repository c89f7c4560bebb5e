"""Alquerque as a student of the course meets it: one length in one unit -- moves of either player
(the course's plies) -- for a proven win in the search panel, the hint and analysis' tags; how near
the counted draws are (40 moves, 20 each, without a capture; a position's third occurrence) and the ends in the course's words; what a refused click
under compulsory capture says; what each rule option changes."""

from __future__ import annotations

import pygame
import pytest

from ai.base import WIN
from games.alquerque import Alquerque
from games.base import QUIET_DRAW, REPEAT_DRAW
from tests.ui_helpers import key, recorded_text, recorded_text_rects, words_in
from ui.ai_worker import AIProgress
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.thinking import eval_text

# two White pieces against one; the tables: White to move wins in 21 moves (e1xc3 first)
WON = "to-move: White\nno-capture: {quiet}\n.B...\nW....\n.....\n.W.B.\n....W"
SEEN = "seen: .B.../W..../...../.W.B./....W White"


def _game(app, start: str) -> GameScene:
    scene = GameScene(app, MatchSetup("alquerque", {}, HOTSEAT, (None, None), 0.5, start=start), [])
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_a_set_up_positions_cards_count_the_captures_made_in_this_game(app, monkeypatch):
    """Three White pieces against two, set up: no card says "10 captured" before a move (pieces
    left off the board were counted as taken from the usual start's 12); the first capture is 1,
    on the card and on the game-over card's score line."""
    from ui.scenes.game_over import result_lines

    scene = _game(app, WON.format(quiet=0))

    def cards() -> list[list[str]]:
        drawn = recorded_text_rects(monkeypatch)
        app.invalidate()
        app.run_frames(2)
        return [sorted({value for value, rect in drawn if card.contains(rect) and value.isdigit()})
                for card in scene.panel.player_cards]

    assert cards() == [["0"], ["0"]]
    scene.play_human([scene.game.parse_move(scene.state, "e1xc3")])
    assert cards() == [["1"], ["0"]]
    assert "White\u00a01\u00a0-\u00a00\u00a0Black (captured)" in result_lines(scene)  # a count held to its side


def test_a_state_counts_the_plies_without_capture_and_the_occurrences():
    game = Alquerque()
    state = game.from_text(WON.format(quiet=12) + "\n" + SEEN)
    counts = state.draw_counts()
    assert (counts.quiet, counts.quiet_limit, counts.occurrences, counts.repeat_limit) == (12, 40, 2, 3)
    after = state.play(game.parse_move(state, "b2-c3"))  # a step forward: nothing can come back
    assert (after.draw_counts().quiet, after.draw_counts().occurrences) == (13, 1)
    assert state.play(game.parse_move(state, "e1xc3")).draw_counts().quiet == 0  # a capture starts again


def test_the_panel_shows_how_near_the_counted_draws_are(app, monkeypatch):
    """The no-capture count and a repeated position are on the panel, in the rules' numbers; a
    game without such draws shows neither."""
    scene = _game(app, WON.format(quiet=33) + "\n" + SEEN)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "No capture for 33 moves (draw at 40)" in drawn
    assert "Position seen 2 times (draw at 3)" in drawn
    scene.play_human([scene.game.parse_move(scene.state, "b2-c3")])
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    assert "No capture for 34 moves (draw at 40)" in drawn and not any("Position seen" in t for t in drawn)
    _tictactoe(app)
    drawn.clear()
    app.invalidate()
    app.run_frames(2)
    assert not any("No capture" in t for t in drawn)


def _tictactoe(app) -> GameScene:
    scene = GameScene(app, MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 0.5), ["b2"])
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_a_proven_win_is_said_in_plies_in_the_panel_and_analysis():
    """The panel's "White wins in 21 moves" and analysis' "W21" give one length in one unit, and
    the tag's tip says it in words."""
    from ai.move_values import MoveValue
    from ui.analysis_mode import length_words, value_text
    from ui.scenes.thinking import proven_text

    shown = AIProgress(job_id=1, depth=1, score=1.0, proven=1, proven_plies=21, kind="solver", mover=0)
    assert proven_text(shown, ("White", "Black")) == "proven: White wins in 21 moves"
    won = MoveValue((4, 12), 1.0, "proven", 1, 21, 0, 1)
    lost = MoveValue((4, 12), -1.0, "proven", -1, 1, 0, 1)
    assert value_text(won, "alquerque") == "W21" and length_words(won) == "wins in 21 moves"
    assert length_words(lost) == "loses in 1 move"
    assert length_words(MoveValue((4, 12), 0.0, "proven", 0, None, 0, 1)) == "proven: draw"  # "=" in words


@pytest.mark.parametrize("code, page", [("en", "assets/rules/alquerque.md"),
                                        ("pt", "assets/locale/pt/rules/alquerque.md")])
def test_the_rules_page_quotes_a_table_win_as_the_panel_and_tip_say_it(code, page):
    """The rules page quoted a table's win as "White wins in 21 moves" and the tip as "wins in 21
    moves", while the panel, the hint and the tip say "in at most 21 moves" (the winner's way
    against the longest defence): a student read the page's words nowhere on the screen.  The
    page quotes the panel's and the tip's words as they are, in each language."""
    import re
    from pathlib import Path

    from ai.move_values import MoveValue
    from ui.analysis_mode import length_words
    from ui.scenes.thinking import proven_text

    table = AIProgress(job_id=1, depth=1, score=1.0, proven=1, proven_plies=21, plies_at_most=True, kind="solver",
                       mover=0)
    won = MoveValue("e1xc3", 1.0, "proven", 1, 21, plies_at_most=True)
    text = re.sub(r"\s+", " ", (Path(__file__).resolve().parent.parent / page).read_text(encoding="utf-8"))
    with words_in(code):
        panel = proven_text(table, (_white(code), "")).split(": ", 1)[1]  # the page leaves out "proven:"
        tip = length_words(won)
    quoted = '"{}"' if code == "en" else "«{}»"
    assert quoted.format(panel) in text, panel
    assert quoted.format(tip) in text, tip


def _white(code: str) -> str:
    return {"en": "White", "pt": "Branco"}[code]


def test_a_hint_says_what_its_search_proved(app):
    """A hint in a table ending names its move and the win it proves, as the panel does, said to
    White who asked: "Hint: e1xc3 (proven: you win in at most 21 moves)" (the tables' way against
    the longest defence)."""
    scene = _game(app, WON.format(quiet=0))
    key(app, pygame.K_h)
    assert app.run_frames(100000, until=lambda: scene.hint is not None, timeout=240)
    said = [m.text for m in scene.messages.items if m.text.startswith("Hint")]
    assert said == ["Hint: e1xc3 (proven: you win in at most 21 moves)"]


def test_the_last_search_counts_its_win_from_the_position_on_the_board(app, monkeypatch):
    """After the computer's move the panel's "Last search" said "White wins in 21 moves", counted
    from the position it moved from, where analysis of the board says 20: it now counts from the board."""
    setup = MatchSetup("alquerque", {}, HUMAN_VS_PC, ("level-5", None), 0.5, start=WON.format(quiet=0))
    scene = GameScene(app, setup, [])
    app.switch(scene)
    assert app.run_frames(100000, until=lambda: len(scene.history) == 1 and scene.job is None, timeout=240)
    assert scene.history[0].text == "e1xc3" and scene.last_search.proven_plies == 21
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "Last search" in drawn and "proven: White wins in at most 20 moves" in drawn


def test_the_panel_s_win_length_holds_against_the_longest_defence(app, monkeypatch):
    """Three against one: the tables' line, both sides on table moves, is 7 plies, and the panel
    said "White wins in 7 moves"; Black holds out 15 against the tables' way (a plain recursion
    over the rules' states says so), and the panel now says "at most" that, counted from the
    board after the computer's move: 14.  The analysis tag's tip says it in the same words."""
    from ai.kernels import alquerque_tables as tb
    from ai.move_values import MoveValue
    from tests.test_alquerque_tables import THREE_AGAINST_ONE, longest_by_the_rules
    from ui.analysis_mode import length_words

    game = Alquerque()
    start = game.from_text(THREE_AGAINST_ONE)
    tables = tb.load("course")
    assert len(tb.line(start, tables)) == 7 and longest_by_the_rules(start, tables, 0, {}) == 15
    setup = MatchSetup("alquerque", {}, HUMAN_VS_PC, ("level-5", None), 0.5, start=THREE_AGAINST_ONE)
    scene = GameScene(app, setup, [])
    app.switch(scene)
    assert app.run_frames(100000, until=lambda: len(scene.history) == 1 and scene.job is None, timeout=240)
    assert scene.last_search.proven_plies == 15 and scene.last_search.plies_at_most
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "Last search" in drawn and "proven: White wins in at most 14 moves" in drawn
    won = MoveValue((4, 12), 1.0, "proven", 1, 15, 0, 1, plies_at_most=True)
    assert length_words(won) == "wins in at most 15 moves"


def test_a_search_the_game_left_the_line_of_says_how_far_back_it_is():
    """A hint's search, then the move it found: its lengths count from the board.  Another move:
    the search no longer speaks of the board, and the panel says of which position."""
    from ui.scenes.thinking import proven_text, seen_from_board

    searched = AIProgress(job_id=1, depth=5, best_text="e1xc3", score=1.0, proven=1, proven_plies=21,
                          kind="solver", mover=0, pv=["e1xc3", "b1-a1", "c3-b2"])
    followed, back = seen_from_board(searched, ["e1xc3"])
    assert back == 0 and proven_text(followed, ("White", "Black")) == "proven: White wins in 20 moves"
    assert followed.pv == ["b1-a1", "c3-b2"] and followed.best_text == "e1xc3"
    left, back = seen_from_board(searched, ["b2-c3"])
    assert back == 1 and left == searched
    found = AIProgress(job_id=1, depth=9, best_text="e1xc3", score=WIN - 7, mover=0, pv=["e1xc3"])
    assert eval_text(seen_from_board(found, ["e1xc3"])[0], ("White", "Black"), "alquerque") == "White wins in 6 moves"


def test_the_tip_over_a_proven_tag_says_its_length_in_words(app, monkeypatch):
    """"W21" alone does not say 21 what: hovering it, the tip reads "wins in 21 moves" (the
    board had room for the whole tag, so before it showed no tip at all)."""
    from ui.analysis_mode import MoveLabel, draw_value_tip

    scene = _game(app, WON.format(quiet=0))
    move = scene.game.parse_move(scene.state, "e1xc3")
    labels = {move: MoveLabel("W21", tone=1.0, best=True, proven=True, said="wins in 21 moves")}
    drawn = recorded_text(monkeypatch)
    tip = draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(move)[0], app.theme,
                         lambda m: scene.game.format_move(scene.state, m))
    assert tip is not None and "e1xc3   W21" in drawn and "wins in 21 moves" in drawn


@pytest.mark.parametrize("language, drawn_by, said", [
    ("en", "", "proven: draw"), ("pt", "", "provado: empate"),
    ("en", QUIET_DRAW, "proven: draw after 40 moves without a capture"),
    ("pt", QUIET_DRAW, "provado: empate ao fim de 40 jogadas sem captura"),
    ("en", REPEAT_DRAW, "proven: draw by repetition"), ("pt", REPEAT_DRAW, "provado: empate por repetição")])
def test_the_tip_over_a_proven_draw_says_it_is_proven(app, monkeypatch, language, drawn_by, said):
    """A proven win's "W21" had a tip under the pointer and a proven draw's "=" none: its tip
    says "proven: draw", as the hint does, in the window's language, and which rule draws it
    where the proof knows (``MoveValue.drawn_by``: "proven: draw" alone did not say why)."""
    from ai.move_values import MoveValue, MoveValues
    from ui.analysis_mode import draw_value_tip, move_labels

    scene = _game(app, WON.format(quiet=0))
    move = scene.game.parse_move(scene.state, "e1xc3")
    snapshot = MoveValues(mover=0, values={move: MoveValue(move, 0.0, "proven", 0, 12, 0, 1, drawn_by=drawn_by)},
                          done=True)
    with words_in(language):
        labels = move_labels(snapshot, "alquerque")
        drawn = recorded_text(monkeypatch)
        tip = draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(move)[0], app.theme,
                             lambda m: scene.game.format_move(scene.state, m))
    assert labels[move].text == "="
    assert tip is not None and "e1xc3   =" in drawn and said in drawn, drawn


def test_the_replay_shows_the_counts_of_the_position_it_shows(app, monkeypatch):
    """Browsing a replay, the panel counts the moves without capture of the position shown, and
    where it is in moves, as the game screen counts them: "Move 1 of 2" is the list's first cell
    (from a set-up position with White to move, row 1's first)."""
    scene = _game(app, WON.format(quiet=33))
    for move in ("b2-c3", "b5-c5"):
        scene.play_human([scene.game.parse_move(scene.state, move)])
    app.open_replay(scene.recorder.record, ply=1)
    app.run_frames(2)
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "No capture for 34 moves (draw at 40)" in drawn
    assert "Move 1 of 2 · from a set-up position" in drawn  # the game panel's unit ("2 moves")


def test_with_no_plies_to_count_the_panel_says_the_rule_not_a_count_of_none(app, monkeypatch):
    """At the start, and just after a capture, the panel said "No capture for 0 moves (draw at
    40)" beside the capture just made; it says the rule there now, and counts from the next ply."""
    scene = _game(app, WON.format(quiet=33))
    scene.play_human([scene.game.parse_move(scene.state, "e1xc3")])  # a capture
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert "Draw after 40 moves (20 each) without a capture" in drawn
    assert not any(text.startswith("No capture for 0") for text in drawn)


def test_a_piece_that_may_not_move_under_compulsory_capture_says_why(app):
    """With capture compulsory, a click on a piece that could only step said "The piece on a1
    cannot move", which reads as if it were blocked; it now names the rule and the pieces that can
    capture."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    start = "to-move: White\n.....\nB.BB.\n.....\n..B..\nW.W.."
    scene = GameScene(app, MatchSetup("alquerque", {"compulsory_capture": True}, HOTSEAT, (None, None), 0.5,
                                      start=start), [])
    app.switch(scene)
    app.run_frames(2)
    click(app, scene.view.point_xy(parse_point("a1")))
    said = [m.text for m in scene.messages.items]
    assert said == ["A capture is compulsory and the piece on a1 cannot capture; c1 can"]


def test_a_click_where_the_piece_could_never_go_says_so_before_the_compulsory_capture(app):
    """Capture compulsory, b1 picked (it captures b1xb3): a click on c2, where no line from b1
    runs to, said "b1-c2: a capture is compulsory", as if b1 could step there but for the
    capture; a click on b2, where the enemy piece stands, said the same.  Each now says what is
    wrong with that step; a step that would be legal still names the compulsory capture."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    start = "to-move: White\n.....\n.....\n.....\n.B...\n.W..."
    scene = GameScene(app, MatchSetup("alquerque", {"compulsory_capture": True}, HOTSEAT, (None, None), 0.5,
                                      start=start), [])
    app.switch(scene)
    app.run_frames(2)
    said = []
    for point in ("c2", "b2", "a1"):
        click(app, scene.view.point_xy(parse_point("b1")))
        click(app, scene.view.point_xy(parse_point(point)))
        said.append(scene.messages.items[-1].text)
        key(app, pygame.K_ESCAPE)
    assert said == ["b1-c2: no line joins b1 and c2", "b1-b2: b2 is not empty", "b1-a1: a capture is compulsory"]


@pytest.mark.parametrize("language", ["en", "pt"])
def test_each_rule_option_says_what_it_changes_and_what_off_is(language):
    """The New game screen's line under each Alquerque option said only "Jumps may also go
    backwards." and "A player who can capture must ...": nothing of the far row, of steps, of which
    chain, nor that Off is the course's reading.  Each now says both, naming the off state with the
    word its switch shows (the switch says "Não" in Portuguese: the note said "Desligado")."""
    import games
    from ui import words

    with words_in(language):
        notes = {opt.name: words.option_note("alquerque", opt) for opt in games.info("alquerque").options}
        off = words.switch_words(rule=True)[0]
        assert all(f"{off}: " in note for note in notes.values()), (off, notes)
    notes = {opt.name: words.option_note("alquerque", opt) for opt in games.info("alquerque").options}
    assert all("reading" in note and "course" in note for note in notes.values())  # the first names the course
    assert "far row" in notes["any_direction_captures"] and "steps never" in notes["any_direction_captures"]
    assert "not only the longest" in notes["compulsory_capture"]


def test_the_draws_are_explained_in_the_courses_words_and_old_records_still_read():
    """The ends say what the course says ("the same position with the same player to move occurs
    for the third time", "40 plies pass with no capture"), and the screen says the plies as moves
    with each player's share ("40 moves (20 each)"); a record saved with the earlier words still
    reads, in English and in Portuguese."""
    from ui import words

    game = Alquerque()
    state = game.from_text("to-move: White\nno-capture: 39\nB....\n.....\n.....\n.....\n....W")
    assert state.play(game.parse_move(state, "e1-d1")).end_reason() == "Draw: 40 plies passed with no capture"
    said = words.end_reason
    assert said("Draw: 40 plies passed with no capture") == "Draw: 40 moves (20 each) passed with no capture"
    assert said("Draw: 40 plies without capture") == "Draw: 40 moves (20 each) without capture"
    with words_in("pt"):
        assert said("Draw: 40 plies passed with no capture") == "Empate: passaram 40 jogadas (20 de cada) sem uma captura"
        assert said("Draw: 40 plies without capture") == "Empate: 40 jogadas (20 de cada) sem captura"
        third = "Draw: the same position, with the same player to move, occurred a third time"
        assert said(third) == "Empate: mesma posição e mesmo jogador a jogar pela 3.ª vez"


def test_a_copied_draw_says_its_moves_as_the_screen_does_and_reads_back_as_the_same_end():
    """A copied Alquerque game drawn by the no-capture rule ended "Result: Draw: 40 plies passed
    with no capture": players count moves, one player's turn each, and the result on the screen
    says "40 moves (20 each)".  The copy says it so, with commas (its one pair of brackets is the
    score's; a copied list is English in either language, to be read back anywhere); read back,
    the game ends as its record does, in the course's words."""
    from games.move_list import move_list_text
    from games.record import GameRecord
    from games.record_parts import Side
    from ui.record_files import from_text

    game = Alquerque()
    start = "to-move: White\nno-capture: 39\nB....\n.....\n.....\n.....\n....W"
    before = game.from_text(start)
    record = GameRecord.start(game, (Side(None, "Ana"), Side(None, "Rui")), {"mode": "hotseat"}, start_position=start)
    record = record.with_moves(["e1-d1"], before.play(game.parse_move(before, "e1-d1")))
    copied = move_list_text(record)
    result = copied.splitlines()[-1]
    assert "plies" not in copied and result.startswith("Result: Draw: 40 moves, 20 each, passed with no capture ("), result
    back = from_text(copied).result
    assert (back.winner, back.reason) == (None, "Draw: 40 plies passed with no capture")


def test_the_command_lines_game_line_counts_moves_as_the_draw_rule_says(capsys):
    """`main.py match` wrote "Draw: 40 plies passed with no capture; 135 moves" -- two units on one
    line, the second counting plies; then, the reason in the window's words, "Draw: 40 moves (20
    each) passed with no capture; 135 plies" (QA tidy5): both count moves, as every screen does."""
    import games
    import main
    from ai.commands.match import print_game
    from ai.match import GameResult

    result = GameResult("alquerque", {}, ["level-3", "level-2"], ["c2-c3"] * 135, None,
                        reason="Draw: 40 plies passed with no capture")
    print_game(games.load("alquerque"), 1, result, False, words=main.report_words())  # main.py's words
    assert capsys.readouterr().out.strip().endswith("Draw: 40 moves (20 each) passed with no capture; 135 moves")


def test_a_click_off_a_chain_says_where_it_goes_on_and_how_to_stop(app):
    """Mid-chain (c1xc3, which may go on to c5 or e5), a click on a4 said "a4 is not a destination
    of the piece on c1", a piece that had left c1; it now says where the chain goes on, and how to
    stop it where the rules let it stop."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    scene = _game(app, "to-move: White\n.....\nB.BB.\n.....\n..B..\nW.W..")
    for name in ("c1", "c3", "a4"):
        click(app, scene.view.point_xy(parse_point(name)))
    said = [m.text for m in scene.messages.items]
    assert said == ["c1xc3 can go on only to c5 or e5; click c3 again to stop there"]
    assert not scene.history and scene.view.has_partial_input()



def test_a_click_on_the_chains_own_piece_drops_it_and_another_piece_is_taken_instead(app):
    """With capture compulsory, c1xc3 must go on; a click on c1, the piece being moved, was refused
    ("can go on only to c5, e5"), leaving a mouse player who began the wrong chain only Esc.  It
    now drops the chain, as it drops a piece just picked; mid-chain, another piece is picked instead."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    start = "to-move: White\n.....\nB.BB.\n.....\n..B.B\nW.W.W"
    scene = GameScene(app, MatchSetup("alquerque", {"compulsory_capture": True}, HOTSEAT, (None, None), 0.5,
                                      start=start), [])
    app.switch(scene)
    app.run_frames(2)

    def at(name: str) -> tuple[int, int]:
        return scene.view.point_xy(parse_point(name))

    for name in ("c1", "c3", "c1"):
        click(app, at(name))
    assert not scene.view.has_partial_input() and not scene.messages.items and not scene.history
    for name in ("c1", "c3", "e1"):
        click(app, at(name))
    assert scene.view.path == (parse_point("e1"),) and not scene.messages.items


def test_esc_drops_a_chain_and_the_refusal_said_about_it(app):
    """Mid-chain, a click off it is refused ("c1xc3 can go on only to c5, e5; ..."); Esc dropped
    the chain but left that refusal standing under a board with no chain on it."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    scene = _game(app, "to-move: White\n.....\nB.BB.\n.....\n..B..\nW.W..")
    for name in ("c1", "c3", "a4"):
        click(app, scene.view.point_xy(parse_point(name)))
    assert scene.messages.items  # the refusal
    key(app, pygame.K_ESCAPE)
    assert not scene.view.has_partial_input() and not scene.messages.items and not scene.history


def test_undo_mid_chain_takes_back_its_last_landing_point_not_the_move_before(app):
    """Black played a4-a3; White enters c1xc3 (which may go on to c5 or e5).  Undo took back a4-a3
    and threw the chain away; now it takes back c3, then the piece, and only then a4-a3."""
    from games.alquerque import parse_point
    from tests.ui_helpers import click

    scene = _game(app, "to-move: Black\n.....\nB.BB.\n.....\n..B..\nW.W..")
    for name in ("a4", "a3", "c1", "c3"):
        click(app, scene.view.point_xy(parse_point(name)))
    assert len(scene.history) == 1 and scene.view.path == (parse_point("c1"), parse_point("c3"))
    key(app, pygame.K_u)
    assert len(scene.history) == 1 and scene.view.path == (parse_point("c1"),)
    key(app, pygame.K_BACKSPACE)
    assert len(scene.history) == 1 and not scene.view.has_partial_input()
    key(app, pygame.K_u)
    assert not scene.history and not scene.btn_undo.enabled
    click(app, scene.view.point_xy(parse_point("a4")))  # a piece picked, nothing played: Undo is offered
    assert scene.view.has_partial_input() and scene.btn_undo.enabled



def test_the_rules_page_says_which_rules_are_the_course_reports_and_which_are_readings():
    """The page said it gave "the rules as the course report reads them", yet the report lets a
    chain go on only "num só sentido" (in one sense) where the page lets it turn, and names no
    40-ply count, repetition or loss without a move.  Both languages now quote the report's words
    and say which ends are Tabuleiro's readings, each where its rule is stated."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "assets"
    pages = {"en": root / "rules" / "alquerque.md", "pt": root / "locale" / "pt" / "rules" / "alquerque.md"}
    for language, page in pages.items():
        sections = re.split(r"^## ", page.read_text(encoding="utf-8"), flags=re.M)
        moves, end = (re.sub(r"\s+", " ", next(s for s in sections if s.startswith(titles)))
                      for titles in (("Moves", "Jogadas"), ("End of the game", "Fim do jogo")))
        assert "num só sentido" in moves, language
        assert re.search(r"Tabuleiro's readings|leituras do Tabuleiro", end), language

def test_the_proven_length_falls_by_one_each_ply_from_both_sides():
    """Along the tables' line the length analysis and the panel give (``known_outcome``) falls by
    one every ply, for the side to move whichever it is, and names the same winner throughout."""
    import ai
    from ai.kernels import alquerque_tables as tables

    state = Alquerque().from_text(WON.format(quiet=0))
    player = ai.make_player("alquerque", "level-5", seed=1)
    line = tables.line(state)
    assert line is not None and len(line) == 21
    for ply, move in enumerate(line):
        result, plies = player.known_outcome(state)
        assert plies == 21 - ply and result == (1 if state.to_move == 0 else -1)  # White wins throughout
        state = state.play(move)
    assert state.is_terminal() and state.winner() == 0


def test_the_rules_page_says_where_level5s_tables_reach_under_each_choice_of_options():
    """The rules page named level 5's endgame tables nowhere, so a student seeing proofs (W21) in
    one ending and estimates in another, or under another rule option, had no reason for it; both
    languages now give each choice's reach, the shipped files' own."""
    import re
    from pathlib import Path

    from ai.kernels import alquerque_tables as tables

    def reach(**options: bool) -> int:
        return tables.tables_of(Alquerque(**options)).max_pieces

    course, one, both = reach(), reach(compulsory_capture=True), reach(any_direction_captures=True,
                                                                        compulsory_capture=True)
    root = Path(__file__).resolve().parent.parent / "assets"
    english = re.sub(r"\s+", " ", (root / "rules" / "alquerque.md").read_text(encoding="utf-8"))
    portuguese = re.sub(r"\s+", " ", (root / "locale" / "pt" / "rules" / "alquerque.md").read_text(encoding="utf-8"))
    assert f"up to {course} pieces on the board ({one} with one rule option, {both} with both)" in english
    assert f"até {course} peças no tabuleiro ({one} com uma opção de regras, {both} com ambas)" in portuguese


def test_analysis_line_says_the_tables_win_in_at_most_as_the_panel_does(app, monkeypatch):
    """Analysis (A) of a table ending: its best move's tag tip said "wins in at most 21 moves",
    the computer's panel and the hint "in at most", and analysis' line in the panel "proven:
    White wins in 21 moves", the tables' way against the longest defence said as the fastest
    win (``analysis_mode.line_progress`` dropped the value's ``plies_at_most``)."""
    from ui.analysis_mode import length_words

    scene = _game(app, WON.format(quiet=0))
    key(app, pygame.K_a)
    assert app.run_frames(100000, until=lambda: scene.analysis.values is not None and scene.analysis.values.done,
                          timeout=240)
    best = scene.analysis.values.best()
    assert best.plies_at_most and length_words(best) == f"wins in at most {best.plies} moves", best
    drawn = recorded_text(monkeypatch)
    app.invalidate()
    app.run_frames(2)
    assert f"proven: White wins in at most {best.plies} moves" in drawn, [t for t in drawn if "proven" in t]
