"""The game screen's commands: what the player can do there, each with its button (and key).

Undo and Redo (a resignation or an agreed draw taken back alone; against the computer, back to the
human's own turn; from an earlier position looked at, Undo takes the game back to it and Redo first
returns to the game), New game and Rematch, leaving for the menu (an unfinished game stays in the
Continue list; a game whose autosave failed asks twice), Save, the rules, the search tree, the
replay, analysis mode, the Hex connections, legal-move marks, turning the board, a hint, the
watched game's Pause, Step and Speed, and the Pause of a clocked game with a person in it (both
clocks stop, the board is covered and takes no move, the computer's search is dropped until
Resume).  Every button of the panel is made and kept up to date here, Resign's and Offer draw's
too; what those two do, a question over the board first, is ``game_questions``.

``GameCommands`` is mixed into ``GameScene`` rather than being a part it calls, because these
methods are the scene's public face: its buttons, the game-over card, the App and the tests call
them on the scene by name.  They act on the scene's game and on its parts (``computer``,
``recorder``, ``analysis`` ...), all set up by ``GameScene.__init__``; the keyboard map that
reaches them is ``game_keys``.
"""

from __future__ import annotations

import contextlib
import time
import weakref
from collections.abc import Callable, Hashable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

import ai
from games.record import GameRecord
from ui import eval_bar, words
from ui.autosave import can_write_in
from ui.autosave_reading import worth_continuing
from ui.autosave_setup import record_with_setup
from ui.clocks import record_up_to, setup_clock
from ui.data_folders import games_dir
from ui.game_log import log_game_started
from ui.hex_connections import available as connections_available
from ui.i18n import N_, Phrase, _, language
from ui.match import HOTSEAT, HUMAN_VS_PC, PC_VS_PC, MatchSetup
from ui.notation import shown_move
from ui.scenes.base import KEYS_PAGE
from ui.scenes.common import zoom_board
from ui.scenes.game_computer import (
    HINT_NOTE,
    HINT_PLAYER,
    RESIGNED,
    SPEEDS,
    every_speed_label,
    speed_labels,
    stepped_speed,
)
from ui.scenes.game_mouse import REFUSAL
from ui.scenes.game_over import REMATCH_WORDS
from ui.scenes.game_questions import DRAW_ANSWER_NOTE
from ui.widgets import REFUSED_TOPIC, Button, KeyFocus, Stepper, relabel, worded

if TYPE_CHECKING:
    import pygame

    from ui.ai_worker import AIProgress

PAUSE_LABELS = (N_("Pause"), N_("Resume"))  # the Pause button's label, playing and paused (translated where shown)
# what a paused clocked game with a person in it says to a click on its board, a key that plays, a move typed
PAUSED_WORDS = N_("Paused: both clocks stand still; Ctrl+P or Resume goes on")
# the topic of a note on the move just made ("g5\ also laid its forced tiles: g6", Hex's swap):
# Undo, Redo and a jump take it away with the position it was about
MOVE_NOTE = "move note"
# the topic of a hot-seat game's "Move taken back: swap, played by Player 2 (Red)": a Redo or another
# Undo takes it away, as the move it names is back on the board or another is taken back
TAKEN_BACK_NOTE = "taken back"
TAKEN_BACK_WORDS = N_("Move taken back: {move}, played by {player} ({side})")
PLAYED_AGAIN_WORDS = N_("Move played again: {move}, by {player} ({side})")
POSITION_NOTES = (HINT_NOTE, MOVE_NOTE)  # set aside while a person's pause covers the board: they name moves of it


def _chosen_by(ply: Any, human: int) -> bool:
    """Whether ``ply`` is a move the person playing ``human`` chose: not the computer's, nor one
    forced on them (a Reversi pass), which Undo would only see played again."""
    return ply.before.to_move == human and not ply.by_computer and len(ply.before.legal_moves()) > 1


