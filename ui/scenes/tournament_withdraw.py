"""The tournament screen's withdrawal of a player from a stopped tournament: a mixin of
``TournamentScene`` (ui.scenes.tournament), which owns the state.

A student who leaves the course, or a bot the organiser disqualifies, is withdrawn rather than
removed: its games played stay in the log, and count as ``ai.tournament_standings.withdrawal_stands`` rules
(at least half its games played: its results stand and the games left are lost by forfeit; fewer:
all its games are annulled).  Withdraw, then a click on the player's row in the standings, says
what that does to its games (Up and Down choose the row from the keyboard); Withdraw pressed
again does it (Esc, or Withdraw while no row is chosen, does nothing).  The log's header keeps the withdrawal (``Tournament.withdraw``), so a
Resume, the unfinished tournament offered later and the report files all count it.  While the
board still has games to show, Withdraw shows their results in the tables at once: the question
speaks of every game played, and so do the standings beside it.
"""

from __future__ import annotations

import pygame

from ai.commands.tournament import nothing_to_withdraw, withdrawal_words
from ui import words
from ui.i18n import Phrase, _

# the message saying how to choose the player to withdraw: withdrawn as the choosing ends (a player
# withdrawn, the choosing cancelled, or the tournament resumed)
CHOOSING_TOPIC = "withdrawing"
# the question asked of the player chosen ("… Press Withdraw again to confirm (Esc: no)"): withdrawn
# as the choosing ends too, as another row's question replaces it
QUESTION_TOPIC = "withdraw question"


