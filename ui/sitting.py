"""The score between two friends playing hot-seat games one after another: Rematch on the same
game screen, or New game's screen with the same two names at the same game (``carried_to``; other
friends, or another game, start a new session).  The result card says it from the second game
on, "This session: Ana (X) 2 - 1 João (O) · 1 drawn", so that nobody has to keep count on paper.

Rematch exchanges the sides, and the score follows the friends, not the colours: each friend has
a seat (seat 0 played the first side in the session's first game), and the seats play the other
sides after an odd number of rematches (or a New game with the names swapped); friends with no
names typed are "Player 1" and "Player 2" by side in every game, and so is their score.  A game counts
once, by how it finally ended: Undo after its end (a resignation, an agreed draw, a winning move
taken back) uncounts it, and its next end counts in its place (a resignation taken back and the
game then drawn counted the resignation's win, and the draw not at all).  A game's record keeps
the score of the session's games before it (``SESSION_KEY`` in its setup, by its sides), so a
game left and taken up again from Continue, another day, goes on with the session's score;
otherwise the session ends when the friends leave their last game for the menu.

A watched game (PC vs PC) keeps the same score between its two computers, Rematch and the next
game exchanging their sides as it does the friends': "This session: Level 4 (Blue) 2 - 1 Level 3
(Red)".  A student comparing two engines counted their wins on paper, the result card saying
one game's result at a time.  No pygame here.
"""

from __future__ import annotations

from typing import Any

from ui import words
from ui.autosave_setup import SESSION_KEY
from ui.i18n import _
from ui.match import HOTSEAT, PC_VS_PC, MatchSetup

SCORED_MODES = (HOTSEAT, PC_VS_PC)  # the games between two players a session keeps the score of
SHOWN_FROM = 2  # games in the session before the card says its score (one game's score is its result)


class SittingScore:
    """The session's wins by seat and its draws; a listener of the game screen (``count``)."""

    def __init__(self) -> None:
        self.wins = [0, 0]  # by seat
        self.drawn = 0
        self.exchanged = False  # the seats play the other sides (an odd number of rematches)
        # the game screen's ``game_number`` whose end is counted now, and the seat that won it (None:
        # drawn); None while this game's end is not counted (not over, or its end taken back)
        self.counted: tuple[int, int | None] | None = None

    @classmethod
    def resumed(cls, setup: dict[str, Any]) -> SittingScore:
        """The session a continued game's record says was played before it (``earlier``), its
        friends on this game's sides; a new session where it says none, or nothing readable."""
        score = cls()
        kept = setup.get(SESSION_KEY)
        if isinstance(kept, list) and len(kept) == 3 and all(
                isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in kept):
            score.wins, score.drawn = [kept[0], kept[1]], kept[2]
        return score

    def carried_to(self, left: MatchSetup, chosen: MatchSetup) -> SittingScore | None:
        """The session going on into the game ``chosen`` on the New game screen that the game
        ``left`` opened: the same two friends (by name) at the same game, so their score carries
        on, each friend's wins following them to whichever side they now play; None (a new
        session) for other friends, another game, or a game that is not hot-seat.  Friends whose
        names do not tell them apart (none typed) keep their seats by side, as the screen filled
        them in."""
        if left.mode != HOTSEAT or chosen.mode != HOTSEAT or chosen.game_id != left.game_id:
            return None
        if chosen.names == left.names:
            moved = False
        elif chosen.names == left.names[::-1]:
            moved = True  # each friend on the other side of the board
        else:
            return None
        score = SittingScore()
        score.wins, score.drawn = list(self.wins), self.drawn
        score.exchanged = self.exchanged != moved
        return score

    def earlier(self, scene: Any) -> list[int] | None:
        """The score of the session's games before this one, by this game's sides: [wins of the
        friend playing the first side, of the one playing the second, draws], for its record;
        None in a session's first game (or not a hot-seat or watched game)."""
        if scene.setup.mode not in SCORED_MODES:
            return None
        wins, drawn = list(self.wins), self.drawn
        if self.counted is not None and self.counted[0] == scene.game_number:  # this game's end: not earlier
            seat = self.counted[1]
            if seat is None:
                drawn -= 1
            else:
                wins[seat] -= 1
        if wins[0] + wins[1] + drawn == 0:
            return None
        return [wins[self.seat(0)], wins[self.seat(1)], drawn]

    def games(self) -> int:
        return self.wins[0] + self.wins[1] + self.drawn

    def seat(self, side: int) -> int:
        """The seat of the friend playing ``side`` in this game."""
        return side ^ int(self.exchanged)

    def exchange(self, setup: MatchSetup) -> None:
        """A rematch of ``setup`` (the game just played): each friend plays the other side, when
        their names tell them apart.  Friends with no names typed are "Player 1" and "Player 2" by
        side, game after game, as ``carried_to`` keeps them: their score followed the seats, and
        North's win read "This session: Player 1 (South) 1 - 0 Player 2 (North)" after the rematch.
        Two computers are told apart by their players (two Level 3s, by side, as unnamed friends)."""
        told_apart = setup.players if setup.mode == PC_VS_PC else setup.names
        if told_apart[0] != told_apart[1]:
            self.exchanged = not self.exchanged

    def __call__(self, scene: Any) -> None:
        """Follow a change of a hot-seat game: an end counted, an end taken back uncounted, a new
        end counted in its place, so each game counts once, by how it finally ended.  An earlier
        game's count stays (``counted`` speaks of the game on the screen only)."""
        if scene.setup.mode not in SCORED_MODES:
            return
        if self.counted is not None and self.counted[0] != scene.game_number:
            self.counted = None  # a game before this one (Rematch): its end stays counted
        now = self._end_of(scene)
        if now == self.counted:
            return
        if self.counted is not None:
            self._add(self.counted[1], -1)
        if now is not None:
            self._add(now[1], 1)
        self.counted = now

    def _end_of(self, scene: Any) -> tuple[int, int | None] | None:
        """The game on the screen's end as ``counted`` keeps it, or None while it goes on."""
        if not scene.is_over():
            return None
        winner = scene.winner()
        return scene.game_number, None if winner is None else self.seat(winner)

    def _add(self, seat: int | None, n: int) -> None:
        """Count ``n`` (1, or -1 to uncount) to ``seat``'s wins, or to the draws (None)."""
        if seat is None:
            self.drawn += n
        else:
            self.wins[seat] += n

    def line(self, scene: Any, shown_from: int = SHOWN_FROM) -> str:
        """The session's score as the result card says it, the friends in the order of this game's
        sides; "" before the session's second game (before ``shown_from`` games have ended).  A
        game whose rules cannot end drawn (Hex, Rastros) leaves the draws out: "· 0 drawn" counted
        what can never happen there."""
        if scene.setup.mode not in SCORED_MODES or self.games() < shown_from:
            return ""

        first, second = (words.player_on_side(scene.setup, scene.game, side) for side in (0, 1))
        a, b = self.wins[self.seat(0)], self.wins[self.seat(1)]
        if not words.draws_said(scene.game.id, self.drawn):
            return _("This session: {first} {a} - {b} {second}").format(first=first, a=a, b=b, second=second)
        return _("This session: {first} {a} - {b} {second} · {drawn} drawn").format(
            first=first, a=a, b=b, second=second, drawn=self.drawn)

    def running_line(self, scene: Any) -> str:
        """The score as the game panel keeps it while the friends play, once a game of the session
        has ended before this one: read from across the table between moves, where the card said
        it only at a game's end; "" in a session's first game."""
        return self.line(scene, shown_from=1) if self.earlier(scene) is not None else ""
