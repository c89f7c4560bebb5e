"""Words for what the computer is thinking: depth, best move, evaluation, proofs."""

from __future__ import annotations

from ai.base import PROVEN, WIN
from ui.ai_worker import AIProgress


def proven_text(progress: AIProgress, sides: tuple[str, str]) -> str:
    """"proven: South wins in 7" (plies), "proven: draw", or "" when nothing is proven."""
    if progress.proven is None:
        return ""
    if progress.proven == 0:
        return "proven: draw"
    winner = progress.mover if progress.proven > 0 else 1 - progress.mover
    plies = progress.proven_plies
    return f"proven: {sides[winner]} wins" + (f" in {plies}" if plies is not None else "")


def eval_text(progress: AIProgress) -> str:
    """The evaluation for the side to move, in the units of its search."""
    score = progress.score
    if progress.kind == "mcts":
        rate = score * 100 if abs(score) <= 1.0 else score
        return f"{rate:.0f}% win"
    if abs(score) >= PROVEN:
        plies = int(WIN - abs(score))
        return f"{'wins' if score > 0 else 'loses'} in {plies}"
    return f"{score:+.2f}" if abs(score) < 10 else f"{score:+.0f}"


def detail_line(progress: AIProgress, sides: tuple[str, str] | None = None) -> str:
    """"depth 7 · best e4 · eval +0.35 for Black" (the parts that are known)."""
    parts = []
    if progress.kind in ("alphabeta", "solver") and progress.depth:
        parts.append(f"depth {progress.depth}")
    elif progress.kind == "mcts" and progress.nodes:
        parts.append(f"{progress.nodes:,} playouts")
    if progress.best_text:
        parts.append(f"best {progress.best_text}")
    if progress.kind not in ("rule", "book") and (progress.depth or progress.nodes):
        whose = f" for {sides[progress.mover]}" if sides else ""
        parts.append(f"eval {eval_text(progress)}{whose}")
    return " · ".join(parts)


def nodes_text(progress: AIProgress) -> str:
    if not progress.nodes or progress.kind == "mcts":
        return ""
    n = progress.nodes
    count = f"{n / 1e6:.1f}M" if n >= 1e6 else f"{n / 1e3:.1f}k" if n >= 1e3 else str(n)
    return f"{count} nodes"
