""""Biggest drop: move 5, a3" under a replay's graph, in red like a link, shows that move when
clicked, as a click on its ring on the graph does: it did nothing."""

from __future__ import annotations

from tests.test_replay_saved_values import LINE, opened_from_saved_games, saved_record, worker  # noqa: F401 - a fixture
from tests.ui_helpers import click
from ui.analysis import biggest_drop


def test_a_click_on_the_biggest_drop_shows_its_move(app, worker):  # noqa: F811 - the fixture
    saved_record([0.0] * 4 + [0.8] * 6)  # O's a3, the fourth move, gives X the game
    replay = opened_from_saved_games(app)
    app.run_frames(2)
    points = replay.graph_lines()[1]
    drop = biggest_drop(points, [st.to_move for st in replay.states[:-1]], replay.loser)
    assert drop is not None and replay.drop_link is not None
    assert replay.ply == len(LINE)  # the replay opens at the game's end
    click(app, replay.drop_link[0].center)
    assert replay.ply == drop + 1  # the position after the move that dropped, ringed on the graph
