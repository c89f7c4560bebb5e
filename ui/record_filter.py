"""What the Saved games screen's filter keeps of its list: the rows of one game, and those where a
player's name or the opening's (Othello's "Tiger") holds the text typed in its search field,
whatever the case and the accents ("joao" finds "João", "ANA" finds "Ana").  No pygame here: the screen (``ui.scenes.records``)
draws the controls, this says which rows stay, and how the choice is kept in the settings
(``settings.records_filter``, read leniently: a value it cannot use is the empty filter).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any


def folded(text: str) -> str:
    """``text`` as the search compares it: without accents and case ("João" -> "joao")."""
    parts = unicodedata.normalize("NFKD", text)
    return "".join(c for c in parts if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class RecordFilter:
    """The game chosen ("": every game) and the text searched in the players' and the opening's names ("": any)."""

    game: str = ""
    text: str = ""

    @property
    def active(self) -> bool:
        """Some rows may be left out."""
        return bool(self.game or self.text.strip())

    def keeps(self, game_id: str, names: str) -> bool:
        """Whether a row of ``game_id`` whose players' and opening's names, ``folded``, one a line,
        are ``names`` is shown."""
        if self.game and game_id != self.game:
            return False
        return folded(self.text.strip()) in names

    def to_settings(self) -> dict[str, str]:
        return {"game": self.game, "text": self.text}

    @classmethod
    def from_settings(cls, value: Any, game_ids: list[str]) -> RecordFilter:
        """The filter kept in the settings; a game no longer installed, or a value of another
        form (a hand-edited file: a text with a control character, which the search field cannot
        draw), is left out."""
        if not isinstance(value, dict):
            return cls()
        game, text = value.get("game"), value.get("text")
        return cls(game if game in game_ids else "", text if isinstance(text, str) and text.isprintable() else "")
