"""What a game's record keeps of its setup beside the moves, and how each part is read back: a
record made for the window's ``MatchSetup`` (``record_for_setup``, ``setup_dict_for_record``),
and the keys the autosave adds for Continue (a hot-seat session's score, a PC vs PC game's pace,
what the screen showed, draw offers standing and refused, the moves Undo took back), each read
back with a check, so that a file edited by hand gives the game without it rather than an error.

No pygame here: the autosave is plain file work.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.record import GameRecord, Side
from ui.clocks import LEFT_KEY, PAUSED_KEY, READINGS_KEY, readings_in

SESSION_KEY = "session"  # a hot-seat or watched game's: the players' score over the session's games before it (ui.sitting)
SPEED_KEY = "speed"  # a PC vs PC game's pace (an index into ui.scenes.game_computer.SPEEDS)
SHOWN_KEY = "shown"  # what the game's screen showed as it was left: each of ``SHOWN_PARTS`` (``kept_shown``)
# analysis mode, Hex's connections overlay, the board turned round, the player playing by the
# keyboard (the panel names its keys: ``GameScene.keyboard_play``) and the board's cursor shown
SHOWN_PARTS = ("analysis", "connections", "turned", "keyboard", "cursor")
# a game against a level: its own draw offer standing as the game was left ({"side", "ply", "certain"})
# and its last refused offer ([ply, pieces taken]), for Continue (``kept_level_offer``)
LEVEL_OFFER_KEY, LEVEL_DECLINED_KEY = "level_draw_offer", "level_draw_declined"
# a hot-seat game: the side whose draw offer the other friend declined, and the ply then
# ([side, ply]): that friend offers again only after a move (``kept_friend_refusal``)
FRIEND_DECLINED_KEY = "friend_draw_declined"
# an unfinished game's moves Undo took back, in the order Redo plays them again (``kept_redo``),
# and in a clocked game both clocks after each of them (``kept_redo_clocks``)
REDO_KEY = "redo"
REDO_CLOCKS_KEY = "redo_clocks"
# a record read from the clipboard (``ui.paste``): a watched game played on from it starts paused
# "at the position given", not "where the game was left" (``is_pasted``); a game's own autosave
# does not keep it, so Continue says where it was left
PASTED_KEY = "pasted"


def record_for_setup(setup: Any, begun: GameRecord | None = None) -> GameRecord:
    """A new record for a ``ui.match.MatchSetup`` (duck-typed: no import of the window's modules).
    ``begun``: the record the game plays on (a replay's Play from here), whose start it keeps, as
    a file gave it: its first part was played then, the rest now (``GameRecord.played_on``), taken
    up now (``resumed``: your results count it as a game of its own); it was dated today
    throughout, and its file's date was lost."""
    game = setup.make_game()
    sides, extra = _sides_and_setup(setup)
    record = GameRecord.start(game, sides, extra, start_position=setup.start)
    if begun is not None:
        record = replace(record, started=begun.started, date_given=begun.date_given, resumed=record.started)
    return record


def _sides_and_setup(setup: Any) -> tuple[tuple[Side, Side], dict[str, Any]]:
    """A setup's players as a record names them and what the record's ``setup`` keeps of it."""
    sides = (Side(setup.players[0], setup.player_label(0, translated=False)),
             Side(setup.players[1], setup.player_label(1, translated=False)))
    return sides, {k: v for k, v in setup.to_dict().items() if k not in ("game", "options", "players", "start")}


def record_with_setup(record: GameRecord, setup: Any) -> GameRecord:
    """``record`` (its start, options and moves) to be played on by ``setup``'s players in its mode
    ("Play from here" taking a side over, or hot-seat): the record names the new players, so the
    game, its autosave and its saved record hold the moves before with the sides now playing.  The
    clock readings stay while the clock does; without a clock they go."""
    sides, extra = _sides_and_setup(setup)
    dropped = {"names", "titles"} | (set() if setup.clock is not None
                                     else {READINGS_KEY, LEFT_KEY, PAUSED_KEY, REDO_CLOCKS_KEY})
    kept = {k: v for k, v in record.setup.items() if k not in dropped}
    return replace(record, players=sides, setup={**kept, **extra})


def kept_level_offer(setup: dict[str, Any], plies: int) -> tuple[tuple[int, bool] | None, tuple[int, int] | None]:
    """A continued game's level's draw offer standing after its ``plies`` moves (its side, and
    whether it stands on the rules), and its last refused offer (the ply and pieces taken then),
    as the record's ``setup`` keeps them (``GameAutosaver.level_offer``); None for what it does not
    keep, or keeps malformed (a hand-edited file: the game goes on without it)."""
    offer, declined = setup.get(LEVEL_OFFER_KEY), setup.get(LEVEL_DECLINED_KEY)
    standing = None
    if isinstance(offer, dict) and _is_count(offer.get("ply")) and offer["ply"] == plies and _is_side(offer.get("side")):
        standing = (offer["side"], offer.get("certain") is True)
    refused = None
    if isinstance(declined, list) and len(declined) == 2 and all(map(_is_count, declined)) and declined[0] <= plies:
        refused = (declined[0], declined[1])
    return standing, refused


def kept_friend_refusal(setup: dict[str, Any], plies: int) -> tuple[int, int] | None:
    """A continued hot-seat game's last declined draw offer (the side that offered, the ply then)
    as the record's ``setup`` keeps it (``FRIEND_DECLINED_KEY``); None where it keeps none (a
    record from before it was kept), one from later than its ``plies`` moves, or one malformed."""
    declined = setup.get(FRIEND_DECLINED_KEY)
    if isinstance(declined, list) and len(declined) == 2 and _is_side(declined[0]) and _is_count(declined[1]) \
            and declined[1] <= plies:
        return declined[0], declined[1]
    return None


def _is_count(value: Any) -> bool:
    """Whether a record's ``value`` is a count (a whole number, 0 or more): JSON's ``true`` is not,
    though Python takes it for 1 (``True == 1``, ``True in (0, 1)``), and a hand-edited
    ``"side": true`` came back as the level's offer for the second side."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_side(value: Any) -> bool:
    """Whether a record's ``value`` names a side, 0 or 1 (not ``true`` or ``false``: ``_is_count``)."""
    return _is_count(value) and value < 2


def kept_speed(setup: dict[str, Any], choices: int, usual: int) -> int:
    """The PC vs PC pace a record's ``setup`` keeps (``SPEED_KEY``), one of ``choices`` paces;
    ``usual`` when it keeps none or one that is not a pace (a file edited by hand): a watched game
    continued from the main menu went back to Normal, whatever speed it had been left at."""
    speed = setup.get(SPEED_KEY)
    return speed if _is_count(speed) and speed < choices else usual


def is_pasted(setup: dict[str, Any]) -> bool:
    """Whether a record's ``setup`` says it was read from the clipboard (``PASTED_KEY``)."""
    return setup.get(PASTED_KEY) is True


def kept_shown(setup: dict[str, Any]) -> dict[str, bool]:
    """What a record's ``setup`` says its game's screen showed as it was left (``SHOWN_KEY``):
    each of ``SHOWN_PARTS`` it keeps as true or false, none for a record before it kept them or
    for a part malformed (a file edited by hand); Continue shows the rest as a new game would."""
    shown = setup.get(SHOWN_KEY)
    if not isinstance(shown, dict):
        return {}
    return {part: shown[part] for part in SHOWN_PARTS if isinstance(shown.get(part), bool)}


def setup_dict_for_record(record: GameRecord) -> dict[str, Any]:
    """What ``MatchSetup.from_dict`` needs to set the same game up again (Continue, continue from move n)."""
    data = dict(record.setup)
    players = [p.id for p in record.players]
    data.update({"game": record.game_id, "options": dict(record.options), "players": players,
                 "start": record.start_position})
    if "mode" not in data:  # a record from the command line (match --json), another program's or written by hand
        humans = sum(p is None for p in players)
        data["mode"] = "hotseat" if humans == 2 else "pc-pc" if humans == 0 else "human-pc"
        # its people's names (a HexGui SGF's PB and PW): the window's own records keep theirs in ``names``
        data.setdefault("names", [p.title if p.id is None else "" for p in record.players])
    return data


def without_redo(record: GameRecord) -> GameRecord:
    """``record`` without the moves Undo took back (``REDO_KEY``, ``REDO_CLOCKS_KEY``): kept from
    a file whose moves were cut before the end, they followed moves that are gone."""
    return replace(record, setup={k: v for k, v in record.setup.items() if k not in (REDO_KEY, REDO_CLOCKS_KEY)})


def kept_redo(setup: dict[str, Any]) -> list[str]:
    """The moves Undo had taken back as the game was left (``REDO_KEY``), in the order Redo plays
    them; [] for none, or for a value of another form (a hand-edited file: the game is kept, its
    redo left out).  A move of them the rules refuse ends them (``GameScene``)."""
    texts = setup.get(REDO_KEY)
    if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
        return []
    return list(texts)


def kept_redo_clocks(setup: dict[str, Any]) -> list[tuple[float, float]] | None:
    """Both clocks after each of the moves to redo (``kept_redo``) as the game was left
    (``REDO_CLOCKS_KEY``), in Redo's order: Redo after Continue puts the clocks back as Redo before
    leaving did (without them a redone move set both clocks to their start).  None where none are
    kept (no clock, an older file) or they are malformed or not one a move (a hand-edited file)."""
    readings = readings_in(setup.get(REDO_CLOCKS_KEY))
    return readings if readings is not None and len(readings) == len(kept_redo(setup)) else None
