"""What a game to be played is: the game and its options, who plays each side (and the humans'
names), the time per move and the game clock.

The menus produce a ``MatchSetup``; the game scene consumes it.  It is plain data (JSON-ready via
``to_dict``/``from_dict``) so saved games and replays can store it later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import ai
import games
from ai.referee import clock_of
from ui.i18n import N_, _
from ui.names import clean_name

HUMAN_VS_PC, HOTSEAT, PC_VS_PC = "human-pc", "hotseat", "pc-pc"
MODES = ((HUMAN_VS_PC, N_("Human vs PC")), (HOTSEAT, N_("Hot-seat")), (PC_VS_PC, N_("PC vs PC")))


def computer_title(game_id: str, player_id: str, translated: bool = True) -> str:
    """A computer player of ``game_id`` as the screens name it: a level by its catalog title
    ("Level 3", in the window's language unless not ``translated``), an outside player as New
    game offers it (``ui.outside_players.title``), anything else by its id.  Shared by the game
    screens (``MatchSetup.player_label``) and the results file's problems (``ui.tally``)."""
    from ui.words import player_title

    if ai.is_outside_player(player_id):
        from ui.outside_players import title

        return title(game_id, player_id)
    for p in ai.catalog(game_id):
        if p.id == player_id:
            return player_title(p.title) if translated else p.title
    return player_id


@dataclass(frozen=True)
class MatchSetup:
    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    mode: str = HUMAN_VS_PC
    players: tuple[str | None, str | None] = (None, "level-3")  # None: a human plays that side
    move_time: float = 1.0
    seed: int | None = None
    clock: str | None = None  # both sides' game clock as ai.referee.GameClock text ("5m+3s"); None: no clock
    start: str | None = None  # the position the game starts from (Game.to_text); None: the usual start
    names: tuple[str, str] = ("", "")  # the humans' names (Hot-seat; Settings' "Your name"); "": "Player 1", "You"
    # outside players' titles as the New game screen offered them ("varios:Crasher"); "": found
    # from the players checked in this session (ui.outside_players.title), else the id without its folder
    titles: tuple[str, str] = ("", "")

    def is_human(self, side: int) -> bool:
        return self.players[side] is None

    def human_side(self) -> int | None:
        """The human's side in Human vs PC (None in the other modes)."""
        if self.mode != HUMAN_VS_PC:
            return None
        return 0 if self.players[0] is None else 1

    def player_label(self, side: int, translated: bool = True) -> str:
        """A human's name, "You" or "Player 1", or the computer player's title ("Level 3", "Basilio");
        in English with ``translated=False``, as records keep them (each window shows a record's
        "Level 3" in its own language, where a stored "Nível 3" stayed Portuguese in English)."""

        def said(text: str) -> str:
            return _(text) if translated else text

        pid = self.players[side]
        if pid is None:
            if self.names[side]:
                return self.names[side]
            return said(N_("You")) if self.mode == HUMAN_VS_PC else said(N_("Player {n}")).format(n=side + 1)
        if ai.is_outside_player(pid) and self.titles[side]:
            from ui.outside_players import kept_title

            # "Aluno 42 (alunos)", as New game offers it and the tables name it; an older save's
            # "Aluno 42 (alunos.py)" named so too
            return kept_title(pid, self.titles[side])
        return computer_title(self.game_id, pid, translated)

    def label_in(self, said: str) -> str:
        """The longer of the players' labels (``player_label``) that ``said`` names, "" if none: the
        part a text fitter cuts first (``ui.text.fit_inside``), an engine's long command before
        the words around it ("…: a preparar o motor…") or the seconds of its search."""
        labels = sorted((self.player_label(side) for side in (0, 1)), key=len, reverse=True)
        return next((label for label in labels if label in said), "")

    def swapped(self) -> MatchSetup:
        """The rematch: the same players with sides exchanged (the names go with them)."""
        return replace(self, players=(self.players[1], self.players[0]), names=(self.names[1], self.names[0]),
                       titles=(self.titles[1], self.titles[0]))

    def make_game(self) -> games.Game:
        return games.load(self.game_id, **self.options)

    def first_state(self, game: games.Game) -> games.State:
        """The position the game starts from: ``start`` (a pasted position) or the usual start."""
        return game.from_text(self.start) if self.start is not None else game.initial_state()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "options": dict(self.options), "mode": self.mode,
            "players": list(self.players), "move_time": self.move_time, "seed": self.seed,
            "clock": self.clock, **({"start": self.start} if self.start is not None else {}),
            **({"names": list(self.names)} if any(self.names) else {}),
            **({"titles": list(self.titles)} if any(self.titles) else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSetup:
        """The setup a record or the settings keep; a field that is not what it should be (a file
        edited by hand: ``"move_time": "fast"``, a seed of 1.5) takes its usual value, so the game
        still opens (the game and its options are the record's own checks)."""
        raw = data.get("players")
        players = tuple(raw) if isinstance(raw, (list, tuple)) and len(raw) == 2 and all(
            p is None or isinstance(p, str) for p in raw) else (None, "level-3")
        names = data.get("names")
        pair = (clean_name(names[0]), clean_name(names[1])) if isinstance(names, list) and len(names) == 2 else ("", "")
        humans = sum(p is None for p in players)
        usual_mode = HOTSEAT if humans == 2 else PC_VS_PC if humans == 0 else HUMAN_VS_PC
        mode = data.get("mode") if data.get("mode") in (m for m, _label in MODES) else usual_mode
        move_time = data.get("move_time")
        if isinstance(move_time, bool) or not isinstance(move_time, (int, float)) or not 0 < move_time < math.inf:
            move_time = 1.0
        seed = data.get("seed")
        seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
        clock = data.get("clock") if clock_of(data.get("clock")) is not None else None
        start = data.get("start") if isinstance(data.get("start"), str) else None
        raw_titles = data.get("titles")
        titles = (str(raw_titles[0])[:80], str(raw_titles[1])[:80]) if isinstance(raw_titles, list) and len(
            raw_titles) == 2 and all(isinstance(t, str) for t in raw_titles) else ("", "")
        options = data.get("options")
        return cls(data["game"], dict(options) if isinstance(options, dict) else {}, mode,
                   (players[0], players[1]), float(move_time), seed, clock, start, pair, titles)