class GameCommands:
    """The commands of ``GameScene`` (see the module's docstring)."""

    # -- the buttons ----------------------------------------------------------------------
    def _make_buttons(self) -> None:
        pc_pc = self.setup.mode == PC_VS_PC
        self.btn_undo = worded(N_("Undo"), self.undo, "U")
        self.btn_redo = worded(N_("Redo"), self.redo, "Y")
        self.btn_hint = worded(N_("Hint"), self.request_hint, "H", visible=not pc_pc)
        # the board marks the legal moves on a person's turn only: watching, the button did nothing
        self.btn_legal = worded(N_("Legal moves"), self.toggle_legal, "L", visible=self.view.marks_legal and not pc_pc,
                                shorter=(N_("Legal"),))  # not "Jogadas possív…" at 800x560 in Portuguese
        # watching, Space; with a person in the game Space plays on the board's cursor, and P is the picture
        self.btn_pause = worded(N_("Pause"), self.toggle_pause, "Space" if pc_pc else "Ctrl+P", visible=self.pause_offered())
        self.btn_step = worded(N_("Step"), self.step, "S", visible=pc_pc)
        self.btn_speed = Stepper(self.step_speed, _("Speed"), "+/-", visible=pc_pc)
        self.btn_take_over = worded(N_("Take over"), self.take_over, "C", visible=pc_pc)
        self.btn_save = worded(N_("Save"), self.save_game, "Ctrl+S")
        self.btn_live = worded(N_("Back to the game"), self.back_to_game, "End", primary=True, visible=False)
        # a key: no mouse needed; a hot-seat friend's shorter "Resign for X" with it rather than the whole name without
        self.btn_resign = worded(N_("Resign"), self.ask_to_resign, "Ctrl+R", visible=not pc_pc, keeps_key=True)
        # "Draw  Ctrl+D" where "Offer draw" has no room for its key (at Large text in 800x560 it
        # alone of the panel's buttons lost it): a chord no one guesses, as Resign's Ctrl+R
        self.btn_draw = worded(N_("Offer draw"), self.offer_draw, "Ctrl+D", visible=self._draws_offered(),
                               shorter=(N_("Draw"),), keeps_key=True, refused=self.offer_draw)  # greyed: says why
        self.btn_rematch = worded(REMATCH_WORDS[0], self.rematch, "R", shorter=REMATCH_WORDS[1:], visible=False)
        # the result card back after View board hid it: the same key in every game (Hex's V is its connections)
        self.btn_result = worded(N_("Result"), self.over_card.show, "Enter", primary=True, visible=False)
        self.btn_rules = worded(N_("Rules"), self.show_rules, "F1")
        self.btn_new = worded(N_("New game"), self.new_game, "N")
        self.btn_menu = worded(N_("Menu"), self.back_to_menu, "Esc")
        self.btn_analysis = worded(N_("Analysis"), self.toggle_analysis, "A")
        # "Tree" where the panel is narrow for the whole name ("Árvore de pesquisa" at Larger text)
        self.btn_tree = worded(N_("Search tree"), self.open_tree, "T", shorter=(N_("Tree"),))
        self.btn_connections = worded(N_("Connections"), self.toggle_connections, "V",
                                      visible=connections_available(self.game))
        # in the panel's order (Tab's too): a watched game's Pause, Step and Speed share the first row;
        # a person's Pause comes after Undo and Redo, two a row with the others
        watch = [self.btn_pause] if pc_pc else []
        people = [] if pc_pc else [self.btn_pause]
        self.buttons = [*watch, self.btn_step, self.btn_speed, self.btn_live, self.btn_undo, self.btn_redo, *people,
                        self.btn_hint, self.btn_analysis, self.btn_tree, self.btn_connections, self.btn_legal,
                        self.btn_take_over, self.btn_save, self.btn_rules, self.btn_resign, self.btn_draw,
                        self.btn_result, self.btn_rematch, self.btn_new, self.btn_menu]
        for button, why in self._refusals():
            button.refused = partial(self.refuse, why)  # greyed, a click says why, as its key does
        self.panel_focus = KeyFocus()  # Tab's ring among the panel's buttons (``game_keys``)
        self.labelled_in = language()  # the language the buttons were labelled in (``follow_the_language``)

    def _refusals(self) -> list[tuple[Button, Callable[[], str]]]:
        """Each button greyed while its reason says why it would do nothing now ("" while it may
        act): the one place that greys it (``_refresh_buttons``) and has its click greyed
        (``Button.refused``) and its key (its command: ``refuse``) say why.  Offer draw says its
        own (``game_questions._say_why_no_offer``)."""
        return [(self.btn_undo, self._why_no_undo), (self.btn_redo, self._why_no_redo), (self.btn_hint, self._why_no_hint),
                (self.btn_legal, self._why_no_marks), (self.btn_pause, self._why_no_pause),
                (self.btn_step, self._why_no_step), (self.btn_resign, self._why_no_resign),
                (self.btn_save, self._why_no_save), (self.btn_analysis, self._why_covered),
                (self.btn_tree, self._why_no_tree)]

    def refuse(self, why: Callable[[], str]) -> bool:
        """True, saying why as a warning (``Messages.refuse``), when the command of ``why`` (one of
        ``_refusals``) would do nothing now: its key pressed, or its greyed button clicked."""
        return self.messages.refuse(why())

    def _why_over_or_watched(self, watched: str) -> str:
        """Why a person's command does nothing: the game is over, or (``watched``) the computer
        plays both sides; "" otherwise."""
        if self.is_over():
            return _("The game is over")
        return watched if self.setup.mode == PC_VS_PC else ""

    def _why_no_undo(self) -> str:
        """Why Undo takes nothing back: no move played, or every move taken back already (it said
        no move had been played, with Redo lit to bring them all back), nor a game end to take
        back alone (a person's word, an outside program's forfeit: ``_stopped_a_program``), or a
        person's pause covers the board (the pause's words): it took a move back under the cover,
        and its message named the move the cover hides."""
        if self._why_covered():
            return self._why_covered()
        if self._ended_by_the_players() or self._stopped_a_program(self.forfeit) or self.view.undoes_input():
            return ""
        if not self.history and self.redo_stack:  # every move taken back: they are still there to redo
            return _("Nothing to undo: this is the start of the game (Redo plays the moves again)")
        if not self.history:
            return _("Nothing to undo: no move has been played yet")
        if not self._a_choice_of_the_human():
            return _("Nothing to undo: you have not made a move yet")
        return ""

    def _a_choice_of_the_human(self) -> bool:
        """Whether Undo has a move to go back to in Human vs PC (always, in the other modes): one
        the person chose (``_take_back`` goes back to such a move).  The computer's opening
        move alone was taken back and played again at once, Level 1 another at random, a higher
        level the same one, so that Undo seemed to do nothing."""
        human = self.setup.human_side()
        return human is None or any(_chosen_by(ply, human) for ply in self.history)

    def _why_no_redo(self) -> str:
        """Why Redo plays nothing again: nothing was taken back, or a person's pause covers the
        board (as Undo's)."""
        if self._why_covered():
            return self._why_covered()
        if self.redo_stack or self.browsing is not None:
            return ""
        return _("Nothing to redo: Redo plays again the moves Undo took back")

    def _why_no_save(self) -> str:
        """Why Save (Ctrl+S) writes nothing: no move, from the usual start (it wrote an empty game
        into Saved games).  A set-up position, or a game over before its first move (given up, a
        watched bot's forfeit on time) is kept: its end is the game.  The panel's Save was greyed
        on a watched bot's forfeit at move 1 while the result card's Save beside it was not."""
        if self.history or self.setup.start is not None or self.is_over():
            return ""
        return _("Nothing to save yet: no move has been played")

    def _why_no_hint(self) -> str:
        """Why H gives no hint (``human_to_move``'s reasons, in words)."""
        why = self._why_over_or_watched(_("Hints are for a person's turn: here the computer plays both sides"))
        if why or self.held_up():
            return why or self.held_up()
        if self.draw_offer is not None:
            return _("A hint waits for the answer to the draw offer")
        return "" if self.setup.is_human(self.state.to_move) else _("A hint is given on your own turn")

    def _why_no_marks(self) -> str:
        """Why L switches no marks: none to switch, the game over or watched, or a person's pause
        covers the board (the pause's words: L switched them unseen under the cover)."""
        if not self.view.marks_legal and not self.is_over():
            return _("Every empty cell is a legal move here")
        return self._why_over_or_watched(_("Legal moves are marked on a person's turn: here the computer plays "
                                           "both sides")) or self._why_covered()

    def _why_no_pause(self) -> str:
        """Why Ctrl+P (the Pause key) pauses nothing: a person's game without a clock (it took a
        picture, P's, instead), or one over.  A watched game always pauses."""
        if self.setup.mode == PC_VS_PC:
            return ""
        if not self.pause_offered():
            return _("This game has no clock: there is nothing to pause")
        return _("The game is over") if self.is_over() else ""

    def _why_no_step(self) -> str:
        """Why the Step button is greyed: a watched game plays on (S pauses it, as the button's
        key, and the next S steps); ``step`` itself is not held back."""
        if self.setup.mode != PC_VS_PC:
            return ""
        if self.is_over():
            return _("The game is over")
        return "" if self.paused else _("Step plays one move of a paused game: S or Space pauses it")

    def _why_no_resign(self) -> str:
        """Why Resign does nothing now: the game is over or watched, or a person's pause covers
        the board (the pause's words, as Offer draw's).  Paused, its question waited unseen under
        the cover, a click on the button seemed to do nothing, and the card came up on Resume."""
        return self._why_over_or_watched(_("Nobody to resign for: the computer plays both sides")) or self._why_covered()

    def _resigned(self) -> bool:
        """Whether a person gave the game up (Resign), which Undo takes back alone.  An outside
        engine's resignation ends the game as any computer's end does: Undo taking it back alone
        only asked the engine again, which resigned again, and Undo seemed to do nothing."""
        return self.forfeit is not None and self.forfeit[1] == RESIGNED and self.setup.is_human(self.forfeit[0])

    def _stopped_a_program(self, forfeit: tuple[int, str] | None) -> bool:
        """Whether ``forfeit`` is an outside player's (a student's bot, an engine) that stopped
        its program: a crash, an illegal answer, its time out.  Undo takes it back and starts
        the program again (``_forfeit_taken_back``), with the moves before it or, lost on its
        very first move, alone: the game back to where the program was to move.  Undo was
        refused there ("Nothing to undo"), and only Rematch tried the bot again.  Not a
        person's flag fall, which stays where no move came before it, nor an engine's
        resignation (``_resigned``)."""
        if forfeit is None:
            return False
        side, why = forfeit
        return (not self.setup.is_human(side) and why != RESIGNED
                and ai.is_outside_player(self.setup.players[side] or ""))

    def _ended_by_the_players(self) -> bool:
        """Whether the game ended by a person's word, not a move: a resignation (``_resigned``) or
        a draw the friends agreed.  Undo takes it back alone, and the game goes on from there."""
        return self._resigned() or self.agreed_draw

    def say_in_the_language(self) -> None:
        """Every button of the panel and of the cards over the board labelled in the language
        chosen since they were made (and the open move field's words), and laid out again for their
        new widths: a game screen that
        lived through a change of language kept most of its labels in the old one (Pause, Resign
        and Speed alone, labelled on each frame, followed)."""
        relabel([*self.buttons, *(button for card in self.cards() for button in card.buttons)])
        if self.move_entry.open:
            self.move_entry.say_its_words()
        self.resize(self.app.size)
        self.invalidate()

    def _refresh_buttons(self) -> None:
        self.follow_the_language()
        for button, why in self._refusals():
            button.enabled = not why()
        self.btn_hint.enabled &= not (self.computer.job is not None and self.computer.job_kind == "hint")
        self.btn_legal.active = self.show_legal
        self.btn_analysis.active = self.analysis.active
        self.btn_connections.active = self.connections.active
        self.btn_pause.label = _(PAUSE_LABELS[self.paused])
        self.btn_pause.active = self.paused
        watched = self.setup.mode == PC_VS_PC
        # an earlier position of a watched game: the game waits for the watcher to come back (its
        # moves held), so Pause, Step and Speed have nothing to act on; their row gone, the thinking
        # card keeps its lines, as browsing a person's game does (14 buttons put it on one line)
        on_the_game = self.browsing is None
        self.btn_pause.visible = (watched and on_the_game) or (not watched and self.pause_offered() and not self.is_over())
        # a finished watched game has no move to step: its S beside the result card's "Save S" named two commands
        self.btn_step.visible = watched and not self.is_over() and on_the_game
        self.btn_speed.visible = watched and on_the_game
        self.btn_take_over.visible = watched and not self.is_over()  # a finished game is taken over from its replay
        self.btn_resign.label, *shorter = self._resign_labels()
        self.btn_resign.shorter = tuple(shorter)
        self.btn_resign.other_labels = self._resign_labels_of_both()
        self.btn_resign.names = tuple(self.setup.player_label(side) for side in (0, 1)) if self.setup.mode == HOTSEAT else ()
        self.btn_pause.other_labels = tuple((_(label),) for label in PAUSE_LABELS)
        self.btn_resign.visible = self.setup.mode != PC_VS_PC and not self.is_over()
        # browsing, Back to the game takes its row: an offer is made from the live game alone (a
        # seventh row of buttons put the thinking card on one line, the analysis' best line gone)
        self.btn_draw.visible = self._draws_offered() and not self.is_over() and self.browsing is None
        self.btn_draw.enabled = self._draw_offering_side() is not None
        self.btn_rematch.visible = self.is_over()  # also after "View board" hid the card
        self.btn_result.visible = self.is_over() and self.over_hidden and self.browsing is None
        self.btn_live.visible = self.browsing is not None
        self.btn_speed.label, self.btn_speed.short = speed_labels(self.speed)
        self.btn_speed.other_labels = every_speed_label()

    def show_rules(self) -> None:
        """The rules of this game; Back returns to the game as it was, F1 there turns to the keys
        of a game."""
        self._visit(lambda back: self.app.show_rules(self.game.id, on_back=back, keys_section=self.keys_section()))

    def show_help(self) -> None:
        """F1 in a game: its rules (the board is what a player asks about here; the keys are on
        the buttons, and F1 again)."""
        self.show_rules()

    def keys_section(self) -> str | None:
        return "In a game"

    def show_keys(self) -> None:
        """? in a game: the keys page at its "In a game" section, for a player looking for the
        keys rather than the rules (F1); Back returns to the game as it was."""
        self._visit(lambda back: self.app.show_rules(KEYS_PAGE, on_back=back, section=self.keys_section()))

    def _visit(self, show: Callable[[Callable[[], None]], None]) -> None:
        """Show a screen whose Back (the callable ``show`` is given) returns to this game: the rules,
        the search tree.  The worker processes (the computer's, analysis', the connections') wait
        for the return: a new one took seconds to start and load its engine, so a watched game
        stood still after each look at the rules or the tree, and analysis came back as slowly.
        The computer's search is dropped; analysis' and the connections' jobs are held, their
        results kept (``PositionWorker.hold``), to go on from there on the return.  They wait through the screens shown from there that lead back (New game's
        help: ``App.wait_away``); if the window goes anywhere else, or closes, they end."""
        self.visiting = True
        try:
            show(self._come_back)
        finally:
            self.visiting = False
        self.app.wait_away(self, self.close_workers)

    def _come_back(self) -> None:
        """Back from a visit (``_visit``): the game shown again; the note said as it was left (that
        the unfinished game is kept) goes (``_away_from_this_game``)."""
        self.app.switch(self)

    # -- actions ----------------------------------------------------------------------------
    def undo(self) -> None:
        """One ply back; in Human vs PC back to the human's previous choice (a turn with one legal
        move, such as a Reversi pass, is no choice: going back to it would only play it again).
        Looking at an earlier position, back to that position instead (in Human vs PC to the
        human's choice at or before it), and the status line says where: the teacher stepping back
        through a game takes it back to the move on the board, not the live game's last.
        A resignation or an agreed draw is not a move: Undo takes it back alone, and the game goes
        on from where it was given up or agreed.  An outside program's forfeit of its very first
        move has no move before it: Undo takes it back alone, the program started again to make that
        move (``_stopped_a_program``).  A move half entered on the board in parts (an
        Alquerque chain) is taken back first, its last part at a time; a choice still open (a Trax
        tile picker) is no part of a move: Undo takes the last move back and the picker closes
        with its position (``BoardView.undoes_input``).  With nothing to take back, it says so
        (``refuse``)."""
        if self.refuse(self._why_no_undo):
            return
        if self.browsing is None and self.view.undoes_input():
            self.mouse.take_back_input()
            return
        if self.browsing is None and self.draw_offer is not None:
            # the computer's search dropped, or a friend's card taken away: the offer withdrawn
            # alone, as a move half entered (a friend's went with a move taken back, not a word)
            self.computer.cancel()
            self.draw_offer = None
            self.messages.add(_("Draw offer withdrawn"), duration=4.0)
            self.invalidate()
            return
        shown, self.browsing = self.browsing, None
        forfeit = self.forfeit
        self.computer.cancel()
        if shown is None and self._ended_by_the_players():
            self._after_jump()
            return
        if self.history:
            self._take_back(len(self.history) - 1 if shown is None else shown)
        elif not self._stopped_a_program(forfeit):
            return
        self._after_jump()  # with no move before it, the program's forfeit is taken back alone
        if forfeit is not None:
            self._forfeit_taken_back(forfeit)
        if shown is not None:  # "Back to move 0" named a move that is none: the start has its own words
            self.messages.add(_("Back to move {n}: Redo brings the later moves back").format(n=len(self.history))
                              if self.history else _("Back to the start: Redo brings the later moves back"),
                              duration=6.0)
        elif self.setup.mode == HOTSEAT:
            self._say_of_ply(self.redo_stack[-1], TAKEN_BACK_WORDS)
        if self.setup.mode == PC_VS_PC:
            self.paused = True

    def _forfeit_taken_back(self, forfeit: tuple[int, str]) -> None:
        """Undo took ``forfeit`` (the game's ``forfeit`` as it was: the side that lost, why) back
        with the moves before it: the game goes on, and the outside player's program that the
        forfeit stopped is started again before it does (``ComputerMoves.start_again``), said in a
        message and on the card.  It reopened the game and restarted the bot at its next move
        without a word (qa109).  An engine that resigned is sound and was not stopped: it goes on
        as it is."""
        if not self._stopped_a_program(forfeit):
            return  # a person's flag fall: the clocks of the ply gone back to say the rest
        side = forfeit[0]
        self.computer.start_again(side)
        self.messages.add(Phrase(lambda: _("Forfeit taken back: {player}'s program is started again").format(
            player=self.setup.player_label(side))), duration=6.0)

    def _say_of_ply(self, ply: Any, said: str) -> None:
        """Which move Undo took back or Redo played again (``said``: ``TAKEN_BACK_WORDS`` or
        ``PLAYED_AGAIN_WORDS``) and whose it was, in a hot-seat game: the friend who did not see
        the key pressed is told, not left to find a stone gone from the board, or back on it."""
        side = ply.before.to_move
        move = shown_move(self.app, self.game, ply.before, ply.move, ply.text)
        self.messages.add(Phrase(lambda: _(said).format(
            move=move, player=self.setup.player_label(side), side=words.side(self.game, side))), duration=6.0,
            topic=TAKEN_BACK_NOTE)

    def _take_back(self, plies: int) -> None:
        """The plies after the first ``plies`` (at least one) onto the redo stack; in Human vs PC
        on back to the human's choice (see ``undo``), and never past the human's first: the
        computer's moves before it stay, as it would play them again at once (Level 1 others, at
        random), so "Back to the start" from the game's first position lost every move Redo was
        said to bring back.  Taken back past a level's refusal of a draw,
        the wait for the next offer counts from the position reached: Undo never makes it longer
        than the ``game_questions.OFFER_GAP`` moves it was (it counted from the refusal's ply)."""
        self.withdraw_computer_draw()  # the offer is about the position taken back: no refusal
        human = self.setup.human_side()
        popped = [self.history.pop()]
        while len(self.history) > plies:
            popped.append(self.history.pop())
        if human is not None:
            while self.history and not _chosen_by(popped[-1], human):
                popped.append(self.history.pop())
            while popped and not _chosen_by(popped[-1], human):  # the computer's opening stays
                self.history.append(popped.pop())
        self.redo_stack.extend(popped)
        if self.draw_declined_at is not None:  # taken back past a refusal: the wait counts from here
            self.draw_declined_at = min(self.draw_declined_at, len(self.history))
        if self.friend_declined_at is not None and len(self.history) < self.friend_declined_at[1]:
            self.friend_declined_at = None  # a friend's refusal taken back with the position it was about

    def redo(self) -> None:
        """Replay an undone ply; in Human vs PC up to the human's next choice.  Looking at an
        earlier position, Redo first returns to the game, and says so: replaying a move there
        would change the game out of sight.  With nothing to redo, it says so (and leaves the
        computer's search be: Y dropped it)."""
        if self.refuse(self._why_no_redo):
            return
        if self.browsing is not None:
            self.back_to_game()
            self.messages.add(_("Back to the game: Redo again replays the moves taken back") if self.redo_stack
                              else _("Back to the game: nothing to redo"), duration=6.0)
            return
        self.computer.cancel()
        if not self.redo_stack:
            return
        human = self.setup.human_side()
        while self.redo_stack:
            ply = self.redo_stack.pop()
            self.history.append(ply)
            if human is None or ply.after.is_terminal() or (ply.after.to_move == human
                                                             and len(ply.after.legal_moves()) > 1):
                break
        self._after_jump()
        if self.setup.mode == HOTSEAT:
            self._say_of_ply(self.history[-1], PLAYED_AGAIN_WORDS)
        self.redo_computer_draw()  # the level's offer Undo withdrew, back with its move
        if self.setup.mode == PC_VS_PC:
            self.paused = True

    def _after_jump(self) -> None:
        self.forfeit = None  # taking moves back takes the forfeit back too
        self.agreed_draw = False  # and a draw agreed
        self.resign_asked = None  # Undo or Redo under "Resign?" answers it: play on (``_changed`` keeps it for a reply)
        self.messages.withdraw(MOVE_NOTE)  # a note on a move taken back (or redone) spoke of another position
        self.messages.withdraw(TAKEN_BACK_NOTE)  # Redo put the move back: it stood for its 6 s, "taken back"
        self.messages.withdraw(DRAW_ANSWER_NOTE)  # "You decline the draw": of a position gone too
        self.messages.withdraw(REFUSED_TOPIC)  # "Nothing to undo" stood beside the move Redo played again
        self.referee.set_readings(self.history[-1].clocks if self.history else None)  # the clocks of that ply
        self.computer.search_of_the_board()  # the last one was about another position: the board's own, if kept
        self._changed()
        self.hint = None
        self.messages.withdraw(HINT_NOTE)  # "Hint: b1" stood over the position Undo went back to
        # a redo onto the last move ends the game again: its card shows again, as when it was played
        self.over_since, self.over_hidden = (time.monotonic() if self.is_over() else None), False
        self.view.reset_input()
        self.view.stop_animation()  # the move now last was seen when it was played
        self.last_move_time = time.monotonic()
        self.person_moved_last = False  # no one has just moved: a computer to move plays as soon as it is ready
        self.panel.follow = True

    def unfinished(self) -> bool:
        """Moves were played and the game is not over: leaving keeps it in the Continue list.  A
        game Undo took back to its start counts while Redo can play its moves again: leaving it
        (Back, Esc, closing the window) lost it and its moves, though nobody chose to drop them;
        its file keeps them (``ui.autosave_setup.REDO_KEY``), and Continue gives Redo them back.  Only
        starting another game from its New game drops them (``_start_chosen``)."""
        return bool(self.history or self.redo_stack) and not self.is_over()

    def _kept(self) -> bool:
        """Whether the game being left stays in the Continue list (the window then says so, and
        how to take it up from where the player goes).  A watched game, or one where only the
        computer moved, is kept too but listed under Saved games (``_kept_elsewhere``)."""
        return self._kept_on_disk() and worth_continuing(self.recorder.record)

    def _kept_on_disk(self) -> bool:
        """Whether the unfinished game being left has its file: not where it failed to be written,
        nor a record played on with nothing played in it (``SceneRecorder.untouched_copy``), which
        the saved game it copies holds: leaving said it was kept for Continue, and Continue listed
        a copy nothing was played in."""
        return self.unfinished() and self.recorder.on_disk and not self.recorder.autosaver.failed

    def _kept_elsewhere(self) -> bool:
        """Whether the game being left is kept but not offered by Continue: Saved games lists it
        (leaving a watched game said the Continue button would take it up, which it no longer does)."""
        return self._kept_on_disk() and not worth_continuing(self.recorder.record)

    def _warn_unsaved(self) -> bool:
        """Whether leaving waits for a second request: the first time the player leaves an
        unfinished game whose last autosave failed, the window says so instead (the game would not
        be in the Continue list), and Save can still write it elsewhere.  The writes still under
        way are waited for first: whether the last one failed is known then; one still under way
        after that wait (a disk that hangs) is said too: closing the window then lost the moves
        unsaid.  A game that ended so is warned of too: its end is written by the same autosave,
        and leaving it (the result card's Menu, Rematch, New game, closing the window) lost it
        unsaid, its file left with the moves of before the failure, which Continue then offered as
        unfinished.  Said again once the game has changed since (``_left_as``): warned mid-game, the
        players played on to the end, and that end went unsaid."""
        written = self.recorder.settle(self)
        ended = self.is_over()
        if not (self.unfinished() or ended) or self._warned_unsaved == self._left_as():
            return False
        if not written:
            said = _("The last moves of this game are still being written to a slow disk: wait a moment, or "
                     "leave again to go without them")
        elif self.recorder.autosaver.failed:
            said = self._unsaved_words(ended)
        else:
            return False
        self._warned_unsaved = self._left_as()
        self.messages.add(said, "warn", duration=10.0)
        return True

    def _unsaved_words(self, ended: bool) -> str:
        """What leaving a game whose last autosave failed loses, and what keeps it: Save (Ctrl+S)
        where the saved-games folder can be written; else the move list on the clipboard (M),
        which Saved games takes back (Ctrl+V).  A read-only data folder refused Save too, and the
        warning sent the player to it.  Each says it whole in the message lane of an 800x600
        window at Larger text, in either language: the way out at its end was cut off there."""
        if can_write_in(games_dir()):
            if ended:
                return _("The end of this game could not be saved, so Saved games would not have it: "
                         "Save (Ctrl+S) writes a copy; leave again to go without it")
            return _("The last moves of this game could not be saved, so Continue would not have them: "
                     "Save (Ctrl+S) writes a copy; leave again to go without them")
        if ended:
            return _("The end of this game could not be saved, nor by Save: M copies its moves (paste them in "
                     "Saved games); leave again to go without it")
        return _("The last moves of this game could not be saved, nor by Save: M copies its moves (paste them in "
                 "Saved games); leave again to go without them")

    def _left_as(self) -> tuple[int, int, bool]:
        """The game as a warning on leaving it was said (``_warn_unsaved``): its plies, its moves to
        redo and whether it is over; a second request to leave the game so goes without it."""
        return len(self.history), len(self.redo_stack), self.is_over()

    def holds_close(self, behind: bool = False) -> bool:
        """Closing the window waits as leaving for the menu does (``_warn_unsaved``): once, when the
        last moves of the unfinished game could not be saved; not from behind another screen, where
        the game's own messages are not seen."""
        return not behind and self._warn_unsaved()

    def _warn_set_up_unplayed(self) -> bool:
        """Whether leaving waits for a second request: a game from a set-up position (the position
        editor's, a pasted one) with no move on the board is not kept in the Continue list, so one
        Esc threw a position the teacher had typed square by square away unsaid; the window now says
        so first, and how to copy it."""
        if self.setup.start is None or self.history or self.is_over() or self._warned_unsaved == self._left_as():
            return False
        self._warned_unsaved = self._left_as()
        self.messages.add(_("A game from a set-up position is kept once a move is made: Ctrl+C copies the "
                            "position; leave again to go without it"), "warn", duration=10.0)
        return True

    def new_game(self) -> None:
        """The New game screen (Watch, for a watched game) with this game's settings filled in
        (``SetupChoices.take``), to change one or start it as it is with Enter; an unfinished game
        stays in the Continue list.  It started the same game again at once, sides and all: beside
        Rematch (sides exchanged) the result card had two buttons that both just played again, and
        none to choose anything.  Its Back and Esc return to this game as it was left (``_visit``:
        the result card, or the game going on), as from the rules: they went to the main menu, and
        a player who only wanted to look lost the card.  The note that the game is kept tells where
        a file went, so it holds over New game, its help and a game started there
        (``_away_from_this_game``), and goes as Back returns to the game it spoke of: it stood its
        6 s there; and at the first key or click on the form, which it stood over as the player
        chose."""
        if self._warn_unsaved():
            return
        kept, elsewhere = (self._kept(), self._kept_elsewhere()) if self.history else (False, False)  # all taken back: starting another drops it
        self.app.last_setup_choices().take(self.setup)
        self._visit(lambda back: self.app.show_setup(watch=self.setup.mode == PC_VS_PC, game_id=self.game.id,
                                                     start=self._set_up_start(), on_back=back,
                                                     on_start=self._start_chosen))
        if kept:
            self.app.messages.add(_("The unfinished game is kept: Continue it from the main menu"), duration=6.0,
                                  until_input=True, stays=self._away_from_this_game())
        elif elsewhere:
            self.app.messages.add(_("The unfinished game is kept: Saved games lists it"), duration=6.0, until_input=True,
                                  stays=self._away_from_this_game())

    def _away_from_this_game(self) -> Callable[[Any], bool]:
        """``Message.stays`` of a note about this game said as it is left: on every screen but this
        game's own (weakly held: a note's few seconds must not keep a game left for good alive)."""
        game = weakref.ref(self)
        return lambda screen: screen is not game()

    def _start_chosen(self, setup: MatchSetup) -> None:
        """Start the game chosen on the New game screen this game opened: two friends playing the
        same game again carry their session's score on (``SittingScore.carried_to``), as Rematch's
        games do; started afresh, their running score was lost with each game chosen there.  A game
        taken back to its start is dropped then, its moves to redo with it: the person chose to
        start again (left otherwise, it stays in the Continue list: ``unfinished``)."""
        if not self.history and self.redo_stack:
            self.redo_stack.clear()
            self.recorder.forget_taken_back(self)
        self.app.start_game(setup, sitting=self.sitting.carried_to(self.setup, setup))

    def _set_up_start(self) -> GameRecord | None:
        """The position this game started from, as the New game screen takes a pasted one (to play
        from it again); None from the usual start."""
        if self.setup.start is None:
            return None
        return GameRecord.start(self.game, self.recorder.record.players, start_position=self.setup.start)

    def rematch(self) -> None:
        """The same players again at once, sides exchanged (the session's score follows the players);
        its button says so ("Rematch, sides swapped").  Not at once when the end of this game could
        not be saved (``_warn_unsaved``): Rematch dropped it unsaid."""
        if self._warn_unsaved():
            return
        self.computer.cancel()
        self.sitting.exchange(self.setup)
        self.setup = self.setup.swapped()
        self._face_the_human()
        self._reset()
        log_game_started(self)
        self._changed()

    def _face_the_human(self) -> None:
        """Against the computer, the board is seen from the human's side: turned round when they
        play the side a board draws at the top (Alquerque's Black, Rastros' North); the setting
        "Board faces me" (on by default) turns that off."""
        if self.app.settings.face_me and self.view.face(self.setup.human_side()):
            self.messages.add(_("The board is turned round, your side at the bottom: F turns it back"), duration=6.0)

    def turn_board(self) -> None:
        """Turn the board round (key F): the far side at the bottom, and back.  Not while a
        person's pause covers the board (``refused_while_paused``): it turned unseen under the cover."""
        if self.refused_while_paused():
            return
        why = self.view.turn()
        if why:
            self.messages.add(why, "warn")
        else:
            self.recorder.keep_between_moves(self)

    def zoom_board(self, whole: bool | None = None) -> None:
        """Z (``whole`` None: the other of the two) or the mouse wheel over the board: a large
        Trax board shown whole, or its tiles again (``common.zoom_board``, a replay's too).  Not
        while a person's pause covers the board (``refused_while_paused``): it zoomed under the
        cover, the one thing the covered board still did."""
        if self.refused_while_paused():
            return
        zoom_board(self.view, self.messages, whole)

    def wheel_zooms(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over a board that zooms (``BoardView.zoomable``): down shows the whole
        board, up its tiles again.  False elsewhere, where the wheel scrolls the move list."""
        if not self.view.zoomable() or self.mouse.hover is None or not event.y:
            return False
        self.zoom_board(event.y < 0)
        return True

    def wheel_browses(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the board while an earlier position is shown: a move back (up) or
        on (down), on to the live game, as a replay's wheel steps.  It did nothing over the board
        there, and scrolled the move list alone.  False in the live game, where the wheel over the
        board is no step back (a turn of it to scroll the page would leave the game)."""
        if self.browsing is None or self.mouse.hover is None or not event.y:
            return False
        self.browse(self.browsing - event.y)
        return True

    def save_game(self) -> None:
        """Write the game so far to the saved-games folder (it can be replayed and played on from);
        with nothing to save, say so (``refuse``)."""
        if self.refuse(self._why_no_save):
            return
        message, kind = self.recorder.save_copy()
        self.messages.add(message, kind, duration=6.0)

    def open_replay(self) -> None:
        """The finished game in the replay viewer, with the engine's evaluation graph; its Back
        (Esc) returns to this game and its card, as from the rules: it went to the main menu, one
        step too far, and the card's Rematch and the results were gone.  Analysis and Hex's
        connections show there as here (``shown_kept``): the replay began with them off."""
        self._visit(lambda back: self.app.open_replay(self.recorder.record, on_back=back, back_label=N_("Back"),
                                                      shown=self.shown_kept()))

    def back_to_menu(self) -> None:
        """The main menu; an unfinished game stays in the Continue list, and the menu says so by
        its Continue button, in sight there.  Said on the main menu, once shown, it goes with it
        (``Messages.screen_changed``): it followed the player on to Saved games or New game for
        its 6 s, where no Continue is.
        The keyboard starts on that Continue: it came back on Play (or a game's picture), so a
        second Esc in a game (the first hides the board's cursor) and then Enter opened New game,
        and the next Enter started another game instead of going on with this one."""
        if self._warn_unsaved() or self._warn_set_up_unplayed():
            return
        kept, elsewhere = self._kept(), self._kept_elsewhere()
        self.app.show_menu(choose="continue" if kept else None)
        if kept:
            self.app.messages.add(_("The unfinished game is kept: the Continue button takes it up again"), duration=6.0)
        elif elsewhere:
            self.app.messages.add(_("The unfinished game is kept: Saved games lists it"), duration=6.0)

    def toggle_legal(self) -> None:
        """The legal moves' marks on or off; where there are none to switch, L says why."""
        if self.refuse(self._why_no_marks):
            return
        self.show_legal = not self.show_legal

    def toggle_analysis(self) -> None:
        """Analysis mode: every legal move's value on the board, and the eval bar beside it; not
        while a person's pause covers the board (``refused_while_paused``)."""
        if self.refused_while_paused():
            return
        self.analysis.toggle()
        self.resize(self.app.size)  # the eval bar takes room beside the board
        self._remember_watching()
        self.recorder.keep_between_moves(self)

    def toggle_connections(self) -> None:
        """Hex: the virtual connections, dead and captured cells of the position shown (and a legend);
        in another game, says so.  Not while a person's pause covers the board (``refused_while_paused``):
        they were worked out under the cover, where the computer thinks of nothing."""
        if self.refused_while_paused() or self.messages.refuse(self.connections.why_not()):
            return
        self.connections.toggle()
        self.recorder.keep_between_moves(self)

    def open_tree(self) -> None:
        """The search tree explorer on the position shown; Back returns to the game as it was.  Not
        while a person's pause covers the board (``refused_while_paused``), nor on a finished
        game's last position (``_why_tree_at_the_end``)."""
        if self.refused_while_paused() or self.messages.refuse(self._why_tree_at_the_end()):
            return
        self._visit(lambda back: self.app.show_tree(self.game, self.shown_state(), on_back=back,
                                                    turned=self.view.turned, proof=self._shown_proof(),
                                                    hint=self._shown_hint()))

    def _shown_hint(self) -> tuple[Hashable, AIProgress] | None:
        """The hint marked on the board (H) and the search that chose it, for the tree explorer's
        root, which says why where it ranks another move first; None without a hint shown."""
        move, search = self.hint_shown(), self.computer.last_search
        if move is None or search is None or not self.computer.last_search_hint:
            return None
        return move, search

    def analysis_line(self) -> AIProgress | None:
        """Analysis mode's best line of the position shown, saying the proof the eval bar shows
        where its own value is an estimate (``eval_bar.line_with_proof``); None without one.
        Within a drawing (``analysis_line_kept``) worked out at its first call only."""
        kept = self.line_kept
        if kept:
            return kept[0]
        line = self.analysis.best_line()
        if line is not None and line.proven is None:
            line = eval_bar.line_with_proof(line, self.board_side.graph_value(self.graph_points()))
        if kept is not None:
            kept.append(line)
        return line

    @contextlib.contextmanager
    def analysis_line_kept(self) -> Iterator[None]:
        """``analysis_line`` worked out once for the block (a drawing, ``GameScene.draw``), where
        nothing it reads changes: the panel's layout asks for it at each measure of its thinking
        card (whether it says a result, its height, its headline, its lines), some seven times
        a drawing, each going through the evaluation graph for the proof the bar shows.  The
        bar's value (``BoardSide.graph_value``) is kept through the block too."""
        self.line_kept, self.board_side.graph_kept = [], None
        try:
            yield
        finally:
            self.line_kept, self.board_side.graph_kept = None, None

    def _shown_proof(self) -> AIProgress | None:
        """Analysis's proof of the position shown, as its best line says it (``analysis_line``),
        for the tree explorer's root; None where analysis is off, elsewhere or proved nothing."""
        analysed = self.analysis_line()
        here = (tuple(p.text for p in self.history[:self.shown_plies()]), self.game.to_text(self.shown_state()))
        if analysed is None or analysed.proven is None or self.analysis.position != here:
            return None
        return analysed

    def take_over(self) -> None:
        """Take over (C), watching two computers: the "Play from here" form on the position shown,
        open on Human vs PC, the side to move yours against the computer that had the other side.
        Its Start plays on from there, a game of its own (the watched one stays as it was, in
        Saved games); its Back returns to the watched game as it was.  Mid-thought too: the
        search under way is dropped while the form is open (``_visit``).  A watcher who wanted to
        play on from an interesting position had to wait for the end, or leave, for a replay's
        "Play from here"."""
        state = self.shown_state()
        if state.is_terminal():
            self.messages.add(_("The game is over at this move; step back to play on"), "warn")
            return
        whole = self.recorder.record
        record = record_up_to(whole, self.shown_plies(), state)

        def go_on(setup: MatchSetup | None) -> None:
            self.app.continue_record(record if setup is None else record_with_setup(record, setup))

        self._visit(lambda back: self.app.show_play_from(record, whole, on_start=go_on, on_back=back,
                                                         mode=HUMAN_VS_PC))

    def pause_offered(self) -> bool:
        """Whether the game has a Pause: watching two computers, or on a clock with a person in it
        (the phone rings: both clocks stop without hiding the window).  A person's game without a
        clock has nothing to stop."""
        return self.setup.mode == PC_VS_PC or setup_clock(self.setup) is not None

    def paused_with_people(self) -> bool:
        """A clocked game with a person in it, paused: both clocks stand, the board is covered
        (``game_over.PausedCard``) and takes no move, and the computer does not think."""
        return self.paused and self.setup.mode != PC_VS_PC

    def _why_covered(self) -> str:
        """Why what shows the position (analysis, the search tree) waits: a person's pause covers
        the board (the pause's words); "" otherwise.  Their buttons looked as ready as ever over
        the cover, beside a greyed Hint, and a click on one was refused."""
        return self.held_up() if self.paused_with_people() else ""

    def _why_tree_at_the_end(self) -> str:
        """Why T shows no tree: the position shown ends the game, so there is nothing to search
        (``words.TREE_AT_THE_END``, as the replay says); "" otherwise.  It opened a tree of that
        position alone, titled "depth 4", whose Depth − built it again at each depth."""
        return _(words.TREE_AT_THE_END) if self.shown_state().is_terminal() else ""

    def _why_no_tree(self) -> str:
        """Why the Search tree button is greyed: a person's pause, or the game's end shown."""
        return self._why_covered() or self._why_tree_at_the_end()

    def refused_while_paused(self) -> bool:
        """True, saying why (the pause's words, as a click on the cover is answered), while a
        clocked game with a person in it is paused: what shows or hands out the position the
        cover hides, the search tree, analysis, a picture or a copy of the moves, waits for
        Resume.  The tree (T) showed the whole board over the paused game, so a player could
        think on both clocks' stopped time."""
        if not self.paused_with_people():
            return False
        self.messages.add_instead(self.held_up(), topic=REFUSAL)
        return True

    def toggle_pause(self) -> None:
        """Pause, or go on.  A watched game waits before its next move (Step plays one).  A clocked
        game with a person in it: ``_pause_the_clocks``.  A person's game without a clock, or
        over, says why it pauses nothing."""
        if self.refuse(self._why_no_pause):
            return
        self.paused = not self.paused
        self.last_move_time = time.monotonic() - SPEEDS[self.speed][1]
        if self.setup.mode != PC_VS_PC:
            self._pause_the_clocks()

    def _pause_the_clocks(self) -> None:
        """A person's Pause or Resume: the clocks stop or run from now (``_run_clock``); pausing
        drops the computer's search under way (a hint's and a draw offer's too: nobody thinks on
        the clocks' time), asked again on Resume (``_ask_again``).  Both clocks as they stand are
        saved with the pause, so a game left, or its window killed, while paused comes back paused
        with them (``ui.clocks.PAUSED_KEY``)."""
        if self.paused:
            self.back_to_game()  # the cover hides the live game: no earlier position stays shown under it
            computer = self.computer
            self.asked_on_resume = computer.job_kind if computer.job is not None else ""
            computer.drop_search()
            self.notes_aside = (self.state, self.messages.set_aside(POSITION_NOTES))
        else:
            self.messages.withdraw(REFUSAL)  # "Paused: ..." said to a click meanwhile
            self._bring_notes_back()
        self._run_clock()
        self.recorder.keep_clocks(self)
        if not self.paused:
            self._ask_again()

    def _bring_notes_back(self) -> None:
        """On Resume, the notes the Pause set aside (a hint's move, the computer's forced tiles), on
        the screen again for their whole time: unless the game left the position they speak of
        meanwhile (an Undo while paused)."""
        paused_on, notes = self.notes_aside
        self.notes_aside = (None, [])
        if paused_on is self.state:
            self.messages.bring_back(notes)

    def _ask_again(self) -> None:
        """On Resume, the search the Pause dropped that nothing else asks again: the hint H asked
        for (Resume forgot it: no hint, and no word of it) and the level's answer to the person's
        draw offer (it went on searching under the cover, and the game could end drawn while both
        clocks stood).  None once the position changed meanwhile (``GameScene._changed``)."""
        asked, self.asked_on_resume = self.asked_on_resume, ""
        if asked == "hint":
            self.request_hint()
        elif asked == "draw" and self._offer_to_the_computer():
            self._ask_the_computer(1 - self.draw_offer)

    def step(self) -> None:
        """Step (S) pauses a PC vs PC game; paused, it plays one move of it."""
        if not self.paused:
            self.paused = True
            return
        self.computer.step()

    def step_speed(self, step: int) -> None:
        """A PC vs PC game's pace one faster (``step`` 1: the + key, the Speed button's right
        half) or slower (-1), stopping at Max and at Slow with a word (``stepped_speed``): the
        keys and the button's halves alike, as the keys page says."""
        speed, at_the_end = stepped_speed(self.speed, step)
        if self.messages.refuse(at_the_end):
            return
        self.speed = speed
        self.recorder.keep_between_moves(self)
        self._remember_watching()

    def _remember_watching(self) -> None:
        """A watched game's speed and analysis, kept as the next watched game's (this session's
        and the next: ``SetupChoices.watch_speed``, ``watch_analysis``): a watcher who set Fast
        with analysis on expects the next game chosen from New game to go on so, as Rematch's
        does.  A game against the computer leaves them be: its analysis is not a watcher's."""
        if self.setup.mode != PC_VS_PC:
            return
        choices = self.app.last_setup_choices()
        choices.watch_speed, choices.watch_analysis = self.speed, self.analysis.active
        self.app.keep_setup_choices()

    def _says_game_over(self) -> bool:
        """True, with a warning that says why, once the game is over (``refuse``): Offer draw has
        no game to offer drawn."""
        return self.messages.refuse(_("The game is over") if self.is_over() else "")

    def request_hint(self) -> None:
        """The hint's search (H), on a person's turn; otherwise why not (``refuse``).  It is the
        game's position's hint, so an earlier position looked at gives way to the game, as Step's
        does: H there said "Hint: a1 (proven: you win in 3 plies)" of the game, unmarked, over a
        board whose a1 analysis showed "=", O's to play."""
        if self.refuse(self._why_no_hint) or self.computer.job is not None:
            return
        if self.browsing is not None:
            self.back_to_game()
        self.hint = None
        self.computer.think("hint", self.state.to_move, HINT_PLAYER, min(self.setup.move_time, 2.0))

    def drop_hint(self) -> None:
        """Take back the hint H asked for: its search stopped, or its mark and message gone (H that
        began a move typed on the board, "h3": the hint asked at once is not the one wanted)."""
        if self.computer.job is not None and self.computer.job_kind == "hint":
            self.computer.cancel()
        self.hint = None
        self.messages.withdraw(HINT_NOTE)
        self.invalidate()
