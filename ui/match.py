"""What a game to be played is: the game and its options, who plays each side (and the humans'
names), the time per move and the game clock.

The menus produce a ``MatchSetup``; the game scene consumes it.  It is plain data (JSON-ready via
``to_dict``/``from_dict``) so saved games and replays can store it later.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import ai
import games
from ui.i18n import N_, _
from ui.names import clean_name

HUMAN_VS_PC, HOTSEAT, PC_VS_PC = "human-pc", "hotseat", "pc-pc"
MODES = ((HUMAN_VS_PC, N_("Human vs PC")), (HOTSEAT, N_("Hot-seat")), (PC_VS_PC, N_("PC vs PC")))


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

    def is_human(self, side: int) -> bool:
        return self.players[side] is None

    def human_side(self) -> int | None:
        """The human's side in Human vs PC (None in the other modes)."""
        if self.mode != HUMAN_VS_PC:
            return None
        return 0 if self.players[0] is None else 1

    def player_label(self, side: int) -> str:
        """A human's name, "You" or "Player 1", or the computer player's title ("Level 3", "Basilio")."""
        from ui.words import player_title

        pid = self.players[side]
        if pid is None:
            if self.names[side]:
                return self.names[side]
            return _("You") if self.mode == HUMAN_VS_PC else _("Player {n}").format(n=side + 1)
        if ai.is_outside_player(pid):
            from ui.outside_players import short

            return short(pid)  # "alunos.py:jogador42": its file without the folder
        for p in ai.catalog(self.game_id):
            if p.id == pid:
                return player_title(p.title)
        return pid

    def swapped(self) -> MatchSetup:
        """The rematch: the same players with sides exchanged (the names go with them)."""
        return replace(self, players=(self.players[1], self.players[0]), names=(self.names[1], self.names[0]))

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
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchSetup:
        players = tuple(data.get("players", (None, "level-3")))
        names = data.get("names")
        pair = (clean_name(names[0]), clean_name(names[1])) if isinstance(names, list) and len(names) == 2 else ("", "")
        return cls(data["game"], dict(data.get("options", {})), data.get("mode", HUMAN_VS_PC),
                   (players[0], players[1]), float(data.get("move_time", 1.0)), data.get("seed"),
                   data.get("clock"), data.get("start"), pair)
