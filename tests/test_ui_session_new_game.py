"""Two friends' session goes on through New game as through Rematch: the same two names at the same
game carry their score on to the game started from the New game screen (``SittingScore.carried_to``),
each friend's wins following them to whichever side they now play; other friends, or another
game, start a new session.  Each game chosen there started the score again at 0 - 0, and friends
who took New game to change the board size lost their evening's count."""

from __future__ import annotations

import pygame

from tests.test_ui_player_names import card_text, named_hotseat
from tests.test_ui_session_score import panel_text, play
from tests.ui_helpers import key
from ui.autosave_setup import SESSION_KEY
from ui.match import HOTSEAT, HUMAN_VS_PC, MatchSetup
from ui.scenes.game import GameScene
from ui.scenes.setup import SetupScene
from ui.sitting import SittingScore

ANA_WINS = ["b2", "a1", "b1", "c1", "b3"]  # tic-tac-toe: X's column b
FRIENDS = MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=("Ana", "João"))


def chosen_on_new_game(app, scene: GameScene, *keys: int) -> GameScene:
    """N on the result card of ``scene``, ``keys`` on the New game screen, then Enter (Start game):
    the game it starts."""
    key(app, pygame.K_n)
    assert isinstance(app.scene, SetupScene)
    for pressed in keys:
        key(app, pressed)
    key(app, pygame.K_RETURN)
    started = app.scene
    assert isinstance(started, GameScene) and started is not scene
    return started


def test_the_same_friends_at_the_same_game_carry_their_score_on(app, monkeypatch):
    scene = named_hotseat(app, "tictactoe", ANA_WINS)
    card_text(app, monkeypatch, scene)
    following = chosen_on_new_game(app, scene)  # as it was: Ana X, João O
    play(app, following, ["b2"])
    assert "This session: Ana (X) 1 - 0 João (O) · 0 drawn" in panel_text(app, monkeypatch, following)
    assert following.recorder.record.setup[SESSION_KEY] == [1, 0, 0]  # Continue goes on with it too
    play(app, following, ["a1", "b1", "a2", "c3", "a3"])  # João (O) wins on column a
    assert following.winner() == 1
    assert "This session: Ana (X) 1 - 1 João (O) · 0 drawn" in card_text(app, monkeypatch, following)


def test_after_a_rematch_the_score_follows_each_friend_into_the_next_game(app, monkeypatch):
    """Rematch then New game: João plays X in both later games, and his win is still his."""
    scene = named_hotseat(app, "tictactoe", ANA_WINS)
    card_text(app, monkeypatch, scene)
    key(app, pygame.K_r)  # Rematch: João X
    play(app, scene, ANA_WINS)  # João (X) wins
    card_text(app, monkeypatch, scene)
    following = chosen_on_new_game(app, scene)
    assert following.setup.names == ("João", "Ana")
    play(app, following, ["b2"])
    assert "This session: João (X) 1 - 1 Ana (O) · 0 drawn" in panel_text(app, monkeypatch, following)


def test_another_game_chosen_starts_a_new_session(app, monkeypatch):
    scene = named_hotseat(app, "tictactoe", ANA_WINS)
    card_text(app, monkeypatch, scene)
    following = chosen_on_new_game(app, scene, pygame.K_PAGEDOWN)  # the next game's card
    assert following.game.id != "tictactoe" and following.setup.names == ("Ana", "João")
    assert following.sitting.games() == 0 and following.recorder.record.setup.get(SESSION_KEY) is None


def test_carried_to_follows_the_names_not_the_sides():
    """Names swapped on the screen: each friend's wins go with them to the other side; other
    names, another game, or a game not between friends: a new session."""
    score = SittingScore()
    score.wins, score.drawn = [2, 1], 1  # Ana's seat 2 wins, João's 1
    swapped = score.carried_to(FRIENDS, FRIENDS.swapped())
    assert swapped is not None and (swapped.wins, swapped.drawn) == ([2, 1], 1)
    assert (swapped.seat(0), swapped.seat(1)) == (1, 0)  # João, now on the first side, has his 1
    unnamed = MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0)
    assert score.carried_to(unnamed, unnamed).seat(0) == 0  # nameless friends keep their sides
    for other in (MatchSetup("tictactoe", {}, HOTSEAT, (None, None), 1.0, names=("Ana", "Rui")),
                  MatchSetup("reversi", {}, HOTSEAT, (None, None), 1.0, names=("Ana", "João")),
                  MatchSetup("tictactoe", {}, HUMAN_VS_PC, (None, "level-1"), 1.0, names=("Ana", ""))):
        assert score.carried_to(FRIENDS, other) is None, other
