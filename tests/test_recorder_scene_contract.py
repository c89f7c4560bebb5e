"""What a game's autosave keeps of its screen for Continue, and what its record and result card
say beyond the rules (a forfeit or an agreed draw, which of the screen's games it is, the
results so far), asked through the scene base's methods (``ui.scenes.base.Scene.saved_evaluations``,
``result_off_the_board`` and those beside them): a screen that has none of the game screen's
extras saves the neutral values, and one that overrides them saves what it says, without the
recorder or the card asking which screen it is."""

from __future__ import annotations

import types

import pytest

from games.move_list import DRAW_AGREED
from games.record import GameRecord
from games.record_parts import PlyValue, Result
from tests.ui_helpers import autosaves_written
from ui.autosave_setup import LEVEL_OFFER_KEY, REDO_KEY, SESSION_KEY, SHOWN_KEY, SPEED_KEY
from ui.clocks import PAUSED_KEY
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.recorder import SceneRecorder
from ui.scenes.base import Scene
from ui.scenes.game import Ply
from ui.widgets import Messages

KEPT_KEYS = (REDO_KEY, SPEED_KEY, SESSION_KEY, SHOWN_KEY, PAUSED_KEY, LEVEL_OFFER_KEY)


class BareGameScreen(Scene):
    """A screen that plays a game with what the recorder needs and nothing more: no graph, no
    draw offers, no Undo, no session, no pace, no pause, no end off the board, one game."""

    def __init__(self, setup: MatchSetup) -> None:
        super().__init__(types.SimpleNamespace())
        self.setup, self.game = setup, setup.make_game()
        self.state = setup.first_state(self.game)
        self.history: list[Ply] = []
        self.messages = Messages()

    def clock_readings(self) -> None:
        return None

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def winner(self) -> int | None:
        return self.state.winner()

    def play(self, text: str) -> None:
        """The move ``text``, in the history the recorder reads."""
        move = self.game.parse_move(self.state, text)
        after = self.state.play(move)
        self.history.append(Ply(move, text, self.state, after, by_computer=False))
        self.state = after


class ScreenWithExtras(BareGameScreen):
    """The same screen saying what the game screen keeps: each of the base's methods overridden."""

    def __init__(self, setup: MatchSetup) -> None:
        super().__init__(setup)
        taken_back = self.state.play(self.game.parse_move(self.state, "a1"))
        self.undone = Ply(None, "a1", self.state, taken_back, by_computer=False)

    def saved_evaluations(self) -> tuple[list[float | None] | None, list[PlyValue | None] | None]:
        return [0.0] * (len(self.history) + 1), None

    def level_offer_kept(self) -> dict[str, object]:
        return {LEVEL_OFFER_KEY: {"side": 1, "ply": len(self.history), "certain": False}}

    def shown_kept(self) -> dict[str, bool]:
        return {"analysis": True}

    def redo_kept(self) -> list[Ply]:
        return [self.undone]

    def session_kept(self) -> list[int] | None:
        return [2, 1, 0]

    def speed_kept(self) -> int | None:
        return 3

    def paused_kept(self) -> bool:
        return True


class ScreenEndedOffTheBoard(BareGameScreen):
    """A screen whose game its players ended off the board (``ended``), Rematch counting its games."""

    def __init__(self, setup: MatchSetup, ended: Result | None = None) -> None:
        super().__init__(setup)
        self.ended, self.games = ended, 1

    def result_off_the_board(self) -> Result | None:
        return self.ended

    def game_on_screen(self) -> int:
        return self.games


def _saved(scene: BareGameScreen, tmp_path) -> GameRecord:
    """The record the recorder wrote for ``scene`` after its first move."""
    recorder = SceneRecorder(scene, tmp_path / "autosave.json")
    scene.play("b2")
    recorder(scene)
    autosaves_written()
    record, problem = recorder.autosaver.autosave.load()
    recorder.close()
    assert problem is None and record is not None and record.moves == ["b2"]
    return record


