"""Rastros as a course student plays it in the window: what the analysis and the panel say of a
proven position, in words a student can read."""

from __future__ import annotations

import games
from ai.move_values import analyse
from tests.ui_helpers import recorded_text
from ui.match import HOTSEAT, MatchSetup
from ui.scenes.game import GameScene

GAME = games.load("rastros")


def _game_after(app, moves: list[str]) -> GameScene:
    scene = GameScene(app, MatchSetup("rastros", {}, HOTSEAT, (None, None), 0.1), moves)
    app.switch(scene)
    app.run_frames(2)
    return scene


def test_a_proven_loss_of_unknown_length_is_said_in_words_over_its_tag(app, monkeypatch):
    """After 5-4 6-3 (North's book reply) the solver proves every South move lost without counting
    the plies: each tag is a lone "L", and hovering one showed no tip at all, so nothing on the
    screen said what "L" meant.  The tip now says it is a proven loss whose length is not counted."""
    from ui.analysis_mode import draw_value_tip, move_labels

    scene = _game_after(app, ["5-4", "6-3"])
    snapshot = analyse(scene.state, "rastros", max_depth=2)
    assert snapshot.values and all(v.proven == -1 and v.plies is None for v in snapshot.values.values())
    labels = move_labels(snapshot, "rastros")
    move = GAME.parse_move(scene.state, "5-3")
    assert labels[move].text == "L"
    drawn = recorded_text(monkeypatch)
    tip = draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(move)[0], app.theme,
                         lambda m: GAME.format_move(scene.state, m))
    assert tip is not None
    assert "5-3   L" in drawn and "loses (proven; moves not counted)" in drawn


def test_a_loss_the_search_sees_is_said_in_words_over_its_tag(app, monkeypatch):
    """After 5-4 5-5 5-6 4-7 the search sees that 4-8 loses (an unframed "L": an estimate's search
    reached the end of the game), and hovering it showed no tip either."""
    from ui.analysis_mode import draw_value_tip, move_labels

    scene = _game_after(app, ["5-4", "5-5", "5-6", "4-7"])
    snapshot = analyse(scene.state, "rastros", max_depth=8)
    move = GAME.parse_move(scene.state, "4-8")
    assert snapshot.values[move].proven is None
    labels = move_labels(snapshot, "rastros")
    assert labels[move].text == "L" and not labels[move].proven
    drawn = recorded_text(monkeypatch)
    tip = draw_value_tip(app.screen, scene.view, labels, scene.view.value_anchor(move)[0], app.theme,
                         lambda m: GAME.format_move(scene.state, m))
    assert tip is not None and "loses (the search sees the end)" in drawn


def test_against_level5_on_5x5_the_panel_says_how_long_the_books_win_is(app, monkeypatch):
    """Level-5 opens 5x5 from the book, which knows who wins but not in how many plies: the panel
    said "proven: South wins".  The solver counts 5x5's 17 plies in a fraction of a second, so the
    panel now says how long the win is, counted from the board (16 once the book's move is on it),
    as it does for a win the solver found."""
    from tests.ui_helpers import wait
    from ui.match import HUMAN_VS_PC

    scene = GameScene(app, MatchSetup("rastros", {"size": 5}, HUMAN_VS_PC, ("level-5", None), 0.5))
    app.switch(scene)
    assert wait(app, lambda: len(scene.history) == 1, 60)
    assert scene.computer.last_search.kind == "book" and scene.computer.last_search.proven_plies == 17
    drawn = recorded_text(monkeypatch)
    app.run_frames(3)
    assert "proven: South wins in 16 moves" in drawn
