"""Every reason a tournament's game can end with off the board, as ai.referee and ai.tournament
write it, comes out whole in Portuguese (``ui.words.end_reason``): a withdrawn player's forfeit
("O forfeits: level-3 withdrew from the league") was said in English whole, its first words
missing from ``ui.words.FORFEIT_WORDS``; an engine's silence cut its reason in two, and a flag
fall's "game" clock, several ways workers ended and a position an engine cannot be given kept
English words.  The reasons are made by the code that writes them, not copied here."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

import games
from ai import referee
from ai.base import Limits
from ai.tournament import Tournament
from ai.tournament_play import play_scheduled
from ai.tournament_workers import how_ended
from tests.ui_helpers import words_in
from ui import words

PLAYERS = ["level-1", "level-2", "level-3"]
BOT = "bot.py"  # an outside player's id, named in the reasons
ERROR = "ZeroDivisionError: division by zero"  # a player's own exception, kept as it is


def referees_whys() -> list[str]:
    """Why a side loses by the turn rules (``referee.Loss.why``), each way the referee words it,
    with its move where a game's referee says it (``referee.at_move``)."""
    game = games.load("tictactoe")
    taken = game.initial_state().play(4)
    illegal = referee.play_reply(game, taken.play(0), 4)
    whys = [referee.crashed(0, ZeroDivisionError("division by zero")).why, illegal.why,
            referee.over_the_limit(1.23, 0.5), referee.over_the_limit(1.0, 0.5, answered=False),
            referee.flag_fell(1.0, 0.5, "5m+2s"), referee.flag_fell(1.0, 0.5, "5m+2s", answered=False),
            referee.late_reply(Limits(time=0.5), 1.0),
            referee.late_reply(Limits(time=1.0, remaining=0.5), 1.0),  # a clock given without its text: "game"
            referee.late_reply(Limits(time=1.0, remaining=0.5, clock="5m+2s"), 1.0)]
    return whys + [referee.at_move(referee.Loss(0, why), 4).why for why in whys]


def referees_reasons() -> list[str]:
    """Each of ``referees_whys`` as a result records it: "X forfeits: bot.py crashed ..."."""
    game = games.load("tictactoe")
    return [referee.Loss(side, why).reason(game, BOT) for side in (0, 1) for why in referees_whys()]


def unplayed_reasons() -> list[str]:
    """The reasons of games a tournament settles without play: players that cannot be started,
    withdrawn ones (results standing: forfeits; not: annulled), workers that died."""
    started = [play_scheduled("tictactoe", {}, ids, (1, 2), 0.1, broken={BOT: f"no such file {BOT}"}).reason
               for ids in ((BOT, "level-1"), ("level-1", BOT), (BOT, BOT))]
    standing = Tournament("tictactoe", PLAYERS)
    standing.withdrawn = {"level-2": (2, 4), "level-3": (2, 4)}  # half their games played: their results stand
    standing._settle_withdrawals()
    annulled = Tournament("tictactoe", PLAYERS)
    annulled.withdraw("level-3")
    died = [how_ended([SimpleNamespace(exitcode=code) for code in codes]) for codes in ((-9,), (143,), (1,), (-9, 1))]
    return [*started, *(r.reason for t in (standing, annulled) for r in t.results.values()),
            f"void: the referee failed: {ERROR}", *(f"void: a worker process died ({how})" for how in died)]


def english_words(text: str) -> set[str]:
    """The words of four letters or more of ``text``, but the players' and the error's own."""
    kept = set(re.findall(r"[a-z]{4,}", f"{BOT} {ERROR} {' '.join(PLAYERS)} SIGKILL SIGTERM".lower()))
    return set(re.findall(r"[a-z]{4,}", text.lower())) - kept


@pytest.mark.parametrize("reason", referees_reasons() + unplayed_reasons())
def test_every_reason_a_tournament_writes_comes_out_whole_in_portuguese(reason):
    with words_in("pt"):
        said = words.end_reason(reason)
    assert said != reason
    assert not english_words(reason) & english_words(said), said


def test_a_withdrawn_players_forfeit_says_who_withdrew_from_the_tournament():
    with words_in("pt"):
        assert words.end_reason("O forfeits: Level 3 withdrew from the league") == \
            "O perde por falta: Nível 3 retirou-se do torneio"


def test_an_engine_silent_after_its_start_is_said_whole():
    """"no answer to 'genmove b' ... though it answered": split at "answered", its player's name
    took the first half of the reason."""
    reason = "X forfeits: gtp:engine no answer to 'genmove b' within 5 s, though it answered the commands before it"
    with words_in("pt"):
        said = words.end_reason(reason)
    assert said.startswith("X perde por falta: gtp:engine ") and "answered" not in said, said


def test_a_position_an_engine_cannot_be_given_is_said_whole_with_its_move():
    """ai.outside_gtp's forfeit of an engine that cannot be led to the position, its move said
    after its first words as the referee puts it (``referee.at_move``)."""
    why = ("cannot be given this position: no line of moves from the start to it was found, and the engine was not "
           "following the game")
    reason = referee.at_move(referee.forfeited(1, why), 6).reason(games.load("tictactoe"), BOT)
    with words_in("pt"):
        said = words.end_reason(reason)
    assert said.startswith("O perde por falta: bot.py não pode receber esta posição na jogada 7: "), said
    assert not english_words(reason) & english_words(said), said