@pytest.mark.parametrize("mode", [HOTSEAT, PC_VS_PC])
def test_a_screen_without_the_game_screens_extras_autosaves_their_neutral_values(tmp_path, mode):
    """Neither a pace nor a pause, a session, what is shown, moves to redo, a level's offer nor a
    graph: the record keeps its moves alone (each mode, as the pace is kept only for a watched
    game and the pause only for one with a person in it)."""
    players = ("level-1", "level-1") if mode == PC_VS_PC else (None, None)
    record = _saved(BareGameScreen(MatchSetup("tictactoe", {}, mode, players, 1.0)), tmp_path)
    assert [key for key in KEPT_KEYS if key in record.setup] == []
    assert record.evaluations is None


def test_a_screen_that_overrides_them_autosaves_what_it_says(tmp_path):
    """The recorder reads each of the base's methods, not the game screen's attributes: a hot-seat
    game keeps the pause, the session, what is shown, the move to redo, the offer and the graph."""
    record = _saved(ScreenWithExtras(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0)), tmp_path)
    assert record.setup[REDO_KEY] == ["a1"]
    assert record.setup[SESSION_KEY] == [2, 1, 0]
    assert record.setup[SHOWN_KEY] == {"analysis": True}
    assert record.setup[PAUSED_KEY] == 1
    assert record.setup[LEVEL_OFFER_KEY] == {"side": 1, "ply": 1, "certain": False}
    assert record.evaluations == [0.0, 0.0]


def test_a_watched_screen_that_overrides_them_keeps_its_pace(tmp_path):
    """A watched game keeps the pace its screen says, and no pause (nobody's clock waits)."""
    setup = MatchSetup("tictactoe", {}, PC_VS_PC, ("level-1", "level-1"), 1.0)
    record = _saved(ScreenWithExtras(setup), tmp_path)
    assert record.setup[SPEED_KEY] == 3 and PAUSED_KEY not in record.setup


def test_a_game_ended_off_the_board_before_any_move_is_written_with_that_result(tmp_path):
    """The recorder asks the base for the end the rules do not know: a draw the friends agreed
    before any move is written, as a resignation there is, and its record says the agreement."""
    scene = ScreenEndedOffTheBoard(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0), Result(None, DRAW_AGREED))
    recorder = SceneRecorder(scene, tmp_path / "autosave.json")
    recorder(scene)
    autosaves_written()
    record, problem = recorder.autosaver.autosave.load()
    recorder.close()
    assert problem is None and record is not None and record.moves == []
    assert record.result == Result(None, DRAW_AGREED)


def test_a_rematch_the_screen_counts_starts_a_record_of_its_own(tmp_path):
    """The screen's count of its games, asked of the base (``game_on_screen``): a Rematch's game is
    a new record, in a file of its own."""
    scene = ScreenEndedOffTheBoard(MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0))
    recorder = SceneRecorder(scene, tmp_path / "first.json")
    scene.play("b2")
    recorder(scene)
    first = recorder.autosaver.autosave.path
    scene.games, scene.history, scene.state = 2, [], scene.setup.first_state(scene.game)
    recorder(scene)
    autosaves_written()
    assert recorder.autosaver.autosave.path != first and recorder.game_number == 2
    recorder.close()


def test_a_screen_that_is_no_game_screen_says_nothing_beyond_the_rules():
    """The base's neutral values: no end off the board, no game counted, no results, no session."""
    screen = Scene(types.SimpleNamespace())
    assert (screen.result_off_the_board(), screen.game_on_screen(), screen.tally_results(),
            screen.session_line()) == (None, 0, None, "")


def test_the_result_card_asks_the_screen_for_the_sessions_score_and_your_results(app, monkeypatch):
    """The game-over card's last lines come from the base's ``session_line`` and ``tally_results``,
    which the game screen overrides, not from attributes it looks for."""
    from ui.scenes.game import GameScene
    from ui.scenes.game_over import result_lines
    from ui.tally import Score

    said = "This session: Ana 2 - 1 Rui · 0 drawn"
    monkeypatch.setattr(GameScene, "session_line", lambda self: said)
    monkeypatch.setattr(GameScene, "tally_results", lambda self: Score(won=3))
    moves = ["a1", "b1", "b2", "c1", "c3"]  # X's diagonal: the game is over
    scene = GameScene(app, MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0), moves)
    app.switch(scene)
    assert scene.is_over()
    lines = result_lines(scene)
    assert said in lines and any("3 won" in line for line in lines), lines
