"""The game screen's questions over the board: Resign and Offer draw, each answered before it acts.

Resign (the button, Ctrl+R) asks the person first, on a card over the board (``ResignCard``): Yes
resigns, No plays on; in a hot-seat game it names the friend it gives the game up for.  Offer draw
asks, in a hot-seat game, the other friend on a card (``DrawOfferCard``), and against the computer
the level, which searches the position in its worker and answers with why
(``ai.draw_offers``); after a level declines, the next offer waits ``OFFER_GAP`` of the person's
moves, and the window says how many are left.  A level offers a draw itself, with its move, where
its search proves the game drawn (``computer_may_offer_draw``, ``ai.draw_offers.offers_draw``): a
card asks the person (``ComputerDrawOfferCard``), whose next move declines it as No does; Ctrl+D
accepts it, Undo takes it back with its position (no refusal counted) and Redo brings it back with
it (``redo_computer_draw``), and the game's record keeps it and its last refusal for Continue
(``level_offer_kept``, ``take_up_level_offer``).

``GameQuestions`` is mixed into ``GameScene`` beside ``game_commands.GameCommands``, for the same
reason: these are the scene's public methods, called by name by its buttons, the cards over the
board, the keyboard map (``game_keys``), the computer's replies (``game_computer``) and the tests.
They act on the scene's game and its parts, set up by ``GameScene.__init__``.
"""

from __future__ import annotations

from ai import draw_offers
from ai.draw_offers import Judged
from ai.roster import LEVEL_IDS
from ui import words
from ui.ai_worker import AIProgress, AIResult
from ui.autosave_setup import (
    FRIEND_DECLINED_KEY,
    LEVEL_DECLINED_KEY,
    LEVEL_OFFER_KEY,
    kept_friend_refusal,
    kept_level_offer,
)
from ui.i18n import N_, Phrase, _, ngettext
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC
from ui.scenes.game_computer import RESIGNED

OFFER_GAP = 3  # the person's own moves after a declined offer before the computer hears another
OFFER_SECONDS = 2.0  # at most, a level's search of a draw offered to it (as a hint's)
DRAW_ANSWER_NOTE = "draw answer"  # the topic of a draw offer's answer: about its position, gone with it on Undo
DRAW_ANSWERS = {  # a level's answer to a draw offer, by why it answers so (``ai.draw_offers``)
    draw_offers.SEES_WIN: N_("{player} declines: it sees a win"),
    draw_offers.BETTER: N_("{player} declines: it thinks it stands better"),
    draw_offers.EVEN: N_("{player} accepts the draw: it thinks the game is even"),
    draw_offers.WORSE: N_("{player} accepts the draw: it thinks it stands worse"),
    draw_offers.SEES_DRAW: N_("{player} accepts the draw: it sees a draw with best play"),
    draw_offers.SEES_LOSS: N_("{player} accepts the draw: it sees it would lose"),
    draw_offers.NO_JUDGEMENT: N_("{player} accepts the draw: it plays at random and judges nothing"),
    draw_offers.TOO_EARLY: N_("{player} declines: too early to agree a draw: play on"),
    draw_offers.NO_WINNER: N_("{player} accepts the draw: no one can win this game"),
}


