"""How a kept game is said in the lists (Continue, Saved games) and their messages: its players,
how it stands or how it ended, and its date (``describe``, ``described_parts``,
``record_date_text``, ``ended_as``), in the player's language.

No pygame here: the autosave is plain file work.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from ai.reason_names import sides_named
from ai.referee import clock_of
from games.record import GameRecord
from ui import words
from ui.autosave_setup import kept_redo, setup_dict_for_record
from ui.i18n import _, date_text, given_date_text
from ui.parts import join_parts


def describe(record: GameRecord) -> tuple[str, str]:
    """Two lines naming an unfinished game: "Reversi: You vs Level 3" and "12 moves · 2026-11-24
    09:41", with the options that are not the game's usual ones ("· Board size: 19")."""
    title, parts = described_parts(record)
    return title, join_parts(parts)


def described_parts(record: GameRecord) -> tuple[str, list[str]]:
    """``describe``'s first line, and its second in its parts (the moves and date first, the moves
    to redo, then a set-up start and each unusual option): a row short of room leaves out whole parts.  Where an
    option that makes the board (``Option.board``) is unusual, the board's other options are said
    with it: a 19x3 tic-tac-toe row read "Width: 19 · In a row to win: 5", its height left out as
    the usual 3, and a player could not tell that board from 19x19."""
    from ui.i18n import ngettext
    from ui.words import option_text

    try:
        import games

        info = games.info(record.game_id)
        name = info.title
        unusual = {o.name for o in info.options if o.name in record.options and record.options[o.name] != o.default
                   and not (o.start_only and record.start_position is not None)}
        other_board = any(o.board and o.name in unusual for o in info.options)
        unusual_said = [option_text(o, record.options.get(o.name, o.default), info.id) for o in info.options
                        if o.name in unusual or (other_board and o.board)]
    except ValueError:
        name, unusual_said = record.game_id, []

    a, b = player_names(record)
    when = record_date_text(record)
    # moves, as the game's panel counts them ("12 moves"): each one a player's turn
    second = ngettext("{n} move · {date}", "{n} moves · {date}", len(record.moves)).format(n=len(record.moves), date=when)
    start = [_("from a set-up position")] if record.start_position is not None else []
    return _("{game}: {first} vs {second}").format(game=_(name), first=a, second=b), [
        second, *redo_said(record), *start, *unusual_said]


def redo_said(record: GameRecord) -> list[str]:
    """The moves Undo had taken back as ``record``'s game was left, that Redo plays again once it
    is continued ("6 moves to redo"); [] for none.  A game taken back to its start read "0 moves"
    in the Continue list, as if nothing was played in it."""
    from ui.i18n import ngettext

    n = len(kept_redo(record.setup))
    return [ngettext("{n} move to redo", "{n} moves to redo", n).format(n=n)] if n else []


def where_it_stands(record: GameRecord, position: Any = None) -> list[str]:
    """The Continue row's words for where ``record``'s unfinished game stands, in the game screen's
    words: whose turn it is in ``position``, its last position where the list has replayed it
    (``ui.scenes.row_pictures.replayed_position``, off the window's frames; left out until then),
    ("Black to move", the side as the panel names it: ``words.side``) and its clock ("clock 5 min
    + 3 s", as New game's Clock choice reads: ``ui.clocks.choice_label``), each left out where there
    is none.  The list said neither: a player came back to a clocked game not knowing it ran, nor
    whose move."""
    import games
    from ui.clocks import choice_label

    said = []
    if position is not None and not position.is_terminal():
        said.append(_("{side} to move").format(side=words.side(games.info(record.game_id), position.to_move)))
    clock = record.setup.get("clock")
    if clock_of(clock) is not None:
        said.append(_("clock {clock}").format(clock=choice_label(clock)))
    return said


def record_date_text(record: GameRecord, named: bool = True, day: bool = False) -> str:
    """When ``record``'s game was played, as Saved games, Continue and the replay's panel all say
    it, named for which date it is: a finished game's end ("Ended 2026-11-24 09:41"), an
    unfinished game's last change ("Last played ..."), or, for a finished game whose file gave
    one date alone, to the day or less (SGF's ``DT``), that date, its start ("Started 2003-05").  A game whose moves
    were copied from another (Play from here, a pasted move list, a game continued) is dated by
    its own end, not by the start its copied moves keep.  A game dated as the file it was read
    from gave its date is said as that date (``GameRecord.date_shown``: "2003-05", a DT[2003-05]
    read as the first of May at midnight before).  ``named`` False: the date alone, where a
    narrow panel has no room for its name; ``day``: to the day, without the time of day, where
    it has no room for that either (a file's date keeps what it gave)."""
    if record.date_shown() is not None:
        when = given_date_text(record.date_shown())
    else:
        try:
            moment = datetime.fromisoformat(record.updated).astimezone()
            when = given_date_text(moment.date().isoformat()) if day else date_text(moment)
        except ValueError:
            when = record.updated
    if not named:
        return when
    if not record.is_finished():
        return _("Last played {date}").format(date=when)
    if record.updated == record.started and record.date_given is not None:  # a file's one date: its start
        return _("Started {date}").format(date=when)
    return _("Ended {date}").format(date=when)


