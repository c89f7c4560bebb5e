"""Every reason ``State.play`` refuses a move for, in each of the six games, reads in the window's
language: the game screen said "Jogada ilegal: a1 flips no discs", the rules' English inside a
Portuguese sentence (ui.scenes.game's refusal of a move it was given), and after a switch of
language it kept the old one."""

from __future__ import annotations

import random
import re

import pygame

import games
from games.base import IllegalMove
from tests.test_rule_words import ENGLISH, random_positions
from tests.test_ui_language_messages import shown
from tests.test_ui_move_entry import start
from tests.ui_helpers import in_language, words_in
from ui.words import rule_reason

NOT_MOVES = (-1, 10 ** 6, "x", None, (99, 99))  # values that are no move of any game: a program's slip


def refusals_of_play(rng: random.Random) -> dict[str, str]:
    """Each reason ``play`` gave (and its game's id) for every move of a game's random positions
    that is not legal there: the moves legal in its other positions, and values that are no move."""
    positions: dict[int, list] = {}
    for game, state in random_positions(rng, 6, 40):
        positions.setdefault(id(game), []).append((game, state))
    reasons: dict[str, str] = {}
    for walked in positions.values():
        moves = {move for _game, state in walked for move in state.legal_moves()}
        for game, state in walked:
            legal = set(state.legal_moves())
            for move in [*(moves - legal), *NOT_MOVES]:
                try:
                    state.play(move)
                except IllegalMove as exc:
                    reasons.setdefault(str(exc), game.id)
    return reasons


def reads_in_portuguese(reason: str, game_id: str) -> bool:
    """Whether the window says ``reason`` in Portuguese: changed, with no English word left but in
    the quoted moves and parenthesised examples."""
    said = rule_reason(reason, game_id)
    return said != reason and not ENGLISH.findall(re.sub(r"'[^']*'|\([^)]*\)", "", said))


def test_every_reason_a_game_refuses_a_move_for_reads_in_portuguese():
    reasons = refusals_of_play(random.Random(5))
    assert set(reasons.values()) == set(games.GAME_IDS), set(reasons.values())
    assert len(reasons) > 200
    with words_in("pt"):
        untranslated = {reason: game_id for reason, game_id in reasons.items() if not reads_in_portuguese(reason, game_id)}
    assert untranslated == {}


def test_a_move_the_game_screen_refuses_is_said_in_the_windows_language_and_again_after_a_switch(app):
    """A move the screen is given that the rules refuse (a1 on Reversi's first position): its reason
    in Portuguese, and back in English whole after Settings switch the language."""
    scene = start(app, "reversi")
    with in_language(app, "pt"):
        app.run_frames(2)
        scene.play_human([0])  # a1
        app.run_frames(2)
        assert "Jogada ilegal: a1 não vira nenhuma peça" in shown(scene.messages), shown(scene.messages)
    app.run_frames(2)
    assert "Not a legal move: a1 flips no discs" in shown(scene.messages), shown(scene.messages)
    assert scene.history == [] and pygame.display.get_surface() is not None