class GameQuestions:
    """The questions of ``GameScene`` (see the module's docstring)."""

    # -- Resign ----------------------------------------------------------------------------
    def _resigning_side(self) -> int | None:
        """Who Resign gives the game up for: the human (the side to move in a hot-seat game)."""
        if self.is_over() or self.setup.mode == PC_VS_PC:
            return None
        human = self.setup.human_side()
        return self.state.to_move if human is None else human

    def _resign_labels(self) -> list[str]:
        """The Resign button's label, then shorter forms for a narrow panel.  In a hot-seat game it
        names the friend it gives the game up for, the player to move ("Resign for Ana (Black)",
        "Resign for Ana", "Resign for Black"): Resign and Ctrl+R gave up for whoever was to move,
        and nothing said who.  Against the computer, "Resign": the human's own."""
        side = self._resigning_side()
        if self.setup.mode != HOTSEAT or side is None:
            return [_("Resign")]
        return self._resign_labels_for(side)

    def _resign_labels_for(self, side: int) -> list[str]:
        """A hot-seat Resign's labels for the friend of ``side``, longest first, "Resign" alone
        the last: at 800x560 in Portuguese "Desistir por Escuro" was cut to "Desistir por Es…"
        (the panel's headline and the lit clock say whose turn it is).  The shorter form names
        the side alone, as the board does, never the name alone: with "Resign for Player 1"
        between them the same friend's button read "Desistir por Azul" at 1280x800 and
        "Desistir por Jogador 1" in a 1264-wide window."""
        said = _("Resign for {player}")
        return [*(said.format(player=player) for player in (words.player_on_side(self.setup, self.game, side),
                                                             words.side(self.game, side))), _("Resign")]

    def _resign_labels_of_both(self) -> tuple[tuple[str, ...], ...]:
        """Resign's labels on either friend's turn (``Button.other_labels``): the panel's buttons
        are sized for the longest, so their text keeps its size from turn to turn."""
        if self.setup.mode != HOTSEAT:
            return ()
        return tuple(tuple(self._resign_labels_for(side)) for side in (0, 1))

    def ask_to_resign(self) -> None:
        """Resign (the button, Ctrl+R) asks first, on a card over the board (``ResignCard``): Yes
        (Y) resigns, No (N, Esc) plays on.  It gave the game up at once, a key pressed by mistake
        a loss counted in the player's results, with nothing on the result card saying Undo could
        take it back.  The clocks run on meanwhile: the question is the asker's own time."""
        if self.refuse(self._why_no_resign):  # over, or watched: Ctrl+R said nothing
            return
        side = self._resigning_side()
        self.move_entry.close()
        self.resign_card.forget_pointer()  # a new question: the last one's ringed No answered it
        self.resign_asked = side
        self.invalidate()

    def keep_playing(self) -> None:
        """No to Resign's question: the game goes on as it was."""
        self.resign_asked = None
        self.invalidate()

    def resign(self) -> None:
        """The human gives the game up (Yes on Resign's card; Undo takes it back, like any end)."""
        self.resign_asked = None
        side = self._resigning_side()
        if side is None:
            return
        self.computer.cancel()
        self._lose_by_forfeit(side, RESIGNED)

    # -- Offer draw ------------------------------------------------------------------------
    def _draws_offered(self) -> bool:
        """Whether a draw may be offered here, in a game whose rules can end drawn
        (``GameInfo.can_draw``: not Hex nor Rastros): to a friend in a hot-seat game, or against
        the computer to one of its levels, which answers from its own search (``ai.draw_offers``);
        not to a named or outside player, which has no way to answer one."""
        if not self.game.info.can_draw:
            return False
        if self.setup.mode == HOTSEAT:
            return True
        human = self.setup.human_side()
        return human is not None and self.setup.players[1 - human] in LEVEL_IDS

    def _draw_offering_side(self) -> int | None:
        """Who Offer draw offers it for: the person to move, once a move is on the board, while
        the game goes on and is not paused, no offer waits, the live game is shown and, against the computer, it
        has heard no offer for ``OFFER_GAP`` of the person's moves (``_offer_cooling``); else None."""
        if (not self._draws_offered() or self.is_over() or not self.history or self.draw_offer is not None
                or self.browsing is not None or self.held_up() or self.paused_with_people()
                or self._offer_cooling() or self._declined_here()):
            return None
        human = self.setup.human_side()
        if human is not None and self.state.to_move != human:
            return None
        return self.state.to_move

    def _offer_cooling(self) -> int:
        """The person's moves still to play before the computer hears another draw offer after it
        declined one (0: none): a person cannot ask it at every move until it gives in."""
        if self.draw_declined_at is None:
            return 0
        return max(0, -(-(self.draw_declined_at + 2 * OFFER_GAP - len(self.history)) // 2))

    def _declined_here(self) -> bool:
        """Whether, in a hot-seat game, the friend to move had a draw offer declined in this very
        position: they may offer again once they have made a move, as chess clubs play it.  They
        could offer again at once, as often as they liked, and the other friend was asked each time."""
        return self.friend_declined_at == (self.state.to_move, len(self.history))

    def _offer_to_the_computer(self) -> bool:
        """Whether the person's draw offer waits for the computer's answer (its search under way)."""
        return self.draw_offer is not None and self.setup.mode == HUMAN_VS_PC

    def offer_draw(self) -> None:
        """The person to move offers a draw.  In a hot-seat game a card asks the other friend, by
        name, to accept or decline it (``DrawOfferCard``); against the computer the level searches
        the position and answers (``computer_answers_offer``).  Two friends who saw a game was dead,
        or a person against a level, had to play it out to the rules' end, or resign.  With the
        level's own offer on the screen, it accepts that offer (``accept_computer_draw``): it sent
        the person's offer to a level that had just offered the same, to search and answer it."""
        if self.card_shown() is self.computer_offer_card:
            self.accept_computer_draw()
            return
        side = self._draw_offering_side()
        if side is None:
            self._say_why_no_offer()
            return
        self.computer.cancel()  # a hint's search: moot while the question stands
        self.move_entry.close()
        self.view.reset_input()  # a piece picked up, Trax's tile picker: the card answers first
        self.offer_card.forget_pointer()  # a new question: the last offer's ringed Decline answered it
        self.messages.withdraw(DRAW_ANSWER_NOTE)  # "... declines the draw" answered the last offer, not this one
        self.draw_offer = side
        if self.setup.mode == HUMAN_VS_PC:
            self._ask_the_computer(1 - side)
        self.invalidate()

    def _say_why_no_offer(self) -> None:
        """Say, as a warning, why Offer draw (Ctrl+D, or its greyed button clicked) offers nothing
        now.  Before the first move and on the computer's turn it did nothing at all, with no word:
        a player looking for a draw could not tell the button from a broken one.  A game whose rules
        cannot end drawn (Hex, Rastros: no Offer draw button) says so, to a Ctrl+D learnt in the
        other games.  Nothing more where a question stands already (the offer's card or its wait),
        or the other player cannot answer one (a named or outside player)."""
        if self.draw_offer is not None or self._says_game_over():
            return
        if not self.game.info.can_draw:
            self.messages.refuse(_("{game} has no draws: every game ends with a winner").format(
                game=words.title(self.game.info)))
            return
        if not self._draws_offered():
            return
        if self.refused_while_paused():
            return
        cooling, human = self._offer_cooling(), self.setup.human_side()
        if cooling:
            why = ngettext("You may offer a draw again after {n} more move of yours",  # the person's: 2n turns
                           "You may offer a draw again after {n} more moves of yours", cooling).format(n=cooling)
        elif self._declined_here():
            why = _("Your draw offer was just declined: you may offer again after your next move")
        elif not self.history:
            why = _("A draw may be offered once the first move is played")
        elif self.browsing is not None:
            why = _("A draw is offered from the game's last move: End goes back to it")
        elif human is not None and self.state.to_move != human:
            why = _("A draw may be offered on your own turn")
        else:
            return
        self.messages.add(why, "warn")

    def _ask_the_computer(self, computer: int) -> None:
        """Have the level playing ``computer`` search the position offered drawn (after the
        person's only legal move, where there is one: ``draw_offers.judged_position``) in its
        worker, as it searches its moves; a position its rules decide (that move ends the game, or
        no one can win it: Trax's fill mode) is judged by them (``Judged.by_rules``)."""
        further, judged = draw_offers.judged_position(self.state)
        ruled = Judged.by_rules(judged)
        if ruled is not None:
            self._answer_offer(ruled)
            return
        texts = [self.game.format_move(self.state, move) for move in further]
        self.computer.think("draw", computer, self.setup.players[computer],
                            min(self.setup.move_time, OFFER_SECONDS), texts)

    def computer_answers_offer(self, reply: object, search: AIProgress | None) -> None:
        """The level's search of the position offered drawn is done (``reply``, its last report
        ``search``): it answers; a search that failed answers nothing, and the offer is withdrawn."""
        if not self._offer_to_the_computer():
            return
        if not isinstance(reply, AIResult):
            self.draw_offer = None
            side, why = 1 - self.state.to_move, getattr(reply, "message", "")
            self.messages.add(Phrase(lambda: _("{player} could not answer the draw offer: {why}").format(
                player=self.setup.player_label(side), why=words.detail(why))), "error")
            return
        searched = draw_offers.judged_position(self.state)[1]
        judged = Judged(self.state.to_move, kind="rule") if search is None else Judged.searched(search, searched)
        self._answer_offer(judged)

    def _answer_offer(self, judged: Judged) -> None:
        """The level's answer to the person's offer from what it ``judged`` (``ai.draw_offers``),
        said with why: accepted, the game ends drawn by agreement; declined, it goes on, and the
        next offer waits ``OFFER_GAP`` of the person's moves."""
        computer = 1 - self.draw_offer
        answer = draw_offers.answer_offer(self.game.id, self.setup.players[computer], computer, judged,
                                          self.game.too_early_to_agree(self.state))
        def said() -> str:
            return _(DRAW_ANSWERS[answer.why]).format(player=self.setup.player_label(computer))

        if answer.accepts:
            self.messages.add(Phrase(said), duration=6.0, topic=DRAW_ANSWER_NOTE)
            self.agreed_draw = True
            self._ended_now()
            return
        self.draw_offer = None
        self.draw_declined_at = len(self.history)
        self.messages.add(Phrase(lambda: ngettext("{answer}. Another offer after {n} more move of yours",
                                                  "{answer}. Another offer after {n} more moves of yours",
                                                  OFFER_GAP).format(answer=said(), n=OFFER_GAP)), duration=8.0,
                          topic=DRAW_ANSWER_NOTE)
        self.invalidate()

    def accept_draw(self) -> None:
        """The friend asked accepts: the game ends drawn by agreement, as the card, the record and
        the session's score say (Undo takes it back, as a resignation)."""
        if self.draw_offer is None:
            return
        self.agreed_draw = True
        self._ended_now()

    def decline_draw(self) -> None:
        """The friend asked declines: the game goes on, the friend to move as before, and the
        window says who declined (the one who offered may have looked away).  That friend offers
        again only after a move (``_declined_here``)."""
        side = self.draw_offer
        if side is None:
            return
        self.draw_offer = None
        self.friend_declined_at = (side, len(self.history))  # no new offer until that friend has moved
        self.recorder.keep_between_moves(self)  # no move saves it: after Continue the friend could offer again at once
        self.messages.add(Phrase(lambda: _("{player} declines the draw: the game goes on").format(
            player=words.player_on_side(self.setup, self.game, 1 - side))), duration=6.0, topic=DRAW_ANSWER_NOTE)
        self.invalidate()

    # -- a level's own draw offer ----------------------------------------------------------
    def computer_may_offer_draw(self, side: int, search: AIProgress | None) -> None:
        """After its move, the level playing ``side`` offers a draw where it is sure of one
        (``draw_offers.offers_draw``: ``search``, its move's last report, proved the game drawn, or
        the rules leave no winner) in a game against a person, where the person would welcome it
        (``Game.draw_offer_welcome``), and not again after a refusal until the game has moved on (``draw_offers.may_offer_again``).
        A person playing a dead draw out against a level had to find the offer themselves."""
        if self.setup.mode != HUMAN_VS_PC or not self._draws_offered() or self.is_over() or not self.history:
            return
        if not draw_offers.may_offer_again(self.computer_offer_declined, len(self.history),
                                           draw_offers.pieces_taken(self.state)):
            return
        judged = Judged.by_rules(self.state)
        if judged is None and search is not None:
            judged = Judged.searched(search, self.history[-1].before)
        welcome, declined = self.game.draw_offer_welcome(self.state, side), self.computer_offer_declined is not None
        if judged is None or not draw_offers.offers_draw(judged, welcome, declined):
            return
        self.computer_offer_card.forget_pointer()  # a new question: none of its buttons ringed
        self.computer_offer = side
        self.computer_offer_certain = judged.certain
        self.computer_offer_plies = len(self.history)
        self.recorder.keep_between_moves(self)  # its move was saved before it offered
        self.invalidate()

    def accept_computer_draw(self) -> None:
        """The person accepts the level's offer (Y, Accept the draw, Ctrl+D): the game ends drawn
        by agreement, as a draw accepted by a level does (the record and the session's score say
        so, and the window: the key that offers a draw may be pressed without a look at the card)."""
        side = self.computer_offer
        if side is None:
            return
        self.messages.add(Phrase(lambda: _("You accept {player}'s draw offer: drawn by agreement").format(
            player=self.setup.player_label(side))), duration=6.0, topic=DRAW_ANSWER_NOTE)
        self.computer_offer = None
        self.agreed_draw = True
        self._ended_now()

    def decline_computer_draw(self) -> None:
        """The person declines the level's offer (N, Esc, Decline; or a move played: ``_changed``):
        the game goes on, and the level offers none again until it has moved on.  What the window
        says of it is about the position offered drawn (``DRAW_ANSWER_NOTE``): Undo, which takes
        that position back, takes the words away too (``_after_jump``); they stood over the
        position before it."""
        if self.computer_offer is None:
            return
        self._computer_offer_declined()
        self.recorder.keep_between_moves(self)  # no move saves it: Continue would show the offer again
        self.messages.add(_("You decline the draw: the game goes on"), duration=5.0, topic=DRAW_ANSWER_NOTE)
        self.invalidate()

    def withdraw_computer_draw(self) -> None:
        """Undo takes back the position the level's standing offer was about: the offer goes with
        it, said, and no refusal is counted (``computer_offer_declined`` as before the offer).  It
        counted as declined, and the level, back at the same position, waited ten plies to offer
        the same draw again."""
        side = self.computer_offer
        if side is None:
            return
        self.computer_offer = None
        self.withdrawn_offer = (self.history[-1], side, self.computer_offer_certain)
        self.messages.add(Phrase(lambda: _("{player}'s draw offer goes with the move taken back").format(
            player=self.setup.player_label(side))), duration=5.0)

    def redo_computer_draw(self) -> None:
        """Redo brought back the move an offer Undo withdrew (``withdraw_computer_draw``): the
        offer comes back with it, the same position and the same proof (a refusal takes it off
        the screen first, so no declined offer is withdrawn).  Redo replayed the move without it,
        and the level, the person to move, had no move to offer it with again.  Kept through a
        Redo that stops short of that move (two Undos, then Redo once)."""
        withdrawn = self.withdrawn_offer
        if withdrawn is None or self.is_over() or not self.history or self.history[-1] is not withdrawn[0]:
            return
        self.withdrawn_offer = None
        _ply, side, certain = withdrawn
        self.computer_offer_card.forget_pointer()
        self.computer_offer, self.computer_offer_certain, self.computer_offer_plies = side, certain, len(self.history)
        self.recorder.keep_between_moves(self)
        self.invalidate()

    def _computer_offer_declined(self) -> None:
        """The level's offer is gone unaccepted: it waits from the ply it was made at
        (``draw_offers.may_offer_again``) with the pieces taken then."""
        self.computer_offer = None
        self.computer_offer_declined = (self.computer_offer_plies, draw_offers.pieces_taken(self.state))

    def level_offer_kept(self) -> dict[str, object]:
        """The level's draw offer standing and its last refusal, as the game's record keeps them
        for Continue (``ui.autosave_setup.kept_level_offer``): a game saved while the card showed came
        back without it, and without its refusal the level offered again at its next move.  A
        hot-seat friend's declined offer too: that friend could offer again at once after Continue."""
        kept: dict[str, object] = {}
        if self.computer_offer is not None:
            kept[LEVEL_OFFER_KEY] = {"side": self.computer_offer, "ply": self.computer_offer_plies,
                                     "certain": self.computer_offer_certain}
        if self.computer_offer_declined is not None:
            kept[LEVEL_DECLINED_KEY] = list(self.computer_offer_declined)
        if self.friend_declined_at is not None:
            kept[FRIEND_DECLINED_KEY] = list(self.friend_declined_at)
        return kept

    def take_up_level_offer(self, setup: dict) -> None:
        """A game continued from its record's ``setup``: the level's offer standing when it was
        left shows again (its card: the same offer, once), and its last refusal still counts, as
        does a hot-seat friend's (none in a record from before it was kept)."""
        standing, self.computer_offer_declined = kept_level_offer(setup, len(self.history))
        self.friend_declined_at = kept_friend_refusal(setup, len(self.history))
        if standing is None or self.setup.mode != HUMAN_VS_PC or self.is_over():
            return
        side, certain = standing
        if self.setup.is_human(side) or self.state.to_move == side:
            return
        self.computer_offer, self.computer_offer_certain, self.computer_offer_plies = side, certain, len(self.history)