def player_names(record: GameRecord) -> tuple[str, str]:
    """The two players of ``record`` as the lists name them (``describe``): each one's title, or
    its side's name where the record names no player."""
    from ui.words import player_or_side

    a, b = (player_or_side(p.title, side) for p, side in zip(record.players, sides_of(record)))
    return a, b


def sides_of(record: GameRecord) -> tuple[str, str]:
    """The names of the sides of ``record``'s game ("X", "O"); "" each for a game this install lacks."""
    try:
        import games

        return games.info(record.game_id).sides
    except ValueError:
        return "", ""


def hotseat_names(record: GameRecord) -> tuple[str, str]:
    """The names the friends of a hot-seat game gave on the New game screen, as its record keeps
    them (its players' titles); "" for a side given none ("Player 2" is no name), and both "" in a
    game of another mode, whose "You" is no name either: the result card names neither.  A game
    read from a file (an SGF's or GGF's ``PB``/``PW``, a move list's names) keeps no New game
    screen's names: its players' titles are them (``named_in_file``)."""
    setup = setup_dict_for_record(record)
    names = setup.get("names")
    if setup["mode"] == "hotseat" and "names" not in record.setup:
        return named_in_file(record)
    if setup["mode"] != "hotseat" or not isinstance(names, list) or len(names) != 2:
        return "", ""
    first, second = (player.title if name else "" for player, name in zip(record.players, names))
    return first, second


UNNAMED_TITLES = re.compile(r"Player \d+|You|")  # a side given no name: a pasted position's, a move list's of "You"


def named_in_file(record: GameRecord) -> tuple[str, str]:
    """The names of the two people a game read from a file says played it ("Shumacher" of
    ``PW[Shumacher]``); "" for a side the file names by no one ("Player 2", the side's own
    colour) or that a computer played."""
    sides = sides_of(record)
    first, second = ("" if player.id is not None or UNNAMED_TITLES.fullmatch(player.title) or player.title == side
                     else player.title for player, side in zip(record.players, sides))
    return first, second


def names_a_game(record: GameRecord) -> bool:
    """Whether ``record`` is a game someone played, not a position alone: it names a player (a
    person, ``named_in_file``, or a computer) or how it ended.  A pasted position names neither."""
    return record.is_finished() or any(side.id is not None for side in record.players) or any(named_in_file(record))


def ended_as(record: GameRecord) -> str:
    """How ``record``'s game ended, in the window's language, as its result card said it
    (``ui.words.named_end_reason``): "João (O) resigns" where the friend who resigned has a name,
    else led by the winner's name (``ui.words.won_by``): "Basilio wins (South reached 8-1)";
    "Unfinished game" for a record with no result.  The Saved games row and the replay's panel
    both say it so: the panel still read "O resigns" under a named card."""
    if record.result is None:
        return _("Unfinished game")
    reason, sides = record.result.reason, sides_of(record)
    said = words.named_end_reason(reason, sides, hotseat_names(record))
    if said != words.end_reason(reason):  # a person named already: "João (O) resigns"
        return said
    names = player_names(record)
    ids = [p.id or "" for p in record.players]
    said = words.end_reason(sides_named(reason, ids, names, record.result.winner))
    return words.won_by(said, record.result.winner, sides, names)


def ended_briefly(record: GameRecord) -> str:
    """How ``record``'s game ended in the fewest words: who won ("Level 5 wins", "Blue wins" where
    the record names no player), "Draw", or "Unfinished game"; a Saved games row says it where
    ``ended_as``'s reason does not fit ("Nível 5 ganha (Azul ligou a margem es…" at Larger text)."""
    if record.result is None:
        return ended_as(record)
    winner, sides = record.result.winner, sides_of(record)
    if winner is None:
        return _("Draw")
    if not sides[winner]:  # a game this install lacks: no side to name
        return ended_as(record)
    return words.won_by(_("{side} wins").format(side=_(sides[winner])), winner, sides, player_names(record))
