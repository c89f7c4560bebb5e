"""A learner's wrong clicks on Alquerque's board are told why, in the rules' words, in each
language: a piece hemmed in, a piece of the other side."""

from __future__ import annotations

import pytest

from tests.ui_helpers import click, words_in


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_click_on_a_piece_that_cannot_move_or_is_the_opponents_says_why(app, language):
    """At the start a click on a1 said "The piece on a1 cannot move", and one on Black's d4 "Click
    one of White's pieces": a newcomer learnt neither that the way is blocked (steps go forward and
    sideways only) nor that d4 is the other side's.  Both now say why."""
    from games.alquerque import parse_point
    from ui import i18n
    from ui.match import HOTSEAT, MatchSetup

    with words_in(language):
        app.start_game(MatchSetup("alquerque", {}, HOTSEAT, (None, None), 1.0))
        scene = app.scene
        said = {}
        for point in ("a1", "d4"):
            scene.messages.items.clear()
            click(app, scene.view.point_xy(parse_point(point)))
            said[point] = [m.text for m in scene.messages.current()]
        hemmed = i18n._("the piece on {point} cannot move: every point it may step to is taken, and it has nothing to "
                        "capture").format(point="a1")
        pick = i18n._("click one of {side}'s pieces").format(side=i18n._("White"))
        theirs = i18n._("{point} is {other}'s piece: {click}").format(point="d4", other=i18n._("Black"), click=pick)
        assert said == {"a1": [hemmed[:1].upper() + hemmed[1:]], "d4": [theirs]}, said
        assert not scene.history


def test_a_refused_click_takes_the_place_of_the_refusal_before_it(app):
    """Reversi: three clicks on squares that flip nothing (d6, e6, f6, a learner looking for a move)
    stacked three pills, "d6 flips no discs" and the rest, up over the letters under the board.
    Only the last refusal applies: each takes the place of the one before."""
    from tests.test_ui_move_entry import messages, place
    from ui.match import HOTSEAT, MatchSetup

    app.start_game(MatchSetup("reversi", {"size": 6}, HOTSEAT, (None, None), 1.0), ["c2", "b2"])
    scene = app.scene
    app.run_frames(2)
    for col in (3, 4, 5):  # d6, e6, f6
        click(app, place(scene, (5, col)))
    assert messages(scene) == ["f6 flips no discs"]
    app.run_frames(2)
    drawn = scene.messages.shown(app.scale, scene.board_side.messages_width())
    assert [lines for _message, lines, _cut in drawn] == [("f6 flips no discs",)]