class Withdrawal:
    """A player withdrawn from the tournament shown (mixed into TournamentScene)."""

    # None: nothing asked; "": Withdraw pressed, a row of the standings to click; a player's id: asked
    withdrawing: str | None = None
    standing_rows: list[tuple[pygame.Rect, str]] = []  # the standings' rows drawn: (rect, player id)

    def _may_withdraw(self) -> bool:
        """A tournament stopped with games left, played here (not a file shown), with more than two
        players still in it."""
        t = self.tournament
        return (t is not None and self.viewing is None and not t.is_running() and bool(t.pending())
                and len(t.player_ids) - len(t.withdrawn) > 2)

    def _withdraw_label(self) -> str:
        if self.withdrawing is None:
            return _("Withdraw a player")
        if not self.withdrawing:
            return _("Choose a player")
        return _("Withdraw {player}? Press again").format(player=self._name(self.withdrawing))

    def _withdraw_pressed(self) -> None:
        """Withdraw: ask for a player's row; with one chosen, withdraw it."""
        if not self._may_withdraw():
            self.end_choosing()
        elif self.withdrawing is None:
            self.withdrawing = ""
            self._tell_every_result()
            self.messages.add(_("Choose the player to withdraw in the standings: a click on its row, or Up and Down "
                                "(Esc: none)"), "info", 10.0, topic=CHOOSING_TOPIC)
        elif not self.withdrawing:
            self._cancel_withdrawal()
        else:
            self._withdraw(self.withdrawing)
        self._refresh_labels()
        self.invalidate()

    def _tell_every_result(self) -> None:
        """The results the board has yet to reach (``WatchedGames.held``) shown in the tables now:
        what withdrawing a player does is said of every game it played, and the standings, the
        crosstable and the games counted left out those the board had not shown ("has played 5
        of its 12 games" beside a row of 3).  The board goes on with its games."""
        if self.held:
            self.told = self.told | self.held
            self._count_seen()

    def _pick_withdrawn(self, pos: tuple[int, int]) -> bool:
        """A click on a player's row while Withdraw asks for one: that player is chosen, and what
        withdrawing it does is said; whether the click was taken."""
        if self.withdrawing is None:
            return False
        for rect, pid in self.standing_rows:
            if rect.collidepoint(pos) and pid not in self.tournament.withdrawn:
                self._choose_withdrawn(pid)
                return True
        return False

    def _step_withdrawn(self, key: int) -> bool:
        """Up or Down while Withdraw asks for a player: the row above or below is chosen (the first
        row from none); whether the key was taken."""
        if self.withdrawing is None or key not in (pygame.K_UP, pygame.K_DOWN):
            return False
        t = self.tournament  # one with no game left is passed over: there is nothing to withdraw it from
        rows = [st.player for st in self.table if st.player not in t.withdrawn and t.games_left(st.player)]
        if rows:
            at = rows.index(self.withdrawing) if self.withdrawing in rows else -1
            step = 1 if key == pygame.K_DOWN else -1
            self._choose_withdrawn(rows[0] if at < 0 else rows[(at + step) % len(rows)])
        return True

    def _choose_withdrawn(self, player_id: str) -> None:
        """``player_id`` is the one Withdraw would withdraw: what that does to its games is said.
        One with no game left to play is not chosen, and the message says there is nothing to
        withdraw it from: Withdraw again said it "could not be withdrawn", in English."""
        t = self.tournament
        if not t.games_left(player_id):
            self.withdrawing = ""
            self.messages.add(Phrase(lambda: nothing_to_withdraw(t, player_id, self._name(player_id),
                                                                 words.ReportWords())), "info", 10.0)
            self._refresh_labels()
            self.invalidate()
            return
        self.withdrawing = player_id
        self.messages.add_instead(self._withdrawal_question(player_id), "warn", 20.0, topic=QUESTION_TOPIC)
        self._refresh_labels()
        self.invalidate()

    def _withdrawal_question(self, player_id: str) -> Phrase:
        """What withdrawing ``player_id`` does to its games and how to confirm it, said whole again
        after a language switch (its two sentences, joined, stayed in the old language).  Its games
        are counted now, before the withdrawal: the question may still show after it is done."""
        t = self.tournament
        played, games, left = t.played_by(player_id), len(t.games_of(player_id)), t.games_left(player_id)
        return Phrase(lambda: withdrawal_words(played, games, left, self._name(player_id), words.ReportWords()) + ". "
                      + _("Press Withdraw again to confirm (Esc: no)"))

    def _cancel_withdrawal(self) -> bool:
        """Esc (or Withdraw with no row chosen): nothing is withdrawn; whether there was something to cancel."""
        if self.withdrawing is None:
            return False
        self.end_choosing()
        self.messages.add(_("Nothing withdrawn"), "info", 4.0)
        self._refresh_labels()
        self.invalidate()
        return True

    def end_choosing(self) -> None:
        """No player is asked for any longer (withdrawn, cancelled, or the tournament resumed): how
        to choose one goes with it, and so does the question asked of the player chosen.  "Choose
        the player to withdraw in the standings …" stayed for its 10 s under "Nothing withdrawn" or
        "… is withdrawn", saying to choose; "… Press Withdraw again to confirm (Esc: no)" for its
        20 s after the withdrawal was made or refused."""
        self.withdrawing = None
        self.messages.withdraw(CHOOSING_TOPIC)
        self.messages.withdraw(QUESTION_TOPIC)

    def _withdraw(self, player_id: str) -> None:
        t = self.tournament
        self.end_choosing()
        try:
            stands = t.withdraw(player_id)
        except (OSError, ValueError) as exc:  # its log could not be rewritten: nothing withdrawn
            self.messages.add(_("{player} could not be withdrawn: {why}").format(
                player=self._name(player_id), why=exc), "error", 10.0)
            return
        self._count_seen()
        self.recent = [(n, t.results[n]) for n in t.finished_numbers()]
        # a game a Stop dropped part-way that the withdrawal settled is not "replayed on Resume" now
        for number in self.stopped_part_way.keys() & t.results.keys():
            del self.stopped_part_way[number]
        said = (_("{player} is withdrawn: its results stand, its games left are lost by forfeit") if stands else
                _("{player} is withdrawn: all its games are annulled"))
        self.messages.add(said.format(player=self._name(player_id)), "info", 10.0)
