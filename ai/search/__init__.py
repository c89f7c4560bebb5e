"""Generic searches over the game contract: alpha-beta, Monte Carlo tree search, classic minimax."""
