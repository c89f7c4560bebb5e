"""A game's reason naming its players by their names, not their ids: ``ids_named``.

A referee's forfeit names the player by its id ("O forfeits: tests/data/outside/raiser.py
crashed …"), and so does a withdrawal ("annulled: bots/eva.py withdrew …").  The window's cards
and lists, the command line's match lines and a tournament's FILE.csv all say the name the tables
give ("O forfeits: raiser crashed …"); the window had its own rule (``ui.words``), which the
command line could not import.  Only the reason's player slot is renamed: the same words further
on, a bot's "(at raiser.py line 3)" or its log's path, are the bot's own and stay.  Standard
library only: the window imports it while it starts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# where a reason names a player, just before the player's id (ai.referee.Loss.reason, ai.tournament)
PLAYER_SLOTS = (" forfeits: ", "annulled: ")


def ids_named(reason: str, names: Iterable[tuple[str, str]]) -> str:
    """``reason`` (English, as recorded) with the player it names (a reason names one, in a
    ``PLAYER_SLOTS`` slot) by its name, from ``names`` (id, name): the first pair whose id stands
    there wins (``sides_named`` puts the loser's first).  Any other reason as it is."""
    for player_id, name in names:
        for slot in PLAYER_SLOTS if player_id and name else ():
            if f"{slot}{player_id} " in reason:
                return reason.replace(f"{slot}{player_id} ", f"{slot}{name} ", 1)
    return reason


def sides_named(reason: str, players: Sequence[str], names: Sequence[str], winner: int | None) -> str:
    """``reason`` of a game between ``players`` (ids, by side) naming its player by ``names`` (the
    same sides' names, ``ids_named``), the loser's first: a file playing itself in a match ("raiser
    #1", "raiser #2") is named as the side that forfeited, not as the first."""
    pairs = list(zip(players, names))
    return ids_named(reason, pairs[::-1] if winner == 0 else pairs)


NO_SUCH_FILE = "no such file"  # an outside player's file not there: "no such file PATH" (``ai.outside.no_file``)


def file_named_once(named: str, reason: str) -> str:
    """``reason`` (why a player could not be loaded) as said after ``named``, the player as the
    sentence names it ("X could not be loaded: REASON", "X: REASON"): a missing file's "no such
    file PATH" is "no such file" where ``named`` is that path, or that path and a player in it
    (``bot.py:Careful``, ``bot.py:*``).  The command line said "nothere.py could not be loaded: no
    such file nothere.py", as if two files were meant; a path other than the one named (a
    title's file, an absolute path) is news, and stays; what follows the path ("; did you mean
    bots/aluno.py?", ``ai.outside.no_file``) stays too."""
    if not reason.startswith(f"{NO_SUCH_FILE} "):
        return reason
    missing, sep, hint = reason.removeprefix(f"{NO_SUCH_FILE} ").partition("; ")  # "; did you mean ..."
    if named == missing or named.startswith(f"{missing}:"):
        return NO_SUCH_FILE + sep + hint
    return reason
