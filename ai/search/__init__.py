"""Generic searches over the game contract: alpha-beta, classic minimax, the random player, and the
driver that runs every engine (Hex's Monte Carlo tree search is its own: ai/engines/hex_mcts.py)."""
