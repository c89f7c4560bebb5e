"""What a game's autosave keeps of its screen for Continue, asked through the scene base's
methods (``ui.scenes.base.Scene.saved_evaluations`` and those beside it): a screen that has
none of the game screen's extras saves the neutral values, and one that overrides them saves
what it says, without the recorder asking which screen it is."""

from __future__ import annotations

import types

import pytest

from games.record import GameRecord, PlyValue
from tests.ui_helpers import autosaves_written
from ui.autosave import LEVEL_OFFER_KEY, REDO_KEY, SESSION_KEY, SHOWN_KEY, SPEED_KEY
from ui.clocks import PAUSED_KEY
from ui.match import HOTSEAT, PC_VS_PC, MatchSetup
from ui.recorder import SceneRecorder
from ui.scenes.base import Scene
from ui.scenes.game import Ply
from ui.widgets import Messages

KEPT_KEYS = (REDO_KEY, SPEED_KEY, SESSION_KEY, SHOWN_KEY, PAUSED_KEY, LEVEL_OFFER_KEY)


class BareGameScreen(Scene):
    """A screen that plays a game with what the recorder needs and nothing more: no graph, no
    draw offers, no Undo, no session, no pace, no pause."""

    def __init__(self, setup: MatchSetup) -> None:
        super().__init__(types.SimpleNamespace())
        self.setup, self.game = setup, setup.make_game()
        self.state = setup.first_state(self.game)
        self.history: list[Ply] = []
        self.messages = Messages()
        self.game_number = 1

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
