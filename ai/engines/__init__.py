"""One module per game: its evaluation and its table of players (levels and named players)."""
